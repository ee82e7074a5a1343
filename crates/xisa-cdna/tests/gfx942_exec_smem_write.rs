//! gfx942 scalar stores and atomics (`s_store_*`, `s_buffer_store_*`,
//! `s_atomic_*`, `s_buffer_atomic_*`): one memory operation per wave, whatever
//! EXEC, the GLC pre-op value in every lane's copy of the SGPRs. Assembled by
//! llvm-mc-19, run on the interpreter and the JIT (with and without the
//! lockstep wave syncs), against models written here from the CDNA3 ISA
//! pseudo-code (SMEM section).

mod common;
mod gfx942_exec_util;

use common::Rng;
use gfx942_exec_util::*;

/// Workgroups (one wave each) of the per-op test; each has its own slot.
const WG: usize = 3;

#[derive(Clone, Copy, Debug)]
enum What {
    /// Store of n dwords.
    Store(usize),
    /// Atomic: wide (64-bit), GLC, `new = f(old, src, cmp)`.
    Atomic(bool, bool, fn(u64, u64, u64) -> u64, u32),
}

#[derive(Clone, Debug)]
struct Case {
    mnem: String,
    buffer: bool,
    what: What,
}

fn add(o: u64, a: u64, _: u64) -> u64 {
    o.wrapping_add(a)
}
fn sub(o: u64, a: u64, _: u64) -> u64 {
    o.wrapping_sub(a)
}
fn swap(_: u64, a: u64, _: u64) -> u64 {
    a
}
fn cmpswap(o: u64, a: u64, c: u64) -> u64 {
    if o == c {
        a
    } else {
        o
    }
}
fn and(o: u64, a: u64, _: u64) -> u64 {
    o & a
}
fn or(o: u64, a: u64, _: u64) -> u64 {
    o | a
}
fn xor(o: u64, a: u64, _: u64) -> u64 {
    o ^ a
}
fn umin(o: u64, a: u64, _: u64) -> u64 {
    o.min(a)
}
fn umax(o: u64, a: u64, _: u64) -> u64 {
    o.max(a)
}
fn inc(o: u64, a: u64, _: u64) -> u64 {
    if o >= a {
        0
    } else {
        o + 1
    }
}
fn dec(o: u64, a: u64, _: u64) -> u64 {
    if o == 0 || o > a {
        a
    } else {
        o - 1
    }
}
// Signed min/max: the caller sign-extends 32-bit operands to 64 bits first.
fn smin(o: u64, a: u64, _: u64) -> u64 {
    (o as i64).min(a as i64) as u64
}
fn smax(o: u64, a: u64, _: u64) -> u64 {
    (o as i64).max(a as i64) as u64
}

type F = fn(u64, u64, u64) -> u64;

/// (name, model, signed)
const OPS: [(&str, F, bool); 13] = [
    ("swap", swap, false),
    ("cmpswap", cmpswap, false),
    ("add", add, false),
    ("sub", sub, false),
    ("smin", smin, true),
    ("umin", umin, false),
    ("smax", smax, true),
    ("umax", umax, false),
    ("and", and, false),
    ("or", or, false),
    ("xor", xor, false),
    ("inc", inc, false),
    ("dec", dec, false),
];

fn cases() -> Vec<Case> {
    let mut v = Vec::new();
    for buffer in [false, true] {
        let p = if buffer { "s_buffer" } else { "s" };
        for (n, w) in [(1, "dword"), (2, "dwordx2"), (4, "dwordx4")] {
            v.push(Case {
                mnem: format!("{p}_store_{w}"),
                buffer,
                what: What::Store(n),
            });
        }
        for (i, (name, f, signed)) in OPS.iter().enumerate() {
            for wide in [false, true] {
                for glc in [false, true] {
                    let x2 = if wide { "_x2" } else { "" };
                    v.push(Case {
                        mnem: format!("{p}_atomic_{name}{x2}"),
                        buffer,
                        what: What::Atomic(wide, glc, *f, (i as u32) << 1 | *signed as u32),
                    });
                }
            }
        }
    }
    v
}

/// The op's text: data in s[20:23], address s[12:13] + `off` (immediate) or
/// the V# s[24:27] + s28 (= `off`).
fn op_text(c: &Case, off: usize) -> String {
    let (sdata, glc) = match c.what {
        What::Store(1) => ("s20", false),
        What::Store(2) => ("s[20:21]", false),
        What::Store(_) => ("s[20:23]", false),
        What::Atomic(wide, glc, _, _) => {
            let cas = c.mnem.contains("cmpswap");
            (
                match (wide, cas) {
                    (false, false) => "s20",
                    (false, true) | (true, false) => "s[20:21]",
                    (true, true) => "s[20:23]",
                },
                glc,
            )
        }
    };
    let g = if glc { " glc" } else { "" };
    if c.buffer {
        format!("s_mov_b32 s28, {off}\n{} {sdata}, s[24:27], s28{g}", c.mnem)
    } else {
        format!("{} {sdata}, s[12:13], {off:#x}{g}", c.mnem)
    }
}

