//! Execution of every VGLOBAL atomic, load, store and cache operation
//! (assembled, decoded, lifted, run through
//! `xisa_runtime::launch` on the interpreter and the JIT, wave32) against an
//! independent reference model written here (not through the lifter): random
//! registers (overlapping VDST included), every SADDR kind (SGPR pair, VCC, TTMP,
//! off), SCALE_OFFSET, NV, all TH and SCOPE values, random EXEC masks, f32 and
//! packed f16/bf16 operands biased to NaN/Inf/denormals.

mod common;

use std::sync::Mutex;

use common::*;
use xisa_cdna::cdna5::codec::{Inst, SADDR_OFF, SADDR_TTMP0, SADDR_VCC};
use xisa_cdna::cdna5::rules::{tables, Class, DataType, Rule, Sem};
use xisa_ir::MemKind;

/// The compare-and-swap row kind.
const CAS: Sem = Sem::Ir(xisa_ir::AtomOp::Cas);

/// An atomic row's operation (loads and stores: none).
fn sem(r: &Rule) -> Option<Sem> {
    r.atomic().map(|a| a.0)
}

/// An atomic row's type (`B32` for the other rows: integer data).
fn dty(r: &Rule) -> DataType {
    r.atomic().map_or(DataType::B32, |a| a.1)
}
use xisa_cdna::cdna5::{asm, LiftError, LiftOptions};
use xisa_ir::Kernel;
use xisa_runtime::{launch, GuestMemory, LaneProgram, LaunchConfig, GUEST_BASE};

const LANES: usize = 32;
const NV: usize = 40; // VGPRs modelled
const SLOTS: u64 = 4096; // byte offset of lane 0's slot in the allocation
const MEM: usize = 8192;
const CASES: usize = 6;

#[derive(Clone, Copy, Debug, PartialEq)]
enum Engine {
    Interp,
    Jit,
}

fn program(k: &Kernel, e: Engine) -> Box<dyn LaneProgram> {
    match e {
        Engine::Interp => Box::new(xisa_interp::Interp::new(k, false)),
        Engine::Jit => Box::new(
            xisa_jit::compile(k, &xisa_jit::JitOptions::default())
                .unwrap_or_else(|e| panic!("JIT: {e}")),
        ),
    }
}

/// Machine state of one wave.
#[derive(Clone, Debug, PartialEq)]
struct State {
    v: Vec<[u32; NV]>,
    /// Scalar registers by SADDR number (0..128).
    s: Vec<u32>,
    exec: u32,
    mem: Vec<u8>,
}

fn sreg_index(name: &str) -> Option<usize> {
    if name == "vcc_lo" {
        return Some(SADDR_VCC as usize);
    }
    if name == "vcc_hi" {
        return Some(SADDR_VCC as usize + 1);
    }
    if let Some(n) = name.strip_prefix("ttmp") {
        return n.parse::<usize>().ok().map(|n| n + SADDR_TTMP0 as usize);
    }
    name.strip_prefix('s')?.parse().ok()
}

fn run(k: &Kernel, e: Engine, st: &State) -> State {
    let mem = GuestMemory::new(1 << 24).expect("reserve");
    assert_eq!(mem.alloc(MEM as u64).unwrap(), GUEST_BASE);
    mem.write(GUEST_BASE, &st.mem).unwrap();
    let prog = program(k, e);
    #[derive(Clone, Copy)]
    enum R {
        V(usize),
        S(usize),
        Exec,
        Other,
    }
    let map: Vec<R> = k
        .regs
        .iter()
        .map(|r| {
            if r.name == "exec" {
                R::Exec
            } else if let Some(n) = r.name.strip_prefix('v').and_then(|n| n.parse().ok()) {
                R::V(n)
            } else if let Some(i) = sreg_index(&r.name) {
                R::S(i)
            } else {
                R::Other
            }
        })
        .collect();
    let out = Mutex::new(st.clone());
    let init = |_wg: u64, lane: u32, regs: &mut [u64]| -> bool {
        for (i, m) in map.iter().enumerate() {
            regs[i] = match *m {
                R::V(n) => st.v[lane as usize][n] as u64,
                R::S(n) => st.s[n] as u64,
                R::Exec => (st.exec >> lane & 1) as u64,
                R::Other => 0,
            };
        }
        true
    };
    let finish = |_wg: u64, lane: u32, regs: &[u64]| {
        let mut o = out.lock().unwrap();
        for (i, m) in map.iter().enumerate() {
            if let R::V(n) = *m {
                o.v[lane as usize][n] = regs[i] as u32;
            }
        }
    };
    let cfg = LaunchConfig {
        grid: [1, 1, 1],
        block: [LANES as u32, 1, 1],
        dyn_shared: 0,
        dyn_shared_size: 0,
        grid_id: 1,
        params: vec![],
        timeout: Some(std::time::Duration::from_secs(60)),
        threads: 1,
        uniform: None,
        init: Some(&init),
        finish: Some(&finish),
        memory_hook: None,
        output: None,
        plan: None,
    };
    launch(k, prog.as_ref(), &mem, &cfg).unwrap_or_else(|e| panic!("{e}"));
    let mut o = out.into_inner().unwrap();
    o.mem = mem.read_vec(GUEST_BASE, MEM).unwrap();
    o
}

