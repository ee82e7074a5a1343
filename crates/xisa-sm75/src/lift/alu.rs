//! Integer ALU instructions (vector and uniform datapath), lifted from
//! their syntax ([`super::view`]): one function per mnemonic, reading the
//! modifier tokens and the operands by position as nvdisasm prints them.
//! The uniform twins (`UIADD3`, `USHF`, ...) share their vector op's
//! function: their operands name UR/UP registers.

use xisa_ir::op;
use xisa_ir::{BinOp, CvtOp, ICond, Op, Operand, Type, UnOp};

use super::view::{Mods, Val};
use super::{LiftError, LiftFn, Lifter};

/// The integer ALU ops by mnemonic (the uniform twin's `U` prefix
/// removed where both exist).
pub(crate) const OPS: &[(&str, LiftFn)] = &[
    ("MOV", mov),
    ("R2UR", r2ur),
    ("P2R", p2r),
    ("R2P", r2p),
    ("VABSDIFF", vabsdiff),
    ("VABSDIFF4", vabsdiff4),
    ("SEL", sel),
    ("ISETP", isetp),
    ("IADD3", iadd3),
    ("LEA", lea),
    ("LOP3", lop3),
    ("IABS", iabs),
    ("PRMT", prmt),
    ("IMNMX", imnmx),
    ("SHF", shf),
    ("SGXT", sgxt),
    ("BMSK", bmsk),
    ("IDP", idp),
    ("PLOP3", plop3),
    ("I2I", i2i_sat),
    ("I2IP", i2ip),
    ("IMAD", imad_any),
    ("FLO", flo),
    ("BREV", brev),
    ("POPC", popc),
];

/// Ops that have a uniform twin spelled with a `U` prefix.
pub(crate) const UNIFORM: &[&str] = &[
    "MOV", "SEL", "ISETP", "IADD3", "LEA", "LOP3", "PRMT", "SHF", "SGXT", "BMSK", "PLOP3", "IMAD",
    "FLO", "BREV", "POPC",
];

/// `~v`.
fn not32(l: &mut Lifter, v: Operand) -> Operand {
    l.bin32(BinOp::Xor, v, Operand::Imm(0xffff_ffff))
}

/// `MOV Rd, b[, mask]` and `UMOV URd, b` (no mask): MOV's lane mask is the
/// full 0xf (printed only when it is not); other masks are refused.
fn mov(l: &mut Lifter) -> Result<(), LiftError> {
    l.mods(&[])?;
    let (_, v) = l.src_at(1, &[])?;
    let mask = if l.operand_count()? > 2 {
        l.opnd(2, &[])?.val
    } else {
        Val::Absent
    };
    match mask {
        Val::Absent | Val::Imm(0xf) => {}
        Val::Imm(m) => {
            return Err(l.unsupported(format!(
                "{}: lane mask {m:#x} is not lifted (only 0xf)",
                l.form_name()
            )))
        }
        _ => {
            return Err(l.unsupported(format!(
                "{}: a lane mask that is not an immediate",
                l.form_name()
            )))
        }
    }
    l.write_at(0, v)
}

/// `R2UR [Pd,] URd, Ra`: the predicate output and `.OR` are refused (their
/// meaning is not known; ptxas 12.9 emits neither).
fn r2ur(l: &mut Lifter) -> Result<(), LiftError> {
    l.mods(&[])?;
    if !l.opnd(0, &[])?.is_true_pred() {
        return Err(l.unsupported(format!("{}: a predicate output", l.form_name())));
    }
    let (_, v) = l.src_at(2, &[])?;
    l.write_at(1, v)
}

/// `SEL Rd, a, b, P` (`USEL`): P ? a : b.
fn sel(l: &mut Lifter) -> Result<(), LiftError> {
    l.mods(&[])?;
    let (_, a) = l.src_at(1, &[])?;
    let (_, b) = l.src_at(2, &[])?;
    let p = l.pred_at(3)?;
    let r = l.select(Type::I32, p, a, b);
    l.write_at(0, r)
}

/// A one-source op `OP Rd, [~]b` (IABS, BREV, POPC; FLO has its own).
fn unary(l: &mut Lifter, pos: usize, op: UnOp, invert: bool) -> Result<Operand, LiftError> {
    let known: &[&str] = if invert { &["~"] } else { &[] };
    let (o, mut a) = l.src_at(pos, known)?;
    if o.not {
        a = not32(l, a);
    }
    let dst = l.tmp(Type::I32);
    l.emit(Op::Un(op::Un {
        op,
        ty: Type::I32,
        dst,
        a,
    }));
    Ok(dst.into())
}

/// `IABS Rd, b`.
fn iabs(l: &mut Lifter) -> Result<(), LiftError> {
    l.mods(&[])?;
    let r = unary(l, 1, UnOp::Abs, false)?;
    l.write_at(0, r)
}

/// `BREV Rd, b` (`UBREV`).
fn brev(l: &mut Lifter) -> Result<(), LiftError> {
    l.mods(&[])?;
    let r = unary(l, 1, UnOp::Brev, false)?;
    l.write_at(0, r)
}

/// `POPC Rd, [~]b` (`UPOPC`).
fn popc(l: &mut Lifter) -> Result<(), LiftError> {
    l.mods(&[])?;
    let r = unary(l, 1, UnOp::Popc, true)?;
    l.write_at(0, r)
}

