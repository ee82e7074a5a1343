//! Divergence analysis: which registers hold the same value in every lane of
//! a wave, and which are affine in the lane's `tid.x`.
//!
//! A register is *uniform* when every write to it is executed by all lanes of
//! the wave together and computes a lane-independent value: an operation on
//! uniform operands (or of a workgroup-uniform special register, or a `param`
//! / `const` load from a uniform address), unguarded or under a uniform
//! guard, in a block no lane can skip while another runs it. The last
//! condition is control dependence: a block reachable from a branch on a
//! varying condition before that branch's immediate post-dominator runs in
//! some lanes only, so a register written there differs between the lanes
//! that ran the write and those that did not (also across loop exits: a loop
//! whose exit branch varies is entirely such a region). The analysis is the
//! usual optimistic fixpoint (everything uniform, then varying values,
//! branches and regions spread until nothing changes), over *definition
//! sites* with reaching definitions: the IR is not in SSA form and lifters
//! reuse temporaries, so a register is uniform at one point and varying at
//! another. A read is uniform when every write reaching it is (a guarded
//! write does not end the reach of earlier ones).
//!
//! On top of it, [`Affine`] forms `c·tid.x + u` (`u` uniform) of values, for
//! the lockstep pass (`crate::lockstep`) to reason about shared-memory
//! addresses across the lanes of a wave.
//!
//! Kernels with calls are not analysed (a callee runs for lanes arriving
//! from several call sites): [`Uniformity::of`] returns `None`, as it does
//! for a kernel with a block from which no exit is reachable.

use crate::inst::{BinOp, CvtOp, Op, Operand, Reg, SReg};
use crate::kernel::Kernel;
use crate::op;
use crate::types::Space;
use crate::Term;

/// Per definition site, whether its value is uniform across a wave and its
/// affine form, and which blocks some lanes of a wave may skip (see the
/// module docs).
#[derive(Debug, Clone)]
pub struct Uniformity {
    /// Per block: it lies in the region of a branch on a varying condition.
    pub divergent: Vec<bool>,
    /// Per block: its immediate post-dominator (`None`: the virtual exit),
    /// where the lanes split by a branch at its end meet again.
    pub ipdom: Vec<Option<usize>>,
    /// Definition sites `(block, instruction, register)`.
    sites: Vec<(usize, usize, Reg)>,
    /// Per register: its sites.
    by_reg: Vec<Vec<usize>>,
    /// Per block and instruction: the site of its first written register
    /// (the others follow in `Op::defs` order).
    first_site: Vec<Vec<usize>>,
    /// Per block: the sites reaching its start.
    reach_in: Vec<Set>,
    /// Per site: its value's form (`Lin { c: 0, .. }`: uniform).
    form: Vec<Affine>,
    /// `tid.x` is below this in every launch (the declared or hardware
    /// workgroup size).
    tid_bound: u64,
}

/// Bitset (over blocks or definition sites).
#[derive(Debug, Clone, PartialEq)]
struct Set(Vec<u64>);

