//! Control flow, special registers, warp operations, barriers and fences.

use std::collections::{BTreeSet, HashMap};

use xisa_ir::{
    BarOp, BinOp, CvtOp, HostFn, ICond, Op, Operand, Order, Reg, SReg, Scope, Term, Type, VoteMode,
};

use super::{bit, bits, sext, File, LiftError, Lifter};

const BRA: u16 = 0x947;
const EXIT: u16 = 0x94d;
const CALL_REL: u16 = 0x944;
/// `CALL.REL.NOINC Ra`: an indirect call through a register pair.
const CALL_REL_R: u16 = 0x344;
/// `CALL.ABS.NOINC Ra`: a call to an absolute address (driver functions).
const CALL_ABS_R: u16 = 0x343;
/// `LEPC Rd`: the address of this instruction.
const LEPC: u16 = 0x34e;
const RET_REL: u16 = 0x950;
const BRX: u16 = 0x949;
/// `BRXU URa imm`: BRX with the target in a uniform register pair (ptxas
/// uses it for a `switch` on a warp-uniform value).
const BRXU: u16 = 0x958;
const BPT: u16 = 0x95c;

/// `.nv.info.<k>` attribute EIATTR_INDIRECT_BRANCH_TARGETS (0x34): ptxas
/// lists, for every `BRX`, the targets its jump table can hold (nvdisasm
/// prints them as `BRANCH_TARGETS`).
const EIATTR_INDIRECT_BRANCH_TARGETS: u8 = 0x34;

/// The targets of each `BRX`, by pc, from EIATTR_INDIRECT_BRANCH_TARGETS:
/// records of u32 branch offset, u32 (unused here), u32 count, then `count`
/// u32 target offsets (checked against nvdisasm's `BRANCH_TARGETS`). A
/// truncated record ends the list.
pub(crate) fn indirect_targets(k: &crate::loader::CubinKernel) -> HashMap<u64, Vec<u64>> {
    let mut out = HashMap::new();
    let u32_at = |p: &[u8], i: usize| -> Option<u64> {
        Some(u64::from(u32::from_le_bytes(
            p.get(i..i + 4)?.try_into().ok()?,
        )))
    };
    for a in k
        .attrs
        .iter()
        .filter(|a| a.attr == EIATTR_INDIRECT_BRANCH_TARGETS && a.format == 4)
    {
        let p = &a.payload;
        let mut i = 0;
        while let (Some(pc), Some(n)) = (u32_at(p, i), u32_at(p, i + 8)) {
            let ts: Option<Vec<u64>> = (0..n as usize).map(|j| u32_at(p, i + 12 + 4 * j)).collect();
            let Some(ts) = ts else { break };
            out.entry(pc).or_insert_with(Vec::new).extend(ts);
            i += 12 + 4 * n as usize;
        }
    }
    out
}

/// Branch target of a BRA/CALL.REL at `pc`: a signed word offset in bits
/// [34, 82), relative to the next instruction (notes §2.3); bit 32 is `.U`
/// (a uniform-branch hint, set in corpus code) and not part of the offset.
fn rel_target(w: u128, pc: u64) -> u64 {
    let off = sext(bits(w, 34, 82), 48) * 4;
    (pc as i64 + 16 + off) as u64
}

