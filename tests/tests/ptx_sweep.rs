//! The PTX sweep (issue #11 item 3, "everything ptxas emits for sm_75 lifts
//! and runs"): one small kernel per PTX instruction form
//! (`tests/ptx_sweep/gen.py`, compiled by `ptxas -arch=sm_75 -O3` into the
//! committed `tests/ptx_sweep/out/FAMILY.cubin` by `build.sh`), each run
//! under xisa on both engines with inputs weighted to edge values, and
//! compared with an independent model of the PTX semantics
//! (`tests/ptx_sweep/reference.rs`, written from the PTX ISA manual).
//!
//! Comparison is bit-exact, except: a NaN result may be any NaN (the manual
//! does not fix payloads); `.sat` of a zero and min/max of +0 and -0 may be
//! either zero; `.approx` results must lie within the manual's stated error
//! bound (plus half an ulp for the rounding of the result); results the
//! manual leaves unspecified (integer division by zero) are not compared.
//!
//! The `bar`, `ctrl` and `mma` families are cooperative: their reference
//! sees every thread's inputs (`reference::eval_group`), `bar` runs blocks
//! of 128 threads, and a `ctrl.trap.taken` form agrees when the launch fails
//! with a trap fault on both engines. The `mma` forms use small-integer
//! f16 inputs, whose products and sums are exact in any order (the manual
//! does not fix the accumulation order); a zero result may be either zero.
//!
//! `KNOWN` lists every form that xisa refuses or computes wrongly; the test
//! checks it exactly (a fixed gap and a new gap both fail the test), and
//! prints a per-family table with `--nocapture`.

#[path = "../ptx_sweep/reference.rs"]
mod reference;

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use reference::{close_ok, eval, Want};
use xisa::{ArgSpec, Device, Engine, LaunchOptions, Module};

/// Forms xisa does not run correctly yet: (form id, "refused: <part of the
/// error>" or "wrong: <what goes wrong>").
///
const KNOWN: &[(&str, &str)] = &[];

const THREADS: u32 = 256;
const BLOCK: u32 = 64;

/// Block size per family: the barrier forms work on blocks of 128 threads
/// (four warps, two halves with their own barriers); the others on 64.
fn block_of(family: &str) -> u32 {
    if family == "bar" {
        128
    } else {
        BLOCK
    }
}

/// Families whose threads cooperate: their reference sees every thread's
/// inputs (`reference::eval_group`).
fn is_group(family: &str) -> bool {
    matches!(family, "bar" | "ctrl" | "mma")
}

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("ptx_sweep")
}

#[derive(Clone, Debug)]
struct Form {
    kernel: String,
    family: String,
    op: String,
    args: Vec<String>,
    outs: Vec<String>,
}

impl Form {
    fn id(&self) -> String {
        format!("{}({})", self.op, self.args.join(","))
    }
}

fn manifest() -> Vec<Form> {
    let text = std::fs::read_to_string(dir().join("manifest.tsv")).expect("manifest.tsv");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let c: Vec<&str> = l.split('\t').collect();
            let list = |s: &str| {
                if s == "-" {
                    vec![]
                } else {
                    s.split(',').map(str::to_string).collect()
                }
            };
            Form {
                kernel: c[0].to_string(),
                family: c[1].to_string(),
                op: c[2].to_string(),
                args: list(c[3]),
                outs: list(c[4]),
            }
        })
        .collect()
}

/// Bytes an output class occupies in its slot.
fn out_bytes(class: &str) -> usize {
    match class {
        "o8" => 1,
        "u16" | "s16" | "b16" | "f16" | "bf16" => 2,
        "u64" | "s64" | "b64" | "f64" => 8,
        _ => 4,
    }
}

// ---------------------------------------------------------------------------
// Inputs.

use xisa_testkit::Rng;

