//! Directed execution tests: faults (misaligned atomics, out-of-window
//! accesses), null and out-of-range descriptors, float edge values of the float
//! atomics (all pairs), EXEC handling of `uld` and cache operations, wave 64.

mod common;

use common::*;
use xisa_runtime::GUEST_BASE;

fn lift(src: &str, wave: u32) -> xisa_ir::Kernel {
    let insts = xisa_lsu::parse_program(src).unwrap();
    xisa_lsu::lift(&insts, &xisa_lsu::LiftOptions { wave_size: wave }).unwrap()
}

fn run_both(src: &str, setup: &Setup) -> Vec<Result<State, String>> {
    let k = lift(src, setup.wave_size);
    let mem = memory(setup.state.global.len());
    engines()
        .into_iter()
        .map(|e| run_engine(&k, e, program(&k, e).as_ref(), &mem, setup, 1))
        .collect()
}

fn check(src: &str, setup: &Setup) -> State {
    let prog: Vec<String> = src.lines().map(str::to_string).collect();
    let want = run_model(&prog, setup).expect("model");
    for (i, got) in run_both(src, setup).into_iter().enumerate() {
        let got = got.unwrap_or_else(|e| panic!("engine {i}: {e}"));
        if let Some(d) = diff(&want, &got) {
            panic!("engine {i}: {src}: {d}");
        }
    }
    want
}

#[test]
fn misaligned_atomic_faults_naming_pc_lane_address() {
    for (src, addr_reg_pair) in [
        (
            "ld.global.b32 v9, v[2:3], 0\natom.global.add.u32.rtn v0, v[2:3], 0",
            true,
        ),
        (
            "ld.global.b32 v9, v[2:3], 0\natom.global.add.u64 v[0:1], v[2:3], 0",
            true,
        ),
    ] {
        let mut s = Setup::new(1, 32, 32, 256);
        for l in 0..32 {
            let a = GUEST_BASE
                + 8 * l as u64
                + if l == 5 {
                    4 * addr_reg_pair as u64 + 2
                } else {
                    0
                };
            s.state.v[0][l][2] = a as u32;
            s.state.v[0][l][3] = (a >> 32) as u32;
        }
        let model = run_model(&src.lines().map(str::to_string).collect::<Vec<_>>(), &s);
        let f = model.expect_err("model fault");
        assert_eq!((f.lane, f.what.as_str()), (5, "misaligned atomic"));
        for r in run_both(src, &s) {
            let e = r.expect_err("fault");
            assert!(e.contains("misaligned"), "{e}");
            assert!(e.contains("pc 0xc"), "{e}");
            assert!(e.contains("lane 5"), "{e}");
            assert!(e.contains(&format!("{:#x}", f.addr)), "{e}");
        }
    }
    // Shared atomics too; an inactive lane's bad address does not matter.
    let mut s = Setup::new(1, 32, 32, 256);
    for l in 0..32 {
        s.state.v[0][l][1] = 4 * l as u32 + (l == 7) as u32;
    }
    s.exec[0] = !(1 << 7);
    check("atom.shared.add.u32.rtn v0, v1, 0", &s);
    s.exec[0] = u64::MAX;
    for r in run_both("atom.shared.add.u32.rtn v0, v1, 0", &s) {
        let e = r.expect_err("fault");
        assert!(
            e.contains("misaligned") && e.contains("lane 7") && e.contains("0x1d"),
            "{e}"
        );
    }
}

#[test]
fn out_of_window_accesses_fault() {
    let mut s = Setup::new(1, 32, 32, 256);
    s.state.v[0][3][1] = SHARED_BYTES as u32 - 2;
    for r in run_both("ld.shared.b32 v0, v1, 0", &s) {
        let e = r.expect_err("fault");
        assert!(
            e.contains("out-of-bounds shared") && e.contains("lane 3"),
            "{e}"
        );
    }
    // Global: null address.
    for r in run_both("st.global.b8 v0, v[2:3], 0", &s) {
        assert!(r.expect_err("fault").contains("out-of-bounds global"));
    }
    // Scratch: beyond the per-lane window.
    s.state.v[0][0][1] = SCRATCH as u32;
    for r in run_both("ld.scratch.u8 v0, v1, 0", &s) {
        assert!(r.expect_err("fault").contains("out-of-bounds local"));
    }
}

