//! `xisa bench kernels`: whole kernels against hand-written Rust equivalents
//! (rayon over the same work) and POCL, with the outputs compared. Each kernel
//! runs in three builds: the IR kernel of the corpus (`tests/kernels/`) and
//! its OpenCL C twin (`opencl/`, also what POCL runs) compiled by the vendor
//! pipelines to an sm_75 cubin and a gfx942 code object (`opencl/out/`, rebuilt
//! by `opencl/build.sh`).

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

use rayon::prelude::*;
use xisa::{ArgSpec, Device, Engine, LaunchOptions, Module};

use crate::measure::Stats;
use crate::Error;

/// What `xisa bench kernels` runs.
#[derive(Debug, Clone)]
pub struct KernelsConfig {
    /// Elements per kernel (rounded to whole workgroups).
    pub elements: u32,
    pub warmup: u32,
    pub reps: u32,
    /// Host threads for both sides (0: one per core).
    pub threads: usize,
    /// Only these kernels (empty: all).
    pub only: Vec<String>,
    /// The builds to run (empty: all).
    pub builds: Vec<Build>,
    /// The translated side's engine (`jit`, which picks lane or wave mode per
    /// kernel, or `jit-wave` / `jit-lane`).
    pub engine: Engine,
}

/// Which build of a kernel runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Build {
    /// The hand-written IR kernel (`tests/kernels/*.xir`).
    Ir,
    /// The OpenCL C twin compiled to an sm_75 cubin (clang, libclc, ptxas).
    Sm75,
    /// The OpenCL C twin compiled to a gfx942 code object (clang, libclc, lld).
    Gfx942,
}

impl Build {
    /// Every build, in table order.
    pub const ALL: [Build; 3] = [Build::Ir, Build::Sm75, Build::Gfx942];

    /// The build's name (its ISA's name).
    pub fn name(self) -> &'static str {
        match self {
            Build::Ir => "ir",
            Build::Sm75 => "sm75",
            Build::Gfx942 => "gfx942",
        }
    }

    /// Parses a build name (`ir`, `sm75`, `gfx942`).
    pub fn parse(s: &str) -> Result<Build, Error> {
        Build::ALL
            .into_iter()
            .find(|b| b.name() == s)
            .ok_or_else(|| Error::Args(format!("unknown build {s:?}; use ir, sm75 or gfx942")))
    }
}

impl KernelsConfig {
    /// The default run.
    pub fn full() -> KernelsConfig {
        KernelsConfig {
            elements: 1 << 22,
            warmup: 2,
            reps: 11,
            threads: 0,
            only: Vec::new(),
            builds: Vec::new(),
            engine: Engine::Jit,
        }
    }
    /// `--quick`.
    pub fn quick() -> KernelsConfig {
        KernelsConfig {
            elements: 1 << 18,
            warmup: 1,
            reps: 7,
            ..KernelsConfig::full()
        }
    }
}

/// Names of the benchmarked kernels.
pub const KERNELS: [&str; 6] = [
    "histogram",
    "reduce_tree",
    "compaction",
    "saxpy",
    "prefix_scan",
    "cas_loop_fadd",
];

/// One kernel build's measurements (milliseconds per launch).
#[derive(Debug, Clone)]
pub struct KernelResult {
    pub name: &'static str,
    /// Which build ran.
    pub build: Build,
    pub elements: u64,
    pub compile: Duration,
    pub translated: Stats,
    pub native: Stats,
    /// Per-repetition ratio translated / native.
    pub ratio: Stats,
    /// POCL running the OpenCL C twin, when measured: wall time from enqueue
    /// to `clFinish` per launch.
    pub pocl: Option<Stats>,
    /// POCL's profiling-event times (START..END), when measured.
    pub pocl_event: Option<Stats>,
    /// Why POCL was not measured for this kernel.
    pub pocl_note: Option<String>,
}

/// Whether POCL was measured, on what, how; or why not.
pub fn pocl_status() -> String {
    match crate::pocl::probe() {
        Ok(p) => format!(
            "POCL: {} on {}: the OpenCL C twins of the kernels (crates/xisa-bench/opencl), \
             wall time enqueue..clFinish per launch after the warm-up; outputs: POCL == \
             translated (bit-exact) for every measured kernel and build",
            p.platform, p.device
        ),
        Err(e) => format!("POCL not measured: {e}"),
    }
}

