//! Register indexing: VGPR index mode (`s_set_gpr_idx_on` / `_idx` / `_mode`
//! / `_off`) and the scalar relative moves (`s_movrels` / `s_movreld`).
//!
//! LLVM reaches for these to extract or insert a vector element held in
//! registers at a wave-uniform index (a private array kept in VGPRs):
//! `s_set_gpr_idx_on s2, gpr_idx(SRC0); v_mov_b32 v0, v4; s_set_gpr_idx_off`
//! reads `v[4 + s2]`. M0[7:0] holds the index and M0[15:12] the mode (which of
//! SRC0, SRC1, SRC2 and DST are indexed); the mode is on until
//! `s_set_gpr_idx_off`.
//!
//! IR registers are named, not addressed, so an indexed access becomes a
//! chain of selects over the registers the index can reach (the kernel's VGPR
//! allocation, [`super::EntryAbi::vgpr_count`]). The mode is tracked
//! statically along the code; it must be off at every branch and branch
//! target, as LLVM emits it (a mode that crosses control flow is refused).
//! Under the mode only `v_mov_b32` (VOP1 and plain VOP3) is lifted, the one
//! instruction LLVM uses there; any other VALU instruction is refused.

use xisa_ir::op;
use xisa_ir::{ICond, Op, Operand, Reg, Type};

use super::super::decode::Inst;
use super::super::semantics::{Kind, Sem};
use super::builder::{Builder, M0};
use super::LiftError;

/// Mode bits of `gpr_idx(...)`.
const SRC0: u32 = 1;
const DST: u32 = 8;

/// Architected SGPRs (`s0..s101`) that `s_movrels` / `s_movreld` index.
const SGPRS: u32 = 102;

/// `s_set_gpr_idx_on`, `_off`, `_idx`, `_mode`: updates M0 and the mode.
pub(crate) fn set(b: &mut Builder, i: &Inst, kind: Kind) -> Result<(), LiftError> {
    let m0 = b.src_bits(M0, 32)?;
    match kind {
        Kind::SGprIdxOn => {
            let idx = b.src_bits(i.get("ssrc0"), 32)?;
            let mode = i.get("ssrc1") & 0xf;
            write_m0(b, m0, Some(idx), Some(mode))?;
            b.gpr_idx = mode | ON;
        }
        Kind::SGprIdxIdx => {
            let idx = b.src_bits(i.get("ssrc0"), 32)?;
            write_m0(b, m0, Some(idx), None)?;
        }
        Kind::SGprIdxMode => {
            let mode = i.get("simm16") & 0xf;
            write_m0(b, m0, None, Some(mode))?;
            if b.gpr_idx & ON != 0 {
                b.gpr_idx = mode | ON;
            }
        }
        Kind::SGprIdxOff => b.gpr_idx = 0,
        _ => return Err(b.unsupported("not a VGPR index mode op")),
    }
    Ok(())
}

/// Writes M0 with the index (M0[7:0] = `idx & 0xff`) and / or the mode
/// (M0[15:12]) replaced; its other bits are kept.
fn write_m0(
    b: &mut Builder,
    m0: Operand,
    idx: Option<Operand>,
    mode: Option<u32>,
) -> Result<(), LiftError> {
    let clear = idx.map_or(0, |_| 0xffu32) | mode.map_or(0, |_| 0xf000);
    let mut v = b.binv(
        xisa_ir::BinOp::And,
        Type::I32,
        m0,
        Operand::Imm(!clear as u64),
    );
    if let Some(idx) = idx {
        let lo = b.binv(xisa_ir::BinOp::And, Type::I32, idx, Operand::Imm(0xff));
        v = b.binv(xisa_ir::BinOp::Or, Type::I32, v, lo);
    }
    if let Some(mode) = mode {
        v = b.binv(
            xisa_ir::BinOp::Or,
            Type::I32,
            v,
            Operand::Imm((mode << 12) as u64),
        );
    }
    b.wr_s32(M0, v)
}

/// Set in [`Builder::gpr_idx`] while the index mode is on (the mode bits
/// may all be clear).
pub(crate) const ON: u32 = 0x100;

/// True while the index mode is on.
pub(crate) fn on(b: &Builder) -> bool {
    b.gpr_idx & ON != 0
}

