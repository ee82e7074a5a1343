//! Distances between two shared accesses of a block, as linear expressions
//! over the values they are computed from, and what they tell about a lane
//! bound.
//!
//! The lockstep pass asks whether some lane's access E can overlap another
//! lane's later access X. With both addresses `c·tid.x + u` the answer
//! depends on `D = u_E - u_X` alone; when `D` is a known constant the pass
//! decides at compile time, else it checks at run time. A tree reduction's
//! `s[t] += s[t + T]` under `if (t < T)` has `D = c·T`, which is never in
//! reach of another lane below `T` however large `T` is, as long as `c·T`
//! does not wrap: [`decide`] proves such pairs for every `T` up to a limit,
//! so that the run-time check shrinks to `T <= limit`, one compare of a
//! value the wave shares.
//!
//! Values (their low 32 bits: 64-bit values too, as shared addresses are
//! often computed) are followed back through adds (and `or`s that add),
//! subtractions, copies, extensions, truncations and multiplications and
//! shifts by constants ([`Syms::value`]) to *atoms*: a write that is not such an op, or a
//! register's value where the path back stops being straight. Following
//! back stays sound without SSA because it only crosses (a) a block's own
//! earlier instructions, (b) a block's single predecessor (the two ran one
//! after the other), and (c) the only write reaching the read when it lies
//! in a block no path leads back to (it runs at most once per lane, so
//! its value, and every value it was computed from, is fixed from then
//! on). Two reads that end at the same atom therefore see the same value.
//! Words of the launch's parameters and of constant memory are atoms of
//! their own, by address: lifters load a kernel argument again for each use.

use crate::divergence::Uniformity;
use crate::inst::{Address, BinOp, CvtOp, Op, Operand, Reg};
use crate::kernel::Kernel;
use crate::op;
use crate::types::{Space, Type};

use super::values::ValueSets;

/// A value a [`Sym`] is expressed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Atom {
    /// The value written at this definition site ([`Uniformity`]'s sites).
    Site(usize),
    /// A register's value at the start of this block, where the straight
    /// path back from the read ends.
    Entry(usize, Reg),
    /// The 32-bit word at this address of the launch's parameters (`true`)
    /// or of constant memory: neither changes during a launch.
    Fixed(bool, u64),
}

/// `k + Σ coef·atom`, modulo 2^32 (constants kept as signed 32-bit
/// values; terms sorted by atom, none with a zero coefficient).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Sym {
    k: i64,
    terms: Vec<(Atom, i64)>,
}

/// Wraps to a signed 32-bit value.
fn wrap(v: i64) -> i64 {
    v as i32 as i64
}

impl Sym {
    pub(super) fn konst(v: i64) -> Sym {
        Sym {
            k: wrap(v),
            terms: Vec::new(),
        }
    }

    fn atom(a: Atom) -> Sym {
        Sym {
            k: 0,
            terms: vec![(a, 1)],
        }
    }

    /// `self + m·o`.
    fn add_scaled(mut self, o: &Sym, m: i64) -> Sym {
        self.k = wrap(self.k.wrapping_add(o.k.wrapping_mul(m)));
        for &(a, c) in &o.terms {
            match self.terms.binary_search_by(|t| t.0.cmp(&a)) {
                Ok(p) => self.terms[p].1 = wrap(self.terms[p].1.wrapping_add(c.wrapping_mul(m))),
                Err(p) => self.terms.insert(p, (a, wrap(c.wrapping_mul(m)))),
            }
        }
        self.terms.retain(|t| t.1 != 0);
        self
    }

    fn scale(self, m: i64) -> Sym {
        Sym::konst(0).add_scaled(&self, m)
    }

    /// `self + v`.
    pub(super) fn plus(self, v: i64) -> Sym {
        self.add_scaled(&Sym::konst(v), 1)
    }

    /// `self - o`.
    pub(super) fn minus(self, o: &Sym) -> Sym {
        self.add_scaled(o, -1)
    }

    fn as_konst(&self) -> Option<i64> {
        self.terms.is_empty().then_some(self.k)
    }
}

