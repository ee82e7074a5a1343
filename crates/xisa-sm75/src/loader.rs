//! sm_75 cubin loader: kernels, their `.nv.info` attributes, constant banks,
//! static shared memory and relocations, read with the `object` crate.
//!
//! Layout facts come from `/work/shared/notes/sm75.md` §5 (CuAssembler
//! `CuNVInfo.py`, tinygrad `ops_nv.py`) and were checked against ptxas 12.9
//! output. Every failure is a [`LoadError`] naming a file offset where one
//! exists; no input makes the loader panic.

use std::collections::BTreeMap;

use xisa_ir::HostFn;

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
    /// A relocation of module data (globals' initial values) that cannot be
    /// applied.
    #[error(
        "{section}: relocation type {rtype} at offset {at:#x} against symbol {symbol:?}: {msg}"
    )]
    DataRelocation {
        /// The relocation section name.
        section: String,
        /// ELF relocation type.
        rtype: u32,
        /// Offset inside the patched section.
        at: u64,
        /// Symbol name.
        symbol: String,
        /// Why it cannot be applied.
        msg: String,
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

impl KParam {
    /// The IR parameters this parameter becomes: one of its size for 1, 2,
    /// 4 and 8 bytes; a larger one (a struct by value) split into `i64`
    /// words when it is 8-aligned, else `i32` words; `None` when neither
    /// fits.
    pub fn pieces(&self) -> Option<Vec<xisa_ir::Type>> {
        use xisa_ir::Type;
        let off = u32::from(self.offset);
        Some(match self.size {
            1 => vec![Type::I8],
            2 => vec![Type::I16],
            4 => vec![Type::I32],
            8 => vec![Type::I64],
            n if n > 0 && n % 8 == 0 && off % 8 == 0 => vec![Type::I64; (n / 8) as usize],
            n if n > 0 && n % 4 == 0 && off % 4 == 0 => vec![Type::I32; (n / 4) as usize],
            _ => return None,
        })
    }
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
    /// The explicit addend (`.rela` sections); `None` for `.rel` sections,
    /// whose addend is the relocated word's contents.
    pub addend: Option<i64>,
    /// Index of the section the relocation patches (`sh_info`).
    pub target: usize,
    /// The symbol's section index and value (offset in that section).
    pub sym_section: usize,
    /// The symbol's value.
    pub sym_value: u64,
    /// Whether a launcher applies it: a supported relocation of module data
    /// against a global (see [`ModuleData::materialize`]).
    pub applied: bool,
}

/// A module-scope constant bank placed in a kernel's parameter block:
/// `c[bank][x]` reads `param_offset + x` of the block (the launcher copies
/// the bank's current image there), so `__constant__` writes and relocated
/// global addresses are seen by the kernel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LiveBank {
    /// Constant bank number.
    pub bank: u32,
    /// Byte offset of the bank's image in the IR parameter block.
    pub param_offset: u32,
    /// Bank size in bytes.
    pub size: u32,
}

/// Where sm_75's parameter window starts in constant bank 0.
pub const PARAM_CBANK_OFFSET: u32 = 0x160;

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
    /// The module-scope constant banks (`.nv.constant3`, `.nv.constant4`, ...)
    /// and where they sit in the parameter block, after the parameters.
    pub live_banks: Vec<LiveBank>,
    /// The code reads the grid workspace's address ([`GRID_WORKSPACE_WORD`]).
    pub reads_grid_workspace: bool,
    /// Offsets in `code` of the device functions: those ptxas placed in the
    /// kernel's section (`FUNC` symbols other than the kernel's own) and the
    /// starts of the function sections linked after it (see [`link_code`]):
    /// the targets an indirect call (`CALL.REL.NOINC R`) may reach, sorted.
    pub functions: Vec<u64>,
    /// Instructions whose 32-bit immediate (bits [32, 64)) is half of a
    /// module data address (`R_CUDA_ABS32_{LO,HI}_32` against a global: a
    /// debug build's `MOV R, 32@lo(global)`): (offset in `code`, index in
    /// [`ModuleData::code_words`]). The launcher fills the word in.
    pub code_words: Vec<(u64, u32)>,
    /// Relocations of the linked code that xisa does not apply: (offset in
    /// `code`, type, symbol). The lifter refuses a kernel that has any.
    pub unapplied: Vec<(u64, u32, String)>,
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
    /// Module-scope data: `__device__` globals and module constant banks.
    pub data: ModuleData,
}

