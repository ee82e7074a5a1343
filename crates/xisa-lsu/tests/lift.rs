//! Lifter unit tests: register naming, EXEC guards, pcs, address construction,
//! spaces, scopes, operand order of cmpxchg, splitting of wide uniform loads.

use xisa_ir::op;
use xisa_ir::BufferAddr;
use xisa_ir::{Address, AtomOp, AtomType, MemKind, Op, Operand, Order, Scope, Space, Term, Type};
use xisa_lsu::{LiftError, LiftOptions};

fn lift(src: &str) -> xisa_ir::Kernel {
    let insts = xisa_lsu::parse_program(src).unwrap();
    xisa_lsu::lift(&insts, &LiftOptions::default()).unwrap()
}

fn reg(k: &xisa_ir::Kernel, name: &str) -> xisa_ir::Reg {
    xisa_ir::Reg(
        k.regs
            .iter()
            .position(|r| r.name == name)
            .unwrap_or_else(|| panic!("no {name}")) as u32,
    )
}

fn ops(k: &xisa_ir::Kernel) -> Vec<&xisa_ir::Inst> {
    k.blocks[0].insts.iter().collect()
}

#[test]
fn registers_exec_pcs_and_exit() {
    let k = lift("ld.global.b64 v[4:5], v[2:3], -8\nuld.b32 u7, u[0:1], 0");
    assert_eq!(k.wave_size, 32);
    assert_eq!(k.regs[0].name, "exec");
    assert_eq!(k.regs[0].ty, Type::I1);
    for r in &k.regs[1..] {
        assert!(
            (r.name.starts_with('v') || r.name.starts_with('u')) && r.ty == Type::I32
                || r.name.starts_with("t."),
            "{r:?}"
        );
    }
    for n in ["v2", "v3", "v4", "v5", "u0", "u1", "u7"] {
        reg(&k, n);
    }
    assert!(!k.regs.iter().any(|r| r.name == "v0" || r.name == "u2"));
    assert_eq!(k.blocks.len(), 1);
    assert_eq!(k.blocks[0].term, Term::Exit);
    let exec = reg(&k, "exec");
    for i in ops(&k) {
        let pc = i.pc.expect("pc");
        match &i.op {
            Op::Load(op::Load {
                uniform: false,
                dsts,
                addr,
                space,
                mem,
                ..
            }) => {
                assert_eq!(pc, 0);
                assert_eq!(i.guard.map(|g| (g.reg, g.negate)), Some((exec, false)));
                assert_eq!(*space, Space::Global);
                assert_eq!((mem.kind, mem.count), (MemKind::B32, 2));
                assert_eq!(dsts, &vec![reg(&k, "v4"), reg(&k, "v5")]);
                assert!(
                    matches!(addr, Address::Flat { offset: -8, base: Operand::Reg(r) } if k.regs[r.0 as usize].ty == Type::I64)
                );
            }
            Op::Load(op::Load { uniform: true, .. }) => {
                assert_eq!(pc, 12);
                assert!(i.guard.is_none(), "uld ignores EXEC");
            }
            Op::Cvt(_) | Op::Bin(_) => {}
            o => panic!("unexpected {o:?}"),
        }
    }
    // The 64-bit address is zext(lo) | zext(hi) << 32.
    let text = xisa_ir::text::print_kernel(&k);
    assert!(text.contains("cvt.zext.i64.i32 %v2"), "{text}");
    assert!(text.contains("shl.i64"), "{text}");
    assert!(text.contains("or.i64"), "{text}");
    let k64 = xisa_lsu::lift(&[], &LiftOptions { wave_size: 64 }).unwrap();
    assert_eq!(k64.wave_size, 64);
    assert_eq!(
        xisa_lsu::lift(&[], &LiftOptions { wave_size: 48 }),
        Err(LiftError::WaveSize(48))
    );
}

