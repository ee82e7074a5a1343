//! Instructions of the IR.
//!
//! The IR is a *lane-level* SIMT program: each instruction describes what one lane
//! (thread, work-item) does. Registers are typed, mutable and private to a lane.
//! Cross-lane behaviour is explicit: warp/wave operations ([`Op::Shfl`],
//! [`Op::Vote`], [`Op::ActiveMask`], [`Op::ReadFirstLane`]) and the workgroup
//! [`Op::Barrier`] are *sync points*: the lanes of a wave that reach the same sync
//! point execute it together (see `docs/ir.md`, "Execution model").

use crate::op;
use crate::types::{Order, Scope, Type};
use smallvec::{smallvec, SmallVec};

/// A register of the kernel (index into [`crate::Kernel::regs`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Reg(pub u32);

/// A basic block of the kernel (index into [`crate::Kernel::blocks`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BlockId(pub u32);

/// A source operand: a register or an immediate.
///
/// Immediates hold raw bits, interpreted by the type of the instruction that reads
/// them (an `f32` immediate holds the IEEE bits in its low 32 bits).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Operand {
    Reg(Reg),
    Imm(u64),
}

impl From<Reg> for Operand {
    fn from(r: Reg) -> Self {
        Operand::Reg(r)
    }
}

/// Per-lane predication: the instruction takes effect only in lanes where the
/// predicate register (`i1`) is true (or false, when negated).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Guard {
    pub reg: Reg,
    pub negate: bool,
}

/// One instruction: an optional guard and an operation.
#[derive(Debug, Clone, PartialEq)]
pub struct Inst {
    pub guard: Option<Guard>,
    pub op: Op,
    /// Address of the guest machine instruction this was lifted from, for error
    /// messages (text form: a trailing `!pc 0x1a0`).
    pub pc: Option<u64>,
}

impl Inst {
    /// `mov %r, %r`: no effect.
    pub fn is_self_move(&self) -> bool {
        matches!(self.op, Op::Mov { dst, src: Operand::Reg(s), .. } if s == dst)
    }

    /// Steps [`crate::Kernel::live_in`]'s liveness back over this
    /// instruction: `live` after it becomes `live` before it.
    pub fn live_before(&self, live: &mut [bool]) {
        if self.is_self_move() {
            return;
        }
        if self.guard.is_none() {
            for d in self.op.def_refs() {
                live[d.0 as usize] = false;
            }
        }
        if let Some(g) = self.guard {
            live[g.reg.0 as usize] = true;
        }
        for r in self.op.reg_uses() {
            live[r.0 as usize] = true;
        }
    }

    /// An unguarded instruction.
    pub fn new(op: Op) -> Self {
        Inst {
            guard: None,
            op,
            pc: None,
        }
    }
}

/// Two-operand integer operations. Shifts clamp: a shift by the bit width or more
/// gives 0 (`shl`, `lshr`) or the sign fill (`ashr`). Division by zero gives all
/// ones (`udiv`), -1 (`sdiv`) and the dividend (`urem`, `srem`); `MIN / -1` gives
/// `MIN` and remainder 0 (RISC-V semantics: defined, never a trap).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    /// High half of the signed double-width product.
    MulHiS,
    /// High half of the unsigned double-width product.
    MulHiU,
    DivS,
    DivU,
    RemS,
    RemU,
    And,
    Or,
    Xor,
    Shl,
    LShr,
    AShr,
    MinS,
    MinU,
    MaxS,
    MaxU,
}

impl BinOp {
    /// All integer binary ops.
    pub const ALL: [BinOp; 19] = [
        BinOp::Add,
        BinOp::Sub,
        BinOp::Mul,
        BinOp::MulHiS,
        BinOp::MulHiU,
        BinOp::DivS,
        BinOp::DivU,
        BinOp::RemS,
        BinOp::RemU,
        BinOp::And,
        BinOp::Or,
        BinOp::Xor,
        BinOp::Shl,
        BinOp::LShr,
        BinOp::AShr,
        BinOp::MinS,
        BinOp::MinU,
        BinOp::MaxS,
        BinOp::MaxU,
    ];

    /// Text-form mnemonic.
    pub fn name(self) -> &'static str {
        match self {
            BinOp::Add => "add",
            BinOp::Sub => "sub",
            BinOp::Mul => "mul",
            BinOp::MulHiS => "smulhi",
            BinOp::MulHiU => "umulhi",
            BinOp::DivS => "sdiv",
            BinOp::DivU => "udiv",
            BinOp::RemS => "srem",
            BinOp::RemU => "urem",
            BinOp::And => "and",
            BinOp::Or => "or",
            BinOp::Xor => "xor",
            BinOp::Shl => "shl",
            BinOp::LShr => "lshr",
            BinOp::AShr => "ashr",
            BinOp::MinS => "smin",
            BinOp::MinU => "umin",
            BinOp::MaxS => "smax",
            BinOp::MaxU => "umax",
        }
    }
}

/// One-operand integer operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnOp {
    Not,
    Neg,
    /// Absolute value (wrapping: `abs(MIN) = MIN`).
    Abs,
    /// Number of set bits.
    Popc,
    /// Count leading zeros (width for 0).
    Clz,
    /// Count trailing zeros (width for 0).
    Ctz,
    /// Bit reverse.
    Brev,
    /// Find leading one, unsigned: bit index of the most significant 1, all ones if none.
    FloU,
    /// Find leading one, signed: index of the most significant bit that differs from
    /// the sign bit, all ones if none (PTX `bfind.s32`).
    FloS,
}

impl UnOp {
    /// All integer unary ops.
    pub const ALL: [UnOp; 9] = [
        UnOp::Not,
        UnOp::Neg,
        UnOp::Abs,
        UnOp::Popc,
        UnOp::Clz,
        UnOp::Ctz,
        UnOp::Brev,
        UnOp::FloU,
        UnOp::FloS,
    ];

    /// Text-form mnemonic.
    pub fn name(self) -> &'static str {
        match self {
            UnOp::Not => "not",
            UnOp::Neg => "neg",
            UnOp::Abs => "abs",
            UnOp::Popc => "popc",
            UnOp::Clz => "clz",
            UnOp::Ctz => "ctz",
            UnOp::Brev => "brev",
            UnOp::FloU => "uflo",
            UnOp::FloS => "sflo",
        }
    }
}

