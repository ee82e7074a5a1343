//! Control flow, special registers, warp operations, barriers and fences.

use std::collections::{BTreeSet, HashMap};
use xisa_ir::op;

use xisa_ir::{
    BarOp, BinOp, CvtOp, HostFn, ICond, Op, Operand, Order, Reg, SReg, Scope, Term, Type, VoteMode,
};

use super::view::{holds_register, Val};
use super::{mnemonic, File, LiftError, LiftFn, Lifter};
use crate::loader::DriverFn;
use crate::{Decoded, FieldKind, Operand as FieldOperand};

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

/// Whether a CALL goes to a target printed as an address (`CALL.REL
/// 0x310`, `CALL.ABS 0x...`), not through a register.
pub(crate) fn is_direct_call(d: &Decoded) -> bool {
    mnemonic(d) == "CALL" && !through_register(d)
}

/// Whether a call's target operand (position 1) holds a register (`R8
/// 0x0`, `UR4`).
fn through_register(d: &Decoded) -> bool {
    d.syntax
        .slots
        .get(1)
        .is_some_and(|p| holds_register(p, &d.fields))
}

/// Block leaders: 0, every branch/call target inside the code (`BRX`
/// targets from `brx`, the device functions an indirect call may reach) and
/// every instruction after a branch, call, return, exit or trap. `code`
/// holds each instruction's decode (an error where the decoder rejects the
/// word: lifting refuses it if it is reached).
pub(crate) fn leaders(
    code: &[Result<Decoded, crate::DecodeError>],
    brx: &HashMap<u64, Vec<u64>>,
    functions: &[u64],
) -> Vec<u64> {
    let end = (code.len() * 16) as u64;
    let inside = |t: u64| t < end && t.is_multiple_of(16);
    let mut set = BTreeSet::new();
    set.insert(0u64);
    set.extend(functions.iter().copied().filter(|&f| inside(f)));
    for (i, d) in code.iter().enumerate() {
        let Ok(d) = d else { continue };
        let pc = (i * 16) as u64;
        let m = mnemonic(d);
        if m == "BRA" || is_direct_call(d) {
            // A `CALL.ABS` target is an absolute address in the linked
            // code (`loader::link_code`); a relative one is decoded as one.
            let targets = d
                .fields
                .iter()
                .filter(|f| f.kind == FieldKind::Rel || (m == "CALL" && f.kind == FieldKind::UImm));
            for f in targets {
                if let Some(FieldOperand::Imm(t)) = f.operand {
                    set.extend(Some(t as u64).filter(|&t| inside(t)));
                }
            }
        }
        if matches!(m, "BRX" | "BRXU") {
            set.extend(brx.get(&pc).into_iter().flatten().filter(|&&t| inside(t)));
        }
        if matches!(m, "BRA" | "EXIT" | "CALL" | "RET" | "BRX" | "BRXU" | "BPT") && pc + 16 < end {
            set.insert(pc + 16);
        }
    }
    set.into_iter().collect()
}

/// The control, warp, barrier and fence ops, by mnemonic, lifted from
/// their syntax (`view.rs`).
pub(crate) const OPS: &[(&str, LiftFn)] = &[
    ("BRA", bra),
    ("EXIT", exit),
    ("CALL", call),
    ("RET", ret),
    ("LEPC", lepc),
    ("BRX", brx),
    ("BRXU", brx),
    ("BPT", bpt),
    ("MATCH", match_),
    ("BMOV", bmov),
    ("S2R", s2r),
    ("S2UR", s2r),
    ("CS2R", cs2r),
    ("SHFL", shfl),
    ("VOTE", vote),
    ("VOTEU", vote),
    ("BAR", barrier),
    ("B2R", b2r),
    ("MEMBAR", membar),
    // Reconvergence hints and scheduling: the runtime reconverges at sync
    // points (`BRA.DIV` below), so these have no effect. BREAK takes lanes
    // out of a convergence barrier, which is not modelled either: a lane
    // that breaks simply branches on. CCTL manages caches the host keeps
    // coherent.
    ("NOP", no_effect),
    ("BSSY", no_effect),
    ("BSYNC", no_effect),
    ("BREAK", no_effect),
    ("WARPSYNC", no_effect),
    ("YIELD", no_effect),
    ("DEPBAR", no_effect),
    ("NANOSLEEP", no_effect),
    ("ERRBAR", no_effect),
    ("CCTL", no_effect),
];

/// See [`OPS`].
fn no_effect(l: &mut Lifter) -> Result<(), LiftError> {
    l.no_effect()
}

