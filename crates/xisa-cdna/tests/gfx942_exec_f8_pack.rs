//! `v_cvt_pk_fp8_f32` / `v_cvt_pk_bf8_f32` (HIP's fp8 / bf8 types on gfx942,
//! `__builtin_amdgcn_cvt_pk_fp8_f32`): f32 to gfx942's FNUZ 8-bit floats
//! (E4M3 bias 8, E5M2 bias 16, 0x80 the only NaN, no -0, no infinity),
//! rounded to nearest even; an overflow after rounding is NaN, or the
//! largest value with MODE.FP16_OVFL. Both engines against a model that
//! picks the nearest of the format's 128 magnitudes by enumeration.

mod common;
mod gfx942_exec_util;

use common::Rng;
use gfx942_exec_util::*;

const LANES: usize = 64;
const SENTINEL: u32 = 0xa5c3_9617;

/// (mantissa bits, exponent bias) of fp8 and bf8.
const FP8: (u32, i32) = (3, 8);
const BF8: (u32, i32) = (2, 16);

/// The magnitude of FNUZ encoding `e` (0..=0x7f).
fn value(e: u32, (m, bias): (u32, i32)) -> f64 {
    let (ex, mant) = ((e >> m) as i32, (e & ((1 << m) - 1)) as f64);
    let scale = |k: i32| 2f64.powi(k);
    if ex == 0 {
        mant * scale(1 - bias - m as i32)
    } else {
        (1.0 + mant / scale(m as i32)) * scale(ex - bias)
    }
}

/// The model: nearest magnitude (ties to the even encoding), overflow when
/// the value reaches the midpoint above the largest magnitude.
fn model(x: f32, fmt: (u32, i32), sat: bool) -> u32 {
    if x.is_nan() {
        return 0x80;
    }
    let a = (x as f64).abs();
    let max = value(0x7f, fmt);
    let next = 2f64.powi((0x7f >> fmt.0) + 1 - fmt.1);
    let sign = if x.is_sign_negative() { 0x80 } else { 0 };
    if a >= (max + next) / 2.0 {
        return if sat { sign | 0x7f } else { 0x80 };
    }
    let mut best = 0u32;
    for e in 1..=0x7f {
        let (d, db) = ((value(e, fmt) - a).abs(), (value(best, fmt) - a).abs());
        if d < db || (d == db && e % 2 == 0) {
            best = e;
        }
    }
    if best == 0 {
        0
    } else {
        sign | best
    }
}

/// An input weighted to the formats' edges: grid points and midpoints,
/// the overflow boundaries, subnormals of both formats, zeros, infinities,
/// NaN, f32 denormals, random values.
fn input(rng: &mut Rng) -> f32 {
    let sign = if rng.below(2u32) == 1 { -1.0 } else { 1.0 };
    let fmt = if rng.below(2u32) == 1 { FP8 } else { BF8 };
    let e = rng.below(0x80u32);
    let v = match rng.below(8u32) {
        // A grid point, a midpoint to the next, or just beside either.
        0 => value(e, fmt),
        1 | 2 => {
            let mid = (value(e, fmt) + value((e + 1).min(0x7f), fmt)) / 2.0;
            mid * (1.0 + (rng.range(-2, 3) as f64) * 1e-7)
        }
        3 => rng.pick(&[
            248.0, 247.99, 240.0, 256.0, 61440.0, 61439.0, 57344.0, 65536.0, 1e30,
        ]),
        4 => rng.pick(&[
            0.0,
            f64::INFINITY,
            f64::NAN,
            2f64.powi(-11),
            2f64.powi(-18),
            1e-40,
        ]),
        5 => f32::from_bits(rng.next_u32()) as f64,
        _ => rng.range_f64(-300.0, 300.0),
    };
    (sign * v) as f32
}

