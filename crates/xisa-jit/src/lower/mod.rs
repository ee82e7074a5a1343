//! Lowering of one kernel to one Cranelift function
//! `fn(ctxs: *mut LaneCtx, stops: *mut u32, n: u32) -> u32` that runs a region
//! for a group of lanes (`LaneProgram::run_lanes`): a loop over the `n`
//! contexts runs each lane whose `stops` entry asks for a run (`RUN_LANE`,
//! `RUN_AFTER_SYNC_BASE + k`) and writes its stop code there; a fault or
//! cancellation returns that lane's index, the end of the loop `n`.
//!
//! Layout of the generated function:
//! - the lane loop's header picks the next lane to run and its context;
//! - the lane's first block defines the guest registers the kernel touches as SSA
//!   variables from `ctx.regs` (plain loads: stop sites write the slots back
//!   within the function) and dispatches on the resume point (the one the
//!   request names, else `ctx.resume`) with a
//!   `br_table`: entry, right after sync point `k`, or (after a yield) the target
//!   of a backward transfer;
//! - every IR block becomes one Cranelift block per *segment*: a new segment starts
//!   after each sync instruction, so every resume point is a block start;
//! - stops that continue later or whose registers are read (exit, sync, yield)
//!   store the registers this run may have written ([`dirty`]) and jump to a
//!   shared exit that stores the instruction counter and the stop code and
//!   goes on with the next lane; faults and cancellation jump to an abort exit
//!   that stores only the counter and the code and returns (the launch stops:
//!   the lane's registers are never observed).
//!
//! The op families live in submodules: [`values`] (operands, registers, type
//! coercion), [`int`], [`float`], [`mem`] (addresses, loads, stores, surfaces,
//! faults), [`atomic`] (atomics and fences, by scope) and [`control`]
//! (terminators, call/ret, cancellation and yields, sync stops).

mod atomic;
mod control;
mod dirty;
mod float;
mod int;
mod live;
mod mem;
mod validate;
mod values;
mod wave;

/// Whether wave mode can run `k` (`JitOptions::wave`; otherwise the launch
/// runs in lane mode).
pub(crate) fn wave_eligible(k: &Kernel) -> bool {
    wave::eligible(k).is_some()
}

use std::collections::HashMap;
use xisa_ir::op;

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{self, types as clt, BlockArg, InstBuilder, MemFlagsData, Value};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext, Variable};
use cranelift_jit::JITModule;
use cranelift_module::{FuncId, Module};
use xisa_ir::{BlockId, Inst, Kernel, Op, Reg, SReg, Term, Type};
use xisa_runtime::ctx::{self, LaneCtx};

use crate::helpers::Helper;
use crate::{JitError, JitOptions};

/// Host features that decide between native lowering and a helper call.
#[derive(Debug, Clone, Copy)]
pub(crate) struct HostCaps {
    /// Fused multiply-add instruction (else Cranelift would emit a libcall).
    pub fma: bool,
    /// Floor/ceil/trunc/nearest instructions (x86: SSE4.1).
    pub round: bool,
    /// Total store order (x86): plain stores are release stores and
    /// acquire/release fences need no instruction (see `docs/scopes.md`).
    /// Elsewhere release stores are `atomic_store`s and such fences `fence`s.
    pub tso: bool,
}

/// A straight-line piece of an IR block: instructions `start..=end`, where `end`
/// is a sync instruction or the terminator (`insts.len()`).
#[derive(Debug, Clone, Copy)]
struct Segment {
    block: ir::Block,
    start: u32,
    end: u32,
}

/// Where lowering currently is (for fault locations and instruction counts).
#[derive(Debug, Clone, Copy, Default)]
struct Pos {
    block: u32,
    inst: u32,
    seg_end: u32,
}

/// Lowers `kernel` into `func` (signature already set).
pub(crate) fn lower_kernel(
    kernel: &Kernel,
    opts: &JitOptions,
    caps: HostCaps,
    module: &mut JITModule,
    helper_ids: &[FuncId],
    func: &mut ir::Function,
) -> Result<(), JitError> {
    validate::validate(kernel)?;
    let target = module.target_config();
    let mut fctx = FunctionBuilderContext::new();
    let b = FunctionBuilder::new(func, &mut fctx);
    // Wave mode for launches whose instructions are not counted (see `wave`).
    let counting = opts.count_stats || uses_clock(kernel);
    let plan = (opts.wave && !opts.final_registers && !counting)
        .then(|| wave::eligible(kernel))
        .flatten();
    let wave_mode = plan.is_some();
    let mut l = Lowerer::new(kernel, opts, caps, module, helper_ids, b, wave_mode);
    match plan {
        Some(u) => {
            l.wave_prelude(u);
            l.lower_all_wave()?;
        }
        None => l.lower_all()?,
    }
    l.b.seal_all_blocks();
    l.b.finalize(target);
    Ok(())
}

