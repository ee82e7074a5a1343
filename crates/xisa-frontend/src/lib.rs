//! The frontend contract: what every instruction set xisa runs provides, and
//! the only view of an ISA that the library (`crates/xisa`), the CLI and the
//! benchmarks have.
//!
//! A [`Frontend`] names its ISA ([`IsaInfo`]: name, aliases, wave size,
//! hardware launch limits), recognises its modules, disassembles and
//! assembles, and loads a module into a [`GuestModule`]. A guest module lists
//! its kernels with the launch limits they declare, lifts **one kernel at a
//! time** (a kernel that cannot be lifted fails alone, when it is asked for),
//! places its module-scope data on a device ([`GuestModule::instantiate`]) and
//! binds a launch's arguments into the lifted kernel's parameter block
//! ([`GuestModule::bind`]) the way the ISA's runtime does.
//!
//! Adding an ISA is its crate, implementing these two traits, plus one line
//! in the registry (`xisa::module::FRONTENDS`); see `docs/architecture.md`.

use std::collections::BTreeMap;
use std::fmt;

use xisa_ir::{Kernel, Type};
pub use xisa_runtime::launch::GeometryLimits;

pub mod ir;
pub mod mem;

pub use mem::{
    access_shapes, access_words, atomic_data, fence_half, mem_type_name, read_mem, read_mem_in,
    AccessSpec, AddrShape, AtomicSpec, DataRole, MemRegs, MemSpec, ReadMem, Refusal, Written,
};

/// Why a frontend operation failed. Each message is complete (it names the
/// kernel, pc and instruction where the frontend knows them).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FrontendError {
    /// The bytes are not a well-formed module (or program) of this ISA.
    #[error("{0}")]
    Load(String),
    /// A kernel could not be lifted (the message names kernel, pc and
    /// instruction).
    #[error("{0}")]
    Lift(String),
    /// No kernel of that name.
    #[error("no kernel named {name:?}; available: {available}")]
    UnknownKernel {
        /// The name asked for.
        name: String,
        /// The kernels the module has, comma-separated.
        available: String,
    },
    /// Disassembly or assembly failed.
    #[error("{0}")]
    Text(String),
    /// The ISA has no assembler.
    #[error("there is no assembler for {isa}")]
    NoAssembler {
        /// The ISA's name.
        isa: &'static str,
    },
    /// xisa cannot write this kind of the ISA's instructions yet
    /// ([`Frontend::write_mem`]).
    #[error("xisa cannot write {isa} {what} yet")]
    NoWriter {
        /// The ISA's name.
        isa: &'static str,
        /// The kind (`atomics`, `loads`, ...).
        what: &'static str,
    },
    /// The ISA has no instruction for an IR operation.
    #[error("{isa} has no instruction for `{what}`: {why}")]
    NoInstruction {
        /// The ISA's name.
        isa: &'static str,
        /// The operation, in IR text.
        what: String,
        /// Why not.
        why: String,
    },
    /// The launch arguments do not fit the kernel.
    #[error("{0}")]
    Args(String),
    /// Guest memory could not hold the module's data or launch blocks.
    #[error("{0}")]
    Memory(String),
}

/// Result with [`FrontendError`].
pub type Result<T, E = FrontendError> = std::result::Result<T, E>;

/// How a kernel receives a surface argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SurfaceBinding {
    /// A 32-bit handle (sm_75 bindless surfaces: `SULD` takes a handle).
    Handle,
    /// The 64-bit guest address of the 32-byte descriptor.
    Descriptor,
}

