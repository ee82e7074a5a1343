//! Regression tests for the silent sm_75 miscompiles of issue #11: ptxas
//! 12.9 cubins (`tests/ptx/miscompiles.ptx` → `miscompiles.cubin`, built by
//! `tests/ptx/build.sh`) run on both engines and are compared with Rust
//! references; each test first checks that the cubin really contains the
//! SASS form it is about. Forms ptxas does not emit from PTX are tested with
//! words patched into a ptxas kernel (their nvdisasm text is in the
//! comments), and forms the lifter does not implement must be refused with
//! an error naming the form and the pc.

mod common;

use common::{bytes32, bytes64, dwords, opts, run, words, ENGINES};
use xisa::{ArgSpec, Device, Module};

fn cubin() -> Vec<u8> {
    common::fixture("tests/ptx/miscompiles.cubin")
}

fn module() -> Module {
    Module::from_bytes(&cubin(), "miscompiles", None).expect("miscompiles.cubin")
}

/// The instruction words of `kernel`.
fn code(kernel: &str) -> Vec<u128> {
    common::kernel_code(&cubin(), kernel).0
}

/// The disassembly of `kernel` (words the decoder does not know are skipped).
fn sass(kernel: &str) -> Vec<String> {
    code(kernel)
        .iter()
        .enumerate()
        .filter_map(|(i, &w)| xisa_sm75::decode_word(w, 16 * i as u64).ok())
        .map(|d| d.text.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect()
}

/// Asserts that some instruction of `kernel` starts with `mnemonic` and
/// contains every one of `parts`.
fn assert_form(kernel: &str, mnemonic: &str, parts: &[&str]) {
    let s = sass(kernel);
    assert!(
        s.iter()
            .any(|t| t.starts_with(mnemonic) && parts.iter().all(|p| t.contains(p))),
        "{kernel}: no `{mnemonic} ... {parts:?}` in\n{}",
        s.join("\n")
    );
}

/// Runs `kernel` as one block of `block` threads on each engine and checks
/// the words of its first buffer against `want` (`what` names the case).
fn check_words(m: &Module, kernel: &str, block: u32, args: &[ArgSpec], want: &[u32], what: &str) {
    for e in ENGINES {
        let out = run(m, kernel, e, 1, block, args);
        assert_eq!(words(&out[0]), want, "{kernel} ({e}) {what}");
    }
}

use xisa_testkit::Rng;

/// Edge-weighted 32-bit values.
fn data32(n: usize, seed: u64) -> Vec<u32> {
    let edges = [
        0u32,
        1,
        2,
        0x7fff_ffff,
        0x8000_0000,
        0xffff_ffff,
        0xffff_fffe,
        0x8000_0001,
        0x0000_ffff,
        0x0001_0000,
    ];
    let mut r = Rng::new(seed);
    (0..n)
        .map(|i| {
            if i % 3 == 0 {
                edges[(i / 3) % edges.len()]
            } else {
                r.next() as u32
            }
        })
        .collect()
}

/// Bug 1 and 2: `LDS.U.64 R4, [R7.X8+UR4]`, `LDS.U R0, [UR4]`, `[UR5+0x8]`
/// (the UR term was dropped) in a loop whose exit test is
/// `PLOP3.LUT P1, PT, PT, PT, UP0, 0x80, 0x0` (it read P0, not UP0).
#[test]
fn lds_uniform_address_and_plop3_uniform_predicate() {
    assert_form("lds_ur", "LDS.U.64", &["[R", ".X8+UR"]);
    assert_form("lds_ur", "LDS.U", &["[UR"]);
    assert_form("lds_ur", "LDS.U", &["[UR", "+0x8]"]);
    // PLOP3 with a UP source: bit 67 set (the decoder prints it as P0).
    assert!(
        code("lds_ur")
            .iter()
            .any(|&w| w & 0xfff == 0x81c && (w >> 67) & 1 == 1),
        "lds_ur: no PLOP3 reading UP0"
    );
    let m = module();
    let input = data32(128, 1);
    for n in [0u32, 1, 2, 3, 4, 5, 8, 9, 31, 32] {
        let want: Vec<u32> = (0..128usize)
            .flat_map(|t| {
                let tt = t & 31;
                let (mut lo, mut hi) = (0u32, 0u32);
                for k in 0..n as usize {
                    lo = lo.wrapping_add(input[2 * (tt + k)]);
                    hi = (hi ^ input[2 * (tt + k) + 1]).wrapping_add(input[2 * k]);
                }
                [lo, hi]
            })
            .collect();
        check_words(
            &m,
            "lds_ur",
            128,
            &[
                ArgSpec::Zeros(128 * 8),
                ArgSpec::Bytes(bytes32(&input)),
                ArgSpec::U32(n),
            ],
            &want,
            &format!("n={n}"),
        );
    }
}

/// Bug 4 (global): `LDG.E.SYS R7, [R0.U32+UR6]` (a 32-bit index,
/// zero-extended, plus a 64-bit uniform base: R was read as a pair),
/// `[R0.U32+UR6+0x10]`, `STG [R0.U32+UR4+0x200]`, `[UR4+0x8]`,
/// `LDG [R4.64+UR6+0x100]` / `STG [R4.64+UR4+0xc00]` with a negative
/// sign-extended index.
#[test]
fn global_u32_and_64_plus_uniform_addresses() {
    assert_form("g_u32ur", "LDG.E.SYS", &[".U32+UR", "]"]);
    assert_form("g_u32ur", "LDG.E.SYS", &[".U32+UR", "+0x10]"]);
    assert_form("g_u32ur", "STG.E.SYS", &[".U32+UR", "+0x200]"]);
    assert_form("g_u32ur", "LDG.E.SYS", &["[UR", "+0x8]"]);
    assert_form("g_u32ur", "LDG.E.SYS", &[".64+UR", "+0x100]"]);
    assert_form("g_u32ur", "STG.E.SYS", &[".64+UR", "+0xc00]"]);
    let m = module();
    let input = data32(256, 2);
    let k = 40u32;
    let mut want = vec![0u32; 1024];
    for t in 0..64usize {
        want[t] = input[t].wrapping_add(input[t + 4]).wrapping_add(input[2]);
        want[128 + t] = input[t];
        want[256 + t] = input[t];
        want[384 + t] = input[t + 4];
        let j = t as i64 - i64::from(k);
        want[(768 + j) as usize] = input[(64 + j) as usize];
    }
    check_words(
        &m,
        "g_u32ur",
        64,
        &[
            ArgSpec::Zeros(1024 * 4),
            ArgSpec::Bytes(bytes32(&input)),
            ArgSpec::U32(k),
        ],
        &want,
        "",
    );
}

/// Bug 4 (generic): `LD.E.SYS R5, [R0.U32+UR4]`, `[R0.U32+UR4+0x10]`,
/// `[UR4+0x8]`, `ST.E.SYS [R0.U32+UR4+0x800]`.
#[test]
fn generic_u32_plus_uniform_addresses() {
    assert_form("generic_u32ur", "LD.E.SYS", &[".U32+UR", "+0x10]"]);
    assert_form("generic_u32ur", "LD.E.SYS", &["[UR", "+0x8]"]);
    assert_form("generic_u32ur", "ST.E.SYS", &[".U32+UR", "+0x800]"]);
    let m = module();
    let input = data32(128, 3);
    let mut init = vec![0u32; 1024];
    init[512..576].fill(0xdead_beef);
    let mut want = init.clone();
    for t in 0..64usize {
        want[t] = input[t].wrapping_add(input[t + 4]).wrapping_add(input[2]);
        want[256 + t] = input[t];
        want[512 + t] = 0; // the ATOM's old value
    }
    check_words(
        &m,
        "generic_u32ur",
        64,
        &[
            ArgSpec::Bytes(bytes32(&init)),
            ArgSpec::Bytes(bytes32(&input)),
        ],
        &want,
        "",
    );
}

/// Generic `LD.E.SYS R0, [R2+-0x10]` without a uniform register keeps a
/// 32-bit offset at [32, 64) (it was read from [40, 64): -1 and 0 instead
/// of -16 and 16); `ST.E.SYS [R4+-0x8]` likewise.
#[test]
fn generic_ld_st_32bit_offsets() {
    // The decoder's LD record expects opcode 0x380 for this form, so check
    // the raw words (nvdisasm: `LD.E.SYS R0, [R2+-0x10]` is
    // 0xfffffff002007980, `ST.E.SYS [R4+-0x8], R9` 0xfffffff804007385).
    let offs = |op: u128| -> Vec<i32> {
        code("gen_r")
            .iter()
            .filter(|&&w| w & 0xfff == op && (w >> 91) & 1 == 0)
            .map(|&w| (w >> 32) as u32 as i32)
            .collect()
    };
    let ld = offs(0x980);
    assert!(
        ld.contains(&-16) && ld.contains(&16),
        "gen_r LD offsets {ld:?}"
    );
    assert!(offs(0x385).contains(&-8), "gen_r ST offsets");
    let m = module();
    let buf = data32(128, 4);
    // `in` = buf + 16 bytes, `out` = obuf + 8 bytes.
    let mut want = vec![0u32; 256];
    for t in 0..64usize {
        let (a, b, c) = (buf[t], buf[t + 8], buf[t + 4]);
        let s = a.wrapping_add(b).wrapping_add(c);
        want[2 + 128 + t] = s;
        want[t] = s ^ a;
    }
    for e in ENGINES {
        let dev = Device::new().expect("device");
        let ib = dev.upload(&bytes32(&buf)).expect("upload");
        let ob = dev.upload(&[0u8; 1024]).expect("upload");
        dev.launch(
            &m,
            "gen_r",
            &opts(e, 1, 64),
            &[ArgSpec::Ptr(ob + 8), ArgSpec::Ptr(ib + 16)],
        )
        .unwrap_or_else(|err| panic!("{e}: {err}"));
        let got = words(&dev.read(ob, 1024).expect("read"));
        assert_eq!(got, want, "{e}");
    }
}

/// Bug 3: `LEA.HI.X.SX32 R5, R0, c[0x0][0x16c], 0x2, P0` (the high word of
/// a sign-extended negative index was taken as 0).
#[test]
fn lea_hi_x_sx32_negative_index() {
    assert_form("lea_sx32", "LEA.HI.X.SX32", &[", 0x2, P0"]);
    let m = module();
    let buf = data32(256, 5);
    let off = 100usize; // `in` points this many words into the buffer
    for k in [0u32, 1, 40, 64, 100] {
        let want: Vec<u32> = (0..64usize)
            .map(|t| buf[(off as i64 + t as i64 - i64::from(k)) as usize])
            .collect();
        for e in ENGINES {
            let dev = Device::new().expect("device");
            let b = dev.upload(&bytes32(&buf)).expect("upload");
            let rep = dev
                .launch(
                    &m,
                    "lea_sx32",
                    &opts(e, 1, 64),
                    &[
                        ArgSpec::Zeros(64 * 4),
                        ArgSpec::Ptr(b + 4 * off as u64),
                        ArgSpec::U32(k),
                    ],
                )
                .unwrap_or_else(|err| panic!("{e}: {err}"));
            let o = rep.buffers.iter().flatten().next().expect("out");
            let got = words(&dev.read(o.addr, o.len as usize).expect("read"));
            assert_eq!(got, want, "{e} k={k}");
        }
    }
}

/// The f16 bits of a small dyadic value (exact).
fn h16(v: f32) -> u32 {
    if v == 0.0 {
        return if v.is_sign_negative() { 0x8000 } else { 0 };
    }
    let b = v.to_bits();
    let e = (b >> 23 & 0xff) as i32 - 127 + 15;
    (b >> 16 & 0x8000) | (e as u32) << 10 | (b >> 13 & 0x3ff)
}

/// A packed pair of small dyadic halves.
fn h2(lo: f32, hi: f32) -> u32 {
    h16(lo) | h16(hi) << 16
}

/// The packed-half ops with a constant-bank (kernel parameter) operand:
/// HFMA2 with it in src2 (`c[0x0] [0x170]`) and in src1, HMUL2, HADD2 and
/// HSETP2 with it second. Their table entries once read the bank and
/// offset from wrong bits (the prober matched `c[B] [O]`'s bank alone):
/// HFMA2 was refused, HSETP2 read another constant. Small integer halves:
/// every result is exact.
/// `HMUL2.F32 Rd, Ra.H0_H0, 0.5, 0.5`: NVVM folds `f32(h) * 0.5` into it
/// (Numba's `np.float32(h) / 2`), an `f32` product of the widened half
/// and the immediate, exact in `f32`. Patched over the kernel's
/// `HADD2.F32 R0, R2.H0_H0, -RZ.H0_H0` (keeping its registers and control
/// bits), so that with the FMUL by 0.5 after it the kernel computes h / 4,
/// for every `f16` h. Before, `.F32` on HMUL2 was refused.
#[test]
fn hmul2_f32_with_an_immediate_pair() {
    assert_form("half_f32", "HADD2.F32", &[".H0_H0, -RZ.H0_H0"]);
    assert_form("half_f32", "FMUL", &[", 0.5"]);
    // Numba's word, `HMUL2.F32 R0, R0.H0_H0, 0.5, 0.5`.
    let hmul = 0x004fd000000048003800380000007832u128;
    let keep = (0xffffu128 << 16) | (((1u128 << 23) - 1) << 105);
    let is_hadd = |w: u128| w & 0xfff == 0x230 && (w >> 32) & 0xff == 0xff;
    let orig = code("half_f32")
        .into_iter()
        .find(|&w| is_hadd(w))
        .expect("HADD2.F32 word");
    let patch = orig ^ ((orig & keep) | (hmul & !keep));
    let (_, m) = patched("half_f32", is_hadd, patch);
    let m = m.expect("HMUL2.F32 lifts");
    let halves: Vec<u16> = (0..=u16::MAX).collect();
    let inp: Vec<u8> = halves.iter().flat_map(|h| h.to_le_bytes()).collect();
    let args = [ArgSpec::Zeros(4 << 16), ArgSpec::Bytes(inp)];
    for e in ENGINES {
        let out = run(&m, "half_f32", e, 256, 256, &args);
        for (&h, got) in halves.iter().zip(words(&out[0])) {
            let got = f32::from_bits(got);
            let want = (common::half_to_f64(h) / 4.0) as f32;
            assert!(
                got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan()),
                "half_f32 ({e}): h = {h:#06x}: {got:e}, want {want:e}"
            );
        }
    }
}

