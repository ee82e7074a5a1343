//! Own-bit shadows: the running lane's bit of a lane mask, kept in an `i1`
//! beside the mask.
//!
//! After [`super::lanemask`] most masks of a lane-mode lift are read only
//! at the lane's own bit (the EXEC bit refreshed after each EXEC write,
//! `v_cndmask`'s and the carry-ins' bit: `trunc.i1 (m >> laneid)`), yet
//! each `s_and_saveexec_b64` / `s_or_b64 exec, exec, s` still joins and
//! splits 64-bit register pairs in every lane: a dozen IR instructions for
//! what is one `and` or `or` of two bits, on every divergent `if` and loop.
//!
//! [`run`] gives each register whose bit such a read needs a shadow `i1`
//! (per bit position: `laneid + k`, or a fixed bit), written right after
//! every write of the register, under the write's guard: from the sources'
//! shadows where the op is a move, bitwise logic, a shift by a constant, a
//! zero extension, a truncation or a lane mask `zext(p) << laneid`, and
//! extracted from the written value otherwise. The shadow of a position
//! outside the register is 0, as the bit a zero extension reads there. A
//! read `trunc.i1 (m >> laneid)` becomes a move of `m`'s shadow. Nothing
//! else changes: the wide computations stay, and `xisa_ir::simplify` drops
//! those that nothing reads any more.

use std::collections::{BTreeMap, HashMap, HashSet};
use xisa_ir::op;
use xisa_ir::reach::{Reach, ENTRY};
use xisa_ir::{BinOp, CvtOp, Guard, ICond, Inst, Kernel, Op, Operand, Reg, SReg, Type, UnOp};

/// A bit of a register.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Pos {
    /// Bit `laneid + k`.
    Rel(i32),
    /// Bit `n`.
    Abs(u32),
}

/// How a write's shadow at a position is computed.
enum Rule {
    /// The source's shadow (moves, zero extensions).
    Copy(Operand, Pos),
    /// `op` of the two sources' shadows.
    Logic(BinOp, [(Operand, Pos); 2]),
    /// The inverse of the source's shadow.
    Not(Operand, Pos),
    /// The source's shadow, and-ed with "the position is inside the
    /// result" (truncations, left shifts, lane masks).
    Inside(Operand, Pos),
    /// Extracted from the written value.
    Extract,
}

/// What [`run`] changed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Shadows {
    /// Registers-and-positions given a shadow.
    pub shadows: usize,
    /// Reads of a mask's own bit that now read a shadow.
    pub reads: usize,
}

