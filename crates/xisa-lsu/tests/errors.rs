//! Bad input: one-line errors with line/column (assembly) or byte offset
//! (binary); no input panics (proptest fuzz).

use proptest::prelude::*;
use xisa_lsu::codec::{encode, word_bytes, Inst};
use xisa_lsu::{AsmErrorKind, DecodeErrorKind};

fn asm_err(src: &str) -> xisa_lsu::AsmError {
    xisa_lsu::assemble(src).expect_err(src)
}

/// Asserts that `src` fails to assemble with an error of kind `pat`;
/// returns the error.
macro_rules! assert_asm_err {
    ($src:expr, $pat:pat) => {{
        let e = asm_err($src);
        assert!(matches!(e.kind, $pat), "{:?}: {e}", $src);
        e
    }};
}

#[test]
fn assembly_errors() {
    let e = asm_err("ld.global.b32 v1, v[2:3], 0\nld.global.b33 v1, v[2:3], 0");
    assert_eq!((e.line, e.col), (2, 1));
    assert!(matches!(e.kind, AsmErrorKind::UnknownMnemonic(ref m) if m == "ld.global.b33"));
    assert_eq!(
        e.to_string(),
        "line 2, col 1: unknown mnemonic \"ld.global.b33\""
    );
    assert!(!e.to_string().contains('\n'));

    // Wrong operand kind: a uniform register where a vector pair goes.
    let e = asm_err("  ld.global.b32 v1, u[2:3], 0");
    assert_eq!((e.line, e.col), (1, 21));
    assert!(
        matches!(e.kind, AsmErrorKind::WrongOperand { index: 2, .. }),
        "{e}"
    );

    // Wrong count.
    assert_asm_err!(
        "ld.global.b32 v1, v[2:3]",
        AsmErrorKind::OperandCount { found: 2, .. }
    );
    let e = assert_asm_err!(
        "ld.shared.b32 v1, v2, 0, nt",
        AsmErrorKind::OperandCount { found: 4, .. }
    );
    assert_eq!(e.col, 26);
    assert_asm_err!(
        "cache.inv.l1 v0",
        AsmErrorKind::OperandCount { found: 1, .. }
    );

    // Register range of the wrong size.
    let e = assert_asm_err!(
        "ld.global.b64 v[1:3], v[2:3], 0",
        AsmErrorKind::RangeSize {
            expected: 2,
            found: 3,
            ..
        }
    );
    assert_eq!(e.col, 15);
    assert_asm_err!(
        "ld.buf.b32 v0, u[0:2], v1, 0",
        AsmErrorKind::RangeSize {
            expected: 4,
            found: 3,
            ..
        }
    );

    // Registers out of range / malformed.
    assert_asm_err!("ld.shared.b32 v256, v0, 0", AsmErrorKind::BadRegister(_));
    assert_asm_err!(
        "ld.global.b64 v[255:256], v[0:1], 0",
        AsmErrorKind::BadRegister(_)
    );
    assert_asm_err!(
        "ld.global.b64 v[3:2], v[0:1], 0",
        AsmErrorKind::BadRegister(_)
    );

    // Immediates out of the 24-bit range.
    let e = assert_asm_err!("ld.shared.b32 v0, v1, 8388608", AsmErrorKind::ImmRange(_));
    assert_eq!(e.col, 23);
    assert_asm_err!("ld.shared.b32 v0, v1, -8388609", AsmErrorKind::ImmRange(_));
    assert_asm_err!("ld.shared.b32 v0, v1, 0x800000", AsmErrorKind::ImmRange(_));
    assert_asm_err!(
        "ld.shared.b32 v0, v1, 99999999999999999999",
        AsmErrorKind::WrongOperand { .. }
    );
    assert_asm_err!(
        "ld.shared.b32 v0, v1, v2",
        AsmErrorKind::WrongOperand { .. }
    );

    // Cache policy.
    assert_asm_err!(
        "ld.global.b32 v0, v[1:2], 0, fast",
        AsmErrorKind::BadCpol(..)
    );
    assert_asm_err!(
        "ld.global.b32 v0, v[1:2], 0, nt|nt",
        AsmErrorKind::BadCpol(..)
    );
    assert_asm_err!(
        "ld.global.b32 v0, v[1:2], 0, scope:cta",
        AsmErrorKind::BadCpol(..)
    );
    assert_asm_err!(
        "ld.global.b32 v0, v[1:2], 0, ",
        AsmErrorKind::WrongOperand { .. }
    );

    // Columns count characters, not bytes.
    let e = asm_err("ld.global.b32 v1, v[2:3], 0 ; ok\nld.global.b32 vé, v[2:3], 0");
    assert_eq!((e.line, e.col), (2, 15));
}

fn word(i: &Inst) -> Vec<u8> {
    encode(i).to_le_bytes()[..word_bytes()].to_vec()
}

