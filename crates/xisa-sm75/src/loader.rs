//! sm_75 cubin loader: kernels, their `.nv.info` attributes, constant banks,
//! static shared memory and relocations, read with the `object` crate.
//!
//! Layout facts come from `/work/shared/notes/sm75.md` §5 (CuAssembler
//! `CuNVInfo.py`, tinygrad `ops_nv.py`) and were checked against ptxas 12.9
//! output. Every failure is a [`LoadError`] naming a file offset where one
//! exists; no input makes the loader panic.

use std::collections::BTreeMap;

use object::read::elf::{ElfFile64, FileHeader, SectionHeader};
use object::{LittleEndian, Object, ObjectSection, ObjectSymbol};

/// ELF machine number of CUDA.
pub const EM_CUDA: u16 = 190;

/// `SHT_CUDA_INFO`: the type of `.nv.info` sections.
const SHT_CUDA_INFO: u32 = 0x7000_0000;
/// `SHT_REL` / `SHT_RELA`.
const SHT_REL: u32 = 9;
const SHT_RELA: u32 = 4;

/// EIATTR record ids (CuAssembler `CuNVInfo.py`).
pub mod eiattr {
    /// Per-kernel constant bank 0 parameter window: symbol, offset, size.
    pub const PARAM_CBANK: u8 = 0x0a;
    /// Per-function frame size (module `.nv.info`).
    pub const FRAME_SIZE: u8 = 0x11;
    /// Per-function minimum stack size (module `.nv.info`).
    pub const MIN_STACK_SIZE: u8 = 0x12;
    /// One kernel parameter: ordinal, offset, size.
    pub const KPARAM_INFO: u8 = 0x17;
    /// Size of the parameter window in constant bank 0.
    pub const CBANK_PARAM_SIZE: u8 = 0x19;
    /// Maximum register count (`-maxrregcount`).
    pub const MAXREG_COUNT: u8 = 0x1b;
    /// Offsets of the EXIT instructions.
    pub const EXIT_INSTR_OFFSETS: u8 = 0x1c;
    /// Maximum stack size over the call graph (module `.nv.info`).
    pub const MAX_STACK_SIZE: u8 = 0x23;
    /// Per-function register count (module `.nv.info`).
    pub const REGCOUNT: u8 = 0x2f;
    /// Most threads per block by dimension, three u32 (PTX `.maxntid`).
    pub const MAX_THREADS: u8 = 0x05;
    /// The exact block size required, three u32 (PTX `.reqntid`).
    pub const REQNTID: u8 = 0x10;
}

/// Errors while loading a cubin.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    /// The ELF container is malformed.
    #[error("cubin offset {offset:#x}: {msg}")]
    Elf {
        /// File offset the problem was found at (0 when unknown).
        offset: u64,
        /// What is wrong.
        msg: String,
    },
    /// The file is an ELF file for another machine or architecture.
    #[error("not an sm_75 cubin: {0}")]
    NotSm75(String),
    /// An `.nv.info` record is truncated or inconsistent.
    #[error("cubin offset {offset:#x}: {section}: {msg}")]
    Info {
        /// File offset of the record.
        offset: u64,
        /// Section name.
        section: String,
        /// What is wrong.
        msg: String,
    },
    /// A relocation the loader cannot apply.
    #[error(
        "cubin offset {offset:#x}: {section}: relocation type {rtype} at {at:#x} is not supported"
    )]
    Relocation {
        /// File offset of the relocated section.
        offset: u64,
        /// The relocation section name.
        section: String,
        /// ELF relocation type.
        rtype: u32,
        /// Offset inside the target section.
        at: u64,
    },
}

fn elf_err(offset: u64, msg: impl Into<String>) -> LoadError {
    LoadError::Elf {
        offset,
        msg: msg.into(),
    }
}

/// One kernel parameter (EIATTR_KPARAM_INFO).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KParam {
    /// Ordinal (position in the signature).
    pub ordinal: u16,
    /// Byte offset in the parameter window (relative to `PARAM_CBANK` offset).
    pub offset: u16,
    /// Size in bytes.
    pub size: u32,
}