impl Set {
    fn new(n: usize, full: bool) -> Set {
        Set(vec![if full { !0 } else { 0 }; n.div_ceil(64)])
    }
    fn has(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 != 0
    }
    fn put(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    fn and(&mut self, o: &Set) {
        for (a, b) in self.0.iter_mut().zip(&o.0) {
            *a &= b;
        }
    }
    fn count(&self, n: usize) -> usize {
        (0..n).filter(|&i| self.has(i)).count()
    }
    fn clear(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }
    fn or(&mut self, o: &Set) -> bool {
        let mut changed = false;
        for (a, b) in self.0.iter_mut().zip(&o.0) {
            let n = *a | b;
            changed |= n != *a;
            *a = n;
        }
        changed
    }
}

/// Immediate post-dominators (`None`: the block's paths end at different
/// exits), or `None` when a block the entry reaches reaches no exit.
fn ipdoms(succs: &[Vec<usize>]) -> Option<Vec<Option<usize>>> {
    let n = succs.len();
    // Blocks that reach an exit (a block with no successors).
    let preds = crate::kernel::predecessors(succs);
    let mut reach = vec![false; n];
    let mut work: Vec<usize> = (0..n).filter(|&b| succs[b].is_empty()).collect();
    for &b in &work {
        reach[b] = true;
    }
    while let Some(b) = work.pop() {
        for &p in &preds[b] {
            if !reach[p] {
                reach[p] = true;
                work.push(p);
            }
        }
    }
    // Blocks the entry reaches must reach an exit (unreachable ones, such as
    // ptxas's trailing `BRA` to itself, do not matter).
    let mut live = vec![false; n];
    let mut work = vec![0usize];
    while let Some(b) = work.pop() {
        if !std::mem::replace(&mut live[b], true) {
            work.extend(&succs[b]);
        }
    }
    if (0..n).any(|b| live[b] && !reach[b]) {
        return None;
    }
    let mut pdom: Vec<Set> = (0..n)
        .map(|b| {
            if succs[b].is_empty() {
                let mut s = Set::new(n, false);
                s.put(b);
                s
            } else {
                Set::new(n, true)
            }
        })
        .collect();
    let mut changed = true;
    while changed {
        changed = false;
        for b in (0..n).rev() {
            if succs[b].is_empty() {
                continue;
            }
            let mut s = Set::new(n, true);
            for &x in &succs[b] {
                s.and(&pdom[x]);
            }
            s.put(b);
            if s != pdom[b] {
                pdom[b] = s;
                changed = true;
            }
        }
    }
    // The immediate post-dominator is the strict post-dominator that every
    // other strict one post-dominates: the one with the most post-dominators.
    Some(
        (0..n)
            .map(|b| {
                (0..n)
                    .filter(|&d| d != b && pdom[b].has(d))
                    .max_by_key(|&d| pdom[d].count(n))
            })
            .collect(),
    )
}

/// True for special registers every lane of a wave reads alike.
/// True for special registers that hold the same value in every lane of a
/// wave (all but the lane's ids and its clock).
pub fn wave_uniform_sreg(s: SReg) -> bool {
    !matches!(
        s,
        SReg::TidX | SReg::TidY | SReg::TidZ | SReg::LaneId | SReg::Clock
    )
}

impl Uniformity {
    /// Analyses `k` (see the module docs), whose launches have fewer than
    /// `tid_bound` lanes along x (the size it declares, at most
    /// [`MAX_TID_X`]): an `or` of a multiple of `tid.x` and a constant whose
    /// bits it cannot reach is then their sum (LLVM writes `a | k` for
    /// `a + k` when it knows the bits are disjoint). `None` for kernels with
    /// calls or with reachable blocks that reach no exit.
    pub fn of(k: &Kernel, tid_bound: u64) -> Option<Uniformity> {
        Self::of_with(k, tid_bound, false)
    }

    /// [`Uniformity::of`] for engines that run a wave's lanes together
    /// (the JIT's wave mode): there the lanes that reach a `vote`,
    /// `activemask` or `readfirstlane` together get one result, so in a
    /// block no lane skips (unguarded or under a uniform guard) it is
    /// uniform. (Lane by lane, lanes reaching one at different times, as
    /// after a yield, vote separately.)
    pub fn of_waves(k: &Kernel, tid_bound: u64) -> Option<Uniformity> {
        Self::of_with(k, tid_bound, true)
    }

