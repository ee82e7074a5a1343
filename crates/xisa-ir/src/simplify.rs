//! Leaner lifted code: constants folded, copies forwarded, lifter
//! temporaries merged into the registers they are moved to, dead values
//! dropped.
//!
//! Lifters build each machine instruction from small steps into pooled
//! temporaries (`build`): a 64-bit register pair is joined and split again
//! around a 32-bit result, carry-outs nobody reads are computed, immediate
//! operands pass through `umin`/`mad` with constants, and every result
//! reaches its machine register through a `mov`. The backend folds much of
//! that inside a region, but the interpreter, `--stats`, the liveness of
//! the engines and Cranelift's compile time all pay for every instruction.
//! [`simplify`] rewrites a kernel to an equivalent one with fewer:
//!
//! * **Constants, copies, narrow ops**, per block in reverse postorder (a
//!   block with one predecessor starts from what that block knew at its
//!   end): a value op whose operands are all immediates becomes a `mov` of
//!   its value (`semantics::value`, the IR's own definition, so both
//!   engines agree by construction), and identities (`x + 0`, `x | 0`,
//!   `x << 0`, `x & all-ones`, `0 * a + c`, `(x & y) & y`, ...) become moves; a register
//!   known to hold a constant or a copy of another register is read as that
//!   constant (in value ops) or that register (after `r = mov t` of a
//!   temporary, reads of `t` read `r`). A 32-bit truncation of a 64-bit op
//!   on 32-bit values is the 32-bit op, a register pair joined again from
//!   one 64-bit register's halves is that register, a bitcast there and
//!   back is the value. A guard known true is dropped, an instruction whose
//!   guard is known false is removed.
//! * **Merging**: `t = op ...; (value ops not touching r or t); r = mov t`
//!   becomes `r = op ...` where `t` dies (its later reads in the block read
//!   `r`).
//! * **Dead values**: a value op or special-register read whose every
//!   result is dead is removed (a wave operation stays: where the lanes
//!   meet orders their other memory accesses). At `exit` (and a trap) every register but the lifters'
//!   temporaries counts as live, so `xisa exec` still reports each machine
//!   register's final value ([`simplify_for`] with [`AtExit::Nothing`]: none,
//!   for launches); after a `ret` everything is.
//!
//! A shuffle's source register keeps every write it had, with the value it
//! had, at every sync point: other lanes read it there, possibly from a
//! different point of the program. Sync points and host calls keep their
//! operands as they are.

use crate::build::is_temporary;
use crate::inst::{BinOp, BlockId, CvtOp, Guard, Inst, Op, Operand, Reg, Term};
use crate::kernel::Kernel;
use crate::reach::Reach;
use crate::semantics;
use crate::types::Type;
use smallvec::{smallvec, SmallVec};

/// What [`simplify`] removed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Simplified {
    /// Instructions before.
    pub before: usize,
    /// Instructions after.
    pub after: usize,
}

/// Which registers' final values matter where a lane exits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AtExit {
    /// Every register but the lifters' temporaries (`xisa exec` reports
    /// them).
    MachineRegisters,
    /// None (a launch: kernels leave their results in memory).
    Nothing,
}

/// Simplifies `k` in place (see the module doc); the kernel computes the
/// same values, faults at the same instructions and leaves every register
/// but the lifters' temporaries with the same final value.
pub fn simplify(k: &mut Kernel) -> Simplified {
    simplify_for(k, AtExit::MachineRegisters)
}

/// [`simplify`], keeping the final values `at_exit` names: with
/// [`AtExit::Nothing`] a value only a lane's exit would have read is dead
/// (a wave operation writing GFX's VCC for a compare no branch reads).
pub fn simplify_for(k: &mut Kernel, at_exit: AtExit) -> Simplified {
    let before = k.inst_count();
    let mut ctx = Ctx::new(k);
    ctx.exit_live = at_exit == AtExit::MachineRegisters;
    for _ in 0..4 {
        let mut changed = false;
        changed |= forward_all(k, &mut ctx);
        let ctx = &ctx;
        let mut regs: Vec<Vec<Regs>> = k.blocks.iter().map(|b| Regs::of_block(&b.insts)).collect();
        let guards = guard_regs(k);
        // Merges change liveness only inside their block (the merged
        // register is written before the reads that now read it), so the
        // block ends' liveness serves the dead-value pass too.
        let live = live_out(k, ctx, &guards, &regs);
        for (b, out) in live.iter().enumerate() {
            changed |= merge_moves(k, ctx, &guards, b, out, &mut regs[b]);
        }
        // Merges may have renamed guards.
        let guards = guard_regs(k);
        for (b, out) in live.iter().enumerate() {
            changed |= drop_dead(k, ctx, &guards, b, out, &regs[b]);
        }
        if !changed {
            break;
        }
    }
    drop_unused(k, &ctx);
    if at_exit == AtExit::Nothing {
        drop_unreferenced_regs(k);
    }
    Simplified {
        before,
        after: k.inst_count(),
    }
}

/// The registers some instruction is guarded by.
fn guard_regs(k: &Kernel) -> Vec<bool> {
    let mut g = vec![false; k.regs.len()];
    for inst in k.blocks.iter().flat_map(|b| &b.insts) {
        if let Some(guard) = inst.guard {
            g[guard.reg.0 as usize] = true;
        }
    }
    g
}

/// Facts about the kernel's registers that no rewrite changes.
struct Ctx {
    types: Vec<Type>,
    /// A shuffle's source somewhere: its writes stay where they are (the
    /// scheduler reads it in every lane of the wave, wherever the lane is).
    pinned: Vec<bool>,
    /// A machine register, not a lifter temporary: live where a lane exits
    /// or traps (`xisa exec` reports it), and the register a temporary's
    /// reads are forwarded to after a move into it.
    machine: Vec<bool>,
    /// Machine registers are live where a lane exits ([`AtExit`]).
    exit_live: bool,
}

impl Ctx {
    fn new(k: &Kernel) -> Ctx {
        let n = k.regs.len();
        let mut pinned = vec![false; n];
        for inst in k.blocks.iter().flat_map(|b| &b.insts) {
            if let Op::Shfl(crate::op::Shfl {
                src: Operand::Reg(r),
                ..
            }) = inst.op
            {
                pinned[r.0 as usize] = true;
            }
        }
        Ctx {
            types: k.regs.iter().map(|r| r.ty).collect(),
            pinned,
            machine: k.regs.iter().map(|r| !is_temporary(&r.name)).collect(),
            exit_live: true,
        }
    }

    fn ty(&self, r: Reg) -> Type {
        self.types[r.0 as usize]
    }

    fn pinned(&self, r: Reg) -> bool {
        self.pinned[r.0 as usize]
    }

