//! Float ALU and conversions: FADD, FMUL, FFMA, FSETP, FSET.BF, FSEL,
//! FMNMX, MUFU (incl. `.F16` EX2/TANH), DADD, DMUL, DFMA, I2F, F2I, F2F,
//! FRND (incl. `.F16`), packed-half ops.
//!
//! FADD, FMUL, FFMA, FSETP, FSET, FSEL, FMNMX, DADD, DMUL, DFMA, DSETP and
//! FCHK are lifted from their syntax ([`FOPS`], `view.rs`): modifier
//! tokens, operands by position with `-`/`|`. The others read bit
//! positions:
//!
//! Modifiers (NAK `sm70_encode.rs`, checked with nvdisasm, see `docs/sm75.md`):
//! src0 negate 72 / abs 73; the operand in [32, 64) negate 63 / abs 62, the
//! register in [64, 72) negate 75 / abs 74; `.SAT` 77, rounding [78, 80)
//! (RN RM RP RZ), `.FTZ` 80. Operand forms are the ALU ones (opcode bits
//! [9, 12)). DADD's second operand is the third slot (`c`), as nvdisasm
//! prints it.
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

use xisa_ir::{CvtOp, FBinOp, FCond, FUnOp, ICond, Op, Operand, Reg, Round, Type};

use xisa_ir::BinOp;

use super::view::{Mods, Val};
use super::{bit, bits, File, LiftError, LiftFn, Lifter, Src};
use crate::FieldKind;

/// Lifts a float or conversion instruction; `Ok(false)` for other opcodes.
pub(crate) fn lift(l: &mut Lifter, opcode: u16) -> Result<bool, LiftError> {
    // Lifted from their syntax (see `view.rs`): by mnemonic.
    if let Some(d) = &l.form {
        let base = d.syntax.head.text.split('.').next().unwrap_or_default();
        if let Some(&(_, f)) = FOPS.iter().find(|(n, _)| *n == base) {
            f(l)?;
            return Ok(true);
        }
    }
    match opcode & 0x1ff {
        // Lifted from their syntax only: a word the decoder rejects.
        0x021 | 0x020 | 0x023 | 0x00b | 0x00a | 0x008 | 0x009 | 0x029 | 0x028 | 0x02b | 0x02a
        | 0x102 => return Ok(false),
        0x108 => mufu(l, opcode)?,
        0x030 if bit(l.word, 78) => hadd2_f32(l)?,
        0x030 => hop2(l, opcode, HOp::Add)?,
        0x032 => hop2(l, opcode, HOp::Mul)?,
        0x031 => hop2(l, opcode, HOp::Fma)?,
        0x034 => hsetp2(l, opcode)?,
        0x033 => hset2(l, opcode)?,
        // The second opcode of each conversion is its 64-bit form.
        0x106 | 0x112 => i2f(l, opcode)?,
        0x105 | 0x111 => f2i(l, opcode)?,
        0x104 | 0x110 => f2f(l, opcode)?,
        0x107 | 0x113 => frnd(l, opcode)?,
        _ => return Ok(false),
    }
    Ok(true)
}