/// The static facts about an ISA.
#[derive(Debug)]
pub struct IsaInfo {
    /// The name on the command line and in state files (`sm75`).
    pub name: &'static str,
    /// Other names accepted for it (`sm_75`).
    pub aliases: &'static [&'static str],
    /// One line for `--help` and listings.
    pub summary: &'static str,
    /// How [`Frontend::detect`] recognises its modules, for listings; `None`
    /// when it cannot (the module is loaded with `--isa`).
    pub detection: Option<&'static str>,
    /// Lanes per wave of its kernels.
    pub wave_size: u32,
    /// The launch geometry its hardware allows.
    pub limits: GeometryLimits,
    /// True for machine code: it assumes converged waves run in lockstep, so
    /// the loader inserts wave syncs (`xisa_ir::lockstep`); IR text states its
    /// own.
    pub machine_code: bool,
    /// How its lifted kernels name the per-lane (vector) registers: the
    /// prefix before the number (`v` for `v5`, `r` for sm_75's `R5`); `None`
    /// where registers are not numbered (IR text).
    pub vector_registers: Option<&'static str>,
    /// How its lifted kernels name the wave-uniform (scalar) registers: the
    /// prefix before the number (`s` for gfx942's SGPRs, `u`, sm_75's `ur`).
    pub uniform_registers: Option<&'static str>,
    /// The registers of the execution mask that guards every vector
    /// instruction (`exec`, gfx942's `exec_lo`/`exec_hi`); empty where there
    /// is none (sm_75 predicates are per instruction).
    pub exec_mask: &'static [&'static str],
}

/// Options of a fragment lifter (lsu, CDNA 5): lanes per wave, 32 (the
/// default) or 64.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LiftOptions {
    /// Lanes per wave.
    pub wave_size: u32,
}

impl Default for LiftOptions {
    fn default() -> Self {
        LiftOptions { wave_size: 32 }
    }
}

impl LiftOptions {
    /// The wave size, when it is 32 or 64.
    pub fn checked_wave_size(&self) -> Option<u32> {
        matches!(self.wave_size, 32 | 64).then_some(self.wave_size)
    }
}

/// Options of [`Frontend::disassemble`].
#[derive(Debug, Clone, Default)]
pub struct DisasmOptions {
    /// Raw instruction words rather than a container (ELF) file.
    pub raw: bool,
    /// A directory of translation rules that replaces the built-in ones
    /// (frontends without external rules refuse it).
    pub rules_dir: Option<std::path::PathBuf>,
    /// Each instruction's encoding beside it, as `nvdisasm -hex` prints it
    /// (sm75; the other listings print their words already).
    pub hex: bool,
}

/// One instruction set.
pub trait Frontend: Send + Sync + std::panic::RefUnwindSafe {
    /// Name, limits and conventions.
    fn info(&self) -> &'static IsaInfo;

    /// True when `bytes` are recognisably a module of this ISA (an ELF
    /// machine number, a text header). ISAs whose modules cannot be told
    /// apart from others answer false and are loaded by name.
    fn detect(&self, bytes: &[u8]) -> bool;

    /// A listing of `bytes` (a module, or with [`DisasmOptions::raw`]
    /// instruction words, or IR text).
    fn disassemble(&self, bytes: &[u8], opts: &DisasmOptions) -> Result<String>;

    /// Assembles `text` into what [`Frontend::load`] reads: for an ISA
    /// whose modules are containers xisa does not write (sm_75 cubins), the
    /// bare instruction words that `load` takes as a fragment and
    /// [`Frontend::disassemble`] lists with [`DisasmOptions::raw`].
    fn assemble(&self, text: &str) -> Result<Vec<u8>> {
        let _ = text;
        Err(FrontendError::NoAssembler {
            isa: self.info().name,
        })
    }

    /// Loads a module: decodes its container and lists its kernels; lifting
    /// happens per kernel in [`GuestModule::lift`].
    fn load(&self, bytes: &[u8]) -> Result<Box<dyn GuestModule>>;

    /// Writes the IR memory operation `spec` (an atomic, a load, a store, a
    /// fence) as one instruction of this ISA, on the vector registers `regs`
    /// ([`MemRegs`], [`Written`]), chosen from the ISA's tables by the
    /// semantics each row states: the inverse of lifting. Refused with the
    /// reason where no instruction performs it exactly (another space, a
    /// scope or order the ISA cannot name, a type it has no access for), or
    /// as not written yet where xisa's writer lacks the kind.
    fn write_mem(&self, spec: &MemSpec, regs: &MemRegs) -> Result<Written> {
        let _ = regs;
        Err(Refusal::NotYet.error(self.info().name, spec))
    }
}
/// A block size a kernel declares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockRule {
    /// The block must be exactly this (PTX `.reqntid`).
    Exactly([u32; 3]),
    /// At most this many threads per block (PTX `.maxntid`: the product of
    /// its extents; gfx942 `.max_flat_workgroup_size`).
    AtMost(u64),
}

