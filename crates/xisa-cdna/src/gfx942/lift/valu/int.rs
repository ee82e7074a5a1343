//! Integer, bit and lane-mask kinds of the vector ALU, one function per
//! [`Kind`](crate::gfx942::semantics::Kind); each reads its operation and types
//! from the semantics row.

use super::*;
use crate::gfx942::lift::{sem_int, sem_un};
use xisa_ir::op;

/// The two integer ops of a two-op row.
fn int_ops(b: &Builder, s: &Sem) -> Result<(BinOp, BinOp), LiftError> {
    match s.op {
        SemOp::Int2(x, y) => Ok((x, y)),
        _ => Err(b.unsupported("semantics row without two integer ops")),
    }
}

fn is_shift(op: BinOp) -> bool {
    matches!(op, BinOp::Shl | BinOp::LShr | BinOp::AShr)
}

/// `op(x, y)` with a shift count masked to the type's width.
fn masked(b: &mut Builder, op: BinOp, ty: Type, x: V, y: V) -> Reg {
    let y: V = if is_shift(op) {
        let n = b.binv(BinOp::And, Type::I32, y, Operand::Imm(ty.bits() as u64 - 1));
        n.into()
    } else {
        y
    };
    b.binv(op, ty, x, y)
}

/// A 32- or 64-bit result.
fn sized(ty: Type, r: Reg) -> Out {
    if ty == Type::I64 {
        Out::Wide(r)
    } else {
        Out::Lane(r)
    }
}

pub(super) fn mov(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    let x = c.r(b, 0)?;
    if s.ty != Type::I64 {
        return Ok(Out::Lane(b.as_reg(x)));
    }
    let r = match x {
        Operand::Reg(r) => r,
        imm => {
            let t = b.t(Type::I64);
            b.mov(Type::I64, t, imm);
            t
        }
    };
    Ok(Out::Wide(r))
}

/// With clamp these saturate (LLVM's add_sat / sub_sat).
pub(super) fn addsat(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    let op = sem_int(b, s)?;
    let (x, y) = c.r2(b, s.flags.rev)?;
    let i32t = Type::I32;
    if s.flags.signed {
        if !c.clamp {
            return Ok(Out::Lane(b.binv(op, i32t, x, y)));
        }
        // Exact in 64 bits, then clamped to the i32 range.
        let x = b.cvt(CvtOp::Sext, Type::I64, i32t, x);
        let y = b.cvt(CvtOp::Sext, Type::I64, i32t, y);
        let r = b.binv(op, Type::I64, x, y);
        let r = b.binv(BinOp::MinS, Type::I64, r, Operand::Imm(i32::MAX as u64));
        let r = b.binv(
            BinOp::MaxS,
            Type::I64,
            r,
            Operand::Imm(i32::MIN as i64 as u64),
        );
        return Ok(Out::Lane(b.cvt(CvtOp::Trunc, i32t, Type::I64, r)));
    }
    let r = b.binv(op, i32t, x, y);
    if !c.clamp {
        return Ok(Out::Lane(r));
    }
    // Unsigned overflow: the sum wrapped below x, or y > x.
    let add = op == BinOp::Add;
    let (lhs, rhs) = if add { (r.into(), x) } else { (x, y) };
    let over = b.icmp(ICond::Ult, i32t, lhs, rhs);
    let limit = Operand::Imm(if add { u32::MAX as u64 } else { 0 });
    Ok(Out::Lane(b.select(i32t, over, limit, r)))
}

