//! HSA code object loader for gfx942 (AMDGPU ELF, code object v5; v4 and v6 are
//! accepted too, their kernel descriptor and metadata are the same for gfx942).
//!
//! [`load`] parses the ELF64 file with the `object` crate, checks that it is an
//! `EM_AMDGPU` / `ELFOSABI_AMDGPU_HSA` object for gfx942, reads the
//! `NT_AMDGPU_METADATA` note (msgpack, `amdhsa.kernels`) and, for every kernel
//! listed there, its 64-byte kernel descriptor (`<name>.kd`) and the bytes of its
//! code (the `STT_FUNC` symbol the descriptor's entry offset points at).
//!
//! Layouts follow LLVM `AMDGPUUsage` ("Code Object V3+ kernel descriptor",
//! "Code Object V5 Metadata", "Initial Kernel Execution State"); summary in
//! `shared/notes/amdgpu.md` sections 1-4 and `docs/cdna.md` ("Code objects").
//!
//! Every failure is a [`CodeObjectError`] that names the file offset, section or
//! symbol involved; no input makes the loader panic (checked by the mutation
//! fuzz test in `tests/codeobj.rs`).

use object::read::elf::{FileHeader, NoteIterator, SectionHeader, Sym};
use object::LittleEndian as LE;
use rmpv::Value;

/// `e_machine` of AMD GPUs.
pub const EM_AMDGPU: u16 = 224;
/// `EI_OSABI` of HSA code objects.
pub const ELFOSABI_AMDGPU_HSA: u8 = 64;
/// `EF_AMDGPU_MACH` value of gfx942 (`e_flags & 0xff`).
pub const EF_AMDGPU_MACH_GFX942: u32 = 0x04c;
/// Note type of the msgpack metadata note (owner `AMDGPU`).
pub const NT_AMDGPU_METADATA: u32 = 32;
/// Size of a kernel descriptor in bytes.
pub const KERNEL_DESCRIPTOR_SIZE: usize = 64;

const SHT_SYMTAB: u32 = 2;
const SHT_NOTE: u32 = 7;
const SHT_NOBITS: u32 = 8;
const SHT_DYNSYM: u32 = 11;
const SHF_EXECINSTR: u64 = 0x4;
const STT_FUNC: u8 = 2;
/// Size of one ELF64 section header (for the offsets named in errors).
const SHDR_SIZE: u64 = 64;

/// A loaded code object: its target and its kernels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodeObject {
    /// Kernels in the order of the metadata's `amdhsa.kernels` list.
    pub kernels: Vec<KernelInfo>,
    /// Processor name from `e_flags` (always `"gfx942"`: other processors are
    /// rejected with [`CodeObjectError::WrongMach`]).
    pub mach: String,
    /// Code object version (4, 5 or 6), from `EI_ABIVERSION` (2, 3 or 4).
    pub abi_version: u8,
    /// `xnack` target feature from `e_flags` bits [9:8].
    pub xnack: FeatureSetting,
    /// `sramecc` target feature from `e_flags` bits [11:10].
    pub sramecc: FeatureSetting,
    /// `amdhsa.target`, e.g. `amdgcn-amd-amdhsa--gfx942` (empty when absent).
    pub target: String,
    /// `amdhsa.version` (major, minor): 1.1 for v4, 1.2 for v5, 1.3 for v6.
    pub metadata_version: (u32, u32),
}

impl CodeObject {
    /// The kernel called `name`, if any.
    pub fn kernel(&self, name: &str) -> Option<&KernelInfo> {
        self.kernels.iter().find(|k| k.name == name)
    }
}

/// A code-object-v4+ target feature setting (`e_flags` two-bit field).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FeatureSetting {
    /// 0: the processor does not support the feature.
    Unsupported,
    /// 1: code works with the feature on or off.
    Any,
    /// 2: compiled for the feature off.
    Off,
    /// 3: compiled for the feature on.
    On,
}

impl FeatureSetting {
    fn from_bits(b: u32) -> Self {
        match b & 3 {
            0 => Self::Unsupported,
            1 => Self::Any,
            2 => Self::Off,
            _ => Self::On,
        }
    }
}

/// One kernel: descriptor, code and metadata.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KernelInfo {
    /// Kernel name (`.name` in the metadata; the descriptor symbol without `.kd`).
    pub name: String,
    /// Bytes of the kernel function: from the entry to the end of its `STT_FUNC`
    /// symbol (to the next function symbol or the end of the code section when
    /// the symbol is missing or has size 0).
    pub code: Vec<u8>,
    /// File offset of the entry (first byte of `code`), for error messages.
    pub code_offset: u64,
    /// Virtual address of the entry (as listed by `llvm-objdump -d`).
    pub code_address: u64,
    /// File offset of the kernel descriptor.
    pub kd_offset: u64,
    /// The decoded kernel descriptor.
    pub kd: KernelDescriptor,
    /// Kernel arguments from the metadata (`.args`), explicit and hidden, in
    /// order.
    pub args: Vec<KernArg>,
    /// `.kernarg_segment_size`: bytes of the kernarg segment (explicit + hidden).
    pub kernarg_segment_size: u32,
    /// `.kernarg_segment_align`.
    pub kernarg_segment_align: u32,
    /// `.group_segment_fixed_size`: static LDS bytes.
    pub group_segment_fixed_size: u32,
    /// `.private_segment_fixed_size`: static scratch bytes per work-item.
    pub private_segment_fixed_size: u32,
    /// `.wavefront_size` (64 on gfx942 unless compiled for wave32).
    pub wavefront_size: u32,
    /// `.sgpr_count` (includes VCC, FLAT_SCRATCH, XNACK_MASK when used).
    pub sgpr_count: u32,
    /// `.vgpr_count` (architected VGPRs).
    pub vgpr_count: u32,
    /// `.agpr_count` (accumulation VGPRs; 0 when absent).
    pub agpr_count: u32,
    /// `.max_flat_workgroup_size`.
    pub max_flat_workgroup_size: u32,
    /// `.uses_dynamic_stack` (false when absent).
    pub uses_dynamic_stack: bool,
    /// `.sgpr_spill_count` (0 when absent).
    pub sgpr_spill_count: u32,
    /// `.vgpr_spill_count` (0 when absent).
    pub vgpr_spill_count: u32,
}