pub(crate) type Elf<'a> = ElfFile64<'a, LittleEndian>;

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
    let mut data = module_data(&file, module_banks.clone(), &relocs)?;
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
        let mut functions: Vec<u64> = file
            .symbols()
            .filter(|sym| {
                sym.kind() == object::SymbolKind::Text
                    && sym.section_index() == Some(sec.index())
                    && sym.name().is_ok_and(|n| n != kname)
            })
            .map(|sym| sym.address())
            .filter(|&a| a < code.len() as u64)
            .collect();
        functions.sort_unstable();
        functions.dedup();
        let mut k = CubinKernel {
            name: kname.to_string(),
            code,
            code_offset: off,
            regcount: sh_info >> 24,
            functions,
            ..CubinKernel::default()
        };
        link_code(&file, sec.index().0, &relocs, &mut data, &mut k)?;
        kernel_info(&file, &mut k)?;
        if let Some(v) = module_info.get(&(kname.to_string(), eiattr::REGCOUNT)) {
            k.regcount = k.regcount.max(*v);
        }
        for a in [
            eiattr::FRAME_SIZE,
            eiattr::MIN_STACK_SIZE,
            eiattr::MAX_STACK_SIZE,
        ] {
            // 0xffffffff: not known (recursion); the launch's stack limit
            // then applies, as on CUDA.
            if let Some(&v) = module_info.get(&(kname.to_string(), a)) {
                if v != u32::MAX {
                    k.stack_bytes = k.stack_bytes.max(v);
                }
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
    for k in &mut kernels {
        k.reads_grid_workspace = reads_grid_workspace(&k.code);
    }
    data.grid_workspace = kernels.iter().any(|k| k.reads_grid_workspace);
    // After every kernel's code is linked: the code words are known.
    for k in &mut kernels {
        k.live_banks = live_banks(k, &module_banks, data.code_words.len())?;
    }
    let applied: std::collections::HashSet<(&str, u64)> = data
        .relocs
        .iter()
        .filter(|r| r.unsupported().is_none())
        .map(|r| (r.section.as_str(), r.offset))
        .collect();
    let mut relocs = relocs;
    for r in &mut relocs {
        r.applied = applied.contains(&(r.section.as_str(), r.offset));
    }
    Ok(Cubin {
        sm,
        kernels,
        relocs,
        data,
    })
}

/// Places the module-scope banks after the kernel's parameters (16-byte
/// aligned), in bank order, then the [`CONST_WINDOW_WORD`] when there is a
/// bank 3 and the [`GRID_WORKSPACE_WORD`] when the kernel reads it.
fn live_banks(
    k: &CubinKernel,
    module_banks: &BTreeMap<u32, Vec<u8>>,
    code_words: usize,
) -> Result<Vec<LiveBank>, LoadError> {
    let params_end = k
        .params
        .iter()
        .map(|p| u64::from(p.offset) + u64::from(p.size))
        .max()
        .unwrap_or(0)
        .max(u64::from(k.param_cbank_size));
    let mut at = params_end.div_ceil(16) * 16;
    let mut out = Vec::new();
    for (&bank, d) in module_banks {
        let size = d.len() as u64;
        // Banks are at most 64 KiB on the hardware; anything larger (or a
        // layout past u32) is a malformed cubin.
        if size > 0x1_0000 || at + size > u64::from(u32::MAX) {
            return Err(elf_err(
                0,
                format!(".nv.constant{bank}: {size} bytes is larger than a constant bank"),
            ));
        }
        out.push(LiveBank {
            bank,
            param_offset: at as u32,
            size: size as u32,
        });
        at = (at + size).div_ceil(16) * 16;
    }
    if module_banks.contains_key(&CONST_BANK) {
        out.push(LiveBank {
            bank: CONST_WINDOW_WORD,
            param_offset: at as u32,
            size: 8,
        });
        at += 16;
    }
    if k.reads_grid_workspace {
        out.push(LiveBank {
            bank: GRID_WORKSPACE_WORD,
            param_offset: at as u32,
            size: 8,
        });
        at += 16;
    }
    if !k.code_words.is_empty() {
        let size = 4 * code_words as u64;
        if at + size > 0x1_0000 {
            return Err(elf_err(
                0,
                format!("{}: {code_words} relocated code words", k.name),
            ));
        }
        out.push(LiveBank {
            bank: CODE_WORDS,
            param_offset: at as u32,
            size: size as u32,
        });
    }
    Ok(out)
}

/// Links kernel `k`'s code (its section, `sec`) the way the CUDA driver
/// does for a debug build (`nvcc -G`, Numba's `debug=True`), whose device
/// functions live in sections of their own and are reached with
/// `CALL.ABS.NOINC` to a relocated absolute address, returning with
/// `RET.ABS` through a return address built from two relocated `MOV`s:
/// every function section the code refers to (transitively) is appended
/// to `k.code`, the code's address space starts at 0, and each code
/// relocation is applied: `R_CUDA_ABS47_34` (a call target: a linked
/// function, or a driver function such as `vprintf`) and
/// `R_CUDA_ABS32{,_LO,_HI}_32` (a code address, or a module data address,
/// which only the launcher knows: recorded in [`CubinKernel::code_words`]).
/// Anything else is recorded in [`CubinKernel::unapplied`].
fn link_code(
    file: &Elf,
    sec: usize,
    relocs: &[Reloc],
    data: &mut ModuleData,
    k: &mut CubinKernel,
) -> Result<(), LoadError> {
    let is_text = |i: usize| {
        file.section_by_index(object::SectionIndex(i))
            .ok()
            .and_then(|s| s.name().ok().map(|n| n.starts_with(".text.")))
            .unwrap_or(false)
    };
    // (section index, offset in the linked code), the kernel's first.
    let mut placed: Vec<(usize, u64)> = vec![(sec, 0)];
    let mut i = 0;
    while i < placed.len() {
        let here = placed[i].0;
        for r in relocs.iter().filter(|r| r.target == here) {
            let s = r.sym_section;
            if s != 0 && is_text(s) && !placed.iter().any(|p| p.0 == s) {
                let section = file
                    .section_by_index(object::SectionIndex(s))
                    .map_err(|e| elf_err(0, e.to_string()))?;
                let at = k.code.len() as u64;
                let bytes = section.data().map_err(|e| elf_err(0, e.to_string()))?;
                if !bytes.len().is_multiple_of(16) {
                    return Err(elf_err(0, format!("{}: truncated code", r.symbol)));
                }
                k.code.extend_from_slice(bytes);
                k.functions.push(at);
                k.functions.extend(
                    file.symbols()
                        .filter(|y| {
                            y.kind() == object::SymbolKind::Text
                                && y.section_index() == Some(section.index())
                        })
                        .map(|y| at + y.address()),
                );
                placed.push((s, at));
            }
        }
        i += 1;
    }
    k.functions.sort_unstable();
    k.functions.dedup();
    for &(here, base) in &placed {
        for r in relocs.iter().filter(|r| r.target == here) {
            let at = base + r.offset;
            let linked = placed
                .iter()
                .find(|p| p.0 == r.sym_section && r.sym_section != 0);
            let data_sec = data.sections.get(&r.sym_section).copied();
            let host = (r.sym_section == 0)
                .then(|| host_function(&r.symbol))
                .flatten();
            let word = usize::try_from(at)
                .ok()
                .and_then(|a| k.code.get(a..a.checked_add(16)?))
                .and_then(crate::word_from_bytes);
            let Some(word) = word else {
                k.unapplied.push((at, r.rtype, r.symbol.clone()));
                continue;
            };
            let imm32 = (word >> 32) as u32;
            let target = (word >> 34) & ((1u128 << 47) - 1);
            use rtype::*;
            let addend = |field: u64| r.addend.unwrap_or(field as i64);
            let new = match (r.rtype, linked, data_sec, host) {
                (R_CUDA_ABS47_34, Some(&(_, off)), _, _) => {
                    let v = (off + r.sym_value).wrapping_add(addend((target as u64) << 2) as u64);
                    set_bits(word, 34, 47, u128::from(v >> 2))
                }
                (R_CUDA_ABS47_34, None, _, Some(h)) => {
                    let v = h.wrapping_add(addend((target as u64) << 2) as u64);
                    set_bits(word, 34, 47, u128::from(v >> 2))
                }
                (
                    R_CUDA_ABS32_32 | R_CUDA_ABS32_LO_32 | R_CUDA_ABS32_HI_32,
                    Some(&(_, off)),
                    ..,
                ) => {
                    let v = (off + r.sym_value).wrapping_add(addend(u64::from(imm32)) as u64);
                    let half = if r.rtype == R_CUDA_ABS32_HI_32 {
                        v >> 32
                    } else {
                        v
                    };
                    set_bits(word, 32, 32, u128::from(half as u32))
                }
                (R_CUDA_ABS32_LO_32 | R_CUDA_ABS32_HI_32, None, Some(section), None) => {
                    let w = CodeWord {
                        section,
                        offset: (r.sym_value as i64).wrapping_add(addend(u64::from(imm32))),
                        hi: r.rtype == R_CUDA_ABS32_HI_32,
                    };
                    let idx = match data.code_words.iter().position(|c| *c == w) {
                        Some(i) => i,
                        None => {
                            data.code_words.push(w);
                            data.code_words.len() - 1
                        }
                    };
                    k.code_words.push((at, idx as u32));
                    continue;
                }
                _ => {
                    k.unapplied.push((at, r.rtype, r.symbol.clone()));
                    continue;
                }
            };
            let a = at as usize;
            k.code[a..a + 16].copy_from_slice(&new.to_le_bytes());
        }
    }
    Ok(())
}

/// `word` with bits [lo, lo + width) replaced by `v`.
fn set_bits(word: u128, lo: u32, width: u32, v: u128) -> u128 {
    let mask = ((1u128 << width) - 1) << lo;
    (word & !mask) | ((v << lo) & mask)
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
        k.param_cbank_offset = PARAM_CBANK_OFFSET;
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
pub(crate) fn relocations(file: &Elf) -> Result<Vec<Reloc>, LoadError> {
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
            if ent.len() < entsize {
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
            let (sym_section, sym_value) = file
                .symbol_by_index(object::SymbolIndex(sym))
                .ok()
                .map(|s| (s.section_index().map_or(0, |i| i.0), s.address()))
                .unwrap_or((0, 0));
            let addend = if t == SHT_RELA {
                Some(i64::from_le_bytes(
                    ent[16..24].try_into().unwrap_or_default(),
                ))
            } else {
                None
            };
            out.push(Reloc {
                section: n.to_string(),
                offset: r_off,
                rtype: info as u32,
                symbol,
                addend,
                target: sh.sh_info(e) as usize,
                sym_section,
                sym_value,
                applied: false,
            });
        }
    }
    Ok(out)
}

/// Relocation types the loader applies to module data: each writes the
/// symbol's address plus the addend (S + A).
pub mod rtype {
    /// `R_CUDA_32`: a 32-bit absolute address.
    pub const R_CUDA_32: u32 = 1;
    /// `R_CUDA_64`: a 64-bit absolute address (ptxas's `c[0x4]` words).
    pub const R_CUDA_64: u32 = 2;
    /// `R_CUDA_G64`: a 64-bit global address (NVRTC's `.rela.nv.global.init`
    /// for a `__device__` pointer initialised with another global's address).
    pub const R_CUDA_G64: u32 = 4;
    /// `R_CUDA_FUNC_DESC_64`: a function's address in data (a function
    /// pointer: CUDA's device runtime keeps a table of its memcpy/memset
    /// kernels, Numba's NRT its destructors). See [`super::FUNC_DESC_BASE`].
    pub const R_CUDA_FUNC_DESC_64: u32 = 35;
    /// `R_CUDA_ABS32_32`: an instruction's bits [32, 64) are the address.
    pub const R_CUDA_ABS32_32: u32 = 55;
    /// `R_CUDA_ABS32_LO_32`: bits [32, 64) are its low 32 bits.
    pub const R_CUDA_ABS32_LO_32: u32 = 56;
    /// `R_CUDA_ABS32_HI_32`: bits [32, 64) are its high 32 bits.
    pub const R_CUDA_ABS32_HI_32: u32 = 57;
    /// `R_CUDA_ABS47_34`: bits [34, 81) are the address over 4
    /// (`CALL.ABS.NOINC` to a function in another section, or to `vprintf`).
    pub const R_CUDA_ABS47_34: u32 = 58;
}

/// Where function pointers held in module data point
/// ([`rtype::R_CUDA_FUNC_DESC_64`]): each function such a relocation names
/// gets `FUNC_DESC_BASE + 16 * i` (`i`: its rank among those names, sorted),
/// so that pointers to one function are equal and pointers to two differ.
/// No kernel can call through one yet (a kernel's indirect calls reach the
/// device functions of its own section, whose pointers are code offsets):
/// such a call ends in the lifter's bad-target trap, and loading the
/// pointer is harmless (the device runtime's tables hold them unused).
pub const FUNC_DESC_BASE: u64 = 0x7e00_0000_0000;

/// A section of module-scope data.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DataSection {
    /// `.nv.global.init`: initialised `__device__` data.
    GlobalInit,
    /// `.nv.global`: zero-initialised `__device__` data (NOBITS).
    Global,
    /// `.nv.constantN`, module scope: constant bank N (3 = `__constant__`,
    /// 4 = ptxas's addresses of globals).
    Bank(u32),
}