/// One declared launch limit and where it comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeclaredLimit {
    /// The rule.
    pub rule: BlockRule,
    /// Where it is declared, for messages.
    pub source: String,
}

/// A kernel of a loaded module, before lifting.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KernelEntry {
    /// Its name (the launch name).
    pub name: String,
    /// The launch limits it declares.
    pub declared: Vec<DeclaredLimit>,
}

impl KernelEntry {
    /// A kernel that declares no limits.
    pub fn named(name: impl Into<String>) -> KernelEntry {
        KernelEntry {
            name: name.into(),
            declared: Vec::new(),
        }
    }
}

/// Guest memory as a frontend sees it while placing module data or launch
/// blocks.
pub trait Placer {
    /// A zero-filled allocation of `len` bytes (256-byte aligned).
    fn alloc(&mut self, len: u64) -> Result<u64>;
    /// Writes `bytes` at `addr`.
    fn write(&mut self, addr: u64, bytes: &[u8]) -> Result<()>;
    /// An allocation holding `bytes`.
    fn upload(&mut self, bytes: &[u8]) -> Result<u64> {
        let a = self.alloc(bytes.len() as u64)?;
        self.write(a, bytes)?;
        Ok(a)
    }
}

/// A module's data as placed on one device: created at its first use and
/// kept (as CUDA and HSA keep a loaded module's globals), so data written by
/// one launch is seen by the next.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Instance {
    /// Guest address of the module's data block (0 when it has none).
    pub base: u64,
    /// Module data that each kernel also reads from its parameter block
    /// (sm_75 module constant banks), by bank number: the guest address of
    /// the bank's image (in the data block), copied into the parameter
    /// blocks at [`GuestModule::bank_slots`] at every launch.
    pub banks: BTreeMap<u32, u64>,
}

/// Where one bank of [`Instance::banks`] sits in a kernel's parameter block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BankSlot {
    /// Bank number.
    pub bank: u32,
    /// Byte offset in the parameter block.
    pub param_offset: u32,
    /// Bytes copied.
    pub size: u32,
}

/// A named data object of a module (`__device__`, `__constant__`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Symbol {
    /// Its name.
    pub name: String,
    /// Size in bytes.
    pub size: u64,
    /// Its offset from [`Instance::base`].
    pub offset: u64,
}

/// The bytes of an argument passed by value that is not a scalar (a C
/// struct, `float3`, ...), as the kernel's parameter holds them: at most
/// [`ArgBytes::MAX`].
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct ArgBytes {
    len: u16,
    bytes: [u8; ArgBytes::MAX],
}

impl ArgBytes {
    /// The largest by-value argument (CUDA allows 4 KiB of parameters in
    /// all; one struct of a kilobyte is generous).
    pub const MAX: usize = 1024;

    /// `b`'s bytes, or `None` when it is longer than [`ArgBytes::MAX`].
    pub fn new(b: &[u8]) -> Option<ArgBytes> {
        let mut bytes = [0u8; ArgBytes::MAX];
        bytes.get_mut(..b.len())?.copy_from_slice(b);
        Some(ArgBytes {
            len: b.len() as u16,
            bytes,
        })
    }

    /// The bytes.
    pub fn as_slice(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }

    /// Their number.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl fmt::Debug for ArgBytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ArgBytes({:02x?})", self.as_slice())
    }
}