/// Compares translated and native output buffers.
pub(crate) type CheckFn = fn(&[Vec<u8>], &[Vec<u8>]) -> Result<(), String>;

/// A kernel argument of a case.
pub(crate) enum Arg {
    Buf(Vec<u8>),
    Scalar(ArgSpec),
}

/// A kernel's OpenCL C twin and its compiled builds.
pub(crate) struct Twin {
    /// The source (`opencl/NAME.cl`), which POCL compiles.
    pub(crate) cl: &'static str,
    /// `opencl/out/NAME.cubin`.
    pub(crate) cubin: &'static [u8],
    /// `opencl/out/NAME.co`.
    pub(crate) co: &'static [u8],
}

/// The twin of `opencl/$name.cl`, with its committed builds.
macro_rules! twin {
    ($name:literal) => {
        Twin {
            cl: include_str!(concat!("../opencl/", $name, ".cl")),
            cubin: include_bytes!(concat!("../opencl/out/", $name, ".cubin")),
            co: include_bytes!(concat!("../opencl/out/", $name, ".co")),
        }
    };
}

/// One benchmark kernel: its builds, launch and inputs, and the reference.
pub(crate) struct Case {
    pub(crate) name: &'static str,
    pub(crate) twin: Twin,
    /// The IR kernel's text.
    pub(crate) src: &'static str,
    pub(crate) kernel: &'static str,
    pub(crate) grid: u32,
    pub(crate) block: u32,
    pub(crate) elements: u64,
    pub(crate) args: Vec<Arg>,
    /// The native equivalent: returns the buffers (in argument order of the
    /// `Buf` arguments) after the work.
    native: Box<dyn Fn() -> Vec<Vec<u8>> + Sync>,
    /// Compares translated and native buffers.
    pub(crate) check: CheckFn,
}

fn rng(seed: u64) -> impl FnMut() -> u32 {
    let mut s = seed | 1;
    move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        (s >> 16) as u32
    }
}

