//! The gfx942 assembler against llvm-mc and against the disassembler.
//!
//! For every opcode of the formats the assembler encodes, random encodings are
//! disassembled by xisa (whose text is itself checked against llvm-mc by
//! `gfx942_oracle.rs`); each text is then
//! 1. assembled by xisa, and must disassemble back to the same text, and
//! 2. assembled by `llvm-mc-19 --mcpu=gfx942 --show-encoding`: the bytes must
//!    equal xisa's.

mod common;

use std::collections::BTreeMap;

use common::*;
use xisa_cdna::gfx942::{self, asm, tables};

const FORMATS: [&str; 22] = [
    "SOP1",
    "SOP2",
    "SOPK",
    "SOPC",
    "SOPP",
    "SMEM",
    "DS",
    "FLAT",
    "MUBUF",
    "VOP1",
    "VOP2",
    "VOPC",
    "VOP3A",
    "VOP3B",
    "VOP3P",
    "VOP3P_MAI",
    "VOP1_SDWA",
    "VOP2_SDWA",
    "VOPC_SDWA",
    "VOP1_DPP",
    "VOP2_DPP",
    "VOPC_DPP",
];
/// Random encodings per opcode.
const PER_OPCODE: usize = 40;

/// Opcodes whose operands the assembler does not take yet (none: every
/// symbolic operand the printer writes is assembled).
const SKIP: [&str; 0] = [];

/// Whether `t` has a `swizzle(BITMASK_PERM,"....")` whose masks, as LLVM's
/// assembler builds them ('1' or, 'p' and, 'i' and+xor), LLVM prints as
/// another mode.
fn noncanonical_bitmask_perm(t: &str) -> bool {
    let Some(m) = t
        .split("BITMASK_PERM,\"")
        .nth(1)
        .and_then(|r| r.split('"').next())
    else {
        return false;
    };
    let (mut and, mut or, mut xor) = (0u32, 0u32, 0u32);
    for (i, c) in m.chars().enumerate() {
        let bit = 1 << (4 - i);
        match c {
            '1' => or |= bit,
            'p' => and |= bit,
            'i' => {
                and |= bit;
                xor |= bit;
            }
            _ => {}
        }
    }
    let swap = and == 31 && or == 0 && xor.count_ones() == 1;
    let reverse = and == 31 && or == 0 && xor > 0 && (xor + 1).is_power_of_two();
    let group = 32 - and;
    let broadcast = group > 1 && group.is_power_of_two() && or < group && xor == 0;
    swap || reverse || broadcast
}

/// The elements of `v` whose `keep` flag is set.
fn pick<T>(v: Vec<T>, keep: &[bool]) -> Vec<T> {
    v.into_iter()
        .zip(keep)
        .filter(|(_, k)| **k)
        .map(|(x, _)| x)
        .collect()
}

