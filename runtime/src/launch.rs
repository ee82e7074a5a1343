//! Launches: a grid of workgroups spread over a pool of host threads, with a
//! watchdog, fault reporting and statistics.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

use thiserror::Error;
use xisa_ir::{Kernel, Space};

use crate::ctx::{fault_kind, Counters, FaultInfo, LaneProgram};
use crate::grid::GridBarrier;
use crate::memory::GuestMemory;
use crate::sched::{WgGeometry, WgMemory, WgStop, WorkgroupRunner};

/// Largest workgroup, in lanes.
pub const MAX_BLOCK_THREADS: u64 = 1024;
/// Largest grid, in workgroups.
pub const MAX_GRID_BLOCKS: u64 = 1 << 32;
/// Largest grid of a kernel with a grid barrier ([`xisa_ir::BarOp::Grid`]),
/// in workgroups: each runs on a host thread of its own for the whole
/// launch. A Turing GPU holds at most 40 SMs x 16 workgroups resident, and
/// CUDA refuses a larger cooperative grid.
pub const MAX_GRID_SYNC_WORKGROUPS: u64 = 4096;
/// Largest grid of a kernel with a grid barrier, in lanes: every lane's
/// registers and local memory exist at once (a Turing GPU holds 40 x 1024).
pub const MAX_GRID_SYNC_LANES: u64 = 1 << 18;
/// Largest shared memory per workgroup (static + dynamic).
pub const MAX_SHARED_BYTES: u64 = 1 << 20;
/// Largest private memory per lane.
pub const MAX_LOCAL_BYTES: u64 = 1 << 20;

/// Initial-state hook: `(workgroup index, lane, registers) -> active`. Inactive
/// lanes start exited.
pub type InitHook<'a> = &'a (dyn Fn(u64, u32, &mut [u64]) -> bool + Sync);
/// Final-state hook: `(workgroup index, lane, registers)`, after the workgroup ends.
pub type FinishHook<'a> = &'a (dyn Fn(u64, u32, &[u64]) + Sync);
/// Memory hook: `(workgroup index, the workgroup's shared and private
/// memories, before)`; called before the workgroup starts (`before = true`,
/// after they were zeroed) and after it ends.
pub type MemoryHook<'a> = &'a (dyn Fn(u64, WgMemory<'_>, bool) + Sync);

/// How to launch a kernel.
#[derive(Clone)]
pub struct LaunchConfig<'a> {
    /// Grid size in workgroups (x, y, z).
    pub grid: [u32; 3],
    /// Workgroup size in lanes (x, y, z).
    pub block: [u32; 3],
    /// Dynamic shared memory bytes per workgroup (placed after the static part,
    /// 16-byte aligned).
    pub dyn_shared: u32,
    /// The dynamic shared memory size the program asked for, as kernels read
    /// it (PTX `%dynamic_smem_size`): `dyn_shared` before the rounding and
    /// the OpenCL `__local` arguments placed after it.
    pub dyn_shared_size: u32,
    /// The launch's number on its device, from 1 (PTX `%gridid`).
    pub grid_id: u32,
    /// The parameter block.
    pub params: Vec<u8>,
    /// Stop the launch after this long.
    pub timeout: Option<Duration>,
    /// Worker threads; 0 = one per core.
    pub threads: usize,
    /// The wave-uniform prologue of the kernel the program was compiled from
    /// (`xisa_ir::uniform::hoist`), evaluated once per workgroup.
    pub uniform: Option<&'a [xisa_ir::Inst]>,
    /// Optional hooks (used by `xisa exec`).
    pub init: Option<InitHook<'a>>,
    pub finish: Option<FinishHook<'a>>,
    pub memory_hook: Option<MemoryHook<'a>>,
    /// Where guest `printf` output goes; `None`: into
    /// [`LaunchStats::output`] (so a faulting launch's output is kept only
    /// by a caller that passes its own).
    pub output: Option<&'a crate::host::HostOutput>,
    /// The kernel's runner plan, when the caller keeps one (computed per
    /// launch otherwise).
    pub plan: Option<&'a crate::sched::RunnerPlan>,
}

impl Default for LaunchConfig<'_> {
    fn default() -> Self {
        LaunchConfig {
            grid: [1, 1, 1],
            block: [1, 1, 1],
            dyn_shared: 0,
            dyn_shared_size: 0,
            grid_id: 1,
            params: vec![],
            timeout: None,
            threads: 0,
            uniform: None,
            init: None,
            finish: None,
            memory_hook: None,
            output: None,
            plan: None,
        }
    }
}

