//! Lifting the kernels of a loaded code object: the entry ABI from the kernel
//! descriptor and the kernarg layout from the metadata.

use object::read::elf::{FileHeader, ProgramHeader, Rela, SectionHeader, Sym};
use object::LittleEndian as LE;

use super::abi::{Slot, SlotKind};
use super::{EntryAbi, LiftError};
use crate::gfx942::codeobj::{ArgKind, KernelInfo};

/// The loadable image of a code object: its `PT_LOAD` segments laid out by
/// virtual address (bss zero-filled), for placing in guest memory so that
/// pc-relative constant data (`s_getpc_b64` + offset) resolves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Image {
    /// Virtual address of `bytes[0]`.
    pub base_vaddr: u64,
    /// The image.
    pub bytes: Vec<u8>,
    /// Function symbols (`STT_FUNC` with a size) other than kernels (a
    /// kernel's symbol `K` has a descriptor `K.kd`): (virtual address,
    /// size).
    pub functions: Vec<(u64, u64)>,
    /// The 64-bit words the loader fills with addresses in the image:
    /// (image offset, virtual address stored there). ld.lld writes one
    /// `R_AMDGPU_RELATIVE64` per pointer in initialised data (function
    /// pointer tables, pointers to globals); the word must become the
    /// placed image's address of that virtual address.
    pub relative: Vec<(u64, u64)>,
}

impl Image {
    /// The image with its relative words applied for a placement at guest
    /// address `base`.
    pub fn placed_at(&self, base: u64) -> Vec<u8> {
        let mut bytes = self.bytes.clone();
        for &(at, va) in &self.relative {
            let v = base.wrapping_add(va.wrapping_sub(self.base_vaddr));
            if let Some(w) = bytes.get_mut(at as usize..at as usize + 8) {
                w.copy_from_slice(&v.to_le_bytes());
            }
        }
        bytes
    }

    /// The bytes of the function starting at image offset `off`, if a
    /// function symbol starts there.
    pub fn function_at(&self, off: u64) -> Option<&[u8]> {
        let va = self.base_vaddr.checked_add(off)?;
        let &(_, size) = self.functions.iter().find(|f| f.0 == va)?;
        let end = off.checked_add(size)?;
        self.bytes.get(off as usize..end as usize)
    }
}

/// Why an image cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImageError {
    #[error("code object: {0}")]
    Elf(String),
    #[error("code object has no PT_LOAD segment")]
    NoSegments,
    #[error("PT_LOAD segment at file offset {offset:#x} (+{size:#x}) is outside the file")]
    Segment { offset: u64, size: u64 },
    #[error("the loadable image spans {0:#x} bytes (limit 256 MiB)")]
    TooBig(u64),
    #[error("dynamic relocation at {offset:#x} ({ty}{}): only R_AMDGPU_RELATIVE64 is applied{}",
        if symbol.is_empty() { String::new() } else { format!(" against `{symbol}`") },
        if *undefined { "; the symbol is undefined and xisa links nothing (the code object must be self-contained: OpenCL printf on gfx942, for one, needs libclc's missing __printf_alloc)" } else { "" })]
    Relocation {
        offset: u64,
        /// The relocation type's name (or number).
        ty: String,
        /// The symbol it refers to ("" for none).
        symbol: String,
        /// Whether that symbol is undefined in the code object.
        undefined: bool,
    },
}

