//! Device-scope atomics from many workgroups on every core (`threads: 0`): the
//! totals must be exact under both engines, whatever the interleaving. Also the
//! code cache (a second launch compiles nothing).

use std::time::Duration;

use xisa::{ArgSpec, Device, Engine, LaunchOptions, Module};

const ENGINES: [Engine; 2] = [Engine::Jit, Engine::Interp];

fn module(src: &str) -> Module {
    Module::from_bytes(src.as_bytes(), "concurrency.xir", None).unwrap_or_else(|e| panic!("{e}"))
}

fn opts(engine: Engine, grid: u32, block: u32) -> LaunchOptions {
    LaunchOptions {
        grid: [grid, 1, 1],
        block: [block, 1, 1],
        engine,
        threads: 0,
        timeout: Some(Duration::from_secs(120)),
        ..LaunchOptions::default()
    }
}

fn read_u32s(dev: &Device, addr: u64, n: usize) -> Vec<u32> {
    dev.read(addr, n * 4)
        .unwrap()
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn read_u64(dev: &Device, addr: u64) -> u64 {
    u64::from_le_bytes(dev.read(addr, 8).unwrap().try_into().unwrap())
}

/// 10^6 lanes (1000 workgroups of 1000) increment one counter with `add` at
/// device scope, a second with `add` at system scope, and a third with `inc`
/// wrapping at 997 (so it ends at 10^6 mod 997).
#[test]
fn million_increments() {
    let m = module(
        "kernel @count(%c: i64) {
entry:
  atom.global.add.b32.device.relaxed [%c], 1
  atom.global.add.b32.system.relaxed [%c+4], 1
  atom.global.inc.b32.device.relaxed [%c+8], 996
  exit
}",
    );
    for engine in ENGINES {
        let dev = Device::new().unwrap();
        let c = dev.alloc(12).unwrap();
        dev.launch(&m, "count", &opts(engine, 1000, 1000), &[ArgSpec::Ptr(c)])
            .unwrap_or_else(|e| panic!("{engine}: {e}"));
        let got = read_u32s(&dev, c, 3);
        assert_eq!(
            got,
            vec![1_000_000, 1_000_000, 1_000_000 % 997],
            "{engine}: add.device, add.system, inc(996)"
        );
    }
}

/// Regression (issue #10): wave- and workgroup-scope atomics on one global
/// word from every workgroup. The hardware performs global atomics at the
/// memory side whatever their scope (CUDA's `atomicAdd_block` on a global
/// counter is exact), so the totals must be exact here too; they used to be a
/// plain read-modify-write and lost updates across host threads. Each lane
/// loops so the workgroups on the two threads overlap for long.
#[test]
fn narrow_scope_global_atomics_are_exact() {
    let m = module(
        "kernel @narrow(%c: i64) {
  reg %i: i32, %p: i1
entry:
  %i = mov.i32 0
  br body
body:
  atom.global.add.b32.workgroup.relaxed [%c], 1
  atom.global.add.b64.wave.relaxed [%c+8], 0x100000001
  atom.global.fadd.f32.workgroup.relaxed [%c+16], 1.0
  atom.global.inc.b32.wave.relaxed [%c+20], 0xffffffff
  atom.buffer.sub.b32.workgroup.relaxed [%c, 32, 24], 1
  %i = add.i32 %i, 1
  %p = icmp.ult.i32 %i, 16
  brc %p, body, done
done:
  exit
}",
    );
    let (grid, block) = (256u32, 64u32);
    let n = grid as u64 * block as u64 * 16;
    for engine in ENGINES {
        let dev = Device::new().unwrap();
        let c = dev.alloc(32).unwrap();
        dev.launch(&m, "narrow", &opts(engine, grid, block), &[ArgSpec::Ptr(c)])
            .unwrap_or_else(|e| panic!("{engine}: {e}"));
        let w = read_u32s(&dev, c, 7);
        assert_eq!(w[0] as u64, n, "{engine}: add.b32.workgroup");
        assert_eq!(
            read_u64(&dev, c + 8),
            n * 0x1_0000_0001,
            "{engine}: add.b64.wave"
        );
        assert_eq!(
            f32::from_bits(w[4]),
            n as f32,
            "{engine}: fadd.f32.workgroup"
        );
        assert_eq!(w[5] as u64, n, "{engine}: inc.b32.wave");
        assert_eq!(
            w[6],
            (n as u32).wrapping_neg(),
            "{engine}: buffer sub.b32.workgroup"
        );
    }
}

