//! Lifting the kernels of a loaded code object: the entry ABI from the kernel
//! descriptor and the kernarg layout from the metadata.

use super::abi::{Slot, SlotKind};
use super::{lift, EntryAbi, LiftError};
use crate::gfx942::codeobj::{ArgKind, KernelInfo};

/// [`EntryAbi`] of a kernel (its descriptor and segment sizes).
pub fn entry_abi(k: &KernelInfo) -> EntryAbi {
    let kd = &k.kd;
    super::abi::entry_abi(
        kd.compute_pgm_rsrc2,
        kd.kernel_code_properties,
        kd.kernarg_preload,
        k.group_segment_fixed_size.max(kd.group_segment_fixed_size),
        k.private_segment_fixed_size
            .max(kd.private_segment_fixed_size),
    )
}

/// Lifts a kernel of a code object.
pub fn lift_kernel(k: &KernelInfo) -> Result<xisa_ir::Kernel, LiftError> {
    if k.wavefront_size != 64 && k.wavefront_size != 0 {
        return Err(LiftError::Unsupported {
            pc: 0,
            mnemonic: "<kernel>".into(),
            why: format!("wave{} code (only wave64 is lifted)", k.wavefront_size),
        });
    }
    lift(&k.name, &k.code, &entry_abi(k))
}

/// The kernarg slots of a kernel: explicit arguments numbered in order, hidden
/// arguments by kind (see [`super::abi::kernarg_segment`]).
pub fn kernarg_slots(k: &KernelInfo) -> Vec<Slot> {
    let mut n = 0;
    k.args
        .iter()
        .map(|a| {
            let kind = match &a.value_kind {
                ArgKind::HiddenBlockCountX => SlotKind::BlockCount(0),
                ArgKind::HiddenBlockCountY => SlotKind::BlockCount(1),
                ArgKind::HiddenBlockCountZ => SlotKind::BlockCount(2),
                ArgKind::HiddenGroupSizeX => SlotKind::GroupSize(0),
                ArgKind::HiddenGroupSizeY => SlotKind::GroupSize(1),
                ArgKind::HiddenGroupSizeZ => SlotKind::GroupSize(2),
                ArgKind::HiddenRemainderX => SlotKind::Remainder(0),
                ArgKind::HiddenRemainderY => SlotKind::Remainder(1),
                ArgKind::HiddenRemainderZ => SlotKind::Remainder(2),
                ArgKind::HiddenGlobalOffsetX => SlotKind::GlobalOffset(0),
                ArgKind::HiddenGlobalOffsetY => SlotKind::GlobalOffset(1),
                ArgKind::HiddenGlobalOffsetZ => SlotKind::GlobalOffset(2),
                ArgKind::HiddenGridDims => SlotKind::GridDims,
                ArgKind::HiddenDynamicLdsSize => SlotKind::DynamicLdsSize,
                ArgKind::HiddenSharedBase => SlotKind::SharedBase,
                ArgKind::HiddenPrivateBase => SlotKind::PrivateBase,
                k if k.is_hidden() => SlotKind::Zero,
                _ => {
                    n += 1;
                    SlotKind::Explicit(n - 1)
                }
            };
            Slot {
                offset: a.offset,
                size: a.size,
                kind,
            }
        })
        .collect()
}
