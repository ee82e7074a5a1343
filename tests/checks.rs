//! Independent reference checks for corpus kernels (`; @check NAME`).
//!
//! Each check recomputes the expected output of one kernel on the host, in plain
//! Rust written from the IR documentation (`docs/ir.md`), not from
//! `xisa_ir::semantics`, so a bug shared by both engines (or by the semantics
//! module both use) is caught. Where a kernel has no sync points, lanes run one
//! after another (workgroups in order, lanes in order) under one worker thread,
//! so order-dependent results (atomic old values) are modelled sequentially.

// Lane-indexed loops mirror the kernels' indexing; iterators would obscure it.
#![allow(clippy::needless_range_loop)]

use std::fmt::Write as _;

use half::{bf16, f16};

use crate::spec::{Input, Spec};

/// A case's inputs and one engine's outputs.
pub struct CaseData<'a> {
    pub spec: &'a Spec,
    pub inputs: &'a [Input],
    /// Final contents of each buffer argument (`None` for other arguments).
    pub outputs: &'a [Option<Vec<u8>>],
}

impl CaseData<'_> {
    fn inp(&self, i: usize) -> &[u8] {
        self.inputs[i].buf().expect("argument is a buffer")
    }
    fn out(&self, i: usize) -> &[u8] {
        self.outputs[i].as_deref().expect("argument is a buffer")
    }
    fn scalar(&self, i: usize) -> u64 {
        self.inputs[i].bits().expect("argument is a scalar")
    }
    fn groups(&self) -> usize {
        self.spec.grid.iter().map(|&x| x as usize).product()
    }
    fn block(&self) -> usize {
        self.spec.block.iter().map(|&x| x as usize).product()
    }
    fn lanes(&self) -> usize {
        self.groups() * self.block()
    }
}

/// Names of every check, for the header validation test.
pub const CHECKS: &[&str] = &[
    "atom_int",
    "atom_float",
    "atom_scopes",
    "histogram",
    "example_histogram",
    "compaction",
    "spin_lock",
    "acquire_loads",
    "buffer_space",
    "reduce_tree",
    "prefix_scan",
    "shfl_butterfly",
    "shfl_updown",
    "vote_ops",
    "divergent",
    "wave64",
    "call_ret",
    "call_recursive",
    "local_array",
    "grid3d",
    "int_ops",
    "float_ops",
    "cvt_ops",
    "bitops",
    "mem_kinds",
    "guards_select",
    "fences",
    "switch_branch",
    "dyn_shared",
    "matmul_tiled",
    "transpose",
    "const_param",
    "special_clock",
    "cas_loop_fadd",
    "cas_loop_fmax",
    "grid_stride",
    "collatz",
    "intra_wave_spin",
    "call_sync",
    "divergent_loop_sync",
    "global_wrap",
];

/// Runs the check `name`.
pub fn run(name: &str, d: &CaseData) -> Result<(), String> {
    match name {
        "atom_int" => atom_int(d),
        "atom_float" => atom_float(d),
        "atom_scopes" => atom_scopes(d),
        "histogram" => histogram(d),
        "example_histogram" => example_histogram(d),
        "compaction" => compaction(d),
        "spin_lock" => spin_lock(d),
        "acquire_loads" => acquire_loads(d),
        "buffer_space" => buffer_space(d),
        "reduce_tree" => reduce_tree(d),
        "prefix_scan" => prefix_scan(d),
        "shfl_butterfly" => shfl_butterfly(d),
        "shfl_updown" => shfl_updown(d),
        "vote_ops" => vote_ops(d),
        "divergent" => divergent(d),
        "wave64" => wave64(d),
        "call_ret" => call_ret(d),
        "call_recursive" => call_recursive(d),
        "local_array" => local_array(d),
        "grid3d" => grid3d(d),
        "int_ops" => int_ops(d),
        "float_ops" => float_ops(d),
        "cvt_ops" => cvt_ops(d),
        "bitops" => bitops(d),
        "mem_kinds" => mem_kinds(d),
        "guards_select" => guards_select(d),
        "fences" => fences(d),
        "switch_branch" => switch_branch(d),
        "dyn_shared" => dyn_shared(d),
        "matmul_tiled" => matmul_tiled(d),
        "transpose" => transpose(d),
        "const_param" => const_param(d),
        "special_clock" => special_clock(d),
        "cas_loop_fadd" => cas_loop_fadd(d),
        "cas_loop_fmax" => cas_loop_fmax(d),
        "grid_stride" => grid_stride(d),
        "collatz" => collatz(d),
        "intra_wave_spin" => intra_wave_spin(d),
        "call_sync" => call_sync(d),
        "divergent_loop_sync" => divergent_loop_sync(d),
        "global_wrap" => global_wrap(d),
        _ => Err(format!("unknown check `{name}`")),
    }
}

// ------------------------------------------------------------------ helpers

fn rd8(b: &[u8], off: usize) -> u8 {
    b[off]
}
fn rd16(b: &[u8], off: usize) -> u16 {
    u16::from_le_bytes(b[off..off + 2].try_into().unwrap())
}
fn rd32(b: &[u8], off: usize) -> u32 {
    u32::from_le_bytes(b[off..off + 4].try_into().unwrap())
}
fn rd64(b: &[u8], off: usize) -> u64 {
    u64::from_le_bytes(b[off..off + 8].try_into().unwrap())
}
fn wr(b: &mut [u8], off: usize, v: u64, n: usize) {
    b[off..off + n].copy_from_slice(&v.to_le_bytes()[..n]);
}
fn u32s(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}
fn sext(v: u64, bits: u32) -> i64 {
    if bits == 64 {
        v as i64
    } else {
        ((v << (64 - bits)) as i64) >> (64 - bits)
    }
}
fn mask(bits: u32) -> u64 {
    if bits == 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// Compares a whole output buffer with the expected bytes.
fn expect_bytes(what: &str, got: &[u8], want: &[u8]) -> Result<(), String> {
    match crate::describe_diff(got, want, "got", "want") {
        None => Ok(()),
        Some(d) => Err(format!("{what}: {d}")),
    }
}

fn expect_eq<T: PartialEq + std::fmt::Debug>(what: &str, got: T, want: T) -> Result<(), String> {
    if got == want {
        Ok(())
    } else {
        Err(format!("{what}: got {got:?}, want {want:?}"))
    }
}

/// IEEE-754 minimumNumber / maximumNumber on f64 values (-0 < +0).
fn min_max_num(max: bool, a: f64, b: f64) -> f64 {
    if a.is_nan() {
        return b;
    }
    if b.is_nan() {
        return a;
    }
    if a == b {
        // equal, possibly zeros of different signs
        return if max == a.is_sign_negative() { b } else { a };
    }
    if (a < b) != max {
        a
    } else {
        b
    }
}

/// IEEE-754 minimum / maximum (NaN-propagating).
fn min_max_nan(max: bool, a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        return f64::NAN;
    }
    min_max_num(max, a, b)
}

/// A float format: significand bits (with the implicit one), minimum normal
/// exponent, maximum exponent.
#[derive(Clone, Copy)]
struct Fmt {
    p: i32,
    emin: i32,
    emax: i32,
}
const F16: Fmt = Fmt {
    p: 11,
    emin: -14,
    emax: 15,
};
const BF16: Fmt = Fmt {
    p: 8,
    emin: -126,
    emax: 127,
};
const F32: Fmt = Fmt {
    p: 24,
    emin: -126,
    emax: 127,
};
const F64: Fmt = Fmt {
    p: 53,
    emin: -1022,
    emax: 1023,
};

impl Fmt {
    fn max_finite(self) -> f64 {
        (2.0 - 2f64.powi(1 - self.p)) * 2f64.powi(self.emax)
    }
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Rnd {
    N,
    Z,
    M,
    P,
}

/// Rounds the exact value `sign * m * 2^e` (m > 0) to `fmt` by `rnd`; the result is
/// exactly representable in f64 (or infinite).
fn round_exact(neg: bool, m: u128, e: i32, fmt: Fmt, rnd: Rnd) -> f64 {
    debug_assert!(m > 0);
    let ex = e + (127 - m.leading_zeros() as i32);
    let qexp = ex.max(fmt.emin) - (fmt.p - 1);
    let (q, up) = if qexp <= e {
        (m << (e - qexp) as u32, false)
    } else {
        let sh = (qexp - e) as u32;
        let (q, rem, half) = if sh >= 128 {
            (0u128, m, u128::MAX)
        } else {
            (m >> sh, m & ((1u128 << sh) - 1), 1u128 << (sh - 1))
        };
        let inexact = rem != 0;
        let up = match rnd {
            Rnd::N => rem > half || (rem == half && sh < 128 && q & 1 == 1),
            Rnd::Z => false,
            Rnd::M => neg && inexact,
            Rnd::P => !neg && inexact,
        };
        (q, up)
    };
    let q = q + up as u128;
    let mag = ldexp(q as f64, qexp);
    let max = fmt.max_finite();
    let mag = if mag > max {
        let to_inf = match rnd {
            Rnd::N => true,
            Rnd::Z => false,
            Rnd::M => neg,
            Rnd::P => !neg,
        };
        if to_inf {
            f64::INFINITY
        } else {
            max
        }
    } else {
        mag
    };
    if neg {
        -mag
    } else {
        mag
    }
}

/// `x * 2^e`, exact whenever the result is representable.
fn ldexp(mut x: f64, mut e: i32) -> f64 {
    while e > 1000 {
        x *= 2f64.powi(1000);
        e -= 1000;
    }
    while e < -1000 {
        x *= 2f64.powi(-1000);
        e += 1000;
    }
    x * 2f64.powi(e)
}

/// Rounds a finite or infinite f64 to `fmt`; NaN stays NaN.
fn round_f64(x: f64, fmt: Fmt, rnd: Rnd) -> f64 {
    if x.is_nan() || x.is_infinite() || x == 0.0 {
        return x;
    }
    let bits = x.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1 << 52) - 1);
    let (m, e) = if exp == 0 {
        (frac, -1074)
    } else {
        (frac | (1 << 52), exp - 1075)
    };
    round_exact(x < 0.0, m as u128, e, fmt, rnd)
}

/// Rounds an integer to `fmt`.
fn round_int(x: i128, fmt: Fmt, rnd: Rnd) -> f64 {
    if x == 0 {
        return 0.0;
    }
    round_exact(x < 0, x.unsigned_abs(), 0, fmt, rnd)
}

/// The f16 nearest to `x` (rounded here: `half::f16::from_f64` is not
/// correctly rounded, see tests/tests/regressions.rs).
fn f16_bits(x: f64) -> u64 {
    f16::from_f64(round_f64(x, F16, Rnd::N)).to_bits() as u64
}
/// The bf16 nearest to `x` (rounded here, as for [`f16_bits`]).
fn bf16_bits(x: f64) -> u64 {
    bf16::from_f64(round_f64(x, BF16, Rnd::N)).to_bits() as u64
}
fn f16_val(b: u64) -> f64 {
    f16::from_bits(b as u16).to_f64()
}
fn bf16_val(b: u64) -> f64 {
    bf16::from_bits(b as u16).to_f64()
}