fn bytes_u32(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn bytes_f32(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn exact(a: &[Vec<u8>], b: &[Vec<u8>]) -> Result<(), String> {
    for (i, (x, y)) in a.iter().zip(b).enumerate() {
        if x != y {
            let at = x.iter().zip(y).position(|(p, q)| p != q).unwrap_or(0);
            return Err(format!("buffer {i} differs first at byte {at}"));
        }
    }
    Ok(())
}

fn u32s(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

fn loads(v: &[AtomicU32]) -> Vec<u8> {
    v.iter()
        .flat_map(|a| a.load(Relaxed).to_le_bytes())
        .collect()
}

fn zeros32(n: usize) -> Vec<AtomicU32> {
    (0..n).map(|_| AtomicU32::new(0)).collect()
}

/// The benchmark kernels for `cfg.elements` elements on `cores` host threads.
pub(crate) fn cases(cfg: &KernelsConfig, cores: usize) -> Vec<Case> {
    let n = cfg.elements.max(1024) as usize;
    let mut r = rng(0x5eed_1234_abcd);
    let mut v = Vec::new();

    // histogram: grid-stride loop, shared-memory bins (workgroup scope) merged
    // with device atomics, plus a second histogram with system atomics.
    {
        let data: Vec<u32> = (0..n).map(|_| r() % 64).collect();
        let grid = (cores * 8) as u32;
        let block = 256u32;
        let d = data.clone();
        v.push(Case {
            name: "histogram",
            twin: twin!("histogram"),
            src: include_str!("../../../tests/kernels/histogram.xir"),
            kernel: "histogram",
            grid,
            block,
            elements: n as u64,
            args: vec![
                Arg::Buf(bytes_u32(&data)),
                Arg::Scalar(ArgSpec::U32(n as u32)),
                Arg::Buf(vec![0; 256]),
                Arg::Buf(vec![0; 256]),
            ],
            native: Box::new(move || {
                let hist = zeros32(64);
                let hist2 = zeros32(64);
                let chunk = n.div_ceil(grid as usize);
                d.par_chunks(chunk).for_each(|c| {
                    let mut local = [0u32; 64];
                    for &x in c {
                        local[x as usize] += 1;
                        hist2[x as usize].fetch_add(1, Relaxed);
                    }
                    for (h, l) in hist.iter().zip(local) {
                        h.fetch_add(l, Relaxed);
                    }
                });
                vec![Vec::new(), loads(&hist), loads(&hist2)]
            }),
            check: |a, b| exact(&a[1..], &b[1..]),
        });
    }

    // reduce_tree: per-workgroup sum and max over 256 lanes.
    {
        let block = 256usize;
        let groups = n / block;
        let data: Vec<u32> = (0..groups * block).map(|_| r()).collect();
        let d = data.clone();
        v.push(Case {
            name: "reduce_tree",
            twin: twin!("reduce_tree"),
            src: include_str!("../../../tests/kernels/reduce_tree.xir"),
            kernel: "reduce_tree",
            grid: groups as u32,
            block: block as u32,
            elements: (groups * block) as u64,
            args: vec![Arg::Buf(bytes_u32(&data)), Arg::Buf(vec![0; groups * 8])],
            native: Box::new(move || {
                let out: Vec<[u32; 2]> = d
                    .par_chunks(block)
                    .map(|c| {
                        [
                            c.iter().fold(0u32, |a, &x| a.wrapping_add(x)),
                            c.iter().copied().max().unwrap_or(0),
                        ]
                    })
                    .collect();
                let flat: Vec<u32> = out.into_iter().flatten().collect();
                vec![Vec::new(), bytes_u32(&flat)]
            }),
            check: |a, b| exact(&a[1..], &b[1..]),
        });
    }

    // compaction: warp-aggregated atomic counter.
    {
        let data: Vec<u32> = (0..n).map(|_| r() % 1000).collect();
        let block = 64u32;
        let d = data.clone();
        v.push(Case {
            name: "compaction",
            twin: twin!("compaction"),
            src: include_str!("../../../tests/kernels/compaction.xir"),
            kernel: "compaction",
            grid: (n as u32).div_ceil(block),
            block,
            elements: n as u64,
            args: vec![
                Arg::Buf(bytes_u32(&data)),
                Arg::Scalar(ArgSpec::U32(n as u32)),
                Arg::Buf(vec![0; 4]),
                Arg::Buf(vec![0; n * 4]),
            ],
            native: Box::new(move || {
                let counter = AtomicU32::new(0);
                let out = zeros32(d.len());
                d.par_chunks(32).for_each(|w| {
                    let sel: Vec<u32> = w.iter().copied().filter(|x| x % 3 == 0).collect();
                    let base = counter.fetch_add(sel.len() as u32, Relaxed) as usize;
                    for (i, x) in sel.into_iter().enumerate() {
                        out[base + i].store(x, Relaxed);
                    }
                });
                vec![
                    Vec::new(),
                    counter.load(Relaxed).to_le_bytes().to_vec(),
                    loads(&out),
                ]
            }),
            check: |a, b| {
                if a[1] != b[1] {
                    return Err("counters differ".into());
                }
                let c = u32s(&a[1])[0] as usize;
                let mut x = u32s(&a[2])[..c].to_vec();
                let mut y = u32s(&b[2])[..c].to_vec();
                x.sort_unstable();
                y.sort_unstable();
                if x != y {
                    return Err("selected values differ (as multisets)".into());
                }
                Ok(())
            },
        });
    }

    // saxpy (grid_stride): y = fma(a, x, y), z = a * x + y.
    {
        let f = |u: u32| (u % 20000) as f32 / 100.0 - 100.0;
        let x: Vec<f32> = (0..n).map(|_| f(r())).collect();
        let y: Vec<f32> = (0..n).map(|_| f(r())).collect();
        let alpha = 1.75f32;
        let (xc, yc) = (x.clone(), y.clone());
        v.push(Case {
            name: "saxpy",
            twin: twin!("saxpy"),
            src: include_str!("../../../tests/kernels/grid_stride.xir"),
            kernel: "grid_stride",
            grid: (cores * 8) as u32,
            block: 256,
            elements: n as u64,
            args: vec![
                Arg::Scalar(ArgSpec::U32(n as u32)),
                Arg::Scalar(ArgSpec::F32(alpha)),
                Arg::Buf(bytes_f32(&x)),
                Arg::Buf(bytes_f32(&y)),
                Arg::Buf(vec![0; n * 4]),
            ],
            native: Box::new(move || {
                let mut y = yc.clone();
                let mut z = vec![0f32; y.len()];
                y.par_iter_mut()
                    .zip(z.par_iter_mut())
                    .zip(xc.par_iter())
                    .for_each(|((y, z), &x)| {
                        *z = alpha * x + *y;
                        *y = alpha.mul_add(x, *y);
                    });
                vec![Vec::new(), bytes_f32(&y), bytes_f32(&z)]
            }),
            check: |a, b| exact(&a[1..], &b[1..]),
        });
    }

    // prefix_scan: per-workgroup inclusive scan of 128 values.
    {
        let block = 128usize;
        let groups = n / block;
        let data: Vec<u32> = (0..groups * block).map(|_| r()).collect();
        let d = data.clone();
        v.push(Case {
            name: "prefix_scan",
            twin: twin!("prefix_scan"),
            src: include_str!("../../../tests/kernels/prefix_scan.xir"),
            kernel: "prefix_scan",
            grid: groups as u32,
            block: block as u32,
            elements: (groups * block) as u64,
            args: vec![
                Arg::Buf(bytes_u32(&data)),
                Arg::Buf(vec![0; groups * block * 4]),
            ],
            native: Box::new(move || {
                let mut out = vec![0u32; d.len()];
                out.par_chunks_mut(block)
                    .zip(d.par_chunks(block))
                    .for_each(|(o, i)| {
                        let mut s = 0u32;
                        for (o, &x) in o.iter_mut().zip(i) {
                            s = s.wrapping_add(x);
                            *o = s;
                        }
                    });
                vec![Vec::new(), bytes_u32(&out)]
            }),
            check: |a, b| exact(&a[1..], &b[1..]),
        });
    }

    // cas_loop_fadd: float adds into 8 hot bins through CAS loops.
    {
        let block = 64usize;
        let m = (n / 4).max(block) / block * block;
        let data: Vec<f32> = (0..m).map(|_| (r() % 2001) as f32 - 1000.0).collect();
        let d = data.clone();
        v.push(Case {
            name: "cas_loop_fadd",
            twin: twin!("cas_loop_fadd"),
            src: include_str!("../../../tests/kernels/cas_loop_fadd.xir"),
            kernel: "cas_loop_fadd",
            grid: (m / block) as u32,
            block: block as u32,
            elements: m as u64,
            args: vec![
                Arg::Buf(bytes_f32(&data)),
                Arg::Buf(vec![0; 32]),
                Arg::Buf(vec![0; 64]),
                Arg::Buf(vec![0; 8]),
            ],
            native: Box::new(move || {
                let bins = zeros32(8);
                let bins64: Vec<AtomicU64> = (0..8).map(|_| AtomicU64::new(0)).collect();
                d.par_iter().enumerate().for_each(|(i, &f)| {
                    let b = &bins[i & 7];
                    let mut assumed = 0.5f32.to_bits();
                    loop {
                        let new = (f32::from_bits(assumed) + f).to_bits();
                        match b.compare_exchange(assumed, new, Relaxed, Relaxed) {
                            Ok(_) => break,
                            Err(x) => assumed = x,
                        }
                    }
                    let b = &bins64[i & 7];
                    let mut assumed = 0.5f64.to_bits();
                    loop {
                        let new = (f64::from_bits(assumed) + f as f64).to_bits();
                        match b.compare_exchange(assumed, new, Relaxed, Relaxed) {
                            Ok(_) => break,
                            Err(x) => assumed = x,
                        }
                    }
                });
                let b64: Vec<u8> = bins64
                    .iter()
                    .flat_map(|a| a.load(Relaxed).to_le_bytes())
                    .collect();
                vec![Vec::new(), loads(&bins), b64, Vec::new()]
            }),
            // The retry counters depend on the schedule: compare the bins.
            check: |a, b| exact(&a[1..3], &b[1..3]),
        });
    }
    v
}

/// The builds `cfg` selects (all when none is named), in table order, after
/// checking that every kernel named in `cfg.only` exists.
pub(crate) fn selection(cfg: &KernelsConfig) -> Result<Vec<Build>, Error> {
    for o in &cfg.only {
        if !KERNELS.contains(&o.as_str()) {
            return Err(Error::Args(format!(
                "unknown kernel {o:?}; use {}",
                KERNELS.join(" ")
            )));
        }
    }
    Ok(Build::ALL
        .into_iter()
        .filter(|b| cfg.builds.is_empty() || cfg.builds.contains(b))
        .collect())
}

/// Whether `cfg` selects the case.
pub(crate) fn selected(cfg: &KernelsConfig, case: &Case) -> bool {
    cfg.only.is_empty() || cfg.only.iter().any(|o| o == case.name)
}

/// Each uploaded buffer's guest address with its initial bytes.
type Uploaded<'c> = Vec<(u64, &'c Vec<u8>)>;

/// Uploads a case's buffers: the launch arguments and the buffers (to
/// rewrite before a repetition).
fn upload_args<'c>(dev: &Device, case: &'c Case) -> Result<(Vec<ArgSpec>, Uploaded<'c>), Error> {
    let mut args = Vec::new();
    let mut bufs = Vec::new();
    for a in &case.args {
        args.push(match a {
            Arg::Buf(b) => {
                let addr = dev.upload(b)?;
                bufs.push((addr, b));
                ArgSpec::Ptr(addr)
            }
            Arg::Scalar(s) => s.clone(),
        });
    }
    Ok((args, bufs))
}

impl Case {
    /// The module of `build`: the IR text, the cubin or the code object.
    pub(crate) fn module_bytes(&self, build: Build) -> &'static [u8] {
        match build {
            Build::Ir => self.src.as_bytes(),
            Build::Sm75 => self.twin.cubin,
            Build::Gfx942 => self.twin.co,
        }
    }
}

