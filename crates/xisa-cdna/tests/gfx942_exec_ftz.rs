//! The f32 denormal mode of the kernel descriptor (FLOAT_DENORM_MODE_32): a
//! kernel built to flush f32 denormals (mode 0: OpenCL -cl-denorms-are-zero,
//! HIP -fgpu-flush-denormals-to-zero) has every f32 arithmetic input and
//! result flushed to a zero of the same sign, while moves, f64 arithmetic and
//! the matrix cores keep denormals; mode 3 (clang's default) keeps them all.
//! Both modes on both engines against a Rust model.

mod common;
mod gfx942_exec_util;

use common::Rng;
use gfx942_exec_util::*;
use xisa_cdna::gfx942::lift::FloatMode;

const LANES: usize = 64;

/// A zero of the same sign for an f32 subnormal.
fn fl(x: f32) -> f32 {
    if x.is_subnormal() {
        0.0f32.copysign(x)
    } else {
        x
    }
}

/// The flush of the mode (the identity when denormals are kept).
type Flush = fn(f32) -> f32;

/// An op's value (its result bits) from the f32 inputs a, b, c, the f64
/// input x and the mode's flush.
type Model = fn(f32, f32, f32, f64, Flush) -> u64;

/// One op: its text (result in v20, or v[20:21] when `wide`) and its model.
struct Op {
    text: &'static str,
    wide: bool,
    model: Model,
}

fn bits32(x: f32) -> u64 {
    x.to_bits() as u64
}

/// IEEE minimumNumber / maximumNumber on f32 (the shared test model).
fn minmax(a: f32, b: f32, max: bool) -> f32 {
    f32::from_bits(xisa_testkit::min_max_f32(max, a.to_bits(), b.to_bits()))
}

fn ops() -> Vec<Op> {
    let op = |text, wide, model| Op { text, wide, model };
    vec![
        op("v_add_f32 v20, v2, v3", false, |a, b, _, _, z| {
            bits32(z(z(a) + z(b)))
        }),
        op("v_sub_f32 v20, v2, v3", false, |a, b, _, _, z| {
            bits32(z(z(a) - z(b)))
        }),
        op("v_mul_f32 v20, v2, v3", false, |a, b, _, _, z| {
            bits32(z(z(a) * z(b)))
        }),
        op("v_fma_f32 v20, v2, v3, v4", false, |a, b, c, _, z| {
            bits32(z(z(a).mul_add(z(b), z(c))))
        }),
        op("v_min_f32 v20, v2, v3", false, |a, b, _, _, z| {
            bits32(z(minmax(z(a), z(b), false)))
        }),
        op("v_max_f32 v20, v2, v3", false, |a, b, _, _, z| {
            bits32(z(minmax(z(a), z(b), true)))
        }),
        op("v_sqrt_f32 v20, v2", false, |a, _, _, _, z| {
            bits32(z(z(a).sqrt()))
        }),
        op("v_rcp_f32 v20, v2", false, |a, _, _, _, z| {
            bits32(z(1.0 / z(a)))
        }),
        op(
            "v_cmp_eq_f32 vcc, v2, v3\nv_cndmask_b32 v20, 0, 1, vcc",
            false,
            |a, b, _, _, z| (z(a) == z(b)) as u64,
        ),
        op("v_cvt_f64_f32 v[20:21], v2", true, |a, _, _, _, z| {
            (z(a) as f64).to_bits()
        }),
        op("v_cvt_f32_f64 v20, v[6:7]", false, |_, _, _, x, z| {
            bits32(z(x as f32))
        }),
        // Not governed by the f32 mode: moves and f64 arithmetic.
        op("v_mov_b32 v20, v2", false, |a, _, _, _, _| bits32(a)),
        op(
            "v_add_f64 v[20:21], v[6:7], v[6:7]",
            true,
            |_, _, _, x, _| (x + x).to_bits(),
        ),
    ]
}