/// `P2R[.Bn] Rd, PR, Ra, mask`: `P0..P6` (bit i = Pi) masked by `mask`,
/// placed at byte n of Rd. Only the form whose merge source Ra is RZ and
/// whose mask is an immediate naming only P0..P6 is lifted: which bits of
/// Ra survive (the masked ones or the whole byte) and what bit 7 (PT)
/// reads are not known, and ptxas 12.9 emits neither.
fn p2r(l: &mut Lifter) -> Result<(), LiftError> {
    let m = l.mods(&["B1", "B2", "B3"])?;
    if l.opnd(1, &[])?.val != Val::PR {
        return Err(l.unsupported(format!("{}: operand 1 is not PR", l.form_name())));
    }
    let merge = l.opnd(2, &[])?;
    let mask = l.opnd(3, &[])?;
    let (true, Val::Imm(mask)) = (merge.is_zero_reg(), mask.val) else {
        return Err(l.unsupported(format!(
            "{}: a merge source other than RZ or a non-immediate mask",
            l.form_name()
        )));
    };
    if mask & !0x7f != 0 {
        return Err(l.unsupported(format!("P2R mask {mask:#x} beyond P0..P6")));
    }
    let mut v = Operand::Imm(0);
    for i in 0..7u8 {
        if mask & (1 << i) == 0 {
            continue;
        }
        let p = l.read_pred_file(super::File::P, i, false);
        let b = l.select(Type::I32, p, Operand::Imm(1 << i), Operand::Imm(0));
        v = match v {
            Operand::Imm(0) => b,
            v => l.bin32(BinOp::Or, v, b),
        };
    }
    let sh = byte_shift(&m.toks().iter().map(String::as_str).collect::<Vec<_>>());
    if sh != 0 && v != Operand::Imm(0) {
        v = l.bin32(BinOp::Shl, v, Operand::Imm(sh));
    }
    l.write_at(0, v)
}

/// The bit shift of a byte select `.B1`..`.B3` among `toks` (0 for none).
fn byte_shift(toks: &[&str]) -> u64 {
    ["B0", "B1", "B2", "B3"]
        .iter()
        .position(|b| toks.contains(b))
        .map_or(0, |n| 8 * n as u64)
}

/// `R2P PR, Ra[.Bn], mask`: for each i in 0..7 whose mask bit is set, Pi =
/// bit (8n + i) of Ra. The mask may be a register or constant: each Pi keeps
/// its value where the mask bit is clear. Mask bits 7 and up name PT or no
/// predicate and have no effect.
fn r2p(l: &mut Lifter) -> Result<(), LiftError> {
    l.mods(&[])?;
    if l.opnd(0, &[])?.val != Val::PR {
        return Err(l.unsupported(format!("{}: operand 0 is not PR", l.form_name())));
    }
    let (ao, a) = l.src_at(1, &["B1", "B2", "B3"])?;
    let (_, mask) = l.src_at(2, &[])?;
    let sh = byte_shift(&ao.sufs.iter().map(String::as_str).collect::<Vec<_>>());
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
                let old = l.read_pred_file(super::File::P, i, false);
                l.select(Type::I1, m, v, old)
            }
        };
        vals.push((i, v));
    }
    for (i, v) in vals {
        l.write_file(super::File::P, i, v);
    }
    Ok(())
}

/// Refuses a written predicate output at `pos` whose meaning is not known.
fn no_pred_out(l: &mut Lifter, pos: usize) -> Result<(), LiftError> {
    if l.opnd(pos, &[])?.is_true_pred() {
        return Ok(());
    }
    Err(l.unsupported(format!(
        "{}: a predicate output other than PT",
        l.form_name()
    )))
}

/// `VABSDIFF[.U32] Rd, [Pd,] a, b, c` (PTX `sad`, `__sad`/`__usad`):
/// The 32-bit min and max ops, unsigned (`.U32`) or signed.
fn min_max_ops(unsigned: bool) -> (BinOp, BinOp) {
    if unsigned {
        (BinOp::MinU, BinOp::MaxU)
    } else {
        (BinOp::MinS, BinOp::MaxS)
    }
}

/// `|a - b| + c`, the difference of the signed (no type printed) or
/// unsigned (`.U32`) 32-bit values taken exactly. The predicate output has
/// no known meaning: refused unless PT.
fn vabsdiff(l: &mut Lifter) -> Result<(), LiftError> {
    let m = l.mods(&["U32"])?;
    no_pred_out(l, 1)?;
    let (_, a) = l.src_at(2, &[])?;
    let (_, b) = l.src_at(3, &[])?;
    let (_, c) = l.src_at(4, &[])?;
    let (min, max) = min_max_ops(m.has("U32"));
    // max - min is the exact difference modulo 2^32.
    let lo = l.bin32(min, a, b);
    let hi = l.bin32(max, a, b);
    let d = l.bin32(BinOp::Sub, hi, lo);
    let r = l.bin32(BinOp::Add, d, c);
    l.write_at(0, r)
}

/// `VABSDIFF4[.U8][.ACC] Rd, [Pd,] a, b, c` (PTX `vabsdiff4`, `__vsadu4`,
/// `__vabsdiffu4`): the absolute differences of the four byte lanes of a
/// and b (unsigned with `.U8`, else signed bytes), each exact in 0..=255;
/// `.ACC` gives c plus their sum, else the four differences packed in
/// place. Without `.ACC` c must be RZ (ptxas passes RZ; a merge role of c
/// is not known); the predicate output must be PT.
fn vabsdiff4(l: &mut Lifter) -> Result<(), LiftError> {
    let m = l.mods(&["U8", "ACC"])?;
    let acc = m.has("ACC");
    no_pred_out(l, 1)?;
    let (_, a) = l.src_at(2, &[])?;
    let (_, b) = l.src_at(3, &[])?;
    let (co, c) = l.src_at(4, &[])?;
    if !acc && !co.is_zero_reg() {
        return Err(l.unsupported("VABSDIFF4 without .ACC and with Rc other than RZ"));
    }
    let unsigned = m.has("U8");
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
    l.write_at(0, r)
}

