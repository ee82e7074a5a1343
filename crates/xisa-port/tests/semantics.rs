//! Ported memory instructions do what their sources did: each atomic, load
//! and store the lsu, CDNA 5 and gfx942 writers write is ported to the
//! other two; source and port run with `xisa exec` from equivalent states
//! (the same per-lane values in the registers each one reads them from; a
//! wave of 32 lanes, four lanes on each 16-byte slot: lanes of a wave run in
//! order, so even CAS, exchange and overlapping stores are deterministic)
//! and must leave equal memory and equal returned or loaded values.
//! Concurrently (eight waves on the host threads, in any order), the
//! order-independent atomics must leave equal totals.

use std::collections::BTreeMap;

use serde_json::json;
use xisa::exec::{exec, State};
use xisa::{Device, Engine, Isa, Module};
use xisa_frontend::{access_words, read_mem, AddrShape, MemRegs, MemSpec, ReadMem};
use xisa_port::{port, Verdict};
use xisa_testkit::write::mem_specs;
use xisa_testkit::Rng;

const LANES: usize = 32;
/// Slots of 16 bytes (the widest access); four lanes of the wave on each
/// (eight waves: 32 on each).
const WORDS: usize = 8;
const SLOT: usize = 16;
const BASE: u64 = 0x1_0000_0000;

fn isa(name: &str) -> Isa {
    name.parse().unwrap()
}

fn read(isa: Isa, text: &str) -> (Module, ReadMem) {
    let f = isa.frontend();
    let bytes = f.assemble(text).unwrap();
    let m = Module::from_bytes(&bytes, "port-test", Some(isa)).unwrap();
    let k = m.pick_kernel(None).unwrap().clone();
    (m, read_mem(&k).unwrap())
}

/// Per-lane inputs of one instruction: address slot, value and compare words.
struct Inputs {
    memory: Vec<u8>,
    word: Vec<usize>,
    value: Vec<Vec<u32>>,
    compare: Vec<Vec<u32>>,
}

