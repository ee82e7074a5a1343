//! The workgroup scheduler: runs the lanes of one workgroup on one host thread.
//!
//! Every runnable lane runs until it stops (exit, sync point, barrier, yield).
//! Then, per wave, the group of lanes waiting at the lowest-numbered warp-level
//! sync point executes that operation together and becomes runnable again. When
//! only barrier waits remain, every barrier whose thread count is reached
//! releases its lanes (see [`xisa_ir::Op::Bar`]); when none is, the workgroup
//! can never finish and faults. The order depends only on the program, never
//! on host timing.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use xisa_ir::op;

use xisa_ir::{BarOp, HostFn, Kernel, Op, Operand, Reg, VoteMode, BARRIER_IDS};

use crate::ctx::{self, Counters, FaultInfo, LaneCtx, LaneProgram, CALL_STACK_DEPTH, REG_STRIDE};
use crate::grid::GridBarrier;

/// Per register of `kernel`: no instruction writes it but a self-move
/// (`mov %r, %r`, what `xisa_ir::uniform::hoist` leaves), and no lane can
/// read it before writing it, so `reset` leaves it alone: a value the
/// runtime put into every lane stays there.
fn kept_registers(kernel: &Kernel) -> Vec<bool> {
    let mut kept: Vec<bool> = kernel
        .read_before_written()
        .iter()
        .map(|&read| !read)
        .collect();
    for inst in kernel.blocks.iter().flat_map(|b| &b.insts) {
        if !inst.is_self_move() {
            for d in inst.op.defs() {
                kept[d.0 as usize] = false;
            }
        }
    }
    kept
}

/// What a workgroup runner derives from its kernel alone: computed once per
/// kernel ([`RunnerPlan::of`]; the code cache keeps it with the compiled
/// program) instead of at every launch, where its dataflow pass was most of a
/// small relaunch.
#[derive(Debug, Clone)]
pub struct RunnerPlan {
    /// [`kept_registers`].
    kept: Vec<bool>,
    /// The registers a lane may read before writing them.
    cleared: Vec<usize>,
    /// The kernel calls device `malloc` or `free`.
    calls_heap: bool,
    /// The kernel answers hostcalls ([`crate::ockl`]).
    serial: bool,
    /// Return-stack entries per lane: [`CALL_STACK_DEPTH`] when the kernel
    /// calls, else 0 (nothing reads the stack).
    call_depth: usize,
    /// The kernel has a grid barrier ([`BarOp::Grid`]) or must have every
    /// workgroup running at once ([`Kernel::co_resident`]).
    grid_sync: bool,
}

impl RunnerPlan {
    /// The plan of `kernel`.
    pub fn of(kernel: &Kernel) -> RunnerPlan {
        RunnerPlan {
            kept: kept_registers(kernel),
            cleared: kernel
                .read_before_written()
                .iter()
                .enumerate()
                .filter_map(|(r, &read)| read.then_some(r))
                .collect(),
            calls_heap: calls(kernel, &[HostFn::Malloc, HostFn::Free]),
            serial: calls(kernel, &[HostFn::Ockl]),
            call_depth: if kernel
                .blocks
                .iter()
                .any(|b| matches!(b.term, xisa_ir::Term::Call { .. }))
            {
                CALL_STACK_DEPTH
            } else {
                0
            },
            grid_sync: kernel.co_resident
                || any_op(kernel, |op| {
                    matches!(
                        op,
                        Op::Bar(op::Bar {
                            op: BarOp::Grid,
                            ..
                        })
                    )
                }),
        }
    }

    /// Whether the kernel has a grid barrier or is marked
    /// [`Kernel::co_resident`]: every workgroup of its launch must run at
    /// once, each on a host thread of its own, with a [`GridBarrier`]
    /// ([`WorkgroupRunner::set_grid_barrier`]).
    pub fn grid_sync(&self) -> bool {
        self.grid_sync
    }

    /// Whether the kernel's workgroups must run on one host thread: it
    /// answers hostcalls, whose packets are complete only when no other
    /// thread's wave is half-way through filling one ([`crate::ockl`]).
    pub fn serial(&self) -> bool {
        self.serial
    }

    /// Whether the kernel calls device `malloc` or `free`: its device must
    /// set its heap aside before the launch.
    pub fn calls_heap(&self) -> bool {
        self.calls_heap
    }
}

/// Whether `kernel` calls any of the host functions `funcs`.
fn calls(kernel: &Kernel, funcs: &[HostFn]) -> bool {
    any_op(
        kernel,
        |op| matches!(op, Op::HostCall { func, .. } if funcs.contains(func)),
    )
}

/// Whether any instruction of `kernel` satisfies `pred`.
fn any_op(kernel: &Kernel, pred: impl Fn(&Op) -> bool) -> bool {
    kernel
        .blocks
        .iter()
        .flat_map(|b| &b.insts)
        .any(|i| pred(&i.op))
}

/// Where a lane stands between `run` calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LaneState {
    /// Runnable from its resume point.
    Ready,
    /// Waiting at sync point `k`.
    AtSync(u32),
    /// Finished.
    Exited,
}

/// Why a workgroup stopped early.
#[derive(Debug, Clone)]
pub enum WgStop {
    /// A lane faulted: its flat index in the workgroup and the details.
    Fault { lane: u32, info: FaultInfo },
    /// The watchdog cancelled the launch.
    Cancelled,
}

/// Geometry and memory windows of a workgroup run.
#[derive(Debug, Clone)]
pub struct WgGeometry {
    pub block: [u32; 3],
    pub grid: [u32; 3],
    pub ctaid: [u32; 3],
    pub global_base: *mut u8,
    pub global_limit: u64,
    pub dyn_shared_base: u32,
    /// Dynamic shared memory bytes the launch asked for.
    pub dyn_shared_size: u32,
    /// The launch's number on its device.
    pub grid_id: u32,
    /// Where host services write the launch's output (null: discarded).
    pub host: *const crate::host::HostOutput,
}

