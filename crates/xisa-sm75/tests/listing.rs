//! Every committed cubin (`git ls-files '*.cubin'`) listed by xisa
//! (`cubin::disassemble_cubin`, what `xisa disasm k.cubin` prints) must equal
//! nvdisasm's listing of the same cubin (`nvdisasm -c`), instruction by
//! instruction: same sections in the same order, same addresses, same text.
//!
//! Normalisation (docs/sm75.md, "Listing test"): whitespace is removed from
//! both texts; nvdisasm's `/* ... */` comments are dropped; its branch labels
//! (`` `(.L_x_3) ``, `` `($k$f) ``) are replaced by the label's address, which
//! xisa prints as raw nvdisasm does; BRX/BRXU's `(*"BRANCH_TARGETS ..."*)`
//! annotation (read from the cubin's `.nv.info`, not from the word) is
//! dropped.  Mnemonic, modifiers, operands and
//! predicates are compared exactly.
//!
//! nvdisasm comes from `translation-rules/sm75/find-nvdisasm.sh` (installed
//! when missing); the test fails when it is unavailable.

use std::process::Command;

use xisa_sm75::{cubin, Rules};

mod common;
use common::{committed_cubins, norm, nvdisasm, parse_nvdisasm, repo_root, Listing};

/// nvdisasm's listing, normalised: whitespace removed and the
/// `(*"BRANCH_TARGETS .L_x_5,..."*)` notes dropped (nvdisasm reads those
/// targets from the cubin's `.nv.info`, not from the instruction word).
fn nvdisasm_listing(text: &str) -> Listing {
    let mut secs = parse_nvdisasm(text);
    for (_, insts) in &mut secs {
        for (_, ins) in insts.iter_mut() {
            while let Some(a) = ins.find("(*") {
                let Some(b) = ins[a..].find("*)") else { break };
                ins.replace_range(a..a + b + 2, "");
            }
            *ins = norm(ins);
        }
    }
    secs
}

/// xisa's listing in the same shape.
fn parse_xisa(text: &str) -> Listing {
    let mut secs: Listing = Vec::new();
    for l in text.lines() {
        let t = l.trim();
        if let Some(rest) = t.strip_prefix(".section") {
            secs.push((rest.trim().to_string(), Vec::new()));
            continue;
        }
        let Some((pc, rest)) = common::pc_prefix(t) else {
            continue;
        };
        if let Some(s) = secs.last_mut() {
            s.1.push((pc, norm(rest)));
        }
    }
    secs
}

#[test]
fn every_committed_cubin_lists_like_nvdisasm() {
    let nd = nvdisasm("");
    let rules = Rules::embedded().unwrap();
    let files = committed_cubins();
    assert!(
        files.len() >= 60,
        "expected the committed cubins, got {}",
        files.len()
    );
    let (mut same, mut insts, mut insts_same) = (0, 0, 0);
    let mut failures = Vec::new();
    for f in &files {
        let path = repo_root().join(f);
        let bytes = std::fs::read(&path).unwrap();
        let out = Command::new(&nd).arg("-c").arg(&path).output().unwrap();
        assert!(
            out.status.success(),
            "nvdisasm -c {f}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let want = nvdisasm_listing(&String::from_utf8_lossy(&out.stdout));
        let got = match cubin::disassemble_cubin(&rules, &bytes) {
            Ok(t) => parse_xisa(&t),
            Err(e) => {
                failures.push(format!("{f}: xisa: {e}"));
                continue;
            }
        };
        insts += want.iter().map(|s| s.1.len()).sum::<usize>();
        let mut diffs = Vec::new();
        if want.iter().map(|s| &s.0).ne(got.iter().map(|s| &s.0)) {
            diffs.push("section lists differ".to_string());
        }
        for ((_, w), (sname, g)) in want.iter().zip(&got) {
            if w.len() != g.len() {
                diffs.push(format!("{sname}: {} vs {} instructions", w.len(), g.len()));
            }
            for (a, b) in w.iter().zip(g) {
                if a == b {
                    insts_same += 1;
                } else if diffs.len() < 6 {
                    diffs.push(format!(
                        "{sname} {:#06x}\n     nvdisasm: {}\n     xisa:     {}",
                        a.0, a.1, b.1
                    ));
                } else {
                    diffs.push(String::new());
                }
            }
        }
        if diffs.is_empty() {
            same += 1;
        } else {
            diffs.retain(|d| !d.is_empty());
            failures.push(format!("{f}:\n  {}", diffs.join("\n  ")));
        }
    }
    println!(
        "{same} / {} cubins list like nvdisasm; {insts_same} / {insts} instructions equal",
        files.len()
    );
    assert!(
        failures.is_empty(),
        "{} cubins differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
