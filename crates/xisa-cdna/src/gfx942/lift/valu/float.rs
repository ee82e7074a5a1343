//! Float and conversion kinds of the vector ALU, one function per
//! [`Kind`](crate::gfx942::semantics::Kind). f32 / f64 values travel as their
//! bits (i32 / i64); f16 values in the low half of an i32 (GFX9 16-bit VOP1 /
//! VOP2 / VOP3 results zero the high half).

use super::*;
use xisa_ir::op;
use xisa_ir::FCond;

fn bits(ty: Type) -> u32 {
    ty.bits()
}

/// An f32 / f64 result (bits) with VOP3 omod and clamp applied.
fn float_out(b: &mut Builder, c: &Ctx, r: Reg, ty: Type) -> Out {
    let r = clamp_f(b, r, bits(ty), c.clamp);
    if ty == Type::F64 {
        Out::Wide(r)
    } else {
        Out::Lane(r)
    }
}

/// An f16 result: its bits zero-extended, clamped to [0, 1] with clamp.
fn half_out(b: &mut Builder, c: &Ctx, h: Reg) -> Out {
    let r = half_bits(b, h);
    Out::Lane(if c.clamp { clamp16(b, r, b'f') } else { r })
}

/// Source `i` of an f16 op as an `f16` (abs / neg on bit 15).
fn half_src(b: &mut Builder, c: &Ctx, i: usize) -> Result<Reg, LiftError> {
    let x = src16(b, c, c.field(i), i)?;
    Ok(half_of(b, x))
}

/// An f16 unary op.
fn f16_un(b: &mut Builder, op: FUnOp, x: Reg) -> Reg {
    let d = b.t(Type::F16);
    b.emit(Op::FUn(op::FUn {
        op,
        ty: Type::F16,
        ftz: false,
        dst: d,
        a: x.into(),
    }));
    d
}

fn fbin_op(b: &Builder, s: &Sem) -> Result<FBinOp, LiftError> {
    match s.op {
        SemOp::Float(op) => Ok(op),
        _ => Err(b.unsupported("semantics row without a float op")),
    }
}

fn fun_op(b: &Builder, s: &Sem) -> Result<FUnOp, LiftError> {
    match s.op {
        SemOp::FUn(op) => Ok(op),
        _ => Err(b.unsupported("semantics row without a unary float op")),
    }
}

/// 16-bit forms that exist only with op_sel are lifted by `opsel16`.
fn no_f16(b: &Builder, s: &Sem) -> Result<(), LiftError> {
    if s.ty == Type::F16 {
        Err(b.unsupported("this f16 form is not lifted"))
    } else {
        Ok(())
    }
}

pub(super) fn fbin_k(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    let op = fbin_op(b, s)?;
    if s.ty == Type::F16 {
        // The VOP3 abs / neg of an f16 source act on bit 15 (src16).
        let (mut x, mut y) = (half_src(b, c, 0)?, half_src(b, c, 1)?);
        if s.flags.rev {
            std::mem::swap(&mut x, &mut y);
        }
        let d = f16_bin(b, op, x, y.into());
        return Ok(half_out(b, c, d));
    }
    let (x, y) = c.r2(b, s.flags.rev)?;
    let r = fbin(b, op, bits(s.ty), x, y);
    Ok(float_out(b, c, r, s.ty))
}

/// `fma(src0, src1, src2)`; `acc`: the addend is vdst.
pub(super) fn fma_k(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    no_f16(b, s)?;
    let n = bits(s.ty);
    let (x, y) = c.r2(b, false)?;
    let z: V = if s.flags.acc {
        let vd = c.inst.get("vdst");
        let lo = b.v(vd);
        if n == 64 {
            let hi = b.v(vd + 1);
            b.pair(lo, hi).into()
        } else {
            lo.into()
        }
    } else {
        c.r(b, 2)?
    };
    let r = fma(b, n, x, y, z);
    Ok(float_out(b, c, r, s.ty))
}

/// Fma with the literal as the factor (`v_fmamk`) or the addend (`addend`).
pub(super) fn fmak(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    let k = Operand::Imm(b.lit()? as u64);
    let (x, y) = c.r2(b, false)?;
    Ok(Out::Lane(if s.flags.addend {
        fma(b, 32, x, y, k)
    } else {
        fma(b, 32, x, k, y)
    }))
}

/// The IR's f16 ops are correctly rounded (the hardware's transcendentals
/// are within an ulp of that).
pub(super) fn fun_k(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    let op = fun_op(b, s)?;
    if s.ty == Type::F16 {
        let h = half_src(b, c, 0)?;
        let d = f16_un(b, op, h);
        return Ok(half_out(b, c, d));
    }
    let x = c.r(b, 0)?;
    let r = fun(b, op, bits(s.ty), x);
    Ok(float_out(b, c, r, s.ty))
}

