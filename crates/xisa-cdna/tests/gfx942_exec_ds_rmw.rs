//! gfx942 DS read-modify-writes the IR has no atomic for (ds_rsub, ds_mskor,
//! ds_wrap_rtn_b32, the float compare-stores ds_cmpst_f32/f64: lifted as
//! per-lane compare-and-swap loops), the
//! conditional exchange ds_condxchg32_rtn_b64, and the wave counters
//! ds_append / ds_consume. Assembled by llvm-mc-19, run on the interpreter and
//! the JIT (with and without the lockstep wave syncs), against models written
//! here from the CDNA3 ISA pseudo-code.

mod common;
mod gfx942_exec_util;

use common::Rng;
use gfx942_exec_util::*;

const LANES: usize = 128;

/// One op: mnemonic, 64-bit data, returns, and `new = f(old, a, b)` (`a` =
/// DATA, `b` = DATA2).
#[derive(Clone, Copy)]
struct Case {
    mnem: &'static str,
    wide: bool,
    rtn: bool,
    f: fn(u64, u64, u64) -> u64,
}

fn rsub32(o: u64, a: u64, _: u64) -> u64 {
    (a as u32).wrapping_sub(o as u32) as u64
}
fn mskor(o: u64, a: u64, b: u64) -> u64 {
    (o & !a) | b
}
fn wrap32(o: u64, a: u64, b: u64) -> u64 {
    let (o, a, b) = (o as u32, a as u32, b as u32);
    (if o >= a {
        o.wrapping_sub(a)
    } else {
        o.wrapping_add(b)
    }) as u64
}
/// ds_cmpst_f32: DATA2 where the old value equals DATA as a float (+0 ==
/// -0; a NaN equals nothing).
fn fcmpst32(o: u64, a: u64, b: u64) -> u64 {
    if f32::from_bits(o as u32) == f32::from_bits(a as u32) {
        b & 0xffff_ffff
    } else {
        o
    }
}
fn fcmpst64(o: u64, a: u64, b: u64) -> u64 {
    if f64::from_bits(o) == f64::from_bits(a) {
        b
    } else {
        o
    }
}
fn rsub64(o: u64, a: u64, _: u64) -> u64 {
    a.wrapping_sub(o)
}
/// ds_condxchg32_rtn_b64: dword i takes DATA[i][30:0] when DATA[i] bit 31 is set.
fn condxchg(o: u64, a: u64, _: u64) -> u64 {
    let mut r = o;
    for i in 0..2 {
        let d = (a >> (32 * i)) as u32;
        if d >> 31 == 1 {
            r = r & !(0xffff_ffffu64 << (32 * i)) | ((d & 0x7fff_ffff) as u64) << (32 * i);
        }
    }
    r
}

fn cases() -> Vec<Case> {
    let c = |mnem, wide, rtn, f| Case { mnem, wide, rtn, f };
    vec![
        c(
            "ds_rsub_u32",
            false,
            false,
            rsub32 as fn(u64, u64, u64) -> u64,
        ),
        c("ds_rsub_rtn_u32", false, true, rsub32),
        c("ds_mskor_b32", false, false, mskor),
        c("ds_mskor_rtn_b32", false, true, mskor),
        c("ds_wrap_rtn_b32", false, true, wrap32),
        c("ds_rsub_u64", true, false, rsub64),
        c("ds_rsub_rtn_u64", true, true, rsub64),
        c("ds_mskor_b64", true, false, mskor),
        c("ds_mskor_rtn_b64", true, true, mskor),
        c("ds_condxchg32_rtn_b64", true, true, condxchg),
        c("ds_cmpst_f32", false, false, fcmpst32),
        c("ds_cmpst_rtn_f32", false, true, fcmpst32),
        c("ds_cmpst_f64", true, false, fcmpst64),
        c("ds_cmpst_rtn_f64", true, true, fcmpst64),
    ]
}

