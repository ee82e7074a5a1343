//! Integer operations. Native where Cranelift has the operation; the IR's defined
//! edge cases (shift amounts ≥ width, division by zero, `MIN / -1`) get explicit
//! compare + select fix-ups, since Cranelift masks shift amounts and traps on
//! division. `i1` arithmetic beyond and/or/xor/add/sub/mul, `prmt`, `bfe` and
//! `bfi` call the semantics helpers.

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types as clt, InstBuilder, Value};
use xisa_ir::op;
use xisa_ir::{BinOp, ICond, Operand, Reg, Type, UnOp};

use super::values::int_type;
use super::Lowerer;
use crate::helpers::{index_of, type_index, Code, Helper};

/// A partially known bit pattern while building a `lop3` expression.
#[derive(Clone, Copy, PartialEq)]
enum Bits {
    Zero,
    Ones,
    V(Value),
}

/// A bit field of register operands (see `Lowerer::field`).
struct Field {
    /// The length, masked to 8 bits.
    l: Value,
    /// The field bits inside the value.
    n: Value,
    /// The position when in range, else 0 (a safe shift amount).
    at: Value,
}

impl Lowerer<'_, '_> {
    pub(super) fn lower_bin(&mut self, o: &op::Bin) {
        let (op, ty, dst, a, b) = (o.op, o.ty, o.dst, o.a, o.b);
        let t = ty.as_int();
        if matches!(op, BinOp::Shl | BinOp::LShr | BinOp::AShr) {
            return self.lower_shift(op, t, dst, a, b);
        }
        if t == Type::I1
            && !matches!(
                op,
                BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::And | BinOp::Or | BinOp::Xor
            )
        {
            // 1-bit signed/shift/division semantics: rare, use the reference.
            let code = Code {
                op: index_of(&BinOp::ALL, &op),
                ty: type_index(t),
                ..Code::default()
            };
            let (x, y) = (self.read_u64(a, t), self.read_u64(b, t));
            self.call_helper_into(Helper::Bin, code.pack(), &[x, y], dst, t);
            return;
        }
        let x = self.read(a, t);
        let y = self.read(b, t);
        let mut r = self.bin_native(op, t, x, y);
        if t == Type::I1 {
            // add/sub/mul of 0/1 values: keep bit 0 (the low bit of the result
            // depends only on the low bits of the operands).
            let one = self.iconst(clt::I8, 1);
            r = self.b.ins().band(r, one);
        }
        self.write(dst, r, t);
    }

    /// Shifts. The amount is an `i32` operand whatever the shifted type
    /// (`docs/ir.md`): its low 32 bits count. Immediate amounts are probed
    /// through `semantics::bin` at compile time (so the folding is exactly the
    /// reference's).
    fn lower_shift(&mut self, op: BinOp, t: Type, dst: Reg, a: Operand, b: Operand) {
        if t == Type::I1 {
            // A 1-bit shift (not verifiable IR): the reference.
            let code = Code {
                op: index_of(&BinOp::ALL, &op),
                ty: type_index(t),
                ..Code::default()
            };
            let (x, y) = (self.read_u64(a, t), self.read_u64(b, Type::I32));
            self.call_helper_into(Helper::Bin, code.pack(), &[x, y], dst, t);
            return;
        }
        let x = self.read(a, t);
        let ct = int_type(t);
        let r = match b {
            Operand::Imm(v) => {
                // Shl of 1 shows the effective amount: 1 << n, or 0 from the width.
                let probe = xisa_ir::semantics::bin(BinOp::Shl, t, 1, v);
                let n = (probe != 0).then(|| probe.trailing_zeros() as u64);
                match (op, n) {
                    (BinOp::Shl, Some(n)) => {
                        let c = self.iconst(ct, n);
                        self.b.ins().ishl(x, c)
                    }
                    (BinOp::LShr, Some(n)) => {
                        let c = self.iconst(ct, n);
                        self.b.ins().ushr(x, c)
                    }
                    (_, Some(n)) => {
                        let c = self.iconst(ct, n);
                        self.b.ins().sshr(x, c)
                    }
                    (BinOp::AShr, None) => {
                        let c = self.iconst(ct, t.bits() as u64 - 1);
                        self.b.ins().sshr(x, c)
                    }
                    (_, None) => self.iconst(ct, 0),
                }
            }
            Operand::Reg(_) => {
                let n = self.read(b, Type::I32);
                self.shift_native(op, x, n)
            }
        };
        self.write(dst, r, t);
    }

