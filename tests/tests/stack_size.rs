//! A stack deeper than the default (`LaunchOptions::stack`, `xisa run
//! --stack-size`: CUDA's `cudaLimitStackSize`, HIP's `hipLimitStackSize`):
//! `deep_sum` recurses up to 120 deep with a 16-int array in each frame, on
//! a gfx942 code object (`tests/hip/kernels/stack.hip`: the stack grows up
//! from the private segment) and an sm_75 cubin (`tests/cuda_corpus/stack.cu`:
//! it grows down from `c[0x0][0x28]`, now the top of the lane's local memory
//! as the launch sized it), on both engines. With the default 1 KiB the
//! launch faults, as on a GPU; with 64 KiB it is right. Before, no option
//! raised the stack, and calls nested at most 64 deep.

use std::path::PathBuf;
use xisa::{ArgSpec, Device, Engine, LaunchOptions, Module};
use xisa_testkit::{le_bytes, le_values};

const MODULES: [&str; 2] = ["hip/out/stack.co", "cuda_corpus/out/stack.cubin"];
const N: usize = 64;

fn module(rel: &str) -> Module {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel);
    let bytes = std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    Module::from_bytes(&bytes, rel, None).expect("load")
}

fn depths() -> Vec<i32> {
    (0..N as i32).map(|i| (i * 7) % 120 + 1).collect()
}

fn run(m: &Module, e: Engine, stack: Option<u32>) -> Result<Vec<i64>, String> {
    let dev = Device::new().expect("device");
    let d = le_bytes(&depths());
    let out = dev.alloc(8 * N as u64).expect("alloc");
    let opts = LaunchOptions {
        block: [N as u32, 1, 1],
        engine: e,
        stack,
        ..LaunchOptions::default()
    };
    let args = [ArgSpec::Bytes(d), ArgSpec::Ptr(out), ArgSpec::I32(N as i32)];
    dev.launch(m, "deep_sum", &opts, &args)
        .map_err(|e| e.to_string())?;
    Ok(le_values(&dev.read(out, 8 * N).expect("read")))
}

#[test]
fn a_larger_stack_lets_deep_recursion_run() {
    let want: Vec<i64> = depths()
        .iter()
        .map(|&d| (1..=d).map(|k| i64::from(k * (k ^ d))).sum())
        .collect();
    for path in MODULES {
        let m = module(path);
        for e in [Engine::Jit, Engine::Interp] {
            let err = run(&m, e, None).expect_err("1 KiB is too small");
            assert!(err.contains("out-of-bounds local"), "{path} {e}: {err}");
            let got = run(&m, e, Some(64 << 10)).unwrap_or_else(|err| panic!("{path} {e}: {err}"));
            assert_eq!(got, want, "{path} {e}");
        }
        // A stack past the runtime's limit is refused before the launch.
        let err = run(&m, Engine::Jit, Some(1 << 21)).unwrap_err();
        assert!(
            err.contains("local memory per lane; at most 1048576"),
            "{path}: {err}"
        );
    }
}