/// Follows `i32` values back to their atoms (see the module doc).
pub(super) struct Syms<'a> {
    k: &'a Kernel,
    uni: &'a Uniformity,
    /// Each block's predecessors, and the blocks a `ret` continues at.
    preds: &'a [Vec<usize>],
    returns: &'a [usize],
    /// Per block: no path leads from it back to itself.
    acyclic: Vec<bool>,
    /// The small sets of values registers hold ([`super::values`]),
    /// analysed the first time a distance asks.
    sets: std::cell::OnceCell<ValueSets>,
}

/// How far [`Syms::value`] follows a value back.
const DEPTH: u32 = 32;

/// The most values [`Syms::values_of`] enumerates.
const MAX_COMBINATIONS: usize = 4096;

impl<'a> Syms<'a> {
    /// `preds` and `returns`: [`Kernel::predecessors`] and the indices of
    /// [`Kernel::return_blocks`].
    pub(super) fn new(
        k: &'a Kernel,
        uni: &'a Uniformity,
        preds: &'a [Vec<usize>],
        returns: &'a [usize],
    ) -> Syms<'a> {
        let acyclic = (0..k.blocks.len()).map(|b| !k.reaches_itself(b)).collect();
        Syms {
            k,
            uni,
            preds,
            returns,
            acyclic,
            sets: std::cell::OnceCell::new(),
        }
    }

    /// Every value `d` can take (signed 32-bit), when each of its atoms
    /// holds one of a few known values ([`super::values`]); an atom that
    /// appears once is one value in every combination.
    pub(super) fn values_of(&self, d: &Sym) -> Option<Vec<i64>> {
        let mut out = vec![d.k];
        for &(atom, coef) in &d.terms {
            let set = self.atom_values(atom)?;
            if out.len() * set.len() > MAX_COMBINATIONS {
                return None;
            }
            out = out
                .iter()
                .flat_map(|&v| {
                    set.iter()
                        .map(move |&x| wrap(v.wrapping_add(coef.wrapping_mul(wrap(x as i64)))))
                })
                .collect();
            out.sort_unstable();
            out.dedup();
        }
        Some(out)
    }

    /// The values `a` may hold.
    fn atom_values(&self, a: Atom) -> Option<Vec<u64>> {
        let sets = self.sets.get_or_init(|| ValueSets::of(self.k, self.preds));
        match a {
            Atom::Entry(b, r) => sets.at_entry(b, r),
            Atom::Site(x) => {
                // An entry value (no write) is not known.
                let (b, i) = self.uni.site_at(x)?;
                let n = (0..self.k.blocks[b].insts[i].op.defs().len())
                    .find(|&n| self.uni.def_site(b, i, n) == x)?;
                sets.written(self.k, b, i, n)
            }
            Atom::Fixed(..) => None,
        }
    }

    /// `o` as read by instruction `at` of block `b` (`None`: not an integer
    /// value this can follow, or written under a guard on the way).
    pub(super) fn value(&self, b: usize, at: usize, o: Operand) -> Option<Sym> {
        self.read(b, at, o, 0)
    }

    fn read(&self, b: usize, at: usize, o: Operand, depth: u32) -> Option<Sym> {
        let r = match o {
            Operand::Imm(v) => return Some(Sym::konst(v as i64)),
            Operand::Reg(r) => r,
        };
        if depth > DEPTH || !matches!(self.k.reg_type(r), Some(Type::I32 | Type::I64)) {
            return None;
        }
        let insts = &self.k.blocks[b].insts;
        let at = at.min(insts.len());
        if let Some(j) = insts[..at].iter().rposition(|i| i.op.defs().contains(&r)) {
            return self.written(b, j, r, depth);
        }
        // The only write reaching here, made at most once (or the
        // register's value at entry, which never changes before a write).
        if let [x] = self.uni.reaching_sites(self.k, b, at, r)[..] {
            match self.uni.site_at(x) {
                None => return Some(Sym::atom(Atom::Site(x))),
                Some((xb, xi)) if self.acyclic[xb] => return self.written(xb, xi, r, depth),
                Some(_) => {}
            }
        }
        match self.preds[b][..] {
            [p] if b != 0 && p != b && !self.returns.contains(&b) => {
                self.read(p, usize::MAX, o, depth + 1)
            }
            _ => Some(Sym::atom(Atom::Entry(b, r))),
        }
    }

    /// The value instruction `j` of block `b` writes to `r`.
    fn written(&self, b: usize, j: usize, r: Reg, depth: u32) -> Option<Sym> {
        let inst = &self.k.blocks[b].insts[j];
        if inst.guard.is_some() {
            return None;
        }
        let get = |o: Operand| self.read(b, j, o, depth + 1);
        let konst = |o: Operand| match o {
            Operand::Imm(v) => Some(v as i64),
            Operand::Reg(_) => None,
        };
        let int = |t: Type| matches!(t, Type::I32 | Type::I64);
        let linear = match inst.op {
            Op::Mov { ty, src, .. } if int(ty) => Some(get(src)?),
            Op::Bin(op::Bin {
                op, ty, a, b: bo, ..
            }) if int(ty) => match op {
                BinOp::Add => Some(get(a)?.add_scaled(&get(bo)?, 1)),
                BinOp::Sub => Some(get(a)?.add_scaled(&get(bo)?, -1)),
                BinOp::Mul => match (konst(a), konst(bo)) {
                    (_, Some(m)) => Some(get(a)?.scale(m)),
                    (Some(m), _) => Some(get(bo)?.scale(m)),
                    _ => None,
                },
                BinOp::Shl => match konst(bo) {
                    Some(s) if s < 32 => Some(get(a)?.scale(1 << s)),
                    // Nothing of `a` is left in the low 32 bits.
                    Some(s) if s < ty.bits() as i64 => Some(Sym::konst(0)),
                    _ => None,
                },
                // `x | k` where `x`'s bits stay below `k`'s (LLVM's `or`
                // for an add it knows does not carry).
                BinOp::Or if ty == Type::I32 => match (a, bo) {
                    (x, Operand::Imm(v)) | (Operand::Imm(v), x)
                        if self.uni.or_is_add(self.k, b, j, &x, v) =>
                    {
                        Some(get(x)?.plus(v as i64))
                    }
                    _ => None,
                },
                _ => None,
            },
            // The low 32 bits of a 64-bit value come from its operands' low
            // 32 bits alone (for these ops and their extensions).
            Op::Cvt(op::Cvt {
                op: CvtOp::Trunc | CvtOp::Zext | CvtOp::Sext,
                to,
                from,
                src,
                ..
            }) if int(to) && int(from) => Some(get(src)?),
            Op::MulWide(op::MulWide { a, b: bo, .. }) => match (konst(a), konst(bo)) {
                (_, Some(m)) => Some(get(a)?.scale(m)),
                (Some(m), _) => Some(get(bo)?.scale(m)),
                _ => None,
            },
            Op::Mad(op::Mad {
                ty, a, b: bo, c, ..
            }) if int(ty) => {
                let prod = match (konst(a), konst(bo)) {
                    (_, Some(m)) => get(a)?.scale(m),
                    (Some(m), _) => get(bo)?.scale(m),
                    _ => return self.site(b, j, r),
                };
                Some(prod.add_scaled(&get(c)?, 1))
            }
            // Read-only memory at a fixed address: the same word wherever
            // it is loaded (a kernel argument the lifter loads again).
            Op::Load(op::Load {
                space: space @ (Space::Param | Space::Const),
                mem,
                addr:
                    Address::Flat {
                        base: Operand::Imm(a),
                        offset,
                    },
                ref dsts,
                ..
            }) if mem.kind.bytes() == 4 => {
                let n = dsts.iter().position(|d| *d == r)? as u64;
                let at = a.wrapping_add(offset as u64).wrapping_add(4 * n);
                return Some(Sym::atom(Atom::Fixed(space == Space::Param, at)));
            }
            _ => None,
        };
        match linear {
            Some(s) => Some(s),
            None => self.site(b, j, r),
        }
    }

    fn site(&self, b: usize, j: usize, r: Reg) -> Option<Sym> {
        let n = self.k.blocks[b].insts[j]
            .op
            .defs()
            .iter()
            .position(|d| *d == r)?;
        Some(Sym::atom(Atom::Site(self.uni.def_site(b, j, n))))
    }
}

