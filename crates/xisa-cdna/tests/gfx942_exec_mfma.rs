//! gfx942 matrix cores: every `v_mfma_*` row of the opcode table, assembled
//! by llvm-mc-19 in several operand forms (VGPR and AGPR operands, C as an
//! inline constant, D over C, the cbsz / abid / blgp controls, f64 neg), run
//! on the interpreter and the JIT over one wave, against a reference written
//! here from the CDNA3 ISA's description of the operand layouts: it places
//! each matrix element by the ISA's element-to-register map, multiplies the
//! matrices in f64 (exact for every product; sums of up to 64 terms), and
//! parses each instruction's shape from its mnemonic (not from xisa's
//! tables).
//!
//! Integer and f64 results must be equal to the reference (f64: within the
//! rounding of a k-ordered chain of fused multiply-adds); f32 results within
//! the bound of k-ordered f32 sums, `(K + 1) * 2^-24 * (|C| + sum |a b|)`;
//! and every float MFMA is also run on small dyadic values whose sums are
//! exact, where results must be bit-equal whatever the order of accumulation.

mod common;
mod gfx942_exec_util;

use common::Rng;
use gfx942_exec_util::*;

/// Bytes of input and output per lane.
const STRIDE: usize = 256;

/// A source element format.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Src {
    F32,
    Xf32,
    F16,
    Bf16,
    I8,
    Fp8,
    Bf8,
    F64,
}

impl Src {
    fn bits(self) -> usize {
        match self {
            Src::F32 | Src::Xf32 => 32,
            Src::F16 | Src::Bf16 => 16,
            Src::I8 | Src::Fp8 | Src::Bf8 => 8,
            Src::F64 => 64,
        }
    }
    fn parse(s: &str) -> Src {
        match s {
            "f32" => Src::F32,
            "xf32" => Src::Xf32,
            "f16" => Src::F16,
            "bf16" => Src::Bf16,
            "i8" => Src::I8,
            "fp8" => Src::Fp8,
            "bf8" => Src::Bf8,
            "f64" => Src::F64,
            _ => panic!("source format {s}"),
        }
    }
}

/// An instruction's shape, from its mnemonic.
#[derive(Clone, Copy, Debug)]
struct Shape {
    m: usize,
    n: usize,
    k: usize,
    blocks: usize,
    a: Src,
    b: Src,
    /// "f32", "i32" or "f64".
    d: &'static str,
    /// SMFMAC: A holds two of each four k; an index register says which.
    sparse: bool,
}

impl Shape {
    /// `v_mfma_<d>_<M>x<N>x<K>[_<B>b]_<a>[_<b>]`, or `v_smfmac_` the same.
    fn parse(mnem: &str) -> Shape {
        let sparse = mnem.starts_with("v_smfmac_");
        let rest = mnem
            .strip_prefix("v_mfma_")
            .or_else(|| mnem.strip_prefix("v_smfmac_"))
            .expect("an MFMA");
        let parts: Vec<&str> = rest.split('_').collect();
        let d = match parts[0] {
            "f32" => "f32",
            "i32" => "i32",
            "f64" => "f64",
            x => panic!("{x}"),
        };
        let dims: Vec<usize> = parts[1].split('x').map(|x| x.parse().unwrap()).collect();
        let mut i = 2;
        let mut blocks = 1;
        if let Some(b) = parts[i].strip_suffix('b') {
            blocks = b.parse().unwrap();
            i += 1;
        }
        let a = Src::parse(parts[i]);
        let b = parts.get(i + 1).map_or(a, |s| Src::parse(s));
        Shape {
            m: dims[0],
            n: dims[1],
            k: dims[2],
            blocks,
            a,
            b,
            d,
            sparse,
        }
    }
    /// A elements per lane (SMFMAC: K / 2 columns).
    fn kpl_a(&self) -> usize {
        let k = if self.sparse { self.k / 2 } else { self.k };
        self.m * k * self.blocks / 64
    }
    /// B elements per lane.
    fn kpl_b(&self) -> usize {
        self.n * self.k * self.blocks / 64
    }
    fn regs_a(&self) -> usize {
        (self.kpl_a() * self.a.bits()).div_ceil(32)
    }
    fn regs_b(&self) -> usize {
        (self.kpl_b() * self.b.bits()).div_ceil(32)
    }
    /// SMFMAC index groups (of four k) per lane.
    fn groups_per_lane(&self) -> usize {
        self.kpl_a() / 2
    }
    /// SMFMAC: the lane and nibble of the index of k group `q` of row `i`.
    fn index_at(&self, i: usize, q: usize) -> (usize, usize) {
        let g = self.groups_per_lane();
        (i + self.m * (q / g), q % g)
    }
    fn d_elems(&self) -> usize {
        self.m * self.n * self.blocks / 64
    }
    fn d_regs(&self) -> usize {
        self.d_elems() * if self.d == "f64" { 2 } else { 1 }
    }

