//! Control flow, special registers, warp operations, barriers and fences.

use std::collections::BTreeSet;

use xisa_ir::{BinOp, ICond, Op, Operand, Order, SReg, Scope, Term, Type, VoteMode};

use super::{bit, bits, sext, File, LiftError, Lifter};

const BRA: u16 = 0x947;
const EXIT: u16 = 0x94d;
const CALL_REL: u16 = 0x944;
const RET_REL: u16 = 0x950;

/// Branch target of a BRA/CALL.REL at `pc`: a signed word offset in bits
/// [34, 82), relative to the next instruction (notes §2.3); bit 32 is `.U`
/// (a uniform-branch hint, set in corpus code) and not part of the offset.
fn rel_target(w: u128, pc: u64) -> u64 {
    let off = sext(bits(w, 34, 82), 48) * 4;
    (pc as i64 + 16 + off) as u64
}

/// Block leaders: 0, every branch/call target inside the code and every
/// instruction after a branch, call, return or exit.
pub(crate) fn leaders(words: &[u128]) -> Vec<u64> {
    let end = (words.len() * 16) as u64;
    let mut set = BTreeSet::new();
    set.insert(0u64);
    for (i, &w) in words.iter().enumerate() {
        let pc = (i * 16) as u64;
        let op = bits(w, 0, 12) as u16;
        if matches!(op, BRA | CALL_REL) {
            let t = rel_target(w, pc);
            if t < end && t.is_multiple_of(16) {
                set.insert(t);
            }
        }
        if matches!(op, BRA | EXIT | CALL_REL | RET_REL) && pc + 16 < end {
            set.insert(pc + 16);
        }
    }
    set.into_iter().collect()
}

/// Lifts a control, warp or barrier instruction; `Ok(false)` when `opcode`
/// is not one.
pub(crate) fn lift(l: &mut Lifter, opcode: u16) -> Result<bool, LiftError> {
    match opcode {
        BRA => bra(l)?,
        EXIT => {
            let b = l.exit_block();
            l.branch_guarded(b);
        }
        CALL_REL => call_rel(l)?,
        RET_REL => ret(l),
        // Reconvergence hints and scheduling: the runtime reconverges at sync
        // points, so these have no effect (NOP, BSSY, BSYNC, WARPSYNC, YIELD,
        // DEPBAR, NANOSLEEP, ERRBAR, CCTL).
        0x918 | 0x945 | 0x941 | 0x148 | 0x348 | 0x948 | 0x946 | 0x91a | 0x35d | 0x95d | 0x9ab
        | 0x98f => {}
        // BMOV Rd, Bn: the convergence-barrier state is not modelled (the
        // runtime reconverges at sync points): reads give 0, writes vanish.
        0x355 | 0xf55 => l.write_gpr(bits(l.word, 16, 24) as u8, Operand::Imm(0)),
        0x356 | 0xf56 => {}
        0x919 => s2r(l, File::R)?,
        0x9c3 => s2r(l, File::UR)?,
        0x805 => cs2r(l)?,
        0x389 | 0x589 | 0x989 | 0xf89 => shfl(l, opcode)?,
        0x806 => vote(l, false),
        0x886 => vote(l, true),
        0x31d | 0x51d | 0xb1d => barrier(l)?,
        0x992 => membar(l),
        _ => return Ok(false),
    }
    Ok(true)
}

/// `BRA target`: `br`, or `brc` under a guard.
fn bra(l: &mut Lifter) -> Result<(), LiftError> {
    let w = l.word;
    // `@Pg BRA Pc, target` ([87, 90) + negate 90): taken when both hold.
    let cp = bits(w, 87, 90) as u8;
    let cneg = bit(w, 90);
    if cp == 7 && cneg {
        return Ok(()); // !PT: never taken
    }
    if cp != 7 {
        // The combined predicate is computed unguarded, then guards the branch.
        let g = l.guard.take();
        let c = l.read_pred_file(File::P, cp, cneg);
        let both = match g {
            None => c,
            Some(g) => {
                let gv = l.read_pred_file_reg(g.reg, g.negate);
                l.bin(BinOp::And, Type::I1, gv, c)
            }
        };
        let r = match both {
            Operand::Reg(r) => r,
            imm => {
                let t = l.tmp(Type::I1);
                l.emit(Op::Mov {
                    ty: Type::I1,
                    dst: t,
                    src: imm,
                });
                t
            }
        };
        l.guard = Some(xisa_ir::Guard {
            reg: r,
            negate: false,
        });
    }
    let t = rel_target(w, l.pc);
    let Some(&b) = l.block_at.get(&t) else {
        return Err(l.unsupported(format!("BRA to {t:#x}, outside the kernel")));
    };
    l.branch_guarded(b);
    Ok(())
}