/// Folds a branch's condition predicate (operand `pos`, `@Pg BRA Pc`) into
/// the guard: the branch is taken when both hold. `false`: the condition
/// is `!PT` and the branch is never taken.
fn branch_condition(l: &mut Lifter, pos: usize) -> Result<bool, LiftError> {
    let o = l.opnd(pos, &["!"])?;
    let cp = match o.val {
        Val::Absent => return Ok(true),
        Val::P(n) => n,
        _ => {
            return Err(l.unsupported(format!(
                "{}: operand {pos} is not a condition predicate",
                l.form_name()
            )))
        }
    };
    if cp == 7 {
        return Ok(!o.not);
    }
    // The combined predicate is computed unguarded, then guards the branch.
    let g = l.guard.take();
    let c = l.read_pred_file(File::P, cp, o.not);
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
    Ok(true)
}

/// A branch or call target at operand `pos` (absolute, in the kernel).
fn target_at(l: &mut Lifter, pos: usize) -> Result<u64, LiftError> {
    match l.opnd(pos, &[])?.val {
        Val::Imm(t) => Ok(t as u64),
        _ => Err(l.unsupported(format!("{}: operand {pos} is not a target", l.form_name()))),
    }
}

/// `BRA[.U][.DIV][.CONV] [Pc,] target`: `br`, or `brc` under a guard.
/// `.U` says the condition is warp-uniform (a hint). `.DIV` and `.CONV`
/// branch on the warp's convergence, which xisa does not track; both are
/// taken. ptxas guards warp-collective fast paths with them: `BRA.DIV`
/// jumps to the path that is valid in every state
/// (`__cuda_sm70_votesync_*`: WARPSYNC, then the vote); `BRA.CONV` jumps
/// over a call of `__cuda_sm70_warpsync`, whose WARPSYNC has no effect here
/// (the runtime reconverges lanes at every collective).
fn bra(l: &mut Lifter) -> Result<(), LiftError> {
    l.mods(&["U", "DIV", "CONV"])?;
    let t = target_at(l, 1)?;
    if !branch_condition(l, 0)? {
        return Ok(());
    }
    let Some(&b) = l.block_at.get(&t) else {
        return Err(l.unsupported(format!("BRA to {t:#x}, outside the kernel")));
    };
    l.branch_guarded(b);
    Ok(())
}

/// `EXIT [Pc]`: to the exit block, under the guard and condition.
fn exit(l: &mut Lifter) -> Result<(), LiftError> {
    l.mods(&[])?;
    if branch_condition(l, 0)? {
        let b = l.exit_block();
        l.branch_guarded(b);
    }
    Ok(())
}

/// `LEPC Rd`: the code address of this instruction, its offset in the
/// kernel (ptxas only uses it to build a return address, which the IR's
/// calls do not need).
fn lepc(l: &mut Lifter) -> Result<(), LiftError> {
    l.write_pair_at(0, Operand::Imm(l.b.pc))
}

/// `CALL.REL[.NOINC] [Pc,] target`, `CALL.REL.NOINC [Pc,] Ra base`,
/// `CALL.ABS.NOINC [Pc,] Ra[ off]`. `.NOINC`: the hardware's call-depth
/// count, not modelled.
fn call(l: &mut Lifter) -> Result<(), LiftError> {
    let m = l.mods(&["REL", "ABS", "NOINC"])?;
    let by_reg = l.form.as_ref().is_some_and(through_register);
    match (m.has("ABS"), by_reg) {
        (false, false) => call_rel(l),
        (false, true) => call_indirect(l),
        (true, true) if m.has("NOINC") => call_abs(l),
        (true, true) => Err(l.unsupported(format!("{}: CALL.ABS without .NOINC", l.form_name()))),
        (true, false) if m.has("NOINC") => call_abs_imm(l),
        (true, false) => Err(l.unsupported(format!("{}: CALL.ABS without .NOINC", l.form_name()))),
    }
}

/// `CALL.ABS.NOINC [Pc,] address` (debug builds: a call to a device
/// function in another section, or to a driver function, the address
/// relocated by the loader, [`crate::loader::CubinKernel::functions`]):
/// `call` to the linked function, or the driver function's `hostcall`;
/// CUDA's device runtime calls the cooperative-groups syscalls so
/// (`cudaCGSynchronize` → `__cuda_syscall_CGS_sync`: `bar.grid`,
/// [`DriverFn`]). The return address the caller passes in R20:R21 (read back by
/// `RET.ABS.NODEC R20`) is the next instruction, which the IR's return
/// stack gives.
fn call_abs_imm(l: &mut Lifter) -> Result<(), LiftError> {
    // Opcode 0x943 holds the absolute address; `.ABS` on the relative form
    // (0x944, whose field nvdisasm prints as a relative target) has no
    // known meaning.
    if l.word & 0xfff != 0x943 {
        return Err(l.unsupported(format!(
            "{}: CALL.ABS with a relative target",
            l.form_name()
        )));
    }
    let t = target_at(l, 1)?;
    if !branch_condition(l, 0)? {
        return Ok(());
    }
    let pc = l.b.pc;
    let Some(&next) = l.block_at.get(&(pc + 16)) else {
        return Err(l.unsupported("CALL.ABS: the return point is outside the kernel"));
    };
    let term = if let Some(f) = crate::loader::HOST_FUNCTIONS.iter().find(|f| f.addr == t) {
        let outer = l.b.position();
        let saved = l.guard.take();
        let stem = f.name.trim_start_matches('_');
        let block = driver_call(l, f.service, stem, next);
        l.b.restore(outer);
        l.guard = saved;
        Term::Br(block)
    } else if let (true, Some(&b)) = (l.k.functions.contains(&t), l.block_at.get(&t)) {
        Term::Call {
            target: b,
            ret: next,
        }
    } else {
        return Err(l.unsupported(format!(
            "CALL.ABS to {t:#x}: neither a linked device function nor a driver function"
        )));
    };
    terminate_guarded(l, "callabs", term);
    Ok(())
}

