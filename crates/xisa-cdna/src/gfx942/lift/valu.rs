//! Vector ALU: VOP1 / VOP2 / VOPC and their VOP3 forms (VOP3A / VOP3B), plus
//! the cross-lane v_readlane / v_readfirstlane / v_writelane and DPP moves.
//! Results are computed in every lane into temporaries and written to the
//! VGPRs under the lane's EXEC bit; lane masks (compares, carries) are ballots.

use xisa_ir::{BinOp, CvtOp, FBinOp, FCond, FUnOp, ICond, Op, Operand, Reg, Round, Type, UnOp};

use super::builder::{Builder, EXEC_LO, VCC_LO};
use super::LiftError;
use crate::gfx942::Inst;

/// A source value: `i32` or `i64` bits.
type V = Operand;

struct Ctx<'a> {
    inst: &'a Inst,
    fmt: &'a str,
    vop3: bool,
    /// DPP: src0 as read through the permutation, and the lanes that write
    /// (row/bank masks, out-of-range sources without bound_ctrl).
    dpp: Option<(Reg, Reg)>,
}

impl Ctx<'_> {
    fn width(&self, field: &str) -> u32 {
        self.inst
            .opcode
            .operands
            .iter()
            .find(|o| o.field == field)
            .map_or(32, |o| o.count * 32)
    }
    /// How constants of a source read, by the mnemonic's type suffix: `f64`
    /// (64-bit literals are the high dword), `f16` (16-bit inline floats), or
    /// `b32`.
    fn ty(&self, _field: &str) -> &'static str {
        let m = self.inst.opcode.mnemonic.as_str();
        if m.starts_with("v_cvt_f16_") || m.starts_with("v_cvt_pk") {
            // The source is 32-bit (or a 16-bit integer).
            "b32"
        } else if m.contains("f64") {
            "f64"
        } else if m.contains("f16") {
            "f16"
        } else {
            "b32"
        }
    }
}

/// Reads a VALU source field (`src0`/`src1`/`src2`: 9-bit; `vsrc1`: VGPR).
fn src(b: &mut Builder, c: &Ctx, field: &str, idx: usize) -> Result<V, LiftError> {
    if let (Some((v, _)), "src0") = (c.dpp, field) {
        return Ok(v.into());
    }
    let w = c.width(field);
    let fty = c.ty(field);
    let enc = if c.fmt.ends_with("_SDWA") {
        // SDWA: s0 / s1 say the source is scalar (src1 too: `vsrc1`).
        let raw = c.inst.get(field);
        if c.inst.get(if field == "src0" { "s0" } else { "s1" }) == 1 {
            raw
        } else {
            256 + raw
        }
    } else if field == "vsrc1" || c.fmt.ends_with("_DPP") {
        256 + c.inst.get(field)
    } else {
        c.inst.get(field)
    };
    let mut v: V = if enc >= 256 {
        let n = enc - 256;
        let lo = b.v(n);
        if w == 64 {
            let hi = b.v(n + 1);
            b.pair(lo, hi).into()
        } else {
            lo.into()
        }
    } else {
        let width = if fty == "f16" || fty == "i16" { 16 } else { w };
        b.src_full(enc, width, fty == "f64")?
    };
    // SDWA: the selected byte / word of a 32-bit source, zero- or
    // sign-extended.
    if c.fmt.ends_with("_SDWA") && w == 32 {
        let n = if field == "src0" { 0 } else { 1 };
        let sel = c.inst.get(&format!("src{n}_sel"));
        let signed = c.inst.get(&format!("src{n}_sext")) == 1;
        if sel < 6 {
            let (pos, len) = if sel < 4 {
                (8 * sel, 8)
            } else {
                (16 * (sel - 4), 16)
            };
            let d = b.t(Type::I32);
            b.emit(Op::Bfe {
                signed,
                ty: Type::I32,
                dst: d,
                a: v,
                pos: Operand::Imm(pos as u64),
                len: Operand::Imm(len),
            });
            v = d.into();
        }
    }
    // abs / neg (VOP3A float operands): on the sign bit.
    if c.vop3 && idx < 3 {
        let sign: u64 = if w == 64 { 1 << 63 } else { 1 << 31 };
        let ty = if w == 64 { Type::I64 } else { Type::I32 };
        // VOP3B holds SDST where VOP3A holds ABS.
        let abs = c.fmt == "VOP3A" && c.inst.get("abs") >> idx & 1 == 1;
        let neg = c.inst.get("neg") >> idx & 1 == 1;
        if abs {
            v = b
                .binv(BinOp::And, ty, v, Operand::Imm(!sign & ty.mask()))
                .into();
        }
        if neg {
            v = b.binv(BinOp::Xor, ty, v, Operand::Imm(sign)).into();
        }
    }
    Ok(v)
}

fn fty(bits: u32) -> Type {
    match bits {
        64 => Type::F64,
        16 => Type::F16,
        _ => Type::F32,
    }
}

fn ity(bits: u32) -> Type {
    match bits {
        64 => Type::I64,
        16 => Type::I16,
        _ => Type::I32,
    }
}

/// Bits -> float register.
fn tof(b: &mut Builder, v: V, bits: u32) -> Reg {
    b.cvt(CvtOp::Bitcast, fty(bits), ity(bits), v)
}

fn fromf(b: &mut Builder, v: Reg, bits: u32) -> Reg {
    b.cvt(CvtOp::Bitcast, ity(bits), fty(bits), v)
}

fn un(b: &mut Builder, op: UnOp, ty: Type, a: impl Into<Operand>) -> Reg {
    let d = b.t(ty);
    b.emit(Op::Un {
        op,
        ty,
        dst: d,
        a: a.into(),
    });
    d
}

fn fbin(b: &mut Builder, op: FBinOp, bits: u32, x: V, y: V) -> Reg {
    let (fx, fy) = (tof(b, x, bits), tof(b, y, bits));
    let d = b.t(fty(bits));
    b.emit(Op::FBin {
        op,
        ty: fty(bits),
        rnd: Round::Rn,
        ftz: false,
        dst: d,
        a: fx.into(),
        b: fy.into(),
    });
    fromf(b, d, bits)
}

fn fun(b: &mut Builder, op: FUnOp, bits: u32, x: V) -> Reg {
    let fx = tof(b, x, bits);
    let d = b.t(fty(bits));
    b.emit(Op::FUn {
        op,
        ty: fty(bits),
        ftz: false,
        dst: d,
        a: fx.into(),
    });
    fromf(b, d, bits)
}

fn fma(b: &mut Builder, bits: u32, x: V, y: V, z: V) -> Reg {
    let (fx, fy, fz) = (tof(b, x, bits), tof(b, y, bits), tof(b, z, bits));
    let d = b.t(fty(bits));
    b.emit(Op::Fma {
        ty: fty(bits),
        ftz: false,
        dst: d,
        a: fx.into(),
        b: fy.into(),
        c: fz.into(),
    });
    fromf(b, d, bits)
}

fn cvt(b: &mut Builder, op: CvtOp, to: Type, from: Type, rnd: Round, sat: bool, x: V) -> Reg {
    let d = b.t(to);
    b.emit(Op::Cvt {
        op,
        to,
        from,
        rnd,
        sat,
        ftz: false,
        dst: d,
        src: x,
    });
    d
}

/// A float-to-float conversion rounded to nearest even (the VALU's default
/// mode), as a new temporary.
fn ftof_rn(b: &mut Builder, to: Type, from: Type, x: V) -> Reg {
    cvt(b, CvtOp::FtoF, to, from, Round::Rn, false, x)
}

/// Writes a lane mask (i64) to the VOPC / carry destination: `vcc` for the
/// 32-bit encodings, `sdst` (VOP3B) or `vdst` (VOP3A compares) otherwise.
fn write_mask(b: &mut Builder, c: &Ctx, m: Reg) -> Result<(), LiftError> {
    let dst = if !c.vop3 && !c.fmt.ends_with("_SDWA") {
        VCC_LO
    } else if c.fmt == "VOP3B" || c.fmt.ends_with("_SDWA") {
        if c.fmt.ends_with("_SDWA") && c.inst.get("sd") == 0 {
            VCC_LO
        } else {
            c.inst.get("sdst")
        }
    } else {
        c.inst.get("vdst")
    };
    b.wr_s64(dst, m)
}

/// Writes vector results to `vdst..` under EXEC.
fn write_v(b: &mut Builder, c: &Ctx, vals: &[Reg]) {
    let vd = c.inst.get("vdst");
    let g = match c.dpp {
        Some((_, ok)) => {
            let ex = b.exec;
            let en = b.binv(BinOp::And, Type::I1, ok, ex);
            xisa_ir::Guard {
                reg: en,
                negate: false,
            }
        }
        None => b.exec_guard(),
    };
    let mut vals = vals.to_vec();
    if c.fmt.ends_with("_SDWA") && vals.len() == 1 && c.inst.get("dst_sel") < 6 {
        // SDWA destination: the result goes to the selected byte / word; the
        // other bits are zero (UNUSED_PAD), the sign fill (UNUSED_SEXT) or
        // the old value (UNUSED_PRESERVE).
        use BinOp::*;
        let t = Type::I32;
        let sel = c.inst.get("dst_sel");
        let (pos, len) = if sel < 4 {
            (8 * sel, 8u32)
        } else {
            (16 * (sel - 4), 16u32)
        };
        let mask = ((1u64 << len) - 1) << pos;
        let r = vals[0];
        let field = b.binv(Shl, t, r, Operand::Imm(pos as u64));
        let field = b.binv(And, t, field, Operand::Imm(mask));
        let out = match c.inst.get("dst_unused") {
            2 => {
                let old = b.v(vd);
                let keep = b.binv(And, t, old, Operand::Imm(!mask & 0xffff_ffff));
                b.binv(Or, t, keep, field)
            }
            1 => {
                // Sign-extend the field upwards (bits below it stay 0).
                let up = b.binv(Shl, t, r, Operand::Imm((32 - len) as u64));
                let sx = b.binv(AShr, t, up, Operand::Imm((32 - len - pos) as u64));
                b.binv(And, t, sx, Operand::Imm(!((1u64 << pos) - 1) & 0xffff_ffff))
            }
            _ => field,
        };
        vals[0] = out;
    }
    for (i, &v) in vals.iter().enumerate() {
        let d = b.v(vd + i as u32);
        b.emit_with(
            Op::Mov {
                ty: Type::I32,
                dst: d,
                src: v.into(),
            },
            Some(g),
        );
    }
}

fn write64(b: &mut Builder, c: &Ctx, v: Reg) {
    let (l, h) = b.halves(v.into());
    let lo = b.as_reg(l);
    let hi = b.as_reg(h);
    write_v(b, c, &[lo, hi]);
}

fn fcond(s: &str) -> Option<Result<FCond, bool>> {
    Some(Ok(match s {
        "lt" => FCond::Olt,
        "eq" => FCond::Oeq,
        "le" => FCond::Ole,
        "gt" => FCond::Ogt,
        "lg" => FCond::One,
        "ge" => FCond::Oge,
        "o" => FCond::Ord,
        "u" => FCond::Uno,
        "nge" => FCond::Ult,
        "nlg" => FCond::Ueq,
        "ngt" => FCond::Ule,
        "nle" => FCond::Ugt,
        "neq" => FCond::Une,
        "nlt" => FCond::Uge,
        "f" => return Some(Err(false)),
        "tru" => return Some(Err(true)),
        _ => return None,
    }))
}

fn icond(s: &str, signed: bool) -> Option<Result<ICond, bool>> {
    Some(Ok(match (s, signed) {
        ("lt", true) => ICond::Slt,
        ("le", true) => ICond::Sle,
        ("gt", true) => ICond::Sgt,
        ("ge", true) => ICond::Sge,
        ("lt", false) => ICond::Ult,
        ("le", false) => ICond::Ule,
        ("gt", false) => ICond::Ugt,
        ("ge", false) => ICond::Uge,
        ("eq", _) => ICond::Eq,
        ("ne", _) | ("lg", _) => ICond::Ne,
        ("f", _) => return Some(Err(false)),
        ("t", _) | ("tru", _) => return Some(Err(true)),
        _ => return None,
    }))
}

