//! Measurement: for each cell, compile once (timed separately), then warm-up
//! and repetitions that alternate the translated kernel and the native
//! baseline, so both see the same machine state.

use std::time::{Duration, Instant};

use xisa::{ArgSpec, Device, LaunchOptions};
use xisa_ir::Type;
use xisa_runtime::LaunchConfig;

use crate::gen::{generate, BenchIsa, Generated, Inputs};
use crate::matrix::{self, Cell, OpSpec, Pattern, Scope, Space, Work};
use crate::native::{self, NativeMem};
use crate::Error;

/// Summary of repeated measurements.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Stats {
    pub median: f64,
    pub min: f64,
    pub max: f64,
    pub mean: f64,
    pub stddev: f64,
}

impl Stats {
    /// Statistics of `xs` (all zero when empty).
    pub fn of(xs: &[f64]) -> Stats {
        if xs.is_empty() {
            return Stats::default();
        }
        let mut v = xs.to_vec();
        v.sort_by(|a, b| a.total_cmp(b));
        let n = v.len();
        let median = if n % 2 == 1 {
            v[n / 2]
        } else {
            (v[n / 2 - 1] + v[n / 2]) / 2.0
        };
        let mean = v.iter().sum::<f64>() / n as f64;
        let var = v.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / n as f64;
        Stats {
            median,
            min: v[0],
            max: v[n - 1],
            mean,
            stddev: var.sqrt(),
        }
    }

    /// The standard deviation in percent of the mean.
    pub fn cv_pct(&self) -> f64 {
        100.0 * self.stddev / self.mean.max(1e-12)
    }

    /// `MEDIAN ±CV%`, the median with `decimals` decimals.
    pub fn median_spread(&self, decimals: usize) -> String {
        format!("{:.*} ±{:.0}%", decimals, self.median, self.cv_pct())
    }

    /// Relative spread `(max - min) / median`.
    pub fn spread(&self) -> f64 {
        if self.median > 0.0 {
            (self.max - self.min) / self.median
        } else {
            0.0
        }
    }
}

/// What `xisa bench atomics` runs.
#[derive(Debug, Clone)]
pub struct AtomicsConfig {
    pub isa: BenchIsa,
    pub ops: Vec<OpSpec>,
    pub scopes: Vec<Scope>,
    pub spaces: Vec<Space>,
    pub patterns: Vec<Pattern>,
    pub threads: Vec<usize>,
    pub work: Work,
    /// Unmeasured repetitions before the measured ones.
    pub warmup: u32,
    /// Measured repetitions.
    pub reps: u32,
}

/// Host cores.
pub fn cores() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
}

impl AtomicsConfig {
    /// The full matrix: every op, both spaces, every scope and pattern, 1 and
    /// all host threads.
    pub fn full(isa: BenchIsa) -> AtomicsConfig {
        let mut threads = vec![1, cores()];
        threads.dedup();
        AtomicsConfig {
            isa,
            ops: OpSpec::all(),
            scopes: Scope::ALL.to_vec(),
            spaces: Space::ALL.to_vec(),
            patterns: Pattern::ALL.to_vec(),
            threads,
            work: Work {
                groups: 32,
                block: 64,
                per_lane: 256,
            },
            warmup: 2,
            reps: 11,
        }
    }

    /// `--quick`: one op per lowering class, all host threads, less work and
    /// fewer repetitions.
    pub fn quick(isa: BenchIsa) -> AtomicsConfig {
        AtomicsConfig {
            ops: OpSpec::quick(),
            threads: vec![cores()],
            work: Work {
                groups: 16,
                block: 64,
                per_lane: 256,
            },
            warmup: 2,
            reps: 9,
            ..AtomicsConfig::full(isa)
        }
    }

    /// Sets the atomics per lane.
    pub fn per_lane(&mut self, k: u32) {
        self.work.per_lane = k;
    }

    /// The cells, in run order.
    pub fn cells(&self) -> Vec<Cell> {
        matrix::cells(
            &self.ops,
            &self.scopes,
            &self.spaces,
            &self.patterns,
            &self.threads,
        )
    }
}

/// One measured cell. Times are nanoseconds per lane-operation.
#[derive(Debug, Clone)]
pub struct CellResult {
    pub cell: Cell,
    pub isa: BenchIsa,
    /// Lane-operations per repetition.
    pub ops: u64,
    /// JIT compile time of the kernel (first launch; later ones hit the cache).
    pub compile: Duration,
    pub translated: Stats,
    pub native: Stats,
    /// Per-repetition ratio translated / native (paired repetitions).
    pub ratio: Stats,
}