/// An f32 that is often subnormal, or tiny (products and quotients that
/// underflow), or an ordinary value, zero, infinity or NaN.
fn rand_f32(rng: &mut Rng) -> u32 {
    let sign = (rng.below(2u32)) << 31;
    sign | match rng.below(6u32) {
        0 | 1 => rng.below(0x80_0000u32),
        2 => (1 + rng.below(20u32)) << 23 | rng.below(0x80_0000u32),
        3 => (100 + rng.below(60u32)) << 23 | rng.below(0x80_0000u32),
        4 => rng.pick(&[0, 0x7f80_0000, 0x7fc0_0000, 0x3f80_0000]),
        _ => (240 + rng.below(14u32)) << 23 | rng.below(0x80_0000u32),
    }
}

fn kernel_src(ops: &[Op]) -> String {
    // Inputs per lane (16 bytes): a, b, c in v2..v4; x (f64) in v[6:7] from
    // the dwords a, b. Results: 8 bytes per op per lane.
    let mut s = lane_io_prologue(4, 3) + "v_mov_b32 v6, v2\nv_mov_b32 v7, v3\n";
    for (i, o) in ops.iter().enumerate() {
        let off = i * LANES * 8;
        s += &format!(
            "v_mov_b32 v21, 0\n{}\n\
             s_add_u32 s8, s6, {off}\ns_addc_u32 s9, s7, 0\n\
             global_store_dwordx2 v11, v[20:21], s[8:9]\n",
            o.text
        );
    }
    s += "s_waitcnt vmcnt(0)\ns_endpgm\n";
    s
}

#[test]
fn f32_denormals_follow_the_kernel_mode() {
    let ops = ops();
    let src = kernel_src(&ops);
    let mut rng = Rng::new(0xf7_0942);
    for flush in [true, false] {
        let mut abi = test_abi(0, 0);
        abi.float_mode = FloatMode {
            denorm_32: if flush { 0 } else { 3 },
            ..FloatMode::default()
        };
        let k = lift_src(&src, &abi);
        for _ in 0..3 {
            let inp: Vec<u32> = (0..4 * LANES).map(|_| rand_f32(&mut rng)).collect();
            let setup = setup_one_group(
                vec![bytes32(&inp), vec![0u8; ops.len() * LANES * 8]],
                0,
                LANES,
            );
            let z: Flush = if flush { fl } else { |x| x };
            for e in ENGINES {
                let out = u64s(&run(&k, e, &setup)[1]);
                for (i, o) in ops.iter().enumerate() {
                    for l in 0..LANES {
                        let w = &inp[4 * l..4 * l + 4];
                        let (a, b, c) = (
                            f32::from_bits(w[0]),
                            f32::from_bits(w[1]),
                            f32::from_bits(w[2]),
                        );
                        let x = f64::from_bits(w[0] as u64 | (w[1] as u64) << 32);
                        let want = (o.model)(a, b, c, x, z);
                        let got = out[i * LANES + l];
                        let got = if o.wide { got } else { got & 0xffff_ffff };
                        let nan = if o.wide {
                            f64::from_bits(got).is_nan() && f64::from_bits(want).is_nan()
                        } else {
                            f32::from_bits(got as u32).is_nan()
                                && f32::from_bits(want as u32).is_nan()
                        };
                        assert!(
                            got == want || nan,
                            "{e:?} flush {flush} `{}` lane {l}: a {:#x} b {:#x} c {:#x}: got {got:#x} want {want:#x}",
                            o.text,
                            w[0],
                            w[1],
                            w[2]
                        );
                    }
                }
            }
        }
    }
}