/// The input is in revolutions: sin(2 pi x), in f64, rounded.
pub(super) fn sincos(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    let op = fun_op(b, s)?;
    let half = s.ty == Type::F16;
    // f16: the same in f64 from the exact f32 of the half, rounded once.
    let fx = if half {
        let h = half_src(b, c, 0)?;
        ftof_rn(b, Type::F32, Type::F16, h.into())
    } else {
        let x = c.r(b, 0)?;
        tof(b, x, 32)
    };
    let w = ftof_rn(b, Type::F64, Type::F32, fx.into());
    let wi = fromf(b, w, 64);
    let tau = Operand::Imm(std::f64::consts::TAU.to_bits());
    let t = fbin(b, FBinOp::Mul, 64, wi.into(), tau);
    let r = fun(b, op, 64, t.into());
    let rf = tof(b, r.into(), 64);
    if half {
        let h = ftof_rn(b, Type::F16, Type::F64, rf.into());
        return Ok(half_out(b, c, h));
    }
    let n = ftof_rn(b, Type::F32, Type::F64, rf.into());
    let n = fromf(b, n, 32);
    Ok(float_out(b, c, n, Type::F32))
}

/// x - floor(x), at most the largest value below 1 (for tiny negative x);
/// NaN-propagating: inf and NaN give NaN.
pub(super) fn fract(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    if s.ty == Type::F16 {
        let h = half_src(b, c, 0)?;
        let fl = f16_un(b, FUnOp::Floor, h);
        let d = f16_bin(b, FBinOp::Sub, h, fl.into());
        let r = f16_bin(b, FBinOp::MinNan, d, Operand::Imm(0x3bff));
        return Ok(half_out(b, c, r));
    }
    let n = bits(s.ty);
    let x = c.r(b, 0)?;
    let fl = fun(b, FUnOp::Floor, n, x);
    let d = fbin(b, FBinOp::Sub, n, x, fl.into());
    let below_one = if n == 64 {
        0x3fef_ffff_ffff_ffffu64
    } else {
        0x3f7f_ffff
    };
    let r = fbin(b, FBinOp::MinNan, n, d.into(), Operand::Imm(below_one));
    Ok(float_out(b, c, r, s.ty))
}

/// `x * 2^n` with one rounding.
pub(super) fn ldexp(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    use BinOp::*;
    let i32t = Type::I32;
    match s.ty {
        Type::F64 => {
            let (x, n) = c.r2(b, false)?;
            Ok(Out::Wide(ldexp64(b, x, n)))
        }
        Type::F16 => {
            // n is the i16 in the low half of src1: computed exactly in f32
            // with n clamped to [-64, 64] (beyond, every nonzero f16 result
            // is 0 or inf anyway) and rounded once to f16.
            let h = half_src(b, c, 0)?;
            let n = src(b, c, c.field(1), 3)?;
            let n = sext16(b, n);
            let n = b.binv(MaxS, i32t, n, Operand::Imm((-64i32) as u32 as u64));
            let n = b.binv(MinS, i32t, n, Operand::Imm(64));
            let e = b.binv(Add, i32t, n, Operand::Imm(127));
            let p2 = b.binv(Shl, i32t, e, Operand::Imm(23));
            let w = ftof_rn(b, Type::F32, Type::F16, h.into());
            let wi = fromf(b, w, 32);
            let p = fbin(b, FBinOp::Mul, 32, wi.into(), p2.into());
            let pf = tof(b, p.into(), 32);
            let r = ftof_rn(b, Type::F16, Type::F32, pf.into());
            Ok(half_out(b, c, r))
        }
        _ => {
            // The product is exact in f64 for n clamped to [-400, 400]
            // (beyond, the f32 result is 0 or inf).
            let (x, n) = c.r2(b, false)?;
            let n = b.binv(MaxS, i32t, n, Operand::Imm((-400i32) as u32 as u64));
            let n = b.binv(MinS, i32t, n, Operand::Imm(400));
            let e = b.binv(Add, i32t, n, Operand::Imm(1023));
            let e = b.cvt(CvtOp::Zext, Type::I64, i32t, e);
            let p2 = b.binv(Shl, Type::I64, e, Operand::Imm(52));
            let fx = tof(b, x, 32);
            let wx = ftof_rn(b, Type::F64, Type::F32, fx.into());
            let wxi = fromf(b, wx, 64);
            let prod = fbin(b, FBinOp::Mul, 64, wxi.into(), p2.into());
            let pf = tof(b, prod.into(), 64);
            let r = ftof_rn(b, Type::F32, Type::F64, pf.into());
            let r = fromf(b, r, 32);
            Ok(float_out(b, c, r, Type::F32))
        }
    }
}

pub(super) fn frexp_mant(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    if s.ty == Type::F16 {
        // Through the exact f32 of the half: its mantissa fits an f16.
        let x = half_as_f32_bits(b, c)?;
        let (mant, _) = frexp(b, x, Type::F32);
        let m = tof(b, mant.into(), 32);
        let h = ftof_rn(b, Type::F16, Type::F32, m.into());
        return Ok(half_out(b, c, h));
    }
    let x = c.r(b, 0)?;
    let (mant, _) = frexp(b, x, s.ty);
    Ok(float_out(b, c, mant, s.ty))
}

