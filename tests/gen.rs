//! Random *executable* IR kernels for differential testing of the engines
//! (`tests/tests/engine_diff.rs`, issue #10).
//!
//! Unlike the verifier fuzzer's generator (`crates/xisa-ir/tests/common`), every
//! kernel made here terminates and touches only memory it owns, so running it
//! means something: loops are counted (a private counter register per loop),
//! calls only go to later functions (no recursion), addresses are
//! `base + (reg & mask) + imm` inside the buffers, and a few programs carry one
//! deliberate fault (out of bounds, misaligned atomic, trap, empty `ret`)
//! behind a lane-dependent guard. At exit every lane stores all its registers
//! and its local memory to its slot of the `%out` buffer, and the workgroup's
//! shared memory follows, so final state is compared through memory.
//!
//! Everything is derived from one seed: the kernel, the launch geometry, the
//! parameters and the input buffer.

use xisa_ir::op;
use xisa_ir::BufferAddr;
use xisa_ir::SurfaceAddr;
use xisa_ir::*;

/// Bytes of the global data buffer (`%gbuf`), which kernels read and write.
pub const GBUF: usize = 1024;
/// Static shared bytes of every kernel.
pub const SHARED: u32 = 256;
/// Local bytes per lane.
pub const LOCAL: u32 = 64;
/// Bytes of the parameter block (see [`Program::params`]).
const PARAM_BYTES: u32 = 56;

/// The surface (`%surf`): 64-byte rows, 4 rows, 2 slices or layers, over the
/// second half of `%gbuf`.
pub const SURF_OFFSET: u64 = 512;
const SURF_WIDTH: u32 = 64;
const SURF_HEIGHT: u32 = 4;
const SURF_DEPTH: u32 = 2;

/// The 32-byte surface descriptor for a `%gbuf` at `gbuf` (layout in
/// `docs/ir.md`, "Surfaces").
pub fn surface_descriptor(gbuf: u64) -> Vec<u8> {
    let mut d = Vec::with_capacity(32);
    d.extend_from_slice(&(gbuf + SURF_OFFSET).to_le_bytes());
    for v in [
        SURF_WIDTH,
        SURF_HEIGHT,
        SURF_DEPTH,
        SURF_WIDTH,
        SURF_WIDTH * SURF_HEIGHT,
        0,
    ] {
        d.extend_from_slice(&v.to_le_bytes());
    }
    d
}

pub use xisa_testkit::Rng;

const INTS: [Type; 4] = [Type::I8, Type::I16, Type::I32, Type::I64];
const ALL_INTS: [Type; 5] = [Type::I1, Type::I8, Type::I16, Type::I32, Type::I64];
const FLOATS: [Type; 4] = [Type::F16, Type::BF16, Type::F32, Type::F64];
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

/// Edge values of a type (raw bits), the immediates and inputs are drawn from.
pub fn edges(ty: Type) -> Vec<u64> {
    match ty {
        Type::I1 => vec![0, 1],
        Type::F16 => vec![
            0x0000, 0x8000, 0x3c00, 0xbc00, 0x3800, 0x7e00, 0x7c01, 0xfe00, 0x7c00, 0xfc00, 0x0001,
            0x03ff, 0x0400, 0x7bff, 0xfbff, 0x4248, 0x3555,
        ],
        Type::BF16 => vec![
            0x0000, 0x8000, 0x3f80, 0xbf80, 0x3f00, 0x7fc0, 0x7f81, 0xffc0, 0x7f80, 0xff80, 0x0001,
            0x007f, 0x0080, 0x7f7f, 0xff7f, 0x4049, 0x3eab,
        ],
        Type::F32 => vec![
            0x0000_0000,
            0x8000_0000,
            0x3f80_0000,
            0xbf80_0000,
            0x3f00_0000,
            0x7fc0_0000,
            0x7f80_0001,
            0xffc0_0000,
            0x7fc1_2345,
            0x7f80_0000,
            0xff80_0000,
            0x0000_0001,
            0x8000_0001,
            0x007f_ffff,
            0x0080_0000,
            0x7f7f_ffff,
            0xff7f_ffff,
            0x4b80_0001, // 2^24 + 2: odd integers stop here
            0x4f00_0000, // 2^31
            0xcf00_0000, // -2^31
            0x5f80_0000, // 2^64
            0x4040_0000,
            0x3eaa_aaab,
            0x4049_0fdb,
        ],
        Type::F64 => vec![
            0,
            1 << 63,
            1f64.to_bits(),
            (-1f64).to_bits(),
            0.5f64.to_bits(),
            0x7ff8_0000_0000_0000,
            0x7ff0_0000_0000_0001,
            0xfff8_0000_0000_0000,
            0x7ff8_0000_dead_beef,
            f64::INFINITY.to_bits(),
            f64::NEG_INFINITY.to_bits(),
            1,
            (1 << 63) | 1,
            0x000f_ffff_ffff_ffff,
            0x0010_0000_0000_0000,
            f64::MAX.to_bits(),
            f64::MIN.to_bits(),
            2147483648f64.to_bits(),
            (-2147483649f64).to_bits(),
            9007199254740993f64.to_bits(),
            18446744073709551616f64.to_bits(),
            0.1f64.to_bits(),
            std::f64::consts::PI.to_bits(),
            (f32::MAX as f64 * 2.0).to_bits(),
            (f32::MIN_POSITIVE as f64 / 3.0).to_bits(),
        ],
        t => {
            let bits = t.bits();
            let m = t.mask();
            let min = 1u64 << (bits - 1);
            vec![
                0,
                1,
                2,
                3,
                7,
                m,           // -1
                m - 1,       // -2
                min,         // MIN
                min - 1,     // MAX
                min + 1,     // MIN + 1
                bits as u64, // shift by the width
                bits as u64 - 1,
                bits as u64 + 1,
                0x55 & m,
                0xaaaa_aaaa_aaaa_aaaa & m,
                0x8000_0001 & m,
                0x1_0000_0000 & m,
            ]
        }
    }
}

/// The launch a program is meant for.
#[derive(Debug, Clone)]
pub struct Launch {
    pub grid: [u32; 3],
    pub block: [u32; 3],
    /// Dynamic shared bytes.
    pub dyn_shared: u32,
    /// Launch with statistics (instruction and atomic counts, which the
    /// engines must then agree on too).
    pub stats: bool,
}

impl Launch {
    pub fn lanes_per_group(&self) -> u32 {
        self.block.iter().product()
    }

    pub fn groups(&self) -> u32 {
        self.grid.iter().product()
    }
}

/// A generated program with everything needed to run it.
#[derive(Debug, Clone)]
pub struct Program {
    pub seed: u64,
    pub module: Module,
    pub launch: Launch,
    /// `%s32`, `%s64`, `%f32`, `%f64` (raw bits), after `%out` and `%gbuf`.
    pub params: [u64; 4],
    /// Initial contents of `%gbuf` ([`GBUF`] bytes).
    pub gbuf: Vec<u8>,
    /// Bytes of `%out`.
    pub out_len: usize,
    /// The program contains a deliberate fault site (it may not be reached).
    pub fault_site: bool,
}

impl Program {
    pub fn kernel(&self) -> &Kernel {
        &self.module.kernels[0]
    }

    /// Bytes of one lane's slot in `%out`: its registers (8 bytes each), then
    /// its local memory.
    pub fn slot_bytes(&self) -> usize {
        self.kernel().regs.len() * 8 + LOCAL as usize
    }
}

/// Registers the generated code reads but random instructions never write.
struct Fixed {
    out: Reg,
    gbuf: Reg,
    tid: Reg,
    lane: Reg,
    /// Address scratch.
    a32: Reg,
    a64: Reg,
    /// Shuffle lane / switch index scratch.
    sl: Reg,
    /// Loop-exit predicate scratch.
    lp: Reg,
    /// The surface descriptor's address, and a third coordinate scratch.
    surf: Reg,
    sz: Reg,
}

/// Where generated code goes: blocks are reserved first (so branches can name
/// them) and filled when their terminator is known.
struct Builder {
    blocks: Vec<Option<Block>>,
    cur: BlockId,
    insts: Vec<Inst>,
}

impl Builder {
    fn new_block(&mut self) -> BlockId {
        self.blocks.push(None);
        BlockId(self.blocks.len() as u32 - 1)
    }

    fn terminate(&mut self, term: Term, next: BlockId) {
        let b = Block {
            label: format!("b{}", self.cur.0),
            insts: std::mem::take(&mut self.insts),
            term,
            term_pc: None,
        };
        assert!(
            self.blocks[self.cur.0 as usize].is_none(),
            "block filled twice"
        );
        self.blocks[self.cur.0 as usize] = Some(b);
        self.cur = next;
    }
}