impl CellResult {
    /// Translated operations per second (median).
    pub fn translated_ops_per_s(&self) -> f64 {
        per_s(self.translated.median)
    }
    /// Native operations per second (median).
    pub fn native_ops_per_s(&self) -> f64 {
        per_s(self.native.median)
    }
}

fn per_s(ns: f64) -> f64 {
    if ns > 0.0 {
        1e9 / ns
    } else {
        0.0
    }
}

/// A cell the ISA cannot express.
#[derive(Debug, Clone)]
pub struct Skipped {
    pub cell: Cell,
    pub why: String,
}

/// A prepared translated cell: kernel compiled, buffer allocated.
pub struct Translated<'d> {
    dev: &'d Device,
    gen: Generated,
    cell: Cell,
    work: Work,
    buf: u64,
    jit: Option<xisa_jit::JitProgram>,
    /// Compile time of the kernel.
    pub compile: Duration,
}

impl<'d> Translated<'d> {
    /// Generates, loads and compiles the kernel of `cell`. IR kernels are
    /// compiled by a first (unmeasured) `Device::launch`; fragments are
    /// compiled once with `xisa_jit::compile` and launched through the runtime
    /// with their registers set per lane.
    pub fn new(dev: &'d Device, isa: BenchIsa, cell: &Cell, work: &Work) -> Result<Self, Error> {
        let gen = generate(isa, cell, work)?;
        let bytes = cell
            .pattern
            .bytes(Space::Global, work.groups as u64, work.block as u64);
        let buf = dev.alloc(bytes)?;
        let mut t = Translated {
            dev,
            gen,
            cell: *cell,
            work: *work,
            buf,
            jit: None,
            compile: Duration::ZERO,
        };
        match t.gen.inputs {
            Inputs::Params => t.compile = t.launch_params()?.compile_time,
            Inputs::Registers { .. } => {
                let k = t.gen.module.kernel(&t.gen.kernel)?;
                let t0 = Instant::now();
                let p = xisa_jit::compile(k, &xisa_jit::JitOptions::default())
                    .map_err(|e| Error::Generate(format!("JIT of {}: {e}", t.cell)))?;
                t.compile = t0.elapsed();
                t.jit = Some(p);
            }
        }
        Ok(t)
    }

    fn launch_params(&self) -> Result<xisa::RunReport, Error> {
        let (cell, work) = (&self.cell, &self.work);
        let bits = cell.op.value_bits();
        let v = match cell.op.ty.reg_type() {
            Type::I32 => ArgSpec::U32(bits as u32),
            Type::I64 => ArgSpec::U64(bits),
            Type::F32 => ArgSpec::F32(f32::from_bits(bits as u32)),
            _ => ArgSpec::F64(f64::from_bits(bits)),
        };
        let opts = LaunchOptions {
            grid: [work.groups, 1, 1],
            block: [work.block, 1, 1],
            threads: cell.threads,
            ..LaunchOptions::default()
        };
        let args = [ArgSpec::Ptr(self.buf), ArgSpec::U32(work.per_lane), v];
        Ok(self
            .dev
            .launch(&self.gen.module, &self.gen.kernel, &opts, &args)?)
    }

    /// The generated source.
    pub fn source(&self) -> &str {
        &self.gen.source
    }