/// A binary op on 32-bit lanes, or on 16-bit lanes whose result zeroes the
/// high half (GFX9 16-bit VOP1/VOP2).
pub(super) fn bin(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    let op = sem_int(b, s)?;
    let (x, y) = c.r2(b, s.flags.rev)?;
    if s.ty == Type::I16 && c.clamp {
        // Saturated to the u16 / i16 range (LLVM's uadd.sat / usub.sat /
        // sadd.sat on 16 and 8 bits: `v_sub_u16 ... clamp`, with SDWA
        // byte selects for bytes), the high half zeroed.
        let lo = |b: &mut Builder, v: V| -> V {
            b.binv(BinOp::And, Type::I32, v, Operand::Imm(0xffff))
                .into()
        };
        let (x, y) = (lo(b, x), lo(b, y));
        return Ok(Out::Lane(op16(b, s, &[x, y], true)?));
    }
    c.no_int_clamp(b)?;
    if s.ty == Type::I16 {
        let x = b.cvt(CvtOp::Trunc, Type::I16, Type::I32, x);
        let y = b.cvt(CvtOp::Trunc, Type::I16, Type::I32, y);
        let r = b.binv(op, Type::I16, x, y);
        return Ok(Out::Lane(b.cvt(CvtOp::Zext, Type::I32, Type::I16, r)));
    }
    let r = b.binv(op, Type::I32, x, y);
    Ok(Out::Lane(if s.flags.not {
        b.un(UnOp::Not, Type::I32, r)
    } else {
        r
    }))
}

/// `src1 op (src0 & (width - 1))` (the `rev` shifts).
pub(super) fn shift(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    let op = sem_int(b, s)?;
    c.no_int_clamp(b)?;
    let (n, v) = (c.r(b, 0)?, c.r(b, 1)?);
    if s.ty == Type::I16 {
        let t16 = Type::I16;
        let n = b.cvt(CvtOp::Trunc, t16, Type::I32, n);
        let v = b.cvt(CvtOp::Trunc, t16, Type::I32, v);
        let n = b.cvt(CvtOp::Zext, Type::I32, t16, n);
        let r = masked(b, op, t16, v.into(), n.into());
        return Ok(Out::Lane(b.cvt(CvtOp::Zext, Type::I32, t16, r)));
    }
    Ok(sized(s.ty, masked(b, op, s.ty, v, n)))
}

/// `op2(op1(src0, src1), src2)`: three-input adds, logic, shifts, min3/max3.
pub(super) fn tern(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    if let SemOp::Float2(f1, f2) = s.op {
        let (x, y, z) = c.r3(b)?;
        let t = fbin(b, f1, 32, x, y);
        let r = fbin(b, f2, 32, t.into(), z);
        return Ok(Out::Lane(clamp_f(b, r, 32, c.clamp)));
    }
    let (op1, op2) = int_ops(b, s)?;
    c.no_int_clamp(b)?;
    let (x, y, z) = c.r3(b)?;
    let t = masked(b, op1, s.ty, x, y);
    Ok(sized(s.ty, masked(b, op2, s.ty, t.into(), z)))
}

/// The median of three: `max(min(x, y), min(max(x, y), z))` (for floats,
/// the hardware's NaN rules for med3 are not modelled).
pub(super) fn med3(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    let (x, y, z) = c.r3(b)?;
    if let SemOp::Float2(mn, mx) = s.op {
        let lo = fbin(b, mn, 32, x, y);
        let hi = fbin(b, mx, 32, x, y);
        let h2 = fbin(b, mn, 32, hi.into(), z);
        let r = fbin(b, mx, 32, lo.into(), h2.into());
        return Ok(Out::Lane(clamp_f(b, r, 32, c.clamp)));
    }
    let (mn, mx) = int_ops(b, s)?;
    c.no_int_clamp(b)?;
    let t = Type::I32;
    let lo = b.binv(mn, t, x, y);
    let hi = b.binv(mx, t, x, y);
    let h2 = b.binv(mn, t, hi, z);
    Ok(Out::Lane(b.binv(mx, t, lo, h2)))
}

/// The low 24 bits of `v`, sign- or zero-extended.
fn ext24(b: &mut Builder, v: V, signed: bool) -> Reg {
    let t = Type::I32;
    if signed {
        let a = b.binv(BinOp::Shl, t, v, Operand::Imm(8));
        b.binv(BinOp::AShr, t, a, Operand::Imm(8))
    } else {
        b.binv(BinOp::And, t, v, Operand::Imm(0xff_ffff))
    }
}