/// Builds the loadable image of a code object.
pub fn image(data: &[u8]) -> Result<Image, ImageError> {
    let e =
        object::elf::FileHeader64::<LE>::parse(data).map_err(|x| ImageError::Elf(x.to_string()))?;
    let endian = e.endian().map_err(|x| ImageError::Elf(x.to_string()))?;
    let phdrs = e
        .program_headers(endian, data)
        .map_err(|x| ImageError::Elf(x.to_string()))?;
    let loads: Vec<_> = phdrs
        .iter()
        .filter(|p| p.p_type(endian) == object::elf::PT_LOAD)
        .collect();
    let lo = loads
        .iter()
        .map(|p| p.p_vaddr(endian))
        .min()
        .ok_or(ImageError::NoSegments)?;
    let hi = loads
        .iter()
        .map(|p| p.p_vaddr(endian).saturating_add(p.p_memsz(endian)))
        .max()
        .ok_or(ImageError::NoSegments)?;
    let span = hi - lo;
    if span > 256 << 20 {
        return Err(ImageError::TooBig(span));
    }
    let mut bytes = vec![0u8; span as usize];
    for p in loads {
        let (off, size) = (
            p.p_offset(endian),
            p.p_filesz(endian).min(p.p_memsz(endian)),
        );
        let src = off
            .checked_add(size)
            .and_then(|end| data.get(off as usize..end as usize))
            .ok_or(ImageError::Segment { offset: off, size })?;
        let at = (p.p_vaddr(endian) - lo) as usize;
        bytes[at..at + src.len()].copy_from_slice(src);
    }
    // Function symbols (the callees of s_swappc_b64); a code object without
    // a symbol table simply has none.
    let sections = e.sections(endian, data).ok();
    let mut funcs = Vec::new();
    let mut names = std::collections::HashSet::new();
    if let Some(table) = &sections {
        for ty in [object::elf::SHT_SYMTAB, object::elf::SHT_DYNSYM] {
            if let Ok(syms) = table.symbols(endian, data, ty) {
                for sym in syms.iter() {
                    let name = syms.symbol_name(endian, sym).unwrap_or_default().to_vec();
                    if sym.st_type() == object::elf::STT_FUNC && sym.st_size(endian) > 0 {
                        funcs.push((name.clone(), sym.st_value(endian), sym.st_size(endian)));
                    }
                    names.insert(name);
                }
            }
        }
    }
    let mut functions: Vec<(u64, u64)> = funcs
        .into_iter()
        .filter(|(name, _, _)| !names.contains(&[name.as_slice(), b".kd"].concat()))
        .map(|(_, va, size)| (va, size))
        .collect();
    functions.sort();
    functions.dedup();
    // Dynamic relocations (RELA): RELATIVE64 words get the placed address of
    // their addend; any other type would leave a wrong pointer, so it is an
    // error.
    const R_AMDGPU_RELATIVE64: u32 = 13;
    let mut relative = Vec::new();
    if let Some(table) = &sections {
        for sec in table.iter() {
            if sec.sh_type(endian) != object::elf::SHT_RELA {
                continue;
            }
            let Ok(relas) = sec.data_as_array::<object::elf::Rela64<LE>, _>(endian, data) else {
                continue;
            };
            // The symbols the relocations refer to (for messages).
            let syms = table
                .symbol_table_by_index(
                    endian,
                    data,
                    object::SectionIndex(sec.sh_link(endian) as usize),
                )
                .ok();
            for r in relas {
                let (off, ty) = (r.r_offset(endian), r.r_type(endian, false).0);
                let at = off.wrapping_sub(lo);
                let in_image = at.checked_add(8).is_some_and(|end| end <= span);
                if ty != R_AMDGPU_RELATIVE64 || !in_image {
                    let sym = syms.as_ref().and_then(|t| {
                        t.symbol(object::SymbolIndex(r.r_sym(endian, false) as usize))
                            .ok()
                            .map(|s| {
                                (
                                    t.symbol_name(endian, s)
                                        .map(|n| String::from_utf8_lossy(n).into_owned())
                                        .unwrap_or_default(),
                                    s.st_shndx(endian) == object::elf::SHN_UNDEF,
                                )
                            })
                    });
                    let (symbol, undefined) = match sym {
                        Some((n, u)) if !n.is_empty() => (n, u),
                        _ => (String::new(), false),
                    };
                    let ty = match ty {
                        1 => "R_AMDGPU_ABS32_LO".to_string(),
                        2 => "R_AMDGPU_ABS32_HI".to_string(),
                        3 => "R_AMDGPU_ABS64".to_string(),
                        6 => "R_AMDGPU_ABS32".to_string(),
                        13 => "R_AMDGPU_RELATIVE64 outside the image".to_string(),
                        n => format!("type {n}"),
                    };
                    return Err(ImageError::Relocation {
                        offset: off,
                        ty,
                        symbol,
                        undefined,
                    });
                }
                relative.push((at, r.r_addend(endian) as u64));
            }
        }
    }
    Ok(Image {
        base_vaddr: lo,
        bytes,
        functions,
        relative,
    })
}

