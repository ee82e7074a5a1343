//! Bad input: clear errors with offsets or line numbers, never a panic; a fuzz
//! loop over random words and random text.

mod common;

use common::Rng;
use xisa_cdna::cdna5::codec::{decode, decode_program, encode, DecodeErrorKind};
use xisa_cdna::cdna5::{asm, AsmErrorKind, LiftOptions};

fn word(dw: [u32; 3]) -> Vec<u8> {
    dw.iter().flat_map(|d| d.to_le_bytes()).collect()
}

const ADD_U32: u32 = 0xee00_0000 | 53 << 14;

#[test]
fn decode_errors_name_offset_and_cause() {
    let good = word([ADD_U32, 2 << 23, 4]);
    let mut prog = good.clone();
    prog.extend_from_slice(&good[..7]);
    let e = decode_program(&prog).unwrap_err();
    assert_eq!(e.offset, 12);
    assert!(matches!(e.kind, DecodeErrorKind::Truncated(7)), "{e}");
    assert!(e.to_string().starts_with("offset 0xc:"), "{e}");

    let cases: [([u32; 3], &str); 6] = [
        ([0xed00_0000 | 53 << 14, 0, 0], "not a VGLOBAL"),
        ([ADD_U32 | 1 << 8, 0, 0], "unassigned bits"),
        ([0xee00_0000 | 200 << 14, 0, 0], "opcode 200"),
        ([ADD_U32, 1 << 17, 0], "SVE"),
        ([ADD_U32 | 3, 0, 0], "SADDR 3"),
        ([ADD_U32 | 124, 0, 255], "VADDR"),
    ];
    for (dw, want) in cases {
        let b = word(dw);
        let e = decode(&b, 0x24).unwrap_err();
        assert_eq!(e.offset, 0x24);
        assert!(e.to_string().contains(want), "{e} (want {want})");
    }
}

#[test]
fn asm_errors_name_line_and_cause() {
    let cases = [
        ("global_atomic_frob v1, v2, s[0:1]", "unknown mnemonic"),
        ("global_atomic_add_u32 v1, v2", "operands"),
        ("global_atomic_add_u32 v1, v2, s[1:2]", "bad operand"),
        ("global_atomic_add_u32 v[1:2], v2, s[0:1]", "one VGPR"),
        ("global_atomic_add_u32 v1, v2, off", "64-bit VGPR pair"),
        ("global_atomic_add_u64 v1, v2, s[0:1]", "data needs 2"),
        (
            "global_atomic_add_u32 v0, v1, v2, s[0:1]",
            "TH_ATOMIC_RETURN",
        ),
        (
            "global_atomic_add_u32 v1, v2, s[0:1] th:TH_ATOMIC_RETURN",
            "no VDST",
        ),
        (
            "global_atomic_add_u32 v1, v2, s[0:1] offset:8388608",
            "IOFFSET",
        ),
        ("global_atomic_add_u32 v1, v2, s[0:1] glc", "modifier"),
        (
            "global_atomic_add_u32 v[0:1], v2, off scale_offset",
            "SCALE_OFFSET",
        ),
    ];
    for (src, want) in cases {
        let text = format!("; header\n\n{src}\n");
        let e = asm::parse_program(&text).unwrap_err();
        assert_eq!(e.line, 3, "{src}");
        assert!(e.to_string().contains(want), "{src}: {e} (want {want})");
    }
    assert!(matches!(
        asm::parse_inst("global_atomic_add_u32 v1, v2, s[0:1] th:TH_BOGUS").unwrap_err(),
        AsmErrorKind::Modifier(_)
    ));
}

#[test]
fn fuzz_words_never_panic_and_round_trip() {
    let mut rng = Rng::new(0xf022_0000_0000_0001);
    let (mut ok, mut bad) = (0usize, 0usize);
    for i in 0..200_000u32 {
        let mut dw = [rng.next() as u32, rng.next() as u32, rng.next() as u32];
        if i % 4 != 0 {
            // Mostly plausible: the identifier, an atomic opcode, few stray bits.
            dw[0] = (dw[0] & 0x003f_c0ff) | 0xee00_0000;
            if i % 2 == 0 {
                dw[1] &= 0x7ffd_00ff;
            }
        }
        let b = word(dw);
        match decode(&b, 0) {
            Ok(inst) => {
                ok += 1;
                assert_eq!(encode(&inst).unwrap().to_vec(), b);
                let text = asm::print_inst(&inst);
                let back = asm::parse_inst(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
                // Fields the text does not show (VDST without a return, a
                // load's VSRC, a cache operation's operands) assemble as 0.
                assert_eq!(back, inst.canonical(), "{text}");
                // Lifting never panics; it succeeds or names the reason.
                if let Err(e) = xisa_cdna::cdna5::lift(&[inst], &LiftOptions::default()) {
                    assert!(e.to_string().starts_with("pc 0x0"), "{e}");
                }
            }
            Err(e) => {
                bad += 1;
                assert!(e.to_string().starts_with("offset 0x0:"));
            }
        }
    }
    assert!(ok > 2_000 && bad > 10_000, "ok {ok} bad {bad}");
}

#[test]
fn fuzz_text_never_panics() {
    let mut rng = Rng::new(0x7e47_0000_0000_0001);
    let pieces = [
        "global_atomic_add_u32",
        "global_atomic_cmpswap_b64",
        "v1",
        "v[2:3]",
        "v[4:7]",
        "s[0:1]",
        "off",
        "vcc",
        "ttmp[2:3]",
        "exec",
        ",",
        " ",
        "offset:",
        "-",
        "0x",
        "99999999999",
        "th:TH_ATOMIC_RETURN",
        "scope:SCOPE_SYS",
        "nv",
        "scale_offset",
        "[",
        "]",
        ":",
        "v256",
        "\u{e9}",
        ";",
        "\n",
    ];
    for _ in 0..50_000 {
        let n = rng.below(10) as usize;
        let s: String = (0..n)
            .map(|_| pieces[rng.below(pieces.len() as u64) as usize])
            .collect();
        let _ = asm::parse_program(&s);
        let _ = xisa_cdna::cdna5::assemble(&s);
    }
}