#[test]
fn packed_half_constant_bank_operands() {
    assert_form("half_cbank", "HFMA2", &[", c[0x0] [0x170]"]);
    assert_form("half_cbank", "HFMA2", &[", c[0x0] [0x174], R"]);
    assert_form("half_cbank", "HMUL2", &["c[0x0] [0x174]"]);
    assert_form("half_cbank", "HADD2", &["c[0x0] [0x170]"]);
    assert_form("half_cbank", "HSETP2", &["c[0x0] [0x170]"]);
    let m = module();
    let (p, q) = ((2.0f32, 0.5f32), (-1.0f32, 3.0f32));
    let val = |i: usize, k: usize| ((i * 7 + k * 3) % 9) as f32 - 4.0;
    let mut inp = Vec::new();
    let mut want = Vec::new();
    let mut lt = Vec::new();
    for i in 0..64 {
        let (x, y) = ((val(i, 0), val(i, 1)), (val(i, 2), val(i, 3)));
        inp.push(h2(x.0, x.1));
        inp.push(h2(y.0, y.1));
        let r6 = (x.0 * y.0 + p.0, x.1 * y.1 + p.1);
        let r7 = (x.0 * q.0 + y.0, x.1 * q.1 + y.1);
        want.extend([
            h2(r6.0, r6.1),
            h2(r7.0, r7.1),
            h2(r6.0 * q.0, r6.1 * q.1),
            h2(r7.0 + p.0, r7.1 + p.1),
        ]);
        lt.push(u32::from(x.0 < p.0) | u32::from(x.1 < p.1) << 1);
    }
    want.extend(lt);
    let args = [
        ArgSpec::Zeros(64 * 20),
        ArgSpec::Bytes(bytes32(&inp)),
        ArgSpec::U32(h2(p.0, p.1)),
        ArgSpec::U32(h2(q.0, q.1)),
    ];
    check_words(
        &m,
        "half_cbank",
        64,
        &args,
        &want,
        "f16x2 with parameter operands",
    );
}

