//! Named barriers (`bar.sync`/`bar.arrive`/`bar.red.*`, the PTX `bar` family):
//! reductions over the arriving lanes, thread counts a wave at a time,
//! producer/consumer pairs, and the faults of a barrier that can never
//! complete. Every kernel runs on both engines (the scheduler is shared, the
//! engines only stop at the sync points).

use std::time::Duration;

use xisa::{ArgSpec, Device, Engine, LaunchOptions, Module};

const ENGINES: [Engine; 2] = [Engine::Jit, Engine::Interp];

fn module(src: &str) -> Module {
    Module::from_bytes(src.as_bytes(), "barriers.xir", None).unwrap_or_else(|e| panic!("{e}"))
}

fn opts(engine: Engine, grid: u32, block: u32) -> LaunchOptions {
    LaunchOptions {
        grid: [grid, 1, 1],
        block: [block, 1, 1],
        engine,
        threads: 2,
        timeout: Some(Duration::from_secs(60)),
        ..LaunchOptions::default()
    }
}

/// Launches `kernel` with one output buffer of `n` `u32`s and returns it.
fn run(m: &Module, kernel: &str, engine: Engine, block: u32, n: usize) -> Vec<u32> {
    let dev = Device::new().unwrap();
    let out = dev.alloc(4 * n as u64).unwrap();
    dev.launch(m, kernel, &opts(engine, 2, block), &[ArgSpec::Ptr(out)])
        .unwrap_or_else(|e| panic!("{kernel} ({engine}): {e}"));
    dev.read(out, 4 * n)
        .unwrap()
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// The launch error's text (the launch must fail).
fn fails(m: &Module, kernel: &str, engine: Engine, block: u32) -> String {
    let dev = Device::new().unwrap();
    let out = dev.alloc(4096).unwrap();
    match dev.launch(m, kernel, &opts(engine, 1, block), &[ArgSpec::Ptr(out)]) {
        Ok(_) => panic!("{kernel} ({engine}): the launch succeeded"),
        Err(e) => e.to_string(),
    }
}

/// Each thread stores `popc(tid % 3 == 0)`, `and(tid < 95)`, `or(tid == 94)`
/// over its workgroup of 96 (three waves), plus a second round after half
/// the lanes changed their predicate, so a stale result would show.
#[test]
fn reductions_over_the_workgroup() {
    let m = module(
        "kernel @red(%out: i64) wave 32 {
  reg %t: i32, %c: i32, %n: i32, %r: i32, %p: i1, %q: i1, %off: i64, %a: i64
entry:
  %t = special.tid.x
  %c = special.ctaid.x
  %n = mad.i32 %c, 96, %t
  %off = cvt.zext.i64.i32 %n
  %off = mul.i64 %off, 16
  %a = add.i64 %out, %off
  %r = urem.i32 %t, 3
  %p = icmp.eq.i32 %r, 0
  %r = bar.red.popc 0, 0, %p
  st.global.b32 [%a], %r
  %p = icmp.ult.i32 %t, 95
  %r = bar.red.and 0, 96, %p
  st.global.b32 [%a+4], %r
  %p = icmp.eq.i32 %t, 94
  %r = bar.red.or 3, 0, %p
  st.global.b32 [%a+8], %r
  %q = icmp.ult.i32 %t, 48
  %p = xor.i1 %p, %q
  %r = bar.red.popc 15, 96, %p
  st.global.b32 [%a+12], %r
  exit
}",
    );
    for engine in ENGINES {
        let got = run(&m, "red", engine, 96, 2 * 96 * 4);
        for (i, v) in got.chunks(4).enumerate() {
            // 32 multiples of 3 below 96; tid 95 fails `and`; tid 94 is the
            // `or`; 48 lanes below 48, tid 94 flips on: 49.
            assert_eq!(v, [32, 0, 1, 49], "{engine}: thread {i}");
        }
    }
}

/// Warp 0 produces into shared memory and `bar.arrive`s; warp 1 waits with
/// `bar.sync` on the same barrier of 64 threads, then reads. Warps 2 and 3
/// pair up the same way on barrier 2, in the other direction (the producer
/// runs second), then everyone meets at barrier 0.
#[test]
fn producer_consumer_pairs() {
    let m = module(
        "kernel @pc(%out: i64) wave 32 shared 512 {
  reg %t: i32, %w: i32, %l: i32, %c: i32, %n: i32, %v: i32, %s: i32, %p: i1, %off: i64, %a: i64
entry:
  %t = special.tid.x
  %w = special.waveid
  %l = special.laneid
  %c = special.ctaid.x
  %s = shl.i32 %l, 2
  %p = icmp.eq.i32 %w, 0
  brc %p, prod0, not0
not0:
  %p = icmp.eq.i32 %w, 1
  brc %p, cons1, not1
not1:
  %p = icmp.eq.i32 %w, 3
  brc %p, prod3, cons2
prod0:
  %v = mad.i32 %c, 1000, %t
  st.shared.b32 [%s], %v
  bar.arrive 1, 64
  br join
cons1:
  bar.sync 1, 64
  %v = ld.shared.b32 [%s]
  br store
prod3:
  %v = mad.i32 %c, 1000, %t
  st.shared.b32 [%s+256], %v
  bar.arrive 2, 64
  br join
cons2:
  bar.sync 2, 64
  %v = ld.shared.b32 [%s+256]
  br store
store:
  %n = mad.i32 %c, 128, %t
  %off = cvt.zext.i64.i32 %n
  %off = shl.i64 %off, 2
  %a = add.i64 %out, %off
  st.global.b32 [%a], %v
  br join
join:
  barrier
  exit
}",
    );
    for engine in ENGINES {
        let got = run(&m, "pc", engine, 128, 2 * 128);
        for c in 0..2u32 {
            for t in 0..128u32 {
                let want = match t / 32 {
                    1 => c * 1000 + t - 32,
                    2 => c * 1000 + t + 32,
                    _ => 0,
                };
                assert_eq!(
                    got[(c * 128 + t) as usize],
                    want,
                    "{engine}: block {c} thread {t}"
                );
            }
        }
    }
}