/// The generator state for one program.
pub struct Gen {
    pub rng: Rng,
    k: Kernel,
    f: Fixed,
    /// Registers random instructions may write, by type.
    pool: Vec<(Type, Vec<Reg>)>,
    /// Registers random instructions may read (the pool plus fixed values).
    readable: Vec<(Type, Vec<Reg>)>,
    b: Builder,
    /// Entry blocks of the functions; function `i` only calls `j > i`.
    funcs: Vec<BlockId>,
    /// The function being generated (`None`: the kernel body).
    in_func: Option<usize>,
    /// Exit blocks of the loops enclosing the current point (in this function).
    loop_exits: Vec<BlockId>,
    epilogue: BlockId,
    /// The address registers of the access being generated.
    cur32: Reg,
    cur64: Reg,
    /// Instructions left to generate.
    budget: i64,
    loops: usize,
    fault_site: bool,
    want_fault: bool,
    launch: Launch,
}

impl Gen {
    fn pool_of(&self, ty: Type) -> &[Reg] {
        &self.pool.iter().find(|(t, _)| *t == ty).unwrap().1
    }

    fn wreg(&mut self, ty: Type) -> Reg {
        let n = self.pool_of(ty).len();
        let i = self.rng.below(n);
        self.pool_of(ty)[i]
    }

    fn rreg(&mut self, ty: Type) -> Reg {
        let rs = &self.readable.iter().find(|(t, _)| *t == ty).unwrap().1;
        let i = self.rng.below(rs.len());
        self.readable.iter().find(|(t, _)| *t == ty).unwrap().1[i]
    }

    /// An immediate of type `ty`, mostly an edge value.
    fn imm(&mut self, ty: Type) -> u64 {
        if self.rng.percent(75) {
            let e = edges(ty);
            self.rng.pick(&e)
        } else if ty.is_int() && self.rng.percent(50) {
            self.rng.next_u64() % 40
        } else {
            self.rng.next_u64() & ty.mask()
        }
    }

    fn opnd(&mut self, ty: Type) -> Operand {
        if self.rng.percent(70) {
            Operand::Reg(self.rreg(ty))
        } else if ty.bits() < 64 && self.rng.percent(5) {
            // Bits above the slot's width: valid IR, and the semantics ignore them.
            Operand::Imm(self.imm(ty) | (self.rng.next_u64() & !ty.mask()))
        } else {
            Operand::Imm(self.imm(ty))
        }
    }

    fn emit(&mut self, op: Op) {
        self.budget -= 1;
        self.b.insts.push(Inst::new(op));
    }

    /// Emits `op` behind a random guard now and then.
    fn emit_maybe_guarded(&mut self, op: Op) {
        let guard = if self.rng.percent(18) {
            Some(Guard {
                reg: self.rreg(Type::I1),
                negate: self.rng.percent(50),
            })
        } else {
            None
        };
        self.budget -= 1;
        self.b.insts.push(Inst {
            guard,
            op,
            pc: None,
        });
    }

    /// A lane-dependent `i1` (often a fresh compare of the lane id).
    fn cond(&mut self) -> Reg {
        if self.rng.percent(40) {
            return self.rreg(Type::I1);
        }
        let dst = self.wreg(Type::I1);
        let (a, b) = match self.rng.below(4) {
            0 => (self.f.lane, self.rng.below(40) as u64),
            1 => (self.f.tid, self.rng.below(100) as u64),
            _ => (self.rreg(Type::I32), self.imm(Type::I32)),
        };
        let cond = self.rng.pick(&ICond::ALL);
        self.emit(Op::ICmp(op::ICmp {
            cond,
            ty: Type::I32,
            dst,
            a: Operand::Reg(a),
            b: Operand::Imm(b),
        }));
        dst
    }

    // ---- straight-line operations ----

    fn alu(&mut self) -> Op {
        use Type::*;
        match self.rng.below(20) {
            0 => {
                let ty = self.rng.pick(&Type::ALL);
                Op::Mov {
                    ty,
                    dst: self.wreg(ty),
                    src: self.opnd(ty),
                }
            }
            1..=3 => {
                let op = self.rng.pick(&BinOp::ALL);
                let ty = if matches!(op, BinOp::And | BinOp::Or | BinOp::Xor) {
                    self.rng.pick(&ALL_INTS)
                } else {
                    self.rng.pick(&INTS)
                };
                let bt = if matches!(op, BinOp::Shl | BinOp::LShr | BinOp::AShr) {
                    I32
                } else {
                    ty
                };
                Op::Bin(op::Bin {
                    op,
                    ty,
                    dst: self.wreg(ty),
                    a: self.opnd(ty),
                    b: self.opnd(bt),
                })
            }
            4 => {
                let op = self.rng.pick(&UnOp::ALL);
                let ty = if op == UnOp::Not {
                    self.rng.pick(&ALL_INTS)
                } else {
                    self.rng.pick(&INTS)
                };
                Op::Un(op::Un {
                    op,
                    ty,
                    dst: self.wreg(ty),
                    a: self.opnd(ty),
                })
            }
            5 => {
                let ty = self.rng.pick(&INTS);
                Op::Mad(op::Mad {
                    ty,
                    dst: self.wreg(ty),
                    a: self.opnd(ty),
                    b: self.opnd(ty),
                    c: self.opnd(ty),
                })
            }
            6 => match self.rng.below(3) {
                0 => Op::MulWide(op::MulWide {
                    signed: self.rng.percent(50),
                    dst: self.wreg(I64),
                    a: self.opnd(I32),
                    b: self.opnd(I32),
                }),
                1 => Op::Funnel(op::Funnel {
                    left: self.rng.percent(50),
                    wrap: self.rng.percent(50),
                    dst: self.wreg(I32),
                    lo: self.opnd(I32),
                    hi: self.opnd(I32),
                    shift: self.opnd(I32),
                }),
                _ => Op::Prmt(op::Prmt {
                    dst: self.wreg(I32),
                    a: self.opnd(I32),
                    b: self.opnd(I32),
                    sel: self.opnd(I32),
                }),
            },
            7 => {
                let ty = self.rng.pick(&ALL_INTS);
                Op::Lop3(op::Lop3 {
                    ty,
                    dst: self.wreg(ty),
                    a: self.opnd(ty),
                    b: self.opnd(ty),
                    c: self.opnd(ty),
                    lut: self.rng.next_u64() as u8,
                })
            }
            8 => {
                let ty = self.rng.pick(&INTS);
                if self.rng.percent(50) {
                    Op::Bfe(op::Bfe {
                        signed: self.rng.percent(50),
                        ty,
                        dst: self.wreg(ty),
                        a: self.opnd(ty),
                        pos: self.opnd(I32),
                        len: self.opnd(I32),
                    })
                } else {
                    Op::Bfi(op::Bfi {
                        ty,
                        dst: self.wreg(ty),
                        ins: self.opnd(ty),
                        base: self.opnd(ty),
                        pos: self.opnd(I32),
                        len: self.opnd(I32),
                    })
                }
            }
            9..=10 => {
                let op = self.rng.pick(&FBinOp::ALL);
                let ty = self.rng.pick(&FLOATS);
                let rnd = if matches!(op, FBinOp::Add | FBinOp::Sub | FBinOp::Mul | FBinOp::Div) {
                    self.rng.pick(&Round::ALL)
                } else {
                    Round::Rn
                };
                Op::FBin(op::FBin {
                    op,
                    ty,
                    rnd,
                    ftz: ty == F32 && self.rng.percent(40),
                    dst: self.wreg(ty),
                    a: self.opnd(ty),
                    b: self.opnd(ty),
                })
            }
            11 => {
                let ty = self.rng.pick(&FLOATS);
                Op::FUn(op::FUn {
                    op: self.rng.pick(&FUnOp::ALL),
                    ty,
                    ftz: ty == F32 && self.rng.percent(40),
                    dst: self.wreg(ty),
                    a: self.opnd(ty),
                })
            }
            12 => {
                let ty = self.rng.pick(&FLOATS);
                Op::Fma(op::Fma {
                    ty,
                    ftz: ty == F32 && self.rng.percent(40),
                    dst: self.wreg(ty),
                    a: self.opnd(ty),
                    b: self.opnd(ty),
                    c: self.opnd(ty),
                })
            }
            13 => {
                let ty = self.rng.pick(&ALL_INTS);
                Op::ICmp(op::ICmp {
                    cond: self.rng.pick(&ICond::ALL),
                    ty,
                    dst: self.wreg(I1),
                    a: self.opnd(ty),
                    b: self.opnd(ty),
                })
            }
            14 => {
                let ty = self.rng.pick(&FLOATS);
                Op::FCmp(op::FCmp {
                    cond: self.rng.pick(&FCond::ALL),
                    ty,
                    ftz: ty == F32 && self.rng.percent(40),
                    dst: self.wreg(I1),
                    a: self.opnd(ty),
                    b: self.opnd(ty),
                })
            }
            15 => {
                let ty = self.rng.pick(&Type::ALL);
                Op::Select(op::Select {
                    ty,
                    dst: self.wreg(ty),
                    cond: self.opnd(I1),
                    a: self.opnd(ty),
                    b: self.opnd(ty),
                })
            }
            16..=18 => self.cvt(),
            _ => {
                let sreg = self.rng.pick(&SReg::ALL);
                Op::Special {
                    dst: if self.rng.percent(50) {
                        self.wreg(I32)
                    } else {
                        self.wreg(I64)
                    },
                    sreg,
                }
            }
        }
    }

