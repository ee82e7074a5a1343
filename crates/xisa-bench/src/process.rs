//! `xisa bench process`: what a user of each tool waits for. For every
//! kernel build of `xisa bench kernels`, the wall time of a whole `xisa run`
//! process (load, lift, compile, one launch, outputs written) against a
//! whole POCL host program (`opencl/driver.c`: platform, program build from
//! POCL's cache, one launch of the OpenCL C twin, outputs written), both
//! started fresh with their inputs in files. The two alternate, after one
//! unmeasured run of each (POCL caches the built program on disk, the system
//! caches the files); the outputs of every run are compared.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use xisa::ArgSpec;

use crate::kernels::{Arg, Build, Case, KernelsConfig};
use crate::measure::Stats;
use crate::Error;

/// One kernel build's whole-process times (milliseconds).
#[derive(Debug, Clone)]
pub struct ProcessResult {
    pub name: &'static str,
    pub build: Build,
    pub elements: u64,
    /// `xisa run`, start to exit.
    pub xisa: Stats,
    /// The POCL host program, start to exit, when measured.
    pub pocl: Option<Stats>,
    /// Why POCL was not measured.
    pub pocl_note: Option<String>,
}

fn io(path: &Path, e: std::io::Error) -> Error {
    Error::Output {
        path: path.display().to_string(),
        msg: e.to_string(),
    }
}

/// Writes `case`'s buffer arguments to `dir/inI.bin` (I: the argument's
/// index), once per case: `xisa run` only reads them.
fn write_inputs(dir: &Path, case: &Case) -> Result<(), Error> {
    for (i, a) in case.args.iter().enumerate() {
        if let Arg::Buf(b) = a {
            let input = dir.join(format!("in{i}.bin"));
            std::fs::write(&input, b).map_err(|e| io(&input, e))?;
        }
    }
    Ok(())
}

/// The `xisa run` arguments for `case`'s `build`, its module written to `dir`
/// (inputs from [`write_inputs`]), buffer argument `i` dumped to
/// `dir/out-BUILD-i.bin`; with the dump paths in buffer order.
fn xisa_args(
    dir: &Path,
    case: &Case,
    build: Build,
    threads: usize,
) -> Result<(Vec<OsString>, Vec<PathBuf>), Error> {
    let ext = match build {
        Build::Ir => "xir",
        Build::Sm75 => "cubin",
        Build::Gfx942 => "co",
    };
    let bytes = case.module_bytes(build);
    let module = dir.join(format!("{}.{ext}", case.name));
    std::fs::write(&module, bytes).map_err(|e| io(&module, e))?;
    let mut args: Vec<OsString> = vec!["run".into(), module.into()];
    for (k, v) in [
        ("--kernel", case.kernel.to_string()),
        ("--grid", case.grid.to_string()),
        ("--block", case.block.to_string()),
        ("--threads", threads.to_string()),
    ] {
        args.extend([k.into(), v.into()]);
    }
    let mut dumps = Vec::new();
    for (i, a) in case.args.iter().enumerate() {
        let spec = match a {
            Arg::Buf(_) => {
                let out = dir.join(format!("out-{}-{i}.bin", build.name()));
                args.extend(["--dump".into(), format!("{i}={}", out.display()).into()]);
                dumps.push(out);
                format!("buf:{}", dir.join(format!("in{i}.bin")).display())
            }
            Arg::Scalar(ArgSpec::U32(v)) => format!("u32:{v}"),
            // Rust prints the shortest text that parses back to the same f32.
            Arg::Scalar(ArgSpec::F32(v)) => format!("f32:{v}"),
            Arg::Scalar(other) => {
                return Err(Error::Args(format!(
                    "{}: no `xisa run` argument for {other:?}",
                    case.name
                )))
            }
        };
        args.extend(["--arg".into(), spec.into()]);
    }
    Ok((args, dumps))
}