/// Two-operand float operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FBinOp {
    Add,
    Sub,
    Mul,
    Div,
    /// IEEE-754 minimumNumber: a NaN operand is ignored, -0 < +0.
    Min,
    /// IEEE-754 maximumNumber.
    Max,
    /// IEEE-754 minimum: NaN-propagating, -0 < +0.
    MinNan,
    /// IEEE-754 maximum: NaN-propagating.
    MaxNan,
}

impl FBinOp {
    /// All float binary ops.
    pub const ALL: [FBinOp; 8] = [
        FBinOp::Add,
        FBinOp::Sub,
        FBinOp::Mul,
        FBinOp::Div,
        FBinOp::Min,
        FBinOp::Max,
        FBinOp::MinNan,
        FBinOp::MaxNan,
    ];

    /// Text-form mnemonic.
    pub fn name(self) -> &'static str {
        match self {
            FBinOp::Add => "fadd",
            FBinOp::Sub => "fsub",
            FBinOp::Mul => "fmul",
            FBinOp::Div => "fdiv",
            FBinOp::Min => "fmin",
            FBinOp::Max => "fmax",
            FBinOp::MinNan => "fminnan",
            FBinOp::MaxNan => "fmaxnan",
        }
    }
}

/// One-operand float operations. The transcendental ones (`rcp` excepted when
/// exact) are approximations on GPUs; xisa computes them in double precision and
/// rounds, the same way in every engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FUnOp {
    Neg,
    Abs,
    Sqrt,
    Rcp,
    Rsqrt,
    Exp2,
    Log2,
    Sin,
    Cos,
    Floor,
    Ceil,
    Trunc,
    /// Round to nearest integer, ties to even.
    Rint,
}

impl FUnOp {
    /// All float unary ops.
    pub const ALL: [FUnOp; 13] = [
        FUnOp::Neg,
        FUnOp::Abs,
        FUnOp::Sqrt,
        FUnOp::Rcp,
        FUnOp::Rsqrt,
        FUnOp::Exp2,
        FUnOp::Log2,
        FUnOp::Sin,
        FUnOp::Cos,
        FUnOp::Floor,
        FUnOp::Ceil,
        FUnOp::Trunc,
        FUnOp::Rint,
    ];

    /// Text-form mnemonic.
    pub fn name(self) -> &'static str {
        match self {
            FUnOp::Neg => "fneg",
            FUnOp::Abs => "fabs",
            FUnOp::Sqrt => "sqrt",
            FUnOp::Rcp => "rcp",
            FUnOp::Rsqrt => "rsqrt",
            FUnOp::Exp2 => "exp2",
            FUnOp::Log2 => "log2",
            FUnOp::Sin => "sin",
            FUnOp::Cos => "cos",
            FUnOp::Floor => "floor",
            FUnOp::Ceil => "ceil",
            FUnOp::Trunc => "trunc",
            FUnOp::Rint => "rint",
        }
    }
}

/// Integer comparison conditions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ICond {
    Eq,
    Ne,
    Slt,
    Sle,
    Sgt,
    Sge,
    Ult,
    Ule,
    Ugt,
    Uge,
}

impl ICond {
    /// All integer conditions.
    pub const ALL: [ICond; 10] = [
        ICond::Eq,
        ICond::Ne,
        ICond::Slt,
        ICond::Sle,
        ICond::Sgt,
        ICond::Sge,
        ICond::Ult,
        ICond::Ule,
        ICond::Ugt,
        ICond::Uge,
    ];

    /// Text-form name.
    pub fn name(self) -> &'static str {
        match self {
            ICond::Eq => "eq",
            ICond::Ne => "ne",
            ICond::Slt => "slt",
            ICond::Sle => "sle",
            ICond::Sgt => "sgt",
            ICond::Sge => "sge",
            ICond::Ult => "ult",
            ICond::Ule => "ule",
            ICond::Ugt => "ugt",
            ICond::Uge => "uge",
        }
    }
}

/// Float comparison conditions: ordered (`o*`, false if either is NaN), unordered
/// (`u*`, true if either is NaN), `ord` (neither NaN) and `uno` (either NaN).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FCond {
    Oeq,
    One,
    Olt,
    Ole,
    Ogt,
    Oge,
    Ueq,
    Une,
    Ult,
    Ule,
    Ugt,
    Uge,
    Ord,
    Uno,
}

impl FCond {
    /// All float conditions.
    pub const ALL: [FCond; 14] = [
        FCond::Oeq,
        FCond::One,
        FCond::Olt,
        FCond::Ole,
        FCond::Ogt,
        FCond::Oge,
        FCond::Ueq,
        FCond::Une,
        FCond::Ult,
        FCond::Ule,
        FCond::Ugt,
        FCond::Uge,
        FCond::Ord,
        FCond::Uno,
    ];

    /// Text-form name.
    pub fn name(self) -> &'static str {
        match self {
            FCond::Oeq => "oeq",
            FCond::One => "one",
            FCond::Olt => "olt",
            FCond::Ole => "ole",
            FCond::Ogt => "ogt",
            FCond::Oge => "oge",
            FCond::Ueq => "ueq",
            FCond::Une => "une",
            FCond::Ult => "ult",
            FCond::Ule => "ule",
            FCond::Ugt => "ugt",
            FCond::Uge => "uge",
            FCond::Ord => "ord",
            FCond::Uno => "uno",
        }
    }
}

/// Conversions between types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CvtOp {
    /// Integer zero extension (or same width copy).
    Zext,
    /// Integer sign extension.
    Sext,
    /// Integer truncation.
    Trunc,
    /// Float to signed integer: rounds by `rnd` (as an integer rounding), saturates,
    /// NaN gives 0.
    FtoS,
    /// Float to unsigned integer: as `FtoS`, saturating to `[0, MAX]`.
    FtoU,
    /// Signed integer to float, rounded by `rnd`.
    StoF,
    /// Unsigned integer to float, rounded by `rnd`.
    UtoF,
    /// Float to float: exact when widening, rounded by `rnd` when narrowing.
    FtoF,
    /// Reinterpret the bits (same width).
    Bitcast,
}

