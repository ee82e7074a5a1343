//! Runs tiny benchmark matrices end to end (no timing assertions).

use xisa_bench::kernels::{run_kernels, Build, KernelsConfig, KERNELS};
use xisa_bench::matrix::{parse_ops, Pattern, Scope, Space, Work};
use xisa_bench::measure::run_atomics;
use xisa_bench::{report, AtomicsConfig, BenchIsa};

fn tiny(isa: BenchIsa) -> AtomicsConfig {
    AtomicsConfig {
        ops: parse_ops("add.b32,cas.b64,fadd.f32,fadd.f16x2").unwrap(),
        scopes: vec![Scope::Wave, Scope::Device],
        spaces: Space::ALL.to_vec(),
        patterns: vec![Pattern::Hot, Pattern::FalseSharing],
        threads: vec![2],
        work: Work {
            groups: 3,
            block: 40,
            per_lane: 4,
        },
        warmup: 1,
        reps: 2,
        ..AtomicsConfig::quick(isa)
    }
}

#[test]
fn atomics_quick_cells_run_on_every_available_isa() {
    for isa in ["ir", "lsu", "cdna5", "gfx942", "sm75"].map(|n| n.parse::<BenchIsa>().unwrap()) {
        let cfg = tiny(isa);
        let mut calls = 0;
        let (res, skipped) = run_atomics(&cfg, &mut |_, _, _| calls += 1).unwrap();
        assert_eq!(res.len() + skipped.len(), cfg.cells().len(), "{isa:?}");
        assert!(!res.is_empty(), "{isa:?}");
        assert!(calls > cfg.cells().len());
        for r in &res {
            assert_eq!(r.ops, cfg.work.ops());
            assert!(r.translated.median > 0.0 && r.native.median > 0.0);
        }
        if isa.name() == "ir" {
            assert!(skipped.is_empty());
        }
        let csv = report::csv(&res);
        assert_eq!(csv.lines().count(), res.len() + 1);
        assert!(report::svg(&res, "t").unwrap().contains("</svg>"));
        assert!(report::table(&res).contains("add.b32"));
    }
}

#[test]
fn kernels_match_their_rayon_equivalents() {
    let cfg = KernelsConfig {
        elements: 4096,
        warmup: 0,
        reps: 1,
        threads: 2,
        only: Vec::new(),
        builds: Vec::new(),
        engine: xisa::Engine::Jit,
    };
    // Every build (the IR kernel, and the OpenCL twin compiled for sm_75 and
    // for gfx942) of every kernel runs and matches the rayon equivalent
    // (run_kernels fails on a difference).
    let res = run_kernels(&cfg, &mut |_, _, _| {}).unwrap();
    assert_eq!(res.len(), KERNELS.len() * Build::ALL.len());
    for k in KERNELS {
        for b in Build::ALL {
            assert!(
                res.iter().any(|r| r.name == k && r.build == b),
                "{k} ({}) did not run",
                b.name()
            );
        }
    }
    let t = xisa_bench::kernels::table(&res);
    for k in KERNELS {
        assert!(t.contains(k));
    }
    // The experimental wave mode computes the same (run_kernels compares
    // every build's outputs with rayon's).
    let wave = KernelsConfig {
        engine: xisa::Engine::JitWave,
        ..cfg.clone()
    };
    let res = run_kernels(&wave, &mut |_, _, _| {}).unwrap();
    assert_eq!(res.len(), KERNELS.len() * Build::ALL.len());
    let one = KernelsConfig {
        only: vec!["saxpy".into()],
        builds: vec![Build::Gfx942],
        ..cfg.clone()
    };
    let res = run_kernels(&one, &mut |_, _, _| {}).unwrap();
    assert_eq!(res.len(), 1);
    assert_eq!(res[0].build, Build::Gfx942);
    assert!(Build::parse("sm_90").is_err());
    let bad = KernelsConfig {
        only: vec!["nope".into()],
        ..cfg
    };
    assert!(run_kernels(&bad, &mut |_, _, _| {}).is_err());
}

#[test]
fn launch_costs_are_measured_per_build() {
    let cfg = KernelsConfig {
        only: vec!["saxpy".into(), "compaction".into()],
        builds: vec![Build::Ir, Build::Gfx942],
        ..KernelsConfig::quick()
    };
    // compaction's counter grows per launch: every relaunch gets fresh
    // buffers, or its output index would leave the buffer.
    let res = xisa_bench::kernels::run_launches(&cfg, 20).unwrap();
    assert_eq!(res.len(), 4);
    for r in &res {
        assert!(r.cold_ms > 0.0 && r.first_ms >= r.cold_ms, "{r:?}");
        assert!(r.relaunch_us.min > 0.0, "{r:?}");
    }
    let t = xisa_bench::kernels::launch_table(&res);
    assert!(t.contains("gfx942") && t.contains("compaction"), "{t}");
    let bad = KernelsConfig {
        only: vec!["nope".into()],
        ..cfg
    };
    assert!(xisa_bench::kernels::run_launches(&bad, 1).is_err());
}

#[test]
fn cold_jit_of_every_kernel_of_a_module() {
    let p = concat!(env!("CARGO_MANIFEST_DIR"), "/opencl/out/reduce_tree.cubin");
    let bytes = std::fs::read(p).unwrap();
    let (res, failed) = xisa_bench::kernels::module_cold_jit(&bytes, p).unwrap();
    assert!(failed.is_empty(), "{failed:?}");
    assert_eq!(res.len(), 1);
    assert_eq!(res[0].kernel, "reduce_tree");
    assert!(
        res[0].insts > 100 && res[0].compile_ms > 0.0,
        "{:?}",
        res[0]
    );
    assert!(xisa_bench::kernels::cold_jit_table(&res).contains("reduce_tree"));
    assert!(xisa_bench::kernels::module_cold_jit(b"not a module", "x").is_err());
}
