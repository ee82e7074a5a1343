//! Reaching definitions: which writes of a register a read may see.
//!
//! A write (a "site": one register an instruction writes) reaches a point
//! when some path from it gets there with no unguarded write of the
//! register between; a guarded write adds itself and kills nothing (where
//! its guard is false the older value stays). Each register's value at the
//! kernel's entry is a site of its own. Passes that need the writes behind
//! a read across blocks (own-bit shadows, removing dead cycles of values
//! that only feed each other) read them here.

use crate::inst::Reg;
use crate::kernel::Kernel;
use std::collections::HashMap;

/// Reaching definitions of one kernel (the kernel must not change while
/// this is in use).
pub struct Reach {
    /// (block, instruction, register) of each site; the first `regs`
    /// sites are the registers' values at the entry, block [`ENTRY`].
    sites: Vec<(usize, usize, Reg)>,
    /// Site indices per register (its entry site first).
    by_reg: Vec<Vec<usize>>,
    /// Index of each block's first site.
    first: Vec<usize>,
    /// The sites reaching each block's entry and end (bit sets).
    block_in: Vec<Vec<u64>>,
    block_out: Vec<Vec<u64>>,
}

/// The block number of entry-value sites.
pub const ENTRY: usize = usize::MAX;

fn has(set: &[u64], s: usize) -> bool {
    set[s / 64] >> (s % 64) & 1 == 1
}

fn put(set: &mut [u64], s: usize) {
    set[s / 64] |= 1 << (s % 64);
}

impl Reach {
    /// Solves the kernel's reaching definitions.
    pub fn of(k: &Kernel) -> Reach {
        let nregs = k.regs.len();
        let mut sites: Vec<(usize, usize, Reg)> =
            (0..nregs).map(|r| (ENTRY, 0, Reg(r as u32))).collect();
        let mut by_reg: Vec<Vec<usize>> = (0..nregs).map(|r| vec![r]).collect();
        let mut first = Vec::with_capacity(k.blocks.len());
        for (b, blk) in k.blocks.iter().enumerate() {
            first.push(sites.len());
            for (i, inst) in blk.insts.iter().enumerate() {
                for d in inst.op.defs() {
                    by_reg[d.0 as usize].push(sites.len());
                    sites.push((b, i, d));
                }
            }
        }
        let words = sites.len().div_ceil(64);
        let nb = k.blocks.len();
        // gen / kill per block.
        let mut gen = vec![vec![0u64; words]; nb];
        let mut kill = vec![vec![0u64; words]; nb];
        for (b, blk) in k.blocks.iter().enumerate() {
            let mut last: HashMap<Reg, Vec<usize>> = HashMap::new();
            let mut site = first[b];
            for inst in &blk.insts {
                for d in inst.op.defs() {
                    let l = last.entry(d).or_default();
                    if inst.guard.is_none() {
                        l.clear();
                        for &s in &by_reg[d.0 as usize] {
                            put(&mut kill[b], s);
                        }
                    }
                    l.push(site);
                    site += 1;
                }
            }
            for s in last.into_values().flatten() {
                put(&mut gen[b], s);
            }
        }
        let mut block_in = vec![vec![0u64; words]; nb];
        let mut block_out = gen.clone();
        if nb > 0 {
            for s in 0..nregs {
                put(&mut block_in[0], s);
            }
        }
        let preds = k.predecessors();
        let mut changed = true;
        while changed {
            changed = false;
            for b in 0..nb {
                let mut inn = block_in[b].clone();
                for &p in &preds[b] {
                    for (x, y) in inn.iter_mut().zip(&block_out[p]) {
                        *x |= y;
                    }
                }
                let out: Vec<u64> = (0..words)
                    .map(|w| gen[b][w] | (inn[w] & !kill[b][w]))
                    .collect();
                if out != block_out[b] || inn != block_in[b] {
                    block_in[b] = inn;
                    block_out[b] = out;
                    changed = true;
                }
            }
        }
        Reach {
            sites,
            by_reg,
            first,
            block_in,
            block_out,
        }
    }

    /// Site `s`: (block, instruction, register); block [`ENTRY`] for a
    /// register's entry value.
    pub fn site(&self, s: usize) -> (usize, usize, Reg) {
        self.sites[s]
    }

    /// The sites of `x` that reach the read by instruction `i` of block
    /// `b` (`i` = the block's length: its terminator).
    pub fn at(&self, k: &Kernel, b: usize, i: usize, x: Reg) -> Vec<usize> {
        let insts = &k.blocks[b].insts[..i];
        let mut site = self.first[b] + insts.iter().map(|n| n.op.defs().len()).sum::<usize>();
        let mut found = Vec::new();
        for inst in insts.iter().rev() {
            let defs = inst.op.defs();
            site -= defs.len();
            if let Some(n) = defs.iter().position(|&d| d == x) {
                found.push(site + n);
                if inst.guard.is_none() {
                    return found;
                }
            }
        }
        let set = &self.block_in[b];
        found.extend(
            self.by_reg[x.0 as usize]
                .iter()
                .copied()
                .filter(|&s| has(set, s)),
        );
        found
    }

    /// For each instruction of block `b` and then its terminator, the
    /// sites the registers it reads (its guard included) may come from.
    pub fn block_reads(&self, k: &Kernel, b: usize) -> Vec<Vec<usize>> {
        let blk = &k.blocks[b];
        let mut cur: HashMap<Reg, Vec<usize>> = HashMap::new();
        let set = &self.block_in[b];
        let sites_of = |cur: &HashMap<Reg, Vec<usize>>, r: Reg| -> Vec<usize> {
            match cur.get(&r) {
                Some(v) => v.clone(),
                None => self.by_reg[r.0 as usize]
                    .iter()
                    .copied()
                    .filter(|&s| has(set, s))
                    .collect(),
            }
        };
        let mut out = Vec::with_capacity(blk.insts.len() + 1);
        let mut site = self.first[b];
        for inst in &blk.insts {
            let mut reads: Vec<usize> = Vec::new();
            let regs = inst.op.reg_uses();
            for r in regs.iter().copied().chain(inst.guard.map(|g| g.reg)) {
                reads.extend(sites_of(&cur, r));
            }
            reads.sort_unstable();
            reads.dedup();
            out.push(reads);
            for d in inst.op.defs() {
                let mut now = if inst.guard.is_none() {
                    Vec::new()
                } else {
                    sites_of(&cur, d)
                };
                now.push(site);
                cur.insert(d, now);
                site += 1;
            }
        }
        let mut reads: Vec<usize> = Vec::new();
        for r in blk.term.uses() {
            reads.extend(sites_of(&cur, r));
        }
        reads.sort_unstable();
        reads.dedup();
        out.push(reads);
        out
    }

    /// The sites that reach the end of block `b`.
    pub fn at_end(&self, b: usize) -> impl Iterator<Item = usize> + '_ {
        let set = &self.block_out[b];
        (0..self.sites.len()).filter(move |&s| has(set, s))
    }
}
