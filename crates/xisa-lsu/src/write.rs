//! IR atomics written as lsu instructions: the row is found by the semantics
//! the rules state (addressing, action, width, return), never by mnemonic,
//! and printed by the disassembler's printer.

use xisa_frontend::{atomic_data, AtomicRegs, AtomicSpec, WrittenAtomic};
use xisa_ir::{Scope, Space};

use crate::asm::print_inst;
use crate::codec::{Inst, IMM_MAX, IMM_MIN};
use crate::lift::scope_cpol;
use crate::rules::{atom_type, tables, Action, Addressing, AtomWhere, Slot};

/// Writes `spec` as one lsu instruction on `regs`: the address in
/// `v[addr:addr+1]` (global) or `v[addr]` (shared) plus the offset, data
/// from `v[data]` (`cmpxchg`: compare first), the old value back in the
/// first data register(s) (`regs.dst` is not used: lsu returns in place).
pub fn write_atomic(spec: &AtomicSpec, regs: &AtomicRegs) -> Result<WrittenAtomic, String> {
    let (addressing, at) = match spec.space {
        Space::Global => (Addressing::Global, AtomWhere::L2),
        Space::Shared => (Addressing::Shared, AtomWhere::Workgroup),
        other => return Err(format!("lsu atomics are global or shared, not {other}")),
    };
    let t = tables();
    let id = t
        .rules
        .iter()
        .position(|r| {
            r.addressing == addressing
                && matches!(r.action, Action::Atom { op, at: w, bits, rtn }
                    if op == spec.op && w == at && rtn == spec.returns
                        && atom_type(op, bits) == spec.ty)
        })
        .ok_or_else(|| format!("no {} atomic performs it", spec.space))?;
    let rule = &t.rules[id];
    let cpol = if rule.operand(Slot::Cpol).is_some() {
        scope_cpol(spec.scope)
            .ok_or_else(|| format!("the cache policy names no {} scope", spec.scope))?
    } else if spec.scope == Scope::Workgroup {
        0
    } else {
        return Err(format!("{} atomics have workgroup scope only", spec.space));
    };
    let reg = |n: u32| u8::try_from(n).map_err(|_| format!("no register v{n}"));
    let imm = i32::try_from(regs.offset)
        .ok()
        .filter(|o| (IMM_MIN..=IMM_MAX).contains(o))
        .ok_or_else(|| format!("offset {} does not fit 24 signed bits", regs.offset))?;
    let inst = Inst {
        rd: reg(regs.data)?,
        rs1: reg(regs.addr)?,
        imm,
        cpol,
        ..Inst::new(id)
    };
    let text = print_inst(&inst);
    // The assembler checks what the fields cannot hold (register ranges).
    crate::assemble(&text).map_err(|e| e.to_string())?;
    let name = |i: usize| format!("v{}", regs.data as usize + i);
    let words = spec.ty.bytes() as usize / 4;
    Ok(WrittenAtomic {
        text,
        returned: if spec.returns {
            (0..words).map(name).collect()
        } else {
            Vec::new()
        },
        data: atomic_data(spec.op, spec.ty, true)
            .into_iter()
            .enumerate()
            .map(|(i, d)| (name(i), d))
            .collect(),
    })
}