/// Adds the shadows (module docs) to `k`, whose lane id register is `lane`.
pub fn run(k: &mut Kernel, lane: Reg) -> Shadows {
    let mut done = Shadows::default();
    if k.has_calls() {
        return done;
    }
    // Shadows are positions relative to the lane id: the entry values'
    // shadows (and the lane-range gates) are computed right after the
    // lifter reads it, the entry block's first instruction.
    let lane_first = k
        .blocks
        .first()
        .and_then(|b| b.insts.first())
        .is_some_and(|i| {
            i.guard.is_none()
                && matches!(i.op, Op::Special { dst, sreg: SReg::LaneId } if dst == lane)
        });
    if !lane_first {
        return done;
    }
    let wave = k.wave_size.max(1) as i64;
    let poisoned = poisoned(k, lane);
    let reads = own_reads(k, lane, &poisoned);
    if reads.is_empty() {
        return done;
    }
    // Which writes must keep which shadow: those reaching a read of it,
    // closed over the sources each update reads (a register reused for
    // unrelated values elsewhere keeps no shadow there).
    let reach = Reach::of(k);
    let mut need: HashSet<(usize, Pos)> = HashSet::new();
    let mut work: Vec<(usize, Pos)> = Vec::new();
    for r in &reads {
        work.extend(
            reach
                .at(k, r.0, r.2, r.3)
                .into_iter()
                .map(|s| (s, Pos::Rel(0))),
        );
    }
    while let Some((site, pos)) = work.pop() {
        let (b, i, r) = reach.site(site);
        if poisoned.contains(&r) || !need.insert((site, pos)) || b == ENTRY {
            continue;
        }
        let ty = k.reg_type(r).unwrap_or(Type::I64);
        for (o, p) in rule(&k.blocks[b].insts[i].op, r, ty, pos, lane).sources() {
            let Operand::Reg(x) = o else { continue };
            let xty = k.reg_type(x);
            match clamp(p, xty, wave) {
                Some(Pos::Abs(0)) if xty == Some(Type::I1) => {}
                Some(p) => work.extend(reach.at(k, b, i, x).into_iter().map(|s| (s, p))),
                None => {}
            }
        }
    }
    // One shadow register per register and position.
    let mut wanted: BTreeMap<(Reg, Pos), Reg> = BTreeMap::new();
    let mut keys: Vec<(Reg, Pos)> = need.iter().map(|&(s, p)| (reach.site(s).2, p)).collect();
    keys.sort();
    keys.dedup();
    for (n, key) in keys.into_iter().enumerate() {
        let sh = k.reg(format!("t.own.{n}"), Type::I1);
        wanted.insert(key, sh);
    }
    done.shadows = wanted.len();
    // The updates each instruction makes, by (block, index).
    let mut updates: HashMap<(usize, usize), Vec<(Reg, Pos)>> = HashMap::new();
    let mut entry: Vec<(Reg, Pos)> = Vec::new();
    for &(s, p) in &need {
        let (b, i, r) = reach.site(s);
        if b == ENTRY {
            entry.push((r, p));
        } else {
            updates.entry((b, i)).or_default().push((r, p));
        }
    }
    entry.sort();
    let reads: HashMap<(usize, usize), Reg> = reads.iter().map(|r| ((r.0, r.1), r.3)).collect();
    let mut e = Emit {
        k,
        lane,
        wave,
        wanted: &wanted,
        gates: BTreeMap::new(),
    };
    for b in 0..e.k.blocks.len() {
        let old = std::mem::take(&mut e.k.blocks[b].insts);
        let mut out = Vec::with_capacity(old.len());
        e.gates.clear();
        for (i, inst) in old.into_iter().enumerate() {
            if let (Some(m), Op::Cvt(c)) = (reads.get(&(b, i)), &inst.op) {
                if let Some(&sh) = wanted.get(&(*m, Pos::Rel(0))) {
                    out.push(Inst {
                        guard: inst.guard,
                        op: Op::Mov {
                            ty: Type::I1,
                            dst: c.dst,
                            src: sh.into(),
                        },
                        pc: inst.pc,
                    });
                    done.reads += 1;
                    continue;
                }
            }
            let mut written = updates.remove(&(b, i)).unwrap_or_default();
            written.sort();
            let (op, guard, pc) = (inst.op.clone(), inst.guard, inst.pc);
            out.push(inst);
            if (b, i) == (0, 0) {
                // After the lane id read: registers read before any write
                // (parameters, zeroed registers).
                for &(r, pos) in &entry {
                    e.extract(&mut out, r, pos, wanted[&(r, pos)], None, pc);
                }
            }
            // A write that reads its own register and updates more than one
            // of its shadows computes them all from the old ones first.
            let staged =
                written.len() > 1 && written.iter().any(|&(r, _)| op.reg_uses().contains(&r));
            let mut moves = Vec::new();
            for (r, pos) in written {
                let ty = e.k.reg_type(r).unwrap_or(Type::I64);
                let sh = wanted[&(r, pos)];
                let to = if staged { e.tmp(Type::I1) } else { sh };
                e.update(&mut out, &op, r, ty, pos, to, guard, pc);
                if staged {
                    moves.push(Inst {
                        guard,
                        op: Op::Mov {
                            ty: Type::I1,
                            dst: sh,
                            src: to.into(),
                        },
                        pc,
                    });
                }
            }
            out.extend(moves);
        }
        e.k.blocks[b].insts = out;
    }
    done
}

