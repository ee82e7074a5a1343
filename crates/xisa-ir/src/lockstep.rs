//! Lockstep waves for machine code: where a converged wave's lanes must wait
//! for each other so that shared memory behaves as on the hardware.
//!
//! The engines run the lanes of a wave one after another between sync points.
//! A GPU runs a converged wave in lockstep: every instruction completes for all
//! active lanes before the next starts, and warp-synchronous code relies on it
//! (CUB's warp exchange writes a shared slot and reads a neighbour's;
//! `__syncwarp()` is a plain `NOP` on sm_75 once ptxas proves the warp
//! converged; AMD wave reductions through LDS have no barrier at all). Lane by
//! lane, lane 0 would read its neighbour's slot before lane 1 wrote it.
//!
//! [`insert_wave_syncs`] restores the hardware's order for shared memory (the
//! only memory a wave's lanes use to talk without atomics or fences, and the
//! only one no other host thread sees). It places an [`Op::WaveSync`] before a
//! shared-memory access whenever, since the last sync point on some path, a
//! lane may have made an access it conflicts with (a store or atomic after any
//! access, a load after a store or atomic). Between two sync points every
//! lane then makes either only loads or a single store/atomic, so running
//! the lanes one after another gives exactly the memory the lockstep wave
//! gives; loads with no store between them need no sync, and code separated
//! by a barrier or a warp operation needs none either.
//!
//! Most such syncs are not needed: a tree reduction's `s[t] += s[t + d]`
//! reads slots no lane of the wave writes in the same step once `d` reaches
//! the wave size. When every access a sync would separate was made earlier
//! in the same block and each address is `c·tid.x + u` (`c` the same
//! positive constant, `u` the same in every lane: [`crate::divergence`]), the
//! sync runs only if some lane's access may overlap another lane's: a uniform
//! check of `u_E - u_X` (decided at compile time when both addresses share
//! a base register, else computed at run time) and of the workgroup's
//! shape (lanes with consecutive `tid.x`). The check does not depend on the
//! order the lanes run in. When every lane that enters the block passed a
//! branch on `tid.x < T` (`T` the same in every lane of the wave: a tree
//! reduction's `if (tid < s)`), two such lanes are fewer than `min(T, W)`
//! apart, and the check uses that span instead of the wave size `W`: the
//! step that adds `s[t + d]` to `s[t]` for `t < d` never waits.
//! Distances are also followed back to the values they are computed from
//! (`distance`): one that is a constant is decided at compile time, and
//! one that is `a·T + b` in terms of the bound itself (the step's `s[t + s]`
//! under `if (t < s)`: `4·s`) is proved clear for every `T` from 1 up to a
//! limit, so that its check is `T <= limit` alone, not a distance per lane.
//!
//! Host output is ordered the same way: a `hostcall` (device `printf`) after
//! another since the last sync point waits for the wave, so a converged
//! wave prints its lanes' first lines before any lane's second, as a warp
//! does.

use crate::divergence::{Affine, Uniformity};
use crate::inst::{Address, BinOp, CvtOp, Guard, ICond, Inst, Op, Operand, Reg, SReg};
use crate::kernel::Kernel;
use crate::op;
use crate::types::{Space, Type};

mod distance;
mod values;

use distance::{Decision, Sym, Syms};

/// Shared accesses made since the last sync point on some path (a bit set).
type State = u8;
const LOADED: State = 1;
const STORED: State = 2;
/// A host call (output) was made.
const CALLED: State = 4;

/// The kind of shared access an op makes, as a [`State`] bit (0: none).
fn shared_access(op: &Op) -> State {
    match op {
        Op::Load(op::Load {
            space: Space::Shared,
            ..
        }) => LOADED,
        Op::Store(op::Store {
            space: Space::Shared,
            ..
        })
        | Op::Atomic(op::Atomic {
            space: Space::Shared,
            ..
        }) => STORED,
        Op::HostCall { .. } => CALLED,
        _ => 0,
    }
}

/// Whether [`insert_wave_syncs`] may put a wave sync before `op` (a shared
/// access or a host call): passes that run before it and reason about where
/// lanes will wait ask this.
pub fn may_sync_before(op: &Op) -> bool {
    shared_access(op) != 0
}

/// True when an access of `kind` after the accesses in `s` must wait for the
/// wave.
fn conflicts(s: State, kind: State) -> bool {
    match kind {
        STORED => s & (LOADED | STORED) != 0,
        LOADED => s & STORED != 0,
        _ => s & CALLED != 0,
    }
}

/// A shared access whose address is `c·tid.x + u` in every lane that runs it
/// (`c > 0`, `u` the same in every lane of the wave; `crate::divergence`),
/// with `base + off` its address operands.
#[derive(Debug, Clone, Copy)]
struct Form {
    c: i64,
    len: u32,
    base: Operand,
    off: i64,
    guard: Option<Guard>,
    /// `base` holds the address in every lane, those that skip a guarded
    /// access included ([`speculate`]): a check may read it there.
    everywhere: bool,
}

/// A shared-memory load, store or atomic: its access size and address.
fn shared_address(op: &Op) -> Option<(u32, &Address)> {
    match op {
        Op::Load(op::Load {
            space: Space::Shared,
            mem,
            addr,
            ..
        })
        | Op::Store(op::Store {
            space: Space::Shared,
            mem,
            addr,
            ..
        }) => Some((mem.bytes(), addr)),
        Op::Atomic(op::Atomic {
            space: Space::Shared,
            ty,
            addr,
            ..
        }) => Some((ty.bytes(), addr)),
        _ => None,
    }
}

/// The form of instruction `i` of block `b`, when it is a shared access the
/// pass can reason about.
fn access_form(
    k: &Kernel,
    uni: &Uniformity,
    b: usize,
    i: usize,
    spec: Option<Reg>,
) -> Option<Form> {
    let inst = &k.blocks[b].insts[i];
    let (len, addr) = shared_address(&inst.op)?;
    let Address::Flat { base, offset } = *addr else {
        return None;
    };
    if let Operand::Reg(r) = base {
        if k.reg_type(r) != Some(Type::I32) {
            return None;
        }
    }
    if i32::try_from(offset).is_err() {
        return None;
    }
    // A speculated copy of a guarded access's address is computed in every
    // lane (unguarded), and so is its form.
    let (base, guard) = match spec {
        Some(r) => (Operand::Reg(r), None),
        None => (base, inst.guard),
    };
    match uni.form_at(k, b, i, &base, guard) {
        Affine::Lin { c, .. } if c > 0 && c <= 1 << 12 && len > 0 => Some(Form {
            c,
            len,
            base,
            off: offset,
            guard: inst.guard,
            everywhere: inst.guard.is_none() || spec.is_some(),
        }),
        _ => None,
    }
}

/// What the pass does before an instruction.
#[derive(Debug, Clone, PartialEq)]
enum Action {
    None,
    /// An unconditional wave sync.
    Sync,
    /// A wave sync guarded by a runtime check that some of the `dynamic`
    /// earlier accesses of the block (instruction indices) may overlap this
    /// one in another lane of the wave, or that the block's lane bound is
    /// above `limit` (past it, [`distance::decide`]'s proof of the other
    /// pairs does not hold).
    Checked {
        dynamic: Vec<usize>,
        limit: Option<u32>,
    },
    /// An unconditional wave sync that would be checked if these guarded
    /// earlier accesses had their addresses in every lane ([`speculate`]).
    SyncFor(Vec<usize>),
}

/// The kinds of the accesses in `pending` (instruction index, kind).
fn kinds(pending: &[(usize, State)]) -> State {
    pending.iter().fold(0, |s, (_, k)| s | k)
}

