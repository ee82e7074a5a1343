//! The device: guest memory, the code cache and launches.

use std::path::PathBuf;
use std::str::FromStr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use xisa_frontend::{ArgBytes, ArgValue, Bound, FrontendError, Instance, LaunchShape, Placer};
use xisa_ir::Kernel;
use xisa_runtime::cache::{CacheKey, CodeCache};
use xisa_runtime::heap::Heap;
use xisa_runtime::surface::SurfDesc;
use xisa_runtime::{GuestMemory, LaneProgram, LaunchConfig, LaunchStats, GUEST_BASE};

use crate::error::{Error, Result};
use crate::module::{Isa, Module};

/// Which engine executes kernels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Engine {
    /// Cranelift-compiled host code (the default), per kernel in lane mode
    /// or, for a launch of machine code with warp operations in a loop
    /// (`Kernel::warp_ops_in_loops`: lane mode would stop every lane there
    /// on each iteration), in wave mode.
    #[default]
    Jit,
    /// The reference interpreter.
    Interp,
    /// Cranelift-compiled host code in wave mode where the kernel allows it
    /// (`docs/architecture.md`, "Wave mode"): a wave's lanes go together,
    /// values the same in every lane are computed once, warp operations
    /// need no scheduler stop. Faster on warp-operation-heavy kernels,
    /// slower on streaming loops and short barrier phases
    /// (`docs/benchmarks.md`).
    JitWave,
    /// Cranelift-compiled host code in lane mode for every kernel: a
    /// workgroup's lanes one after another between sync points.
    JitLane,
}

impl FromStr for Engine {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        match s {
            "jit" => Ok(Engine::Jit),
            "interp" => Ok(Engine::Interp),
            "jit-wave" => Ok(Engine::JitWave),
            "jit-lane" => Ok(Engine::JitLane),
            _ => Err(Error::Args(format!(
                "unknown engine {s:?}; use jit, interp, jit-wave or jit-lane"
            ))),
        }
    }
}

impl std::fmt::Display for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Engine::Jit => "jit",
            Engine::Interp => "interp",
            Engine::JitWave => "jit-wave",
            Engine::JitLane => "jit-lane",
        })
    }
}

/// A kernel argument, as the command line spells it (`u32:7`, `buf:in.bin`, ...).
#[derive(Debug, Clone, PartialEq)]
pub enum ArgSpec {
    U32(u32),
    I32(i32),
    U64(u64),
    I64(i64),
    F32(f32),
    F64(f64),
    /// A device buffer filled from a file; the kernel gets its address.
    Buf(PathBuf),
    /// A device buffer filled from bytes (API only).
    Bytes(Vec<u8>),
    /// A zero-filled device buffer of this many bytes.
    Zeros(u64),
    /// A device address the caller allocated.
    Ptr(u64),
    /// An OpenCL `__local` pointer: this many bytes of dynamic shared memory; the
    /// kernel gets its offset in the shared space.
    Local(u32),
    /// A surface: its data is uploaded to a device buffer and a 32-byte
    /// descriptor (`xisa_runtime::surface::SurfDesc`) to another; the kernel gets
    /// the descriptor's guest address as its 64-bit surface handle.
    Surface(SurfaceSpec),
    /// A struct passed by value: its bytes as the kernel's parameter holds
    /// them (`struct:f32:1,f32:2,f32:3` lays scalar fields out as C does).
    Struct(Vec<u8>),
}

/// A float of an argument spec (`what` names it in the error).
fn parse_float(v: &str, what: &str) -> Result<f64> {
    v.trim()
        .parse::<f64>()
        .map_err(|_| Error::Args(format!("{what}: {v:?} is not a number")))
}

/// The bytes of a `struct:` argument: each `TYPE:VALUE` field at the next
/// multiple of its size (C's natural alignment), the whole padded to its
/// largest field's alignment.
fn struct_bytes(fields: &str, what: &str) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    let mut align = 1;
    for field in fields.split(',') {
        let (ty, v) = field.split_once(':').ok_or_else(|| {
            Error::Args(format!(
                "{what}: field {field:?}: expected TYPE:VALUE with TYPE one of u8 i8 u16 i16 u32 i32 u64 i64 f32 f64"
            ))
        })?;
        let float = |v: &str| parse_float(v, &format!("{what}: field {field:?}"));
        let bytes: Vec<u8> = match ty {
            "u8" => parse_int::<u8>(v, what)?.to_le_bytes().to_vec(),
            "i8" => parse_int::<i8>(v, what)?.to_le_bytes().to_vec(),
            "u16" => parse_int::<u16>(v, what)?.to_le_bytes().to_vec(),
            "i16" => parse_int::<i16>(v, what)?.to_le_bytes().to_vec(),
            "u32" => parse_int::<u32>(v, what)?.to_le_bytes().to_vec(),
            "i32" => parse_int::<i32>(v, what)?.to_le_bytes().to_vec(),
            "u64" => parse_int::<u64>(v, what)?.to_le_bytes().to_vec(),
            "i64" => parse_int::<i64>(v, what)?.to_le_bytes().to_vec(),
            "f32" => (float(v)? as f32).to_le_bytes().to_vec(),
            "f64" => float(v)?.to_le_bytes().to_vec(),
            _ => {
                return Err(Error::Args(format!(
                    "{what}: field {field:?}: unknown type {ty:?}; use u8 i8 u16 i16 u32 i32 u64 i64 f32 f64"
                )))
            }
        };
        align = align.max(bytes.len());
        out.resize(out.len().next_multiple_of(bytes.len()), 0);
        out.extend_from_slice(&bytes);
    }
    out.resize(out.len().next_multiple_of(align), 0);
    if out.len() > ArgBytes::MAX {
        return Err(Error::Args(format!(
            "{what}: {} bytes; a struct argument holds at most {}",
            out.len(),
            ArgBytes::MAX
        )));
    }
    Ok(out)
}

