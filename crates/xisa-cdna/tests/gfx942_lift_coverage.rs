//! Which gfx942 opcodes the wave64 lifter accepts: for every opcode row, random
//! encodings that xisa decodes and prints (the decoder is checked against
//! llvm-mc by `gfx942_oracle.rs`), each also with its modifiers cleared, are
//! lifted as a one-instruction kernel (`inst; s_endpgm`). A row counts as
//! lifted when one of its encodings lifts and the IR verifies. Prints the per-format counts (docs/coverage.md quotes
//! them) and requires every atomic the issue names to lift in every memory
//! family, returning and not. Execution semantics are tested elsewhere
//! (`gfx942_exec*.rs`); this is the map of what is reachable.

mod common;

use std::collections::BTreeMap;

use common::{gfx942_samples, set_field, Rng};
use xisa_cdna::gfx942::lift::{lift, EntryAbi};
use xisa_cdna::gfx942::{memsem, semantics, tables};

const ENDPGM: [u8; 4] = [0x00, 0x00, 0x81, 0xbf];

/// The float atomics of every memory family (with the `_atomic_` or `ds_`
/// prefix).
const FLOAT_ATOMICS: [&str; 6] = [
    "add_f32",
    "pk_add_f16",
    "pk_add_bf16",
    "add_f64",
    "min_f64",
    "max_f64",
];

/// Encodings of row `ri` (`common::gfx942_samples`, the assembler test's
/// sampler), with branch offsets set to reach the next instruction.
fn samples(rng: &mut Rng, ri: usize, want: usize) -> Vec<Vec<u8>> {
    let op = &tables().opcodes[ri];
    // SOPP branches only: zeroing the low bytes of another format would
    // change its opcode (s_cbranch_join is SOP1).
    let sopp = tables().formats[op.format].name == "SOPP";
    let branch =
        sopp && (op.mnemonic.starts_with("s_branch") || op.mnemonic.starts_with("s_cbranch"));
    gfx942_samples(rng, ri, want)
        .into_iter()
        .map(|(mut b, _)| {
            if branch {
                b[0] = 0;
                b[1] = 0;
            }
            b
        })
        .collect()
}

/// The sample `b` of row `ri` with its source and output modifiers cleared
/// (abs, neg, clamp, omod, op_sel, sign extension), op_sel_hi at its
/// default and its SDWA selects set to the whole dword: the form compilers emit most. Tried before the random
/// samples, so that a row whose random samples all carry a modifier the
/// lifter refuses still counts when its plain form lifts. `None` when the
/// format has no modifiers or the plain word does not print.
fn plain(ri: usize, b: &[u8]) -> Option<Vec<u8>> {
    use xisa_cdna::gfx942::{decode_program, print::print_inst};
    let t = tables();
    let f = &t.formats[t.opcodes[ri].format];
    if f.bytes != 8 || !f.name.starts_with("VOP") {
        return None;
    }
    let mut w = u64::from_le_bytes(b.get(..8)?.try_into().ok()?);
    let mut set = |name: &str, v: u64| set_field(f, &mut w, name, v);
    for name in [
        "abs",
        "neg",
        "clamp",
        "omod",
        "src0_neg",
        "src0_abs",
        "src1_neg",
        "src1_abs",
        "neg_lo",
        "neg_hi",
        "op_sel",
        "src0_sext",
        "src1_sext",
        "dst_unused",
    ] {
        set(name, 0);
    }
    for name in ["src0_sel", "src1_sel", "dst_sel"] {
        set(name, 6);
    }
    // VOP3P: op_sel_hi's default selects the high halves (all ones).
    set("op_sel_hi", 3);
    set("op_sel_hi2", 1);
    let mut out = w.to_le_bytes().to_vec();
    out.extend_from_slice(&b[8..]);
    let insts = decode_program(&out).ok()?;
    let (_, first) = insts.first()?;
    print_inst(first).ok()?;
    (out != b).then_some(out)
}

