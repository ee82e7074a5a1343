//! Corpus oracle: every cubin of the sm_75 kernel corpus (`tests/sm75/out`,
//! built by `tests/sm75/build.sh` from `tests/sm75/kernels`) disassembled by
//! xisa must equal nvdisasm's listing of the same cubin (`NAME.sass`,
//! `nvdisasm -c -hex`, committed beside it).  Normalized: whitespace, and
//! nvdisasm's branch labels (`` `(.L_x_3) ``, `` `($k$f) ``) replaced by the
//! label's address (xisa prints absolute addresses as raw nvdisasm does).
//! No tool is needed at test time.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use xisa_sm75::{cubin, Rules};

fn out_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/sm75/out")
}

fn norm(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

/// nvdisasm's listing: section name -> [(pc, text)], labels resolved.
fn parse_sass(text: &str) -> Vec<(String, Vec<(u64, String)>)> {
    let mut secs: Vec<(String, Vec<(u64, String)>)> = Vec::new();
    // pass 1: label addresses (a label names the next instruction)
    let mut labels: HashMap<String, u64> = HashMap::new();
    let mut pending: Vec<String> = Vec::new();
    for l in text.lines() {
        let t = l.trim();
        if let Some(rest) = t.strip_prefix("/*") {
            if let Some(end) = rest.find("*/") {
                if let Ok(pc) = u64::from_str_radix(&rest[..end], 16) {
                    for p in pending.drain(..) {
                        labels.insert(p, pc);
                    }
                }
            }
        } else if let Some(name) = t.strip_suffix(':') {
            if !name.contains(' ') {
                pending.push(name.to_string());
            }
        }
    }
    for l in text.lines() {
        let t = l.trim();
        if let Some(rest) = t.strip_prefix(".section") {
            let name = rest.trim().split(',').next().unwrap_or("").to_string();
            if name.starts_with(".text") {
                secs.push((name, Vec::new()));
            }
            continue;
        }
        let Some(rest) = t.strip_prefix("/*") else {
            continue;
        };
        let Some(end) = rest.find("*/") else { continue };
        let Ok(pc) = u64::from_str_radix(&rest[..end], 16) else {
            continue;
        };
        let mut ins = rest[end + 2..].to_string();
        if let Some(c) = ins.find("/*") {
            ins.truncate(c);
        }
        // `(label) -> 0xADDR
        while let Some(a) = ins.find("`(") {
            let Some(b) = ins[a..].find(')') else { break };
            let name = &ins[a + 2..a + b];
            let addr = labels.get(name).copied().unwrap_or(u64::MAX);
            ins.replace_range(a..a + b + 1, &format!("{addr:#x}"));
        }
        if let Some(s) = secs.last_mut() {
            s.1.push((pc, ins.trim().to_string()));
        }
    }
    secs
}

#[test]
fn corpus_listings_match_nvdisasm() {
    let rules = Rules::embedded().unwrap();
    let mut paths: Vec<PathBuf> = std::fs::read_dir(out_dir())
        .expect("tests/sm75/out missing: run tests/sm75/build.sh")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "cubin"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 20, "expected at least 20 corpus cubins");
    let mut failures = Vec::new();
    let (mut total, mut agree) = (0, 0);
    for p in &paths {
        let name = p.file_stem().unwrap().to_string_lossy().to_string();
        let bytes = std::fs::read(p).unwrap();
        let sass = std::fs::read_to_string(p.with_extension("sass")).unwrap();
        let want = parse_sass(&sass);
        let secs = cubin::text_sections(&bytes).unwrap();
        let (mut n, mut ok) = (0, 0);
        for (sname, lines) in &want {
            let s = secs.iter().find(|s| &s.name == sname).unwrap();
            for (pc, text) in lines {
                n += 1;
                let o = *pc as usize;
                let w = xisa_sm75::word_from_bytes(&s.bytes[o..o + 16]).unwrap();
                match rules.decode(w, *pc) {
                    Ok(d) if norm(&d.text) == norm(text) => ok += 1,
                    got => failures.push(format!(
                        "{name} {sname} {pc:#06x} word {w:#034x}\n   nvdisasm: {text}\n   xisa:     {:?}",
                        got.map(|d| d.text)
                    )),
                }
            }
        }
        // the whole listing through disassemble_cubin when every word decodes
        if ok == n {
            let listing = cubin::disassemble_cubin(&rules, &bytes).unwrap();
            let mine: Vec<String> = listing
                .lines()
                .filter_map(|l| l.trim().strip_prefix("/*"))
                .map(|l| norm(l.split_once("*/").map_or(l, |x| x.1)))
                .collect();
            let theirs: Vec<String> = want
                .iter()
                .flat_map(|(_, v)| v.iter().map(|(_, t)| norm(t)))
                .collect();
            assert_eq!(mine, theirs, "{name}: disassemble_cubin listing differs");
        }
        println!("{name:<14} {ok:>4}/{n:<4} instructions agree");
        total += n;
        agree += ok;
    }
    println!("corpus: {agree}/{total} instructions agree");
    assert!(
        failures.is_empty(),
        "{} disagreements:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