/// A named object of module-scope data (`__device__` or `__constant__`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataSymbol {
    /// Symbol name.
    pub name: String,
    /// Where it lives.
    pub section: DataSection,
    /// Byte offset in that section.
    pub offset: u64,
    /// Size in bytes.
    pub size: u64,
}

/// A relocation of module data (a constant bank word or a global's initial
/// value).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataReloc {
    /// The relocation section's name.
    pub section: String,
    /// The patched section.
    pub target: DataSection,
    /// Offset in the patched section.
    pub offset: u64,
    /// ELF relocation type.
    pub rtype: u32,
    /// Symbol name.
    pub symbol: String,
    /// The symbol's section, when it is module data.
    pub sym_section: Option<DataSection>,
    /// The symbol's offset in its section.
    pub sym_value: u64,
    /// Explicit addend (`.rela`); `None`: the word's contents.
    pub addend: Option<i64>,
}

impl DataReloc {
    /// Why the loader cannot apply this relocation, if it cannot.
    pub fn unsupported(&self) -> Option<String> {
        if self.rtype == rtype::R_CUDA_FUNC_DESC_64 {
            return self
                .sym_section
                .map(|_| "a function descriptor of module data".into());
        }
        if !matches!(
            self.rtype,
            rtype::R_CUDA_32 | rtype::R_CUDA_64 | rtype::R_CUDA_G64
        ) {
            return Some("unsupported relocation type".into());
        }
        match self.sym_section {
            // Module banks sit in the data block too (`ModuleData::bank_offset`).
            Some(_) => None,
            None if host_function(&self.symbol).is_some() => None,
            None => Some("the symbol is not module data".into()),
        }
    }

