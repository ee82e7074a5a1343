//! The operands of the IR's larger operations: one struct per [`Op`] variant
//! that has more than three of them, so that each op's evaluation, lowering
//! and printing takes its operands whole instead of spelling them out.

use crate::types::{Order, Round, Scope, Space, Type};
#[allow(unused_imports)]
use crate::Op;
use crate::{
    Address, AtomOp, AtomType, BarOp, BinOp, CvtOp, FBinOp, FCond, FUnOp, ICond, MemType, Operand,
    Reg, UnOp,
};

/// Integer two-operand op.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bin {
    pub op: BinOp,
    pub ty: Type,
    pub dst: Reg,
    pub a: Operand,
    pub b: Operand,
}

/// Integer one-operand op.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Un {
    pub op: UnOp,
    pub ty: Type,
    pub dst: Reg,
    pub a: Operand,
}

/// Integer multiply-add, wrapping: `a * b + c`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Mad {
    pub ty: Type,
    pub dst: Reg,
    pub a: Operand,
    pub b: Operand,
    pub c: Operand,
}

/// Widening multiply: `dst (i64) = ext(a) * ext(b)` for `i32` sources.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MulWide {
    pub signed: bool,
    pub dst: Reg,
    pub a: Operand,
    pub b: Operand,
}

/// Funnel shift of the 2×32-bit value `hi:lo`: left gives the high word of
/// `(hi:lo) << n`, right the low word of `(hi:lo) >> n`. `wrap`: `n mod 32`,
/// else `min(n, 32)`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Funnel {
    pub left: bool,
    pub wrap: bool,
    pub dst: Reg,
    pub lo: Operand,
    pub hi: Operand,
    pub shift: Operand,
}

/// Three-input logic op: bit `i` of the result is `lut[(a_i<<2)|(b_i<<1)|c_i]`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Lop3 {
    pub ty: Type,
    pub dst: Reg,
    pub a: Operand,
    pub b: Operand,
    pub c: Operand,
    pub lut: u8,
}

/// Byte permute (PTX `prmt` default mode) of the 8 bytes `b:a` by selector `sel`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Prmt {
    pub dst: Reg,
    pub a: Operand,
    pub b: Operand,
    pub sel: Operand,
}

/// Bit-field extract: `len` bits from `pos`, zero- or sign-extended (PTX `bfe`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bfe {
    pub signed: bool,
    pub ty: Type,
    pub dst: Reg,
    pub a: Operand,
    pub pos: Operand,
    pub len: Operand,
}

/// Bit-field insert of the low `len` bits of `ins` into `base` at `pos` (PTX `bfi`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bfi {
    pub ty: Type,
    pub dst: Reg,
    pub ins: Operand,
    pub base: Operand,
    pub pos: Operand,
    pub len: Operand,
}

/// Float two-operand op with rounding and flush-to-zero.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FBin {
    pub op: FBinOp,
    pub ty: Type,
    pub rnd: Round,
    pub ftz: bool,
    pub dst: Reg,
    pub a: Operand,
    pub b: Operand,
}

/// Float one-operand op.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FUn {
    pub op: FUnOp,
    pub ty: Type,
    pub ftz: bool,
    pub dst: Reg,
    pub a: Operand,
}

/// Fused multiply-add `a * b + c`, one rounding (round to nearest even).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fma {
    pub ty: Type,
    pub ftz: bool,
    pub dst: Reg,
    pub a: Operand,
    pub b: Operand,
    pub c: Operand,
}

/// Integer compare into an `i1`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ICmp {
    pub cond: ICond,
    pub ty: Type,
    pub dst: Reg,
    pub a: Operand,
    pub b: Operand,
}

/// Float compare into an `i1`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FCmp {
    pub cond: FCond,
    pub ty: Type,
    pub ftz: bool,
    pub dst: Reg,
    pub a: Operand,
    pub b: Operand,
}

/// `dst = cond ? a : b`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Select {
    pub ty: Type,
    pub dst: Reg,
    pub cond: Operand,
    pub a: Operand,
    pub b: Operand,
}