/// v_cmp / v_cmpx.
fn compare(b: &mut Builder, c: &Ctx, m: &str) -> Result<(), LiftError> {
    let (x, rest) = if let Some(r) = m.strip_prefix("v_cmpx_") {
        (true, r)
    } else {
        (false, &m[6..])
    };
    let (cond, ty) = rest
        .rsplit_once('_')
        .ok_or_else(|| b.unsupported("compare"))?;
    let bits: u32 = ty[1..].parse().unwrap_or(0);
    if bits != 16 && bits != 32 && bits != 64 {
        return Err(b.unsupported("compare width"));
    }
    let s1 = if c.vop3 { "src1" } else { "vsrc1" };
    let (a, bb) = if bits == 16 {
        // 16-bit compares read the low halves (gfx9 VOPC has no op_sel);
        // float abs / neg act on bit 15, the class mask is 32 bits.
        let float = ty.starts_with('f');
        let lo16 =
            |b: &mut Builder, v: V| -> V { b.cvt(CvtOp::Trunc, Type::I16, Type::I32, v).into() };
        let a = if float {
            src16(b, c, "src0", 0)?
        } else {
            src(b, c, "src0", 3)?
        };
        let a = lo16(b, a);
        let bb = if cond == "class" {
            src(b, c, s1, 3)?
        } else {
            let v = if float {
                src16(b, c, s1, 1)?
            } else {
                src(b, c, s1, 3)?
            };
            lo16(b, v)
        };
        (a, bb)
    } else {
        (src(b, c, "src0", 0)?, src(b, c, s1, 1)?)
    };
    let p: Reg = if cond == "class" {
        let idx = fclass(b, a, bits);
        let s = b.binv(BinOp::LShr, Type::I32, bb, idx);
        let bit = b.binv(BinOp::And, Type::I32, s, Operand::Imm(1));
        b.icmp(ICond::Ne, Type::I32, bit, Operand::Imm(0))
    } else if ty.starts_with('f') {
        match fcond(cond).ok_or_else(|| b.unsupported("float compare"))? {
            Ok(fc) => {
                let (fa, fb) = (tof(b, a, bits), tof(b, bb, bits));
                let d = b.t(Type::I1);
                b.emit(Op::FCmp {
                    cond: fc,
                    ty: fty(bits),
                    ftz: false,
                    dst: d,
                    a: fa.into(),
                    b: fb.into(),
                });
                d
            }
            Err(k) => {
                let d = b.t(Type::I1);
                b.mov(Type::I1, d, Operand::Imm(k as u64));
                d
            }
        }
    } else {
        match icond(cond, ty.starts_with('i')).ok_or_else(|| b.unsupported("int compare"))? {
            Ok(ic) => b.icmp(ic, ity(bits), a, bb),
            Err(k) => {
                let d = b.t(Type::I1);
                b.mov(Type::I1, d, Operand::Imm(k as u64));
                d
            }
        }
    };
    let mask = b.ballot(p);
    write_mask(b, c, mask)?;
    if x {
        b.wr_s64(EXEC_LO, mask)?;
    }
    Ok(())
}

/// The carry-in / mask bit of the lane from `v_cndmask` / `v_addc` (vcc for the
/// 32-bit encodings, src2 for VOP3).
fn mask_in(b: &mut Builder, c: &Ctx) -> Result<Reg, LiftError> {
    let m = if c.vop3 {
        let e = c.inst.get("src2");
        b.src_bits(e, 64)?
    } else {
        b.src_bits(VCC_LO, 64)?
    };
    Ok(b.mask_bit(m, None))
}

pub(crate) fn lift(b: &mut Builder, inst: &Inst, fmt: &str) -> Result<(), LiftError> {
    // Every float VALU op names its type in the mnemonic.
    let m = inst.opcode.mnemonic.as_str();
    if let Some(why) = &b.float_mode {
        if ["_f16", "_f32", "_f64", "bf16"]
            .iter()
            .any(|t| m.contains(t))
        {
            return Err(b.unsupported(why.clone()));
        }
    }
    lift_op(b, inst, fmt)?;
    if b.omod != 0 {
        // Float results apply (and clear) omod in clamp_f.
        return Err(b.unsupported("output modifier (omod) on an op without a float result"));
    }
    Ok(())
}

