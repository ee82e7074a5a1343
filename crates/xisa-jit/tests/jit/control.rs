//! Control flow: loops, cancellation, yields, call/ret, switch, trap, sync stops
//! and resume, instruction counting — each checked directly and against the
//! reference interpreter.

use xisa_interp::Interp;
use xisa_ir::op;
use xisa_ir::{
    BinOp, Block, Guard, ICond, Inst, Kernel, MemKind, Op, Reg, SReg, Space, Term, Type, VoteMode,
};
use xisa_runtime::ctx::{
    fault_kind, LaneCtx, CALL_STACK_DEPTH, RESUME_AFTER_SYNC_BASE, RESUME_BLOCK_BASE,
    STOP_CANCELLED, STOP_EXIT, STOP_FAULT, STOP_SYNC_BASE, STOP_YIELD, YIELD_BACKEDGES,
};
use xisa_runtime::LaneProgram;

use crate::harness::{
    add, b, bin, block, block_i, br_cond, call, flat, icmp, imm, jit, load, r, regs, zext_i64, Lane,
};

/// Runs until a final stop, resuming after yields and sync stops (sync ops are
/// not executed: only the control flow is under test). Returns the stops.
pub fn run_to_end(lane: &mut Lane, p: &dyn LaneProgram) -> Vec<u32> {
    let mut stops = vec![];
    for _ in 0..10_000 {
        let s = lane.run(p);
        stops.push(s);
        match s {
            STOP_YIELD => {}
            s if s >= STOP_SYNC_BASE => lane.resume = RESUME_AFTER_SYNC_BASE + (s - STOP_SYNC_BASE),
            _ => return stops,
        }
    }
    panic!("no final stop");
}

/// Runs `k` with the JIT and the interpreter from the same initial lane, in
/// lockstep (resuming after yields and sync stops), and compares after every
/// stop: stop codes, registers (except after a fault or cancellation, whose
/// registers the JIT does not write back: nothing can observe them), counters,
/// resume points, fault records and memory.
pub fn differential(k: &Kernel, setup: impl Fn(&mut Lane)) -> Lane {
    let prog = jit(k);
    let interp = Interp::new(k, true);
    let mut lj = Lane::new(k, 256);
    setup(&mut lj);
    let mut li = Lane::new(k, 256);
    setup(&mut li);
    for step in 0..10_000 {
        let sj = lj.run(&prog);
        let si = li.run(&interp);
        let at = format!("{}: stop {step}", k.name);
        assert_eq!(sj, si, "{at}: stop code");
        if sj != STOP_FAULT && sj != STOP_CANCELLED {
            assert_eq!(lj.regs, li.regs, "{at}: registers");
        }
        assert_eq!(lj.insts, li.insts, "{at}: instruction count");
        assert_eq!(lj.call_depth, li.call_depth, "{at}: call depth");
        assert_eq!(lj.resume, li.resume, "{at}: resume");
        let (fj, fi) = (lj.fault, li.fault);
        assert_eq!(
            (fj.kind, fj.inst, fj.addr, fj.len, fj.space),
            (fi.kind, fi.inst, fi.addr, fi.len, fi.space),
            "{at}: fault"
        );
        assert_eq!(lj.global, li.global, "{at}: global memory");
        assert_eq!(lj.shared, li.shared, "{at}: shared memory");
        assert_eq!(lj.local, li.local, "{at}: local memory");
        assert_eq!(
            lj.counters.atomics, li.counters.atomics,
            "{at}: atomic counters"
        );
        match sj {
            STOP_YIELD => {}
            s if s >= STOP_SYNC_BASE => {
                let r = RESUME_AFTER_SYNC_BASE + (s - STOP_SYNC_BASE);
                lj.resume = r;
                li.resume = r;
            }
            _ => return lj,
        }
    }
    panic!("{}: no final stop", k.name);
}

/// `i = 0; do { i += 1; acc += i } while (i < n)`.
fn counting_loop(n: u64) -> (Kernel, Reg, Reg) {
    let mut k = Kernel::new("loop");
    let [i, acc, c, wide] = regs(&mut k, "i: i32, acc: i64, c: i1, wide: i64");
    k.blocks.push(block(
        "entry",
        vec![Op::Mov {
            ty: Type::I32,
            dst: i,
            src: imm(0),
        }],
        Term::Br(b(1)),
    ));
    k.blocks.push(block(
        "loop",
        vec![
            add(Type::I32, i, i, 1),
            zext_i64(wide, i),
            bin(BinOp::Add, Type::I64, acc, r(acc), r(wide)),
            icmp(ICond::Ult, Type::I32, c, r(i), imm(n)),
        ],
        br_cond(c, 1, 2),
    ));
    k.blocks.push(block("done", vec![], Term::Exit));
    (k, i, acc)
}

