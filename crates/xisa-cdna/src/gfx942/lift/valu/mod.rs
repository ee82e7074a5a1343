//! Vector ALU: VOP1 / VOP2 / VOPC and their VOP3 forms (VOP3A / VOP3B), the
//! packed VOP3P forms, SDWA and DPP, plus the cross-lane v_readlane /
//! v_readfirstlane / v_writelane. What each mnemonic computes is its row of
//! the semantics table (`gfx942::semantics`); [`kind_fn`] maps the row's kind
//! to one small function (`int.rs`, `float.rs`, and the compares, packed and
//! op_sel forms here). Results are computed in every lane into temporaries
//! and written to the VGPRs under the lane's EXEC bit; lane masks (compares,
//! carries) are ballots.

mod float;
mod int;
mod matrix;

use xisa_ir::op;
use xisa_ir::{BinOp, CvtOp, FBinOp, FUnOp, ICond, Op, Operand, Reg, Round, Type, UnOp};

use super::builder::{Builder, EXEC_LO, VCC_LO};
use super::LiftError;
use crate::gfx942::semantics::{Kind, Sem, SemOp};
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
    /// The instruction's semantics row.
    sem: Sem,
    /// The VOP3 clamp bit.
    clamp: bool,
}

impl<'a> Ctx<'a> {
    /// A VOP3P instruction's context (its modifiers are read by the packed
    /// paths themselves).
    fn vop3p(inst: &'a Inst, sem: &Sem) -> Ctx<'a> {
        Ctx {
            inst,
            fmt: "VOP3P",
            vop3: false,
            dpp: None,
            sem: *sem,
            clamp: false,
        }
    }
    fn width(&self, field: &str) -> u32 {
        self.inst.opcode.width(field)
    }
    /// How constants of a source read, by the row's source type: `f64`
    /// (64-bit literals are the high dword), `f16` (16-bit inline floats), or
    /// `b32`.
    fn ty(&self, _field: &str) -> &'static str {
        match self.sem.src {
            Type::F64 => "f64",
            Type::F16 => "f16",
            _ => "b32",
        }
    }
    /// The field of source `i` (`vsrc1` in the 32-bit encodings).
    fn field(&self, i: usize) -> &'static str {
        match i {
            0 => "src0",
            1 if self.vop3 => "src1",
            1 => "vsrc1",
            _ => "src2",
        }
    }
    /// Source `i` with its VOP3 abs / neg.
    fn r(&self, b: &mut Builder, i: usize) -> Result<V, LiftError> {
        src(b, self, self.field(i), i)
    }
    /// Sources 0 and 1, swapped when `rev`.
    fn r2(&self, b: &mut Builder, rev: bool) -> Result<(V, V), LiftError> {
        let (x, y) = (self.r(b, 0)?, self.r(b, 1)?);
        Ok(if rev { (y, x) } else { (x, y) })
    }
    /// Sources 0, 1 and 2.
    fn r3(&self, b: &mut Builder) -> Result<(V, V, V), LiftError> {
        Ok((self.r(b, 0)?, self.r(b, 1)?, self.r(b, 2)?))
    }
    /// Integer ops whose clamp bit is not modelled refuse it.
    fn no_int_clamp(&self, b: &Builder) -> Result<(), LiftError> {
        if self.clamp {
            Err(b.unsupported("integer clamp is not lifted"))
        } else {
            Ok(())
        }
    }
}

/// Source `idx`'s float modifiers in this encoding: (abs, neg). VOP3A
/// has both, VOP3B neg only (it holds SDST where VOP3A holds ABS), DPP and
/// SDWA both for src0 / src1 (`src0_abs`, ...); `idx` 3 means none.
fn float_mods(c: &Ctx, idx: usize) -> (bool, bool) {
    let i = c.inst;
    match c.fmt {
        _ if idx >= 3 => (false, false),
        "VOP3A" => (i.get("abs") >> idx & 1 == 1, i.get("neg") >> idx & 1 == 1),
        "VOP3B" => (false, i.get("neg") >> idx & 1 == 1),
        f if idx < 2 && (f.ends_with("_DPP") || f.ends_with("_SDWA")) => (
            i.get(&format!("src{idx}_abs")) == 1,
            i.get(&format!("src{idx}_neg")) == 1,
        ),
        _ => (false, false),
    }
}

/// `v` with abs / neg applied on the sign bit `sign` of type `ty`.
fn apply_float_mods(b: &mut Builder, v: V, ty: Type, sign: u64, (abs, neg): (bool, bool)) -> V {
    let mut v = v;
    if abs {
        v = b
            .binv(BinOp::And, ty, v, Operand::Imm(!sign & ty.mask()))
            .into();
    }
    if neg {
        v = b.binv(BinOp::Xor, ty, v, Operand::Imm(sign)).into();
    }
    v
}