/// `FLO[.U32][.SH] Rd, [Pd,] [~]b` (`UFLO`): index of the leading one
/// (signed: leading bit differing from the sign); `.SH` gives
/// `31 - index`. The predicate output's meaning is not known: refused
/// unless PT.
fn flo(l: &mut Lifter) -> Result<(), LiftError> {
    let m = l.mods(&["U32", "SH"])?;
    no_pred_out(l, 1)?;
    let op = if m.has("U32") { UnOp::FloU } else { UnOp::FloS };
    let mut r = unary(l, 2, op, true)?;
    if m.has("SH") {
        let none = l.icmp(ICond::Eq, Type::I32, r, Operand::Imm(0xffff_ffff));
        let sh = l.bin32(BinOp::Sub, Operand::Imm(31), r);
        r = l.select(Type::I32, none, r, sh);
    }
    l.write_at(0, r)
}

/// The comparison tokens of ISETP / FSETP-like heads, in encoding order.
const CMPS: [&str; 8] = ["F", "LT", "EQ", "LE", "GT", "NE", "GE", "T"];

/// An integer comparison (`F` / `T` are constants).
fn compare(l: &mut Lifter, cmp: &str, signed: bool, a: Operand, b: Operand) -> Operand {
    let c = match (cmp, signed) {
        ("F", _) => return Operand::Imm(0),
        ("T", _) => return Operand::Imm(1),
        ("LT", true) => ICond::Slt,
        ("LT", false) => ICond::Ult,
        ("EQ", _) => ICond::Eq,
        ("LE", true) => ICond::Sle,
        ("LE", false) => ICond::Ule,
        ("GT", true) => ICond::Sgt,
        ("GT", false) => ICond::Ugt,
        ("NE", _) => ICond::Ne,
        ("GE", true) => ICond::Sge,
        _ => ICond::Uge,
    };
    l.icmp(c, Type::I32, a, b)
}

/// The boolean combining op of a `.AND` / `.OR` / `.XOR` head.
fn bool_op(m: &Mods) -> Option<BinOp> {
    Some(match m.pick(&["AND", "OR", "XOR"])? {
        "AND" => BinOp::And,
        "OR" => BinOp::Or,
        _ => BinOp::Xor,
    })
}

/// `ISETP.CMP[.U32].BOP[.EX] Pd, Pd2, a, b, Pacc[, Plow]` (`UISETP`):
/// Pd = cmp BOP acc, Pd2 = !cmp BOP acc (PTX `setp` with two
/// destinations). `.EX` compares the high words of a 64-bit value; the low
/// words' result (same comparison, unsigned) is `Plow`.
fn isetp(l: &mut Lifter) -> Result<(), LiftError> {
    let known: Vec<&str> = CMPS
        .iter()
        .copied()
        .chain(["U32", "AND", "OR", "XOR", "EX"])
        .collect();
    let m = l.mods(&known)?;
    let (Some(cmp), Some(bop)) = (m.pick(&CMPS), bool_op(&m)) else {
        return Err(l.unsupported(format!("{}: no comparison or boolean op", l.form_name())));
    };
    let signed = !m.has("U32");
    let (_, a) = l.src_at(2, &[])?;
    let (_, b) = l.src_at(3, &[])?;
    let mut r = compare(l, cmp, signed, a, b);
    if m.has("EX") {
        // EQ: hi == && low; NE: hi != || low; orderings: strict on the high
        // words, or equal high words and the low result.
        let low = l.pred_in(5, "the low words' result")?;
        r = match cmp {
            "F" | "T" => r,
            "EQ" => l.bin(BinOp::And, Type::I1, r, low),
            "NE" => l.bin(BinOp::Or, Type::I1, r, low),
            _ => {
                let strict = if matches!(cmp, "LT" | "LE") {
                    "LT"
                } else {
                    "GT"
                };
                let st = compare(l, strict, signed, a, b);
                let eq = l.icmp(ICond::Eq, Type::I32, a, b);
                let el = l.bin(BinOp::And, Type::I1, eq, low);
                l.bin(BinOp::Or, Type::I1, st, el)
            }
        };
    } else if l.opnd(5, &["!"])?.val != Val::Absent {
        return Err(l.unsupported(format!(
            "{}: a low-word predicate without .EX is not lifted",
            l.form_name()
        )));
    }
    let acc = l.pred_at(4)?;
    let p1 = l.bin(bop, Type::I1, r, acc);
    let nr = l.bin(BinOp::Xor, Type::I1, r, Operand::Imm(1));
    let p2 = l.bin(bop, Type::I1, nr, acc);
    l.write_pred_at(0, p1)?;
    l.write_pred_at(1, p2)
}

/// `SGXT[.W][.U32] Rd, a, b` (`USGXT`): sign- (or, `.U32`, zero-) extends
/// the low `n` bits of `a`, `n = b` clamped to 32 (`.W`: `b mod 32`);
/// `n = 0` gives 0 (PTX `szext`).
fn sgxt(l: &mut Lifter) -> Result<(), LiftError> {
    let m = l.mods(&["W", "U32"])?;
    let (_, a) = l.src_at(1, &[])?;
    let (_, b) = l.src_at(2, &[])?;
    let n = if m.has("W") {
        l.bin32(BinOp::And, b, Operand::Imm(31))
    } else {
        l.bin32(BinOp::MinU, b, Operand::Imm(32))
    };
    let sh = l.bin32(BinOp::Sub, Operand::Imm(32), n);
    let up = l.bin32(BinOp::Shl, a, sh);
    let op = if m.has("U32") {
        BinOp::LShr
    } else {
        BinOp::AShr
    };
    let r = l.bin32(op, up, sh);
    l.write_at(0, r)
}