/// A workgroup's memories as a [`crate::launch::MemoryHook`] sees them.
pub struct WgMemory<'m> {
    /// Shared memory (static, then dynamic).
    pub shared: &'m mut [u8],
    /// Every lane's private (local) memory, lane `l` at `l * local_stride`.
    pub local: &'m mut [u8],
    /// Bytes between two lanes' private memories (the kernel's local size
    /// rounded up to 8).
    pub local_stride: usize,
    /// The kernel's private bytes per lane.
    pub local_bytes: usize,
}

impl WgMemory<'_> {
    /// Lane `lane`'s private memory (empty past the last lane).
    pub fn lane_local(&mut self, lane: usize) -> &mut [u8] {
        let start = (lane * self.local_stride).min(self.local.len());
        let end = (start + self.local_bytes).min(self.local.len());
        &mut self.local[start..end]
    }
}

/// Added to a lane's code `STOP_SYNC_BASE + k` (waiting at sync point `k`),
/// the run request `RUN_AFTER_SYNC_BASE + k` that releases it.
const WAITING_TO_RUN: u32 = ctx::RUN_AFTER_SYNC_BASE.wrapping_sub(ctx::STOP_SYNC_BASE);

/// Runs in a row of one wave that keeps stopping at warp-level sync points
/// before the next wave runs ([`WorkgroupRunner::settle_waves`]).
const WAVE_RUNS: usize = 64;

/// The launch-wide inputs of [`WorkgroupRunner::bind_lanes`]: while they stay
/// the same, a new workgroup changes only its id in the contexts.
#[derive(Clone, Copy, PartialEq)]
struct Bound {
    block: [u32; 3],
    grid: [u32; 3],
    global: (*mut u8, u64),
    dyn_shared: (u32, u32),
    grid_id: u32,
    host: *const crate::host::HostOutput,
    params: (*const u8, usize),
    cancel: *const AtomicBool,
}

/// Reusable per-worker state for running workgroups of one kernel.
pub struct WorkgroupRunner<'k> {
    kernel: &'k Kernel,
    sync_ops: Vec<&'k Op>,
    /// Per sync point: a whole-workgroup barrier (`barrier`, `bar.sync 0, 0`:
    /// the common stop, released without the general barrier bookkeeping).
    plain_barrier: Vec<bool>,
    /// Per sync point: a warp-level op (not a barrier; a wave sync included),
    /// which a wave executes on its own.
    warp_level: Vec<bool>,
    /// Scratch: the lanes of the group executing a warp-level operation.
    group: Vec<usize>,
    /// Scratch: a shuffle's results (lane, value, source active).
    shuffled: Vec<(usize, u64, bool)>,
    /// Scratch: the uniform prologue's register file and destinations.
    uniform_regs: Vec<u64>,
    uniform_dsts: Vec<usize>,
    /// The prologue's results last written into the lanes (empty: none yet).
    uniform_last: Vec<u64>,
    /// Per register: a lane never changes it (no instruction writes it but
    /// a self-move) and `reset` does not clear it, so that a value every
    /// lane got for one workgroup is still there for the next.
    kept: Vec<bool>,
    /// The parameters are in every lane's registers (see `kept`).
    params_set: bool,
    /// The kernel's parameter slots (read by every reset).
    param_slots: Vec<xisa_ir::ParamSlot>,
    /// Per lane: `tid`, lane in the wave, wave, for the block shape `ids_block`
    /// (computed once, not by divisions at every region entry).
    ids: Vec<([u32; 3], u32, u32)>,
    ids_block: [u32; 3],
    reg_masks: Vec<u64>,
    /// The registers a workgroup must start with zeroed: those the kernel
    /// may read before writing them (`Kernel::read_before_written`); `None`:
    /// all (see [`Self::clear_every_register`]).
    cleared: Option<Vec<usize>>,
    nregs: usize,
    nlanes: usize,
    wave: usize,
    /// Registers by register (structure of arrays): register `r` of lane
    /// `lane` at [`slot`]`(r, lane)`; outside the runner through
    /// [`Self::lane_regs`] and [`Self::set_lane_regs`].
    regs: Vec<u64>,
    /// Per lane: [`ctx::RUN_LANE`] (ready), [`ctx::STOP_EXIT`] (exited) or
    /// `STOP_SYNC_BASE + k` (waiting at sync point `k`): the stop codes
    /// [`LaneProgram::run_lanes`] reads and writes, so that a region needs no
    /// conversion pass (see [`Self::lane_state`]).
    state: Vec<u32>,
    /// Every lane's context, kept between runs: a run sets only what the
    /// workgroup changes, and a region costs each lane one call, not a
    /// rebuilt context (its resume point and call depth live here).
    ctxs: Vec<LaneCtx>,
    call_stack: Vec<u32>,
    /// Return-stack entries per lane: [`CALL_STACK_DEPTH`] when the kernel
    /// calls, else 0 (nothing reads the stack).
    call_depth: usize,
    /// The launch's grid barrier, for a kernel that has one.
    grid: Option<Arc<GridBarrier>>,
    /// Shared and local memory, as `u64`s so that the host buffers are 8-byte
    /// aligned (guest atomics on them must be host-aligned too).
    shared: Vec<u64>,
    shared_len: usize,
    local: Vec<u64>,
    /// Threads counted at each named barrier by `bar.arrive` since it last
    /// completed.
    arrivals: [u32; BARRIER_IDS as usize],
    /// What the lane contexts were last bound to (see [`Self::bind_lanes`]).
    bound: Option<Bound>,
    /// Lanes that exited, and lanes waiting at a whole-workgroup barrier,
    /// as counted after the last run (exits only grow).
    exited: usize,
    at_plain: usize,
    /// The one sync point every lane that has not exited waits at, if they
    /// all wait at the same one.
    all_at: Option<u32>,
    /// Instructions executed so far (all workgroups this runner ran).
    pub insts: u64,
    /// Statistics counters.
    pub counters: Box<Counters>,
}

