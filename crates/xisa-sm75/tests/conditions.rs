//! A condition predicate printed on a control instruction (`BRA !P2, 0x610`,
//! `RET.REL.NODEC P0, R20 0x0`, `EXIT P1`) folds into the guard: the
//! instruction acts only where guard and condition hold, and a `!PT`
//! condition makes it a no-op. RET's condition was ignored before (its
//! operands were treated as having no effect): a conditional return became
//! an unconditional one. The words are the corpus `call_func` cubin's
//! (ptxas output), patched in the condition field [87, 91).

mod common;

use std::path::PathBuf;

/// `call_func`'s IR text with the instruction at `pc` given condition
/// `cond` (predicate number, negated), or the lifting error.
fn lift_with(pc: usize, cond: (u128, bool)) -> Result<String, String> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/sm75/out/call_func.cubin");
    let mut bytes = std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    let at = common::kernel_code(&bytes, "call_func").1 + pc;
    let mut w = common::word_at(&bytes, at);
    w &= !(0xf << 87);
    w |= cond.0 << 87 | u128::from(cond.1) << 90;
    common::set_word(&mut bytes, at, w);
    common::lift_text(&bytes, "call_func.cubin", "call_func")
}

/// The IR lines that carry `!pc <pc>`.
fn at_pc(ir: &str, pc: usize) -> Vec<String> {
    let tag = format!("!pc {pc:#x}");
    ir.lines()
        .filter(|l| l.contains(&tag))
        .map(str::to_string)
        .collect()
}

#[test]
fn ret_and_exit_conditions_fold_into_the_guard() {
    // RET.REL.NODEC at 0x290, EXIT at 0x90 (nvdisasm listing of the cubin).
    for (pc, what) in [(0x290usize, "ret"), (0x90, "exit")] {
        let plain = lift_with(pc, (7, false)).unwrap_or_else(|e| panic!("{what}: {e}"));
        let cond = lift_with(pc, (1, false)).unwrap_or_else(|e| panic!("{what} P1: {e}"));
        let never = lift_with(pc, (7, true)).unwrap_or_else(|e| panic!("{what} !PT: {e}"));
        // With P1 the instruction branches on p1 to a block that returns
        // (exits), else goes on; without a condition it does not read p1.
        let on_p1 = |ir: &str| {
            at_pc(ir, pc)
                .iter()
                .any(|l| l.trim_start().starts_with("brc %p1,"))
        };
        assert!(on_p1(&cond), "{what} P1 ignores its condition:\n{cond}");
        assert!(!on_p1(&plain), "{what}: branches on p1 without a condition");
        // With !PT nothing at that pc returns or exits: the block falls
        // through to the next instruction.
        let leaves = |ir: &str| {
            at_pc(ir, pc).iter().any(|l| {
                let l = l.trim_start();
                l.starts_with(what) || l.contains(&format!(" {what}"))
            })
        };
        for ir in [&plain, &cond] {
            assert!(leaves(ir), "{what}: no {what} at {pc:#x}:\n{ir}");
        }
        assert!(!leaves(&never), "{what} !PT still leaves:\n{never}");
    }
}