fn lift_op(b: &mut Builder, inst: &Inst, fmt: &str) -> Result<(), LiftError> {
    let full = inst.opcode.mnemonic.as_str();
    let m = full
        .strip_suffix("_e32")
        .or_else(|| full.strip_suffix("_e64"))
        .or_else(|| full.strip_suffix("_sdwa"))
        .or_else(|| full.strip_suffix("_dpp"))
        .unwrap_or(full);
    let vop3 = fmt == "VOP3A" || fmt == "VOP3B";
    if fmt == "VOP3P" {
        return packed(b, inst, m);
    }
    let mut c = Ctx {
        inst,
        fmt,
        vop3,
        dpp: None,
    };
    if fmt == "VOP1_DPP" || fmt == "VOP2_DPP" {
        if m.starts_with("v_cmp") || m.contains("_co_") || m.starts_with("v_cndmask") {
            return Err(b.unsupported("DPP forms with lane masks are not lifted"));
        }
        if ["src0_neg", "src0_abs", "src1_neg", "src1_abs"]
            .iter()
            .any(|f| inst.get(f) != 0)
        {
            return Err(b.unsupported("DPP source modifiers are not lifted"));
        }
        c.dpp = Some(dpp_src(b, inst)?);
    } else if fmt == "VOPC_SDWA" {
        // Compares with word / byte selects (compilers use them for the
        // high half of f16 pairs); the lane mask goes to vcc or sdst.
        if ["src0_neg", "src0_abs", "src1_neg", "src1_abs"]
            .iter()
            .any(|f| inst.get(f) != 0)
        {
            return Err(b.unsupported("SDWA source modifiers are not lifted"));
        }
    } else if fmt == "VOP1_SDWA" || fmt == "VOP2_SDWA" {
        if inst.get("clamp") != 0 || inst.get("omod") != 0 {
            return Err(b.unsupported("SDWA clamp / omod are not lifted"));
        }
        if ["src0_neg", "src0_abs", "src1_neg", "src1_abs"]
            .iter()
            .any(|f| inst.get(f) != 0)
        {
            return Err(b.unsupported("SDWA source modifiers are not lifted"));
        }
        if m.starts_with("v_cmp") || m.contains("_co_") || m.starts_with("v_cndmask") {
            return Err(b.unsupported("SDWA forms with lane masks are not lifted"));
        }
    } else if !matches!(fmt, "VOP1" | "VOP2" | "VOPC" | "VOP3A" | "VOP3B") {
        return Err(b.unsupported(format!("{fmt} encodings are not lifted")));
    }
    let c = c;
    if vop3 {
        // Float ops apply omod in clamp_f (which clears it); an op that
        // leaves it set does not support it.
        b.omod = inst.get("omod");
        if fmt == "VOP3A" && OPSEL16.contains(&m) {
            return opsel16(b, inst, m);
        }
        if fmt == "VOP3A" && m == "v_pack_b32_f16" {
            return pack16(b, inst);
        }
        if fmt == "VOP3A" && inst.get("op_sel") != 0 {
            return Err(b.unsupported("op_sel is not lifted"));
        }
    }
    let clamp = vop3 && inst.get("clamp") == 1;
    if m.starts_with("v_cmp_") || m.starts_with("v_cmpx_") {
        return compare(b, &c, m);
    }
    use BinOp::*;
    // Second source of the two-source forms.
    let s1 = if vop3 { "src1" } else { "vsrc1" };
    let r1 = |b: &mut Builder| src(b, &c, "src0", 0);
    let r2 = |b: &mut Builder| src(b, &c, s1, 1);
    let r3 = |b: &mut Builder| src(b, &c, "src2", 2);
    let i32t = Type::I32;
    // Integer ops whose clamp bit we do not model.
    let int_clamp_check = |b: &Builder| {
        if clamp {
            Err(b.unsupported("integer clamp is not lifted"))
        } else {
            Ok(())
        }
    };
    let bin2 = |b: &mut Builder, op: BinOp, rev: bool| -> Result<Reg, LiftError> {
        let (x, y) = (r1(b)?, r2(b)?);
        Ok(if rev {
            b.binv(op, i32t, y, x)
        } else {
            b.binv(op, i32t, x, y)
        })
    };
    let res: Reg = match m {
        "v_nop" => return Ok(()),
        "v_accvgpr_mov_b32" if fmt == "VOP1" => return accvgpr(b, inst, m),
        "v_swap_b32" if fmt == "VOP1" => return swap(b, inst),
        "v_xnor_b32" => {
            let x = bin2(b, Xor, false)?;
            un(b, UnOp::Not, i32t, x)
        }
        "v_mov_b32" => {
            let x = r1(b)?;
            b.as_reg(x)
        }
        "v_mov_b64" => {
            let x = r1(b)?;
            let r = match x {
                Operand::Reg(r) => r,
                imm => {
                    let t = b.t(Type::I64);
                    b.mov(Type::I64, t, imm);
                    t
                }
            };
            write64(b, &c, r);
            return Ok(());
        }
        "v_readfirstlane_b32" => {
            return read_lane(b, inst.get("src0"), None, inst.get("vdst"));
        }
        "v_readlane_b32" => {
            return read_lane(
                b,
                inst.get("src0"),
                Some(inst.get("src1")),
                inst.get("vdst"),
            );
        }
        "v_writelane_b32" => {
            return write_lane(b, inst.get("vdst"), inst.get("src0"), inst.get("src1"));
        }
        // With clamp these saturate (LLVM's add_sat / sub_sat).
        "v_add_u32" | "v_sub_u32" | "v_subrev_u32" => {
            let (x, y) = (r1(b)?, r2(b)?);
            let (x, y) = if m == "v_subrev_u32" { (y, x) } else { (x, y) };
            let add = m == "v_add_u32";
            let r = b.binv(if add { Add } else { Sub }, i32t, x, y);
            if clamp {
                // Unsigned overflow: the sum wrapped below x, or y > x.
                let (lhs, rhs) = if add { (r.into(), x) } else { (x, y) };
                let over = b.icmp(ICond::Ult, i32t, lhs, rhs);
                let limit = Operand::Imm(if add { u32::MAX as u64 } else { 0 });
                b.select(i32t, over, limit, r)
            } else {
                r
            }
        }
        "v_add_i32" | "v_sub_i32" => {
            let (x, y) = (r1(b)?, r2(b)?);
            let op = if m == "v_add_i32" { Add } else { Sub };
            if clamp {
                // Exact in 64 bits, then clamped to the i32 range.
                let x = b.cvt(CvtOp::Sext, Type::I64, i32t, x);
                let y = b.cvt(CvtOp::Sext, Type::I64, i32t, y);
                let r = b.binv(op, Type::I64, x, y);
                let r = b.binv(MinS, Type::I64, r, Operand::Imm(i32::MAX as u64));
                let r = b.binv(MaxS, Type::I64, r, Operand::Imm(i32::MIN as i64 as u64));
                b.cvt(CvtOp::Trunc, i32t, Type::I64, r)
            } else {
                b.binv(op, i32t, x, y)
            }
        }
        "v_mul_lo_u32" => bin2(b, Mul, false)?,
        "v_mul_hi_u32" => bin2(b, MulHiU, false)?,
        "v_mul_hi_i32" => bin2(b, MulHiS, false)?,
        "v_and_b32" => bin2(b, And, false)?,
        "v_or_b32" => bin2(b, Or, false)?,
        "v_xor_b32" => bin2(b, Xor, false)?,
        "v_min_i32" => bin2(b, MinS, false)?,
        "v_max_i32" => bin2(b, MaxS, false)?,
        "v_min_u32" => bin2(b, MinU, false)?,
        "v_max_u32" => bin2(b, MaxU, false)?,
        "v_lshlrev_b32" | "v_lshrrev_b32" | "v_ashrrev_i32" => {
            let (x, y) = (r1(b)?, r2(b)?);
            let n = b.binv(And, i32t, x, Operand::Imm(31));
            let op = match &m[..6] {
                "v_lshl" => Shl,
                "v_lshr" => LShr,
                _ => AShr,
            };
            b.binv(op, i32t, y, n)
        }
        "v_lshlrev_b64" | "v_lshrrev_b64" | "v_ashrrev_i64" => {
            let (x, y) = (r1(b)?, r2(b)?);
            let n = b.binv(And, i32t, x, Operand::Imm(63));
            let op = match &m[..6] {
                "v_lshl" => Shl,
                "v_lshr" => LShr,
                _ => AShr,
            };
            let r = b.binv(op, Type::I64, y, n);
            write64(b, &c, r);
            return Ok(());
        }
        "v_lshl_add_u64" => {
            let (x, y, z) = (r1(b)?, r2(b)?, r3(b)?);
            let n = b.binv(And, i32t, y, Operand::Imm(63));
            let s = b.binv(Shl, Type::I64, x, n);
            let r = b.binv(Add, Type::I64, s, z);
            write64(b, &c, r);
            return Ok(());
        }
        "v_mul_u32_u24" | "v_mul_hi_u32_u24" | "v_mul_i32_i24" | "v_mul_hi_i32_i24" => {
            let (x, y) = (r1(b)?, r2(b)?);
            let signed = m.contains("i32_i24");
            let (x, y) = if signed {
                let a = b.binv(Shl, i32t, x, Operand::Imm(8));
                let a = b.binv(AShr, i32t, a, Operand::Imm(8));
                let c2 = b.binv(Shl, i32t, y, Operand::Imm(8));
                let c2 = b.binv(AShr, i32t, c2, Operand::Imm(8));
                (a, c2)
            } else {
                (
                    b.binv(And, i32t, x, Operand::Imm(0xff_ffff)),
                    b.binv(And, i32t, y, Operand::Imm(0xff_ffff)),
                )
            };
            let op = if m.contains("_hi_") {
                if signed {
                    MulHiS
                } else {
                    MulHiU
                }
            } else {
                Mul
            };
            b.binv(op, i32t, x, y)
        }
        "v_mad_u32_u24" | "v_mad_i32_i24" => {
            let (x, y, z) = (r1(b)?, r2(b)?, r3(b)?);
            let signed = m == "v_mad_i32_i24";
            let ext = |b: &mut Builder, v: V| {
                if signed {
                    let a = b.binv(Shl, i32t, v, Operand::Imm(8));
                    b.binv(AShr, i32t, a, Operand::Imm(8))
                } else {
                    b.binv(And, i32t, v, Operand::Imm(0xff_ffff))
                }
            };
            let (x, y) = (ext(b, x), ext(b, y));
            let p = b.binv(Mul, i32t, x, y);
            b.binv(Add, i32t, p, z)
        }
        "v_lshl_add_u32" | "v_add_lshl_u32" | "v_lshl_or_b32" | "v_and_or_b32" | "v_or3_b32"
        | "v_xad_u32" | "v_add3_u32" => {
            let (x, y, z) = (r1(b)?, r2(b)?, r3(b)?);
            match m {
                "v_lshl_add_u32" | "v_lshl_or_b32" => {
                    let n = b.binv(And, i32t, y, Operand::Imm(31));
                    let s = b.binv(Shl, i32t, x, n);
                    let op = if m == "v_lshl_add_u32" { Add } else { Or };
                    b.binv(op, i32t, s, z)
                }
                "v_add_lshl_u32" => {
                    let s = b.binv(Add, i32t, x, y);
                    let n = b.binv(And, i32t, z, Operand::Imm(31));
                    b.binv(Shl, i32t, s, n)
                }
                "v_and_or_b32" => {
                    let s = b.binv(And, i32t, x, y);
                    b.binv(Or, i32t, s, z)
                }
                "v_or3_b32" => {
                    let s = b.binv(Or, i32t, x, y);
                    b.binv(Or, i32t, s, z)
                }
                "v_xad_u32" => {
                    let s = b.binv(Xor, i32t, x, y);
                    b.binv(Add, i32t, s, z)
                }
                _ => {
                    let s = b.binv(Add, i32t, x, y);
                    b.binv(Add, i32t, s, z)
                }
            }
        }
        "v_min3_i32" | "v_min3_u32" | "v_max3_i32" | "v_max3_u32" => {
            let (x, y, z) = (r1(b)?, r2(b)?, r3(b)?);
            let op = match m {
                "v_min3_i32" => MinS,
                "v_min3_u32" => MinU,
                "v_max3_i32" => MaxS,
                _ => MaxU,
            };
            let s = b.binv(op, i32t, x, y);
            b.binv(op, i32t, s, z)
        }
        "v_med3_i32" | "v_med3_u32" => {
            let (x, y, z) = (r1(b)?, r2(b)?, r3(b)?);
            let (mn, mx) = if m == "v_med3_i32" {
                (MinS, MaxS)
            } else {
                (MinU, MaxU)
            };
            // max(min(x, y), min(max(x, y), z))
            let lo = b.binv(mn, i32t, x, y);
            let hi = b.binv(mx, i32t, x, y);
            let h2 = b.binv(mn, i32t, hi, z);
            b.binv(mx, i32t, lo, h2)
        }
        // Sums of absolute differences (LLVM emits v_sad_u32 for
        // `|x - y| + z` on unsigned values): per byte (`_u8`, `_hi_u8`: the
        // sum shifted up 16), per half (`_u16`) or whole, plus src2, wrapping.
        "v_sad_u8" | "v_sad_hi_u8" | "v_sad_u16" | "v_sad_u32" => {
            int_clamp_check(b)?;
            let (x, y, z) = (r1(b)?, r2(b)?, r3(b)?);
            let (width, parts) = match m {
                "v_sad_u16" => (16, 2),
                "v_sad_u32" => (32, 1),
                _ => (8, 4),
            };
            let mut sum: V = Operand::Imm(0);
            for p in 0..parts {
                let part = |b: &mut Builder, v: V| -> V {
                    if width == 32 {
                        return v;
                    }
                    let d = b.t(i32t);
                    b.emit(Op::Bfe {
                        signed: false,
                        ty: i32t,
                        dst: d,
                        a: v,
                        pos: Operand::Imm(p * width),
                        len: Operand::Imm(width),
                    });
                    d.into()
                };
                let (xp, yp) = (part(b, x), part(b, y));
                let hi = b.binv(MaxU, i32t, xp, yp);
                let lo = b.binv(MinU, i32t, xp, yp);
                let d = b.binv(Sub, i32t, hi, lo);
                sum = b.binv(Add, i32t, sum, d).into();
            }
            if m == "v_sad_hi_u8" {
                sum = b.binv(Shl, i32t, sum, Operand::Imm(16)).into();
            }
            b.binv(Add, i32t, sum, z)
        }
        "v_bfe_u32" | "v_bfe_i32" => {
            let (x, y, z) = (r1(b)?, r2(b)?, r3(b)?);
            let pos = b.binv(And, i32t, y, Operand::Imm(31));
            let len = b.binv(And, i32t, z, Operand::Imm(31));
            let d = b.t(i32t);
            b.emit(Op::Bfe {
                signed: m == "v_bfe_i32",
                ty: i32t,
                dst: d,
                a: x,
                pos: pos.into(),
                len: len.into(),
            });
            d
        }
        "v_bfi_b32" => {
            let (x, y, z) = (r1(b)?, r2(b)?, r3(b)?);
            let d = b.t(i32t);
            // (x & y) | (~x & z): lop3 table for a=x, b=y, c=z is 0xca.
            b.emit(Op::Lop3 {
                ty: i32t,
                dst: d,
                a: x,
                b: y,
                c: z,
                lut: 0xca,
            });
            d
        }
        "v_bfm_b32" => {
            let (x, y) = (r1(b)?, r2(b)?);
            let n = b.binv(And, i32t, x, Operand::Imm(31));
            let s = b.binv(And, i32t, y, Operand::Imm(31));
            let one = b.binv(Shl, i32t, Operand::Imm(1), n);
            let mask = b.binv(Sub, i32t, one, Operand::Imm(1));
            b.binv(Shl, i32t, mask, s)
        }
        "v_alignbit_b32" | "v_alignbyte_b32" => {
            let (x, y, z) = (r1(b)?, r2(b)?, r3(b)?);
            let n = if m == "v_alignbyte_b32" {
                let t = b.binv(And, i32t, z, Operand::Imm(3));
                b.binv(Shl, i32t, t, Operand::Imm(3))
            } else {
                b.binv(And, i32t, z, Operand::Imm(31))
            };
            let d = b.t(i32t);
            b.emit(Op::Funnel {
                left: false,
                wrap: true,
                dst: d,
                lo: y,
                hi: x,
                shift: n.into(),
            });
            d
        }
        "v_not_b32" => {
            let x = r1(b)?;
            un(b, UnOp::Not, i32t, x)
        }
        "v_bfrev_b32" => {
            let x = r1(b)?;
            un(b, UnOp::Brev, i32t, x)
        }
        "v_ffbh_u32" | "v_ffbl_b32" | "v_ffbh_i32" => {
            let x = r1(b)?;
            let arg: V = if m == "v_ffbh_i32" {
                let s = b.binv(AShr, i32t, x, Operand::Imm(31));
                b.binv(Xor, i32t, x, s).into()
            } else {
                x
            };
            let op = if m == "v_ffbl_b32" {
                UnOp::Ctz
            } else {
                UnOp::Clz
            };
            let n = un(b, op, i32t, arg);
            let none = b.icmp(ICond::Eq, i32t, n, Operand::Imm(32));
            b.select(i32t, none, Operand::Imm(0xffff_ffff), n)
        }
        "v_bcnt_u32_b32" => {
            let (x, y) = (r1(b)?, r2(b)?);
            let p = un(b, UnOp::Popc, i32t, x);
            b.binv(Add, i32t, p, y)
        }
        "v_mbcnt_lo_u32_b32" | "v_mbcnt_hi_u32_b32" => {
            let (x, y) = (r1(b)?, r2(b)?);
            // Lanes below this one: (1 << lane) - 1, as 64 bits.
            let lane = b.lane;
            let one = b.binv(Shl, Type::I64, Operand::Imm(1), lane);
            let below = b.binv(Sub, Type::I64, one, Operand::Imm(1));
            let part = if m == "v_mbcnt_lo_u32_b32" {
                b.cvt(CvtOp::Trunc, i32t, Type::I64, below)
            } else {
                let h = b.binv(LShr, Type::I64, below, Operand::Imm(32));
                b.cvt(CvtOp::Trunc, i32t, Type::I64, h)
            };
            let a = b.binv(And, i32t, x, part);
            let p = un(b, UnOp::Popc, i32t, a);
            b.binv(Add, i32t, p, y)
        }
        "v_cndmask_b32" => {
            let (x, y) = (r1(b)?, r2(b)?);
            let bit = mask_in(b, &c)?;
            b.select(i32t, bit, y, x)
        }
        "v_add_co_u32" | "v_sub_co_u32" | "v_subrev_co_u32" => {
            int_clamp_check(b)?;
            let (mut x, mut y) = (r1(b)?, r2(b)?);
            if m == "v_subrev_co_u32" {
                std::mem::swap(&mut x, &mut y);
            }
            let (r, carry) = if m == "v_add_co_u32" {
                let r = b.binv(Add, i32t, x, y);
                (r, b.icmp(ICond::Ult, i32t, r, x))
            } else {
                let r = b.binv(Sub, i32t, x, y);
                (r, b.icmp(ICond::Ult, i32t, x, y))
            };
            let mask = b.ballot(carry);
            write_mask(b, &c, mask)?;
            r
        }
        "v_addc_co_u32" | "v_subb_co_u32" | "v_subbrev_co_u32" => {
            int_clamp_check(b)?;
            let (mut x, mut y) = (r1(b)?, r2(b)?);
            if m == "v_subbrev_co_u32" {
                std::mem::swap(&mut x, &mut y);
            }
            let cin = mask_in(b, &c)?;
            let ci = b.b2i(cin);
            let xw = b.cvt(CvtOp::Zext, Type::I64, i32t, x);
            let yw = b.cvt(CvtOp::Zext, Type::I64, i32t, y);
            let cw = b.cvt(CvtOp::Zext, Type::I64, i32t, ci);
            let op = if m == "v_addc_co_u32" { Add } else { Sub };
            let s = b.binv(op, Type::I64, xw, yw);
            let s = b.binv(op, Type::I64, s, cw);
            let hi = b.binv(LShr, Type::I64, s, Operand::Imm(32));
            let carry = b.icmp(ICond::Ne, Type::I64, hi, Operand::Imm(0));
            let mask = b.ballot(carry);
            let r = b.cvt(CvtOp::Trunc, i32t, Type::I64, s);
            write_mask(b, &c, mask)?;
            r
        }
        "v_mad_u64_u32" | "v_mad_i64_i32" => {
            int_clamp_check(b)?;
            let (x, y, z) = (r1(b)?, r2(b)?, r3(b)?);
            let signed = m == "v_mad_i64_i32";
            let p = b.t(Type::I64);
            b.emit(Op::MulWide {
                signed,
                dst: p,
                a: x,
                b: y,
            });
            let r = b.binv(Add, Type::I64, p, z);
            // Carry out of the 64-bit sum (unsigned: r < z; signed: overflow).
            let carry = if signed {
                let s1 = b.binv(Xor, Type::I64, p, r);
                let s2 = b.binv(Xor, Type::I64, z, r);
                let s = b.binv(And, Type::I64, s1, s2);
                b.icmp(ICond::Slt, Type::I64, s, Operand::Imm(0))
            } else {
                b.icmp(ICond::Ult, Type::I64, r, z)
            };
            let mask = b.ballot(carry);
            write_mask(b, &c, mask)?;
            write64(b, &c, r);
            return Ok(());
        }
        // ---- float
        "v_add_f32" | "v_sub_f32" | "v_subrev_f32" | "v_mul_f32" | "v_min_f32" | "v_max_f32"
        | "v_add_f64" | "v_mul_f64" | "v_min_f64" | "v_max_f64" => {
            let bits = if m.ends_with("f64") { 64 } else { 32 };
            let (mut x, mut y) = (r1(b)?, r2(b)?);
            if m == "v_subrev_f32" {
                std::mem::swap(&mut x, &mut y);
            }
            let op = match &m[2..5] {
                "add" => FBinOp::Add,
                "sub" => FBinOp::Sub,
                "mul" => FBinOp::Mul,
                "min" => FBinOp::Min,
                _ => FBinOp::Max,
            };
            let r = fbin(b, op, bits, x, y);
            let r = clamp_f(b, r, bits, clamp);
            if bits == 64 {
                write64(b, &c, r);
                return Ok(());
            }
            r
        }
        "v_fma_f32" | "v_fma_f64" | "v_fmac_f32" | "v_mac_f32" | "v_mad_f32" | "v_fmac_f64" => {
            let bits = if m.ends_with("f64") { 64 } else { 32 };
            let (x, y) = (r1(b)?, r2(b)?);
            let z: V = if m.starts_with("v_fmac") || m == "v_mac_f32" {
                let vd = inst.get("vdst");
                let lo = b.v(vd);
                if bits == 64 {
                    let hi = b.v(vd + 1);
                    b.pair(lo, hi).into()
                } else {
                    lo.into()
                }
            } else {
                r3(b)?
            };
            let r = if m == "v_mac_f32" || m == "v_mad_f32" {
                // Unfused: the product is rounded first.
                let p = fbin(b, FBinOp::Mul, 32, x, y);
                fbin(b, FBinOp::Add, 32, p.into(), z)
            } else {
                fma(b, bits, x, y, z)
            };
            let r = clamp_f(b, r, bits, clamp);
            if bits == 64 {
                write64(b, &c, r);
                return Ok(());
            }
            r
        }
        "v_rcp_f32" | "v_sqrt_f32" | "v_rsq_f32" | "v_exp_f32" | "v_log_f32" | "v_floor_f32"
        | "v_ceil_f32" | "v_trunc_f32" | "v_rndne_f32" | "v_rcp_f64" | "v_sqrt_f64"
        | "v_rsq_f64" | "v_floor_f64" | "v_ceil_f64" | "v_trunc_f64" | "v_rndne_f64" => {
            let bits = if m.ends_with("f64") { 64 } else { 32 };
            let x = r1(b)?;
            let op = match &m[2..m.len() - 4] {
                "rcp" => FUnOp::Rcp,
                "sqrt" => FUnOp::Sqrt,
                "rsq" => FUnOp::Rsqrt,
                "exp" => FUnOp::Exp2,
                "log" => FUnOp::Log2,
                "floor" => FUnOp::Floor,
                "ceil" => FUnOp::Ceil,
                "trunc" => FUnOp::Trunc,
                _ => FUnOp::Rint,
            };
            let r = fun(b, op, bits, x);
            let r = clamp_f(b, r, bits, clamp);
            if bits == 64 {
                write64(b, &c, r);
                return Ok(());
            }
            r
        }
        "v_cvt_f32_i32" | "v_cvt_f32_u32" => {
            let x = r1(b)?;
            let op = if m.ends_with("i32") {
                CvtOp::StoF
            } else {
                CvtOp::UtoF
            };
            let f = cvt(b, op, Type::F32, i32t, Round::Rn, false, x);
            fromf(b, f, 32)
        }
        "v_cvt_i32_f32" | "v_cvt_u32_f32" | "v_cvt_i32_f64" | "v_cvt_u32_f64" => {
            let bits = if m.ends_with("f64") { 64 } else { 32 };
            let x = r1(b)?;
            let f = tof(b, x, bits);
            let op = if m.starts_with("v_cvt_i32") {
                CvtOp::FtoS
            } else {
                CvtOp::FtoU
            };
            cvt(b, op, i32t, fty(bits), Round::Rz, true, f.into())
        }
        "v_cvt_f64_i32" | "v_cvt_f64_u32" | "v_cvt_f64_f32" | "v_cvt_f32_f64" => {
            let x = r1(b)?;
            let r = match m {
                "v_cvt_f64_i32" => cvt(b, CvtOp::StoF, Type::F64, i32t, Round::Rn, false, x),
                "v_cvt_f64_u32" => cvt(b, CvtOp::UtoF, Type::F64, i32t, Round::Rn, false, x),
                "v_cvt_f64_f32" => {
                    let f = tof(b, x, 32);
                    ftof_rn(b, Type::F64, Type::F32, f.into())
                }
                _ => {
                    let f = tof(b, x, 64);
                    let r = ftof_rn(b, Type::F32, Type::F64, f.into());
                    fromf(b, r, 32)
                }
            };
            if m == "v_cvt_f32_f64" {
                r
            } else {
                let i = fromf(b, r, 64);
                write64(b, &c, i);
                return Ok(());
            }
        }
        "v_div_scale_f32" | "v_div_scale_f64" => {
            // The IEEE division sequence (div_scale, rcp, fma refinement,
            // div_fmas, div_fixup) is lifted as a whole: div_scale leaves its
            // operand unscaled and clears VCC, div_fmas is a plain fma and
            // div_fixup computes numerator / denominator correctly rounded
            // (docs/cdna.md).
            let bits = if m.ends_with("f64") { 64 } else { 32 };
            let x = r1(b)?;
            let zero = b.t(Type::I64);
            b.mov(Type::I64, zero, Operand::Imm(0));
            write_mask(b, &c, zero)?;
            let r = match x {
                Operand::Reg(r) => r,
                imm => {
                    let t = b.t(ity(bits));
                    b.mov(ity(bits), t, imm);
                    t
                }
            };
            if bits == 64 {
                write64(b, &c, r);
                return Ok(());
            }
            r
        }
        "v_div_fmas_f32" | "v_div_fmas_f64" => {
            let bits = if m.ends_with("f64") { 64 } else { 32 };
            let (x, y, z) = (r1(b)?, r2(b)?, r3(b)?);
            let r = fma(b, bits, x, y, z);
            let r = clamp_f(b, r, bits, clamp);
            if bits == 64 {
                write64(b, &c, r);
                return Ok(());
            }
            r
        }
        "v_div_fixup_f32" | "v_div_fixup_f64" => {
            let bits = if m.ends_with("f64") { 64 } else { 32 };
            let (_q, den, num) = (r1(b)?, r2(b)?, r3(b)?);
            let r = fbin(b, FBinOp::Div, bits, num, den);
            let r = clamp_f(b, r, bits, clamp);
            if bits == 64 {
                write64(b, &c, r);
                return Ok(());
            }
            r
        }
        "v_sin_f32" | "v_cos_f32" => {
            // The input is in revolutions: sin(2 pi x), in f64, rounded.
            let x = r1(b)?;
            let fx = tof(b, x, 32);
            let w = ftof_rn(b, Type::F64, Type::F32, fx.into());
            let wi = fromf(b, w, 64);
            let t = fbin(
                b,
                FBinOp::Mul,
                64,
                wi.into(),
                Operand::Imm(std::f64::consts::TAU.to_bits()),
            );
            let op = if m == "v_sin_f32" {
                FUnOp::Sin
            } else {
                FUnOp::Cos
            };
            let r = fun(b, op, 64, t.into());
            let rf = tof(b, r.into(), 64);
            let n = ftof_rn(b, Type::F32, Type::F64, rf.into());
            let n = fromf(b, n, 32);
            clamp_f(b, n, 32, clamp)
        }
        "v_ldexp_f64" => {
            let (x, n) = (r1(b)?, r2(b)?);
            let r = ldexp64(b, x, n);
            write64(b, &c, r);
            return Ok(());
        }
        "v_fmamk_f32" | "v_fmaak_f32" => {
            let k = Operand::Imm(b.lit()? as u64);
            let (x, y) = (r1(b)?, r2(b)?);
            if m == "v_fmamk_f32" {
                fma(b, 32, x, k, y)
            } else {
                fma(b, 32, x, y, k)
            }
        }
        "v_cvt_f32_f16" => {
            let x = src16(b, &c, "src0", 0)?;
            let h = half_of(b, x);
            let f = ftof_rn(b, Type::F32, Type::F16, h.into());
            let r = fromf(b, f, 32);
            clamp_f(b, r, 32, clamp)
        }
        "v_cvt_f16_f32" => {
            let x = r1(b)?;
            let f = tof(b, x, 32);
            let h = ftof_rn(b, Type::F16, Type::F32, f.into());
            half_bits(b, h)
        }
        "v_rcp_f16" | "v_sqrt_f16" | "v_rsq_f16" | "v_log_f16" | "v_exp_f16" | "v_floor_f16"
        | "v_ceil_f16" | "v_trunc_f16" | "v_rndne_f16" => {
            // The IR's f16 ops are correctly rounded (the hardware's
            // transcendentals are within an ulp of that).
            let x = src16(b, &c, "src0", 0)?;
            let h = half_of(b, x);
            let op = match &m[2..m.len() - 4] {
                "rcp" => FUnOp::Rcp,
                "sqrt" => FUnOp::Sqrt,
                "rsq" => FUnOp::Rsqrt,
                "exp" => FUnOp::Exp2,
                "log" => FUnOp::Log2,
                "floor" => FUnOp::Floor,
                "ceil" => FUnOp::Ceil,
                "trunc" => FUnOp::Trunc,
                _ => FUnOp::Rint,
            };
            let d = b.t(Type::F16);
            b.emit(Op::FUn {
                op,
                ty: Type::F16,
                ftz: false,
                dst: d,
                a: h.into(),
            });
            let r = half_bits(b, d);
            if clamp {
                clamp16(b, r, b'f')
            } else {
                r
            }
        }
        "v_ldexp_f16" => {
            // x * 2^n, n the i16 in the low half of src1: computed exactly
            // in f32 with n clamped to [-64, 64] (beyond, every nonzero f16
            // result is 0 or inf anyway) and rounded once to f16.
            let x = src16(b, &c, "src0", 0)?;
            let n = src(b, &c, s1, 3)?;
            let n = b.binv(Shl, i32t, n, Operand::Imm(16));
            let n = b.binv(AShr, i32t, n, Operand::Imm(16));
            let n = b.binv(MaxS, i32t, n, Operand::Imm((-64i32) as u32 as u64));
            let n = b.binv(MinS, i32t, n, Operand::Imm(64));
            let e = b.binv(Add, i32t, n, Operand::Imm(127));
            let p2 = b.binv(Shl, i32t, e, Operand::Imm(23));
            let h = half_of(b, x);
            let w = ftof_rn(b, Type::F32, Type::F16, h.into());
            let wi = fromf(b, w, 32);
            let p = fbin(b, FBinOp::Mul, 32, wi.into(), p2.into());
            let pf = tof(b, p.into(), 32);
            let r = ftof_rn(b, Type::F16, Type::F32, pf.into());
            let r = half_bits(b, r);
            if clamp {
                clamp16(b, r, b'f')
            } else {
                r
            }
        }
        "v_dot2c_i32_i16" | "v_dot4c_i32_i8" | "v_dot8c_i32_i4" => {
            // VOP2 dots accumulating into vdst.
            let (w, signed) = int_dot(m).unwrap_or((8, true));
            let (x, y) = (r1(b)?, r2(b)?);
            let acc: V = b.v(inst.get("vdst")).into();
            dot_sum(b, x, y, acc, w, signed, clamp)
        }
        "v_fract_f16" => {
            // x - floor(x), at most the largest f16 below 1; NaN-propagating
            // (inf and NaN give NaN), as v_fract_f32.
            let x = src16(b, &c, "src0", 0)?;
            let h = half_of(b, x);
            let f16op = |b: &mut Builder, op: FBinOp, x: Reg, y: Operand| {
                let d = b.t(Type::F16);
                b.emit(Op::FBin {
                    op,
                    ty: Type::F16,
                    rnd: Round::Rn,
                    ftz: false,
                    dst: d,
                    a: x.into(),
                    b: y,
                });
                d
            };
            let fl = b.t(Type::F16);
            b.emit(Op::FUn {
                op: FUnOp::Floor,
                ty: Type::F16,
                ftz: false,
                dst: fl,
                a: h.into(),
            });
            let d = f16op(b, FBinOp::Sub, h, fl.into());
            let r = f16op(b, FBinOp::MinNan, d, Operand::Imm(0x3bff));
            let r = half_bits(b, r);
            if clamp {
                clamp16(b, r, b'f')
            } else {
                r
            }
        }
        "v_pk_fmac_f16" => {
            // VOP2 packed fma accumulating into vdst: each half
            // fma(src0 half, src1 half, vdst half).
            let (x, y) = (r1(b)?, r2(b)?);
            let acc: V = b.v(inst.get("vdst")).into();
            let mut halves = Vec::new();
            for k in 0..2u64 {
                let pick = |b: &mut Builder, v: V| -> Reg {
                    let s = b.binv(LShr, i32t, v, Operand::Imm(16 * k));
                    half_of(b, s.into())
                };
                let (hx, hy, hz) = (pick(b, x), pick(b, y), pick(b, acc));
                let d = b.t(Type::F16);
                b.emit(Op::Fma {
                    ty: Type::F16,
                    ftz: false,
                    dst: d,
                    a: hx.into(),
                    b: hy.into(),
                    c: hz.into(),
                });
                halves.push(half_bits(b, d));
            }
            let hi = b.binv(Shl, i32t, halves[1], Operand::Imm(16));
            b.binv(Or, i32t, halves[0], hi)
        }
        "v_cvt_f16_u16" | "v_cvt_f16_i16" => {
            let x = r1(b)?;
            let t16 = b.cvt(CvtOp::Trunc, Type::I16, i32t, x);
            let op = if m.ends_with("i16") {
                CvtOp::StoF
            } else {
                CvtOp::UtoF
            };
            let h = cvt(b, op, Type::F16, Type::I16, Round::Rn, false, t16.into());
            let r = half_bits(b, h);
            if clamp {
                clamp16(b, r, b'f')
            } else {
                r
            }
        }
        "v_cvt_u16_f16" | "v_cvt_i16_f16" => {
            // Truncation, saturated to the 16-bit range, NaN -> 0.
            let x = src16(b, &c, "src0", 0)?;
            let h = half_of(b, x);
            let op = if m.starts_with("v_cvt_i16") {
                CvtOp::FtoS
            } else {
                CvtOp::FtoU
            };
            let r = cvt(b, op, Type::I16, Type::F16, Round::Rz, true, h.into());
            b.cvt(CvtOp::Zext, i32t, Type::I16, r)
        }
        "v_add_f16" | "v_sub_f16" | "v_subrev_f16" | "v_mul_f16" | "v_min_f16" | "v_max_f16"
        | "v_fmac_f16" => {
            // The VOP3 abs / neg of an f16 source act on bit 15 (src16).
            let (mut x, mut y) = (src16(b, &c, "src0", 0)?, src16(b, &c, s1, 1)?);
            if m == "v_subrev_f16" {
                std::mem::swap(&mut x, &mut y);
            }
            let (hx, hy) = (half_of(b, x), half_of(b, y));
            let d = b.t(Type::F16);
            if m == "v_fmac_f16" {
                let z: V = b.v(inst.get("vdst")).into();
                let hz = half_of(b, z);
                b.emit(Op::Fma {
                    ty: Type::F16,
                    ftz: false,
                    dst: d,
                    a: hx.into(),
                    b: hy.into(),
                    c: hz.into(),
                });
            } else {
                let op = match &m[2..5] {
                    "add" => FBinOp::Add,
                    "sub" => FBinOp::Sub,
                    "mul" => FBinOp::Mul,
                    "min" => FBinOp::Min,
                    _ => FBinOp::Max,
                };
                b.emit(Op::FBin {
                    op,
                    ty: Type::F16,
                    rnd: Round::Rn,
                    ftz: false,
                    dst: d,
                    a: hx.into(),
                    b: hy.into(),
                });
            }
            let r = half_bits(b, d);
            if clamp {
                clamp16(b, r, b'f')
            } else {
                r
            }
        }
        "v_fract_f32" | "v_fract_f64" => {
            // x - floor(x), below 1 (the largest value under 1 for tiny
            // negative x).
            let bits = if m.ends_with("f64") { 64 } else { 32 };
            let x = r1(b)?;
            let fl = fun(b, FUnOp::Floor, bits, x);
            let d = fbin(b, FBinOp::Sub, bits, x, fl.into());
            let below_one = if bits == 64 {
                0x3fef_ffff_ffff_ffffu64
            } else {
                0x3f7f_ffff
            };
            // NaN-propagating: inf and NaN inputs give NaN.
            let r = fbin(b, FBinOp::MinNan, bits, d.into(), Operand::Imm(below_one));
            let r = clamp_f(b, r, bits, clamp);
            if bits == 64 {
                write64(b, &c, r);
                return Ok(());
            }
            r
        }
        "v_max3_f32" | "v_min3_f32" | "v_med3_f32" => {
            let (x, y, z) = (r1(b)?, r2(b)?, r3(b)?);
            let r = match m {
                "v_max3_f32" => {
                    let t = fbin(b, FBinOp::Max, 32, x, y);
                    fbin(b, FBinOp::Max, 32, t.into(), z)
                }
                "v_min3_f32" => {
                    let t = fbin(b, FBinOp::Min, 32, x, y);
                    fbin(b, FBinOp::Min, 32, t.into(), z)
                }
                _ => {
                    // max(min(x, y), min(max(x, y), z)) (no NaN inputs: the
                    // hardware's NaN rules for med3 are not modelled).
                    let lo = fbin(b, FBinOp::Min, 32, x, y);
                    let hi = fbin(b, FBinOp::Max, 32, x, y);
                    let h2 = fbin(b, FBinOp::Min, 32, hi.into(), z);
                    fbin(b, FBinOp::Max, 32, lo.into(), h2.into())
                }
            };
            clamp_f(b, r, 32, clamp)
        }
        "v_cvt_rpi_i32_f32" | "v_cvt_flr_i32_f32" => {
            // floor(x + 0.5) / floor(x) to i32 (saturating, NaN -> 0).
            let x = r1(b)?;
            let y = if m == "v_cvt_rpi_i32_f32" {
                fbin(b, FBinOp::Add, 32, x, Operand::Imm(0.5f32.to_bits() as u64)).into()
            } else {
                x
            };
            let fl = fun(b, FUnOp::Floor, 32, y);
            let f = tof(b, fl.into(), 32);
            cvt(b, CvtOp::FtoS, i32t, Type::F32, Round::Rz, true, f.into())
        }
        "v_cvt_pkrtz_f16_f32" => {
            // (v_pack_b32_f16 is VOP3-only: pack16.)
            let (x, y) = (r1(b)?, r2(b)?);
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
            let h = b.binv(Shl, i32t, hi, Operand::Imm(16));
            b.binv(Or, i32t, lo, h)
        }
        "v_perm_b32" => {
            // Byte permute of {src0, src1} (src1 = bytes 0..3): each selector
            // byte picks a byte (0..7), the sign of byte 1/3/5/7 (8..11, as
            // 0x00/0xff), 0x00 (12) or 0xff (13..).
            let (x, y, sel) = (r1(b)?, r2(b)?, r3(b)?);
            let xw = b.cvt(CvtOp::Zext, Type::I64, i32t, x);
            let yw = b.cvt(CvtOp::Zext, Type::I64, i32t, y);
            let hi = b.binv(Shl, Type::I64, xw, Operand::Imm(32));
            let both = b.binv(Or, Type::I64, hi, yw);
            let mut acc = b.t(i32t);
            b.mov(i32t, acc, Operand::Imm(0));
            for k in 0..4u64 {
                let s8 = b.binv(LShr, i32t, sel, Operand::Imm(8 * k));
                let s8 = b.binv(And, i32t, s8, Operand::Imm(0xff));
                // Byte s8 & 7 of the pair.
                let idx = b.binv(And, i32t, s8, Operand::Imm(7));
                let sh = b.binv(Shl, i32t, idx, Operand::Imm(3));
                let v = b.binv(LShr, Type::I64, both, sh);
                let byte = b.cvt(CvtOp::Trunc, i32t, Type::I64, v);
                let byte = b.binv(And, i32t, byte, Operand::Imm(0xff));
                // Sign of byte 2 (s8 - 8) + 1, as 0x00 / 0xff.
                let sidx = b.binv(And, i32t, s8, Operand::Imm(3));
                let sidx = b.binv(Shl, i32t, sidx, Operand::Imm(4));
                let sidx = b.binv(Add, i32t, sidx, Operand::Imm(15));
                let sv = b.binv(LShr, Type::I64, both, sidx);
                let sbit = b.cvt(CvtOp::Trunc, i32t, Type::I64, sv);
                let sbit = b.binv(And, i32t, sbit, Operand::Imm(1));
                let sfill = b.binv(Mul, i32t, sbit, Operand::Imm(0xff));
                let is_byte = b.icmp(ICond::Ult, i32t, s8, Operand::Imm(8));
                let is_sign = b.icmp(ICond::Ult, i32t, s8, Operand::Imm(12));
                let is_zero = b.icmp(ICond::Eq, i32t, s8, Operand::Imm(12));
                let r = b.select(i32t, is_zero, Operand::Imm(0), Operand::Imm(0xff));
                let r = b.select(i32t, is_sign, sfill, r);
                let r = b.select(i32t, is_byte, byte, r);
                let r = b.binv(Shl, i32t, r, Operand::Imm(8 * k));
                acc = b.binv(Or, i32t, acc, r);
            }
            acc
        }
        "v_rcp_iflag_f32" => {
            // The reciprocal used by integer division expansions: the IR's
            // correctly rounded rcp is within the hardware's error bound.
            let x = r1(b)?;
            fun(b, FUnOp::Rcp, 32, x)
        }
        "v_cvt_f32_ubyte0" | "v_cvt_f32_ubyte1" | "v_cvt_f32_ubyte2" | "v_cvt_f32_ubyte3" => {
            let x = r1(b)?;
            let k = (m.as_bytes()[m.len() - 1] - b'0') as u64;
            let s = b.binv(LShr, i32t, x, Operand::Imm(8 * k));
            let byte = b.binv(And, i32t, s, Operand::Imm(0xff));
            let f = cvt(
                b,
                CvtOp::UtoF,
                Type::F32,
                i32t,
                Round::Rn,
                false,
                byte.into(),
            );
            fromf(b, f, 32)
        }
        "v_frexp_mant_f32" | "v_frexp_exp_i32_f32" => {
            let x = r1(b)?;
            let (mant, exp) = frexp32(b, x);
            if m == "v_frexp_mant_f32" {
                clamp_f(b, mant, 32, clamp)
            } else {
                exp
            }
        }
        "v_ldexp_f32" => {
            let (x, n) = (r1(b)?, r2(b)?);
            // x * 2^n with one rounding: the product is exact in f64 for
            // n clamped to [-400, 400] (beyond, the f32 result is 0 or inf).
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
            clamp_f(b, r, 32, clamp)
        }
        "v_add_u16" | "v_sub_u16" | "v_subrev_u16" | "v_mul_lo_u16" | "v_lshlrev_b16"
        | "v_lshrrev_b16" | "v_ashrrev_i16" | "v_max_u16" | "v_max_i16" | "v_min_u16"
        | "v_min_i16" => {
            int_clamp_check(b)?;
            let (x, y) = (r1(b)?, r2(b)?);
            let t16 = Type::I16;
            let x = b.cvt(CvtOp::Trunc, t16, i32t, x);
            let y = b.cvt(CvtOp::Trunc, t16, i32t, y);
            let r = match m {
                "v_add_u16" => b.binv(Add, t16, x, y),
                "v_sub_u16" => b.binv(Sub, t16, x, y),
                "v_subrev_u16" => b.binv(Sub, t16, y, x),
                "v_mul_lo_u16" => b.binv(Mul, t16, x, y),
                "v_max_u16" => b.binv(MaxU, t16, x, y),
                "v_max_i16" => b.binv(MaxS, t16, x, y),
                "v_min_u16" => b.binv(MinU, t16, x, y),
                "v_min_i16" => b.binv(MinS, t16, x, y),
                _ => {
                    let n = b.cvt(CvtOp::Zext, i32t, t16, x);
                    let n = b.binv(And, i32t, n, Operand::Imm(15));
                    let op = match &m[..6] {
                        "v_lshl" => Shl,
                        "v_lshr" => LShr,
                        _ => AShr,
                    };
                    b.binv(op, t16, y, n)
                }
            };
            // GFX9 16-bit VOP1/VOP2 results zero the high half of the VGPR.
            b.cvt(CvtOp::Zext, i32t, t16, r)
        }
        _ => return Err(b.unsupported("vector op not lifted")),
    };
    write_v(b, &c, &[res]);
    Ok(())
}

