//! Interpreter tests on small IR-text kernels, run through the runtime's launch.

use super::*;
use xisa_runtime::{launch, GuestMemory, LaunchConfig};

/// Every lane adds its tid to a device-scope counter and writes its ballot of
/// `tid odd` and a shuffled value to an output array.
fn sample_kernel() -> Kernel {
    let src = "kernel @sample(%out: i64, %ctr: i64) {
  reg %tid: i32, %odd: i1, %bal: i32, %t1: i32, %sh: i32, %off: i64, %lane: i32
entry:
  %tid = special.tid.x
  atom.global.add.b32.device.relaxed [%ctr], %tid
  %t1 = and.i32 %tid, 1
  %odd = icmp.ne.i32 %t1, 0
  %bal = vote.ballot.i32 %odd
  %lane = special.laneid
  %lane = xor.i32 %lane, 1
  %sh = shfl.i32 %tid, %lane
  %off = cvt.zext.i64.i32 %tid
  %off = shl.i64 %off, 3
  %off = add.i64 %off, %out
  st.global.v2.b32 [%off], %bal, %sh
  exit
}";
    xisa_ir::text::parse_kernel(src).unwrap()
}

fn params(vals: &[u64]) -> Vec<u8> {
    vals.iter().flat_map(|v| v.to_le_bytes()).collect()
}

#[test]
fn atomics_ballot_shuffle() {
    let k = sample_kernel();
    let mem = GuestMemory::new(1 << 24).unwrap();
    let out = mem.alloc(64 * 8).unwrap();
    let ctr = mem.alloc(4).unwrap();
    let cfg = LaunchConfig {
        grid: [3, 1, 1],
        block: [64, 1, 1],
        params: params(&[out, ctr]),
        ..LaunchConfig::default()
    };
    let st = launch(&k, &Interp::new(&k, true), &mem, &cfg).unwrap();
    let c = u32::from_le_bytes(mem.read_vec(ctr, 4).unwrap().try_into().unwrap());
    assert_eq!(c, 3 * (0..64).sum::<u32>());
    let o = mem.read_vec(out, 64 * 8).unwrap();
    for t in 0..64usize {
        let bal = u32::from_le_bytes(o[t * 8..t * 8 + 4].try_into().unwrap());
        let sh = u32::from_le_bytes(o[t * 8 + 4..t * 8 + 8].try_into().unwrap());
        assert_eq!(bal, 0xaaaa_aaaa, "ballot of odd lanes in wave 32");
        assert_eq!(sh, (t ^ 1) as u32);
    }
    assert_eq!(st.atomics[0][3], 3 * 64);
    assert_eq!(st.insts, 3 * 64 * 13);
}

#[test]
fn out_of_bounds_names_the_lane() {
    let k = sample_kernel();
    let mem = GuestMemory::new(1 << 24).unwrap();
    let ctr = mem.alloc(4).unwrap();
    let cfg = LaunchConfig {
        grid: [1, 1, 1],
        block: [32, 1, 1],
        params: params(&[0x10, ctr]),
        ..LaunchConfig::default()
    };
    let err = launch(&k, &Interp::new(&k, false), &mem, &cfg).unwrap_err();
    let msg = err.to_string();
    assert!(
        msg.contains("out-of-bounds global access of 8 bytes at 0x10"),
        "{msg}"
    );
    assert!(msg.contains("sample:entry:11"), "{msg}");
}

/// Surface loads in each out-of-range mode, and atomics through a surface.
#[test]
fn surface_modes() {
    use xisa_runtime::surface::SurfDesc;
    let src = "kernel @surf(%desc: i64, %out: i64) {
  reg %x: i32, %xb: i32, %v: i32, %w: i32, %u: i32, %o: i64
entry:
  %x = special.tid.x
  %x = sub.i32 %x, 2
  %xb = shl.i32 %x, 2
  %v = ld.surface.b32 [%desc, 2d, clamp, %xb, 1, 0]
  %w = ld.surface.b32 [%desc, 2d, ign, %xb, 1, 0]
  %u = atom.surface.add.b32.device.relaxed [%desc, 2d, clamp, %xb, 0, 0], 1
  %o = cvt.sext.i64.i32 %x
  %o = add.i64 %o, 2
  %o = shl.i64 %o, 3
  %o = add.i64 %o, %out
  st.global.v2.b32 [%o], %v, %w
  exit
}";
    let m = xisa_ir::text::parse_module(src).unwrap();
    xisa_ir::verify::verify_module(&m).unwrap();
    let k = &m.kernels[0];
    let mem = GuestMemory::new(1 << 24).unwrap();
    // A 4 x 2 surface of u32, rows 32 bytes apart.
    let data = mem.alloc(64).unwrap();
    let vals: Vec<u8> = (0..16u32).flat_map(|i| (100 + i).to_le_bytes()).collect();
    mem.write(data, &vals).unwrap();
    let d = SurfDesc {
        base: data,
        width: 16,
        height: 2,
        depth: 1,
        row_pitch: 32,
        slice_pitch: 64,
    };
    let desc = mem.alloc(32).unwrap();
    mem.write(desc, &d.to_bytes()).unwrap();
    let out = mem.alloc(8 * 8).unwrap();
    let cfg = LaunchConfig {
        block: [8, 1, 1],
        params: params(&[desc, out]),
        ..LaunchConfig::default()
    };
    launch(k, &Interp::new(k, false), &mem, &cfg).unwrap();
    let o = mem.read_vec(out, 64).unwrap();
    let word = |i: usize| u32::from_le_bytes(o[i * 4..i * 4 + 4].try_into().unwrap());
    for lane in 0..8usize {
        let x = lane as i64 - 2;
        let clamped = x.clamp(0, 3) as u32;
        assert_eq!(word(lane * 2), 108 + clamped, "clamp, lane {lane}");
        let ign = if (0..4).contains(&x) {
            108 + x as u32
        } else {
            0
        };
        assert_eq!(word(lane * 2 + 1), ign, "ign, lane {lane}");
    }
    // Row 0 got one atomic increment per lane at its clamped column.
    let row0 = mem.read_vec(data, 16).unwrap();
    let counts = [3u32, 1, 1, 3];
    for (c, n) in counts.iter().enumerate() {
        let v = u32::from_le_bytes(row0[c * 4..c * 4 + 4].try_into().unwrap());
        assert_eq!(v, 100 + c as u32 + n);
    }
    // Trap mode faults, naming the surface space and the lane.
    let trap = src.replace("2d, ign", "2d, trap");
    let m = xisa_ir::text::parse_module(&trap).unwrap();
    let err = launch(
        &m.kernels[0],
        &Interp::new(&m.kernels[0], false),
        &mem,
        &cfg,
    )
    .unwrap_err();
    assert!(
        err.to_string().contains("out-of-bounds surface access"),
        "{err}"
    );
}
