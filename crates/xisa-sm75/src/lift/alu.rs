//! Integer ALU instructions (vector and uniform datapath).
//!
//! Operand forms (opcode bits [9, 12), NAK `encode_alu_base`): 1 R,R,R;
//! 2 imm32 as src2; 3 cbuf as src2; 4 imm32 as src1; 5 cbuf as src1; 6 UR
//! as src1; 7 UR as src2. src0 is [24, 32) (negate 72); the operand in the
//! [32, 64) slot negates with bit 63, the register in [64, 72) with bit 75.
//! Uniform ops are the vector op with bit 7 of the opcode set; their
//! registers are UR/UP.

use xisa_ir::{BinOp, CvtOp, ICond, Op, Operand, Type, UnOp};

use super::{bit, bits, File, LiftError, Lifter, Src};

/// Decoded ALU sources: (operand, negate) for src0, src1, src2.
struct Srcs {
    a: (Src, bool),
    b: (Src, bool),
    c: (Src, bool),
}

/// The constant-bank operand in bits [32, 64): offset [38, 54), bank [54, 59).
fn cbuf_at(w: u128) -> Src {
    Src::Cbuf {
        bank: bits(w, 54, 59) as u8,
        off: bits(w, 38, 54) as u32,
    }
}

/// Splits the operands by form.
fn srcs(l: &Lifter, opcode: u16) -> Result<Srcs, LiftError> {
    let w = l.word;
    let form = (opcode >> 9) & 7;
    let a = (Src::Reg(bits(w, 24, 32) as u8), bit(w, 72));
    let r32 = (Src::Reg(bits(w, 32, 40) as u8), bit(w, 63));
    let r64 = (Src::Reg(bits(w, 64, 72) as u8), bit(w, 75));
    let imm = (Src::Imm(bits(w, 32, 64) as u32), false);
    let cb = (cbuf_at(w), bit(w, 63));
    let ur = (Src::UReg(bits(w, 32, 38) as u8), bit(w, 63));
    let (b, c) = match form {
        1 => (r32, r64),
        2 => (r64, imm),
        3 => (r64, cb),
        4 => (imm, r64),
        5 => (cb, r64),
        6 => (ur, r64),
        7 => (r64, ur),
        _ => return Err(l.unsupported(format!("ALU operand form {form}"))),
    };
    Ok(Srcs { a, b, c })
}

/// Lifts an integer ALU instruction; `Ok(false)` when `opcode` is not one.
pub(crate) fn lift(l: &mut Lifter, opcode: u16) -> Result<bool, LiftError> {
    if opcode == 0x3c2 {
        // R2UR URd, Ra.
        let v = l.read_file(File::R, bits(l.word, 24, 32) as u8);
        l.write_file(File::UR, bits(l.word, 16, 24) as u8, v);
        return Ok(true);
    }
    let op9 = opcode & 0x1ff;
    // 0x1xx ops (FLO, POPC, BREV, ...) have no uniform twin at op | 0x80.
    let (base, uniform) = if op9 & 0x100 == 0 {
        (op9 & !0x80, op9 & 0x80 != 0)
    } else {
        (op9, false)
    };
    let handled = matches!(
        base,
        0x002
            | 0x007
            | 0x00c
            | 0x010
            | 0x011
            | 0x012
            | 0x013
            | 0x016
            | 0x017
            | 0x019
            | 0x01a
            | 0x01c
            | 0x024
            | 0x025
            | 0x027
            | 0x100
            | 0x101
            | 0x109
    );
    if !handled {
        return Ok(false);
    }
    l.uniform = uniform;
    let s = srcs(l, opcode)?;
    match base {
        0x002 => mov(l, &s)?,
        0x007 => sel(l, &s)?,
        0x00c => isetp(l, &s)?,
        0x010 => iadd3(l, &s)?,
        0x011 => lea(l, &s)?,
        0x012 => lop3(l, &s)?,
        0x013 => unary(l, &s, UnOp::Abs)?,
        0x016 => prmt(l, &s)?,
        0x017 => imnmx(l, &s)?,
        0x019 => shf(l, &s)?,
        0x01a => sgxt(l, &s)?,
        0x01c => plop3(l),
        0x024 => imad(l, &s)?,
        0x025 => imad_wide(l, &s)?,
        0x027 => imad_hi(l, &s)?,
        0x100 => flo(l, &s)?,
        0x101 => unary(l, &s, UnOp::Brev)?,
        _ => unary(l, &s, UnOp::Popc)?,
    }
    Ok(true)
}

