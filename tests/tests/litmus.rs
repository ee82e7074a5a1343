//! Litmus tests of the memory model as xisa implements it on the host, in the
//! spirit of litmus7: each test's roles run in different workgroups (so on
//! different host threads), started together by a spin barrier per instance,
//! for many instances; every instance's outcome is classified. Forbidden
//! outcomes (per the ISA's model) must never appear. The spin barrier itself
//! proves the roles were live at the same time (it cannot complete otherwise:
//! xisa never runs two workgroups on one thread by preemption); under the JIT
//! the relaxed store buffering test must also show its weak outcome, the proof
//! that they overlap closely enough to race. x86-TSO shows only store
//! buffering; the other weak outcomes are allowed but not observable on this
//! host, and the interpreter's slow steps leave the store buffer time to drain,
//! so it shows store buffering only now and then.
//!
//! Kernels: `tests/litmus/` (sources, build script, committed binaries): the
//! gfx942 tests are OpenCL 2.0 atomics compiled by clang-19, the sm_75 tests
//! PTX assembled by ptxas.
//! `XISA_LITMUS_INSTANCES=N` sets the instances per test and engine (default
//! 2,000, the quick run CI makes; the long run is 10^6); run with
//! `--nocapture` for the table; `XISA_LITMUS_HISTOGRAM=1` also prints every
//! test's outcome histogram.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use xisa::{ArgSpec, Device, Engine, LaunchOptions, Module};

/// What one instance left: its observation slots and the final x and y.
#[derive(Clone, Copy, Debug)]
struct Outcome {
    obs: [i32; 4],
    x: i32,
    y: i32,
}

/// Roles beyond two need that many host threads at once: on a 2-core machine
/// their spin barriers wait for the scheduler, so they run fewer instances.
const MANY_ROLES_DIVISOR: u32 = 10;

/// One litmus test: the kernel, and the outcomes that are weak (allowed by
/// the relaxed variants) and whether the model forbids them for this variant.
struct Litmus {
    kernel: &'static str,
    weak: fn(&Outcome) -> bool,
    forbidden: bool,
    /// The weak outcome must be observed under the JIT (only where x86-TSO
    /// can show it).
    must_observe: bool,
    /// Workgroups (roles) per instance.
    roles: u32,
}

fn sb(o: &Outcome) -> bool {
    o.obs[0] == 0 && o.obs[2] == 0
}
fn mp(o: &Outcome) -> bool {
    o.obs[2] == 1 && o.obs[3] == 0
}
fn lb(o: &Outcome) -> bool {
    o.obs[0] == 1 && o.obs[2] == 1
}
fn w22(o: &Outcome) -> bool {
    o.x == 1 && o.y == 1
}

impl Litmus {
    /// An outcome as the histogram shows it: the observation slots and the
    /// final x, y (slots never written show -1).
    fn describe(&self, o: &Outcome) -> String {
        format!(
            "obs={:?} x={} y={}{}",
            o.obs,
            o.x,
            o.y,
            if (self.weak)(o) { " (weak)" } else { "" }
        )
    }
}

const fn t(kernel: &'static str, weak: fn(&Outcome) -> bool, forbidden: bool) -> Litmus {
    Litmus {
        kernel,
        weak,
        forbidden,
        must_observe: false,
        roles: 2,
    }
}

/// A test of `roles` roles.
const fn tn(
    roles: u32,
    kernel: &'static str,
    weak: fn(&Outcome) -> bool,
    forbidden: bool,
) -> Litmus {
    Litmus {
        roles,
        ..t(kernel, weak, forbidden)
    }
}

/// CoWW: `x = 1; x = 2` in one role; final x = 1 breaks coherence.
fn coww(o: &Outcome) -> bool {
    o.x == 1
}
/// CoRW: `r0 = x; x = 1 || x = 2`; r0 = 2 with final x = 2 breaks coherence.
fn corw(o: &Outcome) -> bool {
    o.obs[0] == 2 && o.x == 2
}
/// IRIW: `x = 1 || y = 1 || r0 = x; r1 = y || r2 = y; r3 = x`; the readers
/// disagree on the order of the writes.
fn iriw(o: &Outcome) -> bool {
    o.obs == [1, 0, 1, 0]
}
/// WRC and ISA2: the last reader sees the flag (obs[2] = 1) the middle role
/// set after seeing x or the first flag (obs[0] = 1), but not x (obs[3] = 0).
fn chain3(o: &Outcome) -> bool {
    o.obs[0] == 1 && o.obs[2] == 1 && o.obs[3] == 0
}
/// R: `x = 1; y = 1 || y = 2; r0 = x`; final y = 2 with r0 = 0.
fn r_shape(o: &Outcome) -> bool {
    o.y == 2 && o.obs[2] == 0
}
/// S: `x = 2; y = 1 || r0 = y; x = 1`; final x = 2 with r0 = 1.
fn s_shape(o: &Outcome) -> bool {
    o.x == 2 && o.obs[2] == 1
}

