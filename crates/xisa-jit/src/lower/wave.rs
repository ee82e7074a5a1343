//! Wave mode: the generated function runs a wave's lanes together, as the
//! hardware does, instead of one lane after another between sync points.
//!
//! A *group* is the lanes of one wave that resume at the same point. The
//! function takes the waves of its call in turn and, in each, the groups in
//! turn; a group runs until every one of its lanes has stopped (exit,
//! barrier, yield). Within a group:
//!
//! - Instructions whose results are the same in every lane of the wave
//!   (*wave* instructions: values computed from wave-uniform values,
//!   parameters and the launch geometry, in blocks no lane can skip) run
//!   **once**, into their registers' Cranelift variables (decided per
//!   definition site: see [`WavePlan`]).
//! - The other instructions run per lane, in *runs*: maximal sequences of
//!   them between two wave-level steps, compiled as one loop over the
//!   group's active lanes that loads the lane's registers the run touches
//!   from its slots, executes the sequence and stores the ones live after it.
//!   A wave instruction with no dependence on a pending run goes ahead of
//!   it, so runs stay long.
//! - Warp operations (`shfl`, `vote`, `activemask`, `readfirstlane`) are
//!   inline loops over the lanes' slots, with the runtime's semantics
//!   (`runtime/src/sched.rs`): no stop. `wavesync` is nothing: the group
//!   is in lockstep by construction, since every run ends where the lockstep
//!   pass put a sync.
//! - Branches on scalar registers are plain branches. A branch on a varying
//!   condition that splits the active lanes pushes the lanes of one side on
//!   a stack and runs the other; both reconverge at the branch's immediate
//!   post-dominator (the classic SIMT stack: an entry is popped when its
//!   lanes reach their reconvergence block).
//! - Barriers, exits and yields stop the lanes that reach them: their stop
//!   codes are written as in lane mode, so the scheduler is the same. Lanes
//!   still on the stack then run. A stack that would overflow yields the
//!   lanes it cannot hold (they come back as a group of their own).
//!
//! Registers held in variables are written to the slots of the lanes that
//! stop (where live after the stop) and read back at a group's start from
//! its first lane's slots; lanes whose slots disagree (they reached the
//! resume point separately) are left for a group of their own.
//!
//! Used for launches (no final registers to keep), when instructions are not
//! counted and the kernel qualifies (see [`eligible`]).

use std::collections::HashMap;
use std::sync::atomic::AtomicU64;

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{
    self, types as clt, BlockArg, InstBuilder, MemFlagsData, StackSlotData, StackSlotKind, Value,
};
use cranelift_frontend::Variable;
use xisa_ir::divergence::{self, Uniformity};
use xisa_ir::{op, BlockId, Inst, Kernel, Op, Operand, Reg, SReg, Space, Term, Type, VoteMode};
use xisa_runtime::ctx::{
    self, fault_kind, LaneCtx, RESUME_BLOCK_BASE, STOP_EXIT, STOP_SYNC_BASE, STOP_YIELD,
    YIELD_BACKEDGES, YIELD_STREAMING,
};

use super::dirty::RegSet;
use super::{has_side_effects, slot_flags, slot_offset, Lowerer};
use crate::JitError;

/// Numbers for barrier stops (`stop_lanes`), unique for the process.
static STOP_STAMPS: AtomicU64 = AtomicU64::new(1);

/// No reconvergence block: the lanes meet again only at exit.
const NONE: u32 = u32::MAX;

/// Bytes of one stack entry: block (u32), reconvergence block (u32), mask
/// (u64), the block's [`first_syncs`] (u32) and padding.
const ENTRY: u32 = 24;

/// How an instruction runs in wave mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Class {
    /// Once per group, on scalar registers.
    Wave,
    /// Per active lane, in a run.
    Lane,
    /// A warp operation, inline over the lanes.
    Warp,
    /// A barrier: the lanes that reach it stop.
    Stop,
    /// A warp operation or wave sync where the wave's lanes may be apart:
    /// inline when the group is the set of lanes lane mode would gather
    /// there (`Lowerer::apart_exact`), else the group stops at it and the
    /// scheduler runs it, as in lane mode.
    Apart,
    /// `wavesync`: nothing to do.
    Nop,
}

/// What wave mode needs to know about a kernel.
///
/// Values are tracked per *definition site* (reaching definitions, from
/// `xisa_ir::divergence`): lifters reuse registers for uniform and varying
/// values alike. A *wave site* is a write executed once per group, into the
/// register's variable; a read sees the variable when every write reaching
/// it is a wave site, else the lanes' slots (a run loads them), and the wave
/// sites among such writes also store their value to the lanes' slots
/// (*broadcast*).
pub(super) struct WavePlan {
    u: Uniformity,
    /// Per site: written once per group (entry values: loaded at a landing).
    wave_site: Vec<bool>,
    /// Per site: also stored to the active lanes' slots.
    broadcast: Vec<bool>,
    /// Per block and instruction.
    pub class: Vec<Vec<Class>>,
    /// Per block: some divergent branch reconverges there.
    pub rpc: Vec<bool>,
    /// Per block: lanes may be pushed on the stack to resume there.
    pub pushed: Vec<bool>,
    /// Per block: live registers at its end.
    live_out: Vec<RegSet>,
    /// Loops run one lane at a time, by header block.
    pub lane_loops: HashMap<usize, LaneLoop>,
    /// Per block: the lowest sync point a lane starting there can stop at
    /// before it stops for good ([`first_syncs`]).
    pub first_sync: Vec<u32>,
    /// Whether some instruction is [`Class::Apart`].
    pub has_apart: bool,
    /// Bit `k` for sync points `k < 64` that count for the `floor`: all but
    /// workgroup barriers (`Op::Barrier`).
    pub counted: u64,
    /// Per register: some read sees its variable (the group's value: an
    /// instruction, a branch or a stop), so per-lane code that defines the
    /// variable puts the group's value back (`save_vars`). Set where reads
    /// are classified (`slot_read`, `stop_reads`).
    pub group_read: Vec<bool>,
}

/// Per block, the lowest sync point id (`Kernel::sync_points` order) a lane
/// starting at the block may stop at next: over every path from the block's
/// start up to its first unguarded sync point or exit, each sync point on it
/// ([`NONE`] when there is none). A lane that lane mode would run from
/// there stops at one of them.
fn first_syncs(k: &Kernel) -> Vec<u32> {
    let mut id = 0u32;
    // Per block: the minimum over its own sync points up to the first
    // unguarded one, and whether the path goes on to the successors.
    let local: Vec<(u32, bool)> = k
        .blocks
        .iter()
        .map(|b| {
            let l = syncs_to_stop(&b.insts, id);
            id += b.insts.iter().filter(|i| i.op.is_sync()).count() as u32;
            l
        })
        .collect();
    let mut first: Vec<u32> = local.iter().map(|l| l.0).collect();
    loop {
        let mut changed = false;
        for (bi, b) in k.blocks.iter().enumerate() {
            if !local[bi].1 {
                continue;
            }
            let m = after_block(b, &first, first[bi]);
            if m < first[bi] {
                first[bi] = m;
                changed = true;
            }
        }
        if !changed {
            return first;
        }
    }
}

/// Over `insts`, whose first sync point has id `id`: the lowest sync point
/// id up to the first unguarded one ([`NONE`]: none), and whether a lane
/// goes past them all (none is unguarded).
fn syncs_to_stop(insts: &[Inst], mut id: u32) -> (u32, bool) {
    let mut min = NONE;
    for inst in insts.iter().filter(|i| i.op.is_sync()) {
        min = min.min(id);
        if inst.guard.is_none() {
            return (min, false);
        }
        id += 1;
    }
    (min, true)
}

/// `min` lowered by [`first_syncs`] of block `b`'s successors.
fn after_block(b: &xisa_ir::Block, first: &[u32], min: u32) -> u32 {
    b.term
        .successors()
        .iter()
        .map(|t| first[t.0 as usize])
        .fold(min, u32::min)
}

/// [`first_syncs`] from instruction `from` of block `b` on, where the first
/// sync point has id `id`.
fn first_sync_from(k: &Kernel, first: &[u32], b: usize, from: usize, id: u32) -> u32 {
    let blk = &k.blocks[b];
    match syncs_to_stop(&blk.insts[from..], id) {
        (min, true) => after_block(blk, first, min),
        (min, false) => min,
    }
}

/// A loop wave mode runs one lane at a time, each lane from the header to
/// the loop's one exit, its registers in host registers throughout (lane
/// mode's order, which its lanes cannot tell apart: the loop has no warp
/// operation, no wave sync, no barrier and no wave instruction).
#[derive(Debug, Clone)]
pub(super) struct LaneLoop {
    /// Its blocks (header first).
    pub blocks: Vec<usize>,
    /// The block every exit edge goes to.
    pub exit: usize,
}

/// The loops of `k` wave mode runs lane by lane: natural loops (one entry,
/// the header) whose instructions are all lane instructions, whose exits
/// all go to one block, and not inside another such loop.
fn lane_loops(k: &Kernel, class: &[Vec<Class>]) -> HashMap<usize, LaneLoop> {
    let n = k.blocks.len();
    let mut preds = vec![Vec::new(); n];
    for (b, blk) in k.blocks.iter().enumerate() {
        for s in blk.term.successors() {
            preds[s.0 as usize].push(b);
        }
    }
    let mut out: HashMap<usize, LaneLoop> = HashMap::new();
    let mut covered = vec![false; n];
    for h in 0..n {
        if covered[h] {
            continue;
        }
        let latches: Vec<usize> = preds[h].iter().copied().filter(|&b| b >= h).collect();
        if latches.is_empty() {
            continue;
        }
        // Blocks reaching a latch without passing the header.
        let mut inl = vec![false; n];
        inl[h] = true;
        let mut work = latches.clone();
        while let Some(b) = work.pop() {
            if !inl[b] {
                inl[b] = true;
                work.extend(preds[b].iter().copied());
            }
        }
        let blocks: Vec<usize> = (0..n).filter(|&b| inl[b]).collect();
        // One entry: the header alone has predecessors outside.
        let single_entry = blocks
            .iter()
            .all(|&b| b == h || preds[b].iter().all(|&p| inl[p]));
        let lane_only = blocks
            .iter()
            .all(|&b| class[b].iter().all(|&c| c == Class::Lane));
        let terms_ok = blocks.iter().all(|&b| {
            matches!(
                k.blocks[b].term,
                Term::Br(_) | Term::BrCond { .. } | Term::Exit | Term::Trap
            )
        });
        let mut exits: Vec<usize> = blocks
            .iter()
            .flat_map(|&b| k.blocks[b].term.successors())
            .map(|s| s.0 as usize)
            .filter(|&s| !inl[s])
            .collect();
        exits.sort_unstable();
        exits.dedup();
        if !(single_entry && lane_only && terms_ok && exits.len() == 1) {
            continue;
        }
        for &b in &blocks {
            covered[b] = true;
        }
        let mut ordered = vec![h];
        ordered.extend(blocks.iter().copied().filter(|&b| b != h));
        out.insert(
            h,
            LaneLoop {
                blocks: ordered,
                exit: exits[0],
            },
        );
    }
    out
}

/// Ops a wave site may be: their value is the same in every lane when
/// their operands are.
fn wave_op(op: &Op) -> bool {
    match op {
        Op::Vote { .. } | Op::ActiveMask { .. } | Op::ReadFirstLane { .. } => true,
        Op::Special { sreg, .. } => divergence::wave_uniform_sreg(*sreg),
        Op::Load(l) => l.uniform || matches!(l.space, Space::Param | Space::Const),
        o => o.is_value(),
    }
}

/// The registers instruction `i` of block `b` reads in its own lane:
/// operands (but a warp operation's, which it reads in every lane), its
/// guard, and the old values of the registers it writes under a guard where
/// a later read may see them (`old_needed`).
///
/// Each comes with whether it is an operand read under the instruction's
/// guard (`read_sites` may then narrow its writes).
fn lane_reads(k: &Kernel, live_out: &[RegSet], b: usize, i: usize) -> Vec<(Reg, bool)> {
    let inst = &k.blocks[b].insts[i];
    let mut v: Vec<(Reg, bool)> = Vec::new();
    if !matches!(
        inst.op,
        Op::Vote { .. } | Op::ActiveMask { .. } | Op::ReadFirstLane { .. }
    ) {
        v.extend(inst.op.uses().iter().filter_map(|o| match o {
            Operand::Reg(r) => Some((*r, true)),
            Operand::Imm(_) => None,
        }));
    }
    if let Some(g) = inst.guard {
        v.push((g.reg, false));
        v.extend(
            inst.op
                .defs()
                .into_iter()
                .filter(|&d| old_needed(k, &live_out[b], b, i, d))
                .map(|d| (d, false)),
        );
    }
    v
}

