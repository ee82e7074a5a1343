//! IR memory operations written as gfx942 instructions: the row is found by
//! the memory-semantics table (`gfx942_mem_semantics.tsv`: the access, the
//! IR atomic or element kind and count, `rtn`), the cache bits by the
//! inverse of the lifter's scope mappings, the word built from the format's
//! fields and printed by the disassembler's printer (and checked to
//! reassemble to the same word).

use xisa_frontend::{
    atomic_data, fence_half, AccessSpec, AtomicSpec, MemRegs, MemSpec, Refusal, Written,
};
use xisa_ir::{MemKind, MemType, Order, Scope, Space};

use super::asm::{assemble_inst, encode_fields};
use super::decode::decode_one;
use super::lift::mem::{atomic_scope, load_store_scope};
use super::memsem::{mem_row, Access, Data, MemSem};
use super::print::print_inst;
use super::tables::{tables, Opcode};

/// Writes `spec` as one gfx942 instruction on `regs` (see [`write_atomic`];
/// loads and stores as `global_load_*`/`global_store_*` and
/// `ds_read_*`/`ds_write_*`, data or destination from `v[data]`; fences as
/// `buffer_wbl2` (release) and `buffer_inv` (acquire)).
pub fn write_mem(spec: &MemSpec, regs: &MemRegs) -> Result<Written, Refusal> {
    match spec {
        MemSpec::Atomic(a) => Ok(write_atomic(a, regs)?),
        MemSpec::Load(a) => Ok(access(a, true, regs)?),
        MemSpec::Store(a) => Ok(access(a, false, regs)?),
        MemSpec::Fence { scope, order } => Ok(fence(*scope, *order)?),
    }
}

/// The FLAT `global` or DS row of `space` whose semantics satisfy `want`.
fn row(
    space: Space,
    what: &str,
    want: impl Fn(&Opcode, &MemSem) -> bool,
) -> Result<&'static Opcode, String> {
    let t = tables();
    let (format, variant) = match space {
        Space::Global => ("FLAT", "global"),
        Space::Shared => ("DS", "-"),
        other => return Err(format!("gfx942 {what} are global or LDS, not {other}")),
    };
    t.opcodes
        .iter()
        .find(|o| {
            t.formats[o.format].name == format
                && o.variant == variant
                && matches!(mem_row(&o.mnemonic), Some(Ok(m)) if want(o, m))
        })
        .ok_or_else(|| {
            let space = if format == "FLAT" { "global" } else { "LDS" };
            format!("no {space} {} performs it", &what[..what.len() - 1])
        })
}

/// Encodes `row` with `fields`, prints it, and checks that the text
/// reassembles to the same word (the assembler is the oracle of the
/// operands: register ranges and alignment).
fn finish(row: &Opcode, fields: &[(&str, i64)]) -> Result<String, String> {
    let bytes = encode_fields(row, fields)?;
    let inst = decode_one(&bytes, 0).map_err(|e| e.to_string())?;
    let text = print_inst(&inst).map_err(|e| e.to_string())?;
    match assemble_inst(&text) {
        Ok(b) if b == bytes => Ok(text),
        Ok(_) => Err(format!("`{text}` reassembles to another word")),
        Err(e) => Err(e.msg),
    }
}

