//! Whole-program disassembly of real compiler output: for every gfx942 code
//! object of the corpus `tests/gfx942/out/*.co` (clang-19 OpenCL C and llvm-mc
//! assembly kernels, built by `tests/gfx942/build.sh`), the `.text` section is
//! disassembled by `xisa_cdna::gfx942::disassemble` and must equal the committed
//! `llvm-objdump-19 -d --mcpu=gfx942` listing (`NAME.lst`) instruction for
//! instruction (addresses, encodings and branch-target comments stripped).

use std::path::{Path, PathBuf};
use xisa_cdna::gfx942;

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/gfx942/out")
}

fn u16_at(b: &[u8], o: usize) -> usize {
    u16::from_le_bytes([b[o], b[o + 1]]) as usize
}
fn u32_at(b: &[u8], o: usize) -> usize {
    u32::from_le_bytes(b[o..o + 4].try_into().unwrap()) as usize
}
fn u64_at(b: &[u8], o: usize) -> usize {
    u64::from_le_bytes(b[o..o + 8].try_into().unwrap()) as usize
}

/// The bytes of section `name` of an ELF64 little-endian file (independent of
/// the crate's own loader, so a loader bug cannot hide a decoder bug).
fn section<'a>(elf: &'a [u8], name: &str) -> Option<&'a [u8]> {
    let (shoff, shentsize, shnum, shstrndx) = (
        u64_at(elf, 0x28),
        u16_at(elf, 0x3a),
        u16_at(elf, 0x3c),
        u16_at(elf, 0x3e),
    );
    let sh = |i: usize| shoff + i * shentsize;
    let strtab = u64_at(elf, sh(shstrndx) + 0x18);
    (0..shnum).find_map(|i| {
        let n = strtab + u32_at(elf, sh(i));
        let end = elf[n..].iter().position(|&c| c == 0)? + n;
        if &elf[n..end] != name.as_bytes() {
            return None;
        }
        let (off, size) = (u64_at(elf, sh(i) + 0x18), u64_at(elf, sh(i) + 0x20));
        elf.get(off..off + size)
    })
}

fn norm(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Instruction lines of an llvm-objdump listing (tab-indented, comment stripped).
fn listing(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.starts_with('\t'))
        .map(|l| norm(l.split("//").next().unwrap_or("")))
        .filter(|l| !l.is_empty())
        .collect()
}

#[test]
fn gfx942_corpus_listings_match_llvm_objdump() {
    let dir = corpus();
    let mut cos: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| Some(e.ok()?.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "co"))
        .collect();
    cos.sort();
    assert!(cos.len() >= 20, "corpus has {} code objects", cos.len());
    let (mut total, mut valu) = (0, 0);
    let mut failures = Vec::new();
    for co in &cos {
        let elf = std::fs::read(co).unwrap();
        let text = section(&elf, ".text").expect(".text section");
        let lst = std::fs::read_to_string(co.with_extension("lst")).unwrap();
        let want = listing(&lst);
        let got = match gfx942::disassemble(text) {
            Ok(l) => l.iter().map(|s| norm(s)).collect::<Vec<_>>(),
            Err(e) => {
                failures.push(format!("{}: {e}", co.display()));
                continue;
            }
        };
        total += got.len();
        valu += got.iter().filter(|l| l.starts_with("v_")).count();
        if got != want {
            let k = got
                .iter()
                .zip(&want)
                .position(|(a, b)| a != b)
                .unwrap_or(got.len().min(want.len()));
            failures.push(format!(
                "{}: line {k}: xisa {:?} llvm-objdump {:?} ({} vs {} lines)",
                co.display(),
                got.get(k),
                want.get(k),
                got.len(),
                want.len()
            ));
        }
    }
    eprintln!(
        "gfx942 listings: {} code objects, {total} instructions ({valu} VALU) identical: {}",
        cos.len(),
        failures.is_empty()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(valu > 0);
}
