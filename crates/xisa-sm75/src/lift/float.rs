//! `f32`/`f64` arithmetic and compares, lifted from their syntax
//! ([`OPS`], `view.rs`): FADD, FMUL, FFMA, FSETP, FSET, FSEL, FMNMX,
//! DADD, DMUL, DFMA, DSETP and FCHK read modifier tokens and operands by
//! position with `-`/`|`. Conversions and MUFU are in `conv.rs`, packed
//! halves in `half.rs`; both share the helpers here. DADD's second operand
//! is the third slot (`c`), as nvdisasm prints it.
//!
//! Precision choices (documented in `docs/sm75.md`, "Lifter"):
//! * FFMA with a directed rounding (`.RM`/`.RP`/`.RZ`) and FMUL with a scale
//!   (`.D2` ... `.M8`) are computed in `f64`: an `f32` product is exact in
//!   `f64`, and rounding first to `f64` and then to `f32` in the same
//!   direction equals one directed rounding (the `f32` values are a subset of
//!   the `f64` ones), so the result is the correctly rounded one.
//! * MUFU approximations are not bit-specified by NVIDIA; xisa computes them
//!   as the IR's transcendental ops (double precision, rounded once; `rcp`
//!   and `sqrt` correctly rounded) with `.ftz` (MUFU flushes subnormal
//!   inputs and results). `SIN`/`COS` take the argument in turns (ptxas
//!   multiplies by 1/2π before them), so xisa computes `sin(2π·x)` in `f64`.

use xisa_ir::op;
use xisa_ir::{CvtOp, FBinOp, FCond, FUnOp, ICond, Op, Operand, Reg, Round, Type};

use xisa_ir::BinOp;

use super::view::{Mods, Val};
use super::{LiftError, LiftFn, Lifter};
use crate::FieldKind;

/// The `f32`/`f64` arithmetic and compare ops, by mnemonic, lifted from
/// their syntax (`view.rs`).
pub(crate) const OPS: &[(&str, LiftFn)] = &[
    ("FADD", fadd),
    ("FMUL", fmul),
    ("FFMA", ffma),
    ("FSETP", fsetp),
    ("FSET", fset),
    ("FSEL", fsel),
    ("FMNMX", fmnmx),
    ("DADD", dadd),
    ("DMUL", dmul),
    ("DFMA", dfma),
    ("DSETP", dsetp),
    ("FCHK", fchk),
];

/// Rounding tokens (no token: to nearest even).
const ROUNDS: [&str; 3] = ["RM", "RP", "RZ"];

/// The rounding a head names.
fn round_of(m: &Mods) -> Round {
    match m.pick(&ROUNDS) {
        Some("RM") => Round::Rm,
        Some("RP") => Round::Rp,
        Some("RZ") => Round::Rz,
        _ => Round::Rn,
    }
}

/// `.FMZ` (a zero factor gives zero even against Inf/NaN, the D3D rule):
/// ptxas does not emit it for PTX; refused.
fn no_fmz(l: &Lifter, m: &Mods) -> Result<(), LiftError> {
    if m.has("FMZ") {
        return Err(l.unsupported(format!("{}: .FMZ is not lifted", l.form_name())));
    }
    Ok(())
}

/// The select suffixes a source of `width` bits may carry, with the shift
/// each one names.
pub(super) fn selects(width: u32) -> &'static [(&'static str, u64)] {
    match width {
        8 => &[("B1", 8), ("B2", 16), ("B3", 24)],
        16 => &[("H1", 16)],
        _ => &[],
    }
}

/// Refuses an immediate whose field is not of one of `kinds`.
pub(super) fn imm_typed(
    l: &Lifter,
    kind: Option<FieldKind>,
    kinds: &[FieldKind],
) -> Result<(), LiftError> {
    match kind {
        Some(k) if !kinds.contains(&k) => Err(l.unsupported(format!(
            "{}: a {k:?} immediate where the source type takes {kinds:?}",
            l.form_name()
        ))),
        _ => Ok(()),
    }
}

/// Float source `pos` of type `ty` with `|x|`, `-x` (`f16`: the low half,
/// or the high one with `.H1`; `f64`: a pair, a 64-bit constant or an
/// `f64hi` immediate).
pub(super) fn fsrc(l: &mut Lifter, pos: usize, ty: Type) -> Result<Operand, LiftError> {
    let mut known = vec!["-", "|"];
    known.extend(selects(ty.bits()).iter().map(|s| s.0));
    let o = l.opnd(pos, &known)?;
    let f = match ty {
        Type::F64 => {
            imm_typed(l, o.imm_kind, &[FieldKind::F64Hi])?;
            let raw = match o.val {
                Val::Imm(v) => Operand::Imm(v as u64),
                _ => l.read_val(pos, &o, true)?,
            };
            l.cvt(CvtOp::Bitcast, Type::F64, Type::I64, raw)
        }
        Type::F32 => {
            imm_typed(l, o.imm_kind, &[FieldKind::F32])?;
            let raw = l.read_val(pos, &o, false)?;
            l.cvt(CvtOp::Bitcast, Type::F32, Type::I32, raw)
        }
        _ => {
            imm_typed(l, o.imm_kind, &[FieldKind::F16])?;
            let raw = l.read_val(pos, &o, false)?;
            half_of(l, raw, o.has("H1"))
        }
    };
    Ok(absneg(l, ty, f, o.neg, o.abs))
}

