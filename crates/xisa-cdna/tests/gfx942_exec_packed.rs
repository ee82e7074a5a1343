//! gfx942 packed 16-bit math (VOP3P `v_pk_*_f16` / `v_pk_*_u16` / `_i16`)
//! and VOP3A `op_sel` (v_fma_f16, v_mad_u16/i16, v_add_i16/v_sub_i16; their
//! gfx8 forms `v_*_legacy_*16`, which zero vdst's high half):
//! llvm-mc-19 assembles fragments with random op_sel / op_sel_hi / neg /
//! clamp, the lifter lifts them, both engines run them under random EXEC
//! masks, and an independent Rust model (f16 decoded exactly into f64,
//! computed there, rounded to f16 by a bit-exact round-to-nearest-even
//! routine) gives the expected lanes. Plus a compiled OpenCL `half2` kernel
//! (`gfx942_exec_half/`, built by clang-19) against a Rust reference.

mod common;
mod gfx942_exec_util;

use common::Rng;
use gfx942_exec_util::*;

// ------------------------------------------------------------------ f16 model

/// f16 bits -> f64 (exact).
fn h2d(h: u16) -> f64 {
    let s = if h >> 15 == 1 { -1.0 } else { 1.0 };
    let (e, m) = ((h >> 10) & 0x1f, (h & 0x3ff) as f64);
    s * match e {
        0 => m * 2f64.powi(-24),
        31 if m == 0.0 => f64::INFINITY,
        31 => f64::NAN,
        _ => (1024.0 + m) * 2f64.powi(e as i32 - 25),
    }
}

/// f64 -> f16 bits, round to nearest even, subnormals kept (NaN -> 0x7e00).
fn d2h(x: f64) -> u16 {
    if x.is_nan() {
        return 0x7e00;
    }
    let sign = if x.is_sign_negative() { 0x8000 } else { 0 };
    let a = x.abs();
    if a < 2f64.powi(-14) {
        // Subnormal range: units of 2^-24 (the scaling is exact).
        let m = (a * 2f64.powi(24)).round_ties_even() as u16;
        return sign | m; // m = 1024 is the smallest normal, 0x0400
    }
    let mut e = ((a.to_bits() >> 52) as i32) - 1023; // a is normal in f64
    let mut m = (a * 2f64.powi(10 - e)).round_ties_even() as u32; // [1024, 2048]
    if m == 2048 {
        m = 1024;
        e += 1;
    }
    if e > 15 {
        return sign | 0x7c00;
    }
    sign | ((e + 15) as u16) << 10 | (m - 1024) as u16
}

fn is_nan16(h: u16) -> bool {
    h & 0x7c00 == 0x7c00 && h & 0x3ff != 0
}

/// IEEE minimumNumber / maximumNumber (the IR's fmin / fmax): a NaN operand
/// is ignored, -0 < +0.
fn minmax16(a: u16, b: u16, max: bool) -> u16 {
    if is_nan16(a) {
        return if is_nan16(b) { 0x7e00 } else { b };
    }
    if is_nan16(b) {
        return a;
    }
    let (x, y) = (h2d(a), h2d(b));
    let a_first = if x == y {
        // Equal values: only ±0 differ; max prefers +0, min -0.
        (a >> 15 == 0) == max
    } else {
        (x > y) == max
    };
    if a_first {
        a
    } else {
        b
    }
}

/// Clamp to [0, 1] (NaN -> +0, -0 -> +0).
fn clamp_h(r: u16) -> u16 {
    let r = minmax16(r, 0, true);
    minmax16(r, 0x3c00, false)
}

/// The model of one 16-bit lane op (`op` without the `v_pk_` / `v_`
/// prefix) on 16-bit operands.
fn model16(op: &str, s: &[u16], clamp: bool) -> u16 {
    if op.len() == 8 && ["min3", "max3", "med3"].contains(&&op[..4]) {
        // Three-operand min / max / median (median: max(min(x, y),
        // min(max(x, y), z)), the formula the lifter documents for NaNs).
        let float = op.ends_with("f16");
        let signed = op.ends_with("i16");
        let mm = |a: u16, b: u16, max: bool| -> u16 {
            if float {
                minmax16(a, b, max)
            } else if signed {
                let (x, y) = (a as i16, b as i16);
                (if max { x.max(y) } else { x.min(y) }) as u16
            } else if max {
                a.max(b)
            } else {
                a.min(b)
            }
        };
        let r = match &op[..4] {
            "min3" => mm(mm(s[0], s[1], false), s[2], false),
            "max3" => mm(mm(s[0], s[1], true), s[2], true),
            _ => {
                let lo = mm(s[0], s[1], false);
                let hi = mm(s[0], s[1], true);
                mm(lo, mm(hi, s[2], false), true)
            }
        };
        return if clamp && float { clamp_h(r) } else { r };
    }
    if op.ends_with("f16") {
        let d: Vec<f64> = s.iter().map(|&h| h2d(h)).collect();
        let r = match &op[..3] {
            "add" => d2h(d[0] + d[1]),
            "mul" => d2h(d[0] * d[1]),
            // Exact in f64 for every result inside the f16 range (see the
            // module comment of d2h's callers: spans stay under 53 bits).
            "fma" => d2h(d[0].mul_add(d[1], d[2])),
            // div_fixup(q, d, n): the correctly rounded n / d (f64 division
            // of 11-bit significands never lands on an f16 midpoint unless
            // exact, so the double rounding is harmless).
            "div" => d2h(d[2] / d[1]),
            "min" => minmax16(s[0], s[1], false),
            "max" => minmax16(s[0], s[1], true),
            _ => unreachable!("{op}"),
        };
        return if clamp { clamp_h(r) } else { r };
    }
    let signed = op.ends_with("i16");
    let v: Vec<i64> = s
        .iter()
        .map(|&x| if signed { x as i16 as i64 } else { x as i64 })
        .collect();
    let r: i64 = match op {
        "add_u16" | "add_i16" => v[0] + v[1],
        "sub_u16" | "sub_i16" => v[0] - v[1],
        "mad_u16" | "mad_i16" => v[0] * v[1] + v[2],
        "mul_lo_u16" => v[0] * v[1],
        "min_u16" | "min_i16" => v[0].min(v[1]),
        "max_u16" | "max_i16" => v[0].max(v[1]),
        "lshlrev_b16" => ((s[1] as u32) << (s[0] & 15)) as i64,
        "lshrrev_b16" => (s[1] >> (s[0] & 15)) as i64,
        "ashrrev_i16" => ((s[1] as i16) >> (s[0] & 15)) as i64,
        _ => unreachable!("{op}"),
    };
    let r = if clamp {
        if signed {
            r.clamp(-32768, 32767)
        } else {
            r.clamp(0, 0xffff)
        }
    } else {
        r
    };
    r as u16
}

// ------------------------------------------------------------------ ops