    /// A 32-bit result computed as lifters compute one: operands widened to
    /// 64 bits, one complemented (a subtraction is an add of the complement
    /// plus one), constants added one at a time, a shift, a truncation; all
    /// under one guard now and then (a predicated machine instruction).
    fn lifted_chain(&mut self) {
        use Type::*;
        let guard = self.rng.percent(40).then(|| Guard {
            reg: self.rreg(I1),
            negate: self.rng.percent(50),
        });
        let put = |g: &mut Gen, op: Op| {
            g.budget -= 1;
            g.b.insts.push(Inst {
                guard,
                op,
                pc: None,
            });
        };
        let widen = |dst: Reg, src: Reg| {
            Op::Cvt(op::Cvt {
                op: CvtOp::Zext,
                to: I64,
                from: I32,
                rnd: Round::Rn,
                sat: false,
                ftz: false,
                dst,
                src: Operand::Reg(src),
            })
        };
        let bin = |op: BinOp, ty: Type, dst: Reg, a: Operand, b: Operand| {
            Op::Bin(op::Bin { op, ty, dst, a, b })
        };
        // Each step writes a register it does not read, as lifters' pooled
        // temporaries do.
        let other = |g: &mut Gen, ty: Type, not: &[Reg]| {
            (0..8)
                .map(|_| g.wreg(ty))
                .find(|r| !not.contains(r))
                .unwrap_or_else(|| g.wreg(ty))
        };
        let (a, mut b) = (self.rreg(I32), self.rreg(I32));
        let ta = other(self, I64, &[]);
        put(self, widen(ta, a));
        if self.rng.percent(60) {
            let nb = other(self, I32, &[b]);
            put(
                self,
                bin(
                    BinOp::Xor,
                    I32,
                    nb,
                    Operand::Reg(b),
                    Operand::Imm(0xffff_ffff),
                ),
            );
            b = nb;
        }
        let mut tb = other(self, I64, &[ta]);
        put(self, widen(tb, b));
        for _ in 0..self.rng.below(3) {
            let c = self.rng.below(4) as u64;
            let t = other(self, I64, &[ta, tb]);
            put(
                self,
                bin(BinOp::Add, I64, t, Operand::Reg(tb), Operand::Imm(c)),
            );
            tb = t;
        }
        let op = self
            .rng
            .pick(&[BinOp::Add, BinOp::Add, BinOp::Sub, BinOp::Mul, BinOp::Xor]);
        let mut ta2 = other(self, I64, &[ta, tb]);
        put(self, bin(op, I64, ta2, Operand::Reg(ta), Operand::Reg(tb)));
        if self.rng.percent(40) {
            let s = self.rng.below(40) as u64;
            let t = other(self, I64, &[ta2]);
            put(
                self,
                bin(BinOp::Shl, I64, t, Operand::Reg(ta2), Operand::Imm(s)),
            );
            ta2 = t;
        }
        let dst = self.wreg(I32);
        put(
            self,
            Op::Cvt(op::Cvt {
                op: CvtOp::Trunc,
                to: I32,
                from: I64,
                rnd: Round::Rn,
                sat: false,
                ftz: false,
                dst,
                src: Operand::Reg(ta2),
            }),
        );
    }

    fn cvt(&mut self) -> Op {
        let op = self.rng.pick(&CvtOp::ALL);
        let mut pairs = Vec::new();
        for to in Type::ALL {
            for from in Type::ALL {
                if cvt_ok(op, to, from) {
                    pairs.push((to, from));
                }
            }
        }
        let (to, from) = self.rng.pick(&pairs);
        let rnd = self.rng.pick(&Round::ALL);
        Op::Cvt(op::Cvt {
            op,
            to,
            from,
            rnd,
            sat: self.rng.percent(30),
            ftz: (to == Type::F32 || from == Type::F32) && self.rng.percent(30),
            dst: self.wreg(to),
            src: self.opnd(from),
        })
    }

    // ---- memory ----

    /// Emits code that leaves `a64 = %gbuf + (x & mask)` with `mask` keeping
    /// the offset below 512 and aligned to `align`.
    fn global_base(&mut self, align: u64) {
        let f = (self.cur64, self.f.gbuf, self.f.tid);
        let mask = 0x1ff & !(align - 1);
        match self.rng.below(3) {
            0 => {
                // Lanes at distinct slots.
                let scale = self.rng.pick(&[1, 2, 4, 8]);
                self.emit(Op::MulWide(op::MulWide {
                    signed: false,
                    dst: f.0,
                    a: Operand::Reg(f.2),
                    b: Operand::Imm(scale),
                }));
            }
            1 => {
                let src = self.rreg(Type::I32);
                self.emit(Op::Cvt(op::Cvt {
                    op: CvtOp::Zext,
                    to: Type::I64,
                    from: Type::I32,
                    rnd: Round::Rn,
                    sat: false,
                    ftz: false,
                    dst: f.0,
                    src: Operand::Reg(src),
                }));
            }
            _ => {
                let src = self.rreg(Type::I64);
                self.emit(Op::Mov {
                    ty: Type::I64,
                    dst: f.0,
                    src: Operand::Reg(src),
                });
            }
        }
        self.emit(Op::Bin(op::Bin {
            op: BinOp::And,
            ty: Type::I64,
            dst: f.0,
            a: Operand::Reg(f.0),
            b: Operand::Imm(mask),
        }));
        self.emit(Op::Bin(op::Bin {
            op: BinOp::Add,
            ty: Type::I64,
            dst: f.0,
            a: Operand::Reg(f.0),
            b: Operand::Reg(f.1),
        }));
    }

    /// `a32 = x & mask` (a shared, local or param offset).
    fn offset32(&mut self, mask: u64) {
        let src = if self.rng.percent(40) {
            self.f.tid
        } else {
            self.rreg(Type::I32)
        };
        if self.rng.percent(30) {
            // Spread lanes apart first.
            let sh = self.rng.below(4) as u64;
            self.emit(Op::Bin(op::Bin {
                op: BinOp::Shl,
                ty: Type::I32,
                dst: self.cur32,
                a: Operand::Reg(src),
                b: Operand::Imm(sh),
            }));
        } else {
            self.emit(Op::Mov {
                ty: Type::I32,
                dst: self.cur32,
                src: Operand::Reg(src),
            });
        }
        self.emit(Op::Bin(op::Bin {
            op: BinOp::And,
            ty: Type::I32,
            dst: self.cur32,
            a: Operand::Reg(self.cur32),
            b: Operand::Imm(mask),
        }));
    }

