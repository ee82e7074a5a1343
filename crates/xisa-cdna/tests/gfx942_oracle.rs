//! llvm-mc oracle for the gfx942 decoder: for every opcode of
//! `gfx942_opcodes.tsv`, 500 random encodings (opcode fixed, every other bit
//! random, unused operand fields mostly zero, scalar sources often a literal)
//! are disassembled by xisa and by `llvm-mc-19 --disassemble --mcpu=gfx942`
//! (one llvm-mc call per format, each instruction in its own `[...]` group so
//! it yields exactly one line or one warning). The texts must agree (whitespace
//! normalized) or both sides must reject the encoding, for every opcode row
//! (SALU, SMEM, DS, FLAT, MUBUF and the VALU: VOP1/VOP2/VOPC, VOP3A/B, VOP3P,
//! MFMA, SDWA, DPP). Per-format counts are printed (and documented in
//! docs/cdna.md).

mod common;

use common::*;
use std::collections::{BTreeMap, HashSet};
use xisa_cdna::gfx942::{self, tables};

const PER_OPCODE: usize = 500;

/// Random encoding of opcode row `ri`: bytes given to both decoders.
fn random_word(rng: &mut Rng, ri: usize) -> Vec<u8> {
    let t = tables();
    let op = &t.opcodes[ri];
    let f = &t.formats[op.format];
    let mut w: u64 = f.value as u64 | (rng.next() & !(f.mask as u64));
    if f.bytes == 4 {
        w &= 0xffff_ffff;
    }
    let set = |w: &mut u64, name: &str, v: u64| set_field(f, w, name, v);
    set_opcode(f, op, &mut w);
    // Operand-like fields the opcode does not use: mostly zero (LLVM rejects some).
    for name in [
        "addr", "data0", "data1", "vdst", "data", "sdst", "ssrc0", "ssrc1", "sdata", "vsrc1",
    ] {
        if !op.operands.iter().any(|o| o.field == name) && rng.chance(9, 10) {
            set(&mut w, name, 0);
        }
    }
    // Common special values.
    if rng.chance(1, 4) {
        set(&mut w, "saddr", 0x7f);
    }
    if op.variant == "flat" && rng.chance(3, 4) {
        set(&mut w, "saddr", 0);
    }
    for name in ["ssrc0", "ssrc1"] {
        if rng.chance(1, 5) {
            set(&mut w, name, 255);
        }
    }
    for name in ["acc", "gds", "sve", "lds", "b25", "b53", "b13", "nv"] {
        if rng.chance(3, 4) {
            set(&mut w, name, 0);
        }
    }
    if f.name.starts_with("VOP") {
        valu_fields(rng, op, f, &mut w);
    }
    let mut b = w.to_le_bytes()[..f.bytes].to_vec();
    b.extend_from_slice(&random_literal(rng).to_le_bytes());
    b
}

/// A literal dword: random, or a value whose printing depends on the operand type
/// (inline-looking integers and f16/f32/f64 constants).
fn random_literal(rng: &mut Rng) -> u32 {
    const SPECIAL: [u32; 16] = [
        0x3800,
        0xbc00,
        0x3118,
        0x3f00_0000,
        0xbf80_0000,
        0x3e22_f983,
        0x3fe0_0000,
        0xc010_0000,
        0x3fc4_5f30,
        0xffff_fff0,
        0x40,
        0x41,
        0xffff_3800,
        0x0001_0000,
        0,
        0x8000,
    ];
    match rng.below(4) {
        0 => SPECIAL[rng.below(16) as usize],
        1 => rng.below(200) as u32,
        _ => rng.next() as u32,
    }
}

/// A 9-bit VALU source value: VGPR, SGPR/special, inline constant or literal.
fn random_src(rng: &mut Rng, literal_ok: bool) -> u64 {
    match rng.below(10) {
        0..=3 => 256 + rng.below(256),
        4 | 5 => rng.below(128),
        6 => 128 + rng.below(81),
        7 => 240 + rng.below(9),
        8 if literal_ok => 255,
        _ => rng.below(512),
    }
}