    /// Bytes the relocation writes.
    pub fn width(&self) -> usize {
        if self.rtype == rtype::R_CUDA_32 {
            4
        } else {
            8
        }
    }
}

/// A function of the CUDA driver that device code calls by address
/// (`CALL.ABS` through a relocated constant-bank word).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HostFunction {
    /// The symbol the cubin's relocation names.
    pub name: &'static str,
    /// The address xisa gives it: above every global and below the shared
    /// and local windows, so that no data pointer equals one.
    pub addr: u64,
    /// What a call to it becomes.
    pub service: DriverFn,
}

/// What a call of a [`HostFunction`] becomes in the IR.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DriverFn {
    /// A host service (`hostcall`).
    Host(HostFn),
    /// `__cuda_syscall_CGS_get_intrinsic_handle(scope)`, through which
    /// `cudaCGGetIntrinsicHandle` (CUDA's device runtime, linked into
    /// cooperative-groups code) gets the grid's handle: a nonzero constant,
    /// [`GRID_HANDLE`] (xisa runs every launch of a kernel with a grid
    /// barrier as a cooperative one).
    GridHandle,
    /// `__cuda_syscall_CGS_sync(handle, flags)`, `grid_group::sync`: the
    /// grid barrier (`bar.grid`); returns 0 (`cudaSuccess`).
    GridSync,
}

