//! An independent model of PTX instruction semantics, written from the PTX
//! ISA manual (not from xisa's lifter), for the PTX sweep
//! (`tests/tests/ptx_sweep.rs`). `eval` takes the form's reference key (the
//! PTX instruction with its modifiers, as `gen.py` writes it into
//! `manifest.tsv`) and the raw bits of its inputs, and says what each
//! output must be.
//!
//! Floating point is modelled exactly by a small soft-float (`sf`): every
//! operation is computed on exact integers and rounded once, in any of the
//! four IEEE rounding directions, into f16, f32 or f64.

#![allow(clippy::too_many_lines)]

/// What one output must be.
#[derive(Clone, Debug, PartialEq)]
pub enum Want {
    /// Exactly these bits.
    Bits(u64),
    /// Any NaN of this many bits (the manual does not fix NaN payloads).
    Nan(u32),
    /// +0 or -0 of this many bits.
    AnyZero(u32),
    /// 16-bit lanes of a packed result, each with its own want.
    Lanes(Vec<Want>),
    /// 32-bit words of a 64-bit result, each with its own want.
    Words(Vec<Want>),
    /// Either of two wants.
    Either(Box<Want>, Box<Want>),
    /// Anything: the manual leaves the result unspecified for these inputs.
    Any,
    /// An `.approx` result: within `ulps` units in the last place of the
    /// exact value `exact`, or within `abs` of it (format width `bits`).
    Close {
        exact: f64,
        ulps: f64,
        abs: f64,
        bits: u32,
    },
}

/// `a` holds the form's inputs followed by the thread's global index.
pub fn eval(op: &str, a: &[u64]) -> Result<Vec<Want>, String> {
    // ptxas implements atom/red.shared.add.f32 as a CAS loop around a plain
    // FADD (no .FTZ): subnormals may or may not be flushed there.
    let shared_f32 = op.contains(".shared.add.f32");
    // A "/..." suffix only distinguishes forms with the same semantics.
    let op = op.split('/').next().unwrap();
    let p: Vec<&str> = op.split('.').collect();
    match p[0] {
        "sreg" | "sreg64" | "activemask" => return sreg(&p, *a.last().unwrap()),
        "atom" | "red" if shared_f32 => {
            let strict = atom(&p, a)?;
            let loose = float_op(&["add", "rn", "f32"], &a[..2])?.remove(0);
            let mut r = strict.clone();
            r[0] = Want::Either(Box::new(strict[0].clone()), Box::new(loose));
            return Ok(r);
        }
        "atom" | "red" => return atom(&p, a),
        "mem" => return mem(&p, a),
        _ => {}
    }
    let name = p[0];
    let has = |m: &str| p[1..].contains(&m);
    let ty = *p.last().unwrap();
    let r = match name {
        "add" | "sub" | "mul" | "mad" | "fma" | "div" | "rem" | "min" | "max" | "abs" | "neg"
        | "sad" | "mul24" | "mad24" | "rcp" | "sqrt" | "rsqrt" | "ex2" | "lg2" | "sin" | "cos"
        | "tanh" | "copysign" | "testp"
            if is_float(ty) || ty.ends_with("x2") =>
        {
            return float_op(&p, a);
        }
        _ => match name {
            "add" | "sub" | "mul" | "mad" | "div" | "rem" | "min" | "max" | "abs" | "neg"
            | "sad" | "mul24" | "mad24" | "addc" | "subc" | "madc" => int_arith(&p, a)?,
            "popc" | "clz" | "brev" | "bfind" | "bfe" | "bfi" | "and" | "or" | "xor" | "not"
            | "cnot" | "lop3" | "shl" | "shr" | "shf" | "prmt" | "dp4a" | "dp2a" | "szext"
            | "bmsk" | "fns" => int_bits(&p, a)?,
            "setp" | "set" => return compare(&p, a),
            "selp" => vec![Want::Bits(if a[2] as u32 != 0 { a[0] } else { a[1] })],
            "slct" => {
                let ftz = has("ftz");
                let pick = if ty == "s32" {
                    a[2] as u32 as i32 >= 0
                } else {
                    let c = f32::from_bits(a[2] as u32);
                    let c = if ftz && c.is_subnormal() { 0.0 } else { c };
                    c >= 0.0
                };
                vec![Want::Bits(if pick { a[0] } else { a[1] })]
            }
            "cvt" => return cvt(&p, a),
            "mov" if has("pack") => vec![b((a[0] & 0xffff) | (a[1] & 0xffff) << 16)],
            "mov" if has("unpack") => vec![b(a[0] & 0xffff), b((a[0] >> 16) & 0xffff)],
            _ => return Err(format!("no reference for {op}")),
        },
    };
    Ok(r)
}

// ---------------------------------------------------------------------------
// Special registers (grid 4 x block 64, see the test), memory, atomics.

fn sreg(p: &[&str], t: u64) -> Result<Vec<Want>, String> {
    let (lane, tid, cta) = (t % 32, t % 64, t / 64);
    let le = (2u64 << lane) - 1;
    let lt = (1u64 << lane) - 1;
    let m32 = 0xffff_ffffu64;
    let w = match p[0] {
        "activemask" => b(m32),
        _ => match p[1..].join(".").as_str() {
            "laneid" => b(lane),
            "tid.x" => b(tid),
            "tid.y" => b(0),
            "ntid.x" => b(64),
            "ntid.y" => b(1),
            "ctaid.x" => b(cta),
            "nctaid.x" => b(4),
            "lanemask_eq" => b(1 << lane),
            "lanemask_lt" => b(lt),
            "lanemask_le" => b(le & m32),
            "lanemask_gt" => b(!le & m32),
            "lanemask_ge" => b(!lt & m32),
            "dynamic_smem_size" => b(0),
            // Machine- and time-dependent values: only that they run.
            "warpid" | "nwarpid" | "smid" | "nsmid" | "gridid" | "clock" | "clock_hi"
            | "clock64" | "globaltimer" | "globaltimer_lo" | "globaltimer_hi"
            | "total_smem_size" => Want::Any,
            r => return Err(format!("no reference for %{r}")),
        },
    };
    Ok(vec![w])
}

fn mem(p: &[&str], a: &[u64]) -> Result<Vec<Want>, String> {
    let ty = *p.last().unwrap();
    let w: u32 = ty[1..].parse().unwrap_or(32);
    let x = a[0] & mask(w);
    Ok(match p[1] {
        "ldv2" | "ldv4" => {
            let v: u32 = p[1][3..].parse().unwrap();
            vec![b(x), b((a[0] >> ((v - 1) * w)) & mask(w))]
        }
        "generic" => vec![b(a[0] & 0xffff_ffff), b(1)],
        "cvta" => vec![b(a[0] & 0xffff_ffff), b(0)],
        "isspacep" => vec![b(1), b(0)],
        _ => vec![b(x)],
    })
}

fn atom(p: &[&str], a: &[u64]) -> Result<Vec<Want>, String> {
    let ty = *p.last().unwrap();
    let op = p[1];
    let ret = |new: Want, old: u64| {
        if p[0] == "red" {
            Ok(vec![new, Want::Any])
        } else {
            Ok(vec![new, b(old)])
        }
    };
    if matches!(ty, "f32" | "f64" | "f16" | "f16x2") {
        // atom.add.f32 rounds to nearest and flushes subnormal inputs and
        // results; .f64 and .noftz.f16 / .f16x2 keep subnormals.
        let mut q = vec!["add", "rn"];
        if ty == "f32" {
            q.push("ftz");
        }
        q.push(ty);
        let new = float_op(&q, &a[..2])?.remove(0);
        let old = a[0] & sf::mask(sf::fmt(if ty == "f16x2" { "f32" } else { ty }));
        return ret(new, old);
    }
    let w: u32 = ty[1..].parse().unwrap();
    let s = ty.starts_with('s');
    let m = mask(w);
    let (x, y) = (a[0] & m, a[1] & m);
    let new = match op {
        "add" => x.wrapping_add(y) & m,
        "min" => wrap(ext(x, w, s).min(ext(y, w, s)), w),
        "max" => wrap(ext(x, w, s).max(ext(y, w, s)), w),
        "inc" => {
            if x >= y {
                0
            } else {
                x + 1
            }
        }
        "dec" => {
            if x == 0 || x > y {
                y
            } else {
                x - 1
            }
        }
        "and" => x & y,
        "or" => x | y,
        "xor" => x ^ y,
        "exch" => y,
        "cas" => {
            if x == y {
                a[2] & m
            } else {
                x
            }
        }
        o => return Err(format!("no reference for atom.{o}")),
    };
    ret(b(new), x)
}