impl CvtOp {
    /// All conversion ops.
    pub const ALL: [CvtOp; 9] = [
        CvtOp::Zext,
        CvtOp::Sext,
        CvtOp::Trunc,
        CvtOp::FtoS,
        CvtOp::FtoU,
        CvtOp::StoF,
        CvtOp::UtoF,
        CvtOp::FtoF,
        CvtOp::Bitcast,
    ];

    /// Text-form mnemonic.
    pub fn name(self) -> &'static str {
        match self {
            CvtOp::Zext => "zext",
            CvtOp::Sext => "sext",
            CvtOp::Trunc => "trunc",
            CvtOp::FtoS => "ftos",
            CvtOp::FtoU => "ftou",
            CvtOp::StoF => "stof",
            CvtOp::UtoF => "utof",
            CvtOp::FtoF => "ftof",
            CvtOp::Bitcast => "bitcast",
        }
    }
}

/// Special (read-only, per-lane) registers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SReg {
    /// Work-item id in the workgroup, per dimension.
    TidX,
    TidY,
    TidZ,
    /// Workgroup size, per dimension.
    NTidX,
    NTidY,
    NTidZ,
    /// Workgroup id in the grid, per dimension.
    CtaIdX,
    CtaIdY,
    CtaIdZ,
    /// Grid size in workgroups, per dimension.
    NCtaIdX,
    NCtaIdY,
    NCtaIdZ,
    /// Lane index inside the wave.
    LaneId,
    /// Wave index inside the workgroup.
    WaveId,
    /// Lanes per wave (32 or 64).
    WaveSize,
    /// Byte offset of the dynamic shared memory window in the shared space.
    DynSharedBase,
    /// Dynamic shared memory bytes the launch asked for (PTX
    /// `%dynamic_smem_size`).
    DynSharedSize,
    /// The launch's number on its device, counting from 1 (PTX `%gridid`,
    /// "the temporal grid launch number").
    GridId,
    /// A per-lane counter of executed instructions (stands in for clock counters:
    /// deterministic, monotonic).
    Clock,
    /// Bytes of the lane's local (private) memory: the kernel's local size,
    /// or more when the launch asks for a larger stack (machine code whose
    /// stack starts at the top of local memory reads it).
    LocalSize,
}

impl SReg {
    /// All special registers.
    pub const ALL: [SReg; 20] = [
        SReg::TidX,
        SReg::TidY,
        SReg::TidZ,
        SReg::NTidX,
        SReg::NTidY,
        SReg::NTidZ,
        SReg::CtaIdX,
        SReg::CtaIdY,
        SReg::CtaIdZ,
        SReg::NCtaIdX,
        SReg::NCtaIdY,
        SReg::NCtaIdZ,
        SReg::LaneId,
        SReg::WaveId,
        SReg::WaveSize,
        SReg::DynSharedBase,
        SReg::DynSharedSize,
        SReg::GridId,
        SReg::Clock,
        SReg::LocalSize,
    ];

    /// Text-form name.
    pub fn name(self) -> &'static str {
        match self {
            SReg::TidX => "tid.x",
            SReg::TidY => "tid.y",
            SReg::TidZ => "tid.z",
            SReg::NTidX => "ntid.x",
            SReg::NTidY => "ntid.y",
            SReg::NTidZ => "ntid.z",
            SReg::CtaIdX => "ctaid.x",
            SReg::CtaIdY => "ctaid.y",
            SReg::CtaIdZ => "ctaid.z",
            SReg::NCtaIdX => "nctaid.x",
            SReg::NCtaIdY => "nctaid.y",
            SReg::NCtaIdZ => "nctaid.z",
            SReg::LaneId => "laneid",
            SReg::WaveId => "waveid",
            SReg::WaveSize => "wavesize",
            SReg::DynSharedBase => "dynshared",
            SReg::DynSharedSize => "dynsharedsize",
            SReg::GridId => "gridid",
            SReg::Clock => "clock",
            SReg::LocalSize => "localsize",
        }
    }
}

/// Element kind of a memory access.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MemKind {
    /// 8 bits, zero-extended into the register.
    U8,
    /// 8 bits, sign-extended into the register.
    S8,
    /// 16 bits, zero-extended.
    U16,
    /// 16 bits, sign-extended.
    S16,
    /// 32 bits.
    B32,
    /// 64 bits.
    B64,
}

impl MemKind {
    /// All kinds.
    pub const ALL: [MemKind; 6] = [
        MemKind::U8,
        MemKind::S8,
        MemKind::U16,
        MemKind::S16,
        MemKind::B32,
        MemKind::B64,
    ];

    /// Bytes per element.
    pub fn bytes(self) -> u32 {
        match self {
            MemKind::U8 | MemKind::S8 => 1,
            MemKind::U16 | MemKind::S16 => 2,
            MemKind::B32 => 4,
            MemKind::B64 => 8,
        }
    }

    /// Whether a load of this kind may write a register of type `t`.
    pub fn loads_into(self, t: Type) -> bool {
        match self {
            MemKind::B32 => matches!(t, Type::I32 | Type::F32),
            MemKind::B64 => matches!(t, Type::I64 | Type::F64),
            MemKind::U8 | MemKind::S8 => t.is_int() && t.bits() >= 8,
            MemKind::U16 => (t.is_int() && t.bits() >= 16) || matches!(t, Type::F16 | Type::BF16),
            MemKind::S16 => t.is_int() && t.bits() >= 16,
        }
    }

    /// Whether a store of this kind may take its value from type `t`.
    pub fn stores_from(self, t: Type) -> bool {
        match self {
            MemKind::B32 => matches!(t, Type::I32 | Type::F32),
            MemKind::B64 => matches!(t, Type::I64 | Type::F64),
            MemKind::U8 | MemKind::S8 => t.is_int(),
            MemKind::U16 | MemKind::S16 => t.is_int() || matches!(t, Type::F16 | Type::BF16),
        }
    }

    /// True for the sign-extending kinds.
    pub fn signed(self) -> bool {
        matches!(self, MemKind::S8 | MemKind::S16)
    }