pub(crate) struct Lowerer<'a, 'f> {
    k: &'a Kernel,
    opts: &'a JitOptions,
    caps: HostCaps,
    module: &'a mut JITModule,
    helper_ids: &'a [FuncId],
    helper_refs: HashMap<Helper, ir::FuncRef>,
    b: FunctionBuilder<'f>,
    /// The group's first context (the `ctxs` argument) and the running lane's
    /// (`ctxs + lane * size_of::<LaneCtx>()`).
    ctxs: Value,
    ctx: Value,
    /// The `stops` argument and the number of lanes of the call.
    stops: Value,
    n_lanes: Value,
    /// Wave mode's state (`None`: lane mode).
    wave: Option<wave::WaveState>,
    /// The running lane's index in the group, the address of its `stops`
    /// entry and the run request read there (`RUN_LANE` or
    /// `RUN_AFTER_SYNC_BASE + k`).
    lane: Value,
    stop_slot: Value,
    want: Value,
    /// The lane loop's header (parameter: the next lane's index).
    next_lane: ir::Block,
    vars: Vec<Variable>,
    /// The lane's executed-instruction counter while it runs (`ctx.insts`).
    insts_var: Option<Variable>,
    exit: ir::Block,
    /// Exit for faults and cancellation: the lane never continues and the
    /// launch stops, so registers are not written back (see `emit_abort`).
    abort: ir::Block,
    segs: Vec<Vec<Segment>>,
    /// Flat index (`Kernel::flat_index`) of each block's first instruction.
    flat_base: Vec<u32>,
    /// Sync point number of each sync instruction.
    sync_ids: HashMap<(u32, u32), u32>,
    pos: Pos,
    /// Guard of the pure instruction being lowered: register writes become
    /// `select(guard, new, old)`.
    guard: Option<Value>,
    /// Backward branches taken in this `run` call (for `STOP_YIELD`).
    backedges: Variable,
    /// Per block: heads a streaming loop (`Kernel::streaming_loop_heads`).
    streaming: Vec<bool>,
    /// Edge blocks of backward transfers still to be filled: (block, target).
    pending_edges: Vec<(ir::Block, BlockId)>,
    /// A stack slot for helper results (surface addresses), made on first use.
    scratch: Option<ir::StackSlot>,
    /// Registers possibly written since the run started, on entry to each
    /// segment (see `dirty`), and at the point being lowered.
    dirty_in: Vec<Vec<dirty::RegSet>>,
    cur_dirty: dirty::RegSet,
    /// Live registers where runs start and stop.
    live: live::Liveness,
}

