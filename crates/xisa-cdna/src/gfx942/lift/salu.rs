//! SOP1 / SOP2 / SOPC / SOPK: the scalar ALU. Every lane of the wave executes
//! these (unguarded), so the per-lane copies of the SGPRs and SCC stay identical
//! across the wave. SCC results follow the GFX9 ISA exactly.

use xisa_ir::{BinOp, CvtOp, ICond, Op, Operand, Reg, Type, UnOp};

use super::builder::{Builder, EXEC_LO};
use super::LiftError;
use crate::gfx942::Inst;

/// Width (32 or 64) of operand `field` of `inst` per the opcode table.
fn width(inst: &Inst, field: &str) -> u32 {
    inst.opcode
        .operands
        .iter()
        .find(|o| o.field == field)
        .map_or(32, |o| o.count * 32)
}

fn ty_of(w: u32) -> Type {
    if w == 64 {
        Type::I64
    } else {
        Type::I32
    }
}

/// `dst = r != 0` into SCC.
fn scc_nonzero(b: &mut Builder, ty: Type, r: Reg) {
    let scc = b.scc;
    b.emit(Op::ICmp {
        cond: ICond::Ne,
        ty,
        dst: scc,
        a: r.into(),
        b: Operand::Imm(0),
    });
}

fn set_scc(b: &mut Builder, p: Reg) {
    let scc = b.scc;
    b.mov(Type::I1, scc, p);
}

fn write(b: &mut Builder, sdst: u32, w: u32, v: impl Into<Operand>) -> Result<(), LiftError> {
    if w == 64 {
        b.wr_s64(sdst, v)
    } else {
        b.wr_s32(sdst, v)
    }
}

/// Signed overflow of `r = a + b` (`sub`: of `r = a - b`).
fn overflow(b: &mut Builder, ty: Type, a: Operand, bb: Operand, r: Reg, sub: bool) -> Reg {
    // add: ((a ^ r) & (b ^ r)) < 0; sub: ((a ^ b) & (a ^ r)) < 0.
    let x = b.binv(BinOp::Xor, ty, a, r);
    let y = if sub {
        b.binv(BinOp::Xor, ty, a, bb)
    } else {
        b.binv(BinOp::Xor, ty, bb, r)
    };
    let z = b.binv(BinOp::And, ty, x, y);
    b.icmp(ICond::Slt, ty, z, Operand::Imm(0))
}

