//! Runs ptxas-built sm_75 cubins (`tests/ptx/*.ptx` → `*.cubin`, ptxas 12.9,
//! `-arch=sm_75 -O3`) through the loader, the lifter and both engines, and
//! compares the results with a Rust reference computed here.

mod common;

use std::path::PathBuf;

use common::{run, words, ENGINES};
use xisa::{ArgSpec, Module};

fn cubin(name: &str) -> Vec<u8> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/ptx")
        .join(format!("{name}.cubin"));
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn module(name: &str) -> Module {
    Module::from_bytes(&cubin(name), name, None).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn loader_reads_params_and_sizes() {
    let c = xisa_sm75::loader::load(&cubin("loop_shfl")).expect("load");
    assert_eq!(c.sm, 75);
    let k = &c.kernels[0];
    assert_eq!(k.name, "loop_shfl");
    assert_eq!(k.param_cbank_offset, 0x160);
    assert_eq!(k.param_cbank_size, 0x14);
    let p: Vec<(u16, u32)> = k.params.iter().map(|p| (p.offset, p.size)).collect();
    assert_eq!(p, vec![(0, 8), (8, 8), (16, 4)]);
    assert_eq!(k.shared_bytes, 1024);
    assert_eq!(k.regcount, 16);
    assert_eq!(k.exit_offsets, vec![0x3f0]);
}

#[test]
fn store_tid() {
    let m = module("store_tid");
    let n = 150u32;
    for e in ENGINES {
        let out = run(
            &m,
            "store_tid",
            e,
            3,
            64,
            &[ArgSpec::Bytes(vec![0xff; 200 * 4]), ArgSpec::U32(n)],
        );
        let got = words(&out[0]);
        for (i, &g) in got.iter().enumerate() {
            let want = if (i as u32) < n {
                3 * i as u32 + 7
            } else {
                u32::MAX
            };
            assert_eq!(g, want, "{e}: out[{i}]");
        }
    }
}

/// Reference for `loop_shfl`: per-lane loop sum, then the warp shuffles.
fn loop_shfl_ref(block: u32, n: u32) -> (Vec<u32>, Vec<u32>) {
    let s0: Vec<u32> = (0..block)
        .map(|t| (0..n).fold(0u32, |a, i| a.wrapping_add(i ^ t)))
        .collect();
    let warps = block.div_ceil(32) as usize;
    let mut out = vec![0u32; warps * 2];
    for w in 0..warps {
        let lanes: Vec<u32> = (0..32).map(|l| s0[w * 32 + l]).collect();
        let bfly = |v: &Vec<u32>, m: usize| -> Vec<u32> {
            (0..32).map(|l| v[l].wrapping_add(v[l ^ m])).collect()
        };
        let v = bfly(&lanes, 16);
        let v = bfly(&v, 8);
        let v: Vec<u32> = (0..32)
            .map(|l| v[l].wrapping_add(if l + 4 <= 31 { v[l + 4] } else { v[l] }))
            .collect();
        out[w * 2] = v[0];
        out[w * 2 + 1] = v[0];
    }
    let out2 = (0..block).map(|t| block - 1 - t).collect();
    (out, out2)
}

#[test]
fn loop_shfl() {
    let m = module("loop_shfl");
    for n in [0u32, 1, 5, 9] {
        let (want, want2) = loop_shfl_ref(64, n);
        for e in ENGINES {
            let out = run(
                &m,
                "loop_shfl",
                e,
                1,
                64,
                &[ArgSpec::Zeros(16), ArgSpec::Zeros(256), ArgSpec::U32(n)],
            );
            assert_eq!(words(&out[0]), want, "{e} n={n}: warp sums");
            assert_eq!(words(&out[1]), want2, "{e} n={n}: reversed shared");
        }
    }
}

#[test]
fn atomics() {
    let m = module("atomics");
    let (grid, block) = (4u32, 64u32);
    let total = grid * block;
    for e in ENGINES {
        let out = run(
            &m,
            "atomics",
            e,
            grid,
            block,
            &[ArgSpec::Zeros(32 * 4), ArgSpec::Zeros(u64::from(total) * 4)],
        );
        let c = words(&out[0]);
        let olds = words(&out[1]);
        for s in 0..2u32 {
            let ids: Vec<u32> = (0..total).filter(|g| g & 1 == s).collect();
            let si = s as usize;
            assert_eq!(c[si], ids.len() as u32, "{e}: add");
            assert_eq!(c[2 + si], *ids.iter().max().unwrap(), "{e}: max");
            let mn = ids.iter().map(|&g| g as i32 - 100).min().unwrap().min(0);
            assert_eq!(c[4 + si] as i32, mn, "{e}: min.s32");
            let or = ids.iter().fold(0u32, |a, g| a | 1 << (g & 31));
            assert_eq!(c[6 + si], or, "{e}: or");
            assert_eq!(c[8 + si], ids.iter().fold(0, |a, g| a ^ g), "{e}: xor");
            assert_eq!(c[10 + si], 0, "{e}: and");
            assert_eq!(c[12 + si], ids.len() as u32 % 11, "{e}: inc wrap 10");
            assert!(ids.contains(&c[14 + si]) || c[14 + si] == 0, "{e}: exch");
            let sum64: u64 = ids.iter().map(|&g| u64::from(g)).sum();
            let got64 = u64::from(c[16 + 2 * si]) | u64::from(c[17 + 2 * si]) << 32;
            assert_eq!(got64, sum64, "{e}: add.u64");
            assert_eq!(f32::from_bits(c[20 + si]), ids.len() as f32, "{e}: add.f32");
            assert!(ids.contains(&(c[22 + si] - 1)), "{e}: cas winner");
            assert_eq!(c[24 + si], 2 * ids.len() as u32, "{e}: sys add");
            assert_eq!(c[26 + si], 3 * ids.len() as u32, "{e}: cta add");
            // dec wrap 5 from 0: 0 → 5 → 4 ... period 6.
            let d = (6 - ids.len() as u32 % 6) % 6;
            assert_eq!(c[28 + si], d, "{e}: dec wrap 5");
        }
        // The add's old values are a permutation of 0..count per slot.
        for s in 0..2u32 {
            let mut v: Vec<u32> = (0..total)
                .filter(|g| g & 1 == s)
                .map(|g| olds[g as usize])
                .collect();
            v.sort();
            assert_eq!(v, (0..total / 2).collect::<Vec<_>>(), "{e}: add olds");
        }
    }
}

/// Every kernel of `m` lifts, and its IR verifies, with pcs on every
/// instruction.
fn assert_lifts_with_pcs(m: &Module) {
    let (lifted, failed) = m.lift_all();
    assert!(failed.is_empty(), "{failed:?}");
    for k in &lifted.kernels {
        xisa_ir::verify::verify_kernel(k).expect("verifies");
        assert!(k
            .blocks
            .iter()
            .flat_map(|b| &b.insts)
            .all(|i| i.pc.is_some()));
    }
}

#[test]
fn lifted_ir_verifies_and_carries_pcs() {
    for name in [
        "store_tid",
        "loop_shfl",
        "atomics",
        "fconv",
        "surf",
        "satom",
    ] {
        let m = module(name);
        assert_lifts_with_pcs(&m);
    }
}

/// Every cubin of the shared kernel corpus (`tests/sm75/out`, 44 kernels)
/// lifts, and its IR verifies, with pcs on every instruction.
#[test]
fn every_corpus_cubin_lifts() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/sm75/out");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/sm75/out")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "cubin"))
        .collect();
    paths.sort();
    assert_eq!(paths.len(), 44, "corpus cubins");
    for p in &paths {
        let b = std::fs::read(p).expect("read");
        let m = Module::from_bytes(&b, &p.display().to_string(), None)
            .unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        assert_lifts_with_pcs(&m);
    }
}

