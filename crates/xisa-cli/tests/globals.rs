//! `xisa run --set-global NAME=PATH` / `--dump-global NAME=PATH` (issue #11):
//! sm_75 `__device__` and `__constant__` variables
//! (`crates/xisa-sm75/tests/cuda/globals.cu`) and gfx942 program-scope
//! variables (`tests/fixtures/globals/globals_gfx942.cl`).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const XISA: &str = env!("CARGO_BIN_EXE_xisa");

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn sm75_cubin() -> String {
    root()
        .join("../xisa-sm75/tests/cuda/globals.cubin")
        .display()
        .to_string()
}

fn gfx942_co() -> String {
    root()
        .join("tests/fixtures/globals/globals_gfx942.co")
        .display()
        .to_string()
}

/// A scratch directory removed on drop.
struct Scratch(PathBuf);

impl Scratch {
    fn new(tag: &str) -> Scratch {
        let d = std::env::temp_dir().join(format!("xisa-globals-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        Scratch(d)
    }

    fn file(&self, name: &str, data: &[u8]) -> String {
        let p = self.0.join(name);
        std::fs::write(&p, data).unwrap();
        p.display().to_string()
    }

    fn path(&self, name: &str) -> String {
        self.0.join(name).display().to_string()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn xisa(args: &[&str]) -> Output {
    Command::new(XISA).args(args).output().expect("run xisa")
}

fn ok(out: &Output) {
    assert!(
        out.status.success(),
        "xisa failed:\nstdout: {}\nstderr: {}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A clean one-line failure (exit 1); returns the message.
fn failure(out: &Output) -> String {
    failure_code(out, 1)
}

/// A clean one-line failure with exit status `code` (2: a usage error).
fn failure_code(out: &Output, code: i32) -> String {
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(code), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    err
}

fn i32s(p: &str) -> Vec<i32> {
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
    let s = Scratch::new("const");
    let scale: Vec<u8> = [0.5f32, -3.0, 8.0, 0.25]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    let sf = s.file("scale.bin", &scale);
    let (out, back) = (s.path("out.bin"), s.path("back.bin"));
    for engine in ["jit", "interp"] {
        ok(&xisa(&[
            "run",
            &sm75_cubin(),
            "--kernel",
            "scaled",
            "--block",
            "8",
            "--arg",
            "zeros:32",
            "--arg",
            "i32:1",
            "--set-global",
            &format!("scale={sf}"),
            "--dump",
            &format!("0={out}"),
            "--dump-global",
            &format!("scale={back}"),
            "--engine",
            engine,
        ]));
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
    let s = Scratch::new("counter");
    let c = s.file("c.bin", &1000i32.to_le_bytes());
    let (out, back) = (s.path("out.bin"), s.path("back.bin"));
    ok(&xisa(&[
        "run",
        &sm75_cubin(),
        "--kernel",
        "count",
        "--grid",
        "2",
        "--block",
        "32",
        "--arg",
        "zeros:256",
        "--set-global",
        &format!("counter={c}"),
        "--dump",
        &format!("0={out}"),
        "--dump-global",
        &format!("counter={back}"),
    ]));
    let mut t = i32s(&out);
    t.sort();
    assert_eq!(t, (1000..1064).collect::<Vec<_>>());
    assert_eq!(i32s(&back), [1064]);
    // The initialised table, dumped without a launch touching it.
    ok(&xisa(&[
        "run",
        &sm75_cubin(),
        "--kernel",
        "count",
        "--arg",
        "zeros:4",
        "--dump-global",
        &format!("table={back}"),
    ]));
    assert_eq!(i32s(&back), [3, 1, 4, 1, 5, 9, 2, 6]);
}

/// Wrong sizes, unknown names, malformed options and directories are
/// one-line errors before the launch; no dump file is written.
#[test]
fn errors_name_the_global() {
    let s = Scratch::new("errors");
    let short = s.file("short.bin", &[0; 12]);
    let out = s.path("never.bin");
    let base = [
        "run", "--kernel", "scaled", "--arg", "zeros:32", "--arg", "i32:0",
    ];
    let run = |extra: &[&str]| {
        let cubin = sm75_cubin();
        let mut a: Vec<&str> = vec![base[0], &cubin];
        a.extend(&base[1..]);
        a.extend(extra);
        xisa(&a)
    };
    let e = failure(&run(&[
        "--set-global",
        &format!("scale={short}"),
        "--dump-global",
        &format!("scale={out}"),
    ]));
    assert!(
        e.contains("scale") && e.contains("12") && e.contains("16"),
        "{e}"
    );
    assert!(!Path::new(&out).exists());
    let e = failure(&run(&["--dump-global", &format!("nope={out}")]));
    assert!(
        e.contains("nope") && e.contains("counter") && e.contains("scale"),
        "{e}"
    );
    let e = failure_code(&run(&["--set-global", "scale"]), 2);
    assert!(e.contains("NAME=PATH"), "{e}");
    let e = failure(&run(&[
        "--dump-global",
        &format!("scale={}", s.0.display()),
    ]));
    assert!(e.contains("directory"), "{e}");
    let e = failure(&run(&[
        "--set-global",
        &format!("scale={}", s.path("missing")),
    ]));
    assert!(e.contains("missing"), "{e}");
}

/// gfx942: `global int counter` (bss) and `global int table[4]` (read
/// only in the kernel, so in .rodata) live in the code object's image,
/// which is placed once per device.
#[test]
fn gfx942_program_scope_globals() {
    let s = Scratch::new("gfx942");
    let c = s.file("c.bin", &100i32.to_le_bytes());
    let (out, back) = (s.path("out.bin"), s.path("back.bin"));
    for engine in ["jit", "interp"] {
        ok(&xisa(&[
            "run",
            &gfx942_co(),
            "--kernel",
            "count",
            "--block",
            "64",
            "--arg",
            "zeros:256",
            "--set-global",
            &format!("counter={c}"),
            "--dump",
            &format!("0={out}"),
            "--dump-global",
            &format!("counter={back}"),
            "--engine",
            engine,
        ]));
        let mut t = i32s(&out);
        t.sort();
        assert_eq!(t, (100..164).collect::<Vec<_>>(), "{engine}");
        assert_eq!(i32s(&back), [164], "{engine}");
    }
    let table: Vec<u8> = [40i32, 41, 42, 43]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    let tf = s.file("t.bin", &table);
    ok(&xisa(&[
        "run",
        &gfx942_co(),
        "--kernel",
        "lookup",
        "--block",
        "8",
        "--arg",
        "zeros:32",
        "--arg",
        "i32:1",
        "--set-global",
        &format!("table={tf}"),
        "--dump",
        &format!("0={out}"),
    ]));
    assert_eq!(i32s(&out), [41, 42, 43, 40, 41, 42, 43, 40]);
    let e = failure(&xisa(&[
        "run",
        &gfx942_co(),
        "--kernel",
        "lookup",
        "--arg",
        "zeros:4",
        "--arg",
        "i32:0",
        "--dump-global",
        &format!("count.kd={back}"),
    ]));
    assert!(e.contains("counter") && e.contains("table"), "{e}");
}
