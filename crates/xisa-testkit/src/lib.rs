//! Test support shared by the xisa crates (a dev-dependency only):
//! [`Rng`], a seeded random generator for test data ([`SplitMix64`] where
//! a script outside Rust makes the same stream), and [`atomic`], one
//! reference model of the atomic read-modify-write operations, written from
//! `docs/ir.md` independently of `xisa_ir::semantics` (which both engines use),
//! so that tests of the engines and of every lifter compare against the same
//! independent model; [`le_values`] / [`le_bytes`] for kernel buffers;
//! [`write::check_writer`] for the frontends' instruction writers.

use xisa_ir::{AtomOp, AtomType};

pub mod write;

/// splitmix64 (Steele, Lea, Flood 2014): the state advances by the golden
/// gamma and each output is the mixed state. The generator of inputs that
/// scripts outside Rust also make (the sm_75 corpus fills, the random
/// OpenCL kernels' inputs), so the same seed gives the same words there.
#[derive(Debug, Clone, Copy)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next output.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// The n-th output (0-based) from the current state.
    pub fn nth(mut self, n: usize) -> u64 {
        for _ in 0..n {
            self.next_u64();
        }
        self.next_u64()
    }
}

/// A seeded, deterministic random generator for test data (`fastrand`'s
/// wyrand): the same seed gives the same stream on every machine.
#[derive(Debug, Clone)]
pub struct Rng(fastrand::Rng);

/// An unsigned integer type [`Rng::below`] can bound.
pub trait Bound: Copy {
    /// As u64.
    fn widen(self) -> u64;
    /// From a u64 below `self.widen()`.
    fn narrow(v: u64) -> Self;
}

macro_rules! bound {
    ($($t:ty),*) => {$(
        impl Bound for $t {
            fn widen(self) -> u64 {
                self as u64
            }
            fn narrow(v: u64) -> Self {
                v as $t
            }
        }
    )*};
}
bound!(u8, u16, u32, u64, usize);

// Untyped literals (`rng.below(12)`) are `i32`; negative bounds act as 0.
macro_rules! signed_bound {
    ($($t:ty),*) => {$(
        impl Bound for $t {
            fn widen(self) -> u64 {
                self.max(0) as u64
            }
            fn narrow(v: u64) -> Self {
                v as $t
            }
        }
    )*};
}
signed_bound!(i32, i64);

/// Integer and float edge cases that random 32-bit values mix in.
pub const EDGES32: [u32; 16] = [
    0,
    1,
    2,
    0x7fff_ffff,
    0x8000_0000,
    0xffff_ffff,
    0xffff_fffe,
    0x7f80_0000, // +inf
    0xff80_0000, // -inf
    0x7fc0_0000, // qNaN
    0x7f80_0001, // sNaN
    0x0000_0001, // smallest denormal
    0xff7f_ffff, // -max (0x8000_0000 above is also -0)
    0x3f80_0000, // 1.0
    0xbf80_0000, // -1.0
    0x0080_0000, // smallest normal
];

impl Rng {
    /// The stream of `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(fastrand::Rng::with_seed(seed))
    }

    /// 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0.u64(..)
    }

    /// 64 random bits (the name the older test generators used).
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.next_u64()
    }

    /// 128 random bits (an sm_75 instruction word).
    pub fn next_u128(&mut self) -> u128 {
        self.0.u128(..)
    }

    /// 32 random bits.
    pub fn next_u32(&mut self) -> u32 {
        self.0.u32(..)
    }

    /// A value in `0..n`; 0 when `n` is 0.
    pub fn below<N: Bound>(&mut self, n: N) -> N {
        match n.widen() {
            0 => N::narrow(0),
            w => N::narrow(self.0.u64(..w)),
        }
    }

    /// A value in `lo..=hi`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        self.0.i64(lo..=hi)
    }

    /// A float in `[lo, hi)`.
    pub fn range_f64(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.0.f64()
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) < num
    }

    /// True with probability `p` percent.
    pub fn percent(&mut self, p: u64) -> bool {
        self.chance(p, 100)
    }

    /// One of `xs` (which must not be empty).
    pub fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len())]
    }

    /// One time in four one of `edges`, else what `other` draws.
    pub fn edge<T: Copy>(&mut self, edges: &[T], other: impl FnOnce(&mut Rng) -> T) -> T {
        if self.chance(1, 4) {
            self.pick(edges)
        } else {
            other(self)
        }
    }

    /// A 32-bit value, one time in four an integer or float edge case
    /// ([`EDGES32`]).
    pub fn val32(&mut self) -> u32 {
        if self.chance(1, 4) {
            self.pick(&EDGES32)
        } else {
            self.next_u32()
        }
    }
}