impl KernelInfo {
    /// The kernarg-segment offset of the first hidden argument of `kind`, if the
    /// metadata lists one (COV5 places the hidden block after the explicit
    /// arguments; its base must be taken from here).
    pub fn hidden_arg_offset(&self, kind: &ArgKind) -> Option<u32> {
        self.args
            .iter()
            .find(|a| &a.value_kind == kind)
            .map(|a| a.offset)
    }

    /// The explicit (non-hidden) arguments.
    pub fn explicit_args(&self) -> impl Iterator<Item = &KernArg> {
        self.args.iter().filter(|a| !a.value_kind.is_hidden())
    }
}

/// The 64-byte kernel descriptor (`<kernel>.kd`, AMDGPUUsage "Code Object V3
/// Kernel Descriptor"; the same layout is used by v4-v6). Raw fields plus
/// decoding methods for the bit fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KernelDescriptor {
    /// Bytes 0..4: static LDS bytes.
    pub group_segment_fixed_size: u32,
    /// Bytes 4..8: static scratch bytes per work-item.
    pub private_segment_fixed_size: u32,
    /// Bytes 8..12: kernarg segment size.
    pub kernarg_size: u32,
    /// Bytes 16..24: entry address minus descriptor address.
    pub kernel_code_entry_byte_offset: i64,
    /// Bytes 44..48: COMPUTE_PGM_RSRC3 (GFX90A/GFX942 layout).
    pub compute_pgm_rsrc3: u32,
    /// Bytes 48..52: COMPUTE_PGM_RSRC1.
    pub compute_pgm_rsrc1: u32,
    /// Bytes 52..56: COMPUTE_PGM_RSRC2.
    pub compute_pgm_rsrc2: u32,
    /// Bytes 56..58: kernel code properties (user SGPR enables, wave32, ...).
    pub kernel_code_properties: u16,
    /// Bytes 58..60: kernarg preload (length [6:0], offset [15:7]).
    pub kernarg_preload: u16,
}

fn bits(v: u32, lo: u32, width: u32) -> u32 {
    (v >> lo) & ((1u32 << width) - 1)
}

impl KernelDescriptor {
    /// Decodes the 64 descriptor bytes (the caller guarantees the length).
    pub fn parse(b: &[u8; KERNEL_DESCRIPTOR_SIZE]) -> Self {
        let u32_at = |o: usize| u32::from_le_bytes([b[o], b[o + 1], b[o + 2], b[o + 3]]);
        let u16_at = |o: usize| u16::from_le_bytes([b[o], b[o + 1]]);
        let mut e = [0u8; 8];
        e.copy_from_slice(&b[16..24]);
        Self {
            group_segment_fixed_size: u32_at(0),
            private_segment_fixed_size: u32_at(4),
            kernarg_size: u32_at(8),
            kernel_code_entry_byte_offset: i64::from_le_bytes(e),
            compute_pgm_rsrc3: u32_at(44),
            compute_pgm_rsrc1: u32_at(48),
            compute_pgm_rsrc2: u32_at(52),
            kernel_code_properties: u16_at(56),
            kernarg_preload: u16_at(58),
        }
    }

    fn kcp(&self, bit: u32) -> bool {
        (self.kernel_code_properties >> bit) & 1 != 0
    }

    // ---- kernel_code_properties ----

    /// Bit 0: 4 user SGPRs hold the private segment buffer descriptor. Must be
    /// 0 on gfx942 (architected flat scratch); decoded anyway.
    pub fn enable_sgpr_private_segment_buffer(&self) -> bool {
        self.kcp(0)
    }
    /// Bit 1: 2 user SGPRs hold the dispatch packet address.
    pub fn enable_sgpr_dispatch_ptr(&self) -> bool {
        self.kcp(1)
    }
    /// Bit 2: 2 user SGPRs hold the queue address.
    pub fn enable_sgpr_queue_ptr(&self) -> bool {
        self.kcp(2)
    }
    /// Bit 3: 2 user SGPRs hold the kernarg segment address.
    pub fn enable_sgpr_kernarg_segment_ptr(&self) -> bool {
        self.kcp(3)
    }
    /// Bit 4: 2 user SGPRs hold the 64-bit dispatch id.
    pub fn enable_sgpr_dispatch_id(&self) -> bool {
        self.kcp(4)
    }
    /// Bit 5: 2 user SGPRs hold the flat scratch init value (not with
    /// architected flat scratch, i.e. 0 on gfx942).
    pub fn enable_sgpr_flat_scratch_init(&self) -> bool {
        self.kcp(5)
    }
    /// Bit 6: 1 user SGPR holds the private segment size.
    pub fn enable_sgpr_private_segment_size(&self) -> bool {
        self.kcp(6)
    }
    /// Bit 10: the kernel runs in wave32 (never on gfx942, which is wave64 only).
    pub fn enable_wavefront_size32(&self) -> bool {
        self.kcp(10)
    }
    /// Bit 11: the kernel uses a dynamically sized stack.
    pub fn uses_dynamic_stack(&self) -> bool {
        self.kcp(11)
    }
    /// Wave size implied by the descriptor: 32 or 64.
    pub fn wavefront_size(&self) -> u32 {
        if self.enable_wavefront_size32() {
            32
        } else {
            64
        }
    }

    // ---- kernarg preload ----

    /// Number of kernarg dwords preloaded into user SGPRs (bits [6:0]).
    pub fn kernarg_preload_length(&self) -> u32 {
        u32::from(self.kernarg_preload & 0x7f)
    }
    /// Dword offset in the kernarg segment of the first preloaded dword
    /// (bits [15:7]).
    pub fn kernarg_preload_offset(&self) -> u32 {
        u32::from(self.kernarg_preload >> 7)
    }

    // ---- COMPUTE_PGM_RSRC1 ----