    /// `x` (of its own width) shifted by `n` (any integer type, unsigned), with
    /// the IR's clamping: Cranelift masks the amount, the IR gives 0 (shl,
    /// lshr) or the sign fill (ashr) from the width on.
    fn shift_native(&mut self, op: BinOp, x: Value, n: Value) -> Value {
        let ct = self.b.func.dfg.value_type(x);
        let bits = ct.bits() as u64;
        let nt = self.b.func.dfg.value_type(n);
        match op {
            BinOp::AShr => {
                let max = self.iconst(nt, bits - 1);
                let m = self.b.ins().umin(n, max);
                self.b.ins().sshr(x, m)
            }
            _ => {
                let s = if op == BinOp::Shl {
                    self.b.ins().ishl(x, n)
                } else {
                    self.b.ins().ushr(x, n)
                };
                let w = self.iconst(nt, bits);
                let big = self.b.ins().icmp(IntCC::UnsignedGreaterThanOrEqual, n, w);
                let zero = self.iconst(ct, 0);
                self.b.ins().select(big, zero, s)
            }
        }
    }

    /// `op` on two integers of IR type `t` (`i8`..`i64`).
    fn bin_native(&mut self, op: BinOp, t: Type, x: Value, y: Value) -> Value {
        let ct = int_type(t);
        match op {
            BinOp::Add => self.b.ins().iadd(x, y),
            BinOp::Sub => self.b.ins().isub(x, y),
            BinOp::Mul => self.b.ins().imul(x, y),
            BinOp::MulHiS => self.mul_hi(true, x, y),
            BinOp::MulHiU => self.mul_hi(false, x, y),
            BinOp::DivU | BinOp::RemU => {
                // x / 0 = all ones, x % 0 = x: divide by 1 instead, then fix up.
                let zero = self.iconst(ct, 0);
                let one = self.iconst(ct, 1);
                let is0 = self.b.ins().icmp(IntCC::Equal, y, zero);
                let safe = self.b.ins().select(is0, one, y);
                if op == BinOp::DivU {
                    let q = self.b.ins().udiv(x, safe);
                    let ones = self.iconst(ct, u64::MAX);
                    self.b.ins().select(is0, ones, q)
                } else {
                    let r = self.b.ins().urem(x, safe);
                    self.b.ins().select(is0, x, r)
                }
            }
            BinOp::DivS | BinOp::RemS => {
                // x / 0 = -1, x % 0 = x, x / -1 = -x (wrapping), x % -1 = 0: divide
                // by 1 for both special divisors (x % 1 = 0 already), then fix up.
                let zero = self.iconst(ct, 0);
                let one = self.iconst(ct, 1);
                let m1 = self.iconst(ct, u64::MAX);
                let is0 = self.b.ins().icmp(IntCC::Equal, y, zero);
                let ism1 = self.b.ins().icmp(IntCC::Equal, y, m1);
                let special = self.b.ins().bor(is0, ism1);
                let safe = self.b.ins().select(special, one, y);
                if op == BinOp::DivS {
                    let q = self.b.ins().sdiv(x, safe);
                    let neg = self.b.ins().ineg(x);
                    let q = self.b.ins().select(ism1, neg, q);
                    self.b.ins().select(is0, m1, q)
                } else {
                    let r = self.b.ins().srem(x, safe);
                    self.b.ins().select(is0, x, r)
                }
            }
            BinOp::And => self.b.ins().band(x, y),
            BinOp::Or => self.b.ins().bor(x, y),
            BinOp::Xor => self.b.ins().bxor(x, y),
            BinOp::Shl | BinOp::LShr | BinOp::AShr => self.shift_native(op, x, y),
            BinOp::MinS => self.b.ins().smin(x, y),
            BinOp::MinU => self.b.ins().umin(x, y),
            BinOp::MaxS => self.b.ins().smax(x, y),
            BinOp::MaxU => self.b.ins().umax(x, y),
        }
    }