    /// Declares the temporaries `ahead` computed, in `regs` and here.
    fn declare(&mut self, regs: &mut Vec<crate::kernel::RegDecl>, ahead: &Ahead) {
        for i in 0..ahead.ops.len() {
            let r = ahead.first as usize + i;
            debug_assert_eq!(r, regs.len());
            regs.push(crate::kernel::RegDecl {
                name: format!("{}i32.n{r}", crate::build::TEMPORARY),
                ty: Type::I32,
            });
            self.types.push(Type::I32);
            self.pinned.push(false);
            self.machine.push(false);
        }
    }
}

/// 32-bit temporaries a narrowing computes just before the instruction it
/// rewrites (under its guard): the low words of nested 64-bit ops, numbered
/// from `first`, declared once the rewrite is taken.
struct Ahead {
    first: u32,
    ops: Vec<Op>,
}

impl Ahead {
    fn new(first: usize) -> Ahead {
        Ahead {
            first: first as u32,
            ops: Vec::new(),
        }
    }

    /// A new temporary written by `op(temporary)`.
    fn push(&mut self, op: impl FnOnce(Reg) -> Op) -> Reg {
        let r = Reg(self.first + self.ops.len() as u32);
        self.ops.push(op(r));
        r
    }
}

/// What is known of a register at a point of a block.
#[derive(Clone, PartialEq)]
enum Known {
    Const(u64),
    Copy(Reg),
    /// Written by this value op, unguarded or under this guard (its register
    /// unchanged since), whose operands still hold the values it read.
    Def(Option<Guard>, Op),
    /// The high word of this 64-bit register (unchanged since).
    High(Reg),
}

/// The facts of one block's forward pass, with, for each register, the
/// registers whose facts mention it (so that a write forgets them without
/// a scan of every fact).
#[derive(Clone)]
struct Facts {
    known: Vec<Option<Known>>,
    mentions: Vec<Vec<Reg>>,
    /// The guard of the instruction being rewritten: what was written under
    /// it is known there.
    under: Option<Guard>,
    /// The value a register holds (its `Def`) is read once: a narrowing may
    /// compute its low word instead at no cost.
    once: Vec<bool>,
}

impl Known {
    /// Whether this fact depends on the value of `r`.
    fn mentions(&self, r: Reg) -> bool {
        match self {
            Known::Const(_) => false,
            Known::Copy(s) | Known::High(s) => *s == r,
            Known::Def(g, op) => {
                g.is_some_and(|g| g.reg == r) || op.use_refs().contains(&&Operand::Reg(r))
            }
        }
    }
}

impl Facts {
    fn new(n: usize) -> Facts {
        Facts {
            known: vec![None; n],
            mentions: vec![Vec::new(); n],
            under: None,
            once: vec![false; n],
        }
    }

    fn get(&self, r: Reg) -> Option<&Known> {
        self.known.get(r.0 as usize)?.as_ref()
    }

    /// Room for register `r` (temporaries a narrowing declares mid-pass).
    fn cover(&mut self, r: Reg) {
        let n = r.0 as usize + 1;
        if self.known.len() < n {
            self.known.resize(n, None);
            self.mentions.resize(n, Vec::new());
            self.once.resize(n, false);
        }
    }

    /// The op that wrote `r`, when still valid.
    /// (A write under a guard counts for an instruction under the same guard:
    /// `under`.)
    fn def(&self, r: Reg) -> Option<&Op> {
        match self.get(r) {
            Some(Known::Def(g, op)) if g.is_none() || *g == self.under => Some(op),
            _ => None,
        }
    }

    fn set(&mut self, r: Reg, k: Known) {
        let read: SmallVec<[Reg; 6]> = match &k {
            Known::Const(_) => SmallVec::new(),
            Known::Copy(s) | Known::High(s) => smallvec![*s],
            Known::Def(g, op) => {
                let mut r = op.reg_uses();
                r.extend(g.map(|g| g.reg));
                r
            }
        };
        self.cover(r);
        for x in read {
            self.cover(x);
            self.mentions[x.0 as usize].push(r);
        }
        self.known[r.0 as usize] = Some(k);
    }

    /// Forgets what was known of `d` and every fact that mentions it.
    fn forget(&mut self, d: Reg) {
        self.cover(d);
        self.known[d.0 as usize] = None;
        for r in std::mem::take(&mut self.mentions[d.0 as usize]) {
            let slot = &mut self.known[r.0 as usize];
            // The list may be stale: `r` may know something new since.
            if slot.as_ref().is_some_and(|k| k.mentions(d)) {
                *slot = None;
            }
        }
    }
}

