//! Compiled gfx942 kernels (`gfx942_exec_util/kernels.cl`, built by
//! `gfx942_exec_util/build.sh` with clang-19 into the committed `kernels.co`):
//! the compiler's expansions of IEEE division (v_div_scale / v_div_fmas /
//! v_div_fixup), 64-bit integer division and conversions, f64 math and packed
//! f32, run on both engines against Rust's own arithmetic.

mod common;
mod gfx942_exec_util;

use common::Rng;
use gfx942_exec_util::*;

const CO: &[u8] = include_bytes!("gfx942_exec_util/kernels.co");
const N: usize = 256;

fn run(name: &str, e: Engine, bufs: &[Vec<u8>]) -> Vec<Vec<u8>> {
    run_co_kernel(CO, name, e, bufs, [(N / 64) as u32, 1, 1], [64, 1, 1])
}

fn f64s(b: &[u8]) -> Vec<f64> {
    u64s(b).into_iter().map(f64::from_bits).collect()
}

fn f32s(b: &[u8]) -> Vec<f32> {
    u32s(b).into_iter().map(f32::from_bits).collect()
}

/// The disassembly of kernel `name` in `kernels.lst`, up to its s_endpgm.
fn listing_body(name: &str) -> String {
    let lst = include_str!("gfx942_exec_util/kernels.lst");
    let label = format!("<{name}>:");
    lst.lines()
        .skip_while(|l| !l.contains(&label))
        .take_while(|l| !l.contains("s_endpgm"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn same64(a: f64, b: f64) -> bool {
    a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan())
}

fn same32(a: f32, b: f32) -> bool {
    a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan())
}

/// Float inputs as kernel buffer bytes.
fn fbytes64(v: &[f64]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn fbytes32(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn rand_f64(r: &mut Rng) -> f64 {
    match r.below(10) {
        0 => [
            0.0,
            -0.0,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            f64::MIN_POSITIVE,
            5e-324,
            f64::MAX,
        ][r.below(8) as usize],
        1 => f64::from_bits(r.next()),
        _ => (r.next() as i64 as f64) / (1u64 << (r.below(60) + 1)) as f64,
    }
}

fn rand_f32(r: &mut Rng) -> f32 {
    match r.below(10) {
        0 => [
            0.0,
            -0.0,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NAN,
            f32::MIN_POSITIVE,
            1e-45,
            f32::MAX,
        ][r.below(8) as usize],
        1 => f32::from_bits(r.next() as u32),
        _ => (r.next() as i32 as f32) / (1u32 << r.below(30)) as f32,
    }
}

#[test]
fn ieee_division_f64_and_f32() {
    let mut rng = Rng::new(0xd1f);
    let a: Vec<f64> = (0..N).map(|_| rand_f64(&mut rng)).collect();
    let b: Vec<f64> = (0..N).map(|_| rand_f64(&mut rng)).collect();
    let fa: Vec<f32> = (0..N).map(|_| rand_f32(&mut rng)).collect();
    let fb: Vec<f32> = (0..N).map(|_| rand_f32(&mut rng)).collect();
    for e in ENGINES {
        let r = run("ddiv", e, &[fbytes64(&a), fbytes64(&b)]);
        for (i, got) in f64s(&r[0]).into_iter().enumerate() {
            assert!(
                same64(got, a[i] / b[i]),
                "{e:?} ddiv {} / {} = {got}, want {}",
                a[i],
                b[i],
                a[i] / b[i]
            );
        }
        let r = run("fdiv", e, &[fbytes32(&fa), fbytes32(&fb)]);
        for (i, got) in f32s(&r[0]).into_iter().enumerate() {
            assert!(
                same32(got, fa[i] / fb[i]),
                "{e:?} fdiv {} / {} = {got}, want {}",
                fa[i],
                fb[i],
                fa[i] / fb[i]
            );
        }
    }
}

#[test]
fn integer_division_and_conversions() {
    let mut rng = Rng::new(0xc0f);
    let x: Vec<i64> = (0..N)
        .map(|_| (rng.next() as i64) >> rng.below(63).max(4))
        .collect();
    let ia: Vec<u32> = (0..N).map(|_| rand_word(&mut rng)).collect();
    let ib: Vec<u32> = (0..N).map(|_| rand_word(&mut rng) & 0x7fff_ffff).collect();
    let ic: Vec<u64> = (0..N)
        .map(|_| ((rng.next() >> rng.below(63)) as i64).max(i64::MIN + 1) as u64)
        .collect();
    let id: Vec<u64> = (0..N).map(|_| rng.next() >> rng.below(63)).collect();
    for e in ENGINES {
        let r = run(
            "conv",
            e,
            &[
                bytes64(&x.iter().map(|&v| v as u64).collect::<Vec<_>>()),
                vec![0; 8 * N],
                vec![0; 4 * N],
                vec![0; 8 * N],
            ],
        );
        let (b, c, d) = (f64s(&r[1]), f32s(&r[2]), u64s(&r[3]));
        for i in 0..N {
            let want_d = (x[i] as f64 as i64).wrapping_add((x[i] as f32 * 0.5) as i64);
            assert_eq!(
                (b[i].to_bits(), c[i].to_bits(), d[i] as i64),
                ((x[i] as f64).to_bits(), (x[i] as f32).to_bits(), want_d),
                "{e:?} conv x = {}",
                x[i]
            );
        }
        let r = run(
            "divs",
            e,
            &[bytes32(&ia), bytes32(&ib), bytes64(&ic), bytes64(&id)],
        );
        let (a2, b2, c2, d2) = (u32s(&r[0]), u32s(&r[1]), u64s(&r[2]), u64s(&r[3]));
        for i in 0..N {
            let (xx, y) = (ia[i] as i32, ib[i]);
            let want = (
                xx.wrapping_div((y | 1) as i32).wrapping_add(xx % 13) as u32,
                (y / 7).wrapping_add(y % ((xx | 1) as u32)),
                (ic[i] as i64).wrapping_div((xx | 1) as i64) as u64,
                id[i] % ((y | 3) as u64),
            );
            assert_eq!(
                (a2[i], b2[i], c2[i], d2[i]),
                want,
                "{e:?} divs x={xx} y={y} c={} d={}",
                ic[i] as i64,
                id[i]
            );
        }
    }
}

fn fmin_cl(a: f64, b: f64) -> f64 {
    if a.is_nan() {
        b
    } else if b.is_nan() || a < b || (a == b && a.is_sign_negative()) {
        a
    } else {
        b
    }
}

#[test]
fn f64_math_and_packed_f32() {
    let mut rng = Rng::new(0xf64);
    let a: Vec<f64> = (0..N).map(|_| rand_f64(&mut rng)).collect();
    let pa: Vec<f32> = (0..2 * N).map(|_| rand_f32(&mut rng)).collect();
    let pb: Vec<f32> = (0..2 * N).map(|_| rand_f32(&mut rng)).collect();
    for e in ENGINES {
        let r = run("f64ops", e, &[fbytes64(&a)]);
        for (i, got) in f64s(&r[0]).into_iter().enumerate() {
            let x = a[i];
            let ld = if x.is_finite() && x != 0.0 {
                x * 8.0
            } else {
                x
            };
            let want = x.mul_add(x, 1.0) + fmin_cl(x, 2.0) + x.floor() + ld + x.abs();
            assert!(
                same64(got, want),
                "{e:?} f64ops({x:e}) = {got:e}, want {want:e}"
            );
        }
        let r = run("pk", e, &[fbytes32(&pa), fbytes32(&pb)]);
        for (i, got) in f32s(&r[0]).into_iter().enumerate() {
            let want = pa[i].mul_add(pb[i], if i % 2 == 0 { 1.0 } else { 2.0 });
            assert!(
                same32(got, want),
                "{e:?} pk[{i}]: {} * {} + c = {got:e}, want {want:e}",
                pa[i],
                pb[i]
            );
        }
    }
}

/// Regression (issue #14): v_pk_fma_f32 / v_pk_mul_f32 with inline constant
/// operands (`4.0, 0.5 op_sel_hi:[1,0,0]`, `-2.0 ... op_sel_hi:[0,1]`) were
/// refused ("packed constant operands are not lifted"); a constant feeds both
/// halves through op_sel_hi = 0.
#[test]
fn packed_f32_with_constant_operands() {
    let body = listing_body("pkc");
    assert!(
        body.contains("v_pk_fma_f32 v[4:5], v[2:3], 4.0, 0.5"),
        "{body}"
    );
    assert!(body.contains("v_pk_mul_f32 v[2:3], -2.0,"), "{body}");
    let mut rng = Rng::new(0x9c);
    let pa: Vec<f32> = (0..2 * N).map(|_| rand_f32(&mut rng)).collect();
    for e in ENGINES {
        let r = run("pkc", e, &[fbytes32(&pa)]);
        for (i, got) in f32s(&r[0]).into_iter().enumerate() {
            let x = pa[i];
            // The compiler contracts (y * 3.25) + (x * -2.0) into an fma.
            let want = x.mul_add(4.0, 0.5).mul_add(3.25, x * -2.0);
            assert!(
                same32(got, want),
                "{e:?} pkc[{i}]({x:e}) = {got:e}, want {want:e}"
            );
        }
    }
}

/// Regression (issue #14): VGPR index mode (`s_set_gpr_idx_on` with
/// gpr_idx(SRC0) and gpr_idx(DST) around `v_mov_b32`) was refused ("scalar
/// compare not lifted (VSKIP / GPR indexing)"). Every uniform index 0..16,
/// including those whose written element is the read one.
#[test]
fn vgpr_index_mode_extract_and_insert() {
    let body = listing_body("gidx");
    assert!(
        body.contains("gpr_idx(SRC0)") && body.contains("gpr_idx(DST)"),
        "{body}"
    );
    let mut rng = Rng::new(0x61d);
    let a: Vec<f32> = (0..16 * N)
        .map(|_| (rng.below(2000) as f32 - 1000.0) / 8.0)
        .collect();
    for j in 0..16usize {
        let ix = bytes32(&[j as u32 | 0x30]);
        for e in ENGINES {
            let r = run("gidx", e, &[fbytes32(&a), ix.clone()]);
            let got = f32s(&r[0]);
            for i in 0..N {
                let mut v: Vec<f32> = a[16 * i..16 * i + 16]
                    .iter()
                    .map(|x| x * 3.0 + 1.0)
                    .collect();
                let t = v[j];
                v[(j + 5) & 15] = t * 2.0;
                for k in 0..16 {
                    assert!(
                        same32(got[16 * i + k], v[k]),
                        "{e:?} j={j} item {i} element {k}: {} want {}",
                        got[16 * i + k],
                        v[k]
                    );
                }
            }
        }
    }
}

fn rand_word(r: &mut Rng) -> u32 {
    rand_edge_word(r, &[0, 1, 0x7fff_ffff, 0x8000_0000, 0xffff_ffff, 31, 13, 7])
}

#[test]
fn pc_relative_constant_data() {
    const TABLE: [u32; 8] = [3, 1, 4, 1, 5, 9, 2, 6];
    let mut rng = Rng::new(0xc7ab);
    let a: Vec<u32> = (0..N).map(|_| rng.next() as u32).collect();
    for e in ENGINES {
        let r = u32s(&run("ctab", e, &[bytes32(&a)])[0]);
        for i in 0..N {
            let want = TABLE[(a[i] & 7) as usize] * 10 + TABLE[((a[i] >> 3) & 7) as usize];
            assert_eq!(r[i], want, "{e:?} ctab[{i}]");
        }
    }
}

#[test]
fn calls_to_functions() {
    let mut rng = Rng::new(0xca11);
    let a: Vec<u32> = (0..N).map(|_| rng.next() as u32).collect();
    let helper = |x: i32| {
        let v = a[(x & 63) as usize] as i32;
        let v = if v & 1 != 0 {
            v.wrapping_mul(3).wrapping_add(1)
        } else {
            v >> 1
        };
        v.wrapping_add(x)
    };
    for e in ENGINES {
        let r = u32s(&run("callk", e, &[bytes32(&a), vec![0; 4 * N]])[1]);
        for i in 0..N as i32 {
            let want = helper(i).wrapping_add(helper(i.wrapping_mul(7)));
            assert_eq!(r[i as usize], want as u32, "{e:?} callk[{i}]");
        }
    }
}
