//! gfx942 lifter execution tests: hand-written gfx942 assembly (assembled by
//! llvm-mc-19), lifted, and run through `xisa_runtime::launch` on both the
//! interpreter and the JIT (kernarg segment and dispatch packet from
//! `gfx942::lift::abi`), compared against independent Rust models written here.

mod common;
mod gfx942_exec_util;

use common::Rng;
use gfx942_exec_util::*;

// ------------------------------------------------------------------ SALU

type Model = Box<dyn Fn(u32, u32, u64, u64, bool) -> (u64, Option<bool>)>;

fn bfe_u(a: u64, off: u32, w: u32, bits: u32) -> u64 {
    if w == 0 {
        0
    } else if off + w < bits {
        let sh = bits - off - w;
        let x = if bits == 64 {
            a << sh
        } else {
            ((a as u32) << sh) as u64
        };
        if bits == 64 {
            x >> (bits - w)
        } else {
            ((x as u32) >> (bits - w)) as u64
        }
    } else if bits == 64 {
        a >> off
    } else {
        ((a as u32) >> off) as u64
    }
}

fn bfe_s(a: u64, off: u32, w: u32, bits: u32) -> u64 {
    if w == 0 {
        0
    } else if off + w < bits {
        let sh = bits - off - w;
        if bits == 64 {
            (((a << sh) as i64) >> (bits - w)) as u64
        } else {
            ((((a as u32) << sh) as i32) >> (bits - w)) as u32 as u64
        }
    } else if bits == 64 {
        ((a as i64) >> off) as u64
    } else {
        (((a as u32 as i32) >> off) as u32) as u64
    }
}

fn nz(r: u64) -> (u64, Option<bool>) {
    (r, Some(r != 0))
}