/// The LDS offset fields of `regs` (an unsigned 16-bit offset; LDS takes
/// no uniform base).
fn ds_offset(regs: &MemRegs) -> Result<[(&'static str, i64); 2], String> {
    if regs.ubase.is_some() {
        return Err("LDS accesses take no uniform base".into());
    }
    let offset = regs.offset;
    if !(0..=0xffff).contains(&offset) {
        return Err(format!(
            "offset {offset} is not an unsigned 16-bit LDS offset"
        ));
    }
    Ok([("offset0", offset & 0xff), ("offset1", offset >> 8)])
}

/// An element kind and count.
type Shape = (MemKind, u8);

/// The element kind and count of the row of an access the lifter reads as
/// `spec` (an ordered two-dword access is one 8-byte element), and its
/// `sc0`/`sc1` bits.
fn access_bits(spec: &AccessSpec) -> Result<(Shape, (i64, i64)), String> {
    let MemType { kind, count } = spec.mem;
    if spec.order == Order::Weak {
        // Plain accesses: no cache bits, device scope as lifted.
        if spec.scope != Scope::Device || kind == MemKind::B64 {
            return Err(
                "plain accesses have no cache bits (device scope as lifted) and no 8-byte element"
                    .into(),
            );
        }
        return Ok(((kind, count), (0, 0)));
    }
    if spec.order != Order::Relaxed {
        return Err(format!(
            "the cache bits order no access {} (a fence and a wait)",
            spec.order
        ));
    }
    let bits = [(1, 0), (0, 1), (1, 1)]
        .into_iter()
        .find(|&(a, b)| load_store_scope(a == 1, b == 1) == Some(spec.scope))
        .ok_or_else(|| format!("the cache bits name no {} scope", spec.scope))?;
    Ok((crate::access::ordered_row(kind, count)?, bits))
}

/// A uniform load: `s_load_dword*` from the SGPR pair `s[addr:addr+1]` plus
/// the offset (21-bit signed) into `s[data..]`.
fn uniform_load(spec: &AccessSpec, regs: &MemRegs) -> Result<Written, String> {
    if spec.space != Space::Global || regs.ubase.is_some() {
        return Err("uniform loads read global memory at a uniform pair".into());
    }
    if spec.order != Order::Weak || spec.scope != Scope::Device {
        return Err("scalar loads are plain (weak, device scope as lifted)".into());
    }
    if !regs.addr.is_multiple_of(2) {
        return Err(format!(
            "s[{}:{}] is not an even SGPR pair",
            regs.addr,
            regs.addr + 1
        ));
    }
    let (kind, count) = (spec.mem.kind, spec.mem.count);
    let row = tables()
        .opcodes
        .iter()
        .find(|o| {
            tables().formats[o.format].name == "SMEM"
                && matches!(mem_row(&o.mnemonic), Some(Ok(m))
                    if m.access == Access::SLoad && m.data == Data::Mem(kind, count) && !m.flags.buffer)
        })
        .ok_or("no scalar load moves it")?;
    let fields = [
        ("sbase", i64::from(regs.addr / 2)),
        ("sdata", i64::from(regs.data)),
        ("imm", 1),
        ("offset", regs.offset),
    ];
    let text = finish(row, &fields)?;
    Ok(Written::load_into(text, "s", regs.data, u32::from(count)))
}

fn access(spec: &AccessSpec, load: bool, regs: &MemRegs) -> Result<Written, String> {
    if spec.uniform {
        return uniform_load(spec, regs);
    }
    let what = if load { "loads" } else { "stores" };
    let flat = spec.space == Space::Global;
    let ((kind, count), (sc0, sc1)) = if flat {
        access_bits(spec)?
    } else {
        // LDS accesses are plain; the lifter gives them device scope.
        if spec.order != Order::Weak || spec.scope != Scope::Device {
            return Err(format!(
                "LDS {what} are plain accesses (weak, device scope as lifted)"
            ));
        }
        ((spec.mem.kind, spec.mem.count), (0, 0))
    };
    let access = if load { Access::Load } else { Access::Store };
    let row = row(spec.space, what, |_, m| {
        m.access == access && m.data == Data::Mem(kind, count) && !m.flags.d16 && !m.flags.hi
    })?;
    let (addr, data) = (i64::from(regs.addr), i64::from(regs.data));
    let mut fields = vec![("addr", addr)];
    let data_field = match (flat, load) {
        (_, true) => "vdst",
        (true, false) => "data",
        (false, false) => "data0",
    };
    fields.push((data_field, data));
    if flat {
        fields.extend([
            ("saddr", regs.ubase.map_or(SADDR_OFF, i64::from)),
            ("offset", regs.offset),
            ("sc0", sc0),
            ("sc1", sc1),
        ]);
    } else {
        fields.extend(ds_offset(regs)?);
    }
    let text = finish(row, &fields)?;
    Ok(Written::access(text, load, regs.data, spec.mem))
}

fn fence(scope: Scope, order: Order) -> Result<Written, String> {
    let access = if fence_half(order)? {
        Access::Inv
    } else {
        Access::Wbl2
    };
    let (sc0, sc1) = [(0, 0), (1, 0), (0, 1), (1, 1)]
        .into_iter()
        .find(|&(a, b)| load_store_scope(a == 1, b == 1).unwrap_or(Scope::Wave) == scope)
        .ok_or_else(|| format!("the cache bits name no {scope} scope"))?;
    let t = tables();
    let row = t
        .opcodes
        .iter()
        .find(|o| {
            // The vector L2 operations (MUBUF), not the scalar cache's.
            t.formats[o.format].name == "MUBUF"
                && matches!(mem_row(&o.mnemonic), Some(Ok(m)) if m.access == access)
        })
        .ok_or("no cache operation performs it")?;
    Ok(Written {
        text: finish(row, &[("sc0", sc0), ("sc1", sc1)])?,
        data: Vec::new(),
        returned: Vec::new(),
    })
}

/// `saddr` = off: the address is a 64-bit VGPR pair.
const SADDR_OFF: i64 = 0x7f;

/// Writes the atomic `spec` as one gfx942 instruction on `regs`: global atomics as
/// `global_atomic_*` (address `v[addr:addr+1]`, no scalar base; data from
/// `v[data]`, CAS: the new value first; the old value to `v[dst]` with
/// `sc0`; `sc1` for system scope), shared ones as `ds_*` (address `v[addr]`,
/// an unsigned 16-bit offset; CAS: the compare value first).
fn write_atomic(spec: &AtomicSpec, regs: &MemRegs) -> Result<Written, String> {
    let flat = spec.space == Space::Global;
    let row = row(spec.space, "atomics", |o, m| {
        m.access == Access::Atomic
            && m.data == Data::Atom(spec.op, spec.ty)
            && if flat {
                o.rtn || !spec.returns
            } else {
                m.flags.rtn == spec.returns
            }
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
            ("saddr", regs.ubase.map_or(SADDR_OFF, i64::from)),
            ("offset", regs.offset),
            ("sc0", i64::from(spec.returns)),
            ("sc1", sc1),
        ]);
    } else {
        if spec.scope != Scope::Workgroup {
            return Err("LDS atomics have workgroup scope only".into());
        }
        fields.push(("data0", data));
        fields.extend(ds_offset(regs)?);
        if spec.op == xisa_ir::AtomOp::Cas {
            fields.push(("data1", data + words));
        }
    }
    if spec.returns {
        fields.push(("vdst", dst));
    }
    let text = finish(row, &fields)?;
    let name = |i: i64| format!("v{i}");
    Ok(Written {
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
