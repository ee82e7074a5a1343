//! Loads, stores, atomics and constant loads.
//!
//! Most forms are lifted from their decoded fields (the named operands and
//! modifiers of `translation-rules/sm75/ops.json`): the address is base `a`,
//! offset `off`, optional uniform register `ua` (`asize`: `.U32` zero-extends
//! a 32-bit base, `.64` adds a pair) and `E` (64-bit addressing); `size`,
//! `order`, `scope`, `type` and `op` are read by their printed values. Every
//! field is read, checked to be at its default, or named a hint
//! (eviction priority, prefetch size, `.U`), so a modifier this lifter does
//! not implement is refused with mnemonic, form and pc (see
//! `Lifter::check_fields`). The seed-derived ATOMG records name their
//! operands by position (`op0`, `op1`, ...): [`seed_roles`] names them by
//! role. SUATOM (seed record too) is still read from bit positions
//! ([`surf_enc_seed`]).

use xisa_ir::op;
use xisa_ir::SurfaceAddr;
use xisa_ir::{
    Address, AtomOp, AtomType, BinOp, CvtOp, ICond, MemKind, MemType, Op, Operand, Order, Scope,
    Space, SurfDim, SurfOob, Term, Type,
};

use std::collections::HashMap;

use super::{File, LiftError, Lifter};
use crate::FieldKind;

/// Lifts a memory instruction (by the mnemonic of its record); `Ok(false)`
/// for other instructions.
pub(crate) fn lift(l: &mut Lifter) -> Result<bool, LiftError> {
    let Some(mn) = l.form.as_ref().map(|d| d.mnemonic.clone()) else {
        return Ok(false);
    };
    match mn.as_str() {
        "SURED.D" => surface(l, Surf::Red)?,
        "SULD.D" => surface(l, Surf::Ld)?,
        "SUST.D" => surface(l, Surf::St)?,
        "SUATOM.D" => surface(l, Surf::Atom { cas: false })?,
        "SUATOM.D.CAS" => surface(l, Surf::Atom { cas: true })?,
        "LDG" | "LD" => load(l, Space::Global)?,
        "LDS" => load(l, Space::Shared)?,
        "LDL" => load(l, Space::Local)?,
        "STG" | "ST" => store(l, Space::Global)?,
        "STS" => store(l, Space::Shared)?,
        "STL" => store(l, Space::Local)?,
        "ATOM" | "RED" => atom(l, Space::Global)?,
        "ATOMG" => {
            seed_roles(l);
            atom(l, Space::Global)?
        }
        "ATOMG.CAS" => {
            seed_roles(l);
            cas(l, Space::Global)?
        }
        "ATOMS" => atom(l, Space::Shared)?,
        "ATOM.CAS" => cas(l, Space::Global)?,
        "ATOMS.CAS" => cas(l, Space::Shared)?,
        "QSPC" => qspc(l)?,
        "LDC" => ldc(l)?,
        "ULDC" => uldc(l)?,
        _ => return Ok(false),
    }
    Ok(true)
}

/// The positional operands of a seed-derived record (`op0`, `op1`, ...),
/// in print order: number, field name, kind.
fn positional(form: &crate::Decoded) -> Vec<(usize, String, FieldKind)> {
    let mut ops: Vec<(usize, String, FieldKind)> = form
        .fields
        .iter()
        .filter_map(|f| {
            let n = f.name.strip_prefix("op")?.parse().ok()?;
            Some((n, f.name.clone(), f.kind))
        })
        .collect();
    ops.sort_by_key(|(n, _, _)| *n);
    ops
}

/// Names the positional operands of a seed-derived atomic record (ATOMG,
/// ATOMG.CAS: `op0`, `op1`, ... in print order) by role, so the handlers
/// read them like the hand records' fields: Pd, Rd, the base register,
/// then the address's uniform register and offset by kind, then the data
/// registers (compare and new value for CAS).
fn seed_roles(l: &mut Lifter) {
    let Some(form) = &l.form else { return };
    let ops = positional(form);
    let mut roles = vec![("private", "PRIVATE".to_string())];
    let mut it = ops.into_iter();
    for role in ["pd", "d", "a"] {
        if let Some((_, n, _)) = it.next() {
            roles.push((role, n));
        }
    }
    let mut data = ["b", "c"].into_iter();
    for (_, n, kind) in it {
        let role = match kind {
            FieldKind::UReg => "ua",
            FieldKind::SImm => "off",
            _ => data.next().unwrap_or("extra"),
        };
        roles.push((role, n));
    }
    l.alias = roles;
}

/// The parts of a memory address as the encoding gives them.
#[derive(Debug, Clone, Copy)]
struct AddrParts {
    /// Base register (RZ = 255).
    a: u8,
    /// Signed byte offset.
    off: i64,
    /// Uniform register added to the base (`[R+UR]`).
    ua: Option<u8>,
    /// Global: whether the base is a 64-bit pair (`[R]`, `[R.64+UR]`) or a
    /// zero-extended 32-bit register (`[R.U32+UR]`).
    wide_base: bool,
    /// Shared: the base register's scale (`.X4` = 1, `.X8` = 2, `.X16` = 3).
    scale: u64,
}

/// The address of a memory instruction in `space` from its fields `a`,
/// `off`, `ua`, `asize`, `E` and (shared) `scale`.
///
/// Global (and generic) addresses need `.E` (64-bit addressing; ptxas sets
/// it for every `.address_size 64` access): `[R]` reads the pair `R:R+1`;
/// `[R.U32+UR]` zero-extends R and adds the pair `UR:UR+1`; `[R.64+UR]`
/// adds the two pairs. Shared and local addresses are 32-bit: `R` (scaled
/// by `.X4/.X8/.X16` for shared), plus `UR`, plus the offset.
fn address_fields(l: &mut Lifter, space: Space) -> Result<Address, LiftError> {
    let a = l.freg("a")?;
    // (forms whose offset bits must be zero have no `off` field)
    let off = match l.field_opt("off") {
        Some(_) => l.fimm("off")?,
        None => 0,
    };
    let ua = l.field_opt("ua").map(|f| f.raw as u8);
    let wide_base = match l.field_opt("asize") {
        Some(f) => match f.text.as_str() {
            "64" => true,
            "U32" => false,
            t => return Err(l.unsupported(format!("{}: address size `{t}`", l.form_name()))),
        },
        None => true,
    };
    if space == Space::Global {
        let e = l.fmod("E")?;
        if e.trim_start_matches('.') != "E" {
            return Err(l.unsupported(format!(
                "{}: a 32-bit global address (no .E)",
                l.form_name()
            )));
        }
    }
    let scale = match l.field_opt("scale") {
        Some(f) if space == Space::Shared => f.raw,
        Some(f) if f.raw != 0 => {
            return Err(l.unsupported(format!("{}: scaled address", l.form_name())))
        }
        _ => 0,
    };
    Ok(build_address(
        l,
        space,
        AddrParts {
            a,
            off,
            ua,
            wide_base,
            scale,
        },
    ))
}