/// Walks block `b` from its in-state: the new state at its end and what to
/// do before each instruction.
///
/// An access that conflicts with accesses since the last sync point gets an
/// unconditional sync, except when every access it conflicts with was made
/// earlier in this block (after its last unguarded sync point) and all of
/// them, and this one, have forms with the same `c`: then whether any lane's
/// access can overlap another lane's is a uniform runtime check
/// ([`Emit::check`]) and the sync runs only when it can. A checked sync does
/// not reset the state (it may not run).
fn walk(cx: &Cx, b: usize, input: State) -> (State, Vec<Action>) {
    let insts = &cx.k.blocks[b].insts;
    let forms = &cx.forms[b];
    let mut outside = input;
    // Accesses of this block since its last unguarded sync point.
    let mut pending: Vec<(usize, State)> = Vec::new();
    let mut actions = vec![Action::None; insts.len()];
    // A wave-level sync point in a block some lanes of the wave skip
    // orders only the lanes that run it: the others may still run ahead of
    // what was done before it (they do not wait there), so those accesses
    // flow on to where the branches meet again.
    let skippable = cx.divergent.get(b).copied().unwrap_or(true);
    let mut escaped: State = 0;
    for (i, inst) in insts.iter().enumerate() {
        if inst.op.is_sync() && inst.guard.is_none() {
            // (A workgroup barrier holds every lane that has not exited.)
            if skippable && !matches!(inst.op, Op::Barrier) {
                escaped |= outside | kinds(&pending);
            }
            outside = 0;
            pending.clear();
            continue;
        }
        let kind = shared_access(&inst.op);
        if kind == 0 {
            continue;
        }
        let here = kinds(&pending);
        if !conflicts(outside | here, kind) {
            pending.push((i, kind));
            continue;
        }
        let against: Vec<usize> = pending
            .iter()
            .filter(|(_, k)| conflicts(*k, kind))
            .map(|(j, _)| *j)
            .collect();
        let checkable = !conflicts(outside, kind)
            && kind != CALLED
            && forms[i].is_some_and(|x| {
                against
                    .iter()
                    .all(|&j| forms[j].is_some_and(|e| e.c == x.c))
            });
        // Pairs whose distance is known here, or known in terms of the
        // lane bound, are decided now.
        let decided: Vec<Decision> = against
            .iter()
            .map(|&j| match (forms[j], forms[i]) {
                (Some(e), Some(x)) => cx.decide(b, (j, &e), (i, &x)),
                _ => Decision::Dynamic,
            })
            .collect();
        // A lane that skips a guarded E cannot tell the distance and would
        // sync anyway: such a pair is not worth a check.
        let guarded_dynamic: Vec<usize> = against
            .iter()
            .zip(&decided)
            .filter(|(&j, d)| **d == Decision::Dynamic && forms[j].is_some_and(|e| !e.everywhere))
            .map(|(&j, _)| j)
            .collect();
        let could_check = checkable && !decided.contains(&Decision::Known(false));
        if could_check && guarded_dynamic.is_empty() {
            let dynamic = against
                .iter()
                .zip(&decided)
                .filter(|(_, d)| **d == Decision::Dynamic)
                .map(|(j, _)| *j)
                .collect();
            let limit = decided
                .iter()
                .filter_map(|d| match d {
                    Decision::UpTo(l) => Some(*l),
                    _ => None,
                })
                .min();
            actions[i] = Action::Checked { dynamic, limit };
            pending.push((i, kind));
        } else {
            actions[i] = if could_check {
                Action::SyncFor(guarded_dynamic)
            } else {
                Action::Sync
            };
            if skippable {
                escaped |= outside | kinds(&pending);
            }
            outside = 0;
            pending.clear();
            pending.push((i, kind));
        }
    }
    let here = kinds(&pending);
    (outside | here | escaped, actions)
}

/// What [`walk`] decides from: the kernel, its accesses' forms (per block
/// and instruction), and where there is a divergence analysis, the values
/// addresses are computed from and each block's lane bound `T` in their
/// terms.
struct Cx<'a> {
    k: &'a Kernel,
    forms: &'a [Vec<Option<Form>>],
    /// Blocks some lanes of a wave may skip (all, without a divergence
    /// analysis).
    divergent: Vec<bool>,
    syms: Option<Syms<'a>>,
    bounds: Vec<Option<Sym>>,
}

impl Cx<'_> {
    /// Whether lanes of the wave can overlap E (instruction `e_at` of block
    /// `b`) and the later X (`x_at`), as far as known at compile time.
    fn decide(&self, b: usize, (e_at, e): (usize, &Form), (x_at, x): (usize, &Form)) -> Decision {
        let insts = &self.k.blocks[b].insts;
        let wave = self.k.wave_size.max(1) as i64;
        let (le, lx) = (e.len as i64, x.len as i64);
        let bound = self.bounds.get(b).and_then(Option::as_ref);
        if let Some(d) = static_distance(insts, e_at, e, x_at, x) {
            return distance::decide(&Sym::konst(d), bound, wave, x.c, le, lx);
        }
        let Some(syms) = &self.syms else {
            return Decision::Dynamic;
        };
        let at = |i: usize, f: &Form| Some(syms.value(b, i, f.base)?.plus(f.off));
        let (Some(ae), Some(ax)) = (at(e_at, e), at(x_at, x)) else {
            return Decision::Dynamic;
        };
        let d = ae.minus(&ax);
        match distance::decide(&d, bound, wave, x.c, le, lx) {
            // A distance in values that take a few known values (a
            // ping-pong buffer's index): decided over all of them.
            Decision::Dynamic => match syms.values_of(&d) {
                Some(vals) => distance::decide_values(&vals, bound, wave, x.c, le, lx),
                None => Decision::Dynamic,
            },
            known => known,
        }
    }
}

/// `addr_E - addr_X` when it is known at compile time: both addresses
/// constant, or the same base register, not rewritten between the two.
fn static_distance(insts: &[Inst], e_at: usize, e: &Form, x_at: usize, x: &Form) -> Option<i64> {
    match (e.base, x.base) {
        (Operand::Imm(a), Operand::Imm(b)) => {
            Some((a as i64 + e.off) as i32 as i64 - (b as i64 + x.off) as i32 as i64)
        }
        (Operand::Reg(a), Operand::Reg(b))
            if a == b && !insts[e_at..x_at].iter().any(|i| i.op.defs().contains(&a)) =>
        {
            Some(e.off - x.off)
        }
        _ => None,
    }
}

/// Where a uniform bound on `tid.x` in the lanes that run block `b` comes
/// from: `(p, j, T)`, every lane entering `b` took the branch at the end of
/// block `p` on `tid.x < T` (unsigned, or signed: `tid.x` is not negative),
/// the compare being instruction `j` of `p` and `T` the same in every lane
/// of the wave there. Only straight paths count: `b` and the blocks between
/// it and the branch have one predecessor each and are neither the entry
/// nor a block a `ret` continues at. `T` may change after the compare:
/// [`place_bounds`] copies it there.
fn lane_bound(
    k: &Kernel,
    uni: &Uniformity,
    lane: Option<Reg>,
    preds: &[Vec<usize>],
    returns: &[usize],
    b: usize,
) -> Option<(usize, usize, Operand)> {
    let mut cur = b;
    for _ in 0..8 {
        let [p] = preds[cur][..] else {
            return None;
        };
        if cur == 0 || p == cur || returns.contains(&cur) {
            return None;
        }
        match k.blocks[p].term {
            crate::Term::Br(_) => cur = p,
            crate::Term::BrCond { cond, then_, else_ } if then_ != else_ => {
                let taken = then_.0 as usize == cur;
                return branch_bound(k, uni, lane, p, cond, taken);
            }
            _ => return None,
        }
    }
    None
}

/// The compare `(p, j, T)` of `tid.x < T` that `cond` (the branch
/// condition at the end of block `p`, `taken` its value on the edge)
/// implies, following back within `p`: `i1` copies and negations, either
/// side of a true `and`, and the lane's own bit of a lane mask
/// ([`Bit`]: a GCN lifter's EXEC bit, `(m >> laneid) & 1` with `m` built
/// as `(zext(p) << laneid) & mask`; `lane` the lane id register,
/// [`laneid_reg`]).
fn branch_bound(
    k: &Kernel,
    uni: &Uniformity,
    lane: Option<Reg>,
    p: usize,
    cond: Reg,
    taken: bool,
) -> Option<(usize, usize, Operand)> {
    implied_bound(
        k,
        uni,
        p,
        lane,
        (cond, Bit::I1),
        taken,
        k.blocks[p].insts.len(),
        0,
    )
}

/// Which bit of a register [`implied_bound`] follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Bit {
    /// The register is an `i1`.
    I1,
    /// Bit 0 of a wider register.
    Low,
    /// Bit `laneid` of a wider register.
    Own,
}

/// The register every lane's `special.laneid` is read into (and nothing
/// else is written to), if any.
fn laneid_reg(k: &Kernel) -> Option<Reg> {
    let mut found = None;
    for i in k.blocks.iter().flat_map(|b| &b.insts) {
        match i.op {
            Op::Special {
                dst,
                sreg: SReg::LaneId,
            } if i.guard.is_none() && found.is_none_or(|f| f == dst) => found = Some(dst),
            _ => {}
        }
    }
    let r = found?;
    let others = k.blocks.iter().flat_map(|b| &b.insts).any(|i| {
        i.op.defs().contains(&r)
            && !matches!(
                i.op,
                Op::Special {
                    sreg: SReg::LaneId,
                    ..
                }
            )
    });
    (!others).then_some(r)
}