    /// An in-bounds address of `space` for an access of `bytes` bytes aligned
    /// to `align` (1 for plain accesses, which need no alignment).
    fn address(&mut self, space: Space, bytes: u32, align: u64) -> Address {
        // Now and then the address lives in a register the access may also
        // write (a load into its own base, an atomic returning into it).
        self.cur32 = if self.rng.percent(25) {
            self.wreg(Type::I32)
        } else {
            self.f.a32
        };
        self.cur64 = if self.rng.percent(25) {
            self.wreg(Type::I64)
        } else {
            self.f.a64
        };
        let aligned_imm =
            |g: &mut Gen, max: u64| (g.rng.below(max as usize + 1) as u64) & !(align - 1);
        match space {
            Space::Global | Space::Const => {
                self.global_base(align);
                let off = aligned_imm(self, 256) as i64;
                Address::Flat {
                    base: Operand::Reg(self.cur64),
                    offset: off,
                }
            }
            Space::Shared => {
                // < 128 + 112 + 16 <= SHARED
                self.offset32(0x7f & !(align - 1));
                let off = aligned_imm(self, 112) as i64;
                Address::Flat {
                    base: Operand::Reg(self.cur32),
                    offset: off,
                }
            }
            Space::Local => {
                // < 32 + 16 + 16 <= LOCAL
                self.offset32(0x1f & !(align - 1));
                let off = aligned_imm(self, 16) as i64;
                Address::Flat {
                    base: Operand::Reg(self.cur32),
                    offset: off,
                }
            }
            Space::Param => {
                // < 8 + 24 + 16 <= PARAM_BYTES
                self.offset32(0x7 & !(align - 1));
                let off = aligned_imm(self, 24) as i64;
                Address::Flat {
                    base: Operand::Reg(self.cur32),
                    offset: off,
                }
            }
            Space::Buffer => {
                // The descriptor covers at most %gbuf; offsets may fall outside it
                // (loads read 0, stores and atomics are dropped).
                self.offset32(0x7ff & !(align - 1));
                let size = self.rng.pick(&[0u64, 4, 100, 511, 512, GBUF as u64]);
                let base = if self.rng.percent(10) {
                    Operand::Imm(0)
                } else {
                    Operand::Reg(self.f.gbuf)
                };
                let _ = bytes;
                let size = if self.rng.percent(30) {
                    // A size register: i32 or i64, at most GBUF.
                    let t = self.rng.pick(&[Type::I32, Type::I64]);
                    let r = self.wreg(t);
                    let src = self.rreg(t);
                    self.emit(Op::Bin(op::Bin {
                        op: BinOp::And,
                        ty: t,
                        dst: r,
                        a: Operand::Reg(src),
                        b: Operand::Imm(GBUF as u64 - 1),
                    }));
                    Operand::Reg(r)
                } else {
                    Operand::Imm(size)
                };
                let mut imm = aligned_imm(self, 64) as i64;
                if self.rng.percent(20) {
                    // A negative byte offset is out of range.
                    imm -= 64;
                }
                Address::Buffer(BufferAddr {
                    base,
                    size,
                    offset: Operand::Reg(self.cur32),
                    imm,
                })
            }
            Space::Surface => {
                let oob = self.rng.pick(&SurfOob::ALL);
                let dim = self.rng.pick(&SurfDim::ALL);
                // Trapping accesses stay in range (mostly); the others stray
                // a little past every edge.
                let strict = oob == SurfOob::Trap && self.rng.percent(95);
                let coords = [
                    (self.cur32, if strict { 0x2f } else { 0x7f }, 16),
                    (self.f.sl, if strict { 3 } else { 7 }, 2),
                    (self.f.sz, if strict { 1 } else { 3 }, 1),
                ];
                for (i, (dst, mask, bias)) in coords.into_iter().enumerate() {
                    let src = if self.rng.percent(50) {
                        self.f.tid
                    } else {
                        self.rreg(Type::I32)
                    };
                    let mask = if i == 0 { mask & !(align - 1) } else { mask };
                    self.emit(Op::Bin(op::Bin {
                        op: BinOp::And,
                        ty: Type::I32,
                        dst,
                        a: Operand::Reg(src),
                        b: Operand::Imm(mask),
                    }));
                    if !strict {
                        self.emit(Op::Bin(op::Bin {
                            op: BinOp::Sub,
                            ty: Type::I32,
                            dst,
                            a: Operand::Reg(dst),
                            b: Operand::Imm(bias),
                        }));
                    }
                }
                Address::Surface(SurfaceAddr {
                    desc: Operand::Reg(self.f.surf),
                    dim,
                    oob,
                    x: Operand::Reg(self.cur32),
                    y: Operand::Reg(self.f.sl),
                    z: Operand::Reg(self.f.sz),
                })
            }
        }
    }

    /// Distinct pool registers that `ok` accepts, `n` of them.
    fn distinct(&mut self, n: usize, ok: impl Fn(Type) -> bool) -> Vec<Reg> {
        let mut rs: Vec<Reg> = self
            .pool
            .iter()
            .filter(|(t, _)| ok(*t))
            .flat_map(|(_, r)| r.iter().copied())
            .collect();
        for i in (1..rs.len()).rev() {
            let j = self.rng.below(i + 1);
            rs.swap(i, j);
        }
        rs.truncate(n);
        rs
    }

    fn mem(&mut self) {
        let space = self.rng.pick(&[
            Space::Global,
            Space::Global,
            Space::Global,
            Space::Shared,
            Space::Shared,
            Space::Shared,
            Space::Local,
            Space::Local,
            Space::Const,
            Space::Param,
            Space::Buffer,
            Space::Buffer,
            Space::Surface,
            Space::Surface,
        ]);
        let atomic_ok = matches!(
            space,
            Space::Global | Space::Shared | Space::Buffer | Space::Surface
        );
        let r = self.rng.below(100);
        if atomic_ok && r < 35 {
            self.atomic(space);
        } else if space.writable() && r < 70 {
            self.store(space);
        } else {
            self.load(space);
        }
    }

    fn mem_shape(&mut self) -> MemType {
        loop {
            let kind = self.rng.pick(&MemKind::ALL);
            let count = self.rng.pick(&[1u8, 1, 1, 2, 3, 4]);
            if kind.bytes() * count as u32 <= 16 {
                return MemType { kind, count };
            }
        }
    }

    fn scope(&mut self) -> Scope {
        self.rng.pick(&Scope::ALL)
    }

    fn load(&mut self, space: Space) {
        let mem = self.mem_shape();
        let dsts = self.distinct(mem.count as usize, |t| mem.kind.loads_into(t));
        if dsts.len() < mem.count as usize {
            return;
        }
        // The parameter block is the only memory nobody writes: there, a
        // `.uniform` load at a constant offset keeps its promise.
        let uniform = space == Space::Param && self.rng.percent(40);
        let addr = if uniform {
            Address::Flat {
                base: Operand::Imm(self.rng.below(33) as u64),
                offset: 0,
            }
        } else {
            self.address(space, mem.bytes(), 1)
        };
        let order = self.rng.pick(&LOAD_ORDERS);
        let scope = self.scope();
        self.emit_maybe_guarded(Op::Load(op::Load {
            space,
            mem,
            order,
            scope,
            uniform,
            dsts,
            addr,
        }));
    }

    fn store(&mut self, space: Space) {
        let mem = self.mem_shape();
        let mut srcs = Vec::new();
        for _ in 0..mem.count {
            let tys: Vec<Type> = Type::ALL
                .into_iter()
                .filter(|&t| mem.kind.stores_from(t))
                .collect();
            let t = self.rng.pick(&tys);
            srcs.push(if self.rng.percent(75) {
                Operand::Reg(self.rreg(t))
            } else {
                let it = match mem.kind.bytes() {
                    1 => Type::I8,
                    2 => Type::I16,
                    4 => Type::I32,
                    _ => Type::I64,
                };
                Operand::Imm(self.imm(it))
            });
        }
        let addr = self.address(space, mem.bytes(), 1);
        let order = self.rng.pick(&STORE_ORDERS);
        let scope = self.scope();
        self.emit_maybe_guarded(Op::Store(op::Store {
            space,
            mem,
            order,
            scope,
            srcs,
            addr,
        }));
    }

    fn atomic(&mut self, space: Space) {
        let (ty, op) = loop {
            let ty = self.rng.pick(&AtomType::ALL);
            let op = self.rng.pick(&AtomOp::ALL);
            if ty.supports(op) {
                break (ty, op);
            }
        };
        let rt = ty.reg_type();
        let addr = self.address(space, ty.bytes(), ty.bytes() as u64);
        let dst = self.rng.percent(70).then(|| self.wreg(rt));
        let src = self.opnd(rt);
        let cmp = (op == AtomOp::Cas).then(|| {
            if self.rng.percent(40) {
                Operand::Imm(0)
            } else {
                self.opnd(rt)
            }
        });
        let scope = self.scope();
        let order = self.rng.pick(&RMW_ORDERS);
        let ftz = ty == AtomType::F32 && self.rng.percent(30);
        self.emit_maybe_guarded(Op::Atomic(op::Atomic {
            op,
            ty,
            space,
            scope,
            order,
            ftz,
            dst,
            addr,
            src,
            cmp,
        }));
    }

    // ---- cross-lane ----

