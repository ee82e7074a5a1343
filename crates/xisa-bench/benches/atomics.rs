//! Criterion benchmarks of the atomics matrix (a representative slice):
//! `cargo bench -p xisa-bench --bench atomics`. Each cell is benchmarked twice,
//! `xisa/<cell>` (the translated IR kernel, JIT) and `native/<cell>` (the
//! `std::sync::atomic` baseline), so regressions of either show up.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use xisa::Device;
use xisa_bench::matrix::{cells, OpSpec, Pattern, Scope, Space, Work};
use xisa_bench::measure::{cores, Translated};
use xisa_bench::native::{self, NativeMem};

fn atomics(c: &mut Criterion) {
    let dev = match Device::new() {
        Ok(d) => d,
        Err(e) => {
            eprintln!("no device: {e}");
            return;
        }
    };
    let work = Work {
        groups: 16,
        block: 64,
        per_lane: 256,
    };
    let mut g = c.benchmark_group("atomics");
    g.throughput(Throughput::Elements(work.ops()));
    g.sample_size(10);
    for cell in cells(
        &OpSpec::quick(),
        &[Scope::Workgroup, Scope::Device],
        &[Space::Global],
        &[Pattern::Distinct, Pattern::Hot],
        &[cores()],
    ) {
        let tr = match Translated::new(&dev, "ir".parse().unwrap(), &cell, &work) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{cell}: {e}");
                continue;
            }
        };
        let mem = NativeMem::for_cell(&cell, &work);
        let name = cell.to_string().replace(' ', "/");
        g.bench_function(format!("xisa/{name}"), |b| {
            b.iter(|| tr.run().map_err(|e| eprintln!("{e}")).ok())
        });
        g.bench_function(format!("native/{name}"), |b| {
            b.iter(|| native::run(&cell, &work, &mem).ok())
        });
    }
    g.finish();
}

criterion_group!(benches, atomics);
criterion_main!(benches);