/// What is known of whether two accesses of different lanes can overlap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Decision {
    /// They cannot, or some two lanes' do (known at compile time).
    Known(bool),
    /// They cannot while the lane bound `T` is at most this (unsigned).
    UpTo(u32),
    /// Only a run-time check of the distance can tell.
    Dynamic,
}

/// Whether lanes fewer than `n` apart can make overlapping accesses E and
/// X (distance `d = u_E - u_X`, stride `c`, lengths `le`, `lx`): the
/// lockstep pass's rule, for a wave of `n` lanes.
pub(super) fn disjoint(d: i64, c: i64, n: i64, le: i64, lx: i64) -> bool {
    let w1 = c * (n - 1);
    (lx - c..=c - le).contains(&d) || d >= w1 + lx || d <= -w1 - le
}

/// Decides a pair from its distance `d`, the lane bound `t` (`tid.x < T` in
/// every lane that runs the block) when there is one, the wave size `w`,
/// the stride `c` and the lengths.
pub(super) fn decide(d: &Sym, t: Option<&Sym>, w: i64, c: i64, le: i64, lx: i64) -> Decision {
    if let Some(d) = d.as_konst() {
        return Decision::Known(disjoint(d, c, span(t, w), le, lx));
    }
    let Some(t) = t else {
        return Decision::Dynamic;
    };
    // `T = A + t0` and `d = a·A + b`, one atom `A`: `d = a·T + (b - a·t0)`.
    let ([(ta, 1)], [(da, a)]) = (&t.terms[..], &d.terms[..]) else {
        return Decision::Dynamic;
    };
    if ta != da {
        return Decision::Dynamic;
    }
    let (a, b) = (*a, d.k - a * t.k);
    // Up to `limit`, `a·T + b` is exact in 32 bits, with room for the
    // lanes' spread on either side.
    let room = (1i64 << 31) - 1 - c * (w - 1) - le.max(lx) - c - b.abs();
    if room < a.abs() {
        return Decision::Dynamic;
    }
    let limit = (room / a.abs()).min(u32::MAX as i64);
    // The bounds from 1 up to the first that lets two lanes overlap (a
    // larger one syncs: never wrong, and tree steps stop well before).
    let at = |t: i64| a * t + b;
    // Below the wave size the lanes are fewer than `T` apart.
    let first_bad = (1..w.min(limit + 1))
        .find(|&t| !disjoint(at(t), c, t, le, lx))
        .or_else(|| first_overlap(a, b, (w, limit), c * (w - 1), c, le, lx));
    match first_bad {
        Some(1) => Decision::Dynamic,
        Some(t) => Decision::UpTo((t - 1) as u32),
        None => Decision::UpTo(limit as u32),
    }
}

