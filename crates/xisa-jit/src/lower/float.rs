//! Float operations and conversions.
//!
//! Native (f32/f64 only, round-to-nearest, no flush-to-zero): add, sub, mul, div,
//! sqrt, rcp, neg, abs, fma (host FMA), floor/ceil/trunc/rint (host rounding
//! instructions), f64 rsqrt, all comparisons, float→int with rounding then
//! Cranelift's saturating conversion, int→float, f32↔f64 with the IR's canonical
//! NaN. Everything else (directed rounding, ftz, f16/bf16, transcendentals,
//! IEEE min/max, `sat`) calls the semantics helpers.
//!
//! NaN bits: a native result that is NaN is recomputed by the helper (see
//! `nan_fallback`), so NaN payloads and signs match the interpreter too.

use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{types as clt, InstBuilder, Value};
use xisa_ir::op;
use xisa_ir::{CvtOp, FBinOp, FCond, FUnOp, Operand, Reg, Round, Type};

use super::values::{cl_type, int_type};
use super::Lowerer;
use crate::helpers::{index_of, round_index, type_index, Code, Helper};

/// f32 and f64: the types the host computes natively.
fn hw_float(ty: Type) -> bool {
    matches!(ty, Type::F32 | Type::F64)
}

/// The helper code of an `FBin`.
fn fbin_code(op: FBinOp, ty: Type, rnd: Round, ftz: bool) -> u32 {
    Code {
        op: index_of(&FBinOp::ALL, &op),
        ty: type_index(ty),
        rnd: round_index(rnd),
        ftz,
        ..Code::default()
    }
    .pack()
}

/// The IR's four min / max ops.
fn min_max(op: FBinOp) -> bool {
    matches!(
        op,
        FBinOp::Min | FBinOp::Max | FBinOp::MinNan | FBinOp::MaxNan
    )
}

impl Lowerer<'_, '_> {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn lower_fbin(&mut self, o: &op::FBin) {
        let (op, ty, rnd, ftz, dst, a, b) = (o.op, o.ty, o.rnd, o.ftz, o.dst, o.a, o.b);
        if matches!(ty, Type::F16 | Type::BF16) && !ftz && (rnd == Round::Rn || min_max(op)) {
            return self.fbin_small(op, ty, rnd, dst, a, b);
        }
        // min / max are exact (no rounding): native in every mode. With
        // `ftz`, natively unless an operand or the result is subnormal.
        let native = hw_float(ty)
            && (min_max(op)
                || rnd == Round::Rn
                    && matches!(op, FBinOp::Add | FBinOp::Sub | FBinOp::Mul | FBinOp::Div));
        if !native {
            let args = [self.read_u64(a, ty), self.read_u64(b, ty)];
            self.call_helper_into(Helper::FBin, fbin_code(op, ty, rnd, ftz), &args, dst, ty);
            return;
        }
        let x = self.read(a, ty);
        let y = self.read(b, ty);
        let r = self.native_fbin(op, ty, rnd, ftz, x, y);
        self.write(dst, r, ty);
    }

    /// `x op y` by the host's IEEE instruction (`fmin` / `fmax`: minimum /
    /// maximum, NaN-propagating, -0 < +0).
    fn host_fop(&mut self, op: FBinOp, x: Value, y: Value) -> Value {
        match op {
            FBinOp::Add => self.b.ins().fadd(x, y),
            FBinOp::Sub => self.b.ins().fsub(x, y),
            FBinOp::Mul => self.b.ins().fmul(x, y),
            FBinOp::Div => self.b.ins().fdiv(x, y),
            FBinOp::Min | FBinOp::MinNan => self.b.ins().fmin(x, y),
            FBinOp::Max | FBinOp::MaxNan => self.b.ins().fmax(x, y),
        }
    }

    /// Whether any of `vals` (f32 or f64) is subnormal: `(bits << 1) - 1`
    /// is below the smallest normal's `bits << 1` exactly for the nonzero
    /// values with a zero exponent (zero wraps to all ones).
    fn any_subnormal(&mut self, ty: Type, vals: &[Value]) -> Value {
        let (it, lim) = if ty == Type::F64 {
            (clt::I64, (1u64 << 53) - 1)
        } else {
            (clt::I32, (1u64 << 24) - 1)
        };
        let mut m: Option<Value> = None;
        for &v in vals {
            let bits = self.bits_of(v, ty);
            let two = self.b.ins().ishl_imm_u(bits, 1);
            let t = self.b.ins().iadd_imm_s(two, -1);
            m = Some(match m {
                Some(p) => self.b.ins().umin(p, t),
                None => t,
            });
        }
        let m = m.unwrap_or_else(|| self.iconst(it, u64::MAX));
        self.b
            .ins()
            .icmp_imm_u(IntCC::UnsignedLessThan, m, lim as i64)
    }