/// Memory: 16 bytes per (case, workgroup); data: 16 bytes per (case,
/// workgroup), loaded to s[20:23]; out: 16 bytes per (case, workgroup, lane):
/// s[20:23] after the op, then (stores) the slot read back with s_load. The op
/// runs under EXEC = s[10:11].
fn kernel_src(cases: &[Case]) -> String {
    let mut s = String::from(
        "s_load_dwordx8 s[4:11], s[0:1], 0x0\n\
         s_waitcnt lgkmcnt(0)\n\
         s_lshl_b32 s3, s2, 4\n\
         s_lshl_b32 s29, s2, 10\n\
         s_mov_b64 s[18:19], exec\n\
         v_and_b32 v1, 0x3ff, v0\n\
         v_lshlrev_b32 v2, 4, v1\n\
         s_add_u32 s12, s4, s3\n\
         s_addc_u32 s13, s5, 0\n\
         s_add_u32 s14, s6, s3\n\
         s_addc_u32 s15, s7, 0\n\
         s_mov_b32 s24, s12\n\
         s_and_b32 s25, s13, 0xffff\n\
         s_mov_b32 s26, 0x100000\n\
         s_mov_b32 s27, 0\n",
    );
    for (i, c) in cases.iter().enumerate() {
        let off = i * WG * 16;
        let oo = i * WG * 64 * 16;
        s += &format!(
            "s_load_dwordx4 s[20:23], s[14:15], {off:#x}\n\
             s_waitcnt lgkmcnt(0)\n\
             s_and_b64 exec, s[18:19], s[10:11]\n\
             {}\n\
             s_waitcnt lgkmcnt(0)\n\
             s_mov_b64 exec, s[18:19]\n\
             s_add_u32 s16, s8, {oo}\n\
             s_addc_u32 s17, s9, 0\n\
             s_add_u32 s16, s16, s29\n\
             s_addc_u32 s17, s17, 0\n\
             v_mov_b32 v4, s20\n\
             v_mov_b32 v5, s21\n\
             v_mov_b32 v6, s22\n\
             v_mov_b32 v7, s23\n\
             global_store_dwordx4 v2, v[4:7], s[16:17]\n\
             s_waitcnt vmcnt(0)\n",
            op_text(c, off)
        );
    }
    s += "s_endpgm\n";
    s
}

/// The expected (memory, registers) of one case from its memory and data.
fn model(c: &Case, mem: [u32; 4], data: [u32; 4]) -> ([u32; 4], [u32; 4]) {
    let mut m = mem;
    let mut r = data;
    match c.what {
        What::Store(n) => m[..n].copy_from_slice(&data[..n]),
        What::Atomic(wide, glc, f, tag) => {
            let signed = tag & 1 == 1;
            let (old, src, cmp) = if wide {
                let q = |a: u32, b: u32| a as u64 | (b as u64) << 32;
                (q(mem[0], mem[1]), q(data[0], data[1]), q(data[2], data[3]))
            } else {
                let e = |x: u32| {
                    if signed {
                        x as i32 as i64 as u64
                    } else {
                        x as u64
                    }
                };
                (e(mem[0]), e(data[0]), e(data[1]))
            };
            let new = f(old, src, cmp);
            m[0] = new as u32;
            if wide {
                m[1] = (new >> 32) as u32;
            }
            if glc {
                r[0] = old as u32;
                if wide {
                    r[1] = (old >> 32) as u32;
                }
            }
        }
    }
    (m, r)
}