/// Loads the build's module.
fn module_of(case: &Case, build: Build) -> Result<Module, Error> {
    let origin = format!("{}.{}", case.name, build.name());
    let isa = build.name().parse()?;
    Ok(Module::from_bytes(
        case.module_bytes(build),
        &origin,
        Some(isa),
    )?)
}

/// Runs one build of a case; returns its measurements (POCL not yet filled
/// in) and its output buffers.
fn run_case(
    dev: &Device,
    case: &Case,
    build: Build,
    cfg: &KernelsConfig,
    pool: &rayon::ThreadPool,
) -> Result<(KernelResult, Vec<Vec<u8>>), Error> {
    let module = module_of(case, build)?;
    let mut compile = Duration::ZERO;
    let (args, addrs) = upload_args(dev, case)?;
    let opts = LaunchOptions {
        grid: [case.grid, 1, 1],
        block: [case.block, 1, 1],
        threads: cfg.threads,
        engine: cfg.engine,
        ..LaunchOptions::default()
    };
    let (mut t, mut n, mut r) = (Vec::new(), Vec::new(), Vec::new());
    let mut native_out = Vec::new();
    for i in 0..cfg.warmup + cfg.reps.max(1) {
        for (addr, b) in &addrs {
            dev.write(*addr, b)?;
        }
        let t0 = Instant::now();
        let rep = dev.launch(&module, case.kernel, &opts, &args)?;
        let mut tt = t0.elapsed().as_secs_f64() * 1e3;
        if !rep.cache_hit {
            // The first launch compiles: report that apart, not as run time.
            compile = rep.compile_time;
            tt -= compile.as_secs_f64() * 1e3;
        }
        let t0 = Instant::now();
        native_out = pool.install(|| (case.native)());
        let nn = t0.elapsed().as_secs_f64() * 1e3;
        if i >= cfg.warmup {
            t.push(tt);
            n.push(nn);
            r.push(if nn > 0.0 { tt / nn } else { 0.0 });
        }
    }
    let translated_out = addrs
        .iter()
        .map(|(a, b)| dev.read(*a, b.len()))
        .collect::<Result<Vec<_>, _>>()?;
    (case.check)(&translated_out, &native_out).map_err(|detail| Error::Mismatch {
        kernel: format!("{} ({} build)", case.name, build.name()),
        detail,
    })?;
    let res = KernelResult {
        name: case.name,
        build,
        elements: case.elements,
        compile,
        translated: Stats::of(&t),
        native: Stats::of(&n),
        ratio: Stats::of(&r),
        pocl: None,
        pocl_event: None,
        pocl_note: None,
    };
    Ok((res, translated_out))
}

