//! Shared test support: a deterministic RNG, an independent reference model of
//! the lsu instructions written from the chapter (it interprets the assembly text
//! itself; it does not use the rules, the codec or the lifter), and a harness that
//! runs lifted kernels through `xisa_runtime::launch` on the engines.

#![allow(dead_code)]

pub mod cases;

use std::sync::Mutex;

use xisa_ir::Kernel;
use xisa_runtime::{launch, GuestMemory, LaneProgram, LaunchConfig, GUEST_BASE};

pub const NREGS: usize = 256;
/// Shared-memory window of every test workgroup.
pub const SHARED_BYTES: usize = 1024;
/// Scratch per lane (the lifter's constant).
pub const SCRATCH: usize = xisa_lsu::SCRATCH_BYTES as usize;
/// Global bytes per wave region.
pub const REGION: u64 = 1024;

pub use xisa_testkit::Rng;

/// Machine state for the reference model and the engines.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// `[wave][lane][reg]`.
    pub v: Vec<Vec<Vec<u32>>>,
    /// Uniform registers, per lane copy (they are per-lane IR registers), `[wave][lane][reg]`.
    pub u: Vec<Vec<Vec<u32>>>,
    /// The whole global allocation, from `GUEST_BASE`.
    pub global: Vec<u8>,
    /// `[wave]` shared window.
    pub shared: Vec<Vec<u8>>,
}

#[derive(Clone, Debug)]
pub struct Setup {
    pub waves: usize,
    pub lanes: usize,
    pub wave_size: u32,
    /// EXEC mask per wave.
    pub exec: Vec<u64>,
    pub state: State,
}

impl Setup {
    pub fn new(waves: usize, lanes: usize, wave_size: u32, global_bytes: usize) -> Self {
        Setup {
            waves,
            lanes,
            wave_size,
            exec: vec![u64::MAX; waves],
            state: State {
                v: vec![vec![vec![0; NREGS]; lanes]; waves],
                u: vec![vec![vec![0; NREGS]; lanes]; waves],
                global: vec![0; global_bytes],
                shared: vec![vec![0; SHARED_BYTES]; waves],
            },
        }
    }

    /// Sets a uniform register in every lane of a wave.
    pub fn set_u(&mut self, w: usize, r: usize, val: u32) {
        for l in 0..self.lanes {
            self.state.u[w][l][r] = val;
        }
    }
}

/// A fault the model predicts (the engines must fail the launch).
#[derive(Debug, Clone, PartialEq)]
pub struct ModelFault {
    pub wave: usize,
    pub lane: usize,
    pub what: String,
    pub addr: u64,
}

// ------------------------------------------------------------------ the model

fn reg_first(s: &str) -> usize {
    let s = s.trim();
    let body = &s[1..];
    let n = body.trim_start_matches('[');
    let n = n.split([':', ']']).next().unwrap_or("0");
    n.trim().parse().expect("model: register")
}

fn imm_of(s: &str) -> i64 {
    let s = s.trim();
    let (neg, b) = match s.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, s),
    };
    let v = match b.strip_prefix("0x") {
        Some(h) => i64::from_str_radix(h, 16).unwrap(),
        None => b.parse().unwrap(),
    };
    if neg {
        -v
    } else {
        v
    }
}

enum Loc {
    Global(u64),
    Shared(i64),
    Scratch(i64),
    /// Bounds-checked: descriptor base, size, byte offset.
    Buf {
        base: u64,
        size: u64,
        off: i64,
    },
}

impl Loc {
    fn plus(&self, k: i64) -> Loc {
        match *self {
            Loc::Global(a) => Loc::Global(a.wrapping_add(k as u64)),
            Loc::Shared(a) => Loc::Shared(a + k),
            Loc::Scratch(a) => Loc::Scratch(a + k),
            Loc::Buf { base, size, off } => Loc::Buf {
                base,
                size,
                off: off + k,
            },
        }
    }
}

struct Lane<'a> {
    st: &'a mut State,
    scratch: &'a mut Vec<u8>,
    w: usize,
    l: usize,
}

