//! Exact scalar semantics of every IR operation.
//!
//! One small function per operation, on raw register bits (`u64`, value in the low
//! bits as [`Type`] describes). The reference interpreter calls these directly and
//! the JIT calls them for every operation it does not lower to native code, so both
//! engines agree bit for bit by construction; the differential tests check the
//! natively lowered rest.

use crate::inst::{
    AtomOp, AtomType, BinOp, CvtOp, FBinOp, FCond, FUnOp, ICond, Op, Operand, Reg, UnOp,
};
use crate::op;
use crate::types::{Round, Type};
use half::{bf16, f16};

/// The register a value op (one whose only effect is its result: moves,
/// integer, bit, float, compare, select and conversion ops) writes and the
/// value it writes (not yet truncated to the register's type), with `get`
/// reading each source operand; `None` for every other op. The interpreter
/// and the uniform prologue evaluate these ops through here.
pub fn value(op: &Op, mut get: impl FnMut(Operand) -> u64) -> Option<(Reg, u64)> {
    let mut g = |o: &Operand| get(*o);
    Some(match op {
        Op::Mov { dst, src, .. } => (*dst, g(src)),
        Op::Bin(o) => (o.dst, bin(o.op, o.ty, g(&o.a), g(&o.b))),
        Op::Un(o) => (o.dst, un(o.op, o.ty, g(&o.a))),
        Op::Mad(o) => (o.dst, mad(o.ty, g(&o.a), g(&o.b), g(&o.c))),
        Op::MulWide(o) => (o.dst, mul_wide(o.signed, g(&o.a), g(&o.b))),
        Op::Funnel(o) => {
            let v = funnel(o.left, o.wrap, g(&o.lo), g(&o.hi), g(&o.shift));
            (o.dst, v)
        }
        Op::Lop3(o) => (o.dst, lop3(o.ty, g(&o.a), g(&o.b), g(&o.c), o.lut)),
        Op::Prmt(o) => (o.dst, prmt(g(&o.a), g(&o.b), g(&o.sel))),
        Op::Bfe(o) => (o.dst, bfe(o.signed, o.ty, g(&o.a), g(&o.pos), g(&o.len))),
        Op::Bfi(o) => (
            o.dst,
            bfi(o.ty, g(&o.ins), g(&o.base), g(&o.pos), g(&o.len)),
        ),
        Op::FBin(o) => (o.dst, fbin(o.op, o.ty, o.rnd, o.ftz, g(&o.a), g(&o.b))),
        Op::FUn(o) => (o.dst, fun(o.op, o.ty, o.ftz, g(&o.a))),
        Op::Fma(o) => (o.dst, fma(o.ty, o.ftz, g(&o.a), g(&o.b), g(&o.c))),
        Op::ICmp(o) => (o.dst, icmp(o.cond, o.ty, g(&o.a), g(&o.b)) as u64),
        Op::FCmp(o) => (o.dst, fcmp(o.cond, o.ty, o.ftz, g(&o.a), g(&o.b)) as u64),
        Op::Select(o) => {
            let v = if g(&o.cond) & 1 != 0 {
                g(&o.a)
            } else {
                g(&o.b)
            };
            (o.dst, v)
        }
        Op::Cvt(o) => (o.dst, cvt_op(o, g(&o.src))),
        _ => return None,
    })
}

/// [`cvt`] of a conversion op's source value `v`.
pub fn cvt_op(o: &op::Cvt, v: u64) -> u64 {
    cvt(o.op, o.to, o.from, o.rnd, o.sat, o.ftz, v)
}

/// Keeps the value bits of `ty`.
#[inline]
pub fn trunc(ty: Type, v: u64) -> u64 {
    v & ty.mask()
}

/// Sign-extends the value bits of `ty` to 64 bits.
#[inline]
pub fn sext(ty: Type, v: u64) -> i64 {
    let b = ty.bits();
    if b >= 64 {
        v as i64
    } else {
        ((v << (64 - b)) as i64) >> (64 - b)
    }
}

/// Integer two-operand op (see [`BinOp`] for the defined edge cases).
pub fn bin(op: BinOp, ty: Type, a: u64, b: u64) -> u64 {
    let bits = ty.bits();
    // Shift amounts are i32 operands whatever the shifted type (docs/ir.md).
    let amount = b & 0xffff_ffff;
    let (a, b) = (trunc(ty, a), trunc(ty, b));
    let (sa, sb) = (sext(ty, a), sext(ty, b));
    let r = match op {
        BinOp::Add => a.wrapping_add(b),
        BinOp::Sub => a.wrapping_sub(b),
        BinOp::Mul => a.wrapping_mul(b),
        BinOp::MulHiS => ((sa as i128 * sb as i128) >> bits) as u64,
        BinOp::MulHiU => ((a as u128 * b as u128) >> bits) as u64,
        BinOp::DivS => {
            if sb == 0 {
                u64::MAX
            } else if sb == -1 {
                sa.wrapping_neg() as u64
            } else {
                (sa / sb) as u64
            }
        }
        BinOp::DivU => a.checked_div(b).unwrap_or(u64::MAX),
        BinOp::RemS => {
            if sb == 0 {
                a
            } else if sb == -1 {
                0
            } else {
                (sa % sb) as u64
            }
        }
        BinOp::RemU => {
            if b == 0 {
                a
            } else {
                a % b
            }
        }
        BinOp::And => a & b,
        BinOp::Or => a | b,
        BinOp::Xor => a ^ b,
        BinOp::Shl => {
            if amount >= bits as u64 {
                0
            } else {
                a << amount
            }
        }
        BinOp::LShr => {
            if amount >= bits as u64 {
                0
            } else {
                a >> amount
            }
        }
        BinOp::AShr => {
            let n = amount.min(bits as u64 - 1);
            (sa >> n) as u64
        }
        BinOp::MinS => sa.min(sb) as u64,
        BinOp::MinU => a.min(b),
        BinOp::MaxS => sa.max(sb) as u64,
        BinOp::MaxU => a.max(b),
    };
    trunc(ty, r)
}

/// Integer one-operand op.
pub fn un(op: UnOp, ty: Type, a: u64) -> u64 {
    let bits = ty.bits();
    let a = trunc(ty, a);
    let r = match op {
        UnOp::Not => !a,
        UnOp::Neg => a.wrapping_neg(),
        UnOp::Abs => sext(ty, a).wrapping_abs() as u64,
        UnOp::Popc => a.count_ones() as u64,
        UnOp::Clz => (a.leading_zeros() - (64 - bits)) as u64,
        UnOp::Ctz => a.trailing_zeros().min(bits) as u64,
        UnOp::Brev => a.reverse_bits() >> (64 - bits),
        UnOp::FloU => flo(bits, a),
        UnOp::FloS => {
            let v = if sext(ty, a) < 0 { trunc(ty, !a) } else { a };
            flo(bits, v)
        }
    };
    trunc(ty, r)
}