fn salu_ops() -> Vec<(String, Model)> {
    let mut v: Vec<(String, Model)> = Vec::new();
    let mut add = |t: &str, m: Model| v.push((t.to_string(), m));
    let s = |x: u32| x as i32;
    // SOP2, 32-bit.
    add(
        "s_add_u32 s20, s8, s9",
        Box::new(|a, b, _, _, _| {
            let r = a as u64 + b as u64;
            (r & 0xffff_ffff, Some(r >> 32 != 0))
        }),
    );
    add(
        "s_sub_u32 s20, s8, s9",
        Box::new(|a, b, _, _, _| (a.wrapping_sub(b) as u64, Some(b > a))),
    );
    add(
        "s_add_i32 s20, s8, s9",
        Box::new(move |a, b, _, _, _| {
            let (r, o) = s(a).overflowing_add(s(b));
            (r as u32 as u64, Some(o))
        }),
    );
    add(
        "s_sub_i32 s20, s8, s9",
        Box::new(move |a, b, _, _, _| {
            let (r, o) = s(a).overflowing_sub(s(b));
            (r as u32 as u64, Some(o))
        }),
    );
    add(
        "s_addc_u32 s20, s8, s9",
        Box::new(|a, b, _, _, c| {
            let r = a as u64 + b as u64 + c as u64;
            (r & 0xffff_ffff, Some(r >> 32 != 0))
        }),
    );
    add(
        "s_subb_u32 s20, s8, s9",
        Box::new(|a, b, _, _, c| {
            let r = (a as u64).wrapping_sub(b as u64).wrapping_sub(c as u64);
            (r & 0xffff_ffff, Some((a as u64) < b as u64 + c as u64))
        }),
    );
    add(
        "s_min_i32 s20, s8, s9",
        Box::new(move |a, b, _, _, _| (s(a).min(s(b)) as u32 as u64, Some(s(a) < s(b)))),
    );
    add(
        "s_min_u32 s20, s8, s9",
        Box::new(|a, b, _, _, _| (a.min(b) as u64, Some(a < b))),
    );
    add(
        "s_max_i32 s20, s8, s9",
        Box::new(move |a, b, _, _, _| (s(a).max(s(b)) as u32 as u64, Some(s(a) > s(b)))),
    );
    add(
        "s_max_u32 s20, s8, s9",
        Box::new(|a, b, _, _, _| (a.max(b) as u64, Some(a > b))),
    );
    add(
        "s_cselect_b32 s20, s8, s9",
        Box::new(|a, b, _, _, c| (if c { a } else { b } as u64, None)),
    );
    add(
        "s_and_b32 s20, s8, s9",
        Box::new(|a, b, _, _, _| nz((a & b) as u64)),
    );
    add(
        "s_or_b32 s20, s8, s9",
        Box::new(|a, b, _, _, _| nz((a | b) as u64)),
    );
    add(
        "s_xor_b32 s20, s8, s9",
        Box::new(|a, b, _, _, _| nz((a ^ b) as u64)),
    );
    add(
        "s_andn2_b32 s20, s8, s9",
        Box::new(|a, b, _, _, _| nz((a & !b) as u64)),
    );
    add(
        "s_orn2_b32 s20, s8, s9",
        Box::new(|a, b, _, _, _| nz((a | !b) as u64)),
    );
    add(
        "s_nand_b32 s20, s8, s9",
        Box::new(|a, b, _, _, _| nz(!(a & b) as u64)),
    );
    add(
        "s_nor_b32 s20, s8, s9",
        Box::new(|a, b, _, _, _| nz(!(a | b) as u64)),
    );
    add(
        "s_xnor_b32 s20, s8, s9",
        Box::new(|a, b, _, _, _| nz(!(a ^ b) as u64)),
    );
    add(
        "s_lshl_b32 s20, s8, s9",
        Box::new(|a, b, _, _, _| nz((a << (b & 31)) as u64)),
    );
    add(
        "s_lshr_b32 s20, s8, s9",
        Box::new(|a, b, _, _, _| nz((a >> (b & 31)) as u64)),
    );
    add(
        "s_ashr_i32 s20, s8, s9",
        Box::new(move |a, b, _, _, _| nz((s(a) >> (b & 31)) as u32 as u64)),
    );
    add(
        "s_bfm_b32 s20, s8, s9",
        Box::new(|a, b, _, _, _| {
            (
                (((1u32 << (a & 31)).wrapping_sub(1)) << (b & 31)) as u64,
                None,
            )
        }),
    );
    add(
        "s_mul_i32 s20, s8, s9",
        Box::new(|a, b, _, _, _| (a.wrapping_mul(b) as u64, None)),
    );
    add(
        "s_mul_hi_u32 s20, s8, s9",
        Box::new(|a, b, _, _, _| ((a as u64 * b as u64) >> 32, None)),
    );
    add(
        "s_mul_hi_i32 s20, s8, s9",
        Box::new(move |a, b, _, _, _| (((s(a) as i64 * s(b) as i64) >> 32) as u32 as u64, None)),
    );
    for (off, w) in [(4u32, 8u32), (0, 32), (28, 4), (5, 0), (31, 1), (3, 17)] {
        let k = off | w << 16;
        add(
            &format!("s_bfe_u32 s20, s8, {k:#x}"),
            Box::new(move |a, _, _, _, _| nz(bfe_u(a as u64, off, w, 32))),
        );
        add(
            &format!("s_bfe_i32 s20, s8, {k:#x}"),
            Box::new(move |a, _, _, _, _| nz(bfe_s(a as u64, off, w, 32))),
        );
    }
    for (off, w) in [(4u32, 40u32), (0, 64), (60, 4), (33, 0), (63, 1), (7, 17)] {
        let k = off | w << 16;
        add(
            &format!("s_bfe_u64 s[20:21], s[10:11], {k:#x}"),
            Box::new(move |_, _, c, _, _| nz(bfe_u(c, off, w, 64))),
        );
        add(
            &format!("s_bfe_i64 s[20:21], s[10:11], {k:#x}"),
            Box::new(move |_, _, c, _, _| nz(bfe_s(c, off, w, 64))),
        );
    }
    add(
        "s_absdiff_i32 s20, s8, s9",
        Box::new(move |a, b, _, _, _| nz(s(a).wrapping_sub(s(b)).wrapping_abs() as u32 as u64)),
    );
    for n in 1..=4u32 {
        add(
            &format!("s_lshl{n}_add_u32 s20, s8, s9"),
            Box::new(move |a, b, _, _, _| {
                let r = ((a as u64) << n) + b as u64;
                (r & 0xffff_ffff, Some(r > 0xffff_ffff))
            }),
        );
    }
    add(
        "s_pack_ll_b32_b16 s20, s8, s9",
        Box::new(|a, b, _, _, _| (((a & 0xffff) | (b << 16)) as u64, None)),
    );
    add(
        "s_pack_lh_b32_b16 s20, s8, s9",
        Box::new(|a, b, _, _, _| (((a & 0xffff) | (b & 0xffff_0000)) as u64, None)),
    );
    add(
        "s_pack_hh_b32_b16 s20, s8, s9",
        Box::new(|a, b, _, _, _| (((a >> 16) | (b & 0xffff_0000)) as u64, None)),
    );
    // SOP2, 64-bit.
    add(
        "s_and_b64 s[20:21], s[10:11], s[12:13]",
        Box::new(|_, _, c, d, _| nz(c & d)),
    );
    add(
        "s_or_b64 s[20:21], s[10:11], s[12:13]",
        Box::new(|_, _, c, d, _| nz(c | d)),
    );
    add(
        "s_xor_b64 s[20:21], s[10:11], s[12:13]",
        Box::new(|_, _, c, d, _| nz(c ^ d)),
    );
    add(
        "s_andn2_b64 s[20:21], s[10:11], s[12:13]",
        Box::new(|_, _, c, d, _| nz(c & !d)),
    );
    add(
        "s_orn2_b64 s[20:21], s[10:11], s[12:13]",
        Box::new(|_, _, c, d, _| nz(c | !d)),
    );
    add(
        "s_nand_b64 s[20:21], s[10:11], s[12:13]",
        Box::new(|_, _, c, d, _| nz(!(c & d))),
    );
    add(
        "s_nor_b64 s[20:21], s[10:11], s[12:13]",
        Box::new(|_, _, c, d, _| nz(!(c | d))),
    );
    add(
        "s_xnor_b64 s[20:21], s[10:11], s[12:13]",
        Box::new(|_, _, c, d, _| nz(!(c ^ d))),
    );
    add(
        "s_lshl_b64 s[20:21], s[10:11], s8",
        Box::new(|a, _, c, _, _| nz(c << (a & 63))),
    );
    add(
        "s_lshr_b64 s[20:21], s[10:11], s8",
        Box::new(|a, _, c, _, _| nz(c >> (a & 63))),
    );
    add(
        "s_ashr_i64 s[20:21], s[10:11], s8",
        Box::new(|a, _, c, _, _| nz(((c as i64) >> (a & 63)) as u64)),
    );
    add(
        "s_bfm_b64 s[20:21], s8, s9",
        Box::new(|a, b, _, _, _| (((1u64 << (a & 63)).wrapping_sub(1)) << (b & 63), None)),
    );
    add(
        "s_cselect_b64 s[20:21], s[10:11], s[12:13]",
        Box::new(|_, _, c, d, f| (if f { c } else { d }, None)),
    );
    add(
        "s_cselect_b64 s[20:21], -3, 0x80000000",
        Box::new(|_, _, _, _, f| (if f { (-3i64) as u64 } else { 0x8000_0000 }, None)),
    );
    // SOP1.
    add(
        "s_mov_b32 s20, s8",
        Box::new(|a, _, _, _, _| (a as u64, None)),
    );
    add(
        "s_mov_b64 s[20:21], s[10:11]",
        Box::new(|_, _, c, _, _| (c, None)),
    );
    add(
        "s_mov_b64 s[20:21], 0xffffffff",
        Box::new(|_, _, _, _, _| (0xffff_ffff, None)),
    );
    add(
        "s_mov_b64 s[20:21], -5",
        Box::new(|_, _, _, _, _| ((-5i64) as u64, None)),
    );
    add(
        "s_mov_b64 s[20:21], 0.5",
        Box::new(|_, _, _, _, _| (0.5f64.to_bits(), None)),
    );
    add(
        "s_mov_b32 s20, -2.0",
        Box::new(|_, _, _, _, _| ((-2.0f32).to_bits() as u64, None)),
    );
    add(
        "s_cmov_b32 s20, s8",
        Box::new(|a, b, _, _, f| (if f { a } else { b } as u64, None)),
    );
    add("s_not_b32 s20, s8", Box::new(|a, _, _, _, _| nz(!a as u64)));
    add(
        "s_not_b64 s[20:21], s[10:11]",
        Box::new(|_, _, c, _, _| nz(!c)),
    );
    add(
        "s_brev_b32 s20, s8",
        Box::new(|a, _, _, _, _| (a.reverse_bits() as u64, None)),
    );
    add(
        "s_brev_b64 s[20:21], s[10:11]",
        Box::new(|_, _, c, _, _| (c.reverse_bits(), None)),
    );
    add(
        "s_bcnt0_i32_b32 s20, s8",
        Box::new(|a, _, _, _, _| nz(a.count_zeros() as u64)),
    );
    add(
        "s_bcnt1_i32_b32 s20, s8",
        Box::new(|a, _, _, _, _| nz(a.count_ones() as u64)),
    );
    add(
        "s_bcnt1_i32_b64 s20, s[10:11]",
        Box::new(|_, _, c, _, _| nz(c.count_ones() as u64)),
    );
    add(
        "s_bcnt0_i32_b64 s20, s[10:11]",
        Box::new(|_, _, c, _, _| nz(c.count_zeros() as u64)),
    );
    let m1 = |found: bool, n: u32| if found { n as u64 } else { 0xffff_ffff };
    add(
        "s_ff0_i32_b32 s20, s8",
        Box::new(move |a, _, _, _, _| (m1(a != u32::MAX, a.trailing_ones()), None)),
    );
    add(
        "s_ff1_i32_b32 s20, s8",
        Box::new(move |a, _, _, _, _| (m1(a != 0, a.trailing_zeros()), None)),
    );
    add(
        "s_ff1_i32_b64 s20, s[10:11]",
        Box::new(move |_, _, c, _, _| (m1(c != 0, c.trailing_zeros()), None)),
    );
    add(
        "s_ff0_i32_b64 s20, s[10:11]",
        Box::new(move |_, _, c, _, _| (m1(c != u64::MAX, c.trailing_ones()), None)),
    );
    add(
        "s_flbit_i32_b32 s20, s8",
        Box::new(move |a, _, _, _, _| (m1(a != 0, a.leading_zeros()), None)),
    );
    add(
        "s_flbit_i32_b64 s20, s[10:11]",
        Box::new(move |_, _, c, _, _| (m1(c != 0, c.leading_zeros()), None)),
    );
    add(
        "s_flbit_i32 s20, s8",
        Box::new(move |a, _, _, _, _| {
            let x = a ^ ((a as i32 >> 31) as u32);
            (m1(x != 0, x.leading_zeros()), None)
        }),
    );
    add(
        "s_flbit_i32_i64 s20, s[10:11]",
        Box::new(move |_, _, c, _, _| {
            let x = c ^ ((c as i64 >> 63) as u64);
            (m1(x != 0, x.leading_zeros()), None)
        }),
    );
    add(
        "s_sext_i32_i8 s20, s8",
        Box::new(|a, _, _, _, _| (a as i8 as i32 as u32 as u64, None)),
    );
    add(
        "s_sext_i32_i16 s20, s8",
        Box::new(|a, _, _, _, _| (a as i16 as i32 as u32 as u64, None)),
    );
    add(
        "s_bitset0_b32 s20, s8",
        Box::new(|a, b, _, _, _| ((b & !(1 << (a & 31))) as u64, None)),
    );
    add(
        "s_bitset1_b32 s20, s8",
        Box::new(|a, b, _, _, _| ((b | (1 << (a & 31))) as u64, None)),
    );
    add(
        "s_abs_i32 s20, s8",
        Box::new(move |a, _, _, _, _| nz(s(a).wrapping_abs() as u32 as u64)),
    );
    let wqm = |x: u64, n: u32| {
        (0..n / 4).fold(0u64, |acc, i| {
            if x >> (4 * i) & 0xf != 0 {
                acc | 0xf << (4 * i)
            } else {
                acc
            }
        })
    };
    let qm = |x: u64, n: u32| {
        (0..n / 4).fold(0u64, |acc, i| {
            if x >> (4 * i) & 0xf != 0 {
                acc | 1 << i
            } else {
                acc
            }
        })
    };
    add(
        "s_wqm_b32 s20, s8",
        Box::new(move |a, _, _, _, _| nz(wqm(a as u64, 32))),
    );
    add(
        "s_wqm_b64 s[20:21], s[10:11]",
        Box::new(move |_, _, c, _, _| nz(wqm(c, 64))),
    );
    add(
        "s_quadmask_b32 s20, s8",
        Box::new(move |a, _, _, _, _| nz(qm(a as u64, 32))),
    );
    add(
        "s_quadmask_b64 s[20:21], s[10:11]",
        Box::new(move |_, _, c, _, _| nz(qm(c, 64))),
    );
    // SOPC.
    for (cc, f) in [
        ("eq", (|x: i64, y: i64| x == y) as fn(i64, i64) -> bool),
        ("lg", |x, y| x != y),
        ("gt", |x, y| x > y),
        ("ge", |x, y| x >= y),
        ("lt", |x, y| x < y),
        ("le", |x, y| x <= y),
    ] {
        add(
            &format!("s_cmp_{cc}_i32 s8, s9"),
            Box::new(move |a, b, _, _, _| (b as u64, Some(f(s(a) as i64, s(b) as i64)))),
        );
        add(
            &format!("s_cmp_{cc}_u32 s8, s9"),
            Box::new(move |a, b, _, _, _| (b as u64, Some(f(a as i64, b as i64)))),
        );
        add(
            &format!("s_cmpk_{cc}_i32 s8, 0x8123"),
            Box::new(move |a, b, _, _, _| {
                (b as u64, Some(f(s(a) as i64, 0x8123u16 as i16 as i64)))
            }),
        );
        add(
            &format!("s_cmpk_{cc}_u32 s8, 0x8123"),
            Box::new(move |a, b, _, _, _| (b as u64, Some(f(a as i64, 0x8123)))),
        );
    }
    add(
        "s_cmp_eq_u64 s[10:11], s[12:13]",
        Box::new(|_, b, c, d, _| (b as u64, Some(c == d))),
    );
    add(
        "s_cmp_lg_u64 s[10:11], s[12:13]",
        Box::new(|_, b, c, d, _| (b as u64, Some(c != d))),
    );
    add(
        "s_bitcmp0_b32 s8, s9",
        Box::new(|a, b, _, _, _| (b as u64, Some(a >> (b & 31) & 1 == 0))),
    );
    add(
        "s_bitcmp1_b32 s8, s9",
        Box::new(|a, b, _, _, _| (b as u64, Some(a >> (b & 31) & 1 == 1))),
    );
    add(
        "s_bitcmp1_b64 s[10:11], s9",
        Box::new(|_, b, c, _, _| (b as u64, Some(c >> (b & 63) & 1 == 1))),
    );
    // SOPK.
    add(
        "s_movk_i32 s20, 0x8001",
        Box::new(|_, _, _, _, _| (0xffff_8001, None)),
    );
    add(
        "s_cmovk_i32 s20, 0x7001",
        Box::new(|_, b, _, _, f| (if f { 0x7001 } else { b } as u64, None)),
    );
    add(
        "s_addk_i32 s20, 0x8001",
        Box::new(move |_, b, _, _, _| {
            let (r, o) = s(b).overflowing_add(0x8001u16 as i16 as i32);
            (r as u32 as u64, Some(o))
        }),
    );
    add(
        "s_mulk_i32 s20, 0x7ff1",
        Box::new(move |_, b, _, _, _| (s(b).wrapping_mul(0x7ff1) as u32 as u64, None)),
    );
    v
}

