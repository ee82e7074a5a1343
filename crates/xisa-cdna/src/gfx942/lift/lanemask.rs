//! Lane-local lane masks: wave masks that no instruction reads whole.
//!
//! The lifter gives every lane the wave's scalar state, so a mask that a
//! vector compare or carry-out writes (VCC, an SGPR pair, EXEC through
//! `s_and_saveexec`) is an IR ballot: a sync point where the wave's lanes
//! wait for each other. Compiled code mostly reads such a mask one bit per
//! lane: EXEC's bit guards the lane's vector instructions, `v_cndmask` and
//! carry-ins read the lane's bit, and the `s_and`/`s_or`/`s_xor` that save
//! and restore EXEC around an `if` are bitwise. The usual `if`'s one
//! whole-mask reader is its `s_cbranch_execz`, which skips the `then` code
//! when no lane of the wave is active. So a divergent `if` costs a wave
//! stop that the lanes' results never need (three stops per iteration of a
//! tree reduction's loop where the sm_75 build of the same source has two).
//!
//! [`run`] (on the lifted kernel, before lockstep wave syncs are placed)
//! removes both, as long as nothing can tell:
//! 1. An `s_cbranch_execz` to `T` whose fall-through code `R` (the blocks
//!    reachable from it before `T`) does nothing that `T` could see in a
//!    lane whose EXEC bit is 0 becomes a per-lane branch on the EXEC bit:
//!    such a lane goes straight to `T`, where it would have arrived after
//!    running `R` for nothing. `R` qualifies when every instruction in it is
//!    guarded by the EXEC bit (and is no warp operation), or is free of side
//!    effects and writes only registers dead at `T`; nothing in it writes
//!    the EXEC bit; and every path through it reaches `T` (no exit, trap,
//!    call or return).
//! 2. A ballot whose result is read only at the lane's own bit becomes that
//!    bit, `zext(pred) << laneid`, with no wave stop. "Read only at the own
//!    bit" is a demanded-bits analysis: through moves, bitwise logic, the
//!    truncations and zero extensions that split and join the 32-bit halves,
//!    and shifts by constants, down to `trunc.i1 (lshr m, laneid)`. Any other
//!    reader (`s_cbranch_vccz`, SCC of a mask operation, a store, `s_bcnt1`,
//!    DPP's reads of neighbour EXEC bits, ...) reads the mask whole and keeps
//!    its ballot. The other bits of a demoted mask are not the wave's (they
//!    are 0), which no remaining reader observes.
//!
//! 3. An `s_cbranch_execnz` closing a divergent loop (back to its head
//!    while any lane of the wave is active) becomes a per-lane branch on the
//!    EXEC bit when a lane whose bit is 0 would go round unobserved: every
//!    instruction of the loop writing EXEC only clears bits (the lifter
//!    records `s_and_saveexec_b64`, `s_andn2_b64 exec, exec, s` and the
//!    like), so such a lane's bit stays 0; every other instruction is
//!    guarded by the EXEC bit, or is free of side effects and writes only
//!    registers dead at the loop's exit (EXEC itself may be read there at
//!    the lane's own bit), or is a ballot of a predicate and-ed with the
//!    EXEC bit (the lane adds nothing to it). The lane then leaves at once
//!    instead of idling until the whole wave is done, and the loop's
//!    exit-mask ballot, read only at the lane's own bit from then on, goes
//!    (rule 2): a grid-stride loop stops the wave once per iteration no
//!    more.
//!
//! Rewriting a branch can make its condition's ballots demotable and
//! demoting can make a region qualify, so the two alternate until nothing
//! changes. Kernels with calls are left alone (a return's successors are
//! not in the CFG).

use xisa_ir::lockstep::may_sync_before;
use xisa_ir::op;
use xisa_ir::{
    BinOp, Block, BlockId, CvtOp, Guard, Inst, Kernel, Op, Operand, Reg, Round, Term, Type, UnOp,
    VoteMode,
};

/// Which bits of a register later instructions read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Demand {
    /// None: the value is dead.
    Dead,
    /// Bit 0 only.
    Low,
    /// Bit `laneid + k` only (nothing when that is outside the value).
    Own(i32),
    /// Any bit.
    All,
}