/// Writes a float of type `ty` to operand `pos` (`f16`: zero-extended).
pub(super) fn write_float_at(
    l: &mut Lifter,
    pos: usize,
    ty: Type,
    v: Operand,
) -> Result<(), LiftError> {
    match ty {
        Type::F64 => write_f64_at(l, pos, v),
        Type::F32 => write_f32_at(l, pos, v),
        _ => {
            let h = l.cvt(CvtOp::Bitcast, Type::I16, Type::F16, v);
            let i = l.cvt(CvtOp::Zext, Type::I32, Type::I16, h);
            l.write_at(pos, i)
        }
    }
}

/// The low (or, with `high`, the high) half of a 32-bit word as an `f16`.
pub(super) fn half_of(l: &mut Lifter, v: Operand, high: bool) -> Operand {
    let v = if high {
        l.bin32(BinOp::LShr, v, Operand::Imm(16))
    } else {
        v
    };
    let h = l.cvt(CvtOp::Trunc, Type::I16, Type::I32, v);
    l.cvt(CvtOp::Bitcast, Type::F16, Type::I16, h)
}

/// Writes an `f32` to operand `pos` as its bits.
fn write_f32_at(l: &mut Lifter, pos: usize, v: Operand) -> Result<(), LiftError> {
    let i = l.cvt(CvtOp::Bitcast, Type::I32, Type::F32, v);
    l.write_at(pos, i)
}

/// Writes an `f64` to the pair at operand `pos`.
fn write_f64_at(l: &mut Lifter, pos: usize, v: Operand) -> Result<(), LiftError> {
    let i = l.cvt(CvtOp::Bitcast, Type::I64, Type::F64, v);
    l.write_pair_at(pos, i)
}

/// `.SAT`: clamps an `f32` result to [0, 1], NaN to 0.
fn sat_if(l: &mut Lifter, m: &Mods, v: Operand) -> Operand {
    saturate(l, Type::F32, m.has("SAT"), v)
}

/// With `on`, a float of type `ty` clamped to [0, 1] (NaN to +0).
pub(super) fn saturate(l: &mut Lifter, ty: Type, on: bool, v: Operand) -> Operand {
    if !on {
        return v;
    }
    cvt_full(l, CvtOp::FtoF, ty, ty, Round::Rn, true, false, v)
}

/// An `f64` rounded once to `f32` by `rnd`, subnormal results flushed with
/// `ftz` (the results xisa computes in `f64`: FMUL scales, directed FFMA,
/// the MUFU functions).
pub(super) fn narrow(l: &mut Lifter, rnd: Round, ftz: bool, v: Operand) -> Operand {
    cvt_full(l, CvtOp::FtoF, Type::F32, Type::F64, rnd, false, ftz, v)
}

/// `FADD[.FTZ][.RM/.RP/.RZ][.SAT] Rd, a, b`.
fn fadd(l: &mut Lifter) -> Result<(), LiftError> {
    let m = l.mods(&["FTZ", "RM", "RP", "RZ", "SAT"])?;
    let (a, b) = (fsrc(l, 1, Type::F32)?, fsrc(l, 2, Type::F32)?);
    let dst = fop(l, FBinOp::Add, Type::F32, round_of(&m), m.has("FTZ"), a, b);
    let r = sat_if(l, &m, dst.into());
    write_f32_at(l, 0, r)
}

/// The scale tokens of FMUL: the exact product times 2^(n - 4), n = 1..7
/// (`D8` .. `M8`, none = 4), before its one rounding.
const SCALES: [&str; 7] = ["D8", "D4", "D2", "", "M2", "M4", "M8"];

/// `FMUL[.FTZ][.scale][.RM/.RP/.RZ][.SAT] Rd, a, b`; a scale is computed in
/// `f64` (see the module doc).
fn fmul(l: &mut Lifter) -> Result<(), LiftError> {
    let m = l.mods(&[
        "FTZ", "FMZ", "D8", "D4", "D2", "M2", "M4", "M8", "RM", "RP", "RZ", "SAT",
    ])?;
    no_fmz(l, &m)?;
    let (rnd, ftz) = (round_of(&m), m.has("FTZ"));
    let (a, b) = (fsrc(l, 1, Type::F32)?, fsrc(l, 2, Type::F32)?);
    let scale = SCALES
        .iter()
        .position(|s| !s.is_empty() && m.has(s))
        .map_or(4, |i| i as i32 + 1);
    let r = if scale == 4 {
        fop(l, FBinOp::Mul, Type::F32, rnd, ftz, a, b).into()
    } else {
        let factor = 2f64.powi(scale - 4);
        let (x, y) = (widen(l, a, ftz), widen(l, b, ftz));
        let p = fop(l, FBinOp::Mul, Type::F64, Round::Rn, false, x, y);
        let q = fop(
            l,
            FBinOp::Mul,
            Type::F64,
            Round::Rn,
            false,
            p.into(),
            Operand::Imm(factor.to_bits()),
        );
        narrow(l, rnd, ftz, q.into())
    };
    let r = sat_if(l, &m, r);
    write_f32_at(l, 0, r)
}