/// What a launch did.
#[derive(Debug, Clone, Default)]
pub struct LaunchStats {
    /// Guest IR instructions executed.
    pub insts: u64,
    /// Atomics by `[AtomOp][Scope]` (counted by engines that count).
    pub atomics: Vec<[u64; 5]>,
    /// Workgroups run.
    pub workgroups: u64,
    /// Host threads used.
    pub threads: usize,
    /// Wall time of the launch.
    pub wall: Duration,
    /// What the guest printed (`printf`), when [`LaunchConfig::output`] was
    /// `None`.
    pub output: Vec<u8>,
    /// Bytes of output dropped past [`crate::host::OUTPUT_LIMIT`].
    pub output_dropped: u64,
}

/// Kinds of launch faults.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FaultKind {
    OutOfBounds,
    Misaligned,
    CallOverflow,
    RetEmpty,
    Trap,
    ReadOnly,
    /// A barrier that can never complete, or an invalid barrier id.
    Barrier,
    /// A device `assert` failed.
    Assert,
    /// `free` of a pointer `malloc` did not return (or freed already).
    BadFree,
    /// A hostcall packet the host cannot answer.
    Hostcall,
    Unknown(u32),
}

impl FaultKind {
    fn from_code(c: u32) -> Self {
        match c {
            fault_kind::OUT_OF_BOUNDS => FaultKind::OutOfBounds,
            fault_kind::MISALIGNED => FaultKind::Misaligned,
            fault_kind::CALL_OVERFLOW => FaultKind::CallOverflow,
            fault_kind::RET_EMPTY => FaultKind::RetEmpty,
            fault_kind::TRAP => FaultKind::Trap,
            fault_kind::READ_ONLY => FaultKind::ReadOnly,
            fault_kind::BARRIER => FaultKind::Barrier,
            fault_kind::ASSERT => FaultKind::Assert,
            fault_kind::BAD_FREE => FaultKind::BadFree,
            fault_kind::HOSTCALL => FaultKind::Hostcall,
            c => FaultKind::Unknown(c),
        }
    }
}

