//! Execution of all 301 instructions (assembled, decoded, lifted, run through
//! `xisa_runtime::launch`) against the independent reference model in
//! `common/mod.rs`: random operands, random EXEC masks, buffer descriptors in and
//! out of bounds and null, misaligned plain accesses, edge values.

mod common;

use common::cases::*;
use common::*;
use xisa_lsu::rules::tables;

const WAVES: usize = 3;
const OPERAND_SETS: usize = 4;

#[test]
fn all_instructions_against_reference_model() {
    let t = tables();
    let mut rng = Rng::new(0x15c0_ffee);
    let global_bytes = 4 * REGION as usize;
    let mem = memory(global_bytes);
    let mut failures = Vec::new();
    let mut executed = vec![0usize; 2];
    let engines = engines();
    for rule in &t.rules {
        for set in 0..OPERAND_SETS {
            let lanes = if set == OPERAND_SETS - 1 { 64 } else { 32 };
            let (case, mut setup) = random_case(&mut rng, rule, WAVES, lanes, global_bytes);
            let prog = case_program(rule, &case, &mut setup);
            let bin = match xisa_lsu::assemble(&prog.join("\n")) {
                Ok(b) => b,
                Err(e) => {
                    failures.push(format!("{}: assemble: {e}", case.text));
                    continue;
                }
            };
            let insts = xisa_lsu::decode_program(&bin).expect("decode");
            let kernel = xisa_lsu::lift(
                &insts,
                &xisa_lsu::LiftOptions {
                    wave_size: lanes as u32,
                },
            )
            .expect("lift");
            let want = run_model(&prog, &setup);
            for (ei, &engine) in engines.iter().enumerate() {
                let p = program(&kernel, engine);
                let got = run_engine(&kernel, engine, p.as_ref(), &mem, &setup, 1);
                executed[ei] += 1;
                let label = format!("{engine:?}");
                failures.extend(compare_outcome(&want, got, &label, &case.text));
            }
        }
    }
    eprintln!(
        "executed {} instruction cases on {:?} ({} per engine: {:?})",
        executed.iter().sum::<usize>(),
        engines,
        t.rules.len() * OPERAND_SETS,
        executed
    );
    assert_no_failures(&failures);
}