/// How many coordinates a surface has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SurfaceDim {
    D1,
    D2,
    D3,
}

/// Where a surface's initial contents come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SurfaceData {
    /// All zero.
    Zero,
    /// Read from a file of exactly the surface's size.
    File(PathBuf),
    /// These bytes (API only); exactly the surface's size.
    Bytes(Vec<u8>),
}

/// A surface argument: a dense 1D/2D/3D array of bytes (rows of `width_bytes`,
/// no padding between rows or slices), coordinates as the runtime resolves them
/// (`x` in bytes, `y` in rows, `z` in slices).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SurfaceSpec {
    pub dim: SurfaceDim,
    /// Row size in bytes.
    pub width_bytes: u32,
    /// Rows (1 for 1D).
    pub height: u32,
    /// Slices (1 for 1D and 2D).
    pub depth: u32,
    pub data: SurfaceData,
}

impl SurfaceSpec {
    /// Size of the surface's data in bytes.
    pub fn bytes(&self) -> u64 {
        self.width_bytes as u64 * self.height as u64 * self.depth as u64
    }

    /// Checks the extent: every dimension at least 1, the unused ones exactly 1,
    /// pitches that fit the descriptor's 32-bit fields.
    pub fn validate(&self) -> Result<()> {
        let (h1, d1) = match self.dim {
            SurfaceDim::D1 => (true, true),
            SurfaceDim::D2 => (false, true),
            SurfaceDim::D3 => (false, false),
        };
        if self.width_bytes == 0 || self.height == 0 || self.depth == 0 {
            return Err(Error::Args(format!(
                "surface {}: every dimension must be at least 1",
                self.extent()
            )));
        }
        if (h1 && self.height != 1) || (d1 && self.depth != 1) {
            return Err(Error::Args(format!(
                "surface {}: a {} surface has no {}",
                self.extent(),
                self.dim_name(),
                if h1 && self.height != 1 {
                    "height"
                } else {
                    "depth"
                }
            )));
        }
        // The descriptor's slice pitch is a u32; the whole surface may be larger
        // only in the depth direction.
        if self.width_bytes as u64 * self.height as u64 > u32::MAX as u64 {
            return Err(Error::Args(format!(
                "surface {}: a slice of more than {} bytes does not fit the descriptor",
                self.extent(),
                u32::MAX
            )));
        }
        Ok(())
    }

    fn dim_name(&self) -> &'static str {
        match self.dim {
            SurfaceDim::D1 => "1d",
            SurfaceDim::D2 => "2d",
            SurfaceDim::D3 => "3d",
        }
    }

    /// `1d:W`, `2d:WxH` or `3d:WxHxD`.
    fn extent(&self) -> String {
        match self.dim {
            SurfaceDim::D1 => format!("1d:{}", self.width_bytes),
            SurfaceDim::D2 => format!("2d:{}x{}", self.width_bytes, self.height),
            SurfaceDim::D3 => format!("3d:{}x{}x{}", self.width_bytes, self.height, self.depth),
        }
    }

    /// Parses `1d:W:SRC`, `2d:WxH:SRC` or `3d:WxHxD:SRC` (the part after `surf:`);
    /// `SRC` is `zero` or a file path.
    fn parse(val: &str, what: &str) -> Result<SurfaceSpec> {
        let usage = || {
            Error::Args(format!(
                "{what}: expected surf:1d:W:SRC, surf:2d:WxH:SRC or surf:3d:WxHxD:SRC \
                 (W in bytes; SRC = zero or a file)"
            ))
        };
        let mut parts = val.splitn(3, ':');
        let (Some(dim), Some(ext), Some(src)) = (parts.next(), parts.next(), parts.next()) else {
            return Err(usage());
        };
        let (dim, n) = match dim {
            "1d" => (SurfaceDim::D1, 1),
            "2d" => (SurfaceDim::D2, 2),
            "3d" => (SurfaceDim::D3, 3),
            _ => {
                return Err(Error::Args(format!(
                    "{what}: unknown surface dimension {dim:?}; use 1d, 2d or 3d"
                )))
            }
        };
        let sizes: Vec<&str> = ext.split('x').collect();
        if sizes.len() != n {
            return Err(Error::Args(format!(
                "{what}: a {} surface takes {} (W in bytes), not {ext:?}",
                ["1d", "2d", "3d"][n - 1],
                ["W", "WxH", "WxHxD"][n - 1]
            )));
        }
        let mut d = [1u32; 3];
        for (slot, s) in d.iter_mut().zip(&sizes) {
            *slot = s
                .trim()
                .parse::<u32>()
                .map_err(|_| Error::Args(format!("{what}: surface size {s:?} is not a number")))?;
        }
        if src.is_empty() {
            return Err(usage());
        }
        let spec = SurfaceSpec {
            dim,
            width_bytes: d[0],
            height: d[1],
            depth: d[2],
            data: if src == "zero" {
                SurfaceData::Zero
            } else {
                SurfaceData::File(PathBuf::from(src))
            },
        };
        spec.validate()
            .map_err(|e| Error::Args(format!("{what}: {e}")))?;
        Ok(spec)
    }
}

pub use xisa_frontend::SurfaceBinding;

