//! Wave-uniform hoisting: values that depend only on parameters and the launch
//! geometry are computed once per workgroup, and results are unchanged.

use xisa::{ArgSpec, Device, Engine, LaunchOptions, Module};

const SRC: &str = "kernel @k(%out: i64, %scale: i32) {
  reg %c: i32, %n: i32, %base: i32, %s2: i32, %t: i32, %i: i32, %v: i32, %off: i64
entry:
  %c = special.ctaid.x
  %n = special.ntid.x
  %base = mul.i32 %c, %n
  %s2 = mul.i32 %scale, 3
  %t = special.tid.x
  %i = add.i32 %base, %t
  %v = mad.i32 %i, %s2, %c
  %off = cvt.zext.i64.i32 %i
  %off = shl.i64 %off, 2
  %off = add.i64 %off, %out
  st.global.b32 [%off], %v
  exit
}";

#[test]
fn uniform_prefix_is_hoisted_and_results_are_exact() {
    let module = Module::from_bytes(SRC.as_bytes(), "uniform.xir", None).unwrap();
    let k = module.kernel("k").unwrap();
    let (lane_kernel, prologue) = xisa::ir::uniform::hoist(k);
    // ctaid, ntid, ctaid*ntid, scale*3 are hoisted; tid-derived values are not.
    assert_eq!(prologue.len(), 4, "{prologue:?}");
    assert_eq!(lane_kernel.inst_count(), k.inst_count());
    for engine in [Engine::Interp, Engine::Jit] {
        let dev = Device::new().unwrap();
        let (grid, block) = (5u32, 64u32);
        let opts = LaunchOptions {
            grid: [grid, 1, 1],
            block: [block, 1, 1],
            engine,
            stats: true,
            ..LaunchOptions::default()
        };
        let n = (grid * block) as usize;
        let args = [ArgSpec::Zeros(4 * n as u64), ArgSpec::U32(7)];
        let rep = dev.launch(&module, "k", &opts, &args).unwrap();
        let out = dev.read(rep.buffers[0].unwrap().addr, 4 * n).unwrap();
        for i in 0..n {
            let c = (i / block as usize) as u32;
            let want = (i as u32).wrapping_mul(21).wrapping_add(c);
            let got = u32::from_le_bytes(out[i * 4..i * 4 + 4].try_into().unwrap());
            assert_eq!(got, want, "{engine} lane {i}");
        }
        // Instruction counts stay those of the original kernel (hoisted
        // instructions become self-moves in the lanes).
        assert_eq!(
            rep.stats.insts,
            n as u64 * k.inst_count() as u64,
            "{engine}"
        );
    }
}

/// A register read before it is written (directly, after a write under a
/// false guard, or on a loop's first iteration) reads 0 in every lane of
/// every workgroup, although the runtime clears only such registers
/// between workgroups (one host thread: one runner runs them all; the
/// `%d` registers, written first, make those few enough to clear one by
/// one).
#[test]
fn registers_read_before_written_start_at_zero_in_every_workgroup() {
    const SRC: &str = "kernel @k(%out: i64) {
  reg %t: i32, %a: i32, %b: i32, %c: i32, %p: i1, %i: i32, %q: i1, %off: i64, %s: i32, %d0: i32, %d1: i32, %d2: i32, %d3: i32, %d4: i32, %d5: i32
entry:
  %t = special.tid.x
  %d0 = add.i32 %t, 1
  %d1 = add.i32 %d0, 1
  %d2 = add.i32 %d1, 1
  %d3 = add.i32 %d2, 1
  %d4 = add.i32 %d3, 1
  %d5 = add.i32 %d4, 1
  %s = add.i32 %a, 0
  %a = add.i32 %t, 100
  %p = icmp.eq.i32 %t, 1000
  @%p %b = mov.i32 7
  %s = add.i32 %s, %b
  %b = add.i32 %t, 200
  %i = mov.i32 0
  br loop
loop:
  %s = add.i32 %s, %c
  %c = add.i32 %t, 300
  %i = add.i32 %i, 1
  %q = icmp.ult.i32 %i, 3
  brc %q, loop, done
done:
  %c = special.ctaid.x
  %c = mad.i32 %c, 64, %t
  %off = cvt.zext.i64.i32 %c
  %off = shl.i64 %off, 2
  %off = add.i64 %off, %out
  st.global.b32 [%off], %s
  exit
}";
    let module = Module::from_bytes(SRC.as_bytes(), "zero.xir", None).unwrap();
    let k = module.kernel("k").unwrap();
    let read = k.read_before_written();
    let names: Vec<&str> = k
        .regs
        .iter()
        .zip(&read)
        .filter(|(_, &r)| r)
        .map(|(d, _)| d.name.as_str())
        .collect();
    assert_eq!(names, ["a", "b", "c"]);
    for engine in [Engine::Interp, Engine::Jit] {
        let dev = Device::new().unwrap();
        let (grid, block) = (6u32, 64u32);
        let opts = LaunchOptions {
            grid: [grid, 1, 1],
            block: [block, 1, 1],
            engine,
            threads: 1,
            ..LaunchOptions::default()
        };
        let n = (grid * block) as usize;
        let rep = dev
            .launch(&module, "k", &opts, &[ArgSpec::Zeros(4 * n as u64)])
            .unwrap();
        let out = dev.read(rep.buffers[0].unwrap().addr, 4 * n).unwrap();
        for i in 0..n {
            let t = (i % 64) as u32;
            // 0 + 0 (b under a false guard) + c: 0, then t+300 twice
            let want = 2 * (t + 300);
            let got = u32::from_le_bytes(out[i * 4..i * 4 + 4].try_into().unwrap());
            assert_eq!(got, want, "{engine} lane {i}");
        }
    }
}
