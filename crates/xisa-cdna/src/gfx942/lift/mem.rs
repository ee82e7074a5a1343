//! Memory instructions: SMEM (scalar loads, every lane), FLAT / GLOBAL /
//! SCRATCH, DS (LDS) and MUBUF (buffer through a V# descriptor), all vector
//! memory guarded by the lane's EXEC bit; the buffer_wbl2 / buffer_inv fences.

use xisa_ir::op;
use xisa_ir::BufferAddr;
use xisa_ir::{
    Address, AtomOp, AtomType, BinOp, CvtOp, FCond, Guard, ICond, MemKind, MemType, Op, Operand,
    Order, Reg, Scope, Space, Term, Type, UnOp,
};

use super::builder::Builder;
use super::{LiftError, PRIVATE_APERTURE_HI, SHARED_APERTURE_HI};
use crate::gfx942::memsem::{mem_row, Access, Data, MemSem, Rmw};
use crate::gfx942::Inst;

/// IR scope of a gfx942 load/store `sc0`/`sc1` pair (AMDGPUUsage, memory model
/// GFX942: sc0 = workgroup, sc1 = agent, both = system); `None` = plain access.
pub fn load_store_scope(sc0: bool, sc1: bool) -> Option<Scope> {
    match (sc0, sc1) {
        (false, false) => None,
        (true, false) => Some(Scope::Workgroup),
        (false, true) => Some(Scope::Device),
        (true, true) => Some(Scope::System),
    }
}

/// IR scope of a global/flat/buffer atomic: device, or system with `sc1`
/// (`sc0` on an atomic only asks for the pre-op value).
pub fn atomic_scope(sc1: bool) -> Scope {
    if sc1 {
        Scope::System
    } else {
        Scope::Device
    }
}

/// The semantics row of a memory instruction (`gfx942_mem_semantics.tsv`),
/// or its refusal with the table's reason.
fn mem_sem(b: &Builder, inst: &Inst) -> Result<MemSem, LiftError> {
    let row = mem_row(&inst.opcode.mnemonic);
    super::table_row(b, row, "no row in gfx942_mem_semantics.tsv")
}

/// The element kind and count of a load/store row.
fn mem_data(b: &Builder, s: &MemSem) -> Result<(MemKind, u8), LiftError> {
    match s.data {
        Data::Mem(k, n) => Ok((k, n)),
        _ => Err(b.unsupported("memory row without an element kind")),
    }
}

/// The IR atomic of an atomic row.
fn atom_data(b: &Builder, s: &MemSem) -> Result<(AtomOp, AtomType), LiftError> {
    match s.data {
        Data::Atom(op, ty) => Ok((op, ty)),
        _ => Err(b.unsupported("memory row without an atomic op")),
    }
}

/// The offset unit of a read2 / write2 of `n` dwords per element: the
/// element size, times 64 with `st64`.
fn pair_unit(s: &MemSem, n: u8) -> i64 {
    4 * i64::from(n) * if s.flags.st64 { 64 } else { 1 }
}

/// The d16 half a load writes (`None`: whole registers).
fn d16_half(s: &MemSem) -> Option<bool> {
    s.flags.d16.then_some(s.flags.hi)
}

/// Where an access goes: a space and a per-lane guard (EXEC and, for FLAT,
/// the aperture test).
struct Target {
    space: Space,
    addr: Address,
    guard: Guard,
}

fn and_guard(b: &mut Builder, p: Reg) -> Guard {
    let ex = b.exec;
    let g = b.binv(BinOp::And, Type::I1, p, ex);
    Guard {
        reg: g,
        negate: false,
    }
}

/// The targets of a FLAT access at the 64-bit address `a`: global outside the
/// apertures, LDS and scratch inside them (docs/cdna.md).
fn flat_targets(b: &mut Builder, a: Reg, off: i64) -> Vec<Target> {
    let full = b.binv(BinOp::Add, Type::I64, a, Operand::Imm(off as u64));
    let hi64 = b.binv(BinOp::LShr, Type::I64, full, Operand::Imm(32));
    let hi = b.cvt(CvtOp::Trunc, Type::I32, Type::I64, hi64);
    let lo = b.cvt(CvtOp::Trunc, Type::I32, Type::I64, full);
    let sh = b.icmp(
        ICond::Eq,
        Type::I32,
        hi,
        Operand::Imm(SHARED_APERTURE_HI as u64),
    );
    let pr = b.icmp(
        ICond::Eq,
        Type::I32,
        hi,
        Operand::Imm(PRIVATE_APERTURE_HI as u64),
    );
    let either = b.binv(BinOp::Or, Type::I1, sh, pr);
    let gl = b.t(Type::I1);
    b.emit(Op::Un(op::Un {
        op: xisa_ir::UnOp::Not,
        ty: Type::I1,
        dst: gl,
        a: either.into(),
    }));
    let (gg, gs, gp) = (and_guard(b, gl), and_guard(b, sh), and_guard(b, pr));
    vec![
        Target {
            space: Space::Global,
            addr: Address::Flat {
                base: full.into(),
                offset: 0,
            },
            guard: gg,
        },
        Target {
            space: Space::Shared,
            addr: Address::Flat {
                base: lo.into(),
                offset: 0,
            },
            guard: gs,
        },
        Target {
            space: Space::Local,
            addr: Address::Flat {
                base: lo.into(),
                offset: 0,
            },
            guard: gp,
        },
    ]
}

fn sext(v: u32, bits: u32) -> i64 {
    ((v as i64) << (64 - bits)) >> (64 - bits)
}