const I32_EDGES: &[u64] = &[
    0,
    1,
    2,
    3,
    7,
    31,
    32,
    33,
    0x7f,
    0x80,
    0xff,
    0x100,
    0x7fff,
    0x8000,
    0xffff,
    0x1_0000,
    0x7f_ffff,
    0x80_0000,
    0xff_ffff,
    0x100_0000,
    0x7fff_fffe,
    0x7fff_ffff,
    0x8000_0000,
    0x8000_0001,
    0xffff_fffe,
    0xffff_ffff,
    0xffff_ff80,
    0xffff_8000,
    0x5555_5555,
    0xaaaa_aaaa,
];
const I64_EDGES: &[u64] = &[
    0,
    1,
    2,
    0x7fff_ffff,
    0x8000_0000,
    0xffff_ffff,
    0x1_0000_0000,
    0x7fff_ffff_ffff_ffff,
    0x8000_0000_0000_0000,
    0x8000_0000_0000_0001,
    0xffff_ffff_ffff_ffff,
    0xffff_ffff_8000_0000,
    0xffff_ffff_0000_0000,
    0x5555_5555_5555_5555,
];
const F32_EDGES: &[u64] = &[
    0x0000_0000,
    0x8000_0000,
    0x7f80_0000,
    0xff80_0000,
    0x7fc0_0000,
    0xffc0_0001,
    0x7f80_0001,
    0x0000_0001,
    0x8000_0001,
    0x007f_ffff,
    0x807f_ffff,
    0x0080_0000,
    0x8080_0000,
    0x0040_0000,
    0x3f80_0000,
    0xbf80_0000,
    0x3f00_0000,
    0xbf00_0000,
    0x3fc0_0000,
    0x4020_0000,
    0xc020_0000,
    0x3eff_ffff,
    0x3f7f_ffff,
    0x4000_0000,
    0x4040_0000,
    0x7f7f_ffff,
    0xff7f_ffff,
    0x4f00_0000,
    0xcf00_0000,
    0x4f80_0000,
    0x5f00_0000,
    0xdf00_0000,
    0x5f80_0000,
    0x477f_e000,
    0x477f_f000,
    0x3880_0000,
    0x3380_0000,
    0x4049_0fdb,
    0x4b00_0000,
    0x4b7f_ffff,
    0x3f80_0001,
    0x2000_0000,
    0x6000_0000,
    0x4e80_0000,
    0xcf00_0001,
    0x4effffff,
    0x437f_0000,
    0x4380_0000,
    0xc300_0000,
    0x477f_ff00,
    0xc700_0000,
];
const F64_EDGES: &[u64] = &[
    0,
    0x8000_0000_0000_0000,
    0x7ff0_0000_0000_0000,
    0xfff0_0000_0000_0000,
    0x7ff8_0000_0000_0000,
    0xfff8_0000_0000_0001,
    0x7ff0_0000_0000_0001,
    1,
    0x8000_0000_0000_0001,
    0x000f_ffff_ffff_ffff,
    0x0010_0000_0000_0000,
    0x3ff0_0000_0000_0000,
    0xbff0_0000_0000_0000,
    0x3fe0_0000_0000_0000,
    0x3ff8_0000_0000_0000,
    0x4004_0000_0000_0000,
    0xc004_0000_0000_0000,
    0x7fef_ffff_ffff_ffff,
    0x41e0_0000_0000_0000,
    0xc1e0_0000_0000_0000,
    0x41f0_0000_0000_0000,
    0x43e0_0000_0000_0000,
    0xc3e0_0000_0000_0000,
    0x43f0_0000_0000_0000,
    0x47ef_ffff_e000_0000,
    0x47ef_ffff_f000_0000,
    0x3810_0000_0000_0000,
    0x380f_ffff_f000_0000,
    0x36a0_0000_0000_0000,
    0x40ef_fc00_0000_0000,
    0x40ef_fe00_0000_0000,
    0x3ff0_0000_0000_0001,
    0x41df_ffff_ffc0_0000,
];
const F16_EDGES: &[u64] = &[
    0x0000, 0x8000, 0x7c00, 0xfc00, 0x7e00, 0xfe01, 0x7c01, 0x0001, 0x8001, 0x03ff, 0x83ff, 0x0400,
    0x8400, 0x3c00, 0xbc00, 0x3800, 0xb800, 0x3e00, 0x4100, 0xc100, 0x7bff, 0xfbff, 0x3bff, 0x3c01,
    0x4000, 0x5bff, 0x6400, 0x0200,
];

