//! IR memory operations written as sm_75 instructions ([`write_mem`]): the
//! inverse of lifting, found by lifting.
//!
//! For each memory instruction form below (one base instruction each), every
//! combination of the values of the base record's semantic modifier groups
//! (element size or atomic type, order, scope, operation, MEMBAR's
//! semantics; the cache-eviction, L2-prefetch, `.PRIVATE` and `.ZD` hints
//! keep the base's value, since the IR has no such operation) is set in the
//! base word, printed, lifted as a one-instruction fragment, and its memory
//! operation read back ([`read_mem`]). Per operation, the word that
//! changes the fewest groups of its base gives the instruction's mnemonic
//! and modifiers (`RED.E.ADD.STRONG.GPU`, as ptxas writes it). A written
//! instruction is assembled from its text and lifted again, and must read
//! back as the operation, on the given registers.

use std::collections::HashMap;
use std::sync::OnceLock;

use xisa_frontend::{
    read_mem, AddrShape, DataRole, GuestModule, MemRegs, MemSpec, ReadMem, Refusal, Written,
};
use xisa_ir::Space;

use crate::rules::FieldKind;
use crate::{embedded_rules, Rules};

/// How a form's operands are laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Layout {
    /// `Rd, [addr]`.
    Load,
    /// `[addr], Rb`.
    Store,
    /// `PT, Rd, [addr], Rb` (global atomics returning the old value).
    AtomG,
    /// `PT, Rd, [addr], Rb, Rc` (global compare-and-swap).
    CasG,
    /// `Rd, [addr], Rb` (shared atomics).
    AtomS,
    /// `Rd, [addr], Rb, Rc` (shared compare-and-swap).
    CasS,
    /// `RZ, [addr], Rb` (shared atomics discarding the old value).
    RedS,
    /// No operands.
    Fence,
}

/// The memory instruction forms, as a base instruction each.
const FORMS: [(&str, Layout); 11] = [
    ("LDG.E.SYS R8, [R2+0x10] ;", Layout::Load),
    ("STG.E.SYS [R2+0x10], R8 ;", Layout::Store),
    ("LDS R8, [R2+0x10] ;", Layout::Load),
    ("STS [R2+0x10], R8 ;", Layout::Store),
    (
        "ATOMG.E.ADD.STRONG.GPU PT, R12, [R2+0x10], R8 ;",
        Layout::AtomG,
    ),
    (
        "ATOMG.E.CAS.STRONG.GPU PT, R12, [R2+0x10], R8, R10 ;",
        Layout::CasG,
    ),
    ("RED.E.ADD.STRONG.GPU [R2+0x10], R8 ;", Layout::Store),
    ("ATOMS.ADD R12, [R2+0x10], R8 ;", Layout::AtomS),
    ("ATOMS.CAS R12, [R2+0x10], R8, R10 ;", Layout::CasS),
    ("ATOMS.ADD RZ, [R2+0x10], R8 ;", Layout::RedS),
    ("MEMBAR.SC.GPU ;", Layout::Fence),
];

/// The modifier groups whose values are varied: those the lifter reads
/// for the IR operation.
const SEMANTIC: [&str; 7] = ["size", "type", "order", "scope", "op", "sem", "cas"];

/// An operation's instruction: the form and its mnemonic with modifiers.
#[derive(Debug, Clone)]
struct Found {
    layout: Layout,
    head: String,
}