/// Source of a fragment operand.
#[derive(Clone, Copy, Debug)]
enum Src {
    /// v2 / v3 / v4 (the lane's a / b / c).
    V(usize),
    /// s12 (set to a fixed value).
    S,
    /// An inline constant: (assembly text, the 32-bit value it reads:
    /// integers sign-extended, f16 constants in the low half with 0 above,
    /// per LLVM's `getInlineEncodingV216` note on the hardware).
    K(&'static str, u32),
}

const SREG: u32 = 0x3c01_8001;

/// One fragment: text, and the model of the lane (a, b, c, old) -> new vdst.
struct Case {
    text: String,
    model: Box<dyn Fn([u32; 4]) -> u32>,
    /// A compare: the text writes v20 in every lane (0 / 1 from the lane
    /// mask, whose inactive lanes are 0) instead of under EXEC.
    cmp: bool,
}

impl Case {
    /// A fragment that writes v20 under EXEC.
    fn new(text: impl Into<String>, model: impl Fn([u32; 4]) -> u32 + 'static) -> Case {
        Case {
            text: text.into(),
            model: Box::new(model),
            cmp: false,
        }
    }

    /// A compare (see `cmp`).
    fn cmp(text: impl Into<String>, model: impl Fn([u32; 4]) -> u32 + 'static) -> Case {
        Case {
            cmp: true,
            ..Case::new(text, model)
        }
    }
}

fn bits(n: usize, v: u32) -> String {
    let b: Vec<String> = (0..n).map(|i| (v >> i & 1).to_string()).collect();
    format!("[{}]", b.join(","))
}

const PK_FLOAT: [(&str, usize); 5] = [
    ("add_f16", 2),
    ("mul_f16", 2),
    ("fma_f16", 3),
    ("min_f16", 2),
    ("max_f16", 2),
];
const PK_INT: [(&str, usize, bool); 14] = [
    ("add_u16", 2, true),
    ("add_i16", 2, true),
    ("sub_u16", 2, true),
    ("sub_i16", 2, true),
    ("mul_lo_u16", 2, false),
    ("mad_u16", 3, true),
    ("mad_i16", 3, true),
    ("min_u16", 2, true),
    ("max_u16", 2, true),
    ("min_i16", 2, true),
    ("max_i16", 2, true),
    ("lshlrev_b16", 2, false),
    ("lshrrev_b16", 2, false),
    ("ashrrev_i16", 2, false),
];

const FK: [(&str, u32); 4] = [
    ("1.0", 0x3c00),
    ("-2.0", 0xc000),
    ("0.5", 0x3800),
    ("-1", !0),
];
const IK: [(&str, u32); 4] = [("-1", !0), ("5", 5), ("64", 64), ("-16", 0xffff_fff0)];

fn pick_srcs(rng: &mut Rng, n: usize, float: bool) -> Vec<Src> {
    (0..n)
        .map(|i| match rng.below(10) {
            0 => Src::S,
            1 => {
                let k = if float { FK } else { IK };
                let (t, v) = k[rng.below(4) as usize];
                Src::K(t, v)
            }
            _ => Src::V(i),
        })
        .collect()
}

fn src_text(s: Src) -> String {
    match s {
        Src::V(i) => format!("v{}", i + 2),
        Src::S => "s12".into(),
        Src::K(t, _) => t.into(),
    }
}

/// The 32-bit value a source reads.
fn src_val(s: Src, lane: [u32; 4]) -> u32 {
    match s {
        Src::V(i) => lane[i],
        Src::S => SREG,
        Src::K(_, v) => v,
    }
}

/// Register operand `v{i + 2}` with the f16 source modifiers that bit `i`
/// of the `ab` (abs) and `ng` (neg) masks select, e.g. `-|v3|`.
fn mod_reg(i: u32, ab: u32, ng: u32) -> String {
    let r = format!("v{}", i + 2);
    let r = if ab >> i & 1 == 1 {
        format!("|{r}|")
    } else {
        r
    };
    if ng >> i & 1 == 1 {
        format!("-{r}")
    } else {
        r
    }
}

/// `mod_reg` for sources 0..n, comma-joined.
fn mod_args(n: u32, ab: u32, ng: u32) -> String {
    let args: Vec<String> = (0..n).map(|i| mod_reg(i, ab, ng)).collect();
    args.join(", ")
}

/// The model of `mod_reg`: abs, then neg, on the f16 `x` of source `i`.
fn mod16(x: u16, i: u32, ab: u32, ng: u32) -> u16 {
    let x = if ab >> i & 1 == 1 { x & 0x7fff } else { x };
    x ^ ((ng >> i & 1) as u16) << 15
}

fn packed_cases(rng: &mut Rng) -> Vec<Case> {
    let mut v = Vec::new();
    let mut ops: Vec<(&str, usize, bool, bool)> = PK_FLOAT
        .iter()
        .map(|&(o, n)| (o, n, true, true))
        .chain(PK_INT.iter().map(|&(o, n, c)| (o, n, false, c)))
        .collect();
    ops.sort();
    for (op, n, float, clampable) in ops {
        for variant in 0..6 {
            let srcs = if variant < 3 {
                (0..n).map(Src::V).collect()
            } else {
                pick_srcs(rng, n, float)
            };
            let mask = (1u32 << n) - 1;
            let (os, osh) = if variant == 0 {
                (0, mask) // the defaults
            } else {
                (rng.below(8) as u32 & mask, rng.below(8) as u32 & mask)
            };
            let (nl, nh) = if float && variant > 0 {
                (rng.below(8) as u32 & mask, rng.below(8) as u32 & mask)
            } else {
                (0, 0)
            };
            let clamp = clampable && variant % 2 == 1;
            let args: Vec<String> = srcs.iter().map(|&s| src_text(s)).collect();
            let mut text = format!(
                "v_pk_{op} v20, {} op_sel:{} op_sel_hi:{}",
                args.join(", "),
                bits(n, os),
                bits(n, osh)
            );
            if float {
                text += &format!(" neg_lo:{} neg_hi:{}", bits(n, nl), bits(n, nh));
            }
            if clamp {
                text += " clamp";
            }
            let op = op.to_string();
            v.push(Case::new(text, move |lane| {
                let mut out = 0u32;
                for half in 0..2 {
                    let (sel, neg) = if half == 0 { (os, nl) } else { (osh, nh) };
                    let s: Vec<u16> = srcs
                        .iter()
                        .enumerate()
                        .map(|(i, &s)| {
                            let x = src_val(s, lane) >> (16 * (sel >> i & 1));
                            (x as u16) ^ ((neg >> i & 1) as u16) << 15
                        })
                        .collect();
                    out |= (model16(&op, &s, clamp) as u32) << (16 * half);
                }
                out
            }));
        }
    }
    v
}

/// VOP3A op_sel forms (the other half of vdst is kept) and VOP3 f16 source
/// modifiers of the VOP2-origin f16 ops (the high half is zeroed).
fn opsel_cases(rng: &mut Rng) -> Vec<Case> {
    let mut v = Vec::new();
    let ops: [(&str, usize, bool); 15] = [
        ("fma_f16", 3, true),
        ("div_fixup_f16", 3, true),
        ("min3_f16", 3, true),
        ("max3_f16", 3, true),
        ("med3_f16", 3, true),
        ("min3_u16", 3, false),
        ("max3_u16", 3, false),
        ("med3_u16", 3, false),
        ("min3_i16", 3, false),
        ("max3_i16", 3, false),
        ("med3_i16", 3, false),
        ("mad_u16", 3, false),
        ("mad_i16", 3, false),
        ("add_i16", 2, false),
        ("sub_i16", 2, false),
    ];
    for (op, n, float) in ops {
        for variant in 0..8 {
            let os = if variant == 0 {
                0
            } else {
                rng.below(16) as u32
            };
            // op_sel has n + 1 bits: the sources, then the destination; the
            // 2-source ops spell the destination bit as the third.
            let os = os & ((1 << n) - 1) | (os >> 3 & 1) << 3;
            let (ab, ng) = if float {
                (rng.below(8) as u32, rng.below(8) as u32)
            } else {
                (0, 0)
            };
            let clamp = variant % 2 == 1;
            let osb = bits(n, os) + "";
            let osb = format!("{},{}]", &osb[..osb.len() - 1], os >> 3 & 1);
            let mut text = format!("v_{op} v20, {} op_sel:{osb}", mod_args(n as u32, ab, ng));
            if clamp {
                text += " clamp";
            }
            let op = op.to_string();
            v.push(Case::new(text, move |lane| {
                let s: Vec<u16> = (0..n as u32)
                    .map(|i| {
                        let x = (lane[i as usize] >> (16 * (os >> i & 1))) as u16;
                        mod16(x, i, ab, ng)
                    })
                    .collect();
                let r = model16(&op, &s, clamp) as u32;
                let old = lane[3];
                if os >> 3 & 1 == 1 {
                    old & 0xffff | r << 16
                } else {
                    old & 0xffff_0000 | r
                }
            }));
        }
    }
    // gfx8's 16-bit ops under their gfx9 `_legacy` names: the op_sel
    // sibling's computation on the low halves, vdst's high half zeroed.
    for (legacy, op, float) in [
        ("mad_legacy_u16", "mad_u16", false),
        ("mad_legacy_i16", "mad_i16", false),
        ("fma_legacy_f16", "fma_f16", true),
        ("div_fixup_legacy_f16", "div_fixup_f16", true),
    ] {
        for variant in 0..4 {
            let (ab, ng) = if float {
                (rng.below(8) as u32, rng.below(8) as u32)
            } else {
                (0, 0)
            };
            let clamp = variant % 2 == 1;
            let mut text = format!("v_{legacy} v20, {}", mod_args(3, ab, ng));
            if clamp {
                text += " clamp";
            }
            v.push(Case::new(text, move |lane| {
                let s: Vec<u16> = (0..3u32)
                    .map(|i| mod16(lane[i as usize] as u16, i, ab, ng))
                    .collect();
                model16(op, &s, clamp) as u32
            }));
        }
    }
    // Constants under op_sel: the high half of an f16 constant is 0, of an
    // integer constant its sign extension.
    v.push(Case::new(
        "v_fma_f16 v20, v2, 1.0, v4 op_sel:[0,1,0,0]",
        |l| l[3] & 0xffff_0000 | model16("fma_f16", &[l[0] as u16, 0, l[2] as u16], false) as u32,
    ));
    v.push(Case::new(
        "v_mad_u16 v20, v2, -1, v4 op_sel:[0,1,0,1]",
        |l| {
            let r = model16("mad_u16", &[l[0] as u16, 0xffff, l[2] as u16], false) as u32;
            l[3] & 0xffff | r << 16
        },
    ));
    v.push(Case::new("v_pack_b32_f16 v20, 0.5, v3 op_sel:[1,0]", |l| {
        l[1] << 16
    }));
    // v_pack_b32_f16: halves by op_sel, f16 abs / neg.
    for _ in 0..6 {
        let (os, ab, ng) = (
            rng.below(4) as u32,
            rng.below(4) as u32,
            rng.below(4) as u32,
        );
        v.push(Case::new(
            format!(
                "v_pack_b32_f16 v20, {} op_sel:{}",
                mod_args(2, ab, ng),
                bits(2, os)
            ),
            move |lane| {
                let h: Vec<u32> = (0..2)
                    .map(|i| {
                        let x = (lane[i as usize] >> (16 * (os >> i & 1))) as u16;
                        mod16(x, i, ab, ng) as u32
                    })
                    .collect();
                h[0] | h[1] << 16
            },
        ));
    }
    for op in ["add_f16", "mul_f16", "max_f16", "min_f16"] {
        for _ in 0..3 {
            let (ab, ng) = (rng.below(4) as u32, rng.below(4) as u32);
            let op = op.to_string();
            v.push(Case::new(
                format!("v_{op}_e64 v20, {}", mod_args(2, ab, ng)),
                move |lane| {
                    let s: Vec<u16> = (0..2)
                        .map(|i| mod16(lane[i as usize] as u16, i, ab, ng))
                        .collect();
                    model16(&op, &s, false) as u32
                },
            ));
        }
    }
    v
}

/// v_fma_mix_f32 / v_fma_mixlo_f16 / v_fma_mixhi_f16: f32 or f16 sources
/// (op_sel_hi), halves (op_sel), neg (neg_lo) and abs (neg_hi), clamp.
fn mix_cases(rng: &mut Rng) -> Vec<Case> {
    let mut v = Vec::new();
    for op in ["mix_f32", "mixlo_f16", "mixhi_f16"] {
        for variant in 0..12 {
            let (os, osh) = (rng.below(8) as u32, rng.below(8) as u32);
            let (ng, ab) = if variant % 3 == 0 {
                (0, 0)
            } else {
                (rng.below(8) as u32, rng.below(8) as u32)
            };
            let clamp = variant % 4 == 1;
            let mut text = format!(
                "v_fma_{op} v20, {} op_sel:{} op_sel_hi:{}",
                mod_args(3, ab, ng),
                bits(3, os),
                bits(3, osh)
            );
            if clamp {
                text += " clamp";
            }
            v.push(Case::new(text, move |lane| {
                let s: Vec<f32> = (0..3)
                    .map(|i| {
                        let mut x = if osh >> i & 1 == 1 {
                            h2d((lane[i] >> (16 * (os >> i & 1))) as u16) as f32
                        } else {
                            f32::from_bits(lane[i])
                        };
                        if ab >> i & 1 == 1 {
                            x = x.abs();
                        }
                        if ng >> i & 1 == 1 {
                            x = -x;
                        }
                        x
                    })
                    .collect();
                let r = s[0].mul_add(s[1], s[2]);
                let old = lane[3];
                if op == "mix_f32" {
                    let r = if clamp {
                        if r.is_nan() {
                            0.0
                        } else {
                            r.clamp(0.0, 1.0) + 0.0
                        }
                    } else {
                        r
                    };
                    return r.to_bits();
                }
                let h = d2h(r as f64);
                let h = if clamp { clamp_h(h) } else { h } as u32;
                if op == "mixhi_f16" {
                    old & 0xffff | h << 16
                } else {
                    old & 0xffff_0000 | h
                }
            }));
        }
    }
    v
}

/// VOP1 f16 ops and 16-bit conversions (e32, and e64 with abs / neg /
/// clamp): the result in the low half, the high half zeroed.
fn vop1_cases(rng: &mut Rng) -> Vec<Case> {
    type F = fn(f64) -> f64;
    let fops: [(&str, F); 9] = [
        ("rcp", |x| 1.0 / x),
        ("sqrt", f64::sqrt),
        ("rsq", |x| 1.0 / x.sqrt()),
        ("log", f64::log2),
        ("exp", f64::exp2),
        ("floor", f64::floor),
        ("ceil", f64::ceil),
        ("trunc", f64::trunc),
        ("rndne", f64::round_ties_even),
    ];
    let mut v = Vec::new();
    let mods = |rng: &mut Rng, e64: bool| {
        if e64 {
            (rng.chance(1, 2), rng.chance(1, 2), rng.chance(1, 2))
        } else {
            (false, false, false)
        }
    };
    let arg = |ab: bool, ng: bool| mod_reg(0, ab as u32, ng as u32);
    fn src(lane: [u32; 4], ab: bool, ng: bool) -> u16 {
        mod16(lane[0] as u16, 0, ab as u32, ng as u32)
    }
    for (op, f) in fops {
        for e64 in [false, true] {
            let (ab, ng, clamp) = mods(rng, e64);
            let sfx = if e64 { "_e64" } else { "" };
            let cl = if clamp { " clamp" } else { "" };
            v.push(Case::new(
                format!("v_{op}_f16{sfx} v20, {}{cl}", arg(ab, ng)),
                move |lane| {
                    let r = d2h(f(h2d(src(lane, ab, ng))));
                    (if clamp { clamp_h(r) } else { r }) as u32
                },
            ));
        }
    }
    // SDWA: the high half in, the result to the high half (the low half
    // kept).
    v.push(Case::new(
        "v_sqrt_f16_sdwa v20, v2 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:WORD_1",
        |lane| {
            let r = d2h(h2d((lane[0] >> 16) as u16).sqrt()) as u32;
            lane[3] & 0xffff | r << 16
        },
    ));
    let add_sdwa = "v_add_f16_sdwa v20, v2, v3 dst_sel:WORD_0 dst_unused:UNUSED_PAD \
                    src0_sel:WORD_1 src1_sel:WORD_1";
    v.push(Case::new(add_sdwa, |lane| {
        model16(
            "add_f16",
            &[(lane[0] >> 16) as u16, (lane[1] >> 16) as u16],
            false,
        ) as u32
    }));
    // v_fract_f16: x - floor(x) (exact), below 1, NaN for inf / NaN.
    for (text, ab, ng) in [
        ("v_fract_f16 v20, v2", false, false),
        ("v_fract_f16_e64 v20, -v2", false, true),
        ("v_fract_f16_e64 v20, -|v2|", true, true),
    ] {
        v.push(Case::new(text, move |lane| {
            let x = h2d(src(lane, ab, ng));
            let r = d2h(x - x.floor());
            (if is_nan16(r) {
                r
            } else {
                minmax16(r, 0x3bff, false)
            }) as u32
        }));
    }
    // v_frexp_mant_f16 / v_frexp_exp_i16_f16: x = m * 2^e with |m| in [0.5,
    // 1); zero, inf and NaN keep x (mant) and give 0 (exp).
    let frexp16 = |h: u16| -> Option<(f64, i32)> {
        let x = h2d(h);
        (x != 0.0 && x.is_finite()).then(|| {
            let e = x.abs().log2().floor() as i32 + 1;
            (x / 2f64.powi(e), e)
        })
    };
    v.push(Case::new("v_frexp_mant_f16 v20, v2", move |lane| {
        let h = lane[0] as u16;
        frexp16(h).map_or(h, |(m, _)| d2h(m)) as u32
    }));
    v.push(Case::new("v_frexp_exp_i16_f16 v20, v2", move |lane| {
        frexp16(lane[0] as u16).map_or(0, |(_, e)| e as u16) as u32
    }));
    // v_sin_f16 / v_cos_f16: of x revolutions, rounded once from f64.
    v.push(Case::new("v_sin_f16 v20, v2", |lane| {
        d2h((h2d(lane[0] as u16) * std::f64::consts::TAU).sin()) as u32
    }));
    v.push(Case::new("v_cos_f16_e64 v20, -v2", |lane| {
        d2h((-h2d(lane[0] as u16) * std::f64::consts::TAU).cos()) as u32
    }));
    // v_ldexp_f16: n is the i16 in the low half of src1.
    // The small-exponent forms first bring n into [-15, 16] (v21), where
    // results round, go subnormal and overflow.
    let small = "v_and_b32 v21, 31, v3\nv_subrev_u32 v21, 15, v21\n";
    for (text, ab, ng, clamp, sm) in [
        ("v_ldexp_f16 v20, v2, v3", false, false, false, false),
        ("v_ldexp_f16_e64 v20, -v2, v3", false, true, false, false),
        ("v_ldexp_f16 v20, v2, v21", false, false, false, true),
        (
            "v_ldexp_f16_e64 v20, -|v2|, v21 clamp",
            true,
            true,
            true,
            true,
        ),
        ("v_ldexp_f16_e64 v20, -v2, v21", false, true, false, true),
    ] {
        v.push(Case::new(
            if sm {
                format!("{small}{text}")
            } else {
                text.into()
            },
            move |lane| {
                let n = if sm {
                    (lane[1] & 31) as i16 - 15
                } else {
                    (lane[1] as u16 as i16).clamp(-100, 100)
                };
                let r = d2h(h2d(src(lane, ab, ng)) * 2f64.powi(n as i32));
                (if clamp { clamp_h(r) } else { r }) as u32
            },
        ));
    }
    for (ab, ng) in [(false, false), (true, false), (false, true), (true, true)] {
        v.push(Case::new(
            format!("v_cvt_f32_f16_e64 v20, {}", arg(ab, ng)),
            move |lane| (h2d(src(lane, ab, ng)) as f32).to_bits(),
        ));
    }
    for signed in [false, true] {
        let ty = if signed { "i16" } else { "u16" };
        for e64 in [false, true] {
            let clamp = e64 && rng.chance(1, 2);
            let sfx = if e64 { "_e64" } else { "" };
            let cl = if clamp { " clamp" } else { "" };
            v.push(Case::new(
                format!("v_cvt_f16_{ty}{sfx} v20, v2{cl}"),
                move |lane| {
                    let x = lane[0] as u16;
                    let d = if signed { x as i16 as f64 } else { x as f64 };
                    let r = d2h(d);
                    (if clamp { clamp_h(r) } else { r }) as u32
                },
            ));
            let (ab, ng, _) = mods(rng, e64);
            v.push(Case::new(
                format!("v_cvt_{ty}_f16{sfx} v20, {}", arg(ab, ng)),
                move |lane| {
                    let x = h2d(src(lane, ab, ng)).trunc();
                    let (lo, hi) = if signed {
                        (-32768.0, 32767.0)
                    } else {
                        (0.0, 65535.0)
                    };
                    let r = if x.is_nan() { 0.0 } else { x.clamp(lo, hi) };
                    (r as i64 as u16) as u32
                },
            ));
        }
    }
    v
}

/// The v_cmp_class bit of an f16: 0 sNaN, 1 qNaN, 2 -inf, 3 -normal,
/// 4 -subnormal, 5 -0, 6 +0, 7 +subnormal, 8 +normal, 9 +inf.
fn class16(h: u16) -> u32 {
    let neg = h >> 15 == 1;
    let a = h & 0x7fff;
    let pick = |n: u32, p: u32| if neg { n } else { p };
    match a {
        0 => pick(5, 6),
        1..=0x3ff => pick(4, 7),
        0x7c00 => pick(2, 9),
        0x7c01.. => (a >> 9 & 1) as u32,
        _ => pick(3, 8),
    }
}

/// 16-bit compares (VOPC e32 and VOP3 with f16 abs / neg): every float
/// condition, class, and the u16 / i16 conditions.
fn cmp_cases(rng: &mut Rng) -> Vec<Case> {
    let tail = "\ns_mov_b64 exec, -1\nv_cndmask_b32_e64 v20, 0, 1, s[20:21]";
    let mut v = Vec::new();
    for (cond, f) in FLOAT_CONDS {
        for e64 in [false, true] {
            let (ab, ng) = if e64 {
                (rng.below(4) as u32, rng.below(4) as u32)
            } else {
                (0, 0)
            };
            let text = if e64 {
                format!(
                    "v_cmp_{cond}_f16_e64 s[20:21], {}{tail}",
                    mod_args(2, ab, ng)
                )
            } else {
                format!("v_cmp_{cond}_f16 vcc, v2, v3\ns_mov_b64 s[20:21], vcc{tail}")
            };
            v.push(Case::cmp(text, move |lane| {
                let x: Vec<f64> = (0..2)
                    .map(|i| h2d(mod16(lane[i as usize] as u16, i, ab, ng)))
                    .collect();
                f(x[0], x[1]) as u32
            }));
        }
    }
    for form in [
        "v_cmp_class_f16 vcc, v2, v3\ns_mov_b64 s[20:21], vcc",
        "v_cmp_class_f16_e64 s[20:21], v2, v3",
        "v_cmp_class_f16_e64 s[20:21], -|v2|, v3",
    ] {
        let (ab, ng) = (form.contains('|'), form.contains('-'));
        v.push(Case::cmp(format!("{form}{tail}"), move |lane| {
            let h = mod16(lane[0] as u16, 0, ab as u32, ng as u32);
            lane[1] >> class16(h) & 1
        }));
    }
    // SDWA compares: word / byte selects, vcc or an SGPR pair.
    type SC = fn([u32; 4]) -> bool;
    let sdwa: [(&str, SC); 4] = [
        (
            "v_cmp_lt_f16_sdwa vcc, v2, v3 src0_sel:WORD_1 src1_sel:WORD_0\ns_mov_b64 s[20:21], vcc",
            |l| h2d((l[0] >> 16) as u16) < h2d(l[1] as u16),
        ),
        (
            "v_cmp_neq_f16_sdwa s[20:21], v2, v3 src0_sel:WORD_0 src1_sel:WORD_1",
            |l| h2d(l[0] as u16) != h2d((l[1] >> 16) as u16),
        ),
        (
            "v_cmp_ge_i16_sdwa s[20:21], v2, v3 src0_sel:WORD_1 src1_sel:WORD_1",
            |l| (l[0] >> 16) as i16 >= (l[1] >> 16) as i16,
        ),
        (
            "v_cmp_gt_u32_sdwa vcc, v2, v3 src0_sel:BYTE_1 src1_sel:WORD_1\ns_mov_b64 s[20:21], vcc",
            |l| (l[0] >> 8) & 0xff > l[1] >> 16,
        ),
    ];
    for (text, f) in sdwa {
        v.push(Case::cmp(format!("{text}{tail}"), move |lane| {
            f(lane) as u32
        }));
    }
    for (cond, f) in INT_CONDS {
        for ty in ["u16", "i16"] {
            for e64 in [false, true] {
                let text = if e64 {
                    format!("v_cmp_{cond}_{ty}_e64 s[20:21], v2, v3{tail}")
                } else {
                    format!("v_cmp_{cond}_{ty} vcc, v2, v3\ns_mov_b64 s[20:21], vcc{tail}")
                };
                let signed = ty == "i16";
                v.push(Case::cmp(text, move |lane| {
                    let x: Vec<i64> = (0..2)
                        .map(|i| {
                            let h = lane[i] as u16;
                            if signed {
                                h as i16 as i64
                            } else {
                                h as i64
                            }
                        })
                        .collect();
                    f(x[0], x[1]) as u32
                }));
            }
        }
    }
    v
}

/// Integer dot products: VOP3P v_dot2/4/8 (i and u, with and without
/// clamp) and the VOP2 accumulating v_dot2c/4c/8c forms.
fn dot_cases() -> Vec<Case> {
    fn dot(x: u32, y: u32, z: u32, w: u32, signed: bool, clamp: bool) -> u32 {
        let el = |v: u32, k: u32| -> i64 {
            let f = (v >> (k * w)) as u64 & ((1u64 << w) - 1);
            if signed && f >> (w - 1) & 1 == 1 {
                f as i64 - (1i64 << w)
            } else {
                f as i64
            }
        };
        let mut acc = if signed { z as i32 as i64 } else { z as i64 };
        for k in 0..32 / w {
            acc += el(x, k) * el(y, k);
        }
        if clamp {
            acc = if signed {
                acc.clamp(i32::MIN as i64, i32::MAX as i64)
            } else {
                acc.min(u32::MAX as i64)
            };
        }
        acc as u32
    }
    let mut v = Vec::new();
    for (name, w) in [("dot2", 16), ("dot4", 8), ("dot8", 4)] {
        for signed in [true, false] {
            let ty = match (signed, w) {
                (true, _) => format!("i32_i{w}"),
                (false, _) => format!("u32_u{w}"),
            };
            for clamp in [false, true] {
                let cl = if clamp { " clamp" } else { "" };
                v.push(Case::new(
                    format!("v_{name}_{ty} v20, v2, v3, v4{cl}"),
                    move |l| dot(l[0], l[1], l[2], w, signed, clamp),
                ));
            }
        }
        v.push(Case::new(
            format!("v_{name}c_i32_i{w} v20, v2, v3"),
            move |l| dot(l[0], l[1], l[3], w, true, false),
        ));
    }
    v
}

/// f16 dots into f32: v_dot2_f32_f16 (VOP3P) and the accumulating
/// v_dot2c_f32_f16 (VOP2, VOP3): `(z + x.lo * y.lo) + x.hi * y.hi`, each sum
/// rounded to nearest even (the ISA's pseudo-code; the products are exact).
fn fdot_cases() -> Vec<Case> {
    fn fdot(x: u32, y: u32, z: u32) -> u32 {
        let mut acc = f32::from_bits(z);
        for k in [0, 16] {
            let (a, b) = (h2d((x >> k) as u16) as f32, h2d((y >> k) as u16) as f32);
            acc = a.mul_add(b, acc);
        }
        acc.to_bits()
    }
    vec![
        Case::new("v_dot2_f32_f16 v20, v2, v3, v4", |l| fdot(l[0], l[1], l[2])),
        Case::new("v_dot2c_f32_f16 v20, v2, v3", |l| fdot(l[0], l[1], l[3])),
        Case::new("v_dot2c_f32_f16_e64 v20, v2, v3", |l| {
            fdot(l[0], l[1], l[3])
        }),
        Case::new("v_dot2_f32_f16 v20, v2, v3, 1.0", |l| {
            fdot(l[0], l[1], 0x3f80_0000)
        }),
    ]
}

/// v_pk_fmac_f16 (VOP2): each half fma(src0, src1, vdst); an f16 inline
/// constant has 0 in its high half.
fn pk_fmac_cases() -> Vec<Case> {
    let fmac = |a: u32, b: u32, d: u32| -> u32 {
        let h = |k: u32| {
            model16(
                "fma_f16",
                &[(a >> k) as u16, (b >> k) as u16, (d >> k) as u16],
                false,
            ) as u32
        };
        h(0) | h(16) << 16
    };
    vec![
        Case::new("v_pk_fmac_f16 v20, v2, v3", move |l| fmac(l[0], l[1], l[3])),
        Case::new("v_pk_fmac_f16 v20, 1.0, v3", move |l| {
            fmac(0x3c00, l[1], l[3])
        }),
        Case::new("v_pk_fmac_f16 v20, s12, v4", move |l| {
            fmac(SREG, l[2], l[3])
        }),
    ]
}

// ------------------------------------------------------------------ inputs

/// f16 edge values: NaNs (quiet, signalling, negative), infinities, zeros,
/// subnormals, the largest finite, the smallest normal, ones and halves
/// (ties after addition), and values near the overflow threshold.
const EDGE_F16: [u16; 22] = [
    0x7e00, 0x7c01, 0xfe00, 0x7c00, 0xfc00, 0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x83ff, 0x0400,
    0x7bff, 0xfbff, 0x3c00, 0xbc00, 0x3c01, 0x1400, 0x3800, 0x7bfe, 0x0200, 0x5bff,
];
const EDGE_I16: [u16; 8] = [0, 1, 0xffff, 0x8000, 0x7fff, 0x00ff, 0x0010, 0xfffe];

fn rand_half(rng: &mut Rng) -> u16 {
    match rng.below(4) {
        0 => EDGE_F16[rng.below(EDGE_F16.len() as u64) as usize],
        1 => EDGE_I16[rng.below(EDGE_I16.len() as u64) as usize],
        // Moderate magnitudes (exponent 10..20): sums and products that
        // round, tie and overflow.
        2 => {
            (rng.below(2) as u16) << 15 | (10 + rng.below(11) as u16) << 10 | rng.below(1024) as u16
        }
        _ => rng.next() as u16,
    }
}

fn rand_word(rng: &mut Rng) -> u32 {
    rand_half(rng) as u32 | (rand_half(rng) as u32) << 16
}

/// Makes the cases with `make` from the seed `seed`, checks their count
/// where `count` gives one, and runs them ([`check`] with `check_seed`).
fn check_generated(
    seed: u64,
    make: fn(&mut Rng) -> Vec<Case>,
    count: Option<usize>,
    check_seed: u64,
) {
    let cases = make(&mut Rng::new(seed));
    if let Some(n) = count {
        assert_eq!(cases.len(), n);
    }
    check(&cases, check_seed);
}

/// Runs the cases (each under its own random EXEC) and checks every lane.
fn check(cases: &[Case], seed: u64) {
    let mut rng = Rng::new(seed);
    let execs: Vec<u64> = cases
        .iter()
        .map(|_| match rng.below(4) {
            0 => u64::MAX,
            _ => rng.next(),
        })
        .collect();
    let mut src = format!(
        "s_load_dwordx4 s[4:7], s[0:1], 0x0\n\
         s_waitcnt lgkmcnt(0)\n\
         s_mov_b32 s12, {SREG:#x}\n\
         v_and_b32 v1, 0x3ff, v0\n\
         v_lshlrev_b32 v12, 4, v1\n\
         v_lshlrev_b32 v13, 2, v1\n\
         global_load_dwordx4 v[2:5], v12, s[4:5]\n\
         s_waitcnt vmcnt(0)\n"
    );
    for (i, c) in cases.iter().enumerate() {
        let ex = execs[i];
        src += &format!(
            "s_add_u32 s8, s6, {}\ns_addc_u32 s9, s7, 0\n\
             v_mov_b32 v20, v5\n\
             s_mov_b32 exec_lo, {:#x}\ns_mov_b32 exec_hi, {:#x}\n\
             {}\n\
             s_mov_b64 exec, -1\n\
             global_store_dword v13, v20, s[8:9]\n",
            i * 64 * 4,
            ex as u32,
            (ex >> 32) as u32,
            c.text
        );
    }
    src += "s_endpgm\n";
    let k = lift_src(&src, &test_abi(0, 0));
    for round in 0..3 {
        let lanes: Vec<[u32; 4]> = (0..64)
            .map(|_| {
                [
                    rand_word(&mut rng),
                    rand_word(&mut rng),
                    rand_word(&mut rng),
                    rng.next() as u32,
                ]
            })
            .collect();
        let inb: Vec<u32> = lanes.iter().flatten().copied().collect();
        let setup = Setup {
            bufs: vec![bytes32(&inb), vec![0u8; cases.len() * 64 * 4]],
            extra: vec![],
            grid: [1, 1, 1],
            block: [64, 1, 1],
        };
        for e in ENGINES {
            let out = u32s(&run(&k, e, &setup)[1]);
            for (ci, c) in cases.iter().enumerate() {
                for (l, &lane) in lanes.iter().enumerate() {
                    let got = out[ci * 64 + l];
                    let want = match (execs[ci] >> l & 1 == 1, c.cmp) {
                        (true, _) => (c.model)(lane),
                        (false, true) => 0,
                        (false, false) => lane[3],
                    };
                    // NaN results: any NaN (the IR leaves the payload open).
                    let f32_nan = !c.cmp
                        && ["mix_f32", "cvt_f32_f16", "dot2_f32_f16", "dot2c_f32_f16"]
                            .iter()
                            .any(|m| c.text.contains(m))
                        && f32::from_bits(got).is_nan()
                        && f32::from_bits(want).is_nan();
                    let same_half = |h: u32| {
                        let (g, w) = ((got >> h) as u16, (want >> h) as u16);
                        // (v_cvt_u16/i16_f16 give integers: exact.)
                        let float = !c.cmp && c.text.contains("f16") && !c.text.contains("16_f16");
                        g == w || (float && is_nan16(g) && is_nan16(w))
                    };
                    assert!(
                        f32_nan || (same_half(0) && same_half(16)),
                        "{e:?} round {round} `{}` lane {l}: got {got:#010x} want {want:#010x} \
                         inputs {lane:x?}",
                        c.text
                    );
                }
            }
        }
    }
}

#[test]
fn f16_rounding_model_is_exact() {
    // Every f16 round-trips; halfway cases round to even; overflow at 65520.
    for h in 0..=u16::MAX {
        if !is_nan16(h) {
            assert_eq!(d2h(h2d(h)), h, "{h:#x}");
        }
    }
    assert_eq!(d2h(1.0 + 2f64.powi(-11)), 0x3c00);
    assert_eq!(d2h(1.0 + 3.0 * 2f64.powi(-11)), 0x3c02);
    assert_eq!(d2h(65519.0), 0x7bff);
    assert_eq!(d2h(65520.0), 0x7c00);
    assert_eq!(d2h(2f64.powi(-25)), 0x0000);
    assert_eq!(d2h(3.0 * 2f64.powi(-25)), 0x0002);
    assert_eq!(d2h(-2f64.powi(-26)), 0x8000);
}

#[test]
fn packed_16bit_ops_match_the_model() {
    check_generated(0x9a_c4e1, packed_cases, Some(19 * 6), 0x51ed);
}

#[test]
fn vop3_op_sel_16bit_ops_match_the_model() {
    check_generated(0x0b5e1, opsel_cases, None, 0x3a7);
}

// ------------------------------------------------------------------ compiled

/// `gfx942_exec_half/kernels.cl` built by `gfx942_exec_half/build.sh`.
const HALF_CO: &[u8] = include_bytes!("gfx942_exec_half/kernels.co");
const N: usize = 256;

fn run_half(name: &str, e: Engine, bufs: &[Vec<u8>]) -> Vec<Vec<u8>> {
    run_co_kernel(HALF_CO, name, e, bufs, [(N / 64) as u32, 1, 1], [64, 1, 1])
}

/// Runs a kernel whose first buffer is its only output (`out_len` zero
/// bytes), the inputs after it; returns the output.
fn run_half_out(name: &str, e: Engine, out_len: usize, ins: &[Vec<u8>]) -> Vec<u8> {
    let mut bufs = vec![vec![0; out_len]];
    bufs.extend_from_slice(ins);
    run_half(name, e, &bufs).swap_remove(0)
}

/// Random f16 pairs without signalling NaNs (LLVM's maxnum / minnum leave
/// the result of a signalling NaN open).
fn rand_h2(rng: &mut Rng) -> u32 {
    let mut h = || loop {
        let x = rand_half(rng);
        if !(is_nan16(x) && x & 0x200 == 0) {
            return x as u32;
        }
    };
    h() | h() << 16
}

fn lanes16(w: u32) -> [u16; 2] {
    [w as u16, (w >> 16) as u16]
}

fn join16(l: [u16; 2]) -> u32 {
    l[0] as u32 | (l[1] as u32) << 16
}

/// `N` words of `rand_h2`.
fn rand_h2s(rng: &mut Rng) -> Vec<u32> {
    (0..N).map(|_| rand_h2(rng)).collect()
}

fn same_h2(got: u32, want: u32) -> bool {
    (0..2).all(|k| {
        let (g, w) = ((got >> (16 * k)) as u16, (want >> (16 * k)) as u16);
        g == w || (is_nan16(g) && is_nan16(w))
    })
}

/// Asserts a half2 result (a NaN half matches any NaN); `what` names the
/// engine, kernel, element and inputs.
fn assert_h2(got: u32, want: u32, what: std::fmt::Arguments) {
    assert!(
        same_h2(got, want),
        "{what}: got {got:#010x} want {want:#010x}"
    );
}

/// `assert_h2` for one half.
fn assert_h(got: u16, want: u16, what: std::fmt::Arguments) {
    assert!(same_h(got, want), "{what}: got {got:#x} want {want:#x}");
}

/// Asserts an f32 result bit-exactly (a NaN matches any NaN).
fn assert_f32(got: f32, want: f32, what: std::fmt::Arguments) {
    assert!(
        got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan()),
        "{what}: got {got:e} want {want:e}"
    );
}