    fn warp(&mut self) {
        let wave = self.k.wave_size as u64;
        match self.rng.below(6) {
            0 | 1 => {
                let ty = self.rng.pick(&Type::ALL);
                let lane = match self.rng.below(5) {
                    0 => Operand::Imm(self.rng.below(wave as usize + 3) as u64),
                    1 => Operand::Reg(self.rreg(Type::I32)),
                    k => {
                        let op = [BinOp::Xor, BinOp::Add, BinOp::Sub][k - 2];
                        let d = self.rng.pick(&[1, 2, 4, 8, 16, 31, 32, 63]);
                        self.emit(Op::Bin(op::Bin {
                            op,
                            ty: Type::I32,
                            dst: self.f.sl,
                            a: Operand::Reg(self.f.lane),
                            b: Operand::Imm(d),
                        }));
                        Operand::Reg(self.f.sl)
                    }
                };
                let dst = self.wreg(ty);
                let valid = if self.rng.percent(50) {
                    let v = self.wreg(Type::I1);
                    (v != dst).then_some(v)
                } else {
                    None
                };
                let src = self.opnd(ty);
                self.emit_maybe_guarded(Op::Shfl(op::Shfl {
                    ty,
                    dst,
                    valid,
                    src,
                    lane,
                }));
            }
            2 => {
                let mode = self.rng.pick(&VoteMode::ALL);
                let dst = if mode == VoteMode::Ballot {
                    let t = self.rng.pick(&[Type::I32, Type::I64]);
                    self.wreg(t)
                } else {
                    self.wreg(Type::I1)
                };
                let pred = self.opnd(Type::I1);
                self.emit_maybe_guarded(Op::Vote { mode, dst, pred });
            }
            3 => {
                let t = self.rng.pick(&[Type::I32, Type::I64]);
                let dst = self.wreg(t);
                self.emit_maybe_guarded(Op::ActiveMask { dst });
            }
            4 => {
                let ty = self.rng.pick(&Type::ALL);
                let dst = self.wreg(ty);
                let src = self.opnd(ty);
                self.emit_maybe_guarded(Op::ReadFirstLane { ty, dst, src });
            }
            _ => {
                if self.rng.percent(50) {
                    self.emit_maybe_guarded(Op::WaveSync);
                } else {
                    let scope = self.scope();
                    let order = self.rng.pick(&FENCE_ORDERS);
                    self.emit_maybe_guarded(Op::Fence { scope, order });
                }
            }
        }
    }

    // ---- control flow ----

    fn if_else(&mut self, depth: u32) {
        let c = self.cond();
        let then_b = self.b.new_block();
        let join = self.b.new_block();
        if self.rng.percent(60) {
            let else_b = self.b.new_block();
            self.b.terminate(
                Term::BrCond {
                    cond: c,
                    then_: then_b,
                    else_: else_b,
                },
                then_b,
            );
            self.seq(depth + 1);
            self.b.terminate(Term::Br(join), else_b);
            self.seq(depth + 1);
            self.b.terminate(Term::Br(join), join);
        } else {
            self.b.terminate(
                Term::BrCond {
                    cond: c,
                    then_: then_b,
                    else_: join,
                },
                then_b,
            );
            self.seq(depth + 1);
            self.b.terminate(Term::Br(join), join);
        }
    }

    fn switch(&mut self, depth: u32) {
        let index = if self.rng.percent(70) {
            let src = self.rreg(Type::I32);
            let m = self.rng.pick(&[1u64, 3, 3, 7]);
            self.emit(Op::Bin(op::Bin {
                op: BinOp::And,
                ty: Type::I32,
                dst: self.f.sl,
                a: Operand::Reg(src),
                b: Operand::Imm(m),
            }));
            self.f.sl
        } else {
            let t = self.rng.pick(&ALL_INTS);
            self.rreg(t)
        };
        let n = 1 + self.rng.below(3);
        let arms: Vec<BlockId> = (0..n).map(|_| self.b.new_block()).collect();
        let default = self.b.new_block();
        let join = self.b.new_block();
        let mut targets: Vec<BlockId> = (0..self.rng.below(5))
            .map(|_| self.rng.pick(&arms))
            .collect();
        if self.rng.percent(20) {
            targets.push(join);
        }
        self.b.terminate(
            Term::Switch {
                index,
                targets,
                default,
            },
            arms[0],
        );
        for (i, _) in arms.iter().enumerate() {
            self.seq(depth + 1);
            let next = arms.get(i + 1).copied().unwrap_or(default);
            self.b.terminate(Term::Br(join), next);
        }
        self.seq(depth + 1);
        self.b.terminate(Term::Br(join), join);
    }

    /// A counted loop: `c = trip; do { body; c -= 1 } while c != 0`, the trip
    /// count 1..=4 and often lane-dependent; sometimes a lane-dependent break.
    fn counted_loop(&mut self, depth: u32, long: bool) {
        self.loops += 1;
        let c = self.k.reg(format!("c{}", self.loops), Type::I32);
        if long {
            // Past the engines' yield threshold (4096 back edges per run), so
            // lanes yield mid-loop and interleave.
            let n = 4100 + self.rng.below(8) as u64;
            self.emit(Op::Mov {
                ty: Type::I32,
                dst: c,
                src: Operand::Imm(n),
            });
        } else if self.rng.percent(40) {
            let n = 1 + self.rng.below(4) as u64;
            self.emit(Op::Mov {
                ty: Type::I32,
                dst: c,
                src: Operand::Imm(n),
            });
        } else {
            let src = if self.rng.percent(50) {
                self.f.lane
            } else {
                self.rreg(Type::I32)
            };
            self.emit(Op::Bin(op::Bin {
                op: BinOp::And,
                ty: Type::I32,
                dst: c,
                a: Operand::Reg(src),
                b: Operand::Imm(3),
            }));
            self.emit(Op::Bin(op::Bin {
                op: BinOp::Add,
                ty: Type::I32,
                dst: c,
                a: Operand::Reg(c),
                b: Operand::Imm(1),
            }));
        }
        let header = self.b.new_block();
        let exit = self.b.new_block();
        self.b.terminate(Term::Br(header), header);
        self.loop_exits.push(exit);
        if long {
            // A small body: a shared-memory exchange whose result depends on
            // where lanes yield.
            for _ in 0..3 {
                if self.rng.percent(50) {
                    self.mem();
                } else {
                    let op = self.alu();
                    self.emit(op);
                }
            }
        } else {
            self.seq(depth + 1);
        }
        self.loop_exits.pop();
        self.emit(Op::Bin(op::Bin {
            op: BinOp::Sub,
            ty: Type::I32,
            dst: c,
            a: Operand::Reg(c),
            b: Operand::Imm(1),
        }));
        self.emit(Op::ICmp(op::ICmp {
            cond: ICond::Ne,
            ty: Type::I32,
            dst: self.f.lp,
            a: Operand::Reg(c),
            b: Operand::Imm(0),
        }));
        self.b.terminate(
            Term::BrCond {
                cond: self.f.lp,
                then_: header,
                else_: exit,
            },
            exit,
        );
    }

    fn call(&mut self) {
        let first = self.in_func.map_or(0, |i| i + 1);
        if first >= self.funcs.len() {
            return;
        }
        let target = self.funcs[first + self.rng.below(self.funcs.len() - first)];
        let cont = self.b.new_block();
        self.b.terminate(Term::Call { target, ret: cont }, cont);
    }

    /// Lanes leave early: to the epilogue, or out of the innermost loop.
    fn early_out(&mut self) {
        let c = self.cond();
        let cont = self.b.new_block();
        let target = match self.loop_exits.last() {
            Some(&e) if self.rng.percent(70) => e,
            _ => self.epilogue,
        };
        self.b.terminate(
            Term::BrCond {
                cond: c,
                then_: target,
                else_: cont,
            },
            cont,
        );
    }

