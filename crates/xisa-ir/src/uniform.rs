//! Wave-uniform values, computed once per workgroup instead of once per lane.
//!
//! Kernels start by deriving addresses and bounds from their parameters and the
//! launch geometry (`ctaid * ntid`, `param + offset`, ...): the same value in
//! every lane. [`hoist`] finds those instructions at the top of the entry block
//! and moves them into a *prologue* that the runtime evaluates once per
//! workgroup ([`eval_prologue`]), writing the results into every lane's
//! registers before the lanes start. In the kernel the engines compile, each
//! hoisted instruction becomes a self-move (`mov %r, %r`): instruction indices,
//! fault locations and instruction counts stay those of the original kernel,
//! and Cranelift emits no code for the self-move.
//!
//! An entry-block instruction is hoisted when
//! - it is unguarded, pure and lane-independent (arithmetic, logic, compares,
//!   selects, conversions, `special` of a workgroup-uniform register, or a
//!   `ld.param` at a constant in-bounds offset),
//! - all its register operands hold uniform values at that point (parameters,
//!   or registers defined by earlier hoisted instructions and not redefined),
//! - no earlier entry-block instruction reads or writes its destination (so
//!   setting the destination before the lane starts is unobservable),
//! - and no other instruction of the kernel writes its destination: the
//!   lanes never change a hoisted value, so the runtime writes it into them
//!   only when it differs from the previous workgroup's (launch-wide values
//!   once per launch); a temporary the kernel reuses costs less to compute
//!   in each lane than to copy into each lane for every workgroup.
//!
//! Scanning stops at the first sync point.

use crate::inst::{Address, Inst, Op, Operand, Reg, SReg};
use crate::kernel::Kernel;
use crate::op;
use crate::semantics as sem;
use crate::types::Space;

/// Launch geometry the prologue may read.
#[derive(Debug, Clone, Copy, Default)]
pub struct UniformEnv {
    pub ntid: [u32; 3],
    pub ctaid: [u32; 3],
    pub nctaid: [u32; 3],
    pub wave_size: u32,
    pub dyn_shared_base: u32,
    pub dyn_shared_size: u32,
    pub grid_id: u32,
    /// Bytes of each lane's local memory ([`SReg::LocalSize`]).
    pub local_size: u32,
}

/// Splits `kernel` into a per-workgroup prologue and the per-lane kernel (see
/// the module docs). Returns the rewritten kernel and the prologue, in order.
pub fn hoist(kernel: &Kernel) -> (Kernel, Vec<Inst>) {
    let mut k = kernel.clone();
    let mut prologue = Vec::new();
    // A lane that branched back to the entry block would re-run it: the
    // hoisted instructions (now self-moves) would not recompute their values.
    let entry_targeted = kernel.blocks.iter().any(|b| {
        b.term.successors().contains(&crate::BlockId(0))
            || matches!(b.term, crate::Term::Call { ret, .. } if ret.0 == 0)
    });
    if entry_targeted {
        return (k, prologue);
    }
    let Some(entry) = k.blocks.first_mut() else {
        return (k, prologue);
    };
    let n = kernel.regs.len();
    let mut uniform = vec![false; n];
    for &p in &kernel.params {
        if let Some(u) = uniform.get_mut(p.0 as usize) {
            *u = true;
        }
    }
    // Instructions writing each register: a hoisted value must be the only
    // one its register ever holds, so that the lanes never change it and
    // the runtime writes it only when it differs from the last
    // workgroup's (a temporary the kernel reuses is cheaper to compute in
    // each lane than to copy into each lane every workgroup).
    let mut writers = vec![0u32; n];
    for inst in kernel.blocks.iter().flat_map(|b| &b.insts) {
        for d in inst.op.defs() {
            writers[d.0 as usize] += 1;
        }
    }
    // Registers some earlier entry instruction read or wrote.
    let mut touched = vec![false; n];
    let param_size = kernel.param_size() as u64;
    for inst in entry.insts.iter_mut() {
        if inst.op.is_sync() {
            break;
        }
        let defs = inst.op.defs();
        let uses: Vec<Reg> = inst
            .op
            .reg_uses()
            .into_iter()
            .chain(inst.guard.map(|g| g.reg))
            .collect();
        let ok = inst.guard.is_none()
            && defs.len() == 1
            && hoistable(&inst.op, param_size)
            && uses.iter().all(|r| uniform[r.0 as usize])
            && !touched[defs[0].0 as usize]
            && writers[defs[0].0 as usize] == 1;
        for r in &uses {
            touched[r.0 as usize] = true;
        }
        if ok {
            let d = defs[0];
            uniform[d.0 as usize] = true;
            touched[d.0 as usize] = true;
            let ty = k.regs[d.0 as usize].ty;
            let mut moved = Inst::new(Op::Mov {
                ty,
                dst: d,
                src: Operand::Reg(d),
            });
            moved.pc = inst.pc;
            prologue.push(std::mem::replace(inst, moved));
        } else {
            for d in defs {
                uniform[d.0 as usize] = false;
                touched[d.0 as usize] = true;
            }
        }
    }
    (k, prologue)
}

fn workgroup_uniform(s: SReg) -> bool {
    !matches!(
        s,
        SReg::TidX | SReg::TidY | SReg::TidZ | SReg::LaneId | SReg::WaveId | SReg::Clock
    )
}

