//! IR atomics written as CDNA 5 VGLOBAL instructions: the row is found by
//! the semantics column (operation and type), the scope by the inverse of
//! the lifter's SCOPE mapping, and the text printed by the disassembler's
//! printer.

use xisa_frontend::{atomic_data, AtomicSpec, MemRegs, MemSpec, Refusal, Written};
use xisa_ir::Space;

use crate::cdna5::asm::print_inst;
use crate::cdna5::codec::{Inst, SADDR_OFF, TH_RETURN};
use crate::cdna5::lift::ir_scope;
use crate::cdna5::rules::{tables, Sem};

/// Writes `spec` as one VGLOBAL atomic on `regs`: the address in
/// `v[addr:addr+1]` (no scalar base) plus the offset, data from `v[data]`
/// (`cmpswap`: the new value first, then the compare value), the old value
/// in `v[dst]`.
pub fn write_mem(spec: &MemSpec, regs: &MemRegs) -> Result<Written, Refusal> {
    match spec {
        MemSpec::Atomic(a) => Ok(write_atomic(a, regs)?),
        // xisa's CDNA 5 frontend holds the VGLOBAL atomics only.
        _ => Err(Refusal::NotYet),
    }
}

fn write_atomic(spec: &AtomicSpec, regs: &MemRegs) -> Result<Written, String> {
    if spec.space != Space::Global {
        return Err(format!(
            "VGLOBAL atomics address global memory, not {}",
            spec.space
        ));
    }
    let t = tables();
    let rule = t
        .rules
        .iter()
        .position(|r| r.sem == Sem::Ir(spec.op) && r.ty.atom_type() == spec.ty)
        .ok_or("no VGLOBAL atomic performs it")?;
    let scope = (0..4u8)
        .find(|&s| ir_scope(s) == spec.scope)
        .ok_or_else(|| format!("SCOPE names no {} scope (CU is the narrowest)", spec.scope))?;
    let r = &t.rules[rule];
    let reg = |n: u32| u8::try_from(n).map_err(|_| format!("no register v{n}"));
    let inst = Inst {
        rule,
        vdst: reg(regs.dst)?,
        vaddr: reg(regs.addr)?,
        vsrc: reg(regs.data)?,
        saddr: match regs.ubase {
            Some(s) => reg(s)?,
            None => SADDR_OFF,
        },
        th: if spec.returns { TH_RETURN } else { 0 },
        scope,
        scale_offset: false,
        nv: false,
        ioffset: i32::try_from(regs.offset)
            .map_err(|_| format!("offset {} does not fit", regs.offset))?,
    };
    inst.validate().map_err(|e| e.to_string())?;
    let name = |i: u32| format!("v{i}");
    Ok(Written {
        text: print_inst(&inst),
        data: atomic_data(spec.op, spec.ty, false)
            .into_iter()
            .zip(regs.data..)
            .map(|(d, i)| (name(i), d))
            .collect(),
        returned: if spec.returns {
            (0..r.dst_regs as u32).map(|i| name(regs.dst + i)).collect()
        } else {
            Vec::new()
        },
    })
}
