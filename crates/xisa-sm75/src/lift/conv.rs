//! Conversions and the multi-function unit, lifted from their syntax
//! (`view.rs`): I2F, F2I, F2F, FRND and MUFU.
//!
//! A conversion's head names its types by token, destination first:
//! `I2F.F64.S16` (to `f64` from `s16`), `F2I.U32.F64`, `F2F.F16.F32`;
//! what is not printed is the default, `f32` and `s32` (`I2F R0, R5` is
//! `s32` to `f32`, `F2I.F16.NTZ` is `f16` to `s32`). The source of a
//! narrow type may carry a sub-register select: a byte `.B1`-`.B3` of an
//! 8-bit integer, the high half `.H1` of a 16-bit integer or `f16`
//! (nvdisasm prints them on registers, constants and uniform registers
//! alike). An immediate source must be typed as its source type is (an
//! `f32` field for `f32`, `f64hi` for `f64`, an integer for integers): the
//! tables do not type the immediates of every float form, and an
//! immediate of another type is refused rather than reinterpreted.
//!
//! MUFU precision: the approximations are not bit-specified by NVIDIA;
//! see [`super::float`] for how xisa computes them.

use xisa_ir::{BinOp, CvtOp, FBinOp, FUnOp, ICond, Operand, Round, Type};

use super::float::{
    absneg, cvt_full, fop, fsrc, fun, imm_typed, narrow, selects, tanh, widen, widen_from,
    write_float_at,
};
use super::view::{Mods, Val};
use super::{LiftError, LiftFn, Lifter};
use crate::FieldKind;

/// The conversion and MUFU ops, by mnemonic.
pub(crate) const OPS: &[(&str, LiftFn)] = &[
    ("I2F", i2f),
    ("F2I", f2i),
    ("F2F", f2f),
    ("FRND", frnd),
    ("MUFU", mufu),
];

/// Float format tokens.
const FLOATS: [(&str, Type); 3] = [("F16", Type::F16), ("F32", Type::F32), ("F64", Type::F64)];

/// Integer type tokens: type and signedness.
const INTS: [(&str, Type, bool); 8] = [
    ("U8", Type::I8, false),
    ("S8", Type::I8, true),
    ("U16", Type::I16, false),
    ("S16", Type::I16, true),
    ("U32", Type::I32, false),
    ("S32", Type::I32, true),
    ("U64", Type::I64, false),
    ("S64", Type::I64, true),
];

/// Roundings of a float result (none: to nearest even).
const TO_FLOAT: [(&str, Round); 3] = [("RM", Round::Rm), ("RP", Round::Rp), ("RZ", Round::Rz)];

/// Roundings to an integral value (none: to nearest even).
const TO_INT: [(&str, Round); 3] = [
    ("FLOOR", Round::Rm),
    ("CEIL", Round::Rp),
    ("TRUNC", Round::Rz),
];

/// A conversion head read: its float and integer type tokens in print
/// order (destination first), its rounding and the other tokens.
struct Head {
    floats: Vec<Type>,
    ints: Vec<(Type, bool)>,
    rnd: Round,
    mods: Mods,
}

/// Reads a conversion head: type tokens, one rounding of `rounds` and the
/// `extra` tokens the op implements.
fn head(
    l: &mut Lifter,
    ints: bool,
    rounds: &[(&str, Round)],
    extra: &[&str],
) -> Result<Head, LiftError> {
    let known: Vec<&str> = FLOATS
        .iter()
        .map(|f| f.0)
        .chain(INTS.iter().filter(|_| ints).map(|i| i.0))
        .chain(rounds.iter().map(|r| r.0))
        .chain(extra.iter().copied())
        .collect();
    let mods = l.mods(&known)?;
    let floats = mods
        .toks()
        .iter()
        .filter_map(|t| FLOATS.iter().find(|f| f.0 == t).map(|f| f.1))
        .collect();
    let ints = mods
        .toks()
        .iter()
        .filter_map(|t| INTS.iter().find(|i| i.0 == t).map(|i| (i.1, i.2)))
        .collect();
    let rnd = rounds
        .iter()
        .find(|r| mods.has(r.0))
        .map_or(Round::Rn, |r| r.1);
    Ok(Head {
        floats,
        ints,
        rnd,
        mods,
    })
}

/// The one type of a group (`default` when none is printed).
fn one<T: Copy>(l: &Lifter, got: &[T], default: T, what: &str) -> Result<T, LiftError> {
    match got {
        [] => Ok(default),
        [t] => Ok(*t),
        _ => Err(l.unsupported(format!("{}: more than one {what} type", l.form_name()))),
    }
}

