//! Atomics: every op × type × {shared, global} × {workgroup, device} against
//! `semantics::atomic_apply`, buffer atomics, misaligned faults, statistics
//! counters, and a multi-threaded stress test of the host-atomic lowering.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use xisa_ir::op;
use xisa_ir::BufferAddr;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use xisa_ir::semantics as sem;
use xisa_ir::{Address, AtomOp, AtomType, ICond, Kernel, Op, Reg, Scope, Space, Term, Type};
use xisa_jit::JitProgram;
use xisa_runtime::ctx::{
    fault_kind, space_code, Counters, LaneCtx, CALL_STACK_DEPTH, REG_STRIDE, RESUME_ENTRY,
    STOP_EXIT, STOP_YIELD,
};
use xisa_runtime::{LaneProgram, GUEST_BASE};

use crate::control::differential;
use crate::harness::{
    add, b, block, br_cond, flat, from_file, g, icmp, imm, jit, r, regs, to_file, Lane,
};
use crate::ops::arg;

struct AtomKernel {
    k: Kernel,
    addr: Reg,
    src: Reg,
    cmp: Reg,
    dst: Reg,
}

fn atom_kernel(op: AtomOp, ty: AtomType, space: Space, scope: Scope, ftz: bool) -> AtomKernel {
    let mut k = Kernel::new(format!(
        "atom_{}_{}_{}_{}",
        op.name(),
        ty.name(),
        space,
        scope
    ));
    let rt = ty.reg_type();
    let addr = k.reg(
        "addr",
        if space == Space::Shared {
            Type::I32
        } else {
            Type::I64
        },
    );
    let src = k.reg("src", rt);
    let cmp = k.reg("cmp", rt);
    let dst = k.reg("dst", rt);
    k.blocks.push(block(
        "a",
        vec![Op::Atomic(op::Atomic {
            ftz,
            cmp: (op == AtomOp::Cas).then_some(r(cmp)),
            ..op::Atomic::relaxed(op, ty, space, scope, Some(dst), flat(r(addr), 8), r(src))
        })],
        Term::Exit,
    ));
    AtomKernel {
        k,
        addr,
        src,
        cmp,
        dst,
    }
}

/// Every supported (op, type), both spaces, both scope classes, ftz for the
/// float ops: the memory gets `atomic_apply(old, src, cmp)`, `dst` gets `old`.
#[test]
fn every_atomic_against_semantics() {
    for op in AtomOp::ALL {
        for ty in AtomType::ALL {
            if !ty.supports(op) {
                continue;
            }
            let ftzs: &[bool] = if op.is_float() {
                &[false, true]
            } else {
                &[false]
            };
            for &ftz in ftzs {
                for space in [Space::Shared, Space::Global] {
                    for scope in [Scope::Workgroup, Scope::Device] {
                        check_atomic(op, ty, space, scope, ftz);
                    }
                }
            }
        }
    }
}