/// Warp-wide forms (`warp.*`): `all[i][t]` is input i of thread t; warps
/// are 32 consecutive threads, all active (member mask 0xffffffff).
pub fn eval_warp(op: &str, all: &[Vec<u64>], t: usize) -> Result<Vec<Want>, String> {
    let p: Vec<&str> = op.split('.').collect();
    let lane = (t % 32) as i64;
    let base = t - t % 32;
    let warp = |i: usize| &all[i][base..base + 32];
    Ok(match p[1] {
        "shfl" => {
            let c = u64::from_str_radix(p[3].trim_start_matches("0x"), 16).unwrap();
            let bval = (all[1][t] & 31) as i64;
            let cval = (c & 31) as i64;
            let m = ((c >> 8) & 31) as i64;
            let max_lane = (lane & m) | (cval & !m);
            let min_lane = lane & m;
            let (j, pval) = match p[2] {
                "up" => (lane - bval, lane - bval >= max_lane),
                "down" => (lane + bval, lane + bval <= max_lane),
                "bfly" => (lane ^ bval, (lane ^ bval) <= max_lane),
                _ => {
                    let j = min_lane | (bval & !m);
                    (j, j <= max_lane)
                }
            };
            let j = if pval { j } else { lane };
            vec![b(warp(0)[j as usize] & 0xffff_ffff), b(pval as u64)]
        }
        "vote" => {
            let preds: Vec<bool> = warp(0).iter().map(|&x| x as u32 != 0).collect();
            let r = match p[2] {
                "all" => preds.iter().all(|&x| x) as u64,
                "any" => preds.iter().any(|&x| x) as u64,
                "uni" => (preds.iter().all(|&x| x) || preds.iter().all(|&x| !x)) as u64,
                _ => preds
                    .iter()
                    .enumerate()
                    .fold(0, |m, (i, &x)| m | ((x as u64) << i)),
            };
            vec![b(r)]
        }
        "match" => {
            let m = if p[3] == "b32" { 0xffff_ffff } else { u64::MAX };
            let me = all[0][t] & m;
            let same = warp(0)
                .iter()
                .enumerate()
                .fold(0, |acc, (i, &x)| acc | (((x & m == me) as u64) << i));
            if p[2] == "any" {
                vec![b(same)]
            } else if same == 0xffff_ffff {
                vec![b(0xffff_ffff), b(1)]
            } else {
                vec![b(0), b(0)]
            }
        }
        o => return Err(format!("no warp reference for {o}")),
    })
}

/// Forms whose threads cooperate (the `bar`, `ctrl`, `mma` families):
/// `all[i]` holds input `i` of every thread, `t` is the thread's global
/// index and `block` the block size. Block-level forms (`bar.*`) see their
/// block, warp-level forms (`mma.*`, `ldmatrix.*`, the active mask after a
/// divergent exit) their warp.
pub fn eval_group(op: &str, all: &[Vec<u64>], t: usize, block: usize) -> Result<Vec<Want>, String> {
    let (key, _) = op.split_once('/').unwrap_or((op, ""));
    let p: Vec<&str> = key.split('.').collect();
    let arg = |i: usize| all[i][t];
    match p[0] {
        "bar" => Ok(vec![bar_ref(&p, all, t, block)?]),
        "ctrl" => ctrl_ref(&p, all, t),
        "mma" => mma_ref(&p, all, t),
        "ldmatrix" => ldmatrix_ref(&p, arg(0), all, t),
        o => Err(format!("no group reference for {o}")),
    }
}

fn bar_ref(p: &[&str], all: &[Vec<u64>], t: usize, block: usize) -> Result<Want, String> {
    let base = t - t % block;
    let local = t % block;
    let a = |l: usize| all[0][base + l] & 0xffff_ffff;
    Ok(b(match p[1] {
        "exch" if p[2] == "full" => a((local + 32) % block),
        "exch" => a((local & 64) | ((local + 32) & 63)),
        "arrive" if local < 64 => a(local).wrapping_add(1) & 0xffff_ffff,
        "arrive" => a(local - 64),
        "red" => {
            let not = p.contains(&"not");
            let group: Vec<usize> = if p.contains(&"half") {
                let h = local & 64;
                (h..h + 64).collect()
            } else {
                (0..block).collect()
            };
            let preds: Vec<bool> = group.iter().map(|&l| (a(l) != 0) != not).collect();
            match p[2] {
                "popc" => preds.iter().filter(|&&x| x).count() as u64,
                "and" => preds.iter().all(|&x| x) as u64,
                "or" => preds.iter().any(|&x| x) as u64,
                o => return Err(format!("no barrier reduction {o}")),
            }
        }
        o => return Err(format!("no barrier reference for {o}")),
    }))
}

/// The four functions of b the ctrl forms select by a & 3.
fn sel4(a: u64, x: u64) -> u64 {
    let x = x as u32;
    (match a & 3 {
        0 => x.wrapping_mul(7),
        1 => x ^ 0x5a5a,
        2 => x.wrapping_add(12345),
        _ => x >> 3,
    }) as u64
}

fn ctrl_ref(p: &[&str], all: &[Vec<u64>], t: usize) -> Result<Vec<Want>, String> {
    let a = all[0][t] & 0xffff_ffff;
    let bv = || all[1][t] & 0xffff_ffff;
    let f = |x: u64, y: u64| (x as u32).wrapping_mul(3).wrapping_add(y as u32) as u64;
    Ok(vec![match p[1..].join(".").as_str() {
        "call" => b(f(a, bv())),
        "call.div" => b(if a < 0x8000_0000 { f(a, bv()) } else { bv() }),
        "fact" => b((1..=(a & 15).max(1)).fold(1u32, |m, k| m.wrapping_mul(k as u32)) as u64),
        "fib" => {
            let (mut x, mut y) = (0u64, 1u64);
            for _ in 0..(a & 7) {
                (x, y) = (y, x + y);
            }
            b(x)
        }
        "sel4" => b(sel4(a, bv())),
        "trap.never" | "nanosleep" => b(a),
        // The launch must fail (checked by the test).
        "trap.taken" => Want::Any,
        "exit" => b(if a & 1 == 1 {
            bv()
        } else {
            (bv() + 1) & 0xffff_ffff
        }),
        "exit.activemask" => {
            if a & 1 == 1 {
                b(0xdead)
            } else {
                let w = t - t % 32;
                b((0..32).fold(0, |m, i| m | (((all[0][w + i] & 1 == 0) as u64) << i)))
            }
        }
        o => return Err(format!("no ctrl reference for {o}")),
    }])
}

/// Lane `t`'s warp: (first thread, groupID, threadID_in_group).
fn lane_ids(t: usize) -> (usize, usize, usize) {
    let lane = t % 32;
    (t - lane, lane >> 2, lane & 3)
}

/// An exact mma result `v` as an f16 or f32 want (a zero may be either).
fn mma_want(v: f64, bits: u32) -> Want {
    if v == 0.0 {
        Want::AnyZero(bits)
    } else if bits == 16 {
        b(sf::from_f64(sf::fmt("f16"), v))
    } else {
        b((v as f32).to_bits() as u64)
    }
}

fn mma_ref(p: &[&str], all: &[Vec<u64>], t: usize) -> Result<Vec<Want>, String> {
    let (w, g, tig) = lane_ids(t);
    let slot = |i: usize, lane: usize| all[i][w + lane];
    if p[1] == "m16n8k8" {
        // A 16x8 (a: halves a0..a3), B 8x8 (b: halves b0, b1), C 16x8 (c:
        // halves c0..c3); every value a small integer, so the sums are exact.
        let half = |v: u64, i: usize| sf::to_f64(sf::fmt("f16"), (v >> (16 * i)) & 0xffff);
        let am = |r: usize, c: usize| {
            let (lane, i) = (
                ((r % 8) << 2) | (c / 2),
                (c & 1) + if r >= 8 { 2 } else { 0 },
            );
            half(slot(0, lane), i)
        };
        let bm = |r: usize, c: usize| half(slot(1, (c << 2) | (r / 2)), r & 1);
        let cm = |r: usize, c: usize| {
            let (lane, i) = (
                ((r % 8) << 2) | (c / 2),
                (c & 1) + if r >= 8 { 2 } else { 0 },
            );
            half(slot(2, lane), i)
        };
        let d = |i: usize| {
            let (r, c) = (g + if i >= 2 { 8 } else { 0 }, 2 * tig + (i & 1));
            (0..8).map(|k| am(r, k) * bm(k, c)).sum::<f64>() + cm(r, c)
        };
        let want = mma_want;
        return Ok(if p[2] == "f16" {
            vec![Want::Lanes((0..4).map(|i| want(d(i), 16)).collect())]
        } else {
            vec![
                Want::Words(vec![want(d(0), 32), want(d(1), 32)]),
                Want::Words(vec![want(d(2), 32), want(d(3), 32)]),
            ]
        });
    }
    if p[1] == "m8n8k4" {
        return mma884_ref(p, all, t);
    }
    // Integer shapes: (k, element bits); A 8xk row g, B kx8 column g.
    let (k, eb) = match p[1] {
        "m8n8k16" => (16, 8),
        "m8n8k32" => (32, 4),
        "m8n8k128" => (128, 1),
        o => return Err(format!("no mma reference for shape {o}")),
    };
    let per = 32 / eb;
    let elem = |v: u64, i: usize, signed: bool| -> i64 {
        let x = (v >> (eb * i)) & ((1 << eb) - 1);
        if signed && eb > 1 && x >> (eb - 1) == 1 {
            x as i64 - (1i64 << eb)
        } else {
            x as i64
        }
    };
    let (sa, sb) = (
        p[2].starts_with('s'),
        p.get(3).is_some_and(|x| x.starts_with('s')),
    );
    let am = |r: usize, c: usize| elem(slot(0, (r << 2) | (c / per)), c % per, sa);
    let bm = |r: usize, c: usize| elem(slot(1, (c << 2) | (r / per)), r % per, sb);
    let sat = p.contains(&"satfinite");
    let mut out = 0u64;
    for i in 0..2 {
        let c = 2 * tig + i;
        let acc = ((all[2][t] >> (32 * i)) as u32 as i32) as i64;
        let dot: i64 = if eb == 1 {
            (0..k).map(|x| am(g, x) ^ bm(x, c)).sum()
        } else {
            (0..k).map(|x| am(g, x) * bm(x, c)).sum()
        };
        let v = acc + dot;
        let v = if sat {
            v.clamp(i32::MIN as i64, i32::MAX as i64)
        } else {
            v
        };
        out |= (v as u32 as u64) << (32 * i);
    }
    Ok(vec![b(out)])
}