/// Type conversion.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Cvt {
    pub op: CvtOp,
    pub to: Type,
    pub from: Type,
    pub rnd: Round,
    pub sat: bool,
    pub ftz: bool,
    pub dst: Reg,
    pub src: Operand,
}

/// Load `mem.count` elements into `dsts` (one register each).
#[derive(Debug, Clone, PartialEq)]
pub struct Load {
    pub space: Space,
    pub mem: MemType,
    pub order: Order,
    pub scope: Scope,
    /// The address and the result are the same in every lane of the wave: the
    /// load may be done once per wave (scalar/uniform loads).
    pub uniform: bool,
    pub dsts: Vec<Reg>,
    pub addr: Address,
}

/// Store `mem.count` elements from `srcs`.
#[derive(Debug, Clone, PartialEq)]
pub struct Store {
    pub space: Space,
    pub mem: MemType,
    pub order: Order,
    pub scope: Scope,
    pub srcs: Vec<Operand>,
    pub addr: Address,
}

/// Atomic read-modify-write; `dst` receives the old value when present.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Atomic {
    pub op: AtomOp,
    pub ty: AtomType,
    pub space: Space,
    pub scope: Scope,
    pub order: Order,
    /// Flush f32 denormal inputs and result to zero (SASS `F32.FTZ.RN`).
    pub ftz: bool,
    pub dst: Option<Reg>,
    pub addr: Address,
    pub src: Operand,
    /// The compare value of `cas`.
    pub cmp: Option<Operand>,
}

/// Named barrier (sync point), the PTX `bar`/`barrier` family: barrier `id`
/// (`0..BARRIER_IDS`, `i32`) completes when `count` threads (`i32`, a
/// multiple of the wave size; 0 means every thread of the workgroup) have
/// arrived, counted a whole wave at a time as the hardware counts them.
/// Reductions (`red.*`) combine the `i1` `pred` of the lanes that arrive
/// into `dst`. A barrier that can never complete (its threads exited or
/// wait elsewhere) faults instead of hanging. Text:
/// `bar.sync ID, COUNT`, `bar.arrive ID, COUNT`,
/// `%d = bar.red.popc ID, COUNT, %p`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bar {
    pub op: BarOp,
    pub id: Operand,
    pub count: Operand,
    pub dst: Option<Reg>,
    pub pred: Option<Operand>,
}

/// Read `src` from lane `lane` of the wave (sync point). Out-of-range lane: the
/// lane's own value. `valid` is set when the source lane takes part.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Shfl {
    pub ty: Type,
    pub dst: Reg,
    pub valid: Option<Reg>,
    pub src: Operand,
    pub lane: Operand,
}

impl Load {
    /// A plain load of `dsts` from the parameter block at `base + offset`
    /// (kernel arguments, constant banks), wave-uniform when the address is a
    /// constant.
    pub fn param(mem: MemType, dsts: Vec<Reg>, base: Operand, offset: i64) -> Load {
        Load {
            space: Space::Param,
            mem,
            order: Order::Weak,
            scope: Scope::Device,
            uniform: matches!(base, Operand::Imm(_)),
            dsts,
            addr: Address::Flat { base, offset },
        }
    }
}

impl Atomic {
    /// A relaxed read-modify-write with no compare value (any op but `cas`)
    /// and no flushing; `dst` receives the old value.
    pub fn relaxed(
        op: AtomOp,
        ty: AtomType,
        space: Space,
        scope: Scope,
        dst: Option<Reg>,
        addr: Address,
        src: Operand,
    ) -> Atomic {
        Atomic {
            op,
            ty,
            space,
            scope,
            order: Order::Relaxed,
            ftz: false,
            dst,
            addr,
            src,
            cmp: None,
        }
    }
}

impl Cvt {
    /// The conversion `op` of `src` from `from` to `to` into `dst`, rounding
    /// to nearest, without saturation or flushing.
    pub fn plain(op: CvtOp, to: Type, from: Type, dst: Reg, src: Operand) -> Cvt {
        Cvt {
            op,
            to,
            from,
            rnd: Round::Rn,
            sat: false,
            ftz: false,
            dst,
            src,
        }
    }
}