    /// Text-form name.
    pub fn name(self) -> &'static str {
        match self {
            MemKind::U8 => "u8",
            MemKind::S8 => "s8",
            MemKind::U16 => "u16",
            MemKind::S16 => "s16",
            MemKind::B32 => "b32",
            MemKind::B64 => "b64",
        }
    }
}

/// The shape of a load or store: `count` consecutive elements of `kind`
/// (count 1..=4; at most 16 bytes in all), e.g. `v4.b32` is a 128-bit transfer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MemType {
    pub kind: MemKind,
    pub count: u8,
}

impl MemType {
    /// A single element.
    pub fn scalar(kind: MemKind) -> Self {
        MemType { kind, count: 1 }
    }

    /// Total bytes transferred.
    pub fn bytes(self) -> u32 {
        self.kind.bytes() * self.count as u32
    }
}

/// A memory address.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Address {
    /// `base + offset` in the instruction's space (global/const: 64-bit guest
    /// address, wrapping in 64 bits; shared/local/param: a 32-bit offset into
    /// the window, wrapping in 32 bits: [`window_offset`]).
    Flat { base: Operand, offset: i64 },
    /// A buffer access (see [`BufferAddr`]).
    Buffer(BufferAddr),
    /// A surface access (see [`SurfaceAddr`]).
    Surface(SurfaceAddr),
}

/// A buffer access: the descriptor `(base: i64 guest address, size: bytes)` and
/// `offset + imm` bytes into it. Bounds-checked against `size`: out-of-range or
/// null-base loads give 0, stores and atomics are dropped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BufferAddr {
    pub base: Operand,
    pub size: Operand,
    pub offset: Operand,
    pub imm: i64,
}

/// A surface access: `desc` (i64) is the guest address of a 32-byte surface
/// descriptor (layout in `docs/ir.md`, "Surfaces"); `x` is a byte offset in the
/// row, `y` the row, `z` the slice or layer (i32 each, signed; those the
/// dimensionality does not use are ignored). Out-of-range coordinates follow
/// `oob`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SurfaceAddr {
    pub desc: Operand,
    pub dim: SurfDim,
    pub oob: SurfOob,
    pub x: Operand,
    pub y: Operand,
    pub z: Operand,
}

/// The byte offset a flat shared, local or param address names: `base +
/// offset` in 32 bits (the low word of `base`; the sum wraps), as the GPUs'
/// 32-bit address adders compute it. Compilers rely on the wrap: LLVM folds
/// `+512` into `ds_write_b32 v, v offset:512` of a base computed as `4*tid -
/// 512`.
pub fn window_offset(base: u64, offset: i64) -> u64 {
    base.wrapping_add(offset as u64) & 0xffff_ffff
}

/// Atomic operations (one family for all ISAs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AtomOp {
    Add,
    Sub,
    And,
    Or,
    Xor,
    SMin,
    SMax,
    UMin,
    UMax,
    /// Wrapping increment: `(old >= v) ? 0 : old + 1` (unsigned).
    Inc,
    /// Wrapping decrement: `(old == 0 || old > v) ? v : old - 1` (unsigned).
    Dec,
    Exch,
    /// Compare and swap: `cmp` is the expected value, `src` the new one.
    Cas,
    /// Float add, round to nearest even.
    FAdd,
    /// Float minimumNumber (NaN-avoiding).
    FMin,
    /// Float maximumNumber (NaN-avoiding).
    FMax,
    /// SASS `SAFEADD`: an integer add (wrapping) with no further observable effect.
    SafeAdd,
}

impl AtomOp {
    /// All atomic ops.
    pub const ALL: [AtomOp; 17] = [
        AtomOp::Add,
        AtomOp::Sub,
        AtomOp::And,
        AtomOp::Or,
        AtomOp::Xor,
        AtomOp::SMin,
        AtomOp::SMax,
        AtomOp::UMin,
        AtomOp::UMax,
        AtomOp::Inc,
        AtomOp::Dec,
        AtomOp::Exch,
        AtomOp::Cas,
        AtomOp::FAdd,
        AtomOp::FMin,
        AtomOp::FMax,
        AtomOp::SafeAdd,
    ];

    /// Text-form name.
    pub fn name(self) -> &'static str {
        match self {
            AtomOp::Add => "add",
            AtomOp::Sub => "sub",
            AtomOp::And => "and",
            AtomOp::Or => "or",
            AtomOp::Xor => "xor",
            AtomOp::SMin => "smin",
            AtomOp::SMax => "smax",
            AtomOp::UMin => "umin",
            AtomOp::UMax => "umax",
            AtomOp::Inc => "inc",
            AtomOp::Dec => "dec",
            AtomOp::Exch => "exch",
            AtomOp::Cas => "cas",
            AtomOp::FAdd => "fadd",
            AtomOp::FMin => "fmin",
            AtomOp::FMax => "fmax",
            AtomOp::SafeAdd => "safeadd",
        }
    }

    /// The op whose text-form name is `s` (the spelling every ISA table
    /// whose atomic column is written in IR terms uses).
    pub fn from_name(s: &str) -> Option<AtomOp> {
        AtomOp::ALL.into_iter().find(|o| o.name() == s)
    }

    /// True for the float ops.
    pub fn is_float(self) -> bool {
        matches!(self, AtomOp::FAdd | AtomOp::FMin | AtomOp::FMax)
    }
}

/// Operand type of an atomic.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AtomType {
    B32,
    B64,
    F32,
    F64,
    /// Two f16 lanes in 32 bits.
    F16x2,
    /// Two bf16 lanes in 32 bits.
    BF16x2,
}

impl AtomType {
    /// All atomic types.
    pub const ALL: [AtomType; 6] = [
        AtomType::B32,
        AtomType::B64,
        AtomType::F32,
        AtomType::F64,
        AtomType::F16x2,
        AtomType::BF16x2,
    ];

    /// Bytes in memory.
    pub fn bytes(self) -> u32 {
        match self {
            AtomType::B64 | AtomType::F64 => 8,
            _ => 4,
        }
    }

    /// The register type of the data and returned operands.
    pub fn reg_type(self) -> Type {
        match self {
            AtomType::B32 | AtomType::F16x2 | AtomType::BF16x2 => Type::I32,
            AtomType::B64 => Type::I64,
            AtomType::F32 => Type::F32,
            AtomType::F64 => Type::F64,
        }
    }