/// POCL's run of a case's OpenCL twin: its timings and output buffers.
struct PoclRun {
    wall: Stats,
    event: Stats,
    buffers: Vec<Vec<u8>>,
}

/// Runs a case's OpenCL twin on POCL, `warmup` + `reps` launches in one
/// driver process. `Err(why)` when POCL could not be measured (never fatal).
pub(crate) fn pocl_twin(
    case: &Case,
    warmup: u32,
    reps: u32,
    threads: usize,
) -> Result<crate::pocl::PoclRun, String> {
    use crate::pocl::PoclArg;
    let p = crate::pocl::probe().map_err(|e| e.to_string())?;
    let args = case
        .args
        .iter()
        .map(|a| match a {
            Arg::Buf(b) => Ok(PoclArg::Buf(b)),
            Arg::Scalar(ArgSpec::U32(v)) => Ok(PoclArg::U32(*v)),
            Arg::Scalar(ArgSpec::F32(v)) => Ok(PoclArg::F32(*v)),
            Arg::Scalar(other) => Err(format!("no OpenCL argument for {other:?}")),
        })
        .collect::<Result<Vec<_>, _>>()?;
    p.run(
        case.name,
        case.twin.cl,
        case.kernel,
        case.grid,
        case.block,
        warmup,
        reps,
        threads,
        &args,
    )
    .map_err(|e| e.to_string())
}