impl Demand {
    fn join(self, o: Demand) -> Demand {
        match (self, o) {
            (Demand::Dead, x) | (x, Demand::Dead) => x,
            (a, b) if a == b => a,
            _ => Demand::All,
        }
    }

    /// The demand on `a` of `a << s` (`s` = -n: `a >> n`, logical) under
    /// demand `self`.
    fn through_shift(self, s: i64) -> Demand {
        match self {
            Demand::Dead => Demand::Dead,
            _ if s.abs() >= 64 => Demand::Dead, // the result is 0
            Demand::Own(k) => Demand::Own(k - s as i32),
            Demand::Low if s == 0 => Demand::Low,
            // bit 0 of a left shift is 0
            Demand::Low if s > 0 => Demand::Dead,
            // bit 0 of a right shift is bit -s of `a`
            Demand::Low | Demand::All => Demand::All,
        }
    }
}

/// The lifter's facts about divergent loops (`s_cbranch_execnz`).
#[derive(Debug, Clone, Default)]
pub(crate) struct ExecLoops {
    /// Blocks ending in an `s_cbranch_execnz` (`brc (exec != 0), head, exit`).
    pub latches: Vec<BlockId>,
    /// Pcs of instructions whose EXEC writes only clear bits.
    pub clears: Vec<u64>,
    /// The EXEC_LO and EXEC_HI registers (when the kernel has them).
    pub exec_regs: [Option<Reg>; 2],
}

/// What the pass changed (for tests and `xisa lift` readers).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Rewrites {
    /// `s_cbranch_execz` and `s_cbranch_execnz` branches now taken per lane.
    pub branches: usize,
    /// Ballots and active masks replaced by the lane's own bit.
    pub masks: usize,
}

/// Rewrites the `s_cbranch_execz` branches ending `execz` (blocks of `k`
/// whose terminator is `brc (exec == 0), target, fall_through`) and the
/// ballots of `k` as the module docs say. `exec` is the lane's EXEC bit,
/// `lane` its lane id (both kept current by the lifter everywhere).
pub(crate) fn run(
    k: &mut Kernel,
    execz: &[BlockId],
    loops: &ExecLoops,
    exec: Reg,
    lane: Reg,
) -> Rewrites {
    let mut done = Rewrites::default();
    if k.has_calls() {
        return done;
    }
    let mut pending: Vec<BlockId> = execz.to_vec();
    let mut latches: Vec<BlockId> = loops.latches.clone();
    let mut tmp = None;
    // Demands are recomputed only after a step changed the kernel (`at`:
    // the rewrites counted when they were computed).
    let mut d = demands(k, lane);
    let mut at = done;
    let mut fresh = |k: &Kernel, d: &mut Demands, done: Rewrites| {
        if done != at {
            *d = demands(k, lane);
            at = done;
        }
    };
    loop {
        fresh(k, &mut d, done);
        let before = done;
        done.masks += demote(k, &d, lane, &mut tmp);
        fresh(k, &mut d, done);
        pending.retain(|&b| {
            if per_lane_branch(k, &d, b, exec) {
                done.branches += 1;
                false
            } else {
                true
            }
        });
        fresh(k, &mut d, done);
        latches.retain(|&b| {
            if per_lane_loop(k, &d, b, (exec, lane), loops) {
                done.branches += 1;
                false
            } else {
                true
            }
        });
        if done == before {
            return done;
        }
    }
}

/// Demand on every register at each block's entry, and the demand on each
/// ballot's and active mask's result right after it (by block and
/// instruction index).
struct Demands {
    entry: Vec<Vec<Demand>>,
    masks: Vec<(usize, usize, Demand)>,
}

