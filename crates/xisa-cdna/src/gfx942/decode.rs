//! gfx942 instruction decoding: format by fixed bits, opcode by table, length
//! (4 or 8 bytes, +4 for a 32-bit literal).

use super::tables::{tables, Class, Opcode};

/// Why a gfx942 instruction could not be decoded or printed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Gfx942ErrorKind {
    /// The instruction (second dword or literal) runs past the end of the input.
    #[error("instruction needs {need} bytes, only {have} left")]
    Truncated {
        /// Bytes the instruction needs.
        need: usize,
        /// Bytes left.
        have: usize,
    },
    /// No supported format matches the first dword.
    #[error("no supported gfx942 format matches {word:#010x}")]
    UnknownFormat {
        /// The first dword.
        word: u32,
    },
    /// The format has no such opcode.
    #[error("{format}: unknown opcode {op}")]
    UnknownOpcode {
        /// Format name.
        format: String,
        /// Value of the op field.
        op: u32,
    },
    /// A field holds a value the instruction does not accept.
    #[error("{mnemonic}: invalid {field} = {value:#x}")]
    InvalidField {
        /// Mnemonic.
        mnemonic: String,
        /// Field name.
        field: String,
        /// Value.
        value: u64,
    },
}

/// A decoding error at a byte offset.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("gfx942: byte offset {offset}: {kind}")]
pub struct Gfx942Error {
    /// Byte offset of the instruction.
    pub offset: usize,
    /// What went wrong.
    pub kind: Gfx942ErrorKind,
}

/// One decoded instruction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Inst {
    /// The opcode row.
    pub opcode: &'static Opcode,
    /// The instruction word (first dword in bits 0..32, second in 32..64).
    pub word: u64,
    /// The 32-bit literal constant following the instruction, if any.
    pub literal: Option<u32>,
    /// Length in bytes.
    pub len: usize,
}

impl Inst {
    /// Value of `field`.
    pub fn get(&self, field: &str) -> u32 {
        tables().formats[self.opcode.format].get(self.word, field)
    }
}

fn dword(bytes: &[u8], at: usize) -> Option<u32> {
    let b = bytes.get(at..at + 4)?;
    Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// Decodes the instruction at `offset`.
pub fn decode_one(bytes: &[u8], offset: usize) -> Result<Inst, Gfx942Error> {
    let err = |kind| Gfx942Error { offset, kind };
    let have = bytes.len().saturating_sub(offset);
    let w0 = dword(bytes, offset).ok_or(err(Gfx942ErrorKind::Truncated { need: 4, have }))?;
    let t = tables();
    let fi = t
        .format_of(w0)
        .ok_or(err(Gfx942ErrorKind::UnknownFormat { word: w0 }))?;
    let f = &t.formats[fi];
    // The second dword is checked once the opcode (and so the length) is known:
    // src0 = 249/250 of an opcode without SDWA/DPP form is a 4-byte instruction.
    let w1 = dword(bytes, offset + 4);
    let word = w0 as u64 | (w1.unwrap_or(0) as u64) << 32;
    let op = f.get(word, "op");
    let variant = match f.name.as_str() {
        "FLAT" => match f.get(word, "seg") {
            0 => "flat",
            1 => "scratch",
            2 => "global",
            _ => "",
        },
        _ => "-",
    };
    // VOP3A/VOP3B (and VOP3P/VOP3P_MAI) share fixed bits and the op field: the
    // opcode row names the layout. An opcode without an SDWA/DPP form whose src0
    // reads 249/250 is the plain 32-bit instruction (LLVM decodes it so).
    let family = |a: usize| {
        let g = &t.formats[a];
        (g.mask == f.mask && g.value == f.value)
            || f.name
                .strip_prefix(g.name.as_str())
                .is_some_and(|r| r.starts_with('_'))
    };
    let (opcode, word) = t
        .formats_of(w0)
        .filter(|&a| family(a))
        .find_map(|a| {
            let g = &t.formats[a];
            let w = if g.bytes == 4 {
                word & 0xffff_ffff
            } else {
                word
            };
            t.opcode(a, variant, g.get(w, "op")).map(|o| (o, w))
        })
        .ok_or(err(Gfx942ErrorKind::UnknownOpcode {
            format: f.name.clone(),
            op,
        }))?;
    let of = &t.formats[opcode.format];
    if of.bytes == 8 && w1.is_none() {
        return Err(err(Gfx942ErrorKind::Truncated { need: 8, have }));
    }
    // Literals exist only after the 32-bit encodings (SOP*, VOP1/VOP2/VOPC).
    let wants_literal = opcode.operands.iter().any(|o| match o.class {
        Class::S => o.field.starts_with("ssrc") && of.get(word, &o.field) == 255,
        Class::Src | Class::ASrc => of.bytes == 4 && of.get(word, &o.field) == 255,
        Class::K => true,
        _ => false,
    });
    let mut len = of.bytes;
    let mut literal = None;
    if wants_literal {
        literal = Some(
            dword(bytes, offset + len).ok_or(err(Gfx942ErrorKind::Truncated {
                need: len + 4,
                have,
            }))?,
        );
        len += 4;
    }
    Ok(Inst {
        opcode,
        word,
        literal,
        len,
    })
}

/// Decodes a whole program; returns each instruction with its byte offset.
pub fn decode_program(bytes: &[u8]) -> Result<Vec<(usize, Inst)>, Gfx942Error> {
    let mut out = Vec::new();
    let mut off = 0;
    while off < bytes.len() {
        let i = decode_one(bytes, off)?;
        let n = i.len;
        out.push((off, i));
        off += n;
    }
    Ok(out)
}