pub(crate) fn sop2(b: &mut Builder, inst: &Inst) -> Result<(), LiftError> {
    let m = inst.opcode.mnemonic.as_str();
    let (wa, wb, wd) = (
        width(inst, "ssrc0"),
        width(inst, "ssrc1"),
        width(inst, "sdst"),
    );
    let a = b.src_bits(inst.get("ssrc0"), wa)?;
    let bb = b.src_bits(inst.get("ssrc1"), wb)?;
    let sdst = inst.get("sdst");
    let ty = ty_of(wd);
    let tya = ty_of(wa);
    let bits = wa as u64;
    use BinOp::*;
    let r: Reg = match m {
        "s_add_u32" | "s_add_i32" => {
            let r = b.binv(Add, ty, a, bb);
            let c = if m == "s_add_u32" {
                b.icmp(ICond::Ult, ty, r, a)
            } else {
                overflow(b, ty, a, bb, r, false)
            };
            set_scc(b, c);
            r
        }
        "s_sub_u32" | "s_sub_i32" => {
            let r = b.binv(Sub, ty, a, bb);
            let c = if m == "s_sub_u32" {
                b.icmp(ICond::Ult, ty, a, bb)
            } else {
                overflow(b, ty, a, bb, r, true)
            };
            set_scc(b, c);
            r
        }
        "s_addc_u32" | "s_subb_u32" => {
            let scc = b.scc;
            let c = b.b2i(scc);
            let (r1, r, c1, c2);
            if m == "s_addc_u32" {
                r1 = b.binv(Add, ty, a, bb);
                r = b.binv(Add, ty, r1, c);
                c1 = b.icmp(ICond::Ult, ty, r1, a);
                c2 = b.icmp(ICond::Ult, ty, r, r1);
            } else {
                r1 = b.binv(Sub, ty, a, bb);
                r = b.binv(Sub, ty, r1, c);
                c1 = b.icmp(ICond::Ult, ty, a, bb);
                c2 = b.icmp(ICond::Ult, ty, r1, c);
            }
            let o = b.binv(Or, Type::I1, c1, c2);
            set_scc(b, o);
            r
        }
        "s_min_i32" | "s_min_u32" | "s_max_i32" | "s_max_u32" => {
            let cond = match m {
                "s_min_i32" => ICond::Slt,
                "s_min_u32" => ICond::Ult,
                "s_max_i32" => ICond::Sgt,
                _ => ICond::Ugt,
            };
            let c = b.icmp(cond, ty, a, bb);
            set_scc(b, c);
            b.select(ty, c, a, bb)
        }
        "s_cselect_b32" | "s_cselect_b64" => {
            let scc = b.scc;
            b.select(ty, scc, a, bb)
        }
        _ if m.starts_with("s_and_")
            || m.starts_with("s_or_")
            || m.starts_with("s_xor_")
            || m.starts_with("s_andn2_")
            || m.starts_with("s_orn2_")
            || m.starts_with("s_nand_")
            || m.starts_with("s_nor_")
            || m.starts_with("s_xnor_") =>
        {
            let op = m.split('_').nth(1).unwrap_or("");
            let r = logic(b, op, ty, a, bb).ok_or_else(|| b.unsupported("scalar op not lifted"))?;
            scc_nonzero(b, ty, r);
            r
        }
        "s_lshl_b32" | "s_lshl_b64" | "s_lshr_b32" | "s_lshr_b64" | "s_ashr_i32" | "s_ashr_i64" => {
            let n = b.binv(And, Type::I32, bb, Operand::Imm(bits - 1));
            let op = match &m[..6] {
                "s_lshl" => Shl,
                "s_lshr" => LShr,
                _ => AShr,
            };
            let r = b.binv(op, ty, a, n);
            scc_nonzero(b, ty, r);
            r
        }
        "s_bfm_b32" | "s_bfm_b64" => {
            let n = b.binv(And, Type::I32, a, Operand::Imm(wd as u64 - 1));
            let s = b.binv(And, Type::I32, bb, Operand::Imm(wd as u64 - 1));
            let one = b.binv(Shl, ty, Operand::Imm(1), n);
            let mask = b.binv(Sub, ty, one, Operand::Imm(1));
            b.binv(Shl, ty, mask, s)
        }
        "s_mul_i32" => b.binv(Mul, ty, a, bb),
        "s_mul_hi_u32" => b.binv(MulHiU, ty, a, bb),
        "s_mul_hi_i32" => b.binv(MulHiS, ty, a, bb),
        "s_bfe_u32" | "s_bfe_i32" | "s_bfe_u64" | "s_bfe_i64" => {
            let pos = b.binv(And, Type::I32, bb, Operand::Imm(bits - 1));
            let l = b.binv(LShr, Type::I32, bb, Operand::Imm(16));
            let len = b.binv(And, Type::I32, l, Operand::Imm(0x7f));
            let d = b.t(ty);
            b.emit(Op::Bfe {
                signed: m.contains("_i"),
                ty,
                dst: d,
                a,
                pos: pos.into(),
                len: len.into(),
            });
            scc_nonzero(b, ty, d);
            d
        }
        "s_absdiff_i32" => {
            let x = b.binv(Sub, ty, a, bb);
            let r = b.un(UnOp::Abs, ty, x);
            scc_nonzero(b, ty, r);
            r
        }
        "s_lshl1_add_u32" | "s_lshl2_add_u32" | "s_lshl3_add_u32" | "s_lshl4_add_u32" => {
            let n = (m.as_bytes()[6] - b'0') as u64;
            let a64 = b.cvt(CvtOp::Zext, Type::I64, Type::I32, a);
            let b64 = b.cvt(CvtOp::Zext, Type::I64, Type::I32, bb);
            let s = b.binv(Shl, Type::I64, a64, Operand::Imm(n));
            let sum = b.binv(Add, Type::I64, s, b64);
            let c = b.icmp(ICond::Ugt, Type::I64, sum, Operand::Imm(0xffff_ffff));
            set_scc(b, c);
            b.cvt(CvtOp::Trunc, Type::I32, Type::I64, sum)
        }
        "s_pack_ll_b32_b16" | "s_pack_lh_b32_b16" | "s_pack_hh_b32_b16" => {
            let lo = if m == "s_pack_hh_b32_b16" {
                b.binv(LShr, ty, a, Operand::Imm(16))
            } else {
                b.binv(And, ty, a, Operand::Imm(0xffff))
            };
            let hi = if m == "s_pack_ll_b32_b16" {
                b.binv(Shl, ty, bb, Operand::Imm(16))
            } else {
                b.binv(And, ty, bb, Operand::Imm(0xffff_0000))
            };
            b.binv(Or, ty, lo, hi)
        }
        _ => return Err(b.unsupported("scalar op not lifted")),
    };
    let _ = tya;
    write(b, sdst, wd, r)
}

