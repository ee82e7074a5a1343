//! The JIT's experimental wave mode (`--engine jit-wave`,
//! `docs/architecture.md`) against the reference interpreter on the IR
//! corpus: every kernel whose outcome does not depend on how lanes are
//! interleaved must leave the same buffers and the same error. Wave mode
//! interleaves a wave's lanes instruction by instruction where lane mode
//! runs each lane to its next sync point, so kernels that record the order
//! of their lanes' races (spin locks, CAS retry counts) or stop half-way
//! through at a fault are left out, each with the reason.

use xisa::Engine;
use xisa_tests::spec::{gen_inputs, Agree};
use xisa_tests::{corpus_names, describe_diff, normalize_error, run_corpus, CorpusKernel};

/// Kernels whose results depend on the interleaving of lanes.
const ORDER_DEPENDENT: [(&str, &str); 5] = [
    ("cas_loop_fadd", "counts its CAS retries"),
    (
        "intra_wave_spin",
        "logs the order in which lanes pass a flag",
    ),
    ("spin_lock", "logs the order in which lanes take the lock"),
    (
        "oob_global",
        "faults: how much the other lanes stored first differs",
    ),
    (
        "trap",
        "traps: how much the other lanes stored first differs",
    ),
];

#[test]
fn wave_mode_agrees_with_the_interpreter_on_the_ir_corpus() {
    let mut checked = 0;
    let mut problems = Vec::new();
    for name in corpus_names() {
        if ORDER_DEPENDENT.iter().any(|(n, _)| *n == name) {
            continue;
        }
        let ck = CorpusKernel::load(&name).unwrap_or_else(|e| panic!("{e}"));
        for seed in [1u64, 2] {
            let inputs = gen_inputs(&ck.spec, seed);
            let interp = run_corpus(&ck, &inputs, Engine::Interp, 1, 0xa5);
            let wave = run_corpus(&ck, &inputs, Engine::JitWave, 1, 0xa5);
            let norm = |e: &Option<String>| e.as_deref().map(normalize_error);
            if norm(&interp.error) != norm(&wave.error) {
                problems.push(format!(
                    "{name} (seed {seed}): outcomes differ: interp {:?}, jit-wave {:?}",
                    interp.error, wave.error
                ));
            }
            if ck.spec.agree == Agree::Bytes {
                for (i, (a, b)) in interp.bufs.iter().zip(&wave.bufs).enumerate() {
                    if let (Some(a), Some(b)) = (a, b) {
                        if let Some(d) = describe_diff(a, b, "interp", "jit-wave") {
                            problems.push(format!("{name} (seed {seed}): buffer {i}: {d}"));
                        }
                    }
                }
            }
        }
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} corpus kernels found");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The default engine runs a kernel in wave mode when it has warp
/// operations in a loop and its frontend lifts it apart for waves (gfx942's
/// iterative scan over the active lanes in `compaction`), in lane mode
/// otherwise: checked on the two predicates it reads, for the bench's
/// compiled builds.
#[test]
fn the_default_engine_picks_wave_mode_for_gfx942_warp_loops() {
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../crates/xisa-bench/opencl/out");
    let load = |file: &str| {
        let bytes = std::fs::read(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        xisa::Module::from_bytes(&bytes, file, None).unwrap_or_else(|e| panic!("{file}: {e}"))
    };
    // (file, kernel, warp operations in a loop, lifted apart for waves)
    let cases = [
        ("compaction.co", "compaction", true, true),
        ("cas_loop_fadd.co", "cas_loop_fadd", true, true),
        ("prefix_scan.co", "prefix_scan", false, true),
        ("compaction.cubin", "compaction", true, false),
        ("prefix_scan.cubin", "prefix_scan", false, false),
    ];
    for (file, kernel, looped, apart) in cases {
        let m = load(file);
        let k = m.kernel(kernel).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(k.warp_ops_in_loops(), looped, "{file}");
        assert_eq!(m.has_wave_lift(kernel), apart, "{file}");
    }
}
