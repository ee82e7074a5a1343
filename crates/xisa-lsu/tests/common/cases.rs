//! Random test cases for every lsu instruction: registers, operands, EXEC
//! masks and memory contents, shared by the runtime-level and `xisa exec`
//! execution tests.

use super::*;
use xisa_lsu::rules::{OperandKind, RegFile, Rule, Slot};
use xisa_runtime::GUEST_BASE;

pub fn access_bytes(mn: &str) -> usize {
    let p: Vec<&str> = mn.split('.').collect();
    let ty = p
        .iter()
        .rev()
        .find(|s| s.len() > 1 && s[1..].chars().all(|c| c.is_ascii_digit()))
        .unwrap();
    let bits: usize = ty[1..].parse().unwrap();
    bits.div_ceil(8)
}

pub fn count_of(rule: &Rule, slot: Slot) -> u32 {
    match rule.operand(slot).map(|o| o.kind) {
        Some(OperandKind::Reg { count, .. }) => count as u32,
        _ => 0,
    }
}

pub fn file_of(rule: &Rule, slot: Slot) -> Option<RegFile> {
    match rule.operand(slot).map(|o| o.kind) {
        Some(OperandKind::Reg { file, .. }) => Some(file),
        _ => None,
    }
}

/// Picks register numbers: ranges fit, address registers of the same file do not
/// overlap each other (they are set independently), data may overlap anything.
pub fn pick_regs(rng: &mut Rng, rule: &Rule) -> (u32, u32, u32) {
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

pub fn reg_text(f: char, first: u32, count: u32) -> String {
    if count == 1 {
        format!("{f}{first}")
    } else {
        format!("{f}[{first}:{}]", first + count - 1)
    }
}

/// One test instruction: text and operand values.
pub struct Case {
    pub text: String,
    pub rs1: u32,
    pub rs2: u32,
    pub imm: i64,
}

pub fn make_case(rng: &mut Rng, rule: &Rule) -> Case {
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

pub fn exec_mask(rng: &mut Rng, lanes: usize) -> u64 {
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
pub fn fill(rng: &mut Rng, rule: &Rule, case: &Case, setup: &mut Setup) {
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
pub const SCRATCH_PREFIX: [&str; 5] = [
    "st.scratch.b128 v[224:227], v223, 0",
    "st.scratch.b128 v[228:231], v223, 16",
    "st.scratch.b128 v[232:235], v223, 32",
    "st.scratch.b128 v[236:239], v223, 48",
    "",
];
pub const SCRATCH_SUFFIX: [&str; 4] = [
    "ld.scratch.b128 v[240:243], v223, 0",
    "ld.scratch.b128 v[244:247], v223, 16",
    "ld.scratch.b128 v[248:251], v223, 32",
    "ld.scratch.b128 v[252:255], v223, 48",
];

/// The program of one case: its instruction, wrapped for a scratch
/// instruction in the first four lines of [`SCRATCH_PREFIX`] and
/// [`SCRATCH_SUFFIX`] (whose base register v223 is zeroed in every lane).
pub fn case_program(rule: &Rule, case: &Case, setup: &mut Setup) -> Vec<String> {
    let scratch = rule.semclass.starts_with("scratch");
    let mut prog: Vec<String> = Vec::new();
    if scratch {
        for wave in setup.state.v.iter_mut() {
            for lane in wave.iter_mut() {
                lane[223] = 0;
            }
        }
        prog.extend(SCRATCH_PREFIX[..4].iter().map(|s| s.to_string()));
    }
    prog.push(case.text.clone());
    if scratch {
        prog.extend(SCRATCH_SUFFIX.iter().map(|s| s.to_string()));
    }
    prog
}

/// Fails with the number of failures and the first 20 of them, if any.
pub fn assert_no_failures(failures: &[String]) {
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

/// A random case of `rule` and its filled setup (`waves` waves of `lanes`
/// lanes, wave size `lanes`).
pub fn random_case(
    rng: &mut Rng,
    rule: &Rule,
    waves: usize,
    lanes: usize,
    global_bytes: usize,
) -> (Case, Setup) {
    let case = make_case(rng, rule);
    let mut setup = Setup::new(waves, lanes, lanes as u32, global_bytes);
    fill(rng, rule, &case, &mut setup);
    (case, setup)
}