    /// One deliberate fault, taken by the lanes where a lane-dependent
    /// condition holds.
    fn fault(&mut self) {
        self.fault_site = true;
        self.want_fault = false;
        let p = self.wreg(Type::I1);
        let k = self.rng.below(self.launch.lanes_per_group() as usize + 4) as u64;
        let cond = self.rng.pick(&[ICond::Eq, ICond::Eq, ICond::Uge]);
        self.emit(Op::ICmp(op::ICmp {
            cond,
            ty: Type::I32,
            dst: p,
            a: Operand::Reg(self.f.tid),
            b: Operand::Imm(k),
        }));
        if self.rng.percent(40) {
            // Only in the last workgroup, after the others have finished.
            let q = self.wreg(Type::I1);
            let x = self.wreg(Type::I32);
            self.emit(Op::Special {
                dst: x,
                sreg: SReg::CtaIdX,
            });
            self.emit(Op::ICmp(op::ICmp {
                cond: ICond::Eq,
                ty: Type::I32,
                dst: q,
                a: Operand::Reg(x),
                b: Operand::Imm(self.launch.grid[0] as u64 - 1),
            }));
            self.emit(Op::Bin(op::Bin {
                op: BinOp::And,
                ty: Type::I1,
                dst: p,
                a: Operand::Reg(p),
                b: Operand::Reg(q),
            }));
        }
        let guard = Some(Guard {
            reg: p,
            negate: false,
        });
        let dst = self.wreg(Type::I32);
        let op = match self.rng.below(17) {
            14 | 15 => {
                // Extreme address arithmetic: wrapping, bits above a 32-bit
                // base's width (ignored), offsets at the ends of i64. Some of
                // these land in bounds.
                let space = self.rng.pick(&[
                    Space::Global,
                    Space::Shared,
                    Space::Local,
                    Space::Param,
                    Space::Const,
                ]);
                let base = self.rng.pick(&[
                    0u64,
                    0xffff_ffff,
                    u64::MAX,
                    u64::MAX - 3,
                    0xffff_ffff_0000_0010,
                    0x1_0000_0000,
                    0x8000_0000,
                    0x7fff_fff0,
                ]);
                let offset = self.rng.pick(&[
                    i64::MIN,
                    i64::MAX,
                    -1,
                    -16,
                    0x7fff_ffff,
                    0xffff_ffff,
                    1 << 32,
                    0x10,
                ]);
                let mem = MemType {
                    kind: MemKind::B32,
                    count: self.rng.pick(&[1, 2]),
                };
                let addr = Address::Flat {
                    base: Operand::Imm(base),
                    offset,
                };
                if space.writable() && self.rng.percent(50) {
                    Op::Store(op::Store {
                        space,
                        mem,
                        order: Order::Weak,
                        scope: Scope::Device,
                        srcs: vec![Operand::Reg(dst); mem.count as usize],
                        addr,
                    })
                } else {
                    let d2 = self.wreg(Type::F32);
                    Op::Load(op::Load {
                        space,
                        mem,
                        order: Order::Weak,
                        scope: Scope::Device,
                        uniform: false,
                        dsts: [dst, d2][..mem.count as usize].to_vec(),
                        addr,
                    })
                }
            }
            16 => {
                // An unreadable surface descriptor.
                Op::Load(op::Load {
                    space: Space::Surface,
                    mem: MemType::scalar(MemKind::U8),
                    order: Order::Weak,
                    scope: Scope::Device,
                    uniform: false,
                    dsts: vec![dst],
                    addr: Address::Surface(SurfaceAddr {
                        desc: Operand::Imm(self.rng.pick(&[0, 8, u64::MAX - 7])),
                        dim: SurfDim::D1,
                        oob: SurfOob::Ignore,
                        x: Operand::Imm(0),
                        y: Operand::Imm(0),
                        z: Operand::Imm(0),
                    }),
                })
            }
            8 => {
                // Shared/local offsets wrap at 32 bits: base 2, offset -4.
                let space = self.rng.pick(&[Space::Shared, Space::Local]);
                self.emit(Op::Mov {
                    ty: Type::I32,
                    dst: self.f.a32,
                    src: Operand::Imm(2),
                });
                Op::Load(op::Load {
                    space,
                    mem: MemType::scalar(MemKind::B32),
                    order: Order::Weak,
                    scope: Scope::Device,
                    uniform: false,
                    dsts: vec![dst],
                    addr: Address::Flat {
                        base: Operand::Reg(self.f.a32),
                        offset: -4,
                    },
                })
            }
            9 => {
                // A vector access straddling the end of the space.
                let (space, size) = self.rng.pick(&[
                    (Space::Shared, SHARED + self.launch.dyn_shared),
                    (Space::Local, LOCAL),
                ]);
                let dyn_pad = if space == Space::Shared && self.launch.dyn_shared > 0 {
                    // Dynamic shared memory starts 16-aligned after the static part.
                    SHARED.div_ceil(16) * 16 - SHARED
                } else {
                    0
                };
                Op::Store(op::Store {
                    space,
                    mem: MemType {
                        kind: MemKind::B32,
                        count: 4,
                    },
                    order: Order::Weak,
                    scope: Scope::Device,
                    srcs: vec![Operand::Reg(dst); 4],
                    addr: Address::Flat {
                        base: Operand::Imm((size + dyn_pad - 8) as u64),
                        offset: 0,
                    },
                })
            }
            10 => {
                // Below the start of guest memory.
                Op::Load(op::Load {
                    space: Space::Global,
                    mem: MemType::scalar(MemKind::B64),
                    order: Order::Relaxed,
                    scope: Scope::Device,
                    uniform: false,
                    dsts: vec![self.wreg(Type::I64)],
                    addr: Address::Flat {
                        base: Operand::Reg(self.f.gbuf),
                        offset: -(1 << 33),
                    },
                })
            }
            11 => {
                // Unbounded recursion: the call stack overflows.
                let t = self.b.new_block();
                let cont = self.b.new_block();
                self.b.terminate(
                    Term::BrCond {
                        cond: p,
                        then_: t,
                        else_: cont,
                    },
                    t,
                );
                self.b.terminate(
                    Term::Call {
                        target: t,
                        ret: cont,
                    },
                    cont,
                );
                return;
            }
            12 => {
                // A misaligned buffer atomic (tid + 4 is not always 8-aligned).
                Op::Atomic(op::Atomic {
                    op: AtomOp::Exch,
                    ty: AtomType::B64,
                    space: Space::Buffer,
                    scope: Scope::Device,
                    order: Order::Relaxed,
                    ftz: false,
                    dst: None,
                    addr: Address::Buffer(BufferAddr {
                        base: Operand::Reg(self.f.gbuf),
                        size: Operand::Imm(GBUF as u64),
                        offset: Operand::Reg(self.f.tid),
                        imm: 4,
                    }),
                    src: Operand::Imm(1),
                    cmp: None,
                })
            }
            0 => Op::Load(op::Load {
                space: Space::Global,
                mem: MemType::scalar(MemKind::B32),
                order: Order::Weak,
                scope: Scope::Device,
                uniform: false,
                dsts: vec![dst],
                addr: Address::Flat {
                    base: Operand::Imm(0),
                    offset: self.rng.below(64) as i64,
                },
            }),
            1 => Op::Store(op::Store {
                space: Space::Global,
                mem: MemType::scalar(MemKind::B64),
                order: Order::Weak,
                scope: Scope::Device,
                srcs: vec![Operand::Imm(7)],
                addr: Address::Flat {
                    base: Operand::Reg(self.f.gbuf),
                    offset: 1 << 40,
                },
            }),
            2 => Op::Store(op::Store {
                space: Space::Shared,
                mem: MemType::scalar(MemKind::B32),
                order: Order::Weak,
                scope: Scope::Device,
                srcs: vec![Operand::Reg(dst)],
                addr: Address::Flat {
                    base: Operand::Reg(self.f.tid),
                    offset: SHARED as i64 + self.launch.dyn_shared as i64 + 16,
                },
            }),
            3 => Op::Load(op::Load {
                space: Space::Local,
                mem: MemType::scalar(MemKind::U16),
                order: Order::Weak,
                scope: Scope::Device,
                uniform: false,
                dsts: vec![dst],
                addr: Address::Flat {
                    base: Operand::Imm(LOCAL as u64 - 1),
                    offset: 0,
                },
            }),
            4 | 5 => {
                let (space, base) = if self.rng.percent(50) {
                    (Space::Global, self.f.gbuf)
                } else {
                    (Space::Shared, self.f.tid)
                };
                let b64 = self.rng.percent(50);
                let dst64 = self.wreg(Type::I64);
                Op::Atomic(op::Atomic {
                    op: AtomOp::Add,
                    ty: if b64 { AtomType::B64 } else { AtomType::B32 },
                    space,
                    scope: Scope::Device,
                    order: Order::Relaxed,
                    ftz: false,
                    dst: Some(if b64 { dst64 } else { dst }),
                    addr: Address::Flat {
                        base: Operand::Reg(base),
                        // tid is 4- but not always 8-aligned; gbuf is aligned.
                        offset: if space == Space::Global { 2 } else { 1 },
                    },
                    src: Operand::Imm(1),
                    cmp: None,
                })
            }
            6 => {
                let t = self.b.new_block();
                let cont = self.b.new_block();
                self.b.terminate(
                    Term::BrCond {
                        cond: p,
                        then_: t,
                        else_: cont,
                    },
                    t,
                );
                self.b.terminate(Term::Trap, cont);
                return;
            }
            _ => {
                if self.in_func.is_some() {
                    return;
                }
                let t = self.b.new_block();
                let cont = self.b.new_block();
                self.b.terminate(
                    Term::BrCond {
                        cond: p,
                        then_: t,
                        else_: cont,
                    },
                    t,
                );
                self.b.terminate(Term::Ret, cont);
                return;
            }
        };
        self.budget -= 1;
        self.b.insts.push(Inst {
            guard,
            op,
            pc: None,
        });
    }

    /// A sequence of random statements at nesting `depth`.
    fn seq(&mut self, depth: u32) {
        let n = 1 + self.rng.below(if depth == 0 { 14 } else { 6 });
        for _ in 0..n {
            if self.budget <= 0 {
                return;
            }
            if self.want_fault && self.rng.percent(10) {
                self.fault();
                continue;
            }
            let nested = depth < 3;
            match self.rng.below(100) {
                0..=39 => {
                    let op = self.alu();
                    self.emit_maybe_guarded(op);
                }
                40..=57 => self.mem(),
                58..=66 => self.warp(),
                67..=69 => self.emit_maybe_guarded(Op::Barrier),
                70..=77 if nested => self.if_else(depth),
                78..=83 if nested && self.loops < 6 => self.counted_loop(depth, false),
                84..=86 if nested => self.switch(depth),
                87..=90 => self.call(),
                91..=92 => self.early_out(),
                93..=95 => self.lifted_chain(),
                _ => {
                    let op = self.cvt();
                    self.emit_maybe_guarded(op);
                }
            }
        }
    }