/// IEEE 754-2019 minimumNumber / maximumNumber of two f32 bit patterns: a NaN
/// loses to a number (two NaNs give the first, quieted), and -0 < +0.
pub fn min_max_f32(max: bool, a: u32, b: u32) -> u32 {
    let x = f32::from_bits(a);
    // Widening keeps NaNs, signs and order, so the choice is the same.
    if min_max_picks_second(max, x.into(), f32::from_bits(b).into()) {
        b
    } else if x.is_nan() {
        a | 0x0040_0000
    } else {
        a
    }
}

/// minimumNumber / maximumNumber of two f64 bit patterns (as [`min_max_f32`]).
pub fn min_max_f64(max: bool, a: u64, b: u64) -> u64 {
    let x = f64::from_bits(a);
    if min_max_picks_second(max, x, f64::from_bits(b)) {
        b
    } else if x.is_nan() {
        a | 1 << 51
    } else {
        a
    }
}

/// Whether minimumNumber (maximumNumber with `max`) of `x` and `y` is `y`;
/// else it is `x` (quieted by the caller when both are NaN).
fn min_max_picks_second(max: bool, x: f64, y: f64) -> bool {
    match (x.is_nan(), y.is_nan()) {
        (true, true) => false,
        (true, false) => true,
        (false, true) => false,
        // Only ±0 compare equal with different bits.
        _ if x == y => x.is_sign_negative() == max,
        _ => (x > y) != max,
    }
}

/// Adds two packed pairs of 16-bit floats lane by lane (round to nearest
/// even; `bf16` selects bfloat16, else IEEE half). A NaN operand is returned
/// quieted (the first one first); `inf + -inf` is the positive canonical NaN.
/// (The sum of two 16-bit floats rounds once through f32: no double
/// rounding, their significands are too short to reach past f32's.)
pub fn add_x2(bf16: bool, a: u32, b: u32) -> u32 {
    let (quiet, canonical) = if bf16 {
        (0x0040u16, 0x7fc0u16)
    } else {
        (0x0200, 0x7e00)
    };
    let to_f32 = |x: u16| {
        if bf16 {
            half::bf16::from_bits(x).to_f32()
        } else {
            half::f16::from_bits(x).to_f32()
        }
    };
    let lane = |x: u32, y: u32| -> u32 {
        let (x, y) = (x as u16, y as u16);
        let (fx, fy) = (to_f32(x), to_f32(y));
        let r = if fx.is_nan() {
            x | quiet
        } else if fy.is_nan() {
            y | quiet
        } else if (fx + fy).is_nan() {
            canonical
        } else if bf16 {
            half::bf16::from_f32(fx + fy).to_bits()
        } else {
            half::f16::from_f32(fx + fy).to_bits()
        };
        u32::from(r)
    };
    lane(a, b) | lane(a >> 16, b >> 16) << 16
}

/// The value an atomic `op` of type `ty` stores over `old`, with operand
/// `src` (and `cmp`, the expected value of `cas`); the old value is what it
/// returns. Integer semantics per docs/ir.md ("Atomics"): `inc`/`dec` wrap
/// at `src`, `smin`/`smax` compare signed at the type's width; float adds
/// round to nearest even without flushing denormals; `fmin`/`fmax` are
/// minimumNumber/maximumNumber. Results are masked to the type's width.
pub fn atomic(op: AtomOp, ty: AtomType, old: u64, src: u64, cmp: u64) -> u64 {
    let bits = match ty {
        AtomType::B64 | AtomType::F64 => 64,
        _ => 32,
    };
    let m = if bits == 64 { u64::MAX } else { 0xffff_ffff };
    let (old, src, cmp) = (old & m, src & m, cmp & m);
    let sx = |v: u64| -> i64 {
        if bits == 64 {
            v as i64
        } else {
            i64::from(v as u32 as i32)
        }
    };
    let f32s = |f: fn(f32, f32) -> f32| {
        u64::from(f(f32::from_bits(old as u32), f32::from_bits(src as u32)).to_bits())
    };
    let r = match op {
        AtomOp::Add | AtomOp::SafeAdd => old.wrapping_add(src),
        AtomOp::Sub => old.wrapping_sub(src),
        AtomOp::And => old & src,
        AtomOp::Or => old | src,
        AtomOp::Xor => old ^ src,
        AtomOp::SMin => sx(old).min(sx(src)) as u64,
        AtomOp::SMax => sx(old).max(sx(src)) as u64,
        AtomOp::UMin => old.min(src),
        AtomOp::UMax => old.max(src),
        AtomOp::Inc if old >= src => 0,
        AtomOp::Inc => old + 1,
        AtomOp::Dec if old == 0 || old > src => src,
        AtomOp::Dec => old - 1,
        AtomOp::Exch => src,
        AtomOp::Cas if old == cmp => src,
        AtomOp::Cas => old,
        AtomOp::FAdd => match ty {
            AtomType::F64 => (f64::from_bits(old) + f64::from_bits(src)).to_bits(),
            AtomType::F16x2 => u64::from(add_x2(false, old as u32, src as u32)),
            AtomType::BF16x2 => u64::from(add_x2(true, old as u32, src as u32)),
            _ => f32s(|a, b| a + b),
        },
        AtomOp::FMin | AtomOp::FMax => {
            let max = op == AtomOp::FMax;
            match ty {
                AtomType::F64 => min_max_f64(max, old, src),
                _ => u64::from(min_max_f32(max, old as u32, src as u32)),
            }
        }
    };
    r & m
}