    /// `x op y` on f32/f64, natively, with NaN results from the helper and,
    /// with `ftz`, the helper's result also where an operand or the result
    /// is subnormal (see [`Self::nan_fallback`]).
    /// Cranelift's `fmin` / `fmax` are IEEE minimum / maximum
    /// (NaN-propagating, -0 < +0): on ordered operands they are exactly the
    /// IR's `min`/`max` and `min.nan`/`max.nan`, and a NaN operand gives a
    /// NaN result, which the helper replaces by the IR's (the other operand,
    /// or the quieted NaN).
    pub(super) fn native_fbin(
        &mut self,
        op: FBinOp,
        ty: Type,
        rnd: Round,
        ftz: bool,
        x: Value,
        y: Value,
    ) -> Value {
        let r = self.host_fop(op, x, y);
        let code = fbin_code(op, ty, rnd, ftz);
        self.nan_fallback(r, ty, Helper::FBin, code, &[x, y], ftz)
    }

    /// `r` (a native float result) unless it is NaN; then the helper's result.
    /// For a flushing op (`ftz`) the helper's result also where an operand
    /// (`args`) or the result is subnormal, since only then does flushing
    /// change anything.
    ///
    /// Which NaN an operation returns is not portable: x86 returns the first NaN
    /// operand, but the compiler that built `semantics` may commute `a + b` or
    /// turn `a + (-b)` into `a - b` (LLVM does not preserve NaN bits). Taking
    /// NaN results from the very function the interpreter calls keeps the two
    /// engines bit-identical for a compare and a never-taken branch on the
    /// common path.
    pub(super) fn nan_fallback(
        &mut self,
        r: Value,
        ty: Type,
        helper: Helper,
        code: u32,
        args: &[Value],
        ftz: bool,
    ) -> Value {
        let mut slow = self.b.ins().fcmp(FloatCC::Unordered, r, r);
        if ftz {
            let mut vals = args.to_vec();
            vals.push(r);
            let sub = self.any_subnormal(ty, &vals);
            slow = self.b.ins().bor(slow, sub);
        }
        self.helper_if(slow, r, ty, helper, code, args, ty)
    }