/// A launch argument after the device has placed any buffer or surface it
/// names.
// Copy, with a struct's bytes inline: a launch handles a few of these once,
// so the size of the largest variant costs nothing that boxing would save.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ArgValue {
    /// A 32-bit unsigned integer.
    U32(u32),
    /// A 32-bit signed integer.
    I32(i32),
    /// A 64-bit unsigned integer.
    U64(u64),
    /// A 64-bit signed integer.
    I64(i64),
    /// A 32-bit float.
    F32(f32),
    /// A 64-bit float.
    F64(f64),
    /// A guest address the caller allocated.
    Ptr(u64),
    /// A buffer the device uploaded for the launch: its address and length.
    Buffer {
        /// Guest address.
        addr: u64,
        /// Bytes.
        len: u64,
    },
    /// An OpenCL `__local` pointer: this many bytes of dynamic shared memory.
    Local(u32),
    /// A surface: its 32-bit handle and its descriptor's guest address.
    Surface {
        /// The handle ([`SurfaceBinding::Handle`]).
        handle: u64,
        /// The descriptor's address ([`SurfaceBinding::Descriptor`]).
        descriptor: u64,
        /// Coordinates (1, 2 or 3).
        rank: u8,
        /// Width in bytes, height, depth (for messages).
        extent: [u32; 3],
    },
    /// A struct (or any aggregate) by value: its bytes, laid out as the
    /// kernel's parameter holds them.
    Aggregate(ArgBytes),
}

impl fmt::Display for ArgValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArgValue::U32(v) => write!(f, "u32:{v}"),
            ArgValue::I32(v) => write!(f, "i32:{v}"),
            ArgValue::U64(v) => write!(f, "u64:{v}"),
            ArgValue::I64(v) => write!(f, "i64:{v}"),
            ArgValue::F32(v) => write!(f, "f32:{v}"),
            ArgValue::F64(v) => write!(f, "f64:{v}"),
            ArgValue::Ptr(p) => write!(f, "pointer {p:#x}"),
            ArgValue::Buffer { len, .. } => write!(f, "a {len}-byte buffer (a 64-bit pointer)"),
            ArgValue::Local(n) => write!(f, "local:{n} (a shared-memory offset)"),
            ArgValue::Aggregate(b) => write!(f, "a struct of {} bytes", b.len()),
            ArgValue::Surface { rank, extent, .. } => {
                let dims: Vec<String> = extent[..usize::from(*rank).clamp(1, 3)]
                    .iter()
                    .map(u32::to_string)
                    .collect();
                write!(
                    f,
                    "surf:{rank}d:{} (a 64-bit surface handle)",
                    dims.join("x")
                )
            }
        }
    }
}

/// The geometry of a launch, as binding needs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LaunchShape {
    /// Workgroups per dimension.
    pub grid: [u32; 3],
    /// Work-items per workgroup and dimension.
    pub block: [u32; 3],
    /// Dynamic shared memory the launch asks for, in bytes.
    pub dyn_shared: u32,
}

/// A bound launch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bound {
    /// The lifted kernel's parameter block.
    pub params: Vec<u8>,
    /// Dynamic shared bytes the launch needs (the request plus `__local`
    /// arguments).
    pub dyn_shared: u32,
}

/// One declared kernel parameter ([`GuestModule::declared_params`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParamDecl {
    /// Byte offset in the parameter block the ABI defines.
    pub offset: u32,
    /// Size in bytes.
    pub size: u32,
}

/// A loaded module of some ISA.
pub trait GuestModule: Send + Sync + fmt::Debug + std::panic::RefUnwindSafe {
    /// Its kernels, in module order.
    fn kernels(&self) -> &[KernelEntry];

    /// Lifts kernel `name` (called once per kernel; the caller verifies the
    /// IR and caches it).
    fn lift(&self, name: &str) -> Result<Kernel>;

    /// Kernel `name` lifted for an engine that runs a wave's lanes together
    /// (the JIT's wave mode), where the ISA lifts it differently for lane by
    /// lane execution (gfx942: wave masks made lane-local); `None`: the
    /// same as [`GuestModule::lift`].
    fn lift_for_waves(&self, name: &str) -> Option<Result<Kernel>> {
        let _ = name;
        None
    }

    /// Its named data objects.
    fn symbols(&self) -> Vec<Symbol> {
        Vec::new()
    }

    /// Places the module's data on a device (once per device).
    fn instantiate(&self, mem: &mut dyn Placer) -> Result<Instance> {
        let _ = mem;
        Ok(Instance::default())
    }

    /// Where kernel `name` reads [`Instance::banks`] in its parameter block.
    fn bank_slots(&self, name: &str) -> Vec<BankSlot> {
        let _ = name;
        Vec::new()
    }