/// [`branch_bound`]'s search: `bit` of `r` (its last write before
/// instruction `end` of block `p`) is `holds` in every lane that took the
/// edge; `lane` the lane id register.
#[allow(clippy::too_many_arguments)]
fn implied_bound(
    k: &Kernel,
    uni: &Uniformity,
    p: usize,
    lane: Option<Reg>,
    (r, bit): (Reg, Bit),
    holds: bool,
    end: usize,
    depth: u32,
) -> Option<(usize, usize, Operand)> {
    if depth > 16 {
        return None;
    }
    let insts = &k.blocks[p].insts;
    let j = (0..end).rev().find(|&j| insts[j].op.defs().contains(&r))?;
    if insts[j].guard.is_some() {
        return None;
    }
    let next = |x: Operand, bit: Bit, holds: bool| match x {
        Operand::Reg(x) => implied_bound(k, uni, p, lane, (x, bit), holds, j, depth + 1),
        Operand::Imm(_) => None,
    };
    let is_lane = |x: Operand| lane.is_some_and(|l| x == Operand::Reg(l));
    if bit == Bit::I1 {
        if let Some((_, src, negated)) = crate::guards::copy(&insts[j].op) {
            return next(Operand::Reg(src), Bit::I1, holds ^ negated);
        }
    }
    match insts[j].op {
        // Both sides of a true `and` hold (of i1s, or of one bit of wider
        // values).
        Op::Bin(op::Bin {
            op: BinOp::And,
            a,
            b,
            ..
        }) if holds => next(a, bit, true).or_else(|| next(b, bit, true)),
        Op::Bin(op::Bin {
            op: BinOp::LShr,
            a,
            b,
            ..
        }) if bit == Bit::Low && is_lane(b) => next(a, Bit::Own, holds),
        Op::Bin(op::Bin {
            op: BinOp::Shl,
            a,
            b,
            ..
        }) if bit == Bit::Own && is_lane(b) => next(a, Bit::Low, holds),
        Op::Cvt(op::Cvt {
            op: CvtOp::Trunc,
            to: Type::I1,
            src,
            ..
        }) if bit == Bit::I1 => next(src, Bit::Low, holds),
        Op::Cvt(op::Cvt {
            op: CvtOp::Zext,
            from: Type::I1,
            src,
            ..
        }) if bit == Bit::Low => next(src, Bit::I1, holds),
        Op::ICmp(op::ICmp {
            cond: c,
            ty: Type::I32,
            a,
            b,
            ..
        }) if bit == Bit::I1 => {
            let (x, t) = match (c, holds) {
                (ICond::Ult | ICond::Slt, true) | (ICond::Uge | ICond::Sge, false) => (a, b),
                (ICond::Ugt | ICond::Sgt, true) | (ICond::Ule | ICond::Sle, false) => (b, a),
                _ => return None,
            };
            let is_tid = matches!(
                uni.form_at(k, p, j, &x, None),
                Affine::Lin { c: 1, u: Some(0) }
            );
            let uniform = matches!(uni.form_at(k, p, j, &t, None), Affine::Lin { c: 0, .. });
            (is_tid && uniform).then_some((p, j, t))
        }
        _ => None,
    }
}

/// What [`insert_wave_syncs_within`] decides from: each instruction's
/// access form, each block's lane bound, and what to do before each instruction
/// of each block (empty for a block the entry does not reach), from the
/// blocks' in-states (a forward may-analysis, join = union).
struct Analysis {
    forms: Vec<Vec<Option<Form>>>,
    actions: Vec<Vec<Action>>,
    /// Per block with accesses: where its lane bound comes from
    /// ([`lane_bound`]), which the decisions read in terms of.
    lane_bounds: Vec<Option<(usize, usize, Operand)>>,
}

fn analyse(k: &Kernel, tid_bound: u64, spec: &Speculated) -> Analysis {
    let n = k.blocks.len();
    let wave = k.wave_size.max(1);
    let uni = Uniformity::of(k, tid_bound).filter(|_| wave.is_power_of_two());
    let forms: Vec<Vec<Option<Form>>> = (0..n)
        .map(|b| {
            (0..k.blocks[b].insts.len())
                .map(|i| {
                    let at = spec.get(&(b, i)).copied();
                    uni.as_ref().and_then(|u| access_form(k, u, b, i, at))
                })
                .collect()
        })
        .collect();
    let preds = k.predecessors();
    let returns: Vec<usize> = k.return_blocks().iter().map(|r| r.0 as usize).collect();
    let syms = uni.as_ref().map(|u| Syms::new(k, u, &preds, &returns));
    let lane_bounds: Vec<Option<(usize, usize, Operand)>> = match &uni {
        Some(u) => {
            let lane = laneid_reg(k);
            (0..n)
                .map(|b| {
                    forms[b]
                        .iter()
                        .any(Option::is_some)
                        .then(|| lane_bound(k, u, lane, &preds, &returns, b))?
                })
                .collect()
        }
        None => vec![None; n],
    };
    let bounds = lane_bounds
        .iter()
        .map(|src| {
            let (p, j, t) = (*src)?;
            syms.as_ref()?.value(p, j, t)
        })
        .collect();
    let cx = Cx {
        k,
        forms: &forms,
        divergent: uni
            .as_ref()
            .map_or_else(|| vec![true; n], |u| u.divergent.clone()),
        syms,
        bounds,
    };
    let actions = block_actions(&cx);
    Analysis {
        forms,
        actions,
        lane_bounds,
    }
}

/// What to do before each instruction of each block (empty for a block the
/// entry does not reach), from the blocks' in-states (a forward
/// may-analysis, join = union).
fn block_actions(cx: &Cx) -> Vec<Vec<Action>> {
    let k = cx.k;
    let n = k.blocks.len();
    let mut input: Vec<Option<State>> = vec![None; n];
    input[0] = Some(0);
    // A call returns with whatever the callee did: assume everything.
    for r in k.return_blocks() {
        if let Some(s) = input.get_mut(r.0 as usize) {
            *s = Some(LOADED | STORED | CALLED);
        }
    }
    let mut work: Vec<usize> = (0..n).filter(|&b| input[b].is_some()).collect();
    while let Some(b) = work.pop() {
        let Some(s) = input[b] else { continue };
        let (s, _) = walk(cx, b, s);
        for succ in k.blocks[b].term.successors() {
            let j = succ.0 as usize;
            let Some(slot) = input.get_mut(j) else {
                continue;
            };
            let new = slot.unwrap_or(0) | s;
            if *slot != Some(new) {
                *slot = Some(new);
                work.push(j);
            }
        }
    }
    (0..n)
        .map(|b| input[b].map_or_else(Vec::new, |s| walk(cx, b, s).1))
        .collect()
}

/// The speculated address register of guarded shared accesses, by block
/// and instruction index ([`speculate`]).
type Speculated = std::collections::HashMap<(usize, usize), Reg>;

/// How many instructions [`speculate`] copies for one address at most.
const SPECULATED_CHAIN: usize = 8;

