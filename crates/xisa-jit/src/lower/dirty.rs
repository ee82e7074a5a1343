//! Which registers may differ from their `ctx.regs` slot at each point of a run.
//!
//! Every run loads the registers from their slots, so a register only needs
//! storing back at a stop if some instruction of this run may have written it
//! ("dirty"). An unguarded sync instruction always stops the run, so the dirty
//! set starts over after it: in sync-heavy code each stop stores only what the
//! code since the previous stop wrote, instead of every register of the kernel
//! (which made each stop an edge carrying every register: quadratic code and
//! compile time).
//!
//! Forward may-analysis over segments (see `Segment`): a segment's dirty set on
//! entry is the union over its predecessors of their dirty sets on exit; run
//! entry points (function entry, resume after a sync, yield targets) add the
//! empty set.

use std::collections::HashMap;

use xisa_ir::{Kernel, Op, Term};

/// A set of registers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct RegSet(Vec<u64>);

impl RegSet {
    pub(super) fn new(n: usize) -> Self {
        RegSet(vec![0; n.div_ceil(64)])
    }

    pub(super) fn insert(&mut self, r: usize) {
        if let Some(w) = self.0.get_mut(r / 64) {
            *w |= 1 << (r % 64);
        }
    }

    pub(super) fn remove(&mut self, r: usize) {
        if let Some(w) = self.0.get_mut(r / 64) {
            *w &= !(1 << (r % 64));
        }
    }

    pub(super) fn contains(&self, r: usize) -> bool {
        self.0.get(r / 64).is_some_and(|w| w & (1 << (r % 64)) != 0)
    }

    /// Adds `other`; true if that changed `self`.
    pub(super) fn union_with(&mut self, other: &RegSet) -> bool {
        let mut changed = false;
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            let n = *a | b;
            changed |= n != *a;
            *a = n;
        }
        changed
    }

    /// The members, ascending.
    pub(super) fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &w)| {
            (0..64)
                .filter(move |b| w & (1 << b) != 0)
                .map(move |b| i * 64 + b)
        })
    }
}

/// Adds the registers `op` may write.
pub(super) fn add_defs(set: &mut RegSet, op: &Op) {
    // A sync op's results are written by the scheduler, never by a run.
    if op.is_sync() {
        return;
    }
    for d in op.defs() {
        set.insert(d.0 as usize);
    }
}

/// The segments of each block as `(start, end)` instruction ranges (as built
/// by the lowering: a segment ends at each sync instruction and at the
/// terminator).
pub(super) fn segments(k: &Kernel) -> Vec<Vec<(u32, u32)>> {
    k.blocks
        .iter()
        .map(|b| {
            let mut v = Vec::new();
            let mut start = 0u32;
            for (i, inst) in b.insts.iter().enumerate() {
                if inst.op.is_sync() {
                    v.push((start, i as u32));
                    start = i as u32 + 1;
                }
            }
            v.push((start, b.insts.len() as u32));
            v
        })
        .collect()
}

/// The dirty set on entry to every segment.
pub(super) fn dirty_on_entry(k: &Kernel, segs: &[Vec<(u32, u32)>]) -> Vec<Vec<RegSet>> {
    let n = k.regs.len();
    let mut inn: Vec<Vec<RegSet>> = segs.iter().map(|s| vec![RegSet::new(n); s.len()]).collect();
    let rets = k.return_blocks();
    // Successors of a segment: the next segment after a guarded sync (guard
    // false), or the terminator's targets.
    let succs = |bi: usize, si: usize| -> Vec<(usize, usize)> {
        let b = &k.blocks[bi];
        let (_, end) = segs[bi][si];
        match b.insts.get(end as usize) {
            Some(inst) if inst.guard.is_some() => vec![(bi, si + 1)],
            Some(_) => vec![],
            None => {
                let mut t: Vec<(usize, usize)> = b
                    .term
                    .successors()
                    .into_iter()
                    .map(|s| (s.0 as usize, 0))
                    .collect();
                if matches!(b.term, Term::Ret) {
                    t.extend(rets.iter().map(|r| (r.0 as usize, 0)));
                }
                t
            }
        }
    };
    let mut work: Vec<(usize, usize)> = segs
        .iter()
        .enumerate()
        .flat_map(|(bi, s)| (0..s.len()).map(move |si| (bi, si)))
        .rev()
        .collect();
    let mut queued: Vec<Vec<bool>> = segs.iter().map(|s| vec![true; s.len()]).collect();
    while let Some((bi, si)) = work.pop() {
        queued[bi][si] = false;
        let (start, end) = segs[bi][si];
        let mut out = inn[bi][si].clone();
        for inst in
            &k.blocks[bi].insts[start as usize..(end as usize).min(k.blocks[bi].insts.len())]
        {
            add_defs(&mut out, &inst.op);
        }
        for (tb, ts) in succs(bi, si) {
            if inn[tb][ts].union_with(&out) && !queued[tb][ts] {
                queued[tb][ts] = true;
                work.push((tb, ts));
            }
        }
    }
    inn
}

/// Where a segment that always ends in a register-storing stop stores its
/// registers instead of at the stop.
pub(super) struct EarlyStores {
    /// Incoming dirty registers the segment does not write: stored on entry.
    pub at_start: Vec<usize>,
    /// Registers stored right after the instruction (by index) that writes
    /// them last in the segment.
    pub after: HashMap<u32, Vec<usize>>,
}

/// For a segment `start..=end` of block `bi` that always ends in a stop that
/// stores registers (an unguarded sync op, `exit`): store each register as
/// soon as its value is final, so that nothing is left to store at the stop
/// and values need not stay live to the end of long straight-line code. `None`
/// for other segments (they store the dirty set at each stop). Only registers
/// in `live` (live after the stop) are stored.
pub(super) fn early_stores(
    k: &Kernel,
    bi: usize,
    start: u32,
    end: u32,
    dirty_in: &RegSet,
    live: &RegSet,
) -> Option<EarlyStores> {
    let blk = &k.blocks[bi];
    let always_stops = match blk.insts.get(end as usize) {
        Some(inst) => inst.guard.is_none(),
        None => matches!(blk.term, Term::Exit),
    };
    if !always_stops {
        return None;
    }
    let n = k.regs.len();
    let mut seen = RegSet::new(n);
    let mut after = HashMap::new();
    let body = &blk.insts[start as usize..(end as usize).min(blk.insts.len())];
    for (i, inst) in body.iter().enumerate().rev() {
        let mut defs = RegSet::new(n);
        add_defs(&mut defs, &inst.op);
        let last: Vec<usize> = defs.iter().filter(|&r| !seen.contains(r)).collect();
        for &r in &last {
            seen.insert(r);
        }
        let last: Vec<usize> = last.into_iter().filter(|&r| live.contains(r)).collect();
        if !last.is_empty() {
            after.insert(start + i as u32, last);
        }
    }
    let at_start = dirty_in
        .iter()
        .filter(|&r| !seen.contains(r) && live.contains(r))
        .collect();
    Some(EarlyStores { at_start, after })
}
