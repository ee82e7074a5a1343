//! Value types, memory spaces, scopes and orderings.

use std::fmt;

/// The type of an IR register or immediate.
///
/// Every register value is held in 64 bits: narrower types keep their bits in the
/// low end, zero-extended (so `i8 -1` is stored as `0xff`). `i1` is 0 or 1.
/// `f16`/`bf16` are storage types: arithmetic converts them to `f32` first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Type {
    /// A predicate (one bit per lane).
    I1,
    I8,
    I16,
    I32,
    I64,
    F16,
    BF16,
    F32,
    F64,
}

impl Type {
    /// All types, in text-form order.
    pub const ALL: [Type; 9] = [
        Type::I1,
        Type::I8,
        Type::I16,
        Type::I32,
        Type::I64,
        Type::F16,
        Type::BF16,
        Type::F32,
        Type::F64,
    ];

    /// Width in bits (1 for `i1`).
    pub fn bits(self) -> u32 {
        match self {
            Type::I1 => 1,
            Type::I8 => 8,
            Type::I16 | Type::F16 | Type::BF16 => 16,
            Type::I32 | Type::F32 => 32,
            Type::I64 | Type::F64 => 64,
        }
    }

    /// Size in bytes when stored to memory (`i1` takes one byte).
    pub fn bytes(self) -> u32 {
        self.bits().div_ceil(8)
    }

    /// True for the integer types, `i1` included.
    pub fn is_int(self) -> bool {
        matches!(
            self,
            Type::I1 | Type::I8 | Type::I16 | Type::I32 | Type::I64
        )
    }

    /// True for the floating-point types.
    pub fn is_float(self) -> bool {
        !self.is_int()
    }

    /// Mask of the value bits inside the 64-bit register slot.
    pub fn mask(self) -> u64 {
        match self.bits() {
            64 => u64::MAX,
            b => (1u64 << b) - 1,
        }
    }

    /// The integer type of the same width (`f32` -> `i32`).
    pub fn as_int(self) -> Type {
        match self {
            Type::F16 | Type::BF16 => Type::I16,
            Type::F32 => Type::I32,
            Type::F64 => Type::I64,
            t => t,
        }
    }

    /// Text-form name.
    pub fn name(self) -> &'static str {
        match self {
            Type::I1 => "i1",
            Type::I8 => "i8",
            Type::I16 => "i16",
            Type::I32 => "i32",
            Type::I64 => "i64",
            Type::F16 => "f16",
            Type::BF16 => "bf16",
            Type::F32 => "f32",
            Type::F64 => "f64",
        }
    }

    /// Parses a text-form name.
    pub fn from_name(s: &str) -> Option<Type> {
        Type::ALL.into_iter().find(|t| t.name() == s)
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Memory address spaces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Space {
    /// Device memory, 64-bit guest addresses, shared by all workgroups.
    Global,
    /// Workgroup-shared memory (CUDA shared, AMD LDS); 32-bit offsets.
    Shared,
    /// Per-lane private memory (CUDA local, AMD scratch); 32-bit offsets.
    Local,
    /// Read-only global memory (constant banks, kernarg segments): 64-bit guest addresses.
    Const,
    /// The launch's parameter block; byte offsets.
    Param,
    /// A buffer descriptor (base, size) plus an offset; out-of-range accesses read 0 /
    /// are dropped instead of faulting.
    Buffer,
    /// A surface: 1-3 coordinates through a descriptor in global memory (see
    /// [`crate::Address::Surface`]); out-of-range coordinates clamp, trap or are
    /// ignored as the access says.
    Surface,
}

impl Space {
    /// All spaces, in text-form order.
    pub const ALL: [Space; 7] = [
        Space::Global,
        Space::Shared,
        Space::Local,
        Space::Const,
        Space::Param,
        Space::Buffer,
        Space::Surface,
    ];

    /// Text-form name.
    pub fn name(self) -> &'static str {
        match self {
            Space::Global => "global",
            Space::Shared => "shared",
            Space::Local => "local",
            Space::Const => "const",
            Space::Param => "param",
            Space::Buffer => "buffer",
            Space::Surface => "surface",
        }
    }

    /// Parses a text-form name.
    pub fn from_name(s: &str) -> Option<Space> {
        Space::ALL.into_iter().find(|t| t.name() == s)
    }

    /// True where stores and atomics are allowed.
    pub fn writable(self) -> bool {
        !matches!(self, Space::Const | Space::Param)
    }

    /// True where other workgroups (so other host threads) can reach the
    /// memory. Every atomic read-modify-write on such a space must be a host
    /// atomic whatever its scope: GPUs perform global atomics at the memory
    /// side, so a workgroup-scope `atomicAdd_block` on a global counter gets an
    /// exact total on hardware, and real code relies on it. The scope then
    /// governs only ordering.
    pub fn shared_across_workgroups(self) -> bool {
        matches!(self, Space::Global | Space::Buffer | Space::Surface)
    }

    /// True where an ordered (non-weak) access of `scope` to this space must
    /// be ordered on the host: other host threads can see the memory and the
    /// scope reaches beyond the workgroup's one thread (docs/scopes.md). Both
    /// engines use this one rule.
    pub fn host_ordered(self, scope: Scope) -> bool {
        self.shared_across_workgroups() && !scope.within_workgroup()
    }
}

