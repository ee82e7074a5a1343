//! The lane context: the one structure engines (interpreter, JIT) and the
//! scheduler share. `#[repr(C)]` because JIT code reads it by field offset
//! (see [`LaneCtx::OFFSETS`]).

use std::sync::atomic::AtomicBool;

/// Depth of the per-lane call/return stack: how deep calls nest (recursion
/// deeper than a GPU stack of a few KiB allows would need more; the runtime
/// sets the stack aside only for kernels that call).
pub const CALL_STACK_DEPTH: usize = 1024;

/// Slots between one lane's consecutive registers. A workgroup's register
/// file is laid out by register (structure of arrays): register `r` of
/// lane `l` is slot `r * REG_STRIDE + l`, so a run over the lanes reads
/// each register from consecutive words, eight lanes to a cache line,
/// where one lane's whole file would take lines of its own. A row holds
/// the most lanes a workgroup has, plus a cache line so that the rows do
/// not all start on the same cache set.
pub const REG_STRIDE: usize = crate::launch::MAX_BLOCK_THREADS as usize + 8;

/// `LaneProgram::run` result: the lane finished (`exit`).
pub const STOP_EXIT: u32 = 0;
/// The lane faulted; details in [`LaneCtx::fault`].
pub const STOP_FAULT: u32 = 1;
/// The launch was cancelled (watchdog) while this lane ran.
pub const STOP_CANCELLED: u32 = 2;
/// The lane gave up its time slice at a backward branch (optional for engines):
/// it set `ctx.resume` to `RESUME_BLOCK_BASE + target block` and wants to be run
/// again later. Lets lanes of one wave that spin on each other (intra-wave locks)
/// make progress.
pub const STOP_YIELD: u32 = 3;
/// Stop codes from `STOP_SYNC_BASE + k`: the lane waits at sync point `k`
/// (index into `Kernel::sync_points()`), before executing it.
pub const STOP_SYNC_BASE: u32 = 16;

/// [`LaneProgram::run_lanes`] input: run this lane from `ctx.resume` (no stop
/// code is this value).
pub const RUN_LANE: u32 = u32::MAX;
/// [`LaneProgram::run_lanes`] input `RUN_AFTER_SYNC_BASE + k` (below
/// [`RUN_LANE`]): run this lane from right after sync point `k`, as
/// `ctx.resume = RESUME_AFTER_SYNC_BASE + k` would (which it does not
/// write). Lets the scheduler release lanes without touching their contexts.
pub const RUN_AFTER_SYNC_BASE: u32 = 0x8000_0000;

/// Whether `code`, a [`LaneProgram::run_lanes`] entry, asks for a run.
pub fn is_run(code: u32) -> bool {
    code >= RUN_AFTER_SYNC_BASE
}

/// The resume point a run request `code` ([`is_run`]) starts a lane at, given
/// its context's `resume`.
pub fn resume_of(code: u32, resume: u32) -> u32 {
    if code == RUN_LANE {
        resume
    } else {
        RESUME_AFTER_SYNC_BASE.wrapping_add(code - RUN_AFTER_SYNC_BASE)
    }
}

/// Where a lane (re)starts: [`RESUME_ENTRY`] or `RESUME_AFTER_SYNC_BASE + k` to
/// continue right after sync point `k`.
pub const RESUME_ENTRY: u32 = 0;
/// See [`RESUME_ENTRY`].
pub const RESUME_AFTER_SYNC_BASE: u32 = 1;
/// `RESUME_BLOCK_BASE + b`: start of block `b` (after a [`STOP_YIELD`]).
pub const RESUME_BLOCK_BASE: u32 = 0x8000_0000;
/// Backward branches a lane may take before an engine that supports
/// [`STOP_YIELD`] yields (per `run` call).
pub const YIELD_BACKEDGES: u32 = 4096;
/// Backward transfers into a streaming loop head
/// (`Kernel::streaming_loop_heads`) after which an engine that supports
/// [`STOP_YIELD`] yields: the lanes of a workgroup take turns every few
/// iterations of such loops, keeping consecutive lanes' accesses together.
pub const YIELD_STREAMING: u32 = 16;