/// The kernel: x, y in v2, v3; v20..v22 start as the sentinel. With
/// `ovfl`, MODE.FP16_OVFL is set first.
fn src(ovfl: bool) -> String {
    format!(
        "s_load_dwordx4 s[4:7], s[0:1], 0x0\n\
         s_waitcnt lgkmcnt(0)\n\
         {}\
         v_and_b32 v1, 0x3ff, v0\n\
         v_lshlrev_b32 v10, 3, v1\n\
         v_lshlrev_b32 v11, 4, v1\n\
         global_load_dwordx2 v[2:3], v10, s[4:5]\n\
         v_mov_b32 v20, {SENTINEL:#x}\n\
         v_mov_b32 v21, {SENTINEL:#x}\n\
         v_mov_b32 v22, {SENTINEL:#x}\n\
         v_mov_b32 v23, {SENTINEL:#x}\n\
         s_waitcnt vmcnt(0)\n\
         v_cvt_pk_fp8_f32 v20, v2, v3\n\
         v_cvt_pk_bf8_f32 v21, v2, v3 op_sel:[0,0,1]\n\
         v_cvt_pk_fp8_f32 v22, -|v2|, |v3| op_sel:[0,0,1]\n\
         v_cvt_pk_bf8_f32 v23, -v2, v3\n\
         global_store_dwordx4 v11, v[20:23], s[6:7]\n\
         s_waitcnt vmcnt(0)\n\
         s_endpgm\n",
        if ovfl {
            "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 23, 1), 1\n"
        } else {
            ""
        }
    )
}

#[test]
fn f32_to_fp8_bf8_pairs_round_to_nearest_even() {
    let mut rng = Rng::new(0xf8_0942);
    for ovfl in [false, true] {
        let k = lift_src(&src(ovfl), &test_abi(0, 0));
        for round in 0..8 {
            let inp: Vec<u32> = (0..2 * LANES).map(|_| input(&mut rng).to_bits()).collect();
            let setup = setup_one_group(vec![bytes32(&inp), vec![0u8; LANES * 16]], 0, LANES);
            for e in ENGINES {
                let out = u32s(&run(&k, e, &setup)[1]);
                for l in 0..LANES {
                    let (x, y) = (f32::from_bits(inp[2 * l]), f32::from_bits(inp[2 * l + 1]));
                    let pk = |fmt, a: f32, b: f32| model(a, fmt, ovfl) | model(b, fmt, ovfl) << 8;
                    let lo = |p: u32| SENTINEL & 0xffff_0000 | p;
                    let hi = |p: u32| SENTINEL & 0xffff | p << 16;
                    let want = [
                        lo(pk(FP8, x, y)),
                        hi(pk(BF8, x, y)),
                        hi(pk(FP8, -x.abs(), y.abs())),
                        lo(pk(BF8, -x, y)),
                    ];
                    let got = &out[4 * l..4 * l + 4];
                    assert_eq!(
                        got,
                        &want,
                        "{e:?} FP16_OVFL {ovfl} round {round} lane {l}: x {x:e} ({:#x}) y {y:e} ({:#x})",
                        x.to_bits(),
                        y.to_bits()
                    );
                }
            }
        }
    }
}

/// The model on values whose encodings are known from the format tables.
#[test]
fn model_examples() {
    assert_eq!(model(1.0, FP8, false), 0x40);
    assert_eq!(model(240.0, FP8, false), 0x7f);
    assert_eq!(model(247.9, FP8, false), 0x7f);
    assert_eq!(model(248.0, FP8, false), 0x80);
    assert_eq!(model(248.0, FP8, true), 0x7f);
    assert_eq!(model(-1e9, FP8, true), 0xff);
    assert_eq!(model(f32::INFINITY, BF8, false), 0x80);
    assert_eq!(model(57344.0, BF8, false), 0x7f);
    assert_eq!(model(2f32.powi(-10), FP8, false), 0x01);
    assert_eq!(model(2f32.powi(-11), FP8, false), 0x00);
    assert_eq!(model(-2f32.powi(-11), FP8, false), 0x00);
    assert_eq!(model(3.0 * 2f32.powi(-12), FP8, false), 0x01);
    assert_eq!(model(-0.0, BF8, false), 0x00);
    assert_eq!(model(-1.0, BF8, false), 0xc0);
}
