//! Regression: a `switch` on a warp-uniform value compiles to
//! `ULDC URd, c[0x2][URa]` (a jump-table read indexed by a uniform register)
//! and `BRXU`. The lifter read the table at the immediate offset only, so
//! every case took the first target: a silent wrong answer, found by the
//! litmus suite's role dispatch. Each `k` (and the default) must take its
//! own case, on both engines.

use std::path::PathBuf;

use xisa::{ArgSpec, Device, Engine, LaunchOptions, Module};

fn module() -> Module {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/ptx/uniform_switch.cubin");
    let bytes = std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    Module::from_bytes(&bytes, "uniform_switch.cubin", None).expect("load")
}

#[test]
fn each_uniform_case_takes_its_own_branch() {
    let m = module();
    // The forms under test are in the cubin.
    let sass = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/ptx/uniform_switch.sass"),
    )
    .expect("listing");
    assert!(
        sass.contains("ULDC UR4, c[0x2][UR4]") && sass.contains("BRXU"),
        "{sass}"
    );
    let (grid, block) = (2u32, 40u32);
    for k in 0..7u32 {
        let want: Vec<u32> = (0..grid * block)
            .map(|g| {
                let t = g % block;
                match k {
                    0 => 10,
                    1 => t + 200,
                    2 => t * 3,
                    3 => t ^ 0x55,
                    4 => 7u32.wrapping_sub(t),
                    _ => 99,
                }
            })
            .collect();
        for engine in [Engine::Jit, Engine::Interp] {
            let dev = Device::new().unwrap();
            let out = dev.alloc(4 * u64::from(grid * block)).unwrap();
            let opts = LaunchOptions {
                grid: [grid, 1, 1],
                block: [block, 1, 1],
                engine,
                ..LaunchOptions::default()
            };
            dev.launch(
                &m,
                "uniform_switch",
                &opts,
                &[ArgSpec::Ptr(out), ArgSpec::U32(k)],
            )
            .unwrap_or_else(|e| panic!("k={k} ({engine}): {e}"));
            let got: Vec<u32> = dev
                .read(out, 4 * (grid * block) as usize)
                .unwrap()
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
                .collect();
            assert_eq!(got, want, "k={k} ({engine})");
        }
    }
}