/// Makes the address of each guarded shared access a check would read
/// (`actions`' [`Action::SyncFor`]) available in every lane:
/// when the block computes it under the same guard, from values computed
/// without one, by value ops (the lifters' predicated temporaries:
/// `@p t = tid - off; @p a = t << 2; @p ld [a + base]`), a copy of that
/// computation without the guard goes just before each original, into
/// registers of its own. A lane that skips the access then still knows
/// where it would have gone, so a check between it and a later access can
/// run in every lane (the same uniform answer: [`Emit::check`]); without it
/// such a pair syncs unconditionally. Copies no check reads are removed
/// afterwards ([`drop_unread_copies`]). Indices in the result are after
/// the insertions.
fn speculate(k: &mut Kernel, asked: &Asked) -> Speculation {
    let mut spec = Speculated::new();
    let mut copies = Vec::new();
    let mut moved = Vec::new();
    for b in 0..k.blocks.len() {
        let insts = &k.blocks[b].insts;
        // (access index, chain indices ascending)
        let mut wanted: Vec<(usize, Vec<usize>)> = Vec::new();
        for (i, inst) in insts.iter().enumerate() {
            if !asked.contains(&(b, i)) {
                continue;
            }
            let Some(g) = inst.guard else { continue };
            let Some((
                _,
                &Address::Flat {
                    base: Operand::Reg(a),
                    ..
                },
            )) = shared_address(&inst.op)
            else {
                continue;
            };
            if let Some(chain) = guarded_chain(insts, i, a, g) {
                wanted.push((i, chain));
            }
        }
        if wanted.is_empty() {
            continue;
        }
        // Copy each chain member once (accesses may share members), before
        // its original; a member's reads of earlier members read their copies.
        let mut members: Vec<usize> = wanted.iter().flat_map(|(_, c)| c.clone()).collect();
        members.sort_unstable();
        members.dedup();
        let types: Option<Vec<Type>> = members
            .iter()
            .map(|&j| k.reg_type(k.blocks[b].insts[j].op.defs()[0]))
            .collect();
        let Some(types) = types else { continue };
        let mut copy_of: std::collections::HashMap<usize, Reg> = Default::default();
        let mut before: std::collections::HashMap<usize, Inst> = Default::default();
        for (&j, &ty) in members.iter().zip(&types) {
            let orig = &k.blocks[b].insts[j];
            let mut op = orig.op.clone();
            let pc = orig.pc;
            for u in op.uses_mut() {
                let Operand::Reg(r) = *u else { continue };
                let insts = &k.blocks[b].insts;
                if let Some(d) = insts[..j].iter().rposition(|x| x.op.defs().contains(&r)) {
                    if let Some(&c) = copy_of.get(&d) {
                        *u = Operand::Reg(c);
                    }
                }
            }
            let dst = k.reg(format!("ls.spec.{}", copies.len() + 1), ty);
            for d in op.defs_mut() {
                *d = dst;
            }
            copies.push(dst);
            copy_of.insert(j, dst);
            before.insert(j, inst(op, pc));
        }
        let old = std::mem::take(&mut k.blocks[b].insts);
        let mut new_index = Vec::with_capacity(old.len());
        let mut out = Vec::with_capacity(old.len() + before.len());
        for (j, x) in old.into_iter().enumerate() {
            if let Some(c) = before.remove(&j) {
                out.push(c);
            }
            new_index.push(out.len());
            out.push(x);
        }
        k.blocks[b].insts = out;
        for (i, chain) in wanted {
            // (`guarded_chain` returns chains of at least one member.)
            if let Some(c) = chain.last().and_then(|l| copy_of.get(l)) {
                spec.insert((b, new_index[i]), *c);
            }
        }
        moved.push((b, new_index));
    }
    Speculation {
        spec,
        copies,
        moved,
    }
}

/// Guarded accesses (block, instruction index before [`speculate`]) whose
/// addresses a check would read.
type Asked = std::collections::HashSet<(usize, usize)>;

/// What [`speculate`] did.
struct Speculation {
    /// The speculated address of each access it was asked for.
    spec: Speculated,
    /// The registers of its copies.
    copies: Vec<Reg>,
    /// The blocks it inserted copies in, with each instruction's index
    /// after them.
    moved: Vec<(usize, Vec<usize>)>,
}

/// How many times [`insert_wave_syncs_within`] speculates more addresses
/// (a check made possible may make a later access's check possible).
const SPECULATION_ROUNDS: usize = 4;

/// The instructions of the block before `at` that compute register `a`
/// under guard `g` (ascending, the one writing `a` last) when they are value
/// ops with one result each, under exactly that guard, reading otherwise
/// only values written without a guard (or before the block).
fn guarded_chain(insts: &[Inst], at: usize, a: Reg, g: Guard) -> Option<Vec<usize>> {
    let mut chain: Vec<usize> = Vec::new();
    let mut need = vec![(a, at)];
    while let Some((r, before)) = need.pop() {
        let Some(j) = insts[..before]
            .iter()
            .rposition(|x| x.op.defs().contains(&r))
        else {
            continue;
        };
        let d = &insts[j];
        if d.guard.is_none() {
            continue;
        }
        if d.guard != Some(g) || !d.op.is_value() || d.op.defs().len() != 1 {
            return None;
        }
        if chain.contains(&j) {
            continue;
        }
        chain.push(j);
        if chain.len() > SPECULATED_CHAIN {
            return None;
        }
        need.extend(d.op.reg_uses().into_iter().map(|u| (u, j)));
    }
    chain.sort_unstable();
    // The address itself must come from the chain (else it is the value of
    // an unguarded write: known everywhere already).
    let writes_a = chain
        .last()
        .is_some_and(|&j| insts[j].op.defs().contains(&a));
    writes_a.then_some(chain)
}

/// Removes the speculated copies nothing reads (repeatedly: a copy read
/// only by removed copies goes too).
fn drop_unread_copies(k: &mut Kernel, copies: &[Reg]) {
    let mut left: std::collections::HashSet<Reg> = copies.iter().copied().collect();
    loop {
        let mut read = std::collections::HashSet::new();
        for inst in k.blocks.iter().flat_map(|b| &b.insts) {
            read.extend(inst.op.reg_uses());
            read.extend(inst.guard.map(|g| g.reg));
        }
        for b in &k.blocks {
            read.extend(b.term.uses());
        }
        let unread: std::collections::HashSet<Reg> =
            left.iter().filter(|r| !read.contains(r)).copied().collect();
        if unread.is_empty() {
            return;
        }
        for b in &mut k.blocks {
            b.insts
                .retain(|i| !i.op.defs().first().is_some_and(|d| unread.contains(d)));
        }
        left.retain(|r| !unread.contains(r));
    }
}

/// The lane bound of each block with a checked sync (the one its decisions
/// were made in terms of, [`Analysis::lane_bounds`]): an
/// immediate, or a register of its own that a `mov` inserted right after
/// the compare sets, so that a later write of `T` does not matter. Returns
/// where it inserted them (block, index of the compare each follows; the
/// analyses must then be redone).
fn place_bounds(k: &mut Kernel, a: &Analysis) -> (Vec<Option<Operand>>, Vec<(usize, usize)>) {
    let n = k.blocks.len();
    let mut bounds = vec![None; n];
    let sources: Vec<(usize, (usize, usize, Operand))> = (0..n)
        .filter(|&b| {
            a.actions[b]
                .iter()
                .any(|a| matches!(a, Action::Checked { .. }))
        })
        .filter_map(|b| Some((b, a.lane_bounds[b]?)))
        .collect();
    // One copy per compare, inserted from the last so that indices hold.
    let mut copies: Vec<(usize, usize, Operand, Reg)> = Vec::new();
    for &(b, (p, j, t)) in &sources {
        bounds[b] = Some(match t {
            Operand::Imm(_) => t,
            Operand::Reg(_) => {
                let r = match copies.iter().find(|c| (c.0, c.1) == (p, j)) {
                    Some(c) => c.3,
                    None => {
                        let r = k.reg(format!("ls.bound.{}", copies.len() + 1), Type::I32);
                        copies.push((p, j, t, r));
                        r
                    }
                };
                Operand::Reg(r)
            }
        });
    }
    copies.sort_by_key(|c| (c.0, std::cmp::Reverse(c.1)));
    for &(p, j, src, dst) in &copies {
        let pc = k.blocks[p].insts[j].pc;
        let copy = inst(
            Op::Mov {
                ty: Type::I32,
                dst,
                src,
            },
            pc,
        );
        k.blocks[p].insts.insert(j + 1, copy);
    }
    (bounds, copies.iter().map(|c| (c.0, c.1)).collect())
}

/// Registers a checked sync uses, made on first need.
struct Temps<'k> {
    k: &'k mut Kernel,
    n: u32,
}

impl Temps<'_> {
    fn reg(&mut self, ty: Type) -> Reg {
        self.n += 1;
        let name = format!("ls.{}.{}", ty.name(), self.n);
        self.k.reg(name, ty)
    }
}

fn inst(op: Op, pc: Option<u64>) -> Inst {
    let mut i = Inst::new(op);
    i.pc = pc;
    i
}

/// An `i32` immediate (wrapped to 32 bits).
fn imm32(v: i64) -> Operand {
    Operand::Imm(v as u32 as u64)
}

/// Appends the instructions of a check to `out`, each with `pc`.
struct Emit<'a, 'k> {
    t: &'a mut Temps<'k>,
    out: &'a mut Vec<Inst>,
    pc: Option<u64>,
}

impl Emit<'_, '_> {
    /// `dst = a OP b` on `ty`.
    fn bin(&mut self, op: BinOp, ty: Type, a: impl Into<Operand>, b: impl Into<Operand>) -> Reg {
        let dst = self.t.reg(ty);
        let (a, b) = (a.into(), b.into());
        let bin = Op::Bin(op::Bin { op, ty, dst, a, b });
        self.out.push(inst(bin, self.pc));
        dst
    }