pub(super) fn mul24(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    let op = sem_int(b, s)?;
    c.no_int_clamp(b)?;
    let (x, y) = c.r2(b, false)?;
    let (x, y) = (ext24(b, x, s.flags.signed), ext24(b, y, s.flags.signed));
    Ok(Out::Lane(b.binv(op, Type::I32, x, y)))
}

pub(super) fn mad24(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    c.no_int_clamp(b)?;
    let (x, y, z) = c.r3(b)?;
    let (x, y) = (ext24(b, x, s.flags.signed), ext24(b, y, s.flags.signed));
    let p = b.binv(BinOp::Mul, Type::I32, x, y);
    Ok(Out::Lane(b.binv(BinOp::Add, Type::I32, p, z)))
}

/// Sums of absolute differences (LLVM emits v_sad_u32 for `|x - y| + z` on
/// unsigned values): per `wN` element, plus src2, wrapping; `hi` shifts the
/// sum up 16.
pub(super) fn sad(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    use BinOp::*;
    c.no_int_clamp(b)?;
    let (x, y, z) = c.r3(b)?;
    let i32t = Type::I32;
    let mut sum: V = abs_diff_sum(b, x, y, s.flags.width as u64, false).into();
    if s.flags.hi {
        sum = b.binv(Shl, i32t, sum, Operand::Imm(16)).into();
    }
    Ok(Out::Lane(b.binv(Add, i32t, sum, z)))
}

pub(super) fn bfe(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    c.no_int_clamp(b)?;
    let (x, y, z) = c.r3(b)?;
    let t = Type::I32;
    // Inline-constant offsets and widths stay immediates (the JIT lowers a
    // constant field with shifts and masks).
    let pos = b.bin_fold(BinOp::And, t, y, Operand::Imm(31));
    let len = b.bin_fold(BinOp::And, t, z, Operand::Imm(31));
    Ok(Out::Lane(b.bfe(s.flags.signed, t, x, pos, len)))
}

pub(super) fn bfi(b: &mut Builder, c: &Ctx, _: &Sem) -> Result<Out, LiftError> {
    c.no_int_clamp(b)?;
    let (x, y, z) = c.r3(b)?;
    let d = b.t(Type::I32);
    // (x & y) | (~x & z): lop3 table for a=x, b=y, c=z is 0xca.
    b.emit(Op::Lop3(op::Lop3 {
        ty: Type::I32,
        dst: d,
        a: x,
        b: y,
        c: z,
        lut: 0xca,
    }));
    Ok(Out::Lane(d))
}

pub(super) fn bfm(b: &mut Builder, c: &Ctx, _: &Sem) -> Result<Out, LiftError> {
    use BinOp::*;
    c.no_int_clamp(b)?;
    let (x, y) = c.r2(b, false)?;
    let t = Type::I32;
    let n = b.binv(And, t, x, Operand::Imm(31));
    let sh = b.binv(And, t, y, Operand::Imm(31));
    let one = b.binv(Shl, t, Operand::Imm(1), n);
    let mask = b.binv(Sub, t, one, Operand::Imm(1));
    Ok(Out::Lane(b.binv(Shl, t, mask, sh)))
}

/// `({src0, src1} >> shift)`, the shift in bits or (`w8`) bytes.
pub(super) fn align(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    c.no_int_clamp(b)?;
    let (x, y, z) = c.r3(b)?;
    let t = Type::I32;
    let n = if s.flags.width == 8 {
        let u = b.binv(BinOp::And, t, z, Operand::Imm(3));
        b.binv(BinOp::Shl, t, u, Operand::Imm(3))
    } else {
        b.binv(BinOp::And, t, z, Operand::Imm(31))
    };
    let d = b.t(t);
    b.emit(Op::Funnel(op::Funnel {
        left: false,
        wrap: true,
        dst: d,
        lo: y,
        hi: x,
        shift: n.into(),
    }));
    Ok(Out::Lane(d))
}

pub(super) fn unary(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    let op = sem_un(b, s)?;
    c.no_int_clamp(b)?;
    let x = c.r(b, 0)?;
    Ok(Out::Lane(b.un(op, Type::I32, x)))
}

