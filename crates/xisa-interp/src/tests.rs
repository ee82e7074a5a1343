//! Interpreter tests on hand-built kernels, run through the runtime's launch.

use super::*;
use xisa_ir::{Block, ICond, MemType};
use xisa_runtime::{launch, GuestMemory, LaunchConfig};

fn block(label: &str, insts: Vec<Op>, term: Term) -> Block {
    Block {
        label: label.into(),
        insts: insts.into_iter().map(Inst::new).collect(),
        term,
        term_pc: None,
    }
}

/// Every lane adds its tid to a device-scope counter and writes its ballot of
/// `tid odd` and a shuffled value to an output array.
fn sample_kernel() -> Kernel {
    let mut k = Kernel::new("sample");
    let out = k.reg("out", Type::I64);
    let ctr = k.reg("ctr", Type::I64);
    k.params = vec![out, ctr];
    let tid = k.reg("tid", Type::I32);
    let odd = k.reg("odd", Type::I1);
    let bal = k.reg("bal", Type::I32);
    let t1 = k.reg("t1", Type::I32);
    let sh = k.reg("sh", Type::I32);
    let off = k.reg("off", Type::I64);
    let lane = k.reg("lane", Type::I32);
    k.blocks.push(block(
        "entry",
        vec![
            Op::Special {
                dst: tid,
                sreg: SReg::TidX,
            },
            Op::Atomic {
                op: AtomOp::Add,
                ty: AtomType::B32,
                space: Space::Global,
                scope: Scope::Device,
                order: Order::Relaxed,
                ftz: false,
                dst: None,
                addr: Address::Flat {
                    base: ctr.into(),
                    offset: 0,
                },
                src: tid.into(),
                cmp: None,
            },
            Op::Bin {
                op: xisa_ir::BinOp::And,
                ty: Type::I32,
                dst: t1,
                a: tid.into(),
                b: Operand::Imm(1),
            },
            Op::ICmp {
                cond: ICond::Ne,
                ty: Type::I32,
                dst: odd,
                a: t1.into(),
                b: Operand::Imm(0),
            },
            Op::Vote {
                mode: xisa_ir::VoteMode::Ballot,
                dst: bal,
                pred: odd.into(),
            },
            Op::Special {
                dst: lane,
                sreg: SReg::LaneId,
            },
            Op::Bin {
                op: xisa_ir::BinOp::Xor,
                ty: Type::I32,
                dst: lane,
                a: lane.into(),
                b: Operand::Imm(1),
            },
            Op::Shfl {
                ty: Type::I32,
                dst: sh,
                valid: None,
                src: tid.into(),
                lane: lane.into(),
            },
            Op::Cvt {
                op: xisa_ir::CvtOp::Zext,
                to: Type::I64,
                from: Type::I32,
                rnd: xisa_ir::Round::Rn,
                sat: false,
                ftz: false,
                dst: off,
                src: tid.into(),
            },
            Op::Bin {
                op: xisa_ir::BinOp::Shl,
                ty: Type::I64,
                dst: off,
                a: off.into(),
                b: Operand::Imm(3),
            },
            Op::Bin {
                op: xisa_ir::BinOp::Add,
                ty: Type::I64,
                dst: off,
                a: off.into(),
                b: out.into(),
            },
            Op::Store {
                space: Space::Global,
                mem: MemType {
                    kind: MemKind::B32,
                    count: 2,
                },
                order: Order::Weak,
                scope: Scope::Device,
                srcs: vec![bal.into(), sh.into()],
                addr: Address::Flat {
                    base: off.into(),
                    offset: 0,
                },
            },
        ],
        Term::Exit,
    ));
    k
}

fn params(vals: &[u64]) -> Vec<u8> {
    vals.iter().flat_map(|v| v.to_le_bytes()).collect()
}

#[test]
fn atomics_ballot_shuffle() {
    let k = sample_kernel();
    let mem = GuestMemory::new(1 << 24).unwrap();
    let out = mem.alloc(64 * 8).unwrap();
    let ctr = mem.alloc(4).unwrap();
    let cfg = LaunchConfig {
        grid: [3, 1, 1],
        block: [64, 1, 1],
        params: params(&[out, ctr]),
        ..LaunchConfig::default()
    };
    let st = launch(&k, &Interp::new(&k, true), &mem, &cfg).unwrap();
    let c = u32::from_le_bytes(mem.read_vec(ctr, 4).unwrap().try_into().unwrap());
    assert_eq!(c, 3 * (0..64).sum::<u32>());
    let o = mem.read_vec(out, 64 * 8).unwrap();
    for t in 0..64usize {
        let bal = u32::from_le_bytes(o[t * 8..t * 8 + 4].try_into().unwrap());
        let sh = u32::from_le_bytes(o[t * 8 + 4..t * 8 + 8].try_into().unwrap());
        assert_eq!(bal, 0xaaaa_aaaa, "ballot of odd lanes in wave 32");
        assert_eq!(sh, (t ^ 1) as u32);
    }
    assert_eq!(st.atomics[0][3], 3 * 64);
    assert_eq!(st.insts, 3 * 64 * 13);
}

#[test]
fn out_of_bounds_names_the_lane() {
    let k = sample_kernel();
    let mem = GuestMemory::new(1 << 24).unwrap();
    let ctr = mem.alloc(4).unwrap();
    let cfg = LaunchConfig {
        grid: [1, 1, 1],
        block: [32, 1, 1],
        params: params(&[0x10, ctr]),
        ..LaunchConfig::default()
    };
    let err = launch(&k, &Interp::new(&k, false), &mem, &cfg).unwrap_err();
    let msg = err.to_string();
    assert!(
        msg.contains("out-of-bounds global access of 8 bytes at 0x10"),
        "{msg}"
    );
    assert!(msg.contains("sample:entry:11"), "{msg}");
}