impl<'a, 'f> Lowerer<'a, 'f> {
    fn new(
        k: &'a Kernel,
        opts: &'a JitOptions,
        caps: HostCaps,
        module: &'a mut JITModule,
        helper_ids: &'a [FuncId],
        mut b: FunctionBuilder<'f>,
        wave_mode: bool,
    ) -> Self {
        let entry = b.create_block();
        b.append_block_params_for_function_params(entry);
        b.switch_to_block(entry);
        let (ctxs, stops, n) = match *b.block_params(entry) {
            [c, s, n] => (c, s, n),
            _ => unreachable!("the signature has three parameters"),
        };
        // Wave mode builds its own frame (`wave_prelude`); these stand in
        // until it sets them.
        let (ctx, lane, stop_slot, want, next_lane) = if wave_mode {
            (ctxs, n, stops, n, entry)
        } else {
            Self::lane_prelude(&mut b, ctxs, stops, n)
        };
        let vars = k
            .regs
            .iter()
            .map(|r| b.declare_var(values::cl_type(r.ty)))
            .collect();
        let counting = opts.count_stats || uses_clock(k);
        let insts_var = counting.then(|| b.declare_var(clt::I64));
        let backedges = b.declare_var(clt::I32);
        let exit = b.create_block();
        b.append_block_param(exit, clt::I32);
        let abort = b.create_block();
        b.append_block_param(abort, clt::I32);
        b.set_cold_block(abort);
        let mut flat_base = Vec::with_capacity(k.blocks.len());
        let mut flat = 0u32;
        for blk in &k.blocks {
            flat_base.push(flat);
            flat += blk.insts.len() as u32 + 1;
        }
        let ranges = dirty::segments(k);
        let dirty_in = dirty::dirty_on_entry(k, &ranges);
        let live = live::analyze(k, opts.final_registers);
        let segs = ranges
            .iter()
            .map(|v| {
                v.iter()
                    .map(|&(start, end)| Segment {
                        block: b.create_block(),
                        start,
                        end,
                    })
                    .collect()
            })
            .collect();
        let sync_ids = k
            .sync_points()
            .into_iter()
            .enumerate()
            .map(|(i, (bl, ix))| ((bl.0, ix), i as u32))
            .collect();
        Lowerer {
            k,
            opts,
            caps,
            module,
            helper_ids,
            helper_refs: HashMap::new(),
            b,
            ctxs,
            ctx,
            stops,
            n_lanes: n,
            wave: None,
            lane,
            stop_slot,
            want,
            next_lane,
            vars,
            insts_var,
            exit,
            abort,
            segs,
            flat_base,
            sync_ids,
            pos: Pos::default(),
            guard: None,
            backedges,
            streaming: k.streaming_loop_heads(),
            pending_edges: Vec::new(),
            scratch: None,
            dirty_in,
            cur_dirty: dirty::RegSet::new(k.regs.len()),
            live,
        }
    }

    /// Lane mode's frame: the lane loop's header, which picks the next lane
    /// asking for a run and its context.
    fn lane_prelude(
        b: &mut FunctionBuilder<'f>,
        ctxs: Value,
        stops: Value,
        n: Value,
    ) -> (Value, Value, Value, Value, ir::Block) {
        let next_lane = b.create_block();
        b.append_block_param(next_lane, clt::I32);
        let zero = b.ins().iconst(clt::I32, 0);
        b.ins().jump(next_lane, &[BlockArg::Value(zero)]);
        // Header: every lane done, or the next one to run?
        b.switch_to_block(next_lane);
        let lane = b.block_params(next_lane)[0];
        let done = b.create_block();
        let pick = b.create_block();
        let all = b.ins().icmp(IntCC::UnsignedGreaterThanOrEqual, lane, n);
        b.ins().brif(all, done, &[], pick, &[]);
        b.switch_to_block(done);
        b.ins().return_(&[n]);
        b.switch_to_block(pick);
        let wide = b.ins().uextend(clt::I64, lane);
        let four = b.ins().iconst(clt::I64, 4);
        let off = b.ins().imul(wide, four);
        let stop_slot = b.ins().iadd(stops, off);
        let want = b
            .ins()
            .load(clt::I32, MemFlagsData::trusted(), stop_slot, 0);
        let run = b.ins().icmp_imm_u(
            IntCC::UnsignedGreaterThanOrEqual,
            want,
            i64::from(ctx::RUN_AFTER_SYNC_BASE),
        );
        let start = b.create_block();
        let skip = b.create_block();
        b.ins().brif(run, start, &[], skip, &[]);
        b.switch_to_block(skip);
        let one = b.ins().iconst(clt::I32, 1);
        let after = b.ins().iadd(lane, one);
        b.ins().jump(next_lane, &[BlockArg::Value(after)]);
        b.switch_to_block(start);
        let size = b
            .ins()
            .iconst(clt::I64, std::mem::size_of::<LaneCtx>() as i64);
        let off = b.ins().imul(wide, size);
        let ctx = b.ins().iadd(ctxs, off);
        (ctx, lane, stop_slot, want, next_lane)
    }

    fn lower_all(&mut self) -> Result<(), JitError> {
        self.emit_entry();
        for bi in 0..self.k.blocks.len() {
            for si in 0..self.segs[bi].len() {
                self.lower_segment(bi, si)?;
            }
        }
        self.emit_exit();
        self.emit_abort();
        Ok(())
    }

    // ------------------------------------------------------------ skeleton

