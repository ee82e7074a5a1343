//! Debug builds (`nvcc -G`; NVRTC `--device-debug`; Numba's `debug=True`):
//! `tests/cuda_debug/debug.cu`. ptxas puts each device function in a
//! section of its own, calls it with `CALL.ABS.NOINC` to a relocated
//! absolute address and returns with `RET.ABS.NODEC` through a return
//! address built by relocated `MOV`s; `__device__` and `__constant__`
//! addresses are relocated `MOV` immediates, driver functions (`vprintf`,
//! `malloc`, `__assertfail`) relocated call targets; functions check their
//! stack against `SR_LMEMHIOFF`, and kernels end with `MEMBAR.SC.VC`.
//! xisa refused every such kernel ("relocation type 57"). The loader now
//! links a kernel's code with the function sections it reaches and
//! applies the code relocations (data addresses through the parameter
//! block). Both engines, against Rust references.

use std::path::PathBuf;
use xisa::{ArgSpec, Device, Engine, Module};
use xisa_testkit::le_values;
use xisa_tests::grid_opts as opts;

const ENGINES: [Engine; 2] = [Engine::Jit, Engine::Interp];
const TABLE: [i32; 8] = [3, 1, 4, 1, 5, 9, 2, 6];
const WEIGHTS: [i32; 4] = [10, 20, 30, 40];

fn module() -> Module {
    xisa_tests::fixture_module("cuda_debug/debug.cubin")
}

fn listing() -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("cuda_debug/debug.sass");
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn fact(n: i32) -> i32 {
    (1..=n).product::<i32>().max(1)
}

fn lookup(i: i32) -> i32 {
    TABLE[(i & 7) as usize] * WEIGHTS[(i & 3) as usize]
}

/// The listing has the debug-build forms this file is about.
#[test]
fn the_listing_is_a_debug_build() {
    let s = listing();
    for needle in [
        "CALL.ABS.NOINC",
        "RET.ABS.NODEC",
        "32@lo(",
        "SR_LMEMHIOFF",
        "MEMBAR.SC.VC",
    ] {
        assert!(s.contains(needle), "debug.sass lacks {needle}");
    }
}

/// Calls across sections, recursion, a `__device__` counter updated and a
/// `__device__` table and `__constant__` weights read in a callee.
#[test]
fn calls_recursion_and_globals() {
    let m = module();
    let (grid, block) = (2u32, 64u32);
    let n = (grid * block) as usize;
    for e in ENGINES {
        let dev = Device::new().expect("device");
        let out = dev.alloc(4 * n as u64).expect("alloc");
        dev.launch(&m, "calls", &opts(e, grid, block), &[ArgSpec::Ptr(out)])
            .unwrap_or_else(|err| panic!("calls ({e}): {err}"));
        let got: Vec<i32> = le_values(&dev.read(out, 4 * n).unwrap());
        let want: Vec<i32> = (0..n as i32)
            .map(|t| fact(t % 8) + lookup(t) + lookup(t + 1))
            .collect();
        assert_eq!(got, want, "{e}");
        let hits = i32::from_le_bytes(dev.read_global(&m, "hits").unwrap().try_into().unwrap());
        assert_eq!(hits, 2 * n as i32, "{e}");
    }
}

/// `printf` through the relocated `vprintf` call.
#[test]
fn printf() {
    let m = module();
    for e in ENGINES {
        let dev = Device::new().expect("device");
        let rep = dev
            .launch(&m, "print_table", &opts(e, 1, 4), &[])
            .unwrap_or_else(|err| panic!("print_table ({e}): {err}"));
        let text = String::from_utf8(rep.stats.output).expect("utf-8");
        let want: String = (0..4)
            .map(|t| format!("t={t} table={} fact={}\n", TABLE[t as usize], fact(t)))
            .collect();
        assert_eq!(text, want, "{e}");
    }
}

/// Device `malloc` and `free`.
#[test]
fn heap() {
    let m = module();
    for e in ENGINES {
        let dev = Device::new().expect("device");
        let out = dev.alloc(4 * 32).expect("alloc");
        dev.launch(&m, "heap", &opts(e, 1, 32), &[ArgSpec::Ptr(out)])
            .unwrap_or_else(|err| panic!("heap ({e}): {err}"));
        let got: Vec<i32> = le_values(&dev.read(out, 4 * 32).unwrap());
        let want: Vec<i32> = (0..32).map(|t| 16 * t + 120).collect();
        assert_eq!(got, want, "{e}");
    }
}

/// An `assert` that holds, and one that fails: the launch stops with the
/// assertion, naming the thread.
#[test]
fn assert() {
    let m = module();
    for e in ENGINES {
        let dev = Device::new().expect("device");
        let mut v: Vec<i32> = (0..32).collect();
        let run = |v: &[i32]| {
            let bytes: Vec<u8> = v.iter().flat_map(|x| x.to_le_bytes()).collect();
            let inp = dev.upload(&bytes).expect("upload");
            let out = dev.alloc(4 * 32).expect("alloc");
            let r = dev.launch(
                &m,
                "checked",
                &opts(e, 1, 32),
                &[ArgSpec::Ptr(inp), ArgSpec::Ptr(out)],
            );
            (r.map(|_| ()), out)
        };
        let (r, out) = run(&v);
        r.unwrap_or_else(|err| panic!("checked ({e}): {err}"));
        let got: Vec<i32> = le_values(&dev.read(out, 4 * 32).unwrap());
        assert_eq!(got, v.iter().map(|x| 2 * x).collect::<Vec<_>>(), "{e}");
        v[9] = -1;
        let err = run(&v).0.expect_err("a failed assert stops the launch");
        let msg = err.to_string();
        for needle in ["device assertion failed", "thread [9, 0, 0]"] {
            assert!(msg.contains(needle), "{e}: {needle:?} not in {msg}");
        }
        let (text, _) = dev.take_output();
        let text = String::from_utf8(text).unwrap();
        assert!(
            text.contains("Assertion `in[t] >= 0` failed."),
            "{e}: {text}"
        );
    }
}