fn f32_moderate(r: &mut Rng) -> u64 {
    // Exponent within 2^-30..2^30, random sign and mantissa.
    let e = 127 - 30 + r.next() % 61;
    (r.next() & 0x8000_0000) | (e << 23) | (r.next() & 0x7f_ffff)
}

fn f64_moderate(r: &mut Rng) -> u64 {
    let e = 1023 - 60 + r.next() % 121;
    (r.next() & 0x8000_0000_0000_0000) | (e << 52) | (r.next() & 0xf_ffff_ffff_ffff)
}

fn f16_any(r: &mut Rng) -> u64 {
    match r.next() % 3 {
        0 => r.pick(F16_EDGES),
        1 => r.next() & 0xffff,
        _ => {
            // Exponent within 2^-6..2^6.
            let e = 15 - 6 + r.next() % 13;
            (r.next() & 0x8000) | (e << 10) | (r.next() & 0x3ff)
        }
    }
}

/// The f16 bits of a small integer in -4..=4 (zero as +0).
fn f16_small(r: &mut Rng) -> u64 {
    let n = (r.next() % 9) as i64 - 4;
    if n == 0 {
        return 0;
    }
    let m = n.unsigned_abs();
    let e = 63 - m.leading_zeros() as u64;
    let bits = ((15 + e) << 10) | (((m << 10) >> e) & 0x3ff);
    bits | if n < 0 { 0x8000 } else { 0 }
}

fn small_int(r: &mut Rng) -> u64 {
    ((r.next() % 41) as i64 - 20) as u64
}

fn input(class: &str, r: &mut Rng) -> u64 {
    let k = r.next() % 8;
    match class {
        "u32" | "s32" | "b32" | "u16w" | "s16w" | "u8" | "s8" => match k {
            0..=3 => r.pick(I32_EDGES) ^ if k == 3 { r.next() & 0xffff_0000 } else { 0 },
            4 => small_int(r) & 0xffff_ffff,
            _ => r.next() & 0xffff_ffff,
        },
        "u16" | "s16" | "b16" => match k {
            0..=3 => r.pick(I32_EDGES) & 0xffff,
            4 => small_int(r) & 0xffff,
            _ => r.next() & 0xffff,
        },
        "u64" | "s64" | "b64" => match k {
            0..=2 => r.pick(I64_EDGES),
            3 => r.pick(I32_EDGES),
            4 => small_int(r),
            _ => r.next(),
        },
        "sh" | "sh64" => match k {
            0..=4 => r.next() % 70,
            5 => r.pick(&[127, 128, 255, 256, 257, 0x8000_0000, 0xffff_ffff, 0x1_0001]),
            _ => r.next() & 0xffff_ffff,
        },
        "bf" => match k {
            0..=5 => r.next() % 70,
            6 => r.pick(&[255, 256, 257, 0x120, 0xffff_ffff, 0x8000_0020]),
            _ => r.next() & 0xffff_ffff,
        },
        "bfp" => {
            let one = |r: &mut Rng| match r.next() % 8 {
                0..=5 => r.next() % 40,
                6 => r.pick(&[255, 256, 0x101, 0x120, 0xffff]),
                _ => r.next() & 0xffff,
            };
            one(r) | one(r) << 16
        }
        "sel" => r.next() & 0xffff_ffff,
        "lane" => match k {
            0..=5 => r.next() % 40,
            _ => r.next() & 0xffff_ffff,
        },
        // Few distinct values, so that lanes agree often (vote, match).
        "few" => {
            if k < 4 {
                1
            } else {
                r.next() % 3
            }
        }
        "few64" => (r.next() % 3) << if k < 4 { 0 } else { 40 },
        "pred" => r.next() % 3,
        // Mostly true, so that a block-wide AND is true about half the time.
        "rare" => {
            if r.next().is_multiple_of(200) {
                0
            } else {
                1 + r.next() % 3
            }
        }
        // Packed f16 small integers (-4..=4): mma products and sums exact.
        "f16i2" => f16_small(r) | f16_small(r) << 16,
        "f16i4" => (0..4).fold(0, |v, i| v | f16_small(r) << (16 * i)),
        // Two 32-bit accumulators, edge values included (satfinite).
        "i32x2" => input("s32", r) | input("s32", r) << 32,
        c if c.starts_with('@') => c[1..].parse().unwrap(),
        "f32" => match k {
            0..=2 => r.pick(F32_EDGES),
            3 | 4 => f32_moderate(r),
            5 => (small_int(r) as i64 as f32 / 2.0).to_bits() as u64,
            _ => r.next() & 0xffff_ffff,
        },
        "f64" => match k {
            0..=2 => r.pick(F64_EDGES),
            3 | 4 => f64_moderate(r),
            5 => (small_int(r) as i64 as f64 / 2.0).to_bits(),
            _ => r.next(),
        },
        "f16" => f16_any(r),
        "f16x2" => f16_any(r) | f16_any(r) << 16,
        c => panic!("no input class {c}"),
    }
}

