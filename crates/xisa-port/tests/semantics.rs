//! Ported atomics do what their sources did: each global atomic lsu writes
//! is ported to CDNA 5 and each CDNA 5 one to lsu; source and port run with
//! `xisa exec` from equivalent states (the same per-lane values in the
//! registers each one reads them from; a wave of 32 lanes, four lanes on
//! each word: lanes of a wave run in order, so even CAS and exchange are
//! deterministic) and must leave equal memory and equal returned values.
//! Concurrently (eight waves on the host threads, in any order), the
//! order-independent ops must leave equal totals.

use std::collections::BTreeMap;

use serde_json::json;
use xisa::exec::{exec, State};
use xisa::{Device, Engine, Isa, Module};
use xisa_frontend::{read_atomic, AtomicRegs, ReadAtomic};
use xisa_port::{port, Verdict};
use xisa_testkit::write::atomic_specs;
use xisa_testkit::Rng;

const LANES: usize = 32;
const WORDS: usize = 8;
// Four lanes of the wave on each word (eight waves: 32 on each).
const BASE: u64 = 0x1_0000_0000;

fn isa(name: &str) -> Isa {
    name.parse().unwrap()
}

fn read(isa: Isa, text: &str) -> (Module, ReadAtomic) {
    let f = isa.frontend();
    let bytes = f.assemble(text).unwrap();
    let m = Module::from_bytes(&bytes, "port-test", Some(isa)).unwrap();
    let k = m.pick_kernel(None).unwrap().clone();
    (m, read_atomic(&k).unwrap())
}

/// Per-lane inputs of one atomic: address word, value and compare words.
struct Inputs {
    memory: Vec<u8>,
    word: Vec<usize>,
    value: Vec<Vec<u32>>,
    compare: Vec<Vec<u32>>,
}

fn inputs(rng: &mut Rng, words: usize, waves: usize) -> Inputs {
    let n = LANES * waves;
    let memory: Vec<u8> = (0..WORDS * 8).map(|_| rng.below(256) as u8).collect();
    let word: Vec<usize> = (0..n).map(|i| i % WORDS).collect();
    let value = (0..words)
        .map(|_| (0..n).map(|_| rng.val32()).collect())
        .collect();
    // Half the compares hit the initial memory, so some CAS succeed.
    let compare = (0..words)
        .map(|k| {
            (0..n)
                .map(|i| {
                    let at = word[i] * 8 + 4 * k;
                    let mem = u32::from_le_bytes(memory[at..at + 4].try_into().unwrap());
                    if rng.chance(1, 2) {
                        mem
                    } else {
                        rng.val32()
                    }
                })
                .collect()
        })
        .collect();
    Inputs {
        memory,
        word,
        value,
        compare,
    }
}

/// Runs `m`, whose atomic reads its roles from `r`'s registers, on `x`:
/// the memory after, and the returned registers' values per lane.
fn run(
    isa: Isa,
    m: &Module,
    r: &ReadAtomic,
    x: &Inputs,
    waves: usize,
) -> (String, Vec<Vec<String>>) {
    let mut regs = BTreeMap::new();
    let addr: Vec<u64> = x.word.iter().map(|w| BASE + 8 * *w as u64).collect();
    regs.insert(
        r.addr[0].clone(),
        json!(addr.iter().map(|a| *a as u32).collect::<Vec<_>>()),
    );
    regs.insert(
        r.addr[1].clone(),
        json!(addr.iter().map(|a| (a >> 32) as u32).collect::<Vec<_>>()),
    );
    for (names, vals) in [(&r.value, &x.value), (&r.compare, &x.compare)] {
        for (name, v) in names.iter().zip(vals.iter()) {
            regs.insert(name.clone(), json!(v));
        }
    }
    let hex: String = x.memory.iter().map(|b| format!("{b:02x}")).collect();
    let state: State = serde_json::from_value(json!({
        "isa": isa.name(), "lanes": LANES, "waves": waves, "regs": regs,
        "memory": [{ "space": "global", "addr": format!("{BASE:#x}"), "hex": hex }],
        "read_back": [{ "space": "global", "addr": format!("{BASE:#x}"), "bytes": WORDS * 8 }],
    }))
    .unwrap();
    let fin = exec(&Device::new().unwrap(), m, &state, Engine::Jit, None).unwrap();
    let v = serde_json::to_value(&fin).unwrap();
    let returned = r
        .returned
        .iter()
        .map(|name| {
            (0..waves)
                .flat_map(|w| {
                    v["wave_states"][w]["regs"][name]
                        .as_array()
                        .unwrap_or_else(|| panic!("no register {name}"))
                        .iter()
                        .map(|s| s.as_str().unwrap().to_string())
                        .collect::<Vec<_>>()
                })
                .collect()
        })
        .collect();
    (
        v["read_back"][0]["hex"].as_str().unwrap().to_string(),
        returned,
    )
}

/// Ports every global atomic `from` writes to `to`; runs each pair on one
/// wave (memory and returned values equal) and, for the ops whose total is
/// independent of the order, on eight concurrent waves (memory equal).
/// Returns the number of pairs run.
fn check(from: &str, to: &str) -> usize {
    let (from, to) = (isa(from), isa(to));
    let regs = AtomicRegs {
        offset: 0,
        ..xisa_testkit::write::REGS[1]
    };
    let mut rng = Rng::new(0x5e3a);
    let mut checked = 0;
    for spec in atomic_specs()
        .into_iter()
        .filter(|s| s.space == xisa_ir::Space::Global)
    {
        let Ok(w) = from.frontend().write_atomic(&spec, &regs) else {
            continue;
        };
        let p = &port(w.text.as_bytes(), from, to).unwrap()[0];
        if !matches!(p.verdict, Verdict::Exact | Verdict::Strengthened(_)) {
            continue;
        }
        let (sm, sr) = read(from, &w.text);
        let (tm, tr) = read(to, &p.target[0]);
        let what = format!("{spec}: {} -> {}", w.text, p.target[0]);
        let words = spec.ty.bytes() as usize / 4;
        let x = inputs(&mut rng, words, 1);
        let (smem, sret) = run(from, &sm, &sr, &x, 1);
        let (tmem, tret) = run(to, &tm, &tr, &x, 1);
        assert_eq!(smem, tmem, "{what}: memory");
        assert_eq!(sret, tret, "{what}: returned");
        use xisa_ir::AtomOp::*;
        let order_free = matches!(spec.op, Add | And | Or | Xor | SMin | SMax | UMin | UMax)
            && !spec.ty.reg_type().is_float();
        if order_free {
            let x = inputs(&mut rng, words, 8);
            assert_eq!(
                run(from, &sm, &sr, &x, 8).0,
                run(to, &tm, &tr, &x, 8).0,
                "{what}: 8 waves"
            );
        }
        checked += 1;
    }
    checked
}

#[test]
fn lsu_atomics_ported_to_cdna5_compute_the_same() {
    assert_eq!(check("lsu", "cdna5"), 26 * 2 * 3);
}

#[test]
fn cdna5_atomics_ported_to_lsu_compute_the_same() {
    assert_eq!(check("cdna5", "lsu"), 26 * 2 * 4);
}