#[test]
fn loop_runs_to_completion() {
    let (k, i, acc) = counting_loop(100);
    let lane = differential(&k, |_| {});
    assert_eq!(lane.regs[i.0 as usize], 100);
    assert_eq!(lane.regs[acc.0 as usize], 5050);
    // entry (1 + br) + 100 × (4 + brc) + exit.
    assert_eq!(lane.insts, 2 + 100 * 5 + 1);
}

#[test]
fn cancel_stops_at_back_edge() {
    let (k, i, _) = counting_loop(100);
    let p = jit(&k);
    let mut lane = Lane::new(&k, 8);
    lane.cancel
        .store(true, std::sync::atomic::Ordering::Relaxed);
    assert_eq!(lane.run(&p), STOP_CANCELLED);
    // One iteration ran (counted); registers are not written back.
    assert_eq!(lane.insts, 2 + 5);
    assert_eq!(lane.regs[i.0 as usize], 0);
    differential(&k, |l| {
        l.cancel.store(true, std::sync::atomic::Ordering::Relaxed)
    });
}

#[test]
fn long_loops_yield_and_resume() {
    let n = 3 * YIELD_BACKEDGES as u64 + 17;
    let (k, i, acc) = counting_loop(n);
    let p = jit(&k);
    let mut lane = Lane::new(&k, 8);
    assert_eq!(lane.run(&p), STOP_YIELD);
    assert_eq!(lane.resume, RESUME_BLOCK_BASE + 1);
    assert_eq!(lane.regs[i.0 as usize], YIELD_BACKEDGES as u64);
    let stops = run_to_end(&mut lane, &p);
    assert_eq!(stops, vec![STOP_YIELD, STOP_YIELD, STOP_EXIT]);
    assert_eq!(lane.regs[i.0 as usize], n);
    assert_eq!(lane.regs[acc.0 as usize], n * (n + 1) / 2);
    differential(&k, |_| {});
}

/// main: call sub (ret to b1); b1: call sub (ret to b2); b2: exit.
/// sub: x += 5; call leaf (ret to b4); b4: ret.  leaf: x *= 2... via add x,x.
#[test]
fn call_and_return() {
    let mut k = Kernel::new("calls");
    let x = k.reg("x", Type::I32);
    k.blocks.push(block("main", vec![], call(3, 1)));
    k.blocks.push(block("after1", vec![], call(3, 2)));
    k.blocks.push(block("after2", vec![], Term::Exit));
    k.blocks
        .push(block("sub", vec![add(Type::I32, x, x, 5)], call(5, 4)));
    k.blocks.push(block("sub_ret", vec![], Term::Ret));
    k.blocks.push(block(
        "leaf",
        vec![bin(BinOp::Add, Type::I32, x, r(x), r(x))],
        Term::Ret,
    ));
    let lane = differential(&k, |l| l.regs[0] = 1);
    // ((1 + 5) * 2 + 5) * 2
    assert_eq!(lane.regs[x.0 as usize], 34);
    assert_eq!(lane.call_depth, 0);
}

#[test]
fn ret_with_empty_stack_faults() {
    let mut k = Kernel::new("ret_empty");
    let x = k.reg("x", Type::I32);
    k.blocks
        .push(block("a", vec![add(Type::I32, x, x, 1)], Term::Br(b(1))));
    k.blocks
        .push(block("b", vec![add(Type::I32, x, x, 1)], Term::Ret));
    let lane = differential(&k, |_| {});
    assert_eq!(lane.fault.kind, fault_kind::RET_EMPTY);
    assert_eq!(lane.fault.inst, k.flat_index(b(1), 1));
    assert_eq!(lane.insts, 4);
    let _ = x;
}

#[test]
fn unbounded_recursion_overflows() {
    let mut k = Kernel::new("recurse");
    let x = k.reg("x", Type::I32);
    k.blocks
        .push(block("f", vec![add(Type::I32, x, x, 1)], call(0, 1)));
    k.blocks.push(block("r", vec![], Term::Ret));
    let lane = differential(&k, |_| {});
    assert_eq!(lane.fault.kind, fault_kind::CALL_OVERFLOW);
    assert_eq!(lane.fault.inst, k.flat_index(b(0), 1));
    assert_eq!(lane.call_depth as usize, CALL_STACK_DEPTH);
    assert_eq!(lane.insts, 2 * (CALL_STACK_DEPTH as u64 + 1));
    let _ = x;
}