    /// Text-form name.
    pub fn name(self) -> &'static str {
        match self {
            AtomType::B32 => "b32",
            AtomType::B64 => "b64",
            AtomType::F32 => "f32",
            AtomType::F64 => "f64",
            AtomType::F16x2 => "f16x2",
            AtomType::BF16x2 => "bf16x2",
        }
    }

    /// True where `op` is defined on this type.
    pub fn supports(self, op: AtomOp) -> bool {
        match self {
            AtomType::B32 | AtomType::B64 => !op.is_float(),
            AtomType::F32 | AtomType::F64 => {
                op.is_float() || matches!(op, AtomOp::Exch | AtomOp::Cas)
            }
            AtomType::F16x2 | AtomType::BF16x2 => op == AtomOp::FAdd,
        }
    }
}

/// Vote modes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum VoteMode {
    /// True if the predicate is true in every participating lane.
    All,
    /// True if it is true in any participating lane.
    Any,
    /// True if it has the same value in every participating lane.
    Uni,
    /// A mask with bit `l` set when lane `l` participates and its predicate is true
    /// (destination `i32` or `i64`).
    Ballot,
}

impl VoteMode {
    /// All vote modes.
    pub const ALL: [VoteMode; 4] = [
        VoteMode::All,
        VoteMode::Any,
        VoteMode::Uni,
        VoteMode::Ballot,
    ];

    /// Text-form name.
    pub fn name(self) -> &'static str {
        match self {
            VoteMode::All => "all",
            VoteMode::Any => "any",
            VoteMode::Uni => "uni",
            VoteMode::Ballot => "ballot",
        }
    }
}

/// What a named barrier ([`Op::Bar`]) does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BarOp {
    /// Arrive and wait until the barrier completes.
    Sync,
    /// Arrive without waiting (producer side of a producer/consumer pair).
    Arrive,
    /// Arrive, wait, and receive the number of arriving lanes whose predicate is
    /// true (`i32`).
    RedPopc,
    /// Arrive, wait, and receive 1 if the predicate is true in every arriving
    /// lane, else 0 (`i32`).
    RedAnd,
    /// Arrive, wait, and receive 1 if the predicate is true in any arriving
    /// lane, else 0 (`i32`).
    RedOr,
    /// The grid barrier (CUDA's `grid_group::sync`, a cooperative launch's
    /// `__cuda_syscall_CGS_sync`): when every lane of the workgroup has
    /// arrived (barrier 0, count 0: the only form), the workgroup waits
    /// until every workgroup of the grid has arrived or exited, then goes
    /// on; memory written before it by any lane of the grid is visible
    /// after it. The launch runs every workgroup of such a kernel at once.
    Grid,
}

impl BarOp {
    /// All barrier operations.
    pub const ALL: [BarOp; 6] = [
        BarOp::Sync,
        BarOp::Arrive,
        BarOp::RedPopc,
        BarOp::RedAnd,
        BarOp::RedOr,
        BarOp::Grid,
    ];

    /// Text-form name (`bar.NAME`).
    pub fn name(self) -> &'static str {
        match self {
            BarOp::Sync => "sync",
            BarOp::Arrive => "arrive",
            BarOp::RedPopc => "red.popc",
            BarOp::RedAnd => "red.and",
            BarOp::RedOr => "red.or",
            BarOp::Grid => "grid",
        }
    }

    /// True for the reductions, which have a destination and a predicate.
    pub fn is_red(self) -> bool {
        matches!(self, BarOp::RedPopc | BarOp::RedAnd | BarOp::RedOr)
    }
}

/// A service of the host that guest code calls ([`Op::HostCall`]): what the
/// GPU driver provides to device code outside the instruction set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HostFn {
    /// CUDA's `vprintf(format, args)`: prints like C `printf`, the arguments
    /// packed in a buffer, each aligned to its size (`int` 4 bytes; `long`,
    /// `double`, pointers 8). Operands (all `i64`): the format's generic
    /// address, the buffer's generic address, and the bases of the local and
    /// shared windows of the generic address space (so that `%s` strings
    /// and the buffer are found in any space). Result (`i32`): the number of
    /// arguments the format consumed, -1 for a null format.
    Printf,
    /// CUDA's `__assertfail(message, file, line, function, char_size)`, which
    /// a failed device `assert` calls: prints `FILE:LINE: FUNCTION: block:
    /// [x,y,z], thread: [x,y,z] Assertion `MESSAGE` failed.` (the CUDA
    /// driver's text) and stops the launch with an assertion fault naming
    /// the lane. Operands (all `i64`): the generic addresses of the message,
    /// the file name and the function name, the line, and the bases of the
    /// local and shared windows (as for `Printf`). No result.
    AssertFail,
    /// CUDA's device `malloc(size)`: a block of `size` bytes (operand `i64`)
    /// of the device heap, 16-byte aligned, or 0 when the heap cannot hold
    /// it. Result (`i64`): the block's global address. The heap is global
    /// memory the device sets aside at the first launch that calls it (8 MiB,
    /// CUDA's default `cudaLimitMallocHeapSize`) and keeps across launches.
    Malloc,
    /// CUDA's device `free(ptr)` (operand `i64`): returns a block `Malloc`
    /// gave to the heap; 0 is ignored. Any other pointer stops the launch
    /// with a fault naming it. No result.
    Free,
    /// AMD's device-library hostcalls (HIP `printf`, the message of a
    /// failed `assert`): answers every packet waiting on the hostcall buffer
    /// at the operand's global address (`i64`), the kernel's
    /// `hidden_hostcall_buffer`. gfx942 code gets it at `s_sleep`, where a
    /// wave waits for the host. A packet of a service xisa does not provide
    /// stops the launch with a fault naming the service. No result.
    Ockl,
}

impl HostFn {
    /// All host functions.
    pub const ALL: [HostFn; 5] = [
        HostFn::Printf,
        HostFn::AssertFail,
        HostFn::Malloc,
        HostFn::Free,
        HostFn::Ockl,
    ];