    /// High half of the double-width product.
    fn mul_hi(&mut self, signed: bool, x: Value, y: Value) -> Value {
        let ct = self.b.func.dfg.value_type(x);
        if ct.bits() >= 32 {
            return if signed {
                self.b.ins().smulhi(x, y)
            } else {
                self.b.ins().umulhi(x, y)
            };
        }
        // 8/16 bits: the full product fits in 32 bits.
        let (wx, wy) = (
            self.extend(signed, x, clt::I32),
            self.extend(signed, y, clt::I32),
        );
        let p = self.b.ins().imul(wx, wy);
        let sh = self.iconst(clt::I32, ct.bits() as u64);
        let hi = self.b.ins().ushr(p, sh);
        self.b.ins().ireduce(ct, hi)
    }

    pub(super) fn lower_un(&mut self, o: &op::Un) {
        let (op, ty, dst, a) = (o.op, o.ty, o.dst, o.a);
        let t = ty.as_int();
        if t == Type::I1 && op != UnOp::Not {
            let code = Code {
                op: index_of(&UnOp::ALL, &op),
                ty: type_index(t),
                ..Code::default()
            };
            let x = self.read_u64(a, t);
            self.call_helper_into(Helper::Un, code.pack(), &[x], dst, t);
            return;
        }
        let x = self.read(a, t);
        let ct = int_type(t);
        let r = match op {
            UnOp::Not if t == Type::I1 => {
                let one = self.iconst(clt::I8, 1);
                self.b.ins().bxor(x, one)
            }
            UnOp::Not => self.b.ins().bnot(x),
            UnOp::Neg => self.b.ins().ineg(x),
            UnOp::Abs => self.b.ins().iabs(x),
            UnOp::Popc => self.widen_op(x, |s, w| s.b.ins().popcnt(w)),
            UnOp::Clz => self.clz(x),
            UnOp::Ctz => {
                if ct.bits() >= 32 {
                    self.b.ins().ctz(x)
                } else {
                    // A guard bit at the width makes ctz(0) = width.
                    let w = self.b.ins().uextend(clt::I32, x);
                    let guard = self.iconst(clt::I32, 1 << ct.bits());
                    let w = self.b.ins().bor(w, guard);
                    let c = self.b.ins().ctz(w);
                    self.b.ins().ireduce(ct, c)
                }
            }
            UnOp::Brev => {
                if ct.bits() >= 32 {
                    self.b.ins().bitrev(x)
                } else {
                    let w = self.b.ins().uextend(clt::I32, x);
                    let r = self.b.ins().bitrev(w);
                    let sh = self.iconst(clt::I32, 32 - ct.bits() as u64);
                    let r = self.b.ins().ushr(r, sh);
                    self.b.ins().ireduce(ct, r)
                }
            }
            UnOp::FloU => self.flo(x),
            UnOp::FloS => {
                // Index of the highest bit differing from the sign: flo(x ^ sign fill).
                let zero = self.iconst(ct, 0);
                let neg = self.b.ins().icmp(IntCC::SignedLessThan, x, zero);
                let inv = self.b.ins().bnot(x);
                let v = self.b.ins().select(neg, inv, x);
                self.flo(v)
            }
        };
        self.write(dst, r, t);
    }