/// One `.nv.info` attribute record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InfoAttr {
    /// Record format (NVAL 1, BVAL 2, HVAL 3, SVAL 4).
    pub format: u8,
    /// Attribute id (see [`eiattr`]).
    pub attr: u8,
    /// Payload (HVAL: the 2-byte value).
    pub payload: Vec<u8>,
    /// File offset of the record.
    pub file_offset: u64,
}

/// A relocation found in a `.rel*` section (reported, applied where known).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reloc {
    /// The relocation section name.
    pub section: String,
    /// Offset inside the relocated section.
    pub offset: u64,
    /// ELF relocation type.
    pub rtype: u32,
    /// Symbol name.
    pub symbol: String,
}

/// A kernel of the cubin and everything the lifter needs about it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CubinKernel {
    /// Kernel (symbol) name.
    pub name: String,
    /// The `.text.<k>` bytes.
    pub code: Vec<u8>,
    /// File offset of the code.
    pub code_offset: u64,
    /// Registers (from `.text` `sh_info >> 24`, or EIATTR_REGCOUNT).
    pub regcount: u32,
    /// Parameters, sorted by ordinal.
    pub params: Vec<KParam>,
    /// Offset of the parameter window in constant bank 0 (0x160 on sm_75).
    pub param_cbank_offset: u32,
    /// Size of the parameter window.
    pub param_cbank_size: u32,
    /// Size of `.nv.constant0.<k>`.
    pub cbank0_size: u64,
    /// Per-lane stack bytes: max of FRAME_SIZE, MIN_STACK_SIZE, MAX_STACK_SIZE.
    pub stack_bytes: u32,
    /// Static shared memory bytes (`.nv.shared.<k>` size).
    pub shared_bytes: u32,
    /// EXIT instruction offsets.
    pub exit_offsets: Vec<u32>,
    /// Constant banks with contents (bank number → bytes): `.nv.constant2.<k>`
    /// and the module's `.nv.constant3` (`__constant__` data).
    pub banks: BTreeMap<u32, Vec<u8>>,
    /// All attributes of `.nv.info.<k>`, for inspection.
    pub attrs: Vec<InfoAttr>,
}

impl CubinKernel {
    /// The three u32 of attribute `attr` of `.nv.info.<k>` (a 12-byte SVAL
    /// record); `None` when absent or of another shape.
    fn dims_attr(&self, attr: u8) -> Option<[u32; 3]> {
        let a = self
            .attrs
            .iter()
            .find(|a| a.attr == attr && a.format == 4 && a.payload.len() == 12)?;
        Some([
            u32_le(&a.payload, 0)?,
            u32_le(&a.payload, 4)?,
            u32_le(&a.payload, 8)?,
        ])
    }

    /// The block size the kernel must be launched with (PTX `.reqntid`,
    /// EIATTR_REQNTID), if it declares one.
    pub fn required_block(&self) -> Option<[u32; 3]> {
        self.dims_attr(eiattr::REQNTID)
    }

    /// The largest block extent per dimension the kernel accepts (PTX
    /// `.maxntid`, EIATTR_MAX_THREADS), if it declares one.
    pub fn max_block(&self) -> Option<[u32; 3]> {
        self.dims_attr(eiattr::MAX_THREADS)
    }
}

/// A loaded cubin.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Cubin {
    /// The SM number from `e_flags` (75 for sm_75).
    pub sm: u32,
    /// The kernels (entry functions), in section order.
    pub kernels: Vec<CubinKernel>,
    /// Relocations found (none of the supported kernels have any).
    pub relocs: Vec<Reloc>,
}

type Elf<'a> = ElfFile64<'a, LittleEndian>;