/// Destination register [16, 24).
fn rd(l: &Lifter) -> u8 {
    bits(l.word, 16, 24) as u8
}

/// A source value with two's-complement negation applied.
fn val(l: &mut Lifter, s: (Src, bool)) -> Result<Operand, LiftError> {
    let v = l.src(s.0)?;
    Ok(if s.1 {
        l.bin32(BinOp::Sub, Operand::Imm(0), v)
    } else {
        v
    })
}

/// A predicate source at `[lo, lo+3)` with negate bit `neg`.
fn pred_at(l: &mut Lifter, lo: u32, neg: u32) -> Operand {
    let w = l.word;
    l.read_pred(bits(w, lo, lo + 3) as u8, bit(w, neg))
}

/// `MOV Rd, src1`.
fn mov(l: &mut Lifter, s: &Srcs) -> Result<(), LiftError> {
    let v = l.src(s.b.0)?;
    l.write_gpr(rd(l), v);
    Ok(())
}

/// `SEL Rd, a, b, P`: P ? a : b.
fn sel(l: &mut Lifter, s: &Srcs) -> Result<(), LiftError> {
    let a = l.src(s.a.0)?;
    let b = l.src(s.b.0)?;
    let p = pred_at(l, 87, 90);
    let r = l.select(Type::I32, p, a, b);
    l.write_gpr(rd(l), r);
    Ok(())
}

/// `IABS`, `POPC`, `BREV` of src1.
fn unary(l: &mut Lifter, s: &Srcs, op: UnOp) -> Result<(), LiftError> {
    let a = l.src(s.b.0)?;
    let dst = l.tmp(Type::I32);
    l.emit(Op::Un {
        op,
        ty: Type::I32,
        dst,
        a,
    });
    l.write_gpr(rd(l), dst.into());
    Ok(())
}

/// `FLO[.U32][.SH] Rd, src1`: index of the leading one (signed: leading
/// bit differing from the sign); `.SH` (bit 74) gives `31 - index`.
fn flo(l: &mut Lifter, s: &Srcs) -> Result<(), LiftError> {
    let a = l.src(s.b.0)?;
    let op = if bit(l.word, 73) {
        UnOp::FloS
    } else {
        UnOp::FloU
    };
    let dst = l.tmp(Type::I32);
    l.emit(Op::Un {
        op,
        ty: Type::I32,
        dst,
        a,
    });
    let mut r: Operand = dst.into();
    if bit(l.word, 74) {
        let none = l.icmp(ICond::Eq, Type::I32, r, Operand::Imm(0xffff_ffff));
        let sh = l.bin32(BinOp::Sub, Operand::Imm(31), r);
        r = l.select(Type::I32, none, r, sh);
    }
    l.write_gpr(rd(l), r);
    Ok(())
}

/// The `ISETP`/`IMNMX` comparison `cmp` (F LT EQ LE GT NE GE T).
fn compare(l: &mut Lifter, cmp: u64, signed: bool, a: Operand, b: Operand) -> Operand {
    let c = match (cmp, signed) {
        (0, _) => return Operand::Imm(0),
        (7, _) => return Operand::Imm(1),
        (1, true) => ICond::Slt,
        (1, false) => ICond::Ult,
        (2, _) => ICond::Eq,
        (3, true) => ICond::Sle,
        (3, false) => ICond::Ule,
        (4, true) => ICond::Sgt,
        (4, false) => ICond::Ugt,
        (5, _) => ICond::Ne,
        (6, true) => ICond::Sge,
        _ => ICond::Uge,
    };
    l.icmp(c, Type::I32, a, b)
}

/// Combines a compare result with the accumulator by the bool op
/// (AND OR XOR).
fn boolop(l: &mut Lifter, op: u64, r: Operand, acc: Operand) -> Operand {
    let bop = match op {
        0 => BinOp::And,
        1 => BinOp::Or,
        _ => BinOp::Xor,
    };
    l.bin(bop, Type::I1, r, acc)
}

