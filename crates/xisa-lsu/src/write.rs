//! IR atomics written as lsu instructions: the row is found by the semantics
//! the rules state (addressing, action, width, return), never by mnemonic,
//! and printed by the disassembler's printer.

use xisa_frontend::{atomic_data, AtomicSpec, WrittenAtomic};
use xisa_ir::{Scope, Space};

use crate::asm::print_inst;
use crate::codec::Inst;
use crate::lift::scope_cpol;
use crate::rules::{atom_type, tables, Action, Addressing, AtomWhere, Slot};

/// First data register of the fragment convention.
const DATA: u8 = 2;

/// Writes `spec` as one lsu instruction (see
/// [`xisa_frontend::WrittenAtomic`] for the register convention): the
/// address in `v[0:1]` (global) or `v0` (shared), data from `v2` (`cmpxchg`:
/// compare first), the old value back in the first data register(s).
pub fn write_atomic(spec: &AtomicSpec) -> Result<WrittenAtomic, String> {
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
    let inst = Inst {
        rd: DATA,
        cpol,
        ..Inst::new(id)
    };
    let data = atomic_data(spec.op, spec.ty, true);
    let name = |i: usize| format!("v{}", DATA as usize + i);
    let words = spec.ty.bytes() as usize / 4;
    Ok(WrittenAtomic {
        text: print_inst(&inst),
        returned: if spec.returns {
            (0..words).map(name).collect()
        } else {
            Vec::new()
        },
        data: data
            .into_iter()
            .enumerate()
            .map(|(i, d)| (name(i), d))
            .collect(),
    })
}
