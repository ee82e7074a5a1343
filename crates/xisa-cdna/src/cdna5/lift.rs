//! The lifter: CDNA 5 VGLOBAL atomics, loads, stores and cache operations ->
//! one xisa IR kernel.
//!
//! Conventions (docs/cdna.md):
//! - IR registers are named as in the ISA: `v0..`, `s0..` (`i32` each), `vcc_lo`,
//!   `vcc_hi`, `ttmp0..`; only the ones the fragment uses. Temporaries are `t.*`.
//! - `exec: i1` holds the lane's EXEC bit (the `xisa exec` convention: every lane
//!   runs); the atomics and their VDST writes are guarded `@%exec`.
//! - Address: `SADDR (s[n:n+1]) + zext(VADDR) (<< log2(size) with SCALE_OFFSET) +
//!   IOFFSET`, or `v[VADDR:VADDR+1] + IOFFSET` when SADDR is off.
//! - SCOPE CU/SE/DEV/SYS -> IR scope workgroup/cluster/device/system; order
//!   relaxed; TH bit 0 -> the pre-op value is written to VDST; the other TH bits
//!   and NV are cache hints with no IR-visible effect.
//! - Every IR instruction carries `pc` = byte offset of its VGLOBAL instruction.

use thiserror::Error;
use xisa_ir::op;
use xisa_ir::{
    Address, AtomOp, AtomType, BinOp, CvtOp, ICond, Kernel, MemKind, MemType, Op, Operand, Order,
    Reg, SReg, Scope, Space, Term, Type,
};

use crate::cdna5::codec::{Inst, SADDR_EXEC, SADDR_TTMP0, SADDR_VCC};
use crate::cdna5::rules::{CacheOp, Class, DataType, Sem, WORD_BYTES};

/// Lifting options (lanes per wave; CDNA 5's and lsu's default is 32).
pub use xisa_frontend::LiftOptions;

/// Why a fragment cannot be lifted.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LiftError {
    #[error("wave size must be 32 or 64, got {0}")]
    WaveSize(u32),
    #[error("pc {pc:#x}: {msg}")]
    Inst { pc: u64, msg: String },
    #[error("pc {pc:#x}: {mnemonic} is decoded but not lifted: {why}")]
    Unsupported {
        pc: u64,
        mnemonic: String,
        why: &'static str,
    },
    /// The lifted kernel failed the IR verifier (a lifter defect).
    #[error("lifted kernel does not verify: {0}")]
    Verify(String),
}

/// The IR scope of a SCOPE field value.
pub fn ir_scope(scope: u8) -> Scope {
    match scope & 3 {
        0 => Scope::Workgroup,
        1 => Scope::Cluster,
        2 => Scope::Device,
        _ => Scope::System,
    }
}

struct Builder {
    b: xisa_ir::build::Builder,
    exec: Reg,
}

impl Builder {
    fn v(&mut self, n: u32) -> Reg {
        self.b.reg(&format!("v{n}"), Type::I32)
    }

    fn s(&mut self, n: u32) -> Reg {
        let name = match n {
            x if x == SADDR_VCC as u32 => "vcc_lo".to_string(),
            x if x == SADDR_VCC as u32 + 1 => "vcc_hi".to_string(),
            x if x >= SADDR_TTMP0 as u32 => format!("ttmp{}", x - SADDR_TTMP0 as u32),
            x => format!("s{x}"),
        };
        self.b.reg(&name, Type::I32)
    }

    fn bin(&mut self, op: BinOp, ty: Type, dst: Reg, a: Operand, b: Operand, guarded: bool) {
        let g = self.b.masked(guarded);
        self.b.bin_into(op, ty, dst, a, b, g);
    }

    /// `dst (i64) = hi << 32 | lo`.
    fn pair64(&mut self, lo: Reg, hi: Reg, dst: &str) -> Reg {
        let d = self.b.tmp(dst, Type::I64);
        self.b.pair64(lo, hi, d);
        d
    }

    fn vpair(&mut self, first: u32, dst: &str) -> Reg {
        let (a, b) = (self.v(first), self.v(first + 1));
        self.pair64(a, b, dst)
    }

    /// `v[first] = low half of src`, `v[first+1] = high half` (guarded).
    fn split64(&mut self, src: Reg, first: u32) {
        let (r0, r1) = (self.v(first), self.v(first + 1));
        let g = self.b.masked(true);
        self.b.split64(src, r0, r1, g);
    }
}