#[test]
fn atomics_spaces_scopes_and_operands() {
    let k = lift(
        "atom.global.add.u32 v1, v[2:3], 0\n\
         atom.shared.xchg.b32.rtn v1, v2, 4\n\
         atom.buf.cmpxchg.b32.rtn v[4:5], u[0:3], v1, 0\n\
         atom.ubase.cmpxchg.b64 v[8:11], u[4:5], v1, 0, scope:sys\n\
         atom.global.fmin.f32.rtn v6, v[2:3], 0, scope:wg",
    );
    let atoms: Vec<_> = ops(&k)
        .into_iter()
        .filter_map(|i| match &i.op {
            Op::Atomic(op::Atomic {
                op,
                ty,
                space,
                scope,
                order,
                dst,
                addr,
                src,
                cmp,
                ..
            }) => Some((
                i.pc.unwrap(),
                *op,
                *ty,
                *space,
                *scope,
                *order,
                *dst,
                *addr,
                *src,
                *cmp,
                i.guard.is_some(),
            )),
            _ => None,
        })
        .collect();
    assert_eq!(atoms.len(), 5);
    let (pc, op, ty, space, scope, order, dst, _, src, cmp, g) = atoms[0];
    assert_eq!(
        (pc, op, ty, space, scope, order, dst, cmp, g),
        (
            0,
            AtomOp::Add,
            AtomType::B32,
            Space::Global,
            Scope::Device,
            Order::Relaxed,
            None,
            None,
            true
        )
    );
    assert_eq!(src, Operand::Reg(reg(&k, "v1")));
    let (pc, op, _, space, scope, _, dst, addr, _, _, _) = atoms[1];
    assert_eq!(
        (pc, op, space, scope),
        (12, AtomOp::Exch, Space::Shared, Scope::Workgroup)
    );
    assert_eq!(dst, Some(reg(&k, "v1")));
    assert_eq!(
        addr,
        Address::Flat {
            base: Operand::Reg(reg(&k, "v2")),
            offset: 4
        }
    );
    // cmpxchg: data0 (rd) is the compare value, data1 (rd+1) the new value.
    let (_, op, _, space, scope, _, dst, addr, src, cmp, _) = atoms[2];
    assert_eq!(
        (op, space, scope),
        (AtomOp::Cas, Space::Buffer, Scope::Device)
    );
    assert_eq!(cmp, Some(Operand::Reg(reg(&k, "v4"))));
    assert_eq!(src, Operand::Reg(reg(&k, "v5")));
    assert_eq!(dst, Some(reg(&k, "v4")));
    assert!(matches!(addr, Address::Buffer(_)));
    let (_, op, ty, space, scope, _, dst, _, _, cmp, _) = atoms[3];
    assert_eq!(
        (op, ty, space, scope, dst),
        (
            AtomOp::Cas,
            AtomType::B64,
            Space::Global,
            Scope::System,
            None
        )
    );
    assert!(cmp.is_some());
    let (_, op, ty, _, scope, _, dst, _, _, _, _) = atoms[4];
    assert_eq!(
        (op, ty, scope),
        (AtomOp::FMin, AtomType::F32, Scope::Workgroup)
    );
    assert!(dst.is_some());
}

#[test]
fn wide_uniform_loads_split_and_buffers_per_dword() {
    let k = lift("uld.b512 u[16:31], u[0:1], 0\nuld.buf.b64 u[2:3], u[4:7], 16\nst.buf.b96 v[0:2], u[4:7], v3, -4");
    let loads: Vec<_> = ops(&k)
        .into_iter()
        .filter_map(|i| match &i.op {
            Op::Load(op::Load {
                mem,
                addr,
                space,
                uniform,
                dsts,
                ..
            }) => Some((*space, mem.count, *addr, *uniform, dsts.len())),
            _ => None,
        })
        .collect();
    assert_eq!(loads.len(), 4 + 2);
    for (i, l) in loads[..4].iter().enumerate() {
        assert_eq!((l.0, l.1, l.3, l.4), (Space::Global, 4, true, 4));
        assert!(matches!(l.2, Address::Flat { offset, .. } if offset == 16 * i as i64));
    }
    for (i, l) in loads[4..].iter().enumerate() {
        assert_eq!((l.0, l.1), (Space::Buffer, 1));
        assert!(
            matches!(l.2, Address::Buffer(BufferAddr { imm, offset: Operand::Imm(0), .. }) if imm == 16 + 4 * i as i64)
        );
    }
    let stores = ops(&k)
        .into_iter()
        .filter(|i| matches!(i.op, Op::Store(_)))
        .count();
    assert_eq!(stores, 3);
}

#[test]
fn scratch_sets_local_bytes() {
    assert_eq!(
        lift("ld.scratch.b32 v0, v1, 0").local_bytes,
        xisa_lsu::SCRATCH_BYTES
    );
    assert_eq!(lift("ld.shared.b32 v0, v1, 0").local_bytes, 0);
}

#[test]
fn all_instructions_lift_and_verify() {
    let t = xisa_lsu::rules::tables();
    for (id, _) in t.rules.iter().enumerate() {
        let i = xisa_lsu::Inst {
            id,
            rd: 8,
            rs1: 0,
            rs2: 4,
            imm: -1,
            cpol: 12,
        };
        let k = xisa_lsu::lift(&[i], &LiftOptions::default()).unwrap();
        assert!(xisa_ir::verify::verify_kernel(&k).is_ok());
        // The IR text form round-trips (xisa lift prints it).
        let text = xisa_ir::text::print_kernel(&k);
        assert_eq!(xisa_ir::text::parse_kernel(&text).unwrap(), k);
    }
    let bad = xisa_lsu::Inst {
        id: 999,
        rd: 0,
        rs1: 0,
        rs2: 0,
        imm: 0,
        cpol: 0,
    };
    assert!(matches!(
        xisa_lsu::lift(&[bad], &LiftOptions::default()),
        Err(LiftError::BadId { id: 999, .. })
    ));
    let id = t.lookup("ld.global.b128").unwrap();
    let range = xisa_lsu::Inst {
        id,
        rd: 254,
        rs1: 0,
        rs2: 0,
        imm: 0,
        cpol: 0,
    };
    assert!(matches!(
        xisa_lsu::lift(&[range], &LiftOptions::default()),
        Err(LiftError::Operand { .. })
    ));
}
