//! Fuzz: no input panics the decoder, the raw disassembler or the cubin reader.

use proptest::prelude::*;
use xisa_sm75::{cubin, decode_word, disassemble_raw, DecodeError, Rules};

/// The embedded rules, parsed once (parsing per case would dominate the run).
fn rules() -> &'static Rules {
    static R: std::sync::OnceLock<Rules> = std::sync::OnceLock::new();
    R.get_or_init(|| Rules::embedded().expect("embedded rules"))
}

fn word(lo: u64, hi: u64) -> u128 {
    (u128::from(hi) << 64) | u128::from(lo)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 20_000, .. ProptestConfig::default() })]

    /// Random 128-bit words.
    #[test]
    fn random_words_never_panic(lo in any::<u64>(), hi in any::<u64>(), pc in any::<u64>()) {
        let _ = decode_word(word(lo, hi), pc);
    }

    /// Random words with a known opcode (so the field decoders run).
    #[test]
    fn known_opcodes_never_panic(lo in any::<u64>(), hi in any::<u64>(),
                                 op in prop::sample::select(vec![0x3a8u64, 0x3a9, 0x9a8, 0x593, 0x595, 0x793, 0x795, 0x394, 0x918])) {
        let w = word((lo & !0xfff) | op, hi);
        match decode_word(w, 0x40) {
            Ok(d) => prop_assert!(!d.text.is_empty()),
            Err(DecodeError::UnknownOpcode { offset, .. }) | Err(DecodeError::InvalidField { offset, .. }) => prop_assert_eq!(offset, 0x40),
            Err(e) => prop_assert!(false, "unexpected error {e}"),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 5_000, .. ProptestConfig::default() })]

    /// Random byte strings as raw words and as cubins.
    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        match disassemble_raw(&bytes) {
            Ok(lines) => prop_assert_eq!(lines.len(), bytes.len() / 16),
            Err(DecodeError::Truncated { offset, len }) => {
                prop_assert_eq!(offset as usize, bytes.len() / 16 * 16);
                prop_assert_eq!(len, bytes.len() % 16);
            }
            Err(_) => {}
        }
        let rules = rules();
        let mut elf = b"\x7fELF\x02\x01".to_vec();
        elf.extend_from_slice(&bytes);
        let _ = cubin::disassemble_cubin(rules, &elf);
        let _ = cubin::disassemble_cubin(rules, &bytes);
    }
}