    /// Dispatches on `ctx.resume`; each resume point has a landing block
    /// that loads the registers live there.
    fn emit_entry(&mut self) {
        // Every variable has a definition at the function entry (the landing
        // blocks redefine the live ones): a dead register's value is never
        // read, and it is not stored back unless this run writes it first.
        let regs = self.lane_regs();
        for i in 0..self.vars.len() {
            let ty = values::cl_type(self.k.regs[i].ty);
            let loaded = self
                .live
                .entry_loads
                .as_ref()
                .is_some_and(|l| l.contains(i));
            let v = if loaded {
                // (plain loads: see `landing`)
                self.b.ins().load(ty, slot_flags(), regs, slot_offset(i))
            } else {
                self.zero_of(ty)
            };
            self.b.def_var(self.vars[i], v);
        }
        if let Some(var) = self.insts_var {
            let v = self.b.ins().load(
                clt::I64,
                MemFlagsData::trusted(),
                self.ctx,
                LaneCtx::OFFSETS.insts,
            );
            self.b.def_var(var, v);
        }
        let zero = self.iconst(clt::I32, 0);
        self.b.def_var(self.backedges, zero);
        let resume = self.resume_of(self.want, self.ctx);
        let bad = self.b.create_block();
        self.b.set_cold_block(bad);
        let by_sync = self.b.create_block();
        let by_block = self.b.create_block();
        let base = self.iconst(clt::I32, ctx::RESUME_BLOCK_BASE as u64);
        let is_block = self
            .b
            .ins()
            .icmp(IntCC::UnsignedGreaterThanOrEqual, resume, base);
        self.b.ins().brif(is_block, by_block, &[], by_sync, &[]);
        // RESUME_ENTRY or RESUME_AFTER_SYNC_BASE + k.
        self.b.switch_to_block(by_sync);
        let mut targets = vec![(self.segs[0][0].block, self.live.block_in[0].clone())];
        for &(bl, ix) in &self.k.sync_points() {
            let live = self.live.sync[&(bl.0, ix)].1.clone();
            targets.push((self.resume_block(bl, ix), live));
        }
        let pads: Vec<ir::Block> = targets
            .into_iter()
            .map(|(t, live)| self.landing(t, &live))
            .collect();
        self.b.switch_to_block(by_sync);
        self.br_table(resume, &pads, bad);
        // RESUME_BLOCK_BASE + b, after a yield: only the targets of backward
        // transfers (where yields happen) are entries, so that the other blocks
        // keep their entries and loops stay natural loops.
        let targets = yield_targets(self.k);
        let n = targets.iter().rposition(|&t| t).map_or(0, |i| i + 1);
        let starts: Vec<_> = (0..n)
            .map(|i| {
                if targets[i] {
                    let live = self.live.block_in[i].clone();
                    self.landing(self.segs[i][0].block, &live)
                } else {
                    bad
                }
            })
            .collect();
        self.b.switch_to_block(by_block);
        let b_idx = self.b.ins().isub(resume, base);
        self.br_table(b_idx, &starts, bad);
        // An unknown resume code: report a trap at the kernel entry rather than
        // run from an arbitrary point.
        self.b.switch_to_block(bad);
        self.pos = Pos::default();
        let zero = self.iconst(clt::I64, 0);
        self.emit_fault(ctx::fault_kind::TRAP, zero, 0, 0);
    }

    /// The resume point run request `s` names for the lane of context `c`:
    /// `ctx.resume`, or right after the sync point the request names.
    /// A branch, not a select: a barrier's release names the resume point,
    /// and then the lane's context is not read at all.
    fn resume_of(&mut self, s: Value, c: Value) -> Value {
        let after_sync = self.b.ins().iadd_imm_u(
            s,
            i64::from(ctx::RESUME_AFTER_SYNC_BASE.wrapping_sub(ctx::RUN_AFTER_SYNC_BASE)),
        );
        let from_ctx = self
            .b
            .ins()
            .icmp_imm_u(IntCC::Equal, s, i64::from(ctx::RUN_LANE));
        let read = self.b.create_block();
        let join = self.b.create_block();
        let resume = self.b.append_block_param(join, clt::I32);
        self.b
            .ins()
            .brif(from_ctx, read, &[], join, &[BlockArg::Value(after_sync)]);
        self.b.switch_to_block(read);
        let at_ctx = self.b.ins().load(
            clt::I32,
            MemFlagsData::trusted(),
            c,
            LaneCtx::OFFSETS.resume,
        );
        self.b.ins().jump(join, &[BlockArg::Value(at_ctx)]);
        self.b.switch_to_block(join);
        resume
    }