/// Parses the attribute records of an `.nv.info` section.
pub fn parse_info(
    data: &[u8],
    file_offset: u64,
    section: &str,
) -> Result<Vec<InfoAttr>, LoadError> {
    let mut out = Vec::new();
    let mut i = 0usize;
    while i < data.len() {
        let at = file_offset + i as u64;
        let err = |msg: &str| LoadError::Info {
            offset: at,
            section: section.to_string(),
            msg: msg.to_string(),
        };
        let hdr = data
            .get(i..i + 4)
            .ok_or_else(|| err("truncated record header"))?;
        let (format, attr) = (hdr[0], hdr[1]);
        let val = u16::from_le_bytes([hdr[2], hdr[3]]);
        let payload = match format {
            // NVAL: no payload; BVAL/HVAL: the value sits in the header.
            1 => Vec::new(),
            2 => vec![hdr[2]],
            3 => hdr[2..4].to_vec(),
            4 => {
                let len = val as usize;
                data.get(i + 4..i + 4 + len)
                    .ok_or_else(|| err("record payload past the end of the section"))?
                    .to_vec()
            }
            f => return Err(err(&format!("unknown record format {f}"))),
        };
        let step = 4 + if format == 4 { val as usize } else { 0 };
        out.push(InfoAttr {
            format,
            attr,
            payload,
            file_offset: at,
        });
        i += step;
    }
    Ok(out)
}

fn u16_le(b: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(b.get(at..at + 2)?.try_into().ok()?))
}

fn u32_le(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?))
}

/// Loads a cubin: checks the header, finds the kernels and reads their
/// attributes.
pub fn load(bytes: &[u8]) -> Result<Cubin, LoadError> {
    if !bytes.starts_with(b"\x7fELF") {
        return Err(elf_err(0, "no ELF magic"));
    }
    if bytes.get(4) != Some(&2) || bytes.get(5) != Some(&1) {
        return Err(elf_err(4, "not a little-endian ELF64 file"));
    }
    let file: Elf = ElfFile64::parse(bytes).map_err(|e| elf_err(0, e.to_string()))?;
    let hdr = file.elf_header();
    let e = LittleEndian;
    let machine = hdr.e_machine(e).0;
    if machine != EM_CUDA {
        return Err(LoadError::NotSm75(format!(
            "e_machine {machine}, expected {EM_CUDA} (CUDA)"
        )));
    }
    // sm number: low byte of e_flags on the 7.x ABI (ABI version 7).
    let sm = hdr.e_flags(e).0 & 0xff;
    if sm != 75 {
        return Err(LoadError::NotSm75(format!(
            "e_flags {:#x} names sm_{sm}",
            hdr.e_flags(e).0
        )));
    }
    let module_info = module_info(&file)?;
    let module_banks = module_banks(&file)?;
    let relocs = relocations(&file)?;
    let mut kernels = Vec::new();
    for sec in file.sections() {
        let name = sec.name().map_err(|e| elf_err(0, e.to_string()))?;
        let Some(kname) = name.strip_prefix(".text.") else {
            continue;
        };
        let off = sec.file_range().map(|r| r.0).unwrap_or(0);
        let sh = sec.elf_section_header();
        let sh_info = sh.sh_info(e);
        // Only entry points are kernels; device functions live in their own
        // `.text.` sections too but have no `.nv.info.<k>` / constant bank 0.
        let sym_index = (sh_info & 0xff_ffff) as usize;
        if !is_entry(&file, kname, sym_index) {
            continue;
        }
        let code = sec
            .data()
            .map_err(|e| elf_err(off, format!("{name}: {e}")))?
            .to_vec();
        let mut k = CubinKernel {
            name: kname.to_string(),
            code,
            code_offset: off,
            regcount: sh_info >> 24,
            ..CubinKernel::default()
        };
        kernel_info(&file, &mut k)?;
        if let Some(v) = module_info.get(&(kname.to_string(), eiattr::REGCOUNT)) {
            k.regcount = k.regcount.max(*v);
        }
        for a in [
            eiattr::FRAME_SIZE,
            eiattr::MIN_STACK_SIZE,
            eiattr::MAX_STACK_SIZE,
        ] {
            if let Some(v) = module_info.get(&(kname.to_string(), a)) {
                k.stack_bytes = k.stack_bytes.max(*v);
            }
        }
        for s in file.sections() {
            let Ok(sn) = s.name() else { continue };
            if sn == format!(".nv.shared.{kname}") {
                k.shared_bytes = u32::try_from(s.size())
                    .map_err(|_| elf_err(off, format!("{sn}: size too large")))?;
            } else if sn == format!(".nv.constant0.{kname}") {
                k.cbank0_size = s.size();
            } else if let Some(rest) = sn.strip_prefix(".nv.constant") {
                // `.nv.constantN.<k>`: a per-kernel bank with contents.
                if let Some((n, kn)) = rest.split_once('.') {
                    if kn == kname && n != "0" {
                        if let Ok(bank) = n.parse::<u32>() {
                            let d = s.data().map_err(|e| elf_err(0, e.to_string()))?;
                            k.banks.insert(bank, d.to_vec());
                        }
                    }
                }
            }
        }
        for (b, d) in &module_banks {
            k.banks.entry(*b).or_insert_with(|| d.clone());
        }
        kernels.push(k);
    }
    Ok(Cubin {
        sm,
        kernels,
        relocs,
    })
}