fn check_atomic(op: AtomOp, ty: AtomType, space: Space, scope: Scope, ftz: bool) {
    let ak = atom_kernel(op, ty, space, scope, ftz);
    let p = jit(&ak.k);
    let len = ty.bytes() as usize;
    let m = if len == 8 { u64::MAX } else { 0xffff_ffff };
    let mut runner = TestRunner::new(Config {
        cases: 200,
        failure_persistence: None,
        ..Config::default()
    });
    let name = ak.k.name.clone();
    runner
        .run(
            &(arg(), arg(), arg(), any::<bool>()),
            |(old, src, cmp, same)| {
                let (old, src) = (old & m, src & m);
                // Make cas hit half of the time.
                let cmp = if same { old } else { cmp & m };
                let mut lane = Lane::new(&ak.k, 64);
                lane.regs[ak.addr.0 as usize] = if space == Space::Shared { 16 } else { g(16) };
                lane.regs[ak.src.0 as usize] = src;
                lane.regs[ak.cmp.0 as usize] = cmp;
                let bytes = if space == Space::Shared {
                    lane.shared_bytes()
                } else {
                    lane.global_bytes()
                };
                Lane::write(bytes, 24, len, old);
                prop_assert_eq!(lane.run(&p), STOP_EXIT);
                let bytes = if space == Space::Shared {
                    lane.shared_bytes()
                } else {
                    lane.global_bytes()
                };
                let new = Lane::read(bytes, 24, len);
                let want = sem::atomic_apply(op, ty, ftz, old, src, cmp) & m;
                prop_assert_eq!(new, want, "{}: memory", name);
                prop_assert_eq!(lane.regs[ak.dst.0 as usize], old, "{}: old value", name);
                let oi = AtomOp::ALL.iter().position(|&x| x == op).unwrap();
                let si = Scope::ALL.iter().position(|&x| x == scope).unwrap();
                prop_assert_eq!(lane.counters.atomics[oi][si], 1);
                Ok(())
            },
        )
        .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn misaligned_atomics_fault() {
    for space in [Space::Shared, Space::Global] {
        for scope in [Scope::Workgroup, Scope::Device] {
            for (ty, off) in [
                (AtomType::B32, 2u64),
                (AtomType::B64, 4),
                (AtomType::F32, 1),
            ] {
                let op = if ty == AtomType::F32 {
                    AtomOp::FAdd
                } else {
                    AtomOp::Add
                };
                let ak = atom_kernel(op, ty, space, scope, false);
                let base = if space == Space::Shared { 0 } else { g(0) };
                let lane = differential(&ak.k, |l| l.regs[0] = base + off);
                assert_eq!(lane.fault.kind, fault_kind::MISALIGNED);
                assert_eq!(lane.fault.addr, base + off + 8);
                assert_eq!(lane.fault.space, space_code(space));
                assert_eq!(lane.fault.len, ty.bytes());
                assert_eq!(lane.counters.atomics, Counters::default().atomics);
            }
        }
    }
}

#[test]
fn atomics_on_read_only_spaces_fault() {
    for space in [Space::Const, Space::Param] {
        let ak = atom_kernel(AtomOp::Add, AtomType::B32, space, Scope::Device, false);
        let lane = differential(&ak.k, |l| l.regs[0] = g(0));
        assert_eq!(lane.fault.kind, fault_kind::READ_ONLY);
    }
}

#[test]
fn buffer_atomics() {
    for scope in [Scope::Workgroup, Scope::Device] {
        for op in [AtomOp::Add, AtomOp::Inc, AtomOp::Cas] {
            let mut k = Kernel::new("buf_atom");
            let [base, size, off, dst] = regs(&mut k, "base: i64, size: i32, off: i32, dst: i32");
            let addr = Address::Buffer(BufferAddr {
                base: r(base),
                size: r(size),
                offset: r(off),
                imm: 4,
            });
            let (b32, dst) = (AtomType::B32, Some(dst));
            let atom = op::Atomic {
                cmp: Some(imm(0)),
                ..op::Atomic::relaxed(op, b32, Space::Buffer, scope, dst, addr, imm(100))
            };
            k.blocks
                .push(block("a", vec![Op::Atomic(atom)], Term::Exit));
            for (o, inb) in [(0u64, true), (56, true), (60, false), (0xffff_fffc, false)] {
                let lane = differential(&k, |l| {
                    l.regs[..4].copy_from_slice(&[g(32), 64, o, 0xdead]);
                    Lane::write(l.global_bytes(), 36, 4, 7);
                });
                if inb && o == 0 {
                    assert_eq!(lane.regs[3], 7);
                } else if !inb {
                    // A dropped buffer atomic returns 0 and is not counted.
                    assert_eq!(lane.regs[3], 0);
                    assert_eq!(lane.counters.atomics, Counters::default().atomics);
                }
            }
        }
    }
}

/// Owns a lane context whose guest memory is shared with other threads.
struct SharedLane {
    regs: Vec<u64>,
    stack: Vec<u32>,
    cancel: Box<AtomicBool>,
    counters: Box<Counters>,
}

fn run_shared(p: &JitProgram, mem: &[AtomicU64], mut regs: Vec<u64>) -> Vec<u64> {
    let mut file = vec![0; regs.len() * REG_STRIDE];
    to_file(&regs, &mut file);
    let mut l = SharedLane {
        regs: file,
        stack: vec![0; CALL_STACK_DEPTH],
        cancel: Box::new(AtomicBool::new(false)),
        counters: Box::default(),
    };
    let mut resume = RESUME_ENTRY;
    loop {
        let mut c = LaneCtx {
            regs: l.regs.as_mut_ptr(),
            global_base: mem.as_ptr() as *mut u8,
            global_limit: (mem.len() * 8) as u64,
            call_stack: l.stack.as_mut_ptr(),
            resume,
            cancel: &*l.cancel,
            counters: &mut *l.counters,
            ..LaneCtx::detached()
        };
        match p.run(&mut c) {
            STOP_EXIT => {
                from_file(&l.regs, &mut regs);
                return regs;
            }
            STOP_YIELD => resume = c.resume,
            s => panic!("stop {s}, fault {:?}", c.fault),
        }
    }
}

/// `for i in 0..n { atomic op [addr], src }` on one location.
fn stress_kernel(op: AtomOp, ty: AtomType, scope: Scope, src: u64, n: u64) -> Kernel {
    let mut k = Kernel::new("stress");
    let [addr, i, c] = regs(&mut k, "addr: i64, i: i32, c: i1");
    k.blocks.push(block("entry", vec![], Term::Br(b(1))));
    let addr = flat(r(addr), 0);
    k.blocks.push(block(
        "loop",
        vec![
            Op::Atomic(op::Atomic::relaxed(
                op,
                ty,
                Space::Global,
                scope,
                None,
                addr,
                imm(src),
            )),
            add(Type::I32, i, i, 1),
            icmp(ICond::Ult, Type::I32, c, r(i), imm(n)),
        ],
        br_cond(c, 1, 2),
    ));
    k.blocks.push(block("done", vec![], Term::Exit));
    k
}

fn stress(op: AtomOp, ty: AtomType, src: u64) -> u64 {
    const THREADS: usize = 4;
    const N: u64 = 100_000;
    let k = stress_kernel(op, ty, Scope::Device, src, N);
    let p = Arc::new(jit(&k));
    let mem: Arc<Vec<AtomicU64>> = Arc::new((0..4).map(|_| AtomicU64::new(0)).collect());
    let handles: Vec<_> = (0..THREADS)
        .map(|_| {
            let (p, mem) = (p.clone(), mem.clone());
            std::thread::spawn(move || run_shared(&p, &mem, vec![GUEST_BASE + 8, 0, 0]))
        })
        .collect();
    for h in handles {
        h.join().expect("worker");
    }
    mem[1].load(Ordering::SeqCst)
}

#[test]
fn device_atomics_are_host_atomic() {
    let total = 4 * 100_000u64;
    // atomic_rmw add.
    assert_eq!(stress(AtomOp::Add, AtomType::B32, 1), total);
    assert_eq!(stress(AtomOp::SafeAdd, AtomType::B64, 3), 3 * total);
    // CAS loops: inc (native compute) and f32 add (exact below 2^24).
    assert_eq!(stress(AtomOp::Inc, AtomType::B32, u32::MAX as u64), total);
    let f = stress(AtomOp::FAdd, AtomType::F32, 1.0f32.to_bits() as u64);
    assert_eq!(f32::from_bits(f as u32), total as f32);
    let f = stress(AtomOp::FAdd, AtomType::F64, 0.5f64.to_bits());
    assert_eq!(f64::from_bits(f), total as f64 / 2.0);
}