/// The gfx942 tests (`tests/litmus/gfx942/litmus.cl`), forbidden per the
/// OpenCL 2.0 / C++ model LLVM's AMDGPU memory model implements.
const GFX942: &[Litmus] = &[
    Litmus {
        must_observe: true,
        ..t("sb_relaxed", sb, false)
    },
    t("sb_fence_acq_rel", sb, false),
    t("sb_fence_sc", sb, true),
    t("sb_sc", sb, true),
    t("mp_relaxed", mp, false),
    t("mp_rel_acq", mp, true),
    t("mp_fences", mp, true),
    t("mp_sc", mp, true),
    t("lb_relaxed", lb, false),
    t("lb_acq_rel", lb, true),
    // CoRR: a later read of x may not see an older value than an earlier one.
    t("corr", mp, true),
    t("w22_relaxed", w22, false),
    t("w22_sc", w22, true),
    t("coww", coww, true),
    t("corw", corw, true),
    tn(4, "iriw_relaxed", iriw, false),
    tn(4, "iriw_acq", iriw, false),
    tn(4, "iriw_sc", iriw, true),
    tn(3, "wrc_relaxed", chain3, false),
    tn(3, "wrc_rel_acq", chain3, true),
    tn(3, "isa2_relaxed", chain3, false),
    tn(3, "isa2_rel_acq", chain3, true),
    t("r_relaxed", r_shape, false),
    t("r_sc", r_shape, true),
    t("s_relaxed", s_shape, false),
    t("s_rel_acq", s_shape, true),
];

/// The sm_75 tests (`tests/litmus/sm75/litmus.ptx`), forbidden per the PTX
/// memory model (all accesses `.gpu` scope in different CTAs, so morally
/// strong). SB with `fence.acq_rel` is allowed by the model, but ptxas emits
/// `MEMBAR.ALL.GPU` for it, which waits for earlier stores on the hardware and
/// which xisa lowers as a seq_cst fence, so it is never observed.
const SM75: &[Litmus] = &[
    Litmus {
        must_observe: true,
        ..t("sb_relaxed", sb, false)
    },
    t("sb_fence_acq_rel", sb, false),
    t("sb_fence_sc", sb, true),
    t("sb_fence_sc_sys", sb, true),
    t("mp_relaxed", mp, false),
    t("mp_rel_acq", mp, true),
    t("mp_fences", mp, true),
    t("mp_volatile", mp, true),
    t("lb_relaxed", lb, false),
    t("lb_acq_rel", lb, true),
    t("corr", mp, true),
    t("w22_relaxed", w22, false),
    t("w22_fence_sc", w22, true),
    t("coww", coww, true),
    t("corw", corw, true),
    tn(4, "iriw_relaxed", iriw, false),
    tn(4, "iriw_fence_sc", iriw, true),
    tn(3, "wrc_relaxed", chain3, false),
    tn(3, "wrc_rel_acq", chain3, true),
    tn(3, "isa2_rel_acq", chain3, true),
    t("r_relaxed", r_shape, false),
    t("r_fence_sc", r_shape, true),
    t("s_rel_acq", s_shape, true),
];

fn instances() -> u32 {
    std::env::var("XISA_LITMUS_INSTANCES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2_000)
}

fn litmus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("litmus")
}

