//! IR atomics written as CDNA 5 VGLOBAL instructions: the row is found by
//! the semantics column (operation and type), the scope by the inverse of
//! the lifter's SCOPE mapping, and the text printed by the disassembler's
//! printer.

use xisa_frontend::{atomic_data, AtomicSpec, WrittenAtomic};
use xisa_ir::Space;

use crate::cdna5::asm::print_inst;
use crate::cdna5::codec::{Inst, SADDR_OFF, TH_RETURN};
use crate::cdna5::lift::ir_scope;
use crate::cdna5::rules::{tables, Sem};

/// First data register of the fragment convention.
const DATA: u8 = 2;

/// Writes `spec` as one VGLOBAL atomic (see [`xisa_frontend::WrittenAtomic`]
/// for the register convention): the address in `v[0:1]` (no scalar base),
/// data from `v2` (`cmpswap`: the new value first, then the compare value),
/// the old value after the data.
pub fn write_atomic(spec: &AtomicSpec) -> Result<WrittenAtomic, String> {
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
    let inst = Inst {
        rule,
        vdst: DATA + r.data_regs,
        vaddr: 0,
        vsrc: DATA,
        saddr: SADDR_OFF,
        th: if spec.returns { TH_RETURN } else { 0 },
        scope,
        scale_offset: false,
        nv: false,
        ioffset: 0,
    };
    let name = |i: u8| format!("v{i}");
    Ok(WrittenAtomic {
        text: print_inst(&inst),
        data: atomic_data(spec.op, spec.ty, false)
            .into_iter()
            .zip(DATA..)
            .map(|(d, i)| (name(i), d))
            .collect(),
        returned: if spec.returns {
            (0..r.dst_regs).map(|i| name(inst.vdst + i)).collect()
        } else {
            Vec::new()
        },
    })
}