/// The value of an immediate operand ("=LITERAL").
fn imm(lit: &str) -> u64 {
    if let Some(h) = lit.strip_prefix("0f").or_else(|| lit.strip_prefix("0d")) {
        u64::from_str_radix(h, 16).unwrap()
    } else if let Some(h) = lit.strip_prefix("0x") {
        u64::from_str_radix(h, 16).unwrap()
    } else {
        lit.parse::<i64>().unwrap() as u64
    }
}

// ---------------------------------------------------------------------------
// Running.

#[derive(Clone, Debug, PartialEq)]
enum Outcome {
    Agree,
    Refused(String),
    Wrong(String),
    NoRef(String),
}

struct Worker {
    dev: Device,
    bufs: [u64; 4],
}

impl Worker {
    fn new() -> Worker {
        let dev = Device::new().expect("device");
        let bufs = [
            dev.alloc(16 * THREADS as u64).unwrap(),
            dev.alloc(8 * THREADS as u64).unwrap(),
            dev.alloc(8 * THREADS as u64).unwrap(),
            dev.alloc(8 * THREADS as u64).unwrap(),
        ];
        Worker { dev, bufs }
    }

    fn launch(
        &self,
        m: &Module,
        f: &Form,
        inputs: &[Vec<u64>],
        engine: Engine,
    ) -> Result<Vec<u8>, String> {
        self.dev
            .write(self.bufs[0], &vec![0u8; 16 * THREADS as usize])
            .unwrap();
        for (i, v) in inputs.iter().enumerate() {
            let bytes: Vec<u8> = v.iter().flat_map(|x| x.to_le_bytes()).collect();
            self.dev.write(self.bufs[i + 1], &bytes).unwrap();
        }
        let block = block_of(&f.family);
        let opts = LaunchOptions {
            grid: [THREADS / block, 1, 1],
            block: [block, 1, 1],
            engine,
            threads: 1,
            timeout: Some(std::time::Duration::from_secs(30)),
            ..LaunchOptions::default()
        };
        let args: Vec<ArgSpec> = self.bufs.iter().map(|&p| ArgSpec::Ptr(p)).collect();
        self.dev
            .launch(m, &f.kernel, &opts, &args)
            .map_err(|e| e.to_string())?;
        Ok(self.dev.read(self.bufs[0], 16 * THREADS as usize).unwrap())
    }
}

fn want_ok(w: &Want, got: u64, bits: u32) -> bool {
    let m = if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    };
    match w {
        Want::Bits(x) => got == x & m,
        Want::Any => true,
        Want::Nan(b) => {
            let f = reference::sf::fmt_bits(*b);
            reference::sf::is_nan(f, got)
        }
        Want::AnyZero(b) => got & !(1u64 << (b - 1)) == 0,
        Want::Close {
            exact,
            ulps,
            abs,
            bits,
        } => close_ok(got, *exact, *ulps, *abs, *bits),
        Want::Either(x, y) => want_ok(x, got, bits) || want_ok(y, got, bits),
        Want::Lanes(ls) => ls
            .iter()
            .enumerate()
            .all(|(i, l)| want_ok(l, (got >> (16 * i)) & 0xffff, 16)),
        Want::Words(ws) => ws
            .iter()
            .enumerate()
            .all(|(i, l)| want_ok(l, (got >> (32 * i)) & 0xffff_ffff, 32)),
    }
}