fn flo(bits: u32, a: u64) -> u64 {
    if a == 0 {
        u64::MAX
    } else {
        (63 - a.leading_zeros() as u64).min(bits as u64 - 1)
    }
}

/// Integer multiply-add, wrapping.
pub fn mad(ty: Type, a: u64, b: u64, c: u64) -> u64 {
    trunc(ty, a.wrapping_mul(b).wrapping_add(c))
}

/// Widening 32×32→64 multiply.
pub fn mul_wide(signed: bool, a: u64, b: u64) -> u64 {
    if signed {
        (sext(Type::I32, a) * sext(Type::I32, b)) as u64
    } else {
        (a & 0xffff_ffff) * (b & 0xffff_ffff)
    }
}

/// Funnel shift (see [`crate::Op::Funnel`]).
pub fn funnel(left: bool, wrap: bool, lo: u64, hi: u64, shift: u64) -> u64 {
    let s = shift & 0xffff_ffff;
    let n = if wrap { s & 31 } else { s.min(32) };
    let v = ((hi & 0xffff_ffff) << 32) | (lo & 0xffff_ffff);
    if left {
        ((v << n) >> 32) & 0xffff_ffff
    } else {
        (v >> n) & 0xffff_ffff
    }
}

/// Three-input lookup-table logic.
pub fn lop3(ty: Type, a: u64, b: u64, c: u64, lut: u8) -> u64 {
    let mut r = 0u64;
    for i in 0..8u8 {
        if lut & (1 << i) != 0 {
            let ma = if i & 4 != 0 { a } else { !a };
            let mb = if i & 2 != 0 { b } else { !b };
            let mc = if i & 1 != 0 { c } else { !c };
            r |= ma & mb & mc;
        }
    }
    trunc(ty, r)
}

/// Byte permute, PTX `prmt` default mode.
pub fn prmt(a: u64, b: u64, sel: u64) -> u64 {
    let tmp = ((b & 0xffff_ffff) << 32) | (a & 0xffff_ffff);
    let mut r = 0u64;
    for i in 0..4 {
        let s = (sel >> (4 * i)) & 0xf;
        let mut byte = (tmp >> (8 * (s & 7))) & 0xff;
        if s & 8 != 0 {
            byte = if byte & 0x80 != 0 { 0xff } else { 0 };
        }
        r |= byte << (8 * i);
    }
    r
}

/// Bit-field extract (PTX `bfe`).
pub fn bfe(signed: bool, ty: Type, a: u64, pos: u64, len: u64) -> u64 {
    let msb = ty.bits() as u64 - 1;
    let (pos, len) = (pos & 0xff, len & 0xff);
    let a = trunc(ty, a);
    let sbit = if !signed || len == 0 {
        0
    } else {
        (a >> (pos + len - 1).min(msb)) & 1
    };
    let mut d = 0u64;
    for i in 0..=msb {
        let bit = if i < len && pos + i <= msb {
            (a >> (pos + i)) & 1
        } else {
            sbit
        };
        d |= bit << i;
    }
    d
}

/// Bit-field insert (PTX `bfi`).
pub fn bfi(ty: Type, ins: u64, base: u64, pos: u64, len: u64) -> u64 {
    let msb = ty.bits() as u64 - 1;
    let (pos, len) = (pos & 0xff, len & 0xff);
    let mut f = trunc(ty, base);
    for i in 0..len {
        if pos + i > msb {
            break;
        }
        let bit = (ins >> i) & 1;
        f = (f & !(1 << (pos + i))) | (bit << (pos + i));
    }
    f
}

/// Integer comparison.
pub fn icmp(cond: ICond, ty: Type, a: u64, b: u64) -> bool {
    let (a, b) = (trunc(ty, a), trunc(ty, b));
    let (sa, sb) = (sext(ty, a), sext(ty, b));
    match cond {
        ICond::Eq => a == b,
        ICond::Ne => a != b,
        ICond::Slt => sa < sb,
        ICond::Sle => sa <= sb,
        ICond::Sgt => sa > sb,
        ICond::Sge => sa >= sb,
        ICond::Ult => a < b,
        ICond::Ule => a <= b,
        ICond::Ugt => a > b,
        ICond::Uge => a >= b,
    }
}

// ---------------------------------------------------------------- floats

/// Reads a float register as f64 (exact for every float type).
pub fn to_f64(ty: Type, v: u64) -> f64 {
    match ty {
        Type::F16 => f16::from_bits(v as u16).to_f64(),
        Type::BF16 => bf16::from_bits(v as u16).to_f64(),
        Type::F32 => f32::from_bits(v as u32) as f64,
        _ => f64::from_bits(v),
    }
}

/// Flushes a subnormal f32 to a zero of the same sign (other types unchanged).
pub fn flush(ty: Type, v: u64) -> u64 {
    if ty == Type::F32 {
        let x = v as u32;
        if x & 0x7f80_0000 == 0 {
            return (x & 0x8000_0000) as u64;
        }
    }
    v
}

/// What the directed roundings need of `f32` and `f64`.
trait Ieee: Copy + PartialOrd {
    const ZERO: Self;
    const MAX: Self;
    fn up(self) -> Self;
    fn down(self) -> Self;
    fn infinite(self) -> bool;
    fn nan(self) -> bool;
    fn with_sign_of(self, s: Self) -> Self;
}

macro_rules! ieee {
    ($($t:ty),*) => {$(
        impl Ieee for $t {
            const ZERO: Self = 0.0;
            const MAX: Self = <$t>::MAX;
            fn up(self) -> Self {
                self.next_up()
            }
            fn down(self) -> Self {
                self.next_down()
            }
            fn infinite(self) -> bool {
                self.is_infinite()
            }
            fn nan(self) -> bool {
                self.is_nan()
            }
            fn with_sign_of(self, s: Self) -> Self {
                self.copysign(s)
            }
        }
    )*};
}

ieee!(f32, f64);

/// Adjusts a round-to-nearest result `r` to `rnd`, given the sign of
/// `exact - r` (`err`: negative, zero or positive).
fn direct<F: Ieee>(r: F, err: f64, rnd: Round) -> F {
    if err == 0.0 || err.is_nan() || rnd == Round::Rn {
        return r;
    }
    match rnd {
        Round::Rn => r,
        Round::Rm if err < 0.0 => r.down(),
        Round::Rp if err > 0.0 => r.up(),
        Round::Rz if (err < 0.0) != (r < F::ZERO) && r != F::ZERO => {
            if r > F::ZERO {
                r.down()
            } else {
                r.up()
            }
        }
        _ => r,
    }
}