thread_local! {
    /// The register file the last runner dropped on this thread, for the
    /// next one: a file is `REG_STRIDE` slots a register, and allocating
    /// (and faulting in) a fresh one cost a cached relaunch several
    /// microseconds.
    static SPARE_FILE: std::cell::Cell<Vec<u64>> = const { std::cell::Cell::new(Vec::new()) };
}

/// The largest register file (slots) a thread keeps for reuse.
const SPARE_FILE_MAX: usize = 1 << 20;

/// A register file for `nregs` registers of `nlanes` lanes, every slot a
/// lane can reach zero: this thread's spare when it is large enough (only
/// the workgroup's lanes' slots are cleared: no lane reaches the others),
/// else a fresh one.
fn register_file(nregs: usize, nlanes: usize) -> Vec<u64> {
    let len = REG_STRIDE * nregs;
    let mut v = SPARE_FILE.with(|s| s.take());
    if v.capacity() < len {
        return vec![0; len];
    }
    v.resize(len, 0);
    for r in 0..nregs {
        row(&mut v, nlanes, r).fill(0);
    }
    v
}

impl Drop for WorkgroupRunner<'_> {
    fn drop(&mut self) {
        let v = std::mem::take(&mut self.regs);
        if v.len() <= SPARE_FILE_MAX {
            SPARE_FILE.with(|s| s.set(v));
        }
    }
}

/// The slot of register `r` of lane `lane` in a register file laid out by
/// register ([`REG_STRIDE`]).
fn slot(r: usize, lane: usize) -> usize {
    r * REG_STRIDE + lane
}

/// Register `r` of each of the first `nlanes` lanes in a register file laid
/// out by register.
fn row(regs: &mut [u64], nlanes: usize, r: usize) -> &mut [u64] {
    &mut regs[slot(r, 0)..slot(r, nlanes)]
}

impl<'k> WorkgroupRunner<'k> {
    /// A runner for workgroups of `nlanes` lanes (at most
    /// [`crate::launch::MAX_BLOCK_THREADS`]) with `shared_bytes` of
    /// shared memory, from the kernel's plan ([`RunnerPlan::of`]).
    pub fn with_plan(
        kernel: &'k Kernel,
        nlanes: usize,
        shared_bytes: usize,
        plan: &RunnerPlan,
    ) -> Self {
        let nregs = kernel.regs.len().max(1);
        // A register's row holds this many lanes (launches refuse larger
        // workgroups before they get here).
        let nlanes = nlanes.min(crate::launch::MAX_BLOCK_THREADS as usize);
        let call_depth = plan.call_depth;
        let sync_ops: Vec<&Op> = kernel
            .sync_points()
            .iter()
            .map(|&(b, i)| &kernel.blocks[b.0 as usize].insts[i as usize].op)
            .collect();
        WorkgroupRunner {
            kernel,
            plain_barrier: sync_ops
                .iter()
                .map(|o| {
                    matches!(
                        o,
                        Op::Barrier
                            | Op::Bar(op::Bar {
                                op: BarOp::Sync,
                                id: Operand::Imm(0),
                                count: Operand::Imm(0),
                                ..
                            })
                    )
                })
                .collect(),
            warp_level: sync_ops.iter().map(|o| !o.is_barrier()).collect(),
            group: Vec::new(),
            shuffled: Vec::new(),
            uniform_regs: Vec::new(),
            uniform_dsts: Vec::new(),
            uniform_last: Vec::new(),
            kept: plan.kept.clone(),
            params_set: false,
            sync_ops,
            param_slots: kernel.param_layout(),
            ids: Vec::new(),
            ids_block: [0; 3],
            reg_masks: kernel.regs.iter().map(|d| d.ty.mask()).collect(),
            cleared: Some(plan.cleared.clone()),
            nregs,
            wave: kernel.wave_size.max(1) as usize,
            regs: register_file(nregs, nlanes),
            nlanes,
            state: vec![ctx::STOP_EXIT; nlanes],
            ctxs: (0..nlanes).map(|_| LaneCtx::detached()).collect(),
            call_stack: vec![0; nlanes * call_depth],
            call_depth,
            grid: None,
            shared: vec![0; shared_bytes.div_ceil(8)],
            shared_len: shared_bytes,
            local: vec![0; (nlanes * kernel.local_bytes.div_ceil(8) as usize).max(1)],
            arrivals: [0; BARRIER_IDS as usize],
            bound: None,
            exited: 0,
            at_plain: 0,
            all_at: None,
            insts: 0,
            counters: Box::default(),
        }
    }

    /// Lane `lane`'s registers, in order.
    pub fn lane_regs(&self, lane: usize) -> Vec<u64> {
        (0..self.nregs).map(|r| self.regs[slot(r, lane)]).collect()
    }

    /// Sets lane `lane`'s registers from `vals` (in order).
    pub fn set_lane_regs(&mut self, lane: usize, vals: &[u64]) {
        for (r, v) in vals.iter().take(self.nregs).enumerate() {
            self.regs[slot(r, lane)] = *v;
        }
    }

    /// Number of registers per lane.
    pub fn nregs(&self) -> usize {
        self.nregs
    }