    /// Applies `f` at 32 bits to a zero-extended narrow value (the x64 backend
    /// has no 8/16-bit forms of every bit-count instruction).
    fn widen_op(&mut self, x: Value, f: impl FnOnce(&mut Self, Value) -> Value) -> Value {
        let ct = self.b.func.dfg.value_type(x);
        if ct.bits() >= 32 {
            return f(self, x);
        }
        let w = self.b.ins().uextend(clt::I32, x);
        let r = f(self, w);
        self.b.ins().ireduce(ct, r)
    }

    /// Leading zeros at the value's own width.
    fn clz(&mut self, x: Value) -> Value {
        let ct = self.b.func.dfg.value_type(x);
        if ct.bits() >= 32 {
            return self.b.ins().clz(x);
        }
        let w = self.b.ins().uextend(clt::I32, x);
        let c = self.b.ins().clz(w);
        let extra = self.iconst(clt::I32, 32 - ct.bits() as u64);
        let c = self.b.ins().isub(c, extra);
        self.b.ins().ireduce(ct, c)
    }

    /// Bit index of the most significant 1, all ones if none.
    fn flo(&mut self, x: Value) -> Value {
        let ct = self.b.func.dfg.value_type(x);
        let c = self.clz(x);
        let top = self.iconst(ct, ct.bits() as u64 - 1);
        let idx = self.b.ins().isub(top, c);
        let zero = self.iconst(ct, 0);
        let is0 = self.b.ins().icmp(IntCC::Equal, x, zero);
        let ones = self.iconst(ct, u64::MAX);
        self.b.ins().select(is0, ones, idx)
    }

    pub(super) fn lower_mad(&mut self, o: &op::Mad) {
        let (ty, dst, a, b, c) = (o.ty, o.dst, o.a, o.b, o.c);
        let t = ty.as_int();
        let (x, y, z) = (self.read(a, t), self.read(b, t), self.read(c, t));
        let p = self.b.ins().imul(x, y);
        let mut r = self.b.ins().iadd(p, z);
        if t == Type::I1 {
            let one = self.iconst(clt::I8, 1);
            r = self.b.ins().band(r, one);
        }
        self.write(dst, r, t);
    }

    pub(super) fn lower_mul_wide(&mut self, o: &op::MulWide) {
        let (signed, dst, a, b) = (o.signed, o.dst, o.a, o.b);
        let (x, y) = (self.read(a, Type::I32), self.read(b, Type::I32));
        let (x, y) = (
            self.extend(signed, x, clt::I64),
            self.extend(signed, y, clt::I64),
        );
        let r = self.b.ins().imul(x, y);
        self.write(dst, r, Type::I64);
    }

    /// Funnel shift on the 64-bit concatenation `hi:lo` (amount ≤ 32 never
    /// reaches Cranelift's masking).
    pub(super) fn lower_funnel(&mut self, o: &op::Funnel) {
        let (left, wrap, dst, lo, hi, shift) = (o.left, o.wrap, o.dst, o.lo, o.hi, o.shift);
        let lo = self.read(lo, Type::I32);
        let hi = self.read(hi, Type::I32);
        let s = self.read(shift, Type::I32);
        let n = if wrap {
            let m = self.iconst(clt::I32, 31);
            self.b.ins().band(s, m)
        } else {
            let m = self.iconst(clt::I32, 32);
            self.b.ins().umin(s, m)
        };
        let n = self.b.ins().uextend(clt::I64, n);
        let lo = self.b.ins().uextend(clt::I64, lo);
        let hi = self.b.ins().uextend(clt::I64, hi);
        let c32 = self.iconst(clt::I64, 32);
        let hi = self.b.ins().ishl(hi, c32);
        let v = self.b.ins().bor(hi, lo);
        let r = if left {
            let v = self.b.ins().ishl(v, n);
            self.b.ins().ushr(v, c32)
        } else {
            self.b.ins().ushr(v, n)
        };
        let r = self.b.ins().ireduce(clt::I32, r);
        self.write(dst, r, Type::I32);
    }