/// The kernel-visible handle of the surface descriptor at guest address
/// `desc`: its offset in guest memory, a 32-bit value, because sm_75 surface
/// instructions read 32 bits of a handle (ptxas loads only the low word of a
/// `.u64` handle). Descriptors past the first 4 GiB of guest memory have no
/// handle.
pub fn surface_handle(desc: u64) -> Result<u64> {
    desc.checked_sub(GUEST_BASE)
        .filter(|o| *o <= u64::from(u32::MAX))
        .ok_or_else(|| {
            Error::Args(format!(
                "surface descriptor at {desc:#x} is outside the 4 GiB handle window"
            ))
        })
}

/// The guest address of the descriptor a surface handle names (inverse of
/// [`surface_handle`]).
pub fn surface_descriptor(handle: u64) -> u64 {
    GUEST_BASE + (handle & u64::from(u32::MAX))
}

fn parse_int<T: TryFrom<i128>>(s: &str, what: &str) -> Result<T> {
    let t = s.trim();
    let (neg, body) = match t.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, t),
    };
    let v = if let Some(h) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        i128::from_str_radix(h, 16)
    } else {
        body.parse::<i128>()
    }
    .map_err(|_| Error::Args(format!("{what}: {s:?} is not an integer")))?;
    let v = if neg { -v } else { v };
    T::try_from(v).map_err(|_| Error::Args(format!("{what}: {s} is out of range")))
}

impl FromStr for ArgSpec {
    type Err = Error;
    fn from_str(spec: &str) -> Result<Self> {
        let (kind, val) = spec.split_once(':').ok_or_else(|| {
            Error::Args(format!(
                "argument {spec:?}: expected KIND:VALUE with KIND one of u32 i32 u64 i64 f32 f64 buf zeros local surf struct"
            ))
        })?;
        let what = format!("argument {spec:?}");
        let float = |v: &str| parse_float(v, &what);
        Ok(match kind {
            "u32" => ArgSpec::U32(parse_int(val, &what)?),
            "i32" => ArgSpec::I32(parse_int(val, &what)?),
            "u64" => ArgSpec::U64(parse_int(val, &what)?),
            "i64" => ArgSpec::I64(parse_int(val, &what)?),
            "f32" => ArgSpec::F32(float(val)? as f32),
            "f64" => ArgSpec::F64(float(val)?),
            "buf" if !val.is_empty() => ArgSpec::Buf(PathBuf::from(val)),
            "zeros" => ArgSpec::Zeros(parse_int(val, &what)?),
            "local" => ArgSpec::Local(parse_int(val, &what)?),
            "surf" => ArgSpec::Surface(SurfaceSpec::parse(val, &what)?),
            "struct" => ArgSpec::Struct(struct_bytes(val, &what)?),
            _ => {
                return Err(Error::Args(format!(
                "{what}: unknown kind {kind:?}; use u32 i32 u64 i64 f32 f64 buf zeros local surf struct"
            )))
            }
        })
    }
}

/// A device buffer bound to an argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Buffer {
    /// Guest address.
    pub addr: u64,
    /// Length in bytes.
    pub len: u64,
}

/// Launch geometry and options.
#[derive(Debug, Clone)]
pub struct LaunchOptions {
    pub grid: [u32; 3],
    pub block: [u32; 3],
    /// Dynamic shared memory bytes (besides `local:` arguments).
    pub shared: u32,
    pub engine: Engine,
    pub timeout: Option<Duration>,
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// Count atomics by op and scope.
    pub stats: bool,
    /// Bytes of local (private) memory each lane gets at least: a stack for
    /// recursion deeper than the kernel's own size allows (CUDA's
    /// `cudaLimitStackSize`, HIP's `hipLimitStackSize`; both default to the
    /// 1 KiB a kernel with calls already gets). `None`: the kernel's size.
    pub stack: Option<u32>,
}

impl Default for LaunchOptions {
    fn default() -> Self {
        LaunchOptions {
            grid: [1, 1, 1],
            block: [1, 1, 1],
            shared: 0,
            engine: Engine::Jit,
            timeout: None,
            threads: 0,
            stats: false,
            stack: None,
        }
    }
}

/// What a launch did.
#[derive(Debug, Clone)]
pub struct RunReport {
    pub kernel: String,
    pub engine: Engine,
    pub stats: LaunchStats,
    /// Time spent compiling for this launch (zero on a cache hit).
    pub compile_time: Duration,
    /// True if the compiled code came from the cache.
    pub cache_hit: bool,
    /// The buffer each argument was bound to (`None` for scalars; a surface's
    /// data, not its descriptor).
    pub buffers: Vec<Option<Buffer>>,
    /// Writes the launch made past the end of a buffer argument, into the
    /// padding guest memory leaves after it (a GPU would not fault there
    /// either; the bytes belong to no buffer).
    pub overruns: Vec<Overrun>,
}

/// Bytes a launch wrote past the end of a buffer argument ([`RunReport`]):
/// found as non-zero bytes in the 256-byte padding after the buffer, which
/// is zero before each launch (writes of zero there, and reads, are not
/// seen).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Overrun {
    /// The argument (0-based).
    pub arg: usize,
    /// Guest address of the first such byte.
    pub addr: u64,
    /// How far past the buffer's end it lies.
    pub past_end: u64,
    /// How many bytes of the padding are non-zero.
    pub bytes: u64,
}

/// Compiled code for one kernel: the lane program and the wave-uniform
/// prologue (`xisa_ir::uniform`) the runtime evaluates once per workgroup.
pub struct Compiled {
    /// Runs one lane (JIT code or the interpreter).
    pub program: Box<dyn LaneProgram>,
    /// Instructions hoisted out of the lanes (empty when hoisting is off).
    pub prologue: Vec<xisa_ir::Inst>,
    /// The workgroup runner's plan of the launched kernel.
    pub plan: xisa_runtime::RunnerPlan,
}