/// VALU: realistic sources and mostly-clear modifiers (every bit still random
/// now and then); SDWA sels never 7 (llvm-mc-19 crashes on them: docs/cdna.md).
fn valu_fields(rng: &mut Rng, op: &tables::Opcode, f: &tables::Format, w: &mut u64) {
    let set = |w: &mut u64, name: &str, v: u64| set_field(f, w, name, v);
    let get = |w: u64, name: &str| f.get(w, name) as u64;
    let short = f.bytes == 4;
    for s in ["src0", "src1", "src2"] {
        if f.fields.iter().any(|x| x.name == s) && !f.name.contains('_') {
            let used = op.operands.iter().any(|o| o.field == s);
            if !used && rng.chance(9, 10) {
                // LLVM rejects unused source fields unless zero: mostly keep them so
                set(w, s, 0);
            } else {
                let mut v = random_src(rng, short && s == "src0");
                // 249/250 in a 32-bit form select SDWA/DPP (their own rows), whose
                // random sel fields could be 7, which crashes llvm-mc-19.
                // v_accvgpr_mov_b32 with a non-AGPR source crashes llvm-mc-19.
                while (short && (v == 249 || v == 250))
                    || (op.mnemonic == "v_accvgpr_mov_b32" && v < 256)
                {
                    v = random_src(rng, true);
                }
                set(w, s, v);
            }
        }
    }
    let sparse: &[(&str, u64)] = &[
        ("abs", 3),
        ("neg", 3),
        ("op_sel", 6),
        ("clamp", 4),
        ("omod", 4),
        ("neg_lo", 4),
        ("neg_hi", 4),
        ("op_sel", 3),
        ("src0_neg", 4),
        ("src0_abs", 4),
        ("src1_neg", 4),
        ("src1_abs", 4),
        ("src0_sext", 4),
        ("src1_sext", 4),
        ("s0", 3),
        ("s1", 3),
        ("b49", 8),
        ("b54", 8),
        ("b62", 8),
        ("bound_ctrl", 3),
        ("cbsz", 3),
        ("abid", 3),
        ("blgp", 3),
        ("acc", 3),
    ];
    for (name, keep) in sparse {
        if !rng.chance(1, *keep) {
            set(w, name, 0);
        }
    }
    if f.name == "VOP3P" && rng.chance(3, 4) {
        let hi = if op.flags.iter().any(|x| x == "show=op_sel_hi") {
            0
        } else {
            3
        };
        set(w, "op_sel_hi", hi);
        set(w, "op_sel_hi2", hi & 1);
    }
    for s in ["dst_sel", "src0_sel", "src1_sel"] {
        if get(*w, s) == 7 || rng.chance(1, 3) {
            set(w, s, if rng.chance(1, 2) { 6 } else { rng.below(7) });
        }
    }
    if f.name == "VOP1_SDWA" && rng.chance(3, 4) {
        set(w, "src1_sel", 0);
    }
    if f.name.ends_with("_DPP") && rng.chance(1, 2) {
        // the defined dpp_ctrl values are sparse: pick them more often
        const CTRL: [u64; 12] = [
            0xe4, 0x1b, 0x101, 0x10f, 0x111, 0x121, 0x130, 0x134, 0x138, 0x13c, 0x140, 0x142,
        ];
        let c = CTRL[rng.below(12) as usize];
        set(
            w,
            "dpp_ctrl",
            if c < 0x100 {
                rng.below(256)
            } else {
                c + rng.below(2)
            },
        );
    }
    if f.name.ends_with("_SDWA") && rng.chance(1, 2) {
        set(w, "sd", 0);
    }
}

/// Marker group after every case: `s_nop 0x1337`, always valid, decoded alone.
const MARKER: &str = "[0x37 0x13 0x80 0xbf]\n";

/// Runs llvm-mc on bracketed groups, each followed by a marker group; one
/// `Some(text)` or `None` (rejected) per group. The lines between two markers are
/// the case's output, so a case that LLVM splits or partly decodes cannot shift
/// the pairing of the others.
fn llvm_texts(tool: &str, groups: &[Vec<u8>]) -> Vec<Option<String>> {
    match llvm_texts_once(tool, groups) {
        Some(r) => r,
        // llvm-mc-19 crashes on a few encodings: chunks, then bisection, find them.
        None => groups.chunks(256).flat_map(|c| bisect(tool, c)).collect(),
    }
}

/// Texts of `groups`, a crashing encoding reported as `<llvm-mc crash>` (a
/// difference, so the generator must avoid such encodings).
fn bisect(tool: &str, groups: &[Vec<u8>]) -> Vec<Option<String>> {
    match llvm_texts_once(tool, groups) {
        Some(r) => r,
        None if groups.len() == 1 => vec![Some("<llvm-mc crash>".into())],
        None => {
            let (a, b) = groups.split_at(groups.len() / 2);
            let mut r = bisect(tool, a);
            r.extend(bisect(tool, b));
            r
        }
    }
}