/// Every operation some form lifts to, and its instruction.
fn index() -> &'static Result<HashMap<MemSpec, Found>, String> {
    static INDEX: OnceLock<Result<HashMap<MemSpec, Found>, String>> = OnceLock::new();
    INDEX.get_or_init(|| {
        let rules = embedded_rules().map_err(|e| e.to_string())?;
        let asm = crate::asm::embedded()?;
        // (per operation the word that changes fewest groups of its base:
        // `RED.E.ADD.STRONG.GPU` as ptxas writes it, not `RED.E.ADD.GPU`)
        let mut out: HashMap<MemSpec, (usize, Found)> = HashMap::new();
        for (base, layout) in FORMS {
            let w = asm.encode(base, 0)?;
            for (v, changed) in variants(rules, w)? {
                let Ok(d) = rules.decode(v, 0) else { continue };
                if d.text.contains("INVALID") || d.text.contains("???") {
                    continue;
                }
                let Some(read) = lift_word(v) else { continue };
                let found = Found {
                    layout,
                    head: d.syntax.head.text.clone(),
                };
                match out.get(&read.spec) {
                    Some((c, _)) if *c <= changed => {}
                    _ => {
                        out.insert(read.spec, (changed, found));
                    }
                }
            }
        }
        Ok(out.into_iter().map(|(s, (_, f))| (s, f)).collect())
    })
}

/// The word `w` with every combination of values of the semantic modifier
/// groups its record prints in the head, each with the number of groups
/// changed.
fn variants(rules: &Rules, w: u128) -> Result<Vec<(u128, usize)>, String> {
    let d = rules.decode(w, 0).map_err(|e| e.to_string())?;
    let rule = rules
        .candidates(w)
        .next()
        .ok_or_else(|| format!("no record decodes {w:#x}"))?;
    let groups: Vec<&crate::Field> = rule
        .fields
        .iter()
        .filter(|f| {
            matches!(f.kind, FieldKind::Mod | FieldKind::Text)
                && SEMANTIC.contains(&f.name.as_str())
                && d.field(&f.name).is_some()
        })
        .collect();
    let mut words = vec![(w, 0)];
    for f in groups {
        let m = f.mask();
        let was = f.extract(w);
        words = words
            .iter()
            .flat_map(|&(x, n)| {
                (0..1u64 << f.width.min(12))
                    .filter(|v| !f.reject.contains(v))
                    .map(move |v| {
                        (
                            x & !m | crate::rules::scatter(v, &f.bits),
                            n + usize::from(v != was),
                        )
                    })
            })
            .collect();
    }
    Ok(words)
}

/// The memory operation of one instruction word, lifted as a fragment.
fn lift_word(w: u128) -> Option<ReadMem> {
    let m = crate::frontend::fragment(w.to_le_bytes().to_vec());
    let k = m.lift("fragment").ok()?;
    read_mem(&k)
}

/// Registers R0..R254 (RZ is not a register to write on).
fn reg(n: u32) -> Result<u32, Refusal> {
    if n < 255 {
        Ok(n)
    } else {
        Err(format!("R{n} is not an sm_75 register (R0..R254)").into())
    }
}

/// The 32-bit registers of a `bytes`-byte operand, checked for the
/// alignment sm_75 requires (pairs even, quads a multiple of four).
fn aligned(first: u32, bytes: u32, what: &str) -> Result<u32, Refusal> {
    let words = bytes.div_ceil(4).max(1);
    let align = words.min(4);
    reg(first + words - 1)?;
    if !first.is_multiple_of(align) {
        return Err(format!("R{first} is not aligned for a {words}-register {what}").into());
    }
    Ok(words)
}

/// `+0x10`, `+-0x8`, or nothing, as nvdisasm prints an offset.
fn offset_text(off: i64) -> String {
    match off {
        0 => String::new(),
        o if o < 0 => format!("+-{:#x}", o.unsigned_abs()),
        o => format!("+{o:#x}"),
    }
}

/// The memory operand of `space` on `regs`.
fn address(space: Space, regs: &MemRegs) -> Result<String, Refusal> {
    let off = offset_text(regs.offset);
    match (space, regs.ubase) {
        (Space::Global, None) => {
            aligned(regs.addr, 8, "address")?;
            Ok(format!("[R{}{off}]", regs.addr))
        }
        (Space::Global, Some(u)) => {
            if u >= 63 || !u.is_multiple_of(2) {
                return Err(format!("UR{u} is not an even uniform pair (UR0..UR62)").into());
            }
            Ok(format!("[R{}.U32+UR{u}{off}]", reg(regs.addr)?))
        }
        (Space::Shared, None) => Ok(format!("[R{}{off}]", reg(regs.addr)?)),
        (Space::Shared, Some(_)) => {
            Err("a uniform base plus a 32-bit offset addresses global memory".into())
        }
        (other, _) => {
            Err(format!("sm_75's writer writes global and shared accesses, not {other}").into())
        }
    }
}

