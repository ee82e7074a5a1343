//! The kernel corpora through the real `xisa run`, under `--engine jit-lane`,
//! `--engine jit-wave` and `--engine interp`: for every launch spec the inputs are generated from its
//! fills and every output buffer is compared with the oracle.
//!
//! - sm_75 (`tests/sm75`): the cubins against the POCL outputs committed in
//!   `tests/sm75/expected/` (OpenCL kernels, made by `tests/sm75/pocl-ref.sh`)
//!   or a Rust reference written here from the PTX (PTX kernels). The OpenCL
//!   kernels also run as gfx942 code objects compiled from the same source
//!   (`tests/gfx942/out`), which must give the same POCL outputs.
//! - gfx942 (`tests/gfx942`): the kernels without an sm75 counterpart against
//!   `tests/gfx942/expected/` (POCL, or `tests/gfx942/reference.py`).
//!
//! An output's `"compare"` field (tests/sm75/README.md) says how: `exact`
//! (default), `multiset` (same elements in any order), `serializable` (the
//! values some serial order of the threads produces, checked against a model
//! of the kernel below), `approx` (within the documented error of an
//! approximate instruction) or `invariant` (a kernel-specific property).
//!
//! One test per kernel, so a failure names it. `pocl_matches_committed` and
//! `gfx942_pocl_matches_committed` rerun the POCL oracles when POCL is
//! installed and check the committed files.

use std::collections::{BTreeMap, HashSet};
use std::hash::Hash;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;
use xisa_testkit::SplitMix64;

const XISA: &str = env!("CARGO_BIN_EXE_xisa");

fn corpus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/sm75")
}

// ---------------------------------------------------------------------------
// Launch specs
// ---------------------------------------------------------------------------

#[derive(Debug, Clone)]
enum Arg {
    Buffer {
        elem: String,
        count: usize,
        fill: String,
        output: bool,
        compare: String,
    },
    Scalar {
        ty: String,
        value: Value,
    },
    Surface {
        dim: String,
        width_bytes: u32,
        height: u32,
        depth: u32,
        fill: String,
        output: bool,
        compare: String,
    },
    Local {
        bytes: u32,
    },
}

#[derive(Debug, Clone)]
struct Spec {
    name: String,
    kernel: String,
    cubin: PathBuf,
    grid: [u32; 3],
    block: [u32; 3],
    shared: u32,
    host_threads: Option<u32>,
    opencl: bool,
    args: Vec<Arg>,
    /// Device globals set before the launch (`"globals"`: name, elem,
    /// count, fill; `xisa run --set-global`).
    globals: Vec<(String, Vec<u8>)>,
}

fn dims(v: &Value, what: &str) -> [u32; 3] {
    let a = v
        .as_array()
        .unwrap_or_else(|| panic!("{what}: not an array"));
    let mut d = [1u32; 3];
    for (i, x) in a.iter().enumerate() {
        d[i] = x.as_u64().unwrap_or_else(|| panic!("{what}[{i}]")) as u32;
    }
    d
}

fn load_spec(name: &str) -> Spec {
    load_spec_in(&corpus_dir().join("kernels"), name)
}

/// The launch spec `dir/NAME.launch.json`: the sm75 format (`cubin`) or the
/// gfx942 one (`code_object`), which share every other field.
fn load_spec_in(dir: &Path, name: &str) -> Spec {
    let path = dir.join(format!("{name}.launch.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let v: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let module = match v["format"].as_str() {
        Some("xisa-sm75-launch/1") => "cubin",
        Some("xisa-gfx942-launch/1") => "code_object",
        f => panic!("{name}: format {f:?}"),
    };
    let s = |k: &str| v[k].as_str().unwrap_or_else(|| panic!("{name}: {k}"));
    let mut args = Vec::new();
    for (i, a) in v["args"].as_array().expect("args").iter().enumerate() {
        let st = |k: &str| {
            a[k].as_str()
                .unwrap_or_else(|| panic!("{name}: arg {i}: {k}"))
                .to_string()
        };
        let num = |k: &str| {
            a[k].as_u64()
                .unwrap_or_else(|| panic!("{name}: arg {i}: {k}"))
        };
        let compare = a["compare"].as_str().unwrap_or("exact").to_string();
        let output = a["output"].as_bool().unwrap_or(false);
        args.push(match a["kind"].as_str() {
            Some("buffer") => {
                let elem = st("elem");
                let count = num("count") as usize;
                assert_eq!(
                    num("bytes") as usize,
                    count * elem_size(&elem),
                    "{name}: arg {i}: bytes"
                );
                Arg::Buffer {
                    elem,
                    count,
                    fill: st("fill"),
                    output,
                    compare,
                }
            }
            Some("scalar") => Arg::Scalar {
                ty: st("type"),
                value: a["value"].clone(),
            },
            Some("surface") => Arg::Surface {
                dim: st("dim"),
                width_bytes: num("width_bytes") as u32,
                height: a["height"].as_u64().unwrap_or(1) as u32,
                depth: a["depth"].as_u64().unwrap_or(1) as u32,
                fill: st("fill"),
                output,
                compare,
            },
            Some("local") => Arg::Local {
                bytes: num("bytes") as u32,
            },
            k => panic!("{name}: arg {i}: kind {k:?}"),
        });
    }
    Spec {
        name: name.to_string(),
        kernel: s("kernel").to_string(),
        cubin: dir.join(s(module)),
        grid: dims(&v["grid"], "grid"),
        block: dims(&v["block"], "block"),
        shared: v["dynamic_shared_bytes"].as_u64().unwrap_or(0) as u32,
        host_threads: v["host_threads"].as_u64().map(|t| t as u32),
        opencl: dir.join(format!("{name}.cl")).exists(),
        args,
        globals: v["globals"]
            .as_array()
            .map(|gs| {
                gs.iter()
                    .map(|g| {
                        let st = |k: &str| {
                            g[k].as_str()
                                .unwrap_or_else(|| panic!("{name}: global: {k}"))
                        };
                        let count = g["count"].as_u64().expect("global count") as usize;
                        (st("name").to_string(), fill(st("elem"), count, st("fill")))
                    })
                    .collect()
            })
            .unwrap_or_default(),
    }
}

// ---------------------------------------------------------------------------
// Fills (tests/sm75/README.md; tests/sm75/pocl/launch.py is the other
// implementation of the same definition)
// ---------------------------------------------------------------------------

fn elem_size(elem: &str) -> usize {
    match elem {
        "u8" | "i8" => 1,
        "u16" | "i16" => 2,
        "u32" | "i32" | "f32" => 4,
        "u64" | "i64" | "f64" => 8,
        e => panic!("unknown element type {e}"),
    }
}

fn is_float(elem: &str) -> bool {
    elem.starts_with('f')
}

/// One element from an integer (wrapped to the width) or a float value.
fn pack(elem: &str, int: Option<i128>, float: f64) -> Vec<u8> {
    match elem {
        "f32" => (float as f32).to_le_bytes().to_vec(),
        "f64" => float.to_le_bytes().to_vec(),
        _ => {
            let v = int.expect("integer element") as u128 as u64;
            v.to_le_bytes()[..elem_size(elem)].to_vec()
        }
    }
}

fn parse_int(s: &str) -> i128 {
    let s = s.trim();
    let (neg, body) = match s.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, s),
    };
    let v = match body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        Some(h) => i128::from_str_radix(h, 16),
        None => body.parse::<i128>(),
    }
    .unwrap_or_else(|_| panic!("bad integer {s:?}"));
    if neg {
        -v
    } else {
        v
    }
}