/// `ISETP.CMP[.U32].BOP Pd, Pd2, a, b, Pacc`: Pd = cmp BOP acc,
/// Pd2 = !cmp BOP acc (PTX `setp` with two destinations).
fn isetp(l: &mut Lifter, s: &Srcs) -> Result<(), LiftError> {
    let w = l.word;
    let a = l.src(s.a.0)?;
    let b = l.src(s.b.0)?;
    let cmp = bits(w, 76, 79);
    let mut r = compare(l, cmp, bit(w, 73), a, b);
    if bit(w, 72) {
        // .EX: the high words of a 64-bit compare; the low words' result
        // (same comparison, unsigned) is the predicate [68, 71) + negate 71.
        // EQ: hi == && low; NE: hi != || low; orderings: strict on the high
        // words, or equal high words and the low result.
        let low = pred_at(l, 68, 71);
        r = match cmp {
            0 | 7 => r,
            2 => l.bin(BinOp::And, Type::I1, r, low),
            5 => l.bin(BinOp::Or, Type::I1, r, low),
            _ => {
                let strict = match cmp {
                    1 | 3 => 1,
                    _ => 4,
                };
                let st = compare(l, strict, bit(w, 73), a, b);
                let eq = l.icmp(ICond::Eq, Type::I32, a, b);
                let el = l.bin(BinOp::And, Type::I1, eq, low);
                l.bin(BinOp::Or, Type::I1, st, el)
            }
        };
    }
    let acc = pred_at(l, 87, 90);
    let op = bits(w, 74, 76);
    let p1 = boolop(l, op, r, acc);
    let nr = l.bin(BinOp::Xor, Type::I1, r, Operand::Imm(1));
    let p2 = boolop(l, op, nr, acc);
    l.write_pred(bits(w, 81, 84) as u8, p1);
    l.write_pred(bits(w, 84, 87) as u8, p2);
    Ok(())
}

/// `SGXT[.W][.U32] Rd, a, b`: sign- (or, `.U32` clear bit 73, zero-)
/// extends the low `n` bits of `a`, `n = b` clamped to 32 (`.W`, bit 75:
/// `b mod 32`); `n = 0` gives 0 (PTX `szext`).
fn sgxt(l: &mut Lifter, s: &Srcs) -> Result<(), LiftError> {
    let w = l.word;
    let (a, b) = (l.src(s.a.0)?, l.src(s.b.0)?);
    let n = if bit(w, 75) {
        l.bin32(BinOp::And, b, Operand::Imm(31))
    } else {
        l.bin32(BinOp::MinU, b, Operand::Imm(32))
    };
    let sh = l.bin32(BinOp::Sub, Operand::Imm(32), n);
    let up = l.bin32(BinOp::Shl, a, sh);
    let op = if bit(w, 73) { BinOp::AShr } else { BinOp::LShr };
    let r = l.bin32(op, up, sh);
    l.write_gpr(rd(l), r);
    Ok(())
}

/// A 32-bit source zero-extended to 64 bits; `neg` as two's complement in
/// 33 bits (`~x + 1`), so the carry out of `a + (-b)` is "no borrow".
fn wide(l: &mut Lifter, v: Operand, neg: bool) -> Operand {
    if !neg {
        return l.zext64(v);
    }
    let n = l.bin32(BinOp::Xor, v, Operand::Imm(0xffff_ffff));
    let z = l.zext64(n);
    l.bin(BinOp::Add, Type::I64, z, Operand::Imm(1))
}

/// `IADD3[.X] Rd, Pc0, Pc1, a, b, c[, Pin0, Pin1]`: three-input add with
/// carry outs (first: carry of the sum; second: when it carries twice) and,
/// with `.X`, carry ins (the negate bits then mean bitwise not).
fn iadd3(l: &mut Lifter, s: &Srcs) -> Result<(), LiftError> {
    let w = l.word;
    let x = bit(w, 74);
    let p0 = bits(w, 81, 84) as u8;
    let p1 = bits(w, 84, 87) as u8;
    let (a, b, c) = (l.src(s.a.0)?, l.src(s.b.0)?, l.src(s.c.0)?);
    let negs = [s.a.1, s.b.1, s.c.1];
    let ops = [a, b, c];
    let mut terms = Vec::with_capacity(5);
    for (v, n) in ops.into_iter().zip(negs) {
        terms.push(if x {
            let v = if n {
                l.bin32(BinOp::Xor, v, Operand::Imm(0xffff_ffff))
            } else {
                v
            };
            l.zext64(v)
        } else {
            wide(l, v, n)
        });
    }
    if x {
        for (lo, neg) in [(87, 90), (77, 80)] {
            let p = pred_at(l, lo, neg);
            let z = l.cvt(CvtOp::Zext, Type::I64, Type::I1, p);
            terms.push(z);
        }
    }
    let mut sum = terms[0];
    for t in &terms[1..] {
        sum = l.bin(BinOp::Add, Type::I64, sum, *t);
    }
    let (lo, hi) = l.split64(sum);
    if p0 != 7 {
        let c0 = l.icmp(ICond::Ne, Type::I32, hi, Operand::Imm(0));
        l.write_pred(p0, c0);
    }
    if p1 != 7 {
        let c1 = l.icmp(ICond::Ugt, Type::I32, hi, Operand::Imm(1));
        l.write_pred(p1, c1);
    }
    l.write_gpr(rd(l), lo);
    Ok(())
}