/// The rows that do not lift, with the lifter's reason, are listed in
/// `docs/gfx942-not-lifted.md`; the list must match (`XISA_BLESS=1`
/// rewrites it).
fn check_refused_list(rows: &[String], total: (usize, usize, usize)) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/gfx942-not-lifted.md"
    );
    let text = format!(
        "# gfx942 rows that do not lift\n\n\
         Written by `crates/xisa-cdna/tests/gfx942_lift_coverage.rs` (`XISA_BLESS=1`\n\
         rewrites it; the test fails when the lifter and this list disagree): every\n\
         opcode row of `translation-rules/cdna/gfx942_opcodes.tsv` whose encodings\n\
         the lifter refuses, with its reason (the error of the row's plain form:\n\
         modifiers cleared). {} of {} rows lift; {} do not (below), {} have no\n\
         encoding that prints.\n\n\
         | mnemonic | format | reason |\n|---|---|---|\n{}\n",
        total.2,
        total.0,
        rows.len(),
        total.0 - total.1,
        rows.join("\n")
    );
    if std::env::var_os("XISA_BLESS").is_some() {
        std::fs::write(path, &text).unwrap();
        return;
    }
    let have = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        have == text,
        "{path} does not match the lifter (rerun with XISA_BLESS=1 and review the diff)"
    );
}