// ------------------------------------------------------------ reference model

/// The new memory value: the test kit's reference model, except the two
/// CDNA 5 subtracts the IR has no single op for.
fn apply(sem: Sem, ty: DataType, old: u64, data: u64, cmp: u64) -> u64 {
    use xisa_ir::AtomType;
    let mask = if ty == DataType::B64 {
        u64::MAX
    } else {
        0xffff_ffff
    };
    let op = match sem {
        Sem::SubClamp => return old.saturating_sub(data) & mask,
        Sem::CondSub => return if old >= data { old - data } else { old } & mask,
        Sem::OrderedAdd => unreachable!("not lifted"),
        Sem::Ir(op) => op,
    };
    let ty = match ty {
        DataType::B64 => AtomType::B64,
        DataType::F16x2 => AtomType::F16x2,
        DataType::BF16x2 => AtomType::BF16x2,
        DataType::F32 => AtomType::F32,
        _ => AtomType::B32,
    };
    xisa_testkit::atomic(op, ty, old, data, cmp)
}

fn model(inst: &Inst, st: &State) -> State {
    let r = inst.rule();
    let mut o = st.clone();
    if matches!(r.class, Class::Fence(_)) {
        return o;
    }
    let size = r.access_bytes() as u64;
    for l in 0..LANES {
        if st.exec >> l & 1 == 0 {
            continue;
        }
        let v = &st.v[l];
        let pair = |n: u8| v[n as usize] as u64 | (v[n as usize + 1] as u64) << 32;
        let sbase =
            || st.s[inst.saddr as usize] as u64 | (st.s[inst.saddr as usize + 1] as u64) << 32;
        let addr = if r.by_lane_id() {
            sbase() + 4 * l as u64
        } else if inst.saddr == SADDR_OFF {
            pair(inst.vaddr)
        } else {
            let base =
                st.s[inst.saddr as usize] as u64 | (st.s[inst.saddr as usize + 1] as u64) << 32;
            let mut off = v[inst.vaddr as usize] as u64;
            if inst.scale_offset {
                off *= size;
            }
            base + off
        }
        .wrapping_add(inst.ioffset as i64 as u64);
        let at = (addr - GUEST_BASE) as usize;
        let mut old = 0u64;
        // (Loads and stores move up to 16 bytes; atomics up to 8.)
        for i in 0..size.min(8) as usize {
            old |= (o.mem[at + i] as u64) << (8 * i);
        }
        match r.class {
            Class::Load {
                kind, count, half, ..
            } => {
                let elem = kind.bytes() as usize;
                for e in 0..count as usize {
                    let mut x = 0u64;
                    for i in 0..elem {
                        x |= (st.mem[at + e * elem + i] as u64) << (8 * i);
                    }
                    let x = match kind {
                        MemKind::S8 => x as u8 as i8 as i32 as u32,
                        MemKind::S16 => x as u16 as i16 as i32 as u32,
                        _ => x as u32,
                    };
                    let d = inst.vdst as usize + e;
                    o.v[l][d] = match half {
                        None => x,
                        Some(false) => (st.v[l][d] & 0xffff_0000) | (x & 0xffff),
                        Some(true) => (st.v[l][d] & 0xffff) | (x << 16),
                    };
                }
                continue;
            }
            Class::Store {
                kind, count, hi, ..
            } => {
                let elem = kind.bytes() as usize;
                for e in 0..count as usize {
                    let mut x = v[inst.vsrc as usize + e];
                    if hi {
                        x >>= 16;
                    }
                    for i in 0..elem {
                        o.mem[at + e * elem + i] = (x >> (8 * i)) as u8;
                    }
                }
                continue;
            }
            _ => {}
        }
        let (data, cmp) = match (dty(r), sem(r).expect("an atomic")) {
            (DataType::B64, CAS) => (pair(inst.vsrc), pair(inst.vsrc + 2)),
            (DataType::B64, _) => (pair(inst.vsrc), 0),
            (_, CAS) => (
                v[inst.vsrc as usize] as u64,
                v[inst.vsrc as usize + 1] as u64,
            ),
            _ => (v[inst.vsrc as usize] as u64, 0),
        };
        let new = apply(sem(r).expect("an atomic"), dty(r), old, data, cmp);
        for i in 0..size as usize {
            o.mem[at + i] = (new >> (8 * i)) as u8;
        }
        if inst.returns() {
            o.v[l][inst.vdst as usize] = old as u32;
            if size == 8 {
                o.v[l][inst.vdst as usize + 1] = (old >> 32) as u32;
            }
        }
    }
    o
}