/// An f32 subnormal flushed to zero of the same sign.
fn ftz32(x: f32) -> f32 {
    if x.is_subnormal() {
        if x.is_sign_negative() {
            -0.0
        } else {
            0.0
        }
    } else {
        x
    }
}

// ------------------------------------------------------------------ atomics

const INT_OPS: [&str; 14] = [
    "add", "sub", "and", "or", "xor", "smin", "smax", "umin", "umax", "inc", "dec", "exch", "cas",
    "safeadd",
];

/// The value an integer atomic stores: the test kit's reference model.
fn int_atomic(op: &str, bits: u32, old: u64, src: u64, cmp: u64) -> u64 {
    let op = xisa_ir::AtomOp::ALL
        .into_iter()
        .find(|o| o.name() == op)
        .unwrap_or_else(|| panic!("atomic op {op}"));
    let ty = if bits == 64 {
        xisa_ir::AtomType::B64
    } else {
        xisa_ir::AtomType::B32
    };
    xisa_testkit::atomic(op, ty, old, src, cmp)
}

/// atom_{global,shared}_{b32,b64}: see gen_atomics.py for the layout.
fn atom_int(d: &CaseData) -> Result<(), String> {
    let n = d.lanes();
    let bsz = d.inp(0).len() / n;
    let bits = bsz as u32 * 8;
    let nops = INT_OPS.len();
    let slots_out = d.out(1);
    let global = slots_out.len() == 4 * nops * 4 * bsz;
    // (returns old value)
    let regions: &[bool] = if global {
        &[true, false, true, false]
    } else {
        &[true, false, true]
    };
    let nret = regions.iter().filter(|&&r| r).count();
    let per_group = regions.len() * nops * 4;
    let mut slots = vec![
        0u64;
        if global {
            per_group
        } else {
            per_group * d.groups()
        }
    ];
    let mut olds = vec![0u64; n * nret * nops];
    let rd = |b: &[u8], i: usize| -> u64 {
        if bsz == 4 {
            rd32(b, i * 4) as u64
        } else {
            rd64(b, i * 8)
        }
    };
    for wg in 0..d.groups() {
        let base = if global { 0 } else { wg * per_group };
        for t in 0..d.block() {
            let gid = wg * d.block() + t;
            let v = rd(d.inp(0), gid);
            let bnd = v & 15;
            let cmp = (v >> 8) & 3;
            let new = v & 3;
            let s = gid & 3;
            let mut ri = 0;
            for (r, &ret) in regions.iter().enumerate() {
                for (i, op) in INT_OPS.iter().enumerate() {
                    let idx = base + (r * nops + i) * 4 + s;
                    let old = slots[idx];
                    let src = match *op {
                        "inc" | "dec" => bnd,
                        "cas" => new,
                        _ => v,
                    };
                    slots[idx] = int_atomic(op, bits, old, src, cmp);
                    if ret {
                        olds[(gid * nret + ri) * nops + i] = old;
                    }
                }
                if ret {
                    ri += 1;
                }
            }
        }
    }
    let pack = |v: &[u64]| -> Vec<u8> {
        v.iter()
            .flat_map(|x| x.to_le_bytes()[..bsz].to_vec())
            .collect()
    };
    expect_bytes("slots", slots_out, &pack(&slots))?;
    expect_bytes("old values", d.out(2), &pack(&olds))
}

/// (type, op) groups of the float atomic kernels, in slot order.
const FLOAT_GROUPS: [(&str, &str); 12] = [
    ("f32", "fadd"),
    ("f32", "fmin"),
    ("f32", "fmax"),
    ("f32", "exch"),
    ("f32", "cas"),
    ("f64", "fadd"),
    ("f64", "fmin"),
    ("f64", "fmax"),
    ("f64", "exch"),
    ("f64", "cas"),
    ("f16x2", "fadd"),
    ("bf16x2", "fadd"),
];

/// f32 -> f16 bits rounded toward zero (|x| well inside the f16 range).
fn f16_rz(x: f32) -> u64 {
    f16_bits(round_f64(x as f64, F16, Rnd::Z))
}
fn bf16_rz(x: f32) -> u64 {
    bf16_bits(round_f64(x as f64, BF16, Rnd::Z))
}

/// atom_{global,shared}_float: see gen_atomics.py for the layout.
fn atom_float(d: &CaseData) -> Result<(), String> {
    let n = d.lanes();
    let g = FLOAT_GROUPS.len();
    let slots_out = d.out(2);
    let global = slots_out.len() == 4 * g * 4 * 8;
    let regions: &[bool] = if global {
        &[true, false, true, false]
    } else {
        &[true, false]
    };
    let nret = regions.iter().filter(|&&r| r).count();
    let per_group = regions.len() * g * 4;
    let mut slots = vec![
        0u64;
        if global {
            per_group
        } else {
            per_group * d.groups()
        }
    ];
    let mut olds = vec![0u64; n * nret * g];
    for wg in 0..d.groups() {
        let base = if global { 0 } else { wg * per_group };
        for t in 0..d.block() {
            let gid = wg * d.block() + t;
            let f = f32::from_bits(rd32(d.inp(0), gid * 4));
            let dv = f64::from_bits(rd64(d.inp(1), gid * 8));
            let h = f16_bits((f * 0.015625) as f64) | f16_rz(f * -0.0078125) << 16;
            let bh = bf16_bits(round_f64(f as f64, BF16, Rnd::N)) | bf16_rz(f * 0.5) << 16;
            let s = gid & 3;
            let mut ri = 0;
            for (r, &ret) in regions.iter().enumerate() {
                for (i, (ty, op)) in FLOAT_GROUPS.iter().enumerate() {
                    let idx = base + (r * g + i) * 4 + s;
                    let old = slots[idx];
                    let new = match (*ty, *op) {
                        ("f32", _) => {
                            let o = f32::from_bits(old as u32);
                            (match *op {
                                "fadd" => o + f,
                                "fmin" => min_max_num(false, o as f64, f as f64) as f32,
                                "fmax" => min_max_num(true, o as f64, f as f64) as f32,
                                "exch" => f,
                                _ => {
                                    if old as u32 == 0 {
                                        f
                                    } else {
                                        o
                                    }
                                }
                            })
                            .to_bits() as u64
                        }
                        ("f64", _) => {
                            let o = f64::from_bits(old);
                            (match *op {
                                "fadd" => o + dv,
                                "fmin" => min_max_num(false, o, dv),
                                "fmax" => min_max_num(true, o, dv),
                                "exch" => dv,
                                _ => {
                                    if old == 0 {
                                        dv
                                    } else {
                                        o
                                    }
                                }
                            })
                            .to_bits()
                        }
                        ("f16x2", _) => {
                            let lane = |sh: u32| f16_bits(f16_val(old >> sh) + f16_val(h >> sh));
                            lane(0) | lane(16) << 16
                        }
                        _ => {
                            let lane = |sh: u32| {
                                bf16_bits(round_f64(
                                    bf16_val(old >> sh) + bf16_val(bh >> sh),
                                    BF16,
                                    Rnd::N,
                                ))
                            };
                            lane(0) | lane(16) << 16
                        }
                    };
                    slots[idx] = new;
                    if ret {
                        olds[(gid * nret + ri) * g + i] = old;
                    }
                }
                if ret {
                    ri += 1;
                }
            }
        }
    }
    let pack = |v: &[u64]| -> Vec<u8> { v.iter().flat_map(|x| x.to_le_bytes()).collect() };
    expect_bytes("slots", slots_out, &pack(&slots))?;
    expect_bytes("old values", d.out(3), &pack(&olds))
}

fn atom_scopes(d: &CaseData) -> Result<(), String> {
    let mut words = vec![0u8; d.groups() * 64];
    let mut out = vec![0u8; d.lanes() * 32];
    for wg in 0..d.groups() {
        let w = &mut words[wg * 64..wg * 64 + 64];
        for t in 0..d.block() {
            let gid = wg * d.block() + t;
            let v = rd32(d.inp(0), gid * 4);
            let v64 = v as u64 * 0x10001;
            let tt = v & 0xffff;
            let f = tt as f32;
            let r0 = rd32(w, 0);
            wr(w, 0, r0.wrapping_add(v) as u64, 4);
            let r1 = rd32(w, 0);
            wr(w, 0, (r1 ^ v) as u64, 4);
            let r2 = rd32(w, 4);
            wr(w, 4, r2.max(v) as u64, 4);
            let o = rd32(w, 8);
            let o = if o >= 40 { 0 } else { o + 1 };
            wr(w, 8, o.wrapping_add(1) as u64, 4);
            let q0 = rd64(w, 16);
            wr(w, 16, q0.wrapping_add(v64), 8);
            let q1 = rd64(w, 24);
            if q1 == 0 {
                wr(w, 24, v64, 8);
            }
            let g0 = rd32(w, 32);
            wr(w, 32, (f32::from_bits(g0) + f).to_bits() as u64, 4);
            let m = f32::from_bits(rd32(w, 36));
            wr(
                w,
                36,
                (min_max_num(false, m as f64, f as f64) as f32).to_bits() as u64,
                4,
            );
            let m = f32::from_bits(rd32(w, 40));
            wr(
                w,
                40,
                (min_max_num(true, m as f64, f as f64) as f32).to_bits() as u64,
                4,
            );
            let s = rd64(w, 48);
            wr(w, 48, s.wrapping_sub(v64), 8);
            let g1 = rd32(w, 56);
            wr(w, 56, (f32::from_bits(g1) + f).to_bits() as u64, 4);
            let r3 = rd32(w, 60);
            if r3 == t as u32 {
                wr(w, 60, tt as u64, 4);
            }
            let ob = &mut out[gid * 32..gid * 32 + 32];
            wr(ob, 0, r0 as u64, 4);
            wr(ob, 4, r1 as u64, 4);
            wr(ob, 8, r2 as u64, 4);
            wr(ob, 12, r3 as u64, 4);
            wr(ob, 16, q0, 8);
            wr(ob, 24, q1, 8);
            wr(ob, 8, g0 as u64, 4);
            wr(ob, 28, g1 as u64, 4);
        }
    }
    expect_bytes("words", d.out(1), &words)?;
    expect_bytes("out", d.out(2), &out)
}

// ------------------------------------------------------------------ classic kernels

fn histogram(d: &CaseData) -> Result<(), String> {
    let n = d.scalar(1) as usize;
    let data = u32s(d.inp(0));
    let mut want = vec![0u32; 64];
    for &v in &data[..n] {
        want[v as usize] += 1;
    }
    let want: Vec<u8> = want.iter().flat_map(|x| x.to_le_bytes()).collect();
    expect_bytes("shared-then-global histogram", d.out(2), &want)?;
    expect_bytes("system-scope histogram", d.out(3), &want)
}

