//! The lifter: lsu instructions -> one xisa IR kernel.
//!
//! Conventions (docs/lsu.md):
//! - IR registers are named as in the ISA: `v0`.. and `u0`.. (`i32` each), only
//!   the ones the fragment uses; temporaries are named `t.*` (a `.` cannot appear
//!   in an ISA register name).
//! - `exec: i1` holds the lane's EXEC bit (the `xisa exec` convention: every lane
//!   runs); EXEC-respecting instructions are guarded `@%exec`, `ei` ones are not.
//! - Every IR instruction carries `pc` = byte offset of its lsu instruction.

use thiserror::Error;
use xisa_ir::op;
use xisa_ir::BufferAddr;
use xisa_ir::{
    Address, AtomOp, BinOp, CvtOp, Kernel, MemKind, MemType, Op, Operand, Order, Reg, Scope, Space,
    Term, Type,
};

use crate::codec::{word_bytes, Inst};
use crate::rules::{tables, Action, Addressing, AtomWhere, FenceScope, RegFile, Rule};

/// Private scratch bytes per lane in lifted kernels that use `*.scratch`.
pub const SCRATCH_BYTES: u32 = 4096;

/// Lifting options (lanes per wave; CDNA 5's and lsu's default is 32).
pub use xisa_frontend::LiftOptions;

/// Why a fragment cannot be lifted.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LiftError {
    #[error("wave size must be 32 or 64, got {0}")]
    WaveSize(u32),
    #[error("pc {pc:#x}: invalid instruction id {id}")]
    BadId { pc: u64, id: usize },
    #[error("pc {pc:#x}: {mnemonic}: {msg}")]
    Operand {
        pc: u64,
        mnemonic: String,
        msg: String,
    },
    /// The lifted kernel failed the IR verifier (a lifter defect).
    #[error("lifted kernel does not verify: {0}")]
    Verify(String),
}

struct Builder {
    b: xisa_ir::build::Builder,
}

impl Builder {
    fn file(&mut self, f: RegFile, n: u32) -> Reg {
        self.b.reg(&format!("{}{n}", f.prefix()), Type::I32)
    }

    fn v(&mut self, n: u32) -> Reg {
        self.file(RegFile::V, n)
    }

    fn u(&mut self, n: u32) -> Reg {
        self.file(RegFile::U, n)
    }

    fn bin64(&mut self, op: BinOp, dst: Reg, a: Reg, b: Operand) {
        self.b.bin_into(op, Type::I64, dst, a, b, None);
    }

    /// `dst (i64) = r[first+1] << 32 | r[first]`.
    fn pair64(&mut self, f: RegFile, first: u32, dst: &str) -> Reg {
        let (r0, r1) = (self.file(f, first), self.file(f, first + 1));
        let d = self.b.tmp(dst, Type::I64);
        self.b.pair64(r0, r1, d);
        d
    }

    /// `v[first] = low half of src`, `v[first+1] = high half` (guarded).
    fn split64(&mut self, src: Reg, first: u32) {
        let (r0, r1) = (self.v(first), self.v(first + 1));
        let g = self.b.masked(true);
        self.b.split64(src, r0, r1, g);
    }

    /// `dst (i64) += zext(r)`.
    fn add_zext(&mut self, dst: Reg, r: Reg) {
        let off = self.b.tmp("off", Type::I64);
        self.b
            .cvt_into(CvtOp::Zext, Type::I64, Type::I32, off, r, None);
        self.bin64(BinOp::Add, dst, dst, off.into());
    }

    /// Copies an `i32` register into a temporary, so that a multi-part access whose
    /// destinations overlap its address registers still uses the original address.
    fn snapshot(&mut self, r: Reg, name: &str) -> Reg {
        let t = self.b.tmp(name, Type::I32);
        self.b.emit_masked(
            Op::Mov {
                ty: Type::I32,
                dst: t,
                src: r.into(),
            },
            false,
        );
        t
    }
}

/// Where an instruction accesses memory: the IR space and an address builder
/// that gives the address of the byte at `extra` past `A`.
struct Place {
    space: Space,
    kind: PlaceKind,
}

enum PlaceKind {
    Flat {
        base: Operand,
        imm: i64,
    },
    Buffer {
        base: Reg,
        size: Reg,
        offset: Operand,
        imm: i64,
    },
}

