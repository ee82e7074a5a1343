//! Loads and stores: every element kind, vectors, unaligned accesses, every
//! space, bounds faults, read-only spaces, buffer out-of-range rules, orders.

use xisa_ir::BufferAddr;
use xisa_ir::{
    Address, Guard, Inst, Kernel, MemKind, Op, Operand, Order, Reg, Scope, Space, Term, Type,
};
use xisa_runtime::ctx::{fault_kind, space_code, STOP_EXIT};

use crate::control::differential;
use crate::harness::{block, block_i, flat, g, imm, jit, load, ordered, r, regs, store, Lane};

/// The type of a flat base register for `space`: guest addresses are 64-bit,
/// window offsets 32-bit.
fn base_type(space: Space) -> Type {
    if matches!(space, Space::Global | Space::Const) {
        Type::I64
    } else {
        Type::I32
    }
}

/// The register types loaded into and stored from.
const VALUE_TYPES: [Type; 6] = [
    Type::I8,
    Type::I16,
    Type::I32,
    Type::I64,
    Type::F32,
    Type::F64,
];

/// The vector lengths of `kind` that fit an access (16 bytes at most).
fn counts(kind: MemKind) -> impl Iterator<Item = u8> {
    [1u8, 2, 4]
        .into_iter()
        .filter(move |&count| kind.bytes() * count as u32 <= 16)
}

/// Fills global memory with a byte pattern.
fn pattern(l: &mut Lane) {
    for (i, b) in l.global_bytes().iter_mut().enumerate() {
        *b = (i as u8).wrapping_mul(37).wrapping_add(0x81);
    }
    for (i, b) in l.shared_bytes().iter_mut().enumerate() {
        *b = (i as u8).wrapping_mul(11).wrapping_add(0x90);
    }
    for (i, b) in l.local_bytes().iter_mut().enumerate() {
        *b = (i as u8).wrapping_mul(13).wrapping_add(0x3);
    }
    for (i, b) in l.param_bytes().iter_mut().enumerate() {
        *b = (i as u8).wrapping_mul(7).wrapping_add(0xc1);
    }
}

/// Every kind × destination type × count, at unaligned offsets, in every
/// readable space: the JIT agrees with the interpreter (and so with
/// `memory::load` plus the kind's extension).
#[test]
fn loads_every_kind_type_and_space() {
    for space in [
        Space::Global,
        Space::Const,
        Space::Shared,
        Space::Local,
        Space::Param,
    ] {
        let mut k = Kernel::new("loads");
        let base = k.reg("base", base_type(space));
        let mut ops = vec![];
        let mut off = 1i64;
        for kind in MemKind::ALL {
            for ty in VALUE_TYPES {
                for count in counts(kind) {
                    let dsts: Vec<Reg> = (0..count)
                        .map(|i| k.reg(format!("d{off}_{i}"), ty))
                        .collect();
                    ops.push(load(space, kind, count, dsts, flat(r(base), off % 200)));
                    off += 3;
                }
            }
        }
        k.blocks.push(block("a", ops, Term::Exit));
        let lane = differential(&k, |l| {
            pattern(l);
            l.regs[0] = if matches!(space, Space::Global | Space::Const) {
                g(0)
            } else {
                0
            };
        });
        assert_eq!(lane.fault.kind, fault_kind::NONE, "{space}");
    }
}