/// Forward pass over block `b`: substitution, folding, identities,
/// narrowing, known guards. Returns whether anything changed.
fn forward(k: &mut Kernel, ctx: &mut Ctx, b: usize, mut facts: Facts) -> (bool, Facts) {
    let mut changed = false;
    let insts = std::mem::take(&mut k.blocks[b].insts);
    let once = read_once(&insts, ctx);
    let mut out = Vec::with_capacity(insts.len());
    for (at, mut inst) in insts.into_iter().enumerate() {
        if let Some(g) = inst.guard {
            match facts.get(g.reg) {
                Some(&Known::Const(v)) => {
                    changed = true;
                    if (v & 1 != 0) == g.negate {
                        continue; // never runs
                    }
                    inst.guard = None;
                }
                Some(&Known::Copy(s)) => {
                    inst.guard = Some(Guard { reg: s, ..g });
                    changed = true;
                }
                _ => {}
            }
        }
        facts.under = inst.guard;
        if !inst.op.is_sync() && !matches!(inst.op, Op::HostCall { .. }) {
            let value = inst.op.is_value();
            for u in inst.op.uses_mut() {
                let Operand::Reg(r) = *u else { continue };
                match facts.get(r) {
                    Some(&Known::Const(v)) if value => *u = Operand::Imm(v),
                    Some(&Known::Copy(s)) => *u = Operand::Reg(s),
                    _ => continue,
                }
                changed = true;
            }
            let mut ahead = Ahead::new(ctx.types.len());
            let rewritten = fold(&inst.op, ctx)
                .or_else(|| reassociate(&inst.op, &facts))
                .or_else(|| absorb(&inst.op, &facts))
                .or_else(|| narrow(&inst.op, ctx, &facts, &mut ahead))
                .or_else(|| rejoin(&inst.op, ctx, &facts))
                .or_else(|| unbitcast(&inst.op, &facts));
            if let Some(op) = rewritten {
                changed |= op != inst.op;
                inst.op = op;
                ctx.declare(&mut k.regs, &ahead);
                for op in ahead.ops {
                    let t = *op.def_refs()[0];
                    facts.set(t, Known::Def(inst.guard, op.clone()));
                    facts.once[t.0 as usize] = true;
                    out.push(Inst {
                        guard: inst.guard,
                        op,
                        pc: inst.pc,
                    });
                }
            }
        }
        if inst.is_self_move() || redundant(&inst, &facts) {
            changed = true;
            continue;
        }
        for &d in inst.op.def_refs() {
            facts.forget(d);
            facts.once[d.0 as usize] = once[at];
        }
        if inst.guard.is_none() && inst.op.is_value() {
            let dst = *inst.op.def_refs()[0];
            if let Op::Mov {
                src: Operand::Reg(s),
                ..
            } = inst.op
            {
                if s != dst
                    && ctx.ty(s) == ctx.ty(dst)
                    && ctx.machine[dst.0 as usize]
                    && !ctx.machine[s.0 as usize]
                {
                    // A temporary moved into a machine register: later
                    // reads take the register, so that the temporary dies
                    // here and the merge can write the register directly;
                    // the register learns what was known of the temporary.
                    let known = facts.get(s).filter(|f| !f.mentions(dst)).cloned();
                    facts.set(s, Known::Copy(dst));
                    if let Some(f) = known {
                        facts.set(dst, f);
                    }
                    out.push(inst);
                    continue;
                }
            }
            let fact = match &inst.op {
                Op::Mov {
                    src: Operand::Imm(v),
                    ..
                } => Some(Known::Const(v & ctx.ty(dst).mask())),
                Op::Mov {
                    src: Operand::Reg(s),
                    ..
                } => (*s != dst && ctx.ty(*s) == ctx.ty(dst)).then_some(Known::Copy(*s)),
                op => high_word(op, &facts).map(Known::High).or_else(|| {
                    (!op.use_refs().contains(&&Operand::Reg(dst)))
                        .then(|| Known::Def(None, op.clone()))
                }),
            };
            if let Some(f) = fact {
                facts.set(dst, f);
            }
        } else if let Some(g) = inst.guard.filter(|_| inst.op.is_value()) {
            // Known under the same guard: the lifters' predicated temporaries.
            let dst = *inst.op.def_refs()[0];
            if g.reg != dst && !inst.op.use_refs().contains(&&Operand::Reg(dst)) {
                facts.set(dst, Known::Def(Some(g), inst.op.clone()));
            }
        }
        out.push(inst);
    }
    let block = &mut k.blocks[b];
    block.insts = out;
    let cond = match &mut block.term {
        Term::BrCond { cond, .. } => Some(cond),
        Term::Switch { index, .. } => Some(index),
        _ => None,
    };
    if let Some(c) = cond {
        if let Some(&Known::Copy(s)) = facts.get(*c) {
            *c = s;
            changed = true;
        }
    }
    (changed, facts)
}

/// For each instruction of a block, whether the value it writes is read
/// exactly once before the block writes its register again, or, for a
/// lifter's temporary (scratch of one machine instruction), in the rest of
/// the block (a machine register's value may outlive the block: read more).
fn read_once(insts: &[Inst], ctx: &Ctx) -> Vec<bool> {
    let mut once = vec![false; insts.len()];
    // The last write of each register: the instruction and its reads since.
    let mut last: std::collections::HashMap<Reg, (usize, u32)> = Default::default();
    for (i, inst) in insts.iter().enumerate() {
        for r in inst
            .op
            .reg_uses()
            .into_iter()
            .chain(inst.guard.map(|g| g.reg))
        {
            if let Some(w) = last.get_mut(&r) {
                w.1 += 1;
            }
        }
        for &d in inst.op.def_refs() {
            if let Some((j, n)) = last.insert(d, (i, 0)) {
                once[j] = n == 1;
            }
        }
    }
    for (r, (j, n)) in last {
        once[j] = n == 1 && !ctx.machine[r.0 as usize];
    }
    once
}

/// A move of what its register already holds.
fn redundant(inst: &Inst, facts: &Facts) -> bool {
    let Op::Mov { dst, src, .. } = inst.op else {
        return false;
    };
    match (src, facts.get(dst)) {
        (Operand::Reg(s), Some(&Known::Copy(c))) => s == c,
        (Operand::Imm(v), Some(&Known::Const(c))) => v == c,
        _ => false,
    }
}

/// `op` when it is a 32-bit truncation of a 64-bit value (its low word).
fn low_word(op: &Op) -> Option<&crate::op::Cvt> {
    match op {
        Op::Cvt(c) if (c.op, c.to, c.from) == (CvtOp::Trunc, Type::I32, Type::I64) => Some(c),
        _ => None,
    }
}

/// The 64-bit register whose high word `op` takes: a 32-bit truncation of
/// its right shift by 32.
fn high_word(op: &Op, facts: &Facts) -> Option<Reg> {
    let Operand::Reg(y) = low_word(op)?.src else {
        return None;
    };
    match facts.def(y)? {
        Op::Bin(s)
            if matches!(s.op, BinOp::LShr | BinOp::AShr)
                && s.ty == Type::I64
                && s.b == Operand::Imm(32) =>
        {
            match s.a {
                Operand::Reg(x) => Some(x),
                Operand::Imm(_) => None,
            }
        }
        _ => None,
    }
}

/// Runs [`forward`] over every block, in reverse postorder: a block whose
/// one predecessor is another block (not a `ret` continuation) starts from
/// that block's facts at its end.
fn forward_all(k: &mut Kernel, ctx: &mut Ctx) -> bool {
    let n = ctx.types.len();
    let preds = k.predecessors();
    let rets = k.return_blocks();
    let order = reverse_postorder(k);
    let inherits = |b: usize| match preds[b].as_slice() {
        [p] if *p != b && b != 0 && !rets.contains(&BlockId(b as u32)) => Some(*p),
        _ => None,
    };
    // How many blocks start from each block's facts.
    let mut heirs = vec![0usize; k.blocks.len()];
    for b in 0..k.blocks.len() {
        if let Some(p) = inherits(b) {
            heirs[p] += 1;
        }
    }
    let mut saved: Vec<Option<Facts>> = vec![None; k.blocks.len()];
    let mut changed = false;
    for b in order {
        let start = inherits(b)
            .and_then(|p| {
                heirs[p] = heirs[p].saturating_sub(1);
                if heirs[p] == 0 {
                    saved[p].take()
                } else {
                    saved[p].clone()
                }
            })
            .unwrap_or_else(|| Facts::new(n));
        let (c, end) = forward(k, ctx, b, start);
        changed |= c;
        if heirs[b] > 0 {
            saved[b] = Some(end);
        }
    }
    changed
}

