//! Guards whose value is known where they are read.
//!
//! Lifters guard what the machine predicates: gfx942 puts every VGPR write
//! and vector memory access under the lane's EXEC bit, sm_75 lifts `@P0`.
//! Once the branches around such code are per lane (the gfx942 `lanemask`
//! pass, an sm_75 `@!P0 BRA` over the `@P0` instructions), the guard is
//! often already known where the instruction runs: the block is only
//! entered along the edge on which the branch found it true. A guarded pure
//! instruction costs the engines a select, a guarded memory access a branch,
//! and the lockstep pass's divergence analysis sees a guarded write as a
//! varying merge of the old and the new value. [`drop_known_guards`] removes
//! each guard that a forward data-flow over the control flow proves true:
//! the instruction then runs exactly as before, unguarded.
//!
//! A fact `r = v` holds at a point when every path from the kernel's entry
//! there passes a conditional branch that went the way `r = v` (or a
//! definition of `r` as the constant `v`), with no write of `r` since. A
//! branch on a copy of a register (`mov.i1`, `xor.i1 .., 1`,
//! `icmp.{ne,eq}.i1 .., 0` in the same block, source not written since) also
//! teaches the source's value. The kernel's entry and every block a `ret`
//! may continue at know nothing.

use crate::inst::{BinOp, ICond, Op, Operand, Reg, Term};
use crate::kernel::Kernel;
use crate::op;
use crate::types::Type;

/// What is known of each register at a point (`None`: nothing).
type Facts = Vec<Option<bool>>;

/// Per block: the registers written in it so far that are copies of another
/// `i1` register, `(copy, source, negated)` (a few per block).
type Copies = Vec<(Reg, Reg, bool)>;

/// The source `r` is a copy of, if it is one.
fn source_of(copies: &Copies, r: Reg) -> Option<(Reg, bool)> {
    copies
        .iter()
        .find(|c| c.0 == r)
        .map(|&(_, src, neg)| (src, neg))
}

/// Removes every guard known true where its instruction runs; returns how
/// many.
pub fn drop_known_guards(k: &mut Kernel) -> usize {
    let facts = entry_facts(k);
    let mut removed = 0;
    for (bi, block) in k.blocks.iter_mut().enumerate() {
        let Some(mut known) = facts[bi].clone() else {
            continue; // unreachable
        };
        let mut copies = Copies::new();
        for inst in &mut block.insts {
            if let Some(g) = inst.guard {
                if value(&known, &copies, g.reg) == Some(!g.negate) {
                    inst.guard = None;
                    removed += 1;
                }
            }
            transfer(&inst.op, inst.guard.is_some(), &mut known, &mut copies);
        }
    }
    removed
}

/// The facts at each block's entry (`None`: not reachable from the entry).
fn entry_facts(k: &Kernel) -> Vec<Option<Facts>> {
    let n = k.blocks.len();
    let nregs = k.regs.len();
    let mut at: Vec<Option<Facts>> = vec![None; n];
    let unknown: Facts = vec![None; nregs];
    let mut work = Vec::new();
    if n > 0 {
        at[0] = Some(unknown.clone());
        work.push(0usize);
    }
    // A `ret` continues at these from anywhere: nothing is known there.
    for r in k.return_blocks() {
        let i = r.0 as usize;
        if i < n && at[i].is_none() {
            at[i] = Some(unknown.clone());
            work.push(i);
        }
    }
    while let Some(bi) = work.pop() {
        let Some(mut known) = at[bi].clone() else {
            continue;
        };
        let b = &k.blocks[bi];
        let mut copies = Copies::new();
        for inst in &b.insts {
            transfer(&inst.op, inst.guard.is_some(), &mut known, &mut copies);
        }
        let edges: Vec<(usize, Option<(Reg, bool)>)> = match &b.term {
            Term::BrCond { cond, then_, else_ } if then_ != else_ => vec![
                (then_.0 as usize, Some((*cond, true))),
                (else_.0 as usize, Some((*cond, false))),
            ],
            t => t
                .successors()
                .into_iter()
                .map(|s| (s.0 as usize, None))
                .collect(),
        };
        for (s, learn) in edges {
            let mut out = known.clone();
            if let Some((r, v)) = learn {
                teach(&mut out, &copies, r, v);
            }
            let new = match &at[s] {
                None => out,
                Some(old) => old
                    .iter()
                    .zip(&out)
                    .map(|(a, b)| if a == b { *a } else { None })
                    .collect(),
            };
            if at[s].as_ref() != Some(&new) {
                at[s] = Some(new);
                work.push(s);
            }
        }
    }
    at
}

