//! Loads, stores, atomics and constant loads.
//!
//! Address fields (notes §3): base register [24, 32), signed 24-bit offset
//! [40, 64), `.E` (64-bit addressing) bit 72; with bit 91 set a uniform
//! register is added (loads: [32, 38); stores and atomics: [64, 70)), see
//! [`address`]. Size [73, 76): U8 S8 U16 S16 32 64 128. Memory order
//! [79, 81): CONSTANT WEAK STRONG MMIO; scope [77, 79): CTA SM GPU SYS.

use xisa_ir::{
    Address, AtomOp, AtomType, BinOp, CvtOp, ICond, MemKind, MemType, Op, Operand, Order, Scope,
    Space, SurfDim, SurfOob, Term, Type,
};

use std::collections::HashMap;

use super::{bit, bits, sext, File, LiftError, Lifter};
use crate::Decoded;

/// Lifts a memory instruction; `Ok(false)` when `opcode` is not one.
pub(crate) fn lift(l: &mut Lifter, opcode: u16, _d: Option<&Decoded>) -> Result<bool, LiftError> {
    match opcode {
        0x381 => load(l, Space::Global, Ur::NONE)?,
        0x981 => load(l, Space::Global, Ur::required(32, 90))?,
        0x386 => store(l, Space::Global, Ur::NONE)?,
        0x986 => store(l, Space::Global, Ur::required(64, 90))?,
        // Generic LD/ST/ATOM: global, or local/shared inside the windows the
        // kernel makes pointers into (`generic_split`). LD without a uniform
        // register has a 32-bit offset at [32, 64).
        0x980 if !bit(l.word, 91) => load(l, Space::Global, Ur::NONE)?,
        0x980 => load(l, Space::Global, Ur::required(32, 90))?,
        0x385 => store(l, Space::Global, Ur::NONE)?,
        0x985 => store(l, Space::Global, Ur::required(64, 90))?,
        0x984 => load(l, Space::Shared, Ur::optional(32, 0))?,
        0x388 => store(l, Space::Shared, Ur::NONE)?,
        0x988 => store(l, Space::Shared, Ur::required(64, 0))?,
        0x983 => load(l, Space::Local, Ur::optional(32, 0))?,
        0x387 => store(l, Space::Local, Ur::NONE)?,
        0x987 => store(l, Space::Local, Ur::required(64, 0))?,
        0x3a8 => atom(l, Space::Global, Ur::NONE, true)?,
        0x9a8 => atom(l, Space::Global, Ur::required(64, 70), true)?,
        0x98e => atom(l, Space::Global, Ur::optional(64, 90), false)?,
        0x38c => atom(l, Space::Shared, Ur::NONE, true)?,
        0x98c => atom(l, Space::Shared, Ur::required(64, 0), true)?,
        // Generic ATOM: its predicate output is "performed" (ptxas follows
        // it with a QSPC/LDS/ATOMS.CAST fallback when false); xisa performs
        // global and shared-window atomics itself, so it is always true.
        0x38a => atom(l, Space::Global, Ur::NONE, true)?,
        0x98a => atom(l, Space::Global, Ur::required(64, 70), true)?,
        0x38b => cas(l, Space::Global, true)?,
        0x3aa => qspc(l, Ur::NONE)?,
        0x9aa => qspc(l, Ur::required(32, 90))?,
        0x3a9 => cas(l, Space::Global, false)?,
        0x38d => cas(l, Space::Shared, true)?,
        0x59f => surface(l, Surf::Red, false)?,
        0x3a0 => surface(l, Surf::Red, true)?,
        0xb99 => surface(l, Surf::Ld, false)?,
        0x99a => surface(l, Surf::Ld, true)?,
        0xb9d => surface(l, Surf::St, false)?,
        0x99e => surface(l, Surf::St, true)?,
        0x593 => surface(l, Surf::Atom { cas: false }, false)?,
        0x595 => surface(l, Surf::Atom { cas: true }, false)?,
        0x394 => surface(l, Surf::Atom { cas: false }, true)?,
        0x793 | 0x795 => {
            return Err(l.unsupported(
                "SUATOM.D with three immediates (the meaning of the third is not known)",
            ))
        }
        0xb82 => ldc(l)?,
        0xab9 | 0xabb => uldc(l)?,
        _ => return Ok(false),
    }
    Ok(true)
}