fn lift_one(b: &mut Builder, inst: &Inst) -> Result<(), LiftError> {
    let rule = inst.rule();
    let pc = b.b.pc;
    inst.validate().map_err(|e| LiftError::Inst {
        pc,
        msg: e.to_string(),
    })?;
    if let Class::Fence(op) = rule.class {
        b.b.emit_masked(
            Op::Fence {
                scope: ir_scope(inst.scope),
                order: match op {
                    CacheOp::Inv => Order::Acquire,
                    CacheOp::Wb => Order::Release,
                    CacheOp::WbInv => Order::AcqRel,
                },
            },
            false,
        );
        return Ok(());
    }
    if rule.atomic().map(|(s, _)| s) == Some(Sem::OrderedAdd) {
        return Err(LiftError::Unsupported {
            pc,
            mnemonic: rule.mnemonic.clone(),
            why: "ordered-count atomics need the hardware's ordered-append unit (docs/cdna.md)",
        });
    }
    if inst.saddr == SADDR_EXEC {
        return Err(LiftError::Unsupported {
            pc,
            mnemonic: rule.mnemonic.clone(),
            why: "EXEC as the 64-bit scalar base is not modelled (EXEC is the per-lane `exec: i1`)",
        });
    }
    // Address: a per-lane 32-bit offset (VADDR, times the access size with
    // SCALE_OFFSET; or 4 x the lane's id in the wave for the lane-id rows)
    // plus SADDR when there is one; else the VGPR pair.
    let base = if inst.has_saddr() || rule.by_lane_id() {
        let unsupported = |why| {
            Err(LiftError::Unsupported {
                pc,
                mnemonic: rule.mnemonic.clone(),
                why,
            })
        };
        if inst.scale_offset && rule.by_lane_id() {
            return unsupported(
                "SCALE_OFFSET on a lane-id address (what it scales is not confirmed)",
            );
        }
        if inst.scale_offset && !rule.access_bytes().is_power_of_two() {
            return unsupported(
                "SCALE_OFFSET of a 12-byte access (the scale of non-power-of-two sizes is not confirmed)",
            );
        }
        let sbase = inst.has_saddr().then(|| {
            let (lo, hi) = (b.s(inst.saddr as u32), b.s(inst.saddr as u32 + 1));
            b.pair64(lo, hi, "addr")
        });
        let (src, sh) = if rule.by_lane_id() {
            let lane = b.b.tmp("lane", Type::I32);
            b.b.emit_masked(
                Op::Special {
                    dst: lane,
                    sreg: SReg::LaneId,
                },
                false,
            );
            (lane, 2)
        } else if inst.scale_offset {
            let sh = rule.access_bytes().trailing_zeros() as u64;
            (b.v(inst.vaddr as u32), sh)
        } else {
            (b.v(inst.vaddr as u32), 0)
        };
        let off = b.b.tmp("voff", Type::I64);
        b.b.cvt_into(CvtOp::Zext, Type::I64, Type::I32, off, src, None);
        if sh > 0 {
            b.bin(
                BinOp::Shl,
                Type::I64,
                off,
                off.into(),
                Operand::Imm(sh),
                false,
            );
        }
        match sbase {
            Some(a) => {
                b.bin(BinOp::Add, Type::I64, a, a.into(), off.into(), false);
                a
            }
            None => off,
        }
    } else {
        b.vpair(inst.vaddr as u32, "addr")
    };
    let addr = Address::Flat {
        base: base.into(),
        offset: inst.ioffset as i64,
    };
    let scope = ir_scope(inst.scope);
    let rtn = inst.returns();
    let vsrc = inst.vsrc as u32;
    let vdst = inst.vdst as u32;
    let (sem, dty) = match rule.class {
        Class::Atomic(sem, dty) => (sem, dty),
        Class::Load {
            kind, count, half, ..
        } => {
            load(b, inst, addr, (kind, count, half));
            return Ok(());
        }
        Class::Store {
            kind, count, hi, ..
        } => {
            store(b, inst, addr, (kind, count, hi));
            return Ok(());
        }
        Class::Fence(_) => unreachable!("lifted above"),
    };
    let cas = sem == Sem::Ir(AtomOp::Cas);

    let Some(op) = sem.ir() else {
        return cas_loop(b, inst, sem, (addr, scope));
    };
    let ty = dty.atom_type();
    let (src, cmp, dst): (Operand, Option<Operand>, Option<Reg>);
    match dty {
        DataType::B64 => {
            let d = b.vpair(vsrc, "d64");
            let c = cas.then(|| b.vpair(vsrc + 2, "c64"));
            src = d.into();
            cmp = c.map(Operand::from);
            dst = rtn.then(|| b.b.tmp("old64", Type::I64));
        }
        DataType::F32 => {
            let v = b.v(vsrc);
            let f = b.b.tmp("f", Type::F32);
            b.b.cvt_into(CvtOp::Bitcast, Type::F32, Type::I32, f, v, None);
            src = f.into();
            cmp = None;
            dst = rtn.then(|| b.b.tmp("fold", Type::F32));
        }
        DataType::B32 | DataType::F16x2 | DataType::BF16x2 => {
            src = b.v(vsrc).into();
            cmp = cas.then(|| b.v(vsrc + 1).into());
            // The old value goes through a temporary so that a VDST overlapping the
            // data or address registers does not change them before the access.
            dst = rtn.then(|| b.b.tmp("old", Type::I32));
        }
    }
    let a = op::Atomic::relaxed(op, ty, Space::Global, scope, dst, addr, src);
    b.b.emit_masked(Op::Atomic(op::Atomic { cmp, ..a }), true);
    if let Some(d) = dst {
        match dty {
            DataType::B64 => b.split64(d, vdst),
            DataType::F32 => {
                let v = b.v(vdst);
                b.b.cvt_into(CvtOp::Bitcast, Type::I32, Type::F32, v, d, b.b.masked(true));
            }
            _ => {
                let v = b.v(vdst);
                b.b.emit_masked(
                    Op::Mov {
                        ty: Type::I32,
                        dst: v,
                        src: d.into(),
                    },
                    true,
                );
            }
        }
    }
    Ok(())
}