impl Lane<'_> {
    fn v(&self, r: usize) -> u32 {
        self.st.v[self.w][self.l][r]
    }
    fn u(&self, r: usize) -> u32 {
        self.st.u[self.w][self.l][r]
    }
    fn u64u(&self, r: usize) -> u64 {
        self.u(r) as u64 | (self.u(r + 1) as u64) << 32
    }
    fn v64(&self, r: usize) -> u64 {
        self.v(r) as u64 | (self.v(r + 1) as u64) << 32
    }
    fn fault(&self, what: &str, addr: u64) -> ModelFault {
        ModelFault {
            wave: self.w,
            lane: self.l,
            what: what.into(),
            addr,
        }
    }

    /// The bytes of an access: `Ok(None)` = out-of-range buffer access.
    fn window(&mut self, loc: &Loc, n: usize) -> Result<Option<&mut [u8]>, ModelFault> {
        match *loc {
            Loc::Global(a) => {
                let off = a.wrapping_sub(GUEST_BASE);
                if off > self.st.global.len() as u64 || n as u64 > self.st.global.len() as u64 - off
                {
                    return Err(self.fault("out-of-bounds global", a));
                }
                Ok(Some(&mut self.st.global[off as usize..off as usize + n]))
            }
            Loc::Buf { base, size, off } => {
                if base == 0 || off < 0 || off as u64 + n as u64 > size {
                    return Ok(None);
                }
                let a = base.wrapping_add(off as u64);
                self.window(&Loc::Global(a), n)
            }
            Loc::Shared(o) => {
                let len = self.st.shared[self.w].len() as i64;
                if o < 0 || o + n as i64 > len {
                    return Err(self.fault("out-of-bounds shared", o as u64));
                }
                Ok(Some(
                    &mut self.st.shared[self.w][o as usize..o as usize + n],
                ))
            }
            Loc::Scratch(o) => {
                if o < 0 || o + n as i64 > self.scratch.len() as i64 {
                    return Err(self.fault("out-of-bounds scratch", o as u64));
                }
                Ok(Some(&mut self.scratch[o as usize..o as usize + n]))
            }
        }
    }

    fn read(&mut self, loc: &Loc, n: usize) -> Result<u64, ModelFault> {
        Ok(match self.window(loc, n)? {
            Some(b) => b.iter().rev().fold(0u64, |a, &x| a << 8 | x as u64),
            None => 0,
        })
    }

    fn write(&mut self, loc: &Loc, n: usize, val: u64) -> Result<(), ModelFault> {
        if let Some(b) = self.window(loc, n)? {
            for (i, x) in b.iter_mut().enumerate() {
                *x = (val >> (8 * i)) as u8;
            }
        }
        Ok(())
    }

    fn guest_addr(loc: &Loc) -> u64 {
        match *loc {
            Loc::Global(a) => a,
            Loc::Shared(o) | Loc::Scratch(o) => o as u64,
            Loc::Buf { base, off, .. } => base.wrapping_add(off as u64),
        }
    }
}

/// Applies an atomic op of the chapter to the old value (the test kit's
/// reference model; `cmpxchg` compares with `data` and stores `data1`).
fn atom_apply(op: &str, bits: u32, old: u64, data: u64, data1: u64) -> u64 {
    use xisa_ir::{AtomOp, AtomType};
    let (op, src, cmp) = match op {
        "add" => (AtomOp::Add, data, 0),
        "sub" => (AtomOp::Sub, data, 0),
        "and" => (AtomOp::And, data, 0),
        "or" => (AtomOp::Or, data, 0),
        "xor" => (AtomOp::Xor, data, 0),
        "min.i" => (AtomOp::SMin, data, 0),
        "max.i" => (AtomOp::SMax, data, 0),
        "min.u" => (AtomOp::UMin, data, 0),
        "max.u" => (AtomOp::UMax, data, 0),
        "xchg" => (AtomOp::Exch, data, 0),
        "cmpxchg" => (AtomOp::Cas, data1, data),
        "inc" => (AtomOp::Inc, data, 0),
        "dec" => (AtomOp::Dec, data, 0),
        "fadd" => (AtomOp::FAdd, data, 0),
        "fmin" => (AtomOp::FMin, data, 0),
        "fmax" => (AtomOp::FMax, data, 0),
        o => panic!("model: atomic op {o}"),
    };
    let ty = match (bits, op) {
        (64, _) => AtomType::B64,
        (_, AtomOp::FAdd | AtomOp::FMin | AtomOp::FMax) => AtomType::F32,
        _ => AtomType::B32,
    };
    xisa_testkit::atomic(op, ty, old, src, cmp)
}

/// Runs a program (assembly lines) on the model: every wave in order, every lane
/// in order runs the whole program (the runtime's schedule).
pub fn run_model(prog: &[String], setup: &Setup) -> Result<State, ModelFault> {
    let mut st = setup.state.clone();
    for w in 0..setup.waves {
        for l in 0..setup.lanes {
            let active = setup.exec[w] >> l & 1 == 1;
            let mut scratch = vec![0u8; SCRATCH];
            let mut lane = Lane {
                st: &mut st,
                scratch: &mut scratch,
                w,
                l,
            };
            for line in prog {
                model_inst(&mut lane, line, active)?;
            }
        }
    }
    Ok(st)
}