fn example_histogram(d: &CaseData) -> Result<(), String> {
    let n = d.scalar(1) as usize;
    let data = d.inp(0);
    let mut want = vec![0u32; 256];
    let mut sum = 0u32;
    for &b in &data[..n.min(data.len())] {
        want[b as usize] += 1;
        sum = sum.wrapping_add(b as u32);
    }
    let wantb: Vec<u8> = want.iter().flat_map(|x| x.to_le_bytes()).collect();
    expect_bytes("histogram", d.out(2), &wantb)?;
    expect_eq("checksum", rd32(d.out(3), 0), sum)?;
    expect_eq("histogram total", want.iter().sum::<u32>(), n as u32)
}

fn compaction(d: &CaseData) -> Result<(), String> {
    let n = d.scalar(1) as usize;
    let mut sel: Vec<u32> = u32s(d.inp(0))[..n]
        .iter()
        .copied()
        .filter(|v| v % 3 == 0)
        .collect();
    let cnt = rd32(d.out(2), 0) as usize;
    expect_eq("counter", cnt, sel.len())?;
    let out = u32s(d.out(3));
    let mut got = out[..cnt].to_vec();
    got.sort_unstable();
    sel.sort_unstable();
    expect_eq("compacted values (sorted)", got, sel)?;
    expect_eq("untouched tail", out[cnt..].iter().all(|&x| x == 0), true)
}

fn spin_lock(d: &CaseData) -> Result<(), String> {
    let n = d.lanes();
    let lock = d.out(0);
    expect_eq("lock word", rd32(lock, 0), 0)?;
    expect_eq("counter", rd32(lock, 4) as usize, n)?;
    let mut log = u32s(d.out(1));
    log.sort_unstable();
    expect_eq(
        "log is a permutation of the lane ids",
        log,
        (0..n as u32).collect::<Vec<_>>(),
    )
}

fn acquire_loads(d: &CaseData) -> Result<(), String> {
    let inp = u32s(d.inp(0));
    let data: Vec<u32> = inp
        .iter()
        .map(|v| v.wrapping_mul(3).wrapping_add(1))
        .collect();
    expect_eq("data", u32s(d.out(1)), data.clone())?;
    expect_eq("flags", u32s(d.out(2)), vec![1, 1, 0, 0])?;
    let out: Vec<u32> = data.iter().map(|v| v & 0x7fff_ffff).collect();
    expect_eq("out", u32s(d.out(3)), out)?;
    let mut out2 = vec![0u32; 128];
    for t in 0..64 {
        out2[2 * t] = inp[t ^ 32] ^ t as u32;
        out2[2 * t + 1] = inp[t];
    }
    expect_eq("out2", u32s(d.out(4)), out2)
}

fn buffer_space(d: &CaseData) -> Result<(), String> {
    let buf = d.inp(0);
    let size = d.scalar(1) as i64;
    let mut obuf = vec![0u8; 256];
    let mut abuf = vec![0u8; 256];
    let mut out = vec![0u8; 96 * 32];
    let inr = |off: u32, imm: i64, len: i64| -> Option<usize> {
        let o = off as i64 + imm;
        (o >= 0 && o + len <= size).then_some(o as usize)
    };
    for t in 0..96u32 {
        let off = (4 * t).wrapping_sub(32);
        let v = inr(off, 0, 4).map_or(0, |o| rd32(buf, o));
        let (x, y) = inr(off, 4, 8).map_or((0, 0), |o| (rd32(buf, o), rd32(buf, o + 4)));
        let b = inr(t, 0, 1).map_or(0, |o| buf[o] as u32);
        let h = inr(off, -2, 2).map_or(0, |o| rd16(buf, o) as i16 as i32 as u32);
        if let Some(o) = inr(off, 16, 4) {
            wr(&mut obuf, o, v as u64, 4);
        }
        let t4 = (t % 70) * 4;
        let old = match inr(t4, 0, 4) {
            Some(o) => {
                let old = rd32(&abuf, o);
                wr(&mut abuf, o, old.wrapping_add(1) as u64, 4);
                old
            }
            None => 0,
        };
        if let Some(o) = inr(8 * t, -512, 8) {
            wr(&mut abuf, o, t as u64 * 0x0101_0101, 8);
        }
        let ob = &mut out[t as usize * 32..];
        for (i, w) in [v, x, y, b, h, 0, old, 0].iter().enumerate() {
            wr(ob, i * 4, *w as u64, 4);
        }
    }
    expect_bytes("stores through the descriptor", d.out(2), &obuf)?;
    expect_bytes("atomics through the descriptor", d.out(3), &abuf)?;
    expect_bytes("loaded values", d.out(5), &out)
}

fn reduce_tree(d: &CaseData) -> Result<(), String> {
    let inp = u32s(d.inp(0));
    let b = d.block();
    let mut want = vec![];
    for wg in 0..d.groups() {
        let s = &inp[wg * b..wg * b + b];
        want.push(s.iter().fold(0u32, |a, &x| a.wrapping_add(x)));
        want.push(*s.iter().max().unwrap());
    }
    expect_eq("sum and max per workgroup", u32s(d.out(1)), want)
}

fn prefix_scan(d: &CaseData) -> Result<(), String> {
    let inp = u32s(d.inp(0));
    let b = d.block();
    let mut want = vec![];
    for wg in 0..d.groups() {
        let mut acc = 0u32;
        for &x in &inp[wg * b..wg * b + b] {
            acc = acc.wrapping_add(x);
            want.push(acc);
        }
    }
    expect_eq("inclusive prefix sums", u32s(d.out(1)), want)
}

/// The lanes of the wave of flat workgroup lane `t`: (first lane, lane count).
fn wave_of(t: usize, block: usize, wave: usize) -> (usize, usize) {
    let w0 = t / wave * wave;
    (w0, (block - w0).min(wave))
}

fn shfl_butterfly(d: &CaseData) -> Result<(), String> {
    let inp = u32s(d.inp(0));
    let fin: Vec<f32> = u32s(d.inp(1)).into_iter().map(f32::from_bits).collect();
    let mut want = vec![0u32; d.lanes() * 3];
    for w in 0..d.lanes() / 32 {
        let mut v: Vec<u32> = inp[w * 32..w * 32 + 32].to_vec();
        let mut m = v.clone();
        let mut f: Vec<f32> = fin[w * 32..w * 32 + 32].to_vec();
        for x in [16, 8, 4, 2, 1] {
            let (pv, pm, pf) = (v.clone(), m.clone(), f.clone());
            for l in 0..32 {
                v[l] = pv[l].wrapping_add(pv[l ^ x]);
                m[l] = pm[l].max(pm[l ^ x]);
                f[l] = pf[l] + pf[l ^ x];
            }
        }
        for l in 0..32 {
            let g = w * 32 + l;
            want[g * 3] = v[l];
            want[g * 3 + 1] = m[l];
            want[g * 3 + 2] = f[l].to_bits();
        }
    }
    expect_eq("butterfly results", u32s(d.out(2)), want)
}

fn shfl_updown(d: &CaseData) -> Result<(), String> {
    let b = d.block();
    let mut want = vec![0u8; d.lanes() * 48];
    for wg in 0..d.groups() {
        let base = wg * b;
        let w64 = |t: usize| rd64(d.inp(0), (base + t) * 8);
        let v = |t: usize| w64(t) as u32;
        for t in 0..b {
            let (w0, n) = wave_of(t, b, 32);
            let l = t - w0;
            // (source lane in the workgroup, valid)
            let src = |j: u32| -> (usize, bool) {
                if (j as usize) < n {
                    (w0 + j as usize, true)
                } else {
                    (t, false)
                }
            };
            let o = &mut want[(base + t) * 48..(base + t + 1) * 48];
            let (s, ok) = src((l as u32).wrapping_sub(1));
            wr(o, 0, v(s) as u64, 4);
            wr(o, 4, ok as u64, 4);
            let (s, ok) = src((l as u32).wrapping_sub(3));
            wr(o, 8, v(s) as u64, 4);
            wr(o, 12, ok as u64, 4);
            let (s, ok) = src(l as u32 + 5);
            wr(o, 16, w64(s), 8);
            wr(o, 24, ok as u64, 1);
            let j = rd32(d.inp(1), (base + t) * 4);
            let (s, ok) = src(j);
            wr(o, 32, w64(s), 8);
            wr(o, 25, ok as u64, 1);
            let (s, _) = src(7);
            wr(o, 26, w64(s) & 0xff, 1);
            if l & 1 == 1 {
                wr(o, 40, v(t - 1) as u64, 4);
                wr(o, 44, 0, 4);
            } else {
                let (s, ok) = src(l as u32 + 2);
                wr(o, 40, v(s) as u64, 4);
                wr(o, 44, if ok { 2 } else { 3 }, 4);
            }
        }
    }
    expect_bytes("shuffle results", d.out(2), &want)
}

fn bits_of(lanes: impl Iterator<Item = usize>) -> u64 {
    lanes.fold(0, |m, l| m | 1 << l)
}

fn vote_ops(d: &CaseData) -> Result<(), String> {
    let b = d.block();
    let mut want = vec![0u8; d.lanes() * 64];
    for wg in 0..d.groups() {
        let base = wg * b;
        let v = |t: usize| rd32(d.inp(0), (base + t) * 4);
        for t in 0..b {
            let (w0, n) = wave_of(t, b, 32);
            let l = t - w0;
            let p1 = |l: usize| v(w0 + l) & 1 == 1;
            let p2 = |l: usize| v(w0 + l) & 0x3f != 0;
            let all = bits_of(0..n);
            let b1 = bits_of((0..n).filter(|&l| p1(l)));
            let b2 = bits_of((0..n).filter(|&l| p2(l)));
            let mut flags = 0u32;
            flags |= (b1 == all) as u32;
            flags |= ((b1 != 0) as u32) << 1;
            flags |= ((b1 == 0 || b1 == all) as u32) << 2;
            flags |= ((b2 == all) as u32) << 3;
            flags |= 16 | 32;
            let o = &mut want[(base + t) * 64..(base + t + 1) * 64];
            wr(o, 0, flags as u64, 4);
            wr(o, 4, b1, 4);
            wr(o, 8, b2, 8);
            wr(o, 16, all, 4);
            wr(o, 24, all, 8);
            let first = v(w0);
            wr(o, 32, first as u64, 4);
            wr(o, 40, first as u64 * first as u64, 8);
            wr(o, 48, first as u64, 4);
            let group: Vec<usize> = (0..n)
                .filter(|&k| {
                    if k % 3 != l % 3 {
                        return false;
                    }
                    if l % 3 != 2 {
                        return true;
                    }
                    if (k < 16) != (l < 16) {
                        return false;
                    }
                    l >= 16 || k % 2 == l % 2
                })
                .collect();
            let gm = bits_of(group.iter().copied());
            let (m, rv) = match l % 3 {
                0 => {
                    let bal = bits_of(group.iter().copied().filter(|&k| p1(k)));
                    (gm ^ bal, group[0] as u64)
                }
                1 => {
                    let any = group.iter().any(|&k| p1(k));
                    let all2 = group.iter().all(|&k| p2(k));
                    (
                        (if any { 0x1111 } else { 0x2222 }) | if all2 { 0x10000 } else { 0 },
                        v(w0 + group[0]) as u64,
                    )
                }
                _ if l < 16 && l % 2 == 1 => (gm, group[0] as u64),
                _ if l < 16 => (!gm & 0xffff_ffff, 77),
                _ => {
                    let c = group.iter().filter(|&&k| p1(k)).count();
                    (
                        if c == 0 || c == group.len() { 5 } else { 6 },
                        (base + w0 + group[0]) as u64,
                    )
                }
            };
            wr(o, 56, m, 4);
            wr(o, 60, rv, 4);
        }
    }
    expect_bytes("vote results", d.out(1), &want)
}

