//! Issue #11, "Not lifted": SASS instructions real CUDA code needs, each in a
//! NVRTC- or ptxas-compiled kernel (`tests/cuda/*.cu`, `*.ptx`, built by
//! `tests/cuda/build.sh` with their nvdisasm listings `*.sass`) run on both
//! engines against a Rust reference. Each test first checks, through the
//! committed listing, that the cubin contains the instruction (the listing's
//! word at that pc must be the cubin's). Forms ptxas 12.9 does not emit are
//! checked with words patched into these kernels.

use std::path::PathBuf;

use xisa::{ArgSpec, Device, Engine, LaunchOptions, Module};

const ENGINES: [Engine; 2] = [Engine::Interp, Engine::Jit];

fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cuda")
        .join(name)
}

fn cubin(name: &str) -> Vec<u8> {
    let p = path(&format!("{name}.cubin"));
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn module_of(name: &str, bytes: &[u8]) -> Module {
    Module::from_bytes(bytes, name, None).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn module(name: &str) -> Module {
    module_of(name, &cubin(name))
}

/// The code of `kernel` and its file offset.
fn code(bytes: &[u8], kernel: &str) -> (Vec<u128>, usize) {
    let c = xisa_sm75::loader::load(bytes).expect("load");
    let k = c
        .kernels
        .iter()
        .find(|k| k.name == kernel)
        .unwrap_or_else(|| panic!("kernel {kernel}"));
    let w = k
        .code
        .chunks_exact(16)
        .map(|b| u128::from_le_bytes(b.try_into().unwrap()))
        .collect();
    (w, k.code_offset as usize)
}

/// The instructions of `kernel` in the committed nvdisasm listing of
/// `file`: (pc, text without the trailing `;`, word).
fn listing(file: &str, kernel: &str) -> Vec<(u64, String, u128)> {
    let p = path(&format!("{file}.sass"));
    let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    let mut out = Vec::new();
    let mut inside = false;
    let lines: Vec<&str> = text.lines().collect();
    for (i, l) in lines.iter().enumerate() {
        if l.contains(".section") && l.contains(".text.") {
            inside = l.contains(&format!(".text.{kernel},"));
            continue;
        }
        let t = l.trim_start();
        if !inside || !t.starts_with("/*") {
            continue;
        }
        let Some(end) = t[2..].find("*/") else {
            continue;
        };
        let Ok(pc) = u64::from_str_radix(&t[2..2 + end], 16) else {
            continue;
        };
        let rest = &t[2 + end + 2..];
        let hex = |s: &str| -> Option<u64> {
            let a = s.rfind("/* 0x")?;
            u64::from_str_radix(&s[a + 5..a + 21], 16).ok()
        };
        let (Some(lo), Some(hi)) = (hex(rest), lines.get(i + 1).and_then(|n| hex(n))) else {
            continue;
        };
        let txt = rest[..rest.rfind("/*").unwrap()].trim();
        let txt = txt
            .split("(*")
            .next()
            .unwrap()
            .trim()
            .trim_end_matches(';')
            .trim();
        out.push((pc, txt.to_string(), u128::from(hi) << 64 | u128::from(lo)));
    }
    out
}

/// Asserts that `kernel` of `file` has an instruction whose listing text
/// contains `needle` and whose word is the cubin's; returns its pc.
fn assert_has(file: &str, kernel: &str, needle: &str) -> u64 {
    let l = listing(file, kernel);
    let (words, _) = code(&cubin(file), kernel);
    let hit = l
        .iter()
        .find(|(_, t, _)| t.contains(needle))
        .unwrap_or_else(|| panic!("{file}/{kernel}: no `{needle}` in the listing"));
    assert_eq!(
        words.get(hit.0 as usize / 16),
        Some(&hit.2),
        "{file}/{kernel}: listing word at {:#x} differs from the cubin",
        hit.0
    );
    hit.0
}

fn opts(engine: Engine, grid: u32, block: u32) -> LaunchOptions {
    LaunchOptions {
        grid: [grid, 1, 1],
        block: [block, 1, 1],
        engine,
        threads: 2,
        ..LaunchOptions::default()
    }
}

fn try_run(
    m: &Module,
    kernel: &str,
    engine: Engine,
    grid: u32,
    block: u32,
    args: &[ArgSpec],
) -> Result<Vec<Vec<u8>>, String> {
    let dev = Device::new().expect("device");
    let rep = dev
        .launch(m, kernel, &opts(engine, grid, block), args)
        .map_err(|e| e.to_string())?;
    Ok(rep
        .buffers
        .iter()
        .flatten()
        .map(|b| dev.read(b.addr, b.len as usize).expect("read"))
        .collect())
}

fn run(
    m: &Module,
    kernel: &str,
    engine: Engine,
    grid: u32,
    block: u32,
    args: &[ArgSpec],
) -> Vec<Vec<u8>> {
    try_run(m, kernel, engine, grid, block, args)
        .unwrap_or_else(|e| panic!("{kernel} ({engine}): {e}"))
}

fn w32(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn w64(b: &[u8]) -> Vec<u64> {
    b.chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn b32(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn b64(v: &[u64]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// xorshift64*: deterministic test data.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

/// Distance in units in the last place between two finite floats.
fn ulp32(a: f32, b: f32) -> u64 {
    let k = |x: f32| {
        let i = x.to_bits() as i32;
        if i < 0 {
            i64::from(i32::MIN) - i64::from(i)
        } else {
            i64::from(i)
        }
    };
    (k(a) - k(b)).unsigned_abs()
}

fn ulp64(a: f64, b: f64) -> u64 {
    let k = |x: f64| {
        let i = x.to_bits() as i64;
        if i < 0 {
            i64::MIN.wrapping_sub(i)
        } else {
            i
        }
    };
    k(a).wrapping_sub(k(b)).unsigned_abs()
}

/// sinf/cosf (ptxas's fast path: FMUL by 2/π, F2I, FFMA reduction) and
/// sinpif (R2P selects the quadrant's polynomial and sign) within 2 ulp of
/// an `f64` reference; sinf's large arguments reach the Payne-Hanek table
/// and sin/cos of doubles their coefficients, both global data whose
/// address is a relocated c[0x4] word: the launch stops with a trap naming
/// the symbol.
#[test]
fn r2p_sin_cos() {
    assert_has("trig", "trigpi", "R2P PR, R");
    assert_has("trig", "trigd", "R2P PR, R");
    let m = module("trig");
    let mut xs: Vec<f32> = vec![
        0.0,
        -0.0,
        1e-30,
        -1e-30,
        1e-7,
        0.5,
        1.0,
        -1.0,
        1.5707964,
        3.1415927,
        -3.1415927,
        4.712389,
        6.2831855,
        10.0,
        -100.0,
        1000.5,
        12345.678,
        -65536.0,
        100000.0,
        105614.0,
        f32::MIN_POSITIVE,
    ];
    let mut r = Rng(7);
    for _ in 0..200 {
        xs.push(((r.next() >> 40) as f32 / 16_777_216.0 - 0.5) * 2.0e5);
    }
    let n = xs.len();
    let xb: Vec<u8> = xs.iter().flat_map(|x| x.to_le_bytes()).collect();
    let xd: Vec<f64> = xs.iter().map(|&x| f64::from(x) * 0.37).collect();
    for e in ENGINES {
        let out = run(
            &m,
            "trigf",
            e,
            (n as u32).div_ceil(64),
            64,
            &[
                ArgSpec::Bytes(xb.clone()),
                ArgSpec::Zeros(4 * n as u64),
                ArgSpec::Zeros(4 * n as u64),
                ArgSpec::I32(n as i32),
            ],
        );
        for (i, &x) in xs.iter().enumerate() {
            let s = f32::from_bits(w32(&out[1])[i]);
            let c = f32::from_bits(w32(&out[2])[i]);
            let (rs, rc) = (f64::from(x).sin() as f32, f64::from(x).cos() as f32);
            assert!(ulp32(s, rs) <= 2, "{e}: sinf({x:e}) = {s:e}, want {rs:e}");
            assert!(ulp32(c, rc) <= 2, "{e}: cosf({x:e}) = {c:e}, want {rc:e}");
        }
        // sin/cos of doubles read their coefficients from global memory
        // (`__cudart_sin_cos_coeffs`, a relocated c[0x4] word): a trap.
        let err = try_run(
            &m,
            "trigd",
            e,
            1,
            32,
            &[
                ArgSpec::Bytes(b64(&xd[..4]
                    .iter()
                    .map(|x| x.to_bits())
                    .collect::<Vec<_>>())),
                ArgSpec::Zeros(32),
                ArgSpec::Zeros(32),
                ArgSpec::I32(4),
            ],
        )
        .expect_err("sin(double) needs global data");
        assert!(err.contains("__cudart_sin_cos_coeffs"), "{e}: {err}");
        let out = run(
            &m,
            "trigpi",
            e,
            (n as u32).div_ceil(64),
            64,
            &[
                ArgSpec::Bytes(xb.clone()),
                ArgSpec::Zeros(4 * n as u64),
                ArgSpec::I32(n as i32),
            ],
        );
        for (i, &x) in xs.iter().enumerate() {
            let s = f32::from_bits(w32(&out[1])[i]);
            // sin(πx) with x reduced exactly to [-1, 1] in f64.
            let x64 = f64::from(x);
            let r = x64 - 2.0 * (x64 / 2.0).round();
            let want = if r == r.trunc() {
                0.0
            } else {
                (std::f64::consts::PI * r).sin() as f32
            };
            assert!(
                ulp32(s, want) <= 2 || (s == 0.0 && want == 0.0),
                "{e}: sinpif({x:e}) = {s:e}, want {want:e}"
            );
        }
        // |x| >= 105615: the slow path needs __cudart_i2opi_f (global data).
        let err = try_run(
            &m,
            "trigf",
            e,
            1,
            32,
            &[
                ArgSpec::Bytes(b32(&[3.0e6f32.to_bits()])),
                ArgSpec::Zeros(4),
                ArgSpec::Zeros(4),
                ArgSpec::I32(1),
            ],
        )
        .expect_err("large sinf argument");
        assert!(err.contains("__cudart_i2opi_f"), "{e}: {err}");
    }
}

/// P2R Rd, PR, RZ, mask: ptxas saves seven live predicates around a
/// recursive call and tests the saved bits afterwards.
#[test]
fn p2r_saves_predicates() {
    assert_has("p2r", "p2r", "P2R R");
    let m = module("p2r");
    let n = 64usize;
    let mut r = Rng(3);
    let edges = [
        0u32,
        1,
        7,
        12,
        999,
        1000,
        1001,
        0xffff_ff9c,
        0xffff_fffd,
        0x8000_0000,
    ];
    let mut inp = Vec::new();
    for i in 0..n {
        let v = if i < edges.len() {
            edges[i]
        } else {
            r.next() as u32
        };
        let w = if i % 9 == 0 {
            7
        } else {
            (r.next() % 40) as u32
        };
        inp.extend([v, w]);
    }
    for e in ENGINES {
        let out = run(
            &m,
            "p2r",
            e,
            1,
            n as u32,
            &[ArgSpec::Bytes(b32(&inp)), ArgSpec::Zeros(4 * n as u64)],
        );
        let got = w32(&out[1]);
        for i in 0..n {
            let (v, w) = (inp[2 * i], inp[2 * i + 1]);
            let g = w * (w + 1) / 2; // g(w) = g(w - 1) + w, g(0) = 0, g(1) = 1
            let bits = [
                (v as i32) < (w as i32),
                v > 1000,
                w == 7,
                w < i as u32,
                v != 12,
                (w as i32) >= -3,
                (v as i32) < -100,
            ];
            let mut want = g & 0xffff;
            for (k, b) in bits.iter().enumerate() {
                if *b {
                    want += 0x10000 << k;
                }
            }
            assert_eq!(got[i], want, "{e}: lane {i} v={v:#x} w={w}");
        }
    }
}