/// Overflow to infinity under a directed mode gives the largest finite value
/// when the mode rounds toward zero for that sign.
fn overflow_fix<F: Ieee>(r: F, rnd: Round) -> F {
    if !r.infinite() {
        return r;
    }
    let toward_zero = match rnd {
        Round::Rn => false,
        Round::Rz => true,
        Round::Rm => r > F::ZERO,
        Round::Rp => r < F::ZERO,
    };
    if toward_zero {
        F::MAX.with_sign_of(r)
    } else {
        r
    }
}

/// The infinite result `r` of `a` op `b`: an overflow of finite operands
/// (fixed by [`overflow_fix`]), or exact when an operand is infinite.
fn infinite_result<F: Ieee>(r: F, a: F, b: F, rnd: Round) -> F {
    if a.infinite() || b.infinite() {
        r
    } else {
        overflow_fix(r, rnd)
    }
}

/// The quotient `a / b` rounded by `rnd`, from the round-to-nearest `q`
/// and the remainder `a - q*b` (`rem`, computed exactly by the caller).
fn quotient<F: Ieee>(q: F, a: F, b: F, rnd: Round, rem: impl FnOnce() -> f64) -> F {
    if rnd == Round::Rn || q.nan() || q.infinite() && (a.infinite() || b == F::ZERO) {
        q
    } else if q.infinite() {
        overflow_fix(q, rnd)
    } else {
        // The sign of a/b - q is the sign of (a - q*b) / b.
        let rem = rem();
        let err = if b < F::ZERO { -rem } else { rem };
        direct(q, err, rnd)
    }
}

/// Rounds an f64 to the narrower float `ty` by `rnd` (exact input assumed).
pub fn round_from_f64(ty: Type, x: f64, rnd: Round) -> u64 {
    match ty {
        Type::F64 => x.to_bits(),
        Type::F32 => {
            let r = x as f32;
            if x.is_nan() || (r.is_infinite() && x.is_infinite()) {
                return r.to_bits() as u64;
            }
            let r = if r.is_infinite() {
                overflow_fix(r, rnd)
            } else {
                direct(r, x - r as f64, rnd)
            };
            r.to_bits() as u64
        }
        Type::F16 => round_small(x, 10, 5, rnd),
        Type::BF16 => round_small(x, 7, 8, rnd),
        _ => x.to_bits(),
    }
}

/// Rounds an f64 to a 16-bit binary format with `mbits` fraction bits and
/// `ebits` exponent bits (f16: 10/5, bf16: 7/8) under `rnd`, in one step: exact
/// integer arithmetic on the f64's significand (no double rounding through f32,
/// no truncated low bits), subnormals and overflow included.
fn round_small(x: f64, mbits: u32, ebits: u32, rnd: Round) -> u64 {
    let sign = x.is_sign_negative();
    let sbit = (sign as u64) << 15;
    let exp_ones = (1u64 << ebits) - 1;
    if x.is_nan() {
        // Quiet NaN keeping the top payload bits.
        let payload = (x.to_bits() >> (52 - mbits)) & ((1 << mbits) - 1);
        return sbit | exp_ones << mbits | payload | 1 << (mbits - 1);
    }
    let a = x.abs();
    if a.is_infinite() {
        return sbit | exp_ones << mbits;
    }
    if a == 0.0 {
        return sbit;
    }
    let bias = (1i32 << (ebits - 1)) - 1;
    let bits = a.to_bits();
    let e_raw = (bits >> 52) as i32;
    let frac = bits & ((1u64 << 52) - 1);
    // a = m * 2^e exactly.
    let (m, e) = if e_raw == 0 {
        (frac, -1074)
    } else {
        (frac | 1 << 52, e_raw - 1075)
    };
    let top = 63 - m.leading_zeros() as i32 + e;
    // Exponent of the unit in the last place of the result.
    let q = top.max(1 - bias) - mbits as i32;
    let shift = q - e;
    let (mut n, rem, half) = if shift <= 0 {
        (m << (-shift) as u32, 0u64, 1u64)
    } else if shift >= 64 {
        (0, 1, u64::MAX)
    } else {
        (m >> shift, m & ((1u64 << shift) - 1), 1u64 << (shift - 1))
    };
    let up = match rnd {
        Round::Rn => rem > half || (rem == half && rem != 0 && n & 1 == 1),
        Round::Rz => false,
        Round::Rp => rem != 0 && !sign,
        Round::Rm => rem != 0 && sign,
    };
    if up {
        n += 1;
    }
    let mut q = q;
    if n >> (mbits + 1) != 0 {
        n >>= 1;
        q += 1;
    }
    if n >> mbits == 0 {
        // Subnormal (or zero): exponent field 0.
        return sbit | n;
    }
    let exp_field = (q + mbits as i32 + bias) as u64;
    if exp_field >= exp_ones {
        let to_inf = match rnd {
            Round::Rn => true,
            Round::Rz => false,
            Round::Rp => !sign,
            Round::Rm => sign,
        };
        return if to_inf {
            sbit | exp_ones << mbits
        } else {
            sbit | (exp_ones - 1) << mbits | ((1 << mbits) - 1)
        };
    }
    sbit | exp_field << mbits | (n & ((1 << mbits) - 1))
}

/// Converts an integer to f64 rounding to odd: exact below 2^53, otherwise the
/// dropped bits are folded into the last bit. A later rounding to a format with
/// at most 51 significand bits is then correctly rounded in every mode.
fn int_to_f64_odd(v: i128) -> f64 {
    let neg = v < 0;
    let mag = v.unsigned_abs();
    let len = 128 - mag.leading_zeros();
    let r = if len <= 53 {
        mag as f64
    } else {
        let sh = len - 53;
        let mut t = mag >> sh;
        if mag & ((1u128 << sh) - 1) != 0 {
            t |= 1;
        }
        (t as f64) * 2f64.powi(sh as i32)
    };
    if neg {
        -r
    } else {
        r
    }
}

/// IEEE-754 minimumNumber / maximumNumber (`max` selects which).
pub fn min_max_num(max: bool, a: f64, b: f64) -> f64 {
    if a.is_nan() {
        return if b.is_nan() { a } else { b };
    }
    if b.is_nan() {
        return a;
    }
    if a == b {
        // Equal values: only the zeros differ (-0 < +0).
        let pick_a = if max {
            !a.is_sign_negative()
        } else {
            a.is_sign_negative()
        };
        return if pick_a { a } else { b };
    }
    if (a > b) == max {
        a
    } else {
        b
    }
}