fn divergent(d: &CaseData) -> Result<(), String> {
    let b = d.block();
    let mut want = vec![0u8; d.lanes() * 12];
    for wg in 0..d.groups() {
        let base = wg * b;
        let mut acc = vec![0u32; b];
        for t in 0..b {
            let v = rd32(d.inp(0), (base + t) * 4);
            let (path, mut a) = match (t % 2 == 0, t % 4 < 2) {
                (true, true) => (1, v.wrapping_mul(3)),
                (true, false) => (2, v ^ 0x5a5a_5a5a),
                (false, true) => (3, v.wrapping_neg()),
                (false, false) => (4, v >> 3),
            };
            for i in 0..(v & 15) {
                a = a.wrapping_mul(5).wrapping_add(i);
            }
            acc[t] = a;
            wr(&mut want, (base + t) * 12, path, 4);
            wr(&mut want, (base + t) * 12 + 4, a as u64, 4);
        }
        let alive = |t: usize| t % 5 != 4;
        for t in (0..b).filter(|&t| alive(t)) {
            let (w0, n) = wave_of(t, b, 32);
            let m = bits_of((0..n).filter(|&l| alive(w0 + l)));
            let nb_t = (t + 1) % b;
            let nb = if alive(nb_t) { acc[nb_t] } else { 0 };
            wr(&mut want, (base + t) * 12 + 8, m ^ nb as u64, 4);
        }
    }
    expect_bytes("paths and values", d.out(1), &want)
}

fn wave64(d: &CaseData) -> Result<(), String> {
    let b = d.block();
    let mut want = vec![0u8; d.lanes() * 40];
    for wg in 0..d.groups() {
        let base = wg * b;
        for w0 in (0..b).step_by(64) {
            let n = (b - w0).min(64);
            let v: Vec<u32> = (0..n)
                .map(|l| rd32(d.inp(0), (base + w0 + l) * 4))
                .collect();
            let mut s = v.clone();
            let mut flags = vec![0u32; n];
            for x in [32, 16, 8, 4, 2, 1] {
                let p = s.clone();
                for l in 0..n {
                    let ok = (l ^ x) < n;
                    s[l] = p[l].wrapping_add(if ok { p[l ^ x] } else { p[l] });
                    flags[l] = flags[l] << 1 | ok as u32;
                }
            }
            let ball = bits_of((0..n).filter(|&l| v[l] & 1 == 1));
            let all = bits_of(0..n);
            for l in 0..n {
                let f = flags[l]
                    | if ball == all { 0x100 } else { 0 }
                    | if ball != 0 { 0x200 } else { 0 };
                let o = &mut want[(base + w0 + l) * 40..];
                wr(o, 0, s[l] as u64, 4);
                wr(o, 4, f as u64, 4);
                wr(o, 8, ball & 0xffff_ffff, 4);
                wr(o, 12, v[0] as u64, 4);
                wr(o, 16, ball, 8);
                wr(o, 24, all, 8);
                wr(o, 32, ((w0 / 64) << 8 | l | 64 << 16) as u64, 4);
            }
        }
    }
    expect_bytes("wave-64 results", d.out(1), &want)
}

fn call_ret(d: &CaseData) -> Result<(), String> {
    let inp = u32s(d.inp(0));
    let mut want = vec![];
    for (gid, &x) in inp.iter().enumerate().take(d.lanes()) {
        let sq = x.wrapping_mul(x);
        let cu = sq.wrapping_mul(x);
        want.push(sq.wrapping_mul(3).wrapping_add(cu).wrapping_add(7));
        let t = gid % d.block();
        want.push(if t % 2 == 1 {
            x.wrapping_add(1).wrapping_mul(x.wrapping_add(1))
        } else {
            0
        });
    }
    expect_eq("results", u32s(d.out(1)), want)
}

fn call_recursive(d: &CaseData) -> Result<(), String> {
    fn fib(n: u32) -> u32 {
        if n < 2 {
            n
        } else {
            fib(n - 1) + fib(n - 2)
        }
    }
    let mut want = vec![];
    for &v in &u32s(d.inp(0))[..d.lanes()] {
        want.push(fib(v % 13));
        let m = v % 40;
        want.push(m * (m + 1) / 2);
    }
    expect_eq("fib and sums", u32s(d.out(1)), want)
}

fn local_array(d: &CaseData) -> Result<(), String> {
    let inp = u32s(d.inp(0));
    let mut want = vec![];
    for g in 0..d.lanes() {
        let mut a = inp[g * 16..g * 16 + 16].to_vec();
        let mut cnt = [0u32; 8];
        for &x in &a {
            cnt[(x & 7) as usize] += 1;
        }
        a.sort_unstable();
        want.extend(a);
        want.extend(cnt);
    }
    expect_eq("sorted arrays and counts", u32s(d.out(1)), want)
}

fn grid3d(d: &CaseData) -> Result<(), String> {
    let [gx, gy, gz] = d.spec.grid;
    let [nx, ny, nz] = d.spec.block;
    let mut want = vec![0u32; d.lanes() * 16];
    for cz in 0..gz {
        for cy in 0..gy {
            for cx in 0..gx {
                for tz in 0..nz {
                    for ty in 0..ny {
                        for tx in 0..nx {
                            let blk = (cz * gy + cy) * gx + cx;
                            let t = (tz * ny + ty) * nx + tx;
                            let lin = (blk * nx * ny * nz + t) as usize;
                            let row = [
                                tx,
                                ty,
                                tz,
                                nx,
                                ny,
                                nz,
                                cx,
                                cy,
                                cz,
                                gx,
                                gy,
                                gz,
                                t % 32,
                                t / 32,
                                32,
                                32,
                            ];
                            want[lin * 16..lin * 16 + 16].copy_from_slice(&row);
                        }
                    }
                }
            }
        }
    }
    expect_eq("special registers", u32s(d.out(0)), want)
}

// ------------------------------------------------------------------ op families

const BINOPS: [&str; 19] = [
    "add", "sub", "mul", "smulhi", "umulhi", "sdiv", "udiv", "srem", "urem", "and", "or", "xor",
    "shl", "lshr", "ashr", "smin", "umin", "smax", "umax",
];
const UNOPS: [&str; 9] = [
    "not", "neg", "abs", "popc", "clz", "ctz", "brev", "uflo", "sflo",
];

fn int_bin(op: &str, w: u32, a: u64, b: u64) -> u64 {
    let m = mask(w);
    let (a, b) = (a & m, b & m);
    let (sa, sb) = (sext(a, w), sext(b, w));
    let min = 1u64 << (w - 1);
    let r = match op {
        "add" => a.wrapping_add(b),
        "sub" => a.wrapping_sub(b),
        "mul" => a.wrapping_mul(b),
        "smulhi" => ((sa as i128 * sb as i128) >> w) as u64,
        "umulhi" => ((a as u128 * b as u128) >> w) as u64,
        "sdiv" => {
            if b == 0 {
                u64::MAX
            } else if a == min && b == m {
                min
            } else {
                (sa / sb) as u64
            }
        }
        "udiv" => a.checked_div(b).unwrap_or(u64::MAX),
        "srem" => {
            if b == 0 {
                a
            } else if a == min && b == m {
                0
            } else {
                (sa % sb) as u64
            }
        }
        "urem" => {
            if b == 0 {
                a
            } else {
                a % b
            }
        }
        "and" => a & b,
        "or" => a | b,
        "xor" => a ^ b,
        "smin" => sa.min(sb) as u64,
        "umin" => a.min(b),
        "smax" => sa.max(sb) as u64,
        "umax" => a.max(b),
        _ => unreachable!("{op}"),
    };
    r & m
}

fn int_shift(op: &str, w: u32, a: u64, amt: u32) -> u64 {
    let m = mask(w);
    let a = a & m;
    let r = match op {
        "shl" if amt >= w => 0,
        "shl" => a << amt,
        "lshr" if amt >= w => 0,
        "lshr" => a >> amt,
        "ashr" => (sext(a, w) >> amt.min(w - 1)) as u64,
        _ => unreachable!(),
    };
    r & m
}

fn int_un(op: &str, w: u32, a: u64) -> u64 {
    let m = mask(w);
    let a = a & m;
    let clz = a.leading_zeros() - (64 - w);
    let r = match op {
        "not" => !a,
        "neg" => a.wrapping_neg(),
        "abs" => sext(a, w).wrapping_abs() as u64,
        "popc" => a.count_ones() as u64,
        "clz" => clz as u64,
        "ctz" => a.trailing_zeros().min(w) as u64,
        "brev" => a.reverse_bits() >> (64 - w),
        "uflo" => {
            if a == 0 {
                u64::MAX
            } else {
                (w - 1 - clz) as u64
            }
        }
        "sflo" => {
            let x = if sext(a, w) < 0 { !a & m } else { a };
            if x == 0 {
                u64::MAX
            } else {
                (w - 1 - (x.leading_zeros() - (64 - w))) as u64
            }
        }
        _ => unreachable!(),
    };
    r & m
}

fn icmp_mask(w: u32, a: u64, b: u64) -> u64 {
    let (sa, sb) = (sext(a, w), sext(b, w));
    let (a, b) = (a & mask(w), b & mask(w));
    let c = [
        a == b,
        a != b,
        sa < sb,
        sa <= sb,
        sa > sb,
        sa >= sb,
        a < b,
        a <= b,
        a > b,
        a >= b,
    ];
    c.iter()
        .enumerate()
        .fold(0, |m, (i, &x)| m | (x as u64) << i)
}