/// `mma.m8n8k4.{alayout}.{blayout}.{dtype}.{ctype}[.lo|.hi]`: four
/// independent 8x8x4 products per warp, product g on the quad-pair lanes
/// 4g..4g+3 (rows 0-3) and 16+4g..16+4g+3 (rows 4-7), with the manual's
/// fragment layouts. Slots a and b hold four f16 each (a0..a3, b0..b3);
/// an f16 C is slot c's four halves then the same negated (c0..c7, one row
/// per lane), an f32 C the same values converted (c_i at the f32 layout's
/// row and column). `.lo`/`.hi` pick d0..d3 or d4..d7 of an f32 D.
fn mma884_ref(p: &[&str], all: &[Vec<u64>], t: usize) -> Result<Vec<Want>, String> {
    let (w, _, _) = lane_ids(t);
    let lane = t % 32;
    let g4 = lane & 12;
    let half = |v: u64, i: usize| sf::to_f64(sf::fmt("f16"), (v >> (16 * i)) & 0xffff);
    let slot = |i: usize, l: usize| all[i][w + l];
    // The lane of the quad-pair holding row/column index x (0..8) at q.
    let at = |q: usize, hi: bool| g4 + q + if hi { 16 } else { 0 };
    let (arow, brow) = (p[2] == "row", p[3] == "row");
    let am = |r: usize, k: usize| {
        if arow {
            half(slot(0, at(r % 4, r >= 4)), k)
        } else {
            half(slot(0, at(k, r >= 4)), r % 4)
        }
    };
    let bm = |k: usize, c: usize| {
        if brow {
            half(slot(1, at(k, c >= 4)), c % 4)
        } else {
            half(slot(1, at(c % 4, c >= 4)), k)
        }
    };
    // c_i of lane l: slot c's half i, negated for i >= 4.
    let ci = |l: usize, i: usize| {
        let v = half(slot(2, l), i % 4);
        if i >= 4 {
            -v
        } else {
            v
        }
    };
    let f32c = p[5] == "f32";
    let cm = |r: usize, c: usize| {
        if f32c {
            ci(at((r & 1) | (c & 2), r >= 4), (r & 2) | (c & 4) | (c & 1))
        } else {
            ci(at(r % 4, r >= 4), c)
        }
    };
    let d = |r: usize, c: usize| (0..4).map(|k| am(r, k) * bm(k, c)).sum::<f64>() + cm(r, c);
    let hi = lane >= 16;
    let want = mma_want;
    if p[4] == "f16" {
        let row = lane % 4 + if hi { 4 } else { 0 };
        return Ok(vec![
            Want::Lanes((0..4).map(|c| want(d(row, c), 16)).collect()),
            Want::Lanes((4..8).map(|c| want(d(row, c), 16)).collect()),
        ]);
    }
    let first = if p.get(6) == Some(&"hi") { 4 } else { 0 };
    let el = |i: usize| {
        let r = (lane & 1) + (i & 2) + if hi { 4 } else { 0 };
        let c = (i & 4) + (lane & 2) + (i & 1);
        want(d(r, c), 32)
    };
    Ok(vec![
        Want::Words(vec![el(first), el(first + 1)]),
        Want::Words(vec![el(first + 2), el(first + 3)]),
    ])
}

/// `ldmatrix`: the warp's image has row R = a[R] (bytes 0-7), b[R] (bytes
/// 8-15); matrix i's row j is image row (5 (8i + j) + 3) % 32; lane L gets
/// the pair (row L/4, columns 2(L%4), 2(L%4)+1) of each matrix (`.trans`:
/// the transposed pair).
fn ldmatrix_ref(p: &[&str], _a: u64, all: &[Vec<u64>], t: usize) -> Result<Vec<Want>, String> {
    let (w, _, _) = lane_ids(t);
    let lane = t % 32;
    let n: usize = p[1][1..]
        .parse()
        .map_err(|_| "ldmatrix count".to_string())?;
    let trans = p.get(2) == Some(&"trans");
    let el = |m: usize, r: usize, c: usize| {
        let row = (5 * (8 * m + r) + 3) % 32;
        let v = if c < 4 {
            all[0][w + row]
        } else {
            all[1][w + row]
        };
        (v >> (16 * (c % 4))) & 0xffff
    };
    let reg = |m: usize| {
        let (r, c) = (lane / 4, 2 * (lane % 4));
        if trans {
            el(m, c, r) | el(m, c + 1, r) << 16
        } else {
            el(m, r, c) | el(m, r, c + 1) << 16
        }
    };
    Ok(match n {
        1 => vec![b(reg(0))],
        2 => vec![b(reg(0) | reg(1) << 32)],
        _ => vec![b(reg(0) | reg(1) << 32), b(reg(2) | reg(3) << 32)],
    })
}

fn is_float(t: &str) -> bool {
    matches!(t, "f16" | "f32" | "f64" | "bf16")
}

// ---------------------------------------------------------------------------
// Integers.

/// Bit width and signedness of an integer type name.
fn ity(t: &str) -> (u32, bool) {
    let w: u32 = t[1..].parse().unwrap_or(32);
    (w, t.starts_with('s'))
}

fn mask(w: u32) -> u64 {
    if w >= 64 {
        u64::MAX
    } else {
        (1u64 << w) - 1
    }
}

/// The value of `x`'s low `w` bits, sign- or zero-extended.
fn ext(x: u64, w: u32, signed: bool) -> i128 {
    let v = x & mask(w);
    if signed && w < 128 && (v >> (w - 1)) & 1 == 1 {
        v as i128 - (1i128 << w)
    } else {
        v as i128
    }
}

fn wrap(v: i128, w: u32) -> u64 {
    (v as u64) & mask(w)
}

fn sat_s(v: i128, w: u32) -> u64 {
    let lo = -(1i128 << (w - 1));
    let hi = (1i128 << (w - 1)) - 1;
    wrap(v.clamp(lo, hi), w)
}

fn b(x: u64) -> Want {
    Want::Bits(x)
}

fn int_arith(p: &[&str], a: &[u64]) -> Result<Vec<Want>, String> {
    let name = p[0];
    let ty = *p.last().unwrap();
    let (w, s) = ity(ty);
    let has = |m: &str| p[1..].contains(&m);
    let x = |i: usize| ext(a[i], w, s);
    let sat = has("sat");
    let r = match name {
        "add" | "sub" | "addc" | "subc" if has("cc") => {
            // Carry chains (see gen.py). add.cc: d = a + b, e = c + CF.
            // addc.cc: d = a + b; e = c + c + CF, then e + CF'.
            // sub.cc: d = a - b, e = c - BF. subc.cc: d = a - b;
            // e = c - a - BF, then e - BF'.
            let m = mask(w);
            let (x0, x1, x2) = (a[0] & m, a[1] & m, a[2] & m);
            if name.starts_with("add") {
                let t = x0 as u128 + x1 as u128;
                let cy = t >> w;
                if name == "add" {
                    return Ok(vec![b(t as u64 & m), b((x2 as u128 + cy) as u64 & m)]);
                }
                let t2 = x2 as u128 + x2 as u128 + cy;
                let cy2 = t2 >> w;
                return Ok(vec![
                    b(t as u64 & m),
                    b((t2 as u64 & m).wrapping_add(cy2 as u64) & m),
                ]);
            }
            let bw = (x0 < x1) as u128;
            let d = x0.wrapping_sub(x1) & m;
            if name == "sub" {
                return Ok(vec![b(d), b(x2.wrapping_sub(bw as u64) & m)]);
            }
            let sub = x0 as u128 + bw;
            let bw2 = (x2 as u128) < sub;
            let t2 = (x2 as u128).wrapping_sub(sub) as u64 & m;
            return Ok(vec![b(d), b(t2.wrapping_sub(bw2 as u64) & m)]);
        }
        "madc" => return mad_cc(p, a, w, s),
        "add" => {
            let v = x(0) + x(1);
            if sat {
                sat_s(v, w)
            } else {
                wrap(v, w)
            }
        }
        "sub" => {
            let v = x(0) - x(1);
            if sat {
                sat_s(v, w)
            } else {
                wrap(v, w)
            }
        }
        "min" => wrap(x(0).min(x(1)), w),
        "max" => wrap(x(0).max(x(1)), w),
        "abs" => wrap(x(0).abs(), w),
        "neg" => wrap(-x(0), w),
        "sad" => wrap(x(2) + (x(0) - x(1)).abs(), w),
        "div" | "rem" => {
            let (n, d) = (x(0), x(1));
            if d == 0 {
                return Ok(vec![Want::Any]);
            }
            if s && n == -(1i128 << (w - 1)) && d == -1 {
                // Overflow: the manual does not define the result.
                return Ok(vec![Want::Any]);
            }
            if name == "div" {
                wrap(n / d, w)
            } else {
                wrap(n % d, w)
            }
        }
        "mul" | "mad" => {
            let full = mul_full(a[0], a[1], w, s);
            let hl = p[1];
            let v = match hl {
                "lo" => full,
                "hi" => full >> w,
                "wide" => full,
                _ => return Err(format!("mul mode {hl}")),
            };
            let ow = if hl == "wide" { 2 * w } else { w };
            if name == "mul" {
                if has("cc") {
                    unreachable!()
                }
                wrap_wide(v, ow)
            } else if has("cc") {
                return mad_cc(p, a, w, s);
            } else {
                let c = ext(a[2], ow, s);
                if sat {
                    let v = ext(wrap_wide(v, ow), ow, s) + c;
                    sat_s(v, ow)
                } else {
                    wrap(wrap_wide(v, ow) as i128 + c, ow)
                }
            }
        }
        "mul24" | "mad24" => {
            let x24 = |i: usize| {
                let v = a[i] & 0xff_ffff;
                if s && v & 0x80_0000 != 0 {
                    v as i64 - (1 << 24)
                } else {
                    v as i64
                }
            };
            let prod = x24(0) as i128 * x24(1) as i128;
            let v = if p[1] == "lo" { prod } else { prod >> 16 };
            if name == "mul24" {
                wrap(v, 32)
            } else {
                let v = ext(wrap(v, 32), 32, s) + x(2);
                if sat {
                    sat_s(v, 32)
                } else {
                    wrap(v, 32)
                }
            }
        }
        _ => return Err(format!("no integer reference for {}", p.join("."))),
    };
    Ok(vec![b(r)])
}