/// The IR shape of a load or store (`crate::access::lifted`): SCOPE CU is a
/// plain access; SE/DEV/SYS a relaxed one at cluster/device/system scope.
fn access_shape(inst: &Inst, kind: MemKind, count: u8) -> (MemType, Order, Scope) {
    let scope = (inst.scope != 0).then(|| ir_scope(inst.scope));
    crate::access::lifted(kind, count, scope)
}

/// A load into VDST through temporaries (VDST may overlap the address);
/// `half`: a d16 load of one 16-bit half, the other kept.
fn load(
    b: &mut Builder,
    inst: &Inst,
    addr: Address,
    (kind, count, half): (MemKind, u8, Option<bool>),
) {
    let (mem, order, scope) = access_shape(inst, kind, count);
    let wide = mem.kind == MemKind::B64;
    let dsts: Vec<Reg> = if wide {
        vec![b.b.tmp("ld64", Type::I64)]
    } else {
        (0..count)
            .map(|i| b.b.tmp(&format!("ld{i}"), Type::I32))
            .collect()
    };
    b.b.emit_masked(
        Op::Load(op::Load {
            space: Space::Global,
            mem,
            order,
            scope,
            uniform: false,
            dsts: dsts.clone(),
            addr,
        }),
        true,
    );
    let vdst = inst.vdst as u32;
    if wide {
        b.split64(dsts[0], vdst);
        return;
    }
    let mov = |b: &mut Builder, n: u32, src: Reg| {
        let v = b.v(n);
        b.b.emit_masked(
            Op::Mov {
                ty: Type::I32,
                dst: v,
                src: src.into(),
            },
            true,
        );
    };
    let Some(hi) = half else {
        for (i, &t) in dsts.iter().enumerate() {
            mov(b, vdst + i as u32, t);
        }
        return;
    };
    // d16: the loaded (extended) value's low 16 bits into one half of VDST.
    let t = dsts[0];
    let v = b.v(vdst);
    let keep = b.b.tmp("keep", Type::I32);
    b.bin(
        BinOp::And,
        Type::I32,
        t,
        t.into(),
        Operand::Imm(0xffff),
        true,
    );
    if hi {
        b.bin(
            BinOp::And,
            Type::I32,
            keep,
            v.into(),
            Operand::Imm(0xffff),
            true,
        );
        b.bin(BinOp::Shl, Type::I32, t, t.into(), Operand::Imm(16), true);
    } else {
        b.bin(
            BinOp::And,
            Type::I32,
            keep,
            v.into(),
            Operand::Imm(0xffff_0000),
            true,
        );
    }
    b.bin(BinOp::Or, Type::I32, v, keep.into(), t.into(), true);
}

/// A store from VSRC; `hi`: of the data register's high 16 bits.
fn store(b: &mut Builder, inst: &Inst, addr: Address, (kind, count, hi): (MemKind, u8, bool)) {
    let (mem, order, scope) = access_shape(inst, kind, count);
    let vsrc = inst.vsrc as u32;
    let srcs: Vec<Operand> = if mem.kind == MemKind::B64 {
        vec![b.vpair(vsrc, "st64").into()]
    } else if hi {
        let t = b.b.tmp("sthi", Type::I32);
        let v = b.v(vsrc);
        b.bin(BinOp::LShr, Type::I32, t, v.into(), Operand::Imm(16), false);
        vec![t.into()]
    } else {
        (0..count as u32).map(|i| b.v(vsrc + i).into()).collect()
    };
    b.b.emit_masked(
        Op::Store(op::Store {
            space: Space::Global,
            mem,
            order,
            scope,
            srcs,
            addr,
        }),
        true,
    );
}

