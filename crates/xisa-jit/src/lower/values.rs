//! Operands, registers and type coercion.
//!
//! Each guest register is a Cranelift variable of its IR width: `i1` → `i8`
//! (0 or 1), `i8`/`i16`/`i32`/`i64` as is, `f16`/`bf16` → `i16` bits, `f32`/`f64` →
//! Cranelift floats (so float code needs no moves between register files). An
//! instruction reading a register at another type sees the register slot's bits
//! truncated or zero-extended to that type, exactly as the interpreter's
//! `trunc(ty, slot)`; a write of another type is converted the same way.

use cranelift_codegen::ir::{self, immediates::Ieee32, immediates::Ieee64, types as clt};
use cranelift_codegen::ir::{InstBuilder, MemFlagsData, Value};
use xisa_ir::{semantics, Guard, Operand, Reg, Type};

use super::Lowerer;

/// The Cranelift type of a register variable of IR type `t`.
pub(crate) fn cl_type(t: Type) -> ir::Type {
    match t {
        Type::I1 | Type::I8 => clt::I8,
        Type::I16 | Type::F16 | Type::BF16 => clt::I16,
        Type::I32 => clt::I32,
        Type::I64 => clt::I64,
        Type::F32 => clt::F32,
        Type::F64 => clt::F64,
    }
}

/// The Cranelift integer type holding the bits of IR type `t`.
pub(crate) fn int_type(t: Type) -> ir::Type {
    match t {
        Type::F32 => clt::I32,
        Type::F64 => clt::I64,
        t => cl_type(t),
    }
}

/// The IR integer type of `bytes` bytes.
pub(crate) fn int_of_bytes(bytes: u32) -> Type {
    match bytes {
        1 => Type::I8,
        2 => Type::I16,
        4 => Type::I32,
        _ => Type::I64,
    }
}

impl Lowerer<'_, '_> {
    /// The declared type of a register (validated to exist).
    pub(super) fn reg_ty(&self, r: Reg) -> Type {
        self.k
            .regs
            .get(r.0 as usize)
            .map(|d| d.ty)
            .unwrap_or(Type::I64)
    }

    /// Reads an operand as type `ty` (in `cl_type(ty)` representation).
    pub(super) fn read(&mut self, op: Operand, ty: Type) -> Value {
        match op {
            Operand::Reg(r) => {
                let v = self.b.use_var(self.vars[r.0 as usize]);
                let from = self.reg_ty(r);
                self.coerce(v, from, ty)
            }
            Operand::Imm(x) => self.imm(x, ty),
        }
    }

    /// An immediate: its low bits as type `ty`.
    pub(super) fn imm(&mut self, x: u64, ty: Type) -> Value {
        let bits = semantics::trunc(ty, x);
        match ty {
            Type::F32 => self.b.ins().f32const(Ieee32::with_bits(bits as u32)),
            Type::F64 => self.b.ins().f64const(Ieee64::with_bits(bits)),
            _ => self.iconst(int_type(ty), bits),
        }
    }

    /// Writes `v` (of IR type `ty`) to register `r`, converting to the register's
    /// type; under a guard, keeps the old value where the guard is off.
    pub(super) fn write(&mut self, r: Reg, v: Value, ty: Type) {
        let decl = self.reg_ty(r);
        let var = self.vars[r.0 as usize];
        let mut v = self.coerce(v, ty, decl);
        if let Some(g) = self.guard {
            let old = self.b.use_var(var);
            v = self.b.ins().select(g, v, old);
        }
        self.b.def_var(var, v);
    }

    /// A non-zero `i8` where the guarded instruction executes.
    pub(super) fn guard_value(&mut self, g: Guard) -> Value {
        let p = self.read(Operand::Reg(g.reg), Type::I1);
        if g.negate {
            let zero = self.iconst(clt::I8, 0);
            self.b.ins().icmp(ir::condcodes::IntCC::Equal, p, zero)
        } else {
            p
        }
    }

    /// The bits of `v` (IR type `ty`) as an integer of `int_type(ty)`.
    pub(super) fn bits_of(&mut self, v: Value, ty: Type) -> Value {
        match ty {
            Type::F32 => self.b.ins().bitcast(clt::I32, MemFlagsData::new(), v),
            Type::F64 => self.b.ins().bitcast(clt::I64, MemFlagsData::new(), v),
            _ => v,
        }
    }

    /// The value of IR type `ty` whose bits are `v` (an `int_type(ty)`).
    pub(super) fn of_bits(&mut self, v: Value, ty: Type) -> Value {
        match ty {
            Type::F32 => self.b.ins().bitcast(clt::F32, MemFlagsData::new(), v),
            Type::F64 => self.b.ins().bitcast(clt::F64, MemFlagsData::new(), v),
            _ => v,
        }
    }

    /// Sign- (`signed`) or zero-extends an integer value to the wider `to`.
    pub(super) fn extend(&mut self, signed: bool, v: Value, to: ir::Type) -> Value {
        if signed {
            self.b.ins().sextend(to, v)
        } else {
            self.b.ins().uextend(to, v)
        }
    }

    /// Zero-extends or truncates an integer value to `to`.
    pub(super) fn resize(&mut self, v: Value, to: ir::Type) -> Value {
        let from = self.b.func.dfg.value_type(v);
        if from.bits() < to.bits() {
            self.b.ins().uextend(to, v)
        } else if from.bits() > to.bits() {
            self.b.ins().ireduce(to, v)
        } else {
            v
        }
    }

    /// Reinterprets a value of IR type `from` as IR type `to`: the bits are
    /// truncated or zero-extended (the register-slot semantics).
    pub(super) fn coerce(&mut self, v: Value, from: Type, to: Type) -> Value {
        if from == to {
            return v;
        }
        let bits = self.bits_of(v, from);
        let mut bits = self.resize(bits, int_type(to));
        if to == Type::I1 && from != Type::I1 {
            let one = self.iconst(clt::I8, 1);
            bits = self.b.ins().band(bits, one);
        }
        self.of_bits(bits, to)
    }

    /// The bits of `v` (IR type `ty`) zero-extended to `i64` (helper arguments,
    /// register slots).
    pub(super) fn u64_of(&mut self, v: Value, ty: Type) -> Value {
        let bits = self.bits_of(v, ty);
        self.resize(bits, clt::I64)
    }

    /// The value of IR type `ty` from an `i64` holding its bits (helper results).
    pub(super) fn of_u64(&mut self, v: Value, ty: Type) -> Value {
        let mut bits = self.resize(v, int_type(ty));
        if ty == Type::I1 {
            // Keep the 0/1 invariant whatever the helper returned.
            let one = self.iconst(clt::I8, 1);
            bits = self.b.ins().band(bits, one);
        }
        self.of_bits(bits, ty)
    }

    /// Reads an operand as `ty` and zero-extends its bits to `i64`.
    pub(super) fn read_u64(&mut self, op: Operand, ty: Type) -> Value {
        let v = self.read(op, ty);
        self.u64_of(v, ty)
    }
}