/// Integer source `pos` of type `ity` (narrow types: the selected byte or
/// half, truncated).
fn int_src(l: &mut Lifter, pos: usize, ity: Type) -> Result<Operand, LiftError> {
    let sels = selects(ity.bits());
    let known: Vec<&str> = sels.iter().map(|s| s.0).collect();
    let o = l.opnd(pos, &known)?;
    imm_typed(l, o.imm_kind, &[FieldKind::UImm, FieldKind::SImm])?;
    let v = l.read_val(pos, &o, ity == Type::I64)?;
    if matches!(ity, Type::I32 | Type::I64) {
        return Ok(v);
    }
    let v = match sels.iter().find(|s| o.has(s.0)) {
        Some(&(_, shift)) => l.bin32(BinOp::LShr, v, Operand::Imm(shift)),
        None => v,
    };
    Ok(l.cvt(CvtOp::Trunc, ity, Type::I32, v))
}

/// `I2F[.dtype][.itype][.RM/.RP/.RZ] Rd, b`: integer to float.
fn i2f(l: &mut Lifter) -> Result<(), LiftError> {
    let h = head(l, true, &TO_FLOAT, &[])?;
    let fty = one(l, &h.floats, Type::F32, "float")?;
    let (ity, signed) = one(l, &h.ints, (Type::I32, true), "integer")?;
    let v = int_src(l, 1, ity)?;
    let op = if signed { CvtOp::StoF } else { CvtOp::UtoF };
    let r = cvt_full(l, op, fty, ity, h.rnd, false, false, v);
    write_float_at(l, 0, fty, r)
}

/// `F2I[.FTZ][.itype][.ftype][.FLOOR/.CEIL/.TRUNC][.NTZ] Rd, b`: float to
/// integer, saturating, NaN to 0. ptxas sets `.NTZ` on every conversion
/// between 32-bit and narrower types (whose semantics these are) and never
/// on a 64-bit one: a narrow conversion without it, whose NaN result is
/// not known, and a 64-bit one with it are refused.
fn f2i(l: &mut Lifter) -> Result<(), LiftError> {
    let h = head(l, true, &TO_INT, &["FTZ", "NTZ"])?;
    let (ity, signed) = one(l, &h.ints, (Type::I32, true), "integer")?;
    let fty = one(l, &h.floats, Type::F32, "float")?;
    let wide = ity == Type::I64 || fty == Type::F64;
    match (wide, h.mods.has("NTZ")) {
        (false, false) => {
            return Err(l.unsupported(format!(
                "{}: F2I without .NTZ (its NaN result is not known)",
                l.form_name()
            )))
        }
        (true, true) => {
            return Err(l.unsupported(format!("{}: .NTZ on a 64-bit F2I", l.form_name())))
        }
        _ => {}
    }
    let x = fsrc(l, 1, fty)?;
    let op = if signed { CvtOp::FtoS } else { CvtOp::FtoU };
    let r = cvt_full(l, op, ity, fty, h.rnd, false, h.mods.has("FTZ"), x);
    match ity {
        Type::I64 => l.write_pair_at(0, r),
        Type::I32 => l.write_at(0, r),
        _ => {
            let ext = if signed { CvtOp::Sext } else { CvtOp::Zext };
            let i = l.cvt(ext, Type::I32, ity, r);
            l.write_at(0, i)
        }
    }
}

/// `F2F[.FTZ].dtype.stype[.RM/.RP/.RZ] Rd, b`: float to a float of another
/// size.
fn f2f(l: &mut Lifter) -> Result<(), LiftError> {
    let h = head(l, false, &TO_FLOAT, &["FTZ"])?;
    let [to, from] = h.floats[..] else {
        return Err(l.unsupported(format!(
            "{}: F2F names {} float types, not two",
            l.form_name(),
            h.floats.len()
        )));
    };
    if to == from {
        return Err(l.unsupported(format!("{}: F2F between equal sizes", l.form_name())));
    }
    let x = fsrc(l, 1, from)?;
    let r = cvt_full(l, CvtOp::FtoF, to, from, h.rnd, false, h.mods.has("FTZ"), x);
    write_float_at(l, 0, to, r)
}

/// `FRND[.FTZ][.type][.FLOOR/.CEIL/.TRUNC] Rd, b`: round to an integral
/// value in the same format (none: to nearest even). `.F16` (PTX
/// `cvt.r*i.f16.f16`) zero-extends its result into Rd.
fn frnd(l: &mut Lifter) -> Result<(), LiftError> {
    let h = head(l, false, &TO_INT, &["FTZ"])?;
    let ty = one(l, &h.floats, Type::F32, "float")?;
    let ftz = h.mods.has("FTZ");
    if ty == Type::F16 && ftz {
        // ptxas never emits it (cvt.r*i.f16.f16 has no .ftz); whether it
        // flushes f16 subnormals is not known.
        return Err(l.unsupported(format!("{}: FRND.FTZ.F16", l.form_name())));
    }
    let x = fsrc(l, 1, ty)?;
    let op = match h.rnd {
        Round::Rn => FUnOp::Rint,
        Round::Rm => FUnOp::Floor,
        Round::Rp => FUnOp::Ceil,
        Round::Rz => FUnOp::Trunc,
    };
    let r = fun(l, op, ty, ftz, x);
    write_float_at(l, 0, ty, r)
}