/// The low 16 bits of a 32-bit value as an `f16`.
fn half_of(b: &mut Builder, x: V) -> Reg {
    let t = b.cvt(CvtOp::Trunc, Type::I16, Type::I32, x);
    b.cvt(CvtOp::Bitcast, Type::F16, Type::I16, t)
}

/// An `f16` as a 32-bit VGPR value (GFX9 16-bit results zero the high half).
fn half_bits(b: &mut Builder, h: Reg) -> Reg {
    let t = b.cvt(CvtOp::Bitcast, Type::I16, Type::F16, h);
    b.cvt(CvtOp::Zext, Type::I32, Type::I16, t)
}

/// `x * 2^n` for an f64 `x` (bits) and i32 `n`: n is clamped to [-2200,
/// 2200] (beyond, the result is 0 or inf) and applied in three exact powers
/// of two of at most 2^±1023 each.
fn ldexp64(b: &mut Builder, x: V, n: V) -> Reg {
    use BinOp::*;
    let i32t = Type::I32;
    let n = b.binv(MaxS, i32t, n, Operand::Imm((-2200i32) as u32 as u64));
    let mut n = b.binv(MinS, i32t, n, Operand::Imm(2200));
    let mut p: Reg = match x {
        Operand::Reg(r) => r,
        imm => {
            let t = b.t(Type::I64);
            b.mov(Type::I64, t, imm);
            t
        }
    };
    for _ in 0..3 {
        let s = b.binv(MaxS, i32t, n, Operand::Imm((-1022i32) as u32 as u64));
        let s = b.binv(MinS, i32t, s, Operand::Imm(1023));
        n = b.binv(Sub, i32t, n, s);
        let e = b.binv(Add, i32t, s, Operand::Imm(1023));
        let e = b.cvt(CvtOp::Zext, Type::I64, i32t, e);
        let p2 = b.binv(Shl, Type::I64, e, Operand::Imm(52));
        p = fbin(b, FBinOp::Mul, 64, p.into(), p2.into());
    }
    p
}

