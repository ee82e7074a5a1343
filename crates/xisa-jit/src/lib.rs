//! Cranelift backend for the xisa IR.
//!
//! [`compile`] lowers one [`Kernel`] to a host function
//! `extern "C" fn(*mut LaneCtx, *mut u32, u32) -> u32` that implements
//! [`LaneProgram::run_lanes`]: a loop over a group of lane contexts that runs
//! each lane asked for from the resume point its request names. A lane's code keeps the guest
//! registers in Cranelift SSA variables (loaded from `ctx.regs` where first
//! needed, the ones it wrote stored back at exits, sync stops and yields),
//! bounds-checks every guest memory access against the ctx ranges, and ends
//! with a stop code at exits, faults, cancellation, yields and sync points. A faulted or cancelled lane
//! does not write its registers back: the launch stops and nothing reads them
//! (writing them back would make every fault site an edge carrying every
//! register: code size and compile time quadratic in the kernel size).
//!
//! Operations Cranelift has with exactly the IR semantics are lowered natively
//! (with the explicit fix-ups the IR defines: clamped shifts, defined division by
//! zero, saturating conversions); everything else calls `extern "C"` wrappers
//! around [`xisa_ir::semantics`], so results are bit-identical to the reference
//! interpreter. Atomics are lowered by scope: see `docs/scopes.md`.

mod backend;
mod deadparams;
mod helpers;
mod lower;

use std::sync::Mutex;
use std::time::{Duration, Instant};

use cranelift_jit::JITModule;
use xisa_ir::Kernel;
use xisa_runtime::{LaneCtx, LaneProgram};

/// Cranelift optimization level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OptLevel {
    /// No optimization: fastest compile.
    None,
    /// Optimize for speed (egraph mid-end, alias analysis).
    #[default]
    Speed,
}

/// Compilation options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JitOptions {
    /// Emit code that counts executed instructions (`ctx.insts`) and atomics by
    /// op and scope (`ctx.counters`). When false no counting code is generated
    /// (except the instruction counter a kernel reading `%clock` needs).
    pub count_stats: bool,
    /// Cranelift optimization level.
    pub opt_level: OptLevel,
    /// Run the Cranelift verifier on the generated function.
    pub verify: bool,
    /// The caller reads the lanes' registers (`xisa exec` state files after
    /// the last stop; tests after every stop): each stop stores every
    /// register its run wrote, and each run loads every register the kernel
    /// touches, once at its start. When
    /// false (a launch, which only memory outlives), a run loads only the
    /// registers live where it resumes and a stop stores only the written
    /// registers a later run or the scheduler may read.
    pub final_registers: bool,
    /// Run a launch's waves together where the kernel allows it (wave mode:
    /// `lower/wave.rs`): instructions whose values are the same in every lane
    /// run once per wave, warp operations need no stop. Only for launches
    /// (`final_registers` false) that count nothing; otherwise, and for
    /// kernels wave mode does not handle, lane mode. Default: off.
    pub wave: bool,
}

impl Default for JitOptions {
    fn default() -> Self {
        JitOptions {
            count_stats: false,
            opt_level: OptLevel::Speed,
            // The verifier costs ~45% of compile time: on in debug builds only.
            verify: cfg!(debug_assertions),
            final_registers: true,
            wave: false,
        }
    }
}

/// Why a kernel could not be compiled.
#[derive(Debug, thiserror::Error)]
pub enum JitError {
    /// The kernel uses a construct the backend does not handle (or is malformed:
    /// an undeclared register, a branch to a missing block, ...).
    #[error("{kernel}: {loc}: unsupported: {what}")]
    Unsupported {
        /// Kernel name.
        kernel: String,
        /// Location (`Kernel::describe_loc` form) or `-` for the whole kernel.
        loc: String,
        /// What is wrong.
        what: String,
    },
    /// Cranelift rejected the generated function (verifier, codegen, module).
    #[error("{kernel}: cranelift: {msg}")]
    Cranelift {
        /// Kernel name.
        kernel: String,
        /// Cranelift's error message.
        msg: String,
    },
}