/// PTX `bfind.u32` / `bfind.s32`.
fn bfind(x: u32, signed: bool) -> u32 {
    let v = if signed && (x as i32) < 0 { !x } else { x };
    if v == 0 {
        u32::MAX
    } else {
        31 - v.leading_zeros()
    }
}

/// Bug 6: `LEA R7, R2, -R3, 0x17` (the negation of b was ignored; powf's
/// exponent arithmetic), and the siblings `FLO.U32 R11, ~R3`, `FLO R13, ~R2`
/// (inverted source ignored) and `IMAD R15, R3, 0x10, -R2`.
#[test]
fn lea_negated_b_flo_inverted_imad_negated_c() {
    assert_form("lea_neg", "LEA", &[", -R", ", 0x17"]);
    assert_form("lea_neg", "FLO.U32", &["~R"]);
    assert_form("lea_neg", "FLO", &["~R"]);
    assert_form("lea_neg", "IMAD", &["0x10, -R"]);
    let m = module();
    let input = data32(256, 6);
    let want: Vec<u32> = (0..128usize)
        .flat_map(|t| {
            let (a, b) = (input[2 * t], input[2 * t + 1]);
            [
                (a << 23).wrapping_sub(b),
                (!a).count_ones(),
                bfind(!b, false),
                bfind(!a, true),
                (b << 4).wrapping_sub(a),
            ]
        })
        .collect();
    check_words(
        &m,
        "lea_neg",
        128,
        &[ArgSpec::Zeros(128 * 20), ArgSpec::Bytes(bytes32(&input))],
        &want,
        "",
    );
}