#[test]
fn sign_and_zero_extension() {
    let mut k = Kernel::new("ext");
    let [a, s8, u8_, s16, u16_, f] = regs(
        &mut k,
        "a: i64, s8: i32, u8: i32, s16: i64, u16: i64, f: f32",
    );
    k.blocks.push(block(
        "a",
        vec![
            load(Space::Global, MemKind::S8, 1, vec![s8], flat(r(a), 0)),
            load(Space::Global, MemKind::U8, 1, vec![u8_], flat(r(a), 0)),
            load(Space::Global, MemKind::S16, 1, vec![s16], flat(r(a), 1)),
            load(Space::Global, MemKind::U16, 1, vec![u16_], flat(r(a), 1)),
            load(Space::Global, MemKind::B32, 1, vec![f], flat(r(a), 3)),
        ],
        Term::Exit,
    ));
    let p = jit(&k);
    let mut lane = Lane::new(&k, 64);
    lane.regs[0] = g(8);
    let m = lane.global_bytes();
    m[8..15].copy_from_slice(&[0x80, 0x01, 0x90, 0x00, 0x00, 0xc0, 0x3f]);
    assert_eq!(lane.run(&p), STOP_EXIT);
    assert_eq!(lane.regs[s8.0 as usize], 0xffff_ff80);
    assert_eq!(lane.regs[u8_.0 as usize], 0x80);
    assert_eq!(lane.regs[s16.0 as usize], 0xffff_ffff_ffff_9001);
    assert_eq!(lane.regs[u16_.0 as usize], 0x9001);
    assert_eq!(lane.regs[f.0 as usize], 0x3fc0_0000);
}

#[test]
fn stores_every_kind_and_space() {
    for space in [Space::Global, Space::Shared, Space::Local] {
        let mut k = Kernel::new("stores");
        let base = k.reg("base", base_type(space));
        let srcs: Vec<Reg> = VALUE_TYPES
            .iter()
            .enumerate()
            .map(|(i, &t)| k.reg(format!("s{i}"), t))
            .collect();
        let mut ops = vec![];
        let mut off = 3i64;
        for kind in MemKind::ALL {
            for count in counts(kind) {
                for (i, _) in srcs.iter().enumerate() {
                    let v: Vec<Operand> = (0..count)
                        .map(|j| r(srcs[(i + j as usize) % srcs.len()]))
                        .collect();
                    ops.push(store(space, kind, count, v, flat(r(base), off % 230)));
                    off += 5;
                }
            }
        }
        ops.push(store(
            space,
            MemKind::B64,
            1,
            vec![imm(0x1122_3344_5566_7788)],
            flat(r(base), 200),
        ));
        k.blocks.push(block("a", ops, Term::Exit));
        let lane = differential(&k, |l| {
            l.regs[0] = if space == Space::Global { g(0) } else { 0 };
            let vals = [
                0xa5u64,
                0xbeef,
                0xdead_beef,
                0x0123_4567_89ab_cdef,
                0x4049_0fdb,
                0x4009_21fb_5444_2d18,
            ];
            for (i, v) in vals.into_iter().enumerate() {
                l.regs[1 + i] = v;
            }
        });
        assert_eq!(lane.fault.kind, fault_kind::NONE, "{space}");
    }
}

fn oob_case(
    space: Space,
    addr: u64,
    offset: i64,
    kind: MemKind,
    count: u8,
    is_store: bool,
) -> Lane {
    let mut k = Kernel::new("oob");
    let base = k.reg("base", Type::I64);
    let x = k.reg("x", Type::I32);
    let d: Vec<Reg> = (0..count)
        .map(|i| k.reg(format!("d{i}"), Type::I64))
        .collect();
    let op = if is_store {
        store(
            space,
            kind,
            count,
            d.iter().map(|&x| r(x)).collect(),
            flat(r(base), offset),
        )
    } else {
        load(space, kind, count, d, flat(r(base), offset))
    };
    k.blocks.push(block(
        "a",
        vec![
            Op::Mov {
                ty: Type::I32,
                dst: x,
                src: imm(5),
            },
            op,
        ],
        Term::Exit,
    ));
    let lane = differential(&k, |l| l.regs[0] = addr);
    if lane.fault.kind == fault_kind::NONE {
        assert_eq!(lane.regs[x.0 as usize], 5);
    }
    lane
}