/// Ends the instruction with `term` under its guard: directly when it has
/// none, else in a block `L_<pc>_<what>` the guard branches to.
fn terminate_guarded(l: &mut Lifter, what: &str, term: Term) {
    if l.guard.is_none() {
        l.terminate(term);
    } else {
        let c = l.new_block(format!("L_{:04x}_{what}", l.b.pc), term);
        l.branch_guarded(c);
    }
}

/// `CALL.REL target`: `call target, next`.
fn call_rel(l: &mut Lifter) -> Result<(), LiftError> {
    let t = target_at(l, 1)?;
    if !branch_condition(l, 0)? {
        return Ok(());
    }
    let (Some(&b), Some(&next)) = (l.block_at.get(&t), l.block_at.get(&(l.b.pc + 16))) else {
        return Err(l.unsupported("CALL.REL target or return point outside the kernel"));
    };
    let term = Term::Call {
        target: b,
        ret: next,
    };
    terminate_guarded(l, "call", term);
    Ok(())
}

/// `BRX [Pc,] Ra imm` / `BRXU [Pc,] URa imm`: jumps to `pc + 16 + imm +
/// Ra:Ra+1` (imm: a byte offset from the next instruction; ptxas loads Ra
/// from a jump table of function offsets in `c[0x2]` and sets Ra+1 to its
/// sign). Lifted as a `switch` over the targets
/// EIATTR_INDIRECT_BRANCH_TARGETS lists for this pc; any other target traps
/// (block `brx_<pc>_bad_target`), naming the pc.
fn brx(l: &mut Lifter) -> Result<(), LiftError> {
    l.mods(&[])?;
    let (ra, off) = l.reg_imm_at(1)?;
    let Some(ts) = l.brx_targets.get(&l.b.pc).cloned() else {
        return Err(
            l.unsupported("BRX without an EIATTR_INDIRECT_BRANCH_TARGETS record for its pc")
        );
    };
    if !branch_condition(l, 0)? {
        return Ok(());
    }
    let mut blocks = Vec::new();
    for t in &ts {
        match l.block_at.get(t) {
            Some(&b) => blocks.push(b),
            None => return Err(l.unsupported(format!("BRX target {t:#x} outside the kernel"))),
        }
    }
    let base = (l.b.pc as i64 + 16 + off) as u64;
    let r = read_pair_val(l, ra)?;
    let target = l.bin(BinOp::Add, Type::I64, r, Operand::Imm(base));
    let idx = target_index(l, target, &ts);
    switch_or_trap(l, "brx", idx, blocks);
    Ok(())
}

/// The 64-bit pair a register operand names.
fn read_pair_val(l: &mut Lifter, v: Val) -> Result<Operand, LiftError> {
    match v {
        Val::R(n) => Ok(l.read_pair_file(File::R, n)),
        Val::UR(n) => Ok(l.read_pair_file(File::UR, n)),
        _ => Err(l.unsupported(format!("{}: not a register pair", l.form_name()))),
    }
}

/// Branches (under the guard) to a `switch` on `idx` over `cases`, whose
/// default traps in block `<what>_<pc>_bad_target` (BRX, indirect calls).
fn switch_or_trap(l: &mut Lifter, what: &str, idx: Reg, cases: Vec<xisa_ir::BlockId>) {
    let bad = bad_target(l, what);
    let sw = l.new_block(
        format!("L_{:04x}_{what}", l.b.pc),
        Term::Switch {
            index: idx,
            targets: cases,
            default: bad,
        },
    );
    l.branch_guarded(sw);
}

/// The trap block `<what>_<pc>_bad_target` an indirect jump or call ends
/// in when its target is none the code allows (the name the fault shows).
fn bad_target(l: &mut Lifter, what: &str) -> xisa_ir::BlockId {
    l.new_block(format!("{what}_{:#x}_bad_target", l.b.pc), Term::Trap)
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
        l.emit(Op::Select(op::Select {
            ty: Type::I32,
            dst: idx,
            cond: hit,
            a: Operand::Imm(k as u64),
            b: idx.into(),
        }));
    }
    idx
}