    /// Text-form name (`hostcall.NAME`).
    pub fn name(self) -> &'static str {
        match self {
            HostFn::Printf => "printf",
            HostFn::AssertFail => "assertfail",
            HostFn::Malloc => "malloc",
            HostFn::Free => "free",
            HostFn::Ockl => "ockl",
        }
    }

    /// Number of operands.
    pub fn arity(self) -> usize {
        match self {
            HostFn::Printf => 4,
            HostFn::AssertFail => 6,
            HostFn::Malloc | HostFn::Free | HostFn::Ockl => 1,
        }
    }

    /// The type of the function's result, if it returns one.
    pub fn result(self) -> Option<Type> {
        match self {
            HostFn::Printf => Some(Type::I32),
            HostFn::Malloc => Some(Type::I64),
            HostFn::AssertFail | HostFn::Free | HostFn::Ockl => None,
        }
    }
}

/// Number of named barriers per workgroup ([`Op::Bar`] ids `0..BARRIER_IDS`).
pub const BARRIER_IDS: u64 = 16;

/// A non-terminating operation.
#[derive(Debug, Clone, PartialEq)]
pub enum Op {
    /// `dst = src`.
    Mov { ty: Type, dst: Reg, src: Operand },
    /// Integer two-operand op.
    Bin(op::Bin),
    /// Integer one-operand op.
    Un(op::Un),
    /// Integer multiply-add, wrapping: `a * b + c`.
    Mad(op::Mad),
    /// Widening multiply: `dst (i64) = ext(a) * ext(b)` for `i32` sources.
    MulWide(op::MulWide),
    /// Funnel shift of the 2×32-bit value `hi:lo`: left gives the high word of
    /// `(hi:lo) << n`, right the low word of `(hi:lo) >> n`. `wrap`: `n mod 32`,
    /// else `min(n, 32)`.
    Funnel(op::Funnel),
    /// Three-input logic op: bit `i` of the result is `lut[(a_i<<2)|(b_i<<1)|c_i]`.
    Lop3(op::Lop3),
    /// Byte permute (PTX `prmt` default mode) of the 8 bytes `b:a` by selector `sel`.
    Prmt(op::Prmt),
    /// Bit-field extract: `len` bits from `pos`, zero- or sign-extended (PTX `bfe`).
    Bfe(op::Bfe),
    /// Bit-field insert of the low `len` bits of `ins` into `base` at `pos` (PTX `bfi`).
    Bfi(op::Bfi),
    /// Float two-operand op with rounding and flush-to-zero.
    FBin(op::FBin),
    /// Float one-operand op.
    FUn(op::FUn),
    /// Fused multiply-add `a * b + c`, one rounding (round to nearest even).
    Fma(op::Fma),
    /// Integer compare into an `i1`.
    ICmp(op::ICmp),
    /// Float compare into an `i1`.
    FCmp(op::FCmp),
    /// `dst = cond ? a : b`.
    Select(op::Select),
    /// Type conversion.
    Cvt(op::Cvt),
    /// Read a special register (zero-extended into `dst`'s type).
    Special { dst: Reg, sreg: SReg },
    /// Load `mem.count` elements into `dsts` (one register each).
    Load(op::Load),
    /// Store `mem.count` elements from `srcs`.
    Store(op::Store),
    /// Atomic read-modify-write; `dst` receives the old value when present.
    Atomic(op::Atomic),
    /// Memory fence.
    Fence { scope: Scope, order: Order },
    /// Workgroup barrier (sync point): waits for every live lane of the workgroup.
    Barrier,
    /// Named barrier (sync point), the PTX `bar`/`barrier` family: barrier `id`
    /// (`0..BARRIER_IDS`, `i32`) completes when `count` threads (`i32`, a
    /// multiple of the wave size; 0 means every thread of the workgroup) have
    /// arrived, counted a whole wave at a time as the hardware counts them.
    /// Reductions (`red.*`) combine the `i1` `pred` of the lanes that arrive
    /// into `dst`. A barrier that can never complete (its threads exited or
    /// wait elsewhere) faults instead of hanging. Text:
    /// `bar.sync ID, COUNT`, `bar.arrive ID, COUNT`,
    /// `%d = bar.red.popc ID, COUNT, %p`; `bar.grid 0, 0` is the grid
    /// barrier ([`BarOp::Grid`]).
    Bar(op::Bar),
    /// A call of a host service (see [`HostFn`]); `dst` receives its result.
    /// Text: `%d = hostcall.printf %fmt, %args, LOCAL_WINDOW, SHARED_WINDOW`,
    /// `hostcall.assertfail %msg, %file, %line, %func, LOCAL_WINDOW, SHARED_WINDOW`.
    HostCall {
        func: HostFn,
        dst: Option<Reg>,
        args: Vec<Operand>,
    },
    /// Wave sync point with no effect of its own: the lanes of a wave that reach
    /// it wait for each other, so every lane has finished the code before it
    /// when any lane runs the code after it. [`crate::lockstep`] places these to
    /// give machine code the lockstep execution of a converged wave (text form:
    /// `wavesync`).
    WaveSync,
    /// Read `src` from lane `lane` of the wave (sync point). Out-of-range lane: the
    /// lane's own value. `valid` is set when the source lane takes part.
    Shfl(op::Shfl),
    /// Wave vote (sync point).
    Vote {
        mode: VoteMode,
        dst: Reg,
        pred: Operand,
    },
    /// Mask of the lanes taking part in this sync point (`i32` or `i64`).
    ActiveMask { dst: Reg },
    /// The value of `src` in the lowest participating lane (sync point).
    ReadFirstLane { ty: Type, dst: Reg, src: Operand },
}

impl Op {
    /// True for sync points: operations that need the wave (or workgroup) together.
    pub fn is_sync(&self) -> bool {
        matches!(
            self,
            Op::Barrier
                | Op::Bar(_)
                | Op::WaveSync
                | Op::Shfl(_)
                | Op::Vote { .. }
                | Op::ActiveMask { .. }
                | Op::ReadFirstLane { .. }
        )
    }

    /// True for ops with no effect but their result: value ops
    /// ([`Op::is_value`]) and special-register reads. Passes may drop one
    /// whose result nothing reads.
    pub fn is_pure(&self) -> bool {
        self.is_value() || matches!(self, Op::Special { .. })
    }