#[test]
fn out_of_bounds_faults() {
    // Global: the last valid bytes, then one past; below GUEST_BASE; null.
    let lane = oob_case(Space::Global, g(252), 0, MemKind::B32, 1, false);
    assert_eq!(lane.fault.kind, fault_kind::NONE);
    for (addr, off, kind, count) in [
        (g(253), 0, MemKind::B32, 1),
        (g(250), 0, MemKind::B32, 2),
        (g(0), 256, MemKind::U8, 1),
        (g(0), -1, MemKind::U8, 1),
        (0, 0, MemKind::B64, 1),
        (u64::MAX, 2, MemKind::B64, 1),
    ] {
        for is_store in [false, true] {
            let lane = oob_case(Space::Global, addr, off, kind, count, is_store);
            assert_eq!(lane.fault.kind, fault_kind::OUT_OF_BOUNDS);
            assert_eq!(lane.fault.inst, 1);
            assert_eq!(lane.fault.addr, addr.wrapping_add(off as u64));
            assert_eq!(lane.fault.len, kind.bytes() * count as u32);
            assert_eq!(lane.fault.space, space_code(Space::Global));
        }
    }
    // Windows: 256 bytes each; the base register's high half is ignored.
    for space in [Space::Shared, Space::Local, Space::Param] {
        for (addr, off) in [(250u64, 0i64), (0x1_0000_0100, 0), (0, 255), (0, -4)] {
            let lane = oob_case(space, addr, off, MemKind::B64, 1, false);
            assert_eq!(
                lane.fault.kind,
                fault_kind::OUT_OF_BOUNDS,
                "{space} {addr} {off}"
            );
            assert_eq!(lane.fault.space, space_code(space));
            assert_eq!(lane.fault.addr, xisa_ir::window_offset(addr, off));
        }
        let lane = oob_case(space, 0x1_0000_00f8, 0, MemKind::B64, 1, false);
        assert_eq!(lane.fault.kind, fault_kind::NONE);
    }
}

#[test]
fn read_only_spaces_fault_on_store() {
    for space in [Space::Const, Space::Param] {
        let lane = oob_case(space, g(0), 0, MemKind::B32, 1, true);
        assert_eq!(lane.fault.kind, fault_kind::READ_ONLY);
        assert_eq!(lane.fault.space, space_code(space));
        assert_eq!(lane.fault.inst, 1);
    }
}

fn buffer_kernel(is_store: bool, imm_off: i64) -> Kernel {
    let mut k = Kernel::new("buffer");
    let [base, size, off, d0, d1] =
        regs(&mut k, "base: i64, size: i32, off: i32, d0: i32, d1: i32");
    let addr = Address::Buffer(BufferAddr {
        base: r(base),
        size: r(size),
        offset: r(off),
        imm: imm_off,
    });
    let space = Space::Buffer;
    let op = if is_store {
        store(space, MemKind::B32, 2, vec![r(d0), r(d1)], addr)
    } else {
        load(space, MemKind::B32, 2, vec![d0, d1], addr)
    };
    k.blocks.push(block("a", vec![op], Term::Exit));
    k
}

#[test]
fn buffer_bounds_rules() {
    // (base, size, off, imm, in bounds)
    let cases = [
        (g(16), 64u64, 0u64, 0i64, true),
        (g(16), 64, 56, 0, true),
        (g(16), 64, 57, 0, false),
        (g(16), 64, 60, -4, true),
        (g(16), 64, 0, -1, false),
        (g(16), 64, 0xffff_fff0, 0, false),
        (0, 64, 0, 0, false),
        (g(16), 7, 0, 0, false),
        (g(16), 8, 0, 0, true),
    ];
    for is_store in [false, true] {
        for (base, size, off, imm_off, inb) in cases {
            let k = buffer_kernel(is_store, imm_off);
            let lane = differential(&k, |l| {
                pattern(l);
                l.regs[..5].copy_from_slice(&[base, size, off, 0x1234_5678, 0x9abc_def0]);
            });
            assert_eq!(lane.fault.kind, fault_kind::NONE);
            if !is_store && !inb {
                assert_eq!(lane.regs[3..5], [0, 0], "{base:#x} {size} {off} {imm_off}");
            }
        }
    }
    // In the buffer but outside guest memory: a fault in the buffer space.
    let k = buffer_kernel(false, 0);
    let lane = differential(&k, |l| {
        l.regs[..3].copy_from_slice(&[g(252), 64, 0]);
    });
    assert_eq!(lane.fault.kind, fault_kind::OUT_OF_BOUNDS);
    assert_eq!(lane.fault.space, space_code(Space::Buffer));
    assert_eq!(lane.fault.addr, g(252));
    assert_eq!(lane.fault.len, 8);
}