/// Edge-weighted 64-bit values.
fn edges64() -> Vec<u64> {
    let mut v = vec![
        0u64,
        1,
        2,
        3,
        7,
        10,
        u64::MAX,
        u64::MAX - 1,
        i64::MIN as u64,
        i64::MAX as u64,
        (i64::MIN + 1) as u64,
        1 << 32,
        (1 << 32) - 1,
        (1 << 32) + 1,
        1 << 31,
        (1 << 31) - 1,
        1 << 40,
        (1 << 62) + 12345,
        (-3i64) as u64,
        (-(1i64 << 32)) as u64,
        12_345_678_901_234,
        0xdead_beef_cafe_f00d,
    ];
    let mut r = Rng::new(7);
    for _ in 0..10 {
        v.push(r.next());
    }
    v
}

/// Bug 5 (carries): `mul.hi.u64` is `IMAD.WIDE.U32 R10, P0, R4, R7, R8`
/// (carry out never written) and `IMAD.WIDE.U32.X R4, R5, R7, R12, P0`
/// (carry in ignored).
#[test]
fn mul_hi_u64_wide_carries() {
    assert_form("mulhi64", "IMAD.WIDE.U32", &[", P0, R"]);
    assert_form("mulhi64", "IMAD.WIDE.U32.X", &[", P0"]);
    let m = module();
    let e64 = edges64();
    let mut pairs = Vec::new();
    for &a in &e64 {
        for &b in e64.iter().step_by(3) {
            pairs.push((a, b));
        }
    }
    pairs.truncate(256);
    let input: Vec<u64> = pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
    let want: Vec<u64> = pairs
        .iter()
        .map(|&(a, b)| ((u128::from(a) * u128::from(b)) >> 64) as u64)
        .collect();
    for e in ENGINES {
        let out = run(
            &m,
            "mulhi64",
            e,
            1,
            pairs.len() as u32,
            &[
                ArgSpec::Zeros(pairs.len() as u64 * 16),
                ArgSpec::Bytes(bytes64(&input)),
            ],
        );
        // The kernel stores with the input's 16-byte stride.
        let got: Vec<u64> = dwords(&out[0]).into_iter().step_by(2).collect();
        assert_eq!(got, want, "{e}");
    }
}