pub(super) fn frexp_exp(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    if s.src == Type::F16 {
        // An i16 result: the exponent's low half, the high half zero.
        let x = half_as_f32_bits(b, c)?;
        let (_, exp) = frexp(b, x, Type::F32);
        let e = b.binv(BinOp::And, Type::I32, exp, Operand::Imm(0xffff));
        return Ok(Out::Lane(e));
    }
    let x = c.r(b, 0)?;
    let (_, exp) = frexp(b, x, s.src);
    Ok(Out::Lane(exp))
}

/// The IEEE division sequence (div_scale, rcp, fma refinement, div_fmas,
/// div_fixup) is lifted as a whole: div_scale leaves its operand unscaled and
/// clears VCC, div_fmas is a plain fma and div_fixup computes numerator /
/// denominator correctly rounded (docs/cdna.md).
pub(super) fn div_scale(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    let x = c.r(b, 0)?;
    let zero = b.t(Type::I64);
    b.mov(Type::I64, zero, Operand::Imm(0));
    write_mask(b, c, zero)?;
    let r = match x {
        Operand::Reg(r) => r,
        imm => {
            let t = b.t(s.ty.as_int());
            b.mov(s.ty.as_int(), t, imm);
            t
        }
    };
    Ok(if s.ty == Type::F64 {
        Out::Wide(r)
    } else {
        Out::Lane(r)
    })
}

/// `div_fixup(q, den, num)` = num / den.
pub(super) fn div_fixup(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    no_f16(b, s)?;
    let (_q, den, num) = c.r3(b)?;
    let r = fbin(b, FBinOp::Div, bits(s.ty), num, den);
    Ok(float_out(b, c, r, s.ty))
}

/// A conversion between the row's `dst/src` types: float to integer
/// truncates and saturates (NaN -> 0; clamp adds nothing), integer to float
/// and float to float round to nearest even; 16-bit integers are the low half.
pub(super) fn convert(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    let op = match s.op {
        SemOp::Cvt(op) => op,
        _ => return Err(b.unsupported("semantics row without a conversion")),
    };
    let (to, from) = (s.ty, s.src);
    let v: V = match from {
        Type::F16 => half_src(b, c, 0)?.into(),
        Type::F32 | Type::F64 => {
            let x = c.r(b, 0)?;
            tof(b, x, bits(from)).into()
        }
        Type::I16 => {
            let x = c.r(b, 0)?;
            b.cvt(CvtOp::Trunc, Type::I16, Type::I32, x).into()
        }
        _ => c.r(b, 0)?,
    };
    let (rnd, sat) = if to.is_float() {
        (Round::Rn, false)
    } else {
        (Round::Rz, true)
    };
    let r = cvt(b, op, to, from, rnd, sat, v);
    Ok(match to {
        Type::F16 => half_out(b, c, r),
        Type::F32 | Type::F64 => {
            let i = fromf(b, r, bits(to));
            float_out(b, c, i, to)
        }
        Type::I16 => Out::Lane(b.cvt(CvtOp::Zext, Type::I32, Type::I16, r)),
        _ => Out::Lane(r),
    })
}

/// floor(x) (or, `half`, floor(x + 0.5)) to i32, saturating, NaN -> 0.
pub(super) fn cvt_floor(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    let x = c.r(b, 0)?;
    let y = if s.flags.half {
        fbin(b, FBinOp::Add, 32, x, Operand::Imm(0.5f32.to_bits() as u64)).into()
    } else {
        x
    };
    let fl = fun(b, FUnOp::Floor, 32, y);
    let f = tof(b, fl.into(), 32);
    let r = cvt(
        b,
        CvtOp::FtoS,
        Type::I32,
        Type::F32,
        Round::Rz,
        true,
        f.into(),
    );
    Ok(Out::Lane(r))
}

/// Byte `byteN` of the source as an f32.
pub(super) fn cvt_ubyte(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    let t = Type::I32;
    let x = c.r(b, 0)?;
    let sh = b.binv(BinOp::LShr, t, x, Operand::Imm(8 * s.flags.byte as u64));
    let byte = b.binv(BinOp::And, t, sh, Operand::Imm(0xff));
    let f = cvt(b, CvtOp::UtoF, Type::F32, t, Round::Rn, false, byte.into());
    let r = fromf(b, f, 32);
    Ok(float_out(b, c, r, Type::F32))
}