fn f32_eq(a: u32, b: u32) -> bool {
    a == b || (f32::from_bits(a).is_nan() && f32::from_bits(b).is_nan())
}

/// Compares final states; f32 add/min/max results compare NaN-as-NaN (the
/// payload of a NaN from two NaN operands is the host's choice).
fn same(inst: &Inst, a: &State, b: &State) -> Result<(), String> {
    let float = dty(inst.rule()) == DataType::F32;
    for l in 0..LANES {
        for n in 0..NV {
            let (x, y) = (a.v[l][n], b.v[l][n]);
            if x != y && !(float && f32_eq(x, y)) {
                return Err(format!("lane {l} v{n}: model {x:#x}, engine {y:#x}"));
            }
        }
    }
    for i in (0..MEM).step_by(4) {
        let x = u32::from_le_bytes(a.mem[i..i + 4].try_into().unwrap());
        let y = u32::from_le_bytes(b.mem[i..i + 4].try_into().unwrap());
        if x != y && !(float && f32_eq(x, y)) {
            return Err(format!("memory +{i:#x}: model {x:#010x}, engine {y:#010x}"));
        }
    }
    Ok(())
}

// ------------------------------------------------------------ case generation

fn fvalue(rng: &mut Rng, ty: DataType) -> u32 {
    match ty {
        DataType::F32 => match rng.below(8) {
            0 => 0x7fc0_0000 | rng.below(1 << 22) as u32,
            1 => 0x7f80_0001 + rng.below(1 << 20) as u32,
            2 => 0x7f80_0000 | (rng.below(2) as u32) << 31,
            3 => rng.below(1 << 23) as u32 | (rng.below(2) as u32) << 31,
            4 => (rng.below(2) as u32) << 31,
            _ => f32::to_bits(((rng.below(2001) as f32) - 1000.0) / 8.0),
        },
        DataType::F16x2 | DataType::BF16x2 => {
            let f = if ty == DataType::F16x2 { F16 } else { BF16 };
            let mut h = || -> u32 {
                let emax = f.emax();
                let m = rng.below(1 << f.mbits) as u32;
                let s = (rng.below(2) as u32) << 15;
                (match rng.below(6) {
                    0 => s | emax << f.mbits | m.max(1),
                    1 => s | emax << f.mbits,
                    2 => s | m,
                    _ => s | ((emax / 2 + rng.below(3) as u32) << f.mbits) | m,
                }) & 0xffff
            };
            h() | h() << 16
        }
        _ => rng.next() as u32,
    }
}

fn small(rng: &mut Rng) -> u32 {
    match rng.below(4) {
        0 => rng.below(8) as u32,
        1 => u32::MAX - rng.below(8) as u32,
        2 => 0x8000_0000 + rng.below(8) as u32 - 4,
        _ => rng.next() as u32,
    }
}