/// The `f32`/`f64` arithmetic and compare ops, by mnemonic, lifted from
/// their syntax (`view.rs`).
const FOPS: &[(&str, LiftFn)] = &[
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

/// Float operand `pos` (`-x`, `|x|`, `-|x|`: abs, then negate) as an
/// `f32`, or an `f64` (a register pair, a 64-bit constant, or an `f64hi`
/// immediate: the double whose high word is printed).
fn fsrc(l: &mut Lifter, pos: usize, ty: Type) -> Result<Operand, LiftError> {
    let o = l.opnd(pos, &["-", "|"])?;
    let raw = match (ty, o.val, o.imm_kind) {
        (Type::F64, Val::Imm(v), Some(FieldKind::F64Hi)) => Operand::Imm(v as u64),
        (Type::F64, Val::Imm(_), _) => {
            return Err(l.unsupported(format!(
                "{}: operand {pos}: an f64 immediate that is not f64hi",
                l.form_name()
            )))
        }
        (Type::F64, _, _) => l.read_val(pos, &o, true)?,
        _ => l.read_val(pos, &o, false)?,
    };
    let int = if ty == Type::F64 {
        Type::I64
    } else {
        Type::I32
    };
    let f = l.cvt(CvtOp::Bitcast, ty, int, raw);
    Ok(absneg(l, ty, f, o.neg, o.abs))
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
    if !m.has("SAT") {
        return v;
    }
    cvt_full(
        l,
        CvtOp::FtoF,
        Type::F32,
        Type::F32,
        Round::Rn,
        true,
        false,
        v,
    )
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
        cvt_full(
            l,
            CvtOp::FtoF,
            Type::F32,
            Type::F64,
            rnd,
            false,
            ftz,
            q.into(),
        )
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
        l.emit(Op::Fma {
            ty: Type::F32,
            ftz,
            dst,
            a,
            b,
            c,
        });
        Operand::from(dst)
    } else {
        let (x, y, z) = (widen(l, a, ftz), widen(l, b, ftz), widen(l, c, ftz));
        let p = fop(l, FBinOp::Mul, Type::F64, Round::Rn, false, x, y);
        let s = fop(l, FBinOp::Add, Type::F64, rnd, false, p.into(), z);
        cvt_full(
            l,
            CvtOp::FtoF,
            Type::F32,
            Type::F64,
            rnd,
            false,
            ftz,
            s.into(),
        )
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
fn compare_mods(
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

/// The float comparison of a 4-bit compare code (the order of [`FCMPS`]);
/// `None` for the constants F and T.
fn fcond(code: u64) -> Option<FCond> {
    FCMPS.get(code as usize).and_then(|(_, c)| *c)
}

/// `a CMP b` on `ty` as an `i1` (`F`/`T` constant).
fn fcompare(l: &mut Lifter, ty: Type, cmp: &str, ftz: bool, a: Operand, b: Operand) -> Operand {
    match FCMPS.iter().find(|(t, _)| *t == cmp).and_then(|(_, c)| *c) {
        None => Operand::Imm(u64::from(cmp == "T")),
        Some(cond) => {
            let dst = l.tmp(Type::I1);
            l.emit(Op::FCmp {
                cond,
                ty,
                ftz,
                dst,
                a,
                b,
            });
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

/// One float source: (operand, negate, abs).
type FSrc = (Src, bool, bool);

/// The single source of a conversion or MUFU (the [32, 64) slot by form:
/// register, immediate, constant or uniform register).
fn src1(l: &Lifter, opcode: u16) -> Result<FSrc, LiftError> {
    let w = l.word;
    let (neg, abs) = (bit(w, 63), bit(w, 62));
    Ok(match (opcode >> 9) & 7 {
        1 => (Src::Reg(bits(w, 32, 40) as u8), neg, abs),
        4 => (Src::Imm(bits(w, 32, 64) as u32), false, false),
        5 => (
            Src::Cbuf {
                bank: bits(w, 54, 59) as u8,
                off: bits(w, 38, 54) as u32,
            },
            neg,
            abs,
        ),
        6 => (Src::UReg(bits(w, 32, 38) as u8), neg, abs),
        f => return Err(l.unsupported(format!("conversion operand form {f}"))),
    })
}

/// Applies abs, then negate, to a float value of type `ty`.
fn absneg(l: &mut Lifter, ty: Type, mut f: Operand, neg: bool, abs: bool) -> Operand {
    for (on, op) in [(abs, FUnOp::Abs), (neg, FUnOp::Neg)] {
        if on {
            let dst = l.tmp(ty);
            l.emit(Op::FUn {
                op,
                ty,
                ftz: false,
                dst,
                a: f,
            });
            f = dst.into();
        }
    }
    f
}

/// Reads a float source as an `f32` with abs, then negate, applied.
fn fval(l: &mut Lifter, s: FSrc) -> Result<Operand, LiftError> {
    let v = l.src(s.0)?;
    let f = l.cvt(CvtOp::Bitcast, Type::F32, Type::I32, v);
    Ok(absneg(l, Type::F32, f, s.1, s.2))
}

/// Reads a 64-bit source: a register pair, a 64-bit constant, or a 32-bit
/// immediate holding the high word (nvdisasm's `f64hi` immediates).
fn raw64(l: &mut Lifter, s: Src) -> Result<Operand, LiftError> {
    Ok(match s {
        Src::Imm(v) => Operand::Imm(u64::from(v) << 32),
        other => l.src64(other)?,
    })
}

/// Reads an `f64` source with abs, then negate, applied.
fn dval(l: &mut Lifter, s: FSrc) -> Result<Operand, LiftError> {
    let v = raw64(l, s.0)?;
    let f = l.cvt(CvtOp::Bitcast, Type::F64, Type::I64, v);
    Ok(absneg(l, Type::F64, f, s.1, s.2))
}

/// The rounding mode in [78, 80): RN RM RP RZ (F2I: RN FLOOR CEIL TRUNC).
fn round_at(w: u128) -> Round {
    match bits(w, 78, 80) {
        0 => Round::Rn,
        1 => Round::Rm,
        2 => Round::Rp,
        _ => Round::Rz,
    }
}

/// A full IR conversion into a fresh temp.
#[allow(clippy::too_many_arguments)]
fn cvt_full(
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
    l.emit(Op::Cvt {
        op,
        to,
        from,
        rnd,
        sat,
        ftz,
        dst,
        src,
    });
    dst.into()
}

/// Destination register [16, 24).
fn rd(l: &Lifter) -> u8 {
    bits(l.word, 16, 24) as u8
}

/// Writes an `f32` result to Rd as its bits.
fn write_f32(l: &mut Lifter, v: Operand) {
    let i = l.cvt(CvtOp::Bitcast, Type::I32, Type::F32, v);
    l.write_gpr(rd(l), i);
}

/// Writes an `f64` result to the pair Rd.
fn write_f64(l: &mut Lifter, v: Operand) {
    let i = l.cvt(CvtOp::Bitcast, Type::I64, Type::F64, v);
    l.write_pair(rd(l), i);
}

/// `.SAT` (bit 77): clamps an `f32` result to [0, 1], NaN to 0.
fn saturate(l: &mut Lifter, v: Operand) -> Operand {
    if !bit(l.word, 77) {
        return v;
    }
    cvt_full(
        l,
        CvtOp::FtoF,
        Type::F32,
        Type::F32,
        Round::Rn,
        true,
        false,
        v,
    )
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
fn widen(l: &mut Lifter, v: Operand, ftz: bool) -> Operand {
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

/// A predicate source at `[lo, lo+3)` with negate bit `neg`.
fn pred_at(l: &mut Lifter, lo: u32, neg: u32) -> Operand {
    let w = l.word;
    l.read_pred_file(File::P, bits(w, lo, lo + 3) as u8, bit(w, neg))
}

/// An `f64` compare into a fresh `i1`.
fn dcmp(l: &mut Lifter, cond: FCond, a: Operand, b: Operand) -> Operand {
    let dst = l.tmp(Type::I1);
    l.emit(Op::FCmp {
        cond,
        ty: Type::F64,
        ftz: false,
        dst,
        a,
        b,
    });
    dst.into()
}

/// `HADD2.F32 Rd, a.Hx_Hx, b.Hx_Hx`: the sum of two `f16` halves as an
/// `f32` (ptxas's half-to-float conversion adds `-RZ`). Half selects: a
/// [74, 76), b [60, 62) (2 = H0_H0, 3 = H1_H1); negate/abs a 72/73, b
/// 63/62; `.F32` output bit 78. Packed (`f16x2`) results are not lifted.
fn hadd2_f32(l: &mut Lifter) -> Result<(), LiftError> {
    let w = l.word;
    if (w >> 9) & 7 != 1 || !bit(w, 78) || bit(w, 80) {
        return Err(l.unsupported("HADD2 other than the register .F32 form"));
    }
    let mut halves = Vec::new();
    for (reg, sel, neg, abs) in [(24u32, 74u32, 72u32, 73u32), (32, 60, 63, 62)] {
        let v = l.read_gpr(bits(w, reg, reg + 8) as u8);
        let v = match bits(w, sel, sel + 2) {
            2 => v,
            3 => l.bin32(xisa_ir::BinOp::LShr, v, Operand::Imm(16)),
            s => return Err(l.unsupported(format!("HADD2.F32 half select {s}"))),
        };
        let h = l.cvt(CvtOp::Trunc, Type::I16, Type::I32, v);
        let f = l.cvt(CvtOp::Bitcast, Type::F16, Type::I16, h);
        let f = absneg(l, Type::F16, f, bit(w, neg), bit(w, abs));
        halves.push(widen_from(l, f, Type::F16));
    }
    let dst = fop(
        l,
        FBinOp::Add,
        Type::F32,
        Round::Rn,
        false,
        halves[0],
        halves[1],
    );
    // `.SAT` (77): the f32 sum clamped to [0, 1], NaN to +0 (ptxas's
    // `cvt.sat.f32.f16`).
    let r = saturate(l, dst.into());
    write_f32(l, r);
    Ok(())
}

/// `HADD2[.SAT] Rd, a.F32, -RZ.H0_H0`: ptxas's `cvt.rz[.sat].f16.f32`.
/// The `.F32` select (1) of a reads the whole register as one `f32`; with
/// `-0` as b (the sum's identity) the instruction is the conversion of
/// that `f32` to `f16` in each lane, which ptxas uses for the
/// round-toward-zero conversion (round-to-nearest uses F2F). Only this
/// form is lifted: any other b (where the rounding of a true sum would
/// matter), `.FTZ` (80) and `.F32` output (78) are refused.
fn hadd2_from_f32(l: &mut Lifter) -> Result<(), LiftError> {
    let w = l.word;
    let b_is_neg_zero = bits(w, 32, 40) == 255 && bit(w, 63) && !bit(w, 62);
    // b's half select [60, 62): any half (or `.F32`) of -RZ is -0.
    let _ = bits(w, 60, 62);
    if (w >> 9) & 7 != 1 || bit(w, 78) || bit(w, 80) || !b_is_neg_zero {
        return Err(
            l.unsupported("HADD2 with an .F32 source other than `HADD2[.SAT] Rd, Ra.F32, -RZ`")
        );
    }
    let v = l.read_gpr(bits(w, 24, 32) as u8);
    let f = l.cvt(CvtOp::Bitcast, Type::F32, Type::I32, v);
    let f = absneg(l, Type::F32, f, bit(w, 72), bit(w, 73));
    let h = cvt_full(
        l,
        CvtOp::FtoF,
        Type::F16,
        Type::F32,
        Round::Rz,
        bit(w, 77),
        false,
        f,
    );
    let i = l.cvt(CvtOp::Bitcast, Type::I16, Type::F16, h);
    let z = l.cvt(CvtOp::Zext, Type::I32, Type::I16, i);
    let hi = l.bin32(xisa_ir::BinOp::Shl, z, Operand::Imm(16));
    let out = l.bin32(xisa_ir::BinOp::Or, z, hi);
    l.write_gpr(rd(l), out);
    Ok(())
}

/// Packed-half operations.
#[derive(Clone, Copy, PartialEq, Eq)]
enum HOp {
    Add,
    Mul,
    Fma,
}

/// A packed-half source: a register with its half select (0 = this lane's
/// half, 1 = `.F32` (refused), 2 = `.H0_H0`, 3 = `.H1_H1`), negate and abs
/// bits; or an immediate pair at [32, 64), lane 0 in [32, 48) (ptxas encodes
/// PTX's `0x40003c00`, lanes 1.0 and 2.0, as that word; nvdisasm prints
/// lane 1 first), with no modifiers.
#[derive(Clone, Copy)]
enum HSrc {
    Reg {
        at: u32,
        swz: u64,
        neg: bool,
        abs: bool,
    },
    Imm(u32),
}

/// A register source at `at` with select [sel, sel+2) and negate/abs bits.
fn hreg(w: u128, at: u32, sel: u32, neg: u32, abs: u32) -> HSrc {
    HSrc::Reg {
        at,
        swz: bits(w, sel, sel + 2),
        neg: bit(w, neg),
        abs: bit(w, abs),
    }
}

/// The sources of a packed-half instruction by form (nvdisasm): a is
/// always [24, 32) select [74, 76) negate 72 abs 73. Register form 1: b
/// [32, 40) select [60, 62) negate 63 abs 62, c [64, 72) select [81, 83)
/// abs 83 negate 84. Immediate forms (`imm_form`: HADD2/HSET2/HSETP2 2,
/// HMUL2 4; HFMA2 2 = immediate c, 4 = immediate b): the register that
/// remains in [64, 72) takes c's modifier bits. Constant-bank and uniform
/// forms are refused.
fn hsrcs(l: &Lifter, opcode: u16, imm_form: u16, three: bool) -> Result<[HSrc; 3], LiftError> {
    let w = l.word;
    let a = hreg(w, 24, 74, 72, 73);
    let rb = hreg(w, 32, 60, 63, 62);
    let rc = hreg(w, 64, 81, 84, 83);
    let imm = HSrc::Imm(bits(w, 32, 64) as u32);
    let form = (opcode >> 9) & 7;
    Ok(match form {
        1 => [a, rb, rc],
        2 if three => [a, rc, imm],
        4 if three => [a, imm, rc],
        f if f == imm_form && !three => [a, imm, rc],
        f => {
            return Err(l.unsupported(format!(
                "packed-half opcode {opcode:#05x}: operand form {f} (constant bank or uniform register)"
            )))
        }
    })
}

/// One `f16` lane of a packed source.
fn half_lane(l: &mut Lifter, s: HSrc, lane: u64) -> Result<Operand, LiftError> {
    let (at, swz, neg, abs) = match s {
        HSrc::Imm(v) => {
            return Ok(Operand::Imm(u64::from(v >> (16 * lane)) & 0xffff));
        }
        HSrc::Reg { at, swz, neg, abs } => (at, swz, neg, abs),
    };
    let w = l.word;
    let v = l.read_gpr(bits(w, at, at + 8) as u8);
    let half = match swz {
        0 => lane,
        2 => 0,
        3 => 1,
        s => return Err(l.unsupported(format!("packed-half select {s} (F32 source)"))),
    };
    let v = if half == 1 {
        l.bin32(xisa_ir::BinOp::LShr, v, Operand::Imm(16))
    } else {
        v
    };
    let h = l.cvt(CvtOp::Trunc, Type::I16, Type::I32, v);
    let f = l.cvt(CvtOp::Bitcast, Type::F16, Type::I16, h);
    Ok(absneg(l, Type::F16, f, neg, abs))
}

/// Flushes a subnormal `f16` (as `i16` bits) to a zero of the same sign.
fn flush16(l: &mut Lifter, h: Operand) -> Operand {
    let e = l.bin(xisa_ir::BinOp::And, Type::I16, h, Operand::Imm(0x7c00));
    let z = l.icmp(ICond::Eq, Type::I16, e, Operand::Imm(0));
    let s = l.bin(xisa_ir::BinOp::And, Type::I16, h, Operand::Imm(0x8000));
    l.select(Type::I16, z, s, h)
}

/// Flushes a subnormal `f16` operand (`.FTZ`).
fn flush_f16(l: &mut Lifter, x: Operand) -> Operand {
    let i = l.cvt(CvtOp::Bitcast, Type::I16, Type::F16, x);
    let i = flush16(l, i);
    l.cvt(CvtOp::Bitcast, Type::F16, Type::I16, i)
}

/// `HADD2`/`HMUL2`/`HFMA2[.SAT][.FTZ] Rd, a, b[, c]` on two `f16` lanes
/// (register and immediate forms, see [`hsrcs`]); `.SAT` 77 clamps to
/// [0, 1] (NaN to 0), `.FTZ` 80 flushes subnormal `f16` inputs and
/// results. Each lane rounds once to nearest even. `.F32` (78: an `f32`
/// result, lifted for HADD2's register form by [`hadd2_f32`]) and HMUL2/
/// HFMA2's `.FMZ` (76) are refused.
fn hop2(l: &mut Lifter, opcode: u16, op: HOp) -> Result<(), LiftError> {
    let w = l.word;
    if bit(w, 78) || (op != HOp::Add && bit(w, 76)) {
        return Err(l.unsupported(format!(
            "packed-half opcode {opcode:#05x} with .F32 (bit 78) or .FMZ (bit 76)"
        )));
    }
    if op == HOp::Add && bits(w, 74, 76) == 1 {
        return hadd2_from_f32(l);
    }
    let imm_form = if op == HOp::Mul { 4 } else { 2 };
    let [sa, sb, sc] = hsrcs(l, opcode, imm_form, op == HOp::Fma)?;
    let (sat, ftz) = (bit(w, 77), bit(w, 80));
    let mut out = Operand::Imm(0);
    for lane in 0..2u64 {
        let mut a = half_lane(l, sa, lane)?;
        let mut b = half_lane(l, sb, lane)?;
        let mut c = if op == HOp::Fma {
            Some(half_lane(l, sc, lane)?)
        } else {
            None
        };
        if ftz {
            for x in [&mut a, &mut b].into_iter().chain(c.as_mut()) {
                *x = flush_f16(l, *x);
            }
        }
        let dst = l.tmp(Type::F16);
        match (op, c) {
            (HOp::Fma, Some(c)) => l.emit(Op::Fma {
                ty: Type::F16,
                ftz: false,
                dst,
                a,
                b,
                c,
            }),
            _ => l.emit(Op::FBin {
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
            }),
        }
        let r = if sat {
            cvt_full(
                l,
                CvtOp::FtoF,
                Type::F16,
                Type::F16,
                Round::Rn,
                true,
                false,
                dst.into(),
            )
        } else {
            dst.into()
        };
        let mut i = l.cvt(CvtOp::Bitcast, Type::I16, Type::F16, r);
        if ftz {
            i = flush16(l, i);
        }
        let z = l.cvt(CvtOp::Zext, Type::I32, Type::I16, i);
        let z = if lane == 1 {
            l.bin32(xisa_ir::BinOp::Shl, z, Operand::Imm(16))
        } else {
            z
        };
        out = l.bin32(xisa_ir::BinOp::Or, out, z);
    }
    l.write_gpr(rd(l), out);
    Ok(())
}

/// The two lanes' `a CMP b BOP acc` of HSETP2/HSET2 (register and
/// immediate forms): compare [76, 80) as FSETP's, `.FTZ` 80, bool op
/// [69, 71) AND/OR/XOR, accumulator [87, 90) + negate 90.
fn hcompare(l: &mut Lifter, opcode: u16) -> Result<[Operand; 2], LiftError> {
    let w = l.word;
    if bits(w, 69, 71) == 3 {
        return Err(l.unsupported("packed-half compare with bool op 3"));
    }
    let [sa, sb, _] = hsrcs(l, opcode, 2, false)?;
    let code = bits(w, 76, 80);
    let ftz = bit(w, 80);
    let acc = pred_at(l, 87, 90);
    let bop = match bits(w, 69, 71) {
        0 => xisa_ir::BinOp::And,
        1 => xisa_ir::BinOp::Or,
        _ => xisa_ir::BinOp::Xor,
    };
    let mut out = [Operand::Imm(0); 2];
    for lane in 0..2u64 {
        let mut a = half_lane(l, sa, lane)?;
        let mut b = half_lane(l, sb, lane)?;
        if ftz {
            a = flush_f16(l, a);
            b = flush_f16(l, b);
        }
        let r = match fcond(code) {
            None => Operand::Imm(u64::from(code == 15)),
            Some(cond) => {
                let dst = l.tmp(Type::I1);
                l.emit(Op::FCmp {
                    cond,
                    ty: Type::F16,
                    ftz: false,
                    dst,
                    a,
                    b,
                });
                dst.into()
            }
        };
        out[lane as usize] = l.bin(bop, Type::I1, r, acc);
    }
    Ok(out)
}

/// `HSETP2.CMP[.FTZ].BOP Pd, Pd2, a, b, Pacc` (register and immediate
/// forms): the low lanes' compare BOP acc into Pd [81, 84), the high
/// lanes' into Pd2 [84, 87) (PTX `setp.f16x2 p|q`). Bit 71 (`.H_AND`, not
/// seen from ptxas) is refused.
fn hsetp2(l: &mut Lifter, opcode: u16) -> Result<(), LiftError> {
    let w = l.word;
    if bit(w, 71) {
        return Err(l.unsupported("HSETP2.H_AND (bit 71)"));
    }
    // Both results are computed before either is written: Pd may be the
    // accumulator.
    let [p0, p1] = hcompare(l, opcode)?;
    l.write_file(File::P, bits(w, 81, 84) as u8, p0);
    l.write_file(File::P, bits(w, 84, 87) as u8, p1);
    Ok(())
}

/// `HSET2[.BF].CMP[.FTZ].BOP Rd, a, b, Pacc` (register and immediate
/// forms, fields as HSETP2's; PTX `set.CmpOp.BoolOp.dtype.f16x2`): each
/// lane of Rd is its `a CMP b BOP acc`, as `0xffff`/0 (PTX `.u32` dtype,
/// CUDA's `__heq2_mask`) or, with `.BF` (bit 71, PTX `.f16x2` dtype),
/// `f16` 1.0/0.0 (`0x3c00`/0).
fn hset2(l: &mut Lifter, opcode: u16) -> Result<(), LiftError> {
    let w = l.word;
    let one = if bit(w, 71) { 0x3c00 } else { 0xffff };
    let [p0, p1] = hcompare(l, opcode)?;
    let lo = l.select(Type::I32, p0, Operand::Imm(one), Operand::Imm(0));
    let hi = l.select(Type::I32, p1, Operand::Imm(one << 16), Operand::Imm(0));
    let r = l.bin32(xisa_ir::BinOp::Or, lo, hi);
    l.write_gpr(rd(l), r);
    Ok(())
}

/// A float of type `from` converted exactly to `f32`.
fn widen_from(l: &mut Lifter, v: Operand, from: Type) -> Operand {
    cvt_full(l, CvtOp::FtoF, Type::F32, from, Round::Rn, false, false, v)
}

/// A float unary IR op into a fresh temp.
fn fun(l: &mut Lifter, op: FUnOp, ty: Type, ftz: bool, a: Operand) -> Operand {
    let dst = l.tmp(ty);
    l.emit(Op::FUn {
        op,
        ty,
        ftz,
        dst,
        a,
    });
    dst.into()
}

/// `MUFU.FUNC Rd, b` (function [74, 78): COS SIN EX2 LG2 RCP RSQ RCP64H
/// RSQ64H SQRT TANH): see the module doc for the precision.
fn mufu(l: &mut Lifter, opcode: u16) -> Result<(), LiftError> {
    if bit(l.word, 73) {
        return mufu_f16(l, opcode);
    }
    no_select(l)?;
    let s = src1(l, opcode)?;
    let func = bits(l.word, 74, 78);
    if matches!(func, 6 | 7) {
        // RCP64H / RSQ64H: the source is the high word of an f64 (low word
        // 0); the result is the high word of the f64 reciprocal (root).
        let v = l.src(s.0)?;
        // Both exist only as `.ftz` forms in PTX (rcp/rsqrt.approx.ftz.f64):
        // a subnormal source (exponent field 0) is flushed to a signed zero
        // (the IR's `ftz` flushes `f32` only).
        let e = l.bin32(xisa_ir::BinOp::And, v, Operand::Imm(0x7ff0_0000));
        let z = l.icmp(ICond::Eq, Type::I32, e, Operand::Imm(0));
        let sgn = l.bin32(xisa_ir::BinOp::And, v, Operand::Imm(0x8000_0000));
        let v = l.select(Type::I32, z, sgn, v);
        let d = l.join64(Operand::Imm(0), v);
        let f = l.cvt(CvtOp::Bitcast, Type::F64, Type::I64, d);
        let f = absneg(l, Type::F64, f, s.1, s.2);
        let op = if func == 6 { FUnOp::Rcp } else { FUnOp::Rsqrt };
        let r = fun(l, op, Type::F64, false, f);
        let i = l.cvt(CvtOp::Bitcast, Type::I64, Type::F64, r);
        let (_, hi) = l.split64(i);
        l.write_gpr(rd(l), hi);
        return Ok(());
    }
    let x = fval(l, s)?;
    let r = match func {
        2 => fun(l, FUnOp::Exp2, Type::F32, true, x),
        3 => fun(l, FUnOp::Log2, Type::F32, true, x),
        4 => fun(l, FUnOp::Rcp, Type::F32, true, x),
        5 => fun(l, FUnOp::Rsqrt, Type::F32, true, x),
        8 => fun(l, FUnOp::Sqrt, Type::F32, true, x),
        0 | 1 => {
            // sin/cos of 2π·x, in f64, rounded once to f32.
            let d = widen(l, x, true);
            let t = fop(
                l,
                FBinOp::Mul,
                Type::F64,
                Round::Rn,
                false,
                d,
                Operand::Imm(std::f64::consts::TAU.to_bits()),
            );
            let op = if func == 0 { FUnOp::Cos } else { FUnOp::Sin };
            let y = fun(l, op, Type::F64, false, t.into());
            cvt_full(
                l,
                CvtOp::FtoF,
                Type::F32,
                Type::F64,
                Round::Rn,
                false,
                true,
                y,
            )
        }
        9 => tanh(l, x),
        f => return Err(l.unsupported(format!("MUFU function {f}"))),
    };
    write_f32(l, r);
    Ok(())
}

/// `MUFU.{EX2,TANH}.F16 Rd, b[.H1]` (bit 73): PTX `ex2/tanh.approx.f16`.
/// The `f16` source (low half, or the high half with select `.H1` [60, 62);
/// negate 63, abs 62) is widened exactly to `f32`, the `f32` MUFU function
/// is applied (as lifted above) and the result rounded to nearest `f16`,
/// zero-extended into Rd (ptxas packs the two results of the `f16x2` forms
/// with PRMT from the low halves). Subnormal `f16` values are normal in
/// `f32`, so the `f32` flush does not touch them. nvdisasm also prints
/// `.F16` for the other functions, which PTX has no `f16` form of: refused.
fn mufu_f16(l: &mut Lifter, opcode: u16) -> Result<(), LiftError> {
    let func = bits(l.word, 74, 78);
    if !matches!(func, 2 | 9) {
        return Err(l.unsupported(format!("MUFU .F16 function {func}")));
    }
    let s = src1(l, opcode)?;
    let h = fsrc_typed(l, s, Type::F16)?;
    let x = widen_from(l, h, Type::F16);
    let r = if func == 2 {
        fun(l, FUnOp::Exp2, Type::F32, true, x)
    } else {
        tanh(l, x)
    };
    let r = cvt_full(
        l,
        CvtOp::FtoF,
        Type::F16,
        Type::F32,
        Round::Rn,
        false,
        false,
        r,
    );
    write_float(l, Type::F16, r);
    Ok(())
}

/// A float binary op into a fresh temp of type `ty`.
fn fop(l: &mut Lifter, op: FBinOp, ty: Type, rnd: Round, ftz: bool, a: Operand, b: Operand) -> Reg {
    let dst = l.tmp(ty);
    l.emit(Op::FBin {
        op,
        ty,
        rnd,
        ftz,
        dst,
        a,
        b,
    });
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
fn tanh(l: &mut Lifter, x: Operand) -> Operand {
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
    l.emit(Op::FCmp {
        cond: FCond::Olt,
        ty: Type::F64,
        ftz: false,
        dst: is_small,
        a,
        b: Operand::Imm(2f64.powi(-10).to_bits()),
    });
    let r = l.select(Type::F64, is_small.into(), small, big);
    // The sign bit of x (so tanh(-0) = -0; a NaN passes through `big`).
    let bits = l.cvt(CvtOp::Bitcast, Type::I64, Type::F64, d);
    let neg = l.icmp(ICond::Slt, Type::I64, bits, Operand::Imm(0));
    let nr = fun(l, FUnOp::Neg, Type::F64, false, r);
    let r = l.select(Type::F64, neg, nr, r);
    cvt_full(
        l,
        CvtOp::FtoF,
        Type::F32,
        Type::F64,
        Round::Rn,
        false,
        true,
        r,
    )
}

/// `fma.f64` (round to nearest) into a fresh temp.
fn fma64(l: &mut Lifter, a: Operand, b: Operand, c: Operand) -> Operand {
    let dst = l.tmp(Type::F64);
    l.emit(Op::Fma {
        ty: Type::F64,
        ftz: false,
        dst,
        a,
        b,
        c,
    });
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

/// The float type of a 2-bit size code (1 F16, 2 F32, 3 F64).
fn fsize(l: &Lifter, code: u64) -> Result<Type, LiftError> {
    match code {
        1 => Ok(Type::F16),
        2 => Ok(Type::F32),
        3 => Ok(Type::F64),
        _ => Err(l.unsupported(format!("float size code {code}"))),
    }
}

/// The integer type and signedness of a 3-bit code (U8 U16 U32 U64 S8 S16
/// S32 S64).
fn isize_of(code: u64) -> (Type, bool) {
    let ty = match code & 3 {
        0 => Type::I8,
        1 => Type::I16,
        2 => Type::I32,
        _ => Type::I64,
    };
    (ty, code & 4 != 0)
}

/// Reads a float source of type `ty` (F16: the low half of the register;
/// F64: a pair) with abs/negate applied.
fn fsrc_typed(l: &mut Lifter, s: FSrc, ty: Type) -> Result<Operand, LiftError> {
    let f = match ty {
        Type::F64 | Type::F32 if select(l) != 0 => {
            return Err(l.unsupported("sub-register select of a 32/64-bit source"))
        }
        Type::F64 => return dval(l, s),
        Type::F32 => return fval(l, s),
        _ => {
            let v = l.src(s.0)?;
            let v = selected(l, v, 16)?;
            let h = l.cvt(CvtOp::Trunc, Type::I16, Type::I32, v);
            l.cvt(CvtOp::Bitcast, Type::F16, Type::I16, h)
        }
    };
    Ok(absneg(l, ty, f, s.1, s.2))
}

/// Writes a float result of type `ty` (F16: zero-extended into Rd).
fn write_float(l: &mut Lifter, ty: Type, v: Operand) {
    match ty {
        Type::F64 => write_f64(l, v),
        Type::F32 => write_f32(l, v),
        _ => {
            let h = l.cvt(CvtOp::Bitcast, Type::I16, Type::F16, v);
            let i = l.cvt(CvtOp::Zext, Type::I32, Type::I16, h);
            l.write_gpr(rd(l), i);
        }
    }
}

/// Rejects sub-register selects (`.H1`, `.B1`..`.B3`, bits [60, 62)) where
/// the instruction does not take them.
fn no_select(l: &Lifter) -> Result<(), LiftError> {
    if select(l) != 0 {
        return Err(l.unsupported("sub-register source select"));
    }
    Ok(())
}

/// The sub-register select of a conversion's source (bits [60, 62): byte
/// `.B0` .. `.B3` of an 8-bit source, half `.H0`/`.H1` of a 16-bit one;
/// nvdisasm prints them on register, constant-bank and uniform-register
/// sources alike: `I2F.U8 R2, R0.B1`, `I2F.U16 R2, c[0x0] [0x10].H1`,
/// `F2F.F32.F16 R2, UR4.H1`); 0 for the immediate form, whose bits those
/// are. (Reading it only for registers once lifted `c[..].H1` and `UR.H1`
/// as the low half.)
fn select(l: &Lifter) -> u64 {
    match (l.word >> 9) & 7 {
        1 | 5 | 6 => bits(l.word, 60, 62),
        _ => 0,
    }
}

/// A 32-bit register value shifted right to the selected byte or half
/// (`width` 8 or 16 bits); other widths take no select.
fn selected(l: &mut Lifter, v: Operand, width: u32) -> Result<Operand, LiftError> {
    let sel = select(l);
    if sel == 0 {
        return Ok(v);
    }
    if width * (sel as u32 + 1) > 32 {
        return Err(l.unsupported(format!("select {sel} of a {width}-bit source")));
    }
    Ok(l.bin32(
        xisa_ir::BinOp::LShr,
        v,
        Operand::Imm(u64::from(width) * sel),
    ))
}

/// `I2F[.dsz][.stype][.rnd] Rd, b`: integer (type [84, 86) + signed 74) to
/// float (size [75, 77)), rounded by [78, 80).
fn i2f(l: &mut Lifter, opcode: u16) -> Result<(), LiftError> {
    let w = l.word;
    let (ity, signed) = isize_of(bits(w, 84, 86) | (u64::from(bit(w, 74)) << 2));
    if matches!(ity, Type::I32 | Type::I64) {
        no_select(l)?;
    }
    let fty = fsize(l, bits(w, 75, 77))?;
    let s = src1(l, opcode)?;
    let v = if ity == Type::I64 {
        l.src64(s.0)?
    } else {
        let v = l.src(s.0)?;
        if ity == Type::I32 {
            v
        } else {
            let v = selected(l, v, ity.bits())?;
            l.cvt(CvtOp::Trunc, ity, Type::I32, v)
        }
    };
    let op = if signed { CvtOp::StoF } else { CvtOp::UtoF };
    let r = cvt_full(l, op, fty, ity, round_at(w), false, false, v);
    write_float(l, fty, r);
    Ok(())
}

/// `F2I[.FTZ][.dtype][.ssz][.rnd][.NTZ] Rd, b`: float (size [84, 86)) to
/// integer (size [75, 77) + signed 72), rounded by [78, 80) (RN FLOOR CEIL
/// TRUNC), saturating; NaN gives 0. The 32-bit-source form (0x305) has
/// `.NTZ` (bit 77), which ptxas always sets for PTX `cvt` and whose
/// semantics these are; without it the NaN result is not known: refused
/// (and the 64-bit form, which ptxas emits without it, refuses it).
fn f2i(l: &mut Lifter, opcode: u16) -> Result<(), LiftError> {
    let w = l.word;
    if opcode & 0x1ff == 0x105 && !bit(w, 77) {
        return Err(l.unsupported(format!(
            "{}: F2I without .NTZ (its NaN result is not known)",
            l.form_name()
        )));
    }
    // The 64-bit form (0x311) as ptxas emits it has no `.NTZ`; with it the
    // semantics are not known.
    if opcode & 0x1ff == 0x111 && bit(w, 77) {
        return Err(l.unsupported(format!("{}: .NTZ on the 64-bit F2I form", l.form_name())));
    }
    let (ity, signed) = isize_of(bits(w, 75, 77) | (u64::from(bit(w, 72)) << 2));
    let fty = fsize(l, bits(w, 84, 86))?;
    let s = src1(l, opcode)?;
    let x = fsrc_typed(l, s, fty)?;
    let op = if signed { CvtOp::FtoS } else { CvtOp::FtoU };
    let r = cvt_full(l, op, ity, fty, round_at(w), false, bit(w, 80), x);
    match ity {
        Type::I64 => l.write_pair(rd(l), r),
        Type::I32 => l.write_gpr(rd(l), r),
        _ => {
            let ext = if signed { CvtOp::Sext } else { CvtOp::Zext };
            let i = l.cvt(ext, Type::I32, ity, r);
            l.write_gpr(rd(l), i);
        }
    }
    Ok(())
}

/// `FRND[.FTZ][.F64][.rnd] Rd, b`: round to an integral value in the same
/// format (sizes [75, 77) and [84, 86), equal), by [78, 80): RN (ties to
/// even) FLOOR CEIL TRUNC. `.F16` (PTX `cvt.r*i.f16.f16`) reads the low
/// half, or the high one with select `.H1` [60, 62), and zero-extends the
/// result into Rd; a select on F32/F64 is refused.
fn frnd(l: &mut Lifter, opcode: u16) -> Result<(), LiftError> {
    let w = l.word;
    let ty = fsize(l, bits(w, 75, 77))?;
    if fsize(l, bits(w, 84, 86))? != ty {
        return Err(l.unsupported("FRND between different sizes"));
    }
    if ty == Type::F16 && bit(w, 80) {
        // ptxas never emits it (cvt.r*i.f16.f16 has no .ftz); whether it
        // flushes f16 subnormals is not known.
        return Err(l.unsupported("FRND.FTZ.F16"));
    }
    let s = src1(l, opcode)?;
    let x = fsrc_typed(l, s, ty)?;
    let op = match bits(w, 78, 80) {
        0 => FUnOp::Rint,
        1 => FUnOp::Floor,
        2 => FUnOp::Ceil,
        _ => FUnOp::Trunc,
    };
    let r = fun(l, op, ty, bit(w, 80), x);
    write_float(l, ty, r);
    Ok(())
}

/// `F2F[.FTZ].dsz.ssz[.rnd] Rd, b`: float to float of another size.
fn f2f(l: &mut Lifter, opcode: u16) -> Result<(), LiftError> {
    let w = l.word;
    let to = fsize(l, bits(w, 75, 77))?;
    let from = fsize(l, bits(w, 84, 86))?;
    // nvdisasm rejects F2F words with bit 77 set (it is F2I's `.NTZ`).
    if bit(w, 77) {
        return Err(l.unsupported(format!("{}: F2F with bit 77 set", l.form_name())));
    }
    if to == from {
        return Err(l.unsupported("F2F between equal sizes"));
    }
    let s = src1(l, opcode)?;
    let x = fsrc_typed(l, s, from)?;
    let r = cvt_full(l, CvtOp::FtoF, to, from, round_at(w), false, bit(w, 80), x);
    write_float(l, to, r);
    Ok(())
}
