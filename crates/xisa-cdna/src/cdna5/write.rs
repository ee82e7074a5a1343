//! IR atomics, loads, stores and fences written as CDNA 5 VGLOBAL
//! instructions: the row is found by the semantics column (operation and
//! type, element kind and count, cache operation), the scope by the inverse
//! of the lifter's SCOPE mapping, and the text printed by the
//! disassembler's printer.

use xisa_frontend::{atomic_data, AccessSpec, AtomicSpec, MemRegs, MemSpec, Refusal, Written};
use xisa_ir::{MemKind, MemType, Order, Scope, Space};

use crate::cdna5::asm::print_inst;
use crate::cdna5::codec::{Inst, SADDR_OFF, TH_RETURN};
use crate::cdna5::lift::ir_scope;
use crate::cdna5::rules::{tables, CacheOp, Class, Sem};

/// Writes `spec` as one VGLOBAL atomic on `regs`: the address in
/// `v[addr:addr+1]` (no scalar base) plus the offset, data from `v[data]`
/// (`cmpswap`: the new value first, then the compare value), the old value
/// in `v[dst]`.
pub fn write_mem(spec: &MemSpec, regs: &MemRegs) -> Result<Written, Refusal> {
    Ok(match spec {
        MemSpec::Atomic(a) => write_atomic(a, regs)?,
        MemSpec::Load(a) => access(a, true, regs)?,
        MemSpec::Store(a) => access(a, false, regs)?,
        MemSpec::Fence { scope, order } => fence(*scope, *order)?,
    })
}

/// Row `rule` on `regs`'s address (a VGPR pair, or SADDR plus a VGPR) and
/// offset, VDST and VSRC at `(dst, data)`, validated.
fn on_regs(
    rule: usize,
    regs: &MemRegs,
    (dst, data): (u32, u32),
    th: u8,
    scope: u8,
) -> Result<Inst, String> {
    let reg = |n: u32| u8::try_from(n).map_err(|_| format!("no register v{n}"));
    let inst = Inst {
        rule,
        vdst: reg(dst)?,
        vaddr: reg(regs.addr)?,
        vsrc: reg(data)?,
        saddr: match regs.ubase {
            Some(s) => reg(s)?,
            None => SADDR_OFF,
        },
        th,
        scope,
        scale_offset: false,
        nv: false,
        ioffset: i32::try_from(regs.offset)
            .map_err(|_| format!("offset {} does not fit", regs.offset))?,
    };
    inst.validate().map_err(|e| e.to_string())?;
    Ok(inst)
}

/// The SCOPE value the lifter reads as `scope` (`None`: no value does).
fn scope_bits(scope: Scope) -> Option<u8> {
    (0..4u8).find(|&s| ir_scope(s) == scope)
}

/// A load into `v[data..]` or a store from it, at `v[addr:addr+1]` (or
/// `s[ubase:ubase+1] + v[addr]`) plus the offset: plain accesses at SCOPE CU,
/// relaxed ones at SE/DEV/SYS (as the lifter reads them).
fn access(spec: &AccessSpec, load: bool, regs: &MemRegs) -> Result<Written, String> {
    if spec.uniform {
        return Err("VGLOBAL has no scalar (uniform) loads".into());
    }
    if spec.space != Space::Global {
        return Err(format!(
            "VGLOBAL instructions address global memory, not {}",
            spec.space
        ));
    }
    let MemType { kind, count } = spec.mem;
    let (scope, shape) = match spec.order {
        Order::Weak if spec.scope == Scope::Device && kind != MemKind::B64 => (0, (kind, count)),
        Order::Weak => {
            return Err(
                "plain accesses (SCOPE CU) are device scope as lifted and have no 8-byte element"
                    .into(),
            )
        }
        Order::Relaxed => {
            let s = scope_bits(spec.scope).filter(|&s| s > 0).ok_or_else(|| {
                format!(
                    "SCOPE names no {} scope for an ordered access (CU is a plain one)",
                    spec.scope
                )
            })?;
            (s, crate::access::ordered_row(kind, count)?)
        }
        o => {
            return Err(format!(
                "the scope bits order no access {o} (a cache operation and a wait)"
            ))
        }
    };
    let what = if load { "load" } else { "store" };
    let rule = tables()
        .rules
        .iter()
        .position(|r| match r.class {
            Class::Load {
                kind,
                count,
                half,
                tid,
            } => load && (kind, count) == shape && half.is_none() && !tid,
            Class::Store {
                kind,
                count,
                hi,
                tid,
            } => !load && (kind, count) == shape && !hi && !tid,
            _ => false,
        })
        .ok_or_else(|| format!("no VGLOBAL {what} moves {}", spec.mem.kind.name()))?;
    // A load's data lands where a store's comes from.
    let (dst, data) = if load { (regs.data, 0) } else { (0, regs.data) };
    let inst = on_regs(rule, regs, (dst, data), 0, scope)?;
    Ok(Written::access(
        print_inst(&inst),
        load,
        regs.data,
        spec.mem,
    ))
}

/// `global_inv` (acquire), `global_wb` (release) or `global_wbinv` (both)
/// at the scope's SCOPE value.
fn fence(scope: Scope, order: Order) -> Result<Written, String> {
    let op = match order {
        Order::Acquire => CacheOp::Inv,
        Order::Release => CacheOp::Wb,
        Order::AcqRel => CacheOp::WbInv,
        o => {
            return Err(format!(
                "a cache operation is an acquire, a release or both, not {o} (it needs a wait too)"
            ))
        }
    };
    let bits = scope_bits(scope)
        .ok_or_else(|| format!("SCOPE names no {scope} scope (CU is the narrowest)"))?;
    let rule = tables()
        .rules
        .iter()
        .position(|r| r.class == Class::Fence(op))
        .ok_or("no cache operation performs it")?;
    let inst = Inst {
        rule,
        vdst: 0,
        vaddr: 0,
        vsrc: 0,
        saddr: SADDR_OFF,
        th: 0,
        scope: bits,
        scale_offset: false,
        nv: false,
        ioffset: 0,
    };
    Ok(Written {
        text: print_inst(&inst),
        data: Vec::new(),
        returned: Vec::new(),
    })
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
        .position(|r| {
            r.atomic()
                .is_some_and(|(s, t)| s == Sem::Ir(spec.op) && t.atom_type() == spec.ty)
        })
        .ok_or("no VGLOBAL atomic performs it")?;
    let scope = scope_bits(spec.scope)
        .ok_or_else(|| format!("SCOPE names no {} scope (CU is the narrowest)", spec.scope))?;
    let r = &t.rules[rule];
    let th = if spec.returns { TH_RETURN } else { 0 };
    let inst = on_regs(rule, regs, (regs.dst, regs.data), th, scope)?;
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