fn mad_cc(p: &[&str], a: &[u64], w: u32, s: bool) -> Result<Vec<Want>, String> {
    let m = mask(w);
    let full = mul_full(a[0], a[1], w, s);
    let lo = wrap_wide(full, w);
    let hi = wrap_wide(full >> w, w);
    if p[0] == "mad" {
        // mad.lo.cc d = lo(a*b) + c (carry out); e = hi(a*b) + 0 + carry.
        let t = lo as u128 + (a[2] & m) as u128;
        let cy = (t >> w) as u64;
        Ok(vec![b(t as u64 & m), b(hi.wrapping_add(cy) & m)])
    } else {
        // madc.hi.cc chain (see gen.py): d0 = c + c (carry k);
        // e = hi(a*b) + c + k (carry k2); d = 0 + 0 + k2.
        let c = a[2] & m;
        let t0 = c as u128 + c as u128;
        let k = t0 >> w;
        let t1 = hi as u128 + c as u128 + k;
        let k2 = (t1 >> w) as u64;
        Ok(vec![b(k2), b(t1 as u64 & m)])
    }
}

/// The full 2w-bit product as a wrapping i128 bit pattern (`w` <= 64).
fn mul_full(x: u64, y: u64, w: u32, s: bool) -> i128 {
    let a = ext(x, w, s);
    let b = ext(y, w, s);
    a.wrapping_mul(b)
}

fn wrap_wide(v: i128, w: u32) -> u64 {
    if w >= 128 {
        v as u64
    } else {
        (v as u128 & ((1u128 << w) - 1)) as u64
    }
}

fn int_bits(p: &[&str], a: &[u64]) -> Result<Vec<Want>, String> {
    let name = p[0];
    let ty = *p.last().unwrap();
    let has = |m: &str| p[1..].contains(&m);
    let w: u32 = if ty.starts_with("0x") {
        32
    } else {
        ty[1..].parse().unwrap_or(32)
    };
    let m = mask(w);
    let x = a[0] & m;
    let r = match name {
        "popc" => x.count_ones() as u64,
        "clz" => (x.leading_zeros() - (64 - w)) as u64,
        "brev" => x.reverse_bits() >> (64 - w),
        "bfind" => {
            let s = ty.starts_with('s');
            let v = if s && (x >> (w - 1)) & 1 == 1 {
                !x & m
            } else {
                x
            };
            if v == 0 {
                0xffff_ffff
            } else {
                let pos = 63 - v.leading_zeros() as u64;
                if has("shiftamt") {
                    (w as u64 - 1) - pos
                } else {
                    pos
                }
            }
        }
        "bfe" if a[1] > 255 || a[2] > 255 => {
            // b and c "are restricted to the 8-bit value range 0..255".
            return Ok(vec![Want::Any]);
        }
        "bfi" if a[2] & 0xffff > 255 || a[2] >> 16 > 255 => return Ok(vec![Want::Any]),
        "bfe" => {
            let s = ty.starts_with('s');
            let pos = (a[1] & 0xff) as u32;
            let len = (a[2] & 0xff) as u32;
            let msb = w - 1;
            let sbit = if !s || len == 0 {
                0
            } else {
                (x >> (pos + len - 1).min(msb)) & 1
            };
            let mut d = 0u64;
            for i in 0..w {
                let bit = if i < len && pos + i <= msb {
                    (x >> (pos + i)) & 1
                } else {
                    sbit
                };
                d |= bit << i;
            }
            d
        }
        "bfi" => {
            // c packs pos (bits 0..15) and len (bits 16..31); see gen.py.
            let pos = (a[2] & 0xff) as u32;
            let len = ((a[2] >> 16) & 0xff) as u32;
            let mut d = a[1] & m;
            for i in 0..len {
                if pos + i > w - 1 {
                    break;
                }
                let bit = (x >> i) & 1;
                d = (d & !(1 << (pos + i))) | (bit << (pos + i));
            }
            d
        }
        "and" => x & a[1] & m,
        "or" => (x | a[1]) & m,
        "xor" => (x ^ a[1]) & m,
        "not" => !x & m,
        "cnot" => (x == 0) as u64,
        "lop3" => {
            let lut = u64::from_str_radix(&ty[2..], 16).unwrap();
            let (xa, xb, xc) = (a[0] & m, a[1] & m, a[2] & m);
            let mut d = 0;
            for i in 0..32 {
                let idx = ((xa >> i) & 1) << 2 | ((xb >> i) & 1) << 1 | ((xc >> i) & 1);
                d |= ((lut >> idx) & 1) << i;
            }
            d
        }
        "shl" => {
            let n = a[1] as u32 as u64;
            if n >= w as u64 {
                0
            } else {
                (x << n) & m
            }
        }
        "shr" => {
            let n = (a[1] as u32 as u64).min(w as u64);
            let s = ty.starts_with('s');
            let v = ext(x, w, s);
            if n >= w as u64 {
                if s && v < 0 {
                    m
                } else {
                    0
                }
            } else {
                wrap(v >> n, w)
            }
        }
        "shf" => {
            let (lo, hi) = (a[0] & 0xffff_ffff, a[1] & 0xffff_ffff);
            let c = a[2] as u32;
            let n = if has("wrap") { c & 31 } else { c.min(32) };
            let v = (hi << 32) | lo;
            if p[1] == "l" {
                ((v << n) >> 32) & 0xffff_ffff
            } else {
                (v >> n) & 0xffff_ffff
            }
        }
        "prmt" => prmt(p, a),
        "dp4a" => {
            let sa = p[1] == "s32";
            let sb = p[2] == "s32";
            let mut acc = a[2] as u32 as i64;
            for i in 0..4 {
                let xa = ext(a[0] >> (8 * i), 8, sa) as i64;
                let xb = ext(a[1] >> (8 * i), 8, sb) as i64;
                acc += xa * xb;
            }
            acc as u64 & 0xffff_ffff
        }
        "dp2a" => {
            let sa = p[2] == "s32";
            let sb = p[3] == "s32";
            let k = if p[1] == "hi" { 2 } else { 0 };
            let mut acc = a[2] as u32 as i64;
            for i in 0..2 {
                let xa = ext(a[0] >> (16 * i), 16, sa) as i64;
                let xb = ext(a[1] >> (8 * (k + i)), 8, sb) as i64;
                acc += xa * xb;
            }
            acc as u64 & 0xffff_ffff
        }
        "szext" => {
            let bb = a[1] as u32;
            let b1 = bb & 31;
            let too_large = bb >= 32 && has("clamp");
            let mk: u32 = if too_large { 0 } else { (!0u32) << b1 };
            let xv = a[0] as u32;
            let sign = if b1 == 0 || too_large || ty != "s32" {
                false
            } else {
                (xv >> ((b1 - 1) & 31)) & 1 == 1
            };
            ((xv & !mk) | if sign { mk } else { 0 }) as u64
        }
        "bmsk" => {
            let (pa, pb) = (a[0] as u32, a[1] as u32);
            let a1 = pa & 31;
            let mut mask0 = (!0u32) << a1;
            let b1 = pb & 31;
            let sum = a1 + b1;
            let mut mask1 = if sum >= 32 { 0 } else { (!0u32) << sum };
            let mut ovf = sum >= 32;
            if has("clamp") {
                if pa >= 32 {
                    ovf = true;
                    mask0 = 0;
                }
                if pb >= 32 {
                    ovf = true;
                }
            }
            if ovf {
                mask1 = 0;
            } else if b1 == 0 {
                mask1 = !0;
            }
            (mask0 & !mask1) as u64
        }
        "fns" => {
            let mk = a[0] as u32;
            let base = a[1] as u32;
            let off = a[2] as u32 as i32;
            // base > 31 is undefined; |offset| of INT_MIN does not fit.
            if base > 31 || off == i32::MIN {
                return Ok(vec![Want::Any]);
            }
            let mut d = 0xffff_ffffu64;
            if off == 0 {
                if (mk >> base) & 1 == 1 {
                    d = base as u64;
                }
            } else {
                let mut pos = base as i64;
                let mut count = (off as i64).abs() - 1;
                let inc = if off > 0 { 1 } else { -1 };
                while (0..32).contains(&pos) {
                    if (mk >> pos) & 1 == 1 {
                        if count == 0 {
                            d = pos as u64;
                            break;
                        }
                        count -= 1;
                    }
                    pos += inc;
                }
            }
            d
        }
        _ => return Err(format!("no bit reference for {}", p.join("."))),
    };
    Ok(vec![b(r)])
}

