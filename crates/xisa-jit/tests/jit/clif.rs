//! The scope table of `docs/scopes.md`, checked on the generated CLIF: one test
//! per row.

use xisa_ir::op;
use xisa_ir::BufferAddr;
use xisa_ir::{Address, AtomOp, AtomType, Kernel, MemKind, Op, Order, Scope, Space};
use xisa_jit::{clif_text, JitOptions};

use crate::harness::{self, flat, imm, ordered, r, regs, straight};

/// A kernel `name` made of `make(addr, val)`.
fn one_op_kernel(name: &str, make: impl FnOnce(xisa_ir::Reg, xisa_ir::Reg) -> Op) -> Kernel {
    let mut k = Kernel::new(name);
    let [a, v] = regs(&mut k, "a: i64, v: i32");
    let op = make(a, v);
    straight(&mut k, vec![op]);
    k
}

/// The CLIF of a kernel made of `make(addr, val)` (stats off, so only the op's
/// own code is there).
fn clif(make: impl FnOnce(xisa_ir::Reg, xisa_ir::Reg) -> Op) -> String {
    let k = one_op_kernel("clif", make);
    let text = clif_text(&k, &JitOptions::default()).expect("lowers");
    // Also check that it compiles.
    xisa_jit::compile(&k, &JitOptions::default()).expect("compiles");
    text
}

fn atomic(op: AtomOp, ty: AtomType, space: Space, scope: Scope) -> String {
    clif(|a, v| {
        Op::Atomic(op::Atomic {
            cmp: (op == AtomOp::Cas).then_some(imm(1)),
            ..op::Atomic::relaxed(op, ty, space, scope, Some(v), flat(r(a), 0), r(v))
        })
    })
}

fn count(text: &str, pat: &str) -> usize {
    text.matches(pat).count()
}

#[test]
fn device_integer_rmw_is_atomic_rmw() {
    for (op, name) in [
        (AtomOp::Add, "add"),
        (AtomOp::SafeAdd, "add"),
        (AtomOp::Sub, "sub"),
        (AtomOp::And, "and"),
        (AtomOp::Or, "or"),
        (AtomOp::Xor, "xor"),
        (AtomOp::Exch, "xchg"),
        (AtomOp::UMin, "umin"),
        (AtomOp::UMax, "umax"),
        (AtomOp::SMin, "smin"),
        (AtomOp::SMax, "smax"),
    ] {
        // Every scope: global atomics are performed at the memory side on the
        // hardware, so even a wave-scope one is a host atomic.
        for scope in Scope::ALL {
            for ty in [AtomType::B32, AtomType::B64] {
                let t = atomic(op, ty, Space::Global, scope);
                let width = if ty == AtomType::B64 { "i64" } else { "i32" };
                let rmw: Vec<&str> = t.lines().filter(|l| l.contains("atomic_rmw")).collect();
                assert_eq!(rmw.len(), 1, "{op:?} {scope}:\n{t}");
                assert!(
                    rmw[0].contains(&format!("atomic_rmw.{width} "))
                        && rmw[0].contains(&format!(" {name} v")),
                    "{op:?} {scope}: {}",
                    rmw[0]
                );
                assert_eq!(count(&t, "atomic_cas"), 0);
            }
        }
        // Buffer atomics (descriptor addressing) follow the same rule.
        for scope in [Scope::Device, Scope::Workgroup, Scope::Wave] {
            let t = clif(|a, v| {
                let addr = Address::Buffer(BufferAddr {
                    base: r(a),
                    size: r(v),
                    offset: r(v),
                    imm: 0,
                });
                let ty = AtomType::B32;
                Op::Atomic(op::Atomic::relaxed(
                    op,
                    ty,
                    Space::Buffer,
                    scope,
                    Some(v),
                    addr,
                    r(v),
                ))
            });
            assert_eq!(count(&t, "atomic_rmw"), 1, "buffer {op:?} {scope}:\n{t}");
        }
        // A flat address in the buffer space always faults: no access at all.
        let t = atomic(op, AtomType::B32, Space::Buffer, Scope::Device);
        assert_eq!(count(&t, "atomic_rmw"), 0, "{t}");
    }
}

