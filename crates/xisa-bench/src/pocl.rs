//! The POCL baseline of `xisa bench kernels`: the OpenCL C twins of the corpus
//! kernels (`crates/xisa-bench/opencl/*.cl`) run on POCL's CPU device through
//! a small C host driver (`opencl/driver.c`), compiled on first use with the
//! system C compiler (`$CC`, default `cc`) against `-lOpenCL` into a directory
//! under the system temp dir. Inputs go to the driver in files, outputs come
//! back in files; the driver prints the time of each launch.
//!
//! POCL is optional: when the driver cannot be built or finds no POCL
//! platform, [`probe`] says why and the bench goes on without it.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

const DRIVER_C: &str = include_str!("../opencl/driver.c");

/// Why a POCL run failed.
#[derive(Debug, Clone, thiserror::Error)]
pub enum PoclError {
    /// POCL cannot be used here (not installed, driver not buildable, ...).
    #[error("{0}")]
    Unavailable(String),
    /// Files for or from the driver.
    #[error("{path}: {msg}")]
    Io { path: String, msg: String },
    /// The driver failed on a kernel.
    #[error("OpenCL driver failed on {kernel}: {msg}")]
    Driver { kernel: String, msg: String },
}

fn io(path: &Path, e: std::io::Error) -> PoclError {
    PoclError::Io {
        path: path.display().to_string(),
        msg: e.to_string(),
    }
}

/// A working POCL setup: the built driver and what it found.
#[derive(Debug, Clone)]
pub struct Pocl {
    /// The compiled host driver.
    pub driver: PathBuf,
    /// Working directory (driver, kernel sources, run files, POCL's cache).
    pub dir: PathBuf,
    /// POCL's platform version string.
    pub platform: String,
    /// The device the kernels run on.
    pub device: String,
}

/// An argument of a POCL launch.
#[derive(Debug, Clone)]
pub enum PoclArg<'a> {
    /// A buffer with its initial contents (rewritten before every launch).
    Buf(&'a [u8]),
    U32(u32),
    F32(f32),
}

/// Times of the repetitions (milliseconds) and the final buffers.
#[derive(Debug, Clone)]
pub struct PoclRun {
    /// Wall time from enqueue to `clFinish`, per repetition.
    pub wall_ms: Vec<f64>,
    /// Profiling-event START..END, per repetition.
    pub event_ms: Vec<f64>,
    /// Program build time (first build; POCL may cache it on disk).
    pub build_ms: f64,
    /// Wall time of the whole driver process (start to exit).
    pub process_ms: f64,
    /// The buffers after the last launch, in argument order.
    pub buffers: Vec<Vec<u8>>,
}

fn fnv(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
    })
}

fn build_driver() -> Result<Pocl, PoclError> {
    let dir = std::env::temp_dir().join(format!("xisa-bench-pocl-{:016x}", fnv(DRIVER_C)));
    std::fs::create_dir_all(&dir).map_err(|e| io(&dir, e))?;
    let driver = dir.join("driver");
    if !driver.exists() {
        let pid = std::process::id();
        let src = dir.join(format!("driver-{pid}.c"));
        std::fs::write(&src, DRIVER_C).map_err(|e| io(&src, e))?;
        let tmp = dir.join(format!("driver-{pid}"));
        let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
        let out = Command::new(&cc)
            .arg("-O2")
            .arg("-o")
            .arg(&tmp)
            .arg(&src)
            .arg("-lOpenCL")
            .output()
            .map_err(|e| {
                PoclError::Unavailable(format!("cannot run the C compiler {cc:?}: {e}"))
            })?;
        if !out.status.success() {
            let err = String::from_utf8_lossy(&out.stderr);
            let status = out.status.to_string();
            let first = err.lines().find(|l| l.contains("error")).unwrap_or(&status);
            return Err(PoclError::Unavailable(format!(
                "the OpenCL host driver does not build with `{cc} ... -lOpenCL` \
                 (apt-get install ocl-icd-opencl-dev): {}",
                first.trim()
            )));
        }
        std::fs::rename(&tmp, &driver).map_err(|e| io(&driver, e))?;
        let _ = std::fs::remove_file(&src);
    }
    let out = driver_command(&driver, &dir)
        .arg("probe")
        .output()
        .map_err(|e| PoclError::Unavailable(format!("cannot run {}: {e}", driver.display())))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    if !out.status.success() {
        return Err(PoclError::Unavailable(format!(
            "{} (apt-get install pocl-opencl-icd)",
            String::from_utf8_lossy(&out.stderr).trim()
        )));
    }
    let field = |k: &str| {
        stdout
            .lines()
            .find_map(|l| l.strip_prefix(k))
            .map(|s| s.trim().to_string())
            .unwrap_or_default()
    };
    let platform = field("platform ");
    // "OpenCL 3.0 PoCL 3.1+debian  Linux, None+Asserts, ...": up to the first comma.
    let platform = platform
        .split(',')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    Ok(Pocl {
        platform,
        device: field("device "),
        driver,
        dir,
    })
}