fn model_inst(ln: &mut Lane, line: &str, active: bool) -> Result<(), ModelFault> {
    let (mn, rest) = line.split_once(' ').unwrap_or((line, ""));
    let ops: Vec<&str> = if rest.is_empty() {
        vec![]
    } else {
        rest.split(',').map(str::trim).collect()
    };
    let p: Vec<&str> = mn.split('.').collect();
    match p[0] {
        "cache" => Ok(()),
        "uld" => {
            // uld[.x|.buf|.bufx].bN: ignores EXEC.
            let (mode, size) = if p.len() == 2 {
                ("", p[1])
            } else {
                (p[1], p[2])
            };
            let n = size[1..].parse::<usize>().unwrap() / 32;
            let rd = reg_first(ops[0]);
            let rs1 = reg_first(ops[1]);
            let (rs2, imm) = match mode {
                "x" | "bufx" => (reg_first(ops[2]), imm_of(ops[3])),
                _ => (0, imm_of(ops[2])),
            };
            let mut vals = Vec::new();
            for i in 0..n {
                let k = 4 * i as i64;
                let loc = match mode {
                    "" => Loc::Global(ln.u64u(rs1).wrapping_add((imm + k) as u64)),
                    "x" => Loc::Global(
                        ln.u64u(rs1)
                            .wrapping_add(ln.u(rs2) as u64)
                            .wrapping_add((imm + k) as u64),
                    ),
                    _ => Loc::Buf {
                        base: ln.u64u(rs1),
                        size: ln.u(rs1 + 2) as u64,
                        off: if mode == "bufx" { ln.u(rs2) as i64 } else { 0 } + imm + k,
                    },
                };
                vals.push(ln.read(&loc, 4)? as u32);
            }
            for (i, x) in vals.into_iter().enumerate() {
                ln.st.u[ln.w][ln.l][rd + i] = x;
            }
            Ok(())
        }
        _ if !active => Ok(()),
        kind => {
            let space = p[1];
            let rd = reg_first(ops[0]);
            let (loc, _) = match space {
                "global" => (
                    Loc::Global(
                        ln.v64(reg_first(ops[1]))
                            .wrapping_add(imm_of(ops[2]) as u64),
                    ),
                    3,
                ),
                "ubase" => (
                    Loc::Global(
                        ln.u64u(reg_first(ops[1]))
                            .wrapping_add(ln.v(reg_first(ops[2])) as u64)
                            .wrapping_add(imm_of(ops[3]) as u64),
                    ),
                    4,
                ),
                "buf" => {
                    let d = reg_first(ops[1]);
                    (
                        Loc::Buf {
                            base: ln.u64u(d),
                            size: ln.u(d + 2) as u64,
                            off: ln.v(reg_first(ops[2])) as i64 + imm_of(ops[3]),
                        },
                        4,
                    )
                }
                "shared" => (
                    Loc::Shared(ln.v(reg_first(ops[1])) as i64 + imm_of(ops[2])),
                    3,
                ),
                "scratch" => (
                    Loc::Scratch(ln.v(reg_first(ops[1])) as i64 + imm_of(ops[2])),
                    3,
                ),
                s => panic!("model: space {s}"),
            };
            let is_buf = matches!(loc, Loc::Buf { .. });
            match kind {
                "ld" => {
                    let t = p[2];
                    let val: Vec<u32> = match t {
                        "u8" => vec![ln.read(&loc, 1)? as u32],
                        "i8" => vec![ln.read(&loc, 1)? as u8 as i8 as i32 as u32],
                        "u16" => vec![ln.read(&loc, 2)? as u32],
                        "i16" => vec![ln.read(&loc, 2)? as u16 as i16 as i32 as u32],
                        _ => {
                            let n = t[1..].parse::<usize>().unwrap() / 32;
                            let mut out = Vec::new();
                            if is_buf {
                                // Buffer bounds are checked per dword.
                                for i in 0..n {
                                    out.push(ln.read(&loc.plus(4 * i as i64), 4)? as u32);
                                }
                            } else {
                                // One access: in bounds as a whole or a fault.
                                ln.window(&loc, 4 * n)?;
                                for i in 0..n {
                                    out.push(ln.read(&loc.plus(4 * i as i64), 4)? as u32);
                                }
                            }
                            out
                        }
                    };
                    for (i, x) in val.into_iter().enumerate() {
                        ln.st.v[ln.w][ln.l][rd + i] = x;
                    }
                }
                "st" => {
                    let bits: usize = p[2][1..].parse().unwrap();
                    match bits {
                        8 => ln.write(&loc, 1, ln.v(rd) as u64)?,
                        16 => ln.write(&loc, 2, ln.v(rd) as u64)?,
                        _ => {
                            let n = bits / 32;
                            if !is_buf {
                                ln.window(&loc, 4 * n)?;
                            }
                            for i in 0..n {
                                let x = ln.v(rd + i) as u64;
                                ln.write(&loc.plus(4 * i as i64), 4, x)?;
                            }
                        }
                    }
                }
                "atom" => {
                    // atom.SPACE.OP.TYPE[.rtn]
                    let op = p[2];
                    let ty = p[3];
                    let rtn = p.len() == 5;
                    let bits: u32 = ty[1..].parse().unwrap();
                    let n = (bits / 8) as usize;
                    let opk = match (op, &ty[..1]) {
                        ("min", "i") => "min.i",
                        ("max", "i") => "max.i",
                        ("min", "u") => "min.u",
                        ("max", "u") => "max.u",
                        (o, _) => o,
                    };
                    let (data, data1) = match (opk, bits) {
                        ("cmpxchg", 32) => (ln.v(rd) as u64, ln.v(rd + 1) as u64),
                        ("cmpxchg", _) => (ln.v64(rd), ln.v64(rd + 2)),
                        (_, 32) => (ln.v(rd) as u64, 0),
                        _ => (ln.v64(rd), 0),
                    };
                    let old = match ln.window(&loc, n)? {
                        None => None,
                        Some(_) => {
                            let a = Lane::guest_addr(&loc);
                            if !a.is_multiple_of(n as u64) {
                                return Err(ln.fault("misaligned atomic", a));
                            }
                            Some(ln.read(&loc, n)?)
                        }
                    };
                    let old_v = match old {
                        Some(o) => {
                            ln.write(&loc, n, atom_apply(opk, bits, o, data, data1))?;
                            o
                        }
                        // Out of range / null descriptor: nothing happens; .rtn gives 0.
                        None => 0,
                    };
                    if rtn {
                        ln.st.v[ln.w][ln.l][rd] = old_v as u32;
                        if bits == 64 {
                            ln.st.v[ln.w][ln.l][rd + 1] = (old_v >> 32) as u32;
                        }
                    }
                }
                k => panic!("model: kind {k}"),
            }
            Ok(())
        }
    }
}