/// Registers that get no shadow: not integers of at most 64 bits, or
/// written under a guard that the same write changes.
fn poisoned(k: &Kernel, lane: Reg) -> HashSet<Reg> {
    let mut p: HashSet<Reg> = (0..k.regs.len() as u32)
        .map(Reg)
        .filter(|&r| {
            !matches!(
                k.reg_type(r),
                Some(Type::I1 | Type::I8 | Type::I16 | Type::I32 | Type::I64)
            )
        })
        .collect();
    for i in k.blocks.iter().flat_map(|b| &b.insts) {
        let defs = i.op.defs();
        if i.guard.is_some_and(|g| defs.contains(&g.reg)) {
            p.extend(defs);
        }
    }
    p.insert(lane);
    p
}

/// The lshr `y = m >> laneid` (`i64`) that last writes `y` in `insts`
/// (its index, `m`), when `m` is not written after it.
fn mask_of(insts: &[Inst], y: Reg, lane: Reg) -> Option<(usize, Reg)> {
    let j = insts.iter().rposition(|i| i.op.defs().contains(&y))?;
    let Op::Bin(op::Bin {
        op: BinOp::LShr,
        ty: Type::I64,
        a: Operand::Reg(m),
        b: Operand::Reg(l),
        ..
    }) = insts[j].op
    else {
        return None;
    };
    let later = insts[j + 1..].iter().any(|i| i.op.defs().contains(&m));
    (l == lane && !later && insts[j].guard.is_none()).then_some((j, m))
}

/// The instructions `x = trunc.i1 (m >> laneid)`: (block, index, index of
/// the shift, `m`).
fn own_reads(k: &Kernel, lane: Reg, poisoned: &HashSet<Reg>) -> Vec<(usize, usize, usize, Reg)> {
    let mut v = Vec::new();
    for (b, blk) in k.blocks.iter().enumerate() {
        for (i, inst) in blk.insts.iter().enumerate() {
            if let Op::Cvt(op::Cvt {
                op: CvtOp::Trunc,
                to: Type::I1,
                from: Type::I64,
                src: Operand::Reg(y),
                ..
            }) = inst.op
            {
                if let Some((j, m)) = mask_of(&blk.insts[..i], y, lane) {
                    if !poisoned.contains(&m) {
                        v.push((b, i, j, m));
                    }
                }
            }
        }
    }
    v
}

/// A position of a value of type `ty` that can be 1 in some lane of a
/// `wave`-lane wave (`None`: 0 everywhere).
fn clamp(p: Pos, ty: Option<Type>, wave: i64) -> Option<Pos> {
    let bits = ty.map_or(64, |t| t.bits()) as i64;
    match p {
        Pos::Rel(k) if (k as i64) >= bits || (k as i64) + wave <= 0 => None,
        Pos::Abs(n) if n as i64 >= bits => None,
        _ => Some(p),
    }
}

impl Rule {
    fn sources(&self) -> Vec<(Operand, Pos)> {
        match self {
            Rule::Logic(_, s) => s.to_vec(),
            Rule::Copy(o, p) | Rule::Not(o, p) | Rule::Inside(o, p) => vec![(*o, *p)],
            Rule::Extract => Vec::new(),
        }
    }
}