/// The grid handle `__cuda_syscall_CGS_get_intrinsic_handle` returns.
pub const GRID_HANDLE: u64 = 0x7d00_0000_0400;

/// The driver functions xisa provides: the loader relocates their symbols
/// to `addr`, the lifter turns a call to `addr` into `service`.
pub const HOST_FUNCTIONS: &[HostFunction] = &[
    HostFunction {
        name: "vprintf",
        addr: 0x7d00_0000_0000,
        service: DriverFn::Host(HostFn::Printf),
    },
    HostFunction {
        name: "__assertfail",
        addr: 0x7d00_0000_0100,
        service: DriverFn::Host(HostFn::AssertFail),
    },
    HostFunction {
        name: "malloc",
        addr: 0x7d00_0000_0200,
        service: DriverFn::Host(HostFn::Malloc),
    },
    HostFunction {
        name: "free",
        addr: 0x7d00_0000_0300,
        service: DriverFn::Host(HostFn::Free),
    },
    HostFunction {
        name: "__cuda_syscall_CGS_get_intrinsic_handle",
        addr: 0x7d00_0000_0500,
        service: DriverFn::GridHandle,
    },
    HostFunction {
        name: "__cuda_syscall_CGS_sync",
        addr: 0x7d00_0000_0600,
        service: DriverFn::GridSync,
    },
];

/// The address xisa gives driver function `name`, if it provides it.
pub fn host_function(name: &str) -> Option<u64> {
    HOST_FUNCTIONS
        .iter()
        .find(|f| f.name == name)
        .map(|f| f.addr)
}