/// A number a kernel buffer holds, little-endian ([`le_values`]).
pub trait Le: Copy {
    /// Its size in bytes.
    const BYTES: usize;
    /// From its bytes (exactly [`Le::BYTES`]).
    fn from_le(b: &[u8]) -> Self;
    /// Appends its bytes.
    fn put_le(self, out: &mut Vec<u8>);
}

macro_rules! le {
    ($($t:ty),*) => {$(
        impl Le for $t {
            const BYTES: usize = std::mem::size_of::<$t>();
            fn from_le(b: &[u8]) -> Self {
                let mut a = [0u8; std::mem::size_of::<$t>()];
                a.copy_from_slice(b);
                <$t>::from_le_bytes(a)
            }
            fn put_le(self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }
        }
    )*};
}
le!(u8, i8, u16, i16, u32, i32, u64, i64, f32, f64);

/// The values of a buffer's bytes (a trailing partial value is dropped).
pub fn le_values<T: Le>(b: &[u8]) -> Vec<T> {
    b.chunks_exact(T::BYTES).map(T::from_le).collect()
}

/// The bytes of `v`, little-endian.
pub fn le_bytes<T: Le>(v: &[T]) -> Vec<u8> {
    let mut out = Vec::with_capacity(v.len() * T::BYTES);
    for &x in v {
        x.put_le(&mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_are_seeded_and_bounded() {
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        let xs: Vec<u64> = (0..8).map(|_| a.next_u64()).collect();
        assert_eq!(xs, (0..8).map(|_| b.next_u64()).collect::<Vec<_>>());
        assert_ne!(Rng::new(8).next_u64(), xs[0]);
        for _ in 0..1000 {
            assert!(a.below(7u64) < 7 && a.below(3usize) < 3);
            assert!((-2..=2).contains(&a.range(-2, 2)));
        }
        assert_eq!(a.below(0u32), 0);
    }

    #[test]
    fn the_model_follows_the_ir_table() {
        use AtomOp::*;
        let b32 = AtomType::B32;
        assert_eq!(atomic(Add, b32, 0xffff_ffff, 2, 0), 1);
        assert_eq!(atomic(SMin, b32, 0xffff_ffff, 1, 0), 0xffff_ffff);
        assert_eq!(atomic(UMin, b32, 0xffff_ffff, 1, 0), 1);
        assert_eq!(atomic(Inc, b32, 5, 5, 0), 0);
        assert_eq!(atomic(Inc, b32, 4, 5, 0), 5);
        assert_eq!(atomic(Dec, b32, 0, 5, 0), 5);
        assert_eq!(atomic(Dec, b32, 6, 5, 0), 5);
        assert_eq!(atomic(Dec, b32, 3, 5, 0), 2);
        assert_eq!(atomic(Cas, b32, 3, 9, 3), 9);
        assert_eq!(atomic(Cas, b32, 3, 9, 4), 3);
        assert_eq!(atomic(SMax, AtomType::B64, u64::MAX, 0, 0), 0);
        let one = 1.0f32.to_bits() as u64;
        assert_eq!(
            atomic(FAdd, AtomType::F32, one, one, 0),
            2.0f32.to_bits() as u64
        );
        let nan = 0x7fc0_0000u64;
        assert_eq!(atomic(FMin, AtomType::F32, nan, one, 0), one);
        assert_eq!(atomic(FMax, AtomType::F32, 0x8000_0000, 0, 0), 0);
        // 1.0 + 1.0 in both f16 lanes = 2.0 (0x4000).
        assert_eq!(
            atomic(FAdd, AtomType::F16x2, 0x3c00_3c00, 0x3c00_3c00, 0),
            0x4000_4000
        );
    }
}