#[test]
fn compiled_half2_kernels_match_the_reference() {
    let mut rng = Rng::new(0x4a1f);
    let (a, b, c) = (rand_h2s(&mut rng), rand_h2s(&mut rng), rand_h2s(&mut rng));
    let f = |op: &str, s: &[u16]| model16(op, s, false);
    for e in ENGINES {
        // h2_math
        let out = u32s(&run_half_out(
            "h2_math",
            e,
            8 * N,
            &[bytes32(&a), bytes32(&b), bytes32(&c)],
        ));
        for i in 0..N {
            let (x, y, z) = (lanes16(a[i]), lanes16(b[i]), lanes16(c[i]));
            let zyx = [z[1], z[0]];
            let mut w0 = [0u16; 2];
            let mut w1 = [0u16; 2];
            for k in 0..2 {
                let r = f("fma_f16", &[x[k], y[k], z[k]]);
                let r = f("mul_f16", &[r, [0x4000, 0x3800][k]]);
                let d = f("add_f16", &[x[k], y[k] ^ 0x8000]);
                w0[k] = f("max_f16", &[r, d]);
                let p = f("mul_f16", &[x[k], y[k]]);
                let mn = f("min_f16", &[p, zyx[k]]);
                w1[k] = f("add_f16", &[mn, d]);
            }
            for (j, w) in [w0, w1].into_iter().enumerate() {
                assert_h2(
                    out[2 * i + j],
                    join16(w),
                    format_args!(
                        "{e:?} h2_math[{i}].{j}: a {:#x} b {:#x} c {:#x}",
                        a[i], b[i], c[i]
                    ),
                );
            }
        }
        // h2_swizzle
        let out = u32s(&run_half_out(
            "h2_swizzle",
            e,
            4 * N,
            &[bytes32(&a), bytes32(&b)],
        ));
        for i in 0..N {
            let (x, y) = (lanes16(a[i]), lanes16(b[i]));
            let s = [x[1], y[0]];
            let w: Vec<u16> = (0..2)
                .map(|k| f("fma_f16", &[s[k], x[1], y[k] ^ 0x8000]))
                .collect();
            assert_h2(
                out[i],
                join16([w[0], w[1]]),
                format_args!("{e:?} h2_swizzle[{i}]: a {:#x} b {:#x}", a[i], b[i]),
            );
        }
        // s2_math
        let out = u32s(&run_half_out(
            "s2_math",
            e,
            12 * N,
            &[bytes32(&a), bytes32(&b), bytes32(&c)],
        ));
        for i in 0..N {
            let (x, y, u) = (lanes16(a[i]), lanes16(b[i]), lanes16(c[i]));
            let mut w = [[0u16; 2]; 3];
            for k in 0..2 {
                let (xs, ys) = (x[k] as i16, y[k] as i16);
                let m = xs.wrapping_mul(ys).wrapping_add([3, -7][k]);
                let sh = (xs >> (ys & 15)).wrapping_add((u[k] << 3) as i16);
                w[0][k] = m.wrapping_sub(xs.max(ys)) as u16;
                w[1][k] = sh.wrapping_add(xs.min(ys)) as u16;
                w[2][k] = u[k].max(x[k]) >> [1, 2][k];
            }
            for (j, wj) in w.into_iter().enumerate() {
                assert_eq!(
                    out[3 * i + j],
                    join16(wj),
                    "{e:?} s2_math[{i}].{j}: a {:#x} b {:#x} c {:#x}",
                    a[i],
                    b[i],
                    c[i]
                );
            }
        }
    }
}