impl Place {
    fn at(&self, extra: i64) -> Address {
        match self.kind {
            PlaceKind::Flat { base, imm } => Address::Flat {
                base,
                offset: imm + extra,
            },
            PlaceKind::Buffer {
                base,
                size,
                offset,
                imm,
            } => Address::Buffer(BufferAddr {
                base: base.into(),
                size: size.into(),
                offset,
                imm: imm + extra,
            }),
        }
    }

    fn is_buffer(&self) -> bool {
        matches!(self.kind, PlaceKind::Buffer { .. })
    }
}

fn place(b: &mut Builder, rule: &Rule, inst: &Inst) -> Option<Place> {
    let imm = inst.imm as i64;
    let (rs1, rs2) = (inst.rs1 as u32, inst.rs2 as u32);
    let flat = |space, base: Reg| Place {
        space,
        kind: PlaceKind::Flat {
            base: base.into(),
            imm,
        },
    };
    // A global address: the 64-bit pair at `base`, plus the zero-extended
    // 32-bit register `off` when there is one.
    let global = |b: &mut Builder, base: (RegFile, u32), off: Option<(RegFile, u32)>| {
        let a = b.pair64(base.0, base.1, "addr");
        if let Some((f, n)) = off {
            let o = b.file(f, n);
            b.add_zext(a, o);
        }
        flat(Space::Global, a)
    };
    Some(match rule.addressing {
        Addressing::Global => global(b, (RegFile::V, rs1), None),
        Addressing::Ubase => global(b, (RegFile::U, rs2), Some((RegFile::V, rs1))),
        Addressing::U64 => global(b, (RegFile::U, rs1), None),
        Addressing::U64x => global(b, (RegFile::U, rs1), Some((RegFile::U, rs2))),
        Addressing::Shared => {
            let s1 = b.v(rs1);
            flat(Space::Shared, s1)
        }
        Addressing::Scratch => {
            let s1 = b.v(rs1);
            flat(Space::Local, s1)
        }
        Addressing::Buf | Addressing::UBuf | Addressing::UBufx => {
            let d = if rule.addressing == Addressing::Buf {
                rs2
            } else {
                rs1
            };
            let base = b.pair64(RegFile::U, d, "dbase");
            let size_reg = b.u(d + 2);
            let size = b.snapshot(size_reg, "dsize");
            let offset = match rule.addressing {
                Addressing::Buf => {
                    let r = b.v(rs1);
                    b.snapshot(r, "boff").into()
                }
                Addressing::UBufx => {
                    let r = b.u(rs2);
                    b.snapshot(r, "boff").into()
                }
                _ => Operand::Imm(0),
            };
            Place {
                space: Space::Buffer,
                kind: PlaceKind::Buffer {
                    base,
                    size,
                    offset,
                    imm,
                },
            }
        }
        Addressing::None => return None,
    })
}

/// The IR scope each value name of the cache policy's `scope` field means
/// (the layout file's `scope` line names the values).
pub(crate) const CPOL_SCOPES: [(&str, Scope); 3] = [
    ("wg", Scope::Workgroup),
    ("dev", Scope::Device),
    ("sys", Scope::System),
];

/// The scope the cache-policy bits ask for (`None`: the instruction's default).
fn cpol_scope(cpol: u8) -> Option<Scope> {
    let f = tables().layout.cpol.iter().find(|f| f.name == "scope")?;
    let v = (cpol as u32 >> f.lo) & ((1 << f.width) - 1);
    let names = f.values.as_ref()?;
    let name = names.get((v as usize).checked_sub(1)?)?;
    CPOL_SCOPES.iter().find(|(n, _)| n == name).map(|&(_, s)| s)
}

/// The cache-policy bits that ask for `scope` (the inverse of [`cpol_scope`]).
pub(crate) fn scope_cpol(scope: Scope) -> Option<u8> {
    let f = tables().layout.cpol.iter().find(|f| f.name == "scope")?;
    let name = CPOL_SCOPES.iter().find(|&&(_, s)| s == scope)?.0;
    let v = f.values.as_ref()?.iter().position(|n| n == name)? + 1;
    Some((v << f.lo) as u8)
}

