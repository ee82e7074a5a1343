//! gfx942 (AMD CDNA 3) code objects in the library: loading and lifting every
//! kernel, and the launch blocks (kernarg segment, AQL dispatch packet, IR
//! parameter block) a launcher places in guest memory.
//!
//! A lifted gfx942 kernel's IR parameters are the pointers of the HSA ABI
//! (`xisa_cdna::gfx942::lift::ENTRY_PARAMS`), not the OpenCL/HIP arguments: the
//! arguments live in the kernarg segment, which [`Gfx942Kernel::launch_blocks`]
//! builds from the argument bytes (docs/cdna.md, "gfx942 execution model").

use xisa_cdna::gfx942::codeobj;
use xisa_cdna::gfx942::lift::{abi, codeobj as lift_co};

use crate::error::{Error, Result};

/// The launch ABI of one lifted gfx942 kernel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Gfx942Kernel {
    /// Kernel name.
    pub name: String,
    /// Kernarg slots (explicit arguments numbered in order, hidden arguments).
    pub slots: Vec<abi::Slot>,
    /// Bytes of the kernarg segment.
    pub kernarg_size: u32,
    /// `(offset, size)` of each explicit argument, in order.
    pub explicit: Vec<(u32, u32)>,
    /// Static LDS bytes.
    pub group_segment_fixed_size: u32,
    /// Scratch bytes per work-item.
    pub private_segment_fixed_size: u32,
    /// `.max_flat_workgroup_size`: the most work-items a launch may use.
    pub max_flat_workgroup_size: u32,
}

/// A loaded gfx942 code object: each kernel's launch ABI and the loadable
/// image, which the launcher places in guest memory (its address is the
/// `image_ptr` parameter; pc-relative constant data lives there).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Gfx942Module {
    /// Per kernel, in the order of the lifted module's kernels.
    pub kernels: Vec<Gfx942Kernel>,
    /// The `PT_LOAD` segments laid out by virtual address.
    pub image: Vec<u8>,
    /// Virtual address of `image[0]`.
    pub base_vaddr: u64,
    /// The data objects (`STT_OBJECT` symbols: `__device__`/`__global`
    /// variables) inside the image.
    pub symbols: Vec<Gfx942Symbol>,
}

/// A data object of a code object's image.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Gfx942Symbol {
    /// Symbol name.
    pub name: String,
    /// Offset in the image ([`Gfx942Module::image`]).
    pub offset: u64,
    /// Size in bytes.
    pub size: u64,
}

/// The `STT_OBJECT` symbols of an ELF64 little-endian file that lie inside
/// the image `[base, base + len)`. Malformed tables yield fewer symbols,
/// never a panic.
fn object_symbols(bytes: &[u8], base: u64, len: u64) -> Vec<Gfx942Symbol> {
    let u16_at = |o: usize| -> Option<u64> {
        Some(u64::from(u16::from_le_bytes(
            bytes.get(o..o + 2)?.try_into().ok()?,
        )))
    };
    let u32_at = |o: usize| -> Option<u64> {
        Some(u64::from(u32::from_le_bytes(
            bytes.get(o..o + 4)?.try_into().ok()?,
        )))
    };
    let u64_at = |o: usize| -> Option<u64> {
        Some(u64::from_le_bytes(bytes.get(o..o + 8)?.try_into().ok()?))
    };
    let mut out = Vec::new();
    let walk = |out: &mut Vec<Gfx942Symbol>| -> Option<()> {
        let shoff = usize::try_from(u64_at(0x28)?).ok()?;
        let shentsize = usize::try_from(u16_at(0x3a)?).ok()?;
        let shnum = usize::try_from(u16_at(0x3c)?).ok()?;
        let sh = |i: usize| shoff.checked_add(i.checked_mul(shentsize)?);
        for i in 0..shnum {
            let h = sh(i)?;
            // SHT_SYMTAB = 2.
            if u32_at(h + 4)? != 2 {
                continue;
            }
            let (off, size) = (u64_at(h + 0x18)?, u64_at(h + 0x20)?);
            let link = usize::try_from(u32_at(h + 0x28)?).ok()?;
            let strh = sh(link)?;
            let (stroff, strsize) = (u64_at(strh + 0x18)?, u64_at(strh + 0x20)?);
            let strtab = bytes.get(
                usize::try_from(stroff).ok()?
                    ..usize::try_from(stroff.checked_add(strsize)?).ok()?,
            )?;
            let n = usize::try_from(size / 24).ok()?;
            for j in 0..n {
                let e = usize::try_from(off).ok()?.checked_add(j * 24)?;
                let info = *bytes.get(e + 4)?;
                let shndx = u16_at(e + 6)?;
                // STT_OBJECT = 1, defined.
                if info & 0xf != 1 || shndx == 0 {
                    continue;
                }
                let (value, sz) = (u64_at(e + 8)?, u64_at(e + 16)?);
                let Some(rel) = value.checked_sub(base) else {
                    continue;
                };
                if rel.checked_add(sz).is_none_or(|end| end > len) {
                    continue;
                }
                let name_off = usize::try_from(u32_at(e)?).ok()?;
                let name = strtab.get(name_off..)?;
                let name = &name[..name.iter().position(|&b| b == 0).unwrap_or(name.len())];
                let Ok(name) = std::str::from_utf8(name) else {
                    continue;
                };
                // Kernel descriptors (`K.kd`) are the loader's, not data.
                if name.is_empty() || name.ends_with(".kd") {
                    continue;
                }
                out.push(Gfx942Symbol {
                    name: name.to_string(),
                    offset: rel,
                    size: sz,
                });
            }
        }
        Some(())
    };
    let _ = walk(&mut out);
    out
}