/// IEEE-754 minimum / maximum: NaN-propagating.
pub fn min_max_nan(max: bool, a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        return if a.is_nan() { a } else { b };
    }
    min_max_num(max, a, b)
}

fn quiet(ty: Type, v: u64) -> u64 {
    match ty {
        Type::F16 | Type::BF16 => {
            let q = if ty == Type::F16 { 0x0200 } else { 0x0040 };
            v | q
        }
        Type::F32 => v | 0x0040_0000,
        _ => v | 0x0008_0000_0000_0000,
    }
}

/// Float two-operand op.
pub fn fbin(op: FBinOp, ty: Type, rnd: Round, ftz: bool, a: u64, b: u64) -> u64 {
    let (a, b) = if ftz {
        (flush(ty, a), flush(ty, b))
    } else {
        (a, b)
    };
    let r = match ty {
        Type::F32 => fbin32(op, rnd, f32::from_bits(a as u32), f32::from_bits(b as u32)),
        Type::F64 => fbin64(op, rnd, f64::from_bits(a), f64::from_bits(b)),
        _ => {
            // f16/bf16: compute exactly (add, sub, mul) or with enough precision
            // (div: 53 >= 2p+2 bits) in f64 and round once.
            let (x, y) = (to_f64(ty, a), to_f64(ty, b));
            let v = match op {
                // bf16 has f32's exponent range: a sum of far-apart operands
                // is not exact in f64. Its error (TwoSum) moves the rounded
                // sum one f64 step toward the exact one, which no f16/bf16
                // rounding boundary lies between, so the one rounding below
                // is right in every mode.
                FBinOp::Add | FBinOp::Sub => {
                    let y = if op == FBinOp::Sub { -y } else { y };
                    let (s, e) = two_sum(x, y);
                    if e > 0.0 {
                        s.next_up()
                    } else if e < 0.0 {
                        s.next_down()
                    } else {
                        s
                    }
                }
                FBinOp::Mul => x * y,
                FBinOp::Div => x / y,
                FBinOp::Min | FBinOp::Max => {
                    return min_max_bits(ty, op == FBinOp::Max, a, b, false)
                }
                FBinOp::MinNan | FBinOp::MaxNan => {
                    return min_max_bits(ty, op == FBinOp::MaxNan, a, b, true)
                }
            };
            if v.is_nan() {
                let nan_in = if to_f64(ty, a).is_nan() {
                    Some(a)
                } else if to_f64(ty, b).is_nan() {
                    Some(b)
                } else {
                    None
                };
                return match nan_in {
                    Some(n) => quiet(ty, n),
                    None => round_from_f64(ty, f64::NAN, Round::Rn),
                };
            }
            round_from_f64(ty, v, rnd)
        }
    };
    if ftz {
        flush(ty, r)
    } else {
        r
    }
}

fn min_max_bits(ty: Type, max: bool, a: u64, b: u64, nan: bool) -> u64 {
    let (x, y) = (to_f64(ty, a), to_f64(ty, b));
    let r = if nan {
        min_max_nan(max, x, y)
    } else {
        min_max_num(max, x, y)
    };
    // Return the chosen operand's own bits (keeps NaN payloads and zero signs).
    if r.to_bits() == x.to_bits() || (r.is_nan() && x.is_nan()) {
        if r.is_nan() {
            quiet(ty, a)
        } else {
            a
        }
    } else if r.is_nan() {
        quiet(ty, b)
    } else {
        b
    }
}

fn fbin32(op: FBinOp, rnd: Round, a: f32, b: f32) -> u64 {
    let r = match op {
        FBinOp::Add | FBinOp::Sub => {
            let b = if op == FBinOp::Sub { -b } else { b };
            let s = a + b;
            if rnd == Round::Rn || s.is_nan() {
                s
            } else if s == 0.0 {
                // An exact zero sum is -0 under rm unless both operands are
                // +0 (IEEE-754 §6.3); the host's rn sum has the other modes' sign.
                exact_zero_sign(rnd, a.to_bits() == 0 && b.to_bits() == 0, s as f64) as f32
            } else if s.is_infinite() {
                infinite_result(s, a, b, rnd)
            } else {
                // a + b = s64 + e64 exactly (TwoSum in f64); s64 - s is exact
                // and, when not 0, dwarfs e64. (The f64 sum alone can round
                // onto s when the exponents are far apart and lose the error.)
                let (s64, e64) = two_sum(a as f64, b as f64);
                let d = s64 - s as f64;
                direct(s, if d != 0.0 { d } else { e64 }, rnd)
            }
        }
        FBinOp::Mul => {
            let p = a * b;
            if rnd == Round::Rn || p.is_nan() {
                p
            } else if p.is_infinite() {
                infinite_result(p, a, b, rnd)
            } else {
                let exact = a as f64 * b as f64; // 48-bit product: exact
                direct(p, exact - p as f64, rnd)
            }
        }
        FBinOp::Div => {
            let q = a / b;
            // The remainder is exact in f64.
            quotient(q, a, b, rnd, || (a as f64) - (q as f64) * (b as f64))
        }
        FBinOp::Min => min_max_num(false, a as f64, b as f64) as f32,
        FBinOp::Max => min_max_num(true, a as f64, b as f64) as f32,
        FBinOp::MinNan => min_max_nan(false, a as f64, b as f64) as f32,
        FBinOp::MaxNan => min_max_nan(true, a as f64, b as f64) as f32,
    };
    r.to_bits() as u64
}

/// The zero result of an exact-zero sum `s` (computed under rn) in mode
/// `rnd`: -0 under rm unless both operands were +0 (`both_pos_zero`).
fn exact_zero_sign(rnd: Round, both_pos_zero: bool, s: f64) -> f64 {
    if rnd == Round::Rm && !both_pos_zero {
        -0.0
    } else {
        s
    }
}

fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    let err = (a - (s - bb)) + (b - bb);
    (s, err)
}

/// Below this magnitude an f64 residual computed by one FMA may underflow.
const TINY64: f64 = f64::MIN_POSITIVE * 9_007_199_254_740_992.0; // 2^-1022 * 2^53
/// 2^106: scaling that brings subnormal-range residuals back to normal range.
const SCALE64: f64 = 81_129_638_414_606_681_695_789_005_144_064.0;