/// `frexp` of an f32: (mantissa in [0.5, 1) with the sign, exponent); zero,
/// inf and NaN give (x, 0).
fn frexp32(b: &mut Builder, x: V) -> (Reg, Reg) {
    use BinOp::*;
    let t = Type::I32;
    let ax = b.binv(And, t, x, Operand::Imm(0x7fff_ffff));
    let den = b.icmp(ICond::Ult, t, ax, Operand::Imm(0x0080_0000));
    // Denormals: scale by 2^64 (exact) first.
    let scaled = fbin(b, FBinOp::Mul, 32, x, Operand::Imm(0x5f80_0000));
    let y = b.select(t, den, scaled, x);
    let ey = b.binv(LShr, t, y, Operand::Imm(23));
    let ey = b.binv(And, t, ey, Operand::Imm(0xff));
    let mb = b.binv(And, t, y, Operand::Imm(0x807f_ffff));
    let mant = b.binv(Or, t, mb, Operand::Imm(0x3f00_0000));
    let bias = b.select(t, den, Operand::Imm(126 + 64), Operand::Imm(126));
    let exp = b.binv(Sub, t, ey, bias);
    let zero = b.icmp(ICond::Eq, t, ax, Operand::Imm(0));
    let big = b.icmp(ICond::Uge, t, ax, Operand::Imm(0x7f80_0000));
    let special = b.binv(Or, Type::I1, zero, big);
    let xm = match x {
        Operand::Reg(r) => r,
        imm => {
            let r = b.t(t);
            b.mov(t, r, imm);
            r
        }
    };
    let mant = b.select(t, special, xm, mant);
    let exp = b.select(t, special, Operand::Imm(0), exp);
    (mant, exp)
}