/// The blocks of one launch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LaunchBlocks {
    /// The kernarg segment bytes.
    pub kernarg: Vec<u8>,
    /// The 64-byte AQL kernel dispatch packet.
    pub packet: [u8; 64],
}

impl Gfx942Kernel {
    /// Builds the kernarg segment (from the explicit arguments' bytes, one
    /// entry per explicit argument, each exactly its slot's size) and the
    /// dispatch packet that points at `kernarg_address`.
    pub fn launch_blocks(
        &self,
        explicit: &[Vec<u8>],
        geo: &abi::Geometry,
        kernarg_address: u64,
    ) -> Result<LaunchBlocks> {
        if explicit.len() != self.explicit.len() {
            return Err(Error::Args(format!(
                "kernel {} takes {} arguments, got {}",
                self.name,
                self.explicit.len(),
                explicit.len()
            )));
        }
        let kernarg = abi::kernarg_segment(self.kernarg_size, &self.slots, explicit, geo)
            .map_err(|e| Error::Args(format!("kernel {}: {e}", self.name)))?;
        let packet = abi::dispatch_packet(
            geo,
            self.private_segment_fixed_size,
            self.group_segment_fixed_size + geo.dyn_lds,
            0,
            kernarg_address,
        );
        Ok(LaunchBlocks { kernarg, packet })
    }

    /// The IR parameter block for a launch whose kernarg segment, dispatch
    /// packet and code object image ([`Gfx942Module::image`]) are at these
    /// guest addresses.
    pub fn params(kernarg_address: u64, packet_address: u64, image_address: u64) -> Vec<u8> {
        abi::param_block(kernarg_address, packet_address, 0, 0, image_address)
    }
}

/// Kernels that could not be lifted, with why.
pub type Unliftable = std::collections::BTreeMap<String, String>;

/// Loads a gfx942 code object and lifts every kernel it can (each on its
/// own: one that cannot be lifted is returned with its error, not fatal).
pub fn load(bytes: &[u8], origin: &str) -> Result<(xisa_ir::Module, Gfx942Module, Unliftable)> {
    let parse = |msg: String| Error::Parse {
        origin: origin.to_string(),
        msg,
    };
    let co = codeobj::load(bytes).map_err(|e| parse(e.to_string()))?;
    let image = lift_co::image(bytes).map_err(|e| parse(e.to_string()))?;
    let mut kernels = Vec::new();
    let mut abis = Vec::new();
    let mut unliftable = Unliftable::new();
    for k in &co.kernels {
        match lift_co::lift_kernel(k, &image) {
            Ok(ir) => kernels.push(ir),
            Err(e) => {
                unliftable.insert(k.name.clone(), format!("kernel {}: {e}", k.name));
            }
        }
        let slots = lift_co::kernarg_slots(k);
        let explicit = k
            .explicit_args()
            .map(|a| (a.offset, a.size))
            .collect::<Vec<_>>();
        abis.push(Gfx942Kernel {
            name: k.name.clone(),
            slots,
            kernarg_size: k.kernarg_segment_size,
            explicit,
            group_segment_fixed_size: k.group_segment_fixed_size,
            private_segment_fixed_size: k.private_segment_fixed_size,
            max_flat_workgroup_size: k.max_flat_workgroup_size,
        });
    }
    Ok((
        xisa_ir::Module { kernels },
        Gfx942Module {
            kernels: abis,
            symbols: object_symbols(bytes, image.base_vaddr, image.bytes.len() as u64),
            base_vaddr: image.base_vaddr,
            image: image.bytes,
        },
        unliftable,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn corpus(name: &str) -> Vec<u8> {
        let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/gfx942/out")
            .join(name);
        std::fs::read(p).unwrap()
    }

    #[test]
    fn loads_lifts_and_builds_launch_blocks() {
        let (m, g, failed) = load(&corpus("hist_global.co"), "hist_global.co").unwrap();
        assert!(failed.is_empty(), "{failed:?}");
        assert_eq!(m.kernels.len(), 1);
        assert_eq!(m.kernels[0].wave_size, 64);
        assert!(!g.image.is_empty());
        let k = &g.kernels[0];
        assert_eq!(k.explicit, vec![(0, 8), (8, 8), (16, 4)]);
        let geo = abi::Geometry {
            grid: [3, 1, 1],
            block: [256, 1, 1],
            dyn_lds: 0,
        };
        let args = vec![
            0x1_0000_0000u64.to_le_bytes().to_vec(),
            0x1_0000_1000u64.to_le_bytes().to_vec(),
            256u32.to_le_bytes().to_vec(),
        ];
        let b = k.launch_blocks(&args, &geo, 0x1_0000_2000).unwrap();
        assert_eq!(b.kernarg.len(), k.kernarg_size as usize);
        assert_eq!(&b.kernarg[8..16], &0x1_0000_1000u64.to_le_bytes());
        assert_eq!(&b.kernarg[16..20], &256u32.to_le_bytes());
        // hidden_block_count_x at 24, hidden_group_size_x at 36 (metadata).
        assert_eq!(&b.kernarg[24..28], &3u32.to_le_bytes());
        assert_eq!(&b.kernarg[36..38], &256u16.to_le_bytes());
        // Dispatch packet: workgroup size x at 4, grid size x (work-items) at 12,
        // kernarg address at 40.
        assert_eq!(&b.packet[4..6], &256u16.to_le_bytes());
        assert_eq!(&b.packet[12..16], &768u32.to_le_bytes());
        assert_eq!(&b.packet[40..48], &0x1_0000_2000u64.to_le_bytes());
        assert!(k.launch_blocks(&args[..2], &geo, 0).is_err());
        assert!(load(&corpus("hist_global.co")[..100], "x").is_err());
    }
}
