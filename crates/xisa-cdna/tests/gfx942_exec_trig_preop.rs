//! `v_trig_preop_f64` (OCML's range reduction of large f64 arguments: every
//! HIP `sin`/`cos`/`tan` of a `double` contains it) on both engines, against
//! two oracles: an independent model of the CDNA3 ISA pseudocode on a 2/pi
//! computed here from Machin's formula with big integers, and LLVM's constant
//! folding of `llvm.amdgcn.trig.preop` (`gfx942_llvm_fold/trig_preop.tsv`,
//! written by `fold.py trig_preop` from clang-19), which must agree with the model on
//! every normal result (LLVM rounds the rare denormal results to nearest,
//! the ISA toward zero: those are checked against the model only).

mod common;
mod gfx942_exec_util;

use common::Rng;
use gfx942_exec_util::*;

const LANES: usize = 64;

/// `floor(2/pi * 2^1201)` as little-endian u32 limbs, from
/// `pi = 16 atan(1/5) - 4 atan(1/239)` in fixed point with 64 guard bits.
fn two_over_pi_1201() -> Vec<u32> {
    const PREC: usize = 1201 + 64;
    let limbs = PREC.div_ceil(32) + 2;
    // Fixed-point numbers: value * 2^PREC as little-endian limbs.
    let one = |limbs: usize| {
        let mut v = vec![0u32; limbs];
        v[PREC / 32] = 1 << (PREC % 32);
        v
    };
    fn div_small(v: &[u32], d: u64) -> Vec<u32> {
        let mut out = vec![0u32; v.len()];
        let mut rem = 0u64;
        for i in (0..v.len()).rev() {
            let cur = rem << 32 | v[i] as u64;
            out[i] = (cur / d) as u32;
            rem = cur % d;
        }
        out
    }
    fn add(a: &mut [u32], b: &[u32], sub: bool) {
        let mut carry = 0i64;
        for i in 0..a.len() {
            let s = a[i] as i64 + if sub { -(b[i] as i64) } else { b[i] as i64 } + carry;
            a[i] = s as u32;
            carry = s >> 32;
        }
    }
    fn mul_small(v: &[u32], m: u64) -> Vec<u32> {
        let mut out = vec![0u32; v.len()];
        let mut carry = 0u64;
        for i in 0..v.len() {
            let p = v[i] as u64 * m + carry;
            out[i] = p as u32;
            carry = p >> 32;
        }
        out
    }
    let atan_inv = |x: u64| {
        let mut sum = vec![0u32; limbs];
        let mut t = div_small(&one(limbs), x);
        let mut n = 1u64;
        let mut neg = false;
        while t.iter().any(|&w| w != 0) {
            add(&mut sum, &div_small(&t, n), neg);
            t = div_small(&t, x * x);
            n += 2;
            neg = !neg;
        }
        sum
    };
    let mut pi = mul_small(&atan_inv(5), 16);
    add(&mut pi, &mul_small(&atan_inv(239), 4), true);
    // 2/pi * 2^1201 = 2^(PREC + 1202) / (pi * 2^PREC), by long division
    // of bits (the quotient has at most 1201 bits).
    let mut q = vec![0u32; 1201usize.div_ceil(32) + 1];
    let mut rem = vec![0u32; limbs + 1];
    let total = PREC + 1202;
    for bit in (0..=total).rev() {
        // rem = rem * 2 + (bit of the dividend, which is 1 only at `total`)
        let mut carry = (bit == total) as u32;
        for w in rem.iter_mut() {
            let nw = *w << 1 | carry;
            carry = *w >> 31;
            *w = nw;
        }
        let mut pi_ext = pi.clone();
        pi_ext.push(0);
        let ge = (0..rem.len())
            .rev()
            .find(|&i| rem[i] != pi_ext[i])
            .is_none_or(|i| rem[i] > pi_ext[i]);
        if ge {
            add(&mut rem, &pi_ext, true);
            if bit < q.len() * 32 {
                q[bit / 32] |= 1 << (bit % 32);
            }
        }
    }
    q
}

/// Bits `[lo, lo + 53)` of the 1201-bit integer `b` (zero outside it).
fn window(b: &[u32], lo: i64) -> u64 {
    (0..53)
        .filter(|&j| {
            let i = lo + j;
            (0..1201).contains(&i) && b[i as usize / 32] >> (i % 32) & 1 == 1
        })
        .fold(0u64, |acc, j| acc | 1 << j)
}