/// A 32-bit source zero-extended to 64 bits; `neg` as two's complement in
/// 33 bits (`~x + 1`), so the carry out of `a + (-b)` is "no borrow".
fn wide(l: &mut Lifter, v: Operand, neg: bool) -> Operand {
    if !neg {
        return l.zext64(v);
    }
    let n = not32(l, v);
    let z = l.zext64(n);
    l.bin(BinOp::Add, Type::I64, z, Operand::Imm(1))
}

/// A predicate operand as an `i64` 0/1 (a carry in).
fn carry64(l: &mut Lifter, pos: usize) -> Result<Operand, LiftError> {
    let p = l.pred_in(pos, "the carry in")?;
    Ok(l.cvt(CvtOp::Zext, Type::I64, Type::I1, p))
}

/// `IADD3[.X] Rd, [Pc0,] [Pc1,] a, b, c[, Pin0, Pin1]` (`UIADD3`):
/// three-input add with carry outs (first: carry of the sum; second: when
/// it carries twice) and, with `.X`, carry ins; a source is negated (`-`)
/// without `.X` and inverted (`~`) with it.
fn iadd3(l: &mut Lifter) -> Result<(), LiftError> {
    let x = l.mods(&["X"])?.has("X");
    let mut terms = Vec::with_capacity(5);
    for pos in 3..6 {
        let (o, v) = l.src_at(pos, if x { &["~"] } else { &["-"] })?;
        terms.push(if x {
            let v = if o.not { not32(l, v) } else { v };
            l.zext64(v)
        } else {
            wide(l, v, o.neg)
        });
    }
    if x {
        for pos in [6, 7] {
            terms.push(carry64(l, pos)?);
        }
    }
    let mut sum = terms[0];
    for t in &terms[1..] {
        sum = l.bin(BinOp::Add, Type::I64, sum, *t);
    }
    let (lo, hi) = l.split64(sum);
    if l.dst_at(1, true)?.is_some() {
        let c0 = l.icmp(ICond::Ne, Type::I32, hi, Operand::Imm(0));
        l.write_pred_at(1, c0)?;
    }
    if l.dst_at(2, true)?.is_some() {
        let c1 = l.icmp(ICond::Ugt, Type::I32, hi, Operand::Imm(1));
        l.write_pred_at(2, c1)?;
    }
    l.write_at(0, lo)
}

/// `LEA[.HI][.X][.SX32] Rd, [Pd,] a, b[, c], shift[, Pin]` (`ULEA`):
/// `(a << shift) + b`; `.HI`: the high word of `(c:a) << shift`, plus `b`,
/// where `.SX32` makes the (hidden) high word `c` the sign of `a`
/// (`a >> 31`); `.X` adds the carry in. Pd is the carry out of the add.
///
/// `b` may be negated (`-b`, or `~b` under `.X`): `-b` is `~b + 1` in 33
/// bits, so Pd is "no borrow", as for IADD3. `-a` (without `.HI` / `.X`)
/// is `-(a << s)` as `~(a << s) + 1` in 33 bits, Pd again "no borrow":
/// ptxas computes `b - ((u64)a << s)` as `LEA Rlo, P0, -a, b, s` and
/// `IMAD.X Rhi, RZ, RZ, ~(a >> (32 - s)), P0`, which needs exactly that
/// carry (a = 0 must carry). `~a` (`.X`), `-a` with `.HI` or `.X`, and a
/// negated `c` are refused: which bits they invert is not known.
fn lea(l: &mut Lifter) -> Result<(), LiftError> {
    let m = l.mods(&["HI", "X", "SX32"])?;
    let (hi_form, x, sx32) = (m.has("HI"), m.has("X"), m.has("SX32"));
    let name = l.form_name();
    let (ao, a) = l.src_at(2, &["-", "~"])?;
    let pd_written = l.dst_at(1, true)?.is_some();
    if (ao.neg || ao.not) && (x || hi_form) {
        return Err(l.unsupported(format!(
            "{name} with a negated first operand ({}a)",
            if ao.not { "~" } else { "-" },
        )));
    }
    let (bo, b) = l.src_at(3, if x { &["~"] } else { &["-"] })?;
    // c is printed for .HI without .SX32; then the shift, then the carry in.
    let has_c = hi_form && !sx32;
    let sh_pos = if has_c { 5 } else { 4 };
    let shifted = if hi_form {
        let c = if sx32 {
            l.bin32(BinOp::AShr, a, Operand::Imm(31))
        } else {
            let (co, c) = l.src_at(4, &["-", "~"])?;
            if co.neg || co.not {
                return Err(l.unsupported(format!("{name} with a negated high word (-c)")));
            }
            c
        };
        let sh = shift_imm(l, sh_pos)?;
        let v = l.join64(a, c);
        let v = l.bin(BinOp::Shl, Type::I64, v, Operand::Imm(sh));
        let (_, hi) = l.split64(v);
        hi
    } else {
        let sh = shift_imm(l, sh_pos)?;
        l.bin32(BinOp::Shl, a, Operand::Imm(sh))
    };
    let xs = wide(l, shifted, ao.neg);
    let y = match (bo.neg, bo.not) {
        (true, _) => wide(l, b, true),
        (_, true) => {
            let nb = not32(l, b);
            l.zext64(nb)
        }
        _ => l.zext64(b),
    };
    let mut sum = l.bin(BinOp::Add, Type::I64, xs, y);
    if x {
        let z = carry64(l, sh_pos + 1)?;
        sum = l.bin(BinOp::Add, Type::I64, sum, z);
    }
    let (lo, hi) = l.split64(sum);
    if pd_written {
        let c = l.icmp(ICond::Ne, Type::I32, hi, Operand::Imm(0));
        l.write_pred_at(1, c)?;
    }
    l.write_at(0, lo)
}

