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
            let case = make_case(&mut rng, rule);
            let lanes = if set == OPERAND_SETS - 1 { 64 } else { 32 };
            let mut setup = Setup::new(WAVES, lanes, lanes as u32, global_bytes);
            fill(&mut rng, rule, &case, &mut setup);
            let scratch = rule.semclass.starts_with("scratch");
            let mut prog: Vec<String> = Vec::new();
            if scratch {
                for w in 0..WAVES {
                    for l in 0..lanes {
                        setup.state.v[w][l][223] = 0;
                    }
                }
                prog.extend(SCRATCH_PREFIX[..4].iter().map(|s| s.to_string()));
            }
            prog.push(case.text.clone());
            if scratch {
                prog.extend(SCRATCH_SUFFIX.iter().map(|s| s.to_string()));
            }
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
    assert!(
        failures.is_empty(),
        "{} failures, first ones:\n{}",
        failures.len(),
        failures
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
