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

/// Decoded ALU sources: (operand, the bit that negates it (0: none), the
/// word bits that hold it) for src0, src1, src2. They are extracted without
/// marking their bits read: [`sv`] / [`sv64`] (and [`neg`]) mark them where
/// an op uses them, so a source an op ignores stays unread and is refused
/// when it is not RZ (`Lifter::check_fields`).
struct Srcs {
    a: Slot,
    b: Slot,
    c: Slot,
}

/// One source slot: operand, negate bit, the bits that encode it.
type Slot = (Src, u32, u128);

/// Whether a source's negate (`-` / `~`) bit is set.
fn neg(l: &Lifter, s: Slot) -> bool {
    s.1 != 0 && bit(l.word, s.1)
}

/// Reads a source (marking its bits read).
fn sv(l: &mut Lifter, s: Slot) -> Result<Operand, LiftError> {
    super::note_read(l.word, s.2);
    l.src(s.0)
}

/// Reads a 64-bit source (marking its bits read).
fn sv64(l: &mut Lifter, s: Slot) -> Result<Operand, LiftError> {
    super::note_read(l.word, s.2);
    l.src64(s.0)
}

/// The operand of a slot, marking its bits read (for ops that inspect it).
fn seen(l: &Lifter, s: Slot) -> Src {
    super::note_read(l.word, s.2);
    s.0
}

/// Bits `[lo, hi)` of `w` without marking them read.
fn peek(w: u128, lo: u32, hi: u32) -> u64 {
    ((w >> lo) & ((1u128 << (hi - lo)) - 1)) as u64
}