#[test]
fn flat_address_in_buffer_space_faults() {
    let lane = oob_case(Space::Buffer, g(0), 4, MemKind::B32, 1, false);
    assert_eq!(lane.fault.kind, fault_kind::OUT_OF_BOUNDS);
    assert_eq!(lane.fault.space, space_code(Space::Buffer));
}

/// A guarded-off access never faults; a guarded-on one does.
#[test]
fn guarded_memory_ops() {
    for on in [false, true] {
        let mut k = Kernel::new("guarded_mem");
        let a = k.reg("a", Type::I64);
        let p = k.reg("p", Type::I1);
        let d = k.reg("d", Type::I32);
        let guard = Some(Guard {
            reg: p,
            negate: false,
        });
        k.blocks.push(block_i(
            "a",
            vec![Inst {
                guard,
                op: load(Space::Global, MemKind::B32, 1, vec![d], flat(r(a), 0)),
                pc: None,
            }],
            Term::Exit,
        ));
        let lane = differential(&k, |l| {
            l.regs[0] = 8;
            l.regs[1] = on as u64;
            l.regs[2] = 77;
        });
        if on {
            assert_eq!(lane.fault.kind, fault_kind::OUT_OF_BOUNDS);
        } else {
            assert_eq!(lane.fault.kind, fault_kind::NONE);
            assert_eq!(lane.regs[2], 77);
        }
    }
}

/// Loads and stores with every order and scope behave the same functionally.
#[test]
fn ordered_accesses() {
    for order in Order::ALL {
        for scope in Scope::ALL {
            let mut k = Kernel::new("ordered");
            let [a, v, w] = regs(&mut k, "a: i64, v: i64, w: i16");
            let (gl, a) = (Space::Global, r(a));
            let ops = vec![
                ordered(
                    load(gl, MemKind::B64, 1, vec![v], flat(a, 8)),
                    order,
                    scope,
                    false,
                ),
                ordered(
                    load(gl, MemKind::S8, 2, vec![w, w], flat(a, 3)),
                    order,
                    scope,
                    true,
                ),
                ordered(
                    store(gl, MemKind::B32, 2, vec![r(v), r(w)], flat(a, 20)),
                    order,
                    scope,
                    false,
                ),
            ];
            k.blocks.push(block("a", ops, Term::Exit));
            differential(&k, |l| {
                pattern(l);
                l.regs[0] = g(0);
            });
        }
    }
}