/// The v_cmp_class bit index of a float: 0 sNaN, 1 qNaN, 2 -inf, 3 -normal,
/// 4 -denormal, 5 -0, 6 +0, 7 +denormal, 8 +normal, 9 +inf.
fn fclass(b: &mut Builder, x: V, bits: u32) -> Reg {
    use BinOp::*;
    let t = ity(bits);
    let (sign, inf, quiet, minn) = if bits == 64 {
        (1u64 << 63, 0x7ff0_0000_0000_0000u64, 1u64 << 51, 1u64 << 52)
    } else if bits == 16 {
        (1 << 15, 0x7c00, 1 << 9, 1 << 10)
    } else {
        (1 << 31, 0x7f80_0000, 1 << 22, 1 << 23)
    };
    let ax = b.binv(And, t, x, Operand::Imm(!sign & t.mask()));
    let neg = b.icmp(ICond::Ne, t, x, ax);
    let pick = |b: &mut Builder, n: u64, p: u64| {
        b.select(Type::I32, neg, Operand::Imm(n), Operand::Imm(p))
    };
    let z = pick(b, 5, 6);
    let is_den = b.icmp(ICond::Ne, t, ax, Operand::Imm(0));
    let d = pick(b, 4, 7);
    let r = b.select(Type::I32, is_den, d, z);
    let is_norm = b.icmp(ICond::Uge, t, ax, Operand::Imm(minn));
    let nn = pick(b, 3, 8);
    let r = b.select(Type::I32, is_norm, nn, r);
    let is_inf = b.icmp(ICond::Eq, t, ax, Operand::Imm(inf));
    let ii = pick(b, 2, 9);
    let r = b.select(Type::I32, is_inf, ii, r);
    let is_nan = b.icmp(ICond::Ugt, t, ax, Operand::Imm(inf));
    let q = b.binv(And, t, ax, Operand::Imm(quiet));
    let is_q = b.icmp(ICond::Ne, t, q, Operand::Imm(0));
    let nanc = b.select(Type::I32, is_q, Operand::Imm(1), Operand::Imm(0));
    b.select(Type::I32, is_nan, nanc, r)
}

/// A 9-bit VALU source without modifiers: VGPR (256..) or scalar operand.
fn plain_src(b: &mut Builder, enc: u32) -> Result<V, LiftError> {
    if enc >= 256 {
        Ok(b.v(enc - 256).into())
    } else {
        b.src_bits(enc, 32)
    }
}

/// `v_readlane_b32 sdst, vsrc, lane` (`lane`: None = v_readfirstlane_b32, the
/// first active lane, lane 0 when EXEC = 0): an IR shuffle; the result is
/// scalar (written in every lane).
pub(crate) fn read_lane(
    b: &mut Builder,
    src0: u32,
    lane: Option<u32>,
    sdst: u32,
) -> Result<(), LiftError> {
    use BinOp::*;
    let i32t = Type::I32;
    let x = plain_src(b, src0)?;
    let l = match lane {
        None => {
            // ctz(0) = 64, and 64 & 63 = 0.
            let ex = b.exec64();
            let z = un(b, UnOp::Ctz, Type::I64, ex);
            let z = b.cvt(CvtOp::Trunc, i32t, Type::I64, z);
            b.binv(And, i32t, z, Operand::Imm(63))
        }
        Some(e) => {
            let l = plain_src(b, e)?;
            b.binv(And, i32t, l, Operand::Imm(63))
        }
    };
    let d = b.t(i32t);
    b.emit(Op::Shfl {
        ty: i32t,
        dst: d,
        valid: None,
        src: x,
        lane: l.into(),
    });
    b.wr_s32(sdst, d)
}

/// `v_writelane_b32 vdst, ssrc, lane`: the lane `lane & 63` takes the scalar
/// value, whatever EXEC holds.
pub(crate) fn write_lane(
    b: &mut Builder,
    vdst: u32,
    src0: u32,
    lane: u32,
) -> Result<(), LiftError> {
    let i32t = Type::I32;
    let x = plain_src(b, src0)?;
    let l = plain_src(b, lane)?;
    let l = b.binv(BinOp::And, i32t, l, Operand::Imm(63));
    let me_lane = b.lane;
    let me = b.icmp(ICond::Eq, i32t, me_lane, l);
    let d = b.v(vdst);
    b.emit_with(
        Op::Mov {
            ty: i32t,
            dst: d,
            src: x,
        },
        Some(xisa_ir::Guard {
            reg: me,
            negate: false,
        }),
    );
    Ok(())
}

/// VOP3 clamp on a float result: to [0, 1] (NaN -> 0).
fn clamp_f(b: &mut Builder, r: Reg, bits: u32, clamp: bool) -> Reg {
    // The VOP3 output modifier (omod: x2, x4, /2) comes first: the rounded
    // result is scaled (exact but for overflow and subnormal results).
    let r = match std::mem::take(&mut b.omod) {
        0 => r,
        o => {
            let k: f64 = match o {
                1 => 2.0,
                2 => 4.0,
                _ => 0.5,
            };
            let kb = if bits == 64 {
                k.to_bits()
            } else {
                (k as f32).to_bits() as u64
            };
            fbin(b, FBinOp::Mul, bits, r.into(), Operand::Imm(kb))
        }
    };
    if !clamp {
        return r;
    }
    let one = if bits == 64 {
        1f64.to_bits()
    } else {
        1f32.to_bits() as u64
    };
    let x = fbin(b, FBinOp::Max, bits, r.into(), Operand::Imm(0));
    fbin(b, FBinOp::Min, bits, x.into(), Operand::Imm(one))
}

/// DPP source: src0 read from the lane `dpp_ctrl` selects (an IR shuffle),
/// and the lanes that write: their row and bank are enabled in row_mask /
/// bank_mask, and their source lane is in range and active (or bound_ctrl
/// makes an invalid source read 0).
fn dpp_src(b: &mut Builder, inst: &Inst) -> Result<(Reg, Reg), LiftError> {
    use BinOp::*;
    let ctrl = inst.get("dpp_ctrl");
    let lane = b.lane;
    let i32t = Type::I32;
    let row_base = b.binv(And, i32t, lane, Operand::Imm(!15u32 as u64));
    let in_row = b.binv(And, i32t, lane, Operand::Imm(15));
    // (source lane, in range) as signed arithmetic on the lane index.
    let (srcl, range): (Reg, Option<Reg>) = match ctrl {
        0x00..=0xff => {
            let q = b.binv(And, i32t, lane, Operand::Imm(3));
            let sh = b.binv(Shl, i32t, q, Operand::Imm(1));
            let s = b.binv(LShr, i32t, Operand::Imm(ctrl as u64), sh);
            let s = b.binv(And, i32t, s, Operand::Imm(3));
            let qb = b.binv(And, i32t, lane, Operand::Imm(!3u32 as u64));
            (b.binv(Or, i32t, qb, s), None)
        }
        0x101..=0x10f | 0x111..=0x11f => {
            // row_shl:n reads lane + n, row_shr:n lane - n, within the row.
            let n = (ctrl & 0xf) as u64;
            let s = if ctrl < 0x110 {
                b.binv(Add, i32t, in_row, Operand::Imm(n))
            } else {
                b.binv(Sub, i32t, in_row, Operand::Imm(n))
            };
            let ok = b.icmp(ICond::Ult, i32t, s, Operand::Imm(16));
            let s = b.binv(And, i32t, s, Operand::Imm(15));
            (b.binv(Or, i32t, row_base, s), Some(ok))
        }
        0x121..=0x12f => {
            let n = (ctrl & 0xf) as u64;
            let s = b.binv(Add, i32t, in_row, Operand::Imm(16 - n));
            let s = b.binv(And, i32t, s, Operand::Imm(15));
            (b.binv(Or, i32t, row_base, s), None)
        }
        0x130 | 0x134 | 0x138 | 0x13c => {
            // wave_shl:1 / wave_rol:1 read lane + 1, wave_shr:1 / wave_ror:1
            // lane - 1; the shifts have no source at the wave's edge.
            let s = if ctrl < 0x138 {
                b.binv(Add, i32t, lane, Operand::Imm(1))
            } else {
                b.binv(Sub, i32t, lane, Operand::Imm(1))
            };
            let ok = if ctrl == 0x130 || ctrl == 0x138 {
                Some(b.icmp(ICond::Ult, i32t, s, Operand::Imm(64)))
            } else {
                None
            };
            (b.binv(And, i32t, s, Operand::Imm(63)), ok)
        }
        0x140 => {
            let s = b.binv(Sub, i32t, Operand::Imm(15), in_row);
            (b.binv(Or, i32t, row_base, s), None)
        }
        0x141 => {
            let hb = b.binv(And, i32t, lane, Operand::Imm(!7u32 as u64));
            let i = b.binv(And, i32t, lane, Operand::Imm(7));
            let s = b.binv(Sub, i32t, Operand::Imm(7), i);
            (b.binv(Or, i32t, hb, s), None)
        }
        0x142 => {
            // row_bcast:15: rows 1..3 read the last lane of the previous row.
            let s = b.binv(Sub, i32t, row_base, Operand::Imm(1));
            let ok = b.icmp(ICond::Uge, i32t, lane, Operand::Imm(16));
            (b.binv(And, i32t, s, Operand::Imm(63)), Some(ok))
        }
        0x143 => {
            // row_bcast:31: rows 2 and 3 read lane 31.
            let ok = b.icmp(ICond::Uge, i32t, lane, Operand::Imm(32));
            let s = b.t(i32t);
            b.mov(i32t, s, Operand::Imm(31));
            (s, Some(ok))
        }
        _ => return Err(b.unsupported(format!("DPP control {ctrl:#x} is not lifted"))),
    };
    let x = b.v(inst.get("src0"));
    let d = b.t(i32t);
    b.emit(Op::Shfl {
        ty: i32t,
        dst: d,
        valid: None,
        src: x.into(),
        lane: srcl.into(),
    });
    // A disabled source lane counts as out of range.
    let ex = b.exec64();
    let sl = b.binv(LShr, Type::I64, ex, srcl);
    let sact = b.cvt(CvtOp::Trunc, Type::I1, Type::I64, sl);
    let valid = match range {
        Some(r) => b.binv(And, Type::I1, r, sact),
        None => sact,
    };
    let (value, write) = if inst.get("bound_ctrl") == 1 {
        // Invalid sources read 0 and the lane still writes.
        let v = b.select(i32t, valid, d, Operand::Imm(0));
        let t = b.t(Type::I1);
        b.mov(Type::I1, t, Operand::Imm(1));
        (v, t)
    } else {
        (d, valid)
    };
    // Row and bank masks: row = lane / 16, bank = (lane % 16) / 4.
    let (rm, bm) = (inst.get("row_mask") as u64, inst.get("bank_mask") as u64);
    let write = if rm == 0xf && bm == 0xf {
        write
    } else {
        let row = b.binv(LShr, i32t, lane, Operand::Imm(4));
        let rb = b.binv(LShr, i32t, Operand::Imm(rm), row);
        let bank = b.binv(LShr, i32t, in_row, Operand::Imm(2));
        let bb = b.binv(LShr, i32t, Operand::Imm(bm), bank);
        let both = b.binv(And, i32t, rb, bb);
        let on = b.cvt(CvtOp::Trunc, Type::I1, i32t, both);
        b.binv(And, Type::I1, write, on)
    };
    Ok((value, write))
}

/// `v_accvgpr_read_b32` (an AGPR to a VGPR), `v_accvgpr_write_b32` (a source
/// to an AGPR) and `v_accvgpr_mov_b32` (AGPR to AGPR): EXEC-guarded 32-bit
/// moves. LLVM copies through and spills VGPRs to the accumulation registers
/// on gfx942. The VOP3P modifiers have no meaning here; set, they are refused
/// (op_sel_hi is ignored by the hardware and LLVM). Only the VOP1 and VOP3P
/// encodings come here (`lift_op`); the others are refused there.
fn accvgpr(b: &mut Builder, inst: &Inst, m: &str) -> Result<(), LiftError> {
    if m != "v_accvgpr_mov_b32"
        && ["neg_lo", "neg_hi", "op_sel", "clamp"]
            .iter()
            .any(|f| inst.get(f) != 0)
    {
        return Err(b.unsupported("neg / op_sel / clamp on an accumulation-register move"));
    }
    let s = inst.get("src0");
    let v: Operand = if m == "v_accvgpr_write_b32" {
        if s >= 256 {
            b.v(s - 256).into()
        } else {
            b.src_full(s, 32, false)?
        }
    } else if s >= 256 {
        b.a(s - 256).into()
    } else {
        return Err(b.unsupported("an AGPR source that is not a register"));
    };
    let d = b.vreg(inst.get("vdst"), m != "v_accvgpr_read_b32");
    let g = b.exec_guard();
    b.emit_with(
        Op::Mov {
            ty: Type::I32,
            dst: d,
            src: v,
        },
        Some(g),
    );
    Ok(())
}

/// `v_swap_b32 vdst, vsrc`: exchanges two VGPRs in each active lane.
fn swap(b: &mut Builder, inst: &Inst) -> Result<(), LiftError> {
    let s = inst.get("src0");
    if s < 256 {
        return Err(b.unsupported("v_swap_b32 with a source that is not a VGPR"));
    }
    let (x, y) = (b.v(inst.get("vdst")), b.v(s - 256));
    let t = b.t(Type::I32);
    let g = b.exec_guard();
    for (dst, src) in [(t, x), (x, y), (y, t)] {
        b.emit_with(
            Op::Mov {
                ty: Type::I32,
                dst,
                src: src.into(),
            },
            Some(g),
        );
    }
    Ok(())
}