/// An immediate operand (a shift amount, a LUT).
fn shift_imm(l: &mut Lifter, pos: usize) -> Result<u64, LiftError> {
    match l.opnd(pos, &[])?.val {
        Val::Imm(v) => Ok(v as u64),
        _ => Err(l.unsupported(format!(
            "{}: operand {pos} is not an immediate",
            l.form_name()
        ))),
    }
}

/// `LOP3.LUT[.PAND] [Pd,] Rd, a, b, c, lut, Pin` (`ULOP3`): Pd = (result
/// != 0) OR Pin (`.PAND`: AND Pin).
fn lop3(l: &mut Lifter) -> Result<(), LiftError> {
    let m = l.mods(&["LUT", "PAND"])?;
    let (_, a) = l.src_at(2, &[])?;
    let (_, b) = l.src_at(3, &[])?;
    let (_, c) = l.src_at(4, &[])?;
    let lut = shift_imm(l, 5)? as u8;
    let dst = l.tmp(Type::I32);
    l.emit(Op::Lop3(op::Lop3 {
        ty: Type::I32,
        dst,
        a,
        b,
        c,
        lut,
    }));
    // The predicate input only matters when Pd is written.
    if l.dst_at(0, true)?.is_none() {
        l.opnd(6, &["!"])?;
    } else {
        let pin = l.pred_at(6)?;
        let nz = l.icmp(ICond::Ne, Type::I32, dst.into(), Operand::Imm(0));
        let op = if m.has("PAND") { BinOp::And } else { BinOp::Or };
        let p = l.bin(op, Type::I1, nz, pin);
        l.write_pred_at(0, p)?;
    }
    l.write_at(1, dst.into())
}

/// `PRMT[.mode] Rd, a, sel, c` (`UPRMT`): bytes of `c:a` by `sel`.
fn prmt(l: &mut Lifter) -> Result<(), LiftError> {
    // The non-default modes pick, by the selector's low two bits, one of
    // four fixed byte selections of `c:a` (PTX ISA `prmt` table, result
    // bytes b3 b2 b1 b0 per selector value 0..3). They are the default
    // mode with the selector `TABLE[sel & 3]`: the four 16-bit selectors
    // packed into one u64, shifted by 16 * (sel & 3).
    const MODES: [(&str, u64); 6] = [
        ("F4E", pack_sel([0x3210, 0x4321, 0x5432, 0x6543])),
        ("B4E", pack_sel([0x5670, 0x6701, 0x7012, 0x0123])),
        ("RC8", pack_sel([0x0000, 0x1111, 0x2222, 0x3333])),
        ("ECL", pack_sel([0x3210, 0x3211, 0x3222, 0x3333])),
        ("ECR", pack_sel([0x0000, 0x1110, 0x2210, 0x3210])),
        ("RC16", pack_sel([0x1010, 0x3232, 0x1010, 0x3232])),
    ];
    let names: Vec<&str> = MODES.iter().map(|(n, _)| *n).collect();
    let m = l.mods(&names)?;
    let (_, a) = l.src_at(1, &[])?;
    let (_, sel) = l.src_at(2, &[])?;
    let (_, c) = l.src_at(3, &[])?;
    let sel = match MODES.iter().find(|(n, _)| m.has(n)) {
        None => sel,
        Some(&(_, table)) => {
            let idx = l.bin32(BinOp::And, sel, Operand::Imm(3));
            let sh = l.bin32(BinOp::Shl, idx, Operand::Imm(4));
            let t = l.bin(BinOp::LShr, Type::I64, Operand::Imm(table), sh);
            l.cvt(CvtOp::Trunc, Type::I32, Type::I64, t)
        }
    };
    let dst = l.tmp(Type::I32);
    l.emit(Op::Prmt(op::Prmt { dst, a, b: c, sel }));
    l.write_at(0, dst.into())
}

/// Four 16-bit PRMT selectors packed into a `u64`, entry 0 lowest.
const fn pack_sel(t: [u16; 4]) -> u64 {
    t[0] as u64 | (t[1] as u64) << 16 | (t[2] as u64) << 32 | (t[3] as u64) << 48
}