fn demands(k: &Kernel, lane: Reg) -> Demands {
    let n = k.regs.len();
    let nb = k.blocks.len();
    let covered: Vec<Vec<Vec<Reg>>> = k.blocks.iter().map(|b| covered_uses(&b.insts)).collect();
    let preds = k.predecessors();
    let mut entry = vec![vec![Demand::Dead; n]; nb];
    // A worklist from the last block back (demand flows backwards, so most
    // blocks settle on their first visit); a changed entry requeues the
    // blocks that branch to it.
    let mut queued = vec![true; nb];
    let mut work: std::collections::VecDeque<usize> = (0..nb).rev().collect();
    while let Some(bi) = work.pop_front() {
        queued[bi] = false;
        let st = block_entry(k, bi, &entry, &covered[bi], lane, None);
        if st != entry[bi] {
            entry[bi] = st;
            for &p in &preds[bi] {
                if !queued[p] {
                    queued[p] = true;
                    work.push_back(p);
                }
            }
        }
    }
    let mut masks = Vec::new();
    for (bi, cov) in covered.iter().enumerate() {
        block_entry(
            k,
            bi,
            &entry,
            cov,
            lane,
            Some(&mut |ii, d| masks.push((bi, ii, d))),
        );
    }
    Demands { entry, masks }
}

/// The demand at block `bi`'s entry given the successors' entries
/// (`covered`: the block's `covered_uses`); reports the demand after each
/// ballot and active mask to `seen`.
fn block_entry(
    k: &Kernel,
    bi: usize,
    entry: &[Vec<Demand>],
    covered: &[Vec<Reg>],
    lane: Reg,
    mut seen: Option<&mut dyn FnMut(usize, Demand)>,
) -> Vec<Demand> {
    let b = &k.blocks[bi];
    let mut st = vec![Demand::Dead; k.regs.len()];
    for s in b.term.successors() {
        for (x, y) in st.iter_mut().zip(&entry[s.0 as usize]) {
            *x = x.join(*y);
        }
    }
    for r in b.term.uses() {
        st[r.0 as usize] = Demand::All;
    }
    // Demand from covered reads (below), met by their covering write.
    let mut cov = vec![Demand::Dead; k.regs.len()];
    for (ii, inst) in b.insts.iter().enumerate().rev() {
        if let (Some(f), Op::Vote { dst, .. } | Op::ActiveMask { dst }) = (seen.as_mut(), &inst.op)
        {
            f(ii, st[dst.0 as usize].join(cov[dst.0 as usize]));
        }
        step(inst, &mut st, &mut cov, &covered[ii], lane);
    }
    st
}

/// For each instruction of a block, the registers it reads under a guard
/// that an earlier instruction of the block wrote under the same guard, the
/// guard register unchanged in between: the read sees that write in every
/// lane where it happens, never an older value. (The lifter writes a
/// temporary under the EXEC bit and moves it into a VGPR under the EXEC bit;
/// without this the temporary's older value, some mask's half, would count
/// as read in the lanes whose bit is 0.)
fn covered_uses(insts: &[Inst]) -> Vec<Vec<Reg>> {
    let mut written_under: std::collections::HashMap<Reg, Guard> = Default::default();
    insts
        .iter()
        .map(|inst| {
            let covered = match inst.guard {
                Some(g) => inst
                    .op
                    .uses()
                    .into_iter()
                    .filter_map(|o| match o {
                        Operand::Reg(r) if written_under.get(&r) == Some(&g) => Some(r),
                        _ => None,
                    })
                    .collect(),
                None => Vec::new(),
            };
            for r in inst.op.defs() {
                match inst.guard {
                    Some(g) => written_under.insert(r, g),
                    None => written_under.remove(&r),
                };
                written_under.retain(|_, g| g.reg != r);
            }
            covered
        })
        .collect()
}

/// Ops a lane may run or skip unseen when their results are dead: pure ops,
/// loads, fences and wave syncs.
fn effect_free(op: &Op) -> bool {
    op.is_pure() || matches!(op, Op::Load(_) | Op::WaveSync | Op::Fence { .. })
}

/// An op that does nothing in a lane whose guard is false: anything but a
/// warp operation (a wave sync excepted), which the other lanes would see.
fn idle_under_guard(op: &Op) -> bool {
    !op.is_sync() || matches!(op, Op::WaveSync)
}