/// The operands of `found` for `spec` on `regs`.
fn operands(layout: Layout, spec: &MemSpec, regs: &MemRegs) -> Result<String, Refusal> {
    let (space, bytes) = match spec {
        MemSpec::Atomic(a) => (a.space, a.ty.bytes()),
        MemSpec::Load(a) | MemSpec::Store(a) => (a.space, a.mem.bytes()),
        MemSpec::Fence { .. } => return Ok(String::new()),
    };
    let addr = address(space, regs)?;
    let data = || aligned(regs.data, bytes, "operand");
    let second = |words: u32| aligned(regs.data + words, bytes, "operand");
    let dst = || aligned(regs.dst, bytes, "result");
    Ok(match layout {
        Layout::Load => {
            data()?;
            format!(" R{}, {addr}", regs.data)
        }
        Layout::Store => {
            data()?;
            format!(" {addr}, R{}", regs.data)
        }
        Layout::AtomG => {
            data()?;
            dst()?;
            format!(" PT, R{}, {addr}, R{}", regs.dst, regs.data)
        }
        Layout::CasG => {
            let w = data()?;
            second(w)?;
            dst()?;
            format!(
                " PT, R{}, {addr}, R{}, R{}",
                regs.dst,
                regs.data,
                regs.data + w
            )
        }
        Layout::AtomS => {
            data()?;
            dst()?;
            format!(" R{}, {addr}, R{}", regs.dst, regs.data)
        }
        Layout::CasS => {
            let w = data()?;
            second(w)?;
            dst()?;
            format!(" R{}, {addr}, R{}, R{}", regs.dst, regs.data, regs.data + w)
        }
        Layout::RedS => {
            data()?;
            format!(" RZ, {addr}, R{}", regs.data)
        }
        Layout::Fence => String::new(),
    })
}

/// Why no instruction performs `spec`: what sm_75 has nearest to it.
fn refusal(index: &HashMap<MemSpec, Found>, spec: &MemSpec) -> String {
    let names = |v: Vec<String>| {
        let mut v = v;
        v.sort();
        v.dedup();
        v.join(", ")
    };
    match spec {
        MemSpec::Atomic(a) => {
            let mut scopes: Vec<xisa_ir::Scope> = index
                .keys()
                .filter_map(|s| match s {
                    MemSpec::Atomic(b)
                        if b.space == a.space
                            && b.returns == a.returns
                            && b.op == a.op
                            && b.ty == a.ty =>
                    {
                        Some(b.scope)
                    }
                    _ => None,
                })
                .collect();
            scopes.sort();
            if !scopes.is_empty() {
                let s: Vec<&str> = scopes.iter().map(|s| s.name()).collect();
                return format!("performed at {} scope only", s.join(", "));
            }
            let types: Vec<String> = index
                .keys()
                .filter_map(|s| match s {
                    MemSpec::Atomic(b) if b.space == a.space && b.op == a.op => {
                        Some(if b.returns == a.returns {
                            b.ty.name().to_string()
                        } else if b.returns {
                            "only a form returning the old value".to_string()
                        } else {
                            "only a form discarding the old value".to_string()
                        })
                    }
                    _ => None,
                })
                .collect();
            if !types.is_empty() {
                return format!(
                    "{} {} atomics take {} only",
                    a.space,
                    a.op.name(),
                    names(types)
                );
            }
            let ops: Vec<String> = index
                .keys()
                .filter_map(|s| match s {
                    MemSpec::Atomic(b) if b.space == a.space => Some(b.op.name().to_string()),
                    _ => None,
                })
                .collect();
            format!(
                "no {} {} atomic (its {} atomics: {})",
                a.space,
                a.op.name(),
                a.space,
                names(ops)
            )
        }
        MemSpec::Load(a) | MemSpec::Store(a) => {
            if a.uniform {
                return "no uniform load of global memory (ULDC reads constant banks)".into();
            }
            let kind = std::mem::discriminant(spec);
            let forms: Vec<String> = index
                .keys()
                .filter_map(|s| match s {
                    MemSpec::Load(b) | MemSpec::Store(b)
                        if std::mem::discriminant(s) == kind
                            && b.space == a.space
                            && b.mem == a.mem
                            && !b.uniform =>
                    {
                        Some(format!("{} {}", b.order, b.scope))
                    }
                    _ => None,
                })
                .collect();
            if forms.is_empty() {
                format!("no {} access of this shape", a.space)
            } else {
                format!(
                    "{} accesses of this shape are {} only",
                    a.space,
                    names(forms)
                )
            }
        }
        MemSpec::Fence { .. } => {
            let forms: Vec<String> = index
                .keys()
                .filter_map(|s| match s {
                    MemSpec::Fence { scope, order } => Some(format!("{order} {scope}")),
                    _ => None,
                })
                .collect();
            format!("MEMBAR is a fence of {} only", names(forms))
        }
    }
}