    /// GRANULATED_WORKITEM_VGPR_COUNT, rsrc1 [5:0].
    pub fn granulated_workitem_vgpr_count(&self) -> u32 {
        bits(self.compute_pgm_rsrc1, 0, 6)
    }
    /// GRANULATED_WAVEFRONT_SGPR_COUNT, rsrc1 [9:6].
    pub fn granulated_wavefront_sgpr_count(&self) -> u32 {
        bits(self.compute_pgm_rsrc1, 6, 4)
    }
    /// VGPRs allocated per work-item (architected + accumulation; GFX90A/GFX942
    /// granule of 8): `(granules + 1) * 8`, an upper bound of the registers used.
    pub fn next_free_vgpr_bound(&self) -> u32 {
        (self.granulated_workitem_vgpr_count() + 1) * 8
    }
    /// SGPRs allocated per wave (GFX9 encodes `2 * (ceil(n / 16) - 1)`, i.e.
    /// granules of 8): `(granules + 1) * 8`, an upper bound of the SGPRs used
    /// (VCC, FLAT_SCRATCH, XNACK_MASK included).
    pub fn next_free_sgpr_bound(&self) -> u32 {
        (self.granulated_wavefront_sgpr_count() + 1) * 8
    }
    /// PRIORITY, rsrc1 [11:10].
    pub fn priority(&self) -> u32 {
        bits(self.compute_pgm_rsrc1, 10, 2)
    }
    /// FLOAT_ROUND_MODE_32, rsrc1 [13:12] (0 = round to nearest even).
    pub fn float_round_mode_32(&self) -> u32 {
        bits(self.compute_pgm_rsrc1, 12, 2)
    }
    /// FLOAT_ROUND_MODE_16_64, rsrc1 [15:14].
    pub fn float_round_mode_16_64(&self) -> u32 {
        bits(self.compute_pgm_rsrc1, 14, 2)
    }
    /// FLOAT_DENORM_MODE_32, rsrc1 [17:16] (3 = keep input and output denormals).
    pub fn float_denorm_mode_32(&self) -> u32 {
        bits(self.compute_pgm_rsrc1, 16, 2)
    }
    /// FLOAT_DENORM_MODE_16_64, rsrc1 [19:18].
    pub fn float_denorm_mode_16_64(&self) -> u32 {
        bits(self.compute_pgm_rsrc1, 18, 2)
    }
    /// ENABLE_DX10_CLAMP, rsrc1 bit 21.
    pub fn enable_dx10_clamp(&self) -> bool {
        bits(self.compute_pgm_rsrc1, 21, 1) != 0
    }
    /// ENABLE_IEEE_MODE, rsrc1 bit 23.
    pub fn enable_ieee_mode(&self) -> bool {
        bits(self.compute_pgm_rsrc1, 23, 1) != 0
    }
    /// FP16_OVFL, rsrc1 bit 26.
    pub fn fp16_overflow(&self) -> bool {
        bits(self.compute_pgm_rsrc1, 26, 1) != 0
    }

    // ---- COMPUTE_PGM_RSRC2 ----

    /// ENABLE_PRIVATE_SEGMENT, rsrc2 bit 0. With architected flat scratch
    /// (gfx942) this enables the FLAT_SCRATCH setup, not a wave-offset SGPR.
    pub fn enable_private_segment(&self) -> bool {
        bits(self.compute_pgm_rsrc2, 0, 1) != 0
    }
    /// USER_SGPR_COUNT, rsrc2 [5:1]: the number of user SGPRs; system SGPRs
    /// start right after them.
    pub fn user_sgpr_count(&self) -> u32 {
        bits(self.compute_pgm_rsrc2, 1, 5)
    }
    /// ENABLE_TRAP_HANDLER, rsrc2 bit 6.
    pub fn enable_trap_handler(&self) -> bool {
        bits(self.compute_pgm_rsrc2, 6, 1) != 0
    }
    /// ENABLE_SGPR_WORKGROUP_ID_X, rsrc2 bit 7.
    pub fn enable_sgpr_workgroup_id_x(&self) -> bool {
        bits(self.compute_pgm_rsrc2, 7, 1) != 0
    }
    /// ENABLE_SGPR_WORKGROUP_ID_Y, rsrc2 bit 8.
    pub fn enable_sgpr_workgroup_id_y(&self) -> bool {
        bits(self.compute_pgm_rsrc2, 8, 1) != 0
    }
    /// ENABLE_SGPR_WORKGROUP_ID_Z, rsrc2 bit 9.
    pub fn enable_sgpr_workgroup_id_z(&self) -> bool {
        bits(self.compute_pgm_rsrc2, 9, 1) != 0
    }
    /// ENABLE_SGPR_WORKGROUP_INFO, rsrc2 bit 10.
    pub fn enable_sgpr_workgroup_info(&self) -> bool {
        bits(self.compute_pgm_rsrc2, 10, 1) != 0
    }
    /// ENABLE_VGPR_WORKITEM_ID, rsrc2 [12:11]: 0 = X, 1 = X and Y, 2 = X, Y and
    /// Z (3 is reserved). On gfx942 the IDs are packed into v0 regardless.
    pub fn enable_vgpr_workitem_id(&self) -> u32 {
        bits(self.compute_pgm_rsrc2, 11, 2)
    }
    /// GRANULATED_LDS_SIZE, rsrc2 [23:15] (0 for HSA: the CP sets it from the
    /// dispatch packet).
    pub fn granulated_lds_size(&self) -> u32 {
        bits(self.compute_pgm_rsrc2, 15, 9)
    }
    /// Floating-point exception enables, rsrc2 [30:24] (and integer divide by zero
    /// at bit 30).
    pub fn exception_enables(&self) -> u32 {
        bits(self.compute_pgm_rsrc2, 24, 7)
    }

    // ---- COMPUTE_PGM_RSRC3 (GFX90A / GFX942) ----

