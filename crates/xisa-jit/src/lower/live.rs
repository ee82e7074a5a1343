//! Which registers are live (their value may still be read) where a run
//! starts and where it stops: a run loads only the registers live where it
//! resumes, and a stop stores only the dirty registers live after it.
//!
//! Backward may-analysis over the kernel's blocks. A sync instruction does
//! not end liveness: the scheduler reads its operands from the slots and
//! values flow through the slots into the next run. A guarded instruction
//! does not kill its destinations (where the guard is off they keep their
//! value). `ret` flows into every return block; nothing is live at `exit`.
//!
//! A register read only under a guard is live only under that guard: a
//! write under a guard of the same value above it kills it there (where the
//! guard holds the read sees that write, where it does not the read does not
//! happen), also across sync points, whose stops store and reload it. Guards
//! are compared by value within a block ([`GuardValues`]). This keeps the
//! lifters' predicated temporaries (`@p %t = …; @p %r = f(%t)`, every
//! instruction of a predicated SASS instruction) from being live, loaded and
//! stored across every region. At block boundaries a conditionally live
//! register counts as live.
//!
//! A shuffle's source register is read by the scheduler in every lane of
//! the wave, also in lanes that do not take part (they may be stopped
//! anywhere or have exited): it is live at every stop, including `exit`.
//!
//! When the caller reads the lanes' registers (`xisa exec` state files, the
//! engines' differential tests after every stop), every register is live
//! everywhere: each stop stores every register its run wrote, and each run
//! loads, once at its start, every register the kernel reads or writes
//! (`entry_loads`; loading them at each resume point instead would make the
//! code quadratic in sync points × registers).
//!
//! A register stored at a stop on a path that did not write it is stored
//! with its incoming value; it is live from the run's resume point to the
//! stop along that path, so the run loaded it.

use std::collections::HashMap;
use xisa_ir::op;

use xisa_ir::{Block, Inst, Kernel, Op, Operand, Term};

use super::dirty::RegSet;

/// Live registers at the run boundaries of a kernel.
pub(super) struct Liveness {
    /// Live on entry to each block (resume points after a yield, the kernel
    /// entry).
    pub block_in: Vec<RegSet>,
    /// Live before and after each sync instruction `(block, index)`: stored
    /// at the stop, loaded at the resume.
    pub sync: HashMap<(u32, u32), (RegSet, RegSet)>,
    /// Live at `exit`.
    pub at_exit: RegSet,
    /// When the registers are observed: what every run loads at its start
    /// (then the resume points load nothing).
    pub entry_loads: Option<RegSet>,
}

/// A guard's value: (value number, negated).
type GuardVal = (usize, bool);

/// The guards of a block's instructions compared by value: a register's value
/// gets a new number at each write, a plain unguarded `mov` copies its
/// source's number (the sm_75 lifter copies the predicate into a fresh
/// temporary for each instruction), and registers not yet written in the
/// block hold their incoming value (numbered by register).
struct GuardValues {
    /// Per instruction: its guard's value.
    guard: Vec<Option<GuardVal>>,
    /// Per instruction: the value numbers it creates (none for a copy).
    fresh: Vec<Vec<usize>>,
}

impl GuardValues {
    fn of(blk: &Block) -> GuardValues {
        let mut value: HashMap<usize, usize> = HashMap::new();
        let mut next = usize::MAX / 2;
        let number = |value: &HashMap<usize, usize>, r: usize| value.get(&r).copied().unwrap_or(r);
        let mut guard = Vec::with_capacity(blk.insts.len());
        let mut fresh = Vec::with_capacity(blk.insts.len());
        for inst in &blk.insts {
            let g = inst
                .guard
                .map(|g| (number(&value, g.reg.0 as usize), g.negate));
            let copy = match (&inst.op, g) {
                (
                    Op::Mov {
                        src: Operand::Reg(r),
                        ..
                    },
                    None,
                ) => Some(number(&value, r.0 as usize)),
                _ => None,
            };
            let mut made = Vec::new();
            for d in inst.op.defs() {
                let n = copy.unwrap_or_else(|| {
                    next += 1;
                    made.push(next);
                    next
                });
                value.insert(d.0 as usize, n);
            }
            guard.push(g);
            fresh.push(made);
        }
        GuardValues { guard, fresh }
    }
}

/// Backward liveness inside a block: `live` registers are read on some path
/// whatever the guards; `cond` ones only by instructions under the guard value
/// given.
#[derive(Clone)]
struct Live {
    live: RegSet,
    cond: HashMap<usize, GuardVal>,
}