/// Where an instruction's optional uniform register (`[R+UR]`, bit 91) sits.
#[derive(Debug, Clone, Copy)]
struct Ur {
    /// The UR field's low bit ([32, 38) for loads, [64, 70) for stores and
    /// atomics); `None`: the opcode has no UR form, bit 91 must be clear.
    lo: Option<u32>,
    /// The bit that makes a global base register a 64-bit pair (`.64`)
    /// rather than a zero-extended 32-bit one (`.U32`) in the UR form: 90
    /// for LDG/STG/LD/ST/RED, 70 for ATOMG/ATOM (nvdisasm); 0 for the
    /// 32-bit spaces.
    asize: u32,
    /// Whether bit 91 must be set (the 0x9xx opcodes nvdisasm rejects
    /// without it).
    required: bool,
}

impl Ur {
    const NONE: Ur = Ur {
        lo: None,
        asize: 0,
        required: false,
    };

    fn optional(lo: u32, asize: u32) -> Ur {
        Ur {
            lo: Some(lo),
            asize,
            required: false,
        }
    }

    fn required(lo: u32, asize: u32) -> Ur {
        Ur {
            lo: Some(lo),
            asize,
            required: true,
        }
    }
}

/// The address of a memory instruction in `space`: base register [24, 32),
/// signed offset [40, 64) (`off32`: a 32-bit offset at [32, 64), the generic
/// LD/ST forms without a uniform register), and with bit 91 the uniform
/// register `ur`.
///
/// Global (and generic) addresses need `.E` (bit 72, 64-bit addressing;
/// ptxas sets it for every `.address_size 64` access): `[R]` reads the pair
/// `R:R+1`; `[R.U32+UR]` zero-extends R and adds the pair `UR:UR+1`;
/// `[R.64+UR]` adds the two pairs. Shared and local addresses are 32-bit:
/// `R` (scaled by `.X4/.X8/.X16`, bits [78, 80), for shared), plus `UR`,
/// plus the offset. Forms the lifter does not know are refused.
fn address(l: &mut Lifter, space: Space, ur: Ur, off32: bool) -> Result<Address, LiftError> {
    let w = l.word;
    let mn = mnemonic(l);
    let ra = bits(w, 24, 32) as u8;
    let imm = if off32 {
        sext(bits(w, 32, 64), 32)
    } else {
        sext(bits(w, 40, 64), 24)
    };
    let b91 = bit(w, 91);
    let ur_reg = match ur.lo {
        Some(lo) if b91 => Some(bits(w, lo, lo + 6) as u8),
        Some(_) if ur.required => {
            return Err(l.unsupported(format!(
                "{mn} (opcode {:#05x}) without its uniform-register flag (bit 91)",
                bits(w, 0, 12)
            )))
        }
        None if b91 => {
            return Err(l.unsupported(format!(
            "{mn} with bit 91 set (no uniform-register address form is known for opcode {:#05x})",
            bits(w, 0, 12)
        )))
        }
        _ => None,
    };
    if space == Space::Global {
        if !bit(w, 72) {
            return Err(l.unsupported(format!("{mn} with a 32-bit global address (no .E)")));
        }
        let base = match ur_reg {
            None => l.read_pair_file(File::R, ra),
            Some(u) => {
                let r = if bit(w, ur.asize) {
                    l.read_pair_file(File::R, ra)
                } else {
                    let r = l.read_file(File::R, ra);
                    l.zext64(r)
                };
                let uv = l.read_pair_file(File::UR, u);
                add64(l, r, uv)
            }
        };
        return Ok(Address::Flat { base, offset: imm });
    }
    let mut base = l.read_file(File::R, ra);
    let scale = bits(w, 78, 80);
    if scale != 0 && space == Space::Shared {
        base = l.bin32(BinOp::Shl, base, Operand::Imm(scale + 1));
    }
    if let Some(u) = ur_reg {
        let uv = l.read_file(File::UR, u);
        base = match (base, uv) {
            (Operand::Imm(0), v) | (v, Operand::Imm(0)) => v,
            (a, b) => l.bin32(BinOp::Add, a, b),
        };
    }
    Ok(Address::Flat { base, offset: imm })
}

/// `a + b` in 64 bits, folding zero operands (RZ, URZ).
fn add64(l: &mut Lifter, a: Operand, b: Operand) -> Operand {
    match (a, b) {
        (Operand::Imm(0), v) | (v, Operand::Imm(0)) => v,
        (a, b) => l.bin(BinOp::Add, Type::I64, a, b),
    }
}