fn fbin64(op: FBinOp, rnd: Round, a: f64, b: f64) -> u64 {
    let r = match op {
        FBinOp::Add | FBinOp::Sub => {
            let b = if op == FBinOp::Sub { -b } else { b };
            let (s, e) = two_sum(a, b);
            if rnd == Round::Rn || s.is_nan() {
                s
            } else if s == 0.0 {
                exact_zero_sign(rnd, a.to_bits() == 0 && b.to_bits() == 0, s)
            } else if s.is_infinite() {
                infinite_result(s, a, b, rnd)
            } else {
                direct(s, e, rnd)
            }
        }
        FBinOp::Mul => {
            let p = a * b;
            if rnd == Round::Rn || p.is_nan() {
                p
            } else if p.is_infinite() {
                infinite_result(p, a, b, rnd)
            } else if p == 0.0 && a != 0.0 && b != 0.0 {
                // The product underflowed to zero: the error is the whole
                // (non-zero) product, whose sign is the zero's.
                direct(p, if p.is_sign_negative() { -1.0 } else { 1.0 }, rnd)
            } else if p.abs() < TINY64 && a != 0.0 && b != 0.0 {
                // A subnormal (or underflowed) product: the residual a*b - p
                // may itself underflow to 0 and lose its sign. Scale the
                // smaller operand by 2^106 (exact) and compare there.
                let (x, y) = if a.abs() < b.abs() { (a, b) } else { (b, a) };
                let err = (x * SCALE64).mul_add(y, -(p * SCALE64));
                direct(p, err, rnd)
            } else {
                direct(p, a.mul_add(b, -p), rnd)
            }
        }
        FBinOp::Div => {
            let q = a / b;
            quotient(q, a, b, rnd, || {
                // A subnormal quotient: the residual a - q*b may underflow;
                // scale a and q by 2^106 (exact for such small values).
                if q.abs() < TINY64 && a.abs() < TINY64 * SCALE64 {
                    (-(q * SCALE64)).mul_add(b, a * SCALE64)
                } else {
                    (-q).mul_add(b, a)
                }
            })
        }
        FBinOp::Min => min_max_num(false, a, b),
        FBinOp::Max => min_max_num(true, a, b),
        FBinOp::MinNan => min_max_nan(false, a, b),
        FBinOp::MaxNan => min_max_nan(true, a, b),
    };
    r.to_bits()
}

/// Float one-operand op.
pub fn fun(op: FUnOp, ty: Type, ftz: bool, a: u64) -> u64 {
    let a = if ftz { flush(ty, a) } else { a };
    let sign_bit = 1u64 << (ty.bits() - 1);
    let r = match op {
        FUnOp::Neg => return a ^ sign_bit,
        FUnOp::Abs => return a & !sign_bit,
        _ => {
            let x = to_f64(ty, a);
            let v = match op {
                FUnOp::Sqrt => x.sqrt(),
                FUnOp::Rcp => 1.0 / x,
                FUnOp::Rsqrt => 1.0 / x.sqrt(),
                FUnOp::Exp2 => x.exp2(),
                FUnOp::Log2 => x.log2(),
                FUnOp::Sin => x.sin(),
                FUnOp::Cos => x.cos(),
                FUnOp::Floor => x.floor(),
                FUnOp::Ceil => x.ceil(),
                FUnOp::Trunc => x.trunc(),
                FUnOp::Rint => x.round_ties_even(),
                FUnOp::Neg | FUnOp::Abs => unreachable!("handled above"),
            };
            if x.is_nan() {
                quiet(ty, a)
            } else if ty == Type::F32 && matches!(op, FUnOp::Rcp) {
                // Single rounding for the exact ops in their own precision.
                (1.0f32 / f32::from_bits(a as u32)).to_bits() as u64
            } else if ty == Type::F32 && matches!(op, FUnOp::Sqrt) {
                f32::from_bits(a as u32).sqrt().to_bits() as u64
            } else {
                round_from_f64(ty, v, Round::Rn)
            }
        }
    };
    if ftz {
        flush(ty, r)
    } else {
        r
    }
}

/// Fused multiply-add, one rounding to nearest even.
pub fn fma(ty: Type, ftz: bool, a: u64, b: u64, c: u64) -> u64 {
    let (a, b, c) = if ftz {
        (flush(ty, a), flush(ty, b), flush(ty, c))
    } else {
        (a, b, c)
    };
    let r = match ty {
        Type::F32 => f32::from_bits(a as u32)
            .mul_add(f32::from_bits(b as u32), f32::from_bits(c as u32))
            .to_bits() as u64,
        Type::F64 => f64::from_bits(a)
            .mul_add(f64::from_bits(b), f64::from_bits(c))
            .to_bits(),
        _ => {
            // 16-bit: the product is exact in f64; the sum rounds once in f64,
            // then to the 16-bit type (53 >= 2p+2, innocuous double rounding).
            let v = to_f64(ty, a) * to_f64(ty, b) + to_f64(ty, c);
            round_from_f64(ty, v, Round::Rn)
        }
    };
    if ftz {
        flush(ty, r)
    } else {
        r
    }
}

/// Float comparison.
pub fn fcmp(cond: FCond, ty: Type, ftz: bool, a: u64, b: u64) -> bool {
    let (a, b) = if ftz {
        (flush(ty, a), flush(ty, b))
    } else {
        (a, b)
    };
    let (x, y) = (to_f64(ty, a), to_f64(ty, b));
    let uno = x.is_nan() || y.is_nan();
    match cond {
        FCond::Oeq => !uno && x == y,
        FCond::One => !uno && x != y,
        FCond::Olt => !uno && x < y,
        FCond::Ole => !uno && x <= y,
        FCond::Ogt => !uno && x > y,
        FCond::Oge => !uno && x >= y,
        FCond::Ueq => uno || x == y,
        FCond::Une => uno || x != y,
        FCond::Ult => uno || x < y,
        FCond::Ule => uno || x <= y,
        FCond::Ugt => uno || x > y,
        FCond::Uge => uno || x >= y,
        FCond::Ord => !uno,
        FCond::Uno => uno,
    }
}

fn round_int(x: f64, rnd: Round) -> f64 {
    match rnd {
        Round::Rn => x.round_ties_even(),
        Round::Rz => x.trunc(),
        Round::Rm => x.floor(),
        Round::Rp => x.ceil(),
    }
}

fn int_to_float(to: Type, v: i128, rnd: Round) -> u64 {
    match to {
        Type::F64 => {
            let r = v as f64;
            let err = (v - r as i128).signum() as f64;
            overflow_fix(direct(r, err, rnd), rnd).to_bits()
        }
        Type::F32 => {
            let r = v as f32;
            let diff = if r.is_finite() { v - r as i128 } else { 0 };
            direct(r, diff.signum() as f64, rnd).to_bits() as u64
        }
        _ => round_from_f64(to, int_to_f64_odd(v), rnd),
    }
}