/// The SALU logical ops by name (`and`, `or`, `xor`, `andn2`, `orn2`, `nand`,
/// `nor`, `xnor`, `andn1`, `orn1`; `n2` inverts the second operand, `n1` the
/// first) on `a`, `c`; `None` for other names.
fn logic(b: &mut Builder, op: &str, ty: Type, a: Operand, c: Operand) -> Option<Reg> {
    use BinOp::*;
    let (base, not_a, not_c, not_r) = match op {
        "and" => (And, false, false, false),
        "or" => (Or, false, false, false),
        "xor" => (Xor, false, false, false),
        "andn2" => (And, false, true, false),
        "orn2" => (Or, false, true, false),
        "nand" => (And, false, false, true),
        "nor" => (Or, false, false, true),
        "xnor" => (Xor, false, false, true),
        "andn1" => (And, true, false, false),
        "orn1" => (Or, true, false, false),
        _ => return None,
    };
    let a: Operand = if not_a {
        b.un(UnOp::Not, ty, a).into()
    } else {
        a
    };
    let c: Operand = if not_c {
        b.un(UnOp::Not, ty, c).into()
    } else {
        c
    };
    let r = b.binv(base, ty, a, c);
    Some(if not_r { b.un(UnOp::Not, ty, r) } else { r })
}

/// The saveexec family: `D = EXEC; EXEC = f(S0, EXEC); SCC = EXEC != 0`
/// (`*_wrexec`: D = the new EXEC).
fn saveexec(b: &mut Builder, m: &str, a: Operand, sdst: u32) -> Result<(), LiftError> {
    let t = Type::I64;
    let ex = b.exec64();
    let op = m
        .strip_prefix("s_")
        .and_then(|s| s.split('_').next())
        .unwrap_or("");
    let r = logic(b, op, t, a, ex.into())
        .ok_or_else(|| b.unsupported("saveexec variant not lifted"))?;
    if m.ends_with("_wrexec_b64") {
        b.wr_s64(sdst, r)?;
    } else {
        b.wr_s64(sdst, ex)?;
    }
    b.wr_s64(EXEC_LO, r)?;
    scc_nonzero(b, t, r);
    Ok(())
}