#[test]
fn assembler_matches_llvm_mc_and_round_trips() {
    let Some(tool) = llvm_mc() else { return };
    let t = tables();
    let mut rng = Rng::new(0x0a55_e3b1_e000_0001);
    // format -> (opcodes, texts equal to llvm-mc's bytes, texts both reject)
    let mut per: BTreeMap<String, (usize, usize, usize)> = BTreeMap::new();
    let mut fmts = Vec::new();
    let mut texts = Vec::new();
    let mut mine = Vec::new();
    let mut failures = Vec::new();
    for (ri, op) in t.opcodes.iter().enumerate() {
        let fname = t.formats[op.format].name.clone();
        if !FORMATS.contains(&fname.as_str()) || SKIP.contains(&op.mnemonic.as_str()) || op.raw {
            continue;
        }
        per.entry(fname.clone()).or_default().0 += 1;
        for (_, text) in gfx942_samples(&mut rng, ri, PER_OPCODE) {
            let r = asm::assemble_inst(&text);
            if let Ok(b) = &r {
                let back = gfx942::disassemble(b).map(|l| l.join("; "));
                if back.as_deref() != Ok(text.as_str()) {
                    failures.push(format!("{text}: reassembled to {back:?}"));
                }
            }
            texts.push(text);
            fmts.push(fname.clone());
            mine.push(r);
        }
    }
    // llvm-mc's disassembler prints SGPR 125 as `null`, but its gfx942
    // assembler has no `null` (a GFX10 register): such texts are checked by
    // the round trip only.
    // (also inside source modifiers: `-|null|`, `sext(null)`)
    let null = |t: &str| {
        t.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .any(|w| w == "null")
    };
    let keep: Vec<bool> = texts.iter().map(|t| !null(t)).collect();
    // ds_swizzle: LLVM's disassembler prints `BITMASK_PERM` for and/or/xor masks
    // that its assembler encodes differently, as masks it prints as BROADCAST,
    // SWAP or REVERSE (printSwizzle's order); such a text survives a round trip
    // through neither assembler (xisa rejects it), so it is left out.
    let keep: Vec<bool> = texts
        .iter()
        .zip(keep)
        .map(|(t, k)| k && !noncanonical_bitmask_perm(t))
        .collect();
    let (texts, fmts, mine) = (pick(texts, &keep), pick(fmts, &keep), pick(mine, &keep));
    let theirs = llvm_encodings(&tool, "gfx942", &texts);
    let (mut same, mut both_reject) = (0, 0);
    for (((text, m), l), f) in texts.iter().zip(&mine).zip(&theirs).zip(&fmts) {
        let e = per.get_mut(f).expect("format");
        match (m, l) {
            (Ok(m), Some(l)) if l == m => {
                same += 1;
                e.1 += 1;
            }
            (Err(_), None) => {
                both_reject += 1;
                e.2 += 1;
            }
            (Ok(m), Some(l)) => failures.push(format!("{text}: xisa {m:02x?}, llvm-mc {l:02x?}")),
            (Ok(_), None) => failures.push(format!("{text}: llvm-mc rejects it, xisa accepts")),
            (Err(e), Some(_)) => failures.push(format!("{text}: xisa rejects it: {e}")),
        }
    }
    eprintln!(
        "assembler: {} texts: {same} encode exactly as llvm-mc, {both_reject} rejected by both; per format (opcodes, same bytes, both reject): {per:?}",
        texts.len()
    );
    // One failure per mnemonic, so a systematic gap shows at once.
    let mut seen = std::collections::HashSet::new();
    let firsts: Vec<&String> = failures
        .iter()
        .filter(|f| seen.insert(f.split_whitespace().next().unwrap_or("").to_string()))
        .collect();
    assert!(
        failures.is_empty(),
        "{} failures; the first per mnemonic:\n{}",
        failures.len(),
        firsts
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert!(texts.len() > 10_000, "too few samples: {}", texts.len());
}

#[test]
fn program_with_labels_matches_llvm_mc() {
    let Some(tool) = llvm_mc() else { return };
    let src = "\
entry:
  s_load_dwordx2 s[0:1], s[4:5], 0x0
  s_waitcnt lgkmcnt(0)
  s_cmp_eq_u32 s2, 0
  s_cbranch_scc1 done
loop:
  global_atomic_add v3, v0, v1, s[0:1] offset:16 sc0
  global_atomic_add_f64 v[4:5], v[6:7], off offset:-8 sc1
  s_add_u32 s2, s2, -1
  s_cmp_lg_u32 s2, 0x12345
  s_cbranch_scc0 loop
  ds_add_u32 v2, v3 offset:8
  buffer_atomic_add v1, v2, s[8:11], 0 offen sc0
  v_add_f32_e32 v1, 0x40490fdb, v2
  v_fma_f32 v3, -|v1|, s2, 0.5 clamp mul:2
  v_cmp_gt_u32_e64 s[4:5], v3, 17
  v_cndmask_b32_e64 v4, v1, -v2, s[4:5]
  v_pk_fma_f16 v5, v1, v2, v3 op_sel:[1,0,0] op_sel_hi:[0,1,1] neg_lo:[1,0,0]
  v_mfma_f32_4x4x1_16b_f32 a[0:3], v0, v1, a[0:3] cbsz:1 abid:1
  v_mov_b32_sdwa v6, v1 dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:BYTE_2
  v_add_u32_dpp v7, v1, v2 row_shr:1 row_mask:0xa bank_mask:0xf bound_ctrl:1
  v_fmamk_f32 v8, v1, 0x3f800001, v2
done:
  s_endpgm
";
    let b = asm::assemble(src).expect("assembles");
    // llvm-mc resolves the same labels in an object file; compare its .text.
    let dir = std::env::temp_dir().join(format!("xisa-asm-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (s_path, o_path, bin) = (dir.join("p.s"), dir.join("p.o"), dir.join("p.bin"));
    std::fs::write(&s_path, src).unwrap();
    let ok = std::process::Command::new(&tool)
        .args(["--arch=amdgcn", "--mcpu=gfx942", "-filetype=obj", "-o"])
        .arg(&o_path)
        .arg(&s_path)
        .status()
        .unwrap()
        .success();
    assert!(ok, "llvm-mc failed");
    let ok = std::process::Command::new("llvm-objcopy-19")
        .args(["-O", "binary", "--only-section=.text"])
        .arg(&o_path)
        .arg(&bin)
        .status()
        .unwrap()
        .success();
    assert!(ok, "llvm-objcopy failed");
    let theirs = std::fs::read(&bin).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(b, theirs);
}

/// Mutated disassembler texts (characters replaced, inserted, deleted,
/// operands swapped) never make the assembler panic, and whatever it accepts
/// disassembles again.
#[test]
fn mutated_texts_never_panic() {
    let t = tables();
    let mut rng = Rng::new(0x0a55_e3b1_f022_0002);
    let alphabet: Vec<char> = "vsa[]:,() |-0123456789xXfeclmnpo_.\"".chars().collect();
    let mut texts = Vec::new();
    for (ri, op) in t.opcodes.iter().enumerate() {
        if op.raw {
            continue;
        }
        texts.extend(gfx942_samples(&mut rng, ri, 2).into_iter().map(|(_, s)| s));
    }
    let mut accepted = 0;
    for text in &texts {
        for _ in 0..20 {
            let mut c: Vec<char> = text.chars().collect();
            for _ in 0..1 + rng.below(3) {
                let at = rng.below(c.len() as u64 + 1) as usize;
                let ch = alphabet[rng.below(alphabet.len() as u64) as usize];
                match rng.below(3) {
                    0 if at < c.len() => c[at] = ch,
                    1 => c.insert(at, ch),
                    _ if at < c.len() => {
                        c.remove(at);
                    }
                    _ => {}
                }
            }
            let m: String = c.into_iter().collect();
            if let Ok(b) = asm::assemble_inst(&m) {
                accepted += 1;
                assert!(gfx942::disassemble(&b).is_ok(), "{m}: {b:02x?}");
            }
        }
    }
    assert!(texts.len() > 2000, "too few texts: {}", texts.len());
    eprintln!("mutations: {} texts x 20, {accepted} accepted", texts.len());
}