/// How many lanes of a `w`-lane wave can make the accesses: below a
/// constant lane bound `t`, fewer.
fn span(t: Option<&Sym>, w: i64) -> i64 {
    match t.and_then(Sym::as_konst) {
        Some(t) if t >= 1 => t.min(w),
        _ => w,
    }
}

/// Decides a pair whose distance takes one of `values` (each the same in
/// every lane of the wave at a time): clear when every one is, an
/// unconditional sync when none is, else a run-time check. `t`, `w`, `c`,
/// `le`, `lx` as for [`decide`].
pub(super) fn decide_values(
    values: &[i64],
    t: Option<&Sym>,
    w: i64,
    c: i64,
    le: i64,
    lx: i64,
) -> Decision {
    let n = span(t, w);
    let clear = values
        .iter()
        .filter(|&&d| disjoint(d, c, n, le, lx))
        .count();
    if clear == values.len() {
        Decision::Known(true)
    } else if clear == 0 {
        Decision::Known(false)
    } else {
        Decision::Dynamic
    }
}

/// The least `T` in `lo..=hi` for which `disjoint(a·T + b, ..)` fails,
/// with `w1` the lanes' spread: the first that puts the distance into
/// either open interval the rule excludes.
fn first_overlap(
    a: i64,
    b: i64,
    (lo, hi): (i64, i64),
    w1: i64,
    c: i64,
    le: i64,
    lx: i64,
) -> Option<i64> {
    let bad = [(-w1 - le, lx - c), (c - le, w1 + lx)];
    bad.iter()
        .filter_map(|&(p, q)| {
            // Integers T with p < a·T + b < q.
            let (x, y) = (p - b, q - b);
            let (t0, t1) = if a > 0 {
                (x.div_euclid(a) + 1, (y - 1).div_euclid(a))
            } else {
                // p < -|a|·T + b < q  <=>  -y < |a|·T < -x
                let a = -a;
                ((-y).div_euclid(a) + 1, (-x - 1).div_euclid(a))
            };
            let (from, to) = (t0.max(lo), t1.min(hi));
            (from <= to).then_some(from)
        })
        .min()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `T` and the distances of a tree step, as atoms.
    fn t() -> Sym {
        Sym::atom(Atom::Site(7))
    }

    #[test]
    fn a_tree_step_is_disjoint_for_every_bound_up_to_the_limit() {
        // s[t] and s[t + T], 4 bytes a lane.
        let d = t().scale(4);
        let Decision::UpTo(limit) = decide(&d, Some(&t()), 32, 4, 4, 4) else {
            panic!("not bounded");
        };
        // Checked against the rule itself, around the wave size and limit.
        for tv in (1..200).chain(limit as i64 - 5..=limit as i64) {
            assert!(disjoint(4 * tv, 4, tv.min(32), 4, 4), "T = {tv}");
        }
        // Past the limit `4·T` would wrap.
        assert!(4 * (limit as i64 + 1) + 4 * 31 + 8 > i32::MAX as i64);
        // The other array of a two-array step: d = -4·T - 1024.
        let d = t().scale(-4).plus(-1024);
        assert!(matches!(
            decide(&d, Some(&t()), 32, 4, 4, 4),
            Decision::UpTo(_)
        ));
    }

    #[test]
    fn a_distance_that_meets_another_lane_is_safe_only_below_that_bound() {
        // s[t] and s[t + T - 8]: for T = 1 lane 0 alone; from T = 2 on, lane
        // 0's s[T - 8] is another lane's slot once T > 8 ... (checked below).
        let d = t().scale(4).plus(-32);
        let got = decide(&d, Some(&t()), 32, 4, 4, 4);
        let first_bad = (1..1000)
            .find(|&tv: &i64| !disjoint(4 * tv - 32, 4, tv.min(32), 4, 4))
            .unwrap();
        match got {
            Decision::UpTo(l) => assert_eq!(l as i64, first_bad - 1),
            Decision::Dynamic => assert_eq!(first_bad, 1),
            other => panic!("{other:?}"),
        }
        // The other array of a 256-entry two-array step, `mx[t]` against
        // `s[t + T]` (d = 4·T - 1024): safe up to T = 224 in a wave of 32.
        let d = t().scale(4).plus(-1024);
        assert_eq!(decide(&d, Some(&t()), 32, 4, 4, 4), Decision::UpTo(224));
        // s[t] and s[t + T/2]-like terms in another atom: not this rule's.
        let other = Sym::atom(Atom::Site(8)).scale(4);
        assert_eq!(decide(&other, Some(&t()), 32, 4, 4, 4), Decision::Dynamic);
        // Without a bound nothing is known of T.
        assert_eq!(decide(&t().scale(4), None, 32, 4, 4, 4), Decision::Dynamic);
    }

    #[test]
    fn the_linear_rule_agrees_with_the_pointwise_rule() {
        for a in [-12i64, -4, -1, 1, 3, 4, 8] {
            for b in [-1300i64, -300, -64, -4, 0, 4, 60, 128, 1024] {
                let (lo, hi) = (32, 400);
                let fast = first_overlap(a, b, (lo, hi), 4 * 31, 4, 4, 4);
                let slow = (lo..=hi).find(|&t| !disjoint(a * t + b, 4, 32, 4, 4));
                assert_eq!(fast, slow, "a = {a}, b = {b}");
            }
        }
    }

    #[test]
    fn constant_distances_use_a_constant_bound() {
        // Two lanes below T = 2 are 1 apart: 4 bytes apart, 8 bytes
        // distance clears them; with a full wave it would not.
        let d = Sym::konst(8);
        assert_eq!(
            decide(&d, Some(&Sym::konst(2)), 32, 4, 4, 4),
            Decision::Known(true)
        );
        assert_eq!(decide(&d, None, 32, 4, 4, 4), Decision::Known(false));
    }
}
