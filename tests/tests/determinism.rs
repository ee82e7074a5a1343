//! Determinism for CI users (issue #10): with one host thread a launch is
//! bit-identical run after run, because the schedule depends only on the
//! program. Float atomics make outputs depend on the order of the updates, so
//! each ISA's float-atomic kernels are run repeatedly on inputs whose sum
//! rounds differently in different orders, and every run must give the same
//! bits. (With several threads the order of workgroups on different threads
//! follows host timing: such runs agree only up to rounding.)

use std::path::PathBuf;

use xisa::{ArgSpec, Device, Engine, LaunchOptions, Module};

const RUNS: usize = 4;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn load(rel: &str) -> Module {
    let p = root().join(rel);
    Module::from_file(&p, None).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Floats of very different magnitudes and both signs, so that the rounding
/// of a running sum depends on the order of the additions.
fn floats(n: usize, seed: u64) -> Vec<f32> {
    let mut x = seed | 1;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let m = (x >> 40) as f32 / (1u64 << 24) as f32 - 0.5;
            m * 2f32.powi((x % 40) as i32 - 10)
        })
        .collect()
}

fn f32_bytes(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// Buffers `(bytes, output)` for one launch.
type Bufs = Vec<(Vec<u8>, bool)>;

/// Runs `kernel` `RUNS` times with one host thread and returns every output
/// buffer of every run.
fn runs(
    m: &Module,
    kernel: &str,
    engine: Engine,
    grid: u32,
    block: u32,
    bufs: &Bufs,
) -> Vec<Vec<Vec<u8>>> {
    (0..RUNS)
        .map(|_| {
            let dev = Device::new().expect("device");
            let addrs: Vec<u64> = bufs
                .iter()
                .map(|(b, _)| dev.upload(b).expect("upload"))
                .collect();
            let opts = LaunchOptions {
                grid: [grid, 1, 1],
                block: [block, 1, 1],
                engine,
                threads: 1,
                ..LaunchOptions::default()
            };
            let args: Vec<ArgSpec> = addrs.iter().map(|&a| ArgSpec::Ptr(a)).collect();
            dev.launch(m, kernel, &opts, &args)
                .unwrap_or_else(|e| panic!("{kernel} ({engine}): {e}"));
            bufs.iter()
                .zip(&addrs)
                .filter(|((_, out), _)| *out)
                .map(|((b, _), &a)| dev.read(a, b.len()).expect("read"))
                .collect()
        })
        .collect()
}

fn assert_identical(what: &str, engine: Engine, r: &[Vec<Vec<u8>>]) {
    for (i, run) in r.iter().enumerate().skip(1) {
        assert!(
            run == &r[0],
            "{what} ({engine}): run {i} differs from run 0"
        );
    }
}

#[test]
fn ir_float_atomics_are_bit_identical_with_one_thread() {
    let m = load("kernels/atom_global_float.xir");
    let n = 3 * 48;
    let in32 = f32_bytes(&floats(n, 11));
    let in64: Vec<u8> = floats(n, 12)
        .iter()
        .flat_map(|&x| (x as f64 * 1.000_000_1).to_le_bytes())
        .collect();
    let bufs = vec![
        (in32, false),
        (in64, false),
        (vec![0; 1536], true),
        (vec![0; 27648], true),
    ];
    for e in [Engine::Jit, Engine::Interp] {
        assert_identical(
            "atom_global_float",
            e,
            &runs(&m, "atom_global_float", e, 3, 48, &bufs),
        );
    }
}

#[test]
fn sm75_float_atomics_are_bit_identical_with_one_thread() {
    // atom.global.add.f32 with and without return from 8 CTAs of 128.
    let m = load("sm75/out/atom_f32.cubin");
    let bufs = vec![
        (vec![0; 8], true),
        (vec![0; 4 * 128], true),
        (f32_bytes(&floats(128, 21)), false),
    ];
    for e in [Engine::Jit, Engine::Interp] {
        let r = runs(&m, "atom_f32", e, 8, 128, &bufs);
        assert_identical("atom_f32", e, &r);
    }
}

#[test]
fn gfx942_float_atomics_are_bit_identical_with_one_thread() {
    // global_atomic_add_f32 / ds_add_f32 / global f64 adds from 6 workgroups.
    let m = load("gfx942/out/float_atomics.co");
    let n = 6 * 128;
    let bufs = vec![
        (f32_bytes(&floats(n, 31)), false),
        (vec![0; 64], true),
        (vec![0; 16], true),
        (vec![0; 4 * n], true),
    ];
    for e in [Engine::Jit, Engine::Interp] {
        assert_identical(
            "float_atomics",
            e,
            &runs(&m, "float_atomics", e, 6, 128, &bufs),
        );
    }
}

/// The inputs really make the result order-dependent: summing them in two
/// different orders gives different bits (else the tests above prove little).
#[test]
fn the_inputs_round_differently_in_different_orders() {
    let v = floats(8 * 128, 21);
    let fwd = v.iter().fold(0f32, |a, &x| a + x);
    let rev = v.iter().rev().fold(0f32, |a, &x| a + x);
    assert_ne!(fwd.to_bits(), rev.to_bits());
}
