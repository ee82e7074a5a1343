//! The launch ABI of lifted gfx942 kernels: the kernarg segment (explicit
//! arguments + code object v5 hidden arguments), the 64-byte AQL kernel
//! dispatch packet, the IR parameter block, and [`EntryAbi`] from the kernel
//! descriptor's raw words.
//!
//! The launcher allocates the kernarg segment and the dispatch packet in guest
//! memory, writes these bytes there, and passes their addresses in the IR
//! parameter block ([`param_block`], order [`super::ENTRY_PARAMS`]).

use super::EntryAbi;

/// Launch geometry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Geometry {
    /// Workgroups per dimension.
    pub grid: [u32; 3],
    /// Work-items per workgroup per dimension.
    pub block: [u32; 3],
    /// Dynamic LDS bytes.
    pub dyn_lds: u32,
}

impl Geometry {
    /// Number of dimensions (HSA `setup` / hidden `grid_dims`): 3 if z > 1,
    /// else 2 if y > 1, else 1.
    pub fn dims(&self) -> u16 {
        if self.grid[2] * self.block[2] > 1 {
            3
        } else if self.grid[1] * self.block[1] > 1 {
            2
        } else {
            1
        }
    }
}

/// What a kernarg slot holds (metadata `.value_kind`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SlotKind {
    /// The `n`-th explicit argument's bytes.
    Explicit(usize),
    /// `hidden_block_count_{x,y,z}` (u32).
    BlockCount(usize),
    /// `hidden_group_size_{x,y,z}` (u16).
    GroupSize(usize),
    /// `hidden_remainder_{x,y,z}` (u16): work-items in the partial last
    /// workgroup (0: none; xisa grids are whole workgroups).
    Remainder(usize),
    /// `hidden_global_offset_{x,y,z}` (u64): 0.
    GlobalOffset(usize),
    /// `hidden_grid_dims` (u16).
    GridDims,
    /// `hidden_dynamic_lds_size` (u32).
    DynamicLdsSize,
    /// `hidden_shared_base`: the LDS aperture (its high dword in a 4-byte slot).
    SharedBase,
    /// `hidden_private_base`: the scratch aperture.
    PrivateBase,
    /// Any other hidden argument (the printf buffer, heap, queue pointers,
    /// ...): zero bytes. The hostcall buffer's address is written by the
    /// binder, which places the buffer.
    Zero,
}

/// One argument slot of the kernarg segment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slot {
    pub offset: u32,
    pub size: u32,
    pub kind: SlotKind,
}

/// Why a kernarg segment cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AbiError {
    #[error("kernarg slot at {offset} (+{size}) is outside the {total}-byte segment")]
    SlotOutside { offset: u32, size: u32, total: u32 },
    #[error("explicit argument {index} is missing")]
    MissingArg { index: usize },
    #[error("explicit argument {index} has {got} bytes, its slot {want}")]
    ArgSize { index: usize, got: usize, want: u32 },
}

/// Builds the kernarg segment (`size` bytes): explicit arguments at their slots
/// and the hidden arguments from `geo`.
pub fn kernarg_segment(
    size: u32,
    slots: &[Slot],
    explicit: &[Vec<u8>],
    geo: &Geometry,
) -> Result<Vec<u8>, AbiError> {
    let mut seg = vec![0u8; size as usize];
    for s in slots {
        let end = s.offset as u64 + s.size as u64;
        if end > size as u64 {
            return Err(AbiError::SlotOutside {
                offset: s.offset,
                size: s.size,
                total: size,
            });
        }
        let at = s.offset as usize;
        let mut put = |v: u64, n: usize| {
            let n = n.min(s.size as usize);
            seg[at..at + n].copy_from_slice(&v.to_le_bytes()[..n]);
        };
        match s.kind {
            SlotKind::Explicit(i) => {
                let a = explicit.get(i).ok_or(AbiError::MissingArg { index: i })?;
                if a.len() != s.size as usize {
                    return Err(AbiError::ArgSize {
                        index: i,
                        got: a.len(),
                        want: s.size,
                    });
                }
                seg[at..at + a.len()].copy_from_slice(a);
            }
            SlotKind::BlockCount(d) => put(geo.grid[d.min(2)] as u64, 4),
            SlotKind::GroupSize(d) => put(geo.block[d.min(2)] as u64, 2),
            SlotKind::Remainder(_) => put(0, 2),
            SlotKind::GlobalOffset(_) => put(0, 8),
            SlotKind::GridDims => put(geo.dims() as u64, 2),
            SlotKind::DynamicLdsSize => put(geo.dyn_lds as u64, 4),
            SlotKind::SharedBase | SlotKind::PrivateBase => {
                let hi = if s.kind == SlotKind::SharedBase {
                    super::SHARED_APERTURE_HI
                } else {
                    super::PRIVATE_APERTURE_HI
                } as u64;
                if s.size >= 8 {
                    put(hi << 32, 8)
                } else {
                    put(hi, 4)
                }
            }
            SlotKind::Zero => {}
        }
    }
    Ok(seg)
}