    /// The parameters kernel `name` declares, in signature order, as its
    /// machine ABI lays them out: what a driver API's launch call (CUDA's
    /// `cuLaunchKernel`) passes one pointer per parameter for, each given
    /// whole as [`ArgValue::Aggregate`]. `None` where the module does not
    /// record them (the IR parameters are then the declared ones).
    fn declared_params(&self, name: &str) -> Option<Vec<ParamDecl>> {
        let _ = name;
        None
    }

    /// Checks that a launch of `kernel` passes `n` arguments, before the
    /// device uploads any buffer they name; the error lists what the kernel
    /// takes. By default the IR parameters ([`check_param_count`]).
    fn check_arg_count(&self, kernel: &Kernel, n: usize) -> Result<()> {
        check_param_count(kernel, n)
    }

    /// Binds `args` for a launch of `kernel` (lifted from this module): the
    /// parameter block, and whatever launch blocks the ISA's runtime places
    /// in memory. By default the arguments are the IR kernel's parameters
    /// ([`bind_params`]).
    fn bind(
        &self,
        kernel: &Kernel,
        args: &[ArgValue],
        shape: &LaunchShape,
        instance: &Instance,
        mem: &mut dyn Placer,
    ) -> Result<Bound> {
        let _ = (instance, mem);
        bind_params(kernel, args, shape.dyn_shared, SurfaceBinding::Descriptor)
    }
}

/// The most shared memory a workgroup may use.
pub use xisa_runtime::launch::MAX_SHARED_BYTES;

/// Binds `args` to the IR parameters of `kernel`, in order, each at its
/// slot of the parameter block (`Kernel::param_layout`); `__local` arguments
/// get 16-byte aligned offsets after the static and the requested dynamic
/// shared memory. Machine code does not say a parameter's type, only its
/// size: a float binds to an integer parameter of its width, as its bits.
pub fn bind_params(
    kernel: &Kernel,
    args: &[ArgValue],
    shared: u32,
    surfaces: SurfaceBinding,
) -> Result<Bound> {
    check_param_count(kernel, args.len())?;
    let layout = kernel.param_layout();
    let name_of = |r: xisa_ir::Reg| {
        kernel
            .regs
            .get(r.0 as usize)
            .map_or("?", |d| d.name.as_str())
    };
    let mut params = vec![0u8; kernel.param_size() as usize];
    // u64 arithmetic: sizes near u32::MAX must be rejected, not wrap.
    let too_big = |n: u64| {
        FrontendError::Args(format!(
            "kernel {}: {n} bytes of shared memory per workgroup ({} static, the rest \
             dynamic: --shared and local: arguments); at most {MAX_SHARED_BYTES}",
            kernel.name, kernel.shared_bytes
        ))
    };
    let dyn_base = u64::from(kernel.shared_bytes).div_ceil(16) * 16;
    let mut dyn_end = u64::from(shared).div_ceil(16) * 16;
    if dyn_base + dyn_end > MAX_SHARED_BYTES {
        return Err(too_big(dyn_base + dyn_end));
    }
    for (i, (slot, arg)) in layout.iter().zip(args).enumerate() {
        let name = name_of(slot.reg);
        let small = matches!(slot.ty, Type::I32 | Type::I16 | Type::I8 | Type::I1);
        let bits: u64 = match (slot.ty, *arg) {
            (_, ArgValue::U32(v)) if small => u64::from(v),
            (_, ArgValue::I32(v)) if small => u64::from(v as u32),
            (Type::I64, ArgValue::U64(v) | ArgValue::Ptr(v) | ArgValue::Buffer { addr: v, .. }) => {
                v
            }
            (Type::I64, ArgValue::I64(v)) => v as u64,
            (Type::F32 | Type::I32, ArgValue::F32(v)) => u64::from(v.to_bits()),
            (Type::F64 | Type::I64, ArgValue::F64(v)) => v.to_bits(),
            (
                Type::I64,
                ArgValue::Surface {
                    handle, descriptor, ..
                },
            ) => match surfaces {
                SurfaceBinding::Handle => handle,
                SurfaceBinding::Descriptor => descriptor,
            },
            // A struct the size of the slot: its bytes, little-endian.
            (_, ArgValue::Aggregate(b)) if b.len() == slot.ty.bytes() as usize => {
                let mut w = [0u8; 8];
                w[..b.len()].copy_from_slice(b.as_slice());
                u64::from_le_bytes(w)
            }
            // clang's nvptx64 OpenCL ABI passes `__local` pointers as 64-bit
            // shared-window offsets: both widths take the offset.
            (Type::I32 | Type::I64, ArgValue::Local(n)) => {
                let off = dyn_base + dyn_end;
                dyn_end = (dyn_end + u64::from(n)).div_ceil(16) * 16;
                if dyn_base + dyn_end > MAX_SHARED_BYTES {
                    return Err(too_big(dyn_base + dyn_end));
                }
                off
            }
            (_, a) => {
                return Err(FrontendError::Args(format!(
                    "argument {i} (%{name}: {}) cannot take {a}",
                    slot.ty
                )))
            }
        };
        if bits & !slot.ty.mask() != 0 && !matches!(arg, ArgValue::I32(_)) {
            return Err(FrontendError::Args(format!(
                "argument {i} (%{name}: {}): value {bits:#x} does not fit",
                slot.ty
            )));
        }
        let off = slot.offset as usize;
        let n = slot.ty.bytes() as usize;
        params[off..off + n].copy_from_slice(&(bits & slot.ty.mask()).to_le_bytes()[..n]);
    }
    Ok(Bound {
        params,
        // Bounded by MAX_SHARED_BYTES above.
        dyn_shared: dyn_end as u32,
    })
}