/// `LEA[.HI][.X] Rd, Pc, a, b[, c], shift[, Pin]`: `(a << shift) + b`;
/// `.HI`: high word of `(c:a) << shift`, plus `b`; `.X` adds the carry in.
fn lea(l: &mut Lifter, s: &Srcs) -> Result<(), LiftError> {
    let w = l.word;
    let sh = bits(w, 75, 80);
    let a = val(l, s.a)?;
    let b = l.src(s.b.0)?;
    let shifted = if bit(w, 80) {
        let c = l.src(s.c.0)?;
        let v = l.join64(a, c);
        let v = l.bin(BinOp::Shl, Type::I64, v, Operand::Imm(sh));
        let (_, hi) = l.split64(v);
        hi
    } else {
        l.bin32(BinOp::Shl, a, Operand::Imm(sh))
    };
    let x = l.zext64(shifted);
    let y = l.zext64(b);
    let mut sum = l.bin(BinOp::Add, Type::I64, x, y);
    if bit(w, 74) {
        let p = pred_at(l, 87, 90);
        let z = l.cvt(CvtOp::Zext, Type::I64, Type::I1, p);
        sum = l.bin(BinOp::Add, Type::I64, sum, z);
    }
    let (lo, hi) = l.split64(sum);
    let pd = bits(w, 81, 84) as u8;
    if pd != 7 {
        let c = l.icmp(ICond::Ne, Type::I32, hi, Operand::Imm(0));
        l.write_pred(pd, c);
    }
    l.write_gpr(rd(l), lo);
    Ok(())
}

/// `LOP3.LUT [Pd,] Rd, a, b, c, lut, Pin`: Pd = (result != 0) OR Pin
/// (`.PAND`, bit 80: AND Pin).
fn lop3(l: &mut Lifter, s: &Srcs) -> Result<(), LiftError> {
    let w = l.word;
    let (a, b, c) = (l.src(s.a.0)?, l.src(s.b.0)?, l.src(s.c.0)?);
    let dst = l.tmp(Type::I32);
    l.emit(Op::Lop3 {
        ty: Type::I32,
        dst,
        a,
        b,
        c,
        lut: bits(w, 72, 80) as u8,
    });
    let pd = bits(w, 81, 84) as u8;
    if pd != 7 {
        let nz = l.icmp(ICond::Ne, Type::I32, dst.into(), Operand::Imm(0));
        let pin = pred_at(l, 87, 90);
        let op = if bit(w, 80) { BinOp::And } else { BinOp::Or };
        let p = l.bin(op, Type::I1, nz, pin);
        l.write_pred(pd, p);
    }
    l.write_gpr(rd(l), dst.into());
    Ok(())
}

/// `PRMT Rd, a, sel, c` (default mode only): bytes of `c:a` by `sel`.
fn prmt(l: &mut Lifter, s: &Srcs) -> Result<(), LiftError> {
    if bits(l.word, 72, 75) != 0 {
        return Err(l.unsupported("PRMT with a non-default mode"));
    }
    let (a, sel, c) = (l.src(s.a.0)?, l.src(s.b.0)?, l.src(s.c.0)?);
    let dst = l.tmp(Type::I32);
    l.emit(Op::Prmt { dst, a, b: c, sel });
    l.write_gpr(rd(l), dst.into());
    Ok(())
}

/// `IMNMX[.U32] Rd, a, b, P`: P ? min : max.
fn imnmx(l: &mut Lifter, s: &Srcs) -> Result<(), LiftError> {
    let w = l.word;
    let (a, b) = (l.src(s.a.0)?, l.src(s.b.0)?);
    let signed = bit(w, 73);
    let (mn, mx) = if signed {
        (BinOp::MinS, BinOp::MaxS)
    } else {
        (BinOp::MinU, BinOp::MaxU)
    };
    let p = pred_at(l, 87, 90);
    let r = match p {
        Operand::Imm(1) => l.bin32(mn, a, b),
        Operand::Imm(_) => l.bin32(mx, a, b),
        _ => {
            let x = l.bin32(mn, a, b);
            let y = l.bin32(mx, a, b);
            l.select(Type::I32, p, x, y)
        }
    };
    l.write_gpr(rd(l), r);
    Ok(())
}