/// The 64-byte `hsa_kernel_dispatch_packet_t`.
pub fn dispatch_packet(
    geo: &Geometry,
    private_segment_size: u32,
    group_segment_size: u32,
    kernel_object: u64,
    kernarg_address: u64,
) -> [u8; 64] {
    let mut p = [0u8; 64];
    // Header: KERNEL_DISPATCH (2), acquire/release fences at system scope.
    let header: u16 = 2 | (2 << 9) | (2 << 11);
    p[0..2].copy_from_slice(&header.to_le_bytes());
    p[2..4].copy_from_slice(&geo.dims().to_le_bytes());
    for d in 0..3 {
        p[4 + 2 * d..6 + 2 * d].copy_from_slice(&(geo.block[d] as u16).to_le_bytes());
        let items = geo.grid[d].wrapping_mul(geo.block[d]);
        p[12 + 4 * d..16 + 4 * d].copy_from_slice(&items.to_le_bytes());
    }
    p[24..28].copy_from_slice(&private_segment_size.to_le_bytes());
    p[28..32].copy_from_slice(&group_segment_size.to_le_bytes());
    p[32..40].copy_from_slice(&kernel_object.to_le_bytes());
    p[40..48].copy_from_slice(&kernarg_address.to_le_bytes());
    p
}

/// The IR parameter block: kernarg pointer, dispatch packet pointer, queue
/// pointer, dispatch id, code object image address (each u64,
/// [`super::ENTRY_PARAMS`]).
pub fn param_block(
    kernarg: u64,
    dispatch: u64,
    queue: u64,
    dispatch_id: u64,
    image: u64,
) -> Vec<u8> {
    [kernarg, dispatch, queue, dispatch_id, image]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect()
}

/// [`EntryAbi`] from the kernel descriptor words: `compute_pgm_rsrc2`,
/// `kernel_code_properties`, and the segment sizes.
pub fn entry_abi(
    rsrc2: u32,
    code_properties: u16,
    kernarg_preload: u16,
    group_segment_fixed_size: u32,
    private_segment_fixed_size: u32,
) -> EntryAbi {
    let kp = |bit: u32| code_properties >> bit & 1 == 1;
    let r2 = |bit: u32| rsrc2 >> bit & 1 == 1;
    EntryAbi {
        private_segment_buffer: kp(0),
        dispatch_ptr: kp(1),
        queue_ptr: kp(2),
        kernarg_segment_ptr: kp(3),
        dispatch_id: kp(4),
        flat_scratch_init: kp(5),
        private_segment_size: kp(6),
        user_sgpr_count: rsrc2 >> 1 & 0x1f,
        kernarg_preload_offset: (kernarg_preload >> 7) as u32,
        workgroup_id: [r2(7), r2(8), r2(9)],
        workgroup_info: r2(10),
        private_segment_wave_offset: r2(0),
        workitem_id: rsrc2 >> 11 & 3,
        group_segment_fixed_size,
        private_segment_fixed_size,
        code_offset: 0,
        vgpr_count: 0,
        float_mode: super::FloatMode::default(),
        pc_base: 0,
        fragment: false,
        whole_masks: false,
        hostcall_buffer: None,
    }
}
