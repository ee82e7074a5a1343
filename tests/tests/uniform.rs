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
