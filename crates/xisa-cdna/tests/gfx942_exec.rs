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
    add(
        "s_bitreplicate_b64_b32 s[20:21], s8",
        Box::new(|a, _, _, _, _| {
            let r = (0..32).fold(0u64, |r, i| r | ((a as u64 >> i & 1) * 3) << (2 * i));
            (r, None)
        }),
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
    rand_edge_word(
        r,
        &[0, 1, 0x7fff_ffff, 0x8000_0000, 0xffff_ffff, 31, 32, 63],
    )
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
        let mut rng = Rng::new(0x5a1u64 << 40 | chunk.len() as u64);
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

// ------------------------------------------------------------------ EXEC, masks, cross-lane

const XLANE_SRC: &str = r#"
    s_load_dwordx2 s[4:5], s[0:1], 0x0
    s_load_dwordx4 s[8:11], s[0:1], 0x8
    s_waitcnt lgkmcnt(0)
    s_mul_i32 s3, s2, 100
    v_add_u32 v1, s3, v0
    v_mul_u32_u24 v30, 0x60, v1
    ; divergent if / else
    v_mov_b32 v2, 0
    v_cmp_gt_u32 vcc, s8, v0
    s_and_saveexec_b64 s[12:13], vcc
    s_xor_b64 s[14:15], s[12:13], exec
    s_cbranch_execz .Lelse
    v_add_u32 v2, 0x3e8, v0
.Lelse:
    s_mov_b64 exec, s[14:15]
    s_cbranch_execz .Ljoin
    v_mul_lo_u32 v2, v0, 3
.Ljoin:
    s_mov_b64 exec, s[12:13]
    v_mov_b32 v3, vcc_lo
    v_mov_b32 v4, vcc_hi
    ; restricted EXEC: compare to an SGPR pair, readfirstlane, mbcnt
    v_mov_b32 v5, 0
    s_mov_b64 s[16:17], exec
    s_and_b64 exec, exec, s[10:11]
    v_cmp_lt_u32_e64 s[18:19], v0, s9
    v_readfirstlane_b32 s20, v1
    v_mbcnt_lo_u32_b32 v5, s10, 0
    v_mbcnt_hi_u32_b32 v5, s11, v5
    s_mov_b64 exec, s[16:17]
    v_mov_b32 v6, s18
    v_mov_b32 v7, s19
    v_mov_b32 v8, s20
    v_mov_b32 v25, s9
    v_lshlrev_b32 v25, 2, v25
    ds_bpermute_b32 v9, v25, v1
    ds_swizzle_b32 v10, v1 offset:0x41f
    s_waitcnt lgkmcnt(0)
    ; carries
    v_mul_lo_u32 v11, v1, s10
    v_add_co_u32_e64 v12, s[22:23], v11, s11
    v_addc_co_u32_e64 v13, vcc, v11, v11, s[22:23]
    v_cndmask_b32 v14, v11, v12, vcc
    v_mov_b32 v15, s22
    v_mov_b32 v16, s23
    v_mov_b32 v17, vcc_lo
    v_mov_b32 v18, vcc_hi
    v_mov_b32 v26, s10
    v_mov_b32 v27, s11
    v_mad_u64_u32 v[22:23], s[24:25], v1, s10, v[26:27]
    v_mov_b32 v19, s24
    v_mov_b32 v20, s25
    v_mov_b32 v21, 0
    global_store_dwordx4 v30, v[2:5], s[4:5]
    global_store_dwordx4 v30, v[6:9], s[4:5] offset:16
    global_store_dwordx4 v30, v[10:13], s[4:5] offset:32
    global_store_dwordx4 v30, v[14:17], s[4:5] offset:48
    global_store_dwordx4 v30, v[18:21], s[4:5] offset:64
    global_store_dwordx2 v30, v[22:23], s[4:5] offset:80
    s_endpgm
"#;

/// The reference of XLANE_SRC for one workgroup `wg` (100 lanes: a full wave
/// and a 36-lane wave).
fn xlane_model(wg: u32, t: u32, l_sel: u32, m: u64) -> Vec<[u32; 24]> {
    let mut out = Vec::new();
    for tid in 0..100u32 {
        let (w, l) = (tid / 64, tid % 64);
        let wave: Vec<u32> = (64 * w..(64 * w + 64).min(100)).collect();
        let exists = if w == 0 { u64::MAX } else { (1u64 << 36) - 1 };
        let g = |tid: u32| wg * 100 + tid;
        let mask = |f: &dyn Fn(u32) -> bool| -> u64 {
            wave.iter()
                .filter(|&&x| f(x))
                .fold(0, |a, &x| a | 1 << (x % 64))
        };
        let mut r = [0u32; 24];
        r[0] = if t > tid { 1000 + tid } else { tid * 3 };
        let vcc = mask(&|x| t > x);
        r[1] = vcc as u32;
        r[2] = (vcc >> 32) as u32;
        let rm = exists & m;
        r[3] = if rm >> l & 1 == 1 {
            (m & ((1u64 << l) - 1)).count_ones()
        } else {
            0
        };
        let cmp = mask(&|x| rm >> (x % 64) & 1 == 1 && x < l_sel);
        r[4] = cmp as u32;
        r[5] = (cmp >> 32) as u32;
        let first = if rm == 0 { 0 } else { rm.trailing_zeros() };
        r[6] = g(64 * w + first);
        r[7] = g(64 * w + (l_sel & 63));
        r[8] = g(tid ^ 1);
        let v11 = |x: u32| g(x).wrapping_mul(m as u32);
        let c1 = |x: u32| (v11(x) as u64 + (m >> 32)) >> 32 != 0;
        let s22 = mask(&|x| c1(x));
        let sum2 = |x: u32| 2 * v11(x) as u64 + c1(x) as u64;
        let vcc2 = mask(&|x| sum2(x) >> 32 != 0);
        r[9] = v11(tid);
        r[10] = v11(tid).wrapping_add((m >> 32) as u32);
        r[11] = sum2(tid) as u32;
        r[12] = if vcc2 >> l & 1 == 1 { r[10] } else { r[9] };
        r[13] = s22 as u32;
        r[14] = (s22 >> 32) as u32;
        r[15] = vcc2 as u32;
        r[16] = (vcc2 >> 32) as u32;
        let mad = |x: u32| (g(x) as u64 * (m as u32) as u64).overflowing_add(m);
        let s24 = mask(&|x| mad(x).1);
        r[17] = s24 as u32;
        r[18] = (s24 >> 32) as u32;
        r[19] = 0;
        r[20] = mad(tid).0 as u32;
        r[21] = (mad(tid).0 >> 32) as u32;
        out.push(r);
    }
    out
}

/// `ds_permute_b32` (forward permute) under a restricted EXEC: each active
/// lane sends `1000 + lane` to lane `(lane * mul + 1) % 64` (the byte address
/// `4 * lane * mul` plus `offset:4`); a lane nobody sends to gets 0, of several
/// senders the highest-numbered wins, inactive lanes keep their old value.
#[test]
fn forward_permute() {
    let src = "
        s_load_dwordx2 s[4:5], s[0:1], 0x0
        s_load_dwordx2 s[6:7], s[0:1], 0x8
        s_load_dword s8, s[0:1], 0x10
        s_waitcnt lgkmcnt(0)
        v_and_b32 v1, 0x3ff, v0
        v_mul_lo_u32 v2, v1, s8
        v_lshlrev_b32 v2, 2, v2
        v_add_u32 v3, 1000, v1
        v_mov_b32 v4, 0xdead
        s_mov_b64 s[10:11], exec
        s_mov_b64 exec, s[6:7]
        ds_permute_b32 v4, v2, v3 offset:4
        s_waitcnt lgkmcnt(0)
        s_mov_b64 exec, s[10:11]
        v_lshlrev_b32 v5, 2, v1
        global_store_dword v5, v4, s[4:5]
        s_endpgm
    ";
    let k = lift_src(src, &test_abi(0, 0));
    let mut rng = Rng::new(0x9e_77);
    let cases = [
        (u64::MAX, 1u32),
        (u64::MAX, 3),
        (rng.next(), 2),
        (0x5555_5555_5555_5555, 0),
        (0, 5),
    ];
    for (mask, mul) in cases {
        let mut tmp = [0u32; 64];
        for i in 0..64u32 {
            if mask >> i & 1 == 1 {
                tmp[((i * mul + 1) % 64) as usize] = 1000 + i;
            }
        }
        let want: Vec<u32> = (0..64)
            .map(|i| if mask >> i & 1 == 1 { tmp[i] } else { 0xdead })
            .collect();
        let mut extra = mask.to_le_bytes().to_vec();
        extra.extend(mul.to_le_bytes());
        for e in ENGINES {
            let out = run(
                &k,
                e,
                &Setup {
                    bufs: vec![vec![0; 256]],
                    extra: extra.clone(),
                    grid: [1, 1, 1],
                    block: [64, 1, 1],
                },
            );
            assert_eq!(u32s(&out[0]), want, "{e:?} mask {mask:#x} mul {mul}");
        }
    }
}

#[test]
fn exec_masks_ballots_cross_lane() {
    let k = lift_src(XLANE_SRC, &test_abi(0, 0));
    let mut rng = Rng::new(0xe7ec);
    for it in 0..10 {
        let t = rng.below(110) as u32;
        let l_sel = rng.below(36) as u32;
        let m = match it {
            0 => 0,
            1 => u64::MAX,
            _ => rng.next() & rng.next() | rng.next() & (1 << 63),
        };
        let mut extra = Vec::new();
        extra.extend(t.to_le_bytes());
        extra.extend(l_sel.to_le_bytes());
        extra.extend(m.to_le_bytes());
        let setup = Setup {
            bufs: vec![vec![0u8; 96 * 200]],
            extra,
            grid: [2, 1, 1],
            block: [100, 1, 1],
        };
        for e in ENGINES {
            let out = u32s(&run(&k, e, &setup)[0]);
            for wg in 0..2u32 {
                for (tid, want) in xlane_model(wg, t, l_sel, m).iter().enumerate() {
                    let g = (wg * 100) as usize + tid;
                    let got = &out[24 * g..24 * g + 24];
                    assert_eq!(
                        got,
                        &want[..],
                        "{e:?} wg {wg} tid {tid} t={t} L={l_sel} m={m:#x}"
                    );
                }
            }
        }
    }
}

// ------------------------------------------------------------------ atomics

use common::{ref_packed, BF16, F16};

const LANES: usize = 128;

/// One atomic under test: mnemonic tail (`add`, `cmpswap_x2`, ...), 64-bit
/// data, and the reference `new = f(old, a, b)` (`a`, `b`: the two data slots).
#[derive(Clone, Copy)]
struct AtomCase {
    name: &'static str,
    wide: bool,
    f: fn(u64, u64, u64) -> u64,
}

fn fmin64(x: u64, y: u64, max: bool) -> u64 {
    let (a, b) = (f64::from_bits(x), f64::from_bits(y));
    if a == b {
        // -0 < +0.
        if (x >> 63 == 1) != max {
            x
        } else {
            y
        }
    } else if (a < b) != max {
        x
    } else {
        y
    }
}

fn global_cases() -> Vec<AtomCase> {
    fn c(name: &'static str, wide: bool, f: fn(u64, u64, u64) -> u64) -> AtomCase {
        AtomCase { name, wide, f }
    }
    let s32 = |x: u64| x as u32 as i32 as i64;
    let _ = s32;
    vec![
        c("swap", false, |_, a, _| a as u32 as u64),
        c("cmpswap", false, |o, a, b| {
            if o as u32 == b as u32 {
                a as u32 as u64
            } else {
                o
            }
        }),
        c("add", false, |o, a, _| {
            (o as u32).wrapping_add(a as u32) as u64
        }),
        c("sub", false, |o, a, _| {
            (o as u32).wrapping_sub(a as u32) as u64
        }),
        c("smin", false, |o, a, _| {
            (o as u32 as i32).min(a as u32 as i32) as u32 as u64
        }),
        c("umin", false, |o, a, _| (o as u32).min(a as u32) as u64),
        c("smax", false, |o, a, _| {
            (o as u32 as i32).max(a as u32 as i32) as u32 as u64
        }),
        c("umax", false, |o, a, _| (o as u32).max(a as u32) as u64),
        c("and", false, |o, a, _| o & a & 0xffff_ffff),
        c("or", false, |o, a, _| (o | a) & 0xffff_ffff),
        c("xor", false, |o, a, _| (o ^ a) & 0xffff_ffff),
        c("inc", false, |o, a, _| {
            let (o, a) = (o as u32, a as u32);
            if o >= a {
                0
            } else {
                o as u64 + 1
            }
        }),
        c("dec", false, |o, a, _| {
            let (o, a) = (o as u32, a as u32);
            if o == 0 || o > a {
                a as u64
            } else {
                o as u64 - 1
            }
        }),
        c("swap_x2", true, |_, a, _| a),
        c("cmpswap_x2", true, |o, a, b| if o == b { a } else { o }),
        c("add_x2", true, |o, a, _| o.wrapping_add(a)),
        c("sub_x2", true, |o, a, _| o.wrapping_sub(a)),
        c("smin_x2", true, |o, a, _| (o as i64).min(a as i64) as u64),
        c("umin_x2", true, |o, a, _| o.min(a)),
        c("smax_x2", true, |o, a, _| (o as i64).max(a as i64) as u64),
        c("umax_x2", true, |o, a, _| o.max(a)),
        c("and_x2", true, |o, a, _| o & a),
        c("or_x2", true, |o, a, _| o | a),
        c("xor_x2", true, |o, a, _| o ^ a),
        c("inc_x2", true, |o, a, _| if o >= a { 0 } else { o + 1 }),
        c(
            "dec_x2",
            true,
            |o, a, _| if o == 0 || o > a { a } else { o - 1 },
        ),
        c("add_f32", false, |o, a, _| {
            (f32::from_bits(o as u32) + f32::from_bits(a as u32)).to_bits() as u64
        }),
        c("pk_add_f16", false, |o, a, _| {
            ref_packed(F16, o as u32, a as u32) as u64
        }),
        c("pk_add_bf16", false, |o, a, _| {
            ref_packed(BF16, o as u32, a as u32) as u64
        }),
        c("add_f64", true, |o, a, _| {
            (f64::from_bits(o) + f64::from_bits(a)).to_bits()
        }),
        c("min_f64", true, |o, a, _| fmin64(o, a, false)),
        c("max_f64", true, |o, a, _| fmin64(o, a, true)),
    ]
}

/// DS atomics: (mnemonic without `_rtn`, rtn mnemonic, wide, reference with
/// `a` = data0, `b` = data1).
fn ds_cases() -> Vec<(&'static str, &'static str, AtomCase)> {
    let g = global_cases();
    let by = |n: &str| *g.iter().find(|c| c.name == n).unwrap();
    let mut v = Vec::new();
    for (plain, rtn, base) in [
        ("ds_add_u32", "ds_add_rtn_u32", "add"),
        ("ds_sub_u32", "ds_sub_rtn_u32", "sub"),
        ("ds_inc_u32", "ds_inc_rtn_u32", "inc"),
        ("ds_dec_u32", "ds_dec_rtn_u32", "dec"),
        ("ds_min_i32", "ds_min_rtn_i32", "smin"),
        ("ds_max_i32", "ds_max_rtn_i32", "smax"),
        ("ds_min_u32", "ds_min_rtn_u32", "umin"),
        ("ds_max_u32", "ds_max_rtn_u32", "umax"),
        ("ds_and_b32", "ds_and_rtn_b32", "and"),
        ("ds_or_b32", "ds_or_rtn_b32", "or"),
        ("ds_xor_b32", "ds_xor_rtn_b32", "xor"),
        ("ds_add_f32", "ds_add_rtn_f32", "add_f32"),
        ("ds_pk_add_f16", "ds_pk_add_rtn_f16", "pk_add_f16"),
        ("ds_pk_add_bf16", "ds_pk_add_rtn_bf16", "pk_add_bf16"),
        ("ds_add_u64", "ds_add_rtn_u64", "add_x2"),
        ("ds_sub_u64", "ds_sub_rtn_u64", "sub_x2"),
        ("ds_inc_u64", "ds_inc_rtn_u64", "inc_x2"),
        ("ds_dec_u64", "ds_dec_rtn_u64", "dec_x2"),
        ("ds_min_i64", "ds_min_rtn_i64", "smin_x2"),
        ("ds_max_i64", "ds_max_rtn_i64", "smax_x2"),
        ("ds_min_u64", "ds_min_rtn_u64", "umin_x2"),
        ("ds_max_u64", "ds_max_rtn_u64", "umax_x2"),
        ("ds_and_b64", "ds_and_rtn_b64", "and_x2"),
        ("ds_or_b64", "ds_or_rtn_b64", "or_x2"),
        ("ds_xor_b64", "ds_xor_rtn_b64", "xor_x2"),
        ("ds_add_f64", "ds_add_rtn_f64", "add_f64"),
        ("-", "ds_wrxchg_rtn_b32", "swap"),
        ("-", "ds_wrxchg_rtn_b64", "swap_x2"),
    ] {
        v.push((plain, rtn, by(base)));
    }
    // ds_cmpst: data0 = compare value, data1 = new value.
    v.push((
        "ds_cmpst_b32",
        "ds_cmpst_rtn_b32",
        AtomCase {
            name: "cmpst",
            wide: false,
            f: |o, a, b| {
                if o as u32 == a as u32 {
                    b as u32 as u64
                } else {
                    o
                }
            },
        },
    ));
    v.push((
        "ds_cmpst_b64",
        "ds_cmpst_rtn_b64",
        AtomCase {
            name: "cmpst_x2",
            wide: true,
            f: |o, a, b| if o == a { b } else { o },
        },
    ));
    v
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Form {
    GlobalSaddr,
    GlobalOff,
    Flat,
    Buffer,
    Ds,
}

/// The text of one atomic at case slot `i` (registers: address v2 (32-bit
/// offset) / v[10:11] (64-bit), data v[4:7], result v[8:9], saddr s[12:13],
/// buffer V# s[20:23]).
fn atomic_text(form: Form, mnem: &str, c: &AtomCase, rtn: bool, sc1: bool) -> String {
    let cas = c.name.starts_with("cmp");
    let n = if c.wide { 2 } else { 1 } * if cas { 2 } else { 1 };
    let data = if n == 1 {
        "v4".to_string()
    } else {
        format!("v[4:{}]", 3 + n)
    };
    let res = if c.wide { "v[8:9]" } else { "v8" };
    let bits = match (rtn, sc1) {
        (true, true) => " sc0 sc1",
        (true, false) => " sc0",
        (false, true) => " sc1",
        _ => "",
    };
    match form {
        Form::GlobalSaddr if rtn => format!("{mnem} {res}, v2, {data}, s[12:13]{bits}"),
        Form::GlobalSaddr => format!("{mnem} v2, {data}, s[12:13]{bits}"),
        Form::GlobalOff if rtn => format!("{mnem} {res}, v[10:11], {data}, off{bits}"),
        Form::GlobalOff => format!("{mnem} v[10:11], {data}, off{bits}"),
        Form::Flat if rtn => format!("{mnem} {res}, v[10:11], {data}{bits}"),
        Form::Flat => format!("{mnem} v[10:11], {data}{bits}"),
        // The returned value replaces the data registers.
        Form::Buffer => format!("{mnem} {data}, v2, s[20:23], 0 offen{bits}"),
        Form::Ds => {
            let d = |r: u32| {
                if c.wide {
                    format!("v[{}:{}]", r, r + 1)
                } else {
                    format!("v{r}")
                }
            };
            let srcs = if cas {
                format!("{}, {}", d(4), d(if c.wide { 6 } else { 5 }))
            } else {
                d(4)
            };
            if rtn {
                format!("{mnem} {res}, v2, {srcs}")
            } else {
                format!("{mnem} v2, {srcs}")
            }
        }
    }
}

/// Slot layout per case: memory 8 bytes/lane, data 16 bytes/lane, out 8
/// bytes/lane.
fn atomics_kernel(form: Form, cases: &[(String, AtomCase, bool, bool)]) -> String {
    let mut s = String::from(RMW_PROLOGUE);
    for (i, (mnem, c, rtn, sc1)) in cases.iter().enumerate() {
        s += &rmw_case_start(i, LANES);
        s += &format!(
            "v_mov_b32 v11, s13\n\
             v_add_co_u32 v10, vcc, s12, v2\n\
             v_addc_co_u32 v11, vcc, 0, v11, vcc\n\
             s_mov_b32 s20, s12\ns_and_b32 s21, s13, 0xffff\n\
             s_mov_b32 s22, {}\ns_mov_b32 s23, 0x27000\n\
             s_waitcnt vmcnt(0)\n",
            LANES * 8
        );
        if form == Form::Ds {
            // Memory slot -> LDS (all lanes), atomic, LDS -> memory slot.
            s += "global_load_dwordx2 v[12:13], v2, s[12:13]\ns_waitcnt vmcnt(0)\n\
                  ds_write_b64 v2, v[12:13]\ns_waitcnt lgkmcnt(0)\ns_barrier\n";
        }
        s += "s_and_b64 exec, s[18:19], s[10:11]\n";
        s += &atomic_text(form, mnem, c, *rtn, *sc1);
        s += "\ns_waitcnt vmcnt(0) lgkmcnt(0)\n";
        if *rtn && form == Form::Buffer {
            s += "v_mov_b32 v8, v4\nv_mov_b32 v9, v5\n";
        }
        s += "s_mov_b64 exec, s[18:19]\n";
        if form == Form::Ds {
            s += "s_barrier\nds_read_b64 v[12:13], v2\ns_waitcnt lgkmcnt(0)\n\
                  global_store_dwordx2 v2, v[12:13], s[12:13]\n";
        }
        s += "global_store_dwordx2 v2, v[8:9], s[16:17]\ns_waitcnt vmcnt(0)\n";
    }
    s += "s_endpgm\n";
    s
}

fn rand_operand(r: &mut Rng, name: &str) -> u64 {
    let w = |r: &mut Rng| rand_word(r) as u64;
    let half = |r: &mut Rng, bf: bool| -> u64 {
        let specials: [u16; 8] = if bf {
            [
                0x7f80, 0xff80, 0x7fc1, 0x0001, 0x8000, 0x0000, 0x7f7f, 0x3f80,
            ]
        } else {
            [
                0x7c00, 0xfc00, 0x7e01, 0x0001, 0x8000, 0x0000, 0x7bff, 0x3c00,
            ]
        };
        if r.below(3) == 0 {
            specials[r.below(8) as usize] as u64
        } else {
            r.next() & 0xffff
        }
    };
    let normal32 = |r: &mut Rng| ((r.next() as f32 / 1e15) - 8000.0).to_bits() as u64;
    let normal64 = |r: &mut Rng| ((r.next() as f64 / 3e14) - 30000.0).to_bits();
    match name {
        n if n.contains("pk_add_f16") => half(r, false) | half(r, false) << 16,
        n if n.contains("pk_add_bf16") => half(r, true) | half(r, true) << 16,
        n if n.contains("f32") => normal32(r),
        n if n.contains("f64") => {
            if r.below(6) == 0 {
                [0u64, 1 << 63][r.below(2) as usize]
            } else {
                normal64(r)
            }
        }
        n if n.contains("inc") || n.contains("dec") => r.below(6),
        _ => w(r) | w(r) << 32,
    }
}

fn check_atomics(form: Form, cases: Vec<(String, AtomCase, bool, bool)>) {
    let src = atomics_kernel(form, &cases);
    let lds = if form == Form::Ds {
        8 * LANES as u32
    } else {
        0
    };
    let k = lift_src(&src, &test_abi(lds, 0));
    let mut rng = Rng::new(0xa70 + form as u64);
    let n = cases.len();
    for it in 0..3 {
        let mut mem = vec![0u64; n * LANES];
        let mut data = vec![0u64; n * LANES * 2];
        let out: Vec<u64> = (0..n * LANES).map(|_| rng.next()).collect();
        for (i, (_, c, _, _)) in cases.iter().enumerate() {
            for l in 0..LANES {
                let j = i * LANES + l;
                let mask = if c.wide { u64::MAX } else { 0xffff_ffff };
                let hi = rng.next() & !mask; // upper half of 32-bit slots: kept
                mem[j] = rand_operand(&mut rng, c.name) & mask | hi;
                data[2 * j] = rand_operand(&mut rng, c.name) & mask;
                data[2 * j + 1] = if rng.below(2) == 0 {
                    mem[j] & mask // compare value equal half the time
                } else {
                    rand_operand(&mut rng, c.name) & mask
                };
                if !c.wide {
                    // 32-bit: a = dword 0, b = dword 1 of the data slot.
                    data[2 * j] |= data[2 * j + 1] << 32;
                    data[2 * j + 1] = 0;
                }
            }
        }
        let round = RmwRound::new(mem, data, out, round_exec(it, &mut rng), LANES);
        let (data, out) = (&round.data, &round.out);
        let setup = round.setup();
        for e in ENGINES {
            let got = run_rmw(&k, e, &setup);
            for (i, (mnem, c, rtn, _)) in cases.iter().enumerate() {
                let ctx = format!("{e:?} {form:?} `{mnem}` rtn={rtn}");
                round.check_case(&ctx, &got, i, c.wide, |&RmwSlot { j, mask, old, a, b }| {
                    let ret = if c.wide || form == Form::Buffer && c.name.starts_with("cmp") {
                        // Buffer cmpswap returns into both data dwords;
                        // the second keeps the compare value.
                        if c.wide {
                            old
                        } else {
                            old | (b << 32)
                        }
                    } else if form == Form::Buffer {
                        // v5 keeps the second data dword.
                        old | (data[2 * j] >> 32 << 32)
                    } else {
                        old | (out[j] & !mask)
                    };
                    ((c.f)(old, a, b), rtn.then_some(ret))
                });
            }
        }
    }
}

fn global_like(form: Form) {
    let prefix = match form {
        Form::Flat => "flat_atomic_",
        Form::Buffer => "buffer_atomic_",
        _ => "global_atomic_",
    };
    let mut cases = Vec::new();
    let mut rng = Rng::new(0x5c1);
    for c in global_cases() {
        if form == Form::Buffer && c.name == "pk_add_bf16" {
            continue; // not a gfx942 buffer atomic
        }
        for rtn in [false, true] {
            cases.push((format!("{prefix}{}", c.name), c, rtn, rng.below(2) == 1));
        }
    }
    check_atomics(form, cases);
}

#[test]
fn atomics_global_saddr() {
    global_like(Form::GlobalSaddr);
}

#[test]
fn atomics_global_vaddr64() {
    global_like(Form::GlobalOff);
}

#[test]
fn atomics_flat() {
    global_like(Form::Flat);
}

#[test]
fn atomics_buffer() {
    global_like(Form::Buffer);
}

#[test]
fn atomics_ds() {
    let mut cases = Vec::new();
    for (plain, rtn, c) in ds_cases() {
        if plain != "-" {
            cases.push((plain.to_string(), c, false, false));
        }
        cases.push((rtn.to_string(), c, true, false));
    }
    check_atomics(Form::Ds, cases);
}

// ------------------------------------------------------------------ concurrency

const CONCURRENT_SRC: &str = r#"
    s_load_dwordx8 s[4:11], s[0:1], 0x0
    s_waitcnt lgkmcnt(0)
    v_and_b32 v0, 0x3ff, v0
    v_mov_b32 v1, 1
    v_mov_b32 v2, 0
    global_atomic_add v3, v2, v1, s[4:5] sc0
    v_mov_b32 v4, 1
    v_mov_b32 v5, 0
    global_atomic_add_x2 v2, v[4:5], s[4:5] offset:8 sc1
    v_mov_b32 v6, 1.0
    global_atomic_add_f32 v2, v6, s[4:5] offset:16
    ; buffer counter at +24
    s_mov_b32 s12, s4
    s_and_b32 s13, s5, 0xffff
    s_mov_b32 s14, 32
    s_mov_b32 s15, 0x27000
    v_mov_b32 v9, 24
    buffer_atomic_add v1, v9, s[12:15], 0 offen
    ; LDS counter
    v_cmp_eq_u32 vcc, 0, v0
    s_and_saveexec_b64 s[16:17], vcc
    ds_write_b32 v2, v2
    s_mov_b64 exec, s[16:17]
    s_waitcnt lgkmcnt(0)
    s_barrier
    v_mov_b32 v1, 1
    ds_add_rtn_u32 v10, v2, v1
    s_waitcnt lgkmcnt(0)
    s_barrier
    ds_read_b32 v11, v2
    s_waitcnt lgkmcnt(0)
    s_lshl_b32 s3, s2, 8
    v_add_u32 v7, s3, v0
    v_lshlrev_b32 v8, 2, v7
    global_store_dword v8, v3, s[6:7]
    global_store_dword v8, v10, s[8:9]
    v_lshlrev_b32 v12, 2, v0
    s_lshl_b32 s3, s2, 2
    v_mov_b32 v13, s3
    s_and_saveexec_b64 s[16:17], vcc
    global_store_dword v13, v11, s[10:11]
    s_mov_b64 exec, s[16:17]
    s_endpgm
"#;

#[test]
fn concurrent_atomics_are_exact() {
    const WGS: usize = 16;
    const N: usize = WGS * 256;
    let k = lift_src(CONCURRENT_SRC, &test_abi(4, 0));
    for e in ENGINES {
        let setup = Setup {
            bufs: vec![
                vec![0u8; 32],
                vec![0u8; 4 * N],
                vec![0u8; 4 * N],
                vec![0u8; 4 * WGS],
            ],
            extra: vec![],
            grid: [WGS as u32, 1, 1],
            block: [256, 1, 1],
        };
        let r = run(&k, e, &setup);
        let c = u32s(&r[0]);
        assert_eq!(c[0], N as u32, "{e:?} global_atomic_add");
        assert_eq!(c[2] as u64 | (c[3] as u64) << 32, N as u64, "{e:?} add_x2");
        assert_eq!(f32::from_bits(c[4]), N as f32, "{e:?} add_f32");
        assert_eq!(c[6], N as u32, "{e:?} buffer_atomic_add");
        let mut olds = u32s(&r[1]);
        olds.sort();
        assert_eq!(
            olds,
            (0..N as u32).collect::<Vec<_>>(),
            "{e:?} returned values"
        );
        let lds = u32s(&r[2]);
        for wg in 0..WGS {
            let mut v = lds[wg * 256..wg * 256 + 256].to_vec();
            v.sort();
            assert_eq!(
                v,
                (0..256).collect::<Vec<u32>>(),
                "{e:?} wg {wg} ds_add_rtn"
            );
        }
        assert_eq!(u32s(&r[3]), vec![256; WGS], "{e:?} LDS totals");
    }
}

// ------------------------------------------------------------------ VALU

/// One lane's inputs: a..d in v2..v5, x in v[6:7], y in v[8:9], v10 = (b & 0xff) - 128.
#[derive(Clone, Copy, Debug)]
struct In {
    a: u32,
    b: u32,
    c: u32,
    x: u64,
    y: u64,
}

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Int,
    F32,
    F64,
    /// Two f32 lanes (packed math): each lane compared, any NaN for a NaN.
    F32x2,
}

/// The DPP source lane of a lane (None: out of range).
type SrcLane = fn(usize) -> Option<usize>;

type VModel = Box<dyn Fn(&[In], usize) -> (u32, u32)>;

fn f(x: u32) -> f32 {
    f32::from_bits(x)
}
fn d(x: u64) -> f64 {
    f64::from_bits(x)
}
fn fb(x: f32) -> (u32, u32) {
    (x.to_bits(), 0)
}
fn db(x: f64) -> (u32, u32) {
    (x.to_bits() as u32, (x.to_bits() >> 32) as u32)
}
fn i2(x: u32) -> (u32, u32) {
    (x, 0)
}
fn q(x: u64) -> (u32, u32) {
    (x as u32, (x >> 32) as u32)
}

/// IEEE minimumNumber / maximumNumber (a NaN operand is ignored, -0 < +0),
/// for f32 and f64 alike.
fn min_num<T: Copy + PartialOrd>(
    a: T,
    b: T,
    max: bool,
    nan: fn(T) -> bool,
    neg: fn(T) -> bool,
) -> T {
    match (nan(a), nan(b)) {
        (true, _) => b,
        (_, true) => a,
        _ if a == b => {
            if neg(a) != max {
                a
            } else {
                b
            }
        }
        _ => {
            if (a < b) != max {
                a
            } else {
                b
            }
        }
    }
}

fn min_num32(a: f32, b: f32, max: bool) -> f32 {
    min_num(a, b, max, f32::is_nan, f32::is_sign_negative)
}

fn min_num64(a: f64, b: f64, max: bool) -> f64 {
    min_num(a, b, max, f64::is_nan, f64::is_sign_negative)
}

fn wave_mask(ins: &[In], p: impl Fn(&In) -> bool) -> u64 {
    ins.iter()
        .enumerate()
        .fold(0, |m, (l, i)| if p(i) { m | 1 << l } else { m })
}

fn valu_ops() -> Vec<(String, Kind, VModel)> {
    let mut v: Vec<(String, Kind, VModel)> = Vec::new();
    macro_rules! op {
        ($t:expr, $k:expr, |$i:ident| $body:expr) => {
            v.push((
                $t.to_string(),
                $k,
                Box::new(move |ins: &[In], l: usize| {
                    let $i = ins[l];
                    $body
                }),
            ))
        };
    }
    use Kind::*;
    let s = |x: u32| x as i32;
    // Integer.
    op!("v_add_u32 v20, v2, v3", Int, |i| i2(i.a.wrapping_add(i.b)));
    // Sums of absolute differences.
    let sad = |x: u32, y: u32, width: u32| -> u32 {
        let m = ((1u64 << width) - 1) as u32;
        (0..32 / width)
            .map(|p| ((x >> (p * width)) & m).abs_diff((y >> (p * width)) & m))
            .sum()
    };
    op!("v_sad_u32 v20, v2, v3, v4", Int, |i| i2(
        sad(i.a, i.b, 32).wrapping_add(i.c)
    ));
    op!("v_sad_u16 v20, v2, v3, v4", Int, |i| i2(
        sad(i.a, i.b, 16).wrapping_add(i.c)
    ));
    op!("v_sad_u8 v20, v2, v3, v4", Int, |i| i2(
        sad(i.a, i.b, 8).wrapping_add(i.c)
    ));
    op!("v_sad_hi_u8 v20, v2, v3, v4", Int, |i| i2((sad(
        i.a, i.b, 8
    ) << 16)
        .wrapping_add(i.c)));
    // Masked and sliding-window byte SADs (ISA pseudocode): window k of the
    // 64-bit src0 is its bytes k..k+3; the m forms skip src1's zero bytes.
    let bsad = |a: u32, r: u32, acc: u32, masked: bool| -> u32 {
        (0..4).fold(acc, |s, i| {
            let (x, y) = ((a >> (8 * i)) & 0xff, (r >> (8 * i)) & 0xff);
            s.wrapping_add(if masked && y == 0 { 0 } else { x.abs_diff(y) })
        })
    };
    let win = |i: In, k: u32| ((i.a as u64 | (i.b as u64) << 32) >> (8 * k)) as u32;
    let qsad = move |i: In, masked: bool| -> u64 {
        (0..4).fold(0u64, |r, k| {
            let acc = (i.x >> (16 * k)) as u32 & 0xffff;
            r | ((bsad(win(i, k), i.c, acc, masked) & 0xffff) as u64) << (16 * k)
        })
    };
    let mq32 = move |i: In, k: u32| {
        let acc = if k < 2 { i.x } else { i.y } >> (32 * (k % 2));
        bsad(win(i, k), i.c, acc as u32, true)
    };
    op!("v_msad_u8 v20, v2, v3, v4", Int, |i| i2(bsad(
        i.a, i.b, i.c, true
    )));
    op!("v_qsad_pk_u16_u8 v[20:21], v[2:3], v4, v[6:7]", Int, |i| q(
        qsad(i, false)
    ));
    op!(
        "v_mqsad_pk_u16_u8 v[20:21], v[2:3], v4, v[6:7]",
        Int,
        |i| q(qsad(i, true))
    );
    op!(
        "v_mqsad_u32_u8 v[24:27], v[2:3], v4, v[6:9]\nv_mov_b32 v20, v24\nv_mov_b32 v21, v25",
        Int,
        |i| q(mq32(i, 0) as u64 | (mq32(i, 1) as u64) << 32)
    );
    op!(
        "v_mqsad_u32_u8 v[24:27], v[2:3], v4, v[6:9]\nv_mov_b32 v20, v26\nv_mov_b32 v21, v27",
        Int,
        |i| q(mq32(i, 2) as u64 | (mq32(i, 3) as u64) << 32)
    );
    // Normalising packs (NaN 0, clamped, x * 32767 / 65535 rounded to
    // nearest even) and byte packs (u8 rounded to nearest even, NaN 0,
    // clamped). f32 inputs are scaled into the interesting range first
    // (x 0.001, x 0.26); random f16 halves already are.
    let norm = |x: f64, signed: bool| -> u32 {
        if x.is_nan() {
            return 0;
        }
        let (lo, k) = if signed {
            (-1.0, 32767.0)
        } else {
            (0.0, 65535.0)
        };
        ((x.clamp(lo, 1.0) * k).round_ties_even() as i32 as u32) & 0xffff
    };
    let milli = |v: u32| f(v) * f32::from_bits(0x3a83126f);
    let u8of = |x: f32| -> u32 {
        if x.is_nan() {
            0
        } else {
            x.round_ties_even().clamp(0.0, 255.0) as u32
        }
    };
    let quarter = |v: u32| f(v) * f32::from_bits(0x3e851eb8);
    let put = |base: u32, byte: u32, k: u32| base & !(0xff << (8 * k)) | byte << (8 * k);
    let h = |v: u32| f16_to_f32(v as u16) as f64;
    op!(
        "v_mul_f32 v22, 0x3a83126f, v2\nv_mul_f32 v23, 0x3a83126f, v3\n\
         v_cvt_pknorm_i16_f32 v20, v22, v23",
        Int,
        |i| i2(norm(milli(i.a) as f64, true) | norm(milli(i.b) as f64, true) << 16)
    );
    op!(
        "v_mul_f32 v22, 0x3a83126f, v2\nv_mul_f32 v23, 0x3a83126f, v3\n\
         v_cvt_pknorm_u16_f32 v20, -v22, |v23|",
        Int,
        |i| i2(norm(-milli(i.a) as f64, false) | norm(milli(i.b).abs() as f64, false) << 16)
    );
    op!(
        "v_cvt_pknorm_i16_f16 v20, v2, v3 op_sel:[1,0,0]",
        Int,
        |i| i2(norm(h(i.a >> 16), true) | norm(h(i.b), true) << 16)
    );
    op!(
        "v_cvt_pknorm_u16_f16 v20, -v2, v3 op_sel:[0,1,0]",
        Int,
        |i| i2(norm(-h(i.a), false) | norm(h(i.b >> 16), false) << 16)
    );
    op!(
        "v_mul_f32 v22, 0x3e851eb8, v2\nv_cvt_pk_u8_f32 v20, v22, 2, v4",
        Int,
        |i| i2(put(i.c, u8of(quarter(i.a)), 2))
    );
    op!(
        "v_mul_f32 v22, 0x3e851eb8, v2\nv_cvt_pk_u8_f32 v20, -v22, v3, v4",
        Int,
        |i| i2(put(i.c, u8of(-quarter(i.a)), i.b & 3))
    );
    op!(
        "v_mul_f32 v22, 0x3e851eb8, v2\nv_mov_b32 v20, v4\nv_cvt_pkaccum_u8_f32 v20, v22, 1",
        Int,
        |i| i2(put(i.c, u8of(quarter(i.a)), 1))
    );
    // Saturating (clamp): what LLVM emits for add_sat / sub_sat.
    op!("v_add_u32_e64 v20, v2, v3 clamp", Int, |i| i2(i
        .a
        .saturating_add(i.b)));
    op!("v_sub_u32_e64 v20, v2, v3 clamp", Int, |i| i2(i
        .a
        .saturating_sub(i.b)));
    op!("v_subrev_u32_e64 v20, v2, v3 clamp", Int, |i| i2(i
        .b
        .saturating_sub(i.a)));
    op!("v_add_i32 v20, v2, v3 clamp", Int, |i| i2(
        s(i.a).saturating_add(s(i.b)) as u32
    ));
    op!("v_sub_i32 v20, v2, v3 clamp", Int, |i| i2(
        s(i.a).saturating_sub(s(i.b)) as u32
    ));
    op!("v_add_i32 v20, v2, v3", Int, |i| i2(i.a.wrapping_add(i.b)));
    op!("v_sub_i32 v20, v3, v2", Int, |i| i2(i.b.wrapping_sub(i.a)));
    op!("v_sub_u32 v20, v2, v3", Int, |i| i2(i.a.wrapping_sub(i.b)));
    op!("v_subrev_u32 v20, v2, v3", Int, |i| i2(i
        .b
        .wrapping_sub(i.a)));
    op!("v_add_u32 v20, 0x12345, v2", Int, |i| i2(i
        .a
        .wrapping_add(0x12345)));
    op!("v_add_u32 v20, -7, v2", Int, |i| i2(i
        .a
        .wrapping_add(-7i32 as u32)));
    op!("v_mul_lo_u32 v20, v2, v3", Int, |i| i2(i
        .a
        .wrapping_mul(i.b)));
    op!("v_mul_hi_u32 v20, v2, v3", Int, |i| i2(
        ((i.a as u64 * i.b as u64) >> 32) as u32
    ));
    op!("v_mul_hi_i32 v20, v2, v3", Int, |i| i2(
        ((s(i.a) as i64 * s(i.b) as i64) >> 32) as u32
    ));
    op!("v_and_b32 v20, v2, v3", Int, |i| i2(i.a & i.b));
    op!("v_or_b32 v20, v2, v3", Int, |i| i2(i.a | i.b));
    op!("v_xor_b32 v20, v2, v3", Int, |i| i2(i.a ^ i.b));
    op!("v_min_i32 v20, v2, v3", Int, |i| i2(
        s(i.a).min(s(i.b)) as u32
    ));
    op!("v_max_i32 v20, v2, v3", Int, |i| i2(
        s(i.a).max(s(i.b)) as u32
    ));
    op!("v_min_u32 v20, v2, v3", Int, |i| i2(i.a.min(i.b)));
    op!("v_max_u32 v20, v2, v3", Int, |i| i2(i.a.max(i.b)));
    op!("v_lshlrev_b32 v20, v3, v2", Int, |i| i2(i.a << (i.b & 31)));
    op!("v_lshrrev_b32 v20, v3, v2", Int, |i| i2(i.a >> (i.b & 31)));
    op!("v_ashrrev_i32 v20, v3, v2", Int, |i| i2(
        (s(i.a) >> (i.b & 31)) as u32
    ));
    op!("v_lshlrev_b64 v[20:21], v2, v[6:7]", Int, |i| q(
        i.x << (i.a & 63)
    ));
    op!("v_lshrrev_b64 v[20:21], v2, v[6:7]", Int, |i| q(
        i.x >> (i.a & 63)
    ));
    op!("v_ashrrev_i64 v[20:21], v2, v[6:7]", Int, |i| q(
        ((i.x as i64) >> (i.a & 63)) as u64
    ));
    op!("v_lshl_add_u64 v[20:21], v[6:7], 3, v[8:9]", Int, |i| q(
        (i.x << 3).wrapping_add(i.y)
    ));
    op!("v_mov_b64 v[20:21], v[6:7]", Int, |i| q(i.x));
    let s24 = |x: u32| ((x << 8) as i32 >> 8) as i64;
    op!("v_mul_u32_u24 v20, v2, v3", Int, |i| i2(
        ((i.a & 0xff_ffff) as u64 * (i.b & 0xff_ffff) as u64) as u32
    ));
    op!("v_mul_hi_u32_u24 v20, v2, v3", Int, |i| i2(
        (((i.a & 0xff_ffff) as u64 * (i.b & 0xff_ffff) as u64) >> 32) as u32
    ));
    op!("v_mul_i32_i24 v20, v2, v3", Int, |i| i2(
        (s24(i.a) * s24(i.b)) as u32
    ));
    op!("v_mul_hi_i32_i24 v20, v2, v3", Int, |i| i2(
        ((s24(i.a) * s24(i.b)) >> 32) as u32
    ));
    op!("v_mad_u32_u24 v20, v2, v3, v4", Int, |i| i2((i.a
        & 0xff_ffff)
        .wrapping_mul(i.b & 0xff_ffff)
        .wrapping_add(i.c)));
    op!("v_mad_i32_i24 v20, v2, v3, v4", Int, |i| i2(
        ((s24(i.a) * s24(i.b)) as u32).wrapping_add(i.c)
    ));
    op!("v_lshl_add_u32 v20, v2, v3, v4", Int, |i| i2((i.a
        << (i.b & 31))
        .wrapping_add(i.c)));
    op!("v_add_lshl_u32 v20, v2, v3, v4", Int, |i| i2(i
        .a
        .wrapping_add(i.b)
        << (i.c & 31)));
    op!("v_lshl_or_b32 v20, v2, v3, v4", Int, |i| i2((i.a
        << (i.b & 31))
        | i.c));
    op!("v_and_or_b32 v20, v2, v3, v4", Int, |i| i2(
        (i.a & i.b) | i.c
    ));
    op!("v_or3_b32 v20, v2, v3, v4", Int, |i| i2(i.a | i.b | i.c));
    op!("v_xad_u32 v20, v2, v3, v4", Int, |i| i2(
        (i.a ^ i.b).wrapping_add(i.c)
    ));
    op!("v_add3_u32 v20, v2, v3, v4", Int, |i| i2(i
        .a
        .wrapping_add(i.b)
        .wrapping_add(i.c)));
    op!("v_min3_i32 v20, v2, v3, v4", Int, |i| i2(
        s(i.a).min(s(i.b)).min(s(i.c)) as u32
    ));
    op!("v_max3_u32 v20, v2, v3, v4", Int, |i| i2(i
        .a
        .max(i.b)
        .max(i.c)));
    op!("v_med3_i32 v20, v2, v3, v4", Int, |i| {
        let mut t = [s(i.a), s(i.b), s(i.c)];
        t.sort();
        i2(t[1] as u32)
    });
    op!("v_med3_u32 v20, v2, v3, v4", Int, |i| {
        let mut t = [i.a, i.b, i.c];
        t.sort();
        i2(t[1])
    });
    op!("v_bfe_u32 v20, v2, v3, v4", Int, |i| i2(
        bfe_u(i.a as u64, i.b & 31, i.c & 31, 32) as u32
    ));
    op!("v_bfe_i32 v20, v2, v3, v4", Int, |i| i2(
        bfe_s(i.a as u64, i.b & 31, i.c & 31, 32) as u32
    ));
    op!("v_bfi_b32 v20, v2, v3, v4", Int, |i| i2(
        (i.a & i.b) | (!i.a & i.c)
    ));
    op!("v_bfm_b32 v20, v2, v3", Int, |i| i2(((1u32 << (i.a & 31))
        .wrapping_sub(1))
        << (i.b & 31)));
    op!("v_alignbit_b32 v20, v2, v3, v4", Int, |i| i2(
        (((i.a as u64) << 32 | i.b as u64) >> (i.c & 31)) as u32
    ));
    op!("v_alignbyte_b32 v20, v2, v3, v4", Int, |i| i2(
        (((i.a as u64) << 32 | i.b as u64) >> (8 * (i.c & 3))) as u32
    ));
    op!("v_not_b32 v20, v2", Int, |i| i2(!i.a));
    op!("v_xnor_b32 v20, v2, v3", Int, |i| i2(!(i.a ^ i.b)));
    op!("v_xnor_b32_e64 v20, v2, -7", Int, |i| i2(
        !(i.a ^ (-7i32) as u32)
    ));
    // Through the accumulation registers (LLVM's copies and spills).
    op!(
        "v_accvgpr_write_b32 a5, v2\nv_accvgpr_mov_b32 a6, a5\nv_accvgpr_read_b32 v20, a6",
        Int,
        |i| i2(i.a)
    );
    op!(
        "v_accvgpr_write_b32 a7, -3\nv_accvgpr_read_b32 v20, a7",
        Int,
        |_i| i2(-3i32 as u32)
    );
    op!(
        "v_mov_b32 v22, v2\nv_mov_b32 v23, v3\nv_swap_b32 v22, v23\nv_sub_u32 v20, v22, v23",
        Int,
        |i| i2(i.b.wrapping_sub(i.a))
    );
    op!("v_bfrev_b32 v20, v2", Int, |i| i2(i.a.reverse_bits()));
    op!("v_ffbh_u32 v20, v2", Int, |i| i2(if i.a == 0 {
        u32::MAX
    } else {
        i.a.leading_zeros()
    }));
    op!("v_ffbl_b32 v20, v2", Int, |i| i2(if i.a == 0 {
        u32::MAX
    } else {
        i.a.trailing_zeros()
    }));
    op!("v_ffbh_i32 v20, v2", Int, |i| {
        let x = i.a ^ ((i.a as i32 >> 31) as u32);
        i2(if x == 0 { u32::MAX } else { x.leading_zeros() })
    });
    op!("v_bcnt_u32_b32 v20, v2, v3", Int, |i| i2(i
        .a
        .count_ones()
        .wrapping_add(i.b)));
    op!("v_add_u16 v20, v2, v3", Int, |i| i2(
        (i.a as u16).wrapping_add(i.b as u16) as u32
    ));
    op!("v_sub_u16 v20, v2, v3", Int, |i| i2(
        (i.a as u16).wrapping_sub(i.b as u16) as u32
    ));
    op!("v_mul_lo_u16 v20, v2, v3", Int, |i| i2(
        (i.a as u16).wrapping_mul(i.b as u16) as u32
    ));
    op!("v_lshlrev_b16 v20, v2, v3", Int, |i| i2(
        ((i.b as u16) << (i.a & 15)) as u32
    ));
    op!("v_ashrrev_i16 v20, v2, v3", Int, |i| i2(
        ((i.b as i16) >> (i.a & 15)) as u16 as u32
    ));
    op!("v_max_i16 v20, v2, v3", Int, |i| i2(
        (i.a as i16).max(i.b as i16) as u16 as u32
    ));
    op!("v_min_u16 v20, v2, v3", Int, |i| i2(
        (i.a as u16).min(i.b as u16) as u32
    ));
    // Float.
    op!("v_add_f32 v20, v2, v3", F32, |i| fb(f(i.a) + f(i.b)));
    op!("v_sub_f32 v20, v2, v3", F32, |i| fb(f(i.a) - f(i.b)));
    op!("v_subrev_f32 v20, v2, v3", F32, |i| fb(f(i.b) - f(i.a)));
    op!("v_mul_f32 v20, v2, v3", F32, |i| fb(f(i.a) * f(i.b)));
    op!("v_mul_f32 v20, 0x40490fdb, v2", F32, |i| fb(
        f(0x4049_0fdb) * f(i.a)
    ));
    op!("v_add_f32 v20, 0.5, v2", F32, |i| fb(0.5 + f(i.a)));
    op!("v_min_f32 v20, v2, v3", F32, |i| fb(min_num32(
        f(i.a),
        f(i.b),
        false
    )));
    op!("v_max_f32 v20, v2, v3", F32, |i| fb(min_num32(
        f(i.a),
        f(i.b),
        true
    )));
    op!("v_add_f32_e64 v20, -v2, |v3|", F32, |i| fb(
        -f(i.a) + f(i.b).abs()
    ));
    op!("v_mul_f32_e64 v20, v2, v3 clamp", F32, |i| {
        let p = f(i.a) * f(i.b);
        // Clamp to [+0, 1]: NaN and -0 give +0.
        fb(if p.is_nan() || p <= 0.0 {
            0.0
        } else {
            p.min(1.0)
        })
    });
    op!("v_fma_f32 v20, v2, v3, v4", F32, |i| fb(
        f(i.a).mul_add(f(i.b), f(i.c))
    ));
    op!("v_fma_f32 v20, -|v2|, v3, -v4", F32, |i| fb((-f(i.a)
        .abs())
    .mul_add(f(i.b), -f(i.c))));
    op!("v_mov_b32 v20, v4\nv_fmac_f32 v20, v2, v3", F32, |i| fb(f(
        i.a
    )
    .mul_add(f(i.b), f(i.c))));
    op!("v_rcp_f32 v20, v2", F32, |i| fb(1.0 / f(i.a)));
    op!("v_sqrt_f32 v20, v2", F32, |i| fb(f(i.a).sqrt()));
    op!("v_floor_f32 v20, v2", F32, |i| fb(f(i.a).floor()));
    op!("v_ceil_f32 v20, v2", F32, |i| fb(f(i.a).ceil()));
    op!("v_trunc_f32 v20, v2", F32, |i| fb(f(i.a).trunc()));
    op!("v_rndne_f32 v20, v2", F32, |i| fb(f(i.a).round_ties_even()));
    op!("v_cvt_f32_i32 v20, v2", F32, |i| fb(s(i.a) as f32));
    op!("v_cvt_f32_u32 v20, v2", F32, |i| fb(i.a as f32));
    op!("v_cvt_i32_f32 v20, v2", Int, |i| i2(f(i.a) as i32 as u32));
    op!("v_cvt_u32_f32 v20, v2", Int, |i| i2(f(i.a) as u32));
    op!("v_cvt_f32_ubyte1 v20, v2", F32, |i| fb(
        ((i.a >> 8) & 0xff) as f32
    ));
    op!("v_cvt_f64_f32 v[20:21], v2", F64, |i| db(f(i.a) as f64));
    op!("v_cvt_f32_f64 v20, v[6:7]", F32, |i| fb(d(i.x) as f32));
    op!("v_cvt_f64_i32 v[20:21], v2", F64, |i| db(s(i.a) as f64));
    op!("v_cvt_f64_u32 v[20:21], v2", F64, |i| db(i.a as f64));
    op!("v_cvt_i32_f64 v20, v[6:7]", Int, |i| i2(
        d(i.x) as i32 as u32
    ));
    op!("v_add_f64 v[20:21], v[6:7], v[8:9]", F64, |i| db(
        d(i.x) + d(i.y)
    ));
    op!("v_add_f64 v[20:21], -|v[6:7]|, v[8:9]", F64, |i| db(
        -d(i.x).abs() + d(i.y)
    ));
    op!("v_add_f64 v[20:21], -4.0, v[6:7]", F64, |i| db(
        -4.0 + d(i.x)
    ));
    op!("v_mul_f64 v[20:21], v[6:7], v[8:9]", F64, |i| db(
        d(i.x) * d(i.y)
    ));
    op!("v_fma_f64 v[20:21], v[6:7], v[8:9], v[6:7]", F64, |i| db(
        d(i.x).mul_add(d(i.y), d(i.x))
    ));
    op!("v_min_f64 v[20:21], v[6:7], v[8:9]", F64, |i| db(
        min_num64(d(i.x), d(i.y), false)
    ));
    op!("v_max_f64 v[20:21], v[6:7], v[8:9]", F64, |i| db(
        min_num64(d(i.x), d(i.y), true)
    ));
    op!("v_frexp_mant_f32 v20, v2", F32, |i| {
        let x = f(i.a);
        if x == 0.0 || !x.is_finite() {
            fb(x)
        } else {
            let (m, _) = frexp(x);
            fb(m)
        }
    });
    op!("v_frexp_exp_i32_f32 v20, v2", Int, |i| {
        let x = f(i.a);
        i2(if x == 0.0 || !x.is_finite() {
            0
        } else {
            frexp(x).1 as u32
        })
    });
    op!("v_frexp_mant_f64 v[20:21], v[6:7]", F64, |i| {
        let x = d(i.x);
        db(if x == 0.0 || !x.is_finite() {
            x
        } else {
            frexp64(x).0
        })
    });
    op!("v_frexp_exp_i32_f64 v20, v[6:7]", Int, |i| {
        let x = d(i.x);
        i2(if x == 0.0 || !x.is_finite() {
            0
        } else {
            frexp64(x).1 as u32
        })
    });
    // Packing, 16-bit multiply-adds, byte ops, DX9 multiply.
    op!("v_cvt_pk_u16_u32 v20, v2, v3", Int, |i| i2(
        i.a.min(0xffff) | i.b.min(0xffff) << 16
    ));
    op!("v_cvt_pk_i16_i32 v20, v2, v3", Int, |i| {
        let sat = |v: u32| (v as i32).clamp(-32768, 32767) as u32 & 0xffff;
        i2(sat(i.a) | sat(i.b) << 16)
    });
    op!("v_mad_u32_u16 v20, v2, v3, v4", Int, |i| i2(((i.a
        & 0xffff)
        * (i.b & 0xffff))
        .wrapping_add(i.c)));
    op!("v_mad_u32_u16 v20, v2, v3, v4 op_sel:[1,0,0,0]", Int, |i| {
        i2(((i.a >> 16) * (i.b & 0xffff)).wrapping_add(i.c))
    });
    op!("v_mad_i32_i16 v20, v2, v3, v4 op_sel:[0,1,0,0]", Int, |i| {
        i2(((i.a as i16 as i32) * ((i.b >> 16) as i16 as i32)).wrapping_add(i.c as i32) as u32)
    });
    op!("v_sat_pk_u8_i16 v20, v2", Int, |i| {
        let sat = |h: u32| (h as u16 as i16).clamp(0, 255) as u32;
        i2(sat(i.a) | sat(i.a >> 16) << 8)
    });
    op!("v_lerp_u8 v20, v2, v3, v4", Int, |i| i2((0..4).fold(
        0,
        |acc, k| {
            let byte = |v: u32| (v >> (8 * k)) & 0xff;
            let avg = (byte(i.a) + byte(i.b) + (i.c >> (8 * k) & 1)) >> 1;
            acc | avg << (8 * k)
        }
    )));
    op!("v_mul_legacy_f32 v20, v2, v3", F32, |i| fb(
        if f(i.a) == 0.0 || f(i.b) == 0.0 {
            0.0
        } else {
            f(i.a) * f(i.b)
        }
    ));
    op!("v_cvt_off_f32_i4 v20, v2", F32, |i| fb(
        ((i.a << 28) as i32 >> 28) as f32 / 16.0
    ));
    op!("v_ldexp_f32 v20, v2, v10", F32, |i| {
        let n = (i.b & 0xff) as i32 - 128;
        fb((f(i.a) as f64 * 2f64.powi(n)) as f32)
    });
    // Compares: the wave mask in v20/v21 of every lane.
    // Without `f` and `tru`.
    for &(cc, fc) in &FLOAT_CONDS[1..15] {
        v.push((
            format!("v_cmp_{cc}_f32_e64 s[20:21], v2, v3\nv_mov_b32 v20, s20\nv_mov_b32 v21, s21"),
            Int,
            Box::new(move |ins: &[In], _| q(wave_mask(ins, |i| fc(f(i.a) as f64, f(i.b) as f64)))),
        ));
    }
    v.push((
        "v_cmp_neq_f64_e32 vcc, v[6:7], v[8:9]\nv_mov_b32 v20, vcc_lo\nv_mov_b32 v21, vcc_hi"
            .into(),
        Int,
        Box::new(|ins: &[In], _| q(wave_mask(ins, |i| d(i.x) != d(i.y)))),
    ));
    // Without `f` and `t`.
    for &(cc, fc) in &INT_CONDS[1..7] {
        v.push((
            format!("v_cmp_{cc}_i32 vcc, v2, v3\nv_mov_b32 v20, vcc_lo\nv_mov_b32 v21, vcc_hi"),
            Int,
            Box::new(move |ins: &[In], _| {
                q(wave_mask(ins, |i| fc(i.a as i32 as i64, i.b as i32 as i64)))
            }),
        ));
        v.push((
            format!("v_cmp_{cc}_u32_e64 s[20:21], v2, v3\nv_mov_b32 v20, s20\nv_mov_b32 v21, s21"),
            Int,
            Box::new(move |ins: &[In], _| q(wave_mask(ins, |i| fc(i.a as i64, i.b as i64)))),
        ));
        v.push((
            format!(
                "v_cmp_{cc}_i64 vcc, v[6:7], v[8:9]\nv_mov_b32 v20, vcc_lo\nv_mov_b32 v21, vcc_hi"
            ),
            Int,
            Box::new(move |ins: &[In], _| q(wave_mask(ins, |i| fc(i.x as i64, i.y as i64)))),
        ));
        v.push((
            format!("v_cmp_{cc}_u64_e64 s[20:21], v[6:7], v[8:9]\nv_mov_b32 v20, s20\nv_mov_b32 v21, s21"),
            Int,
            Box::new(move |ins: &[In], _| {
                q(wave_mask(ins, |i| {
                    let (a, b) = (i.x, i.y);
                    match cc {
                        "lt" => a < b,
                        "eq" => a == b,
                        "le" => a <= b,
                        "gt" => a > b,
                        "ne" => a != b,
                        _ => a >= b,
                    }
                }))
            }),
        ));
    }
    v.push((
        "v_and_b32 v11, 0x3ff, v3\nv_cmp_class_f32 vcc, v2, v11\nv_mov_b32 v20, vcc_lo\nv_mov_b32 v21, vcc_hi".into(),
        Int,
        Box::new(|ins: &[In], _| {
            q(wave_mask(ins, |i| {
                let x = f(i.a);
                let neg = i.a >> 31 == 1;
                let cls = if x.is_nan() {
                    if i.a & 0x40_0000 != 0 { 1 } else { 0 }
                } else if x.is_infinite() {
                    if neg { 2 } else { 9 }
                } else if x == 0.0 {
                    if neg { 5 } else { 6 }
                } else if x.is_subnormal() {
                    if neg { 4 } else { 7 }
                } else if neg {
                    3
                } else {
                    8
                };
                (i.b & 0x3ff) >> cls & 1 == 1
            }))
        }),
    ));
    // v_cmpx: the new EXEC masks the next vector op.
    for half in ["s20", "s21"] {
        v.push((
            format!("v_cmpx_gt_u32_e64 s[20:21], v2, v3\nv_mov_b32 v21, 7\ns_mov_b64 exec, -1\nv_mov_b32 v20, {half}"),
            Int,
            Box::new(move |ins: &[In], l| {
                let m = wave_mask(ins, |i| i.a > i.b);
                let w = if half == "s20" { m as u32 } else { (m >> 32) as u32 };
                (w, if m >> l & 1 == 1 { 7 } else { 0 })
            }),
        ));
    }
    // v_readlane / v_writelane.
    v.push((
        "v_readlane_b32 s20, v2, 5\nv_mov_b32 v20, s20".into(),
        Int,
        Box::new(|ins: &[In], _| i2(ins[5].a)),
    ));
    v.push((
        "s_mov_b32 m0, 0x65\nv_readlane_b32 s20, v3, m0\nv_mov_b32 v20, s20".into(),
        Int,
        Box::new(|ins: &[In], _| i2(ins[0x65 & 63].b)),
    ));
    v.push((
        "s_movk_i32 s20, 0x1234\nv_mov_b32 v20, v3\nv_writelane_b32 v20, s20, 9".into(),
        Int,
        Box::new(|ins: &[In], l| i2(if l == 9 { 0x1234 } else { ins[l].b })),
    ));
    // SDWA: source byte/word selects, sign extension, destination selects.
    op!(
        "v_lshlrev_b32_sdwa v20, v2, v3 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_1 src1_sel:WORD_1",
        Int,
        |i| i2((i.b >> 16) << ((i.a >> 8) & 0xff & 31))
    );
    op!(
        "v_add_u32_sdwa v20, v2, v3 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:BYTE_0 src1_sel:BYTE_2",
        Int,
        |i| i2((SENTINEL & 0xffff) | ((i.a & 0xff) + ((i.b >> 16) & 0xff)) << 16)
    );
    op!(
        "v_mov_b32_sdwa v20, v2 dst_sel:BYTE_1 dst_unused:UNUSED_SEXT src0_sel:WORD_1",
        Int,
        |i| i2(((((i.a >> 16) as u8 as i8) as i32) << 8) as u32)
    );
    op!(
        "v_add_u32_sdwa v20, sext(v2), v3 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_0 src1_sel:BYTE_3",
        Int,
        |i| i2((i.a as u16 as i16 as i32 as u32).wrapping_add(i.b >> 24))
    );
    // Integer clamp on 16-bit ops saturates to the u16 / i16 range (LLVM's
    // usub.sat / uadd.sat / sadd.sat: OpenCL sub_sat / add_sat / abs_diff
    // on uchar vectors), also under SDWA byte selects; SDWA clamp on a
    // float op clamps to [0, 1].
    let s16 = |x: u32| x as u16 as i16;
    op!("v_sub_u16_e64 v20, v2, v3 clamp", Int, |i| i2(
        (i.a as u16).saturating_sub(i.b as u16) as u32
    ));
    op!("v_add_u16_e64 v20, v2, v3 clamp", Int, |i| i2(
        (i.a as u16).saturating_add(i.b as u16) as u32
    ));
    op!("v_subrev_u16_e64 v20, v2, v3 clamp", Int, |i| i2(
        (i.b as u16).saturating_sub(i.a as u16) as u32
    ));
    op!("v_add_i16 v20, v2, v3 clamp", Int, |i| i2(
        (s16(i.a).saturating_add(s16(i.b)) as u16 as u32) | (SENTINEL & 0xffff_0000)
    ));
    op!("v_sub_i16 v20, v2, v3 clamp", Int, |i| i2(
        (s16(i.a).saturating_sub(s16(i.b)) as u16 as u32) | (SENTINEL & 0xffff_0000)
    ));
    op!(
        "v_sub_u16_sdwa v20, v2, v3 clamp dst_sel:BYTE_1 dst_unused:UNUSED_PRESERVE src0_sel:BYTE_1 src1_sel:BYTE_1",
        Int,
        |i| {
            let d = ((i.a >> 8) & 0xff).saturating_sub((i.b >> 8) & 0xff);
            i2((SENTINEL & !0xff00) | (d & 0xff) << 8)
        }
    );
    op!(
        "v_add_u16_sdwa v20, v2, v3 clamp dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:WORD_1 src1_sel:WORD_0",
        Int,
        |i| i2((((i.a >> 16) as u16).saturating_add(i.b as u16) as u32) << 16)
    );
    op!(
        "v_mul_f32_sdwa v20, v2, v3 clamp dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD",
        F32,
        |i| {
            let p = f(i.a) * f(i.b);
            fb(if p.is_nan() || p <= 0.0 { 0.0 } else { p.min(1.0) })
        }
    );
    // Output modifiers, fract, 3-operand float min/max/med, rounding
    // conversions, f16 packing.
    op!("v_add_f32_e64 v20, v2, v3 mul:2", F32, |i| fb((f(i.a)
        + f(i.b))
        * 2.0));
    op!("v_mul_f32_e64 v20, v2, v3 clamp div:2", F32, |i| {
        let p = f(i.a) * f(i.b) * 0.5;
        fb(if p.is_nan() || p <= 0.0 {
            0.0
        } else {
            p.min(1.0)
        })
    });
    op!(
        "v_fma_f64 v[20:21], v[6:7], v[8:9], v[6:7] mul:4",
        F64,
        |i| db(d(i.x).mul_add(d(i.y), d(i.x)) * 4.0)
    );
    op!("v_fract_f32 v20, v2", F32, |i| {
        let x = f(i.a);
        fb(if !x.is_finite() {
            f32::NAN
        } else {
            (x - x.floor()).min(f32::from_bits(0x3f7f_ffff))
        })
    });
    op!("v_max3_f32 v20, v2, v3, v4", F32, |i| fb(min_num32(
        min_num32(f(i.a), f(i.b), true),
        f(i.c),
        true
    )));
    op!("v_min3_f32 v20, v2, v3, v4", F32, |i| fb(min_num32(
        min_num32(f(i.a), f(i.b), false),
        f(i.c),
        false
    )));
    op!("v_cvt_flr_i32_f32 v20, v2", Int, |i| i2(
        f(i.a).floor() as i32 as u32
    ));
    op!("v_cvt_rpi_i32_f32 v20, v2", Int, |i| i2(
        (f(i.a) + 0.5).floor() as i32 as u32
    ));
    op!("v_pack_b32_f16 v20, v2, v3", Int, |i| i2(
        (i.a & 0xffff) | i.b << 16
    ));
    op!("v_perm_b32 v20, v2, v3, v4", Int, |i| {
        let both = (i.a as u64) << 32 | i.b as u64;
        let mut r = 0u32;
        for k in 0..4 {
            let s = (i.c >> (8 * k)) & 0xff;
            let byte = match s {
                0..=7 => (both >> (8 * s)) as u32 & 0xff,
                8..=11 => {
                    // The sign of byte 1, 3, 5 or 7.
                    let b = (both >> (8 * (2 * (s - 8) + 1) + 7)) & 1;
                    if b == 1 {
                        0xff
                    } else {
                        0
                    }
                }
                12 => 0,
                _ => 0xff,
            };
            r |= byte << (8 * k);
        }
        i2(r)
    });
    op!(
        "s_mov_b32 s20, 0x0c0a0501\nv_perm_b32 v20, v2, v3, s20",
        Int,
        |i| {
            let both = (i.a as u64) << 32 | i.b as u64;
            let sign5 = if (both >> 47) & 1 == 1 { 0xff } else { 0 };
            i2(((both >> 8) & 0xff) as u32 | (((both >> 40) & 0xff) as u32) << 8 | sign5 << 16)
        }
    );
    // Division-sequence pieces, transcendental, f16, packed f32.
    op!("v_div_fixup_f32 v20, v4, v3, v2", F32, |i| fb(
        f(i.a) / f(i.b)
    ));
    op!(
        "v_div_fixup_f64 v[20:21], v[8:9], v[8:9], v[6:7]",
        F64,
        |i| db(d(i.x) / d(i.y))
    );
    op!("v_div_fmas_f32 v20, v2, v3, v4", F32, |i| fb(
        f(i.a).mul_add(f(i.b), f(i.c))
    ));
    op!("v_fmamk_f32 v20, v2, 0x40490fdb, v3", F32, |i| fb(
        f(i.a).mul_add(f(0x4049_0fdb), f(i.b))
    ));
    op!("v_fmaak_f32 v20, v2, v3, 0xc0490fdb", F32, |i| fb(
        f(i.a).mul_add(f(i.b), f(0xc049_0fdb))
    ));
    op!("v_cos_f32 v20, v2", F32, |i| fb(
        ((f(i.a) as f64) * std::f64::consts::TAU).cos() as f32
    ));
    op!("v_ldexp_f64 v[20:21], v[6:7], v10", F64, |i| db(
        d(i.x) * 2f64.powi((i.b & 0xff) as i32 - 128)
    ));
    op!("v_add_f16 v20, v2, v3", Int, |i| i2(
        ref_add_f16(i.a as u16, i.b as u16) as u32
    ));
    op!("v_cvt_f32_f16 v20, v2", F32, |i| fb(f16_to_f32(i.a as u16)));
    op!(
        "v_pk_mov_b32 v[20:21], v[6:7], v[8:9] op_sel:[1,0]",
        Int,
        |i| q(i.x >> 32 | i.y << 32)
    );
    op!("v_pk_mul_f32 v[20:21], v[6:7], v[8:9]", F32x2, |i| {
        let m = |s: u32| (f((i.x >> s) as u32) * f((i.y >> s) as u32)).to_bits();
        (m(0), m(32))
    });
    op!(
        "v_pk_fma_f32 v[20:21], v[6:7], v[8:9], v[6:7] neg_hi:[0,0,1]",
        F32x2,
        |i| {
            let lo = f(i.x as u32).mul_add(f(i.y as u32), f(i.x as u32));
            let hi = f((i.x >> 32) as u32).mul_add(f((i.y >> 32) as u32), -f((i.x >> 32) as u32));
            (lo.to_bits(), hi.to_bits())
        }
    );
    // Regression (found by tests/clfuzz): LLVM's packed negation adds the
    // inline constant 0 with the default op_sel_hi, selecting the constant's
    // high half (refused before); both halves read zero.
    op!(
        "v_pk_add_f32 v[20:21], v[6:7], 0 neg_lo:[1,1] neg_hi:[1,1]",
        F32x2,
        |i| {
            let n = |s: u32| (-f((i.x >> s) as u32) + -0.0f32).to_bits();
            (n(0), n(32))
        }
    );
    // DPP: broadcasts, wave shifts, row/bank masks, bound_ctrl, a DPP ALU op.
    let mask_model = |rm: u32, bm: u32, srcl: fn(usize) -> Option<usize>, bound: bool| -> VModel {
        Box::new(move |ins: &[In], l: usize| {
            let (row, bank) = (l / 16, l % 16 / 4);
            if rm >> row & 1 == 0 || bm >> bank & 1 == 0 {
                return i2(SENTINEL);
            }
            match srcl(l) {
                Some(s) => i2(ins[s].a),
                None if bound => i2(0),
                None => i2(SENTINEL),
            }
        })
    };
    v.push((
        "v_mov_b32_dpp v20, v2 row_bcast:15 row_mask:0xa bank_mask:0xf".into(),
        Int,
        mask_model(
            0xa,
            0xf,
            |l| if l >= 16 { Some(l / 16 * 16 - 1) } else { None },
            false,
        ),
    ));
    v.push((
        "v_mov_b32_dpp v20, v2 row_bcast:31 row_mask:0xc bank_mask:0xf".into(),
        Int,
        mask_model(0xc, 0xf, |l| if l >= 32 { Some(31) } else { None }, false),
    ));
    v.push((
        "v_mov_b32_dpp v20, v2 wave_shr:1 row_mask:0xf bank_mask:0xf".into(),
        Int,
        mask_model(0xf, 0xf, |l| l.checked_sub(1), false),
    ));
    v.push((
        "v_mov_b32_dpp v20, v2 wave_rol:1 row_mask:0xf bank_mask:0xf".into(),
        Int,
        mask_model(0xf, 0xf, |l| Some((l + 1) % 64), false),
    ));
    v.push((
        "v_mov_b32_dpp v20, v2 row_shr:1 row_mask:0xf bank_mask:0x5".into(),
        Int,
        mask_model(
            0xf,
            0x5,
            |l| if l % 16 >= 1 { Some(l - 1) } else { None },
            false,
        ),
    ));
    v.push((
        "v_mov_b32_dpp v20, v2 row_shl:3 row_mask:0xf bank_mask:0xf bound_ctrl:1".into(),
        Int,
        mask_model(
            0xf,
            0xf,
            |l| if l % 16 < 13 { Some(l + 3) } else { None },
            true,
        ),
    ));
    v.push((
        "v_add_u32_dpp v20, v2, v3 row_shr:2 row_mask:0xf bank_mask:0xf".into(),
        Int,
        Box::new(|ins: &[In], l: usize| {
            if l % 16 >= 2 {
                i2(ins[l - 2].a.wrapping_add(ins[l].b))
            } else {
                i2(SENTINEL)
            }
        }),
    ));
    // Float source modifiers under DPP (on the permuted value) and SDWA (on
    // the selected value; f16 ops on bit 15).
    v.push((
        "v_add_f32_dpp v20, -v2, |v3| row_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:1".into(),
        F32,
        Box::new(|ins: &[In], l: usize| {
            let s0 = if l % 16 >= 1 { ins[l - 1].a } else { 0 };
            fb(-f(s0) + f(ins[l].b).abs())
        }),
    ));
    op!(
        "v_mul_f32_sdwa v20, |v2|, -v3 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD",
        F32,
        |i| fb(f(i.a).abs() * -f(i.b))
    );
    op!(
        "v_add_f16_sdwa v20, -v2, v3 dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:WORD_1 src1_sel:WORD_0",
        Int,
        |i| i2((ref_add_f16((i.a >> 16) as u16 ^ 0x8000, i.b as u16) as u32) << 16)
    );
    op!(
        "v_cmp_lt_f32_sdwa vcc, -v2, |v3| src0_sel:DWORD src1_sel:DWORD\nv_cndmask_b32 v20, 0, 1, vcc",
        Int,
        |i| i2((-f(i.a) < f(i.b).abs()) as u32)
    );
    // Carries under DPP (every lane writing: full masks, bound_ctrl) and
    // SDWA (the carry of the 32-bit op on the selected sources) go to VCC
    // as in VOP2.
    let shr1 = |ins: &[In], l: usize| if l % 16 >= 1 { ins[l - 1].a } else { 0 };
    v.push((
        "v_add_co_u32_dpp v20, vcc, v2, v3 row_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:1"
            .into(),
        Int,
        Box::new(move |ins: &[In], l: usize| i2(shr1(ins, l).wrapping_add(ins[l].b))),
    ));
    v.push((
        "v_add_co_u32_dpp v20, vcc, v2, v3 row_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:1\n\
         v_cndmask_b32 v20, 0, 1, vcc"
            .into(),
        Int,
        Box::new(move |ins: &[In], l: usize| i2(shr1(ins, l).overflowing_add(ins[l].b).1 as u32)),
    ));
    v.push((
        "v_cmp_lt_u32 vcc, v2, v3\n\
         v_addc_co_u32_dpp v20, vcc, v2, v3, vcc row_shl:2 row_mask:0xf bank_mask:0xf bound_ctrl:1\n\
         v_cndmask_b32 v22, 0, 1, vcc\n\
         v_add_u32 v20, v20, v22"
            .into(),
        Int,
        Box::new(|ins: &[In], l: usize| {
            let s0 = if l % 16 < 14 { ins[l + 2].a } else { 0 } as u64;
            let sum = s0 + ins[l].b as u64 + (ins[l].a < ins[l].b) as u64;
            i2((sum as u32).wrapping_add((sum >> 32) as u32))
        }),
    ));
    op!(
        "v_add_co_u32_sdwa v20, vcc, v2, v3 dst_sel:DWORD dst_unused:UNUSED_PAD \
         src0_sel:WORD_1 src1_sel:DWORD\n\
         v_cndmask_b32 v22, 0, 1, vcc\n\
         v_add_u32 v20, v20, v22",
        Int,
        |i| {
            let (r, c) = (i.a >> 16).overflowing_add(i.b);
            i2(r.wrapping_add(c as u32))
        }
    );
    op!(
        "v_sub_co_u32_sdwa v20, vcc, v2, v3 dst_sel:DWORD dst_unused:UNUSED_PAD \
         src0_sel:BYTE_0 src1_sel:BYTE_1\n\
         v_cndmask_b32 v20, 0, 1, vcc",
        Int,
        |i| i2(((i.a & 0xff) < ((i.b >> 8) & 0xff)) as u32)
    );
    op!(
        "v_cmp_lt_u32 vcc, v2, v3\n\
         v_subbrev_co_u32_sdwa v20, vcc, v2, v3, vcc dst_sel:WORD_0 dst_unused:UNUSED_PRESERVE \
         src0_sel:BYTE_2 src1_sel:WORD_1",
        Int,
        |i| {
            let d = (i.b >> 16)
                .wrapping_sub((i.a >> 16) & 0xff)
                .wrapping_sub((i.a < i.b) as u32);
            i2(SENTINEL & 0xffff_0000 | d & 0xffff)
        }
    );
    // row_newbcast:n (gfx90a+): each row reads its lane n; 64-bit sources
    // (v_mov_b64, the f64 ops) move as register pairs.
    v.push((
        "v_mov_b32_dpp v20, v2 row_newbcast:5 row_mask:0xf bank_mask:0xf".into(),
        Int,
        Box::new(|ins: &[In], l: usize| i2(ins[l / 16 * 16 + 5].a)),
    ));
    v.push((
        "v_mov_b64_dpp v[20:21], v[6:7] row_newbcast:3 row_mask:0xf bank_mask:0xf".into(),
        Int,
        Box::new(|ins: &[In], l: usize| q(ins[l / 16 * 16 + 3].x)),
    ));
    v.push((
        "v_cvt_f32_f64_dpp v20, v[6:7] row_newbcast:14 row_mask:0xf bank_mask:0xf".into(),
        F32,
        Box::new(|ins: &[In], l: usize| fb(d(ins[l / 16 * 16 + 14].x) as f32)),
    ));
    // v_cndmask under DPP and SDWA: the permuted / selected sources, the
    // lane's own VCC bit (from a compare of its a < b).
    v.push((
        "v_cmp_lt_u32 vcc, v2, v3\n\
         v_cndmask_b32_dpp v20, v2, v4, vcc row_shr:1 row_mask:0xf bank_mask:0xf"
            .into(),
        Int,
        Box::new(|ins: &[In], l: usize| {
            if l.is_multiple_of(16) {
                return i2(SENTINEL);
            }
            i2(if ins[l].a < ins[l].b {
                ins[l].c
            } else {
                ins[l - 1].a
            })
        }),
    ));
    v.push((
        "v_cmp_lt_u32 vcc, v2, v3\n\
         v_cndmask_b32_sdwa v20, v2, v4, vcc dst_sel:DWORD dst_unused:UNUSED_PAD \
         src0_sel:WORD_1 src1_sel:BYTE_0"
            .into(),
        Int,
        Box::new(|ins: &[In], l: usize| {
            i2(if ins[l].a < ins[l].b {
                ins[l].c & 0xff
            } else {
                ins[l].a >> 16
            })
        }),
    ));
    // gfx942 fp8 (E4M3, bias 8) / bf8 (E5M2, bias 16) bytes to f32: 0x80 is
    // the NaN, no infinities; SDWA selects the byte (or word), DPP permutes.
    fn f8(x: u32, fp8: bool) -> f32 {
        let (eb, mb, bias) = if fp8 { (4, 3, 8) } else { (5, 2, 16) };
        if x == 0x80 {
            return f32::NAN;
        }
        let sign = if x & 0x80 != 0 { -1.0 } else { 1.0 };
        let (e, m) = ((x >> mb) & ((1 << eb) - 1), (x & ((1 << mb) - 1)) as f64);
        let scale = (1u32 << mb) as f64;
        let v = if e == 0 {
            m / scale * 2f64.powi(1 - bias)
        } else {
            (1.0 + m / scale) * 2f64.powi(e as i32 - bias)
        };
        (sign * v) as f32
    }
    op!("v_cvt_f32_fp8 v20, v2", F32, |i| fb(f8(i.a & 0xff, true)));
    op!("v_cvt_f32_bf8_sdwa v20, v2 src0_sel:BYTE_2", F32, |i| fb(
        f8(i.a >> 16 & 0xff, false)
    ));
    op!("v_cvt_pk_f32_fp8 v[20:21], v2", F32x2, |i| (
        f8(i.a & 0xff, true).to_bits(),
        f8(i.a >> 8 & 0xff, true).to_bits()
    ));
    op!(
        "v_cvt_pk_f32_bf8_sdwa v[20:21], v2 src0_sel:WORD_1",
        F32x2,
        |i| (
            f8(i.a >> 16 & 0xff, false).to_bits(),
            f8(i.a >> 24, false).to_bits()
        )
    );
    v.push((
        "v_cvt_f32_fp8_dpp v20, v2 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf".into(),
        F32,
        Box::new(|ins: &[In], l: usize| fb(f8(ins[l ^ 1].a & 0xff, true))),
    ));
    // DPP moves (full row and bank masks).
    let dpp: [(&str, SrcLane); 6] = [
        ("quad_perm:[1,0,3,2]", |l| Some(l ^ 1)),
        (
            "row_shr:1",
            |l| if l % 16 >= 1 { Some(l - 1) } else { None },
        ),
        (
            "row_shl:2",
            |l| if l % 16 < 14 { Some(l + 2) } else { None },
        ),
        ("row_ror:3", |l| Some(l / 16 * 16 + (l % 16 + 13) % 16)),
        ("row_mirror", |l| Some(l / 16 * 16 + 15 - l % 16)),
        ("row_half_mirror", |l| Some(l / 8 * 8 + 7 - l % 8)),
    ];
    for (ctrl, src) in dpp {
        v.push((
            format!("v_mov_b32_dpp v20, v2 {ctrl} row_mask:0xf bank_mask:0xf"),
            Int,
            Box::new(move |ins: &[In], l| i2(src(l).map_or(SENTINEL, |s| ins[s].a))),
        ));
    }
    v
}

const SENTINEL: u32 = 0x5555;

/// f16 addition (round to nearest even; the shared packed-add reference).
fn ref_add_f16(a: u16, b: u16) -> u16 {
    common::ref_add(common::F16, a, b)
}

/// f16 -> f32 (exact).
fn f16_to_f32(h: u16) -> f32 {
    let s = if h >> 15 == 1 { -1.0f64 } else { 1.0 };
    let (e, m) = ((h >> 10) & 0x1f, (h & 0x3ff) as f64);
    let v = match e {
        0 => m * 2f64.powi(-24),
        31 if m == 0.0 => f64::INFINITY,
        31 => {
            return f32::from_bits(
                0x7fc0_0000 | ((h & 0x3ff) as u32) << 13 | ((h >> 15) as u32) << 31,
            )
        }
        _ => (1.0 + m / 1024.0) * 2f64.powi(e as i32 - 15),
    };
    (s * v) as f32
}

fn frexp(x: f32) -> (f32, i32) {
    let (m, e) = frexp64(x as f64);
    (m as f32, e)
}

/// `frexp` by halving and doubling (exact in f64, denormals included).
fn frexp64(x: f64) -> (f64, i32) {
    let mut e = 0;
    let mut m = x;
    while m.abs() >= 1.0 {
        m /= 2.0;
        e += 1;
    }
    while m.abs() < 0.5 {
        m *= 2.0;
        e -= 1;
    }
    (m, e)
}

fn rand_lane(r: &mut Rng) -> In {
    let w = |r: &mut Rng| -> u32 {
        match r.below(8) {
            0 => rand_word(r),
            1 => [
                0,
                0x8000_0000,
                0x7f80_0000,
                0xff80_0000,
                0x7fc0_0000,
                0x0000_0001,
                0x807f_ffff,
                0x3f80_0000,
            ][r.below(8) as usize],
            2 | 3 => r.next() as u32,
            _ => {
                let m = (r.next() % 2_000_000) as f32 / 1000.0 - 1000.0;
                m.to_bits()
            }
        }
    };
    let q = |r: &mut Rng| -> u64 {
        match r.below(4) {
            0 => r.next(),
            1 => [
                0u64,
                1 << 63,
                0x7ff0_0000_0000_0000,
                0x7ff8_0000_0000_0001,
                1,
            ][r.below(5) as usize],
            _ => ((r.next() % 2_000_000_000) as f64 / 1e4 - 1e5).to_bits(),
        }
    };
    In {
        a: w(r),
        b: w(r),
        c: w(r),
        x: q(r),
        y: q(r),
    }
}

#[test]
fn valu_ops_match_the_model() {
    let ops = valu_ops();
    let mut src = String::from(
        "s_load_dwordx4 s[4:7], s[0:1], 0x0\n\
         s_waitcnt lgkmcnt(0)\n\
         v_and_b32 v1, 0x3ff, v0\n\
         v_lshlrev_b32 v12, 5, v1\n\
         v_lshlrev_b32 v13, 3, v1\n\
         global_load_dwordx4 v[2:5], v12, s[4:5]\n\
         global_load_dwordx4 v[6:9], v12, s[4:5] offset:16\n\
         s_waitcnt vmcnt(0)\n\
         v_and_b32 v10, 0xff, v3\n\
         v_subrev_u32 v10, 0x80, v10\n",
    );
    for (i, (text, _, _)) in ops.iter().enumerate() {
        src += &format!(
            "s_add_u32 s8, s6, {}\ns_addc_u32 s9, s7, 0\n\
             v_mov_b32 v20, {SENTINEL:#x}\nv_mov_b32 v21, 0\n{text}\n\
             global_store_dwordx2 v13, v[20:21], s[8:9]\n",
            i * 64 * 8
        );
    }
    src += "s_endpgm\n";
    let k = lift_src(&src, &test_abi(0, 0));
    let mut rng = Rng::new(0x7a1u64);
    for _ in 0..4 {
        let ins: Vec<In> = (0..64).map(|_| rand_lane(&mut rng)).collect();
        let mut inb = Vec::new();
        for i in &ins {
            for w in [i.a, i.b, i.c, 0] {
                inb.extend(w.to_le_bytes());
            }
            inb.extend(i.x.to_le_bytes());
            inb.extend(i.y.to_le_bytes());
        }
        let setup = Setup {
            bufs: vec![inb, vec![0u8; ops.len() * 64 * 8]],
            extra: vec![],
            grid: [1, 1, 1],
            block: [64, 1, 1],
        };
        for e in ENGINES {
            let out = u32s(&run(&k, e, &setup)[1]);
            for (oi, (text, kind, model)) in ops.iter().enumerate() {
                for l in 0..64 {
                    let got = (out[2 * (oi * 64 + l)], out[2 * (oi * 64 + l) + 1]);
                    let want = model(&ins, l);
                    let lane_ok = |g: u32, w: u32| g == w || f(g).is_nan() && f(w).is_nan();
                    let both_nan = match kind {
                        Kind::F32 => f(got.0).is_nan() && f(want.0).is_nan(),
                        Kind::F32x2 => lane_ok(got.0, want.0) && lane_ok(got.1, want.1),
                        Kind::F64 => {
                            d(got.0 as u64 | (got.1 as u64) << 32).is_nan()
                                && d(want.0 as u64 | (want.1 as u64) << 32).is_nan()
                        }
                        Kind::Int => false,
                    };
                    assert!(
                        got == want || both_nan,
                        "{e:?} `{text}` lane {l}: got {got:x?} want {want:x?} inputs {:x?}",
                        ins[l]
                    );
                }
            }
        }
    }
}

// ------------------------------------------------------------------ control flow

const LOOPS_SRC: &str = r#"
    s_load_dwordx4 s[4:7], s[0:1], 0x0
    s_waitcnt lgkmcnt(0)
    s_mov_b32 s8, 0
    s_mov_b32 s9, 0
    s_cmp_eq_u32 s6, 0
    s_cbranch_scc1 .Ldone
.Lloop:
    s_mul_i32 s10, s8, s8
    s_add_u32 s9, s9, s10
    s_add_u32 s8, s8, 1
    s_cmp_lt_u32 s8, s6
    s_cbranch_scc1 .Lloop
.Ldone:
    v_and_b32 v1, 0x3ff, v0
    v_mov_b32 v2, 0
    v_and_b32 v3, 7, v1
    v_add_u32 v3, 1, v3
    s_mov_b64 s[12:13], exec
.Lvloop:
    v_add_u32 v2, v2, v3
    v_subrev_u32 v3, 1, v3
    v_cmp_ne_u32 vcc, 0, v3
    s_and_b64 exec, exec, vcc
    s_cbranch_execnz .Lvloop
    s_mov_b64 exec, s[12:13]
    v_cmp_gt_u32 vcc, 0, v1
    s_cbranch_vccz .Lskip1
    v_mov_b32 v2, 0xdead
.Lskip1:
    v_cmp_gt_u32 vcc, s7, v1
    s_cbranch_vccnz .Lskip2
    v_add_u32 v2, 0x1000, v2
.Lskip2:
    s_branch .Lend
    v_mov_b32 v2, 0x1111
.Lend:
    v_mov_b32 v4, s9
    v_mov_b32 v3, v4
    v_lshlrev_b32 v5, 3, v1
    global_store_dwordx2 v5, v[2:3], s[4:5]
    s_endpgm
"#;

#[test]
fn scalar_and_vector_loops() {
    let k = lift_src(LOOPS_SRC, &test_abi(0, 0));
    for (n, m) in [(0u32, 0u32), (1, 5), (37, 64), (1000, 1), (70000, 0)] {
        let mut extra = n.to_le_bytes().to_vec();
        extra.extend(m.to_le_bytes());
        let setup = Setup {
            bufs: vec![vec![0u8; 8 * 128]],
            extra,
            grid: [1, 1, 1],
            block: [128, 1, 1],
        };
        let sum = (0..n).fold(0u32, |s, i| s.wrapping_add(i.wrapping_mul(i)));
        for e in ENGINES {
            let out = u32s(&run(&k, e, &setup)[0]);
            for tid in 0..128u32 {
                let c = tid % 8 + 1;
                let mut acc = c * (c + 1) / 2;
                // vccnz skips the add when any lane of the wave has tid < m.
                let wave_lo = tid / 64 * 64;
                if !(wave_lo..wave_lo + 64).any(|t| t < m) {
                    acc += 0x1000;
                }
                assert_eq!(
                    (out[2 * tid as usize], out[2 * tid as usize + 1]),
                    (acc, sum),
                    "{e:?} n={n} m={m} tid {tid}"
                );
            }
        }
    }
}

// ------------------------------------------------------------------ memory

const MEM_SRC: &str = r#"
    s_load_dwordx4 s[4:7], s[0:1], 0x0
    s_waitcnt lgkmcnt(0)
    v_and_b32 v1, 0x3ff, v0
    v_lshlrev_b32 v2, 2, v1
    v_lshlrev_b32 v3, 4, v1
    v_mul_u32_u24 v40, 0x50, v1
    global_load_dwordx4 v[4:7], v3, s[4:5]
    s_waitcnt vmcnt(0)
    ; ds_write2 / ds_read2 of the next lane
    v_lshlrev_b32 v8, 3, v1
    ds_write2_b32 v8, v4, v5 offset1:1
    s_waitcnt lgkmcnt(0)
    s_barrier
    v_add_u32 v9, 1, v1
    v_and_b32 v9, 63, v9
    v_lshlrev_b32 v9, 3, v9
    ds_read2_b32 v[10:11], v9 offset1:1
    ; b128 write, b96 read of lane ^ 1
    v_add_u32 v12, 0x400, v3
    ds_write_b128 v12, v[4:7]
    s_waitcnt lgkmcnt(0)
    s_barrier
    v_xor_b32 v13, 1, v1
    v_lshlrev_b32 v13, 4, v13
    ds_read_b96 v[14:16], v13 offset:1024
    ; bytes and halves
    v_add_u32 v17, 0x800, v1
    ds_write_b8 v17, v6
    v_lshlrev_b32 v18, 1, v1
    ds_write_b16 v18, v7 offset:2304
    s_waitcnt lgkmcnt(0)
    s_barrier
    v_sub_u32 v18, 63, v1
    ds_read_i8 v19, v18 offset:2048
    v_add_u32 v18, 3, v1
    v_and_b32 v18, 63, v18
    v_lshlrev_b32 v18, 1, v18
    v_mov_b32 v20, v4
    ds_read_u16_d16_hi v20, v18 offset:2304
    ; scratch
    scratch_store_dwordx2 off, v[4:5], off offset:8
    scratch_load_dword v21, off, off offset:12
    v_mov_b32 v22, 4
    scratch_store_dword v22, v6, off offset:16
    scratch_load_dword v23, off, off offset:20
    ; FLAT through the apertures
    s_mov_b64 s[20:21], src_shared_base
    v_add_u32 v24, 0xc00, v2
    v_mov_b32 v25, s21
    flat_store_dword v[24:25], v7
    s_waitcnt vmcnt(0) lgkmcnt(0)
    flat_load_dword v26, v[24:25]
    ds_read_b32 v27, v2 offset:3072
    s_mov_b64 s[22:23], src_private_base
    v_mov_b32 v28, 24
    v_mov_b32 v29, s23
    flat_store_dword v[28:29], v4
    s_waitcnt vmcnt(0) lgkmcnt(0)
    scratch_load_dword v31, off, off offset:24
    ; narrow global loads
    global_load_sbyte v32, v3, s[4:5] offset:1
    global_load_ushort v33, v3, s[4:5] offset:6
    v_mov_b32 v34, v6
    global_load_short_d16_hi v34, v3, s[4:5] offset:8
    ; buffer load with a short V# (the last lanes are out of range)
    s_mov_b32 s24, s4
    s_and_b32 s25, s5, 0xffff
    s_mov_b32 s26, 0x3e0
    s_mov_b32 s27, 0x27000
    buffer_load_dword v35, v3, s[24:27], 0 offen offset:4
    ; scalar loads
    s_load_dwordx16 s[32:47], s[4:5], 0x40
    s_buffer_load_dword s48, s[24:27], 0x8
    s_waitcnt vmcnt(0) lgkmcnt(0)
    v_mov_b32 v36, s47
    v_mov_b32 v37, s48
    ; buffer store: each lane writes its lane id to out + 0x1400 + 4*lane
    ; (num_records 0x14f0: lanes 60.. are dropped)
    s_mov_b32 s28, s6
    s_and_b32 s29, s7, 0xffff
    s_mov_b32 s30, 0x14f0
    s_mov_b32 s31, 0x27000
    s_movk_i32 s49, 0x1400
    buffer_store_dword v1, v2, s[28:31], s49 offen
    v_mov_b32 v50, v10
    v_mov_b32 v51, v11
    v_mov_b32 v52, v14
    v_mov_b32 v53, v15
    v_mov_b32 v54, v16
    v_mov_b32 v55, v19
    v_mov_b32 v56, v20
    v_mov_b32 v57, v21
    v_mov_b32 v58, v23
    v_mov_b32 v59, v26
    v_mov_b32 v60, v27
    v_mov_b32 v61, v31
    v_mov_b32 v62, v32
    v_mov_b32 v63, v33
    v_mov_b32 v64, v34
    v_mov_b32 v65, v35
    v_mov_b32 v66, v36
    v_mov_b32 v67, v37
    v_mov_b32 v68, 0
    v_mov_b32 v69, 0
    global_store_dwordx4 v40, v[50:53], s[6:7] offset:0
    global_store_dwordx4 v40, v[54:57], s[6:7] offset:16
    global_store_dwordx4 v40, v[58:61], s[6:7] offset:32
    global_store_dwordx4 v40, v[62:65], s[6:7] offset:48
    global_store_dwordx4 v40, v[66:69], s[6:7] offset:64
    s_endpgm
"#;

#[test]
fn lds_scratch_flat_buffer_and_scalar_memory() {
    let k = lift_src(MEM_SRC, &test_abi(4096, 64));
    let mut rng = Rng::new(0x3e3);
    for _ in 0..3 {
        let w: Vec<u32> = (0..256).map(|_| rng.next() as u32).collect();
        let setup = Setup {
            bufs: vec![bytes32(&w), vec![0u8; 0x1400 + 0x100]],
            extra: vec![],
            grid: [1, 1, 1],
            block: [64, 1, 1],
        };
        for e in ENGINES {
            let out = u32s(&run(&k, e, &setup)[1]);
            for l in 0..64usize {
                let wl = |k: usize| w[4 * l + k];
                let nb = (l + 1) % 64;
                let x = l ^ 1;
                let byte_of = |v: u32| v as u8 as i8 as i32 as u32;
                let other16 = (w[4 * ((l + 3) % 64) + 3] & 0xffff) << 16;
                let want = [
                    w[4 * nb],
                    w[4 * nb + 1],
                    w[4 * x],
                    w[4 * x + 1],
                    w[4 * x + 2],
                    byte_of(w[4 * (63 - l) + 2]),
                    (wl(0) & 0xffff) | other16,
                    wl(1),
                    wl(2),
                    wl(3),
                    wl(3),
                    wl(0),
                    byte_of(wl(0) >> 8),
                    wl(1) >> 16,
                    (wl(2) & 0xffff) | (wl(2) & 0xffff) << 16,
                    if 16 * l + 8 <= 0x3e0 { wl(1) } else { 0 },
                    w[16 + 15],
                    w[2],
                    0,
                    0,
                ];
                assert_eq!(&out[20 * l..20 * l + 20], &want[..], "{e:?} lane {l}");
                let stored = out[0x1400 / 4 + l];
                assert_eq!(
                    stored,
                    if l < 60 { l as u32 } else { 0 },
                    "{e:?} buffer store lane {l}"
                );
            }
        }
    }
}

// ------------------------------------------------------------------ entry ABI

/// Every user / system SGPR the descriptor can enable, preloaded kernel
/// arguments, and the packed work-item ids in v0, read back by the kernel.
#[test]
fn entry_sgprs_follow_the_descriptor() {
    use xisa_cdna::gfx942::lift::EntryAbi;
    // s[0:1] dispatch ptr, s[2:3] queue ptr, s[4:5] kernarg ptr, s[6:7]
    // dispatch id, s[8:9] flat scratch init, s10..s11 preloaded kernarg dwords
    // 2..3, s12 private segment size; s13..s15 workgroup ids, s16 workgroup
    // info, s17 private segment wave offset.
    let abi = EntryAbi {
        private_segment_buffer: false,
        dispatch_ptr: true,
        queue_ptr: true,
        kernarg_segment_ptr: true,
        dispatch_id: true,
        flat_scratch_init: true,
        private_segment_size: true,
        user_sgpr_count: 13,
        kernarg_preload_offset: 2,
        workgroup_id: [true, true, true],
        workgroup_info: true,
        private_segment_wave_offset: true,
        workitem_id: 2,
        group_segment_fixed_size: 0,
        private_segment_fixed_size: 48,
        ..EntryAbi::default()
    };
    // Record (32 dwords) of work-item (linear workgroup * 64 + local id):
    // v0, then s0..s22 (s[20:21] = the output buffer, s22 = dispatch packet
    // dword 1).
    let mut src = String::from(
        "s_load_dwordx2 s[20:21], s[4:5], 0x0\n\
         s_load_dword s22, s[0:1], 0x4\n\
         s_waitcnt lgkmcnt(0)\n\
         s_lshl_b32 s23, s14, 1\n\
         s_add_u32 s23, s23, s13\n\
         s_lshl_b32 s24, s15, 2\n\
         s_add_u32 s23, s23, s24\n\
         s_lshl_b32 s23, s23, 6\n\
         v_and_b32 v1, 0x3ff, v0\n\
         v_bfe_u32 v2, v0, 10, 10\n\
         v_bfe_u32 v3, v0, 20, 10\n\
         v_lshlrev_b32 v4, 3, v2\n\
         v_add_u32 v4, v4, v1\n\
         v_lshlrev_b32 v5, 5, v3\n\
         v_add_u32 v4, v4, v5\n\
         v_add_u32 v4, s23, v4\n\
         v_lshlrev_b32 v4, 7, v4\n\
         v_mov_b32 v30, v0\n\
         global_store_dword v4, v30, s[20:21]\n",
    );
    for sreg in 0..=22 {
        src += &format!(
            "v_mov_b32 v30, s{sreg}\nglobal_store_dword v4, v30, s[20:21] offset:{}\n",
            4 * (sreg + 1)
        );
    }
    src += "s_endpgm\n";
    let k = xisa_cdna::gfx942::lift::lift("k", &assemble(&src), &abi).unwrap();
    let setup = Setup {
        bufs: vec![vec![0u8; 128 * 64 * 8]],
        extra: vec![0x11, 0, 0, 0, 0x22, 0, 0, 0],
        grid: [2, 2, 2],
        block: [8, 4, 2],
    };
    for e in ENGINES {
        let out = u32s(&run(&k, e, &setup)[0]);
        let first = out[..32].to_vec();
        for wg in 0..8u32 {
            let (wx, wy, wz) = (wg % 2, wg / 2 % 2, wg / 4);
            for t in 0..64u32 {
                let (x, y, z) = (t % 8, t / 8 % 4, t / 32);
                let r = &out[32 * (wg * 64 + t) as usize..][..32];
                assert_eq!(r[0], x | y << 10 | z << 20, "{e:?} v0");
                // Pointers are the same in every work-item.
                assert_eq!(r[1..3], first[1..3], "{e:?} dispatch ptr");
                assert_eq!(r[5..7], first[5..7], "{e:?} kernarg ptr");
                assert_eq!((r[3], r[4]), (0, 0), "{e:?} queue ptr");
                assert_eq!(
                    (r[7], r[8], r[9], r[10]),
                    (0, 0, 0, 0),
                    "{e:?} dispatch id / flat scratch"
                );
                // Preloaded: kernarg dwords 2..3 (after the buffer address).
                assert_eq!((r[11], r[12]), (0x11, 0x22), "{e:?} preloaded kernargs");
                assert_eq!(r[13], 48, "{e:?} private segment size");
                assert_eq!((r[14], r[15], r[16]), (wx, wy, wz), "{e:?} workgroup ids");
                assert_eq!((r[17], r[18]), (0, 0), "{e:?} workgroup info / wave offset");
                assert_eq!(
                    r[23],
                    8 | 4 << 16,
                    "{e:?} dispatch packet workgroup size x, y"
                );
            }
        }
        assert_ne!(first[1], 0);
        assert_ne!(first[5], 0);
    }
}

// ------------------------------------------------------------------ errors

/// Unsupported instructions and malformed control flow are errors naming the
/// pc and the mnemonic, never panics.
#[test]
fn lift_errors_name_pc_and_mnemonic() {
    use xisa_cdna::gfx942::lift::{lift, LiftError};
    let abi = test_abi(0, 0);
    for (src, pc, mnemonic) in [
        (
            "s_nop 0\nv_cvt_sr_fp8_f32 v0, v1, v2\ns_endpgm",
            4,
            "v_cvt_sr_fp8_f32",
        ),
        ("s_setpc_b64 s[0:1]\ns_endpgm", 0, "s_setpc_b64"),
        (
            "s_mov_b32 s0, 0\nds_read_addtid_b32 v0\ns_endpgm",
            4,
            "ds_read_addtid_b32",
        ),
        (
            "s_getreg_b32 s0, hwreg(HW_REG_HW_ID)\ns_endpgm",
            0,
            "s_getreg_b32",
        ),
    ] {
        match lift("k", &assemble(src), &abi) {
            Err(LiftError::Unsupported {
                pc: p, mnemonic: m, ..
            }) => assert_eq!((p, m.as_str()), (pc, mnemonic), "{src}"),
            other => panic!("{src}: {other:?}"),
        }
    }
    // A branch into the literal of the next instruction.
    let mut code = assemble("s_branch 1\ns_mov_b32 s0, 0x12345678\ns_endpgm");
    assert_eq!(code.len(), 16);
    code[0] = 1; // s_branch +1 dword: into the literal dword
    let err = lift("k", &code, &abi).unwrap_err();
    assert!(
        matches!(err, LiftError::BadBranch { pc: 0, target: 8 }),
        "{err}"
    );
    // Truncated code.
    let code = assemble("s_mov_b32 s0, 0x12345678");
    assert!(matches!(
        lift("k", &code[..6], &abi),
        Err(LiftError::Decode { .. })
    ));
    // Falling off the end traps (there is no s_endpgm).
    let k = lift("k", &assemble("s_mov_b32 s0, 1"), &abi).unwrap();
    assert!(matches!(k.blocks.last().unwrap().term, xisa_ir::Term::Trap));
}

/// LLVM's trap-handler ABI: `s_trap 3` (`llvm.debugtrap`) returns at once
/// without a debugger, other codes (2: `llvm.trap`, HIP's `abort` and
/// failed `assert`) end the dispatch. `s_sendmsg` lifts only the interrupt
/// (a hostcall's doorbell: no effect); `s_sleep` answers hostcalls only in a
/// kernel with a hostcall buffer (`hostcall.ockl` of the buffer address the
/// kernarg segment holds).
#[test]
fn traps_messages_and_sleeps() {
    use xisa_cdna::gfx942::lift::{lift, EntryAbi};
    let abi = test_abi(0, 0);
    let traps = |src: &str| {
        lift_src(src, &abi)
            .blocks
            .iter()
            .any(|b| matches!(b.term, xisa_ir::Term::Trap))
    };
    assert!(!traps("s_trap 3\ns_endpgm"));
    assert!(traps("s_trap 2\ns_endpgm"));
    assert!(traps("s_trap 0\ns_endpgm"));
    assert!(!traps("s_sendmsg sendmsg(MSG_INTERRUPT)\ns_endpgm"));
    let gs = assemble("s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_NOP)\ns_endpgm");
    let err = lift("k", &gs, &abi).unwrap_err().to_string();
    assert!(
        err.contains("s_sendmsg") && err.contains("message 3"),
        "{err}"
    );
    let sleep = "s_sleep 1\ns_endpgm";
    assert!(!lift_src(sleep, &abi).to_string().contains("hostcall"));
    let with_buffer = EntryAbi {
        hostcall_buffer: Some(96),
        ..abi
    };
    let ir = lift_src(sleep, &with_buffer).to_string();
    assert!(ir.contains("hostcall.ockl") && ir.contains("+96]"), "{ir}");
}

/// The SMEM rows without an address (absent from the opcode table until the
/// converter also probed the immediate bit clear): `s_dcache_wb(_vol)` is a
/// device-scope release fence, `s_dcache_inv(_vol)` an acquire fence, and
/// `s_memtime` / `s_memrealtime` (HIP `clock64()` / `wall_clock64()`) read
/// the lane's instruction count: two reads around more work differ, later
/// larger.
#[test]
fn scalar_cache_ops_and_clocks() {
    let abi = test_abi(0, 0);
    let ir = |src: &str| lift_src(src, &abi).to_string();
    for (src, fence) in [
        ("s_dcache_wb", "fence.device.release"),
        ("s_dcache_wb_vol", "fence.device.release"),
        ("s_dcache_inv", "fence.device.acquire"),
        ("s_dcache_inv_vol", "fence.device.acquire"),
    ] {
        let text = ir(&format!("{src}\ns_endpgm"));
        assert!(text.contains(fence), "{src}: {text}");
    }
    // out[lane] = (second read - first read) of each clock, as 32 bits.
    let src = "s_load_dwordx2 s[20:21], s[0:1], 0x8\ns_waitcnt lgkmcnt(0)\n\
         v_and_b32 v1, 0x3ff, v0\nv_lshlrev_b32 v2, 2, v1\n\
         s_memtime s[4:5]\ns_memrealtime s[6:7]\ns_nop 0\ns_add_u32 s8, s8, 1\n\
         s_memrealtime s[10:11]\ns_memtime s[12:13]\n\
         s_sub_u32 s14, s12, s4\ns_sub_u32 s15, s10, s6\n\
         v_mov_b32 v3, s14\nv_mov_b32 v4, s15\n\
         global_store_dword v2, v3, s[20:21]\nglobal_store_dword v2, v4, s[20:21] offset:256\n\
         s_endpgm";
    let k = lift_src(src, &abi);
    for e in [Engine::Jit, Engine::Interp] {
        let out = run(
            &k,
            e,
            &setup_one_group(vec![vec![0; 4], vec![0; 512]], 0, 64),
        );
        let d = u32s(&out[1]);
        for lane in 0..64 {
            let (t, rt) = (d[lane], d[64 + lane]);
            assert!(t > rt && rt > 0 && t < 100, "{e:?}: lane {lane}: {t} {rt}");
        }
    }
}

/// `s_movrels_b32/_b64` read `s[src + M0]`, `s_movreld_b32/_b64` write
/// `s[dst + M0]` (issue #14: refused before). For every M0 in 0..8 the
/// scalar registers s10..s27 are checked against a model of the SGPR file.
#[test]
fn scalar_relative_moves() {
    let init = |n: u32| 0x1000 + n * 0x11;
    for m0 in 0..8u32 {
        let mut src = String::from("s_load_dwordx2 s[2:3], s[0:1], 0x0\ns_waitcnt lgkmcnt(0)\n");
        for n in 10..30 {
            src += &format!("s_mov_b32 s{n}, {:#x}\n", init(n));
        }
        src += &format!(
            "s_mov_b32 m0, {m0}\n\
             s_movrels_b32 s30, s10\n\
             s_movrels_b64 s[32:33], s[12:13]\n\
             s_movreld_b32 s20, s30\n\
             s_movreld_b64 s[14:15], s[32:33]\n\
             s_movrels_b64 s[24:25], s[22:23]\n"
        );
        for (i, n) in (10..28).chain([30, 32, 33]).enumerate() {
            src += &format!(
                "v_mov_b32 v1, s{n}\nv_mov_b32 v2, {}\nglobal_store_dword v2, v1, s[2:3]\n",
                4 * i
            );
        }
        src += "s_endpgm\n";
        let k = lift_src(&src, &test_abi(0, 0));
        let mut s: Vec<u32> = (0..40).map(init).collect();
        let m = m0 as usize;
        s[30] = s[10 + m];
        s[32] = s[12 + m];
        s[33] = s[13 + m];
        s[20 + m] = s[30];
        s[14 + m] = s[32];
        s[15 + m] = s[33];
        // Overlapping source and destination: both sources read first.
        let (a, b2) = (s[22 + m], s[23 + m]);
        s[24] = a;
        s[25] = b2;
        let want: Vec<u32> = (10..28).chain([30, 32, 33]).map(|n| s[n]).collect();
        for e in ENGINES {
            let setup = Setup {
                bufs: vec![vec![0u8; 4 * want.len()]],
                extra: vec![],
                grid: [1, 1, 1],
                block: [1, 1, 1],
            };
            let got = u32s(&run(&k, e, &setup)[0]);
            assert_eq!(got, want, "{e:?} m0 = {m0}");
        }
    }
}
