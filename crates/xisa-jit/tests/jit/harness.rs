//! Test harness: build kernels, set up one lane's context by hand, run it.

use std::sync::atomic::AtomicBool;

use xisa_ir::op;
use xisa_ir::{
    Address, BinOp, Block, BlockId, ICond, Inst, Kernel, MemKind, MemType, Op, Operand, Order, Reg,
    Scope, Space, Term, Type,
};
use xisa_jit::{compile, JitOptions, JitProgram, OptLevel};
use xisa_runtime::ctx::{Counters, FaultInfo, LaneCtx, CALL_STACK_DEPTH, REG_STRIDE, RESUME_ENTRY};
use xisa_runtime::{LaneProgram, GUEST_BASE};

/// Options used by the tests: verifier on, stats on.
pub fn opts() -> JitOptions {
    JitOptions {
        count_stats: true,
        opt_level: OptLevel::Speed,
        verify: true,
        final_registers: true,
        wave: false,
    }
}

/// Compiles with the test options (panics on error: tests only).
pub fn jit(k: &Kernel) -> JitProgram {
    match compile(k, &opts()) {
        Ok(p) => p,
        Err(e) => panic!("compile {}: {e}", k.name),
    }
}

/// A block of unguarded instructions.
pub fn block(label: &str, ops: Vec<Op>, term: Term) -> Block {
    Block {
        label: label.into(),
        insts: ops.into_iter().map(Inst::new).collect(),
        term,
        term_pc: None,
    }
}

/// A block of instructions.
pub fn block_i(label: &str, insts: Vec<Inst>, term: Term) -> Block {
    Block {
        label: label.into(),
        insts,
        term,
        term_pc: None,
    }
}

/// One block of `ops`, then exit.
pub fn straight(k: &mut Kernel, ops: Vec<Op>) {
    k.blocks.push(block("entry", ops, Term::Exit));
}

pub fn r(reg: Reg) -> Operand {
    Operand::Reg(reg)
}

pub fn imm(v: u64) -> Operand {
    Operand::Imm(v)
}

pub fn b(i: u32) -> BlockId {
    BlockId(i)
}

/// Guest address of byte `off` of the test's global memory.
pub fn g(off: u64) -> u64 {
    GUEST_BASE + off
}

/// Declares the registers of `decls` (`"name: type, ..."`, as in the IR
/// text's `reg` line), in order.
pub fn regs<const N: usize>(k: &mut Kernel, decls: &str) -> [Reg; N] {
    let regs: Vec<Reg> = decls
        .split(',')
        .map(|d| {
            let (name, ty) = d
                .split_once(':')
                .unwrap_or_else(|| panic!("bad register declaration {d:?}"));
            let ty = Type::from_name(ty.trim()).unwrap_or_else(|| panic!("bad type in {d:?}"));
            k.reg(name.trim(), ty)
        })
        .collect();
    regs.try_into()
        .unwrap_or_else(|v: Vec<Reg>| panic!("{} registers declared, {N} bound", v.len()))
}

// Op builders: the IR structs spell out every field, so the ops most tests
// share are built here once.

/// `dst = a <op> b` at `ty`.
pub fn bin(op: BinOp, ty: Type, dst: Reg, a: Operand, b: Operand) -> Op {
    Op::Bin(op::Bin { op, ty, dst, a, b })
}

/// `dst = a + v` at `ty`.
pub fn add(ty: Type, dst: Reg, a: Reg, v: u64) -> Op {
    bin(BinOp::Add, ty, dst, r(a), imm(v))
}

/// `dst = a <cond> b` at `ty`.
pub fn icmp(cond: ICond, ty: Type, dst: Reg, a: Operand, b: Operand) -> Op {
    Op::ICmp(op::ICmp {
        cond,
        ty,
        dst,
        a,
        b,
    })
}

/// `dst = zext.i64.i32 src`.
pub fn zext_i64(dst: Reg, src: Reg) -> Op {
    Op::Cvt(op::Cvt {
        op: xisa_ir::CvtOp::Zext,
        to: Type::I64,
        from: Type::I32,
        rnd: xisa_ir::Round::Rn,
        sat: false,
        ftz: false,
        dst,
        src: r(src),
    })
}

/// `call target` returning to `ret`.
pub fn call(target: u32, ret: u32) -> Term {
    Term::Call {
        target: b(target),
        ret: b(ret),
    }
}

/// `brc cond, then_, else_`.
pub fn br_cond(cond: Reg, then_: u32, else_: u32) -> Term {
    Term::BrCond {
        cond,
        then_: b(then_),
        else_: b(else_),
    }
}

pub fn flat(base: Operand, offset: i64) -> Address {
    Address::Flat { base, offset }
}

/// A weak device-scope load of `count` elements.
pub fn load(space: Space, kind: MemKind, count: u8, dsts: Vec<Reg>, addr: Address) -> Op {
    Op::Load(op::Load {
        space,
        mem: MemType { kind, count },
        order: Order::Weak,
        scope: Scope::Device,
        uniform: false,
        dsts,
        addr,
    })
}

/// A weak device-scope store of `count` elements.
pub fn store(space: Space, kind: MemKind, count: u8, srcs: Vec<Operand>, addr: Address) -> Op {
    Op::Store(op::Store {
        space,
        mem: MemType { kind, count },
        order: Order::Weak,
        scope: Scope::Device,
        srcs,
        addr,
    })
}

/// `m` (a load or store) with another order and scope; a load also gets
/// `uniform`.
pub fn ordered(m: Op, order: Order, scope: Scope, uniform: bool) -> Op {
    match m {
        Op::Load(l) => Op::Load(op::Load {
            order,
            scope,
            uniform,
            ..l
        }),
        Op::Store(s) => Op::Store(op::Store { order, scope, ..s }),
        m => panic!("not a load or store: {m:?}"),
    }
}