/// The instruction's mnemonic for error messages (the opcode when the
/// decoder does not know the word).
fn mnemonic(l: &Lifter) -> String {
    crate::decode_word(l.word, l.pc)
        .map(|d| d.mnemonic)
        .unwrap_or_else(|_| format!("opcode {:#05x}", bits(l.word, 0, 12)))
}

/// Ordering and scope of a load or store: WEAK/CONSTANT are plain accesses,
/// STRONG and MMIO are relaxed atomics at the encoded scope.
fn order_scope(w: u128) -> (Order, Scope) {
    let scope = match bits(w, 77, 79) {
        0 => Scope::Workgroup,
        1 => Scope::Cluster,
        2 => Scope::Device,
        _ => Scope::System,
    };
    match bits(w, 79, 81) {
        2 | 3 => (Order::Relaxed, scope),
        _ => (Order::Weak, Scope::Device),
    }
}

/// The element kind and count of a size code, plus the register count.
fn mem_shape(l: &Lifter) -> Result<(MemType, usize), LiftError> {
    let (kind, count) = match bits(l.word, 73, 76) {
        0 => (MemKind::U8, 1),
        1 => (MemKind::S8, 1),
        2 => (MemKind::U16, 1),
        3 => (MemKind::S16, 1),
        4 => (MemKind::B32, 1),
        5 => (MemKind::B32, 2),
        6 => (MemKind::B32, 4),
        _ => return Err(l.unsupported("memory size code 7")),
    };
    Ok((MemType { kind, count }, count as usize))
}

/// `LDx Rd, [addr]`.
fn load(l: &mut Lifter, space: Space, ur: Ur) -> Result<(), LiftError> {
    let (mem, n) = mem_shape(l)?;
    let (order, scope) = if space == Space::Global {
        order_scope(l.word)
    } else {
        (Order::Weak, Scope::Device)
    };
    // Ordered loads must be single elements of at most 8 bytes in the IR.
    let (order, scope) = if n > 1 {
        (Order::Weak, Scope::Device)
    } else {
        (order, scope)
    };
    // Generic LD without a uniform register: 32-bit offset at [32, 64).
    let off32 = bits(l.word, 0, 12) == 0x980 && ur.lo.is_none();
    let addr = address(l, space, ur, off32)?;
    let dsts: Vec<_> = (0..n).map(|_| l.tmp(Type::I32)).collect();
    let generic = is_generic(l);
    let split = generic_split(l, generic, &addr, true);
    let outer = l.guard;
    if let Some(split) = split {
        for (g, wspace, waddr) in split.windows {
            l.guard = Some(g);
            let (order, scope) = window_order(wspace, order);
            l.emit(Op::Load {
                space: wspace,
                mem,
                order,
                scope,
                uniform: false,
                dsts: dsts.clone(),
                addr: waddr,
            });
        }
        l.guard = Some(split.global);
    }
    l.emit(Op::Load {
        space,
        mem,
        order,
        scope,
        uniform: false,
        dsts: dsts.clone(),
        addr,
    });
    l.guard = outer;
    let rd = bits(l.word, 16, 24) as u8;
    for (i, t) in dsts.into_iter().enumerate() {
        l.write_file(File::R, rd.saturating_add(i as u8), t.into());
    }
    Ok(())
}

