//! Cubin (ELF64, EM_CUDA) code sections and their listing, for `xisa disasm`.

use crate::{DecodeError, Rules};

/// ELF machine number of CUDA.
pub const EM_CUDA: u16 = 190;

/// One code section of a cubin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextSection {
    /// Section name, e.g. `.text.kernel`.
    pub name: String,
    /// File offset of the section's first byte.
    pub file_offset: u64,
    /// The section's bytes.
    pub bytes: Vec<u8>,
}

fn bad(offset: u64, msg: &str) -> DecodeError {
    DecodeError::BadElf {
        offset,
        msg: msg.to_string(),
    }
}

/// True when the bytes start with the ELF magic.
pub fn is_elf(b: &[u8]) -> bool {
    b.starts_with(b"\x7fELF")
}

/// The `.text*` sections of a cubin, in section-table order (ELF parsed by the
/// `object` crate; errors name the file offset of the offending header).
pub fn text_sections(b: &[u8]) -> Result<Vec<TextSection>, DecodeError> {
    use object::read::elf::{ElfFile64, FileHeader, SectionHeader};
    use object::{LittleEndian, Object, ObjectSection};
    if !is_elf(b) {
        return Err(bad(0, "no ELF magic"));
    }
    if b.get(4) != Some(&2) || b.get(5) != Some(&1) {
        return Err(bad(4, "not a little-endian ELF64 file"));
    }
    let file = ElfFile64::<LittleEndian>::parse(b).map_err(|e| bad(0, &e.to_string()))?;
    let e = LittleEndian;
    let machine = file.elf_header().e_machine(e).0;
    if machine != EM_CUDA {
        return Err(bad(
            18,
            &format!("e_machine {machine}, expected {EM_CUDA} (CUDA)"),
        ));
    }
    let shoff = file.elf_header().e_shoff(e);
    let mut out = Vec::new();
    for sec in file.sections() {
        // File offset of this section's header, for error messages.
        let h = shoff.saturating_add((sec.index().0 as u64).saturating_mul(64));
        let name = sec.name().map_err(|err| bad(h, &err.to_string()))?;
        if !name.starts_with(".text")
            || sec.elf_section_header().sh_type(e) == object::elf::SHT_NOBITS
        {
            continue;
        }
        let bytes = sec.data().map_err(|_| {
            bad(
                h.saturating_add(0x18),
                "section data past the end of the file",
            )
        })?;
        out.push(TextSection {
            name: name.to_string(),
            file_offset: sec.file_range().map_or(0, |r| r.0),
            bytes: bytes.to_vec(),
        });
    }
    Ok(out)
}

/// Disassemble every code section of a cubin into a listing; error offsets
/// are file offsets.
pub fn disassemble_cubin(rules: &Rules, b: &[u8]) -> Result<String, DecodeError> {
    let mut out = String::new();
    for s in text_sections(b)? {
        out.push_str(&format!("\t.section\t{}\n", s.name));
        for (i, chunk) in s.bytes.chunks(16).enumerate() {
            let pc = (i as u64) * 16;
            let file_off = s.file_offset + pc;
            let w = crate::word_from_bytes(chunk).ok_or(DecodeError::Truncated {
                offset: file_off,
                len: chunk.len(),
            })?;
            let d = rules.decode(w, pc).map_err(|e| relocate(e, file_off))?;
            out.push_str(&format!(
                "        /*{pc:04x}*/                   {}\n",
                d.text
            ));
        }
    }
    Ok(out)
}

fn relocate(e: DecodeError, file_off: u64) -> DecodeError {
    match e {
        DecodeError::UnknownOpcode { opcode, word, .. } => DecodeError::UnknownOpcode {
            offset: file_off,
            opcode,
            word,
        },
        DecodeError::InvalidField {
            mnemonic,
            field,
            value,
            ..
        } => DecodeError::InvalidField {
            offset: file_off,
            mnemonic,
            field,
            value,
        },
        other => other,
    }
}