/// Reads a VALU source field (`src0`/`src1`/`src2`: 9-bit; `vsrc1`: VGPR)
/// with its float modifiers (`idx` 3: none).
fn src(b: &mut Builder, c: &Ctx, field: &str, idx: usize) -> Result<V, LiftError> {
    let w = c.width(field);
    let (ty, sign): (Type, u64) = if w == 64 {
        (Type::I64, 1 << 63)
    } else {
        (Type::I32, 1 << 31)
    };
    if let (Some((v, _)), "src0") = (c.dpp, field) {
        // The permuted value, then the modifiers.
        return Ok(apply_float_mods(b, v.into(), ty, sign, float_mods(c, idx)));
    }
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
        if w == 64 {
            b.vreg_pair(n, false).into()
        } else {
            b.v(n).into()
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
            v = b
                .bfe(
                    signed,
                    Type::I32,
                    v,
                    Operand::Imm(pos as u64),
                    Operand::Imm(len),
                )
                .into();
        }
    }
    // abs / neg (float operands): on the sign bit, after SDWA's select.
    Ok(apply_float_mods(b, v, ty, sign, float_mods(c, idx)))
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

/// Whether an op on `bits`-wide floats flushes denormals (the f32 mode).
fn ftz(b: &Builder, bits: u32) -> bool {
    b.ftz32 && bits == 32
}

fn fbin(b: &mut Builder, op: FBinOp, bits: u32, x: V, y: V) -> Reg {
    let (fx, fy) = (tof(b, x, bits), tof(b, y, bits));
    let d = b.t(fty(bits));
    b.emit(Op::FBin(op::FBin {
        op,
        ty: fty(bits),
        rnd: Round::Rn,
        ftz: ftz(b, bits),
        dst: d,
        a: fx.into(),
        b: fy.into(),
    }));
    fromf(b, d, bits)
}

fn fun(b: &mut Builder, op: FUnOp, bits: u32, x: V) -> Reg {
    let fx = tof(b, x, bits);
    let d = b.t(fty(bits));
    b.emit(Op::FUn(op::FUn {
        op,
        ty: fty(bits),
        ftz: ftz(b, bits),
        dst: d,
        a: fx.into(),
    }));
    fromf(b, d, bits)
}

/// `x cond y` on `bits`-wide floats given as bits.
fn fcmp(b: &mut Builder, cond: xisa_ir::FCond, bits: u32, x: V, y: V) -> Reg {
    let (fx, fy) = (tof(b, x, bits), tof(b, y, bits));
    let d = b.t(Type::I1);
    b.emit(Op::FCmp(op::FCmp {
        cond,
        ty: fty(bits),
        ftz: ftz(b, bits),
        dst: d,
        a: fx.into(),
        b: fy.into(),
    }));
    d
}

fn fma(b: &mut Builder, bits: u32, x: V, y: V, z: V) -> Reg {
    let (fx, fy, fz) = (tof(b, x, bits), tof(b, y, bits), tof(b, z, bits));
    let d = b.t(fty(bits));
    b.emit(Op::Fma(op::Fma {
        ty: fty(bits),
        ftz: ftz(b, bits),
        dst: d,
        a: fx.into(),
        b: fy.into(),
        c: fz.into(),
    }));
    fromf(b, d, bits)
}