/// The targets of a FLAT/GLOBAL/SCRATCH instruction.
fn flat_like_targets(b: &mut Builder, inst: &Inst) -> Result<Vec<Target>, LiftError> {
    let variant = inst.opcode.variant.as_str();
    let addr = inst.get("addr");
    let saddr = inst.get("saddr");
    let raw = inst.get("offset");
    let g = b.exec_guard();
    match variant {
        "global" => {
            let off = sext(raw, 13);
            let base = if saddr == 0x7f {
                let (l, h) = (b.v(addr), b.v(addr + 1));
                b.pair(l, h)
            } else {
                let s = b.src_bits(saddr, 64)?;
                let va = b.v(addr);
                let z = b.cvt(CvtOp::Zext, Type::I64, Type::I32, va);
                b.binv(BinOp::Add, Type::I64, s, z)
            };
            Ok(vec![Target {
                space: Space::Global,
                addr: Address::Flat {
                    base: base.into(),
                    offset: off,
                },
                guard: g,
            }])
        }
        "scratch" => {
            let off = sext(raw, 13);
            let mut base: Operand = Operand::Imm(0);
            if inst.get("sve") == 1 {
                base = b.v(addr).into();
            }
            if saddr != 0x7f {
                let s = b.src_bits(saddr, 32)?;
                base = b.binv(BinOp::Add, Type::I32, base, s).into();
            }
            Ok(vec![Target {
                space: Space::Local,
                addr: Address::Flat { base, offset: off },
                guard: g,
            }])
        }
        _ => {
            // FLAT: 12-bit unsigned offset; the address decides the space.
            let off = (raw & 0xfff) as i64;
            let (l, h) = (b.v(addr), b.v(addr + 1));
            let a = b.pair(l, h);
            Ok(flat_targets(b, a, off))
        }
    }
}

/// Writes `vals` (i32 each) to consecutive vector registers from `first`,
/// guarded by `g`.
pub(super) fn write_v(b: &mut Builder, first: u32, acc: bool, vals: &[Reg], g: Guard) {
    for (i, &v) in vals.iter().enumerate() {
        let d = b.vreg(first + i as u32, acc);
        b.emit_with(
            Op::Mov {
                ty: Type::I32,
                dst: d,
                src: v.into(),
            },
            Some(g),
        );
    }
}

