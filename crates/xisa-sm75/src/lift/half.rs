//! Packed-half (`f16x2`) arithmetic and compares, lifted from their syntax
//! (`view.rs`): HADD2, HMUL2, HFMA2, HSETP2, HSET2.
//!
//! A source is a 32-bit register, constant or uniform register holding two
//! `f16` lanes, read lane by lane, or both lanes from one half with
//! `.H0_H0` / `.H1_H1`; `-x`, `|x|` apply to each lane. An immediate pair
//! is printed as two `f16` operands, lane 1 first (ptxas's `0x40003c00`,
//! lanes 1.0 and 2.0, prints `2, 1`). Each lane rounds once to nearest
//! even; `.FTZ` flushes subnormal `f16` inputs and results, `.SAT` clamps
//! to [0, 1] (NaN to 0). `.F32` on a source reads the register as one
//! `f32` (only HADD2's conversion idiom, [`hadd2_from_f32`]); `.F32` on the
//! head gives an `f32` sum (HADD2, HMUL2: [`hop2_f32`]). HMUL2/HFMA2's `.FMZ`,
//! HSETP2's `.H_AND` and immediate forms the tables do not type (`?`) are
//! refused.

use xisa_ir::op;
use xisa_ir::{BinOp, CvtOp, FBinOp, ICond, Op, Operand, Round, Type};

use super::float::{absneg, compare_mods, cvt_full, fcompare, fop, half_of, saturate, widen_from};
use super::view::{Mods, Val};
use super::{LiftError, LiftFn, Lifter};
use crate::FieldKind;

/// The packed-half ops, by mnemonic.
pub(crate) const OPS: &[(&str, LiftFn)] = &[
    ("HADD2", hadd2),
    ("HMUL2", hmul2),
    ("HFMA2", hfma2),
    ("HSETP2", hsetp2),
    ("HSET2", hset2),
];

/// The prefixes and suffixes a packed source may carry.
const SRC_MODS: [&str; 5] = ["-", "|", "H0_H0", "H1_H1", "F32"];

/// Which half of a source word each lane reads.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Sel {
    /// Lane i reads half i.
    Lanes,
    /// Both lanes read half 0 (`.H0_H0`) or half 1 (`.H1_H1`).
    Both(u64),
    /// The word is one `f32` (`.F32`).
    F32,
}

/// A packed source.
#[derive(Clone, Copy)]
enum HSrc {
    /// A 32-bit word with its select, negate and abs.
    Word {
        v: Operand,
        sel: Sel,
        neg: bool,
        abs: bool,
    },
    /// An immediate pair: lane 0, lane 1 (`f16` bits).
    Pair([u64; 2]),
}

/// Reads the packed source at `pos`; returns it and the position after
/// it (an immediate pair takes two).
fn packed_src(l: &mut Lifter, pos: usize) -> Result<(HSrc, usize), LiftError> {
    let o = l.opnd(pos, &SRC_MODS)?;
    if let Val::Imm(hi) = o.val {
        let lo = l.opnd(pos + 1, &[])?;
        let (Val::Imm(lo_v), Some(FieldKind::F16), Some(FieldKind::F16)) =
            (lo.val, o.imm_kind, lo.imm_kind)
        else {
            return Err(l.unsupported(format!(
                "{}: operands {pos}, {}: not a pair of f16 immediates",
                l.form_name(),
                pos + 1
            )));
        };
        if o.neg || o.abs || !o.sufs.is_empty() {
            return Err(l.unsupported(format!(
                "{}: a modifier on an immediate pair",
                l.form_name()
            )));
        }
        let lane = |v: i64| (v as u64) & 0xffff;
        return Ok((HSrc::Pair([lane(lo_v), lane(hi)]), pos + 2));
    }
    let sel = if o.has("H0_H0") {
        Sel::Both(0)
    } else if o.has("H1_H1") {
        Sel::Both(1)
    } else if o.has("F32") {
        Sel::F32
    } else {
        Sel::Lanes
    };
    let v = l.read_val(pos, &o, false)?;
    Ok((
        HSrc::Word {
            v,
            sel,
            neg: o.neg,
            abs: o.abs,
        },
        pos + 1,
    ))
}

