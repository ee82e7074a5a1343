//! Tensor-core MMA and `ldmatrix` from ptxas (`tests/ptx/mma.ptx`), on both
//! engines, against a reference that builds each lane's fragments from
//! whole matrices with the PTX ISA's fragment layouts (`mma.m16n8k8`,
//! `m8n8k16`, `m8n8k32`, `m8n8k128`, `ldmatrix`) and multiplies the
//! matrices directly.

use std::path::PathBuf;

use half::f16;
use xisa::{ArgSpec, Device, Engine, LaunchOptions, Module};

const ENGINES: [Engine; 2] = [Engine::Interp, Engine::Jit];

fn module() -> Module {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/ptx/mma.cubin");
    let bytes = std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    Module::from_bytes(&bytes, "mma", None).expect("lift")
}

use xisa_testkit::Rng;

fn words(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// Runs `kernel` (one warp) on the fragment arrays; returns `nd` words per lane.
fn run(
    m: &Module,
    kernel: &str,
    e: Engine,
    a: &[u32],
    b: &[u32],
    c: &[u32],
    nd: usize,
) -> Vec<u32> {
    let dev = Device::new().expect("device");
    let opts = LaunchOptions {
        grid: [1, 1, 1],
        block: [32, 1, 1],
        engine: e,
        threads: 1,
        ..LaunchOptions::default()
    };
    let args = [
        ArgSpec::Bytes(words(a)),
        ArgSpec::Bytes(words(b)),
        ArgSpec::Bytes(words(c)),
        ArgSpec::Bytes(vec![0xcd; 4 * 32 * nd]),
    ];
    let rep = dev
        .launch(m, kernel, &opts, &args)
        .unwrap_or_else(|err| panic!("{kernel} ({e}): {err}"));
    let d = rep.buffers[3].as_ref().expect("d");
    dev.read(d.addr, d.len as usize)
        .expect("read")
        .chunks_exact(4)
        .map(|x| u32::from_le_bytes(x.try_into().unwrap()))
        .collect()
}

/// Runs `kernel` on both engines and checks its `nd` words per lane
/// against `want`.
fn check(m: &Module, kernel: &str, a: &[u32], b: &[u32], c: &[u32], nd: usize, want: &[u32]) {
    for e in ENGINES {
        assert_eq!(run(m, kernel, e, a, b, c, nd), want, "{kernel} ({e})");
    }
}

/// `(group, thread in group)` of a lane.
fn gt(lane: usize) -> (usize, usize) {
    (lane >> 2, lane & 3)
}

fn h(x: f32) -> u32 {
    u32::from(f16::from_f32(x).to_bits())
}

/// m16n8k8, f16 inputs: multiples of 1/8 in [-8, 8), so every product and
/// partial sum is exact and the result does not depend on the order.
#[test]
fn hmma_m16n8k8_f32_and_f16_accumulators() {
    let m = module();
    let mut r = Rng::new(0x1234_5678_9abc);
    let a: Vec<f32> = (0..16 * 8)
        .map(|_| (r.range(-64, 64 - 1) as i32) as f32 / 8.0)
        .collect();
    let b: Vec<f32> = (0..8 * 8)
        .map(|_| (r.range(-64, 64 - 1) as i32) as f32 / 8.0)
        .collect();
    let c: Vec<f32> = (0..16 * 8)
        .map(|_| (r.range(-512, 512 - 1) as i32) as f32 / 4.0)
        .collect();
    let at = |row: usize, k: usize| a[row * 8 + k];
    let bt = |k: usize, col: usize| b[k * 8 + col];
    let d = |row: usize, col: usize| {
        c[row * 8 + col] + (0..8).map(|k| at(row, k) * bt(k, col)).sum::<f32>()
    };
    // Fragments: A a0 = {A[g][2t], A[g][2t+1]}, a1 = rows g + 8; B b0 =
    // {B[2t][g], B[2t+1][g]}; C/D f32 c0..c3 = C[g][2t], C[g][2t+1],
    // C[g+8][2t], C[g+8][2t+1]; f16: c0 = row g pair, c1 = row g + 8 pair.
    let (mut fa, mut fb, mut fc32, mut fc16, mut want32, mut want16) =
        (vec![], vec![], vec![], vec![], vec![], vec![]);
    for lane in 0..32 {
        let (g, t) = gt(lane);
        for row in [g, g + 8] {
            fa.push(h(at(row, 2 * t)) | h(at(row, 2 * t + 1)) << 16);
            fc16.push(h(c[row * 8 + 2 * t]) | h(c[row * 8 + 2 * t + 1]) << 16);
            want16.push(h(d(row, 2 * t)) | h(d(row, 2 * t + 1)) << 16);
            for col in [2 * t, 2 * t + 1] {
                fc32.push(c[row * 8 + col].to_bits());
                want32.push(d(row, col).to_bits());
            }
        }
        fb.push(h(bt(2 * t, g)) | h(bt(2 * t + 1, g)) << 16);
    }
    check(&m, "hmma_f32", &fa, &fb, &fc32, 4, &want32);
    check(&m, "hmma_f16", &fa, &fb, &fc16, 2, &want16);
}

/// m8n8k16 (8-bit) and m8n8k32 (4-bit) integer MMA with every signedness,
/// with and without `.satfinite`; C near the `s32` limits makes the
/// saturation matter and shows that without it the sum wraps.
#[test]
fn imma_every_type_and_saturation() {
    let m = module();
    for (bits, k) in [(8u32, 16usize), (4, 32)] {
        for (sa, sb) in [(true, true), (true, false), (false, true), (false, false)] {
            for sat in [false, true] {
                if bits == 4 && sat {
                    continue;
                }
                let ty = |s: bool| format!("{}{bits}", if s { 's' } else { 'u' });
                let name = if bits == 8 {
                    format!(
                        "imma8_{}_{}{}",
                        ty(sa),
                        ty(sb),
                        if sat { "_satfinite" } else { "" }
                    )
                } else {
                    format!("imma4_{}_{}", ty(sa), ty(sb))
                };
                let mut r = Rng::new(0xfeed ^ u64::from(bits) << 8 ^ (sa as u64) << 4 ^ sb as u64);
                let val = |r: &mut Rng, s: bool| -> i64 {
                    let raw = r.next_u32() & ((1 << bits) - 1);
                    if s && raw >> (bits - 1) != 0 {
                        i64::from(raw) - (1 << bits)
                    } else {
                        i64::from(raw)
                    }
                };
                let a: Vec<i64> = (0..8 * k).map(|_| val(&mut r, sa)).collect();
                let b: Vec<i64> = (0..k * 8).map(|_| val(&mut r, sb)).collect();
                let c: Vec<i32> = (0..64)
                    .map(|i| match i % 4 {
                        0 => i32::MAX - (r.range(0, 1000 - 1) as i32),
                        1 => i32::MIN + (r.range(0, 1000 - 1) as i32),
                        _ => r.range(-100_000, 100_000 - 1) as i32,
                    })
                    .collect();
                let d = |row: usize, col: usize| {
                    let s = i64::from(c[row * 8 + col])
                        + (0..k).map(|x| a[row * k + x] * b[x * 8 + col]).sum::<i64>();
                    if sat {
                        s.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32 as u32
                    } else {
                        s as i32 as u32
                    }
                };
                let per = (32 / bits) as usize;
                let pack = |v: &mut dyn Iterator<Item = i64>| {
                    v.enumerate().fold(0u32, |w, (i, x)| {
                        w | ((x as u32) & ((1 << bits) - 1)) << (bits * i as u32)
                    })
                };
                let (mut fa, mut fb, mut fc, mut want) = (vec![], vec![], vec![], vec![]);
                for lane in 0..32 {
                    let (g, t) = gt(lane);
                    // A: row g, columns per*t..; B: rows per*t.., column g.
                    fa.push(pack(&mut (0..per).map(|i| a[g * k + per * t + i])));
                    fb.push(pack(&mut (0..per).map(|i| b[(per * t + i) * 8 + g])));
                    for col in [2 * t, 2 * t + 1] {
                        fc.push(c[g * 8 + col] as u32);
                        want.push(d(g, col));
                    }
                }
                check(&m, &name, &fa, &fb, &fc, 2, &want);
            }
        }
    }
}

/// m8n8k128 on bits: D = C + popc(A row XOR B column).
#[test]
fn bmma_xor_popc() {
    let m = module();
    let mut r = Rng::new(0xb1b1);
    // Rows of A and columns of B as 4 words each (bit i of word q: k = 32q + i).
    let a: Vec<[u32; 4]> = (0..8)
        .map(|_| [r.next_u32(), r.next_u32(), r.next_u32(), r.next_u32()])
        .collect();
    let b: Vec<[u32; 4]> = (0..8)
        .map(|_| [r.next_u32(), r.next_u32(), r.next_u32(), r.next_u32()])
        .collect();
    let c: Vec<i32> = (0..64).map(|_| r.range(-1000, 1000 - 1) as i32).collect();
    let (mut fa, mut fb, mut fc, mut want) = (vec![], vec![], vec![], vec![]);
    for lane in 0..32 {
        let (g, t) = gt(lane);
        fa.push(a[g][t]);
        fb.push(b[g][t]);
        for col in [2 * t, 2 * t + 1] {
            fc.push(c[g * 8 + col] as u32);
            let pop: u32 = (0..4).map(|q| (a[g][q] ^ b[col][q]).count_ones()).sum();
            want.push((c[g * 8 + col] + pop as i32) as u32);
        }
    }
    check(&m, "bmma_xor_popc", &fa, &fb, &fc, 2, &want);
}

/// `ldmatrix` x1/x2/x4, plain and transposed: the kernel copies 32 rows of
/// 16 bytes into shared memory and lane `l` passes the address of row
/// `perm[l]`, so matrix `j` row `i` is buffer row `perm[8j + i]`.
#[test]
fn ldmatrix_every_count_and_transpose() {
    let m = module();
    let mut r = Rng::new(0x1d5a);
    let buf: Vec<u32> = (0..128).map(|_| r.next_u32()).collect();
    let mut perm: Vec<u32> = (0..32).collect();
    for i in (1..32).rev() {
        perm.swap(i, r.next_u32() as usize % (i + 1));
    }
    // Element (row, col) of matrix j: 16 bits.
    let elem = |j: usize, row: usize, col: usize| -> u32 {
        let w = buf[perm[8 * j + row] as usize * 4 + col / 2];
        (w >> (16 * (col % 2))) & 0xffff
    };
    for n in [1usize, 2, 4] {
        for trans in [false, true] {
            let name = format!("ldsm_x{n}{}", if trans { "_trans" } else { "" });
            let mut want = vec![];
            for lane in 0..32 {
                let (g, t) = gt(lane);
                for j in 0..n {
                    want.push(if trans {
                        elem(j, 2 * t, g) | elem(j, 2 * t + 1, g) << 16
                    } else {
                        elem(j, g, 2 * t) | elem(j, g, 2 * t + 1) << 16
                    });
                }
            }
            check(&m, &name, &buf, &perm, &[0], n, &want);
        }
    }
}
