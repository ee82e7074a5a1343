//! The verifier: structural and type checks of kernels and modules.
//!
//! Every engine may assume that a kernel it runs passed [`verify_kernel`]. The rules
//! are listed in `docs/ir.md`, "Verifier". The verifier never panics, whatever the
//! kernel holds (undeclared registers, out-of-range blocks...).

use crate::op;
use crate::BufferAddr;
use crate::SurfaceAddr;
use std::collections::HashSet;

use crate::inst::{
    Address, AtomOp, BarOp, BinOp, BlockId, CvtOp, FBinOp, Guard, Inst, MemType, Op, Operand, Reg,
    Term, UnOp, VoteMode,
};
use crate::kernel::{Kernel, Module};
use crate::text::{print_inst, print_term};
use crate::types::{Order, Round, Space, Type};

/// A verifier error: the kernel, where in it, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("kernel {kernel}, {location}: {msg}")]
pub struct VerifyError {
    pub kernel: String,
    /// E.g. `block entry, inst 3` (0-based instruction index), `block entry,
    /// terminator`, `header`, `reg %x`, `param 0`, `module`.
    pub location: String,
    pub msg: String,
}

/// Verifies every kernel of a module, and that kernel names are distinct.
pub fn verify_module(m: &Module) -> Result<(), VerifyError> {
    let mut names = HashSet::new();
    for k in &m.kernels {
        if !names.insert(k.name.as_str()) {
            return Err(VerifyError {
                kernel: k.name.clone(),
                location: "module".into(),
                msg: format!("duplicate kernel name `{}`", k.name),
            });
        }
        verify_kernel(k)?;
    }
    Ok(())
}

/// Verifies one kernel.
pub fn verify_kernel(k: &Kernel) -> Result<(), VerifyError> {
    let v = V {
        k,
        loc: "header".into(),
        ctx: Ctx::None,
    };
    v.kernel()
}

type R = Result<(), VerifyError>;

/// What is being checked (its text is appended to error messages).
#[derive(Clone, Copy)]
enum Ctx<'k> {
    None,
    Inst(&'k Inst),
    Term(&'k Term),
}

struct V<'k> {
    k: &'k Kernel,
    loc: String,
    ctx: Ctx<'k>,
}

fn is_shift(op: BinOp) -> bool {
    matches!(op, BinOp::Shl | BinOp::LShr | BinOp::AShr)
}

fn type_list(ts: &[Type]) -> String {
    let names: Vec<&str> = ts.iter().map(|t| t.name()).collect();
    match names.as_slice() {
        [one] => one.to_string(),
        [init @ .., last] => format!("{} or {}", init.join(", "), last),
        [] => "nothing".into(),
    }
}

