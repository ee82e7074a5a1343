//! The builder every lifter emits IR with: registers by name (declared at
//! first use), temporaries (named, or pooled per guest instruction),
//! instructions stamped with the pc of the machine instruction being lifted,
//! blocks created in any order and appended to by id, value helpers that
//! compute into fresh temporaries, and the 64-bit pair/split idioms every ISA
//! with 32-bit registers needs.

use crate::op;
use std::collections::HashMap;

use crate::{
    BinOp, Block, BlockId, CvtOp, Guard, ICond, Inst, Kernel, Op, Operand, Reg, Term, Type, UnOp,
};

/// An IR kernel under construction.
#[derive(Debug)]
pub struct Builder {
    kernel: Kernel,
    names: HashMap<String, Reg>,
    /// Pooled temporaries of each type, and how many of them the current
    /// guest instruction has taken.
    pool: HashMap<Type, (Vec<Reg>, usize)>,
    cur: BlockId,
    open: bool,
    /// The pc of the machine instruction being lifted: every instruction
    /// emitted gets it.
    pub pc: u64,
    /// `(lo, hi, v)`: registers `lo` and `hi` hold the halves of the `i64`
    /// register `v` at this point of the current block (see
    /// [`Builder::note_halves`]); dropped when any of the three is written
    /// and at every change of block.
    halves_of: Vec<(Reg, Reg, Reg)>,
    /// The `i1` execution-mask register of ISAs whose vector instructions
    /// run under one (AMD's EXEC as a per-lane bit): the `_masked` emitters
    /// guard by it.
    pub exec: Option<Reg>,
}

/// The prefix of the builder's temporaries; every other register a lifter
/// names is an ISA register (`v5`, `R2`, `s[4]`, `exec`).
pub const TEMPORARY: &str = "t.";

/// True when `name` is one of the builder's temporaries.
pub fn is_temporary(name: &str) -> bool {
    name.starts_with(TEMPORARY)
}

impl Builder {
    /// Builds into `kernel` (its registers are looked up by name too; its
    /// blocks are kept), starting and entering a block labelled `entry`.
    pub fn new(kernel: Kernel, entry: &str) -> Builder {
        let names = kernel
            .regs
            .iter()
            .enumerate()
            .map(|(i, d)| (d.name.clone(), Reg(i as u32)))
            .collect();
        let mut b = Builder {
            kernel,
            names,
            pool: HashMap::new(),
            cur: BlockId(0),
            open: true,
            pc: 0,
            halves_of: Vec::new(),
            exec: None,
        };
        b.cur = b.block(entry.to_string());
        b
    }

    /// A builder for a lifted fragment (the lsu and CDNA 5 conventions): a
    /// kernel `name` of `wave_size` lanes, block `entry`, whose `exec`
    /// predicate register guards every emitted instruction. Returns the
    /// builder and that register.
    pub fn fragment(name: &str, wave_size: u32) -> (Builder, Reg) {
        let mut k = Kernel::new(name);
        k.wave_size = wave_size;
        let exec = k.reg("exec", Type::I1);
        let mut b = Builder::new(k, "entry");
        b.exec = Some(exec);
        (b, exec)
    }

    /// The kernel built so far.
    pub fn kernel(&self) -> &Kernel {
        &self.kernel
    }

    /// The kernel's header (name, sizes, wave size, parameters) and blocks.
    pub fn kernel_mut(&mut self) -> &mut Kernel {
        &mut self.kernel
    }