// ------------------------------------------------------------------ engines

/// Which engine runs the lifted kernel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    Interp,
    Jit,
}

pub fn engines() -> Vec<Engine> {
    vec![Engine::Interp, Engine::Jit]
}

pub fn program(kernel: &Kernel, engine: Engine) -> Box<dyn LaneProgram> {
    match engine {
        Engine::Interp => Box::new(xisa_interp::Interp::new(kernel, false)),
        Engine::Jit => Box::new(
            xisa_jit::compile(kernel, &xisa_jit::JitOptions::default())
                .unwrap_or_else(|e| panic!("JIT: {e}")),
        ),
    }
}

/// Guest memory for one test thread: one allocation of `bytes` at `GUEST_BASE`.
pub fn memory(bytes: usize) -> GuestMemory {
    let m = GuestMemory::new(1 << 26).expect("reserve");
    let a = m.alloc(bytes as u64).expect("alloc");
    assert_eq!(a, GUEST_BASE);
    m
}

/// Runs `kernel` from `setup` on `engine` (one workgroup per wave, one worker
/// thread unless `threads` says otherwise) and returns the final state.
pub fn run_engine(
    kernel: &Kernel,
    engine: Engine,
    prog: &dyn LaneProgram,
    mem: &GuestMemory,
    setup: &Setup,
    threads: usize,
) -> Result<State, String> {
    mem.write(GUEST_BASE, &setup.state.global)
        .map_err(|e| e.to_string())?;
    let _ = engine;
    // Register name -> (file, index).
    let map: Vec<Option<(char, usize)>> = kernel
        .regs
        .iter()
        .map(|r| {
            let mut c = r.name.chars();
            let f = c.next()?;
            if f != 'v' && f != 'u' {
                return None;
            }
            c.as_str().parse().ok().map(|n| (f, n))
        })
        .collect();
    let exec_reg = kernel.regs.iter().position(|r| r.name == "exec");
    let nl = setup.lanes;
    let out = Mutex::new(setup.state.clone());
    let shared_out = Mutex::new(setup.state.shared.clone());
    let init = |wg: u64, lane: u32, regs: &mut [u64]| -> bool {
        let (w, l) = (wg as usize, lane as usize);
        for (i, m) in map.iter().enumerate() {
            if let Some((f, n)) = *m {
                regs[i] = if f == 'v' {
                    setup.state.v[w][l][n]
                } else {
                    setup.state.u[w][l][n]
                } as u64;
            }
        }
        let bit = setup.exec[w] >> l & 1 == 1;
        match exec_reg {
            Some(e) => {
                regs[e] = bit as u64;
                true
            }
            None => bit,
        }
    };
    let finish = |wg: u64, lane: u32, regs: &[u64]| {
        let mut o = out.lock().unwrap();
        let (w, l) = (wg as usize, lane as usize);
        for (i, m) in map.iter().enumerate() {
            if let Some((f, n)) = *m {
                if f == 'v' {
                    o.v[w][l][n] = regs[i] as u32;
                } else {
                    o.u[w][l][n] = regs[i] as u32;
                }
            }
        }
    };
    let memory_hook = |wg: u64, m: xisa_runtime::WgMemory<'_>, before: bool| {
        let w = wg as usize;
        let sh = m.shared;
        if before {
            sh[..SHARED_BYTES].copy_from_slice(&setup.state.shared[w]);
        } else {
            shared_out.lock().unwrap()[w].copy_from_slice(&sh[..SHARED_BYTES]);
        }
    };
    let cfg = LaunchConfig {
        grid: [setup.waves as u32, 1, 1],
        block: [nl as u32, 1, 1],
        dyn_shared: SHARED_BYTES as u32,
        dyn_shared_size: SHARED_BYTES as u32,
        grid_id: 1,
        params: vec![],
        timeout: Some(std::time::Duration::from_secs(60)),
        threads,
        uniform: None,
        init: Some(&init),
        finish: Some(&finish),
        memory_hook: Some(&memory_hook),
        output: None,
        plan: None,
    };
    launch(kernel, prog, mem, &cfg).map_err(|e| e.to_string())?;
    let mut st = out.into_inner().unwrap();
    st.shared = shared_out.into_inner().unwrap();
    st.global = mem
        .read_vec(GUEST_BASE, setup.state.global.len())
        .map_err(|e| e.to_string())?;
    Ok(st)
}

