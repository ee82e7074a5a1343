//! Terminators, the per-lane return stack, cancellation polls and sync stops.

use std::sync::atomic::AtomicBool;

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::Value;
use cranelift_codegen::ir::{
    self, types as clt, BlockArg, InstBuilder, JumpTableData, MemFlagsData,
};
use xisa_ir::{BlockId, Inst, Term, Type};
use xisa_runtime::ctx::{
    fault_kind, LaneCtx, CALL_STACK_DEPTH, RESUME_BLOCK_BASE, STOP_CANCELLED, STOP_EXIT,
    STOP_SYNC_BASE, STOP_YIELD, YIELD_BACKEDGES, YIELD_STREAMING,
};

use super::dirty::RegSet;
use super::Lowerer;
use crate::JitError;

/// Polled instead of `*ctx.cancel` when the runtime leaves it null.
static NEVER_CANCELLED: AtomicBool = AtomicBool::new(false);

impl Lowerer<'_, '_> {
    /// Stores the dirty registers `live` after the stop and returns stop code
    /// `code` (via the shared exit).
    pub(super) fn jump_exit(&mut self, code: u32, live: &RegSet) {
        self.store_dirty(live);
        let c = self.iconst(clt::I32, code as u64);
        self.b.ins().jump(self.exit, &[BlockArg::Value(c)]);
    }

    /// Jumps to the abort exit (fault, cancel) with stop code `code`.
    pub(super) fn jump_abort(&mut self, code: u32) {
        let c = self.iconst(clt::I32, code as u64);
        self.b.ins().jump(self.abort, &[BlockArg::Value(c)]);
    }

    /// `br_table` on an `i32` index (out of range → `default`).
    pub(super) fn br_table(&mut self, index: Value, targets: &[ir::Block], default: ir::Block) {
        let def = self.b.func.dfg.block_call(default, &[]);
        let calls: Vec<_> = targets
            .iter()
            .map(|&t| self.b.func.dfg.block_call(t, &[]))
            .collect();
        let jt = self.b.create_jump_table(JumpTableData::new(def, &calls));
        self.b.ins().br_table(index, jt);
    }

    /// A sync instruction: stop with `STOP_SYNC_BASE + k` (registers stored by
    /// the exit block); a false guard skips to the resume block `next`.
    pub(super) fn lower_sync_stop(&mut self, inst: &Inst, block: u32, idx: u32, next: ir::Block) {
        let k = self.sync_ids.get(&(block, idx)).copied().unwrap_or(0);
        let code = STOP_SYNC_BASE + k;
        // The scheduler reads the sync op's operands, the next run what is
        // live after it.
        let live = self.live.sync[&(block, idx)].0.clone();
        match inst.guard {
            Some(g) => {
                let c = self.guard_value(g);
                let stop = self.b.create_block();
                self.b.ins().brif(c, stop, &[], next, &[]);
                self.b.switch_to_block(stop);
                self.jump_exit(code, &live);
            }
            None => self.jump_exit(code, &live),
        }
    }

    /// Stops with `STOP_CANCELLED` if the watchdog set `*ctx.cancel`.
    pub(super) fn poll_cancel(&mut self) {
        let p = self.ctx_ptr(LaneCtx::OFFSETS.cancel);
        let zero = self.iconst(clt::I64, 0);
        let null = self.b.ins().icmp(IntCC::Equal, p, zero);
        let never = self.iconst(clt::I64, &NEVER_CANCELLED as *const AtomicBool as u64);
        let p = self.b.ins().select(null, never, p);
        // An atomic load: a plain one could be hoisted out of the guest's loop.
        let flag = self
            .b
            .ins()
            .atomic_load(clt::I8, MemFlagsData::trusted(), p);
        let code = self.iconst(clt::I32, STOP_CANCELLED as u64);
        let cont = self.b.create_block();
        self.b
            .ins()
            .brif(flag, self.abort, &[BlockArg::Value(code)], cont, &[]);
        self.b.switch_to_block(cont);
    }