fn fill(elem: &str, count: usize, spec: &str) -> Vec<u8> {
    let size = elem_size(elem);
    let mut out = Vec::with_capacity(count * size);
    if spec == "zero" {
        out.resize(count * size, 0);
    } else if spec == "iota" {
        for i in 0..count {
            out.extend(pack(elem, Some(i as i128), i as f64));
        }
    } else if let Some(body) = spec
        .strip_prefix("const(")
        .and_then(|s| s.strip_suffix(')'))
    {
        let vals: Vec<&str> = body.split(',').map(str::trim).collect();
        for i in 0..count {
            let v = vals[i.min(vals.len() - 1)];
            if is_float(elem) {
                out.extend(pack(elem, None, v.parse::<f64>().expect("float")));
            } else {
                out.extend(pack(elem, Some(parse_int(v)), 0.0));
            }
        }
    } else if let Some(body) = spec
        .strip_prefix("random(seed=")
        .and_then(|s| s.strip_suffix(')'))
    {
        let (seed, range) = match body.split_once(',') {
            Some((s, r)) => {
                let r = r.trim().strip_prefix("range=").expect("range=");
                let (a, b) = r.split_once("..").expect("a..b");
                (s, Some((parse_int(a), parse_int(b))))
            }
            None => (body, None),
        };
        let mut g = SplitMix64(seed.trim().parse().expect("seed"));
        for _ in 0..count {
            let z = g.next_u64();
            match range {
                None => {
                    assert!(!is_float(elem), "random without a range on floats");
                    out.extend(pack(elem, Some(z as i128), 0.0));
                }
                Some((a, b)) => {
                    assert!(a < b, "empty range");
                    let v = a + (z as u128 % (b - a) as u128) as i128;
                    out.extend(pack(elem, Some(v), v as f64));
                }
            }
        }
    } else {
        panic!("unknown fill {spec:?}");
    }
    out
}

// ---------------------------------------------------------------------------
// Running `xisa run`
// ---------------------------------------------------------------------------

/// Inputs and outputs of one run: the initial contents of every buffer and
/// surface argument and the dumped contents of every output.
struct Run {
    inputs: BTreeMap<usize, Vec<u8>>,
    outputs: BTreeMap<usize, Vec<u8>>,
}

impl Run {
    fn out(&self, i: usize) -> &[u8] {
        &self.outputs[&i]
    }
    fn input(&self, i: usize) -> &[u8] {
        &self.inputs[&i]
    }
}