/// The generated group function: runs the lanes of `ctxs[..n]` whose `stops`
/// entry asks for a run (see [`LaneProgram::run_lanes`]).
type EntryFn = unsafe extern "C" fn(*mut LaneCtx, *mut u32, u32) -> u32;

/// A compiled kernel: host code for one lane, usable from any thread.
pub struct JitProgram {
    entry: EntryFn,
    /// Owns the executable memory `entry` points into. `JITModule` is not `Sync`
    /// (it has a `RefCell` symbol cache); it is never used after compilation,
    /// only kept alive and freed on drop, so a `Mutex` makes the program `Sync`.
    module: Mutex<Option<JITModule>>,
    compile_time: Duration,
}

impl std::fmt::Debug for JitProgram {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JitProgram")
            .field("compile_time", &self.compile_time)
            .finish()
    }
}

impl JitProgram {
    /// Wall time [`compile`] took (lowering, Cranelift compilation, linking).
    pub fn compile_time(&self) -> Duration {
        self.compile_time
    }
}

impl LaneProgram for JitProgram {
    fn run(&self, ctx: &mut LaneCtx) -> u32 {
        let mut stop = xisa_runtime::ctx::RUN_LANE;
        self.run_lanes(std::slice::from_mut(ctx), std::slice::from_mut(&mut stop));
        stop
    }

    fn run_lanes(&self, lanes: &mut [LaneCtx], stops: &mut [u32]) -> usize {
        let n = lanes.len().min(stops.len()).min(u32::MAX as usize);
        // The generated code finds lane i's registers at `lanes[0].regs + i`
        // (the run_lanes contract); the ends of the group are the cheap check.
        if n > 1 {
            assert_eq!(
                lanes[n - 1].regs,
                lanes[0].regs.wrapping_add(n - 1),
                "run_lanes: the lanes' register files are not one by-register file"
            );
        }
        debug_assert!(lanes[..n]
            .iter()
            .enumerate()
            .all(|(i, c)| c.regs == lanes[0].regs.wrapping_add(i)));
        // SAFETY: `entry` points into code owned by `self.module`, alive as long as
        // `self`. The code reads and writes `n` contexts and stop entries (both
        // slices hold at least `n`) and, for each lane it runs, follows the
        // `LaneProgram` contract: it touches only that `ctx`, the register file
        // column it points to (found as `lanes[0].regs + i`, checked above)
        // and the return stack it points to, and guest memory within the ctx ranges
        // (every access is bounds-checked), so it is as safe as the contexts the
        // caller built.
        let r = unsafe { (self.entry)(lanes.as_mut_ptr(), stops.as_mut_ptr(), n as u32) };
        r as usize
    }
}

impl Drop for JitProgram {
    fn drop(&mut self) {
        let module = match self.module.get_mut() {
            Ok(m) => m.take(),
            Err(poisoned) => poisoned.into_inner().take(),
        };
        if let Some(module) = module {
            // SAFETY: nothing can call `entry` any more (we are being dropped and
            // the pointer never leaves this struct), so the code can go.
            unsafe { module.free_memory() };
        }
    }
}

/// Compiles `kernel` to host code.
pub fn compile(kernel: &Kernel, opts: &JitOptions) -> Result<JitProgram, JitError> {
    let start = Instant::now();
    let compiled = backend::compile(kernel, opts)?;
    Ok(JitProgram {
        entry: compiled.entry,
        module: Mutex::new(Some(compiled.module)),
        compile_time: start.elapsed(),
    })
}

/// Whether [`JitOptions::wave`] runs `kernel` in wave mode (a launch that
/// counts nothing); other kernels run in lane mode whatever it says.
pub fn runs_in_waves(kernel: &Kernel) -> bool {
    lower::wave_eligible(kernel)
}

/// The CLIF text `compile` would generate for `kernel`, without compiling it.
pub fn clif_text(kernel: &Kernel, opts: &JitOptions) -> Result<String, JitError> {
    backend::clif_text(kernel, opts)
}