    fn special(&mut self, dst: Reg, sreg: SReg) {
        self.emit(Op::Special { dst, sreg });
    }

    /// `dst = tid.x + ntid.x * (tid.y + ntid.y * tid.z)` (i32), or the same
    /// for the workgroup index; `tmp` is clobbered.
    fn flat_index(&mut self, dst: Reg, tmp: Reg, ids: [SReg; 3], dims: [SReg; 2]) {
        self.special(dst, ids[2]);
        self.special(tmp, dims[1]);
        self.emit(Op::Bin(op::Bin {
            op: BinOp::Mul,
            ty: Type::I32,
            dst,
            a: Operand::Reg(dst),
            b: Operand::Reg(tmp),
        }));
        self.special(tmp, ids[1]);
        self.emit(Op::Bin(op::Bin {
            op: BinOp::Add,
            ty: Type::I32,
            dst,
            a: Operand::Reg(dst),
            b: Operand::Reg(tmp),
        }));
        self.special(tmp, dims[0]);
        self.emit(Op::Bin(op::Bin {
            op: BinOp::Mul,
            ty: Type::I32,
            dst,
            a: Operand::Reg(dst),
            b: Operand::Reg(tmp),
        }));
        self.special(tmp, ids[0]);
        self.emit(Op::Bin(op::Bin {
            op: BinOp::Add,
            ty: Type::I32,
            dst,
            a: Operand::Reg(dst),
            b: Operand::Reg(tmp),
        }));
    }

    /// Fills the pool registers with lane-dependent input data and edge values.
    fn init_pool(&mut self) {
        let regs: Vec<(Type, Reg)> = self
            .pool
            .iter()
            .flat_map(|(t, rs)| rs.iter().map(move |r| (*t, *r)))
            .collect();
        for (i, (t, r)) in regs.into_iter().enumerate() {
            match self.rng.below(4) {
                0 | 1 if t != Type::I1 => {
                    let kind = match t.bytes() {
                        1 => MemKind::U8,
                        2 => MemKind::U16,
                        4 => MemKind::B32,
                        _ => MemKind::B64,
                    };
                    // %gbuf + ((tid * 8 + 8i) & 0x3f8): per-lane input words.
                    self.emit(Op::MulWide(op::MulWide {
                        signed: false,
                        dst: self.f.a64,
                        a: Operand::Reg(self.f.tid),
                        b: Operand::Imm(8),
                    }));
                    self.emit(Op::Bin(op::Bin {
                        op: BinOp::Add,
                        ty: Type::I64,
                        dst: self.f.a64,
                        a: Operand::Reg(self.f.a64),
                        b: Operand::Imm(8 * i as u64),
                    }));
                    self.emit(Op::Bin(op::Bin {
                        op: BinOp::And,
                        ty: Type::I64,
                        dst: self.f.a64,
                        a: Operand::Reg(self.f.a64),
                        b: Operand::Imm(0x3f8),
                    }));
                    self.emit(Op::Bin(op::Bin {
                        op: BinOp::Add,
                        ty: Type::I64,
                        dst: self.f.a64,
                        a: Operand::Reg(self.f.a64),
                        b: Operand::Reg(self.f.gbuf),
                    }));
                    self.emit(Op::Load(op::Load {
                        space: Space::Global,
                        mem: MemType::scalar(kind),
                        order: Order::Weak,
                        scope: Scope::Device,
                        uniform: false,
                        dsts: vec![r],
                        addr: Address::Flat {
                            base: Operand::Reg(self.f.a64),
                            offset: 0,
                        },
                    }));
                }
                0 | 1 => {
                    let a = self.rreg(Type::I32);
                    let b = self.rng.below(70) as u64;
                    self.emit(Op::ICmp(op::ICmp {
                        cond: ICond::Ult,
                        ty: Type::I32,
                        dst: r,
                        a: Operand::Reg(a),
                        b: Operand::Imm(b),
                    }));
                }
                2 => {
                    let v = self.imm(t);
                    self.emit(Op::Mov {
                        ty: t,
                        dst: r,
                        src: Operand::Imm(v),
                    });
                }
                // Zero, as every register starts.
                _ => {}
            }
        }
    }

    /// Stores every register and the local memory to the lane's slot of %out,
    /// then (after a barrier) the workgroup's shared memory.
    fn epilogue(&mut self) {
        let (e0, e1, e64) = (
            self.k.reg("e0", Type::I32),
            self.k.reg("e1", Type::I32),
            self.k.reg("e64", Type::I64),
        );
        let nregs = self.k.regs.len() as u64;
        let slot = nregs * 8 + LOCAL as u64;
        let lanes = self.launch.lanes_per_group() as u64;
        let groups = self.launch.groups() as u64;
        // Slot index: workgroup * lanes + tid (the geometry is fixed per program).
        self.flat_index(
            e0,
            self.f.a32,
            [SReg::CtaIdX, SReg::CtaIdY, SReg::CtaIdZ],
            [SReg::NCtaIdX, SReg::NCtaIdY],
        );
        self.flat_index(
            e1,
            self.f.a32,
            [SReg::TidX, SReg::TidY, SReg::TidZ],
            [SReg::NTidX, SReg::NTidY],
        );
        self.emit(Op::Mad(op::Mad {
            ty: Type::I32,
            dst: e1,
            a: Operand::Reg(e0),
            b: Operand::Imm(lanes),
            c: Operand::Reg(e1),
        }));
        self.emit(Op::MulWide(op::MulWide {
            signed: false,
            dst: e64,
            a: Operand::Reg(e1),
            b: Operand::Imm(slot),
        }));
        self.emit(Op::Bin(op::Bin {
            op: BinOp::Add,
            ty: Type::I64,
            dst: e64,
            a: Operand::Reg(e64),
            b: Operand::Reg(self.f.out),
        }));
        for (i, d) in self.k.regs.clone().iter().enumerate() {
            let kind = match d.ty.bytes() {
                1 => MemKind::U8,
                2 => MemKind::U16,
                4 => MemKind::B32,
                _ => MemKind::B64,
            };
            self.emit(Op::Store(op::Store {
                space: Space::Global,
                mem: MemType::scalar(kind),
                order: Order::Weak,
                scope: Scope::Device,
                srcs: vec![Operand::Reg(Reg(i as u32))],
                addr: Address::Flat {
                    base: Operand::Reg(e64),
                    offset: 8 * i as i64,
                },
            }));
        }
        let tmp = self.f.a32;
        for w in 0..LOCAL / 4 {
            self.emit(Op::Load(op::Load {
                space: Space::Local,
                mem: MemType::scalar(MemKind::B32),
                order: Order::Weak,
                scope: Scope::Device,
                uniform: false,
                dsts: vec![tmp],
                addr: Address::Flat {
                    base: Operand::Imm(4 * w as u64),
                    offset: 0,
                },
            }));
            self.emit(Op::Store(op::Store {
                space: Space::Global,
                mem: MemType::scalar(MemKind::B32),
                order: Order::Weak,
                scope: Scope::Device,
                srcs: vec![Operand::Reg(tmp)],
                addr: Address::Flat {
                    base: Operand::Reg(e64),
                    offset: nregs as i64 * 8 + 4 * w as i64,
                },
            }));
        }
        self.emit(Op::Barrier);
        // for (i = tid; i < SHARED/8; i += lanes) out[shared_base(wg) + 8i] = shared[8i]
        let shared_base = groups * lanes * slot;
        self.flat_index(
            e1,
            e0,
            [SReg::TidX, SReg::TidY, SReg::TidZ],
            [SReg::NTidX, SReg::NTidY],
        );
        self.flat_index(
            e0,
            tmp,
            [SReg::CtaIdX, SReg::CtaIdY, SReg::CtaIdZ],
            [SReg::NCtaIdX, SReg::NCtaIdY],
        );
        let head = self.b.new_block();
        let body = self.b.new_block();
        let done = self.b.new_block();
        self.b.terminate(Term::Br(head), head);
        self.emit(Op::ICmp(op::ICmp {
            cond: ICond::Uge,
            ty: Type::I32,
            dst: self.f.lp,
            a: Operand::Reg(e1),
            b: Operand::Imm(SHARED as u64 / 8),
        }));
        self.b.terminate(
            Term::BrCond {
                cond: self.f.lp,
                then_: done,
                else_: body,
            },
            body,
        );
        self.emit(Op::Bin(op::Bin {
            op: BinOp::Shl,
            ty: Type::I32,
            dst: tmp,
            a: Operand::Reg(e1),
            b: Operand::Imm(3),
        }));
        self.emit(Op::Load(op::Load {
            space: Space::Shared,
            mem: MemType::scalar(MemKind::B64),
            order: Order::Weak,
            scope: Scope::Device,
            uniform: false,
            dsts: vec![e64],
            addr: Address::Flat {
                base: Operand::Reg(tmp),
                offset: 0,
            },
        }));
        // tmp = wg * SHARED + 8i
        self.emit(Op::Mad(op::Mad {
            ty: Type::I32,
            dst: tmp,
            a: Operand::Reg(e0),
            b: Operand::Imm(SHARED as u64),
            c: Operand::Reg(tmp),
        }));
        self.emit(Op::Cvt(op::Cvt {
            op: CvtOp::Zext,
            to: Type::I64,
            from: Type::I32,
            rnd: Round::Rn,
            sat: false,
            ftz: false,
            dst: self.f.a64,
            src: Operand::Reg(tmp),
        }));
        self.emit(Op::Bin(op::Bin {
            op: BinOp::Add,
            ty: Type::I64,
            dst: self.f.a64,
            a: Operand::Reg(self.f.a64),
            b: Operand::Reg(self.f.out),
        }));
        self.emit(Op::Store(op::Store {
            space: Space::Global,
            mem: MemType::scalar(MemKind::B64),
            order: Order::Weak,
            scope: Scope::Device,
            srcs: vec![Operand::Reg(e64)],
            addr: Address::Flat {
                base: Operand::Reg(self.f.a64),
                offset: shared_base as i64,
            },
        }));
        self.emit(Op::Bin(op::Bin {
            op: BinOp::Add,
            ty: Type::I32,
            dst: e1,
            a: Operand::Reg(e1),
            b: Operand::Imm(lanes),
        }));
        self.b.terminate(Term::Br(head), done);
        self.b.terminate(Term::Exit, done);
    }
}

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