    /// ACCUM_OFFSET: first AGPR's index in the unified VGPR file,
    /// `(rsrc3[5:0] + 1) * 4`.
    pub fn accum_offset(&self) -> u32 {
        (bits(self.compute_pgm_rsrc3, 0, 6) + 1) * 4
    }
    /// TG_SPLIT, rsrc3 bit 16: waves of a workgroup may run on different CUs.
    pub fn tg_split(&self) -> bool {
        bits(self.compute_pgm_rsrc3, 16, 1) != 0
    }

    /// Where the hardware places each value in the initial SGPRs (AMDGPUUsage
    /// "Initial Kernel Execution State", with gfx942's architected flat
    /// scratch: no private segment wave offset SGPR).
    pub fn sgpr_layout(&self) -> SgprLayout {
        let mut next = 0u32;
        let mut take = |on: bool, n: u32| {
            on.then(|| {
                let s = next;
                next += n;
                s
            })
        };
        let private_segment_buffer = take(self.enable_sgpr_private_segment_buffer(), 4);
        let dispatch_ptr = take(self.enable_sgpr_dispatch_ptr(), 2);
        let queue_ptr = take(self.enable_sgpr_queue_ptr(), 2);
        let kernarg_segment_ptr = take(self.enable_sgpr_kernarg_segment_ptr(), 2);
        let dispatch_id = take(self.enable_sgpr_dispatch_id(), 2);
        let flat_scratch_init = take(self.enable_sgpr_flat_scratch_init(), 2);
        let n = self.kernarg_preload_length();
        let preloaded_kernargs = take(n > 0, n).map(|s| (s, n));
        let private_segment_size = take(self.enable_sgpr_private_segment_size(), 1);
        let user_sgprs_used = next;
        // System SGPRs follow USER_SGPR_COUNT, which may exceed the enabled
        // user SGPRs (LLVM reserves the preload area even when unused).
        let mut sys = self.user_sgpr_count().max(user_sgprs_used);
        let mut sys_take = |on: bool| {
            on.then(|| {
                let s = sys;
                sys += 1;
                s
            })
        };
        let workgroup_id_x = sys_take(self.enable_sgpr_workgroup_id_x());
        let workgroup_id_y = sys_take(self.enable_sgpr_workgroup_id_y());
        let workgroup_id_z = sys_take(self.enable_sgpr_workgroup_id_z());
        let workgroup_info = sys_take(self.enable_sgpr_workgroup_info());
        SgprLayout {
            private_segment_buffer,
            dispatch_ptr,
            queue_ptr,
            kernarg_segment_ptr,
            dispatch_id,
            flat_scratch_init,
            preloaded_kernargs,
            private_segment_size,
            user_sgprs_used,
            workgroup_id_x,
            workgroup_id_y,
            workgroup_id_z,
            workgroup_info,
            total: sys,
        }
    }
}

/// First SGPR of each initial value that the descriptor enables (`None` when
/// disabled). User SGPRs are packed from s0 in AMDGPUUsage order; system SGPRs
/// start at [`KernelDescriptor::user_sgpr_count`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SgprLayout {
    /// 4 SGPRs: private segment buffer V#.
    pub private_segment_buffer: Option<u32>,
    /// 2 SGPRs: address of the AQL dispatch packet.
    pub dispatch_ptr: Option<u32>,
    /// 2 SGPRs: address of the AQL queue.
    pub queue_ptr: Option<u32>,
    /// 2 SGPRs: address of the kernarg segment.
    pub kernarg_segment_ptr: Option<u32>,
    /// 2 SGPRs: 64-bit dispatch id.
    pub dispatch_id: Option<u32>,
    /// 2 SGPRs: flat scratch init.
    pub flat_scratch_init: Option<u32>,
    /// (first SGPR, dword count) of the preloaded kernargs.
    pub preloaded_kernargs: Option<(u32, u32)>,
    /// 1 SGPR: private segment size.
    pub private_segment_size: Option<u32>,
    /// User SGPRs the enables above account for.
    pub user_sgprs_used: u32,
    /// 1 SGPR: workgroup id X.
    pub workgroup_id_x: Option<u32>,
    /// 1 SGPR: workgroup id Y.
    pub workgroup_id_y: Option<u32>,
    /// 1 SGPR: workgroup id Z.
    pub workgroup_id_z: Option<u32>,
    /// 1 SGPR: workgroup info.
    pub workgroup_info: Option<u32>,
    /// Number of SGPRs the hardware initialises (user + system).
    pub total: u32,
}

/// One kernel argument (an entry of the metadata's `.args`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KernArg {
    /// `.name` (source name), when present.
    pub name: Option<String>,
    /// `.type_name` (source type), when present.
    pub type_name: Option<String>,
    /// `.offset` in the kernarg segment.
    pub offset: u32,
    /// `.size` in bytes.
    pub size: u32,
    /// `.value_kind`.
    pub value_kind: ArgKind,
    /// `.address_space` (`global`, `local`, `constant`, ...) for pointers.
    pub address_space: Option<String>,
    /// `.access` (`read_only`, `write_only`, `read_write`), when present.
    pub access: Option<String>,
    /// `.actual_access`, when present.
    pub actual_access: Option<String>,
    /// `.pointee_align` (dynamic shared pointers), when present.
    pub pointee_align: Option<u32>,
    /// `.is_const`.
    pub is_const: bool,
    /// `.is_restrict`.
    pub is_restrict: bool,
    /// `.is_volatile`.
    pub is_volatile: bool,
}

/// `.value_kind` of a kernel argument (AMDGPUUsage "AMDHSA Code Object V3-V5
/// Kernel Argument Metadata Map").
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum ArgKind {
    ByValue,
    GlobalBuffer,
    DynamicSharedPointer,
    Image,
    Sampler,
    Pipe,
    Queue,
    HiddenGlobalOffsetX,
    HiddenGlobalOffsetY,
    HiddenGlobalOffsetZ,
    HiddenNone,
    HiddenPrintfBuffer,
    HiddenHostcallBuffer,
    HiddenDefaultQueue,
    HiddenCompletionAction,
    HiddenMultigridSyncArg,
    HiddenBlockCountX,
    HiddenBlockCountY,
    HiddenBlockCountZ,
    HiddenGroupSizeX,
    HiddenGroupSizeY,
    HiddenGroupSizeZ,
    HiddenRemainderX,
    HiddenRemainderY,
    HiddenRemainderZ,
    HiddenGridDims,
    HiddenHeapV1,
    HiddenDynamicLdsSize,
    HiddenPrivateBase,
    HiddenSharedBase,
    HiddenQueuePtr,
    /// A kind this loader does not know (kept verbatim).
    Other(String),
}