fn case(rng: &mut Rng, ri: usize) -> (Inst, State) {
    let r = &tables().rules[ri];
    let size = r.access_bytes() as u64;
    let saddr = match rng.below(5) {
        // (A lane-id address needs a base in memory.)
        0 | 1 if !r.by_lane_id() => SADDR_OFF,
        0 | 1 => 2 * rng.below(10) as u8,
        2 => SADDR_VCC,
        3 => SADDR_TTMP0 + 2 * rng.below(8) as u8,
        _ => 2 * rng.below(10) as u8,
    };
    let na: u8 = if saddr == SADDR_OFF { 2 } else { 1 };
    // Address and data ranges do not overlap; VDST may overlap anything.
    let (vaddr, vsrc) = loop {
        let a = rng.below((NV as u64) - na as u64 + 1) as u8;
        let d = rng.below((NV as u64) - r.data_regs as u64 + 1) as u8;
        if a + na <= d || d + r.data_regs <= a {
            break (a, d);
        }
    };
    let th = rng.below(8) as u8;
    let inst = Inst {
        rule: ri,
        vdst: if th & 1 == 1 || matches!(r.class, Class::Load { .. }) {
            rng.below((NV as u64) - r.dst_regs as u64 + 1) as u8
        } else {
            0
        },
        vaddr,
        vsrc,
        saddr,
        th,
        scope: rng.below(4) as u8,
        // (SCALE_OFFSET of a 12-byte or lane-id access is refused by the
        // lifter.)
        scale_offset: saddr != SADDR_OFF
            && size.is_power_of_two()
            && !r.by_lane_id()
            && rng.chance(1, 2),
        nv: rng.chance(1, 4),
        ioffset: (rng.below(512) - 256) * 8,
    }
    .canonical();
    let mut st = State {
        v: vec![[0; NV]; LANES],
        s: vec![0; 128],
        exec: rng.next() as u32 | if rng.chance(1, 4) { u32::MAX } else { 0 },
        mem: vec![0; MEM],
    };
    for l in 0..LANES {
        for n in 0..NV {
            st.v[l][n] = rng.next() as u32;
        }
    }
    for b in st.mem.iter_mut() {
        *b = rng.next() as u8;
    }
    let k = rng.below(128) * 8;
    if saddr != SADDR_OFF {
        let base = (GUEST_BASE + SLOTS - k).wrapping_sub(inst.ioffset as i64 as u64);
        st.s[saddr as usize] = base as u32;
        st.s[saddr as usize + 1] = (base >> 32) as u32;
    }
    for l in 0..LANES {
        let target = GUEST_BASE + SLOTS + 16 * l as u64;
        if saddr == SADDR_OFF {
            let a = target.wrapping_sub(inst.ioffset as i64 as u64);
            st.v[l][vaddr as usize] = a as u32;
            st.v[l][vaddr as usize + 1] = (a >> 32) as u32;
        } else {
            let off = 16 * l as u64 + k;
            st.v[l][vaddr as usize] = if inst.scale_offset {
                (off / size) as u32
            } else {
                off as u32
            };
        }
        // Memory and data values.
        let at = (SLOTS + 16 * l as u64) as usize;
        let floaty = matches!(dty(r), DataType::F32 | DataType::F16x2 | DataType::BF16x2);
        let old_lo = if floaty {
            fvalue(rng, dty(r))
        } else {
            small(rng)
        };
        let old_hi = small(rng);
        st.mem[at..at + 4].copy_from_slice(&old_lo.to_le_bytes());
        st.mem[at + 4..at + 8].copy_from_slice(&old_hi.to_le_bytes());
        for i in 0..r.data_regs as usize {
            let d = vsrc as usize + i;
            st.v[l][d] = if floaty {
                fvalue(rng, dty(r))
            } else {
                small(rng)
            };
        }
        if sem(r) == Some(CAS) && rng.chance(1, 2) {
            // Compare value = memory: the swap happens.
            if dty(r) == DataType::B64 {
                st.v[l][vsrc as usize + 2] = old_lo;
                st.v[l][vsrc as usize + 3] = old_hi;
            } else {
                st.v[l][vsrc as usize + 1] = old_lo;
            }
        }
    }
    (inst, st)
}