/// How the write `op` of `r` (type `ty`) gives `r`'s bit at `pos`.
fn rule(op: &Op, r: Reg, ty: Type, pos: Pos, lane: Reg) -> Rule {
    if op.defs() != [r] {
        return Rule::Extract;
    }
    // Masks move between a 64-bit value and its 32-bit halves: positions
    // other than the own bit, its place in the high half and bit 0 are
    // not followed (other shifts are arithmetic, not mask logic).
    let shifted = |p: Pos, s: i64| match p {
        Pos::Rel(k) if matches!(k as i64 + s, 0 | -32) => Some(Pos::Rel((k as i64 + s) as i32)),
        Pos::Abs(n) if n as i64 + s == 0 => Some(Pos::Abs(0)),
        _ => None,
    };
    match *op {
        Op::Mov { ty: t, src, .. } if t == ty => Rule::Copy(src, pos),
        Op::Bin(op::Bin {
            op: o @ (BinOp::And | BinOp::Or | BinOp::Xor),
            ty: t,
            a,
            b,
            ..
        }) if t == ty => Rule::Logic(o, [(a, pos), (b, pos)]),
        Op::Un(op::Un {
            op: UnOp::Not,
            ty: t,
            a,
            ..
        }) if t == ty => Rule::Not(a, pos),
        Op::Bin(op::Bin {
            op: BinOp::Shl,
            ty: t,
            a,
            b: Operand::Imm(s),
            ..
        }) if t == ty && s < 64 => match shifted(pos, -(s as i64)) {
            Some(p) => Rule::Inside(a, p),
            None => Rule::Extract,
        },
        // Gated: a position below the result's bit 0 reads 0 there, not
        // the source's bit.
        Op::Bin(op::Bin {
            op: BinOp::LShr,
            ty: t,
            a,
            b: Operand::Imm(s),
            ..
        }) if t == ty && s < 64 => match shifted(pos, s as i64) {
            Some(p) => Rule::Inside(a, p),
            None => Rule::Extract,
        },
        // bit laneid of `a << laneid` is bit 0 of `a`
        Op::Bin(op::Bin {
            op: BinOp::Shl,
            ty: t,
            a,
            b: Operand::Reg(l),
            ..
        }) if t == ty && l == lane && pos == Pos::Rel(0) => Rule::Inside(a, Pos::Abs(0)),
        Op::Cvt(op::Cvt {
            op: CvtOp::Zext,
            to,
            src,
            ..
        }) if to == ty => Rule::Copy(src, pos),
        Op::Cvt(op::Cvt {
            op: CvtOp::Trunc,
            to,
            from,
            src,
            ..
        }) if to == ty && from.is_int() => Rule::Inside(src, pos),
        _ => Rule::Extract,
    }
}

/// Shadow emission.
struct Emit<'a> {
    k: &'a mut Kernel,
    lane: Reg,
    wave: i64,
    wanted: &'a BTreeMap<(Reg, Pos), Reg>,
    /// `laneid + k < bits` for the (k, bits) the shifts and truncations
    /// need, computed (unguarded) at the first use in the block being
    /// rewritten: kept across a stop, they would be stored and loaded.
    gates: BTreeMap<(bool, Option<i32>, i64), Reg>,
}

