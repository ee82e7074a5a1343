//! `xisa_ir::semantics::packed_add` (what `global_atomic_pk_add_{f16,bf16}` lift
//! to) against an independent bit-level reference: integer significand alignment
//! with a sticky bit and explicit round-to-nearest-even, no floating point and no
//! `half` crate. 10^6 random operand pairs per type, biased towards NaN, ±Inf,
//! zeros, denormals and exact ties, plus exhaustive special-value pairs.

mod common;

use common::{ref_add, ref_packed, Fmt, Rng, BF16, F16};
use xisa_ir::semantics::packed_add;
use xisa_ir::Type;

/// A random operand, biased towards the interesting classes.
fn operand(rng: &mut Rng, f: Fmt, near: u16) -> u16 {
    let sign = (rng.below(2) as u16) << 15;
    let emax = f.emax() as u16;
    let m = (rng.next() as u16) & ((1 << f.mbits) - 1);
    match rng.below(10) {
        0 => sign | (emax << f.mbits) | m.max(1), // NaN (quiet or signalling)
        1 => sign | (emax << f.mbits),            // Inf
        2 => sign | m,                            // denormal or zero
        3 => sign,                                // zero
        // Same or neighbouring exponent as the other operand: exact ties,
        // cancellation, carries.
        4..=6 => {
            let e = ((near >> f.mbits) & emax) as i32 + rng.below(3) - 1;
            sign | ((e.clamp(0, emax as i32 - 1) as u16) << f.mbits) | m
        }
        7 => sign | (((emax - 1 - rng.below(3) as u16) << f.mbits) | m), // near overflow
        _ => rng.next() as u16,
    }
}

fn check(f: Fmt, ty: Type, seed: u64) -> (u64, u64) {
    let mut rng = Rng::new(seed);
    let mut ties = 0u64;
    let n = 1_000_000u64;
    for i in 0..n {
        let a0 = rng.next() as u16;
        let a1 = operand(&mut rng, f, a0);
        let b0 = operand(&mut rng, f, a0);
        let b1 = operand(&mut rng, f, a1);
        let (a0, b1) = if i % 2 == 0 { (a0, b1) } else { (b1, a0) };
        let a = a0 as u32 | (a1 as u32) << 16;
        let b = b0 as u32 | (b1 as u32) << 16;
        let want = ref_packed(f, a, b);
        let got = packed_add(ty, a, b);
        assert_eq!(
            got, want,
            "{ty}: {a:#010x} + {b:#010x}: xisa {got:#010x}, reference {want:#010x}"
        );
        // Count exact ties: operands one exponent apart with an odd low bit.
        let (ea, eb) = (f.exp(a1), f.exp(b0));
        if ea != 0 && eb != 0 && ea.abs_diff(eb) == 1 {
            ties += 1;
        }
    }
    (n, ties)
}

#[test]
fn bf16_packed_add_matches_reference() {
    let (n, near) = check(BF16, Type::BF16, 0xbf16_0000_0001);
    eprintln!(
        "bf16: {n} packed pairs ({} lane additions) agree; {near} neighbouring-exponent pairs",
        2 * n
    );
}

#[test]
fn f16_packed_add_matches_reference() {
    let (n, near) = check(F16, Type::F16, 0xf16_0000_0001);
    eprintln!(
        "f16: {n} packed pairs ({} lane additions) agree; {near} neighbouring-exponent pairs",
        2 * n
    );
}

#[test]
fn reference_known_values() {
    // 1 + 1 = 2; 1 + 2^-8 (bf16) ties to even 1; 1 + 3*2^-8 rounds up.
    assert_eq!(ref_add(BF16, 0x3f80, 0x3f80), 0x4000);
    assert_eq!(ref_add(BF16, 0x3f80, 0x3b80), 0x3f80);
    assert_eq!(ref_add(BF16, 0x3f81, 0x3b80), 0x3f82);
    // Denormal + denormal, overflow to Inf, Inf - Inf, NaN quieting.
    assert_eq!(ref_add(F16, 0x0001, 0x0001), 0x0002);
    assert_eq!(ref_add(F16, 0x7bff, 0x7bff), 0x7c00);
    assert_eq!(ref_add(F16, 0x7c00, 0xfc00), 0x7e00);
    assert_eq!(ref_add(F16, 0x7c01, 0x3c00), 0x7e01);
    assert_eq!(ref_add(F16, 0x8000, 0x8000), 0x8000);
    assert_eq!(ref_add(F16, 0x3c00, 0xbc00), 0x0000);
}

#[test]
fn special_values_exhaustive() {
    // Every pair from a set of special encodings, both types, both lanes.
    for (f, ty) in [(F16, Type::F16), (BF16, Type::BF16)] {
        let emax = f.emax() as u16;
        let mut specials = vec![0u16, 1, (1 << f.mbits) - 1, 1 << f.mbits];
        specials.push(emax << f.mbits); // inf
        specials.push((emax << f.mbits) | 1); // sNaN
        specials.push((emax << f.mbits) | (1 << (f.mbits - 1))); // qNaN
        specials.push(((emax - 1) << f.mbits) | ((1 << f.mbits) - 1)); // max
        let bias = (1u16 << (f.ebits - 1)) - 1;
        specials.push(bias << f.mbits); // 1.0
        let all: Vec<u16> = specials.iter().flat_map(|&s| [s, s | 0x8000]).collect();
        for &x in &all {
            for &y in &all {
                let a = x as u32 | (y as u32) << 16;
                let b = y as u32 | (x as u32) << 16;
                assert_eq!(
                    packed_add(ty, a, b),
                    ref_packed(f, a, b),
                    "{ty} {a:#x} {b:#x}"
                );
            }
        }
    }
}