    /// `lop3` as and/or/not: Shannon expansion on `a`, then `b`, then `c`, with
    /// constant folding so common tables (xor3, and, majority...) stay small.
    pub(super) fn lower_lop3(&mut self, o: &op::Lop3) {
        let (ty, dst, a, b, c, lut) = (o.ty, o.dst, o.a, o.b, o.c, o.lut);
        let t = ty.as_int();
        let (x, y, z) = (self.read(a, t), self.read(b, t), self.read(c, t));
        let f_a1 = self.lut2(y, z, lut >> 4);
        let f_a0 = self.lut2(y, z, lut & 0xf);
        let r = self.mux(x, f_a1, f_a0);
        let ct = int_type(t);
        let mut r = self.materialize(r, ct);
        if t == Type::I1 {
            let one = self.iconst(clt::I8, 1);
            r = self.b.ins().band(r, one);
        }
        self.write(dst, r, t);
    }

    /// The function of `(b, c)` with truth table `l` (bit `(b<<1)|c`).
    fn lut2(&mut self, b: Value, c: Value, l: u8) -> Bits {
        let g1 = self.lut1(c, (l >> 2) & 3);
        let g0 = self.lut1(c, l & 3);
        self.mux(b, g1, g0)
    }

    /// The function of `c` with truth table `l` (bit `c`).
    fn lut1(&mut self, c: Value, l: u8) -> Bits {
        match l & 3 {
            0 => Bits::Zero,
            1 => Bits::V(self.b.ins().bnot(c)),
            2 => Bits::V(c),
            _ => Bits::Ones,
        }
    }

    /// `(s & hi) | (!s & lo)`, folding constants.
    fn mux(&mut self, s: Value, hi: Bits, lo: Bits) -> Bits {
        if hi == lo {
            return hi;
        }
        let r = match (hi, lo) {
            (Bits::Ones, Bits::Zero) => s,
            (Bits::Zero, Bits::Ones) => self.b.ins().bnot(s),
            (Bits::V(h), Bits::Zero) => self.b.ins().band(s, h),
            (Bits::Zero, Bits::V(l)) => self.b.ins().band_not(l, s),
            (Bits::Ones, Bits::V(l)) => self.b.ins().bor(s, l),
            (Bits::V(h), Bits::Ones) => self.b.ins().bor_not(h, s),
            (Bits::V(h), Bits::V(l)) => {
                let a = self.b.ins().band(s, h);
                let b = self.b.ins().band_not(l, s);
                self.b.ins().bor(a, b)
            }
            // hi == lo handled above.
            (Bits::Zero, Bits::Zero) | (Bits::Ones, Bits::Ones) => return hi,
        };
        Bits::V(r)
    }

    fn materialize(&mut self, v: Bits, ct: cranelift_codegen::ir::Type) -> Value {
        match v {
            Bits::Zero => self.iconst(ct, 0),
            Bits::Ones => self.iconst(ct, u64::MAX),
            Bits::V(v) => v,
        }
    }