/// Operands: address v14 (= slot - 16, offset:16), DATA v4 / v[4:5], DATA2 v5
/// / v[6:7], result v8 / v[8:9].
fn op_text(c: &Case) -> String {
    let m = c.mnem;
    let two = m.contains("mskor") || m.contains("wrap") || m.contains("cmpst");
    let (d0, d1, res) = if c.wide {
        ("v[4:5]", "v[6:7]", "v[8:9]")
    } else {
        ("v4", "v5", "v8")
    };
    let srcs = if two {
        format!("{d0}, {d1}")
    } else {
        d0.to_string()
    };
    if c.rtn {
        format!("{m} {res}, v14, {srcs} offset:16")
    } else {
        format!("{m} v14, {srcs} offset:16")
    }
}

/// Per case: memory 8 bytes/lane (-> LDS at 64 + lane * 8), data 16
/// bytes/lane, out 8 bytes/lane; the op runs under EXEC = s[10:11].
fn kernel_src(cases: &[Case]) -> String {
    let mut s = String::from(RMW_PROLOGUE);
    s += "v_add_u32 v15, 64, v2\nv_add_u32 v14, 48, v2\n";
    for (i, c) in cases.iter().enumerate() {
        s += &rmw_case_start(i, LANES);
        s += &format!(
            "global_load_dwordx2 v[12:13], v2, s[12:13]\n\
             s_waitcnt vmcnt(0)\n\
             ds_write_b64 v15, v[12:13]\n\
             s_waitcnt lgkmcnt(0)\n\
             s_barrier\n\
             s_and_b64 exec, s[18:19], s[10:11]\n\
             {}\n\
             s_waitcnt lgkmcnt(0)\n\
             s_mov_b64 exec, s[18:19]\n\
             s_barrier\n\
             ds_read_b64 v[12:13], v15\n\
             s_waitcnt lgkmcnt(0)\n\
             global_store_dwordx2 v2, v[12:13], s[12:13]\n\
             global_store_dwordx2 v2, v[8:9], s[16:17]\n\
             s_waitcnt vmcnt(0)\n",
            op_text(c)
        );
    }
    s += "s_endpgm\n";
    s
}

#[test]
fn rmw_ops_match_the_model() {
    let cases = cases();
    let src = kernel_src(&cases);
    let k = lift_src(&src, &test_abi(64 + 8 * LANES as u32, 0));
    let n = cases.len();
    let mut rng = Rng::new(0x00d5_0942_3a11);
    for it in 0..3 {
        let mut mem: Vec<u64> = (0..n * LANES).map(|_| rng.next()).collect();
        let mut data: Vec<u64> = (0..2 * n * LANES).map(|_| rng.next()).collect();
        let out: Vec<u64> = (0..n * LANES).map(|_| rng.next()).collect();
        // wrap: DATA at or below the old value half the time.
        for (i, c) in cases.iter().enumerate() {
            if c.mnem.contains("wrap") {
                for l in 0..LANES {
                    let j = i * LANES + l;
                    if rng.below(2) == 0 {
                        let o = mem[j] as u32;
                        let a = o - (o.min(rng.next() as u32) % (o / 2 + 1));
                        data[2 * j] = data[2 * j] & !0xffff_ffff | a as u64;
                    }
                }
            }
        }
        // cmpst: DATA equal to the old value (same bits) half the time;
        // else sometimes -0 against +0 (equal as floats, not as bits) or a
        // NaN against itself (never equal).
        for (i, c) in cases.iter().enumerate() {
            if c.mnem.contains("cmpst") {
                let (zero, nan) = if c.wide {
                    (1u64 << 63, 0x7ff8_0000_0000_0001u64)
                } else {
                    (0x8000_0000, 0x7fc0_0001)
                };
                let keep = if c.wide { !0u64 } else { !0xffff_ffffu64 };
                for l in 0..LANES {
                    let j = i * LANES + l;
                    match rng.below(8) {
                        0..=3 => data[2 * j] = data[2 * j] & keep | mem[j] & !keep,
                        4 => {
                            mem[j] = mem[j] & keep | zero;
                            data[2 * j] &= keep;
                        }
                        5 => {
                            mem[j] = mem[j] & keep | nan;
                            data[2 * j] = data[2 * j] & keep | nan;
                        }
                        _ => {}
                    }
                }
            }
        }
        let round = RmwRound::new(mem, data, out, round_exec(it, &mut rng), LANES);
        let setup = round.setup();
        for (v, k) in wave_sync_variants(k.clone()) {
            for e in ENGINES {
                let got = run_rmw(&k, e, &setup);
                for (i, c) in cases.iter().enumerate() {
                    let ctx = format!("{e:?} {v} `{}`", c.mnem);
                    round.check_case(&ctx, &got, i, c.wide, |s| {
                        let ret = s.old | (round.out[s.j] & !s.mask);
                        ((c.f)(s.old, s.a, s.b), c.rtn.then_some(ret))
                    });
                }
            }
        }
    }
}

