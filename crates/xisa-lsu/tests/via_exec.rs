//! Every one of the 301 lsu instructions run through `xisa exec`
//! (`xisa::exec::exec`) on the interpreter and the JIT, against the independent
//! reference model in `common/mod.rs`. The input state is built as the public
//! JSON format (`docs/cli.md`) and the `Final` is read back through its JSON
//! serialization, so the test covers the command's whole state path: register
//! preload per (wave, lane), EXEC, global and shared preload, read-backs.
//!
//! `exec` takes one EXEC mask and preloads the same shared memory into every
//! wave, so the generated states use one mask and one shared image for all waves.
//! The operand/state generators are those of `tests/exec.rs` (copied: that file
//! is a test target of its own and cannot be included as a module).

mod common;

use common::*;
use serde_json::{json, Value};
use xisa::exec::{exec, State as ExecState};
use xisa::{Device, Engine as XEngine, Isa, Module};
use xisa_lsu::rules::{tables, OperandKind, RegFile, Rule, Slot};
use xisa_runtime::GUEST_BASE;

const WAVES: usize = 2;
const OPERAND_SETS: usize = 2;

fn access_bytes(mn: &str) -> usize {
    let p: Vec<&str> = mn.split('.').collect();
    let ty = p
        .iter()
        .rev()
        .find(|s| s.len() > 1 && s[1..].chars().all(|c| c.is_ascii_digit()))
        .unwrap();
    let bits: usize = ty[1..].parse().unwrap();
    bits.div_ceil(8)
}

fn count_of(rule: &Rule, slot: Slot) -> u32 {
    match rule.operand(slot).map(|o| o.kind) {
        Some(OperandKind::Reg { count, .. }) => count as u32,
        _ => 0,
    }
}

fn file_of(rule: &Rule, slot: Slot) -> Option<RegFile> {
    match rule.operand(slot).map(|o| o.kind) {
        Some(OperandKind::Reg { file, .. }) => Some(file),
        _ => None,
    }
}

/// Picks register numbers: ranges fit, address registers of the same file do not
/// overlap each other (they are set independently), data may overlap anything.
fn pick_regs(rng: &mut Rng, rule: &Rule) -> (u32, u32, u32) {
    loop {
        let mut pick = |slot| {
            let c = count_of(rule, slot);
            if c == 0 {
                0
            } else {
                rng.below(48 - c as u64 + 1) as u32
            }
        };
        let (rd, rs1, rs2) = (pick(Slot::Rd), pick(Slot::Rs1), pick(Slot::Rs2));
        let (c1, c2) = (count_of(rule, Slot::Rs1), count_of(rule, Slot::Rs2));
        let overlap = c1 > 0
            && c2 > 0
            && file_of(rule, Slot::Rs1) == file_of(rule, Slot::Rs2)
            && rs1 < rs2 + c2
            && rs2 < rs1 + c1;
        if !overlap {
            return (rd, rs1, rs2);
        }
    }
}

fn reg_text(f: char, first: u32, count: u32) -> String {
    if count == 1 {
        format!("{f}{first}")
    } else {
        format!("{f}[{first}:{}]", first + count - 1)
    }
}

/// One test instruction: text and operand values.
struct Case {
    text: String,
    rs1: u32,
    rs2: u32,
    imm: i64,
}