    /// True for value ops: moves, integer, bit, float, compare, select and
    /// conversion ops, whose one effect is their result, computed from their
    /// operands alone ([`crate::semantics::value`] evaluates them).
    pub fn is_value(&self) -> bool {
        matches!(
            self,
            Op::Mov { .. }
                | Op::Bin(_)
                | Op::Un(_)
                | Op::Mad(_)
                | Op::MulWide(_)
                | Op::Funnel(_)
                | Op::Lop3(_)
                | Op::Prmt(_)
                | Op::Bfe(_)
                | Op::Bfi(_)
                | Op::FBin(_)
                | Op::FUn(_)
                | Op::Fma(_)
                | Op::ICmp(_)
                | Op::FCmp(_)
                | Op::Select(_)
                | Op::Cvt(_)
        )
    }

    /// True for workgroup barriers ([`Op::Barrier`], [`Op::Bar`]): sync points
    /// the scheduler releases for the workgroup, not for one wave.
    pub fn is_barrier(&self) -> bool {
        matches!(self, Op::Barrier | Op::Bar(_))
    }

    /// The registers this op writes.
    pub fn defs(&self) -> Vec<Reg> {
        self.def_refs().into_iter().copied().collect()
    }

    /// The operands this op reads (address operands included).
    pub fn uses(&self) -> Vec<Operand> {
        self.use_refs().into_iter().copied().collect()
    }

    /// The registers this op reads: its register operands, in order
    /// (address operands included).
    pub fn reg_uses(&self) -> SmallVec<[Reg; 6]> {
        self.use_refs()
            .into_iter()
            .filter_map(|u| match u {
                Operand::Reg(r) => Some(*r),
                Operand::Imm(_) => None,
            })
            .collect()
    }
}

/// One body for the shared and the mutable walks over an op's written
/// registers and read operands: match ergonomics bind the fields as `&T` or
/// `&mut T` from the same patterns.
macro_rules! operand_walks {
    ($defs:ident, $uses:ident, $iter:ident, $($r:tt)+) => {
        impl Op {
            /// The written registers, in order (as [`Op::defs`]; inline up
            /// to four).
            pub fn $defs(self: $($r)+ Self) -> SmallVec<[$($r)+ Reg; 4]> {
                match self {
                    Op::Mov { dst, .. }
                    | Op::Bin(op::Bin { dst, .. })
                    | Op::Un(op::Un { dst, .. })
                    | Op::Mad(op::Mad { dst, .. })
                    | Op::MulWide(op::MulWide { dst, .. })
                    | Op::Funnel(op::Funnel { dst, .. })
                    | Op::Lop3(op::Lop3 { dst, .. })
                    | Op::Prmt(op::Prmt { dst, .. })
                    | Op::Bfe(op::Bfe { dst, .. })
                    | Op::Bfi(op::Bfi { dst, .. })
                    | Op::FBin(op::FBin { dst, .. })
                    | Op::FUn(op::FUn { dst, .. })
                    | Op::Fma(op::Fma { dst, .. })
                    | Op::ICmp(op::ICmp { dst, .. })
                    | Op::FCmp(op::FCmp { dst, .. })
                    | Op::Select(op::Select { dst, .. })
                    | Op::Cvt(op::Cvt { dst, .. })
                    | Op::Special { dst, .. }
                    | Op::Vote { dst, .. }
                    | Op::ActiveMask { dst }
                    | Op::ReadFirstLane { dst, .. } => smallvec![dst],
                    Op::Shfl(op::Shfl { dst, valid, .. }) => {
                        let mut v = smallvec![dst];
                        v.extend(valid.$iter());
                        v
                    }
                    Op::Load(op::Load { dsts, .. }) => dsts.$iter().collect(),
                    Op::Atomic(op::Atomic { dst, .. })
                    | Op::Bar(op::Bar { dst, .. })
                    | Op::HostCall { dst, .. } => dst.$iter().collect(),
                    Op::Store(_) | Op::Fence { .. } | Op::Barrier | Op::WaveSync => SmallVec::new(),
                }
            }

            /// The read operands, in order, address operands included (as
            /// [`Op::uses`]; inline up to six).
            pub fn $uses(self: $($r)+ Self) -> SmallVec<[$($r)+ Operand; 6]> {
                let mut v = SmallVec::new();
                let addr = match self {
                    Op::Mov { src, .. } => {
                        v.push(src);
                        None
                    }
                    Op::Bin(op::Bin { a, b, .. }) | Op::MulWide(op::MulWide { a, b, .. }) => {
                        v.extend([a, b]);
                        None
                    }
                    Op::Un(op::Un { a, .. }) | Op::FUn(op::FUn { a, .. }) => {
                        v.push(a);
                        None
                    }
                    Op::Mad(op::Mad { a, b, c, .. })
                    | Op::Lop3(op::Lop3 { a, b, c, .. })
                    | Op::Fma(op::Fma { a, b, c, .. }) => {
                        v.extend([a, b, c]);
                        None
                    }
                    Op::Funnel(op::Funnel { lo, hi, shift, .. }) => {
                        v.extend([lo, hi, shift]);
                        None
                    }
                    Op::Prmt(op::Prmt { a, b, sel, .. }) => {
                        v.extend([a, b, sel]);
                        None
                    }
                    Op::Bfe(op::Bfe { a, pos, len, .. }) => {
                        v.extend([a, pos, len]);
                        None
                    }
                    Op::Bfi(op::Bfi {
                        ins,
                        base,
                        pos,
                        len,
                        ..
                    }) => {
                        v.extend([ins, base, pos, len]);
                        None
                    }
                    Op::FBin(op::FBin { a, b, .. })
                    | Op::ICmp(op::ICmp { a, b, .. })
                    | Op::FCmp(op::FCmp { a, b, .. }) => {
                        v.extend([a, b]);
                        None
                    }
                    Op::Select(op::Select { cond, a, b, .. }) => {
                        v.extend([cond, a, b]);
                        None
                    }
                    Op::Cvt(op::Cvt { src, .. }) => {
                        v.push(src);
                        None
                    }
                    Op::Special { .. }
                    | Op::Fence { .. }
                    | Op::Barrier
                    | Op::WaveSync
                    | Op::ActiveMask { .. } => None,
                    Op::Load(op::Load { addr, .. }) => Some(addr),
                    Op::Store(op::Store { srcs, addr, .. }) => {
                        v.extend(srcs.$iter());
                        Some(addr)
                    }
                    Op::Atomic(op::Atomic { addr, src, cmp, .. }) => {
                        v.push(src);
                        v.extend(cmp.$iter());
                        Some(addr)
                    }
                    Op::Shfl(op::Shfl { src, lane, .. }) => {
                        v.extend([src, lane]);
                        None
                    }
                    Op::Bar(op::Bar {
                        id, count, pred, ..
                    }) => {
                        v.extend([id, count]);
                        v.extend(pred.$iter());
                        None
                    }
                    Op::Vote { pred, .. } => {
                        v.push(pred);
                        None
                    }
                    Op::ReadFirstLane { src, .. } => {
                        v.push(src);
                        None
                    }
                    Op::HostCall { args, .. } => {
                        v.extend(args.$iter());
                        None
                    }
                };
                match addr {
                    Some(Address::Flat { base, .. }) => v.push(base),
                    Some(Address::Buffer(BufferAddr {
                        base, size, offset, ..
                    })) => v.extend([base, size, offset]),
                    Some(Address::Surface(SurfaceAddr { desc, x, y, z, .. })) => {
                        v.extend([desc, x, y, z])
                    }
                    None => {}
                }
                v
            }
        }
    };
}