    /// A block that loads the registers `live` from their slots and jumps to
    /// `target` (a resume point). Plain loads, at the run's start: stop sites
    /// (sync, yield, exit) store dirty registers back to these slots inside
    /// the function, so a `readonly`/`can_move` load the optimizer may sink
    /// to the register's first use could read a slot already overwritten
    /// (tests/kernels/slot_reload.xir).
    fn landing(&mut self, target: ir::Block, live: &dirty::RegSet) -> ir::Block {
        if self.live.entry_loads.is_some() {
            // Loaded at the start of every run.
            return target;
        }
        let pad = self.b.create_block();
        self.b.switch_to_block(pad);
        let regs = self.lane_regs();
        for i in live.iter() {
            let ty = values::cl_type(self.k.regs[i].ty);
            let v = self.b.ins().load(ty, slot_flags(), regs, slot_offset(i));
            self.b.def_var(self.vars[i], v);
        }
        self.b.ins().jump(target, &[]);
        pad
    }

    /// The shared end of a lane's run: store the instruction counter and the
    /// stop code, go on with the next lane. The registers were stored by the
    /// stop site (`store_dirty`).
    fn emit_exit(&mut self) {
        self.b.switch_to_block(self.exit);
        let code = self.b.block_params(self.exit)[0];
        self.end_run(code);
        let one = self.iconst(clt::I32, 1);
        let after = self.b.ins().iadd(self.lane, one);
        self.b.ins().jump(self.next_lane, &[BlockArg::Value(after)]);
    }

    /// Stores the lane's instruction counter and its stop code.
    fn end_run(&mut self, code: Value) {
        if let Some(var) = self.insts_var {
            let v = self.b.use_var(var);
            self.b
                .ins()
                .store(MemFlagsData::trusted(), v, self.ctx, LaneCtx::OFFSETS.insts);
        }
        self.b
            .ins()
            .store(MemFlagsData::trusted(), code, self.stop_slot, 0);
    }

    /// Stores the registers this run may have written (zero-extended to their
    /// 64-bit slots), at a stop where the lane continues later or its
    /// registers are read (exit, sync, yield).
    /// Only those `live` after the stop: no later run reads the others.
    fn store_dirty(&mut self, live: &dirty::RegSet) {
        let dirty: Vec<usize> = self
            .cur_dirty
            .iter()
            .filter(|&r| live.contains(r))
            .collect();
        self.store_regs(&dirty);
    }

    /// Stores registers `regs` to their slots.
    fn store_regs(&mut self, regs_to_store: &[usize]) {
        if regs_to_store.is_empty() {
            return;
        }
        let regs = self.lane_regs();
        for &i in regs_to_store {
            let ty = self.k.regs[i].ty;
            let v = self.b.use_var(self.vars[i]);
            let bits = self.u64_of(v, ty);
            self.b.ins().store(slot_flags(), bits, regs, slot_offset(i));
        }
    }

    /// The exit of faults and cancellation: stores the instruction counter and
    /// the stop code only, and returns the lane's index (later lanes do not run).
    ///
    /// A faulted or cancelled lane never runs again and the launch reports an
    /// error, so nothing can observe its registers: none is live, and storing
    /// them would make every fault site an edge carrying every register (code
    /// size and compile time quadratic in kernel size).
    fn emit_abort(&mut self) {
        self.b.switch_to_block(self.abort);
        let code = self.b.block_params(self.abort)[0];
        self.end_run(code);
        self.b.ins().return_(&[self.lane]);
    }

    /// The block where execution resumes after the sync instruction `(bl, ix)`.
    fn resume_block(&self, bl: BlockId, ix: u32) -> ir::Block {
        let segs = &self.segs[bl.0 as usize];
        segs.iter()
            .find(|s| s.start == ix + 1)
            .map(|s| s.block)
            .unwrap_or(segs[segs.len() - 1].block)
    }

    /// The first block of IR block `bl`.
    fn block_start(&self, bl: BlockId) -> ir::Block {
        self.segs[bl.0 as usize][0].block
    }