const ARG_KINDS: &[(&str, ArgKind)] = &[
    ("by_value", ArgKind::ByValue),
    ("global_buffer", ArgKind::GlobalBuffer),
    ("dynamic_shared_pointer", ArgKind::DynamicSharedPointer),
    ("image", ArgKind::Image),
    ("sampler", ArgKind::Sampler),
    ("pipe", ArgKind::Pipe),
    ("queue", ArgKind::Queue),
    ("hidden_global_offset_x", ArgKind::HiddenGlobalOffsetX),
    ("hidden_global_offset_y", ArgKind::HiddenGlobalOffsetY),
    ("hidden_global_offset_z", ArgKind::HiddenGlobalOffsetZ),
    ("hidden_none", ArgKind::HiddenNone),
    ("hidden_printf_buffer", ArgKind::HiddenPrintfBuffer),
    ("hidden_hostcall_buffer", ArgKind::HiddenHostcallBuffer),
    ("hidden_default_queue", ArgKind::HiddenDefaultQueue),
    ("hidden_completion_action", ArgKind::HiddenCompletionAction),
    ("hidden_multigrid_sync_arg", ArgKind::HiddenMultigridSyncArg),
    ("hidden_block_count_x", ArgKind::HiddenBlockCountX),
    ("hidden_block_count_y", ArgKind::HiddenBlockCountY),
    ("hidden_block_count_z", ArgKind::HiddenBlockCountZ),
    ("hidden_group_size_x", ArgKind::HiddenGroupSizeX),
    ("hidden_group_size_y", ArgKind::HiddenGroupSizeY),
    ("hidden_group_size_z", ArgKind::HiddenGroupSizeZ),
    ("hidden_remainder_x", ArgKind::HiddenRemainderX),
    ("hidden_remainder_y", ArgKind::HiddenRemainderY),
    ("hidden_remainder_z", ArgKind::HiddenRemainderZ),
    ("hidden_grid_dims", ArgKind::HiddenGridDims),
    ("hidden_heap_v1", ArgKind::HiddenHeapV1),
    ("hidden_dynamic_lds_size", ArgKind::HiddenDynamicLdsSize),
    ("hidden_private_base", ArgKind::HiddenPrivateBase),
    ("hidden_shared_base", ArgKind::HiddenSharedBase),
    ("hidden_queue_ptr", ArgKind::HiddenQueuePtr),
];

impl ArgKind {
    /// Parses a metadata `.value_kind` string; unknown kinds become
    /// [`ArgKind::Other`].
    pub fn from_metadata(s: &str) -> Self {
        ARG_KINDS
            .iter()
            .find(|(n, _)| *n == s)
            .map(|(_, k)| k.clone())
            .unwrap_or_else(|| ArgKind::Other(s.to_string()))
    }

    /// The metadata spelling (`global_buffer`, `hidden_block_count_x`, ...).
    pub fn as_str(&self) -> &str {
        match self {
            ArgKind::Other(s) => s,
            k => ARG_KINDS
                .iter()
                .find(|(_, x)| x == k)
                .map(|(n, _)| *n)
                .unwrap_or(""),
        }
    }

    /// True for the implicit arguments the runtime fills (`hidden_*`).
    pub fn is_hidden(&self) -> bool {
        self.as_str().starts_with("hidden_")
    }
}

/// Why a code object could not be loaded. Every variant names where: a file
/// offset, a section (by name and header offset) or a symbol.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CodeObjectError {
    /// The ELF structure itself is broken (header, section table, string or
    /// symbol table, note layout).
    #[error("broken ELF at file offset {offset:#x}: {what}")]
    BadElf {
        /// File offset of the structure that failed to parse.
        offset: u64,
        /// What is wrong.
        what: String,
    },
    /// `e_machine` is not EM_AMDGPU.
    #[error("e_machine {machine} at file offset 0x12 is not EM_AMDGPU (224)")]
    NotAmdgpu {
        /// The `e_machine` value found.
        machine: u16,
    },
    /// Not an HSA code object of a supported version.
    #[error("EI_OSABI {os_abi} / EI_ABIVERSION {abi_version} at file offset 0x7: not an HSA code object v4-v6 (OSABI 64, ABI version 2-4)")]
    UnsupportedAbi {
        /// `EI_OSABI`.
        os_abi: u8,
        /// `EI_ABIVERSION`.
        abi_version: u8,
    },
    /// The processor in `e_flags` is not gfx942.
    #[error("e_flags {flags:#x} at file offset 0x30: processor {name} (EF_AMDGPU_MACH {mach:#x}), expected gfx942 (0x4c)")]
    WrongMach {
        /// Whole `e_flags`.
        flags: u32,
        /// `e_flags & 0xff`.
        mach: u32,
        /// Processor name when known, else `unknown`.
        name: String,
    },
    /// No `NT_AMDGPU_METADATA` note in any SHT_NOTE section.
    #[error("no NT_AMDGPU_METADATA note (owner AMDGPU, type 32) in any SHT_NOTE section")]
    NoMetadata,
    /// The metadata note is not valid msgpack or lacks a required field.
    #[error("metadata note at file offset {offset:#x}: {what}")]
    BadMetadata {
        /// File offset of the note's descriptor (the msgpack bytes).
        offset: u64,
        /// What is wrong (with the metadata path, e.g. `amdhsa.kernels[0].args[2].offset`).
        what: String,
    },
    /// A kernel in the metadata has no descriptor symbol.
    #[error("kernel {kernel}: descriptor symbol {symbol} not found in the symbol table")]
    MissingKd {
        /// Kernel name.
        kernel: String,
        /// The `.symbol` the metadata names.
        symbol: String,
    },
    /// A descriptor symbol points outside its section or the file.
    #[error("kernel descriptor {symbol} (address {address:#x}) is out of bounds of section {section} (header at file offset {section_header:#x})")]
    DescriptorOutOfBounds {
        /// Descriptor symbol name.
        symbol: String,
        /// Symbol value.
        address: u64,
        /// Section name (or `#index`).
        section: String,
        /// File offset of that section's header.
        section_header: u64,
    },
    /// The descriptor's entry offset leads outside every executable section.
    #[error("kernel {kernel}: entry address {entry:#x} (descriptor at file offset {kd_offset:#x}, kernel_code_entry_byte_offset {entry_offset}) is outside .text")]
    EntryOutsideText {
        /// Kernel name.
        kernel: String,
        /// Computed entry address (wrapping).
        entry: u64,
        /// The descriptor's entry offset.
        entry_offset: i64,
        /// File offset of the descriptor.
        kd_offset: u64,
    },
    /// The function symbol at the entry extends past its section or the file.
    #[error("kernel {kernel}: code at file offset {offset:#x} ({size} bytes, symbol {symbol}) runs past the end of section {section}")]
    CodeOutOfBounds {
        /// Kernel name.
        kernel: String,
        /// Function symbol name (or `<none>`).
        symbol: String,
        /// File offset of the entry.
        offset: u64,
        /// Size claimed.
        size: u64,
        /// Section name.
        section: String,
    },
}

