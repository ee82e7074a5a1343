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

use xisa_ir::{Inst, Kernel, Operand, Term};

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

/// `live` before `inst`, given `live` after it.
fn step(live: &mut RegSet, inst: &Inst) {
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
                let regs = inst.op.uses().into_iter().filter_map(|u| match u {
                    Operand::Reg(r) => Some(r),
                    Operand::Imm(_) => None,
                });
                let guard = inst.guard.map(|g| g.reg);
                for r in regs.chain(inst.op.defs()).chain(guard) {
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
            if let xisa_ir::Op::Shfl {
                src: Operand::Reg(r),
                ..
            } = inst.op
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
    let mut preds = vec![Vec::new(); k.blocks.len()];
    for (b, ss) in succs.iter().enumerate() {
        for &s in ss {
            if let Some(p) = preds.get_mut(s) {
                p.push(b);
            }
        }
    }
    // Live before the terminator's uses, given live-out.
    let block_live_in = |b: usize, out: &RegSet| -> RegSet {
        let blk = &k.blocks[b];
        let mut live = out.clone();
        for r in blk.term.uses() {
            live.insert(r.0 as usize);
        }
        for inst in blk.insts.iter().rev() {
            step(&mut live, inst);
        }
        live
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
        let mut live = live_out(b, &block_in);
        for r in blk.term.uses() {
            live.insert(r.0 as usize);
        }
        for (i, inst) in blk.insts.iter().enumerate().rev() {
            let after = live.clone();
            step(&mut live, inst);
            if inst.op.is_sync() {
                sync.insert((b as u32, i as u32), (live.clone(), after));
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
}
