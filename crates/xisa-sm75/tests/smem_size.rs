//! Regression: PTX `%dynamic_smem_size` compiles to a read of
//! `c[0x0][0x2c]`, which the lifter read as 0 whatever the launch asked for
//! (a silent wrong answer for any kernel launched with dynamic shared
//! memory); `%total_smem_size` (`S2R SR_SMEMSZ`) was refused. Both now read
//! the launch: the dynamic size exactly as asked (not rounded), the total as
//! the kernel's 64 static bytes plus it. `%gridid` (`c[0x0][0x30]`, 64
//! bits; refused before) is the launch's number on its device. Both
//! engines.

mod common;

use xisa::{ArgSpec, Device, Engine, LaunchOptions, Module};

#[test]
fn shared_memory_sizes_are_the_launch_sizes() {
    let bytes = common::fixture("tests/ptx/smem_size.cubin");
    let m = Module::from_bytes(&bytes, "smem_size.cubin", None).expect("load");
    for engine in [Engine::Interp, Engine::Jit] {
        let dev = Device::new().unwrap();
        for (launch, dynamic) in [0u32, 100, 4096].into_iter().enumerate() {
            let out = dev.alloc(16).unwrap();
            let opts = LaunchOptions {
                grid: [2, 1, 1],
                block: [32, 1, 1],
                shared: dynamic,
                engine,
                ..LaunchOptions::default()
            };
            dev.launch(&m, "smem_size", &opts, &[ArgSpec::Ptr(out)])
                .unwrap_or_else(|e| panic!("{engine}: {e}"));
            let r = dev.read(out, 16).unwrap();
            let w = |i: usize| u32::from_le_bytes(r[i..i + 4].try_into().unwrap());
            let grid_id = u64::from_le_bytes(r[8..16].try_into().unwrap());
            assert_eq!(
                (w(0), w(4), grid_id),
                (dynamic, 64 + dynamic, launch as u64 + 1),
                "{engine}, {dynamic} dynamic bytes: (%dynamic_smem_size, %total_smem_size, %gridid)"
            );
        }
    }
}