/// Every lane of a 256-lane workgroup (4 waves) applies its own operands to
/// one LDS word: the returned old values must chain from the initial value to
/// the final one, each lane's update applied exactly once.
#[test]
fn contended_rmw_ops_serialize() {
    const N: usize = 256;
    for (mnem, wide, f) in [
        ("ds_rsub_rtn_u32", false, rsub32 as fn(u64, u64, u64) -> u64),
        ("ds_mskor_rtn_b32", false, mskor),
        ("ds_wrap_rtn_b32", false, wrap32),
        ("ds_rsub_rtn_u64", true, rsub64),
        ("ds_mskor_rtn_b64", true, mskor),
    ] {
        let c = Case {
            mnem,
            wide,
            rtn: true,
            f,
        };
        // v14 = 0 for every lane: the word at LDS 16.
        let src = format!(
            "s_load_dwordx4 s[4:7], s[0:1], 0x0\n\
             s_waitcnt lgkmcnt(0)\n\
             v_and_b32 v1, 0x3ff, v0\n\
             v_lshlrev_b32 v3, 4, v1\n\
             v_lshlrev_b32 v2, 3, v1\n\
             global_load_dwordx4 v[4:7], v3, s[4:5]\n\
             v_mov_b32 v14, 0\n\
             s_waitcnt vmcnt(0)\n\
             v_cmp_eq_u32 vcc, 0, v1\n\
             s_and_saveexec_b64 s[8:9], vcc\n\
             v_mov_b32 v10, s6\n\
             v_mov_b32 v11, s7\n\
             ds_write_b64 v14, v[10:11] offset:16\n\
             s_mov_b64 exec, s[8:9]\n\
             s_waitcnt lgkmcnt(0)\n\
             s_barrier\n\
             {}\n\
             s_waitcnt lgkmcnt(0)\n\
             s_barrier\n\
             ds_read_b64 v[10:11], v14 offset:16\n\
             s_waitcnt lgkmcnt(0)\n\
             v_add_u32 v12, {}, v2\n\
             global_store_dwordx2 v12, v[8:9], s[4:5]\n\
             v_mov_b32 v13, {}\n\
             s_and_saveexec_b64 s[8:9], vcc\n\
             global_store_dwordx2 v13, v[10:11], s[4:5]\n\
             s_mov_b64 exec, s[8:9]\n\
             s_endpgm\n",
            op_text(&c),
            16 * N,
            16 * N + 8 * N
        );
        let k = lift_src(&src, &test_abi(64, 0));
        let mut rng = Rng::new(0x00c0_2742 ^ mnem.len() as u64);
        let mask = if wide { u64::MAX } else { 0xffff_ffff };
        let data: Vec<u64> = (0..2 * N).map(|_| rng.next()).collect();
        let init = rng.next() & mask;
        let mut buf = bytes64(&data);
        buf.extend(vec![0u8; 8 * N + 8]);
        // The buffer pointer is s[4:5]; the initial value s[6:7].
        let setup = setup_one_group(vec![buf], init, N);
        for (v, k) in wave_sync_variants(k) {
            for e in ENGINES {
                let res = u64s(&run(&k, e, &setup)[0]);
                let olds: Vec<u64> = res[2 * N..3 * N].iter().map(|o| o & mask).collect();
                let fin = res[3 * N] & mask;
                let mut used = [false; N];
                let mut cur = init;
                for step in 0..N {
                    let l = (0..N)
                        .find(|&l| !used[l] && olds[l] == cur)
                        .unwrap_or_else(|| {
                            panic!("{e:?} {v} {mnem}: no lane saw {cur:#x} at step {step}")
                        });
                    used[l] = true;
                    let (_, a, b) = rmw_operands(wide, &data, l);
                    cur = f(cur, a, b) & mask;
                }
                assert_eq!(fin, cur, "{e:?} {v} {mnem}: final value");
            }
        }
    }
}