/// 64-bit adds whose carries cross the 32-bit boundary: lane g adds
/// (g << 24) | 1; plus `sub` and `xor`, and `umax`/`smin` of per-lane values.
#[test]
fn wide_atomics_exact() {
    let m = module(
        "kernel @wide(%c: i64) {
  reg %tid: i32, %ntid: i32, %ctaid: i32, %gid: i32, %v: i64, %s: i64
entry:
  %tid = special.tid.x
  %ntid = special.ntid.x
  %ctaid = special.ctaid.x
  %gid = mad.i32 %ctaid, %ntid, %tid
  %v = cvt.zext.i64.i32 %gid
  %s = shl.i64 %v, 24
  %s = or.i64 %s, 1
  atom.global.add.b64.device.relaxed [%c], %s
  atom.global.sub.b64.system.acq_rel [%c+8], %s
  atom.global.xor.b64.device.relaxed [%c+16], %s
  atom.global.umax.b64.device.relaxed [%c+24], %s
  %s = neg.i64 %s
  atom.global.smin.b64.system.seq_cst [%c+32], %s
  exit
}",
    );
    let n: u64 = 512 * 256;
    let mut add = 0u64;
    let mut xor = 0u64;
    for g in 0..n {
        let s = (g << 24) | 1;
        add = add.wrapping_add(s);
        xor ^= s;
    }
    let max = ((n - 1) << 24) | 1;
    for engine in ENGINES {
        let dev = Device::new().unwrap();
        let c = dev.alloc(40).unwrap();
        dev.launch(&m, "wide", &opts(engine, 512, 256), &[ArgSpec::Ptr(c)])
            .unwrap_or_else(|e| panic!("{engine}: {e}"));
        let got: Vec<u64> = (0..5).map(|i| read_u64(&dev, c + 8 * i)).collect();
        assert_eq!(
            got,
            vec![add, add.wrapping_neg(), xor, max, max.wrapping_neg()],
            "{engine}: add, sub, xor, umax, smin (b64)"
        );
    }
}

/// Float adds of 1.0: through a cas loop on the f32 bits (retrying with the
/// returned value, a backward branch under contention), through native
/// `atom.fadd.f32` and `atom.fadd.f64`. All exact below 2^24.
#[test]
fn float_adds_of_one() {
    let m = module(
        "kernel @fones(%c: i64) {
  reg %old: i32, %assumed: i32, %f: f32, %p: i1
entry:
  %assumed = ld.global.relaxed.device.b32 [%c]
  br retry
retry:
  %f = cvt.bitcast.f32.i32 %assumed
  %f = fadd.f32 %f, 1.0
  %old = cvt.bitcast.i32.f32 %f
  %old = atom.global.cas.b32.device.relaxed [%c], %assumed, %old
  %p = icmp.ne.i32 %old, %assumed
  %assumed = mov.i32 %old
  brc %p, retry, native
native:
  atom.global.fadd.f32.device.relaxed [%c+4], 1.0
  atom.global.fadd.f64.system.relaxed [%c+8], 1.0
  exit
}",
    );
    let n = 400u32 * 256;
    for engine in ENGINES {
        let dev = Device::new().unwrap();
        let c = dev.alloc(16).unwrap();
        dev.launch(&m, "fones", &opts(engine, 400, 256), &[ArgSpec::Ptr(c)])
            .unwrap_or_else(|e| panic!("{engine}: {e}"));
        let w = read_u32s(&dev, c, 2);
        assert_eq!(f32::from_bits(w[0]), n as f32, "{engine}: cas-loop f32 sum");
        assert_eq!(
            f32::from_bits(w[1]),
            n as f32,
            "{engine}: atom.fadd.f32 sum"
        );
        assert_eq!(
            f64::from_bits(read_u64(&dev, c + 8)),
            n as f64,
            "{engine}: atom.fadd.f64 sum"
        );
    }
}