/// Compares an engine's outcome with the model's: `None` when they agree
/// (both fault, or the same final state), else a message starting with
/// `label` (the engine/path, e.g. `"Jit"` or `"exec jit"`).
pub fn compare_outcome(
    want: &Result<State, ModelFault>,
    got: Result<State, String>,
    label: &str,
    case: &str,
) -> Option<String> {
    match (want, got) {
        (Ok(w), Ok(g)) => diff(w, &g).map(|d| format!("{label}: {case}: {d}")),
        (Err(f), Ok(_)) => Some(format!("{label}: {case}: model faults ({f:?}), engine ran")),
        (Ok(_), Err(e)) => Some(format!("{label}: {case}: engine error {e}")),
        (Err(_), Err(_)) => None,
    }
}

/// The first difference between two states, for messages.
pub fn diff(a: &State, b: &State) -> Option<String> {
    for w in 0..a.v.len() {
        for l in 0..a.v[w].len() {
            for r in 0..NREGS {
                if a.v[w][l][r] != b.v[w][l][r] {
                    return Some(format!(
                        "wave {w} lane {l} v{r}: model {:#x}, engine {:#x}",
                        a.v[w][l][r], b.v[w][l][r]
                    ));
                }
                if a.u[w][l][r] != b.u[w][l][r] {
                    return Some(format!(
                        "wave {w} lane {l} u{r}: model {:#x}, engine {:#x}",
                        a.u[w][l][r], b.u[w][l][r]
                    ));
                }
            }
        }
        if a.shared[w] != b.shared[w] {
            let i = (0..SHARED_BYTES)
                .find(|&i| a.shared[w][i] != b.shared[w][i])
                .unwrap_or(0);
            return Some(format!(
                "wave {w} shared byte {i:#x}: model {:#x}, engine {:#x}",
                a.shared[w][i], b.shared[w][i]
            ));
        }
    }
    if a.global != b.global {
        let i = (0..a.global.len())
            .find(|&i| a.global[i] != b.global[i])
            .unwrap_or(0);
        return Some(format!(
            "global byte {:#x}: model {:#x}, engine {:#x}",
            GUEST_BASE + i as u64,
            a.global[i],
            b.global[i]
        ));
    }
    None
}
