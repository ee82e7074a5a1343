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
    /// Relocated operands of its instructions, as nvdisasm prints them:
    /// (offset, relocation type, `32@lo(SYM)`, `32@hi((SYM+0x150))`,
    /// `` `(vprintf) ``; see [`reloc_text`]).
    pub relocs: Vec<(u64, u32, String)>,
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
    // A cubin whose relocations cannot be read still lists, raw.
    let relocs = crate::loader::relocations(&file).unwrap_or_default();
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
            relocs: relocs
                .iter()
                .filter(|r| r.target == sec.index().0)
                .filter_map(|r| Some((r.offset, r.rtype, reloc_text(r)?)))
                .collect(),
        });
    }
    Ok(out)
}

/// How nvdisasm prints a relocated operand: a 32-bit immediate
/// (`R_CUDA_ABS32_*_32`) as `32@lo(SYM)`, or `32@lo((SYM+0xA))` with an
/// addend (nvdisasm names the addend by the label there, `.L_x_0@srel`);
/// a `CALL.ABS` target (`R_CUDA_ABS47_34`) outside the cubin (`vprintf`,
/// `malloc`) as `` `(SYM) ``. `None` for other relocations, and for call
/// targets inside the cubin, which print as their raw field (the
/// function's address in its own section: 0).
fn reloc_text(r: &crate::loader::Reloc) -> Option<String> {
    use crate::loader::rtype::*;
    let part = match r.rtype {
        R_CUDA_ABS32_LO_32 => "32@lo",
        R_CUDA_ABS32_HI_32 => "32@hi",
        R_CUDA_ABS32_32 => "32@abs",
        R_CUDA_ABS47_34 if r.sym_section == 0 => return Some(format!("`({})", r.symbol)),
        _ => return None,
    };
    Some(match r.addend.unwrap_or(0) {
        0 => format!("{part}({})", r.symbol),
        a => format!("{part}(({}+{a:#x}))", r.symbol),
    })
}

/// Disassemble every code section of a cubin into a listing; error offsets
/// are file offsets.
pub fn disassemble_cubin(rules: &Rules, b: &[u8]) -> Result<String, DecodeError> {
    disassemble_cubin_with(rules, b, false)
}

/// `text` padded and followed by the word's low half as a comment, and a
/// second line with its high half: `nvdisasm -hex`'s layout.
pub fn with_hex(text: &str, w: u128) -> String {
    format!(
        "{text:<60} /* {:#018x} */\n{:<60} /* {:#018x} */",
        w as u64,
        "",
        (w >> 64) as u64
    )
}

/// [`disassemble_cubin`], with each instruction's encoding beside it
/// ([`with_hex`]) when `hex`.
pub fn disassemble_cubin_with(rules: &Rules, b: &[u8], hex: bool) -> Result<String, DecodeError> {
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
            let text = match s.relocs.iter().find(|r| r.0 == pc) {
                Some((_, t, r)) => {
                    // The field as the decoder prints it.
                    let field = if *t == crate::loader::rtype::R_CUDA_ABS47_34 {
                        ((w >> 34) as u64 & ((1 << 47) - 1)) << 2
                    } else {
                        u64::from((w >> 32) as u32)
                    };
                    with_reloc(&d.text, field, r)
                }
                None => d.text.clone(),
            };
            let line = format!("        /*{pc:04x}*/                   {text}");
            if hex {
                out.push_str(&with_hex(&line, w));
            } else {
                out.push_str(&line);
            }
            out.push('\n');
        }
    }
    Ok(out)
}

/// `text` with its last operand, the immediate `field`, printed as the
/// relocation `r`; unchanged when the last operand is not that immediate.
fn with_reloc(text: &str, field: u64, r: &str) -> String {
    let body = text.trim_end_matches(" ;");
    match body.rsplit_once(' ') {
        Some((head, last)) if last == format!("{field:#x}") => format!("{head} {r} ;"),
        _ => text.to_string(),
    }
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
        DecodeError::Unmodeled {
            mnemonic,
            class,
            bits,
            ..
        } => DecodeError::Unmodeled {
            offset: file_off,
            mnemonic,
            class,
            bits,
        },
        other => other,
    }
}