    pub(super) fn lower_prmt(&mut self, o: &op::Prmt) {
        let (dst, a, b, sel) = (o.dst, o.a, o.b, o.sel);
        if let Operand::Imm(sel) = sel {
            // A constant selector: each result byte is a shift and a mask of
            // {b, a} (or its sign bit replicated), as `semantics::prmt`.
            let x = self.read(a, Type::I32);
            let y = self.read(b, Type::I32);
            let mut r: Option<Value> = None;
            for i in 0..4u32 {
                let s = (sel >> (4 * i)) & 0xf;
                let k = (s & 7) as u32;
                let src = if k < 4 { x } else { y };
                let byte = if s & 8 != 0 {
                    // The byte's top bit, replicated: shift it to bit 31,
                    // arithmetic shift right to all 32 bits.
                    let up = self
                        .b
                        .ins()
                        .ishl_imm_u(src, i64::from(31 - (8 * (k % 4) + 7)));
                    let all = self.b.ins().sshr_imm_u(up, 31);
                    self.b.ins().band_imm_u(all, 0xff << (8 * i))
                } else {
                    let sh = 8 * (k % 4) as i64 - 8 * i as i64;
                    let moved = if sh > 0 {
                        self.b.ins().ushr_imm_u(src, sh)
                    } else if sh < 0 {
                        self.b.ins().ishl_imm_u(src, -sh)
                    } else {
                        src
                    };
                    self.b.ins().band_imm_u(moved, 0xff << (8 * i))
                };
                r = Some(match r {
                    Some(p) => self.b.ins().bor(p, byte),
                    None => byte,
                });
            }
            let r = r.unwrap_or_else(|| self.iconst(clt::I32, 0));
            self.write(dst, r, Type::I32);
            return;
        }
        // A register selector: each byte picks one of the eight bytes of
        // {b, a} (nibble bits 0-2) or its top bit replicated (bit 3).
        let x = self.read(a, Type::I32);
        let y = self.read(b, Type::I32);
        let s = self.read(sel, Type::I32);
        let lo = self.b.ins().uextend(clt::I64, x);
        let hi = self.b.ins().uextend(clt::I64, y);
        let hi = self.b.ins().ishl_imm_u(hi, 32);
        let both = self.b.ins().bor(hi, lo);
        let zero = self.iconst(clt::I32, 0);
        let ff = self.iconst(clt::I32, 0xff);
        let mut r: Option<Value> = None;
        for i in 0..4i64 {
            let nib = self.b.ins().ushr_imm_u(s, 4 * i);
            let k = self.b.ins().band_imm_u(nib, 7);
            let k = self.b.ins().ishl_imm_u(k, 3);
            let k = self.b.ins().uextend(clt::I64, k);
            let byte = self.b.ins().ushr(both, k);
            let byte = self.b.ins().ireduce(clt::I32, byte);
            let byte = self.b.ins().band_imm_u(byte, 0xff);
            let neg = self.b.ins().band_imm_u(byte, 0x80);
            let neg = self.b.ins().icmp_imm_u(IntCC::NotEqual, neg, 0);
            let rep = self.b.ins().select(neg, ff, zero);
            let sgn = self.b.ins().band_imm_u(nib, 8);
            let sgn = self.b.ins().icmp_imm_u(IntCC::NotEqual, sgn, 0);
            let byte = self.b.ins().select(sgn, rep, byte);
            let byte = self.b.ins().ishl_imm_u(byte, 8 * i);
            r = Some(match r {
                Some(p) => self.b.ins().bor(p, byte),
                None => byte,
            });
        }
        let r = r.unwrap_or(zero);
        self.write(dst, r, Type::I32);
    }

    pub(super) fn lower_bfe(&mut self, o: &op::Bfe) {
        let (signed, ty, dst, a, pos, len) = (o.signed, o.ty, o.dst, o.a, o.pos, o.len);
        let t = ty.as_int();
        if let (Operand::Imm(p), Operand::Imm(l), true) = (pos, len, t != Type::I1) {
            let r = self.bfe_const(signed, t, a, p & 0xff, l & 0xff);
            self.write(dst, r, t);
            return;
        }
        if matches!(t, Type::I32 | Type::I64) {
            let r = self.bfe_var(signed, t, a, pos, len);
            self.write(dst, r, t);
            return;
        }
        let code = Code {
            ty: type_index(t),
            flag: signed,
            ..Code::default()
        };
        let args = [
            self.read_u64(a, t),
            self.read_u64(pos, Type::I32),
            self.read_u64(len, Type::I32),
        ];
        self.call_helper_into(Helper::Bfe, code.pack(), &args, dst, t);
    }