/// Emits the address arithmetic of [`AddrParts`] in `space`.
fn build_address(l: &mut Lifter, space: Space, p: AddrParts) -> Address {
    if space == Space::Global {
        let base = match p.ua {
            None => l.read_pair_file(File::R, p.a),
            Some(u) => {
                let r = if p.wide_base {
                    l.read_pair_file(File::R, p.a)
                } else {
                    let r = l.read_file(File::R, p.a);
                    l.zext64(r)
                };
                let uv = l.read_pair_file(File::UR, u);
                add64(l, r, uv)
            }
        };
        return Address::Flat {
            base,
            offset: p.off,
        };
    }
    let mut base = l.read_file(File::R, p.a);
    if p.scale != 0 {
        base = l.bin32(BinOp::Shl, base, Operand::Imm(p.scale + 1));
    }
    if let Some(u) = p.ua {
        let uv = l.read_file(File::UR, u);
        base = match (base, uv) {
            (Operand::Imm(0), v) | (v, Operand::Imm(0)) => v,
            (a, b) => l.bin32(BinOp::Add, a, b),
        };
    }
    Address::Flat {
        base,
        offset: p.off,
    }
}

/// `a + b` in 64 bits, folding zero operands (RZ, URZ).
fn add64(l: &mut Lifter, a: Operand, b: Operand) -> Operand {
    match (a, b) {
        (Operand::Imm(0), v) | (v, Operand::Imm(0)) => v,
        (a, b) => l.bin(BinOp::Add, Type::I64, a, b),
    }
}

/// The IR scope of a printed scope modifier.
fn scope_of(text: &str) -> Option<Scope> {
    Some(match text {
        "CTA" => Scope::Workgroup,
        "SM" => Scope::Cluster,
        "GPU" => Scope::Device,
        "SYS" => Scope::System,
        _ => return None,
    })
}

/// Ordering and scope of a global load or store (fields `order`, `scope`):
/// the default (weak) order and CONSTANT (`ld.global.nc`) are plain
/// accesses, STRONG and MMIO are relaxed atomics at the encoded scope.
fn order_scope(l: &mut Lifter) -> Result<(Order, Scope), LiftError> {
    let scope = l.fmod("scope")?;
    let order = l.fmod("order")?;
    let Some(scope) = scope_of(&scope) else {
        return Err(l.unsupported(format!("{}: scope `{scope}`", l.form_name())));
    };
    match order.as_str() {
        "" | "CONSTANT" => Ok((Order::Weak, Scope::Device)),
        "STRONG" | "MMIO" => Ok((Order::Relaxed, scope)),
        o => Err(l.unsupported(format!("{}: memory order `{o}`", l.form_name()))),
    }
}

/// The element kind and count of field `size`, plus the register count.
fn mem_shape(l: &mut Lifter) -> Result<(MemType, usize), LiftError> {
    let size = l.fmod("size")?;
    let (kind, count) = match size.as_str() {
        "U8" => (MemKind::U8, 1),
        "S8" => (MemKind::S8, 1),
        "U16" => (MemKind::U16, 1),
        "S16" => (MemKind::S16, 1),
        "" => (MemKind::B32, 1),
        "64" => (MemKind::B32, 2),
        // `U.128`: a 128-bit access with a hint that every thread likely
        // uses the same address (NVIDIA's SASS reference for LD: "Uniform
        // 128 bit load", a performance hint); each thread still accesses its
        // own address, so the hint changes nothing here.
        "128" | "U.128" => (MemKind::B32, 4),
        s => return Err(l.unsupported(format!("{}: access size `{s}`", l.form_name()))),
    };
    Ok((MemType { kind, count }, count as usize))
}

/// Whether the current instruction is a generic LD/ST/ATOM (its address
/// may fall in the local or shared window).
fn is_generic(l: &Lifter) -> bool {
    l.form
        .as_ref()
        .is_some_and(|d| matches!(d.mnemonic.as_str(), "LD" | "ST" | "ATOM" | "ATOM.CAS"))
}

/// The ordering of an access in `space`: global ones read `order`/`scope`;
/// shared and local accesses are plain. A `.64` STRONG/MMIO access is one
/// ordered 8-byte element (see [`one_element`]); `.128` ones are plain (the
/// IR orders single elements of at most 8 bytes; PTX's strong vector
/// accesses are not single-copy atomic as a whole either).
fn access_order(l: &mut Lifter, space: Space, n: usize) -> Result<(Order, Scope), LiftError> {
    let os = if space == Space::Global {
        order_scope(l)?
    } else {
        (Order::Weak, Scope::Device)
    };
    Ok(if n > 2 {
        (Order::Weak, Scope::Device)
    } else {
        os
    })
}

/// Whether a two-register access is ordered, and so one 8-byte element:
/// `ld.relaxed.gpu.u64` (`LDG.E.64.STRONG.GPU`) must be single-copy atomic
/// and ordered. It was lifted as two plain 32-bit loads: a relaxed 64-bit
/// load or store could tear and lost its ordering.
/// Returns the access's element type and whether it is that one element.
fn one_element(mem: MemType, n: usize, order: Order) -> (MemType, bool) {
    if n == 2 && order != Order::Weak {
        (MemType::scalar(MemKind::B64), true)
    } else {
        (mem, false)
    }
}

/// What a plain load or store reads from its fields before its registers.
struct PlainAccess {
    /// The element type (one `B64` element for an ordered pair).
    mem: MemType,
    /// Registers moved.
    n: usize,
    /// Memory ordering.
    order: Order,
    /// Ordering scope.
    scope: Scope,
    /// The address.
    addr: Address,
    /// Whether the access is that one 8-byte element (see [`one_element`]).
    wide: bool,
}

/// Reads a load's or store's size, ordering and address; `hints` are the
/// fields that only tune caching, `refused` those lifted only at their
/// default.
fn plain_access(
    l: &mut Lifter,
    space: Space,
    hints: &[&str],
    refused: &[&str],
) -> Result<PlainAccess, LiftError> {
    let (mem, n) = mem_shape(l)?;
    let (order, scope) = access_order(l, space, n)?;
    l.fhint(hints);
    l.fdefault(refused)?;
    let addr = address_fields(l, space)?;
    let (mem, wide) = one_element(mem, n, order);
    Ok(PlainAccess {
        mem,
        n,
        order,
        scope,
        addr,
        wide,
    })
}

/// `LDx Rd, [addr]` (LDG, LD, LDS, LDL). The predicated forms (`.ZD`, a
/// predicate output or input) and `.PRIVATE` are refused.
fn load(l: &mut Lifter, space: Space) -> Result<(), LiftError> {
    let a = plain_access(
        l,
        space,
        &["eviction", "ltc", "u"],
        &["zd", "pd", "pz", "private"],
    )?;
    let rd = l.freg("d")?;
    let (mem, wide) = (a.mem, a.wide);
    let dsts: Vec<_> = if wide {
        vec![l.tmp(Type::I64)]
    } else {
        (0..a.n).map(|_| l.tmp(Type::I32)).collect()
    };
    emit_access(l, space, a, |space, order, scope, addr| {
        Op::Load(op::Load {
            space,
            mem,
            order,
            scope,
            uniform: false,
            dsts: dsts.clone(),
            addr,
        })
    });
    if wide {
        l.write_pair(rd, dsts[0].into());
        return Ok(());
    }
    for (i, t) in dsts.into_iter().enumerate() {
        l.write_file(File::R, rd.saturating_add(i as u8), t.into());
    }
    Ok(())
}

