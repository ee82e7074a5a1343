//! `exec`: run a code fragment on one or more waves from an explicit state and
//! report the final state. The instruction-level test bench of every ISA.
//!
//! State format (JSON), documented in `docs/cli.md`:
//! ```json
//! { "isa": "ir", "kernel": "k", "lanes": 32, "waves": 2, "exec": "0xffffffff",
//!   "regs": { "a": 5, "b": [0, 1, 2], "x": "0x10", "f": 1.5 },
//!   "memory": [ { "space": "global", "addr": "0x100000000", "hex": "01020304" },
//!               { "space": "scratch", "lane": 3, "addr": 16, "hex": "ff" } ],
//!   "read_back": [ { "space": "global", "addr": "0x100000000", "bytes": 4 },
//!                  { "space": "scratch", "lane": 3, "addr": 16, "bytes": 1 } ] }
//! ```

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use xisa_ir::{Kernel, Type};
use xisa_runtime::{LaunchConfig, GUEST_BASE};

use crate::device::{Device, Engine};
use crate::error::{Error, Result};
use crate::module::Module;

/// A memory region to preload.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct MemRegion {
    /// `global`, `shared` or `scratch` (alias `local`: one lane's private
    /// memory).
    pub space: String,
    /// Address (number or `0x` string); global addresses start at `0x100000000`.
    pub addr: Value,
    /// The bytes, as hex.
    pub hex: String,
    /// `scratch`: the lane (required).
    #[serde(default)]
    pub lane: Option<u32>,
    /// `scratch`: the wave (default: every wave).
    #[serde(default)]
    pub wave: Option<u32>,
}

/// A region to report after the run.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ReadBack {
    pub space: String,
    pub addr: Value,
    pub bytes: u64,
    /// `scratch`: the lane (required).
    #[serde(default)]
    pub lane: Option<u32>,
    /// `scratch`: the wave (default: every wave).
    #[serde(default)]
    pub wave: Option<u32>,
}

/// The input state.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct State {
    /// ISA of the program (`ir`, ...).
    pub isa: String,
    /// Kernel to run (default: the only one).
    #[serde(default)]
    pub kernel: Option<String>,
    /// Lanes per wave (default: the kernel's wave size).
    #[serde(default)]
    pub lanes: Option<u32>,
    /// Waves run concurrently, each as its own workgroup (default 1).
    #[serde(default)]
    pub waves: Option<u32>,
    /// Active-lane mask (default: all lanes).
    #[serde(default)]
    pub exec: Option<Value>,
    /// Register name -> value or per-lane array.
    #[serde(default)]
    pub regs: BTreeMap<String, Value>,
    #[serde(default)]
    pub memory: Vec<MemRegion>,
    #[serde(default)]
    pub read_back: Vec<ReadBack>,
}

/// One wave's final state.
#[derive(Debug, Clone, Serialize)]
pub struct WaveState {
    pub wave: u32,
    /// Register name -> per-lane values (hex).
    pub regs: BTreeMap<String, Vec<String>>,
    /// Shared-space read-backs of this wave.
    pub shared: Vec<RegionOut>,
    /// Scratch (private) read-backs of this wave's lanes.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub scratch: Vec<RegionOut>,
}

/// A region's final bytes.
#[derive(Debug, Clone, Serialize)]
pub struct RegionOut {
    pub space: String,
    /// `scratch`: whose private memory.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lane: Option<u32>,
    pub addr: String,
    pub hex: String,
}

/// The output state.
#[derive(Debug, Clone, Serialize)]
pub struct Final {
    pub isa: String,
    pub kernel: String,
    pub lanes: u32,
    pub waves: u32,
    pub engine: String,
    pub wave_states: Vec<WaveState>,
    pub read_back: Vec<RegionOut>,
    pub insts: u64,
}

fn value_u64(v: &Value, what: &str) -> Result<u64> {
    match v {
        Value::Number(n) => n
            .as_u64()
            .or_else(|| n.as_i64().map(|x| x as u64))
            .ok_or_else(|| Error::State(format!("{what}: {n} is not an integer"))),
        Value::String(s) => {
            let t = s.trim();
            let r = if let Some(h) = t.strip_prefix("0x") {
                u64::from_str_radix(&h.replace('_', ""), 16)
            } else if let Some(neg) = t.strip_prefix('-') {
                neg.parse::<u64>().map(|x| x.wrapping_neg())
            } else {
                t.parse::<u64>()
            };
            r.map_err(|_| Error::State(format!("{what}: {s:?} is not an integer")))
        }
        other => Err(Error::State(format!(
            "{what}: expected a number, got {other}"
        ))),
    }
}

