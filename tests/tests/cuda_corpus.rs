//! Real CUDA code (issue #11 item 4): the kernels of `tests/cuda_corpus/*.cu`,
//! written in the idioms CUDA applications and libraries use (CUB block and
//! warp collectives, cooperative groups, warp votes and shuffles, atomics of
//! every kind, tiled shared-memory algorithms, 64-bit integer arithmetic,
//! float and double math, templates, `__constant__` data, recursion),
//! compiled by NVRTC for sm_75 (`tests/cuda_corpus/build.sh`, cubins and
//! `nvdisasm -c` listings committed under `out/`).
//!
//! Every kernel runs on every engine (the JIT in lane and in wave mode, the
//! interpreter) with inputs weighted to edge values and
//! is compared with an independent Rust reference: exact for integers; for
//! floats exact where IEEE 754 defines the result, else within the maximum
//! ulp error of the CUDA C++ Programming Guide's accuracy tables (one more
//! ulp for the reference's own rounding); atomics whose result depends on
//! the order use exactly representable values or invariants.
//!
//! Tests marked `#[ignore = "xisa bug: ..."]` are kernels xisa runs wrongly
//! or refuses; the reason names the SASS instruction and the symptom.

use std::path::PathBuf;

use xisa::{ArgSpec, Device, Engine, LaunchOptions, Module};

const ENGINES: [Engine; 3] = [Engine::JitLane, Engine::JitWave, Engine::Interp];

fn corpus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("cuda_corpus/out")
}