fn int_ops(d: &CaseData) -> Result<(), String> {
    let mut errs = String::new();
    for lane in 0..d.lanes() {
        let x = rd64(d.inp(0), lane * 16);
        let y = rd64(d.inp(0), lane * 16 + 8);
        let raw = y as u32;
        let mut want: Vec<(String, u64)> = vec![];
        for w in [8u32, 16, 32, 64] {
            let (a, b) = (x & mask(w), y & mask(w));
            let c = a ^ b;
            let amt = raw & (2 * w - 1);
            for op in BINOPS {
                let r = match op {
                    "shl" | "lshr" | "ashr" => int_shift(op, w, a, amt),
                    _ => int_bin(op, w, a, b),
                };
                want.push((format!("{op}.i{w}"), r));
            }
            if w >= 32 {
                for op in ["shl", "lshr", "ashr"] {
                    want.push((format!("{op}.raw.i{w}"), int_shift(op, w, a, raw)));
                }
            }
            for op in UNOPS {
                want.push((format!("{op}.i{w}"), int_un(op, w, a)));
            }
            want.push((
                format!("mad.i{w}"),
                a.wrapping_mul(b).wrapping_add(c) & mask(w),
            ));
            want.push((format!("icmp.i{w}"), icmp_mask(w, a, b)));
        }
        let (a32, b32) = (x as u32, y as u32);
        want.push((
            "mulwide.s32".into(),
            (a32 as i32 as i64 * b32 as i32 as i64) as u64,
        ));
        want.push(("mulwide.u32".into(), a32 as u64 * b32 as u64));
        let out = &d.out(1)[lane * want.len() * 8..];
        for (i, (name, v)) in want.iter().enumerate() {
            let got = rd64(out, i * 8);
            if got != *v && errs.len() < 2000 {
                let _ = writeln!(
                    errs,
                    "lane {lane}: {name} a={x:#x} b={y:#x}: got {got:#x}, want {v:#x}"
                );
            }
        }
    }
    if errs.is_empty() {
        Ok(())
    } else {
        Err(errs)
    }
}

/// Float format helpers for float_ops: value <-> bits per type name.
fn fval(ty: &str, bits: u64) -> f64 {
    match ty {
        "f32" => f32::from_bits(bits as u32) as f64,
        "f64" => f64::from_bits(bits),
        "f16" => f16_val(bits),
        _ => bf16_val(bits),
    }
}
fn fbits(ty: &str, v: f64) -> u64 {
    match ty {
        "f32" => (v as f32).to_bits() as u64,
        "f64" => v.to_bits(),
        "f16" => f16_bits(v),
        _ => bf16_bits(v),
    }
}
fn fmt_of(ty: &str) -> Fmt {
    match ty {
        "f32" => F32,
        "f64" => F64,
        "f16" => F16,
        _ => BF16,
    }
}

const FCONDS: [&str; 14] = [
    "oeq", "one", "olt", "ole", "ogt", "oge", "ueq", "une", "ult", "ule", "ugt", "uge", "ord",
    "uno",
];

fn fcmp(cond: &str, a: f64, b: f64) -> bool {
    let uno = a.is_nan() || b.is_nan();
    match cond {
        "oeq" => !uno && a == b,
        "one" => !uno && a != b,
        "olt" => !uno && a < b,
        "ole" => !uno && a <= b,
        "ogt" => !uno && a > b,
        "oge" => !uno && a >= b,
        "ueq" => uno || a == b,
        "une" => uno || a != b,
        "ult" => uno || a < b,
        "ule" => uno || a <= b,
        "ugt" => uno || a > b,
        "uge" => uno || a >= b,
        "ord" => !uno,
        _ => uno,
    }
}

/// The slots of float_ops.xir, in order (mirrors gen_ops.py `float_slots`).
fn float_slots() -> Vec<(&'static str, String)> {
    let mut v = vec![];
    for t in ["f32", "f64", "f16", "bf16"] {
        for op in ["fadd", "fsub", "fmul", "fdiv"] {
            for r in ["rn", "rz", "rm", "rp"] {
                v.push((t, format!("{op}.{r}")));
            }
        }
        for op in ["fmin", "fmax", "fminnan", "fmaxnan"] {
            v.push((t, op.to_string()));
        }
        for op in [
            "fneg", "fabs", "sqrt", "rcp", "rsqrt", "exp2", "log2", "sin", "cos", "floor", "ceil",
            "trunc", "rint",
        ] {
            v.push((t, op.to_string()));
        }
        v.push((t, "fma".into()));
        v.push((t, "fcmp".into()));
        for op in [
            "fadd.ftz",
            "fmul.rz.ftz",
            "fdiv.ftz",
            "sqrt.ftz",
            "rcp.ftz",
            "fma.ftz",
        ] {
            v.push((t, op.to_string()));
        }
    }
    v
}

/// The expected result of a float_ops slot, as (bits, exact): `exact` false
/// means only NaN-ness is compared (a NaN result's payload is not specified
/// here). `None`: not modelled.
fn float_expect(ty: &str, op: &str, a: u64, b: u64, c: u64) -> Option<(u64, bool)> {
    let (fa, fb, fc) = (fval(ty, a), fval(ty, b), fval(ty, c));
    let fmt = fmt_of(ty);
    let is32 = ty == "f32";
    let flush = |x: f64| -> f64 {
        if is32 {
            ftz32(x as f32) as f64
        } else {
            x
        }
    };
    let ftz = op.ends_with(".ftz");
    let (ia, ib, ic) = if ftz {
        (flush(fa), flush(fb), flush(fc))
    } else {
        (fa, fb, fc)
    };
    let fin = |x: f64| -> Option<(u64, bool)> {
        let x = if ftz { flush(x) } else { x };
        Some((fbits(ty, x), !x.is_nan()))
    };
    // f64 arithmetic on the (exactly representable) inputs; exact for f32 mul
    // and for every add/mul/div/sqrt of the 16-bit types.
    let r = |v: f64| round_f64(v, fmt, Rnd::N);
    match op {
        "fadd.rn" | "fadd.ftz" => match ty {
            "f32" => fin((ia as f32 + ib as f32) as f64),
            "f64" => fin(ia + ib),
            _ => fin(r(ia + ib)),
        },
        "fsub.rn" => match ty {
            "f32" => fin((fa as f32 - fb as f32) as f64),
            "f64" => fin(fa - fb),
            _ => fin(r(fa - fb)),
        },
        "fmul.rn" => match ty {
            "f64" => fin(fa * fb),
            _ => fin(r(fa * fb)),
        },
        "fmul.rz" | "fmul.rm" | "fmul.rp" | "fmul.rz.ftz" if is32 => {
            let mode = match &op[5..7] {
                "rz" => Rnd::Z,
                "rm" => Rnd::M,
                _ => Rnd::P,
            };
            fin(round_f64(ia * ib, F32, mode))
        }
        "fmul.rz.ftz" => fin(round_f64(fa * fb, fmt, Rnd::Z)).filter(|_| ty != "f64"),
        "fdiv.rn" | "fdiv.ftz" => match ty {
            "f32" => fin((ia as f32 / ib as f32) as f64),
            "f64" => fin(ia / ib),
            _ => fin(r(ia / ib)),
        },
        "fmin" | "fmax" => fin(min_max_num(op == "fmax", fa, fb)),
        "fminnan" | "fmaxnan" => fin(min_max_nan(op == "fmaxnan", fa, fb)),
        "fneg" => Some((a ^ (1 << (fmt_bits(ty) - 1)), true)),
        "fabs" => Some((a & !(1 << (fmt_bits(ty) - 1)), true)),
        "sqrt" | "sqrt.ftz" => match ty {
            "f32" => fin((ia as f32).sqrt() as f64),
            "f64" => fin(ia.sqrt()),
            _ => fin(r(ia.sqrt())),
        },
        "rcp" | "rcp.ftz" => match ty {
            "f32" => fin((1.0 / ia as f32) as f64),
            "f64" => fin(1.0 / ia),
            _ => fin(r(1.0 / ia)),
        },
        "floor" => fin(fa.floor()),
        "ceil" => fin(fa.ceil()),
        "trunc" => fin(fa.trunc()),
        "rint" => fin(fa.round_ties_even()),
        "fma" | "fma.ftz" => match ty {
            "f32" => fin((ia as f32).mul_add(ib as f32, ic as f32) as f64),
            "f64" => fin(ia.mul_add(ib, ic)),
            _ => None,
        },
        _ => None,
    }
}

fn fmt_bits(ty: &str) -> u32 {
    match ty {
        "f32" => 32,
        "f64" => 64,
        _ => 16,
    }
}

fn float_ops(d: &CaseData) -> Result<(), String> {
    let slots = float_slots();
    let mut errs = String::new();
    for lane in 0..d.lanes() {
        let f32in: Vec<u64> = (0..3)
            .map(|i| rd32(d.inp(0), lane * 12 + i * 4) as u64)
            .collect();
        let f64in: Vec<u64> = (0..3).map(|i| rd64(d.inp(1), lane * 24 + i * 8)).collect();
        let out = &d.out(2)[lane * slots.len() * 8..];
        for (i, (ty, op)) in slots.iter().enumerate() {
            let ins: Vec<u64> = match *ty {
                "f32" => f32in.clone(),
                "f64" => f64in.clone(),
                // the kernel converts the f32 inputs (rn); skip NaN sources, whose
                // narrowed payload is not modelled here
                t => {
                    if f32in.iter().any(|&x| f32::from_bits(x as u32).is_nan()) {
                        continue;
                    }
                    f32in
                        .iter()
                        .map(|&x| {
                            fbits(
                                t,
                                round_f64(f32::from_bits(x as u32) as f64, fmt_of(t), Rnd::N),
                            )
                        })
                        .collect()
                }
            };
            let got = match *ty {
                "f32" => rd32(out, i * 8) as u64,
                "f64" => rd64(out, i * 8),
                _ => rd16(out, i * 8) as u64,
            };
            if op == "fcmp" {
                let got = rd32(out, i * 8) as u64;
                let (a, b) = (fval(ty, ins[0]), fval(ty, ins[1]));
                let mut m = 0u64;
                for (j, c) in FCONDS.iter().enumerate() {
                    m |= (fcmp(c, a, b) as u64) << j;
                }
                let (fa, fb) = if *ty == "f32" {
                    (ftz32(a as f32) as f64, ftz32(b as f32) as f64)
                } else {
                    (a, b)
                };
                m |= (fcmp("olt", fa, fb) as u64) << 16;
                if got != m && errs.len() < 3000 {
                    let _ = writeln!(
                        errs,
                        "lane {lane}: fcmp.{ty} a={a:e} b={b:e}: mask got {got:#x}, want {m:#x}"
                    );
                }
                continue;
            }
            let Some((want, exact)) = float_expect(ty, op, ins[0], ins[1], ins[2]) else {
                continue;
            };
            let ok = if exact {
                got == want
            } else {
                fval(ty, got).is_nan()
            };
            if !ok && errs.len() < 3000 {
                let _ = writeln!(
                    errs,
                    "lane {lane}: {op}.{ty}({:e}, {:e}, {:e}) [{:#x}, {:#x}, {:#x}]: got {:#x} ({:e}), want {want:#x} ({:e})",
                    fval(ty, ins[0]),
                    fval(ty, ins[1]),
                    fval(ty, ins[2]),
                    ins[0],
                    ins[1],
                    ins[2],
                    got,
                    fval(ty, got),
                    fval(ty, want)
                );
            }
        }
    }
    if errs.is_empty() {
        Ok(())
    } else {
        Err(errs)
    }
}

// ------------------------------------------------------------------ conversions