/// `BMSK[.W] Rd, a, b` (`UBMSK`; PTX `bmsk.clamp` / `bmsk.wrap`): a mask
/// of `b` ones starting at bit `a`. PTX ISA semantics: `.wrap` takes
/// `a & 31` and `b & 31`; `.clamp` gives 0 when `a >= 32` and clamps `b`
/// to 32; bits above 31 are dropped, and a width of 0 gives 0. That is
/// `(~0 << pos) & ~(~0 << (pos + len))` with IR shifts (0 for amounts of 32
/// or more): `pos + len` cannot wrap when `pos < 32`, and `pos >= 32` makes
/// the first factor 0.
fn bmsk(l: &mut Lifter) -> Result<(), LiftError> {
    let m = l.mods(&["W"])?;
    let (_, a) = l.src_at(1, &[])?;
    let (_, b) = l.src_at(2, &[])?;
    let (pos, len) = if m.has("W") {
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
    let nhi = not32(l, hi);
    let r = l.bin32(BinOp::And, lo, nhi);
    l.write_at(0, r)
}

/// `IDP.4A.{U8,S8}.{U8,S8} Rd, a, b, [-]c` and
/// `IDP.2A.{LO,HI}.{U16,S16}.{U8,S8}` (PTX `dp4a` / `dp2a.lo` /
/// `dp2a.hi`): `c` plus the products of a's bytes (halves for `.2A`) with
/// b's bytes 0..3 (`.2A`: bytes 0, 1 or, `.HI`, 2, 3), each extended by its
/// signedness (a's type token first, then b's), in wrapping 32-bit
/// arithmetic.
fn idp(l: &mut Lifter) -> Result<(), LiftError> {
    let m = l.mods(&["4A", "2A", "LO", "HI", "U8", "S8", "U16", "S16"])?;
    let toks: Vec<&str> = m.toks().iter().map(String::as_str).collect();
    let (n, awidth, bfirst, types) = match toks.as_slice() {
        ["4A", ta, tb] => (4u64, 8u64, 0u64, (*ta, *tb)),
        ["2A", half @ ("LO" | "HI"), ta, tb] => {
            (2, 16, if *half == "HI" { 2 } else { 0 }, (*ta, *tb))
        }
        _ => {
            return Err(l.unsupported(format!(
                "{}: modifiers {toks:?} are not a dot-product form",
                l.form_name()
            )))
        }
    };
    let (sa, sb) = (types.0.starts_with('S'), types.1.starts_with('S'));
    let (_, a) = l.src_at(1, &[])?;
    let (_, b) = l.src_at(2, &[])?;
    let (co, c) = l.src_at(3, &["-"])?;
    let mut acc = if co.neg {
        l.bin32(BinOp::Sub, Operand::Imm(0), c)
    } else {
        c
    };
    for i in 0..n {
        let x = bitfield(l, sa, a, i * awidth, awidth);
        let y = bitfield(l, sb, b, (bfirst + i) * 8, 8);
        let dst = l.tmp(Type::I32);
        l.emit(Op::Mad(op::Mad {
            ty: Type::I32,
            dst,
            a: x,
            b: y,
            c: acc,
        }));
        acc = dst.into();
    }
    l.write_at(0, acc)
}

/// Bits `[pos, pos + len)` of `v`, sign- or zero-extended to 32 bits.
fn bitfield(l: &mut Lifter, signed: bool, v: Operand, pos: u64, len: u64) -> Operand {
    let dst = l.tmp(Type::I32);
    l.emit(Op::Bfe(op::Bfe {
        signed,
        ty: Type::I32,
        dst,
        a: v,
        pos: Operand::Imm(pos),
        len: Operand::Imm(len),
    }));
    dst.into()
}

/// `IMNMX[.U32] Rd, a, b, P`: P ? min : max.
fn imnmx(l: &mut Lifter) -> Result<(), LiftError> {
    let m = l.mods(&["U32"])?;
    let (_, a) = l.src_at(1, &[])?;
    let (_, b) = l.src_at(2, &[])?;
    let (mn, mx) = min_max_ops(m.has("U32"));
    let p = l.pred_at(3)?;
    let r = match p {
        Operand::Imm(1) => l.bin32(mn, a, b),
        Operand::Imm(_) => l.bin32(mx, a, b),
        _ => {
            let x = l.bin32(mn, a, b);
            let y = l.bin32(mx, a, b);
            l.select(Type::I32, p, x, y)
        }
    };
    l.write_at(0, r)
}

/// `SHF.{L,R}[.W].{S64,U64,S32,U32}[.HI] Rd, lo, shift, hi` (`USHF`):
/// shift the 64-bit value `hi:lo`; the result is its low word, or high word
/// with `.HI`. `.W` wraps the amount (mod 32 / 64), otherwise it clamps.
fn shf(l: &mut Lifter) -> Result<(), LiftError> {
    let m = l.mods(&["L", "R", "W", "S64", "U64", "S32", "U32", "HI"])?;
    let (Some(dir), Some(ty)) = (m.pick(&["L", "R"]), m.pick(&["S64", "U64", "S32", "U32"])) else {
        return Err(l.unsupported(format!("{}: no direction or type", l.form_name())));
    };
    let width: u64 = if ty.ends_with("32") { 32 } else { 64 };
    let signed = ty.starts_with('S');
    let (_, lo) = l.src_at(1, &[])?;
    let (_, n) = l.src_at(2, &[])?;
    let (_, hi) = l.src_at(3, &[])?;
    let n = if m.has("W") {
        l.bin32(BinOp::And, n, Operand::Imm(width - 1))
    } else {
        l.bin32(BinOp::MinU, n, Operand::Imm(width))
    };
    let v = l.join64(lo, hi);
    // IR shift amounts are i32.
    let r = if dir == "R" {
        let op = if signed { BinOp::AShr } else { BinOp::LShr };
        l.bin(op, Type::I64, v, n)
    } else {
        l.bin(BinOp::Shl, Type::I64, v, n)
    };
    let (rlo, rhi) = l.split64(r);
    l.write_at(0, if m.has("HI") { rhi } else { rlo })
}

/// `PLOP3.LUT Pd, Pd2, a, b, c, lut, lut2` (`UPLOP3`): three-input logic
/// of predicates (`c` may be a uniform predicate: ptxas moves a uniform
/// condition to a P register this way); Pd = `lut(a, b, c)`, Pd2 =
/// `lut2(a, b, c)`. The `.SIGN` form reads the sign bits (bit 31) of three
/// 32-bit sources instead, as ptxas uses it for the overflow of
/// `add/sub.sat.s32`.
fn plop3(l: &mut Lifter) -> Result<(), LiftError> {
    l.mods(&["LUT"])?;
    let mut kinds = Vec::with_capacity(3);
    for pos in 2..5 {
        let o = l.opnd(pos, &["SIGN", "!"])?;
        kinds.push(matches!(o.val, Val::R(_) | Val::UR(_) | Val::CBuf { .. }));
    }
    // Predicates throughout, or sign bits throughout (the forms ptxas
    // emits); a mix is refused.
    let sign_form = kinds[0];
    if kinds.iter().any(|&k| k != sign_form) {
        return Err(l.unsupported(format!(
            "{}: predicate and .SIGN inputs mixed",
            l.form_name()
        )));
    }
    let mut ins = Vec::with_capacity(3);
    for pos in 2..5 {
        if sign_form {
            let (o, v) = l.src_at(pos, &["SIGN"])?;
            if !o.has("SIGN") {
                return Err(
                    l.unsupported(format!("{}: operand {pos} without .SIGN", l.form_name()))
                );
            }
            ins.push(l.icmp(ICond::Slt, Type::I32, v, Operand::Imm(0)));
        } else {
            ins.push(l.pred_at(pos)?);
        }
    }
    let luts = [shift_imm(l, 5)? as u8, shift_imm(l, 6)? as u8];
    for (pos, lut) in [(0, luts[0]), (1, luts[1])] {
        if l.dst_at(pos, true)?.is_none() {
            continue;
        }
        let dst = l.tmp(Type::I1);
        l.emit(Op::Lop3(op::Lop3 {
            ty: Type::I1,
            dst,
            a: ins[0],
            b: ins[1],
            c: ins[2],
            lut,
        }));
        l.write_pred_at(pos, dst.into())?;
    }
    Ok(())
}

/// `I2I.{U8,S8,U16,S16}.S32.SAT Rd, b`: a signed 32-bit source clamped to
/// the range of the narrow type. The clamped value is written as a 32-bit
/// integer (sign- or zero-extended: the bits above the narrow width are not
/// documented, and ptxas masks or re-extends them before any use).
fn i2i_sat(l: &mut Lifter) -> Result<(), LiftError> {
    let m = l.mods(&["U8", "S8", "U16", "S16", "S32", "SAT"])?;
    let (true, true, Some(ty)) = (
        m.has("S32"),
        m.has("SAT"),
        m.pick(&["U8", "S8", "U16", "S16"]),
    ) else {
        return Err(l.unsupported(format!("{}: not a saturating narrowing", l.form_name())));
    };
    let (_, v) = l.src_at(1, &[])?;
    let v = clamp_narrow(l, v, ty);
    l.write_at(0, v)
}

/// A signed 32-bit value clamped to the range of narrow type `ty` (`U8`,
/// `S4`, `U16`, ...: signedness, then width).
fn clamp_narrow(l: &mut Lifter, v: Operand, ty: &str) -> Operand {
    let w: u32 = ty[1..].parse().unwrap_or(8);
    let (lo, hi): (i64, i64) = if ty.starts_with('S') {
        (-(1 << (w - 1)), (1 << (w - 1)) - 1)
    } else {
        (0, (1 << w) - 1)
    };
    let v = l.bin32(BinOp::MaxS, v, Operand::Imm(lo as u32 as u64));
    l.bin32(BinOp::MinS, v, Operand::Imm(hi as u32 as u64))
}

/// `I2IP.{U8,S8,U4,S4,U2,S2,U16,S16}.S32.SAT Rd, a, b, c` (PTX
/// `cvt.pack.sat`): a and b, signed 32-bit, are each clamped to the range of
/// the w-bit type; b's low w bits form `d[w-1:0]`, a's `d[2w-1:w]` and c's low
/// `32-2w` bits the rest. The third source names the part of c it keeps as
/// ptxas writes it: nothing for 8 bits (`c[15:0]`), `.24` for 4
/// (`c[23:0]`), `.28` for 2 (`c[27:0]`); the 16-bit forms take `RZ`. Any other
/// selector (`.H1`, `.INVALID2`, a register c under a 16-bit form) is refused:
/// no compiler emits it and its meaning is not documented.
fn i2ip(l: &mut Lifter) -> Result<(), LiftError> {
    const TYPES: [&str; 8] = ["U8", "S8", "U4", "S4", "U2", "S2", "U16", "S16"];
    let mut known = TYPES.to_vec();
    known.extend(["S32", "SAT"]);
    let m = l.mods(&known)?;
    let (true, true, Some(ty)) = (m.has("S32"), m.has("SAT"), m.pick(&TYPES)) else {
        return Err(l.unsupported(format!("{}: not a saturating pack", l.form_name())));
    };
    let w: u32 = ty[1..].parse().unwrap_or(8);
    let selector = match w {
        4 => "24",
        2 => "28",
        _ => "",
    };
    let keep = [selector];
    let co = l.opnd(3, if selector.is_empty() { &[] } else { &keep })?;
    let c = match w {
        16 if co.is_zero_reg() => None,
        16 => {
            return Err(l.unsupported(format!(
                "{}: a 16-bit pack with a third source other than RZ",
                l.form_name()
            )))
        }
        _ if !selector.is_empty() && !co.has(selector) => {
            return Err(l.unsupported(format!(
                "{}: a {w}-bit pack whose third source lacks its selector .{selector}",
                l.form_name()
            )))
        }
        _ => Some(l.read_val(3, &co, false)?),
    };
    let mask = Operand::Imm((1u64 << w) - 1);
    let field = |l: &mut Lifter, pos: usize| -> Result<Operand, LiftError> {
        let (_, v) = l.src_at(pos, &[])?;
        let v = clamp_narrow(l, v, ty);
        Ok(l.bin32(BinOp::And, v, mask))
    };
    let a = field(l, 1)?;
    let b = field(l, 2)?;
    let a = l.bin32(BinOp::Shl, a, Operand::Imm(w as u64));
    let mut d = l.bin32(BinOp::Or, a, b);
    if let Some(c) = c {
        let c = l.bin32(BinOp::Shl, c, Operand::Imm(2 * w as u64));
        d = l.bin32(BinOp::Or, d, c);
    }
    l.write_at(0, d)
}

/// `IMAD` in all its spellings (`IMAD.MOV`, `.SHL`, `.IADD` name the same
/// operation), `IMAD.WIDE` and `IMAD.HI` (`UIMAD`, `UIMAD.WIDE`).
fn imad_any(l: &mut Lifter) -> Result<(), LiftError> {
    let m = l.mods(&["MOV", "SHL", "IADD", "WIDE", "HI", "U32", "X"])?;
    match m.pick(&["WIDE", "HI"]) {
        Some("WIDE") => {
            let r = imad64(l, &m)?;
            l.write_pair_at(0, r)
        }
        Some(_) => {
            let r = imad64(l, &m)?;
            let (_, hi) = l.split64(r);
            l.write_at(0, hi)
        }
        None => imad(l, &m),
    }
}

/// `IMAD[.X] Rd, a, b, c[, Pin]`: `a * b + c` (low word; `.U32` or signed
/// give the same). The C modifier is a negation (`-c`) without `.X` and a
/// bitwise not (`~c`) with it, where the carry in is added:
/// `a * b + ~c + Pin` (ptxas's 64-bit subtractions).
fn imad(l: &mut Lifter, m: &Mods) -> Result<(), LiftError> {
    let x = m.has("X");
    let (_, a) = l.src_at(1, &[])?;
    let (_, b) = l.src_at(2, &[])?;
    let (co, c) = l.src_at(3, if x { &["~"] } else { &["-"] })?;
    let c = if co.neg {
        l.bin32(BinOp::Sub, Operand::Imm(0), c)
    } else if co.not {
        not32(l, c)
    } else {
        c
    };
    let dst = l.tmp(Type::I32);
    l.emit(Op::Mad(op::Mad {
        ty: Type::I32,
        dst,
        a,
        b,
        c,
    }));
    let mut r: Operand = dst.into();
    if x {
        let p = l.pred_in(4, "the carry in")?;
        let z = l.cvt(CvtOp::Zext, Type::I32, Type::I1, p);
        r = l.bin32(BinOp::Add, r, z);
    }
    l.write_at(0, r)
}

/// The 64-bit sum `a * b + c (+ Pin with .X)` of `IMAD.WIDE` / `IMAD.HI`
/// (`Rd, [Pd,] a, b, c[, Pin]`) and its carry out of bit 64 (the carry of
/// the unsigned 64-bit add, which is how ptxas chains them:
/// `IMAD.WIDE.U32 R10, P0, ...` then `IMAD.WIDE.U32.X ..., P0` in
/// `mul.hi.u64`, `IMAD.HI.U32 R16, P1, ...` then `IADD3.X ..., P1` in
/// 64-bit division). `c` is the 64-bit pair (ptxas's division idiom passes
/// `RZ:q` to IMAD.HI to get `q + umulhi(q, e)`). A negated C (`-c`)
/// subtracts the whole 64-bit pair: ptxas compiles PTX's
/// `mul.wide.s32 p, a, 2^21; sub.s64 d, p, sext(c); shr.s64 d, d, 56` to
/// `IMAD.HI Rd, a, 0x200000, -Rc` with `Rc+1` holding c's sign, and
/// `a * a - d` on 64 bits to `IMAD.WIDE.U32 Rd, a, a, -Rd`. Refused: an
/// inverted C (`~c`; not seen from ptxas), a negated C with a carry in or
/// carry out (what a subtraction carries is not known), and the carry out
/// of the signed forms (whether the product is sign-extended into the
/// adder is not known); ptxas emits none of them for the PTX we know.
fn imad64(l: &mut Lifter, m: &Mods) -> Result<Operand, LiftError> {
    let x = m.has("X");
    let signed = !m.has("U32");
    let name = l.form_name();
    let (co, c) = l.src_at_width(4, &["-", "~"], true)?;
    let pd = l.dst_at(1, true)?;
    if co.not || (co.neg && (x || pd.is_some())) {
        return Err(l.unsupported(format!(
            "{name} with {} C operand ({}c){}",
            if co.not { "an inverted" } else { "a negated" },
            if co.not { "~" } else { "-" },
            if co.neg { " and a carry" } else { "" }
        )));
    }
    let c = if co.neg {
        l.bin(BinOp::Sub, Type::I64, Operand::Imm(0), c)
    } else {
        c
    };
    if signed && pd.is_some() {
        return Err(l.unsupported(format!("{name}: signed, with a carry-out predicate")));
    }
    let (_, a) = l.src_at(2, &[])?;
    let (_, b) = l.src_at(3, &[])?;
    let p = l.tmp(Type::I64);
    l.emit(Op::MulWide(op::MulWide {
        signed,
        dst: p,
        a,
        b,
    }));
    let mut sum = l.bin(BinOp::Add, Type::I64, p.into(), c);
    let mut carry = if pd.is_some() {
        // Unsigned overflow of p + c.
        Some(l.icmp(ICond::Ult, Type::I64, sum, p.into()))
    } else {
        None
    };
    if x {
        let ci = carry64(l, 5)?;
        let s2 = l.bin(BinOp::Add, Type::I64, sum, ci);
        if let Some(c0) = carry {
            // The carry in overflows only an all-ones partial sum.
            let wrap = l.icmp(ICond::Ult, Type::I64, s2, sum);
            carry = Some(l.bin(BinOp::Or, Type::I1, c0, wrap));
        }
        sum = s2;
    }
    if let Some(c) = carry {
        l.write_pred_at(1, c)?;
    }
    Ok(sum)
}