/// A barrier of 64 threads with one wave waiting and the other exited can
/// never complete: the launch faults naming the barrier, where a GPU hangs.
/// So does a whole-workgroup barrier while another wave waits elsewhere, and
/// a barrier id from a register out of range.
#[test]
fn barriers_that_never_complete_fault() {
    let m = module(
        "kernel @dead(%out: i64) wave 32 {
  reg %w: i32, %p: i1
entry:
  %w = special.waveid
  %p = icmp.eq.i32 %w, 0
  brc %p, wait, done
wait:
  bar.sync 1, 64
  exit
done:
  exit
}
kernel @split(%out: i64) wave 32 {
  reg %w: i32, %p: i1
entry:
  %w = special.waveid
  %p = icmp.eq.i32 %w, 0
  brc %p, a, b
a:
  bar.sync 5, 64
  exit
b:
  barrier
  exit
}
kernel @badid(%out: i64) wave 32 {
  reg %t: i32
entry:
  %t = special.tid.x
  %t = add.i32 %t, 16
  bar.sync %t, 0
  exit
}",
    );
    for engine in ENGINES {
        let e = fails(&m, "dead", engine, 64);
        assert!(
            e.contains("barrier 1 can never complete: it waits for 64 threads"),
            "{engine}: {e}"
        );
        assert!(e.contains("dead:wait:0"), "{engine}: location missing: {e}");
        let e = fails(&m, "split", engine, 64);
        assert!(e.contains("can never complete"), "{engine}: {e}");
        let e = fails(&m, "badid", engine, 32);
        assert!(
            e.contains("barrier id 16 out of range (0..16)"),
            "{engine}: {e}"
        );
    }
    // An immediate id out of range is refused when the module is checked.
    let bad = Module::from_bytes(
        b"kernel @k() {\nentry:\n  bar.sync 16, 0\n  exit\n}\n",
        "bad.xir",
        None,
    );
    let e = match bad {
        Ok(_) => panic!("bar.sync 16 was accepted"),
        Err(e) => e.to_string(),
    };
    assert!(e.contains("barrier id 16 is out of range"), "{e}");
}

/// A whole-workgroup barrier completes when the lanes that did not exit
/// all wait (exited threads count as arrived), and the text form round-trips.
#[test]
fn exited_threads_count_as_arrived() {
    let src = "kernel @ex(%out: i64) wave 32 {
  reg %t: i32, %w: i32, %r: i32, %p: i1, %off: i64, %a: i64
entry:
  %t = special.tid.x
  %w = special.waveid
  %p = icmp.eq.i32 %w, 1
  brc %p, gone, stay
gone:
  exit
stay:
  %p = icmp.ne.i32 %t, 0
  %r = bar.red.popc 0, 0, %p
  %off = cvt.zext.i64.i32 %t
  %off = shl.i64 %off, 2
  %a = add.i64 %out, %off
  st.global.b32 [%a], %r
  exit
}";
    let m = module(src);
    for engine in ENGINES {
        let dev = Device::new().unwrap();
        let out = dev.alloc(4 * 96).unwrap();
        dev.launch(&m, "ex", &opts(engine, 1, 96), &[ArgSpec::Ptr(out)])
            .unwrap_or_else(|e| panic!("{engine}: {e}"));
        let got: Vec<u32> = dev
            .read(out, 4 * 96)
            .unwrap()
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
            .collect();
        for (t, v) in got.iter().enumerate() {
            // Waves 0 and 2 take part: 64 lanes, all but tid 0 true.
            let want = if (32..64).contains(&t) { 0 } else { 63 };
            assert_eq!(*v, want, "{engine}: thread {t}");
        }
    }
    let k = xisa_ir::text::parse_module(src).unwrap();
    let printed = xisa_ir::text::print_module(&k);
    assert!(printed.contains("%r = bar.red.popc 0, 0, %p"), "{printed}");
    assert_eq!(xisa_ir::text::parse_module(&printed).unwrap(), k);
}
