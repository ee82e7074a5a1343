//! Shared helpers for xisa's cross-crate tests: the kernel-corpus harness
//! (directives in [`spec`], independent reference checks in [`checks`]) and
//! launch helpers used by the concurrency tests.

pub mod checks;
pub mod gen;
pub mod spec;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

use spec::{Agree, Expect, Input, ScalarTy, Spec};
use xisa::{ArgSpec, Device, Engine, LaunchOptions, Module};

/// Launch options for a 1-D grid of `grid` workgroups of `block` lanes on
/// `engine`, the rest default.
pub fn grid_opts(engine: Engine, grid: u32, block: u32) -> LaunchOptions {
    LaunchOptions {
        grid: [grid, 1, 1],
        block: [block, 1, 1],
        engine,
        ..LaunchOptions::default()
    }
}

/// The module in the committed fixture `rel` (relative to `tests/`).
pub fn fixture_module(rel: &str) -> Module {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    let bytes = std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    Module::from_bytes(&bytes, rel, None).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// The corpus directory (`tests/kernels`).
pub fn kernels_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("kernels")
}

/// Names (file stems) of every corpus kernel, sorted.
pub fn corpus_names() -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(kernels_dir())
        .expect("tests/kernels exists")
        .filter_map(|e| {
            let p = e.ok()?.path();
            (p.extension()? == "xir").then(|| p.file_stem()?.to_str().map(String::from))?
        })
        .collect();
    v.sort();
    v
}

/// A loaded corpus kernel.
pub struct CorpusKernel {
    pub name: String,
    pub path: PathBuf,
    pub spec: Spec,
    pub module: Module,
    /// The kernel to launch.
    pub kernel: String,
    /// Parameter names, for messages.
    pub params: Vec<String>,
}

impl CorpusKernel {
    /// Loads `tests/kernels/<name>.xir` and its directives.
    pub fn load(name: &str) -> Result<CorpusKernel, String> {
        let path = kernels_dir().join(format!("{name}.xir"));
        let src = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let spec = spec::parse_spec(&src).map_err(|e| format!("{}: {e}", path.display()))?;
        let module = Module::from_bytes(src.as_bytes(), &path.display().to_string(), None)
            .map_err(|e| format!("{e}"))?;
        let k = module
            .pick_kernel(spec.kernel.as_deref())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let params = k
            .params
            .iter()
            .map(|r| format!("%{}", k.regs[r.0 as usize].name))
            .collect::<Vec<_>>();
        if params.len() != spec.args.len() {
            return Err(format!(
                "{}: the kernel takes {} parameters, the header has {} @arg lines",
                path.display(),
                params.len(),
                spec.args.len()
            ));
        }
        Ok(CorpusKernel {
            name: name.to_string(),
            kernel: k.name.clone(),
            path,
            spec,
            module,
            params,
        })
    }
}

/// What one launch did: the error text (if any) and the final contents of every
/// buffer argument (`None` for non-buffer arguments).
#[derive(Debug, Clone)]
pub struct Outcome {
    pub error: Option<String>,
    pub bufs: Vec<Option<Vec<u8>>>,
    /// Buffer arguments whose guard bytes (right after the buffer) changed.
    pub guard_hit: Vec<usize>,
}

/// Bytes of guard after every buffer argument: a kernel that writes past its
/// buffer changes them, one that reads past it sees them.
pub const GUARD: usize = 64;

/// The argument for a generated input; buffers are uploaded to `dev` first,
/// followed by `GUARD` bytes of `guard`.
fn arg_for(
    dev: &Device,
    inp: &Input,
    guard: u8,
) -> Result<(ArgSpec, Option<(u64, usize)>), String> {
    Ok(match inp {
        Input::Buf(b) => {
            let mut data = b.clone();
            data.resize(b.len() + GUARD, guard);
            let a = dev.upload(&data).map_err(|e| e.to_string())?;
            (ArgSpec::Ptr(a), Some((a, b.len())))
        }
        Input::Null => (ArgSpec::U64(0), None),
        Input::Local(n) => (ArgSpec::Local(*n), None),
        Input::Scalar(ty, bits) => (
            match ty {
                ScalarTy::U32 => ArgSpec::U32(*bits as u32),
                ScalarTy::I32 => ArgSpec::I32(*bits as u32 as i32),
                ScalarTy::U64 => ArgSpec::U64(*bits),
                ScalarTy::I64 => ArgSpec::I64(*bits as i64),
                ScalarTy::F32 => ArgSpec::F32(f32::from_bits(*bits as u32)),
                ScalarTy::F64 => ArgSpec::F64(f64::from_bits(*bits)),
            },
            None,
        ),
    })
}

