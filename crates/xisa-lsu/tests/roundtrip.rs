//! Round trips for every one of the 301 instructions with 200+ random operand
//! sets: text -> binary -> text and binary -> text -> binary are unchanged.

mod common;

use common::Rng;
use xisa_lsu::asm::print_inst;
use xisa_lsu::codec::{decode, encode, encode_program, Inst, IMM_MAX, IMM_MIN};
use xisa_lsu::rules::{tables, OperandKind, Slot, REGS_PER_FILE};

const SETS: usize = 200;

fn random_inst(rng: &mut Rng, id: usize, k: usize) -> Inst {
    let rule = &tables().rules[id];
    let mut reg = |slot| match rule.operand(slot).map(|o| o.kind) {
        Some(OperandKind::Reg { count, .. }) => {
            let max = REGS_PER_FILE - count as u32;
            // Edges first (0 and the last register a range can start at).
            match k {
                0 => 0,
                1 => max as u8,
                _ => rng.below(max as u64 + 1) as u8,
            }
        }
        _ => 0,
    };
    let (rd, rs1, rs2) = (reg(Slot::Rd), reg(Slot::Rs1), reg(Slot::Rs2));
    let imm = if rule.operand(Slot::Imm).is_some() {
        match k {
            0 => IMM_MIN,
            1 => IMM_MAX,
            2 => 0,
            3 => -1,
            _ => rng.range(IMM_MIN as i64, IMM_MAX as i64) as i32,
        }
    } else {
        0
    };
    let cpol = if rule.operand(Slot::Cpol).is_some() {
        // nt, byp: one bit each; scope: 0..=3.
        (rng.below(16)) as u8
    } else {
        0
    };
    Inst {
        id,
        rd,
        rs1,
        rs2,
        imm,
        cpol,
    }
}

#[test]
fn all_instructions_round_trip() {
    let mut rng = Rng::new(0x5eed_0001);
    let t = tables();
    assert_eq!(t.rules.len(), xisa_lsu::INSTRUCTION_COUNT);
    let mut cases = 0;
    for id in 0..t.rules.len() {
        let mut insts = Vec::with_capacity(SETS);
        for k in 0..SETS {
            let inst = random_inst(&mut rng, id, k);
            // Binary -> Inst -> binary.
            let word = encode(&inst);
            assert_eq!(decode(word), Ok(inst), "{}", print_inst(&inst));
            // Text -> binary -> text.
            let text = print_inst(&inst);
            let bin = xisa_lsu::assemble(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(xisa_lsu::disassemble(&bin).unwrap(), vec![text.clone()]);
            // Binary -> text -> binary.
            let bin2 = encode_program(&[inst]);
            let text2 = xisa_lsu::disassemble(&bin2).unwrap().join("\n");
            assert_eq!(xisa_lsu::assemble(&text2).unwrap(), bin2, "{text2}");
            assert_eq!(bin, bin2);
            insts.push(inst);
            cases += 1;
        }
        // The same, as one program of SETS instructions.
        let bin = encode_program(&insts);
        let text = xisa_lsu::disassemble(&bin).unwrap().join("\n");
        assert_eq!(xisa_lsu::assemble(&text).unwrap(), bin);
        assert_eq!(xisa_lsu::parse_program(&text).unwrap(), insts);
    }
    eprintln!(
        "{cases} round-trip cases ({} instructions x {SETS})",
        t.rules.len()
    );
    assert!(cases >= 301 * 200);
}

/// Alternative spellings parse to the same instruction and print canonically.
#[test]
fn accepted_spellings() {
    let a = xisa_lsu::assemble("  ld.global.b32   v1 ,v[ 2:3 ] , 0x10 , scope:sys|nt ; comment")
        .unwrap();
    let b =
        xisa_lsu::assemble("ld.global.b32 v1, v[2:3], 16, nt|scope:sys // other comment").unwrap();
    assert_eq!(a, b);
    assert_eq!(
        xisa_lsu::disassemble(&a).unwrap(),
        vec!["ld.global.b32 v1, v[2:3], 16, nt|scope:sys"]
    );
    let c = xisa_lsu::assemble("st.shared.b32 v[7:7], v0, -0x800000").unwrap();
    assert_eq!(
        xisa_lsu::disassemble(&c).unwrap(),
        vec!["st.shared.b32 v7, v0, -8388608"]
    );
    assert!(xisa_lsu::assemble("\n; only a comment\n\n")
        .unwrap()
        .is_empty());
}