/// Module-scope data of a cubin: the globals' sections, the module constant
/// banks and the relocations between them. A launcher places them in guest
/// memory once per device ([`ModuleData::materialize`]), as one data block:
/// `.nv.global.init`, `.nv.global`, then each module bank (256-aligned, in
/// bank order), then the [`CONST_WINDOW_WORD`]. The banks are in memory
/// because CUDA gives `__constant__` data a device address: a generic
/// pointer to it (PTX `cvta.const`, `printf`'s format strings in Numba's
/// code) reads it there, `cudaMemcpyToSymbol` writes it there, and each
/// launch copies the current bank images into the kernel's parameter
/// block, where the kernel's `c[bank][x]` reads find them.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ModuleData {
    /// `.nv.global.init` contents.
    pub global_init: Vec<u8>,
    /// Its alignment.
    pub global_init_align: u64,
    /// `.nv.global` size (zero-filled).
    pub global_bytes: u64,
    /// Its alignment.
    pub global_align: u64,
    /// Module-scope constant banks (bank number → image as in the cubin).
    pub banks: BTreeMap<u32, Vec<u8>>,
    /// Named objects of the data sections.
    pub symbols: Vec<DataSymbol>,
    /// Relocations that patch the data sections.
    pub relocs: Vec<DataReloc>,
    /// ELF section index of each data section.
    pub sections: BTreeMap<usize, DataSection>,
    /// The module data addresses that instructions hold as immediates
    /// ([`CubinKernel::code_words`]): each is the word image
    /// [`CODE_WORDS`] puts in the data block.
    pub code_words: Vec<CodeWord>,
    /// A kernel reads the grid workspace's address: the block holds the
    /// [`GRID_WORKSPACE_WORD`] and the [`GRID_WORKSPACE`].
    pub grid_workspace: bool,
}

/// A 32-bit half of a module data address that an instruction holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CodeWord {
    /// The symbol's section.
    pub section: DataSection,
    /// The symbol's offset there plus the addend.
    pub offset: i64,
    /// The high half (else the low one).
    pub hi: bool,
}

/// The materialized data of one module instance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Materialized {
    /// The initial bytes of the data block's start (`.nv.global.init`),
    /// relocations applied; the rest of the globals (`.nv.global`) is zero.
    pub globals: Vec<u8>,
    /// Each module bank (relocations applied) and the
    /// [`CONST_WINDOW_WORD`]: (bank, offset in the data block, bytes).
    pub banks: Vec<(u32, u64, Vec<u8>)>,
}

impl ModuleData {
    /// True when the module has neither globals nor module constant banks.
    pub fn is_empty(&self) -> bool {
        self.global_init.is_empty()
            && self.global_bytes == 0
            && self.banks.is_empty()
            && !self.grid_workspace
    }

    /// Offset of `.nv.global` in the global block (after `.nv.global.init`,
    /// aligned), and the block's size.
    pub fn global_layout(&self) -> (u64, u64) {
        let align = self.global_align.max(1);
        let bss = (self.global_init.len() as u64).div_ceil(align) * align;
        (bss, bss + self.global_bytes)
    }

    /// Offset in the data block of module bank `bank` (or of the
    /// [`CONST_WINDOW_WORD`]), if the module has it.
    pub fn bank_offset(&self, bank: u32) -> Option<u64> {
        self.bank_layout()
            .into_iter()
            .find(|&(b, _, _)| b == bank)
            .map(|(_, off, _)| off)
    }

    /// (bank, offset in the data block, size) of each module bank, then of
    /// the [`CONST_WINDOW_WORD`] when the module has bank 3, then of the
    /// [`GRID_WORKSPACE_WORD`] and [`GRID_WORKSPACE`] when a kernel reads
    /// them.
    fn bank_layout(&self) -> Vec<(u32, u64, u64)> {
        let mut at = self.global_layout().1;
        let mut out = Vec::new();
        for (&b, img) in &self.banks {
            at = at.div_ceil(256) * 256;
            out.push((b, at, img.len() as u64));
            at += img.len() as u64;
        }
        if self.banks.contains_key(&CONST_BANK) {
            at = at.div_ceil(8) * 8;
            out.push((CONST_WINDOW_WORD, at, 8));
            at += 8;
        }
        if self.grid_workspace {
            at = at.div_ceil(8) * 8;
            out.push((GRID_WORKSPACE_WORD, at, 8));
            out.push((GRID_WORKSPACE, at + 8, 16));
            at += 24;
        }
        if !self.code_words.is_empty() {
            out.push((
                CODE_WORDS,
                at.div_ceil(8) * 8,
                4 * self.code_words.len() as u64,
            ));
        }
        out
    }

    /// Bytes of the data block: globals, banks and the const-window word.
    pub fn block_size(&self) -> u64 {
        self.bank_layout()
            .last()
            .map_or(self.global_layout().1, |&(_, off, len)| off + len)
    }

    /// Offset in the data block of byte `value` of a data section.
    pub fn global_offset(&self, sec: DataSection, value: u64) -> Option<u64> {
        match sec {
            DataSection::GlobalInit => Some(value),
            DataSection::Global => Some(self.global_layout().0 + value),
            DataSection::Bank(b) => Some(self.bank_offset(b)? + value),
        }
    }

    /// The named object `name`.
    pub fn symbol(&self, name: &str) -> Option<&DataSymbol> {
        self.symbols.iter().find(|s| s.name == name)
    }