    // ------------------------------------------------------------ registers

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
        self.reg(&format!("{TEMPORARY}{name}"), ty)
    }

    /// Starts lifting the guest instruction at `pc`: the pooled temporaries
    /// of the previous one can be reused.
    pub fn begin(&mut self, pc: u64) {
        self.pc = pc;
        self.pool.values_mut().for_each(|p| p.1 = 0);
    }

    /// A temporary of type `ty`, fresh within the current guest instruction
    /// (`t.<type>.<n>`, reused from one guest instruction to the next).
    pub fn t(&mut self, ty: Type) -> Reg {
        let (regs, taken) = self.pool.entry(ty).or_default();
        if let Some(&r) = regs.get(*taken) {
            *taken += 1;
            return r;
        }
        let r = self
            .kernel
            .reg(format!("{TEMPORARY}{}.{}", ty.name(), regs.len()), ty);
        let (regs, taken) = self.pool.entry(ty).or_default();
        regs.push(r);
        *taken += 1;
        r
    }

    // ------------------------------------------------------------ blocks

    /// A new empty block labelled `label`, not entered (it exits until it is
    /// terminated).
    pub fn block(&mut self, label: String) -> BlockId {
        self.block_with(label, Term::Exit, None)
    }

    /// A new empty block labelled `label` ending in `term` (at `term_pc`),
    /// not entered.
    pub fn block_with(&mut self, label: String, term: Term, term_pc: Option<u64>) -> BlockId {
        self.kernel.blocks.push(Block {
            label,
            insts: Vec::new(),
            term,
            term_pc,
        });
        BlockId(self.kernel.blocks.len() as u32 - 1)
    }

    /// Where instructions go: the current block and whether it is open.
    pub fn position(&self) -> (BlockId, bool) {
        (self.cur, self.open)
    }

    /// Goes back to a [`Builder::position`].
    pub fn restore(&mut self, (cur, open): (BlockId, bool)) {
        self.cur = cur;
        self.open = open;
        self.halves_of.clear();
    }

    /// Continues in block `id`.
    pub fn enter(&mut self, id: BlockId) {
        self.cur = id;
        self.open = true;
        self.halves_of.clear();
    }

    /// Records that `lo` and `hi` now hold the low and high halves of the
    /// `i64` register `v` (as [`Builder::halves`] computed them), so that
    /// [`Builder::pair`] of the two gives `v` back instead of joining them
    /// again (a machine's 64-bit register pairs are written and read whole
    /// far more often than by halves).
    pub fn note_halves(&mut self, lo: Reg, hi: Reg, v: Reg) {
        self.halves_of.retain(|&(l, h, _)| l != lo && h != hi);
        self.halves_of.push((lo, hi, v));
    }

    /// The block instructions go to.
    pub fn current_block(&self) -> BlockId {
        self.cur
    }

    /// Whether the current block is still without its terminator.
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// Ends the current block with `term` at the current pc.
    pub fn terminate(&mut self, term: Term) {
        let b = &mut self.kernel.blocks[self.cur.0 as usize];
        b.term = term;
        b.term_pc = Some(self.pc);
        self.open = false;
    }

    /// Ends the current block with `term` (at the current pc) and enters a
    /// new block labelled `next`, returning its id.
    pub fn end_block(&mut self, term: Term, next: &str) -> BlockId {
        self.terminate(term);
        let id = self.block(next.to_string());
        self.enter(id);
        id
    }

    /// Ends the current block with `term` (at `term_pc`) and returns the kernel.
    pub fn finish(mut self, term: Term, term_pc: Option<u64>) -> Kernel {
        let b = &mut self.kernel.blocks[self.cur.0 as usize];
        b.term = term;
        b.term_pc = term_pc;
        self.kernel
    }

    /// The kernel, every block terminated by the caller.
    pub fn into_kernel(self) -> Kernel {
        self.kernel
    }

    // ------------------------------------------------------------ emission

    /// Appends `op` under `guard` to the current block.
    pub fn emit(&mut self, op: Op, guard: Option<Guard>) {
        if !self.halves_of.is_empty() {
            let defs = op.defs();
            self.halves_of
                .retain(|(l, h, v)| !defs.iter().any(|d| d == l || d == h || d == v));
        }
        let inst = Inst {
            guard,
            op,
            pc: Some(self.pc),
        };
        self.kernel.blocks[self.cur.0 as usize].insts.push(inst);
    }

    /// The guard of an instruction that runs under the execution mask
    /// ([`Builder::exec`]) when `masked`; none otherwise or without a mask.
    pub fn masked(&self, masked: bool) -> Option<Guard> {
        self.exec
            .filter(|_| masked)
            .map(|reg| Guard { reg, negate: false })
    }

    /// Appends `op`, under the execution mask when `masked`.
    pub fn emit_masked(&mut self, op: Op, masked: bool) {
        let g = self.masked(masked);
        self.emit(op, g);
    }

    /// `dst = src`, unguarded.
    pub fn mov(&mut self, ty: Type, dst: Reg, src: impl Into<Operand>) {
        let src = src.into();
        self.emit(Op::Mov { ty, dst, src }, None);
    }

    /// `dst = op(src)` converting `from` to `to` (round to nearest, no
    /// saturation or flushing).
    pub fn cvt_into(
        &mut self,
        op: CvtOp,
        to: Type,
        from: Type,
        dst: Reg,
        src: impl Into<Operand>,
        guard: Option<Guard>,
    ) {
        let op = Op::Cvt(op::Cvt::plain(op, to, from, dst, src.into()));
        self.emit(op, guard);
    }

    /// `dst = a op b`.
    pub fn bin_into(
        &mut self,
        op: BinOp,
        ty: Type,
        dst: Reg,
        a: impl Into<Operand>,
        b: impl Into<Operand>,
        guard: Option<Guard>,
    ) {
        let (a, b) = (a.into(), b.into());
        self.emit(Op::Bin(op::Bin { op, ty, dst, a, b }), guard);
    }

    // ------------------------------------------------------------ values
    // Each computes, unguarded, into a fresh pooled temporary.

    /// `a op b`.
    pub fn binv(
        &mut self,
        op: BinOp,
        ty: Type,
        a: impl Into<Operand>,
        b: impl Into<Operand>,
    ) -> Reg {
        let d = self.t(ty);
        self.bin_into(op, ty, d, a, b, None);
        d
    }

    /// `a op b`, or its value when both are immediates (by
    /// `semantics::bin`, the IR's own definition), so that constant
    /// operands stay constant for the backend.
    pub fn bin_fold(
        &mut self,
        op: BinOp,
        ty: Type,
        a: impl Into<Operand>,
        b: impl Into<Operand>,
    ) -> Operand {
        match (a.into(), b.into()) {
            (Operand::Imm(x), Operand::Imm(y)) => {
                Operand::Imm(crate::semantics::bin(op, ty, x, y) & ty.mask())
            }
            (a, b) => self.binv(op, ty, a, b).into(),
        }
    }

    /// `op(src)` from `from` to `to` (round to nearest, no saturation).
    pub fn cvt(&mut self, op: CvtOp, to: Type, from: Type, src: impl Into<Operand>) -> Reg {
        let d = self.t(to);
        self.cvt_into(op, to, from, d, src, None);
        d
    }

    /// `a cond b` as an `i1`.
    pub fn icmp(
        &mut self,
        cond: ICond,
        ty: Type,
        a: impl Into<Operand>,
        b: impl Into<Operand>,
    ) -> Reg {
        let d = self.t(Type::I1);
        let (a, b) = (a.into(), b.into());
        self.emit(
            Op::ICmp(op::ICmp {
                cond,
                ty,
                dst: d,
                a,
                b,
            }),
            None,
        );
        d
    }

    /// `c ? a : b`.
    pub fn select(
        &mut self,
        ty: Type,
        c: impl Into<Operand>,
        a: impl Into<Operand>,
        b: impl Into<Operand>,
    ) -> Reg {
        let d = self.t(ty);
        let (cond, a, b) = (c.into(), a.into(), b.into());
        self.emit(
            Op::Select(op::Select {
                ty,
                dst: d,
                cond,
                a,
                b,
            }),
            None,
        );
        d
    }

    /// `src` as lane `lane` of the wave holds it (a wave sync point; an
    /// out-of-range lane reads the lane's own value).
    pub fn shfl(&mut self, ty: Type, src: impl Into<Operand>, lane: impl Into<Operand>) -> Reg {
        let dst = self.t(ty);
        self.emit(
            Op::Shfl(op::Shfl {
                ty,
                dst,
                valid: None,
                src: src.into(),
                lane: lane.into(),
            }),
            None,
        );
        dst
    }

    /// `op(a)`.
    pub fn un(&mut self, op: UnOp, ty: Type, a: impl Into<Operand>) -> Reg {
        let d = self.t(ty);
        let a = a.into();
        self.emit(Op::Un(op::Un { op, ty, dst: d, a }), None);
        d
    }

    /// The bit field `[pos, pos + len)` of `a`, sign- or zero-extended.
    pub fn bfe(
        &mut self,
        signed: bool,
        ty: Type,
        a: impl Into<Operand>,
        pos: impl Into<Operand>,
        len: impl Into<Operand>,
    ) -> Reg {
        let d = self.t(ty);
        let (a, pos, len) = (a.into(), pos.into(), len.into());
        let op = Op::Bfe(op::Bfe {
            signed,
            ty,
            dst: d,
            a,
            pos,
            len,
        });
        self.emit(op, None);
        d
    }

    /// `i1` to `i32` (0/1).
    pub fn b2i(&mut self, p: Reg) -> Reg {
        self.cvt(CvtOp::Zext, Type::I32, Type::I1, p)
    }

    /// An operand of type `ty` in a register (an immediate is moved into a
    /// temporary).
    pub fn in_reg(&mut self, ty: Type, o: Operand) -> Reg {
        match o {
            Operand::Reg(r) => r,
            imm => {
                let t = self.t(ty);
                self.mov(ty, t, imm);
                t
            }
        }
    }

    /// `hi:lo` as an `i64` (a copy of the register whose halves they hold,
    /// when [`Builder::note_halves`] says so).
    pub fn pair(&mut self, lo: impl Into<Operand>, hi: impl Into<Operand>) -> Reg {
        let (lo, hi) = (lo.into(), hi.into());
        if let (Operand::Reg(l), Operand::Reg(h)) = (lo, hi) {
            if let Some(&(_, _, v)) = self.halves_of.iter().find(|e| e.0 == l && e.1 == h) {
                // A copy: callers may write the result in place.
                let d = self.t(Type::I64);
                self.mov(Type::I64, d, v);
                return d;
            }
        }
        let l = self.cvt(CvtOp::Zext, Type::I64, Type::I32, lo);
        let h = self.cvt(CvtOp::Zext, Type::I64, Type::I32, hi);
        let h = self.binv(BinOp::Shl, Type::I64, h, Operand::Imm(32));
        self.binv(BinOp::Or, Type::I64, l, h)
    }

    /// The low and high halves of an `i64` operand (an immediate's halves
    /// are immediates).
    pub fn halves(&mut self, v: Operand) -> (Operand, Operand) {
        if let Operand::Imm(x) = v {
            return (Operand::Imm(x & 0xffff_ffff), Operand::Imm(x >> 32));
        }
        let lo = self.cvt(CvtOp::Trunc, Type::I32, Type::I64, v);
        let h = self.binv(BinOp::LShr, Type::I64, v, Operand::Imm(32));
        let hi = self.cvt(CvtOp::Trunc, Type::I32, Type::I64, h);
        (lo.into(), hi.into())
    }

    /// `dst (i64) = hi << 32 | lo` (`lo`, `hi`: `i32`), through the
    /// temporaries `t.lo` and `t.hi`.
    pub fn pair64(&mut self, lo: Reg, hi: Reg, dst: Reg) {
        let (l, h) = (self.tmp("lo", Type::I64), self.tmp("hi", Type::I64));
        self.cvt_into(CvtOp::Zext, Type::I64, Type::I32, l, lo, None);
        self.cvt_into(CvtOp::Zext, Type::I64, Type::I32, h, hi, None);
        self.bin_into(BinOp::Shl, Type::I64, h, h, Operand::Imm(32), None);
        self.bin_into(BinOp::Or, Type::I64, dst, l, h, None);
    }

    /// `lo = low half of src`, `hi = high half` (`src`: `i64`), under `guard`,
    /// through the temporary `t.rhi`.
    pub fn split64(&mut self, src: Reg, lo: Reg, hi: Reg, guard: Option<Guard>) {
        let h = self.tmp("rhi", Type::I64);
        self.bin_into(BinOp::LShr, Type::I64, h, src, Operand::Imm(32), guard);
        self.cvt_into(CvtOp::Trunc, Type::I32, Type::I64, lo, src, guard);
        self.cvt_into(CvtOp::Trunc, Type::I32, Type::I64, hi, h, guard);
    }
}
