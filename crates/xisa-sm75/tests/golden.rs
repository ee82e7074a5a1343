//! Golden vectors (texts from nvdisasm -b SM75 13.5) and error cases.

use xisa_sm75::{decode_word, disassemble_raw, disassemble_word, DecodeError, Operand, Rules};

#[test]
fn golden_texts() {
    let cases: &[(u128, &str)] = &[
        (
            0x3a8 | (7 << 12),
            "ATOMG.ADD.EF.INVALID0.CTA P0, R0, [R0], R0 ;",
        ),
        (0xff0073a8, "ATOMG.ADD.EF.INVALID0.CTA P0, R0, [RZ], R0 ;"),
        (
            0x80000000ff0073a8,
            "ATOMG.ADD.EF.INVALID0.CTA P0, R0, [0x800000], R0 ;",
        ),
        (
            0x8000005fffff000ff0079a8,
            "ATOMG.ADD.EF.INVALID0.CTA P0, R0, [UR5+-0x10], R0 ;",
        ),
        (
            0x800007f00000000030079a8,
            "ATOMG.???0.ADD.EF.INVALID0.CTA P0, R0, [R3.64+URZ], R0 ;",
        ),
        (
            0x500ff0073a9,
            "ATOMG.CAS.EF.INVALID0.CTA P0, R0, [0x5], R0, R0 ;",
        ),
        (
            0x19ad0f16adf91b7584a2265b3a8,
            "@!P3 ATOMG.MIN.INVALID7.S64.STRONG.SYS P0, R101, [R34+-0x6e48a8], R74 ;",
        ),
        (0x7918, "NOP;"),
    ];
    for &(w, t) in cases {
        assert_eq!(disassemble_word(w, 0).unwrap(), t, "word {w:#x}");
    }
}

#[test]
fn decoded_fields_for_the_lifter() {
    let d = decode_word(0x19ad0f16adf91b7584a2265b3a8, 0).unwrap();
    assert_eq!(d.mnemonic, "ATOMG");
    assert_eq!(d.guard, (3, true));
    assert_eq!(d.operands[0], Operand::Pred(0));
    assert_eq!(d.operands[1], Operand::Reg(101));
    assert_eq!(d.operands[3], Operand::Imm(-0x6e48a8));
    assert_eq!(d.modifier("op").unwrap().text, "MIN");
    assert_eq!(d.modifier("type").unwrap().text, "S64");
    assert_eq!(d.modifier("eviction").unwrap().text, "INVALID7");
}

#[test]
fn errors_carry_offsets() {
    let mut bytes = 0x7918u128.to_le_bytes().to_vec();
    bytes.extend_from_slice(&0x7fffu128.to_le_bytes());
    match disassemble_raw(&bytes) {
        Err(DecodeError::UnknownOpcode {
            offset: 0x10,
            opcode: 0xfff,
            ..
        }) => {}
        other => panic!("{other:?}"),
    }
    let mut t = 0x7918u128.to_le_bytes().to_vec();
    t.extend_from_slice(&[1, 2, 3]);
    assert_eq!(
        disassemble_raw(&t),
        Err(DecodeError::Truncated {
            offset: 0x10,
            len: 3
        })
    );
    // SUATOM with RZ as the surface address: rejected like nvdisasm does.
    let w = 0x593u128 | (7 << 12) | (255 << 24);
    assert!(matches!(
        decode_word(w, 0x20),
        Err(DecodeError::InvalidField { offset: 0x20, .. })
    ));
    let msg = decode_word(0xfff, 0x30).unwrap_err().to_string();
    assert!(msg.contains("0x30"), "{msg}");
}

#[test]
fn rules_dir_override_and_bad_rules() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../translation-rules/sm75");
    let r = Rules::from_dir(&dir).unwrap();
    assert_eq!(r.decode(0x7918, 0).unwrap().text, "NOP;");
    let bad = vec![("x.json".to_string(), "{\"format\":\"xisa-sm75-rules/1\",\"instructions\":[{\"id\":\"a\",\"mnemonic\":\"A\",\"signature\":\"\",\"match\":[],\"fields\":[{\"name\":\"m\",\"kind\":\"mod\",\"bits\":[[0,2]],\"values\":[\"X\"]}],\"template\":\"A{m}\"}]}".to_string())];
    assert!(Rules::from_texts(&bad).is_err());
    assert!(Rules::from_texts(&[("y.json", "not json")]).is_err());
}