/// Fault kinds written to [`FaultInfo::kind`].
pub mod fault_kind {
    /// No fault.
    pub const NONE: u32 = 0;
    /// Access outside the space's valid range (`addr`, `len`, `space` set).
    pub const OUT_OF_BOUNDS: u32 = 1;
    /// Atomic at an address not aligned to its size.
    pub const MISALIGNED: u32 = 2;
    /// `call` deeper than [`super::CALL_STACK_DEPTH`].
    pub const CALL_OVERFLOW: u32 = 3;
    /// `ret` with an empty return stack.
    pub const RET_EMPTY: u32 = 4;
    /// The kernel executed `trap`.
    pub const TRAP: u32 = 5;
    /// A store or atomic to a read-only space.
    pub const READ_ONLY: u32 = 6;
    /// A workgroup barrier that can never complete, or a barrier id out of
    /// range (`addr`: the id, `len`: the thread count it waits for, 0 for the
    /// whole workgroup).
    pub const BARRIER: u32 = 7;
    /// A device `assert` failed (the host service printed its message).
    pub const ASSERT: u32 = 8;
    /// `free` of a pointer the device heap did not hand out, or freed
    /// already (`addr`: the pointer).
    pub const BAD_FREE: u32 = 9;
    /// A hostcall packet the host cannot answer: a service xisa does not
    /// provide (`addr`: the service id, `len` 0) or a broken buffer or
    /// message (`addr`, `len`: the bytes).
    pub const HOSTCALL: u32 = 10;
}

/// Space codes in [`FaultInfo::space`] (the `Space` enum's order).
pub fn space_code(s: xisa_ir::Space) -> u32 {
    xisa_ir::Space::ALL
        .iter()
        .position(|&x| x == s)
        .unwrap_or(0) as u32
}

/// What went wrong in a lane, filled in by the engine before it returns
/// [`STOP_FAULT`].
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct FaultInfo {
    /// One of [`fault_kind`].
    pub kind: u32,
    /// Flat instruction index (`Kernel::flat_index`).
    pub inst: u32,
    /// Guest address (or offset in the space).
    pub addr: u64,
    /// Access size in bytes.
    pub len: u32,
    /// [`space_code`] of the access.
    pub space: u32,
}

/// Per-worker counters (`--stats`).
#[repr(C)]
#[derive(Debug, Clone, Default)]
pub struct Counters {
    /// Atomics executed, by `[AtomOp index][Scope index]` (the enums' `ALL` order).
    pub atomics: [[u64; 5]; 17],
}

/// Everything one lane's code needs. One per lane while it runs.
///
/// The fields a run reads or writes in every lane (the register file, the
/// resume point and call depth, the lane's ids, its instruction count) come
/// first and the struct is cache-line aligned, so that going round a
/// workgroup's lanes touches one line of each lane's context; the fields
/// every lane shares (memory windows, launch geometry) are read from the
/// first lane's.
#[repr(C, align(64))]
#[derive(Debug)]
pub struct LaneCtx {
    /// This lane's registers: one `u64` slot per IR register (value in the low bits,
    /// zero-extended), register `r` at `regs + r * REG_STRIDE` ([`REG_STRIDE`]).
    pub regs: *mut u64,
    /// Where to start: see [`RESUME_ENTRY`]. Engine-owned while the lane
    /// waits at a barrier (the release names the resume point): the JIT's
    /// wave mode keeps a stop stamp there and in `call_depth` (it takes no
    /// kernel with calls).
    pub resume: u32,
    /// The depth of `call_stack`.
    pub call_depth: u32,
    /// Instructions executed by this lane (added to by the engines).
    pub insts: u64,
    /// Special registers `tid` (x, y, z), the lane's index in its wave and
    /// its wave's index in the workgroup.
    pub tid: [u32; 3],
    pub lane_id: u32,
    pub wave_id: u32,
    /// Host address that guest address [`crate::GUEST_BASE`] maps to.
    pub global_base: *mut u8,
    /// Bytes of guest memory valid from `GUEST_BASE` (accesses at or beyond fault).
    pub global_limit: u64,
    /// This workgroup's shared memory.
    pub shared_base: *mut u8,
    pub shared_size: u64,
    /// This lane's private (local/scratch) memory.
    pub local_base: *mut u8,
    pub local_size: u64,
    /// The parameter block.
    pub param_base: *const u8,
    pub param_size: u64,
    /// Return stack (block ids), `CALL_STACK_DEPTH` entries.
    pub call_stack: *mut u32,
    /// Set by the watchdog; engines poll it on backward branches and calls.
    pub cancel: *const AtomicBool,
    /// Per-worker statistics counters (may be updated only when enabled).
    pub counters: *mut Counters,
    /// Special registers `ntid`, `ctaid`, `nctaid` (x, y, z each).
    pub ntid: [u32; 3],
    pub ctaid: [u32; 3],
    pub nctaid: [u32; 3],
    pub wave_size: u32,
    pub dyn_shared_base: u32,
    /// Dynamic shared memory bytes the launch asked for.
    pub dyn_shared_size: u32,
    /// The launch's number on its device.
    pub grid_id: u32,
    /// Filled in on [`STOP_FAULT`].
    pub fault: FaultInfo,
    /// Where host services write what the lane prints (null: discarded).
    pub host: *const crate::host::HostOutput,
}