/// Checks that a launch of `kernel` passes one argument per IR parameter;
/// the error lists them (`%name: type`).
pub fn check_param_count(kernel: &Kernel, got: usize) -> Result<()> {
    let layout = kernel.param_layout();
    if got == layout.len() {
        return Ok(());
    }
    let sig: Vec<String> = layout
        .iter()
        .map(|s| {
            let name = kernel.regs.get(s.reg.0 as usize).map_or("?", |d| &d.name);
            format!("%{name}: {}", s.ty)
        })
        .collect();
    Err(wrong_arg_count(&kernel.name, &sig, got))
}

/// The error for a launch of `kernel`, whose parameters are described by
/// `expected` (one entry each), with `got` arguments.
pub fn wrong_arg_count(kernel: &str, expected: &[String], got: usize) -> FrontendError {
    FrontendError::Args(format!(
        "kernel {kernel} takes {} arguments ({}), got {got}",
        expected.len(),
        expected.join(", ")
    ))
}

/// The error for a kernel name a module does not have.
pub fn unknown_kernel(m: &dyn GuestModule, name: &str) -> FrontendError {
    FrontendError::UnknownKernel {
        name: name.to_string(),
        available: m
            .kernels()
            .iter()
            .map(|k| k.name.as_str())
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// Takes the `label:` definitions off the start of an assembly line
/// (labels of letters, digits, `_`, `.` and `$`, not starting with a digit),
/// recording each at `at`; the rest of the line, or an error naming a label
/// defined twice.
pub fn take_labels<'a, T: Copy>(
    line: &'a str,
    at: T,
    labels: &mut std::collections::HashMap<String, T>,
) -> std::result::Result<&'a str, String> {
    let mut text = line.trim();
    while let Some((l, rest)) = text.split_once(':') {
        let ok = l.chars().next().is_some_and(|c| !c.is_ascii_digit())
            && l.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '$'));
        if !ok {
            break;
        }
        if labels.insert(l.to_string(), at).is_some() {
            return Err(format!("label `{l}` defined twice"));
        }
        text = rest.trim();
    }
    Ok(text)
}

/// True when `bytes` look like assembly text rather than instruction words.
pub fn looks_like_text(bytes: &[u8]) -> bool {
    std::str::from_utf8(bytes).is_ok() && !bytes.contains(&0)
}

/// The ELF machine number of `bytes`, if they are an ELF file.
pub fn elf_machine(bytes: &[u8]) -> Option<u16> {
    if bytes.len() < 20 || !bytes.starts_with(b"\x7fELF") {
        return None;
    }
    let m = [bytes[18], bytes[19]];
    Some(if bytes[5] == 1 {
        u16::from_le_bytes(m)
    } else {
        u16::from_be_bytes(m)
    })
}