/// Bug 5: 64-bit `/` and `%` (PTX `div/rem.{u64,s64}`): `IMAD.X R23, RZ, RZ,
/// ~R17, P0` (computed `-c` instead of `~c`), `IMAD.HI.U32 R16, P1, ...`
/// and `IMAD.WIDE.U32 R16, P0, ...` (carry outs never written). Results are
/// PTX's: unsigned, and signed truncating with wrapping (`MIN / -1 = MIN`,
/// `MIN % -1 = 0`); division by zero is unspecified and skipped.
#[test]
fn div_rem_64() {
    assert_form("div64", "IMAD.X", &["~R"]);
    assert_form("div64", "IMAD.HI.U32", &[", P1, R"]);
    assert_form("div64", "IMAD.WIDE.U32", &[", P0, R"]);
    let m = module();
    let e64 = edges64();
    let mut pairs: Vec<(u64, u64)> = Vec::new();
    for &a in &e64 {
        for &b in &e64 {
            pairs.push((a, b));
        }
    }
    let mut r = Rng::new(11);
    for _ in 0..512 {
        // Random magnitudes, so that both the 32-bit fast path and the
        // 64-bit path run with small and large quotients.
        let a = r.next() >> (r.next() % 64);
        let b = r.next() >> (r.next() % 64);
        let s = r.next();
        let a = if s & 1 == 1 { a.wrapping_neg() } else { a };
        let b = if s & 2 == 2 { b.wrapping_neg() } else { b };
        pairs.push((a, b));
    }
    let n = pairs.len();
    let input: Vec<u64> = pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
    let block = 128u32;
    let grid = (n as u32).div_ceil(block);
    for e in ENGINES {
        let out = run(
            &m,
            "div64",
            e,
            grid,
            block,
            &[
                ArgSpec::Zeros(n as u64 * 32),
                ArgSpec::Bytes(bytes64(&input)),
                ArgSpec::U32(n as u32),
            ],
        );
        let got = dwords(&out[0]);
        for (i, &(a, b)) in pairs.iter().enumerate() {
            if b == 0 {
                continue;
            }
            let (sa, sb) = (a as i64, b as i64);
            let want = [
                a / b,
                a % b,
                sa.wrapping_div(sb) as u64,
                sa.wrapping_rem(sb) as u64,
            ];
            assert_eq!(
                &got[4 * i..4 * i + 4],
                &want,
                "{e}: {a:#x} / {b:#x} (u64 div, rem, s64 div, rem)"
            );
        }
    }
}