/// The writes of `r` a read at instruction `at` of block `b` may see. An
/// operand read (`operand`) of a guarded instruction whose register was
/// last written in the block under the same guard (its register unchanged
/// since) sees that write alone: where the guard is off the read does not
/// happen.
fn read_sites(
    u: &Uniformity,
    k: &Kernel,
    b: usize,
    at: usize,
    r: Reg,
    operand: bool,
) -> Vec<usize> {
    let insts = &k.blocks[b].insts;
    if let Some(g) = insts.get(at).and_then(|i| i.guard).filter(|_| operand) {
        for j in (0..at).rev() {
            let defs = insts[j].op.defs();
            if let Some(n) = defs.iter().position(|&d| d == r) {
                if insts[j].guard == Some(g) && !defs.contains(&g.reg) {
                    return vec![u.def_site(b, j, n)];
                }
                break;
            }
            if defs.contains(&g.reg) {
                break;
            }
        }
    }
    u.reaching_sites(k, b, at, r)
}

/// Whether the value register `r` had before guarded instruction `i` of
/// block `b` wrote it may still be read: by a later instruction of the
/// block not under the guard of `r`'s latest write (the lifters' predicated
/// temporaries are written and read under one guard), or after the block.
fn old_needed(k: &Kernel, live_out: &RegSet, b: usize, i: usize, r: Reg) -> bool {
    let insts = &k.blocks[b].insts;
    let mut cur = insts[i].guard;
    for inst in &insts[i + 1..] {
        let reads = inst
            .op
            .uses()
            .iter()
            .any(|o| matches!(o, Operand::Reg(x) if *x == r))
            || inst.guard.is_some_and(|g| g.reg == r);
        if reads && (cur.is_none() || inst.guard != cur) {
            return true;
        }
        let defs = inst.op.defs();
        if cur.is_some_and(|g| defs.contains(&g.reg)) {
            cur = None;
        }
        if defs.contains(&r) {
            match inst.guard {
                None => return false,
                Some(h) => cur = Some(h),
            }
        }
    }
    if matches!(k.blocks[b].term, Term::BrCond { cond, .. } | Term::Switch { index: cond, .. } if cond == r)
    {
        return true;
    }
    live_out.contains(r.0 as usize)
}

/// Whether wave mode can run `k` (its analysis, when it can): no calls,
/// every block reaching an exit, no `%clock` (counted per lane), no host
/// calls (a failed assert stops one lane while the others run on), no
/// `switch`, waves of at most 64 lanes.
pub(super) fn eligible(k: &Kernel) -> Option<Uniformity> {
    if k.wave_size == 0 || k.wave_size > 64 {
        return None;
    }
    let unsupported = |i: &Inst| {
        matches!(
            i.op,
            Op::Special {
                sreg: SReg::Clock,
                ..
            } | Op::HostCall { .. }
        )
    };
    if k.blocks
        .iter()
        .any(|b| b.insts.iter().any(unsupported) || matches!(b.term, Term::Switch { .. }))
    {
        return None;
    }
    Uniformity::of_waves(k, divergence::MAX_TID_X)
}

/// Live registers at the end of each block (the lane-mode liveness of its
/// successors' starts; `exit`'s).
fn live_outs(k: &Kernel, live: &super::live::Liveness) -> Vec<RegSet> {
    k.blocks
        .iter()
        .map(|b| {
            let mut s = RegSet::new(k.regs.len());
            if matches!(b.term, Term::Exit) {
                s.union_with(&live.at_exit);
            }
            for t in b.term.successors() {
                s.union_with(&live.block_in[t.0 as usize]);
            }
            s
        })
        .collect()
}