impl Live {
    /// The state before `blk`'s terminator, given `out` live after the block.
    fn at_block_end(out: RegSet, blk: &Block) -> Live {
        let mut live = Live {
            live: out,
            cond: HashMap::new(),
        };
        for r in blk.term.uses() {
            live.read(r.0 as usize);
        }
        live
    }

    /// Everything live, conditionally or not.
    fn all(&self) -> RegSet {
        let mut s = self.live.clone();
        self.cond.keys().for_each(|&r| s.insert(r));
        s
    }

    fn read(&mut self, r: usize) {
        self.live.insert(r);
        self.cond.remove(&r);
    }

    /// State before instruction `i` of a block, given the state after it.
    fn step(&mut self, inst: &Inst, gv: &GuardValues, i: usize) {
        let g = gv.guard[i];
        for d in inst.op.defs() {
            let d = d.0 as usize;
            match g {
                None => {
                    self.live.remove(d);
                    self.cond.remove(&d);
                }
                // A write under the guard its reads are under.
                Some(g) if self.cond.get(&d) == Some(&g) => {
                    self.cond.remove(&d);
                }
                Some(_) => {}
            }
        }
        // Above the write that creates a guard value, what is read under it
        // is read on some path.
        for n in &gv.fresh[i] {
            let under: Vec<usize> = self
                .cond
                .iter()
                .filter(|(_, c)| c.0 == *n)
                .map(|(&r, _)| r)
                .collect();
            under.into_iter().for_each(|r| self.read(r));
        }
        // The scheduler reads a sync op's operands from the slots.
        let guarded = g.filter(|_| !inst.op.is_sync());
        for u in inst.op.uses() {
            let Operand::Reg(r) = u else { continue };
            let r = r.0 as usize;
            match guarded {
                None => self.read(r),
                Some(g) => {
                    if self.live.contains(r) {
                        continue;
                    }
                    match self.cond.get(&r) {
                        Some(&c) if c != g => self.read(r),
                        Some(_) => {}
                        None => {
                            self.cond.insert(r, g);
                        }
                    }
                }
            }
        }
        if let Some(guard) = inst.guard {
            self.read(guard.reg.0 as usize);
        }
    }
}

