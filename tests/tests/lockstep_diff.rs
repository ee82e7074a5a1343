//! The lockstep pass against the plain rule it optimizes: random kernels
//! whose lanes exchange values through shared memory in a loop (buffer
//! indices that flip or grow, accesses in different blocks, a divergent
//! `if`, with or without a barrier per pass), each run twice in lane mode:
//! once as `xisa_ir::lockstep` leaves it (syncs it proved unneeded left
//! out, others checked at run time) and once with a `wavesync` before every
//! shared access, which makes lanes run one after another give exactly the
//! memory a lockstep wave gives. The two must leave the same shared memory
//! and registers, the pass's version on the interpreter and in wave mode
//! (a wave's lanes together, a sync is nothing there) too. Workgroups are one wave (lanes of different waves that
//! exchange values without a barrier race on a GPU too).
//! `XISA_LOCKSTEP_KERNELS=N` runs more kernels (default 150).

use xisa::{ArgSpec, Device, Engine, LaunchOptions, Module};
use xisa_ir::{Inst, Op};

/// xorshift32: a reproducible stream per seed.
struct Rng(u32);

impl Rng {
    fn next(&mut self) -> u32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        x
    }

    fn pick<T: Copy>(&mut self, v: &[T]) -> T {
        v[self.next() as usize % v.len()]
    }

    fn chance(&mut self, percent: u32) -> bool {
        self.next() % 100 < percent
    }
}

const SHARED_WORDS: u32 = 1024;

/// A random shared access: a load added into `%v`, or a store of `%v`
/// (made lane-specific first), at `stride·tid + (index & 3) << shift +
/// offset`.
fn access(r: &mut Rng, out: &mut String, n: &mut u32) {
    *n += 1;
    let q = format!("%q{n}");
    let index = r.pick(&["%p0", "%p1", "%n"]);
    let shift = r.pick(&[2, 7, 8, 9]);
    let base = if r.chance(85) { "%a4" } else { "%a8" };
    let off = r.pick(&[0, 4, 8, 60, 124, 128, 256]);
    out.push_str(&format!(
        "  {q} = and.i32 {index}, 3\n  {q} = shl.i32 {q}, {shift}\n  {q} = add.i32 {q}, {base}\n"
    ));
    if r.chance(50) {
        out.push_str(&format!(
            "  %w = ld.shared.b32 [{q}+{off}]\n  %v = add.i32 %v, %w\n"
        ));
    } else {
        out.push_str(&format!(
            "  %v = mul.i32 %v, 3\n  %v = add.i32 %v, %t\n  st.shared.b32 [{q}+{off}], %v\n"
        ));
    }
}

/// An update of an index register that keeps it to a few values, or not.
fn update(r: &mut Rng, out: &mut String) {
    let p = r.pick(&["%p0", "%p1"]);
    let other = if p == "%p0" { "%p1" } else { "%p0" };
    out.push_str(&match r.next() % 6 {
        0 => format!("  {p} = sub.i32 1, {p}\n"),
        1 => format!("  {p} = xor.i32 {p}, 1\n"),
        2 => format!("  {p} = xor.i32 {p}, 0\n"),
        3 => format!("  %u = icmp.ult.i32 %n, 2\n  {p} = select.i32 %u, {p}, {other}\n"),
        4 => format!("  {p} = add.i32 {p}, 1\n"),
        _ => format!("  {p} = mov.i32 {other}\n"),
    });
}

/// Some index updates and accesses.
fn body(r: &mut Rng, out: &mut String, n: &mut u32) {
    for _ in 0..1 + r.next() % 3 {
        if r.chance(40) {
            update(r, out);
        }
        access(r, out, n);
    }
}