type Program = Compiled;

/// A module's named data object (`__device__`/`__constant__` variable) as
/// placed on a device.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Global {
    /// Symbol name.
    pub name: String,
    /// Size in bytes.
    pub size: u64,
    /// Its guest address (`__constant__` data too: CUDA gives it a device
    /// address, and kernels read it from there through generic pointers).
    pub addr: u64,
}

/// A virtual device: guest memory plus a code cache.
pub struct Device {
    mem: GuestMemory,
    cache: CodeCache<Program>,
    /// Module instances by (ISA, code hash).
    instances: std::sync::Mutex<std::collections::HashMap<(Isa, u64), Instance>>,
    /// What guest code printed in the current (or last failed) launch.
    output: xisa_runtime::HostOutput,
    /// Launches so far (the next one's `%gridid` is this plus one).
    launches: std::sync::atomic::AtomicU32,
    /// Held by a launch that answers hostcalls: a module's one hostcall
    /// buffer serves one launch at a time (`xisa_runtime::ockl`).
    hostcalls: std::sync::Mutex<()>,
}

impl Device {
    /// The number of the next launch on this device, from 1 (PTX `%gridid`).
    pub fn next_grid_id(&self) -> u32 {
        self.launches
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed)
            .wrapping_add(1)
    }

    /// A device with the default guest memory reservation.
    pub fn new() -> Result<Device> {
        Self::with_reserve(xisa_runtime::DEFAULT_RESERVE)
    }

    /// A device reserving `bytes` of guest address space.
    pub fn with_reserve(bytes: u64) -> Result<Device> {
        Self::with_memory(GuestMemory::new(bytes)?)
    }

    /// A device whose guest addresses are also host addresses
    /// (`GuestMemory::new_unified`: what CUDA's managed memory needs; one
    /// per process); an error where the host range is taken.
    pub fn unified() -> Result<Device> {
        Self::with_memory(GuestMemory::new_unified(xisa_runtime::DEFAULT_RESERVE)?)
    }

    /// A device on guest memory `mem`.
    fn with_memory(mem: GuestMemory) -> Result<Device> {
        Ok(Device {
            mem,
            cache: CodeCache::new(),
            instances: Default::default(),
            output: xisa_runtime::HostOutput::new(),
            launches: std::sync::atomic::AtomicU32::new(0),
            hostcalls: std::sync::Mutex::new(()),
        })
    }

    /// Sets the size of the device heap device `malloc` draws on (CUDA's
    /// `cudaDeviceSetLimit(cudaLimitMallocHeapSize, bytes)`; default 8 MiB).
    /// As in CUDA, the heap is set aside at the first launch of a kernel
    /// that calls `malloc` or `free` and cannot change afterwards: an error
    /// then, and for a size of zero or one the guest memory cannot hold.
    pub fn set_heap_size(&self, bytes: u64) -> Result<()> {
        let most = self.mem.reserved();
        if bytes == 0 || bytes > most {
            return Err(Error::Args(format!(
                "heap size {bytes}: must be between 1 and {most} bytes (the guest memory)"
            )));
        }
        if !self.output.set_heap_size(bytes) {
            return Err(Error::Args(
                "the device heap cannot be resized: a kernel calling malloc or free has \
                 already run on this device"
                    .into(),
            ));
        }
        Ok(())
    }

    /// What guest code printed (`printf`) in launches that failed since the
    /// last call, and the bytes dropped past the output limit; a successful
    /// launch returns its output in [`RunReport`]'s `stats.output` instead.
    /// (Launches running concurrently on one device share this output.)
    pub fn take_output(&self) -> (Vec<u8>, u64) {
        self.output.take()
    }

    /// The guest memory.
    pub fn memory(&self) -> &GuestMemory {
        &self.mem
    }

    /// Allocates a zero-filled buffer.
    pub fn alloc(&self, len: u64) -> Result<u64> {
        Ok(self.mem.alloc(len)?)
    }

    /// Allocates a buffer holding `data`.
    pub fn upload(&self, data: &[u8]) -> Result<u64> {
        let a = self.mem.alloc(data.len() as u64)?;
        self.mem.write(a, data)?;
        Ok(a)
    }

    /// Frees the buffer that starts at `addr` (from [`Device::alloc`] or
    /// [`Device::upload`]); returns its length. Its bytes read as zero
    /// afterwards.
    pub fn free(&self, addr: u64) -> Result<u64> {
        Ok(self.mem.free(addr)?)
    }

    /// Writes bytes at a guest address.
    pub fn write(&self, addr: u64, data: &[u8]) -> Result<()> {
        Ok(self.mem.write(addr, data)?)
    }

    /// Reads bytes from a guest address.
    pub fn read(&self, addr: u64, len: usize) -> Result<Vec<u8>> {
        Ok(self.mem.read_vec(addr, len)?)
    }

    /// Compilations done so far (cache misses).
    pub fn compiles(&self) -> u64 {
        self.cache.compiles()
    }

    /// Cache hits so far.
    pub fn cache_hits(&self) -> u64 {
        self.cache.hits()
    }

    /// The compiled code for `kernel` (from the cache when possible): the
    /// program, the compile time, and whether it was a hit. With `hoist`, values
    /// uniform across the workgroup are computed once per workgroup (the
    /// returned prologue) instead of once per lane.
    pub fn program(
        &self,
        module: &Module,
        kernel: &Kernel,
        engine: Engine,
        stats: bool,
        hoist: bool,
    ) -> Result<(Arc<Program>, Duration, bool)> {
        let key = CacheKey {
            isa: module.isa.name().to_string(),
            code_hash: module.code_hash,
            kernel: kernel.name.clone(),
            spec: (engine == Engine::Interp) as u64
                | (stats as u64) << 1
                | (hoist as u64) << 2
                | ((engine == Engine::JitWave) as u64) << 3,
        };
        let before = self.cache.compiles();
        let t0 = Instant::now();
        let prog = self.cache.get_or_compile(key, || -> Result<Program> {
            // Of the kernel the launch runs the runner with.
            let plan = xisa_runtime::RunnerPlan::of(kernel);
            let (lane_kernel, prologue) = if hoist {
                xisa_ir::uniform::hoist(kernel)
            } else {
                (kernel.clone(), Vec::new())
            };
            let kernel = &lane_kernel;
            let program: Box<dyn LaneProgram> = match engine {
                Engine::Interp => Box::new(xisa_interp::Interp::new(kernel, stats)),
                Engine::Jit | Engine::JitWave | Engine::JitLane => {
                    let opts = xisa_jit::JitOptions {
                        count_stats: stats,
                        // A launch (hoisting) never reads registers after the
                        // run; `exec` (no hoisting) reads them all.
                        final_registers: !hoist,
                        wave: engine == Engine::JitWave,
                        ..xisa_jit::JitOptions::default()
                    };
                    Box::new(xisa_jit::compile(kernel, &opts).map_err(|e| Error::Jit {
                        kernel: kernel.name.clone(),
                        msg: e.to_string(),
                    })?)
                }
            };
            Ok(Compiled {
                program,
                prologue,
                plan,
            })
        })?;
        let hit = self.cache.compiles() == before;
        let t = if hit { Duration::ZERO } else { t0.elapsed() };
        Ok((prog, t, hit))
    }

    /// Binds arguments to an IR kernel's parameters (what every frontend
    /// but gfx942 does): returns the parameter block, the dynamic shared
    /// bytes needed and the buffer of each argument. `surfaces` says what a
    /// surface argument passes.
    pub fn bind_args(
        &self,
        kernel: &Kernel,
        args: &[ArgSpec],
        shared: u32,
        surfaces: SurfaceBinding,
    ) -> Result<(Vec<u8>, u32, Vec<Option<Buffer>>)> {
        // Before any buffer is uploaded.
        xisa_frontend::check_param_count(kernel, args.len())?;
        let (vals, buffers) = self.resolve_args(args)?;
        let b = xisa_frontend::bind_params(kernel, &vals, shared, surfaces)?;
        Ok((b.params, b.dyn_shared, buffers))
    }

    /// Places what the arguments name (buffers, surfaces) in guest memory:
    /// the values a frontend binds, and the buffer of each argument.
    fn resolve_args(&self, args: &[ArgSpec]) -> Result<(Vec<ArgValue>, Vec<Option<Buffer>>)> {
        let mut vals = Vec::with_capacity(args.len());
        let mut buffers = Vec::with_capacity(args.len());
        for arg in args {
            let mut buffer = None;
            vals.push(match arg {
                ArgSpec::U32(v) => ArgValue::U32(*v),
                ArgSpec::I32(v) => ArgValue::I32(*v),
                ArgSpec::U64(v) => ArgValue::U64(*v),
                ArgSpec::I64(v) => ArgValue::I64(*v),
                ArgSpec::F32(v) => ArgValue::F32(*v),
                ArgSpec::F64(v) => ArgValue::F64(*v),
                ArgSpec::Ptr(v) => ArgValue::Ptr(*v),
                ArgSpec::Local(n) => ArgValue::Local(*n),
                ArgSpec::Struct(b) => ArgValue::Aggregate(ArgBytes::new(b).ok_or_else(|| {
                    Error::Args(format!(
                        "a {}-byte struct argument; at most {} bytes",
                        b.len(),
                        ArgBytes::MAX
                    ))
                })?),
                ArgSpec::Buf(_) | ArgSpec::Bytes(_) | ArgSpec::Zeros(_) => {
                    let b = self.upload_arg(arg)?;
                    buffer = Some(b);
                    ArgValue::Buffer {
                        addr: b.addr,
                        len: b.len,
                    }
                }
                ArgSpec::Surface(spec) => {
                    let (handle, data) = self.upload_surface(spec)?;
                    buffer = Some(data);
                    ArgValue::Surface {
                        handle,
                        descriptor: surface_descriptor(handle),
                        rank: match spec.dim {
                            SurfaceDim::D1 => 1,
                            SurfaceDim::D2 => 2,
                            SurfaceDim::D3 => 3,
                        },
                        extent: [spec.width_bytes, spec.height, spec.depth],
                    }
                }
            });
            buffers.push(buffer);
        }
        Ok((vals, buffers))
    }

    /// Uploads a surface: its 32-byte descriptor, then its data. Returns the
    /// kernel's surface handle (see [`surface_handle`]) and the data buffer.
    pub fn upload_surface(&self, spec: &SurfaceSpec) -> Result<(u64, Buffer)> {
        spec.validate()?;
        let len = spec.bytes();
        let check_len = |got: u64, origin: &str| {
            if got == len {
                Ok(())
            } else {
                Err(Error::Args(format!(
                    "surface {}: {origin} has {got} bytes, the surface {len}",
                    spec.extent()
                )))
            }
        };
        // The descriptor first: handles are 32-bit offsets, so it must sit low.
        let d = self.alloc(xisa_runtime::surface::DESC_BYTES)?;
        let handle = surface_handle(d)?;
        let addr = match &spec.data {
            SurfaceData::Zero => self.alloc(len)?,
            SurfaceData::File(p) => {
                let data = self.read_buffer_file(p)?;
                check_len(data.len() as u64, &p.display().to_string())?;
                self.upload(&data)?
            }
            SurfaceData::Bytes(data) => {
                check_len(data.len() as u64, "the data")?;
                self.upload(data)?
            }
        };
        let desc = SurfDesc {
            base: addr,
            width: spec.width_bytes,
            height: spec.height,
            depth: spec.depth,
            row_pitch: spec.width_bytes,
            // Bounded by validate().
            slice_pitch: spec.width_bytes * spec.height,
        };
        self.write(d, &desc.to_bytes())?;
        Ok((handle, Buffer { addr, len }))
    }

    /// Reads a file that fills a device buffer: a regular file no larger than
    /// the free guest memory (a larger one could not be uploaded).
    fn read_buffer_file(&self, p: &std::path::Path) -> Result<Vec<u8>> {
        let free = self.mem.reserved().saturating_sub(self.mem.limit());
        crate::limits::read_input(p, free, "the free guest memory")
    }

    /// Uploads a buffer argument (file, bytes or zeros).
    fn upload_arg(&self, arg: &ArgSpec) -> Result<Buffer> {
        let (addr, len) = match arg {
            ArgSpec::Buf(p) => {
                let data = self.read_buffer_file(p)?;
                (self.upload(&data)?, data.len() as u64)
            }
            ArgSpec::Bytes(b) => (self.upload(b)?, b.len() as u64),
            ArgSpec::Zeros(n) => (self.alloc(*n)?, *n),
            a => return Err(Error::Args(format!("{} is not a buffer", a.describe()))),
        };
        Ok(Buffer { addr, len })
    }

    /// The engine a launch runs `kernel` with: [`Engine::Jit`] picks wave
    /// mode for machine code with warp operations in a loop, where lane mode
    /// stops every lane each iteration for the wave to meet (measured 1.5-2.3x
    /// faster on the bench's warp-aggregated atomics and gfx942 builds, where
    /// lane mode also computes EXEC, VCC and the scalar registers in every
    /// lane: `docs/benchmarks.md`), and lane mode for the rest (faster on
    /// barrier kernels and streaming loops) and for IR text, whose lanes run
    /// one after another between sync points as written (`docs/ir.md`: wave
    /// mode interleaves them, which a kernel racing its lanes can tell);
    /// counting launches (`--stats`) run in lane mode, which counts.
    fn launch_engine(module: &Module, kernel: &str, opts: &LaunchOptions) -> Result<Engine> {
        let waves = || -> Result<bool> {
            Ok(module.isa.info().machine_code && module.kernel(kernel)?.warp_ops_in_loops())
        };
        Ok(match opts.engine {
            Engine::Jit if !opts.stats && waves()? => Engine::JitWave,
            Engine::Jit => Engine::JitLane,
            e => e,
        })
    }

    /// Launches `kernel` of `module` with `args`.
    pub fn launch(
        &self,
        module: &Module,
        kernel: &str,
        opts: &LaunchOptions,
        args: &[ArgSpec],
    ) -> Result<RunReport> {
        let engine = Self::launch_engine(module, kernel, opts)?;
        let k = match engine {
            Engine::JitWave => module.wave_kernel(kernel)?,
            _ => module.kernel(kernel)?,
        };
        // Before any argument is uploaded: a launch the device would refuse
        // does no work.
        crate::limits::check_launch(module, &k.name, opts.grid, opts.block)?;
        module.guest().check_arg_count(k, args.len())?;
        let (vals, buffers) = self.resolve_args(args)?;
        let shape = LaunchShape {
            grid: opts.grid,
            block: opts.block,
            dyn_shared: opts.shared,
        };
        let Bound { params, dyn_shared } = self.with_instance(module, |inst, mem| {
            Ok(module.guest().bind(k, &vals, &shape, inst, mem)?)
        })?;
        let params = self.fill_module_banks(module, &k.name, params)?;
        let (prog, compile_time, cache_hit) = self.program(module, k, engine, opts.stats, true)?;
        // HIP's device `malloc` asks the host for memory through hostcalls.
        let heap = if prog.plan.serial() {
            Some(xisa_runtime::ockl::DEVICE_HEAP_BYTES)
        } else {
            prog.plan
                .calls_heap()
                .then_some(xisa_runtime::heap::HEAP_BYTES)
        };
        if let Some(default) = heap {
            self.output.heap_or_init(default, |bytes| {
                let base = self.alloc(bytes)?;
                Ok::<_, Error>(Heap::new(base, bytes))
            })?;
        }
        let cfg = LaunchConfig {
            grid: opts.grid,
            block: opts.block,
            dyn_shared,
            dyn_shared_size: opts.shared,
            grid_id: self.next_grid_id(),
            params,
            timeout: opts.timeout,
            threads: opts.threads,
            uniform: Some(&prog.prologue),
            output: Some(&self.output),
            plan: Some(&prog.plan),
            ..LaunchConfig::default()
        };
        let _hostcalls = prog
            .plan
            .serial()
            .then(|| self.hostcalls.lock().unwrap_or_else(|e| e.into_inner()));
        // A larger stack: the same compiled code (both engines bound local
        // accesses by the lane's size, and machine code whose stack starts
        // at the top of local memory reads it), more memory per lane.
        let sized;
        let run = match opts.stack {
            Some(bytes) if bytes > k.local_bytes => {
                sized = xisa_ir::Kernel {
                    local_bytes: bytes,
                    ..k.clone()
                };
                &sized
            }
            _ => k,
        };
        let mut stats = xisa_runtime::launch(run, prog.program.as_ref(), &self.mem, &cfg)?;
        (stats.output, stats.output_dropped) = self.output.take();
        let overruns = self.overruns(&buffers);
        Ok(RunReport {
            kernel: k.name.clone(),
            engine,
            stats,
            compile_time,
            cache_hit,
            buffers,
            overruns,
        })
    }

    /// The writes past the end of `buffers` (see [`Overrun`]); the padding
    /// is cleared again for the next launch.
    fn overruns(&self, buffers: &[Option<Buffer>]) -> Vec<Overrun> {
        let mut out = Vec::new();
        for (arg, b) in buffers.iter().enumerate() {
            let Some(b) = b else { continue };
            let (at, pad) = self.mem.take_padding(b.addr + b.len);
            let Some(first) = pad.iter().position(|&x| x != 0) else {
                continue;
            };
            out.push(Overrun {
                arg,
                addr: at + first as u64,
                past_end: first as u64,
                bytes: pad.iter().filter(|&&x| x != 0).count() as u64,
            });
        }
        out
    }
}