    /// Shared memory and every lane's private memory of the current workgroup.
    pub fn memories(&mut self) -> WgMemory<'_> {
        let local_bytes = self.kernel.local_bytes as usize;
        let shared_len = self.shared_len;
        // SAFETY: u64 storage viewed as its bytes, within its length.
        let (shared, local) = unsafe {
            (
                std::slice::from_raw_parts_mut(self.shared.as_mut_ptr() as *mut u8, shared_len),
                std::slice::from_raw_parts_mut(
                    self.local.as_mut_ptr() as *mut u8,
                    self.local.len() * 8,
                ),
            )
        };
        WgMemory {
            shared,
            local,
            local_stride: local_bytes.div_ceil(8) * 8,
            local_bytes,
        }
    }

    /// Makes [`Self::reset`] zero every register, not only those the kernel
    /// may read before writing: for callers that set or read registers
    /// themselves (a launch's `init` and `finish`).
    pub fn clear_every_register(&mut self) {
        self.cleared = None;
        self.kept.fill(false);
    }

    /// Resets the lanes for a new workgroup: zeroed registers (those a lane
    /// can observe: see `cleared`) and memories, every lane ready at the
    /// entry. `init` may then set registers and deactivate lanes.
    pub fn reset(&mut self, params: &[u8]) {
        match &self.cleared {
            // Most registers are written before they are read (gfx942
            // kernels have hundreds): clearing them all was a fifth of a
            // streaming kernel's time.
            Some(c) if c.len() * 4 < self.nregs => {
                for &r in c {
                    row(&mut self.regs, self.nlanes, r).fill(0);
                }
            }
            _ => {
                for r in 0..self.nregs {
                    row(&mut self.regs, self.nlanes, r).fill(0);
                }
                // Nothing is kept: the parameters and the prologue's
                // values go in again.
                self.params_set = false;
                self.uniform_last.clear();
            }
        }
        self.shared.fill(0);
        self.local.fill(0);
        self.arrivals.fill(0);
        for c in &mut self.ctxs {
            c.resume = ctx::RESUME_ENTRY;
            c.call_depth = 0;
        }
        self.state.fill(ctx::RUN_LANE);
        let params_set = std::mem::replace(&mut self.params_set, true);
        for slot in &self.param_slots {
            if params_set && self.kept[slot.reg.0 as usize] {
                continue;
            }
            let off = slot.offset as usize;
            let n = slot.ty.bytes() as usize;
            let mut v = 0u64;
            for (i, b) in params.iter().skip(off).take(n).enumerate() {
                v |= (*b as u64) << (8 * i);
            }
            let v = v & slot.ty.mask();
            row(&mut self.regs, self.nlanes, slot.reg.0 as usize).fill(v);
        }
    }

    /// Evaluates the wave-uniform prologue (see `xisa_ir::uniform`) once for the
    /// workgroup and writes its results into every lane's registers.
    pub fn apply_uniform(
        &mut self,
        prologue: &[xisa_ir::Inst],
        params: &[u8],
        env: &xisa_ir::uniform::UniformEnv,
    ) {
        if prologue.is_empty() || self.nlanes == 0 {
            return;
        }
        let n = self.nregs;
        let mut first = std::mem::take(&mut self.uniform_regs);
        first.clear();
        first.extend((0..n).map(|r| self.regs[slot(r, 0)]));
        xisa_ir::uniform::eval_prologue(self.kernel, prologue, &mut first, params, env);
        if self.uniform_dsts.is_empty() {
            // The same prologue every workgroup.
            self.uniform_dsts = prologue
                .iter()
                .flat_map(|i| i.op.defs())
                .map(|r| r.0 as usize)
                .collect();
            self.uniform_dsts.sort_unstable();
            self.uniform_dsts.dedup();
        }
        // Only the values that changed since the last workgroup, where the
        // lanes cannot have changed them (a workgroup's ids and what derives
        // from them, but not the launch-wide values).
        let fresh = self.uniform_last.len() != n;
        let kept = &self.kept;
        let last = &self.uniform_last;
        let changed: Vec<usize> = self
            .uniform_dsts
            .iter()
            .copied()
            .filter(|&d| fresh || !kept[d] || last[d] != first[d])
            .collect();
        for &d in &changed {
            row(&mut self.regs, self.nlanes, d).fill(first[d]);
        }
        self.uniform_last.clear();
        self.uniform_last.extend_from_slice(&first);
        self.uniform_regs = first;
    }

    /// Runs the current workgroup to completion.
    pub fn run(
        &mut self,
        program: &dyn LaneProgram,
        geo: &WgGeometry,
        params: &[u8],
        cancel: &AtomicBool,
    ) -> Result<(), WgStop> {
        self.bind_lanes(geo, params, cancel);
        let r = self.run_to_end(program, cancel);
        // Counted once per workgroup, not at every stop.
        self.insts += self.ctxs.iter().map(|c| c.insts).sum::<u64>();
        r
    }

    fn run_to_end(&mut self, program: &dyn LaneProgram, cancel: &AtomicBool) -> Result<(), WgStop> {
        loop {
            self.run_ready(program, cancel)?;
            if self.exited == self.nlanes {
                return Ok(());
            }
            // No lane is ready now. The usual stop is every lane that has not
            // exited waiting at a whole-workgroup barrier: that barrier
            // completes (as `release_barriers` would find) and nothing else
            // waits, so the lanes go on at once. Likewise when every lane that
            // has not exited waits at the same warp-level op: in each wave it
            // is the lowest sync point waited at and its group is the wave's
            // lanes that have not exited (a wave sync only waits).
            let plain = self.at_plain + self.exited == self.nlanes;
            let warp_op = match self.all_at {
                Some(k) if !plain && !self.sync_ops[k as usize].is_barrier() => Some(k),
                _ => None,
            };
            if let Some(k) = warp_op {
                if !matches!(self.sync_ops[k as usize], Op::WaveSync) {
                    self.exec_in_every_wave(k);
                }
            }
            if plain || warp_op.is_some() {
                // Branch-free over the codes alone (the contexts stay cold).
                for s in self.state.iter_mut() {
                    let waiting = *s != ctx::STOP_EXIT;
                    *s = if waiting {
                        s.wrapping_add(WAITING_TO_RUN)
                    } else {
                        *s
                    };
                }
                if plain {
                    self.arrivals[0] = 0;
                }
                continue;
            }
            if !self.step_warp_ops() && !self.step_arrivals() {
                self.release_barriers(cancel)?;
            }
        }
    }

    /// Where lane `lane` stands.
    pub fn lane_state(&self, lane: usize) -> LaneState {
        match self.state[lane] {
            c if ctx::is_run(c) => LaneState::Ready,
            ctx::STOP_EXIT => LaneState::Exited,
            k => LaneState::AtSync(k - ctx::STOP_SYNC_BASE),
        }
    }

    /// Takes lane `lane` out of the workgroup before it starts (it counts as
    /// exited).
    pub fn exit_lane(&mut self, lane: usize) {
        self.state[lane] = ctx::STOP_EXIT;
    }

    /// Makes [`Self::ids`] those of `block`.
    fn lane_ids(&mut self, block: [u32; 3]) {
        if self.ids_block == block && self.ids.len() == self.nlanes {
            return;
        }
        let [bx, by, _] = block.map(|d| d.max(1));
        let wave = self.wave as u32;
        self.ids = (0..self.nlanes as u32)
            .map(|l| ([l % bx, (l / bx) % by, l / (bx * by)], l % wave, l / wave))
            .collect();
        self.ids_block = block;
    }

    /// Points every lane's context at this workgroup: its memories, geometry
    /// and launch-wide fields (kept: the resume point and call depth).
    fn bind_lanes(&mut self, geo: &WgGeometry, params: &[u8], cancel: &AtomicBool) {
        let key = Bound {
            block: geo.block,
            grid: geo.grid,
            global: (geo.global_base, geo.global_limit),
            dyn_shared: (geo.dyn_shared_base, geo.dyn_shared_size),
            grid_id: geo.grid_id,
            host: geo.host,
            params: (params.as_ptr(), params.len()),
            cancel,
        };
        if self.bound == Some(key) {
            // The next workgroup of the same launch: only its id and the
            // instruction counts change (about 55 KB of contexts not
            // rewritten per workgroup of 256 lanes).
            for c in &mut self.ctxs {
                c.ctaid = geo.ctaid;
                c.insts = 0;
            }
            return;
        }
        self.bound = Some(key);
        let local_bytes = self.kernel.local_bytes as usize;
        let local_words = self.kernel.local_bytes.div_ceil(8) as usize;
        self.lane_ids(geo.block);
        let shared_base = self.shared.as_mut_ptr() as *mut u8;
        let counters: *mut Counters = &mut *self.counters;
        let regs = self.regs.as_mut_ptr();
        let local = self.local.as_mut_ptr();
        let stack = self.call_stack.as_mut_ptr();
        for (lane, c) in self.ctxs.iter_mut().enumerate() {
            let (tid, lane_id, wave_id) = self.ids[lane];
            *c = LaneCtx {
                // In bounds: `regs`, `local` and `call_stack` hold every lane's
                // slice (`local` at least one word when lanes have none).
                regs: regs.wrapping_add(lane),
                global_base: geo.global_base,
                global_limit: geo.global_limit,
                shared_base,
                shared_size: self.shared_len as u64,
                local_base: local.wrapping_add(lane * local_words) as *mut u8,
                local_size: local_bytes as u64,
                param_base: params.as_ptr(),
                param_size: params.len() as u64,
                call_stack: stack.wrapping_add(lane * self.call_depth),
                call_depth: c.call_depth,
                resume: c.resume,
                insts: 0,
                cancel,
                counters,
                tid,
                ntid: geo.block,
                ctaid: geo.ctaid,
                nctaid: geo.grid,
                lane_id,
                wave_id,
                wave_size: self.wave as u32,
                dyn_shared_base: geo.dyn_shared_base,
                dyn_shared_size: geo.dyn_shared_size,
                grid_id: geo.grid_id,
                fault: FaultInfo::default(),
                host: geo.host,
            };
        }
    }

    /// Runs every ready lane until it stops; again while some yielded. Then
    /// counts the lanes that exited and those waiting at a whole-workgroup
    /// barrier.
    fn run_ready(&mut self, program: &dyn LaneProgram, cancel: &AtomicBool) -> Result<(), WgStop> {
        loop {
            self.run_range(program, 0..self.nlanes)?;
            if let Some(t) = self.uniform_tally() {
                (self.exited, self.at_plain, self.all_at) = t;
                return Ok(());
            }
            self.settle_waves(program)?;
            if let Some(t) = self.uniform_tally() {
                (self.exited, self.at_plain, self.all_at) = t;
                return Ok(());
            }
            let (mut exited, mut at_plain, mut yielded) = (0, 0, false);
            // The one sync code every waiting lane stopped at, if they agree.
            let mut same = None;
            let mut agree = true;
            for lane in 0..self.nlanes {
                match self.state[lane] {
                    ctx::STOP_EXIT => exited += 1,
                    ctx::STOP_YIELD => {
                        self.state[lane] = ctx::RUN_LANE;
                        yielded = true;
                    }
                    // A sync point the kernel has (anything else is reported
                    // below, not indexed).
                    code if code >= ctx::STOP_SYNC_BASE
                        && ((code - ctx::STOP_SYNC_BASE) as usize) < self.sync_ops.len() =>
                    {
                        at_plain +=
                            self.plain_barrier[(code - ctx::STOP_SYNC_BASE) as usize] as usize;
                        agree &= *same.get_or_insert(code) == code;
                    }
                    other => return Err(self.bad_stop(lane, other)),
                }
            }
            (self.exited, self.at_plain) = (exited, at_plain);
            self.all_at = same.filter(|_| agree).map(|c| c - ctx::STOP_SYNC_BASE);
            if !yielded {
                return Ok(());
            }
            if cancel.load(std::sync::atomic::Ordering::Relaxed) {
                return Err(WgStop::Cancelled);
            }
        }
    }

    /// After a run that left the workgroup's lanes at different stops: each
    /// wave with no lane left to run or yielded whose lanes wait at some
    /// warp-level sync point (a shuffle, vote, wave sync, ...) executes the
    /// lowest such point over the lanes waiting there (as
    /// [`Self::step_warp_ops`] would) and runs those lanes again, until it
    /// stops elsewhere, without a pass over the whole workgroup: in a tree
    /// reduction's last steps or a CAS loop's convergence vote, one wave
    /// goes on while the others wait at a barrier. At most [`WAVE_RUNS`]
    /// runs in a row, so that a wave spinning on another wave's progress
    /// lets the others run.
    fn settle_waves(&mut self, program: &dyn LaneProgram) -> Result<(), WgStop> {
        let wave = self.wave;
        for w0 in (0..self.nlanes).step_by(wave) {
            let w1 = (w0 + wave).min(self.nlanes);
            for _ in 0..WAVE_RUNS {
                let Some(k) = self.wave_warp_op(w0, w1) else {
                    break;
                };
                self.step_wave(w0, w1, k);
                self.run_range(program, w0..w1)?;
            }
        }
        Ok(())
    }

    /// The lowest warp-level sync point a lane of wave `w0..w1` waits at,
    /// when no lane of the wave is ready or yielded (those may still arrive
    /// at it).
    fn wave_warp_op(&self, w0: usize, w1: usize) -> Option<u32> {
        let mut k = u32::MAX;
        for &s in &self.state[w0..w1] {
            if s == ctx::STOP_YIELD || ctx::is_run(s) {
                return None;
            }
            let j = s.wrapping_sub(ctx::STOP_SYNC_BASE);
            if self.warp_level.get(j as usize) == Some(&true) {
                k = k.min(j);
            }
        }
        (k != u32::MAX).then_some(k)
    }

    /// Runs the ready lanes of `lanes` (one engine call). A lane whose
    /// device `assert` fails stops for good and the others go on to their
    /// next stop, so that every lane of the region that fails an assert
    /// prints its line, as a GPU's threads do; the first one's fault is
    /// returned after them. Any other fault stops the run at once.
    fn run_range(
        &mut self,
        program: &dyn LaneProgram,
        lanes: std::ops::Range<usize>,
    ) -> Result<(), WgStop> {
        let mut asserted = None;
        loop {
            let (ctxs, state) = (
                &mut self.ctxs[lanes.clone()],
                &mut self.state[lanes.clone()],
            );
            let stopped = lanes.start + program.run_lanes(ctxs, state);
            if stopped >= lanes.end {
                break;
            }
            let assert = self.state[stopped] == ctx::STOP_FAULT
                && self.ctxs[stopped].fault.kind == ctx::fault_kind::ASSERT;
            if !assert {
                return Err(self.stop_error(stopped));
            }
            asserted.get_or_insert(stopped);
            self.state[stopped] = ctx::STOP_EXIT;
        }
        match asserted {
            Some(lane) => Err(WgStop::Fault {
                lane: lane as u32,
                info: self.ctxs[lane].fault,
            }),
            None => Ok(()),
        }
    }

    /// The error for lane `lane`, which stopped a run (a fault, a
    /// cancellation, or a code no engine should return).
    fn stop_error(&self, lane: usize) -> WgStop {
        match self.state[lane] {
            ctx::STOP_CANCELLED => WgStop::Cancelled,
            ctx::STOP_FAULT => WgStop::Fault {
                lane: lane as u32,
                info: self.ctxs[lane].fault,
            },
            other => self.bad_stop(lane, other),
        }
    }

    /// The usual outcome of a run, counted branch-free over the codes: every
    /// lane that has not exited stopped at one and the same sync point.
    /// Returns (exited, waiting at a whole-workgroup barrier, that sync
    /// point), or `None` for anything else (yields, several sync points).
    fn uniform_tally(&self) -> Option<(usize, usize, Option<u32>)> {
        let Some(&first) = self.state.iter().find(|&&s| s != ctx::STOP_EXIT) else {
            return Some((self.nlanes, 0, None));
        };
        let k = first.checked_sub(ctx::STOP_SYNC_BASE)? as usize;
        self.sync_ops.get(k)?;
        let (exited, same) = self.state.iter().fold((0, 0), |(e, m), &s| {
            (
                e + (s == ctx::STOP_EXIT) as usize,
                m + (s == first) as usize,
            )
        });
        (exited + same == self.nlanes).then(|| {
            let plain = if self.plain_barrier[k] { same } else { 0 };
            (exited, plain, Some(k as u32))
        })
    }

    /// A stop code no engine should return (or a lane it left unrun): a trap
    /// naming the code.
    fn bad_stop(&self, lane: usize, code: u32) -> WgStop {
        WgStop::Fault {
            lane: lane as u32,
            info: FaultInfo {
                kind: ctx::fault_kind::TRAP,
                inst: 0,
                addr: code as u64,
                len: 0,
                space: 0,
            },
        }
    }

    /// Executes, in each wave, the warp-level sync op with the lowest index that
    /// has waiting lanes. Returns false if no such op exists (only barriers wait).
    fn step_warp_ops(&mut self) -> bool {
        let mut progress = false;
        for w0 in (0..self.nlanes).step_by(self.wave) {
            let w1 = (w0 + self.wave).min(self.nlanes);
            if let Some(k) = self.wave_warp_op(w0, w1) {
                self.step_wave(w0, w1, k);
                progress = true;
            }
        }
        progress
    }

    /// Executes warp-level sync point `k` in wave `w0..w1` over the lanes
    /// waiting there and lets them go on.
    fn step_wave(&mut self, w0: usize, w1: usize, k: u32) {
        let code = ctx::STOP_SYNC_BASE + k;
        // A wave sync only waits: nothing to compute over the group.
        if !matches!(self.sync_ops[k as usize], Op::WaveSync) {
            let mut group = std::mem::take(&mut self.group);
            group.clear();
            group.extend((w0..w1).filter(|&l| self.state[l] == code));
            self.exec_warp_op(k, w0, w1, &group);
            self.group = group;
        }
        for s in &mut self.state[w0..w1] {
            if *s == code {
                *s = code.wrapping_add(WAITING_TO_RUN);
            }
        }
    }

    /// Executes warp op `k` in every wave over the wave's lanes that have
    /// not exited (all of them wait at it).
    fn exec_in_every_wave(&mut self, k: u32) {
        let mut group = std::mem::take(&mut self.group);
        for w0 in (0..self.nlanes).step_by(self.wave) {
            let w1 = (w0 + self.wave).min(self.nlanes);
            group.clear();
            group.extend((w0..w1).filter(|&l| self.state[l] != ctx::STOP_EXIT));
            if !group.is_empty() {
                self.exec_warp_op(k, w0, w1, &group);
            }
        }
        self.group = group;
    }

    /// Counts the waves waiting at a `bar.arrive` (a whole wave at a time, as
    /// the hardware counts) and lets them go on. Returns false if none waits.
    fn step_arrivals(&mut self) -> bool {
        let mut progress = false;
        for w0 in (0..self.nlanes).step_by(self.wave) {
            let w1 = (w0 + self.wave).min(self.nlanes);
            let mut counted = [false; BARRIER_IDS as usize];
            for l in w0..w1 {
                let LaneState::AtSync(k) = self.lane_state(l) else {
                    continue;
                };
                let Op::Bar(op::Bar {
                    op: BarOp::Arrive,
                    id,
                    ..
                }) = *self.sync_ops[k as usize]
                else {
                    continue;
                };
                let id = self.read(l, id) & 0xffff_ffff;
                if id >= BARRIER_IDS {
                    // Reported by `release_barriers` with the waiting lanes.
                    continue;
                }
                if !counted[id as usize] {
                    counted[id as usize] = true;
                    self.arrivals[id as usize] += self.wave as u32;
                }
                self.release(l);
                progress = true;
            }
        }
        progress
    }

    /// The barrier a lane waits at: `(id, count, op)`, where `count` 0 means
    /// the whole workgroup (an [`Op::Barrier`] is barrier 0 of the whole
    /// workgroup).
    fn waiting_at(&self, lane: usize) -> Option<(u64, u64, BarOp)> {
        let LaneState::AtSync(k) = self.lane_state(lane) else {
            return None;
        };
        match *self.sync_ops[k as usize] {
            Op::Barrier => Some((0, 0, BarOp::Sync)),
            Op::Bar(op::Bar { op, id, count, .. }) => Some((
                self.read(lane, id) & 0xffff_ffff,
                self.read(lane, count) & 0xffff_ffff,
                op,
            )),
            _ => None,
        }
    }

    /// The workgroup, all at a grid barrier, waits for the rest of the
    /// grid. Without the launch's [`GridBarrier`] (a runner used outside
    /// [`crate::launch::launch`]) only a grid of this one workgroup could
    /// complete, which the runner cannot know: it faults at `lane`.
    fn wait_grid(&mut self, lane: usize, cancel: &AtomicBool) -> Result<(), WgStop> {
        match &self.grid {
            Some(g) if g.wait(cancel) => Ok(()),
            Some(_) => Err(WgStop::Cancelled),
            None => Err(self.barrier_fault(lane, 0, 0)),
        }
    }

    /// Gives the runner the launch's grid barrier (kernels with
    /// [`BarOp::Grid`]).
    pub fn set_grid_barrier(&mut self, grid: Option<Arc<GridBarrier>>) {
        self.grid = grid;
    }

    /// Completes every barrier whose thread count is reached: its reductions
    /// are computed over the lanes that arrived, which then go on. Faults when
    /// no barrier can complete (nothing else can run, so none ever would).
    fn release_barriers(&mut self, cancel: &AtomicBool) -> Result<(), WgStop> {
        let mut waiting: Vec<Vec<(usize, u64, BarOp)>> = vec![Vec::new(); BARRIER_IDS as usize];
        let mut first = None;
        for l in 0..self.nlanes {
            let Some((id, count, op)) = self.waiting_at(l) else {
                continue;
            };
            if id >= BARRIER_IDS {
                return Err(self.barrier_fault(l, id, count));
            }
            first.get_or_insert((l, id, count));
            waiting[id as usize].push((l, count, op));
        }
        let exited = self.exited;
        let mut released = false;
        for (id, lanes) in waiting.iter().enumerate() {
            let Some(&(_, count, _)) = lanes.first() else {
                continue;
            };
            let complete = if count == 0 {
                // The whole workgroup; exited threads count as arrived.
                lanes.len() + exited == self.nlanes
            } else {
                let waves = {
                    let mut w: Vec<usize> = lanes.iter().map(|&(l, ..)| l / self.wave).collect();
                    w.dedup();
                    w.len()
                };
                u64::from(self.arrivals[id]) + (waves * self.wave) as u64 >= count
            };
            if !complete {
                continue;
            }
            if lanes.iter().any(|&(_, _, op)| op == BarOp::Grid) {
                self.wait_grid(lanes[0].0, cancel)?;
            }
            self.reduce_and_release(lanes);
            self.arrivals[id] = 0;
            released = true;
        }
        match (released, first) {
            (false, Some((l, id, count))) => Err(self.barrier_fault(l, id, count)),
            _ => Ok(()),
        }
    }

    /// Writes each reduction's result to its lane and makes the lanes runnable.
    fn reduce_and_release(&mut self, lanes: &[(usize, u64, BarOp)]) {
        let mut popc = 0u64;
        let mut all = true;
        let mut any = false;
        for &(l, _, op) in lanes {
            if let (true, Some(Op::Bar(op::Bar { pred: Some(p), .. }))) =
                (op.is_red(), self.op_at(l))
            {
                let v = self.read(l, *p) & 1 != 0;
                popc += v as u64;
                all &= v;
                any |= v;
            }
        }
        for &(l, _, op) in lanes {
            if let Some(&Op::Bar(op::Bar { dst: Some(d), .. })) = self.op_at(l) {
                let v = match op {
                    BarOp::RedPopc => popc,
                    BarOp::RedAnd => all as u64,
                    BarOp::RedOr => any as u64,
                    BarOp::Sync | BarOp::Arrive | BarOp::Grid => continue,
                };
                self.write(l, d, v);
            }
            self.release(l);
        }
    }

    /// Lets a lane waiting at a sync point go on after it (no-op otherwise).
    fn release(&mut self, lane: usize) {
        if let LaneState::AtSync(_) = self.lane_state(lane) {
            self.state[lane] = self.state[lane].wrapping_add(WAITING_TO_RUN);
        }
    }

    /// The sync op lane `lane` waits at.
    fn op_at(&self, lane: usize) -> Option<&'k Op> {
        match self.lane_state(lane) {
            LaneState::AtSync(k) => Some(self.sync_ops[k as usize]),
            _ => None,
        }
    }

    /// The fault of a barrier that can never complete (or has no valid id).
    fn barrier_fault(&self, lane: usize, id: u64, count: u64) -> WgStop {
        let inst = match self.lane_state(lane) {
            LaneState::AtSync(k) => {
                let (b, i) = self.kernel.sync_points()[k as usize];
                self.kernel.flat_index(b, i)
            }
            _ => 0,
        };
        WgStop::Fault {
            lane: lane as u32,
            info: FaultInfo {
                kind: ctx::fault_kind::BARRIER,
                inst,
                addr: id,
                len: count.min(u64::from(u32::MAX)) as u32,
                space: 0,
            },
        }
    }

    fn read(&self, lane: usize, op: Operand) -> u64 {
        match op {
            Operand::Reg(r) => self.regs[slot(r.0 as usize, lane)],
            Operand::Imm(v) => v,
        }
    }

    fn write(&mut self, lane: usize, r: Reg, v: u64) {
        let m = self
            .reg_masks
            .get(r.0 as usize)
            .copied()
            .unwrap_or(u64::MAX);
        self.regs[slot(r.0 as usize, lane)] = v & m;
    }

    fn exec_warp_op(&mut self, k: u32, w0: usize, w1: usize, group: &[usize]) {
        let mask: u64 = group.iter().fold(0, |m, &l| m | 1u64 << (l - w0));
        let op = self.sync_ops[k as usize];
        match *op {
            Op::Shfl(op::Shfl {
                dst,
                valid,
                src,
                lane,
                ..
            }) => {
                let mut results = std::mem::take(&mut self.shuffled);
                results.clear();
                results.extend(group.iter().map(|&l| {
                    let j = self.read(l, lane) & 0xffff_ffff;
                    let sl = w0 as u64 + j;
                    if j < self.wave as u64 && (sl as usize) < w1 {
                        let ok = mask & (1u64 << j) != 0;
                        (l, self.read(sl as usize, src), ok)
                    } else {
                        (l, self.read(l, src), false)
                    }
                }));
                for &(l, v, ok) in &results {
                    self.write(l, dst, v);
                    if let Some(p) = valid {
                        self.write(l, p, ok as u64);
                    }
                }
                self.shuffled = results;
            }
            Op::Vote { mode, dst, pred } => {
                let ballot: u64 = group.iter().fold(0, |m, &l| {
                    if self.read(l, pred) & 1 != 0 {
                        m | 1u64 << (l - w0)
                    } else {
                        m
                    }
                });
                let v = match mode {
                    VoteMode::All => (ballot == mask) as u64,
                    VoteMode::Any => (ballot != 0) as u64,
                    VoteMode::Uni => (ballot == 0 || ballot == mask) as u64,
                    VoteMode::Ballot => ballot,
                };
                for &l in group {
                    self.write(l, dst, v);
                }
            }
            Op::ActiveMask { dst } => {
                for &l in group {
                    self.write(l, dst, mask);
                }
            }
            Op::ReadFirstLane { dst, src, .. } => {
                let v = group.first().map(|&l| self.read(l, src)).unwrap_or(0);
                for &l in group {
                    self.write(l, dst, v);
                }
            }
            // Barriers are released by `release_barriers`; other ops are not sync
            // points.
            _ => {}
        }
    }
}