/// A VALU instruction while the index mode is on.
pub(crate) fn valu(b: &mut Builder, i: &Inst, fmt: &str) -> Result<(), LiftError> {
    let mov32 = super::lifted_row(i).is_some_and(|s| s.kind == Kind::Mov && s.ty == Type::I32);
    if !mov32 || !(fmt == "VOP1" || fmt == "VOP3A") {
        return Err(b.unsupported(format!(
            "{fmt} instruction while VGPR index mode is on (only v_mov_b32 is lifted under s_set_gpr_idx_on)"
        )));
    }
    if fmt == "VOP3A" && (i.get("abs") | i.get("neg") | i.get("clamp") | i.get("omod")) != 0 {
        return Err(b.unsupported("v_mov_b32_e64 with modifiers under VGPR index mode"));
    }
    let mode = b.gpr_idx;
    let m0 = b.src_bits(M0, 32)?;
    let idx = b.binv(xisa_ir::BinOp::And, Type::I32, m0, Operand::Imm(0xff));
    let s = i.get("src0");
    let val: Operand = if s >= 256 && mode & SRC0 != 0 {
        let regs: Vec<Reg> = (s - 256..b.vgpr_bound()).map(|n| b.v(n)).collect();
        chain(b, &regs, idx).into()
    } else if s >= 256 {
        b.v(s - 256).into()
    } else {
        b.src_bits(s, 32)?
    };
    let vd = i.get("vdst");
    let g = b.exec_guard();
    if mode & DST == 0 {
        let d = b.v(vd);
        b.emit_with(
            Op::Mov {
                ty: Type::I32,
                dst: d,
                src: val,
            },
            Some(g),
        );
        return Ok(());
    }
    let regs: Vec<Reg> = (vd..b.vgpr_bound().max(vd + 1)).map(|n| b.v(n)).collect();
    scatter(b, &regs, idx, val, Some(g));
    Ok(())
}

/// `dst = idx == k ? a : b` (under `guard`), with `p` as the compare's
/// scratch predicate: one step of an indexed read or write.
#[allow(clippy::too_many_arguments)]
fn pick(
    b: &mut Builder,
    p: Reg,
    idx: Reg,
    k: usize,
    dst: Reg,
    a: Operand,
    other: Reg,
    guard: Option<xisa_ir::Guard>,
) {
    b.emit(Op::ICmp(op::ICmp {
        cond: ICond::Eq,
        ty: Type::I32,
        dst: p,
        a: idx.into(),
        b: Operand::Imm(k as u64),
    }));
    b.emit_with(
        Op::Select(op::Select {
            ty: Type::I32,
            dst,
            cond: p.into(),
            a,
            b: other.into(),
        }),
        guard,
    );
}

/// `regs[idx]` as a select chain (`regs[0]` when `idx` is past the end).
fn chain(b: &mut Builder, regs: &[Reg], idx: Reg) -> Reg {
    let acc = b.t(Type::I32);
    let p = b.t(Type::I1);
    b.mov(Type::I32, acc, regs[0]);
    for (k, &r) in regs.iter().enumerate().skip(1) {
        pick(b, p, idx, k, acc, r.into(), acc, None);
    }
    acc
}

/// Writes `val` to register `regs[idx]`: a select per register (under
/// `guard`), so that every other register keeps its value.
fn scatter(b: &mut Builder, regs: &[Reg], idx: Reg, val: Operand, guard: Option<xisa_ir::Guard>) {
    let p = b.t(Type::I1);
    for (k, &r) in regs.iter().enumerate() {
        pick(b, p, idx, k, r, val, r, guard);
    }
}

/// `s_movrels_b32/_b64` (read `s[ssrc0 + M0]`) and `s_movreld_b32/_b64`
/// (write `s[sdst + M0]`): scalar, so unguarded; every lane holds the same
/// scalar state and computes the same result.
pub(crate) fn movrel(b: &mut Builder, i: &Inst, sem: &Sem) -> Result<(), LiftError> {
    let dwords = if sem.ty == Type::I64 { 2 } else { 1 };
    let (sdst, ssrc) = (i.get("sdst"), i.get("ssrc0"));
    let idx = b.src_bits(M0, 32)?;
    let idx = match idx {
        Operand::Reg(r) => r,
        Operand::Imm(_) => return Err(b.unsupported("M0 is not a register")),
    };
    let sg = |b: &mut Builder, n: u32| b.sgpr(n).ok_or_else(|| b.unsupported(format!("s{n}")));
    // Every source dword is read before any destination is written, as the
    // hardware reads its operands first (the two may overlap).
    if sem.kind == Kind::SMovrels {
        if ssrc >= SGPRS {
            return Err(b.unsupported("s_movrels source is not an SGPR"));
        }
        let mut vals = Vec::new();
        for d in 0..dwords {
            let regs = (ssrc + d..SGPRS)
                .map(|n| sg(b, n))
                .collect::<Result<Vec<_>, _>>()?;
            vals.push(chain(b, &regs, idx));
        }
        for (d, v) in (0..).zip(vals) {
            b.wr_s32(sdst + d, v)?;
        }
    } else {
        if sdst >= SGPRS {
            return Err(b.unsupported("s_movreld destination is not an SGPR"));
        }
        let mut vals = Vec::new();
        for d in 0..dwords {
            let v = b.src_bits(ssrc + d, 32)?;
            let t = b.t(Type::I32);
            b.mov(Type::I32, t, v);
            vals.push(t);
        }
        for (d, v) in (0..).zip(vals) {
            let regs = (sdst + d..SGPRS)
                .map(|n| sg(b, n))
                .collect::<Result<Vec<_>, _>>()?;
            scatter(b, &regs, idx, v.into(), None);
        }
    }
    Ok(())
}