/// Two f32 rounded toward zero to the halves of one dword (`v_pack_b32_f16`
/// is VOP3-only: `pack16`).
pub(super) fn cvt_pkrtz(b: &mut Builder, c: &Ctx, _: &Sem) -> Result<Out, LiftError> {
    let (x, y) = c.r2(b, false)?;
    let to16 = |b: &mut Builder, v: V| {
        let f = tof(b, v, 32);
        let h = cvt(
            b,
            CvtOp::FtoF,
            Type::F16,
            Type::F32,
            Round::Rz,
            false,
            f.into(),
        );
        half_bits(b, h)
    };
    let (lo, hi) = (to16(b, x), to16(b, y));
    Ok(Out::Lane(pack_halves(b, lo.into(), hi.into())))
}

/// VOP2 packed fma accumulating into vdst: each half fma(src0 half, src1
/// half, vdst half).
pub(super) fn pk_fmac(b: &mut Builder, c: &Ctx, _: &Sem) -> Result<Out, LiftError> {
    let t = Type::I32;
    let (x, y) = c.r2(b, false)?;
    let acc: V = b.v(c.inst.get("vdst")).into();
    let mut halves = Vec::new();
    for k in 0..2u64 {
        let pick = |b: &mut Builder, v: V| -> Reg {
            let s = b.binv(BinOp::LShr, t, v, Operand::Imm(16 * k));
            half_of(b, s.into())
        };
        let (hx, hy, hz) = (pick(b, x), pick(b, y), pick(b, acc));
        let d = f16_fma(b, hx, hy, hz);
        halves.push(half_bits(b, d));
    }
    Ok(Out::Lane(pack_halves(
        b,
        halves[0].into(),
        halves[1].into(),
    )))
}

/// `src0 * src1`, but +0 when either is ±0 (even with inf or NaN).
pub(super) fn mul_legacy(b: &mut Builder, c: &Ctx, _: &Sem) -> Result<Out, LiftError> {
    use BinOp::*;
    let t = Type::I32;
    let (x, y) = c.r2(b, false)?;
    let p = fbin(b, FBinOp::Mul, 32, x, y);
    let ax = b.binv(And, t, x, Operand::Imm(0x7fff_ffff));
    let ay = b.binv(And, t, y, Operand::Imm(0x7fff_ffff));
    let zx = b.icmp(ICond::Eq, t, ax, Operand::Imm(0));
    let zy = b.icmp(ICond::Eq, t, ay, Operand::Imm(0));
    let zero = b.binv(Or, Type::I1, zx, zy);
    let r = b.select(t, zero, Operand::Imm(0), p);
    Ok(float_out(b, c, r, Type::F32))
}

/// The signed 4-bit value in bits [0, 4) of src0, divided by 16 (exact).
pub(super) fn cvt_off(b: &mut Builder, c: &Ctx, _: &Sem) -> Result<Out, LiftError> {
    let t = Type::I32;
    let x = c.r(b, 0)?;
    let n = b.bfe(true, t, x, Operand::Imm(0), Operand::Imm(4));
    let f = cvt(b, CvtOp::StoF, Type::F32, t, Round::Rn, false, n.into());
    let fi = fromf(b, f, 32);
    let sixteenth = Operand::Imm(0.0625f32.to_bits() as u64);
    let r = fbin(b, FBinOp::Mul, 32, fi.into(), sixteenth);
    Ok(float_out(b, c, r, Type::F32))
}

/// `v_dot2_f32_f16` / `v_dot2c_f32_f16` (`acc`: the addend is vdst): the two
/// f16 pairs' products added to the f32 addend (source modifiers, clamp and
/// omod refused).
pub(super) fn fdot2(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    let mods = [
        "src0_neg", "src0_abs", "src1_neg", "src1_abs", "abs", "neg", "omod",
    ];
    if c.clamp || mods.iter().any(|f| c.inst.get(f) != 0) {
        return Err(b.unsupported("f16 dot with source modifiers, clamp or omod"));
    }
    let (x, y) = c.r2(b, false)?;
    let z: V = if s.flags.acc {
        b.v(c.inst.get("vdst")).into()
    } else {
        c.r(b, 2)?
    };
    Ok(Out::Lane(fdot2_sum(b, x, y, z)))
}

/// `(z + x.lo * y.lo) + x.hi * y.hi` in f32 (the ISA's pseudo-code order):
/// f16 products are exact in f32, so each step is one rounded fma.
pub(super) fn fdot2_sum(b: &mut Builder, x: V, y: V, z: V) -> Reg {
    let mut acc = z;
    for hi in [false, true] {
        let (a, c) = (f16_as_f32_bits(b, x, hi), f16_as_f32_bits(b, y, hi));
        acc = fma(b, 32, a, c, acc).into();
    }
    b.as_reg(acc)
}

/// Source 0 of an f16 op as the bits of the (exact) f32 of its value.
fn half_as_f32_bits(b: &mut Builder, c: &Ctx) -> Result<V, LiftError> {
    let h = half_src(b, c, 0)?;
    let f = ftof_rn(b, Type::F32, Type::F16, h.into());
    Ok(fromf(b, f, 32).into())
}

