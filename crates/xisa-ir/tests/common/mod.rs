//! Kernel generators shared by the integration tests: one kernel that uses every
//! operation and enum value, and random valid (or deliberately broken) kernels.

#![allow(dead_code)]

use xisa_ir::op;
use xisa_ir::BufferAddr;
use xisa_ir::SurfaceAddr;
use xisa_ir::*;

pub use xisa_testkit::Rng;

pub const INTS: [Type; 4] = [Type::I8, Type::I16, Type::I32, Type::I64];
pub const ALL_INTS: [Type; 5] = [Type::I1, Type::I8, Type::I16, Type::I32, Type::I64];
pub const FLOATS: [Type; 4] = [Type::F16, Type::BF16, Type::F32, Type::F64];

/// True when `cvt.op.to.from` is a valid combination.
pub fn cvt_ok(op: CvtOp, to: Type, from: Type) -> bool {
    match op {
        CvtOp::Zext | CvtOp::Sext => to.is_int() && from.is_int() && to.bits() >= from.bits(),
        CvtOp::Trunc => to.is_int() && from.is_int() && to.bits() <= from.bits(),
        CvtOp::FtoS | CvtOp::FtoU => from.is_float() && to.is_int() && to != Type::I1,
        CvtOp::StoF | CvtOp::UtoF => from.is_int() && from != Type::I1 && to.is_float(),
        CvtOp::FtoF => from.is_float() && to.is_float(),
        CvtOp::Bitcast => to.bits() == from.bits(),
    }
}

const LOAD_ORDERS: [Order; 4] = [Order::Weak, Order::Relaxed, Order::Acquire, Order::SeqCst];
const STORE_ORDERS: [Order; 4] = [Order::Weak, Order::Relaxed, Order::Release, Order::SeqCst];
const RMW_ORDERS: [Order; 5] = [
    Order::Relaxed,
    Order::Acquire,
    Order::Release,
    Order::AcqRel,
    Order::SeqCst,
];
const FENCE_ORDERS: [Order; 4] = [Order::Acquire, Order::Release, Order::AcqRel, Order::SeqCst];

/// Builds kernels: registers by type, random operands.
pub struct Gen {
    pub rng: Rng,
    pub k: Kernel,
    /// Produce broken kernels (undeclared registers, bad blocks, wrong types).
    pub corrupt: bool,
}

impl Gen {
    pub fn new(seed: u64, name: String) -> Self {
        Gen {
            rng: Rng::new(seed),
            k: Kernel::new(name),
            corrupt: false,
        }
    }

    /// A register name, sometimes one that needs quoting.
    pub fn name(&mut self, prefix: &str, i: usize) -> String {
        match self.rng.below(12) {
            0 => format!("{prefix} {i}"),
            1 => format!("{i}"),
            2 => format!("q\"{i}\\\n\t{prefix}"),
            3 => format!("é{prefix}{i}"),
            4 => format!("{prefix}.{i}$_"),
            5 => format!("0x{i}"),
            6 => format!("{i}e"),
            7 => format!("{prefix}-{i}+\u{7}"),
            _ => format!("{prefix}{i}"),
        }
    }

    /// Declares 1..=3 registers of every type, in a random order.
    pub fn regs(&mut self) {
        let mut tys = Vec::new();
        for t in Type::ALL {
            for _ in 0..1 + self.rng.below(3) {
                tys.push(t);
            }
        }
        for i in (1..tys.len()).rev() {
            let j = self.rng.below(i + 1);
            tys.swap(i, j);
        }
        for (i, t) in tys.into_iter().enumerate() {
            let name = if i == 0 && self.rng.percent(10) {
                String::new()
            } else {
                self.name("r", i)
            };
            self.k.reg(name, t);
        }
    }

    fn regs_of(&self, pred: impl Fn(Type) -> bool) -> Vec<Reg> {
        (0..self.k.regs.len())
            .filter(|&i| pred(self.k.regs[i].ty))
            .map(|i| Reg(i as u32))
            .collect()
    }

    pub fn reg(&mut self, ty: Type) -> Reg {
        if self.corrupt && self.rng.percent(3) {
            return Reg(self.rng.below(self.k.regs.len() + 3) as u32);
        }
        let rs = self.regs_of(|t| t == ty);
        self.rng.pick(&rs)
    }

    pub fn reg_in(&mut self, tys: &[Type]) -> Reg {
        let t = self.rng.pick(tys);
        self.reg(t)
    }