fn words(b: &[u8]) -> Vec<i32> {
    b.chunks_exact(4)
        .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// Runs `n` instances of `kernel` (two roles) and returns every outcome.
fn run(m: &Module, kernel: &str, engine: Engine, n: u32, roles: u32) -> Vec<Outcome> {
    let dev = Device::new().expect("device");
    let mem = dev.alloc(16 * n as u64).expect("alloc");
    let obs = dev.upload(&vec![0xff; 16 * n as usize]).expect("upload");
    let sync = dev.alloc(4 * n as u64).expect("alloc");
    let opts = LaunchOptions {
        grid: [roles, 1, 1],
        block: [1, 1, 1],
        engine,
        threads: roles as usize,
        timeout: Some(Duration::from_secs(300)),
        ..LaunchOptions::default()
    };
    dev.launch(
        m,
        kernel,
        &opts,
        &[
            ArgSpec::Ptr(mem),
            ArgSpec::Ptr(obs),
            ArgSpec::Ptr(sync),
            ArgSpec::I32(n as i32),
        ],
    )
    .unwrap_or_else(|e| panic!("{kernel} ({engine}): {e}"));
    let mem = words(&dev.read(mem, 16 * n as usize).expect("read"));
    let obs = words(&dev.read(obs, 16 * n as usize).expect("read"));
    (0..n as usize)
        .map(|i| Outcome {
            obs: obs[4 * i..4 * i + 4].try_into().unwrap(),
            x: mem[4 * i],
            y: mem[4 * i + 1],
        })
        .collect()
}

/// Launches of a must-observe test before its weak outcome counts as never
/// seen: a loaded machine may deschedule a role for a whole launch.
const OBSERVE_TRIES: u32 = 10;

/// One row of the table: instances, forbidden outcomes seen, weak outcomes seen.
struct Row {
    kernel: &'static str,
    engine: Engine,
    n: u32,
    forbidden: usize,
    weak: usize,
}

fn load(file: &str) -> Module {
    let path = litmus_dir().join(file);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Module::from_bytes(&bytes, file, None).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// Runs every test of `tests` in `m` on both engines, prints the table (and,
/// with `XISA_LITMUS_HISTOGRAM=1`, each test's outcome histogram) and checks
/// the verdicts.
fn suite(m: &Module, isa: &str, tests: &[Litmus]) {
    let histogram = std::env::var_os("XISA_LITMUS_HISTOGRAM").is_some();
    let n = instances();
    let mut rows = Vec::new();
    for lt in tests {
        for engine in [Engine::Jit, Engine::Interp] {
            let (mut total, mut weak) = (0, 0);
            let must = lt.must_observe && engine == Engine::Jit;
            let mut hist: BTreeMap<String, usize> = BTreeMap::new();
            for _ in 0..if must { OBSERVE_TRIES } else { 1 } {
                let n = if lt.roles > 2 {
                    (n / MANY_ROLES_DIVISOR).max(100)
                } else {
                    n
                };
                let outs = run(m, lt.kernel, engine, n, lt.roles);
                weak += outs.iter().filter(|o| (lt.weak)(o)).count();
                total += n;
                if histogram {
                    for o in &outs {
                        *hist.entry(lt.describe(o)).or_default() += 1;
                    }
                }
                if weak > 0 {
                    break;
                }
            }
            for (k, c) in &hist {
                println!("{isa}\t{}\t{engine}\t{k}\t{c}", lt.kernel);
            }
            rows.push(Row {
                kernel: lt.kernel,
                engine,
                n: total,
                forbidden: if lt.forbidden { weak } else { 0 },
                weak: if lt.forbidden { 0 } else { weak },
            });
        }
    }
    println!("{isa}: test, engine, instances, forbidden, weak");
    for r in &rows {
        println!(
            "{isa}\t{}\t{}\t{}\t{}\t{}",
            r.kernel, r.engine, r.n, r.forbidden, r.weak
        );
    }
    let bad: Vec<String> = rows
        .iter()
        .filter(|r| r.forbidden > 0)
        .map(|r| format!("{} ({}): {} of {}", r.kernel, r.engine, r.forbidden, r.n))
        .collect();
    assert!(bad.is_empty(), "{isa}: forbidden outcomes: {bad:?}");
    for lt in tests.iter().filter(|l| l.must_observe) {
        for r in rows
            .iter()
            .filter(|r| r.kernel == lt.kernel && r.engine == Engine::Jit)
        {
            assert!(
                r.weak > 0,
                "{isa} {} ({}): no weak outcome in {} instances: the roles did not overlap",
                r.kernel,
                r.engine,
                r.n
            );
        }
    }
}

/// Regression (issue #10): gfx942 store buffering with seq_cst fences or
/// seq_cst atomics showed its forbidden outcome in about 10 % of instances,
/// because `s_waitcnt vmcnt(0)` did not drain the host store buffer.
#[test]
fn gfx942_litmus() {
    suite(&load("gfx942/out/litmus.co"), "gfx942", GFX942);
}

/// The gfx942 store-buffering kernels written in assembly
/// (`tests/litmus/gfx942/litmus_asm.s`): the waits between the store and the
/// load are the test. `vmcnt(0)`, and `vmcnt(1)` after one more load, wait
/// for the store to be performed (forbidden); no wait, an LGKM-only wait and
/// `vmcnt(2)` after one more load do not (allowed; on x86 they show it).
const GFX942_ASM: &[Litmus] = &[
    Litmus {
        must_observe: true,
        ..t("sb_asm_nowait", sb, false)
    },
    t("sb_asm_lgkm", sb, false),
    t("sb_asm_vmcnt0", sb, true),
    t("sb_asm_vmcnt1", sb, true),
    t("sb_asm_vmcnt2", sb, false),
];

#[test]
fn gfx942_asm_litmus() {
    suite(&load("gfx942/out/litmus_asm.co"), "gfx942-asm", GFX942_ASM);
}

#[test]
fn sm75_litmus() {
    suite(&load("sm75/out/litmus.cubin"), "sm75", SM75);
}

/// The IR's own orderings, on the engines directly: what the lsu and CDNA 5
/// lifters produce (their instruction groups have no branches or ALU, so a
/// litmus loop cannot be written in them alone) and what every frontend's
/// fences and ordered accesses become.
#[test]
fn ir_litmus() {
    let text: String = IR
        .iter()
        .map(|(name, r0, r1)| ir_kernel(name, &[r0, r1]))
        .chain(IR_MORE.iter().map(|(name, roles)| ir_kernel(name, roles)))
        .collect();
    let m = Module::from_bytes(text.as_bytes(), "litmus.xir", None)
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    suite(&m, "ir", IR_TESTS);
}

/// IR role bodies: `%x`, `%y` (i64 addresses), `%o` (the observation slots),
/// `%v`, `%w` (i32 scratch).
const IR: &[(&str, &str, &str)] = &[
    (
        "sb_relaxed",
        "st.global.relaxed.device.b32 [%x], 1\n  %v = ld.global.relaxed.device.b32 [%y]\n  st.global.b32 [%o], %v",
        "st.global.relaxed.device.b32 [%y], 1\n  %v = ld.global.relaxed.device.b32 [%x]\n  st.global.b32 [%o+8], %v",
    ),
    (
        "sb_fence_acq_rel",
        "st.global.relaxed.device.b32 [%x], 1\n  fence.device.acq_rel\n  %v = ld.global.relaxed.device.b32 [%y]\n  st.global.b32 [%o], %v",
        "st.global.relaxed.device.b32 [%y], 1\n  fence.device.acq_rel\n  %v = ld.global.relaxed.device.b32 [%x]\n  st.global.b32 [%o+8], %v",
    ),
    (
        "sb_fence_wg_sc",
        "st.global.relaxed.device.b32 [%x], 1\n  fence.workgroup.seq_cst\n  %v = ld.global.relaxed.device.b32 [%y]\n  st.global.b32 [%o], %v",
        "st.global.relaxed.device.b32 [%y], 1\n  fence.workgroup.seq_cst\n  %v = ld.global.relaxed.device.b32 [%x]\n  st.global.b32 [%o+8], %v",
    ),
    (
        "sb_fence_sc",
        "st.global.relaxed.device.b32 [%x], 1\n  fence.device.seq_cst\n  %v = ld.global.relaxed.device.b32 [%y]\n  st.global.b32 [%o], %v",
        "st.global.relaxed.device.b32 [%y], 1\n  fence.system.seq_cst\n  %v = ld.global.relaxed.device.b32 [%x]\n  st.global.b32 [%o+8], %v",
    ),
    (
        "sb_sc",
        "st.global.seq_cst.device.b32 [%x], 1\n  %v = ld.global.seq_cst.device.b32 [%y]\n  st.global.b32 [%o], %v",
        "st.global.seq_cst.device.b32 [%y], 1\n  %v = ld.global.seq_cst.device.b32 [%x]\n  st.global.b32 [%o+8], %v",
    ),
    (
        "sb_rmw",
        "%w = atom.global.exch.b32.device.relaxed [%x], 1\n  %v = ld.global.relaxed.device.b32 [%y]\n  st.global.b32 [%o], %v",
        "%w = atom.global.exch.b32.workgroup.relaxed [%y], 1\n  %v = ld.global.relaxed.device.b32 [%x]\n  st.global.b32 [%o+8], %v",
    ),
    (
        "mp_rel_acq",
        "st.global.relaxed.device.b32 [%x], 1\n  st.global.release.device.b32 [%y], 1",
        "%v = ld.global.acquire.device.b32 [%y]\n  %w = ld.global.relaxed.device.b32 [%x]\n  st.global.v2.b32 [%o+8], %v, %w",
    ),
    (
        "mp_fences",
        "st.global.relaxed.device.b32 [%x], 1\n  fence.device.release\n  st.global.relaxed.device.b32 [%y], 1",
        "%v = ld.global.relaxed.device.b32 [%y]\n  fence.device.acquire\n  %w = ld.global.relaxed.device.b32 [%x]\n  st.global.v2.b32 [%o+8], %v, %w",
    ),
    (
        "lb_acq_rel",
        "%v = ld.global.acquire.device.b32 [%x]\n  st.global.release.device.b32 [%y], 1\n  st.global.b32 [%o], %v",
        "%v = ld.global.acquire.device.b32 [%y]\n  st.global.release.device.b32 [%x], 1\n  st.global.b32 [%o+8], %v",
    ),
    (
        "corr",
        "st.global.relaxed.device.b32 [%x], 1",
        "%v = ld.global.relaxed.device.b32 [%x]\n  %w = ld.global.relaxed.device.b32 [%x]\n  st.global.v2.b32 [%o+8], %v, %w",
    ),
    (
        "w22_sc",
        "st.global.seq_cst.device.b32 [%x], 1\n  st.global.seq_cst.device.b32 [%y], 2",
        "st.global.seq_cst.device.b32 [%y], 1\n  st.global.seq_cst.device.b32 [%x], 2",
    ),
];

/// IR tests of one to four roles (the shapes the two-role table lacks).
const IR_MORE: &[(&str, &[&str])] = &[
    (
        "coww",
        &["st.global.relaxed.device.b32 [%x], 1\n  st.global.relaxed.device.b32 [%x], 2", ""],
    ),
    (
        "corw",
        &[
            "%v = ld.global.relaxed.device.b32 [%x]\n  st.global.relaxed.device.b32 [%x], 1\n  st.global.b32 [%o], %v",
            "st.global.relaxed.device.b32 [%x], 2",
        ],
    ),
    (
        "iriw_sc",
        &[
            "st.global.seq_cst.device.b32 [%x], 1",
            "st.global.seq_cst.device.b32 [%y], 1",
            "%v = ld.global.seq_cst.device.b32 [%x]\n  %w = ld.global.seq_cst.device.b32 [%y]\n  st.global.v2.b32 [%o], %v, %w",
            "%v = ld.global.seq_cst.device.b32 [%y]\n  %w = ld.global.seq_cst.device.b32 [%x]\n  st.global.v2.b32 [%o+8], %v, %w",
        ],
    ),
    (
        "wrc_rel_acq",
        &[
            "st.global.relaxed.device.b32 [%x], 1",
            "%v = ld.global.relaxed.device.b32 [%x]\n  st.global.release.device.b32 [%y], 1\n  st.global.b32 [%o], %v",
            "%v = ld.global.acquire.device.b32 [%y]\n  %w = ld.global.relaxed.device.b32 [%x]\n  st.global.v2.b32 [%o+8], %v, %w",
        ],
    ),
    (
        "isa2_rel_acq",
        &[
            "st.global.relaxed.device.b32 [%x], 1\n  st.global.release.device.b32 [%y], 1",
            "%v = ld.global.acquire.device.b32 [%y]\n  st.global.release.device.b32 [%z], 1\n  st.global.b32 [%o], %v",
            "%v = ld.global.acquire.device.b32 [%z]\n  %w = ld.global.relaxed.device.b32 [%x]\n  st.global.v2.b32 [%o+8], %v, %w",
        ],
    ),
    (
        "r_relaxed",
        &[
            "st.global.relaxed.device.b32 [%x], 1\n  st.global.relaxed.device.b32 [%y], 1",
            "st.global.relaxed.device.b32 [%y], 2\n  %v = ld.global.relaxed.device.b32 [%x]\n  st.global.b32 [%o+8], %v",
        ],
    ),
    (
        "r_fence_sc",
        &[
            "st.global.relaxed.device.b32 [%x], 1\n  fence.device.seq_cst\n  st.global.relaxed.device.b32 [%y], 1",
            "st.global.relaxed.device.b32 [%y], 2\n  fence.device.seq_cst\n  %v = ld.global.relaxed.device.b32 [%x]\n  st.global.b32 [%o+8], %v",
        ],
    ),
    (
        "s_rel_acq",
        &[
            "st.global.relaxed.device.b32 [%x], 2\n  st.global.release.device.b32 [%y], 1",
            "%v = ld.global.acquire.device.b32 [%y]\n  st.global.relaxed.device.b32 [%x], 1\n  st.global.b32 [%o+8], %v",
        ],
    ),
];

/// Verdicts of the IR tests (the IR's model: the C++/OpenCL scoped model;
/// `sb_sc` found the interpreter ignoring the orderings of loads and stores,
/// so seq_cst stores did not order later loads;
/// workgroup-scope orderings between different workgroups order nothing, and
/// an atomic read-modify-write is a full barrier on the host but only
/// relaxed in the model, so `sb_rmw` is allowed).
const IR_TESTS: &[Litmus] = &[
    Litmus {
        must_observe: true,
        ..t("sb_relaxed", sb, false)
    },
    t("sb_fence_acq_rel", sb, false),
    t("sb_fence_wg_sc", sb, false),
    t("sb_fence_sc", sb, true),
    t("sb_sc", sb, true),
    t("sb_rmw", sb, false),
    t("mp_rel_acq", mp, true),
    t("mp_fences", mp, true),
    t("lb_acq_rel", lb, true),
    t("corr", mp, true),
    t("w22_sc", w22, true),
    t("coww", coww, true),
    t("corw", corw, true),
    tn(4, "iriw_sc", iriw, true),
    tn(3, "wrc_rel_acq", chain3, true),
    tn(3, "isa2_rel_acq", chain3, true),
    t("r_relaxed", r_shape, false),
    t("r_fence_sc", r_shape, true),
    t("s_rel_acq", s_shape, true),
];

/// One IR litmus kernel: the role loop of the other suites.
fn ir_kernel(name: &str, roles: &[&str]) -> String {
    // Role k runs block `rk`; `switch` on the role picks it.
    let targets: Vec<String> = (0..roles.len()).map(|k| format!("r{k}")).collect();
    let bodies: String = roles
        .iter()
        .enumerate()
        .map(|(k, b)| format!("r{k}:\n  {b}\n  br next\n"))
        .collect();
    format!(
        "kernel @{name}(%mem: i64, %obs: i64, %sync: i64, %n: i32) {{
  reg %tid: i32, %role: i32, %i: i32, %off: i64, %x: i64, %y: i64, %z: i64, %o: i64, %s: i64, %v: i32, %w: i32, %p: i1
entry:
  %tid = special.tid.x
  %p = icmp.ne.i32 %tid, 0
  brc %p, done, init
init:
  %role = special.ctaid.x
  %i = mov.i32 0
  br top
top:
  %p = icmp.uge.i32 %i, %n
  brc %p, done, start
start:
  %off = mulwide.u32 %i, 16
  %x = add.i64 %mem, %off
  %y = add.i64 %x, 4
  %z = add.i64 %x, 8
  %o = add.i64 %obs, %off
  %off = mulwide.u32 %i, 4
  %s = add.i64 %sync, %off
  atom.global.add.b32.device.relaxed [%s], 1
  br spin
spin:
  %v = ld.global.relaxed.device.b32 [%s]
  %p = icmp.ult.i32 %v, {n}
  brc %p, spin, body
body:
  switch %role, [{targets}], next
{bodies}next:
  %i = add.i32 %i, 1
  br top
done:
  exit
}}
",
        n = roles.len(),
        targets = targets.join(", "),
    )
}