/// ds_append / ds_consume: each wave adds (subtracts) its active-lane count
/// to the dword at M0 + offset once and every active lane receives the value
/// before; inactive lanes keep their register.
#[test]
fn append_and_consume_count_the_wave() {
    const N: usize = 256;
    for append in [true, false] {
        let m = if append { "ds_append" } else { "ds_consume" };
        // Buffer: per-lane active flags (N dwords), then the results (N
        // dwords) and the final counter; kernarg: the buffer, the initial
        // counter.
        let src = format!(
            "s_load_dwordx4 s[4:7], s[0:1], 0x0\n\
             s_waitcnt lgkmcnt(0)\n\
             v_and_b32 v1, 0x3ff, v0\n\
             v_lshlrev_b32 v2, 2, v1\n\
             global_load_dword v8, v2, s[4:5]\n\
             s_mov_b64 s[18:19], exec\n\
             v_mov_b32 v3, 0\n\
             v_cmp_eq_u32 vcc, 0, v1\n\
             s_and_saveexec_b64 s[20:21], vcc\n\
             v_mov_b32 v4, s6\n\
             ds_write_b32 v3, v4 offset:40\n\
             s_mov_b64 exec, s[18:19]\n\
             s_waitcnt vmcnt(0) lgkmcnt(0)\n\
             s_barrier\n\
             v_mov_b32 v5, 0x5555\n\
             v_cmp_ne_u32 vcc, 0, v8\n\
             s_and_b64 exec, exec, vcc\n\
             s_mov_b32 m0, 24\n\
             {m} v5 offset:16\n\
             s_waitcnt lgkmcnt(0)\n\
             s_mov_b64 exec, s[18:19]\n\
             s_barrier\n\
             global_store_dword v2, v5, s[4:5] offset:{}\n\
             v_cmp_eq_u32 vcc, 0, v1\n\
             s_and_saveexec_b64 s[20:21], vcc\n\
             ds_read_b32 v4, v3 offset:40\n\
             s_waitcnt lgkmcnt(0)\n\
             global_store_dword v3, v4, s[4:5] offset:{}\n\
             s_mov_b64 exec, s[18:19]\n\
             s_endpgm\n",
            4 * N,
            8 * N
        );
        let k = lift_src(&src, &test_abi(64, 0));
        let mut rng = Rng::new(0x00a9_9e4d ^ append as u64);
        for it in 0..3 {
            let init = rng.next() as u32;
            // Per-wave EXEC; the last iteration leaves wave 1 empty.
            let masks: Vec<u64> = (0..N / 64)
                .map(|w| {
                    if it == 2 && w == 1 {
                        0
                    } else {
                        rng.next() | rng.next()
                    }
                })
                .collect();
            let flags: Vec<u32> = (0..N)
                .map(|l| (masks[l / 64] >> (l % 64) & 1) as u32)
                .collect();
            let mut buf = bytes32(&flags);
            buf.extend(vec![0u8; 4 * N + 4]);
            let setup = setup_one_group(vec![buf], init as u64, N);
            for (v, k) in wave_sync_variants(k.clone()) {
                for e in ENGINES {
                    let r = u32s(&run(&k, e, &setup)[0])[N..].to_vec();
                    // Every wave's active lanes see one value; the waves'
                    // values chain in some order from `init`.
                    let mut seen: Vec<(u32, u32)> = Vec::new();
                    for (w, &mask) in masks.iter().enumerate() {
                        let cnt = mask.count_ones();
                        let mut val = None;
                        for l in 0..64 {
                            let got = r[64 * w + l];
                            if mask >> l & 1 == 0 {
                                assert_eq!(got, 0x5555, "{e:?} {v} {m} wave {w} lane {l}");
                            } else {
                                assert_eq!(*val.get_or_insert(got), got, "{e:?} {v} {m} wave {w}");
                            }
                        }
                        if let Some(x) = val {
                            seen.push((x, cnt));
                        }
                    }
                    let step = |x: u32, c: u32| {
                        if append {
                            x.wrapping_add(c)
                        } else {
                            x.wrapping_sub(c)
                        }
                    };
                    let mut cur = init;
                    let mut left = seen.clone();
                    while !left.is_empty() {
                        let i = left
                            .iter()
                            .position(|&(x, _)| x == cur)
                            .unwrap_or_else(|| panic!("{e:?} {v} {m}: chain {seen:?} from {init}"));
                        cur = step(cur, left[i].1);
                        left.remove(i);
                    }
                    assert_eq!(r[N], cur, "{e:?} {v} {m}: final counter");
                }
            }
        }
    }
}