    /// `dst = a COND b` on `i32`.
    fn icmp(&mut self, cond: ICond, a: impl Into<Operand>, b: impl Into<Operand>) -> Reg {
        let dst = self.t.reg(Type::I1);
        let (a, b) = (a.into(), b.into());
        let ty = Type::I32;
        let cmp = Op::ICmp(op::ICmp {
            cond,
            ty,
            dst,
            a,
            b,
        });
        self.out.push(inst(cmp, self.pc));
        dst
    }

    /// The lane's address of an access (`base + off`, 32-bit wrapping),
    /// computed just before it.
    fn address(&mut self, f: &Form) -> Reg {
        self.bin(BinOp::Add, Type::I32, f.base, imm32(f.off))
    }

    /// The check before access `x` (form `fx`, address temporary `ax`)
    /// against the earlier accesses `earlier` (form, address; unguarded:
    /// [`walk`] checks no guarded one at run time): the returned `i1` is
    /// true when the wave must sync first.
    ///
    /// With `D = addr_E - addr_X` (the same in every lane: the `c·tid.x`
    /// terms cancel), lane `a`'s access E and lane `b`'s access X start
    /// `c·(a-b) + D` bytes apart; they cannot overlap for any two lanes of a
    /// wave (`0 < |a-b| < W`) when `lenX - c <= D <= c - lenE` (within the
    /// lane's own slot), `D >= c·(W-1) + lenX` or `D <= -c·(W-1) - lenE`
    /// (past every other lane's). That needs the wave's lanes to have
    /// consecutive `tid.x` (`geom`: the workgroup is one row, or its rows
    /// are whole waves).
    ///
    /// With a lane bound `T` ([`lane_bound`]) the lanes that run the
    /// accesses are fewer than `min(T, W)` apart: `w1_run` holds
    /// `c·(min(T, W) - 1)` ([`Self::span`]) and stands for `c·(W - 1)`.
    fn check(
        &mut self,
        (wave, w1_run): (u32, Option<Reg>),
        geom: Reg,
        limit: Option<(Operand, u32)>,
        fx: &Form,
        pairs: Option<&(Reg, Vec<(Form, Reg)>)>,
    ) -> Reg {
        let mut ok = geom;
        if let Some((t, l)) = limit {
            let within = self.icmp(ICond::Ule, t, Operand::Imm(l as u64));
            ok = self.bin(BinOp::And, Type::I1, ok, within);
        }
        let w1 = (wave as i64 - 1) * fx.c;
        if let Some((ax, earlier)) = pairs {
            for (fe, ae) in earlier {
                let d = self.bin(BinOp::Sub, Type::I32, *ae, *ax);
                let (le, lx, c) = (fe.len as i64, fx.len as i64, fx.c);
                let (hi_limit, lo_limit) = match w1_run {
                    None => (imm32(w1 + lx), imm32(-w1 - le)),
                    Some(w) => (
                        self.bin(BinOp::Add, Type::I32, w, imm32(lx)).into(),
                        self.bin(BinOp::Sub, Type::I32, imm32(-le), w).into(),
                    ),
                };
                let hi = self.icmp(ICond::Sge, d, hi_limit);
                let lo = self.icmp(ICond::Sle, d, lo_limit);
                let mut safe = self.bin(BinOp::Or, Type::I1, hi, lo);
                if 2 * c >= le + lx {
                    let m0 = self.bin(BinOp::Sub, Type::I32, d, imm32(lx - c));
                    let mid = self.icmp(ICond::Ule, m0, imm32(2 * c - le - lx));
                    safe = self.bin(BinOp::Or, Type::I1, safe, mid);
                }
                ok = self.bin(BinOp::And, Type::I1, ok, safe);
            }
        }
        let mut stop = self.bin(BinOp::Xor, Type::I1, ok, Operand::Imm(1));
        if let Some(g) = fx.guard {
            // Lanes that skip X need not wait.
            let runs = self.bin(BinOp::Xor, Type::I1, g.reg, Operand::Imm(g.negate as u64));
            stop = self.bin(BinOp::And, Type::I1, stop, runs);
        }
        stop
    }

    /// `c·(min(T, W) - 1)`: how far apart in bytes of a stride `c` two
    /// lanes under the lane bound `T` can be ([`Self::check`]).
    fn span(&mut self, wave: u32, bound: Operand, c: i64) -> Reg {
        let span = self.bin(BinOp::MinU, Type::I32, bound, Operand::Imm(wave as u64));
        let below = self.bin(BinOp::Sub, Type::I32, span, Operand::Imm(1));
        self.bin(BinOp::Mul, Type::I32, below, imm32(c))
    }

    /// Whether the wave's lanes have consecutive `tid.x`: a one-row
    /// workgroup, or rows of whole waves.
    fn geometry(&mut self, wave: u32) -> Reg {
        let [nx, ny, nz] = [SReg::NTidX, SReg::NTidY, SReg::NTidZ].map(|sreg| {
            let dst = self.t.reg(Type::I32);
            self.out.push(inst(Op::Special { dst, sreg }, self.pc));
            dst
        });
        let yz = self.bin(BinOp::Mul, Type::I32, ny, nz);
        let row = self.icmp(ICond::Eq, yz, Operand::Imm(1));
        let m = self.bin(BinOp::And, Type::I32, nx, Operand::Imm(wave as u64 - 1));
        let whole = self.icmp(ICond::Eq, m, Operand::Imm(0));
        self.bin(BinOp::Or, Type::I1, row, whole)
    }
}

/// Inserts the wave syncs lockstep execution needs (see the module doc) and
/// returns how many (checked ones included). Each inherits the `pc` of the
/// access it precedes.
pub fn insert_wave_syncs(k: &mut Kernel) -> usize {
    insert_wave_syncs_within(k, crate::divergence::MAX_TID_X)
}