/// True when the `.text.<name>` section belongs to a kernel entry: its symbol
/// is a global function with `STO_CUDA_ENTRY` (0x10) or, lacking symbol
/// information, a `.nv.info.<name>` section exists.
fn is_entry(file: &Elf, name: &str, sym_index: usize) -> bool {
    if let Ok(sym) = file.symbol_by_index(object::SymbolIndex(sym_index)) {
        if sym.name() == Ok(name) {
            let other = sym.elf_symbol().st_other.0;
            return other & 0x10 != 0;
        }
    }
    file.section_by_name(&format!(".nv.info.{name}")).is_some()
}

/// Reads `.nv.info.<k>`: parameters, PARAM_CBANK, EXIT offsets.
fn kernel_info(file: &Elf, k: &mut CubinKernel) -> Result<(), LoadError> {
    let sname = format!(".nv.info.{}", k.name);
    let Some(sec) = file.section_by_name(&sname) else {
        return Ok(());
    };
    let off = sec.file_range().map(|r| r.0).unwrap_or(0);
    let data = sec.data().map_err(|e| elf_err(off, e.to_string()))?;
    let attrs = parse_info(data, off, &sname)?;
    for a in &attrs {
        let bad = |msg: &str| LoadError::Info {
            offset: a.file_offset,
            section: sname.clone(),
            msg: msg.to_string(),
        };
        let p = &a.payload;
        match a.attr {
            eiattr::KPARAM_INFO => {
                // u32 index, u16 ordinal, u16 offset, u32 flags (size in bits 18..32).
                let (Some(ord), Some(po), Some(flags)) = (u16_le(p, 4), u16_le(p, 6), u32_le(p, 8))
                else {
                    return Err(bad("KPARAM_INFO shorter than 12 bytes"));
                };
                k.params.push(KParam {
                    ordinal: ord,
                    offset: po,
                    size: flags >> 18,
                });
            }
            eiattr::PARAM_CBANK => {
                let (Some(po), Some(sz)) = (u16_le(p, 4), u16_le(p, 6)) else {
                    return Err(bad("PARAM_CBANK shorter than 8 bytes"));
                };
                k.param_cbank_offset = u32::from(po);
                k.param_cbank_size = k.param_cbank_size.max(u32::from(sz));
            }
            eiattr::CBANK_PARAM_SIZE => {
                let v = u16_le(p, 0).ok_or_else(|| bad("CBANK_PARAM_SIZE without value"))?;
                k.param_cbank_size = k.param_cbank_size.max(u32::from(v));
            }
            eiattr::EXIT_INSTR_OFFSETS => {
                k.exit_offsets = p.chunks_exact(4).filter_map(|c| u32_le(c, 0)).collect();
            }
            _ => {}
        }
    }
    k.params.sort_by_key(|p| p.ordinal);
    for w in k.params.windows(2) {
        if w[0].ordinal == w[1].ordinal {
            return Err(LoadError::Info {
                offset: off,
                section: sname.clone(),
                msg: format!("parameter ordinal {} listed twice", w[0].ordinal),
            });
        }
    }
    if k.param_cbank_offset == 0 && !k.params.is_empty() {
        // Older cubins may lack PARAM_CBANK: sm_75's window starts at 0x160.
        k.param_cbank_offset = 0x160;
    }
    k.attrs = attrs;
    Ok(())
}