/// Backward transfer of one instruction. `cov` holds the demand of reads
/// covered by a guarded write above them (`covered_uses`; `covered` lists
/// this instruction's): a guarded write meets it, and it never reaches above
/// that write, where an unguarded read's demand would.
fn step(inst: &Inst, st: &mut [Demand], cov: &mut [Demand], covered: &[Reg], lane: Reg) {
    let defs = inst.op.defs();
    let d = defs.iter().fold(Demand::Dead, |a, r| {
        a.join(st[r.0 as usize]).join(cov[r.0 as usize])
    });
    for r in &defs {
        cov[r.0 as usize] = Demand::Dead;
        if inst.guard.is_none() {
            st[r.0 as usize] = Demand::Dead;
        }
    }
    if d == Demand::Dead && inst.op.is_pure() {
        return;
    }
    if let Some(g) = inst.guard {
        st[g.reg.0 as usize] = Demand::All;
    }
    for (o, dm) in source_demands(&inst.op, d, lane) {
        if let Operand::Reg(r) = o {
            let to = if covered.contains(&r) {
                &mut *cov
            } else {
                &mut *st
            };
            to[r.0 as usize] = to[r.0 as usize].join(dm);
        }
    }
}

/// The demand each source of `op` gets when its result has demand `d`.
fn source_demands(op: &Op, d: Demand, lane: Reg) -> Vec<(Operand, Demand)> {
    match *op {
        Op::Mov { src, .. } => vec![(src, d)],
        Op::Bin(op::Bin {
            op: BinOp::And | BinOp::Or | BinOp::Xor,
            a,
            b,
            ..
        }) => vec![(a, d), (b, d)],
        Op::Un(op::Un {
            op: UnOp::Not, a, ..
        }) => vec![(a, d)],
        Op::Bin(op::Bin {
            op: BinOp::Shl,
            a,
            b: Operand::Imm(s),
            ..
        }) => vec![(a, d.through_shift(s.min(64) as i64))],
        Op::Bin(op::Bin {
            op: BinOp::LShr,
            a,
            b: Operand::Imm(s),
            ..
        }) => vec![(a, d.through_shift(-(s.min(64) as i64)))],
        // bit 0 of `m >> laneid` is the lane's own bit of `m`
        Op::Bin(op::Bin {
            op: BinOp::LShr,
            ty: Type::I64,
            a,
            b: Operand::Reg(r),
            ..
        }) if r == lane && d == Demand::Low => vec![(a, Demand::Own(0)), (r.into(), Demand::All)],
        Op::Cvt(op::Cvt {
            op: CvtOp::Trunc,
            to: Type::I1,
            src,
            ..
        }) => vec![(src, Demand::Low)],
        Op::Cvt(op::Cvt {
            op: CvtOp::Trunc | CvtOp::Zext,
            from: Type::I32 | Type::I64,
            to: Type::I32 | Type::I64,
            src,
            ..
        }) => vec![(src, d)],
        _ => op.uses().into_iter().map(|u| (u, Demand::All)).collect(),
    }
}

/// Replaces each ballot and active mask whose result is dead or read only
/// at the lane's own bit by that bit (through the temporary `tmp`, declared
/// on first use); returns how many. The running lane is always in its
/// active mask: its own bit there is 1.
fn demote(k: &mut Kernel, d: &Demands, lane: Reg, tmp: &mut Option<Reg>) -> usize {
    let mut n = 0;
    // Later instructions first, so that earlier indices stay valid.
    let mut masks = d.masks.clone();
    masks.sort_by_key(|m| std::cmp::Reverse((m.0, m.1)));
    for (bi, ii, dm) in masks {
        if !matches!(dm, Demand::Dead | Demand::Own(0)) {
            continue;
        }
        let inst = &k.blocks[bi].insts[ii];
        let (dst, pred) = match inst.op {
            Op::Vote {
                mode: VoteMode::Ballot,
                dst,
                pred,
            } => (dst, Some(pred)),
            Op::ActiveMask { dst } => (dst, None),
            _ => continue,
        };
        if inst.guard.is_some() || k.reg_type(dst) != Some(Type::I64) {
            continue;
        }
        let pc = inst.pc;
        let mk = |op| Inst {
            guard: None,
            op,
            pc,
        };
        let own_bit = |a: Operand| {
            mk(Op::Bin(op::Bin {
                op: BinOp::Shl,
                ty: Type::I64,
                dst,
                a,
                b: lane.into(),
            }))
        };
        let own = match pred {
            Some(pred) => {
                let t = *tmp.get_or_insert_with(|| k.reg("t.lanemask", Type::I64));
                vec![
                    mk(Op::Cvt(op::Cvt {
                        op: CvtOp::Zext,
                        to: Type::I64,
                        from: Type::I1,
                        rnd: Round::Rn,
                        sat: false,
                        ftz: false,
                        dst: t,
                        src: pred,
                    })),
                    own_bit(t.into()),
                ]
            }
            None => vec![own_bit(Operand::Imm(1))],
        };
        k.blocks[bi].insts.splice(ii..=ii, own);
        n += 1;
    }
    n
}