/// [`insert_wave_syncs`] for a kernel whose launches have fewer than
/// `tid_bound` lanes along x (the workgroup size it declares).
pub fn insert_wave_syncs_within(k: &mut Kernel, tid_bound: u64) -> usize {
    let n = k.blocks.len();
    if n == 0
        || !k
            .blocks
            .iter()
            .any(|b| b.insts.iter().any(|i| shared_access(&i.op) != 0))
    {
        return 0;
    }
    let wave = k.wave_size.max(1);
    // Speculate the addresses checks would read, from the kernel as it
    // came each time, until no check asks for more.
    let mut original: Option<Kernel> = None;
    let mut asked = Asked::new();
    let mut analysis = analyse(k, tid_bound, &Speculated::new());
    let mut done = Speculation {
        spec: Speculated::new(),
        copies: Vec::new(),
        moved: Vec::new(),
    };
    for _ in 0..SPECULATION_ROUNDS {
        // Indices of this round's kernel back to the original's.
        let mut back: std::collections::HashMap<(usize, usize), usize> = Default::default();
        for (b, ix) in &done.moved {
            for (orig, &now) in ix.iter().enumerate() {
                back.insert((*b, now), orig);
            }
        }
        let more: Vec<(usize, usize)> = analysis
            .actions
            .iter()
            .enumerate()
            .flat_map(|(b, acts)| {
                acts.iter().flat_map(move |a| match a {
                    Action::SyncFor(js) => js.iter().map(|&j| (b, j)).collect(),
                    _ => Vec::new(),
                })
            })
            .map(|(b, j)| (b, back.get(&(b, j)).copied().unwrap_or(j)))
            .filter(|x| !asked.contains(x))
            .collect();
        if more.is_empty() {
            break;
        }
        asked.extend(more);
        // (Only kernels that ask for speculation pay for the copy; the
        // first round's kernel is still the original.)
        match &original {
            Some(o) => *k = o.clone(),
            None => original = Some(k.clone()),
        }
        done = speculate(k, &asked);
        analysis = analyse(k, tid_bound, &done.spec);
    }
    let Speculation { spec, copies, .. } = done;
    let (bounds, copied) = place_bounds(k, &analysis);
    if !copied.is_empty() {
        // Indices after the bounds' copies.
        let spec: Speculated = spec
            .into_iter()
            .map(|((b, i), r)| {
                let shift = copied.iter().filter(|&&(p, j)| p == b && j < i).count();
                ((b, i + shift), r)
            })
            .collect();
        analysis = analyse(k, tid_bound, &spec);
    }
    let Analysis { forms, actions, .. } = analysis;
    let mut added = 0;
    let mut t = Temps { k, n: 0 };
    // The workgroup-shape half of every check, computed once at the entry
    // (where the uniform hoisting moves it out of the lanes).
    let mut geom = None;
    for (b, actions) in actions.iter().enumerate() {
        if actions.iter().all(|a| *a == Action::None) {
            continue;
        }
        // Accesses a check reads need their address temporaries.
        let mut needs = vec![false; actions.len()];
        for (i, a) in actions.iter().enumerate() {
            if let Action::Checked { dynamic, .. } = a {
                if !dynamic.is_empty() {
                    needs[i] = true;
                }
                for &j in dynamic {
                    needs[j] = true;
                }
            }
        }
        let insts = std::mem::take(&mut t.k.blocks[b].insts);
        let mut out = Vec::with_capacity(insts.len() * 2);
        // One span per stride in the block (the bound's copy is written
        // once, before the block).
        let mut spans: Vec<(i64, Reg)> = Vec::new();
        let mut temps: Vec<Option<Reg>> = vec![None; insts.len()];
        for (i, ins) in insts.into_iter().enumerate() {
            let pc = ins.pc;
            let mut e = Emit {
                t: &mut t,
                out: &mut out,
                pc,
            };
            if needs[i] {
                let f = forms[b][i].expect("checked accesses have forms");
                temps[i] = Some(e.address(&f));
            }
            match &actions[i] {
                Action::None => {}
                Action::Sync | Action::SyncFor(_) => {
                    out.push(inst(Op::WaveSync, pc));
                    added += 1;
                }
                Action::Checked { dynamic, limit } => {
                    let g = *geom.get_or_insert_with(|| e.t.reg(Type::I1));
                    let fx = forms[b][i].expect("checked");
                    // (A limit comes with a lane bound: `place_bounds`
                    // placed one for every block with a checked sync.)
                    let limit = limit.and_then(|l| Some((bounds[b]?, l)));
                    let pairs = (!dynamic.is_empty()).then(|| {
                        let ax = temps[i].expect("made above");
                        let earlier: Vec<(Form, Reg)> = dynamic
                            .iter()
                            .map(|&j| {
                                let a = temps[j].expect("made at the access");
                                (forms[b][j].expect("checked"), a)
                            })
                            .collect();
                        (ax, earlier)
                    });
                    let w1_run = match pairs {
                        Some(_) => {
                            bounds[b].map(|tb| match spans.iter().find(|(c, _)| *c == fx.c) {
                                Some(&(_, r)) => r,
                                None => {
                                    let r = e.span(wave, tb, fx.c);
                                    spans.push((fx.c, r));
                                    r
                                }
                            })
                        }
                        None => None,
                    };
                    let stop = e.check((wave, w1_run), g, limit, &fx, pairs.as_ref());
                    let mut w = inst(Op::WaveSync, pc);
                    w.guard = Some(Guard {
                        reg: stop,
                        negate: false,
                    });
                    out.push(w);
                    added += 1;
                }
            }
            out.push(ins);
        }
        t.k.blocks[b].insts = out;
    }
    if let Some(g) = geom {
        let pc = t.k.blocks[0].insts.first().and_then(|i| i.pc);
        let mut entry = Vec::new();
        let r = Emit {
            t: &mut t,
            out: &mut entry,
            pc,
        }
        .geometry(wave);
        entry.push(inst(
            Op::Mov {
                ty: Type::I1,
                dst: g,
                src: Operand::Reg(r),
            },
            pc,
        ));
        entry.append(&mut t.k.blocks[0].insts);
        t.k.blocks[0].insts = entry;
    }
    drop_unread_copies(t.k, &copies);
    added
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::parse_module;

    fn syncs_before(src: &str) -> (usize, String) {
        let mut m = parse_module(src).expect("parses");
        let k = &mut m.kernels[0];
        let n = insert_wave_syncs(k);
        crate::verify::verify_kernel(k).expect("verifies");
        (n, k.to_string())
    }

    #[test]
    fn exchange_through_shared_memory_waits_between_store_and_load() {
        let (n, text) = syncs_before(
            "kernel @x(%o: i64) {
  reg %t: i32, %a: i32, %v: i32
entry:
  %t = special.tid.x
  %a = shl.i32 %t, 2
  st.shared.b32 [%a], %t
  %a = xor.i32 %a, 4
  %v = ld.shared.b32 [%a]
  %v = ld.shared.b32 [%a+4]
  st.shared.b32 [%a], %v
  exit
}",
        );
        // Before the first load (after a store) and before the last store
        // (after loads); the second load follows a load only.
        assert_eq!(n, 2, "{text}");
        let at: Vec<usize> = text
            .lines()
            .enumerate()
            .filter(|(_, l)| l.trim() == "wavesync")
            .map(|(i, _)| i)
            .collect();
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[at[0] + 1].contains("ld.shared"), "{text}");
        assert!(lines[at[1] + 1].contains("st.shared"), "{text}");
    }

    #[test]
    fn host_calls_wait_for_the_wave_between_them() {
        let (n, text) = syncs_before(
            "kernel @x(%f: i64, %b: i64) {
  reg %r: i32, %t: i32, %q: i1
entry:
  %r = hostcall.printf %f, %b, 0, 0
  %t = special.tid.x
  %r = hostcall.printf %f, %b, 0, 0
  brc %q, more, done
more:
  hostcall.printf %f, %b, 0, 0
  br done
done:
  exit
}",
        );
        // Before the second and the third call; none before the first.
        assert_eq!(n, 2, "{text}");
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        let first = lines.iter().position(|l| l.contains("hostcall")).unwrap();
        assert_ne!(lines[first - 1], "wavesync", "{text}");
        // The text form round-trips.
        let m = parse_module(&text).expect("reparses");
        assert_eq!(m.kernels[0].to_string(), text);
    }

    #[test]
    fn barriers_and_warp_ops_are_sync_points_already() {
        let (n, text) = syncs_before(
            "kernel @x(%o: i64) {
  reg %t: i32, %v: i32
entry:
  %t = special.tid.x
  st.shared.b32 [%t], %t
  barrier
  %v = ld.shared.b32 [%t+4]
  %v = shfl.i32 %v, 1
  st.shared.b32 [%t], %v
  exit
}",
        );
        assert_eq!(n, 0, "{text}");
    }

    #[test]
    fn a_guarded_barrier_does_not_separate_accesses() {
        let (n, text) = syncs_before(
            "kernel @x(%o: i64) {
  reg %t: i32, %v: i32, %p: i1
entry:
  %t = special.tid.x
  %p = icmp.ult.i32 %t, 4
  st.shared.b32 [%t], %t
  @%p barrier
  %v = ld.shared.b32 [%t+4]
  exit
}",
        );
        assert_eq!(n, 1, "{text}");
    }

    #[test]
    fn a_store_in_a_loop_reaches_the_load_at_its_top() {
        let (n, text) = syncs_before(
            "kernel @x(%o: i64) {
  reg %t: i32, %v: i32, %p: i1
entry:
  %t = special.tid.x
  br top
top:
  %v = ld.shared.b32 [%t]
  %v = add.i32 %v, 1
  atom.shared.add.b32.workgroup.relaxed [%t], %v
  %p = icmp.ult.i32 %v, 10
  brc %p, top, done
done:
  exit
}",
        );
        // Before the atomic (after the load) and before the load (after the
        // atomic of the previous iteration).
        assert_eq!(n, 2, "{text}");
    }

    /// A tree step `s[t] += s[t + d]` (d uniform): the store's sync is
    /// checked at run time; the same-slot pairs are decided statically.
    #[test]
    fn a_tree_step_checks_its_sync_at_run_time() {
        let (n, text) = syncs_before(
            "kernel @x(%o: i64, %d: i32) {
  reg %t: i32, %a: i32, %b: i32, %v: i32, %w: i32
entry:
  %t = special.tid.x
  %a = shl.i32 %t, 2
  %b = mad.i32 %d, 4, %a
  %v = ld.shared.b32 [%a]
  %w = ld.shared.b32 [%b]
  %v = add.i32 %v, %w
  st.shared.b32 [%a], %v
  exit
}",
        );
        assert_eq!(n, 1, "{text}");
        assert!(
            text.contains("@%ls.") && text.contains("wavesync"),
            "{text}"
        );
        assert!(!text.lines().any(|l| l.trim() == "wavesync"), "{text}");
        // Only the pair through %b is checked at run time: one distance.
        assert_eq!(text.matches("icmp.sge.i32 %ls.").count(), 1, "{text}");
    }

    /// A scan step reads its neighbour's slot under a predicate (`if (tid >=
    /// off)`, predicated by the compiler): the address is computed under the
    /// guard too. Its copy without the guard gives every lane the address the
    /// check needs, so the store is checked, not synced unconditionally.
    #[test]
    fn a_guarded_access_is_checked_through_its_speculated_address() {
        let src = |store_at: &str| {
            format!(
                "kernel @x(%o: i64, %d: i32) {{
  reg %t: i32, %p: i1, %a: i32, %i: i32, %b: i32, %v: i32, %w: i32
entry:
  %t = special.tid.x
  %p = icmp.uge.i32 %t, %d
  %a = shl.i32 %t, 2
  %v = ld.shared.b32 [%a]
  @%p %i = sub.i32 %t, %d
  @%p %b = shl.i32 %i, 2
  @%p %w = ld.shared.b32 [%b]
  @%p %v = add.i32 %v, %w
  {store_at}
  exit
}}"
            )
        };
        let (n, text) = syncs_before(&src("st.shared.b32 [%a+512], %v"));
        assert_eq!(n, 1, "{text}");
        assert!(!text.lines().any(|l| l.trim() == "wavesync"), "{text}");
        assert!(text.contains("%ls.spec.1 = sub.i32 %t, %d"), "{text}");
        assert!(
            text.contains("%ls.spec.2 = shl.i32 %ls.spec.1, 2"),
            "{text}"
        );
        // Only the pair with the guarded load is checked at run time (the
        // other shares its base register: decided now).
        assert_eq!(text.matches("icmp.sge.i32 %ls.").count(), 1, "{text}");
        // Without a store there is nothing to check: no copies stay.
        let (n, text) = syncs_before(&src("%v = add.i32 %v, 1"));
        assert_eq!(n, 0, "{text}");
        assert!(!text.contains("ls.spec"), "{text}");
    }

    /// sm_75's 32-bit adds and shifts are lifted in 64 bits (`zext`, add or
    /// shift, `trunc`): the truncated address keeps its form, `4·tid + u`
    /// with `u` from a parameter, and the step's sync is checked. A 64-bit
    /// shift right of such a value is not affine: unconditional.
    #[test]
    fn a_32_bit_form_survives_64_bit_arithmetic_and_truncation() {
        let step = |last: &str| {
            format!(
                "kernel @x(%o: i64, %d: i32) {{
  reg %t: i32, %a: i32, %b: i32, %v: i32, %w: i32, %x: i64, %y: i64
entry:
  %t = special.tid.x
  %a = shl.i32 %t, 2
  %b = add.i32 %t, %d
  %x = cvt.zext.i64.i32 %b
  %y = shl.i64 0, 32
  %x = or.i64 %x, %y
  %x = {last}
  %b = cvt.trunc.i32.i64 %x
  %v = ld.shared.b32 [%a]
  %w = ld.shared.b32 [%b]
  %v = add.i32 %v, %w
  st.shared.b32 [%a], %v
  exit
}}"
            )
        };
        let (n, text) = syncs_before(&step("shl.i64 %x, 2"));
        assert_eq!(n, 1, "{text}");
        assert!(!text.lines().any(|l| l.trim() == "wavesync"), "{text}");
        let (n, text) = syncs_before(&step("lshr.i64 %x, 2"));
        assert_eq!(n, 1, "{text}");
        assert!(text.lines().any(|l| l.trim() == "wavesync"), "{text}");
    }

    /// A tree reduction's step `s[t] += s[t + s]` (block `step`, then
    /// `done`), the end of the kernels below.
    const TREE_STEP: &str = "step:
  %b = mad.i32 %d, 4, %a
  %v = ld.shared.b32 [%a]
  %w = ld.shared.b32 [%b]
  %v = add.i32 %v, %w
  st.shared.b32 [%a], %v
  br done
