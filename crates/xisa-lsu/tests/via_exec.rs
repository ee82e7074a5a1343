//! Every one of the 301 lsu instructions run through `xisa exec`
//! (`xisa::exec::exec`) on the interpreter and the JIT, against the independent
//! reference model in `common/mod.rs`. The input state is built as the public
//! JSON format (`docs/cli.md`) and the `Final` is read back through its JSON
//! serialization, so the test covers the command's whole state path: register
//! preload per (wave, lane), EXEC, global and shared preload, read-backs.
//!
//! `exec` takes one EXEC mask and preloads the same shared memory into every
//! wave, so the generated states use one mask and one shared image for all waves.
//! The case generators are shared with `exec.rs` (`common/cases.rs`).

mod common;

use common::cases::*;
use common::*;
use serde_json::{json, Value};
use xisa::exec::{exec, State as ExecState};
use xisa::{Device, Engine as XEngine, Isa, Module};
use xisa_lsu::rules::tables;
use xisa_runtime::GUEST_BASE;

const WAVES: usize = 2;
const OPERAND_SETS: usize = 2;

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex"))
        .collect()
}

/// `v12` -> ('v', 12), `u3` -> ('u', 3); other registers (exec, temporaries): None.
fn arch_reg(name: &str) -> Option<(char, usize)> {
    let mut c = name.chars();
    let f = c.next()?;
    if f != 'v' && f != 'u' {
        return None;
    }
    let n: usize = c.as_str().parse().ok()?;
    (n < NREGS).then_some((f, n))
}

/// The `xisa exec` JSON state of `setup` for the registers `kernel` declares.
fn json_state(setup: &Setup, kernel: &xisa_ir::Kernel) -> Value {
    let mut regs = serde_json::Map::new();
    for r in &kernel.regs {
        let Some((f, n)) = arch_reg(&r.name) else {
            continue;
        };
        // One value per (wave, lane), wave-major; alternate number and hex spellings.
        let vals: Vec<Value> = (0..setup.waves)
            .flat_map(|w| (0..setup.lanes).map(move |l| (w, l)))
            .map(|(w, l)| {
                let x = if f == 'v' {
                    setup.state.v[w][l][n]
                } else {
                    setup.state.u[w][l][n]
                };
                if (n + l) % 2 == 0 {
                    json!(x)
                } else {
                    json!(format!("{x:#x}"))
                }
            })
            .collect();
        regs.insert(r.name.clone(), Value::Array(vals));
    }
    json!({
        "isa": "lsu",
        "lanes": setup.lanes,
        "waves": setup.waves,
        "exec": format!("{:#x}", setup.exec[0]),
        "regs": regs,
        "memory": [
            { "space": "global", "addr": format!("{GUEST_BASE:#x}"), "hex": hex(&setup.state.global) },
            { "space": "shared", "addr": 0, "hex": hex(&setup.state.shared[0]) },
        ],
        "read_back": [
            { "space": "global", "addr": format!("{GUEST_BASE:#x}"), "bytes": setup.state.global.len() },
            { "space": "shared", "addr": "0x0", "bytes": SHARED_BYTES },
        ],
    })
}

/// The final state as the model's `State`, read from `Final`'s JSON.
fn final_state(setup: &Setup, fin: &Value) -> Result<State, String> {
    let mut st = setup.state.clone();
    let ws = fin["wave_states"].as_array().ok_or("no wave_states")?;
    if ws.len() != setup.waves {
        return Err(format!(
            "{} wave states, expected {}",
            ws.len(),
            setup.waves
        ));
    }
    for (w, wave) in ws.iter().enumerate() {
        if wave["wave"] != json!(w) {
            return Err(format!("wave_states[{w}] is wave {}", wave["wave"]));
        }
        let regs = wave["regs"].as_object().ok_or("no regs")?;
        for (name, vals) in regs {
            let Some((f, n)) = arch_reg(name) else {
                continue;
            };
            let vals = vals.as_array().ok_or("regs not an array")?;
            if vals.len() != setup.lanes {
                return Err(format!("{name}: {} lanes", vals.len()));
            }
            for (l, v) in vals.iter().enumerate() {
                let s = v.as_str().ok_or("reg value not a string")?;
                let x = u64::from_str_radix(s.trim_start_matches("0x"), 16)
                    .map_err(|e| format!("{name}: {s:?}: {e}"))?;
                if x > u32::MAX as u64 {
                    return Err(format!("{name} lane {l}: {s} wider than 32 bits"));
                }
                if f == 'v' {
                    st.v[w][l][n] = x as u32;
                } else {
                    st.u[w][l][n] = x as u32;
                }
            }
        }
        let sh = &wave["shared"][0];
        if sh["space"] != "shared" || sh["addr"] != "0x0" {
            return Err(format!("shared read-back {sh}"));
        }
        st.shared[w] = unhex(sh["hex"].as_str().ok_or("shared hex")?);
    }
    let g = &fin["read_back"][0];
    if g["space"] != "global" || g["addr"] != json!(format!("{GUEST_BASE:#x}")) {
        return Err(format!("global read-back {g}"));
    }
    st.global = unhex(g["hex"].as_str().ok_or("global hex")?);
    Ok(st)
}