fn hoistable(op: &Op, param_size: u64) -> bool {
    match op {
        op if op.is_value() => true,
        Op::Special { sreg, .. } => workgroup_uniform(*sreg),
        Op::Load(op::Load {
            space: Space::Param,
            mem,
            addr:
                Address::Flat {
                    base: Operand::Imm(b),
                    offset,
                },
            dsts,
            ..
        }) => {
            // A constant in-bounds offset: it can neither fault nor vary.
            let at = crate::inst::window_offset(*b, *offset);
            dsts.len() == 1 && at <= param_size && mem.bytes() as u64 <= param_size - at
        }
        _ => false,
    }
}

/// Evaluates a prologue from [`hoist`] with the exact semantics, given the
/// initial register values (parameters set, the rest 0), the parameter block
/// and the geometry. Writes the results into `regs`.
pub fn eval_prologue(
    kernel: &Kernel,
    prologue: &[Inst],
    regs: &mut [u64],
    params: &[u8],
    env: &UniformEnv,
) {
    let get = |regs: &[u64], o: Operand| match o {
        Operand::Reg(r) => regs[r.0 as usize],
        Operand::Imm(v) => v,
    };
    for inst in prologue {
        if let Some((d, v)) = sem::value(&inst.op, |o| get(regs, o)) {
            regs[d.0 as usize] = v & kernel.regs[d.0 as usize].ty.mask();
            continue;
        }
        let v = match inst.op {
            Op::Special { sreg, .. } => special(sreg, env),
            Op::Load(op::Load {
                mem,
                addr: Address::Flat { base, offset },
                ..
            }) => {
                let at = crate::inst::window_offset(get(regs, base), offset) as usize;
                let n = mem.bytes() as usize;
                let mut v = 0u64;
                for (i, b) in params.iter().skip(at).take(n).enumerate() {
                    v |= (*b as u64) << (8 * i);
                }
                match mem.kind {
                    crate::inst::MemKind::S8 => sem::sext(crate::Type::I8, v) as u64,
                    crate::inst::MemKind::S16 => sem::sext(crate::Type::I16, v) as u64,
                    _ => v,
                }
            }
            // `hoist` admits nothing else.
            _ => continue,
        };
        if let Some(&d) = inst.op.defs().first() {
            let ty = kernel.regs[d.0 as usize].ty;
            regs[d.0 as usize] = v & ty.mask();
        }
    }
}

fn special(s: SReg, e: &UniformEnv) -> u64 {
    (match s {
        SReg::NTidX => e.ntid[0],
        SReg::NTidY => e.ntid[1],
        SReg::NTidZ => e.ntid[2],
        SReg::CtaIdX => e.ctaid[0],
        SReg::CtaIdY => e.ctaid[1],
        SReg::CtaIdZ => e.ctaid[2],
        SReg::NCtaIdX => e.nctaid[0],
        SReg::NCtaIdY => e.nctaid[1],
        SReg::NCtaIdZ => e.nctaid[2],
        SReg::WaveSize => e.wave_size,
        SReg::DynSharedBase => e.dyn_shared_base,
        SReg::DynSharedSize => e.dyn_shared_size,
        SReg::GridId => e.grid_id,
        SReg::LocalSize => e.local_size,
        // Lane-varying registers are never hoisted.
        SReg::TidX | SReg::TidY | SReg::TidZ | SReg::LaneId | SReg::WaveId | SReg::Clock => 0,
    }) as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::parse_module;

    #[test]
    fn nothing_is_hoisted_when_the_entry_is_a_branch_target() {
        let src = "kernel @k(%n: i32) {
  reg %c: i32
entry:
  %c = add.i32 %n, 1
  br entry
}";
        let m = parse_module(src).unwrap();
        assert!(hoist(&m.kernels[0]).1.is_empty());
    }

    #[test]
    fn hoists_the_uniform_prefix_only() {
        let src = "kernel @k(%p: i64, %n: i32) {
  reg %c: i32, %b: i32, %t: i32, %i: i32, %a: i64, %q: i1, %x: i32
entry:
  %c = special.ctaid.x
  %b = special.ntid.x
  %t = special.tid.x
  %i = mad.i32 %c, %b, %t
  %x = mul.i32 %c, %b
  %a = cvt.zext.i64.i32 %n
  %a = add.i64 %a, %p
  %q = icmp.ult.i32 %i, %n
  exit
}";
        let m = parse_module(src).unwrap();
        let k = &m.kernels[0];
        let (rk, pro) = hoist(k);
        crate::verify::verify_kernel(&rk).unwrap();
        // ctaid, ntid and ctaid*ntid are hoisted; tid-derived values are not;
        // %a is uniform but written twice (the lanes would change it).
        assert_eq!(pro.len(), 3, "{pro:?}");
        assert_eq!(rk.inst_count(), k.inst_count());
        let mut regs = vec![0u64; k.regs.len()];
        regs[0] = 0x1000;
        regs[1] = 77;
        let env = UniformEnv {
            ntid: [64, 1, 1],
            ctaid: [3, 0, 0],
            nctaid: [9, 1, 1],
            wave_size: 32,
            dyn_shared_base: 0,
            dyn_shared_size: 0,
            grid_id: 1,
            local_size: 0,
        };
        eval_prologue(k, &pro, &mut regs, &[], &env);
        assert_eq!(regs[2], 3);
        assert_eq!(regs[3], 64);
        assert_eq!(regs[8], 192);
        assert_eq!(regs[6], 0);
    }
}