pub(crate) fn sop1(b: &mut Builder, inst: &Inst) -> Result<(), LiftError> {
    let m = inst.opcode.mnemonic.as_str();
    let (wa, wd) = (width(inst, "ssrc0"), width(inst, "sdst"));
    let a = b.src_bits(inst.get("ssrc0"), wa)?;
    let sdst = inst.get("sdst");
    let ty = ty_of(wd);
    let tya = ty_of(wa);
    let bits = wa as u64;
    use BinOp::*;
    if m.contains("saveexec") || m.contains("wrexec") {
        return saveexec(b, m, a, sdst);
    }
    let r: Reg = match m {
        "s_mov_b32" | "s_mov_b64" => {
            let d = b.t(ty);
            b.mov(ty, d, a);
            d
        }
        "s_cmov_b32" | "s_cmov_b64" => {
            let old = b.src_bits(sdst, wd)?;
            let scc = b.scc;
            b.select(ty, scc, a, old)
        }
        "s_not_b32" | "s_not_b64" => {
            let r = b.un(UnOp::Not, ty, a);
            scc_nonzero(b, ty, r);
            r
        }
        "s_wqm_b32" | "s_wqm_b64" | "s_quadmask_b32" | "s_quadmask_b64" => {
            // Per 4-bit group: any bit set.
            let x1 = b.binv(LShr, ty, a, Operand::Imm(1));
            let y = b.binv(Or, ty, a, x1);
            let y2 = b.binv(LShr, ty, y, Operand::Imm(2));
            let z = b.binv(Or, ty, y, y2);
            let any = b.binv(And, ty, z, Operand::Imm(0x1111_1111_1111_1111 & ty.mask()));
            let r = if m.starts_with("s_wqm") {
                b.binv(Mul, ty, any, Operand::Imm(0xf))
            } else {
                // Gather bit 4i to bit i.
                let mut acc = b.t(ty);
                b.mov(ty, acc, Operand::Imm(0));
                for i in 0..(bits / 4) {
                    let s = b.binv(LShr, ty, any, Operand::Imm(3 * i));
                    let bit = b.binv(And, ty, s, Operand::Imm(1 << i));
                    acc = b.binv(Or, ty, acc, bit);
                }
                acc
            };
            scc_nonzero(b, ty, r);
            r
        }
        "s_brev_b32" | "s_brev_b64" => b.un(UnOp::Brev, ty, a),
        "s_bcnt0_i32_b32" | "s_bcnt0_i32_b64" | "s_bcnt1_i32_b32" | "s_bcnt1_i32_b64" => {
            let x = if m.starts_with("s_bcnt0") {
                b.un(UnOp::Not, tya, a).into()
            } else {
                a
            };
            let p = b.un(UnOp::Popc, tya, x);
            let r = if wa == 64 {
                b.cvt(CvtOp::Trunc, Type::I32, Type::I64, p)
            } else {
                p
            };
            scc_nonzero(b, Type::I32, r);
            r
        }
        "s_ff0_i32_b32" | "s_ff0_i32_b64" | "s_ff1_i32_b32" | "s_ff1_i32_b64"
        | "s_flbit_i32_b32" | "s_flbit_i32_b64" | "s_flbit_i32" | "s_flbit_i32_i64" => {
            let x: Operand = if m.starts_with("s_ff0") {
                b.un(UnOp::Not, tya, a).into()
            } else if m == "s_flbit_i32" || m == "s_flbit_i32_i64" {
                let s = b.binv(AShr, tya, a, Operand::Imm(bits - 1));
                b.binv(Xor, tya, a, s).into()
            } else {
                a
            };
            let op = if m.starts_with("s_ff") {
                UnOp::Ctz
            } else {
                UnOp::Clz
            };
            let c = b.un(op, tya, x);
            let c32 = if wa == 64 {
                b.cvt(CvtOp::Trunc, Type::I32, Type::I64, c)
            } else {
                c
            };
            let none = b.icmp(ICond::Eq, Type::I32, c32, Operand::Imm(bits));
            b.select(Type::I32, none, Operand::Imm(0xffff_ffff), c32)
        }
        "s_sext_i32_i8" | "s_sext_i32_i16" => {
            let from = if m.ends_with("i8") {
                Type::I8
            } else {
                Type::I16
            };
            let t = b.cvt(CvtOp::Trunc, from, Type::I32, a);
            b.cvt(CvtOp::Sext, Type::I32, from, t)
        }
        "s_bitset0_b32" | "s_bitset0_b64" | "s_bitset1_b32" | "s_bitset1_b64" => {
            let old = b.src_bits(sdst, wd)?;
            let n = b.binv(And, Type::I32, a, Operand::Imm(wd as u64 - 1));
            let bit = b.binv(Shl, ty, Operand::Imm(1), n);
            if m.starts_with("s_bitset0") {
                let nb = b.un(UnOp::Not, ty, bit);
                b.binv(And, ty, old, nb)
            } else {
                b.binv(Or, ty, old, bit)
            }
        }
        "s_abs_i32" => {
            let r = b.un(UnOp::Abs, ty, a);
            scc_nonzero(b, ty, r);
            r
        }
        _ => return Err(b.unsupported("scalar op not lifted (calls, indexing, trap state)")),
    };
    write(b, sdst, wd, r)
}

