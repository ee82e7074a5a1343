//! Error paths of the sm_75 loader and lifter: invalid modifier values stop
//! the launch with an error naming pc and field, unsupported instructions
//! and malformed cubins give typed errors, and mutated cubins never panic.

use std::path::PathBuf;

use proptest::prelude::*;
use xisa::{ArgSpec, Device, Engine, LaunchOptions, Module};
use xisa_sm75::lift::{lift_kernel, LiftError};
use xisa_sm75::loader::{load, LoadError};

fn cubin(name: &str) -> Vec<u8> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/ptx")
        .join(format!("{name}.cubin"));
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Rewrites the instruction word at `pc` of the only kernel with `f`.
fn patch(bytes: &mut [u8], pc: u64, f: impl Fn(u128) -> u128) {
    let c = load(bytes).expect("load");
    let at = (c.kernels[0].code_offset + pc) as usize;
    let w = u128::from_le_bytes(bytes[at..at + 16].try_into().unwrap());
    bytes[at..at + 16].copy_from_slice(&f(w).to_le_bytes());
}

#[test]
fn invalid_order_traps_naming_pc_and_field() {
    // atomics.cubin: `ATOMG.E.ADD.STRONG.GPU PT, R9, [R2], R7` at 0x80;
    // order [79, 81) = 0 prints INVALID0.
    let mut b = cubin("atomics");
    patch(&mut b, 0x80, |w| w & !(3u128 << 79));
    let c = load(&b).expect("load");
    let lifted = lift_kernel(&c.kernels[0], &c.relocs).expect("lift");
    assert_eq!(lifted.traps.len(), 1);
    assert_eq!(lifted.traps[0].pc, 0x80);
    assert_eq!(lifted.traps[0].field, "order");
    assert_eq!(lifted.traps[0].value, "INVALID0");
    let m = Module::from_bytes(&b, "patched", None).expect("module");
    // Wave mode too: its trap path once used a context from another block.
    for engine in [Engine::Interp, Engine::Jit, Engine::JitWave] {
        let dev = Device::new().expect("device");
        let opts = LaunchOptions {
            block: [32, 1, 1],
            engine,
            ..LaunchOptions::default()
        };
        let err = dev
            .launch(
                &m,
                "atomics",
                &opts,
                &[ArgSpec::Zeros(128), ArgSpec::Zeros(128)],
            )
            .expect_err("trap");
        let msg = err.to_string();
        assert!(msg.contains("0x80"), "{engine}: {msg}");
        assert!(msg.contains("order_INVALID0"), "{engine}: {msg}");
    }
}

#[test]
fn unknown_opcode_is_a_typed_error_with_pc() {
    let mut b = cubin("store_tid");
    // 0x30: IMAD → an opcode nobody defines.
    patch(&mut b, 0x30, |w| (w & !0xfff) | 0x3ff);
    let c = load(&b).expect("load");
    match lift_kernel(&c.kernels[0], &c.relocs) {
        Err(LiftError::Unsupported { pc, .. }) => assert_eq!(pc, 0x30),
        other => panic!("expected Unsupported, got {other:?}"),
    }
    // Loading lists the kernel; lifting it (on first use) reports the error.
    let m = Module::from_bytes(&b, "patched", None).expect("loads");
    let e = m.pick_kernel(None).expect_err("error");
    assert!(e.to_string().contains("pc 0x30"), "{e}");
}

#[test]
fn not_a_cubin() {
    assert!(matches!(
        load(b"hello"),
        Err(LoadError::Elf { offset: 0, .. })
    ));
    let mut b = cubin("store_tid");
    b[18] = 0x3e; // e_machine = x86-64
    assert!(matches!(load(&b), Err(LoadError::NotSm75(_))));
    let mut b = cubin("store_tid");
    b.truncate(0x50);
    assert!(load(&b).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Random byte mutations of real cubins: load and lift return results or
    /// typed errors, never panic.
    #[test]
    fn mutated_cubins_never_panic(
        which in 0usize..3,
        muts in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..12),
        cut in prop::option::of(any::<prop::sample::Index>()),
    ) {
        let name = ["store_tid", "loop_shfl", "atomics"][which];
        let mut b = cubin(name);
        for (i, v) in muts {
            let at = i.index(b.len());
            b[at] = v;
        }
        if let Some(c) = cut {
            let n = c.index(b.len());
            b.truncate(n);
        }
        if let Ok(c) = load(&b) {
            for k in &c.kernels {
                let _ = lift_kernel(k, &c.relocs);
            }
        }
        let _ = Module::from_bytes(&b, "fuzz", Some(xisa::Isa::named("sm75").unwrap()));
    }

    /// Random instruction words in the code of a real cubin: the lifter
    /// never panics and whatever it accepts passes the IR verifier.
    #[test]
    fn random_words_lift_or_fail_cleanly(
        words in prop::collection::vec((0usize..16, any::<u128>()), 1..6),
    ) {
        let mut b = cubin("store_tid");
        for (slot, w) in words {
            patch(&mut b, (slot * 16) as u64, |_| w);
        }
        let c = load(&b).expect("code patches keep the container valid");
        if let Ok(l) = lift_kernel(&c.kernels[0], &c.relocs) {
            prop_assert!(xisa_ir::verify::verify_kernel(&l.kernel).is_ok(),
                "{:?}", xisa_ir::verify::verify_kernel(&l.kernel));
        }
    }
}