fn prmt(p: &[&str], a: &[u64]) -> u64 {
    let bytes = ((a[1] & 0xffff_ffff) << 32) | (a[0] & 0xffff_ffff);
    let byte = |i: u64| (bytes >> (8 * (i & 7))) & 0xff;
    let c = a[2];
    let mode = if p.len() == 3 { p[2] } else { "" };
    let sel = c & 3;
    let mut d = 0u64;
    for i in 0..4u64 {
        let v = match mode {
            "f4e" => byte(sel + i),
            "b4e" => byte((sel + 8 - i) & 7),
            "rc8" => byte(sel),
            "ecl" => byte(i.max(sel)),
            "ecr" => byte(i.min(sel)),
            "rc16" => byte(2 * (c & 1) + (i & 1)),
            _ => {
                let s = (c >> (4 * i)) & 0xf;
                let v = byte(s & 7);
                if s & 8 != 0 {
                    if v & 0x80 != 0 {
                        0xff
                    } else {
                        0
                    }
                } else {
                    v
                }
            }
        };
        d |= v << (8 * i);
    }
    d
}

// ---------------------------------------------------------------------------
// Comparisons (setp, set).

fn cmp_int(c: &str, x: i128, y: i128) -> Option<bool> {
    Some(match c {
        "eq" => x == y,
        "ne" => x != y,
        "lt" | "lo" => x < y,
        "le" | "ls" => x <= y,
        "gt" | "hi" => x > y,
        "ge" | "hs" => x >= y,
        _ => return None,
    })
}

/// Float comparison with PTX's ordered / unordered variants.
fn cmp_float(c: &str, x: f64, y: f64) -> Option<bool> {
    let un = x.is_nan() || y.is_nan();
    Some(match c {
        "eq" => !un && x == y,
        "ne" => !un && x != y,
        "lt" => !un && x < y,
        "le" => !un && x <= y,
        "gt" => !un && x > y,
        "ge" => !un && x >= y,
        "equ" => un || x == y,
        "neu" => un || x != y,
        "ltu" => un || x < y,
        "leu" => un || x <= y,
        "gtu" => un || x > y,
        "geu" => un || x >= y,
        "num" => !un,
        "nan" => un,
        _ => return None,
    })
}

/// The value of a float input of type `t` (with `.ftz` flushing) as f64.
fn fval(t: &str, bits: u64, ftz: bool) -> f64 {
    let fmt = sf::fmt(t);
    let bits = if ftz { sf::ftz(fmt, bits) } else { bits };
    sf::to_f64(fmt, bits)
}

fn compare(p: &[&str], a: &[u64]) -> Result<Vec<Want>, String> {
    let name = p[0];
    let c = p[1];
    let has = |m: &str| p[1..].contains(&m);
    let ftz = has("ftz");
    let stype = *p.last().unwrap();
    let bool_op = ["and", "or", "xor"].iter().find(|o| has(o)).copied();
    let lanes: Vec<Option<bool>> = if let Some(e) = stype.strip_suffix("x2") {
        (0..2)
            .map(|l| {
                cmp_float(
                    c,
                    fval(e, (a[0] >> (16 * l)) & 0xffff, ftz),
                    fval(e, (a[1] >> (16 * l)) & 0xffff, ftz),
                )
            })
            .collect()
    } else if is_float(stype) {
        vec![cmp_float(c, fval(stype, a[0], ftz), fval(stype, a[1], ftz))]
    } else {
        let (w, s) = ity(stype);
        vec![cmp_int(c, ext(a[0], w, s), ext(a[1], w, s))]
    };
    let lanes: Vec<bool> = lanes
        .into_iter()
        .map(|l| l.ok_or_else(|| format!("comparison {c}")))
        .collect::<Result<_, _>>()?;
    if name == "setp" {
        if let Some(bo) = bool_op {
            // setp.CMP.BOP p|q, a, b, !c  with c = (input c != 0): see gen.py.
            let q = a[2] as u32 == 0;
            let f = |v: bool| match bo {
                "and" => v && q,
                "or" => v || q,
                _ => v ^ q,
            };
            return Ok(vec![b(f(lanes[0]) as u64), b(f(!lanes[0]) as u64)]);
        }
        return Ok(lanes.iter().map(|&v| b(v as u64)).collect());
    }
    // set.CMP[.BOP].dtype.stype
    let dtype = p[p.len() - 2];
    let lanes: Vec<bool> = if let Some(bo) = bool_op {
        let q = a[2] as u32 != 0;
        lanes
            .iter()
            .map(|&v| match bo {
                "and" => v && q,
                "or" => v || q,
                _ => v ^ q,
            })
            .collect()
    } else {
        lanes
    };
    let r = match dtype {
        "u32" | "s32" if lanes.len() == 1 => {
            if lanes[0] {
                0xffff_ffff
            } else {
                0
            }
        }
        "u32" | "s32" | "u16" | "s16" => {
            let mut d = 0;
            for (i, &v) in lanes.iter().enumerate() {
                if v {
                    d |= 0xffff << (16 * i);
                }
            }
            d
        }
        "f32" => {
            if lanes[0] {
                0x3f80_0000
            } else {
                0
            }
        }
        "f16" | "f16x2" => {
            let mut d = 0;
            for (i, &v) in lanes.iter().enumerate() {
                if v {
                    d |= 0x3c00 << (16 * i);
                }
            }
            d
        }
        _ => return Err(format!("set destination {dtype}")),
    };
    Ok(vec![b(r)])
}

// ---------------------------------------------------------------------------
// Floating point.

fn rnd_of(p: &[&str]) -> Option<sf::Rnd> {
    for m in p {
        match *m {
            "rn" | "rni" => return Some(sf::Rnd::N),
            "rz" | "rzi" => return Some(sf::Rnd::Z),
            "rm" | "rmi" => return Some(sf::Rnd::M),
            "rp" | "rpi" => return Some(sf::Rnd::P),
            _ => {}
        }
    }
    None
}

/// Applies `.sat` (clamp to [0, 1], NaN to +0) to a result of format `f`.
fn saturate(f: sf::Fmt, r: u64) -> Want {
    let v = sf::to_f64(f, r);
    if v.is_nan() {
        b(0)
    } else if v == 0.0 {
        // The manual clamps to [0.0, 1.0]; whether -0.0 comes out as -0.0
        // or +0.0 is not stated.
        Want::AnyZero(f.bits())
    } else if v < 0.0 {
        b(0)
    } else if v > 1.0 {
        b(sf::one(f))
    } else {
        b(r)
    }
}

/// Post-processes a float result: NaN → any NaN, `.ftz` on the output,
/// `.sat`.
fn finish(f: sf::Fmt, r: u64, ftz: bool, sat: bool) -> Want {
    let r = if ftz { sf::ftz(f, r) } else { r };
    if sat {
        return saturate(f, r);
    }
    if sf::is_nan(f, r) {
        Want::Nan(f.bits())
    } else {
        b(r)
    }
}

fn float_op(p: &[&str], a: &[u64]) -> Result<Vec<Want>, String> {
    let ty = *p.last().unwrap();
    if let Some(e) = ty.strip_suffix("x2") {
        // Packed: each 16-bit lane on its own.
        let mut base: Vec<&str> = p.to_vec();
        let last = base.len() - 1;
        base[last] = e;
        let mut lanes = Vec::new();
        for l in 0..2 {
            let la: Vec<u64> = a.iter().map(|x| (x >> (16 * l)) & 0xffff).collect();
            lanes.push(float_scalar(&base, &la)?);
        }
        return Ok(vec![Want::Lanes(lanes)]);
    }
    Ok(vec![float_scalar(p, a)?])
}

