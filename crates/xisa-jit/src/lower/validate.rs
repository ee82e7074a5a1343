//! Structural checks run before lowering, so that lowering can index registers
//! and blocks freely: a malformed kernel is a [`JitError`], never a panic.
//! (Type agreement is not required: mismatched types are converted by bits, as
//! the interpreter does.)

use xisa_ir::op;
use xisa_ir::{BlockId, Kernel, Op, Operand, Reg, Term};

use crate::JitError;

pub(super) fn validate(k: &Kernel) -> Result<(), JitError> {
    let err = |loc: String, what: String| JitError::Unsupported {
        kernel: k.name.clone(),
        loc,
        what,
    };
    if k.blocks.is_empty() {
        return Err(err("-".into(), "kernel has no blocks".into()));
    }
    if k.inst_count() >= (u32::MAX / 2) as usize || k.regs.len() >= (1 << 27) {
        return Err(err("-".into(), "kernel too large".into()));
    }
    let nregs = k.regs.len();
    let nblocks = k.blocks.len();
    let reg_ok = |r: Reg| (r.0 as usize) < nregs;
    let block_ok = |b: BlockId| (b.0 as usize) < nblocks;
    for (bi, b) in k.blocks.iter().enumerate() {
        let bid = BlockId(bi as u32);
        for (ii, inst) in b.insts.iter().enumerate() {
            let loc = || k.describe_loc(bid, ii as u32);
            let bad_reg = inst.guard.iter().map(|g| g.reg).any(|r| !reg_ok(r))
                || inst.op.defs().into_iter().any(|r| !reg_ok(r))
                || inst.op.uses().into_iter().any(|o| match o {
                    Operand::Reg(r) => !reg_ok(r),
                    Operand::Imm(_) => false,
                });
            if bad_reg {
                return Err(err(loc(), "undeclared register".into()));
            }
            let count_ok = match &inst.op {
                Op::Load(op::Load { mem, dsts, .. }) => dsts.len() == mem.count as usize,
                Op::Store(op::Store { mem, srcs, .. }) => srcs.len() == mem.count as usize,
                _ => true,
            };
            let count_in_range = match &inst.op {
                Op::Load(op::Load { mem, .. }) | Op::Store(op::Store { mem, .. }) => {
                    (1..=4).contains(&mem.count)
                }
                _ => true,
            };
            if !count_ok || !count_in_range {
                return Err(err(loc(), "load/store: element count mismatch".into()));
            }
        }
        let loc = k.describe_loc(bid, b.insts.len() as u32);
        if b.term.uses().into_iter().any(|r| !reg_ok(r)) {
            return Err(err(loc, "undeclared register".into()));
        }
        let mut targets = b.term.successors();
        if let Term::Call { ret, .. } = b.term {
            targets.push(ret);
        }
        if targets.into_iter().any(|t| !block_ok(t)) {
            return Err(err(loc, "branch to a missing block".into()));
        }
    }
    Ok(())
}