#[test]
fn decode_errors() {
    let t = xisa_lsu::rules::tables();
    let id = t.lookup("ld.global.b32").unwrap();
    let good = Inst {
        rd: 1,
        rs1: 2,
        imm: -5,
        ..Inst::new(id)
    };
    let mut bin = word(&good);
    bin.extend(word(&good));
    assert_eq!(xisa_lsu::disassemble(&bin).unwrap().len(), 2);

    // Truncated.
    let e = xisa_lsu::disassemble(&bin[..20]).unwrap_err();
    assert_eq!(e.offset, 12);
    assert!(matches!(
        e.kind,
        DecodeErrorKind::Truncated { have: 8, need: 12 }
    ));
    assert_eq!(
        e.to_string(),
        "offset 0xc: truncated instruction: 8 bytes left, a word is 12"
    );

    // Undefined opcode (bits 0..7 of the second word).
    let mut b = bin.clone();
    b[12] = 0x7f;
    let e = xisa_lsu::disassemble(&b).unwrap_err();
    assert_eq!(e.offset, 12);
    assert!(
        matches!(e.kind, DecodeErrorKind::UndefinedOpcode { opcode: 0x7f }),
        "{e}"
    );

    // Undefined f5 for a known opcode: ld has f5 0..=7; set f5 = 0x1f.
    let mut b = bin.clone();
    b[0] |= 0x80;
    b[1] |= 0x0f;
    let e = xisa_lsu::disassemble(&b).unwrap_err();
    assert!(
        matches!(
            e.kind,
            DecodeErrorKind::UndefinedFields { opcode: 0x15, .. }
        ),
        "{e}"
    );
    // Undefined sp (5..=7) and f2 (1..=3).
    let mut b = bin.clone();
    b[1] |= 0x70;
    assert!(matches!(
        xisa_lsu::disassemble(&b).unwrap_err().kind,
        DecodeErrorKind::UndefinedFields { .. }
    ));
    let mut b = bin.clone();
    b[1] |= 0x80;
    assert!(matches!(
        xisa_lsu::disassemble(&b).unwrap_err().kind,
        DecodeErrorKind::UndefinedFields { .. }
    ));

    // Reserved bits (the top byte of the 96-bit word).
    let mut b = bin.clone();
    b[23] = 1;
    let e = xisa_lsu::disassemble(&b).unwrap_err();
    assert_eq!(e.offset, 12);
    assert!(matches!(e.kind, DecodeErrorKind::Reserved { .. }), "{e}");

    // An operand field the instruction does not have (rs2 of a global load).
    let mut b = bin.clone();
    b[4] = 0x04; // bit 34: bit 1 of rs2 (bits 33..40)
    let e = xisa_lsu::disassemble(&b).unwrap_err();
    assert!(matches!(e.kind, DecodeErrorKind::UnusedField { .. }), "{e}");

    // A register range past v255.
    let id = t.lookup("ld.global.b128").unwrap();
    let bad = Inst {
        rd: 253,
        ..Inst::new(id)
    };
    let e = xisa_lsu::disassemble(&word(&bad)).unwrap_err();
    assert!(
        matches!(e.kind, DecodeErrorKind::RegisterRange { .. }),
        "{e}"
    );

    // SYS words carry nothing but opcode and f5.
    let id = t.lookup("cache.inv.l1").unwrap();
    let mut b = word(&Inst::new(id));
    assert_eq!(xisa_lsu::disassemble(&b).unwrap(), vec!["cache.inv.l1"]);
    b[3] = 1;
    assert!(matches!(
        xisa_lsu::disassemble(&b).unwrap_err().kind,
        DecodeErrorKind::Reserved { .. }
    ));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn disassemble_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
        if let Ok(lines) = xisa_lsu::disassemble(&bytes) {
            // Whatever decodes re-assembles to the same bytes.
            prop_assert_eq!(xisa_lsu::assemble(&lines.join("\n")).unwrap(), bytes);
        }
    }

    #[test]
    fn assemble_never_panics(s in "\\PC{0,80}") {
        let _ = xisa_lsu::assemble(&s);
    }

    #[test]
    fn mutated_text_never_panics(
        id in 0usize..301,
        cut in 0usize..60,
        junk in "[ -~]{0,6}",
    ) {
        let inst = Inst { id, rd: 4, rs1: 8, rs2: 12, imm: -3, cpol: 5 };
        let text = xisa_lsu::asm::print_inst(&inst);
        let mut s: String = text.chars().take(cut).collect();
        s.push_str(&junk);
        s.extend(text.chars().skip(cut));
        match xisa_lsu::assemble(&s) {
            Ok(b) => prop_assert_eq!(b.len() % 12, 0),
            Err(e) => prop_assert!(e.line == 1 && e.col >= 1 && !e.to_string().contains('\n')),
        }
    }

    #[test]
    fn random_words_with_valid_opcode(w in any::<u128>(), op in prop::sample::select(vec![0x15u32, 0x19, 0x1d, 0x21, 0x25, 0x4e])) {
        let w = (w & !0x7f) | op as u128;
        let bytes = w.to_le_bytes()[..12].to_vec();
        if let Ok(lines) = xisa_lsu::disassemble(&bytes) {
            prop_assert_eq!(xisa_lsu::assemble(&lines.join("\n")).unwrap(), bytes);
        }
    }
}