/// A register value: integers as bits, floats converted to the register type.
fn reg_value(v: &Value, ty: Type, what: &str) -> Result<u64> {
    let float = match v {
        Value::Number(n) if !n.is_u64() && !n.is_i64() => n.as_f64(),
        Value::String(s)
            if !s.starts_with("0x")
                && (s.contains('.') || s.contains("inf") || s.contains("nan")) =>
        {
            Some(
                s.parse::<f64>()
                    .map_err(|_| Error::State(format!("{what}: {s:?} is not a number")))?,
            )
        }
        _ => None,
    };
    let bits = match float {
        Some(f) => match ty {
            Type::F32 => (f as f32).to_bits() as u64,
            Type::F64 => f.to_bits(),
            Type::F16 => half::f16::from_f64(f).to_bits() as u64,
            Type::BF16 => half::bf16::from_f64(f).to_bits() as u64,
            _ => {
                return Err(Error::State(format!(
                    "{what}: float value for an integer register"
                )))
            }
        },
        None => {
            // An integer must fit the register: unsigned, or a negative
            // number in two's complement (-1 for an i32 is 0xffffffff).
            let b = value_u64(v, what)?;
            let w = ty.bits();
            if w < 64 {
                let hi = b >> w;
                let negative = hi == u64::MAX >> w && (b >> (w - 1)) & 1 == 1;
                if hi != 0 && !negative {
                    return Err(Error::State(format!(
                        "{what}: {v} does not fit a {w}-bit register"
                    )));
                }
            }
            b
        }
    };
    Ok(bits & ty.mask())
}

fn decode_hex(s: &str, what: &str) -> Result<Vec<u8>> {
    let s: String = s
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '_')
        .collect();
    if !s.len().is_multiple_of(2) {
        return Err(Error::State(format!("{what}: odd number of hex digits")));
    }
    (0..s.len())
        .step_by(2)
        .map(|i| {
            u8::from_str_radix(&s[i..i + 2], 16)
                .map_err(|_| Error::State(format!("{what}: bad hex {:?}", &s[i..i + 2])))
        })
        .collect()
}

fn encode_hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// True for the private-memory space names.
fn is_scratch(space: &str) -> bool {
    space == "scratch" || space == "local"
}

/// For a `scratch` region: checks its lane (required, below `lanes`) and
/// wave (below `waves`) and returns the lane; `None` for the other spaces,
/// which must not name a lane or wave.
fn scratch_lane(
    space: &str,
    lane: Option<u32>,
    wave: Option<u32>,
    lanes: u32,
    waves: u32,
    what: &str,
) -> Result<Option<u32>> {
    if !is_scratch(space) {
        if lane.is_some() || wave.is_some() {
            return Err(Error::State(format!(
                "{what}: `lane` and `wave` belong to scratch regions, not {space:?}"
            )));
        }
        return Ok(None);
    }
    let lane = lane.ok_or_else(|| {
        Error::State(format!(
            "{what}: a scratch region needs the `lane` it belongs to"
        ))
    })?;
    if lane >= lanes {
        return Err(Error::State(format!(
            "{what}: lane {lane}, but waves have {lanes} lanes"
        )));
    }
    if let Some(w) = wave.filter(|&w| w >= waves) {
        return Err(Error::State(format!(
            "{what}: wave {w}, but there are {waves}"
        )));
    }
    Ok(Some(lane))
}

/// Registers an instruction writes, and the ones the state set. A machine
/// ISA's lifter temporaries (`t.*`, the shared builder's names) are not the
/// ISA's registers and are left out.
fn reported_regs(k: &Kernel, state: &State, machine: bool) -> Vec<usize> {
    let mut set = vec![false; k.regs.len()];
    for b in &k.blocks {
        for i in &b.insts {
            for d in i.op.defs() {
                let temp = xisa_ir::build::is_temporary(&k.regs[d.0 as usize].name);
                set[d.0 as usize] |= !(machine && temp);
            }
        }
    }
    for name in state.regs.keys() {
        let n = name.trim_start_matches('%');
        if let Some(i) = k.regs.iter().position(|r| r.name == n) {
            set[i] = true;
        }
    }
    (0..k.regs.len()).filter(|&i| set[i]).collect()
}

