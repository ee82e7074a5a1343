//! IR atomics written as gfx942 instructions: the row is found by the
//! memory-semantics table (`gfx942_mem_semantics.tsv`: access `atomic`, the
//! IR op and type, `rtn`), the cache bits by the inverse of the lifter's
//! scope mapping, the word built from the format's fields and printed by the
//! disassembler's printer (and checked to reassemble to the same word).

use xisa_frontend::{atomic_data, AtomicRegs, AtomicSpec, WrittenAtomic};
use xisa_ir::{Scope, Space};

use super::asm::{assemble_inst, encode_fields};
use super::decode::decode_one;
use super::lift::mem::atomic_scope;
use super::memsem::{mem_row, Access, Data};
use super::print::print_inst;
use super::tables::tables;

/// `saddr` = off: the address is a 64-bit VGPR pair.
const SADDR_OFF: i64 = 0x7f;

/// Writes `spec` as one gfx942 instruction on `regs`: global atomics as
/// `global_atomic_*` (address `v[addr:addr+1]`, no scalar base; data from
/// `v[data]`, CAS: the new value first; the old value to `v[dst]` with
/// `sc0`; `sc1` for system scope), shared ones as `ds_*` (address `v[addr]`,
/// an unsigned 16-bit offset; CAS: the compare value first).
pub fn write_atomic(spec: &AtomicSpec, regs: &AtomicRegs) -> Result<WrittenAtomic, String> {
    let t = tables();
    let (format, variant) = match spec.space {
        Space::Global => ("FLAT", "global"),
        Space::Shared => ("DS", "-"),
        other => return Err(format!("gfx942 atomics are global or LDS, not {other}")),
    };
    let flat = format == "FLAT";
    let row = t
        .opcodes
        .iter()
        .find(|o| {
            t.formats[o.format].name == format
                && o.variant == variant
                && matches!(mem_row(&o.mnemonic), Some(Ok(m))
                    if m.access == Access::Atomic
                        && m.data == Data::Atom(spec.op, spec.ty)
                        && if flat { o.rtn || !spec.returns } else { m.flags.rtn == spec.returns })
        })
        .ok_or_else(|| {
            let space = if flat { "global" } else { "LDS" };
            format!("no {space} atomic performs it")
        })?;
    let words = i64::from(spec.ty.bytes() / 4);
    let (addr, data, dst) = (
        i64::from(regs.addr),
        i64::from(regs.data),
        i64::from(regs.dst),
    );
    let mut fields = vec![("addr", addr)];
    if flat {
        let sc1 = match spec.scope {
            s if s == atomic_scope(false) => 0,
            s if s == atomic_scope(true) => 1,
            s => return Err(format!("the cache bits name no {s} scope for atomics")),
        };
        fields.extend([
            ("data", data),
            ("saddr", SADDR_OFF),
            ("offset", regs.offset),
            ("sc0", i64::from(spec.returns)),
            ("sc1", sc1),
        ]);
    } else {
        if spec.scope != Scope::Workgroup {
            return Err("LDS atomics have workgroup scope only".into());
        }
        if !(0..=0xffff).contains(&regs.offset) {
            return Err(format!(
                "offset {} is not an unsigned 16-bit LDS offset",
                regs.offset
            ));
        }
        fields.extend([
            ("data0", data),
            ("offset0", regs.offset & 0xff),
            ("offset1", regs.offset >> 8),
        ]);
        if spec.op == xisa_ir::AtomOp::Cas {
            fields.push(("data1", data + words));
        }
    }
    if spec.returns {
        fields.push(("vdst", dst));
    }
    let bytes = encode_fields(row, &fields)?;
    let inst = decode_one(&bytes, 0).map_err(|e| e.to_string())?;
    let text = print_inst(&inst).map_err(|e| e.to_string())?;
    // The assembler is the oracle of the printed text (register ranges).
    match assemble_inst(&text) {
        Ok(b) if b == bytes => {}
        Ok(_) => return Err(format!("`{text}` reassembles to another word")),
        Err(e) => return Err(e.msg),
    }
    let name = |i: i64| format!("v{i}");
    Ok(WrittenAtomic {
        text,
        // FLAT CAS: the new value, then the compare value; DS: the compare
        // value (data0) first.
        data: atomic_data(spec.op, spec.ty, !flat)
            .into_iter()
            .zip(data..)
            .map(|(d, i)| (name(i), d))
            .collect(),
        returned: if spec.returns {
            (dst..dst + words).map(name).collect()
        } else {
            Vec::new()
        },
    })
}