/// Block leaders: 0, every branch/call target inside the code (`BRX`
/// targets from `brx`, the device functions an indirect call may reach) and
/// every instruction after a branch, call, return, exit or trap.
pub(crate) fn leaders(words: &[u128], brx: &HashMap<u64, Vec<u64>>, functions: &[u64]) -> Vec<u64> {
    let end = (words.len() * 16) as u64;
    let mut set = BTreeSet::new();
    set.insert(0u64);
    set.extend(
        functions
            .iter()
            .copied()
            .filter(|&f| f < end && f.is_multiple_of(16)),
    );
    for (i, &w) in words.iter().enumerate() {
        let pc = (i * 16) as u64;
        let op = bits(w, 0, 12) as u16;
        if matches!(op, BRA | CALL_REL) {
            let t = rel_target(w, pc);
            if t < end && t.is_multiple_of(16) {
                set.insert(t);
            }
        }
        if matches!(op, BRX | BRXU) {
            for &t in brx.get(&pc).into_iter().flatten() {
                if t < end && t.is_multiple_of(16) {
                    set.insert(t);
                }
            }
        }
        if matches!(
            op,
            BRA | EXIT | CALL_REL | CALL_REL_R | CALL_ABS_R | RET_REL | BRX | BRXU | BPT
        ) && pc + 16 < end
        {
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
        CALL_REL_R => call_indirect(l)?,
        CALL_ABS_R => call_abs(l)?,
        LEPC => {
            // The code address of this instruction: its offset in the
            // kernel (ptxas only uses it to build a return address, which
            // the IR's calls do not need).
            let rd = bits(l.word, 16, 24) as u8;
            l.write_pair(rd, Operand::Imm(l.pc));
        }
        RET_REL => ret(l),
        BRX => brx(l, File::R)?,
        BRXU => brx(l, File::UR)?,
        BPT => bpt(l)?,
        // BREAK Bn (with its condition predicate [87, 90)): takes the lanes
        // out of convergence barrier Bn; the barriers are not modelled (see
        // BSSY), so a lane that breaks simply branches on.
        0x942 => l.operands_have_no_effect(),
        0x3a1 => match_(l)?,
        // Reconvergence hints and scheduling: the runtime reconverges at sync
        // points, so these have no effect (NOP, BSSY, BSYNC, WARPSYNC, YIELD,
        // DEPBAR, NANOSLEEP, ERRBAR, CCTL).
        0x918 | 0x945 | 0x941 | 0x148 | 0x348 | 0x948 | 0x946 | 0x91a | 0x35d | 0x95d | 0x9ab
        | 0x98f => l.operands_have_no_effect(),
        // BMOV Rd, Bn: the convergence-barrier state is not modelled (the
        // runtime reconverges at sync points): reads give 0, writes vanish.
        0x355 | 0xf55 => {
            l.operands_have_no_effect();
            l.write_gpr(bits(l.word, 16, 24) as u8, Operand::Imm(0))
        }
        0x356 | 0xf56 => l.operands_have_no_effect(),
        0x919 => s2r(l, File::R)?,
        0x9c3 => s2r(l, File::UR)?,
        0x805 => cs2r(l)?,
        0x389 | 0x589 | 0x989 | 0xf89 => shfl(l, opcode)?,
        0x806 => vote(l, false),
        0x886 => vote(l, true),
        0x31d | 0x51d | 0x91d | 0xb1d => barrier(l)?,
        0x31c => b2r(l)?,
        0x992 => membar(l)?,
        _ => return Ok(false),
    }
    Ok(true)
}

/// Folds a branch's condition predicate (`@Pg BRA Pc`, [87, 90) + negate
/// 90) into the guard: the branch is taken when both hold. `false`: the
/// condition is `!PT` and the branch is never taken.
fn branch_condition(l: &mut Lifter) -> bool {
    let w = l.word;
    let cp = bits(w, 87, 90) as u8;
    let cneg = bit(w, 90);
    if cp == 7 && cneg {
        return false;
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
        let r = l.in_reg(Type::I1, both);
        l.guard = Some(xisa_ir::Guard {
            reg: r,
            negate: false,
        });
    }
    true
}

/// `BRA target`: `br`, or `brc` under a guard.
fn bra(l: &mut Lifter) -> Result<(), LiftError> {
    // [32, 34): `.U` says the condition is warp-uniform (a hint). `.DIV`
    // and `.CONV` branch on the warp's convergence, which xisa does not
    // track; both are taken. ptxas guards warp-collective fast paths with
    // them: `BRA.DIV` jumps to the path that is valid in every state
    // (`__cuda_sm70_votesync_*`: WARPSYNC, then the vote); `BRA.CONV` jumps
    // over a call of `__cuda_sm70_warpsync`, whose WARPSYNC has no effect
    // here (the runtime reconverges lanes at every collective).
    let _ = bits(l.word, 32, 34);
    if !branch_condition(l) {
        return Ok(());
    }
    let t = rel_target(l.word, l.pc);
    let Some(&b) = l.block_at.get(&t) else {
        return Err(l.unsupported(format!("BRA to {t:#x}, outside the kernel")));
    };
    l.branch_guarded(b);
    Ok(())
}

/// `BRX Ra imm` / `BRXU URa imm`: jumps to `pc + 16 + imm + Ra:Ra+1` (imm: signed words
/// [34, 82), as BRA; ptxas loads Ra from a jump table of function offsets
/// in `c[0x2]` and sets Ra+1 to its sign). Lifted as a `switch` over the
/// targets EIATTR_INDIRECT_BRANCH_TARGETS lists for this pc; any other
/// target traps (block `brx_<pc>_bad_target`), naming the pc.
fn brx(l: &mut Lifter, file: File) -> Result<(), LiftError> {
    if !branch_condition(l) {
        return Ok(());
    }
    let w = l.word;
    let Some(ts) = l.brx_targets.get(&l.pc).cloned() else {
        return Err(
            l.unsupported("BRX without an EIATTR_INDIRECT_BRANCH_TARGETS record for its pc")
        );
    };
    let mut blocks = Vec::new();
    for t in &ts {
        match l.block_at.get(t) {
            Some(&b) => blocks.push(b),
            None => return Err(l.unsupported(format!("BRX target {t:#x} outside the kernel"))),
        }
    }
    let base = rel_target(w, l.pc);
    // BRX: Ra in [24, 32); BRXU: URa in the same field.
    let ra = bits(w, 24, 32) as u8;
    let r = l.read_pair_file(file, ra);
    let target = l.bin(BinOp::Add, Type::I64, r, Operand::Imm(base));
    let idx = target_index(l, target, &ts);
    switch_or_trap(l, "brx", idx, blocks);
    Ok(())
}

/// Branches (under the guard) to a `switch` on `idx` over `cases`, whose
/// default traps in block `<what>_<pc>_bad_target` (BRX, indirect calls).
fn switch_or_trap(l: &mut Lifter, what: &str, idx: Reg, cases: Vec<xisa_ir::BlockId>) {
    let bad = l.new_block(format!("{what}_{:#x}_bad_target", l.pc), Term::Trap);
    let sw = l.new_block(
        format!("L_{:04x}_{what}", l.pc),
        Term::Switch {
            index: idx,
            targets: cases,
            default: bad,
        },
    );
    l.branch_guarded(sw);
}

/// The index `k` of the first of `targets` equal to the 64-bit `target`, or
/// `targets.len()` (a `switch` over the targets' blocks takes its default).
fn target_index(l: &mut Lifter, target: Operand, targets: &[u64]) -> Reg {
    let idx = l.tmp(Type::I32);
    l.emit(Op::Mov {
        ty: Type::I32,
        dst: idx,
        src: Operand::Imm(targets.len() as u64),
    });
    for (k, t) in targets.iter().enumerate().rev() {
        let hit = l.icmp(ICond::Eq, Type::I64, target, Operand::Imm(*t));
        l.emit(Op::Select {
            ty: Type::I32,
            dst: idx,
            cond: hit,
            a: Operand::Imm(k as u64),
            b: idx.into(),
        });
    }
    idx
}

/// `BPT.TRAP imm` (`__trap()`, PTX `trap`): the launch stops with a trap
/// at block `bpt_trap_<pc>`. Other BPT modes ([84, 87): 3 is TRAP, 2 PAUSE,
/// nvdisasm) are debugger operations and are refused.
fn bpt(l: &mut Lifter) -> Result<(), LiftError> {
    let mode = bits(l.word, 84, 87);
    if mode != 3 {
        return Err(l.unsupported(format!("BPT mode {mode} (only BPT.TRAP is lifted)")));
    }
    // The trap code [34, 37) only tells a debugger which trap it was.
    let _ = bits(l.word, 34, 37);
    let t = l.new_block(format!("bpt_trap_{:#x}", l.pc), Term::Trap);
    l.branch_guarded(t);
    Ok(())
}

/// `MATCH.ANY Rd, Ra` / `MATCH.ALL Pd, Rd, Ra` (`.U64`, bit 73: Ra is the
/// pair; bit 79 set: ANY): among the lanes executing it, ANY gives each
/// lane the mask of lanes whose value equals its own; ALL gives the mask of
/// all of them and Pd true when every value is equal, else 0 and false.
/// The IR has no match op: each lane reads every lane's value with 32
/// `shfl`s (whose `valid` output says which lanes take part) and compares.
fn match_(l: &mut Lifter) -> Result<(), LiftError> {
    let w = l.word;
    let wide = bit(w, 73);
    let any = bit(w, 79);
    let ra = bits(w, 24, 32) as u8;
    let ty = if wide { Type::I64 } else { Type::I32 };
    let v = if wide {
        l.read_pair_file(File::R, ra)
    } else {
        l.read_file(File::R, ra)
    };
    // The value must not change while the loop runs (Rd may be Ra).
    let val = l.tmp(ty);
    l.emit(Op::Mov {
        ty,
        dst: val,
        src: v,
    });
    let eq = l.tmp(Type::I32);
    let act = l.tmp(Type::I32);
    for r in [eq, act] {
        l.emit(Op::Mov {
            ty: Type::I32,
            dst: r,
            src: Operand::Imm(0),
        });
    }
    let s = l.tmp(ty);
    let ok = l.tmp(Type::I1);
    let hit = l.tmp(Type::I1);
    let bitv = l.tmp(Type::I32);
    let or_bit = |l: &mut Lifter, acc: Reg, p: Reg, lane: u64| {
        l.emit(Op::Cvt {
            op: CvtOp::Zext,
            to: Type::I32,
            from: Type::I1,
            rnd: xisa_ir::Round::Rn,
            sat: false,
            ftz: false,
            dst: bitv,
            src: p.into(),
        });
        l.emit(Op::Bin {
            op: BinOp::Shl,
            ty: Type::I32,
            dst: bitv,
            a: bitv.into(),
            b: Operand::Imm(lane),
        });
        l.emit(Op::Bin {
            op: BinOp::Or,
            ty: Type::I32,
            dst: acc,
            a: acc.into(),
            b: bitv.into(),
        });
    };
    for lane in 0..32u64 {
        l.emit(Op::Shfl {
            ty,
            dst: s,
            valid: Some(ok),
            src: val.into(),
            lane: Operand::Imm(lane),
        });
        l.emit(Op::ICmp {
            cond: ICond::Eq,
            ty,
            dst: hit,
            a: s.into(),
            b: val.into(),
        });
        l.emit(Op::Bin {
            op: BinOp::And,
            ty: Type::I1,
            dst: hit,
            a: hit.into(),
            b: ok.into(),
        });
        or_bit(l, eq, hit, lane);
        or_bit(l, act, ok, lane);
    }
    let rd = bits(w, 16, 24) as u8;
    if any {
        l.write_file(File::R, rd, eq.into());
    } else {
        let all = l.icmp(ICond::Eq, Type::I32, eq.into(), act.into());
        let m = l.select(Type::I32, all, act.into(), Operand::Imm(0));
        l.write_file(File::R, rd, m);
        l.write_file(File::P, bits(w, 81, 84) as u8, all);
    }
    Ok(())
}

/// `CALL.REL target`: `call target, next`.
fn call_rel(l: &mut Lifter) -> Result<(), LiftError> {
    // `.ABS` (bit 85) with a relative target, whose meaning is not known.
    if bit(l.word, 85) {
        return Err(l.unsupported(format!("{}: CALL.ABS with an offset", l.form_name())));
    }
    // `.NOINC` (bit 86): the hardware's call-depth count, not modelled.
    let _ = bit(l.word, 86);
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

/// `CALL.REL.NOINC Ra base` (function pointers, virtual calls): the target
/// is the 64-bit `Ra:Ra+1` plus the base that the 48-bit word offset
/// [34, 82) gives relative to the next instruction (ptxas points it at the
/// kernel's start, so `Ra` holds a code offset, loaded from the function
/// table in constant bank 2). Lifted as a switch over the device functions
/// of the kernel's section, each case a `call`; any other target traps at
/// block `icall_<pc>_bad_target`. The return address ptxas also passes
/// (R20, read back by `RET.REL.NODEC R20`) is the next instruction, which
/// the IR's return stack gives.
fn call_indirect(l: &mut Lifter) -> Result<(), LiftError> {
    let w = l.word;
    let Some(&next) = l.block_at.get(&(l.pc + 16)) else {
        return Err(l.unsupported("CALL.REL.NOINC R: the return point is outside the kernel"));
    };
    if l.k.functions.is_empty() {
        return Err(l.unsupported(
            "CALL.REL.NOINC R: the kernel's section defines no device function to call",
        ));
    }
    let funcs = l.k.functions.clone();
    // `.NOINC` (bit 86): the hardware's call-depth count, not modelled.
    let _ = bit(w, 86);
    let ra = bits(w, 24, 32) as u8;
    let r = l.read_pair(ra);
    let target = l.bin(BinOp::Add, Type::I64, r, Operand::Imm(rel_target(w, l.pc)));
    let idx = target_index(l, target, &funcs);
    let mut cases = Vec::new();
    for f in &funcs {
        let Some(&fb) = l.block_at.get(f) else {
            return Err(l.unsupported(format!(
                "CALL.REL.NOINC R: device function at {f:#x} is not on an instruction"
            )));
        };
        cases.push(l.new_block(
            format!("L_{:04x}_icall_{f:x}", l.pc),
            Term::Call {
                target: fb,
                ret: next,
            },
        ));
    }
    switch_or_trap(l, "icall", idx, cases);
    Ok(())
}

/// `CALL.ABS.NOINC Ra [imm]`: a call to the absolute address `Ra:Ra+1 +
/// imm` (imm: [34, 82), in words), which in ptxas output is a CUDA driver
/// function whose address the loader put in a constant bank
/// ([`crate::loader::HOST_FUNCTIONS`]). A call to `vprintf` becomes
/// `hostcall.printf` with the ABI's arguments (format in R4:R5, argument
/// buffer in R6:R7, result in R4); any other target traps at block
/// `callabs_<pc>_unknown_target`. The condition predicate ([87, 91)) folds
/// into the guard as for BRA; `CALL.ABS` without `.NOINC` (bit 86 set) is
/// refused.
fn call_abs(l: &mut Lifter) -> Result<(), LiftError> {
    let w = l.word;
    if !bit(w, 86) {
        return Err(l.unsupported("CALL.ABS without .NOINC (bit 86 clear)"));
    }
    if !branch_condition(l) {
        return Ok(());
    }
    let Some(&next) = l.block_at.get(&(l.pc + 16)) else {
        return Err(l.unsupported("CALL.ABS: the return point is outside the kernel"));
    };
    let ra = bits(w, 24, 32) as u8;
    let off = (sext(bits(w, 34, 82), 48) * 4) as u64;
    let r = l.read_pair(ra);
    let target = l.bin(BinOp::Add, Type::I64, r, Operand::Imm(off));
    let Some(vprintf) = crate::loader::host_function("vprintf") else {
        return Err(l.unsupported("CALL.ABS: no host functions are known"));
    };
    let hit = l.icmp(ICond::Eq, Type::I64, target, Operand::Imm(vprintf));
    // The call, in a block of its own: arguments and result in registers.
    let call = l.new_block(format!("L_{:04x}_vprintf", l.pc), Term::Br(next));
    let outer = (l.cur, l.closed);
    l.cur = call;
    let saved_guard = l.guard.take();
    let fmt = l.read_pair(4);
    let buf = l.read_pair(6);
    let res = l.tmp(Type::I32);
    l.emit(Op::HostCall {
        func: HostFn::Printf,
        dst: Some(res),
        args: vec![
            fmt,
            buf,
            Operand::Imm(super::LOCAL_WINDOW),
            Operand::Imm(super::SHARED_WINDOW),
        ],
    });
    l.write_gpr(4, res.into());
    (l.cur, l.closed) = outer;
    l.guard = saved_guard;
    let bad = l.new_block(format!("callabs_{:#x}_unknown_target", l.pc), Term::Trap);
    let hit = l.in_reg(Type::I1, hit);
    let dispatch = l.new_block(
        format!("L_{:04x}_callabs", l.pc),
        Term::BrCond {
            cond: hit,
            then_: call,
            else_: bad,
        },
    );
    l.branch_guarded(dispatch);
    Ok(())
}

/// `RET.REL[.NODEC] Ra target`: `ret`. The IR's calls return to their
/// call site; Ra (the return address ptxas passes, [24, 32)) and the
/// target are not read: a program that returns elsewhere is not modelled.
fn ret(l: &mut Lifter) {
    l.operands_have_no_effect();
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
        // SR_VIRTID: the warp slot in bits [8, 15) (ptxas extracts %warpid
        // there); xisa presents one SM, whose slots are the CTA's waves.
        0x03 => {
            let w = l.special(SReg::WaveId);
            return Ok(l.bin32(BinOp::Shl, w, Operand::Imm(8)));
        }
        // SR_VIRTUALSMID (%smid): the one SM.
        0x43 => return Ok(Operand::Imm(0)),
        // SR_SMEMSZ (%total_smem_size): the workgroup's shared memory, the
        // kernel's static part plus the launch's dynamic part.
        0x32 => {
            let d = l.special(SReg::DynSharedSize);
            let s = u64::from(l.k.shared_bytes);
            return Ok(l.bin32(BinOp::Add, d, Operand::Imm(s)));
        }
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
    // The mode only matters when Pd is written.
    let mode_code = bits(w, 72, 74);
    if pd != 7 {
        let mode = match mode_code {
            0 => VoteMode::All,
            1 => VoteMode::Any,
            _ => VoteMode::Uni,
        };
        let p = l.tmp(Type::I1);
        l.emit(Op::Vote { mode, dst: p, pred });
        l.write_pred(pd, p.into());
    }
}

/// `BAR.{SYNC,ARV,RED.POPC,RED.AND,RED.OR} id[, count][, Pp]` → `bar.*`
/// (named barriers with thread counts; the runtime completes a barrier when
/// its count is reached, a wave at a time). nvdisasm (probed): mode [77, 80)
/// SYNC / ARV / RED / SCAN / SYNCALL, RED's op [74, 76) POPC / AND / OR, its
/// predicate [87, 90) + 90, `.DEFER_BLOCKING` bit 80. Operand forms by
/// opcode: 0xb1d id imm [54, 58), count imm [42, 54); 0x51d id in Ra
/// [32, 40), count imm; 0x91d id imm, count in Ra; 0x31d one register
/// packing both, as ptxas builds it for `bar.sync %a, %b` (`(b << 16) | a`
/// with a LOP3 mask of 0xfff0000): id in bits [0, 16), count in [16, 28).
/// A count of 0 means every thread of the workgroup. `SCAN`, `SYNCALL` and
/// `.DEFER_BLOCKING` are refused.
fn barrier(l: &mut Lifter) -> Result<(), LiftError> {
    let opcode = bits(l.word, 0, 12);
    let mode = bits(l.word, 77, 80);
    let op = match mode {
        0 => BarOp::Sync,
        1 => BarOp::Arrive,
        2 => match bits(l.word, 74, 76) {
            0 => BarOp::RedPopc,
            1 => BarOp::RedAnd,
            2 => BarOp::RedOr,
            v => {
                return Err(l.unsupported(format!(
                    "BAR.RED with reduction field {v} (invalid; POPC/AND/OR are 0..2), opcode {opcode:#05x}"
                )))
            }
        },
        _ => {
            let name = ["SYNC", "ARV", "RED", "SCAN", "SYNCALL"]
                .get(mode as usize)
                .copied()
                .unwrap_or("(invalid mode)");
            return Err(l.unsupported(format!(
                "BAR.{name} (opcode {opcode:#05x}, mode field {mode}): only SYNC, ARV and RED are lifted"
            )));
        }
    };
    if bit(l.word, 80) {
        return Err(l.unsupported(format!(
            "BAR.{}.DEFER_BLOCKING (opcode {opcode:#05x}): deferred blocking is not modelled",
            ["SYNC", "ARV", "RED"][mode as usize]
        )));
    }
    if mode != 2 && bits(l.word, 74, 76) != 0 {
        return Err(l.unsupported(format!(
            "BAR (mode {mode}) with reduction bits [74, 76) = {} set, opcode {opcode:#05x}",
            bits(l.word, 74, 76)
        )));
    }
    let imm_id = Operand::Imm(bits(l.word, 54, 58));
    let imm_count = Operand::Imm(bits(l.word, 42, 54));
    let ra = bits(l.word, 32, 40) as u8;
    let (id, count) = match opcode {
        0xb1d => (imm_id, imm_count),
        0x51d => (l.read_gpr(ra), imm_count),
        0x91d => {
            let c = l.read_gpr(ra);
            (imm_id, l.bin32(BinOp::And, c, Operand::Imm(0xfff)))
        }
        0x31d => {
            let r = l.read_gpr(ra);
            let id = l.bin32(BinOp::And, r, Operand::Imm(0xffff));
            let hi = l.bin32(BinOp::LShr, r, Operand::Imm(16));
            (id, l.bin32(BinOp::And, hi, Operand::Imm(0xfff)))
        }
        _ => {
            return Err(l.unsupported(format!(
                "BAR with operand form opcode {opcode:#05x} (known: 0x31d, 0x51d, 0x91d, 0xb1d)"
            )))
        }
    };
    let (dst, pred) = if op.is_red() {
        let p = l.read_pred(bits(l.word, 87, 90) as u8, bit(l.word, 90));
        (Some(l.bar_result()), Some(p))
    } else {
        (None, None)
    };
    l.emit(Op::Bar {
        op,
        id,
        count,
        dst,
        pred,
    });
    Ok(())
}

/// `B2R.RESULT Rd[, Pd]`: the result of the last `BAR.RED` (mode [78, 80) =
/// 1, 0 is plain `B2R`; Rd [16, 24), Pd [81, 84), both probed with nvdisasm). Rd receives the
/// count (`.POPC`) or 0/1 (`.AND`/`.OR`); Pd is set when that value is
/// non-zero, which is the reduction itself for `.AND`/`.OR` (ptxas reads
/// only Pd after those and only Rd after `.POPC`). Plain `B2R` (reading a
/// barrier's state) is refused.
fn b2r(l: &mut Lifter) -> Result<(), LiftError> {
    if bits(l.word, 78, 80) != 1 {
        return Err(l.unsupported(format!(
            "B2R with mode field [78, 80) = {} (only B2R.RESULT, mode 1, is lifted: reading a \
             barrier's state is not modelled)",
            bits(l.word, 78, 80)
        )));
    }
    let r = l.bar_result();
    let rd = bits(l.word, 16, 24) as u8;
    l.write_gpr(rd, Operand::Reg(r));
    let pd = bits(l.word, 81, 84) as u8;
    if pd != 7 {
        let nz = l.icmp(ICond::Ne, Type::I32, Operand::Reg(r), Operand::Imm(0));
        l.write_pred(pd, nz);
    }
    Ok(())
}

/// `MEMBAR.{SC,ALL,-}.{CTA,SM,GPU,SYS}` → a seq_cst fence of that scope.
///
/// The semantics field [79:81) (nvdisasm: 0 `.SC`, 1 `.ALL`, 2 none, 3
/// invalid) is not an ordering strength for xisa: every MEMBAR waits until
/// the warp's earlier memory operations are performed, which on an x86 host
/// means draining the store buffer (`docs/scopes.md`); ptxas uses `.ALL` for
/// `fence.acq_rel` and before release stores, where a seq_cst fence is a
/// sound strengthening. Scopes: [76:79) = CTA, SM (wider than a CTA: treated
/// as cluster), GPU, SYS; `.VC` and the invalid values are refused.
fn membar(l: &mut Lifter) -> Result<(), LiftError> {
    let scope = match bits(l.word, 76, 79) {
        0 => Scope::Workgroup,
        1 => Scope::Cluster,
        2 => Scope::Device,
        3 => Scope::System,
        s => return Err(l.unsupported(format!("MEMBAR scope field {s} (.VC or invalid)"))),
    };
    if bits(l.word, 79, 81) == 3 {
        return Err(l.unsupported("MEMBAR semantics field 3 (invalid)"));
    }
    let order = Order::SeqCst;
    l.emit(Op::Fence { scope, order });
    Ok(())
}