#[test]
fn scalar_stores_and_atomics_match_the_model() {
    let cases = cases();
    let src = kernel_src(&cases);
    let k = lift_src(&src, &test_abi(0, 0));
    let n = cases.len();
    let mut rng = Rng::new(0x5e70_0942_a70c);
    for it in 0..3 {
        let mut mem: Vec<u32> = (0..n * WG * 4).map(|_| rng.next() as u32).collect();
        let mut data: Vec<u32> = (0..n * WG * 4).map(|_| rng.next() as u32).collect();
        for (i, c) in cases.iter().enumerate() {
            for w in 0..WG {
                let j = 4 * (i * WG + w);
                // cmpswap: the compare value equal to memory half the time;
                // inc/dec: small values around the limit; min/max: equal
                // halves sometimes.
                match rng.below(3) {
                    0 if c.mnem.contains("cmpswap") => {
                        if c.mnem.ends_with("_x2") {
                            data[j + 2] = mem[j];
                            data[j + 3] = mem[j + 1];
                        } else {
                            data[j + 1] = mem[j];
                        }
                    }
                    0 if c.mnem.contains("inc") || c.mnem.contains("dec") => {
                        mem[j] = rng.below(8) as u32;
                        data[j] = rng.below(8) as u32;
                        if c.mnem.ends_with("_x2") {
                            mem[j + 1] = 0;
                            data[j + 1] = 0;
                        }
                    }
                    1 if c.mnem.contains("inc") || c.mnem.contains("dec") => {
                        if rng.below(2) == 0 {
                            mem[j] = 0;
                            mem[j + 1] = 0;
                        } else {
                            data[j] = mem[j];
                            data[j + 1] = mem[j + 1];
                        }
                    }
                    1 if c.mnem.contains("min") || c.mnem.contains("max") => {
                        mem[j + 1] = data[j + 1];
                    }
                    _ => {}
                }
            }
        }
        // Full EXEC, random, and empty: scalar memory ignores EXEC.
        let emask: u64 = match it {
            0 => u64::MAX,
            1 => rng.next() | rng.next(),
            _ => 0,
        };
        let out = vec![0u8; n * WG * 64 * 16];
        let setup = Setup {
            grid: [WG as u32, 1, 1],
            ..setup_one_group(vec![bytes32(&mem), bytes32(&data), out], emask, 64)
        };
        for (v, k) in wave_sync_variants(k.clone()) {
            for e in ENGINES {
                let res = run(&k, e, &setup);
                let (gm, go) = (u32s(&res[0]), u32s(&res[2]));
                for (i, c) in cases.iter().enumerate() {
                    for w in 0..WG {
                        let j = 4 * (i * WG + w);
                        let m: [u32; 4] = mem[j..j + 4].try_into().unwrap();
                        let d: [u32; 4] = data[j..j + 4].try_into().unwrap();
                        let (wm, wr) = model(c, m, d);
                        assert_eq!(
                            &gm[j..j + 4],
                            &wm,
                            "{e:?} {v} exec {emask:#x} `{}` wg {w}: memory (mem {m:x?} data {d:x?})",
                            c.mnem
                        );
                        for l in 0..64 {
                            let o = 4 * ((i * WG + w) * 64 + l);
                            assert_eq!(
                                &go[o..o + 4],
                                &wr,
                                "{e:?} {v} exec {emask:#x} `{}` wg {w} lane {l}: SGPRs (mem {m:x?} data {d:x?})",
                                c.mnem
                            );
                        }
                    }
                }
            }
        }
    }
}

/// A scalar store is visible to the wave's next scalar load of the same
/// address (xisa has no scalar cache: a store is performed when executed);
/// one partial wave (40 lanes) per workgroup.
#[test]
fn scalar_store_then_load_sees_it() {
    let src = "s_load_dwordx4 s[4:7], s[0:1], 0x0\n\
               s_waitcnt lgkmcnt(0)\n\
               s_lshl_b32 s3, s2, 4\n\
               s_add_u32 s4, s4, s3\n\
               s_addc_u32 s5, s5, 0\n\
               s_add_u32 s8, s2, 0x1234\n\
               s_mov_b32 s9, s6\n\
               s_mov_b32 s10, s7\n\
               s_mov_b32 s11, s2\n\
               s_store_dwordx4 s[8:11], s[4:5], 0x0\n\
               s_waitcnt lgkmcnt(0)\n\
               s_load_dwordx4 s[12:15], s[4:5], 0x0 glc\n\
               s_waitcnt lgkmcnt(0)\n\
               s_add_u32 s12, s12, s13\n\
               s_store_dword s12, s[4:5], 0x4\n\
               s_endpgm\n";
    let k = lift_src(src, &test_abi(0, 0));
    const G: usize = 8;
    let setup = Setup {
        bufs: vec![vec![0u8; 16 * G]],
        extra: [0x1111_0000u32.to_le_bytes(), 0x2222_0000u32.to_le_bytes()].concat(),
        grid: [G as u32, 1, 1],
        block: [40, 1, 1],
    };
    for (v, k) in wave_sync_variants(k) {
        for e in ENGINES {
            let r = u32s(&run(&k, e, &setup)[0]);
            for w in 0..G as u32 {
                let a = 0x1234 + w;
                let want = [a, a.wrapping_add(0x1111_0000), 0x2222_0000, w];
                assert_eq!(
                    &r[4 * w as usize..4 * w as usize + 4],
                    &want,
                    "{e:?} {v} wg {w}"
                );
            }
        }
    }
}