/// A module of one kernel lifted when it was loaded (instruction fragments:
/// lsu programs, CDNA 5 VGLOBAL fragments), bound by its IR parameters.
#[derive(Debug, Clone)]
pub struct SingleKernel {
    entries: Vec<KernelEntry>,
    kernel: Kernel,
}

impl SingleKernel {
    /// The module holding `kernel`.
    pub fn new(kernel: Kernel) -> SingleKernel {
        SingleKernel {
            entries: vec![KernelEntry::named(kernel.name.clone())],
            kernel,
        }
    }
}

impl GuestModule for SingleKernel {
    fn kernels(&self) -> &[KernelEntry] {
        &self.entries
    }

    fn lift(&self, name: &str) -> Result<Kernel> {
        if name == self.kernel.name {
            Ok(self.kernel.clone())
        } else {
            Err(unknown_kernel(self, name))
        }
    }
}

/// The instructions of a fragment program: assembly text (parsed by
/// `parse`) or instruction words (decoded by `decode`).
pub fn program<I, E1: fmt::Display, E2: fmt::Display>(
    bytes: &[u8],
    parse: impl Fn(&str) -> std::result::Result<Vec<I>, E1>,
    decode: impl Fn(&[u8]) -> std::result::Result<Vec<I>, E2>,
) -> Result<Vec<I>> {
    let load = |e: &dyn fmt::Display| FrontendError::Load(e.to_string());
    if looks_like_text(bytes) {
        let text = std::str::from_utf8(bytes).map_err(|e| load(&e))?;
        parse(text).map_err(|e| load(&e))
    } else {
        decode(bytes).map_err(|e| load(&e))
    }
}

/// A frontend for instruction fragments (lsu programs, CDNA 5 VGLOBAL
/// fragments): no container to detect, one kernel per program, lifted when
/// it loads; described by its functions.
pub struct FragmentFrontend {
    /// Name, wave size, limits.
    pub info: &'static IsaInfo,
    /// Bytes per instruction, when listings prefix each line with its byte
    /// offset.
    pub offsets: Option<usize>,
    /// Instruction words, one line per instruction.
    pub disassemble: fn(&[u8]) -> std::result::Result<Vec<String>, String>,
    /// Assembly text to instruction words.
    pub assemble: fn(&str) -> std::result::Result<Vec<u8>, String>,
    /// A program (text or words, see [`program`]) to its kernel.
    pub lift: fn(&[u8]) -> Result<Kernel>,
    /// The instruction writer ([`Frontend::write_mem`]).
    pub write_mem: fn(&MemSpec, &MemRegs) -> std::result::Result<Written, Refusal>,
}

impl Frontend for FragmentFrontend {
    fn info(&self) -> &'static IsaInfo {
        self.info
    }

    fn detect(&self, _: &[u8]) -> bool {
        false
    }

    fn disassemble(&self, bytes: &[u8], opts: &DisasmOptions) -> Result<String> {
        let name = self.info.name;
        if opts.rules_dir.is_some() {
            return Err(FrontendError::Text(format!(
                "{name} has no external translation rules"
            )));
        }
        if looks_like_text(bytes) && !opts.raw {
            return Err(FrontendError::Text(format!(
                "{name} disasm reads instruction words; this is text (assemble it with `xisa asm --isa {name}`)"
            )));
        }
        let lines = (self.disassemble)(bytes).map_err(FrontendError::Text)?;
        Ok(lines
            .iter()
            .enumerate()
            .map(|(i, l)| match self.offsets {
                Some(n) => format!("/*{:06x}*/ {l}\n", i * n),
                None => format!("{l}\n"),
            })
            .collect())
    }

    fn assemble(&self, text: &str) -> Result<Vec<u8>> {
        (self.assemble)(text).map_err(FrontendError::Text)
    }

    fn load(&self, bytes: &[u8]) -> Result<Box<dyn GuestModule>> {
        Ok(Box::new(SingleKernel::new((self.lift)(bytes)?)))
    }

    fn write_mem(&self, spec: &MemSpec, regs: &MemRegs) -> Result<Written> {
        (self.write_mem)(spec, regs).map_err(|r| r.error(self.info.name, spec))
    }
}