/// `CALL.REL target`: `call target, next`.
fn call_rel(l: &mut Lifter) -> Result<(), LiftError> {
    let t = rel_target(l.word, l.pc);
    let (Some(&b), Some(&next)) = (l.block_at.get(&t), l.block_at.get(&(l.pc + 16))) else {
        return Err(l.unsupported("CALL.REL target or return point outside the kernel"));
    };
    let term = Term::Call {
        target: b,
        ret: next,
    };
    if l.guard.is_none() {
        l.terminate(term);
    } else {
        let c = l.new_block(format!("L_{:04x}_call", l.pc), term);
        l.branch_guarded(c);
    }
    Ok(())
}

/// `RET.REL`: `ret`.
fn ret(l: &mut Lifter) {
    if l.guard.is_none() {
        l.terminate(Term::Ret);
    } else {
        let c = l.new_block(format!("L_{:04x}_ret", l.pc), Term::Ret);
        l.branch_guarded(c);
    }
}

/// A system register value (S2R index, notes §4) into an `i32` operand.
fn sysreg(l: &mut Lifter, idx: u8) -> Result<Operand, LiftError> {
    let s = match idx {
        0x00 => SReg::LaneId,
        0x21 => SReg::TidX,
        0x22 => SReg::TidY,
        0x23 => SReg::TidZ,
        0x25 => SReg::CtaIdX,
        0x26 => SReg::CtaIdY,
        0x27 => SReg::CtaIdZ,
        0x50 | 0x52 => SReg::Clock,
        0x51 | 0x53 => return Ok(Operand::Imm(0)),
        0x38..=0x3c => return Ok(lanemask(l, idx)),
        0xff => return Ok(Operand::Imm(0)),
        _ => return Err(l.unsupported(format!("system register {idx:#x}"))),
    };
    Ok(l.special(s))
}

/// SR_LANEMASK_EQ/LT/LE/GT/GE computed from the lane id.
fn lanemask(l: &mut Lifter, idx: u8) -> Operand {
    let lane = l.special(SReg::LaneId);
    let eq = l.bin32(BinOp::Shl, Operand::Imm(1), lane);
    let lt = l.bin32(BinOp::Sub, eq, Operand::Imm(1));
    match idx {
        0x38 => eq,
        0x39 => lt,
        0x3a => l.bin32(BinOp::Or, lt, eq),
        0x3b => {
            let le = l.bin32(BinOp::Or, lt, eq);
            l.bin32(BinOp::Xor, le, Operand::Imm(0xffff_ffff))
        }
        _ => l.bin32(BinOp::Xor, lt, Operand::Imm(0xffff_ffff)),
    }
}

/// `S2R Rd, SR` / `S2UR URd, SR`.
fn s2r(l: &mut Lifter, f: File) -> Result<(), LiftError> {
    let idx = bits(l.word, 72, 80) as u8;
    let v = sysreg(l, idx)?;
    let d = bits(l.word, 16, 24) as u8;
    l.write_file(f, d, v);
    Ok(())
}

/// `CS2R Rd, SR` (`.64` at bit 80 writes the pair; SRZ = 0xff zeroes).
fn cs2r(l: &mut Lifter) -> Result<(), LiftError> {
    let idx = bits(l.word, 72, 80) as u8;
    let d = bits(l.word, 16, 24) as u8;
    let v = sysreg(l, idx)?;
    l.write_gpr(d, v);
    if bit(l.word, 80) {
        l.write_gpr(d.saturating_add(1), Operand::Imm(0));
    }
    Ok(())
}

