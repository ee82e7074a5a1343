//! IR memory operations written as lsu instructions: the row is found by
//! the semantics the rules state (addressing, action, width, return), never
//! by mnemonic, and printed by the disassembler's printer.

use xisa_frontend::{
    atomic_data, fence_half, AccessSpec, AtomicSpec, MemRegs, MemSpec, Refusal, Written,
};
use xisa_ir::{MemKind, MemType, Order, Scope, Space};

use crate::asm::print_inst;
use crate::codec::{Inst, IMM_MAX, IMM_MIN};
use crate::lift::scope_cpol;
use crate::rules::{atom_type, tables, Action, Addressing, AtomWhere, FenceScope, Rule, Slot};

/// Writes `spec` as one lsu instruction on `regs`: the address in
/// `v[addr:addr+1]` (global) or `v[addr]` (shared) plus the offset; an
/// atomic's data from `v[data]` (`cmpxchg`: compare first) and its old value
/// back in the first data register(s) (`regs.dst` is not used: lsu returns
/// in place); a load's destination and a store's value from `v[data]`; the
/// cache operations as fences.
pub fn write_mem(spec: &MemSpec, regs: &MemRegs) -> Result<Written, Refusal> {
    match spec {
        MemSpec::Atomic(a) => atomic(a, regs),
        MemSpec::Load(a) => access(a, true, regs),
        MemSpec::Store(a) => access(a, false, regs),
        MemSpec::Fence { scope, order } => fence(*scope, *order),
    }
}

/// The addressing of `space` on `regs`: the vector forms, or with a
/// uniform base the `ubase` form (`U64[u] + zext(v) + imm`).
fn addressing(space: Space, what: &str, regs: &MemRegs) -> Result<Addressing, Refusal> {
    match (space, regs.ubase) {
        (Space::Global, None) => Ok(Addressing::Global),
        (Space::Global, Some(_)) => Ok(Addressing::Ubase),
        (Space::Shared, None) => Ok(Addressing::Shared),
        (Space::Shared, Some(_)) => Err("a uniform base addresses global memory only".into()),
        (other, _) => Err(format!("lsu {what} are global or shared, not {other}").into()),
    }
}

/// `rule` on `regs` with the cache policy of `scope` (rules without a
/// policy operand take only the scope the lifter gives them, `default`;
/// `space` names them in the refusal).
fn inst(
    rule: usize,
    regs: &MemRegs,
    space: Space,
    scope: Scope,
    default: Scope,
) -> Result<Inst, Refusal> {
    let r: &Rule = &tables().rules[rule];
    let cpol = if r.operand(Slot::Cpol).is_some() {
        scope_cpol(scope).ok_or_else(|| format!("the cache policy names no {scope} scope"))?
    } else if scope == default {
        0
    } else {
        let kind = if matches!(r.action, Action::Atom { .. }) {
            "atomics"
        } else {
            "accesses"
        };
        return Err(
            format!("lsu's {space} {kind} take no cache policy: {default} scope only").into(),
        );
    };
    let reg = |n: u32| u8::try_from(n).map_err(|_| format!("no register v{n}"));
    let imm = i32::try_from(regs.offset)
        .ok()
        .filter(|o| (IMM_MIN..=IMM_MAX).contains(o))
        .ok_or_else(|| format!("offset {} does not fit 24 signed bits", regs.offset))?;
    Ok(Inst {
        rd: reg(regs.data)?,
        rs1: reg(regs.addr)?,
        rs2: reg(regs.ubase.unwrap_or(0))?,
        imm,
        cpol,
        ..Inst::new(rule)
    })
}

/// The printed instruction, checked by the assembler (register ranges).
fn print(inst: &Inst) -> Result<String, Refusal> {
    let text = print_inst(inst);
    crate::assemble(&text).map_err(|e| e.to_string())?;
    Ok(text)
}

fn vregs(first: u32, n: u32) -> Vec<String> {
    (first..first + n).map(|i| format!("v{i}")).collect()
}

fn find(what: &str, f: impl Fn(&Rule) -> bool) -> Result<usize, Refusal> {
    tables()
        .rules
        .iter()
        .position(f)
        .ok_or_else(|| format!("no {what} performs it").into())
}

