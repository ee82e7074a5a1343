//! Surface accesses (descriptor + coordinates, clamp/trap/ignore) against the
//! interpreter, which resolves them with the same runtime function.

use xisa_ir::op;
use xisa_ir::SurfaceAddr;
use xisa_ir::{
    Address, AtomOp, AtomType, Kernel, MemKind, Op, Scope, Space, SurfDim, SurfOob, Term,
};
use xisa_runtime::ctx::{fault_kind, space_code};
use xisa_runtime::surface::SurfDesc;

use crate::control::differential;
use crate::harness::{block, g, load, r, regs, store, Lane};

/// Descriptor at guest offset 0, data from offset 64: 2D, 16 bytes × 4 rows,
/// pitch 24, 3 layers of 96 bytes.
fn setup(l: &mut Lane, x: u64, y: u64, z: u64, desc: u64) {
    let d = SurfDesc {
        base: g(64),
        width: 16,
        height: 4,
        depth: 3,
        row_pitch: 24,
        slice_pitch: 96,
    };
    l.global_bytes()[..32].copy_from_slice(&d.to_bytes());
    for (i, b) in l.global_bytes()[64..].iter_mut().enumerate() {
        *b = i as u8 ^ 0x5a;
    }
    l.regs[..5].copy_from_slice(&[desc, x, y, z, 0x1122_3344]);
}

fn surf_kernel(dim: SurfDim, oob: SurfOob, op: &str) -> Kernel {
    let mut k = Kernel::new(format!("surf_{}_{}_{op}", dim.name(), oob.name()));
    let [desc, x, y, z, v] = regs(&mut k, "desc: i64, x: i32, y: i32, z: i32, v: i32");
    let addr = Address::Surface(SurfaceAddr {
        desc: r(desc),
        dim,
        oob,
        x: r(x),
        y: r(y),
        z: r(z),
    });
    let sp = Space::Surface;
    let inst = match op {
        "ld" => load(sp, MemKind::B32, 1, vec![v], addr),
        "st" => store(sp, MemKind::B32, 1, vec![r(v)], addr),
        _ => {
            let (add, b32, dev) = (AtomOp::Add, AtomType::B32, Scope::Device);
            Op::Atomic(op::Atomic::relaxed(add, b32, sp, dev, Some(v), addr, r(v)))
        }
    };
    k.blocks.push(block("a", vec![inst], Term::Exit));
    k
}

#[test]
fn surface_accesses_match_the_interpreter() {
    let coords: &[(u64, u64, u64)] = &[
        (0, 0, 0),
        (12, 3, 2),
        (4, 1, 1),
        (13, 0, 0),
        (16, 0, 0),
        (0, 4, 0),
        (0, 0, 3),
        (u32::MAX as u64, 0, 0),
        (8, u32::MAX as u64, 1),
        (2, 2, 0),
    ];
    for dim in SurfDim::ALL {
        for oob in SurfOob::ALL {
            for op in ["ld", "st", "atom"] {
                let k = surf_kernel(dim, oob, op);
                for &(x, y, z) in coords {
                    differential(&k, |l| setup(l, x, y, z, g(0)));
                }
            }
        }
    }
}

#[test]
fn surface_fault_details() {
    // A trapping coordinate.
    let k = surf_kernel(SurfDim::D2, SurfOob::Trap, "ld");
    let lane = differential(&k, |l| setup(l, 16, 0, 0, g(0)));
    assert_eq!(lane.fault.kind, fault_kind::OUT_OF_BOUNDS);
    assert_eq!(lane.fault.space, space_code(Space::Surface));
    assert_eq!(lane.fault.inst, 0);
    // An unreadable descriptor.
    let lane = differential(&k, |l| setup(l, 0, 0, 0, 8));
    assert_eq!(lane.fault.kind, fault_kind::OUT_OF_BOUNDS);
    assert_eq!(lane.fault.addr, 8);
    // Ignore: a dropped load reads 0.
    let k = surf_kernel(SurfDim::D2, SurfOob::Ignore, "ld");
    let lane = differential(&k, |l| setup(l, 16, 0, 0, g(0)));
    assert_eq!(lane.fault.kind, fault_kind::NONE);
    assert_eq!(lane.regs[4], 0);
    // Misaligned atomic.
    let k = surf_kernel(SurfDim::D1, SurfOob::Clamp, "atom");
    let lane = differential(&k, |l| setup(l, 2, 0, 0, g(0)));
    assert_eq!(lane.fault.kind, fault_kind::MISALIGNED);
    assert_eq!(lane.fault.addr, g(66));
}
