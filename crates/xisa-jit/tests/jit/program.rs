//! `JitProgram` as an object: concurrent compiles, sharing across threads,
//! dropping (the code arena is freed), metadata, error reporting.

use std::sync::Arc;

use xisa_ir::{BlockId, Kernel, Term, Type};
use xisa_jit::{clif_text, compile, JitError, JitOptions, OptLevel};
use xisa_runtime::ctx::STOP_EXIT;

use crate::harness::{add, block, to_file, Lane};

fn adder(n: u64) -> Kernel {
    let mut k = Kernel::new(format!("add{n}"));
    let x = k.reg("x", Type::I64);
    k.blocks
        .push(block("a", vec![add(Type::I64, x, x, n)], Term::Exit));
    k
}

#[test]
fn compiles_concurrently_and_runs_from_any_thread() {
    let handles: Vec<_> = (0..4u64)
        .map(|t| {
            std::thread::spawn(move || {
                (0..25u64)
                    .map(|i| {
                        Arc::new(compile(&adder(t * 100 + i), &JitOptions::default()).unwrap())
                    })
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    let progs: Vec<_> = handles
        .into_iter()
        .flat_map(|h| h.join().unwrap())
        .collect();
    let k = adder(0);
    let runners: Vec<_> = progs
        .chunks(25)
        .map(|chunk| {
            let chunk = chunk.to_vec();
            let k = k.clone();
            std::thread::spawn(move || {
                chunk
                    .iter()
                    .map(|p| {
                        let mut lane = Lane::new(&k, 8);
                        lane.regs[0] = 1;
                        assert_eq!(lane.run(&**p), STOP_EXIT);
                        lane.regs[0]
                    })
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    let got: Vec<u64> = runners
        .into_iter()
        .flat_map(|h| h.join().unwrap())
        .collect();
    let want: Vec<u64> = (0..4u64)
        .flat_map(|t| (0..25).map(move |i| 1 + t * 100 + i))
        .collect();
    assert_eq!(got, want);
}

#[test]
fn dropping_programs_frees_their_code() {
    // Each program reserves its own arena; a leak would exhaust address space
    // or mappings long before this ends.
    for i in 0..300 {
        let p = compile(&adder(i), &JitOptions::default()).unwrap();
        let k = adder(i);
        let mut lane = Lane::new(&k, 8);
        assert_eq!(lane.run(&p), STOP_EXIT);
        assert_eq!(lane.regs[0], i);
    }
}

#[test]
fn metadata_and_clif() {
    let k = adder(7);
    let p = compile(&k, &JitOptions::default()).unwrap();
    assert!(p.compile_time().as_nanos() > 0);
    let text = clif_text(&k, &JitOptions::default()).unwrap();
    assert!(text.starts_with("function "), "{text}");
    assert!(text.contains("iadd"), "{text}");
    let o = JitOptions::default();
    assert_eq!(o.opt_level, OptLevel::Speed);
    assert!(!o.count_stats);
}

#[test]
fn malformed_kernels_are_errors_not_panics() {
    // No blocks.
    let k = Kernel::new("empty");
    assert!(matches!(
        compile(&k, &JitOptions::default()),
        Err(JitError::Unsupported { .. })
    ));
    // A branch to a missing block.
    let mut k = adder(1);
    k.blocks[0].term = Term::Br(BlockId(9));
    let e = compile(&k, &JitOptions::default()).unwrap_err();
    assert!(e.to_string().contains("missing block"), "{e}");
    // An undeclared register.
    let mut k = adder(1);
    k.regs.clear();
    let e = compile(&k, &JitOptions::default()).unwrap_err();
    assert!(e.to_string().contains("undeclared register"), "{e}");
    assert!(e.to_string().starts_with("add1: "), "{e}");
}

/// A kernel whose lane `t` stores `t + 100` at byte `4t` of global memory,
/// after `middle` (IR lines, e.g. a barrier).
fn store_by_tid(middle: &str) -> Kernel {
    let src = format!(
        "kernel @by_tid() wave 32 shared 0 local 0 params 0 {{
  reg %t: i32, %a: i64, %v: i32
entry:
  %t = special.tid.x
{middle}
  %a = mulwide.u32 %t, 4
  %a = add.i64 %a, {}
  %v = add.i32 %t, 100
  st.global.b32 [%a], %v
  exit
}}",
        crate::harness::g(0)
    );
    xisa_ir::text::parse_module(&src).unwrap().kernels.remove(0)
}

/// What one `run_lanes` call did: the index it returned, the stop codes,
/// each lane's fault, and the 32 bytes of global memory the lanes share (as
/// words).
struct GroupRun {
    stopped: usize,
    stops: Vec<u32>,
    faults: Vec<xisa_runtime::ctx::FaultInfo>,
    words: Vec<u32>,
}

/// Runs lanes `0..stops.len()` of `k` (lane `i` has `tid.x = i` and `slot0`
/// in its first register slot) with `run_lanes` on the JIT (compiled with a
/// launch's liveness) and on the interpreter.
fn run_group(
    k: &Kernel,
    stops: &[u32],
    slot0: impl Fn(usize) -> u64,
) -> [(&'static str, GroupRun); 2] {
    use xisa_runtime::LaneProgram;
    let mut opts = crate::harness::opts();
    opts.final_registers = false;
    let jit = compile(k, &opts).unwrap();
    let interp = xisa_interp::Interp::new(k, true);
    let run = |p: &dyn LaneProgram| {
        let mut lanes: Vec<Lane> = (0..stops.len()).map(|_| Lane::new(k, 32)).collect();
        let mut memory = vec![0u64; 4];
        // One by-register file for the group, as the scheduler lays it out
        // (the `run_lanes` contract).
        let nregs = k.regs.len().max(1);
        let mut file = vec![0u64; nregs * xisa_runtime::ctx::REG_STRIDE];
        let mut ctxs: Vec<_> = lanes
            .iter_mut()
            .enumerate()
            .map(|(i, l)| {
                l.tid = [i as u32, 0, 0];
                l.regs[0] = slot0(i);
                let mut c = l.ctx();
                to_file(&l.regs, &mut file[i..]);
                c.regs = file.as_mut_ptr().wrapping_add(i);
                c.global_base = memory.as_mut_ptr() as *mut u8;
                c
            })
            .collect();
        let mut stops = stops.to_vec();
        let stopped = p.run_lanes(&mut ctxs, &mut stops);
        GroupRun {
            stopped,
            stops,
            faults: ctxs.iter().map(|c| c.fault).collect(),
            words: memory
                .iter()
                .flat_map(|w| [*w as u32, (*w >> 32) as u32])
                .collect(),
        }
    };
    [("jit", run(&jit)), ("interp", run(&interp))]
}

/// `run_lanes` runs, in order, only the lanes asked for, writes each one's
/// stop code, and stops after the first fault, returning its index: the same
/// for the JIT's lane loop and the trait's per-lane default (the interpreter).
#[test]
fn run_lanes_runs_the_lanes_asked_for_and_stops_at_a_fault() {
    use xisa_runtime::ctx::{RUN_LANE, STOP_FAULT};
    // Lane 8 stores past the 32 bytes: a fault.
    let k = store_by_tid("");
    let mut stops = [RUN_LANE; 10];
    stops[1] = 7;
    for (name, r) in run_group(&k, &stops, |_| 0) {
        assert_eq!(r.stopped, 8, "{name}");
        let mut want = [STOP_EXIT; 10];
        want[1] = 7;
        want[8] = STOP_FAULT;
        want[9] = RUN_LANE;
        assert_eq!(r.stops, want, "{name}");
        assert_eq!(r.faults[8].addr, crate::harness::g(32), "{name}");
        assert_eq!(r.words, [100, 0, 102, 103, 104, 105, 106, 107], "{name}");
    }
}

/// A `RUN_AFTER_SYNC_BASE + k` request starts the lane right after sync point
/// `k` (its registers as the slots hold them), a `RUN_LANE` one at
/// `ctx.resume`: the same for the JIT and the interpreter.
#[test]
fn run_lanes_resumes_after_the_sync_point_asked_for() {
    use xisa_runtime::ctx::{
        fault_kind, RUN_AFTER_SYNC_BASE, RUN_LANE, STOP_FAULT, STOP_SYNC_BASE,
    };
    let k = store_by_tid("  barrier");
    let stops = [RUN_LANE, RUN_AFTER_SYNC_BASE, RUN_AFTER_SYNC_BASE + 1];
    // %t's slot holds what a first run would have left: 5 + lane.
    for (name, r) in run_group(&k, &stops, |i| 5 + i as u64) {
        // Lane 0 stops at the barrier, lane 1 stores 106 at word 6, lane 2
        // asks for a sync point the kernel does not have: a fault.
        assert_eq!(r.stopped, 2, "{name}");
        assert_eq!(r.stops, [STOP_SYNC_BASE, STOP_EXIT, STOP_FAULT], "{name}");
        assert_eq!(r.faults[2].kind, fault_kind::TRAP, "{name}");
        assert_eq!(r.words, [0, 0, 0, 0, 0, 0, 106, 0], "{name}");
    }
}