/// The (then, else) targets of the conditional branch ending block `b`, when
/// it has one and they differ.
fn two_way(k: &Kernel, b: BlockId) -> Option<(BlockId, BlockId)> {
    match k.blocks[b.0 as usize].term {
        Term::BrCond { then_, else_, .. } if then_ != else_ => Some((then_, else_)),
        _ => None,
    }
}

/// Makes the `s_cbranch_execz` ending block `b` a branch on the lane's EXEC
/// bit when its fall-through region qualifies (module docs); returns
/// whether it did.
fn per_lane_branch(k: &mut Kernel, d: &Demands, b: BlockId, exec: Reg) -> bool {
    let Some((target, fall)) = two_way(k, b) else {
        return false;
    };
    let Some(region) = region(k, fall, target) else {
        return false;
    };
    if region.contains(&(b.0 as usize)) {
        return false;
    }
    let live_at_target = &d.entry[target.0 as usize];
    let skippable = |inst: &Inst| {
        if inst.op.defs().contains(&exec) {
            return false;
        }
        if inst.guard
            == Some(Guard {
                reg: exec,
                negate: false,
            })
        {
            return idle_under_guard(&inst.op);
        }
        effect_free(&inst.op)
            && inst
                .op
                .defs()
                .iter()
                .all(|r| live_at_target[r.0 as usize] == Demand::Dead)
    };
    if !region
        .iter()
        .all(|&bi| k.blocks[bi].insts.iter().all(skippable))
    {
        return false;
    }
    // The region's shared-memory accesses may get wave syncs, where the lanes
    // running it wait while a skipping lane goes on.
    let stops: Vec<usize> = region
        .iter()
        .copied()
        .filter(|&bi| may_stop(k, bi))
        .collect();
    if !no_earlier_stop(k, &stops, target) {
        return false;
    }
    k.blocks[b.0 as usize].term = Term::BrCond {
        cond: exec,
        then_: fall,
        else_: target,
    };
    true
}

