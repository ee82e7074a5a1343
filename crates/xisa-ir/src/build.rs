//! The builder lifters emit IR with: registers by name (declared at first
//! use), named temporaries, instructions stamped with the pc of the machine
//! instruction being lifted and an optional guard, blocks, and the 64-bit
//! pair/split idioms every ISA with 32-bit registers needs.

use std::collections::HashMap;

use crate::{
    BinOp, Block, BlockId, CvtOp, Guard, Inst, Kernel, Op, Operand, Reg, Round, Term, Type,
};

/// An IR kernel under construction.
#[derive(Debug)]
pub struct Builder {
    kernel: Kernel,
    names: HashMap<String, Reg>,
    label: String,
    insts: Vec<Inst>,
    /// The pc of the machine instruction being lifted: every instruction
    /// emitted gets it.
    pub pc: u64,
}

impl Builder {
    /// Builds into `kernel` (its registers are looked up by name too),
    /// starting a block labelled `entry`.
    pub fn new(kernel: Kernel, entry: &str) -> Builder {
        let names = kernel
            .regs
            .iter()
            .enumerate()
            .map(|(i, d)| (d.name.clone(), Reg(i as u32)))
            .collect();
        Builder {
            kernel,
            names,
            label: entry.to_string(),
            insts: Vec::new(),
            pc: 0,
        }
    }

    /// The kernel's header (name, sizes, wave size) and finished blocks.
    pub fn kernel_mut(&mut self) -> &mut Kernel {
        &mut self.kernel
    }

    /// The register called `name`, declared with `ty` at its first use.
    pub fn reg(&mut self, name: &str, ty: Type) -> Reg {
        if let Some(&r) = self.names.get(name) {
            return r;
        }
        let r = self.kernel.reg(name, ty);
        self.names.insert(name.to_string(), r);
        r
    }

    /// The temporary `t.<name>`.
    pub fn tmp(&mut self, name: &str, ty: Type) -> Reg {
        self.reg(&format!("t.{name}"), ty)
    }

    /// Appends `op` to the current block.
    pub fn emit(&mut self, op: Op, guard: Option<Guard>) {
        self.insts.push(Inst {
            guard,
            op,
            pc: Some(self.pc),
        });
    }

    /// The id the current block will have.
    pub fn current_block(&self) -> BlockId {
        BlockId(self.kernel.blocks.len() as u32)
    }

    /// Ends the current block with `term` (at the current pc) and starts one
    /// labelled `next`.
    pub fn end_block(&mut self, term: Term, next: &str) {
        let insts = std::mem::take(&mut self.insts);
        let label = std::mem::replace(&mut self.label, next.to_string());
        self.kernel.blocks.push(Block {
            label,
            insts,
            term,
            term_pc: Some(self.pc),
        });
    }

    /// Ends the last block with `term` (at `term_pc`) and returns the kernel.
    pub fn finish(mut self, term: Term, term_pc: Option<u64>) -> Kernel {
        self.kernel.blocks.push(Block {
            label: self.label,
            insts: self.insts,
            term,
            term_pc,
        });
        self.kernel
    }

    /// `dst = op(src)` converting `from` to `to` (round to nearest, no
    /// saturation or flushing).
    pub fn cvt(
        &mut self,
        op: CvtOp,
        to: Type,
        from: Type,
        dst: Reg,
        src: impl Into<Operand>,
        guard: Option<Guard>,
    ) {
        let op = Op::Cvt {
            op,
            to,
            from,
            rnd: Round::Rn,
            sat: false,
            ftz: false,
            dst,
            src: src.into(),
        };
        self.emit(op, guard);
    }

    /// `dst = a op b`.
    pub fn bin(
        &mut self,
        op: BinOp,
        ty: Type,
        dst: Reg,
        a: impl Into<Operand>,
        b: impl Into<Operand>,
        guard: Option<Guard>,
    ) {
        let (a, b) = (a.into(), b.into());
        self.emit(Op::Bin { op, ty, dst, a, b }, guard);
    }

    /// `dst (i64) = hi << 32 | lo` (`lo`, `hi`: `i32`), through the
    /// temporaries `t.lo` and `t.hi`.
    pub fn pair64(&mut self, lo: Reg, hi: Reg, dst: Reg) {
        let (l, h) = (self.tmp("lo", Type::I64), self.tmp("hi", Type::I64));
        self.cvt(CvtOp::Zext, Type::I64, Type::I32, l, lo, None);
        self.cvt(CvtOp::Zext, Type::I64, Type::I32, h, hi, None);
        self.bin(BinOp::Shl, Type::I64, h, h, Operand::Imm(32), None);
        self.bin(BinOp::Or, Type::I64, dst, l, h, None);
    }

    /// `lo = low half of src`, `hi = high half` (`src`: `i64`), under `guard`,
    /// through the temporary `t.rhi`.
    pub fn split64(&mut self, src: Reg, lo: Reg, hi: Reg, guard: Option<Guard>) {
        let h = self.tmp("rhi", Type::I64);
        self.bin(BinOp::LShr, Type::I64, h, src, Operand::Imm(32), guard);
        self.cvt(CvtOp::Trunc, Type::I32, Type::I64, lo, src, guard);
        self.cvt(CvtOp::Trunc, Type::I32, Type::I64, hi, h, guard);
    }
}