impl Emit<'_> {
    fn tmp(&mut self, ty: Type) -> Reg {
        let n = self.k.regs.len();
        self.k.reg(format!("t.own.x{n}"), ty)
    }

    fn push(out: &mut Vec<Inst>, op: Op, guard: Option<Guard>, pc: Option<u64>) {
        out.push(Inst { guard, op, pc });
    }

    /// Writes `sh` = `r`'s bit at `pos` after the write `op` of `r`.
    #[allow(clippy::too_many_arguments)]
    fn update(
        &mut self,
        out: &mut Vec<Inst>,
        op: &Op,
        r: Reg,
        ty: Type,
        pos: Pos,
        sh: Reg,
        g: Option<Guard>,
        pc: Option<u64>,
    ) {
        let mv = |src: Operand| Op::Mov {
            ty: Type::I1,
            dst: sh,
            src,
        };
        match rule(op, r, ty, pos, self.lane) {
            Rule::Extract => self.extract(out, r, pos, sh, g, pc),
            Rule::Copy(x, p) => {
                let a = self.bit(out, x, ty, p, g, pc);
                Self::push(out, mv(a), g, pc);
            }
            Rule::Logic(o, [(x, p), (y, q)]) => {
                let a = self.bit(out, x, ty, p, g, pc);
                let b = self.bit(out, y, ty, q, g, pc);
                Self::push(out, bin(o, Type::I1, sh, a, b), g, pc);
            }
            Rule::Not(x, p) => {
                let a = self.bit(out, x, ty, p, g, pc);
                let inside = self.inside(out, pos, ty, pc);
                let t = self.tmp(Type::I1);
                Self::push(out, bin(BinOp::Xor, Type::I1, t, a, Operand::Imm(1)), g, pc);
                Self::push(out, bin(BinOp::And, Type::I1, sh, t.into(), inside), g, pc);
            }
            Rule::Inside(x, p) => {
                let src_ty = match op {
                    Op::Cvt(c) => c.from,
                    _ => ty,
                };
                let a = self.bit(out, x, src_ty, p, g, pc);
                let inside = self.inside(out, pos, ty, pc);
                Self::push(out, bin(BinOp::And, Type::I1, sh, a, inside), g, pc);
            }
        }
    }

    /// The bit of source `x` (of type `ty` when an immediate) at `p`.
    fn bit(
        &mut self,
        out: &mut Vec<Inst>,
        x: Operand,
        ty: Type,
        p: Pos,
        g: Option<Guard>,
        pc: Option<u64>,
    ) -> Operand {
        let xty = match x {
            Operand::Reg(r) => self.k.reg_type(r).unwrap_or(ty),
            Operand::Imm(_) => ty,
        };
        let Some(p) = clamp(p, Some(xty), self.wave) else {
            return Operand::Imm(0);
        };
        match x {
            Operand::Reg(r) if xty == Type::I1 && p == Pos::Abs(0) => Operand::Reg(r),
            Operand::Reg(r) => match self.wanted.get(&(r, p)) {
                Some(&s) => Operand::Reg(s),
                None => {
                    // A source without a shadow (poisoned): read its value,
                    // which the write (of another register) left as it was.
                    let t = self.tmp(Type::I1);
                    self.extract(out, r, p, t, g, pc);
                    Operand::Reg(t)
                }
            },
            Operand::Imm(v) => {
                let v = v & xty.mask();
                match p {
                    Pos::Abs(n) => Operand::Imm((v >> n) & 1),
                    _ if v == 0 => Operand::Imm(0),
                    _ if v == xty.mask() => self.inside(out, p, xty, pc),
                    Pos::Rel(_) => {
                        let t = self.tmp(Type::I1);
                        self.extract_value(out, Operand::Imm(v), xty, p, t, g, pc);
                        Operand::Reg(t)
                    }
                }
            }
        }
    }

    /// `laneid + k` as an operand.
    fn lane_plus(
        &mut self,
        out: &mut Vec<Inst>,
        k: i32,
        g: Option<Guard>,
        pc: Option<u64>,
    ) -> Operand {
        if k == 0 {
            return self.lane.into();
        }
        let t = self.tmp(Type::I32);
        let k = Operand::Imm(k as u32 as u64);
        Self::push(
            out,
            bin(BinOp::Add, Type::I32, t, self.lane.into(), k),
            g,
            pc,
        );
        t.into()
    }

    /// Whether position `p` is inside a value of type `ty` in this lane.
    fn inside(&mut self, out: &mut Vec<Inst>, p: Pos, ty: Type, pc: Option<u64>) -> Operand {
        let bits = ty.bits() as i64;
        match p {
            Pos::Abs(n) => Operand::Imm(((n as i64) < bits) as u64),
            Pos::Rel(k) if static_gate(k, bits, self.wave).is_some() => {
                Operand::Imm((static_gate(k, bits, self.wave) == Some(true)) as u64)
            }
            Pos::Rel(k) => {
                // One compare of the lane id where one side always holds:
                // `laneid >= -k` (no lane reaches `bits`), `laneid < bits -
                // k` (`k >= 0`); else `laneid + k < bits` unsigned.
                let (cond, a, b) = if k < 0 && k as i64 + self.wave <= bits {
                    (ICond::Uge, None, -(k as i64))
                } else if k >= 0 {
                    (ICond::Ult, None, bits - k as i64)
                } else {
                    (ICond::Ult, Some(k), bits)
                };
                let key = (cond == ICond::Uge, a, b);
                if let Some(&t) = self.gates.get(&key) {
                    return t.into();
                }
                // Unguarded: a later use under another guard reads it.
                let x = match a {
                    Some(k) => self.lane_plus(out, k, None, pc),
                    None => self.lane.into(),
                };
                let t = self.tmp(Type::I1);
                Self::push(
                    out,
                    Op::ICmp(op::ICmp {
                        cond,
                        ty: Type::I32,
                        dst: t,
                        a: x,
                        b: Operand::Imm(b as u64),
                    }),
                    None,
                    pc,
                );
                self.gates.insert(key, t);
                t.into()
            }
        }
    }

    /// `dst` = bit `p` of register `r`'s current value (0 outside it).
    fn extract(
        &mut self,
        out: &mut Vec<Inst>,
        r: Reg,
        p: Pos,
        dst: Reg,
        g: Option<Guard>,
        pc: Option<u64>,
    ) {
        let ty = self.k.reg_type(r).unwrap_or(Type::I64);
        self.extract_value(out, r.into(), ty, p, dst, g, pc);
    }

    /// `dst` = bit `p` of `v` (of type `ty`; an immediate within it), 0
    /// outside it.
    #[allow(clippy::too_many_arguments)]
    fn extract_value(
        &mut self,
        out: &mut Vec<Inst>,
        v: Operand,
        ty: Type,
        p: Pos,
        dst: Reg,
        g: Option<Guard>,
        pc: Option<u64>,
    ) {
        if clamp(p, Some(ty), self.wave).is_none() {
            let zero = Op::Mov {
                ty: Type::I1,
                dst,
                src: Operand::Imm(0),
            };
            Self::push(out, zero, g, pc);
            return;
        }
        let wide = match v {
            Operand::Reg(r) if ty != Type::I64 => {
                let w = self.tmp(Type::I64);
                let zext = op::Cvt::plain(CvtOp::Zext, Type::I64, ty, w, r.into());
                Self::push(out, Op::Cvt(zext), g, pc);
                w.into()
            }
            _ => v,
        };
        // A shift by `laneid + k` out of 0..64 (negative: a huge unsigned
        // amount) gives 0, the bit outside the value.
        let amt = match p {
            Pos::Abs(n) => Operand::Imm(n as u64),
            Pos::Rel(k) => self.lane_plus(out, k, g, pc),
        };
        let s = self.tmp(Type::I64);
        Self::push(out, bin(BinOp::LShr, Type::I64, s, wide, amt), g, pc);
        Self::push(out, trunc1(dst, s.into()), g, pc);
    }
}

/// Whether `laneid + k` is below `bits` in every lane of a `wave`-lane
/// wave (`Some(true)`), in none (`Some(false)`), or depends on the lane.
fn static_gate(k: i32, bits: i64, wave: i64) -> Option<bool> {
    let k = k as i64;
    if k >= 0 && k + wave <= bits {
        Some(true)
    } else if k >= bits || k + wave <= 0 {
        Some(false)
    } else {
        None
    }
}

fn bin(o: BinOp, ty: Type, dst: Reg, a: Operand, b: Operand) -> Op {
    Op::Bin(op::Bin {
        op: o,
        ty,
        dst,
        a,
        b,
    })
}

fn trunc1(dst: Reg, src: Operand) -> Op {
    Op::Cvt(op::Cvt::plain(CvtOp::Trunc, Type::I1, Type::I64, dst, src))
}