const BLOCKS: [[u32; 3]; 14] = [
    [1, 1, 1],
    [7, 1, 1],
    [32, 1, 1],
    [33, 1, 1],
    [48, 1, 1],
    [64, 1, 1],
    [65, 1, 1],
    [96, 1, 1],
    [128, 1, 1],
    [8, 4, 1],
    [5, 3, 2],
    [16, 2, 2],
    [40, 2, 1],
    [3, 3, 3],
];

/// Random input bytes: words of edge values of every type, and noise.
fn input_bytes(rng: &mut Rng, n: usize) -> Vec<u8> {
    let mut v = Vec::with_capacity(n);
    while v.len() < n {
        let word: u64 = match rng.below(6) {
            0 => rng.next_u64(),
            1 => rng.next_u64() % 64,
            2 => {
                let e = edges(Type::F32);
                rng.pick(&e) | rng.pick(&e) << 32
            }
            3 => {
                let e = edges(Type::F64);
                rng.pick(&e)
            }
            4 => {
                let t = rng.pick(&[Type::F16, Type::BF16, Type::I16]);
                let e = edges(t);
                (0..4).fold(0, |w, i| w | rng.pick(&e) << (16 * i))
            }
            _ => {
                let t = rng.pick(&[Type::I32, Type::I64]);
                let e = edges(t);
                rng.pick(&e)
            }
        };
        v.extend_from_slice(&word.to_le_bytes());
    }
    v.truncate(n);
    v
}

/// Generates the program of `seed`.
pub fn program(seed: u64) -> Program {
    let mut rng = Rng::new(seed);
    let wave = if rng.percent(50) { 32 } else { 64 };
    let launch = Launch {
        grid: [1 + rng.below(3) as u32, 1 + rng.below(2) as u32, 1],
        block: rng.pick(&BLOCKS),
        dyn_shared: rng.pick(&[0, 0, 16, 48]),
        stats: rng.percent(50),
    };
    let mut k = Kernel::new("fuzz");
    k.wave_size = wave;
    k.shared_bytes = SHARED;
    k.local_bytes = LOCAL;
    k.param_bytes = PARAM_BYTES;
    let out = k.reg("out", Type::I64);
    let gbuf = k.reg("gbuf", Type::I64);
    let s32 = k.reg("s32", Type::I32);
    let s64 = k.reg("s64", Type::I64);
    let f32p = k.reg("f32", Type::F32);
    let f64p = k.reg("f64", Type::F64);
    let surf = k.reg("surf", Type::I64);
    k.params = vec![out, gbuf, s32, s64, f32p, f64p, surf];
    let f = Fixed {
        out,
        gbuf,
        tid: k.reg("tid", Type::I32),
        lane: k.reg("lane", Type::I32),
        a32: k.reg("a32", Type::I32),
        a64: k.reg("a64", Type::I64),
        sl: k.reg("sl", Type::I32),
        lp: k.reg("lp", Type::I1),
        surf,
        sz: k.reg("sz", Type::I32),
    };
    let counts = [
        (Type::I1, 4),
        (Type::I8, 2),
        (Type::I16, 2),
        (Type::I32, 6),
        (Type::I64, 4),
        (Type::F16, 2),
        (Type::BF16, 2),
        (Type::F32, 4),
        (Type::F64, 3),
    ];
    // Sometimes many registers: the JIT's register sets span several words.
    let scale = rng.pick(&[1, 1, 1, 2, 4]);
    let mut pool = Vec::new();
    for (t, n) in counts {
        let n = n * scale;
        let rs: Vec<Reg> = (0..n).map(|i| k.reg(format!("{t}_{i}"), t)).collect();
        pool.push((t, rs));
    }
    let mut readable = pool.clone();
    for (t, rs) in &mut readable {
        match t {
            Type::I32 => rs.extend([f.tid, f.lane, s32]),
            Type::I64 => rs.push(s64),
            Type::F32 => rs.push(f32p),
            Type::F64 => rs.push(f64p),
            _ => {}
        }
    }
    let params = [
        rng.pick(&edges(Type::I32)),
        rng.pick(&edges(Type::I64)),
        rng.pick(&edges(Type::F32)),
        rng.pick(&edges(Type::F64)),
    ];
    let gbuf_bytes = input_bytes(&mut rng, GBUF);
    let want_fault = rng.percent(20);
    let budget = if rng.percent(5) {
        // Big kernels: register pressure and long compiles.
        600 + rng.below(600) as i64
    } else {
        40 + rng.below(160) as i64
    };
    let mut g = Gen {
        rng,
        k,
        f,
        pool,
        readable,
        b: Builder {
            blocks: vec![],
            cur: BlockId(0),
            insts: vec![],
        },
        funcs: vec![],
        in_func: None,
        loop_exits: vec![],
        epilogue: BlockId(0),
        cur32: Reg(0),
        cur64: Reg(0),
        budget,
        loops: 0,
        fault_site: false,
        want_fault,
        launch: launch.clone(),
    };
    let entry = g.b.new_block();
    g.b.cur = entry;
    g.epilogue = g.b.new_block();
    let nfuncs = g.rng.below(4);
    g.funcs = (0..nfuncs).map(|_| g.b.new_block()).collect();
    // Entry: lane identity, then the pool's initial values.
    // A few lane-independent instructions first: the uniform hoisting moves
    // such a prefix into the per-workgroup prologue.
    for _ in 0..g.rng.below(5) {
        let op = g.alu();
        g.emit(op);
    }
    let tmp = g.f.a32;
    let tid = g.f.tid;
    g.flat_index(
        tid,
        tmp,
        [SReg::TidX, SReg::TidY, SReg::TidZ],
        [SReg::NTidX, SReg::NTidY],
    );
    g.special(g.f.lane, SReg::LaneId);
    g.init_pool();
    // The budget counts the random part only.
    g.budget = budget;
    if g.rng.percent(3) {
        g.counted_loop(0, true);
    }
    while g.budget > 0 {
        g.seq(0);
    }
    let epi = g.epilogue;
    g.b.terminate(Term::Br(epi), epi);
    // Functions before the epilogue: their loop counters are registers too,
    // and the epilogue stores every register.
    for i in 0..nfuncs {
        g.in_func = Some(i);
        g.b.cur = g.funcs[i];
        g.budget = 10 + g.rng.below(30) as i64;
        while g.budget > 0 {
            g.seq(1);
        }
        g.b.terminate(Term::Ret, epi);
    }
    g.in_func = None;
    g.epilogue();
    let Gen {
        mut k,
        b,
        fault_site,
        ..
    } = g;
    k.blocks = b
        .blocks
        .into_iter()
        .map(|b| b.expect("every reserved block is filled"))
        .collect();
    let nregs = k.regs.len();
    let lanes = (launch.lanes_per_group() * launch.groups()) as usize;
    let out_len = lanes * (nregs * 8 + LOCAL as usize) + launch.groups() as usize * SHARED as usize;
    Program {
        seed,
        module: Module { kernels: vec![k] },
        launch,
        params,
        gbuf: gbuf_bytes,
        out_len,
        fault_site,
    }
}