/// Writes `spec` as one sm_75 instruction on `regs`: global accesses and
/// atomics at the 64-bit address `R[addr]:R[addr+1]` (or `R[addr].U32` plus
/// the uniform pair `UR[ubase]`), shared ones at `R[addr]`, plus the offset;
/// data from `R[data]` (compare-and-swap: the compare value, then the new
/// value in the registers after it), an atomic's old value to `R[dst]`;
/// fences as `MEMBAR`.
pub fn write_mem(spec: &MemSpec, regs: &MemRegs) -> Result<Written, Refusal> {
    let index = index().as_ref().map_err(|e| Refusal::No(e.clone()))?;
    let Some(found) = index.get(spec) else {
        return Err(refusal(index, spec).into());
    };
    let text = format!("{}{} ;", found.head, operands(found.layout, spec, regs)?);
    let w = crate::asm::assemble_inst(&text, 0)
        .map_err(|e| format!("the tables cannot encode it on these registers: {e}"))?;
    let read = lift_word(w).ok_or_else(|| format!("`{text}` lifts to no one memory operation"))?;
    if read.spec != *spec {
        return Err(format!("`{text}` lifts to {}, not {spec}", read.spec).into());
    }
    check_address(&read, regs, &text)?;
    let mut data: Vec<(String, DataRole)> = Vec::new();
    for (i, r) in read.value.iter().enumerate() {
        data.push((r.clone(), DataRole::Value(i as u8)));
    }
    for (i, r) in read.compare.iter().enumerate() {
        data.push((r.clone(), DataRole::Compare(i as u8)));
    }
    Ok(Written {
        text,
        data,
        returned: read.returned,
    })
}

/// The lifted instruction reads its address from `regs`'s registers, at
/// their offset.
fn check_address(read: &ReadMem, regs: &MemRegs, text: &str) -> Result<(), Refusal> {
    if matches!(read.spec, MemSpec::Fence { .. }) {
        return Ok(());
    }
    let want: Vec<String> = match (regs.ubase, &read.shape) {
        (Some(u), AddrShape::PairPlusZext { .. }) => {
            vec![
                format!("ur{u}"),
                format!("ur{}", u + 1),
                format!("r{}", regs.addr),
            ]
        }
        (None, AddrShape::Regs(_)) if read.addr.len() == 2 => {
            vec![format!("r{}", regs.addr), format!("r{}", regs.addr + 1)]
        }
        (None, AddrShape::Regs(_)) => vec![format!("r{}", regs.addr)],
        _ => return Err(format!("`{text}` forms its address otherwise ({:?})", read.shape).into()),
    };
    let mut got = read.addr.clone();
    let mut sorted = want.clone();
    got.sort();
    sorted.sort();
    if got != sorted || read.offset != regs.offset {
        return Err(format!(
            "`{text}` reads its address from {} + {}, not {} + {}",
            read.addr.join(":"),
            read.offset,
            want.join(":"),
            regs.offset
        )
        .into());
    }
    Ok(())
}