/// Type conversion (see [`CvtOp`]).
#[allow(clippy::too_many_arguments)]
pub fn cvt(op: CvtOp, to: Type, from: Type, rnd: Round, sat: bool, ftz: bool, v: u64) -> u64 {
    let v = trunc(from, v);
    let r = match op {
        CvtOp::Zext | CvtOp::Trunc | CvtOp::Bitcast => v,
        CvtOp::Sext => sext(from, v) as u64,
        CvtOp::FtoS | CvtOp::FtoU => {
            let v = if ftz { flush(from, v) } else { v };
            let x = round_int(to_f64(from, v), rnd);
            if x.is_nan() {
                0
            } else if op == CvtOp::FtoS {
                let (lo, hi) = (sext(to, 1u64 << (to.bits() - 1)), (to.mask() >> 1) as i64);
                (x.clamp(lo as f64, hi as f64) as i64) as u64
            } else {
                (x.clamp(0.0, to.mask() as f64) as u64).min(to.mask())
            }
        }
        CvtOp::StoF => int_to_float(to, sext(from, v) as i128, rnd),
        CvtOp::UtoF => int_to_float(to, v as i128, rnd),
        CvtOp::FtoF => {
            let v = if ftz { flush(from, v) } else { v };
            let x = to_f64(from, v);
            // [+0, 1]: -0 and NaN give +0 (CUDA's __saturatef; ptxas folds
            // `max(x, 0)` into `.SAT`, and PTX max(-0, +0) is +0).
            let x = if sat {
                if x.is_nan() || x <= 0.0 {
                    0.0
                } else {
                    x.min(1.0)
                }
            } else {
                x
            };
            if x.is_nan() {
                nan_convert(from, to, v)
            } else {
                // Exactly representable values come out unchanged in every mode.
                round_from_f64(to, x, rnd)
            }
        }
    };
    let r = trunc(to, r);
    if ftz && to.is_float() {
        flush(to, r)
    } else {
        r
    }
}

fn nan_convert(from: Type, to: Type, v: u64) -> u64 {
    let _ = (from, v);
    // Canonical quiet NaN of the target type.
    match to {
        Type::F16 => 0x7e00,
        Type::BF16 => 0x7fc0,
        Type::F32 => 0x7fc0_0000,
        _ => 0x7ff8_0000_0000_0000,
    }
}

// ---------------------------------------------------------------- atomics

/// Adds two packed 16-bit float pairs with IEEE semantics (round to nearest even,
/// NaN/Inf/denormals as IEEE-754 says; a NaN result is quieted).
pub fn packed_add(ty: Type, a: u32, b: u32) -> u32 {
    let lane = |sh: u32| -> u32 {
        let x = ((a >> sh) & 0xffff) as u64;
        let y = ((b >> sh) & 0xffff) as u64;
        (fbin(FBinOp::Add, ty, Round::Rn, false, x, y) as u32 & 0xffff) << sh
    };
    lane(0) | lane(16)
}