    /// True for a branch from block `from` to `to` that may close a loop.
    fn backward(from: usize, to: BlockId) -> bool {
        to.0 as usize <= from
    }

    /// Where a transfer from IR block `from` to `to` goes: the target itself,
    /// or for a backward transfer (branch, call or ret to a block at or before
    /// `from`, as the interpreter counts them) a new edge block (filled by
    /// `emit_edges`) that polls cancellation and yields every
    /// `YIELD_BACKEDGES` backward transfers (`YIELD_STREAMING` into a
    /// streaming loop), so that lanes spinning on each
    /// other make progress whichever way their loop closes.
    fn edge(&mut self, from: usize, to: BlockId) -> ir::Block {
        if !Self::backward(from, to) {
            return self.block_start(to);
        }
        let e = self.b.create_block();
        self.pending_edges.push((e, to));
        e
    }

    /// Fills the edge blocks of the terminator just lowered.
    fn emit_edges(&mut self) {
        for (e, to) in std::mem::take(&mut self.pending_edges) {
            self.b.switch_to_block(e);
            self.poll_cancel();
            let n = self.b.use_var(self.backedges);
            let one = self.iconst(clt::I32, 1);
            let n = self.b.ins().iadd(n, one);
            self.b.def_var(self.backedges, n);
            let lim = if self.streaming[to.0 as usize] {
                YIELD_STREAMING
            } else {
                YIELD_BACKEDGES
            };
            let lim = self.iconst(clt::I32, lim as u64);
            let full = self.b.ins().icmp(IntCC::UnsignedGreaterThanOrEqual, n, lim);
            let yield_ = self.b.create_block();
            self.b.set_cold_block(yield_);
            let target = self.block_start(to);
            self.b.ins().brif(full, yield_, &[], target, &[]);
            // Give the scheduler a chance to run the lanes this one may be
            // waiting for; it resumes at the target block.
            self.b.switch_to_block(yield_);
            let r = self.iconst(clt::I32, (RESUME_BLOCK_BASE + to.0) as u64);
            self.b.ins().store(
                MemFlagsData::trusted(),
                r,
                self.ctx,
                LaneCtx::OFFSETS.resume,
            );
            let live = self.live.block_in[to.0 as usize].clone();
            self.jump_exit(STOP_YIELD, &live);
        }
    }

    pub(super) fn lower_term(&mut self, bi: usize) -> Result<(), JitError> {
        let k = self.k;
        match &k.blocks[bi].term {
            Term::Br(t) => {
                let target = self.edge(bi, *t);
                self.b.ins().jump(target, &[]);
            }
            Term::BrCond { cond, then_, else_ } => {
                let c = self.read((*cond).into(), Type::I1);
                let (t, e) = (self.edge(bi, *then_), self.edge(bi, *else_));
                self.b.ins().brif(c, t, &[], e, &[]);
            }
            Term::Switch {
                index,
                targets,
                default,
            } => self.lower_switch(bi, *index, targets, *default)?,
            Term::Call { target, ret } => self.lower_call(bi, *target, *ret),
            Term::Ret => self.lower_ret(bi),
            Term::Exit => {
                let live = self.live.at_exit.clone();
                self.jump_exit(STOP_EXIT, &live);
            }
            Term::Trap => {
                let zero = self.iconst(clt::I64, 0);
                self.emit_fault(fault_kind::TRAP, zero, 0, 0);
            }
        }
        self.emit_edges();
        Ok(())
    }

    fn lower_switch(
        &mut self,
        bi: usize,
        index: xisa_ir::Reg,
        targets: &[BlockId],
        default: BlockId,
    ) -> Result<(), JitError> {
        if targets.len() > u32::MAX as usize / 2 {
            return Err(self.unsupported("switch with too many targets"));
        }
        let ity = self.reg_ty(index).as_int();
        let idx = self.read(index.into(), ity);
        let idx = self.resize(idx, clt::I64);
        // br_table takes an i32: map indices >= len (all 64 bits) to len.
        let n = self.iconst(clt::I64, targets.len() as u64);
        let inr = self.b.ins().icmp(IntCC::UnsignedLessThan, idx, n);
        let idx = self.b.ins().select(inr, idx, n);
        let idx = self.b.ins().ireduce(clt::I32, idx);
        let blocks: Vec<_> = targets.iter().map(|&t| self.edge(bi, t)).collect();
        let def = self.edge(bi, default);
        self.br_table(idx, &blocks, def);
        Ok(())
    }

