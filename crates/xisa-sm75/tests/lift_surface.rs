//! Surface lifting: SULD.D/SUST.D/SURED.D from ptxas (`tests/ptx/surf.ptx`)
//! and SUATOM.D (no PTX spelling: hand-encoded words patched into a ptxas
//! kernel) on both engines, against a Rust model of the surface descriptor
//! (`runtime::surface` layout: base, width in bytes, height, depth, row and
//! slice pitch) and of the out-of-range modes (IGN: loads 0, stores and
//! atomics dropped; CLAMP: coordinates clamped to the edge; TRAP: the launch
//! fails). Also the shared-memory `ATOMS.CAST.SPIN` loop ptxas emits for
//! `atom.shared.add.f64` (`tests/ptx/satom.ptx`).

mod common;

use std::path::PathBuf;

use common::{half_to_f64, ENGINES};
use xisa::{ArgSpec, Device, Engine, LaunchOptions, Module};
use xisa_testkit::le_values;

fn cubin(name: &str) -> Vec<u8> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/ptx")
        .join(format!("{name}.cubin"));
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Dim {
    D1,
    D1Array,
    D2,
    D2Array,
    D3,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Oob {
    Ign,
    Clamp,
    Trap,
}

/// The test surface: 6 × 3 × 2 elements of `elem` bytes (row pitch 128,
/// slice pitch 512) over a 1 KiB buffer.
#[derive(Clone, Copy)]
struct Surf {
    width: u32,
    height: u32,
    depth: u32,
    row_pitch: u32,
    slice_pitch: u32,
}

const MEM: usize = 1024;

impl Surf {
    fn new(elem: u32) -> Surf {
        Surf {
            width: 6 * elem,
            height: 3,
            depth: 2,
            row_pitch: 128,
            slice_pitch: 512,
        }
    }

    fn desc(&self, base: u64) -> Vec<u8> {
        let mut d = Vec::with_capacity(32);
        d.extend(base.to_le_bytes());
        for v in [
            self.width,
            self.height,
            self.depth,
            self.row_pitch,
            self.slice_pitch,
            0,
        ] {
            d.extend(v.to_le_bytes());
        }
        d
    }

    /// Byte offset of a `len`-byte access at (x bytes, y, z), `Ok(None)` when
    /// ignored, `Err` when it traps.
    fn resolve(
        &self,
        dim: Dim,
        oob: Oob,
        x: i64,
        y: i64,
        z: i64,
        len: u32,
    ) -> Result<Option<u64>, ()> {
        let uses_y = matches!(dim, Dim::D2 | Dim::D2Array | Dim::D3);
        let uses_z = matches!(dim, Dim::D1Array | Dim::D2Array | Dim::D3);
        let (y, z) = (if uses_y { y } else { 0 }, if uses_z { z } else { 0 });
        let (w, h, d) = (
            i64::from(self.width),
            if uses_y { i64::from(self.height) } else { 1 },
            if uses_z { i64::from(self.depth) } else { 1 },
        );
        let len = i64::from(len);
        let inside = x >= 0 && x + len <= w && (0..h).contains(&y) && (0..d).contains(&z);
        let (x, y, z) = if inside {
            (x, y, z)
        } else {
            match oob {
                Oob::Ign => return Ok(None),
                Oob::Trap => return Err(()),
                Oob::Clamp => (x.clamp(0, w - len), y.clamp(0, h - 1), z.clamp(0, d - 1)),
            }
        };
        Ok(Some(
            (z * i64::from(self.slice_pitch) + y * i64::from(self.row_pitch) + x) as u64,
        ))
    }
}

/// Initial surface bytes.
fn fill() -> Vec<u8> {
    (0..MEM).map(|i| (i * 37 + 11) as u8).collect()
}

struct Launch {
    block: [u32; 3],
    dx: i32,
    dy: i32,
    dz: i32,
    v: u32,
}

/// Runs `kernel` of module `m` on a fresh surface; returns (out buffer,
/// surface bytes) or the launch error.
fn launch(
    m: &Module,
    kernel: &str,
    engine: Engine,
    surf: &Surf,
    l: &Launch,
) -> Result<(Vec<u8>, Vec<u8>), String> {
    let dev = Device::new().expect("device");
    let base = dev.upload(&fill()).expect("upload");
    let desc = dev.upload(&surf.desc(base)).expect("desc");
    let lanes = (l.block[0] * l.block[1] * l.block[2]) as u64;
    let opts = LaunchOptions {
        grid: [1, 1, 1],
        block: l.block,
        engine,
        threads: 1,
        ..LaunchOptions::default()
    };
    let args = [
        ArgSpec::U64(xisa::surface_handle(desc).expect("handle")),
        ArgSpec::Zeros(lanes * 8),
        ArgSpec::I32(l.dx),
        ArgSpec::I32(l.dy),
        ArgSpec::I32(l.dz),
        ArgSpec::U32(l.v),
    ];
    let rep = dev
        .launch(m, kernel, &opts, &args)
        .map_err(|e| e.to_string())?;
    let out = rep.buffers[1].as_ref().expect("out buffer");
    let o = dev.read(out.addr, out.len as usize).expect("read out");
    let s = dev.read(base, MEM).expect("read surface");
    Ok((o, s))
}

/// Lanes in launch order with their (x elements, y, z) coordinates.
fn lanes(l: &Launch) -> Vec<(usize, i64, i64, i64)> {
    let mut v = Vec::new();
    for tz in 0..l.block[2] {
        for ty in 0..l.block[1] {
            for tx in 0..l.block[0] {
                let lane = ((tz * l.block[1] + ty) * l.block[0] + tx) as usize;
                v.push((
                    lane,
                    i64::from(tx as i32 + l.dx),
                    i64::from(ty as i32 + l.dy),
                    i64::from(tz as i32 + l.dz),
                ));
            }
        }
    }
    v
}

fn rd(mem: &[u8], off: u64, len: usize) -> u64 {
    let mut b = [0u8; 8];
    b[..len].copy_from_slice(&mem[off as usize..off as usize + len]);
    u64::from_le_bytes(b)
}

fn wr(mem: &mut [u8], off: u64, len: usize, v: u64) {
    mem[off as usize..off as usize + len].copy_from_slice(&v.to_le_bytes()[..len]);
}

/// What a kernel of `surf.ptx` does per lane.
#[derive(Clone, Copy)]
enum Kind {
    Load,
    Store,
    /// A reduction: new = f(old, value(lane)).
    Red(fn(u64, u64) -> u64, fn(usize, u32) -> u64),
}

fn check_ptx(kernel: &str, dim: Dim, oob: Oob, elem: u32, kind: Kind, l: &Launch) {
    let m = Module::from_bytes(&cubin("surf"), "surf", None).expect("surf module");
    let s = Surf::new(elem);
    // The model.
    let mut mem = fill();
    let mut out = vec![0u64; lanes(l).len()];
    let mut traps = false;
    for (lane, x, y, z) in lanes(l) {
        let len = elem.min(8) as usize;
        match s.resolve(dim, oob, x * i64::from(elem), y, z, elem) {
            Err(()) => traps = true,
            Ok(None) => {}
            Ok(Some(off)) => match kind {
                Kind::Load => out[lane] = rd(&mem, off, len),
                Kind::Store => {
                    if elem == 16 {
                        for (i, w) in [l.v, l.v + 1, l.v + 2, lane as u32].into_iter().enumerate() {
                            wr(&mut mem, off + 4 * i as u64, 4, u64::from(w));
                        }
                    } else {
                        wr(&mut mem, off, len, u64::from(l.v));
                    }
                }
                Kind::Red(f, val) => {
                    let old = rd(&mem, off, len);
                    let mask = if len == 8 { u64::MAX } else { 0xffff_ffff };
                    wr(&mut mem, off, len, f(old, val(lane, l.v)) & mask);
                }
            },
        }
    }
    for e in ENGINES {
        let r = launch(&m, kernel, e, &s, l);
        if traps {
            let err = r.expect_err(&format!("{kernel} ({e}): an out-of-range access must trap"));
            assert!(
                err.contains("surface") || err.contains("bounds") || err.contains("fault"),
                "{kernel} ({e}): {err}"
            );
            continue;
        }
        let (o, smem) = r.unwrap_or_else(|err| panic!("{kernel} ({e}): {err}"));
        if matches!(kind, Kind::Load) {
            let got: Vec<u64> = le_values(&o);
            assert_eq!(got, out, "{kernel} ({e}): loaded values");
        }
        assert!(
            smem == mem,
            "{kernel} ({e}): surface contents differ from the model"
        );
    }
}

fn launch2d(dx: i32, dy: i32) -> Launch {
    Launch {
        block: [8, 4, 1],
        dx,
        dy,
        dz: 0,
        v: 0x9e37_79b9,
    }
}

/// Every out-of-range mode and the name the kernels give it.
const OOB_MODES: [(Oob, &str); 3] = [
    (Oob::Ign, "zero"),
    (Oob::Clamp, "clamp"),
    (Oob::Trap, "trap"),
];

/// A 2D launch in range only: traps nowhere.
fn inside2d() -> Launch {
    Launch {
        block: [6, 3, 1],
        ..launch2d(0, 0)
    }
}

#[test]
fn suld_sust_2d_all_modes() {
    for (oob, name) in OOB_MODES {
        for l in [launch2d(-1, 0), launch2d(0, -1), launch2d(0, 0), inside2d()] {
            check_ptx(&format!("suld_2d_{name}"), Dim::D2, oob, 4, Kind::Load, &l);
            check_ptx(&format!("sust_2d_{name}"), Dim::D2, oob, 4, Kind::Store, &l);
        }
    }
}

#[test]
fn sured_2d_all_modes() {
    let add: fn(u64, u64) -> u64 = |a, b| a.wrapping_add(b);
    let lane_plus_v: fn(usize, u32) -> u64 = |lane, v| u64::from(v.wrapping_add(lane as u32));
    for (oob, name) in OOB_MODES {
        for l in [launch2d(-1, 0), launch2d(0, 1), inside2d()] {
            check_ptx(
                &format!("sured_add_2d_{name}"),
                Dim::D2,
                oob,
                4,
                Kind::Red(add, lane_plus_v),
                &l,
            );
        }
    }
}

#[test]
fn sured_ops_and_types() {
    let lane_times_v: fn(usize, u32) -> u64 = |lane, v| u64::from((lane as u32).wrapping_mul(v));
    type F = fn(u64, u64) -> u64;
    let cases: [(&str, F); 6] = [
        ("sured_min_s32", |a, b| {
            (a as u32 as i32).min(b as u32 as i32) as u32 as u64
        }),
        ("sured_max_u32", |a, b| a.max(b)),
        ("sured_and_b32", |a, b| a & b),
        ("sured_or_b32", |a, b| a | b),
        ("sured_min_u32", |a, b| a.min(b)),
        ("sured_max_s32", |a, b| {
            (a as u32 as i32).max(b as u32 as i32) as u32 as u64
        }),
    ];
    for (k, f) in cases {
        check_ptx(
            k,
            Dim::D2,
            Oob::Clamp,
            4,
            Kind::Red(f, lane_times_v),
            &launch2d(-1, 1),
        );
    }
    let add: F = |a, b| a.wrapping_add(b);
    check_ptx(
        "sured_add_u64",
        Dim::D2,
        Oob::Ign,
        8,
        Kind::Red(add, |lane, v| lane as u64 + u64::from(v) * u64::from(v)),
        &launch2d(-1, 0),
    );
}

#[test]
fn other_dimensions_and_sizes() {
    let l3 = Launch {
        block: [8, 4, 3],
        dx: -1,
        dy: 0,
        dz: 0,
        v: 0x1234_5678,
    };
    check_ptx(
        "suld_1d_clamp",
        Dim::D1,
        Oob::Clamp,
        4,
        Kind::Load,
        &launch2d(-2, 0),
    );
    check_ptx(
        "sust_1d_zero",
        Dim::D1,
        Oob::Ign,
        4,
        Kind::Store,
        &launch2d(-2, 0),
    );
    check_ptx("suld_3d_zero", Dim::D3, Oob::Ign, 4, Kind::Load, &l3);
    check_ptx("sust_3d_clamp", Dim::D3, Oob::Clamp, 4, Kind::Store, &l3);
    check_ptx("suld_a1d_zero", Dim::D1Array, Oob::Ign, 4, Kind::Load, &l3);
    check_ptx(
        "suld_a2d_clamp",
        Dim::D2Array,
        Oob::Clamp,
        4,
        Kind::Load,
        &l3,
    );
    check_ptx(
        "sust_a2d_trap",
        Dim::D2Array,
        Oob::Trap,
        4,
        Kind::Store,
        &l3,
    );
    let inside = Launch {
        block: [6, 3, 2],
        dx: 0,
        ..l3
    };
    check_ptx(
        "sust_a2d_trap",
        Dim::D2Array,
        Oob::Trap,
        4,
        Kind::Store,
        &inside,
    );
    check_ptx(
        "suld_b64_clamp",
        Dim::D2,
        Oob::Clamp,
        8,
        Kind::Load,
        &launch2d(-1, 1),
    );
    check_ptx(
        "sust_v4_zero",
        Dim::D2,
        Oob::Ign,
        16,
        Kind::Store,
        &launch2d(0, 0),
    );
}

#[test]
fn shared_f64_add_via_cast_spin() {
    let m = Module::from_bytes(&cubin("satom"), "satom", None).expect("satom");
    let n = 96u32;
    for e in ENGINES {
        let dev = Device::new().expect("device");
        let opts = LaunchOptions {
            grid: [1, 1, 1],
            block: [n, 1, 1],
            engine: e,
            threads: 1,
            ..LaunchOptions::default()
        };
        let rep = dev
            .launch(
                &m,
                "shared_fadd_f64",
                &opts,
                &[ArgSpec::Zeros(u64::from(n + 1) * 8)],
            )
            .unwrap_or_else(|err| panic!("{e}: {err}"));
        let b = rep.buffers[0].as_ref().unwrap();
        let v: Vec<f64> = le_values(&dev.read(b.addr, b.len as usize).unwrap());
        let add = |t: u32| f64::from(t) + 0.5;
        let total: f64 = (0..n).map(add).sum();
        assert_eq!(v[n as usize], total, "{e}: final sum");
        // The old values chain: sorted, each is the previous plus that lane's addend.
        let mut olds: Vec<(f64, u32)> = (0..n).map(|t| (v[t as usize], t)).collect();
        olds.sort_by(|a, b| a.0.total_cmp(&b.0));
        assert_eq!(olds[0].0, 0.0, "{e}");
        for w in olds.windows(2) {
            assert_eq!(w[1].0, w[0].0 + add(w[0].1), "{e}: old values chain");
        }
    }
}

// ---------------------------------------------------------------- SUATOM

/// A 128-bit instruction word from its two 64-bit halves.
fn word(hi: u64, lo: u64) -> u128 {
    (u128::from(hi) << 64) | u128::from(lo)
}

/// Sets bits `[lo, lo + n)` of `w` to `v`.
fn set(w: u128, lo: u32, n: u32, v: u64) -> u128 {
    let m = ((1u128 << n) - 1) << lo;
    (w & !m) | ((u128::from(v) << lo) & m)
}

// Templates (ptxas output for surf.ptx, see its nvdisasm listing).
const S2R_TID_X: u128 = 0x000e_2800_0000_2100_0000_0000_0003_7919; // S2R R3, SR_TID.X
const S2R_TID_Y: u128 = 0x000e_6200_0000_2200_0000_0000_0002_7919; // S2R R2, SR_TID.Y
const IADD3_CBUF: u128 = 0x001f_e400_07ff_e0ff_0000_5c00_0300_7a10; // IADD3 R0, R3, c[0x0][0x170], RZ
const SHF_L: u128 = 0x000f_cc00_0000_06ff_0000_0002_0004_7819; // SHF.L.U32 R4, R0, 0x2, RZ
const MOV_IMM: u128 = 0x000f_c600_0000_0f00_0000_0008_0007_7802; // MOV R7, 0x8
const MOV_CBUF: u128 = 0x000f_e400_0000_0f00_0000_0a00_0001_7a02; // MOV R1, c[0x0][0x28]
const IMAD_CBUF: u128 = 0x000f_c800_078e_0203_0000_0000_0000_7a24; // IMAD R0, R0, c[0x0][0x0], R3
const IMAD_WIDE: u128 = 0x000f_d000_078e_0007_0000_5a00_0002_7625; // IMAD.WIDE.U32 R2, R0, R7, c[0x0][0x168]
const STG64: u128 = 0x020f_e200_0010_eb00_0000_0004_0200_7386; // STG.E.64.SYS [R2], R4
const EXIT: u128 = 0x000f_ea00_0380_0000_0000_0000_0000_794d;

fn iadd3_cbuf(rd: u64, ra: u64, off: u64) -> u128 {
    set(set(set(IADD3_CBUF, 16, 8, rd), 24, 8, ra), 38, 16, off)
}

fn mov_imm(rd: u64, v: u32) -> u128 {
    set(set(MOV_IMM, 16, 8, rd), 32, 32, u64::from(v))
}

/// One SUATOM variant under test.
#[derive(Clone, Copy, Debug)]
struct Suatom {
    /// 0x593 (handle in c[0][0x160]), 0x595 (.CAS), 0x394 (handle in R14:R15).
    opcode: u16,
    /// With the predicate output (P0) or without (PT).
    pred: bool,
    op: u64,
    ty: u64,
    oob: u64,
    ba: bool,
}

impl Suatom {
    fn elem(&self) -> u32 {
        let wide = if self.opcode == 0x595 {
            self.ty == 2
        } else {
            matches!(self.ty, 2 | 5 | 7)
        };
        if wide {
            8
        } else {
            4
        }
    }

    fn word(&self) -> u128 {
        let mut w = word(0x000e_2200_0000_0000, u64::from(self.opcode) | 0x7000);
        w = set(w, 16, 8, 12); // Rd = R12 (pair R12:R13)
        w = set(w, 24, 8, 4); // coordinates R4 (x), R5 (y)
        w = set(w, 32, 8, 8); // data R8.. (R8:R9, CAS new value R9 or R10:R11)
        if self.opcode == 0x394 {
            w = set(w, 64, 8, 14); // handle pair R14:R15
        } else {
            w = set(w, 40, 14, 0x58); // c[0x0][0x58 * 4] = the first parameter
            w = set(w, 54, 5, 0);
        }
        w = set(w, 59, 2, self.oob);
        w = set(w, 61, 3, 3); // 2D
        w = set(w, 72, 1, u64::from(self.ba));
        w = set(w, 73, 3, self.ty);
        w = set(w, 77, 2, 2); // GPU
        w = set(w, 79, 2, 2); // STRONG
        w = set(w, 81, 3, if self.pred { 0 } else { 7 });
        w = set(w, 84, 3, 1); // default eviction
        if self.opcode != 0x595 {
            w = set(w, 87, 4, self.op);
        }
        w
    }

    /// The kernel: lane (tx, ty) at x = tx + dx (elements; bytes with .BA),
    /// y = ty + dy, data R8 = tx + v (low word), R9 = 0x40 (high word or CAS
    /// new value), R10:R11 = (0x55, 0x66) (64-bit CAS new value); the returned
    /// R12:R13 goes to out[lane].
    fn program(&self) -> Vec<u128> {
        let sh = if self.ba {
            self.elem().trailing_zeros()
        } else {
            0
        };
        let mut p = vec![
            S2R_TID_X,
            S2R_TID_Y,
            iadd3_cbuf(0, 3, 0x170),
            iadd3_cbuf(5, 2, 0x174),
            set(SHF_L, 32, 32, u64::from(sh)),
            iadd3_cbuf(8, 3, 0x17c),
            mov_imm(9, 0x40),
            mov_imm(10, 0x55),
            mov_imm(11, 0x66),
            mov_imm(13, 0),
        ];
        if self.opcode == 0x394 {
            p.push(set(set(MOV_CBUF, 16, 8, 14), 38, 16, 0x160));
            p.push(set(set(MOV_CBUF, 16, 8, 15), 38, 16, 0x164));
        }
        p.push(self.word());
        p.push(set(IMAD_CBUF, 24, 8, 2)); // lane = ty * ntid.x + tx
        p.push(MOV_IMM);
        p.push(IMAD_WIDE);
        p.push(set(STG64, 32, 8, 12));
        p.push(EXIT);
        p
    }

    /// Model: (new stored value, returned value) for `old`, the lane's data.
    fn apply(&self, old: u64, lo: u32) -> Option<(u64, u64)> {
        let wide = self.elem() == 8;
        let data = if wide {
            u64::from(lo) | 0x40 << 32
        } else {
            u64::from(lo)
        };
        let mask = if wide { u64::MAX } else { 0xffff_ffff };
        if self.opcode == 0x595 {
            let (cmp, new) = if wide {
                (data, 0x55 | 0x66 << 32)
            } else {
                (data, 0x40)
            };
            return Some((if old == cmp { new } else { old }, old));
        }
        let signed = matches!(self.ty, 1 | 5);
        let sx = |v: u64| {
            if wide {
                v as i64
            } else {
                i64::from(v as u32 as i32)
            }
        };
        let new = match (self.op, self.ty) {
            (0, 3) => {
                let f = |x: f32| {
                    if x.is_subnormal() {
                        0.0f32.copysign(x)
                    } else {
                        x
                    }
                };
                let s = f(f(f32::from_bits(old as u32)) + f(f32::from_bits(data as u32)));
                u64::from(s.to_bits())
            }
            (0, 4) => {
                // Two f16 lanes, exact enough in f32 for these inputs? Use f64.
                let mut r = 0u64;
                for h in 0..2 {
                    let a = half_to_f64((old >> (16 * h)) as u16);
                    let b = half_to_f64((data >> (16 * h)) as u16);
                    r |= u64::from(to_half(a + b)) << (16 * h);
                }
                r
            }
            (8, 3) => data,
            (0, _) => old.wrapping_add(data),
            (1, _) if signed => sx(old).min(sx(data)) as u64,
            (1, _) => old.min(data),
            (2, _) if signed => sx(old).max(sx(data)) as u64,
            (2, _) => old.max(data),
            (3, _) => {
                if old >= data {
                    0
                } else {
                    old + 1
                }
            }
            (4, _) => {
                if old == 0 || old > data {
                    data
                } else {
                    old - 1
                }
            }
            (5, _) => old & data,
            (6, _) => old | data,
            (7, _) => old ^ data,
            (8, _) => data,
            _ => return None,
        };
        Some((new & mask, old))
    }
}

/// `f64` (exactly representable sums of two halves) to `f16`, round to
/// nearest even, by search over the finite halves.
fn to_half(x: f64) -> u16 {
    let sign = if x.is_sign_negative() { 0x8000 } else { 0 };
    let a = x.abs();
    let mut best = 0u16;
    for h in 0..0x7c00u16 {
        let d = (half_to_f64(h) - a).abs();
        let db = (half_to_f64(best) - a).abs();
        if d < db || (d == db && h & 1 == 0 && best & 1 == 1) {
            best = h;
        }
    }
    if a >= 65520.0 {
        best = 0x7c00;
    }
    sign | best
}

/// The `surf.cubin` kernel with the most code (the host of patched programs).
fn host() -> String {
    let c = xisa_sm75::loader::load(&cubin("surf")).expect("load");
    c.kernels
        .iter()
        .max_by_key(|k| k.code.len())
        .expect("kernels")
        .name
        .clone()
}

/// Patches `prog` over the code of `host` in `surf.cubin` (the rest becomes
/// NOPs, never reached) and loads it.
fn patched(prog: &[u128], host: &str) -> Result<Module, String> {
    let mut bytes = cubin("surf");
    let c = xisa_sm75::loader::load(&bytes).expect("load");
    let k = c
        .kernels
        .iter()
        .find(|k| k.name == host)
        .expect("host kernel");
    assert!(
        prog.len() * 16 <= k.code.len(),
        "program fits the host kernel"
    );
    let at = k.code_offset as usize;
    let nop: u128 = 0x000f_c000_0000_0000_0000_0000_0000_7918;
    for i in 0..k.code.len() / 16 {
        let w = prog.get(i).copied().unwrap_or(nop);
        bytes[at + 16 * i..at + 16 * i + 16].copy_from_slice(&w.to_le_bytes());
    }
    // A kernel that cannot be lifted fails alone: ask for it.
    let m = Module::from_bytes(&bytes, host, None).map_err(|e| e.to_string())?;
    m.kernel(host).map_err(|e| e.to_string())?;
    Ok(m)
}

/// Initial surface contents for a SUATOM case: finite floats for the float
/// types, and the expected compare value in every other cell for CAS.
fn suatom_init(s: &Suatom, surf: &Surf, l: &Launch) -> Vec<u8> {
    let mut mem = fill();
    let cells = MEM / 4;
    for i in 0..cells {
        let v = match s.ty {
            3 if s.opcode != 0x595 => (i as f32 * 0.25 - 7.0).to_bits(),
            4 if s.opcode != 0x595 => (0x3000 + i as u32) | ((0xb400 + i as u32) << 16),
            _ => continue,
        };
        wr(&mut mem, 4 * i as u64, 4, u64::from(v));
    }
    if s.opcode == 0x595 {
        let elem = s.elem();
        for (_, x, y, _) in lanes(l) {
            if (x + y) % 2 != 0 {
                continue;
            }
            if let Ok(Some(off)) = surf.resolve(Dim::D2, Oob::Ign, x * i64::from(elem), y, 0, elem)
            {
                let lo = u64::from(l.v.wrapping_add((x - i64::from(l.dx)) as u32));
                let cmp = if elem == 8 { lo | 0x40 << 32 } else { lo };
                wr(&mut mem, off, elem as usize, cmp);
            }
        }
    }
    mem
}

fn check_suatom(s: Suatom, dx: i32, dy: i32) {
    let oob = match s.oob {
        0 => Oob::Ign,
        1 => Oob::Clamp,
        _ => Oob::Trap,
    };
    let elem = s.elem();
    let surf = Surf::new(elem);
    let l = Launch {
        block: [8, 4, 1],
        dx,
        dy,
        dz: 0,
        v: if s.ty == 3 {
            0x3f80_0000
        } else if s.ty == 4 {
            0x3c00_3800
        } else {
            7
        },
    };
    let host = host();
    let host = host.as_str();
    let m = patched(&s.program(), host).unwrap_or_else(|e| panic!("{s:?}: {e}"));
    let init = suatom_init(&s, &surf, &l);
    let mut mem = init.clone();
    let mut out = vec![0u64; 32];
    let mut traps = false;
    let mut touched = std::collections::BTreeMap::new();
    for (lane, x, y, _) in lanes(&l) {
        let lo = l.v.wrapping_add((x - i64::from(dx)) as u32);
        match surf.resolve(Dim::D2, oob, x * i64::from(elem), y, 0, elem) {
            Err(()) => traps = true,
            Ok(None) => {}
            Ok(Some(off)) => {
                *touched.entry(off).or_insert(0) += 1;
                let old = rd(&mem, off, elem as usize);
                let (new, ret) = s.apply(old, lo).expect("modelled op");
                wr(&mut mem, off, elem as usize, new);
                out[lane] = ret;
            }
        }
    }
    // Cells several lanes hit (clamping) make the returned values depend on
    // the lane order; only order-independent ops are checked there.
    let collide = touched.values().any(|&n| n > 1);
    for e in ENGINES {
        let dev = Device::new().expect("device");
        let base = dev.upload(&init).expect("upload");
        let desc = dev.upload(&surf.desc(base)).expect("desc");
        let opts = LaunchOptions {
            grid: [1, 1, 1],
            block: l.block,
            engine: e,
            threads: 1,
            ..LaunchOptions::default()
        };
        let args = [
            ArgSpec::U64(xisa::surface_handle(desc).expect("handle")),
            ArgSpec::Zeros(32 * 8),
            ArgSpec::I32(dx),
            ArgSpec::I32(dy),
            ArgSpec::I32(0),
            ArgSpec::U32(l.v),
        ];
        let r = dev.launch(&m, host, &opts, &args);
        if traps {
            assert!(r.is_err(), "{s:?} ({e}): must trap");
            continue;
        }
        let rep = r.unwrap_or_else(|err| panic!("{s:?} ({e}): {err}"));
        let o = rep.buffers[1].as_ref().unwrap();
        let got: Vec<u64> = le_values(&dev.read(o.addr, o.len as usize).unwrap());
        if !collide {
            assert_eq!(got, out, "{s:?} ({e}) dx={dx} dy={dy}: returned values");
        }
        let smem = dev.read(base, MEM).unwrap();
        assert!(smem == mem, "{s:?} ({e}) dx={dx} dy={dy}: surface contents");
    }
}

#[test]
fn suatom_every_op_and_type() {
    // (op, type) pairs the seed tables define (types: U32 S32 U64 F32.FTZ.RN
    // F16x2.RN S64 SD32 SD64; SD = the descriptor's format, unsigned in xisa).
    let mut cases = Vec::new();
    for op in 0..=8u64 {
        for ty in [0u64, 1, 2, 5, 6, 7] {
            cases.push((op, ty));
        }
    }
    cases.extend([(0, 3), (0, 4), (8, 3)]);
    for (opcode, pred) in [
        (0x593u16, false),
        (0x593, true),
        (0x394, false),
        (0x394, true),
    ] {
        for &(op, ty) in &cases {
            let s = Suatom {
                opcode,
                pred,
                op,
                ty,
                oob: 0,
                ba: true,
            };
            check_suatom(s, -1, 0);
        }
    }
}

#[test]
fn suatom_cas_and_out_of_range_modes() {
    for pred in [false, true] {
        for ty in [0u64, 1, 2] {
            for oob in [0u64, 1, 2] {
                for (dx, dy) in [(0, 0), (-1, 0), (0, 1)] {
                    let s = Suatom {
                        opcode: 0x595,
                        pred,
                        op: 0,
                        ty,
                        oob,
                        ba: true,
                    };
                    check_suatom(s, dx, dy);
                }
            }
        }
    }
    // Every mode with a non-CAS op, with and without .BA.
    for oob in [0u64, 1, 2] {
        for ba in [true, false] {
            for (dx, dy) in [(0, 0), (-1, 0), (0, 1)] {
                let s = Suatom {
                    opcode: 0x593,
                    pred: false,
                    op: 0,
                    ty: 0,
                    oob,
                    ba,
                };
                check_suatom(s, dx, dy);
            }
        }
    }
}

#[test]
fn suatom_three_immediate_form_is_a_clear_error() {
    for opcode in [0x793u16, 0x795] {
        let s = Suatom {
            opcode: 0x593,
            pred: false,
            op: 0,
            ty: 0,
            oob: 0,
            ba: true,
        };
        let mut prog = s.program();
        let i = prog.iter().position(|&w| w == s.word()).unwrap();
        prog[i] = set(prog[i], 0, 12, u64::from(opcode));
        let msg = patched(&prog, &host()).expect_err("unsupported");
        assert!(
            msg.contains("SUATOM") && msg.contains(&format!("{:#x}", 16 * i)),
            "{msg}"
        );
    }
}

/// The lifter's handle base is the runtime's guest base (handles are 32-bit
/// descriptor offsets in guest memory).
#[test]
fn handle_base_is_the_guest_base() {
    assert_eq!(
        xisa_sm75::lift::SURFACE_HANDLE_BASE,
        xisa::runtime::GUEST_BASE
    );
    let d = xisa::surface_descriptor(0x40);
    assert_eq!(xisa::surface_handle(d).unwrap(), 0x40);
    assert!(xisa::surface_handle(d + (1 << 32)).is_err());
}