/// Find first bit: `clz` / `ctz`, of `x ^ sign` when `signed`; -1 when none.
pub(super) fn ffb(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    let op = sem_un(b, s)?;
    c.no_int_clamp(b)?;
    let t = Type::I32;
    let x = c.r(b, 0)?;
    let arg: V = if s.flags.signed {
        let sg = b.binv(BinOp::AShr, t, x, Operand::Imm(31));
        b.binv(BinOp::Xor, t, x, sg).into()
    } else {
        x
    };
    let n = b.un(op, t, arg);
    let none = b.icmp(ICond::Eq, t, n, Operand::Imm(32));
    Ok(Out::Lane(b.select(t, none, Operand::Imm(0xffff_ffff), n)))
}

pub(super) fn bcnt(b: &mut Builder, c: &Ctx, _: &Sem) -> Result<Out, LiftError> {
    c.no_int_clamp(b)?;
    let (x, y) = c.r2(b, false)?;
    let p = b.un(UnOp::Popc, Type::I32, x);
    Ok(Out::Lane(b.binv(BinOp::Add, Type::I32, p, y)))
}

pub(super) fn mbcnt(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    use BinOp::*;
    c.no_int_clamp(b)?;
    let (x, y) = c.r2(b, false)?;
    let (t, t64) = (Type::I32, Type::I64);
    // Lanes below this one: (1 << lane) - 1, as 64 bits.
    let lane = b.lane;
    let one = b.binv(Shl, t64, Operand::Imm(1), lane);
    let below = b.binv(Sub, t64, one, Operand::Imm(1));
    let part = if s.flags.hi {
        let h = b.binv(LShr, t64, below, Operand::Imm(32));
        b.cvt(CvtOp::Trunc, t, t64, h)
    } else {
        b.cvt(CvtOp::Trunc, t, t64, below)
    };
    let a = b.binv(And, t, x, part);
    let p = b.un(UnOp::Popc, t, a);
    Ok(Out::Lane(b.binv(Add, t, p, y)))
}

pub(super) fn cndmask(b: &mut Builder, c: &Ctx, _: &Sem) -> Result<Out, LiftError> {
    let (x, y) = c.r2(b, false)?;
    let bit = mask_in(b, c)?;
    Ok(Out::Lane(b.select(Type::I32, bit, y, x)))
}

/// Add / subtract whose carry (borrow) out goes to a lane mask.
pub(super) fn addco(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    let op = sem_int(b, s)?;
    c.no_int_clamp(b)?;
    let (x, y) = c.r2(b, s.flags.rev)?;
    let t = Type::I32;
    let r = b.binv(op, t, x, y);
    let carry = if op == BinOp::Add {
        b.icmp(ICond::Ult, t, r, x)
    } else {
        b.icmp(ICond::Ult, t, x, y)
    };
    write_ballot(b, c, carry)?;
    Ok(Out::Lane(r))
}

/// Add / subtract with a carry-in lane mask, exact in 64 bits.
pub(super) fn addcarry(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    let op = sem_int(b, s)?;
    c.no_int_clamp(b)?;
    let (x, y) = c.r2(b, s.flags.rev)?;
    let (t, t64) = (Type::I32, Type::I64);
    let cin = mask_in(b, c)?;
    let ci = b.b2i(cin);
    let xw = b.cvt(CvtOp::Zext, t64, t, x);
    let yw = b.cvt(CvtOp::Zext, t64, t, y);
    let cw = b.cvt(CvtOp::Zext, t64, t, ci);
    let sum = b.binv(op, t64, xw, yw);
    let sum = b.binv(op, t64, sum, cw);
    let hi = b.binv(BinOp::LShr, t64, sum, Operand::Imm(32));
    let carry = b.icmp(ICond::Ne, t64, hi, Operand::Imm(0));
    write_ballot(b, c, carry)?;
    let r = b.cvt(CvtOp::Trunc, t, t64, sum);
    Ok(Out::Lane(r))
}