impl V<'_> {
    fn err(&self, msg: impl Into<String>) -> VerifyError {
        let mut msg = msg.into();
        let text = match self.ctx {
            Ctx::None => None,
            Ctx::Inst(i) => Some(print_inst(self.k, i)),
            Ctx::Term(t) => Some(print_term(self.k, t)),
        };
        if let Some(text) = text {
            msg = format!("{msg} (in `{text}`)");
        }
        VerifyError {
            kernel: self.k.name.clone(),
            location: self.loc.clone(),
            msg,
        }
    }

    fn fail(&self, msg: impl Into<String>) -> R {
        Err(self.err(msg))
    }

    fn reg_name(&self, r: Reg) -> String {
        match self.k.regs.get(r.0 as usize) {
            Some(d) => format!("%{}", d.name),
            None => format!("register #{}", r.0),
        }
    }

    /// The type of a register, or an error when it is not declared.
    fn reg_ty(&self, r: Reg, what: &str) -> Result<Type, VerifyError> {
        self.k.reg_type(r).ok_or_else(|| {
            self.err(format!(
                "{what}: register index {} is not declared (the kernel has {} registers)",
                r.0,
                self.k.regs.len()
            ))
        })
    }

    fn reg_in(&self, r: Reg, allowed: &[Type], what: &str) -> R {
        let t = self.reg_ty(r, what)?;
        if allowed.contains(&t) {
            Ok(())
        } else {
            self.fail(format!(
                "{what}: {} has type {t}, expected {}",
                self.reg_name(r),
                type_list(allowed)
            ))
        }
    }

    fn reg_is(&self, r: Reg, ty: Type, what: &str) -> R {
        self.reg_in(r, &[ty], what)
    }

    /// A register operand must have one of `allowed`; immediates are accepted.
    fn opnd_in(&self, o: Operand, allowed: &[Type], what: &str) -> R {
        match o {
            Operand::Reg(r) => self.reg_in(r, allowed, what),
            Operand::Imm(_) => Ok(()),
        }
    }

    fn opnd(&self, o: Operand, ty: Type, what: &str) -> R {
        self.opnd_in(o, &[ty], what)
    }

    /// The destination `dst` of type `dty`, then the operands `os` of type
    /// `ty`, named `operand a`, `operand b` and `operand c` (at most three).
    fn dst_abc(&self, dst: Reg, dty: Type, ty: Type, os: &[Operand]) -> R {
        self.reg_is(dst, dty, "destination")?;
        for (&o, what) in os.iter().zip(["operand a", "operand b", "operand c"]) {
            self.opnd(o, ty, what)?;
        }
        Ok(())
    }

    fn block(&self, b: BlockId, what: &str) -> R {
        if (b.0 as usize) < self.k.blocks.len() {
            Ok(())
        } else {
            self.fail(format!(
                "{what}: block index {} is out of range (the kernel has {} blocks)",
                b.0,
                self.k.blocks.len()
            ))
        }
    }

    fn int_ty(&self, ty: Type, allow_i1: bool) -> R {
        if !ty.is_int() {
            return self.fail(format!("needs an integer type, found {ty}"));
        }
        if ty == Type::I1 && !allow_i1 {
            return self.fail("i1 is not allowed here (only and/or/xor/not/lop3 take i1)");
        }
        Ok(())
    }

    fn float_ty(&self, ty: Type) -> R {
        if ty.is_float() {
            Ok(())
        } else {
            self.fail(format!("needs a float type, found {ty}"))
        }
    }

    fn kernel(mut self) -> R {
        let k = self.k;
        if k.wave_size != 32 && k.wave_size != 64 {
            return self.fail(format!("wave size must be 32 or 64, not {}", k.wave_size));
        }
        if k.blocks.is_empty() {
            return self.fail("the kernel has no blocks");
        }
        let mut names = HashSet::new();
        for (i, d) in k.regs.iter().enumerate() {
            if !names.insert(d.name.as_str()) {
                self.loc = format!("reg %{} (index {i})", d.name);
                return self.fail(format!("duplicate register name `%{}`", d.name));
            }
        }
        let mut labels = HashSet::new();
        for b in &k.blocks {
            if !labels.insert(b.label.as_str()) {
                self.loc = format!("block {}", b.label);
                return self.fail(format!("duplicate block label `{}`", b.label));
            }
        }
        let mut params = HashSet::new();
        for (i, &p) in k.params.iter().enumerate() {
            self.loc = format!("param {i}");
            self.reg_ty(p, "parameter")?;
            if !params.insert(p) {
                return self.fail(format!("{} is a parameter twice", self.reg_name(p)));
            }
        }
        for b in &k.blocks {
            for (ii, inst) in b.insts.iter().enumerate() {
                self.loc = match inst.pc {
                    Some(pc) => format!("block {}, inst {ii} (pc {pc:#x})", b.label),
                    None => format!("block {}, inst {ii}", b.label),
                };
                self.ctx = Ctx::Inst(inst);
                self.inst(inst)?;
            }
            self.loc = match b.term_pc {
                Some(pc) => format!("block {}, terminator (pc {pc:#x})", b.label),
                None => format!("block {}, terminator", b.label),
            };
            self.ctx = Ctx::Term(&b.term);
            self.term(&b.term)?;
        }
        Ok(())
    }

    fn term(&self, t: &Term) -> R {
        match t {
            Term::Br(b) => self.block(*b, "target"),
            Term::BrCond { cond, then_, else_ } => {
                self.reg_is(*cond, Type::I1, "condition")?;
                self.block(*then_, "then target")?;
                self.block(*else_, "else target")
            }
            Term::Switch {
                index,
                targets,
                default,
            } => {
                let t = self.reg_ty(*index, "index")?;
                if !t.is_int() {
                    return self.fail(format!(
                        "index: {} has type {t}, expected an integer type",
                        self.reg_name(*index)
                    ));
                }
                for (i, b) in targets.iter().enumerate() {
                    self.block(*b, &format!("target {i}"))?;
                }
                self.block(*default, "default target")
            }
            Term::Call { target, ret } => {
                self.block(*target, "call target")?;
                self.block(*ret, "return block")
            }
            Term::Ret | Term::Exit | Term::Trap => Ok(()),
        }
    }

    fn guard(&self, g: &Guard) -> R {
        self.reg_is(g.reg, Type::I1, "guard")
    }

    fn mem_shape(&self, mem: MemType, n: usize, what: &str) -> R {
        if !(1..=4).contains(&mem.count) {
            return self.fail(format!("element count must be 1..=4, not {}", mem.count));
        }
        if mem.bytes() > 16 {
            return self.fail(format!("{} bytes in one access (at most 16)", mem.bytes()));
        }
        if n != mem.count as usize {
            return self.fail(format!("{} elements but {n} {what}", mem.count));
        }
        Ok(())
    }

    fn addr(&self, space: Space, a: &Address) -> R {
        match (space, a) {
            (
                Space::Buffer,
                Address::Buffer(BufferAddr {
                    base, size, offset, ..
                }),
            ) => {
                self.opnd(*base, Type::I64, "buffer base")?;
                self.opnd_in(*size, &[Type::I32, Type::I64], "buffer size")?;
                self.opnd(*offset, Type::I32, "buffer offset")
            }
            (Space::Buffer, Address::Flat { .. }) => {
                self.fail("the buffer space needs a buffer address `[base, size, offset]`")
            }
            (_, Address::Buffer(_)) => self.fail(format!(
                "a buffer address `[base, size, offset]` needs the buffer space, not {space}"
            )),
            (Space::Surface, Address::Surface(SurfaceAddr { desc, x, y, z, .. })) => {
                self.opnd(*desc, Type::I64, "surface descriptor")?;
                self.opnd(*x, Type::I32, "surface x")?;
                self.opnd(*y, Type::I32, "surface y")?;
                self.opnd(*z, Type::I32, "surface z")
            }
            (Space::Surface, _) => {
                self.fail("the surface space needs a surface address `[desc, DIM, MODE, x, y, z]`")
            }
            (_, Address::Surface(_)) => self.fail(format!(
                "a surface address needs the surface space, not {space}"
            )),
            (Space::Global | Space::Const, Address::Flat { base, .. }) => {
                self.opnd(*base, Type::I64, "address base")
            }
            (Space::Shared | Space::Local | Space::Param, Address::Flat { base, .. }) => {
                self.opnd(*base, Type::I32, "address base")
            }
        }
    }

    fn inst(&self, inst: &Inst) -> R {
        use Type::{I1, I32, I64};
        if let Some(g) = &inst.guard {
            self.guard(g)?;
        }
        // Every destination must be declared.
        for d in inst.op.defs() {
            self.reg_ty(d, "destination")?;
        }
        match &inst.op {
            Op::Mov { ty, dst, src } => {
                self.reg_is(*dst, *ty, "destination")?;
                self.opnd(*src, *ty, "source")
            }
            Op::Bin(op::Bin { op, ty, dst, a, b }) => {
                self.int_ty(*ty, matches!(op, BinOp::And | BinOp::Or | BinOp::Xor))?;
                if is_shift(*op) {
                    self.dst_abc(*dst, *ty, *ty, &[*a])?;
                    self.opnd(*b, I32, "shift amount")
                } else {
                    self.dst_abc(*dst, *ty, *ty, &[*a, *b])
                }
            }
            Op::Un(op::Un { op, ty, dst, a }) => {
                self.int_ty(*ty, *op == UnOp::Not)?;
                self.reg_is(*dst, *ty, "destination")?;
                self.opnd(*a, *ty, "operand")
            }
            Op::Mad(op::Mad { ty, dst, a, b, c }) => {
                self.int_ty(*ty, false)?;
                self.dst_abc(*dst, *ty, *ty, &[*a, *b, *c])
            }
            Op::MulWide(op::MulWide { dst, a, b, .. }) => self.dst_abc(*dst, I64, I32, &[*a, *b]),
            Op::Funnel(op::Funnel {
                dst, lo, hi, shift, ..
            }) => {
                self.reg_is(*dst, I32, "destination")?;
                self.opnd(*lo, I32, "lo")?;
                self.opnd(*hi, I32, "hi")?;
                self.opnd(*shift, I32, "shift amount")
            }
            Op::Lop3(o) => {
                self.int_ty(o.ty, true)?;
                self.dst_abc(o.dst, o.ty, o.ty, &[o.a, o.b, o.c])
            }
            Op::Prmt(op::Prmt { dst, a, b, sel }) => {
                self.reg_is(*dst, I32, "destination")?;
                self.opnd(*a, I32, "operand a")?;
                self.opnd(*b, I32, "operand b")?;
                self.opnd(*sel, I32, "selector")
            }
            Op::Bfe(o) => {
                self.int_ty(o.ty, false)?;
                self.reg_is(o.dst, o.ty, "destination")?;
                self.opnd(o.a, o.ty, "operand")?;
                self.opnd(o.pos, I32, "position")?;
                self.opnd(o.len, I32, "length")
            }
            Op::Bfi(o) => {
                self.int_ty(o.ty, false)?;
                self.reg_is(o.dst, o.ty, "destination")?;
                self.opnd(o.ins, o.ty, "inserted value")?;
                self.opnd(o.base, o.ty, "base value")?;
                self.opnd(o.pos, I32, "position")?;
                self.opnd(o.len, I32, "length")
            }
            Op::FBin(op::FBin {
                op,
                ty,
                rnd,
                dst,
                a,
                b,
                ..
            }) => {
                self.float_ty(*ty)?;
                if *rnd != Round::Rn
                    && !matches!(op, FBinOp::Add | FBinOp::Sub | FBinOp::Mul | FBinOp::Div)
                {
                    return self.fail(format!(
                        "rounding mode {} is only allowed on fadd/fsub/fmul/fdiv",
                        rnd.name()
                    ));
                }
                self.dst_abc(*dst, *ty, *ty, &[*a, *b])
            }
            Op::FUn(op::FUn { ty, dst, a, .. }) => {
                self.float_ty(*ty)?;
                self.reg_is(*dst, *ty, "destination")?;
                self.opnd(*a, *ty, "operand")
            }
            Op::Fma(o) => {
                self.float_ty(o.ty)?;
                self.dst_abc(o.dst, o.ty, o.ty, &[o.a, o.b, o.c])
            }
            Op::ICmp(op::ICmp { ty, dst, a, b, .. }) => {
                self.int_ty(*ty, true)?;
                self.dst_abc(*dst, I1, *ty, &[*a, *b])
            }
            Op::FCmp(op::FCmp { ty, dst, a, b, .. }) => {
                self.float_ty(*ty)?;
                self.dst_abc(*dst, I1, *ty, &[*a, *b])
            }
            Op::Select(op::Select {
                ty,
                dst,
                cond,
                a,
                b,
            }) => {
                self.reg_is(*dst, *ty, "destination")?;
                self.opnd(*cond, I1, "condition")?;
                self.opnd(*a, *ty, "operand a")?;
                self.opnd(*b, *ty, "operand b")
            }
            Op::Cvt(op::Cvt {
                op,
                to,
                from,
                dst,
                src,
                ..
            }) => {
                let (to, from) = (*to, *from);
                let ok = match op {
                    CvtOp::Zext | CvtOp::Sext => {
                        to.is_int() && from.is_int() && to.bits() >= from.bits()
                    }
                    CvtOp::Trunc => to.is_int() && from.is_int() && to.bits() <= from.bits(),
                    CvtOp::FtoS | CvtOp::FtoU => from.is_float() && to.is_int() && to != I1,
                    CvtOp::StoF | CvtOp::UtoF => from.is_int() && from != I1 && to.is_float(),
                    CvtOp::FtoF => from.is_float() && to.is_float(),
                    CvtOp::Bitcast => to.bits() == from.bits(),
                };
                if !ok {
                    let rule = match op {
                        CvtOp::Zext | CvtOp::Sext => "an integer to a wider or equal integer",
                        CvtOp::Trunc => "an integer to a narrower or equal integer",
                        CvtOp::FtoS | CvtOp::FtoU => "a float to an integer other than i1",
                        CvtOp::StoF | CvtOp::UtoF => "an integer other than i1 to a float",
                        CvtOp::FtoF => "a float to a float",
                        CvtOp::Bitcast => "a type to a type of the same width",
                    };
                    return self.fail(format!(
                        "cvt.{} converts {rule}, not {from} to {to}",
                        op.name()
                    ));
                }
                self.reg_is(*dst, to, "destination")?;
                self.opnd(*src, from, "source")
            }
            Op::Special { dst, .. } => self.reg_in(*dst, &[I32, I64], "destination"),
            Op::Load(op::Load {
                space,
                mem,
                order,
                dsts,
                addr,
                ..
            }) => {
                self.mem_shape(*mem, dsts.len(), "destinations")?;
                if !matches!(
                    order,
                    Order::Weak | Order::Relaxed | Order::Acquire | Order::SeqCst
                ) {
                    return self.fail(format!(
                        "a load cannot have ordering {} (weak, relaxed, acquire or seq_cst)",
                        order.name()
                    ));
                }
                for (i, &d) in dsts.iter().enumerate() {
                    let t = self.reg_ty(d, "destination")?;
                    if !mem.kind.loads_into(t) {
                        return self.fail(format!(
                            "destination {i}: {} has type {t}, which cannot receive a {} element",
                            self.reg_name(d),
                            mem.kind.name()
                        ));
                    }
                    if dsts[..i].contains(&d) {
                        return self.fail(format!(
                            "destination {i}: {} appears twice",
                            self.reg_name(d)
                        ));
                    }
                }
                self.addr(*space, addr)
            }
            Op::Store(op::Store {
                space,
                mem,
                order,
                srcs,
                addr,
                ..
            }) => {
                self.mem_shape(*mem, srcs.len(), "sources")?;
                if !space.writable() {
                    return self.fail(format!("cannot store to the {space} space"));
                }
                if !matches!(
                    order,
                    Order::Weak | Order::Relaxed | Order::Release | Order::SeqCst
                ) {
                    return self.fail(format!(
                        "a store cannot have ordering {} (weak, relaxed, release or seq_cst)",
                        order.name()
                    ));
                }
                for (i, &s) in srcs.iter().enumerate() {
                    if let Operand::Reg(r) = s {
                        let t = self.reg_ty(r, "source")?;
                        if !mem.kind.stores_from(t) {
                            return self.fail(format!(
                                "source {i}: {} has type {t}, which cannot be stored as {}",
                                self.reg_name(r),
                                mem.kind.name()
                            ));
                        }
                    }
                }
                self.addr(*space, addr)
            }
            Op::Atomic(op::Atomic {
                op,
                ty,
                space,
                order,
                ftz,
                dst,
                addr,
                src,
                cmp,
                ..
            }) => {
                if !ty.supports(*op) {
                    return self.fail(format!(
                        "atomic {} is not defined on {}",
                        op.name(),
                        ty.name()
                    ));
                }
                if cmp.is_some() != (*op == AtomOp::Cas) {
                    return self.fail(if *op == AtomOp::Cas {
                        "cas needs a compare value"
                    } else {
                        "only cas takes a compare value"
                    });
                }
                if !matches!(
                    space,
                    Space::Global | Space::Shared | Space::Buffer | Space::Surface
                ) {
                    return self.fail(format!(
                        "atomics are only allowed in the global, shared, buffer and surface spaces, not {space}"
                    ));
                }
                if *ftz && *ty != crate::inst::AtomType::F32 {
                    return self.fail("ftz is only allowed on f32 atomics");
                }
                if *order == Order::Weak {
                    return self.fail("an atomic cannot be weak");
                }
                let rt = ty.reg_type();
                if let Some(d) = dst {
                    self.reg_is(*d, rt, "destination")?;
                }
                self.opnd(*src, rt, "source")?;
                if let Some(c) = cmp {
                    self.opnd(*c, rt, "compare value")?;
                }
                self.addr(*space, addr)
            }
            Op::Fence { order, .. } => {
                if matches!(order, Order::Weak | Order::Relaxed) {
                    return self.fail(format!("a fence cannot be {}", order.name()));
                }
                Ok(())
            }
            Op::Barrier | Op::WaveSync => Ok(()),
            Op::HostCall { func, dst, args } => {
                if args.len() != func.arity() {
                    return self.fail(format!(
                        "hostcall.{} takes {} operands, not {}",
                        func.name(),
                        func.arity(),
                        args.len()
                    ));
                }
                for a in args {
                    self.opnd(*a, I64, "operand")?;
                }
                match (dst, func.result()) {
                    (Some(_), None) => self.fail(format!(
                        "hostcall.{} returns nothing: no destination",
                        func.name()
                    )),
                    (Some(d), Some(ty)) => self.reg_is(*d, ty, "destination"),
                    (None, _) => Ok(()),
                }
            }
            Op::Bar(op::Bar {
                op,
                id,
                count,
                dst,
                pred,
            }) => {
                self.opnd(*id, I32, "barrier id")?;
                if let Operand::Imm(v) = id {
                    if *v >= crate::BARRIER_IDS {
                        return self.fail(format!(
                            "barrier id {v} is out of range (0..{})",
                            crate::BARRIER_IDS
                        ));
                    }
                }
                self.opnd(*count, I32, "thread count")?;
                if *op == BarOp::Grid && (*id, *count) != (Operand::Imm(0), Operand::Imm(0)) {
                    return self.fail("bar.grid waits for the whole workgroup: `bar.grid 0, 0`");
                }
                match (op.is_red(), dst, pred) {
                    (true, Some(d), Some(p)) => {
                        self.reg_is(*d, I32, "destination")?;
                        self.opnd(*p, I1, "predicate")
                    }
                    (true, _, _) => {
                        self.fail("a barrier reduction needs a destination and a predicate")
                    }
                    (false, None, None) => Ok(()),
                    (false, _, _) => {
                        self.fail(format!("bar.{} has no destination or predicate", op.name()))
                    }
                }
            }
            Op::Shfl(op::Shfl {
                ty,
                dst,
                valid,
                src,
                lane,
            }) => {
                self.reg_is(*dst, *ty, "destination")?;
                if let Some(v) = valid {
                    self.reg_is(*v, I1, "valid flag")?;
                    if v == dst {
                        return self.fail("the value and valid destinations must differ");
                    }
                }
                self.opnd(*src, *ty, "source")?;
                self.opnd(*lane, I32, "lane")
            }
            Op::Vote { mode, dst, pred } => {
                match mode {
                    VoteMode::Ballot => self.reg_in(*dst, &[I32, I64], "destination")?,
                    _ => self.reg_is(*dst, I1, "destination")?,
                }
                self.opnd(*pred, I1, "predicate")
            }
            Op::ActiveMask { dst } => self.reg_in(*dst, &[I32, I64], "destination"),
            Op::ReadFirstLane { ty, dst, src } => {
                self.reg_is(*dst, *ty, "destination")?;
                self.opnd(*src, *ty, "source")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::inst::{Inst, MemKind, MemType};
    use crate::kernel::Block;
    use crate::text::parse_module;

    const REGS: &str =
        "reg %b: i1, %c: i1, %x8: i8, %x16: i16, %x: i32, %y: i32, %z: i64, %w: i64, \
                        %h: f16, %bh: bf16, %f: f32, %g: f32, %d: f64";

    /// Verifies a one-block kernel with the standard registers and `body`.
    fn check(body: &str) -> Result<(), VerifyError> {
        let src = format!("kernel @k(%p: i64) {{\n {REGS}\nentry:\n{body}\n exit\n}}");
        let m = parse_module(&src).unwrap_or_else(|e| panic!("{e}\n{src}"));
        verify_module(&m)
    }

    fn ok(body: &str) {
        if let Err(e) = check(body) {
            panic!("`{body}` should verify: {e}");
        }
    }

    fn bad(body: &str, what: &str) {
        match check(body) {
            Ok(()) => panic!("`{body}` should fail ({what})"),
            Err(e) => assert!(
                e.msg.contains(what),
                "`{body}`: expected an error containing `{what}`, got `{e}`"
            ),
        }
    }

    #[test]
    fn accepts_well_typed_instructions() {
        for body in [
            "%x = add.i32 %x, %y",
            "%x = add.i32 %x, 5",
            "%z = shl.i64 %z, %x",
            "%x8 = ashr.i8 %x8, 3",
            "%b = and.i1 %b, %c",
            "%b = not.i1 %b",
            "%x16 = popc.i16 %x16",
            "%z = mad.i64 %z, %w, 1",
            "%z = mulwide.s32 %x, %y",
            "%x = shf.l.wrap %x, %y, %x",
            "%b = lop3.i1 %b, %c, %b, 0x80",
            "%x = prmt %x, %y, 0x3210",
            "%z = bfe.s.i64 %z, %x, 8",
            "%x = bfi.i32 %y, %x, 4, 4",
            "%f = fadd.rz.ftz.f32 %f, %g",
            "%d = fmin.f64 %d, 1.0",
            "%h = sqrt.f16 %h",
            "%d = fma.f64 %d, %d, %d",
            "%b = icmp.slt.i64 %z, %w",
            "%b = icmp.eq.i1 %b, %c",
            "%b = fcmp.uno.ftz.f32 %f, %g",
            "%f = select.f32 %b, %f, 2.5",
            "%z = cvt.zext.i64.i32 %x",
            "%x = cvt.sext.i32.i1 %b",
            "%x8 = cvt.trunc.i8.i64 %z",
            "%x = cvt.ftos.rz.sat.i32.f32 %f",
            "%z = cvt.ftou.i64.f16 %h",
            "%d = cvt.stof.f64.i8 %x8",
            "%bh = cvt.utof.rm.bf16.i32 %x",
            "%h = cvt.ftof.rn.f16.f64 %d",
            "%f = cvt.bitcast.f32.i32 %x",
            "%h = cvt.bitcast.f16.bf16 %bh",
            "%x = special.tid.x",
            "%z = special.clock",
            "%x, %y = ld.global.v2.b32 [%p+8]",
            "%f, %x = ld.global.v2.b32 [%p]",
            "%z, %d = ld.const.v2.b64 [%p]",
            "%x16 = ld.shared.u8 [%x]",
            "%h = ld.local.u16 [4]",
            "%z = ld.param.s16 [0]",
            "%x = ld.global.acquire.system.b32 [%p]",
            "%x = ld.uniform.global.seq_cst.device.b32 [%p]",
            "%x = ld.buffer.b32 [%p, %x, %y+4]",
            "%x = ld.buffer.b32 [%p, %z, 0]",
            "st.global.b32 [%p], %f",
            "st.global.v4.b32 [%p], %x, %y, 1, %f",
            "st.shared.u8 [%x], %z",
            "st.shared.u8 [%x], %b",
            "st.local.u16 [%x], %h",
            "st.global.release.device.b64 [%p], %d",
            "st.buffer.b32 [%p, 16, 0], %x",
            "%f = atom.global.fadd.f32.device.relaxed.ftz [%p], %f",
            "%z = atom.global.cas.b64.system.seq_cst [%p], %w, %z",
            "atom.shared.add.b32.workgroup.relaxed [0x10], 1",
            "%x = atom.global.fadd.f16x2.device.relaxed [%p], %x",
            "%d = atom.buffer.exch.f64.device.acq_rel [%p, 64, %x], %d",
            "fence.device.acq_rel",
            "fence.wave.acquire",
            "barrier",
            "wavesync",
            "%x, %b = shfl.i32 %y, %x",
            "%d = shfl.f64 %d, 3",
            "%z = vote.ballot.i64 %b",
            "%x = vote.ballot.i32 1",
        ] {
            ok(body);
        }
        ok("%b = vote.uni %c");
        ok("%x = activemask.i32");
        ok("%f = readfirstlane.f32 %g");
        ok("@%b %x = add.i32 %x, 1\n @!%c barrier");
    }

    #[test]
    fn rejects_type_errors() {
        bad(
            "%x = add.i32 %x, %z",
            "operand b: %z has type i64, expected i32",
        );
        bad("%z = add.i32 %x, %y", "destination: %z has type i64");
        bad("%z = shl.i64 %z, %w", "shift amount");
        bad("%b = add.i1 %b, %c", "i1 is not allowed");
        bad("%b = neg.i1 %b", "i1 is not allowed");
        bad("%f = add.f32 %f, %g", "integer type");
        bad("%b = mad.i1 %b, %b, %b", "i1 is not allowed");
        bad("%x = mulwide.u32 %x, %y", "destination");
        bad("%z = mulwide.u32 %z, %y", "operand a");
        bad("%z = shf.r.clamp %x, %y, %x", "destination");
        bad("%f = lop3.f32 %f, %f, %f, 1", "integer type");
        bad("%x = prmt %x, %y, %z", "selector");
        bad("%x = bfe.u.i32 %x, %z, 1", "position");
        bad("%x = bfi.i32 %x, %y, 1, %z", "length");
        bad("%b = bfe.u.i1 %b, 0, 1", "i1");
        bad("%x = fadd.i32 %x, %y", "float type");
        bad("%f = fmin.rz.f32 %f, %g", "rounding mode rz");
        bad("%f = sqrt.f32 %d", "operand");
        bad("%f = fma.f32 %f, %f, %d", "operand c");
        bad(
            "%x = icmp.eq.i32 %x, %y",
            "destination: %x has type i32, expected i1",
        );
        bad("%b = icmp.eq.f32 %f, %g", "integer type");
        bad("%b = fcmp.olt.i32 %x, %y", "float type");
        bad("%x = select.i32 %x, %x, %y", "condition");
        bad("%x = cvt.zext.i32.i64 %z", "cvt.zext");
        bad("%z = cvt.trunc.i64.i32 %x", "cvt.trunc");
        bad("%x = cvt.ftos.i32.i32 %x", "cvt.ftos");
        bad("%b = cvt.ftos.i1.f32 %f", "cvt.ftos");
        bad("%f = cvt.stof.f32.f32 %f", "cvt.stof");
        bad("%f = cvt.ftof.f32.i32 %x", "cvt.ftof");
        bad("%z = cvt.bitcast.i64.f32 %f", "cvt.bitcast");
        bad("%z = cvt.zext.i32.i32 %x", "destination");
        bad("%z = cvt.zext.i64.i32 %z", "source");
        bad("%x16 = special.tid.x", "destination");
        bad("%x = vote.any %b", "destination");
        bad("%x16 = vote.ballot %b", "destination");
        bad("%b = vote.all %x", "predicate");
        bad("%b = activemask", "destination");
        bad("%x = shfl.i32 %x, %z", "lane");
        bad("%x, %y = shfl.i32 %x, 0", "valid flag");
        bad("%b, %b = shfl.i1 %b, 0", "must differ");
        bad("%x = readfirstlane.i32 %z", "source");
        bad("@%x barrier", "guard");
        bad("%x = mov.i32 %z", "source");
    }

    #[test]
    fn rejects_memory_errors() {
        bad("%z = ld.global.b32 [%p]", "cannot receive a b32");
        bad("%h = ld.global.s16 [%p]", "cannot receive a s16");
        bad("%x8 = ld.global.u16 [%p]", "cannot receive a u16");
        bad("%f = ld.global.u8 [%p]", "cannot receive a u8");
        bad("%b = ld.global.u8 [%p]", "cannot receive a u8");
        bad(
            "%x = ld.global.v2.b32 [%p]",
            "2 elements but 1 destinations",
        );
        bad("%z, %w, %z, %w = ld.global.v4.b64 [%p]", "at most 16");
        bad("%x, %x = ld.global.v2.b32 [%p]", "appears twice");
        bad("%x = ld.global.release.device.b32 [%p]", "ordering release");
        bad("%x = ld.global.b32 [%x]", "address base");
        bad("%x = ld.shared.b32 [%p]", "address base");
        bad("%x = ld.buffer.b32 [%p]", "buffer address");
        bad("%x = ld.global.b32 [%p, 4, 0]", "needs the buffer space");
        bad("%x = ld.buffer.b32 [%x, 4, 0]", "buffer base");
        bad("%x = ld.buffer.b32 [%p, %b, 0]", "buffer size");
        bad("%x = ld.buffer.b32 [%p, 4, %z]", "buffer offset");
        bad("st.global.b32 [%p], %z", "cannot be stored as b32");
        bad("st.global.u8 [%p], %f", "cannot be stored as u8");
        bad("st.const.b32 [%p], 1", "cannot store to the const space");
        bad("st.param.b32 [0], 1", "cannot store to the param space");
        bad("st.global.acquire.device.b32 [%p], 1", "ordering acquire");
        bad("st.global.v2.b32 [%p], 1", "2 elements but 1 sources");
        bad(
            "%x = atom.global.fadd.b32.device.relaxed [%p], %x",
            "not defined on b32",
        );
        bad(
            "%x = atom.global.add.f16x2.device.relaxed [%p], %x",
            "not defined on f16x2",
        );
        bad(
            "%x = atom.global.cas.b32.device.relaxed [%p], %x",
            "compare value",
        );
        bad(
            "%x = atom.global.add.b32.device.relaxed [%p], %x, %x",
            "only cas",
        );
        bad(
            "%x = atom.local.add.b32.device.relaxed [%x], %x",
            "global, shared, buffer and surface",
        );
        bad(
            "%x = atom.const.add.b32.device.relaxed [%p], %x",
            "global, shared, buffer and surface",
        );
        bad(
            "%d = atom.global.fadd.f64.device.relaxed.ftz [%p], %d",
            "ftz",
        );
        bad("%x = atom.global.add.b32.device.weak [%p], %x", "weak");
        bad(
            "%z = atom.global.add.b32.device.relaxed [%p], %x",
            "destination",
        );
        bad("%x = atom.global.add.b32.device.relaxed [%p], %z", "source");
        bad(
            "%f = atom.global.fadd.f32.device.relaxed [%p], %x",
            "source",
        );
        bad("fence.device.relaxed", "fence cannot be relaxed");
        bad("fence.device.weak", "fence cannot be weak");
    }

    fn kernel() -> Kernel {
        let mut k = Kernel::new("k");
        k.reg("p", Type::I1);
        k.reg("x", Type::I32);
        k.blocks.push(Block {
            label: "entry".into(),
            insts: vec![],
            term: Term::Exit,
            term_pc: None,
        });
        k
    }

    fn kbad(k: &Kernel, loc: &str, what: &str) {
        let e = verify_kernel(k).expect_err(what);
        assert!(e.msg.contains(what), "expected `{what}`, got `{e}`");
        assert_eq!(e.location, loc, "{e}");
    }

    #[test]
    fn rejects_structural_errors() {
        verify_kernel(&kernel()).unwrap();

        let mut k = kernel();
        k.blocks.clear();
        kbad(&k, "header", "no blocks");

        let mut k = kernel();
        k.wave_size = 16;
        kbad(&k, "header", "wave size");

        let mut k = kernel();
        k.reg("x", Type::I64);
        kbad(&k, "reg %x (index 2)", "duplicate register name");

        let mut k = kernel();
        k.blocks.push(k.blocks[0].clone());
        kbad(&k, "block entry", "duplicate block label");

        let mut k = kernel();
        k.params = vec![Reg(1), Reg(1)];
        kbad(&k, "param 1", "parameter twice");
        k.params = vec![Reg(5)];
        kbad(&k, "param 0", "not declared");

        let mut k = kernel();
        k.blocks[0].term = Term::Br(BlockId(1));
        kbad(&k, "block entry, terminator", "out of range");
        k.blocks[0].term = Term::Call {
            target: BlockId(0),
            ret: BlockId(3),
        };
        kbad(&k, "block entry, terminator", "return block");
        k.blocks[0].term = Term::Switch {
            index: Reg(0),
            targets: vec![BlockId(0), BlockId(9)],
            default: BlockId(0),
        };
        kbad(&k, "block entry, terminator", "target 1");
        k.blocks[0].term = Term::BrCond {
            cond: Reg(1),
            then_: BlockId(0),
            else_: BlockId(0),
        };
        kbad(&k, "block entry, terminator", "condition");
        k.blocks[0].term_pc = Some(0x40);
        kbad(&k, "block entry, terminator (pc 0x40)", "condition");

        let mut k = kernel();
        k.blocks[0].insts.push(Inst::new(Op::Barrier));
        k.blocks[0].insts.push(Inst {
            guard: None,
            op: Op::Mov {
                ty: Type::I32,
                dst: Reg(1),
                src: Operand::Reg(Reg(42)),
            },
            pc: Some(0x10),
        });
        kbad(
            &k,
            "block entry, inst 1 (pc 0x10)",
            "register index 42 is not declared",
        );

        let mut k = kernel();
        k.blocks[0].insts.push(Inst::new(Op::Load(op::Load {
            space: Space::Global,
            mem: MemType {
                kind: MemKind::B32,
                count: 0,
            },
            order: Order::Weak,
            scope: crate::types::Scope::Device,
            uniform: false,
            dsts: vec![],
            addr: Address::Flat {
                base: Operand::Imm(0),
                offset: 0,
            },
        })));
        kbad(&k, "block entry, inst 0", "count must be 1..=4");

        let m = Module {
            kernels: vec![kernel(), kernel()],
        };
        let e = verify_module(&m).unwrap_err();
        assert_eq!(e.location, "module");
        assert!(e
            .to_string()
            .starts_with("kernel k, module: duplicate kernel name"));
    }

    #[test]
    fn display_format() {
        let e = check("%x = add.i32 %x, %z").unwrap_err();
        assert_eq!(
            e.to_string(),
            "kernel k, block entry, inst 0: operand b: %z has type i64, expected i32 (in `%x = add.i32 %x, %z`)"
        );
    }
}
