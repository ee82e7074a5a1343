//! Fuzz of the gfx942 decoder: random bytes and mutated valid programs never
//! panic; every error names a byte offset inside the input at a 4-byte boundary,
//! and a successful decode covers the input exactly.

mod common;

use common::Rng;
use xisa_cdna::gfx942;

#[test]
fn gfx942_random_bytes_never_panic() {
    let mut rng = Rng::new(0x6fc9_42f0_0000_0007);
    let t = gfx942::tables();
    let (mut ok, mut err) = (0, 0);
    for n in 0..40_000 {
        let len = rng.below(40) as usize;
        let mut b: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        // Half of the cases start from a known format's fixed bits.
        if n % 2 == 0 && len >= 4 {
            let f = &t.formats[rng.below(t.formats.len() as u64) as usize];
            let w = u32::from_le_bytes([b[0], b[1], b[2], b[3]]) & !f.mask | f.value;
            b[..4].copy_from_slice(&w.to_le_bytes());
        }
        match gfx942::disassemble(&b) {
            Ok(lines) => {
                ok += 1;
                let total: usize = gfx942::decode_program(&b)
                    .unwrap()
                    .iter()
                    .map(|(_, i)| i.len)
                    .sum();
                assert_eq!(total, b.len());
                assert!(lines.len() <= b.len() / 4);
            }
            Err(e) => {
                err += 1;
                assert!(e.offset < b.len().max(1), "{e} for {b:02x?}");
                assert_eq!(e.offset % 4, 0);
                assert!(!e.to_string().is_empty());
            }
        }
    }
    assert!(ok > 0 && err > 0, "ok {ok} err {err}");
}

#[test]
fn gfx942_truncation_is_a_clear_error() {
    // global_load_dword v2, v[2:3], off = 00 80 50 dc 02 00 7f 02
    let full = [0x00, 0x80, 0x50, 0xdc, 0x02, 0x00, 0x7f, 0x02];
    assert_eq!(
        gfx942::disassemble(&full).unwrap(),
        vec!["global_load_dword v2, v[2:3], off"]
    );
    let mut two = vec![0x00, 0x00, 0x80, 0xbf]; // s_nop 0
    two.extend_from_slice(&full[..6]);
    let e = gfx942::disassemble(&two).unwrap_err();
    assert_eq!(e.offset, 4);
    assert!(matches!(
        e.kind,
        gfx942::Gfx942ErrorKind::Truncated { need: 8, have: 6 }
    ));
    // s_add_u32 s0, literal, s1 without its literal.
    let e = gfx942::disassemble(&[0xff, 0x01, 0x00, 0x80]).unwrap_err();
    assert!(matches!(
        e.kind,
        gfx942::Gfx942ErrorKind::Truncated { need: 8, have: 4 }
    ));
    let ok = gfx942::disassemble(&[0xff, 0x01, 0x00, 0x80, 0x78, 0x56, 0x34, 0x12]).unwrap();
    assert_eq!(ok, vec!["s_add_u32 s0, 0x12345678, s1"]);
}

/// VALU: mutated valid VALU programs (VOP1/VOP2 with literals, VOP3, VOP3P, SDWA,
/// DPP, v_fmamk with its K constant) never panic, whatever the byte flips and
/// truncations; a literal or second dword past the end is a `Truncated` error.
#[test]
fn gfx942_valu_mutations_never_panic() {
    // v_add_f32_e32 v1, 0x12345678, v2 / v_fmamk_f32 v1, v2, 0x40490fdb, v3 /
    // v_fma_f32 v1, v2, v3, v4 / v_pk_add_f16 v1, 1.0, v2 /
    // v_mov_b32_sdwa v1, v2 ... / v_mov_b32_dpp v1, v2 quad_perm:[0,1,2,3] ...
    let seed: Vec<u8> = [
        &[0xff, 0x04, 0x02, 0x02, 0x78, 0x56, 0x34, 0x12][..],
        &[0x02, 0x07, 0x02, 0x2e, 0xdb, 0x0f, 0x49, 0x40],
        &[0x01, 0x00, 0xcb, 0xd1, 0x02, 0x07, 0x12, 0x04],
        &[0x01, 0x40, 0x8f, 0xd3, 0xf2, 0x04, 0x02, 0x18],
        &[0xf9, 0x02, 0x02, 0x7e, 0x02, 0x05, 0x00, 0x00],
        &[0xfa, 0x02, 0x02, 0x7e, 0x02, 0xe4, 0x00, 0xff],
    ]
    .concat();
    let lines = gfx942::disassemble(&seed).unwrap();
    assert_eq!(lines.len(), 6, "{lines:?}");
    assert_eq!(lines[0], "v_add_f32_e32 v1, 0x12345678, v2");
    assert_eq!(lines[1], "v_fmamk_f32 v1, v2, 0x40490fdb, v3");
    // Every truncation of an instruction with a literal / second dword errors.
    for cut in [4, 5, 12, 20, 36, 44] {
        let e = gfx942::disassemble(&seed[..cut]).unwrap_err();
        assert!(
            matches!(e.kind, gfx942::Gfx942ErrorKind::Truncated { .. }),
            "{cut}: {e}"
        );
    }
    // src0 = 249 (SDWA) on an opcode without an SDWA form is the 4-byte form,
    // also at the end of the input (as llvm-mc decodes it).
    assert_eq!(
        gfx942::disassemble(&[0xf9, 0x6a, 0x00, 0x7e]).unwrap(),
        vec!["v_clrexcp"]
    );
    let mut rng = Rng::new(0x6fc9_42f0_0000_0abc);
    for _ in 0..40_000 {
        let mut b = seed.clone();
        for _ in 0..=rng.below(4) {
            let k = rng.below(b.len() as u64) as usize;
            b[k] ^= 1 << rng.below(8);
        }
        b.truncate(rng.below(b.len() as u64 + 1) as usize);
        match gfx942::disassemble(&b) {
            Ok(_) => {}
            Err(e) => {
                assert!(e.offset < b.len().max(1), "{e} for {b:02x?}");
                assert_eq!(e.offset % 4, 0);
            }
        }
    }
}