    /// The initial data for a global block at guest address `base`, with
    /// every relocation applied. A relocation of a global's initial value
    /// that cannot be applied is an error; one in a constant bank is left
    /// as is (the lifter makes reading that word trap).
    pub fn materialize(&self, base: u64) -> Result<Materialized, LoadError> {
        // Only the initialised part is built on the host: `.nv.global` may
        // be large and is zero in freshly allocated guest memory.
        let mut globals = self.global_init.clone();
        let mut banks = self.banks.clone();
        let funcs: std::collections::BTreeSet<&str> = self
            .relocs
            .iter()
            .filter(|r| r.rtype == rtype::R_CUDA_FUNC_DESC_64)
            .map(|r| r.symbol.as_str())
            .collect();
        for r in &self.relocs {
            let err = |msg: String| LoadError::DataRelocation {
                section: r.section.clone(),
                rtype: r.rtype,
                at: r.offset,
                symbol: r.symbol.clone(),
                msg,
            };
            let why = r.unsupported();
            let buf: &mut Vec<u8> = match r.target {
                DataSection::GlobalInit => {
                    if let Some(m) = why {
                        return Err(err(m));
                    }
                    &mut globals
                }
                DataSection::Bank(b) => {
                    if why.is_some() {
                        continue;
                    }
                    match banks.get_mut(&b) {
                        Some(d) => d,
                        None => continue,
                    }
                }
                DataSection::Global => {
                    return Err(err("relocation of a NOBITS section".into()));
                }
            };
            let n = r.width();
            let at = usize::try_from(r.offset)
                .ok()
                .filter(|a| a.checked_add(n).is_some_and(|e| e <= buf.len()))
                .ok_or_else(|| err(format!("a {n}-byte word past the end of the section")))?;
            let word = &mut buf[at..at + n];
            let implicit = if n == 4 {
                i64::from(u32::from_le_bytes(word.try_into().unwrap_or_default()))
            } else {
                i64::from_le_bytes(word.try_into().unwrap_or_default())
            };
            let target = match (r.sym_section, host_function(&r.symbol)) {
                _ if r.rtype == rtype::R_CUDA_FUNC_DESC_64 => {
                    // The symbol's rank among the set's names (it is one).
                    let rank = funcs.range(..r.symbol.as_str()).count();
                    FUNC_DESC_BASE + 16 * rank as u64
                }
                (None, Some(addr)) => addr,
                _ => r
                    .sym_section
                    .and_then(|s| self.global_offset(s, r.sym_value))
                    .map(|o| base.wrapping_add(o))
                    .ok_or_else(|| err("the symbol is not a global".into()))?,
            };
            let v = target.wrapping_add(r.addend.unwrap_or(implicit) as u64);
            if n == 4 {
                if v > u64::from(u32::MAX) {
                    return Err(err(format!("address {v:#x} does not fit 32 bits")));
                }
                word.copy_from_slice(&(v as u32).to_le_bytes());
            } else {
                word.copy_from_slice(&v.to_le_bytes());
            }
        }
        let banks = self
            .bank_layout()
            .into_iter()
            .map(|(b, off, _)| {
                let img = match b {
                    CONST_WINDOW_WORD => self
                        .bank_offset(CONST_BANK)
                        .map_or(0, |o| base.wrapping_add(o))
                        .to_le_bytes()
                        .to_vec(),
                    CODE_WORDS => self.code_word_image(base),
                    GRID_WORKSPACE_WORD => self
                        .bank_offset(GRID_WORKSPACE)
                        .map_or(0, |o| base.wrapping_add(o))
                        .to_le_bytes()
                        .to_vec(),
                    GRID_WORKSPACE => vec![0; 16],
                    _ => banks.remove(&b).unwrap_or_default(),
                };
                (b, off, img)
            })
            .collect();
        Ok(Materialized { globals, banks })
    }

    /// The [`CODE_WORDS`] image for a data block at `base`.
    fn code_word_image(&self, base: u64) -> Vec<u8> {
        self.code_words
            .iter()
            .flat_map(|w| {
                let a = self
                    .global_offset(w.section, 0)
                    .map_or(0, |o| base.wrapping_add(o).wrapping_add(w.offset as u64));
                let half = if w.hi { a >> 32 } else { a };
                (half as u32).to_le_bytes()
            })
            .collect()
    }
}

/// The module bank of `__constant__` data (`.nv.constant3`): the one a
/// generic pointer can reach (PTX `cvta.const`).
pub const CONST_BANK: u32 = 3;

/// The bank number xisa gives the driver's word `c[0x0][0x50]`: the generic
/// address of constant bank 3 ([`CONST_BANK`]; ptxas adds a `.const`
/// variable's offset to it for `cvta.const`, and tests `isspacep.const`
/// against it). It is placed like a module bank (an 8-byte image in the data
/// block, copied into the parameter block at launch); no hardware bank
/// has this number.
pub const CONST_WINDOW_WORD: u32 = 0x1_0000;