fn bad(offset: u64, what: impl Into<String>) -> CodeObjectError {
    CodeObjectError::BadElf {
        offset,
        what: what.into(),
    }
}

/// Processor names of the `EF_AMDGPU_MACH` values likely to be met instead of
/// gfx942 (for the error message).
fn mach_name(mach: u32) -> &'static str {
    match mach {
        0x02c => "gfx900",
        0x02f => "gfx906",
        0x030 => "gfx908",
        0x03f => "gfx90a",
        0x040 => "gfx940",
        0x04b => "gfx941",
        0x04c => "gfx942",
        0x04f => "gfx950",
        0x033 => "gfx1030",
        0x041 => "gfx1100",
        0x048 => "gfx1200",
        0x04e => "gfx1201",
        0x049 => "gfx1250",
        0x052 => "gfx9-4-generic",
        _ => "unknown",
    }
}

/// Section facts the loader needs, with the header's file offset for errors.
struct Sec {
    name: String,
    header_offset: u64,
    sh_type: u32,
    flags: u64,
    addr: u64,
    offset: u64,
    size: u64,
}

impl Sec {
    /// File offset of virtual address `addr..addr+len` when it lies inside this
    /// section's file bytes.
    fn file_range(&self, addr: u64, len: u64, file_len: u64) -> Option<u64> {
        if self.sh_type == SHT_NOBITS {
            return None;
        }
        let rel = addr.checked_sub(self.addr)?;
        let end = rel.checked_add(len)?;
        if end > self.size {
            return None;
        }
        let off = self.offset.checked_add(rel)?;
        (off.checked_add(len)? <= file_len).then_some(off)
    }
}

/// A symbol reduced to what the loader uses.
struct SymInfo {
    name: String,
    value: u64,
    size: u64,
    kind: u8,
    shndx: Option<usize>,
}