/// (op, rnd, sat, ftz, to, from) of cvt_ops.xir, in slot order (mirrors
/// gen_ops.py `cvt_list`).
fn cvt_list() -> Vec<(
    &'static str,
    &'static str,
    bool,
    bool,
    &'static str,
    &'static str,
)> {
    let ints = ["i8", "i16", "i32", "i64"];
    let floats = ["f16", "bf16", "f32", "f64"];
    let bits = |t: &str| -> u32 { t[1..].parse().unwrap() };
    let mut out = vec![];
    for f in ints {
        for t in ints {
            if bits(t) >= bits(f) {
                out.push(("zext", "", false, false, t, f));
                out.push(("sext", "", false, false, t, f));
            }
            if bits(t) <= bits(f) {
                out.push(("trunc", "", false, false, t, f));
            }
        }
    }
    out.push(("zext", "", false, false, "i32", "i1"));
    out.push(("sext", "", false, false, "i64", "i1"));
    out.push(("trunc", "", false, false, "i1", "i32"));
    for f in floats {
        for t in ints {
            for r in ["rn", "rz", "rm", "rp"] {
                out.push(("ftos", r, false, false, t, f));
                out.push(("ftou", r, false, false, t, f));
            }
        }
    }
    out.push(("ftos", "rz", true, false, "i32", "f32"));
    out.push(("ftou", "rn", false, true, "i32", "f32"));
    out.push(("ftos", "rm", false, true, "i64", "f32"));
    for f in ints {
        for t in floats {
            for r in ["rn", "rz", "rm", "rp"] {
                out.push(("stof", r, false, false, t, f));
                out.push(("utof", r, false, false, t, f));
            }
        }
    }
    for f in floats {
        for t in floats {
            for r in ["rn", "rz", "rm", "rp"] {
                out.push(("ftof", r, false, false, t, f));
            }
        }
    }
    out.push(("ftof", "rn", true, false, "f32", "f32"));
    out.push(("ftof", "rn", true, false, "f16", "f64"));
    out.push(("ftof", "rz", false, true, "f32", "f32"));
    out.push(("ftof", "rn", false, true, "f64", "f32"));
    out.push(("ftof", "rn", false, true, "f32", "f64"));
    out.push(("ftof", "rp", true, true, "bf16", "f32"));
    for (t, f) in [
        ("f32", "i32"),
        ("i32", "f32"),
        ("f64", "i64"),
        ("i64", "f64"),
        ("f16", "i16"),
        ("bf16", "i16"),
        ("i16", "f16"),
        ("f16", "bf16"),
    ] {
        out.push(("bitcast", "", false, false, t, f));
    }
    out
}

fn rnd_of(s: &str) -> Rnd {
    match s {
        "rz" => Rnd::Z,
        "rm" => Rnd::M,
        "rp" => Rnd::P,
        _ => Rnd::N,
    }
}

fn ty_bits(t: &str) -> u32 {
    match t {
        "i1" => 1,
        "i8" => 8,
        "i16" | "f16" | "bf16" => 16,
        "i32" | "f32" => 32,
        _ => 64,
    }
}

/// Conversions with a known, reported bug (each has a failing test in
/// tests/tests/regressions.rs); the engines must still agree on them.
fn known_cvt_bug(op: &str, r: &str, to: &str, from: &str) -> bool {
    let directed = r != "rn";
    // stof/utof to bf16 from i64 round through f64 first (double rounding).
    let int_bf16 = matches!(op, "stof" | "utof") && to == "bf16" && from == "i64";
    // ftof f16 -> bf16 ignores the rounding mode.
    let f16_bf16 = op == "ftof" && to == "bf16" && from == "f16" && directed;
    int_bf16 || f16_bf16
}

fn cvt_ops(d: &CaseData) -> Result<(), String> {
    let list = cvt_list();
    let mut errs = String::new();
    for lane in 0..d.lanes() {
        let x = rd64(d.inp(0), lane * 8);
        let fb = rd32(d.inp(1), lane * 4) as u64;
        let db = rd64(d.inp(2), lane * 8);
        let hb = rd64(d.inp(3), lane * 8) & 0xffff;
        let f32v = f32::from_bits(fb as u32);
        let src = |t: &str| -> u64 {
            match t {
                "i1" => ((x as i64) < 0) as u64,
                "i8" | "i16" | "i32" | "i64" => x & mask(ty_bits(t)),
                "f16" => f16_bits(round_f64(f32v as f64, F16, Rnd::N)),
                "bf16" => hb,
                "f32" => fb,
                _ => db,
            }
        };
        let out = &d.out(4)[lane * list.len() * 8..];
        for (i, &(op, r, sat, ftz, to, from)) in list.iter().enumerate() {
            // a NaN f32 narrowed to f16 is some quiet NaN: not modelled
            if from == "f16" && f32v.is_nan() {
                continue;
            }
            if known_cvt_bug(op, r, to, from) {
                continue;
            }
            let s = src(from);
            let tb = ty_bits(to);
            let got = match to {
                "f32" => rd32(out, i * 8) as u64,
                "f16" | "bf16" => rd16(out, i * 8) as u64,
                _ => rd64(out, i * 8),
            };
            let fval_in = |b: u64| -> f64 {
                let v = fval(from, b);
                if ftz && from == "f32" {
                    ftz32(v as f32) as f64
                } else {
                    v
                }
            };
            // (expected bits, exact)
            let (want, exact) = match op {
                "zext" => (s, true),
                "sext" => (sext(s, ty_bits(from)) as u64 & mask(tb), true),
                "trunc" => (s & mask(tb), true),
                "ftos" | "ftou" => {
                    let v = fval_in(s);
                    let rv = match rnd_of(r) {
                        Rnd::N => v.round_ties_even(),
                        Rnd::Z => v.trunc(),
                        Rnd::M => v.floor(),
                        Rnd::P => v.ceil(),
                    };
                    let (lo, hi) = if op == "ftos" {
                        (-(1i128 << (tb - 1)), (1i128 << (tb - 1)) - 1)
                    } else {
                        (0, (1i128 << tb) - 1)
                    };
                    let iv = if rv.is_nan() {
                        0
                    } else if rv >= hi as f64 {
                        hi
                    } else if rv <= lo as f64 {
                        lo
                    } else {
                        rv as i128
                    };
                    (iv as u64 & mask(tb), true)
                }
                "stof" | "utof" => {
                    let fb_ = ty_bits(from);
                    let iv = if op == "stof" {
                        sext(s, fb_) as i128
                    } else {
                        (s & mask(fb_)) as i128
                    };
                    (fbits(to, round_int(iv, fmt_of(to), rnd_of(r))), true)
                }
                "ftof" => {
                    let v = fval_in(s);
                    let mut rv = round_f64(v, fmt_of(to), rnd_of(r));
                    if sat {
                        rv = if rv.is_nan() { 0.0 } else { rv.clamp(0.0, 1.0) };
                    }
                    if ftz && to == "f32" {
                        rv = ftz32(rv as f32) as f64;
                    }
                    (fbits(to, rv), !rv.is_nan())
                }
                _ => (s, true),
            };
            let ok = if exact {
                got == want
                    || (sat && op == "ftof" && fval(to, got) == 0.0 && fval(to, want) == 0.0)
            } else {
                fval(to, got).is_nan()
            };
            if !ok && errs.len() < 4000 {
                let mn = [
                    op,
                    r,
                    if sat { "sat" } else { "" },
                    if ftz { "ftz" } else { "" },
                    to,
                    from,
                ]
                .iter()
                .filter(|s| !s.is_empty())
                .copied()
                .collect::<Vec<_>>()
                .join(".");
                let _ = writeln!(
                    errs,
                    "lane {lane}: cvt.{mn} of {s:#x}: got {got:#x}, want {want:#x}"
                );
            }
        }
    }
    if errs.is_empty() {
        Ok(())
    } else {
        Err(errs)
    }
}

// ------------------------------------------------------------------ bit manipulation

fn lop3(w: u32, a: u64, b: u64, c: u64, lut: u8) -> u64 {
    let mut r = 0u64;
    for k in 0..8 {
        if lut >> k & 1 == 1 {
            let pa = if k & 4 != 0 { a } else { !a };
            let pb = if k & 2 != 0 { b } else { !b };
            let pc = if k & 1 != 0 { c } else { !c };
            r |= pa & pb & pc;
        }
    }
    r & mask(w)
}

fn prmt(a: u32, b: u32, sel: u32) -> u32 {
    let bytes = (b as u64) << 32 | a as u64;
    let mut r = 0u32;
    for i in 0..4 {
        let s = (sel >> (4 * i)) & 0xf;
        let mut byte = ((bytes >> (8 * (s & 7))) & 0xff) as u32;
        if s & 8 != 0 {
            byte = if byte & 0x80 != 0 { 0xff } else { 0 };
        }
        r |= byte << (8 * i);
    }
    r
}

fn bfe(signed: bool, w: u32, a: u64, pos: u32, len: u32) -> u64 {
    let (pos, len) = (pos & 0xff, len & 0xff);
    let msb = w - 1;
    let bit = |i: u32| (a >> i) & 1;
    let sbit = if !signed || len == 0 {
        0
    } else {
        bit((pos + len - 1).min(msb))
    };
    let mut r = 0u64;
    for i in 0..w {
        let v = if i < len && pos + i <= msb {
            bit(pos + i)
        } else {
            sbit
        };
        r |= v << i;
    }
    r
}

fn bfi(w: u32, ins: u64, base: u64, pos: u32, len: u32) -> u64 {
    let (pos, len) = (pos & 0xff, len & 0xff);
    let mut r = base & mask(w);
    for i in 0..len {
        if pos + i < w {
            r = (r & !(1 << (pos + i))) | ((ins >> i) & 1) << (pos + i);
        }
    }
    r
}

fn funnel(left: bool, wrap: bool, lo: u32, hi: u32, n: u32) -> u32 {
    let n = if wrap { n & 31 } else { n.min(32) };
    let v = (hi as u64) << 32 | lo as u64;
    if left {
        ((v << n) >> 32) as u32
    } else {
        (v >> n) as u32
    }
}

