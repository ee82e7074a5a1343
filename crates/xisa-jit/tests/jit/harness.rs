//! Test harness: build kernels, set up one lane's context by hand, run it.

use std::sync::atomic::AtomicBool;

use xisa_ir::{Block, BlockId, Inst, Kernel, Op, Operand, Reg, Term};
use xisa_jit::{compile, JitOptions, JitProgram, OptLevel};
use xisa_runtime::ctx::{Counters, FaultInfo, LaneCtx, CALL_STACK_DEPTH, RESUME_ENTRY};
use xisa_runtime::{LaneProgram, GUEST_BASE};

/// Options used by the tests: verifier on, stats on.
pub fn opts() -> JitOptions {
    JitOptions {
        count_stats: true,
        opt_level: OptLevel::Speed,
        verify: true,
        final_registers: true,
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

/// Everything one lane needs, owned; `ctx()` points into it.
pub struct Lane {
    pub regs: Vec<u64>,
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

    /// A context pointing into this lane's buffers.
    pub fn ctx(&mut self) -> LaneCtx {
        LaneCtx {
            regs: self.regs.as_mut_ptr(),
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