#[test]
fn all_instructions_through_xisa_exec_against_reference_model() {
    let t = tables();
    let mut rng = Rng::new(0x0e5e_c0de);
    let global_bytes = 4 * REGION as usize;
    let mut failures = Vec::new();
    let engines = [XEngine::Interp, XEngine::Jit];
    let mut checked = [0usize; 2];
    // Cases where the model predicts a fault (exec must fail too).
    let mut faulting = 0usize;
    let mut mnemonics = std::collections::BTreeSet::new();
    for rule in &t.rules {
        for set in 0..OPERAND_SETS {
            let lanes = if set == OPERAND_SETS - 1 { 64 } else { 32 };
            let (case, mut setup) = random_case(&mut rng, rule, WAVES, lanes, global_bytes);
            // `exec` has one EXEC mask and one shared image for all waves.
            for w in 1..WAVES {
                setup.exec[w] = setup.exec[0];
                setup.state.shared[w] = setup.state.shared[0].clone();
            }
            let prog = case_program(rule, &case, &mut setup);
            let asm = prog.join("\n") + "\n";
            let module = match Module::from_bytes(
                asm.as_bytes(),
                "via_exec.s",
                Some(Isa::named("lsu").unwrap()),
            ) {
                Ok(m) => m,
                Err(e) => {
                    failures.push(format!("{}: module: {e}", case.text));
                    continue;
                }
            };
            let kernel = module.pick_kernel(None).expect("one kernel").clone();
            let state: ExecState = serde_json::from_value(json_state(&setup, &kernel))
                .unwrap_or_else(|e| panic!("{}: state JSON: {e}", case.text));
            let want = run_model(&prog, &setup);
            faulting += want.is_err() as usize;
            for (ei, &engine) in engines.iter().enumerate() {
                let device = Device::new().expect("device");
                let got = exec(
                    &device,
                    &module,
                    &state,
                    engine,
                    Some(std::time::Duration::from_secs(60)),
                )
                .map_err(|e| e.to_string())
                .and_then(|f| {
                    let v = serde_json::to_value(&f).map_err(|e| e.to_string())?;
                    if v["engine"] != json!(engine.to_string()) {
                        return Err(format!("engine field {}", v["engine"]));
                    }
                    final_state(&setup, &v)
                });
                checked[ei] += 1;
                let label = format!("exec {engine} (lanes {lanes})");
                failures.extend(compare_outcome(&want, got, &label, &case.text));
            }
            mnemonics.insert(rule.mnemonic.clone());
        }
    }
    eprintln!(
        "xisa exec: {} instructions x {} engines ({} runs per engine: {:?}; {} predicted faults)",
        mnemonics.len(),
        engines.len(),
        t.rules.len() * OPERAND_SETS,
        checked,
        faulting
    );
    assert_eq!(mnemonics.len(), 301, "instructions covered");
    assert_no_failures(&failures);
}