/// One `f16` lane of a packed source.
fn half_lane(l: &mut Lifter, s: HSrc, lane: u64) -> Result<Operand, LiftError> {
    let (v, sel, neg, abs) = match s {
        HSrc::Pair(p) => return Ok(Operand::Imm(p[lane as usize])),
        HSrc::Word { v, sel, neg, abs } => (v, sel, neg, abs),
    };
    let half = match sel {
        Sel::Lanes => lane,
        Sel::Both(h) => h,
        Sel::F32 => {
            return Err(l.unsupported(format!(
                "{}: an .F32 source of a packed-half op",
                l.form_name()
            )))
        }
    };
    let f = half_of(l, v, half == 1);
    Ok(absneg(l, Type::F16, f, neg, abs))
}

/// Flushes a subnormal `f16` (as `i16` bits) to a zero of the same sign.
fn flush16(l: &mut Lifter, h: Operand) -> Operand {
    let e = l.bin(BinOp::And, Type::I16, h, Operand::Imm(0x7c00));
    let z = l.icmp(ICond::Eq, Type::I16, e, Operand::Imm(0));
    let s = l.bin(BinOp::And, Type::I16, h, Operand::Imm(0x8000));
    l.select(Type::I16, z, s, h)
}

/// Flushes a subnormal `f16` operand (`.FTZ`).
fn flush_f16(l: &mut Lifter, x: Operand) -> Operand {
    let i = l.cvt(CvtOp::Bitcast, Type::I16, Type::F16, x);
    let i = flush16(l, i);
    l.cvt(CvtOp::Bitcast, Type::F16, Type::I16, i)
}

/// Packed-half operations.
#[derive(Clone, Copy, PartialEq, Eq)]
enum HOp {
    Add,
    Mul,
    Fma,
}

/// `HADD2[.F32][.FTZ][.SAT] Rd, a, b`.
fn hadd2(l: &mut Lifter) -> Result<(), LiftError> {
    let m = l.mods(&["F32", "FTZ", "SAT"])?;
    if m.has("F32") {
        return hop2_f32(l, &m, FBinOp::Add);
    }
    if l.opnd(1, &SRC_MODS)?.has("F32") {
        return hadd2_from_f32(l, &m, 1, 2);
    }
    if l.opnd(2, &SRC_MODS)?.has("F32") {
        return hadd2_from_f32(l, &m, 2, 1);
    }
    hop2(l, &m, HOp::Add)
}

/// `HMUL2[.F32][.FTZ][.SAT] Rd, a, b`.
fn hmul2(l: &mut Lifter) -> Result<(), LiftError> {
    let m = l.mods(&["F32", "FTZ", "SAT"])?;
    if m.has("F32") {
        return hop2_f32(l, &m, FBinOp::Mul);
    }
    hop2(l, &m, HOp::Mul)
}

/// `HFMA2[.FTZ][.SAT] Rd, a, b, c`.
fn hfma2(l: &mut Lifter) -> Result<(), LiftError> {
    let m = l.mods(&["FTZ", "SAT"])?;
    hop2(l, &m, HOp::Fma)
}