/// `src0 * src1 + src2` in 64 bits with the carry (unsigned) or overflow
/// (signed) out to a lane mask.
pub(super) fn mad64(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    c.no_int_clamp(b)?;
    let (x, y, z) = c.r3(b)?;
    let t64 = Type::I64;
    let p = b.t(t64);
    b.emit(Op::MulWide(op::MulWide {
        signed: s.flags.signed,
        dst: p,
        a: x,
        b: y,
    }));
    let r = b.binv(BinOp::Add, t64, p, z);
    let carry = if s.flags.signed {
        let s1 = b.binv(BinOp::Xor, t64, p, r);
        let s2 = b.binv(BinOp::Xor, t64, z, r);
        let both = b.binv(BinOp::And, t64, s1, s2);
        b.icmp(ICond::Slt, t64, both, Operand::Imm(0))
    } else {
        b.icmp(ICond::Ult, t64, r, z)
    };
    write_ballot(b, c, carry)?;
    Ok(Out::Wide(r))
}

/// Byte permute of {src0, src1} (src1 = bytes 0..3): each selector byte
/// picks a byte (0..7), the sign of byte 1/3/5/7 (8..11, as 0x00/0xff), 0x00
/// (12) or 0xff (13..).
pub(super) fn perm(b: &mut Builder, c: &Ctx, _: &Sem) -> Result<Out, LiftError> {
    use BinOp::*;
    c.no_int_clamp(b)?;
    let (x, y, sel) = c.r3(b)?;
    let (t, t64) = (Type::I32, Type::I64);
    let xw = b.cvt(CvtOp::Zext, t64, t, x);
    let yw = b.cvt(CvtOp::Zext, t64, t, y);
    let hi = b.binv(Shl, t64, xw, Operand::Imm(32));
    let both = b.binv(Or, t64, hi, yw);
    // The pair's bits from bit `sh` up, under `mask`.
    let field = |b: &mut Builder, sh: Reg, mask: u64| {
        let v = b.binv(LShr, t64, both, sh);
        let v = b.cvt(CvtOp::Trunc, t, t64, v);
        b.binv(And, t, v, Operand::Imm(mask))
    };
    let mut acc = b.t(t);
    b.mov(t, acc, Operand::Imm(0));
    for k in 0..4u64 {
        let s8 = b.binv(LShr, t, sel, Operand::Imm(8 * k));
        let s8 = b.binv(And, t, s8, Operand::Imm(0xff));
        // Byte s8 & 7 of the pair.
        let idx = b.binv(And, t, s8, Operand::Imm(7));
        let sh = b.binv(Shl, t, idx, Operand::Imm(3));
        let byte = field(b, sh, 0xff);
        // Sign of byte 2 (s8 - 8) + 1, as 0x00 / 0xff.
        let sidx = b.binv(And, t, s8, Operand::Imm(3));
        let sidx = b.binv(Shl, t, sidx, Operand::Imm(4));
        let sidx = b.binv(Add, t, sidx, Operand::Imm(15));
        let sbit = field(b, sidx, 1);
        let sfill = b.binv(Mul, t, sbit, Operand::Imm(0xff));
        let is_byte = b.icmp(ICond::Ult, t, s8, Operand::Imm(8));
        let is_sign = b.icmp(ICond::Ult, t, s8, Operand::Imm(12));
        let is_zero = b.icmp(ICond::Eq, t, s8, Operand::Imm(12));
        let r = b.select(t, is_zero, Operand::Imm(0), Operand::Imm(0xff));
        let r = b.select(t, is_sign, sfill, r);
        let r = b.select(t, is_byte, byte, r);
        let r = b.binv(Shl, t, r, Operand::Imm(8 * k));
        acc = b.binv(Or, t, acc, r);
    }
    Ok(Out::Lane(acc))
}

/// VOP2 dot products accumulating into vdst.
pub(super) fn dot_acc(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    let (x, y) = c.r2(b, false)?;
    let acc: V = b.v(c.inst.get("vdst")).into();
    Ok(Out::Lane(dot_sum(
        b,
        x,
        y,
        acc,
        s.flags.width,
        s.flags.signed,
        c.clamp,
    )))
}