/// `kernel` with its first word `pick` selects patched by `patch`, loaded.
fn patched(
    kernel: &str,
    pick: impl Fn(u128) -> bool,
    patch: u128,
) -> (u64, Result<Module, String>) {
    patched_in(cubin(), kernel, pick, patch)
}

/// [`patched`] for a kernel of another cubin.
fn patched_in(
    mut bytes: Vec<u8>,
    kernel: &str,
    pick: impl Fn(u128) -> bool,
    patch: u128,
) -> (u64, Result<Module, String>) {
    let c = xisa_sm75::loader::load(&bytes).expect("load");
    let k = c.kernels.iter().find(|k| k.name == kernel).expect("kernel");
    let i = k
        .code
        .chunks_exact(16)
        .map(|b| u128::from_le_bytes(b.try_into().unwrap()))
        .position(pick)
        .unwrap_or_else(|| panic!("{kernel}: no word to patch"));
    let at = k.code_offset as usize + 16 * i;
    let w = u128::from_le_bytes(bytes[at..at + 16].try_into().unwrap()) ^ patch;
    bytes[at..at + 16].copy_from_slice(&w.to_le_bytes());
    // A kernel that cannot be lifted fails alone: ask for it.
    let m = Module::from_bytes(&bytes, kernel, None)
        .and_then(|m| m.kernel(kernel).map(|_| ()).map(|()| m))
        .map_err(|e| e.to_string());
    (16 * i as u64, m)
}

/// A refusal case: kernel, which word to patch, bits to flip, expected text.
type Refusal = (&'static str, fn(u128) -> bool, u128, &'static str);

/// Forms the lifter does not implement are refused with an error naming the
/// instruction, the form and the pc (never dropped or guessed).
#[test]
fn unknown_forms_are_refused() {
    let cases: [Refusal; 4] = [
        // `LDG.SYS R7, [R0.U32+UR6]` without .E: 32-bit global addressing.
        (
            "g_u32ur",
            |w| w & 0xfff == 0x981,
            1 << 72,
            "32-bit global address (no .E)",
        ),
        // `IMAD.WIDE.U32 R10, P0, R4, R7, -R8`: negated 64-bit C.
        (
            "mulhi64",
            |w| w & 0xfff == 0x225 && (w >> 81) & 7 != 7,
            1 << 75,
            "(form IMAD.WIDE:IMAD_WIDE_F1_X0) with a negated C operand (-c) and a carry",
        ),
        // `LEA.HI.X.SX32 R5, ~R0, c[0x0][0x16c], 0x2, P0`.
        (
            "lea_sx32",
            |w| w & 0x1ff == 0x011 && (w >> 80) & 1 == 1,
            1 << 72,
            "with a negated first operand (~a)",
        ),
        // `STS` with bit 91 on an opcode without a UR form (0x388; the UR
        // form is 0x988): nvdisasm rejects the word, and so does the decoder.
        (
            "lds_ur",
            |w| w & 0xfff == 0x388,
            1 << 91,
            "opcode 0x388 (the decoder rejects the word",
        ),
    ];
    for (kernel, pick, patch, what) in cases {
        assert_refused(kernel, patched(kernel, pick, patch), what);
    }
}