/// `STx [addr], Rb` (STG, ST, STS, STL).
fn store(l: &mut Lifter, space: Space) -> Result<(), LiftError> {
    let a = plain_access(l, space, &["eviction", "u"], &["private"])?;
    let rs = l.freg("b")?;
    let srcs: Vec<_> = if a.wide {
        vec![l.read_pair_file(File::R, rs)]
    } else {
        (0..a.n)
            .map(|i| l.read_file(File::R, rs.saturating_add(i as u8)))
            .collect()
    };
    let mem = a.mem;
    emit_access(l, space, a, |space, order, scope, addr| {
        Op::Store(op::Store {
            space,
            mem,
            order,
            scope,
            srcs: srcs.clone(),
            addr,
        })
    });
    Ok(())
}

/// Emits the access `make(space, order, scope, addr)` with the ordering and
/// address of `a`; a generic one in a kernel with generic local / shared
/// windows once per window under its guard and once for global memory (see
/// [`Split`]).
fn emit_access(
    l: &mut Lifter,
    space: Space,
    a: PlainAccess,
    make: impl Fn(Space, Order, Scope, Address) -> Op,
) {
    let PlainAccess {
        order, scope, addr, ..
    } = a;
    let generic = is_generic(l);
    let split = generic_split(l, generic, &addr, true);
    let outer = l.guard;
    if let Some(split) = split {
        for (g, wspace, waddr) in split.windows {
            l.guard = Some(g);
            let (order, scope) = window_order(wspace, order);
            l.emit(make(wspace, order, scope, waddr));
        }
        l.guard = Some(split.global);
    }
    l.emit(make(space, order, scope, addr));
    l.guard = outer;
}

/// Where a generic access goes in a kernel that makes generic pointers to
/// local or shared memory (`Lifter::generic_local`, `generic_shared`): one
/// access per window, each under the guard "the address is inside it", and
/// the global access under the guard "inside none". The guards include the
/// instruction's own.
struct Split {
    /// (guard, space, address in that space) per window.
    windows: Vec<(xisa_ir::Guard, Space, Address)>,
    /// Guard of the global access.
    global: xisa_ir::Guard,
}

/// An `i1` operand as a guard (an immediate is copied into a register).
fn as_guard(l: &mut Lifter, o: Operand) -> xisa_ir::Guard {
    let reg = l.in_reg(Type::I1, o);
    xisa_ir::Guard { reg, negate: false }
}

/// `rel = addr - base` (64-bit) and whether it is below `size` (unsigned).
fn in_window(
    l: &mut Lifter,
    addr: &Address,
    base: u64,
    size: Operand,
) -> Option<(Operand, Operand)> {
    let Address::Flat { base: b, offset } = *addr else {
        return None;
    };
    let rel = l.bin(
        BinOp::Add,
        Type::I64,
        b,
        Operand::Imm(offset.wrapping_sub(base as i64) as u64),
    );
    let inside = l.icmp(ICond::Ult, Type::I64, rel, size);
    Some((rel, inside))
}

/// Splits a generic access (see [`Split`]); `None` when the kernel uses no
/// window, the access is not generic, or its address is not flat. `local`:
/// whether the local window applies (PTX allows generic atomics only on
/// global and shared addresses, and the IR has no local atomics: a generic
/// atomic on a local address stays global and faults). Computed unguarded
/// (scratch registers keep older values where a guard is false).
fn generic_split(l: &mut Lifter, generic: bool, addr: &Address, local: bool) -> Option<Split> {
    let use_local = local && l.generic_local;
    if !generic || !(use_local || l.generic_shared) {
        return None;
    }
    let outer = l.guard.take();
    let gv = outer.map(|g| l.read_pred_file_reg(g.reg, g.negate));
    let mut windows = Vec::new();
    let mut none = gv.unwrap_or(Operand::Imm(1));
    let mut spaces = Vec::new();
    if use_local {
        let size = l.local_window_size();
        spaces.push((Space::Local, super::LOCAL_WINDOW, size));
    }
    if l.generic_shared {
        spaces.push((
            Space::Shared,
            super::SHARED_WINDOW,
            Operand::Imm(super::SHARED_WINDOW_SIZE),
        ));
    }
    for (space, base, size) in spaces {
        let Some((rel, inside)) = in_window(l, addr, base, size) else {
            l.guard = outer;
            return None;
        };
        let g = match gv {
            None => inside,
            Some(g) => l.bin(BinOp::And, Type::I1, g, inside),
        };
        let outside = l.bin(BinOp::Xor, Type::I1, inside, Operand::Imm(1));
        none = l.bin(BinOp::And, Type::I1, none, outside);
        let off = l.cvt(CvtOp::Trunc, Type::I32, Type::I64, rel);
        let g = as_guard(l, g);
        windows.push((
            g,
            space,
            Address::Flat {
                base: off,
                offset: 0,
            },
        ));
    }
    let global = as_guard(l, none);
    l.guard = outer;
    Some(Split { windows, global })
}

/// Ordering of a generic access that lands in a window: local memory is
/// private (plain accesses); a shared access keeps a strong ordering at
/// workgroup scope, the widest that shares the memory.
fn window_order(space: Space, order: Order) -> (Order, Scope) {
    match (space, order) {
        (Space::Shared, Order::Relaxed) => (Order::Relaxed, Scope::Workgroup),
        _ => (Order::Weak, Scope::Device),
    }
}

/// Emits an atomic; a generic one (see [`Split`]) also as a shared atomic
/// under the shared window's guard.
fn emit_atomic(l: &mut Lifter, generic: bool, op: Op) {
    let Op::Atomic(op::Atomic { addr, .. }) = &op else {
        l.emit(op);
        return;
    };
    let addr = *addr;
    let outer = l.guard;
    if let Some(split) = generic_split(l, generic, &addr, false) {
        for (g, wspace, waddr) in split.windows {
            if let Op::Atomic(op::Atomic {
                op: aop,
                ty,
                ftz,
                dst,
                src,
                cmp,
                ..
            }) = op
            {
                l.guard = Some(g);
                l.emit(Op::Atomic(op::Atomic {
                    op: aop,
                    ty,
                    space: wspace,
                    scope: Scope::Workgroup,
                    order: Order::Relaxed,
                    ftz,
                    dst,
                    addr: waddr,
                    src,
                    cmp,
                }));
            }
        }
        l.guard = Some(split.global);
    }
    l.emit(op);
    l.guard = outer;
}

/// The integer atomic op of a printed op name (MIN/MAX signed for the
/// signed types).
fn int_atom_op(op: &str, signed: bool) -> Option<AtomOp> {
    Some(match op {
        "ADD" => AtomOp::Add,
        "MIN" if signed => AtomOp::SMin,
        "MIN" => AtomOp::UMin,
        "MAX" if signed => AtomOp::SMax,
        "MAX" => AtomOp::UMax,
        "INC" => AtomOp::Inc,
        "DEC" => AtomOp::Dec,
        "AND" => AtomOp::And,
        "OR" => AtomOp::Or,
        "XOR" => AtomOp::Xor,
        "EXCH" => AtomOp::Exch,
        "SAFEADD" => AtomOp::SafeAdd,
        _ => return None,
    })
}