/// The ISA pseudocode of `v_trig_preop_f64` with round-toward-zero, and
/// the two cases LLVM's folding documents as hardware behaviour: a NaN
/// gives itself quieted, a segment from bit 1120 on is 0.
fn model(b: &[u32], x: u64, seg: u32) -> u64 {
    if x & !(1 << 63) > 0x7ff0_0000_0000_0000 {
        return x | 1 << 51;
    }
    let e = (x >> 52 & 0x7ff) as i64;
    let shift = 53 * (seg & 31) as i64 + (e - 1077).max(0);
    if shift >= 1120 {
        return 0;
    }
    // The whole part of (0.b1200...b0 << shift), its low 53 bits: the 53
    // fraction bits after the first `shift`.
    let v = window(b, 1201 - 53 - shift);
    let scale = -53 - shift + if e >= 1968 { 128 } else { 0 };
    if v == 0 {
        return 0;
    }
    let msb = 63 - v.leading_zeros() as i64;
    let ex = msb + scale + 1023;
    if ex >= 1 {
        (ex as u64) << 52 | (v << (52 - msb)) & ((1 << 52) - 1)
    } else {
        let sh = scale + 1074;
        if sh >= 0 {
            v << sh
        } else if sh > -64 {
            v >> -sh
        } else {
            0
        }
    }
}

/// The kernel after `lane_io_prologue(4, 5)`: per lane (x: f64 in v[2:3], seg in v4; 16 bytes in) four
/// forms of the instruction, 32 bytes out.
const BODY: &str = "s_mov_b32 s10, 5\n\
    v_trig_preop_f64 v[20:21], v[2:3], v4\n\
    v_trig_preop_f64 v[22:23], -|v[2:3]|, v4\n\
    v_trig_preop_f64 v[24:25], v[2:3], 2\n\
    v_trig_preop_f64 v[26:27], v[2:3], s10\n\
    global_store_dwordx4 v11, v[20:23], s[6:7]\n\
    global_store_dwordx4 v11, v[24:27], s[6:7] offset:16\n\
    s_waitcnt vmcnt(0)\n\
    s_endpgm\n";

/// Runs `cases` (x, seg) through the kernel on `e`; per case the four
/// results.
fn run_cases(k: &xisa_ir::Kernel, e: Engine, cases: &[(u64, u32)]) -> Vec<[u64; 4]> {
    let mut out = Vec::new();
    for chunk in cases.chunks(LANES) {
        let mut inp = vec![0u64; 2 * LANES];
        for (l, &(x, seg)) in chunk.iter().enumerate() {
            inp[2 * l] = x;
            inp[2 * l + 1] = seg as u64 | 0xdead_0000_0000_0000;
        }
        let setup = setup_one_group(vec![bytes64(&inp), vec![0u8; LANES * 32]], 0, LANES);
        let res = u64s(&run(k, e, &setup)[1]);
        for l in 0..chunk.len() {
            out.push([res[4 * l], res[4 * l + 1], res[4 * l + 2], res[4 * l + 3]]);
        }
    }
    out
}

fn folded() -> Vec<(u64, u32, u64)> {
    fold_table("trig_preop")
        .iter()
        .map(|f| (f[0], f[1] as u32, f[2]))
        .collect()
}

#[test]
fn model_agrees_with_llvm_constant_folding() {
    let b = two_over_pi_1201();
    // The first fraction bits of 2/pi: 0.A2F9836E4E441529FC27...
    assert_eq!(window(&b, 1201 - 53), 0x145F306DC9C882);
    let (mut normal, mut denormal) = (0, 0);
    for (x, seg, want) in folded() {
        let got = model(&b, x, seg);
        if got >> 52 != 0 || got == 0 {
            assert_eq!(
                got, want,
                "x {x:#x} seg {seg}: model {got:#x}, LLVM {want:#x}"
            );
            normal += 1;
        } else {
            // LLVM rounds to nearest, the ISA truncates: at most one ulp.
            assert!(
                want.abs_diff(got) <= 1,
                "x {x:#x} seg {seg}: model {got:#x}, LLVM {want:#x}"
            );
            denormal += 1;
        }
    }
    assert!(normal > 350, "{normal} normal cases");
    eprintln!("{normal} normal results equal LLVM's, {denormal} denormal within an ulp");
}

#[test]
fn trig_preop_matches_the_model_on_both_engines() {
    let b = two_over_pi_1201();
    let mut cases: Vec<(u64, u32)> = folded().iter().map(|&(x, s, _)| (x, s)).collect();
    let mut rng = Rng::new(0x7219_0942);
    for _ in 0..6 * LANES {
        let e = rng.pick(&[
            0u64, 1, 1000, 1023, 1077, 1078, 1500, 1967, 1968, 2046, 2047,
        ]) + rng.below(3u64);
        let x = rng.next() & ((1 << 63) | ((1 << 52) - 1)) | (e.min(2047) << 52);
        // Garbage above bit 4 of the segment select is ignored.
        cases.push((x, rng.below(32u32) | rng.pick(&[0, 0x40, 0xffff_ff00])));
    }
    let k = lift_src(&(lane_io_prologue(4, 5) + BODY), &test_abi(0, 0));
    for e in ENGINES {
        let got = run_cases(&k, e, &cases);
        for (&(x, seg), g) in cases.iter().zip(&got) {
            let negabs = x | 1 << 63;
            let want = [
                model(&b, x, seg),
                model(&b, negabs, seg),
                model(&b, x, 2),
                model(&b, x, 5),
            ];
            assert_eq!(*g, want, "{e:?} x {x:#x} seg {seg:#x}");
        }
    }
}