/// A guest fault, with everything needed to find it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fault {
    pub kernel: String,
    pub kind: FaultKind,
    /// `kernel:block:index (pc ..)`.
    pub location: String,
    pub workgroup: [u32; 3],
    pub thread: [u32; 3],
    pub lane: u32,
    pub wave: u32,
    pub space: Space,
    pub addr: u64,
    pub len: u32,
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let what = match self.kind {
            FaultKind::OutOfBounds => format!(
                "out-of-bounds {} access of {} bytes at {:#x}",
                self.space, self.len, self.addr
            ),
            FaultKind::Misaligned => format!(
                "misaligned {}-byte atomic at {} address {:#x}",
                self.len, self.space, self.addr
            ),
            FaultKind::CallOverflow => "call stack overflow".into(),
            FaultKind::RetEmpty => "ret with an empty call stack".into(),
            FaultKind::Trap => "trap".into(),
            FaultKind::Assert => "device assertion failed".into(),
            FaultKind::BadFree => format!(
                "free of {:#x}, which device malloc did not return or which was freed already",
                self.addr
            ),
            FaultKind::Hostcall if self.len == 0 => format!(
                "hostcall service {} ({}) is not provided by xisa (printf and device \
                 malloc, services 2 and 3, are)",
                self.addr,
                match self.addr {
                    1 => "host function call",
                    4 => "address sanitizer report",
                    _ => "unknown",
                }
            ),
            FaultKind::Hostcall => format!(
                "hostcall packet data at {:#x} ({} bytes) cannot be answered: a printf \
                 message that was never begun, or a broken ready list",
                self.addr, self.len
            ),
            FaultKind::ReadOnly => format!("write to read-only {} space", self.space),
            FaultKind::Barrier if self.addr >= xisa_ir::BARRIER_IDS => format!(
                "barrier id {} out of range (0..{})",
                self.addr,
                xisa_ir::BARRIER_IDS
            ),
            FaultKind::Barrier => format!(
                "barrier {} can never complete: it waits for {} but every other \
                 thread has exited or waits at another barrier",
                self.addr,
                match self.len {
                    0 => "the whole workgroup".to_string(),
                    n => format!("{n} threads"),
                }
            ),
            FaultKind::Unknown(c) => format!("engine fault code {c}"),
        };
        write!(
            f,
            "{what} in {} (workgroup {:?}, thread {:?}, wave {}, lane {})",
            self.location, self.workgroup, self.thread, self.wave, self.lane
        )
    }
}

/// Why a launch failed.
#[derive(Debug, Error)]
pub enum LaunchError {
    #[error("invalid launch: {0}")]
    Config(String),
    #[error("kernel {kernel} faulted: {fault}")]
    Fault { kernel: String, fault: Box<Fault> },
    #[error("kernel {kernel} timed out after {secs:.1} s (watchdog); it may never finish")]
    Timeout { kernel: String, secs: f64 },
}

/// Launch-geometry limits of a device: the runtime's own ([`RUNTIME_LIMITS`])
/// or an ISA's hardware limits, which a launcher checks with
/// [`check_geometry`] before the runtime's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GeometryLimits {
    /// Whose limits these are, for messages (`"sm_75 hardware"`).
    pub origin: &'static str,
    /// Most lanes in one workgroup.
    pub max_block_threads: u64,
    /// Largest workgroup extent per dimension.
    pub max_block: [u64; 3],
    /// Largest grid extent per dimension, in workgroups.
    pub max_grid: [u64; 3],
    /// Most workgroups in one grid.
    pub max_grid_blocks: u64,
    /// Largest grid extent per dimension in lanes (grid x block), where the
    /// device counts the grid in lanes (the HSA dispatch packet's 32-bit
    /// `grid_size` fields); `u64::MAX` where it does not.
    pub max_grid_lanes: [u64; 3],
}

/// What the runtime itself can run, whatever the ISA.
pub const RUNTIME_LIMITS: GeometryLimits = GeometryLimits {
    origin: "the xisa runtime",
    max_block_threads: MAX_BLOCK_THREADS,
    max_block: [MAX_BLOCK_THREADS; 3],
    max_grid: [u32::MAX as u64; 3],
    max_grid_blocks: MAX_GRID_BLOCKS,
    max_grid_lanes: [u64::MAX; 3],
};