fn llvm_texts_once(tool: &str, groups: &[Vec<u8>]) -> Option<Vec<Option<String>>> {
    let input: String = groups
        .iter()
        .map(|g| {
            let h: Vec<String> = g.iter().map(|x| format!("{x:#04x}")).collect();
            format!("[{}]\n{MARKER}", h.join(" "))
        })
        .collect();
    let (out, err) = run_llvm_mc(
        tool,
        &[
            "--disassemble",
            "--arch=amdgcn",
            // (no --show-encoding: re-encoding some v_mfma crashes llvm-mc-19)
            "--mcpu=gfx942",
        ],
        &input,
    );
    if err.contains("Stack dump") || err.contains("PLEASE submit") {
        return None;
    }
    let bad: HashSet<usize> = err
        .lines()
        .filter(|l| l.contains(": warning:") || l.contains(": error:"))
        .filter_map(|l| l.strip_prefix("<stdin>:")?.split(':').next()?.parse().ok())
        .collect();
    let mut cases: Vec<Vec<String>> = vec![Vec::new()];
    for l in out
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('.'))
    {
        let text = norm(l.split(';').next().unwrap_or(""));
        if text == "s_nop 0x1337" {
            cases.push(Vec::new());
        } else if let Some(c) = cases.last_mut() {
            c.push(text);
        }
    }
    Some(
        (0..groups.len())
            .map(|gi| {
                let lines = cases.get(gi).cloned().unwrap_or_default();
                if bad.contains(&(2 * gi + 1)) {
                    None
                } else if lines.len() == 1 {
                    Some(lines[0].clone())
                } else {
                    Some(format!("<{} instructions>", lines.len()))
                }
            })
            .collect(),
    )
}

fn norm(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Per format: input groups, xisa texts, opcode rows.
type Cases = (Vec<Vec<u8>>, Vec<Option<String>>, Vec<usize>);

#[test]
fn gfx942_agrees_with_llvm_mc() {
    let Some(tool) = llvm_mc() else { return };
    let t = tables();
    let mut rng = Rng::new(0x6fc9_4200_0000_0001);
    // format -> (groups, xisa texts, opcode rows)
    let mut per: BTreeMap<String, Cases> = BTreeMap::new();
    for ri in 0..t.opcodes.len() {
        let fname = t.formats[t.opcodes[ri].format].name.clone();
        let e = per.entry(fname).or_default();
        for _ in 0..PER_OPCODE {
            let b = random_word(&mut rng, ri);
            let (len, text) = match gfx942::decode_one(&b, 0) {
                Ok(i) => (i.len, gfx942::print::print_inst(&i).ok()),
                Err(_) => (t.formats[t.opcodes[ri].format].bytes, None),
            };
            e.0.push(b[..len].to_vec());
            e.1.push(text.map(|s| norm(&s)));
            e.2.push(ri);
        }
    }
    let mut report = String::new();
    let mut total_bad = 0;
    for (fname, (groups, xisa, rows)) in &per {
        // LLVM marks operands outside the register class with `/*Invalid register*/`,
        // bad immediates with `/*Invalid immediate*/`: that is LLVM rejecting them.
        if let Ok(d) = std::env::var("XISA_GFX942_DUMP") {
            let hex: Vec<String> = groups
                .iter()
                .map(|g| g.iter().map(|b| format!("{b:02x}")).collect())
                .collect();
            let _ = std::fs::write(format!("{d}/{fname}.hex"), hex.join("\n"));
        }
        let llvm: Vec<Option<String>> = llvm_texts(&tool, groups)
            .into_iter()
            // LLVM also marks encodings it considers invalid with a `/* ... */`
            // comment in place of an operand (DPP controls, DP ALU DPP).
            .map(|t| t.filter(|s| !s.contains("/*")))
            .collect();
        let mut examples = String::new();
        let (mut same, mut rej, mut diff) = (0, 0, 0);
        let mut bad_ops: BTreeMap<String, usize> = BTreeMap::new();
        for k in 0..groups.len() {
            match (&xisa[k], &llvm[k]) {
                (Some(a), Some(b)) if a == b => same += 1,
                (None, None) => rej += 1,
                (a, b) => {
                    diff += 1;
                    let n = bad_ops
                        .entry(t.opcodes[rows[k]].mnemonic.clone())
                        .or_default();
                    *n += 1;
                    if *n <= 2 {
                        examples.push_str(&format!(
                            "   {:02x?}\n      xisa: {a:?}\n      llvm: {b:?}\n",
                            groups[k]
                        ));
                    }
                }
            }
        }
        total_bad += diff;
        let ops = rows.iter().collect::<HashSet<_>>().len();
        let bad_rows: HashSet<usize> = (0..groups.len())
            .filter(|&k| xisa[k] != llvm[k])
            .map(|k| rows[k])
            .collect();
        report.push_str(&format!(
            "{fname}: {ops} opcodes ({} fully agree), {} encodings: {same} same text, {rej} both reject, {diff} differ\n",
            ops - bad_rows.len(),
            groups.len()
        ));
        if !bad_ops.is_empty() {
            report.push_str(&format!("   differing: {bad_ops:?}\n"));
            let _ = std::fs::write(
                format!(
                    "{}/gfx942_{fname}_examples.txt",
                    env!("CARGO_TARGET_TMPDIR")
                ),
                &examples,
            );
        }
    }
    eprintln!("{report}");
    let _ = std::fs::write(
        concat!(env!("CARGO_TARGET_TMPDIR"), "/gfx942_oracle_report.txt"),
        &report,
    );
    assert_eq!(total_bad, 0, "xisa and llvm-mc disagree:\n{report}");
}