    fn lower_segment(&mut self, bi: usize, si: usize) -> Result<(), JitError> {
        let seg = self.segs[bi][si];
        self.b.switch_to_block(seg.block);
        self.pos = Pos {
            block: bi as u32,
            inst: seg.start,
            seg_end: seg.end,
        };
        // Instructions are counted per segment on entry: every instruction of a
        // segment is reached once its first one is (faults correct for the rest).
        self.add_insts(i64::from(seg.end - seg.start + 1));
        let k = self.k;
        let blk = &k.blocks[bi];
        self.cur_dirty = self.dirty_in[bi][si].clone();
        // What is live after the segment's stop: a sync op's, or `exit`'s
        // (`early_stores` plans only for those stops).
        let stop_live = match blk.insts.get(seg.end as usize) {
            Some(_) => self.live.sync.get(&(bi as u32, seg.end)).map(|l| &l.0),
            None => matches!(blk.term, Term::Exit).then_some(&self.live.at_exit),
        };
        let plan = stop_live
            .and_then(|live| dirty::early_stores(k, bi, seg.start, seg.end, &self.cur_dirty, live));
        let always_stops = plan.is_some();
        let last_def = match plan {
            Some(p) => {
                self.store_regs(&p.at_start);
                self.cur_dirty = dirty::RegSet::new(k.regs.len());
                p.after
            }
            None => HashMap::new(),
        };
        for idx in seg.start..=seg.end {
            self.pos.inst = idx;
            match blk.insts.get(idx as usize) {
                Some(inst) if inst.op.is_sync() => {
                    let next = self.segs[bi][si + 1].block;
                    self.lower_sync_stop(inst, bi as u32, idx, next);
                }
                Some(inst) => {
                    self.lower_inst(inst)?;
                    match last_def.get(&idx) {
                        Some(regs) => self.store_regs(regs),
                        None if !always_stops => dirty::add_defs(&mut self.cur_dirty, &inst.op),
                        None => {}
                    }
                }
                None => self.lower_term(bi)?,
            }
        }
        Ok(())
    }

    /// One non-sync instruction, with its guard.
    fn lower_inst(&mut self, inst: &Inst) -> Result<(), JitError> {
        let cond = inst.guard.map(|g| self.guard_value(g));
        match cond {
            Some(c) if has_side_effects(&inst.op) => {
                // Memory ops may fault or touch memory: branch around them.
                let exec = self.b.create_block();
                let next = self.b.create_block();
                self.b.ins().brif(c, exec, &[], next, &[]);
                self.b.switch_to_block(exec);
                self.lower_op(&inst.op)?;
                self.b.ins().jump(next, &[]);
                self.b.switch_to_block(next);
            }
            _ => {
                // Pure ops: compute, then select the old value where the guard
                // is off (no control flow).
                self.guard = cond;
                let r = self.lower_op(&inst.op);
                self.guard = None;
                r?;
            }
        }
        Ok(())
    }

    fn lower_op(&mut self, op: &Op) -> Result<(), JitError> {
        match *op {
            Op::Mov { ty, dst, src } => {
                let v = self.read(src, ty);
                self.write(dst, v, ty);
            }
            Op::Bin(ref o) => self.lower_bin(o),
            Op::Un(ref o) => self.lower_un(o),
            Op::Mad(ref o) => self.lower_mad(o),
            Op::MulWide(ref o) => self.lower_mul_wide(o),
            Op::Funnel(ref o) => self.lower_funnel(o),
            Op::Lop3(ref o) => self.lower_lop3(o),
            Op::Prmt(ref o) => self.lower_prmt(o),
            Op::Bfe(ref o) => self.lower_bfe(o),
            Op::Bfi(ref o) => self.lower_bfi(o),
            Op::FBin(ref o) => self.lower_fbin(o),
            Op::FUn(ref o) => self.lower_fun(o),
            Op::Fma(ref o) => self.lower_fma(o),
            Op::ICmp(ref o) => self.lower_icmp(o),
            Op::FCmp(ref o) => self.lower_fcmp(o),
            Op::Select(op::Select {
                ty,
                dst,
                cond,
                a,
                b,
            }) => {
                let c = self.read(cond, Type::I1);
                let x = self.read(a, ty);
                let y = self.read(b, ty);
                let v = self.b.ins().select(c, x, y);
                self.write(dst, v, ty);
            }
            Op::Cvt(ref o) => self.lower_cvt(o),
            Op::Special { dst, sreg } => self.lower_special(dst, sreg),
            Op::Load(ref o) => self.lower_load(o)?,
            Op::Store(ref o) => self.lower_store(o)?,
            Op::Atomic(ref o) => self.lower_atomic(o)?,
            Op::Fence { scope, order } => self.lower_fence(scope, order),
            Op::HostCall {
                func,
                dst,
                ref args,
            } => self.lower_hostcall(func, dst, args),
            // Sync ops end their segment and are lowered as stops.
            _ => return Err(self.unsupported("sync op outside a segment end")),
        }
        Ok(())
    }

