//! Small sets of the values a register can hold, for the distances the
//! lockstep pass cannot reduce to a constant.
//!
//! A ping-pong scan's buffer index alternates (`pin = 1 - pin`, from 0), so
//! the distance between its read of one buffer and its write of the other is
//! `1024·pin - 512`: not a constant, yet never within reach of another lane.
//! A forward analysis over the whole kernel gives each register, at each
//! block's entry, the set of values it may hold there (in any lane, at any
//! time), as long as that set stays small: constants, and the values copies,
//! adds, subtractions, multiplications, shifts, logic, selects and integer
//! conversions compute from small sets. Anything else, or a set that grows
//! past [`MAX`], is unknown.

use crate::inst::{BinOp, CvtOp, Op, Operand, Reg};
use crate::kernel::Kernel;
use crate::op;
use crate::types::Type;

/// The most values a set holds before it counts as unknown.
pub(super) const MAX: usize = 64;

/// The values a register may hold (bits masked to its type), or `None`:
/// unknown.
pub(super) type Set = Option<Vec<u64>>;

/// Each block's in-state: per register, its [`Set`] at the block's entry.
pub(super) struct ValueSets {
    input: Vec<Vec<Set>>,
}

fn mask(ty: Type, v: u64) -> u64 {
    v & ty.mask()
}

/// The set of the values in `v`, unknown past [`MAX`].
fn set_of(mut v: Vec<u64>) -> Set {
    v.sort_unstable();
    v.dedup();
    (v.len() <= MAX).then_some(v)
}

/// `a ∪ b`, unknown past [`MAX`].
fn join(a: &Set, b: &Set) -> Set {
    let (a, b) = (a.as_ref()?, b.as_ref()?);
    set_of(a.iter().chain(b).copied().collect())
}

/// `f` over every pair of `a` and `b`, unknown past [`MAX`].
fn pairs(a: &Set, b: &Set, f: impl Fn(u64, u64) -> Option<u64>) -> Set {
    let (a, b) = (a.as_ref()?, b.as_ref()?);
    if a.len() * b.len() > MAX * MAX {
        return None;
    }
    let mut v = Vec::with_capacity(a.len() * b.len());
    for &x in a {
        for &y in b {
            v.push(f(x, y)?);
        }
    }
    set_of(v)
}

/// Whether registers of `ty` are followed.
fn tracked(ty: Option<Type>) -> bool {
    matches!(ty, Some(Type::I8 | Type::I16 | Type::I32 | Type::I64))
}

impl ValueSets {
    /// The analysis of `k` (every set unknown in a kernel with calls: a
    /// return's successors are not in the graph).
    pub(super) fn of(k: &Kernel, preds: &[Vec<usize>]) -> ValueSets {
        let n = k.blocks.len();
        let unknown = vec![None; k.regs.len()];
        if k.has_calls() || n == 0 {
            return ValueSets {
                input: vec![unknown; n],
            };
        }
        // A worklist over the blocks reached from the entry: every set only
        // grows (or becomes unknown) and is bounded by MAX, so this ends.
        let mut input: Vec<Vec<Set>> = vec![unknown.clone(); n];
        let mut out: Vec<Option<Vec<Set>>> = vec![None; n];
        let mut work = std::collections::VecDeque::from([0usize]);
        let mut queued = vec![false; n];
        queued[0] = true;
        while let Some(b) = work.pop_front() {
            queued[b] = false;
            // The entry's registers hold whatever a launch or state gave them.
            let st = if b == 0 {
                unknown.clone()
            } else {
                let mut st: Option<Vec<Set>> = None;
                for o in preds[b].iter().filter_map(|&p| out[p].as_ref()) {
                    st = Some(match st {
                        None => o.clone(),
                        Some(s) => s.iter().zip(o).map(|(x, y)| join(x, y)).collect(),
                    });
                }
                st.unwrap_or_else(|| unknown.clone())
            };
            let o = transfer(k, b, st.clone(), usize::MAX);
            input[b] = st;
            if out[b].as_ref() != Some(&o) {
                out[b] = Some(o);
                for s in k.blocks[b].term.successors() {
                    let s = s.0 as usize;
                    if s < n && !queued[s] {
                        queued[s] = true;
                        work.push_back(s);
                    }
                }
            }
        }
        ValueSets { input }
    }