/// `BPT.TRAP imm` (`__trap()`, PTX `trap`): the launch stops with a trap
/// at block `bpt_trap_<pc>`; the code only tells a debugger which trap it
/// was. Other BPT modes (PAUSE, ...) are debugger operations: refused.
fn bpt(l: &mut Lifter) -> Result<(), LiftError> {
    let m = l.mods(&["TRAP"])?;
    if !m.has("TRAP") {
        return Err(l.unsupported(format!("{}: only BPT.TRAP is lifted", l.form_name())));
    }
    l.opnd(0, &[])?;
    let t = l.new_block(format!("bpt_trap_{:#x}", l.b.pc), Term::Trap);
    l.branch_guarded(t);
    Ok(())
}

/// `MATCH.ANY[.U64] Rd, Ra` / `MATCH.ALL[.U64] Pd, Rd, Ra` (`.U64`: Ra is
/// the pair): among the lanes executing it, ANY gives each lane the mask of
/// lanes whose value equals its own; ALL gives the mask of all of them and
/// Pd true when every value is equal, else 0 and false. The IR has no
/// match op: each lane reads every lane's value with 32 `shfl`s (whose
/// `valid` output says which lanes take part) and compares.
fn match_(l: &mut Lifter) -> Result<(), LiftError> {
    let m = l.mods(&["ANY", "ALL", "U64"])?;
    let (wide, any) = (m.has("U64"), m.has("ANY"));
    if any == m.has("ALL") {
        return Err(l.unsupported(format!("{}: neither ANY nor ALL", l.form_name())));
    }
    let ty = if wide { Type::I64 } else { Type::I32 };
    let (_, v) = l.src_at_width(2, &[], wide)?;
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
        l.emit(Op::Cvt(op::Cvt {
            op: CvtOp::Zext,
            to: Type::I32,
            from: Type::I1,
            rnd: xisa_ir::Round::Rn,
            sat: false,
            ftz: false,
            dst: bitv,
            src: p.into(),
        }));
        l.emit(Op::Bin(op::Bin {
            op: BinOp::Shl,
            ty: Type::I32,
            dst: bitv,
            a: bitv.into(),
            b: Operand::Imm(lane),
        }));
        l.emit(Op::Bin(op::Bin {
            op: BinOp::Or,
            ty: Type::I32,
            dst: acc,
            a: acc.into(),
            b: bitv.into(),
        }));
    };
    for lane in 0..32u64 {
        l.emit(Op::Shfl(op::Shfl {
            ty,
            dst: s,
            valid: Some(ok),
            src: val.into(),
            lane: Operand::Imm(lane),
        }));
        l.emit(Op::ICmp(op::ICmp {
            cond: ICond::Eq,
            ty,
            dst: hit,
            a: s.into(),
            b: val.into(),
        }));
        l.emit(Op::Bin(op::Bin {
            op: BinOp::And,
            ty: Type::I1,
            dst: hit,
            a: hit.into(),
            b: ok.into(),
        }));
        or_bit(l, eq, hit, lane);
        or_bit(l, act, ok, lane);
    }
    if any {
        if l.opnd(0, &[])?.val != Val::Absent {
            return Err(l.unsupported(format!("{}: MATCH.ANY with a Pd", l.form_name())));
        }
        l.write_at(1, eq.into())
    } else {
        let all = l.icmp(ICond::Eq, Type::I32, eq.into(), act.into());
        let m = l.select(Type::I32, all, act.into(), Operand::Imm(0));
        l.write_at(1, m)?;
        l.write_pred_at(0, all)
    }
}

/// The register and immediate of a `CALL Ra imm` and the block it returns
/// to; `None` when its condition is never true (nothing to lift). `what`
/// names the form in the error for a return point outside the kernel.
fn call_operands(
    l: &mut Lifter,
    what: &str,
) -> Result<Option<(Val, i64, xisa_ir::BlockId)>, LiftError> {
    let (ra, imm) = l.reg_imm_at(1)?;
    if !branch_condition(l, 0)? {
        return Ok(None);
    }
    let Some(&next) = l.block_at.get(&(l.b.pc + 16)) else {
        return Err(l.unsupported(format!("{what}: the return point is outside the kernel")));
    };
    Ok(Some((ra, imm, next)))
}