/// Byte offsets of [`LaneCtx`] fields, for code generators.
#[derive(Debug, Clone, Copy)]
pub struct CtxOffsets {
    pub regs: i32,
    pub global_base: i32,
    pub global_limit: i32,
    pub shared_base: i32,
    pub shared_size: i32,
    pub local_base: i32,
    pub local_size: i32,
    pub param_base: i32,
    pub param_size: i32,
    pub call_stack: i32,
    pub call_depth: i32,
    pub resume: i32,
    pub insts: i32,
    pub cancel: i32,
    pub counters: i32,
    pub tid: i32,
    pub ntid: i32,
    pub ctaid: i32,
    pub nctaid: i32,
    pub lane_id: i32,
    pub wave_id: i32,
    pub wave_size: i32,
    pub dyn_shared_base: i32,
    pub dyn_shared_size: i32,
    pub grid_id: i32,
    pub fault_kind: i32,
    pub fault_inst: i32,
    pub fault_addr: i32,
    pub fault_len: i32,
    pub fault_space: i32,
}

impl CtxOffsets {
    /// Whether the field at byte offset `off` belongs to the workgroup, not
    /// the lane: the same in every context of one
    /// [`LaneProgram::run_lanes`] call (memory windows but the lane's local
    /// one, launch geometry, cancel flag, counters, output), so an engine may
    /// read it once for the group. The lane's own fields (registers, local
    /// memory, call stack, resume point, ids, instruction count, fault) are
    /// not.
    pub fn is_group_field(&self, off: i32) -> bool {
        let word = |base: i32| [base, base + 4, base + 8];
        [
            self.global_base,
            self.global_limit,
            self.shared_base,
            self.shared_size,
            self.local_size,
            self.param_base,
            self.param_size,
            self.cancel,
            self.counters,
            self.wave_size,
            self.dyn_shared_base,
            self.dyn_shared_size,
            self.grid_id,
        ]
        .into_iter()
        .chain(word(self.ntid))
        .chain(word(self.ctaid))
        .chain(word(self.nctaid))
        .any(|f| f == off)
    }
}

macro_rules! off {
    ($f:ident) => {
        std::mem::offset_of!(LaneCtx, $f) as i32
    };
}

impl LaneCtx {
    /// A context with no memories, registers or output (every pointer null,
    /// every size 0): a base for tests and tools to fill in.
    pub fn detached() -> LaneCtx {
        LaneCtx {
            regs: std::ptr::null_mut(),
            global_base: std::ptr::null_mut(),
            global_limit: 0,
            shared_base: std::ptr::null_mut(),
            shared_size: 0,
            local_base: std::ptr::null_mut(),
            local_size: 0,
            param_base: std::ptr::null(),
            param_size: 0,
            call_stack: std::ptr::null_mut(),
            call_depth: 0,
            resume: RESUME_ENTRY,
            insts: 0,
            cancel: std::ptr::null(),
            counters: std::ptr::null_mut(),
            tid: [0; 3],
            ntid: [1; 3],
            ctaid: [0; 3],
            nctaid: [1; 3],
            lane_id: 0,
            wave_id: 0,
            wave_size: 32,
            dyn_shared_base: 0,
            dyn_shared_size: 0,
            grid_id: 1,
            fault: FaultInfo::default(),
            host: std::ptr::null(),
        }
    }