/// `SHFL.MODE Pd, Rd, Ra, b, c`: PTX `shfl.sync` semantics computed with
/// ordinary ops (clamp = c[4:0], segment mask = c[12:8]), then an IR `shfl`
/// from the computed lane; Pd = the source lane was in range and took part.
fn shfl(l: &mut Lifter, opcode: u16) -> Result<(), LiftError> {
    let w = l.word;
    let b = if opcode & 0x800 != 0 {
        Operand::Imm(bits(w, 53, 58))
    } else {
        l.read_gpr(bits(w, 32, 40) as u8)
    };
    let c = if opcode & 0x400 != 0 {
        Operand::Imm(bits(w, 40, 53))
    } else {
        l.read_gpr(bits(w, 64, 72) as u8)
    };
    let mode = bits(w, 58, 60);
    let src = l.read_gpr(bits(w, 24, 32) as u8);
    let lane = l.special(SReg::LaneId);
    let b = l.bin32(BinOp::And, b, Operand::Imm(0x1f));
    let clamp = l.bin32(BinOp::And, c, Operand::Imm(0x1f));
    let seg = l.bin32(BinOp::LShr, c, Operand::Imm(8));
    let seg = l.bin32(BinOp::And, seg, Operand::Imm(0x1f));
    let nseg = l.bin32(BinOp::Xor, seg, Operand::Imm(0xffff_ffff));
    let lo = l.bin32(BinOp::And, lane, seg);
    let hi = l.bin32(BinOp::And, clamp, nseg);
    let max = l.bin32(BinOp::Or, lo, hi);
    let (j, ok) = match mode {
        0 => {
            let bn = l.bin32(BinOp::And, b, nseg);
            let j = l.bin32(BinOp::Or, lo, bn);
            (j, l.icmp(ICond::Ule, Type::I32, j, max))
        }
        1 => {
            let j = l.bin32(BinOp::Sub, lane, b);
            (j, l.icmp(ICond::Sge, Type::I32, j, max))
        }
        2 => {
            let j = l.bin32(BinOp::Add, lane, b);
            (j, l.icmp(ICond::Ule, Type::I32, j, max))
        }
        _ => {
            let j = l.bin32(BinOp::Xor, lane, b);
            (j, l.icmp(ICond::Ule, Type::I32, j, max))
        }
    };
    let from = l.select(Type::I32, ok, j, lane);
    let dst = l.tmp(Type::I32);
    let valid = l.tmp(Type::I1);
    l.emit(Op::Shfl {
        ty: Type::I32,
        dst,
        valid: Some(valid),
        src,
        lane: from,
    });
    let p = l.bin(BinOp::And, Type::I1, ok, valid.into());
    l.write_gpr(bits(w, 16, 24) as u8, dst.into());
    l.write_pred(bits(w, 81, 84) as u8, p);
    Ok(())
}

/// `VOTE.MODE Rd, Pd, Pp`: Rd = ballot(Pp), Pd = all/any/uni(Pp).
fn vote(l: &mut Lifter, uniform: bool) {
    l.uniform = uniform;
    let w = l.word;
    // The source predicate is always a vector predicate (P), also in VOTEU.
    let pred = l.read_pred_file(File::P, bits(w, 87, 90) as u8, bit(w, 90));
    let rd = bits(w, 16, 24) as u8;
    let pd = bits(w, 81, 84) as u8;
    let zero_rd = if uniform { rd == 63 } else { rd == 255 };
    if !zero_rd {
        let m = l.tmp(Type::I32);
        l.emit(Op::Vote {
            mode: VoteMode::Ballot,
            dst: m,
            pred,
        });
        l.write_gpr(rd, m.into());
    }
    if pd != 7 {
        let mode = match bits(w, 72, 74) {
            0 => VoteMode::All,
            1 => VoteMode::Any,
            _ => VoteMode::Uni,
        };
        let p = l.tmp(Type::I1);
        l.emit(Op::Vote { mode, dst: p, pred });
        l.write_pred(pd, p.into());
    }
}

/// `BAR.SYNC`: a workgroup barrier (barrier ids and counts are not modelled:
/// every BAR waits for the whole workgroup).
fn barrier(l: &mut Lifter) -> Result<(), LiftError> {
    // Bits [74:77) select SYNC/ARV/RED... in NAK; only SYNC (0) is lifted.
    if bits(l.word, 74, 77) != 0 {
        return Err(l.unsupported("BAR other than BAR.SYNC"));
    }
    l.emit(Op::Barrier);
    Ok(())
}

/// `MEMBAR.SC/ALL.{CTA,SM,GPU,SYS}` → a fence (`.SC` seq_cst, `.ALL` acq_rel).
fn membar(l: &mut Lifter) {
    let scope = match bits(l.word, 76, 79) {
        0 => Scope::Workgroup,
        1 => Scope::Cluster,
        2 => Scope::Device,
        _ => Scope::System,
    };
    let order = if bit(l.word, 80) {
        Order::AcqRel
    } else {
        Order::SeqCst
    };
    l.emit(Op::Fence { scope, order });
}