/// `FFMA[.FTZ][.RM/.RP/.RZ][.SAT] Rd, a, b, c`: one rounding. RN is the IR
/// `fma`; a directed rounding goes through `f64` (see the module doc).
fn ffma(l: &mut Lifter) -> Result<(), LiftError> {
    let m = l.mods(&["FTZ", "FMZ", "RM", "RP", "RZ", "SAT"])?;
    no_fmz(l, &m)?;
    let (rnd, ftz) = (round_of(&m), m.has("FTZ"));
    let (a, b, c) = (
        fsrc(l, 1, Type::F32)?,
        fsrc(l, 2, Type::F32)?,
        fsrc(l, 3, Type::F32)?,
    );
    let r = if rnd == Round::Rn {
        let dst = l.tmp(Type::F32);
        l.emit(Op::Fma(op::Fma {
            ty: Type::F32,
            ftz,
            dst,
            a,
            b,
            c,
        }));
        Operand::from(dst)
    } else {
        let (x, y, z) = (widen(l, a, ftz), widen(l, b, ftz), widen(l, c, ftz));
        let p = fop(l, FBinOp::Mul, Type::F64, Round::Rn, false, x, y);
        let s = fop(l, FBinOp::Add, Type::F64, rnd, false, p.into(), z);
        narrow(l, rnd, ftz, s.into())
    };
    let r = sat_if(l, &m, r);
    write_f32_at(l, 0, r)
}

/// The float comparisons by token; `F` and `T` are constants.
const FCMPS: [(&str, Option<FCond>); 16] = [
    ("F", None),
    ("LT", Some(FCond::Olt)),
    ("EQ", Some(FCond::Oeq)),
    ("LE", Some(FCond::Ole)),
    ("GT", Some(FCond::Ogt)),
    ("NE", Some(FCond::One)),
    ("GE", Some(FCond::Oge)),
    ("NUM", Some(FCond::Ord)),
    ("NAN", Some(FCond::Uno)),
    ("LTU", Some(FCond::Ult)),
    ("EQU", Some(FCond::Ueq)),
    ("LEU", Some(FCond::Ule)),
    ("GTU", Some(FCond::Ugt)),
    ("NEU", Some(FCond::Une)),
    ("GEU", Some(FCond::Uge)),
    ("T", None),
];

/// The tokens a compare head may print besides its comparison.
const CMP_EXTRA: [&str; 5] = ["FTZ", "AND", "OR", "XOR", "BF"];