pub fn float_scalar(p: &[&str], a: &[u64]) -> Result<Want, String> {
    let name = p[0];
    let ty = *p.last().unwrap();
    let f = sf::fmt(ty);
    let has = |m: &str| p[1..].contains(&m);
    let ftz = has("ftz");
    let sat = has("sat");
    let x = |i: usize| {
        let v = a[i] & sf::mask(f);
        if ftz {
            sf::ftz(f, v)
        } else {
            v
        }
    };
    let rnd = rnd_of(p).unwrap_or(sf::Rnd::N);
    // rcp/rsqrt.approx.ftz.f64 read only the upper 32 bits of a.
    let gross = f.bits() == 64 && ftz && has("approx");
    let x = |i: usize| if gross { x(i) & !0xffff_ffff } else { x(i) };
    let r = match name {
        "add" => sf::add(f, x(0), x(1), rnd),
        "sub" => sf::add(f, x(0), sf::neg(f, x(1)), rnd),
        "mul" => sf::mul(f, x(0), x(1), rnd),
        "fma" | "mad" => sf::fma(f, x(0), x(1), x(2), rnd),
        "div"
            if has("approx")
                && !(2f64.powi(-126)..=2f64.powi(126)).contains(&sf::to_f64(f, x(1)).abs()) =>
        {
            // div.approx is a * (1/b): the 2-ulp bound holds for
            // |b| in [2^-126, 2^126] only.
            return Ok(Want::Any);
        }
        "div" if has("approx") || has("full") => {
            return Ok(approx(
                f,
                sf::to_f64(f, x(0)) / sf::to_f64(f, x(1)),
                2.0,
                ftz,
            ))
        }
        "div" => sf::div(f, x(0), x(1), rnd),
        "rcp" if has("approx") => {
            // rcp.approx.ftz.f64 is the "gross approximation" from the
            // upper 32 bits of a (about 20 mantissa bits).
            let u = if f.bits() == 64 { 2.0f64.powi(33) } else { 1.0 };
            return Ok(approx(f, 1.0 / sf::to_f64(f, x(0)), u, ftz));
        }
        "rcp" => sf::div(f, sf::one(f), x(0), rnd),
        "sqrt" if has("approx") => return Ok(approx(f, sf::to_f64(f, x(0)).sqrt(), 1.0, ftz)),
        "sqrt" => sf::sqrt(f, x(0), rnd),
        "rsqrt" => {
            let u = if f.bits() == 64 { 2.0f64.powi(33) } else { 2.0 };
            let v = sf::to_f64(f, x(0));
            let e = if v == 0.0 { 1.0 / v } else { 1.0 / v.sqrt() };
            return Ok(approx(f, e, u, ftz));
        }
        "ex2" => {
            let u = if f.bits() == 16 { 1.0 } else { 2.0 };
            return Ok(approx(f, sf::to_f64(f, x(0)).exp2(), u, ftz));
        }
        "lg2" => {
            let v = sf::to_f64(f, x(0));
            let mut w = approx(f, v.log2(), 0.0, ftz);
            if let Want::Close { abs, .. } = &mut w {
                *abs = 2f64.powf(-22.6);
            }
            return Ok(w);
        }
        "sin" | "cos" => {
            let v = sf::to_f64(f, x(0));
            let e = if name == "sin" { v.sin() } else { v.cos() };
            let mut w = approx(f, e, 0.0, ftz);
            if let Want::Close { abs, .. } = &mut w {
                // 2^-20.9 absolute on [-pi, pi]; beyond, the argument
                // reduction's rounding adds about |x| * 2^-22.
                *abs = 2f64.powf(-20.9) + v.abs() * 2f64.powi(-22);
            }
            return Ok(w);
        }
        "tanh" => {
            let v = sf::to_f64(f, x(0));
            let rel = if f.bits() == 16 {
                2f64.powi(-9)
            } else {
                2f64.powf(-10.987)
            };
            let mut w = approx(f, v.tanh(), 0.0, ftz);
            if let Want::Close { abs, ulps, .. } = &mut w {
                // Relative bound; a subnormal result may come out as zero
                // (MUFU.TANH flushes).
                *abs = v.tanh().abs() * rel + sf::min_normal(f);
                *ulps = 1.0;
            }
            return Ok(w);
        }
        "abs" => {
            let v = x(0);
            if sf::is_nan(f, v) {
                return Ok(Want::Nan(f.bits()));
            }
            v & !sf::sign(f)
        }
        "neg" => {
            let v = x(0);
            if sf::is_nan(f, v) {
                return Ok(Want::Nan(f.bits()));
            }
            v ^ sf::sign(f)
        }
        "min" | "max" => {
            let (u, v) = (x(0), x(1));
            let (nu, nv) = (sf::is_nan(f, u), sf::is_nan(f, v));
            if nu && nv {
                return Ok(Want::Nan(f.bits()));
            }
            if nu {
                v
            } else if nv {
                u
            } else {
                let (fu, fv) = (sf::to_f64(f, u), sf::to_f64(f, v));
                if fu == 0.0 && fv == 0.0 && u != v {
                    // min/max of +0 and -0: the sign is not specified.
                    return Ok(Want::AnyZero(f.bits()));
                }
                if (name == "min") == (fu < fv) {
                    u
                } else {
                    v
                }
            }
        }
        "copysign" => {
            let (s, v) = (a[0] & sf::mask(f), a[1] & sf::mask(f));
            if sf::is_nan(f, v) {
                return Ok(Want::Nan(f.bits()));
            }
            (v & !sf::sign(f)) | (s & sf::sign(f))
        }
        "testp" => {
            let v = a[0] & sf::mask(f);
            let fv = sf::to_f64(f, v);
            let sub = sf::is_subnormal(f, v);
            let t = match p[1] {
                "finite" => fv.is_finite(),
                "infinite" => fv.is_infinite(),
                "number" => !fv.is_nan(),
                "notanumber" => fv.is_nan(),
                // "As a special case, positive and negative zero are
                // considered normal numbers."
                "normal" => fv.is_finite() && !sub,
                "subnormal" => sub,
                m => return Err(format!("testp.{m}")),
            };
            return Ok(b(t as u64));
        }
        _ => return Err(format!("no float reference for {}", p.join("."))),
    };
    Ok(finish(f, r, ftz, sat))
}

/// An `.approx` result: exact IEEE special values, else within `ulps` of
/// the exact value (the bound from the manual).
fn approx(f: sf::Fmt, exact: f64, ulps: f64, ftz: bool) -> Want {
    if exact.is_nan() {
        return Want::Nan(f.bits());
    }
    let rounded = sf::from_f64(f, exact);
    if exact.is_infinite() || exact == 0.0 || sf::to_f64(f, rounded).is_infinite() {
        // Exact special values, and results beyond the format's range.
        return b(rounded);
    }
    Want::Close {
        exact,
        ulps,
        abs: if ftz { sf::min_normal(f) } else { 0.0 },
        bits: f.bits(),
    }
}

/// Checks `got` against a `Close` want (`bits` wide).
pub fn close_ok(got: u64, exact: f64, ulps: f64, abs: f64, bits: u32) -> bool {
    let f = sf::fmt_bits(bits);
    let g = sf::to_f64(f, got);
    if g.is_nan() {
        return false;
    }
    let ulp = sf::ulp_at(f, exact);
    // One extra half ulp for the rounding of the result itself.
    (g - exact).abs() <= (ulps + 0.5) * ulp + abs
}

// ---------------------------------------------------------------------------
// cvt.

/// `cvt.pack.sat.T.s32[.b32] d, a, b[, c]` (PTX ISA, "cvt.pack"): a and b,
/// signed 32-bit, clamped to T's range; b's low w bits are d's low bits, a's
/// the next w, and below 16-bit T, c's low bits fill d from bit 2w up.
fn cvt_pack(p: &[&str], a: &[u64]) -> Result<Vec<Want>, String> {
    let (w, signed) = ity(p[3]);
    let clamp = |x: u64| {
        let v = ext(x, 32, true);
        if signed {
            sat_s(v, w)
        } else {
            wrap(v.clamp(0, (1i128 << w) - 1), w)
        }
    };
    let low = clamp(a[1]) | clamp(a[0]) << w;
    let d = if w == 16 { low } else { low | a[2] << (2 * w) };
    Ok(vec![b(d & 0xffff_ffff)])
}