/// Tickets: every lane takes a ticket with `atom.add` (returned old value) and
/// records it; tickets must be distinct and cover 0..N. Every lane also `exch`es
/// its id into one word: the returned values plus the final word are the initial
/// value and every id, each exactly once.
#[test]
fn tickets_and_exchanges_are_unique() {
    let m = module(
        "kernel @tickets(%c: i64, %tickets: i64, %prev: i64) {
  reg %tid: i32, %ntid: i32, %ctaid: i32, %gid: i32, %t: i32, %a: i64, %old: i32
entry:
  %tid = special.tid.x
  %ntid = special.ntid.x
  %ctaid = special.ctaid.x
  %gid = mad.i32 %ctaid, %ntid, %tid
  %t = atom.global.add.b32.device.acq_rel [%c], 1
  %a = mulwide.u32 %gid, 4
  %a = add.i64 %a, %tickets
  st.global.b32 [%a], %t
  %old = atom.global.exch.b32.system.acq_rel [%c+4], %gid
  %a = mulwide.u32 %gid, 4
  %a = add.i64 %a, %prev
  st.global.b32 [%a], %old
  exit
}",
    );
    let (grid, block) = (300u32, 512u32);
    let n = (grid * block) as usize;
    for engine in ENGINES {
        let dev = Device::new().unwrap();
        let c = dev.upload(&[0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff]).unwrap();
        let t = dev.alloc(n as u64 * 4).unwrap();
        let p = dev.alloc(n as u64 * 4).unwrap();
        dev.launch(
            &m,
            "tickets",
            &opts(engine, grid, block),
            &[ArgSpec::Ptr(c), ArgSpec::Ptr(t), ArgSpec::Ptr(p)],
        )
        .unwrap_or_else(|e| panic!("{engine}: {e}"));
        let head = read_u32s(&dev, c, 2);
        assert_eq!(head[0] as usize, n, "{engine}: ticket counter");
        let mut tickets = read_u32s(&dev, t, n);
        tickets.sort_unstable();
        assert!(
            tickets.iter().enumerate().all(|(i, &x)| x as usize == i),
            "{engine}: tickets are not a permutation of 0..{n}"
        );
        let mut seen = read_u32s(&dev, p, n);
        seen.push(head[1]);
        seen.sort_unstable();
        let mut want: Vec<u32> = (0..n as u32).collect();
        want.push(u32::MAX);
        want.sort_unstable();
        assert_eq!(seen, want, "{engine}: exch chain");
    }
}

/// A cas/exch spin lock (the corpus kernel) from many workgroups on every core:
/// the plain counter inside the critical section ends exact, the log holds
/// every lane once.
#[test]
fn spin_lock_mutual_exclusion() {
    let path = xisa_tests::kernels_dir().join("spin_lock.xir");
    let m = Module::from_file(&path, None).unwrap();
    let (grid, block) = (64u32, 40u32);
    let n = (grid * block) as usize;
    for engine in ENGINES {
        let dev = Device::new().unwrap();
        let lock = dev.alloc(8).unwrap();
        let log = dev.alloc(n as u64 * 4).unwrap();
        dev.launch(
            &m,
            "spin_lock",
            &opts(engine, grid, block),
            &[ArgSpec::Ptr(lock), ArgSpec::Ptr(log)],
        )
        .unwrap_or_else(|e| panic!("{engine}: {e}"));
        let l = read_u32s(&dev, lock, 2);
        assert_eq!(l, vec![0, n as u32], "{engine}: lock word, counter");
        let mut v = read_u32s(&dev, log, n);
        v.sort_unstable();
        assert!(
            v.iter().enumerate().all(|(i, &x)| x as usize == i),
            "{engine}: the log is not a permutation"
        );
    }
}

/// The corpus histogram (shared-memory atomics merged with device atomics, and
/// system-scope atomics) with many workgroups on every core.
#[test]
fn histogram_totals_on_all_cores() {
    let path = xisa_tests::kernels_dir().join("histogram.xir");
    let m = Module::from_file(&path, None).unwrap();
    let n = 1usize << 18;
    let data: Vec<u8> = (0..n as u32)
        .flat_map(|i| (i.wrapping_mul(2654435761) >> 7 & 63).to_le_bytes())
        .collect();
    let mut want = vec![0u32; 64];
    for c in data.chunks_exact(4) {
        want[u32::from_le_bytes(c.try_into().unwrap()) as usize] += 1;
    }
    for engine in ENGINES {
        let dev = Device::new().unwrap();
        let d = dev.upload(&data).unwrap();
        let h = dev.alloc(256).unwrap();
        let h2 = dev.alloc(256).unwrap();
        dev.launch(
            &m,
            "histogram",
            &opts(engine, 128, 96),
            &[
                ArgSpec::Ptr(d),
                ArgSpec::U32(n as u32),
                ArgSpec::Ptr(h),
                ArgSpec::Ptr(h2),
            ],
        )
        .unwrap_or_else(|e| panic!("{engine}: {e}"));
        assert_eq!(read_u32s(&dev, h, 64), want, "{engine}: histogram");
        assert_eq!(
            read_u32s(&dev, h2, 64),
            want,
            "{engine}: system-scope histogram"
        );
    }
}