impl Device {
    /// Runs `f` on the instance of `module` on this device (its data as the
    /// frontend placed it, see [`GuestModule::instantiate`]), creating it at
    /// first use, with guest memory to place launch blocks in.
    ///
    /// [`GuestModule::instantiate`]: xisa_frontend::GuestModule::instantiate
    fn with_instance<R>(
        &self,
        module: &Module,
        f: impl FnOnce(&mut Instance, &mut dyn Placer) -> Result<R>,
    ) -> Result<R> {
        let mut map = self.instances.lock().unwrap_or_else(|e| e.into_inner());
        let key = (module.isa, module.code_hash);
        let mut mem = DevicePlacer(self);
        let inst = match map.entry(key) {
            std::collections::hash_map::Entry::Occupied(o) => o.into_mut(),
            std::collections::hash_map::Entry::Vacant(v) => {
                let i = module
                    .guest()
                    .instantiate(&mut mem)
                    .map_err(|e| Error::Parse {
                        origin: module.origin.clone(),
                        msg: e.to_string(),
                    })?;
                v.insert(i)
            }
        };
        f(inst, &mut mem)
    }

    /// Copies the module banks' current images into the parameter block of
    /// kernel `kernel` (where the frontend says the kernel reads them:
    /// [`GuestModule::bank_slots`], sm_75 module constant banks); other
    /// blocks are returned unchanged. [`Device::launch`] does this; callers
    /// that build a parameter block themselves (e.g. `exec`) should too.
    ///
    /// [`GuestModule::bank_slots`]: xisa_frontend::GuestModule::bank_slots
    pub fn fill_module_banks(
        &self,
        module: &Module,
        kernel: &str,
        params: Vec<u8>,
    ) -> Result<Vec<u8>> {
        let live = module.guest().bank_slots(kernel);
        if live.is_empty() {
            return Ok(params);
        }
        let mut params = params;
        let images = self.with_instance(module, |inst, _| {
            Ok(live
                .iter()
                .map(|lb| (*lb, inst.banks.get(&lb.bank).copied()))
                .collect::<Vec<_>>())
        })?;
        for (lb, addr) in images {
            let range = lb.param_offset as usize..lb.param_offset as usize + lb.size as usize;
            let (Some(addr), Some(dst)) = (addr, params.get_mut(range)) else {
                return Err(Error::Args(format!(
                    "kernel {kernel}: constant bank {} does not fit its parameter block",
                    lb.bank
                )));
            };
            dst.copy_from_slice(&self.read(addr, lb.size as usize)?);
        }
        Ok(params)
    }