/// The blocks reachable from the entry in reverse postorder, then the
/// rest.
fn reverse_postorder(k: &Kernel) -> Vec<usize> {
    let nb = k.blocks.len();
    let mut seen = vec![false; nb];
    let mut post = Vec::with_capacity(nb);
    let mut stack: Vec<(usize, usize)> = Vec::new();
    if nb > 0 {
        seen[0] = true;
        stack.push((0, 0));
    }
    while let Some((b, i)) = stack.pop() {
        let succs = k.blocks[b].term.successors();
        if let Some(s) = succs.get(i) {
            stack.push((b, i + 1));
            let s = s.0 as usize;
            if s < nb && !seen[s] {
                seen[s] = true;
                stack.push((s, 0));
            }
        } else {
            post.push(b);
        }
    }
    post.reverse();
    post.extend((0..nb).filter(|&b| !seen[b]));
    post
}

/// A 32-bit truncation of a 64-bit op on 32-bit values as the 32-bit op
/// (the low word of a sum, product, logic op or left shift depends only on
/// the operands' low words; a right shift of a zero-extended value is the
/// 32-bit shift), and the halves of a register pair joined by the lifter
/// (`zext(lo) | zext(hi) << 32`) read back as `lo` and `hi`.
fn narrow(op: &Op, ctx: &Ctx, facts: &Facts, ahead: &mut Ahead) -> Option<Op> {
    let r = narrowed(op, ctx, facts, ahead);
    if r.is_none() {
        // Nothing is computed ahead of an instruction left as it was.
        ahead.ops.clear();
    }
    r
}

fn narrowed(op: &Op, ctx: &Ctx, facts: &Facts, ahead: &mut Ahead) -> Option<Op> {
    let c = low_word(op)?;
    let Operand::Reg(s) = c.src else { return None };
    let dst = c.dst;
    let mov = |src: Operand| {
        Some(Op::Mov {
            ty: Type::I32,
            dst,
            src,
        })
    };
    let wide = facts.def(s)?;
    if let Some(x) = widened(wide, ctx) {
        return mov(x);
    }
    // A wide value also read elsewhere (its high word taken: a register
    // pair written whole) keeps its low word as a truncation, which the
    // pair's rejoin recognises; only the low words of nested values read
    // once are computed ahead.
    let nesting = if facts.once[s.0 as usize] { NESTING } else { 0 };
    let Op::Bin(w) = wide else { return None };
    if w.ty != Type::I64 {
        return None;
    }
    let bin = |op: BinOp, a: Operand, b: Operand| {
        Some(Op::Bin(crate::op::Bin {
            op,
            ty: Type::I32,
            dst,
            a,
            b,
        }))
    };
    match w.op {
        BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::And | BinOp::Or | BinOp::Xor => {
            let a = low_ahead(w.a, ctx, facts, ahead, nesting)?;
            bin(w.op, a, low_ahead(w.b, ctx, facts, ahead, nesting)?)
        }
        BinOp::Shl => bin(w.op, low_ahead(w.a, ctx, facts, ahead, nesting)?, w.b),
        BinOp::LShr | BinOp::AShr => {
            let Operand::Reg(a) = w.a else { return None };
            if w.b == Operand::Imm(32) {
                if let Some((_, hi)) = pair(a, ctx, facts) {
                    return mov(hi);
                }
            }
            let x = facts.def(a).and_then(|d| zext_of(d, ctx))?;
            bin(BinOp::LShr, x, w.b)
        }
        _ => None,
    }
}

/// How many 64-bit ops deep [`low_ahead`] computes a low word.
const NESTING: u32 = 3;

/// The low word of the 64-bit operand `o`: at hand ([`low`]), or, when `o`
/// was written by a 64-bit add, sub, mul, logic op or left shift by a
/// constant whose operands' low words are (up to `depth` ops deep), computed
/// by the 32-bit op into a new temporary of `ahead` (the low word of such an
/// op depends only on its operands' low words). Lifters widen 32-bit
/// operands to add them with carries, so a 32-bit index `tid - off` arrives
/// as `trunc(zext(tid) + (zext(~off) + 1))`.
fn low_ahead(
    o: Operand,
    ctx: &Ctx,
    facts: &Facts,
    ahead: &mut Ahead,
    depth: u32,
) -> Option<Operand> {
    if let Some(x) = low(o, ctx, facts) {
        return Some(x);
    }
    let Operand::Reg(r) = o else { return None };
    let Some(Op::Bin(w)) = facts.def(r) else {
        return None;
    };
    // Computing the low word of a 64-bit value read elsewhere too (an add
    // whose carry-out is taken) would add an instruction.
    if depth == 0 || w.ty != Type::I64 || !facts.once[r.0 as usize] {
        return None;
    }
    let mark = ahead.ops.len();
    let lows = match w.op {
        BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::And | BinOp::Or | BinOp::Xor => {
            low_ahead(w.a, ctx, facts, ahead, depth - 1)
                .and_then(|a| Some((a, low_ahead(w.b, ctx, facts, ahead, depth - 1)?)))
        }
        BinOp::Shl if matches!(w.b, Operand::Imm(c) if c < 32) => {
            low_ahead(w.a, ctx, facts, ahead, depth - 1).map(|a| (a, w.b))
        }
        _ => None,
    };
    let Some((a, b)) = lows else {
        ahead.ops.truncate(mark);
        return None;
    };
    let op = w.op;
    Some(Operand::Reg(ahead.push(|dst| {
        Op::Bin(crate::op::Bin {
            op,
            ty: Type::I32,
            dst,
            a,
            b,
        })
    })))
}

/// `x + c2` where `x = y + c1` (still valid) as `y + (c1 + c2)`: lifters
/// add an instruction's immediates one at a time.
fn reassociate(op: &Op, facts: &Facts) -> Option<Op> {
    let Op::Bin(o) = op else { return None };
    if o.op != BinOp::Add {
        return None;
    }
    if let Some(n) = negation(o, facts) {
        return Some(n);
    }
    let (x, c2) = match (o.a, o.b) {
        (Operand::Reg(x), Operand::Imm(c)) | (Operand::Imm(c), Operand::Reg(x)) => (x, c),
        _ => return None,
    };
    let Some(Op::Bin(i)) = facts.def(x) else {
        return None;
    };
    if (i.op, i.ty) != (BinOp::Add, o.ty) {
        return None;
    }
    let (y, c1) = match (i.a, i.b) {
        (y @ Operand::Reg(_), Operand::Imm(c)) | (Operand::Imm(c), y @ Operand::Reg(_)) => (y, c),
        _ => return None,
    };
    Some(Op::Bin(crate::op::Bin {
        b: Operand::Imm(c1.wrapping_add(c2) & o.ty.mask()),
        a: y,
        ..*o
    }))
}

