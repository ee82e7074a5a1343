//! `xisa run --set-global NAME=PATH` / `--dump-global NAME=PATH` (issue #11):
//! sm_75 `__device__` and `__constant__` variables
//! (`crates/xisa-sm75/tests/cuda/globals.cu`) and gfx942 program-scope
//! variables (`tests/fixtures/globals/globals_gfx942.cl`).

use std::path::{Path, PathBuf};
use std::process::Output;

mod common;

use common::{failure_with, repo, xisa, xisa_with, Scratch};

fn sm75_cubin() -> PathBuf {
    repo("../xisa-sm75/tests/cuda/globals.cubin")
}

fn gfx942_co() -> PathBuf {
    repo("tests/fixtures/globals/globals_gfx942.co")
}

fn ok(out: &Output) {
    common::success(out, "xisa");
}

/// A clean one-line failure (exit 1); returns the message.
fn failure(out: &Output) -> String {
    failure_code(out, 1)
}

/// A clean one-line failure with exit status `code` (2: a usage error).
fn failure_code(out: &Output, code: i32) -> String {
    failure_with(out, "xisa", code)
}

fn i32s(p: &Path) -> Vec<i32> {
    std::fs::read(p)
        .unwrap()
        .chunks_exact(4)
        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// `__constant__ float scale[4]` set from a file: the kernel reads the new
/// values (bank 3), and `--dump-global` writes them back.
#[test]
fn sm75_constant_set_and_dumped() {
    let s = Scratch::new("globals", "const");
    let scale: Vec<u8> = [0.5f32, -3.0, 8.0, 0.25]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    let sf = s.write("scale.bin", &scale);
    let (out, back) = (s.path("out.bin"), s.path("back.bin"));
    for engine in ["jit", "interp"] {
        ok(&xisa_with(
            "run {} --kernel scaled --block 8 --arg zeros:32 --arg i32:1 --set-global scale={} \
             --dump 0={} --dump-global scale={} --engine {}",
            &[&sm75_cubin(), &sf, &out, &back, &engine],
        ));
        let got: Vec<f32> = std::fs::read(&out)
            .unwrap()
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
            .collect();
        let sv = [0.5f32, -3.0, 8.0, 0.25];
        let want: Vec<f32> = (0..8).map(|t| sv[(t + 1) & 3] * sv[1]).collect();
        assert_eq!(got, want, "{engine}");
        assert_eq!(std::fs::read(&back).unwrap(), scale);
    }
}

/// `__device__ int counter` set to 1000: 64 threads take tickets
/// 1000..1064 and the dump holds 1064.
#[test]
fn sm75_device_counter_set_and_dumped() {
    let s = Scratch::new("globals", "counter");
    let c = s.write("c.bin", 1000i32.to_le_bytes());
    let (out, back) = (s.path("out.bin"), s.path("back.bin"));
    ok(&xisa_with(
        "run {} --kernel count --grid 2 --block 32 --arg zeros:256 --set-global counter={} \
         --dump 0={} --dump-global counter={}",
        &[&sm75_cubin(), &c, &out, &back],
    ));
    let mut t = i32s(&out);
    t.sort();
    assert_eq!(t, (1000..1064).collect::<Vec<_>>());
    assert_eq!(i32s(&back), [1064]);
    // The initialised table, dumped without a launch touching it.
    ok(&xisa_with(
        "run {} --kernel count --arg zeros:4 --dump-global table={}",
        &[&sm75_cubin(), &back],
    ));
    assert_eq!(i32s(&back), [3, 1, 4, 1, 5, 9, 2, 6]);
}

/// Wrong sizes, unknown names, malformed options and directories are
/// one-line errors before the launch; no dump file is written.
#[test]
fn errors_name_the_global() {
    let s = Scratch::new("globals", "errors");
    let short = s.write("short.bin", [0; 12]);
    let out = s.path("never.bin");
    let cubin = sm75_cubin();
    let base = common::argv(
        "run {} --kernel scaled --arg zeros:32 --arg i32:0",
        &[&cubin],
    );
    let run = |extra: &str, values: &[&dyn AsRef<std::ffi::OsStr>]| {
        let mut a = base.clone();
        a.extend(common::argv(extra, values));
        xisa(&a)
    };
    let e = failure(&run(
        "--set-global scale={} --dump-global scale={}",
        &[&short, &out],
    ));
    assert!(
        e.contains("scale") && e.contains("12") && e.contains("16"),
        "{e}"
    );
    assert!(!out.exists());
    let e = failure(&run("--dump-global nope={}", &[&out]));
    assert!(
        e.contains("nope") && e.contains("counter") && e.contains("scale"),
        "{e}"
    );
    let e = failure_code(&run("--set-global scale", &[]), 2);
    assert!(e.contains("NAME=PATH"), "{e}");
    let e = failure(&run("--dump-global scale={}", &[&s.dir()]));
    assert!(e.contains("directory"), "{e}");
    let e = failure(&run("--set-global scale={}", &[&s.path("missing")]));
    assert!(e.contains("missing"), "{e}");
}

/// gfx942: `global int counter` (bss) and `global int table[4]` (read
/// only in the kernel, so in .rodata) live in the code object's image,
/// which is placed once per device.
#[test]
fn gfx942_program_scope_globals() {
    let s = Scratch::new("globals", "gfx942");
    let c = s.write("c.bin", 100i32.to_le_bytes());
    let (out, back) = (s.path("out.bin"), s.path("back.bin"));
    for engine in ["jit", "interp"] {
        ok(&xisa_with(
            "run {} --kernel count --block 64 --arg zeros:256 --set-global counter={} \
             --dump 0={} --dump-global counter={} --engine {}",
            &[&gfx942_co(), &c, &out, &back, &engine],
        ));
        let mut t = i32s(&out);
        t.sort();
        assert_eq!(t, (100..164).collect::<Vec<_>>(), "{engine}");
        assert_eq!(i32s(&back), [164], "{engine}");
    }
    let table: Vec<u8> = [40i32, 41, 42, 43]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    let tf = s.write("t.bin", &table);
    ok(&xisa_with(
        "run {} --kernel lookup --block 8 --arg zeros:32 --arg i32:1 --set-global table={} \
         --dump 0={}",
        &[&gfx942_co(), &tf, &out],
    ));
    assert_eq!(i32s(&out), [41, 42, 43, 40, 41, 42, 43, 40]);
    let e = failure(&xisa_with(
        "run {} --kernel lookup --arg zeros:4 --arg i32:0 --dump-global count.kd={}",
        &[&gfx942_co(), &back],
    ));
    assert!(e.contains("counter") && e.contains("table"), "{e}");
}