    /// An immediate for an operand of type `ty` (sometimes with bits above it).
    pub fn imm(&mut self, ty: Type) -> u64 {
        let r = self.rng.next();
        let v = match self.rng.below(8) {
            0 => r,
            1 => r % 17,
            2 => (r % 17).wrapping_neg(),
            3 if ty.is_float() => {
                let specials: [u64; 8] = match ty {
                    Type::F32 => [
                        0x7fc0_0000,
                        0x7f80_0000,
                        0xff80_0000,
                        0x8000_0000,
                        1,
                        0x3fc0_0000,
                        0x7f7f_ffff,
                        0x0080_0000,
                    ],
                    Type::F64 => [
                        0x7ff8_0000_0000_0000,
                        0x7ff0_0000_0000_0000,
                        0xfff0_0000_0000_0000,
                        1 << 63,
                        1,
                        1.5f64.to_bits(),
                        f64::MAX.to_bits(),
                        0.1f64.to_bits(),
                    ],
                    _ => [0x7e00, 0x7c00, 0xfc00, 0x8000, 1, 0x3e00, 0x7bff, 0x7fc0],
                };
                self.rng.pick(&specials)
            }
            _ => r & ty.mask(),
        };
        if self.rng.percent(90) {
            v & ty.mask()
        } else {
            v
        }
    }

    pub fn opnd(&mut self, ty: Type) -> Operand {
        if self.rng.percent(70) {
            Operand::Reg(self.reg(ty))
        } else {
            Operand::Imm(self.imm(ty))
        }
    }

    fn block(&mut self, n: usize) -> BlockId {
        if self.corrupt && self.rng.percent(5) {
            return BlockId(self.rng.below(n + 3) as u32);
        }
        BlockId(self.rng.below(n) as u32)
    }

    pub fn addr(&mut self, space: Space) -> Address {
        if space == Space::Surface {
            let dim = self.rng.pick(&SurfDim::ALL);
            let oob = self.rng.pick(&SurfOob::ALL);
            return Address::Surface(SurfaceAddr {
                desc: self.opnd(Type::I64),
                dim,
                oob,
                x: self.opnd(Type::I32),
                y: self.opnd(Type::I32),
                z: self.opnd(Type::I32),
            });
        }
        if space == Space::Buffer {
            let offset = self.opnd(Type::I32);
            let size_ty = self.rng.pick(&[Type::I32, Type::I64]);
            Address::Buffer(BufferAddr {
                base: self.opnd(Type::I64),
                size: self.opnd(size_ty),
                offset,
                imm: self.offset(),
            })
        } else {
            let t = match space {
                Space::Global | Space::Const => Type::I64,
                _ => Type::I32,
            };
            Address::Flat {
                base: self.opnd(t),
                offset: self.offset(),
            }
        }
    }

    fn offset(&mut self) -> i64 {
        match self.rng.below(4) {
            0 => 0,
            1 => self.rng.next() as i64,
            2 => -((self.rng.next() % 64) as i64),
            _ => (self.rng.next() % 4096) as i64,
        }
    }

    /// `n` distinct registers accepted by `ok` (fewer if not enough exist).
    fn distinct(&mut self, n: usize, ok: impl Fn(Type) -> bool) -> Vec<Reg> {
        let mut rs = self.regs_of(ok);
        for i in (1..rs.len()).rev() {
            let j = self.rng.below(i + 1);
            rs.swap(i, j);
        }
        rs.truncate(n.max(1));
        rs
    }