impl WavePlan {
    /// The plan of a kernel `eligible` for wave mode (`u`: its analysis).
    pub(super) fn of(k: &Kernel, u: Uniformity, live: &super::live::Liveness) -> WavePlan {
        let live_out = live_outs(k, live);
        let ns = u.site_count();
        let mut wave_site = vec![false; ns];
        for x in wave_site.iter_mut().take(k.regs.len()) {
            *x = true;
        }
        // Candidates and the sites their reads depend on.
        let mut cands: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
        for (bi, b) in k.blocks.iter().enumerate() {
            if u.divergent[bi] {
                continue;
            }
            for (i, inst) in b.insts.iter().enumerate() {
                let defs = inst.op.defs();
                if defs.is_empty() || !wave_op(&inst.op) {
                    continue;
                }
                let own: Vec<usize> = (0..defs.len()).map(|n| u.def_site(bi, i, n)).collect();
                let mut deps = Vec::new();
                for (r, operand) in lane_reads(k, &live_out, bi, i) {
                    deps.extend(read_sites(&u, k, bi, i, r, operand));
                }
                for &x in &own {
                    wave_site[x] = true;
                }
                cands.push((own, deps));
            }
        }
        // Optimistic fixpoint: a candidate stays a wave site while all it
        // reads is.
        loop {
            let mut changed = false;
            for (own, deps) in &cands {
                if wave_site[own[0]] && deps.iter().any(|&d| !wave_site[d]) {
                    for &x in own {
                        wave_site[x] = false;
                    }
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let class: Vec<Vec<Class>> = k
            .blocks
            .iter()
            .enumerate()
            .map(|(bi, b)| {
                b.insts
                    .iter()
                    .enumerate()
                    .map(|(i, inst)| match &inst.op {
                        Op::Barrier | Op::Bar(_) => Class::Stop,
                        // Where lanes may be apart, lane mode gathers them at
                        // the next sync point they share, which can come
                        // before the branch's post-dominator, where a group
                        // meets its other lanes (a `break` out of a
                        // divergent `if` in a loop, then a warp operation).
                        o if o.is_sync() && u.divergent[bi] => Class::Apart,
                        Op::WaveSync => Class::Nop,
                        o if o.is_sync() => Class::Warp,
                        o if !o.defs().is_empty() && wave_site[u.def_site(bi, i, 0)] => Class::Wave,
                        _ => Class::Lane,
                    })
                    .collect()
            })
            .collect();
        let mut plan = WavePlan {
            broadcast: vec![false; ns],
            wave_site,
            class,
            rpc: vec![false; k.blocks.len()],
            pushed: vec![false; k.blocks.len()],
            live_out: Vec::new(),
            lane_loops: HashMap::new(),
            first_sync: first_syncs(k),
            has_apart: false,
            counted: 0,
            group_read: vec![false; k.regs.len()],
            u,
        };
        plan.has_apart = plan.class.iter().flatten().any(|&c| c == Class::Apart);
        if plan.has_apart {
            // Lanes stopped at one leave the group short of lanes everywhere
            // after it, up to where lane mode would release them: every
            // warp operation and wave sync is checked then.
            for c in plan.class.iter_mut().flatten() {
                if matches!(c, Class::Warp | Class::Nop) {
                    *c = Class::Apart;
                }
            }
        }
        // A lane waiting at a workgroup barrier stays there while lanes of
        // the group run; one at a `bar.arrive` goes on once counted, and a
        // barrier with a thread count may complete without the group:
        // those count like warp-level points.
        for (id, (b, i)) in k.sync_points().into_iter().enumerate().take(64) {
            if !matches!(k.blocks[b.0 as usize].insts[i as usize].op, Op::Barrier) {
                plan.counted |= 1 << id;
            }
        }
        plan.lane_loops = lane_loops(k, &plan.class);
        for (bi, b) in k.blocks.iter().enumerate() {
            match &b.term {
                Term::BrCond { cond, else_, .. } if !plan.wave_read(k, bi, usize::MAX, *cond) => {
                    plan.pushed[else_.0 as usize] = true;
                    if let Some(r) = plan.u.ipdom[bi] {
                        plan.rpc[r] = true;
                        plan.pushed[r] = true;
                    }
                }
                _ => {}
            }
        }
        // Reads from the lanes' slots: by lane and warp instructions, and
        // of a shuffle's source in every lane.
        for (bi, b) in k.blocks.iter().enumerate() {
            for (i, inst) in b.insts.iter().enumerate() {
                for (r, operand) in lane_reads(k, &live_out, bi, i) {
                    if plan.class[bi][i] == Class::Wave {
                        // (a wave site reads wave sites only: its variables)
                        plan.group_read[r.0 as usize] = true;
                    } else {
                        plan.slot_read(k, bi, i, r, operand, false);
                    }
                }
                match &inst.op {
                    Op::Shfl(op::Shfl { src, lane, .. }) => {
                        if let Operand::Reg(r) = src {
                            plan.slot_read(k, bi, i, *r, false, true);
                        }
                        if let Operand::Reg(r) = lane {
                            plan.slot_read(k, bi, i, *r, false, false);
                        }
                    }
                    Op::Vote {
                        pred: Operand::Reg(r),
                        ..
                    }
                    | Op::ReadFirstLane {
                        src: Operand::Reg(r),
                        ..
                    } => plan.slot_read(k, bi, i, *r, false, false),
                    _ => {}
                }
            }
            if let Term::BrCond { cond, .. } = &b.term {
                plan.slot_read(k, bi, usize::MAX, *cond, false, false);
            }
        }
        plan.prepare(k, live);
        plan.live_out = live_out;
        plan
    }

    /// Whether every write of `r` reaching instruction `at` of block `b` is
    /// a wave site (the read sees the register's variable).
    pub(super) fn wave_read(&self, k: &Kernel, b: usize, at: usize, r: Reg) -> bool {
        self.wave_read_op(k, b, at, r, false)
    }

    /// [`Self::wave_read`] of an operand read (see `read_sites`).
    pub(super) fn wave_read_op(
        &self,
        k: &Kernel,
        b: usize,
        at: usize,
        r: Reg,
        operand: bool,
    ) -> bool {
        read_sites(&self.u, k, b, at, r, operand)
            .iter()
            .all(|&x| self.wave_site[x])
    }

    /// A read of `r` at instruction `at` of block `b` from the lanes'
    /// slots when not every write reaching it is a wave site (`always`:
    /// in any case): the wave sites among them broadcast. Otherwise it
    /// reads the register's variable.
    fn slot_read(&mut self, k: &Kernel, b: usize, at: usize, r: Reg, operand: bool, always: bool) {
        let sites = read_sites(&self.u, k, b, at, r, operand);
        if always || !sites.iter().all(|&x| self.wave_site[x]) {
            for x in sites {
                if self.wave_site[x] {
                    self.broadcast[x] = true;
                }
            }
        } else {
            self.group_read[r.0 as usize] = true;
        }
    }

    /// Registers of `live` a stop at instruction `at` of block `b` finds in
    /// their variables (stored to the slots at the stop); the others' wave
    /// writes broadcast.
    pub(super) fn stop_reads(
        &mut self,
        k: &Kernel,
        b: usize,
        at: usize,
        live: &RegSet,
    ) -> Vec<usize> {
        let mut v = Vec::new();
        for r in live.iter() {
            if self.wave_read(k, b, at, Reg(r as u32)) {
                self.group_read[r] = true;
                v.push(r);
            } else {
                self.slot_read(k, b, at, Reg(r as u32), false, false);
            }
        }
        v
    }

    /// Marks the broadcasts the stops need (before any code is lowered):
    /// barriers, exits, yields at backward transfers and the yields of a
    /// full stack, each storing the live registers found in variables.
    pub(super) fn prepare(&mut self, k: &Kernel, live: &super::live::Liveness) {
        for (bi, b) in k.blocks.iter().enumerate() {
            for i in 0..b.insts.len() {
                if matches!(self.class[bi][i], Class::Stop | Class::Apart) {
                    let l = &live.sync[&(bi as u32, i as u32)].0;
                    self.stop_reads(k, bi, i, l);
                }
            }
            if matches!(b.term, Term::Exit) {
                self.stop_reads(k, bi, usize::MAX, &live.at_exit);
            }
            for t in b.term.successors() {
                if t.0 as usize <= bi {
                    self.stop_reads(k, bi, usize::MAX, &live.block_in[t.0 as usize]);
                }
            }
            if let Term::BrCond { cond, else_, .. } = &b.term {
                if !self.wave_read(k, bi, usize::MAX, *cond) {
                    let mut pcs = vec![else_.0 as usize];
                    pcs.extend(self.u.ipdom[bi]);
                    for pc in pcs {
                        self.stop_reads(k, bi, usize::MAX, &live.block_in[pc]);
                    }
                }
            }
        }
    }

    /// Whether the `n`-th register written by instruction `i` of block `b`
    /// goes to its variable, and whether it is also broadcast.
    pub(super) fn def_at(&self, b: usize, i: usize, n: usize) -> (bool, bool) {
        let x = self.u.def_site(b, i, n);
        (self.wave_site[x], self.broadcast[x])
    }
}

/// Where a lane loop's lane copy goes (see `emit_lane_loop`).
struct LaneCopy<'a> {
    /// The lane copies of the loop's blocks, and its header.
    copies: &'a HashMap<usize, ir::Block>,
    header: usize,
    /// The loop's exit block, the lane's epilogue (stores) and where the
    /// next lane starts.
    exit: usize,
    epi: ir::Block,
    cont: ir::Block,
    /// The lane's index in the call and its bit in the mask.
    lane: Value,
    bit: Value,
    /// Per register: the lane holds it in a variable inside the loop.
    in_vars: &'a [bool],
    /// A streaming loop's lanes still to run another round.
    park: Option<Variable>,
}

/// Wave-mode state of the lowering.
pub(super) struct WaveState {
    pub plan: WavePlan,
    /// First lane of the wave, one past its last (`i32`).
    w0: Value,
    w1: Value,
    /// Active lanes of the current stack entry (bit `i`: lane `w0 + i`).
    mask: Variable,
    /// The current entry's reconvergence block ([`NONE`]).
    rpc: Variable,
    /// Entries on the stack.
    depth: Variable,
    /// Lanes of the group that have stopped.
    stopped: Variable,
    /// The lowest warp-level sync point a lane of the wave outside the
    /// running lanes and the stack waits at or may reach (`i32`; [`NONE`]:
    /// none), kept where the kernel has [`Class::Apart`] instructions.
    floor: Variable,
    /// The lane faults and cancellation are reported for.
    lane_var: Variable,
    /// The group's first lane, its context.
    first: Value,
    gctx: Value,
    /// The stack (capacity `cap` entries) and a buffer of one value per lane.
    stack: ir::StackSlot,
    cap: u32,
    buf: ir::StackSlot,
    /// Pops the next entry (or ends the group).
    pop: ir::Block,
    /// Where the group scan starts again for this wave.
    rescan: ir::Block,
    /// Per IR block: the block transfers go to (the reconvergence check).
    starts: Vec<ir::Block>,
    /// Per IR block: live registers after each instruction (computed on use).
    live_after: HashMap<usize, Vec<RegSet>>,
}

impl Lowerer<'_, '_> {
    fn ws(&self) -> &WaveState {
        self.wave.as_ref().expect("wave mode")
    }

    fn ws_mut(&mut self) -> &mut WaveState {
        self.wave.as_mut().expect("wave mode")
    }

    /// Whether `r`, read at instruction `at` of the block being lowered,
    /// is in its variable (else in the lanes' slots).
    fn in_var(&self, r: Reg, at: usize) -> bool {
        self.ws()
            .plan
            .wave_read(self.k, self.pos.block as usize, at, r)
    }

    /// Builds the function's frame in wave mode (the function's entry block
    /// is current; `u`: the kernel's analysis, from `eligible`): the loop
    /// over waves, the group scan, the group's mask and the dispatch on its
    /// resume point.
    pub(super) fn wave_prelude(&mut self, u: Uniformity) {
        let (stops, n) = (self.stops, self.n_lanes);
        let plan = WavePlan::of(self.k, u, &self.live);
        let wave = self.k.wave_size;
        let nblocks = self.k.blocks.len() as u32;
        let cap = 2 * nblocks + 8;
        let stack = self.b.create_sized_stack_slot(StackSlotData::new(
            StackSlotKind::ExplicitSlot,
            cap * ENTRY,
            3,
        ));
        let buf = self.b.create_sized_stack_slot(StackSlotData::new(
            StackSlotKind::ExplicitSlot,
            64 * 8,
            3,
        ));
        let mask = self.b.declare_var(clt::I64);
        let rpc = self.b.declare_var(clt::I32);
        let depth = self.b.declare_var(clt::I32);
        let stopped = self.b.declare_var(clt::I64);
        let floor = self.b.declare_var(clt::I32);
        let lane_var = self.b.declare_var(clt::I32);

        let head = self.b.create_block();
        self.b.append_block_param(head, clt::I32);
        let zero = self.iconst(clt::I32, 0);
        self.b.ins().jump(head, &[BlockArg::Value(zero)]);
        // Wave head: all waves done, or the next one's bounds.
        self.b.switch_to_block(head);
        let w0 = self.b.block_params(head)[0];
        let done = self.b.create_block();
        let go = self.b.create_block();
        let all = self.b.ins().icmp(IntCC::UnsignedGreaterThanOrEqual, w0, n);
        self.b.ins().brif(all, done, &[], go, &[]);
        self.b.switch_to_block(done);
        self.b.ins().return_(&[n]);
        self.b.switch_to_block(go);
        let end = self.b.ins().iadd_imm_u(w0, i64::from(wave));
        let w1 = self.b.ins().umin(end, n);
        let rescan = self.b.create_block();
        self.b.ins().jump(rescan, &[]);
        // The scan for the first lane asking for a run.
        self.b.switch_to_block(rescan);
        let scan = self.b.create_block();
        self.b.append_block_param(scan, clt::I32);
        self.b.ins().jump(scan, &[BlockArg::Value(w0)]);
        self.b.switch_to_block(scan);
        let i = self.b.block_params(scan)[0];
        let past = self.b.ins().icmp(IntCC::UnsignedGreaterThanOrEqual, i, w1);
        let next_wave = self.b.create_block();
        let look = self.b.create_block();
        self.b.ins().brif(past, next_wave, &[], look, &[]);
        self.b.switch_to_block(next_wave);
        self.b.ins().jump(head, &[BlockArg::Value(end)]);
        self.b.switch_to_block(look);
        let s = self.load_stop(stops, i);
        let run = self.b.ins().icmp_imm_u(
            IntCC::UnsignedGreaterThanOrEqual,
            s,
            i64::from(ctx::RUN_AFTER_SYNC_BASE),
        );
        let found = self.b.create_block();
        let skip = self.b.create_block();
        self.b.ins().brif(run, found, &[], skip, &[]);
        self.b.switch_to_block(skip);
        let i1 = self.b.ins().iadd_imm_u(i, 1);
        self.b.ins().jump(scan, &[BlockArg::Value(i1)]);
        // The group: lanes of the wave asking to resume where lane `i` does.
        self.b.switch_to_block(found);
        let gctx = self.lane_ctx(i);
        let p = self.resume_of(s, gctx);
        let mloop = self.b.create_block();
        self.b.append_block_param(mloop, clt::I32);
        self.b.append_block_param(mloop, clt::I64);
        let z64 = self.iconst(clt::I64, 0);
        self.b
            .ins()
            .jump(mloop, &[BlockArg::Value(i), BlockArg::Value(z64)]);
        self.b.switch_to_block(mloop);
        let (j, m) = (self.b.block_params(mloop)[0], self.b.block_params(mloop)[1]);
        let mdone = self.b.create_block();
        let mbody = self.b.create_block();
        let past = self.b.ins().icmp(IntCC::UnsignedGreaterThanOrEqual, j, w1);
        self.b.ins().brif(past, mdone, &[], mbody, &[]);
        self.b.switch_to_block(mbody);
        // The same request as lane `i` (not `RUN_LANE`): the same resume
        // point, without reading the lane's context.
        let sj = self.load_stop(stops, j);
        let quick = self.b.ins().icmp(IntCC::Equal, sj, s);
        let not_ctx = self
            .b
            .ins()
            .icmp_imm_u(IntCC::NotEqual, s, i64::from(ctx::RUN_LANE));
        let quick = self.b.ins().band(quick, not_ctx);
        let fast = self.b.create_block();
        let slow = self.b.create_block();
        let add = self.b.create_block();
        self.b.append_block_param(add, clt::I8);
        self.b.ins().brif(quick, fast, &[], slow, &[]);
        self.b.switch_to_block(fast);
        let one8 = self.iconst(clt::I8, 1);
        self.b.ins().jump(add, &[BlockArg::Value(one8)]);
        self.b.switch_to_block(slow);
        let cj = self.lane_ctx(j);
        let pj = self.resume_of(sj, cj);
        let runj = self.b.ins().icmp_imm_u(
            IntCC::UnsignedGreaterThanOrEqual,
            sj,
            i64::from(ctx::RUN_AFTER_SYNC_BASE),
        );
        let same = self.b.ins().icmp(IntCC::Equal, pj, p);
        let hit = self.b.ins().band(runj, same);
        self.b.ins().jump(add, &[BlockArg::Value(hit)]);
        self.b.switch_to_block(add);
        let hit = self.b.block_params(add)[0];
        let hit = self.b.ins().uextend(clt::I64, hit);
        let bit = self.b.ins().isub(j, w0);
        let bit = self.b.ins().uextend(clt::I64, bit);
        let hit = self.b.ins().ishl(hit, bit);
        let m2 = self.b.ins().bor(m, hit);
        let j1 = self.b.ins().iadd_imm_u(j, 1);
        self.b
            .ins()
            .jump(mloop, &[BlockArg::Value(j1), BlockArg::Value(m2)]);
        self.b.switch_to_block(mdone);
        self.b.def_var(mask, m);
        let none = self.iconst(clt::I32, NONE as u64);
        self.b.def_var(rpc, none);
        let zero = self.iconst(clt::I32, 0);
        self.b.def_var(depth, zero);
        self.b.def_var(self.backedges, zero);
        let z64 = self.iconst(clt::I64, 0);
        self.b.def_var(stopped, z64);
        let nonev = self.iconst(clt::I32, NONE as u64);
        self.b.def_var(floor, nonev);
        self.b.def_var(lane_var, i);

        let pop = self.b.create_block();
        let starts = (0..self.k.blocks.len())
            .map(|bi| {
                if plan.rpc[bi] {
                    self.b.create_block()
                } else {
                    self.segs[bi][0].block
                }
            })
            .collect();
        self.ctx = gctx;
        self.lane = i;
        self.want = s;
        self.wave = Some(WaveState {
            plan,
            w0,
            w1,
            mask,
            rpc,
            depth,
            stopped,
            floor,
            lane_var,
            first: i,
            gctx,
            stack,
            cap,
            buf,
            pop,
            rescan,
            starts,
            live_after: HashMap::new(),
        });
        if self.ws().plan.has_apart {
            self.wave_floor(m);
        }
        self.wave_dispatch(p);
    }

    /// Sets the group's `floor` from the stop codes of the wave's lanes
    /// outside the group `m`: lanes at a sync point count with its id but
    /// at a workgroup barrier (`WavePlan::counted`), lanes that exited not
    /// at all, and any other lane (one asking for a run of its own, a
    /// yield) as 0.
    fn wave_floor(&mut self, m: Value) {
        let (w0, w1) = (self.ws().w0, self.ws().w1);
        let n = self.b.ins().isub(w1, w0);
        let n = self.b.ins().uextend(clt::I64, n);
        let ones = self.iconst(clt::I64, u64::MAX);
        let c64 = self.iconst(clt::I64, 64);
        let sh = self.b.ins().isub(c64, n);
        let all = self.b.ins().ushr(ones, sh);
        let others = self.b.ins().band_not(all, m);
        let stops = self.stops;
        let counted = self.ws().plan.counted;
        let fv = self.ws().floor;
        self.for_lanes(others, |l, lane, _bit, _c| {
            let code = l.load_stop(stops, lane);
            let kp = l.b.ins().iadd_imm_u(code, -i64::from(STOP_SYNC_BASE));
            let is_sync = l.b.ins().icmp_imm_u(
                IntCC::UnsignedLessThan,
                kp,
                i64::from(ctx::RUN_AFTER_SYNC_BASE - STOP_SYNC_BASE),
            );
            let small = l.b.ins().icmp_imm_u(IntCC::UnsignedLessThan, kp, 64);
            let wl = l.iconst(clt::I64, counted);
            let k64 = l.b.ins().uextend(clt::I64, kp);
            let bit = l.b.ins().ushr(wl, k64);
            let bit = l.b.ins().band_imm_u(bit, 1);
            let barrier = l.b.ins().icmp_imm_u(IntCC::Equal, bit, 0);
            let barrier = l.b.ins().band(small, barrier);
            let none = l.iconst(clt::I32, NONE as u64);
            let at_sync = l.b.ins().select(barrier, none, kp);
            let exited =
                l.b.ins()
                    .icmp_imm_u(IntCC::Equal, code, i64::from(STOP_EXIT));
            let zero = l.iconst(clt::I32, 0);
            let other = l.b.ins().select(exited, none, zero);
            let v = l.b.ins().select(is_sync, at_sync, other);
            let f = l.b.use_var(fv);
            let f = l.b.ins().umin(f, v);
            l.b.def_var(fv, f);
        });
    }

    /// Whether the group at [`Class::Apart`] instruction `inst` (index `idx`
    /// of block `bi`, sync point `k`) is the set of lanes lane mode would
    /// run it over: no lane of the wave outside the group waits at or may
    /// reach a warp-level sync point at or before `k` first (`floor`; lanes
    /// on the stack by where they resume, [`first_syncs`]), and, when a
    /// false guard lets lanes past it towards such a point, it selects the
    /// whole group. Lane mode runs every other lane to its next stop and
    /// then the lowest sync point lanes wait at, over the lanes waiting
    /// there: by these conditions, this one over this group.
    fn apart_exact(&mut self, bi: usize, idx: usize, inst: &Inst, k: u32) -> Value {
        let m = self.use_mask();
        let fv = self.ws().floor;
        let f = self.b.use_var(fv);
        let mut ok = self
            .b
            .ins()
            .icmp_imm_u(IntCC::UnsignedGreaterThan, f, i64::from(k));
        if inst.guard.is_some()
            && first_sync_from(self.k, &self.ws().plan.first_sync, bi, idx + 1, k + 1) <= k
        {
            let p = self.guarded_mask(inst.guard);
            let whole = self.b.ins().icmp(IntCC::Equal, p, m);
            ok = self.b.ins().band(ok, whole);
        }
        // The stack: any entry with lanes still to run whose block may lead
        // to a sync point at or before `k`.
        let sv = self.ws().stopped;
        let st = self.b.use_var(sv);
        let away = self.b.ins().bor(st, m);
        let dv = self.ws().depth;
        let depth = self.b.use_var(dv);
        let head = self.b.create_block();
        self.b.append_block_param(head, clt::I32);
        self.b.append_block_param(head, clt::I8);
        let body = self.b.create_block();
        let done = self.b.create_block();
        self.b.append_block_param(done, clt::I8);
        let zero = self.iconst(clt::I32, 0);
        self.b
            .ins()
            .jump(head, &[BlockArg::Value(zero), BlockArg::Value(ok)]);
        self.b.switch_to_block(head);
        let (d, acc) = (self.b.block_params(head)[0], self.b.block_params(head)[1]);
        let more = self.b.ins().icmp(IntCC::UnsignedLessThan, d, depth);
        self.b
            .ins()
            .brif(more, body, &[], done, &[BlockArg::Value(acc)]);
        self.b.switch_to_block(body);
        let e = self.entry_addr(d);
        let fl = MemFlagsData::trusted();
        let em = self.b.ins().load(clt::I64, fl, e, 8);
        let fs = self.b.ins().load(clt::I32, fl, e, 16);
        let pend = self.b.ins().band_not(em, away);
        let some = self.b.ins().icmp_imm_u(IntCC::NotEqual, pend, 0);
        let early = self
            .b
            .ins()
            .icmp_imm_u(IntCC::UnsignedLessThanOrEqual, fs, i64::from(k));
        let bad = self.b.ins().band(some, early);
        let acc2 = self.b.ins().band_not(acc, bad);
        let d1 = self.b.ins().iadd_imm_u(d, 1);
        self.b
            .ins()
            .jump(head, &[BlockArg::Value(d1), BlockArg::Value(acc2)]);
        self.b.switch_to_block(done);
        self.b.block_params(done)[0]
    }

    /// `stops[i]`.
    fn load_stop(&mut self, stops: Value, i: Value) -> Value {
        let a = self.stop_addr(stops, i);
        self.b.ins().load(clt::I32, MemFlagsData::trusted(), a, 0)
    }

    fn stop_addr(&mut self, stops: Value, i: Value) -> Value {
        let wide = self.b.ins().uextend(clt::I64, i);
        let off = self.b.ins().ishl_imm_u(wide, 2);
        self.b.ins().iadd(stops, off)
    }

    /// The context of lane `i` of the call.
    fn lane_ctx(&mut self, i: Value) -> Value {
        let wide = self.b.ins().uextend(clt::I64, i);
        let off = self
            .b
            .ins()
            .imul_imm_u(wide, std::mem::size_of::<LaneCtx>() as i64);
        self.b.ins().iadd(self.ctxs, off)
    }

    /// Dispatches the group on resume point `p`: the kernel entry, right
    /// after a barrier, or a block start (after a yield).
    fn wave_dispatch(&mut self, p: Value) {
        let bad = self.b.create_block();
        self.b.set_cold_block(bad);
        let by_sync = self.b.create_block();
        let by_block = self.b.create_block();
        let is_block = self.b.ins().icmp_imm_u(
            IntCC::UnsignedGreaterThanOrEqual,
            p,
            i64::from(RESUME_BLOCK_BASE),
        );
        self.b.ins().brif(is_block, by_block, &[], by_sync, &[]);
        let mut pads = vec![{
            let live = self.live.block_in[0].clone();
            self.wave_landing(self.segs[0][0].block, &live, 0, 0, false, false)
        }];
        for (bl, ix) in self.k.sync_points() {
            let class = self.ws().plan.class[bl.0 as usize][ix as usize];
            if matches!(class, Class::Stop | Class::Apart) {
                let live = self.live.sync[&(bl.0, ix)].1.clone();
                let t = self.resume_block(bl, ix);
                pads.push(self.wave_landing(t, &live, bl.0 as usize, ix as usize + 1, true, true));
            } else {
                pads.push(bad);
            }
        }
        self.b.switch_to_block(by_sync);
        self.br_table(p, &pads, bad);
        let targets = super::yield_targets(self.k);
        let blocks: Vec<ir::Block> = (0..self.k.blocks.len())
            .map(|bi| {
                if targets[bi] || self.ws().plan.pushed[bi] {
                    let live = self.live.block_in[bi].clone();
                    self.wave_landing(self.segs[bi][0].block, &live, bi, 0, true, false)
                } else {
                    bad
                }
            })
            .collect();
        self.b.switch_to_block(by_block);
        let idx = self.b.ins().iadd_imm_u(p, -i64::from(RESUME_BLOCK_BASE));
        self.br_table(idx, &blocks, bad);
        self.b.switch_to_block(bad);
        self.pos = super::Pos::default();
        let zero = self.iconst(clt::I64, 0);
        self.emit_fault(fault_kind::TRAP, zero, 0, 0);
    }

    /// A landing block: loads the registers `live` that are in variables at
    /// instruction `at` of block `b` from the first lane's slots, drops from
    /// the group the lanes whose slots disagree (`check`; not at the
    /// kernel's entry, where every lane has the launch's values and
    /// registers the conservative liveness keeps may hold stale values
    /// nothing reads), and goes to `target`.
    fn wave_landing(
        &mut self,
        target: ir::Block,
        live: &RegSet,
        b: usize,
        at: usize,
        check: bool,
        stamped: bool,
    ) -> ir::Block {
        let pad = self.b.create_block();
        self.b.switch_to_block(pad);
        let k = self.k;
        let scalars: Vec<usize> = live
            .iter()
            .filter(|&r| self.ws().plan.wave_read(k, b, at, Reg(r as u32)))
            .collect();
        let gctx = self.ws().gctx;
        let regs = self.regs_of(gctx);
        let mut raw = Vec::with_capacity(scalars.len());
        for &r in &scalars {
            let ty = super::values::cl_type(self.k.regs[r].ty);
            let v = self.b.ins().load(ty, slot_flags(), regs, slot_offset(r));
            self.b.def_var(self.vars[r], v);
            raw.push(
                self.b
                    .ins()
                    .load(clt::I64, slot_flags(), regs, slot_offset(r)),
            );
        }
        if !scalars.is_empty() && check {
            // Keep the lanes whose scalar slots equal the first lane's: at
            // once where a barrier stopped them together with the first
            // lane (the same stop stamp), else by comparing the slots.
            let m = self.use_mask();
            let keep = self.b.declare_var(clt::I64);
            self.b.def_var(keep, m);
            let first_stamp = stamped.then(|| self.load_stamp(gctx));
            self.for_lanes(m, |l, _lane, i, c| {
                let next = l.b.create_block();
                if let Some(fs) = first_stamp {
                    let st = l.load_stamp(c);
                    let same = l.b.ins().icmp(IntCC::Equal, st, fs);
                    let cmp = l.b.create_block();
                    l.b.ins().brif(same, next, &[], cmp, &[]);
                    l.b.switch_to_block(cmp);
                }
                let regs = l.regs_of(c);
                let mut same = None;
                for (k, &r) in scalars.iter().enumerate() {
                    let v = l.b.ins().load(clt::I64, slot_flags(), regs, slot_offset(r));
                    let eq = l.b.ins().icmp(IntCC::Equal, v, raw[k]);
                    same = Some(match same {
                        Some(s) => l.b.ins().band(s, eq),
                        None => eq,
                    });
                }
                let same = same.expect("scalars is not empty");
                let same = l.b.ins().uextend(clt::I64, same);
                let one = l.iconst(clt::I64, 1);
                let flip = l.b.ins().bxor(same, one);
                let i64v = l.b.ins().uextend(clt::I64, i);
                let flip = l.b.ins().ishl(flip, i64v);
                let k = l.b.use_var(keep);
                let nk = l.b.ins().band_not(k, flip);
                l.b.def_var(keep, nk);
                l.b.ins().jump(next, &[]);
                l.b.switch_to_block(next);
            });
            let k = self.b.use_var(keep);
            let mask = self.ws().mask;
            self.b.def_var(mask, k);
            if self.ws().plan.has_apart {
                // A dropped lane runs in a group of its own later, from
                // here: it may reach any sync point first.
                let fv = self.ws().floor;
                let f = self.b.use_var(fv);
                let same = self.b.ins().icmp(IntCC::Equal, k, m);
                let zero = self.iconst(clt::I32, 0);
                let f = self.b.ins().select(same, f, zero);
                self.b.def_var(fv, f);
            }
        }
        self.b.ins().jump(target, &[]);
        pad
    }

    /// The stop stamp a barrier left in the lane of context `c`
    /// (`ctx.resume` low, `ctx.call_depth` high: see `stop_lanes`).
    fn load_stamp(&mut self, c: Value) -> Value {
        let f = MemFlagsData::trusted();
        let lo = self.b.ins().load(clt::I32, f, c, LaneCtx::OFFSETS.resume);
        let hi = self
            .b
            .ins()
            .load(clt::I32, f, c, LaneCtx::OFFSETS.call_depth);
        let lo = self.b.ins().uextend(clt::I64, lo);
        let hi = self.b.ins().uextend(clt::I64, hi);
        let hi = self.b.ins().ishl_imm_u(hi, 32);
        self.b.ins().bor(lo, hi)
    }

    fn use_mask(&mut self) -> Value {
        let v = self.ws().mask;
        self.b.use_var(v)
    }

    fn def_mask(&mut self, m: Value) {
        let v = self.ws().mask;
        self.b.def_var(v, m);
    }

    /// Starts a lane's turn in a lane loop (a run, a lane loop): its context
    /// and reported lane, the registers `pre` from the group's values
    /// `pre_vals` and `loads` from its slots. Returns its register file.
    fn enter_lane(
        &mut self,
        lane: Value,
        c: Value,
        pre: &[usize],
        pre_vals: &[Value],
        loads: &[usize],
    ) -> Value {
        self.ctx = c;
        let lv = self.ws().lane_var;
        self.b.def_var(lv, lane);
        let regs = self.regs_of(c);
        for (&r, &v) in pre.iter().zip(pre_vals) {
            self.b.def_var(self.vars[r], v);
        }
        for &r in loads {
            let ty = super::values::cl_type(self.k.regs[r].ty);
            let v = self.b.ins().load(ty, slot_flags(), regs, slot_offset(r));
            self.b.def_var(self.vars[r], v);
        }
        regs
    }

    /// The group's values of registers `rs`' variables, for
    /// [`Self::restore_vars`] after per-lane code (a run, a lane loop): the
    /// lanes' code defines the variables with each lane's values, and the
    /// loop over the lanes would leave the last lane's where the group's are
    /// read next. A branch whose sides meet only at the exit (one side may
    /// end in a trap) runs the blocks after them once per side: the second
    /// side reads the group's value of a register the first side's run
    /// wrote later on (`tests/tests/wave_mode.rs`, `JOIN_AFTER_TRAP`).
    /// Only registers some read sees in their variable need it (the others'
    /// variables are per-lane scratch).
    fn save_vars(&mut self, rs: impl IntoIterator<Item = usize>) -> Vec<(usize, Value)> {
        let rs: Vec<usize> = rs
            .into_iter()
            .filter(|&r| self.ws().plan.group_read[r])
            .collect();
        rs.into_iter()
            .map(|r| (r, self.b.use_var(self.vars[r])))
            .collect()
    }

    /// Puts back the group's values saved by [`Self::save_vars`].
    fn restore_vars(&mut self, saved: &[(usize, Value)]) {
        for &(r, v) in saved {
            self.b.def_var(self.vars[r], v);
        }
    }

    /// Stores the variables of registers `rs` to their slots in `regs`.
    fn store_vars(&mut self, regs: Value, rs: impl IntoIterator<Item = usize>) {
        for r in rs {
            let v = self.b.use_var(self.vars[r]);
            let bits = self.u64_of(v, self.k.regs[r].ty);
            self.b.ins().store(slot_flags(), bits, regs, slot_offset(r));
        }
    }

    /// `ctx.regs` of context `c`.
    fn regs_of(&mut self, c: Value) -> Value {
        let flags = MemFlagsData::trusted().with_readonly().with_can_move();
        self.b.ins().load(clt::I64, flags, c, LaneCtx::OFFSETS.regs)
    }

    /// Emits a loop over the lanes of mask `m` (lowest first), calling
    /// `body(self, lane, bit, ctx)` with the lane's index in the call, its
    /// bit in the mask and its context; continues after the loop.
    fn for_lanes(&mut self, m: Value, mut body: impl FnMut(&mut Self, Value, Value, Value)) {
        let head = self.b.create_block();
        self.b.append_block_param(head, clt::I64);
        let bodyb = self.b.create_block();
        let after = self.b.create_block();
        self.b.ins().jump(head, &[BlockArg::Value(m)]);
        self.b.switch_to_block(head);
        let cur = self.b.block_params(head)[0];
        let zero = self.iconst(clt::I64, 0);
        let empty = self.b.ins().icmp(IntCC::Equal, cur, zero);
        self.b.ins().brif(empty, after, &[], bodyb, &[]);
        self.b.switch_to_block(bodyb);
        let bit = self.b.ins().ctz(cur);
        let bit = self.b.ins().ireduce(clt::I32, bit);
        let one = self.iconst(clt::I64, 1);
        let low = self.b.ins().isub(cur, one);
        let rest = self.b.ins().band(cur, low);
        let w0 = self.ws().w0;
        let lane = self.b.ins().iadd(w0, bit);
        let c = self.lane_ctx(lane);
        body(self, lane, bit, c);
        self.b.ins().jump(head, &[BlockArg::Value(rest)]);
        self.b.switch_to_block(after);
    }

    /// Lowers the IR in wave mode.
    pub(super) fn lower_all_wave(&mut self) -> Result<(), JitError> {
        for bi in 0..self.k.blocks.len() {
            if self.ws().plan.rpc[bi] {
                self.emit_rpc_check(bi);
            }
            if self.ws().plan.lane_loops.contains_key(&bi) {
                self.emit_lane_loop(bi)?;
                continue;
            }
            for si in 0..self.segs[bi].len() {
                self.lower_wave_segment(bi, si)?;
            }
        }
        self.emit_pop();
        self.emit_wave_abort();
        Ok(())
    }

    /// The entry of a lane loop (its header's block in wave mode): each
    /// active lane runs the loop to its exit on its own, its registers in
    /// host registers (from the lane's slots or the group's variables where
    /// the loop starts, back to its slots at the exit where live there);
    /// then the group goes on at the exit. A lane that exits the kernel or
    /// yields inside the loop leaves the group.
    fn emit_lane_loop(&mut self, h: usize) -> Result<(), JitError> {
        let ll = self.ws().plan.lane_loops[&h].clone();
        let k = self.k;
        self.b.switch_to_block(self.segs[h][0].block);
        self.ctx = self.ws().gctx;
        let nr = k.regs.len();
        let mut touched = RegSet::new(nr);
        let mut written = RegSet::new(nr);
        for &b in &ll.blocks {
            let blk = &k.blocks[b];
            for inst in &blk.insts {
                for u in inst.op.uses() {
                    if let Operand::Reg(r) = u {
                        touched.insert(r.0 as usize);
                    }
                }
                if let Some(g) = inst.guard {
                    touched.insert(g.reg.0 as usize);
                }
                for d in inst.op.defs() {
                    touched.insert(d.0 as usize);
                    written.insert(d.0 as usize);
                }
            }
            if let Term::BrCond { cond, .. } = blk.term {
                touched.insert(cond.0 as usize);
            }
        }
        let (mut pre, mut loads) = (Vec::new(), Vec::new());
        for r in touched.iter() {
            if self.ws().plan.wave_read(k, h, 0, Reg(r as u32)) {
                pre.push(r);
            } else {
                loads.push(r);
            }
        }
        // What a lane stopping inside stores: the registers it has in host
        // registers (touched) and the group's variables.
        let in_vars: Vec<bool> = (0..nr)
            .map(|r| touched.contains(r) || self.ws().plan.wave_read(k, h, 0, Reg(r as u32)))
            .collect();
        let stores: Vec<usize> = written
            .iter()
            .filter(|&r| self.live.block_in[ll.exit].contains(r))
            .collect();
        let pre_vals: Vec<Value> = pre.iter().map(|&r| self.b.use_var(self.vars[r])).collect();
        let saved = self.save_vars(touched.iter());
        let copies: HashMap<usize, ir::Block> = ll
            .blocks
            .iter()
            .map(|&b| (b, self.b.create_block()))
            .collect();
        // Rounds over the lanes still in the loop: in a streaming loop (one
        // that loads or stores global memory per lane) a lane goes back to
        // the header after YIELD_STREAMING iterations and the next lane
        // runs, so that consecutive lanes touch consecutive addresses at
        // about the same time, as lane mode's yields arrange.
        let park = self.streaming[h];
        let pending = self.b.declare_var(clt::I64);
        let m0 = self.use_mask();
        self.b.def_var(pending, m0);
        let round = self.b.create_block();
        let go_round = self.b.create_block();
        let after = self.b.create_block();
        self.b.ins().jump(round, &[]);
        self.b.switch_to_block(round);
        let m = self.b.use_var(pending);
        let zero = self.iconst(clt::I64, 0);
        let none = self.b.ins().icmp(IntCC::Equal, m, zero);
        self.b.ins().brif(none, after, &[], go_round, &[]);
        self.b.switch_to_block(go_round);
        self.b.def_var(pending, zero);
        let mut result = Ok(());
        self.for_lanes(m, |l, lane, bit, c| {
            l.enter_lane(lane, c, &pre, &pre_vals, &loads);
            let zero = l.iconst(clt::I32, 0);
            l.b.def_var(l.backedges, zero);
            let epi = l.b.create_block();
            let cont = l.b.create_block();
            l.b.ins().jump(copies[&h], &[]);
            let lc = LaneCopy {
                copies: &copies,
                header: h,
                exit: ll.exit,
                epi,
                cont,
                lane,
                bit,
                in_vars: &in_vars,
                park: park.then_some(pending),
            };
            for &b in &ll.blocks {
                if result.is_ok() {
                    result = l.lower_lane_copy(b, &lc);
                }
            }
            l.b.switch_to_block(epi);
            let regs = l.regs_of(c);
            l.store_vars(regs, stores.iter().copied());
            l.b.ins().jump(cont, &[]);
            l.b.switch_to_block(cont);
        });
        self.at_group();
        result?;
        self.b.ins().jump(round, &[]);
        self.b.switch_to_block(after);
        self.restore_vars(&saved);
        let m = self.use_mask();
        let zero = self.iconst(clt::I64, 0);
        let none = self.b.ins().icmp(IntCC::Equal, m, zero);
        let (go, pop) = (self.b.create_block(), self.ws().pop);
        self.b.ins().brif(none, pop, &[], go, &[]);
        self.b.switch_to_block(go);
        let last = *ll.blocks.iter().max().expect("a loop has blocks");
        self.pos = super::Pos {
            block: last as u32,
            inst: k.blocks[last].insts.len() as u32,
            seg_end: k.blocks[last].insts.len() as u32,
        };
        self.wave_goto(last, BlockId(ll.exit as u32));
        Ok(())
    }

    /// Block `b` of a lane loop, lowered for one lane (see `emit_lane_loop`).
    fn lower_lane_copy(&mut self, b: usize, lc: &LaneCopy) -> Result<(), JitError> {
        let k = self.k;
        let blk = &k.blocks[b];
        self.b.switch_to_block(lc.copies[&b]);
        let len = blk.insts.len() as u32;
        self.pos = super::Pos {
            block: b as u32,
            inst: 0,
            seg_end: len,
        };
        for (i, inst) in blk.insts.iter().enumerate() {
            self.pos.inst = i as u32;
            self.lower_inst(inst)?;
        }
        self.pos.inst = len;
        match &blk.term {
            Term::Br(t) => self.lane_edge(b, *t, lc),
            Term::BrCond { cond, then_, else_ } => {
                let c = self.read((*cond).into(), Type::I1);
                let (tb, eb) = (self.b.create_block(), self.b.create_block());
                self.b.ins().brif(c, tb, &[], eb, &[]);
                self.b.switch_to_block(tb);
                self.lane_edge(b, *then_, lc);
                self.b.switch_to_block(eb);
                self.lane_edge(b, *else_, lc);
            }
            Term::Exit => {
                let live = self.live.at_exit.clone();
                self.lane_stop(lc, STOP_EXIT, &live, None);
            }
            Term::Trap => {
                let zero = self.iconst(clt::I64, 0);
                self.emit_fault(fault_kind::TRAP, zero, 0, 0);
            }
            _ => return Err(self.unsupported("terminator in a lane loop")),
        }
        Ok(())
    }

    /// A lane's transfer from block `from` to `to` inside a lane loop:
    /// the exit goes to the epilogue; backward ones poll cancellation and
    /// yield the lane every `YIELD_BACKEDGES`.
    fn lane_edge(&mut self, from: usize, to: BlockId, lc: &LaneCopy) {
        let t = to.0 as usize;
        if t == lc.exit {
            self.b.ins().jump(lc.epi, &[]);
            return;
        }
        let target = lc.copies[&t];
        if t > from {
            self.b.ins().jump(target, &[]);
            return;
        }
        let (lim, pending) = match lc.park {
            Some(p) if t == lc.header => (YIELD_STREAMING, Some(p)),
            _ => (YIELD_BACKEDGES, None),
        };
        self.count_backedge(lim, target);
        let live = self.live.block_in[t].clone();
        match pending {
            // Back to the header in the next round: the registers live
            // there go to the lane's slots.
            Some(p) => {
                let regs = self.regs_of(self.ctx);
                self.store_vars(regs, live.iter().filter(|&r| lc.in_vars[r]));
                let one = self.iconst(clt::I64, 1);
                let bw = self.b.ins().uextend(clt::I64, lc.bit);
                let b1 = self.b.ins().ishl(one, bw);
                let pm = self.b.use_var(p);
                let pm = self.b.ins().bor(pm, b1);
                self.b.def_var(p, pm);
                self.b.ins().jump(lc.cont, &[]);
            }
            None => self.lane_stop(lc, STOP_YIELD, &live, Some(RESUME_BLOCK_BASE + to.0)),
        }
    }

    /// Stops the lane running a lane loop: the registers of `live` it holds
    /// (or the group's variables hold) go to its slots, its stop code is
    /// written and it leaves the group.
    fn lane_stop(&mut self, lc: &LaneCopy, code: u32, live: &RegSet, resume: Option<u32>) {
        let c = self.ctx;
        let regs = self.regs_of(c);
        self.store_vars(regs, live.iter().filter(|&r| lc.in_vars[r]));
        if let Some(r) = resume {
            let rv = self.iconst(clt::I32, r as u64);
            self.b
                .ins()
                .store(MemFlagsData::trusted(), rv, c, LaneCtx::OFFSETS.resume);
        }
        let a = self.stop_addr(self.stops, lc.lane);
        let cv = self.iconst(clt::I32, code as u64);
        self.b.ins().store(MemFlagsData::trusted(), cv, a, 0);
        let one = self.iconst(clt::I64, 1);
        let bw = self.b.ins().uextend(clt::I64, lc.bit);
        let b1 = self.b.ins().ishl(one, bw);
        let m = self.use_mask();
        let m = self.b.ins().band_not(m, b1);
        self.def_mask(m);
        let sv = self.ws().stopped;
        let st = self.b.use_var(sv);
        let st = self.b.ins().bor(st, b1);
        self.b.def_var(sv, st);
        self.b.ins().jump(lc.cont, &[]);
    }

    /// The entry of a block some lanes reconverge at: an entry whose
    /// reconvergence block it is ends there (its lanes wait below).
    fn emit_rpc_check(&mut self, bi: usize) {
        let chk = self.ws().starts[bi];
        self.b.switch_to_block(chk);
        let rv = self.ws().rpc;
        let r = self.b.use_var(rv);
        let here = self.b.ins().icmp_imm_u(IntCC::Equal, r, bi as i64);
        let pop = self.ws().pop;
        let start = self.segs[bi][0].block;
        self.b.ins().brif(here, pop, &[], start, &[]);
    }

    /// Pops the next stack entry with lanes still running and goes to its
    /// block; with the stack empty the group is done.
    fn emit_pop(&mut self) {
        let pop = self.ws().pop;
        self.b.switch_to_block(pop);
        let dv = self.ws().depth;
        let d = self.b.use_var(dv);
        let zero = self.iconst(clt::I32, 0);
        let empty = self.b.ins().icmp(IntCC::Equal, d, zero);
        let rescan = self.ws().rescan;
        let take = self.b.create_block();
        self.b.ins().brif(empty, rescan, &[], take, &[]);
        self.b.switch_to_block(take);
        let d1 = self.b.ins().iadd_imm_u(d, -1);
        self.b.def_var(dv, d1);
        let e = self.entry_addr(d1);
        let f = MemFlagsData::trusted();
        let pc = self.b.ins().load(clt::I32, f, e, 0);
        let r = self.b.ins().load(clt::I32, f, e, 4);
        let m = self.b.ins().load(clt::I64, f, e, 8);
        let sv = self.ws().stopped;
        let st = self.b.use_var(sv);
        let m = self.b.ins().band_not(m, st);
        self.def_mask(m);
        let rv = self.ws().rpc;
        self.b.def_var(rv, r);
        let zero = self.iconst(clt::I64, 0);
        let none = self.b.ins().icmp(IntCC::Equal, m, zero);
        let go = self.b.create_block();
        self.b.ins().brif(none, pop, &[], go, &[]);
        self.b.switch_to_block(go);
        let bad = self.b.create_block();
        self.b.set_cold_block(bad);
        let targets: Vec<ir::Block> = (0..self.k.blocks.len())
            .map(|bi| {
                if self.ws().plan.pushed[bi] {
                    self.ws().starts[bi]
                } else {
                    bad
                }
            })
            .collect();
        self.br_table(pc, &targets, bad);
        self.b.switch_to_block(bad);
        self.pos = super::Pos::default();
        self.ctx = self.ws().gctx;
        let zero = self.iconst(clt::I64, 0);
        self.emit_fault(fault_kind::TRAP, zero, 0, 0);
    }

    /// Address of stack entry `d`.
    fn entry_addr(&mut self, d: Value) -> Value {
        let stack = self.ws().stack;
        let base = self.b.ins().stack_addr(clt::I64, stack, 0);
        let wide = self.b.ins().uextend(clt::I64, d);
        let off = self.b.ins().imul_imm_u(wide, i64::from(ENTRY));
        self.b.ins().iadd(base, off)
    }

    /// Faults and cancellation: the stop code of the lane reported
    /// (`lane_var`), whose index the function returns.
    fn emit_wave_abort(&mut self) {
        self.b.switch_to_block(self.abort);
        let code = self.b.block_params(self.abort)[0];
        let lv = self.ws().lane_var;
        let lane = self.b.use_var(lv);
        let a = self.stop_addr(self.stops, lane);
        self.b.ins().store(MemFlagsData::trusted(), code, a, 0);
        self.b.ins().return_(&[lane]);
    }

    /// Live registers after each instruction of block `bi` (a plain backward
    /// scan from the lane-mode liveness at the block's end).
    fn live_after(&mut self, bi: usize) -> &Vec<RegSet> {
        if !self.ws().live_after.contains_key(&bi) {
            let k = self.k;
            let blk = &k.blocks[bi];
            let mut live = self.ws().plan.live_out[bi].clone();
            match &blk.term {
                Term::BrCond { cond, .. } => live.insert(cond.0 as usize),
                Term::Switch { index, .. } => live.insert(index.0 as usize),
                _ => {}
            }
            let mut out = vec![RegSet::new(0); blk.insts.len()];
            for (i, inst) in blk.insts.iter().enumerate().rev() {
                out[i] = live.clone();
                if inst.guard.is_none() {
                    for d in inst.op.defs() {
                        live.remove(d.0 as usize);
                    }
                }
                for u in inst.op.uses() {
                    if let Operand::Reg(r) = u {
                        live.insert(r.0 as usize);
                    }
                }
                if let Some(g) = inst.guard {
                    live.insert(g.reg.0 as usize);
                }
            }
            self.ws_mut().live_after.insert(bi, out);
        }
        &self.ws().live_after[&bi]
    }

    fn lower_wave_segment(&mut self, bi: usize, si: usize) -> Result<(), JitError> {
        let seg = self.segs[bi][si];
        self.b.switch_to_block(seg.block);
        self.ctx = self.ws().gctx;
        self.pos = super::Pos {
            block: bi as u32,
            inst: seg.start,
            seg_end: seg.end,
        };
        let k = self.k;
        let blk = &k.blocks[bi];
        let mut run: Vec<u32> = Vec::new();
        for idx in seg.start..=seg.end {
            self.pos.inst = idx;
            let Some(inst) = blk.insts.get(idx as usize) else {
                // A branch on a varying condition after a run: the run's
                // lanes add their bits to the ballot as they go.
                let ballot = match blk.term {
                    Term::BrCond { cond, .. }
                        if !run.is_empty() && !self.in_var(cond, idx as usize) =>
                    {
                        Some(cond)
                    }
                    _ => None,
                };
                let mt = self.flush_run_with(bi, &mut run, ballot)?;
                self.pos.inst = idx;
                return self.lower_wave_term(bi, mt);
            };
            match self.ws().plan.class[bi][idx as usize] {
                Class::Lane => run.push(idx),
                Class::Wave => {
                    if !self.hoistable(bi, inst, &run) {
                        self.flush_run(bi, &mut run)?;
                        self.pos.inst = idx;
                    }
                    self.lower_wave_inst(inst)?;
                }
                c => {
                    self.flush_run(bi, &mut run)?;
                    self.pos.inst = idx;
                    let next = self.segs[bi][si + 1].block;
                    match c {
                        Class::Warp => {
                            self.lower_warp(inst);
                            self.b.ins().jump(next, &[]);
                        }
                        Class::Stop => self.lower_wave_stop(inst, bi as u32, idx, next),
                        Class::Apart => {
                            let k = self.sync_ids[&(bi as u32, idx)];
                            let exact = self.apart_exact(bi, idx as usize, inst, k);
                            let (inline, stop) = (self.b.create_block(), self.b.create_block());
                            self.b.ins().brif(exact, inline, &[], stop, &[]);
                            self.b.switch_to_block(inline);
                            if !matches!(inst.op, Op::WaveSync) {
                                self.lower_warp(inst);
                            }
                            self.b.ins().jump(next, &[]);
                            self.b.switch_to_block(stop);
                            self.lower_wave_stop(inst, bi as u32, idx, next);
                        }
                        _ => {
                            self.b.ins().jump(next, &[]);
                        }
                    }
                }
            }
        }
        // A segment ends at a sync instruction or the terminator.
        Ok(())
    }

    /// Whether wave instruction `inst` may run before the pending `run`:
    /// the run neither reads nor writes what it writes, and a load does not
    /// pass the run's memory writes.
    fn hoistable(&self, bi: usize, inst: &Inst, run: &[u32]) -> bool {
        let defs = inst.op.defs();
        let blk = &self.k.blocks[bi];
        run.iter().all(|&j| {
            let o = &blk.insts[j as usize];
            let touches = o.op.defs().iter().any(|d| defs.contains(d))
                || o.op
                    .uses()
                    .iter()
                    .any(|u| matches!(u, Operand::Reg(r) if defs.contains(r)))
                || o.guard.is_some_and(|g| defs.contains(&g.reg));
            let mem = matches!(inst.op, Op::Load(_)) && has_side_effects(&o.op);
            !touches && !mem
        })
    }

    /// A wave instruction: once for the group, with the first active
    /// lane's context for its faults.
    fn lower_wave_inst(&mut self, inst: &Inst) -> Result<(), JitError> {
        if matches!(inst.op, Op::Load(_)) {
            self.at_first_active();
            self.lower_inst(inst)?;
            self.at_group();
        } else {
            self.lower_inst(inst)?;
        }
        let (b, i) = (self.pos.block as usize, self.pos.inst as usize);
        for (n, d) in inst.op.defs().into_iter().enumerate() {
            if self.ws().plan.def_at(b, i, n).1 {
                let ty = self.reg_ty(d);
                let v = self.b.use_var(self.vars[d.0 as usize]);
                let raw = self.u64_of(v, ty);
                let m = self.use_mask();
                self.for_lanes(m, |l, _lane, _bit, c| l.lane_write(c, d, raw));
            }
        }
        Ok(())
    }

    /// Points the context and the reported lane at the first active lane.
    fn at_first_active(&mut self) {
        let m = self.use_mask();
        let bit = self.b.ins().ctz(m);
        let bit = self.b.ins().ireduce(clt::I32, bit);
        let w0 = self.ws().w0;
        let lane = self.b.ins().iadd(w0, bit);
        let c = self.lane_ctx(lane);
        self.ctx = c;
        let lv = self.ws().lane_var;
        self.b.def_var(lv, lane);
    }

    /// Back to the group's first lane for wave-level code.
    fn at_group(&mut self) {
        self.ctx = self.ws().gctx;
        let first = self.ws().first;
        let lv = self.ws().lane_var;
        self.b.def_var(lv, first);
    }

    /// Emits the pending run (if any) as a loop over the active lanes.
    fn flush_run(&mut self, bi: usize, run: &mut Vec<u32>) -> Result<(), JitError> {
        self.flush_run_with(bi, run, None).map(|_| ())
    }

    /// [`Self::flush_run`]; with `ballot`, also the lanes of the run where
    /// that register (read after the run) has bit 0 set.
    fn flush_run_with(
        &mut self,
        bi: usize,
        run: &mut Vec<u32>,
        ballot: Option<Reg>,
    ) -> Result<Option<Value>, JitError> {
        if run.is_empty() {
            return Ok(None);
        }
        let idxs = std::mem::take(run);
        let k = self.k;
        let blk = &k.blocks[bi];
        // Each register's first touch in the run decides where a lane finds
        // it: its variable (the group's value, reset for every lane) or its
        // slot. One first written (unguarded) needs neither.
        let nr = k.regs.len();
        let mut written = RegSet::new(nr);
        let mut seen = RegSet::new(nr);
        let mut loads = Vec::new();
        let mut pre = Vec::new();
        for &j in &idxs {
            let inst = &blk.insts[j as usize];
            for (r, operand) in lane_reads(k, &self.ws().plan.live_out, bi, j as usize) {
                let ri = r.0 as usize;
                if seen.contains(ri) {
                    continue;
                }
                seen.insert(ri);
                if self.ws().plan.wave_read_op(k, bi, j as usize, r, operand) {
                    pre.push(ri);
                } else {
                    loads.push(ri);
                }
            }
            for d in inst.op.defs() {
                seen.insert(d.0 as usize);
                written.insert(d.0 as usize);
            }
        }
        let last = *idxs.last().expect("run is not empty") as usize;
        let live = self.live_after(bi)[last].clone();
        let stores: Vec<usize> = written.iter().filter(|&r| live.contains(r)).collect();
        let pre_vals: Vec<Value> = pre.iter().map(|&r| self.b.use_var(self.vars[r])).collect();
        // (`seen`: every register the lanes' code defines, loaded or written)
        let saved = self.save_vars(seen.iter());
        let m = self.use_mask();
        let acc = ballot.map(|_| {
            let a = self.b.declare_var(clt::I64);
            let zero = self.iconst(clt::I64, 0);
            self.b.def_var(a, zero);
            a
        });
        let mut result = Ok(());
        self.for_lanes(m, |l, lane, bit, c| {
            l.enter_lane(lane, c, &pre, &pre_vals, &loads);
            for &j in &idxs {
                l.pos.inst = j;
                if result.is_ok() {
                    result = l.lower_inst(&blk.insts[j as usize]);
                }
            }
            let regs = l.regs_of(c);
            l.store_vars(regs, stores.iter().copied());
            if let (Some(cond), Some(a)) = (ballot, acc) {
                let ci = cond.0 as usize;
                let v = if seen.contains(ci) {
                    let v = l.b.use_var(l.vars[ci]);
                    l.u64_of(v, k.regs[ci].ty)
                } else {
                    l.b.ins()
                        .load(clt::I64, slot_flags(), regs, slot_offset(ci))
                };
                let v = l.b.ins().band_imm_u(v, 1);
                let sh = l.b.ins().uextend(clt::I64, bit);
                let v = l.b.ins().ishl(v, sh);
                let x = l.b.use_var(a);
                let x = l.b.ins().bor(x, v);
                l.b.def_var(a, x);
            }
        });
        self.at_group();
        self.restore_vars(&saved);
        result?;
        Ok(acc.map(|a| self.b.use_var(a)))
    }

    /// The raw 64-bit slot value of operand `o` in the lane of context `c`
    /// (a scalar register: its variable, zero-extended).
    fn lane_read(&mut self, c: Value, o: Operand) -> Value {
        match o {
            Operand::Imm(v) => self.iconst(clt::I64, v),
            Operand::Reg(r) if self.in_var(r, self.pos.inst as usize) => {
                let ty = self.reg_ty(r);
                let v = self.b.use_var(self.vars[r.0 as usize]);
                self.u64_of(v, ty)
            }
            Operand::Reg(r) => {
                let regs = self.regs_of(c);
                self.b
                    .ins()
                    .load(clt::I64, slot_flags(), regs, slot_offset(r.0 as usize))
            }
        }
    }

    /// Writes raw value `v` (an `i64`) to register `r` of the lane of
    /// context `c`, masked to the register's type (the runtime's `write`).
    fn lane_write(&mut self, c: Value, r: Reg, v: Value) {
        let m = self.reg_ty(r).mask();
        let v = if m == u64::MAX {
            v
        } else {
            self.b.ins().band_imm_u(v, m as i64)
        };
        let regs = self.regs_of(c);
        self.b
            .ins()
            .store(slot_flags(), v, regs, slot_offset(r.0 as usize));
    }

    /// The lanes of the group where the (optional) guard holds.
    fn guarded_mask(&mut self, guard: Option<xisa_ir::Guard>) -> Value {
        let m = self.use_mask();
        let Some(g) = guard else {
            return m;
        };
        if self.in_var(g.reg, self.pos.inst as usize) {
            let c = self.guard_value(g);
            let zero = self.iconst(clt::I64, 0);
            return self.b.ins().select(c, m, zero);
        }
        let bits = self.ballot(m, Operand::Reg(g.reg));
        if g.negate {
            self.b.ins().band_not(m, bits)
        } else {
            bits
        }
    }

    /// The lanes of `m` whose operand `o` has bit 0 set.
    fn ballot(&mut self, m: Value, o: Operand) -> Value {
        let acc = self.b.declare_var(clt::I64);
        let zero = self.iconst(clt::I64, 0);
        self.b.def_var(acc, zero);
        self.for_lanes(m, |l, _lane, bit, c| {
            let v = l.lane_read(c, o);
            let v = l.b.ins().band_imm_u(v, 1);
            let sh = l.b.ins().uextend(clt::I64, bit);
            let v = l.b.ins().ishl(v, sh);
            let a = l.b.use_var(acc);
            let a = l.b.ins().bor(a, v);
            l.b.def_var(acc, a);
        });
        self.b.use_var(acc)
    }

    /// Writes the same raw value `v` to `dst` for the lanes of `m`: the
    /// variable of a scalar register (when some lane takes part), else each
    /// lane's slot.
    fn write_all(&mut self, m: Value, dst: Reg, v: Value) {
        let (pb, pi) = (self.pos.block as usize, self.pos.inst as usize);
        let (var_site, bcast) = self.ws().plan.def_at(pb, pi, 0);
        if var_site {
            let ty = self.reg_ty(dst);
            let zero = self.iconst(clt::I64, 0);
            let any = self.b.ins().icmp(IntCC::NotEqual, m, zero);
            let var = self.vars[dst.0 as usize];
            let old = self.b.use_var(var);
            let new = self.of_u64(v, ty);
            let new = self.b.ins().select(any, new, old);
            self.b.def_var(var, new);
            if bcast {
                self.for_lanes(m, |l, _lane, _bit, c| l.lane_write(c, dst, v));
            }
        } else {
            self.for_lanes(m, |l, _lane, _bit, c| l.lane_write(c, dst, v));
        }
    }

    /// A warp operation for the lanes of the group its guard selects, with
    /// the runtime's semantics.
    fn lower_warp(&mut self, inst: &Inst) {
        let p = self.guarded_mask(inst.guard);
        match inst.op {
            Op::Vote { mode, dst, pred } => {
                let ballot = self.ballot(p, pred);
                let v = match mode {
                    VoteMode::Ballot => ballot,
                    VoteMode::All => {
                        let c = self.b.ins().icmp(IntCC::Equal, ballot, p);
                        self.b.ins().uextend(clt::I64, c)
                    }
                    VoteMode::Any => {
                        let c = self.b.ins().icmp_imm_u(IntCC::NotEqual, ballot, 0);
                        self.b.ins().uextend(clt::I64, c)
                    }
                    VoteMode::Uni => {
                        let none = self.b.ins().icmp_imm_u(IntCC::Equal, ballot, 0);
                        let all = self.b.ins().icmp(IntCC::Equal, ballot, p);
                        let c = self.b.ins().bor(none, all);
                        self.b.ins().uextend(clt::I64, c)
                    }
                };
                self.write_all(p, dst, v);
            }
            Op::ActiveMask { dst } => self.write_all(p, dst, p),
            Op::ReadFirstLane { dst, src, .. } => {
                // With no lane taking part nothing is written.
                let zero = self.iconst(clt::I64, 0);
                let any = self.b.ins().icmp(IntCC::NotEqual, p, zero);
                let bit = self.b.ins().ctz(p);
                let bit = self.b.ins().ireduce(clt::I32, bit);
                let w0 = self.ws().w0;
                let lane = self.b.ins().iadd(w0, bit);
                // A lane of the wave even when none takes part (not read then).
                let w1 = self.ws().w1;
                let last = self.b.ins().iadd_imm_u(w1, -1);
                let lane = self.b.ins().select(any, lane, last);
                let c = self.lane_ctx(lane);
                let v = self.lane_read(c, src);
                self.write_all(p, dst, v);
            }
            Op::Shfl(op::Shfl {
                dst,
                valid,
                src,
                lane,
                ..
            }) => {
                let buf = self.ws().buf;
                let okv = self.b.declare_var(clt::I64);
                let zero = self.iconst(clt::I64, 0);
                self.b.def_var(okv, zero);
                let wave = i64::from(self.k.wave_size);
                self.for_lanes(p, |l, me, bit, c| {
                    let j = l.lane_read(c, lane);
                    let j = l.b.ins().band_imm_u(j, 0xffff_ffff);
                    let w0 = l.ws().w0;
                    let w1 = l.ws().w1;
                    let w0w = l.b.ins().uextend(clt::I64, w0);
                    let sl = l.b.ins().iadd(w0w, j);
                    let in_wave = l.b.ins().icmp_imm_u(IntCC::UnsignedLessThan, j, wave);
                    let w1w = l.b.ins().uextend(clt::I64, w1);
                    let below = l.b.ins().icmp(IntCC::UnsignedLessThan, sl, w1w);
                    let inr = l.b.ins().band(in_wave, below);
                    let sl32 = l.b.ins().ireduce(clt::I32, sl);
                    let from = l.b.ins().select(inr, sl32, me);
                    let fc = l.lane_ctx(from);
                    let v = l.lane_read(fc, src);
                    let addr = l.b.ins().stack_addr(clt::I64, buf, 0);
                    let bw = l.b.ins().uextend(clt::I64, bit);
                    let off = l.b.ins().ishl_imm_u(bw, 3);
                    let addr = l.b.ins().iadd(addr, off);
                    l.b.ins().store(MemFlagsData::trusted(), v, addr, 0);
                    // The source lane takes part (j < 64 where in range).
                    let jm = l.b.ins().band_imm_u(j, 63);
                    let pbit = l.b.ins().ushr(p, jm);
                    let pbit = l.b.ins().band_imm_u(pbit, 1);
                    let inr64 = l.b.ins().uextend(clt::I64, inr);
                    let ok = l.b.ins().band(pbit, inr64);
                    let ok = l.b.ins().ishl(ok, bw);
                    let a = l.b.use_var(okv);
                    let a = l.b.ins().bor(a, ok);
                    l.b.def_var(okv, a);
                });
                let oks = self.b.use_var(okv);
                self.for_lanes(p, |l, _me, bit, c| {
                    let addr = l.b.ins().stack_addr(clt::I64, buf, 0);
                    let bw = l.b.ins().uextend(clt::I64, bit);
                    let off = l.b.ins().ishl_imm_u(bw, 3);
                    let addr = l.b.ins().iadd(addr, off);
                    let v = l.b.ins().load(clt::I64, MemFlagsData::trusted(), addr, 0);
                    l.lane_write(c, dst, v);
                    if let Some(vr) = valid {
                        let ok = l.b.ins().ushr(oks, bw);
                        let ok = l.b.ins().band_imm_u(ok, 1);
                        l.lane_write(c, vr, ok);
                    }
                });
            }
            _ => {}
        }
    }

    /// Stores the scalar registers of `live` into the slots of the lanes of
    /// `m` and gives them stop code `code` (a yield also sets `ctx.resume`).
    /// `at` is the stop's place in the block being lowered (its length: the
    /// block's end).
    ///
    /// A barrier stop (`code` a sync code) stamps the lanes with a number no
    /// other stop gets, in `ctx.resume` and `ctx.call_depth` (which a lane
    /// waiting at a barrier does not use: the scheduler's release names the
    /// resume point, and wave mode takes no kernel with calls): lanes that
    /// resume together with equal stamps hold equal scalar slots.
    fn stop_lanes(&mut self, m: Value, code: u32, live: &RegSet, resume: Option<u32>, at: usize) {
        let k = self.k;
        let b = self.pos.block as usize;
        let scalars = self.ws_mut().plan.stop_reads(k, b, at, live);
        let stamp = (code >= STOP_SYNC_BASE && resume.is_none()).then(|| {
            let addr = self.iconst(clt::I64, &STOP_STAMPS as *const AtomicU64 as u64);
            let one = self.iconst(clt::I64, 1);
            let s = self.b.ins().atomic_rmw(
                clt::I64,
                MemFlagsData::trusted(),
                ir::AtomicRmwOp::Add,
                addr,
                one,
            );
            let lo = self.b.ins().ireduce(clt::I32, s);
            let hi = self.b.ins().ushr_imm_u(s, 32);
            let hi = self.b.ins().ireduce(clt::I32, hi);
            (lo, hi)
        });
        let raws: Vec<Value> = scalars
            .iter()
            .map(|&r| {
                let ty = self.k.regs[r].ty;
                let v = self.b.use_var(self.vars[r]);
                self.u64_of(v, ty)
            })
            .collect();
        let stops = self.stops;
        self.for_lanes(m, |l, lane, _bit, c| {
            if !scalars.is_empty() {
                let regs = l.regs_of(c);
                for (k, &r) in scalars.iter().enumerate() {
                    l.b.ins().store(slot_flags(), raws[k], regs, slot_offset(r));
                }
            }
            if let Some(r) = resume {
                let rv = l.iconst(clt::I32, r as u64);
                l.b.ins()
                    .store(MemFlagsData::trusted(), rv, c, LaneCtx::OFFSETS.resume);
            }
            if let Some((lo, hi)) = stamp {
                let f = MemFlagsData::trusted();
                l.b.ins().store(f, lo, c, LaneCtx::OFFSETS.resume);
                l.b.ins().store(f, hi, c, LaneCtx::OFFSETS.call_depth);
            }
            let a = l.stop_addr(stops, lane);
            let cv = l.iconst(clt::I32, code as u64);
            l.b.ins().store(MemFlagsData::trusted(), cv, a, 0);
        });
        let sv = self.ws().stopped;
        let st = self.b.use_var(sv);
        let st = self.b.ins().bor(st, m);
        self.b.def_var(sv, st);
        // Lanes stopped where lane mode would still count them for the
        // wave's next warp operation (see `wave_floor`).
        let counts = match code {
            STOP_YIELD => Some(0),
            c if c >= STOP_SYNC_BASE => {
                let id = c - STOP_SYNC_BASE;
                let counts = id >= 64 || self.ws().plan.counted >> id & 1 == 1;
                counts.then_some(id)
            }
            _ => None,
        };
        if let Some(v) = counts.filter(|_| self.ws().plan.has_apart) {
            let fv = self.ws().floor;
            let f = self.b.use_var(fv);
            let vv = self.iconst(clt::I32, v as u64);
            let low = self.b.ins().umin(f, vv);
            let any = self.b.ins().icmp_imm_u(IntCC::NotEqual, m, 0);
            let f = self.b.ins().select(any, low, f);
            self.b.def_var(fv, f);
        }
    }

    /// A barrier: the lanes its guard selects stop at it; the others go on
    /// (to `next`), or the next stack entry runs.
    fn lower_wave_stop(&mut self, inst: &Inst, block: u32, idx: u32, next: ir::Block) {
        let k = self.sync_ids.get(&(block, idx)).copied().unwrap_or(0);
        let live = self.live.sync[&(block, idx)].0.clone();
        let p = self.guarded_mask(inst.guard);
        self.stop_lanes(p, STOP_SYNC_BASE + k, &live, None, idx as usize);
        let m = self.use_mask();
        let rest = self.b.ins().band_not(m, p);
        self.def_mask(rest);
        let zero = self.iconst(clt::I64, 0);
        let none = self.b.ins().icmp(IntCC::Equal, rest, zero);
        let pop = self.ws().pop;
        self.b.ins().brif(none, pop, &[], next, &[]);
    }

    /// Stops every active lane (exit, yield) and goes on with the stack.
    fn stop_all(&mut self, code: u32, live: &RegSet, resume: Option<u32>) {
        let m = self.use_mask();
        self.stop_lanes(m, code, live, resume, usize::MAX);
        let pop = self.ws().pop;
        self.b.ins().jump(pop, &[]);
    }

    /// A backward transfer: polls cancellation and counts it; below `lim`
    /// such transfers goes on to `target`, else continues in a fresh (cold)
    /// block where the caller stops.
    fn count_backedge(&mut self, lim: u32, target: ir::Block) {
        self.poll_cancel();
        let n = self.b.use_var(self.backedges);
        let n = self.b.ins().iadd_imm_u(n, 1);
        self.b.def_var(self.backedges, n);
        let full = self
            .b
            .ins()
            .icmp_imm_u(IntCC::UnsignedGreaterThanOrEqual, n, i64::from(lim));
        let y = self.b.create_block();
        self.b.set_cold_block(y);
        self.b.ins().brif(full, y, &[], target, &[]);
        self.b.switch_to_block(y);
    }

    /// A transfer of the group from block `from` to `to`: backward ones
    /// poll cancellation and yield every `YIELD_BACKEDGES`.
    fn wave_goto(&mut self, from: usize, to: BlockId) {
        let target = self.ws().starts[to.0 as usize];
        if to.0 as usize > from {
            self.b.ins().jump(target, &[]);
            return;
        }
        self.count_backedge(YIELD_BACKEDGES, target);
        let live = self.live.block_in[to.0 as usize].clone();
        self.stop_all(STOP_YIELD, &live, Some(RESUME_BLOCK_BASE + to.0));
    }

    /// Pushes an entry (block `pc`, reconvergence `r`, lanes `m`); a full
    /// stack yields the lanes instead (they resume at `pc` on their own).
    /// An entry for the same block and reconvergence on top takes the lanes.
    fn push(&mut self, pc: u32, r: Value, m: Value) {
        let dv = self.ws().depth;
        let d = self.b.use_var(dv);
        let zero = self.iconst(clt::I32, 0);
        let some = self.b.ins().icmp(IntCC::NotEqual, d, zero);
        let merge_chk = self.b.create_block();
        let push_chk = self.b.create_block();
        let done = self.b.create_block();
        self.b.ins().brif(some, merge_chk, &[], push_chk, &[]);
        // Same entry on top: add the lanes.
        self.b.switch_to_block(merge_chk);
        let d1 = self.b.ins().iadd_imm_u(d, -1);
        let top = self.entry_addr(d1);
        let f = MemFlagsData::trusted();
        let tpc = self.b.ins().load(clt::I32, f, top, 0);
        let tr = self.b.ins().load(clt::I32, f, top, 4);
        let same_pc = self.b.ins().icmp_imm_u(IntCC::Equal, tpc, i64::from(pc));
        let same_r = self.b.ins().icmp(IntCC::Equal, tr, r);
        let same = self.b.ins().band(same_pc, same_r);
        let merge = self.b.create_block();
        self.b.ins().brif(same, merge, &[], push_chk, &[]);
        self.b.switch_to_block(merge);
        let tm = self.b.ins().load(clt::I64, f, top, 8);
        let nm = self.b.ins().bor(tm, m);
        self.b.ins().store(f, nm, top, 8);
        self.b.ins().jump(done, &[]);
        // Room on the stack?
        self.b.switch_to_block(push_chk);
        let cap = self.ws().cap;
        let room = self
            .b
            .ins()
            .icmp_imm_u(IntCC::UnsignedLessThan, d, i64::from(cap));
        let put = self.b.create_block();
        let full = self.b.create_block();
        self.b.set_cold_block(full);
        self.b.ins().brif(room, put, &[], full, &[]);
        self.b.switch_to_block(put);
        let e = self.entry_addr(d);
        let pcv = self.iconst(clt::I32, pc as u64);
        self.b.ins().store(f, pcv, e, 0);
        self.b.ins().store(f, r, e, 4);
        self.b.ins().store(f, m, e, 8);
        let fs = self.ws().plan.first_sync[pc as usize];
        let fsv = self.iconst(clt::I32, fs as u64);
        self.b.ins().store(f, fsv, e, 16);
        let d2 = self.b.ins().iadd_imm_u(d, 1);
        self.b.def_var(dv, d2);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(full);
        let live = self.live.block_in[pc as usize].clone();
        self.stop_lanes(
            m,
            STOP_YIELD,
            &live,
            Some(RESUME_BLOCK_BASE + pc),
            usize::MAX,
        );
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
    }

    /// `ballot`: the lanes whose condition is set, when the run before the
    /// terminator collected them.
    fn lower_wave_term(&mut self, bi: usize, ballot: Option<Value>) -> Result<(), JitError> {
        let k = self.k;
        match &k.blocks[bi].term {
            Term::Br(t) => self.wave_goto(bi, *t),
            Term::BrCond { cond, then_, else_ } if self.in_var(*cond, usize::MAX) => {
                let c = self.read((*cond).into(), Type::I1);
                let (tb, eb) = (self.b.create_block(), self.b.create_block());
                self.b.ins().brif(c, tb, &[], eb, &[]);
                self.b.switch_to_block(tb);
                self.wave_goto(bi, *then_);
                self.b.switch_to_block(eb);
                self.wave_goto(bi, *else_);
            }
            Term::BrCond { cond, then_, else_ } => {
                let m = self.use_mask();
                let mt = match ballot {
                    Some(b) => b,
                    None => self.ballot(m, Operand::Reg(*cond)),
                };
                let me = self.b.ins().band_not(m, mt);
                let (tb, eb, split) = (
                    self.b.create_block(),
                    self.b.create_block(),
                    self.b.create_block(),
                );
                let zero = self.iconst(clt::I64, 0);
                let no_e = self.b.ins().icmp(IntCC::Equal, me, zero);
                let chk = self.b.create_block();
                self.b.ins().brif(no_e, tb, &[], chk, &[]);
                self.b.switch_to_block(chk);
                let no_t = self.b.ins().icmp(IntCC::Equal, mt, zero);
                self.b.ins().brif(no_t, eb, &[], split, &[]);
                self.b.switch_to_block(tb);
                self.wave_goto(bi, *then_);
                self.b.switch_to_block(eb);
                self.wave_goto(bi, *else_);
                // Both sides: run `then`, the `else` lanes wait on the stack,
                // and all meet at the immediate post-dominator.
                self.b.switch_to_block(split);
                let r = self.ws().plan.u.ipdom[bi].map_or(NONE, |r| r as u32);
                let rv = self.iconst(clt::I32, r as u64);
                if r != NONE {
                    let cv = self.ws().rpc;
                    let cur = self.b.use_var(cv);
                    let differs = self.b.ins().icmp_imm_u(IntCC::NotEqual, cur, i64::from(r));
                    let (pb, cont) = (self.b.create_block(), self.b.create_block());
                    self.b.ins().brif(differs, pb, &[], cont, &[]);
                    self.b.switch_to_block(pb);
                    self.push(r, cur, m);
                    self.b.ins().jump(cont, &[]);
                    self.b.switch_to_block(cont);
                }
                if else_.0 != r {
                    self.push(else_.0, rv, me);
                }
                self.def_mask(mt);
                let cv = self.ws().rpc;
                self.b.def_var(cv, rv);
                self.wave_goto(bi, *then_);
            }
            Term::Switch {
                index,
                targets,
                default,
            } => {
                let ity = self.reg_ty(*index).as_int();
                let idx = self.read((*index).into(), ity);
                let idx = self.resize(idx, clt::I64);
                let n = self.iconst(clt::I64, targets.len() as u64);
                let inr = self.b.ins().icmp(IntCC::UnsignedLessThan, idx, n);
                let idx = self.b.ins().select(inr, idx, n);
                let idx = self.b.ins().ireduce(clt::I32, idx);
                let mut edges = Vec::with_capacity(targets.len());
                for &t in targets {
                    let e = self.b.create_block();
                    edges.push((e, t));
                }
                let de = self.b.create_block();
                let blocks: Vec<ir::Block> = edges.iter().map(|e| e.0).collect();
                self.br_table(idx, &blocks, de);
                for (e, t) in edges {
                    self.b.switch_to_block(e);
                    self.wave_goto(bi, t);
                }
                self.b.switch_to_block(de);
                self.wave_goto(bi, *default);
            }
            Term::Exit => {
                let live = self.live.at_exit.clone();
                self.stop_all(STOP_EXIT, &live, None);
            }
            Term::Trap => {
                self.at_first_active();
                let zero = self.iconst(clt::I64, 0);
                self.emit_fault(fault_kind::TRAP, zero, 0, 0);
                self.ctx = self.ws().gctx;
            }
            Term::Call { .. } | Term::Ret => {
                return Err(self.unsupported("call in wave mode"));
            }
        }
        Ok(())
    }
}
