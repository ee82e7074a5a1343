//! Float, conversion and integer-idiom lifting: the kernels of
//! `tests/ptx/fconv.ptx` (ptxas 12.9 `-arch=sm_75 -O3`, rebuilt by
//! `tests/ptx/build.sh`) run on both engines and are compared with Rust
//! references written here from the PTX ISA's definitions (IEEE-754 results
//! from the host's correctly rounded arithmetic, directed roundings from
//! exact integer arithmetic), on edge inputs (NaN, ±Inf, ±0, subnormals,
//! ties, out-of-range conversions) and pseudo-random ones.

mod common;

use std::path::PathBuf;
use std::sync::OnceLock;

use common::{half_to_f64, ENGINES};
use xisa::{ArgSpec, Device, Engine, LaunchOptions, Module};

fn module() -> &'static Module {
    static M: OnceLock<Module> = OnceLock::new();
    M.get_or_init(|| {
        let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/ptx/fconv.cubin");
        let b = std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        Module::from_bytes(&b, "fconv", None).unwrap_or_else(|e| panic!("fconv: {e}"))
    })
}

/// Runs `kernel` over `lanes` lanes of `lane_bytes` input bytes each and
/// returns `out_bytes` output bytes per lane, for each engine.
fn run(kernel: &str, input: &[u8], lane_bytes: usize, out_bytes: usize) -> Vec<(Engine, Vec<u8>)> {
    run_in(module(), kernel, input, lane_bytes, out_bytes)
}

/// [`run`] on another module.
fn run_in(
    m: &Module,
    kernel: &str,
    input: &[u8],
    lane_bytes: usize,
    out_bytes: usize,
) -> Vec<(Engine, Vec<u8>)> {
    let lanes = input.len() / lane_bytes;
    let block = 64usize;
    let padded = lanes.div_ceil(block) * block;
    let mut inp = input.to_vec();
    // Extra lanes repeat the last input; their outputs are not compared.
    let last = input[input.len() - lane_bytes..].to_vec();
    for _ in lanes..padded {
        inp.extend_from_slice(&last);
    }
    ENGINES
        .iter()
        .map(|&engine| {
            let dev = Device::new().expect("device");
            let opts = LaunchOptions {
                grid: [(padded / block) as u32, 1, 1],
                block: [block as u32, 1, 1],
                engine,
                threads: 2,
                ..LaunchOptions::default()
            };
            let args = [
                ArgSpec::Bytes(inp.clone()),
                ArgSpec::Zeros((padded * out_bytes) as u64),
            ];
            let rep = dev
                .launch(m, kernel, &opts, &args)
                .unwrap_or_else(|e| panic!("{kernel} ({engine}): {e}"));
            let out = rep.buffers[1].as_ref().expect("out buffer");
            let b = dev.read(out.addr, out.len as usize).expect("read");
            (engine, b[..lanes * out_bytes].to_vec())
        })
        .collect()
}

use xisa_testkit::Rng;

/// Edge-case `f32` bit patterns.
fn f32_edges() -> Vec<u32> {
    let mut v: Vec<u32> = [
        0.0f32,
        -0.0,
        1.0,
        -1.0,
        0.5,
        -0.5,
        1.5,
        2.5,
        -2.5,
        3.5,
        -3.5,
        0.499_999_97,
        1.000_000_1,
        -1.999_999_9,
        f32::MIN_POSITIVE,
        -f32::MIN_POSITIVE,
        f32::MAX,
        f32::MIN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        2_147_483_648.0,
        -2_147_483_648.0,
        2_147_483_520.0,
        -2_147_483_904.0,
        4_294_967_296.0,
        4_294_967_040.0,
        1e10,
        -1e10,
        9.223_372e18,
        -9.223_372e18,
        1.844_674_4e19,
        123_456.79,
        -0.75,
        16_777_217.0,
        65_504.0,
        65_520.0,
        6e-8,
        3e-5,
        1e-40,
        100.0,
        -100.0,
        0.1,
        std::f32::consts::PI,
    ]
    .iter()
    .map(|f| f.to_bits())
    .collect();
    v.extend([
        0x0000_0001,
        0x8000_0001,
        0x007f_ffff,
        0x807f_ffff,
        0x0040_0000,
        0x7fc0_0000,
        0xffc0_0000,
        0x7f80_0001,
        0x7fff_ffff,
    ]);
    v
}

/// Edge cases plus `n` random `f32` patterns (half of them of moderate size).
fn f32_inputs(seed: u64, n: usize) -> Vec<u32> {
    let mut r = Rng::new(seed);
    let mut v = f32_edges();
    for i in 0..n {
        let x = r.next() as u32;
        v.push(if i % 2 == 0 {
            // Exponent in [2^-30, 2^40).
            (x & 0x807f_ffff) | ((97 + (x >> 8) % 70) << 23)
        } else {
            x
        });
    }
    v
}

fn f64_edges() -> Vec<u64> {
    let mut v: Vec<u64> = [
        0.0f64,
        -0.0,
        1.0,
        -1.0,
        0.5,
        2.5,
        -2.5,
        1.5,
        f64::MIN_POSITIVE,
        f64::MAX,
        f64::MIN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        2_147_483_647.5,
        -2_147_483_648.5,
        -2_147_483_649.0,
        4_294_967_295.5,
        9.223_372_036_854_776e18,
        -9.223_372_036_854_776e18,
        1.844_674_407_370_955_2e19,
        1e300,
        -1e300,
        1e-300,
        3.4028235677973366e38,
        3.402_823_466_385_288_6e38,
        1.401_298_464_324_817e-45,
        7.006_492_321_624_085e-46,
        1.1754942e-38,
        0.1,
        -123_456.789,
        1.000_000_059_604_644_8,
        1.000_000_178_813_934,
    ]
    .iter()
    .map(|f| f.to_bits())
    .collect();
    v.extend([
        1u64,
        0x8000_0000_0000_0001,
        0x7ff8_0000_0000_0000,
        0xfff0_0000_0000_0001,
    ]);
    v
}

fn f64_inputs(seed: u64, n: usize) -> Vec<u64> {
    let mut r = Rng::new(seed);
    let mut v = f64_edges();
    for i in 0..n {
        let x = r.next();
        v.push(if i % 2 == 0 {
            (x & 0x800f_ffff_ffff_ffff) | ((1023 - 40 + (x >> 52) % 100) << 52)
        } else {
            x
        });
    }
    v
}