#[test]
fn global_cas_is_atomic_cas_at_every_scope() {
    for scope in Scope::ALL {
        let t = atomic(AtomOp::Cas, AtomType::B64, Space::Global, scope);
        assert_eq!(count(&t, "atomic_cas"), 1, "{scope}: {t}");
        assert_eq!(count(&t, "atomic_rmw"), 0);
    }
}

#[test]
fn narrow_scope_global_cas_loops_are_host_atomic() {
    // Regression: workgroup/wave-scope global atomics used to be a plain
    // read-modify-write and lost updates across workgroups.
    for scope in [Scope::Wave, Scope::Workgroup] {
        for (op, ty) in [
            (AtomOp::Inc, AtomType::B32),
            (AtomOp::FAdd, AtomType::F32),
            (AtomOp::FMax, AtomType::F64),
        ] {
            let t = atomic(op, ty, Space::Global, scope);
            assert_eq!(count(&t, "atomic_cas"), 1, "{op:?} {scope}:\n{t}");
        }
    }
}

#[test]
fn ops_without_rmw_are_cas_loops() {
    for (op, ty) in [
        (AtomOp::Inc, AtomType::B32),
        (AtomOp::Dec, AtomType::B64),
        (AtomOp::FAdd, AtomType::F32),
        (AtomOp::FAdd, AtomType::F64),
        (AtomOp::FMin, AtomType::F32),
        (AtomOp::FMax, AtomType::F64),
        (AtomOp::FAdd, AtomType::F16x2),
        (AtomOp::FAdd, AtomType::BF16x2),
    ] {
        let t = atomic(op, ty, Space::Global, Scope::Device);
        assert_eq!(count(&t, "atomic_cas"), 1, "{op:?} {ty:?}:\n{t}");
        // The initial load of the loop, then a retry branch on the cas result.
        assert_eq!(count(&t, "atomic_load"), 1);
        assert_eq!(count(&t, "atomic_rmw"), 0);
        assert!(t.contains("icmp eq"), "{t}");
    }
    // Float add computes natively; min/max and packed adds call the helper.
    let t = atomic(AtomOp::FAdd, AtomType::F32, Space::Global, Scope::Device);
    assert!(t.contains(" = fadd v"), "{t}");
    let t = atomic(AtomOp::FMin, AtomType::F32, Space::Global, Scope::Device);
    assert!(t.contains("call "));
}

#[test]
fn shared_and_local_atomics_are_plain() {
    for op in AtomOp::ALL {
        let ty = if op.is_float() {
            AtomType::F32
        } else {
            AtomType::B32
        };
        let mut cases = vec![(Space::Local, Scope::System)];
        for scope in Scope::ALL {
            cases.push((Space::Shared, scope));
        }
        for (space, scope) in cases {
            let t = atomic(op, ty, space, scope);
            for host in [
                "atomic_rmw",
                "atomic_cas",
                "atomic_load",
                "atomic_store",
                "fence",
            ] {
                assert_eq!(count(&t, host), 0, "{op:?} {space} {scope}: {host}\n{t}");
            }
            assert!(t.contains("load.i32"), "{t}");
            assert!(t.contains("store notrap aligned"), "{t}");
        }
    }
}

fn fence(scope: Scope, order: Order) -> String {
    clif(|_, _| Op::Fence { scope, order })
}

#[test]
fn fences_by_scope_and_order() {
    for scope in [Scope::Wave, Scope::Workgroup] {
        for order in Order::ALL {
            let t = fence(scope, order);
            assert_eq!(count(&t, "fence"), 0, "{scope} {order}");
            assert_eq!(count(&t, "atomic_load"), 0, "{scope} {order}");
        }
    }
    for scope in [Scope::Cluster, Scope::Device, Scope::System] {
        let t = fence(scope, Order::SeqCst);
        assert_eq!(count(&t, "    fence"), 1, "{t}");
        for order in [Order::Acquire, Order::Release, Order::AcqRel] {
            // A compiler-only barrier: an unused atomic load, no mfence.
            let t = fence(scope, order);
            assert_eq!(count(&t, "fence"), 0, "{scope} {order}:\n{t}");
            assert_eq!(count(&t, "atomic_load.i8"), 1, "{scope} {order}:\n{t}");
        }
        let t = fence(scope, Order::Relaxed);
        assert_eq!(count(&t, "fence") + count(&t, "atomic_load"), 0);
    }
}