fn lift_one(b: &mut Builder, rule: &Rule, inst: &Inst) -> Result<(), LiftError> {
    let guarded = !rule.ignores_exec();
    let rd = inst.rd as u32;
    let scope_hint = cpol_scope(inst.cpol);
    let weak_scope = scope_hint.unwrap_or(Scope::Device);
    match rule.action {
        Action::Fence { scope, acquire } => {
            b.b.emit_masked(
                Op::Fence {
                    scope: match scope {
                        FenceScope::Device => Scope::Device,
                        FenceScope::System => Scope::System,
                    },
                    order: if acquire {
                        Order::Acquire
                    } else {
                        Order::Release
                    },
                },
                guarded,
            );
        }
        Action::Load { bits, ext, sign } => {
            let p = place(b, rule, inst).ok_or_else(|| no_address(b, rule))?;
            if ext {
                let kind = match (bits, sign) {
                    (8, false) => MemKind::U8,
                    (8, true) => MemKind::S8,
                    (16, false) => MemKind::U16,
                    _ => MemKind::S16,
                };
                let d = b.v(rd);
                load(
                    b,
                    &p,
                    MemType::scalar(kind),
                    vec![d],
                    0,
                    false,
                    weak_scope,
                    guarded,
                );
            } else {
                let n = bits / 32;
                let dsts: Vec<Reg> = (0..n).map(|i| b.v(rd + i)).collect();
                dwords(b, &p, dsts, false, weak_scope, guarded);
            }
        }
        Action::Uld { dwords: n } => {
            let p = place(b, rule, inst).ok_or_else(|| no_address(b, rule))?;
            let dsts: Vec<Reg> = (0..n).map(|i| b.u(rd + i)).collect();
            dwords(b, &p, dsts, true, weak_scope, guarded);
        }
        Action::Store { bits } => {
            let p = place(b, rule, inst).ok_or_else(|| no_address(b, rule))?;
            let one = |kind| MemType::scalar(kind);
            match bits {
                8 | 16 => {
                    let s = b.v(rd);
                    let kind = if bits == 8 { MemKind::U8 } else { MemKind::U16 };
                    store(b, &p, one(kind), vec![s.into()], 0, weak_scope, guarded);
                }
                _ => {
                    let n = bits / 32;
                    let srcs: Vec<Operand> = (0..n).map(|i| b.v(rd + i).into()).collect();
                    if p.is_buffer() {
                        // Buffer bounds are checked per dword (docs/lsu.md).
                        for (i, s) in srcs.into_iter().enumerate() {
                            store(
                                b,
                                &p,
                                one(MemKind::B32),
                                vec![s],
                                4 * i as i64,
                                weak_scope,
                                guarded,
                            );
                        }
                    } else {
                        let mem = MemType {
                            kind: MemKind::B32,
                            count: n as u8,
                        };
                        store(b, &p, mem, srcs, 0, weak_scope, guarded);
                    }
                }
            }
        }
        Action::Atom { op, at, bits, rtn } => {
            let p = place(b, rule, inst).ok_or_else(|| no_address(b, rule))?;
            let scope = scope_hint.unwrap_or(match at {
                AtomWhere::L2 => Scope::Device,
                AtomWhere::Workgroup => Scope::Workgroup,
            });
            let float = op.is_float();
            let cas = op == AtomOp::Cas;
            let ty = crate::rules::atom_type(op, bits);
            let (src, cmp, dst): (Operand, Option<Operand>, Option<Reg>);
            if bits == 64 {
                // Data on register pairs: cmpxchg compares with v[rd:rd+1] (data0)
                // and stores v[rd+2:rd+3] (data1).
                let c = cas.then(|| b.pair64(RegFile::V, rd, "c64"));
                let d = b.pair64(RegFile::V, if cas { rd + 2 } else { rd }, "d64");
                src = d.into();
                cmp = c.map(Operand::from);
                dst = rtn.then(|| b.b.tmp("old64", Type::I64));
            } else if float {
                let v = b.v(rd);
                let f = b.b.tmp("f", Type::F32);
                b.b.cvt_into(CvtOp::Bitcast, Type::F32, Type::I32, f, v, None);
                src = f.into();
                cmp = None;
                dst = rtn.then(|| b.b.tmp("fold", Type::F32));
            } else {
                if cas {
                    cmp = Some(b.v(rd).into());
                    src = b.v(rd + 1).into();
                } else {
                    cmp = None;
                    src = b.v(rd).into();
                }
                dst = rtn.then(|| b.v(rd));
            }
            b.b.emit_masked(
                Op::Atomic(op::Atomic {
                    op,
                    ty,
                    space: p.space,
                    scope,
                    order: Order::Relaxed,
                    ftz: false,
                    dst,
                    addr: p.at(0),
                    src,
                    cmp,
                }),
                guarded,
            );
            if let Some(d) = dst {
                if bits == 64 {
                    b.split64(d, rd);
                } else if float {
                    let v = b.v(rd);
                    b.b.cvt_into(
                        CvtOp::Bitcast,
                        Type::I32,
                        Type::F32,
                        v,
                        d,
                        b.b.masked(guarded),
                    );
                }
            }
        }
    }
    Ok(())
}