/// MUFU functions by token.
const FUNCS: [&str; 10] = [
    "COS", "SIN", "EX2", "LG2", "RCP", "RSQ", "RCP64H", "RSQ64H", "SQRT", "TANH",
];

/// `MUFU.FUNC[.F16] Rd, b`.
fn mufu(l: &mut Lifter) -> Result<(), LiftError> {
    let known: Vec<&str> = FUNCS.iter().copied().chain(["F16"]).collect();
    let m = l.mods(&known)?;
    let Some(func) = m.pick(&FUNCS) else {
        return Err(l.unsupported(format!("{}: no MUFU function", l.form_name())));
    };
    if m.has("F16") {
        return mufu_f16(l, func);
    }
    if matches!(func, "RCP64H" | "RSQ64H") {
        return mufu64h(l, func == "RCP64H");
    }
    let x = fsrc(l, 1, Type::F32)?;
    let r = match func {
        "EX2" => fun(l, FUnOp::Exp2, Type::F32, true, x),
        "LG2" => fun(l, FUnOp::Log2, Type::F32, true, x),
        "RCP" => fun(l, FUnOp::Rcp, Type::F32, true, x),
        "RSQ" => fun(l, FUnOp::Rsqrt, Type::F32, true, x),
        "SQRT" => fun(l, FUnOp::Sqrt, Type::F32, true, x),
        "TANH" => tanh(l, x),
        _ => {
            // SIN/COS of 2π·x, in f64, rounded once to f32.
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
            let op = if func == "COS" {
                FUnOp::Cos
            } else {
                FUnOp::Sin
            };
            let y = fun(l, op, Type::F64, false, t.into());
            narrow(l, Round::Rn, true, y)
        }
    };
    write_float_at(l, 0, Type::F32, r)
}

/// `MUFU.RCP64H`/`RSQ64H Rd, b`: b is the high word of an `f64` (low word
/// 0); the result is the high word of the `f64` reciprocal (root). Both
/// exist only as `.ftz` forms in PTX (`rcp/rsqrt.approx.ftz.f64`): a
/// subnormal source (exponent field 0) is flushed to a signed zero (the
/// IR's `ftz` flushes `f32` only).
fn mufu64h(l: &mut Lifter, rcp: bool) -> Result<(), LiftError> {
    let o = l.opnd(1, &["-", "|"])?;
    // The source is a raw high word: an immediate of a typed float field
    // would be reinterpreted.
    let v = match (o.val, o.imm_kind) {
        (Val::Imm(v), Some(FieldKind::F64Hi)) => Operand::Imm((v as u64) >> 32),
        (Val::Imm(_), _) => {
            return Err(l.unsupported(format!(
                "{}: an immediate that is not an f64 high word",
                l.form_name()
            )))
        }
        _ => l.read_val(1, &o, false)?,
    };
    let e = l.bin32(BinOp::And, v, Operand::Imm(0x7ff0_0000));
    let z = l.icmp(ICond::Eq, Type::I32, e, Operand::Imm(0));
    let sgn = l.bin32(BinOp::And, v, Operand::Imm(0x8000_0000));
    let v = l.select(Type::I32, z, sgn, v);
    let d = l.join64(Operand::Imm(0), v);
    let f = l.cvt(CvtOp::Bitcast, Type::F64, Type::I64, d);
    let f = absneg(l, Type::F64, f, o.neg, o.abs);
    let op = if rcp { FUnOp::Rcp } else { FUnOp::Rsqrt };
    let r = fun(l, op, Type::F64, false, f);
    let i = l.cvt(CvtOp::Bitcast, Type::I64, Type::F64, r);
    let (_, hi) = l.split64(i);
    l.write_at(0, hi)
}

/// `MUFU.{EX2,TANH}.F16 Rd, b[.H1]`: PTX `ex2/tanh.approx.f16`. The `f16`
/// source is widened exactly to `f32`, the `f32` function applied and the
/// result rounded to nearest `f16`, zero-extended into Rd (ptxas packs the
/// two results of the `f16x2` forms with PRMT). Subnormal `f16` values are
/// normal in `f32`, so the `f32` flush does not touch them. nvdisasm also
/// prints `.F16` for the other functions, which PTX has no `f16` form of:
/// refused.
fn mufu_f16(l: &mut Lifter, func: &str) -> Result<(), LiftError> {
    if !matches!(func, "EX2" | "TANH") {
        return Err(l.unsupported(format!("{}: MUFU.{func}.F16", l.form_name())));
    }
    let h = fsrc(l, 1, Type::F16)?;
    let x = widen_from(l, h, Type::F16);
    let r = if func == "EX2" {
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
    write_float_at(l, 0, Type::F16, r)
}