/// VOP3P packed f32 (`v_pk_fma_f32`, `v_pk_mul_f32`, `v_pk_add_f32`,
/// `v_pk_mov_b32`) on 64-bit register pairs: the low result takes each
/// source's half selected by op_sel, the high result by op_sel_hi; neg_lo /
/// neg_hi negate the sources of each half.
fn packed(b: &mut Builder, inst: &Inst, m: &str) -> Result<(), LiftError> {
    use BinOp::*;
    if m.starts_with("v_accvgpr_") {
        return accvgpr(b, inst, m);
    }
    if m.starts_with("v_pk_") && m.ends_with("16") {
        return packed16(b, inst, m);
    }
    if m.starts_with("v_fma_mix") {
        return fma_mix(b, inst, m);
    }
    if let Some((w, signed)) = int_dot(m) {
        // gfx940 accepts only the default op_sel / op_sel_hi and no neg on
        // the integer dots.
        let osh = inst.get("op_sel_hi") | inst.get("op_sel_hi2") << 2;
        if inst.get("op_sel") != 0 || osh != 7 || inst.get("neg_lo") != 0 || inst.get("neg_hi") != 0
        {
            return Err(b.unsupported("integer dot with op_sel / neg"));
        }
        let mut v = Vec::new();
        for f in ["src0", "src1", "src2"] {
            let e = inst.get(f);
            v.push(if e >= 256 {
                b.v(e - 256).into()
            } else {
                b.src_full(e, 32, false)?
            });
        }
        let r = dot_sum(b, v[0], v[1], v[2], w, signed, inst.get("clamp") == 1);
        let c = Ctx {
            inst,
            fmt: "VOP3P",
            vop3: false,
            dpp: None,
        };
        write_v(b, &c, &[r]);
        return Ok(());
    }
    let nsrc = match m {
        "v_pk_fma_f32" => 3,
        "v_pk_mul_f32" | "v_pk_add_f32" | "v_pk_mov_b32" => 2,
        _ => return Err(b.unsupported("packed (VOP3P) op not lifted")),
    };
    if inst.get("clamp") != 0 {
        return Err(b.unsupported("VOP3P clamp is not lifted"));
    }
    let op_sel = inst.get("op_sel");
    let op_sel_hi = inst.get("op_sel_hi") | inst.get("op_sel_hi2") << 2;
    let (neg_lo, neg_hi) = (inst.get("neg_lo"), inst.get("neg_hi"));
    let mut halves = Vec::new();
    let mut halves_raw = Vec::new();
    for (i, f) in ["src0", "src1", "src2"].iter().take(nsrc).enumerate() {
        let e = inst.get(f);
        // A constant (inline or literal) is one 32-bit value in the low half
        // of the 64-bit operand; what the high half reads is not documented,
        // and LLVM splats a constant with op_sel_hi = 0 (the low half for
        // both lanes of the pair), so selecting the high half is refused.
        let (lo, hi): (Operand, Option<Operand>) = if e >= 256 {
            (b.v(e - 256).into(), Some(b.v(e - 255).into()))
        } else if e <= 101 || (106..=107).contains(&e) || (126..=127).contains(&e) {
            (b.src_bits(e, 32)?, Some(b.src_bits(e + 1, 32)?))
        } else if (128..=208).contains(&e) || (240..=248).contains(&e) || e == 255 {
            (b.src_bits(e, 32)?, None)
        } else {
            return Err(b.unsupported(format!(
                "packed 64-bit operand {f} = source {e} (not a register pair or constant)"
            )));
        };
        let pick = |b: &mut Builder, sel: bool, neg: bool| -> Result<Operand, LiftError> {
            let v = if sel {
                hi.ok_or_else(|| {
                    b.unsupported(format!(
                        "op_sel selects the high half of constant operand {f}"
                    ))
                })?
            } else {
                lo
            };
            Ok(if neg && m != "v_pk_mov_b32" {
                b.binv(Xor, Type::I32, v, Operand::Imm(1 << 31)).into()
            } else {
                v
            })
        };
        let l = pick(b, op_sel >> i & 1 == 1, neg_lo >> i & 1 == 1)?;
        // v_pk_mov_b32 reads only op_sel (below); op_sel_hi means nothing.
        let h = if m == "v_pk_mov_b32" {
            l
        } else {
            pick(b, op_sel_hi >> i & 1 == 1, neg_hi >> i & 1 == 1)?
        };
        halves_raw.push((lo, hi.unwrap_or(lo)));
        halves.push((l, h));
    }
    let mut out = Vec::new();
    for (half, &(raw_lo, raw_hi)) in halves_raw.iter().enumerate().take(2) {
        let s: Vec<Operand> = halves
            .iter()
            .map(|&(l, h)| if half == 0 { l } else { h })
            .collect();
        let r = match m {
            "v_pk_fma_f32" => fma(b, 32, s[0], s[1], s[2]),
            "v_pk_mul_f32" => fbin(b, FBinOp::Mul, 32, s[0], s[1]),
            "v_pk_add_f32" => fbin(b, FBinOp::Add, 32, s[0], s[1]),
            // v_pk_mov_b32: D.lo = src0 half op_sel[0], D.hi = src1 half
            // op_sel[1].
            _ => b.as_reg(if op_sel >> half & 1 == 1 {
                raw_hi
            } else {
                raw_lo
            }),
        };
        out.push(r);
    }
    let vd = inst.get("vdst");
    let g = b.exec_guard();
    for (i, r) in out.into_iter().enumerate() {
        let d = b.v(vd + i as u32);
        b.emit_with(
            Op::Mov {
                ty: Type::I32,
                dst: d,
                src: r.into(),
            },
            Some(g),
        );
    }
    Ok(())
}

/// A 16-bit VOP2-origin source (`v_add_f16` ...): the 32-bit value with the
/// VOP3 abs / neg applied to bit 15, the f16 sign (src() would act on bit
/// 31, which these ops never read).
fn src16(b: &mut Builder, c: &Ctx, field: &str, idx: usize) -> Result<V, LiftError> {
    // idx 3: src() applies no modifiers.
    let mut v = src(b, c, field, 3)?;
    if c.vop3 {
        if c.fmt == "VOP3A" && c.inst.get("abs") >> idx & 1 == 1 {
            v = b
                .binv(BinOp::And, Type::I32, v, Operand::Imm(0xffff_7fff))
                .into();
        }
        if c.inst.get("neg") >> idx & 1 == 1 {
            v = b
                .binv(BinOp::Xor, Type::I32, v, Operand::Imm(0x8000))
                .into();
        }
    }
    Ok(v)
}

/// The gfx9 VOP3-only 16-bit ops with `op_sel`, lifted by [`opsel16`].
const OPSEL16: [&str; 15] = [
    "v_fma_f16",
    "v_div_fixup_f16",
    "v_min3_f16",
    "v_max3_f16",
    "v_med3_f16",
    "v_min3_u16",
    "v_max3_u16",
    "v_med3_u16",
    "v_min3_i16",
    "v_max3_i16",
    "v_med3_i16",
    "v_mad_u16",
    "v_mad_i16",
    "v_add_i16",
    "v_sub_i16",
];

/// A 16-bit result (low bits of an i32) clamped: to [0, 1] for f16 (NaN ->
/// 0), saturated to the u16 / i16 range for the integer ops (`r` holds the
/// exact result of zero- / sign-extended operands).
fn clamp16(b: &mut Builder, r: Reg, kind: u8) -> Reg {
    use BinOp::*;
    let t = Type::I32;
    match kind {
        b'f' => {
            let h = half_of(b, r.into());
            let d = b.t(Type::F16);
            b.emit(Op::FBin {
                op: FBinOp::Max,
                ty: Type::F16,
                rnd: Round::Rn,
                ftz: false,
                dst: d,
                a: h.into(),
                b: Operand::Imm(0),
            });
            let e = b.t(Type::F16);
            b.emit(Op::FBin {
                op: FBinOp::Min,
                ty: Type::F16,
                rnd: Round::Rn,
                ftz: false,
                dst: e,
                a: d.into(),
                b: Operand::Imm(0x3c00),
            });
            half_bits(b, e)
        }
        // An unsigned sum / product (at most 0xffff_0000: no u32 wrap).
        b'u' => b.binv(MinU, t, r, Operand::Imm(0xffff)),
        // An unsigned difference (at least -0xffff): below zero is 0.
        b'd' => b.binv(MaxS, t, r, Operand::Imm(0)),
        _ => {
            let lo = b.binv(MaxS, t, r, Operand::Imm(0xffff_8000));
            b.binv(MinS, t, lo, Operand::Imm(0x7fff))
        }
    }
}

/// One 16-bit lane op on operands held in the low bits of i32 values
/// (already selected and negated; upper bits zero). Returns the result in the
/// low 16 bits (upper bits zero), clamped when `clamp`.
fn op16(b: &mut Builder, m: &str, s: &[Operand], clamp: bool) -> Result<Reg, LiftError> {
    use BinOp::*;
    let t = Type::I32;
    let op = m.trim_start_matches("v_pk_").trim_start_matches("v_");
    let float = op.ends_with("f16");
    if float {
        let h: Vec<Reg> = s.iter().map(|&x| half_of(b, x)).collect();
        let d = b.t(Type::F16);
        if op == "div_fixup_f16" {
            // The f16 division sequence (cvt, rcp_f32, fma_mixlo, div_fixup)
            // is lifted as a whole, as for f32 / f64: div_fixup(q, d, n) is
            // n / d correctly rounded.
            b.emit(Op::FBin {
                op: FBinOp::Div,
                ty: Type::F16,
                rnd: Round::Rn,
                ftz: false,
                dst: d,
                a: h[2].into(),
                b: h[1].into(),
            });
        } else if ["min3", "max3", "med3"].contains(&&op[..4]) {
            let f2 = |b: &mut Builder, o: FBinOp, x: Reg, y: Reg| {
                let r = b.t(Type::F16);
                b.emit(Op::FBin {
                    op: o,
                    ty: Type::F16,
                    rnd: Round::Rn,
                    ftz: false,
                    dst: r,
                    a: x.into(),
                    b: y.into(),
                });
                r
            };
            let r = match &op[..4] {
                "min3" => {
                    let t = f2(b, FBinOp::Min, h[0], h[1]);
                    f2(b, FBinOp::Min, t, h[2])
                }
                "max3" => {
                    let t = f2(b, FBinOp::Max, h[0], h[1]);
                    f2(b, FBinOp::Max, t, h[2])
                }
                _ => {
                    // max(min(x, y), min(max(x, y), z)), as v_med3_f32 (the
                    // hardware's NaN rules for med3 are not modelled).
                    let lo = f2(b, FBinOp::Min, h[0], h[1]);
                    let hi = f2(b, FBinOp::Max, h[0], h[1]);
                    let h2 = f2(b, FBinOp::Min, hi, h[2]);
                    f2(b, FBinOp::Max, lo, h2)
                }
            };
            b.mov(Type::F16, d, r);
        } else if op.starts_with("fma") {
            b.emit(Op::Fma {
                ty: Type::F16,
                ftz: false,
                dst: d,
                a: h[0].into(),
                b: h[1].into(),
                c: h[2].into(),
            });
        } else {
            let fop = match &op[..3] {
                "add" => FBinOp::Add,
                "mul" => FBinOp::Mul,
                "min" => FBinOp::Min,
                "max" => FBinOp::Max,
                _ => return Err(b.unsupported("16-bit float op not lifted")),
            };
            b.emit(Op::FBin {
                op: fop,
                ty: Type::F16,
                rnd: Round::Rn,
                ftz: false,
                dst: d,
                a: h[0].into(),
                b: h[1].into(),
            });
        }
        let r = half_bits(b, d);
        return Ok(if clamp { clamp16(b, r, b'f') } else { r });
    }
    let signed = op.ends_with("i16");
    let ext = |b: &mut Builder, x: Operand| -> Operand {
        if signed {
            let u = b.binv(Shl, t, x, Operand::Imm(16));
            b.binv(AShr, t, u, Operand::Imm(16)).into()
        } else {
            x
        }
    };
    let x: Vec<Operand> = s.iter().map(|&v| ext(b, v)).collect();
    let kind = match (signed, op) {
        (true, _) => b'i',
        (false, "sub_u16") => b'd',
        _ => b'u',
    };
    let (r, sat) = match op {
        "add_u16" | "add_i16" => (b.binv(Add, t, x[0], x[1]), true),
        "sub_u16" | "sub_i16" => (b.binv(Sub, t, x[0], x[1]), true),
        "mad_u16" | "mad_i16" => {
            let p = b.binv(Mul, t, x[0], x[1]);
            (b.binv(Add, t, p, x[2]), true)
        }
        "mul_lo_u16" => (b.binv(Mul, t, x[0], x[1]), false),
        "min3_u16" | "max3_u16" | "min3_i16" | "max3_i16" | "med3_u16" | "med3_i16" => {
            let (mn, mx) = if signed { (MinS, MaxS) } else { (MinU, MaxU) };
            let r = match &op[..4] {
                "min3" => {
                    let u = b.binv(mn, t, x[0], x[1]);
                    b.binv(mn, t, u, x[2])
                }
                "max3" => {
                    let u = b.binv(mx, t, x[0], x[1]);
                    b.binv(mx, t, u, x[2])
                }
                _ => {
                    let lo = b.binv(mn, t, x[0], x[1]);
                    let hi = b.binv(mx, t, x[0], x[1]);
                    let h2 = b.binv(mn, t, hi, x[2]);
                    b.binv(mx, t, lo, h2)
                }
            };
            (r, true)
        }
        "min_u16" => (b.binv(MinU, t, x[0], x[1]), true),
        "max_u16" => (b.binv(MaxU, t, x[0], x[1]), true),
        "min_i16" => (b.binv(MinS, t, x[0], x[1]), true),
        "max_i16" => (b.binv(MaxS, t, x[0], x[1]), true),
        "lshlrev_b16" | "lshrrev_b16" | "ashrrev_i16" => {
            // Shift count: the low 4 bits of the first source.
            let n = b.binv(And, t, s[0], Operand::Imm(15));
            let v = if op == "ashrrev_i16" {
                let u = b.binv(Shl, t, s[1], Operand::Imm(16));
                b.binv(AShr, t, u, Operand::Imm(16)).into()
            } else {
                s[1]
            };
            let sop = match &op[..4] {
                "lshl" => Shl,
                "lshr" => LShr,
                _ => AShr,
            };
            (b.binv(sop, t, v, n), false)
        }
        _ => return Err(b.unsupported("16-bit integer op not lifted")),
    };
    let r = if clamp {
        if !sat {
            return Err(b.unsupported("clamp on 16-bit shifts / mul_lo is not lifted"));
        }
        clamp16(b, r, kind)
    } else {
        r
    };
    Ok(b.binv(And, t, r, Operand::Imm(0xffff)))
}