    /// Runs one repetition.
    pub fn run(&self) -> Result<(), Error> {
        let (cell, work) = (&self.cell, &self.work);
        let grid = [work.groups, 1, 1];
        let block = [work.block, 1, 1];
        match &self.gen.inputs {
            Inputs::Params => {
                self.launch_params()?;
            }
            Inputs::Registers {
                addr_lo,
                addr_hi,
                data,
                exec,
            } => {
                let k = self.gen.module.kernel(&self.gen.kernel)?;
                let prog = self
                    .jit
                    .as_ref()
                    .ok_or_else(|| Error::Generate("fragment not compiled".into()))?;
                let size = u64::from(cell.op.ty.bytes());
                let b = work.block as u64;
                let base = self.buf;
                let init = |wg: u64, lane: u32, regs: &mut [u64]| -> bool {
                    let off = cell.pattern.offset(cell.space, wg, lane as u64, b, size);
                    let addr = match cell.space {
                        Space::Global => base + off,
                        Space::Shared => off,
                    };
                    regs[*addr_lo] = addr & 0xffff_ffff;
                    if let Some(h) = addr_hi {
                        regs[*h] = addr >> 32;
                    }
                    for &(r, v) in data {
                        regs[r] = v;
                    }
                    if let Some(e) = exec {
                        regs[*e] = 1;
                    }
                    true
                };
                let dyn_shared = match cell.space {
                    Space::Global => 0,
                    Space::Shared => cell.pattern.bytes(Space::Shared, 1, b) as u32,
                };
                let cfg = LaunchConfig {
                    grid,
                    block,
                    dyn_shared,
                    dyn_shared_size: dyn_shared,
                    grid_id: 1,
                    params: vec![0; k.param_size() as usize],
                    threads: cell.threads,
                    init: Some(&init),
                    ..LaunchConfig::default()
                };
                xisa_runtime::launch(k, prog, self.dev.memory(), &cfg)?;
            }
        }
        Ok(())
    }
}

fn timed(f: impl FnOnce() -> Result<(), Error>) -> Result<f64, Error> {
    let t0 = Instant::now();
    f()?;
    Ok(t0.elapsed().as_secs_f64() * 1e9)
}

/// Measures one cell.
pub fn run_cell(
    dev: &Device,
    isa: BenchIsa,
    cell: &Cell,
    work: &Work,
    warmup: u32,
    reps: u32,
) -> Result<CellResult, Error> {
    let tr = Translated::new(dev, isa, cell, work)?;
    let mem = NativeMem::for_cell(cell, work);
    let ops = work.ops() as f64;
    let (mut t, mut n, mut r) = (Vec::new(), Vec::new(), Vec::new());
    for i in 0..warmup + reps.max(1) {
        let tt = timed(|| tr.run())? / ops;
        let nn = timed(|| native::run(cell, work, &mem))? / ops;
        if i >= warmup {
            t.push(tt);
            n.push(nn);
            r.push(if nn > 0.0 { tt / nn } else { 0.0 });
        }
    }
    Ok(CellResult {
        cell: *cell,
        isa,
        ops: work.ops(),
        compile: tr.compile,
        translated: Stats::of(&t),
        native: Stats::of(&n),
        ratio: Stats::of(&r),
    })
}

/// Runs the whole matrix, calling `progress(done, total, cell)` before each
/// cell. Cells the ISA cannot express are returned as skipped.
pub fn run_atomics(
    cfg: &AtomicsConfig,
    progress: &mut dyn FnMut(usize, usize, &Cell),
) -> Result<(Vec<CellResult>, Vec<Skipped>), Error> {
    crate::gen::check_available(cfg.isa)?;
    if cfg.work.groups == 0 || cfg.work.block == 0 || cfg.work.per_lane == 0 {
        return Err(Error::Args("work sizes must be at least 1".into()));
    }
    let dev = Device::new()?;
    let cells = cfg.cells();
    let (mut done, mut skipped) = (Vec::new(), Vec::new());
    for (i, cell) in cells.iter().enumerate() {
        progress(i, cells.len(), cell);
        match run_cell(&dev, cfg.isa, cell, &cfg.work, cfg.warmup, cfg.reps) {
            Ok(r) => done.push(r),
            Err(Error::CellUnsupported { why, .. }) => skipped.push(Skipped { cell: *cell, why }),
            Err(e) => return Err(e),
        }
    }
    progress(
        cells.len(),
        cells.len(),
        cells.last().unwrap_or(&cells_dummy()),
    );
    Ok((done, skipped))
}

fn cells_dummy() -> Cell {
    Cell {
        op: OpSpec::quick()[0],
        scope: Scope::Device,
        space: Space::Global,
        pattern: Pattern::Hot,
        threads: 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stats() {
        let s = Stats::of(&[3.0, 1.0, 2.0]);
        assert_eq!((s.median, s.min, s.max, s.mean), (2.0, 1.0, 3.0, 2.0));
        assert_eq!(Stats::of(&[1.0, 3.0]).median, 2.0);
        assert_eq!(Stats::of(&[]), Stats::default());
        assert!((Stats::of(&[1.0, 3.0]).spread() - 1.0).abs() < 1e-12);
    }
}