/// Memory forms are lifted from their decoded fields, and every field is
/// read: a modifier or operand the lifter does not implement is refused
/// with the form and the field, not dropped (before, the lifter read the
/// bits it knew and ignored the rest: `LDG.ZD`, a predicated load, lifted
/// as a plain load, and `LDC.IL` as a plain `LDC`).
#[test]
fn unread_fields_are_refused() {
    let cases: [Refusal; 6] = [
        // ALU instructions are read from their syntax: ISETP's low-word
        // predicate (`, !PT`) without `.EX`.
        (
            "lds_ur",
            |w| w & 0xfff == 0xc0c || w & 0xfff == 0x60c,
            1 << 71,
            "!PT ; (form ISETP:ISETP_F6): a low-word predicate without .EX is not lifted",
        ),
        // MOV's lane mask (printed when not 0xf).
        (
            "div64",
            |w| w & 0xfff == 0x802,
            1 << 72,
            "lane mask 0xe is not lifted",
        ),
        // `LDG.E.ZD` (bit 87): zero the destination under a predicate.
        (
            "g_u32ur",
            |w| w & 0xfff == 0x981,
            1 << 87,
            "(form LDG:LDG_UR1): field `zd` = `.ZD` is not lifted",
        ),
        // `LDG ..., [R], P6`: a predicate input ([64, 68)).
        (
            "lds_ur",
            |w| w & 0xfff == 0x381,
            1 << 64,
            "field `pz` = `P6` is not lifted",
        ),
        // `LDS.U.ZD`.
        (
            "lds_ur",
            |w| w & 0xfff == 0x984,
            1 << 87,
            "(form LDS:LDS_UR): field `zd` = `.ZD` is not lifted",
        ),
        // `STG.E.PRIVATE`.
        (
            "lds_ur",
            |w| w & 0xfff == 0x386,
            1 << 76,
            "field `private` = `.PRIVATE` is not lifted",
        ),
    ];
    for (kernel, pick, patch, what) in cases {
        assert_refused(kernel, patched(kernel, pick, patch), what);
    }
    // `LDC.IL R0, c[0x3][R0]` (index mode, bits [78, 80)).
    let bytes = common::fixture("tests/cuda/globals.cubin");
    assert_refused(
        "scaled",
        patched_in(bytes, "scaled", |w| w & 0xfff == 0xb82, 1 << 78),
        "LDC.IL R0, c[0x3][R0] ; (form LDC:LDC): field `mode` = `IL` is not lifted",
    );
}

/// I2IP (`cvt.pack.sat`, lifted and checked by the PTX sweep) keeps only
/// the third-source forms ptxas writes: `.H1` on an 8-bit pack and a
/// register in a 16-bit one have no documented meaning and are refused with
/// the form named, never read as the plain ones.
#[test]
fn i2ip_undocumented_third_sources_are_refused() {
    let cvt = || common::fixture("../../tests/ptx_sweep/out/cvt.cubin");
    let i2ip = |w: u128| w & 0xfff == 0x239;
    assert_refused(
        "cvt_566_cvt_pack_sat_u8_s32_b32",
        patched_in(cvt(), "cvt_566_cvt_pack_sat_u8_s32_b32", i2ip, 1 << 72),
        "I2IP.U8.S32.SAT R11, R4, R7, R8.H1 ; (form I2IP:239_0): operand 3 (`R8.H1`): the suffix .H1 is not lifted",
    );
    assert_refused(
        "cvt_572_cvt_pack_sat_u16_s32",
        patched_in(cvt(), "cvt_572_cvt_pack_sat_u16_s32", i2ip, 0xf7 << 64),
        "a 16-bit pack with a third source other than RZ",
    );
}

/// A patched kernel was refused with `what` and its pc in the error.
fn assert_refused(kernel: &str, (pc, m): (u64, Result<Module, String>), what: &str) {
    let Err(err) = m else {
        panic!("{kernel}: patched form lifted")
    };
    assert!(err.contains(what), "{kernel}: {err}");
    assert!(err.contains(&format!("pc {pc:#x}")), "{kernel}: {err}");
}