/// A compare head: the comparison token (one of [`FCMPS`] or of `extra`)
/// and the bool op (`AND`/`OR`/`XOR`).
pub(super) fn compare_mods(
    l: &mut Lifter,
    extra: &[&'static str],
) -> Result<(Mods, &'static str, BinOp), LiftError> {
    let names: Vec<&'static str> = FCMPS
        .iter()
        .map(|(t, _)| *t)
        .chain(extra.iter().copied())
        .collect();
    let known: Vec<&str> = names.iter().copied().chain(CMP_EXTRA).collect();
    let m = l.mods(&known)?;
    let cmp = names.iter().copied().find(|t| m.has(t));
    let bop = match m.pick(&["AND", "OR", "XOR"]) {
        Some("AND") => Some(BinOp::And),
        Some("OR") => Some(BinOp::Or),
        Some(_) => Some(BinOp::Xor),
        None => None,
    };
    match (cmp, bop) {
        (Some(c), Some(b)) => Ok((m, c, b)),
        _ => Err(l.unsupported(format!("{}: no comparison or boolean op", l.form_name()))),
    }
}

/// `a CMP b` on `ty` as an `i1` (`F`/`T` constant).
pub(super) fn fcompare(
    l: &mut Lifter,
    ty: Type,
    cmp: &str,
    ftz: bool,
    a: Operand,
    b: Operand,
) -> Operand {
    match FCMPS.iter().find(|(t, _)| *t == cmp).and_then(|(_, c)| *c) {
        None => Operand::Imm(u64::from(cmp == "T")),
        Some(cond) => {
            let dst = l.tmp(Type::I1);
            l.emit(Op::FCmp(op::FCmp {
                cond,
                ty,
                ftz,
                dst,
                a,
                b,
            }));
            dst.into()
        }
    }
}

/// Writes `Pd = r BOP acc` and `Pd2 = r2 BOP acc` (operands 0, 1; the
/// accumulator is operand 4).
fn set_preds(l: &mut Lifter, bop: BinOp, r: Operand, r2: Operand) -> Result<(), LiftError> {
    let acc = l.pred_at(4)?;
    let p1 = l.bin(bop, Type::I1, r, acc);
    let p2 = l.bin(bop, Type::I1, r2, acc);
    l.write_pred_at(0, p1)?;
    l.write_pred_at(1, p2)
}

/// `FSETP.CMP[.FTZ].BOP Pd, Pd2, a, b, Pacc`: Pd = cmp BOP acc,
/// Pd2 = !cmp BOP acc.
fn fsetp(l: &mut Lifter) -> Result<(), LiftError> {
    let (m, cmp, bop) = compare_mods(l, &[])?;
    if m.has("BF") {
        return Err(l.unsupported(format!("{}: .BF", l.form_name())));
    }
    let (a, b) = (fsrc(l, 2, Type::F32)?, fsrc(l, 3, Type::F32)?);
    let r = fcompare(l, Type::F32, cmp, m.has("FTZ"), a, b);
    let nr = l.bin(BinOp::Xor, Type::I1, r, Operand::Imm(1));
    set_preds(l, bop, r, nr)
}

/// `FSET.BF.CMP[.FTZ].BOP Rd, a, b, Pacc`: Rd = `1.0f` if
/// `(a CMP b) BOP acc`, else `0.0f` (PTX `set.CMP.f32.f32`; nvdisasm prints
/// `.BF` for every word on sm_75).
fn fset(l: &mut Lifter) -> Result<(), LiftError> {
    let (m, cmp, bop) = compare_mods(l, &[])?;
    if !m.has("BF") {
        return Err(l.unsupported(format!("{}: FSET without .BF", l.form_name())));
    }
    let (a, b) = (fsrc(l, 1, Type::F32)?, fsrc(l, 2, Type::F32)?);
    let r = fcompare(l, Type::F32, cmp, m.has("FTZ"), a, b);
    let acc = l.pred_at(3)?;
    let p = l.bin(bop, Type::I1, r, acc);
    let v = l.select(Type::I32, p, Operand::Imm(0x3f80_0000), Operand::Imm(0));
    l.write_at(0, v)
}

/// `FSEL[.FTZ] Rd, a, b, P`: P ? a : b (after abs/negate; `.FTZ` flushes a
/// subnormal result).
fn fsel(l: &mut Lifter) -> Result<(), LiftError> {
    let m = l.mods(&["FTZ"])?;
    let (a, b) = (fsrc(l, 1, Type::F32)?, fsrc(l, 2, Type::F32)?);
    let p = l.pred_at(3)?;
    let r = l.select(Type::F32, p, a, b);
    let i = l.cvt(CvtOp::Bitcast, Type::I32, Type::F32, r);
    let i = if m.has("FTZ") { flush_bits(l, i) } else { i };
    l.write_at(0, i)
}

/// `FMNMX[.FTZ] Rd, a, b, P`: P ? min(a, b) : max(a, b), IEEE-754
/// minimumNumber/maximumNumber (a NaN operand is ignored).
fn fmnmx(l: &mut Lifter) -> Result<(), LiftError> {
    let m = l.mods(&["FTZ"])?;
    let ftz = m.has("FTZ");
    let (a, b) = (fsrc(l, 1, Type::F32)?, fsrc(l, 2, Type::F32)?);
    let p = l.pred_at(3)?;
    let one =
        |l: &mut Lifter, op: FBinOp| Operand::from(fop(l, op, Type::F32, Round::Rn, ftz, a, b));
    let r = match p {
        Operand::Imm(1) => one(l, FBinOp::Min),
        Operand::Imm(_) => one(l, FBinOp::Max),
        _ => {
            let mn = one(l, FBinOp::Min);
            let mx = one(l, FBinOp::Max);
            l.select(Type::F32, p, mn, mx)
        }
    };
    write_f32_at(l, 0, r)
}

/// `FCHK Pd, a, b`: "does a / b need the slow path". Always true: the slow
/// path computes the correctly rounded quotient for every input, so the
/// program's result is the same (see docs/sm75.md): a and b are not needed.
fn fchk(l: &mut Lifter) -> Result<(), LiftError> {
    l.mods(&[])?;
    for pos in [1, 2] {
        l.opnd(pos, &["-", "|"])?;
    }
    l.write_pred_at(0, Operand::Imm(1))
}

/// `DADD`/`DMUL[.RM/.RP/.RZ] Rd, a, b`.
fn dbin(l: &mut Lifter, op: FBinOp) -> Result<(), LiftError> {
    let m = l.mods(&ROUNDS)?;
    let (a, b) = (fsrc(l, 1, Type::F64)?, fsrc(l, 2, Type::F64)?);
    let dst = fop(l, op, Type::F64, round_of(&m), false, a, b);
    write_f64_at(l, 0, dst.into())
}

/// `DADD Rd, a, b`.
fn dadd(l: &mut Lifter) -> Result<(), LiftError> {
    dbin(l, FBinOp::Add)
}

/// `DMUL Rd, a, b`.
fn dmul(l: &mut Lifter) -> Result<(), LiftError> {
    dbin(l, FBinOp::Mul)
}

/// `DFMA[.RM/.RP/.RZ] Rd, a, b, c`: RN is the IR's `fma`; a directed rounding
/// (ptxas uses `.RM`/`.RP` in the `sqrt.rn.f64`/`rcp.rn.f64` slow paths)
/// adjusts the RN result by one ulp in the mode's direction when the exact
/// `a*b + c` lies on the other side of it ([`dfma_directed`]).
fn dfma(l: &mut Lifter) -> Result<(), LiftError> {
    let m = l.mods(&ROUNDS)?;
    let rnd = round_of(&m);
    let (a, b, c) = (
        fsrc(l, 1, Type::F64)?,
        fsrc(l, 2, Type::F64)?,
        fsrc(l, 3, Type::F64)?,
    );
    let r = fma64(l, a, b, c);
    let r = if rnd == Round::Rn {
        r
    } else {
        dfma_directed(l, rnd, a, b, c, r)
    };
    write_f64_at(l, 0, r)
}

/// `DSETP.CMP.BOP Pd, Pd2, a, b, Pacc` on `f64`, and `DSETP.MIN/.MAX`:
/// ptxas's `min.f64`/`max.f64` select the halves of `a` with Pd and quiet
/// `b` under Pd2. So Pd = "a is the minimumNumber (maximumNumber)": a is
/// not NaN, and b is NaN, or a is strictly smaller (larger), or equal with
/// the sign that orders first (-0 < +0); Pd2 = both are NaN. Each is
/// combined with the accumulator by the bool op.
fn dsetp(l: &mut Lifter) -> Result<(), LiftError> {
    let (m, cmp, bop) = compare_mods(l, &["MIN", "MAX"])?;
    if m.has("FTZ") || m.has("BF") {
        return Err(l.unsupported(format!("{}: .FTZ/.BF on DSETP", l.form_name())));
    }
    let (a, b) = (fsrc(l, 2, Type::F64)?, fsrc(l, 3, Type::F64)?);
    if !matches!(cmp, "MIN" | "MAX") {
        let r = fcompare(l, Type::F64, cmp, false, a, b);
        let nr = l.bin(BinOp::Xor, Type::I1, r, Operand::Imm(1));
        return set_preds(l, bop, r, nr);
    }
    let max = cmp == "MAX";
    let a_nan = dcmp(l, FCond::Uno, a, a);
    let b_nan = dcmp(l, FCond::Uno, b, b);
    let strict = dcmp(l, if max { FCond::Ogt } else { FCond::Olt }, a, b);
    let eq = dcmp(l, FCond::Oeq, a, b);
    let bits_a = l.cvt(CvtOp::Bitcast, Type::I64, Type::F64, a);
    let a_neg = l.icmp(ICond::Slt, Type::I64, bits_a, Operand::Imm(0));
    let sign_ok = if max {
        l.bin(BinOp::Xor, Type::I1, a_neg, Operand::Imm(1))
    } else {
        a_neg
    };
    let tie = l.bin(BinOp::And, Type::I1, eq, sign_ok);
    let pick = l.bin(BinOp::Or, Type::I1, strict, tie);
    let pick = l.bin(BinOp::Or, Type::I1, pick, b_nan);
    let a_ok = l.bin(BinOp::Xor, Type::I1, a_nan, Operand::Imm(1));
    let sel = l.bin(BinOp::And, Type::I1, pick, a_ok);
    let both = l.bin(BinOp::And, Type::I1, a_nan, b_nan);
    set_preds(l, bop, sel, both)
}

/// Applies abs, then negate, to a float value of type `ty`.
pub(super) fn absneg(l: &mut Lifter, ty: Type, mut f: Operand, neg: bool, abs: bool) -> Operand {
    for (on, op) in [(abs, FUnOp::Abs), (neg, FUnOp::Neg)] {
        if on {
            let dst = l.tmp(ty);
            l.emit(Op::FUn(op::FUn {
                op,
                ty,
                ftz: false,
                dst,
                a: f,
            }));
            f = dst.into();
        }
    }
    f
}

/// A full IR conversion into a fresh temp.
#[allow(clippy::too_many_arguments)]
pub(super) fn cvt_full(
    l: &mut Lifter,
    op: CvtOp,
    to: Type,
    from: Type,
    rnd: Round,
    sat: bool,
    ftz: bool,
    src: Operand,
) -> Operand {
    let dst = l.tmp(to);
    let plain = op::Cvt::plain(op, to, from, dst, src);
    l.emit(Op::Cvt(op::Cvt {
        rnd,
        sat,
        ftz,
        ..plain
    }));
    dst.into()
}

/// Flushes a subnormal `f32` (given as its `i32` bits) to a zero of the same
/// sign, bit-exactly (NaN payloads and other values pass unchanged).
fn flush_bits(l: &mut Lifter, v: Operand) -> Operand {
    let e = l.bin32(xisa_ir::BinOp::And, v, Operand::Imm(0x7f80_0000));
    let z = l.icmp(ICond::Eq, Type::I32, e, Operand::Imm(0));
    let s = l.bin32(xisa_ir::BinOp::And, v, Operand::Imm(0x8000_0000));
    l.select(Type::I32, z, s, v)
}

/// An `f32` widened (exactly) to `f64`, subnormals flushed first under `ftz`.
pub(super) fn widen(l: &mut Lifter, v: Operand, ftz: bool) -> Operand {
    cvt_full(
        l,
        CvtOp::FtoF,
        Type::F64,
        Type::F32,
        Round::Rn,
        false,
        ftz,
        v,
    )
}

/// An `f64` compare into a fresh `i1`.
fn dcmp(l: &mut Lifter, cond: FCond, a: Operand, b: Operand) -> Operand {
    let dst = l.tmp(Type::I1);
    l.emit(Op::FCmp(op::FCmp {
        cond,
        ty: Type::F64,
        ftz: false,
        dst,
        a,
        b,
    }));
    dst.into()
}

/// A float of type `from` converted exactly to `f32`.
pub(super) fn widen_from(l: &mut Lifter, v: Operand, from: Type) -> Operand {
    cvt_full(l, CvtOp::FtoF, Type::F32, from, Round::Rn, false, false, v)
}

/// A float unary IR op into a fresh temp.
pub(super) fn fun(l: &mut Lifter, op: FUnOp, ty: Type, ftz: bool, a: Operand) -> Operand {
    let dst = l.tmp(ty);
    l.emit(Op::FUn(op::FUn {
        op,
        ty,
        ftz,
        dst,
        a,
    }));
    dst.into()
}

/// A float binary op into a fresh temp of type `ty`.
pub(super) fn fop(
    l: &mut Lifter,
    op: FBinOp,
    ty: Type,
    rnd: Round,
    ftz: bool,
    a: Operand,
    b: Operand,
) -> Reg {
    let dst = l.tmp(ty);
    l.emit(Op::FBin(op::FBin {
        op,
        ty,
        rnd,
        ftz,
        dst,
        a,
        b,
    }));
    dst
}

/// An `f64` binary op (round to nearest) into a fresh temp.
fn dop(l: &mut Lifter, op: FBinOp, a: Operand, b: Operand) -> Operand {
    fop(l, op, Type::F64, Round::Rn, false, a, b).into()
}

/// `MUFU.TANH` in `f64`, rounded once to `f32` (subnormals flushed):
/// `1 - 2 / (2^(2|x|·log2 e) + 1)` with the sign of x, and the series
/// `x - x³/3 + 2x⁵/15 - 17x⁷/315` for |x| < 2^-10, where the first form
/// cancels (series error below 2^-60 relative there).
pub(super) fn tanh(l: &mut Lifter, x: Operand) -> Operand {
    let d = widen(l, x, true);
    let a = fun(l, FUnOp::Abs, Type::F64, false, d);
    let k = Operand::Imm((2.0 * std::f64::consts::LOG2_E).to_bits());
    let e = dop(l, FBinOp::Mul, a, k);
    let t = fun(l, FUnOp::Exp2, Type::F64, false, e);
    let t1 = dop(l, FBinOp::Add, t, Operand::Imm(1f64.to_bits()));
    let q = dop(l, FBinOp::Div, Operand::Imm(2f64.to_bits()), t1);
    let big = dop(l, FBinOp::Sub, Operand::Imm(1f64.to_bits()), q);
    // Series in |x|: a * (1 + a2 * (-1/3 + a2 * (2/15 - a2 * 17/315))).
    let a2 = dop(l, FBinOp::Mul, a, a);
    let mut poly = Operand::Imm((-17.0f64 / 315.0).to_bits());
    for c in [2.0f64 / 15.0, -1.0 / 3.0, 1.0] {
        let m = dop(l, FBinOp::Mul, poly, a2);
        poly = dop(l, FBinOp::Add, m, Operand::Imm(c.to_bits()));
    }
    let small = dop(l, FBinOp::Mul, poly, a);
    let is_small = l.tmp(Type::I1);
    l.emit(Op::FCmp(op::FCmp {
        cond: FCond::Olt,
        ty: Type::F64,
        ftz: false,
        dst: is_small,
        a,
        b: Operand::Imm(2f64.powi(-10).to_bits()),
    }));
    let r = l.select(Type::F64, is_small.into(), small, big);
    // The sign bit of x (so tanh(-0) = -0; a NaN passes through `big`).
    let bits = l.cvt(CvtOp::Bitcast, Type::I64, Type::F64, d);
    let neg = l.icmp(ICond::Slt, Type::I64, bits, Operand::Imm(0));
    let nr = fun(l, FUnOp::Neg, Type::F64, false, r);
    let r = l.select(Type::F64, neg, nr, r);
    narrow(l, Round::Rn, true, r)
}

/// `fma.f64` (round to nearest) into a fresh temp.
fn fma64(l: &mut Lifter, a: Operand, b: Operand, c: Operand) -> Operand {
    let dst = l.tmp(Type::F64);
    l.emit(Op::Fma(op::Fma {
        ty: Type::F64,
        ftz: false,
        dst,
        a,
        b,
        c,
    }));
    dst.into()
}

/// Knuth's TwoSum: `s + e = x + y` exactly (`s` the rounded sum).
fn two_sum(l: &mut Lifter, x: Operand, y: Operand) -> (Operand, Operand) {
    let s = dop(l, FBinOp::Add, x, y);
    let bb = dop(l, FBinOp::Sub, s, x);
    let t = dop(l, FBinOp::Sub, s, bb);
    let u = dop(l, FBinOp::Sub, x, t);
    let v = dop(l, FBinOp::Sub, y, bb);
    (s, dop(l, FBinOp::Add, u, v))
}

/// An `f64` whose sign is the sign of `a*b + c - r` (0 when exact), from
/// the exact expansion `p + ep + s + es - r` (TwoProduct by FMA, TwoSum, and
/// Shewchuk's grow-expansion: the most significant nonzero component of a
/// nonoverlapping expansion has the sign of its sum). Exact while `a*b` does
/// not underflow (its rounding error must be representable).
fn err_sign(l: &mut Lifter, a: Operand, b: Operand, c: Operand, r: Operand) -> Operand {
    let p = dop(l, FBinOp::Mul, a, b);
    let np = fun(l, FUnOp::Neg, Type::F64, false, p);
    let ep = fma64(l, a, b, np);
    let (s, es) = two_sum(l, p, c);
    // [ep] + es -> [h1, q1]
    let (q1, h1) = two_sum(l, es, ep);
    // [h1, q1] + s -> [g1, g2, q2]
    let (q, g1) = two_sum(l, s, h1);
    let (q2, g2) = two_sum(l, q, q1);
    // [g1, g2, q2] + (-r) -> [k1, k2, k3, q3]
    let nr = fun(l, FUnOp::Neg, Type::F64, false, r);
    let (q, k1) = two_sum(l, nr, g1);
    let (q, k2) = two_sum(l, q, g2);
    let (q3, k3) = two_sum(l, q, q2);
    let mut sgn = k1;
    for comp in [k2, k3, q3] {
        let nz = dcmp(l, FCond::Une, comp, Operand::Imm(0));
        sgn = l.select(Type::F64, nz, comp, sgn);
    }
    sgn
}

/// The directed-rounding result of `a*b + c` from its RN result `r`:
/// `r` moved one ulp (through the bits) in the mode's direction when the
/// exact value lies beyond it, exact zeros signed as IEEE-754 says (-0 under
/// RM), overflow to the largest finite value when the mode rounds toward
/// zero. A product too small for an exact error term is handled by scaling
/// `a`, `b` by 2^600 and `c`, `r` by 2^1200 (when `|c| < 2^-176`), or, for a
/// larger `c` (then `r = c`), by the product's sign.
fn dfma_directed(
    l: &mut Lifter,
    rnd: Round,
    a: Operand,
    b: Operand,
    c: Operand,
    r: Operand,
) -> Operand {
    let k600 = Operand::Imm(2f64.powi(600).to_bits());
    let sgn_a = err_sign(l, a, b, c, r);
    let a2 = dop(l, FBinOp::Mul, a, k600);
    let b2 = dop(l, FBinOp::Mul, b, k600);
    let c1 = dop(l, FBinOp::Mul, c, k600);
    let c2 = dop(l, FBinOp::Mul, c1, k600);
    let r1 = dop(l, FBinOp::Mul, r, k600);
    let r2 = dop(l, FBinOp::Mul, r1, k600);
    let sgn_b = err_sign(l, a2, b2, c2, r2);
    // The product's sign as ±1.
    let ba = l.cvt(CvtOp::Bitcast, Type::I64, Type::F64, a);
    let bbits = l.cvt(CvtOp::Bitcast, Type::I64, Type::F64, b);
    let x = l.bin(xisa_ir::BinOp::Xor, Type::I64, ba, bbits);
    let sbit = l.bin(xisa_ir::BinOp::And, Type::I64, x, Operand::Imm(1 << 63));
    let one = l.bin(
        xisa_ir::BinOp::Or,
        Type::I64,
        sbit,
        Operand::Imm(1f64.to_bits()),
    );
    let sgn_c = l.cvt(CvtOp::Bitcast, Type::F64, Type::I64, one);
    let p = dop(l, FBinOp::Mul, a, b);
    let ap = fun(l, FUnOp::Abs, Type::F64, false, p);
    let tiny_p = dcmp(l, FCond::Olt, ap, Operand::Imm(2f64.powi(-900).to_bits()));
    let a_nz = dcmp(l, FCond::Une, a, Operand::Imm(0));
    let b_nz = dcmp(l, FCond::Une, b, Operand::Imm(0));
    let tiny = l.bin(xisa_ir::BinOp::And, Type::I1, tiny_p, a_nz);
    let tiny = l.bin(xisa_ir::BinOp::And, Type::I1, tiny, b_nz);
    let ac = fun(l, FUnOp::Abs, Type::F64, false, c);
    let small_c = dcmp(l, FCond::Olt, ac, Operand::Imm(2f64.powi(-176).to_bits()));
    let sgn_tiny = l.select(Type::F64, small_c, sgn_b, sgn_c);
    let sgn = l.select(Type::F64, tiny, sgn_tiny, sgn_a);
    let above = dcmp(l, FCond::Ogt, sgn, Operand::Imm(0));
    let below = dcmp(l, FCond::Olt, sgn, Operand::Imm(0));
    let r_pos = dcmp(l, FCond::Ogt, r, Operand::Imm(0));
    let r_neg = dcmp(l, FCond::Olt, r, Operand::Imm(0));
    // Move up when the exact value is above r and the mode rounds up (RP,
    // or RZ for a negative r); down symmetrically.
    let (up, down) = match rnd {
        Round::Rp => (above, Operand::Imm(0)),
        Round::Rm => (Operand::Imm(0), below),
        _ => (
            l.bin(xisa_ir::BinOp::And, Type::I1, above, r_neg),
            l.bin(xisa_ir::BinOp::And, Type::I1, below, r_pos),
        ),
    };
    // An infinite (or NaN) r is never stepped: it comes from an infinite
    // operand (the exact result), or is an overflow handled below.
    let abs_r = fun(l, FUnOp::Abs, Type::F64, false, r);
    let r_fin = dcmp(l, FCond::Olt, abs_r, Operand::Imm(f64::INFINITY.to_bits()));
    let up = l.bin(xisa_ir::BinOp::And, Type::I1, up, r_fin);
    let down = l.bin(xisa_ir::BinOp::And, Type::I1, down, r_fin);
    let rb = l.cvt(CvtOp::Bitcast, Type::I64, Type::F64, r);
    let r_zero = dcmp(l, FCond::Oeq, r, Operand::Imm(0));
    let inc = l.bin(xisa_ir::BinOp::Add, Type::I64, rb, Operand::Imm(1));
    let dec = l.bin(xisa_ir::BinOp::Sub, Type::I64, rb, Operand::Imm(1));
    let r_negbits = l.icmp(ICond::Slt, Type::I64, rb, Operand::Imm(0));
    // next_up: +tiny from a zero, else one step away from (toward) zero for
    // positive (negative) r; next_down mirrors it.
    let nu = l.select(Type::I64, r_negbits, dec, inc);
    let nu = l.select(Type::I64, r_zero, Operand::Imm(1), nu);
    let nd = l.select(Type::I64, r_negbits, inc, dec);
    let nd = l.select(Type::I64, r_zero, Operand::Imm(0x8000_0000_0000_0001), nd);
    let mut res = l.select(Type::I64, down, nd, rb);
    res = l.select(Type::I64, up, nu, res);
    if rnd == Round::Rm {
        // An exact zero is -0 under RM unless both terms are +0.
        let exact0 = dcmp(l, FCond::Oeq, sgn, Operand::Imm(0));
        let z = l.bin(xisa_ir::BinOp::And, Type::I1, exact0, r_zero);
        let pb = l.cvt(CvtOp::Bitcast, Type::I64, Type::F64, p);
        let cb = l.cvt(CvtOp::Bitcast, Type::I64, Type::F64, c);
        let both = l.bin(xisa_ir::BinOp::Or, Type::I64, pb, cb);
        let pos_zeros = l.icmp(ICond::Eq, Type::I64, both, Operand::Imm(0));
        let keep = l.bin(xisa_ir::BinOp::Xor, Type::I1, pos_zeros, Operand::Imm(1));
        let z = l.bin(xisa_ir::BinOp::And, Type::I1, z, keep);
        res = l.select(Type::I64, z, Operand::Imm(1 << 63), res);
    }
    // Overflow of finite operands: toward zero gives the largest finite value.
    let inf = Operand::Imm(f64::INFINITY.to_bits());
    let mut finite = Operand::Imm(1);
    for v in [a, b, c] {
        let av = fun(l, FUnOp::Abs, Type::F64, false, v);
        let f = dcmp(l, FCond::Olt, av, inf);
        finite = l.bin(xisa_ir::BinOp::And, Type::I1, finite, f);
    }
    let ar = fun(l, FUnOp::Abs, Type::F64, false, r);
    let r_inf = dcmp(l, FCond::Oeq, ar, inf);
    let toward_zero = match rnd {
        Round::Rz => Operand::Imm(1),
        Round::Rm => r_pos,
        _ => r_neg,
    };
    let ovf = l.bin(xisa_ir::BinOp::And, Type::I1, finite, r_inf);
    let ovf = l.bin(xisa_ir::BinOp::And, Type::I1, ovf, toward_zero);
    let max = l.select(
        Type::I64,
        r_negbits,
        Operand::Imm((-f64::MAX).to_bits()),
        Operand::Imm(f64::MAX.to_bits()),
    );
    res = l.select(Type::I64, ovf, max, res);
    l.cvt(CvtOp::Bitcast, Type::F64, Type::I64, res)
}