fn corpus_module(name: &str) -> Module {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/sm75/out")
        .join(format!("{name}.cubin"));
    let b = std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    Module::from_bytes(&b, name, None).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Corpus `hist_shared`: ATOMS has no predicate output, so `@P0 EXIT` after
/// it still sees the `tid > 63` compare.
#[test]
fn corpus_hist_shared_counts() {
    let m = corpus_module("hist_shared");
    let input: Vec<u8> = (0..256u32).map(|i| (i * 37 % 251) as u8).collect();
    let mut want = vec![0u32; 64];
    for &b in &input {
        want[usize::from(b & 63)] += 1;
    }
    for e in ENGINES {
        let out = run(
            &m,
            "hist_shared",
            e,
            2,
            128,
            &[
                ArgSpec::Bytes(input.clone()),
                ArgSpec::Zeros(256),
                ArgSpec::I32(256),
            ],
        );
        assert_eq!(words(&out[1]), want, "{e}");
    }
}

/// Corpus `generic_atom`: generic `ST` (no uniform register) takes its data
/// from [64, 72); with one warp the warp-aggregated add gives exclusive
/// prefix sums.
#[test]
fn corpus_generic_atom_store_data() {
    let m = corpus_module("generic_atom");
    for e in ENGINES {
        let out = run(
            &m,
            "generic_atom",
            e,
            1,
            32,
            &[ArgSpec::Zeros(16), ArgSpec::Zeros(128)],
        );
        let c = words(&out[0]);
        assert_eq!(c, vec![(0..32).sum::<u32>(), 3, c[2], 31], "{e}: counters");
        let o = words(&out[1]);
        // Lanes finish in some serial order: each result is the add's old
        // value (exclusive prefix) plus the old values of cas/exch/max, all
        // of which are small; the add part must be exact.
        for (t, &v) in o.iter().enumerate() {
            let prefix = (0..t as u32).sum::<u32>();
            assert!(
                v >= prefix && v - prefix <= 3 * 31 + 3,
                "{e}: out[{t}] = {v}"
            );
        }
    }
}

/// Corpus `call_func`: recursive calls need CUDA's default 1 KiB stack
/// (the cubin's MAX_STACK_SIZE covers one frame).
#[test]
fn corpus_call_func_recursion() {
    let m = corpus_module("call_func");
    let fib = |n: u32| (0..n).fold((0u32, 1u32), |(a, b), _| (b, a + b)).0;
    for e in ENGINES {
        let out = run(&m, "call_func", e, 1, 32, &[ArgSpec::Zeros(128)]);
        let want: Vec<u32> = (0..32).map(|t| fib(t & 15)).collect();
        assert_eq!(words(&out[0]), want, "{e}");
    }
}

/// Prints the lifted IR of a cubin named by `XISA_SM75_DUMP` (debugging aid).
#[test]
#[ignore]
fn dump_ir() {
    let name = std::env::var("XISA_SM75_DUMP").unwrap_or_else(|_| "loop_shfl".into());
    println!("{}", module(&name).lift_all().0);
}

/// Lifts every cubin of the shared corpus (`tests/sm75/out`) and prints
/// per kernel whether it lifts, and the first error otherwise.
#[test]
#[ignore]
fn corpus_survey() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/sm75/out");
    let Ok(rd) = std::fs::read_dir(&dir) else {
        return;
    };
    let mut paths: Vec<_> = rd
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "cubin"))
        .collect();
    paths.sort();
    let mut ok = 0;
    for p in &paths {
        let b = std::fs::read(p).expect("read");
        let c = match xisa_sm75::loader::load(&b) {
            Ok(c) => c,
            Err(e) => {
                println!("{}: load: {e}", p.display());
                continue;
            }
        };
        for k in &c.kernels {
            match xisa_sm75::lift::lift_kernel(k, &c.relocs) {
                Ok(l) => match xisa_ir::verify::verify_kernel(&l.kernel) {
                    Ok(()) => {
                        ok += 1;
                        println!("OK {}", k.name);
                    }
                    Err(e) => println!("VERIFY {}: {e}", k.name),
                },
                Err(e) => println!("FAIL {e}"),
            }
        }
    }
    println!("{ok} kernels lift");
}
