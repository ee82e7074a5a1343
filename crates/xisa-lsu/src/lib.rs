//! xisa frontend for the **lsu** group (chapter 6.4: load/store/atomic, 301
//! instructions) of the third vendor's GPU ISA: translation rules as data, binary
//! codec, assembler, disassembler and lifter to the xisa IR. See `docs/lsu.md`.
//!
//! - [`rules`]: the embedded `translation-rules/lsu/` tables (generated from the
//!   chapter by `convert.py`) and the instruction-word layout;
//! - [`codec`]: words <-> [`Inst`];
//! - [`asm`]: text <-> [`Inst`];
//! - [`lift`](mod@lift): [`Inst`]s -> an IR kernel;
//! - [`write`]: IR atomics -> [`Inst`]s (rows found by their semantics).

pub mod asm;
pub mod codec;
pub mod frontend;
pub mod lift;
pub mod rules;
pub mod write;

pub use asm::{AsmError, AsmErrorKind};
pub use codec::{DecodeError, DecodeErrorKind, Inst};
pub use lift::{LiftError, LiftOptions, SCRATCH_BYTES};

/// Number of instructions in the group.
pub const INSTRUCTION_COUNT: usize = 301;

/// Assembles a program into little-endian instruction words.
pub fn assemble(text: &str) -> Result<Vec<u8>, AsmError> {
    Ok(codec::encode_program(&asm::parse_program(text)?))
}

/// Disassembles little-endian instruction words, one line per instruction.
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
        assert_eq!(t.rules.len(), INSTRUCTION_COUNT);
        assert_eq!(t.layout.word_bits, 96);
    }

    #[test]
    fn simple_round_trip() {
        let src = "ld.global.b32 v1, v[2:3], -16\n\
                   st.buf.b64 v[4:5], u[8:11], v0, 0x10, nt|scope:sys\n\
                   uld.x.b512 u[16:31], u[0:1], u2, 8388607\n\
                   cache.wb.l2\n";
        let bin = assemble(src).unwrap();
        assert_eq!(bin.len(), 4 * 12);
        let text = disassemble(&bin).unwrap();
        assert_eq!(
            text,
            vec![
                "ld.global.b32 v1, v[2:3], -16",
                "st.buf.b64 v[4:5], u[8:11], v0, 16, nt|scope:sys",
                "uld.x.b512 u[16:31], u[0:1], u2, 8388607",
                "cache.wb.l2",
            ]
        );
    }
}
