//! Differential test of the lifter against the decoder: a single-bit change
//! of an instruction that nvdisasm's syntax shows (the decoded text changes,
//! the form stays the same) must change the lifted IR or be refused. A change
//! that lifts to the same IR means the lifter dropped something the
//! instruction says, unless the change is one of the documented no-ops in
//! [`ALLOWED`]. For each form in the committed cubins and each printed
//! mnemonic-with-modifiers it takes there (the first such instruction), each
//! bit in [16, 91) is flipped (the guard, opcode and scheduling bits are
//! covered elsewhere): about 1,100 samples, 45,000 changes.
//!
//! This is how `FFMA.FMZ`, ISETP's low-word predicate without `.EX`, MOV's
//! lane mask, a never-taken `CALL !PT, R` and the `.H1` select of a
//! uniform-register conversion source were found lifted as something else.

use std::collections::{BTreeMap, BTreeSet};
mod common;
use common::{committed_cubins, repo_root};

/// (mnemonic of the form, flipped bits that may lift to the same IR, why).
const ALLOWED: &[(&str, &[u32], &str)] = &[
    // No effect in xisa's model: reconvergence and scheduling hints,
    // convergence-barrier bookkeeping, FCHK (always "take the exact path"),
    // RET.REL/RET.ABS (IR calls return to their call site), BPT's trap
    // code.
    (
        "BMOV.32",
        &[
            24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39,
        ],
        "barrier state is not modelled",
    ),
    (
        "BMOV.32.CLEAR",
        &[24, 25, 26, 27, 28],
        "barrier state is not modelled",
    ),
    ("BSSY", &ALL, "reconvergence hint"),
    ("BSYNC", &ALL, "reconvergence hint"),
    ("BREAK", &ALL, "reconvergence hint"),
    ("WARPSYNC", &ALL, "lanes reconverge at every collective"),
    ("YIELD", &ALL, "scheduling hint"),
    ("NANOSLEEP", &ALL, "scheduling hint"),
    (
        "FCHK",
        &ALL,
        "the slow path is always taken, exact for every input",
    ),
    ("RET.REL", &ALL, "IR calls return to their call site"),
    ("RET.ABS", &ALL, "IR calls return to their call site"),
    ("BPT", &[34, 35, 36], "the trap code only names the trap"),
    (
        "CALL.REL",
        &[86],
        ".NOINC: the hardware call depth is not modelled",
    ),
    (
        "CALL",
        &[86],
        ".NOINC: the hardware call depth is not modelled",
    ),
    (
        "BRA",
        &[32, 33],
        ".U is a hint; .DIV/.CONV are taken (docs/sm75.md)",
    ),
    // Cache and prefetch hints.
    (
        "LDG",
        &[68, 69, 84, 85, 86],
        "prefetch size, eviction priority",
    ),
    (
        "LD",
        &[68, 69, 84, 85, 86],
        "prefetch size, eviction priority",
    ),
    ("STG", &[84, 85, 86], "eviction priority"),
    ("ST", &[84, 85, 86], "eviction priority"),
    ("LDL", &[84, 85, 86], "eviction priority"),
    ("STL", &[84, 85, 86], "eviction priority"),
    ("RED", &[84, 85, 86], "eviction priority"),
    ("ATOM", &[84, 85, 86], "eviction priority"),
    ("ATOMG", &[84, 85, 86], "eviction priority"),
    ("ATOM.CAS", &[84, 85, 86], "eviction priority"),
    ("ATOMG.CAS", &[84, 85, 86], "eviction priority"),
    ("SULD.D", &[84, 85, 86], "eviction priority"),
    ("SUST.D", &[84, 85, 86], "eviction priority"),
    ("SURED.D", &[84, 85, 86], "eviction priority"),
    ("LDS", &[76], ".U: the address is warp-uniform"),
    // Size 7 (`.U.128`) against 6 (`.128`): "uniform 128 bit load", a hint
    // that every thread likely uses the same address (docs/sm75.md).
    ("LDG", &[73], ".U.128: a uniform-address hint"),
    ("LD", &[73], ".U.128: a uniform-address hint"),
    ("STG", &[73], ".U.128: a uniform-address hint"),
    ("ST", &[73], ".U.128: a uniform-address hint"),
    (
        "PLOP3.LUT",
        &[67],
        "a PT source read as UPT: both are true (the uniform-predicate select of an index-7 source)",
    ),
    ("ATOMS.CAS", &[88], ".SPIN: a spin-loop hint of CAST"),
    // Equivalent encodings for the operands at hand: signedness of a low
    // product word, a left shift, an integer add/exchange/CAS or an EQ/NE
    // compare; the scope or strength of an access the IR keeps weak (more
    // than one register) or relaxed (STRONG and MMIO); the order of MEMBAR
    // (every one is a seq_cst fence of its scope).
    ("IMAD", &[73], "low word of a product"),
    ("IMAD.X", &[73], "low word of a product"),
    (
        "IMAD.MOV",
        &[40, 41, 73],
        "low word; c[0x0][0x20..0x2c] all read 0 here",
    ),
    ("MOV", &[40, 41], "c[0x0][0x20..0x2c] all read 0 here"),
    ("IMAD.SHL", &[73], "low word of a product"),
    ("IMAD.IADD", &[73], "low word of a product"),
    ("UIMAD", &[73], "low word of a product"),
    ("SHF", &[73], "a left shift"),
    ("USHF", &[73], "a left shift"),
    ("ISETP", &[73], "EQ/NE"),
    ("UISETP", &[73], "EQ/NE"),
    ("ATOM", &[73], "ADD/EXCH/CAS"),
    ("ATOMG", &[73], "ADD/EXCH/CAS"),
    ("ATOM.CAS", &[73], "CAS"),
    ("ATOMG.CAS", &[73], "CAS"),
    ("SURED.D", &[73], "ADD"),
    ("ATOMS", &[73], "ADD"),
    ("ATOMS.CAS", &[73], "CAS"),
    ("RED", &[73], "ADD/OR"),
    (
        "LDG",
        &[77, 78, 79, 80],
        "weak or multi-register accesses ignore scope; MMIO = STRONG",
    ),
    (
        "LD",
        &[77, 78, 79],
        "weak accesses ignore scope; MMIO = STRONG",
    ),
    (
        "STG",
        &[77, 78, 79, 80],
        "weak accesses ignore scope; MMIO = STRONG; .128 is weak",
    ),
    (
        "ST",
        &[77, 78, 79],
        "weak accesses ignore scope; MMIO = STRONG",
    ),
    (
        "SULD.D",
        &[77, 78, 79],
        "multi-register accesses are weak; MMIO = STRONG",
    ),
    (
        "SUST.D",
        &[77, 78, 79],
        "multi-register accesses are weak; MMIO = STRONG",
    ),
    (
        "MEMBAR",
        &[79, 80],
        "every MEMBAR is a seq_cst fence of its scope",
    ),
    (
        "CS2R",
        &[73, 76],
        "SR_CLOCKHI, SR_GLOBALTIMERHI, SR_VIRTUALSMID all read 0",
    ),
    // Fields that matter only when a predicate result is written, and the
    // sample instruction writes PT.
    ("LOP3.LUT", &[80, 87, 88, 89, 90], "Pd is PT"),
    ("ULOP3", &[80, 87, 88, 89, 90], "UPd is UPT"),
    ("PLOP3.LUT", &[16, 17, 18, 19, 20, 21, 22, 23], "Pd2 is PT"),
    ("PLOP3", &[16, 17, 18, 19, 20, 21, 22, 23], "Pd2 is PT"),
    ("VOTE", &[72], "Pd is PT"),
    ("VOTEU", &[72], "UPd is UPT"),
    (
        "R2P",
        &[
            39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60,
            61, 62, 63,
        ],
        "mask bits past P6 name no predicate",
    ),
];

