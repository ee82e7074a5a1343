//! Differential fuzzing of the engines (issue #10).
//!
//! `xisa_tests::gen` makes random executable kernels (every op family, guards,
//! divergence, counted loops, calls, warp ops and barriers in divergent code,
//! global/shared/local/const/param/buffer memory, atomics, now and then a
//! deliberate fault). Each runs under the interpreter and the JIT, on fresh
//! devices with one worker thread and the same inputs; the engines must agree
//! on the outcome (the error text: kind, location, workgroup, lane, address)
//! and on every byte of both buffers (`%out` holds every lane's final
//! registers and local memory and every workgroup's shared memory).
//!
//! Environment:
//! * `XISA_FUZZ_SECONDS=S`: run for `S` seconds (default: 200 programs or 20 s,
//!   whichever comes first).
//! * `XISA_FUZZ_PROGRAMS=N`: run at most `N` programs.
//! * `XISA_FUZZ_START=N`: first seed (default 0); seeds are consecutive.
//! * `XISA_FUZZ_SEED=N`: run only seed `N` (decimal or `0x` hex) and print its
//!   kernel; with `XISA_FUZZ_REDUCE=1`, also shrink a mismatch to a small kernel.
//! * `XISA_FUZZ_VERBOSE=1`: print each seed before running it (to find the seed
//!   of a crash that kills the process).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use xisa::{ArgSpec, Device, Engine, LaunchOptions, Module};
use xisa_tests::gen::{self, Program, GBUF};

/// Guard bytes after each buffer: an engine writing past one changes them.
const GUARD: usize = 64;
const GUARD_BYTE: u8 = 0xa5;

#[derive(Debug, Clone, PartialEq)]
struct Outcome {
    error: Option<String>,
    out: Vec<u8>,
    gbuf: Vec<u8>,
    /// With statistics on, a successful launch's instruction count and
    /// atomics by op and scope.
    stats: Option<(u64, Vec<[u64; 5]>)>,
}

fn env_u64(name: &str) -> Option<u64> {
    let v = std::env::var(name).ok()?;
    let v = v.trim();
    match v.strip_prefix("0x") {
        Some(h) => u64::from_str_radix(h, 16).ok(),
        None => v.parse().ok(),
    }
}

/// Timings in error text ("timed out after 1.2 s") differ between runs.
fn normalize(e: &str) -> String {
    match e.find("timed out after ") {
        Some(i) => {
            let rest = &e[i + "timed out after ".len()..];
            let end = rest.find(" s").unwrap_or(rest.len());
            format!("{}timed out after N{}", &e[..i], &rest[end..])
        }
        None => e.to_string(),
    }
}

fn panic_text(p: Box<dyn std::any::Any + Send>) -> String {
    p.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_default()
}

fn load(text: &str) -> Module {
    Module::from_bytes(text.as_bytes(), "fuzz.xir", None)
        .unwrap_or_else(|e| panic!("the generator made an invalid kernel: {e}\n{text}"))
}

fn run(p: &Program, module: &Module, engine: Engine, timeout: Duration) -> Outcome {
    let dev = Device::new().expect("device");
    let mut out = vec![0u8; p.out_len];
    out.resize(p.out_len + GUARD, GUARD_BYTE);
    let mut g = p.gbuf.clone();
    g.resize(GBUF + GUARD, GUARD_BYTE);
    let out_addr = dev.upload(&out).expect("upload");
    let g_addr = dev.upload(&g).expect("upload");
    let surf = dev
        .upload(&gen::surface_descriptor(g_addr))
        .expect("upload");
    let args = [
        ArgSpec::Ptr(out_addr),
        ArgSpec::Ptr(g_addr),
        ArgSpec::I32(p.params[0] as u32 as i32),
        ArgSpec::U64(p.params[1]),
        ArgSpec::F32(f32::from_bits(p.params[2] as u32)),
        ArgSpec::F64(f64::from_bits(p.params[3])),
        ArgSpec::Ptr(surf),
    ];
    let opts = LaunchOptions {
        grid: p.launch.grid,
        block: p.launch.block,
        shared: p.launch.dyn_shared,
        engine,
        timeout: Some(timeout),
        threads: 1,
        stats: p.launch.stats,
        stack: None,
    };
    let r = catch_unwind(AssertUnwindSafe(|| {
        dev.launch(module, &p.kernel().name, &opts, &args)
    }));
    let (error, stats) = match r {
        Ok(Ok(rep)) => (
            None,
            p.launch
                .stats
                .then(|| (rep.stats.insts, rep.stats.atomics.clone())),
        ),
        Ok(Err(e)) => (Some(normalize(&e.to_string())), None),
        Err(e) => (Some(format!("PANIC: {}", panic_text(e))), None),
    };
    Outcome {
        error,
        out: dev.read(out_addr, p.out_len + GUARD).expect("read back"),
        gbuf: dev.read(g_addr, GBUF + GUARD).expect("read back"),
        stats,
    }
}