/// A window smaller than the access (no shared memory, a 2-byte parameter
/// block) holds no offset for it: a 4-byte access at offset 0 faults, in both
/// engines, while a 2-byte one in the 2-byte window does not.
#[test]
fn windows_smaller_than_the_access_fault() {
    use xisa_runtime::ctx::STOP_FAULT;
    let interp_of = |k: &Kernel| xisa_interp::Interp::new(k, true);
    for (space, size, kind, want) in [
        (Space::Shared, 0u64, MemKind::B32, STOP_FAULT),
        (Space::Local, 0, MemKind::B32, STOP_FAULT),
        (Space::Param, 2, MemKind::B32, STOP_FAULT),
        (Space::Param, 2, MemKind::U16, STOP_EXIT),
        (Space::Shared, 3, MemKind::B32, STOP_FAULT),
    ] {
        let mut k = Kernel::new("small_window");
        let v = k.reg("v", Type::I32);
        k.blocks.push(block(
            "entry",
            vec![load(space, kind, 1, vec![v], flat(imm(0), 0))],
            Term::Exit,
        ));
        let jit = jit(&k);
        let interp = interp_of(&k);
        let programs: [&dyn xisa_runtime::LaneProgram; 2] = [&jit, &interp];
        for p in programs {
            let mut lane = Lane::new(&k, 64);
            let mut c = lane.ctx();
            match space {
                Space::Shared => c.shared_size = size,
                Space::Local => c.local_size = size,
                _ => c.param_size = size,
            }
            let stop = p.run(&mut c);
            lane.keep(&c);
            assert_eq!(stop, want, "{space:?} window of {size} bytes, {kind:?}");
            if want == STOP_FAULT {
                assert_eq!(lane.fault.kind, fault_kind::OUT_OF_BOUNDS);
                assert_eq!(lane.fault.space, space_code(space));
            }
        }
    }
}

/// A flat shared, local or param address is `base + offset` wrapped to 32
/// bits, as the GPUs compute it (`xisa_ir::window_offset`): LLVM's gfx942
/// code writes `ds_write_b32 v, v offset:512` with a base of `4*tid - 512`.
/// Both engines agree, the wrapped offset reaches the right bytes, and an
/// offset that stays past the window faults at its 32-bit value.
#[test]
fn window_offsets_wrap_in_32_bits() {
    for space in [Space::Shared, Space::Local, Space::Param] {
        let mut k = Kernel::new("wrap");
        let b = k.reg("b", Type::I32);
        let v = k.reg("v", Type::I32);
        let mut ops = vec![Op::Mov {
            ty: Type::I32,
            dst: b,
            src: imm(0xffff_fe00),
        }];
        if space != Space::Param {
            ops.push(store(
                space,
                MemKind::B32,
                1,
                vec![imm(0x1234_5678)],
                flat(r(b), 0x204),
            ));
        }
        ops.push(load(space, MemKind::B32, 1, vec![v], flat(r(b), 0x208)));
        k.blocks.push(block("entry", ops, Term::Exit));
        let mut lane = differential(&k, |l| {
            pattern(l);
            if space == Space::Shared {
                // Word 2 (bytes 8..12) holds the value read back.
                l.shared_bytes()[8..12].copy_from_slice(&0xcafe_f00du32.to_le_bytes());
            }
        });
        assert_eq!(lane.fault.kind, 0, "{space:?}");
        let got = lane.regs[v.0 as usize] as u32;
        let bytes = match space {
            Space::Shared => lane.shared_bytes(),
            Space::Local => lane.local_bytes(),
            _ => lane.param_bytes(),
        };
        let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
        if space != Space::Param {
            assert_eq!(
                word(4),
                0x1234_5678,
                "{space:?}: the store at 0xfffffe00 + 0x204"
            );
        }
        assert_eq!(got, word(8), "{space:?}: the load at 0xfffffe00 + 0x208");
        if space == Space::Shared {
            assert_eq!(got, 0xcafe_f00d);
        }
    }
    // Past the window after the wrap: the fault names the 32-bit offset.
    let mut k = Kernel::new("wrap_fault");
    let v = k.reg("v", Type::I32);
    k.blocks.push(block(
        "entry",
        vec![load(
            Space::Shared,
            MemKind::B32,
            1,
            vec![v],
            flat(imm(0xffff_fff0), 0x8),
        )],
        Term::Exit,
    ));
    let lane = differential(&k, |_| {});
    assert_eq!(lane.fault.kind, fault_kind::OUT_OF_BOUNDS);
    assert_eq!(lane.fault.addr, 0xffff_fff8);
}