/// Records `r = v` and what it says of the registers `r` copies.
fn teach(known: &mut Facts, copies: &Copies, mut r: Reg, mut v: bool) {
    // Copy chains are short; the bound only guards against a cycle.
    for _ in 0..8 {
        known[r.0 as usize] = Some(v);
        match source_of(copies, r) {
            Some((src, neg)) => {
                r = src;
                v ^= neg;
            }
            None => return,
        }
    }
}

/// The value of `r` if known, directly or through the copies it is of.
fn value(known: &Facts, copies: &Copies, mut r: Reg) -> Option<bool> {
    let mut flip = false;
    for _ in 0..8 {
        if let Some(v) = known[r.0 as usize] {
            return Some(v ^ flip);
        }
        let (src, neg) = source_of(copies, r)?;
        r = src;
        flip ^= neg;
    }
    None
}

/// What one instruction does to the facts and copies: a written register is
/// no longer known (unless it is an unguarded `i1` constant or copy), and
/// nothing remains a copy of it.
fn transfer(op: &Op, guarded: bool, known: &mut Facts, copies: &mut Copies) {
    for r in op.defs() {
        known[r.0 as usize] = None;
        copies.retain(|&(copy, src, _)| copy != r && src != r);
    }
    if guarded {
        return;
    }
    match *op {
        Op::Mov {
            ty: Type::I1,
            dst,
            src: Operand::Imm(v),
        } => known[dst.0 as usize] = Some(v & 1 != 0),
        _ => {
            if let Some((dst, src, neg)) = copy(op) {
                if src != dst {
                    copies.push((dst, src, neg));
                }
            }
        }
    }
}