    pub fn op(&mut self) -> Op {
        use Type::*;
        let g = self;
        match g.rng.below(27) {
            0 => {
                let ty = g.rng.pick(&Type::ALL);
                Op::Mov {
                    ty,
                    dst: g.reg(ty),
                    src: g.opnd(ty),
                }
            }
            1 => {
                let op = g.rng.pick(&BinOp::ALL);
                let ty = if matches!(op, BinOp::And | BinOp::Or | BinOp::Xor) {
                    g.rng.pick(&ALL_INTS)
                } else {
                    g.rng.pick(&INTS)
                };
                let bt = if matches!(op, BinOp::Shl | BinOp::LShr | BinOp::AShr) {
                    I32
                } else {
                    ty
                };
                Op::Bin(op::Bin {
                    op,
                    ty,
                    dst: g.reg(ty),
                    a: g.opnd(ty),
                    b: g.opnd(bt),
                })
            }
            2 => {
                let op = g.rng.pick(&UnOp::ALL);
                let ty = if op == UnOp::Not {
                    g.rng.pick(&ALL_INTS)
                } else {
                    g.rng.pick(&INTS)
                };
                Op::Un(op::Un {
                    op,
                    ty,
                    dst: g.reg(ty),
                    a: g.opnd(ty),
                })
            }
            3 => {
                let ty = g.rng.pick(&INTS);
                Op::Mad(op::Mad {
                    ty,
                    dst: g.reg(ty),
                    a: g.opnd(ty),
                    b: g.opnd(ty),
                    c: g.opnd(ty),
                })
            }
            4 => Op::MulWide(op::MulWide {
                signed: g.rng.percent(50),
                dst: g.reg(I64),
                a: g.opnd(I32),
                b: g.opnd(I32),
            }),
            5 => Op::Funnel(op::Funnel {
                left: g.rng.percent(50),
                wrap: g.rng.percent(50),
                dst: g.reg(I32),
                lo: g.opnd(I32),
                hi: g.opnd(I32),
                shift: g.opnd(I32),
            }),
            6 => {
                let ty = g.rng.pick(&ALL_INTS);
                Op::Lop3(op::Lop3 {
                    ty,
                    dst: g.reg(ty),
                    a: g.opnd(ty),
                    b: g.opnd(ty),
                    c: g.opnd(ty),
                    lut: g.rng.next() as u8,
                })
            }
            7 => Op::Prmt(op::Prmt {
                dst: g.reg(I32),
                a: g.opnd(I32),
                b: g.opnd(I32),
                sel: g.opnd(I32),
            }),
            8 => {
                let ty = g.rng.pick(&INTS);
                Op::Bfe(op::Bfe {
                    signed: g.rng.percent(50),
                    ty,
                    dst: g.reg(ty),
                    a: g.opnd(ty),
                    pos: g.opnd(I32),
                    len: g.opnd(I32),
                })
            }
            9 => {
                let ty = g.rng.pick(&INTS);
                Op::Bfi(op::Bfi {
                    ty,
                    dst: g.reg(ty),
                    ins: g.opnd(ty),
                    base: g.opnd(ty),
                    pos: g.opnd(I32),
                    len: g.opnd(I32),
                })
            }
            10 => {
                let op = g.rng.pick(&FBinOp::ALL);
                let ty = g.rng.pick(&FLOATS);
                let rnd = if matches!(op, FBinOp::Add | FBinOp::Sub | FBinOp::Mul | FBinOp::Div) {
                    g.rng.pick(&Round::ALL)
                } else {
                    Round::Rn
                };
                Op::FBin(op::FBin {
                    op,
                    ty,
                    rnd,
                    ftz: g.rng.percent(50),
                    dst: g.reg(ty),
                    a: g.opnd(ty),
                    b: g.opnd(ty),
                })
            }
            11 => {
                let ty = g.rng.pick(&FLOATS);
                Op::FUn(op::FUn {
                    op: g.rng.pick(&FUnOp::ALL),
                    ty,
                    ftz: g.rng.percent(50),
                    dst: g.reg(ty),
                    a: g.opnd(ty),
                })
            }
            12 => {
                let ty = g.rng.pick(&FLOATS);
                Op::Fma(op::Fma {
                    ty,
                    ftz: g.rng.percent(50),
                    dst: g.reg(ty),
                    a: g.opnd(ty),
                    b: g.opnd(ty),
                    c: g.opnd(ty),
                })
            }
            13 => {
                let ty = g.rng.pick(&ALL_INTS);
                Op::ICmp(op::ICmp {
                    cond: g.rng.pick(&ICond::ALL),
                    ty,
                    dst: g.reg(I1),
                    a: g.opnd(ty),
                    b: g.opnd(ty),
                })
            }
            14 => {
                let ty = g.rng.pick(&FLOATS);
                Op::FCmp(op::FCmp {
                    cond: g.rng.pick(&FCond::ALL),
                    ty,
                    ftz: g.rng.percent(50),
                    dst: g.reg(I1),
                    a: g.opnd(ty),
                    b: g.opnd(ty),
                })
            }
            15 => {
                let ty = g.rng.pick(&Type::ALL);
                Op::Select(op::Select {
                    ty,
                    dst: g.reg(ty),
                    cond: g.opnd(I1),
                    a: g.opnd(ty),
                    b: g.opnd(ty),
                })
            }
            16 => {
                let op = g.rng.pick(&CvtOp::ALL);
                let mut pairs = Vec::new();
                for to in Type::ALL {
                    for from in Type::ALL {
                        if cvt_ok(op, to, from) {
                            pairs.push((to, from));
                        }
                    }
                }
                let (to, from) = g.rng.pick(&pairs);
                Op::Cvt(op::Cvt {
                    op,
                    to,
                    from,
                    rnd: g.rng.pick(&Round::ALL),
                    sat: g.rng.percent(50),
                    ftz: g.rng.percent(50),
                    dst: g.reg(to),
                    src: g.opnd(from),
                })
            }
            17 => Op::Special {
                dst: g.reg_in(&[I32, I64]),
                sreg: g.rng.pick(&SReg::ALL),
            },
            18 => {
                let space = g.rng.pick(&Space::ALL);
                let kind = g.rng.pick(&MemKind::ALL);
                let max = (16 / kind.bytes()).min(4) as usize;
                let n = 1 + g.rng.below(max);
                let dsts = g.distinct(n, |t| kind.loads_into(t));
                Op::Load(op::Load {
                    space,
                    mem: MemType {
                        kind,
                        count: dsts.len() as u8,
                    },
                    order: g.rng.pick(&LOAD_ORDERS),
                    scope: g.rng.pick(&Scope::ALL),
                    uniform: g.rng.percent(30),
                    dsts,
                    addr: g.addr(space),
                })
            }
            19 => {
                let space = g.rng.pick(&[
                    Space::Global,
                    Space::Shared,
                    Space::Local,
                    Space::Buffer,
                    Space::Surface,
                ]);
                let kind = g.rng.pick(&MemKind::ALL);
                let max = (16 / kind.bytes()).min(4) as usize;
                let n = 1 + g.rng.below(max);
                let tys: Vec<Type> = Type::ALL
                    .into_iter()
                    .filter(|&t| kind.stores_from(t))
                    .collect();
                let srcs = (0..n)
                    .map(|_| {
                        if g.rng.percent(70) {
                            let t = g.rng.pick(&tys);
                            Operand::Reg(g.reg(t))
                        } else {
                            let w = match kind.bytes() {
                                1 => I8,
                                2 => I16,
                                4 => I32,
                                _ => I64,
                            };
                            Operand::Imm(g.imm(w))
                        }
                    })
                    .collect();
                Op::Store(op::Store {
                    space,
                    mem: MemType {
                        kind,
                        count: n as u8,
                    },
                    order: g.rng.pick(&STORE_ORDERS),
                    scope: g.rng.pick(&Scope::ALL),
                    srcs,
                    addr: g.addr(space),
                })
            }
            20 => {
                let space =
                    g.rng
                        .pick(&[Space::Global, Space::Shared, Space::Buffer, Space::Surface]);
                let ty = g.rng.pick(&AtomType::ALL);
                let ops: Vec<AtomOp> = AtomOp::ALL
                    .into_iter()
                    .filter(|&o| ty.supports(o))
                    .collect();
                let op = g.rng.pick(&ops);
                let rt = ty.reg_type();
                Op::Atomic(op::Atomic {
                    op,
                    ty,
                    space,
                    scope: g.rng.pick(&Scope::ALL),
                    order: g.rng.pick(&RMW_ORDERS),
                    ftz: ty == AtomType::F32 && g.rng.percent(50),
                    dst: if g.rng.percent(70) {
                        Some(g.reg(rt))
                    } else {
                        None
                    },
                    addr: g.addr(space),
                    src: g.opnd(rt),
                    cmp: if op == AtomOp::Cas {
                        Some(g.opnd(rt))
                    } else {
                        None
                    },
                })
            }
            21 => Op::Fence {
                scope: g.rng.pick(&Scope::ALL),
                order: g.rng.pick(&FENCE_ORDERS),
            },
            22 if g.rng.percent(50) => Op::WaveSync,
            22 => Op::Barrier,
            23 => {
                let ty = g.rng.pick(&Type::ALL);
                let dst = g.reg(ty);
                let valid = g
                    .regs_of(|t| t == I1)
                    .into_iter()
                    .find(|&r| r != dst)
                    .filter(|_| g.rng.percent(50));
                Op::Shfl(op::Shfl {
                    ty,
                    dst,
                    valid,
                    src: g.opnd(ty),
                    lane: g.opnd(I32),
                })
            }
            24 => {
                let mode = g.rng.pick(&VoteMode::ALL);
                let dst = if mode == VoteMode::Ballot {
                    g.reg_in(&[I32, I64])
                } else {
                    g.reg(I1)
                };
                Op::Vote {
                    mode,
                    dst,
                    pred: g.opnd(I1),
                }
            }
            25 => Op::ActiveMask {
                dst: g.reg_in(&[I32, I64]),
            },
            _ => {
                let ty = g.rng.pick(&Type::ALL);
                Op::ReadFirstLane {
                    ty,
                    dst: g.reg(ty),
                    src: g.opnd(ty),
                }
            }
        }
    }