/// The value an atomic stores, given the old memory value, the data operand `src`
/// and (for `cas`) the compare value. Values are raw bits of `ty`'s width.
pub fn atomic_apply(op: AtomOp, ty: AtomType, ftz: bool, old: u64, src: u64, cmp: u64) -> u64 {
    let it = if ty.bytes() == 8 {
        Type::I64
    } else {
        Type::I32
    };
    let (old, src) = (trunc(it, old), trunc(it, src));
    match op {
        AtomOp::Add | AtomOp::SafeAdd => bin(BinOp::Add, it, old, src),
        AtomOp::Sub => bin(BinOp::Sub, it, old, src),
        AtomOp::And => old & src,
        AtomOp::Or => old | src,
        AtomOp::Xor => old ^ src,
        AtomOp::SMin => bin(BinOp::MinS, it, old, src),
        AtomOp::SMax => bin(BinOp::MaxS, it, old, src),
        AtomOp::UMin => old.min(src),
        AtomOp::UMax => old.max(src),
        AtomOp::Inc => {
            if old >= src {
                0
            } else {
                old + 1
            }
        }
        AtomOp::Dec => {
            if old == 0 || old > src {
                src
            } else {
                old - 1
            }
        }
        AtomOp::Exch => src,
        AtomOp::Cas => {
            if old == trunc(it, cmp) {
                src
            } else {
                old
            }
        }
        AtomOp::FAdd | AtomOp::FMin | AtomOp::FMax => match ty {
            AtomType::F16x2 => packed_add(Type::F16, old as u32, src as u32) as u64,
            AtomType::BF16x2 => packed_add(Type::BF16, old as u32, src as u32) as u64,
            _ => {
                let ft = if ty.bytes() == 8 {
                    Type::F64
                } else {
                    Type::F32
                };
                let fop = match op {
                    AtomOp::FAdd => FBinOp::Add,
                    AtomOp::FMin => FBinOp::Min,
                    _ => FBinOp::Max,
                };
                fbin(fop, ft, Round::Rn, ftz, old, src)
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directed_f64_products_and_quotients_round_subnormals() {
        // 3 * 2^-1074 * 0.5 = 1.5 * 2^-1074: rp gives 2, rm/rz 1 (x 2^-1074).
        let a = 3.0 * f64::from_bits(1);
        let b = 0.5f64;
        let (a, b) = (a.to_bits(), b.to_bits());
        assert_eq!(fbin(FBinOp::Mul, Type::F64, Round::Rp, false, a, b), 2);
        assert_eq!(fbin(FBinOp::Mul, Type::F64, Round::Rm, false, a, b), 1);
        assert_eq!(fbin(FBinOp::Mul, Type::F64, Round::Rz, false, a, b), 1);
        // (1 + 2^-52) * 2^-1074 * 0.75: tiny residuals below 2^-1074.
        let x = (1.0 + f64::EPSILON) * 2f64.powi(-1000);
        let y = 0.75 * 2f64.powi(-60);
        let exact_lo = (x * y).to_bits(); // rn
        let rp = fbin(
            FBinOp::Mul,
            Type::F64,
            Round::Rp,
            false,
            x.to_bits(),
            y.to_bits(),
        );
        let rm = fbin(
            FBinOp::Mul,
            Type::F64,
            Round::Rm,
            false,
            x.to_bits(),
            y.to_bits(),
        );
        assert_eq!(rp - rm, 1, "a non-exact product brackets the exact value");
        assert!(rp == exact_lo || rm == exact_lo);
        assert_eq!(
            fbin(FBinOp::Div, Type::F64, Round::Rp, false, 3, 2f64.to_bits()),
            2
        );
        assert_eq!(
            fbin(FBinOp::Div, Type::F64, Round::Rm, false, 3, 2f64.to_bits()),
            1
        );
    }

    #[test]
    fn exact_zero_sums_are_negative_only_under_rm() {
        let one32 = 1.0f32.to_bits() as u64;
        let m_one32 = (-1.0f32).to_bits() as u64;
        let pz32 = 0u64;
        let nz32 = (-0.0f32).to_bits() as u64;
        for (ty, one, m_one, pz, nz) in [
            (Type::F32, one32, m_one32, pz32, nz32),
            (
                Type::F64,
                1.0f64.to_bits(),
                (-1.0f64).to_bits(),
                0,
                (-0.0f64).to_bits(),
            ),
        ] {
            for rnd in Round::ALL {
                let want = if rnd == Round::Rm { nz } else { pz };
                for (op, a, b, want) in [
                    (FBinOp::Add, one, m_one, want),
                    (FBinOp::Sub, one, one, want),
                    (FBinOp::Add, pz, nz, want),
                    (FBinOp::Add, pz, pz, pz),
                    (FBinOp::Add, nz, nz, nz),
                ] {
                    assert_eq!(fbin(op, ty, rnd, false, a, b), want, "{ty:?} {rnd:?}");
                }
            }
        }
    }

    #[test]
    fn inc_dec_wrap() {
        assert_eq!(atomic_apply(AtomOp::Inc, AtomType::B32, false, 5, 5, 0), 0);
        assert_eq!(atomic_apply(AtomOp::Inc, AtomType::B32, false, 4, 5, 0), 5);
        assert_eq!(atomic_apply(AtomOp::Dec, AtomType::B32, false, 0, 7, 0), 7);
        assert_eq!(atomic_apply(AtomOp::Dec, AtomType::B32, false, 9, 7, 0), 7);
        assert_eq!(atomic_apply(AtomOp::Dec, AtomType::B32, false, 3, 7, 0), 2);
    }

    #[test]
    fn shifts_clamp() {
        assert_eq!(bin(BinOp::Shl, Type::I32, 1, 32), 0);
        assert_eq!(bin(BinOp::AShr, Type::I32, 0x8000_0000, 40), 0xffff_ffff);
        assert_eq!(bin(BinOp::LShr, Type::I64, u64::MAX, 63), 1);
    }

    #[test]
    fn division_edges() {
        assert_eq!(bin(BinOp::DivU, Type::I32, 7, 0), 0xffff_ffff);
        assert_eq!(
            bin(BinOp::DivS, Type::I32, 0x8000_0000, 0xffff_ffff),
            0x8000_0000
        );
        assert_eq!(bin(BinOp::RemS, Type::I32, 0x8000_0000, 0xffff_ffff), 0);
    }

    #[test]
    fn min_max_number() {
        let nan = f64::NAN;
        assert_eq!(min_max_num(false, nan, 1.0), 1.0);
        assert_eq!(min_max_num(true, 2.0, nan), 2.0);
        assert!(min_max_num(false, -0.0, 0.0).is_sign_negative());
        assert!(!min_max_num(true, -0.0, 0.0).is_sign_negative());
    }

    #[test]
    fn directed_rounding_f32() {
        let one = 1.0f32.to_bits() as u64;
        let tiny = 1e-10f32.to_bits() as u64;
        let up = fbin(FBinOp::Add, Type::F32, Round::Rp, false, one, tiny);
        assert_eq!(f32::from_bits(up as u32), 1.0f32.next_up());
        let dn = fbin(FBinOp::Sub, Type::F32, Round::Rz, false, one, tiny);
        assert_eq!(f32::from_bits(dn as u32), 1.0f32.next_down());
        let rn = fbin(FBinOp::Add, Type::F32, Round::Rn, false, one, tiny);
        assert_eq!(f32::from_bits(rn as u32), 1.0);
        // Exponents so far apart that the f64 sum rounds back onto the f32
        // one (found by the PTX sweep: add.rz.f32(2.5, -0x807fffff)).
        let big = 2.5f32.to_bits() as u64;
        let sub = 0x807f_ffffu64;
        for (rnd, want) in [
            (Round::Rz, 0x401f_ffff),
            (Round::Rm, 0x401f_ffff),
            (Round::Rp, 0x4020_0000),
            (Round::Rn, 0x4020_0000),
        ] {
            assert_eq!(
                fbin(FBinOp::Add, Type::F32, rnd, false, big, sub),
                want,
                "{rnd:?}"
            );
        }
        let up = fbin(FBinOp::Sub, Type::F32, Round::Rp, false, big, sub);
        assert_eq!(up, 0x4020_0001);
    }

    #[test]
    fn directed_rounding_of_underflowing_and_far_apart_operands() {
        // An f64 product below the smallest subnormal (mul.rm.f64 in the
        // PTX sweep): rm gives the negative smallest subnormal, rz and rp -0.
        let (a, b) = ((-1e-231f64).to_bits(), 1u64);
        assert_eq!(
            fbin(FBinOp::Mul, Type::F64, Round::Rm, false, a, b),
            0x8000_0000_0000_0001
        );
        assert_eq!(
            fbin(FBinOp::Mul, Type::F64, Round::Rz, false, a, b),
            0x8000_0000_0000_0000
        );
        assert_eq!(
            fbin(FBinOp::Mul, Type::F64, Round::Rp, false, a, b),
            0x8000_0000_0000_0000
        );
        assert_eq!(
            fbin(
                FBinOp::Mul,
                Type::F64,
                Round::Rp,
                false,
                1e-231f64.to_bits(),
                b
            ),
            1
        );
        // bf16 (f32's range): 2^100 - 2^-100 rounds down under rz/rm.
        let (x, y) = (
            bf16::from_f32(2f32.powi(100)).to_bits() as u64,
            bf16::from_f32(2f32.powi(-100)).to_bits() as u64,
        );
        let dn = fbin(FBinOp::Sub, Type::BF16, Round::Rz, false, x, y);
        assert_eq!(dn, x - 1);
        assert_eq!(fbin(FBinOp::Sub, Type::BF16, Round::Rp, false, x, y), x);
        assert_eq!(fbin(FBinOp::Add, Type::BF16, Round::Rp, false, x, y), x + 1);
        assert_eq!(fbin(FBinOp::Add, Type::BF16, Round::Rn, false, x, y), x);
    }

    #[test]
    fn bf16_pair_add() {
        // 1.0 + 1.0 = 2.0 in both halves; Inf + -Inf = NaN.
        let one = 0x3f80_3f80u32;
        assert_eq!(packed_add(Type::BF16, one, one), 0x4000_4000);
        let r = packed_add(Type::BF16, 0x7f80_0000, 0xff80_0000);
        assert!(bf16::from_bits((r >> 16) as u16).is_nan());
    }

    #[test]
    fn prmt_and_lop3() {
        assert_eq!(prmt(0x4433_2211, 0x8877_6655, 0x3210), 0x4433_2211);
        assert_eq!(prmt(0x4433_2211, 0x8877_6655, 0x7654), 0x8877_6655);
        assert_eq!(prmt(0x0000_0080, 0, 0x4448), 0x0000_00ff);
        assert_eq!(lop3(Type::I32, 0xf0, 0xcc, 0xaa, 0x96), 0xf0 ^ 0xcc ^ 0xaa);
    }

    #[test]
    fn flo_and_bfe() {
        assert_eq!(un(UnOp::FloU, Type::I32, 0x10), 4);
        assert_eq!(un(UnOp::FloU, Type::I32, 0), 0xffff_ffff);
        assert_eq!(un(UnOp::FloS, Type::I32, 0xffff_fff0), 3);
        assert_eq!(bfe(false, Type::I32, 0xabcd, 4, 8), 0xbc);
        assert_eq!(bfe(true, Type::I32, 0x80, 4, 4), 0xffff_fff8);
        assert_eq!(bfi(Type::I32, 0xf, 0, 4, 4), 0xf0);
    }

    #[test]
    fn directed_rounding_f16() {
        // 1 + 2^-12 is between f16 1.0 and its successor 1 + 2^-10.
        let x = 1.0 + 2f64.powi(-12);
        assert_eq!(round_from_f64(Type::F16, x, Round::Rn), 0x3c00);
        assert_eq!(round_from_f64(Type::F16, x, Round::Rp), 0x3c01);
        assert_eq!(round_from_f64(Type::F16, -x, Round::Rm), 0xbc01);
        assert_eq!(round_from_f64(Type::F16, -x, Round::Rz), 0xbc00);
        // Overflow: rz gives the largest finite value, rp infinity.
        assert_eq!(round_from_f64(Type::F16, 1e6, Round::Rz), 0x7bff);
        assert_eq!(round_from_f64(Type::F16, 1e6, Round::Rp), 0x7c00);
        assert_eq!(round_from_f64(Type::BF16, -1e39, Round::Rp), 0xff7f);
        // Tiny positive rounds up to the smallest subnormal under rp.
        assert_eq!(round_from_f64(Type::F16, 1e-30, Round::Rp), 0x0001);
        assert_eq!(round_from_f64(Type::F16, -1e-30, Round::Rm), 0x8001);
    }

    /// `round_small` against the definition: the two representable 16-bit values
    /// bracketing x (from a sorted table of every finite value), chosen per mode.
    #[test]
    fn rounding_to_16_bit_formats_matches_definition() {
        for (ty, to) in [
            (
                Type::F16,
                (|b: u16| f16::from_bits(b).to_f64()) as fn(u16) -> f64,
            ),
            (Type::BF16, |b: u16| bf16::from_bits(b).to_f64()),
        ] {
            let mut vals: Vec<(f64, u16)> = (0..=u16::MAX)
                .map(|b| (to(b), b))
                .filter(|(v, _)| v.is_finite() && !(*v == 0.0 && v.is_sign_negative()))
                .collect();
            vals.sort_by(|a, b| a.0.partial_cmp(&b.0).unwrap());
            let max = vals.last().unwrap().0;
            let mut seed = 0x9e37_79b9_7f4a_7c15u64;
            for i in 0..200_000u32 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                // Values near the representable ones (ties and near-ties included).
                let (base, _) = vals[(seed as usize >> 8) % vals.len()];
                let x = match i % 4 {
                    0 => base,
                    1 => base * (1.0 + (seed >> 40) as f64 * 2f64.powi(-30)),
                    2 => f64::from_bits(base.to_bits().wrapping_add((seed >> 50) | 1)),
                    _ => (base + vals[((seed >> 20) as usize) % vals.len()].0) / 2.0,
                };
                if !x.is_finite() || x.abs() > max {
                    continue;
                }
                let k = vals.partition_point(|(v, _)| *v < x);
                let hi = vals[k.min(vals.len() - 1)];
                let lo = if hi.0 == x { hi } else { vals[k - 1] };
                for rnd in Round::ALL {
                    let got = round_from_f64(ty, x, rnd) as u16;
                    let want = if lo.0 == x {
                        lo.1
                    } else {
                        match rnd {
                            Round::Rm => lo.1,
                            Round::Rp => hi.1,
                            Round::Rz => {
                                if x > 0.0 {
                                    lo.1
                                } else {
                                    hi.1
                                }
                            }
                            Round::Rn => {
                                let (dl, dh) = (x - lo.0, hi.0 - x);
                                if dl < dh || (dl == dh && lo.1 & 1 == 0) {
                                    lo.1
                                } else {
                                    hi.1
                                }
                            }
                        }
                    };
                    // Zero results keep the sign of x.
                    let want = if to(want) == 0.0 && x < 0.0 {
                        want | 0x8000
                    } else {
                        want
                    };
                    assert_eq!(got, want, "{ty} {x:e} {rnd:?}");
                }
            }
        }
    }

    #[test]
    fn narrow_shift_amounts_are_32_bit() {
        assert_eq!(bin(BinOp::Shl, Type::I8, 1, 0x10003), 0);
        assert_eq!(bin(BinOp::LShr, Type::I16, 0x8000, 0x10003), 0);
        assert_eq!(bin(BinOp::Shl, Type::I8, 1, 3), 8);
    }

    #[test]
    fn cvt_saturates() {
        let big = 3e10f32.to_bits() as u64;
        assert_eq!(
            cvt(
                CvtOp::FtoS,
                Type::I32,
                Type::F32,
                Round::Rz,
                false,
                false,
                big
            ),
            0x7fff_ffff
        );
        let nan = f32::NAN.to_bits() as u64;
        assert_eq!(
            cvt(
                CvtOp::FtoU,
                Type::I32,
                Type::F32,
                Round::Rz,
                false,
                false,
                nan
            ),
            0
        );
        let m = (-2.5f32).to_bits() as u64;
        assert_eq!(
            cvt(
                CvtOp::FtoS,
                Type::I32,
                Type::F32,
                Round::Rn,
                false,
                false,
                m
            ),
            (-2i32) as u32 as u64
        );
    }
}