fn bitops(d: &CaseData) -> Result<(), String> {
    let mut errs = String::new();
    for lane in 0..d.lanes() {
        let inb = &d.inp(0)[lane * 48..];
        let (x, y, z, w) = (rd32(inb, 0), rd32(inb, 4), rd32(inb, 8), rd32(inb, 12));
        let (p, q, r) = (rd64(inb, 16), rd64(inb, 24), rd64(inb, 32));
        let (pr, lr) = (rd32(inb, 40), rd32(inb, 44));
        let (ps, ls, n) = (pr & 0xffff_ff1f, lr & 0xffff_0f0f, w & 63);
        let (x, y, z) = (x as u64, y as u64, z as u64);
        // (name, width in bytes, value)
        let mut want: Vec<(String, usize, u64)> = vec![];
        for lut in [
            0x00u8, 0xff, 0x96, 0xe8, 0xca, 0xf0, 0xcc, 0xaa, 0x1e, 0x80, 0x01, 0x7f,
        ] {
            want.push((format!("lop3.i32 {lut:#x}"), 4, lop3(32, x, y, z, lut)));
        }
        want.push(("lop3.i64 0x96".into(), 8, lop3(64, p, q, r, 0x96)));
        want.push(("lop3.i64 0xe8".into(), 8, lop3(64, p, q, r, 0xe8)));
        want.push(("lop3.i16".into(), 2, lop3(16, x, y, z, 0xca)));
        want.push(("lop3.i8".into(), 1, lop3(8, x, y, z, 0x3c)));
        for sel in [z as u32, 0x3210, 0x8888, 0x7654, 0xba98] {
            want.push((
                format!("prmt sel {sel:#x}"),
                4,
                prmt(x as u32, y as u32, sel) as u64,
            ));
        }
        let combos = [(ps, ls), (pr, lr), (ps, lr), (pr, ls)];
        for sg in [false, true] {
            for (pos, len) in combos {
                want.push((
                    format!("bfe {sg} i32 {pos:#x} {len:#x}"),
                    4,
                    bfe(sg, 32, x, pos, len),
                ));
                want.push((
                    format!("bfe {sg} i64 {pos:#x} {len:#x}"),
                    8,
                    bfe(sg, 64, p, pos, len),
                ));
            }
            want.push(("bfe i16".into(), 2, bfe(sg, 16, x & 0xffff, ps, ls)));
            want.push(("bfe i8".into(), 1, bfe(sg, 8, x & 0xff, ps, ls)));
        }
        for (pos, len) in combos {
            want.push((
                format!("bfi i32 {pos:#x} {len:#x}"),
                4,
                bfi(32, y, x, pos, len),
            ));
            want.push((
                format!("bfi i64 {pos:#x} {len:#x}"),
                8,
                bfi(64, q, p, pos, len),
            ));
        }
        want.push(("bfi i16".into(), 2, bfi(16, y, x, ps, ls)));
        want.push(("bfi i8".into(), 1, bfi(8, y, x, ps, ls)));
        for left in [true, false] {
            for wrap in [true, false] {
                for amt in [n, z as u32] {
                    want.push((
                        format!("shf left={left} wrap={wrap} n={amt}"),
                        4,
                        funnel(left, wrap, x as u32, y as u32, amt) as u64,
                    ));
                }
            }
        }
        let out = &d.out(1)[lane * want.len() * 8..];
        for (i, (name, nb, v)) in want.iter().enumerate() {
            let got = rd64(out, i * 8) & mask(*nb as u32 * 8);
            if got != *v && errs.len() < 3000 {
                let _ = writeln!(
                    errs,
                    "lane {lane}: {name} (x={x:#x} y={y:#x} z={z:#x} p={p:#x} q={q:#x}): got {got:#x}, want {v:#x}"
                );
            }
        }
    }
    if errs.is_empty() {
        Ok(())
    } else {
        Err(errs)
    }
}

// ------------------------------------------------------------------ memory

fn mem_kinds(d: &CaseData) -> Result<(), String> {
    let b = d.block();
    let mut want = vec![0u8; d.lanes() * 112];
    for wg in 0..d.groups() {
        let q = |t: usize, i: usize| rd32(d.inp(0), (wg * b + t) * 64 + 16 + 4 * i);
        for t in 0..b {
            let gid = wg * b + t;
            let c = &d.inp(0)[gid * 64..gid * 64 + 64];
            let o = &mut want[gid * 112..gid * 112 + 112];
            let s8 = c[3] as i8 as i64 as u64;
            let s8w = c[5] as i8 as i64 as u64;
            let s8h = c[6] as i8 as i64 as u64;
            let u16v = rd16(c, 7) as u64;
            let s16 = rd16(c, 9) as i16 as i64 as u64;
            let h = rd16(c, 11) as u64;
            let (v0, v1) = (rd32(c, 13) as u64, rd32(c, 17) as u64);
            let qs: Vec<u64> = (0..4).map(|i| rd32(c, 16 + 4 * i) as u64).collect();
            let (d0, d1) = (rd64(c, 32), rd64(c, 40));
            let cs: Vec<u64> = (0..4).map(|i| c[48 + i] as u64).collect();
            let e0 = rd16(c, 52) as i16 as i64 as u64;
            let e1 = rd16(c, 54) as i16 as i64 as u64;
            let es: Vec<u64> = (0..3).map(|i| rd16(c, 57 + 2 * i) as u64).collect();
            wr(o, 0, s8, 1);
            wr(o, 1, s8w, 2);
            wr(o, 3, u16v, 4);
            wr(o, 7, s8h, 1);
            for (i, cv) in cs.iter().rev().enumerate() {
                wr(o, 8 + i, *cv, 1);
            }
            wr(o, 12, e1, 2);
            wr(o, 14, e0, 2);
            wr(o, 16, d1, 8);
            wr(o, 24, d0, 8);
            for (i, qv) in qs.iter().rev().enumerate() {
                wr(o, 32 + 4 * i, *qv, 4);
            }
            for (i, ev) in es.iter().rev().enumerate() {
                wr(o, 48 + 2 * i, *ev, 2);
            }
            wr(o, 54, rd8(c, 1) as u64, 4);
            wr(o, 58, v1, 4);
            wr(o, 62, v0, 4);
            wr(o, 66, h, 2);
            wr(o, 68, s16, 8);
            wr(o, 76, 0xab, 1);
            wr(o, 77, 1, 1);
            wr(o, 78, 0xff, 1);
            wr(o, 79, 0xfffe, 2);
            let nb = (t + 1) % b;
            let n0 = q(nb, 0) ^ q(nb, 3);
            let n1 = q(nb, 1) >> 16;
            let n2 = (q(nb, 2) >> 8) as u8 as i8 as i32 as u32;
            let n3 = (d0 >> 8) & 0xff;
            wr(o, 81, n0 as u64, 4);
            wr(o, 85, n1 as u64, 4);
            wr(o, 89, n2 as u64, 4);
            wr(o, 93, n3, 4);
            wr(o, 88, d0 ^ d1, 8);
        }
    }
    expect_bytes("memory accesses", d.out(1), &want)
}

fn guards_select(d: &CaseData) -> Result<(), String> {
    let b = d.block();
    let mut want = vec![0u8; d.lanes() * 64];
    let (mut c0, mut c4) = (0u32, 0u32);
    for wg in 0..d.groups() {
        let v = |t: usize| rd32(d.inp(0), (wg * b + t) * 4);
        let pf = |t: usize| v(t) & 1 == 1;
        let qf = |t: usize| v(t) & 2 != 0;
        for t in 0..b {
            let (w0, n) = wave_of(t, b, 32);
            let l = t - w0;
            let (vv, p, q) = (v(t), pf(t), qf(t));
            let mut bits = 0u32;
            bits |= (p && q) as u32;
            bits |= ((p || q) as u32) << 1;
            bits |= ((p ^ q) as u32) << 2;
            bits |= (!p as u32) << 3;
            bits |= ((!p && q) as u32) << 5;
            bits |= ((if p { q } else { true }) as u32) << 6;
            let mut r = vv;
            r = if p {
                r.wrapping_add(5)
            } else {
                r.wrapping_mul(3)
            };
            if q {
                r ^= 0xff00;
            }
            let lv = if q { vv } else { 0x1234 };
            let old = if q {
                c0 += 1;
                c0 - 1
            } else {
                0xdead
            };
            if !q {
                c4 += 3;
            }
            let old2 = if p { c4 } else { 0xbeef };
            let partner = w0 + (l ^ 1);
            let (s, ok) = if p {
                (v(partner), partner < w0 + n && pf(partner))
            } else {
                (0x55, false)
            };
            if ok {
                bits |= 0x80;
            }
            let ballot = if !p {
                bits_of((0..n).filter(|&k| !pf(w0 + k) && qf(w0 + k))) as u32
            } else {
                0
            };
            let m = if q {
                bits_of((0..n).filter(|&k| qf(w0 + k))) as u32
            } else {
                0
            };
            let f = if q { f32::from_bits(vv) } else { 1.5 };
            let dv = if p { -2.25 } else { vv as f64 };
            let h = if p ^ q {
                if f.is_nan() {
                    None
                } else {
                    Some(f16_bits(round_f64(f as f64, F16, Rnd::N)))
                }
            } else {
                Some(0x3c00)
            };
            let i8v = if p { vv & 0xff } else { 0xf9 };
            let i16v = if q { 300 } else { vv & 0xffff };
            let i64v = if p || q {
                vv as u64 * vv as u64
            } else {
                0x1_2345_6789
            };
            let gid = wg * b + t;
            let o = &mut want[gid * 64..gid * 64 + 64];
            for (i, x) in [bits, r, lv, old, old2, s, ballot, m, f.to_bits()]
                .iter()
                .enumerate()
            {
                wr(o, i * 4, *x as u64, 4);
            }
            wr(o, 40, dv.to_bits(), 8);
            match h {
                Some(h) => wr(o, 48, h, 2),
                None => {
                    let got = &d.out(2)[gid * 64 + 48..gid * 64 + 50];
                    o[48..50].copy_from_slice(got);
                }
            }
            wr(o, 50, i8v as u64, 1);
            wr(o, 52, i16v as u64, 2);
            wr(o, 56, i64v, 8);
        }
    }
    let mut counters = vec![0u8; 8];
    wr(&mut counters, 0, c0 as u64, 4);
    wr(&mut counters, 4, c4 as u64, 4);
    expect_bytes("counters", d.out(1), &counters)?;
    expect_bytes("per-lane results", d.out(2), &want)
}

fn fences(d: &CaseData) -> Result<(), String> {
    let b = d.block();
    let mut want = vec![0u32; d.lanes() * 4];
    let (mut sum, mut x) = (0u32, 0u32);
    for wg in 0..d.groups() {
        let mut fin = vec![];
        for t in 0..b {
            let mut v = rd32(d.inp(0), (wg * b + t) * 4);
            for i in 0..20u32 {
                v = v.wrapping_mul(3).wrapping_add(i + 1);
                want[(wg * b + t) * 4 + (i % 4) as usize] = v;
            }
            fin.push(v);
        }
        for t in 0..b {
            let w = fin[b - 1 - t];
            want[(wg * b + t) * 4 + 3] = w;
            sum = sum.wrapping_add(w);
            x ^= fin[t];
        }
    }
    expect_eq("stored values", u32s(d.out(1)), want)?;
    expect_eq("totals", u32s(d.out(2)), vec![sum, x])
}

fn switch_branch(d: &CaseData) -> Result<(), String> {
    let mut want = vec![];
    for g in 0..d.lanes() {
        let x = rd64(d.inp(0), g * 8);
        let v = x as u32;
        let k = v % 7;
        want.push(match k {
            0 => v.wrapping_add(100),
            1 => v.wrapping_mul(7),
            2 => !v,
            3 => v >> 4,
            4 => 4,
            _ => k.wrapping_neg(),
        });
        let s = match x {
            0 => 10,
            1 => 11,
            2 => 12,
            _ => 13,
        } + match x as u8 {
            0 => 100,
            1 => 200,
            _ => 300,
        };
        want.push(s);
    }
    expect_eq("switch results", u32s(d.out(1)), want)
}