/// Parses a gfx942 HSA code object. See the module documentation. The input
/// needs no particular alignment (`object` 0.40 reads ELF fields bytewise).
pub fn load(data: &[u8]) -> Result<CodeObject, CodeObjectError> {
    let e = LE;
    let file_len = data.len() as u64;
    if !data.starts_with(b"\x7fELF") {
        return Err(bad(0, "no ELF magic"));
    }
    if data.get(4) != Some(&2) {
        return Err(bad(4, "not ELFCLASS64"));
    }
    if data.get(5) != Some(&1) {
        return Err(bad(5, "not little-endian (ELFDATA2LSB)"));
    }
    let hdr =
        object::elf::FileHeader64::<LE>::parse(data).map_err(|err| bad(0, err.to_string()))?;
    let os_abi = hdr.e_ident.os_abi.0;
    let elf_abi = hdr.e_ident.abi_version;
    let machine = hdr.e_machine(e).0;
    if machine != EM_AMDGPU {
        return Err(CodeObjectError::NotAmdgpu { machine });
    }
    if os_abi != ELFOSABI_AMDGPU_HSA || !(2..=4).contains(&elf_abi) {
        return Err(CodeObjectError::UnsupportedAbi {
            os_abi,
            abi_version: elf_abi,
        });
    }
    let flags = hdr.e_flags(e).0;
    let mach = flags & 0xff;
    if mach != EF_AMDGPU_MACH_GFX942 {
        return Err(CodeObjectError::WrongMach {
            flags,
            mach,
            name: mach_name(mach).to_string(),
        });
    }

    // Sections, with names resolved up front so later errors can name them.
    let shoff = hdr.e_shoff(e);
    let table = hdr
        .sections(e, data)
        .map_err(|err| bad(shoff, err.to_string()))?;
    let mut secs = Vec::with_capacity(table.len());
    for (i, sh) in table.iter().enumerate() {
        let header_offset = shoff.saturating_add((i as u64).saturating_mul(SHDR_SIZE));
        let name = match table.section_name(e, sh) {
            Ok(n) => String::from_utf8_lossy(n).into_owned(),
            Err(_) => format!("#{i}"),
        };
        secs.push(Sec {
            name,
            header_offset,
            sh_type: sh.sh_type(e).0,
            flags: sh.sh_flags(e).0,
            addr: sh.sh_addr(e),
            offset: sh.sh_offset(e),
            size: sh.sh_size(e),
        });
    }

    // Symbols: the full table when present, else the dynamic one (a stripped
    // code object still has `.dynsym` with the kernels and descriptors).
    let sym_type = if secs.iter().any(|s| s.sh_type == SHT_SYMTAB) {
        SHT_SYMTAB
    } else {
        SHT_DYNSYM
    };
    let symtab_hdr = secs
        .iter()
        .find(|s| s.sh_type == sym_type)
        .map_or(shoff, |s| s.header_offset);
    let symtab = table
        .symbols(e, data, object::elf::SectionType(sym_type))
        .map_err(|err| bad(symtab_hdr, err.to_string()))?;
    let mut syms = Vec::with_capacity(symtab.len());
    for sym in symtab.iter() {
        let name = symtab
            .symbol_name(e, sym)
            .map_err(|err| bad(symtab_hdr, format!("symbol name: {err}")))?;
        syms.push(SymInfo {
            name: String::from_utf8_lossy(name).into_owned(),
            value: sym.st_value(e),
            size: sym.st_size(e),
            kind: sym.st_type().0,
            shndx: sym.st_shndx(e).index().map(usize::from),
        });
    }

    // The metadata note.
    let (meta, meta_offset) = find_metadata(&table, &secs, data)?;
    let mbad = |what: String| CodeObjectError::BadMetadata {
        offset: meta_offset,
        what,
    };
    let mut rd = meta;
    let root = rmpv::decode::read_value(&mut rd).map_err(|err| mbad(format!("msgpack: {err}")))?;
    let top = as_map(&root).ok_or_else(|| mbad("top level is not a map".into()))?;
    let target = match get(top, "amdhsa.target") {
        Some(v) => v
            .as_str()
            .ok_or_else(|| mbad("amdhsa.target is not a string".into()))?
            .to_string(),
        None => String::new(),
    };
    let metadata_version = match get(top, "amdhsa.version") {
        Some(Value::Array(v)) if v.len() == 2 => {
            let n = |i: usize| v[i].as_u64().and_then(|x| u32::try_from(x).ok());
            match (n(0), n(1)) {
                (Some(a), Some(b)) => (a, b),
                _ => return Err(mbad("amdhsa.version is not two integers".into())),
            }
        }
        Some(_) => return Err(mbad("amdhsa.version is not two integers".into())),
        None => return Err(mbad("amdhsa.version missing".into())),
    };
    let kernels_v = match get(top, "amdhsa.kernels") {
        Some(Value::Array(v)) => v,
        Some(_) => return Err(mbad("amdhsa.kernels is not an array".into())),
        None => return Err(mbad("amdhsa.kernels missing".into())),
    };

    let mut kernels = Vec::with_capacity(kernels_v.len());
    for (ki, kv) in kernels_v.iter().enumerate() {
        let path = format!("amdhsa.kernels[{ki}]");
        let km = as_map(kv).ok_or_else(|| mbad(format!("{path} is not a map")))?;
        let m = Meta {
            map: km,
            path: &path,
            offset: meta_offset,
        };
        let name = m.str_req(".name")?;
        let symbol = m.str_req(".symbol")?;
        let mut args = Vec::new();
        if let Some(av) = get(km, ".args") {
            let arr = match av {
                Value::Array(a) => a,
                _ => return Err(mbad(format!("{path}.args is not an array"))),
            };
            for (ai, a) in arr.iter().enumerate() {
                let apath = format!("{path}.args[{ai}]");
                let am = as_map(a).ok_or_else(|| mbad(format!("{apath} is not a map")))?;
                let m = Meta {
                    map: am,
                    path: &apath,
                    offset: meta_offset,
                };
                args.push(KernArg {
                    name: m.str_opt(".name")?,
                    type_name: m.str_opt(".type_name")?,
                    offset: m.u32_req(".offset")?,
                    size: m.u32_req(".size")?,
                    value_kind: ArgKind::from_metadata(&m.str_req(".value_kind")?),
                    address_space: m.str_opt(".address_space")?,
                    access: m.str_opt(".access")?,
                    actual_access: m.str_opt(".actual_access")?,
                    pointee_align: m.u32_opt(".pointee_align")?,
                    is_const: m.bool_opt(".is_const")?.unwrap_or(false),
                    is_restrict: m.bool_opt(".is_restrict")?.unwrap_or(false),
                    is_volatile: m.bool_opt(".is_volatile")?.unwrap_or(false),
                });
            }
        }

        // Descriptor.
        let kd_sym = syms
            .iter()
            .find(|s| s.name == symbol && s.shndx.is_some())
            .ok_or_else(|| CodeObjectError::MissingKd {
                kernel: name.clone(),
                symbol: symbol.clone(),
            })?;
        let kd_sec_idx = kd_sym.shndx.unwrap_or(0);
        let oob = || {
            let (section, section_header) = secs
                .get(kd_sec_idx)
                .map_or((format!("#{kd_sec_idx}"), shoff), |s| {
                    (s.name.clone(), s.header_offset)
                });
            CodeObjectError::DescriptorOutOfBounds {
                symbol: symbol.clone(),
                address: kd_sym.value,
                section,
                section_header,
            }
        };
        let kd_sec = secs.get(kd_sec_idx).ok_or_else(oob)?;
        let kd_offset = kd_sec
            .file_range(kd_sym.value, KERNEL_DESCRIPTOR_SIZE as u64, file_len)
            .ok_or_else(oob)?;
        let mut raw = [0u8; KERNEL_DESCRIPTOR_SIZE];
        raw.copy_from_slice(&data[kd_offset as usize..kd_offset as usize + KERNEL_DESCRIPTOR_SIZE]);
        let kd = KernelDescriptor::parse(&raw);

        // Entry and code.
        let entry = kd_sym
            .value
            .wrapping_add(kd.kernel_code_entry_byte_offset as u64);
        let outside = || CodeObjectError::EntryOutsideText {
            kernel: name.clone(),
            entry,
            entry_offset: kd.kernel_code_entry_byte_offset,
            kd_offset,
        };
        let (text_idx, text) = secs
            .iter()
            .enumerate()
            .find(|(_, s)| {
                s.flags & SHF_EXECINSTR != 0
                    && s.sh_type != SHT_NOBITS
                    && entry >= s.addr
                    && entry - s.addr < s.size
            })
            .ok_or_else(outside)?;
        let text_end = text.addr.saturating_add(text.size);
        let func = syms
            .iter()
            .find(|s| s.kind == STT_FUNC && s.shndx == Some(text_idx) && s.value == entry);
        let size = match func {
            Some(f) if f.size > 0 => f.size,
            _ => {
                // No sized function symbol: run to the next function symbol in
                // the section, or to the section's end.
                let next = syms
                    .iter()
                    .filter(|s| s.kind == STT_FUNC && s.shndx == Some(text_idx) && s.value > entry)
                    .map(|s| s.value)
                    .min()
                    .unwrap_or(text_end);
                next.min(text_end) - entry
            }
        };
        let code_offset = text.file_range(entry, size, file_len).ok_or_else(|| {
            CodeObjectError::CodeOutOfBounds {
                kernel: name.clone(),
                symbol: func.map_or("<none>".to_string(), |f| f.name.clone()),
                offset: text.offset.saturating_add(entry - text.addr),
                size,
                section: text.name.clone(),
            }
        })?;
        let code = data[code_offset as usize..(code_offset + size) as usize].to_vec();

        kernels.push(KernelInfo {
            name,
            code,
            code_offset,
            code_address: entry,
            kd_offset,
            kd,
            args,
            kernarg_segment_size: m.u32_req(".kernarg_segment_size")?,
            kernarg_segment_align: m.u32_req(".kernarg_segment_align")?,
            group_segment_fixed_size: m.u32_req(".group_segment_fixed_size")?,
            private_segment_fixed_size: m.u32_req(".private_segment_fixed_size")?,
            wavefront_size: m.u32_req(".wavefront_size")?,
            sgpr_count: m.u32_req(".sgpr_count")?,
            vgpr_count: m.u32_req(".vgpr_count")?,
            agpr_count: m.u32_opt(".agpr_count")?.unwrap_or(0),
            max_flat_workgroup_size: m.u32_req(".max_flat_workgroup_size")?,
            uses_dynamic_stack: m.bool_opt(".uses_dynamic_stack")?.unwrap_or(false),
            sgpr_spill_count: m.u32_opt(".sgpr_spill_count")?.unwrap_or(0),
            vgpr_spill_count: m.u32_opt(".vgpr_spill_count")?.unwrap_or(0),
        });
    }

    Ok(CodeObject {
        kernels,
        mach: "gfx942".to_string(),
        abi_version: elf_abi + 2,
        xnack: FeatureSetting::from_bits(flags >> 8),
        sramecc: FeatureSetting::from_bits(flags >> 10),
        target,
        metadata_version,
    })
}