fn inputs(rng: &mut Rng, words: usize, waves: usize) -> Inputs {
    let n = LANES * waves;
    let memory: Vec<u8> = (0..WORDS * SLOT).map(|_| rng.below(256) as u8).collect();
    let word: Vec<usize> = (0..n).map(|i| i % WORDS).collect();
    let value = (0..words)
        .map(|_| (0..n).map(|_| rng.val32()).collect())
        .collect();
    // Half the compares hit the initial memory, so some CAS succeed.
    let compare = (0..words)
        .map(|k| {
            (0..n)
                .map(|i| {
                    let at = word[i] * SLOT + 4 * k;
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
fn run(isa: Isa, m: &Module, r: &ReadMem, x: &Inputs, waves: usize) -> (String, Vec<Vec<String>>) {
    let uniform = matches!(r.shape, AddrShape::PairPlusZext { .. });
    let global = r.addr.len() == 2 || uniform;
    let base = if global { BASE } else { 0 };
    let mut regs = BTreeMap::new();
    // A uniform load's address is the same in every lane.
    let uniform_load = matches!(r.spec, MemSpec::Load(a) if a.uniform);
    let offsets: Vec<u64> = x
        .word
        .iter()
        .map(|w| if uniform_load { 0 } else { (SLOT * *w) as u64 })
        .collect();
    let split = |v: &[u64], hi: bool| -> Vec<u32> {
        v.iter()
            .map(|a| if hi { (a >> 32) as u32 } else { *a as u32 })
            .collect()
    };
    match &r.shape {
        // The same base in every lane, the slot in the 32-bit offset.
        AddrShape::PairPlusZext { pair, reg } => {
            regs.insert(pair[0].clone(), json!(base as u32));
            regs.insert(pair[1].clone(), json!((base >> 32) as u32));
            regs.insert(reg.clone(), json!(split(&offsets, false)));
        }
        _ => {
            let addr: Vec<u64> = offsets.iter().map(|o| base + o).collect();
            regs.insert(r.addr[0].clone(), json!(split(&addr, false)));
            if global {
                regs.insert(r.addr[1].clone(), json!(split(&addr, true)));
            }
        }
    }
    for (names, vals) in [(&r.value, &x.value), (&r.compare, &x.compare)] {
        for (name, v) in names.iter().zip(vals.iter()) {
            regs.insert(name.clone(), json!(v));
        }
    }
    let hex: String = x.memory.iter().map(|b| format!("{b:02x}")).collect();
    let (space, at) = if global {
        ("global", format!("{BASE:#x}"))
    } else {
        ("shared", "0x0".to_string())
    };
    let state: State = serde_json::from_value(json!({
        "isa": isa.name(), "lanes": LANES, "waves": waves, "regs": regs,
        "memory": [{ "space": space, "addr": at, "hex": hex }],
        "read_back": [{ "space": space, "addr": at, "bytes": WORDS * SLOT }],
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
    let memory = if global {
        &v["read_back"][0]["hex"]
    } else {
        &v["wave_states"][0]["shared"][0]["hex"]
    };
    (memory.as_str().unwrap().to_string(), returned)
}

/// Ports every atomic, load and store `from` writes to `to`; runs each pair
/// on one wave (memory and returned or loaded values equal) and, for the
/// global atomics whose total is independent of the order, on eight
/// concurrent waves (memory equal). Returns the number of pairs run.
fn check(from: &str, to: &str) -> usize {
    check_on(
        from,
        to,
        &MemRegs {
            addr: 10,
            data: 20,
            dst: 30,
            offset: 0,
            ubase: None,
        },
    )
}

/// [`check`] on `regs`.
fn check_on(from: &str, to: &str, regs: &MemRegs) -> usize {
    let (from, to) = (isa(from), isa(to));
    let mut rng = Rng::new(0x5e3a);
    let mut checked = 0;
    for spec in mem_specs() {
        let words = match spec {
            MemSpec::Atomic(a) => a.ty.bytes() as usize / 4,
            MemSpec::Load(_) => 0,
            MemSpec::Store(a) => access_words(a.mem) as usize,
            MemSpec::Fence { .. } => continue,
        };
        let Ok(w) = from.frontend().write_mem(&spec, regs) else {
            continue;
        };
        let p = &port(w.text.as_bytes(), from, to, None).unwrap()[0];
        if !matches!(p.verdict, Verdict::Exact | Verdict::Strengthened { .. }) {
            continue;
        }
        let (sm, sr) = read(from, &w.text);
        let (tm, tr) = read(to, &p.target[0]);
        let what = format!("{spec}: {} -> {}", w.text, p.target[0]);
        let x = inputs(&mut rng, words, 1);
        let (smem, sret) = run(from, &sm, &sr, &x, 1);
        let (tmem, tret) = run(to, &tm, &tr, &x, 1);
        assert_eq!(smem, tmem, "{what}: memory");
        assert_eq!(sret, tret, "{what}: returned");
        use xisa_ir::AtomOp::*;
        let order_free = matches!(spec, MemSpec::Atomic(a)
            if matches!(a.op, Add | And | Or | Xor | SMin | SMax | UMin | UMax)
                && !a.ty.reg_type().is_float()
                && a.space == xisa_ir::Space::Global);
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

// The pairs run: every exact and strengthened atomic, load and store of the
// round trip (`round_trip.rs` explains the counts).
#[test]
fn every_direction() {
    for (from, to, pairs) in [
        // Atomics, then loads (8 exact, 15 strengthened) and stores (6, 11).
        ("lsu", "cdna5", 26 * 2 * 3 + 23 + 17),
        // Atomics, then loads (16 exact, 15 strengthened; 6 uniform) and
        // stores (12, 11).
        ("lsu", "gfx942", 24 * 2 * 3 + 50 + 31 + 6 + 23),
        ("cdna5", "lsu", 26 * 2 * 4 + 8 + 6),
        ("cdna5", "gfx942", 29 * 2 * 4 + 32 + 24),
        // Atomics, then the plain loads (16; 3 uniform) and stores (12).
        ("gfx942", "lsu", 24 * 2 * 2 + 50 + 16 + 3 + 12),
        ("gfx942", "cdna5", 29 * 2 * 2 + 32 + 24),
    ] {
        assert_eq!(check(from, to), pairs, "{from} -> {to}");
    }
}

/// With a uniform base pair and a 32-bit vector offset (lsu `ubase`,
/// gfx942 and CDNA 5 `saddr`): the global pairs of `round_trip.rs`'s
/// `uniform_bases`.
#[test]
fn uniform_bases() {
    // The test kit's uniform-base register set, at the slots themselves.
    let regs = MemRegs {
        offset: 0,
        ..xisa_testkit::write::REGS[3]
    };
    for (from, to, pairs) in [
        ("lsu", "gfx942", 96 + 48 + 8 + 15 + 6 + 11),
        ("gfx942", "lsu", 96 + 8 + 6),
        ("lsu", "cdna5", 156 + 8 + 15 + 6 + 11),
        ("cdna5", "lsu", 156 + 52 + 8 + 6),
        ("gfx942", "cdna5", 116 + 24 + 8 + 18 + 6),
        ("cdna5", "gfx942", 116 + 116 + 24 + 8 + 18 + 6),
    ] {
        assert_eq!(check_on(from, to, &regs), pairs, "{from} -> {to}");
    }
}

/// sm_75 both ways, on vector addresses and on uniform bases: the pairs of
/// `round_trip.rs`'s `sm75_both_ways` that are exact or strengthened
/// (sm_75 fragments run under `xisa exec` like the others').
#[test]
fn sm75_both_ways() {
    let uniform = MemRegs {
        offset: 0,
        ..xisa_testkit::write::REGS[3]
    };
    let mut got = Vec::new();
    for (from, to) in xisa_testkit::write::SM75_DIRECTIONS {
        let v = check(from, to);
        let u = check_on(from, to, &uniform);
        println!("{from} -> {to}: {v} vector, {u} uniform");
        got.push((v, u));
    }
    // Vector: the exact and strengthened atomics, loads and stores of the
    // round trip (lsu -> sm75: 164 atomics, 26 loads, 18 stores); uniform
    // bases: the global ones sm_75's writer writes (no ATOMG.CAS form).
    assert_eq!(
        got,
        [
            (208, 152),
            (194, 138),
            (234, 226),
            (230, 172),
            (304, 244),
            (244, 236),
        ]
    );
}