fn dyn_shared(d: &CaseData) -> Result<(), String> {
    let b = d.block();
    let mut want = vec![0u32; d.lanes() * 4];
    for wg in 0..d.groups() {
        let v = |t: usize| rd32(d.inp(0), (wg * b + t) * 4);
        for t in 0..b {
            let u = t ^ 31;
            let o = (wg * b + t) * 4;
            want[o] = v(t % 12);
            want[o + 1] = v(u);
            want[o + 2] = v(u) ^ 0x1111;
            want[o + 3] = v(u) ^ 0x2222;
            if t == 0 {
                want[o + 1] = 48;
                want[o + 2] = 256;
            }
            if t == 1 {
                want[o + 1] = 384;
            }
        }
    }
    expect_eq("shared windows", u32s(d.out(3)), want)
}

fn matmul_tiled(d: &CaseData) -> Result<(), String> {
    let a: Vec<f32> = u32s(d.inp(0)).into_iter().map(f32::from_bits).collect();
    let bm: Vec<f32> = u32s(d.inp(1)).into_iter().map(f32::from_bits).collect();
    let mut want = vec![];
    for r in 0..16 {
        for c in 0..16 {
            let mut acc = 0.0f32;
            for k in 0..16 {
                acc = a[r * 16 + k].mul_add(bm[k * 16 + c], acc);
            }
            want.push(acc.to_bits());
        }
    }
    expect_eq("product", u32s(d.out(2)), want)
}

fn transpose(d: &CaseData) -> Result<(), String> {
    let inp = u32s(d.inp(0));
    let mut want = vec![0u32; 48 * 32];
    for y in 0..32 {
        for x in 0..48 {
            want[x * 32 + y] = inp[y * 48 + x];
        }
    }
    expect_eq("transpose", u32s(d.out(1)), want)
}

fn const_param(d: &CaseData) -> Result<(), String> {
    let inp = d.inp(0);
    let k = d.scalar(1);
    let f = d.scalar(2);
    let mut want = vec![0u8; d.lanes() * 40];
    for g in 0..d.lanes() {
        let o = &mut want[g * 40..g * 40 + 40];
        wr(o, 0, k, 4);
        wr(o, 4, f, 4);
        wr(o, 8, 0, 4);
        wr(o, 12, (rd32(inp, g * 4) as u64) ^ k, 4);
        wr(o, 16, rd32(inp, 64) as u64, 4);
        wr(o, 20, inp[g * 4 + 1] as i8 as i32 as u32 as u64, 4);
        wr(o, 24, rd64(inp, 8), 8);
        wr(o, 32, rd16(inp, g * 4 + 2) as u64, 2);
    }
    expect_bytes("values", d.out(3), &want)
}

fn special_clock(d: &CaseData) -> Result<(), String> {
    let out = d.out(1);
    let n = |g: usize| rd32(d.inp(0), g * 4) as u64;
    let e0 = rd64(out, 8);
    let (mut base, mut per): (Option<(u64, u64)>, Option<i64>) = (None, None);
    for g in 0..d.lanes() {
        let (dl, e, ok) = (
            rd64(out, g * 16),
            rd64(out, g * 16 + 8),
            rd32(out, g * 16 + 12),
        );
        expect_eq(&format!("lane {g}: monotonic flags"), ok, 3)?;
        expect_eq(&format!("lane {g}: straight-line clock delta"), e, e0)?;
        // the loop delta is affine in the trip count
        match (base, per) {
            (None, _) => base = Some((n(g), dl)),
            (Some((n0, d0)), None) if n(g) != n0 => {
                let k = (dl as i64 - d0 as i64) / (n(g) as i64 - n0 as i64);
                per = Some(k);
            }
            (Some((n0, d0)), Some(k)) => expect_eq(
                &format!("lane {g}: loop clock delta for {} iterations", n(g)),
                dl as i64,
                d0 as i64 + k * (n(g) as i64 - n0 as i64),
            )?,
            _ => {}
        }
    }
    Ok(())
}

fn cas_loop_fadd(d: &CaseData) -> Result<(), String> {
    let inp: Vec<f32> = u32s(d.inp(0)).into_iter().map(f32::from_bits).collect();
    let mut want = [0f64; 8];
    for g in 0..d.lanes() {
        want[g & 7] += inp[g] as f64;
    }
    let got32: Vec<f32> = u32s(d.out(1)).into_iter().map(f32::from_bits).collect();
    let got64: Vec<f64> = (0..8)
        .map(|i| f64::from_bits(rd64(d.out(2), i * 8)))
        .collect();
    let want32: Vec<f32> = want.iter().map(|&x| x as f32).collect();
    expect_eq("f32 bins", got32, want32)?;
    expect_eq("f64 bins", got64, want.to_vec())?;
    let tries = u32s(d.out(3));
    if (tries[0] as usize) < d.lanes() || (tries[1] as usize) < d.lanes() {
        return Err(format!(
            "every lane's first cas must fail: retries {:?} < {} lanes",
            tries,
            d.lanes()
        ));
    }
    Ok(())
}

fn cas_loop_fmax(d: &CaseData) -> Result<(), String> {
    let inp: Vec<f32> = u32s(d.inp(0)).into_iter().map(f32::from_bits).collect();
    let out = d.out(1);
    for bin in 0..2 {
        let mut m32 = 0.0f32;
        let mut m64 = 0.0f64;
        for g in (bin..d.lanes()).step_by(2) {
            // black_box: vectorising this strided f32/f64 max reduction
            // crashes the LLVM of rustc 1.95 at opt-level 3 (SIGSEGV in
            // DAGTypeLegalizer::WidenVectorResult), which broke
            // `cargo build --release` at the workspace root.
            let x = std::hint::black_box(inp[g]);
            m32 = m32.max(x);
            m64 = m64.max(x as f64 * 3.0);
        }
        let o = bin * 32;
        expect_eq(
            &format!("bin {bin} cas-loop f32 max"),
            rd32(out, o),
            m32.to_bits(),
        )?;
        expect_eq(
            &format!("bin {bin} atom fmax f32"),
            rd32(out, o + 4),
            m32.to_bits(),
        )?;
        expect_eq(
            &format!("bin {bin} cas-loop f64 max"),
            rd64(out, o + 8),
            m64.to_bits(),
        )?;
        expect_eq(
            &format!("bin {bin} atom fmax f64"),
            rd64(out, o + 16),
            m64.to_bits(),
        )?;
    }
    Ok(())
}

fn grid_stride(d: &CaseData) -> Result<(), String> {
    let n = d.scalar(0) as usize;
    let a = f32::from_bits(d.scalar(1) as u32);
    let x: Vec<f32> = u32s(d.inp(2)).into_iter().map(f32::from_bits).collect();
    let y: Vec<f32> = u32s(d.inp(3)).into_iter().map(f32::from_bits).collect();
    let mut wy = vec![];
    let mut wz = vec![];
    for i in 0..x.len() {
        if i < n {
            wy.push(a.mul_add(x[i], y[i]).to_bits());
            wz.push((a * x[i] + y[i]).to_bits());
        } else {
            wy.push(y[i].to_bits());
            wz.push(0);
        }
    }
    expect_eq("y = fma(a, x, y)", u32s(d.out(3)), wy)?;
    expect_eq("z = a * x + y", u32s(d.out(4)), wz)
}

fn collatz(d: &CaseData) -> Result<(), String> {
    let mut want = vec![0u8; d.lanes() * 16];
    for g in 0..d.lanes() {
        let mut x = rd32(d.inp(0), g * 4) as u64 + 1;
        let mut peak = x;
        let mut steps = 0u32;
        while x != 1 && steps < 400 {
            x = if x.is_multiple_of(2) {
                x / 2
            } else {
                3 * x + 1
            };
            peak = peak.max(x);
            steps += 1;
        }
        wr(&mut want, g * 16, steps as u64, 4);
        wr(&mut want, g * 16 + 8, peak, 8);
    }
    expect_bytes("steps and peaks", d.out(1), &want)
}

fn intra_wave_spin(d: &CaseData) -> Result<(), String> {
    let out = d.out(2);
    for g in 0..d.lanes() {
        let last = g / 32 * 32 + 31;
        let want = (rd32(d.inp(0), last * 4) | 1).wrapping_add(1);
        expect_eq(&format!("lane {g}: value"), rd32(out, g * 8), want)?;
        if rd32(out, g * 8 + 4) == 0 {
            return Err(format!("lane {g}: no spin recorded"));
        }
    }
    Ok(())
}

fn call_sync(d: &CaseData) -> Result<(), String> {
    let b = d.block();
    let mut want = vec![];
    for wg in 0..d.groups() {
        let v = |t: usize| rd32(d.inp(0), (wg * b + t) * 4);
        for t in 0..b {
            let w0 = t / 32 * 32;
            let wsum = (w0..w0 + 32).fold(0u32, |a, k| a.wrapping_add(v(k)));
            let odd = (w0..w0 + 32)
                .filter(|k| k % 2 == 1)
                .fold(0u32, |a, k| a.wrapping_add(v(k)));
            let nb = (t + 1) % b;
            want.push(wsum);
            want.push(v(nb).wrapping_mul(3));
            want.push(if t % 2 == 1 { odd } else { 0 });
            want.push(v(nb) ^ 0x55);
        }
    }
    expect_eq("results", u32s(d.out(1)), want)
}

fn divergent_loop_sync(d: &CaseData) -> Result<(), String> {
    let b = d.block();
    let mut want = vec![];
    for wg in 0..d.groups() {
        let v = |t: usize| rd32(d.inp(0), (wg * b + t) * 4);
        for t in 0..b {
            let (w0, wn) = wave_of(t, b, 32);
            let n = |l: usize| (l % 5) as u32 + v(w0 + l) % 3;
            let l = t - w0;
            let (mut acc, mut sum, mut cnt) = (0u32, 0u32, 0u32);
            for i in 0..n(l) {
                let m = bits_of((0..wn).filter(|&k| n(k) > i)) as u32;
                acc = (acc ^ m) << 1;
                let src = (l + 1) & 31;
                if src < wn && n(src) > i {
                    sum = sum.wrapping_add(v(w0 + src));
                    cnt += 1;
                }
            }
            want.extend([n(l), acc, sum, cnt]);
        }
    }
    expect_eq("results", u32s(d.out(1)), want)
}

fn global_wrap(d: &CaseData) -> Result<(), String> {
    // lane t reads word t + 1 of the input (pointer - 8 + 12), then stores its
    // id through a pointer that wrapped around 2^64 and back.
    let inp = d.inp(0);
    let mut want = vec![0u32; 16];
    for t in 0..8 {
        want[t] = rd32(inp, (t + 1) * 4);
    }
    for t in 0..8 {
        want[8 + t] = t as u32;
    }
    let got = u32s(d.out(1));
    expect_eq("stores", got, want)
}