impl fmt::Display for Space {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The set of lanes/threads an atomic or fence must be coherent with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Scope {
    /// One wave/warp.
    Wave,
    /// One workgroup (CTA).
    Workgroup,
    /// One SM / cluster.
    Cluster,
    /// The whole device (GPU, agent).
    Device,
    /// The device and the host (system).
    System,
}

impl Scope {
    /// All scopes, narrowest first.
    pub const ALL: [Scope; 5] = [
        Scope::Wave,
        Scope::Workgroup,
        Scope::Cluster,
        Scope::Device,
        Scope::System,
    ];

    /// Text-form name.
    pub fn name(self) -> &'static str {
        match self {
            Scope::Wave => "wave",
            Scope::Workgroup => "workgroup",
            Scope::Cluster => "cluster",
            Scope::Device => "device",
            Scope::System => "system",
        }
    }

    /// Parses a text-form name.
    pub fn from_name(s: &str) -> Option<Scope> {
        Scope::ALL.into_iter().find(|t| t.name() == s)
    }

    /// True where the scope is contained in one workgroup, which xisa runs on one
    /// host thread (so no host atomicity is needed).
    pub fn within_workgroup(self) -> bool {
        matches!(self, Scope::Wave | Scope::Workgroup)
    }
}

impl fmt::Display for Scope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Memory ordering of an atomic, fence, load or store.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Order {
    /// Plain (non-atomic) access: only loads and stores.
    Weak,
    Relaxed,
    Acquire,
    Release,
    AcqRel,
    SeqCst,
}

impl Order {
    /// All orderings, weakest first.
    pub const ALL: [Order; 6] = [
        Order::Weak,
        Order::Relaxed,
        Order::Acquire,
        Order::Release,
        Order::AcqRel,
        Order::SeqCst,
    ];

    /// Text-form name.
    pub fn name(self) -> &'static str {
        match self {
            Order::Weak => "weak",
            Order::Relaxed => "relaxed",
            Order::Acquire => "acquire",
            Order::Release => "release",
            Order::AcqRel => "acq_rel",
            Order::SeqCst => "seq_cst",
        }
    }

    /// Parses a text-form name.
    pub fn from_name(s: &str) -> Option<Order> {
        Order::ALL.into_iter().find(|t| t.name() == s)
    }

    /// True for the orderings with acquire semantics (`acquire`, `acq_rel`,
    /// `seq_cst`).
    pub fn is_acquire(self) -> bool {
        matches!(self, Order::Acquire | Order::AcqRel | Order::SeqCst)
    }

    /// True for the orderings with release semantics (`release`, `acq_rel`,
    /// `seq_cst`).
    pub fn is_release(self) -> bool {
        matches!(self, Order::Release | Order::AcqRel | Order::SeqCst)
    }
}

impl fmt::Display for Order {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// IEEE-754 rounding direction of a float operation or conversion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Round {
    /// Round to nearest, ties to even.
    #[default]
    Rn,
    /// Toward zero.
    Rz,
    /// Toward minus infinity.
    Rm,
    /// Toward plus infinity.
    Rp,
}

impl Round {
    /// All modes.
    pub const ALL: [Round; 4] = [Round::Rn, Round::Rz, Round::Rm, Round::Rp];

    /// Text-form name.
    pub fn name(self) -> &'static str {
        match self {
            Round::Rn => "rn",
            Round::Rz => "rz",
            Round::Rm => "rm",
            Round::Rp => "rp",
        }
    }

    /// Parses a text-form name.
    pub fn from_name(s: &str) -> Option<Round> {
        Round::ALL.into_iter().find(|t| t.name() == s)
    }
}