/// Runs the OpenCL twin on POCL for `cfg`'s warm-up and repetitions.
fn run_pocl(case: &Case, cfg: &KernelsConfig, threads: usize) -> Result<PoclRun, String> {
    let run = pocl_twin(case, cfg.warmup, cfg.reps.max(1), threads)?;
    Ok(PoclRun {
        wall: Stats::of(&run.wall_ms),
        event: Stats::of(&run.event_ms),
        buffers: run.buffers,
    })
}

/// Runs the kernels, calling `progress(done, total, name)` before each build
/// of each. POCL runs each kernel's twin once; every build's outputs are
/// compared with POCL's (an error when they differ).
pub fn run_kernels(
    cfg: &KernelsConfig,
    progress: &mut dyn FnMut(usize, usize, &str),
) -> Result<Vec<KernelResult>, Error> {
    let builds = selection(cfg)?;
    let cores = crate::measure::cores();
    let threads = if cfg.threads == 0 { cores } else { cfg.threads };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Error::Native(e.to_string()))?;
    let dev = Device::new()?;
    let cases: Vec<Case> = cases(cfg, threads)
        .into_iter()
        .filter(|c| selected(cfg, c))
        .collect();
    let total = cases.len() * builds.len();
    let mut out = Vec::new();
    for (i, c) in cases.iter().enumerate() {
        let mut runs = Vec::new();
        for (j, &b) in builds.iter().enumerate() {
            progress(
                i * builds.len() + j,
                total,
                &format!("{} ({})", c.name, b.name()),
            );
            runs.push(run_case(&dev, c, b, cfg, &pool)?);
        }
        let pocl = run_pocl(c, cfg, pool.current_num_threads());
        for (mut res, translated) in runs {
            match &pocl {
                Ok(p) => {
                    (c.check)(&translated, &p.buffers).map_err(|detail| Error::PoclMismatch {
                        kernel: format!("{} ({} build)", c.name, res.build.name()),
                        detail,
                    })?;
                    res.pocl = Some(p.wall);
                    res.pocl_event = Some(p.event);
                }
                Err(note) => res.pocl_note = Some(note.clone()),
            }
            out.push(res);
        }
    }
    progress(total, total, "");
    Ok(out)
}