#[test]
fn fma_mix_ops_match_the_model() {
    check_generated(0x3171, mix_cases, None, 0x77e);
}

fn halves_of(w: &[u32]) -> Vec<u16> {
    w.iter().map(|&x| x as u16).collect()
}

fn bytes16(v: &[u16]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn u16s(b: &[u8]) -> Vec<u16> {
    b.chunks(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect()
}

fn same_h(g: u16, w: u16) -> bool {
    g == w || (is_nan16(g) && is_nan16(w))
}

#[test]
fn compiled_half_division_mix_and_scalar_match_the_reference() {
    let mut rng = Rng::new(0x5eed_4a1f);
    let (a, b) = (rand_h2s(&mut rng), rand_h2s(&mut rng));
    let cf: Vec<u32> = (0..N).map(|_| rng.next() as u32).collect();
    let (ha, hb) = (halves_of(&a), halves_of(&b));
    let div = |x: u16, y: u16| d2h(h2d(x) / h2d(y));
    for e in ENGINES {
        let out = u16s(&run_half_out(
            "h_div",
            e,
            2 * N,
            &[bytes16(&ha), bytes16(&hb)],
        ));
        for i in 0..N {
            let what = format_args!("{e:?} h_div[{i}]: {:#x} / {:#x}", ha[i], hb[i]);
            assert_h(out[i], div(ha[i], hb[i]), what);
        }
        let out = u32s(&run_half_out(
            "h2_div",
            e,
            4 * N,
            &[bytes32(&a), bytes32(&b)],
        ));
        for i in 0..N {
            let (x, y) = (lanes16(a[i]), lanes16(b[i]));
            let w = join16([div(x[0], y[0]), div(x[1], y[1])]);
            let what = format_args!("{e:?} h2_div[{i}]: {:#x} / {:#x}", a[i], b[i]);
            assert_h2(out[i], w, what);
        }
        let out = u32s(&run_half_out(
            "h_mixed",
            e,
            4 * N,
            &[bytes16(&ha), bytes16(&hb), bytes32(&cf)],
        ));
        for i in 0..N {
            let w = (h2d(ha[i]) as f32).mul_add(h2d(hb[i]) as f32, f32::from_bits(cf[i]));
            assert_f32(
                f32::from_bits(out[i]),
                w,
                format_args!("{e:?} h_mixed[{i}]"),
            );
        }
        let out = u16s(&run_half_out(
            "h_scalar",
            e,
            2 * N,
            &[bytes16(&ha), bytes16(&hb)],
        ));
        for i in 0..N {
            let (x, y) = (ha[i], hb[i]);
            let f = model16("fma_f16", &[x, y, x], false);
            let m = model16("min_f16", &[x, y], false);
            let w = model16(
                "add_f16",
                &[model16("max_f16", &[f, m], false), 0xbe00],
                false,
            );
            assert_h(
                out[i],
                w,
                format_args!("{e:?} h_scalar[{i}]: {x:#x} {y:#x}"),
            );
        }
    }
}

#[test]
fn compares_16bit_match_the_model() {
    check_generated(0xc0e1, cmp_cases, Some(16 * 2 + 3 + 4 + 8 * 4), 0x1c3);
}

#[test]
fn vop1_f16_ops_and_conversions_match_the_model() {
    check_generated(0x70f1, vop1_cases, None, 0x2b1);
}

#[test]
fn compiled_half_conversions_and_selects_match_the_reference() {
    let mut rng = Rng::new(0xc0de_4a1f);
    let a = rand_h2s(&mut rng);
    // float2 addends: f16-range values (sums that round back to f16) and
    // arbitrary bit patterns.
    let bf: Vec<u32> = (0..2 * N)
        .map(|_| {
            if rng.chance(3, 4) {
                (h2d(rand_half(&mut rng)) as f32 * 1.000_1).to_bits()
            } else {
                rng.next() as u32
            }
        })
        .collect();
    let c: Vec<u32> = (0..N).map(|_| rand_word(&mut rng)).collect();
    for e in ENGINES {
        let r = run_half(
            "h2_convert",
            e,
            &[
                vec![0; 8 * N],
                vec![0; 8 * N],
                bytes32(&a),
                bytes32(&bf),
                bytes32(&c),
            ],
        );
        let (outf, outh) = (u32s(&r[0]), u32s(&r[1]));
        for i in 0..N {
            let x = lanes16(a[i]);
            let mut s = [0u16; 2];
            let mut cv = [0u16; 2];
            for k in 0..2 {
                let f = h2d(x[k]) as f32 + f32::from_bits(bf[2 * i + k]);
                let g = f32::from_bits(outf[2 * i + k]);
                assert_f32(g, f, format_args!("{e:?} h2_convert f[{i}].{k}"));
                let y = d2h(f as f64);
                s[k] = if h2d(x[k]) < h2d(y) {
                    d2h(h2d(x[k]).sqrt())
                } else {
                    d2h(h2d(y).floor())
                };
                cv[k] = d2h((c[i] >> (16 * k)) as u16 as i16 as f64);
            }
            let what = format_args!("{e:?} h2_convert s[{i}]: a {:#x}", a[i]);
            assert_h2(outh[2 * i], join16(s), what);
            assert_eq!(outh[2 * i + 1], join16(cv), "{e:?} h2_convert c[{i}]");
        }
    }
}

#[test]
fn pk_fmac_f16_matches_the_model() {
    check(&pk_fmac_cases(), 0xfac);
}

#[test]
fn f16_dots_match_the_model() {
    check(&fdot_cases(), 0xfd07);
}

#[test]
fn integer_dots_match_the_model() {
    check(&dot_cases(), 0xd07);
}