/// `SHF.{L,R}[.W].{S64,U64,S32,U32}[.HI] Rd, lo, shift, hi`: shift the
/// 64-bit value `hi:lo`; the result is its low word, or high word with `.HI`.
/// `.W` wraps the amount (mod 32 / 64), otherwise it clamps.
fn shf(l: &mut Lifter, s: &Srcs) -> Result<(), LiftError> {
    let w = l.word;
    let ty = bits(w, 73, 75);
    let width: u64 = if ty >= 2 { 32 } else { 64 };
    let signed = ty == 0 || ty == 2;
    let (lo, n, hi) = (l.src(s.a.0)?, l.src(s.b.0)?, l.src(s.c.0)?);
    let n = if bit(w, 75) {
        l.bin32(BinOp::And, n, Operand::Imm(width - 1))
    } else {
        l.bin32(BinOp::MinU, n, Operand::Imm(width))
    };
    let v = l.join64(lo, hi);
    // IR shift amounts are i32.
    let r = if bit(w, 76) {
        let op = if signed { BinOp::AShr } else { BinOp::LShr };
        l.bin(op, Type::I64, v, n)
    } else {
        l.bin(BinOp::Shl, Type::I64, v, n)
    };
    let (rlo, rhi) = l.split64(r);
    l.write_gpr(rd(l), if bit(w, 80) { rhi } else { rlo });
    Ok(())
}

/// `PLOP3.LUT Pd, Pd2, a, b, c, lut, lut2`: predicate three-input logic.
fn plop3(l: &mut Lifter) {
    let w = l.word;
    let a = pred_at(l, 87, 90);
    let b = pred_at(l, 77, 80);
    let c = pred_at(l, 68, 71);
    let lut = (bits(w, 64, 67) | (bits(w, 72, 77) << 3)) as u8;
    let lut2 = bits(w, 16, 24) as u8;
    for (pd, lut) in [(bits(w, 81, 84) as u8, lut), (bits(w, 84, 87) as u8, lut2)] {
        if pd == 7 {
            continue;
        }
        let dst = l.tmp(Type::I1);
        l.emit(Op::Lop3 {
            ty: Type::I1,
            dst,
            a,
            b,
            c,
            lut,
        });
        l.write_pred(pd, dst.into());
    }
}

/// `IMAD[.X] Rd, a, b, c[, Pin]`: `a * b + c` (+ carry in with `.X`).
fn imad(l: &mut Lifter, s: &Srcs) -> Result<(), LiftError> {
    let (a, b) = (l.src(s.a.0)?, l.src(s.b.0)?);
    let c = val(l, s.c)?;
    let dst = l.tmp(Type::I32);
    l.emit(Op::Mad {
        ty: Type::I32,
        dst,
        a,
        b,
        c,
    });
    let mut r: Operand = dst.into();
    if bit(l.word, 74) {
        let p = pred_at(l, 87, 90);
        let z = l.cvt(CvtOp::Zext, Type::I32, Type::I1, p);
        r = l.bin32(BinOp::Add, r, z);
    }
    l.write_gpr(rd(l), r);
    Ok(())
}

/// `IMAD.WIDE[.U32] Rd, a, b, c`: `ext(a) * ext(b) + c` into the pair Rd
/// (c is a 64-bit pair or a 64-bit constant).
fn imad_wide(l: &mut Lifter, s: &Srcs) -> Result<(), LiftError> {
    let (a, b) = (l.src(s.a.0)?, l.src(s.b.0)?);
    let c = l.src64(s.c.0)?;
    let dst = l.tmp(Type::I64);
    l.emit(Op::MulWide {
        signed: bit(l.word, 73),
        dst,
        a,
        b,
    });
    let r = l.bin(BinOp::Add, Type::I64, dst.into(), c);
    l.write_pair(rd(l), r);
    Ok(())
}

/// `IMAD.HI[.U32] Rd, a, b, c`: high word of `a * b + c`, with `c` the
/// 64-bit pair `R(c):R(c+1)` (ptxas's division idiom passes `RZ:q` there to
/// get `q + umulhi(q, e)`); the product is signed unless `.U32`.
fn imad_hi(l: &mut Lifter, s: &Srcs) -> Result<(), LiftError> {
    let (a, b) = (l.src(s.a.0)?, l.src(s.b.0)?);
    let c = l.src64(s.c.0)?;
    let p = l.tmp(Type::I64);
    l.emit(Op::MulWide {
        signed: bit(l.word, 73),
        dst: p,
        a,
        b,
    });
    let sum = l.bin(BinOp::Add, Type::I64, p.into(), c);
    let (_, hi) = l.split64(sum);
    l.write_gpr(rd(l), hi);
    Ok(())
}