/// `v_cvt_f32_fp8` / `_bf8` (byte 0 of the source: SDWA selects another) and
/// `v_cvt_pk_f32_fp8` / `_bf8` (bytes 0 and 1 to a register pair: SDWA's
/// WORD_1 the upper two). Exact (every fp8 / bf8 value is an f32); 0x80 is
/// the NaN. The VOP3 forms' op_sel byte selects, clamp and omod are
/// refused.
pub(super) fn cvt_f8(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    let f =
        s.flags.f8[0].ok_or_else(|| b.unsupported("an fp8 conversion row without its format"))?;
    if c.vop3 && c.inst.get("op_sel") != 0 {
        return Err(b.unsupported("op_sel byte selects of the fp8 / bf8 conversions"));
    }
    if c.clamp || c.inst.get("omod") != 0 {
        return Err(b.unsupported("clamp / omod on the fp8 / bf8 conversions"));
    }
    let x = c.r(b, 0)?;
    let byte = |b: &mut Builder, k: u64| -> Operand {
        let v = if k == 0 {
            x
        } else {
            b.binv(BinOp::LShr, Type::I32, x, Operand::Imm(8 * k))
                .into()
        };
        b.binv(BinOp::And, Type::I32, v, Operand::Imm(0xff)).into()
    };
    let lo = byte(b, 0);
    let lo = super::matrix::f8_to_f32(b, lo, f);
    if s.flags.width != 16 {
        return Ok(Out::Lane(lo));
    }
    let hi = byte(b, 1);
    let hi = super::matrix::f8_to_f32(b, hi, f);
    Ok(Out::Wide(b.pair(lo, hi)))
}

/// The fraction bits of 2/pi that `v_trig_preop_f64` reads: the 1201 bits
/// the ISA names, `floor(2/pi * 2^1201)`, placed at the top of 20
/// little-endian 64-bit words (the low 79 bits are zero). Checked against
/// an independent computation of 2/pi in this module's tests.
const TWO_OVER_PI: [u64; 20] = [
    0x0000000000000000,
    0x56033046fc7b0000,
    0x6bfb5fb11f8d5d08,
    0x3d0739f78a5292ea,
    0x7527bac7ebe5f17b,
    0x4f463f669e5fea2d,
    0x6d367ecf27cb09b7,
    0xef2f118b5a0a6d1f,
    0x1ff897ffde05980f,
    0x9c845f8bbdf9283b,
    0x3991d639835339f4,
    0xe99c7026b45f7e41,
    0xe88235f52ebb4484,
    0xfe1deb1cb129a73e,
    0x06492eea09d1921c,
    0xb7246e3a424dd2e0,
    0xfe5163abdebbc561,
    0xdb6295993c439041,
    0xfc2757d1f534ddc0,
    0xa2f9836e4e441529,
];