done:
  exit
}";

    /// A step `s[t] += s[t + d]` behind `if (tid < s)`: the lanes that
    /// run it are fewer than `min(s, W)` apart. The pass copies `s` where
    /// the branch compares it (the lifter reuses the register after) and
    /// the check spans that many lanes. A bound the lanes do not all share
    /// (`s` varying) or a compare of something else than `tid.x` gives no
    /// bound.
    #[test]
    fn a_branch_on_tid_below_a_uniform_bounds_the_checked_span() {
        let src = |cmp: &str| {
            format!(
                "kernel @x(%o: i64, %s: i32, %d: i32) {{
  reg %t: i32, %a: i32, %b: i32, %v: i32, %w: i32, %p: i1, %q: i1, %n: i32
entry:
  %t = special.tid.x
  %n = and.i32 %t, 1
  %a = shl.i32 %t, 2
  %p = {cmp}
  %q = xor.i1 %p, 1
  %s = mov.i32 7
  brc %q, done, step
{TREE_STEP}"
            )
        };
        let (n, text) = syncs_before(&src("icmp.ult.i32 %t, %s"));
        assert_eq!(n, 1, "{text}");
        assert!(
            text.contains("%ls.bound.1 = mov.i32 %s") && text.contains("umin.i32 %ls.bound.1, 32"),
            "{text}"
        );
        for other in [
            "icmp.ult.i32 %t, %n",
            "icmp.ult.i32 %a, %s",
            "icmp.ule.i32 %t, %s",
        ] {
            let (n, text) = syncs_before(&src(other));
            assert_eq!(n, 1, "{other}: {text}");
            assert!(!text.contains("ls.bound"), "{other}: {text}");
        }
    }

    /// A tree reduction's step proper, `s[t] += s[t + s]` behind `if (tid <
    /// s)`: the distance is four times the bound, which keeps every lane
    /// below the bound clear of the others' slots until `4·s` wraps, so the
    /// check is only the bound against that limit (no distance per lane);
    /// through a 64-bit address computation (`mulwide`, truncated) and a
    /// second load of the argument (as lifters load it for each use)
    /// alike. Step `s + 1` instead of `s` stays clear too; `s - 1` meets
    /// the next lane as soon as two lanes run: the wave syncs for `s > 1`.
    #[test]
    fn a_step_by_the_bound_itself_checks_only_the_bound() {
        let src = |dist: &str| {
            format!(
                "kernel @x(%o: i64) {{
  reg %t: i32, %a: i32, %b: i32, %v: i32, %w: i32, %p: i1, %z: i64, %k: i32, %d: i32, %s: i32
entry:
  %t = special.tid.x
  %z = mulwide.u32 %t, 4
  %a = cvt.trunc.i32.i64 %z
  %s = ld.param.b32 [0x8]
  %p = icmp.ult.i32 %t, %s
  %k = ld.param.b32 [0x8]
  {dist}
  brc %p, step, done
{TREE_STEP}"
            )
        };
        for dist in ["%d = mov.i32 %s", "%d = mov.i32 %k", "%d = add.i32 %s, 1"] {
            let (n, text) = syncs_before(&src(dist));
            assert_eq!(n, 1, "{dist}: {text}");
            assert!(
                text.contains("icmp.ule.i32 %ls.bound.1, "),
                "{dist}: {text}"
            );
            assert!(!text.contains("icmp.sge"), "{dist}: {text}");
        }
        let (n, text) = syncs_before(&src("%d = sub.i32 %s, 1"));
        assert_eq!(n, 1, "{text}");
        assert!(text.contains("icmp.ule.i32 %ls.bound.1, 1\n"), "{text}");
    }

    /// A ping-pong scan step (read one buffer, write the other, the index
    /// flipping between 0 and 1): the distance `1024·pin - 512` takes two
    /// values, both clear, so no sync and no check; a distance one of whose
    /// values meets a neighbour syncs unconditionally; one over a growing
    /// value (unknown set) is left to the run-time check.
    #[test]
    fn a_ping_pong_index_decides_its_distance_over_both_values() {
        let src = |read: &str| {
            format!(
                "kernel @x(%o: i64) {{
  reg %t: i32, %a: i32, %v: i32, %pin: i32, %r: i32, %w: i32, %n: i32, %p: i1
entry:
  %t = special.tid.x
  %a = shl.i32 %t, 2
  %pin = mov.i32 0
  %n = mov.i32 0
  br step
step:
  {read}
  %r = add.i32 %r, %a
  %v = ld.shared.b32 [%r]
  %pin = sub.i32 1, %pin
  %w = shl.i32 %pin, 9
  %w = add.i32 %w, %a
  st.shared.b32 [%w], %v
  barrier
  %n = add.i32 %n, 1
  %p = icmp.ult.i32 %n, 5
  brc %p, step, done
done:
  exit
}}"
            )
        };
        // Only the workgroup shape's check is left: no unconditional sync,
        // no distance computed.
        let decided = |text: &str| {
            !text.lines().any(|l| l.trim() == "wavesync") && !text.contains("icmp.sge")
        };
        let (_, text) = syncs_before(&src("%r = shl.i32 %pin, 9"));
        assert!(decided(&text), "{text}");
        // pin·512 + 4 against (1 - pin)·512: -508 or 516, both clear.
        let (_, text) = syncs_before(&src("%r = shl.i32 %pin, 9\n  %r = add.i32 %r, 4"));
        assert!(decided(&text), "{text}");
        // 508 - 504·pin against (1 - pin)·512: 8·pin - 4, a neighbour's
        // slot in the written buffer in both phases.
        let (n, text) = syncs_before(&src("%r = mul.i32 %pin, -504\n  %r = add.i32 %r, 508"));
        assert_eq!(n, 1, "{text}");
        assert!(text.lines().any(|l| l.trim() == "wavesync"), "{text}");
        // A growing offset: values unknown, checked at run time.
        let (n, text) = syncs_before(&src("%r = shl.i32 %n, 2"));
        assert_eq!(n, 1, "{text}");
        assert!(text.contains("icmp.sge"), "{text}");
    }

    /// A sync point in a block some lanes skip orders only the lanes that
    /// run it: lane 0 stores in the `if`, waits there with nobody else,
    /// and the others, which skipped it, must still wait for that store
    /// before they read where the branches meet (found by
    /// `tests/tests/lockstep_diff.rs`: they ran ahead and read the old
    /// value). A uniform `if` (no lane skips it alone) keeps the sync's
    /// reset.
    #[test]
    fn a_sync_in_a_divergent_block_orders_only_its_lanes() {
        let src = |cond: &str| {
            format!(
                "kernel @x(%o: i64, %s: i32) {{
  reg %t: i32, %a: i32, %v: i32, %p: i1
entry:
  %t = special.tid.x
  %a = shl.i32 %t, 2
  %p = icmp.ult.i32 {cond}, 1
  brc %p, side, join
side:
  st.shared.b32 [%a+4], %t
  wavesync
  %v = ld.shared.b32 [%a+64]
  br join
join:
  %v = ld.shared.b32 [%a+8]
  exit
}}"
            )
        };
        let join_syncs = |text: &str| {
            let join = &text[text.find("join:").unwrap()..];
            join.lines().filter(|l| l.contains("wavesync")).count()
        };
        let (_, text) = syncs_before(&src("%t"));
        assert_eq!(join_syncs(&text), 1, "{text}");
        let (_, text) = syncs_before(&src("%s"));
        assert_eq!(join_syncs(&text), 0, "{text}");
    }

    /// A GCN lifter's divergent `if (tid < s)`: the branch is on the lane's
    /// EXEC bit, `trunc((((zext(p & e)) << laneid) & mask) >> laneid)` with
    /// `p` the compare: the bit implies `p`, so the step gets the bound. An
    /// `or` instead of the `and` (the bit no longer implies `p`) or a shift
    /// by something else than the lane id gives none.
    #[test]
    fn a_branch_on_the_lanes_exec_bit_bounds_the_checked_span() {
        let src = |join: &str, by: &str| {
            format!(
                "kernel @x(%o: i64, %s: i32, %y: i64, %d: i32) {{
  reg %t: i32, %l: i32, %a: i32, %b: i32, %v: i32, %w: i32, %p: i1, %q: i1, %e: i1, %z: i64, %m: i64, %x: i64
entry:
  %t = special.tid.x
  %l = special.laneid
  %e = mov.i1 1
  %a = shl.i32 %t, 2
  %p = icmp.ult.i32 %t, %s
  %q = and.i1 %p, %e
  %z = cvt.zext.i64.i1 %q
  %x = shl.i64 %z, {by}
  %m = {join}.i64 %x, %y
  %x = lshr.i64 %m, {by}
  %e = cvt.trunc.i1.i64 %x
  brc %e, step, done
{TREE_STEP}"
            )
        };
        let (n, text) = syncs_before(&src("and", "%l"));
        assert_eq!(n, 1, "{text}");
        assert!(
            text.contains("%ls.bound.1 = mov.i32 %s") && text.contains("umin.i32 %ls.bound.1, 32"),
            "{text}"
        );
        for (join, by) in [("or", "%l"), ("and", "%t")] {
            let (n, text) = syncs_before(&src(join, by));
            assert_eq!(n, 1, "{join} {by}: {text}");
            assert!(!text.contains("ls.bound"), "{join} {by}: {text}");
        }
    }

    /// `tid·4 | 0x400` is `tid·4 + 0x400` when the workgroup has at most 256
    /// lanes along x (LLVM writes the `or` when it knows the bits are
    /// disjoint, from the size the kernel declares): the step's sync is
    /// checked. Without the bound (1024 lanes) the bits may meet: the `or`
    /// is not affine, the sync unconditional.
    #[test]
    fn a_disjoint_or_is_a_sum_within_the_declared_size() {
        let src = "kernel @x(%o: i64, %d: i32) {
  reg %t: i32, %a: i32, %c: i32, %b: i32, %v: i32, %w: i32
entry:
  %t = special.tid.x
  %a = shl.i32 %t, 2
  %c = or.i32 %a, 1024
  %b = mad.i32 %d, 4, %c
  %v = ld.shared.b32 [%c]
  %w = ld.shared.b32 [%b]
  %v = add.i32 %v, %w
  st.shared.b32 [%c], %v
  exit
}";
        for (bound, checked) in [(256, true), (257, false), (1024, false)] {
            let mut m = parse_module(src).expect("parses");
            let k = &mut m.kernels[0];
            assert_eq!(insert_wave_syncs_within(k, bound), 1);
            crate::verify::verify_kernel(k).expect("verifies");
            let text = k.to_string();
            let plain = text.lines().any(|l| l.trim() == "wavesync");
            assert_eq!(plain, !checked, "bound {bound}:\n{text}");
        }
    }

    /// A loop bound from a `.uniform` load (gfx942's scalar loads) is the
    /// same in every lane: the loop is not a divergent region, and the
    /// tree step in it keeps its checked sync. A plain global load of the
    /// same address may differ between lanes: unconditional.
    #[test]
    fn a_uniform_load_does_not_make_its_loop_divergent() {
        for (ld, checked) in [("ld.uniform.global", true), ("ld.global", false)] {
            let (n, text) = syncs_before(&format!(
                "kernel @x(%o: i64) {{
  reg %t: i32, %n: i32, %a: i32, %b: i32, %v: i32, %w: i32, %p: i1
entry:
  %t = special.tid.x
  %n = {ld}.b32 [%o]
  %a = shl.i32 %t, 2
  br head
head:
  %n = lshr.i32 %n, 1
  %b = mad.i32 %n, 4, %a
  %v = ld.shared.b32 [%a]
  %w = ld.shared.b32 [%b]
  %v = add.i32 %v, %w
  st.shared.b32 [%a], %v
  barrier
  %p = icmp.ne.i32 %n, 0
  brc %p, head, out
out:
  exit
}}"
            ));
            assert_eq!(n, 1, "{text}");
            let plain = text.lines().any(|l| l.trim() == "wavesync");
            assert_eq!(plain, !checked, "{ld}:\n{text}");
        }
    }

    /// Writing the own slot and reading the neighbour's is decided at
    /// compile time: the lanes meet, the sync is unconditional.
    #[test]
    fn a_neighbour_read_after_a_write_always_syncs() {
        let (n, text) = syncs_before(
            "kernel @x(%o: i64) {
  reg %t: i32, %a: i32, %v: i32
entry:
  %t = special.tid.x
  %a = shl.i32 %t, 2
  st.shared.b32 [%a], %t
  %v = ld.shared.b32 [%a+4]
  exit
}",
        );
        assert_eq!(n, 1, "{text}");
        assert!(text.lines().any(|l| l.trim() == "wavesync"), "{text}");
    }

    /// An address written in a divergent branch is not uniform across the
    /// wave's lanes after it: no check, an unconditional sync.
    #[test]
    fn divergent_offsets_are_not_checked() {
        let (n, text) = syncs_before(
            "kernel @x(%o: i64, %d: i32) {
  reg %t: i32, %a: i32, %b: i32, %v: i32, %p: i1
entry:
  %t = special.tid.x
  %a = shl.i32 %t, 2
  %b = mov.i32 %a
  %p = icmp.ult.i32 %t, 7
  brc %p, more, join
more:
  %b = add.i32 %a, 4
  br join
join:
  %v = ld.shared.b32 [%b]
  st.shared.b32 [%a], %v
  exit
}",
        );
        assert_eq!(n, 1, "{text}");
        assert!(text.lines().any(|l| l.trim() == "wavesync"), "{text}");
    }

    #[test]
    fn kernels_without_shared_accesses_are_untouched() {
        let (n, _) = syncs_before(
            "kernel @x(%o: i64) {
entry:
  st.global.b32 [%o], 1
  exit
}",
        );
        assert_eq!(n, 0);
    }
}
