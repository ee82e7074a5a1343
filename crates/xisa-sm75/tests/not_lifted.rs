//! Issue #11, "Not lifted": SASS instructions real CUDA code needs, each in a
//! NVRTC- or ptxas-compiled kernel (`tests/cuda/*.cu`, `*.ptx`, built by
//! `tests/cuda/build.sh` with their nvdisasm listings `*.sass`) run on both
//! engines against a Rust reference. Each test first checks, through the
//! committed listing, that the cubin contains the instruction (the listing's
//! word at that pc must be the cubin's). Forms ptxas 12.9 does not emit are
//! checked with words patched into these kernels.

use std::path::PathBuf;

mod common;

use common::{
    bytes32 as b32, bytes64 as b64, kernel_code as code, opts, run, try_launch, words as w32,
    ENGINES,
};
use xisa::{ArgSpec, Engine, Module};

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

use xisa_testkit::Rng;

/// Distance in units in the last place between two finite doubles.
fn ulp64(a: f64, b: f64) -> u64 {
    let k = |x: f64| {
        let i = x.to_bits() as i64;
        if i < 0 {
            i128::from(i64::MIN) - i128::from(i)
        } else {
            i128::from(i)
        }
    };
    (k(a) - k(b)).unsigned_abs() as u64
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

/// sinf/cosf (ptxas's fast path: FMUL by 2/π, F2I, FFMA reduction; for
/// |x| ≥ 105615 the Payne-Hanek path reading `__cudart_i2opi_f`) and
/// sinpif (R2P selects the quadrant's polynomial and sign) within 2 ulp of
/// an `f64` reference; sin/cos of doubles (coefficients from
/// `__cudart_sin_cos_coeffs`, huge arguments through `__cudart_i2opi_d`)
/// within 2 ulp of Rust's. The tables are module globals whose addresses
/// are relocated c[0x4] words (tests/globals.rs).
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
        std::f32::consts::PI,
        -std::f32::consts::PI,
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
    let mut r = Rng::new(7);
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
        // (`__cudart_sin_cos_coeffs`, a relocated c[0x4] word).
        let mut xd = xd.clone();
        xd.extend([1e6, -3.0e9, 1.0e15, 2.0f64.powi(60), -1e300, 1.7e308]);
        let nd = xd.len();
        let out = run(
            &m,
            "trigd",
            e,
            (nd as u32).div_ceil(64),
            64,
            &[
                ArgSpec::Bytes(b64(&xd.iter().map(|x| x.to_bits()).collect::<Vec<_>>())),
                ArgSpec::Zeros(8 * nd as u64),
                ArgSpec::Zeros(8 * nd as u64),
                ArgSpec::I32(nd as i32),
            ],
        );
        for (i, &x) in xd.iter().enumerate() {
            let s = f64::from_bits(u64::from_le_bytes(
                out[1][8 * i..8 * i + 8].try_into().unwrap(),
            ));
            let c = f64::from_bits(u64::from_le_bytes(
                out[2][8 * i..8 * i + 8].try_into().unwrap(),
            ));
            assert!(
                ulp64(s, x.sin()) <= 2,
                "{e}: sin({x:e}) = {s:e}, want {:e}",
                x.sin()
            );
            assert!(
                ulp64(c, x.cos()) <= 2,
                "{e}: cos({x:e}) = {c:e}, want {:e}",
                x.cos()
            );
        }
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
        // |x| >= 105615: the slow path reads __cudart_i2opi_f (global data).
        let big: Vec<f32> = vec![
            105615.0,
            -105615.0,
            3.0e6,
            -7.5e7,
            1.0e10,
            123456789.0,
            f32::MAX,
            -f32::MAX,
            2.0f32.powi(100),
            1.0e38,
        ];
        let nb = big.len();
        let out = run(
            &m,
            "trigf",
            e,
            1,
            32,
            &[
                ArgSpec::Bytes(b32(&big.iter().map(|x| x.to_bits()).collect::<Vec<_>>())),
                ArgSpec::Zeros(4 * nb as u64),
                ArgSpec::Zeros(4 * nb as u64),
                ArgSpec::I32(nb as i32),
            ],
        );
        for (i, &x) in big.iter().enumerate() {
            let s = f32::from_bits(w32(&out[1])[i]);
            let c = f32::from_bits(w32(&out[2])[i]);
            let (rs, rc) = (f64::from(x).sin() as f32, f64::from(x).cos() as f32);
            assert!(ulp32(s, rs) <= 2, "{e}: sinf({x:e}) = {s:e}, want {rs:e}");
            assert!(ulp32(c, rc) <= 2, "{e}: cosf({x:e}) = {c:e}, want {rc:e}");
        }
    }
}