/// `sub_clamp_u32` / `cond_sub_u32`, which have no IR atomic: a compare-and-swap
/// loop per active lane (lanes of a workgroup run one at a time, other workgroups
/// are excluded by the CAS).
fn cas_loop(
    b: &mut Builder,
    inst: &Inst,
    sem: Sem,
    (addr, scope): (Address, Scope),
) -> Result<(), LiftError> {
    let pc = b.b.pc;
    let data = b.v(inst.vsrc as u32);
    let src = b.b.tmp("csrc", Type::I32);
    b.b.emit_masked(
        Op::Mov {
            ty: Type::I32,
            dst: src,
            src: data.into(),
        },
        false,
    );
    let (lp, next) = (format!("pc{pc:x}.loop"), format!("pc{pc:x}.next"));
    let nb = b.b.current_block().0;
    // Blocks: current (nb) -> loop (nb + 1) -> next (nb + 2).
    let (loop_id, next_id) = (xisa_ir::BlockId(nb + 1), xisa_ir::BlockId(nb + 2));
    let exec = b.exec;
    b.b.end_block(
        Term::BrCond {
            cond: exec,
            then_: loop_id,
            else_: next_id,
        },
        &lp,
    );
    let old = b.b.tmp("cold", Type::I32);
    let ge = b.b.tmp("cge", Type::I1);
    let diff = b.b.tmp("cdiff", Type::I32);
    let new = b.b.tmp("cnew", Type::I32);
    let prev = b.b.tmp("cprev", Type::I32);
    let ok = b.b.tmp("cok", Type::I1);
    b.b.emit_masked(
        Op::Load(op::Load {
            space: Space::Global,
            mem: MemType::scalar(MemKind::B32),
            order: Order::Relaxed,
            scope,
            uniform: false,
            dsts: vec![old],
            addr,
        }),
        false,
    );
    b.b.emit_masked(
        Op::ICmp(op::ICmp {
            cond: ICond::Uge,
            ty: Type::I32,
            dst: ge,
            a: old.into(),
            b: src.into(),
        }),
        false,
    );
    b.bin(BinOp::Sub, Type::I32, diff, old.into(), src.into(), false);
    let otherwise = if sem == Sem::SubClamp {
        Operand::Imm(0)
    } else {
        old.into()
    };
    b.b.emit_masked(
        Op::Select(op::Select {
            ty: Type::I32,
            dst: new,
            cond: ge.into(),
            a: diff.into(),
            b: otherwise,
        }),
        false,
    );
    b.b.emit_masked(
        Op::Atomic(op::Atomic {
            op: AtomOp::Cas,
            ty: AtomType::B32,
            space: Space::Global,
            scope,
            order: Order::Relaxed,
            ftz: false,
            dst: Some(prev),
            addr,
            src: new.into(),
            cmp: Some(old.into()),
        }),
        false,
    );
    b.b.emit_masked(
        Op::ICmp(op::ICmp {
            cond: ICond::Eq,
            ty: Type::I32,
            dst: ok,
            a: prev.into(),
            b: old.into(),
        }),
        false,
    );
    b.b.end_block(
        Term::BrCond {
            cond: ok,
            then_: next_id,
            else_: loop_id,
        },
        &next,
    );
    if inst.returns() {
        let v = b.v(inst.vdst as u32);
        b.b.emit_masked(
            Op::Mov {
                ty: Type::I32,
                dst: v,
                src: prev.into(),
            },
            true,
        );
    }
    Ok(())
}

/// Lifts a fragment into one kernel named `cdna5` (see the module documentation
/// for the register and EXEC conventions). The kernel ends with `exit`.
pub fn lift(insts: &[Inst], opts: &LiftOptions) -> Result<Kernel, LiftError> {
    let wave_size = opts
        .checked_wave_size()
        .ok_or(LiftError::WaveSize(opts.wave_size))?;
    let (b, exec) = xisa_ir::build::Builder::fragment("cdna5", wave_size);
    let mut b = Builder { b, exec };
    for (i, inst) in insts.iter().enumerate() {
        b.b.pc = (i * WORD_BYTES) as u64;
        lift_one(&mut b, inst)?;
    }
    let pc = b.b.pc;
    let k = b.b.finish(Term::Exit, Some(pc));
    xisa_ir::verify::verify_kernel(&k).map_err(|e| LiftError::Verify(e.to_string()))?;
    Ok(k)
}