    /// The field of a `bfe` / `bfi` with register operands: position and
    /// length masked to 8 bits, the number of field bits inside the value
    /// `n` (0 when the position is out of range) and a shift amount that is
    /// the position when in range, else 0; all of the value's width.
    fn field(&mut self, t: Type, pos: Operand, len: Operand) -> Field {
        let ct = int_type(t);
        let w = u64::from(t.bits());
        let p = self.read(pos, Type::I32);
        let p = self.b.ins().band_imm_u(p, 0xff);
        let l = self.read(len, Type::I32);
        let l = self.b.ins().band_imm_u(l, 0xff);
        let (p, l) = if ct == clt::I64 {
            (self.b.ins().uextend(ct, p), self.b.ins().uextend(ct, l))
        } else {
            (p, l)
        };
        let zero = self.iconst(ct, 0);
        let inside = self
            .b
            .ins()
            .icmp_imm_u(IntCC::UnsignedLessThan, p, w as i64);
        let wv = self.iconst(ct, w);
        let room = self.b.ins().isub(wv, p);
        let n = self.b.ins().umin(l, room);
        let n = self.b.ins().select(inside, n, zero);
        let at = self.b.ins().select(inside, p, zero);
        Field { l, n, at }
    }

    /// `n` low bits set (all of them when `n` is the width).
    fn low_mask(&mut self, t: Type, n: Value) -> Value {
        let ct = int_type(t);
        let ones = self.iconst(ct, u64::MAX);
        let one = self.iconst(ct, 1);
        let m = self.b.ins().ishl(one, n);
        let m = self.b.ins().iadd_imm_s(m, -1);
        let full =
            self.b
                .ins()
                .icmp_imm_u(IntCC::UnsignedGreaterThanOrEqual, n, i64::from(t.bits()));
        self.b.ins().select(full, ones, m)
    }

    /// `bfe` with register operands (`semantics::bfe`) on i32 / i64: the
    /// in-range field bits shifted down and masked, or (signed) shifted to
    /// the top and arithmetically back; no field bit in range gives 0 or
    /// (signed, length not 0) the top bit replicated.
    fn bfe_var(&mut self, signed: bool, t: Type, a: Operand, pos: Operand, len: Operand) -> Value {
        let ct = int_type(t);
        let w = u64::from(t.bits());
        let f = self.field(t, pos, len);
        let x = self.read(a, t);
        let zero = self.iconst(ct, 0);
        if !signed {
            let down = self.b.ins().ushr(x, f.at);
            let m = self.low_mask(t, f.n);
            return self.b.ins().band(down, m);
        }
        let some = self.b.ins().icmp_imm_u(IntCC::NotEqual, f.n, 0);
        let wv = self.iconst(ct, w);
        let left = self.b.ins().isub(wv, f.at);
        let left = self.b.ins().isub(left, f.n);
        let left = self.b.ins().select(some, left, zero);
        let right = self.b.ins().isub(wv, f.n);
        let top = self.iconst(ct, w - 1);
        let right = self.b.ins().select(some, right, top);
        let up = self.b.ins().ishl(x, left);
        let r = self.b.ins().sshr(up, right);
        let none = self.b.ins().icmp_imm_u(IntCC::Equal, f.l, 0);
        self.b.ins().select(none, zero, r)
    }

    /// `bfe` with a constant position and length (`semantics::bfe`): the
    /// `n` field bits that lie inside the value, zero- or sign-extended from
    /// the field's top bit; with no field bit in range, 0 or (signed) the
    /// value's top bit replicated.
    fn bfe_const(&mut self, signed: bool, t: Type, a: Operand, pos: u64, len: u64) -> Value {
        let w = u64::from(t.bits());
        let ct = int_type(t);
        let n = if pos < w { len.min(w - pos) } else { 0 };
        if len == 0 || (n == 0 && !signed) {
            return self.iconst(ct, 0);
        }
        let x = self.read(a, t);
        if n == 0 {
            return self.b.ins().sshr_imm_u(x, (w - 1) as i64);
        }
        if signed {
            let up = self.b.ins().ishl_imm_u(x, (w - pos - n) as i64);
            self.b.ins().sshr_imm_u(up, (w - n) as i64)
        } else {
            let down = self.b.ins().ushr_imm_u(x, pos as i64);
            if n == w {
                down
            } else {
                self.b.ins().band_imm_u(down, ((1u64 << n) - 1) as i64)
            }
        }
    }