/// `STx [addr], Rs`.
fn store(l: &mut Lifter, space: Space, ur: Ur) -> Result<(), LiftError> {
    let (mem, n) = mem_shape(l)?;
    let (order, scope) = if space == Space::Global && n == 1 {
        order_scope(l.word)
    } else {
        (Order::Weak, Scope::Device)
    };
    // Generic ST without a uniform register: data [64, 72), a 32-bit signed
    // offset [32, 64) (nvdisasm; `ST.E [R2+0x10], R7`).
    let (addr, rs) = if bits(l.word, 0, 12) == 0x385 {
        (address(l, space, ur, true)?, bits(l.word, 64, 72) as u8)
    } else {
        (address(l, space, ur, false)?, bits(l.word, 32, 40) as u8)
    };
    let srcs: Vec<_> = (0..n)
        .map(|i| l.read_file(File::R, rs.saturating_add(i as u8)))
        .collect();
    let generic = is_generic(l);
    let split = generic_split(l, generic, &addr, true);
    let outer = l.guard;
    if let Some(split) = split {
        for (g, wspace, waddr) in split.windows {
            l.guard = Some(g);
            let (order, scope) = window_order(wspace, order);
            l.emit(Op::Store {
                space: wspace,
                mem,
                order,
                scope,
                srcs: srcs.clone(),
                addr: waddr,
            });
        }
        l.guard = Some(split.global);
    }
    l.emit(Op::Store {
        space,
        mem,
        order,
        scope,
        srcs,
        addr,
    });
    l.guard = outer;
    Ok(())
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
fn in_window(l: &mut Lifter, addr: &Address, base: u64, size: u64) -> Option<(Operand, Operand)> {
    let Address::Flat { base: b, offset } = *addr else {
        return None;
    };
    let rel = l.bin(
        BinOp::Add,
        Type::I64,
        b,
        Operand::Imm(offset.wrapping_sub(base as i64) as u64),
    );
    let inside = l.icmp(ICond::Ult, Type::I64, rel, Operand::Imm(size));
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
        spaces.push((Space::Local, super::LOCAL_WINDOW, u64::from(l.local_size())));
    }
    if l.generic_shared {
        spaces.push((
            Space::Shared,
            super::SHARED_WINDOW,
            super::SHARED_WINDOW_SIZE,
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
    let Op::Atomic { addr, .. } = &op else {
        l.emit(op);
        return;
    };
    let addr = *addr;
    let outer = l.guard;
    if let Some(split) = generic_split(l, generic, &addr, false) {
        for (g, wspace, waddr) in split.windows {
            if let Op::Atomic {
                op: aop,
                ty,
                ftz,
                dst,
                src,
                cmp,
                ..
            } = op
            {
                l.guard = Some(g);
                l.emit(Op::Atomic {
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
                });
            }
        }
        l.guard = Some(split.global);
    }
    l.emit(op);
    l.guard = outer;
}

/// Whether the current instruction is a generic LD/ST/ATOM.
fn is_generic(l: &Lifter) -> bool {
    matches!(
        bits(l.word, 0, 12),
        0x980 | 0x385 | 0x985 | 0x38a | 0x98a | 0x38b
    )
}

/// Atomic scope from [77, 79): CTA SM GPU SYS.
fn atom_scope(w: u128) -> Scope {
    match bits(w, 77, 79) {
        0 => Scope::Workgroup,
        1 => Scope::Cluster,
        2 => Scope::Device,
        _ => Scope::System,
    }
}

/// The integer atomic op of op codes 0..=8, shared by ATOMG/RED/ATOMS and
/// SURED/SUATOM: ADD MIN MAX INC DEC AND OR XOR EXCH (MIN/MAX signed for the
/// signed types).
fn int_atom_op(op: u64, signed: bool) -> Option<AtomOp> {
    Some(match op {
        0 => AtomOp::Add,
        1 if signed => AtomOp::SMin,
        1 => AtomOp::UMin,
        2 if signed => AtomOp::SMax,
        2 => AtomOp::UMax,
        3 => AtomOp::Inc,
        4 => AtomOp::Dec,
        5 => AtomOp::And,
        6 => AtomOp::Or,
        7 => AtomOp::Xor,
        8 => AtomOp::Exch,
        _ => return None,
    })
}

/// (IR op, IR type, ftz) of an ATOMG/RED/ATOMS op × type code.
fn atom_kind(op: u64, ty: u64) -> Option<(AtomOp, AtomType, bool)> {
    // Type codes: U32 S32 U64 F32.FTZ.RN F16x2.RN S64 F64.RN.
    let int_ty = match ty {
        0 | 1 => Some(AtomType::B32),
        2 | 5 => Some(AtomType::B64),
        _ => None,
    };
    let signed = matches!(ty, 1 | 5);
    Some(match (op, ty) {
        (0, 3) => (AtomOp::FAdd, AtomType::F32, true),
        (0, 4) => (AtomOp::FAdd, AtomType::F16x2, false),
        (0, 6) => (AtomOp::FAdd, AtomType::F64, false),
        (8, 3) => (AtomOp::Exch, AtomType::F32, false),
        (8, 6) => (AtomOp::Exch, AtomType::F64, false),
        _ => {
            let t = int_ty?;
            let o = match op {
                9 => AtomOp::SafeAdd,
                _ => int_atom_op(op, signed)?,
            };
            (o, t, false)
        }
    })
}

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

/// `ATOMG/ATOMS.OP.TYPE.ORDER.SCOPE Pd, Rd, [addr], Rb` and `RED` (no
/// result). STRONG and the default (weak) order are both relaxed atomics;
/// the eviction hint has no effect. The predicate output Pd of ATOMG/ATOM is
/// set to true (ptxas always writes PT there; the instruction always
/// performs its access, so "performed" is the only reading that fits);
/// ATOMS and RED have none.
fn atom(l: &mut Lifter, space: Space, ur: Ur, has_dst: bool) -> Result<(), LiftError> {
    let w = l.word;
    let is_red = !has_dst;
    let op = if is_red {
        bits(w, 87, 90)
    } else {
        bits(w, 87, 91)
    };
    let ty = bits(w, 73, 76);
    let Some((aop, aty, ftz)) = atom_kind(op, ty) else {
        return Err(l.unsupported(format!("atomic op {op} with type code {ty}")));
    };
    let scope = if space == Space::Shared {
        Scope::Workgroup
    } else {
        atom_scope(w)
    };
    let addr = address(l, space, ur, false)?;
    let src = atom_data(l, bits(w, 32, 40) as u8, aty);
    let rd = bits(w, 16, 24) as u8;
    let dst = if has_dst && rd != 255 {
        Some(l.tmp(aty.reg_type()))
    } else {
        None
    };
    let generic = is_generic(l);
    emit_atomic(
        l,
        generic,
        Op::Atomic {
            op: aop,
            ty: aty,
            space,
            scope,
            order: Order::Relaxed,
            ftz,
            dst,
            addr,
            src,
            cmp: None,
        },
    );
    if let Some(d) = dst {
        atom_result(l, rd, aty, d.into());
    }
    // ATOMS has no predicate output (bits [81, 84) are not an operand there).
    if has_dst && space != Space::Shared {
        l.write_file(File::P, bits(w, 81, 84) as u8, Operand::Imm(1));
    }
    Ok(())
}

/// `ATOMG.CAS Pd, Rd, [addr], Rcmp, Rnew` (compare [32, 40), new value
/// [64, 72); pairs for the 64-bit types). `has_sub` (ATOM/ATOMS): the sub-op
/// [87, 89) CAS / CAST / — / CAST.SPIN; the CAST forms ("compare and
/// store", ptxas's shared-memory spin loops) return the success flag, 1 or
/// 0 (a pair 1:0 / 0:0 for `.64`), instead of the old value.
fn cas(l: &mut Lifter, space: Space, has_sub: bool) -> Result<(), LiftError> {
    let w = l.word;
    let cast = has_sub && matches!(bits(w, 87, 89), 1 | 3);
    let aty = match bits(w, 73, 76) {
        0 | 1 => AtomType::B32,
        2 | 5 => AtomType::B64,
        t => return Err(l.unsupported(format!("CAS type code {t}"))),
    };
    let scope = if space == Space::Shared {
        Scope::Workgroup
    } else {
        atom_scope(w)
    };
    let addr = address(l, space, Ur::NONE, false)?;
    let cmp = atom_data(l, bits(w, 32, 40) as u8, aty);
    let src = atom_data(l, bits(w, 64, 72) as u8, aty);
    let rd = bits(w, 16, 24) as u8;
    let dst = (rd != 255).then(|| l.tmp(aty.reg_type()));
    let generic = is_generic(l);
    emit_atomic(
        l,
        generic,
        Op::Atomic {
            op: AtomOp::Cas,
            ty: aty,
            space,
            scope,
            order: Order::Relaxed,
            ftz: false,
            dst,
            addr,
            src,
            cmp: Some(cmp),
        },
    );
    if let Some(d) = dst {
        if cast {
            let ty = aty.reg_type();
            let ok = l.icmp(ICond::Eq, ty, d.into(), cmp);
            let flag = l.cvt(CvtOp::Zext, ty, Type::I1, ok);
            atom_result(l, rd, aty, flag);
        } else {
            atom_result(l, rd, aty, d.into());
        }
    }
    if space != Space::Shared {
        l.write_file(File::P, bits(w, 81, 84) as u8, Operand::Imm(1));
    }
    Ok(())
}

/// `LDC Rd, c[bank][Ra + off]`: bank 0 parameter window reads become
/// `ld.param` at a register offset; immediate-only reads go through the
/// constant-bank rules of [`Lifter::cbuf32`].
fn ldc(l: &mut Lifter) -> Result<(), LiftError> {
    let w = l.word;
    let ra = bits(w, 24, 32) as u8;
    let off = bits(w, 38, 54) as u32;
    let bank = bits(w, 54, 59) as u8;
    let (mem, n) = mem_shape(l)?;
    let rd = bits(w, 16, 24) as u8;
    if ra == 255 {
        if mem.kind != MemKind::B32 {
            return Err(l.unsupported("sub-word LDC"));
        }
        for i in 0..n {
            let v = l.cbuf32(bank, off + 4 * i as u32)?;
            l.write_file(File::R, rd.saturating_add(i as u8), v);
        }
        return Ok(());
    }
    let pcb = l.k.param_cbank_offset;
    if bank != 0 {
        return ldc_indexed_bank(l, File::R, bank, ra, off, mem, n);
    }
    if off < pcb {
        return Err(l.unsupported(format!(
            "register-indexed LDC of c[0x0][{off:#x}] (below the parameter window: driver constants)"
        )));
    }
    let base = l.read_file(File::R, ra);
    let dsts: Vec<_> = (0..n).map(|_| l.tmp(Type::I32)).collect();
    l.emit(Op::Load {
        space: Space::Param,
        mem,
        order: Order::Weak,
        scope: Scope::Device,
        uniform: false,
        dsts: dsts.clone(),
        addr: Address::Flat {
            base,
            offset: i64::from(off - pcb),
        },
    });
    for (i, t) in dsts.into_iter().enumerate() {
        l.write_file(File::R, rd.saturating_add(i as u8), t.into());
    }
    Ok(())
}

/// Register-indexed `LDC Rd, c[bank][Ra + off]` of a bank with contents in
/// the cubin (`c[0x2]` jump tables, `c[0x3]` `__constant__` data): the IR
/// has no memory for constant banks, so the read is a `switch` on the
/// element index `(Ra + off) / size` to one block per distinct value (the
/// bank is at most 64 KiB). A misaligned or out-of-range offset traps
/// (block `ldc_<pc>_out_of_range`); sub-word sizes and relocated banks are
/// refused.
/// `LDC Rd, c[bank][Ra + off]` of a module bank, which lives in the
/// parameter block: an `ld.param` at the bank's offset plus `Ra + off`,
/// after a check that the element is aligned and inside the bank (else a
/// trap in block `ldc_<pc>_out_of_range`, as for folded banks).
fn ldc_live_bank(
    l: &mut Lifter,
    file: File,
    lb: crate::loader::LiveBank,
    ra: u8,
    off: u32,
    mem: MemType,
    n: usize,
) -> Result<(), LiftError> {
    let size = 4 * n as u32;
    let rd = bits(l.word, 16, 24) as u8;
    let pc = l.pc;
    // The checks run unguarded so their temps are always written; the guard
    // is folded into the trap condition.
    let outer = l.guard.take();
    let a = l.read_file(file, ra);
    let byte = l.bin32(BinOp::Add, a, Operand::Imm(u64::from(off)));
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
        l.cur = cont;
        l.closed = false;
        l.guard = outer;
        return Ok(());
    };
    l.terminate(Term::BrCond {
        cond: bad,
        then_: trap,
        else_: cont,
    });
    l.cur = cont;
    l.closed = false;
    l.guard = outer;
    let dsts: Vec<_> = (0..n).map(|_| l.tmp(Type::I32)).collect();
    l.emit(Op::Load {
        space: Space::Param,
        mem,
        order: Order::Weak,
        scope: Scope::Device,
        uniform: false,
        dsts: dsts.clone(),
        addr: Address::Flat {
            base: byte,
            offset: i64::from(lb.param_offset),
        },
    });
    for (i, t) in dsts.into_iter().enumerate() {
        l.write_file(file, rd.saturating_add(i as u8), Operand::Reg(t));
    }
    Ok(())
}

fn ldc_indexed_bank(
    l: &mut Lifter,
    file: File,
    bank: u8,
    ra: u8,
    off: u32,
    mem: MemType,
    n: usize,
) -> Result<(), LiftError> {
    if mem.kind != MemKind::B32 {
        return Err(l.unsupported(format!("register-indexed sub-word LDC of c[{bank:#x}]")));
    }
    if let Some(lb) = l.live_bank(bank).filter(|_| !l.has_const_relocs(bank)) {
        return ldc_live_bank(l, file, lb, ra, off, mem, n);
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
    let size = 4 * n as u32;
    let words: Vec<Vec<u64>> = data
        .chunks_exact(size as usize)
        .map(|c| {
            c.chunks_exact(4)
                .map(|b| u64::from(u32::from_le_bytes([b[0], b[1], b[2], b[3]])))
                .collect()
        })
        .collect();
    let rd = bits(l.word, 16, 24) as u8;
    let a = l.read_file(file, ra);
    let byte = l.bin32(BinOp::Add, a, Operand::Imm(u64::from(off)));
    let low = l.bin32(BinOp::And, byte, Operand::Imm(u64::from(size - 1)));
    let misaligned = l.icmp(ICond::Ne, Type::I32, low, Operand::Imm(0));
    let q = l.bin32(
        BinOp::LShr,
        byte,
        Operand::Imm(u64::from(size.trailing_zeros())),
    );
    // Misaligned offsets go to the default (trap) block.
    let idx = l.tmp(Type::I32);
    l.emit(Op::Select {
        ty: Type::I32,
        dst: idx,
        cond: misaligned,
        a: Operand::Imm(u64::from(u32::MAX)),
        b: q,
    });
    let pc = l.pc;
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
                let saved = l.cur;
                l.cur = b;
                for (j, &x) in v.iter().enumerate() {
                    l.write_file(file, rd.saturating_add(j as u8), Operand::Imm(x));
                }
                l.cur = saved;
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
    l.cur = cont;
    l.closed = false;
    Ok(())
}

/// `ULDC[.64] URd, c[bank][off]` (0xab9) and `ULDC URd, c[bank][URa + off]`
/// (0xabb, URa in [24, 30): ptxas indexes `c[0x2]` jump tables with it for a
/// `switch` on a warp-uniform value; reading only `off` there once sent
/// every lane to the table's first target).
fn uldc(l: &mut Lifter) -> Result<(), LiftError> {
    let w = l.word;
    let off = bits(w, 38, 54) as u32;
    let bank = bits(w, 54, 59) as u8;
    let (mem, n) = mem_shape(l)?;
    let rd = bits(w, 16, 24) as u8;
    let ura = bits(w, 24, 30) as u8;
    if bits(w, 0, 12) == 0xabb && ura != 63 {
        if bank == 0 {
            return Err(l.unsupported("ULDC indexed by a uniform register in c[0x0]"));
        }
        return ldc_indexed_bank(l, File::UR, bank, ura, off, mem, n);
    }
    for i in 0..n {
        let v = l.cbuf32(bank, off + 4 * i as u32)?;
        l.write_file(File::UR, rd.saturating_add(i as u8), v);
    }
    Ok(())
}

/// `QSPC.E.{G,L,S} Pd, Rd, [addr]` (PTX `isspacep`; nvdisasm: space
/// [73, 75) G / L / S / invalid, `.E` 72, Pd [81, 84), address as LD's):
/// Pd = the generic address is in the lane's local window
/// ([`super::LOCAL_WINDOW`], the local size), in the shared window
/// ([`super::SHARED_WINDOW`]) or in neither (global). Rd's meaning is not
/// known (ptxas writes RZ): refused otherwise.
fn qspc(l: &mut Lifter, ur: Ur) -> Result<(), LiftError> {
    let w = l.word;
    let space = bits(w, 73, 75);
    if space == 3 || bits(w, 16, 24) != 255 {
        return Err(l.unsupported(format!(
            "QSPC with space code {space} or a destination register other than RZ"
        )));
    }
    let addr = address(l, Space::Global, ur, false)?;
    let local_size = u64::from(l.local_size());
    let (Some((_, local)), Some((_, shared))) = (
        in_window(l, &addr, super::LOCAL_WINDOW, local_size),
        in_window(l, &addr, super::SHARED_WINDOW, super::SHARED_WINDOW_SIZE),
    ) else {
        return Err(l.unsupported("QSPC with a non-flat address"));
    };
    let p = match space {
        1 => local,
        2 => shared,
        _ => {
            let either = l.bin(BinOp::Or, Type::I1, local, shared);
            l.bin(BinOp::Xor, Type::I1, either, Operand::Imm(1))
        }
    };
    l.write_file(File::P, bits(w, 81, 84) as u8, p);
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
/// `docs/sm75.md`, "Surfaces"). Fields: coordinates from Ra (x, then y for
/// 2D/3D, then the layer or depth: `1D_ARRAY` x, layer; `2D_ARRAY` x, y,
/// layer; `3D` x, y, z), dimension [61, 64), out-of-range mode [59, 61)
/// IGN / (clamp) / TRAP, `.BA` 72 (x is a byte offset; without it x counts
/// elements of the access size), type or size [73, 76), scope [77, 79),
/// order [79, 81), eviction hint [84, 87) (no effect), op [87, 91).
/// The handle is 32 bits, as on the GPU (ptxas loads only the low word of a
/// `.u64` surface handle): the constant `c[bank][idx * 4]` (bank [54, 59),
/// word index [40, 54)), or with `reg_handle` the register at [64, 72). It is
/// the offset of a 32-byte `runtime::surface` descriptor in guest memory
/// ([`SURFACE_HANDLE_BASE`]).
/// The predicate output of SULD/SUATOM ([81, 84)) is written true: the
/// access happened (ptxas writes PT there; an out-of-range access under
/// IGN is not reported through it in xisa).
fn surface(l: &mut Lifter, kind: Surf, reg_handle: bool) -> Result<(), LiftError> {
    let w = l.word;
    let dim = match bits(w, 61, 64) {
        0 => SurfDim::D1,
        1 => SurfDim::D1Buffer,
        2 => SurfDim::D1Array,
        3 => SurfDim::D2,
        4 => SurfDim::D2Array,
        5 => SurfDim::D3,
        d => return Err(l.unsupported(format!("surface dimension code {d}"))),
    };
    let oob = match bits(w, 59, 61) {
        0 => SurfOob::Ignore,
        1 => SurfOob::Clamp,
        2 => SurfOob::Trap,
        m => return Err(l.unsupported(format!("surface out-of-range mode {m}"))),
    };
    let handle = if reg_handle {
        l.read_file(File::R, bits(w, 64, 72) as u8)
    } else {
        let bank = bits(w, 54, 59) as u8;
        let idx = bits(w, 40, 54) as u32;
        l.cbuf32(bank, idx * 4)?
    };
    let handle = l.zext64(handle);
    let desc = l.bin(
        BinOp::Add,
        Type::I64,
        handle,
        Operand::Imm(SURFACE_HANDLE_BASE),
    );
    let scope = atom_scope(w);
    let ra = bits(w, 24, 32) as u8;
    // Element size of the access (for non-`.BA` x and the data registers).
    let (access_bytes, what) = match kind {
        Surf::Ld | Surf::St => {
            let (mem, n) = mem_shape(l)?;
            let (order, oscope) = if n == 1 && matches!(bits(w, 79, 81), 2 | 3) {
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
            let op = if kind == Surf::Red {
                bits(w, 87, 90)
            } else {
                bits(w, 87, 91)
            };
            let ty = bits(w, 73, 76);
            match su_atom_kind(op, ty) {
                Some(k) => Some(k),
                None => {
                    return Err(l.unsupported(format!("surface atomic op {op} with type code {ty}")))
                }
            }
        }
        Surf::Atom { cas: true } => match bits(w, 73, 76) {
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
    if !bit(w, 72) && elem > 1 {
        x = l.bin32(BinOp::Mul, x, Operand::Imm(u64::from(elem)));
    }
    let (y, z) = match dim {
        SurfDim::D1 | SurfDim::D1Buffer => (Operand::Imm(0), Operand::Imm(0)),
        SurfDim::D1Array => (Operand::Imm(0), coords[1]),
        SurfDim::D2 => (coords[1], Operand::Imm(0)),
        _ => (coords[1], coords[2]),
    };
    let addr = Address::Surface {
        desc,
        dim,
        oob,
        x,
        y,
        z,
    };
    let rd = bits(w, 16, 24) as u8;
    let rb = bits(w, 32, 40) as u8;
    match (kind, what, atom) {
        (Surf::Ld, Some((mem, n, order, scope)), _) => {
            let dsts: Vec<_> = (0..n).map(|_| l.tmp(Type::I32)).collect();
            l.emit(Op::Load {
                space: Space::Surface,
                mem,
                order,
                scope,
                uniform: false,
                dsts: dsts.clone(),
                addr,
            });
            for (i, t) in dsts.into_iter().enumerate() {
                l.write_file(File::R, rd.saturating_add(i as u8), t.into());
            }
            l.write_file(File::P, bits(w, 81, 84) as u8, Operand::Imm(1));
        }
        (Surf::St, Some((mem, n, order, scope)), _) => {
            let srcs: Vec<_> = (0..n)
                .map(|i| l.read_file(File::R, rb.saturating_add(i as u8)))
                .collect();
            l.emit(Op::Store {
                space: Space::Surface,
                mem,
                order,
                scope,
                srcs,
                addr,
            });
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
            l.emit(Op::Atomic {
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
            });
            if let Some(d) = dst {
                atom_result(l, rd, aty, d.into());
            }
            if kind != Surf::Red {
                l.write_file(File::P, bits(w, 81, 84) as u8, Operand::Imm(1));
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
            let o = int_atom_op(op, signed)?;
            (o, t, false)
        }
    })
}