    /// The set of `r` at the entry of block `b`.
    pub(super) fn at_entry(&self, b: usize, r: Reg) -> Set {
        self.input.get(b)?.get(r.0 as usize)?.clone()
    }

    /// The set the `n`-th register written by instruction `i` of block `b`
    /// gets there.
    pub(super) fn written(&self, k: &Kernel, b: usize, i: usize, n: usize) -> Set {
        let st = transfer(k, b, self.input.get(b)?.clone(), i + 1);
        let r = *k.blocks[b].insts[i].op.defs().get(n)?;
        st.get(r.0 as usize)?.clone()
    }
}

/// Block `b`'s instructions before `end` applied to `st`.
fn transfer(k: &Kernel, b: usize, mut st: Vec<Set>, end: usize) -> Vec<Set> {
    let insts = &k.blocks[b].insts;
    for inst in &insts[..end.min(insts.len())] {
        let defs = inst.op.defs();
        let new = match defs[..] {
            [d] if tracked(k.reg_type(d)) => eval(k, &inst.op, &st),
            _ => None,
        };
        for d in defs {
            let Some(slot) = st.get_mut(d.0 as usize) else {
                continue;
            };
            *slot = match (&inst.guard, tracked(k.reg_type(d))) {
                (_, false) => None,
                // A guarded write may not happen: either value.
                (Some(_), true) => join(slot, &new),
                (None, true) => new.clone(),
            };
        }
    }
    st
}

/// The set of `o` in state `st`, as a value of type `ty`.
fn operand(k: &Kernel, st: &[Set], o: Operand, ty: Type) -> Set {
    match o {
        Operand::Imm(v) => Some(vec![mask(ty, v)]),
        Operand::Reg(r) if tracked(k.reg_type(r)) => st.get(r.0 as usize)?.clone(),
        Operand::Reg(_) => None,
    }
}

