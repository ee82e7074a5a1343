//! The assembler against every instruction of every committed cubin
//! (`git ls-files '*.cubin'`): each word's text, as the disassembler prints
//! it, assembles to a word that prints the same text; the word is the
//! original one on every bit the text decides (the scheduling control bits
//! and the fields nvdisasm does not print aside), and given the original
//! word as the hint (`xisa disasm --hex` listings), exactly the original.

use std::collections::BTreeMap;

use xisa_sm75::asm::Assembler;
use xisa_sm75::{cubin, Rules};

mod common;
use common::{committed_cubins, repo_root};

/// Scheduling control: stall, yield, scoreboards, wait mask, reuse.
const CONTROL: u128 = !0u128 << 105;

#[test]
fn every_corpus_instruction_assembles_back() {
    let rules = Rules::embedded().expect("rules");
    let asm = Assembler::new(&rules).expect("assembler");
    let (mut total, mut same, mut hinted) = (0usize, 0usize, 0usize);
    let mut unhinted: BTreeMap<String, (usize, String)> = BTreeMap::new();
    let mut failures: BTreeMap<String, (usize, String)> = BTreeMap::new();
    let mut differ: BTreeMap<String, (usize, String)> = BTreeMap::new();
    for path in committed_cubins() {
        let bytes = std::fs::read(repo_root().join(&path)).expect("cubin");
        for sec in cubin::text_sections(&bytes).expect("sections") {
            for (i, chunk) in sec.bytes.chunks(16).enumerate() {
                let pc = i as u64 * 16;
                let Some(w) = xisa_sm75::word_from_bytes(chunk) else {
                    continue;
                };
                let Ok(d) = rules.decode(w, pc) else { continue };
                if sec.relocs.iter().any(|r| r.0 / 16 * 16 == pc) {
                    // (relocated operands print the symbol, not the field)
                    continue;
                }
                total += 1;
                // With the word itself as the hint (what `xisa disasm --hex`
                // prints beside the text), the very word comes back.
                match asm.encode_with(&d.text, pc, Some(w)) {
                    Ok(w2) if w2 == w => hinted += 1,
                    other => {
                        let f = unhinted.entry(d.rule.clone()).or_insert((0, String::new()));
                        f.0 += 1;
                        if f.1.is_empty() {
                            f.1 = format!("{}: {w:#034x} -> {other:x?}", d.text.trim());
                        }
                    }
                }
                match asm.encode(&d.text, pc) {
                    Ok(w2) => {
                        let d2 = rules.decode(w2, pc).expect("decodes");
                        assert_eq!(d2.text, d.text, "{path} {} {pc:#x}", sec.name);
                        if (w2 ^ w) & !CONTROL == 0 {
                            same += 1;
                        } else {
                            let e = differ.entry(d.rule.clone()).or_insert((0, String::new()));
                            e.0 += 1;
                            if e.1.is_empty() {
                                e.1 = format!(
                                    "{}: {w:#034x} -> {w2:#034x} (diff {:#034x})",
                                    d.text.trim(),
                                    (w ^ w2) & !CONTROL
                                );
                            }
                        }
                    }
                    Err(e) => {
                        let f = failures.entry(d.rule.clone()).or_insert((0, String::new()));
                        f.0 += 1;
                        if f.1.is_empty() {
                            f.1 = e;
                        }
                    }
                }
            }
        }
    }
    for (rule, (n, e)) in &differ {
        eprintln!("DIFF {rule} x{n}: {e}");
    }
    for (rule, (n, e)) in &failures {
        eprintln!("FAIL {rule} x{n}: {e}");
    }
    for (rule, (n, e)) in &unhinted {
        eprintln!("HINT {rule} x{n}: {e}");
    }
    eprintln!("{hinted} of {total} instructions assemble to their very word given it as the hint");
    assert_eq!(hinted, total, "every word comes back given its hint");
    let failed: usize = failures.values().map(|f| f.0).sum();
    eprintln!(
        "{total} instructions: {same} same word, {} other word printing the same, {failed} failed",
        total - same - failed
    );
    assert_eq!(failed, 0);
}