/// `{sat16(src1), sat16(src0)}`: each source clamped to the u16 (or,
/// `signed`, i16) range.
pub(super) fn cvt_pk_sat(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    use BinOp::*;
    c.no_int_clamp(b)?;
    let t = Type::I32;
    let (x, y) = c.r2(b, false)?;
    let sat = |b: &mut Builder, v: V| -> Reg {
        let r = if s.flags.signed {
            let lo = b.binv(MaxS, t, v, Operand::Imm(0xffff_8000));
            b.binv(MinS, t, lo, Operand::Imm(0x7fff))
        } else {
            b.binv(MinU, t, v, Operand::Imm(0xffff))
        };
        b.binv(And, t, r, Operand::Imm(0xffff))
    };
    let (lo, hi) = (sat(b, x), sat(b, y));
    Ok(Out::Lane(pack_halves(b, lo.into(), hi.into())))
}

/// `src0.h * src1.h + src2`: 16-bit halves (op_sel bits 0 and 1 pick the
/// high ones), zero- or (`signed`) sign-extended, a 32-bit addend.
pub(super) fn mad16(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    use BinOp::*;
    c.no_int_clamp(b)?;
    if c.inst.get("op_sel") >> 2 != 0 {
        return Err(b.unsupported("op_sel on the 32-bit addend or result"));
    }
    let t = Type::I32;
    let mut h = Vec::new();
    for i in 0..2 {
        let v = opsel_src(b, c, i, false)?;
        h.push(if s.flags.signed {
            sext16(b, v).into()
        } else {
            v
        });
    }
    let z = c.r(b, 2)?;
    let p = b.binv(Mul, t, h[0], h[1]);
    Ok(Out::Lane(b.binv(Add, t, p, z)))
}

/// `{0, sat_u8(src0.h1), sat_u8(src0.h0)}`, each half an i16.
pub(super) fn sat_pk_u8(b: &mut Builder, c: &Ctx, _: &Sem) -> Result<Out, LiftError> {
    use BinOp::*;
    c.no_int_clamp(b)?;
    let t = Type::I32;
    let x = c.r(b, 0)?;
    let mut out: V = Operand::Imm(0);
    for k in 0..2u64 {
        let h = b.bfe(true, t, x, Operand::Imm(16 * k), Operand::Imm(16));
        let h = b.binv(MaxS, t, h, Operand::Imm(0));
        let h = b.binv(MinS, t, h, Operand::Imm(0xff));
        let h = b.binv(Shl, t, h, Operand::Imm(8 * k));
        out = b.binv(Or, t, out, h).into();
    }
    Ok(Out::Lane(b.in_reg(t, out)))
}

/// Per byte k: `(src0.k + src1.k + src2 bit 8k) >> 1`.
pub(super) fn lerp_u8(b: &mut Builder, c: &Ctx, _: &Sem) -> Result<Out, LiftError> {
    use BinOp::*;
    c.no_int_clamp(b)?;
    let t = Type::I32;
    let (x, y, z) = c.r3(b)?;
    let mut out: V = Operand::Imm(0);
    for k in 0..4u64 {
        let pos = Operand::Imm(8 * k);
        let xb = b.bfe(false, t, x, pos, Operand::Imm(8));
        let yb = b.bfe(false, t, y, pos, Operand::Imm(8));
        let r = b.bfe(false, t, z, pos, Operand::Imm(1));
        let sum = b.binv(Add, t, xb, yb);
        let sum = b.binv(Add, t, sum, r);
        let avg = b.binv(LShr, t, sum, Operand::Imm(1));
        let avg = b.binv(Shl, t, avg, pos);
        out = b.binv(Or, t, out, avg).into();
    }
    Ok(Out::Lane(b.in_reg(t, out)))
}