fn load(space: Space, order: Order, scope: Scope) -> String {
    clif(|a, v| {
        let m = harness::load(space, MemKind::B32, 1, vec![v], flat(r(a), 4));
        ordered(m, order, scope, false)
    })
}

fn store(space: Space, order: Order, scope: Scope) -> String {
    clif(|a, v| {
        let m = harness::store(space, MemKind::B32, 1, vec![r(v)], flat(r(a), 4));
        ordered(m, order, scope, false)
    })
}

#[test]
fn strong_device_loads_are_atomic_loads() {
    for scope in [Scope::Cluster, Scope::Device, Scope::System] {
        for order in [Order::Relaxed, Order::Acquire, Order::SeqCst] {
            let t = load(Space::Global, order, scope);
            assert!(t.contains("atomic_load.i32"), "{scope} {order}:\n{t}");
        }
        let t = load(Space::Global, Order::Weak, scope);
        assert_eq!(count(&t, "atomic_load"), 0, "{t}");
    }
    for scope in [Scope::Wave, Scope::Workgroup] {
        let t = load(Space::Global, Order::Acquire, scope);
        assert_eq!(count(&t, "atomic_load"), 0, "{t}");
    }
    let t = load(Space::Shared, Order::SeqCst, Scope::System);
    assert_eq!(count(&t, "atomic_load"), 0, "{t}");
}

#[test]
fn only_seq_cst_device_stores_are_atomic_stores() {
    for scope in [Scope::Cluster, Scope::Device, Scope::System] {
        let t = store(Space::Global, Order::SeqCst, scope);
        assert_eq!(count(&t, "atomic_store"), 1, "{t}");
        for order in [Order::Weak, Order::Relaxed, Order::Release] {
            let t = store(Space::Global, order, scope);
            assert_eq!(count(&t, "atomic_store"), 0, "{scope} {order}:\n{t}");
            assert!(t.contains("store.i32 notrap v"), "{t}");
        }
    }
    let t = store(Space::Global, Order::SeqCst, Scope::Workgroup);
    assert_eq!(count(&t, "atomic_store"), 0, "{t}");
    let t = store(Space::Shared, Order::SeqCst, Scope::Device);
    assert_eq!(count(&t, "atomic_store"), 0, "{t}");
}

#[test]
fn no_counting_code_without_stats() {
    let k = one_op_kernel("nostats", |a, v| {
        let (add, b32) = (AtomOp::Add, AtomType::B32);
        let addr = flat(r(a), 0);
        Op::Atomic(op::Atomic::relaxed(
            add,
            b32,
            Space::Global,
            Scope::Device,
            Some(v),
            addr,
            r(v),
        ))
    });
    let o = xisa_runtime::ctx::LaneCtx::OFFSETS;
    let with = clif_text(
        &k,
        &JitOptions {
            count_stats: true,
            ..JitOptions::default()
        },
    )
    .unwrap();
    let without = clif_text(&k, &JitOptions::default()).unwrap();
    // The lane's context: `ctxs` (v0, the first parameter) plus the lane's
    // offset, in the lane loop.
    let ctx_of = |t: &str| {
        t.lines()
            .find_map(|l| {
                let (def, rhs) = l.trim().split_once(" = ")?;
                (rhs.starts_with("iadd") && rhs.contains(" v0, ")).then(|| def.to_string())
            })
            .unwrap_or_else(|| panic!("no lane context in\n{t}"))
    };
    // A group field (the counters) is read from the first context, v0.
    let mentions = |t: &str, off: i32| {
        let c = ctx_of(t);
        [c.as_str(), "v0"]
            .iter()
            .any(|c| t.contains(&format!("{c}+{off}\n")) || t.contains(&format!("{c}+{off} ")))
    };
    for off in [o.counters, o.insts] {
        assert!(mentions(&with, off), "{with}");
        assert!(!mentions(&without, off), "{without}");
    }
}
