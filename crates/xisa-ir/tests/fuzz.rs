//! Property tests: round trip of random valid modules; no panics on arbitrary or
//! mutated text and on broken kernels.

mod common;

use proptest::prelude::*;
use xisa_ir::text::{parse_module, print_module};
use xisa_ir::verify::verify_module;

/// Parsing never panics; whatever parses prints and re-parses to the same module.
fn check_text(src: &str) -> Result<(), TestCaseError> {
    if let Ok(m) = parse_module(src) {
        let _ = verify_module(&m);
        let text = print_module(&m);
        let back = parse_module(&text);
        prop_assert!(back.is_ok(), "{:?}\n{}", back, text);
        prop_assert_eq!(back.unwrap(), m);
    }
    Ok(())
}

const ALPHABET: &[&str] = &[
    "%", "@", "!", ",", "[", "]", "{", "}", "(", ")", ":", "=", ".", "-", "+", ";", "\n", " ",
    "\"", "\\", "0x", "0f", "0d", "0h", "1", "9", "e", "-1e5", "i32", "f32", "%x", "kernel", "reg",
    "param", "ld", "st", "atom", "exit", "br", "é",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn valid_modules_roundtrip(seed in any::<u64>()) {
        let m = common::random_module(seed, false);
        if let Err(e) = verify_module(&m) {
            return Err(TestCaseError::fail(format!("{e}\n{}", print_module(&m))));
        }
        let text = print_module(&m);
        let back = parse_module(&text);
        prop_assert!(back.is_ok(), "{:?}\n{}", back, text);
        prop_assert_eq!(back.unwrap(), m);
    }

    #[test]
    fn broken_modules_never_panic(seed in any::<u64>()) {
        let m = common::random_module(seed, true);
        let _ = verify_module(&m);
        let text = print_module(&m);
        check_text(&text)?;
    }

    #[test]
    fn arbitrary_text_never_panics(src in ".{0,300}") {
        check_text(&src)?;
    }

    #[test]
    fn token_soup_never_panics(toks in prop::collection::vec(0..ALPHABET.len(), 0..200)) {
        let src: String = toks.iter().map(|&i| ALPHABET[i]).collect();
        check_text(&src)?;
        check_text(&format!("kernel @k(%x: i32) {{\n reg %p: i1\ne:\n{src}\n exit\n}}"))?;
    }

    #[test]
    fn mutated_programs_never_panic(
        seed in any::<u64>(),
        edits in prop::collection::vec((any::<u32>(), 0..4u8, 0..ALPHABET.len()), 1..6),
    ) {
        let m = common::random_module(seed, false);
        let mut chars: Vec<char> = print_module(&m).chars().collect();
        for (pos, kind, tok) in edits {
            if chars.is_empty() {
                break;
            }
            let p = pos as usize % chars.len();
            match kind {
                0 => {
                    let end = (p + 1 + (pos as usize >> 8) % 8).min(chars.len());
                    chars.drain(p..end);
                }
                1 => {
                    for (i, c) in ALPHABET[tok].chars().enumerate() {
                        chars.insert(p + i, c);
                    }
                }
                2 => {
                    let c = chars[p];
                    chars.insert(p, c);
                }
                _ => {
                    chars[p] = ALPHABET[tok].chars().next().unwrap_or(' ');
                }
            }
        }
        let src: String = chars.into_iter().collect();
        check_text(&src)?;
    }
}