/// (IR op, IR type, ftz) of an atomic's printed op and type (ATOM, ATOMG,
/// RED, ATOMS: `""` U32, S32, 64, S64, F32.FTZ.RN, F16x2.RN, F64.RN).
fn atom_kind(op: &str, ty: &str) -> Option<(AtomOp, AtomType, bool)> {
    Some(match (op, ty) {
        ("ADD", "F32.FTZ.RN") => (AtomOp::FAdd, AtomType::F32, true),
        ("ADD", "F16x2.RN") => (AtomOp::FAdd, AtomType::F16x2, false),
        ("ADD", "F64.RN") => (AtomOp::FAdd, AtomType::F64, false),
        ("EXCH", "F32.FTZ.RN") => (AtomOp::Exch, AtomType::F32, false),
        ("EXCH", "F64.RN") => (AtomOp::Exch, AtomType::F64, false),
        _ => {
            let (t, signed) = match ty {
                "" => (AtomType::B32, false),
                "S32" => (AtomType::B32, true),
                "64" => (AtomType::B64, false),
                "S64" => (AtomType::B64, true),
                _ => return None,
            };
            (int_atom_op(op, signed)?, t, false)
        }
    })
}

/// The op names of the surface atomics' op codes (SUATOM's seed record is
/// read from bit positions; SURED's op field has the same table).
const ATOM_OPS: [&str; 10] = [
    "ADD", "MIN", "MAX", "INC", "DEC", "AND", "OR", "XOR", "EXCH", "SAFEADD",
];

/// Reads a data operand of an atomic as the IR type `ty` needs.
fn atom_data(l: &mut Lifter, r: u8, ty: AtomType) -> Operand {
    match ty {
        AtomType::B32 | AtomType::F16x2 | AtomType::BF16x2 => l.read_file(File::R, r),
        AtomType::F32 => {
            let v = l.read_file(File::R, r);
            l.cvt(CvtOp::Bitcast, Type::F32, Type::I32, v)
        }
        AtomType::B64 => l.read_pair_file(File::R, r),
        AtomType::F64 => {
            let v = l.read_pair_file(File::R, r);
            l.cvt(CvtOp::Bitcast, Type::F64, Type::I64, v)
        }
    }
}

/// Writes an atomic's returned value back to `Rd` (or the pair).
fn atom_result(l: &mut Lifter, rd: u8, ty: AtomType, v: Operand) {
    match ty {
        AtomType::B32 | AtomType::F16x2 | AtomType::BF16x2 => l.write_file(File::R, rd, v),
        AtomType::F32 => {
            let i = l.cvt(CvtOp::Bitcast, Type::I32, Type::F32, v);
            l.write_file(File::R, rd, i);
        }
        AtomType::B64 => l.write_pair(rd, v),
        AtomType::F64 => {
            let i = l.cvt(CvtOp::Bitcast, Type::I64, Type::F64, v);
            l.write_pair(rd, i);
        }
    }
}

/// An atomic read-modify-write, whichever way its encoding was read.
struct Rmw {
    op: String,
    ty: String,
    space: Space,
    scope: Scope,
    addr: Address,
    /// Data register.
    b: u8,
    /// Result register (`None`: RED).
    d: Option<u8>,
    /// Predicate output ("performed"), if the form has one.
    pd: Option<u8>,
}

/// Emits an [`Rmw`]. STRONG and the default (weak) order are both relaxed
/// atomics. The predicate output of ATOMG/ATOM is set to true (ptxas
/// always writes PT there; the instruction always performs its access, so
/// "performed" is the only reading that fits).
fn emit_rmw(l: &mut Lifter, r: Rmw) -> Result<(), LiftError> {
    let Some((aop, aty, ftz)) = atom_kind(&r.op, &r.ty) else {
        return Err(l.unsupported(format!(
            "{}: atomic {} with type `{}`",
            l.form_name(),
            r.op,
            r.ty
        )));
    };
    let src = atom_data(l, r.b, aty);
    let dst = match r.d {
        Some(rd) if rd != 255 => Some(l.tmp(aty.reg_type())),
        _ => None,
    };
    let generic = is_generic(l);
    let a = op::Atomic::relaxed(aop, aty, r.space, r.scope, dst, r.addr, src);
    emit_atomic(l, generic, Op::Atomic(op::Atomic { ftz, ..a }));
    if let (Some(t), Some(rd)) = (dst, r.d) {
        atom_result(l, rd, aty, t.into());
    }
    if let Some(p) = r.pd {
        l.write_file(File::P, p, Operand::Imm(1));
    }
    Ok(())
}

/// The scope of a global atomic (field `scope`; the order field must be
/// the default or STRONG) or `CTA` for shared ones.
fn atom_scope_fields(l: &mut Lifter, space: Space) -> Result<Scope, LiftError> {
    if space == Space::Shared {
        return Ok(Scope::Workgroup);
    }
    let order = l.fmod("order")?;
    if !matches!(order.as_str(), "" | "STRONG") {
        return Err(l.unsupported(format!("{}: atomic order `{order}`", l.form_name())));
    }
    let s = l.fmod("scope")?;
    scope_of(&s).ok_or_else(|| l.unsupported(format!("{}: scope `{s}`", l.form_name())))
}

/// `ATOM/ATOMS.OP.TYPE Pd, Rd, [addr], Rb` and `RED.OP.TYPE [addr], Rb`
/// from their fields (`op`, `type`, `scope`, `order`, `d`, `b`, `pd`).
fn atom(l: &mut Lifter, space: Space) -> Result<(), LiftError> {
    let op = l.fmod("op")?;
    let ty = l.fmod("type")?;
    let scope = atom_scope_fields(l, space)?;
    l.fhint(&["eviction", "rsv64", "rsv90"]);
    l.fdefault(&["private"])?;
    let addr = address_fields(l, space)?;
    let b = l.freg("b")?;
    let d = l.field_opt("d").map(|f| f.raw as u8);
    let pd = l.field_opt("pd").map(|f| f.raw as u8);
    emit_rmw(
        l,
        Rmw {
            op,
            ty,
            space,
            scope,
            addr,
            b,
            d,
            pd,
        },
    )
}

/// A compare-and-swap, whichever way its encoding was read.
struct Cas {
    is64: bool,
    space: Space,
    scope: Scope,
    addr: Address,
    /// Compare value register, new value register.
    b: u8,
    c: u8,
    d: u8,
    pd: Option<u8>,
    /// `CAST`: return the success flag instead of the old value.
    cast: bool,
}

/// Emits a [`Cas`]. The CAST forms ("compare and store", ptxas's
/// shared-memory spin loops) return the success flag, 1 or 0 (a pair 1:0
/// / 0:0 for `.64`), instead of the old value.
fn emit_cas(l: &mut Lifter, c: Cas) {
    let aty = if c.is64 { AtomType::B64 } else { AtomType::B32 };
    let cmp = atom_data(l, c.b, aty);
    let src = atom_data(l, c.c, aty);
    let dst = (c.d != 255).then(|| l.tmp(aty.reg_type()));
    let generic = is_generic(l);
    emit_atomic(
        l,
        generic,
        Op::Atomic(op::Atomic {
            op: AtomOp::Cas,
            ty: aty,
            space: c.space,
            scope: c.scope,
            order: Order::Relaxed,
            ftz: false,
            dst,
            addr: c.addr,
            src,
            cmp: Some(cmp),
        }),
    );
    if let Some(t) = dst {
        if c.cast {
            let ty = aty.reg_type();
            let ok = l.icmp(ICond::Eq, ty, t.into(), cmp);
            let flag = l.cvt(CvtOp::Zext, ty, Type::I1, ok);
            atom_result(l, c.d, aty, flag);
        } else {
            atom_result(l, c.d, aty, t.into());
        }
    }
    if let Some(p) = c.pd {
        l.write_file(File::P, p, Operand::Imm(1));
    }
}