    pub fn inst(&mut self) -> Inst {
        let op = self.op();
        let guard = if self.rng.percent(20) {
            Some(Guard {
                reg: self.reg(Type::I1),
                negate: self.rng.percent(50),
            })
        } else {
            None
        };
        let pc = if self.rng.percent(20) {
            Some(self.rng.next() >> self.rng.below(64))
        } else {
            None
        };
        Inst { guard, op, pc }
    }

    pub fn term(&mut self, n: usize) -> Term {
        match self.rng.below(7) {
            0 => Term::Br(self.block(n)),
            1 => Term::BrCond {
                cond: self.reg(Type::I1),
                then_: self.block(n),
                else_: self.block(n),
            },
            2 => {
                let index = self.reg_in(&ALL_INTS);
                let targets = (0..self.rng.below(5)).map(|_| self.block(n)).collect();
                Term::Switch {
                    index,
                    targets,
                    default: self.block(n),
                }
            }
            3 => Term::Call {
                target: self.block(n),
                ret: self.block(n),
            },
            4 => Term::Ret,
            5 => Term::Exit,
            _ => Term::Trap,
        }
    }
}

/// A random kernel; valid unless `corrupt`.
pub fn random_kernel(seed: u64, name: String, corrupt: bool) -> Kernel {
    let mut g = Gen::new(seed, name);
    g.corrupt = corrupt;
    g.regs();
    let k = &mut g.k;
    k.wave_size = if g.rng.percent(50) { 32 } else { 64 };
    if corrupt && g.rng.percent(10) {
        g.k.wave_size = g.rng.next() as u32;
    }
    g.k.shared_bytes = if g.rng.percent(50) {
        0
    } else {
        g.rng.next() as u32
    };
    g.k.local_bytes = (g.rng.next() % 1024) as u32;
    g.k.param_bytes = (g.rng.next() % 64) as u32;
    let nregs = g.k.regs.len();
    g.k.params = match g.rng.below(3) {
        0 => vec![],
        1 => (0..1 + g.rng.below(nregs)).map(|i| Reg(i as u32)).collect(),
        _ => {
            let mut rs: Vec<Reg> = (0..nregs).map(|i| Reg(i as u32)).collect();
            for i in (1..rs.len()).rev() {
                let j = g.rng.below(i + 1);
                rs.swap(i, j);
            }
            rs.truncate(g.rng.below(nregs));
            rs
        }
    };
    let nblocks = 1 + g.rng.below(5);
    for b in 0..nblocks {
        let label = g.name("bb", b);
        let insts = (0..g.rng.below(10)).map(|_| g.inst()).collect();
        let term = g.term(nblocks);
        let term_pc = if g.rng.percent(20) {
            Some(g.rng.next())
        } else {
            None
        };
        g.k.blocks.push(Block {
            label,
            insts,
            term,
            term_pc,
        });
    }
    g.k
}