/// The msgpack bytes of the first `NT_AMDGPU_METADATA` note and their file
/// offset.
fn find_metadata<'d>(
    table: &object::read::elf::SectionTable<'d, object::elf::FileHeader64<LE>, &'d [u8]>,
    secs: &[Sec],
    data: &'d [u8],
) -> Result<(&'d [u8], u64), CodeObjectError> {
    let e = LE;
    for (i, sh) in table.iter().enumerate() {
        let s = &secs[i];
        if s.sh_type != SHT_NOTE {
            continue;
        }
        let body = sh
            .data(e, data)
            .map_err(|err| bad(s.header_offset, format!("section {}: {err}", s.name)))?;
        let mut notes =
            NoteIterator::<object::elf::FileHeader64<LE>>::new(e, sh.sh_addralign(e), body)
                .map_err(|err| bad(s.header_offset, format!("section {}: {err}", s.name)))?;
        loop {
            let note = match notes.next() {
                Ok(Some(n)) => n,
                Ok(None) => break,
                Err(err) => {
                    return Err(bad(s.offset, format!("note in section {}: {err}", s.name)))
                }
            };
            if note.name() == b"AMDGPU" && note.n_type(e).0 == NT_AMDGPU_METADATA {
                let desc = note.desc();
                // The descriptor is a sub-slice of `data`: its file offset is
                // the pointer distance.
                let off = (desc.as_ptr() as usize).wrapping_sub(data.as_ptr() as usize) as u64;
                return Ok((desc, off));
            }
        }
    }
    Err(CodeObjectError::NoMetadata)
}

fn as_map(v: &Value) -> Option<&[(Value, Value)]> {
    match v {
        Value::Map(m) => Some(m),
        _ => None,
    }
}

fn get<'a>(m: &'a [(Value, Value)], key: &str) -> Option<&'a Value> {
    m.iter()
        .find(|(k, _)| k.as_str() == Some(key))
        .map(|(_, v)| v)
}

/// Typed access to one metadata map, with its path for error messages.
struct Meta<'a> {
    map: &'a [(Value, Value)],
    path: &'a str,
    offset: u64,
}

impl Meta<'_> {
    fn err(&self, key: &str, what: &str) -> CodeObjectError {
        CodeObjectError::BadMetadata {
            offset: self.offset,
            what: format!("{}{key} {what}", self.path),
        }
    }
    fn str_opt(&self, key: &str) -> Result<Option<String>, CodeObjectError> {
        match get(self.map, key) {
            None => Ok(None),
            Some(v) => v
                .as_str()
                .map(|s| Some(s.to_string()))
                .ok_or_else(|| self.err(key, "is not a UTF-8 string")),
        }
    }
    fn str_req(&self, key: &str) -> Result<String, CodeObjectError> {
        self.str_opt(key)?
            .ok_or_else(|| self.err(key, "is missing"))
    }
    fn u32_opt(&self, key: &str) -> Result<Option<u32>, CodeObjectError> {
        match get(self.map, key) {
            None => Ok(None),
            Some(v) => v
                .as_u64()
                .and_then(|x| u32::try_from(x).ok())
                .map(Some)
                .ok_or_else(|| self.err(key, "is not an unsigned 32-bit integer")),
        }
    }
    fn u32_req(&self, key: &str) -> Result<u32, CodeObjectError> {
        self.u32_opt(key)?
            .ok_or_else(|| self.err(key, "is missing"))
    }
    fn bool_opt(&self, key: &str) -> Result<Option<bool>, CodeObjectError> {
        match get(self.map, key) {
            None => Ok(None),
            Some(v) => v
                .as_bool()
                .map(Some)
                .ok_or_else(|| self.err(key, "is not a boolean")),
        }
    }
}