pub(crate) fn sopc(b: &mut Builder, inst: &Inst) -> Result<(), LiftError> {
    let m = inst.opcode.mnemonic.as_str();
    let (wa, wb) = (width(inst, "ssrc0"), width(inst, "ssrc1"));
    let a = b.src_bits(inst.get("ssrc0"), wa)?;
    let bb = b.src_bits(inst.get("ssrc1"), wb)?;
    let ty = ty_of(wa);
    let c = if let Some(rest) = m.strip_prefix("s_cmp_") {
        let (cond, sty) = rest.split_once('_').unwrap_or((rest, ""));
        let signed = sty.starts_with('i');
        let cond = match (cond, signed) {
            ("eq", _) => ICond::Eq,
            ("lg", _) => ICond::Ne,
            ("gt", true) => ICond::Sgt,
            ("ge", true) => ICond::Sge,
            ("lt", true) => ICond::Slt,
            ("le", true) => ICond::Sle,
            ("gt", false) => ICond::Ugt,
            ("ge", false) => ICond::Uge,
            ("lt", false) => ICond::Ult,
            ("le", false) => ICond::Ule,
            _ => return Err(b.unsupported("compare not lifted")),
        };
        b.icmp(cond, ty, a, bb)
    } else if m.starts_with("s_bitcmp") {
        let n = b.binv(BinOp::And, Type::I32, bb, Operand::Imm(wa as u64 - 1));
        let s = b.binv(BinOp::LShr, ty, a, n);
        let bit = b.binv(BinOp::And, ty, s, Operand::Imm(1));
        let want = if m.starts_with("s_bitcmp0") { 0 } else { 1 };
        b.icmp(ICond::Eq, ty, bit, Operand::Imm(want))
    } else {
        return Err(b.unsupported("scalar compare not lifted (VSKIP / GPR indexing)"));
    };
    set_scc(b, c);
    Ok(())
}

pub(crate) fn sopk(b: &mut Builder, inst: &Inst) -> Result<(), LiftError> {
    let m = inst.opcode.mnemonic.as_str();
    let sdst = inst.get("sdst");
    let imm = inst.get("simm16") as u64;
    let sext = (imm as u16 as i16 as i32 as u32) as u64;
    let ty = Type::I32;
    match m {
        "s_movk_i32" => b.wr_s32(sdst, Operand::Imm(sext)),
        "s_cmovk_i32" => {
            let old = b.src_bits(sdst, 32)?;
            let scc = b.scc;
            let r = b.select(ty, scc, Operand::Imm(sext), old);
            b.wr_s32(sdst, r)
        }
        "s_addk_i32" => {
            let old = b.src_bits(sdst, 32)?;
            let r = b.binv(BinOp::Add, ty, old, Operand::Imm(sext));
            let o = overflow(b, ty, old, Operand::Imm(sext), r, false);
            set_scc(b, o);
            b.wr_s32(sdst, r)
        }
        "s_mulk_i32" => {
            let old = b.src_bits(sdst, 32)?;
            let r = b.binv(BinOp::Mul, ty, old, Operand::Imm(sext));
            b.wr_s32(sdst, r)
        }
        _ if m.starts_with("s_cmpk_") => {
            let rest = &m[7..];
            let (cond, sty) = rest.split_once('_').unwrap_or((rest, ""));
            let signed = sty.starts_with('i');
            let k = if signed { sext } else { imm };
            let cond = match (cond, signed) {
                ("eq", _) => ICond::Eq,
                ("lg", _) => ICond::Ne,
                ("gt", true) => ICond::Sgt,
                ("ge", true) => ICond::Sge,
                ("lt", true) => ICond::Slt,
                ("le", true) => ICond::Sle,
                ("gt", false) => ICond::Ugt,
                ("ge", false) => ICond::Uge,
                ("lt", false) => ICond::Ult,
                ("le", false) => ICond::Ule,
                _ => return Err(b.unsupported("compare not lifted")),
            };
            let a = b.src_bits(sdst, 32)?;
            let c = b.icmp(cond, ty, a, Operand::Imm(k));
            set_scc(b, c);
            Ok(())
        }
        _ => Err(b.unsupported("SOPK op not lifted (hardware registers, calls, forks)")),
    }
}
