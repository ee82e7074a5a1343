//! Minimal cubin (ELF64, EM_CUDA) reader: finds the `.text.<kernel>` sections
//! and disassembles them.  Every read is bounds-checked.

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

fn rd<const N: usize>(b: &[u8], off: u64) -> Result<[u8; N], DecodeError> {
    let o = usize::try_from(off).map_err(|_| bad(off, "offset out of range"))?;
    b.get(o..o.saturating_add(N))
        .and_then(|s| s.try_into().ok())
        .ok_or_else(|| bad(off, "read past the end of the file"))
}

fn u16_at(b: &[u8], off: u64) -> Result<u16, DecodeError> {
    Ok(u16::from_le_bytes(rd::<2>(b, off)?))
}
fn u32_at(b: &[u8], off: u64) -> Result<u32, DecodeError> {
    Ok(u32::from_le_bytes(rd::<4>(b, off)?))
}
fn u64_at(b: &[u8], off: u64) -> Result<u64, DecodeError> {
    Ok(u64::from_le_bytes(rd::<8>(b, off)?))
}

/// True when the bytes start with the ELF magic.
pub fn is_elf(b: &[u8]) -> bool {
    b.starts_with(b"\x7fELF")
}

/// The `.text.*` sections of a cubin.
pub fn text_sections(b: &[u8]) -> Result<Vec<TextSection>, DecodeError> {
    if !is_elf(b) {
        return Err(bad(0, "no ELF magic"));
    }
    if rd::<1>(b, 4)?[0] != 2 || rd::<1>(b, 5)?[0] != 1 {
        return Err(bad(4, "not a little-endian ELF64 file"));
    }
    let machine = u16_at(b, 18)?;
    if machine != EM_CUDA {
        return Err(bad(
            18,
            &format!("e_machine {machine}, expected {EM_CUDA} (CUDA)"),
        ));
    }
    let shoff = u64_at(b, 0x28)?;
    let shentsize = u64::from(u16_at(b, 0x3a)?);
    let shnum = u64::from(u16_at(b, 0x3c)?);
    let shstrndx = u64::from(u16_at(b, 0x3e)?);
    if shentsize < 64 {
        return Err(bad(0x3a, "section header entry too small"));
    }
    let sh = |i: u64| -> Result<u64, DecodeError> {
        i.checked_mul(shentsize)
            .and_then(|x| x.checked_add(shoff))
            .ok_or_else(|| bad(0x28, "section header offset overflow"))
    };
    let strtab = sh(shstrndx)?;
    let str_off = u64_at(b, strtab + 0x18)?;
    let str_size = u64_at(b, strtab + 0x20)?;
    let mut out = Vec::new();
    for i in 0..shnum {
        let h = sh(i)?;
        let name_off = u64::from(u32_at(b, h)?);
        let sh_type = u32_at(b, h + 4)?;
        let off = u64_at(b, h + 0x18)?;
        let size = u64_at(b, h + 0x20)?;
        if name_off >= str_size {
            return Err(bad(h, "section name outside the string table"));
        }
        let name = read_cstr(b, str_off + name_off)?;
        if !name.starts_with(".text") || sh_type == 8 {
            continue;
        }
        let start = usize::try_from(off).map_err(|_| bad(h + 0x18, "offset out of range"))?;
        let len = usize::try_from(size).map_err(|_| bad(h + 0x20, "size out of range"))?;
        let bytes = b
            .get(start..start.saturating_add(len))
            .ok_or_else(|| bad(h + 0x18, "section data past the end of the file"))?;
        out.push(TextSection {
            name,
            file_offset: off,
            bytes: bytes.to_vec(),
        });
    }
    Ok(out)
}

fn read_cstr(b: &[u8], off: u64) -> Result<String, DecodeError> {
    let o = usize::try_from(off).map_err(|_| bad(off, "offset out of range"))?;
    let tail = b.get(o..).ok_or_else(|| bad(off, "string past the end"))?;
    let end = tail
        .iter()
        .position(|&c| c == 0)
        .ok_or_else(|| bad(off, "unterminated string"))?;
    Ok(String::from_utf8_lossy(&tail[..end]).into_owned())
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