fn cvt(p: &[&str], a: &[u64]) -> Result<Vec<Want>, String> {
    if p.get(1) == Some(&"pack") {
        return cvt_pack(p, a);
    }
    let n = p.len();
    let (dt, st) = (p[n - 2], p[n - 1]);
    let has = |m: &str| p[1..n - 2].contains(&m);
    let ftz = has("ftz");
    let sat = has("sat");
    let rnd = rnd_of(&p[1..n - 2]);
    let relu = has("relu");
    let _ = relu;
    if dt.ends_with("x2") {
        return Err(format!("no reference for cvt.{dt}"));
    }
    let r = match (is_float(dt), is_float(st)) {
        (false, false) => {
            let (sw, ss) = ity(st);
            let (dw, ds) = ity(dt);
            let v = ext(a[0], sw, ss);
            if sat {
                let (lo, hi) = if ds {
                    (-(1i128 << (dw - 1)), (1i128 << (dw - 1)) - 1)
                } else {
                    (0, (1i128 << dw) - 1)
                };
                wrap(v.clamp(lo, hi), dw)
            } else {
                wrap(v, dw)
            }
        }
        (false, true) => {
            // Float to integer: round to an integer in the given direction
            // (rni/rzi/rmi/rpi), clamp to the destination range, NaN → 0.
            let sfmt = sf::fmt(st);
            let v = a[0] & sf::mask(sfmt);
            let v = if ftz { sf::ftz(sfmt, v) } else { v };
            let (dw, ds) = ity(dt);
            let (lo, hi) = if ds {
                (-(1i128 << (dw - 1)), (1i128 << (dw - 1)) - 1)
            } else {
                (0, (1i128 << dw) - 1)
            };
            match sf::to_int(sfmt, v, rnd.unwrap_or(sf::Rnd::Z)) {
                None => 0,
                Some(i) => wrap(i.clamp(lo, hi), dw),
            }
        }
        (true, false) => {
            let (sw, ss) = ity(st);
            let v = ext(a[0], sw, ss);
            let dfmt = sf::fmt(dt);
            let r = sf::from_int(dfmt, v, rnd.unwrap_or(sf::Rnd::N));
            return Ok(vec![finish(dfmt, r, false, sat)]);
        }
        (true, true) => {
            let sfmt = sf::fmt(st);
            let dfmt = sf::fmt(dt);
            let v = a[0] & sf::mask(sfmt);
            let ftz_s = ftz && sfmt.bits() == 32;
            let ftz_d = ftz && dfmt.bits() == 32;
            if ftz_s && sf::is_subnormal(sfmt, v) && dfmt.bits() < 32 {
                // cvt.ftz.f16.f32 of an f32 subnormal: ptxas emits F2F
                // without .FTZ, so the input may or may not be flushed.
                let flushed = sf::convert(sfmt, dfmt, sf::ftz(sfmt, v), rnd.unwrap_or(sf::Rnd::N));
                let kept = sf::convert(sfmt, dfmt, v, rnd.unwrap_or(sf::Rnd::N));
                return Ok(vec![Want::Either(
                    Box::new(finish(dfmt, flushed, false, sat)),
                    Box::new(finish(dfmt, kept, false, sat)),
                )]);
            }
            let v = if ftz_s { sf::ftz(sfmt, v) } else { v };
            let r = if dt == st {
                sf::round_int(sfmt, v, rnd.unwrap_or(sf::Rnd::N))
            } else {
                sf::convert(sfmt, dfmt, v, rnd.unwrap_or(sf::Rnd::N))
            };
            return Ok(vec![finish(dfmt, r, ftz_d, sat)]);
        }
    };
    Ok(vec![b(r)])
}

// ---------------------------------------------------------------------------
// Soft float: exact arithmetic on (sign, integer mantissa, exponent),
// rounded once.

pub mod sf {
    #[derive(Clone, Copy, Debug, PartialEq)]
    pub struct Fmt {
        /// Explicit mantissa bits.
        pub man: u32,
        /// Exponent bits.
        pub exp: u32,
    }

    impl Fmt {
        pub fn bits(self) -> u32 {
            1 + self.man + self.exp
        }
        fn bias(self) -> i32 {
            (1 << (self.exp - 1)) - 1
        }
        /// Exponent of the lowest mantissa bit of a subnormal.
        fn elsb_min(self) -> i32 {
            1 - self.bias() - self.man as i32
        }
    }

    pub const F16: Fmt = Fmt { man: 10, exp: 5 };
    pub const BF16: Fmt = Fmt { man: 7, exp: 8 };
    pub const F32: Fmt = Fmt { man: 23, exp: 8 };
    pub const F64: Fmt = Fmt { man: 52, exp: 11 };

    pub fn fmt(t: &str) -> Fmt {
        match t {
            "f16" => F16,
            "bf16" => BF16,
            "f32" => F32,
            "f64" => F64,
            _ => panic!("not a float type: {t}"),
        }
    }

    pub fn fmt_bits(b: u32) -> Fmt {
        match b {
            16 => F16,
            32 => F32,
            _ => F64,
        }
    }

    #[derive(Clone, Copy, Debug, PartialEq)]
    pub enum Rnd {
        N,
        Z,
        M,
        P,
    }

    pub fn mask(f: Fmt) -> u64 {
        if f.bits() == 64 {
            u64::MAX
        } else {
            (1u64 << f.bits()) - 1
        }
    }
    pub fn sign(f: Fmt) -> u64 {
        1u64 << (f.bits() - 1)
    }
    fn exp_field(f: Fmt, x: u64) -> u64 {
        (x >> f.man) & ((1 << f.exp) - 1)
    }
    fn man_field(f: Fmt, x: u64) -> u64 {
        x & ((1u64 << f.man) - 1)
    }
    pub fn is_nan(f: Fmt, x: u64) -> bool {
        exp_field(f, x) == (1 << f.exp) - 1 && man_field(f, x) != 0
    }
    fn is_inf(f: Fmt, x: u64) -> bool {
        exp_field(f, x) == (1 << f.exp) - 1 && man_field(f, x) == 0
    }
    fn is_zero(f: Fmt, x: u64) -> bool {
        x & !sign(f) & mask(f) == 0
    }
    pub fn is_subnormal(f: Fmt, x: u64) -> bool {
        exp_field(f, x) == 0 && man_field(f, x) != 0
    }
    fn neg_bit(f: Fmt, x: u64) -> bool {
        x & sign(f) != 0
    }
    pub fn ftz(f: Fmt, x: u64) -> u64 {
        if is_subnormal(f, x) {
            x & sign(f)
        } else {
            x
        }
    }
    pub fn neg(f: Fmt, x: u64) -> u64 {
        x ^ sign(f)
    }
    pub fn nan(f: Fmt) -> u64 {
        (((1u64 << f.exp) - 1) << f.man) | (1 << (f.man - 1))
    }
    fn inf(f: Fmt, neg: bool) -> u64 {
        (((1u64 << f.exp) - 1) << f.man) | if neg { sign(f) } else { 0 }
    }
    fn zero(f: Fmt, neg: bool) -> u64 {
        if neg {
            sign(f)
        } else {
            0
        }
    }
    pub fn one(f: Fmt) -> u64 {
        (f.bias() as u64) << f.man
    }
    pub fn min_normal(f: Fmt) -> f64 {
        2f64.powi(1 - f.bias())
    }

    /// A finite nonzero value: m * 2^e.
    fn parts(f: Fmt, x: u64) -> (bool, u128, i32) {
        let e = exp_field(f, x) as i32;
        let m = man_field(f, x) as u128;
        let neg = neg_bit(f, x);
        if e == 0 {
            (neg, m, f.elsb_min())
        } else {
            (neg, m | (1u128 << f.man), e - 1 + f.elsb_min())
        }
    }

    pub fn to_f64(f: Fmt, x: u64) -> f64 {
        if f == F64 {
            return f64::from_bits(x);
        }
        if is_nan(f, x) {
            return f64::NAN;
        }
        if is_inf(f, x) {
            return if neg_bit(f, x) {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            };
        }
        if is_zero(f, x) {
            return if neg_bit(f, x) { -0.0 } else { 0.0 };
        }
        let (n, m, e) = parts(f, x);
        let v = m as f64 * 2f64.powi(e);
        if n {
            -v
        } else {
            v
        }
    }

    pub fn from_f64(f: Fmt, v: f64) -> u64 {
        convert(F64, f, v.to_bits(), Rnd::N)
    }

    /// The size of one unit in the last place at `v` in format `f`.
    pub fn ulp_at(f: Fmt, v: f64) -> f64 {
        let v = v.abs();
        let min_e = 1 - f.bias();
        let e = if v == 0.0 || !v.is_finite() {
            min_e
        } else {
            (v.log2().floor() as i32).max(min_e)
        };
        pow2(e - f.man as i32)
    }

    /// 2^e for e in [-1074, 1023], exactly (`powi` underflows early).
    pub fn pow2(e: i32) -> f64 {
        if e >= -1022 {
            f64::from_bits(((e + 1023) as u64) << 52)
        } else {
            f64::from_bits(1u64 << (e + 1074).max(0))
        }
    }

    /// Rounds (-1)^neg * (m + sticky) * 2^e into `f`. When `sticky` is set,
    /// `m` must carry at least man + 3 bits.
    pub fn round(f: Fmt, neg: bool, m: u128, e: i32, sticky: bool, r: Rnd) -> u64 {
        if m == 0 {
            assert!(!sticky);
            return zero(f, neg);
        }
        let nb = 128 - m.leading_zeros() as i32;
        let top = e + nb - 1;
        let lsb = (top - f.man as i32).max(f.elsb_min());
        let shift = lsb - e;
        let (mut q, guard, lower) = if shift <= 0 {
            assert!(!sticky || nb > f.man as i32 + 2);
            (m << (-shift) as u32, false, sticky)
        } else if shift >= 129 {
            (0, false, true)
        } else {
            let q = if shift >= 128 { 0 } else { m >> shift };
            let g = (m >> (shift - 1)) & 1 == 1;
            let low = if shift == 1 {
                0
            } else {
                m & ((1u128 << (shift - 1)) - 1)
            };
            (q, g, low != 0 || sticky)
        };
        let inc = match r {
            Rnd::N => guard && (lower || q & 1 == 1),
            Rnd::Z => false,
            Rnd::M => neg && (guard || lower),
            Rnd::P => !neg && (guard || lower),
        };
        if inc {
            q += 1;
        }
        let k = (lsb - f.elsb_min()) as u128;
        let enc = (k << f.man) + q;
        let max_enc = ((1u128 << f.exp) - 1) << f.man;
        let s = if neg { sign(f) } else { 0 };
        if enc >= max_enc {
            let to_inf = match r {
                Rnd::N => true,
                Rnd::Z => false,
                Rnd::M => neg,
                Rnd::P => !neg,
            };
            return if to_inf {
                inf(f, neg)
            } else {
                (max_enc as u64 - 1) | s
            };
        }
        enc as u64 | s
    }