    fn of_with(k: &Kernel, tid_bound: u64, warp_uniform: bool) -> Option<Uniformity> {
        let n = k.blocks.len();
        if n == 0 || k.has_calls() {
            return None;
        }
        let succs: Vec<Vec<usize>> = k
            .blocks
            .iter()
            .map(|b| b.term.successors().iter().map(|s| s.0 as usize).collect())
            .collect();
        if succs.iter().flatten().any(|&s| s >= n) {
            return None;
        }
        let ipdom = ipdoms(&succs)?;
        let nr = k.regs.len();
        // Definition sites and reaching definitions.
        // Site r (< nr) is register r's value at entry: its parameter value
        // or 0, the same in every lane.
        let mut sites: Vec<(usize, usize, Reg)> =
            (0..nr).map(|r| (usize::MAX, 0, Reg(r as u32))).collect();
        let mut by_reg: Vec<Vec<usize>> = (0..nr).map(|r| vec![r]).collect();
        let mut first_site: Vec<Vec<usize>> = Vec::with_capacity(n);
        for (b, bl) in k.blocks.iter().enumerate() {
            let mut firsts = Vec::with_capacity(bl.insts.len());
            for (i, inst) in bl.insts.iter().enumerate() {
                firsts.push(sites.len());
                for d in inst.op.defs() {
                    if (d.0 as usize) < nr {
                        by_reg[d.0 as usize].push(sites.len());
                        sites.push((b, i, d));
                    }
                }
            }
            first_site.push(firsts);
        }
        let ns = sites.len();
        let mut reach_in = vec![Set::new(ns, false); n];
        for r in 0..nr {
            reach_in[0].put(r);
        }
        let mut work: Vec<usize> = (0..n).collect();
        while let Some(b) = work.pop() {
            // An unguarded write ends the reach of the register's other
            // writes; every write reaches on.
            let mut out = reach_in[b].clone();
            for (i, inst) in k.blocks[b].insts.iter().enumerate() {
                let mut x = first_site[b][i];
                for d in inst.op.defs() {
                    let Some(rs) = by_reg.get(d.0 as usize) else {
                        continue;
                    };
                    if inst.guard.is_none() {
                        for &y in rs {
                            out.clear(y);
                        }
                    }
                    out.put(x);
                    x += 1;
                }
            }
            for &s in &succs[b] {
                if reach_in[s].or(&out) {
                    work.push(s);
                }
            }
        }
        let mut u = Uniformity {
            divergent: vec![false; n],
            ipdom: ipdom.clone(),
            sites,
            by_reg,
            first_site,
            reach_in,
            form: vec![Affine::Unknown; ns],
            tid_bound: tid_bound.max(1),
        };
        for r in 0..nr {
            u.form[r] = if k.params.contains(&Reg(r as u32)) {
                Affine::Lin { c: 0, u: None }
            } else {
                Affine::konst(0)
            };
        }
        // Uniformity, then forms, to a common fixpoint with the regions.
        loop {
            let mut changed = false;
            for b in 0..n {
                let var = match &k.blocks[b].term {
                    Term::BrCond { cond, .. } => !u.uniform_at(k, b, usize::MAX, *cond),
                    Term::Switch { index, .. } => !u.uniform_at(k, b, usize::MAX, *index),
                    _ => false,
                };
                if !var {
                    continue;
                }
                let stop = ipdom[b];
                let mut seen = vec![false; n];
                let mut work = succs[b].clone();
                while let Some(x) = work.pop() {
                    if Some(x) == stop || seen[x] {
                        continue;
                    }
                    seen[x] = true;
                    if !u.divergent[x] {
                        u.divergent[x] = true;
                        changed = true;
                    }
                    work.extend(&succs[x]);
                }
            }
            for x in nr..u.sites.len() {
                let (b, i, _) = u.sites[x];
                if u.form[x] == Affine::Varying {
                    continue;
                }
                let inst = &k.blocks[b].insts[i];
                let f = if u.divergent[b]
                    || !single_form(&inst.op)
                    || inst.guard.is_some_and(|g| !u.uniform_at(k, b, i, g.reg))
                {
                    Affine::Varying
                } else if warp_uniform
                    && matches!(
                        inst.op,
                        Op::Vote { .. } | Op::ActiveMask { .. } | Op::ReadFirstLane { .. }
                    )
                {
                    Affine::Lin { c: 0, u: None }
                } else {
                    let bound = u.tid_bound;
                    eval(&inst.op, &mut |o| u.read_at(k, b, i, o), bound)
                };
                let new = meet(u.form[x], f);
                if new != u.form[x] {
                    u.form[x] = new;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        // Forms still unknown only feed themselves: nothing vouches for them.
        for f in &mut u.form {
            if *f == Affine::Unknown {
                *f = Affine::Varying;
            }
        }
        Some(u)
    }

    /// Number of definition sites: each register's value at entry (sites
    /// `0..k.regs.len()`, by register), then every register write.
    pub fn site_count(&self) -> usize {
        self.sites.len()
    }

    /// The site of the `n`-th register (in `Op::defs` order) written by
    /// instruction `i` of block `b`.
    pub fn def_site(&self, b: usize, i: usize, n: usize) -> usize {
        self.first_site[b][i] + n
    }

    /// The block and instruction of site `x` (`None`: an entry value).
    pub fn site_at(&self, x: usize) -> Option<(usize, usize)> {
        let (b, i, _) = self.sites[x];
        (b != usize::MAX).then_some((b, i))
    }

    /// The sites of `r` reaching instruction `at` of block `b` (at or past
    /// the block's length: its end), its entry value included.
    pub fn reaching_sites(&self, k: &Kernel, b: usize, at: usize, r: Reg) -> Vec<usize> {
        self.reaching(k, b, at, r)
    }

    /// The sites of `r` reaching instruction `at` of block `b` (`usize::MAX`:
    /// the block's end), its entry value included.
    fn reaching(&self, k: &Kernel, b: usize, at: usize, r: Reg) -> Vec<usize> {
        let Some(rs) = self.by_reg.get(r.0 as usize) else {
            return Vec::new();
        };
        let insts = &k.blocks[b].insts;
        let at = at.min(insts.len());
        // The last unguarded write in the block before `at` ends every
        // earlier reach; guarded ones after it add theirs.
        let mut out = Vec::new();
        let mut from_block_start = true;
        for j in (0..at).rev() {
            if let Some(p) = insts[j].op.defs().iter().position(|d| *d == r) {
                out.push(self.first_site[b][j] + p);
                if insts[j].guard.is_none() {
                    from_block_start = false;
                    break;
                }
            }
        }
        if from_block_start {
            out.extend(rs.iter().copied().filter(|&x| self.reach_in[b].has(x)));
        }
        out
    }

    /// The form of register `r` as read at instruction `at` of block `b`:
    /// the meet of the forms of the writes reaching it.
    fn read_at(&self, k: &Kernel, b: usize, at: usize, o: &Operand) -> Affine {
        let r = match o {
            Operand::Imm(v) => return Affine::konst(*v),
            Operand::Reg(r) => *r,
        };
        self.reaching(k, b, at, r)
            .into_iter()
            .fold(Affine::Unknown, |f, x| meet(f, self.form[x]))
    }

    /// True when register `r` read at instruction `at` of block `b` holds
    /// the same value in every lane of the wave.
    pub fn uniform_at(&self, k: &Kernel, b: usize, at: usize, r: Reg) -> bool {
        matches!(
            self.read_at(k, b, at, &Operand::Reg(r)),
            Affine::Lin { c: 0, .. } | Affine::Unknown
        )
    }

    /// The affine form of `o` as read by instruction `at` of block `b`:
    /// from the last write to it earlier in the block (whose lanes are the
    /// block's, even in a divergent region), else from the writes reaching
    /// the block. `guard` is the guard of the instruction the value is for:
    /// a write under the same guard (its register not rewritten in between)
    /// counts, since every lane that runs the reader ran the write.
    pub fn form_at(
        &self,
        k: &Kernel,
        b: usize,
        at: usize,
        o: &Operand,
        guard: Option<crate::inst::Guard>,
    ) -> Affine {
        self.local(k, b, at, o, guard, 0)
    }

    /// True when `a | konst`, read at instruction `at` of block `b`, is
    /// `a + konst`: the bits `a` can have (its form `c·tid.x + u` with `u`
    /// known, `tid.x` below the bound) are all below `konst`'s lowest set bit.
    pub fn or_is_add(&self, k: &Kernel, b: usize, at: usize, a: &Operand, konst: u64) -> bool {
        let fa = self.form_at(k, b, at, a, None);
        disjoint_or(fa, Affine::konst(konst), self.tid_bound).is_some()
    }

    fn local(
        &self,
        k: &Kernel,
        b: usize,
        at: usize,
        o: &Operand,
        guard: Option<crate::inst::Guard>,
        depth: u32,
    ) -> Affine {
        let r = match o {
            Operand::Imm(v) => return Affine::konst(*v),
            Operand::Reg(r) => *r,
        };
        let insts = &k.blocks[b].insts;
        let last = insts[..at.min(insts.len())]
            .iter()
            .rposition(|i| i.op.defs().contains(&r));
        let Some(j) = last else {
            return match self.read_at(k, b, 0, o) {
                Affine::Unknown => Affine::Varying,
                f => f,
            };
        };
        if depth > 48 {
            return Affine::Varying;
        }
        let def = &insts[j];
        if let Some(g) = def.guard {
            // Only the lanes that also run the reader matter: the same guard
            // value (lifters copy a predicate into a fresh temporary per
            // instruction: compared through such copies).
            let same = guard.is_some_and(|h| {
                h.negate == g.negate && guard_root(insts, j, g.reg) == guard_root(insts, at, h.reg)
            });
            if !same {
                return Affine::Varying;
            }
        }
        if !single_form(&def.op) {
            return Affine::Varying;
        }
        let bound = self.tid_bound;
        eval(
            &def.op,
            &mut |o| self.local(k, b, j, o, guard, depth + 1),
            bound,
        )
    }
}

/// The value a guard register holds before instruction `at`: the last write
/// to it in the block (followed through unguarded copies), or its value at
/// the block's start (`None`).
fn guard_root(insts: &[crate::inst::Inst], at: usize, r: Reg) -> (Reg, Option<usize>) {
    let at = at.min(insts.len());
    match insts[..at].iter().rposition(|i| i.op.defs().contains(&r)) {
        None => (r, None),
        Some(j) => match &insts[j].op {
            Op::Mov {
                src: Operand::Reg(s),
                ..
            } if insts[j].guard.is_none() => guard_root(insts, j, *s),
            _ => (r, Some(j)),
        },
    }
}

/// The affine form of a value: `c·tid.x + u` with `u` the same in every
/// lane of the wave (`Some` when it is a known constant), computed modulo the
/// value's width.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Affine {
    /// Not known yet (optimistic start of the register fixpoint).
    Unknown,
    /// `c·tid.x + u`.
    Lin { c: i64, u: Option<u64> },
    /// A 64-bit value whose low 32 bits are `c·tid.x + u` (mod 2^32), the
    /// high bits anything: a 32-bit form extended for 64-bit arithmetic
    /// (sm_75's 32-bit shifts and adds are lifted that way) that a
    /// truncation brings back.
    Low32 { c: i64, u: Option<u64> },
    /// Anything else.
    Varying,
}

impl Affine {
    fn konst(v: u64) -> Affine {
        Affine::Lin { c: 0, u: Some(v) }
    }

    /// `tid.x · c` exactly (no uniform part, small `c`): its zero or sign
    /// extension from 32 bits is the same form (`tid.x < 2^16`).
    fn exact_small(self) -> bool {
        matches!(self, Affine::Lin { c, u: Some(0) } if (0..=1 << 14).contains(&c))
    }
}

/// The form of a value that is `a` on some paths and `b` on others.
fn meet(a: Affine, b: Affine) -> Affine {
    match (a, b) {
        (Affine::Unknown, f) | (f, Affine::Unknown) => f,
        (Affine::Lin { c: ca, u: ua }, Affine::Lin { c: cb, u: ub }) if ca == cb => Affine::Lin {
            c: ca,
            u: if ua == ub { ua } else { None },
        },
        // A `Lin` value's low 32 bits have its form too.
        (
            Affine::Lin { c: ca, u: ua } | Affine::Low32 { c: ca, u: ua },
            Affine::Lin { c: cb, u: ub } | Affine::Low32 { c: cb, u: ub },
        ) if ca == cb => {
            let low = |u: Option<u64>| u.map(|v| v & 0xffff_ffff);
            Affine::Low32 {
                c: ca,
                u: if low(ua) == low(ub) { low(ua) } else { None },
            }
        }
        _ => Affine::Varying,
    }
}

/// Combines the forms of a linear combination `x·ka + y·kb` (wrapping). A
/// `Low32` operand makes the result `Low32`: the low 32 bits of a sum or a
/// product depend on the operands' low 32 bits only.
fn lin2(a: Affine, ka: i64, b: Affine, kb: i64) -> Affine {
    let low = matches!(a, Affine::Low32 { .. }) || matches!(b, Affine::Low32 { .. });
    let as_lin = |f: Affine| match f {
        Affine::Low32 { c, u } => Affine::Lin { c, u },
        f => f,
    };
    match lin2_full(as_lin(a), ka, as_lin(b), kb) {
        Affine::Lin { c, u } if low => Affine::Low32 { c, u },
        f => f,
    }
}

fn lin2_full(a: Affine, ka: i64, b: Affine, kb: i64) -> Affine {
    match (a, b) {
        (Affine::Lin { c: ca, u: ua }, Affine::Lin { c: cb, u: ub }) => {
            let c = ca
                .checked_mul(ka)
                .and_then(|x| cb.checked_mul(kb).and_then(|y| x.checked_add(y)));
            match c {
                Some(c) if c.abs() <= 1 << 20 => Affine::Lin {
                    c,
                    u: ua.zip(ub).map(|(x, y)| {
                        x.wrapping_mul(ka as u64)
                            .wrapping_add(y.wrapping_mul(kb as u64))
                    }),
                },
                _ => Affine::Varying,
            }
        }
        (Affine::Varying, _) | (_, Affine::Varying) => Affine::Varying,
        _ => Affine::Unknown,
    }
}

/// The constant an exactly known uniform form holds.
fn konst(a: Affine) -> Option<u64> {
    match a {
        Affine::Lin { c: 0, u } => u,
        _ => None,
    }
}

/// Whether [`eval`]'s form holds for every register `op` writes: one
/// register, or the elements of a load (uniform or not alike).
fn single_form(op: &Op) -> bool {
    op.defs().len() == 1 || matches!(op, Op::Load(_))
}

/// The most lanes along x any ISA's workgroup has (CUDA and HSA: 1024).
pub const MAX_TID_X: u64 = 1024;

/// `a | b` as `a + b` when `b` is a constant whose lowest set bit is above
/// every value `a = c·tid.x + u` takes (`c > 0`, `tid.x < tid_bound`).
fn disjoint_or(a: Affine, b: Affine, tid_bound: u64) -> Option<Affine> {
    let k = konst(b).filter(|&k| k != 0)?;
    let Affine::Lin { c, u: Some(u) } = a else {
        return None;
    };
    let top = u64::try_from(c)
        .ok()
        .filter(|&c| c > 0)?
        .checked_mul(tid_bound - 1)?
        .checked_add(u)?;
    (top < k & k.wrapping_neg()).then(|| lin2(a, 1, b, 1))
}

/// The form of `op`'s (first) result from its operands' forms (`get`);
/// `tid.x` is below `tid_bound`.
fn eval(op: &Op, get: &mut dyn FnMut(&Operand) -> Affine, tid_bound: u64) -> Affine {
    let uniform_of = |fs: &[Affine]| {
        if fs.contains(&Affine::Varying) {
            Affine::Varying
        } else if fs.contains(&Affine::Unknown) {
            Affine::Unknown
        } else if fs.iter().all(|f| matches!(f, Affine::Lin { c: 0, .. })) {
            Affine::Lin { c: 0, u: None }
        } else {
            Affine::Varying
        }
    };
    match op {
        Op::Special {
            sreg: SReg::TidX, ..
        } => Affine::Lin { c: 1, u: Some(0) },
        Op::Special { sreg, .. } if wave_uniform_sreg(*sreg) => Affine::Lin { c: 0, u: None },
        Op::Mov { src, .. } => get(src),
        Op::Bin(op::Bin { op, ty, a, b, .. }) => {
            let (fa, fb) = (get(a), get(b));
            if let (Some(x), Some(y)) = (konst(fa), konst(fb)) {
                return Affine::konst(crate::semantics::bin(*op, *ty, x, y));
            }
            // `x | 0`, `x ^ 0`: `x` (lifters join 64-bit halves that way).
            if matches!(op, BinOp::Or | BinOp::Xor) {
                if konst(fb) == Some(0) {
                    return fa;
                }
                if konst(fa) == Some(0) {
                    return fb;
                }
            }
            if *op == BinOp::Or {
                let sum = disjoint_or(fa, fb, tid_bound).or_else(|| disjoint_or(fb, fa, tid_bound));
                if let Some(f) = sum {
                    return f;
                }
            }
            match op {
                BinOp::Add => lin2(fa, 1, fb, 1),
                BinOp::Sub => lin2(fa, 1, fb, -1),
                BinOp::Mul => match (konst(fa), konst(fb)) {
                    (_, Some(k)) if (k as i64).abs() <= 1 << 16 => lin2(fa, k as i64, fb, 0),
                    (Some(k), _) if (k as i64).abs() <= 1 << 16 => lin2(fb, k as i64, fa, 0),
                    _ => uniform_of(&[fa, fb]),
                },
                BinOp::Shl => match konst(fb) {
                    Some(s) if s < 16 => lin2(fa, 1 << s, fb, 0),
                    _ => uniform_of(&[fa, fb]),
                },
                _ => uniform_of(&[fa, fb]),
            }
        }
        Op::Mad(op::Mad { a, b, c, .. }) => {
            let (fa, fb, fc) = (get(a), get(b), get(c));
            let prod = match (konst(fa), konst(fb)) {
                (_, Some(k)) if (k as i64).abs() <= 1 << 16 => lin2(fa, k as i64, fb, 0),
                (Some(k), _) if (k as i64).abs() <= 1 << 16 => lin2(fb, k as i64, fa, 0),
                _ => uniform_of(&[fa, fb]),
            };
            lin2(prod, 1, fc, 1)
        }
        Op::MulWide(op::MulWide { signed, a, b, .. }) => {
            let (fa, fb) = (get(a), get(b));
            let ext_ok = |f: Affine| f.exact_small() || matches!(f, Affine::Lin { c: 0, .. });
            // Exact small multiples of tid.x extend alike signed or not.
            let small = |k: u64| {
                if *signed {
                    (k as u32 as i32).unsigned_abs() <= 1 << 16 && (k as u32 as i32) > 0
                } else {
                    k <= 1 << 16
                }
            };
            match (konst(fa), konst(fb)) {
                (_, Some(k)) if small(k) && ext_ok(fa) => lin2(fa, k as u32 as i64, fb, 0),
                (Some(k), _) if small(k) && ext_ok(fb) => lin2(fb, k as u32 as i64, fa, 0),
                _ => uniform_of(&[fa, fb]),
            }
        }
        Op::Cvt(op::Cvt {
            op: cop,
            to,
            from,
            src,
            ..
        }) if to.is_int() && from.is_int() => {
            let f = get(src);
            if let Some(v) = konst(f) {
                return Affine::konst(crate::semantics::cvt(
                    *cop,
                    *to,
                    *from,
                    crate::types::Round::Rn,
                    false,
                    false,
                    v,
                ));
            }
            match cop {
                CvtOp::Trunc => match f {
                    Affine::Lin { c, u } => Affine::Lin {
                        c,
                        u: u.map(|v| v & to.mask()),
                    },
                    Affine::Low32 { c, u } if to.bits() <= 32 => Affine::Lin {
                        c,
                        u: u.map(|v| v & to.mask()),
                    },
                    Affine::Low32 { .. } => Affine::Varying,
                    other => other,
                },
                CvtOp::Zext | CvtOp::Sext if from.bits() >= to.bits() || f.exact_small() => f,
                // Extended from 32 bits: the low 32 bits keep the form.
                CvtOp::Zext | CvtOp::Sext if from.bits() == 32 => match f {
                    Affine::Lin { c, u } if c != 0 => Affine::Low32 { c, u },
                    _ => uniform_of(&[f]),
                },
                _ => uniform_of(&[f]),
            }
        }
        // Read-only spaces: the same address reads the same value in every
        // lane; a `.uniform` load says so of its result.
        Op::Load(op::Load {
            space,
            addr: crate::inst::Address::Flat { base, .. },
            uniform,
            ..
        }) if *uniform || matches!(space, Space::Param | Space::Const) => {
            let f = get(base);
            uniform_of(&[f])
        }
        Op::Load(_)
        | Op::Atomic(_)
        | Op::HostCall { .. }
        | Op::Shfl(_)
        | Op::Vote { .. }
        | Op::ActiveMask { .. }
        | Op::ReadFirstLane { .. }
        | Op::Special { .. } => Affine::Varying,
        other => {
            let fs: Vec<Affine> = other.uses().iter().map(&mut *get).collect();
            uniform_of(&fs)
        }
    }
}