/// Makes the `s_cbranch_execnz` ending block `b` (`brc (exec != 0), head,
/// exit`) a branch on the lane's EXEC bit when a lane whose bit is 0 could
/// go round the loop again unobserved (module docs, 3): returns whether it
/// did.
fn per_lane_loop(
    k: &mut Kernel,
    d: &Demands,
    b: BlockId,
    (exec, lane): (Reg, Reg),
    loops: &ExecLoops,
) -> bool {
    let Some((head, exit)) = two_way(k, b) else {
        return false;
    };
    let Some(region) = region(k, head, exit) else {
        return false;
    };
    if !region.contains(&(b.0 as usize)) {
        return false;
    }
    let at_exit = &d.entry[exit.0 as usize];
    let exec_regs: Vec<Reg> = loops.exec_regs.iter().flatten().copied().collect();
    let guarded = Some(Guard {
        reg: exec,
        negate: false,
    });
    // What a lane leaving early would miss must be invisible at the exit:
    // registers written without its EXEC bit are dead there, except EXEC
    // itself, whose bit for this lane stays 0 (every write only clears) and
    // of which only this lane's bit is read.
    let unseen = |r: &Reg| {
        if *r == exec {
            return true;
        }
        // EXEC_LO's own bit is bit laneid, EXEC_HI's bit laneid - 32; any
        // other bit is another lane's, which differs.
        if Some(*r) == loops.exec_regs[0] {
            return matches!(at_exit[r.0 as usize], Demand::Dead | Demand::Own(0));
        }
        if Some(*r) == loops.exec_regs[1] {
            return matches!(at_exit[r.0 as usize], Demand::Dead | Demand::Own(-32));
        }
        at_exit[r.0 as usize] == Demand::Dead
    };
    for &bi in &region {
        let insts = &k.blocks[bi].insts;
        for (ii, inst) in insts.iter().enumerate() {
            let defs = inst.op.defs();
            let writes_exec = defs.iter().any(|r| *r == exec || exec_regs.contains(r));
            if writes_exec
                && !(inst.guard.is_none() && inst.pc.is_some_and(|pc| loops.clears.contains(&pc)))
            {
                return false;
            }
            if inst.guard == guarded && !writes_exec {
                if !idle_under_guard(&inst.op) {
                    return false;
                }
                continue;
            }
            let ok = match &inst.op {
                // A ballot of `pred & EXEC bit`: a lane whose bit is 0 adds
                // nothing to it, there or not.
                Op::Vote {
                    mode: VoteMode::Ballot,
                    pred,
                    ..
                } => {
                    inst.guard.is_none()
                        && matches!(pred, Operand::Reg(p) if masked_by(insts, ii, *p, exec))
                }
                op => effect_free(op),
            };
            if !ok || !defs.iter().all(unseen) {
                return false;
            }
        }
    }
    let per_lane = Term::BrCond {
        cond: exec,
        then_: head,
        else_: exit,
    };
    if !leaves_unseen(k, &region, b, &per_lane, exit, lane) {
        return false;
    }
    k.blocks[b.0 as usize].term = per_lane;
    enter_per_lane(k, &region, b, head, exit, exec);
    true
}

/// Whether lanes leaving the loop `region` early (its latch `latch` becoming
/// `per_lane`) cannot be seen by the lanes still in it: the loop keeps no
/// wave stop (a ballot its readers still read whole once the latch is per
/// lane, or a possible stop, [`may_stop`]), or [`no_earlier_stop`] holds
/// from its exit. Else the loop stays the wave's.
fn leaves_unseen(
    k: &Kernel,
    region: &[usize],
    latch: BlockId,
    per_lane: &Term,
    exit: BlockId,
    lane: Reg,
) -> bool {
    let mut trial = k.clone();
    trial.blocks[latch.0 as usize].term = per_lane.clone();
    let d = demands(&trial, lane);
    let kept_ballot = |bi: usize| {
        d.masks
            .iter()
            .any(|&(b, _, dm)| b == bi && !matches!(dm, Demand::Dead | Demand::Own(0)))
    };
    let stops: Vec<usize> = region
        .iter()
        .copied()
        .filter(|&bi| kept_ballot(bi) || may_stop(k, bi))
        .collect();
    no_earlier_stop(k, &stops, exit)
}

/// Whether block `bi` may hold a wave stop besides its ballots: a warp
/// operation, or an access the lockstep pass may give a wave sync. (Barriers wait for the whole workgroup: the scheduler runs the
/// waves' warp operations first, whatever their numbers.)
fn may_stop(k: &Kernel, bi: usize) -> bool {
    k.blocks[bi].insts.iter().any(|i| {
        (warp_stop(&i.op) && !matches!(i.op, Op::Vote { .. } | Op::ActiveMask { .. }))
            || may_sync_before(&i.op)
    })
}

/// A sync point where a wave's lanes wait for each other (not a barrier).
fn warp_stop(op: &Op) -> bool {
    op.is_sync() && !op.is_barrier()
}