fn driver_command(driver: &Path, dir: &Path) -> Command {
    let mut c = Command::new(driver);
    c.env("POCL_CACHE_DIR", dir.join("cache"));
    c
}

/// The POCL setup, built and probed once per process.
pub fn probe() -> Result<&'static Pocl, PoclError> {
    static POCL: OnceLock<Result<Pocl, PoclError>> = OnceLock::new();
    POCL.get_or_init(build_driver)
        .as_ref()
        .map_err(Clone::clone)
}

impl Pocl {
    /// Runs `kernel` of `src` on `grid` workgroups of `block` work-items,
    /// `warmup` + `reps` times, with POCL limited to `threads` worker threads.
    #[allow(clippy::too_many_arguments)]
    pub fn run(
        &self,
        name: &str,
        src: &str,
        kernel: &str,
        grid: u32,
        block: u32,
        warmup: u32,
        reps: u32,
        threads: usize,
        args: &[PoclArg],
    ) -> Result<PoclRun, PoclError> {
        static RUN: AtomicU64 = AtomicU64::new(0);
        let run = self.dir.join(format!(
            "run-{}-{}",
            std::process::id(),
            RUN.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&run).map_err(|e| io(&run, e))?;
        let result = self.run_in(
            &run,
            name,
            src,
            kernel,
            [grid, block, warmup, reps],
            threads,
            args,
        );
        let _ = std::fs::remove_dir_all(&run);
        result
    }

    #[allow(clippy::too_many_arguments)]
    fn run_in(
        &self,
        run: &Path,
        name: &str,
        src: &str,
        kernel: &str,
        [grid, block, warmup, reps]: [u32; 4],
        threads: usize,
        args: &[PoclArg],
    ) -> Result<PoclRun, PoclError> {
        let cl = run.join(format!("{name}.cl"));
        std::fs::write(&cl, src).map_err(|e| io(&cl, e))?;
        let mut cmd = driver_command(&self.driver, &self.dir);
        if threads > 0 {
            // POCL 3.x pthread device / POCL 4+ cpu device.
            cmd.env("POCL_MAX_PTHREAD_COUNT", threads.to_string());
            cmd.env("POCL_CPU_MAX_CU_NUM", threads.to_string());
        }
        cmd.arg("run")
            .arg(&cl)
            .arg(kernel)
            .arg(grid.to_string())
            .arg(block.to_string())
            .arg(warmup.to_string())
            .arg(reps.to_string())
            .arg(run);
        let mut nbufs = 0;
        for (i, a) in args.iter().enumerate() {
            match a {
                PoclArg::Buf(b) => {
                    let p = run.join(format!("in{i}.bin"));
                    std::fs::write(&p, b).map_err(|e| io(&p, e))?;
                    let mut s = std::ffi::OsString::from("b:");
                    s.push(&p);
                    cmd.arg(s);
                    nbufs += 1;
                }
                PoclArg::U32(v) => {
                    cmd.arg(format!("u:{v}"));
                }
                PoclArg::F32(v) => {
                    cmd.arg(format!("f:{}", v.to_bits()));
                }
            }
        }
        let driver_err = |msg: String| PoclError::Driver {
            kernel: name.to_string(),
            msg,
        };
        let t0 = std::time::Instant::now();
        let out = cmd
            .output()
            .map_err(|e| driver_err(format!("cannot run the driver: {e}")))?;
        let process_ms = t0.elapsed().as_secs_f64() * 1e3;
        if !out.status.success() {
            return Err(driver_err(format!(
                "{}: {}",
                out.status,
                String::from_utf8_lossy(&out.stderr).trim()
            )));
        }
        let stdout = String::from_utf8_lossy(&out.stdout);
        let (mut wall_ms, mut event_ms, mut build_ms) = (Vec::new(), Vec::new(), 0.0);
        for l in stdout.lines() {
            let f: Vec<&str> = l.split_whitespace().collect();
            let num = |s: &str| {
                s.parse::<f64>()
                    .map_err(|_| driver_err(format!("bad output line {l:?}")))
            };
            match f.as_slice() {
                ["rep", w, e] => {
                    wall_ms.push(num(w)?);
                    event_ms.push(num(e)?);
                }
                ["build_ms", b] => build_ms = num(b)?,
                _ => {}
            }
        }
        if wall_ms.len() != reps as usize {
            return Err(driver_err(format!(
                "expected {reps} repetitions, got {}",
                wall_ms.len()
            )));
        }
        let buffers = (0..nbufs)
            .map(|i| {
                let p = run.join(format!("{i}.bin"));
                std::fs::read(&p).map_err(|e| io(&p, e))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(PoclRun {
            wall_ms,
            event_ms,
            build_ms,
            process_ms,
            buffers,
        })
    }
}