    fn exact_zero_sign(r: Rnd) -> bool {
        r == Rnd::M
    }

    /// Exact (m1 * 2^e1) ± (m2 * 2^e2) as (neg, m, e, sticky); m1, m2 < 2^107.
    fn add_parts(
        n1: bool,
        m1: u128,
        e1: i32,
        n2: bool,
        m2: u128,
        e2: i32,
    ) -> (bool, u128, i32, bool) {
        // Order by exponent: (a) has the larger exponent.
        let (na, mut ma, mut ea, nb, mb, eb) = if e1 >= e2 {
            (n1, m1, e1, n2, m2, e2)
        } else {
            (n2, m2, e2, n1, m1, e1)
        };
        // Shift the larger-exponent operand left as far as is safe.
        while ea > eb && ma < (1u128 << 125) {
            ma <<= 1;
            ea -= 1;
        }
        let (mb, sticky) = if ea > eb {
            let sh = (ea - eb) as u32;
            if sh >= 128 {
                (0, mb != 0)
            } else {
                (mb >> sh, mb & ((1u128 << sh) - 1) != 0)
            }
        } else {
            (mb, false)
        };
        if na == nb {
            (na, ma + mb, ea, sticky)
        } else if ma > mb || (ma == mb && sticky) {
            // ma - (mb + frac): subtract one more and keep the sticky bit.
            if sticky {
                (na, ma - mb - 1, ea, true)
            } else {
                (na, ma - mb, ea, false)
            }
        } else {
            // mb > ma, so no sticky (sticky implies ma >= 2^125 > mb).
            (nb, mb - ma, ea, false)
        }
    }

    pub fn add(f: Fmt, x: u64, y: u64, r: Rnd) -> u64 {
        if is_nan(f, x) || is_nan(f, y) {
            return nan(f);
        }
        if is_inf(f, x) || is_inf(f, y) {
            if is_inf(f, x) && is_inf(f, y) && neg_bit(f, x) != neg_bit(f, y) {
                return nan(f);
            }
            return if is_inf(f, x) { x } else { y };
        }
        if is_zero(f, x) && is_zero(f, y) {
            let (a, b) = (neg_bit(f, x), neg_bit(f, y));
            return zero(f, if a == b { a } else { exact_zero_sign(r) });
        }
        if is_zero(f, x) {
            return y;
        }
        if is_zero(f, y) {
            return x;
        }
        let (n1, m1, e1) = parts(f, x);
        let (n2, m2, e2) = parts(f, y);
        let (n, m, e, st) = add_parts(n1, m1, e1, n2, m2, e2);
        if m == 0 && !st {
            return zero(f, exact_zero_sign(r));
        }
        round(f, n, m, e, st, r)
    }

    pub fn mul(f: Fmt, x: u64, y: u64, r: Rnd) -> u64 {
        if is_nan(f, x) || is_nan(f, y) {
            return nan(f);
        }
        let n = neg_bit(f, x) != neg_bit(f, y);
        if is_inf(f, x) || is_inf(f, y) {
            if is_zero(f, x) || is_zero(f, y) {
                return nan(f);
            }
            return inf(f, n);
        }
        if is_zero(f, x) || is_zero(f, y) {
            return zero(f, n);
        }
        let (_, m1, e1) = parts(f, x);
        let (_, m2, e2) = parts(f, y);
        round(f, n, m1 * m2, e1 + e2, false, r)
    }

    pub fn fma(f: Fmt, x: u64, y: u64, z: u64, r: Rnd) -> u64 {
        if is_nan(f, x) || is_nan(f, y) || is_nan(f, z) {
            return nan(f);
        }
        let np = neg_bit(f, x) != neg_bit(f, y);
        let pinf = is_inf(f, x) || is_inf(f, y);
        let pzero = is_zero(f, x) || is_zero(f, y);
        if pinf && pzero {
            return nan(f);
        }
        if pinf {
            if is_inf(f, z) && neg_bit(f, z) != np {
                return nan(f);
            }
            return inf(f, np);
        }
        if is_inf(f, z) {
            return z;
        }
        if pzero {
            if is_zero(f, z) {
                let nz = neg_bit(f, z);
                return zero(f, if np == nz { np } else { exact_zero_sign(r) });
            }
            return z;
        }
        let (_, m1, e1) = parts(f, x);
        let (_, m2, e2) = parts(f, y);
        let (mp, ep) = (m1 * m2, e1 + e2);
        if is_zero(f, z) {
            return round(f, np, mp, ep, false, r);
        }
        let (nz, mz, ez) = parts(f, z);
        let (n, m, e, st) = add_parts(np, mp, ep, nz, mz, ez);
        if m == 0 && !st {
            return zero(f, exact_zero_sign(r));
        }
        round(f, n, m, e, st, r)
    }

    pub fn div(f: Fmt, x: u64, y: u64, r: Rnd) -> u64 {
        if is_nan(f, x) || is_nan(f, y) {
            return nan(f);
        }
        let n = neg_bit(f, x) != neg_bit(f, y);
        if is_inf(f, x) {
            return if is_inf(f, y) { nan(f) } else { inf(f, n) };
        }
        if is_inf(f, y) {
            return zero(f, n);
        }
        if is_zero(f, y) {
            return if is_zero(f, x) { nan(f) } else { inf(f, n) };
        }
        if is_zero(f, x) {
            return zero(f, n);
        }
        let (_, m1, e1) = parts(f, x);
        let (_, m2, e2) = parts(f, y);
        let sh = m1.leading_zeros() - 1;
        let num = m1 << sh;
        let q = num / m2;
        let rem = num % m2;
        round(f, n, q, e1 - sh as i32 - e2, rem != 0, r)
    }

    fn isqrt(v: u128) -> u128 {
        if v == 0 {
            return 0;
        }
        let mut x = (v as f64).sqrt() as u128;
        loop {
            let y = (x + v / x.max(1)) / 2;
            if y >= x {
                break;
            }
            x = y;
        }
        while x * x > v {
            x -= 1;
        }
        while (x + 1) * (x + 1) <= v {
            x += 1;
        }
        x
    }

    pub fn sqrt(f: Fmt, x: u64, r: Rnd) -> u64 {
        if is_nan(f, x) {
            return nan(f);
        }
        if is_zero(f, x) {
            return x;
        }
        if neg_bit(f, x) {
            return nan(f);
        }
        if is_inf(f, x) {
            return x;
        }
        let (_, m, e) = parts(f, x);
        let mut sh = m.leading_zeros() - 2;
        if (e - sh as i32) % 2 != 0 {
            sh -= 1;
        }
        let v = m << sh;
        let q = isqrt(v);
        round(f, false, q, (e - sh as i32) / 2, q * q != v, r)
    }

    pub fn convert(from: Fmt, to: Fmt, x: u64, r: Rnd) -> u64 {
        if is_nan(from, x) {
            return nan(to);
        }
        let n = neg_bit(from, x);
        if is_inf(from, x) {
            return inf(to, n);
        }
        if is_zero(from, x) {
            return zero(to, n);
        }
        let (_, m, e) = parts(from, x);
        round(to, n, m, e, false, r)
    }

    pub fn from_int(f: Fmt, v: i128, r: Rnd) -> u64 {
        if v == 0 {
            return 0;
        }
        round(f, v < 0, v.unsigned_abs(), 0, false, r)
    }

    /// Rounds a finite value to an integer (None for NaN; ±inf saturates).
    pub fn to_int(f: Fmt, x: u64, r: Rnd) -> Option<i128> {
        if is_nan(f, x) {
            return None;
        }
        let n = neg_bit(f, x);
        if is_inf(f, x) {
            return Some(if n { i128::MIN } else { i128::MAX });
        }
        if is_zero(f, x) {
            return Some(0);
        }
        let (_, m, e) = parts(f, x);
        if e >= 0 {
            if e + (128 - m.leading_zeros() as i32) > 120 {
                return Some(if n { i128::MIN } else { i128::MAX });
            }
            let v = (m << e) as i128;
            return Some(if n { -v } else { v });
        }
        let sh = (-e) as u32;
        let (q, g, low) = if sh >= 128 {
            (0, false, true)
        } else {
            let q = m >> sh;
            let g = (m >> (sh - 1)) & 1 == 1;
            let low = sh > 1 && m & ((1u128 << (sh - 1)) - 1) != 0;
            (q, g, low)
        };
        let inc = match r {
            Rnd::N => g && (low || q & 1 == 1),
            Rnd::Z => false,
            Rnd::M => n && (g || low),
            Rnd::P => !n && (g || low),
        };
        let v = (q + inc as u128) as i128;
        Some(if n { -v } else { v })
    }

    /// Rounds to an integral value in the same format (cvt.rni.f32.f32).
    pub fn round_int(f: Fmt, x: u64, r: Rnd) -> u64 {
        if is_nan(f, x) {
            return nan(f);
        }
        if is_inf(f, x) || is_zero(f, x) {
            return x;
        }
        let (n, _, e) = parts(f, x);
        if e >= 0 {
            return x;
        }
        let i = to_int(f, x, r).unwrap();
        if i == 0 {
            return zero(f, n);
        }
        round(f, n, i.unsigned_abs(), 0, false, Rnd::N)
    }
}