    /// Field offsets.
    pub const OFFSETS: CtxOffsets = CtxOffsets {
        regs: off!(regs),
        global_base: off!(global_base),
        global_limit: off!(global_limit),
        shared_base: off!(shared_base),
        shared_size: off!(shared_size),
        local_base: off!(local_base),
        local_size: off!(local_size),
        param_base: off!(param_base),
        param_size: off!(param_size),
        call_stack: off!(call_stack),
        call_depth: off!(call_depth),
        resume: off!(resume),
        insts: off!(insts),
        cancel: off!(cancel),
        counters: off!(counters),
        tid: off!(tid),
        ntid: off!(ntid),
        ctaid: off!(ctaid),
        nctaid: off!(nctaid),
        lane_id: off!(lane_id),
        wave_id: off!(wave_id),
        wave_size: off!(wave_size),
        dyn_shared_base: off!(dyn_shared_base),
        dyn_shared_size: off!(dyn_shared_size),
        grid_id: off!(grid_id),
        fault_kind: off!(fault) + std::mem::offset_of!(FaultInfo, kind) as i32,
        fault_inst: off!(fault) + std::mem::offset_of!(FaultInfo, inst) as i32,
        fault_addr: off!(fault) + std::mem::offset_of!(FaultInfo, addr) as i32,
        fault_len: off!(fault) + std::mem::offset_of!(FaultInfo, len) as i32,
        fault_space: off!(fault) + std::mem::offset_of!(FaultInfo, space) as i32,
    };
}

/// Compiled (or interpreted) code for one kernel: runs one lane from
/// `ctx.resume` until it exits, faults, is cancelled or reaches a sync point
/// (returning the stop code; see [`STOP_EXIT`] etc.).
///
/// Contract for implementors:
/// - registers live in `ctx.regs` whenever `run` returns;
/// - a guarded sync instruction whose guard is false is skipped, not a stop;
/// - on a stop at sync point `k` the sync instruction has *not* executed: the
///   scheduler executes it for the whole group and resumes each lane with
///   `ctx.resume = RESUME_AFTER_SYNC_BASE + k`;
/// - every guest memory access is bounds-checked against the ctx ranges; global
///   and const accesses use `global_base`/`global_limit`, buffer accesses fault
///   only if the in-bounds part leaves guest memory;
/// - `ctx.cancel` is polled at least on every backward branch and call.
pub trait LaneProgram: Send + Sync {
    /// Runs one lane. See the trait docs.
    fn run(&self, ctx: &mut LaneCtx) -> u32;

    /// Runs, in order, each lane `i` whose `stops[i]` asks for a run
    /// ([`RUN_LANE`], or [`RUN_AFTER_SYNC_BASE`]` + k`) as [`Self::run`] would
    /// from that resume point, writing its stop code to `stops[i]`; leaves the
    /// other entries alone. Stops after the first lane that faults or is cancelled and
    /// returns its index (later lanes did not run); returns `lanes.len()` when
    /// every lane ran. One call per region for a whole workgroup: engines
    /// override it to save the per-lane dispatch.
    ///
    /// The contexts of one call belong to one workgroup: their group fields
    /// ([`CtxOffsets::is_group_field`]) are equal, and an engine may read
    /// them from the first context only. Their register files are
    /// consecutive columns of one by-register file (`lanes[i].regs ==
    /// lanes[0].regs + i`, as the scheduler lays them out), so an engine may
    /// find lane `i`'s registers without reading its context.
    fn run_lanes(&self, lanes: &mut [LaneCtx], stops: &mut [u32]) -> usize {
        for (i, (c, s)) in lanes.iter_mut().zip(stops.iter_mut()).enumerate() {
            if !is_run(*s) {
                continue;
            }
            c.resume = resume_of(*s, c.resume);
            *s = self.run(c);
            if *s == STOP_FAULT || *s == STOP_CANCELLED {
                return i;
            }
        }
        lanes.len()
    }
}