/// `(dst, src, negated)` when `op` makes `dst` a copy of the `i1` register
/// `src` or of its negation (`mov`, `xor` with 1 or 0, `and` with 1, as
/// sm_75's predicate lifting writes, `icmp.{eq,ne}` with 0).
pub(crate) fn copy(op: &Op) -> Option<(Reg, Reg, bool)> {
    match *op {
        Op::Mov {
            ty: Type::I1,
            dst,
            src: Operand::Reg(s),
        } => Some((dst, s, false)),
        Op::Bin(op::Bin {
            op: BinOp::And,
            ty: Type::I1,
            dst,
            a: Operand::Reg(s),
            b: Operand::Imm(1),
        })
        | Op::Bin(op::Bin {
            op: BinOp::And,
            ty: Type::I1,
            dst,
            a: Operand::Imm(1),
            b: Operand::Reg(s),
        }) => Some((dst, s, false)),
        Op::Bin(op::Bin {
            op: BinOp::Xor,
            ty: Type::I1,
            dst,
            a,
            b,
        }) => match (a, b) {
            (Operand::Reg(s), Operand::Imm(1)) | (Operand::Imm(1), Operand::Reg(s)) => {
                Some((dst, s, true))
            }
            (Operand::Reg(s), Operand::Imm(0)) | (Operand::Imm(0), Operand::Reg(s)) => {
                Some((dst, s, false))
            }
            _ => None,
        },
        Op::ICmp(op::ICmp {
            cond: cond @ (ICond::Ne | ICond::Eq),
            ty: Type::I1,
            dst,
            a,
            b,
        }) => match (a, b) {
            (Operand::Reg(s), Operand::Imm(0)) | (Operand::Imm(0), Operand::Reg(s)) => {
                Some((dst, s, cond == ICond::Eq))
            }
            _ => None,
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::{parse_kernel, print_kernel};

    /// Drops the known guards of a kernel whose entry block starts with
    /// `%x = tid.x` and `%p = %x < 10` (`regs` declares more registers after
    /// `%x` and `%p`, `body` follows); returns how many guards are left and
    /// the kernel's text.
    fn guards_left(regs: &str, body: &str) -> (usize, String) {
        let src = format!(
            "kernel @k(%a: i64) wave 32 shared 0 local 0 params 8 {{\n  reg %x: i32, %p: i1{regs}\n\
             entry:\n  %x = special.tid.x\n  %p = icmp.ult.i32 %x, 10\n{body}\n}}"
        );
        let mut k = parse_kernel(&src).expect("parses");
        drop_known_guards(&mut k);
        let text = print_kernel(&k);
        (
            text.lines()
                .filter(|l| l.trim_start().starts_with('@'))
                .count(),
            text,
        )
    }

    #[test]
    fn a_guard_the_branch_into_the_block_proves_goes() {
        let (n, text) = guards_left(
            ", %q: i1",
            "  %q = xor.i1 %p, 1
  brc %q, out, body
body:
  @%p %x = add.i32 %x, 1
  @!%q st.global.b32 [%a], %x
  @!%p st.global.b32 [%a], %x
  br out
out:
  @%p st.global.b32 [%a], %x
  exit",
        );
        // body: %p and !%q are known true (the branch went to body because
        // %q, the negation of %p, was false); !%p stays (known false: the
        // instruction never runs, which is left as it is). out: reached
        // both ways, nothing known.
        assert_eq!(n, 2, "{text}");
        assert!(text.contains("@!%p st.global"), "{text}");
        assert!(text.contains("out:\n  @%p st.global"), "{text}");
    }

    #[test]
    fn a_write_between_the_branch_and_the_guard_forgets_it() {
        let (n, text) = guards_left(
            "",
            "  brc %p, body, out
body:
  @%p %x = add.i32 %x, 1
  %p = icmp.ult.i32 %x, 5
  @%p st.global.b32 [%a], %x
  br body2
body2:
  @%p st.global.b32 [%a], %x
  br out
out:
  exit",
        );
        assert_eq!(n, 2, "{text}");
        assert!(text.contains("body:\n  %x = add.i32"), "{text}");
    }

    #[test]
    fn loops_and_joins_keep_only_what_every_path_proves() {
        // The loop head is entered from the entry, where p is true, and
        // from the latch.
        let head =
            "  brc %p, head, out\nhead:\n  @%p st.global.b32 [%a], %x\n  %x = add.i32 %x, 1\n";
        for (latch, left, why) in [
            (
                "  %p = icmp.ult.i32 %x, 20\n  %c = icmp.ult.i32 %x, 30\n  brc %c, head, out",
                1,
                "p is rewritten and the latch tests another register",
            ),
            (
                "  %p = icmp.ult.i32 %x, 20\n  brc %p, head, out",
                0,
                "the latch branches back on p itself",
            ),
            (
                "  %c = icmp.ult.i32 %x, 20\n  brc %c, head, out",
                0,
                "nothing in the loop writes p",
            ),
        ] {
            let (n, text) = guards_left(", %c: i1", &format!("{head}{latch}\nout:\n  exit"));
            assert_eq!(n, left, "{why}\n{text}");
        }
    }

    #[test]
    fn a_return_continuation_knows_nothing() {
        let (n, text) = guards_left(
            "",
            "  brc %p, caller, out
caller:
  call f, after
after:
  @%p st.global.b32 [%a], %x
  br out
f:
  %p = icmp.ult.i32 %x, 5
  ret
out:
  exit",
        );
        assert_eq!(n, 1, "{text}");
    }
}
