//! llvm-mc oracle for the VGLOBAL fields CDNA 5 shares with GFX12 (gfx1200): for
//! every row of the table (atomics, loads, stores, cache operations), 500 random field values (VDST, VADDR, VSRC, SADDR,
//! TH, SCOPE, IOFFSET; NV/SCALE_OFFSET 0, which gfx1200 lacks):
//!
//! 1. xisa encodes, `llvm-mc-19 --disassemble --mcpu=gfx1200` prints: the text
//!    must equal xisa's disassembly;
//! 2. `llvm-mc-19 -show-encoding --mcpu=gfx1200` assembles xisa's text: the bytes
//!    must equal xisa's encoding.
//!
//! One llvm-mc call per direction for the whole family.

mod common;

use common::*;
use xisa_cdna::cdna5::codec::{encode, Inst, SADDR_OFF};
use xisa_cdna::cdna5::rules::{tables, Class};
use xisa_cdna::cdna5::{asm, codec};

const PER_OPCODE: usize = 500;

fn random_inst(rng: &mut Rng, rule: usize) -> Inst {
    let r = &tables().rules[rule];
    let saddr = match rng.below(6) {
        0 | 1 => SADDR_OFF,
        2 => 106,                          // vcc
        3 => 108 + 2 * rng.below(8) as u8, // ttmp pairs
        _ => 2 * rng.below(53) as u8,      // s[0:1]..s[104:105]
    };
    let th = rng.below(8) as u8;
    let na = if saddr == SADDR_OFF { 2 } else { 1 };
    let pick = |rng: &mut Rng, n: u8| rng.below(256 - n as u64 + 1) as u8;
    let vdst = pick(rng, r.dst_regs);
    let ioffset = match rng.below(4) {
        0 => 0,
        1 => rng.below(4096) - 2048,
        _ => rng.below(1 << 24) - (1 << 23),
    };
    Inst {
        rule,
        vdst,
        vaddr: pick(rng, na),
        vsrc: pick(rng, r.data_regs),
        saddr,
        th,
        scope: rng.below(4) as u8,
        scale_offset: false,
        nv: false,
        ioffset,
    }
    .canonical()
}

fn hex_bytes(b: &[u8]) -> String {
    b.iter()
        .map(|x| format!("{x:#04x}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Asserts that llvm-mc `did` (decoded, assembled) all `want` inputs: `got`
/// results; its first stderr lines go in the failure.
fn assert_handled_all(did: &str, got: usize, want: usize, err: &str) {
    assert_eq!(
        got,
        want,
        "llvm-mc {did} {got} of {want} (stderr: {})",
        err.lines().take(6).collect::<Vec<_>>().join(" | ")
    );
}

fn parse_encoding(line: &str) -> Option<Vec<u8>> {
    let e = line.split("encoding: [").nth(1)?.split(']').next()?;
    e.split(',')
        .map(|x| u8::from_str_radix(x.trim().trim_start_matches("0x"), 16).ok())
        .collect()
}

#[test]
fn gfx1200_agrees_on_every_vglobal_instruction() {
    let Some(tool) = llvm_mc() else { return };
    let t = tables();
    let mut rng = Rng::new(0x5eed_cd5a_0000_0001);
    let mut cases = Vec::new();
    for ri in 0..t.rules.len() {
        for _ in 0..PER_OPCODE {
            let i = random_inst(&mut rng, ri);
            let b = encode(&i).unwrap();
            cases.push((i, b, asm::print_inst(&i)));
        }
    }
    // 1. xisa bytes -> llvm text.
    let input: String = cases.iter().map(|c| hex_bytes(&c.1) + "\n").collect();
    let (out, err) = run_llvm_mc(
        &tool,
        &["--disassemble", "--arch=amdgcn", "--mcpu=gfx1200"],
        &input,
    );
    let lines: Vec<String> = out
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('.'))
        .map(|l| l.split(" ;").next().unwrap_or("").trim().to_string())
        .collect();
    assert_handled_all("decoded", lines.len(), cases.len(), &err);
    let mut per = vec![0usize; t.rules.len()];
    for (c, l) in cases.iter().zip(&lines) {
        assert_eq!(&c.2, l, "disassembly of {}", hex_bytes(&c.1));
        per[c.0.rule] += 1;
    }
    // 2. xisa text -> llvm bytes; and llvm's text parses back to the same inst.
    // LLVM's assembler takes TH 4/6 only by their CASCADE names and no returning
    // cascade form (it prints TH_ATOMIC_0x4..7 / CASCADE_* for them but does not
    // parse those back): those cases are checked in direction 1 only.
    let asm_cases: Vec<_> = cases
        .iter()
        .filter(|c| {
            c.0.rule().atomic().is_none()
                || c.0.th < 4
                || ((c.0.th == 4 || c.0.th == 6) && c.0.scope >= 2)
        })
        // ...nor TH_ATOMIC_NT(_RETURN) with SCOPE_SYS ("scope and th combination is
        // not valid"), which its disassembler prints.
        .filter(|c| {
            c.0.rule().atomic().is_none() || !((c.0.th == 2 || c.0.th == 3) && c.0.scope == 3)
        })
        // ...nor a load's or cache operation's TH 7, which it prints as `0x7`.
        .filter(|c| {
            !(c.0.th == 7 && matches!(c.0.rule().class, Class::Load { .. } | Class::Fence(_)))
        })
        .collect();
    let input: String = asm_cases.iter().map(|c| c.2.clone() + "\n").collect();
    let (out, err) = run_llvm_mc(
        &tool,
        &["-show-encoding", "--arch=amdgcn", "--mcpu=gfx1200"],
        &input,
    );
    let encs: Vec<Vec<u8>> = out.lines().filter_map(parse_encoding).collect();
    assert_handled_all("assembled", encs.len(), asm_cases.len(), &err);
    let mut per_asm = vec![0usize; t.rules.len()];
    for (c, e) in asm_cases.iter().zip(&encs) {
        per_asm[c.0.rule] += 1;
        assert_eq!(
            &c.1[..],
            &e[..],
            "encoding of {:?}: xisa {} llvm {}",
            c.2,
            hex_bytes(&c.1),
            hex_bytes(e)
        );
        assert_eq!(codec::decode(e, 0).unwrap(), c.0);
    }
    for c in &cases {
        assert_eq!(asm::parse_inst(&c.2).unwrap(), c.0, "parse {:?}", c.2);
    }
    for (ri, n) in per.iter().enumerate() {
        assert!(*n >= PER_OPCODE, "{}: {n}", t.rules[ri].mnemonic);
    }
    eprintln!(
        "gfx1200 oracle: {} opcodes x {PER_OPCODE} = {} disassemblies agree; {} assemblies agree (min per opcode {})",
        t.rules.len(),
        cases.len(),
        asm_cases.len(),
        per_asm.iter().min().unwrap()
    );
}

#[test]
fn seed_example_matches_llvm() {
    let Some(tool) = llvm_mc() else { return };
    let src = "global_atomic_pk_add_bf16 v0, v2, s[0:1]";
    let (out, _) = run_llvm_mc(
        &tool,
        &["-show-encoding", "--arch=amdgcn", "--mcpu=gfx1200"],
        src,
    );
    let e = out.lines().find_map(parse_encoding).unwrap();
    assert_eq!(xisa_cdna::cdna5::assemble(src).unwrap(), e);
    assert_eq!(
        xisa_cdna::cdna5::disassemble(&e).unwrap(),
        vec![src.to_string()]
    );
}