/// A random kernel (one parameter: the output buffer) and its block size.
fn kernel(seed: u32) -> (String, u32) {
    let mut r = Rng(seed.wrapping_mul(0x9e37_79b9) | 1);
    // One wave: lanes of different waves exchanging values with no
    // barrier race (the order of waves is the scheduler's, and more syncs
    // change it), on a GPU as here.
    let block = r.pick(&[32, 32, 24, 7]);
    let (mut n, mut text) = (0, String::new());
    let mut loop_b = String::new();
    body(&mut r, &mut loop_b, &mut n);
    let mut side = String::new();
    body(&mut r, &mut side, &mut n);
    let mut join = String::new();
    body(&mut r, &mut join, &mut n);
    let bound = r.pick(&[1, 5, 17, 33, 64]);
    let sync = if r.chance(50) { "  barrier\n" } else { "" };
    let iters = 2 + r.next() % 4;
    let (p0, p1) = (r.next() % 3, r.next() % 3);
    let qs: String = (1..=n).map(|i| format!(", %q{i}: i32")).collect();
    text.push_str(&format!(
        "kernel @k(%out: i64) wave 32 shared {} local 0 params 0 {{
  reg %t: i32, %ntid: i32, %a4: i32, %a8: i32, %p0: i32, %p1: i32, %n: i32, %v: i32, %w: i32, %c: i1, %u: i1, %j: i32, %s: i32, %g: i64{qs}
entry:
  %t = special.tid.x
  %ntid = special.ntid.x
  %a4 = shl.i32 %t, 2
  %a8 = shl.i32 %t, 3
  %p0 = mov.i32 {p0}
  %p1 = mov.i32 {p1}
  %n = mov.i32 0
  %v = add.i32 %t, 7
  st.shared.b32 [%a4], %t
  st.shared.b32 [%a4+1024], %v
  st.shared.b32 [%a4+2048], %t
  barrier
  br top
top:
{loop_b}  %c = icmp.ult.i32 %t, {bound}
  brc %c, side, join
side:
{side}  br join
join:
{join}{sync}  %n = add.i32 %n, 1
  %c = icmp.ult.i32 %n, {iters}
  brc %c, top, done
done:
  barrier
  %j = mov.i32 %t
  br copy
copy:
  %c = icmp.ult.i32 %j, {SHARED_WORDS}
  brc %c, more, last
more:
  %s = shl.i32 %j, 2
  %w = ld.shared.b32 [%s]
  %g = mulwide.u32 %j, 4
  %g = add.i64 %g, %out
  st.global.b32 [%g], %w
  %j = add.i32 %j, %ntid
  br copy
last:
  %g = mulwide.u32 %t, 4
  %g = add.i64 %g, %out
  st.global.b32 [%g+{}], %v
  exit
}}
",
        4 * SHARED_WORDS,
        4 * SHARED_WORDS
    ));
    (text, block)
}

/// `k` with a `wavesync` before every shared access: the lockstep rule
/// with nothing left out.
fn sync_everywhere(k: &mut xisa_ir::Kernel) {
    for b in &mut k.blocks {
        let mut out = Vec::with_capacity(b.insts.len() * 2);
        for inst in b.insts.drain(..) {
            if xisa_ir::lockstep::may_sync_before(&inst.op) {
                out.push(Inst {
                    guard: None,
                    op: Op::WaveSync,
                    pc: inst.pc,
                });
            }
            out.push(inst);
        }
        b.insts = out;
    }
}

/// Runs IR text `text` (one workgroup of `block` lanes) on `engine`: the
/// output words.
fn run(text: &str, block: u32, engine: Engine) -> Result<Vec<u8>, String> {
    let m = Module::from_bytes(text.as_bytes(), "k.xir", None).map_err(|e| e.to_string())?;
    let dev = Device::new().map_err(|e| e.to_string())?;
    let len = 4 * (SHARED_WORDS + block) as u64;
    let out = dev.alloc(len).map_err(|e| e.to_string())?;
    let opts = LaunchOptions {
        grid: [1, 1, 1],
        block: [block, 1, 1],
        engine,
        threads: 1,
        ..LaunchOptions::default()
    };
    dev.launch(&m, "k", &opts, &[ArgSpec::Ptr(out)])
        .map_err(|e| e.to_string())?;
    dev.read(out, len as usize).map_err(|e| e.to_string())
}

#[test]
fn the_syncs_the_pass_leaves_out_change_nothing() {
    let kernels: u32 = std::env::var("XISA_LOCKSTEP_KERNELS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(150);
    let (mut left_out, mut checked) = (0usize, 0usize);
    for seed in 0..kernels {
        let (src, block) = kernel(seed);
        let parsed =
            xisa_ir::text::parse_module(&src).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{src}"));
        let mut passed = parsed.kernels[0].clone();
        xisa_ir::lockstep::insert_wave_syncs(&mut passed);
        let mut everywhere = parsed.kernels[0].clone();
        sync_everywhere(&mut everywhere);
        let syncs = |k: &xisa_ir::Kernel| {
            k.blocks
                .iter()
                .flat_map(|b| &b.insts)
                .filter(|i| matches!(i.op, Op::WaveSync))
                .count()
        };
        left_out += syncs(&everywhere) - syncs(&passed).min(syncs(&everywhere));
        checked += passed
            .blocks
            .iter()
            .flat_map(|b| &b.insts)
            .filter(|i| matches!(i.op, Op::WaveSync) && i.guard.is_some())
            .count();
        let want = run(&everywhere.to_string(), block, Engine::JitLane)
            .unwrap_or_else(|e| panic!("seed {seed} (synced everywhere): {e}\n{src}"));
        for engine in [Engine::JitLane, Engine::Interp, Engine::JitWave] {
            let got = run(&passed.to_string(), block, engine)
                .unwrap_or_else(|e| panic!("seed {seed} ({engine}): {e}\n{passed}"));
            assert!(
                got == want,
                "seed {seed}, {engine}: the pass's syncs give other memory than a sync \
                 before every shared access\n{passed}"
            );
        }
    }
    // The generator must exercise what the pass leaves out and checks.
    assert!(left_out > kernels as usize, "{left_out} syncs left out");
    assert!(checked > 0, "no checked sync");
}