/// `regs` (in order) laid out as in a workgroup's register file: register
/// `r` at slot `r * REG_STRIDE`.
pub fn to_file(regs: &[u64], file: &mut [u64]) {
    for (r, v) in regs.iter().enumerate() {
        file[r * REG_STRIDE] = *v;
    }
}

/// The registers (in order) of a file [`to_file`] laid out.
pub fn from_file(file: &[u64], regs: &mut [u64]) {
    for (r, v) in regs.iter_mut().enumerate() {
        *v = file[r * REG_STRIDE];
    }
}

/// Everything one lane needs, owned; `ctx()` points into it.
pub struct Lane {
    /// The registers, in order (`ctx()` lays them out as the runtime does,
    /// `keep()` reads them back).
    pub regs: Vec<u64>,
    /// The register file `ctx()` points at: register `r` at `r *
    /// REG_STRIDE`, as in a workgroup's file.
    file: Vec<u64>,
    pub global: Vec<u64>,
    pub global_len: usize,
    pub shared: Vec<u64>,
    pub local: Vec<u64>,
    pub params: Vec<u64>,
    pub stack: Vec<u32>,
    pub cancel: Box<AtomicBool>,
    pub counters: Box<Counters>,
    pub call_depth: u32,
    pub resume: u32,
    pub insts: u64,
    pub fault: FaultInfo,
    pub tid: [u32; 3],
}

impl Lane {
    /// A lane for `k` with `global` bytes of guest memory and 256 bytes of each
    /// other space.
    pub fn new(k: &Kernel, global: usize) -> Lane {
        Lane {
            regs: vec![0; k.regs.len().max(1)],
            file: vec![0; k.regs.len().max(1) * REG_STRIDE],
            global: vec![0; global.div_ceil(8)],
            global_len: global,
            shared: vec![0; 32],
            local: vec![0; 32],
            params: vec![0; 32],
            stack: vec![0; CALL_STACK_DEPTH],
            cancel: Box::new(AtomicBool::new(false)),
            counters: Box::default(),
            call_depth: 0,
            resume: RESUME_ENTRY,
            insts: 0,
            fault: FaultInfo::default(),
            tid: [3, 0, 0],
        }
    }

    /// Runs the lane once with `p` (JIT or interpreter), keeping the lane state.
    pub fn run(&mut self, p: &dyn LaneProgram) -> u32 {
        let mut c = self.ctx();
        let stop = p.run(&mut c);
        self.keep(&c);
        stop
    }

    /// A context pointing into this lane's buffers (its registers laid out
    /// as the runtime lays them out).
    pub fn ctx(&mut self) -> LaneCtx {
        to_file(&self.regs, &mut self.file);
        LaneCtx {
            regs: self.file.as_mut_ptr(),
            global_base: self.global.as_mut_ptr() as *mut u8,
            global_limit: self.global_len as u64,
            shared_base: self.shared.as_mut_ptr() as *mut u8,
            shared_size: (self.shared.len() * 8) as u64,
            local_base: self.local.as_mut_ptr() as *mut u8,
            local_size: (self.local.len() * 8) as u64,
            param_base: self.params.as_ptr() as *const u8,
            param_size: (self.params.len() * 8) as u64,
            call_stack: self.stack.as_mut_ptr(),
            call_depth: self.call_depth,
            resume: self.resume,
            insts: self.insts,
            cancel: &*self.cancel,
            counters: &mut *self.counters,
            tid: self.tid,
            ntid: [64, 1, 1],
            ctaid: [5, 6, 7],
            nctaid: [8, 9, 10],
            lane_id: 3,
            wave_id: 1,
            wave_size: 32,
            dyn_shared_base: 128,
            dyn_shared_size: 64,
            grid_id: 1,
            fault: self.fault,
            host: std::ptr::null(),
        }
    }

    /// Keeps what a run changed in `c` (a context from [`Self::ctx`]).
    pub fn keep(&mut self, c: &LaneCtx) {
        from_file(&self.file, &mut self.regs);
        self.call_depth = c.call_depth;
        self.resume = c.resume;
        self.insts = c.insts;
        self.fault = c.fault;
    }

    pub fn global_bytes(&mut self) -> &mut [u8] {
        let n = self.global_len;
        // SAFETY: the Vec<u64> holds at least `n` bytes.
        unsafe { std::slice::from_raw_parts_mut(self.global.as_mut_ptr() as *mut u8, n) }
    }

    pub fn shared_bytes(&mut self) -> &mut [u8] {
        let n = self.shared.len() * 8;
        // SAFETY: as above.
        unsafe { std::slice::from_raw_parts_mut(self.shared.as_mut_ptr() as *mut u8, n) }
    }

    pub fn local_bytes(&mut self) -> &mut [u8] {
        let n = self.local.len() * 8;
        // SAFETY: as above.
        unsafe { std::slice::from_raw_parts_mut(self.local.as_mut_ptr() as *mut u8, n) }
    }

    pub fn param_bytes(&mut self) -> &mut [u8] {
        let n = self.params.len() * 8;
        // SAFETY: as above.
        unsafe { std::slice::from_raw_parts_mut(self.params.as_mut_ptr() as *mut u8, n) }
    }

    pub fn read(bytes: &[u8], off: usize, len: usize) -> u64 {
        let mut v = 0u64;
        for i in 0..len {
            v |= (bytes[off + i] as u64) << (8 * i);
        }
        v
    }

    pub fn write(bytes: &mut [u8], off: usize, len: usize, v: u64) {
        for i in 0..len {
            bytes[off + i] = (v >> (8 * i)) as u8;
        }
    }
}