/// The two lanes of `a op b [c]` into Rd.
fn hop2(l: &mut Lifter, m: &Mods, op: HOp) -> Result<(), LiftError> {
    let (sa, next) = packed_src(l, 1)?;
    let (sb, next) = packed_src(l, next)?;
    let sc = if op == HOp::Fma {
        Some(packed_src(l, next)?.0)
    } else {
        None
    };
    let (sat, ftz) = (m.has("SAT"), m.has("FTZ"));
    let mut out = Operand::Imm(0);
    for lane in 0..2u64 {
        let mut a = half_lane(l, sa, lane)?;
        let mut b = half_lane(l, sb, lane)?;
        let mut c = match sc {
            Some(s) => Some(half_lane(l, s, lane)?),
            None => None,
        };
        if ftz {
            for x in [&mut a, &mut b].into_iter().chain(c.as_mut()) {
                *x = flush_f16(l, *x);
            }
        }
        let dst = l.tmp(Type::F16);
        match c {
            Some(c) => l.emit(Op::Fma(op::Fma {
                ty: Type::F16,
                ftz: false,
                dst,
                a,
                b,
                c,
            })),
            None => l.emit(Op::FBin(op::FBin {
                op: if op == HOp::Add {
                    FBinOp::Add
                } else {
                    FBinOp::Mul
                },
                ty: Type::F16,
                rnd: Round::Rn,
                ftz: false,
                dst,
                a,
                b,
            })),
        }
        let r = saturate(l, Type::F16, sat, dst.into());
        let mut i = l.cvt(CvtOp::Bitcast, Type::I16, Type::F16, r);
        if ftz {
            i = flush16(l, i);
        }
        let z = l.cvt(CvtOp::Zext, Type::I32, Type::I16, i);
        let z = if lane == 1 {
            l.bin32(BinOp::Shl, z, Operand::Imm(16))
        } else {
            z
        };
        out = l.bin32(BinOp::Or, out, z);
    }
    l.write_at(0, out)
}

/// `HADD2.F32[.SAT] Rd, a.Hx_Hx, b.Hx_Hx` and `HMUL2.F32[.SAT]`: the sum
/// or product of one half of each source as an `f32`, rounded once (ptxas's
/// half-to-float conversion adds `-RZ`; it folds `cvt.f32.f16` of both
/// factors into an `f32` multiply as HMUL2.F32, where the product of two
/// halves is exact in `f32`). Lane-wise sources, immediate pairs of two
/// different halves and `.FTZ` are refused.
fn hop2_f32(l: &mut Lifter, m: &Mods, op: FBinOp) -> Result<(), LiftError> {
    let name = if op == FBinOp::Add { "HADD2" } else { "HMUL2" };
    if m.has("FTZ") {
        return Err(l.unsupported(format!("{}: {name}.F32.FTZ", l.form_name())));
    }
    let mut halves = Vec::new();
    let mut next = 1;
    for _ in 0..2 {
        let (s, n) = packed_src(l, next)?;
        next = n;
        let h = match s {
            HSrc::Word {
                sel: Sel::Both(h), ..
            } => h,
            // `-RZ` (nvdisasm prints no select on it): both halves are the
            // same (-)0, the sum's identity.
            HSrc::Word {
                sel: Sel::Lanes,
                v: Operand::Imm(0),
                ..
            } => 0,
            // An immediate pair of two equal halves (ptxas's
            // `HMUL2.F32 R0, R0.H0_H0, 0.5, 0.5` for `f32(h) * 0.5`): which
            // lane an unequal pair would give is not documented, so only
            // the equal pair is taken.
            HSrc::Pair([a, b]) if a == b => 0,
            _ => {
                return Err(l.unsupported(format!(
                    "{}: an {name}.F32 source without .H0_H0/.H1_H1 or an equal immediate pair",
                    l.form_name()
                )))
            }
        };
        let f = half_lane(l, s, h)?;
        halves.push(widen_from(l, f, Type::F16));
    }
    let dst = fop(l, op, Type::F32, Round::Rn, false, halves[0], halves[1]);
    // `.SAT`: the f32 sum clamped to [0, 1], NaN to +0 (ptxas's
    // `cvt.sat.f32.f16`).
    let r = saturate(l, Type::F32, m.has("SAT"), dst.into());
    let i = l.cvt(CvtOp::Bitcast, Type::I32, Type::F32, r);
    l.write_at(0, i)
}