operand_walks!(def_refs, use_refs, iter, &);
operand_walks!(defs_mut, uses_mut, iter_mut, &mut);

/// A block terminator.
#[derive(Debug, Clone, PartialEq)]
pub enum Term {
    /// Unconditional branch.
    Br(BlockId),
    /// Conditional branch on an `i1` register.
    BrCond {
        cond: Reg,
        then_: BlockId,
        else_: BlockId,
    },
    /// Multi-way branch on an integer register: `targets[i]` if `index == i`, else `default`.
    Switch {
        index: Reg,
        targets: Vec<BlockId>,
        default: BlockId,
    },
    /// Call the code at `target` (sharing the lane's registers); `ret` continues
    /// after the callee's `ret`. Lanes keep a return stack of bounded depth.
    Call { target: BlockId, ret: BlockId },
    /// Return to the block saved by the matching `call`.
    Ret,
    /// The lane finishes.
    Exit,
    /// The launch stops with an error naming this point.
    Trap,
}

impl Term {
    /// Blocks this terminator may transfer to (a `ret` target is not listed: see
    /// [`crate::Kernel::return_blocks`]).
    pub fn successors(&self) -> Vec<BlockId> {
        match self {
            Term::Br(b) => vec![*b],
            Term::BrCond { then_, else_, .. } => vec![*then_, *else_],
            Term::Switch {
                targets, default, ..
            } => {
                let mut v = targets.clone();
                v.push(*default);
                v
            }
            Term::Call { target, .. } => vec![*target],
            Term::Ret | Term::Exit | Term::Trap => vec![],
        }
    }

    /// Sends every transfer to `old` to `new` instead (a `ret` target is
    /// not a successor and is kept).
    pub fn replace_successor(&mut self, old: BlockId, new: BlockId) {
        let swap = |b: &mut BlockId| {
            if *b == old {
                *b = new;
            }
        };
        match self {
            Term::Br(b) => swap(b),
            Term::BrCond { then_, else_, .. } => {
                swap(then_);
                swap(else_);
            }
            Term::Switch {
                targets, default, ..
            } => {
                targets.iter_mut().for_each(swap);
                swap(default);
            }
            Term::Call { target, .. } => swap(target),
            Term::Ret | Term::Exit | Term::Trap => {}
        }
    }

    /// Registers read by the terminator.
    pub fn uses(&self) -> Vec<Reg> {
        match self {
            Term::BrCond { cond, .. } => vec![*cond],
            Term::Switch { index, .. } => vec![*index],
            _ => vec![],
        }
    }
}

/// Dimensionality of a surface access (see `docs/ir.md`, "Surfaces").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SurfDim {
    /// `x` only.
    D1,
    /// `x` only, over a buffer-backed surface.
    D1Buffer,
    /// `x` and a layer index (in `z`).
    D1Array,
    /// `x`, `y`.
    D2,
    /// `x`, `y` and a layer index (in `z`).
    D2Array,
    /// `x`, `y`, `z`.
    D3,
}

impl SurfDim {
    /// All dimensionalities.
    pub const ALL: [SurfDim; 6] = [
        SurfDim::D1,
        SurfDim::D1Buffer,
        SurfDim::D1Array,
        SurfDim::D2,
        SurfDim::D2Array,
        SurfDim::D3,
    ];

    /// Text-form name.
    pub fn name(self) -> &'static str {
        match self {
            SurfDim::D1 => "1d",
            SurfDim::D1Buffer => "1dbuf",
            SurfDim::D1Array => "1darray",
            SurfDim::D2 => "2d",
            SurfDim::D2Array => "2darray",
            SurfDim::D3 => "3d",
        }
    }

    /// Whether the access uses the `y` coordinate.
    pub fn uses_y(self) -> bool {
        matches!(self, SurfDim::D2 | SurfDim::D2Array | SurfDim::D3)
    }

    /// Whether the access uses the `z` coordinate (depth or layer).
    pub fn uses_z(self) -> bool {
        matches!(self, SurfDim::D1Array | SurfDim::D2Array | SurfDim::D3)
    }
}

/// What an out-of-range surface coordinate does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SurfOob {
    /// Loads give 0; stores and atomics are dropped.
    Ignore,
    /// The launch stops with an out-of-bounds fault.
    Trap,
    /// Each coordinate is clamped to the surface's edge.
    Clamp,
}

impl SurfOob {
    /// All modes.
    pub const ALL: [SurfOob; 3] = [SurfOob::Ignore, SurfOob::Trap, SurfOob::Clamp];

    /// Text-form name.
    pub fn name(self) -> &'static str {
        match self {
            SurfOob::Ignore => "ign",
            SurfOob::Trap => "trap",
            SurfOob::Clamp => "clamp",
        }
    }
}