/// `(x & y) & y` is `x & y`, `(x | y) | y` is `x | y`, and `x & x`,
/// `x | x` are `x`: the gfx942 lift's own-bit shadows and a 64-bit mask's
/// half with their lane gate twice along `s_and_saveexec_b64`'s split into
/// `exec_lo` and `exec_hi`, once per divergent branch, in every lane.
fn absorb(op: &Op, facts: &Facts) -> Option<Op> {
    let Op::Bin(o) = op else { return None };
    if !matches!(o.op, BinOp::And | BinOp::Or) {
        return None;
    }
    let mov = |src: Operand| {
        Some(Op::Mov {
            ty: o.ty,
            dst: o.dst,
            src,
        })
    };
    if o.a == o.b {
        return mov(o.a);
    }
    for (x, y) in [(o.a, o.b), (o.b, o.a)] {
        let Operand::Reg(r) = x else { continue };
        match facts.def(r) {
            Some(Op::Bin(d)) if d.op == o.op && d.ty == o.ty && (d.a == y || d.b == y) => {
                return mov(x);
            }
            _ => {}
        }
    }
    None
}

/// Two's complement negation as the lifters spell it: `~x + c` is
/// `(c - 1) - x`, and `a + (0 - x)` is `a - x` (a subtraction lifts to an
/// add of the complement plus a carry-in of one).
fn negation(o: &crate::op::Bin, facts: &Facts) -> Option<Op> {
    let all = Operand::Imm(o.ty.mask());
    let def = |x: Operand| match x {
        Operand::Reg(r) => match facts.def(r) {
            Some(Op::Bin(d)) if d.ty == o.ty => Some(*d),
            _ => None,
        },
        Operand::Imm(_) => None,
    };
    let sub = |a: Operand, b: Operand| {
        Some(Op::Bin(crate::op::Bin {
            op: BinOp::Sub,
            a,
            b,
            ..*o
        }))
    };
    for (x, y) in [(o.a, o.b), (o.b, o.a)] {
        let Some(d) = def(x) else { continue };
        match (d.op, d.a, d.b) {
            (BinOp::Xor, v, m) | (BinOp::Xor, m, v) if m == all => {
                if let (Operand::Reg(_), Operand::Imm(c)) = (v, y) {
                    return sub(Operand::Imm(c.wrapping_sub(1) & o.ty.mask()), v);
                }
            }
            (BinOp::Sub, Operand::Imm(0), v) => return sub(y, v),
            _ => {}
        }
    }
    None
}

/// The 32-bit value a 64-bit `zext`/`sext` widened.
fn widened(op: &Op, ctx: &Ctx) -> Option<Operand> {
    match op {
        Op::Cvt(z)
            if matches!(z.op, CvtOp::Zext | CvtOp::Sext)
                && (z.to, z.from) == (Type::I64, Type::I32)
                && is_i32(z.src, ctx) =>
        {
            Some(z.src)
        }
        _ => None,
    }
}

/// The 32-bit value a 64-bit `zext` widened.
fn zext_of(op: &Op, ctx: &Ctx) -> Option<Operand> {
    match op {
        Op::Cvt(z) if z.op == CvtOp::Zext => widened(op, ctx),
        _ => None,
    }
}

/// Whether `o` is a 32-bit value.
fn is_i32(o: Operand, ctx: &Ctx) -> bool {
    match o {
        Operand::Reg(r) => ctx.ty(r) == Type::I32,
        Operand::Imm(v) => v >> 32 == 0,
    }
}

/// The low word of the 64-bit operand `o`, when it is at hand without a new
/// instruction.
fn low(o: Operand, ctx: &Ctx, facts: &Facts) -> Option<Operand> {
    let r = match o {
        Operand::Imm(v) => return Some(Operand::Imm(v & 0xffff_ffff)),
        Operand::Reg(r) => r,
    };
    let d = facts.def(r)?;
    if let Some(x) = widened(d, ctx) {
        return Some(x);
    }
    match d {
        Op::Bin(s)
            if s.op == BinOp::Shl
                && s.ty == Type::I64
                && matches!(s.b, Operand::Imm(c) if c >= 32) =>
        {
            Some(Operand::Imm(0))
        }
        _ => pair(r, ctx, facts).map(|(lo, _)| lo),
    }
}

/// The 32-bit halves of `r` when it was joined from them:
/// `zext(lo) | shl(zext(hi), 32)` (either order).
fn pair(r: Reg, ctx: &Ctx, facts: &Facts) -> Option<(Operand, Operand)> {
    match facts.def(r) {
        Some(Op::Bin(o)) if (o.op, o.ty) == (BinOp::Or, Type::I64) => halves(o.a, o.b, ctx, facts),
        _ => None,
    }
}

/// The 32-bit halves joined by `a | b`, when one is `zext(lo)` (or a
/// 32-bit immediate) and the other `shl(zext(hi), 32)`.
fn halves(a: Operand, b: Operand, ctx: &Ctx, facts: &Facts) -> Option<(Operand, Operand)> {
    let half = |x: Operand| match x {
        Operand::Imm(v) if v >> 32 == 0 => Some(x),
        Operand::Reg(y) => facts.def(y).and_then(|d| zext_of(d, ctx)),
        Operand::Imm(_) => None,
    };
    let high = |x: Operand| {
        let Operand::Reg(y) = x else { return None };
        match facts.def(y)? {
            Op::Bin(s) if s.op == BinOp::Shl && s.ty == Type::I64 && s.b == Operand::Imm(32) => {
                half(s.a)
            }
            _ => None,
        }
    };
    if let (Some(lo), Some(hi)) = (half(a), high(b)) {
        return Some((lo, hi));
    }
    Some((half(b)?, high(a)?))
}

/// A bitcast of a bitcast back to the first type: a move of the original
/// (lifters move float values through integer registers and back).
fn unbitcast(op: &Op, facts: &Facts) -> Option<Op> {
    let Op::Cvt(outer) = op else { return None };
    let Operand::Reg(y) = outer.src else {
        return None;
    };
    let Some(Op::Cvt(inner)) = facts.def(y) else {
        return None;
    };
    let back = outer.op == CvtOp::Bitcast
        && inner.op == CvtOp::Bitcast
        && inner.from == outer.to
        && inner.to == outer.from;
    back.then_some(Op::Mov {
        ty: outer.to,
        dst: outer.dst,
        src: inner.src,
    })
}

/// A 64-bit register joined again from its own halves (the lifters split
/// register pairs into 32-bit registers and join them for 64-bit
/// operands): a move of it.
fn rejoin(op: &Op, ctx: &Ctx, facts: &Facts) -> Option<Op> {
    let Op::Bin(o) = op else { return None };
    if (o.op, o.ty) != (BinOp::Or, Type::I64) {
        return None;
    }
    let (Operand::Reg(lo), Operand::Reg(hi)) = halves(o.a, o.b, ctx, facts)? else {
        return None;
    };
    let Operand::Reg(x) = low_word(facts.def(lo)?)?.src else {
        return None;
    };
    let whole = facts.get(hi) == Some(&Known::High(x)) && ctx.ty(x) == Type::I64;
    whole.then_some(Op::Mov {
        ty: Type::I64,
        dst: o.dst,
        src: Operand::Reg(x),
    })
}