    /// The names of `module`'s data objects that [`Device::global`] finds.
    pub fn global_names(module: &Module) -> Vec<String> {
        module
            .guest()
            .symbols()
            .into_iter()
            .map(|s| s.name)
            .collect()
    }

    /// The data object `name` of `module` (a `__device__` or `__constant__`
    /// variable) as placed on this device, placing the module's data first
    /// if no launch did yet.
    pub fn global(&self, module: &Module, name: &str) -> Result<Global> {
        let symbols = module.guest().symbols();
        let Some(sym) = symbols.iter().find(|s| s.name == name) else {
            let names = Self::global_names(module);
            return Err(Error::Args(format!(
                "{}: no global named {name:?}; {}",
                module.origin,
                if names.is_empty() {
                    "the module has none".to_string()
                } else {
                    format!("available: {}", names.join(", "))
                }
            )));
        };
        let base = self.with_instance(module, |i, _| Ok(i.base))?;
        Ok(Global {
            name: name.to_string(),
            size: sym.size,
            addr: base + sym.offset,
        })
    }

    /// Reads the current bytes of data object `name` of `module`.
    pub fn read_global(&self, module: &Module, name: &str) -> Result<Vec<u8>> {
        let g = self.global(module, name)?;
        let len = usize::try_from(g.size)
            .map_err(|_| Error::Args(format!("global {name}: {} bytes", g.size)))?;
        self.read(g.addr, len)
    }