/// Every flippable bit.
const ALL: [u32; 75] = {
    let mut a = [0u32; 75];
    let mut i = 0;
    while i < 75 {
        a[i] = 16 + i as u32;
        i += 1;
    }
    a
};

/// `text` without the half selects of RZ operands.
fn rz_selects_removed(text: &str) -> String {
    ["RZ.H0_H0", "RZ.H1_H1", "RZ.H0_H1", "RZ.H1_H0"]
        .iter()
        .fold(text.to_string(), |t, s| t.replace(s, "RZ"))
}

#[test]
fn visible_bit_changes_change_the_lift() {
    let rules = xisa_sm75::Rules::embedded().unwrap();
    let root = repo_root();
    let files = committed_cubins();
    let allowed = |mn: &str, bit: u32| {
        ALLOWED
            .iter()
            .any(|(m, bits, _)| *m == mn && bits.contains(&bit))
    };
    let mut seen = BTreeSet::new();
    let mut silent: BTreeMap<String, String> = BTreeMap::new();
    let (mut forms, mut flips) = (0, 0);
    for p in &files {
        let b = std::fs::read(root.join(p)).unwrap();
        let Ok(c) = xisa_sm75::loader::load(&b) else {
            continue;
        };
        for k in &c.kernels {
            let Ok(base) = xisa_sm75::lift::lift_kernel(k, &c.relocs) else {
                continue;
            };
            let base_ir = format!("{:?}", base.kernel);
            for (i, ch) in k.code.chunks_exact(16).enumerate() {
                let w = u128::from_le_bytes(ch.try_into().unwrap());
                let pc = i as u64 * 16;
                let Ok(d) = rules.decode(w, pc) else { continue };
                // one sample per form and printed mnemonic-with-modifiers
                let tok = d
                    .text
                    .split_whitespace()
                    .find(|t| !t.starts_with('@'))
                    .unwrap_or("")
                    .to_string();
                if !seen.insert((d.rule.clone(), tok)) {
                    continue;
                }
                forms += 1;
                let text = d.text.replace(".reuse", "");
                for bit in 16..91u32 {
                    let w2 = w ^ (1u128 << bit);
                    let Ok(d2) = rules.decode(w2, pc) else {
                        continue;
                    };
                    if d2.rule != d.rule || d2.text.replace(".reuse", "") == text {
                        continue;
                    }
                    // A half select on RZ picks one of two equal zero
                    // halves: neutral (nvdisasm prints none for H1_H0).
                    if rz_selects_removed(&d2.text.replace(".reuse", ""))
                        == rz_selects_removed(&text)
                    {
                        continue;
                    }
                    flips += 1;
                    let mut k2 = k.clone();
                    k2.code[i * 16..i * 16 + 16].copy_from_slice(&w2.to_le_bytes());
                    let Ok(l2) = xisa_sm75::lift::lift_kernel(&k2, &c.relocs) else {
                        continue; // refused: fine
                    };
                    if format!("{:?}", l2.kernel) == base_ir && !allowed(&d.mnemonic, bit) {
                        silent.insert(
                            format!("{} bit {bit}", d.rule),
                            format!("{}  ->  {}", d.text.trim(), d2.text.trim()),
                        );
                    }
                }
            }
        }
    }
    println!(
        "{} cubins, {forms} forms, {flips} visible single-bit changes",
        files.len()
    );
    assert!(forms > 200, "too few forms: {forms}");
    assert!(
        silent.is_empty(),
        "changes that lift to the same IR:\n{}",
        silent
            .iter()
            .map(|(k, v)| format!("  {k}: {v}"))
            .collect::<Vec<_>>()
            .join("\n")
    );
}
