//! Which gfx942 opcodes the wave64 lifter accepts: for every opcode row, random
//! encodings that xisa decodes and prints (the decoder is checked against
//! llvm-mc by `gfx942_oracle.rs`) are lifted as a one-instruction kernel
//! (`inst; s_endpgm`). A row counts as lifted when one of its encodings lifts
//! and the IR verifies. Prints the per-format counts (docs/coverage.md quotes
//! them) and requires every atomic the issue names to lift in every memory
//! family, returning and not. Execution semantics are tested elsewhere
//! (`gfx942_exec*.rs`); this is the map of what is reachable.

mod common;

use std::collections::BTreeMap;

use common::{gfx942_samples, Rng};
use xisa_cdna::gfx942::lift::{lift, EntryAbi};
use xisa_cdna::gfx942::tables;

const ENDPGM: [u8; 4] = [0x00, 0x00, 0x81, 0xbf];

/// Encodings of row `ri` (`common::gfx942_samples`, the assembler test's
/// sampler), with branch offsets set to reach the next instruction.
fn samples(rng: &mut Rng, ri: usize, want: usize) -> Vec<Vec<u8>> {
    let op = &tables().opcodes[ri];
    let branch = op.mnemonic.starts_with("s_branch") || op.mnemonic.starts_with("s_cbranch");
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

#[test]
fn lifter_coverage_per_format() {
    let t = tables();
    let abi = EntryAbi {
        kernarg_segment_ptr: true,
        user_sgpr_count: 2,
        workgroup_id: [true, false, false],
        ..EntryAbi::default()
    };
    let mut rng = Rng::new(0x11f7_c0de_0942);
    // format -> (rows, rows with a printable encoding, rows that lift)
    let mut per: BTreeMap<String, (usize, usize, usize)> = BTreeMap::new();
    let mut lifted = std::collections::HashSet::new();
    let mut missing: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (ri, op) in t.opcodes.iter().enumerate() {
        let fname = t.formats[op.format].name.clone();
        let e = per.entry(fname.clone()).or_default();
        e.0 += 1;
        let s = samples(&mut rng, ri, 8);
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
                    why = e.to_string();
                    false
                }
            }
        });
        if !ok && op.mnemonic.contains("atomic") {
            eprintln!("{} ({}): {why}", op.mnemonic, s.len());
        }
        if ok {
            e.2 += 1;
            lifted.insert((op.variant.clone(), op.mnemonic.clone()));
        } else {
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
        for o in [
            "add_f32",
            "pk_add_f16",
            "pk_add_bf16",
            "add_f64",
            "min_f64",
            "max_f64",
        ] {
            want.push((variant, format!("{prefix}_atomic_{o}")));
        }
    }
    for o in [
        "add_u32",
        "sub_u32",
        "min_i32",
        "min_u32",
        "max_i32",
        "max_u32",
        "and_b32",
        "or_b32",
        "xor_b32",
        "inc_u32",
        "dec_u32",
        "add_u64",
        "sub_u64",
        "min_i64",
        "min_u64",
        "max_i64",
        "max_u64",
        "and_b64",
        "or_b64",
        "xor_b64",
        "inc_u64",
        "dec_u64",
        "add_f32",
        "pk_add_f16",
        "pk_add_bf16",
        "add_f64",
        "min_f64",
        "max_f64",
    ] {
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