/// Runs `CASES` random cases of every row `pick` accepts on both engines
/// against the model; returns the count per engine.
fn every_row(seed: u64, pick: impl Fn(&Rule) -> bool) -> [usize; 2] {
    let t = tables();
    let mut rng = Rng::new(seed);
    let mut counts = [0usize; 2];
    for (ri, r) in t.rules.iter().enumerate() {
        if !pick(r) {
            continue;
        }
        for _ in 0..CASES {
            let (inst, st) = case(&mut rng, ri);
            // Text -> binary -> decode, as a user would.
            let text = asm::print_inst(&inst);
            let bin = xisa_cdna::cdna5::assemble(&text).unwrap();
            let insts = xisa_cdna::cdna5::decode_program(&bin).unwrap();
            assert_eq!(insts, vec![inst], "{text}");
            let k = xisa_cdna::cdna5::lift(&insts, &LiftOptions::default())
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            let want = model(&inst, &st);
            for (ei, e) in [Engine::Interp, Engine::Jit].into_iter().enumerate() {
                let got = run(&k, e, &st);
                if let Err(d) = same(&inst, &want, &got) {
                    panic!("{text} on {e:?}: {d}\nexec {:#x}", st.exec);
                }
                counts[ei] += 1;
            }
        }
    }
    counts
}

#[test]
fn every_vglobal_atomic_on_both_engines() {
    let counts = every_row(0xcd45_e1ec_0000_0001, |r| {
        r.atomic().is_some() && sem(r) != Some(Sem::OrderedAdd)
    });
    let rows = tables()
        .rules
        .iter()
        .filter(|r| r.atomic().is_some())
        .count()
        - 1;
    assert_eq!(counts, [rows * CASES; 2]);
    eprintln!(
        "VGLOBAL atomics: {} cases on the interpreter, {} on the JIT ({rows} opcodes x {CASES})",
        counts[0], counts[1],
    );
}

/// Loads (every element kind, d16 halves), stores (every size, the high
/// half) and the cache operations, on the same random registers, SADDR
/// kinds, TH/SCOPE values and EXEC masks.
#[test]
fn every_vglobal_load_store_and_cache_operation_on_both_engines() {
    let counts = every_row(0xcd45_e1ec_0000_0002, |r| r.atomic().is_none());
    let rows = tables()
        .rules
        .iter()
        .filter(|r| r.atomic().is_none())
        .count();
    assert_eq!(
        rows, 27,
        "8 loads, 6 d16 loads, 6 stores, 2 d16 stores, 2 lane-id accesses, 3 cache operations"
    );
    assert_eq!(counts, [rows * CASES; 2]);
    eprintln!(
        "VGLOBAL loads, stores, cache operations: {} cases on the interpreter, {} on the JIT",
        counts[0], counts[1],
    );
}

#[test]
fn ordered_add_and_exec_base_are_rejected_clearly() {
    let insts = xisa_cdna::cdna5::parse_program("global_atomic_ordered_add_b64 v1, v[2:3], s[0:1]")
        .unwrap();
    let e = xisa_cdna::cdna5::lift(&insts, &LiftOptions::default()).unwrap_err();
    assert!(matches!(e, LiftError::Unsupported { .. }), "{e}");
    assert!(e.to_string().contains("pc 0x0"), "{e}");
    let insts = xisa_cdna::cdna5::parse_program("global_atomic_add_u32 v1, v2, exec").unwrap();
    let e = xisa_cdna::cdna5::lift(&insts, &LiftOptions::default()).unwrap_err();
    assert!(e.to_string().contains("EXEC"), "{e}");
}

#[test]
fn seed_example_executes() {
    // global_atomic_pk_add_bf16 v0, v2, s[0:1]: bf16 1.0|2.0 + 1.0|0.5 at s[0:1] + v0.
    let insts =
        xisa_cdna::cdna5::parse_program("global_atomic_pk_add_bf16 v0, v2, s[0:1]").unwrap();
    let k = xisa_cdna::cdna5::lift(&insts, &LiftOptions::default()).unwrap();
    assert_eq!(k.wave_size, 32);
    let mut st = State {
        v: vec![[0; NV]; LANES],
        s: vec![0; 128],
        exec: 1,
        mem: vec![0; MEM],
    };
    st.s[0] = GUEST_BASE as u32;
    st.s[1] = (GUEST_BASE >> 32) as u32;
    st.v[0][0] = 64;
    st.v[0][2] = 0x3f00_3f80; // hi 0.5, lo 1.0
    st.mem[64..68].copy_from_slice(&0x4000_3f80u32.to_le_bytes()); // hi 2.0, lo 1.0
    for e in [Engine::Interp, Engine::Jit] {
        let got = run(&k, e, &st);
        let m = u32::from_le_bytes(got.mem[64..68].try_into().unwrap());
        assert_eq!(m, 0x4020_4000, "{e:?}: 2.5 | 2.0");
    }
}