/// gfx9 VOP3-only 16-bit ops (`v_fma_f16`, `v_div_fixup_f16`,
/// `v_min3/max3/med3_f16/u16/i16`, `v_mad_u16`, `v_mad_i16`, `v_add_i16`,
/// `v_sub_i16`): op_sel bit i reads the high half of source i,
/// bit 3 writes the result to the high half of vdst. These ops keep the
/// other half of vdst (LLVM GCNSubtarget::zeroesHigh16BitsOfDest: the gfx9
/// op_sel forms are not among the ops that zero it).
fn opsel16(b: &mut Builder, inst: &Inst, m: &str) -> Result<(), LiftError> {
    use BinOp::*;
    let c = Ctx {
        inst,
        fmt: "VOP3A",
        vop3: true,
        dpp: None,
    };
    let t = Type::I32;
    let float = m.ends_with("f16");
    let op_sel = inst.get("op_sel");
    let n = if m.starts_with("v_fma")
        || m.starts_with("v_mad")
        || m.starts_with("v_div")
        || m.ends_with("3_f16")
        || m.ends_with("3_u16")
        || m.ends_with("3_i16")
    {
        3
    } else {
        2
    };
    let mut s = Vec::new();
    for (i, f) in ["src0", "src1", "src2"].iter().take(n).enumerate() {
        let raw = src(b, &c, f, 3)?;
        let v = if op_sel >> i & 1 == 1 {
            // A constant's high half: 0 for f16 constants, the sign
            // extension of integer ones (see packed16).
            b.binv(LShr, t, raw, Operand::Imm(16))
        } else {
            b.binv(And, t, raw, Operand::Imm(0xffff))
        };
        let mut v: Operand = v.into();
        if float {
            if inst.get("abs") >> i & 1 == 1 {
                v = b.binv(And, t, v, Operand::Imm(0x7fff)).into();
            }
            if inst.get("neg") >> i & 1 == 1 {
                v = b.binv(Xor, t, v, Operand::Imm(0x8000)).into();
            }
        } else if inst.get("abs") != 0 || inst.get("neg") != 0 {
            return Err(b.unsupported("abs / neg on an integer op"));
        }
        s.push(v);
    }
    let r = op16(b, m, &s, inst.get("clamp") == 1)?;
    let old = b.v(inst.get("vdst"));
    let out = if op_sel >> 3 & 1 == 1 {
        let keep = b.binv(And, t, old, Operand::Imm(0xffff));
        let h = b.binv(Shl, t, r, Operand::Imm(16));
        b.binv(Or, t, keep, h)
    } else {
        let keep = b.binv(And, t, old, Operand::Imm(0xffff_0000));
        b.binv(Or, t, keep, r)
    };
    write_v(b, &c, &[out]);
    Ok(())
}

/// VOP3P packed 16-bit math (`v_pk_add_f16`, `v_pk_fma_f16`,
/// `v_pk_mad_u16`, `v_pk_lshlrev_b16`, ...): the low result reads, from each
/// source, the half op_sel selects, the high result the half op_sel_hi
/// selects; neg_lo / neg_hi flip the f16 sign of each source of the low /
/// high result; clamp saturates (integer) or clamps to [0, 1] (f16).
///
/// Inline constants are 32-bit values (LLVM `getInlineEncodingV216`, on the
/// hardware's actual behaviour): integers sign-extended, floats as the f16
/// value in the low half with 0 in the high half (f32 values for the
/// integer ops); op_sel / op_sel_hi pick halves of that.
fn packed16(b: &mut Builder, inst: &Inst, m: &str) -> Result<(), LiftError> {
    use BinOp::*;
    let t = Type::I32;
    let float = m.ends_with("f16");
    let n = if m.starts_with("v_pk_fma") || m.starts_with("v_pk_mad") {
        3
    } else {
        2
    };
    let op_sel = inst.get("op_sel");
    let op_sel_hi = inst.get("op_sel_hi") | inst.get("op_sel_hi2") << 2;
    let (neg_lo, neg_hi) = (inst.get("neg_lo"), inst.get("neg_hi"));
    if !float && (neg_lo | neg_hi) != 0 {
        return Err(b.unsupported("neg_lo / neg_hi on a packed integer op"));
    }
    let mut raw = Vec::new();
    for f in ["src0", "src1", "src2"].iter().take(n) {
        let e = inst.get(f);
        let v: Operand = if e >= 256 {
            b.v(e - 256).into()
        } else {
            b.src_full(e, if float { 16 } else { 32 }, false)?
        };
        raw.push(v);
    }
    let clamp = inst.get("clamp") == 1;
    let mut res = Vec::new();
    for half in 0..2 {
        let (sel, neg) = if half == 0 {
            (op_sel, neg_lo)
        } else {
            (op_sel_hi, neg_hi)
        };
        let mut s = Vec::new();
        for (i, &r) in raw.iter().enumerate() {
            let v = if sel >> i & 1 == 1 {
                b.binv(LShr, t, r, Operand::Imm(16))
            } else {
                b.binv(And, t, r, Operand::Imm(0xffff))
            };
            let v = if neg >> i & 1 == 1 {
                b.binv(Xor, t, v, Operand::Imm(0x8000))
            } else {
                v
            };
            s.push(v.into());
        }
        res.push(op16(b, m, &s, clamp)?);
    }
    let h = b.binv(Shl, t, res[1], Operand::Imm(16));
    let out = b.binv(Or, t, res[0], h);
    let c = Ctx {
        inst,
        fmt: "VOP3P",
        vop3: false,
        dpp: None,
    };
    write_v(b, &c, &[out]);
    Ok(())
}

/// `v_fma_mix_f32` / `v_fma_mixlo_f16` / `v_fma_mixhi_f16`: an f32 fma whose
/// sources are f32, or f16 (op_sel_hi bit set: the half op_sel selects,
/// widened exactly); neg_lo is the sources' neg and neg_hi their abs (on the
/// f32 value). mixlo / mixhi round the f32 result to f16 (as LLVM's
/// `fptrunc (fma f32)` pattern they are selected for) and write the low /
/// high half of vdst, keeping the other half; clamp acts on the final value.
fn fma_mix(b: &mut Builder, inst: &Inst, m: &str) -> Result<(), LiftError> {
    use BinOp::*;
    let t = Type::I32;
    let op_sel = inst.get("op_sel");
    let op_sel_hi = inst.get("op_sel_hi") | inst.get("op_sel_hi2") << 2;
    let (neg, abs) = (inst.get("neg_lo"), inst.get("neg_hi"));
    let mut s = Vec::new();
    for (i, f) in ["src0", "src1", "src2"].iter().enumerate() {
        let e = inst.get(f);
        let half = op_sel_hi >> i & 1 == 1;
        let raw: Operand = if e >= 256 {
            b.v(e - 256).into()
        } else {
            let o = b.src_full(e, 32, false)?;
            if half && matches!(o, Operand::Imm(_)) {
                return Err(b.unsupported("f16 constant operands of v_fma_mix are not lifted"));
            }
            o
        };
        let mut v: Operand = if half {
            let h = if op_sel >> i & 1 == 1 {
                b.binv(LShr, t, raw, Operand::Imm(16))
            } else {
                b.as_reg(raw)
            };
            let hf = half_of(b, h.into());
            let w = ftof_rn(b, Type::F32, Type::F16, hf.into());
            fromf(b, w, 32).into()
        } else {
            raw
        };
        if abs >> i & 1 == 1 {
            v = b.binv(And, t, v, Operand::Imm(0x7fff_ffff)).into();
        }
        if neg >> i & 1 == 1 {
            v = b.binv(Xor, t, v, Operand::Imm(0x8000_0000)).into();
        }
        s.push(v);
    }
    let clamp = inst.get("clamp") == 1;
    let r = fma(b, 32, s[0], s[1], s[2]);
    let c = Ctx {
        inst,
        fmt: "VOP3P",
        vop3: false,
        dpp: None,
    };
    if m == "v_fma_mix_f32" {
        let r = clamp_f(b, r, 32, clamp);
        write_v(b, &c, &[r]);
        return Ok(());
    }
    let f = tof(b, r.into(), 32);
    let h = ftof_rn(b, Type::F16, Type::F32, f.into());
    let h = half_bits(b, h);
    let h = if clamp { clamp16(b, h, b'f') } else { h };
    let old = b.v(inst.get("vdst"));
    let out = if m == "v_fma_mixhi_f16" {
        let keep = b.binv(And, t, old, Operand::Imm(0xffff));
        let hi = b.binv(Shl, t, h, Operand::Imm(16));
        b.binv(Or, t, keep, hi)
    } else {
        let keep = b.binv(And, t, old, Operand::Imm(0xffff_0000));
        b.binv(Or, t, keep, h)
    };
    write_v(b, &c, &[out]);
    Ok(())
}

/// `v_pack_b32_f16` (VOP3-only): D = src0 half | src1 half << 16, op_sel
/// bit i picking the high half of source i, abs / neg on the f16 signs.
fn pack16(b: &mut Builder, inst: &Inst) -> Result<(), LiftError> {
    use BinOp::*;
    let t = Type::I32;
    let op_sel = inst.get("op_sel");
    if op_sel >> 2 != 0 || inst.get("clamp") != 0 {
        return Err(b.unsupported("v_pack_b32_f16 destination op_sel / clamp"));
    }
    let c = Ctx {
        inst,
        fmt: "VOP3A",
        vop3: true,
        dpp: None,
    };
    let mut h = Vec::new();
    for (i, f) in ["src0", "src1"].iter().enumerate() {
        let raw = src(b, &c, f, 3)?;
        let mut v = if op_sel >> i & 1 == 1 {
            // A constant's high half: 0 for f16 constants, the sign
            // extension of integer ones (see packed16).
            b.binv(LShr, t, raw, Operand::Imm(16))
        } else {
            b.binv(And, t, raw, Operand::Imm(0xffff))
        };
        if inst.get("abs") >> i & 1 == 1 {
            v = b.binv(And, t, v, Operand::Imm(0x7fff));
        }
        if inst.get("neg") >> i & 1 == 1 {
            v = b.binv(Xor, t, v, Operand::Imm(0x8000));
        }
        h.push(v);
    }
    let hi = b.binv(Shl, t, h[1], Operand::Imm(16));
    let out = b.binv(Or, t, h[0], hi);
    write_v(b, &c, &[out]);
    Ok(())
}

/// The element width and signedness of an integer dot product mnemonic
/// (`v_dot2_i32_i16`, `v_dot4c_i32_i8`, `v_dot8_u32_u4`, ...).
fn int_dot(m: &str) -> Option<(u32, bool)> {
    let (_, ty) = m.strip_prefix("v_dot")?.rsplit_once('_')?;
    let signed = ty.starts_with('i');
    match (ty, m.contains("32_f16")) {
        (_, true) => None,
        ("i16" | "u16", _) => Some((16, signed)),
        ("i8" | "u8", _) => Some((8, signed)),
        ("i4" | "u4", _) => Some((4, signed)),
        _ => None,
    }
}

/// `sum(x[k] * y[k]) + z` over the `w`-bit elements of x and y (sign- or
/// zero-extended), exact in 64 bits; clamp saturates to the i32 / u32
/// range, otherwise the sum wraps to 32 bits.
fn dot_sum(b: &mut Builder, x: V, y: V, z: V, w: u32, signed: bool, clamp: bool) -> Reg {
    use BinOp::*;
    let (t, t64) = (Type::I32, Type::I64);
    let ext = if signed { CvtOp::Sext } else { CvtOp::Zext };
    let mut acc = b.cvt(ext, t64, t, z);
    for k in 0..32 / w {
        let el = |b: &mut Builder, v: V| {
            let d = b.t(t);
            b.emit(Op::Bfe {
                signed,
                ty: t,
                dst: d,
                a: v,
                pos: Operand::Imm((k * w) as u64),
                len: Operand::Imm(w as u64),
            });
            b.cvt(ext, t64, t, d)
        };
        let (ex, ey) = (el(b, x), el(b, y));
        let p = b.binv(Mul, t64, ex, ey);
        acc = b.binv(Add, t64, acc, p);
    }
    if clamp {
        acc = if signed {
            let lo = b.binv(MaxS, t64, acc, Operand::Imm(i32::MIN as i64 as u64));
            b.binv(MinS, t64, lo, Operand::Imm(i32::MAX as u64))
        } else {
            b.binv(MinU, t64, acc, Operand::Imm(u32::MAX as u64))
        };
    }
    b.cvt(CvtOp::Trunc, t, t64, acc)
}