/// `v_trig_preop_f64`: the 53-bit segment of 2/pi that range reduction of
/// `src0` needs, selected by `src1[4:0]` (CDNA3 ISA pseudocode): it starts
/// `shift = 53 * seg (+ exponent - 1077 above 1077)` bits below the binary
/// point, and is scaled by `2^(-53 - shift)` (`+128` for exponents from
/// 1968, which keeps the products normal), rounding toward zero where the
/// result is denormal. Two cases the pseudocode leaves out follow LLVM's
/// constant folding, which names them hardware behaviour: a segment from
/// `shift >= 1120` on is 0, and a NaN source gives that NaN quieted.
pub(super) fn trig_preop(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    use BinOp::*;
    let (i32t, i64t) = (Type::I32, Type::I64);
    if c.vop3 && (c.inst.get("abs") >> 1 & 1 == 1 || c.inst.get("neg") >> 1 & 1 == 1) {
        return Err(b.unsupported("abs / neg on the segment select (src1) of v_trig_preop_f64"));
    }
    let x = c.r(b, 0)?;
    let seg = plain_src(b, c.inst.get("src1"))?;
    let seg = b.binv(And, i32t, seg, Operand::Imm(31));
    let e64 = b.binv(LShr, i64t, x, Operand::Imm(52));
    let e64 = b.binv(And, i64t, e64, Operand::Imm(0x7ff));
    let e = b.cvt(CvtOp::Trunc, i32t, i64t, e64);
    // shift = 53 * seg + max(e - 1077, 0)
    let over = b.binv(Sub, i32t, e, Operand::Imm(1077));
    let over = b.binv(MaxS, i32t, over, Operand::Imm(0));
    let shift = b.binv(Mul, i32t, seg, Operand::Imm(53));
    let shift = b.binv(Add, i32t, shift, over);
    // The segment is bits [p, p + 53) of the table (1280 bits, word 0
    // lowest): p = 1227 - shift, at least 108 below shift 1120.
    let outside = b.icmp(ICond::Uge, i32t, shift, Operand::Imm(1120));
    let p = b.binv(Sub, i32t, Operand::Imm(1227), shift);
    let pc = b.binv(MaxS, i32t, p, Operand::Imm(0));
    let q = b.binv(LShr, i32t, pc, Operand::Imm(6));
    let r = b.binv(And, i32t, pc, Operand::Imm(63));
    let word = |b: &mut Builder, k: Reg| -> Reg {
        let mut acc = b.t(i64t);
        b.mov(i64t, acc, Operand::Imm(0));
        for (i, w) in TWO_OVER_PI.iter().enumerate() {
            let hit = b.icmp(ICond::Eq, i32t, k, Operand::Imm(i as u64));
            acc = b.select(i64t, hit, Operand::Imm(*w), acc);
        }
        acc
    };
    let lo = word(b, q);
    let q1 = b.binv(Add, i32t, q, Operand::Imm(1));
    let hi = word(b, q1);
    let lo = b.binv(LShr, i64t, lo, r);
    // r = 0 shifts by 64: the IR gives 0, as the segment needs.
    let rr = b.binv(Sub, i32t, Operand::Imm(64), r);
    let hi = b.binv(Shl, i64t, hi, rr);
    let v = b.binv(Or, i64t, lo, hi);
    let v = b.binv(And, i64t, v, Operand::Imm((1 << 53) - 1));
    let v = b.select(i64t, outside, Operand::Imm(0), v);
    // scale = -53 - shift (+128 from exponent 1968)
    let big = b.icmp(ICond::Uge, i32t, e, Operand::Imm(1968));
    let bonus = b.select(i32t, big, Operand::Imm(128), Operand::Imm(0));
    let scale = b.binv(Sub, i32t, bonus, shift);
    let scale = b.binv(Sub, i32t, scale, Operand::Imm(53));
    // A normal result is v * 2^scale exactly; a denormal one is v shifted
    // to the denormal scale 2^-1074, truncated.
    let vf = b.cvt(CvtOp::UtoF, Type::F64, i64t, v);
    let vb = fromf(b, vf, 64);
    let normal = ldexp64(b, vb.into(), scale.into());
    let lz = b.un(UnOp::Clz, i64t, v);
    let lz = b.cvt(CvtOp::Trunc, i32t, i64t, lz);
    let ex = b.binv(Sub, i32t, scale, lz);
    let ex = b.binv(Add, i32t, ex, Operand::Imm(63 + 1023));
    let tiny = b.icmp(ICond::Sle, i32t, ex, Operand::Imm(0));
    let sh = b.binv(Add, i32t, scale, Operand::Imm(1074));
    let up = b.binv(Shl, i64t, v, sh);
    let nsh = b.binv(Sub, i32t, Operand::Imm(0), sh);
    let down = b.binv(LShr, i64t, v, nsh);
    let left = b.icmp(ICond::Sge, i32t, sh, Operand::Imm(0));
    let den = b.select(i64t, left, up, down);
    let res = b.select(i64t, tiny, den, normal);
    let mag = b.binv(And, i64t, x, Operand::Imm(!(1u64 << 63)));
    let nan = b.icmp(ICond::Ugt, i64t, mag, Operand::Imm(0x7ff0_0000_0000_0000));
    let quiet = b.binv(Or, i64t, x, Operand::Imm(1 << 51));
    let res = b.select(i64t, nan, quiet, res);
    Ok(float_out(b, c, res, s.ty))
}

/// An f32 (bits, abs / neg applied) as a gfx942 FNUZ fp8 / bf8 byte,
/// rounded to nearest even (whatever the round mode): NaN gives 0x80, a
/// result that rounds to zero 0x00 (FNUZ has no -0), an overflow after
/// rounding (and an infinity) 0x80, or the largest value of the sign with
/// MODE.FP16_OVFL (`sat`).
fn f32_to_f8(b: &mut Builder, x: V, f: crate::gfx942::semantics::F8, sat: bool) -> Reg {
    use BinOp::*;
    let t = Type::I32;
    let (m, bias) = (f.mantissa() as u64, f.bias() as u64);
    let a = b.binv(And, t, x, Operand::Imm(0x7fff_ffff));
    // Normal range: round the f32 bits to m mantissa bits (a carry moves
    // into the exponent), then rebias.
    let shift = 23 - m;
    let odd = b.binv(LShr, t, a, Operand::Imm(shift));
    let odd = b.binv(And, t, odd, Operand::Imm(1));
    let r = b.binv(Add, t, a, Operand::Imm((1 << (shift - 1)) - 1));
    let r = b.binv(Add, t, r, odd);
    let r = b.binv(LShr, t, r, Operand::Imm(shift));
    let normal = b.binv(Sub, t, r, Operand::Imm((127 - bias) << m));
    // Below the smallest normal 2^(1 - bias): a multiple of 2^(1 - bias - m),
    // rounded to nearest even as an integer (a result of 2^m is the smallest
    // normal's encoding).
    let scale = (127 + bias - 1 + m) << 23;
    let q = fbin(b, FBinOp::Mul, 32, a.into(), Operand::Imm(scale));
    let q = tof(b, q.into(), 32);
    let sub = cvt(b, CvtOp::FtoU, t, Type::F32, Round::Rn, false, q.into());
    let tiny = b.icmp(ICond::Ult, t, a, Operand::Imm((127 + 1 - bias) << 23));
    let enc = b.select(t, tiny, sub, normal);
    let over = b.icmp(ICond::Ugt, t, enc, Operand::Imm(0x7f));
    let sign = b.binv(LShr, t, x, Operand::Imm(24));
    let sign = b.binv(And, t, sign, Operand::Imm(0x80));
    let nonzero = b.icmp(ICond::Ne, t, enc, Operand::Imm(0));
    let sign = b.select(t, nonzero, sign, Operand::Imm(0));
    let big = if sat {
        b.binv(Or, t, sign, Operand::Imm(0x7f))
    } else {
        let r = b.t(t);
        b.mov(t, r, Operand::Imm(0x80));
        r
    };
    let val = b.binv(Or, t, sign, enc);
    let val = b.select(t, over, big, val);
    let nan = b.icmp(ICond::Ugt, t, a, Operand::Imm(0x7f80_0000));
    b.select(t, nan, Operand::Imm(0x80), val)
}