/// `s_setreg_imm32_b32` switches the f32 denormal mode for the code that
/// follows (LLVM's pattern around an f32 division in a flushing kernel) and
/// `s_getreg_b32` reads the tracked MODE register.
#[test]
fn s_setreg_switches_the_mode_along_the_code() {
    let src = "s_load_dwordx4 s[4:7], s[0:1], 0x0\n\
               s_waitcnt lgkmcnt(0)\n\
               v_and_b32 v1, 0x3ff, v0\n\
               v_lshlrev_b32 v10, 4, v1\n\
               v_lshlrev_b32 v11, 5, v1\n\
               global_load_dwordx4 v[2:5], v10, s[4:5]\n\
               s_waitcnt vmcnt(0)\n\
               s_getreg_b32 s20, hwreg(HW_REG_MODE)\n\
               v_add_f32 v20, v2, v3\n\
               s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 2), 0\n\
               s_getreg_b32 s21, hwreg(HW_REG_MODE, 4, 4)\n\
               v_add_f32 v21, v2, v3\n\
               s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 2), 3\n\
               v_add_f32 v22, v2, v3\n\
               v_mov_b32 v23, s20\n\
               v_mov_b32 v24, s21\n\
               global_store_dwordx4 v11, v[20:23], s[6:7]\n\
               global_store_dword v11, v24, s[6:7] offset:16\n\
               s_waitcnt vmcnt(0)\n\
               s_endpgm\n";
    let k = lift_src(src, &test_abi(0, 0));
    let mut rng = Rng::new(0x5e7_0942);
    let inp: Vec<u32> = (0..4 * LANES).map(|_| rand_f32(&mut rng)).collect();
    let setup = setup_one_group(vec![bytes32(&inp), vec![0u8; LANES * 32]], 0, LANES);
    for e in ENGINES {
        let out = u32s(&run(&k, e, &setup)[1]);
        for l in 0..LANES {
            let (a, b) = (f32::from_bits(inp[4 * l]), f32::from_bits(inp[4 * l + 1]));
            let o = &out[8 * l..8 * l + 5];
            let same =
                |g: u32, w: f32| g == w.to_bits() || (f32::from_bits(g).is_nan() && w.is_nan());
            assert!(same(o[0], a + b), "{e:?} lane {l}: kept before");
            assert!(same(o[1], fl(fl(a) + fl(b))), "{e:?} lane {l}: flushed");
            assert!(same(o[2], a + b), "{e:?} lane {l}: kept after");
            // Entry MODE: round-to-nearest (0), denormals kept (3, 3), DX10
            // clamp and IEEE on; then the 4-bit field at 4 with f32 flushed.
            assert_eq!((o[3], o[4]), (0x3f0, 0xc), "{e:?} lane {l}: s_getreg");
        }
    }
}

/// A MODE switched by s_setreg must not reach a branch: refused, naming it.
#[test]
fn a_mode_switch_across_control_flow_is_refused() {
    use xisa_cdna::gfx942::lift::lift;
    let src = "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 2), 0\n\
               s_cbranch_scc1 1\n\
               s_nop 0\n\
               s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 2), 3\n\
               s_endpgm\n";
    let err = lift("k", &assemble(src), &test_abi(0, 0))
        .unwrap_err()
        .to_string();
    assert!(err.contains("across control flow"), "{err}");
}

/// A rounding mode other than nearest-even is refused for the float code
/// after it, and the error says where the mode came from: an `s_setreg`
/// (HIP's `__builtin_set_flt_rounds` under `FENV_ACCESS`), not the
/// kernel descriptor.
#[test]
fn a_round_mode_set_by_s_setreg_is_named_as_such() {
    let src = "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 3\n\
               v_add_f32 v1, v2, v3\n\
               s_endpgm\n";
    let err = xisa_cdna::gfx942::lift::lift("k", &assemble(src), &test_abi(0, 0)).unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains("v_add_f32")
            && text.contains("s_setreg")
            && text.contains("FLOAT_ROUND_MODE_32 = 3"),
        "{text}"
    );
    assert!(!text.contains("kernel descriptor"), "{text}");
}
