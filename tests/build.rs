//! Generates one test per corpus kernel (`tests/kernels/*.xir`) for
//! `tests/tests/ir_corpus.rs`, so each kernel is its own test (parallel, named
//! in reports).

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("kernels");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("tests/kernels")
        .filter_map(|e| {
            let p = e.ok()?.path();
            println!("cargo:rerun-if-changed={}", p.display());
            if p.extension()? != "xir" {
                return None;
            }
            Some(p.file_stem()?.to_str()?.to_string())
        })
        .collect();
    names.sort();
    let mut out = String::new();
    for n in &names {
        let ident: String = n
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        writeln!(
            out,
            "#[test]\nfn corpus_{ident}() {{\n    run_corpus_kernel({n:?});\n}}\n"
        )
        .unwrap();
    }
    let dst = Path::new(&std::env::var("OUT_DIR").unwrap()).join("corpus_tests.rs");
    std::fs::write(dst, out).unwrap();
}