    fn lower_special(&mut self, dst: Reg, sreg: SReg) {
        let o = LaneCtx::OFFSETS;
        let field = |base: i32, i: i32| base + 4 * i;
        let off = match sreg {
            SReg::TidX => field(o.tid, 0),
            SReg::TidY => field(o.tid, 1),
            SReg::TidZ => field(o.tid, 2),
            SReg::NTidX => field(o.ntid, 0),
            SReg::NTidY => field(o.ntid, 1),
            SReg::NTidZ => field(o.ntid, 2),
            SReg::CtaIdX => field(o.ctaid, 0),
            SReg::CtaIdY => field(o.ctaid, 1),
            SReg::CtaIdZ => field(o.ctaid, 2),
            SReg::NCtaIdX => field(o.nctaid, 0),
            SReg::NCtaIdY => field(o.nctaid, 1),
            SReg::NCtaIdZ => field(o.nctaid, 2),
            SReg::LaneId => o.lane_id,
            SReg::WaveId => o.wave_id,
            SReg::WaveSize => o.wave_size,
            SReg::DynSharedBase => o.dyn_shared_base,
            SReg::DynSharedSize => o.dyn_shared_size,
            SReg::GridId => o.grid_id,
            // The low half of the u64 field (x86-64 is little-endian); local
            // sizes are far below 2^32.
            SReg::LocalSize => o.local_size,
            SReg::Clock => {
                let v = self.clock();
                self.write(dst, v, Type::I64);
                return;
            }
        };
        let v = self.ctx_const(clt::I32, off);
        self.write(dst, v, Type::I32);
    }

    /// `%clock`: instructions executed by this lane so far, this one included.
    fn clock(&mut self) -> Value {
        match self.insts_var {
            Some(var) => {
                let v = self.b.use_var(var);
                // The counter already includes the rest of the segment.
                let ahead = i64::from(self.pos.seg_end - self.pos.inst);
                let ahead = self.iconst(clt::I64, (-ahead) as u64);
                self.b.ins().iadd(v, ahead)
            }
            None => self.b.ins().load(
                clt::I64,
                MemFlagsData::trusted(),
                self.ctx,
                LaneCtx::OFFSETS.insts,
            ),
        }
    }

    // ------------------------------------------------------------ utilities

    /// Adds `n` to the instruction counter (when counting).
    fn add_insts(&mut self, n: i64) {
        if let Some(var) = self.insts_var {
            if n != 0 {
                let v = self.b.use_var(var);
                let c = self.iconst(clt::I64, n as u64);
                let v = self.b.ins().iadd(v, c);
                self.b.def_var(var, v);
            }
        }
    }

    /// A ctx field that does not change while the lane runs (pointers, sizes,
    /// ids): a `readonly`, `can_move` load the optimizer may share and hoist.
    /// A workgroup's field is read from the first context of the group: the
    /// same address for every lane, so the load leaves the lane loop and the
    /// lanes' contexts stay out of the cache until their own fields are read.
    fn ctx_const(&mut self, ty: ir::Type, off: i32) -> Value {
        let flags = MemFlagsData::trusted().with_readonly().with_can_move();
        let base = if LaneCtx::OFFSETS.is_group_field(off) {
            self.ctxs
        } else {
            self.ctx
        };
        self.b.ins().load(ty, flags, base, off)
    }

    /// The running lane's register file column: the group's first
    /// context's plus the lane's index (the `run_lanes` contract), so a
    /// region that touches no other field of the lane's context leaves it
    /// out of the cache. Wave mode reads `ctx.regs`.
    fn lane_regs(&mut self) -> Value {
        if self.wave.is_some() {
            return self.ctx_ptr(LaneCtx::OFFSETS.regs);
        }
        let flags = MemFlagsData::trusted().with_readonly().with_can_move();
        let first = self
            .b
            .ins()
            .load(clt::I64, flags, self.ctxs, LaneCtx::OFFSETS.regs);
        let lane = self.b.ins().uextend(clt::I64, self.lane);
        let off = self.b.ins().ishl_imm_u(lane, 3);
        self.b.ins().iadd(first, off)
    }