/// The sum of the absolute differences of the `width`-bit elements of `a`
/// and `bb` (unsigned), wrapping in 32 bits; `masked` skips the elements
/// where `bb`'s is 0 (the msad forms' "don't care" reference bytes).
fn abs_diff_sum(b: &mut Builder, a: V, bb: V, width: u64, masked: bool) -> Reg {
    use BinOp::*;
    let t = Type::I32;
    let mut sum: Option<Reg> = None;
    for p in 0..32 / width {
        let part = |b: &mut Builder, v: V| -> V {
            if width == 32 {
                return v;
            }
            b.bfe(false, t, v, Operand::Imm(p * width), Operand::Imm(width))
                .into()
        };
        let (x, y) = (part(b, a), part(b, bb));
        let hi = b.binv(MaxU, t, x, y);
        let lo = b.binv(MinU, t, x, y);
        let mut d = b.binv(Sub, t, hi, lo);
        if masked {
            let skip = b.icmp(ICond::Eq, t, y, Operand::Imm(0));
            d = b.select(t, skip, Operand::Imm(0), d);
        }
        sum = Some(match sum {
            Some(acc) => b.binv(Add, t, acc, d),
            None => d,
        });
    }
    sum.unwrap_or_else(|| b.as_reg(Operand::Imm(0)))
}

/// [`abs_diff_sum`] of the bytes of `a` and `bb`, plus `acc`.
fn byte_sad(b: &mut Builder, a: V, bb: V, acc: V, masked: bool) -> Reg {
    let s = abs_diff_sum(b, a, bb, 8, masked);
    b.binv(BinOp::Add, Type::I32, s, acc)
}

/// `v_msad_u8` (one masked byte SAD plus src2) and the sliding-window
/// forms over the 64-bit src0: result k reads src0's bytes k..k+3 against
/// src1 (masked where src1's byte is 0 for the `m` forms) plus element k
/// of src2: `v_qsad_pk_u16_u8` / `v_mqsad_pk_u16_u8` four u16 results
/// (each sum truncated to 16 bits), `v_mqsad_u32_u8` four u32 results
/// (src2 and vdst four VGPRs). The ISA's pseudocode; clamp is refused (its
/// effect on these sums is not documented).
pub(super) fn msad(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<Out, LiftError> {
    use BinOp::*;
    c.no_int_clamp(b)?;
    let (t, t64) = (Type::I32, Type::I64);
    if s.kind == Kind::Msad {
        let (x, y, z) = c.r3(b)?;
        return Ok(Out::Lane(byte_sad(b, x, y, z, true)));
    }
    let src0 = c.r(b, 0)?;
    let ref_ = c.r(b, 1)?;
    let window = |b: &mut Builder, k: u64| -> V {
        let w = b.binv(LShr, t64, src0, Operand::Imm(8 * k));
        b.cvt(CvtOp::Trunc, t, t64, w).into()
    };
    if s.kind == Kind::MqsadU32 {
        let enc = c.inst.get("src2");
        if enc < 256 {
            return Err(b.unsupported("v_mqsad_u32_u8 with a scalar src2"));
        }
        let mut out = Vec::with_capacity(4);
        for k in 0..4u64 {
            let w = window(b, k);
            let acc = b.v(enc - 256 + k as u32);
            out.push(byte_sad(b, w, ref_, acc.into(), true));
        }
        write_v(b, c, &out);
        return Ok(Out::Done);
    }
    let acc = c.r(b, 2)?;
    let masked = s.kind == Kind::MqsadPk;
    let mut res = b.t(t64);
    b.mov(t64, res, Operand::Imm(0));
    for k in 0..4u64 {
        let w = window(b, k);
        let a = b.binv(LShr, t64, acc, Operand::Imm(16 * k));
        let a = b.cvt(CvtOp::Trunc, t, t64, a);
        let a = b.binv(And, t, a, Operand::Imm(0xffff));
        let r = byte_sad(b, w, ref_, a.into(), masked);
        let r = b.binv(And, t, r, Operand::Imm(0xffff));
        let r = b.cvt(CvtOp::Zext, t64, t, r);
        let r = b.binv(Shl, t64, r, Operand::Imm(16 * k));
        res = b.binv(Or, t64, res, r);
    }
    Ok(Out::Wide(res))
}