fn le32(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn words32(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// Flushes a subnormal `f32` to a zero of the same sign.
fn ftz32(x: f32) -> f32 {
    if x.is_subnormal() {
        0.0f32.copysign(x)
    } else {
        x
    }
}

/// Same bits, or both NaN (NaN payloads are not modelled bit-exactly).
fn same32(a: u32, b: u32) -> bool {
    a == b || (f32::from_bits(a).is_nan() && f32::from_bits(b).is_nan())
}

fn same64(a: u64, b: u64) -> bool {
    a == b || (f64::from_bits(a).is_nan() && f64::from_bits(b).is_nan())
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    Rn,
    Rz,
    Rm,
    Rp,
}

/// Rounds an integer-valued `x` (already rounded) or a float to an integer
/// by `m`.
fn round_int(x: f64, m: Mode) -> f64 {
    match m {
        Mode::Rn => x.round_ties_even(),
        Mode::Rz => x.trunc(),
        Mode::Rm => x.floor(),
        Mode::Rp => x.ceil(),
    }
}

const S32: (i128, i128) = (i32::MIN as i128, i32::MAX as i128);
const U32: (i128, i128) = (0, u32::MAX as i128);
const S64: (i128, i128) = (i64::MIN as i128, i64::MAX as i128);
const U64: (i128, i128) = (0, u64::MAX as i128);

/// PTX float→integer: round by `m`, saturate to `[lo, hi]`, NaN gives 0.
fn f2i_ref(x: f64, m: Mode, lo: i128, hi: i128) -> i128 {
    if x.is_nan() {
        return 0;
    }
    (round_int(x, m) as i128).clamp(lo, hi)
}

/// Adjusts the round-to-nearest `r` of an exact value to mode `m`, given
/// `cmp` = the ordering of the exact value relative to `r`.
fn direct32(r: f32, cmp: std::cmp::Ordering, m: Mode) -> f32 {
    use std::cmp::Ordering::*;
    match (m, cmp) {
        (Mode::Rn, _) | (_, Equal) => r,
        (Mode::Rm, Less) | (Mode::Rz, Less) if r > 0.0 || m == Mode::Rm => r.next_down(),
        (Mode::Rp, Greater) | (Mode::Rz, Greater) if r < 0.0 || m == Mode::Rp => r.next_up(),
        _ => r,
    }
}

fn direct64(r: f64, cmp: std::cmp::Ordering, m: Mode) -> f64 {
    use std::cmp::Ordering::*;
    match (m, cmp) {
        (Mode::Rn, _) | (_, Equal) => r,
        (Mode::Rm, Less) | (Mode::Rz, Less) if r > 0.0 || m == Mode::Rm => r.next_down(),
        (Mode::Rp, Greater) | (Mode::Rz, Greater) if r < 0.0 || m == Mode::Rp => r.next_up(),
        _ => r,
    }
}

/// An `f64` rounded to `f32` by `m` (overflow: the largest finite value when
/// the mode rounds toward zero for that sign).
fn f64_to_f32(x: f64, m: Mode) -> f32 {
    if x.is_nan() || x.is_infinite() {
        return x as f32;
    }
    let r = x as f32;
    if r.is_infinite() {
        let toward_zero = match m {
            Mode::Rn => false,
            Mode::Rz => true,
            Mode::Rm => x > 0.0,
            Mode::Rp => x < 0.0,
        };
        return if toward_zero { f32::MAX.copysign(r) } else { r };
    }
    // x and r are compared exactly in f64.
    direct32(r, x.partial_cmp(&f64::from(r)).unwrap(), m)
}

/// An integer rounded to `f32` / `f64` by `m`.
fn i_to_f32(v: i128, m: Mode) -> f32 {
    let r = v as f32;
    direct32(r, v.cmp(&(r as i128)), m)
}

fn i_to_f64(v: i128, m: Mode) -> f64 {
    let r = v as f64;
    direct64(r, v.cmp(&(r as i128)), m)
}

/// (integer significand, exponent) of a finite float: `x = m * 2^e`.
fn decompose32(x: f32) -> (i128, i32) {
    let b = x.to_bits();
    let e = ((b >> 23) & 0xff) as i32;
    let f = i128::from(b & 0x7f_ffff);
    let (m, e) = if e == 0 {
        (f, -149)
    } else {
        (f | 1 << 23, e - 150)
    };
    (if x < 0.0 { -m } else { m }, e)
}

fn decompose64(x: f64) -> (i128, i32) {
    let b = x.to_bits();
    let e = ((b >> 52) & 0x7ff) as i32;
    let f = i128::from(b & ((1 << 52) - 1));
    let (m, e) = if e == 0 {
        (f, -1074)
    } else {
        (f | 1 << 52, e - 1075)
    };
    (if x < 0.0 { -m } else { m }, e)
}

/// Compares `m * 2^e` with `n * 2^f` exactly (small exponent gaps only).
fn cmp_scaled(m: i128, e: i32, n: i128, f: i32) -> std::cmp::Ordering {
    let k = e.min(f);
    (m << (e - k)).cmp(&(n << (f - k)))
}

/// Runs a kernel with one `f32` input per lane and checks each output
/// against `want` with `ok`.
fn check_u32(
    kernel: &str,
    inputs: &[u32],
    nin: usize,
    want: impl Fn(&[u32]) -> u32,
    ok: impl Fn(u32, u32) -> bool,
) {
    let outs = run(kernel, &le32(inputs), 4 * nin, 4);
    for (e, out) in outs {
        for (i, got) in words32(&out).into_iter().enumerate() {
            let x = &inputs[i * nin..(i + 1) * nin];
            let w = want(x);
            assert!(
                ok(got, w),
                "{kernel} ({e}): inputs {x:#010x?} ({:?}): got {got:#010x} ({:e}), want {w:#010x} ({:e})",
                x.iter().map(|&b| f32::from_bits(b)).collect::<Vec<_>>(),
                f32::from_bits(got),
                f32::from_bits(w)
            );
        }
    }
}

/// One kernel, inputs of `in_bytes` each, outputs of `out_bytes` each, as
/// raw little-endian words (u64 for both).
fn check_raw(
    kernel: &str,
    inputs: &[u64],
    in_bytes: usize,
    nin: usize,
    out_bytes: usize,
    want: impl Fn(&[u64]) -> u64,
    ok: impl Fn(u64, u64) -> bool,
) {
    let bytes: Vec<u8> = inputs
        .iter()
        .flat_map(|x| x.to_le_bytes()[..in_bytes].to_vec())
        .collect();
    let outs = run(kernel, &bytes, in_bytes * nin, out_bytes);
    for (e, out) in outs {
        for (i, c) in out.chunks_exact(out_bytes).enumerate() {
            let mut b = [0u8; 8];
            b[..out_bytes].copy_from_slice(c);
            let got = u64::from_le_bytes(b);
            let x = &inputs[i * nin..(i + 1) * nin];
            let w = want(x);
            assert!(
                ok(got, w),
                "{kernel} ({e}): inputs {x:#x?}: got {got:#x}, want {w:#x}"
            );
        }
    }
}

fn modes() -> [(Mode, &'static str, &'static str); 4] {
    [
        (Mode::Rn, "rn", "rni"),
        (Mode::Rz, "rz", "rzi"),
        (Mode::Rm, "rm", "rmi"),
        (Mode::Rp, "rp", "rpi"),
    ]
}

#[test]
fn f2i_from_f32() {
    let inp = f32_inputs(1, 300);
    let f = |b: u32| f64::from(f32::from_bits(b));
    for (m, _, mi) in modes() {
        check_u32(
            &format!("f2i_{mi}_s32"),
            &inp,
            1,
            |x| f2i_ref(f(x[0]), m, S32.0, S32.1) as i32 as u32,
            |a, b| a == b,
        );
    }
    check_u32(
        "f2i_rzi_u32",
        &inp,
        1,
        |x| f2i_ref(f(x[0]), Mode::Rz, U32.0, U32.1) as u32,
        |a, b| a == b,
    );
    check_u32(
        "f2i_rni_u32",
        &inp,
        1,
        |x| f2i_ref(f(x[0]), Mode::Rn, U32.0, U32.1) as u32,
        |a, b| a == b,
    );
    check_u32(
        "f2i_rpi_ftz_s32",
        &inp,
        1,
        |x| {
            let v = f64::from(ftz32(f32::from_bits(x[0])));
            f2i_ref(v, Mode::Rp, S32.0, S32.1) as i32 as u32
        },
        |a, b| a == b,
    );
    let wide: Vec<u64> = inp.iter().map(|&b| u64::from(b)).collect();
    check_raw(
        "f2i_rni_s64",
        &wide,
        4,
        1,
        8,
        |x| f2i_ref(f(x[0] as u32), Mode::Rn, S64.0, S64.1) as i64 as u64,
        |a, b| a == b,
    );
    check_raw(
        "f2i_rzi_u64",
        &wide,
        4,
        1,
        8,
        |x| f2i_ref(f(x[0] as u32), Mode::Rz, U64.0, U64.1) as u64,
        |a, b| a == b,
    );
}

#[test]
fn f2i_from_f64() {
    let inp = f64_inputs(2, 300);
    let f = f64::from_bits;
    check_raw(
        "f2i_rzi_s32_f64",
        &inp,
        8,
        1,
        4,
        |x| u64::from(f2i_ref(f(x[0]), Mode::Rz, S32.0, S32.1) as i32 as u32),
        |a, b| a == b,
    );
    check_raw(
        "f2i_rmi_s64_f64",
        &inp,
        8,
        1,
        8,
        |x| f2i_ref(f(x[0]), Mode::Rm, S64.0, S64.1) as i64 as u64,
        |a, b| a == b,
    );
    check_raw(
        "f2i_rpi_u64_f64",
        &inp,
        8,
        1,
        8,
        |x| f2i_ref(f(x[0]), Mode::Rp, U64.0, U64.1) as u64,
        |a, b| a == b,
    );
}

/// Integer edge cases and random values.
fn ints(seed: u64, n: usize) -> Vec<u64> {
    let mut v: Vec<u64> = vec![
        0,
        1,
        2,
        3,
        0x7fff_ffff,
        0x8000_0000,
        0xffff_ffff,
        0x0100_0001,
        0x0100_0003,
        0xffff_fffe,
        0xfeff_ffff,
        0x7fff_ffbf,
        0x7fff_ffc0,
        0x7fff_ffff_ffff_ffff,
        0x8000_0000_0000_0000,
        0xffff_ffff_ffff_ffff,
        0x0020_0000_0000_0001,
        0x0000_0001_0000_0001,
        0xffff_ff7f_ffff_ffff,
        0x8000_0000_0000_0001,
    ];
    let mut r = Rng::new(seed);
    for i in 0..n {
        let x = r.next();
        v.push(x >> (i % 40));
    }
    v
}

/// The integer in the low `bytes` bytes of `x`, sign-extended if `signed`.
fn int_of(x: u64, bytes: usize, signed: bool) -> i128 {
    let shift = 64 - 8 * bytes as u32;
    if signed {
        i128::from(((x << shift) as i64) >> shift)
    } else {
        i128::from((x << shift) >> shift)
    }
}

#[test]
fn i2f_all_modes() {
    let inp = ints(3, 300);
    // (kernel, mode, input bytes, signed, output bytes)
    let cases: [(&str, Mode, usize, bool, usize); 13] = [
        ("i2f_rn_f32_s32", Mode::Rn, 4, true, 4),
        ("i2f_rz_f32_u32", Mode::Rz, 4, false, 4),
        ("i2f_rm_f32_s32", Mode::Rm, 4, true, 4),
        ("i2f_rp_f32_u32", Mode::Rp, 4, false, 4),
        ("i2f_rp_f32_s32", Mode::Rp, 4, true, 4),
        ("i2f_rz_f32_s32", Mode::Rz, 4, true, 4),
        ("i2f_rn_f32_s64", Mode::Rn, 8, true, 4),
        ("i2f_rz_f32_u64", Mode::Rz, 8, false, 4),
        ("i2f_rm_f32_s64", Mode::Rm, 8, true, 4),
        ("i2f_rp_f32_u64", Mode::Rp, 8, false, 4),
        ("i2f_rn_f64_s32", Mode::Rn, 4, true, 8),
        ("i2f_rm_f64_s64", Mode::Rm, 8, true, 8),
        ("i2f_rp_f64_u64", Mode::Rp, 8, false, 8),
    ];
    for (k, m, in_bytes, signed, out_bytes) in cases {
        check_raw(
            k,
            &inp,
            in_bytes,
            1,
            out_bytes,
            |x| {
                let v = int_of(x[0], in_bytes, signed);
                if out_bytes == 4 {
                    u64::from(i_to_f32(v, m).to_bits())
                } else {
                    i_to_f64(v, m).to_bits()
                }
            },
            |a, b| a == b,
        );
    }
}

/// `f16` bits to `f32` (exact).
fn f16_to_f32(h: u16) -> f32 {
    half_to_f64(h) as f32
}

/// `f32` to `f16` bits, round to nearest even: the nearest of the
/// candidates found by exhaustive bracketing over the `f16` values.
fn f32_to_f16_rn(x: f32) -> u16 {
    if x.is_nan() {
        return 0x7e00;
    }
    let sign = if x.is_sign_negative() { 0x8000u16 } else { 0 };
    let a = f64::from(x.abs());
    // The largest non-negative f16 (up to +Inf) not above a.
    let mut lo = 0u16;
    let mut hi = 0x7c00u16;
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        if f64::from(f16_to_f32(mid)) <= a {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    let below = lo;
    if f64::from(f16_to_f32(below)) == a || below == 0x7c00 {
        return sign | below;
    }
    // Above: the next f16, or the overflow threshold 65520 for MAX.
    let (up, up_val) = if below == 0x7bff {
        (0x7c00u16, 65520.0f64)
    } else {
        (below + 1, f64::from(f16_to_f32(below + 1)))
    };
    let (dl, du) = (a - f64::from(f16_to_f32(below)), up_val - a);
    let pick = if dl < du || (dl == du && below & 1 == 0) {
        below
    } else {
        up
    };
    sign | pick
}

#[test]
fn f2f_conversions() {
    let inp32 = f32_inputs(4, 300);
    let inp64 = f64_inputs(5, 300);
    let wide: Vec<u64> = inp32.iter().map(|&b| u64::from(b)).collect();
    check_raw(
        "f2f_f64_f32",
        &wide,
        4,
        1,
        8,
        |x| f64::from(f32::from_bits(x[0] as u32)).to_bits(),
        same64,
    );
    for (m, r, _) in modes() {
        check_raw(
            &format!("f2f_{r}_f32_f64"),
            &inp64,
            8,
            1,
            4,
            |x| u64::from(f64_to_f32(f64::from_bits(x[0]), m).to_bits()),
            |a, b| same32(a as u32, b as u32),
        );
    }
    check_raw(
        "f2f_rn_ftz_f32_f64",
        &inp64,
        8,
        1,
        4,
        |x| u64::from(ftz32(f64_to_f32(f64::from_bits(x[0]), Mode::Rn)).to_bits()),
        |a, b| same32(a as u32, b as u32),
    );
    let halves: Vec<u64> = (0..=0xffffu64)
        .step_by(7)
        .chain([0x7c00, 0xfc00, 0x0001, 0x8001, 0x7bff, 0x3c00])
        .collect();
    check_raw(
        "f2f_f32_f16",
        &halves,
        2,
        1,
        4,
        |x| u64::from(f16_to_f32(x[0] as u16).to_bits()),
        |a, b| same32(a as u32, b as u32),
    );
    check_raw(
        "f2f_rn_f16_f32",
        &wide,
        4,
        1,
        2,
        |x| u64::from(f32_to_f16_rn(f32::from_bits(x[0] as u32))),
        |a, b| a == b || (a & 0x7fff > 0x7c00 && b & 0x7fff > 0x7c00),
    );
}

/// Pairs (or triples) of inputs: every pair of edge values, then random ones.
fn tuples(seed: u64, arity: usize, n: usize) -> Vec<u32> {
    let e = f32_edges();
    let mut v = Vec::new();
    if arity == 2 {
        for &a in &e {
            for &b in &e {
                v.extend([a, b]);
            }
        }
    }
    let r = f32_inputs(seed, n * arity);
    v.extend_from_slice(&r[e.len()..]);
    v
}

#[test]
fn fsetp_conditions() {
    let inp = tuples(6, 2, 200);
    type Cond = fn(f32, f32) -> bool;
    let conds: [(&str, Cond); 13] = [
        ("lt", |a, b| a < b),
        ("le", |a, b| a <= b),
        ("gt", |a, b| a > b),
        ("ge", |a, b| a >= b),
        ("eq", |a, b| a == b),
        ("ne", |a, b| a != b && !a.is_nan() && !b.is_nan()),
        ("equ", |a, b| a == b || a.is_nan() || b.is_nan()),
        ("neu", |a, b| a != b),
        ("ltu", |a, b| a < b || a.is_nan() || b.is_nan()),
        ("gtu", |a, b| a > b || a.is_nan() || b.is_nan()),
        ("num", |a, b| !a.is_nan() && !b.is_nan()),
        ("nan", |a, b| a.is_nan() || b.is_nan()),
        ("lt_ftz", |a, b| ftz32(a) < ftz32(b)),
    ];
    for (c, f) in conds {
        check_u32(
            &format!("setp_{c}"),
            &inp,
            2,
            |x| u32::from(f(f32::from_bits(x[0]), f32::from_bits(x[1]))),
            |a, b| a == b,
        );
    }
    check_u32(
        "selp_f32",
        &inp,
        2,
        |x| if x[0] > x[1] { x[0] } else { x[1] },
        |a, b| a == b,
    );
}

/// IEEE-754 minimumNumber / maximumNumber with -0 < +0 (exact for `f32`
/// operands widened to `f64`: the result is one of them).
fn min_max(a: f64, b: f64, max: bool) -> f64 {
    if a.is_nan() {
        return b;
    }
    if b.is_nan() {
        return a;
    }
    if a == b {
        // ±0: min prefers -0, max +0.
        return if a.is_sign_negative() != max { a } else { b };
    }
    if (a < b) != max {
        a
    } else {
        b
    }
}

#[test]
fn fmnmx_min_max() {
    let inp = tuples(7, 2, 200);
    for (k, max, ftz) in [
        ("min_f32", false, false),
        ("max_f32", true, false),
        ("min_ftz_f32", false, true),
        ("max_ftz_f32", true, true),
    ] {
        check_u32(
            k,
            &inp,
            2,
            |x| {
                let (mut a, mut b) = (f32::from_bits(x[0]), f32::from_bits(x[1]));
                if ftz {
                    (a, b) = (ftz32(a), ftz32(b));
                }
                (min_max(f64::from(a), f64::from(b), max) as f32).to_bits()
            },
            same32,
        );
    }
}

/// `a * b + c` rounded once by `m`, from exact integer arithmetic (finite
/// operands of moderate exponent; others by the host's IEEE rules, which
/// are the same in every mode).
fn fma_ref(a: f32, b: f32, c: f32, m: Mode) -> f32 {
    let r = a.mul_add(b, c);
    if !a.is_finite() || !b.is_finite() || !c.is_finite() || r.is_nan() {
        return r;
    }
    if r.is_infinite() {
        // Overflow of finite operands: the largest finite value when the
        // mode rounds toward zero for that sign.
        let toward_zero = match m {
            Mode::Rn => false,
            Mode::Rz => true,
            Mode::Rm => r > 0.0,
            Mode::Rp => r < 0.0,
        };
        return if toward_zero { f32::MAX.copysign(r) } else { r };
    }
    let (ma, ea) = decompose32(a);
    let (mb, eb) = decompose32(b);
    let (mc, ec) = decompose32(c);
    let (mp, mut ep) = (ma * mb, ea + eb);
    let mut ec = ec;
    // Zeros: any exponent will do; keep the shifts small.
    if mp == 0 {
        ep = ec;
    }
    if mc == 0 {
        ec = ep;
    }
    let k = ep.min(ec);
    let exact = (mp << (ep - k)) + (mc << (ec - k));
    if exact == 0 {
        // An exact zero: -0 when rounding down, else +0, unless both terms
        // are zeros of the same sign (then that sign).
        if mp == 0 && mc == 0 {
            let ps = a.is_sign_negative() != b.is_sign_negative();
            if ps == c.is_sign_negative() {
                return 0.0f32.copysign(if ps { -1.0 } else { 1.0 });
            }
        }
        return if m == Mode::Rm { -0.0 } else { 0.0 };
    }
    if r == 0.0 {
        // Underflow to zero in RN: the tiny result rounds away in RP/RM.
        let pos = exact > 0;
        return match (m, pos) {
            (Mode::Rp, true) => f32::from_bits(1),
            (Mode::Rm, false) => -f32::from_bits(1),
            _ => 0.0f32.copysign(if pos { 1.0 } else { -1.0 }),
        };
    }
    let (mr, er) = decompose32(r);
    direct32(r, cmp_scaled(exact, k, mr, er), m)
}

/// Triples with exponents in [2^-10, 2^10] (exact arithmetic fits i128)
/// plus exact-cancellation and tie cases.
fn fma_inputs(seed: u64, n: usize) -> Vec<u32> {
    let mut r = Rng::new(seed);
    let mut v = Vec::new();
    for i in 0..n {
        for _ in 0..3 {
            let x = r.next() as u32;
            v.push((x & 0x807f_ffff) | ((117 + (x >> 8) % 20) << 23));
        }
        if i % 5 == 0 {
            // c = -(a*b) rounded: tiny residual or exact zero.
            let (a, b) = (
                f32::from_bits(v[v.len() - 3]),
                f32::from_bits(v[v.len() - 2]),
            );
            let l = v.len();
            v[l - 1] = (-(a * b)).to_bits();
        }
    }
    for t in [
        [1.0f32, 1.0, -1.0],
        [-1.0, 1.0, 1.0],
        [2.0, 3.0, -6.0],
        [1.5, 1.5, 0.0],
        [f32::MAX, 2.0, 0.0],
        [-f32::MAX, 2.0, 0.0],
        [1e-30, 1e-30, 0.0],
        [-1e-30, 1e-30, 0.0],
        [0.0, -1.0, 0.0],
        [f32::INFINITY, 0.0, 1.0],
    ] {
        v.extend(t.iter().map(|f| f.to_bits()));
    }
    v
}

#[test]
fn ffma_rounding_modes() {
    let inp = fma_inputs(8, 300);
    for (m, r, _) in modes() {
        check_u32(
            &format!("fma_{r}_f32"),
            &inp,
            3,
            |x| {
                let [a, b, c] = [0, 1, 2].map(|i| f32::from_bits(x[i]));
                fma_ref(a, b, c, m).to_bits()
            },
            same32,
        );
    }
    let edge = tuples(9, 3, 300);
    check_u32(
        "fma_rn_ftz_f32",
        &edge,
        3,
        |x| {
            let [a, b, c] = [0, 1, 2].map(|i| ftz32(f32::from_bits(x[i])));
            ftz32(a.mul_add(b, c)).to_bits()
        },
        same32,
    );
    let sat = |v: f32| if v.is_nan() { 0.0 } else { v.clamp(0.0, 1.0) };
    let zero_eq = |a: u32, b: u32| same32(a, b) || (a | b) & 0x7fff_ffff == 0;
    check_u32(
        "fma_rn_sat_f32",
        &edge,
        3,
        |x| {
            let [a, b, c] = [0, 1, 2].map(|i| f32::from_bits(x[i]));
            sat(a.mul_add(b, c)).to_bits()
        },
        zero_eq,
    );
    let pairs = tuples(10, 2, 200);
    check_u32(
        "add_rn_sat_f32",
        &pairs,
        2,
        |x| sat(f32::from_bits(x[0]) + f32::from_bits(x[1])).to_bits(),
        zero_eq,
    );
    check_u32(
        "mul_rz_f32",
        &pairs,
        2,
        |x| {
            let (a, b) = (f32::from_bits(x[0]), f32::from_bits(x[1]));
            // The f32 product is exact in f64 (subnormal results included).
            f64_to_f32(f64::from(a) * f64::from(b), Mode::Rz).to_bits()
        },
        same32,
    );
}

#[test]
fn ieee_division_and_roots_are_exact() {
    let pairs = tuples(11, 2, 400);
    check_u32(
        "div_rn_f32",
        &pairs,
        2,
        |x| (f32::from_bits(x[0]) / f32::from_bits(x[1])).to_bits(),
        same32,
    );
    let one = f32_inputs(12, 400);
    check_u32(
        "rcp_rn_f32",
        &one,
        1,
        |x| (1.0 / f32::from_bits(x[0])).to_bits(),
        same32,
    );
    check_u32(
        "sqrt_rn_f32",
        &one,
        1,
        |x| f32::from_bits(x[0]).sqrt().to_bits(),
        same32,
    );
    let d = f64_inputs(13, 400);
    check_raw(
        "div_rn_f64",
        &d,
        8,
        2,
        8,
        |x| (f64::from_bits(x[0]) / f64::from_bits(x[1])).to_bits(),
        same64,
    );
}

/// Distance in units in the last place between two finite `f32` of the same sign.
fn ulps(a: f32, b: f32) -> u32 {
    let key = |x: f32| {
        let b = x.to_bits() as i64;
        if b < 0 {
            i64::from(i32::MIN) - b
        } else {
            b
        }
    };
    let (x, y) = (key(a) as i32, key(b) as i32);
    x.abs_diff(y)
}

#[test]
fn mufu_approximations() {
    let inp = f32_inputs(14, 400);
    type F = fn(f64) -> f64;
    let fns: [(&str, F); 6] = [
        ("tanh", f64::tanh),
        ("rcp", |x| 1.0 / x),
        ("rsqrt", |x| 1.0 / x.sqrt()),
        ("sqrt", f64::sqrt),
        ("ex2", f64::exp2),
        ("lg2", f64::log2),
    ];
    for (k, f) in fns {
        check_u32(
            &format!("{k}_approx_f32"),
            &inp,
            1,
            |x| ftz32(f(f64::from(ftz32(f32::from_bits(x[0])))) as f32).to_bits(),
            |g, w| {
                let (g, w) = (f32::from_bits(g), f32::from_bits(w));
                (g.is_nan() && w.is_nan())
                    || g.to_bits() == w.to_bits()
                    || (g.is_finite()
                        && w.is_finite()
                        && g.signum() == w.signum()
                        && ulps(g, w) <= 2)
            },
        );
    }
    // sin/cos: ptxas scales by 1/2π (FMUL.RZ) before MUFU, so the argument
    // carries a relative error of about 2^-22: |error| <= 2e-7 * |x| + 1 ulp;
    // compare on |x| <= 16.
    let args: Vec<u32> = inp
        .iter()
        .copied()
        .filter(|&b| f32::from_bits(b).abs() <= 16.0)
        .collect();
    for (k, f) in [("sin", f64::sin as F), ("cos", f64::cos as F)] {
        check_u32(
            &format!("{k}_approx_f32"),
            &args,
            1,
            |x| (f(f64::from(ftz32(f32::from_bits(x[0])))) as f32).to_bits(),
            |g, w| {
                let (g, w) = (f32::from_bits(g), f32::from_bits(w));
                (g.is_nan() && w.is_nan()) || (g - w).abs() <= 4e-6
            },
        );
    }
}

#[test]
fn f64_arithmetic() {
    // Exponents in [2^-20, 2^20]: exact sums fit i128.
    let mut r = Rng::new(15);
    let mut v = Vec::new();
    for _ in 0..600 {
        let x = r.next();
        v.push((x & 0x800f_ffff_ffff_ffff) | ((1023 - 20 + (x >> 52) % 40) << 52));
    }
    v.extend([1.0f64, -1.0, 0.5, -0.5, 1e-5, 1e-5].map(f64::to_bits));
    for (m, name, _) in modes() {
        check_raw(
            &format!("add_{name}_f64"),
            &v,
            8,
            2,
            8,
            |x| {
                let (a, b) = (f64::from_bits(x[0]), f64::from_bits(x[1]));
                let rn = a + b;
                let (ma, ea) = decompose64(a);
                let (mb, eb) = decompose64(b);
                let k = ea.min(eb);
                let exact = (ma << (ea - k)) + (mb << (eb - k));
                if exact == 0 {
                    return if m == Mode::Rm {
                        (-0.0f64).to_bits()
                    } else {
                        0
                    };
                }
                let (mr, er) = decompose64(rn);
                direct64(rn, cmp_scaled(exact, k, mr, er), m).to_bits()
            },
            same64,
        );
    }
    let e = f64_inputs(16, 300);
    check_raw(
        "mul_rn_f64",
        &e,
        8,
        2,
        8,
        |x| (f64::from_bits(x[0]) * f64::from_bits(x[1])).to_bits(),
        same64,
    );
    let e3 = f64_inputs(17, 450);
    let n3 = e3.len() / 3 * 3;
    check_raw(
        "fma_rn_f64",
        &e3[..n3],
        8,
        3,
        8,
        |x| {
            f64::from_bits(x[0])
                .mul_add(f64::from_bits(x[1]), f64::from_bits(x[2]))
                .to_bits()
        },
        same64,
    );
}

#[test]
fn integer_division_idiom_is_exact() {
    // ptxas lowers div/rem through I2F.RP, MUFU.RCP, F2I.FTZ.U32.TRUNC and
    // IMAD fix-ups; the quotients must be exact for every divisor.
    let mut r = Rng::new(18);
    let mut v: Vec<u32> = Vec::new();
    let special = [
        1u32,
        2,
        3,
        5,
        7,
        10,
        255,
        256,
        0xffff,
        0x10001,
        0x7fff_ffff,
        0x8000_0000,
        0x8000_0001,
        0xffff_fffe,
        0xffff_ffff,
        0x5555_5555,
        0xaaaa_aaab,
        641,
        6_700_417,
        0x00ff_ffff,
        0x0100_0001,
    ];
    for &a in &special {
        for &b in &special {
            v.extend([a, b]);
        }
    }
    for i in 0..2000 {
        let a = r.next() as u32;
        let b = (r.next() as u32) >> (i % 32);
        v.extend([a, b.max(1)]);
    }
    check_u32("div_u32", &v, 2, |x| x[0] / x[1], |a, b| a == b);
    check_u32("rem_u32", &v, 2, |x| x[0] % x[1], |a, b| a == b);
    // Signed: skip MIN / -1 (undefined in PTX).
    let s: Vec<u32> = v
        .chunks_exact(2)
        .filter(|p| !(p[0] == 0x8000_0000 && p[1] == 0xffff_ffff))
        .flatten()
        .copied()
        .collect();
    check_u32(
        "div_s32",
        &s,
        2,
        |x| ((x[0] as i32) / (x[1] as i32)) as u32,
        |a, b| a == b,
    );
    check_u32(
        "rem_s32",
        &s,
        2,
        |x| ((x[0] as i32) % (x[1] as i32)) as u32,
        |a, b| a == b,
    );
}

#[test]
fn sgxt_sign_and_zero_extension() {
    let mut v = Vec::new();
    let mut r = Rng::new(19);
    for n in [0u32, 1, 2, 5, 16, 31, 32, 33, 63, 64, 255, 256, 0xffff_ffff] {
        for a in [
            0u32,
            1,
            0x8000_0000,
            0xffff_ffff,
            0x1234_5678,
            0x0000_8000,
            0xdead_beef,
        ] {
            v.extend([a, n]);
        }
    }
    for _ in 0..200 {
        v.extend([r.next() as u32, r.next() as u32 % 70]);
    }
    // PTX szext: n = clamp(b, 0, 32) or b mod 32; the low n bits extended.
    let ext = |a: u32, n: u32, signed: bool| -> u32 {
        if n == 0 {
            return 0;
        }
        let sh = 32 - n;
        if signed {
            (((a << sh) as i32) >> sh) as u32
        } else {
            (a << sh) >> sh
        }
    };
    check_u32(
        "szext_clamp_s32",
        &v,
        2,
        |x| ext(x[0], x[1].min(32), true),
        |a, b| a == b,
    );
    check_u32(
        "szext_wrap_u32",
        &v,
        2,
        |x| ext(x[0], x[1] % 32, false),
        |a, b| a == b,
    );
}

#[test]
fn isetp_ex_64_bit_compares() {
    let base = ints(20, 60);
    let mut v = Vec::new();
    for &a in &base {
        for &b in base.iter().step_by(3) {
            v.extend([a, b]);
        }
        v.extend([a, a]);
        v.extend([a, a ^ 1]);
        v.extend([a, a.wrapping_add(1 << 32)]);
    }
    type C = fn(u64, u64) -> bool;
    let cases: [(&str, C); 8] = [
        ("setp_lt_s64", |a, b| (a as i64) < (b as i64)),
        ("setp_le_u64", |a, b| a <= b),
        ("setp_gt_s64", |a, b| (a as i64) > (b as i64)),
        ("setp_ge_u64", |a, b| a >= b),
        ("setp_eq_s64", |a, b| a == b),
        ("setp_ne_u64", |a, b| a != b),
        ("setp_lt_u64", |a, b| a < b),
        ("setp_ge_s64", |a, b| (a as i64) >= (b as i64)),
    ];
    for (k, f) in cases {
        check_raw(k, &v, 8, 2, 4, |x| u64::from(f(x[0], x[1])), |a, b| a == b);
    }
}

#[test]
fn fmul_scales() {
    // ptxas does not emit FMUL's scale (.D8 .. .M8, [84, 87)) from PTX: patch
    // the FMUL.RZ of `mul_rz_f32` to RN with each scale; the result is the
    // exact product times 2^(scale - 4), rounded once.
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/ptx/fconv.cubin");
    let orig = std::fs::read(&p).expect("fconv.cubin");
    let (off, _) = common::find_word(&orig, "mul_rz_f32", |w| w & 0x1ff == 0x020).expect("an FMUL");
    let pairs = tuples(21, 2, 200);
    for scale in 1u32..=7 {
        let mut bytes = orig.clone();
        let mut w = common::word_at(&bytes, off);
        w &= !(3u128 << 78) & !(7u128 << 84);
        w |= u128::from(scale) << 84;
        common::set_word(&mut bytes, off, w);
        let m = Module::from_bytes(&bytes, "fmul_scale", None).expect("patched");
        let outs = run_in(&m, "mul_rz_f32", &le32(&pairs), 8, 4);
        for (e, out) in outs {
            for (i, got) in words32(&out).into_iter().enumerate() {
                let (a, b) = (
                    f32::from_bits(pairs[2 * i]),
                    f32::from_bits(pairs[2 * i + 1]),
                );
                let exact = f64::from(a) * f64::from(b) * 2f64.powi(scale as i32 - 4);
                let want = f64_to_f32(exact, Mode::Rn).to_bits();
                assert!(
                    same32(got, want),
                    "scale {scale} ({e}): {a:e} * {b:e}: got {:e}, want {:e}",
                    f32::from_bits(got),
                    f32::from_bits(want)
                );
            }
        }
    }
}

#[test]
fn immediate_operand_forms() {
    let one = f32_inputs(22, 300);
    let k1 = f32::from_bits(0x3fc0_0001);
    let k2 = f32::from_bits(0xbf40_0001);
    check_u32(
        "add_imm_f32",
        &one,
        1,
        |x| {
            // The exact sum, rounded to odd in f64 (a plain f64 sum drops a
            // tiny addend such as -2^-126 and with it the RZ step down).
            let (a, b) = (f64::from(f32::from_bits(x[0])), f64::from(k1));
            let s = a + b;
            let bb = s - a;
            let e = (a - (s - bb)) + (b - bb);
            let s = if s.is_finite() && e != 0.0 && s.to_bits() & 1 == 0 {
                let step = if (e > 0.0) == (s > 0.0) { 1 } else { -1i64 };
                f64::from_bits((s.to_bits() as i64 + step) as u64)
            } else {
                s
            };
            f64_to_f32(s, Mode::Rz).to_bits()
        },
        |g, w| same32(g, w) || (g | w) & 0x7fff_ffff == 0,
    );
    check_u32(
        "mul_imm_f32",
        &one,
        1,
        |x| f64_to_f32(f64::from(f32::from_bits(x[0])) * f64::from(k2), Mode::Rp).to_bits(),
        same32,
    );
    let pairs = tuples(23, 2, 200);
    check_u32(
        "fma_imm_f32",
        &pairs,
        2,
        |x| {
            f32::from_bits(x[0])
                .mul_add(std::f32::consts::PI, f32::from_bits(x[1]))
                .to_bits()
        },
        same32,
    );
    let d = f64_inputs(24, 300);
    check_raw(
        "add_imm_f64",
        &d,
        8,
        1,
        8,
        |x| {
            let a = f64::from_bits(x[0]);
            let r = a + 1.5;
            if !r.is_finite() || !a.is_finite() || a == 0.0 {
                return r.to_bits();
            }
            let (ma, ea) = decompose64(a);
            let (mb, eb) = decompose64(1.5);
            if ea < eb - 60 || ea > eb + 60 {
                // Far apart: the exact sum is a±tiny; rn is the bigger term.
                let tiny_pos = if ea < eb { a > 0.0 } else { true };
                return direct64(
                    r,
                    if tiny_pos {
                        std::cmp::Ordering::Greater
                    } else {
                        std::cmp::Ordering::Less
                    },
                    Mode::Rm,
                )
                .to_bits();
            }
            let k = ea.min(eb);
            let exact = (ma << (ea - k)) + (mb << (eb - k));
            if exact == 0 {
                return (-0.0f64).to_bits();
            }
            let (mr, er) = decompose64(r);
            direct64(r, cmp_scaled(exact, k, mr, er), Mode::Rm).to_bits()
        },
        same64,
    );
}

#[test]
fn frnd_and_f64_min_max() {
    let one = f32_inputs(25, 300);
    let d = f64_inputs(26, 300);
    for (m, _, mi) in modes() {
        check_u32(
            &format!("frnd_{mi}_f32"),
            &one,
            1,
            |x| (round_int(f64::from(f32::from_bits(x[0])), m) as f32).to_bits(),
            same32,
        );
        check_raw(
            &format!("frnd_{mi}_f64"),
            &d,
            8,
            1,
            8,
            |x| round_int(f64::from_bits(x[0]), m).to_bits(),
            same64,
        );
    }
    check_u32(
        "frnd_rni_ftz_f32",
        &one,
        1,
        |x| (round_int(f64::from(ftz32(f32::from_bits(x[0]))), Mode::Rn) as f32).to_bits(),
        same32,
    );
    // min/max.f64 (ptxas: DSETP + FSEL on the halves): minimumNumber /
    // maximumNumber, -0 < +0.
    let n2 = d.len() / 2 * 2;
    for (k, max) in [("min_f64", false), ("max_f64", true)] {
        check_raw(
            k,
            &d[..n2],
            8,
            2,
            8,
            |x| min_max(f64::from_bits(x[0]), f64::from_bits(x[1]), max).to_bits(),
            same64,
        );
    }
    check_raw(
        "setp_ltu_f64",
        &d[..n2],
        8,
        2,
        4,
        |x| {
            let (a, b) = (f64::from_bits(x[0]), f64::from_bits(x[1]));
            u64::from(a < b || a.is_nan() || b.is_nan())
        },
        |a, b| a == b,
    );
}

#[test]
fn sub_register_selects() {
    let mut r = Rng::new(27);
    let mut v: Vec<u32> = vec![
        0,
        0xffff_ffff,
        0x8000_0000,
        0x7c00_fc00,
        0x7e00_3c00,
        0xc500_4480,
        0x0001_8001,
        0x3555_b555,
    ];
    for _ in 0..300 {
        v.push(r.next() as u32);
    }
    for b in 0..4u32 {
        check_u32(
            &format!("i2f_u8_b{b}"),
            &v,
            1,
            |x| (((x[0] >> (8 * b)) & 0xff) as f32).to_bits(),
            |g, w| g == w,
        );
    }
    check_u32(
        "i2f_s8_b2",
        &v,
        1,
        |x| f32::from((x[0] >> 16) as u8 as i8).to_bits(),
        |g, w| g == w,
    );
    check_u32(
        "i2f_s16_h1",
        &v,
        1,
        |x| f32::from((x[0] >> 16) as u16 as i16).to_bits(),
        |g, w| g == w,
    );
    let f2i = |h: u16, m: Mode| u64::from(f2i_ref(half_to_f64(h), m, S32.0, S32.1) as i32 as u32);
    check_u32(
        "f2i_f16_h1",
        &v,
        1,
        |x| f2i((x[0] >> 16) as u16, Mode::Rz) as u32,
        |g, w| g == w,
    );
    check_u32(
        "f2i_f16_h0",
        &v,
        1,
        |x| f2i(x[0] as u16, Mode::Rn) as u32,
        |g, w| g == w,
    );
    check_u32(
        "f2f_f32_f16_h1",
        &v,
        1,
        |x| (half_to_f64((x[0] >> 16) as u16) as f32).to_bits(),
        same32,
    );
}

#[test]
fn ptxas_selects() {
    // sel.ptx: in = (hi: f16 / s16, lo with byte 1): out = (f32, s32).
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/ptx/sel.cubin");
    let m = Module::from_bytes(&std::fs::read(&p).expect("sel.cubin"), "sel", None).expect("sel");
    let mut r = Rng::new(28);
    let mut inputs = vec![0x4480_3c00u32, 0xc500_ff00, 0x7c00_0000, 0x0001_1234];
    for _ in 0..40 {
        inputs.push(r.next() as u32);
    }
    for x in inputs {
        let h = (x >> 16) as u16;
        // Two roundings as the kernel does them: f1 + f2 (exact), then + f3.
        let want_f = ((f64::from((x >> 8) & 0xff) + f64::from(h as i16)) as f32
            + half_to_f64(h) as f32)
            .to_bits();
        let want_i = f2i_ref(half_to_f64(h), Mode::Rz, S32.0, S32.1) as i32 as u32;
        let outs = run_in(&m, "selb", &x.to_le_bytes(), 4, 8);
        for (e, out) in outs {
            let w = words32(&out);
            assert!(
                same32(w[0], want_f),
                "{e}: {x:#010x}: f {:e} want {:e}",
                f32::from_bits(w[0]),
                f32::from_bits(want_f)
            );
            assert_eq!(w[1], want_i, "{e}: {x:#010x}: i");
        }
    }
}

/// `a*b + c` rounded by `m`, from exact integer arithmetic (operands whose
/// terms lie within 2^20 of each other, see `dfma_inputs`).
fn dfma_ref(a: f64, b: f64, c: f64, m: Mode) -> f64 {
    let r = a.mul_add(b, c);
    let (ma, ea) = decompose64(a);
    let (mb, eb) = decompose64(b);
    let (mc, ec) = decompose64(c);
    let (mp, ep) = (ma * mb, ea + eb);
    let (mr, er) = decompose64(r);
    let k = ep.min(ec).min(er);
    let exact = (mp << (ep - k)) + (mc << (ec - k));
    if exact == 0 {
        return if m == Mode::Rm { -0.0 } else { 0.0 };
    }
    direct64(r, exact.cmp(&(mr << (er - k))), m)
}

fn dfma_inputs(seed: u64, n: usize) -> Vec<u64> {
    let mut r = Rng::new(seed);
    let mut v = Vec::new();
    let f = |r: &mut Rng, e: i64| {
        let x = r.next();
        let sign = x & (1 << 63);
        sign | ((1023 + e) as u64) << 52 | (x & ((1 << 52) - 1))
    };
    for i in 0..n {
        let (ea, eb) = ((r.next() % 21) as i64 - 10, (r.next() % 21) as i64 - 10);
        let a = f(&mut r, ea);
        let b = f(&mut r, eb);
        let c = if i % 4 == 0 {
            // Cancellation: the residual of the rounded product.
            (-(f64::from_bits(a) * f64::from_bits(b))).to_bits()
        } else {
            let d = (r.next() % 21) as i64 - 10;
            f(&mut r, ea + eb + d)
        };
        v.extend([a, b, c]);
    }
    v
}

#[test]
fn dfma_directed_roundings() {
    let inp = dfma_inputs(29, 400);
    for (m, name, _) in modes() {
        check_raw(
            &format!("fma_{name}_f64"),
            &inp,
            8,
            3,
            8,
            |x| {
                let [a, b, c] = [0, 1, 2].map(|i| f64::from_bits(x[i]));
                dfma_ref(a, b, c, m).to_bits()
            },
            same64,
        );
    }
    // Edges: overflow, exact zeros, tiny products (scaled and unscaled paths).
    let tiny = f64::from_bits(1);
    let cases: [([f64; 3], [f64; 3]); 8] = [
        // (a, b, c) -> (rz, rm, rp)
        ([f64::MAX, 2.0, 0.0], [f64::MAX, f64::MAX, f64::INFINITY]),
        (
            [-f64::MAX, 2.0, 0.0],
            [-f64::MAX, f64::NEG_INFINITY, -f64::MAX],
        ),
        ([1.0, 1.0, -1.0], [0.0, -0.0, 0.0]),
        ([0.0, -1.0, 0.0], [0.0, -0.0, 0.0]),
        ([1e-200, 1e-200, 0.0], [0.0, 0.0, tiny]),
        (
            [-1e-200, 1e-200, 1.0],
            [1.0f64.next_down(), 1.0f64.next_down(), 1.0],
        ),
        (
            [1e-200, 1e-200, 1e-300],
            [1e-300, 1e-300, 1e-300f64.next_up()],
        ),
        (
            [2f64.powi(-537), 3.0 * 2f64.powi(-538), 0.0],
            [tiny, tiny, 2.0 * tiny],
        ),
    ];
    let flat: Vec<u64> = cases.iter().flat_map(|c| c.0.map(f64::to_bits)).collect();
    for (j, (m, name, _)) in modes().into_iter().skip(1).enumerate() {
        check_raw(
            &format!("fma_{name}_f64"),
            &flat,
            8,
            3,
            8,
            |x| {
                let i = cases
                    .iter()
                    .position(|c| c.0.map(f64::to_bits) == [x[0], x[1], x[2]])
                    .unwrap();
                let _ = m;
                cases[i].1[j].to_bits()
            },
            |g, w| g == w,
        );
    }
    // The IEEE sequences that use DFMA.RM/.RP in their slow paths.
    let d = f64_inputs(30, 400);
    check_raw(
        "sqrt_rn_f64",
        &d,
        8,
        1,
        8,
        |x| f64::from_bits(x[0]).sqrt().to_bits(),
        same64,
    );
    check_raw(
        "rcp_rn_f64",
        &d,
        8,
        1,
        8,
        |x| (1.0 / f64::from_bits(x[0])).to_bits(),
        same64,
    );
}

/// An `f16` as an integer multiple of 2^-24 (exact for finite values).
fn half24(h: u16) -> i128 {
    let e = i32::from((h >> 10) & 0x1f);
    let f = i128::from(h & 0x3ff);
    let m = if e == 0 { f } else { (f | 0x400) << (e - 1) };
    if h & 0x8000 != 0 {
        -m
    } else {
        m
    }
}

/// Rounds the exact value `x / 2^48` to `f16`, to nearest even (overflow to
/// infinity from 65520 up); `neg_zero` gives the sign of a zero result.
fn half_round48(x: i128, neg_zero: bool) -> u16 {
    if x == 0 {
        return if neg_zero { 0x8000 } else { 0 };
    }
    let sign = if x < 0 { 0x8000u16 } else { 0 };
    let a = x.abs();
    let at = |h: u16| half24(h) << 24;
    if a >= at(0x7bff) + (at(0x7bff) - at(0x7bfe)) / 2 {
        return sign | 0x7c00;
    }
    let (mut lo, mut hi) = (0u16, 0x7bffu16);
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        if at(mid) <= a {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    if at(lo) == a {
        return sign | lo;
    }
    let pick = match (a - at(lo)).cmp(&(at(lo + 1) - a)) {
        std::cmp::Ordering::Less => lo,
        std::cmp::Ordering::Greater => lo + 1,
        std::cmp::Ordering::Equal => lo + (lo & 1),
    };
    sign | pick
}

fn is_nan16(h: u16) -> bool {
    h & 0x7c00 == 0x7c00 && h & 0x3ff != 0
}

/// The two `f16` lanes of a word, lane 0 low.
fn lanes(w: u32) -> [u16; 2] {
    [w as u16, (w >> 16) as u16]
}

/// Two `f16` lanes as a word.
fn pack(l: [u16; 2]) -> u32 {
    u32::from(l[0]) | u32::from(l[1]) << 16
}

/// Whether two packed results agree lane by lane (any NaN equals any NaN).
fn halves_agree(g: u32, w: u32) -> bool {
    lanes(g)
        .iter()
        .zip(lanes(w))
        .all(|(&x, y)| x == y || (is_nan16(x) && is_nan16(y)))
}

/// IEEE `a*b + c` (`mul` with `c`), `a*b` (`mul`), or `a + b` on `f16`,
/// rounded once to nearest even, from exact integer arithmetic.
fn half_op(a: u16, b: u16, c: Option<u16>, mul: bool) -> u16 {
    let special = [Some(a), Some(b), c]
        .iter()
        .flatten()
        .any(|&h| h & 0x7c00 == 0x7c00);
    if special {
        let (fa, fb) = (half_to_f64(a), half_to_f64(b));
        let v = match (mul, c) {
            (_, Some(c)) => fa * fb + half_to_f64(c),
            (true, None) => fa * fb,
            (false, None) => fa + fb,
        };
        return if v.is_nan() {
            0x7e00
        } else if v > 0.0 {
            0x7c00
        } else {
            0xfc00
        };
    }
    let neg = |h: u16| h & 0x8000 != 0;
    let (exact, neg_zero) = if mul {
        let p = half24(a) * half24(b);
        let ps = neg(a) != neg(b);
        match c {
            None => (p, ps),
            Some(c) => (
                p + (half24(c) << 24),
                p == 0 && half24(c) == 0 && ps && neg(c),
            ),
        }
    } else {
        let x = (half24(a) + half24(b)) << 24;
        (x, neg(a) && neg(b))
    };
    half_round48(exact, neg_zero)
}

#[test]
fn packed_half_arithmetic() {
    let mut r = Rng::new(31);
    let mut v: Vec<u32> = Vec::new();
    let edges: [u16; 12] = [
        0, 0x8000, 0x3c00, 0xbc00, 0x7bff, 0x0001, 0x8001, 0x03ff, 0x7c00, 0xfc00, 0x7e00, 0x3555,
    ];
    for &a in &edges {
        for &b in &edges {
            v.extend([
                u32::from(a) | u32::from(b) << 16,
                u32::from(b) | u32::from(a) << 16,
                0x3c00_3800,
            ]);
        }
    }
    for _ in 0..300 {
        // Moderate exponents half the time.
        let x = r.next();
        let m = |y: u64| -> u32 {
            let h = |z: u64| ((z & 0x83ff) | ((8 + (z >> 10) % 14) << 10)) as u32;
            h(y) | h(y >> 16) << 16
        };
        if x & 1 == 0 {
            v.extend([m(x), m(x >> 20), m(x >> 40)]);
        } else {
            v.extend([x as u32, (x >> 32) as u32, r.next() as u32]);
        }
    }
    let ok = halves_agree;
    let ftz16 = |h: u16| if h & 0x7c00 == 0 { h & 0x8000 } else { h };
    let sat16 = |h: u16| {
        if is_nan16(h) || h & 0x8000 != 0 {
            if is_nan16(h) || h & 0x7fff != 0 {
                return 0;
            }
            return h;
        }
        if h > 0x3c00 {
            0x3c00
        } else {
            h
        }
    };
    type K = fn(u16, u16, u16) -> u16;
    let two: [(&str, K); 3] = [
        ("hadd2", |a, b, _| half_op(a, b, None, false)),
        ("hsub2", |a, b, _| half_op(a, b ^ 0x8000, None, false)),
        ("hmul2", |a, b, _| half_op(a, b, None, true)),
    ];
    let flat2: Vec<u32> = v.chunks_exact(3).flat_map(|t| [t[0], t[1]]).collect();
    for (k, f) in two {
        check_u32(
            k,
            &flat2,
            2,
            |x| {
                let (a, b) = (lanes(x[0]), lanes(x[1]));
                pack([f(a[0], b[0], 0), f(a[1], b[1], 0)])
            },
            ok,
        );
    }
    check_u32(
        "hmul2_a_h0h0",
        &flat2,
        2,
        |x| {
            let (a, b) = (lanes(x[0]), lanes(x[1]));
            pack([
                half_op(a[0], b[0], None, true),
                half_op(a[0], b[1], None, true),
            ])
        },
        ok,
    );
    check_u32(
        "hadd2_ftz_negabs",
        &flat2,
        2,
        |x| {
            let (a, b) = (lanes(x[0]), lanes(x[1]));
            let l = |i: usize| {
                ftz16(half_op(
                    ftz16(b[i] ^ 0x8000),
                    ftz16(a[i] & 0x7fff),
                    None,
                    false,
                ))
            };
            pack([l(0), l(1)])
        },
        ok,
    );
    type Lane = fn([u16; 2], [u16; 2], [u16; 2], usize) -> u16;
    let fma: [(&str, Lane); 4] = [
        ("hfma2", |a, b, c, i| half_op(a[i], b[i], Some(c[i]), true)),
        ("hfma2_negc", |a, b, c, i| {
            half_op(a[i], b[i], Some(c[i] ^ 0x8000), true)
        }),
        ("hfma2_c_h1h1", |a, b, c, i| {
            half_op(a[i], b[i], Some(c[1]), true)
        }),
        ("hfma2_sat", |a, b, c, i| {
            half_op(a[i], b[i], Some(c[i]), true)
        }),
    ];
    for (k, f) in fma {
        let sat = k.ends_with("sat");
        check_u32(
            k,
            &v,
            3,
            |x| {
                let (a, b, c) = (lanes(x[0]), lanes(x[1]), lanes(x[2]));
                let l = |i| {
                    let r = f(a, b, c, i);
                    if sat {
                        sat16(r)
                    } else {
                        r
                    }
                };
                pack([l(0), l(1)])
            },
            ok,
        );
    }
}

#[test]
fn hsetp2_compares() {
    let mut r = Rng::new(32);
    let edges: [u16; 10] = [
        0, 0x8000, 0x3c00, 0xbc00, 0x0001, 0x8001, 0x7c00, 0xfc00, 0x7e00, 0x3555,
    ];
    let mut v: Vec<u32> = Vec::new();
    for &a in &edges {
        for &b in &edges {
            v.extend([
                u32::from(a) | u32::from(b) << 16,
                u32::from(b) | u32::from(a) << 16,
                u32::from(a & 1),
            ]);
        }
    }
    for _ in 0..200 {
        let x = r.next();
        v.extend([
            x as u32,
            (x >> 32) as u32 ^ (x as u32 & 0x8001_8001),
            (x >> 7) as u32 & 1,
        ]);
    }
    let ftz16 = |h: u16| if h & 0x7c00 == 0 { h & 0x8000 } else { h };
    type C = fn(f64, f64) -> bool;
    let lt: C = |a, b| a < b;
    let cases: [(&str, C, u8, bool); 5] = [
        // (kernel, compare, 0 = plain / 1 = OR acc / 2 = XOR acc, ftz)
        ("hsetp2_lt", lt, 0, false),
        (
            "hsetp2_geu_ftz",
            |a, b| a >= b || a.is_nan() || b.is_nan(),
            0,
            true,
        ),
        ("hsetp2_nan", |a, b| a.is_nan() || b.is_nan(), 0, false),
        ("hsetp2_lt_or", lt, 1, false),
        ("hsetp2_gt_xor", |a, b| a > b, 2, false),
    ];
    for (k, f, acc, ftz) in cases {
        check_u32(
            k,
            &v,
            3,
            |x| {
                let (a, b) = (lanes(x[0]), lanes(x[1]));
                let p = x[2] != 0;
                let bitv = |i: usize| {
                    let (ha, hb) = if ftz {
                        (ftz16(a[i]), ftz16(b[i]))
                    } else {
                        (a[i], b[i])
                    };
                    let c = f(half_to_f64(ha), half_to_f64(hb));
                    u32::from(match acc {
                        0 => c,
                        1 => c || p,
                        _ => c != p,
                    })
                };
                bitv(0) | bitv(1) << 1
            },
            |g, w| g == w,
        );
    }
    check_u32(
        "hsetp2_le_absneg",
        &v,
        3,
        |x| {
            let (a, b) = (lanes(x[0]), lanes(x[1]));
            let bitv =
                |i: usize| u32::from(half_to_f64(a[i] & 0x7fff) <= half_to_f64(b[i] ^ 0x8000));
            bitv(0) | bitv(1) << 1
        },
        |g, w| g == w,
    );
    check_u32(
        "hsetp2_ne_h1h0",
        &v,
        3,
        |x| {
            let (a, b) = (lanes(x[0]), lanes(x[1]));
            let c = half_to_f64(a[1]) != half_to_f64(b[0])
                && !half_to_f64(a[1]).is_nan()
                && !half_to_f64(b[0]).is_nan();
            u32::from(c) * 3
        },
        |g, w| g == w,
    );
}

/// Packed-half immediate pairs (nvdisasm prints lane 1 first: `HMUL2 R7,
/// R4, 3, -1` multiplies lane 0 by -1 and lane 1 by 3): each lane of the
/// result uses its own half of the constant the PTX names.
#[test]
fn packed_half_immediate_lanes() {
    let mut r = Rng::new(33);
    let edges: [u16; 8] = [0, 0x8000, 0x3c00, 0xbc00, 0x0001, 0x7c00, 0x7e00, 0x4880];
    let mut v: Vec<u32> = Vec::new();
    for &a in &edges {
        for &b in &edges {
            v.extend([u32::from(a) | u32::from(b) << 16, u32::from(b), 0]);
        }
    }
    for _ in 0..100 {
        let x = r.next();
        v.extend([x as u32, (x >> 32) as u32, 0]);
    }
    let ok = halves_agree;
    let one: Vec<u32> = v.chunks_exact(3).map(|t| t[0]).collect();
    let two: Vec<u32> = v.chunks_exact(3).flat_map(|t| [t[0], t[1]]).collect();
    // (kernel, the PTX constant, what it is: the multiplier, the addend,
    // HFMA2's b or c)
    for (k, imm, role) in [
        ("hmul2_imm", 0x4200_bc00u32, 'm'),
        ("hadd2_imm", 0x3c00_c400, 'a'),
        ("hfma2_imm_b", 0x4400_3400, 'b'),
        ("hfma2_imm_c", 0x3800_c000, 'c'),
    ] {
        let imm = lanes(imm);
        let (ins, nin) = match role {
            'b' | 'c' => (&two, 2),
            _ => (&one, 1),
        };
        check_u32(
            k,
            ins,
            nin,
            |x| {
                let a = lanes(x[0]);
                let r = lanes(x.get(1).copied().unwrap_or(0));
                pack([0, 1].map(|i| match role {
                    'm' => half_op(a[i], imm[i], None, true),
                    'a' => half_op(a[i], imm[i], None, false),
                    'b' => half_op(a[i], imm[i], Some(r[i]), true),
                    _ => half_op(a[i], r[i], Some(imm[i]), true),
                }))
            },
            ok,
        );
    }
    let k = lanes(0x4000_bc00);
    check_u32(
        "hsetp2_lt_imm",
        &v,
        3,
        |x| {
            let a = lanes(x[0]);
            let bitv = |i: usize| u32::from(half_to_f64(a[i]) < half_to_f64(k[i]));
            bitv(0) | bitv(1) << 1
        },
        |g, w| g == w,
    );
}

/// Conversions of an immediate, read as the immediate forms' records type
/// it by the source size (an `f16` in [32, 48) whose upper half nvdisasm
/// ignores, an `f32`, an `f64`'s high word). ptxas folds constant
/// conversions, so the words are register-form conversions of
/// `fconv.cubin` patched into their immediate form: every lane converts the
/// constant.
#[test]
fn immediate_conversions() {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/ptx/fconv.cubin");
    let orig = std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    let image = xisa_sm75::loader::load(&orig).expect("load");
    // (kernel, its register-form opcode, immediate [32, 64), input and
    // output bytes per lane, the result every lane must give)
    let cases: [(&str, u16, u32, usize, usize, u64); 4] = [
        (
            "f2f_f64_f32",
            0x310,
            0x4049_0fdb,
            4,
            8,
            f64::from(f32::from_bits(0x4049_0fdb)).to_bits(),
        ),
        // f32 3.0009765625 rounds to nearest f16 3.0 (0x4200).
        ("f2f_rn_f16_f32", 0x304, 0x4040_1000, 4, 2, 0x4200),
        // f64 -2.5 (high word 0xc0040000) truncated: -2.0.
        (
            "frnd_rzi_f64",
            0x313,
            0xc004_0000,
            8,
            8,
            (-2.0f64).to_bits(),
        ),
        // f16 1.5 in [32, 48) (the upper half is not read): rni gives 2.
        ("f2i_f16_h0", 0x305, 0xdead_3e00, 4, 4, 2),
    ];
    for (kernel, reg_op, imm, in_bytes, out_bytes, want) in cases {
        let k = image
            .kernels
            .iter()
            .find(|k| k.name == kernel)
            .expect("kernel");
        let at = k
            .code
            .chunks_exact(16)
            .position(|w| u128::from_le_bytes(w.try_into().unwrap()) & 0xfff == u128::from(reg_op))
            .map(|i| k.code_offset as usize + 16 * i)
            .unwrap_or_else(|| panic!("{kernel}: no {reg_op:#x}"));
        let mut bytes = orig.clone();
        let mut w = u128::from_le_bytes(bytes[at..at + 16].try_into().unwrap());
        // The immediate form (4) of the same operation: opcode bits
        // [9, 12) = 4, the immediate in [32, 64), bit 91 (uniform) clear.
        w = (w & !0xe00 & !(0xffff_ffffu128 << 32) & !(1u128 << 91))
            | 4 << 9
            | u128::from(imm) << 32;
        bytes[at..at + 16].copy_from_slice(&w.to_le_bytes());
        let m = Module::from_bytes(&bytes, "fconv", None).expect("module");
        let input = vec![0x5au8; 64 * in_bytes];
        for (e, out) in run_in(&m, kernel, &input, in_bytes, out_bytes) {
            for (i, c) in out.chunks_exact(out_bytes).enumerate() {
                let mut b = [0u8; 8];
                b[..out_bytes].copy_from_slice(c);
                let got = u64::from_le_bytes(b);
                assert_eq!(
                    got, want,
                    "{kernel} ({e}) lane {i}: {got:#x}, want {want:#x}"
                );
            }
        }
    }
}