/// `ATOM.CAS Pd, Rd, [addr], Rb, Rc` and `ATOMS.CAS/CAST[.SPIN] Rd,
/// [addr], Rb, Rc` from their fields (compare `b`, new value `c`; pairs for
/// the 64-bit types).
fn cas(l: &mut Lifter, space: Space) -> Result<(), LiftError> {
    let ty = l.fmod("type")?;
    let is64 = match ty.as_str() {
        "" | "S32" => false,
        "64" | "S64" => true,
        t => return Err(l.unsupported(format!("{}: CAS type `{t}`", l.form_name()))),
    };
    let cast = match l.field_opt("cas").map(|f| f.text) {
        None => false,
        Some(t) => match t.as_str() {
            "CAS" => false,
            "CAST" | "CAST.SPIN" => true,
            t => return Err(l.unsupported(format!("{}: `{t}`", l.form_name()))),
        },
    };
    let scope = atom_scope_fields(l, space)?;
    l.fhint(&["eviction", "rsv64"]);
    l.fdefault(&["private"])?;
    let addr = address_fields(l, space)?;
    let (b, c, d) = (l.freg("b")?, l.freg("c")?, l.freg("d")?);
    let pd = l.field_opt("pd").map(|f| f.raw as u8);
    emit_cas(
        l,
        Cas {
            is64,
            space,
            scope,
            addr,
            b,
            c,
            d,
            pd,
            cast,
        },
    );
    Ok(())
}

/// `LDC Rd, c[bank][Ra + off]` (fields `d`, `bank`, `a`, signed `off`,
/// `size`; the index modes IL/IS/ISL are refused): bank 0 parameter window
/// reads become `ld.param` at a register offset; immediate-only reads go
/// through the constant-bank rules of [`Lifter::cbuf32`].
fn ldc(l: &mut Lifter) -> Result<(), LiftError> {
    l.fdefault(&["mode"])?;
    let ra = l.freg("a")?;
    let off = l.fimm("off")?;
    let bank = l.fraw("bank")? as u8;
    let (mem, n) = mem_shape(l)?;
    let rd = l.freg("d")?;
    if ra == 255 {
        if mem.kind != MemKind::B32 {
            let v = cbuf_sub_word(l, bank, off, mem.kind)?;
            l.write_file(File::R, rd, v);
            return Ok(());
        }
        let Ok(off) = u32::try_from(off) else {
            return Err(l.unsupported(format!(
                "{}: a negative constant-bank offset",
                l.form_name()
            )));
        };
        for i in 0..n {
            let v = l.cbuf32(bank, off + 4 * i as u32)?;
            l.write_file(File::R, rd.saturating_add(i as u8), v);
        }
        return Ok(());
    }
    let pcb = l.k.param_cbank_offset;
    if bank != 0 {
        return ldc_indexed_bank(l, File::R, rd, bank, ra, off, mem, n);
    }
    if off < i64::from(pcb) {
        return Err(l.unsupported(format!(
            "{}: register-indexed LDC of c[0x0][{off:#x}] (below the parameter window: driver constants)",
            l.form_name()
        )));
    }
    let base = l.read_file(File::R, ra);
    load_param(l, File::R, rd, mem, n, base, off - i64::from(pcb));
    Ok(())
}

/// `n` words of the parameter block at `base + offset` into the registers
/// from `rd` of `file`.
fn load_param(
    l: &mut Lifter,
    file: File,
    rd: u8,
    mem: MemType,
    n: usize,
    base: Operand,
    offset: i64,
) {
    let dsts: Vec<_> = (0..n).map(|_| l.tmp(Type::I32)).collect();
    l.emit(Op::Load(op::Load::param(mem, dsts.clone(), base, offset)));
    for (i, t) in dsts.into_iter().enumerate() {
        l.write_file(file, rd.saturating_add(i as u8), t.into());
    }
}