fn check_wave(k: &KernelInfo) -> Result<(), LiftError> {
    if k.wavefront_size != 64 && k.wavefront_size != 0 {
        return Err(LiftError::Unsupported {
            pc: 0,
            mnemonic: "<kernel>".into(),
            why: format!("wave{} code (only wave64 is lifted)", k.wavefront_size),
        });
    }
    Ok(())
}

/// Per-lane stack beyond the fixed private segment that a kernel with a
/// dynamically sized stack (recursion, calls through pointers: metadata
/// `.uses_dynamic_stack`, descriptor bit 11) gets: 1 KiB, the CUDA and HIP
/// runtimes' default stack limit.
pub const DYNAMIC_STACK_BYTES: u32 = 1024;

/// [`EntryAbi`] of a kernel (its descriptor and segment sizes).
pub fn entry_abi(k: &KernelInfo) -> EntryAbi {
    let kd = &k.kd;
    let fixed = k
        .private_segment_fixed_size
        .max(kd.private_segment_fixed_size);
    let dynamic = k.uses_dynamic_stack || kd.uses_dynamic_stack();
    let mut abi = super::abi::entry_abi(
        kd.compute_pgm_rsrc2,
        kd.kernel_code_properties,
        kd.kernarg_preload,
        k.group_segment_fixed_size.max(kd.group_segment_fixed_size),
        fixed + if dynamic { DYNAMIC_STACK_BYTES } else { 0 },
    );
    // The metadata's architected count, else the descriptor's granulated
    // allocation (which may include AGPRs: an upper bound).
    abi.float_mode = super::FloatMode {
        denorm_32: kd.float_denorm_mode_32(),
        denorm_16_64: kd.float_denorm_mode_16_64(),
        round_32: kd.float_round_mode_32(),
        round_16_64: kd.float_round_mode_16_64(),
        ieee: kd.enable_ieee_mode(),
        dx10_clamp: kd.enable_dx10_clamp(),
        fp16_ovfl: kd.fp16_overflow(),
    };
    abi.vgpr_count = match k.vgpr_count {
        0 => kd.next_free_vgpr_bound(),
        n => n,
    };
    abi
}

/// Lifts a kernel of a code object with its loadable image `image` (the
/// launcher passes the image's guest address in the `image_ptr` parameter).
/// Functions the kernel calls (`s_swappc_b64` to a function symbol) are
/// lifted into the same IR kernel.
pub fn lift_kernel(k: &KernelInfo, image: &Image) -> Result<xisa_ir::Kernel, LiftError> {
    lift_kernel_with(k, image, false)
}

/// [`lift_kernel`], with wave masks kept whole where `whole_masks` (see
/// `EntryAbi::whole_masks`).
pub fn lift_kernel_with(
    k: &KernelInfo,
    image: &Image,
    whole_masks: bool,
) -> Result<xisa_ir::Kernel, LiftError> {
    check_wave(k)?;
    let mut abi = entry_abi(k);
    abi.whole_masks = whole_masks;
    abi.code_offset = k.code_address.wrapping_sub(image.base_vaddr);
    abi.pc_base = image.base_vaddr;
    abi.hostcall_buffer = k.hidden_arg_offset(&ArgKind::HiddenHostcallBuffer);
    let functions: Vec<u64> = image
        .functions
        .iter()
        .map(|&(va, _)| va.wrapping_sub(image.base_vaddr))
        .collect();
    super::lift_program(
        &k.name,
        &k.code,
        &abi,
        &|off| image.function_at(off),
        &functions,
    )
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