    /// Pushes the return block id on the lane's return stack, polls
    /// cancellation and jumps.
    fn lower_call(&mut self, bi: usize, target: BlockId, ret: BlockId) {
        let f = MemFlagsData::trusted();
        let depth = self
            .b
            .ins()
            .load(clt::I32, f, self.ctx, LaneCtx::OFFSETS.call_depth);
        let max = self.iconst(clt::I32, CALL_STACK_DEPTH as u64);
        let ok = self.b.ins().icmp(IntCC::UnsignedLessThan, depth, max);
        let zero = self.iconst(clt::I64, 0);
        self.check_term(ok, fault_kind::CALL_OVERFLOW, zero);
        let slot = self.stack_slot(depth);
        let id = self.iconst(clt::I32, ret.0 as u64);
        self.b.ins().store(f, id, slot, 0);
        let one = self.iconst(clt::I32, 1);
        let nd = self.b.ins().iadd(depth, one);
        self.b
            .ins()
            .store(f, nd, self.ctx, LaneCtx::OFFSETS.call_depth);
        self.poll_cancel();
        let t = self.edge(bi, target);
        self.b.ins().jump(t, &[]);
    }

    /// Pops a block id and dispatches over the kernel's return blocks.
    fn lower_ret(&mut self, bi: usize) {
        let f = MemFlagsData::trusted();
        let depth = self
            .b
            .ins()
            .load(clt::I32, f, self.ctx, LaneCtx::OFFSETS.call_depth);
        let zero32 = self.iconst(clt::I32, 0);
        let ok = self.b.ins().icmp(IntCC::NotEqual, depth, zero32);
        let zero = self.iconst(clt::I64, 0);
        self.check_term(ok, fault_kind::RET_EMPTY, zero);
        let one = self.iconst(clt::I32, 1);
        let nd = self.b.ins().isub(depth, one);
        self.b
            .ins()
            .store(f, nd, self.ctx, LaneCtx::OFFSETS.call_depth);
        let slot = self.stack_slot(nd);
        let id = self.b.ins().load(clt::I32, f, slot, 0);
        // A table indexed by block id: return blocks map to themselves, any other
        // id (a corrupt stack) faults as an invalid return.
        let rets = self.k.return_blocks();
        let bad = self.b.create_block();
        self.b.set_cold_block(bad);
        let size = rets.last().map(|b| b.0 as usize + 1).unwrap_or(0);
        let mut table = vec![bad; size];
        for r in &rets {
            table[r.0 as usize] = self.edge(bi, *r);
        }
        self.br_table(id, &table, bad);
        self.b.switch_to_block(bad);
        let idv = self.b.ins().uextend(clt::I64, id);
        self.emit_fault(fault_kind::RET_EMPTY, idv, 0, 0);
    }

    /// `&ctx.call_stack[depth]`.
    fn stack_slot(&mut self, depth: Value) -> Value {
        let base = self.ctx_ptr(LaneCtx::OFFSETS.call_stack);
        let d = self.b.ins().uextend(clt::I64, depth);
        let four = self.iconst(clt::I64, 4);
        let off = self.b.ins().imul(d, four);
        self.b.ins().iadd(base, off)
    }

    /// A terminator's check: fault (no space) where `ok` is false.
    fn check_term(&mut self, ok: Value, kind: u32, addr: Value) {
        let fault = self.b.create_block();
        let cont = self.b.create_block();
        self.b.set_cold_block(fault);
        self.b.ins().brif(ok, cont, &[], fault, &[]);
        self.b.switch_to_block(fault);
        self.emit_fault(kind, addr, 0, 0);
        self.b.switch_to_block(cont);
    }
}