#[test]
fn switch_dispatch() {
    for ity in [Type::I8, Type::I32, Type::I64] {
        let mut k = Kernel::new("switch");
        let idx = k.reg("idx", ity);
        let out = k.reg("out", Type::I32);
        k.blocks.push(block(
            "entry",
            vec![],
            Term::Switch {
                index: idx,
                targets: vec![b(1), b(2), b(3)],
                default: b(4),
            },
        ));
        for (n, v) in [(1u32, 10u64), (2, 20), (3, 30), (4, 99)] {
            k.blocks.push(block(
                &format!("t{n}"),
                vec![Op::Mov {
                    ty: Type::I32,
                    dst: out,
                    src: imm(v),
                }],
                Term::Exit,
            ));
        }
        for (i, want) in [
            (0u64, 10u64),
            (1, 20),
            (2, 30),
            (3, 99),
            (0xff, 99),
            (0x1_0000_0000, 99),
            (0x1_0000_0001, 99),
            (u64::MAX, 99),
        ] {
            let i = i & ity.mask();
            let want = if i < 3 {
                [10, 20, 30][i as usize]
            } else {
                want
            };
            let lane = differential(&k, |l| l.regs[idx.0 as usize] = i);
            assert_eq!(lane.regs[out.0 as usize], want, "{ity} index {i:#x}");
        }
    }
}

#[test]
fn trap_faults_at_terminator() {
    let mut k = Kernel::new("trap");
    let x = k.reg("x", Type::I32);
    k.blocks
        .push(block("a", vec![add(Type::I32, x, x, 7)], Term::Br(b(1))));
    k.blocks.push(block(
        "b",
        vec![add(Type::I32, x, x, 1), add(Type::I32, x, x, 1)],
        Term::Trap,
    ));
    let lane = differential(&k, |_| {});
    assert_eq!(lane.fault.kind, fault_kind::TRAP);
    assert_eq!(lane.fault.inst, 4);
    assert_eq!(lane.insts, 5);
}

/// Sync points stop before executing, a false guard skips them, and the lane
/// resumes right after them with its registers.
#[test]
fn sync_stops_and_resume() {
    let mut k = Kernel::new("sync");
    let [x, p, v, t] = regs(&mut k, "x: i32, p: i1, v: i32, t: i1");
    let insts = vec![
        Inst::new(add(Type::I32, x, x, 1)),
        Inst::new(Op::Barrier),
        Inst::new(add(Type::I32, x, x, 10)),
        // Guard false: skipped.
        Inst {
            guard: Some(Guard {
                reg: p,
                negate: false,
            }),
            op: Op::Vote {
                mode: VoteMode::Ballot,
                dst: v,
                pred: r(p),
            },
            pc: None,
        },
        Inst::new(add(Type::I32, x, x, 100)),
        // Negated false guard: taken.
        Inst {
            guard: Some(Guard {
                reg: p,
                negate: true,
            }),
            op: Op::Shfl(op::Shfl {
                ty: Type::I32,
                dst: v,
                valid: Some(t),
                src: r(x),
                lane: imm(0),
            }),
            pc: None,
        },
    ];
    k.blocks.push(block_i("entry", insts, Term::Br(b(1))));
    k.blocks.push(Block {
        label: "tail".into(),
        insts: vec![
            Inst::new(Op::ActiveMask { dst: v }),
            Inst::new(add(Type::I32, x, x, 1000)),
        ],
        term: Term::Exit,
        term_pc: None,
    });
    let prog = jit(&k);
    let mut lane = Lane::new(&k, 8);
    assert_eq!(lane.run(&prog), STOP_SYNC_BASE);
    assert_eq!(lane.regs[x.0 as usize], 1);
    lane.resume = RESUME_AFTER_SYNC_BASE;
    assert_eq!(lane.run(&prog), STOP_SYNC_BASE + 2);
    assert_eq!(lane.regs[x.0 as usize], 111);
    lane.resume = RESUME_AFTER_SYNC_BASE + 2;
    assert_eq!(lane.run(&prog), STOP_SYNC_BASE + 3);
    lane.resume = RESUME_AFTER_SYNC_BASE + 3;
    assert_eq!(lane.run(&prog), STOP_EXIT);
    assert_eq!(lane.regs[x.0 as usize], 1111);
    let lane = differential(&k, |_| {});
    assert_eq!(lane.regs[x.0 as usize], 1111);
}