/// Splits the operands by form.
fn srcs(l: &Lifter, opcode: u16) -> Result<Srcs, LiftError> {
    let w = l.word;
    let form = (opcode >> 9) & 7;
    let a = (
        Src::Reg(peek(w, 24, 32) as u8),
        72,
        crate::rules::range_mask(24, 32),
    );
    let r32 = (
        Src::Reg(peek(w, 32, 40) as u8),
        63,
        crate::rules::range_mask(32, 40),
    );
    let r64 = (
        Src::Reg(peek(w, 64, 72) as u8),
        75,
        crate::rules::range_mask(64, 72),
    );
    let imm = (
        Src::Imm(peek(w, 32, 64) as u32),
        0,
        crate::rules::range_mask(32, 64),
    );
    let cb = (
        Src::Cbuf {
            bank: peek(w, 54, 59) as u8,
            off: peek(w, 38, 54) as u32,
        },
        63,
        crate::rules::range_mask(38, 59),
    );
    let ur = (
        Src::UReg(peek(w, 32, 38) as u8),
        63,
        crate::rules::range_mask(32, 38),
    );
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
    // UFLO (0x2bd, 0x8bd): FLO on the uniform datapath; nvdisasm requires
    // bit 91 (as for the other uniform ops) and prints the predicate output
    // [81, 84), whose meaning is not known: refused unless UPT.
    if matches!(opcode, 0x2bd | 0x8bd) {
        l.uniform = true;
        if !bit(l.word, 91) || bits(l.word, 81, 84) != 7 {
            return Err(
                l.unsupported("UFLO without bit 91 or with a predicate output other than UPT")
            );
        }
        let s = srcs(l, opcode)?;
        flo(l, &s)?;
        return Ok(true);
    }
    // UPOPC (0x2bf, 0x8bf): POPC on the uniform datapath (bit 91 set).
    if matches!(opcode, 0x2bf | 0x8bf) {
        l.uniform = true;
        if !bit(l.word, 91) {
            return Err(l.unsupported("UPOPC without bit 91"));
        }
        let s = srcs(l, opcode)?;
        unary(l, &s, UnOp::Popc)?;
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
            | 0x003
            | 0x004
            | 0x014
            | 0x015
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
            | 0x01b
            | 0x01c
            | 0x01f
            | 0x038
            | 0x024
            | 0x026
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
        0x003 if !uniform => p2r(l, &s)?,
        0x004 if !uniform => r2p(l, &s)?,
        0x014 if !uniform => vabsdiff(l, &s)?,
        0x015 if !uniform => vabsdiff4(l, &s)?,
        0x003 | 0x004 | 0x014 | 0x015 => {
            return Err(l.unsupported(format!("uniform form {opcode:#05x} of P2R/R2P/VABSDIFF")))
        }
        0x007 => sel(l, &s)?,
        0x00c => isetp(l, &s)?,
        0x010 => iadd3(l, &s)?,
        0x011 => lea(l, &s, opcode)?,
        0x012 => lop3(l, &s)?,
        0x013 => unary(l, &s, UnOp::Abs)?,
        0x016 => prmt(l, &s)?,
        0x017 => imnmx(l, &s)?,
        0x019 => shf(l, &s)?,
        0x01a => sgxt(l, &s)?,
        0x01b if !uniform => bmsk(l, &s, opcode)?,
        0x026 if !uniform => idp(l, &s, opcode)?,
        0x01b | 0x026 => {
            return Err(l.unsupported(format!(
                "uniform form {opcode:#05x} of BMSK/IDP (layout not known)"
            )))
        }
        0x01c => plop3(l),
        0x01f if !uniform => plop3_sign(l, &s, opcode)?,
        0x038 if !uniform => i2i_sat(l, &s, opcode)?,
        0x01f | 0x038 => {
            return Err(l.unsupported(format!(
                "uniform form {opcode:#05x} of PLOP3 .SIGN / I2I (not known)"
            )))
        }
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

/// A predicate source at `[lo, lo+3)` with negate bit `neg`.
fn pred_at(l: &mut Lifter, lo: u32, neg: u32) -> Operand {
    let w = l.word;
    l.read_pred(bits(w, lo, lo + 3) as u8, bit(w, neg))
}

/// `MOV Rd, src1`.
fn mov(l: &mut Lifter, s: &Srcs) -> Result<(), LiftError> {
    let v = sv(l, s.b)?;
    l.write_gpr(rd(l), v);
    Ok(())
}

/// `SEL Rd, a, b, P`: P ? a : b.
fn sel(l: &mut Lifter, s: &Srcs) -> Result<(), LiftError> {
    let a = sv(l, s.a)?;
    let b = sv(l, s.b)?;
    let p = pred_at(l, 87, 90);
    let r = l.select(Type::I32, p, a, b);
    l.write_gpr(rd(l), r);
    Ok(())
}

/// `IABS`, `POPC`, `BREV` of src1. POPC's source may be inverted (`~`,
/// the src1 negate bit); IABS and BREV have no such modifier (nvdisasm
/// prints nothing for the bit), so it is not read for them.
fn unary(l: &mut Lifter, s: &Srcs, op: UnOp) -> Result<(), LiftError> {
    let mut a = sv(l, s.b)?;
    if op == UnOp::Popc && neg(l, s.b) {
        a = l.bin32(BinOp::Xor, a, Operand::Imm(0xffff_ffff));
    }
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

/// The byte select `.B0..B3` of P2R/R2P ([76, 78)) as a bit shift.
fn byte_shift(l: &Lifter) -> u64 {
    8 * bits(l.word, 76, 78)
}

/// `P2R[.Bn] Rd, PR, Ra, mask`: `P0..P6` (bit i = Pi) masked by `mask`,
/// placed at byte n of Rd. Only the form whose merge source Ra is RZ and
/// whose mask names only P0..P6 (an immediate) is lifted: which bits of Ra
/// survive (the masked ones or the whole byte) and what bit 7 (PT) reads
/// are not known, and ptxas 12.9 emits neither.
fn p2r(l: &mut Lifter, s: &Srcs) -> Result<(), LiftError> {
    let (Src::Reg(255), Src::Imm(mask)) = (seen(l, s.a), seen(l, s.b)) else {
        return Err(l.unsupported("P2R with a merge source other than RZ or a non-immediate mask"));
    };
    if mask & !0x7f != 0 {
        return Err(l.unsupported(format!("P2R mask {mask:#x} beyond P0..P6")));
    }
    let mut v = Operand::Imm(0);
    for i in 0..7u8 {
        if mask & (1 << i) == 0 {
            continue;
        }
        let p = l.read_pred_file(File::P, i, false);
        let b = l.select(Type::I32, p, Operand::Imm(1 << i), Operand::Imm(0));
        v = match v {
            Operand::Imm(0) => b,
            v => l.bin32(BinOp::Or, v, b),
        };
    }
    let sh = byte_shift(l);
    if sh != 0 && v != Operand::Imm(0) {
        v = l.bin32(BinOp::Shl, v, Operand::Imm(sh));
    }
    l.write_gpr(rd(l), v);
    Ok(())
}

/// `R2P PR, Ra[.Bn], mask`: for each i in 0..7 whose mask bit is set, Pi =
/// bit (8n + i) of Ra. The mask may be a register or constant: each Pi keeps
/// its value where the mask bit is clear. Mask bits 7 and up name PT or no
/// predicate and have no effect.
fn r2p(l: &mut Lifter, s: &Srcs) -> Result<(), LiftError> {
    let a = sv(l, s.a)?;
    let mask = sv(l, s.b)?;
    let sh = byte_shift(l);
    // Read every source before writing a predicate.
    let mut vals = Vec::new();
    for i in 0..7u8 {
        let m = match mask {
            Operand::Imm(m) if m & (1 << i) == 0 => continue,
            Operand::Imm(_) => None,
            m => {
                let b = l.bin32(BinOp::And, m, Operand::Imm(1 << i));
                Some(l.icmp(ICond::Ne, Type::I32, b, Operand::Imm(0)))
            }
        };
        let b = l.bin32(BinOp::And, a, Operand::Imm(1 << (sh + u64::from(i))));
        let v = l.icmp(ICond::Ne, Type::I32, b, Operand::Imm(0));
        let v = match m {
            None => v,
            Some(m) => {
                let old = l.read_pred_file(File::P, i, false);
                l.select(Type::I1, m, v, old)
            }
        };
        vals.push((i, v));
    }
    for (i, v) in vals {
        l.write_file(File::P, i, v);
    }
    Ok(())
}

/// `VABSDIFF[.U32] Rd, Ra, Rb, Rc` (PTX `sad`, `__sad`/`__usad`):
/// `|a - b| + c`, the difference of the signed (bit 73 set) or unsigned
/// (`.U32`, bit 73 clear) 32-bit values taken exactly. The predicate output [81, 84) has no known
/// meaning: refused unless PT. There are no source negations (nvdisasm
/// prints none for bits 63, 72, 75; 75 is VABSDIFF4's `.ACC`).
fn vabsdiff(l: &mut Lifter, s: &Srcs) -> Result<(), LiftError> {
    if bits(l.word, 81, 84) != 7 {
        return Err(l.unsupported("VABSDIFF with a predicate output other than PT"));
    }
    let a = sv(l, s.a)?;
    let b = sv(l, s.b)?;
    let c = sv(l, s.c)?;
    // Bit 73 set: signed (printed as plain VABSDIFF); clear: `.U32`.
    let (min, max) = if bit(l.word, 73) {
        (BinOp::MinS, BinOp::MaxS)
    } else {
        (BinOp::MinU, BinOp::MaxU)
    };
    // max - min is the exact difference modulo 2^32.
    let lo = l.bin32(min, a, b);
    let hi = l.bin32(max, a, b);
    let d = l.bin32(BinOp::Sub, hi, lo);
    let r = l.bin32(BinOp::Add, d, c);
    l.write_gpr(rd(l), r);
    Ok(())
}

/// `VABSDIFF4[.U8][.ACC] Rd, Ra, Rb, Rc` (PTX `vabsdiff4`, `__vsadu4`,
/// `__vabsdiffu4`): the absolute differences of the four byte lanes of a
/// and b (`.U8` with bit 73 clear, signed bytes with it set), each exact
/// in 0..=255;
/// `.ACC` (bit 75) gives c plus their sum, else the four differences
/// packed in place. Without `.ACC` Rc must be RZ (ptxas passes RZ; a merge
/// role of c is not known); the predicate output [81, 84) must be PT.
fn vabsdiff4(l: &mut Lifter, s: &Srcs) -> Result<(), LiftError> {
    let acc = bit(l.word, 75);
    if bits(l.word, 81, 84) != 7 {
        return Err(l.unsupported("VABSDIFF4 with a predicate output other than PT"));
    }
    if !acc && seen(l, s.c) != Src::Reg(255) {
        return Err(l.unsupported("VABSDIFF4 without .ACC and with Rc other than RZ"));
    }
    let a = sv(l, s.a)?;
    let b = sv(l, s.b)?;
    let c = sv(l, s.c)?;
    // Bit 73 clear: `.U8`; set: signed bytes (printed without a type).
    let unsigned = !bit(l.word, 73);
    let mut r = if acc { c } else { Operand::Imm(0) };
    for k in 0..4u64 {
        // Byte k of each, zero- or sign-extended to 32 bits.
        let lane = |l: &mut Lifter, v: Operand| {
            let t = l.bin32(BinOp::Shl, v, Operand::Imm(24 - 8 * k));
            let op = if unsigned { BinOp::LShr } else { BinOp::AShr };
            l.bin32(op, t, Operand::Imm(24))
        };
        let x = lane(l, a);
        let y = lane(l, b);
        let lo = l.bin32(BinOp::MinS, x, y);
        let hi = l.bin32(BinOp::MaxS, x, y);
        let d = l.bin32(BinOp::Sub, hi, lo);
        let d = if acc {
            d
        } else {
            l.bin32(BinOp::Shl, d, Operand::Imm(8 * k))
        };
        r = l.bin32(BinOp::Add, r, d);
    }
    l.write_gpr(rd(l), r);
    Ok(())
}

/// `FLO[.U32][.SH] Rd, src1`: index of the leading one (signed: leading
/// bit differing from the sign); `.SH` (bit 74) gives `31 - index`. The
/// source may be inverted (`~`, the src1 negate bit).
fn flo(l: &mut Lifter, s: &Srcs) -> Result<(), LiftError> {
    let mut a = sv(l, s.b)?;
    if neg(l, s.b) {
        a = l.bin32(BinOp::Xor, a, Operand::Imm(0xffff_ffff));
    }
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
    let a = sv(l, s.a)?;
    let b = sv(l, s.b)?;
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
    let (a, b) = (sv(l, s.a)?, sv(l, s.b)?);
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
    let (a, b, c) = (sv(l, s.a)?, sv(l, s.b)?, sv(l, s.c)?);
    let negs = [neg(l, s.a), neg(l, s.b), neg(l, s.c)];
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

/// `LEA[.HI][.X][.SX32] Rd, Pd, a, b[, c], shift[, Pin]`: `(a << shift) + b`;
/// `.HI`: the high word of `(c:a) << shift`, plus `b`, where `.SX32` makes
/// the (hidden) high word `c` the sign of `a` (`a >> 31`); `.X` adds the
/// carry in. Pd is the carry out of the add.
///
/// Modifiers (nvdisasm): `b` is negated (`-b`, or `~b` under `.X`) by bit
/// 63 when it sits in the [32, 64) slot as a register, constant or UR
/// (forms 1, 5, 6); in forms 2, 3, 7 `b` is the register at [64, 72), which
/// has no negate bit (bit 75 is the shift). `-b` is `~b + 1` in 33 bits, so
/// Pd is "no borrow", as for IADD3. `-a` (bit 72) is lifted for the plain
/// form without carry out (`(-a) << s` and `-(a << s)` agree in 32 bits);
/// `~a` (`.X`), `-a` with `.HI` or a carry out, and a negated `c` (bit 63 in
/// forms 3, 7) are refused: which bits they invert is not known.
fn lea(l: &mut Lifter, s: &Srcs, opcode: u16) -> Result<(), LiftError> {
    let w = l.word;
    let sh = bits(w, 75, 80);
    let hi_form = bit(w, 80);
    let x = bit(w, 74);
    let sx32 = bit(w, 73);
    let pd = bits(w, 81, 84) as u8;
    let form = (opcode >> 9) & 7;
    let b_in_slot = matches!(form, 1 | 5 | 6);
    let (a_neg, b_neg) = (neg(l, s.a), b_in_slot && neg(l, s.b));
    let c_neg = matches!(form, 3 | 7) && neg(l, s.c);
    let name = format!(
        "LEA{}{}{}",
        if hi_form { ".HI" } else { "" },
        if x { ".X" } else { "" },
        if sx32 { ".SX32" } else { "" }
    );
    if a_neg && (x || hi_form || pd != 7) {
        return Err(l.unsupported(format!(
            "{name} with a negated first operand ({}a){}",
            if x { "~" } else { "-" },
            if pd != 7 { " and a carry out" } else { "" }
        )));
    }
    if hi_form && c_neg && !sx32 {
        return Err(l.unsupported(format!("{name} with a negated high word (-c)")));
    }
    let a = sv(l, s.a)?;
    let a = if a_neg {
        l.bin32(BinOp::Sub, Operand::Imm(0), a)
    } else {
        a
    };
    let b = sv(l, s.b)?;
    let shifted = if hi_form {
        let c = if sx32 {
            l.bin32(BinOp::AShr, a, Operand::Imm(31))
        } else {
            sv(l, s.c)?
        };
        let v = l.join64(a, c);
        let v = l.bin(BinOp::Shl, Type::I64, v, Operand::Imm(sh));
        let (_, hi) = l.split64(v);
        hi
    } else {
        l.bin32(BinOp::Shl, a, Operand::Imm(sh))
    };
    let xs = l.zext64(shifted);
    let y = match (b_neg, x) {
        (false, _) => l.zext64(b),
        (true, false) => wide(l, b, true),
        (true, true) => {
            let nb = l.bin32(BinOp::Xor, b, Operand::Imm(0xffff_ffff));
            l.zext64(nb)
        }
    };
    let mut sum = l.bin(BinOp::Add, Type::I64, xs, y);
    if x {
        let z = carry_in64(l);
        sum = l.bin(BinOp::Add, Type::I64, sum, z);
    }
    let (lo, hi) = l.split64(sum);
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
    let (a, b, c) = (sv(l, s.a)?, sv(l, s.b)?, sv(l, s.c)?);
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
    // The predicate input and `.PAND` only matter when Pd is written.
    let _ = (bits(w, 87, 91), bit(w, 80));
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
    let mode = bits(l.word, 72, 75);
    let (a, sel, c) = (sv(l, s.a)?, sv(l, s.b)?, sv(l, s.c)?);
    // The non-default modes (nvdisasm: mode [72, 75) = 1 F4E, 2 B4E, 3 RC8,
    // 4 ECL, 5 ECR, 6 RC16; 7 prints INVALID7) pick, by the selector's low
    // two bits, one of four fixed byte selections of `c:a` (PTX ISA `prmt`
    // table, result bytes b3 b2 b1 b0 per selector value 0..3). They are
    // the default mode with the selector `TABLE[sel & 3]`: the four 16-bit
    // selectors packed into one u64, shifted by 16 * (sel & 3).
    let table: u64 = match mode {
        0 => {
            let dst = l.tmp(Type::I32);
            l.emit(Op::Prmt { dst, a, b: c, sel });
            l.write_gpr(rd(l), dst.into());
            return Ok(());
        }
        1 => pack_sel([0x3210, 0x4321, 0x5432, 0x6543]),
        2 => pack_sel([0x5670, 0x6701, 0x7012, 0x0123]),
        3 => pack_sel([0x0000, 0x1111, 0x2222, 0x3333]),
        4 => pack_sel([0x3210, 0x3211, 0x3222, 0x3333]),
        5 => pack_sel([0x0000, 0x1110, 0x2210, 0x3210]),
        6 => pack_sel([0x1010, 0x3232, 0x1010, 0x3232]),
        m => return Err(l.unsupported(format!("PRMT mode {m} (INVALID{m})"))),
    };
    let idx = l.bin32(BinOp::And, sel, Operand::Imm(3));
    let sh = l.bin32(BinOp::Shl, idx, Operand::Imm(4));
    let t = l.bin(BinOp::LShr, Type::I64, Operand::Imm(table), sh);
    let msel = l.cvt(CvtOp::Trunc, Type::I32, Type::I64, t);
    let dst = l.tmp(Type::I32);
    l.emit(Op::Prmt {
        dst,
        a,
        b: c,
        sel: msel,
    });
    l.write_gpr(rd(l), dst.into());
    Ok(())
}

/// Four 16-bit PRMT selectors packed into a `u64`, entry 0 lowest.
const fn pack_sel(t: [u16; 4]) -> u64 {
    t[0] as u64 | (t[1] as u64) << 16 | (t[2] as u64) << 32 | (t[3] as u64) << 48
}

/// `BMSK[.W] Rd, a, b` (PTX `bmsk.clamp` / `bmsk.wrap`; nvdisasm: `.W` bit
/// 75, forms R,R / R,imm / R,c / R,UR): a mask of `b` ones starting at bit
/// `a`. PTX ISA semantics: `.wrap` takes `a & 31` and `b & 31`; `.clamp`
/// gives 0 when `a >= 32` and clamps `b` to 32; bits above 31 are dropped,
/// and a width of 0 gives 0. That is `(~0 << pos) & ~(~0 << (pos + len))`
/// with IR shifts (0 for amounts of 32 or more): `pos + len` cannot wrap
/// when `pos < 32`, and `pos >= 32` makes the first factor 0.
fn bmsk(l: &mut Lifter, s: &Srcs, opcode: u16) -> Result<(), LiftError> {
    let w = l.word;
    let form = (opcode >> 9) & 7;
    if !matches!(form, 1 | 4 | 5 | 6) || bit(w, 91) != (form == 6) {
        return Err(l.unsupported(format!(
            "BMSK form {form} with bit 91 = {} (nvdisasm rejects it or prints a bindless constant)",
            bit(w, 91) as u8
        )));
    }
    let (a, b) = (sv(l, s.a)?, sv(l, s.b)?);
    let (pos, len) = if bit(w, 75) {
        (
            l.bin32(BinOp::And, a, Operand::Imm(31)),
            l.bin32(BinOp::And, b, Operand::Imm(31)),
        )
    } else {
        (a, l.bin32(BinOp::MinU, b, Operand::Imm(32)))
    };
    let lo = l.bin32(BinOp::Shl, Operand::Imm(0xffff_ffff), pos);
    let end = l.bin32(BinOp::Add, pos, len);
    let hi = l.bin32(BinOp::Shl, Operand::Imm(0xffff_ffff), end);
    let nhi = l.bin32(BinOp::Xor, hi, Operand::Imm(0xffff_ffff));
    let r = l.bin32(BinOp::And, lo, nhi);
    l.write_gpr(rd(l), r);
    Ok(())
}

/// `IDP.4A.{U8,S8}.{U8,S8} Rd, a, b, c` and `IDP.2A.{LO,HI}.{U16,S16}.{U8,S8}`
/// (PTX `dp4a` / `dp2a.lo` / `dp2a.hi`; nvdisasm: a signed 73, b signed 74,
/// `-c` 75, `.2A` 76, `.HI` 77 (with `.2A`), forms R,R,R / R,c,R /
/// R,UR,R): `c` plus the products of a's bytes (halves for `.2A`) with
/// b's bytes 0..3 (`.2A`: bytes 0, 1 or, `.HI`, 2, 3), each extended by its
/// signedness, in wrapping 32-bit arithmetic.
fn idp(l: &mut Lifter, s: &Srcs, opcode: u16) -> Result<(), LiftError> {
    let w = l.word;
    let form = (opcode >> 9) & 7;
    let two = bit(w, 76);
    if !matches!(form, 1 | 5 | 6) || bit(w, 91) != (form == 6) || (!two && bit(w, 77)) {
        return Err(l.unsupported(format!(
            "IDP form {form} with bit 91 = {}, bit 77 = {} (nvdisasm rejects it or prints a bindless constant)",
            bit(w, 91) as u8,
            bit(w, 77) as u8
        )));
    }
    let (sa, sb) = (bit(w, 73), bit(w, 74));
    let (a, b, c) = (sv(l, s.a)?, sv(l, s.b)?, sv(l, s.c)?);
    let mut acc = if bit(w, 75) {
        l.bin32(BinOp::Sub, Operand::Imm(0), c)
    } else {
        c
    };
    let (n, awidth, bfirst) = if two {
        (2u64, 16u64, if bit(w, 77) { 2u64 } else { 0 })
    } else {
        (4, 8, 0)
    };
    for i in 0..n {
        let x = field(l, sa, a, i * awidth, awidth);
        let y = field(l, sb, b, (bfirst + i) * 8, 8);
        let dst = l.tmp(Type::I32);
        l.emit(Op::Mad {
            ty: Type::I32,
            dst,
            a: x,
            b: y,
            c: acc,
        });
        acc = dst.into();
    }
    l.write_gpr(rd(l), acc);
    Ok(())
}

/// Bits `[pos, pos + len)` of `v`, sign- or zero-extended to 32 bits.
fn field(l: &mut Lifter, signed: bool, v: Operand, pos: u64, len: u64) -> Operand {
    let dst = l.tmp(Type::I32);
    l.emit(Op::Bfe {
        signed,
        ty: Type::I32,
        dst,
        a: v,
        pos: Operand::Imm(pos),
        len: Operand::Imm(len),
    });
    dst.into()
}

/// `IMNMX[.U32] Rd, a, b, P`: P ? min : max.
fn imnmx(l: &mut Lifter, s: &Srcs) -> Result<(), LiftError> {
    let w = l.word;
    let (a, b) = (sv(l, s.a)?, sv(l, s.b)?);
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
    let (lo, n, hi) = (sv(l, s.a)?, sv(l, s.b)?, sv(l, s.c)?);
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

/// `PLOP3.LUT Pd, Pd2, Ra.SIGN, b.SIGN, Rc.SIGN, lut, lut2` (0x21f, and
/// 0xa1f with a constant `b`): the three-input logic op of the sign bits
/// (bit 31) of three 32-bit sources, as ptxas uses it for the overflow of
/// `add/sub.sat.s32`. Learned with nvdisasm: a [24, 32), b [32, 40) (or the
/// constant at [38, 59)), c [64, 72); the LUT is bits [72, 80) (index
/// a·4 + b·2 + c, as LOP3's), the second LUT [16, 24); Pd [81, 84), Pd2
/// [84, 87). nvdisasm prints no modifier for bits [40, 64) or [87, 91).
/// Other operand forms do not disassemble and are refused.
fn plop3_sign(l: &mut Lifter, s: &Srcs, opcode: u16) -> Result<(), LiftError> {
    let w = l.word;
    if !matches!((opcode >> 9) & 7, 1 | 5) {
        return Err(l.unsupported(format!(
            "PLOP3 .SIGN (opcode {opcode:#05x}): operand form {}",
            (opcode >> 9) & 7
        )));
    }
    let mut signs = Vec::new();
    for src in [s.a, s.b, s.c] {
        let v = sv(l, src)?;
        signs.push(l.icmp(ICond::Slt, Type::I32, v, Operand::Imm(0)));
    }
    let lut = bits(w, 72, 80) as u8;
    lut_preds(l, [signs[0], signs[1], signs[2]], lut);
    Ok(())
}

/// PLOP3's two results: Pd [81, 84) = `lut(a, b, c)`, Pd2 [84, 87) =
/// the second table [16, 24) of the same inputs (PT: not written).
fn lut_preds(l: &mut Lifter, [a, b, c]: [Operand; 3], lut: u8) {
    let w = l.word;
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

/// `I2I.{U8,S8,U16,S16}.S32.SAT Rd, b` (0x238 register, 0x838 immediate,
/// 0xa38 constant): a signed 32-bit source clamped to the range of the
/// narrow type [76, 78) (U8 S8 U16 S16), learned with nvdisasm (no other
/// field changes the text; the source type is always S32 and `.SAT`
/// always printed). The clamped value is written as a 32-bit integer
/// (sign- or zero-extended: the bits above the narrow width are not
/// documented, and ptxas masks or re-extends them before any use).
fn i2i_sat(l: &mut Lifter, s: &Srcs, opcode: u16) -> Result<(), LiftError> {
    if !matches!((opcode >> 9) & 7, 1 | 4 | 5) {
        return Err(l.unsupported(format!(
            "I2I.SAT (opcode {opcode:#05x}): operand form {}",
            (opcode >> 9) & 7
        )));
    }
    let (lo, hi): (i64, i64) = match bits(l.word, 76, 78) {
        0 => (0, 0xff),
        1 => (-0x80, 0x7f),
        2 => (0, 0xffff),
        _ => (-0x8000, 0x7fff),
    };
    let v = sv(l, s.b)?;
    let v = l.bin32(BinOp::MaxS, v, Operand::Imm(lo as u32 as u64));
    let v = l.bin32(BinOp::MinS, v, Operand::Imm(hi as u32 as u64));
    l.write_gpr(rd(l), v);
    Ok(())
}

/// `PLOP3.LUT Pd, Pd2, a, b, c, lut, lut2`: predicate three-input logic.
/// Bit 67 makes c a uniform predicate (`UP0`: nvdisasm; ptxas moves a
/// uniform condition to a P register this way). UPLOP3 reads UP throughout
/// and ignores the bit.
fn plop3(l: &mut Lifter) {
    let w = l.word;
    let a = pred_at(l, 87, 90);
    let b = pred_at(l, 77, 80);
    let c = if !l.uniform && bit(w, 67) {
        l.read_pred_file(File::UP, bits(w, 68, 71) as u8, bit(w, 71))
    } else {
        pred_at(l, 68, 71)
    };
    let lut = (bits(w, 64, 67) | (bits(w, 72, 77) << 3)) as u8;
    lut_preds(l, [a, b, c], lut);
}

/// The carry-in predicate of an `.X` form ([87, 90) + negate 90) as an
/// `i64` 0/1.
fn carry_in64(l: &mut Lifter) -> Operand {
    let p = pred_at(l, 87, 90);
    l.cvt(CvtOp::Zext, Type::I64, Type::I1, p)
}

/// `IMAD[.X] Rd, a, b, c[, Pin]`: `a * b + c` (low word). The C modifier
/// is a negation (`-c`) without `.X` and a bitwise not (`~c`) with it, where
/// the carry in is added: `a * b + ~c + Pin` (ptxas's 64-bit subtractions).
fn imad(l: &mut Lifter, s: &Srcs) -> Result<(), LiftError> {
    let x = bit(l.word, 74);
    // `.U32` (bit 73 clear) or signed: the low word of a·b + c is the same.
    let _ = bit(l.word, 73);
    let (a, b) = (sv(l, s.a)?, sv(l, s.b)?);
    let c = sv(l, s.c)?;
    let c = match (neg(l, s.c), x) {
        (false, _) => c,
        (true, false) => l.bin32(BinOp::Sub, Operand::Imm(0), c),
        (true, true) => l.bin32(BinOp::Xor, c, Operand::Imm(0xffff_ffff)),
    };
    let dst = l.tmp(Type::I32);
    l.emit(Op::Mad {
        ty: Type::I32,
        dst,
        a,
        b,
        c,
    });
    let mut r: Operand = dst.into();
    if x {
        let p = pred_at(l, 87, 90);
        let z = l.cvt(CvtOp::Zext, Type::I32, Type::I1, p);
        r = l.bin32(BinOp::Add, r, z);
    }
    l.write_gpr(rd(l), r);
    Ok(())
}

/// The 64-bit sum `a * b + c (+ Pin with .X)` of IMAD.WIDE / IMAD.HI and its
/// carry out of bit 64 (the carry of the unsigned 64-bit add, which is how
/// ptxas chains them: `IMAD.WIDE.U32 R10, P0, ...` then `IMAD.WIDE.U32.X
/// ..., P0` in `mul.hi.u64`, `IMAD.HI.U32 R16, P1, ...` then `IADD3.X ...,
/// P1` in 64-bit division). `c` is the 64-bit pair. Refused: a negated C
/// (`-c` / `~c` on a 64-bit pair: which words it inverts is not known) and
/// the carry out of the signed forms (whether the product is sign-extended
/// into the adder is not known); ptxas emits neither for the PTX we know.
fn imad64(l: &mut Lifter, s: &Srcs, what: &str) -> Result<Operand, LiftError> {
    let w = l.word;
    let x = bit(w, 74);
    let signed = bit(w, 73);
    let pd = bits(w, 81, 84) as u8;
    if neg(l, s.c) {
        return Err(l.unsupported(format!(
            "{what}{} with a negated C operand ({}c)",
            if x { ".X" } else { "" },
            if x { "~" } else { "-" }
        )));
    }
    if signed && pd != 7 {
        return Err(l.unsupported(format!("signed {what} with a carry-out predicate (P{pd})")));
    }
    let (a, b) = (sv(l, s.a)?, sv(l, s.b)?);
    let c = sv64(l, s.c)?;
    let p = l.tmp(Type::I64);
    l.emit(Op::MulWide {
        signed,
        dst: p,
        a,
        b,
    });
    let mut sum = l.bin(BinOp::Add, Type::I64, p.into(), c);
    let mut carry = if pd != 7 {
        // Unsigned overflow of p + c.
        Some(l.icmp(ICond::Ult, Type::I64, sum, p.into()))
    } else {
        None
    };
    if x {
        let ci = carry_in64(l);
        let s2 = l.bin(BinOp::Add, Type::I64, sum, ci);
        if let Some(c0) = carry {
            // The carry in overflows only an all-ones partial sum.
            let wrap = l.icmp(ICond::Ult, Type::I64, s2, sum);
            carry = Some(l.bin(BinOp::Or, Type::I1, c0, wrap));
        }
        sum = s2;
    }
    if let Some(c) = carry {
        l.write_pred(pd, c);
    }
    Ok(sum)
}

/// `IMAD.WIDE[.U32][.X] Rd, [Pd,] a, b, c[, Pin]`: `ext(a) * ext(b) + c`
/// into the pair Rd (c is a 64-bit pair or a 64-bit constant); Pd is the
/// carry out, Pin the carry in (see [`imad64`]).
fn imad_wide(l: &mut Lifter, s: &Srcs) -> Result<(), LiftError> {
    let r = imad64(l, s, "IMAD.WIDE")?;
    l.write_pair(rd(l), r);
    Ok(())
}

/// `IMAD.HI[.U32][.X] Rd, [Pd,] a, b, c[, Pin]`: high word of `a * b + c`,
/// with `c` the 64-bit pair `R(c):R(c+1)` (ptxas's division idiom passes
/// `RZ:q` there to get `q + umulhi(q, e)`, and the 64-bit multiply-high
/// chains the column sum through it); the product is signed unless `.U32`.
fn imad_hi(l: &mut Lifter, s: &Srcs) -> Result<(), LiftError> {
    let r = imad64(l, s, "IMAD.HI")?;
    let (_, hi) = l.split64(r);
    l.write_gpr(rd(l), hi);
    Ok(())
}