/// `CALL.REL.NOINC Ra base` (function pointers, virtual calls): the target
/// is the 64-bit `Ra:Ra+1` plus the base that the 48-bit word offset
/// [34, 82) gives relative to the next instruction (ptxas points it at the
/// kernel's start, so `Ra` holds a code offset, loaded from the function
/// table in constant bank 2). Lifted as a switch over the device functions
/// of the kernel's section, each case a `call`; any other target traps at
/// block `icall_<pc>_bad_target` (every target, when the section has no
/// device function). The return address ptxas also passes
/// (R20, read back by `RET.REL.NODEC R20`) is the next instruction, which
/// the IR's return stack gives.
fn call_indirect(l: &mut Lifter) -> Result<(), LiftError> {
    let Some((ra, base, next)) = call_operands(l, "CALL.REL.NOINC R")? else {
        return Ok(());
    };
    let funcs = l.k.functions.clone();
    if funcs.is_empty() {
        // No device function a pointer could name: reaching the call traps,
        // as any target outside the kernel's functions does (Numba's NRT
        // has such calls of a destructor pointer, made only when it is
        // not null), instead of refusing the whole kernel.
        let bad = bad_target(l, "icall");
        l.branch_guarded(bad);
        return Ok(());
    }
    let r = read_pair_val(l, ra)?;
    let target = l.bin(BinOp::Add, Type::I64, r, Operand::Imm(base as u64));
    let idx = target_index(l, target, &funcs);
    let mut cases = Vec::new();
    for f in &funcs {
        let Some(&fb) = l.block_at.get(f) else {
            return Err(l.unsupported(format!(
                "CALL.REL.NOINC R: device function at {f:#x} is not on an instruction"
            )));
        };
        cases.push(l.new_block(
            format!("L_{:04x}_icall_{f:x}", l.b.pc),
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
/// ([`crate::loader::HOST_FUNCTIONS`]). Each function of that table
/// becomes its `hostcall` in a block of its own, with the ABI's arguments
/// from R4 up: `vprintf` (format R4:R5, argument buffer R6:R7; result in
/// R4), `__assertfail` (a failed device `assert`: message R4:R5, file
/// R6:R7, line R8, function R10:R11; it does not return), `malloc` (size
/// R4:R5; the block's address in R4:R5) and `free` (pointer R4:R5); any
/// other target traps at block `callabs_<pc>_unknown_target`. The condition
/// predicate folds into the guard as for BRA.
fn call_abs(l: &mut Lifter) -> Result<(), LiftError> {
    let Some((ra, off, next)) = call_operands(l, "CALL.ABS")? else {
        return Ok(());
    };
    let r = read_pair_val(l, ra)?;
    let target = l.bin(BinOp::Add, Type::I64, r, Operand::Imm(off as u64));
    let pc = l.b.pc;
    // The service blocks, then the dispatch chain from the last one back.
    let outer = l.b.position();
    let saved_guard = l.guard.take();
    let mut blocks = Vec::new();
    // The host services only: a grid barrier in every printf kernel's
    // dispatch chain would make each launch of it a cooperative one (the
    // grid syscalls are reached by `CALL.ABS` to an immediate).
    for f in crate::loader::HOST_FUNCTIONS {
        if !matches!(f.service, DriverFn::Host(_)) {
            continue;
        }
        let stem = f.name.trim_start_matches('_');
        blocks.push((f.addr, stem, driver_call(l, f.service, stem, next)));
    }
    l.b.restore(outer);
    l.guard = saved_guard;
    let mut miss = l.new_block(format!("callabs_{pc:#x}_unknown_target"), Term::Trap);
    for (i, (addr, stem, block)) in blocks.into_iter().enumerate().rev() {
        // `target == addr` goes to the service, else down the chain.
        let hit = l.icmp(ICond::Eq, Type::I64, target, Operand::Imm(addr));
        let cond = l.in_reg(Type::I1, hit);
        let term = Term::BrCond {
            cond,
            then_: block,
            else_: miss,
        };
        let label = match i {
            0 => format!("L_{pc:04x}_callabs"),
            _ => format!("L_{pc:04x}_callabs_{stem}"),
        };
        miss = l.new_block(label, term);
    }
    l.branch_guarded(miss);
    Ok(())
}

/// The block of one driver call at the current pc: reads the arguments of
/// `func`, calls it and writes its result, then goes to `next` (a failed
/// assertion traps: its service stops the launch first).
fn driver_call(
    l: &mut Lifter,
    func: DriverFn,
    stem: &str,
    next: xisa_ir::BlockId,
) -> xisa_ir::BlockId {
    let local = Operand::Imm(super::LOCAL_WINDOW);
    let shared = Operand::Imm(super::SHARED_WINDOW);
    let term = match func {
        DriverFn::Host(HostFn::AssertFail) => Term::Trap,
        _ => Term::Br(next),
    };
    let block = l.new_block(format!("L_{:04x}_{stem}", l.b.pc), term);
    l.b.enter(block);
    let func = match func {
        DriverFn::Host(f) => f,
        DriverFn::GridHandle => {
            l.write_pair(4, Operand::Imm(crate::loader::GRID_HANDLE));
            return block;
        }
        DriverFn::GridSync => {
            l.emit(Op::Bar(op::Bar {
                op: BarOp::Grid,
                id: Operand::Imm(0),
                count: Operand::Imm(0),
                dst: None,
                pred: None,
            }));
            l.write_gpr(4, Operand::Imm(0));
            return block;
        }
    };
    let args = match func {
        HostFn::Printf => vec![l.read_pair(4), l.read_pair(6), local, shared],
        HostFn::AssertFail => {
            let (msg, file) = (l.read_pair(4), l.read_pair(6));
            let line = l.read_gpr(8);
            let line = l.zext64(line);
            vec![msg, file, line, l.read_pair(10), local, shared]
        }
        // One pointer argument (the loader names no CUDA function `Ockl`).
        HostFn::Malloc | HostFn::Free | HostFn::Ockl => vec![l.read_pair(4)],
    };
    let dst = func.result().map(|ty| l.tmp(ty));
    l.emit(Op::HostCall { func, dst, args });
    match (dst, func.result()) {
        (Some(d), Some(Type::I64)) => l.write_pair(4, d.into()),
        (Some(d), _) => l.write_gpr(4, d.into()),
        (None, _) => {}
    }
    block
}

/// `RET.{REL,ABS}[.NODEC] [Pc,] Ra target`: `ret`. The IR's calls return to
/// their call site; Ra (the return address ptxas passes) and the target
/// are not read: a program that returns elsewhere is not modelled.
/// `.NODEC`: the hardware's call-depth count, not modelled.
fn ret(l: &mut Lifter) -> Result<(), LiftError> {
    let m = l.mods(&["REL", "ABS", "NODEC"])?;
    if !m.has("REL") && !m.has("ABS") {
        return Err(l.unsupported(format!(
            "{}: only RET.REL and RET.ABS are lifted",
            l.form_name()
        )));
    }
    l.reg_imm_at(1)?;
    if !branch_condition(l, 0)? {
        return Ok(());
    }
    terminate_guarded(l, "ret", Term::Ret);
    Ok(())
}

/// `BMOV.32.CLEAR Rd, Bn` / `BMOV.32 Bn, Ra` (and the other BMOV forms):
/// the convergence-barrier state is not modelled (the runtime reconverges
/// at sync points): a read into a general register gives 0, writes vanish.
fn bmov(l: &mut Lifter) -> Result<(), LiftError> {
    let to_reg = matches!(l.opnd(0, &[])?.val, Val::R(_));
    l.no_effect()?;
    if to_reg {
        l.write_at(0, Operand::Imm(0))?;
    }
    Ok(())
}

/// A special register, by name, as an `i32`.
fn sysreg(l: &mut Lifter, name: &str) -> Result<Operand, LiftError> {
    let s = match name {
        "SR_LANEID" => SReg::LaneId,
        "SR_TID.X" => SReg::TidX,
        "SR_TID.Y" => SReg::TidY,
        "SR_TID.Z" => SReg::TidZ,
        "SR_CTAID.X" => SReg::CtaIdX,
        "SR_CTAID.Y" => SReg::CtaIdY,
        "SR_CTAID.Z" => SReg::CtaIdZ,
        // The warp slot in bits [8, 15) (ptxas extracts %warpid there);
        // xisa presents one SM, whose slots are the CTA's waves.
        "SR_VIRTID" => {
            let w = l.special(SReg::WaveId);
            return Ok(l.bin32(BinOp::Shl, w, Operand::Imm(8)));
        }
        // %smid: the one SM.
        "SR_VIRTUALSMID" => return Ok(Operand::Imm(0)),
        // %total_smem_size: the workgroup's shared memory, the kernel's
        // static part plus the launch's dynamic part.
        "SR_SMEMSZ" => {
            let d = l.special(SReg::DynSharedSize);
            let s = u64::from(l.k.shared_bytes);
            return Ok(l.bin32(BinOp::Add, d, Operand::Imm(s)));
        }
        // The counters' low words; their high words are 0.
        "SR_CLOCKLO" | "SR_GLOBALTIMERLO" => SReg::Clock,
        "SR_CLOCKHI" | "SR_GLOBALTIMERHI" | "SRZ" => return Ok(Operand::Imm(0)),
        // The lowest offset the lane's stack may grow down to: debug builds
        // trap when the stack pointer falls below it. xisa's stack is the
        // whole local window, from 0 up (its accesses are bounds-checked).
        "SR_LMEMHIOFF" => return Ok(Operand::Imm(0)),
        _ => return lanemask(l, name),
    };
    Ok(l.special(s))
}

/// SR_EQMASK/LTMASK/LEMASK/GTMASK/GEMASK computed from the lane id.
fn lanemask(l: &mut Lifter, name: &str) -> Result<Operand, LiftError> {
    let lane = l.special(SReg::LaneId);
    let eq = l.bin32(BinOp::Shl, Operand::Imm(1), lane);
    let lt = l.bin32(BinOp::Sub, eq, Operand::Imm(1));
    let le = l.bin32(BinOp::Or, lt, eq);
    Ok(match name {
        "SR_EQMASK" => eq,
        "SR_LTMASK" => lt,
        "SR_LEMASK" => le,
        "SR_GTMASK" => l.bin32(BinOp::Xor, le, Operand::Imm(0xffff_ffff)),
        "SR_GEMASK" => l.bin32(BinOp::Xor, lt, Operand::Imm(0xffff_ffff)),
        _ => {
            return Err(l.unsupported(format!(
                "{}: special register {name} is not lifted",
                l.form_name()
            )))
        }
    })
}

/// The special register at operand `pos`.
fn sysreg_at(l: &mut Lifter, pos: usize) -> Result<Operand, LiftError> {
    let o = l.opnd(pos, &[])?;
    if o.val != Val::Sys {
        return Err(l.unsupported(format!(
            "{}: operand {pos} is not a special register",
            l.form_name()
        )));
    }
    sysreg(l, &o.text)
}

/// `S2R Rd, SR` / `S2UR URd, SR`.
fn s2r(l: &mut Lifter) -> Result<(), LiftError> {
    l.mods(&[])?;
    let v = sysreg_at(l, 1)?;
    l.write_at(0, v)
}

/// `CS2R.32 Rd, SR`; `CS2R Rd, SR` writes the pair (the 64-bit counters:
/// their high words are 0; `SRZ` zeroes both).
fn cs2r(l: &mut Lifter) -> Result<(), LiftError> {
    let m = l.mods(&["32"])?;
    let v = sysreg_at(l, 1)?;
    if m.has("32") {
        l.write_at(0, v)
    } else {
        let v = l.join64(v, Operand::Imm(0));
        l.write_pair_at(0, v)
    }
}

/// `SHFL.MODE Pd, Rd, Ra, b, c`: PTX `shfl.sync` semantics computed with
/// ordinary ops (clamp = c[4:0], segment mask = c[12:8]), then an IR `shfl`
/// from the computed lane; Pd = the source lane was in range and took part.
fn shfl(l: &mut Lifter) -> Result<(), LiftError> {
    const MODES: [&str; 4] = ["IDX", "UP", "DOWN", "BFLY"];
    let m = l.mods(&MODES)?;
    let Some(mode) = MODES.iter().position(|t| m.has(t)) else {
        return Err(l.unsupported(format!("{}: no SHFL mode", l.form_name())));
    };
    let (_, src) = l.src_at(2, &[])?;
    let (_, b) = l.src_at(3, &[])?;
    let (_, c) = l.src_at(4, &[])?;
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
    l.emit(Op::Shfl(op::Shfl {
        ty: Type::I32,
        dst,
        valid: Some(valid),
        src,
        lane: from,
    }));
    let p = l.bin(BinOp::And, Type::I1, ok, valid.into());
    l.write_at(1, dst.into())?;
    l.write_pred_at(0, p)
}

/// `VOTE.MODE Rd, Pd, Pp` / `VOTEU.MODE URd, UPd, Pp`: Rd = ballot(Pp),
/// Pd = all/any/uni(Pp) (`ALL`, `ANY`, `EQ`); the source is a vector
/// predicate in both.
fn vote(l: &mut Lifter) -> Result<(), LiftError> {
    let m = l.mods(&["ALL", "ANY", "EQ"])?;
    let mode = match m.pick(&["ALL", "ANY", "EQ"]) {
        Some("ALL") => VoteMode::All,
        Some("ANY") => VoteMode::Any,
        Some(_) => VoteMode::Uni,
        None => return Err(l.unsupported(format!("{}: no VOTE mode", l.form_name()))),
    };
    let src = l.opnd(2, &["!"])?;
    let Val::P(n) = src.val else {
        return Err(l.unsupported(format!(
            "{}: the source is not a P predicate",
            l.form_name()
        )));
    };
    let pred = l.read_pred_file(File::P, n, src.not);
    if l.dst_at(0, false)?.is_some() {
        let r = l.tmp(Type::I32);
        l.emit(Op::Vote {
            mode: VoteMode::Ballot,
            dst: r,
            pred,
        });
        l.write_at(0, r.into())?;
    }
    // The mode only matters when Pd is written.
    if l.dst_at(1, true)?.is_some() {
        let p = l.tmp(Type::I1);
        l.emit(Op::Vote { mode, dst: p, pred });
        l.write_pred_at(1, p.into())?;
    }
    Ok(())
}

/// `BAR.{SYNC,ARV,RED.POPC,RED.AND,RED.OR} id[, count][, Pp]` → `bar.*`
/// (named barriers with thread counts; the runtime completes a barrier when
/// its count is reached, a wave at a time). id and count are immediates or
/// registers; the count of a register is its bits [0, 12). When both are
/// registers the instruction reads one register packing both, as ptxas
/// builds it for `bar.sync %a, %b` (`(b << 16) | a`): id in bits [0, 16),
/// count in [16, 28). No count (or 0) means every thread of the workgroup.
/// `SCAN`, `SYNCALL` and `.DEFER_BLOCKING` are refused.
fn barrier(l: &mut Lifter) -> Result<(), LiftError> {
    let m = l.mods(&["SYNC", "ARV", "RED", "POPC", "AND", "OR"])?;
    let op = match (
        m.pick(&["SYNC", "ARV", "RED"]),
        m.pick(&["POPC", "AND", "OR"]),
    ) {
        (Some("SYNC"), None) => BarOp::Sync,
        (Some("ARV"), None) => BarOp::Arrive,
        (Some("RED"), Some("POPC")) => BarOp::RedPopc,
        (Some("RED"), Some("AND")) => BarOp::RedAnd,
        (Some("RED"), Some("OR")) => BarOp::RedOr,
        _ => {
            return Err(l.unsupported(format!(
                "{}: only BAR.SYNC, BAR.ARV and BAR.RED.{{POPC,AND,OR}} are lifted",
                l.form_name()
            )))
        }
    };
    let (io, co) = (l.opnd(0, &[])?, l.opnd(1, &[])?);
    let packed = matches!((io.val, co.val), (Val::R(_), Val::R(_)));
    let id = match io.val {
        Val::Imm(v) => Operand::Imm(v as u64),
        Val::R(n) => {
            let r = l.read_gpr(n);
            if packed {
                l.bin32(BinOp::And, r, Operand::Imm(0xffff))
            } else {
                r
            }
        }
        _ => return Err(l.unsupported(format!("{}: barrier id", l.form_name()))),
    };
    let count = match co.val {
        Val::Absent => Operand::Imm(0),
        Val::Imm(v) => Operand::Imm(v as u64),
        Val::R(n) => {
            let r = l.read_gpr(n);
            let r = if packed {
                l.bin32(BinOp::LShr, r, Operand::Imm(16))
            } else {
                r
            };
            l.bin32(BinOp::And, r, Operand::Imm(0xfff))
        }
        _ => return Err(l.unsupported(format!("{}: barrier count", l.form_name()))),
    };
    let (dst, pred) = if op.is_red() {
        let p = l.pred_at(2)?;
        (Some(l.bar_result()), Some(p))
    } else {
        (None, None)
    };
    l.emit(Op::Bar(op::Bar {
        op,
        id,
        count,
        dst,
        pred,
    }));
    Ok(())
}

/// `B2R.RESULT Rd[, Pd]`: the result of the last `BAR.RED`. Rd receives
/// the count (`.POPC`) or 0/1 (`.AND`/`.OR`); Pd is set when that value is
/// non-zero, which is the reduction itself for `.AND`/`.OR` (ptxas reads
/// only Pd after those and only Rd after `.POPC`). `B2R` reading a
/// barrier's state and `B2R.WARP` are refused.
fn b2r(l: &mut Lifter) -> Result<(), LiftError> {
    let m = l.mods(&["RESULT"])?;
    if !m.has("RESULT") {
        return Err(l.unsupported(format!(
            "{}: only B2R.RESULT is lifted (a barrier's state is not modelled)",
            l.form_name()
        )));
    }
    let r = l.bar_result();
    l.write_at(0, Operand::Reg(r))?;
    if l.dst_at(1, true)?.is_some() {
        let nz = l.icmp(ICond::Ne, Type::I32, Operand::Reg(r), Operand::Imm(0));
        l.write_pred_at(1, nz)?;
    }
    Ok(())
}

/// `MEMBAR[.SC|.ALL].{CTA,SM,GPU,SYS}` → a seq_cst fence of that scope.
///
/// `.SC`/`.ALL`/none is not an ordering strength for xisa: every MEMBAR
/// waits until the warp's earlier memory operations are performed, which
/// on an x86 host means draining the store buffer (`docs/scopes.md`);
/// ptxas uses `.ALL` for `fence.acq_rel` and before release stores, where a
/// seq_cst fence is a sound strengthening. SM is wider than a CTA: treated
/// as cluster. `.VC` and the other tokens are refused.
fn membar(l: &mut Lifter) -> Result<(), LiftError> {
    const SCOPES: [(&str, Scope); 4] = [
        ("CTA", Scope::Workgroup),
        ("SM", Scope::Cluster),
        ("GPU", Scope::Device),
        ("SYS", Scope::System),
    ];
    let m = l.mods(&["SC", "ALL", "CTA", "SM", "GPU", "SYS", "VC"])?;
    // `.VC` (scope code 5, which debug builds put before each EXIT with
    // ERRBAR) is not documented: lifted as the widest fence, which orders
    // at least as much as any narrower one.
    if m.has("VC") {
        l.emit(Op::Fence {
            scope: Scope::System,
            order: Order::SeqCst,
        });
        return Ok(());
    }
    let Some(&(_, scope)) = SCOPES.iter().find(|(t, _)| m.has(t)) else {
        return Err(l.unsupported(format!("{}: MEMBAR without a scope", l.form_name())));
    };
    l.emit(Op::Fence {
        scope,
        order: Order::SeqCst,
    });
    Ok(())
}