/// Launches a corpus kernel like [`run_corpus_inner`], on another thread: if the
/// launch does not return within the kernel's watchdog time plus 20 s (the
/// watchdog failed to stop it), the outcome is an error saying so (the stuck
/// thread is left behind; the test process ends anyway).
pub fn run_corpus(
    ck: &CorpusKernel,
    inputs: &[Input],
    engine: Engine,
    threads: usize,
    guard: u8,
) -> Outcome {
    let (tx, rx) = std::sync::mpsc::channel();
    let (module, kernel, spec, params, name, path) = (
        ck.module.clone(),
        ck.kernel.clone(),
        ck.spec.clone(),
        ck.params.clone(),
        ck.name.clone(),
        ck.path.clone(),
    );
    let inputs = inputs.to_vec();
    let limit = Duration::from_secs_f64(ck.spec.timeout + 20.0);
    std::thread::spawn(move || {
        let ck = CorpusKernel {
            name,
            path,
            spec,
            module,
            kernel,
            params,
        };
        let _ = tx.send(run_corpus_inner(&ck, &inputs, engine, threads, guard));
    });
    match rx.recv_timeout(limit) {
        Ok(o) => o,
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => Outcome {
            error: Some(format!(
                "HUNG: the launch did not return within {limit:?} (the watchdog did not stop it)"
            )),
            bufs: vec![None; ck.params.len()],
            guard_hit: vec![],
        },
        Err(e) => panic!("{engine}: the launch thread died: {e}"),
    }
}

/// Launches a corpus kernel on a fresh device with `inputs` (buffers followed by
/// guard bytes of value `guard`).
pub fn run_corpus_inner(
    ck: &CorpusKernel,
    inputs: &[Input],
    engine: Engine,
    threads: usize,
    guard: u8,
) -> Outcome {
    let dev = Device::new().expect("device");
    let mut args = Vec::new();
    let mut bufs = Vec::new();
    for inp in inputs {
        let (a, b) = arg_for(&dev, inp, guard).expect("upload");
        args.push(a);
        bufs.push(b);
    }
    let opts = LaunchOptions {
        grid: ck.spec.grid,
        block: ck.spec.block,
        shared: ck.spec.shared,
        engine,
        timeout: Some(Duration::from_secs_f64(ck.spec.timeout)),
        threads,
        stats: false,
        stack: None,
    };
    let r = dev.launch(&ck.module, &ck.kernel, &opts, &args);
    let mut guard_hit = Vec::new();
    let bufs = bufs
        .iter()
        .enumerate()
        .map(|(i, b)| {
            b.map(|(a, n)| {
                let g = dev.read(a + n as u64, GUARD).expect("read back");
                if g.iter().any(|&x| x != guard) {
                    guard_hit.push(i);
                }
                dev.read(a, n).expect("read back")
            })
        })
        .collect();
    Outcome {
        error: r.err().map(|e| e.to_string()),
        bufs,
        guard_hit,
    }
}