    pub(super) fn lower_bfi(&mut self, o: &op::Bfi) {
        let (ty, dst, ins, base, pos, len) = (o.ty, o.dst, o.ins, o.base, o.pos, o.len);
        let t = ty.as_int();
        if let (Operand::Imm(p), Operand::Imm(l), true) = (pos, len, t != Type::I1) {
            // A constant field: mask = the len bits from pos that fit.
            let (p, l, w) = (p & 0xff, l & 0xff, u64::from(t.bits()));
            let n = if p < w { l.min(w - p) } else { 0 };
            let base = self.read(base, t);
            let r = if n == 0 {
                base
            } else {
                let mask = (((1u128 << n) - 1) << p) as u64 & t.mask();
                let i = self.read(ins, t);
                let i = self.b.ins().ishl_imm_u(i, p as i64);
                let i = self.b.ins().band_imm_u(i, mask as i64);
                let keep = self.b.ins().band_imm_u(base, !mask as i64);
                self.b.ins().bor(keep, i)
            };
            self.write(dst, r, t);
            return;
        }
        if matches!(t, Type::I32 | Type::I64) {
            // mask = the field bits that fit (none when the position is out
            // of range or the length is 0), as `semantics::bfi`.
            let f = self.field(t, pos, len);
            let low = self.low_mask(t, f.n);
            let mask = self.b.ins().ishl(low, f.at);
            let i = self.read(ins, t);
            let i = self.b.ins().ishl(i, f.at);
            let i = self.b.ins().band(i, mask);
            let base = self.read(base, t);
            let keep = self.b.ins().band_not(base, mask);
            let r = self.b.ins().bor(keep, i);
            self.write(dst, r, t);
            return;
        }
        let code = Code {
            ty: type_index(t),
            ..Code::default()
        };
        let args = [
            self.read_u64(ins, t),
            self.read_u64(base, t),
            self.read_u64(pos, Type::I32),
            self.read_u64(len, Type::I32),
        ];
        self.call_helper_into(Helper::Bfi, code.pack(), &args, dst, t);
    }

    pub(super) fn lower_icmp(&mut self, o: &op::ICmp) {
        let (cond, ty, dst, a, b) = (o.cond, o.ty, o.dst, o.a, o.b);
        let t = ty.as_int();
        let mut x = self.read(a, t);
        let mut y = self.read(b, t);
        if t == Type::I1 {
            // As a signed 1-bit value, 1 is -1: spread bit 0 over the byte so the
            // i8 comparison orders the values right both ways.
            x = self.b.ins().ineg(x);
            y = self.b.ins().ineg(y);
        }
        let cc = match cond {
            ICond::Eq => IntCC::Equal,
            ICond::Ne => IntCC::NotEqual,
            ICond::Slt => IntCC::SignedLessThan,
            ICond::Sle => IntCC::SignedLessThanOrEqual,
            ICond::Sgt => IntCC::SignedGreaterThan,
            ICond::Sge => IntCC::SignedGreaterThanOrEqual,
            ICond::Ult => IntCC::UnsignedLessThan,
            ICond::Ule => IntCC::UnsignedLessThanOrEqual,
            ICond::Ugt => IntCC::UnsignedGreaterThan,
            ICond::Uge => IntCC::UnsignedGreaterThanOrEqual,
        };
        let r = self.b.ins().icmp(cc, x, y);
        self.write(dst, r, Type::I1);
    }
}