fn rand_word(r: &mut Rng) -> u32 {
    match r.below(6) {
        0 => [0, 1, 0x7fff_ffff, 0x8000_0000, 0xffff_ffff, 31, 32, 63][r.below(8) as usize],
        1 => r.below(70) as u32,
        _ => r.next() as u32,
    }
}

#[test]
fn salu_ops_and_scc() {
    let ops = salu_ops();
    for chunk in ops.chunks(200) {
        let mut src = String::from(
            "s_load_dwordx2 s[4:5], s[0:1], 0x0\n\
             s_load_dwordx8 s[8:15], s[0:1], 0x8\n\
             s_waitcnt lgkmcnt(0)\n\
             v_mov_b32 v0, 0\n",
        );
        for (i, (text, _)) in chunk.iter().enumerate() {
            src += &format!(
                "s_mov_b32 s20, s9\ns_mov_b32 s21, 0\ns_cmp_eq_u32 s14, 1\n{text}\n\
                 s_cselect_b32 s22, 1, 0\nv_mov_b32 v2, s20\nv_mov_b32 v3, s21\nv_mov_b32 v4, s22\n\
                 global_store_dwordx3 v0, v[2:4], s[4:5] offset:{}\n",
                16 * i
            );
        }
        src += "s_endpgm\n";
        let k = lift_src(&src, &test_abi(0, 0));
        let mut rng = Rng(0x5a1u64 << 40 | chunk.len() as u64);
        for it in 0..12 {
            let (a, b) = (rand_word(&mut rng), rand_word(&mut rng));
            let c = (rand_word(&mut rng) as u64) << 32 | rand_word(&mut rng) as u64;
            let d = if it % 3 == 0 {
                c
            } else {
                (rand_word(&mut rng) as u64) << 32 | rand_word(&mut rng) as u64
            };
            let flag = rng.below(2) as u32;
            let mut extra = Vec::new();
            extra.extend(a.to_le_bytes());
            extra.extend(b.to_le_bytes());
            extra.extend(c.to_le_bytes());
            extra.extend(d.to_le_bytes());
            extra.extend(flag.to_le_bytes());
            extra.extend(0u32.to_le_bytes());
            let setup = Setup {
                bufs: vec![vec![0u8; 16 * chunk.len()]],
                extra,
                grid: [1, 1, 1],
                block: [64, 1, 1],
            };
            for e in ENGINES {
                let out = u32s(&run(&k, e, &setup)[0]);
                for (i, (text, model)) in chunk.iter().enumerate() {
                    let (r, scc) = model(a, b, c, d, flag == 1);
                    let scc = scc.unwrap_or(flag == 1);
                    let got = (
                        out[4 * i] as u64 | (out[4 * i + 1] as u64) << 32,
                        out[4 * i + 2] == 1,
                    );
                    assert_eq!(
                        got,
                        (r, scc),
                        "{e:?} `{text}` a={a:#x} b={b:#x} c={c:#x} d={d:#x} scc_in={flag}"
                    );
                }
            }
        }
    }
}