/// A vector load of `kind x count` (or a d16 half load) into `vdst`.
#[allow(clippy::too_many_arguments)]
fn vload(
    b: &mut Builder,
    targets: &[Target],
    kind: MemKind,
    count: u8,
    d16: Option<bool>,
    vdst: u32,
    acc: bool,
    scope: Option<Scope>,
) {
    let (mem, order, sc) = crate::access::lifted(kind, count, scope);
    let wide = mem.kind == MemKind::B64;
    let tmps: Vec<Reg> = if wide {
        vec![b.t(Type::I64)]
    } else {
        (0..count).map(|_| b.t(Type::I32)).collect()
    };
    for t in targets {
        b.emit_with(
            Op::Load(op::Load {
                space: t.space,
                mem,
                order,
                scope: sc,
                uniform: false,
                dsts: tmps.clone(),
                addr: t.addr,
            }),
            Some(t.guard),
        );
    }
    let g = b.exec_guard();
    if wide {
        let (lo, hi) = b.halves(tmps[0].into());
        let (lo, hi) = (b.as_reg(lo), b.as_reg(hi));
        write_v(b, vdst, acc, &[lo, hi], g);
        return;
    }
    match d16 {
        None => write_v(b, vdst, acc, &tmps, g),
        Some(hi) => {
            // d16: replace one 16-bit half of vdst, keep the other.
            let d = b.vreg(vdst, acc);
            let v16 = b.binv(BinOp::And, Type::I32, tmps[0], Operand::Imm(0xffff));
            let r = if hi {
                let keep = b.binv(BinOp::And, Type::I32, d, Operand::Imm(0xffff));
                let s = b.binv(BinOp::Shl, Type::I32, v16, Operand::Imm(16));
                b.binv(BinOp::Or, Type::I32, keep, s)
            } else {
                let keep = b.binv(BinOp::And, Type::I32, d, Operand::Imm(0xffff_0000));
                b.binv(BinOp::Or, Type::I32, keep, v16)
            };
            write_v(b, vdst, acc, &[r], g);
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn vstore(
    b: &mut Builder,
    targets: &[Target],
    kind: MemKind,
    count: u8,
    d16_hi: bool,
    data: u32,
    acc: bool,
    scope: Option<Scope>,
) {
    let (mem, order, sc) = crate::access::lifted(kind, count, scope);
    let mut srcs: Vec<Operand> = (0..count as u32)
        .map(|i| b.vreg(data + i, acc).into())
        .collect();
    if d16_hi {
        srcs[0] = b
            .binv(BinOp::LShr, Type::I32, srcs[0], Operand::Imm(16))
            .into();
    }
    if mem.kind == MemKind::B64 {
        srcs = vec![b.pair(srcs[0], srcs[1]).into()];
    }
    for t in targets {
        b.emit_with(
            Op::Store(op::Store {
                space: t.space,
                mem,
                order,
                scope: sc,
                srcs: srcs.clone(),
                addr: t.addr,
            }),
            Some(t.guard),
        );
    }
}

/// An atomic with data in `data..` and (if `rtn`) the old value to `vdst..`.
#[allow(clippy::too_many_arguments)]
fn vatomic(
    b: &mut Builder,
    targets: &[Target],
    op: AtomOp,
    ty: AtomType,
    scope_global: Scope,
    data: u32,
    cmp_first: bool,
    vdst: Option<u32>,
    acc: bool,
) -> Result<(), LiftError> {
    let cas = op == AtomOp::Cas;
    // Source and compare value. CAS data layout: FLAT/MUBUF {src, cmp}; DS
    // {cmp (data0), src (data1)} handled by the caller through `cmp_first`.
    let (src, cmp): (Operand, Option<Operand>) = match ty {
        AtomType::B64 | AtomType::F64 => {
            let (l, h) = (b.vreg(data, acc), b.vreg(data + 1, acc));
            let d = b.pair(l, h);
            let c = if cas {
                let (l, h) = (b.vreg(data + 2, acc), b.vreg(data + 3, acc));
                Some(b.pair(l, h).into())
            } else {
                None
            };
            let d: Operand = if ty == AtomType::F64 {
                b.cvt(CvtOp::Bitcast, Type::F64, Type::I64, d).into()
            } else {
                d.into()
            };
            (d, c)
        }
        AtomType::F32 => {
            let v = b.vreg(data, acc);
            (b.cvt(CvtOp::Bitcast, Type::F32, Type::I32, v).into(), None)
        }
        _ => {
            let v = b.vreg(data, acc);
            let c = cas.then(|| b.vreg(data + 1, acc).into());
            (v.into(), c)
        }
    };
    let (src, cmp) = match (cmp_first, cmp) {
        (true, Some(c)) => (c, Some(src)),
        (_, c) => (src, c),
    };
    let rty = ty.reg_type();
    let old = vdst.map(|_| b.t(rty));
    for t in targets {
        if t.space == Space::Local {
            // An atomic on a scratch address (FLAT into the private aperture):
            // the IR has no local atomics; make it fault at this pc (an
            // out-of-range scratch access) rather than silently misbehave.
            let junk = b.t(Type::I32);
            b.emit_with(
                Op::Load(op::Load {
                    space: Space::Local,
                    mem: MemType::scalar(MemKind::B32),
                    order: Order::Weak,
                    scope: Scope::Device,
                    uniform: false,
                    dsts: vec![junk],
                    addr: Address::Flat {
                        base: Operand::Imm(0xffff_fff0),
                        offset: 0,
                    },
                }),
                Some(t.guard),
            );
            continue;
        }
        let scope = if t.space == Space::Shared {
            Scope::Workgroup
        } else {
            scope_global
        };
        b.emit_with(
            Op::Atomic(op::Atomic {
                op,
                ty,
                space: t.space,
                scope,
                order: Order::Relaxed,
                ftz: false,
                dst: old,
                addr: t.addr,
                src,
                cmp,
            }),
            Some(t.guard),
        );
    }
    if let (Some(o), Some(vd)) = (old, vdst) {
        let g = b.exec_guard();
        match rty {
            Type::I64 | Type::F64 => {
                let i = if rty == Type::F64 {
                    b.cvt(CvtOp::Bitcast, Type::I64, Type::F64, o)
                } else {
                    o
                };
                let (l, h) = b.halves(i.into());
                let (l, h) = (b.as_reg(l), b.as_reg(h));
                write_v(b, vd, acc, &[l, h], g);
            }
            Type::F32 => {
                let i = b.cvt(CvtOp::Bitcast, Type::I32, Type::F32, o);
                write_v(b, vd, acc, &[i], g);
            }
            _ => write_v(b, vd, acc, &[o], g),
        }
    }
    Ok(())
}

/// FLAT, GLOBAL and SCRATCH.
pub(crate) fn flat(b: &mut Builder, inst: &Inst) -> Result<(), LiftError> {
    let sem = mem_sem(b, inst)?;
    let acc = inst.get("acc") == 1;
    let (sc0, sc1) = (inst.get("sc0") == 1, inst.get("sc1") == 1);
    let scope = load_store_scope(sc0, sc1);
    match sem.access {
        Access::Atomic => {
            let (op, ty) = atom_data(b, &sem)?;
            if inst.opcode.variant == "scratch" {
                return Err(b.unsupported("scratch atomics"));
            }
            let targets = flat_like_targets(b, inst)?;
            let rtn = sc0.then(|| inst.get("vdst"));
            vatomic(
                b,
                &targets,
                op,
                ty,
                atomic_scope(sc1),
                inst.get("data"),
                false,
                rtn,
                acc,
            )
        }
        Access::Load => {
            let (kind, count) = mem_data(b, &sem)?;
            let targets = flat_like_targets(b, inst)?;
            let d16 = d16_half(&sem);
            vload(b, &targets, kind, count, d16, inst.get("vdst"), acc, scope);
            Ok(())
        }
        Access::Store => {
            let (kind, count) = mem_data(b, &sem)?;
            let targets = flat_like_targets(b, inst)?;
            let hi = sem.flags.hi;
            vstore(b, &targets, kind, count, hi, inst.get("data"), acc, scope);
            Ok(())
        }
        a => Err(b.unsupported(format!("`{}` is not a FLAT access", a.name()))),
    }
}

/// SMEM: `s_load_dword*` (and `s_buffer_load_dword*`): every lane loads the
/// same value (the wave's SGPRs are replicated per lane). Scalar stores and
/// atomics (`s_store_*`, `s_buffer_store_*`, `s_atomic_*`,
/// `s_buffer_atomic_*`): see [`smem_write`].
pub(crate) fn smem(b: &mut Builder, inst: &Inst) -> Result<(), LiftError> {
    let sem = mem_sem(b, inst)?;
    let count = match sem.access {
        Access::SLoad => mem_data(b, &sem)?.1,
        Access::SHint => return Ok(()),
        Access::SStore | Access::SAtomic => return smem_write(b, inst, &sem),
        // The scalar cache: written back to / refreshed from L2, which every
        // CU shares, so a device-scope fence.
        Access::Wbl2 | Access::Inv => {
            cache_op(b, sem.access == Access::Wbl2, false, true);
            return Ok(());
        }
        // `clock64()` / `wall_clock64()`: xisa's time is the lane's count of
        // executed instructions (the IR `clock`: monotonic, deterministic).
        Access::STime => {
            let t = b.t(Type::I64);
            b.emit(Op::Special {
                dst: t,
                sreg: xisa_ir::SReg::Clock,
            });
            let (lo, hi) = b.halves(t.into());
            let sdata = inst.get("sdata");
            b.wr_s32(sdata, lo)?;
            return b.wr_s32(sdata + 1, hi);
        }
        a => return Err(b.unsupported(format!("`{}` is not an SMEM access", a.name()))),
    };
    let sdata = inst.get("sdata");
    let tmps: Vec<Reg> = (0..count).map(|_| b.t(Type::I32)).collect();
    for (i, chunk) in tmps.chunks(4).enumerate() {
        let (space, addr) = smem_addr(b, inst, &sem, 16 * i as u32)?;
        b.emit(Op::Load(op::Load {
            space,
            mem: MemType {
                kind: MemKind::B32,
                count: chunk.len() as u8,
            },
            order: Order::Weak,
            scope: Scope::Device,
            // The scalar unit loads once for the wave: every lane's SGPRs
            // get the same value.
            uniform: true,
            dsts: chunk.to_vec(),
            addr,
        }));
    }
    for (i, t) in tmps.iter().enumerate() {
        b.wr_s32(sdata + i as u32, *t)?;
    }
    Ok(())
}

/// The lowest set bit of the 64-bit lane `mask` (`i32`; 64 when the mask is
/// 0) and whether it is this lane (`i1`).
fn lowest_lane(b: &mut Builder, mask: Operand) -> (Reg, Reg) {
    let first = b.t(Type::I64);
    b.emit(Op::Un(op::Un {
        op: UnOp::Ctz,
        ty: Type::I64,
        dst: first,
        a: mask,
    }));
    let first = b.cvt(CvtOp::Trunc, Type::I32, Type::I64, first);
    let lane = b.lane;
    let me = b.icmp(ICond::Eq, Type::I32, lane, first);
    (first, me)
}

/// The address of an SMEM access plus `extra` bytes. Offset: imm = 1: the
/// 21-bit signed immediate (+ the soffset SGPR with soe); imm = 0: the offset
/// field names an SGPR. A `buffer` row (`s_buffer_*`): through the V# in `s[sbase*2..+4]`
/// (base = word0 | (word1 & 0xffff) << 32, range checked against
/// num_records = word2); otherwise the 64-bit base `s[sbase*2..+2]`.
fn smem_addr(
    b: &mut Builder,
    inst: &Inst,
    sem: &MemSem,
    extra: u32,
) -> Result<(Space, Address), LiftError> {
    let sbase = inst.get("sbase") * 2;
    let mut off: Operand = if inst.get("imm") == 1 {
        Operand::Imm(sext(inst.get("offset"), 21) as u32 as u64)
    } else {
        b.src_bits(inst.get("offset") & 0x7f, 32)?
    };
    if inst.get("soe") == 1 {
        let s = b.src_bits(inst.get("soffset"), 32)?;
        off = b.binv(BinOp::Add, Type::I32, off, s).into();
    }
    if sem.flags.buffer {
        let w0 = b.src_bits(sbase, 32)?;
        let w1 = b.src_bits(sbase + 1, 32)?;
        let w2 = b.src_bits(sbase + 2, 32)?;
        let hi = b.binv(BinOp::And, Type::I32, w1, Operand::Imm(0xffff));
        let base = b.pair(w0, hi);
        let o = b.binv(BinOp::Add, Type::I32, off, Operand::Imm(extra as u64));
        Ok((
            Space::Buffer,
            Address::Buffer(BufferAddr {
                base: base.into(),
                size: w2,
                offset: o.into(),
                imm: 0,
            }),
        ))
    } else {
        let base = b.src_bits(sbase, 64)?;
        let o64 = match off {
            Operand::Imm(x) => Operand::Imm(sext(x as u32, 32) as u64),
            r => b.cvt(CvtOp::Zext, Type::I64, Type::I32, r).into(),
        };
        let a = b.binv(BinOp::Add, Type::I64, base, o64);
        Ok((
            Space::Global,
            Address::Flat {
                base: a.into(),
                offset: extra as i64,
            },
        ))
    }
}

/// Scalar stores and atomics: one memory operation per wave, whatever EXEC
/// (scalar instructions ignore it), made by the wave's first existing lane
/// (`ctz(activemask)`: the wave is converged, so every lane takes part); a
/// wave sync after it (or the shuffle of the returned value) makes every lane
/// wait for it, so later scalar loads of the same wave see it. Data from
/// `s[sdata..]` (cmpswap: {src, cmp}, as the vector atomics); with GLC an
/// atomic returns the pre-op value to `s[sdata..]` (one or two dwords) in
/// every lane. A store's GLC (and NV on any SMEM op) is a cache policy with no
/// effect here: xisa has no scalar cache, so a store is visible when performed
/// and `s_dcache_wb` has nothing to write back. Stores are weak and atomics
/// relaxed at device scope, as the vector ones (docs/cdna.md).
fn smem_write(b: &mut Builder, inst: &Inst, sem: &MemSem) -> Result<(), LiftError> {
    let sdata = inst.get("sdata");
    let glc = inst.get("glc") == 1;
    enum Kind {
        Store(u8),
        Atomic(AtomOp, AtomType),
    }
    let kind = match (sem.access, sem.data) {
        (Access::SStore, Data::Mem(MemKind::B32, n)) => Kind::Store(n),
        (Access::SAtomic, Data::Atom(op, ty @ (AtomType::B32 | AtomType::B64))) => {
            Kind::Atomic(op, ty)
        }
        _ => return Err(b.unsupported("scalar store or atomic of this data not lifted")),
    };
    let (space, addr) = smem_addr(b, inst, sem, 0)?;
    // The first lane of the wave.
    let am = b.t(Type::I64);
    b.emit(Op::ActiveMask { dst: am });
    let (first, me) = lowest_lane(b, am.into());
    let g = Guard {
        reg: me,
        negate: false,
    };
    match kind {
        Kind::Store(count) => {
            let srcs = (0..count as u32)
                .map(|i| b.src_bits(sdata + i, 32))
                .collect::<Result<Vec<_>, _>>()?;
            b.emit_with(
                Op::Store(op::Store {
                    space,
                    mem: MemType {
                        kind: MemKind::B32,
                        count,
                    },
                    order: Order::Weak,
                    scope: Scope::Device,
                    srcs,
                    addr,
                }),
                Some(g),
            );
            b.emit(Op::WaveSync);
        }
        Kind::Atomic(op, ty) => {
            let wide = ty == AtomType::B64;
            let dword = |b: &mut Builder, i: u32| -> Result<Operand, LiftError> {
                if wide {
                    let l = b.src_bits(sdata + 2 * i, 32)?;
                    let h = b.src_bits(sdata + 2 * i + 1, 32)?;
                    Ok(b.pair(l, h).into())
                } else {
                    b.src_bits(sdata + i, 32)
                }
            };
            let src = dword(b, 0)?;
            let cmp = if op == AtomOp::Cas {
                Some(dword(b, 1)?)
            } else {
                None
            };
            let rty = ty.reg_type();
            let old = b.t(rty);
            b.mov(rty, old, Operand::Imm(0));
            b.emit_with(
                Op::Atomic(op::Atomic {
                    op,
                    ty,
                    space,
                    scope: Scope::Device,
                    order: Order::Relaxed,
                    ftz: false,
                    dst: glc.then_some(old),
                    addr,
                    src,
                    cmp,
                }),
                Some(g),
            );
            if glc {
                let parts: Vec<Operand> = if wide {
                    let (l, h) = b.halves(old.into());
                    vec![l, h]
                } else {
                    vec![old.into()]
                };
                for (i, p) in parts.into_iter().enumerate() {
                    let r = b.shfl(Type::I32, p, first);
                    b.wr_s32(sdata + i as u32, r)?;
                }
            } else {
                b.emit(Op::WaveSync);
            }
        }
    }
    Ok(())
}

/// A DS data operand: VGPR `r`, or the pair `r`, `r + 1` as one 64-bit value.
fn ds_data(b: &mut Builder, r: u32, wide: bool, acc: bool) -> Operand {
    if wide {
        let (l, h) = (b.vreg(r, acc), b.vreg(r + 1, acc));
        b.pair(l, h).into()
    } else {
        b.vreg(r, acc).into()
    }
}

/// A relaxed workgroup-scope LDS atomic at `base + offset`: `cmp` for a
/// compare-and-swap, `g` the guard (`None` inside a retry loop entered only
/// under EXEC).
#[allow(clippy::too_many_arguments)]
fn lds_atomic(
    b: &mut Builder,
    (op, ty): (AtomOp, AtomType),
    dst: Option<Reg>,
    base: Reg,
    offset: i64,
    src: Operand,
    cmp: Option<Operand>,
    g: Option<Guard>,
) {
    let addr = Address::Flat {
        base: base.into(),
        offset,
    };
    let mut a = op::Atomic::relaxed(op, ty, Space::Shared, Scope::Workgroup, dst, addr, src);
    a.cmp = cmp;
    b.emit_with(Op::Atomic(a), g);
}

/// Writes a DS result to VDST: one dword, or a 64-bit value's two halves.
fn write_old(b: &mut Builder, vdst: u32, acc: bool, old: Reg, wide: bool, g: Guard) {
    if wide {
        let (l, h) = b.halves(old.into());
        let (l, h) = (b.as_reg(l), b.as_reg(h));
        write_v(b, vdst, acc, &[l, h], g);
    } else {
        write_v(b, vdst, acc, &[old], g);
    }
}

/// DS: LDS loads, stores, atomics, and the cross-lane ds_permute / ds_bpermute /
/// ds_swizzle.
pub(crate) fn ds(b: &mut Builder, inst: &Inst) -> Result<(), LiftError> {
    let sem = mem_sem(b, inst)?;
    if inst.get("gds") == 1 {
        return Err(b.unsupported("GDS is not modelled"));
    }
    let acc = inst.get("acc") == 1;
    let (o0, o1) = (inst.get("offset0"), inst.get("offset1"));
    let off16 = (o0 | (o1 << 8)) as i64;
    let addr_v = b.v(inst.get("addr"));
    let (data0, data1, vdst) = (inst.get("data0"), inst.get("data1"), inst.get("vdst"));
    let g = b.exec_guard();
    let target = |base: Reg, off: i64| Target {
        space: Space::Shared,
        addr: Address::Flat {
            base: base.into(),
            offset: off,
        },
        guard: g,
    };

    // Cross-lane.
    if sem.access == Access::DsPermute {
        // Forward permute: each active lane sends data0 to lane
        // `(addr + offset) / 4 % 64`; a lane no one sends to gets 0, and of
        // several senders the highest-numbered wins (CDNA3 ISA, DS_PERMUTE_B32).
        // Lifted as 64 broadcasts: lane j's target and data, kept where the
        // target is this lane (later lanes overwrite earlier ones).
        let a = b.binv(BinOp::Add, Type::I32, addr_v, Operand::Imm(off16 as u64));
        let q = b.binv(BinOp::LShr, Type::I32, a, Operand::Imm(2));
        let to = b.binv(BinOp::And, Type::I32, q, Operand::Imm(63));
        let exec = b.exec;
        // Inactive lanes send to lane 64: nobody.
        let key = b.select(Type::I32, exec, to, Operand::Imm(64));
        let data = b.vreg(data0, acc);
        let mut acc_v: Operand = Operand::Imm(0);
        for j in 0..64u64 {
            let kj = b.shfl(Type::I32, key, Operand::Imm(j));
            let vj = b.shfl(Type::I32, data, Operand::Imm(j));
            let lane = b.lane;
            let hit = b.icmp(ICond::Eq, Type::I32, kj, lane);
            acc_v = b.select(Type::I32, hit, vj, acc_v).into();
        }
        let r = b.as_reg(acc_v);
        write_v(b, vdst, acc, &[r], g);
        return Ok(());
    }
    if matches!(sem.access, Access::DsBpermute | Access::DsSwizzle) {
        let bperm = sem.access == Access::DsBpermute;
        let lane = b.lane;
        let src_lane: Reg = if bperm {
            let a = b.binv(BinOp::Add, Type::I32, addr_v, Operand::Imm(off16 as u64));
            let q = b.binv(BinOp::LShr, Type::I32, a, Operand::Imm(2));
            b.binv(BinOp::And, Type::I32, q, Operand::Imm(63))
        } else {
            let off = off16 as u32;
            if off & 0x8000 != 0 {
                // Quad permute: lane = (lane & ~3) | sel[lane & 3].
                let q = b.binv(BinOp::And, Type::I32, lane, Operand::Imm(3));
                let sh = b.binv(BinOp::Shl, Type::I32, q, Operand::Imm(1));
                let s = b.binv(BinOp::LShr, Type::I32, Operand::Imm(off as u64 & 0xff), sh);
                let s = b.binv(BinOp::And, Type::I32, s, Operand::Imm(3));
                let base = b.binv(BinOp::And, Type::I32, lane, Operand::Imm(!3u32 as u64));
                b.binv(BinOp::Or, Type::I32, base, s)
            } else {
                // Bit-masked mode within groups of 32 lanes.
                let (and, or, xor) = (off & 0x1f, (off >> 5) & 0x1f, (off >> 10) & 0x1f);
                let l = b.binv(BinOp::And, Type::I32, lane, Operand::Imm(and as u64 | 0x20));
                let l = b.binv(BinOp::Or, Type::I32, l, Operand::Imm(or as u64));
                b.binv(BinOp::Xor, Type::I32, l, Operand::Imm(xor as u64))
            }
        };
        // ds_bpermute reads data0 from the lane `addr / 4`; ds_swizzle's source is
        // the ADDR field.
        let sv = if bperm { b.vreg(data0, acc) } else { addr_v };
        let r = b.shfl(Type::I32, sv, src_lane);
        write_v(b, vdst, acc, &[r], g);
        return Ok(());
    }

    match sem.access {
        Access::Read2 => {
            let n = mem_data(b, &sem)?.1;
            let unit = pair_unit(&sem, n);
            let t0 = target(addr_v, o0 as i64 * unit);
            let t1 = target(addr_v, o1 as i64 * unit);
            let a: Vec<Reg> = (0..n).map(|_| b.t(Type::I32)).collect();
            let c: Vec<Reg> = (0..n).map(|_| b.t(Type::I32)).collect();
            for (t, d) in [(t0, &a), (t1, &c)] {
                b.emit_with(
                    Op::Load(op::Load {
                        space: Space::Shared,
                        mem: MemType {
                            kind: MemKind::B32,
                            count: n,
                        },
                        order: Order::Weak,
                        scope: Scope::Workgroup,
                        uniform: false,
                        dsts: d.clone(),
                        addr: t.addr,
                    }),
                    Some(g),
                );
            }
            let all: Vec<Reg> = a.into_iter().chain(c).collect();
            write_v(b, vdst, acc, &all, g);
            return Ok(());
        }
        Access::Load => {
            let (kind, count) = mem_data(b, &sem)?;
            let t = [target(addr_v, off16)];
            vload(b, &t, kind, count, d16_half(&sem), vdst, acc, None);
            return Ok(());
        }
        Access::Wrxchg2 => {
            // ds_wrxchg2[st64]_rtn_b32/b64 (CDNA3 ISA): MEM[ADDR + OFFSET0 *
            // size] <-> DATA, MEM[ADDR + OFFSET1 * size] <-> DATA2 (size x 64
            // with st64); the first old value in the low dwords of VDST. Both
            // sources are read before VDST is written (it may overlap them).
            let (op, ty) = atom_data(b, &sem)?;
            let wide = ty == AtomType::B64;
            let unit = pair_unit(&sem, if wide { 2 } else { 1 });
            let srcs = [
                (o0, ds_data(b, data0, wide, acc)),
                (o1, ds_data(b, data1, wide, acc)),
            ];
            let olds: Vec<Reg> = srcs
                .into_iter()
                .map(|(o, s)| {
                    let old = b.t(ty.reg_type());
                    lds_atomic(
                        b,
                        (op, ty),
                        Some(old),
                        addr_v,
                        o as i64 * unit,
                        s,
                        None,
                        Some(g),
                    );
                    old
                })
                .collect();
            let words = if wide { 2 } else { 1 };
            for (k, old) in olds.into_iter().enumerate() {
                write_old(b, vdst + k as u32 * words, acc, old, wide, g);
            }
            return Ok(());
        }
        Access::Write2 => {
            let n = mem_data(b, &sem)?.1;
            let unit = pair_unit(&sem, n);
            for (o, d) in [(o0, data0), (o1, data1)] {
                let t = [target(addr_v, o as i64 * unit)];
                vstore(b, &t, MemKind::B32, n, false, d, acc, None);
            }
            return Ok(());
        }
        Access::Store => {
            let (kind, count) = mem_data(b, &sem)?;
            let t = [target(addr_v, off16)];
            vstore(b, &t, kind, count, sem.flags.hi, data0, acc, None);
            return Ok(());
        }
        _ => {}
    }
    // Wave-level counters: one atomic for the wave (docs/cdna.md).
    let rtn = sem.flags.rtn;
    match (sem.access, sem.data) {
        (Access::DsAppend | Access::DsConsume, _) => {
            let append = sem.access == Access::DsAppend;
            return ds_append_consume(b, append, off16, vdst, acc);
        }
        (Access::DsRmw, Data::Rmw(kind, wide)) => {
            let d = (data0, data1);
            return ds_rmw(b, (kind, wide), addr_v, off16, d, rtn.then_some(vdst), acc);
        }
        (Access::DsCondxchg, _) => return ds_condxchg32(b, addr_v, off16, data0, vdst, acc),
        (Access::Atomic, _) => {}
        (a, _) => return Err(b.unsupported(format!("`{}` is not a DS access", a.name()))),
    }
    let (op, ty) = atom_data(b, &sem)?;
    if op == AtomOp::Cas {
        // ds_cmpst: data0 = compare value, data1 = new value.
        let wide = ty == AtomType::B64;
        let cmp = ds_data(b, data0, wide, acc);
        let src = ds_data(b, data1, wide, acc);
        let old = rtn.then(|| b.t(ty.reg_type()));
        lds_atomic(b, (op, ty), old, addr_v, off16, src, Some(cmp), Some(g));
        if let Some(o) = old {
            write_old(b, vdst, acc, o, wide, g);
        }
        return Ok(());
    }
    vatomic(
        b,
        &[target(addr_v, off16)],
        op,
        ty,
        Scope::Workgroup,
        data0,
        false,
        rtn.then_some(vdst),
        acc,
    )
}

/// A DS read-modify-write the IR has no atomic for, as a per-lane
/// compare-and-swap retry loop: `old = ld [a]; loop { new = f(old);
/// r = cas [a], old -> new; if r == old break; old = r }`. The workgroup's
/// lanes share one host thread and the lockstep pass puts a wave sync before
/// every CAS, so each round lets at least one lane per address through and
/// the lanes' updates apply one after another, as the LDS serializes them.
#[allow(clippy::too_many_arguments)]
fn ds_rmw(
    b: &mut Builder,
    (kind, wide): (Rmw, bool),
    addr_v: Reg,
    off16: i64,
    (data0, data1): (u32, u32),
    vdst: Option<u32>,
    acc: bool,
) -> Result<(), LiftError> {
    let (ty, aty, mk) = if wide {
        (Type::I64, AtomType::B64, MemKind::B64)
    } else {
        (Type::I32, AtomType::B32, MemKind::B32)
    };
    let d0 = ds_data(b, data0, wide, acc);
    let d1 = match kind {
        Rmw::RSub => None,
        Rmw::MskOr | Rmw::Wrap | Rmw::FCmpst => Some(ds_data(b, data1, wide, acc)),
    };
    let addr = Address::Flat {
        base: addr_v.into(),
        offset: off16,
    };
    let g = b.exec_guard();
    let old = b.t(ty);
    b.emit_with(
        Op::Load(op::Load {
            space: Space::Shared,
            mem: MemType::scalar(mk),
            order: Order::Relaxed,
            scope: Scope::Workgroup,
            uniform: false,
            dsts: vec![old],
            addr,
        }),
        Some(g),
    );
    let (body, done) = (b.fresh_block(), b.fresh_block());
    let exec = b.exec;
    b.terminate(Term::BrCond {
        cond: exec,
        then_: body,
        else_: done,
    });
    b.enter(body);
    let new: Operand = match kind {
        Rmw::RSub => b.binv(BinOp::Sub, ty, d0, old).into(),
        Rmw::MskOr => {
            let keep = b.t(ty);
            b.emit(Op::Un(op::Un {
                op: UnOp::Not,
                ty,
                dst: keep,
                a: d0,
            }));
            let kept = b.binv(BinOp::And, ty, old, keep);
            b.binv(BinOp::Or, ty, kept, d1.expect("mskor data2")).into()
        }
        Rmw::FCmpst => {
            // ds_cmpst_f32/f64: DATA is the value compared, DATA2 the one
            // stored (as in ds_cmpst_b32).
            let fty = if wide { Type::F64 } else { Type::F32 };
            let fo = b.cvt(CvtOp::Bitcast, fty, ty, old);
            let fc = b.cvt(CvtOp::Bitcast, fty, ty, d0);
            let eq = b.t(Type::I1);
            b.emit(Op::FCmp(op::FCmp {
                cond: FCond::Oeq,
                ty: fty,
                ftz: false,
                dst: eq,
                a: fo.into(),
                b: fc.into(),
            }));
            b.select(ty, eq, d1.expect("cmpst data2"), old).into()
        }
        Rmw::Wrap => {
            let ge = b.icmp(ICond::Uge, ty, old, d0);
            let sub = b.binv(BinOp::Sub, ty, old, d0);
            let add = b.binv(BinOp::Add, ty, old, d1.expect("wrap data2"));
            b.select(ty, ge, sub, add).into()
        }
    };
    let seen = b.t(ty);
    // Unguarded: the loop is entered only under EXEC.
    let cas = (AtomOp::Cas, aty);
    lds_atomic(
        b,
        cas,
        Some(seen),
        addr_v,
        off16,
        new,
        Some(old.into()),
        None,
    );
    let ok = b.icmp(ICond::Eq, ty, seen, old);
    b.mov(ty, old, seen);
    b.terminate(Term::BrCond {
        cond: ok,
        then_: done,
        else_: body,
    });
    b.enter(done);
    if let Some(vd) = vdst {
        write_old(b, vd, acc, old, wide, g);
    }
    Ok(())
}

/// `ds_condxchg32_rtn_b64` (CDNA3 ISA): at `a = (ADDR + offset) & 0xfff8`
/// two independent 32-bit exchanges, dword `i` written with DATA[i][30:0]
/// only when DATA[i] bit 31 is set; both previous dwords are returned.
fn ds_condxchg32(
    b: &mut Builder,
    addr_v: Reg,
    off16: i64,
    data0: u32,
    vdst: u32,
    acc: bool,
) -> Result<(), LiftError> {
    let a = b.binv(BinOp::Add, Type::I32, addr_v, Operand::Imm(off16 as u64));
    let a = b.binv(BinOp::And, Type::I32, a, Operand::Imm(0xfff8));
    let mut olds = Vec::new();
    for i in 0..2u32 {
        let d = b.vreg(data0 + i, acc);
        let top = b.binv(BinOp::LShr, Type::I32, d, Operand::Imm(31));
        let set = b.icmp(ICond::Ne, Type::I32, top, Operand::Imm(0));
        let val = b.binv(BinOp::And, Type::I32, d, Operand::Imm(0x7fff_ffff));
        let old = b.t(Type::I32);
        // Written: an exchange; not written: an atomic read (or with 0).
        for (write, op, src) in [
            (true, AtomOp::Exch, Operand::from(val)),
            (false, AtomOp::Or, Operand::Imm(0)),
        ] {
            let p = if write {
                set
            } else {
                let n = b.t(Type::I1);
                b.emit(Op::Un(op::Un {
                    op: UnOp::Not,
                    ty: Type::I1,
                    dst: n,
                    a: set.into(),
                }));
                n
            };
            let g = and_guard(b, p);
            let b32 = (op, AtomType::B32);
            lds_atomic(b, b32, Some(old), a, 4 * i as i64, src, None, Some(g));
        }
        olds.push(old);
    }
    let g = b.exec_guard();
    write_v(b, vdst, acc, &olds, g);
    Ok(())
}

/// `ds_append` / `ds_consume` on LDS: one operation for the wave that adds
/// (subtracts) the number of active lanes to the dword at `M0 + offset` and
/// returns its previous value to every active lane (CDNA3 ISA; the address
/// as LLVM's `SelectDSAppendConsume` forms it: the LDS pointer in M0, a
/// constant part in the offset field). The first active lane makes the
/// atomic and the others read its result through a shuffle.
fn ds_append_consume(
    b: &mut Builder,
    append: bool,
    off16: i64,
    vdst: u32,
    acc: bool,
) -> Result<(), LiftError> {
    let m0 = b.sgpr(super::builder::M0).expect("m0");
    let exec = b.exec64();
    let n = b.t(Type::I64);
    b.emit(Op::Un(op::Un {
        op: UnOp::Popc,
        ty: Type::I64,
        dst: n,
        a: exec.into(),
    }));
    let n = b.cvt(CvtOp::Trunc, Type::I32, Type::I64, n);
    // The first active lane (none when EXEC = 0).
    let (first, me) = lowest_lane(b, exec.into());
    let g = and_guard(b, me);
    let old = b.t(Type::I32);
    b.mov(Type::I32, old, Operand::Imm(0));
    let op = if append { AtomOp::Add } else { AtomOp::Sub };
    let b32 = (op, AtomType::B32);
    lds_atomic(b, b32, Some(old), m0, off16, n.into(), None, Some(g));
    let r = b.shfl(Type::I32, old, first);
    let g = b.exec_guard();
    write_v(b, vdst, acc, &[r], g);
    Ok(())
}

/// MUBUF: buffer access through the V# in `s[srsrc*4 .. +4]`: base =
/// word0 | (word1 & 0xffff) << 32, stride = word1[29:16], num_records =
/// word2; offset = (offen ? vaddr : 0) + soffset + inst offset, plus index *
/// stride with idxen (docs/cdna.md).
pub(crate) fn mubuf(b: &mut Builder, inst: &Inst) -> Result<(), LiftError> {
    let sem = mem_sem(b, inst)?;
    let (sc0, sc1) = (inst.get("sc0") == 1, inst.get("sc1") == 1);
    // The cache-control ops take no resource: scoped fences.
    if sem.flags.device {
        b.emit(Op::Fence {
            scope: Scope::Device,
            order: Order::AcqRel,
        });
        return Ok(());
    }
    if matches!(sem.access, Access::Wbl2 | Access::Inv) {
        cache_op(b, sem.access == Access::Wbl2, sc0, sc1);
        return Ok(());
    }
    if inst.get("lds") == 1 {
        return Err(b.unsupported("buffer loads to LDS are not lifted"));
    }
    let acc = inst.get("acc") == 1;
    let rsrc = inst.get("srsrc") * 4;
    let w0 = b.src_bits(rsrc, 32)?;
    let w1 = b.src_bits(rsrc + 1, 32)?;
    let w2 = b.src_bits(rsrc + 2, 32)?;
    let hi = b.binv(BinOp::And, Type::I32, w1, Operand::Imm(0xffff));
    let base = b.pair(w0, hi);
    let soff = b.src_bits(inst.get("soffset"), 32)?;
    let idxen = inst.get("idxen") == 1;
    let vaddr = inst.get("vaddr");
    let mut off: Operand = if inst.get("offen") == 1 {
        // With idxen the offset VGPR follows the index VGPR.
        let va = b.v(vaddr + idxen as u32);
        b.binv(BinOp::Add, Type::I32, va, soff).into()
    } else {
        soff
    };
    let mut size: Operand = w2;
    if idxen {
        // Structured buffer: byte offset = index * stride + offset, in range
        // while below num_records * stride (docs/cdna.md).
        let st = b.binv(BinOp::LShr, Type::I32, w1, Operand::Imm(16));
        let stride = b.binv(BinOp::And, Type::I32, st, Operand::Imm(0x3fff));
        let idx = b.v(vaddr);
        let io = b.binv(BinOp::Mul, Type::I32, idx, stride);
        off = b.binv(BinOp::Add, Type::I32, io, off).into();
        let n = b.cvt(CvtOp::Zext, Type::I64, Type::I32, w2);
        let s64 = b.cvt(CvtOp::Zext, Type::I64, Type::I32, stride);
        size = b.binv(BinOp::Mul, Type::I64, n, s64).into();
    }
    let t = Target {
        space: Space::Buffer,
        addr: Address::Buffer(BufferAddr {
            base: base.into(),
            size,
            offset: off,
            imm: inst.get("offset") as i64,
        }),
        guard: b.exec_guard(),
    };
    let vdata = inst.get("vdata");
    let scope = load_store_scope(sc0, sc1);
    match sem.access {
        Access::Atomic => {
            let (op, ty) = atom_data(b, &sem)?;
            let rtn = sc0.then_some(vdata);
            vatomic(b, &[t], op, ty, atomic_scope(sc1), vdata, false, rtn, acc)
        }
        Access::Load => {
            let (kind, count) = mem_data(b, &sem)?;
            vload(b, &[t], kind, count, d16_half(&sem), vdata, acc, scope);
            Ok(())
        }
        Access::Store => {
            let (kind, count) = mem_data(b, &sem)?;
            vstore(b, &[t], kind, count, sem.flags.hi, vdata, acc, scope);
            Ok(())
        }
        a => Err(b.unsupported(format!("`{}` is not a MUBUF access", a.name()))),
    }
}

/// `buffer_wbl2` (release) and `buffer_inv` (acquire) at the scope of their
/// sc bits (sc0 = workgroup, sc1 = agent, both = system).
pub(crate) fn cache_op(b: &mut Builder, wbl2: bool, sc0: bool, sc1: bool) {
    let scope = load_store_scope(sc0, sc1).unwrap_or(Scope::Wave);
    b.emit(Op::Fence {
        scope,
        order: if wbl2 { Order::Release } else { Order::Acquire },
    });
}