/// Scratch (private) memory through the state (issue #10): every scratch
/// load and store of the group runs on a per-(wave, lane) scratch image that
/// the state preloads, and the final images are read back per lane, on both
/// engines, against a reference computed here. A register the program never
/// names is accepted and reported unchanged.
#[test]
fn scratch_images_through_xisa_exec() {
    const IMG: usize = 64;
    let t = tables();
    let mut rng = Rng::new(0x05c2_a7c4);
    let (waves, lanes) = (2usize, 32usize);
    let mut checked = 0;
    for rule in t
        .rules
        .iter()
        .filter(|r| r.semclass.starts_with("scratch:"))
    {
        let action = rule.semclass.trim_start_matches("scratch:");
        // `ld.zx8`, `ld.sx16`, `ld.b64`, `st.b8`, ...
        let (op, kind) = action.split_once('.').expect("action");
        let bits: usize = kind
            .trim_start_matches(|c: char| c.is_ascii_alphabetic())
            .parse()
            .unwrap_or_else(|_| panic!("unexpected scratch action {action}"));
        let (load, sign) = (op == "ld", kind.starts_with("sx"));
        let nregs = bits.div_ceil(32);
        let data = if nregs == 1 {
            "v1".to_string()
        } else {
            format!("v[1:{nregs}]")
        };
        let imm = rng.below(8) as i64;
        let text = format!("{} {data}, v10, {imm}\n", rule.mnemonic);
        let module = Module::from_bytes(
            text.as_bytes(),
            "scratch.s",
            Some(Isa::named("lsu").unwrap()),
        )
        .unwrap_or_else(|e| panic!("{text}: {e}"));
        // Per (wave, lane): scratch image, offset register, data registers.
        let n = waves * lanes;
        let imgs: Vec<Vec<u8>> = (0..n)
            .map(|_| (0..IMG).map(|_| rng.next() as u8).collect())
            .collect();
        let offs: Vec<u64> = (0..n).map(|_| rng.below(IMG as u64 - 16 - 8)).collect();
        let regs: Vec<Vec<u32>> = (0..n)
            .map(|_| (0..4).map(|_| rng.next() as u32).collect())
            .collect();
        let mut memory = Vec::new();
        let mut read_back = Vec::new();
        for w in 0..waves {
            for l in 0..lanes {
                let img = &imgs[w * lanes + l];
                memory.push(
                    json!({"space": "scratch", "wave": w, "lane": l, "addr": 0, "hex": hex(img)}),
                );
                read_back.push(
                    json!({"space": "scratch", "wave": w, "lane": l, "addr": 0, "bytes": IMG}),
                );
            }
        }
        let mut jregs = serde_json::Map::new();
        jregs.insert("v10".into(), json!(offs));
        for k in 0..nregs {
            let v: Vec<u32> = regs.iter().map(|r| r[k]).collect();
            jregs.insert(format!("v{}", k + 1), json!(v));
        }
        jregs.insert("v200".into(), json!("0x1234"));
        let state: ExecState = serde_json::from_value(json!({
            "isa": "lsu", "lanes": lanes, "waves": waves,
            "regs": jregs, "memory": memory, "read_back": read_back,
        }))
        .unwrap_or_else(|e| panic!("{text}: state: {e}"));
        for engine in [XEngine::Interp, XEngine::Jit] {
            let device = Device::new().expect("device");
            let fin = exec(&device, &module, &state, engine, None)
                .unwrap_or_else(|e| panic!("{text} ({engine}): {e}"));
            let v = serde_json::to_value(&fin).unwrap();
            for w in 0..waves {
                let ws = &v["wave_states"][w];
                assert_eq!(
                    ws["regs"]["v200"][5],
                    json!("0x1234"),
                    "{text}: unused register"
                );
                for l in 0..lanes {
                    let i = w * lanes + l;
                    let a = (offs[i] as i64 + imm) as usize;
                    let mut img = imgs[i].clone();
                    let mut want_regs = regs[i].clone();
                    if load {
                        let mut bytes = [0u8; 16];
                        bytes[..bits / 8].copy_from_slice(&img[a..a + bits / 8]);
                        for k in 0..nregs {
                            want_regs[k] =
                                u32::from_le_bytes(bytes[4 * k..4 * k + 4].try_into().unwrap());
                        }
                        if sign && bits < 32 {
                            let s = 32 - bits;
                            want_regs[0] = (((want_regs[0] << s) as i32) >> s) as u32;
                        }
                    } else {
                        let src: Vec<u8> = regs[i].iter().flat_map(|x| x.to_le_bytes()).collect();
                        img[a..a + bits / 8].copy_from_slice(&src[..bits / 8]);
                    }
                    let got = &ws["scratch"][l];
                    assert_eq!(got["lane"], json!(l), "{text}");
                    assert_eq!(
                        got["hex"],
                        json!(hex(&img)),
                        "{text} ({engine}) wave {w} lane {l}: scratch"
                    );
                    for (k, want) in want_regs.iter().enumerate().take(nregs) {
                        let s = ws["regs"][format!("v{}", k + 1)][l].as_str().unwrap();
                        let x = u64::from_str_radix(s.trim_start_matches("0x"), 16).unwrap();
                        assert_eq!(
                            x,
                            u64::from(*want),
                            "{text} ({engine}) wave {w} lane {l}: v{}",
                            k + 1
                        );
                    }
                }
            }
        }
        checked += 1;
    }
    assert_eq!(checked, 14, "scratch loads (8) and stores (6)");
}