/// `op` as a move, when its operands fix its value or an identity makes it
/// one of them.
fn fold(op: &Op, ctx: &Ctx) -> Option<Op> {
    if !op.is_value() || matches!(op, Op::Mov { .. }) {
        return None;
    }
    let dst = **op.def_refs().first()?;
    let ty = ctx.ty(dst);
    let mov = |src: Operand| Some(Op::Mov { ty, dst, src });
    if op.use_refs().iter().all(|u| matches!(u, Operand::Imm(_))) {
        let (_, v) = semantics::value(op, |o| match o {
            Operand::Imm(v) => v,
            Operand::Reg(_) => 0,
        })?;
        return mov(Operand::Imm(v & ty.mask()));
    }
    // An operand passed through unchanged must have the result's type.
    let same = |o: Operand| match o {
        Operand::Reg(r) => ctx.ty(r) == ty,
        Operand::Imm(_) => true,
    };
    let zero = Operand::Imm(0);
    match op {
        Op::Bin(o) if o.ty == ty => {
            let ones = Operand::Imm(ty.mask());
            let keep = match (o.op, o.a, o.b) {
                (
                    BinOp::Add
                    | BinOp::Sub
                    | BinOp::Or
                    | BinOp::Xor
                    | BinOp::Shl
                    | BinOp::LShr
                    | BinOp::AShr,
                    a,
                    b,
                ) if b == zero => a,
                (BinOp::Add | BinOp::Or | BinOp::Xor, a, b) if a == zero => b,
                (BinOp::Mul, a, Operand::Imm(1)) => a,
                (BinOp::Mul, Operand::Imm(1), b) => b,
                (BinOp::And, a, b) if b == ones => a,
                (BinOp::And, a, b) if a == ones => b,
                (BinOp::And | BinOp::Mul, a, b) if a == zero || b == zero => zero,
                _ => return None,
            };
            if same(keep) {
                mov(keep)
            } else {
                None
            }
        }
        Op::Mad(o) if o.ty == ty => {
            if (o.a == zero || o.b == zero) && same(o.c) {
                mov(o.c)
            } else if o.c == zero {
                Some(Op::Bin(crate::op::Bin {
                    op: BinOp::Mul,
                    ty,
                    dst,
                    a: o.a,
                    b: o.b,
                }))
            } else if o.b == Operand::Imm(1) {
                Some(Op::Bin(crate::op::Bin {
                    op: BinOp::Add,
                    ty,
                    dst,
                    a: o.a,
                    b: o.c,
                }))
            } else {
                None
            }
        }
        _ => None,
    }
}

/// Whether a register's value is still needed: by some read, or only by
/// reads under one guard (with the guard's register unchanged since), which
/// a write under the same guard satisfies (the lifters' predicated
/// temporaries).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Live {
    Dead,
    Under(Guard),
    Yes,
}

impl Live {
    fn join(self, o: Live) -> Live {
        match (self, o) {
            (Live::Dead, x) | (x, Live::Dead) => x,
            (Live::Under(g), Live::Under(h)) if g == h => self,
            _ => Live::Yes,
        }
    }

    fn is_dead(self) -> bool {
        self == Live::Dead
    }
}

/// The registers one instruction touches, gathered once per pass (the
/// op's walks allocate).
struct Regs {
    guard: Option<Guard>,
    defs: SmallVec<[Reg; 4]>,
    uses: SmallVec<[Reg; 6]>,
}

impl Regs {
    fn of(inst: &Inst) -> Regs {
        Regs {
            guard: inst.guard,
            defs: inst.op.def_refs().into_iter().copied().collect(),
            uses: inst.op.reg_uses(),
        }
    }

    fn of_block(insts: &[Inst]) -> Vec<Regs> {
        insts.iter().map(Regs::of).collect()
    }

    /// Reads `r` (the guard included).
    fn reads(&self, r: Reg) -> bool {
        self.guard.is_some_and(|g| g.reg == r) || self.uses.contains(&r)
    }

    /// Reads or writes `r`.
    fn touches(&self, r: Reg) -> bool {
        self.reads(r) || self.defs.contains(&r)
    }
}

/// Registers live at the end of each block.
fn live_out(k: &Kernel, ctx: &Ctx, guards: &[bool], regs: &[Vec<Regs>]) -> Vec<Vec<Live>> {
    let n = ctx.types.len();
    let nb = k.blocks.len();
    let at_exit: Vec<Live> = ctx
        .machine
        .iter()
        .map(|&l| {
            if l && ctx.exit_live {
                Live::Yes
            } else {
                Live::Dead
            }
        })
        .collect();
    let succs: Vec<Vec<BlockId>> = k.blocks.iter().map(|b| b.term.successors()).collect();
    let mut live_in = vec![vec![Live::Dead; n]; nb];
    let mut out = vec![vec![Live::Dead; n]; nb];
    let mut live = vec![Live::Dead; n];
    loop {
        let mut changed = false;
        for b in (0..nb).rev() {
            let block = &k.blocks[b];
            match block.term {
                Term::Exit | Term::Trap => live.clone_from(&at_exit),
                Term::Ret => live.fill(Live::Yes),
                _ => {
                    live.fill(Live::Dead);
                    for s in &succs[b] {
                        for (x, &y) in live.iter_mut().zip(&live_in[s.0 as usize]) {
                            *x = x.join(y);
                        }
                    }
                }
            }
            out[b].clone_from(&live);
            start_back(&block.term, &mut live);
            for r in regs[b].iter().rev() {
                step_back(r, guards, &mut live);
            }
            if live != live_in[b] {
                std::mem::swap(&mut live_in[b], &mut live);
                changed = true;
            }
        }
        if !changed {
            return out;
        }
    }
}

/// Liveness before the terminator from liveness after it.
fn start_back(term: &Term, live: &mut [Live]) {
    for r in term.uses() {
        live[r.0 as usize] = Live::Yes;
    }
}