    /// A pointer-sized constant ctx field.
    fn ctx_ptr(&mut self, off: i32) -> Value {
        self.ctx_const(clt::I64, off)
    }

    fn iconst(&mut self, ty: ir::Type, v: u64) -> Value {
        // Cranelift wants narrow constants zero-extended.
        let masked = match ty.bits() {
            64 => v,
            b => v & ((1u64 << b) - 1),
        };
        self.b.ins().iconst(ty, masked as i64)
    }

    fn zero_of(&mut self, ty: ir::Type) -> Value {
        if ty == clt::F32 {
            self.b.ins().f32const(0.0)
        } else if ty == clt::F64 {
            self.b.ins().f64const(0.0)
        } else {
            self.iconst(ty, 0)
        }
    }

    /// The function reference of a helper, imported on first use.
    fn helper(&mut self, h: Helper) -> ir::FuncRef {
        if let Some(&f) = self.helper_refs.get(&h) {
            return f;
        }
        let f = self
            .module
            .declare_func_in_func(self.helper_ids[h.index()], self.b.func);
        self.helper_refs.insert(h, f);
        f
    }

    /// Calls a helper with `args` (each `i64`), returns its `i64` result.
    fn call_helper(&mut self, h: Helper, code: u32, args: &[Value]) -> Value {
        let f = self.helper(h);
        let mut v = Vec::with_capacity(args.len() + 1);
        v.push(self.iconst(clt::I32, code as u64));
        v.extend_from_slice(args);
        let call = self.b.ins().call(f, &v);
        self.b.inst_results(call)[0]
    }

    /// Calls a helper with `args` (each `i64`) and writes its result, of IR
    /// type `ty`, to `dst`.
    fn call_helper_into(&mut self, h: Helper, code: u32, args: &[Value], dst: Reg, ty: Type) {
        let r = self.call_helper(h, code, args);
        let r = self.of_u64(r, ty);
        self.write(dst, r, ty);
    }

    /// A "can't lower" error at the current position.
    fn unsupported(&self, what: impl Into<String>) -> JitError {
        JitError::Unsupported {
            kernel: self.k.name.clone(),
            loc: self.k.describe_loc(BlockId(self.pos.block), self.pos.inst),
            what: what.into(),
        }
    }

    /// Flat index of the instruction being lowered.
    fn flat_index(&self) -> u32 {
        self.flat_base
            .get(self.pos.block as usize)
            .copied()
            .unwrap_or(0)
            + self.pos.inst
    }
}

/// Flags for register-slot accesses: in bounds and 8-byte aligned by contract.
fn slot_flags() -> MemFlagsData {
    MemFlagsData::trusted()
}

fn slot_offset(i: usize) -> i32 {
    (i * 8 * ctx::REG_STRIDE) as i32
}

/// True for ops that must not run when their guard is off (memory, fences).
fn has_side_effects(op: &Op) -> bool {
    matches!(
        op,
        Op::Load(_) | Op::Store(_) | Op::Atomic(_) | Op::Fence { .. } | Op::HostCall { .. }
    )
}

/// Blocks a yield may resume at: targets of backward transfers (branches,
/// calls, and returns from a `ret` at or after the return block). Other blocks
/// get no extra entry, so loops without calls stay natural loops for LICM.
fn yield_targets(k: &Kernel) -> Vec<bool> {
    let mut t = vec![false; k.blocks.len()];
    let last_ret = k.blocks.iter().rposition(|b| matches!(b.term, Term::Ret));
    for (bi, b) in k.blocks.iter().enumerate() {
        for s in b.term.successors() {
            if (s.0 as usize) <= bi {
                t[s.0 as usize] = true;
            }
        }
    }
    if let Some(last) = last_ret {
        for r in k.return_blocks() {
            if (r.0 as usize) <= last {
                t[r.0 as usize] = true;
            }
        }
    }
    t
}

fn uses_clock(k: &Kernel) -> bool {
    k.blocks.iter().any(|b| {
        b.insts.iter().any(|i| {
            matches!(
                i.op,
                Op::Special {
                    sreg: SReg::Clock,
                    ..
                }
            )
        })
    })
}