/// `v_cvt_pk_fp8_f32` / `v_cvt_pk_bf8_f32`: src0 and src1 (abs / neg
/// apply) as two 8-bit floats, src0's in the low byte, written to the half
/// of vdst that op_sel[3] selects; the other half is kept. Clamp and omod
/// are ignored, as the ISA says.
pub(super) fn cvt_pk_f8(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    use BinOp::*;
    let f =
        s.flags.f8[0].ok_or_else(|| b.unsupported("an fp8 conversion row without its format"))?;
    let op_sel = c.inst.get("op_sel");
    if op_sel & 7 != 0 {
        return Err(
            b.unsupported("op_sel bits other than the destination half of an fp8 / bf8 packing")
        );
    }
    b.omod = 0;
    let sat = crate::gfx942::lift::FloatMode::from_mode_bits(b.mode).fp16_ovfl;
    let (x, y) = (c.r(b, 0)?, c.r(b, 1)?);
    let lo = f32_to_f8(b, x, f, sat);
    let hi = f32_to_f8(b, y, f, sat);
    let hi = b.binv(Shl, Type::I32, hi, Operand::Imm(8));
    let pair = b.binv(Or, Type::I32, lo, hi);
    write_half(b, c, pair, op_sel >> 3 & 1 == 1);
    Ok(Out::Done)
}

/// The cube-map face of direction (src0, src1, src2) = (x, y, z) (abs /
/// neg apply): `v_cubeid_f32` the face (0 +x, 1 -x, 2 +y, 3 -y, 4 +z,
/// 5 -z) as a float, `v_cubesc_f32` / `v_cubetc_f32` the face's s and t
/// coordinates (not yet divided), `v_cubema_f32` twice the major axis
/// (signed). The ISA's pseudocode: z is major when |z| >= |x| and |z| >=
/// |y| (ties go to z), else y when |y| >= |x|, else x; comparisons with a
/// NaN fail, and "negative" means below zero (-0 and NaN are not).
pub(super) fn cube(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    use BinOp::*;
    let t = Type::I32;
    let (x, y, z) = c.r3(b)?;
    let abs = |b: &mut Builder, v: V| -> V { b.binv(And, t, v, Operand::Imm(0x7fff_ffff)).into() };
    let (ax, ay, az) = (abs(b, x), abs(b, y), abs(b, z));
    let ge = |b: &mut Builder, p: V, q: V| fcmp(b, FCond::Oge, 32, p, q);
    let neg = |b: &mut Builder, p: V| fcmp(b, FCond::Olt, 32, p, Operand::Imm(0));
    let zx = ge(b, az, ax);
    let zy = ge(b, az, ay);
    let zmaj = b.binv(And, Type::I1, zx, zy);
    let ymaj = ge(b, ay, ax);
    let (xn, yn, zn) = (neg(b, x), neg(b, y), neg(b, z));
    let flip = |b: &mut Builder, v: V| -> Reg { b.binv(Xor, t, v, Operand::Imm(0x8000_0000)) };
    // Per axis (x, y, z major) the result, then z over y over x.
    let pick = |b: &mut Builder, vx: V, vy: V, vz: V| -> Reg {
        let xy = b.select(t, ymaj, vy, vx);
        b.select(t, zmaj, vz, xy)
    };
    let r = match s.kind {
        Kind::CubeId => {
            let face = |b: &mut Builder, n: Reg, base: f32| -> Reg {
                b.select(
                    t,
                    n,
                    Operand::Imm((base + 1.0).to_bits() as u64),
                    Operand::Imm(base.to_bits() as u64),
                )
            };
            let (ix, iy, iz) = (face(b, xn, 0.0), face(b, yn, 2.0), face(b, zn, 4.0));
            pick(b, ix.into(), iy.into(), iz.into())
        }
        Kind::CubeSc => {
            // z major: z < 0 ? -x : x; y major: x; x major: x < 0 ? z : -z.
            let nx = flip(b, x);
            let nz = flip(b, z);
            let sz = b.select(t, zn, nx, x);
            let sx = b.select(t, xn, z, nz);
            pick(b, sx.into(), x, sz.into())
        }
        Kind::CubeTc => {
            // z and x major: -y; y major: y < 0 ? -z : z.
            let ny = flip(b, y);
            let nz = flip(b, z);
            let ty = b.select(t, yn, nz, z);
            pick(b, ny.into(), ty.into(), ny.into())
        }
        _ => {
            let m = pick(b, x, y, z);
            fbin(b, FBinOp::Add, 32, m.into(), m.into())
        }
    };
    Ok(float_out(b, c, r, Type::F32))
}