fn make_case(rng: &mut Rng, rule: &Rule) -> Case {
    let (rd, rs1, rs2) = pick_regs(rng, rule);
    let sem = &rule.semclass;
    let space = sem.split(':').next().unwrap();
    let imm: i64 = match space {
        "global" | "ubase" | "u64" | "u64x" => match rng.below(3) {
            0 => rng.range(-(1 << 23), (1 << 23) - 1),
            1 => [-(1 << 23), (1 << 23) - 1, 0, -1][rng.below(4) as usize],
            _ => rng.range(-64, 64),
        },
        "buf" | "ubufx" => rng.range(-32, 64),
        "ubuf" => rng.range(-16, 300),
        "shared" | "scratch" => {
            if rng.chance(1, 3) {
                rng.range(-(1 << 23), 0)
            } else {
                rng.range(-64, 64)
            }
        }
        _ => 0,
    };
    let mut ops = Vec::new();
    for o in &rule.operands {
        match o.kind {
            OperandKind::Reg { file, count, .. } => {
                let first = match o.slot {
                    Slot::Rd => rd,
                    Slot::Rs1 => rs1,
                    _ => rs2,
                };
                ops.push(reg_text(file.prefix(), first, count as u32));
            }
            OperandKind::Imm24 => ops.push(if rng.chance(1, 2) {
                imm.to_string()
            } else if imm < 0 {
                format!("-{:#x}", -imm)
            } else {
                format!("{imm:#x}")
            }),
            OperandKind::Cpol => {
                const C: [&str; 6] = [
                    "nt",
                    "byp",
                    "scope:wg",
                    "scope:dev",
                    "scope:sys",
                    "nt|byp|scope:sys",
                ];
                // Narrowing an L2 atomic to workgroup scope is only exact when no
                // other workgroup touches the address: the test waves use disjoint
                // regions, so every policy is allowed.
                if rng.chance(1, 3) {
                    ops.push(C[rng.below(6) as usize].to_string());
                }
            }
        }
    }
    let text = if ops.is_empty() {
        rule.mnemonic.clone()
    } else {
        format!("{} {}", rule.mnemonic, ops.join(", "))
    };
    Case {
        text,
        rs1,
        rs2,
        imm,
    }
}

fn exec_mask(rng: &mut Rng, lanes: usize) -> u64 {
    let all = if lanes == 64 {
        u64::MAX
    } else {
        (1u64 << lanes) - 1
    };
    match rng.below(6) {
        0 => all,
        1 => 0,
        2 => 1 << rng.below(lanes as u64),
        _ => rng.next() & all,
    }
}

/// Fills a setup with random registers and memory and points the case's address
/// registers into the wave's region.
fn fill(rng: &mut Rng, rule: &Rule, case: &Case, setup: &mut Setup) {
    let lanes = setup.lanes;
    for b in setup.state.global.chunks_mut(4) {
        let v = rng.val32().to_le_bytes();
        b.copy_from_slice(&v[..b.len()]);
    }
    for w in 0..setup.waves {
        for b in setup.state.shared[w].chunks_mut(4) {
            b.copy_from_slice(&rng.val32().to_le_bytes());
        }
        for r in 0..NREGS {
            let u = rng.val32();
            setup.set_u(w, r, u);
            for l in 0..lanes {
                setup.state.v[w][l][r] = rng.val32();
            }
        }
        setup.exec[w] = exec_mask(rng, lanes);
    }
    let n = access_bytes(&rule.mnemonic);
    let atomic = rule.mnemonic.starts_with("atom");
    let sem = rule.semclass.as_str();
    let space = sem.split(':').next().unwrap();
    let (rs1, rs2, imm) = (case.rs1 as usize, case.rs2 as usize, case.imm);
    for w in 0..setup.waves {
        let gw = GUEST_BASE + w as u64 * REGION;
        // A target offset in a window of `len` bytes: aligned for atomics (and
        // clustered so that lanes collide), any byte otherwise.
        let target = |rng: &mut Rng, len: usize| -> i64 {
            if atomic {
                (rng.below(64 / n as u64) * n as u64) as i64
            } else {
                rng.below((len - n + 1) as u64) as i64
            }
        };
        match space {
            "global" => {
                for l in 0..lanes {
                    let a = gw
                        .wrapping_add(target(rng, REGION as usize) as u64)
                        .wrapping_sub(imm as u64);
                    setup.state.v[w][l][rs1] = a as u32;
                    setup.state.v[w][l][rs1 + 1] = (a >> 32) as u32;
                }
            }
            "ubase" => {
                let c = rng.below(256);
                let base = gw.wrapping_sub(imm as u64).wrapping_sub(c);
                setup.set_u(w, rs2, base as u32);
                setup.set_u(w, rs2 + 1, (base >> 32) as u32);
                for l in 0..lanes {
                    setup.state.v[w][l][rs1] = (target(rng, REGION as usize) as u64 + c) as u32;
                }
            }
            "buf" => {
                let b = gw + rng.below(8) * 8;
                let size = if rng.chance(1, 4) {
                    rng.below(64)
                } else {
                    rng.below(REGION - 96)
                };
                let base = if rng.chance(1, 8) { 0 } else { b };
                setup.set_u(w, rs2, base as u32);
                setup.set_u(w, rs2 + 1, (base >> 32) as u32);
                setup.set_u(w, rs2 + 2, size as u32);
                for l in 0..lanes {
                    let t = if atomic {
                        target(rng, 64)
                    } else {
                        rng.below(size + 24) as i64
                    };
                    let s1 = if rng.chance(1, 10) {
                        rng.next() as u32
                    } else {
                        // A negative s1 wraps to a large unsigned offset: out of range.
                        (t - imm) as u32
                    };
                    setup.state.v[w][l][rs1] = s1;
                }
            }
            "shared" | "scratch" => {
                let len = if space == "shared" { SHARED_BYTES } else { 64 };
                for l in 0..lanes {
                    let t = if atomic {
                        64 + target(rng, 64)
                    } else {
                        let lo = imm.max(0);
                        lo + rng.below((len as i64 - n as i64 - lo + 1) as u64) as i64
                    };
                    setup.state.v[w][l][rs1] = (t - imm) as u32;
                }
            }
            "u64" | "u64x" => {
                let t = rng.below(REGION - 64);
                let c = if space == "u64x" { rng.below(256) } else { 0 };
                let base = gw.wrapping_add(t).wrapping_sub(c).wrapping_sub(imm as u64);
                setup.set_u(w, rs1, base as u32);
                setup.set_u(w, rs1 + 1, (base >> 32) as u32);
                if space == "u64x" {
                    setup.set_u(w, rs2, c as u32);
                }
            }
            "ubuf" | "ubufx" => {
                let b = gw + rng.below(8) * 8;
                let base = if rng.chance(1, 8) { 0 } else { b };
                let size = rng.below(512);
                setup.set_u(w, rs1, base as u32);
                setup.set_u(w, rs1 + 1, (base >> 32) as u32);
                setup.set_u(w, rs1 + 2, size as u32);
                if space == "ubufx" {
                    setup.set_u(w, rs2, rng.below(320) as u32);
                }
            }
            _ => {}
        }
    }
}