/// A second launch of the same kernel on one device compiles nothing.
#[test]
fn second_launch_hits_the_cache() {
    let m = module(
        "kernel @inc(%p: i64) {
entry:
  atom.global.add.b32.device.relaxed [%p], 1
  exit
}",
    );
    for engine in ENGINES {
        let dev = Device::new().unwrap();
        let p = dev.alloc(4).unwrap();
        let o = opts(engine, 4, 32);
        let r1 = dev.launch(&m, "inc", &o, &[ArgSpec::Ptr(p)]).unwrap();
        let r2 = dev.launch(&m, "inc", &o, &[ArgSpec::Ptr(p)]).unwrap();
        assert_eq!(dev.compiles(), 1, "{engine}: compilations");
        assert_eq!(dev.cache_hits(), 1, "{engine}: cache hits");
        assert!(
            !r1.cache_hit && r2.cache_hit,
            "{engine}: RunReport::cache_hit"
        );
        assert_eq!(
            r2.compile_time,
            Duration::ZERO,
            "{engine}: compile time on a hit"
        );
        assert_eq!(
            read_u32s(&dev, p, 1),
            vec![256],
            "{engine}: both launches ran"
        );
        // Different launch geometry is still the same code.
        dev.launch(&m, "inc", &opts(engine, 1, 1), &[ArgSpec::Ptr(p)])
            .unwrap();
        assert_eq!(
            dev.compiles(),
            1,
            "{engine}: geometry is not part of the key"
        );
        assert_eq!(dev.cache_hits(), 2, "{engine}: third launch");
    }
    // The other engine on the same device is a separate compilation.
    let dev = Device::new().unwrap();
    let p = dev.alloc(4).unwrap();
    dev.launch(&m, "inc", &opts(Engine::Jit, 1, 1), &[ArgSpec::Ptr(p)])
        .unwrap();
    dev.launch(&m, "inc", &opts(Engine::Interp, 1, 1), &[ArgSpec::Ptr(p)])
        .unwrap();
    assert_eq!(
        (dev.compiles(), dev.cache_hits()),
        (2, 0),
        "engines share no code"
    );
}

/// One wave spins on a shared flag, voting each round, while the other wave
/// of its workgroup votes 300 times before it sets the flag. A wave that
/// keeps stopping at warp-level ops runs a bounded number of times in a row
/// before the scheduler turns to the other waves (else the spinning wave
/// would run until the watchdog).
#[test]
fn a_wave_spinning_at_warp_ops_lets_the_other_waves_run() {
    let m = module(
        "kernel @spin(%out: i64) wave 32 shared 4 {
  reg %tid: i32, %late: i1, %i: i32, %f: i32, %z: i1, %v: i1, %b: i32, %more: i1, %n: i32, %a: i64
entry:
  %tid = special.tid.x
  %late = icmp.uge.i32 %tid, 32
  %n = mov.i32 0
  brc %late, vote_loop, wait
wait:
  %f = ld.shared.b32 [0]
  %z = icmp.eq.i32 %f, 0
  %v = vote.any %z
  %n = add.i32 %n, 1
  brc %v, wait, done
vote_loop:
  %b = vote.ballot.i32 %late
  %n = add.i32 %n, 1
  %more = icmp.ult.i32 %n, 300
  brc %more, vote_loop, set
set:
  st.shared.b32 [0], %b
  br done
done:
  %a = mulwide.u32 %tid, 4
  %a = add.i64 %a, %out
  st.global.b32 [%a], %n
  exit
}",
    );
    for engine in ENGINES {
        let dev = Device::new().unwrap();
        let out = dev.alloc(64 * 4).unwrap();
        let mut o = opts(engine, 2, 64);
        o.timeout = Some(Duration::from_secs(30));
        dev.launch(&m, "spin", &o, &[ArgSpec::Ptr(out)])
            .unwrap_or_else(|e| panic!("{engine}: {e}"));
        let n = read_u32s(&dev, out, 64);
        assert!(n[..32].iter().all(|&x| x >= 1), "{engine}: spins {n:?}");
        assert!(n[32..].iter().all(|&x| x == 300), "{engine}: votes {n:?}");
    }
}