    /// `r` (of IR type `rty`) unless `slow`; then the helper's result for
    /// `args` (of IR type `aty`), on a cold path.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn helper_if(
        &mut self,
        slow: Value,
        r: Value,
        rty: Type,
        helper: Helper,
        code: u32,
        args: &[Value],
        aty: Type,
    ) -> Value {
        let slow_b = self.b.create_block();
        let join = self.b.create_block();
        self.b.set_cold_block(slow_b);
        let out = self.b.append_block_param(join, cl_type(rty));
        self.b.ins().brif(slow, slow_b, &[], join, &[r.into()]);
        self.b.switch_to_block(slow_b);
        let bits: Vec<Value> = args.iter().map(|&v| self.u64_of(v, aty)).collect();
        let h = self.call_helper(helper, code, &bits);
        let h = self.of_u64(h, rty);
        self.b.ins().jump(join, &[h.into()]);
        self.b.switch_to_block(join);
        out
    }

    pub(super) fn lower_fun(&mut self, o: &op::FUn) {
        let (op, ty, ftz, dst, a) = (o.op, o.ty, o.ftz, o.dst, o.a);
        // sqrt, rcp and rsqrt also with `ftz`: natively unless the operand
        // or the result is subnormal (or NaN).
        let exact = matches!(op, FUnOp::Sqrt | FUnOp::Rcp | FUnOp::Rsqrt);
        let native = hw_float(ty)
            && (!ftz || exact)
            && match op {
                FUnOp::Neg | FUnOp::Abs | FUnOp::Sqrt | FUnOp::Rcp | FUnOp::Rsqrt => true,
                FUnOp::Floor | FUnOp::Ceil | FUnOp::Trunc | FUnOp::Rint => self.caps.round,
                _ => false,
            };
        let code = Code {
            op: index_of(&FUnOp::ALL, &op),
            ty: type_index(ty),
            ftz,
            ..Code::default()
        };
        if !native {
            let x = self.read_u64(a, ty);
            self.call_helper_into(Helper::FUn, code.pack(), &[x], dst, ty);
            return;
        }
        let x = self.read(a, ty);
        let r = match op {
            FUnOp::Neg => self.b.ins().fneg(x),
            FUnOp::Abs => self.b.ins().fabs(x),
            FUnOp::Sqrt => self.b.ins().sqrt(x),
            FUnOp::Rcp => {
                let one = self.fconst(ty, 1.0);
                self.b.ins().fdiv(one, x)
            }
            FUnOp::Rsqrt if ty == Type::F32 => {
                // `semantics` computes the f32 rsqrt in f64 and rounds once
                // more to f32: the same IEEE operations, natively.
                let w = self.b.ins().fpromote(clt::F64, x);
                let one = self.fconst(Type::F64, 1.0);
                let s = self.b.ins().sqrt(w);
                let q = self.b.ins().fdiv(one, s);
                self.b.ins().fdemote(clt::F32, q)
            }
            FUnOp::Rsqrt => {
                let one = self.fconst(ty, 1.0);
                let s = self.b.ins().sqrt(x);
                self.b.ins().fdiv(one, s)
            }
            FUnOp::Floor => self.b.ins().floor(x),
            FUnOp::Ceil => self.b.ins().ceil(x),
            FUnOp::Trunc => self.b.ins().trunc(x),
            _ => self.b.ins().nearest(x),
        };
        let r = if ftz || (op == FUnOp::Rsqrt && ty == Type::F32) {
            self.nan_fallback(r, ty, Helper::FUn, code.pack(), &[x], ftz)
        } else {
            r
        };
        self.write(dst, r, ty);
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn lower_fma(&mut self, o: &op::Fma) {
        let (ty, ftz, dst, a, b, c) = (o.ty, o.ftz, o.dst, o.a, o.b, o.c);
        let code = Code {
            ty: type_index(ty),
            ftz,
            ..Code::default()
        };
        if hw_float(ty) && self.caps.fma {
            let (x, y, z) = (self.read(a, ty), self.read(b, ty), self.read(c, ty));
            let r = self.b.ins().fma(x, y, z);
            let r = self.nan_fallback(r, ty, Helper::Fma, code.pack(), &[x, y, z], ftz);
            self.write(dst, r, ty);
            return;
        }
        let args = [
            self.read_u64(a, ty),
            self.read_u64(b, ty),
            self.read_u64(c, ty),
        ];
        self.call_helper_into(Helper::Fma, code.pack(), &args, dst, ty);
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn lower_fcmp(&mut self, o: &op::FCmp) {
        let (cond, ty, ftz, dst, a, b) = (o.cond, o.ty, o.ftz, o.dst, o.a, o.b);
        let code = Code {
            op: index_of(&FCond::ALL, &cond),
            ty: type_index(ty),
            ftz,
            ..Code::default()
        };
        if !hw_float(ty) {
            let args = [self.read_u64(a, ty), self.read_u64(b, ty)];
            self.call_helper_into(Helper::FCmp, code.pack(), &args, dst, Type::I1);
            return;
        }
        let x = self.read(a, ty);
        let y = self.read(b, ty);
        let cc = match cond {
            FCond::Oeq => FloatCC::Equal,
            FCond::One => FloatCC::OrderedNotEqual,
            FCond::Olt => FloatCC::LessThan,
            FCond::Ole => FloatCC::LessThanOrEqual,
            FCond::Ogt => FloatCC::GreaterThan,
            FCond::Oge => FloatCC::GreaterThanOrEqual,
            FCond::Ueq => FloatCC::UnorderedOrEqual,
            FCond::Une => FloatCC::NotEqual,
            FCond::Ult => FloatCC::UnorderedOrLessThan,
            FCond::Ule => FloatCC::UnorderedOrLessThanOrEqual,
            FCond::Ugt => FloatCC::UnorderedOrGreaterThan,
            FCond::Uge => FloatCC::UnorderedOrGreaterThanOrEqual,
            FCond::Ord => FloatCC::Ordered,
            FCond::Uno => FloatCC::Unordered,
        };
        let r = self.b.ins().fcmp(cc, x, y);
        let r = if ftz {
            // A flushed operand compares as zero: the helper decides then.
            let sub = self.any_subnormal(ty, &[x, y]);
            self.helper_if(sub, r, Type::I1, Helper::FCmp, code.pack(), &[x, y], ty)
        } else {
            r
        };
        self.write(dst, r, Type::I1);
    }

    fn fconst(&mut self, ty: Type, v: f64) -> Value {
        if ty == Type::F32 {
            self.b.ins().f32const(v as f32)
        } else {
            self.b.ins().f64const(v)
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn lower_cvt(&mut self, o: &op::Cvt) {
        let (op, to, from, rnd, sat, ftz, dst, src) =
            (o.op, o.to, o.from, o.rnd, o.sat, o.ftz, o.dst, o.src);
        if let Some(r) = self.cvt_native(o) {
            self.write(dst, r, to);
            return;
        }
        let code = Code {
            op: index_of(&CvtOp::ALL, &op),
            ty: type_index(to),
            ty2: type_index(from),
            rnd: round_index(rnd),
            ftz,
            flag: sat,
        };
        if op == CvtOp::FtoF && !ftz && !sat {
            let half = match (from, to, rnd) {
                (Type::F16, Type::F32, _) => Some(self.f16_to_f32(src, code.pack())),
                (Type::F32, Type::F16, Round::Rn) => Some(self.f32_to_f16(src, code.pack())),
                _ => None,
            };
            if let Some(r) = half {
                self.write(dst, r, to);
                return;
            }
        }
        let v = self.read_u64(src, from);
        self.call_helper_into(Helper::Cvt, code.pack(), &[v], dst, to);
    }

    /// f16 to f32 (cvt), natively for normal values and zeros.
    fn f16_to_f32(&mut self, src: Operand, code: u32) -> Value {
        let h = self.read(src, Type::F16);
        let (r, slow) = self.widen_f16(h);
        self.helper_if(slow, r, Type::F32, Helper::Cvt, code, &[h], Type::F16)
    }

    /// f32 to f16 (cvt.rn), natively for results in the f16 normal range.
    fn f32_to_f16(&mut self, src: Operand, code: u32) -> Value {
        let x = self.read(src, Type::F32);
        let (r, slow) = self.narrow_f16(x);
        self.helper_if(slow, r, Type::F16, Helper::Cvt, code, &[x], Type::F32)
    }

    /// The f32 of the f16 bits `h` (an `i16`) by moving the fields (the
    /// exponent rebiased by 127 - 15), and whether that is wrong: `h` is
    /// subnormal, infinite or NaN.
    pub(super) fn widen_f16(&mut self, h: Value) -> (Value, Value) {
        let h = self.b.ins().uextend(clt::I32, h);
        let mag = self.b.ins().band_imm_u(h, 0x7fff);
        let sign = self.b.ins().band_imm_u(h, 0x8000);
        let sign = self.b.ins().ishl_imm_u(sign, 16);
        let m = self.b.ins().ishl_imm_u(mag, 13);
        let normal = self.b.ins().iadd_imm_u(m, 112 << 23);
        let zero = self.iconst(clt::I32, 0);
        let is0 = self.b.ins().icmp_imm_u(IntCC::Equal, mag, 0);
        let bits = self.b.ins().select(is0, zero, normal);
        let bits = self.b.ins().bor(bits, sign);
        let r = self.of_bits(bits, Type::F32);
        // Subnormal: mag in 1..=0x3ff; infinity or NaN: exponent 31.
        let m1 = self.b.ins().iadd_imm_s(mag, -1);
        let sub = self.b.ins().icmp_imm_u(IntCC::UnsignedLessThan, m1, 0x3ff);
        let special = self
            .b
            .ins()
            .icmp_imm_u(IntCC::UnsignedGreaterThanOrEqual, mag, 0x7c00);
        (r, self.b.ins().bor(sub, special))
    }

    /// The f16 bits (an `i16`) of the f32 `x` rounded to nearest even: the
    /// rebiased exponent and the mantissa rounded on its 13 dropped bits (a
    /// carry into the exponent, up to infinity, is the right result); and
    /// whether that is wrong: `x` is neither zero nor in the f16 normal
    /// range before rounding (exponent 113..=142; NaN included).
    pub(super) fn narrow_f16(&mut self, x: Value) -> (Value, Value) {
        let b = self.bits_of(x, Type::F32);
        let mag = self.b.ins().band_imm_u(b, 0x7fff_ffff);
        let sign = self.b.ins().ushr_imm_u(b, 16);
        let sign = self.b.ins().band_imm_u(sign, 0x8000);
        let u = self.b.ins().iadd_imm_s(mag, -(112 << 23));
        let odd = self.b.ins().ushr_imm_u(u, 13);
        let odd = self.b.ins().band_imm_u(odd, 1);
        let rounded = self.b.ins().iadd(u, odd);
        let rounded = self.b.ins().iadd_imm_u(rounded, 0xfff);
        let hm = self.b.ins().ushr_imm_u(rounded, 13);
        let zero = self.iconst(clt::I32, 0);
        let is0 = self.b.ins().icmp_imm_u(IntCC::Equal, mag, 0);
        let hm = self.b.ins().select(is0, zero, hm);
        let bits = self.b.ins().bor(hm, sign);
        let r = self.b.ins().ireduce(clt::I16, bits);
        let e = self.b.ins().iadd_imm_s(mag, -(113 << 23));
        let out = self
            .b
            .ins()
            .icmp_imm_u(IntCC::UnsignedGreaterThanOrEqual, e, 30 << 23);
        let nz = self.b.ins().icmp_imm_u(IntCC::NotEqual, mag, 0);
        (r, self.b.ins().band(out, nz))
    }

    /// The f32 of the f16 or bf16 bits `h` and whether it is not exact
    /// (`widen_f16`, `widen_bf16`).
    pub(super) fn widen_small(&mut self, ty: Type, h: Value) -> (Value, Value) {
        if ty == Type::BF16 {
            self.widen_bf16(h)
        } else {
            self.widen_f16(h)
        }
    }

    /// The f16 or bf16 bits of `x` rounded to nearest even, and whether
    /// that is not the reference's (`narrow_f16`, `narrow_bf16`).
    pub(super) fn narrow_small(&mut self, ty: Type, x: Value) -> (Value, Value) {
        if ty == Type::BF16 {
            self.narrow_bf16(x)
        } else {
            self.narrow_f16(x)
        }
    }

    /// The f32 of the bf16 bits `h` (an `i16`): the top half of its bits,
    /// exact; flagged when infinite, NaN or subnormal (left to the
    /// reference).
    fn widen_bf16(&mut self, h: Value) -> (Value, Value) {
        let w = self.b.ins().uextend(clt::I32, h);
        let bits = self.b.ins().ishl_imm_u(w, 16);
        let r = self.of_bits(bits, Type::F32);
        let e = self.b.ins().band_imm_u(bits, 0x7f80_0000);
        let special = self.b.ins().icmp_imm_u(IntCC::Equal, e, 0x7f80_0000);
        let sub = self.any_subnormal(Type::F32, &[r]);
        (r, self.b.ins().bor(special, sub))
    }

    /// The bf16 bits (an `i16`) of the f32 `x` rounded to nearest even on
    /// its low 16 bits (a carry into the exponent, up to infinity, is the
    /// right result); flagged when `x` is infinite, NaN or subnormal.
    fn narrow_bf16(&mut self, x: Value) -> (Value, Value) {
        let b = self.bits_of(x, Type::F32);
        let odd = self.b.ins().ushr_imm_u(b, 16);
        let odd = self.b.ins().band_imm_u(odd, 1);
        let r = self.b.ins().iadd(b, odd);
        let r = self.b.ins().iadd_imm_u(r, 0x7fff);
        let r = self.b.ins().ushr_imm_u(r, 16);
        let r = self.b.ins().ireduce(clt::I16, r);
        let e = self.b.ins().band_imm_u(b, 0x7f80_0000);
        let special = self.b.ins().icmp_imm_u(IntCC::Equal, e, 0x7f80_0000);
        let sub = self.any_subnormal(Type::F32, &[x]);
        (r, self.b.ins().bor(special, sub))
    }

    /// An f16 or bf16 add, sub, mul, div (to nearest) or min / max through
    /// f32: both operands are exact in f32 and f32 has at least twice their
    /// precision plus two bits, so rounding the f32 result once more is the
    /// correctly rounded result; operands or results outside the normal
    /// range (and NaNs) take the reference.
    fn fbin_small(&mut self, op: FBinOp, ty: Type, rnd: Round, dst: Reg, a: Operand, b: Operand) {
        let (xh, yh) = (self.read(a, ty), self.read(b, ty));
        let (x, s1) = self.widen_small(ty, xh);
        let (y, s2) = self.widen_small(ty, yh);
        let r = self.host_fop(op, x, y);
        let (rh, s3) = self.narrow_small(ty, r);
        let s = self.b.ins().bor(s1, s2);
        let slow = self.b.ins().bor(s, s3);
        let code = fbin_code(op, ty, rnd, false);
        let r = self.helper_if(slow, rh, ty, Helper::FBin, code, &[xh, yh], ty);
        self.write(dst, r, ty);
    }

    /// The natively lowered conversions (`None`: use the helper).
    #[allow(clippy::too_many_arguments)]
    fn cvt_native(&mut self, o: &op::Cvt) -> Option<Value> {
        let (op, to, from, rnd, sat, ftz, src) = (o.op, o.to, o.from, o.rnd, o.sat, o.ftz, o.src);
        let int = |t: Type| matches!(t, Type::I8 | Type::I16 | Type::I32 | Type::I64);
        // `ftz` flushes a float result: only the bit moves can produce one.
        let flushes = ftz && to.is_float();
        match op {
            CvtOp::Zext | CvtOp::Trunc | CvtOp::Bitcast if !flushes => {
                let v = self.read(src, from);
                Some(self.coerce(v, from, to))
            }
            CvtOp::Sext if !flushes && from != Type::I1 => {
                let v = self.read(src, from);
                let bits = self.bits_of(v, from);
                if to.bits() > from.bits() {
                    let w = self.b.ins().sextend(int_type(to), bits);
                    Some(self.of_bits(w, to))
                } else {
                    Some(self.coerce(bits, from.as_int(), to))
                }
            }
            CvtOp::FtoS | CvtOp::FtoU
                if hw_float(from) && !ftz && int(to) && (rnd == Round::Rz || self.caps.round) =>
            {
                let x = self.read(src, from);
                let x = self.round_int(x, rnd);
                Some(self.float_to_int(op == CvtOp::FtoS, x, to))
            }
            CvtOp::StoF | CvtOp::UtoF if hw_float(to) && int(from) && rnd == Round::Rn => {
                // An integer never converts to a subnormal f32: `ftz` is moot.
                let v = self.read(src, from);
                let v = if from.bits() < 32 {
                    self.extend(op == CvtOp::StoF, v, clt::I32)
                } else {
                    v
                };
                Some(if op == CvtOp::StoF {
                    self.b.ins().fcvt_from_sint(cl_type(to), v)
                } else {
                    self.b.ins().fcvt_from_uint(cl_type(to), v)
                })
            }
            CvtOp::FtoF
                if !ftz
                    && !sat
                    && ((from == Type::F32 && to == Type::F64)
                        || (from == Type::F64 && to == Type::F32 && rnd == Round::Rn)) =>
            {
                let x = self.read(src, from);
                let r = if to == Type::F64 {
                    self.b.ins().fpromote(clt::F64, x)
                } else {
                    self.b.ins().fdemote(clt::F32, x)
                };
                // The IR converts NaN to the target's canonical quiet NaN (the
                // hardware would keep the payload).
                let nan = self.b.ins().fcmp(FloatCC::Unordered, x, x);
                let canon = self.imm(
                    if to == Type::F64 {
                        0x7ff8_0000_0000_0000
                    } else {
                        0x7fc0_0000
                    },
                    to,
                );
                Some(self.b.ins().select(nan, canon, r))
            }
            _ => None,
        }
    }

    /// Rounds a float to an integral value by `rnd` (`rz` is left to the
    /// truncating conversion).
    fn round_int(&mut self, x: Value, rnd: Round) -> Value {
        match rnd {
            Round::Rz => x,
            Round::Rn => self.b.ins().nearest(x),
            Round::Rm => self.b.ins().floor(x),
            Round::Rp => self.b.ins().ceil(x),
        }
    }

    /// Saturating float → integer of IR type `to` (NaN → 0), as `semantics::cvt`.
    fn float_to_int(&mut self, signed: bool, x: Value, to: Type) -> Value {
        let ct = int_type(to);
        if ct.bits() >= 32 {
            return if signed {
                self.b.ins().fcvt_to_sint_sat(ct, x)
            } else {
                self.b.ins().fcvt_to_uint_sat(ct, x)
            };
        }
        // 8/16 bits: saturate at 32 bits, clamp to the narrow range.
        let bits = ct.bits();
        let r = if signed {
            let r = self.b.ins().fcvt_to_sint_sat(clt::I32, x);
            let lo = self.iconst(clt::I32, (-(1i64 << (bits - 1))) as u64);
            let hi = self.iconst(clt::I32, (1u64 << (bits - 1)) - 1);
            let r = self.b.ins().smax(r, lo);
            self.b.ins().smin(r, hi)
        } else {
            let r = self.b.ins().fcvt_to_uint_sat(clt::I32, x);
            let hi = self.iconst(clt::I32, (1u64 << bits) - 1);
            self.b.ins().umin(r, hi)
        };
        self.b.ins().ireduce(ct, r)
    }
}