/// Register-indexed `LDC Rd, c[bank][Ra + off]` of a bank with contents in
/// the cubin (`c[0x2]` jump tables, `c[0x3]` `__constant__` data): the IR
/// has no memory for constant banks, so the read is a `switch` on the
/// element index `(Ra + off) / size` to one block per distinct value (the
/// bank is at most 64 KiB). A misaligned or out-of-range offset traps
/// (block `ldc_<pc>_out_of_range`); sub-word elements (`.U8`, `.S16`, ...)
/// are zero- or sign-extended; relocated banks are refused.
/// `LDC Rd, c[bank][Ra + off]` of a module bank, which lives in the
/// parameter block: an `ld.param` at the bank's offset plus `Ra + off`,
/// after a check that the element is aligned and inside the bank (else a
/// trap in block `ldc_<pc>_out_of_range`, as for folded banks).
#[allow(clippy::too_many_arguments)]
fn ldc_live_bank(
    l: &mut Lifter,
    file: File,
    rd: u8,
    lb: crate::loader::LiveBank,
    ra: u8,
    off: i64,
    mem: MemType,
    n: usize,
) -> Result<(), LiftError> {
    let size = mem.kind.bytes() * n as u32;
    let pc = l.b.pc;
    // The checks run unguarded so their temps are always written; the guard
    // is folded into the trap condition.
    let outer = l.guard.take();
    let a = l.read_file(file, ra);
    let byte = l.bin32(BinOp::Add, a, Operand::Imm(u64::from(off as u32)));
    let low = l.bin32(BinOp::And, byte, Operand::Imm(u64::from(size - 1)));
    let misaligned = l.icmp(ICond::Ne, Type::I32, low, Operand::Imm(0));
    let last = u64::from(lb.size.saturating_sub(size));
    let past = if lb.size < size {
        Operand::Imm(1)
    } else {
        l.icmp(ICond::Ugt, Type::I32, byte, Operand::Imm(last))
    };
    let mut bad = l.bin(BinOp::Or, Type::I1, misaligned, past);
    if let Some(g) = outer {
        let on = l.read_pred_file_reg(g.reg, g.negate);
        bad = l.bin(BinOp::And, Type::I1, bad, on);
    }
    let trap = l.new_block(format!("ldc_{pc:#x}_out_of_range"), Term::Trap);
    let cont = l.new_block(format!("L_{pc:04x}_ldc_in_bank"), Term::Exit);
    let Operand::Reg(bad) = bad else {
        // A bank smaller than the element: every read traps.
        l.terminate(Term::Br(trap));
        l.b.enter(cont);
        l.guard = outer;
        return Ok(());
    };
    l.terminate(Term::BrCond {
        cond: bad,
        then_: trap,
        else_: cont,
    });
    l.b.enter(cont);
    l.guard = outer;
    load_param(l, file, rd, mem, n, byte, i64::from(lb.param_offset));
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn ldc_indexed_bank(
    l: &mut Lifter,
    file: File,
    rd: u8,
    bank: u8,
    ra: u8,
    off: i64,
    mem: MemType,
    n: usize,
) -> Result<(), LiftError> {
    if !matches!(
        mem.kind,
        MemKind::B32 | MemKind::U8 | MemKind::S8 | MemKind::U16 | MemKind::S16
    ) {
        return Err(l.unsupported(format!(
            "register-indexed {:?} LDC of c[{bank:#x}]",
            mem.kind
        )));
    }
    if let Some(lb) = l.live_bank(bank).filter(|_| !l.has_const_relocs(bank)) {
        return ldc_live_bank(l, file, rd, lb, ra, off, mem, n);
    }
    if l.has_const_relocs(bank) {
        return Err(l.unsupported(format!(
            "register-indexed LDC of c[{bank:#x}], which holds relocated addresses"
        )));
    }
    let Some(data) = l.k.banks.get(&u32::from(bank)).cloned() else {
        return Err(l.unsupported(format!(
            "register-indexed LDC of c[{bank:#x}]: the cubin has no such constant data"
        )));
    };
    // Elements of `size` bytes, each `n` registers of `elem` bytes, zero-
    // or sign-extended to 32 bits as the load kind says.
    let elem = mem.kind.bytes() as usize;
    let size = (elem * n) as u32;
    let signed = matches!(mem.kind, MemKind::S8 | MemKind::S16);
    let words: Vec<Vec<u64>> = data
        .chunks_exact(size as usize)
        .map(|c| {
            c.chunks_exact(elem)
                .map(|b| {
                    let mut w = [0u8; 4];
                    w[..elem].copy_from_slice(b);
                    let v = u32::from_le_bytes(w);
                    let v = if signed {
                        let sh = 32 - 8 * elem as u32;
                        ((v << sh) as i32 >> sh) as u32
                    } else {
                        v
                    };
                    u64::from(v)
                })
                .collect()
        })
        .collect();
    let a = l.read_file(file, ra);
    let byte = l.bin32(BinOp::Add, a, Operand::Imm(u64::from(off as u32)));
    let low = l.bin32(BinOp::And, byte, Operand::Imm(u64::from(size - 1)));
    let misaligned = l.icmp(ICond::Ne, Type::I32, low, Operand::Imm(0));
    let q = l.bin32(
        BinOp::LShr,
        byte,
        Operand::Imm(u64::from(size.trailing_zeros())),
    );
    // Misaligned offsets go to the default (trap) block.
    let idx = l.tmp(Type::I32);
    l.emit(Op::Select(op::Select {
        ty: Type::I32,
        dst: idx,
        cond: misaligned,
        a: Operand::Imm(u64::from(u32::MAX)),
        b: q,
    }));
    let pc = l.b.pc;
    let cont = l.new_block(format!("L_{pc:04x}_ldc_done"), Term::Exit);
    let bad = l.new_block(format!("ldc_{pc:#x}_out_of_range"), Term::Trap);
    let mut by_value: HashMap<Vec<u64>, xisa_ir::BlockId> = HashMap::new();
    let mut targets = Vec::with_capacity(words.len());
    let outer = l.guard.take();
    for (i, v) in words.iter().enumerate() {
        let b = match by_value.get(v) {
            Some(&b) => b,
            None => {
                let b = l.new_block(format!("L_{pc:04x}_ldc_{i}"), Term::Br(cont));
                let saved = l.b.position();
                l.b.enter(b);
                for (j, &x) in v.iter().enumerate() {
                    l.write_file(file, rd.saturating_add(j as u8), Operand::Imm(x));
                }
                l.b.restore(saved);
                by_value.insert(v.clone(), b);
                b
            }
        };
        targets.push(b);
    }
    l.guard = outer;
    let sw = l.new_block(
        format!("L_{pc:04x}_ldc"),
        Term::Switch {
            index: idx,
            targets,
            default: bad,
        },
    );
    match l.guard {
        None => l.terminate(Term::Br(sw)),
        Some(g) => {
            let (t, e) = if g.negate { (cont, sw) } else { (sw, cont) };
            l.terminate(Term::BrCond {
                cond: g.reg,
                then_: t,
                else_: e,
            });
        }
    }
    l.b.enter(cont);
    Ok(())
}

/// A sub-word constant `c[bank][off]` (`LDC.U16 Rd, c[0x0][0x16e]`,
/// `ULDC.U16`: ptxas reads `u16`/`f16` kernel parameters this way): the
/// naturally aligned element out of the bank word that holds it, zero- or
/// sign-extended to 32 bits.
fn cbuf_sub_word(l: &mut Lifter, bank: u8, off: i64, kind: MemKind) -> Result<Operand, LiftError> {
    let (bytes, signed) = match kind {
        MemKind::U8 => (1, false),
        MemKind::S8 => (1, true),
        MemKind::U16 => (2, false),
        MemKind::S16 => (2, true),
        _ => return Err(l.unsupported(format!("{}: constant size", l.form_name()))),
    };
    let off = match u32::try_from(off) {
        Ok(o) if o % bytes == 0 => o,
        _ => {
            return Err(l.unsupported(format!(
                "{}: a negative or misaligned constant-bank offset",
                l.form_name()
            )))
        }
    };
    let word = l.cbuf32(bank, off & !3)?;
    let width = 8 * bytes;
    let up = 32 - 8 * (off & 3) - width;
    let t = if up == 0 {
        word
    } else {
        l.bin32(BinOp::Shl, word, Operand::Imm(u64::from(up)))
    };
    let shr = if signed { BinOp::AShr } else { BinOp::LShr };
    Ok(l.bin32(shr, t, Operand::Imm(u64::from(32 - width))))
}

/// `ULDC[.64] URd, c[bank][off]` (form F5: field `b`, a constant-bank
/// operand) and `ULDC URd, c[bank][URa + off]` (fields `bank`, `a`, `off`:
/// ptxas indexes `c[0x2]` jump tables with it for a `switch` on a
/// warp-uniform value; reading only `off` there once sent every lane to
/// the table's first target).
fn uldc(l: &mut Lifter) -> Result<(), LiftError> {
    let (mem, n) = mem_shape(l)?;
    let rd = l.freg("d")?;
    let (bank, off) = match l.field_opt("b") {
        Some(_) => l.fcbuf("b")?,
        None => {
            let bank = l.fraw("bank")? as u8;
            let ura = l.freg("a")?;
            let off = l.fimm("off")?;
            if ura != 63 {
                if bank == 0 {
                    return Err(l.unsupported(format!(
                        "{}: ULDC indexed by a uniform register in c[0x0]",
                        l.form_name()
                    )));
                }
                return ldc_indexed_bank(l, File::UR, rd, bank, ura, off, mem, n);
            }
            (bank, off as u16 as u32)
        }
    };
    if mem.kind != MemKind::B32 {
        let v = cbuf_sub_word(l, bank, i64::from(off), mem.kind)?;
        l.write_file(File::UR, rd, v);
        return Ok(());
    }
    for i in 0..n {
        let v = l.cbuf32(bank, off + 4 * i as u32)?;
        l.write_file(File::UR, rd.saturating_add(i as u8), v);
    }
    Ok(())
}

/// `QSPC.E.{G,L,S} Pd, Rd, [addr]` (PTX `isspacep`; fields `space`, `pd`,
/// `d`, the address as LD's): Pd = the generic address is in the lane's
/// local window ([`super::LOCAL_WINDOW`], the local size), in the shared
/// window ([`super::SHARED_WINDOW`]) or in neither (global). Rd's meaning
/// is not known (ptxas writes RZ): refused otherwise.
fn qspc(l: &mut Lifter) -> Result<(), LiftError> {
    let space = l.fmod("space")?;
    let rd = l.freg("d")?;
    if !matches!(space.as_str(), "G" | "L" | "S") || rd != 255 {
        return Err(l.unsupported(format!(
            "{}: QSPC with space `{space}` or a destination register other than RZ",
            l.form_name()
        )));
    }
    let addr = address_fields(l, Space::Global)?;
    let pd = l.freg("pd")?;
    let local_size = l.local_window_size();
    let (Some((_, local)), Some((_, shared))) = (
        in_window(l, &addr, super::LOCAL_WINDOW, local_size),
        in_window(
            l,
            &addr,
            super::SHARED_WINDOW,
            Operand::Imm(super::SHARED_WINDOW_SIZE),
        ),
    ) else {
        return Err(l.unsupported("QSPC with a non-flat address"));
    };
    let p = match space.as_str() {
        "L" => local,
        "S" => shared,
        _ => {
            let either = l.bin(BinOp::Or, Type::I1, local, shared);
            l.bin(BinOp::Xor, Type::I1, either, Operand::Imm(1))
        }
    };
    l.write_file(File::P, pd, p);
    Ok(())
}

/// Where a surface instruction's descriptor handle comes from.
#[derive(Debug, Clone, Copy)]
enum SurfHandle {
    /// `c[bank][idx * 4]`.
    Cbuf { bank: u8, idx: u32 },
    /// A register.
    Reg(u8),
}

/// What a surface instruction's encoding says, read from its fields
/// (SURED/SULD/SUST) or bit positions (seed-derived SUATOM).
struct SurfEnc {
    /// Dimension code (1D 1D_BUFFER 1D_ARRAY 2D 2D_ARRAY 3D).
    dim: u64,
    /// Out-of-range mode code (IGN, clamp, TRAP).
    oob: u64,
    handle: SurfHandle,
    scope: Scope,
    /// Coordinate registers from here.
    ra: u8,
    /// `.BA`: x is a byte offset.
    ba: bool,
    /// Loads and stores: the access.
    size: Option<(MemType, usize)>,
    /// Loads and stores: STRONG or MMIO order.
    strong: bool,
    /// Atomics: op and type codes.
    op: u64,
    ty: u64,
    rd: u8,
    rb: u8,
    /// Predicate output.
    pd: Option<u8>,
}

/// [`SurfEnc`] of SURED/SULD/SUST from their fields (`dim`, `clamp`, `BA`,
/// `scope`, `order`, `size` or `op`/`type`, `a`, `b`, `d`, `pd`, the
/// handle `c` or `i1`/`i2`).
fn surf_enc_fields(l: &mut Lifter, kind: Surf) -> Result<SurfEnc, LiftError> {
    // A register handle is field `c`; a constant one `i1`/`i2`.
    let handle = if l.field_opt("c").is_some() {
        SurfHandle::Reg(l.freg("c")?)
    } else {
        SurfHandle::Cbuf {
            bank: l.fraw("i1")? as u8,
            idx: l.fraw("i2")? as u32,
        }
    };
    let s = l.fmod("scope")?;
    let scope =
        scope_of(&s).ok_or_else(|| l.unsupported(format!("{}: scope `{s}`", l.form_name())))?;
    let order = l.fmod("order")?;
    l.fhint(&["eviction"]);
    l.fdefault(&["private"])?;
    let (size, op, ty) = match kind {
        Surf::Ld | Surf::St => (Some(mem_shape(l)?), 0, 0),
        // A compare-and-swap has no operation field.
        Surf::Atom { cas: true } => (None, 0, l.fraw("type")?),
        _ => (None, l.fraw("op")?, l.fraw("type")?),
    };
    Ok(SurfEnc {
        dim: l.fraw("dim")?,
        oob: l.fraw("clamp")?,
        handle,
        scope,
        ra: l.freg("a")?,
        ba: l.fraw("BA")? != 0,
        size,
        strong: matches!(order.as_str(), "STRONG" | "MMIO"),
        op,
        ty,
        rd: match kind {
            Surf::Ld | Surf::Atom { .. } => l.freg("d")?,
            _ => 255,
        },
        rb: if kind == Surf::Ld { 255 } else { l.freg("b")? },
        pd: match kind {
            Surf::Ld => Some(l.freg("pd")?),
            Surf::Atom { .. } => l.field_opt("pd").map(|f| f.raw as u8),
            _ => None,
        },
    })
}

/// Names the positional operands of a seed-derived SUATOM record (`op0`,
/// `op1`, ... in print order) by role, so that [`surf_enc_fields`] reads
/// them like the hand records' fields: Pd (when the form prints one), Rd,
/// the coordinates Ra, the data Rb, then the handle: register `c`, or the
/// constant's bank `i1` and word index `i2`.
fn suatom_roles(l: &mut Lifter) -> Result<(), LiftError> {
    let Some(form) = &l.form else {
        return Ok(());
    };
    let ops = positional(form);
    let has_pd = ops.first().is_some_and(|(_, _, k)| *k == FieldKind::Pred);
    let regs: &[&'static str] = if has_pd {
        &["pd", "d", "a", "b"]
    } else {
        &["d", "a", "b"]
    };
    let handle: &[&'static str] = match ops.len() - regs.len() {
        1 => &["c"],
        2 => &["i1", "i2"],
        _ => {
            return Err(l.unsupported(format!(
                "{}: SUATOM.D with three immediates (the meaning of the third is not known)",
                l.form_name()
            )))
        }
    };
    let mut roles = vec![("private", "PRIVATE".to_string())];
    let names = regs.iter().chain(handle).copied();
    roles.extend(names.zip(ops.into_iter().map(|(_, n, _)| n)));
    l.alias = roles;
    Ok(())
}

/// The surface instructions (bindless `.D` forms).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Surf {
    /// `SURED.D [Ra], Rb, bank, idx` (no result).
    Red,
    /// `SULD.D [Pd,] Rd, [Ra], bank, idx`.
    Ld,
    /// `SUST.D [Ra], Rb, bank, idx`.
    St,
    /// `SUATOM.D [Pd,] Rd, [Ra], Rb, bank, idx` (`cas`: `.CAS`, Rb:Rb+1 =
    /// compare, new value; pairs of pairs for `.64`).
    Atom { cas: bool },
}