/// Checks a launch's grid and block against `limits`; the error names the
/// kernel, the limit and whose it is.
pub fn check_geometry(
    kernel: &str,
    limits: &GeometryLimits,
    grid: [u32; 3],
    block: [u32; 3],
) -> Result<(), LaunchError> {
    let bad = |m: String| Err(LaunchError::Config(format!("kernel {kernel}: {m}")));
    let origin = limits.origin;
    if grid.contains(&0) || block.contains(&0) {
        return bad(format!(
            "grid {grid:?} and block {block:?} must be at least 1 in every dimension"
        ));
    }
    const AXES: [&str; 3] = ["x", "y", "z"];
    for d in 0..3 {
        if u64::from(block[d]) > limits.max_block[d] {
            return bad(format!(
                "block {block:?}: {} = {} exceeds {}, the most {origin} allows",
                AXES[d], block[d], limits.max_block[d]
            ));
        }
    }
    // u128: three u32 dimensions cannot overflow it.
    let lanes: u128 = block.iter().map(|&x| x as u128).product();
    if lanes > limits.max_block_threads as u128 {
        return bad(format!(
            "block {block:?} has {lanes} threads; {origin} allows at most {} per workgroup",
            limits.max_block_threads
        ));
    }
    for d in 0..3 {
        if u64::from(grid[d]) > limits.max_grid[d] {
            return bad(format!(
                "grid {grid:?}: {} = {} exceeds {}, the most {origin} allows",
                AXES[d], grid[d], limits.max_grid[d]
            ));
        }
        let n = u64::from(grid[d]) * u64::from(block[d]);
        if n > limits.max_grid_lanes[d] {
            return bad(format!(
                "grid {grid:?} x block {block:?}: {n} lanes in {}; {origin} allows at most {}",
                AXES[d], limits.max_grid_lanes[d]
            ));
        }
    }
    let blocks: u128 = grid.iter().map(|&x| x as u128).product();
    if blocks > limits.max_grid_blocks as u128 {
        return bad(format!(
            "grid {grid:?} has {blocks} workgroups; {origin} allows at most {}",
            limits.max_grid_blocks
        ));
    }
    Ok(())
}

fn validate(kernel: &Kernel, cfg: &LaunchConfig) -> Result<(u64, u64, u32), LaunchError> {
    let bad = |m: String| Err(LaunchError::Config(m));
    check_geometry(&kernel.name, &RUNTIME_LIMITS, cfg.grid, cfg.block)?;
    // Bounded by check_geometry.
    let lanes: u64 = cfg.block.iter().map(|&x| x as u64).product();
    let blocks: u64 = cfg.grid.iter().map(|&x| x as u64).product();
    let dyn_base = (kernel.shared_bytes as u64).div_ceil(16) * 16;
    let shared = dyn_base + cfg.dyn_shared as u64;
    if shared > MAX_SHARED_BYTES {
        return bad(format!(
            "kernel {}: {shared} bytes of shared memory per workgroup ({} static, {} \
             dynamic); at most {MAX_SHARED_BYTES}",
            kernel.name, kernel.shared_bytes, cfg.dyn_shared
        ));
    }
    if kernel.local_bytes as u64 > MAX_LOCAL_BYTES {
        return bad(format!(
            "{} bytes of local memory per lane; at most {MAX_LOCAL_BYTES}",
            kernel.local_bytes
        ));
    }
    let need = kernel.param_size() as usize;
    if cfg.params.len() < need {
        return bad(format!(
            "kernel {} needs {need} bytes of parameters, got {}",
            kernel.name,
            cfg.params.len()
        ));
    }
    Ok((lanes, blocks, dyn_base as u32))
}

/// The host's cores, asked once: `available_parallelism` reads the cgroup
/// CPU quota files on every call (a third of a small launch's time).
fn host_cores() -> usize {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CORES.get_or_init(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    })
}