/// `HADD2[.SAT] Rd, a.F32, -RZ[.sel]` (or `-RZ[.sel], a.F32`): ptxas's
/// `cvt.rz[.sat].f16.f32`, and its way to build an f16 from an f32
/// constant that f16 holds exactly (`HADD2 R5, -RZ.H0_H0, c[0x2] [0x0].F32`
/// for `__float2half(2.0f)`). With `-0` as the other source (the sum's
/// identity, whichever half is selected) the instruction converts the
/// `f32` a to `f16` in each lane; ptxas uses it for the round-toward-zero
/// conversion (round-to-nearest uses F2F). Any other second source, where
/// the rounding of a true sum would matter, and `.FTZ` are refused.
fn hadd2_from_f32(l: &mut Lifter, m: &Mods, at: usize, other: usize) -> Result<(), LiftError> {
    let b = l.opnd(other, &SRC_MODS)?;
    if m.has("FTZ") || b.val != Val::R(255) || !b.neg || b.abs {
        return Err(l.unsupported(format!(
            "{}: HADD2 with an .F32 source other than `HADD2[.SAT] Rd, Ra.F32, -RZ`",
            l.form_name()
        )));
    }
    let a = l.opnd(at, &SRC_MODS)?;
    let v = l.read_val(at, &a, false)?;
    let f = l.cvt(CvtOp::Bitcast, Type::F32, Type::I32, v);
    let f = absneg(l, Type::F32, f, a.neg, a.abs);
    let h = cvt_full(
        l,
        CvtOp::FtoF,
        Type::F16,
        Type::F32,
        Round::Rz,
        m.has("SAT"),
        false,
        f,
    );
    let i = l.cvt(CvtOp::Bitcast, Type::I16, Type::F16, h);
    let z = l.cvt(CvtOp::Zext, Type::I32, Type::I16, i);
    let hi = l.bin32(BinOp::Shl, z, Operand::Imm(16));
    let out = l.bin32(BinOp::Or, z, hi);
    l.write_at(0, out)
}

/// The two lanes' `a CMP b BOP acc` of HSETP2/HSET2, a at operand
/// `a_pos`, the accumulator after b; and the head.
fn hcompare(l: &mut Lifter, a_pos: usize) -> Result<([Operand; 2], Mods), LiftError> {
    let (m, cmp, bop) = compare_mods(l, &[])?;
    let (sa, next) = packed_src(l, a_pos)?;
    let (sb, next) = packed_src(l, next)?;
    let acc = l.pred_at(next)?;
    let ftz = m.has("FTZ");
    let mut out = [Operand::Imm(0); 2];
    for lane in 0..2u64 {
        let mut a = half_lane(l, sa, lane)?;
        let mut b = half_lane(l, sb, lane)?;
        if ftz {
            a = flush_f16(l, a);
            b = flush_f16(l, b);
        }
        let r = fcompare(l, Type::F16, cmp, false, a, b);
        out[lane as usize] = l.bin(bop, Type::I1, r, acc);
    }
    Ok((out, m))
}

/// `HSETP2.CMP[.FTZ].BOP Pd, Pd2, a, b, Pacc`: the low lanes' compare BOP
/// acc into Pd, the high lanes' into Pd2 (PTX `setp.f16x2 p|q`).
fn hsetp2(l: &mut Lifter) -> Result<(), LiftError> {
    // Both results are computed before either is written: Pd may be the
    // accumulator.
    let ([p0, p1], m) = hcompare(l, 2)?;
    if m.has("BF") {
        return Err(l.unsupported(format!("{}: HSETP2.BF", l.form_name())));
    }
    l.write_pred_at(0, p0)?;
    l.write_pred_at(1, p1)
}

/// `HSET2[.BF].CMP[.FTZ].BOP Rd, a, b, Pacc` (PTX
/// `set.CmpOp.BoolOp.dtype.f16x2`): each lane of Rd is its `a CMP b BOP
/// acc`, as `0xffff`/0 (PTX `.u32` dtype, CUDA's `__heq2_mask`) or, with
/// `.BF` (PTX `.f16x2` dtype), `f16` 1.0/0.0 (`0x3c00`/0).
fn hset2(l: &mut Lifter) -> Result<(), LiftError> {
    let ([p0, p1], m) = hcompare(l, 1)?;
    let one = if m.has("BF") { 0x3c00 } else { 0xffff };
    let lo = l.select(Type::I32, p0, Operand::Imm(one), Operand::Imm(0));
    let hi = l.select(Type::I32, p1, Operand::Imm(one << 16), Operand::Imm(0));
    let r = l.bin32(BinOp::Or, lo, hi);
    l.write_at(0, r)
}