/// Liveness across an instruction, backwards. A write under a guard
/// satisfies the reads under the same guard and kills nothing else (the old
/// value stays where the guard is false); a write of a guard register ends
/// what was known to be read only under it.
fn step_back(inst: &Regs, guards: &[bool], live: &mut [Live]) {
    for &d in &inst.defs {
        match inst.guard {
            None => live[d.0 as usize] = Live::Dead,
            Some(g) if live[d.0 as usize] == Live::Under(g) => live[d.0 as usize] = Live::Dead,
            Some(_) => {}
        }
        if guards[d.0 as usize] {
            for l in live.iter_mut() {
                if matches!(*l, Live::Under(g) if g.reg == d) {
                    *l = Live::Yes;
                }
            }
        }
    }
    let read = inst.guard.map_or(Live::Yes, Live::Under);
    for &r in &inst.uses {
        live[r.0 as usize] = live[r.0 as usize].join(read);
    }
    if let Some(g) = inst.guard {
        live[g.reg.0 as usize] = Live::Yes;
    }
}

/// `t = op; ...; r = mov t; ...t...` into `r = op; ...; ...r...` in block
/// `b`: nothing between the write and the move touches `r` or `t` or can
/// stop or fault, and every later read of that value of `t` (in this block:
/// `t` must be dead at its end or written again) comes before `r` changes.
fn merge_moves(
    k: &mut Kernel,
    ctx: &Ctx,
    guards: &[bool],
    b: usize,
    live_out: &[Live],
    regs: &mut Vec<Regs>,
) -> bool {
    let block = &mut k.blocks[b];
    let mut dead = vec![false; block.insts.len()];
    let mut changed = false;
    for j in 0..block.insts.len() {
        let insts = &block.insts;
        let Op::Mov {
            dst: r,
            src: Operand::Reg(t),
            ..
        } = insts[j].op
        else {
            continue;
        };
        // `r`'s write moves up past quiet value ops only (no sync point
        // between), so a shuffle source may be `r`, not `t` (which would
        // stop being written).
        if r == t || ctx.pinned(t) || ctx.ty(r) != ctx.ty(t) {
            continue;
        }
        let Some(i) = def_before(insts, regs, &dead, j, r, t) else {
            continue;
        };
        let (gi, gj) = (insts[i].guard, insts[j].guard);
        let guard = match (gi, gj) {
            (a, b) if a == b => a,
            (None, Some(g)) if insts[i].op.is_value() && g.reg != t => Some(g),
            _ => continue,
        };
        let op = &insts[i].op;
        let quiet = op.is_value() || matches!(op, Op::Load(_) | Op::Special { .. });
        if !quiet
            || regs[i].defs.contains(&r)
            || guard.is_some_and(|g| regs[i].defs.contains(&g.reg))
        {
            continue;
        }
        // A guarded move leaves `t` unread where its guard is false: later
        // reads of `t` cannot become reads of `r` then.
        let tail = Tail {
            regs: &regs[j + 1..],
            term: &block.term,
            live_out,
            guards,
        };
        let Some(later) = tail.reads_of(r, t, gj.is_some()) else {
            continue;
        };
        let insts = &mut block.insts;
        for d in insts[i].op.defs_mut() {
            if *d == t {
                *d = r;
            }
        }
        insts[i].guard = guard;
        regs[i] = Regs::of(&insts[i]);
        for &l in &later {
            match l {
                Some(l) => {
                    rename_reads(&mut insts[j + 1 + l], t, r);
                    regs[j + 1 + l] = Regs::of(&insts[j + 1 + l]);
                }
                None => rename_term(&mut block.term, t, r),
            }
        }
        dead[j] = true;
        changed = true;
    }
    if changed {
        let mut it = dead.iter();
        block.insts.retain(|_| !it.next().copied().unwrap_or(false));
        let mut it = dead.iter();
        regs.retain(|_| !it.next().copied().unwrap_or(false));
    }
    changed
}

/// The write of `t` that the move at `j` reads, when only quiet value ops
/// that touch neither `r`, `t` nor the move's guard come between.
fn def_before(
    insts: &[Inst],
    regs: &[Regs],
    dead: &[bool],
    j: usize,
    r: Reg,
    t: Reg,
) -> Option<usize> {
    let guard = insts[j].guard.map(|g| g.reg);
    for i in (0..j).rev() {
        if dead[i] {
            continue;
        }
        if regs[i].defs.contains(&t) {
            return Some(i);
        }
        if !insts[i].op.is_value()
            || regs[i].touches(r)
            || regs[i].touches(t)
            || guard.is_some_and(|g| regs[i].touches(g))
        {
            return None;
        }
    }
    None
}

/// The instructions of a block after a point, and what follows the block.
struct Tail<'a> {
    regs: &'a [Regs],
    term: &'a Term,
    live_out: &'a [Live],
    guards: &'a [bool],
}

impl Tail<'_> {
    /// The reads of `t` in the tail that see its value at the start
    /// (indices into the tail; `None` standing for the terminator), if all
    /// of them come before `r` is written again and `t` is dead where they
    /// end. `guarded`: the value was moved under a guard.
    fn reads_of(&self, r: Reg, t: Reg, guarded: bool) -> Option<Vec<Option<usize>>> {
        let mut reads = Vec::new();
        let mut r_written = false;
        for (l, inst) in self.regs.iter().enumerate() {
            if inst.reads(t) {
                if r_written || guarded {
                    return None;
                }
                reads.push(Some(l));
            }
            if inst.defs.contains(&t) {
                // Written again: unguarded, the value ends here; guarded, it
                // lives on where the guard is false, unless only reads under
                // the same guard follow.
                let ends = match inst.guard {
                    None => true,
                    Some(g) => {
                        let after = self.live_after(l, t);
                        after.is_dead() || after == Live::Under(g)
                    }
                };
                return ends.then_some(reads);
            }
            if inst.defs.contains(&r) {
                r_written = true;
            }
        }
        if self.term.uses().contains(&t) {
            if r_written || guarded {
                return None;
            }
            reads.push(None);
        }
        self.live_out[t.0 as usize].is_dead().then_some(reads)
    }

    /// Whether the value of `r` after instruction `l` of the tail is needed.
    fn live_after(&self, l: usize, r: Reg) -> Live {
        // Merges in this block may have made more registers guards.
        let mut guards = self.guards.to_vec();
        for g in self.regs.iter().filter_map(|x| x.guard) {
            guards[g.reg.0 as usize] = true;
        }
        let mut live = self.live_out.to_vec();
        start_back(self.term, &mut live);
        for inst in self.regs[l + 1..].iter().rev() {
            step_back(inst, &guards, &mut live);
        }
        live[r.0 as usize]
    }
}

/// Makes `inst` read `to` where it read `from`.
fn rename_reads(inst: &mut Inst, from: Reg, to: Reg) {
    if let Some(g) = &mut inst.guard {
        if g.reg == from {
            g.reg = to;
        }
    }
    for u in inst.op.uses_mut() {
        if *u == Operand::Reg(from) {
            *u = Operand::Reg(to);
        }
    }
}