fn run(spec: &Spec, engine: &'static str) -> Result<Run, String> {
    let dir = std::env::temp_dir().join(format!(
        "xisa-sm75-corpus-{}-{}-{engine}",
        std::process::id(),
        spec.name
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let g = |d: [u32; 3]| format!("{},{},{}", d[0], d[1], d[2]);
    let mut cmd = Command::new(XISA);
    cmd.arg("run")
        .arg(&spec.cubin)
        .args(["--kernel", &spec.kernel])
        .args(["--grid", &g(spec.grid), "--block", &g(spec.block)])
        .args(["--shared", &spec.shared.to_string(), "--engine", engine]);
    if let Some(t) = spec.host_threads {
        cmd.args(["--threads", &t.to_string()]);
    }
    let mut inputs = BTreeMap::new();
    let mut dumps = Vec::new();
    for (i, a) in spec.args.iter().enumerate() {
        let file = dir.join(format!("in.{i}.bin"));
        let spec_arg = match a {
            Arg::Buffer {
                elem,
                count,
                fill: f,
                output,
                ..
            } => {
                let data = fill(elem, *count, f);
                if *output {
                    dumps.push(i);
                }
                let s = if f == "zero" {
                    format!("zeros:{}", data.len())
                } else {
                    std::fs::write(&file, &data).unwrap();
                    format!("buf:{}", file.display())
                };
                inputs.insert(i, data);
                s
            }
            Arg::Scalar { ty, value } => format!("{ty}:{value}"),
            Arg::Surface {
                dim,
                width_bytes,
                height,
                depth,
                fill: f,
                output,
                ..
            } => {
                let bytes = (*width_bytes * *height * *depth) as usize;
                let data = fill("u8", bytes, f);
                if *output {
                    dumps.push(i);
                }
                let ext = match dim.as_str() {
                    "1d" => format!("{width_bytes}"),
                    "2d" => format!("{width_bytes}x{height}"),
                    "3d" => format!("{width_bytes}x{height}x{depth}"),
                    d => panic!("surface dim {d}"),
                };
                let src = if f == "zero" {
                    "zero".to_string()
                } else {
                    std::fs::write(&file, &data).unwrap();
                    file.display().to_string()
                };
                inputs.insert(i, data);
                format!("surf:{dim}:{ext}:{src}")
            }
            Arg::Local { bytes } => format!("local:{bytes}"),
        };
        cmd.args(["--arg", &spec_arg]);
    }
    for (n, (name, data)) in spec.globals.iter().enumerate() {
        let file = dir.join(format!("global.{n}.bin"));
        std::fs::write(&file, data).unwrap();
        cmd.args(["--set-global", &format!("{name}={}", file.display())]);
    }
    for &i in &dumps {
        cmd.args([
            "--dump",
            &format!("{i}={}", dir.join(format!("out.{i}.bin")).display()),
        ]);
    }
    let out = cmd.output().expect("run xisa");
    let result = if out.status.success() {
        let mut outputs = BTreeMap::new();
        for &i in &dumps {
            outputs.insert(
                i,
                std::fs::read(dir.join(format!("out.{i}.bin"))).expect("dump"),
            );
        }
        Ok(Run { inputs, outputs })
    } else {
        Err(format!(
            "{} ({engine}): xisa run failed: {}",
            spec.name,
            String::from_utf8_lossy(&out.stderr).trim()
        ))
    };
    let _ = std::fs::remove_dir_all(&dir);
    result
}

/// Runs `name` under every engine (the JIT in lane and in wave mode, the interpreter) and hands each run to `check`; reports every
/// engine's failure together.
fn check_kernel(name: &str, check: impl Fn(&Spec, &Run) -> Result<(), String>) {
    let spec = load_spec(name);
    let mut errors = Vec::new();
    for engine in ["jit-lane", "jit-wave", "interp"] {
        match run(&spec, engine).and_then(|r| check(&spec, &r)) {
            Ok(()) => {}
            Err(e) => errors.push(format!("[{engine}] {e}")),
        }
    }
    assert!(errors.is_empty(), "{name}:\n{}", errors.join("\n"));
}

// ---------------------------------------------------------------------------
// Comparisons
// ---------------------------------------------------------------------------

fn u32s(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn u64s(b: &[u8]) -> Vec<u64> {
    b.chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn f32s(b: &[u8]) -> Vec<f32> {
    u32s(b).into_iter().map(f32::from_bits).collect()
}

fn f64s(b: &[u8]) -> Vec<f64> {
    u64s(b).into_iter().map(f64::from_bits).collect()
}

fn to_bytes32(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn compare_mode(spec: &Spec, i: usize) -> (&str, usize) {
    match &spec.args[i] {
        Arg::Buffer { compare, elem, .. } => (compare, elem_size(elem)),
        Arg::Surface { compare, .. } => (compare, 1),
        _ => panic!("argument {i} is not an output"),
    }
}

/// Element-wise report of the first differences.
fn diff(got: &[u8], want: &[u8], size: usize) -> String {
    if got.len() != want.len() {
        return format!("{} bytes, want {}", got.len(), want.len());
    }
    let mut v = Vec::new();
    let mut n = 0;
    for (k, (g, w)) in got.chunks(size).zip(want.chunks(size)).enumerate() {
        if g != w {
            n += 1;
            if v.len() < 6 {
                v.push(format!("[{k}] {} want {}", hex(g), hex(w)));
            }
        }
    }
    format!("{n} elements differ: {}", v.join(", "))
}

fn hex(b: &[u8]) -> String {
    let mut v = 0u64;
    for (i, x) in b.iter().enumerate() {
        v |= (*x as u64) << (8 * i);
    }
    format!("{v:#x}")
}

/// Compares output `i` of `run` with `want` by the mode its spec names
/// (`exact` or `multiset`; other modes are checked by the kernel's own code).
fn compare(spec: &Spec, run: &Run, i: usize, want: &[u8]) -> Result<(), String> {
    let (mode, size) = compare_mode(spec, i);
    let got = run.out(i);
    let ok = match mode {
        "exact" => got == want,
        "multiset" => {
            let mut g: Vec<&[u8]> = got.chunks(size).collect();
            let mut w: Vec<&[u8]> = want.chunks(size).collect();
            g.sort();
            w.sort();
            got.len() == want.len() && g == w
        }
        m => {
            return Err(format!(
                "argument {i}: compare mode {m:?} needs a kernel check"
            ))
        }
    };
    if ok {
        Ok(())
    } else {
        Err(format!("output {i} ({mode}): {}", diff(got, want, size)))
    }
}

/// Compares every output whose mode is `exact` or `multiset` with `want(i)`.
fn compare_plain(spec: &Spec, run: &Run, want: impl Fn(usize) -> Vec<u8>) -> Result<(), String> {
    let mut errs = Vec::new();
    for &i in run.outputs.keys() {
        let (mode, _) = compare_mode(spec, i);
        if mode == "exact" || mode == "multiset" {
            if let Err(e) = compare(spec, run, i, &want(i)) {
                errs.push(e);
            }
        }
    }
    if errs.is_empty() {
        Ok(())
    } else {
        Err(errs.join("; "))
    }
}

/// The committed POCL output of argument `i`.
fn pocl_expected(name: &str, i: usize) -> Vec<u8> {
    let p = corpus_dir().join(format!("expected/{name}.{i}.bin"));
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// An OpenCL kernel runs twice, each under every engine (the JIT in lane and in wave mode, the interpreter): as the sm_75 cubin
/// and as the gfx942 code object compiled from the same source
/// (`tests/gfx942/out/NAME.co`, built by `tests/gfx942/build.sh`); both must
/// give POCL's outputs (and pass `extra`).
fn check_pocl(name: &str, extra: impl Fn(&Spec, &Run) -> Result<(), String>) {
    let check = |spec: &Spec, run: &Run| {
        compare_plain(spec, run, |i| pocl_expected(name, i))?;
        extra(spec, run)
    };
    let sm75 = load_spec(name);
    let mut gfx942 = sm75.clone();
    gfx942.cubin = corpus_dir().join(format!("../gfx942/out/{name}.co"));
    gfx942.name = format!("{name}-gfx942");
    let mut errors = Vec::new();
    for (isa, spec) in [("sm75", &sm75), ("gfx942", &gfx942)] {
        for engine in ["jit-lane", "jit-wave", "interp"] {
            if let Err(e) = run(spec, engine).and_then(|r| check(spec, &r)) {
                errors.push(format!("[{isa} {engine}] {e}"));
            }
        }
    }
    assert!(errors.is_empty(), "{name}:\n{}", errors.join("\n"));
}

/// Checks that per-thread results `observed` are those of some serial order of
/// the threads: from `init`, `step(state, t)` gives what thread `t` observes and
/// the state after it; every thread runs once. `finish` checks the final state
/// against the memory after the run. Depth-first search over the threads whose
/// observation matches, remembering dead ends by the set of threads done.
fn serializable<S: Clone + Eq + Hash>(
    observed: &[u64],
    init: S,
    step: impl Fn(&S, usize) -> (u64, S),
    finish: impl Fn(&S) -> Result<(), String>,
) -> Result<(), String> {
    let n = observed.len();
    let mut dead: HashSet<(Vec<u64>, S)> = HashSet::new();
    let mut budget = 200_000u32;
    // Stack frames: (state, done set, next candidate to try).
    let mut stack: Vec<(S, Vec<u64>, usize)> = vec![(init, vec![0; n.div_ceil(64)], 0)];
    let mut last_err = String::from("no thread can go first");
    let mut deepest = 0;
    while let Some((state, done, from)) = stack.last().cloned() {
        budget = budget
            .checked_sub(1)
            .ok_or("serializability search: budget exhausted")?;
        let depth = stack.len() - 1;
        deepest = deepest.max(depth);
        if depth == n {
            match finish(&state) {
                Ok(()) => return Ok(()),
                Err(e) => {
                    last_err = e;
                    stack.pop();
                    continue;
                }
            }
        }
        let next = (from..n)
            .find(|&t| done[t / 64] & (1 << (t % 64)) == 0 && step(&state, t).0 == observed[t]);
        match next {
            Some(t) => {
                stack.last_mut().unwrap().2 = t + 1;
                let (_, s2) = step(&state, t);
                let mut d2 = done.clone();
                d2[t / 64] |= 1 << (t % 64);
                if !dead.contains(&(d2.clone(), s2.clone())) {
                    stack.push((s2, d2, 0));
                }
            }
            None => {
                dead.insert((done, state));
                stack.pop();
            }
        }
    }
    Err(format!(
        "no serial order of the {n} threads explains the results (at most {deepest} \
         threads could be ordered; last final-state mismatch: {last_err})"
    ))
}

/// Checks that `got` equals `want` or says how it differs.
fn same<T: PartialEq + std::fmt::Debug>(what: &str, got: T, want: T) -> Result<(), String> {
    if got == want {
        Ok(())
    } else {
        Err(format!("{what}: got {got:?}, want {want:?}"))
    }
}

// ---------------------------------------------------------------------------
// OpenCL kernels: POCL outputs
// ---------------------------------------------------------------------------

macro_rules! pocl_kernels {
    ($($name:ident),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                check_pocl(stringify!($name), |_, _| Ok(()));
            }
        )*
    };
}

pocl_kernels!(
    aes,
    bfs,
    bitonic,
    cas_fadd,
    compact,
    const_tables,
    fclamp,
    fconv,
    grid2d,
    grid3d,
    hash64,
    hist_global,
    hist_shared,
    hotspot,
    intops,
    kmeans,
    localarr,
    mathops,
    minmax,
    nw,
    packed,
    radix,
    reduce_sum,
    spinlock,
    spmv_vector,
    stencil3d,
    uiadd3x_imm,
    workq,
);

// ---------------------------------------------------------------------------
// gfx942-only kernels (tests/gfx942): committed oracle outputs
// ---------------------------------------------------------------------------

fn gfx942_dir() -> PathBuf {
    corpus_dir().join("../gfx942")
}

/// A kernel of the gfx942 corpus that has no sm75 counterpart, through `xisa
/// run` on every engine, against its committed oracle
/// (`tests/gfx942/expected/NAME.I.bin`: POCL for portable OpenCL,
/// `tests/gfx942/reference.py` for AMD builtins and hand-written assembly).
fn check_gfx942(name: &str) {
    check_committed(&gfx942_dir(), name);
}

/// A kernel of the corpus in `dir` (launch spec `kernels/NAME.launch.json`)
/// on every engine against its committed outputs (`expected/NAME.I.bin`).
fn check_committed(dir: &Path, name: &str) {
    let spec = load_spec_in(&dir.join("kernels"), name);
    let want = |i: usize| {
        let p = dir.join(format!("expected/{name}.{i}.bin"));
        std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
    };
    let mut errors = Vec::new();
    for engine in ["jit-lane", "jit-wave", "interp"] {
        if let Err(e) = run(&spec, engine).and_then(|r| compare_plain(&spec, &r, want)) {
            errors.push(format!("[{engine}] {e}"));
        }
    }
    assert!(errors.is_empty(), "{name}:\n{}", errors.join("\n"));
}

macro_rules! gfx942_kernels {
    ($($test:ident => $name:literal),* $(,)?) => {
        $(
            #[test]
            fn $test() {
                check_gfx942($name);
            }
        )*
    };
}

gfx942_kernels!(
    gfx942_amdgcn_atomics => "amdgcn_atomics",
    gfx942_asm_buffer => "asm_buffer",
    gfx942_asm_ds => "asm_ds",
    gfx942_asm_global_fp => "asm_global_fp",
    gfx942_atomics64 => "atomics64",
    gfx942_float_atomics => "float_atomics",
    gfx942_iota64 => "iota64",
    gfx942_local_atomics => "local_atomics",
    gfx942_saxpy => "saxpy",
    gfx942_scoped_atomics => "scoped_atomics",
    gfx942_wave_ops => "wave_ops",
);

/// Every gfx942 launch spec is run here: the gfx942-only ones above, the
/// others (whose source is an sm75 OpenCL kernel) by `check_pocl`.
#[test]
fn every_gfx942_kernel_has_a_test() {
    const ONLY_GFX942: [&str; 11] = [
        "amdgcn_atomics",
        "asm_buffer",
        "asm_ds",
        "asm_global_fp",
        "atomics64",
        "float_atomics",
        "iota64",
        "local_atomics",
        "saxpy",
        "scoped_atomics",
        "wave_ops",
    ];
    let mut n = 0;
    for e in std::fs::read_dir(gfx942_dir().join("kernels")).unwrap() {
        let f = e.unwrap().file_name().to_string_lossy().into_owned();
        let Some(name) = f.strip_suffix(".launch.json") else {
            continue;
        };
        n += 1;
        let shared = corpus_dir().join(format!("kernels/{name}.cl")).exists();
        assert!(
            shared || ONLY_GFX942.contains(&name),
            "{name}: a gfx942 launch spec without a test"
        );
    }
    assert!(n >= 20, "{n} gfx942 launch specs");
}

// ---------------------------------------------------------------------------
// HIP kernels (tests/hip): compiled by clang-19 for gfx942, reference.py
// ---------------------------------------------------------------------------

fn hip_dir() -> PathBuf {
    corpus_dir().join("../hip")
}

/// The HIP corpus, by launch spec name (`tests/hip/kernels/NAME.launch.json`).
macro_rules! hip_kernels {
    ($($test:ident => $name:literal),* $(,)?) => {
        $(
            #[test]
            fn $test() {
                check_committed(&hip_dir(), $name);
            }
        )*
        /// Every HIP launch spec has its test above.
        #[test]
        fn every_hip_kernel_has_a_test() {
            let listed = [$($name),*];
            let mut found = Vec::new();
            for e in std::fs::read_dir(hip_dir().join("kernels")).unwrap() {
                let f = e.unwrap().file_name().to_string_lossy().into_owned();
                if let Some(name) = f.strip_suffix(".launch.json") {
                    found.push(name.to_string());
                }
            }
            found.sort();
            let mut listed: Vec<String> = listed.iter().map(|s| s.to_string()).collect();
            listed.sort();
            assert_eq!(found, listed, "HIP launch specs and their tests");
        }
    };
}

hip_kernels!(
    hip_mfma_f16_32x32x8 => "mfma_f16_32x32x8",
    hip_mfma_bf16_16x16x16 => "mfma_bf16_16x16x16",
    hip_mfma_f32_16x16x4 => "mfma_f32_16x16x4",
    hip_mfma_i8_16x16x32 => "mfma_i8_16x16x32",
    hip_mfma_f64_16x16x4 => "mfma_f64_16x16x4",
    hip_mfma_fp8_bf8_32x32x16 => "mfma_fp8_bf8_32x32x16",
    hip_vector_add_f32 => "vector_add_f32",
    hip_vector_add_i32 => "vector_add_i32",
    hip_block_reduce_sum => "block_reduce_sum",
    hip_wave_reduce_down => "wave_reduce_down",
    hip_wave_allreduce_xor => "wave_allreduce_xor",
    hip_scan_hillis_steele => "scan_hillis_steele",
    hip_scan_blelloch => "scan_blelloch",
    hip_block_scan_shfl_up => "block_scan_shfl_up",
    hip_wave_scan_dpp => "wave_scan_dpp",
    hip_histogram256 => "histogram256",
    hip_transpose_tiled => "transpose_tiled",
    hip_sgemm_tiled => "sgemm_tiled",
    hip_stencil3 => "stencil3",
    hip_wave_vote => "wave_vote",
    hip_block_vote => "block_vote",
    hip_atomics_mix => "atomics_mix",
    hip_dyn_shared_reverse => "dyn_shared_reverse",
    hip_poly_eval => "poly_eval",
    hip_last_block_sum => "last_block_sum",
    hip_compact_atomic => "compact_atomic",
    hip_compact_wave_aggregated => "compact_wave_aggregated",
    hip_functor_gemv => "functor_gemv",
    hip_functor_soa_manhattan => "functor_soa_manhattan",
    hip_functor_soa_cross2 => "functor_soa_cross2",
    hip_bitonic_sort256 => "bitonic_sort256",
    hip_box_blur3x3 => "box_blur3x3",
    hip_mfma_lds_gemm_64x64 => "mfma_lds_gemm_64x64",
    hip_mfma_4x4x4_batched => "mfma_4x4x4_batched",
    hip_mfma_4x4x4_bcast => "mfma_4x4x4_bcast",
    hip_mfma_f64_4x4x4 => "mfma_f64_4x4x4",
    hip_mfma_32x32x1_bcast => "mfma_32x32x1_bcast",
    hip_mfma_32x32x1_blgp => "mfma_32x32x1_blgp",
    hip_smfmac_f16_16x16x32 => "smfmac_f16_16x16x32",
    hip_smfmac_f16_abid => "smfmac_f16_abid",
    hip_half2_arith => "half2_arith",
    hip_int64_divmod => "int64_divmod",
    hip_exact_float_math => "exact_float_math",
    hip_int_bit_ops => "int_bit_ops",
    hip_private_sort16 => "private_sort16",
    hip_vector_types => "vector_types",
    hip_coop_tile_reduce => "coop_tile_reduce",
    hip_atomic_double_lock => "atomic_double_lock",
    hip_noinline_chain => "noinline_chain",
    hip_recursive_fib => "recursive_fib",
    hip_fptr_dispatch => "fptr_dispatch",
    hip_template_dot_f32_8 => "template_dot_f32_8",
    hip_template_dot_i32_5 => "template_dot_i32_5",
    hip_flush_denormals => "flush_denormals",
    hip_cross_lane => "cross_lane",
    hip_dpp_rows => "dpp_rows",
    hip_scoped_atomics => "scoped_atomics",
);

/// The gfx942 POCL oracle: rerunning `tests/gfx942/pocl-ref.sh` reproduces
/// the committed outputs of its portable OpenCL kernels (skipped with a note
/// when POCL is missing, like `pocl_matches_committed`).
#[test]
fn gfx942_pocl_matches_committed() {
    let Some(dir) = pocl_ref(&gfx942_dir(), "gfx942") else {
        return;
    };
    let mut n = 0;
    for e in std::fs::read_dir(&dir).unwrap() {
        let e = e.unwrap();
        let name = e.file_name().to_string_lossy().into_owned();
        let committed = gfx942_dir().join("expected").join(&name);
        let fresh = std::fs::read(e.path()).unwrap();
        let want = std::fs::read(&committed)
            .unwrap_or_else(|err| panic!("{}: {err}", committed.display()));
        assert!(fresh == want, "{name}: POCL now gives different bytes");
        n += 1;
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(n >= 6, "only {n} POCL outputs");
}

/// Runs `corpus/pocl-ref.sh` into a fresh directory and returns it; `None`,
/// with a note, when the script reports a missing prerequisite (exit 77).
fn pocl_ref(corpus: &Path, what: &str) -> Option<PathBuf> {
    let dir = std::env::temp_dir().join(format!("xisa-pocl-ref-{what}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = Command::new("bash")
        .arg(corpus.join("pocl-ref.sh"))
        .arg(&dir)
        .output()
        .expect("run pocl-ref.sh");
    let stderr = String::from_utf8_lossy(&out.stderr);
    if out.status.code() == Some(77) {
        eprintln!("skipping the {what} POCL oracle: {}", stderr.trim());
        return None;
    }
    assert!(out.status.success(), "{what} pocl-ref.sh failed:\n{stderr}");
    Some(dir)
}

/// `bitops`: `acc` against POCL; `old[i] = and ^ or ^ xor` returned to thread
/// i, serializable (one host worker: the three atomics of a thread are then
/// never interleaved with another workgroup's).
#[test]
fn bitops() {
    check_pocl("bitops", |_, run| {
        let input = u32s(run.input(0));
        let old: Vec<u64> = u32s(run.out(2)).into_iter().map(u64::from).collect();
        let acc = u32s(run.out(1));
        serializable(
            &old,
            (0xffff_ffffu32, 0u32, 0u32),
            |&(a, o, x), t| {
                let v = input[t];
                let bit = 1u32 << (v & 31);
                ((a ^ o ^ x) as u64, (a & !bit, o | bit, x ^ v))
            },
            |&(a, o, x)| same("acc", acc.clone(), vec![a, o, x]),
        )
    });
}

/// `xchg`: each thread swaps its index into the slot; the previous values chain
/// from the initial -1 through every thread to the final slot value.
#[test]
fn xchg() {
    check_pocl("xchg", |_, run| {
        let prev: Vec<u64> = u32s(run.out(1)).into_iter().map(u64::from).collect();
        let slot = u32s(run.out(0))[0];
        serializable(
            &prev,
            u32::MAX,
            |&s, t| (s as u64, t as u32),
            |&s| same("slot", slot, s),
        )
    });
}

/// The oracle itself: rerunning `pocl-ref.sh` reproduces the committed files
/// (order-dependent outputs by their compare mode). Skipped, with a note, when
/// pocl-ref.sh reports a missing prerequisite (exit 77: no cc, python3, OpenCL
/// loader or POCL; CI installs them).
#[test]
fn pocl_matches_committed() {
    let Some(dir) = pocl_ref(&corpus_dir(), "sm75") else {
        return;
    };
    let mut fresh: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    let mut committed: Vec<String> = std::fs::read_dir(corpus_dir().join("expected"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    fresh.sort();
    committed.sort();
    assert_eq!(
        fresh, committed,
        "pocl-ref.sh writes other files than committed"
    );
    let mut errs = Vec::new();
    for f in &fresh {
        let (name, rest) = f.split_once('.').unwrap();
        let i: usize = rest.trim_end_matches(".bin").parse().unwrap();
        let spec = load_spec(name);
        let got = std::fs::read(dir.join(f)).unwrap();
        let want = pocl_expected(name, i);
        let (mode, size) = compare_mode(&spec, i);
        let ok = match mode {
            "multiset" => {
                let mut g: Vec<&[u8]> = got.chunks(size).collect();
                let mut w: Vec<&[u8]> = want.chunks(size).collect();
                g.sort();
                w.sort();
                g == w
            }
            // Order-dependent: the fresh run may pick another order; its length
            // must still match (the kernels' tests check the values).
            "serializable" => got.len() == want.len(),
            _ => got == want,
        };
        if !ok {
            errs.push(format!("{f} ({mode}): {}", diff(&got, &want, size)));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        errs.is_empty(),
        "POCL disagrees with tests/sm75/expected:\n{}",
        errs.join("\n")
    );
}

// ---------------------------------------------------------------------------
// PTX kernels: Rust references
// ---------------------------------------------------------------------------

/// `atom64`: thread t applies v = t<<33 | t to eight u64 accumulators (add,
/// min.s64, max.u64, and, or, xor, exch, cas(compare t)) and stores the sum of
/// the eight old values.
#[test]
fn atom64() {
    check_kernel("atom64", |_, run| {
        let old = u64s(run.out(1));
        let acc = u64s(run.out(0));
        serializable(
            &old,
            [0u64; 8],
            |s, t| {
                let v = (t as u64) << 33 | t as u64;
                let ret = s.iter().fold(0u64, |a, x| a.wrapping_add(*x));
                let n = [
                    s[0].wrapping_add(v),
                    (s[1] as i64).min(v as i64) as u64,
                    s[2].max(v),
                    s[3] & v,
                    s[4] | v,
                    s[5] ^ v,
                    v,
                    if s[7] == t as u64 { v } else { s[7] },
                ];
                (ret, n)
            },
            |s| same("acc", acc.clone(), s.to_vec()),
        )
    });
}

/// `atom_f32`: sum[0] by atom.add.f32 (old value stored per thread), sum[1] by
/// red.add.f32; the inputs (0.5) make every partial sum exact.
#[test]
fn atom_f32() {
    check_kernel("atom_f32", |_, run| {
        let input = f32s(run.input(2));
        let old: Vec<u64> = u32s(run.out(1)).into_iter().map(u64::from).collect();
        let sum = u32s(run.out(0));
        serializable(
            &old,
            (0f32.to_bits(), 0f32.to_bits()),
            |&(a, b), t| {
                let x = input[t];
                (
                    a as u64,
                    (
                        (f32::from_bits(a) + x).to_bits(),
                        (f32::from_bits(b) + x).to_bits(),
                    ),
                )
            },
            |&(a, b)| same("sum", sum.clone(), vec![a, b]),
        )
    });
}

/// `atom_f64`: three f64 accumulators (atom.global, red.global, generic atom);
/// each thread stores the sum of its two returned old values.
#[test]
fn atom_f64() {
    check_kernel("atom_f64", |_, run| {
        let input = f64s(run.input(2));
        let old = u64s(run.out(1));
        let sum = u64s(run.out(0));
        serializable(
            &old,
            [0f64.to_bits(); 3],
            |s, t| {
                let x = input[t];
                let f = |b: u64| f64::from_bits(b);
                (
                    (f(s[0]) + f(s[2])).to_bits(),
                    [
                        (f(s[0]) + x).to_bits(),
                        (f(s[1]) + x).to_bits(),
                        (f(s[2]) + x).to_bits(),
                    ],
                )
            },
            |s| same("sum", sum.clone(), s.to_vec()),
        )
    });
}

/// `call_func`: out[t] = fib(t & 15) through a recursive device function.
#[test]
fn call_func() {
    fn fib(n: u32) -> u32 {
        if n < 2 {
            n
        } else {
            fib(n - 1) + fib(n - 2)
        }
    }
    check_kernel("call_func", |spec, run| {
        let want: Vec<u32> = (0..spec.block[0]).map(|t| fib(t & 15)).collect();
        compare(spec, run, 0, &to_bytes32(&want))
    });
}

/// `fp_misc`: f3 = fma(in, k, 0.5); f5 = f3 > 0 ? rsqrt.approx(f3) : f3; in
/// f64: d = 2*f5 + f5; f6 = (f32)d; out = bits(f6 + (f32)tid) + (s32)trunc(f6).
/// rsqrt.approx.f32 is approximate (PTX ISA: max relative error 2^-22.9), so
/// the reference accepts rsqrt values within 2 ulp of the correctly rounded
/// 1/sqrt (`"compare": "approx"`).
#[test]
fn fp_misc() {
    fn reference(x: f32, k: f32, tid: u32, rsqrt: impl Fn(f32) -> f32) -> u32 {
        let f3 = x.mul_add(k, 0.5);
        let f5 = if f3 > 0.0 { rsqrt(f3) } else { f3 };
        let d1 = f5 as f64;
        let d3 = d1 * 2.0 + d1;
        let f6 = d3 as f32;
        // cvt.rzi.s32.f32 saturates (NaN gives 0), as Rust's `as` does.
        let r2 = f6 as i32;
        let f8 = f6 + tid as f32;
        f8.to_bits().wrapping_add(r2 as u32)
    }
    check_kernel("fp_misc", |spec, run| {
        let input = f32s(run.input(0));
        let Arg::Scalar { value, .. } = &spec.args[2] else {
            panic!("k")
        };
        let k = value.as_f64().unwrap() as f32;
        let got = u32s(run.out(1));
        let mut bad = Vec::new();
        for (t, (&x, &g)) in input.iter().zip(&got).enumerate() {
            let exact = (1.0 / (x.mul_add(k, 0.5) as f64).sqrt()) as f32;
            let ok = (-2i32..=2).any(|d| {
                let r = f32::from_bits((exact.to_bits() as i32 + d) as u32);
                reference(x, k, t as u32, |_| r) == g
            });
            if !ok {
                bad.push(format!(
                    "[{t}] {g:#x}, want {:#x} (+-2 ulp rsqrt)",
                    reference(x, k, t as u32, |_| exact)
                ));
            }
        }
        if bad.is_empty() {
            Ok(())
        } else {
            Err(format!(
                "out: {} wrong: {}",
                bad.len(),
                bad[..bad.len().min(6)].join(", ")
            ))
        }
    });
}

/// `generic_atom`: through generic addresses: add tid, cas(compare tid, new 3),
/// exch tid, max.s32 tid; out[t] = sum of the four old values.
#[test]
fn generic_atom() {
    check_kernel("generic_atom", |_, run| {
        let out: Vec<u64> = u32s(run.out(1)).into_iter().map(u64::from).collect();
        let ptr = u32s(run.out(0));
        serializable(
            &out,
            [0u32; 4],
            |s, t| {
                let t32 = t as u32;
                let ret = s.iter().fold(0u32, |a, x| a.wrapping_add(*x));
                let n = [
                    s[0].wrapping_add(t32),
                    if s[1] == t32 { 3 } else { s[1] },
                    t32,
                    (s[3] as i32).max(t32 as i32) as u32,
                ];
                (ret as u64, n)
            },
            |s| same("ptr", ptr.clone(), s.to_vec()),
        )
    });
}

/// PTX `atom.inc`: old >= limit wraps to 0, else old + 1.
fn inc_wrap(old: u32, lim: u32) -> u32 {
    if old >= lim {
        0
    } else {
        old + 1
    }
}

/// `incdec`: atom.inc with limit `lim`, atom.dec with 5 (old == 0 or old > 5
/// gives 5, else old - 1), red.inc with `lim`; old[t] = inc old + dec old.
#[test]
fn incdec() {
    check_kernel("incdec", |spec, run| {
        let Arg::Scalar { value, .. } = &spec.args[2] else {
            panic!("lim")
        };
        let lim = value.as_u64().unwrap() as u32;
        let old: Vec<u64> = u32s(run.out(1)).into_iter().map(u64::from).collect();
        let ctr = u32s(run.out(0));
        serializable(
            &old,
            [0u32; 3],
            |s, _| {
                let dec = if s[1] == 0 || s[1] > 5 { 5 } else { s[1] - 1 };
                (
                    s[0].wrapping_add(s[1]) as u64,
                    [inc_wrap(s[0], lim), dec, inc_wrap(s[2], lim)],
                )
            },
            |s| same("ctr", ctr.clone(), s.to_vec()),
        )
    });
}

/// `red_ops`: reductions without return; the final values do not depend on
/// the order.
#[test]
fn red_ops() {
    check_kernel("red_ops", |spec, run| {
        let input = u32s(run.input(1));
        let mut acc = u32s(run.input(0));
        for (t, &v) in input.iter().enumerate() {
            acc[0] = acc[0].wrapping_add(v);
            acc[1] = (acc[1] as i32).min(v as i32) as u32;
            acc[2] = acc[2].max(v);
            acc[3] &= v;
            acc[4] ^= v;
            acc[5] = acc[5].min(v);
            acc[6] = (acc[6] as i32).max(v as i32) as u32;
            let s = (acc[8] as u64 | (acc[9] as u64) << 32).wrapping_add(4 * t as u64);
            acc[8] = s as u32;
            acc[9] = (s >> 32) as u32;
        }
        compare(spec, run, 0, &to_bytes32(&acc))
    });
}

/// `scopes`: every thread does flag[0] += 1, flag[1] += tid, exch flag[2] tid,
/// cas flag[3] (compare tid, new 7), reads flag[4..7] (never written: 0), and
/// stores the sum r of what it saw to data[0] and data[1]; data[2] += 1,
/// data[3] |= tid. `"compare": "invariant"`: data[0..2] come from the last
/// thread L to store, which under a serial order saw flag[0] = n-1, flag[1] =
/// sum of the other tids, flag[2] = the tid P of the thread before it, flag[3]
/// = 7; the final flag[2] is L.
#[test]
fn scopes() {
    check_kernel("scopes", |spec, run| {
        let n = spec.block[0];
        let flag = u32s(run.out(0));
        let data = u32s(run.out(1));
        let last = flag[2];
        let total: u32 = (0..n).sum();
        same("flag", flag.clone(), vec![n, total, last, 7, 0, 0, 0])?;
        same("data[2..4]", &data[2..4], &[n, n - 1][..])?;
        same("data[0] == data[1]", data[0], data[1])?;
        let explained = (0..n).filter(|&p| p != last).any(|p| {
            data[0]
                == (n - 1)
                    .wrapping_add(total - last)
                    .wrapping_add(p)
                    .wrapping_add(7)
        });
        if last < n && explained {
            Ok(())
        } else {
            Err(format!(
                "data[0] = {} is not what the last thread ({last}) can have seen",
                data[0]
            ))
        }
    });
}

/// `shared_atoms`: thread 0 initialises six shared words (0, 1000, 0, 0, 0, 0);
/// after a barrier every thread does add tid, min.u32 tid, max.s32 tid, exch
/// tid, cas(compare tid, new 1), inc(limit 15) and stores the sum of the old
/// values.
#[test]
fn shared_atoms() {
    check_kernel("shared_atoms", |_, run| {
        let out: Vec<u64> = u32s(run.out(0)).into_iter().map(u64::from).collect();
        serializable(
            &out,
            [0u32, 1000, 0, 0, 0, 0],
            |s, t| {
                let t32 = t as u32;
                let ret = s.iter().fold(0u32, |a, x| a.wrapping_add(*x));
                let n = [
                    s[0].wrapping_add(t32),
                    s[1].min(t32),
                    (s[2] as i32).max(t32 as i32) as u32,
                    t32,
                    if s[4] == t32 { 1 } else { s[4] },
                    inc_wrap(s[5], 15),
                ];
                (ret as u64, n)
            },
            // Shared memory is gone after the launch: nothing more to check.
            |_| Ok(()),
        )
    });
}

/// `surface`: thread (x, y) works on the u32 at byte 4x of row y: sured.add x
/// (trap), sured.min x (clamp), suld, sust the loaded value + 1; out[32y + x]
/// = the loaded value.
#[test]
fn surface() {
    check_kernel("surface", |spec, run| {
        let Arg::Surface { width_bytes, .. } = &spec.args[0] else {
            panic!("surface")
        };
        let row = (*width_bytes / 4) as usize;
        let mut surf = u32s(run.input(0));
        let mut out = u32s(run.input(1));
        for y in 0..spec.block[1] as usize {
            for x in 0..spec.block[0] as usize {
                let e = &mut surf[y * row + x];
                *e = e.wrapping_add(x as u32);
                *e = (*e).min(x as u32);
                let loaded = *e;
                *e = loaded.wrapping_add(1);
                out[y * 32 + x] = loaded;
            }
        }
        compare(spec, run, 0, &to_bytes32(&surf))?;
        compare(spec, run, 1, &to_bytes32(&out))
    });
}

/// `surface_reg`: as `surface`, with the handle chosen per lane (odd x: b, even
/// x: a), so ptxas passes it in a register: sured.add x (trap), a sured one row
/// past the end (ignored), barrier, suld, sust loaded ^ 0x5a5a; out[8y + x] =
/// the loaded value.
#[test]
fn surface_reg() {
    check_kernel("surface_reg", |spec, run| {
        let mut surf = [u32s(run.input(0)), u32s(run.input(1))];
        let mut out = u32s(run.input(2));
        let (w, h) = (spec.block[0] as usize, spec.block[1] as usize);
        for y in 0..h {
            for x in 0..w {
                let e = &mut surf[x & 1][y * 8 + x];
                *e = e.wrapping_add(x as u32);
            }
        }
        for y in 0..h {
            for x in 0..w {
                let e = &mut surf[x & 1][y * 8 + x];
                out[y * 8 + x] = *e;
                *e ^= 0x5a5a;
            }
        }
        compare(spec, run, 0, &to_bytes32(&surf[0]))?;
        compare(spec, run, 1, &to_bytes32(&surf[1]))?;
        compare(spec, run, 2, &to_bytes32(&out))
    });
}

/// `warp_shfl` for one warp of inputs (PTX ISA shfl.sync semantics: an
/// out-of-range source lane yields the lane's own value).
fn warp_shfl_ref(v: &[u32]) -> Vec<u32> {
    let add = |v: &[u32], src: &dyn Fn(usize) -> Option<usize>| -> Vec<u32> {
        (0..32)
            .map(|l| v[l].wrapping_add(v[src(l).unwrap_or(l)]))
            .collect()
    };
    let v = add(v, &|l| Some(l ^ 16));
    let v = add(&v, &|l| Some(l ^ 8));
    let v = add(&v, &|l| (l + 4 <= 31).then_some(l + 4));
    // down 2 with the predicate output: lanes whose source is out of range skip
    // the add.
    let v: Vec<u32> = (0..32)
        .map(|l| {
            if l + 2 <= 31 {
                v[l].wrapping_add(v[l + 2])
            } else {
                v[l]
            }
        })
        .collect();
    // up 1 with c = 0: lane 0 is out of range and reads its own value.
    let v = add(&v, &|l| l.checked_sub(1));
    (0..32).map(|l| v[l & 7].wrapping_add(v[0])).collect()
}

#[test]
fn warp_shfl() {
    check_kernel("warp_shfl", |spec, run| {
        let input = u32s(run.input(0));
        let want: Vec<u32> = input.chunks(32).flat_map(warp_shfl_ref).collect();
        compare(spec, run, 1, &to_bytes32(&want))
    });
}

/// `warp_vote`: per warp, p = in > 0; out = (all?1:0 + any?2:0 +
/// popc(ballot & lanemask_lt)) ^ activemask (all 32 lanes active).
#[test]
fn warp_vote() {
    check_kernel("warp_vote", |spec, run| {
        let input = u32s(run.input(0));
        let mut want = Vec::new();
        for w in input.chunks(32) {
            let ballot = w
                .iter()
                .enumerate()
                .fold(0u32, |b, (l, &v)| b | ((v as i32 > 0) as u32) << l);
            let all = (ballot == u32::MAX) as u32;
            let any = (ballot != 0) as u32 * 2;
            for l in 0..32 {
                let lt = (1u32 << l) - 1;
                want.push((all + any + (ballot & lt).count_ones()) ^ u32::MAX);
            }
        }
        compare(spec, run, 1, &to_bytes32(&want))
    });
}

/// Every kernel of the corpus has a test above (the list is checked against the
/// launch specs, so a new kernel cannot go untested).
#[test]
fn every_kernel_has_a_test() {
    const TESTED: &[&str] = &[
        "aes",
        "atom64",
        "atom_f32",
        "atom_f64",
        "bfs",
        "bitonic",
        "bitops",
        "call_func",
        "cas_fadd",
        "compact",
        "const_tables",
        "fclamp",
        "fconv",
        "fp_misc",
        "generic_atom",
        "grid2d",
        "grid3d",
        "hash64",
        "hist_global",
        "hist_shared",
        "hotspot",
        "incdec",
        "intops",
        "kmeans",
        "localarr",
        "mathops",
        "minmax",
        "nw",
        "packed",
        "radix",
        "red_ops",
        "reduce_sum",
        "scopes",
        "shared_atoms",
        "spinlock",
        "spmv_vector",
        "stencil3d",
        "surface",
        "surface_reg",
        "uiadd3x_imm",
        "warp_shfl",
        "warp_vote",
        "workq",
        "xchg",
    ];
    let mut specs: Vec<String> = std::fs::read_dir(corpus_dir().join("kernels"))
        .unwrap()
        .filter_map(|e| {
            let n = e.unwrap().file_name().to_string_lossy().into_owned();
            n.strip_suffix(".launch.json").map(str::to_string)
        })
        .collect();
    specs.sort();
    assert_eq!(specs, TESTED);
    // Every output's compare mode is one this file knows.
    for name in TESTED {
        let spec = load_spec(name);
        for (i, a) in spec.args.iter().enumerate() {
            if let Arg::Buffer { compare, .. } | Arg::Surface { compare, .. } = a {
                assert!(
                    ["exact", "multiset", "serializable", "approx", "invariant"]
                        .contains(&compare.as_str()),
                    "{name}: arg {i}: compare {compare:?}"
                );
            }
        }
        assert!(spec.cubin.exists(), "{name}: {}", spec.cubin.display());
        // An OpenCL kernel has a committed POCL output for every output.
        for (i, a) in spec.args.iter().enumerate() {
            if let Arg::Buffer { output: true, .. } = a {
                let p = corpus_dir().join(format!("expected/{name}.{i}.bin"));
                assert_eq!(p.exists(), spec.opencl, "{}", p.display());
            }
        }
    }
}

/// The fills follow tests/sm75/README.md: splitmix64's published first outputs
/// for seed 0, wrapping of `const` values, the half-open `range`; and the POCL
/// side's generator (`tests/sm75/pocl/launch.py`, when python3 is installed)
/// writes the same input bytes for every buffer of every launch spec.
#[test]
fn fills_follow_the_definition() {
    let mut g = SplitMix64(0);
    assert_eq!(
        [g.next_u64(), g.next_u64(), g.next_u64()],
        [
            0xE220_A839_7B1D_CDAF,
            0x6E78_9E6A_A1B9_65F4,
            0x06C4_5D18_8009_454F
        ]
    );
    assert_eq!(
        fill("i32", 3, "const(0xffffffff, -2)"),
        to_bytes32(&[u32::MAX, (-2i32) as u32, (-2i32) as u32])
    );
    assert_eq!(
        fill("f64", 2, "iota"),
        [0f64.to_le_bytes(), 1f64.to_le_bytes()].concat()
    );
    let r = fill("i32", 1000, "random(seed=3, range=-2..2)");
    let vals: HashSet<i32> = u32s(&r).into_iter().map(|v| v as i32).collect();
    assert_eq!(vals, HashSet::from([-2, -1, 0, 1]));
    let u8s = fill("u8", 4, "random(seed=0)");
    assert_eq!(u8s, [0xAF, 0xF4, 0x4F, (SplitMix64(0).nth(3) & 0xff) as u8]);

    let dir = std::env::temp_dir().join(format!("xisa-fills-{}", std::process::id()));
    let mut checked = 0;
    for e in std::fs::read_dir(corpus_dir().join("kernels")).unwrap() {
        let p = e.unwrap().path();
        let Some(name) = p
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(|n| n.strip_suffix(".launch.json"))
        else {
            continue;
        };
        let spec = load_spec(name);
        if spec.args.iter().any(|a| matches!(a, Arg::Surface { .. })) {
            continue; // no OpenCL form: launch.py rejects it
        }
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let out = match Command::new("python3")
            .arg(corpus_dir().join("pocl/launch.py"))
            .arg(&p)
            .arg(&dir)
            .output()
        {
            Ok(o) => o,
            Err(e) => {
                eprintln!("skipping the launch.py comparison: python3: {e}");
                return;
            }
        };
        assert!(
            out.status.success(),
            "{name}: launch.py: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        for (i, a) in spec.args.iter().enumerate() {
            if let Arg::Buffer {
                elem,
                count,
                fill: f,
                ..
            } = a
            {
                let py = std::fs::read(dir.join(format!("in.{i}.bin"))).unwrap();
                assert_eq!(py, fill(elem, *count, f), "{name}: argument {i} ({f})");
                checked += 1;
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(checked > 0);
}

/// The serial-order search is not vacuous: it accepts the results of any
/// order and rejects values no order produces or a wrong final state.
#[test]
fn serializable_rejects_impossible_results() {
    // Fetch-and-add of t + 1 by threads 0..4, final sum 10.
    let step = |s: &u32, t: usize| (*s as u64, s + t as u32 + 1);
    let fin = |want: u32| move |s: &u32| same("sum", *s, want);
    // Order 2, 0, 3, 1: thread 2 sees 0, thread 0 sees 3, thread 3 sees 4,
    // thread 1 sees 8.
    assert!(serializable(&[3, 8, 0, 4], 0, step, fin(10)).is_ok());
    assert!(serializable(&[0, 1, 3, 6], 0, step, fin(10)).is_ok());
    // Two threads cannot both see 0; 5 is no prefix sum of any order.
    assert!(serializable(&[0, 0, 3, 6], 0, step, fin(10)).is_err());
    assert!(serializable(&[0, 1, 5, 6], 0, step, fin(10)).is_err());
    // Right values, wrong final memory.
    assert!(serializable(&[0, 1, 3, 6], 0, step, fin(11)).is_err());
}