fn atomic(spec: &AtomicSpec, regs: &MemRegs) -> Result<Written, Refusal> {
    let at = match spec.space {
        Space::Shared => AtomWhere::Workgroup,
        _ => AtomWhere::L2,
    };
    let addressing = addressing(spec.space, "atomics", regs)?;
    let id = find(&format!("{} atomic", spec.space), |r| {
        r.addressing == addressing
            && matches!(r.action, Action::Atom { op, at: w, bits, rtn }
                if op == spec.op && w == at && rtn == spec.returns
                    && atom_type(op, bits) == spec.ty)
    })?;
    let text = print(&inst(id, regs, spec.space, spec.scope, Scope::Workgroup)?)?;
    let words = spec.ty.bytes() / 4;
    Ok(Written {
        text,
        returned: if spec.returns {
            vregs(regs.data, words)
        } else {
            Vec::new()
        },
        data: atomic_data(spec.op, spec.ty, true)
            .into_iter()
            .zip(vregs(regs.data, 4))
            .map(|(d, n)| (n, d))
            .collect(),
    })
}

/// The width and extension of a load/store row for `mem`: lsu moves one
/// sub-dword element or one to four 32-bit words (its 64-bit accesses are
/// two words).
fn shape(mem: MemType) -> Option<(u32, bool, bool)> {
    match (mem.kind, mem.count) {
        (MemKind::U8, 1) => Some((8, true, false)),
        (MemKind::S8, 1) => Some((8, true, true)),
        (MemKind::U16, 1) => Some((16, true, false)),
        (MemKind::S16, 1) => Some((16, true, true)),
        (MemKind::B32, n @ 1..=4) => Some((32 * n as u32, false, false)),
        _ => None,
    }
}

/// A uniform load: `uld` from the uniform pair `u[addr:addr+1]` plus the
/// offset into `u[data..]` (one load for the wave; EXEC ignored).
fn uniform_load(spec: &AccessSpec, regs: &MemRegs) -> Result<Written, Refusal> {
    if spec.space != Space::Global || regs.ubase.is_some() {
        return Err("uniform loads read global memory at a uniform pair".into());
    }
    if spec.order != Order::Weak {
        return Err(format!("lsu loads are plain (weak) accesses, not {}", spec.order).into());
    }
    let words = match (spec.mem.kind, spec.mem.count) {
        (MemKind::B32, n) => u32::from(n),
        _ => return Err("uniform loads move 32-bit words".into()),
    };
    let id = find("uniform load", |r| {
        r.addressing == Addressing::U64
            && matches!(r.action, Action::Uld { dwords } if dwords == words)
    })?;
    let text = print(&inst(id, regs, spec.space, spec.scope, Scope::Device)?)?;
    Ok(Written::load_into(text, "u", regs.data, words))
}

fn access(spec: &AccessSpec, load: bool, regs: &MemRegs) -> Result<Written, Refusal> {
    if spec.uniform {
        return uniform_load(spec, regs);
    }
    let what = if load { "loads" } else { "stores" };
    let addressing = addressing(spec.space, what, regs)?;
    if spec.order != Order::Weak {
        return Err(format!("lsu {what} are plain (weak) accesses, not {}", spec.order).into());
    }
    let (bits, ext, sign) = shape(spec.mem).ok_or_else(|| {
        format!(
            "no lsu {} moves {}",
            &what[..what.len() - 1],
            spec.mem.kind.name()
        )
    })?;
    let id = find(
        &format!("{} {}", spec.space, &what[..what.len() - 1]),
        |r| {
            r.addressing == addressing
                && match r.action {
                    Action::Load {
                        bits: b,
                        ext: e,
                        sign: s,
                    } => load && b == bits && e == ext && (s == sign || !ext),
                    // A store of a sub-dword element stores its low bits: the
                    // lifter calls them u8/u16.
                    Action::Store { bits: b } => !load && b == bits && !sign,
                    _ => false,
                }
        },
    )?;
    // Shared rows take no cache policy; the lifter gives them device scope.
    let text = print(&inst(id, regs, spec.space, spec.scope, Scope::Device)?)?;
    Ok(Written::access(text, load, regs.data, spec.mem))
}

fn fence(scope: Scope, order: Order) -> Result<Written, Refusal> {
    let want = match scope {
        Scope::Device => FenceScope::Device,
        Scope::System => FenceScope::System,
        s => return Err(format!("the cache operations are device or system wide, not {s}").into()),
    };
    let acquire = fence_half(order)?;
    let id = find(
        "cache operation",
        |r| matches!(r.action, Action::Fence { scope: s, acquire: a } if s == want && a == acquire),
    )?;
    Ok(Written {
        text: print(&Inst::new(id))?,
        data: Vec::new(),
        returned: Vec::new(),
    })
}