fn module(file: &str) -> Module {
    let p = corpus_dir().join(format!("{file}.cubin"));
    let bytes = std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    Module::from_bytes(&bytes, file, None).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// The nvdisasm listing of one kernel (its `.text.NAME` section).
fn sass(file: &str, kernel: &str) -> String {
    let p = corpus_dir().join(format!("{file}.sass"));
    let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    let head = format!(".text.{kernel} ");
    let start = text
        .lines()
        .position(|l| l.starts_with("//---") && l.contains(&head))
        .unwrap_or_else(|| panic!("{kernel} not in {file}.sass"));
    text.lines()
        .skip(start + 1)
        .take_while(|l| !l.starts_with("//---"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Asserts that the kernel's listing contains every one of `needles`.
fn assert_sass(file: &str, kernel: &str, needles: &[&str]) {
    let s = sass(file, kernel);
    for n in needles {
        assert!(s.contains(n), "{kernel}: listing lacks {n}");
    }
}

// ---------------------------------------------------------------------------
// Little-endian element conversion.

trait Le: Copy {
    const N: usize;
    fn put(self, v: &mut Vec<u8>);
    fn get(b: &[u8]) -> Self;
}

macro_rules! le {
    ($($t:ty),*) => {$(
        impl Le for $t {
            const N: usize = std::mem::size_of::<$t>();
            fn put(self, v: &mut Vec<u8>) {
                v.extend_from_slice(&self.to_le_bytes())
            }
            fn get(b: &[u8]) -> Self {
                <$t>::from_le_bytes(b.try_into().unwrap())
            }
        }
    )*};
}
le!(u8, i8, u16, i16, u32, i32, u64, i64, f32, f64);

fn enc<T: Le>(v: &[T]) -> Vec<u8> {
    let mut out = Vec::with_capacity(v.len() * T::N);
    for x in v {
        x.put(&mut out);
    }
    out
}

fn dec<T: Le>(b: &[u8]) -> Vec<T> {
    b.chunks_exact(T::N).map(T::get).collect()
}

// ---------------------------------------------------------------------------
// Launching.

/// A kernel argument: buffers come back after the launch, in order.
enum A {
    /// A buffer with these bytes.
    B(Vec<u8>),
    /// A zero-filled buffer of this many bytes.
    Z(usize),
    U32(u32),
    I32(i32),
    F32(f32),
}

fn b<T: Le>(v: &[T]) -> A {
    A::B(enc(v))
}

struct Geom {
    grid: [u32; 3],
    block: [u32; 3],
    shared: u32,
}

fn g1(grid: u32, block: u32) -> Geom {
    Geom {
        grid: [grid, 1, 1],
        block: [block, 1, 1],
        shared: 0,
    }
}

/// Launches `kernel` on `engine`; returns every buffer argument's contents.
fn launch(m: &Module, kernel: &str, engine: Engine, g: &Geom, args: &[A]) -> Vec<Vec<u8>> {
    let dev = Device::new().expect("device");
    let mut specs = Vec::new();
    let mut bufs = Vec::new();
    for a in args {
        match a {
            A::B(bytes) => {
                let p = dev.upload(bytes).expect("upload");
                bufs.push((p, bytes.len()));
                specs.push(ArgSpec::Ptr(p));
            }
            A::Z(n) => {
                let p = dev.alloc(*n as u64).expect("alloc");
                dev.write(p, &vec![0u8; *n]).expect("zero");
                bufs.push((p, *n));
                specs.push(ArgSpec::Ptr(p));
            }
            A::U32(v) => specs.push(ArgSpec::U32(*v)),
            A::I32(v) => specs.push(ArgSpec::I32(*v)),
            A::F32(v) => specs.push(ArgSpec::F32(*v)),
        }
    }
    let opts = LaunchOptions {
        grid: g.grid,
        block: g.block,
        shared: g.shared,
        engine,
        threads: 2,
        // A kernel that waits on another warp without a barrier must not
        // hang the test run.
        timeout: Some(std::time::Duration::from_secs(20)),
        ..LaunchOptions::default()
    };
    dev.launch(m, kernel, &opts, &specs)
        .unwrap_or_else(|e| panic!("{kernel} ({engine}): {e}"));
    bufs.iter()
        .map(|&(p, n)| dev.read(p, n).expect("read"))
        .collect()
}

/// Runs `kernel` on every engine and hands each result to `check`.
fn both(file: &str, kernel: &str, g: &Geom, args: &[A], check: impl Fn(Engine, &[Vec<u8>])) {
    let m = module(file);
    for e in ENGINES {
        let out = launch(&m, kernel, e, g, args);
        check(e, &out);
    }
}

/// Asserts `got == want` element by element, naming the first mismatch.
fn same<T: PartialEq + std::fmt::Debug>(what: &str, e: Engine, got: &[T], want: &[T]) {
    assert_eq!(got.len(), want.len(), "{what} ({e}): length");
    if let Some(i) = (0..got.len()).find(|&i| got[i] != want[i]) {
        panic!(
            "{what} ({e}): first mismatch at {i}: got {:?}, want {:?}",
            got[i], want[i]
        );
    }
}

// ---------------------------------------------------------------------------
// Inputs: xorshift, one value in four taken from a list of edge values.

use xisa_testkit::Rng;

const I32_EDGES: [i32; 12] = [
    0,
    1,
    -1,
    2,
    -2,
    i32::MIN,
    i32::MAX,
    i32::MIN + 1,
    i32::MAX - 1,
    0x7fff,
    -0x8000,
    0x1_0000,
];

fn i32s(n: usize, seed: u64) -> Vec<i32> {
    let mut r = Rng::new(seed);
    (0..n)
        .map(|_| {
            r.edge(&I32_EDGES, |r| {
                if r.below(2) == 0 {
                    r.next() as i32
                } else {
                    r.range(-1000, 1000) as i32
                }
            })
        })
        .collect()
}

fn u32s(n: usize, seed: u64) -> Vec<u32> {
    i32s(n, seed).into_iter().map(|x| x as u32).collect()
}

fn i64s(n: usize, seed: u64) -> Vec<i64> {
    let edges = [
        0,
        1,
        -1,
        i64::MIN,
        i64::MAX,
        i64::MIN + 1,
        u32::MAX as i64,
        1 << 32,
        -(1 << 32),
        i32::MIN as i64,
        0x7fff_ffff_ffff,
        3,
    ];
    let mut r = Rng::new(seed);
    (0..n)
        .map(|_| {
            r.edge(&edges, |r| match r.below(3) {
                0 => r.next() as i64,
                1 => (r.next() as i64) >> r.below(64),
                _ => r.range(-100_000, 100_000),
            })
        })
        .collect()
}

/// Small integers as floats: every sum and product below stays exact.
fn small_f32s(n: usize, seed: u64, lim: i64) -> Vec<f32> {
    let mut r = Rng::new(seed);
    (0..n).map(|_| r.range(-lim, lim) as f32).collect()
}

const F32_EDGES: [f32; 20] = [
    0.0,
    -0.0,
    1.0,
    -1.0,
    0.5,
    -2.5,
    f32::INFINITY,
    f32::NEG_INFINITY,
    f32::NAN,
    f32::MAX,
    f32::MIN,
    f32::MIN_POSITIVE,
    1e-40,
    -1e-45,
    f32::EPSILON,
    1.5,
    3.5,
    -0.5,
    16777217.0,
    2147483648.0,
];

fn f32s_edge(n: usize, seed: u64) -> Vec<f32> {
    let mut r = Rng::new(seed);
    (0..n)
        .map(|_| {
            r.edge(&F32_EDGES, |r| match r.below(3) {
                0 => f32::from_bits(r.next() as u32),
                1 => (r.range(-2_000_000, 2_000_000) as f32) / 1024.0,
                _ => (r.range(-1_000_000, 1_000_000) as f32) * 1e-3,
            })
        })
        .collect()
}

// ---------------------------------------------------------------------------
// Float comparison.

/// Distance in units in the last place between two f32 (0 for two NaNs or
/// two zeros; u64::MAX when only one is a NaN).
fn ulps32(a: f32, b: f32) -> u64 {
    if a.is_nan() || b.is_nan() {
        return if a.is_nan() && b.is_nan() {
            0
        } else {
            u64::MAX
        };
    }
    let key = |x: f32| {
        let i = x.to_bits() as i32;
        (if i < 0 { i32::MIN - i } else { i }) as i64
    };
    (key(a) - key(b)).unsigned_abs()
}

fn ulps64(a: f64, b: f64) -> u64 {
    if a.is_nan() || b.is_nan() {
        return if a.is_nan() && b.is_nan() {
            0
        } else {
            u64::MAX
        };
    }
    let key = |x: f64| {
        let i = x.to_bits() as i64;
        (if i < 0 { i64::MIN - i } else { i }) as i128
    };
    (key(a) - key(b)).unsigned_abs() as u64
}

/// Bitwise equal, or both NaN (NaN payloads are not specified).
fn same_f32(a: f32, b: f32) -> bool {
    a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan())
}

fn same_f64(a: f64, b: f64) -> bool {
    a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan())
}

// ===========================================================================
// reduce.cu

fn wsum(v: &[i32]) -> i32 {
    v.iter().fold(0i32, |a, &x| a.wrapping_add(x))
}

#[test]
fn warp_shfl_sum() {
    assert_sass("reduce", "warp_shfl_sum", &["SHFL.DOWN"]);
    let inp = i32s(512, 1);
    let want: Vec<i32> = inp.chunks(32).map(wsum).collect();
    both(
        "reduce",
        "warp_shfl_sum",
        &g1(4, 128),
        &[b(&inp), A::Z(64)],
        |e, o| same("warp_shfl_sum", e, &dec::<i32>(&o[1]), &want),
    );
}

#[test]
fn warp_xor_max() {
    assert_sass("reduce", "warp_xor_max", &["SHFL.BFLY"]);
    let inp = u32s(256, 2);
    let want: Vec<u32> = inp
        .chunks(32)
        .flat_map(|w| std::iter::repeat_n(*w.iter().max().unwrap(), 32))
        .collect();
    both(
        "reduce",
        "warp_xor_max",
        &g1(2, 128),
        &[b(&inp), A::Z(1024)],
        |e, o| same("warp_xor_max", e, &dec::<u32>(&o[1]), &want),
    );
}

#[test]
fn block_tree_sum() {
    let n = 1000;
    let inp = i32s(n, 3);
    let want: Vec<i32> = (0..3)
        .map(|blk| {
            let v: Vec<i32> = (0..n)
                .filter(|i| (i / 128) % 3 == blk)
                .map(|i| inp[i])
                .collect();
            wsum(&v)
        })
        .collect();
    let g = Geom {
        shared: 512,
        ..g1(3, 128)
    };
    both(
        "reduce",
        "block_tree_sum",
        &g,
        &[b(&inp), A::Z(12), A::I32(n as i32)],
        |e, o| same("block_tree_sum", e, &dec::<i32>(&o[1]), &want),
    );
}

fn cub_reduce(kernel: &str) {
    let inp = i32s(512, 4);
    let want: Vec<i32> = inp.chunks(128).map(wsum).collect();
    both(
        "reduce",
        kernel,
        &g1(4, 128),
        &[b(&inp), A::Z(16)],
        |e, o| same(kernel, e, &dec::<i32>(&o[1]), &want),
    );
}

#[test]
fn cub_reduce_raking() {
    cub_reduce("cub_reduce_raking");
}

#[test]
fn cub_reduce_warp_reductions() {
    assert_sass("reduce", "cub_reduce_warp_reductions", &["SHFL.DOWN"]);
    cub_reduce("cub_reduce_warp_reductions");
}

#[test]
fn cub_reduce_max_partial() {
    let mut r = Rng::new(5);
    let inp: Vec<f32> = (0..3 * 512)
        .map(|_| {
            r.edge(
                &[f32::NEG_INFINITY, f32::MAX, -f32::MAX, 1e-40, -1e-40],
                |r| (r.range(-1_000_000, 1_000_000) as f32) * 0.37,
            )
        })
        .collect();
    let valid = 300;
    let want: Vec<f32> = inp
        .chunks(512)
        .map(|c| c[..valid].iter().copied().fold(f32::NEG_INFINITY, f32::max))
        .collect();
    both(
        "reduce",
        "cub_reduce_max_partial",
        &g1(3, 128),
        &[b(&inp), A::Z(12), A::I32(valid as i32)],
        |e, o| {
            let got = dec::<f32>(&o[1]);
            let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
            same("cub_reduce_max_partial", e, &bits(&got), &bits(&want))
        },
    );
}

#[test]
fn cub_warp_reduce16() {
    let inp = i64s(128, 6);
    let mut want = Vec::new();
    for c in inp.chunks(16) {
        want.push(c.iter().fold(0i64, |a, &x| a.wrapping_add(x)));
        want.push(*c.iter().min().unwrap());
    }
    both(
        "reduce",
        "cub_warp_reduce16",
        &g1(2, 64),
        &[b(&inp), A::Z(8 * 16)],
        |e, o| same("cub_warp_reduce16", e, &dec::<i64>(&o[1]), &want),
    );
}

#[test]
fn cg_tile_reduce() {
    let inp = i32s(128, 7);
    let mut want = Vec::new();
    for c in inp.chunks(8) {
        want.push(wsum(c));
        want.push(*c.iter().max().unwrap());
        // tile.shfl_down: a lane past the tile's end reads its own value.
        let mut d = c.to_vec();
        for o in [4, 2, 1] {
            d = (0..8)
                .map(|l| d[l] ^ if l + o < 8 { d[l + o] } else { d[l] })
                .collect();
        }
        want.push(d[0]);
    }
    both(
        "reduce",
        "cg_tile_reduce",
        &g1(2, 64),
        &[b(&inp), A::Z(4 * 48)],
        |e, o| same("cg_tile_reduce", e, &dec::<i32>(&o[1]), &want),
    );
}

#[test]
fn grid_stride_atomic_sum() {
    assert_sass("reduce", "grid_stride_atomic_sum", &["RED.E.ADD.64"]);
    let n = 1000;
    let inp = u32s(n, 8);
    let total: u64 = inp.iter().map(|&x| x as u64).sum();
    both(
        "reduce",
        "grid_stride_atomic_sum",
        &g1(3, 64),
        &[b(&inp), A::I32(n as i32), A::Z(8), A::Z(4)],
        |e, o| {
            same("total64", e, &dec::<u64>(&o[1]), &[total]);
            same("total32", e, &dec::<u32>(&o[2]), &[total as u32]);
        },
    );
}

// ===========================================================================
// scan.cu

fn incl_scan(v: &[i32]) -> Vec<i32> {
    let mut acc = 0i32;
    v.iter()
        .map(|&x| {
            acc = acc.wrapping_add(x);
            acc
        })
        .collect()
}

fn excl_scan(v: &[i32]) -> Vec<i32> {
    let mut acc = 0i32;
    v.iter()
        .map(|&x| {
            let r = acc;
            acc = acc.wrapping_add(x);
            r
        })
        .collect()
}

#[test]
fn cub_scan_raking_inclusive() {
    let inp = i32s(384, 10);
    let want: Vec<i32> = inp.chunks(128).flat_map(incl_scan).collect();
    let agg: Vec<i32> = inp.chunks(128).map(wsum).collect();
    both(
        "scan",
        "cub_scan_raking_inclusive",
        &g1(3, 128),
        &[b(&inp), A::Z(384 * 4), A::Z(12)],
        |e, o| {
            same("scan", e, &dec::<i32>(&o[1]), &want);
            same("aggregate", e, &dec::<i32>(&o[2]), &agg);
        },
    );
}

#[test]
fn cub_scan_memoize_max() {
    let inp = i32s(192, 11);
    let want: Vec<i32> = inp
        .chunks(96)
        .flat_map(|c| {
            let mut m = i32::MIN;
            c.iter()
                .map(|&x| {
                    let r = m;
                    m = m.max(x);
                    r
                })
                .collect::<Vec<_>>()
        })
        .collect();
    both(
        "scan",
        "cub_scan_memoize_max",
        &g1(2, 96),
        &[b(&inp), A::Z(192 * 4)],
        |e, o| same("cub_scan_memoize_max", e, &dec::<i32>(&o[1]), &want),
    );
}

#[test]
fn cub_scan_warp_scans_items() {
    let inp: Vec<u64> = i64s(512, 12).into_iter().map(|x| x as u64).collect();
    let want: Vec<u64> = inp
        .chunks(256)
        .flat_map(|c| {
            let mut acc = 0u64;
            c.iter()
                .map(|&x| {
                    let r = acc;
                    acc = acc.wrapping_add(x);
                    r
                })
                .collect::<Vec<_>>()
        })
        .collect();
    both(
        "scan",
        "cub_scan_warp_scans_items",
        &g1(2, 64),
        &[b(&inp), A::Z(512 * 8)],
        |e, o| same("cub_scan_warp_scans_items", e, &dec::<u64>(&o[1]), &want),
    );
}

#[test]
fn cub_warp_scan() {
    assert_sass("scan", "cub_warp_scan", &["SHFL.UP"]);
    let inp = i32s(128, 13);
    let incl: Vec<i32> = inp.chunks(32).flat_map(incl_scan).collect();
    let excl: Vec<i32> = inp.chunks(32).flat_map(excl_scan).collect();
    both(
        "scan",
        "cub_warp_scan",
        &g1(2, 64),
        &[b(&inp), A::Z(512), A::Z(512)],
        |e, o| {
            same("inclusive", e, &dec::<i32>(&o[1]), &incl);
            same("exclusive", e, &dec::<i32>(&o[2]), &excl);
        },
    );
}

#[test]
fn shfl_block_scan() {
    let inp = i32s(512, 14);
    let want: Vec<i32> = inp.chunks(256).flat_map(incl_scan).collect();
    both(
        "scan",
        "shfl_block_scan",
        &g1(2, 256),
        &[b(&inp), A::Z(2048)],
        |e, o| same("shfl_block_scan", e, &dec::<i32>(&o[1]), &want),
    );
}

#[test]
fn hillis_steele_scan() {
    let inp = small_f32s(256, 15, 100);
    let want: Vec<f32> = inp
        .chunks(128)
        .flat_map(|c| {
            let mut acc = 0f32;
            c.iter()
                .map(|&x| {
                    acc += x;
                    acc
                })
                .collect::<Vec<_>>()
        })
        .collect();
    let g = Geom {
        shared: 2 * 128 * 4,
        ..g1(2, 128)
    };
    both(
        "scan",
        "hillis_steele_scan",
        &g,
        &[b(&inp), A::Z(1024)],
        |e, o| same("hillis_steele_scan", e, &dec::<f32>(&o[1]), &want),
    );
}

// ===========================================================================
// histogram.cu

#[test]
fn hist_shared() {
    assert_sass("histogram", "hist_shared", &["ATOMS.ADD", "RED.E.ADD"]);
    let n = 3000;
    let mut r = Rng::new(20);
    let inp: Vec<u8> = (0..n)
        .map(|_| r.edge(&[0u8, 255, 63, 64], |r| r.next() as u8))
        .collect();
    let mut want = vec![0u32; 64];
    for &x in &inp {
        want[(x & 63) as usize] += 1;
    }
    both(
        "histogram",
        "hist_shared",
        &g1(4, 128),
        &[b(&inp), A::I32(n), A::Z(256)],
        |e, o| same("hist_shared", e, &dec::<u32>(&o[1]), &want),
    );
}

#[test]
fn hist_global_weighted() {
    let n = 1000;
    let inp = u32s(n, 21);
    let mut want = vec![0u64; 16];
    for &x in &inp {
        want[(x % 16) as usize] += x as u64;
    }
    both(
        "histogram",
        "hist_global_weighted",
        &g1(8, 128),
        &[b(&inp), A::I32(n as i32), A::Z(128)],
        |e, o| same("hist_global_weighted", e, &dec::<u64>(&o[1]), &want),
    );
}

#[test]
fn hist_match_any() {
    assert_sass("histogram", "hist_match_any", &["MATCH.ANY"]);
    let keys = i32s(128, 22);
    let mut bins = vec![0u32; 8];
    let mut leaders = 0u32;
    for w in keys.chunks(32) {
        let mut seen = [false; 8];
        for &k in w {
            bins[(k & 7) as usize] += 1;
            seen[(k & 7) as usize] = true;
        }
        leaders += seen.iter().filter(|&&s| s).count() as u32;
    }
    both(
        "histogram",
        "hist_match_any",
        &g1(2, 64),
        &[b(&keys), A::Z(32), A::Z(4)],
        |e, o| {
            same("bins", e, &dec::<u32>(&o[1]), &bins);
            same("leaders", e, &dec::<u32>(&o[2]), &[leaders]);
        },
    );
}

fn cub_hist(kernel: &str) {
    let mut r = Rng::new(23);
    let inp: Vec<u8> = (0..768).map(|_| r.next() as u8).collect();
    let mut want = vec![0u32; 32];
    for &x in &inp {
        want[(x % 32) as usize] += 1;
    }
    both(
        "histogram",
        kernel,
        &g1(3, 64),
        &[b(&inp), A::Z(128)],
        |e, o| same(kernel, e, &dec::<u32>(&o[1]), &want),
    );
}

#[test]
fn cub_hist_sort() {
    cub_hist("cub_hist_sort");
}

#[test]
fn cub_hist_atomic() {
    cub_hist("cub_hist_atomic");
}

// ===========================================================================
// matrix.cu

#[test]
fn matmul_tiled() {
    assert_sass("matrix", "matmul_tiled", &["FFMA", "BAR.SYNC", "LDS"]);
    let n = 32usize;
    let a = small_f32s(n * n, 30, 8);
    let bm = small_f32s(n * n, 31, 8);
    // Integer-valued entries: every product and partial sum is exact.
    let mut want = vec![0f32; n * n];
    for i in 0..n {
        for j in 0..n {
            let s: i64 = (0..n)
                .map(|k| a[i * n + k] as i64 * bm[k * n + j] as i64)
                .sum();
            want[i * n + j] = s as f32;
        }
    }
    let g = Geom {
        grid: [2, 2, 1],
        block: [16, 16, 1],
        shared: 0,
    };
    both(
        "matrix",
        "matmul_tiled",
        &g,
        &[b(&a), b(&bm), A::Z(n * n * 4), A::I32(n as i32)],
        |e, o| same("matmul_tiled", e, &dec::<f32>(&o[2]), &want),
    );
}

#[test]
fn matvec_warp() {
    let (rows, cols) = (5usize, 70usize);
    let mut r = Rng::new(32);
    let a: Vec<f64> = (0..rows * cols).map(|_| r.range(-50, 50) as f64).collect();
    let x: Vec<f64> = (0..cols).map(|_| r.range(-50, 50) as f64).collect();
    let want: Vec<f64> = (0..rows)
        .map(|i| (0..cols).map(|c| a[i * cols + c] * x[c]).sum())
        .collect();
    both(
        "matrix",
        "matvec_warp",
        &g1(3, 64),
        &[
            b(&a),
            b(&x),
            A::Z(rows * 8),
            A::I32(rows as i32),
            A::I32(cols as i32),
        ],
        |e, o| same("matvec_warp", e, &dec::<f64>(&o[2]), &want),
    );
}

fn transpose_ref(inp: &[i32], w: usize, h: usize) -> Vec<i32> {
    let mut out = vec![0; w * h];
    for y in 0..h {
        for x in 0..w {
            out[x * h + y] = inp[y * w + x];
        }
    }
    out
}

#[test]
fn transpose_naive() {
    let (w, h) = (37usize, 21usize);
    let inp = i32s(w * h, 33);
    let want = transpose_ref(&inp, w, h);
    let g = Geom {
        grid: [3, 3, 1],
        block: [16, 8, 1],
        shared: 0,
    };
    both(
        "matrix",
        "transpose_naive",
        &g,
        &[b(&inp), A::Z(w * h * 4), A::I32(w as i32), A::I32(h as i32)],
        |e, o| same("transpose_naive", e, &dec::<i32>(&o[1]), &want),
    );
}

fn transpose_tiled_case(kernel: &str) {
    let (w, h) = (70usize, 45usize);
    let inp = i32s(w * h, 34);
    let want = transpose_ref(&inp, w, h);
    let g = Geom {
        grid: [3, 2, 1],
        block: [32, 8, 1],
        shared: 0,
    };
    both(
        "matrix",
        kernel,
        &g,
        &[b(&inp), A::Z(w * h * 4), A::I32(w as i32), A::I32(h as i32)],
        |e, o| same(kernel, e, &dec::<i32>(&o[1]), &want),
    );
}

#[test]
fn transpose_tiled() {
    assert_sass("matrix", "transpose_tiled", &["STS", "LDS"]);
    transpose_tiled_case("transpose_tiled");
}

#[test]
fn transpose_padded() {
    transpose_tiled_case("transpose_padded");
}

#[test]
fn stencil3d() {
    let (nx, ny, nz) = (10usize, 9usize, 7usize);
    let inp = i32s(nx * ny * nz, 35);
    let mut want = inp.clone();
    for z in 1..nz - 1 {
        for y in 1..ny - 1 {
            for x in 1..nx - 1 {
                let i = (z * ny + y) * nx + x;
                want[i] = inp[i]
                    .wrapping_mul(6)
                    .wrapping_sub(inp[i - 1])
                    .wrapping_sub(inp[i + 1])
                    .wrapping_sub(inp[i - nx])
                    .wrapping_sub(inp[i + nx])
                    .wrapping_sub(inp[i - nx * ny])
                    .wrapping_sub(inp[i + nx * ny]);
            }
        }
    }
    let g = Geom {
        grid: [3, 3, 2],
        block: [4, 4, 4],
        shared: 0,
    };
    both(
        "matrix",
        "stencil3d",
        &g,
        &[
            b(&inp),
            A::Z(inp.len() * 4),
            A::I32(nx as i32),
            A::I32(ny as i32),
            A::I32(nz as i32),
        ],
        |e, o| same("stencil3d", e, &dec::<i32>(&o[1]), &want),
    );
}

#[test]
fn grid3d_ids() {
    assert_sass(
        "matrix",
        "grid3d_ids",
        &["SR_CTAID.Z", "SR_TID.Z", "SR_CTAID.Y"],
    );
    let (grid, block) = ([3u32, 2, 2], [4u32, 3, 2]);
    let nt = (block[0] * block[1] * block[2]) as usize;
    let nb = (grid[0] * grid[1] * grid[2]) as usize;
    let mut want = vec![0u32; nt * nb];
    for bz in 0..grid[2] {
        for by in 0..grid[1] {
            for bx in 0..grid[0] {
                for tz in 0..block[2] {
                    for ty in 0..block[1] {
                        for tx in 0..block[0] {
                            let bid = bx + grid[0] * (by + grid[1] * bz);
                            let tid = tx + block[0] * (ty + block[1] * tz);
                            want[(bid as usize) * nt + tid as usize] =
                                (bz << 24) | (by << 16) | (bx << 8) | (tz << 6) | (ty << 3) | tx;
                        }
                    }
                }
            }
        }
    }
    let g = Geom {
        grid,
        block,
        shared: 0,
    };
    both("matrix", "grid3d_ids", &g, &[A::Z(nt * nb * 4)], |e, o| {
        same("grid3d_ids", e, &dec::<u32>(&o[0]), &want)
    });
}

// ===========================================================================
// atomics.cu

#[test]
fn atomic_add_float() {
    assert_sass("atomics", "atomic_add_float", &["RED.E.ADD.F32"]);
    let n = 500;
    let mut r = Rng::new(40);
    // Multiples of 1/2 below 2^12: every partial sum is exact in any order.
    let inp: Vec<f32> = (0..n).map(|_| r.range(-8000, 8000) as f32 * 0.5).collect();
    let mut want = [0f32; 4];
    for (i, &x) in inp.iter().enumerate() {
        want[i % 4] += x;
    }
    both(
        "atomics",
        "atomic_add_float",
        &g1(4, 128),
        &[b(&inp), A::Z(16), A::I32(n)],
        |e, o| same("atomic_add_float", e, &dec::<f32>(&o[1]), &want),
    );
}

#[test]
fn atomic_add_double() {
    let n = 300;
    let mut r = Rng::new(41);
    // Multiples of 2^-20 below 2^20: exact in any order.
    let inp: Vec<f64> = (0..n)
        .map(|_| r.range(-(1 << 40), 1 << 40) as f64 / (1u64 << 20) as f64)
        .collect();
    let mut want = [0f64; 2];
    for (i, &x) in inp.iter().enumerate() {
        want[i % 2] += x;
    }
    both(
        "atomics",
        "atomic_add_double",
        &g1(3, 128),
        &[b(&inp), A::Z(16), A::I32(n)],
        |e, o| same("atomic_add_double", e, &dec::<f64>(&o[1]), &want),
    );
}

#[test]
fn atomic_add_half2() {
    assert_sass("atomics", "atomic_add_half2", &["ATOM.E.ADD.F16x2.RN"]);
    use half::f16;
    let n = 256;
    let mut r = Rng::new(42);
    // Small integers: every sum of 32 of them is exact in f16.
    let vals: Vec<f16> = (0..2 * n)
        .map(|_| f16::from_f32(r.range(-4, 4) as f32))
        .collect();
    let bits: Vec<u16> = vals.iter().map(|h| h.to_bits()).collect();
    let mut want = [0f32; 16];
    for i in 0..n {
        want[2 * (i % 8)] += vals[2 * i].to_f32();
        want[2 * (i % 8) + 1] += vals[2 * i + 1].to_f32();
    }
    let want: Vec<u16> = want.iter().map(|&x| f16::from_f32(x).to_bits()).collect();
    both(
        "atomics",
        "atomic_add_half2",
        &g1(2, 128),
        &[b(&bits), A::Z(32), A::I32(n as i32)],
        |e, o| same("atomic_add_half2", e, &dec::<u16>(&o[1]), &want),
    );
}

#[test]
fn atomic_cas_fmax() {
    assert_sass("atomics", "atomic_cas_fmax", &["ATOMG.E.CAS.STRONG.GPU"]);
    let n = 400;
    let mut r = Rng::new(43);
    let inp: Vec<f32> = (0..n)
        .map(|_| {
            r.edge(&[f32::MAX, -f32::MAX, 1e-40, f32::INFINITY], |r| {
                (r.range(-1_000_000, 1_000_000) as f32) * 1.7
            })
        })
        .collect();
    let want = inp.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    both(
        "atomics",
        "atomic_cas_fmax",
        &g1(4, 128),
        &[b(&inp), b(&[f32::NEG_INFINITY]), A::I32(n)],
        |e, o| same("atomic_cas_fmax", e, &dec::<f32>(&o[1]), &[want]),
    );
}

#[test]
fn atomic_cas_dmul() {
    assert_sass("atomics", "atomic_cas_dmul", &["ATOMG.E.CAS.64.STRONG.GPU"]);
    let n = 64;
    let mut r = Rng::new(44);
    // Signed powers of two: the product is exact in any order.
    let inp: Vec<f64> = (0..n)
        .map(|_| {
            let m = 2f64.powi(r.range(-12, 12) as i32);
            if r.below(2) == 0 {
                m
            } else {
                -m
            }
        })
        .collect();
    let want: f64 = inp.iter().product();
    both(
        "atomics",
        "atomic_cas_dmul",
        &g1(2, 32),
        &[b(&inp), b(&[1.0f64]), A::I32(n)],
        |e, o| same("atomic_cas_dmul", e, &dec::<f64>(&o[1]), &[want]),
    );
}

#[test]
fn atomic_cas_shared() {
    assert_sass("atomics", "atomic_cas_shared", &["ATOMS.CAS"]);
    let inp = u32s(256, 45);
    let mut want = vec![0u32; 16];
    for (blk, c) in inp.chunks(128).enumerate() {
        for s in 0..8 {
            let vs: Vec<u32> = c.iter().copied().filter(|v| v % 8 == s).collect();
            let lo = vs
                .iter()
                .map(|v| (v & 0xff) as u64)
                .sum::<u64>()
                .min(0xffff) as u32;
            want[blk * 8 + s as usize] = ((vs.len() as u32) << 16) | lo;
        }
    }
    both(
        "atomics",
        "atomic_cas_shared",
        &g1(2, 128),
        &[b(&inp), A::Z(64)],
        |e, o| same("atomic_cas_shared", e, &dec::<u32>(&o[1]), &want),
    );
}

#[test]
fn atomic_inc_dec() {
    assert_sass(
        "atomics",
        "atomic_inc_dec",
        &["RED.E.INC.STRONG.GPU", "RED.E.DEC.STRONG.GPU"],
    );
    let limit = 17u32;
    let threads = 200u32;
    let want = [
        (5 + threads) % (limit + 1),
        (3 + (limit + 1) * 20 - threads) % (limit + 1),
        0xffff_fff0u32.wrapping_add(threads),
    ];
    both(
        "atomics",
        "atomic_inc_dec",
        &g1(2, 100),
        &[b(&[5u32, 3, 0xffff_fff0]), A::U32(limit)],
        |e, o| same("atomic_inc_dec", e, &dec::<u32>(&o[0]), &want),
    );
}

#[test]
fn atomic_int_ops() {
    let inp = i32s(128, 46);
    let g0 = [
        i32::MAX,
        i32::MIN,
        -1,
        0,
        -1,
        0,
        0x1234,
        i32::MAX,
        i32::MIN,
        -1,
        0,
        0,
        0,
    ];
    let mut g = g0;
    for &v in &inp {
        g[0] = g[0].min(v);
        g[1] = g[1].max(v);
        g[2] = (g[2] as u32).min(v as u32) as i32;
        g[3] = (g[3] as u32).max(v as u32) as i32;
        g[4] &= v | 0x10000;
        g[5] |= v & 0x7f0f;
        g[6] ^= v;
    }
    for c in inp.chunks(64) {
        let mut s = [i32::MAX, i32::MIN, -1, 0, 0, 0];
        for &v in c {
            s[0] = s[0].min(v);
            s[1] = s[1].max(v);
            s[2] &= !(v & 0xff00);
            s[3] |= v & 0x0f0f;
            s[4] ^= v;
            s[5] = s[5].wrapping_add(v);
        }
        g[7] = g[7].min(s[0]);
        g[8] = g[8].max(s[1]);
        g[9] &= s[2];
        g[10] |= s[3];
        g[11] ^= s[4];
        g[12] = g[12].wrapping_add(s[5]);
    }
    let g64_0 = [i64::MAX, i64::MIN, 0, 0];
    let mut g64 = g64_0;
    for &v in &inp {
        g64[0] = g64[0].min(v as i64 * 3);
        g64[1] = g64[1].max((v as i64) << 20);
        g64[2] = g64[2].wrapping_add(v as i64);
        g64[3] |= ((v as u32 as u64) << 32) as i64;
    }
    both(
        "atomics",
        "atomic_int_ops",
        &g1(2, 64),
        &[b(&inp), b(&g0), b(&g64_0)],
        |e, o| {
            same("atomic_int_ops g", e, &dec::<i32>(&o[1]), &g);
            same("atomic_int_ops g64", e, &dec::<i64>(&o[2]), &g64);
        },
    );
}

#[test]
fn atomic_exch_chain() {
    assert_sass("atomics", "atomic_exch_chain", &["ATOMG.E.EXCH"]);
    let n = 128usize;
    both(
        "atomics",
        "atomic_exch_chain",
        &g1(2, 64),
        &[b(&[1000u32]), A::Z(n * 4), b(&[-1f32])],
        |e, o| {
            let slot = dec::<u32>(&o[0])[0];
            let got = dec::<u32>(&o[1]);
            // Some serial order: following "who got my id" from the seed
            // visits every thread once and ends at the final slot value.
            let mut by_old = std::collections::HashMap::new();
            for (id, &g) in got.iter().enumerate() {
                assert!(by_old.insert(g, id as u32).is_none(), "{e}: {g} twice");
            }
            let mut cur = 1000u32;
            for _ in 0..n {
                cur = *by_old
                    .get(&cur)
                    .unwrap_or_else(|| panic!("{e}: chain broken at {cur}"));
            }
            assert_eq!(cur, slot, "{e}: chain end");
            let f = dec::<f32>(&o[2])[0];
            assert!(
                f >= 0.0 && f < n as f32 && f.fract() == 0.0,
                "{e}: fslot {f}"
            );
        },
    );
}

#[test]
fn last_block_sum() {
    assert_sass("atomics", "last_block_sum", &["MEMBAR", "ATOMG.E.INC"]);
    let inp = i32s(256, 47);
    let parts: Vec<i32> = inp.chunks(64).map(wsum).collect();
    both(
        "atomics",
        "last_block_sum",
        &g1(4, 64),
        &[b(&inp), A::Z(16), A::Z(4), A::Z(4)],
        |e, o| {
            same("partials", e, &dec::<i32>(&o[1]), &parts);
            same("count", e, &dec::<u32>(&o[2]), &[0]);
            same("result", e, &dec::<i32>(&o[3]), &[wsum(&parts)]);
        },
    );
}

// ===========================================================================
// warp.cu

#[test]
fn compact_ballot() {
    assert_sass("warp", "compact_ballot", &["VOTE.ANY", "POPC"]);
    let inp = i32s(256, 50);
    let thr = 10;
    let sentinel = 0x5a5a_5a5a_i32;
    let mut out = vec![sentinel; 256];
    let mut counts = vec![0i32; 2];
    for (blk, c) in inp.chunks(128).enumerate() {
        let kept: Vec<i32> = c.iter().copied().filter(|&v| v > thr).collect();
        out[blk * 128..blk * 128 + kept.len()].copy_from_slice(&kept);
        counts[blk] = kept.len() as i32;
    }
    both(
        "warp",
        "compact_ballot",
        &g1(2, 128),
        &[b(&inp), A::I32(thr), b(&vec![sentinel; 256]), A::Z(8)],
        |e, o| {
            same("compacted", e, &dec::<i32>(&o[1]), &out);
            same("counts", e, &dec::<i32>(&o[2]), &counts);
        },
    );
}

#[test]
fn compact_aggregated() {
    let n = 300;
    let inp = i32s(n, 51);
    let mut want: Vec<i32> = inp.iter().copied().filter(|v| v & 1 != 0).collect();
    want.sort();
    both(
        "warp",
        "compact_aggregated",
        &g1(3, 128),
        &[b(&inp), A::I32(n as i32), A::Z(n * 4), A::Z(4)],
        |e, o| {
            let count = dec::<i32>(&o[2])[0] as usize;
            assert_eq!(count, want.len(), "{e}: count");
            let mut got = dec::<i32>(&o[1])[..count].to_vec();
            got.sort();
            same("compact_aggregated", e, &got, &want);
        },
    );
}

#[test]
fn votes() {
    let mut inp = i32s(128, 52);
    inp[40] = -5_000_000; // warp 1: not all > -1000000
    inp[70] = 0; // warp 2: some zero
    for v in &mut inp[96..128] {
        *v = v.wrapping_abs().max(1) & 0x7ff; // warp 3: no negatives, no zero
    }
    let mut want = Vec::new();
    for w in inp.chunks(32) {
        want.push(
            (0..32)
                .filter(|&l| w[l] < 0)
                .fold(0u32, |m, l| m | (1 << l)),
        );
        want.push(w.contains(&0) as u32);
        want.push(w.iter().all(|&v| v > -1_000_000) as u32);
        want.push(0x4924_9249); // lanes with lane % 3 == 0
        want.push(
            (0..20)
                .filter(|&l| w[l] & 4 != 0)
                .fold(0u32, |m, l| m | (1 << l)),
        );
    }
    both(
        "warp",
        "votes",
        &g1(2, 64),
        &[b(&inp), A::Z(4 * 20)],
        |e, o| {
            let got = dec::<u32>(&o[1]);
            for w in 0..4 {
                for k in [0, 1, 2, 4] {
                    assert_eq!(got[5 * w + k], want[5 * w + k], "{e}: warp {w} field {k}");
                }
                // __activemask in the branch: lane 0 and only lanes that
                // took it (a converged warp gives all of them).
                let am = got[5 * w + 3];
                assert!(
                    am & 1 != 0 && am & !0x4924_9249 == 0,
                    "{e}: activemask {am:#x}"
                );
            }
        },
    );
}

fn peers<T: PartialEq>(keys: &[T]) -> Vec<u32> {
    keys.chunks(32)
        .flat_map(|w| {
            (0..w.len())
                .map(|l| {
                    (0..w.len())
                        .filter(|&j| w[j] == w[l])
                        .fold(0u32, |m, j| m | (1 << j))
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn match_any() {
    assert_sass("warp", "match_any", &["MATCH.ANY", "MATCH.ANY.U64"]);
    let mut r = Rng::new(53);
    let k32: Vec<u32> = (0..64)
        .map(|_| [0u32, 1, 0xffff_ffff, 0x8000_0000, 7][r.below(5) as usize])
        .collect();
    // 64-bit keys that differ only in their high words.
    let k64: Vec<u64> = (0..64)
        .map(|_| (r.below(4) << 32) | 0x1234 | (r.below(2) << 63))
        .collect();
    let (w32, w64) = (peers(&k32), peers(&k64));
    both(
        "warp",
        "match_any",
        &g1(1, 64),
        &[b(&k32), b(&k64), A::Z(256), A::Z(256)],
        |e, o| {
            same("match_any 32", e, &dec::<u32>(&o[2]), &w32);
            same("match_any 64", e, &dec::<u32>(&o[3]), &w64);
        },
    );
}

#[test]
fn match_all() {
    let mut k = vec![42i32; 96];
    k[33] = 43; // warp 1 differs
    for v in &mut k[64..] {
        *v = -7;
    }
    let mut want = Vec::new();
    for w in k.chunks(32) {
        let all = w.iter().all(|&v| v == w[0]);
        for _ in 0..32 {
            want.push(if all { u32::MAX } else { 0 });
            want.push(all as u32);
        }
    }
    both(
        "warp",
        "match_all",
        &g1(1, 96),
        &[b(&k), A::Z(96 * 8)],
        |e, o| same("match_all", e, &dec::<u32>(&o[1]), &want),
    );
}

#[test]
fn shfl_widths() {
    assert_sass(
        "warp",
        "shfl_widths",
        &["SHFL.IDX", "SHFL.UP", "SHFL.DOWN", "SHFL.BFLY"],
    );
    let inp = i32s(64, 54);
    let mut want = Vec::new();
    for i in 0..64 {
        let lane = i % 32;
        let base = i - lane;
        let l16 = lane % 16;
        want.push(inp[base + (lane & !7) + 3]);
        want.push(if l16 >= 5 { inp[i - 5] } else { inp[i] });
        want.push(if l16 + 5 < 16 { inp[i + 5] } else { inp[i] });
        want.push(inp[base + (lane ^ 9)]);
    }
    both(
        "warp",
        "shfl_widths",
        &g1(1, 64),
        &[b(&inp), A::Z(64 * 16)],
        |e, o| same("shfl_widths", e, &dec::<i32>(&o[1]), &want),
    );
}

#[test]
fn warp_rank4() {
    let keys = u32s(128, 55);
    let want: Vec<u32> = keys
        .chunks(32)
        .flat_map(|w| {
            (0..32)
                .map(|l| {
                    let k = w[l] & 15;
                    (0..32)
                        .filter(|&j| (w[j] & 15) < k || ((w[j] & 15) == k && j < l))
                        .count() as u32
                })
                .collect::<Vec<_>>()
        })
        .collect();
    both(
        "warp",
        "warp_rank4",
        &g1(2, 64),
        &[b(&keys), A::Z(512)],
        |e, o| same("warp_rank4", e, &dec::<u32>(&o[1]), &want),
    );
}

// ===========================================================================
// intmath.cu

#[test]
fn div64() {
    let n = 200;
    let a = i64s(n, 60);
    let mut bv = i64s(n, 61);
    for i in 0..n {
        if a[i] == i64::MIN && bv[i] == -1 {
            bv[i] = 3; // the one overflowing quotient is undefined in C++
        }
    }
    let mut want = Vec::new();
    for i in 0..n {
        let (x, y) = (a[i], bv[i]);
        let (ux, uy) = (x as u64, y as u64);
        want.push(if y != 0 { x / y } else { 0 });
        want.push(if y != 0 { x % y } else { 0 });
        want.push(ux.checked_div(uy).unwrap_or(0) as i64);
        want.push(if uy != 0 { (ux % uy) as i64 } else { 0 });
        want.push(((x as i128 * y as i128) >> 64) as i64);
        want.push(((ux as u128 * uy as u128) >> 64) as i64);
    }
    both(
        "intmath",
        "div64",
        &g1(2, 128),
        &[b(&a), b(&bv), A::Z(n * 48), A::I32(n as i32)],
        |e, o| same("div64", e, &dec::<i64>(&o[2]), &want),
    );
}

#[test]
fn div32_const() {
    let n = 300;
    let a = i32s(n, 62);
    let bv = u32s(n, 63);
    let mut want = Vec::new();
    for i in 0..n {
        let (x, u) = (a[i], bv[i]);
        want.push(x / 7);
        want.push(x % -13);
        want.push((u / 1_000_000_007) as i32);
        want.push((u % 10) as i32);
        want.push((x as u32).checked_div(u).map_or(-1, |q| q as i32));
        want.push(if u != 0 && !(x == i32::MIN && u as i32 == -1) {
            x % (u as i32)
        } else {
            -1
        });
    }
    both(
        "intmath",
        "div32_const",
        &g1(3, 128),
        &[b(&a), b(&bv), A::Z(n * 24), A::I32(n as i32)],
        |e, o| same("div32_const", e, &dec::<i32>(&o[2]), &want),
    );
}

fn sext24(x: u32) -> i64 {
    ((x << 8) as i32 >> 8) as i64
}

#[test]
fn int_intrinsics() {
    assert_sass(
        "intmath",
        "int_intrinsics",
        &["BREV", "FLO.U32", "PRMT", "POPC", "VABSDIFF"],
    );
    let n = 300;
    let a = u32s(n, 64);
    let bv = u32s(n, 65);
    let mut want = Vec::new();
    for i in 0..n {
        let (x, y) = (a[i], bv[i]);
        want.push(x.reverse_bits());
        want.push(x.leading_zeros());
        want.push(if x == 0 { 0 } else { x.trailing_zeros() + 1 });
        want.push(x.count_ones());
        let s = y & 0x7777;
        let bytes = ((y as u64) << 32 | x as u64).to_le_bytes();
        want.push((0..4).fold(0u32, |r, k| {
            r | (bytes[((s >> (4 * k)) & 7) as usize] as u32) << (8 * k)
        }));
        let wide = (y as u64) << 32 | x as u64;
        want.push(((wide << (y & 31)) >> 32) as u32);
        want.push((wide >> (x & 31)) as u32);
        want.push(((wide as u128) << y.min(32) >> 32) as u32);
        want.push((sext24(x) * sext24(y)) as u32);
        want.push(((x as u64 * y as u64) >> 32) as u32);
        want.push(((x as i32 as i64 - y as i32 as i64).unsigned_abs() as u32).wrapping_add(17));
        let umul24 = ((x & 0xff_ffff) as u64 * (y & 0xff_ffff) as u64) as u32;
        let mulhi = ((x as i32 as i64 * y as i32 as i64) >> 32) as u32;
        want.push(umul24 ^ mulhi);
    }
    both(
        "intmath",
        "int_intrinsics",
        &g1(3, 128),
        &[b(&a), b(&bv), A::Z(n * 48), A::I32(n as i32)],
        |e, o| same("int_intrinsics", e, &dec::<u32>(&o[2]), &want),
    );
}

#[test]
fn int64_intrinsics() {
    let n = 200;
    let a: Vec<u64> = i64s(n, 66).into_iter().map(|x| x as u64).collect();
    let mut want = Vec::new();
    for &x in &a {
        want.push(x.reverse_bits());
        want.push(x.leading_zeros() as u64);
        want.push(if x == 0 {
            0
        } else {
            x.trailing_zeros() as u64 + 1
        });
        want.push(x.count_ones() as u64);
        want.push((x << (x & 63)) | (x >> ((x >> 8) & 63)));
    }
    both(
        "intmath",
        "int64_intrinsics",
        &g1(2, 128),
        &[b(&a), A::Z(n * 40), A::I32(n as i32)],
        |e, o| same("int64_intrinsics", e, &dec::<u64>(&o[1]), &want),
    );
}

#[test]
fn switch_ops() {
    let mut r = Rng::new(67);
    let ops: Vec<i32> = (0..128).map(|_| r.range(-2, 14) as i32).collect();
    let a = i32s(128, 68);
    let bv = i32s(128, 69);
    let want: Vec<i32> = (0..128)
        .map(|i| {
            let (x, y) = (a[i], bv[i]);
            let mut v = match ops[i] {
                0 => x.wrapping_add(y),
                1 => x.wrapping_sub(y),
                2 => x.wrapping_mul(y),
                3 => x & y,
                4 => x | y,
                5 => x ^ y,
                6 => x.wrapping_shl((y & 31) as u32),
                7 => ((x as u32) >> (y & 31)) as i32,
                8 => x >> (y & 31),
                9 => x.min(y),
                10 => x.max(y),
                11 => x.wrapping_abs(),
                _ => -1,
            };
            match ops[i] {
                3 => v = v.wrapping_add(1),
                7 => v ^= 0x55,
                12 => v = 12345,
                -1 => v = 777,
                _ => {}
            }
            v
        })
        .collect();
    both(
        "intmath",
        "switch_ops",
        &g1(2, 64),
        &[b(&ops), b(&a), b(&bv), A::Z(512)],
        |e, o| same("switch_ops", e, &dec::<i32>(&o[3]), &want),
    );
}

#[test]
fn local_array_sort() {
    assert_sass("intmath", "local_array_sort", &["P2R", "BREAK"]);
    let inp: Vec<u64> = i64s(128, 70).into_iter().map(|x| x as u64).collect();
    let want: Vec<u64> = inp
        .iter()
        .map(|&x| {
            let mut d: Vec<u64> = (0..16).map(|k| (x >> (4 * k)) & 15).collect();
            d.sort();
            d.iter().enumerate().fold(0, |r, (p, &v)| r | v << (4 * p))
        })
        .collect();
    both(
        "intmath",
        "local_array_sort",
        &g1(2, 64),
        &[b(&inp), A::Z(1024)],
        |e, o| same("local_array_sort", e, &dec::<u64>(&o[1]), &want),
    );
}

#[test]
fn local_array_permute() {
    let nt = 64usize;
    let inp = i32s(nt * 24, 71);
    let mut r = Rng::new(72);
    let perm: Vec<i32> = (0..24).map(|_| r.range(0, 1000) as i32).collect();
    let mut want = Vec::new();
    for i in 0..nt {
        let mut buf = [0i32; 24];
        for k in 0..24 {
            buf[(k * 7 + i) % 24] = inp[i * 24 + k];
        }
        let mut acc = 0i32;
        for k in 0..24 {
            acc = acc
                .wrapping_mul(31)
                .wrapping_add(buf[(perm[(i + k) % 24] % 24) as usize]);
            want.push(acc);
        }
    }
    both(
        "intmath",
        "local_array_permute",
        &g1(2, 32),
        &[b(&inp), b(&perm), A::Z(nt * 96)],
        |e, o| same("local_array_permute", e, &dec::<i32>(&o[2]), &want),
    );
}

#[test]
fn recursion() {
    assert_sass("intmath", "recursion", &["CALL.REL"]);
    let mut a: Vec<u64> = i64s(64, 73).into_iter().map(|x| x as u64).collect();
    let mut bv: Vec<u64> = i64s(64, 74).into_iter().map(|x| x as u64).collect();
    a[0] = 0;
    bv[0] = 0;
    a[1] = 1071 * 3;
    bv[1] = 462 * 3;
    a[2] = 832_040; // consecutive Fibonacci numbers: the longest chain
    bv[2] = 514_229;
    fn gcd(a: u64, b: u64) -> u64 {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }
    fn fib(n: i32) -> i32 {
        if n < 2 {
            n
        } else {
            fib(n - 1) + fib(n - 2)
        }
    }
    let g: Vec<u64> = (0..64).map(|i| gcd(a[i], bv[i])).collect();
    let f: Vec<i32> = (0..64).map(|i| fib(i % 16)).collect();
    both(
        "intmath",
        "recursion",
        &g1(1, 64),
        &[b(&a), b(&bv), A::Z(512), A::Z(256)],
        |e, o| {
            same("gcd", e, &dec::<u64>(&o[2]), &g);
            same("fib", e, &dec::<i32>(&o[3]), &f);
        },
    );
}

#[test]
fn mulmod64() {
    let a: Vec<u64> = i64s(128, 75).into_iter().map(|x| x as u64).collect();
    let e_: Vec<u64> = i64s(128, 76).into_iter().map(|x| x as u64).collect();
    let m: Vec<u64> = i64s(128, 77).into_iter().map(|x| x as u64).collect();
    let mut want = Vec::new();
    for i in 0..128 {
        let (x, mut e, md) = (a[i], e_[i], (m[i] & 0xffff_ffff) | 1);
        let (mut r, mut base, mut h) = (1 % md, x % md, x);
        let mut k = 0;
        while k < 16 && e != 0 {
            if e & 1 != 0 {
                r = r * base % md;
            }
            base = base * base % md;
            h = ((h as u128 * 0x9e37_79b9_7f4a_7c15u128) >> 64) as u64
                ^ h.wrapping_mul(0xff51_afd7_ed55_8ccd);
            k += 1;
            e >>= 1;
        }
        want.push(r);
        want.push(h);
    }
    both(
        "intmath",
        "mulmod64",
        &g1(2, 64),
        &[b(&a), b(&e_), b(&m), A::Z(128 * 16)],
        |e, o| same("mulmod64", e, &dec::<u64>(&o[3]), &want),
    );
}

// ===========================================================================
// floatmath.cu

#[test]
fn f32_exact() {
    let n = 400;
    let (a, bv, c) = (f32s_edge(n, 80), f32s_edge(n, 81), f32s_edge(n, 82));
    let mut want = Vec::new();
    for i in 0..n {
        let (x, y, z) = (a[i], bv[i], c[i]);
        want.push(x / y);
        want.push(x.abs().sqrt());
        want.push(x.mul_add(y, z));
        want.push(if x.is_nan() { 0.0 } else { x.clamp(0.0, 1.0) });
        want.push(x.min(y));
        want.push(x.max(z));
        want.push(1.0 / y);
        want.push(x.floor() + y.ceil());
        want.push(x.trunc() - z.round_ties_even());
        want.push(x.abs().copysign(y));
    }
    both(
        "floatmath",
        "f32_exact",
        &g1(4, 128),
        &[b(&a), b(&bv), b(&c), A::Z(n * 40), A::I32(n as i32)],
        |e, o| {
            let got = dec::<f32>(&o[3]);
            for (i, (&g, &w)) in got.iter().zip(&want).enumerate() {
                let (k, j) = (i % 10, i / 10);
                // fminf/fmaxf of +0 and -0 may return either zero.
                let ok = same_f32(g, w) || ((k == 4 || k == 5) && g == 0.0 && w == 0.0);
                // __saturatef(-0) may keep the sign.
                let ok = ok || (k == 3 && g == 0.0 && w == 0.0);
                assert!(
                    ok,
                    "{e}: f32_exact[{j}] op {k}: got {g:e} ({:#x}), want {w:e} ({:#x}) for x={:e} y={:e} z={:e}",
                    g.to_bits(),
                    w.to_bits(),
                    a[j],
                    bv[j],
                    c[j]
                );
            }
        },
    );
}

#[test]
fn f32_approx() {
    assert_sass(
        "floatmath",
        "f32_approx",
        &["MUFU.EX2", "MUFU.RSQ", "MUFU.RCP", "FFMA.RM", "LDL"],
    );
    let n = 300;
    let mut r = Rng::new(83);
    let a: Vec<f32> = (0..n)
        .map(|_| {
            r.edge(&[0.0, -0.0, 1.0, -1.0, 10.0, -10.0, 0.5], |r| {
                r.range(-10_000_000, 10_000_000) as f32 * 1e-6
            })
        })
        .collect();
    let bv: Vec<f32> = (0..n)
        .map(|_| {
            let m = r.range(1, 10_000_000) as f32 * 1e-5;
            if r.below(2) == 0 {
                m
            } else {
                -m
            }
        })
        .collect();
    // (name, max ulp from the programming guide, reference in f64)
    type F = fn(f64, f64) -> f64;
    let ops: [(&str, u64, F); 10] = [
        ("expf", 2, |x, _| x.exp()),
        ("logf", 1, |_, y| y.abs().ln()),
        ("powf", 4, |x, y| y.abs().powf(x)),
        ("rsqrtf", 2, |_, y| 1.0 / y.abs().sqrt()),
        ("__fdividef", 2, |x, y| x / y),
        ("sinf", 2, |x, _| x.sin()),
        ("cosf", 2, |x, _| x.cos()),
        ("exp2f", 2, |x, _| x.exp2()),
        ("log2f", 1, |_, y| y.abs().log2()),
        ("tanhf", 2, |x, _| x.tanh()),
    ];
    both(
        "floatmath",
        "f32_approx",
        &g1(3, 128),
        &[b(&a), b(&bv), A::Z(n * 40), A::I32(n as i32)],
        |e, o| {
            let got = dec::<f32>(&o[2]);
            for i in 0..n {
                for (k, (name, bound, f)) in ops.iter().enumerate() {
                    let want = f(a[i] as f64, bv[i] as f64) as f32;
                    let g = got[10 * i + k];
                    // One more ulp for the rounding of the reference.
                    assert!(
                        ulps32(g, want) <= bound + 1,
                        "{e}: {name}(x={:e}, y={:e}) = {g:e}, want {want:e} ({} ulp)",
                        a[i],
                        bv[i],
                        ulps32(g, want)
                    );
                }
            }
        },
    );
}

#[test]
fn f64_math() {
    let n = 200;
    let mut r = Rng::new(84);
    let edges = [
        0.0,
        -0.0,
        1.0,
        -1.0,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        5e-324,
        f64::MIN_POSITIVE,
        0.5,
        2.0,
        -3.0,
    ];
    let a: Vec<f64> = (0..n)
        .map(|_| {
            r.edge(&edges, |r| {
                r.range(-20_000_000, 20_000_000) as f64 * 1e-6 + 1e-9
            })
        })
        .collect();
    let bv: Vec<f64> = (0..n)
        .map(|_| {
            r.edge(&edges, |r| {
                f64::from_bits(r.next() >> 2 | 0x3000_0000_0000_0000)
                    * if r.below(2) == 0 { 1.0 } else { -1.0 }
            })
        })
        .collect();
    type F = fn(f64, f64) -> f64;
    // (name, ulp bound: 0 = exact; guide bound + 1, rsqrt + 2 for its
    // two-rounding reference)
    let ops: [(&str, u64, F); 10] = [
        ("x/y", 0, |x, y| x / y),
        ("sqrt", 0, |x, _| x.abs().sqrt()),
        ("fma", 0, |x, y| x.mul_add(y, 0.5)),
        ("fmin", 0, |x, y| x.min(y)),
        ("exp", 2, |x, _| x.exp()),
        ("log", 2, |_, y| y.abs().ln()),
        ("pow", 3, |x, y| y.abs().powf(x)),
        ("sin", 3, |x, _| x.sin()),
        ("cos", 3, |x, _| x.cos()),
        ("rsqrt", 3, |_, y| 1.0 / y.abs().sqrt()),
    ];
    both(
        "floatmath",
        "f64_math",
        &g1(2, 128),
        &[b(&a), b(&bv), A::Z(n * 80), A::I32(n as i32)],
        |e, o| {
            let got = dec::<f64>(&o[2]);
            for i in 0..n {
                for (k, (name, bound, f)) in ops.iter().enumerate() {
                    let want = f(a[i], bv[i]);
                    let g = got[10 * i + k];
                    let ok = if *bound == 0 {
                        same_f64(g, want) || (k == 3 && g == 0.0 && want == 0.0)
                    } else {
                        ulps64(g, want) <= *bound
                    };
                    assert!(
                        ok,
                        "{e}: {name}(x={:e}, y={:e}) = {g:e} ({:#x}), want {want:e} ({:#x})",
                        a[i],
                        bv[i],
                        g.to_bits(),
                        want.to_bits()
                    );
                }
            }
        },
    );
}

#[test]
fn conversions() {
    let n = 300;
    let a = f32s_edge(n, 85);
    let mut r = Rng::new(86);
    let d: Vec<f64> = (0..n)
        .map(|_| {
            r.edge(
                &[
                    0.0,
                    -0.5,
                    2.5,
                    f64::NAN,
                    f64::INFINITY,
                    -2147483648.5,
                    2147483647.9,
                    9.3e18,
                    -9.3e18,
                    1e300,
                ],
                |r| r.range(-(1 << 50), 1 << 50) as f64 / 1024.0,
            )
        })
        .collect();
    let mut wi = Vec::new();
    let mut wf = Vec::new();
    let mut wh = Vec::new();
    for i in 0..n {
        let (x, y) = (a[i], d[i]);
        wi.push(x.round_ties_even() as i32);
        wi.push(x.floor() as i32);
        wi.push(x.ceil() as u32 as i32);
        wi.push(y.trunc() as i32);
        wi.push(y as i64 as i32);
        wi.push((x * 256.0) as i32);
        wf.push(y as f32);
        wf.push((wi[6 * i + 4] | 0x123_4567) as f32);
        wf.push(half::f16::from_f32(x).to_f32());
        wh.push(half::f16::from_f32(x).to_bits());
    }
    both(
        "floatmath",
        "conversions",
        &g1(3, 128),
        &[
            b(&a),
            b(&d),
            A::Z(n * 24),
            A::Z(n * 12),
            A::Z(n * 2),
            A::I32(n as i32),
        ],
        |e, o| {
            same("conversions int", e, &dec::<i32>(&o[2]), &wi);
            let gf = dec::<f32>(&o[3]);
            for (i, (&g, &w)) in gf.iter().zip(&wf).enumerate() {
                assert!(same_f32(g, w), "{e}: float {i}: got {g:e}, want {w:e}");
            }
            let gh = dec::<u16>(&o[4]);
            for (i, (&g, &w)) in gh.iter().zip(&wh).enumerate() {
                let nan = |h: u16| h & 0x7c00 == 0x7c00 && h & 0x3ff != 0;
                assert!(
                    g == w || (nan(g) && nan(w)),
                    "{e}: half {i}: got {g:#x}, want {w:#x}"
                );
            }
        },
    );
}

#[test]
fn horner_const() {
    assert_sass("floatmath", "horner_const", &["c[0x3]", "LDG.E.CONSTANT"]);
    let n = 500;
    let a = f32s_edge(n, 87);
    let p = [1.0f32, -0.5, 0.25, -0.125, 0.0625, 3.0, -7.5, 0.001];
    let pd = [1.0f64, -0.5, 0.25, -0.125, 0.0625, 3.0, -7.5, 0.001];
    let wf: Vec<f32> = a
        .iter()
        .map(|&x| (0..7).rev().fold(p[7], |r, k| r.mul_add(x, p[k])))
        .collect();
    let wd: Vec<f64> = a
        .iter()
        .map(|&x| (0..7).rev().fold(pd[7], |r, k| r.mul_add(x as f64, pd[k])))
        .collect();
    both(
        "floatmath",
        "horner_const",
        &g1(2, 64),
        &[b(&a), A::Z(n * 4), A::Z(n * 8), A::I32(n as i32)],
        |e, o| {
            let gf = dec::<f32>(&o[1]);
            let gd = dec::<f64>(&o[2]);
            for i in 0..n {
                assert!(
                    same_f32(gf[i], wf[i]),
                    "{e}: f32 x={:e}: got {:e}, want {:e}",
                    a[i],
                    gf[i],
                    wf[i]
                );
                assert!(
                    same_f64(gd[i], wd[i]),
                    "{e}: f64 x={:e}: got {:e}, want {:e}",
                    a[i],
                    gd[i],
                    wd[i]
                );
            }
        },
    );
}

// ===========================================================================
// misc.cu

#[test]
fn saxpy_ldg() {
    assert_sass("misc", "saxpy_ldg", &["LDG.E.CONSTANT", "FFMA"]);
    let n = 1000;
    let x = f32s_edge(n, 90);
    let y = f32s_edge(n, 91);
    let a = 2.5f32;
    let want: Vec<f32> = (0..n).map(|i| a.mul_add(x[i], y[i])).collect();
    both(
        "misc",
        "saxpy_ldg",
        &g1(2, 128),
        &[A::I32(n as i32), A::F32(a), b(&x), b(&y)],
        |e, o| {
            let got = dec::<f32>(&o[1]);
            for i in 0..n {
                assert!(
                    same_f32(got[i], want[i]),
                    "{e}: {i}: got {:e}, want {:e}",
                    got[i],
                    want[i]
                );
            }
        },
    );
}

#[test]
fn zip_templates() {
    let n = 200;
    let mut r = Rng::new(92);
    let (a8, b8): (Vec<u8>, Vec<u8>) = (0..n).map(|_| (r.next() as u8, r.next() as u8)).unzip();
    let w8: Vec<u8> = (0..n).map(|i| a8[i].abs_diff(b8[i])).collect();
    let a16: Vec<i16> = i32s(n, 93).iter().map(|&x| x as i16).collect();
    let b16: Vec<i16> = i32s(n, 94).iter().map(|&x| x as i16).collect();
    // short promotes to int: the difference is truncated back to short.
    let w16: Vec<i16> = (0..n)
        .map(|i| {
            let (x, y) = (a16[i] as i32, b16[i] as i32);
            (if x > y { x - y } else { y - x }) as i16
        })
        .collect();
    let a64 = i64s(n, 95);
    let b64 = i64s(n, 96);
    let w64: Vec<i64> = (0..n)
        .map(|i| a64[i].wrapping_mul(b64[i]).wrapping_add(a64[i]))
        .collect();
    let ad: Vec<f64> = (0..n)
        .map(|_| r.range(-1 << 40, 1 << 40) as f64 * 1e-7)
        .collect();
    let bd: Vec<f64> = (0..n)
        .map(|_| r.range(-1 << 40, 1 << 40) as f64 * 1e-9)
        .collect();
    let wd: Vec<f64> = (0..n).map(|i| ad[i].mul_add(bd[i], ad[i])).collect();
    let g = g1(2, 128);
    let ni = A::I32(n as i32);
    both(
        "misc",
        "zip_absdiff_u8",
        &g,
        &[b(&a8), b(&b8), A::Z(n), A::I32(n as i32)],
        |e, o| same("zip_absdiff_u8", e, &o[2], &w8),
    );
    both(
        "misc",
        "zip_absdiff_i16",
        &g,
        &[b(&a16), b(&b16), A::Z(2 * n), A::I32(n as i32)],
        |e, o| same("zip_absdiff_i16", e, &dec::<i16>(&o[2]), &w16),
    );
    both(
        "misc",
        "zip_muladd_i64",
        &g,
        &[b(&a64), b(&b64), A::Z(8 * n), A::I32(n as i32)],
        |e, o| same("zip_muladd_i64", e, &dec::<i64>(&o[2]), &w64),
    );
    assert_sass("misc", "zip_muladd_f64", &["DFMA"]);
    both(
        "misc",
        "zip_muladd_f64",
        &g,
        &[b(&ad), b(&bd), A::Z(8 * n), ni],
        |e, o| same("zip_muladd_f64", e, &dec::<f64>(&o[2]), &wd),
    );
}

fn crc32_ref(data: &[u8]) -> u32 {
    let mut crc = 0xffff_ffffu32;
    for &x in data {
        crc ^= x as u32;
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xedb8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

#[test]
fn crc32_const() {
    assert_eq!(crc32_ref(b"123456789"), 0xcbf4_3926);
    assert_sass("misc", "crc32_const", &["c[0x3]"]);
    let len = 13usize;
    let mut r = Rng::new(97);
    let data: Vec<u8> = (0..64 * len).map(|_| r.next() as u8).collect();
    let want: Vec<u32> = data.chunks(len).map(crc32_ref).collect();
    both(
        "misc",
        "crc32_const",
        &g1(2, 32),
        &[b(&data), A::I32(len as i32), A::Z(256)],
        |e, o| same("crc32_const", e, &dec::<u32>(&o[1]), &want),
    );
}

#[test]
fn dyn_shared_two() {
    let inp = small_f32s(128, 98, 1000);
    let mut out = Vec::new();
    let mut idx = Vec::new();
    for blk in 0..2 {
        for t in 0..64 {
            out.push(inp[blk * 64 + 63 - t] * 2.0);
            idx.push(63 - ((t as i32 + 1) % 64));
        }
    }
    let g = Geom {
        shared: 64 * 8,
        ..g1(2, 64)
    };
    both(
        "misc",
        "dyn_shared_two",
        &g,
        &[b(&inp), A::Z(512), A::Z(512)],
        |e, o| {
            same("dyn_shared_two out", e, &dec::<f32>(&o[1]), &out);
            same("dyn_shared_two idx", e, &dec::<i32>(&o[2]), &idx);
        },
    );
}

#[test]
fn bitonic_sort() {
    let inp = u32s(512, 99);
    let want: Vec<u32> = inp
        .chunks(256)
        .flat_map(|c| {
            let mut v = c.to_vec();
            v.sort();
            v
        })
        .collect();
    both(
        "misc",
        "bitonic_sort",
        &g1(2, 256),
        &[b(&inp), A::Z(2048)],
        |e, o| same("bitonic_sort", e, &dec::<u32>(&o[1]), &want),
    );
}

#[test]
fn cub_radix_sort_pairs() {
    let keys = i32s(512, 100);
    let vals: Vec<u32> = (0..512).collect();
    let mut wk = Vec::new();
    let mut wv = Vec::new();
    for c in 0..2 {
        let mut p: Vec<(i32, u32)> = (0..256)
            .map(|i| (keys[c * 256 + i], vals[c * 256 + i]))
            .collect();
        p.sort_by_key(|x| x.0); // stable, as a radix sort
        wk.extend(p.iter().map(|x| x.0));
        wv.extend(p.iter().map(|x| x.1));
    }
    both(
        "misc",
        "cub_radix_sort_pairs",
        &g1(2, 64),
        &[b(&keys), b(&vals), A::Z(2048), A::Z(2048)],
        |e, o| {
            same("keys", e, &dec::<i32>(&o[2]), &wk);
            same("values", e, &dec::<u32>(&o[3]), &wv);
        },
    );
}

#[test]
fn cub_radix_sort_desc_f32() {
    let mut r = Rng::new(101);
    let keys: Vec<f32> = (0..512)
        .map(|_| {
            r.edge(
                &[
                    f32::INFINITY,
                    f32::NEG_INFINITY,
                    f32::MAX,
                    1e-40,
                    -1e-40,
                    0.0,
                ],
                |r| r.range(-1_000_000, 1_000_000) as f32 * 0.01,
            )
        })
        .collect();
    let want: Vec<u32> = keys
        .chunks(256)
        .flat_map(|c| {
            let mut v = c.to_vec();
            v.sort_by(|a, b| b.partial_cmp(a).unwrap());
            v.into_iter().map(|x| x.to_bits()).collect::<Vec<_>>()
        })
        .collect();
    both(
        "misc",
        "cub_radix_sort_desc_f32",
        &g1(2, 64),
        &[b(&keys), A::Z(2048)],
        |e, o| same("cub_radix_sort_desc_f32", e, &dec::<u32>(&o[1]), &want),
    );
}

#[test]
fn particles_step() {
    // The struct-of-arrays parameter is passed by value: four pointers.
    let n = 100usize;
    let dt = 0.01f32;
    let mut r = Rng::new(102);
    let mut f =
        |lo: i64, hi: i64| -> Vec<f32> { (0..n).map(|_| r.range(lo, hi) as f32 * 1e-3).collect() };
    let (x, y, vx, vy) = (f(-5000, 5000), f(0, 50), f(-3000, 3000), f(-3000, 3000));
    let seed = u32s(n, 103);
    let m = module("misc");
    for e in ENGINES {
        let dev = Device::new().unwrap();
        let up = |v: &[f32]| dev.upload(&enc(v)).unwrap();
        let (px, py, pvx, pvy) = (up(&x), up(&y), up(&vx), up(&vy));
        let ps = dev.upload(&enc(&seed)).unwrap();
        let pst = dev.alloc(4 * n as u64).unwrap();
        let opts = LaunchOptions {
            grid: [1, 1, 1],
            block: [128, 1, 1],
            engine: e,
            threads: 2,
            ..LaunchOptions::default()
        };
        let args = [
            ArgSpec::Ptr(px),
            ArgSpec::Ptr(py),
            ArgSpec::Ptr(pvx),
            ArgSpec::Ptr(pvy),
            ArgSpec::I32(n as i32),
            ArgSpec::F32(dt),
            ArgSpec::Ptr(ps),
            ArgSpec::Ptr(pst),
        ];
        dev.launch(&m, "particles_step", &opts, &args)
            .unwrap_or_else(|err| panic!("particles_step ({e}): {err}"));
        let rd = |p: u64| dec::<f32>(&dev.read(p, 4 * n).unwrap());
        let (gx, gy, gvy) = (rd(px), rd(py), rd(pvy));
        let steps = dec::<u32>(&dev.read(pst, 4 * n).unwrap());
        for i in 0..n {
            // ptxas contracts `a + b * c` into one FFMA.
            let nvy = (-9.75f32).mul_add(dt, vy[i]);
            let nx = vx[i].mul_add(dt, x[i]);
            let mut ny = nvy.mul_add(dt, y[i]);
            let mut wvy = nvy;
            if ny < 0.0 {
                ny = -ny;
                wvy = -nvy * 0.5;
            }
            assert!(same_f32(gx[i], nx), "{e}: x[{i}] {} vs {}", gx[i], nx);
            assert!(same_f32(gy[i], ny), "{e}: y[{i}] {} vs {}", gy[i], ny);
            assert!(same_f32(gvy[i], wvy), "{e}: vy[{i}] {} vs {}", gvy[i], wvy);
            let (mut s, mut c) = (seed[i] | 1, 0u32);
            while s != 1 && c < 500 {
                s = if s & 1 != 0 {
                    s.wrapping_mul(3).wrapping_add(1)
                } else {
                    s >> 1
                };
                c += 1;
            }
            assert_eq!(steps[i], c, "{e}: steps[{i}]");
        }
    }
}

// ===========================================================================
// half.cu

use half::f16;

fn h(x: f64) -> f16 {
    // f64 -> f16 in one rounding (half rounds f64 directly).
    f16::from_f64(x)
}

/// Half values weighted to edges, finite unless `special`.
fn halves(n: usize, seed: u64, special: bool) -> Vec<f16> {
    let mut r = Rng::new(seed);
    let mut edges = vec![
        f16::ZERO,
        f16::NEG_ZERO,
        f16::ONE,
        f16::NEG_ONE,
        f16::MAX,
        f16::MIN,
        f16::from_bits(1),
        f16::MIN_POSITIVE,
        h(0.5),
        h(-1.5),
    ];
    if special {
        edges.extend([f16::INFINITY, f16::NEG_INFINITY, f16::NAN]);
    }
    (0..n)
        .map(|_| r.edge(&edges, |r| h(r.range(-4096, 4096) as f64 / 64.0)))
        .collect()
}

fn hbits(v: &[f16]) -> Vec<u16> {
    v.iter().map(|x| x.to_bits()).collect()
}

fn same_h(a: u16, b: u16) -> bool {
    let nan = |x: u16| x & 0x7c00 == 0x7c00 && x & 0x3ff != 0;
    a == b || (nan(a) && nan(b))
}

fn check_halves(what: &str, e: Engine, got: &[u16], want: &[u16]) {
    assert_eq!(got.len(), want.len());
    for i in 0..got.len() {
        assert!(
            same_h(got[i], want[i]),
            "{what} ({e}): {i}: got {:#06x} ({}), want {:#06x} ({})",
            got[i],
            f16::from_bits(got[i]),
            want[i],
            f16::from_bits(want[i])
        );
    }
}

#[test]
fn half2_axpb_relu() {
    assert_sass("half", "half2_axpb_relu", &["HFMA2", "HMUL2"]);
    let n = 256;
    let x = halves(2 * n, 110, false);
    let a: Vec<f16> = {
        let mut r = Rng::new(111);
        (0..2 * n)
            .map(|_| h(r.range(-64, 64) as f64 / 8.0))
            .collect()
    };
    let want: Vec<u16> = (0..2 * n)
        .map(|i| {
            // x has 11 significant bits, a 7: a*x + 0.5 is exact in f64.
            let v = h(a[i].to_f64() * x[i].to_f64() + 0.5);
            let v = if v.to_f64() > 0.0 { v } else { f16::ZERO };
            h(v.to_f64() * 2.0).to_bits()
        })
        .collect();
    both(
        "half",
        "half2_axpb_relu",
        &g1(2, 128),
        &[b(&hbits(&x)), b(&hbits(&a)), A::Z(4 * n), A::I32(n as i32)],
        |e, o| {
            let got = dec::<u16>(&o[2]);
            for i in 0..2 * n {
                // max(+0, -0) may be either zero.
                let zero = |v: u16| v & 0x7fff == 0;
                assert!(
                    same_h(got[i], want[i]) || (zero(got[i]) && zero(want[i])),
                    "{e}: {i}: a={} x={}: got {}, want {}",
                    a[i],
                    x[i],
                    f16::from_bits(got[i]),
                    f16::from_bits(want[i])
                );
            }
        },
    );
}

/// `__halves2half2(__float2half(2.0f), __float2half(s))`: the constant's
/// half comes from an HADD2 whose second source is the f32 constant
/// (`.F32`), once refused.
#[test]
fn half2_scale_pair() {
    assert_sass(
        "half",
        "half2_scale_pair",
        &["HADD2", "F2F.F16.F32", "HMUL2"],
    );
    let n = 200;
    let x = halves(2 * n, 114, false);
    let s = 0.375f32;
    let want: Vec<u16> = (0..2 * n)
        .map(|i| {
            let k = if i % 2 == 0 { 2.0 } else { s as f64 };
            h(x[i].to_f64() * k).to_bits()
        })
        .collect();
    both(
        "half",
        "half2_scale_pair",
        &g1(2, 128),
        &[b(&hbits(&x)), A::F32(s), A::I32(n as i32)],
        |e, o| {
            let got = dec::<u16>(&o[0]);
            for i in 0..2 * n {
                assert!(
                    same_h(got[i], want[i]),
                    "{e}: {i}: x={}: got {}, want {}",
                    x[i],
                    f16::from_bits(got[i]),
                    f16::from_bits(want[i])
                );
            }
        },
    );
}

#[test]
fn half2_compare() {
    assert_sass(
        "half_cmp",
        "half2_compare",
        &["HSET2.BF.LT.AND", "HSETP2.NAN.AND"],
    );
    let n = 256;
    let a = halves(2 * n, 112, true);
    let mut bb = halves(2 * n, 113, true);
    for i in (0..2 * n).step_by(5) {
        bb[i] = a[i]; // equal lanes
    }
    let mut lt = Vec::new();
    let mut flags = Vec::new();
    for i in 0..n {
        let (x0, x1, y0, y1) = (
            a[2 * i].to_f64(),
            a[2 * i + 1].to_f64(),
            bb[2 * i].to_f64(),
            bb[2 * i + 1].to_f64(),
        );
        lt.push(if x0 < y0 { f16::ONE } else { f16::ZERO }.to_bits());
        lt.push(if x1 < y1 { f16::ONE } else { f16::ZERO }.to_bits());
        flags.push(
            ((x0 > y0 && x1 > y1) as u32)
                | (((x0 == y0 && x1 == y1) as u32) << 1)
                | (((x0 <= 1.0 && x1 <= 1.0) as u32) << 2)
                | ((x0.is_nan() as u32) << 3),
        );
    }
    both(
        "half_cmp",
        "half2_compare",
        &g1(2, 128),
        &[
            b(&hbits(&a)),
            b(&hbits(&bb)),
            A::Z(4 * n),
            A::Z(4 * n),
            A::I32(n as i32),
        ],
        |e, o| {
            check_halves("half2_compare lt", e, &dec::<u16>(&o[2]), &lt);
            same("half2_compare flags", e, &dec::<u32>(&o[3]), &flags);
        },
    );
}

#[test]
fn half_scalar() {
    let n = 300;
    let a = halves(n, 114, true);
    let bb = halves(n, 115, true);
    let mut want = Vec::new();
    for i in 0..n {
        let (x, y) = (a[i].to_f64(), bb[i].to_f64());
        // Sums, differences and products of halves are exact in f64; the
        // f64 quotient rounds innocuously (53 >= 2*11 + 2).
        want.push(h(x + y).to_bits());
        want.push(h(x - y).to_bits());
        want.push(h(x * y).to_bits());
        want.push(h(x / y).to_bits());
        want.push(a[i].to_bits() | 0x8000);
    }
    both(
        "half_scalar",
        "half_scalar",
        &g1(3, 128),
        &[
            b(&hbits(&a)),
            b(&hbits(&bb)),
            A::Z(10 * n),
            A::I32(n as i32),
        ],
        |e, o| {
            let got = dec::<u16>(&o[2]);
            for i in 0..got.len() {
                assert!(
                    same_h(got[i], want[i]),
                    "half_scalar ({e}): x={} y={} op {}: got {}, want {}",
                    a[i / 5],
                    bb[i / 5],
                    i % 5,
                    f16::from_bits(got[i]),
                    f16::from_bits(want[i])
                );
            }
        },
    );
}

#[test]
fn half2_math() {
    let n = 128;
    let mut r = Rng::new(116);
    let a: Vec<f16> = (0..2 * n)
        .map(|_| {
            r.edge(&[f16::ZERO, f16::ONE, h(-1.0), h(10.0), h(0.25)], |r| {
                h(r.range(-8000, 8000) as f64 / 1000.0)
            })
        })
        .collect();
    type F = fn(f64) -> f64;
    let ops: [(&str, F); 4] = [
        ("h2exp", |x| x.exp()),
        ("h2sqrt", |x| x.abs().sqrt()),
        ("h2rcp", |x| 1.0 / x),
        ("h2log", |x| x.abs().ln()),
    ];
    both(
        "half_math",
        "half2_math",
        &g1(1, 128),
        &[b(&hbits(&a)), A::Z(16 * n), A::I32(n as i32)],
        |e, o| {
            let got = dec::<u16>(&o[1]);
            for i in 0..n {
                for (k, (name, f)) in ops.iter().enumerate() {
                    for lane in 0..2 {
                        let x = a[2 * i + lane];
                        let g = f16::from_bits(got[8 * i + 2 * k + lane]);
                        let w = h(f(x.to_f64()));
                        // cuda_fp16.h gives no ulp bound for these; allow 2
                        // half ulps (f16 bit patterns are ordered like f32's
                        // after widening).
                        let d = ulps32(g.to_f32(), w.to_f32());
                        let d = if w.is_infinite() || g.is_infinite() {
                            d
                        } else {
                            ulps32(g.to_f32(), w.to_f32()) >> 13
                        };
                        assert!(d <= 2, "{name} ({e}): x={x}: got {g}, want {w}");
                    }
                }
            }
        },
    );
}

#[test]
fn half2_warp_sum() {
    let n = 128;
    let v = halves(2 * n, 117, false);
    let mut want = Vec::new();
    for w in 0..n / 32 {
        for lane_half in 0..2 {
            let mut x: Vec<f16> = (0..32).map(|l| v[2 * (w * 32 + l) + lane_half]).collect();
            for m in [16, 8, 4, 2, 1] {
                x = (0..32)
                    .map(|l| h(x[l].to_f64() + x[l ^ m].to_f64()))
                    .collect();
            }
            want.push(x[0].to_f32());
        }
    }
    both(
        "half_shfl",
        "half2_warp_sum",
        &g1(2, 64),
        &[b(&hbits(&v)), A::Z(8 * n / 32)],
        |e, o| {
            let got = dec::<f32>(&o[1]);
            for i in 0..want.len() {
                assert!(
                    same_f32(got[i], want[i]),
                    "{e}: {i}: got {}, want {}",
                    got[i],
                    want[i]
                );
            }
        },
    );
}

// ===========================================================================
// memory.cu

#[test]
fn vec4_copy_scale() {
    assert_sass(
        "memory",
        "vec4_copy_scale",
        &["LDG.E.128.CONSTANT", "STG.E.128", "STG.E.64"],
    );
    let n = 100;
    let inp = f32s_edge(4 * n, 120);
    let mut out = Vec::new();
    let mut pairs = Vec::new();
    for i in 0..n {
        let (x, y, z, w) = (inp[4 * i], inp[4 * i + 1], inp[4 * i + 2], inp[4 * i + 3]);
        out.extend([w * 2.0, z, y, -x].map(f32::to_bits));
        pairs.extend([x.to_bits(), y.to_bits() ^ i as u32]);
    }
    both(
        "memory",
        "vec4_copy_scale",
        &g1(1, 128),
        &[b(&inp), A::Z(16 * n), A::Z(8 * n), A::I32(n as i32)],
        |e, o| {
            let got = dec::<u32>(&o[1]);
            for i in 0..got.len() {
                assert!(
                    same_f32(f32::from_bits(got[i]), f32::from_bits(out[i])),
                    "{e}: {i}"
                );
            }
            same("pairs", e, &dec::<u32>(&o[2]), &pairs);
        },
    );
}

#[test]
fn cache_hints() {
    let s = sass("memory", "cache_hints");
    for form in [
        "LDG.E.EF",
        "LDG.E.STRONG.GPU",
        "LDG.E.LU",
        "STG.E.EF",
        "STG.E.STRONG",
    ] {
        assert!(
            s.contains(form) || s.contains(&form.replace(".E.", ".E.SYS.")),
            "cache_hints lacks {form}:\n{s}"
        );
    }
    let n = 200;
    let (a, bb, c) = (i32s(n, 121), i32s(n, 122), i32s(n, 123));
    let mut o1 = Vec::new();
    let mut o2 = Vec::new();
    let mut o3 = Vec::new();
    for i in 0..n {
        o1.push(a[i].wrapping_add(bb[i]));
        o2.push(bb[i] ^ c[i]);
        o3.push(c[i].wrapping_sub(a[i]).wrapping_add(a[(i + 1) % n]));
    }
    both(
        "memory",
        "cache_hints",
        &g1(2, 128),
        &[
            b(&a),
            b(&bb),
            b(&c),
            A::Z(4 * n),
            A::Z(4 * n),
            A::Z(4 * n),
            A::I32(n as i32),
        ],
        |e, o| {
            same("o1", e, &dec::<i32>(&o[3]), &o1);
            same("o2", e, &dec::<i32>(&o[4]), &o2);
            same("o3", e, &dec::<i32>(&o[5]), &o3);
        },
    );
}

#[test]
fn generic_shared() {
    assert_sass_file_has("memory", "LD.E.SYS");
    let g = i32s(2 * 192, 124);
    let mut want = g.clone();
    for blk in 0..2 {
        for t in 0..64 {
            let p = blk * 192 + t;
            let t0 = want[p];
            want[p] = want[p + 64];
            want[p + 64] = want[p + 128];
            want[p + 128] = t0.wrapping_add(1);
        }
    }
    both(
        "memory",
        "generic_shared",
        &g1(2, 64),
        &[b(&g), A::Z(4 * 384)],
        |e, o| {
            same("global", e, &dec::<i32>(&o[0]), &want);
            same("shared", e, &dec::<i32>(&o[1]), &want);
        },
    );
}

/// Asserts that the whole listing of `file` (device functions included)
/// contains `needle`.
fn assert_sass_file_has(file: &str, needle: &str) {
    let p = corpus_dir().join(format!("{file}.sass"));
    let text = std::fs::read_to_string(&p).unwrap();
    assert!(text.contains(needle), "{file}.sass lacks {needle}");
}

#[test]
fn shared_float_atomics() {
    assert_sass(
        "memory",
        "shared_float_atomics",
        &[
            "ATOMS.CAST.SPIN",
            "ATOMS.CAST.SPIN.64",
            "ATOMS.INC",
            "RED.E.ADD.F32.FTZ.RN.STRONG.CTA",
            "RED.E.ADD.F64.RN.STRONG.SYS",
        ],
    );
    let inp = small_f32s(256, 125, 1000);
    let mut f = [0f32; 4];
    let mut d = [0f64; 2];
    for (i, &v) in inp.iter().enumerate() {
        f[i % 128 % 4] += v;
        d[i % 128 % 2] += v as f64 * 0.25;
    }
    both(
        "memory",
        "shared_float_atomics",
        &g1(2, 128),
        &[b(&inp), A::Z(16), A::Z(16), A::Z(8)],
        |e, o| {
            same("float", e, &dec::<f32>(&o[1]), &f);
            same("double", e, &dec::<f64>(&o[2]), &d);
            let u = dec::<u32>(&o[3]);
            assert_eq!(u[0], 128 % 41, "{e}: atomicInc wrap");
            assert!(
                u[1] != 0 && u[1].count_ones() <= 2,
                "{e}: exch bits {:#x}",
                u[1]
            );
        },
    );
}

#[test]
fn cas16() {
    let mut r = Rng::new(126);
    let inp: Vec<u16> = (0..256).map(|_| r.next() as u16).collect();
    let mut want = [0u16; 4];
    for &v in &inp {
        let s = &mut want[(v % 4) as usize];
        *s = (*s as u32 + (v >> 8) as u32).min(0xffff) as u16;
    }
    both(
        "memory",
        "cas16",
        &g1(2, 128),
        &[b(&inp), A::Z(8)],
        |e, o| same("cas16", e, &dec::<u16>(&o[1]), &want),
    );
}

#[test]
fn sync_count() {
    assert_sass(
        "barrier",
        "sync_count",
        &["BAR.RED.POPC", "BAR.RED.AND", "BAR.RED.OR", "B2R.RESULT"],
    );
    let mut inp = i32s(384, 127);
    inp[200] = 12345;
    for v in &mut inp[256..384] {
        if *v == 0 {
            *v = 5;
        }
    }
    let mut want = Vec::new();
    for c in inp.chunks(128) {
        want.push(c.iter().filter(|&&v| v > 0).count() as i32);
        want.push(c.iter().all(|&v| v != 0) as i32);
        want.push(c.contains(&12345) as i32);
    }
    both(
        "barrier",
        "sync_count",
        &g1(3, 128),
        &[b(&inp), A::Z(36)],
        |e, o| same("sync_count", e, &dec::<i32>(&o[1]), &want),
    );
}

#[test]
fn flag_handoff() {
    assert_sass("memory", "flag_handoff", &["NANOSLEEP", "MEMBAR.SC.CTA"]);
    let inp = i32s(64, 128);
    let want: Vec<i32> = inp
        .iter()
        .map(|v| v.wrapping_mul(3).wrapping_add(1))
        .collect();
    both(
        "memory",
        "flag_handoff",
        &g1(2, 64),
        &[b(&inp), A::Z(256), A::Z(256), A::Z(256)],
        |e, o| same("flag_handoff", e, &dec::<i32>(&o[3]), &want),
    );
}

// ===========================================================================
// simd.cu

fn lanes8(x: u32) -> [u32; 4] {
    [x & 0xff, (x >> 8) & 0xff, (x >> 16) & 0xff, x >> 24]
}

fn pack8(v: [u32; 4]) -> u32 {
    v.iter()
        .enumerate()
        .fold(0, |r, (k, &b)| r | (b & 0xff) << (8 * k))
}

fn lanes16(x: u32) -> [u32; 2] {
    [x & 0xffff, x >> 16]
}

fn pack16(v: [u32; 2]) -> u32 {
    (v[0] & 0xffff) | (v[1] & 0xffff) << 16
}

#[test]
fn simd_video() {
    assert_sass("simd", "simd_video", &["VABSDIFF4.U8"]);
    let n = 300;
    let (a, bb) = (u32s(n, 130), u32s(n, 131));
    let mut want = Vec::new();
    for i in 0..n {
        let (x, y) = (a[i], bb[i]);
        let (x8, y8) = (lanes8(x), lanes8(y));
        let (x16, y16) = (lanes16(x), lanes16(y));
        let s8 = |v: u32| v as u8 as i8 as i32;
        let s16 = |v: u32| v as u16 as i16 as i32;
        want.push(pack8([0, 1, 2, 3].map(|k| x8[k] + y8[k])));
        want.push(pack16([0, 1].map(|k| x16[k].wrapping_sub(y16[k]))));
        want.push(pack8([0, 1, 2, 3].map(|k| x8[k].abs_diff(y8[k]))));
        want.push(pack8([0, 1, 2, 3].map(|k| x8[k].max(y8[k]))));
        want.push(pack8([0, 1, 2, 3].map(|k| {
            if x8[k] > y8[k] {
                0xff
            } else {
                0
            }
        })));
        want.push(pack8([0, 1, 2, 3].map(|k| (x8[k] + y8[k] + 1) >> 1)));
        want.push((0..2).map(|k| s16(x16[k]).abs_diff(s16(y16[k]))).sum());
        want.push(pack16([0, 1].map(|k| s16(x16[k]).min(s16(y16[k])) as u32)));
        want.push(pack8(
            [0, 1, 2, 3].map(|k| (s8(x8[k]) + s8(y8[k])).clamp(-128, 127) as u32),
        ));
        want.push(pack16([0, 1].map(|k| (x16[k] < y16[k]) as u32)));
    }
    both(
        "simd",
        "simd_video",
        &g1(3, 128),
        &[b(&a), b(&bb), A::Z(40 * n), A::I32(n as i32)],
        |e, o| {
            let got = dec::<u32>(&o[2]);
            for i in 0..got.len() {
                assert_eq!(
                    got[i],
                    want[i],
                    "{e}: x={:#x} y={:#x} op {}",
                    a[i / 10],
                    bb[i / 10],
                    i % 10
                );
            }
        },
    );
}

#[test]
fn dot_products() {
    assert_sass(
        "dp4a",
        "dot_products",
        &[
            "IDP.4A.S8.S8",
            "IDP.4A.U8.U8",
            "IDP.2A.LO.S16.S8",
            "IDP.2A.HI.U16.U8",
        ],
    );
    let n = 300;
    let (a, bb, c) = (i32s(n, 132), i32s(n, 133), u32s(n, 134));
    let mut want = Vec::new();
    for i in 0..n {
        let (x, y, z) = (a[i] as u32, bb[i] as u32, c[i]);
        let sb = |v: u32, k: usize| (v >> (8 * k)) as u8 as i8 as i32;
        let ub = |v: u32, k: usize| (v >> (8 * k)) & 0xff;
        let sh = |v: u32, k: usize| (v >> (16 * k)) as u16 as i16 as i32;
        let uh = |v: u32, k: usize| (v >> (16 * k)) & 0xffff;
        want.push((0..4).fold(7i32, |s, k| s.wrapping_add(sb(x, k) * sb(y, k))));
        want.push((0..4).fold(0u32, |s, k| s.wrapping_add(ub(z, k) * ub(y, k))) as i32);
        want.push((0..2).fold(-3i32, |s, k| s.wrapping_add(sh(x, k) * sb(y, k))));
        want.push((0..2).fold(100u32, |s, k| s.wrapping_add(uh(x, k) * ub(z, k + 2))) as i32);
    }
    both(
        "dp4a",
        "dot_products",
        &g1(3, 128),
        &[b(&a), b(&bb), b(&c), A::Z(16 * n), A::I32(n as i32)],
        |e, o| same("dot_products", e, &dec::<i32>(&o[3]), &want),
    );
}

#[test]
fn inline_ptx_bits() {
    assert_sass("ptx_bits", "inline_ptx_bits", &["BMSK", "SGXT", "LOP3.LUT"]);
    let n = 300;
    let (a, bb) = (u32s(n, 135), u32s(n, 136));
    let mut want = Vec::new();
    for i in 0..n {
        let (x, y) = (a[i], bb[i]);
        let (pos, len) = (y & 31, (y >> 5) & 31);
        // bfe: bits [pos, pos+len) (cut at bit 31), zero / sign filled.
        let field = |signed: bool| -> u32 {
            if len == 0 {
                return 0;
            }
            let sbit = if signed {
                (x >> (pos + len - 1).min(31)) & 1
            } else {
                0
            };
            (0..32).fold(0, |r, k| {
                let bit = if k < len && pos + k <= 31 {
                    (x >> (pos + k)) & 1
                } else {
                    sbit
                };
                r | bit << k
            })
        };
        want.push(field(false));
        want.push(field(true));
        let (ipos, ilen) = ((x >> 8) & 31, (x >> 16) & 31);
        want.push((0..ilen).filter(|k| ipos + k <= 31).fold(y, |d, k| {
            (d & !(1 << (ipos + k))) | ((x >> k) & 1) << (ipos + k)
        }));
        let sh = y & 63;
        want.push((if sh >= 32 { 0 } else { x >> sh }).wrapping_add(y));
        want.push(x ^ y ^ (x >> 3));
    }
    both(
        "ptx_bits",
        "inline_ptx_bits",
        &g1(3, 128),
        &[b(&a), b(&bb), A::Z(20 * n), A::I32(n as i32)],
        |e, o| {
            let got = dec::<u32>(&o[2]);
            for i in 0..got.len() {
                assert_eq!(
                    got[i],
                    want[i],
                    "{e}: x={:#x} y={:#x} op {}",
                    a[i / 5],
                    bb[i / 5],
                    i % 5
                );
            }
        },
    );
}

#[test]
fn prmt_modes() {
    assert_sass(
        "prmt",
        "prmt_modes",
        &[
            "PRMT.F4E",
            "PRMT.B4E",
            "PRMT.RC8",
            "PRMT.ECL",
            "PRMT.ECR",
            "PRMT.RC16",
        ],
    );
    let n = 300;
    let (a, bb) = (u32s(n, 137), u32s(n, 138));
    let mut want = Vec::new();
    for i in 0..n {
        let (x, y) = (a[i], bb[i]);
        // Bytes 0-3 from x, 4-7 from y; the mode's selector is y[1:0].
        let bytes = ((y as u64) << 32 | x as u64).to_le_bytes();
        let s = (y & 3) as usize;
        let sel = |f: &dyn Fn(usize) -> usize| pack8([0, 1, 2, 3].map(|k| bytes[f(k) & 7] as u32));
        want.push(sel(&|k| s + k));
        want.push(sel(&|k| (s + 8 - k) % 8));
        want.push(sel(&|_| s));
        want.push(sel(&|k| k.max(s)));
        want.push(sel(&|k| k.min(s)));
        want.push(sel(&|k| 2 * (s & 1) + (k & 1)));
    }
    both(
        "prmt",
        "prmt_modes",
        &g1(3, 128),
        &[b(&a), b(&bb), A::Z(24 * n), A::I32(n as i32)],
        |e, o| {
            let got = dec::<u32>(&o[2]);
            for i in 0..got.len() {
                assert_eq!(
                    got[i],
                    want[i],
                    "{e}: x={:#x} y={:#x} mode {}",
                    a[i / 6],
                    bb[i / 6],
                    i % 6
                );
            }
        },
    );
}

// ===========================================================================
// mma_f16.cu, mma_s8.cu

#[test]
fn mma_m16n8k8_f16() {
    assert_sass("mma_f16", "mma_m16n8k8_f16", &["HMMA.1688.F32"]);
    let tiles = 2;
    let mut r = Rng::new(140);
    // Small integers: the products and sums are exact in f32.
    let a: Vec<f16> = (0..tiles * 128).map(|_| h(r.range(-8, 8) as f64)).collect();
    let bm: Vec<f16> = (0..tiles * 64).map(|_| h(r.range(-8, 8) as f64)).collect();
    let c: Vec<f32> = (0..tiles * 128)
        .map(|_| r.range(-100, 100) as f32)
        .collect();
    let mut want = vec![0f32; tiles * 128];
    for t in 0..tiles {
        for m in 0..16 {
            for nn in 0..8 {
                let s: f32 = (0..8)
                    .map(|k| a[t * 128 + m * 8 + k].to_f32() * bm[t * 64 + nn * 8 + k].to_f32())
                    .sum();
                want[t * 128 + m * 8 + nn] = s + c[t * 128 + m * 8 + nn];
            }
        }
    }
    both(
        "mma_f16",
        "mma_m16n8k8_f16",
        &g1(tiles as u32, 32),
        &[b(&hbits(&a)), b(&hbits(&bm)), b(&c), A::Z(tiles * 512)],
        |e, o| same("mma_m16n8k8_f16", e, &dec::<f32>(&o[3]), &want),
    );
}

#[test]
fn mma_m8n8k16_s8() {
    assert_sass("mma_s8", "mma_m8n8k16_s8", &["IMMA.8816.S8.S8"]);
    let mut r = Rng::new(141);
    let a: Vec<i8> = (0..128).map(|_| r.next() as i8).collect();
    let bm: Vec<i8> = (0..128).map(|_| r.next() as i8).collect();
    let c = i32s(64, 142);
    let mut want = vec![0i32; 64];
    for m in 0..8 {
        for nn in 0..8 {
            let s: i32 = (0..16)
                .map(|k| a[m * 16 + k] as i32 * bm[nn * 16 + k] as i32)
                .sum();
            want[m * 8 + nn] = s.wrapping_add(c[m * 8 + nn]);
        }
    }
    both(
        "mma_s8",
        "mma_m8n8k16_s8",
        &g1(1, 32),
        &[b(&a), b(&bm), b(&c), A::Z(256)],
        |e, o| same("mma_m8n8k16_s8", e, &dec::<i32>(&o[3]), &want),
    );
}

// ===========================================================================
// virtual.cu

#[test]
fn fn_pointers() {
    let ops = i32s(128, 150);
    let (a, bb) = (i32s(128, 151), i32s(128, 152));
    let want: Vec<i32> = (0..128)
        .map(|i| match ops[i] & 3 {
            0 => a[i].wrapping_add(bb[i]),
            1 => a[i].wrapping_mul(bb[i]),
            2 => a[i].wrapping_sub(bb[i].wrapping_mul(3)),
            _ => a[i] ^ bb[i],
        })
        .collect();
    both(
        "virtual",
        "fn_pointers",
        &g1(2, 64),
        &[b(&ops), b(&a), b(&bb), A::Z(512)],
        |e, o| same("fn_pointers", e, &dec::<i32>(&o[3]), &want),
    );
}

/// A function pointer called only when it is not null, in a kernel whose
/// code holds no device function (Numba's NRT destructor calls): before,
/// the kernel was refused ("no device function to call"); now null entries
/// run, and a non-null one traps, naming the lane.
#[test]
fn call_if_set_null_pointers_run_others_trap() {
    let a = i32s(64, 155);
    let nulls = vec![0u64; 64];
    both(
        "virtual",
        "call_if_set",
        &g1(1, 64),
        &[b(&nulls), b(&a), A::Z(256)],
        |e, o| same("call_if_set", e, &dec::<i32>(&o[2]), &[-1; 64]),
    );
    let m = module("virtual");
    let mut table = nulls;
    table[5] = 0x100;
    for e in ENGINES {
        let dev = Device::new().expect("device");
        let put = |bytes: &[u8]| {
            let p = dev.alloc(bytes.len() as u64).expect("alloc");
            dev.write(p, bytes).expect("write");
            p
        };
        let (t, av) = (put(&enc(&table)), put(&enc(&a)));
        let out = dev.alloc(256).expect("alloc");
        let opts = LaunchOptions {
            block: [64, 1, 1],
            engine: e,
            ..LaunchOptions::default()
        };
        let err = dev
            .launch(
                &m,
                "call_if_set",
                &opts,
                &[ArgSpec::Ptr(t), ArgSpec::Ptr(av), ArgSpec::Ptr(out)],
            )
            .expect_err("a call through 0x100 traps");
        let msg = err.to_string();
        // ptxas reads the pointer's code offset from constant bank 2 (the
        // function table, empty here) before the call: that read traps.
        assert!(msg.contains("trap") && msg.contains("lane 5"), "{e}: {msg}");
    }
}

#[test]
fn virtual_shapes() {
    let mut r = Rng::new(153);
    let kind: Vec<i32> = (0..64).map(|_| r.below(3)).collect();
    let p = f32s_edge(128, 154);
    let mut area = Vec::new();
    let mut sides = Vec::new();
    for i in 0..64 {
        let (x, y) = (p[2 * i], p[2 * i + 1]);
        let (ar, s) = match kind[i] {
            0 => (x * y, 4),
            1 => (0.5 * x * y, 3),
            _ => (3.0 * x * x, 0),
        };
        area.push(ar);
        sides.push(s);
    }
    both(
        "virtual",
        "virtual_shapes",
        &g1(1, 64),
        &[b(&kind), b(&p), A::Z(256), A::Z(256)],
        |e, o| {
            let got = dec::<f32>(&o[2]);
            for i in 0..64 {
                assert!(
                    same_f32(got[i], area[i]),
                    "{e}: area {i}: got {}, want {}",
                    got[i],
                    area[i]
                );
            }
            same("sides", e, &dec::<i32>(&o[3]), &sides);
        },
    );
}

// ===========================================================================
// mathlib.cu

/// IEEE remainder of two values (f32 ones exactly representable in f64):
/// r = x - n*y with n the integer nearest x/y, ties to even; exact.
fn ieee_remainder(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() || x.is_infinite() || y == 0.0 {
        return f64::NAN;
    }
    if y.is_infinite() {
        return x;
    }
    let b = y.abs();
    // x mod 2b keeps n's parity; then at most two subtractions of b, each
    // exact (Sterbenz).
    let mut a = if (2.0 * b).is_finite() {
        (x % (2.0 * b)).abs()
    } else {
        x.abs()
    };
    let mut odd = false;
    if a >= b {
        a -= b;
        odd = true;
    }
    if a > b / 2.0 || (a == b / 2.0 && odd) {
        a -= b;
    }
    if a == 0.0 {
        0f64.copysign(x)
    } else if x < 0.0 {
        -a
    } else {
        a
    }
}

fn frexp32(x: f32) -> (f32, i32) {
    if x == 0.0 || !x.is_finite() {
        return (x, 0);
    }
    if x.abs() < f32::MIN_POSITIVE {
        let (m, e) = frexp32(x * 4_294_967_296.0);
        return (m, e - 32);
    }
    let bits = x.to_bits();
    let e = ((bits >> 23) & 0xff) as i32 - 126;
    (f32::from_bits((bits & 0x807f_ffff) | (126 << 23)), e)
}

fn ilogb32(x: f32) -> i32 {
    if x == 0.0 || x.is_nan() {
        return i32::MIN;
    }
    if x.is_infinite() {
        return i32::MAX;
    }
    let bits = x.to_bits() & 0x7fff_ffff;
    let e = (bits >> 23) as i32;
    if e == 0 {
        (31 - bits.leading_zeros() as i32) - 149
    } else {
        e - 127
    }
}

fn nextafter32(x: f32, y: f32) -> f32 {
    if x.is_nan() || y.is_nan() {
        return f32::NAN;
    }
    if x == y {
        return y;
    }
    if x == 0.0 {
        return f32::from_bits(1).copysign(y);
    }
    let b = x.to_bits();
    f32::from_bits(if (y > x) == (x > 0.0) { b + 1 } else { b - 1 })
}

#[test]
fn f32_exact_lib() {
    let n = 400;
    let (a, bb) = (f32s_edge(n, 160), f32s_edge(n, 161));
    let mut wf = Vec::new();
    let mut wi = Vec::new();
    for i in 0..n {
        let (x, y) = (a[i], bb[i]);
        wf.push(x % y);
        wf.push(ieee_remainder(x as f64, y as f64) as f32);
        let k = (y as i32) % 40;
        wf.push((x as f64 * 2f64.powi(k)) as f32);
        let (m, e) = frexp32(x);
        wf.push(m);
        let ip = x.trunc();
        wf.push(if x.is_infinite() {
            0f32.copysign(x)
        } else {
            (x - ip).copysign(x)
        });
        wf.push(ip);
        wf.push(nextafter32(x, y));
        wf.push(if x.is_nan() || y.is_nan() {
            f32::NAN
        } else if x > y {
            x - y
        } else {
            0.0
        });
        wi.push(if x.is_finite() { e } else { i32::MIN }); // unspecified: not compared
        wi.push(ilogb32(x));
    }
    const NAMES: [&str; 8] = [
        "fmodf",
        "remainderf",
        "ldexpf",
        "frexpf",
        "modff frac",
        "modff int",
        "nextafterf",
        "fdimf",
    ];
    both(
        "mathlib",
        "f32_exact_lib",
        &g1(4, 128),
        &[b(&a), b(&bb), A::Z(32 * n), A::Z(8 * n), A::I32(n as i32)],
        |e, o| {
            let gf = dec::<f32>(&o[2]);
            let gi = dec::<i32>(&o[3]);
            for i in 0..n {
                for k in 0..8 {
                    let (g, w) = (gf[8 * i + k], wf[8 * i + k]);
                    assert!(
                        same_f32(g, w),
                        "{e}: {}(x={:e}, y={:e}) = {g:e} ({:#x}), want {w:e} ({:#x})",
                        NAMES[k],
                        a[i],
                        bb[i],
                        g.to_bits(),
                        w.to_bits()
                    );
                }
                if a[i].is_finite() {
                    assert_eq!(gi[2 * i], wi[2 * i], "{e}: frexpf exponent of {:e}", a[i]);
                }
                assert_eq!(gi[2 * i + 1], wi[2 * i + 1], "{e}: ilogbf({:e})", a[i]);
            }
        },
    );
}

#[test]
fn f32_approx_lib() {
    let n = 300;
    let mut r = Rng::new(162);
    let a: Vec<f32> = (0..n)
        .map(|_| {
            r.edge(&[0.0, -0.0, 1.0, -1.0, 10.0, -10.0, 0.5], |r| {
                r.range(-10_000_000, 10_000_000) as f32 * 1e-6
            })
        })
        .collect();
    let bv: Vec<f32> = (0..n)
        .map(|_| {
            let m = r.range(1, 10_000_000) as f32 * 1e-5;
            if r.below(2) == 0 {
                m
            } else {
                -m
            }
        })
        .collect();
    // (name, the guide's maximum ulp error, reference in f64)
    type F = fn(f32, f32) -> f64;
    let ops: [(&str, u64, F); 12] = [
        ("atan2f", 3, |x, y| (x as f64).atan2(y as f64)),
        ("hypotf", 3, |x, y| (x as f64).hypot(y as f64)),
        ("cbrtf", 1, |x, _| (x as f64).cbrt()),
        ("asinf", 2, |x, _| ((x / 11.0) as f64).asin()),
        ("acosf", 2, |x, _| ((x / 11.0) as f64).acos()),
        ("atanf", 2, |_, y| (y as f64).atan()),
        ("sinhf", 3, |x, _| (x as f64).sinh()),
        ("coshf", 2, |x, _| (x as f64).cosh()),
        ("expm1f", 1, |x, _| (x as f64).exp_m1()),
        ("log1pf", 1, |_, y| (y.abs() as f64).ln_1p()),
        ("log10f", 2, |_, y| (y.abs() as f64).log10()),
        ("tanf", 4, |x, _| (x as f64).tan()),
    ];
    both(
        "mathlib",
        "f32_approx_lib",
        &g1(3, 128),
        &[b(&a), b(&bv), A::Z(48 * n), A::I32(n as i32)],
        |e, o| {
            let got = dec::<f32>(&o[2]);
            for i in 0..n {
                for (k, (name, bound, f)) in ops.iter().enumerate() {
                    let want = f(a[i], bv[i]) as f32;
                    let g = got[12 * i + k];
                    // One more ulp for the rounding of the reference.
                    assert!(
                        ulps32(g, want) <= bound + 1,
                        "{e}: {name}(x={:e}, y={:e}) = {g:e}, want {want:e}",
                        a[i],
                        bv[i]
                    );
                }
            }
        },
    );
}

#[test]
fn f64_lib() {
    let n = 200;
    let mut r = Rng::new(163);
    let edges = [
        0.0,
        -0.0,
        1.0,
        -1.0,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        0.5,
    ];
    let a: Vec<f64> = (0..n)
        .map(|_| r.edge(&edges, |r| r.range(-1 << 40, 1 << 40) as f64 * 1e-6))
        .collect();
    let bv: Vec<f64> = (0..n)
        .map(|_| r.edge(&edges, |r| r.range(-1 << 40, 1 << 40) as f64 * 1e-9))
        .collect();
    // (name, ulp bound: 0 = exact, else the guide's bound + 1)
    type F = fn(f64, f64) -> f64;
    let ops: [(&str, u64, F); 8] = [
        ("fmod", 0, |x, y| x % y),
        ("remainder", 0, ieee_remainder),
        ("atan2", 3, |x, y| x.atan2(y)),
        ("hypot", 3, |x, y| x.hypot(y)),
        ("cbrt", 2, |x, _| x.cbrt()),
        ("log1p", 2, |_, y| y.abs().ln_1p()),
        ("expm1", 2, |x, _| (x / 16.0).exp_m1()),
        ("tan", 3, |x, _| (x / 8.0).tan()),
    ];
    both(
        "mathlib",
        "f64_lib",
        &g1(2, 128),
        &[b(&a), b(&bv), A::Z(64 * n), A::I32(n as i32)],
        |e, o| {
            let got = dec::<f64>(&o[2]);
            for i in 0..n {
                for (k, (name, bound, f)) in ops.iter().enumerate() {
                    let want = f(a[i], bv[i]);
                    let g = got[8 * i + k];
                    let ok = if *bound == 0 {
                        same_f64(g, want)
                    } else {
                        ulps64(g, want) <= *bound
                    };
                    assert!(
                        ok,
                        "{e}: {name}(x={:e}, y={:e}) = {g:e} ({:#x}), want {want:e} ({:#x})",
                        a[i],
                        bv[i],
                        g.to_bits(),
                        want.to_bits()
                    );
                }
            }
        },
    );
}

/// The sign of an exact sum of doubles (Shewchuk's grow-expansion: the
/// components do not overlap, so the largest nonzero one has the sign).
fn exact_sign(terms: &[f64]) -> i32 {
    let two_sum = |a: f64, b: f64| {
        let s = a + b;
        let bb = s - a;
        (s, (a - (s - bb)) + (b - bb))
    };
    let mut e: Vec<f64> = Vec::new();
    for &t in terms {
        let mut q = t;
        let mut next = Vec::new();
        for &h in &e {
            let (s, err) = two_sum(q, h);
            if err != 0.0 {
                next.push(err);
            }
            q = s;
        }
        next.push(q);
        e = next;
    }
    e.iter()
        .rev()
        .find(|&&c| c != 0.0)
        .map_or(0, |&c| if c > 0.0 { 1 } else { -1 })
}

/// Rounds in a direction ('d' down, 'u' up, 'z' toward zero) given the
/// round-to-nearest result `r` and the sign of (exact - r).
fn dir32(r: f32, sigma: i32, mode: char) -> f32 {
    match mode {
        'd' if sigma < 0 => r.next_down(),
        'u' if sigma > 0 => r.next_up(),
        'z' if r > 0.0 && sigma < 0 => r.next_down(),
        'z' if r < 0.0 && sigma > 0 => r.next_up(),
        _ => r,
    }
}

fn dir64(r: f64, sigma: i32, mode: char) -> f64 {
    match mode {
        'd' if sigma < 0 => r.next_down(),
        'u' if sigma > 0 => r.next_up(),
        'z' if r > 0.0 && sigma < 0 => r.next_down(),
        'z' if r < 0.0 && sigma > 0 => r.next_up(),
        _ => r,
    }
}

#[test]
fn directed_rounding() {
    let n = 300;
    let mut r = Rng::new(164);
    let sign = |r: &mut Rng| if r.below(2) == 0 { 1.0 } else { -1.0 };
    // x: 13 significant bits; y: a full significand in [0.5, 8). Every sum,
    // product and x*y+1 below is exact in f64.
    let x: Vec<f32> = (0..n)
        .map(|_| r.range(1, 4096) as f32 / 256.0 * sign(&mut r) as f32)
        .collect();
    let y: Vec<f32> = (0..n)
        .map(|_| f32::from_bits(0x3f00_0000 + (r.below(0x0180_0000) as u32)) * sign(&mut r) as f32)
        .collect();
    let u: Vec<f64> = (0..n)
        .map(|_| {
            f64::from_bits(0x3f50_0000_0000_0000 + r.below(0x0150_0000_0000_0000)) * sign(&mut r)
        })
        .collect();
    let v: Vec<f64> = (0..n)
        .map(|_| {
            f64::from_bits(0x3f50_0000_0000_0000 + r.below(0x0150_0000_0000_0000)) * sign(&mut r)
        })
        .collect();
    let from_exact = |ex: f64, mode: char| {
        let rn = ex as f32;
        dir32(rn, exact_sign(&[ex, -(rn as f64)]), mode)
    };
    let sgn = |z: f64| {
        if z > 0.0 {
            1
        } else if z < 0.0 {
            -1
        } else {
            0
        }
    };
    let mut wf = Vec::new();
    let mut wd = Vec::new();
    for i in 0..n {
        let (xf, yf) = (x[i] as f64, y[i] as f64);
        wf.push(from_exact(xf + yf, 'd'));
        wf.push(from_exact(xf + yf, 'u'));
        wf.push(from_exact(xf * yf, 'z'));
        let q = x[i] / y[i];
        let s = sgn(xf - q as f64 * yf) * sgn(yf);
        wf.push(dir32(q, s, 'u'));
        wf.push(dir32(q, s, 'd'));
        let sq = x[i].abs().sqrt();
        wf.push(dir32(sq, sgn(xf.abs() - sq as f64 * sq as f64), 'd'));
        wf.push(from_exact(xf * yf + 1.0, 'z'));
        let rc = 1.0 / y[i];
        wf.push(dir32(rc, sgn(1.0 - rc as f64 * yf) * sgn(yf), 'u'));

        let (p, q2) = (u[i], v[i]);
        let s = p + q2;
        wd.push(dir64(s, exact_sign(&[p, q2, -s]), 'd'));
        let m = p * q2;
        wd.push(dir64(m, sgn(p.mul_add(q2, -m)), 'u'));
        let d = p / q2;
        wd.push(dir64(d, sgn((-d).mul_add(q2, p)) * sgn(q2), 'z'));
        let sq = p.abs().sqrt();
        wd.push(dir64(sq, sgn((-sq).mul_add(sq, p.abs())), 'u'));
        let f = p.mul_add(q2, 1.0);
        let pp = p * q2;
        let ep = p.mul_add(q2, -pp);
        wd.push(dir64(f, exact_sign(&[pp, ep, 1.0, -f]), 'd'));
        let rc = 1.0 / q2;
        wd.push(dir64(rc, sgn((-rc).mul_add(q2, 1.0)) * sgn(q2), 'd'));
    }
    const NF: [&str; 8] = [
        "__fadd_rd",
        "__fadd_ru",
        "__fmul_rz",
        "__fdiv_ru",
        "__fdiv_rd",
        "__fsqrt_rd",
        "__fmaf_rz",
        "__frcp_ru",
    ];
    const ND: [&str; 6] = [
        "__dadd_rd",
        "__dmul_ru",
        "__ddiv_rz",
        "__dsqrt_ru",
        "__fma_rd",
        "__drcp_rd",
    ];
    both(
        "mathlib",
        "directed_rounding",
        &g1(3, 128),
        &[
            b(&x),
            b(&y),
            A::Z(32 * n),
            b(&u),
            b(&v),
            A::Z(48 * n),
            A::I32(n as i32),
        ],
        |e, o| {
            let gf = dec::<f32>(&o[2]);
            let gd = dec::<f64>(&o[5]);
            for i in 0..n {
                for k in 0..8 {
                    let (g, w) = (gf[8 * i + k], wf[8 * i + k]);
                    assert!(
                        g.to_bits() == w.to_bits(),
                        "{e}: {}(x={:e}, y={:e}) = {g:e}, want {w:e}",
                        NF[k],
                        x[i],
                        y[i]
                    );
                }
                for k in 0..6 {
                    let (g, w) = (gd[6 * i + k], wd[6 * i + k]);
                    assert!(
                        g.to_bits() == w.to_bits(),
                        "{e}: {}(u={:e}, v={:e}) = {g:e}, want {w:e}",
                        ND[k],
                        u[i],
                        v[i]
                    );
                }
            }
        },
    );
}

// ===========================================================================
// cg.cu

#[test]
fn cg_coalesced() {
    assert_sass("cg", "cg_coalesced", &["UPOPC", "UFLO.U32", "VOTEU.ANY"]);
    let inp = i32s(128, 170);
    let mut rank = Vec::new();
    let mut size = Vec::new();
    for w in inp.chunks(32) {
        let odd: Vec<usize> = (0..32).filter(|&l| w[l] & 1 != 0).collect();
        for l in 0..32 {
            match odd.iter().position(|&o| o == l) {
                Some(p) => {
                    rank.push(p as i32);
                    size.push(odd.len() as i32);
                }
                None => {
                    rank.push(-1);
                    size.push(-1);
                }
            }
        }
    }
    let count = inp.iter().filter(|&&v| v & 1 != 0).count() as u32;
    both(
        "cg",
        "cg_coalesced",
        &g1(2, 64),
        &[b(&inp), A::Z(512), A::Z(512), A::Z(4)],
        |e, o| {
            same("rank", e, &dec::<i32>(&o[1]), &rank);
            same("size", e, &dec::<i32>(&o[2]), &size);
            same("count", e, &dec::<u32>(&o[3]), &[count]);
        },
    );
}

#[test]
fn cg_labeled() {
    assert_sass("cg", "cg_labeled", &["MATCH.ANY"]);
    let (key, val) = (i32s(128, 171), i32s(128, 172));
    let mut sum = Vec::new();
    let mut gsize = Vec::new();
    for w in 0..4 {
        for l in 0..32 {
            let k = key[w * 32 + l] & 3;
            let grp: Vec<usize> = (0..32).filter(|&j| key[w * 32 + j] & 3 == k).collect();
            sum.push(
                grp.iter()
                    .fold(0i32, |s, &j| s.wrapping_add(val[w * 32 + j])),
            );
            gsize.push(grp.len() as i32);
        }
    }
    both(
        "cg",
        "cg_labeled",
        &g1(2, 64),
        &[b(&key), b(&val), A::Z(512), A::Z(512)],
        |e, o| {
            same("sum", e, &dec::<i32>(&o[2]), &sum);
            same("size", e, &dec::<i32>(&o[3]), &gsize);
        },
    );
}

#[test]
fn cg_scans() {
    let inp = i32s(128, 173);
    let incl: Vec<i32> = inp.chunks(16).flat_map(incl_scan).collect();
    let xor_excl: Vec<i32> = inp
        .chunks(16)
        .flat_map(|c| {
            let mut acc = 0;
            c.iter()
                .map(|&x| {
                    let r = acc;
                    acc ^= x;
                    r
                })
                .collect::<Vec<_>>()
        })
        .collect();
    let dyn_: Vec<i32> = (0..128).map(|t| (t % 4) * 100 + 4).collect();
    both(
        "cg",
        "cg_scans",
        &g1(2, 64),
        &[b(&inp), A::Z(512), A::Z(512), A::Z(512)],
        |e, o| {
            same("inclusive", e, &dec::<i32>(&o[1]), &incl);
            // The exclusive result of a tile's first thread is not specified.
            let got = dec::<i32>(&o[2]);
            for i in (0..128).filter(|i| i % 16 != 0) {
                assert_eq!(got[i], xor_excl[i], "{e}: exclusive xor scan {i}");
            }
            same("dynamic tile", e, &dec::<i32>(&o[3]), &dyn_);
        },
    );
}

#[test]
fn cg_warp_votes() {
    assert_sass("cg", "cg_warp_votes", &["MATCH.ANY.U64", "VOTE.ANY"]);
    let mut v = i64s(128, 174);
    v[5] = 0;
    v[40] = 7;
    let d: Vec<f64> = f32s_edge(128, 175).iter().map(|&x| x as f64).collect();
    let mut votes = Vec::new();
    let mut s64 = Vec::new();
    let mut sd = Vec::new();
    for w in 0..4 {
        let c = &v[w * 32..w * 32 + 32];
        votes.push((0..32).filter(|&l| c[l] < 0).fold(0u32, |m, l| m | 1 << l));
        votes.push(c.contains(&0) as u32 | ((!c.contains(&7)) as u32) << 1);
        for l in 0..32 {
            s64.push(c[(l * 7) % 32]);
            s64.push(
                (0..32)
                    .filter(|&j| c[j] & 3 == c[l] & 3)
                    .fold(0i64, |m, j| m | 1 << j),
            );
            sd.push(d[w * 32 + (l ^ 5)]);
        }
    }
    both(
        "cg",
        "cg_warp_votes",
        &g1(2, 64),
        &[b(&v), b(&d), A::Z(32), A::Z(2048), A::Z(1024)],
        |e, o| {
            same("votes", e, &dec::<u32>(&o[2]), &votes);
            same("shfl/match", e, &dec::<i64>(&o[3]), &s64);
            let got = dec::<f64>(&o[4]);
            for i in 0..128 {
                assert!(same_f64(got[i], sd[i]), "{e}: shfl double {i}");
            }
        },
    );
}

// ===========================================================================
// narrow.cu

#[test]
fn bytes_shorts() {
    assert_sass(
        "narrow",
        "bytes_shorts",
        &["STS.U8", "LDS.U.S8", "LDS.U.U8", "LDS.U.U16"],
    );
    let c: Vec<i8> = i32s(512, 180).iter().map(|&x| x as i8).collect();
    let s: Vec<i16> = i32s(256, 181).iter().map(|&x| x as i16).collect();
    let mut want = Vec::new();
    for blk in 0..2 {
        for t in 0..64 {
            let j = blk * 64 + 63 - t;
            want.push(c[4 * j] as i32 + c[4 * j + 3] as i32 * 1000);
            want.push(s[2 * j] as u16 as i32 - s[2 * j + 1] as u16 as i32);
            want.push(c[4 * j + 1] as u8 as i32 + s[2 * j] as i32);
        }
    }
    both(
        "narrow",
        "bytes_shorts",
        &g1(2, 64),
        &[b(&c), b(&s), A::Z(128 * 12)],
        |e, o| same("bytes_shorts", e, &dec::<i32>(&o[2]), &want),
    );
}

#[test]
fn shared_vec4() {
    assert_sass("narrow", "shared_vec4", &["STS.128", "LDS.U.128"]);
    let inp = i32s(512, 182);
    let mut want = Vec::new();
    for blk in 0..2 {
        let s = |k: usize, c: usize| inp[4 * (blk * 64 + k) + c];
        for t in 0..64 {
            let (a, bq) = ((t + 1) % 64, 63 - t);
            want.push(s(a, 0).wrapping_add(s(bq, 3)));
            want.push(s(a, 1) ^ s(bq, 2));
            want.push(s(a, 2).wrapping_sub(s(bq, 1)));
            want.push(s(a, 3).wrapping_mul(3).wrapping_add(s(bq, 0)));
        }
    }
    both(
        "narrow",
        "shared_vec4",
        &g1(2, 64),
        &[b(&inp), A::Z(2048)],
        |e, o| same("shared_vec4", e, &dec::<i32>(&o[1]), &want),
    );
}

#[test]
fn shared_atomics64() {
    assert_sass("narrow", "shared_atomics64", &["ATOMS.CAST.SPIN.64"]);
    let inp: Vec<u64> = i64s(128, 183).into_iter().map(|x| x as u64).collect();
    let mut want = Vec::new();
    for c in inp.chunks(64) {
        want.push(c.iter().fold(0u64, |a, &v| a.wrapping_add(v)));
        want.push(
            c.iter()
                .fold(0u64, |a, &v| a ^ v.wrapping_mul(0x9e37_79b9_7f4a_7c15)),
        );
        want.push(
            c.iter()
                .fold(!0u64, |a, &v| a & (v | 0x0101_0101_0101_0101)),
        );
        want.push(c.iter().map(|&v| v as i64).min().unwrap() as u64);
        want.push(c.iter().map(|&v| v as i64).max().unwrap() as u64);
    }
    both(
        "narrow",
        "shared_atomics64",
        &g1(2, 64),
        &[b(&inp), A::Z(80)],
        |e, o| same("shared_atomics64", e, &dec::<u64>(&o[1]), &want),
    );
}

#[test]
fn atomic_float_old() {
    assert_sass(
        "narrow",
        "atomic_float_old",
        &[
            "ATOMG.E.ADD.F32.FTZ.RN",
            "ATOMG.E.ADD.F64.RN",
            "ATOMG.E.EXCH",
        ],
    );
    let mut xchg = vec![0f32; 1025];
    xchg[1024] = -1.0;
    both(
        "narrow",
        "atomic_float_old",
        &g1(2, 64),
        &[A::Z(4), A::Z(8), A::Z(512), A::Z(1024), b(&xchg)],
        |e, o| {
            assert_eq!(dec::<f32>(&o[0]), [128.0], "{e}: float total");
            assert_eq!(dec::<f64>(&o[1]), [64.0], "{e}: double total");
            // Each serial order hands out every old value exactly once.
            let mut f: Vec<f32> = dec::<f32>(&o[2]);
            f.sort_by(f32::total_cmp);
            let want: Vec<f32> = (0..128).map(|k| k as f32).collect();
            same("float olds", e, &f, &want);
            let mut d: Vec<f64> = dec::<f64>(&o[3]);
            d.sort_by(f64::total_cmp);
            let want: Vec<f64> = (0..128).map(|k| k as f64 * 0.5).collect();
            same("double olds", e, &d, &want);
            let x = dec::<f32>(&o[4]);
            let mut all: Vec<f32> = x[..128].to_vec();
            all.push(x[1024]);
            all.sort_by(f32::total_cmp);
            let want: Vec<f32> = (-1..128).map(|k| k as f32).collect();
            same("exchange olds", e, &all, &want);
        },
    );
}

#[test]
fn generic_local() {
    assert_sass_file_has("narrow", "STL.128");
    let inp = i32s(64 * 32, 184);
    let mut want = Vec::new();
    for i in 0..64 {
        let buf: Vec<i32> = (0..32).map(|k| inp[i * 32 + k] ^ k as i32).collect();
        want.push((0..16).fold(0i32, |s, k| s.wrapping_add(buf[2 * k])));
        want.push((0..8).fold(0i32, |s, k| s.wrapping_add(buf[1 + 4 * k])));
    }
    both(
        "narrow",
        "generic_local",
        &g1(2, 32),
        &[b(&inp), A::Z(512)],
        |e, o| same("generic_local", e, &dec::<i32>(&o[1]), &want),
    );
}

// ===========================================================================
// printf.cu

/// Launches `kernel` (one workgroup of `block`) and returns what it printed
/// and the report's buffers.
fn printed(
    m: &Module,
    kernel: &str,
    e: Engine,
    block: u32,
    args: &[ArgSpec],
) -> (String, Vec<Vec<u8>>) {
    let (err, text, bufs) = launch_checked(m, kernel, e, (1, block), args);
    if let Some(err) = err {
        panic!("{kernel} ({e}): {err}");
    }
    (text, bufs)
}

/// Every conversion of C's printf as CUDA's vprintf packs them (ints in 4
/// bytes, long long/double/pointers in 8, each aligned to its size). The
/// expected text is what C's printf prints for these values; a warp prints
/// each printf for all its lanes before the next (lockstep order).
#[test]
fn printf_formats() {
    assert_sass("printf", "printf_formats", &["LEPC", "CALL.ABS.NOINC"]);
    let m = module("printf");
    let inp: Vec<u8> = [3i32, -2, 99]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    let args = [
        ArgSpec::Bytes(inp),
        ArgSpec::F32(2.5),
        ArgSpec::Bytes(b"global-label\0".to_vec()),
    ];
    let want = "\
[0.0] in=+0003 f=0.00 e=2.500000e+10 g=0.833333 G=0 a=0x1.4p+1
[0.1] in=-0002 f=2.50 e=2.500000e+10 g=0.833333 G=1E-20 a=0x1.4p+1
[0.2] in=+0099 f=5.00 e=2.500000e+10 g=0.833333 G=2E-20 a=0x1.4p+1
  ll=-1234567890123 ull=18364758544493064720 x=fedcba9876543210 X=0XFEDCBA9876543210 o=10 hd=3000 hhu=200 c=aA pct=% str=global-label|left    |     tru|
  ll=-2469135780246 ull=9182379272246532360 x=7f6e5d4c3b2a1908 X=0X7F6E5D4C3B2A1908 o=11 hd=-2000 hhu=201 c=bB pct=% str=global-label|left    |     tru|
  ll=-3703703670369 ull=4591189636123266180 x=3fb72ea61d950c84 X=0X3FB72EA61D950C84 o=12 hd=-32072 hhu=202 c=cC pct=% str=global-label|left    |     tru|
";
    for e in ENGINES {
        let (text, _) = printed(&m, "printf_formats", e, 3, &args);
        assert_eq!(text, want, "{e}");
    }
}

/// A `%s` string in the lane's own stack (the local window), and printf's
/// return value: the number of arguments it consumed.
#[test]
fn printf_local_string_and_return_value() {
    let m = module("printf");
    let want = "no args\nno args\nvwxyz 0   0.0\nwxyzv 1   0.2\n";
    for e in ENGINES {
        let (text, bufs) = printed(&m, "printf_local_and_ret", e, 2, &[ArgSpec::Zeros(16)]);
        assert_eq!(text, want, "{e}");
        same("printf returns", e, &dec::<i32>(&bufs[0]), &[0, 3, 0, 3]);
    }
}

/// A `%s` pointer outside guest memory faults naming the address, and what
/// the kernel printed before is kept (`Device::take_output`).
#[test]
fn printf_bad_string_faults_and_keeps_earlier_output() {
    let m = module("printf");
    for e in ENGINES {
        let dev = Device::new().expect("device");
        let opts = LaunchOptions {
            block: [2, 1, 1],
            engine: e,
            ..LaunchOptions::default()
        };
        let err = dev
            .launch(&m, "printf_bad_string", &opts, &[ArgSpec::U64(0x1234)])
            .err()
            .map(|x| x.to_string())
            .unwrap_or_else(|| panic!("{e}: the launch succeeded"));
        assert!(
            err.contains("out-of-bounds global access of 1 bytes at 0x1234"),
            "{e}: {err}"
        );
        assert!(
            err.contains("vprintf"),
            "{e}: the location names the call: {err}"
        );
        let (text, dropped) = dev.take_output();
        assert_eq!(
            (String::from_utf8(text).unwrap(), dropped),
            ("before 7\n".to_string(), 0)
        );
    }
}

// ===========================================================================
// wmma.cu

/// wmma 16x16x16 tiles (HMMA.1688 pairs, LDSM-free loads, MOVM transposes
/// for the column-major operands): 32x48 output from K = 32, f32 and f16
/// accumulators, every combination of row- and column-major operands the
/// two kernels use. Small-integer inputs keep every sum exact.
#[test]
fn wmma_tiles() {
    assert_sass("wmma", "wmma_f32", &["HMMA.1688.F32"]);
    assert_sass("wmma", "wmma_f16", &["HMMA.1688.F16", "MOVM.16.MT88"]);
    let (m, n, k) = (32usize, 48usize, 32usize);
    let mut r = Rng::new(160);
    // Logical matrices: a[i][p], b[p][j], c[i][j].
    let a: Vec<f16> = (0..m * k).map(|_| h(r.range(-4, 4) as f64)).collect();
    let bm: Vec<f16> = (0..k * n).map(|_| h(r.range(-4, 4) as f64)).collect();
    let c: Vec<f32> = (0..m * n).map(|_| r.range(-50, 50) as f32).collect();
    let prod = |i: usize, j: usize| -> f32 {
        (0..k)
            .map(|p| a[i * k + p].to_f32() * bm[p * n + j].to_f32())
            .sum()
    };
    // wmma_f32: A row-major (i*K + p), B column-major (j*K + p), C/D row-major.
    let a_row: Vec<f16> = a.clone();
    let b_col: Vec<f16> = (0..n * k).map(|x| bm[(x % k) * n + x / k]).collect();
    let want32: Vec<f32> = (0..m * n).map(|x| c[x] + prod(x / n, x % n)).collect();
    let geo = Geom {
        grid: [(n / 16) as u32, (m / 16) as u32, 1],
        block: [32, 1, 1],
        shared: 0,
    };
    let dims = || [A::I32(m as i32), A::I32(n as i32), A::I32(k as i32)];
    let mut args = vec![b(&hbits(&a_row)), b(&hbits(&b_col)), b(&c), A::Z(4 * m * n)];
    args.extend(dims());
    both("wmma", "wmma_f32", &geo, &args, |e, o| {
        same("wmma_f32", e, &dec::<f32>(&o[3]), &want32)
    });
    // wmma_f16: A column-major (p*M + i), B row-major (p*N + j), D
    // column-major (j*M + i), accumulated from zero in f16 (exact here).
    let a_col: Vec<f16> = (0..k * m).map(|x| a[(x % m) * k + x / m]).collect();
    let want16: Vec<u16> = (0..n * m)
        .map(|x| h(prod(x % m, x / m) as f64).to_bits())
        .collect();
    let mut args = vec![b(&hbits(&a_col)), b(&hbits(&bm)), A::Z(2 * m * n)];
    args.extend(dims());
    both("wmma", "wmma_f16", &geo, &args, |e, o| {
        same("wmma_f16", e, &dec::<u16>(&o[2]), &want16)
    });
}

// ===========================================================================
// assert.cu

/// Launches `kernel` over `grid` workgroups of `block` lanes; returns the
/// launch's error (`None` when it succeeded), what the kernel printed, and
/// the contents of every buffer argument.
fn launch_checked(
    m: &Module,
    kernel: &str,
    e: Engine,
    (grid, block): (u32, u32),
    args: &[ArgSpec],
) -> (Option<String>, String, Vec<Vec<u8>>) {
    let dev = Device::new().expect("device");
    let opts = LaunchOptions {
        grid: [grid, 1, 1],
        block: [block, 1, 1],
        engine: e,
        threads: 1,
        ..LaunchOptions::default()
    };
    match dev.launch(m, kernel, &opts, args) {
        Ok(rep) => {
            let bufs = rep
                .buffers
                .iter()
                .flatten()
                .map(|b| dev.read(b.addr, b.len as usize).expect("read"))
                .collect();
            let text = String::from_utf8(rep.stats.output).expect("utf-8");
            (None, text, bufs)
        }
        Err(err) => {
            let (text, _) = dev.take_output();
            (
                Some(err.to_string()),
                String::from_utf8(text).expect("utf-8"),
                Vec::new(),
            )
        }
    }
}

/// A device `assert` that holds costs nothing visible; one that fails prints
/// the CUDA driver's line (file, line, function, block, thread, the
/// asserted expression) and stops the launch with an assertion fault naming
/// the lane. Before, no kernel with an `assert` could be lifted (the
/// driver function's address is loaded with a register-indexed LDC from a
/// relocated bank).
#[test]
fn assert_that_holds_and_assert_that_fails() {
    assert_sass(
        "assert",
        "assert_nonnegative",
        &["LDC.64", "CALL.ABS.NOINC"],
    );
    let m = module("assert");
    let ok: Vec<i32> = (0..64).collect();
    let mut bad = ok.clone();
    bad[37] = -5;
    for e in ENGINES {
        let args = |v: &[i32]| {
            [
                ArgSpec::Bytes(enc(v)),
                ArgSpec::Zeros(256),
                ArgSpec::I32(64),
            ]
        };
        let (err, text, bufs) = launch_checked(&m, "assert_nonnegative", e, (2, 32), &args(&ok));
        assert_eq!((err, text.as_str()), (None, ""), "{e}");
        let want: Vec<i32> = ok.iter().map(|v| 2 * v).collect();
        same("assert_nonnegative", e, &dec::<i32>(&bufs[1]), &want);

        let (err, text, _) = launch_checked(&m, "assert_nonnegative", e, (2, 32), &args(&bad));
        assert_eq!(
            text,
            "assert.cu:16: assert_nonnegative: block: [1,0,0], thread: [5,0,0] \
             Assertion `in[i] >= 0` failed.\n",
            "{e}"
        );
        let err = err.unwrap_or_else(|| panic!("{e}: the launch succeeded"));
        for needle in [
            "device assertion failed",
            "workgroup [1, 0, 0]",
            "thread [5, 0, 0]",
        ] {
            assert!(err.contains(needle), "{e}: {needle:?} not in {err}");
        }
    }
}

/// An assert after a barrier on a value the block computed in shared
/// memory: every lane of the block sees the same sum, and every one prints
/// the driver's line, in lane order, as a GPU's threads each do; the launch
/// fails with the first lane's assertion fault.
#[test]
fn assert_after_a_barrier() {
    let m = module("assert");
    let inp: Vec<i32> = (0..128).map(|i| i % 7).collect();
    let sums: Vec<i32> = inp.chunks(64).map(|c| c.iter().sum()).collect();
    let limit = *sums.iter().max().expect("two blocks");
    for e in ENGINES {
        let args = |limit: i32| {
            [
                ArgSpec::Bytes(enc(&inp)),
                ArgSpec::Zeros(8),
                ArgSpec::I32(limit),
            ]
        };
        let (err, _, bufs) = launch_checked(&m, "assert_block_sum", e, (2, 64), &args(limit));
        assert_eq!(err, None, "{e}");
        same("assert_block_sum", e, &dec::<i32>(&bufs[1]), &sums);
        let (err, text, _) = launch_checked(&m, "assert_block_sum", e, (2, 64), &args(limit - 1));
        let failing = sums
            .iter()
            .position(|&s| s > limit - 1)
            .expect("a block over");
        let want: String = (0..64)
            .map(|t| {
                format!(
                    "assert.cu:28: assert_block_sum: block: [{failing},0,0], thread: [{t},0,0] \
                     Assertion `sum <= limit` failed.\n"
                )
            })
            .collect();
        assert_eq!(text, want, "{e}");
        let err = err.unwrap_or_else(|| panic!("{e}: the launch succeeded"));
        for needle in ["device assertion failed", "thread [0, 0, 0]"] {
            assert!(err.contains(needle), "{e}: {needle:?} not in {err}");
        }
    }
}

/// Device `malloc` and `free` (CUDA's device heap: 8 MiB of global memory
/// the device sets aside at the first launch that calls them, or the size
/// `Device::set_heap_size` gave before). Per-thread
/// and block-wide scratch buffers give the host's sums; a heap that runs
/// out makes `malloc` return NULL, and what one launch freed the next one
/// gets again; a `free` of a pointer `malloc` did not return stops the
/// launch naming the pointer. Before, no kernel calling them could be
/// lifted (their addresses come from relocated constant-bank words the
/// loader did not know).
#[test]
fn device_malloc_and_free() {
    assert_sass("malloc", "per_thread_buffers", &["CALL.ABS.NOINC"]);
    let m = module("malloc");
    let inp: Vec<i32> = (0..200).map(|i| i * 7 - 300).collect();
    for e in ENGINES {
        let args = [
            ArgSpec::Bytes(enc(&inp)),
            ArgSpec::Zeros(800),
            ArgSpec::I32(200),
            ArgSpec::I32(37),
        ];
        let (err, _, bufs) = launch_checked(&m, "per_thread_buffers", e, (4, 64), &args);
        assert_eq!(err, None, "per_thread_buffers ({e})");
        let want: Vec<i32> = inp.iter().map(|v| 37 * v + 37 * 36 / 2).collect();
        same("per_thread_buffers", e, &dec::<i32>(&bufs[1]), &want);

        let args = [ArgSpec::Bytes(enc(&inp[..192])), ArgSpec::Zeros(12)];
        let (err, _, bufs) = launch_checked(&m, "block_buffer", e, (3, 64), &args);
        assert_eq!(err, None, "block_buffer ({e})");
        let want: Vec<i32> = inp[..192]
            .chunks(64)
            .map(|c| c.iter().map(|v| 3 * v).sum())
            .collect();
        same("block_buffer", e, &dec::<i32>(&bufs[1]), &want);

        // 16 threads ask for 1 MiB each: how many got a block.
        let opts = LaunchOptions {
            block: [16, 1, 1],
            engine: e,
            threads: 1,
            ..LaunchOptions::default()
        };
        let fits = |dev: &Device| {
            let args = [ArgSpec::Zeros(64), ArgSpec::U64(1 << 20)];
            let rep = dev.launch(&m, "exhaust", &opts, &args).expect("exhaust");
            let b = rep.buffers[0].as_ref().expect("buffer");
            let got = dec::<i32>(&dev.read(b.addr, 64).expect("read"));
            got.iter().filter(|&&g| g == 1).count()
        };
        // Exactly 8 fit, twice on one device.
        let dev = Device::new().expect("device");
        for round in 0..2 {
            assert_eq!(fits(&dev), 8, "exhaust round {round} ({e})");
        }
        // Set aside now: the size cannot change any more.
        let err = dev
            .set_heap_size(32 << 20)
            .expect_err("resized a heap in use");
        assert!(err.to_string().contains("cannot be resized"), "{err}");

        // A device whose heap was set to 5 MiB (CUDA's
        // cudaLimitMallocHeapSize) before its first launch: 5 fit.
        let dev = Device::new().expect("device");
        assert!(dev.set_heap_size(0).is_err(), "a heap of 0 bytes");
        dev.set_heap_size(5 << 20).expect("heap size");
        assert_eq!(fits(&dev), 5, "exhaust with a 5 MiB heap ({e})");

        let (err, _, _) = launch_checked(&m, "bad_free", e, (1, 1), &[ArgSpec::Zeros(64)]);
        let err = err.unwrap_or_default();
        assert!(
            err.contains("free of 0x") && err.contains("device malloc did not return"),
            "bad_free ({e}): {err}"
        );
    }
}

// ---------------------------------------------------------------------------
// libcxx_sync.cu

#[test]
fn libcxx_atomic_ref_orders_and_scopes() {
    assert_sass(
        "libcxx_sync",
        "ref_ops",
        &[
            "ATOM.E.MAX.S32.STRONG.CTA",
            "ATOM.E.MIN.S32.STRONG.SYS",
            "ATOM.E.ADD.64.STRONG.GPU",
            "MEMBAR.SC.GPU",
        ],
    );
    let n = 1000i64;
    let t = 0..n;
    let init = [0i32, 0, 100_000, 0, -1, 12345];
    let mut want = init;
    want[0] = t.clone().map(|t| (t % 7 - (t & 3)) as i32).sum();
    want[1] = t.clone().map(|t| (t * 37 % 1001) as i32).max().unwrap();
    want[2] = t
        .clone()
        .map(|t| (1000 - t * 13 % 977) as i32)
        .min()
        .unwrap();
    want[3] = t.clone().fold(0, |b, t| b | 1 << (t % 31));
    want[4] = t.clone().fold(-1, |m, t| m & !(1 << ((t + 3) % 29)));
    want[5] = t
        .clone()
        .fold(12345u32, |f, t| f ^ (t as u32).wrapping_mul(2_654_435_761)) as i32;
    let wide: u64 = t.clone().map(|t| 1u64 << 33 | t as u64).sum();
    let fsum: f32 = t.clone().map(|t| 0.5 * (t % 4) as f32).sum();
    both(
        "libcxx_sync",
        "ref_ops",
        &g1(8, 128),
        &[
            b(&init),
            A::Z(8),
            A::Z(4),
            A::Z(4 * n as usize),
            A::I32(n as i32),
        ],
        |e, o| {
            same("ref_ops ints", e, &dec::<i32>(&o[0]), &want);
            same("ref_ops u64", e, &dec::<u64>(&o[1]), &[wide]);
            same("ref_ops float", e, &dec::<f32>(&o[2]), &[fsum]);
        },
    );
}

#[test]
fn libcxx_cas_loop_and_semaphore_lock() {
    let n = 1000usize;
    // Factors 2, 1/2 and 1: every product is exact in any order.
    let f: Vec<f32> = (0..n).map(|i| [2.0, 0.5, 1.0][i % 3]).collect();
    let mut acc = [1f32; 4];
    for (i, x) in f.iter().enumerate() {
        acc[i % 4] *= x;
    }
    both(
        "libcxx_sync",
        "cas_mul",
        &g1(8, 128),
        &[b(&[1f32; 4]), b(&f), A::I32(n as i32)],
        |e, o| same("cas_mul", e, &dec::<f32>(&o[0]), &acc),
    );
    // Two locked updates of a pair per thread: the pair stays consistent.
    let s = 2 * (0..n as i32).sum::<i32>();
    both(
        "libcxx_sync",
        "sem_lock",
        &g1(8, 128),
        &[A::Z(8), b(&[1i32]), A::I32(n as i32)],
        |e, o| same("sem_lock", e, &dec::<i32>(&o[0]), &[s, -s]),
    );
}

#[test]
fn libcxx_block_flag_handoff() {
    both(
        "libcxx_sync",
        "flag_handoff",
        &g1(4, 128),
        &[A::Z(4 * 512)],
        |e, o| {
            let want: Vec<i32> = (0..4)
                .flat_map(|b| {
                    (0..128).map(move |t| if t < 32 { 0 } else { (t % 32) * (t % 32) + b })
                })
                .collect();
            same("flag_handoff", e, &dec::<i32>(&o[0]), &want);
        },
    );
}

// ---------------------------------------------------------------------------
// cub_more.cu

/// Runs of equal values (lengths 1..4) from `seed`.
fn runs(n: usize, seed: u64) -> Vec<i32> {
    let mut r = Rng::new(seed);
    let mut v = Vec::with_capacity(n);
    while v.len() < n {
        let x = r.range(-5, 5) as i32;
        for _ in 0..r.range(1, 5) {
            v.push(x);
        }
    }
    v.truncate(n);
    v
}

#[test]
fn cub_exchange_discontinuity_adjacent_difference() {
    let inp = runs(1024, 60);
    let (mut heads, mut tails, mut diffs) = (vec![0; 1024], vec![0; 1024], vec![0; 1024]);
    for (b, s) in inp.chunks(512).enumerate() {
        for k in 0..512 {
            heads[b * 512 + k] = (k == 0 || s[k - 1] != s[k]) as i32;
            tails[b * 512 + k] = (k == 511 || s[k] != s[k + 1]) as i32;
            diffs[b * 512 + k] = if k == 0 { s[0] } else { s[k] - s[k - 1] };
        }
    }
    both(
        "cub_more",
        "exchange_flags",
        &g1(2, 128),
        &[b(&inp), A::Z(4096), A::Z(4096), A::Z(4096), A::Z(4096)],
        |e, o| {
            // Loaded striped, exchanged to blocked: the input's own order.
            same("blocked", e, &dec::<i32>(&o[1]), &inp);
            same("heads", e, &dec::<i32>(&o[2]), &heads);
            same("tails", e, &dec::<i32>(&o[3]), &tails);
            same("diffs", e, &dec::<i32>(&o[4]), &diffs);
        },
    );
}

#[test]
fn cub_block_shuffle() {
    let x = i32s(256, 61);
    let mut off = Vec::new();
    let mut rot = Vec::new();
    for blk in x.chunks(128) {
        for t in 0..128 {
            // Offset(-3): the value of thread t - 3, or the output's own
            // value (-7) where there is none; Rotate(1): thread t + 1 mod 128.
            off.push(if t >= 3 { blk[t - 3] } else { -7 });
            rot.push(blk[(t + 1) % 128]);
        }
    }
    both(
        "cub_more",
        "shuffle",
        &g1(2, 128),
        &[b(&x), A::Z(1024), A::Z(1024)],
        |e, o| {
            same("offset", e, &dec::<i32>(&o[1]), &off);
            same("rotate", e, &dec::<i32>(&o[2]), &rot);
        },
    );
}

#[test]
fn cub_block_merge_sort_pairs() {
    let valid = 301usize;
    let mut r = Rng::new(62);
    // Distinct keys per block (the sort is not stable).
    let mut keys = Vec::new();
    for _ in 0..3 {
        let mut seen = std::collections::BTreeSet::new();
        while seen.len() < 320 {
            seen.insert(r.range(-100_000, 100_000) as i32);
        }
        let mut blk: Vec<i32> = seen.into_iter().collect();
        for i in (1..blk.len()).rev() {
            blk.swap(i, r.below(i + 1));
        }
        keys.extend(blk);
    }
    let vals: Vec<i32> = (0..960).map(|i| i * 7 + 3).collect();
    both(
        "cub_more",
        "merge_sort",
        &g1(3, 64),
        &[
            b(&keys),
            b(&vals),
            A::Z(3840),
            A::Z(3840),
            A::I32(valid as i32),
        ],
        |e, o| {
            let (ko, vo) = (dec::<i32>(&o[2]), dec::<i32>(&o[3]));
            for blk in 0..3 {
                let mut want: Vec<(i32, i32)> = (0..valid)
                    .map(|j| (keys[blk * 320 + j], vals[blk * 320 + j]))
                    .collect();
                want.sort();
                // Only the valid items are specified (CUB merges within
                // valid_items; what lands past them is the algorithm's).
                let got: Vec<(i32, i32)> = (0..valid)
                    .map(|j| (ko[blk * 320 + j], vo[blk * 320 + j]))
                    .collect();
                same(&format!("merge_sort block {blk}"), e, &got, &want);
            }
        },
    );
}

#[test]
fn cub_warp_exchange_and_merge_sort() {
    let w: Vec<i32> = i32s(2048, 63).iter().map(|x| x % 50).collect();
    let mut striped = Vec::new();
    let mut sorted = Vec::new();
    for tile in w.chunks(256) {
        for l in 0..32 {
            for i in 0..8 {
                striped.push(tile[i * 32 + l]);
            }
        }
        let mut s = tile.to_vec();
        s.sort();
        sorted.extend(s);
    }
    both(
        "cub_more",
        "warp_ops",
        &g1(2, 128),
        &[b(&w), A::Z(8192), A::Z(8192)],
        |e, o| {
            same("warp striped", e, &dec::<i32>(&o[1]), &striped);
            same("warp sorted", e, &dec::<i32>(&o[2]), &sorted);
        },
    );
}