/// `.SAT` clamps to [+0, 1]: a -0 result (`-1 * +0`, `-0 + -0`, `2 * -0`)
/// gives +0, as CUDA's `__saturatef` and the `max(x, 0)` that ptxas folds
/// into `.SAT` do; the IR's saturating conversion kept -0 (found by a sweep
/// of new OpenCL kernels: `fmin(fmax(a * b, 0), 1)` gave -0 on sm_75 and
/// +0 on POCL and gfx942).
#[test]
fn saturated_negative_zero_is_positive_zero() {
    use half::f16;
    for op in ["FMUL.SAT", "FADD.SAT", "FFMA.SAT", "HMUL2.SAT", "HADD2.SAT"] {
        assert_form("sat_negzero", op, &[]);
    }
    let m = module();
    let sat = |x: f32| {
        if x.is_nan() || x <= 0.0 {
            0.0
        } else {
            x.min(1.0)
        }
    };
    let vals = [-1.0f32, -0.0, 0.0, 2.0, 0.5, -3.0, 0.75, 1.5];
    let hsat = |x: f32| f16::from_f32(sat(f16::from_f32(x).to_f32())).to_bits() as u32;
    let mut inp = Vec::new();
    let mut want = Vec::new();
    for t in 0..128usize {
        let (a, b) = if t < 64 {
            // f32 operands (their halves are whatever the bits say).
            let a = vals[t % 8];
            let b = vals[(t / 8) % 8];
            (a.to_bits(), b.to_bits())
        } else {
            // f16 pairs (their f32 reading is whatever the bits say).
            let u = t - 64;
            (
                h2(vals[u % 8], vals[(u / 8) % 8]),
                h2(vals[(u / 8) % 8], vals[u % 8]),
            )
        };
        inp.extend([a, b]);
        let (fa, fb) = (f32::from_bits(a), f32::from_bits(b));
        let half = |w: u32, hi: bool| f16::from_bits((w >> (16 * hi as u32)) as u16).to_f32();
        let pair = |f: &dyn Fn(f32, f32) -> f32| {
            hsat(f(half(a, false), half(b, false))) | hsat(f(half(a, true), half(b, true))) << 16
        };
        want.extend([
            sat(fa * fb).to_bits(),
            sat(fa + fb).to_bits(),
            sat(fa.mul_add(fb, fb)).to_bits(),
            pair(&|x, y| x * y),
            pair(&|x, y| x + y),
        ]);
    }
    check_words(
        &m,
        "sat_negzero",
        128,
        &[ArgSpec::Zeros(128 * 20), ArgSpec::Bytes(bytes32(&inp))],
        &want,
        "saturated -0",
    );
}

/// `LEA Rlo, P0, -a, c, 0x10` + `IMAD.X Rhi, RZ, RZ, ~(a >> 16), P0`:
/// ptxas's `c - ((u64)a << 16)`; the carry out of `c + ~(a << 16) + 1`
/// (a = 0 carries) makes the high word. Once refused (a CUDA sweep:
/// `(unsigned long long)__ffsll(x) << 16`).
#[test]
fn lea_negated_a_with_carry_out() {
    assert_form("lea_neg_carry", "LEA", &["P0, -R", ", 0x400000, 0x10"]);
    assert_form("lea_neg_carry", "LEA", &["P1, -R", ", 0x7fff0000, 0x10"]);
    let m = module();
    let mut input: Vec<u64> = data32(256, 9)
        .chunks(2)
        .map(|w| w[0] as u64 | (w[1] as u64) << 32)
        .collect();
    // clz 64 and popc 0 (a zero shifted value must carry), clz 0, popc 64.
    input[0] = 0;
    input[1] = u64::MAX;
    input[2] = 1 << 63;
    let mut want = vec![0u64; 256];
    for (t, &x) in input.iter().enumerate() {
        want[t] = 0x40_0000u64.wrapping_sub((x.leading_zeros() as u64) << 16);
        want[128 + t] = 0x7fff_0000u64.wrapping_sub((x.count_ones() as u64) << 16);
    }
    let words: Vec<u32> = want
        .iter()
        .flat_map(|&v| [v as u32, (v >> 32) as u32])
        .collect();
    let inp: Vec<u32> = input
        .iter()
        .flat_map(|&v| [v as u32, (v >> 32) as u32])
        .collect();
    check_words(
        &m,
        "lea_neg_carry",
        128,
        &[ArgSpec::Zeros(256 * 8), ArgSpec::Bytes(bytes32(&inp))],
        &words,
        "c - (a << 16)",
    );
}