/// `v_cvt_pknorm_{i16,u16}_{f32,f16}`: src0 and src1 as normalised 16-bit
/// integers in the low and high half: NaN is 0, the value is clamped to
/// [-1, 1] (`signed`) or [0, 1], multiplied by 32767 or 65535 exactly and
/// rounded to nearest even. The f16 forms read the half op_sel[0] / [1]
/// selects. Clamp has nothing left to clamp; op_sel[3] is refused.
pub(super) fn cvt_pknorm(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    use BinOp::*;
    let op_sel = c.inst.get("op_sel");
    if op_sel & 8 != 0 || (s.src != Type::F16 && op_sel != 0) {
        return Err(b.unsupported("op_sel on a normalising pack (other than f16 source halves)"));
    }
    let signed = s.flags.signed;
    let scale = if signed { 32767.0f64 } else { 65535.0 };
    let mut halves = Vec::with_capacity(2);
    for i in 0..2 {
        // The source as an exact f64.
        let wide = if s.src == Type::F16 {
            // The half op_sel selects, abs / neg on its sign.
            let v = opsel_src(b, c, i, true)?;
            let h = half_of(b, v);
            ftof_rn(b, Type::F64, Type::F16, h.into())
        } else {
            let v = c.r(b, i)?;
            let f = tof(b, v, 32);
            ftof_rn(b, Type::F64, Type::F32, f.into())
        };
        let w = fromf(b, wide, 64);
        let nan = fcmp(b, FCond::Uno, 64, w.into(), w.into());
        let lo = if signed { -1.0f64 } else { 0.0 };
        let w = fbin(b, FBinOp::Max, 64, w.into(), Operand::Imm(lo.to_bits()));
        let w = fbin(b, FBinOp::Min, 64, w.into(), Operand::Imm(1f64.to_bits()));
        let p = fbin(b, FBinOp::Mul, 64, w.into(), Operand::Imm(scale.to_bits()));
        let pf = tof(b, p.into(), 64);
        let op = if signed { CvtOp::FtoS } else { CvtOp::FtoU };
        let r = cvt(b, op, Type::I32, Type::F64, Round::Rn, false, pf.into());
        let r = b.select(Type::I32, nan, Operand::Imm(0), r);
        halves.push(b.binv(And, Type::I32, r, Operand::Imm(0xffff)));
    }
    Ok(Out::Lane(pack_halves(
        b,
        halves[0].into(),
        halves[1].into(),
    )))
}

/// `v_cvt_pk_u8_f32 vdst, src0, src1, src2`: src2 with byte `src1[1:0]`
/// replaced by src0 as a u8 (rounded to nearest even, NaN 0, clamped to
/// [0, 255]); `v_cvt_pkaccum_u8_f32` (`acc`) the same into vdst itself.
/// Clamp is refused (its effect here is not documented).
pub(super) fn cvt_pk_u8(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    use BinOp::*;
    let t = Type::I32;
    if c.clamp {
        return Err(b.unsupported("clamp on a byte pack"));
    }
    let x = c.r(b, 0)?;
    let sel = plain_src(b, c.inst.get("src1"))?;
    let base: V = if s.flags.acc {
        b.v(c.inst.get("vdst")).into()
    } else {
        plain_src(b, c.inst.get("src2"))?
    };
    let f = tof(b, x, 32);
    let u = cvt(b, CvtOp::FtoU, t, Type::F32, Round::Rn, false, f.into());
    let u = b.binv(MinU, t, u, Operand::Imm(255));
    let sh = b.binv(And, t, sel, Operand::Imm(3));
    let sh = b.binv(Shl, t, sh, Operand::Imm(3));
    let byte = b.binv(Shl, t, u, sh);
    let hole = b.binv(Shl, t, Operand::Imm(0xff), sh);
    let keep = b.un(UnOp::Not, t, hole);
    let keep = b.binv(And, t, base, keep);
    Ok(Out::Lane(b.binv(Or, t, keep, byte)))
}