/// Runs `cmd` and returns its wall time; a failure is an error naming the
/// kernel build and what the process printed.
fn timed(mut cmd: Command, what: &str) -> Result<f64, Error> {
    let t0 = Instant::now();
    let out = cmd
        .output()
        .map_err(|e| Error::Args(format!("{what}: cannot run `xisa run`: {e}")))?;
    let ms = t0.elapsed().as_secs_f64() * 1e3;
    if !out.status.success() {
        return Err(Error::Args(format!(
            "{what}: `xisa run` failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        )));
    }
    Ok(ms)
}

/// One case, every selected build: `reps` alternating measured runs of each
/// side after one unmeasured run each.
#[allow(clippy::too_many_arguments)]
fn run_case(
    xisa: &Path,
    dir: &Path,
    case: &Case,
    builds: &[Build],
    reps: u32,
    threads: usize,
    progress: &mut dyn FnMut(&str),
) -> Result<Vec<ProcessResult>, Error> {
    // One launch in a fresh driver process: its wall time and outputs.
    let pocl_once =
        || crate::kernels::pocl_twin(case, 0, 1, threads).map(|r| (r.process_ms, r.buffers));
    write_inputs(dir, case)?;
    let mut out = Vec::new();
    for &b in builds {
        progress(&format!("{} ({})", case.name, b.name()));
        let what = format!("{} ({} build)", case.name, b.name());
        let (args, dumps) = xisa_args(dir, case, b, threads)?;
        let (mut xs, mut ps) = (Vec::new(), Vec::new());
        let mut note = None;
        for rep in 0..=reps {
            let mut cmd = Command::new(xisa);
            cmd.args(&args);
            let t = timed(cmd, &what)?;
            let translated = dumps
                .iter()
                .map(|p| std::fs::read(p).map_err(|e| io(p, e)))
                .collect::<Result<Vec<_>, _>>()?;
            if note.is_none() {
                match pocl_once() {
                    Ok((pt, reference)) => {
                        (case.check)(&translated, &reference).map_err(|detail| {
                            Error::PoclMismatch {
                                kernel: what.clone(),
                                detail,
                            }
                        })?;
                        if rep > 0 {
                            ps.push(pt);
                        }
                    }
                    Err(why) => note = Some(why),
                }
            }
            if rep > 0 {
                xs.push(t);
            }
        }
        out.push(ProcessResult {
            name: case.name,
            build: b,
            elements: case.elements,
            xisa: Stats::of(&xs),
            pocl: note.is_none().then(|| Stats::of(&ps)),
            pocl_note: note,
        });
    }
    Ok(out)
}

/// Measures every selected kernel build (`cfg`'s kernels, builds, elements,
/// threads and `cfg.reps`), running the `xisa` executable `xisa`; calls
/// `progress(done, total, name)` before each.
pub fn run_process(
    cfg: &KernelsConfig,
    xisa: &Path,
    progress: &mut dyn FnMut(usize, usize, &str),
) -> Result<Vec<ProcessResult>, Error> {
    let builds = crate::kernels::selection(cfg)?;
    let cores = crate::measure::cores();
    let threads = if cfg.threads == 0 { cores } else { cfg.threads };
    let cases: Vec<Case> = crate::kernels::cases(cfg, threads)
        .into_iter()
        .filter(|c| crate::kernels::selected(cfg, c))
        .collect();
    let dir = std::env::temp_dir().join(format!("xisa-bench-process-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| io(&dir, e))?;
    let total = cases.len() * builds.len();
    let mut out = Vec::new();
    let mut r = Ok(());
    for c in &cases {
        let done = out.len();
        let mut p = |name: &str| progress(done, total, name);
        match run_case(xisa, &dir, c, &builds, cfg.reps.max(1), threads, &mut p) {
            Ok(mut v) => out.append(&mut v),
            Err(e) => {
                r = Err(e);
                break;
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    r?;
    progress(total, total, "");
    Ok(out)
}

/// The whole-process table, with the geometric mean of xisa/POCL per build.
pub fn table(results: &[ProcessResult]) -> String {
    let header = ["xisa run ms", "pocl process ms", "xisa/pocl"];
    let ratio = |r: &ProcessResult| {
        r.pocl
            .filter(|p| p.median > 0.0)
            .map(|p| r.xisa.median / p.median)
    };
    let rows = results
        .iter()
        .map(|r| {
            let cells = vec![
                r.xisa.median_spread(1),
                crate::report::pocl_cell(r.pocl.as_ref(), 1),
                ratio(r)
                    .map(|x| format!("{x:.2}"))
                    .unwrap_or_else(|| "-".into()),
            ];
            (r.name, r.build, r.elements, cells)
        })
        .collect();
    let mut t = crate::report::render_kernels(&header, rows);
    for b in Build::ALL {
        let rs: Vec<f64> = results
            .iter()
            .filter(|r| r.build == b)
            .filter_map(ratio)
            .collect();
        if !rs.is_empty() {
            let g = (rs.iter().map(|x| x.ln()).sum::<f64>() / rs.len() as f64).exp();
            t.push_str(&format!(
                "geometric mean xisa/pocl, {} builds: {g:.2} ({} kernels)\n",
                b.name(),
                rs.len()
            ));
        }
    }
    t += &crate::report::pocl_notes(
        results
            .iter()
            .map(|r| (r.name, r.build, r.pocl_note.as_ref())),
    );
    t
}
