//! Single-precision float ALU: FADD, FMUL, FFMA.
//!
//! Modifiers (NAK `sm70_encode.rs`): src0 negate 72 / abs 73; the operand
//! in [32, 64) negate 63 / abs 62, the register in [64, 72) negate 75 /
//! abs 74; `.SAT` 77, rounding [78, 80) (RN RM RP RZ), `.FTZ` 80.

use xisa_ir::{CvtOp, FBinOp, FUnOp, Op, Operand, Round, Type};

use super::{bit, bits, LiftError, Lifter, Src};

/// Lifts FADD/FMUL/FFMA; `Ok(false)` for other opcodes.
pub(crate) fn lift(l: &mut Lifter, opcode: u16) -> Result<bool, LiftError> {
    match opcode & 0x1ff {
        0x021 => fbin(l, opcode, FBinOp::Add)?,
        0x020 => fbin(l, opcode, FBinOp::Mul)?,
        0x023 => ffma(l, opcode)?,
        _ => return Ok(false),
    }
    Ok(true)
}

/// One float source: (operand, negate, abs).
type FSrc = (Src, bool, bool);

/// Sources by form, with their negate/abs bits.
fn fsrcs(l: &Lifter, opcode: u16) -> Result<[FSrc; 3], LiftError> {
    let w = l.word;
    let a = (Src::Reg(bits(w, 24, 32) as u8), bit(w, 72), bit(w, 73));
    let r32 = (Src::Reg(bits(w, 32, 40) as u8), bit(w, 63), bit(w, 62));
    let r64 = (Src::Reg(bits(w, 64, 72) as u8), bit(w, 75), bit(w, 74));
    let imm = (Src::Imm(bits(w, 32, 64) as u32), false, false);
    let cb = (
        Src::Cbuf {
            bank: bits(w, 54, 59) as u8,
            off: bits(w, 38, 54) as u32,
        },
        bit(w, 63),
        bit(w, 62),
    );
    let ur = (Src::UReg(bits(w, 32, 38) as u8), bit(w, 63), bit(w, 62));
    let (b, c) = match (opcode >> 9) & 7 {
        1 => (r32, r64),
        2 => (r64, imm),
        3 => (r64, cb),
        4 => (imm, r64),
        5 => (cb, r64),
        6 => (ur, r64),
        7 => (r64, ur),
        f => return Err(l.unsupported(format!("float operand form {f}"))),
    };
    Ok([a, b, c])
}

/// Reads a float source as an `f32` with abs, then negate, applied.
fn fval(l: &mut Lifter, s: FSrc) -> Result<Operand, LiftError> {
    let v = l.src(s.0)?;
    let mut f = l.cvt(CvtOp::Bitcast, Type::F32, Type::I32, v);
    for (on, op) in [(s.2, FUnOp::Abs), (s.1, FUnOp::Neg)] {
        if on {
            let dst = l.tmp(Type::F32);
            l.emit(Op::FUn {
                op,
                ty: Type::F32,
                ftz: false,
                dst,
                a: f,
            });
            f = dst.into();
        }
    }
    Ok(f)
}

/// Rounding [78, 80) and `.FTZ`; `.SAT` is not lifted.
fn modes(l: &Lifter) -> Result<(Round, bool), LiftError> {
    if bit(l.word, 77) {
        return Err(l.unsupported("float .SAT"));
    }
    let rnd = match bits(l.word, 78, 80) {
        0 => Round::Rn,
        1 => Round::Rm,
        2 => Round::Rp,
        _ => Round::Rz,
    };
    Ok((rnd, bit(l.word, 80)))
}

/// Writes an `f32` result to Rd as its bits.
fn write_f32(l: &mut Lifter, v: Operand) {
    let i = l.cvt(CvtOp::Bitcast, Type::I32, Type::F32, v);
    l.write_gpr(bits(l.word, 16, 24) as u8, i);
}

/// `FADD`/`FMUL Rd, a, b` (FADD's and FMUL's second operand is src1).
fn fbin(l: &mut Lifter, opcode: u16, op: FBinOp) -> Result<(), LiftError> {
    // FMUL scale [84, 87): 4 is "no scale" (NAK encodes it so).
    if op == FBinOp::Mul && !matches!(bits(l.word, 84, 87), 0 | 4) {
        return Err(l.unsupported("FMUL with a scale (.D2/.M2 ...)"));
    }
    let [a, b, _] = fsrcs(l, opcode)?;
    let (rnd, ftz) = modes(l)?;
    let (a, b) = (fval(l, a)?, fval(l, b)?);
    let dst = l.tmp(Type::F32);
    l.emit(Op::FBin {
        op,
        ty: Type::F32,
        rnd,
        ftz,
        dst,
        a,
        b,
    });
    write_f32(l, dst.into());
    Ok(())
}

/// `FFMA Rd, a, b, c` (round to nearest only).
fn ffma(l: &mut Lifter, opcode: u16) -> Result<(), LiftError> {
    let [a, b, c] = fsrcs(l, opcode)?;
    let (rnd, ftz) = modes(l)?;
    if rnd != Round::Rn {
        return Err(l.unsupported("FFMA with a rounding mode other than RN"));
    }
    let (a, b, c) = (fval(l, a)?, fval(l, b)?, fval(l, c)?);
    let dst = l.tmp(Type::F32);
    l.emit(Op::Fma {
        ty: Type::F32,
        ftz,
        dst,
        a,
        b,
        c,
    });
    write_f32(l, dst.into());
    Ok(())
}