/// A random module of 1..=3 kernels with distinct names.
pub fn random_module(seed: u64, corrupt: bool) -> Module {
    let mut rng = Rng::new(seed ^ 0x5555);
    let n = 1 + rng.below(3);
    let kernels = (0..n)
        .map(|i| {
            let mut g = Gen::new(seed.wrapping_add(i as u64), String::new());
            let name = g.name("k", i);
            random_kernel(seed.wrapping_add(i as u64 * 7919), name, corrupt)
        })
        .collect();
    Module { kernels }
}

/// One kernel that uses every operation, every terminator and every enum value.
pub fn all_ops_kernel() -> Kernel {
    use Type::*;
    let mut k = Kernel::new("all_ops");
    let mut by_ty = std::collections::HashMap::new();
    for t in Type::ALL {
        let a = k.reg(format!("{}a", t.name()), t);
        let b = k.reg(format!("{}b", t.name()), t);
        let c = k.reg(format!("{}c", t.name()), t);
        let d = k.reg(format!("{}d", t.name()), t);
        by_ty.insert(t, [a, b, c, d]);
    }
    k.params = vec![by_ty[&I64][0], by_ty[&F32][0], by_ty[&I32][0]];
    let r = |t: Type, i: usize| by_ty[&t][i];
    let o = |t: Type, i: usize| Operand::Reg(by_ty[&t][i]);
    let mut ops = Vec::new();
    for t in Type::ALL {
        ops.push(Op::Mov {
            ty: t,
            dst: r(t, 0),
            src: o(t, 1),
        });
        ops.push(Op::Mov {
            ty: t,
            dst: r(t, 0),
            src: Operand::Imm(t.mask() / 3),
        });
        ops.push(Op::Select(op::Select {
            ty: t,
            dst: r(t, 1),
            cond: o(I1, 0),
            a: o(t, 2),
            b: Operand::Imm(1),
        }));
        ops.push(Op::Shfl(op::Shfl {
            ty: t,
            dst: r(t, 0),
            valid: if t == I1 {
                Some(r(I1, 1))
            } else {
                Some(r(I1, 0))
            },
            src: o(t, 1),
            lane: o(I32, 2),
        }));
        ops.push(Op::Shfl(op::Shfl {
            ty: t,
            dst: r(t, 0),
            valid: None,
            src: Operand::Imm(0),
            lane: Operand::Imm(31),
        }));
        ops.push(Op::ReadFirstLane {
            ty: t,
            dst: r(t, 3),
            src: o(t, 2),
        });
    }
    for op in BinOp::ALL {
        for t in ALL_INTS {
            if t == I1 && !matches!(op, BinOp::And | BinOp::Or | BinOp::Xor) {
                continue;
            }
            let bt = if matches!(op, BinOp::Shl | BinOp::LShr | BinOp::AShr) {
                I32
            } else {
                t
            };
            ops.push(Op::Bin(op::Bin {
                op,
                ty: t,
                dst: r(t, 0),
                a: o(t, 1),
                b: o(bt, 2),
            }));
            ops.push(Op::Bin(op::Bin {
                op,
                ty: t,
                dst: r(t, 0),
                a: Operand::Imm(t.mask()),
                b: Operand::Imm(7 & bt.mask()),
            }));
        }
    }
    for op in UnOp::ALL {
        for t in ALL_INTS {
            if t == I1 && op != UnOp::Not {
                continue;
            }
            ops.push(Op::Un(op::Un {
                op,
                ty: t,
                dst: r(t, 0),
                a: o(t, 1),
            }));
        }
    }
    for t in INTS {
        ops.push(Op::Mad(op::Mad {
            ty: t,
            dst: r(t, 0),
            a: o(t, 1),
            b: o(t, 2),
            c: Operand::Imm(3),
        }));
        for signed in [false, true] {
            ops.push(Op::Bfe(op::Bfe {
                signed,
                ty: t,
                dst: r(t, 0),
                a: o(t, 1),
                pos: o(I32, 0),
                len: Operand::Imm(4),
            }));
        }
        ops.push(Op::Bfi(op::Bfi {
            ty: t,
            dst: r(t, 0),
            ins: o(t, 1),
            base: o(t, 2),
            pos: Operand::Imm(8),
            len: o(I32, 3),
        }));
    }
    for t in ALL_INTS {
        ops.push(Op::Lop3(op::Lop3 {
            ty: t,
            dst: r(t, 0),
            a: o(t, 1),
            b: o(t, 2),
            c: o(t, 3),
            lut: 0x96,
        }));
        for cond in ICond::ALL {
            ops.push(Op::ICmp(op::ICmp {
                cond,
                ty: t,
                dst: r(I1, 0),
                a: o(t, 1),
                b: Operand::Imm(1),
            }));
        }
    }
    for signed in [false, true] {
        ops.push(Op::MulWide(op::MulWide {
            signed,
            dst: r(I64, 1),
            a: o(I32, 1),
            b: Operand::Imm(0xffff_fffe),
        }));
    }
    for left in [false, true] {
        for wrap in [false, true] {
            ops.push(Op::Funnel(op::Funnel {
                left,
                wrap,
                dst: r(I32, 1),
                lo: o(I32, 1),
                hi: o(I32, 2),
                shift: Operand::Imm(33),
            }));
        }
    }
    ops.push(Op::Prmt(op::Prmt {
        dst: r(I32, 1),
        a: o(I32, 1),
        b: o(I32, 2),
        sel: Operand::Imm(0x7654),
    }));
    for t in FLOATS {
        for op in FBinOp::ALL {
            let rnds: &[Round] =
                if matches!(op, FBinOp::Add | FBinOp::Sub | FBinOp::Mul | FBinOp::Div) {
                    &Round::ALL
                } else {
                    &[Round::Rn]
                };
            for &rnd in rnds {
                for ftz in [false, true] {
                    ops.push(Op::FBin(op::FBin {
                        op,
                        ty: t,
                        rnd,
                        ftz,
                        dst: r(t, 0),
                        a: o(t, 1),
                        b: Operand::Imm(t.mask() / 5),
                    }));
                }
            }
        }
        for op in FUnOp::ALL {
            for ftz in [false, true] {
                ops.push(Op::FUn(op::FUn {
                    op,
                    ty: t,
                    ftz,
                    dst: r(t, 0),
                    a: o(t, 1),
                }));
            }
        }
        for ftz in [false, true] {
            ops.push(Op::Fma(op::Fma {
                ty: t,
                ftz,
                dst: r(t, 0),
                a: o(t, 1),
                b: o(t, 2),
                c: Operand::Imm(0),
            }));
            for cond in FCond::ALL {
                ops.push(Op::FCmp(op::FCmp {
                    cond,
                    ty: t,
                    ftz,
                    dst: r(I1, 0),
                    a: o(t, 1),
                    b: o(t, 2),
                }));
            }
        }
    }
    let mut i = 0usize;
    for op in CvtOp::ALL {
        for to in Type::ALL {
            for from in Type::ALL {
                if !cvt_ok(op, to, from) {
                    continue;
                }
                i += 1;
                ops.push(Op::Cvt(op::Cvt {
                    op,
                    to,
                    from,
                    rnd: Round::ALL[i % 4],
                    sat: i.is_multiple_of(3),
                    ftz: i.is_multiple_of(5),
                    dst: r(to, 0),
                    src: if i.is_multiple_of(2) {
                        o(from, 1)
                    } else {
                        Operand::Imm(from.mask() / 7)
                    },
                }));
            }
        }
    }
    for (j, sreg) in SReg::ALL.into_iter().enumerate() {
        ops.push(Op::Special {
            dst: if j.is_multiple_of(2) {
                r(I32, 0)
            } else {
                r(I64, 0)
            },
            sreg,
        });
    }
    let mut j = 0usize;
    for space in Space::ALL {
        for kind in MemKind::ALL {
            for count in 1..=4u8 {
                if kind.bytes() * count as u32 > 16 {
                    continue;
                }
                j += 1;
                let tys: Vec<Type> = Type::ALL
                    .into_iter()
                    .filter(|&t| kind.loads_into(t))
                    .collect();
                let ty = tys[j % tys.len()];
                let regs: Vec<Reg> = (0..count as usize).map(|c| r(ty, c)).collect();
                let base = match space {
                    Space::Global | Space::Const | Space::Buffer | Space::Surface => I64,
                    _ => I32,
                };
                let addr = if space == Space::Surface {
                    Address::Surface(SurfaceAddr {
                        desc: o(I64, 3),
                        dim: SurfDim::ALL[j % SurfDim::ALL.len()],
                        oob: SurfOob::ALL[j % SurfOob::ALL.len()],
                        x: o(I32, 2),
                        y: Operand::Imm(j as u64 % 3),
                        z: o(I32, 3),
                    })
                } else if space == Space::Buffer {
                    Address::Buffer(BufferAddr {
                        base: o(I64, 3),
                        size: if j.is_multiple_of(2) {
                            o(I32, 3)
                        } else {
                            o(I64, 2)
                        },
                        offset: if j.is_multiple_of(3) {
                            Operand::Imm(8)
                        } else {
                            o(I32, 2)
                        },
                        imm: (j as i64 - 10) * 4,
                    })
                } else {
                    Address::Flat {
                        base: if j.is_multiple_of(4) {
                            Operand::Imm(0x100)
                        } else {
                            o(base, 3)
                        },
                        offset: (j as i64 - 20) * 8,
                    }
                };
                ops.push(Op::Load(op::Load {
                    space,
                    mem: MemType { kind, count },
                    order: LOAD_ORDERS[j % 4],
                    scope: Scope::ALL[j % 5],
                    uniform: j % 3 == 1,
                    dsts: regs.clone(),
                    addr,
                }));
                if space.writable() {
                    let stys: Vec<Type> = Type::ALL
                        .into_iter()
                        .filter(|&t| kind.stores_from(t))
                        .collect();
                    let sty = stys[j % stys.len()];
                    ops.push(Op::Store(op::Store {
                        space,
                        mem: MemType { kind, count },
                        order: STORE_ORDERS[j % 4],
                        scope: Scope::ALL[(j + 2) % 5],
                        srcs: (0..count as usize)
                            .map(|c| {
                                if c == 1 {
                                    Operand::Imm(0x1234_5678_9abc_def0 & ty.as_int().mask())
                                } else {
                                    o(sty, c)
                                }
                            })
                            .collect(),
                        addr,
                    }));
                }
            }
        }
    }
    let mut j = 0usize;
    for space in [Space::Global, Space::Shared, Space::Buffer, Space::Surface] {
        for ty in AtomType::ALL {
            for op in AtomOp::ALL {
                if !ty.supports(op) {
                    continue;
                }
                j += 1;
                let rt = ty.reg_type();
                let addr = if space == Space::Surface {
                    Address::Surface(SurfaceAddr {
                        desc: o(I64, 3),
                        dim: SurfDim::ALL[j % SurfDim::ALL.len()],
                        oob: SurfOob::ALL[j % SurfOob::ALL.len()],
                        x: o(I32, 3),
                        y: o(I32, 2),
                        z: Operand::Imm(1),
                    })
                } else if space == Space::Buffer {
                    Address::Buffer(BufferAddr {
                        base: o(I64, 3),
                        size: Operand::Imm(256),
                        offset: o(I32, 3),
                        imm: 0,
                    })
                } else if space == Space::Global {
                    Address::Flat {
                        base: o(I64, 3),
                        offset: 16,
                    }
                } else {
                    Address::Flat {
                        base: o(I32, 3),
                        offset: -4,
                    }
                };
                ops.push(Op::Atomic(op::Atomic {
                    op,
                    ty,
                    space,
                    scope: Scope::ALL[j % 5],
                    order: RMW_ORDERS[j % 5],
                    ftz: ty == AtomType::F32 && j.is_multiple_of(2),
                    dst: if j.is_multiple_of(3) {
                        None
                    } else {
                        Some(r(rt, 0))
                    },
                    addr,
                    src: if j.is_multiple_of(2) {
                        o(rt, 1)
                    } else {
                        Operand::Imm(rt.mask() / 9)
                    },
                    cmp: if op == AtomOp::Cas {
                        Some(o(rt, 2))
                    } else {
                        None
                    },
                }));
            }
        }
    }
    for scope in Scope::ALL {
        for order in FENCE_ORDERS {
            ops.push(Op::Fence { scope, order });
        }
    }
    ops.push(Op::Barrier);
    ops.push(Op::WaveSync);
    for mode in VoteMode::ALL {
        let dsts = if mode == VoteMode::Ballot {
            vec![r(I32, 0), r(I64, 0)]
        } else {
            vec![r(I1, 0)]
        };
        for dst in dsts {
            ops.push(Op::Vote {
                mode,
                dst,
                pred: o(I1, 1),
            });
            ops.push(Op::Vote {
                mode,
                dst,
                pred: Operand::Imm(1),
            });
        }
    }
    ops.push(Op::ActiveMask { dst: r(I32, 0) });
    ops.push(Op::ActiveMask { dst: r(I64, 0) });

    let insts: Vec<Inst> = ops
        .into_iter()
        .enumerate()
        .map(|(n, op)| Inst {
            guard: match n % 7 {
                0 => Some(Guard {
                    reg: r(I1, 2),
                    negate: false,
                }),
                1 => Some(Guard {
                    reg: r(I1, 3),
                    negate: true,
                }),
                _ => None,
            },
            op,
            pc: if n % 5 == 0 {
                Some(n as u64 * 16)
            } else {
                None
            },
        })
        .collect();
    let terms = vec![
        Term::BrCond {
            cond: r(I1, 0),
            then_: BlockId(1),
            else_: BlockId(2),
        },
        Term::Switch {
            index: r(I32, 0),
            targets: vec![BlockId(2), BlockId(3), BlockId(1)],
            default: BlockId(4),
        },
        Term::Switch {
            index: r(I8, 0),
            targets: vec![],
            default: BlockId(3),
        },
        Term::Call {
            target: BlockId(5),
            ret: BlockId(4),
        },
        Term::Br(BlockId(6)),
        Term::Ret,
        Term::Trap,
    ];
    let mut blocks = Vec::new();
    let n = terms.len();
    for (b, term) in terms.into_iter().enumerate() {
        blocks.push(Block {
            label: ["entry", "b1", "b2", "b3", "b4", "callee", "fail"][b].into(),
            insts: if b == 0 { insts.clone() } else { vec![] },
            term,
            term_pc: if b % 2 == 0 {
                Some(0x1000 + b as u64)
            } else {
                None
            },
        });
    }
    blocks.push(Block {
        label: "done".into(),
        insts: vec![],
        term: Term::Exit,
        term_pc: None,
    });
    let _ = n;
    k.blocks = blocks;
    k.wave_size = 64;
    k.shared_bytes = 1024;
    k.local_bytes = 64;
    k.param_bytes = 32;
    k
}