/// Every wave of 4 workgroups × 256 lanes (16 waves) applies its own operand
/// to one memory word with GLC and stores the returned value with a scalar
/// store: the returned values must chain from the initial value to the final
/// one, each wave's update applied exactly once.
#[test]
fn contended_scalar_atomics_are_exact() {
    const G: usize = 4;
    const B: usize = 256;
    const W: usize = G * B / 64;
    for (mnem, wide, f) in [
        ("s_atomic_add", false, add as F),
        ("s_atomic_sub_x2", true, sub),
        ("s_atomic_xor", false, xor),
        ("s_atomic_umax_x2", true, umax),
        ("s_atomic_swap", false, swap),
        ("s_atomic_inc_x2", true, inc),
        ("s_buffer_atomic_add_x2", true, add),
        ("s_buffer_atomic_or", false, or),
    ] {
        let buffer = mnem.starts_with("s_buffer");
        let sd = if wide { "s[20:21]" } else { "s20" };
        let op = if buffer {
            format!("{mnem} {sd}, s[24:27], s28 glc")
        } else {
            format!("{mnem} {sd}, s[4:5], 0x0 glc")
        };
        // Buffer: the word (8 bytes), per-wave operands (8 bytes each), the
        // returned values (8 bytes each). Wave index = wg * 4 + tid / 64.
        let src = format!(
            "s_load_dwordx2 s[4:5], s[0:1], 0x0\n\
             s_waitcnt lgkmcnt(0)\n\
             v_readfirstlane_b32 s3, v0\n\
             s_lshr_b32 s3, s3, 6\n\
             s_lshl_b32 s6, s2, 2\n\
             s_add_u32 s3, s3, s6\n\
             s_lshl_b32 s3, s3, 3\n\
             s_add_u32 s8, s4, s3\n\
             s_addc_u32 s9, s5, 0\n\
             s_load_dwordx2 s[20:21], s[8:9], 0x8\n\
             s_mov_b32 s24, s4\n\
             s_and_b32 s25, s5, 0xffff\n\
             s_mov_b32 s26, 8\n\
             s_mov_b32 s27, 0\n\
             s_mov_b32 s28, 0\n\
             s_waitcnt lgkmcnt(0)\n\
             {op}\n\
             s_waitcnt lgkmcnt(0)\n\
             s_store_dwordx2 s[20:21], s[8:9], {:#x}\n\
             s_endpgm\n",
            8 + 8 * W
        );
        let k = lift_src(&src, &test_abi(0, 0));
        let mut rng = Rng::new(0x5a70_c047 ^ mnem.len() as u64);
        let mask = if wide { u64::MAX } else { 0xffff_ffff };
        let init = if mnem.contains("inc") {
            rng.below(4)
        } else {
            rng.next()
        };
        let ops: Vec<u64> = (0..W)
            .map(|_| {
                if mnem.contains("inc") {
                    10 + rng.below(20)
                } else {
                    rng.next()
                }
            })
            .collect();
        let mut words = vec![init];
        words.extend(&ops);
        words.extend(vec![0x5555u64; W]);
        let setup = Setup {
            bufs: vec![bytes64(&words)],
            extra: vec![],
            grid: [G as u32, 1, 1],
            block: [B as u32, 1, 1],
        };
        for (v, k) in wave_sync_variants(k) {
            for e in ENGINES {
                let res = u64s(&run(&k, e, &setup)[0]);
                let olds: Vec<u64> = res[1 + W..].iter().map(|o| o & mask).collect();
                for (w, o) in res[1 + W..].iter().enumerate() {
                    if !wide {
                        assert_eq!(o >> 32, ops[w] >> 32, "{e:?} {v} {mnem}: s21 kept");
                    }
                }
                let mut used = [false; W];
                let mut cur = init & mask;
                for step in 0..W {
                    // Waves that saw `cur` and leave it unchanged (a max
                    // below it) go first: any order of them is the same,
                    // while taking a changing one first could strand them.
                    let saw = |w: usize| !used[w] && olds[w] == cur;
                    let keeps = |w: usize| f(cur, ops[w] & mask, 0) & mask == cur;
                    let w = (0..W)
                        .find(|&w| saw(w) && keeps(w))
                        .or_else(|| (0..W).find(|&w| saw(w)))
                        .unwrap_or_else(|| {
                            panic!(
                                "{e:?} {v} {mnem}: no wave saw {cur:#x} at step {step}: {olds:x?}"
                            )
                        });
                    used[w] = true;
                    cur = f(cur, ops[w] & mask, 0) & mask;
                }
                assert_eq!(res[0] & mask, cur, "{e:?} {v} {mnem}: final value");
                if !wide {
                    assert_eq!(res[0] >> 32, init >> 32, "{e:?} {v} {mnem}: high dword");
                }
            }
        }
    }
}