    /// Overwrites data object `name` of `module` with `data`, which must be
    /// exactly its size; later launches of the module see it.
    pub fn write_global(&self, module: &Module, name: &str, data: &[u8]) -> Result<()> {
        let g = self.global(module, name)?;
        if data.len() as u64 != g.size {
            return Err(Error::Args(format!(
                "global {name} is {} bytes; got {} bytes",
                g.size,
                data.len()
            )));
        }
        self.write(g.addr, data)
    }
}

/// Guest memory of a device as frontends place data and launch blocks in it.
struct DevicePlacer<'a>(&'a Device);

impl Placer for DevicePlacer<'_> {
    fn alloc(&mut self, len: u64) -> xisa_frontend::Result<u64> {
        self.0
            .alloc(len)
            .map_err(|e| FrontendError::Memory(e.to_string()))
    }

    fn write(&mut self, addr: u64, bytes: &[u8]) -> xisa_frontend::Result<()> {
        self.0
            .write(addr, bytes)
            .map_err(|e| FrontendError::Memory(e.to_string()))
    }
}

impl ArgSpec {
    /// The argument as `xisa run --arg` spells it, with what the kernel gets
    /// (for messages).
    pub fn describe(&self) -> String {
        match self {
            ArgSpec::U32(v) => format!("u32:{v}"),
            ArgSpec::I32(v) => format!("i32:{v}"),
            ArgSpec::U64(v) => format!("u64:{v}"),
            ArgSpec::I64(v) => format!("i64:{v}"),
            ArgSpec::F32(v) => format!("f32:{v}"),
            ArgSpec::F64(v) => format!("f64:{v}"),
            ArgSpec::Buf(p) => format!("buf:{} (a 64-bit pointer)", p.display()),
            ArgSpec::Bytes(b) => format!("a {}-byte buffer (a 64-bit pointer)", b.len()),
            ArgSpec::Zeros(n) => format!("zeros:{n} (a 64-bit pointer)"),
            ArgSpec::Ptr(p) => format!("pointer {p:#x}"),
            ArgSpec::Local(n) => format!("local:{n} (a shared-memory offset)"),
            ArgSpec::Surface(s) => format!("surf:{} (a 64-bit surface handle)", s.extent()),
            ArgSpec::Struct(b) => format!("a struct of {} bytes", b.len()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A launch with the wrong number of arguments is refused before any
    /// buffer file is read or uploaded (the error is the count, not the
    /// missing file), for IR parameters and for a gfx942 kernarg segment.
    #[test]
    fn argument_count_is_checked_before_buffers_are_read() {
        let missing = || ArgSpec::Buf(PathBuf::from("/nonexistent/xisa-input.bin"));
        let dev = Device::new().unwrap();
        let ir = "kernel @k(%p: i64, %n: i32) {\nentry:\n  exit\n}\n";
        let m = Module::from_bytes(ir.as_bytes(), "k.xir", None).unwrap();
        let opts = LaunchOptions::default();
        let e = dev.launch(&m, "k", &opts, &[missing()]).unwrap_err();
        assert!(e.to_string().contains("takes 2 arguments"), "{e}");
        let k = m.kernel("k").unwrap();
        let e = dev
            .bind_args(k, &[missing()], 0, SurfaceBinding::Descriptor)
            .unwrap_err();
        assert!(e.to_string().contains("takes 2 arguments"), "{e}");
        let co = std::fs::read(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../tests/gfx942/out/hist_global.co"),
        )
        .unwrap();
        let m = Module::from_bytes(&co, "hist_global.co", None).unwrap();
        let name = m.kernel_names()[0].clone();
        let e = dev.launch(&m, &name, &opts, &[missing()]).unwrap_err();
        assert!(e.to_string().contains("takes 3 arguments"), "{e}");
    }

    #[test]
    fn surface_spec_parses_and_uploads_its_descriptor() {
        let a: ArgSpec = "surf:3d:16x3x2:zero".parse().unwrap();
        let ArgSpec::Surface(s) = &a else {
            panic!("{a:?}")
        };
        assert_eq!((s.width_bytes, s.height, s.depth), (16, 3, 2));
        assert_eq!(s.data, SurfaceData::Zero);
        let b: ArgSpec = "surf:1d:8:dir/a:b.bin".parse().unwrap();
        assert_eq!(
            b,
            ArgSpec::Surface(SurfaceSpec {
                dim: SurfaceDim::D1,
                width_bytes: 8,
                height: 1,
                depth: 1,
                data: SurfaceData::File(PathBuf::from("dir/a:b.bin")),
            })
        );
        let dev = Device::new().unwrap();
        let spec = SurfaceSpec {
            dim: SurfaceDim::D2,
            width_bytes: 8,
            height: 2,
            depth: 1,
            data: SurfaceData::Bytes((0..16).collect()),
        };
        let (handle, data) = dev.upload_surface(&spec).unwrap();
        assert!(handle <= u64::from(u32::MAX), "32-bit handle");
        let desc = surface_descriptor(handle);
        assert_eq!(surface_handle(desc).unwrap(), handle);
        let raw: [u8; 32] = dev.read(desc, 32).unwrap().try_into().unwrap();
        let d = SurfDesc::from_bytes(&raw);
        assert_eq!(
            d,
            SurfDesc {
                base: data.addr,
                width: 8,
                height: 2,
                depth: 1,
                row_pitch: 8,
                slice_pitch: 16,
            }
        );
        assert_eq!(data.len, 16);
        assert_eq!(
            dev.read(data.addr, 16).unwrap(),
            (0..16).collect::<Vec<u8>>()
        );
        // Wrong data length and bad extents are errors, not panics.
        let short = SurfaceSpec {
            data: SurfaceData::Bytes(vec![0; 15]),
            ..spec.clone()
        };
        assert!(dev.upload_surface(&short).is_err());
        let flat = SurfaceSpec {
            dim: SurfaceDim::D1,
            ..spec
        };
        assert!(flat.validate().is_err());
    }
}