/// The kernels table.
pub fn table(results: &[KernelResult]) -> String {
    let header = [
        "xisa ms",
        "rayon ms",
        "ratio",
        "ratio min..max",
        "xisa Melem/s",
        "rayon Melem/s",
        "jit ms",
        "pocl ms",
        "xisa/pocl",
    ];
    let rows = results
        .iter()
        .map(|r| {
            let rate = |ms: f64| {
                if ms > 0.0 {
                    format!("{:.1}", r.elements as f64 / ms / 1e3)
                } else {
                    "-".into()
                }
            };
            let cells = vec![
                r.translated.median_spread(3),
                r.native.median_spread(3),
                format!("{:.2}", r.ratio.median),
                format!("{:.2}..{:.2}", r.ratio.min, r.ratio.max),
                rate(r.translated.median),
                rate(r.native.median),
                format!("{:.1}", r.compile.as_secs_f64() * 1e3),
                crate::report::pocl_cell(r.pocl.as_ref(), 3),
                r.pocl
                    .filter(|p| p.median > 0.0)
                    .map(|p| format!("{:.2}", r.translated.median / p.median))
                    .unwrap_or_else(|| "-".into()),
            ];
            (r.name, r.build, r.elements, cells)
        })
        .collect();
    let mut t = crate::report::render_kernels(&header, rows);
    if crate::pocl::probe().is_ok() {
        t += &crate::report::pocl_notes(
            results
                .iter()
                .map(|r| (r.name, r.build, r.pocl_note.as_ref())),
        );
    }
    t
}

/// The kernels as CSV.
pub fn csv(results: &[KernelResult]) -> String {
    let mut s = String::from(
        "kernel,build,elements,compile_ms,xisa_ms_median,xisa_ms_min,xisa_ms_max,native_ms_median,\
         native_ms_min,native_ms_max,ratio_median,ratio_min,ratio_max,pocl_ms_median,pocl_ms_min,\
         pocl_ms_max,pocl_event_ms_median,xisa_over_pocl\n",
    );
    for r in results {
        let pocl = match (r.pocl, r.pocl_event) {
            (Some(p), Some(e)) if p.median > 0.0 => format!(
                "{:.4},{:.4},{:.4},{:.4},{:.4}",
                p.median,
                p.min,
                p.max,
                e.median,
                r.translated.median / p.median
            ),
            _ => ",,,,".into(),
        };
        s.push_str(&format!(
            "{},{},{},{:.3},{:.4},{:.4},{:.4},{:.4},{:.4},{:.4},{:.4},{:.4},{:.4},{pocl}\n",
            r.name,
            r.build.name(),
            r.elements,
            r.compile.as_secs_f64() * 1e3,
            r.translated.median,
            r.translated.min,
            r.translated.max,
            r.native.median,
            r.native.min,
            r.native.max,
            r.ratio.median,
            r.ratio.min,
            r.ratio.max
        ));
    }
    s
}

/// One kernel build's launch costs: `xisa bench launch`.
#[derive(Debug, Clone)]
pub struct LaunchCost {
    pub name: &'static str,
    pub build: Build,
    /// Lifting and compiling at the first launch on a fresh device (its
    /// code cache empty), milliseconds.
    pub cold_ms: f64,
    /// Wall time of that first launch, compile included, milliseconds.
    pub first_ms: f64,
    /// Later launches of one workgroup (the code cached), microseconds.
    pub relaunch_us: Stats,
}

/// Measures, for every kernel build (or those `cfg` selects), the cold JIT
/// of its first launch on a fresh device and `reps` cached relaunches of a
/// single workgroup over 1024 elements.
pub fn run_launches(cfg: &KernelsConfig, reps: u32) -> Result<Vec<LaunchCost>, Error> {
    let builds = selection(cfg)?;
    let small = KernelsConfig {
        elements: 1024,
        ..cfg.clone()
    };
    let mut out = Vec::new();
    for case in cases(&small, 1).iter().filter(|c| selected(cfg, c)) {
        for &build in &builds {
            let dev = Device::new()?;
            let module = module_of(case, build)?;
            let (args, bufs) = upload_args(&dev, case)?;
            let opts = LaunchOptions {
                grid: [1, 1, 1],
                block: [case.block, 1, 1],
                threads: 1,
                ..LaunchOptions::default()
            };
            let t0 = Instant::now();
            let first = dev.launch(&module, case.kernel, &opts, &args)?;
            let first_ms = t0.elapsed().as_secs_f64() * 1e3;
            let mut us = Vec::new();
            for _ in 0..reps.max(1) {
                // Fresh inputs (counters, bins), outside the timed launch.
                for (addr, b) in &bufs {
                    dev.write(*addr, b)?;
                }
                let t0 = Instant::now();
                let rep = dev.launch(&module, case.kernel, &opts, &args)?;
                us.push(t0.elapsed().as_secs_f64() * 1e6);
                if !rep.cache_hit {
                    return Err(Error::Native(format!(
                        "{} ({}): a relaunch compiled again",
                        case.name,
                        build.name()
                    )));
                }
            }
            out.push(LaunchCost {
                name: case.name,
                build,
                cold_ms: first.compile_time.as_secs_f64() * 1e3,
                first_ms,
                relaunch_us: Stats::of(&us),
            });
        }
    }
    Ok(out)
}