/// One two-address exchange case.
struct Xchg2 {
    text: &'static str,
    /// Element bytes.
    size: u64,
    /// Bytes between lanes' addresses.
    stride: u64,
    offs: [u64; 2],
    st64: bool,
    /// The result replaces the sources v[4:7].
    in_v4: bool,
}

/// ds_wrxchg2[st64]_rtn_b32/b64: per lane, two exchanges at ADDR + OFFSET0 *
/// size and ADDR + OFFSET1 * size (size x 64 for st64), the old values
/// returned in order, the first in VDST's low dwords; a VDST overlapping
/// the sources gets the old values (the sources are read first). One wave,
/// every lane's addresses distinct; checked against the LDS image and the
/// returned registers of a model.
#[test]
fn two_address_exchanges() {
    let x = |text, size, stride, offs, st64, in_v4| Xchg2 {
        text,
        size,
        stride,
        offs,
        st64,
        in_v4,
    };
    let cases = [
        x(
            "ds_wrxchg2_rtn_b32 v[8:9], v14, v4, v5 offset0:1 offset1:3",
            4,
            16,
            [1, 3],
            false,
            false,
        ),
        x(
            "ds_wrxchg2st64_rtn_b32 v[8:9], v14, v4, v5 offset1:1",
            4,
            4,
            [0, 1],
            true,
            false,
        ),
        x(
            "ds_wrxchg2_rtn_b64 v[8:11], v14, v[4:5], v[6:7] offset1:1",
            8,
            16,
            [0, 1],
            false,
            false,
        ),
        x(
            "ds_wrxchg2st64_rtn_b64 v[8:11], v14, v[4:5], v[6:7] offset1:1",
            8,
            8,
            [0, 1],
            true,
            false,
        ),
        x(
            "ds_wrxchg2_rtn_b32 v[4:5], v14, v4, v5 offset0:2 offset1:0",
            4,
            16,
            [2, 0],
            false,
            true,
        ),
    ];
    const LANES: usize = 64;
    let mut src = String::from(
        "s_load_dwordx8 s[4:11], s[0:1], 0x0\n\
         s_waitcnt lgkmcnt(0)\n\
         v_and_b32 v1, 0x3ff, v0\n\
         v_lshlrev_b32 v3, 4, v1\n",
    );
    for (i, c) in cases.iter().enumerate() {
        let (text, stride, in_v4) = (c.text, c.stride, c.in_v4);
        let o = i * 1024;
        let shift = stride.trailing_zeros();
        let res = if in_v4 { "v[4:7]" } else { "v[8:11]" };
        src += &format!(
            "s_add_u32 s12, s4, {o}\ns_addc_u32 s13, s5, 0\n\
             s_add_u32 s14, s6, {o}\ns_addc_u32 s15, s7, 0\n\
             s_add_u32 s16, s8, {o}\ns_addc_u32 s17, s9, 0\n\
             s_add_u32 s18, s10, {o}\ns_addc_u32 s19, s11, 0\n\
             global_load_dwordx4 v[20:23], v3, s[12:13]\n\
             global_load_dwordx4 v[4:7], v3, s[14:15]\n\
             v_mov_b32 v8, 0\nv_mov_b32 v9, 0\nv_mov_b32 v10, 0\nv_mov_b32 v11, 0\n\
             s_waitcnt vmcnt(0)\n\
             ds_write_b128 v3, v[20:23]\n\
             s_waitcnt lgkmcnt(0)\n\
             s_barrier\n\
             v_lshlrev_b32 v14, {shift}, v1\n\
             {text}\n\
             s_waitcnt lgkmcnt(0)\n\
             s_barrier\n\
             ds_read_b128 v[20:23], v3\n\
             s_waitcnt lgkmcnt(0)\n\
             global_store_dwordx4 v3, v[20:23], s[16:17]\n\
             global_store_dwordx4 v3, {res}, s[18:19]\n\
             s_waitcnt vmcnt(0)\n"
        );
    }
    src += "s_endpgm\n";
    let k = lift_src(&src, &test_abi(1024, 0));
    let n = cases.len();
    let mut rng = Rng::new(0x0d5_0942_2e8c);
    let image: Vec<u8> = (0..n * 1024).map(|_| rng.next() as u8).collect();
    let data: Vec<u8> = (0..n * 1024).map(|_| rng.next() as u8).collect();
    // The model: each lane's exchanges (all addresses distinct).
    let mut want_mem = image.clone();
    let mut want_ret = vec![0u8; n * 1024];
    for (i, c) in cases.iter().enumerate() {
        let (size, stride, offs, st64, in_v4) = (c.size, c.stride, c.offs, c.st64, c.in_v4);
        let (mem, ret) = (
            &mut want_mem[i * 1024..][..1024],
            &mut want_ret[i * 1024..][..1024],
        );
        let unit = size * if st64 { 64 } else { 1 };
        for l in 0..LANES {
            let d = &data[i * 1024 + 16 * l..][..16];
            let r = &mut ret[16 * l..][..16];
            if in_v4 {
                // v[4:7] keeps the sources' other dwords.
                r.copy_from_slice(d);
            }
            for (k, off) in offs.iter().enumerate() {
                let a = (l as u64 * stride + off * unit) as usize;
                let s = size as usize;
                r[k * s..][..s].copy_from_slice(&mem[a..a + s]);
                mem[a..a + s].copy_from_slice(&d[k * s..][..s]);
            }
        }
    }
    let setup = Setup {
        bufs: vec![image, data, vec![0; n * 1024], vec![0; n * 1024]],
        extra: vec![],
        grid: [1, 1, 1],
        block: [LANES as u32, 1, 1],
    };
    for (v, k) in wave_sync_variants(k) {
        for e in ENGINES {
            let got = run(&k, e, &setup);
            for (i, c) in cases.iter().enumerate() {
                let r = i * 1024..(i + 1) * 1024;
                assert!(
                    got[2][r.clone()] == want_mem[r.clone()],
                    "{e:?} {v} `{}`: LDS",
                    c.text
                );
                assert!(
                    got[3][r.clone()] == want_ret[r],
                    "{e:?} {v} `{}`: returned",
                    c.text
                );
            }
        }
    }
}