/// Runs `kernel` (as compiled into `program`) over the grid.
pub fn launch(
    kernel: &Kernel,
    program: &dyn LaneProgram,
    mem: &GuestMemory,
    cfg: &LaunchConfig,
) -> Result<LaunchStats, LaunchError> {
    let (lanes, blocks, dyn_base) = validate(kernel, cfg)?;
    let shared_bytes = dyn_base as usize + cfg.dyn_shared as usize;
    let own_plan;
    let plan = match cfg.plan {
        Some(p) => p,
        None => {
            own_plan = crate::sched::RunnerPlan::of(kernel);
            &own_plan
        }
    };
    let cores = host_cores();
    let threads = if cfg.threads == 0 { cores } else { cfg.threads }
        .min(blocks as usize)
        .max(1);
    let threads = if plan.serial() { 1 } else { threads };
    // A grid barrier needs every workgroup running at once (a cooperative
    // launch): one host thread each, blocked while it waits.
    let grid = match plan.grid_sync() {
        false => None,
        true if blocks > MAX_GRID_SYNC_WORKGROUPS
            || blocks * lanes > MAX_GRID_SYNC_LANES
            || (plan.serial() && blocks > 1) =>
        {
            return Err(LaunchError::Config(format!(
                "kernel {}: a grid barrier needs all {blocks} workgroups ({} lanes) running at \
                 once; at most {MAX_GRID_SYNC_WORKGROUPS} workgroups and {MAX_GRID_SYNC_LANES} \
                 lanes{}",
                kernel.name,
                blocks * lanes,
                if plan.serial() {
                    ", and a kernel that answers hostcalls runs one at a time"
                } else {
                    ""
                }
            )))
        }
        true => Some(Arc::new(GridBarrier::new(blocks))),
    };
    let threads = if grid.is_some() {
        blocks as usize
    } else {
        threads
    };
    let grid = &grid;
    let start = Instant::now();
    let next = AtomicU64::new(0);
    let cancel = AtomicBool::new(false);
    let timed_out = AtomicBool::new(false);
    let first_fault: Mutex<Option<Fault>> = Mutex::new(None);
    let totals: Mutex<(u64, Counters)> = Mutex::new((0, Counters::default()));
    let global_limit = mem.guest_limit();
    // As an integer: raw pointers are not Send into the worker threads.
    let base_addr = mem.host_base() as usize;
    let own_output = crate::host::HostOutput::new();
    let output = cfg.output.unwrap_or(&own_output);
    let output_addr = output as *const crate::host::HostOutput as usize;
    let (done_tx, done_rx) = mpsc::channel::<()>();

    std::thread::scope(|s| {
        if let Some(t) = cfg.timeout {
            let (cancel, timed_out) = (&cancel, &timed_out);
            s.spawn(move || {
                if let Err(mpsc::RecvTimeoutError::Timeout) = done_rx.recv_timeout(t) {
                    timed_out.store(true, Ordering::Relaxed);
                    cancel.store(true, Ordering::Relaxed);
                }
            });
        }
        let (next, cancel, first_fault, totals) = (&next, &cancel, &first_fault, &totals);
        let work = || {
            let mut runner = WorkgroupRunner::with_plan(kernel, lanes as usize, shared_bytes, plan);
            runner.set_grid_barrier(grid.clone());
            if cfg.init.is_some() || cfg.finish.is_some() {
                runner.clear_every_register();
            }
            let [gx, gy, _] = cfg.grid;
            loop {
                if cancel.load(Ordering::Relaxed) {
                    break;
                }
                let wg = next.fetch_add(1, Ordering::Relaxed);
                if wg >= blocks {
                    break;
                }
                let ctaid = [
                    (wg % gx as u64) as u32,
                    ((wg / gx as u64) % gy as u64) as u32,
                    (wg / (gx as u64 * gy as u64)) as u32,
                ];
                runner.reset(&cfg.params);
                if let Some(init) = cfg.init {
                    for lane in 0..lanes as usize {
                        let mut regs = runner.lane_regs(lane);
                        let run = init(wg, lane as u32, &mut regs);
                        runner.set_lane_regs(lane, &regs);
                        if !run {
                            runner.exit_lane(lane);
                        }
                    }
                }
                if let Some(pro) = cfg.uniform {
                    let env = xisa_ir::uniform::UniformEnv {
                        ntid: cfg.block,
                        ctaid,
                        nctaid: cfg.grid,
                        wave_size: kernel.wave_size,
                        dyn_shared_base: dyn_base,
                        dyn_shared_size: cfg.dyn_shared_size,
                        grid_id: cfg.grid_id,
                        local_size: kernel.local_bytes,
                    };
                    runner.apply_uniform(pro, &cfg.params, &env);
                }
                if let Some(h) = cfg.memory_hook {
                    h(wg, runner.memories(), true);
                }
                let geo = WgGeometry {
                    block: cfg.block,
                    grid: cfg.grid,
                    ctaid,
                    global_base: base_addr as *mut u8,
                    global_limit,
                    dyn_shared_base: dyn_base,
                    dyn_shared_size: cfg.dyn_shared_size,
                    grid_id: cfg.grid_id,
                    host: output_addr as *const crate::host::HostOutput,
                };
                let ran = runner.run(program, &geo, &cfg.params, cancel);
                if let Some(g) = grid {
                    g.leave();
                }
                match ran {
                    Ok(()) => {}
                    Err(WgStop::Cancelled) => break,
                    Err(WgStop::Fault { lane, info }) => {
                        cancel.store(true, Ordering::Relaxed);
                        let f = describe(kernel, cfg, ctaid, lane, &info);
                        let mut slot = first_fault.lock().unwrap_or_else(|e| e.into_inner());
                        slot.get_or_insert(f);
                        break;
                    }
                }
                if let Some(h) = cfg.memory_hook {
                    h(wg, runner.memories(), false);
                }
                if let Some(fin) = cfg.finish {
                    for lane in 0..lanes as usize {
                        fin(wg, lane as u32, &runner.lane_regs(lane));
                    }
                }
            }
            let mut t = totals.lock().unwrap_or_else(|e| e.into_inner());
            t.0 += runner.insts;
            for (a, b) in t.1.atomics.iter_mut().zip(runner.counters.atomics.iter()) {
                for (x, y) in a.iter_mut().zip(b.iter()) {
                    *x += *y;
                }
            }
        };
        if threads == 1 {
            // One worker runs on the calling thread: a launch costs no thread
            // start and join (a cached relaunch of one workgroup spent most
            // of its time there).
            if std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)).is_err() {
                cancel.store(true, Ordering::Relaxed);
            }
        } else {
            let workers: Vec<_> = (0..threads).map(|_| s.spawn(work)).collect();
            for w in workers {
                if w.join().is_err() {
                    cancel.store(true, Ordering::Relaxed);
                }
            }
        }
        drop(done_tx);
    });

    if let Some(f) = first_fault.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(LaunchError::Fault {
            kernel: kernel.name.clone(),
            fault: Box::new(f),
        });
    }
    if timed_out.load(Ordering::Relaxed) {
        return Err(LaunchError::Timeout {
            kernel: kernel.name.clone(),
            secs: start.elapsed().as_secs_f64(),
        });
    }
    let (insts, counters) = totals.into_inner().unwrap_or_else(|e| e.into_inner());
    let (output, output_dropped) = own_output.take();
    Ok(LaunchStats {
        insts,
        atomics: counters.atomics.to_vec(),
        workgroups: blocks,
        threads,
        wall: start.elapsed(),
        output,
        output_dropped,
    })
}

fn describe(
    kernel: &Kernel,
    cfg: &LaunchConfig,
    ctaid: [u32; 3],
    lane: u32,
    info: &FaultInfo,
) -> Fault {
    let [bx, by, _] = cfg.block;
    let location = match kernel.loc_of_flat(info.inst) {
        Some((b, i)) => kernel.describe_loc(b, i),
        None => format!("{}:<inst {}>", kernel.name, info.inst),
    };
    let w = kernel.wave_size.max(1);
    Fault {
        kernel: kernel.name.clone(),
        kind: FaultKind::from_code(info.kind),
        location,
        workgroup: ctaid,
        thread: [lane % bx, (lane / bx) % by, lane / (bx * by)],
        lane: lane % w,
        wave: lane / w,
        space: Space::ALL
            .get(info.space as usize)
            .copied()
            .unwrap_or(Space::Global),
        addr: info.addr,
        len: info.len,
    }
}
