//! Regression tests for decoding-table errors the assembler's nvdisasm
//! oracle found (docs/sm75.md, "Assembler"): each word's text is what
//! `nvdisasm -b SM75` 13.5 prints for it (in the comments).

use xisa_frontend::{read_mem, Frontend};
use xisa_sm75::decode_word;
use xisa_sm75::frontend::Sm75Frontend;

/// Stall 1, yield, no scoreboards.
const CTRL: u128 = 0x7f1 << 105;

fn text(w: u128) -> String {
    let d = decode_word(w, 0).unwrap_or_else(|e| panic!("{w:#034x}: {e}"));
    d.text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// ATOMS (0x38c) takes a 2-bit type, [73, 75): bit 75 changes nothing, so
/// type 5 is `.S32` (the old 3-bit table read `.S64` and lifted a 64-bit
/// signed min), and operation 9 is INVALID9, not SAFEADD. ATOMS.CAS (0x38d)
/// likewise.
#[test]
fn atoms_type_is_two_bits() {
    let base = 0x38c | 7 << 12 | 32 << 16 | 10 << 24 | 20 << 32 | 0x60 << 40 | CTRL;
    let min_s32 = base | 1 << 87 | 5 << 73;
    // ATOMS.MIN.S32 R32, [R10+0x60], R20 ;
    assert_eq!(text(min_s32), "ATOMS.MIN.S32 R32, [R10+0x60], R20 ;");
    // ATOMS.INVALID9 R32, [R10+0x60], R20 ;
    assert_eq!(
        text(base | 9 << 87),
        "ATOMS.INVALID9 R32, [R10+0x60], R20 ;"
    );
    // ATOMS.CAS.64 R32, [R10+0x60], R20, R21 ;
    let cas = (base & !0xfff) | 0x38d | 21 << 64 | 6 << 73;
    assert_eq!(text(cas), "ATOMS.CAS.64 R32, [R10+0x60], R20, R21 ;");
    // And it lifts as the 32-bit signed min nvdisasm names.
    let f = Sm75Frontend;
    let k = f
        .load(&min_s32.to_le_bytes())
        .unwrap()
        .lift("fragment")
        .unwrap();
    let r = read_mem(&k).unwrap();
    assert_eq!(r.spec.to_string(), "atom.shared.smin.b32.workgroup.rtn");
}

/// CALL.REL (0x944): bit 85 prints nothing (`.ABS` is opcode 0x943), so
/// `CALL.ABS.NOINC 0x0` assembles to 0x943, not to a relative call.
#[test]
fn call_rel_has_no_abs_bit() {
    // CALL.REL 0x10 ;
    assert_eq!(
        text(0x944 | 7 << 12 | 1 << 85 | 7 << 87 | CTRL),
        "CALL.REL 0x10 ;"
    );
    let w = xisa_sm75::asm::assemble_inst("CALL.ABS.NOINC 0x0 ;", 0).unwrap();
    assert_eq!(w & 0xfff, 0x943);
}

/// BMOV (0xf55): the source is 5 bits, [24, 29); bit 28 (the special
/// registers) comes with `.32`, bit 84 with `.32.CLEAR`, and nvdisasm
/// rejects both or neither.
#[test]
fn bmov_b_source_is_five_bits() {
    let base = 0xf55 | 3 << 12 | 1 << 16 | CTRL;
    // @P3 BMOV.32 B1, API_CALL_DEPTH ;
    assert_eq!(
        text(base | 13 << 24 | 1 << 28),
        "@P3 BMOV.32 B1, API_CALL_DEPTH ;"
    );
    // @P3 BMOV.32.CLEAR B1, B13 ;
    assert_eq!(
        text(base | 13 << 24 | 1 << 84),
        "@P3 BMOV.32.CLEAR B1, B13 ;"
    );
    // nvdisasm: "Unrecognized operation" for these two.
    assert!(decode_word(base | 13 << 24, 0).is_err());
    assert!(decode_word(base | 13 << 24 | 1 << 28 | 1 << 84, 0).is_err());
}