/// Names a byte of `%out`: which lane, register or memory it belongs to.
fn out_location(p: &Program, off: usize) -> String {
    let k = p.kernel();
    let slot = p.slot_bytes();
    let lanes = (p.launch.lanes_per_group() * p.launch.groups()) as usize;
    if off >= p.out_len {
        return format!("guard byte {}", off - p.out_len);
    }
    if off >= lanes * slot {
        let s = off - lanes * slot;
        return format!(
            "shared memory of workgroup {}, byte {}",
            s / gen::SHARED as usize,
            s % gen::SHARED as usize
        );
    }
    let (lane, o) = (off / slot, off % slot);
    let per = p.launch.lanes_per_group() as usize;
    let what = if o < k.regs.len() * 8 {
        let r = &k.regs[o / 8];
        format!("register %{}: {} (byte {})", r.name, r.ty, o % 8)
    } else {
        format!("local byte {}", o - k.regs.len() * 8)
    };
    format!("workgroup {}, thread {}: {what}", lane / per, lane % per)
}

fn first_diff(a: &[u8], b: &[u8]) -> Option<usize> {
    a.iter().zip(b).position(|(x, y)| x != y)
}

/// What differs between the engines, one line each (empty: they agree).
fn compare(p: &Program, interp: &Outcome, jit: &Outcome) -> Vec<String> {
    let mut d = Vec::new();
    if interp.error != jit.error {
        d.push(format!(
            "outcome:\n      interp: {}\n      jit:    {}",
            interp.error.as_deref().unwrap_or("ok"),
            jit.error.as_deref().unwrap_or("ok")
        ));
    }
    if let Some(i) = first_diff(&interp.out, &jit.out) {
        let n = interp
            .out
            .iter()
            .zip(&jit.out)
            .filter(|(x, y)| x != y)
            .count();
        let lo = i & !7;
        let hex = |v: &[u8]| {
            v[lo..(lo + 8).min(v.len())]
                .iter()
                .map(|x| format!("{x:02x}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        d.push(format!(
            "%out: {n} bytes differ, first at {i} ({}): interp {} / jit {}",
            out_location(p, i),
            hex(&interp.out),
            hex(&jit.out)
        ));
    }
    if let (Some(a), Some(b)) = (&interp.stats, &jit.stats) {
        if a.0 != b.0 {
            d.push(format!(
                "instructions executed: interp {} / jit {}",
                a.0, b.0
            ));
        }
        if a.1 != b.1 {
            d.push(format!(
                "atomics by op and scope:\n      interp: {:?}\n      jit:    {:?}",
                a.1, b.1
            ));
        }
    }
    if let Some(i) = first_diff(&interp.gbuf, &jit.gbuf) {
        d.push(format!(
            "%gbuf: first difference at byte {i}: interp {:#04x} / jit {:#04x}",
            interp.gbuf[i], jit.gbuf[i]
        ));
    }
    d
}

/// The compiled engine the interpreter is compared with: `jit`, or the one
/// `XISA_FUZZ_ENGINE` names (`jit-wave`: the experimental wave mode).
fn jit_engine() -> Engine {
    std::env::var("XISA_FUZZ_ENGINE")
        .ok()
        .and_then(|e| e.parse().ok())
        .unwrap_or(Engine::Jit)
}

/// Runs one program on both engines; `Err` describes a mismatch.
fn check(p: &Program, timeout: Duration) -> Result<Option<String>, String> {
    let text = xisa_ir::text::print_module(&p.module);
    let module = load(&text);
    let interp = run(p, &module, Engine::Interp, timeout);
    let jit = run(p, &module, jit_engine(), timeout);
    let d = compare(p, &interp, &jit);
    if d.is_empty() {
        return Ok(interp.error);
    }
    Err(format!(
        "seed {:#x} (rerun: XISA_FUZZ_SEED={:#x}), grid {:?}, block {:?}, dyn shared {}, stats {}, params {:x?}:\n  - {}",
        p.seed,
        p.seed,
        p.launch.grid,
        p.launch.block,
        p.launch.dyn_shared,
        p.launch.stats,
        p.params,
        d.join("\n  - ")
    ))
}

/// The kinds of mismatch (outcome, %out, %gbuf, statistics) a reduction must keep.
fn signature(p: &Program, timeout: Duration) -> Option<[bool; 4]> {
    let text = xisa_ir::text::print_module(&p.module);
    let module = Module::from_bytes(text.as_bytes(), "fuzz.xir", None).ok()?;
    let interp = run(p, &module, Engine::Interp, timeout);
    let jit = run(p, &module, jit_engine(), timeout);
    // A shrunk program that loops for ever stops wherever the watchdog
    // finds each engine: not the mismatch being reduced.
    let timed_out = |o: &Outcome| o.error.as_deref().is_some_and(|e| e.contains("timed out"));
    if timed_out(&interp) || timed_out(&jit) {
        return None;
    }
    let s = [
        interp.error != jit.error,
        interp.out != jit.out,
        interp.gbuf != jit.gbuf,
        interp.stats != jit.stats,
    ];
    s.iter().any(|&x| x).then_some(s)
}

/// Shrinks a mismatching program to one with the same kinds of mismatch.
fn reduce(p: &Program) -> Program {
    let timeout = Duration::from_secs(2);
    let Some(want) = signature(p, timeout) else {
        return p.clone();
    };
    shrink(p, |c| signature(c, timeout) == Some(want))
}

/// Greedy shrinking: turns branches into jumps and drops instructions while
/// `keeps` holds.
fn shrink(p: &Program, keeps: impl Fn(&Program) -> bool) -> Program {
    let mut best = p.clone();
    let mut changed = true;
    while changed {
        changed = false;
        let nb = best.kernel().blocks.len();
        for b in 0..nb {
            // Terminators first: fewer paths make the rest smaller.
            let term = best.kernel().blocks[b].term.clone();
            let alts: Vec<xisa_ir::Term> = match term {
                xisa_ir::Term::BrCond { then_, else_, .. } => {
                    vec![xisa_ir::Term::Br(then_), xisa_ir::Term::Br(else_)]
                }
                xisa_ir::Term::Switch {
                    ref targets,
                    default,
                    ..
                } => std::iter::once(default)
                    .chain(targets.iter().copied())
                    .map(xisa_ir::Term::Br)
                    .collect(),
                xisa_ir::Term::Call { ret, .. } => vec![xisa_ir::Term::Br(ret)],
                _ => vec![],
            };
            for alt in alts {
                let mut c = best.clone();
                c.module.kernels[0].blocks[b].term = alt;
                if keeps(&c) {
                    best = c;
                    changed = true;
                    break;
                }
            }
            let mut i = best.kernel().blocks[b].insts.len();
            while i > 0 {
                i -= 1;
                let mut c = best.clone();
                c.module.kernels[0].blocks[b].insts.remove(i);
                if keeps(&c) {
                    best = c;
                    changed = true;
                }
            }
        }
    }
    best
}

/// Random programs on both engines, within the time and program budget.
#[test]
fn engines_agree_on_random_programs() {
    if let Some(seed) = env_u64("XISA_FUZZ_SEED") {
        let p = gen::program(seed);
        eprintln!("{}", xisa_ir::text::print_module(&p.module));
        let r = check(&p, Duration::from_secs(30));
        if let Err(e) = &r {
            if std::env::var_os("XISA_FUZZ_REDUCE").is_some() {
                let small = reduce(&p);
                eprintln!(
                    "reduced kernel:\n{}",
                    xisa_ir::text::print_module(&small.module)
                );
                if let Err(e2) = check(&small, Duration::from_secs(30)) {
                    eprintln!("reduced mismatch: {e2}");
                }
            }
            panic!("{e}");
        }
        eprintln!("seed {seed:#x}: the engines agree: {:?}", r.unwrap());
        return;
    }
    let secs = env_u64("XISA_FUZZ_SECONDS");
    let limit = Duration::from_secs(secs.unwrap_or(20));
    let max = env_u64("XISA_FUZZ_PROGRAMS").unwrap_or(if secs.is_some() { u64::MAX } else { 200 });
    let start = env_u64("XISA_FUZZ_START").unwrap_or(0);
    let verbose = std::env::var_os("XISA_FUZZ_VERBOSE").is_some();
    let t0 = Instant::now();
    let (mut n, mut faulted) = (0u64, 0u64);
    let mut failures = Vec::new();
    let mut kinds = std::collections::BTreeMap::new();
    let mut seed = start;
    while n < max && t0.elapsed() < limit {
        if verbose {
            eprintln!("seed {seed:#x}");
        }
        let p = gen::program(seed);
        match check(&p, Duration::from_secs(20)) {
            Ok(Some(e)) => {
                faulted += 1;
                // "kernel fuzz faulted: WHAT in LOCATION ...": count by WHAT.
                let what = e.split(": ").nth(1).unwrap_or(&e);
                let what = what.split(" in ").next().unwrap_or(what);
                let what: String = what
                    .split_whitespace()
                    .filter(|w| !w.starts_with("0x") && w.parse::<u64>().is_err())
                    .collect::<Vec<_>>()
                    .join(" ");
                *kinds.entry(what).or_insert(0u64) += 1;
            }
            Ok(None) => {}
            Err(e) => {
                if failures.len() < 3 {
                    eprintln!("{e}\n{}", xisa_ir::text::print_module(&p.module));
                }
                failures.push(e);
            }
        }
        n += 1;
        seed += 1;
    }
    eprintln!(
        "engine_diff: {n} programs (seeds {start:#x}..{seed:#x}) in {:.1} s, {faulted} ended in an error, {} mismatches",
        t0.elapsed().as_secs_f64(),
        failures.len()
    );
    for (k, c) in &kinds {
        eprintln!("  {c:6} {k}");
    }
    assert!(n > 0, "no program ran");
    assert!(
        failures.is_empty(),
        "{} of {n} programs differ between the engines:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// `xisa_ir::guards::drop_known_guards` (which machine-code modules get)
/// changes no outcome: random programs (guards on every op family, branches
/// on the guard registers, loops, calls) run under the interpreter as
/// generated and under the JIT and the interpreter without the guards the
/// pass proves true; everything must agree, statistics included.
#[test]
fn dropping_known_guards_changes_no_outcome() {
    let t0 = Instant::now();
    let (mut programs, mut dropped, mut failures) = (0u64, 0usize, Vec::new());
    let mut seed = 0x9000u64;
    while programs < 150 && t0.elapsed() < Duration::from_secs(20) {
        let p = gen::program(seed);
        seed += 1;
        let mut q = p.clone();
        let n: usize = q
            .module
            .kernels
            .iter_mut()
            .map(xisa_ir::guards::drop_known_guards)
            .sum();
        if n == 0 {
            continue;
        }
        programs += 1;
        dropped += n;
        let before = load(&xisa_ir::text::print_module(&p.module));
        let after = load(&xisa_ir::text::print_module(&q.module));
        let want = run(&p, &before, Engine::Interp, Duration::from_secs(20));
        for engine in [Engine::Interp, Engine::Jit] {
            let got = run(&p, &after, engine, Duration::from_secs(20));
            let d = compare(&p, &want, &got);
            if !d.is_empty() {
                failures.push(format!(
                    "seed {:#x}, {engine:?} without {n} guards:\n  - {}",
                    p.seed,
                    d.join("\n  - ")
                ));
            }
        }
    }
    eprintln!("guards: {programs} programs, {dropped} guards dropped");
    assert!(dropped > 0, "no program had a guard to drop");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `xisa_ir::simplify` (which machine-code modules get after lifting)
/// changes no outcome: random programs run under the interpreter as
/// generated and under both engines simplified; results, faults (up to the
/// instruction index within its block, which removed instructions shift;
/// the block and pc stay) and atomics must agree. Instruction counts drop,
/// and with them the engines' `%clock` (executed instructions), which the
/// programs here read as a constant instead.
#[test]
fn simplifying_changes_no_outcome() {
    let t0 = Instant::now();
    let (mut programs, mut before, mut after, mut failures) = (0u64, 0usize, 0usize, Vec::new());
    // `XISA_FUZZ_START`/`XISA_FUZZ_PROGRAMS`/`XISA_FUZZ_SECONDS` as for the
    // engines' test.
    let mut seed = env_u64("XISA_FUZZ_START").unwrap_or(0xa000);
    let max = env_u64("XISA_FUZZ_PROGRAMS").unwrap_or(150);
    let secs = env_u64("XISA_FUZZ_SECONDS").unwrap_or(20);
    while programs < max && t0.elapsed() < Duration::from_secs(secs) {
        let p = without_clock(gen::program(seed));
        seed += 1;
        programs += 1;
        let (q, d) = simplify_diff(&p);
        let counts = q.module.kernels.iter().zip(&p.module.kernels);
        before += counts.clone().map(|(_, k)| k.inst_count()).sum::<usize>();
        after += counts.map(|(k, _)| k.inst_count()).sum::<usize>();
        if !d.is_empty() && std::env::var_os("XISA_FUZZ_REDUCE").is_none() {
            failures.push(format!(
                "seed {:#x} (XISA_FUZZ_REDUCE=1 reduces it):\n  - {}",
                p.seed,
                d.join("\n  - ")
            ));
        } else if !d.is_empty() {
            let small = shrink(&p, |c| !simplify_diff(c).1.is_empty());
            let (small_q, small_d) = simplify_diff(&small);
            failures.push(format!(
                "seed {:#x}:\n  - {}\nreduced:\n  - {}\n{}\nsimplified:\n{}",
                p.seed,
                d.join("\n  - "),
                small_d.join("\n  - "),
                xisa_ir::text::print_module(&small.module),
                xisa_ir::text::print_module(&small_q.module)
            ));
        }
    }
    eprintln!("simplify: {programs} programs, {before} -> {after} instructions");
    assert!(after < before, "nothing was simplified");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `p` with each `%clock` read replaced by a constant: the engines count
/// executed instructions as the clock, and the simplified kernel executes
/// fewer.
fn without_clock(mut p: Program) -> Program {
    for k in &mut p.module.kernels {
        let types: Vec<xisa_ir::Type> = k.regs.iter().map(|r| r.ty).collect();
        for inst in k.blocks.iter_mut().flat_map(|b| &mut b.insts) {
            if let xisa_ir::Op::Special {
                dst,
                sreg: xisa_ir::SReg::Clock,
            } = inst.op
            {
                inst.op = xisa_ir::Op::Mov {
                    ty: types[dst.0 as usize],
                    dst,
                    src: xisa_ir::Operand::Imm(12345),
                };
            }
        }
    }
    p
}

/// `p` simplified, and how it runs differently from `p` under either
/// engine.
fn simplify_diff(p: &Program) -> (Program, Vec<String>) {
    let mut q = p.clone();
    let mut d = Vec::new();
    for k in &mut q.module.kernels {
        xisa_ir::simplify::simplify(k);
        if let Err(e) = xisa_ir::verify::verify_kernel(k) {
            d.push(format!("the simplified kernel does not verify: {e}"));
            return (q, d);
        }
    }
    let name = p.kernel().name.clone();
    let plain = |mut o: Outcome| {
        o.error = o.error.map(|e| without_indices(&e, &name));
        o.stats = o.stats.map(|(_, atomics)| (0, atomics));
        o
    };
    let timeout = Duration::from_secs(20);
    let orig = load(&xisa_ir::text::print_module(&p.module));
    let simp = load(&xisa_ir::text::print_module(&q.module));
    let want = plain(run(p, &orig, Engine::Interp, timeout));
    for engine in [Engine::Interp, Engine::Jit] {
        let got = plain(run(p, &simp, engine, timeout));
        d.extend(
            compare(p, &want, &got)
                .into_iter()
                .map(|x| format!("{engine:?}: {x}")),
        );
    }
    (q, d)
}

/// `text` with the instruction index of each `KERNEL:BLOCK:INDEX` location
/// left out.
fn without_indices(text: &str, kernel: &str) -> String {
    let key = format!("{kernel}:");
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find(&key) {
        let after = &rest[i + key.len()..];
        let label = after
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '.'))
            .unwrap_or(after.len());
        out.push_str(&rest[..i + key.len() + label]);
        rest = &after[label..];
        if let Some(tail) = rest.strip_prefix(':') {
            let digits = tail
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(tail.len());
            if digits > 0 {
                out.push_str(":_");
                rest = &tail[digits..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The shrinker keeps what the predicate asks for and drops the rest.
#[test]
fn shrinking_keeps_the_property() {
    let p = (0..)
        .map(gen::program)
        .find(|p| p.kernel().blocks.len() > 20)
        .unwrap();
    let shfls = |p: &Program| {
        p.kernel()
            .blocks
            .iter()
            .flat_map(|b| &b.insts)
            .filter(|i| matches!(i.op, xisa_ir::Op::Shfl(_)))
            .count()
    };
    let count = |p: &Program| {
        p.kernel()
            .blocks
            .iter()
            .map(|b| b.insts.len())
            .sum::<usize>()
    };
    let small = shrink(&p, |c| {
        xisa_ir::verify::verify_module(&c.module).is_ok() && shfls(c) > 0
    });
    assert_eq!(shfls(&small), 1);
    assert_eq!(
        count(&small),
        1,
        "{}",
        xisa_ir::text::print_module(&small.module)
    );
}

/// The generator is deterministic and makes kernels the verifier accepts
/// (no engine involved: cheap, so it covers many seeds).
#[test]
fn generator_is_deterministic_and_valid() {
    for seed in 0..300u64 {
        let a = gen::program(seed);
        let b = gen::program(seed);
        let ta = xisa_ir::text::print_module(&a.module);
        assert_eq!(ta, xisa_ir::text::print_module(&b.module), "seed {seed}");
        assert_eq!((a.gbuf, a.params), (b.gbuf, b.params), "seed {seed}");
        if let Err(e) = xisa_ir::verify::verify_module(&a.module) {
            panic!("seed {seed}: {e}\n{ta}");
        }
        let _ = load(&ta);
    }
}

/// Over a few hundred seeds the generator uses every op family, every atomic
/// op and type in every space that allows it, and each control-flow shape.
#[test]
fn generator_covers_the_ir() {
    use std::collections::BTreeSet;
    let mut seen = BTreeSet::new();
    for seed in 0..400u64 {
        let p = gen::program(seed);
        let text = xisa_ir::text::print_module(&p.module);
        for line in text.lines() {
            // Drop a guard (`@%p`, `@!%p`) and the destinations.
            let line = line.trim();
            let line = match line.strip_prefix('@') {
                Some(rest) => rest.split_once(' ').map_or("", |x| x.1),
                None => line,
            };
            let body = line.split_once('=').map_or(line, |x| x.1).trim();
            let word = body.split_whitespace().next().unwrap_or("");
            if word.starts_with("atom.") {
                // atom.SPACE.OP.TYPE
                let parts: Vec<&str> = word.split('.').collect();
                seen.insert(parts[..4].join("."));
            } else {
                seen.insert(word.split('.').next().unwrap_or("").to_string());
            }
        }
    }
    let mut missing = Vec::new();
    let mut want: Vec<String> = [
        "add",
        "sub",
        "mul",
        "smulhi",
        "umulhi",
        "sdiv",
        "udiv",
        "srem",
        "urem",
        "and",
        "or",
        "xor",
        "shl",
        "lshr",
        "ashr",
        "smin",
        "umin",
        "smax",
        "umax",
        "not",
        "neg",
        "abs",
        "popc",
        "clz",
        "ctz",
        "brev",
        "uflo",
        "sflo",
        "mad",
        "mulwide",
        "shf",
        "lop3",
        "prmt",
        "bfe",
        "bfi",
        "fadd",
        "fsub",
        "fmul",
        "fdiv",
        "fmin",
        "fmax",
        "fminnan",
        "fmaxnan",
        "fneg",
        "fabs",
        "sqrt",
        "rcp",
        "rsqrt",
        "exp2",
        "log2",
        "sin",
        "cos",
        "floor",
        "ceil",
        "trunc",
        "rint",
        "fma",
        "icmp",
        "fcmp",
        "select",
        "cvt",
        "special",
        "ld",
        "st",
        "fence",
        "barrier",
        "wavesync",
        "shfl",
        "vote",
        "activemask",
        "readfirstlane",
        "mov",
        "brc",
        "switch",
        "call",
        "ret",
        "exit",
        "trap",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for space in ["global", "shared", "buffer", "surface"] {
        for ty in xisa_ir::AtomType::ALL {
            for op in xisa_ir::AtomOp::ALL {
                if ty.supports(op) {
                    want.push(format!("atom.{space}.{}.{}", op.name(), ty.name()));
                }
            }
        }
    }
    for w in &want {
        if !seen.contains(w) {
            missing.push(w.clone());
        }
    }
    assert!(missing.is_empty(), "never generated: {missing:?}");
}
