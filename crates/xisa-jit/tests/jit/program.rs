//! `JitProgram` as an object: concurrent compiles, sharing across threads,
//! dropping (the code arena is freed), metadata, error reporting.

use std::sync::Arc;

use xisa_ir::{BinOp, BlockId, Kernel, Op, Term, Type};
use xisa_jit::{clif_text, compile, JitError, JitOptions, OptLevel};
use xisa_runtime::ctx::STOP_EXIT;

use crate::harness::{block, imm, r, Lane};

fn adder(n: u64) -> Kernel {
    let mut k = Kernel::new(format!("add{n}"));
    let x = k.reg("x", Type::I64);
    k.blocks.push(block(
        "a",
        vec![Op::Bin {
            op: BinOp::Add,
            ty: Type::I64,
            dst: x,
            a: r(x),
            b: imm(n),
        }],
        Term::Exit,
    ));
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
    assert!(p.clif().starts_with("function "));
    assert!(p.clif().contains("iadd"));
    let text = clif_text(&k, &JitOptions::default()).unwrap();
    assert_eq!(text, p.clif());
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