/// The launch-cost table.
pub fn launch_table(results: &[LaunchCost]) -> String {
    let header = [
        "kernel",
        "build",
        "cold jit ms",
        "first launch ms",
        "relaunch us",
        "relaunch min..max us",
    ];
    let rows: Vec<Vec<String>> = results
        .iter()
        .map(|r| {
            vec![
                r.name.to_string(),
                r.build.name().to_string(),
                format!("{:.2}", r.cold_ms),
                format!("{:.2}", r.first_ms),
                format!("{:.1}", r.relaunch_us.median),
                format!("{:.1}..{:.1}", r.relaunch_us.min, r.relaunch_us.max),
            ]
        })
        .collect();
    crate::report::render(&header, &rows)
}

/// One kernel's cold JIT from a module file: `xisa bench launch --module`.
#[derive(Debug, Clone)]
pub struct ColdJit {
    pub kernel: String,
    /// IR instructions after lifting (wave syncs included).
    pub insts: usize,
    /// Lifting and the lockstep pass, milliseconds.
    pub lift_ms: f64,
    /// Uniform hoisting and Cranelift compilation, milliseconds.
    pub compile_ms: f64,
}

/// Lifts and compiles every kernel of a module (cubin, code object or IR
/// text; the ISA detected from the bytes) on its own, as a first launch
/// would, and times both halves. Kernels that cannot be lifted are skipped
/// with their error in the second list.
pub fn module_cold_jit(bytes: &[u8], origin: &str) -> Result<(Vec<ColdJit>, Vec<String>), Error> {
    let module = Module::from_bytes(bytes, origin, None)?;
    let mut out = Vec::new();
    let mut failed = Vec::new();
    for name in module.kernel_names() {
        let t0 = Instant::now();
        let k = match module.kernel(&name) {
            Ok(k) => k,
            Err(e) => {
                failed.push(format!("{name}: {e}"));
                continue;
            }
        };
        let lift_ms = t0.elapsed().as_secs_f64() * 1e3;
        // What a launch compiles (hoisting, JIT, the runner's plan), on a
        // device of its own so that nothing comes from a cache.
        let (_, compile, _) = Device::new()?.program(&module, k, Engine::Jit, false, true)?;
        out.push(ColdJit {
            kernel: name,
            insts: k.blocks.iter().map(|b| b.insts.len()).sum(),
            lift_ms,
            compile_ms: compile.as_secs_f64() * 1e3,
        });
    }
    Ok((out, failed))
}

/// The cold-JIT table, slowest first.
pub fn cold_jit_table(results: &[ColdJit]) -> String {
    let mut rs: Vec<&ColdJit> = results.iter().collect();
    rs.sort_by(|a, b| (b.lift_ms + b.compile_ms).total_cmp(&(a.lift_ms + a.compile_ms)));
    let header = ["kernel", "ir insts", "lift ms", "compile ms", "cold jit ms"];
    let rows: Vec<Vec<String>> = rs
        .iter()
        .map(|r| {
            vec![
                r.kernel.clone(),
                r.insts.to_string(),
                format!("{:.2}", r.lift_ms),
                format!("{:.2}", r.compile_ms),
                format!("{:.2}", r.lift_ms + r.compile_ms),
            ]
        })
        .collect();
    crate::report::render(&header, &rows)
}