/// Liveness of `k`; `observed`: the caller reads the registers at stops.
pub(super) fn analyze(k: &Kernel, observed: bool) -> Liveness {
    let n = k.regs.len();
    if observed {
        let mut all = RegSet::new(n);
        (0..n).for_each(|r| all.insert(r));
        // Read or written anywhere: a register written on one path is
        // stored at a stop other paths reach too, with its incoming value.
        let mut touched = RegSet::new(n);
        for blk in &k.blocks {
            for inst in &blk.insts {
                let guard = inst.guard.map(|g| g.reg);
                for r in inst
                    .op
                    .reg_uses()
                    .into_iter()
                    .chain(inst.op.defs())
                    .chain(guard)
                {
                    touched.insert(r.0 as usize);
                }
            }
            for r in blk.term.uses() {
                touched.insert(r.0 as usize);
            }
        }
        return Liveness {
            entry_loads: Some(touched),
            block_in: vec![all.clone(); k.blocks.len()],
            sync: k
                .sync_points()
                .iter()
                .map(|&(b, i)| ((b.0, i), (all.clone(), all.clone())))
                .collect(),
            at_exit: all,
        };
    }
    // Read across lanes (see the module doc): live everywhere.
    let mut shuffled = RegSet::new(n);
    for blk in &k.blocks {
        for inst in &blk.insts {
            if let xisa_ir::Op::Shfl(op::Shfl {
                src: Operand::Reg(r),
                ..
            }) = inst.op
            {
                shuffled.insert(r.0 as usize);
            }
        }
    }
    let at_exit = shuffled.clone();
    let rets = k.return_blocks();
    let succs: Vec<Vec<usize>> = k
        .blocks
        .iter()
        .map(|b| {
            let mut s: Vec<usize> = b.term.successors().iter().map(|t| t.0 as usize).collect();
            if matches!(b.term, Term::Ret) {
                s.extend(rets.iter().map(|r| r.0 as usize));
            }
            s
        })
        .collect();
    let preds = xisa_ir::kernel::predecessors(&succs);
    let guards: Vec<GuardValues> = k.blocks.iter().map(GuardValues::of).collect();
    // Live before the terminator's uses, given live-out.
    let block_live_in = |b: usize, out: &RegSet| -> RegSet {
        let blk = &k.blocks[b];
        let mut live = Live::at_block_end(out.clone(), blk);
        for (i, inst) in blk.insts.iter().enumerate().rev() {
            live.step(inst, &guards[b], i);
        }
        live.all()
    };
    let live_out = |b: usize, block_in: &[RegSet]| -> RegSet {
        let mut out = RegSet::new(n);
        if matches!(k.blocks[b].term, Term::Exit) {
            out.union_with(&at_exit);
        }
        for &s in &succs[b] {
            if let Some(i) = block_in.get(s) {
                out.union_with(i);
            }
        }
        out
    };
    let mut block_in = vec![RegSet::new(n); k.blocks.len()];
    let mut work: Vec<usize> = (0..k.blocks.len()).collect();
    let mut queued = vec![true; k.blocks.len()];
    while let Some(b) = work.pop() {
        queued[b] = false;
        let out = live_out(b, &block_in);
        let inn = block_live_in(b, &out);
        if inn != block_in[b] {
            block_in[b] = inn;
            for &p in &preds[b] {
                if !queued[p] {
                    queued[p] = true;
                    work.push(p);
                }
            }
        }
    }
    let mut sync = HashMap::new();
    for (b, blk) in k.blocks.iter().enumerate() {
        if !blk.insts.iter().any(|i| i.op.is_sync()) {
            continue;
        }
        let mut live = Live::at_block_end(live_out(b, &block_in), blk);
        for (i, inst) in blk.insts.iter().enumerate().rev() {
            let after = live.all();
            live.step(inst, &guards[b], i);
            if inst.op.is_sync() {
                sync.insert((b as u32, i as u32), (live.all(), after));
            }
        }
    }
    for s in block_in.iter_mut() {
        s.union_with(&shuffled);
    }
    for (before, after) in sync.values_mut() {
        before.union_with(&shuffled);
        after.union_with(&shuffled);
    }
    Liveness {
        block_in,
        sync,
        at_exit,
        entry_loads: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn live_names(k: &Kernel, s: &RegSet) -> Vec<String> {
        s.iter().map(|r| k.regs[r].name.clone()).collect()
    }

    #[test]
    fn barrier_keeps_only_what_is_read_after_it() {
        let k = xisa_ir::text::parse_kernel(
            "kernel @k(%p: i64) {
  reg %a: i32, %t: i32, %g: i1, %b: i32, %u: i32
e:
  %a = special.tid.x
  %t = add.i32 %a, 1
  %g = icmp.eq.i32 %t, 3
  %b = mov.i32 7
  barrier
  @%g %b = mov.i32 %a
  st.global.b32 [%p], %b
  exit
}",
        )
        .unwrap();
        let l = analyze(&k, false);
        let (before, after) = &l.sync[&(0, 4)];
        // %t is dead after the compare; %b is read by the guarded move's
        // false path and the store.
        assert_eq!(live_names(&k, after), ["p", "a", "g", "b"]);
        assert_eq!(before, after);
        assert_eq!(live_names(&k, &l.block_in[0]), ["p"]);
        // `xisa exec` reads every register.
        let l = analyze(&k, true);
        assert_eq!(l.block_in[0].iter().count(), 6);
        assert_eq!(l.sync[&(0, 4)].0.iter().count(), 6);
    }

    #[test]
    fn predicated_temporaries_are_not_live() {
        // Every read of %t under %g follows a write of %t under %g in the
        // segment: %t is dead at the barrier; %y likewise, but its write and
        // read are on both sides of a wave sync, whose stop stores and
        // reloads it. %u is read under the other guard, %v and %w under a
        // later value of %g: those reads need the incoming value. %h copies
        // %g, so a guard on %h is the same guard.
        let k = xisa_ir::text::parse_kernel(
            "kernel @k(%p: i64) {
  reg %a: i32, %g: i1, %t: i32, %r: i32, %u: i32, %v: i32, %w: i32, %y: i32, %h: i1
e:
  %a = special.tid.x
  barrier
  %g = icmp.eq.i32 %a, 3
  @%g %t = add.i32 %a, 1
  %h = mov.i1 %g
  @%h %t = mul.i32 %t, 3
  @%g %r = mov.i32 %t
  @%g %u = mov.i32 1
  @!%g %r = add.i32 %r, %u
  @%g %v = mov.i32 2
  @%g %w = mov.i32 5
  %g = icmp.eq.i32 %a, 4
  @%g %r = add.i32 %r, %v
  @%g %y = mov.i32 9
  wavesync
  @%g %r = add.i32 %r, %w
  @%g st.global.b32 [%p], %y
  st.global.b32 [%p], %r
  exit
}",
        )
        .unwrap();
        let l = analyze(&k, false);
        let (_, after) = &l.sync[&(0, 1)];
        assert_eq!(live_names(&k, after), ["p", "a", "r", "u", "v", "w"]);
        let (before, after) = &l.sync[&(0, 14)];
        assert_eq!(live_names(&k, after), ["p", "g", "r", "w", "y"]);
        assert_eq!(before, after);
    }
}
