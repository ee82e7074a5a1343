//! Criterion benchmarks of the corpus kernels: `cargo bench -p xisa-bench
//! --bench kernels`. One iteration is a whole `run_kernels` round for one
//! kernel (upload, translated launch, rayon equivalent, output comparison) on
//! 2^16 elements: coarse, but it tracks regressions of either side.

use criterion::{criterion_group, criterion_main, Criterion};
use xisa_bench::kernels::{run_kernels, KernelsConfig, KERNELS};

fn kernels(c: &mut Criterion) {
    let mut g = c.benchmark_group("kernels");
    g.sample_size(10);
    for k in KERNELS {
        let cfg = KernelsConfig {
            elements: 1 << 16,
            warmup: 0,
            reps: 1,
            threads: 0,
            only: vec![k.to_string()],
            builds: Vec::new(),
            engine: xisa::Engine::Jit,
        };
        g.bench_function(k, |b| {
            b.iter(|| {
                run_kernels(&cfg, &mut |_, _, _| {})
                    .map_err(|e| eprintln!("{e}"))
                    .ok()
            })
        });
    }
    g.finish();
}

criterion_group!(benches, kernels);
criterion_main!(benches);