/// P2R Rd, PR, RZ, mask: ptxas saves seven live predicates around a
/// recursive call and tests the saved bits afterwards.
#[test]
fn p2r_saves_predicates() {
    assert_has("p2r", "p2r", "P2R R");
    let m = module("p2r");
    let n = 64usize;
    let mut r = Rng::new(3);
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

/// Runs `match` (MATCH.ANY, 32 and 64 bits; `__match_all_sync` is MATCH.ANY
/// compared with the mask) on two warps with lanes sitting out, and checks
/// every output against a per-warp reference. `bytes` may be a patched cubin.
fn check_match(bytes: &[u8], all_patched: bool) {
    let m = module_of("warp", bytes);
    let n = 64usize;
    let mut r = Rng::new(11);
    let mut v32 = Vec::new();
    let mut v64 = Vec::new();
    for i in 0..n {
        let x = (r.next() % 4) as u32
            | if i < 32 {
                0x0003_0000
            } else {
                (i as u32 % 3) << 16
            };
        // A fifth of the lanes sit out (top bit set).
        v32.push(if r.next().is_multiple_of(5) {
            x | 0x8000_0000
        } else {
            x
        });
        let hi = if i < 32 { 5 } else { r.next() % 2 };
        v64.push(hi << 40 | (r.next() % 3) << 33 | u64::from(x & 1));
    }
    for e in ENGINES {
        let out = run(
            &m,
            "match",
            e,
            1,
            n as u32,
            &[
                ArgSpec::Bytes(b32(&v32)),
                ArgSpec::Bytes(b64(&v64)),
                ArgSpec::Zeros(4 * n as u64),
                ArgSpec::Zeros(4 * n as u64),
                ArgSpec::Zeros(4 * n as u64),
                ArgSpec::Zeros(4 * n as u64),
                ArgSpec::Zeros(4 * n as u64),
                ArgSpec::Zeros(4 * n as u64),
            ],
        );
        let o: Vec<Vec<u32>> = out[2..].iter().map(|b| w32(b)).collect();
        for warp in 0..2 {
            let lanes: Vec<usize> = (32 * warp..32 * warp + 32)
                .filter(|&i| v32[i] & 0x8000_0000 == 0)
                .collect();
            let mask = |f: &dyn Fn(usize) -> bool| {
                lanes
                    .iter()
                    .filter(|&&j| f(j))
                    .fold(0u32, |m, &j| m | 1 << (j % 32))
            };
            let active = mask(&|_| true);
            for &i in &lanes {
                let any32 = mask(&|j| v32[j] == v32[i]);
                let all32 = mask(&|j| v32[j] & 0xff_0000 == v32[i] & 0xff_0000) == active;
                let all64 = mask(&|j| v64[j] >> 40 == v64[i] >> 40) == active;
                if all_patched {
                    // MATCH.ALL PT, R, R in place of the first MATCH.ANY.
                    let all = mask(&|j| v32[j] == v32[i]) == active;
                    assert_eq!(o[0][i], if all { active } else { 0 }, "{e}: all lane {i}");
                } else {
                    assert_eq!(o[0][i], any32, "{e}: any32 lane {i}");
                }
                assert_eq!(o[1][i], mask(&|j| v64[j] == v64[i]), "{e}: any64 lane {i}");
                assert_eq!(
                    o[2][i],
                    if all32 { active } else { 0 },
                    "{e}: all32 lane {i}"
                );
                assert_eq!(o[3][i], u32::from(all32), "{e}: pall32 lane {i}");
                assert_eq!(
                    o[4][i],
                    if all64 { active } else { 0 },
                    "{e}: all64 lane {i}"
                );
                assert_eq!(o[5][i], u32::from(all64), "{e}: pall64 lane {i}");
            }
        }
    }
}

/// MATCH.ANY (32/64-bit) from `__match_any_sync`/`__match_all_sync`, and
/// MATCH.ALL (which ptxas 12.9 does not emit: bit 79 of the first MATCH.ANY
/// cleared, Pd = PT, as nvdisasm reads it).
#[test]
fn match_any_all() {
    let pc = assert_has("warp", "match", "MATCH.ANY R");
    assert_has("warp", "match", "MATCH.ANY.U64 R");
    check_match(&cubin("warp"), false);
    let mut bytes = cubin("warp");
    let (words, off) = code(&bytes, "match");
    let w = words[pc as usize / 16] & !(1u128 << 79) | 7u128 << 81;
    let at = off + pc as usize;
    bytes[at..at + 16].copy_from_slice(&w.to_le_bytes());
    check_match(&bytes, true);
}

/// VABSDIFF (`__sad`, signed), VABSDIFF.U32 (`__usad`), VABSDIFF4.U8.ACC
/// (`__vsadu4`) and VABSDIFF4.U8 (`__vabsdiffu4`).
#[test]
fn vabsdiff() {
    assert_has("misc", "sad", "VABSDIFF R");
    assert_has("misc", "sad", "VABSDIFF.U32 R");
    assert_has("misc", "sad", "VABSDIFF4.U8.ACC R");
    assert_has("misc", "sad", "VABSDIFF4.U8 R");
    let m = module("misc");
    let edges = [
        0u32,
        1,
        0x7fff_ffff,
        0x8000_0000,
        0xffff_ffff,
        0x80ff_7f01,
        0x0100_ff80,
    ];
    let mut r = Rng::new(5);
    let mut a = Vec::new();
    let mut b = Vec::new();
    for x in edges {
        for y in edges {
            a.push(x);
            b.push(y);
        }
    }
    for _ in 0..300 {
        a.push(r.next() as u32);
        b.push(r.next() as u32);
    }
    let n = a.len();
    let c: Vec<u32> = (0..n).map(|_| r.next() as u32).collect();
    for e in ENGINES {
        let out = run(
            &m,
            "sad",
            e,
            (n as u32).div_ceil(64),
            64,
            &[
                ArgSpec::Bytes(b32(&a)),
                ArgSpec::Bytes(b32(&b)),
                ArgSpec::Bytes(b32(&c)),
                ArgSpec::Zeros(16 * n as u64),
                ArgSpec::I32(n as i32),
            ],
        );
        let o = w32(&out[3]);
        for i in 0..n {
            let s = (i64::from(a[i] as i32) - i64::from(b[i] as i32)).unsigned_abs() as u32;
            let u = (i64::from(a[i]) - i64::from(b[i])).unsigned_abs() as u32;
            let (mut sum, mut packed) = (0u32, 0u32);
            for k in 0..4 {
                let d = ((a[i] >> (8 * k)) as u8).abs_diff((b[i] >> (8 * k)) as u8);
                sum += u32::from(d);
                packed |= u32::from(d) << (8 * k);
            }
            let want = [
                s.wrapping_add(c[i]),
                u.wrapping_add(c[i]),
                sum.wrapping_add(c[i]),
                packed,
            ];
            assert_eq!(
                &o[4 * i..4 * i + 4],
                &want,
                "{e}: a={:#x} b={:#x} c={:#x}",
                a[i],
                b[i],
                c[i]
            );
        }
    }
}

/// BPT.TRAP (`__trap()`): the launch stops with a trap naming the pc; the
/// lanes that do not trap compute as usual.
#[test]
fn bpt_trap() {
    let pc = assert_has("misc", "trap", "BPT.TRAP");
    let m = module("misc");
    for e in ENGINES {
        let x: Vec<u32> = (0..32).map(|i| i * 3).collect();
        let out = run(
            &m,
            "trap",
            e,
            1,
            32,
            &[ArgSpec::Bytes(b32(&x)), ArgSpec::Zeros(128)],
        );
        let want: Vec<u32> = x.iter().map(|v| v + 1).collect();
        assert_eq!(w32(&out[1]), want, "{e}");
        let mut x = x;
        x[17] = 12345;
        let err = try_launch(
            &m,
            "trap",
            &opts(e, 1, 32),
            &[ArgSpec::Bytes(b32(&x)), ArgSpec::Zeros(128)],
        )
        .expect_err("__trap()");
        assert!(
            err.contains("trap") && err.contains(&format!("bpt_trap_{pc:#x}")),
            "{e}: {err}"
        );
    }
}

/// A loop with `break`s out of both arms of a divergent `if` (BSSY/BSYNC,
/// `@P0 BREAK B1` / `@!P0 BREAK B1`) and `__popc(__activemask())` (VOTE +
/// UPOPC) after the reconvergence point: each lane's sum of the number of
/// lanes of its warp still in the loop.
#[test]
fn break_out_of_divergent_loop() {
    assert_has("warp", "brk", "@!P0 BREAK B1");
    assert_has("warp", "brk", "@P0 BREAK B1");
    assert_has("warp", "brk", "UPOPC UR");
    let m = module("warp");
    let n = 80usize;
    let mut r = Rng::new(17);
    let lim: Vec<u32> = (0..n).map(|_| (r.next() % 24) as u32).collect();
    let stop: Vec<u32> = (0..n).map(|_| (r.next() % 40) as u32).collect();
    // Per lane: (acc, iterations that reached the vote).
    let lane = |i: usize| {
        let (mut acc, mut it) = (0i32, 0usize);
        for j in 0..lim[i] as i32 {
            if (j * 7 + i as i32) % 5 == 0 {
                acc += j;
                if acc > stop[i] as i32 {
                    break;
                }
            } else {
                acc ^= j << 1;
                if j == stop[i] as i32 {
                    break;
                }
            }
            it += 1;
        }
        (acc, it)
    };
    // Wave mode too: its lanes reconverge at post-dominators, after the
    // `__activemask()` here, so the kernel must run in lane mode there.
    for e in ENGINES.into_iter().chain([Engine::JitWave]) {
        let out = run(
            &m,
            "brk",
            e,
            1,
            96,
            &[
                ArgSpec::Bytes(b32(&lim)),
                ArgSpec::Bytes(b32(&stop)),
                ArgSpec::Zeros(4 * n as u64),
                ArgSpec::Zeros(4 * n as u64),
                ArgSpec::I32(n as i32),
            ],
        );
        let (acc, act) = (w32(&out[2]), w32(&out[3]));
        for i in 0..n {
            let (a, it) = lane(i);
            let warp: Vec<usize> = (i / 32 * 32..(i / 32 * 32 + 32).min(n)).collect();
            let want: usize = (0..it)
                .map(|j| warp.iter().filter(|&&k| lane(k).1 > j).count())
                .sum();
            assert_eq!(acc[i] as i32, a, "{e}: acc lane {i}");
            assert_eq!(act[i] as usize, want, "{e}: active lanes, lane {i}");
        }
    }
}

/// Warp-aggregated `atomicAdd(counter, 1)` (VOTEU.ANY, FLO.U32 of a UR,
/// POPC, one ATOMG per warp, SHFL of the old value): the total, and tickets
/// that are distinct, dense, and in lane order within each warp.
#[test]
fn warp_aggregated_atomic() {
    assert_has("warp", "wagg", "VOTEU.ANY UR");
    assert_has("warp", "wagg", "FLO.U32 R");
    let m = module("warp");
    let n = 200usize;
    let mut r = Rng::new(23);
    let skip: Vec<u32> = (0..n)
        .map(|_| u32::from(r.next().is_multiple_of(4)))
        .collect();
    let count = skip.iter().filter(|&&s| s == 0).count();
    for e in ENGINES {
        let out = run(
            &m,
            "wagg",
            e,
            4,
            64,
            &[
                ArgSpec::Zeros(4),
                ArgSpec::Bytes(b32(&vec![u32::MAX; n])),
                ArgSpec::Bytes(b32(&skip)),
                ArgSpec::I32(n as i32),
            ],
        );
        assert_eq!(w32(&out[0])[0] as usize, count, "{e}: total");
        let t = w32(&out[1]);
        let mut seen = vec![false; count];
        for w in 0..n.div_ceil(32) {
            let lanes: Vec<usize> = (32 * w..(32 * w + 32).min(n))
                .filter(|&i| skip[i] == 0)
                .collect();
            for (k, &i) in lanes.iter().enumerate() {
                assert_eq!(t[i], t[lanes[0]] + k as u32, "{e}: lane {i} ticket order");
                assert!(
                    !std::mem::replace(&mut seen[t[i] as usize], true),
                    "{e}: ticket twice"
                );
            }
        }
        assert!(seen.iter().all(|&s| s), "{e}: tickets not dense");
        // The loop version: four counters, each total = 64 * reps / 4.
        let reps = 12;
        let out = run(
            &m,
            "wagg_loop",
            e,
            2,
            32,
            &[ArgSpec::Zeros(16), ArgSpec::Zeros(256), ArgSpec::I32(reps)],
        );
        assert_eq!(w32(&out[0]), vec![3 * 64; 4], "{e}: loop totals");
        let sum: u32 = w32(&out[1]).iter().sum();
        let want: u32 = 4 * (0..192u32).map(|x| x & 0xff).sum::<u32>();
        assert_eq!(sum, want, "{e}: loop tickets");
    }
}

/// `switch` as BRX jump tables (`LDC R, c[0x2][R+imm]` + `BRX R -imm`,
/// targets from EIATTR_INDIRECT_BRANCH_TARGETS) and register-indexed /
/// immediate reads of `__constant__` data (`LDC c[0x3][R]`, `ULDC c[0x3]`).
#[test]
fn brx_switch_and_constant_bank_3() {
    assert_has("mem", "sw", "BRX R");
    assert_has("mem", "sw", "LDC R2, c[0x2][R");
    assert_has("mem", "sw", "LDC R5, c[0x3][R");
    assert_has("mem", "sw", "ULDC UR4, c[0x3][0x18]");
    let m = module("mem");
    let ctab = |j: usize| -> u32 { ((j * j * 7 + 3) ^ (j << 20)) as u32 };
    let n = 96usize;
    let x: Vec<i32> = (0..n).map(|i| (i as i32 % 14) - 3).collect();
    for e in ENGINES {
        let out = run(
            &m,
            "sw",
            e,
            2,
            64,
            &[
                ArgSpec::Bytes(b32(&x.iter().map(|&v| v as u32).collect::<Vec<_>>())),
                ArgSpec::Zeros(4 * n as u64),
                ArgSpec::I32(n as i32),
            ],
        );
        let y = w32(&out[1]);
        for i in 0..n {
            let v = x[i];
            let r: u32 = match v {
                0 => 11,
                1 => (v * 3 + 7) as u32,
                2 => ctab((i * 5) & 63),
                3 => 0xdead,
                4 => (v << 9) as u32,
                5 => ctab(6) ^ 0x55,
                6 => (i * i) as u32,
                7 => 77,
                8 => 1_234_567,
                _ => 999,
            };
            assert_eq!(
                y[i],
                r.wrapping_add(ctab((v & 63) as usize)),
                "{e}: x={v} lane {i}"
            );
        }
    }
}

/// A local array whose address escapes to a generic pointer: `IADD3 R, P,
/// R1, c[0x0][0x20]` builds it, generic `ST.E`/`LD.E` use it (or a global
/// pointer, chosen at run time) and plain `LDL` reads the array back.
#[test]
fn generic_access_to_local_window() {
    assert_has("mem", "localesc", "c[0x0][0x20]");
    assert_has("mem", "localesc", "ST.E.STRONG.SYS [R");
    assert_has("mem", "localesc", "LD.E.STRONG.SYS R");
    let m = module("mem");
    let n = 96usize;
    let mut r = Rng::new(29);
    let x: Vec<u32> = (0..n).map(|_| r.next() as u32 & 0xffff).collect();
    for e in ENGINES {
        let out = run(
            &m,
            "localesc",
            e,
            2,
            64,
            &[
                ArgSpec::Bytes(b32(&x)),
                ArgSpec::Zeros(4 * n as u64),
                ArgSpec::Zeros(64 * n as u64),
                ArgSpec::I32(n as i32),
            ],
        );
        let (y, g) = (w32(&out[1]), w32(&out[2]));
        let mut gw = vec![0u32; 16 * n];
        for i in 0..n {
            let v = x[i];
            let mut a: Vec<u32> = (0..16).map(|j| v.wrapping_mul(j + 1)).collect();
            let k = (v & 15) as usize;
            let (rd, ad) = (((v >> 5) & 15) as usize, ((v >> 9) & 15) as usize);
            let want = if v & 16 != 0 {
                a[k] = 7 + i as u32;
                a[rd].wrapping_add(a[ad])
            } else {
                gw[16 * i + k] = 7 + i as u32;
                gw[16 * i + rd].wrapping_add(a[ad])
            };
            assert_eq!(y[i], want, "{e}: lane {i} x={v:#x}");
        }
        assert_eq!(g, gw, "{e}: global side");
    }
}