/// Makes the terminator read `to` where it read `from`.
fn rename_term(term: &mut Term, from: Reg, to: Reg) {
    match term {
        Term::BrCond { cond: c, .. } | Term::Switch { index: c, .. } if *c == from => *c = to,
        _ => {}
    }
}

/// Drops the pure instructions whose values reach nothing that matters:
/// an effect, a wave operation's source, a branch, or (as [`AtExit`]
/// says) a lane's exit. Unlike [`drop_dead`]'s liveness this sees values
/// that only feed each other, such as a GCN mask pair carried round a loop
/// whose own bit is kept elsewhere. Kernels with calls are left alone (a
/// return's successors are not in the CFG).
fn drop_unused(k: &mut Kernel, ctx: &Ctx) {
    if k.has_calls() {
        return;
    }
    let reach = Reach::of(k);
    let nb = k.blocks.len();
    let reads: Vec<Vec<Vec<usize>>> = (0..nb).map(|b| reach.block_reads(k, b)).collect();
    let mut useful: Vec<Vec<bool>> = k
        .blocks
        .iter()
        .map(|b| vec![false; b.insts.len()])
        .collect();
    let mut work: Vec<usize> = Vec::new();
    for (b, block) in k.blocks.iter().enumerate() {
        for (i, inst) in block.insts.iter().enumerate() {
            if !inst.op.is_pure() || inst.op.defs().iter().any(|d| ctx.pinned(*d)) {
                useful[b][i] = true;
                work.extend(&reads[b][i]);
            }
        }
        work.extend(&reads[b][block.insts.len()]);
        if matches!(block.term, Term::Exit | Term::Trap) && ctx.exit_live {
            work.extend(
                reach
                    .at_end(b)
                    .filter(|&s| ctx.machine[reach.site(s).2 .0 as usize]),
            );
        }
    }
    while let Some(s) = work.pop() {
        let (b, i, _) = reach.site(s);
        if b == crate::reach::ENTRY || useful[b][i] {
            continue;
        }
        useful[b][i] = true;
        work.extend(&reads[b][i]);
    }
    for (block, keep) in k.blocks.iter_mut().zip(&useful) {
        let mut it = keep.iter();
        block.insts.retain(|_| *it.next().unwrap_or(&true));
    }
}

/// Removes the registers nothing reads or writes any more and renumbers
/// the rest in order: a lane's register file (its slots, their reset at
/// each workgroup, the stores at each stop) is as large as the
/// declarations, and lifters declare many temporaries that simplifying
/// leaves unused. Only for launches ([`AtExit::Nothing`]): `xisa exec`
/// reports every machine register.
fn drop_unreferenced_regs(k: &mut Kernel) {
    let n = k.regs.len();
    let mut used = vec![false; n];
    for &p in &k.params {
        used[p.0 as usize] = true;
    }
    for b in &k.blocks {
        for i in &b.insts {
            for r in i.op.def_refs() {
                used[r.0 as usize] = true;
            }
            for r in i.op.reg_uses() {
                used[r.0 as usize] = true;
            }
            if let Some(g) = i.guard {
                used[g.reg.0 as usize] = true;
            }
        }
        for r in b.term.uses() {
            used[r.0 as usize] = true;
        }
    }
    // Registers a stop stores and its resume loads first, together: their
    // rows of the register file (laid out by register) then lie next to
    // each other, where the JIT reloads them at every stop (a barrier
    // kernel's workgroup reloads them for every lane at each phase;
    // measured 1-3 % on the barrier kernels against plain order).
    let hot = stored_at_stops(k);
    let order: Vec<usize> = (0..n)
        .filter(|&i| used[i] && hot[i])
        .chain((0..n).filter(|&i| used[i] && !hot[i]))
        .collect();
    if order.len() == n && order.iter().enumerate().all(|(a, &b)| a == b) {
        return;
    }
    let mut map = vec![Reg(u32::MAX); n];
    for (next, &i) in order.iter().enumerate() {
        map[i] = Reg(next as u32);
    }
    let re = |r: &mut Reg| *r = map[r.0 as usize];
    for p in &mut k.params {
        re(p);
    }
    for b in &mut k.blocks {
        for i in &mut b.insts {
            for r in i.op.defs_mut() {
                re(r);
            }
            for o in i.op.uses_mut() {
                if let Operand::Reg(r) = o {
                    re(r);
                }
            }
            if let Some(g) = &mut i.guard {
                re(&mut g.reg);
            }
        }
        match &mut b.term {
            Term::BrCond { cond: c, .. } | Term::Switch { index: c, .. } => re(c),
            _ => {}
        }
    }
    let old = std::mem::take(&mut k.regs);
    k.regs = order.iter().map(|&i| old[i].clone()).collect();
}

/// Registers live where a lane may stop and resume: before a sync point
/// and at the start of a block a backward branch goes to (engines yield
/// there), by [`Kernel::live_in`]'s plain liveness.
fn stored_at_stops(k: &Kernel) -> Vec<bool> {
    let live_in = k.live_in();
    let mut hot = vec![false; k.regs.len()];
    let mut mark = |live: &[bool]| {
        for (h, &l) in hot.iter_mut().zip(live) {
            *h |= l;
        }
    };
    for (b, block) in k.blocks.iter().enumerate() {
        let mut live = k.live_at_end(b, &live_in);
        for inst in block.insts.iter().rev() {
            // At a sync point: what the resume loads, then what the stop
            // stores (its operands included: the scheduler reads them).
            let sync = inst.op.is_sync();
            if sync {
                mark(&live);
            }
            inst.live_before(&mut live);
            if sync {
                mark(&live);
            }
        }
        for t in block.term.successors() {
            if t.0 as usize <= b {
                mark(&live_in[t.0 as usize]);
            }
        }
    }
    hot
}

/// Removes the value ops and special-register reads of block `b` whose
/// results are all dead.
fn drop_dead(
    k: &mut Kernel,
    ctx: &Ctx,
    guards: &[bool],
    b: usize,
    live_out: &[Live],
    regs: &[Regs],
) -> bool {
    let block = &mut k.blocks[b];
    let mut live = live_out.to_vec();
    start_back(&block.term, &mut live);
    let mut keep = vec![true; block.insts.len()];
    for (i, (inst, regs)) in block.insts.iter().zip(regs).enumerate().rev() {
        if inst.op.is_pure()
            && regs
                .defs
                .iter()
                .all(|d| live[d.0 as usize].is_dead() && !ctx.pinned(*d))
        {
            keep[i] = false;
            continue;
        }
        step_back(regs, guards, &mut live);
    }
    let changed = keep.contains(&false);
    if changed {
        let mut it = keep.iter();
        block.insts.retain(|_| *it.next().unwrap_or(&true));
    }
    changed
}