    /// Where A's element (block, row i, k) is: (lane, element index in the
    /// lane's source registers). The ISA's layout: a block's rows go down
    /// the lanes, then the blocks, then K across the lane groups (and the
    /// lane's elements).
    fn a_at(&self, blk: usize, i: usize, k: usize) -> (usize, usize) {
        let kpl = self.kpl_a();
        (i + self.m * (blk + self.blocks * (k / kpl)), k % kpl)
    }
    /// B's element (block, k, column j), the same with columns.
    fn b_at(&self, blk: usize, k: usize, j: usize) -> (usize, usize) {
        let kpl = self.kpl_b();
        (j + self.n * (blk + self.blocks * (k / kpl)), k % kpl)
    }
    /// D's (and C's) element (block, i, j): (lane, element index).
    fn d_at(&self, blk: usize, i: usize, j: usize) -> (usize, usize) {
        if self.d == "f64" {
            // f64: the lane groups take the rows in turn.
            return if self.m == 16 {
                (j + 16 * (i % 4), i / 4)
            } else {
                (j + 4 * blk + 16 * i, 0)
            };
        }
        if self.m * self.n >= 256 {
            // Columns across the lanes; rows in runs of four, the lane
            // groups taking turns; blocks after each other.
            let groups = 64 / self.n;
            let per = self.m * self.n / 64;
            let lane = j + self.n * ((i / 4) % groups);
            (lane, blk * per + 4 * (i / (4 * groups)) + i % 4)
        } else {
            // 4 x 4: each block in its own lane groups.
            let outs = self.d_elems();
            let groups = self.m / outs;
            (j + self.n * (blk * groups + i / outs), i % outs)
        }
    }
}

/// An element of a source register array (`words` of one lane) as f64 / i64.
fn elem(words: &[u32], s: Src, e: usize) -> f64 {
    let bits = s.bits();
    let raw = || -> u64 {
        let per = 32 / bits;
        (words[e / per] >> (bits * (e % per))) as u64 & ((1u64 << bits) - 1)
    };
    match s {
        Src::F32 => f32::from_bits(words[e]) as f64,
        Src::Xf32 => xf32(f32::from_bits(words[e])) as f64,
        Src::F16 => minifloat(raw(), 5, 10, 15, false),
        Src::Bf16 => f32::from_bits((raw() as u32) << 16) as f64,
        Src::I8 => raw() as u8 as i8 as f64,
        Src::Fp8 => minifloat(raw(), 4, 3, 8, true),
        Src::Bf8 => minifloat(raw(), 5, 2, 16, true),
        Src::F64 => f64::from_bits(words[2 * e] as u64 | (words[2 * e + 1] as u64) << 32),
    }
}

/// The value of a binary float of `eb` exponent and `mb` mantissa bits (sign
/// on top) with `bias`; `fnuz`: no infinities, the negative zero encoding
/// is the one NaN (gfx942's fp8 / bf8), else IEEE.
fn minifloat(x: u64, eb: u32, mb: u32, bias: i32, fnuz: bool) -> f64 {
    let sign = if x >> (eb + mb) & 1 == 1 { -1.0 } else { 1.0 };
    let e = (x >> mb & ((1 << eb) - 1)) as i32;
    let f = (x & ((1 << mb) - 1)) as f64;
    if fnuz && x == 1 << (eb + mb) {
        return f64::NAN;
    }
    if !fnuz && e == (1 << eb) - 1 {
        return if f == 0.0 {
            sign * f64::INFINITY
        } else {
            f64::NAN
        };
    }
    let scale = 2f64.powi(mb as i32);
    if e == 0 {
        sign * f / scale * 2f64.powi(1 - bias)
    } else {
        sign * (1.0 + f / scale) * 2f64.powi(e - bias)
    }
}