fn run_form(w: &Worker, m: &Module, f: &Form) -> Outcome {
    if let Err(e) = m.kernel(&f.kernel) {
        return Outcome::Refused(e.to_string());
    }
    let seed = f.kernel.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, c| {
        (h ^ c as u64).wrapping_mul(0x100_0000_01b3)
    });
    let mut rng = Rng::new(seed);
    // Thread-major draws (thread t's a, b, c together).
    let mut rows: Vec<Vec<u64>> = Vec::new();
    for _ in 0..THREADS {
        let row = f
            .args
            .iter()
            .map(|a| match a.strip_prefix('=') {
                Some(lit) => imm(lit),
                None => input(a, &mut rng),
            })
            .collect();
        rows.push(row);
    }
    let inputs: Vec<Vec<u64>> = (0..f.args.len())
        .map(|i| rows.iter().map(|r| r[i]).collect())
        .collect();
    // The reference first: an op it does not model is reported as such.
    let mut wants = Vec::new();
    for t in 0..THREADS as usize {
        let mut args: Vec<u64> = inputs.iter().map(|v| v[t]).collect();
        args.push(t as u64);
        let r = if f.op.starts_with("warp.") {
            reference::eval_warp(&f.op, &inputs, t)
        } else if is_group(&f.family) {
            reference::eval_group(&f.op, &inputs, t, block_of(&f.family) as usize)
        } else {
            eval(&f.op, &args)
        };
        match r {
            Ok(w) => {
                assert_eq!(w.len(), f.outs.len(), "{}: reference arity", f.id());
                wants.push(w);
            }
            Err(e) => return Outcome::NoRef(e),
        }
    }
    // A trap that some thread reaches must fail the launch with a trap
    // fault.
    if f.op.starts_with("ctrl.trap.taken") {
        for engine in [Engine::Jit, Engine::Interp] {
            match w.launch(m, f, &inputs, engine) {
                Ok(_) => {
                    return Outcome::Wrong(format!(
                        "{engine}: the launch succeeded; want a trap fault"
                    ))
                }
                Err(e) if e.contains("trap") => {}
                Err(e) => return Outcome::Refused(format!("{engine}: {e}")),
            }
        }
        return Outcome::Agree;
    }
    for engine in [Engine::Jit, Engine::Interp] {
        let out = match w.launch(m, f, &inputs, engine) {
            Ok(o) => o,
            Err(e) => return Outcome::Refused(format!("{engine}: {e}")),
        };
        for t in 0..THREADS as usize {
            for (o, class) in f.outs.iter().enumerate() {
                let n = out_bytes(class);
                let off = 16 * t + 8 * o;
                let mut buf = [0u8; 8];
                buf[..n].copy_from_slice(&out[off..off + n]);
                let got = u64::from_le_bytes(buf);
                if !want_ok(&wants[t][o], got, 8 * n as u32) {
                    let ins: Vec<String> = inputs.iter().map(|v| format!("{:#x}", v[t])).collect();
                    return Outcome::Wrong(format!(
                        "{engine}: thread {t} inputs [{}] output {o}: got {got:#x}, want {:?}",
                        ins.join(", "),
                        wants[t][o]
                    ));
                }
            }
        }
    }
    Outcome::Agree
}

/// SASS opcodes (base mnemonic) of each kernel in a family's listing.
fn sass_opcodes(family: &str) -> BTreeMap<String, BTreeSet<String>> {
    let text =
        std::fs::read_to_string(dir().join(format!("out/{family}.sass"))).unwrap_or_default();
    let mut map: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut cur = None;
    for l in text.lines() {
        if let Some(rest) = l.strip_prefix("//--------------------- .text.") {
            cur = rest.split_whitespace().next().map(str::to_string);
            continue;
        }
        let Some(k) = &cur else { continue };
        let t = l.trim();
        if !t.starts_with("/*") {
            continue;
        }
        let Some(end) = t.find("*/") else { continue };
        let mut ins = t[end + 2..].trim();
        if ins.starts_with('@') {
            ins = ins.split_once(' ').map_or("", |x| x.1).trim();
        }
        let op = ins.split([' ', ';', '.']).next().unwrap_or("");
        if !op.is_empty() {
            map.entry(k.clone()).or_default().insert(op.to_string());
        }
    }
    map
}