/// Runs `module` from `state`.
pub fn exec(
    device: &Device,
    module: &Module,
    state: &State,
    engine: Engine,
    timeout: Option<Duration>,
) -> Result<Final> {
    if state.isa != module.isa.name() {
        return Err(Error::State(format!(
            "state is for isa {:?} but the program is {}",
            state.isa, module.isa
        )));
    }
    let mut kernel = module.pick_kernel(state.kernel.as_deref())?.clone();
    let lanes = state.lanes.unwrap_or(kernel.wave_size);
    if !(1..=64).contains(&lanes) {
        return Err(Error::State(format!("lanes must be 1..=64, got {lanes}")));
    }
    if lanes > kernel.wave_size {
        if lanes > 32 {
            kernel.wave_size = 64;
        } else {
            kernel.wave_size = 32;
        }
    }
    let waves = state.waves.unwrap_or(1);
    if waves == 0 || waves > 65536 {
        return Err(Error::State(format!(
            "waves must be 1..=65536, got {waves}"
        )));
    }
    let exec_mask = match &state.exec {
        Some(v) => {
            let m = value_u64(v, "exec")?;
            // A bit for a lane that does not exist is a mistake in the state
            // (a 64-lane mask for a 32-lane wave), not something to drop.
            if lanes < 64 && m >> lanes != 0 {
                return Err(Error::State(format!(
                    "exec {m:#x} has bits above lane {} ({lanes} lanes)",
                    lanes - 1
                )));
            }
            m
        }
        None => u64::MAX,
    };
    // Registers: name -> per-(wave, lane) values.
    let nl = lanes as usize;
    let mut init: Vec<(usize, Vec<u64>)> = Vec::new();
    // Registers the program never names (a dump of a whole register file):
    // reported back unchanged. IR kernels declare every register they have,
    // so there an unknown name is a mistake.
    let mut unused: Vec<(String, Vec<u64>)> = Vec::new();
    for (name, v) in &state.regs {
        let n = name.trim_start_matches('%');
        let what = format!("regs.{name}");
        let ri = kernel.regs.iter().position(|r| r.name == n);
        let value = |x: &Value| match ri {
            Some(ri) => reg_value(x, kernel.regs[ri].ty, &what),
            None => value_u64(
                x,
                &format!("{what} (not used by the program: give its bits)"),
            ),
        };
        let vals = match v {
            Value::Array(a) if a.len() == nl || a.len() == nl * waves as usize => {
                a.iter().map(value).collect::<Result<Vec<_>>>()?
            }
            Value::Array(a) => {
                return Err(Error::State(format!(
                "{what}: {} values, expected {nl} (one per lane) or {} (per lane of every wave)",
                a.len(),
                nl * waves as usize
            )))
            }
            x => vec![value(x)?],
        };
        match ri {
            Some(ri) => init.push((ri, vals)),
            None if !module.isa.info().machine_code => {
                return Err(Error::State(format!(
                    "register {name:?} is not declared in kernel {}",
                    kernel.name
                )))
            }
            None => unused.push((n.to_string(), vals)),
        }
    }
    // Memory: global regions live in one allocation from GUEST_BASE.
    let mut global_end = GUEST_BASE;
    let mut shared_end = 0u64;
    let mut scratch_end = 0u64;
    let mut preload = Vec::new();
    // Scratch regions: (wave or every wave, lane, offset, bytes).
    let mut scratch_pre: Vec<(Option<u32>, u32, u64, Vec<u8>)> = Vec::new();
    for (i, r) in state.memory.iter().enumerate() {
        let what = format!("memory[{i}]");
        let addr = value_u64(&r.addr, &what)?;
        let data = decode_hex(&r.hex, &what)?;
        if let Some(lane) = scratch_lane(&r.space, r.lane, r.wave, lanes, waves, &what)? {
            scratch_end = scratch_end.max(addr + data.len() as u64);
            scratch_pre.push((r.wave, lane, addr, data));
            continue;
        }
        match r.space.as_str() {
            "global" => {
                if addr < GUEST_BASE {
                    return Err(Error::State(format!(
                        "{what}: global addresses start at {GUEST_BASE:#x}, got {addr:#x}"
                    )));
                }
                global_end = global_end.max(addr + data.len() as u64);
            }
            "shared" => shared_end = shared_end.max(addr + data.len() as u64),
            s => {
                return Err(Error::State(format!(
                    "{what}: space {s:?} must be global, shared or scratch"
                )))
            }
        }
        preload.push((r.space.clone(), addr, data));
    }
    for (i, r) in state.read_back.iter().enumerate() {
        let what = format!("read_back[{i}]");
        let addr = value_u64(&r.addr, &what)?;
        if scratch_lane(&r.space, r.lane, r.wave, lanes, waves, &what)?.is_some() {
            scratch_end = scratch_end.max(addr + r.bytes);
            continue;
        }
        match r.space.as_str() {
            "global" => {
                if addr < GUEST_BASE {
                    return Err(Error::State(format!(
                        "{what}: global addresses start at {GUEST_BASE:#x}, got {addr:#x}"
                    )));
                }
                global_end = global_end.max(addr + r.bytes)
            }
            "shared" => shared_end = shared_end.max(addr + r.bytes),
            s => {
                return Err(Error::State(format!(
                    "{what}: space {s:?} must be global, shared or scratch"
                )))
            }
        }
    }
    let max_local = xisa_runtime::launch::MAX_LOCAL_BYTES;
    if scratch_end > max_local {
        return Err(Error::State(format!(
            "scratch regions end at {scratch_end:#x}; private memory is at most {max_local:#x} bytes per lane"
        )));
    }
    // The program may use less private memory than the state names.
    kernel.local_bytes = kernel.local_bytes.max(scratch_end as u32);
    let max_shared = xisa_runtime::launch::MAX_SHARED_BYTES;
    if shared_end > max_shared {
        return Err(Error::State(format!(
            "shared regions end at {shared_end:#x}; shared memory is at most {max_shared:#x} bytes"
        )));
    }
    let mem = device.memory();
    let need = global_end - GUEST_BASE;
    if need > 0 {
        let have = mem.limit();
        if have < need {
            device.alloc(need - have)?;
        }
    }
    let mut shared_init = vec![0u8; shared_end as usize];
    for (space, addr, data) in &preload {
        if space == "global" {
            device.write(*addr, data)?;
        } else {
            shared_init[*addr as usize..*addr as usize + data.len()].copy_from_slice(data);
        }
    }
    let dyn_base = kernel.shared_bytes.div_ceil(16) as u64 * 16;
    let dyn_shared = shared_end.saturating_sub(dyn_base) as u32;

    // A kernel that declares `exec: i1` handles EXEC itself (ISA frontends whose
    // instructions may ignore EXEC): every lane runs with its mask bit in `exec`.
    let exec_reg = kernel
        .regs
        .iter()
        .position(|r| r.name == "exec" && r.ty == Type::I1);
    let reported = reported_regs(&kernel, state, module.isa.info().machine_code);
    let nregs = kernel.regs.len().max(1);
    let finals: Mutex<Vec<Vec<u64>>> = Mutex::new(vec![vec![0; nregs * nl]; waves as usize]);
    let shared_out: Mutex<Vec<Vec<u8>>> = Mutex::new(vec![Vec::new(); waves as usize]);
    // Per wave, the bytes of each scratch read-back (by read_back index).
    let scratch_out: Mutex<Vec<BTreeMap<usize, Vec<u8>>>> =
        Mutex::new(vec![BTreeMap::new(); waves as usize]);
    let init_fn = |wg: u64, lane: u32, regs: &mut [u64]| -> bool {
        for (ri, vals) in &init {
            let v = if vals.len() == 1 {
                vals[0]
            } else if vals.len() == nl {
                vals[lane as usize]
            } else {
                vals[wg as usize * nl + lane as usize]
            };
            regs[*ri] = v;
        }
        let bit = exec_mask >> lane & 1 != 0;
        match exec_reg {
            Some(e) => {
                regs[e] = bit as u64;
                true
            }
            None => bit,
        }
    };
    let fin_fn = |wg: u64, lane: u32, regs: &[u64]| {
        let mut f = finals.lock().unwrap_or_else(|e| e.into_inner());
        let l = lane as usize;
        f[wg as usize][l * nregs..(l + 1) * nregs].copy_from_slice(&regs[..nregs]);
    };
    let in_wave = |w: Option<u32>, wg: u64| w.is_none_or(|w| u64::from(w) == wg);
    let memory_fn = |wg: u64, mut m: xisa_runtime::WgMemory<'_>, before: bool| {
        if before {
            let n = shared_init.len().min(m.shared.len());
            m.shared[..n].copy_from_slice(&shared_init[..n]);
            for (w, lane, addr, data) in &scratch_pre {
                if in_wave(*w, wg) {
                    let a = *addr as usize;
                    m.lane_local(*lane as usize)[a..a + data.len()].copy_from_slice(data);
                }
            }
        } else {
            shared_out.lock().unwrap_or_else(|e| e.into_inner())[wg as usize] = m.shared.to_vec();
            let mut out = scratch_out.lock().unwrap_or_else(|e| e.into_inner());
            for (i, r) in state.read_back.iter().enumerate() {
                let Some(lane) = r.lane.filter(|_| is_scratch(&r.space)) else {
                    continue;
                };
                if in_wave(r.wave, wg) {
                    let a = value_u64(&r.addr, "read_back").unwrap_or(0) as usize;
                    let bytes = m.lane_local(lane as usize)[a..a + r.bytes as usize].to_vec();
                    out[wg as usize].insert(i, bytes);
                }
            }
        }
    };
    // Statistics on, so `insts` is counted by every engine.
    // No hoisting: the state may set any register per lane.
    let (prog, _, _) = device.program(module, &kernel, engine, true, false)?;
    let cfg = LaunchConfig {
        grid: [waves, 1, 1],
        block: [lanes, 1, 1],
        dyn_shared,
        // exec states place shared memory themselves: the whole window.
        dyn_shared_size: dyn_shared,
        grid_id: device.next_grid_id(),
        // Module constant banks (sm_75 `__constant__` data, relocated
        // addresses of globals) live in the parameter block.
        params: device.fill_module_banks(
            module,
            &kernel.name,
            vec![0; kernel.param_size() as usize],
        )?,
        timeout,
        threads: 0,
        uniform: None,
        init: Some(&init_fn),
        finish: Some(&fin_fn),
        memory_hook: Some(&memory_fn),
        output: None,
        plan: None,
    };
    let stats = xisa_runtime::launch(&kernel, prog.program.as_ref(), mem, &cfg)?;
    let finals = finals.into_inner().unwrap_or_else(|e| e.into_inner());
    let shared_out = shared_out.into_inner().unwrap_or_else(|e| e.into_inner());
    let scratch_out = scratch_out.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut wave_states = Vec::new();
    for (w, regs) in finals.iter().enumerate() {
        let mut m = BTreeMap::new();
        for &ri in &reported {
            let ty = kernel.regs[ri].ty;
            let width = (ty.bits() as usize).div_ceil(4).max(1);
            let vals = (0..nl)
                .map(|l| format!("0x{:0width$x}", regs[l * nregs + ri]))
                .collect();
            m.insert(kernel.regs[ri].name.clone(), vals);
        }
        for (name, vals) in &unused {
            let v = (0..nl)
                .map(|l| match vals.len() {
                    1 => vals[0],
                    n if n == nl => vals[l],
                    _ => vals[w * nl + l],
                })
                .map(|x| format!("{x:#x}"))
                .collect();
            m.insert(name.clone(), v);
        }
        let scratch = state
            .read_back
            .iter()
            .enumerate()
            .filter_map(|(i, r)| {
                let bytes = scratch_out[w].get(&i)?;
                Some(RegionOut {
                    space: "scratch".into(),
                    lane: r.lane,
                    addr: format!("{:#x}", value_u64(&r.addr, "read_back").unwrap_or(0)),
                    hex: encode_hex(bytes),
                })
            })
            .collect();
        let mut shared = Vec::new();
        for r in state.read_back.iter().filter(|r| r.space == "shared") {
            let a = value_u64(&r.addr, "read_back")? as usize;
            let bytes = shared_out[w].get(a..a + r.bytes as usize).unwrap_or(&[]);
            shared.push(RegionOut {
                space: "shared".into(),
                lane: None,
                addr: format!("{a:#x}"),
                hex: encode_hex(bytes),
            });
        }
        wave_states.push(WaveState {
            wave: w as u32,
            regs: m,
            shared,
            scratch,
        });
    }
    let mut read_back = Vec::new();
    for r in state.read_back.iter().filter(|r| r.space == "global") {
        let a = value_u64(&r.addr, "read_back")?;
        read_back.push(RegionOut {
            space: "global".into(),
            lane: None,
            addr: format!("{a:#x}"),
            hex: encode_hex(&device.read(a, r.bytes as usize)?),
        });
    }
    Ok(Final {
        isa: state.isa.clone(),
        kernel: kernel.name.clone(),
        lanes,
        waves,
        engine: engine.to_string(),
        wave_states,
        read_back,
        insts: stats.insts,
    })
}