/// Whether lanes that go on at `from` while the others of their wave wait at
/// a stop in the blocks `stops` cannot run a stop without them. Such a lane
/// runs until its next stop, and the scheduler runs a wave's
/// lowest-numbered sync point first (block order): no block it can reach
/// numbered at or below the last of `stops` (the same code again through an
/// enclosing loop, or earlier code) may hold one.
fn no_earlier_stop(k: &Kernel, stops: &[usize], from: BlockId) -> bool {
    let Some(&last) = stops.iter().max() else {
        return true;
    };
    let mut seen = vec![false; k.blocks.len()];
    let mut todo = vec![from.0 as usize];
    while let Some(bi) = todo.pop() {
        if bi >= seen.len() || std::mem::replace(&mut seen[bi], true) {
            continue;
        }
        // Up to a workgroup barrier, which the lane passes only with all
        // the others.
        let insts = &k.blocks[bi].insts;
        let wall = insts
            .iter()
            .position(|i| i.guard.is_none() && matches!(i.op, Op::Barrier));
        let before = &insts[..wall.unwrap_or(insts.len())];
        let stop = before
            .iter()
            .any(|i| warp_stop(&i.op) || may_sync_before(&i.op));
        if bi <= last && stop {
            return false;
        }
        if wall.is_none() {
            todo.extend(k.blocks[bi].term.successors().iter().map(|s| s.0 as usize));
        }
    }
    true
}

/// Sends a lane that reaches the per-lane loop `head` from outside it
/// (`region`) with its EXEC bit 0 straight to `exit`: it would go round
/// once unobserved and leave at the latch `latch` (the same conditions as
/// the latch's rewrite). In the loop the bit is then known 1 (on entry and
/// along the back edge), so `xisa_ir::guards` drops its guards. The kernel's
/// entry block is left alone.
fn enter_per_lane(
    k: &mut Kernel,
    region: &[usize],
    latch: BlockId,
    head: BlockId,
    exit: BlockId,
    exec: Reg,
) {
    let entries: Vec<usize> = (0..k.blocks.len())
        .filter(|bi| !region.contains(bi) && k.blocks[*bi].term.successors().contains(&head))
        .collect();
    if head.0 == 0 || entries.is_empty() {
        return;
    }
    let pre = BlockId(k.blocks.len() as u32);
    let label = format!("{}_enter", k.blocks[head.0 as usize].label);
    let term_pc = k.blocks[latch.0 as usize].term_pc;
    k.blocks.push(Block {
        label,
        insts: Vec::new(),
        term: Term::BrCond {
            cond: exec,
            then_: head,
            else_: exit,
        },
        term_pc,
    });
    for bi in entries {
        k.blocks[bi].term.replace_successor(head, pre);
    }
}

/// True when `pred`, read at instruction `at` of `insts`, is `x & exec` (an
/// unguarded `and` earlier in the block, neither register rewritten since).
fn masked_by(insts: &[Inst], at: usize, pred: Reg, exec: Reg) -> bool {
    let Some(j) = insts[..at]
        .iter()
        .rposition(|i| i.op.defs().contains(&pred))
    else {
        return false;
    };
    let def = &insts[j];
    let and_exec = matches!(
        def.op,
        Op::Bin(op::Bin { op: BinOp::And, ty: Type::I1, a, b, .. })
            if a == Operand::Reg(exec) || b == Operand::Reg(exec)
    );
    and_exec && def.guard.is_none() && !insts[j + 1..at].iter().any(|i| i.op.defs().contains(&exec))
}

/// The blocks reachable from `from` without passing `stop`, if every path
/// from `from` reaches `stop` or loops among them (no exit, trap, call or
/// return on the way).
fn region(k: &Kernel, from: BlockId, stop: BlockId) -> Option<Vec<usize>> {
    let mut seen = vec![false; k.blocks.len()];
    let mut todo = vec![from];
    let mut out = Vec::new();
    while let Some(b) = todo.pop() {
        let i = b.0 as usize;
        if b == stop || seen[i] {
            continue;
        }
        seen[i] = true;
        out.push(i);
        let t = &k.blocks[i].term;
        if matches!(t, Term::Exit | Term::Trap | Term::Ret | Term::Call { .. }) {
            return None;
        }
        todo.extend(t.successors());
    }
    Some(out)
}