/// The set the single-result `op` writes.
fn eval(k: &Kernel, op: &Op, st: &[Set]) -> Set {
    let get = |o: Operand, ty: Type| operand(k, st, o, ty);
    match *op {
        Op::Mov { ty, src, .. } => get(src, ty),
        Op::Select(op::Select { ty, a, b, .. }) => join(&get(a, ty), &get(b, ty)),
        Op::Bin(op::Bin { op, ty, a, b, .. }) => {
            let bits = ty.bits() as u64;
            let f = move |x: u64, y: u64| -> Option<u64> {
                let v = match op {
                    BinOp::Add => x.wrapping_add(y),
                    BinOp::Sub => x.wrapping_sub(y),
                    BinOp::Mul => x.wrapping_mul(y),
                    BinOp::And => x & y,
                    BinOp::Or => x | y,
                    BinOp::Xor => x ^ y,
                    BinOp::Shl if y < bits => x << y,
                    BinOp::LShr if y < bits => x >> y,
                    _ => return None,
                };
                Some(mask(ty, v))
            };
            pairs(&get(a, ty), &get(b, ty), f)
        }
        Op::Cvt(op::Cvt {
            op: c @ (CvtOp::Zext | CvtOp::Trunc | CvtOp::Sext),
            to,
            from,
            src,
            ..
        }) if from.is_int() && to.is_int() => {
            let fb = from.bits();
            set_of(
                get(src, from)?
                    .into_iter()
                    .map(|x| match c {
                        CvtOp::Sext if fb < 64 && (x >> (fb - 1)) & 1 == 1 => {
                            mask(to, x | !from.mask())
                        }
                        _ => mask(to, x),
                    })
                    .collect(),
            )
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::parse_module;

    /// A kernel with registers `a`, `b`, `t` (i32) and `p` (i1), numbered
    /// 0..4 in that order.
    fn kernel(body: &str) -> Kernel {
        let text = format!(
            "kernel @k() wave 32 shared 1024 local 0 params 0 {{\n  reg %a: i32, %b: i32, %t: i32, %p: i1\n{body}}}\n"
        );
        parse_module(&text)
            .unwrap_or_else(|e| panic!("{e}\n{text}"))
            .kernels
            .remove(0)
    }

    const A: Reg = Reg(0);
    const B: Reg = Reg(1);

    /// A branch on the lane id, so that both successors are reached.
    const SPLIT: &str = "  %t = special.laneid\n  %p = icmp.ult.i32 %t, 3\n";

    #[test]
    fn a_ping_pong_index_is_zero_or_one() {
        let k = kernel(&format!(
            "entry:\n  %a = mov.i32 0\n  br l\nl:\n  %b = shl.i32 %a, 9\n  %a = sub.i32 1, %a\n{SPLIT}  brc %p, l, done\ndone:\n  exit\n"
        ));
        let vs = ValueSets::of(&k, &k.predecessors());
        assert_eq!(vs.at_entry(1, A), Some(vec![0, 1]));
        assert_eq!(vs.at_entry(2, B), Some(vec![0, 512]));
        assert_eq!(vs.at_entry(2, A), Some(vec![0, 1]));
        assert_eq!(vs.written(&k, 1, 1, 0), Some(vec![0, 1]));
    }

    #[test]
    fn a_growing_value_is_unknown() {
        let k = kernel(&format!(
            "entry:\n  %a = mov.i32 1\n  br l\nl:\n  %a = shl.i32 %a, 1\n{SPLIT}  brc %p, l, done\ndone:\n  exit\n"
        ));
        let vs = ValueSets::of(&k, &k.predecessors());
        // 1, 2, 4, ..., 2^31, 0: a power of two or 0.
        let powers: Vec<u64> = std::iter::once(0).chain((0..32).map(|s| 1 << s)).collect();
        assert_eq!(vs.at_entry(1, A), Some(powers));
        // 1, 4, 7, ...: more than MAX values.
        let k = kernel(&format!(
            "entry:\n  %a = mov.i32 1\n  br l\nl:\n  %a = add.i32 %a, 3\n{SPLIT}  brc %p, l, done\ndone:\n  exit\n"
        ));
        let vs = ValueSets::of(&k, &k.predecessors());
        assert_eq!(vs.at_entry(1, A), None);
        // A value read before any write is unknown; so is a load.
        let k = kernel("entry:\n  %b = add.i32 %a, 1\n  %t = ld.shared.b32 [0]\n  exit\n");
        let vs = ValueSets::of(&k, &k.predecessors());
        assert_eq!(vs.written(&k, 0, 0, 0), None);
        assert_eq!(vs.written(&k, 0, 1, 0), None);
    }

    #[test]
    fn a_guarded_write_keeps_the_old_value_too() {
        let k = kernel(&format!(
            "entry:\n  %a = mov.i32 3\n{SPLIT}  @%p %a = mov.i32 7\n  %b = select.i32 %p, %a, 100\n  br done\ndone:\n  exit\n"
        ));
        let vs = ValueSets::of(&k, &k.predecessors());
        assert_eq!(vs.at_entry(1, A), Some(vec![3, 7]));
        assert_eq!(vs.at_entry(1, B), Some(vec![3, 7, 100]));
    }

    #[test]
    fn conversions_follow_the_bits() {
        let text = "kernel @k() wave 32 shared 0 local 0 params 0 {
  reg %h: i16, %x: i32, %y: i32, %z: i16
entry:
  %h = mov.i16 65535
  %x = cvt.sext.i32.i16 %h
  %y = cvt.zext.i32.i16 %h
  %z = cvt.trunc.i16.i32 %x
  exit
}
";
        let k = parse_module(text).expect("parses").kernels.remove(0);
        let vs = ValueSets::of(&k, &k.predecessors());
        assert_eq!(vs.written(&k, 0, 1, 0), Some(vec![0xffff_ffff]));
        assert_eq!(vs.written(&k, 0, 2, 0), Some(vec![0xffff]));
        assert_eq!(vs.written(&k, 0, 3, 0), Some(vec![0xffff]));
    }
}