#[test]
fn resume_at_block_start_and_bad_resume() {
    let (k, i, _) = counting_loop(5);
    let p = jit(&k);
    let mut lane = Lane::new(&k, 8);
    lane.regs[i.0 as usize] = 2;
    lane.resume = RESUME_BLOCK_BASE + 1;
    assert_eq!(lane.run(&p), STOP_EXIT);
    assert_eq!(lane.regs[i.0 as usize], 5);
    let mut lane = Lane::new(&k, 8);
    lane.resume = 1000;
    assert_eq!(lane.run(&p), STOP_FAULT);
    assert_eq!(lane.fault.kind, fault_kind::TRAP);
}

#[test]
fn special_registers_and_clock() {
    let mut k = Kernel::new("sregs");
    let mut ops = vec![];
    for (n, s) in SReg::ALL.into_iter().enumerate() {
        let ty = if n % 2 == 0 { Type::I32 } else { Type::I64 };
        let d = k.reg(format!("s{n}"), ty);
        ops.push(Op::Special { dst: d, sreg: s });
    }
    let narrow = k.reg("narrow", Type::I8);
    ops.push(Op::Special {
        dst: narrow,
        sreg: SReg::NCtaIdZ,
    });
    k.blocks.push(block("a", ops, Term::Br(b(1))));
    let c2 = k.reg("clock2", Type::I64);
    k.blocks.push(block(
        "b",
        vec![
            Op::Barrier,
            Op::Special {
                dst: c2,
                sreg: SReg::Clock,
            },
        ],
        Term::Exit,
    ));
    let lane = differential(&k, |l| l.insts = 1000);
    assert_eq!(lane.regs[0], 3); // tid.x
}

/// A fault in the middle of a block: the instructions after it are not
/// counted, the ones before it are; registers are not written back.
#[test]
fn fault_mid_block_counts() {
    let mut k = Kernel::new("midfault");
    let [x, a, v] = regs(&mut k, "x: i32, a: i64, v: i32");
    k.blocks.push(block(
        "a",
        vec![
            add(Type::I32, x, x, 1),
            load(Space::Global, MemKind::B32, 1, vec![v], flat(r(a), 0)),
            add(Type::I32, x, x, 1),
            add(Type::I32, x, x, 1),
        ],
        Term::Exit,
    ));
    let lane = differential(&k, |l| l.regs[1] = 0x42);
    assert_eq!(lane.fault.kind, fault_kind::OUT_OF_BOUNDS);
    assert_eq!(lane.fault.inst, 1);
    assert_eq!(lane.fault.addr, 0x42);
    assert_eq!(lane.regs[x.0 as usize], 0);
    assert_eq!(lane.insts, 2);
}

#[test]
fn lane_ctx_layout_is_what_the_jit_assumes() {
    // The JIT reads these by offset: a layout change must be noticed.
    let o = LaneCtx::OFFSETS;
    assert_eq!(o.regs, 0);
    assert!(o.fault_space > o.fault_kind);
}

/// A loop closed by a `ret` (the callee returns to the loop head): backward
/// transfers through ret yield and poll like branches do.
#[test]
fn loops_through_ret_yield() {
    let mut k = Kernel::new("ret_loop");
    let i = k.reg("i", Type::I32);
    let c = k.reg("c", Type::I1);
    k.blocks.push(block("entry", vec![], Term::Br(b(1))));
    k.blocks.push(block(
        "head",
        vec![
            add(Type::I32, i, i, 1),
            icmp(ICond::Ult, Type::I32, c, r(i), imm(10_000)),
        ],
        br_cond(c, 2, 4),
    ));
    k.blocks.push(block("again", vec![], call(3, 1)));
    k.blocks.push(block("poll", vec![], Term::Ret));
    k.blocks.push(block("done", vec![], Term::Exit));
    let p = jit(&k);
    let mut lane = Lane::new(&k, 8);
    let stops = run_to_end(&mut lane, &p);
    assert_eq!(stops.iter().filter(|&&s| s == STOP_YIELD).count(), 2);
    assert_eq!(lane.regs[i.0 as usize], 10_000);
    differential(&k, |_| {});
    let mut lane = Lane::new(&k, 8);
    lane.cancel
        .store(true, std::sync::atomic::Ordering::Relaxed);
    assert_eq!(lane.run(&p), STOP_CANCELLED);
}