/// Scratch starts zeroed: fill its first 64 bytes first, and read them back after,
/// so that scratch loads see data and scratch stores are observable.
const SCRATCH_PREFIX: [&str; 5] = [
    "st.scratch.b128 v[224:227], v223, 0",
    "st.scratch.b128 v[228:231], v223, 16",
    "st.scratch.b128 v[232:235], v223, 32",
    "st.scratch.b128 v[236:239], v223, 48",
    "",
];
const SCRATCH_SUFFIX: [&str; 4] = [
    "ld.scratch.b128 v[240:243], v223, 0",
    "ld.scratch.b128 v[244:247], v223, 16",
    "ld.scratch.b128 v[248:251], v223, 32",
    "ld.scratch.b128 v[252:255], v223, 48",
];

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
    let mut rng = Rng(0x0e5e_c0de);
    let global_bytes = 4 * REGION as usize;
    let mut failures = Vec::new();
    let engines = [XEngine::Interp, XEngine::Jit];
    let mut checked = [0usize; 2];
    // Cases where the model predicts a fault (exec must fail too).
    let mut faulting = 0usize;
    let mut mnemonics = std::collections::BTreeSet::new();
    for rule in &t.rules {
        for set in 0..OPERAND_SETS {
            let case = make_case(&mut rng, rule);
            let lanes = if set == OPERAND_SETS - 1 { 64 } else { 32 };
            let mut setup = Setup::new(WAVES, lanes, lanes as u32, global_bytes);
            fill(&mut rng, rule, &case, &mut setup);
            // `exec` has one EXEC mask and one shared image for all waves.
            for w in 1..WAVES {
                setup.exec[w] = setup.exec[0];
                setup.state.shared[w] = setup.state.shared[0].clone();
            }
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
            let asm = prog.join("\n") + "\n";
            let module = match Module::from_bytes(asm.as_bytes(), "via_exec.s", Some(Isa::Lsu)) {
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
                match (&want, got) {
                    (Ok(w), Ok(g)) => {
                        if let Some(d) = diff(w, &g) {
                            failures.push(format!("{engine}: {} (lanes {lanes}): {d}", case.text));
                        }
                    }
                    (Err(f), Ok(_)) => failures.push(format!(
                        "{engine}: {}: model faults ({f:?}), exec ran",
                        case.text
                    )),
                    (Ok(_), Err(e)) => {
                        failures.push(format!("{engine}: {}: exec error {e}", case.text))
                    }
                    (Err(_), Err(_)) => {}
                }
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
