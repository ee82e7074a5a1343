//! Kernels whose last parameter is narrower than a word
//! (`tests/cuda_corpus/subword.cu`, NVRTC for sm_75): ptxas reads such a
//! parameter (a u16, a u8, a half) with a 32-bit constant load that reaches
//! past the parameter block's declared size, and converts a half parameter
//! with `HADD2.F32 Rd, -RZ, c[0x0][..].H0_H0` (no select printed on RZ).
//! Both were refused, so Numba kernels taking a uint16, uint8, bool or
//! float16 argument could not run (found by Numba's own test suite on
//! xisa's CUDA driver). On both engines.

use std::path::PathBuf;
use xisa::{ArgSpec, Device, Engine, LaunchOptions, Module};
use xisa_testkit::le_values;

const N: usize = 64;

fn module() -> Module {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("cuda_corpus/out/subword.cubin");
    let bytes = std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    Module::from_bytes(&bytes, "subword.cubin", None).expect("load")
}

/// Runs `kernel` on one block of `N` threads with an output buffer and
/// `args` (each parameter's bytes, as a driver passes them).
fn run(kernel: &str, e: Engine, args: &[&[u8]]) -> Vec<u8> {
    let m = module();
    let dev = Device::new().expect("device");
    let out = dev.alloc((4 * N) as u64).expect("alloc");
    let mut a = vec![ArgSpec::Ptr(out)];
    a.extend(args.iter().map(|b| ArgSpec::Struct(b.to_vec())));
    let opts = LaunchOptions {
        block: [N as u32, 1, 1],
        engine: e,
        ..LaunchOptions::default()
    };
    dev.launch(&m, kernel, &opts, &a)
        .unwrap_or_else(|err| panic!("{kernel} ({e}): {err}"));
    dev.read(out, 4 * N).expect("read")
}

#[test]
fn a_u16_last_parameter() {
    for e in [Engine::Jit, Engine::Interp] {
        for x in [0u16, 1, 0x8001, 0xffff] {
            let got: Vec<i32> = le_values(&run("popc_u16", e, &[&x.to_le_bytes()]));
            let want: Vec<i32> = (0..N as i32).map(|t| x.count_ones() as i32 + t).collect();
            assert_eq!(got, want, "popc_u16({x:#x}) ({e})");
        }
    }
}

#[test]
fn a_u8_after_an_int() {
    for e in [Engine::Jit, Engine::Interp] {
        for (a, b) in [(3i32, 7u8), (-5, 255), (1 << 20, 128)] {
            let got: Vec<i32> =
                le_values(&run("scale_u8", e, &[&a.to_le_bytes(), &b.to_le_bytes()]));
            let want: Vec<i32> = (0..N as i32)
                .map(|t| a.wrapping_mul(b as i32) + t)
                .collect();
            assert_eq!(got, want, "scale_u8({a}, {b}) ({e})");
        }
    }
}

#[test]
fn a_half_converted_to_float() {
    for e in [Engine::Jit, Engine::Interp] {
        // 1.5, -2.25, 65504 (the largest half), a subnormal (2^-24), -0.
        for (bits, x) in [
            (0x3e00u16, 1.5f32),
            (0xc080, -2.25),
            (0x7bff, 65504.0),
            (0x0001, 5.960_464_5e-8),
            (0x8000, -0.0),
        ] {
            let got: Vec<f32> = le_values(&run("half_to_float", e, &[&bits.to_le_bytes()]));
            for (t, g) in got.iter().enumerate() {
                let want = x * (t + 1) as f32;
                assert_eq!(
                    g.to_bits(),
                    want.to_bits(),
                    "half_to_float({bits:#06x}) [{t}] ({e})"
                );
            }
        }
    }
}