#[test]
fn lifter_coverage_per_format() {
    let t = tables();
    let abi = EntryAbi {
        kernarg_segment_ptr: true,
        user_sgpr_count: 2,
        workgroup_id: [true, false, false],
        ..EntryAbi::default()
    };
    // format -> (rows, rows with a printable encoding, rows that lift)
    let mut per: BTreeMap<String, (usize, usize, usize)> = BTreeMap::new();
    let mut lifted = std::collections::HashSet::new();
    let mut missing: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut refused: Vec<String> = Vec::new();
    for (ri, op) in t.opcodes.iter().enumerate() {
        let fname = t.formats[op.format].name.clone();
        // Each row's samples from its own seed: adding a row to the tables
        // leaves the others' samples (and the list of refused rows) alone.
        let key = format!("{fname}/{}/{}", op.variant, op.mnemonic);
        let seed = key.bytes().fold(0x11f7_c0de_0942u64, |h, b| {
            (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
        });
        let mut rng = Rng::new(seed);
        let e = per.entry(fname.clone()).or_default();
        e.0 += 1;
        let random = samples(&mut rng, ri, 8);
        let s: Vec<Vec<u8>> = random
            .iter()
            .filter_map(|b| plain(ri, b))
            .chain(random.iter().cloned())
            .collect();
        if s.is_empty() {
            continue;
        }
        e.1 += 1;
        let mut why = String::new();
        let ok = s.iter().any(|b| {
            let mut code = b.clone();
            code.extend_from_slice(&ENDPGM);
            match lift("cov", &code, &abi) {
                Ok(_) => true,
                Err(e) => {
                    // The first refusal: the plain form's, when it has one.
                    if why.is_empty() {
                        why = e.to_string();
                    }
                    false
                }
            }
        });
        // A row the ALU or memory semantics table marks as not lifted is
        // refused with the table's reason, in every encoding.
        let not_lifted = match (semantics::row(&op.mnemonic), memsem::mem_row(&op.mnemonic)) {
            (Some(Err(r)), _) | (_, Some(Err(r))) => Some(r),
            _ => None,
        };
        if let Some(reason) = not_lifted {
            assert!(
                !ok,
                "{} lifts although the semantics table says: {reason}",
                op.mnemonic
            );
            assert!(
                why.contains(reason.as_str()),
                "{}: refused with `{why}`, not `{reason}`",
                op.mnemonic
            );
        }
        // XISA_COVERAGE_WHY=1: why each row does not lift (a developer aid).
        if !ok
            && (op.mnemonic.contains("atomic") || std::env::var_os("XISA_COVERAGE_WHY").is_some())
        {
            eprintln!("{} ({}): {why}", op.mnemonic, s.len());
        }
        if ok {
            e.2 += 1;
            lifted.insert((op.variant.clone(), op.mnemonic.clone()));
        } else {
            // The reason without the "gfx942 pc 0x0: MNEMONIC is not lifted: " prefix.
            let reason = why.rsplit_once(": ").map_or(why.as_str(), |(_, r)| r);
            refused.push(format!("| `{}` | {fname} | {reason} |", op.mnemonic));
            missing.entry(fname).or_default().push(op.mnemonic.clone());
        }
    }
    let total = per
        .values()
        .fold((0, 0, 0), |a, v| (a.0 + v.0, a.1 + v.1, a.2 + v.2));
    eprintln!("format: (rows, rows with printable encodings, rows that lift)");
    for (f, v) in &per {
        eprintln!("{f:12} {v:?}");
    }
    eprintln!("total        {total:?}");
    for (f, m) in &missing {
        eprintln!("not lifted, {f}: {}", m.join(" "));
    }
    check_refused_list(&refused, total);
    // Every atomic the issue names, in every memory family, 32-bit and _x2.
    let ops = [
        "swap", "cmpswap", "add", "sub", "smin", "umin", "smax", "umax", "and", "or", "xor", "inc",
        "dec",
    ];
    let mut want: Vec<(&str, String)> = Vec::new();
    for (variant, prefix) in [("global", "global"), ("flat", "flat"), ("-", "buffer")] {
        for o in ops {
            want.push((variant, format!("{prefix}_atomic_{o}")));
            want.push((variant, format!("{prefix}_atomic_{o}_x2")));
        }
        for o in FLOAT_ATOMICS {
            want.push((variant, format!("{prefix}_atomic_{o}")));
        }
    }
    for o in [
        "add_u32", "sub_u32", "min_i32", "min_u32", "max_i32", "max_u32", "and_b32", "or_b32",
        "xor_b32", "inc_u32", "dec_u32", "add_u64", "sub_u64", "min_i64", "min_u64", "max_i64",
        "max_u64", "and_b64", "or_b64", "xor_b64", "inc_u64", "dec_u64",
    ]
    .into_iter()
    .chain(FLOAT_ATOMICS)
    {
        want.push(("-", format!("ds_{o}")));
        let rtn = o.replacen('_', "_rtn_", 1);
        want.push(("-", format!("ds_{rtn}")));
    }
    for o in ["wrxchg_rtn_b32", "wrxchg_rtn_b64", "cmpst_b32", "cmpst_b64"] {
        want.push(("-", format!("ds_{o}")));
    }
    // DS read-modify-writes with no IR atomic (compare-and-swap loops), the
    // conditional exchange and the wave counters (gfx942_exec_ds_rmw.rs).
    for o in [
        "rsub_u32",
        "rsub_rtn_u32",
        "rsub_u64",
        "rsub_rtn_u64",
        "mskor_b32",
        "mskor_rtn_b32",
        "mskor_b64",
        "mskor_rtn_b64",
        "wrap_rtn_b32",
        "condxchg32_rtn_b64",
        "append",
        "consume",
    ] {
        want.push(("-", format!("ds_{o}")));
    }
    // Scalar stores and atomics (gfx942_exec_smem_write.rs); the s_scratch_*
    // rows are refused (no wave-level scratch model).
    for prefix in ["s", "s_buffer"] {
        for o in ops {
            want.push(("-", format!("{prefix}_atomic_{o}")));
            want.push(("-", format!("{prefix}_atomic_{o}_x2")));
        }
        for w in ["dword", "dwordx2", "dwordx4"] {
            want.push(("-", format!("{prefix}_store_{w}")));
        }
    }
    let known: std::collections::HashSet<(String, String)> = t
        .opcodes
        .iter()
        .map(|o| (o.variant.clone(), o.mnemonic.clone()))
        .collect();
    let absent: Vec<String> = want
        .iter()
        .filter(|(v, m)| known.contains(&(v.to_string(), m.clone())))
        .filter(|(v, m)| !lifted.contains(&(v.to_string(), m.clone())))
        .map(|(v, m)| format!("{m} ({v})"))
        .collect();
    let in_table = want
        .iter()
        .filter(|(v, m)| known.contains(&(v.to_string(), m.clone())))
        .count();
    eprintln!("required atomics: {in_table} in the tables, all must lift");
    assert!(in_table > 220, "atomic names not found in the tables");
    assert!(absent.is_empty(), "atomics that do not lift: {absent:?}");
}