fn hex(b: &[u8]) -> String {
    b.iter()
        .map(|x| format!("{x:02x}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Describes how two buffers differ: first differing offset, count, context.
pub fn describe_diff(a: &[u8], b: &[u8], a_name: &str, b_name: &str) -> Option<String> {
    if a == b {
        return None;
    }
    if a.len() != b.len() {
        return Some(format!("lengths differ: {} vs {}", a.len(), b.len()));
    }
    let first = a.iter().zip(b).position(|(x, y)| x != y)?;
    let count = a.iter().zip(b).filter(|(x, y)| x != y).count();
    let lo = first & !15;
    let hi = (lo + 32).min(a.len());
    Some(format!(
        "first differing byte at offset {first} ({first:#x}), {count} bytes differ; bytes {lo:#x}..{hi:#x}:\n      {a_name:>6}: {}\n      {b_name:>6}: {}",
        hex(&a[lo..hi]),
        hex(&b[lo..hi])
    ))
}

/// Error text with the measured part of a timeout ("after 0.3 s") removed.
pub fn normalize_error(e: &str) -> String {
    match e.find("timed out after ") {
        Some(i) => {
            let rest = &e[i + "timed out after ".len()..];
            let end = rest.find(" s").unwrap_or(rest.len());
            format!("{}timed out after N{}", &e[..i], &rest[end..])
        }
        None => e.to_string(),
    }
}

/// Runs one case of a corpus kernel under both engines (one worker thread each,
/// fresh devices, the same inputs) and returns every problem found.
pub fn check_case(ck: &CorpusKernel, seed: u64) -> Result<(), String> {
    let inputs = spec::gen_inputs(&ck.spec, seed);
    let interp = run_corpus(ck, &inputs, Engine::Interp, 1, 0xa5);
    let jit = run_corpus(ck, &inputs, Engine::Jit, 1, 0xa5);
    // The interpreter again with other guard bytes: a kernel reading past a
    // buffer argument computes something else.
    let interp2 = run_corpus(ck, &inputs, Engine::Interp, 1, 0x3c);
    let mut problems = Vec::new();
    for (eng, o) in [("interp", &interp), ("jit", &jit)] {
        for &i in &o.guard_hit {
            problems.push(format!(
                "{eng}: wrote past the end of buffer argument {i} ({})",
                ck.params[i]
            ));
        }
    }
    let norm = |o: &Outcome| o.error.as_deref().map(normalize_error);
    if norm(&interp) != norm(&interp2) || interp.bufs != interp2.bufs {
        problems.push(
            "the kernel reads past the end of a buffer argument (the result depends on the bytes after it)"
                .to_string(),
        );
    }
    for (eng, o) in [("interp", &interp), ("jit", &jit)] {
        match (&ck.spec.expect, &o.error) {
            (Expect::Ok, Some(e)) => problems.push(format!("{eng}: launch failed: {e}")),
            (Expect::Error(_), None) => {
                problems.push(format!("{eng}: launch succeeded but an error was expected"))
            }
            (Expect::Error(subs), Some(e)) => {
                for s in subs {
                    if !e.contains(s.as_str()) {
                        problems.push(format!("{eng}: error text lacks {s:?}: {e}"));
                    }
                }
            }
            (Expect::Ok, None) => {}
        }
    }
    if interp.error.as_deref().map(normalize_error) != jit.error.as_deref().map(normalize_error) {
        problems.push(format!(
            "the engines disagree on the outcome:\n      interp: {}\n      jit:    {}",
            interp.error.as_deref().unwrap_or("ok"),
            jit.error.as_deref().unwrap_or("ok")
        ));
    }
    if ck.spec.agree == Agree::Bytes {
        for (i, (a, b)) in interp.bufs.iter().zip(&jit.bufs).enumerate() {
            if let (Some(a), Some(b)) = (a, b) {
                if let Some(d) = describe_diff(a, b, "interp", "jit") {
                    problems.push(format!(
                        "buffer argument {i} ({}) differs between the engines: {d}",
                        ck.params[i]
                    ));
                }
            }
        }
    }
    if interp.error.is_none() || jit.error.is_none() {
        for name in &ck.spec.checks {
            for (eng, o) in [("interp", &interp), ("jit", &jit)] {
                if o.error.is_some() {
                    continue;
                }
                let data = checks::CaseData {
                    spec: &ck.spec,
                    inputs: &inputs,
                    outputs: &o.bufs,
                };
                let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    checks::run(name, &data)
                }))
                .unwrap_or_else(|p| {
                    let msg = p
                        .downcast_ref::<&str>()
                        .map(|s| s.to_string())
                        .or_else(|| p.downcast_ref::<String>().cloned())
                        .unwrap_or_default();
                    Err(format!("the check panicked (a bad header?): {msg}"))
                });
                if let Err(e) = r {
                    problems.push(format!("{eng}: reference check `{name}` failed: {e}"));
                }
            }
        }
    }
    if problems.is_empty() {
        return Ok(());
    }
    let mut msg = format!(
        "kernel {} ({}), seed {seed:#x} (rerun: XISA_CORPUS_SEED={seed:#x}):",
        ck.name,
        ck.path.display()
    );
    for p in problems {
        let _ = write!(msg, "\n  - {p}");
    }
    Err(msg)
}