fn no_address(b: &Builder, rule: &Rule) -> LiftError {
    LiftError::Operand {
        pc: b.b.pc,
        mnemonic: rule.mnemonic.clone(),
        msg: "memory instruction without an address".into(),
    }
}

#[allow(clippy::too_many_arguments)]
fn load(
    b: &mut Builder,
    p: &Place,
    mem: MemType,
    dsts: Vec<Reg>,
    extra: i64,
    uniform: bool,
    scope: Scope,
    guarded: bool,
) {
    b.b.emit_masked(
        Op::Load(op::Load {
            space: p.space,
            mem,
            order: Order::Weak,
            scope,
            uniform,
            dsts,
            addr: p.at(extra),
        }),
        guarded,
    );
}

/// Loads consecutive dwords: per dword from buffers (bounds are checked per
/// dword), otherwise in pieces of at most 16 bytes (the IR's largest access).
fn dwords(b: &mut Builder, p: &Place, dsts: Vec<Reg>, uniform: bool, scope: Scope, guarded: bool) {
    let piece = if p.is_buffer() { 1 } else { 4 };
    for (i, chunk) in dsts.chunks(piece).enumerate() {
        let mem = MemType {
            kind: MemKind::B32,
            count: chunk.len() as u8,
        };
        let extra = (i * piece * 4) as i64;
        load(b, p, mem, chunk.to_vec(), extra, uniform, scope, guarded);
    }
}

fn store(
    b: &mut Builder,
    p: &Place,
    mem: MemType,
    srcs: Vec<Operand>,
    extra: i64,
    scope: Scope,
    guarded: bool,
) {
    b.b.emit_masked(
        Op::Store(op::Store {
            space: p.space,
            mem,
            order: Order::Weak,
            scope,
            srcs,
            addr: p.at(extra),
        }),
        guarded,
    );
}

/// Lifts a fragment into one kernel named `lsu` (see the module documentation
/// for the register and EXEC conventions). The kernel ends with `exit`.
pub fn lift(insts: &[Inst], opts: &LiftOptions) -> Result<Kernel, LiftError> {
    let wave_size = opts
        .checked_wave_size()
        .ok_or(LiftError::WaveSize(opts.wave_size))?;
    let mut b = Builder {
        b: xisa_ir::build::Builder::fragment("lsu", wave_size).0,
    };
    let t = tables();
    let step = word_bytes() as u64;
    for (i, inst) in insts.iter().enumerate() {
        b.b.pc = i as u64 * step;
        let rule = t.rules.get(inst.id).ok_or(LiftError::BadId {
            pc: b.b.pc,
            id: inst.id,
        })?;
        for slot in [
            crate::rules::Slot::Rd,
            crate::rules::Slot::Rs1,
            crate::rules::Slot::Rs2,
        ] {
            crate::codec::check_range(rule, slot, inst.slot(slot) as u32).map_err(|e| {
                LiftError::Operand {
                    pc: b.b.pc,
                    mnemonic: rule.mnemonic.clone(),
                    msg: e.to_string(),
                }
            })?;
        }
        if rule.addressing == Addressing::Scratch {
            b.b.kernel_mut().local_bytes = SCRATCH_BYTES;
        }
        lift_one(&mut b, rule, inst)?;
    }
    let k = b.b.finish(Term::Exit, None);
    xisa_ir::verify::verify_kernel(&k).map_err(|e| LiftError::Verify(e.to_string()))?;
    Ok(k)
}
