//! The JIT's experimental wave mode (`--engine jit-wave`,
//! `docs/architecture.md`) against the reference interpreter on the IR
//! corpus: every kernel whose outcome does not depend on how lanes are
//! interleaved must leave the same buffers and the same error. Wave mode
//! interleaves a wave's lanes instruction by instruction where lane mode
//! runs each lane to its next sync point, so kernels that record the order
//! of their lanes' races (spin locks, CAS retry counts) or stop half-way
//! through at a fault are left out, each with the reason.

use xisa::Engine;
use xisa_tests::spec::{gen_inputs, Agree};
use xisa_tests::{corpus_names, describe_diff, normalize_error, run_corpus, CorpusKernel};

/// Kernels whose results depend on the interleaving of lanes.
const ORDER_DEPENDENT: [(&str, &str); 5] = [
    ("cas_loop_fadd", "counts its CAS retries"),
    (
        "intra_wave_spin",
        "logs the order in which lanes pass a flag",
    ),
    ("spin_lock", "logs the order in which lanes take the lock"),
    (
        "oob_global",
        "faults: how much the other lanes stored first differs",
    ),
    (
        "trap",
        "traps: how much the other lanes stored first differs",
    ),
];

#[test]
fn wave_mode_agrees_with_the_interpreter_on_the_ir_corpus() {
    let mut checked = 0;
    let mut problems = Vec::new();
    for name in corpus_names() {
        if ORDER_DEPENDENT.iter().any(|(n, _)| *n == name) {
            continue;
        }
        let ck = CorpusKernel::load(&name).unwrap_or_else(|e| panic!("{e}"));
        for seed in [1u64, 2] {
            let inputs = gen_inputs(&ck.spec, seed);
            let interp = run_corpus(&ck, &inputs, Engine::Interp, 1, 0xa5);
            let wave = run_corpus(&ck, &inputs, Engine::JitWave, 1, 0xa5);
            let norm = |e: &Option<String>| e.as_deref().map(normalize_error);
            if norm(&interp.error) != norm(&wave.error) {
                problems.push(format!(
                    "{name} (seed {seed}): outcomes differ: interp {:?}, jit-wave {:?}",
                    interp.error, wave.error
                ));
            }
            if ck.spec.agree == Agree::Bytes {
                for (i, (a, b)) in interp.bufs.iter().zip(&wave.bufs).enumerate() {
                    if let (Some(a), Some(b)) = (a, b) {
                        if let Some(d) = describe_diff(a, b, "interp", "jit-wave") {
                            problems.push(format!("{name} (seed {seed}): buffer {i}: {d}"));
                        }
                    }
                }
            }
        }
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} corpus kernels found");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The default engine runs a kernel in wave mode when it has warp
/// operations in a loop (where lane mode stops every lane each iteration),
/// in lane mode otherwise: checked on the predicate it reads, for the
/// bench's compiled builds. A loop is a cycle of blocks, not a branch to an
/// earlier block (ptxas's continuation blocks, which `compaction.cubin` has,
/// go back without looping).
#[test]
fn the_default_engine_picks_wave_mode_for_warp_loops() {
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../crates/xisa-bench/opencl/out");
    let load = |file: &str| {
        let bytes = std::fs::read(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        xisa::Module::from_bytes(&bytes, file, None).unwrap_or_else(|e| panic!("{file}: {e}"))
    };
    // (file, kernel, warp operations in a loop)
    let cases = [
        ("compaction.co", "compaction", true),
        ("cas_loop_fadd.co", "cas_loop_fadd", true),
        ("histogram.co", "histogram", true),
        ("prefix_scan.co", "prefix_scan", false),
        ("reduce_tree.co", "reduce_tree", false),
        ("saxpy.co", "grid_stride", false),
        ("compaction.cubin", "compaction", false),
        ("cas_loop_fadd.cubin", "cas_loop_fadd", true),
        ("histogram.cubin", "histogram", true),
        ("prefix_scan.cubin", "prefix_scan", false),
        ("reduce_tree.cubin", "reduce_tree", false),
        ("saxpy.cubin", "grid_stride", false),
    ];
    let mut wrong = Vec::new();
    for (file, kernel, looped) in cases {
        let m = load(file);
        let k = m.kernel(kernel).unwrap_or_else(|e| panic!("{file}: {e}"));
        if k.warp_ops_in_loops() != looped {
            wrong.push(format!("{file}: warp operations in a loop: {}", !looped));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Runs `kernel(out)` on one workgroup of 32 lanes with `engine`: the
/// `bytes` per lane it writes to `out`.
fn run_one_wave(m: &xisa::Module, kernel: &str, engine: Engine, bytes: u64) -> Vec<u8> {
    let dev = xisa::Device::new().expect("device");
    let o = dev.alloc(32 * bytes).expect("alloc");
    let opts = xisa::LaunchOptions {
        block: [32, 1, 1],
        engine,
        threads: 1,
        ..xisa::LaunchOptions::default()
    };
    dev.launch(m, kernel, &opts, &[xisa::ArgSpec::Ptr(o)])
        .unwrap_or_else(|e| panic!("{kernel} ({engine}): {e}"));
    dev.read(o, 32 * bytes as usize).expect("read")
}

/// Lanes of a loop that leave it at different iterations, each through a
/// warp operation: lane `l` leaves at iteration `l / 4`, reading the active
/// mask on its way out. Lane mode runs every lane to its next stop and then
/// the lowest sync point lanes wait at, so the loop's ballot runs first each
/// time and the mask is read once, by all 32 lanes together; the ballot in
/// the iteration a lane leaves at sees the lanes still in the loop. Wave
/// mode, where lanes that leave wait at the branch's post-dominator (none
/// here: two exits), must give the same: its groups stop at such a point
/// instead of running it for the lanes at hand.
const APART: &str = r#"
kernel @apart(%out: i64) wave 32 {
  reg %lane: i32, %i: i32, %q: i32, %b: i32, %m: i64, %c: i1, %a: i64
b0:
  %lane = special.laneid
  %q = lshr.i32 %lane, 2
  %i = mov.i32 0
  br b1
b1:
  %b = vote.ballot.i32 1
  %c = icmp.ule.i32 %q, %i
  brc %c, b2, b3
b2:
  %m = activemask.i64
  %a = mulwide.u32 %lane, 16
  %a = add.i64 %a, %out
  st.global.b64 [%a], %m
  st.global.b32 [%a+8], %b
  exit
b3:
  %i = add.i32 %i, 1
  %c = icmp.ult.i32 %i, 100
  brc %c, b1, b4
b4:
  exit
}
"#;

#[test]
fn lanes_apart_at_a_warp_operation_meet_as_in_lane_mode() {
    let m = xisa::Module::from_bytes(APART.as_bytes(), "apart.xir", None).expect("module");
    let k = m.kernel("apart").expect("kernel");
    assert!(xisa_jit::runs_in_waves(k), "wave mode must take the kernel");
    for engine in [Engine::Interp, Engine::JitLane, Engine::JitWave] {
        let out = run_one_wave(&m, "apart", engine, 16);
        for lane in 0..32 {
            let at = &out[16 * lane..16 * lane + 16];
            let mask = u64::from_le_bytes(at[..8].try_into().unwrap());
            let ballot = u32::from_le_bytes(at[8..12].try_into().unwrap());
            assert_eq!(mask, 0xffff_ffff, "{engine}: lane {lane}'s active mask");
            let still = u32::MAX << (4 * (lane / 4));
            assert_eq!(ballot, still, "{engine}: lane {lane}'s last ballot");
        }
    }
}

/// Lanes that leave an inner loop after different numbers of wave syncs are
/// released from a sync together while in different iterations of the outer
/// loop: wave mode's landing splits them (their outer counter differs), and
/// the group that runs first must not take the shuffle after the loops for
/// itself alone, since the lanes left for later reach it too. Lane mode runs
/// the shuffle once every lane waits there: every lane reads lane 0.
const DROPPED: &str = r#"
kernel @dropped(%out: i64) wave 32 {
  reg %lane: i32, %n: i32, %j: i32, %i: i32, %v: i32, %ok: i1, %c: i1, %a: i64
b0:
  %lane = special.laneid
  %n = and.i32 %lane, 3
  %n = add.i32 %n, 1
  %i = mov.i32 0
  br b1
b1:
  %j = mov.i32 %n
  br b2
b2:
  wavesync
  %j = sub.i32 %j, 1
  %c = icmp.ne.i32 %j, 0
  brc %c, b2, b3
b3:
  %i = add.i32 %i, 1
  %c = icmp.ult.i32 %i, 3
  brc %c, b1, b4
b4:
  %v, %ok = shfl.i32 %lane, 0
  %a = mulwide.u32 %lane, 8
  %a = add.i64 %a, %out
  st.global.b32 [%a], %v
  st.global.u8 [%a+4], %ok
  exit
}
"#;

#[test]
fn lanes_left_for_a_later_group_still_meet_at_a_warp_operation() {
    let m = xisa::Module::from_bytes(DROPPED.as_bytes(), "dropped.xir", None).expect("module");
    assert!(xisa_jit::runs_in_waves(
        m.kernel("dropped").expect("kernel")
    ));
    for engine in [Engine::Interp, Engine::JitLane, Engine::JitWave] {
        let out = run_one_wave(&m, "dropped", engine, 8);
        for lane in 0..32 {
            let at = &out[8 * lane..8 * lane + 8];
            let v = u32::from_le_bytes(at[..4].try_into().unwrap());
            assert_eq!((v, at[4]), (0, 1), "{engine}: lane {lane}: value, valid");
        }
    }
}

/// A branch whose sides meet only at the exit (one side may end in a trap,
/// as the sm_75 lifter's LDC range checks do) runs the blocks after it once
/// per side. `%r` holds 8 from the entry (a group value) and is set to 31
/// after the first store: the first side's run wrote 31 and its loop over
/// the lanes left it in the group's variable, so the second side stored 31
/// where 8 belongs (random OpenCL kernel seed 2016, `tests/clfuzz`, reduced).
const JOIN_AFTER_TRAP: &str = r#"
kernel @join(%out: i64) wave 32 {
  reg %lane: i32, %r: i32, %s: i32, %t: i32, %p: i1, %q: i1, %a: i64
b0:
  %lane = special.laneid
  %r = mov.i32 8
  %t = and.i32 %lane, 1
  %p = icmp.ne.i32 %t, 0
  brc %p, odd, even
odd:
  %s = mov.i32 1
  %q = icmp.ugt.i32 %lane, 1000
  brc %q, bad, join
bad:
  trap
even:
  %s = mov.i32 2
  br join
join:
  %a = mulwide.u32 %lane, 12
  %a = add.i64 %a, %out
  st.global.b32 [%a], %r
  st.global.b32 [%a+8], %s
  %r = mov.i32 31
  st.global.b32 [%a+4], %r
  exit
}
"#;

#[test]
fn a_join_after_a_trapping_branch_reads_the_group_values() {
    let m = xisa::Module::from_bytes(JOIN_AFTER_TRAP.as_bytes(), "join.xir", None).expect("module");
    let k = m.kernel("join").expect("kernel");
    assert!(xisa_jit::runs_in_waves(k), "wave mode must take the kernel");
    for engine in [Engine::Interp, Engine::JitLane, Engine::JitWave] {
        let out = run_one_wave(&m, "join", engine, 12);
        for lane in 0..32 {
            let w =
                |i: usize| u32::from_le_bytes(out[12 * lane + 4 * i..][..4].try_into().unwrap());
            let side = if lane % 2 == 1 { 1 } else { 2 };
            assert_eq!([w(0), w(1), w(2)], [8, 31, side], "{engine}: lane {lane}");
        }
    }
}