fn cvt(b: &mut Builder, op: CvtOp, to: Type, from: Type, rnd: Round, sat: bool, x: V) -> Reg {
    let d = b.t(to);
    let ftz = b.ftz32 && (to == Type::F32 || from == Type::F32);
    b.emit(Op::Cvt(op::Cvt {
        op,
        to,
        from,
        rnd,
        sat,
        ftz,
        dst: d,
        src: x,
    }));
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

/// Writes each active lane's `pred` as a lane mask to vcc / sdst (see
/// [`write_mask`]); returns the mask.
fn write_ballot(b: &mut Builder, c: &Ctx, pred: Reg) -> Result<Reg, LiftError> {
    let mask = b.ballot(pred);
    write_mask(b, c, mask)?;
    Ok(mask)
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
    super::mem::write_v(b, vd, false, &vals, g);
}

fn write64(b: &mut Builder, c: &Ctx, v: Reg) {
    let (l, h) = b.halves(v.into());
    let lo = b.as_reg(l);
    let hi = b.as_reg(h);
    write_v(b, c, &[lo, hi]);
}

/// v_cmp / v_cmpx / v_cmp_class / v_cmpx_class: a lane mask to vcc / sdst
/// (and EXEC for the `x` forms).
fn compare(b: &mut Builder, c: &Ctx, s: &Sem) -> Result<(), LiftError> {
    let ty = s.src;
    let bits = ty.bits();
    let class = matches!(s.kind, Kind::Class | Kind::Classx);
    let (a, bb) = if bits == 16 {
        // 16-bit compares read the low halves (gfx9 VOPC has no op_sel);
        // float abs / neg act on bit 15, the class mask is 32 bits.
        let float = ty.is_float();
        let lo16 =
            |b: &mut Builder, v: V| -> V { b.cvt(CvtOp::Trunc, Type::I16, Type::I32, v).into() };
        let a = if float {
            src16(b, c, "src0", 0)?
        } else {
            src(b, c, "src0", 3)?
        };
        let a = lo16(b, a);
        let bb = if class {
            src(b, c, c.field(1), 3)?
        } else {
            let v = if float {
                src16(b, c, c.field(1), 1)?
            } else {
                src(b, c, c.field(1), 3)?
            };
            lo16(b, v)
        };
        (a, bb)
    } else {
        c.r2(b, false)?
    };
    let p: Reg = match s.op {
        _ if class => {
            let idx = fclass(b, a, bits);
            let sh = b.binv(BinOp::LShr, Type::I32, bb, idx);
            let bit = b.binv(BinOp::And, Type::I32, sh, Operand::Imm(1));
            b.icmp(ICond::Ne, Type::I32, bit, Operand::Imm(0))
        }
        SemOp::FCmp(fc) => fcmp(b, fc, bits, a, bb),
        SemOp::ICmp(ic) => b.icmp(ic, ty, a, bb),
        SemOp::Const(k) => {
            let d = b.t(Type::I1);
            b.mov(Type::I1, d, Operand::Imm(k as u64));
            d
        }
        _ => return Err(b.unsupported("semantics row without a compare condition")),
    };
    let mask = write_ballot(b, c, p)?;
    if matches!(s.kind, Kind::Cmpx | Kind::Classx) {
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

/// What a kind computed: a 32-bit lane value, a 64-bit one (a VGPR pair), or
/// nothing left to write.
enum Out {
    Lane(Reg),
    Wide(Reg),
    Done,
}

type KindFn = fn(&mut Builder, &Ctx, &Sem) -> Result<Out, LiftError>;

/// The lifting function of each kind on 32-bit-lane encodings (VOP1, VOP2,
/// VOPC, VOP3A/B, SDWA, DPP); VOP3P rows go to [`packed`].
fn kind_fn(k: Kind) -> KindFn {
    use Kind::*;
    match k {
        Nop => |_, _, _| Ok(Out::Done),
        Mov => int::mov,
        Swap => swap,
        ReadFirstLane => |b, c, _| {
            let i = c.inst;
            read_lane(b, i.get("src0"), None, i.get("vdst")).map(|_| Out::Done)
        },
        ReadLane => |b, c, _| {
            let i = c.inst;
            read_lane(b, i.get("src0"), Some(i.get("src1")), i.get("vdst")).map(|_| Out::Done)
        },
        WriteLane => |b, c, _| {
            let i = c.inst;
            write_lane(b, i.get("vdst"), i.get("src0"), i.get("src1")).map(|_| Out::Done)
        },
        AccvgprRead | AccvgprWrite | AccvgprMov => |b, c, s| {
            if c.fmt != "VOP1" {
                return Err(b.unsupported("accumulation-register moves in this encoding"));
            }
            accvgpr(b, c.inst, s.kind).map(|_| Out::Done)
        },
        AddSat => int::addsat,
        Bin => int::bin,
        Shift => int::shift,
        Tern => int::tern,
        Med3 => int::med3,
        Mul24 => int::mul24,
        Mad24 => int::mad24,
        Sad => int::sad,
        Bfe => int::bfe,
        Bfi => int::bfi,
        Bfm => int::bfm,
        Align => int::align,
        Un => int::unary,
        Ffb => int::ffb,
        Bcnt => int::bcnt,
        Mbcnt => int::mbcnt,
        Cndmask => int::cndmask,
        AddCo => int::addco,
        AddCarry => int::addcarry,
        Mad64 => int::mad64,
        Perm => int::perm,
        Dot => int::dot_acc,
        FDot => float::fdot2,
        FBin => float::fbin_k,
        Fma => float::fma_k,
        Fmak => float::fmak,
        FUn => float::fun_k,
        SinCos => float::sincos,
        Fract => float::fract,
        Ldexp => float::ldexp,
        TrigPreop => float::trig_preop,
        CvtPkF8 => float::cvt_pk_f8,
        CvtPknorm => float::cvt_pknorm,
        CvtPkU8 => float::cvt_pk_u8,
        Msad | QsadPk | MqsadPk | MqsadU32 => int::msad,
        CubeId | CubeSc | CubeTc | CubeMa => float::cube,
        FrexpMant => float::frexp_mant,
        FrexpExp => float::frexp_exp,
        DivScale => float::div_scale,
        DivFixup => float::div_fixup,
        Cvt => float::convert,
        CvtFloor => float::cvt_floor,
        CvtUbyte => float::cvt_ubyte,
        CvtPkrtz => float::cvt_pkrtz,
        CvtF8 => float::cvt_f8,
        PkFmac => float::pk_fmac,
        CvtPkSat => int::cvt_pk_sat,
        Mad16 => int::mad16,
        SatPkU8 => int::sat_pk_u8,
        LerpU8 => int::lerp_u8,
        MulLegacy => float::mul_legacy,
        CvtOff => float::cvt_off,
        Cmp | Cmpx | Class | Classx => |b, c, s| compare(b, c, s).map(|_| Out::Done),
        Pack16 | FmaMix => |b, _, _| Err(b.unsupported("a VOP3-only op in this encoding")),
        _ => |b, _, _| Err(b.unsupported("a scalar op in a vector encoding")),
    }
}

/// Lifts one vector ALU instruction by its row of the semantics table.
pub(crate) fn lift(b: &mut Builder, inst: &Inst, fmt: &str) -> Result<(), LiftError> {
    let s = super::sem_row(b, inst, "vector op not lifted")?;
    if let Some(why) = &b.float_mode {
        if s.is_float() {
            return Err(b.unsupported(why.clone()));
        }
    }
    // MODE.FP16_OVFL also makes f16 arithmetic saturate an overflow
    // (keeping true infinities): not modelled.
    if super::FloatMode::from_mode_bits(b.mode).fp16_ovfl
        && (s.ty == Type::F16 || s.src == Type::F16)
        && s.kind != Kind::CvtPkF8
    {
        return Err(b.unsupported("f16 arithmetic with MODE.FP16_OVFL = 1 (overflow saturates)"));
    }
    lift_op(b, inst, fmt, &s)?;
    if b.omod != 0 {
        // Float results apply (and clear) omod in clamp_f.
        return Err(b.unsupported("output modifier (omod) on an op without a float result"));
    }
    Ok(())
}

fn lift_op(b: &mut Builder, inst: &Inst, fmt: &str, s: &Sem) -> Result<(), LiftError> {
    let matrix = matches!(s.kind, Kind::Mfma | Kind::Smfmac);
    if fmt == "VOP3P_MAI" || matrix {
        if fmt != "VOP3P_MAI" || !matrix {
            return Err(b.unsupported(format!("a `{}` row in the {fmt} encoding", s.kind.name())));
        }
        return if s.kind == Kind::Mfma {
            matrix::mfma(b, inst, s)
        } else {
            matrix::smfmac(b, inst, s)
        };
    }
    if fmt == "VOP3P" {
        return packed(b, inst, s);
    }
    let vop3 = fmt == "VOP3A" || fmt == "VOP3B";
    let mut c = Ctx {
        inst,
        fmt,
        vop3,
        dpp: None,
        sem: *s,
        clamp: vop3 && inst.get("clamp") == 1,
    };
    // Lane-mask results (compares, carries): which lanes a DPP or SDWA form
    // writes them for is not modelled. (v_cndmask only reads one.)
    let masks = matches!(
        s.kind,
        Kind::Cmp | Kind::Cmpx | Kind::Class | Kind::Classx | Kind::AddCo | Kind::AddCarry
    );
    let src_mods = ["src0_neg", "src0_abs", "src1_neg", "src1_abs"]
        .iter()
        .any(|f| inst.get(f) != 0);
    match fmt {
        "VOP1_DPP" | "VOP2_DPP" => {
            // A carry-out lane mask is written as in VOP2 when every active
            // lane writes (full row and bank masks, out-of-range sources
            // reading 0): which bits a lane that DPP disables writes is not
            // known.
            let all_write = inst.get("row_mask") == 0xf
                && inst.get("bank_mask") == 0xf
                && inst.get("bound_ctrl") == 1;
            if masks && !all_write {
                return Err(b.unsupported(
                    "DPP carries with row / bank masks or without bound_ctrl are not lifted",
                ));
            }
            if src_mods && !s.is_float() {
                return Err(b.unsupported("DPP source modifiers on an integer op"));
            }
            c.dpp = Some(dpp_src(b, inst)?);
        }
        // Compares with word / byte selects (compilers use them for the high
        // half of f16 pairs); the lane mask goes to vcc or sdst.
        "VOPC_SDWA" => {
            if src_mods && !s.is_float() {
                return Err(b.unsupported("SDWA source modifiers on an integer op"));
            }
        }
        "VOP1_SDWA" | "VOP2_SDWA" => {
            if inst.get("omod") != 0 {
                return Err(b.unsupported("SDWA omod is not lifted"));
            }
            // Clamp as in VOP3: the kinds that model it (float [0, 1],
            // integer saturation) read it, the others refuse it.
            c.clamp = inst.get("clamp") == 1;
            if src_mods && !s.is_float() {
                return Err(b.unsupported("SDWA source modifiers on an integer op"));
            }
            // Carries: the carry of the 32-bit op on the selected sources,
            // to VCC as in VOP2 (compares are VOPC_SDWA).
            if masks && !matches!(s.kind, Kind::AddCo | Kind::AddCarry) {
                return Err(b.unsupported("SDWA forms with lane masks are not lifted"));
            }
        }
        "VOP1" | "VOP2" | "VOPC" | "VOP3A" | "VOP3B" => {}
        _ => return Err(b.unsupported(format!("{fmt} encodings are not lifted"))),
    }
    let c = c;
    if vop3 {
        // Float ops apply omod in clamp_f (which clears it); an op that
        // leaves it set does not support it.
        b.omod = inst.get("omod");
        if fmt == "VOP3A" && s.flags.opsel {
            return opsel16(b, &c, s);
        }
        if fmt == "VOP3A" && s.flags.legacy16 {
            return legacy16(b, &c, s);
        }
        if fmt == "VOP3A" && s.kind == Kind::Pack16 {
            return pack16(b, &c);
        }
        if fmt == "VOP3A"
            && inst.get("op_sel") != 0
            && !matches!(s.kind, Kind::Mad16 | Kind::CvtPkF8 | Kind::CvtPknorm)
        {
            return Err(b.unsupported("op_sel is not lifted"));
        }
    }
    match kind_fn(s.kind)(b, &c, s)? {
        Out::Lane(r) => write_v(b, &c, &[r]),
        Out::Wide(r) => write64(b, &c, r),
        Out::Done => {}
    }
    Ok(())
}
/// The f16 in half `hi` (0 low, 1 high) of a 32-bit value, as f32 bits
/// (exact).
fn f16_as_f32_bits(b: &mut Builder, v: V, hi: bool) -> V {
    let w: V = if hi {
        b.binv(BinOp::LShr, Type::I32, v, Operand::Imm(16)).into()
    } else {
        v
    };
    let h = half_of(b, w);
    let f = ftof_rn(b, Type::F32, Type::F16, h.into());
    fromf(b, f, 32).into()
}

/// The low 16 bits of a 32-bit value as an `f16`.
fn half_of(b: &mut Builder, x: V) -> Reg {
    let t = b.cvt(CvtOp::Trunc, Type::I16, Type::I32, x);
    b.cvt(CvtOp::Bitcast, Type::F16, Type::I16, t)
}

/// The low 16 bits of an i32 sign-extended.
fn sext16(b: &mut Builder, v: Operand) -> Reg {
    let u = b.binv(BinOp::Shl, Type::I32, v, Operand::Imm(16));
    b.binv(BinOp::AShr, Type::I32, u, Operand::Imm(16))
}

/// `lo | hi << 16`: two 16-bit values (upper bits zero) in one dword.
fn pack_halves(b: &mut Builder, lo: Operand, hi: Operand) -> Reg {
    let h = b.binv(BinOp::Shl, Type::I32, hi, Operand::Imm(16));
    b.binv(BinOp::Or, Type::I32, lo, h)
}

/// An f16 binary op (round to nearest even).
fn f16_bin(b: &mut Builder, op: FBinOp, x: Reg, y: Operand) -> Reg {
    let d = b.t(Type::F16);
    b.emit(Op::FBin(op::FBin {
        op,
        ty: Type::F16,
        rnd: Round::Rn,
        ftz: false,
        dst: d,
        a: x.into(),
        b: y,
    }));
    d
}

/// The f16 fused multiply-add `x * y + z`.
fn f16_fma(b: &mut Builder, x: Reg, y: Reg, z: Reg) -> Reg {
    let d = b.t(Type::F16);
    b.emit(Op::Fma(op::Fma {
        ty: Type::F16,
        ftz: false,
        dst: d,
        a: x.into(),
        b: y.into(),
        c: z.into(),
    }));
    d
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

/// `frexp` of an f32 or f64 (`ty`; `x` its bits): (mantissa in [0.5, 1)
/// with the sign, as bits of `ty`; exponent, `i32`); zero, inf and NaN give
/// (x, 0).
fn frexp(b: &mut Builder, x: V, ty: Type) -> (Reg, Reg) {
    use BinOp::*;
    let t = ty.as_int();
    let n = ty.bits();
    // Exponent field width and the bias that puts the mantissa in [0.5, 1).
    let (mbits, emask, half_exp): (u64, u64, u64) = if n == 64 {
        (52, 0x7ff, 1022)
    } else {
        (23, 0xff, 126)
    };
    let sign = 1u64 << (n - 1);
    let inf = emask << mbits;
    let ax = b.binv(And, t, x, Operand::Imm(!sign & t.mask()));
    let den = b.icmp(ICond::Ult, t, ax, Operand::Imm(1 << mbits));
    // Denormals: scale by 2^64 (exact) first.
    let two64 = if n == 64 {
        (1023u64 + 64) << 52
    } else {
        0x5f80_0000
    };
    let scaled = fbin(b, FBinOp::Mul, n, x, Operand::Imm(two64));
    let y = b.select(t, den, scaled, x);
    let ey = b.binv(LShr, t, y, Operand::Imm(mbits));
    let ey = b.binv(And, t, ey, Operand::Imm(emask));
    let ey = if n == 64 {
        b.cvt(CvtOp::Trunc, Type::I32, t, ey)
    } else {
        ey
    };
    let keep = sign | ((1u64 << mbits) - 1);
    let mb = b.binv(And, t, y, Operand::Imm(keep));
    let mant = b.binv(Or, t, mb, Operand::Imm(half_exp << mbits));
    let bias = b.select(
        Type::I32,
        den,
        Operand::Imm(half_exp + 64),
        Operand::Imm(half_exp),
    );
    let exp = b.binv(Sub, Type::I32, ey, bias);
    let zero = b.icmp(ICond::Eq, t, ax, Operand::Imm(0));
    let big = b.icmp(ICond::Uge, t, ax, Operand::Imm(inf));
    let special = b.binv(Or, Type::I1, zero, big);
    let xm = b.in_reg(t, x);
    let mant = b.select(t, special, xm, mant);
    let exp = b.select(Type::I32, special, Operand::Imm(0), exp);
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
            let z = b.un(UnOp::Ctz, Type::I64, ex);
            let z = b.cvt(CvtOp::Trunc, i32t, Type::I64, z);
            b.binv(And, i32t, z, Operand::Imm(63))
        }
        Some(e) => {
            let l = plain_src(b, e)?;
            b.binv(And, i32t, l, Operand::Imm(63))
        }
    };
    let d = b.shfl(i32t, x, l);
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
        0x150..=0x15f => {
            // row_newbcast:n (gfx90a+): every lane of a row reads its lane n.
            let n = (ctrl & 0xf) as u64;
            (b.binv(Or, i32t, row_base, Operand::Imm(n)), None)
        }
        _ => return Err(b.unsupported(format!("DPP control {ctrl:#x} is not lifted"))),
    };
    // A 64-bit source (the f64 ops, v_mov_b64) moves as its register pair.
    let s0 = inst.get("src0");
    let (x, ty): (Operand, Type) = if inst.opcode.width("src0") == 64 {
        (b.vreg_pair(s0, false).into(), Type::I64)
    } else {
        (b.v(s0).into(), i32t)
    };
    let d = b.shfl(ty, x, srcl);
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
        let v = b.select(ty, valid, d, Operand::Imm(0));
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
fn accvgpr(b: &mut Builder, inst: &Inst, kind: Kind) -> Result<(), LiftError> {
    if kind != Kind::AccvgprMov
        && ["neg_lo", "neg_hi", "op_sel", "clamp"]
            .iter()
            .any(|f| inst.get(f) != 0)
    {
        return Err(b.unsupported("neg / op_sel / clamp on an accumulation-register move"));
    }
    let s = inst.get("src0");
    let v: Operand = if kind == Kind::AccvgprWrite {
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
    let d = b.vreg(inst.get("vdst"), kind != Kind::AccvgprRead);
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
fn swap(b: &mut Builder, c: &Ctx, _: &Sem) -> Result<Out, LiftError> {
    if c.fmt != "VOP1" {
        return Err(b.unsupported("v_swap_b32 is lifted in its VOP1 form only"));
    }
    let inst = c.inst;
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
    Ok(Out::Done)
}

/// The three 32-bit sources of a VOP3P dot product (`what`: its kind, for
/// the error). gfx940 accepts only the default op_sel / op_sel_hi and no
/// neg on them (LLVM says so for the integer dots; the f16 ones' neg is
/// refused as not modelled).
fn dot_sources(b: &mut Builder, inst: &Inst, what: &str) -> Result<Vec<V>, LiftError> {
    let osh = inst.get("op_sel_hi") | inst.get("op_sel_hi2") << 2;
    if inst.get("op_sel") != 0 || osh != 7 || inst.get("neg_lo") != 0 || inst.get("neg_hi") != 0 {
        return Err(b.unsupported(format!("{what} dot with op_sel / neg")));
    }
    ["src0", "src1", "src2"]
        .iter()
        .map(|f| {
            let e = inst.get(f);
            Ok(if e >= 256 {
                b.v(e - 256).into()
            } else {
                b.src_full(e, 32, false)?
            })
        })
        .collect()
}

/// VOP3P packed f32 (`v_pk_fma_f32`, `v_pk_mul_f32`, `v_pk_add_f32`,
/// `v_pk_mov_b32`) on 64-bit register pairs: the low result takes each
/// source's half selected by op_sel, the high result by op_sel_hi; neg_lo /
/// neg_hi negate the sources of each half.
fn packed(b: &mut Builder, inst: &Inst, sem: &Sem) -> Result<(), LiftError> {
    use BinOp::*;
    match sem.kind {
        Kind::AccvgprRead | Kind::AccvgprWrite | Kind::AccvgprMov => {
            return accvgpr(b, inst, sem.kind)
        }
        // Which mode governs a mixed-precision fma is not modelled.
        Kind::FmaMix if b.ftz32 => {
            return Err(b.unsupported("v_fma_mix with f32 denormals flushed"))
        }
        Kind::FmaMix => return fma_mix(b, inst, sem),
        Kind::FDot => {
            if inst.get("clamp") != 0 {
                return Err(b.unsupported("f16 dot with clamp"));
            }
            let v = dot_sources(b, inst, "f16")?;
            let r = float::fdot2_sum(b, v[0], v[1], v[2]);
            write_v(b, &Ctx::vop3p(inst, sem), &[r]);
            return Ok(());
        }
        _ if sem.ty.bits() == 16 => return packed16(b, inst, sem),
        _ => {}
    }
    if sem.kind == Kind::Dot {
        let (w, signed) = (sem.flags.width, sem.flags.signed);
        let v = dot_sources(b, inst, "integer")?;
        let r = dot_sum(b, v[0], v[1], v[2], w, signed, inst.get("clamp") == 1);
        write_v(b, &Ctx::vop3p(inst, sem), &[r]);
        return Ok(());
    }
    let is_mov = sem.kind == Kind::Mov;
    let nsrc = match (sem.kind, sem.op) {
        (Kind::Fma, _) => 3,
        (Kind::FBin, _) | (Kind::Mov, _) => 2,
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
        // both lanes of the pair), so selecting the high half is refused,
        // except for the inline constant 0 (source 128): zero in every
        // reading (zero-extended, replicated, a 64-bit 0 or +0.0). LLVM
        // emits it with the default op_sel_hi for a packed negation
        // (`v_pk_add_f32 v[2:3], v[0:1], 0 neg_lo:[1,1] neg_hi:[1,1]`).
        let (lo, hi): (Operand, Option<Operand>) = if e >= 256 {
            (b.v(e - 256).into(), Some(b.v(e - 255).into()))
        } else if e <= 101 || (106..=107).contains(&e) || (126..=127).contains(&e) {
            (b.src_bits(e, 32)?, Some(b.src_bits(e + 1, 32)?))
        } else if e == 128 {
            (Operand::Imm(0), Some(Operand::Imm(0)))
        } else if (129..=208).contains(&e) || (240..=248).contains(&e) || e == 255 {
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
            Ok(if neg && !is_mov {
                b.binv(Xor, Type::I32, v, Operand::Imm(1 << 31)).into()
            } else {
                v
            })
        };
        let l = pick(b, op_sel >> i & 1 == 1, neg_lo >> i & 1 == 1)?;
        // v_pk_mov_b32 reads only op_sel (below); op_sel_hi means nothing.
        let h = if is_mov {
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
        let r = match sem.op {
            _ if sem.kind == Kind::Fma => fma(b, 32, s[0], s[1], s[2]),
            SemOp::Float(op) => fbin(b, op, 32, s[0], s[1]),
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
    // idx 3: src() applies no modifiers; they act on the f16 sign.
    let v = src(b, c, field, 3)?;
    Ok(apply_float_mods(
        b,
        v,
        Type::I32,
        0x8000,
        float_mods(c, idx),
    ))
}

/// A 16-bit result (low bits of an i32) clamped: to [0, 1] for f16 (NaN ->
/// 0), saturated to the u16 / i16 range for the integer ops (`r` holds the
/// exact result of zero- / sign-extended operands).
fn clamp16(b: &mut Builder, r: Reg, kind: u8) -> Reg {
    use BinOp::*;
    let t = Type::I32;
    match kind {
        b'f' => {
            let h = half_of(b, r.into());
            let d = f16_bin(b, FBinOp::Max, h, Operand::Imm(0));
            let e = f16_bin(b, FBinOp::Min, d, Operand::Imm(0x3c00));
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
fn op16(b: &mut Builder, sem: &Sem, s: &[Operand], clamp: bool) -> Result<Reg, LiftError> {
    use BinOp::*;
    let t = Type::I32;
    if sem.ty == Type::F16 {
        let h: Vec<Reg> = s.iter().map(|&x| half_of(b, x)).collect();
        let f2 = |b: &mut Builder, o: FBinOp, x: Reg, y: Reg| f16_bin(b, o, x, y.into());
        let d = match (sem.kind, sem.op) {
            // The f16 division sequence (cvt, rcp_f32, fma_mixlo,
            // div_fixup) is lifted as a whole, as for f32 / f64:
            // div_fixup(q, d, n) is n / d correctly rounded.
            (Kind::DivFixup, _) => f2(b, FBinOp::Div, h[2], h[1]),
            (Kind::Tern, SemOp::Float2(o1, o2)) => {
                let u = f2(b, o1, h[0], h[1]);
                f2(b, o2, u, h[2])
            }
            // max(min(x, y), min(max(x, y), z)), as v_med3_f32 (the
            // hardware's NaN rules for med3 are not modelled).
            (Kind::Med3, SemOp::Float2(mn, mx)) => {
                let lo = f2(b, mn, h[0], h[1]);
                let hi = f2(b, mx, h[0], h[1]);
                let h2 = f2(b, mn, hi, h[2]);
                f2(b, mx, lo, h2)
            }
            (Kind::Fma, _) => f16_fma(b, h[0], h[1], h[2]),
            (Kind::FBin, SemOp::Float(op)) => f2(b, op, h[0], h[1]),
            _ => return Err(b.unsupported("16-bit float op not lifted")),
        };
        let r = half_bits(b, d);
        return Ok(if clamp { clamp16(b, r, b'f') } else { r });
    }
    let signed = sem.flags.signed;
    let ext = |b: &mut Builder, x: Operand| -> Operand {
        if signed {
            sext16(b, x).into()
        } else {
            x
        }
    };
    let x: Vec<Operand> = s.iter().map(|&v| ext(b, v)).collect();
    let (r, sat, kind) = match (sem.kind, sem.op) {
        (Kind::Bin, SemOp::Int(op)) => {
            let kind = match (signed, op) {
                (true, _) => b'i',
                (false, Sub) => b'd',
                _ => b'u',
            };
            (b.binv(op, t, x[0], x[1]), op != Mul, kind)
        }
        // mad, min3, max3.
        (Kind::Tern, SemOp::Int2(o1, o2)) => {
            let u = b.binv(o1, t, x[0], x[1]);
            (
                b.binv(o2, t, u, x[2]),
                true,
                if signed { b'i' } else { b'u' },
            )
        }
        (Kind::Med3, SemOp::Int2(mn, mx)) => {
            let lo = b.binv(mn, t, x[0], x[1]);
            let hi = b.binv(mx, t, x[0], x[1]);
            let h2 = b.binv(mn, t, hi, x[2]);
            (
                b.binv(mx, t, lo, h2),
                true,
                if signed { b'i' } else { b'u' },
            )
        }
        (Kind::Shift, SemOp::Int(op)) => {
            // Shift count: the low 4 bits of the first source.
            let n = b.binv(And, t, s[0], Operand::Imm(15));
            let v = if op == AShr {
                sext16(b, s[1]).into()
            } else {
                s[1]
            };
            (b.binv(op, t, v, n), false, b'u')
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
fn opsel16(b: &mut Builder, c: &Ctx, sem: &Sem) -> Result<(), LiftError> {
    let float = sem.ty == Type::F16;
    let s = (0..three_sources(sem))
        .map(|i| opsel_src(b, c, i, float))
        .collect::<Result<Vec<_>, _>>()?;
    let r = op16(b, sem, &s, c.inst.get("clamp") == 1)?;
    let hi = c.inst.get("op_sel") >> 3 & 1 == 1;
    write_half(b, c, r, hi);
    Ok(())
}

/// The gfx8 16-bit VOP3 ops gfx9 keeps as `v_mad_legacy_u16/i16`,
/// `v_fma_legacy_f16`, `v_div_fixup_legacy_f16`: the computation of their
/// op_sel successors on the low halves, the result zero-extended into vdst
/// (LLVM GCNSubtarget::zeroesHigh16BitsOfDest lists them as zeroing on
/// gfx9, where their op_sel forms keep the other half).
fn legacy16(b: &mut Builder, c: &Ctx, sem: &Sem) -> Result<(), LiftError> {
    if c.inst.get("op_sel") != 0 {
        return Err(b.unsupported("op_sel on a legacy 16-bit op"));
    }
    let float = sem.ty == Type::F16;
    let s = (0..three_sources(sem))
        .map(|i| opsel_src(b, c, i, float))
        .collect::<Result<Vec<_>, _>>()?;
    let r = op16(b, sem, &s, c.inst.get("clamp") == 1)?;
    write_v(b, c, &[r]);
    Ok(())
}

/// Source `i` of a VOP3A op_sel form: the half op_sel bit i selects (a
/// constant's high half: 0 for f16 constants, the sign extension of integer
/// ones, see packed16) in the low bits, with abs / neg on the f16 sign when
/// `float`; integer ops refuse abs / neg.
fn opsel_src(b: &mut Builder, c: &Ctx, i: usize, float: bool) -> Result<Operand, LiftError> {
    use BinOp::*;
    let (t, inst) = (Type::I32, c.inst);
    let raw = src(b, c, c.field(i), 3)?;
    let mut v = if inst.get("op_sel") >> i & 1 == 1 {
        b.binv(LShr, t, raw, Operand::Imm(16))
    } else {
        b.binv(And, t, raw, Operand::Imm(0xffff))
    };
    if !float {
        if inst.get("abs") != 0 || inst.get("neg") != 0 {
            return Err(b.unsupported("abs / neg on an integer op"));
        }
        return Ok(v.into());
    }
    if inst.get("abs") >> i & 1 == 1 {
        v = b.binv(And, t, v, Operand::Imm(0x7fff));
    }
    if inst.get("neg") >> i & 1 == 1 {
        v = b.binv(Xor, t, v, Operand::Imm(0x8000));
    }
    Ok(v.into())
}

/// Writes the 16-bit value `r` to the low (or `hi`) half of vdst, keeping
/// the other half.
fn write_half(b: &mut Builder, c: &Ctx, r: Reg, hi: bool) {
    use BinOp::*;
    let t = Type::I32;
    let old = b.v(c.inst.get("vdst"));
    let out = if hi {
        let keep = b.binv(And, t, old, Operand::Imm(0xffff));
        let h = b.binv(Shl, t, r, Operand::Imm(16));
        b.binv(Or, t, keep, h)
    } else {
        let keep = b.binv(And, t, old, Operand::Imm(0xffff_0000));
        b.binv(Or, t, keep, r)
    };
    write_v(b, c, &[out]);
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
fn packed16(b: &mut Builder, inst: &Inst, sem: &Sem) -> Result<(), LiftError> {
    use BinOp::*;
    let t = Type::I32;
    let float = sem.ty == Type::F16;
    let n = three_sources(sem);
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
        res.push(op16(b, sem, &s, clamp)?);
    }
    let out = pack_halves(b, res[0].into(), res[1].into());
    let c = Ctx::vop3p(inst, sem);
    write_v(b, &c, &[out]);
    Ok(())
}

/// `v_fma_mix_f32` / `v_fma_mixlo_f16` / `v_fma_mixhi_f16`: an f32 fma whose
/// sources are f32, or f16 (op_sel_hi bit set: the half op_sel selects,
/// widened exactly); neg_lo is the sources' neg and neg_hi their abs (on the
/// f32 value). mixlo / mixhi round the f32 result to f16 (as LLVM's
/// `fptrunc (fma f32)` pattern they are selected for) and write the low /
/// high half of vdst, keeping the other half; clamp acts on the final value.
fn fma_mix(b: &mut Builder, inst: &Inst, sem: &Sem) -> Result<(), LiftError> {
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
    let c = Ctx::vop3p(inst, sem);
    if sem.ty == Type::F32 {
        let r = clamp_f(b, r, 32, clamp);
        write_v(b, &c, &[r]);
        return Ok(());
    }
    let f = tof(b, r.into(), 32);
    let h = ftof_rn(b, Type::F16, Type::F32, f.into());
    let h = half_bits(b, h);
    let h = if clamp { clamp16(b, h, b'f') } else { h };
    write_half(b, &c, h, sem.flags.hi);
    Ok(())
}

/// `v_pack_b32_f16` (VOP3-only): D = src0 half | src1 half << 16, op_sel
/// bit i picking the high half of source i, abs / neg on the f16 signs.
fn pack16(b: &mut Builder, c: &Ctx) -> Result<(), LiftError> {
    let inst = c.inst;
    if inst.get("op_sel") >> 2 != 0 || inst.get("clamp") != 0 {
        return Err(b.unsupported("v_pack_b32_f16 destination op_sel / clamp"));
    }
    let lo = opsel_src(b, c, 0, true)?;
    let hi = opsel_src(b, c, 1, true)?;
    let out = pack_halves(b, lo, hi);
    write_v(b, c, &[out]);
    Ok(())
}

/// The 16-bit ops of three sources (fma, mad, min3 / max3 / med3,
/// div_fixup); the others have two.
fn three_sources(sem: &Sem) -> usize {
    match sem.kind {
        Kind::Fma | Kind::Tern | Kind::Med3 | Kind::DivFixup => 3,
        _ => 2,
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
            let pos = Operand::Imm((k * w) as u64);
            let d = b.bfe(signed, Type::I32, v, pos, Operand::Imm(w as u64));
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