/// The SASS opcodes of a kernel and of the functions it calls (their
/// sections are named after the kernel: `KERNEL_f`).
fn form_ops(ops: &BTreeMap<String, BTreeSet<String>>, kernel: &str) -> BTreeSet<String> {
    ops.iter()
        .filter(|(k, _)| k.starts_with(kernel))
        .flat_map(|(_, v)| v.iter().cloned())
        .collect()
}

#[test]
fn ptx_sweep() {
    let forms = manifest();
    let mut families: Vec<String> = Vec::new();
    for f in &forms {
        if !families.contains(&f.family) {
            families.push(f.family.clone());
        }
    }
    let results: Mutex<BTreeMap<String, Outcome>> = Mutex::new(BTreeMap::new());
    for fam in &families {
        let bytes = std::fs::read(dir().join(format!("out/{fam}.cubin"))).expect("cubin");
        let module = Module::from_bytes(&bytes, fam, None).unwrap_or_else(|e| panic!("{fam}: {e}"));
        let list: Vec<&Form> = forms.iter().filter(|f| &f.family == fam).collect();
        let next = AtomicUsize::new(0);
        std::thread::scope(|s| {
            for _ in 0..2 {
                s.spawn(|| {
                    let w = Worker::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(f) = list.get(i) else { break };
                        let o = run_form(&w, &module, f);
                        results.lock().unwrap().insert(f.kernel.clone(), o);
                    }
                });
            }
        });
    }
    let results = results.into_inner().unwrap();

    // Per-family table.
    println!(
        "\n{:<8} {:>6} {:>6} {:>7} {:>8} {:>6} {:>6}  SASS opcodes",
        "family", "forms", "lifted", "agree", "refused", "wrong", "noref"
    );
    let mut report = Vec::new();
    for fam in &families {
        let ops = sass_opcodes(fam);
        let list: Vec<&Form> = forms.iter().filter(|f| &f.family == fam).collect();
        let mut all_ops = BTreeSet::new();
        for f in &list {
            all_ops.extend(form_ops(&ops, &f.kernel));
        }
        let count =
            |p: fn(&Outcome) -> bool| list.iter().filter(|f| p(&results[&f.kernel])).count();
        let refused = count(|o| matches!(o, Outcome::Refused(_)));
        println!(
            "{:<8} {:>6} {:>6} {:>7} {:>8} {:>6} {:>6}  {} ({})",
            fam,
            list.len(),
            list.len() - refused,
            count(|o| *o == Outcome::Agree),
            refused,
            count(|o| matches!(o, Outcome::Wrong(_))),
            count(|o| matches!(o, Outcome::NoRef(_))),
            all_ops.len(),
            all_ops.into_iter().collect::<Vec<_>>().join(" ")
        );
        for f in list {
            let o = &results[&f.kernel];
            if *o != Outcome::Agree {
                let ops = form_ops(&ops, &f.kernel)
                    .into_iter()
                    .collect::<Vec<_>>()
                    .join(" ");
                report.push((f.id(), f.kernel.clone(), o.clone(), ops));
            }
        }
    }
    println!();
    for (id, k, o, ops) in &report {
        println!("{id} [{k}; SASS {ops}]: {o:?}");
    }

    // The expectation list must match exactly.
    let known: BTreeMap<&str, &str> = KNOWN.iter().copied().collect();
    let mut problems = Vec::new();
    for (id, _, o, _) in &report {
        let ok = match (known.get(id.as_str()), o) {
            (Some(k), Outcome::Refused(e)) => {
                k.strip_prefix("refused: ").is_some_and(|r| e.contains(r))
            }
            (Some(k), Outcome::Wrong(_)) => k.starts_with("wrong: "),
            (Some(k), Outcome::NoRef(_)) => k.starts_with("noref: "),
            _ => false,
        };
        if !ok {
            problems.push(format!(
                "{id}: {o:?} (expected {:?})",
                known.get(id.as_str())
            ));
        }
    }
    let bad: BTreeSet<&str> = report.iter().map(|r| r.0.as_str()).collect();
    for (id, k) in KNOWN {
        if !bad.contains(id) {
            problems.push(format!(
                "{id}: listed in KNOWN as {k:?} but agrees now (or is gone)"
            ));
        }
    }
    assert!(problems.is_empty(), "PTX sweep:\n{}", problems.join("\n"));
}