/// The bank number xisa gives the driver's words `c[0x0][0x90]` (low half)
/// and `c[0x0][0x8c]` (high half): the address of the grid workspace, on
/// which CUDA's header-only `grid_group::sync` counts the arriving blocks
/// (one atomic add per block at offset 4, then a spin until the count's
/// sign flips; a null address traps). Placed like [`CONST_WINDOW_WORD`];
/// its image is the address of the module's [`GRID_WORKSPACE`].
pub const GRID_WORKSPACE_WORD: u32 = 0x1_0002;

/// The bank number of the grid workspace itself: 16 zero bytes in the data
/// block of a module whose kernels read [`GRID_WORKSPACE_WORD`]. One per
/// module instance serves every launch: each barrier adds 2^31 to the
/// count in all, so the count needs no reset.
pub const GRID_WORKSPACE: u32 = 0x1_0003;

/// Whether kernel code reads the grid workspace's address
/// (`c[0x0][0x8c]` or `c[0x0][0x90]`, [`GRID_WORKSPACE_WORD`]).
fn reads_grid_workspace(code: &[u8]) -> bool {
    code.chunks_exact(16).enumerate().any(|(i, c)| {
        crate::word_from_bytes(c)
            .and_then(|w| crate::decode_word(w, 16 * i as u64).ok())
            .is_some_and(|d| {
                d.fields.iter().any(|f| {
                    matches!(
                        f.operand,
                        Some(crate::Operand::CBuf {
                            bank: 0,
                            offset: 0x8c | 0x90
                        })
                    )
                })
            })
    })
}

/// The bank number xisa gives the module's [`ModuleData::code_words`]: the
/// data addresses debug builds hold in instruction immediates, filled in
/// when the module's data is placed and read from the parameter block.
pub const CODE_WORDS: u32 = 0x1_0001;

/// Collects the module-scope data: `.nv.global(.init)`, the module constant
/// banks, their symbols and relocations.
fn module_data(
    file: &Elf,
    banks: BTreeMap<u32, Vec<u8>>,
    relocs: &[Reloc],
) -> Result<ModuleData, LoadError> {
    let e = LittleEndian;
    let mut d = ModuleData {
        banks,
        global_init_align: 1,
        global_align: 1,
        ..ModuleData::default()
    };
    // Section index → data section.
    let mut kinds: BTreeMap<usize, DataSection> = BTreeMap::new();
    for sec in file.sections() {
        let Ok(n) = sec.name() else { continue };
        let sh = sec.elf_section_header();
        let off = sec.file_range().map(|r| r.0).unwrap_or(0);
        let kind = match n {
            ".nv.global.init" => {
                d.global_init = sec
                    .data()
                    .map_err(|e| elf_err(off, format!("{n}: {e}")))?
                    .to_vec();
                d.global_init_align = sh.sh_addralign(e).max(1);
                DataSection::GlobalInit
            }
            ".nv.global" => {
                d.global_bytes = sh.sh_size(e);
                d.global_align = sh.sh_addralign(e).max(1);
                DataSection::Global
            }
            _ => match n
                .strip_prefix(".nv.constant")
                .and_then(|r| r.parse::<u32>().ok())
            {
                Some(b) => DataSection::Bank(b),
                None => continue,
            },
        };
        kinds.insert(sec.index().0, kind);
    }
    // Globals live in one guest allocation; refuse absurd sizes and
    // alignments up front (the launcher allocates `global_layout().1`).
    if d.global_bytes > 1 << 34 || d.global_align > 1 << 20 || d.global_init_align > 1 << 20 {
        return Err(elf_err(0, ".nv.global: size or alignment too large"));
    }
    for sym in file.symbols() {
        let Some(&section) = sym.section_index().and_then(|i| kinds.get(&i.0)) else {
            continue;
        };
        // Named objects only (not the section symbols).
        if sym.kind() != object::SymbolKind::Data {
            continue;
        }
        let Ok(name) = sym.name() else { continue };
        d.symbols.push(DataSymbol {
            name: name.to_string(),
            section,
            offset: sym.address(),
            size: sym.size(),
        });
    }
    d.sections = kinds.clone();
    for r in relocs {
        let Some(&target) = kinds.get(&r.target) else {
            continue;
        };
        d.relocs.push(DataReloc {
            section: r.section.clone(),
            target,
            offset: r.offset,
            rtype: r.rtype,
            symbol: r.symbol.clone(),
            sym_section: kinds.get(&r.sym_section).copied(),
            sym_value: r.sym_value,
            addend: r.addend,
        });
    }
    Ok(d)
}