/// f32 rounded to 10 mantissa bits, to nearest even (xf32).
fn xf32(x: f32) -> f32 {
    if !x.is_finite() {
        return x;
    }
    let b = x.to_bits();
    let lsb = b >> 13 & 1;
    f32::from_bits((b + 0xfff + lsb) & !0x1fff)
}

/// One assembled form of an instruction.
#[derive(Clone, Debug)]
struct Form {
    /// A / B in AGPRs.
    ab_acc: [bool; 2],
    /// C and D in AGPRs (acc_cd).
    cd_acc: bool,
    /// D written over C.
    in_place: bool,
    /// C as this inline constant text (with its value).
    c_const: Option<(&'static str, f64)>,
    cbsz: u32,
    abid: u32,
    blgp: u32,
}

/// Register numbers: A at 40, B at 44, C at 64, D at 96 (or 64 in place;
/// SMFMAC always); loaded per lane from `in` at A +0, B +16, C +48 bytes.
const A0: usize = 40;
const B0: usize = 44;
const C0: usize = 64;
const D0: usize = 96;
/// The SMFMAC index register (loaded from +32).
const IDX: usize = 48;

fn range(acc: bool, base: usize, n: usize) -> String {
    let p = if acc { 'a' } else { 'v' };
    if n == 1 {
        format!("{p}{base}")
    } else {
        format!("{p}[{base}:{}]", base + n - 1)
    }
}

fn kernel_src(mnem: &str, sh: &Shape, f: &Form) -> String {
    let (na, nb, nd) = (sh.regs_a(), sh.regs_b(), sh.d_regs());
    let mut s = String::from(
        "s_load_dwordx4 s[4:7], s[0:1], 0x0\n\
         s_waitcnt lgkmcnt(0)\n\
         v_and_b32 v1, 0x3ff, v0\n\
         v_lshlrev_b32 v2, 8, v1\n",
    );
    let mut load = |reg: usize, off: usize, acc: bool| {
        s += &format!("global_load_dword v{reg}, v2, s[4:5] offset:{off}\n");
        if acc {
            s += &format!("s_waitcnt vmcnt(0)\nv_accvgpr_write_b32 a{reg}, v{reg}\n");
        }
    };
    for q in 0..na {
        load(A0 + q, 4 * q, f.ab_acc[0]);
    }
    for q in 0..nb {
        load(B0 + q, 16 + 4 * q, f.ab_acc[1]);
    }
    // SMFMAC: C goes to D (the addend), src2 is the index.
    let d0 = if f.in_place || sh.sparse { C0 } else { D0 };
    if sh.sparse {
        load(IDX, 32, false);
    }
    if f.c_const.is_none() {
        for q in 0..nd {
            load(C0 + q, 48 + 4 * q, f.cd_acc);
        }
    }
    s += "s_waitcnt vmcnt(0)\n";
    let c = match f.c_const {
        Some((t, _)) => t.to_string(),
        None if sh.sparse => format!("v{IDX}"),
        None => range(f.cd_acc, C0, nd),
    };
    let mut mods = String::new();
    if sh.d == "f64" {
        if f.blgp != 0 {
            let bit = |k: u32| f.blgp >> k & 1;
            mods += &format!(" neg:[{},{},{}]", bit(0), bit(1), bit(2));
        }
    } else {
        for (name, v) in [("cbsz", f.cbsz), ("abid", f.abid), ("blgp", f.blgp)] {
            if v != 0 {
                mods += &format!(" {name}:{v}");
            }
        }
    }
    s += &format!(
        "{mnem} {}, {}, {}, {c}{mods}\n",
        range(f.cd_acc, d0, nd),
        range(f.ab_acc[0], A0, na),
        range(f.ab_acc[1], B0, nb),
    );
    s += "s_nop 7\ns_nop 7\n";
    for r in 0..nd {
        if f.cd_acc {
            s += &format!("v_accvgpr_read_b32 v{}, a{}\n", D0 + r, d0 + r);
        }
        let v = if f.cd_acc { D0 + r } else { d0 + r };
        s += &format!("global_store_dword v2, v{v}, s[6:7] offset:{}\n", 4 * r);
    }
    s += "s_waitcnt vmcnt(0)\ns_endpgm\n";
    s
}

/// The reference D of one launch: per lane, the D registers (u32 words),
/// with for each f32 element the error bound (0 for exact comparisons).
fn reference(sh: &Shape, f: &Form, input: &[u32]) -> Vec<(u64, f64)> {
    let words = |lane: usize| &input[lane * STRIDE / 4..(lane + 1) * STRIDE / 4];
    // Lane whose B registers lane l reads (blgp; f64 has neg instead).
    let b_lane = |l: usize| -> usize {
        if sh.d == "f64" {
            return l;
        }
        match f.blgp {
            0 => l,
            1 => l % 32,
            2 => 32 + l % 32,
            3 => (l + 16) % 64,
            g => 16 * (g as usize - 4) + l % 16,
        }
    };
    let neg = |k: u32| sh.d == "f64" && f.blgp >> k & 1 == 1;
    let sgn = |k: u32| if neg(k) { -1.0 } else { 1.0 };
    let a_val = |blk: usize, i: usize, k: usize| -> f64 {
        let blk = if f.cbsz == 0 || sh.sparse {
            blk
        } else {
            blk & !((1 << f.cbsz) - 1) | f.abid as usize
        };
        let (lane, e) = sh.a_at(blk, i, k);
        sgn(0) * elem(&words(lane)[..4], sh.a, e)
    };
    let b_val = |blk: usize, k: usize, j: usize| -> f64 {
        let (lane, e) = sh.b_at(blk, k, j);
        sgn(1) * elem(&words(b_lane(lane))[4..8], sh.b, e)
    };
    let c_val = |blk: usize, i: usize, j: usize| -> (f64, u64) {
        if let Some((_, v)) = f.c_const {
            return (sgn(2) * v, v as i64 as u64);
        }
        let (lane, e) = sh.d_at(blk, i, j);
        let w = &words(lane)[12..];
        match sh.d {
            "f32" => (f32::from_bits(w[e]) as f64, 0),
            "i32" => (w[e] as i32 as f64, w[e] as u64),
            _ => (
                sgn(2) * f64::from_bits(w[2 * e] as u64 | (w[2 * e + 1] as u64) << 32),
                0,
            ),
        }
    };
    let mut out = vec![(0u64, 0f64); 64 * sh.d_regs()];
    for blk in 0..sh.blocks {
        for i in 0..sh.m {
            for j in 0..sh.n {
                let (lane, e) = sh.d_at(blk, i, j);
                let (c, c_int) = c_val(blk, i, j);
                let (mut sum, mut mag) = (c, c.abs());
                let mut isum = c_int as u32;
                let terms: Vec<(f64, f64)> = if sh.sparse {
                    // Group q's two A values meet the B rows its index names.
                    let set_bits = 128 / sh.a.bits();
                    let set = if f.cbsz == 0 { f.abid as usize } else { 0 };
                    (0..sh.k / 4)
                        .flat_map(|q| (0..2).map(move |h| (q, h)))
                        .map(|(q, h)| {
                            let (lane, nib) = sh.index_at(i, q);
                            let idx = words(lane)[8] >> (set * set_bits + 4 * nib + 2 * h) & 3;
                            (
                                a_val(blk, i, 2 * q + h),
                                b_val(blk, 4 * q + idx as usize, j),
                            )
                        })
                        .collect()
                } else {
                    (0..sh.k)
                        .map(|k| (a_val(blk, i, k), b_val(blk, k, j)))
                        .collect()
                };
                for (x, y) in terms {
                    sum += x * y;
                    mag += (x * y).abs();
                    if sh.d == "i32" {
                        isum = isum.wrapping_add((x as i32).wrapping_mul(y as i32) as u32);
                    }
                }
                let slot = lane * sh.d_regs();
                match sh.d {
                    "i32" => out[slot + e] = (isum as u64, 0.0),
                    "f32" => {
                        let bound = (sh.k as f64 + 1.0) * 2f64.powi(-24) * mag;
                        out[slot + e] = ((sum as f32).to_bits() as u64, bound)
                    }
                    _ => {
                        let bound = (sh.k as f64 + 1.0) * 2f64.powi(-53) * mag;
                        let bits = sum.to_bits();
                        out[slot + 2 * e] = (bits & 0xffff_ffff, bound);
                        out[slot + 2 * e + 1] = (bits >> 32, bound);
                    }
                }
            }
        }
    }
    out
}

/// A random source word for format `s`: `exact` keeps values small dyadic
/// numbers (every product and sum exact in f32).
fn src_word(rng: &mut Rng, s: Src, exact: bool) -> u32 {
    let small = |rng: &mut Rng| (rng.range(-8, 8) as f32) * 0.25;
    match s {
        Src::F32 | Src::Xf32 => {
            if exact {
                small(rng).to_bits()
            } else {
                (rng.range_f64(-4.0, 4.0) as f32).to_bits()
            }
        }
        Src::F16 | Src::Bf16 => {
            let h = |rng: &mut Rng| -> u32 {
                let x = if exact {
                    small(rng)
                } else {
                    rng.range_f64(-4.0, 4.0) as f32
                };
                if s == Src::Bf16 {
                    x.to_bits() >> 16
                } else {
                    f16_bits(x)
                }
            };
            h(rng) | h(rng) << 16
        }
        Src::I8 => rng.next_u32(),
        Src::Fp8 | Src::Bf8 => {
            // Any byte but the NaN; exact: small magnitudes only.
            let byte = |rng: &mut Rng| -> u32 {
                loop {
                    let b = rng.below(256u32);
                    let e = if s == Src::Fp8 {
                        b >> 3 & 15
                    } else {
                        b >> 2 & 31
                    };
                    // Exact: magnitudes in [1/4, 4) (fp8 bias 8, bf8 16).
                    let lo = if s == Src::Fp8 { 6 } else { 14 };
                    if b != 0x80 && (!exact || (lo..=lo + 3).contains(&e)) {
                        return b;
                    }
                }
            };
            byte(rng) | byte(rng) << 8 | byte(rng) << 16 | byte(rng) << 24
        }
        Src::F64 => rng.next_u32(),
    }
}

/// The f16 nearest an f32 of moderate magnitude (truncated mantissa; the
/// test only needs f16 values, not rounding).
fn f16_bits(x: f32) -> u32 {
    if x == 0.0 {
        return 0;
    }
    let b = x.to_bits();
    let sign = b >> 16 & 0x8000;
    let e = (b >> 23 & 0xff) as i32 - 127 + 15;
    if e <= 0 {
        return sign;
    }
    sign | (e as u32) << 10 | (b >> 13 & 0x3ff)
}

fn f64_word_pair(rng: &mut Rng, exact: bool) -> [u32; 2] {
    let x = if exact {
        (rng.range(-8, 8) as f64) * 0.25
    } else {
        rng.range_f64(-4.0, 4.0)
    };
    let b = x.to_bits();
    [b as u32, (b >> 32) as u32]
}

fn input(rng: &mut Rng, sh: &Shape, exact: bool) -> Vec<u32> {
    let mut v = vec![0u32; 64 * STRIDE / 4];
    for lane in 0..64 {
        let w = &mut v[lane * STRIDE / 4..(lane + 1) * STRIDE / 4];
        for (base, s, n) in [(0, sh.a, sh.regs_a()), (4, sh.b, sh.regs_b())] {
            if s == Src::F64 {
                w[base..base + 2].copy_from_slice(&f64_word_pair(rng, exact));
            } else {
                for q in 0..n {
                    w[base + q] = src_word(rng, s, exact);
                }
            }
        }
        // SMFMAC index: every nibble a valid pair p0 < p1.
        const PAIRS: [u32; 6] = [0x4, 0x8, 0xc, 0x9, 0xd, 0xe];
        w[8] = (0..8).fold(0, |x, n| x | rng.pick(&PAIRS) << (4 * n));
        for e in 0..sh.d_elems() {
            match sh.d {
                "f32" => w[12 + e] = src_word(rng, Src::F32, exact),
                "i32" => w[12 + e] = rng.next_u32(),
                _ => w[12 + 2 * e..14 + 2 * e].copy_from_slice(&f64_word_pair(rng, exact)),
            }
        }
    }
    v
}

/// The forms each instruction is run in.
fn forms(rng: &mut Rng, sh: &Shape) -> Vec<Form> {
    let plain = Form {
        ab_acc: [false, false],
        cd_acc: false,
        in_place: false,
        c_const: None,
        cbsz: 0,
        abid: 0,
        blgp: 0,
    };
    let f64 = sh.d == "f64";
    let sets = if sh.a.bits() == 16 { 4 } else { 2 };
    let mut mods = |f: &mut Form| {
        if sh.sparse {
            // The index set: abid when cbsz is 0, else set 0.
            f.cbsz = rng.below(2u32) * rng.below(8u32);
            f.abid = rng.below(if f.cbsz == 0 { sets } else { 16 });
            return;
        }
        if f64 {
            f.blgp = rng.below(8u32);
            return;
        }
        f.blgp = rng.below(8u32);
        let max = sh.blocks.trailing_zeros();
        if max > 0 {
            f.cbsz = 1 + rng.below(max);
            f.abid = rng.below(1u32 << f.cbsz);
        }
    };
    let mut agpr = Form {
        ab_acc: [true, false],
        cd_acc: true,
        in_place: true,
        ..plain.clone()
    };
    mods(&mut agpr);
    let one = match sh.d {
        "i32" => ("1", 1.0),
        _ => ("1.0", 1.0),
    };
    let mut konst = Form {
        ab_acc: [false, true],
        c_const: (!sh.sparse).then_some(one),
        ..plain.clone()
    };
    mods(&mut konst);
    vec![plain, agpr, konst]
}

fn mfma_mnemonics() -> Vec<String> {
    let t = xisa_cdna::gfx942::tables::tables();
    let mut v: Vec<String> = t
        .opcodes
        .iter()
        .map(|o| o.mnemonic.clone())
        .filter(|m| m.starts_with("v_mfma_") || m.starts_with("v_smfmac_"))
        .collect();
    v.sort();
    v.dedup();
    v
}

/// Compares one launch's D words with the reference: integers exactly;
/// floats exactly on `exact` inputs, else within the bound.
#[allow(clippy::too_many_arguments)]
fn check(
    mnem: &str,
    sh: &Shape,
    f: &Form,
    e: Engine,
    variant: &str,
    exact: bool,
    inp: &[u32],
    got: &[u32],
) {
    let want = reference(sh, f, inp);
    let nd = sh.d_regs();
    let wide = sh.d == "f64";
    let step = if wide { 2 } else { 1 };
    for lane in 0..64 {
        for r in (0..nd).step_by(step) {
            let at = lane * STRIDE / 4 + r;
            let (g, (w, bound)) = if wide {
                let (lo, b) = want[lane * nd + r];
                let hi = want[lane * nd + r + 1].0;
                (
                    got[at] as u64 | (got[at + 1] as u64) << 32,
                    (lo | hi << 32, b),
                )
            } else {
                (got[at] as u64, want[lane * nd + r])
            };
            let ok = match sh.d {
                _ if exact || sh.d == "i32" => g == w,
                "f32" => {
                    let (gf, wf) = (
                        f32::from_bits(g as u32) as f64,
                        f32::from_bits(w as u32) as f64,
                    );
                    (gf - wf).abs() <= bound + wf.abs() * 2f64.powi(-24)
                }
                _ => {
                    let (gf, wf) = (f64::from_bits(g), f64::from_bits(w));
                    (gf - wf).abs() <= bound + wf.abs() * 2f64.powi(-53)
                }
            };
            assert!(
                ok,
                "{e:?} {variant} `{mnem}` {f:?} exact {exact} lane {lane} D word {r}: got {g:#x}, want {w:#x} (bound {bound:e})"
            );
        }
    }
}

#[test]
fn every_mfma_matches_the_reference() {
    let mnems = mfma_mnemonics();
    assert_eq!(mnems.len(), 46, "gfx942 has 46 MFMA rows: {mnems:?}");
    let mut rng = Rng::new(0x00d5_0942_0f3a);
    for mnem in &mnems {
        let sh = Shape::parse(mnem);
        for (n, f) in forms(&mut rng, &sh).into_iter().enumerate() {
            let src = kernel_src(mnem, &sh, &f);
            let k = lift_src(&src, &test_abi(0, 0));
            let inputs = [true, false].map(|exact| (exact, input(&mut rng, &sh, exact)));
            // The lockstep wave syncs `xisa run` inserts on every form; the
            // plain kernel on the first (compiling these is most of the time).
            let variants = wave_sync_variants(k);
            for (variant, k) in variants.iter().skip(if n == 0 { 0 } else { 1 }) {
                for e in ENGINES {
                    let prog = program(k, e);
                    for (exact, inp) in &inputs {
                        let out = vec![0u8; 64 * STRIDE];
                        let setup = setup_one_group(vec![bytes32(inp), out], 0, 64);
                        let res = run_program(k, prog.as_ref(), &setup);
                        let got = u32s(&res[1]);
                        check(mnem, &sh, &f, e, variant, *exact, inp, &got);
                    }
                }
            }
        }
    }
}

/// FNV-1a 64 (the digest `gfx942_mfma/layouts.py` writes).
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The reference's element lines of one matrix, in the digest's form.
fn layout_lines(sh: &Shape, mat: char) -> Vec<String> {
    let per = |s: Src| 32 / s.bits().min(32);
    // (register, item) of element e of a source.
    let at = |s: Src, e: usize| {
        if s == Src::F64 {
            (2 * e, 0)
        } else {
            (e / per(s), e % per(s))
        }
    };
    let mut t: Vec<Vec<usize>> = Vec::new();
    for blk in 0..sh.blocks {
        for x in 0..sh.m {
            for k in 0..sh.k {
                match mat {
                    // SMFMAC: the container (two elements) of group k / 4.
                    'a' if sh.sparse => {
                        let (l, e) = sh.a_at(blk, x, 2 * (k / 4));
                        let (r, it) = at(sh.a, e);
                        t.push(vec![l, r, it / 2, blk, x, k]);
                    }
                    // SMFMAC index: lane, register 0, nibble.
                    'k' => {
                        let (l, nib) = sh.index_at(x, k / 4);
                        t.push(vec![l, 0, nib, blk, x, k]);
                    }
                    'a' => {
                        let (l, e) = sh.a_at(blk, x, k);
                        let (r, it) = at(sh.a, e);
                        t.push(vec![l, r, it, blk, x, k]);
                    }
                    'b' => {
                        let (l, e) = sh.b_at(blk, k, x);
                        let (r, it) = at(sh.b, e);
                        t.push(vec![l, r, it, blk, k, x]);
                    }
                    _ => {}
                }
            }
            if mat == 'd' {
                for j in 0..sh.n {
                    let (l, e) = sh.d_at(blk, x, j);
                    let r = if sh.d == "f64" { 2 * e } else { e };
                    t.push(vec![l, r, blk, x, j]);
                }
            }
        }
    }
    t.sort();
    t.iter()
        .map(|v| {
            v.iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

/// The reference's layouts are AMD's: every element of A, B and D of every
/// MFMA row where the matrix instruction calculator puts it (digests of its
/// output in `gfx942_mfma/calculator_layouts.tsv`, rebuilt by `layouts.py`).
#[test]
fn reference_layouts_match_amds_calculator() {
    let table = include_str!("gfx942_mfma/calculator_layouts.tsv");
    let mut seen = 0;
    for line in table.lines().filter(|l| !l.starts_with('#')) {
        let c: Vec<&str> = line.split('\t').collect();
        let (mnem, mat) = (c[0], c[1].chars().next().unwrap());
        let lines = layout_lines(&Shape::parse(mnem), mat);
        assert_eq!(lines.len().to_string(), c[2], "{mnem} {mat}: element count");
        assert_eq!(
            format!("{:016x}", fnv1a(&lines.join("\n"))),
            c[3],
            "{mnem} {mat}: the reference layout differs from AMD's calculator"
        );
        seen += 1;
    }
    let sparse = mfma_mnemonics()
        .iter()
        .filter(|m| m.starts_with("v_smfmac_"))
        .count();
    assert_eq!(
        seen,
        3 * mfma_mnemonics().len() + sparse,
        "every MFMA row: A, B and D (and SMFMAC's index)"
    );
}