#[test]
fn null_and_out_of_range_descriptors() {
    let mut s = Setup::new(2, 32, 32, 512);
    let mut rng = Rng::new(7);
    for b in s.state.global.iter_mut() {
        *b = rng.next() as u8;
    }
    // Wave 0: null descriptor (base 0, size 256); wave 1: base GUEST_BASE, size 64.
    for (w, (base, size)) in [(0u64, 256u32), (GUEST_BASE, 64)].into_iter().enumerate() {
        s.set_u(w, 4, base as u32);
        s.set_u(w, 5, (base >> 32) as u32);
        s.set_u(w, 6, size);
        s.set_u(w, 7, 0xdead_beef);
        for l in 0..32 {
            // Offsets 0, 4, ..., 124: half in range, one straddling the end.
            s.state.v[w][l][1] = 4 * l as u32;
            s.state.v[w][l][8] = 0x1000 + l as u32;
            s.state.v[w][l][9] = 0x2000 + l as u32;
            s.state.v[w][l][10] = 0x3000 + l as u32;
            s.state.v[w][l][11] = 1;
        }
    }
    let out = check(
        "ld.buf.b128 v[12:15], u[4:7], v1, 2\n\
         st.buf.b96 v[8:10], u[4:7], v1, 1\n\
         atom.buf.add.u32.rtn v11, u[4:7], v1, 0\n\
         uld.buf.b512 u[16:31], u[4:7], 8\n\
         uld.bufx.b64 u[32:33], u[4:7], u6, -4",
        &s,
    );
    // Null descriptor: everything reads 0 and nothing is written.
    assert!(out.v[0].iter().all(|r| r[12..16] == [0; 4] && r[11] == 0));
    // Per-dword bounds: lane 15 (offset 62 + 2 = 64..80) reads all 0; lane 14
    // (58..74) reads its first dword only... (offset 56+2=58: dwords at 58, 62 in range).
    assert_eq!(out.v[1][14][14], 0);
    assert_ne!(out.v[1][14][12], 0);
    assert!(out.u[1][0][16..32].iter().skip(14).all(|&x| x == 0));
}

#[test]
fn float_atomics_all_edge_pairs() {
    const E: [u32; 16] = [
        0x0000_0000,
        0x8000_0000,
        0x0000_0001,
        0x8000_0001,
        0x007f_ffff,
        0x3f80_0000,
        0xbf80_0000,
        0x7f7f_ffff,
        0x7f80_0000,
        0xff80_0000,
        0x7fc0_0000,
        0xffc0_0001,
        0x7f80_0001,
        0x7fa0_0000,
        0x4000_0000,
        0x0080_0000,
    ];
    for op in ["fadd", "fmin", "fmax"] {
        for space in ["global", "shared"] {
            // 256 pairs: 8 waves x 32 lanes, each lane its own address.
            let mut s = Setup::new(8, 32, 32, 8 * 32 * 4);
            for w in 0..8 {
                for l in 0..32 {
                    let p = w * 32 + l;
                    let (old, data) = (E[p / 16], E[p % 16]);
                    s.state.v[w][l][0] = data;
                    let off = 4 * p as u64;
                    s.state.global[off as usize..off as usize + 4]
                        .copy_from_slice(&old.to_le_bytes());
                    s.state.shared[w][4 * l..4 * l + 4].copy_from_slice(&old.to_le_bytes());
                    let a = GUEST_BASE + off;
                    s.state.v[w][l][2] = if space == "shared" {
                        4 * l as u32
                    } else {
                        a as u32
                    };
                    s.state.v[w][l][3] = (a >> 32) as u32;
                }
            }
            let src = if space == "shared" {
                format!("atom.shared.{op}.f32.rtn v0, v2, 0")
            } else {
                format!("atom.global.{op}.f32.rtn v0, v[2:3], 0")
            };
            check(&src, &s);
        }
    }
    // Spot values of the chapter's rules: (max, a, b, result).
    for (max, a, b, want) in [
        (false, 0x0000_0000, 0x8000_0000, 0x8000_0000),
        (true, 0x8000_0000, 0x0000_0000, 0x0000_0000),
        (false, 0x7fc0_0000, 0x3f80_0000, 0x3f80_0000),
        (true, 0x3f80_0000, 0x7f80_0001, 0x3f80_0000),
    ] {
        assert_eq!(
            xisa_testkit::min_max_f32(max, a, b),
            want,
            "max={max} {a:#x} {b:#x}"
        );
    }
}

#[test]
fn uld_and_cache_ops_ignore_exec() {
    let mut s = Setup::new(1, 64, 64, 256);
    for (i, b) in s.state.global.iter_mut().enumerate() {
        *b = i as u8;
    }
    s.set_u(0, 0, GUEST_BASE as u32);
    s.set_u(0, 1, (GUEST_BASE >> 32) as u32);
    s.exec[0] = 0;
    let out = check("cache.inv.l1\nuld.b64 u[2:3], u[0:1], 4\ncache.wb.l2\nld.global.b32 v0, v[0:1], 0\ncache.inv.l2", &s);
    for l in 0..64 {
        assert_eq!(out.u[0][l][2], u32::from_le_bytes([4, 5, 6, 7]));
    }
    let k = lift(
        "cache.inv.l1\ncache.inv.l2\ncache.wb.l2\nuld.b32 u1, u[2:3], 0",
        64,
    );
    let text = xisa_ir::text::print_kernel(&k);
    assert!(text.contains("fence.device.acquire"), "{text}");
    assert!(text.contains("fence.system.acquire"), "{text}");
    assert!(text.contains("fence.system.release"), "{text}");
    assert!(!text.contains("@%exec"), "{text}");
}