/// Reads the module `.nv.info`: per-function `[symbol index, value]` records,
/// keyed by (function name, attribute).
fn module_info(file: &Elf) -> Result<BTreeMap<(String, u8), u32>, LoadError> {
    let mut out = BTreeMap::new();
    for sec in file.sections() {
        if sec.name() != Ok(".nv.info") {
            continue;
        }
        if sec.elf_section_header().sh_type(LittleEndian).0 != SHT_CUDA_INFO {
            continue;
        }
        let off = sec.file_range().map(|r| r.0).unwrap_or(0);
        let data = sec.data().map_err(|e| elf_err(off, e.to_string()))?;
        for a in parse_info(data, off, ".nv.info")? {
            let (Some(sym), Some(v)) = (u32_le(&a.payload, 0), u32_le(&a.payload, 4)) else {
                continue;
            };
            let name = file
                .symbol_by_index(object::SymbolIndex(sym as usize))
                .ok()
                .and_then(|s| s.name().ok().map(str::to_string))
                .unwrap_or_default();
            out.insert((name, a.attr), v);
        }
    }
    Ok(out)
}

/// Module-level constant banks (`.nv.constant3`: `__constant__` data).
fn module_banks(file: &Elf) -> Result<BTreeMap<u32, Vec<u8>>, LoadError> {
    let mut out = BTreeMap::new();
    for sec in file.sections() {
        let Ok(n) = sec.name() else { continue };
        let Some(rest) = n.strip_prefix(".nv.constant") else {
            continue;
        };
        if let Ok(bank) = rest.parse::<u32>() {
            let off = sec.file_range().map(|r| r.0).unwrap_or(0);
            let d = sec.data().map_err(|e| elf_err(off, e.to_string()))?;
            out.insert(bank, d.to_vec());
        }
    }
    Ok(out)
}

/// Lists the relocations of every `.rel*` section. Code relocations are not
/// applied: the lifter rejects a kernel whose code section has any (see
/// [`crate::lift::LiftError::Relocation`]).
fn relocations(file: &Elf) -> Result<Vec<Reloc>, LoadError> {
    let mut out = Vec::new();
    let e = LittleEndian;
    for sec in file.sections() {
        let Ok(n) = sec.name() else { continue };
        let sh = sec.elf_section_header();
        let t = sh.sh_type(e).0;
        if t != SHT_REL && t != SHT_RELA {
            continue;
        }
        let off = sec.file_range().map(|r| r.0).unwrap_or(0);
        let data = sec.data().map_err(|e| elf_err(off, e.to_string()))?;
        let entsize = if t == SHT_REL { 16 } else { 24 };
        for (i, ent) in data.chunks(entsize).enumerate() {
            if ent.len() < 16 {
                return Err(elf_err(
                    off + (i * entsize) as u64,
                    format!("{n}: truncated relocation"),
                ));
            }
            let r_off = u64::from_le_bytes(ent[0..8].try_into().unwrap_or_default());
            let info = u64::from_le_bytes(ent[8..16].try_into().unwrap_or_default());
            let sym = (info >> 32) as usize;
            let symbol = file
                .symbol_by_index(object::SymbolIndex(sym))
                .ok()
                .and_then(|s| s.name().ok().map(str::to_string))
                .unwrap_or_default();
            out.push(Reloc {
                section: n.to_string(),
                offset: r_off,
                rtype: info as u32,
                symbol,
            });
        }
    }
    Ok(out)
}
