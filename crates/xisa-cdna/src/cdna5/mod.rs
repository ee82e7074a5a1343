//! AMD CDNA 5: the **VGLOBAL atomic
//! family** (96-bit ENC_VGLOBAL, wave32): translation rules as data, binary codec,
//! LLVM-syntax assembler and disassembler, and lifter to the xisa IR. See
//! `docs/cdna.md` for the decisions and the coverage table.
//!
//! - [`rules`]: the embedded `translation-rules/cdna/` tables (layout, opcodes);
//! - [`codec`]: 12-byte words <-> [`Inst`];
//! - [`asm`]: LLVM text <-> [`Inst`];
//! - [`lift`](mod@lift): [`Inst`]s -> an IR kernel;
//! - [`write`]: IR atomics -> [`Inst`]s (rows found by their semantics).

pub mod asm;
pub mod codec;
pub mod frontend;
pub mod lift;
pub mod rules;
pub mod write;

pub use asm::{AsmError, AsmErrorKind};
pub use codec::{DecodeError, DecodeErrorKind, FieldError, Inst};
pub use lift::{LiftError, LiftOptions};

/// Number of VGLOBAL atomics in the opcode table.
pub const VGLOBAL_ATOMIC_COUNT: usize = 34;
/// Number of the other VGLOBAL rows: loads, stores, cache operations.
pub const VGLOBAL_MEM_COUNT: usize = 27;

/// Any error of the frontend.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Asm(#[from] AsmError),
    #[error(transparent)]
    Decode(#[from] DecodeError),
    #[error(transparent)]
    Field(#[from] FieldError),
    #[error(transparent)]
    Lift(#[from] LiftError),
}

/// Assembles a program into little-endian 96-bit instructions.
pub fn assemble(text: &str) -> Result<Vec<u8>, Error> {
    Ok(codec::encode_program(&asm::parse_program(text)?)?)
}

/// Disassembles a program, one line per instruction.
pub fn disassemble(bytes: &[u8]) -> Result<Vec<String>, DecodeError> {
    Ok(codec::decode_program(bytes)?
        .iter()
        .map(asm::print_inst)
        .collect())
}

pub use asm::parse_program;
pub use codec::decode_program;
pub use lift::lift;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_parse_and_count() {
        let t = rules::tables();
        assert_eq!(t.rules.len(), VGLOBAL_ATOMIC_COUNT + VGLOBAL_MEM_COUNT);
        let atomics = t.rules.iter().filter(|r| r.atomic().is_some()).count();
        assert_eq!(atomics, VGLOBAL_ATOMIC_COUNT);
        for f in [
            "IOFFSET",
            "VADDR",
            "VSRC",
            "TH",
            "SCOPE",
            "SVE",
            "SCALE_OFFSET",
            "VDST",
            "OP",
            "NV",
            "SADDR",
        ] {
            let _ = t.layout.field(f);
        }
        // Fields do not overlap each other or the fixed bits.
        let mut seen = t.layout.fixed_mask();
        for f in &t.layout.fields {
            assert_eq!(seen & f.mask(), 0, "{} overlaps", f.name);
            seen |= f.mask();
        }
    }

    #[test]
    fn seed_identifier() {
        // Opcode 90 in OP with every other field 0 rebuilds 0xEE168000.
        let t = rules::tables();
        let r = &t.rules[t.by_name("global_atomic_pk_add_bf16").unwrap()];
        assert_eq!(r.opcode, 90);
        let w = t.layout.field("OP").set(t.layout.fixed_bits(), 90);
        assert_eq!(w, 0xEE16_8000);
    }

    #[test]
    fn seed_round_trip() {
        let src = "global_atomic_pk_add_bf16 v0, v2, s[0:1]";
        let bin = assemble(src).unwrap();
        assert_eq!(
            bin,
            [0x00, 0x80, 0x16, 0xee, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00]
        );
        assert_eq!(disassemble(&bin).unwrap(), vec![src]);
    }
}