/// Registers written before, between and after sync points, on some paths
/// only, in loops: every stop leaves exactly the interpreter's registers.
#[test]
fn registers_at_every_stop() {
    let mut k = Kernel::new("dirty");
    let [x, y, z, p, q, v] = regs(&mut k, "x: i32, y: i64, z: i32, p: i1, q: i1, v: i32");
    let guarded = |op: Op, negate: bool| Inst {
        guard: Some(Guard { reg: p, negate }),
        op,
        pc: None,
    };
    let shfl = |src| {
        Op::Shfl(op::Shfl {
            ty: Type::I32,
            dst: v,
            valid: None,
            src: r(src),
            lane: imm(1),
        })
    };
    // b0: x += 1; [p] y += 2; shfl x (unguarded); z += x; brc p b1 b2
    k.blocks.push(block_i(
        "b0",
        vec![
            Inst::new(add(Type::I32, x, x, 1)),
            guarded(add(Type::I64, y, y, 2), false),
            Inst::new(shfl(x)),
            Inst::new(add(Type::I32, z, z, 5)),
        ],
        br_cond(p, 1, 2),
    ));
    // b1: y += 7; [!p] vote (guard true when p is false); x += 3; br b3
    k.blocks.push(block_i(
        "b1",
        vec![
            Inst::new(add(Type::I64, y, y, 7)),
            guarded(shfl(y), true),
            Inst::new(add(Type::I32, x, x, 3)),
        ],
        Term::Br(b(3)),
    ));
    // b2: z += 11; [p] shfl (guard false here since p is false); br b3
    k.blocks.push(block_i(
        "b2",
        vec![Inst::new(add(Type::I32, z, z, 11)), guarded(shfl(z), false)],
        Term::Br(b(3)),
    ));
    // b3: loop: x += 1; q = x < 20; [!q] barrier; brc q b3 b4
    k.blocks.push(block_i(
        "b3",
        vec![
            Inst::new(add(Type::I32, x, x, 1)),
            Inst::new(icmp(ICond::Ult, Type::I32, q, r(x), imm(20))),
            Inst {
                guard: Some(Guard {
                    reg: q,
                    negate: true,
                }),
                op: Op::Barrier,
                pc: None,
            },
            Inst::new(add(Type::I64, y, y, 1)),
        ],
        br_cond(q, 3, 4),
    ));
    // b4: z += 1; barrier; exit
    k.blocks.push(block(
        "b4",
        vec![add(Type::I32, z, z, 1), Op::Barrier],
        Term::Exit,
    ));
    for pv in [0u64, 1] {
        let lane = differential(&k, |l| {
            l.regs[p.0 as usize] = pv;
            l.regs[v.0 as usize] = 99;
        });
        assert_eq!(lane.regs[x.0 as usize], 20);
    }
}

/// A loop that stores to global memory is a streaming loop: both engines
/// yield after `YIELD_STREAMING` backward transfers into it (lanes take turns
/// every few iterations), and resume at its head.
#[test]
fn streaming_loops_yield_every_few_iterations() {
    let n = 2 * xisa_runtime::ctx::YIELD_STREAMING as u64 + 5;
    let src = format!(
        "kernel @stream() {{
  reg %i: i32, %a: i64, %p: i1
entry:
  %i = mov.i32 0
  br body
body:
  %a = mulwide.u32 %i, 4
  %a = add.i64 %a, {}
  st.global.b32 [%a], %i
  %i = add.i32 %i, 1
  %p = icmp.ult.i32 %i, {n}
  brc %p, body, done
done:
  exit
}}",
        crate::harness::g(0)
    );
    let k = xisa_ir::text::parse_kernel(&src).unwrap();
    assert_eq!(k.streaming_loop_heads(), [false, true, false]);
    let p = jit(&k);
    let mut lane = Lane::new(&k, 256);
    assert_eq!(lane.run(&p), STOP_YIELD);
    assert_eq!(lane.resume, RESUME_BLOCK_BASE + 1);
    let i = k.regs.iter().position(|r| r.name == "i").unwrap();
    assert_eq!(lane.regs[i], xisa_runtime::ctx::YIELD_STREAMING as u64);
    let stops = run_to_end(&mut lane, &p);
    assert_eq!(stops, vec![STOP_YIELD, STOP_EXIT]);
    assert_eq!(lane.regs[i], n);
    differential(&k, |_| {});
}