/// Guest address that surface handle 0 stands for: a handle is the 32-bit
/// offset of its descriptor from the start of guest memory (equal to
/// `xisa_runtime::GUEST_BASE`; a test keeps the two in step).
pub const SURFACE_HANDLE_BASE: u64 = 0x1_0000_0000;

/// `SURED`/`SULD`/`SUST`/`SUATOM` on a bindless surface (see
/// `docs/sm75.md`, "Surfaces"), from the record's fields: coordinates from
/// Ra (x, then y for 2D/3D, then the layer or depth: `1D_ARRAY` x, layer;
/// `2D_ARRAY` x, y, layer; `3D` x, y, z), `dim`, out-of-range mode `clamp`
/// (IGN / clamp / TRAP), `BA` (x is a byte offset; without it x counts
/// elements of the access size), `type` or size, `scope`, `order`, the
/// eviction hint (no effect), `op`. The handle is 32 bits, as on the GPU
/// (ptxas loads only the low word of a `.u64` surface handle): the
/// constant `c[i1][i2 * 4]` or the register `c`. It is the offset of a
/// 32-byte `runtime::surface` descriptor in guest memory
/// ([`SURFACE_HANDLE_BASE`]). The predicate output of SULD/SUATOM is
/// written true: the access happened (ptxas writes PT there; an
/// out-of-range access under IGN is not reported through it in xisa).
fn surface(l: &mut Lifter, kind: Surf) -> Result<(), LiftError> {
    if matches!(kind, Surf::Atom { .. }) {
        suatom_roles(l)?;
    }
    let e = surf_enc_fields(l, kind)?;
    let dim = match e.dim {
        0 => SurfDim::D1,
        1 => SurfDim::D1Buffer,
        2 => SurfDim::D1Array,
        3 => SurfDim::D2,
        4 => SurfDim::D2Array,
        5 => SurfDim::D3,
        d => return Err(l.unsupported(format!("surface dimension code {d}"))),
    };
    let oob = match e.oob {
        0 => SurfOob::Ignore,
        1 => SurfOob::Clamp,
        2 => SurfOob::Trap,
        m => return Err(l.unsupported(format!("surface out-of-range mode {m}"))),
    };
    let handle = match e.handle {
        SurfHandle::Reg(r) => l.read_file(File::R, r),
        SurfHandle::Cbuf { bank, idx } => l.cbuf32(bank, idx * 4)?,
    };
    let handle = l.zext64(handle);
    let desc = l.bin(
        BinOp::Add,
        Type::I64,
        handle,
        Operand::Imm(SURFACE_HANDLE_BASE),
    );
    let scope = e.scope;
    let ra = e.ra;
    // Element size of the access (for non-`.BA` x and the data registers).
    let (access_bytes, what) = match kind {
        Surf::Ld | Surf::St => {
            let (mem, n) = e
                .size
                .ok_or_else(|| l.unsupported("surface access without a size"))?;
            let (order, oscope) = if n == 1 && e.strong {
                (Order::Relaxed, scope)
            } else {
                (Order::Weak, Scope::Device)
            };
            (mem.bytes(), Some((mem, n, order, oscope)))
        }
        _ => (0, None),
    };
    let atom = match kind {
        Surf::Red | Surf::Atom { cas: false } => {
            let (op, ty) = (e.op, e.ty);
            match su_atom_kind(op, ty) {
                Some(k) => Some(k),
                None => {
                    return Err(l.unsupported(format!("surface atomic op {op} with type code {ty}")))
                }
            }
        }
        Surf::Atom { cas: true } => match e.ty {
            0 | 1 => Some((AtomOp::Cas, AtomType::B32, false)),
            2 => Some((AtomOp::Cas, AtomType::B64, false)),
            t => return Err(l.unsupported(format!("SUATOM.CAS type code {t}"))),
        },
        _ => None,
    };
    let elem = match atom {
        Some((_, t, _)) => t.bytes(),
        None => access_bytes,
    };
    // Coordinates: consecutive registers from Ra, as many as the dimension uses.
    let mut coords = Vec::new();
    let ncoords = match dim {
        SurfDim::D1 | SurfDim::D1Buffer => 1,
        SurfDim::D1Array | SurfDim::D2 => 2,
        SurfDim::D2Array | SurfDim::D3 => 3,
    };
    for i in 0..ncoords {
        let v = if ra == 255 {
            Operand::Imm(0)
        } else {
            l.read_file(File::R, ra.saturating_add(i))
        };
        coords.push(v);
    }
    let mut x = coords[0];
    if !e.ba && elem > 1 {
        x = l.bin32(BinOp::Mul, x, Operand::Imm(u64::from(elem)));
    }
    let (y, z) = match dim {
        SurfDim::D1 | SurfDim::D1Buffer => (Operand::Imm(0), Operand::Imm(0)),
        SurfDim::D1Array => (Operand::Imm(0), coords[1]),
        SurfDim::D2 => (coords[1], Operand::Imm(0)),
        _ => (coords[1], coords[2]),
    };
    let addr = Address::Surface(SurfaceAddr {
        desc,
        dim,
        oob,
        x,
        y,
        z,
    });
    let (rd, rb) = (e.rd, e.rb);
    match (kind, what, atom) {
        (Surf::Ld, Some((mem, n, order, scope)), _) => {
            let dsts: Vec<_> = (0..n).map(|_| l.tmp(Type::I32)).collect();
            l.emit(Op::Load(op::Load {
                space: Space::Surface,
                mem,
                order,
                scope,
                uniform: false,
                dsts: dsts.clone(),
                addr,
            }));
            for (i, t) in dsts.into_iter().enumerate() {
                l.write_file(File::R, rd.saturating_add(i as u8), t.into());
            }
            if let Some(p) = e.pd {
                l.write_file(File::P, p, Operand::Imm(1));
            }
        }
        (Surf::St, Some((mem, n, order, scope)), _) => {
            let srcs: Vec<_> = (0..n)
                .map(|i| l.read_file(File::R, rb.saturating_add(i as u8)))
                .collect();
            l.emit(Op::Store(op::Store {
                space: Space::Surface,
                mem,
                order,
                scope,
                srcs,
                addr,
            }));
        }
        (_, _, Some((aop, aty, ftz))) => {
            let (src, cmp) = if aop == AtomOp::Cas {
                let step = if aty == AtomType::B64 { 2 } else { 1 };
                let c = atom_data(l, rb, aty);
                let s = atom_data(l, rb.saturating_add(step), aty);
                (s, Some(c))
            } else {
                (atom_data(l, rb, aty), None)
            };
            let dst = (kind != Surf::Red && rd != 255).then(|| l.tmp(aty.reg_type()));
            l.emit(Op::Atomic(op::Atomic {
                op: aop,
                ty: aty,
                space: Space::Surface,
                scope,
                order: Order::Relaxed,
                ftz,
                dst,
                addr,
                src,
                cmp,
            }));
            if let Some(d) = dst {
                atom_result(l, rd, aty, d.into());
            }
            if kind != Surf::Red {
                if let Some(p) = e.pd {
                    l.write_file(File::P, p, Operand::Imm(1));
                }
            }
        }
        _ => return Err(l.unsupported("surface instruction form")),
    }
    Ok(())
}

/// (IR op, IR type, ftz) of a SURED/SUATOM op × type code. Types: U32 S32
/// U64 F32.FTZ.RN F16x2.RN S64 SD32 SD64. `SD32`/`SD64` take the element
/// format from the surface (Ryujinx reads it from the bound texture); xisa
/// descriptors carry no format, so they are the unsigned 32/64-bit integers.
fn su_atom_kind(op: u64, ty: u64) -> Option<(AtomOp, AtomType, bool)> {
    let int = match ty {
        0 | 1 | 6 => Some(AtomType::B32),
        2 | 5 | 7 => Some(AtomType::B64),
        _ => None,
    };
    let signed = matches!(ty, 1 | 5);
    Some(match (op, ty) {
        (0, 3) => (AtomOp::FAdd, AtomType::F32, true),
        (0, 4) => (AtomOp::FAdd, AtomType::F16x2, false),
        (8, 3) => (AtomOp::Exch, AtomType::F32, false),
        _ => {
            let t = int?;
            // surfaces have no SAFEADD (code 9)
            let name = ATOM_OPS.get(op as usize).filter(|_| op < 9)?;
            let o = int_atom_op(name, signed)?;
            (o, t, false)
        }
    })
}
