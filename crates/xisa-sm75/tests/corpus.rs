//! Corpus oracle: every cubin of the sm_75 kernel corpus (`tests/sm75/out`,
//! built by `tests/sm75/build.sh` from `tests/sm75/kernels`) disassembled by
//! xisa must equal nvdisasm's listing of the same cubin (`NAME.sass`,
//! `nvdisasm -c -hex`, committed beside it).  Normalized: whitespace, and
//! nvdisasm's branch labels (`` `(.L_x_3) ``, `` `($k$f) ``) replaced by the
//! label's address (xisa prints absolute addresses as raw nvdisasm does).
//! No tool is needed at test time.

use std::path::{Path, PathBuf};

use xisa_sm75::{cubin, Rules};

mod common;
use common::{norm, parse_nvdisasm};

fn out_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/sm75/out")
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
        let want = parse_nvdisasm(&sass);
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
