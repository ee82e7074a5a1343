//! MEMBAR's fields as nvdisasm reads them (semantics [79:81): 0 `.SC`,
//! 1 `.ALL`, 2 none, 3 invalid; scope [76:79): CTA, SM, GPU, SYS, 4 invalid,
//! 5 `.VC`, 6-7 invalid) and what they lift to: a seq_cst fence of the scope
//! for every valid form (`docs/scopes.md`), a trap for the invalid values,
//! the widest fence for the undocumented `.VC` (debug builds put
//! `MEMBAR.SC.VC; ERRBAR` before every EXIT) and a refusal naming the pc
//! for `.MMIO`. The words come from the sm_75 litmus cubin (ptxas output for
//! `fence.sc.gpu` / `fence.acq_rel.gpu`), patched field by field.

mod common;

use std::path::PathBuf;

use xisa::Module;

fn cubin() -> Vec<u8> {
    let p =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/litmus/sm75/out/litmus.cubin");
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The file offset and pc of the `sb_fence_sc` kernel's first MEMBAR.
fn first_membar(bytes: &[u8]) -> (usize, u64) {
    common::find_word(bytes, "sb_fence_sc", |w| w & 0xfff == 0x992).expect("a MEMBAR")
}

/// The `sb_fence_sc` kernel's first MEMBAR with its semantics and scope
/// fields set, lifted: the pc and the module's IR text, or the error.
fn lift_with(sem: u128, scope: u128) -> (u64, Result<String, String>) {
    lift_patched(|w| w & !(0x1f << 76) | scope << 76 | sem << 79)
}

/// The `sb_fence_sc` kernel's first MEMBAR changed by `f`, lifted.
fn lift_patched(f: impl Fn(u128) -> u128) -> (u64, Result<String, String>) {
    let mut bytes = cubin();
    let (at, pc) = first_membar(&bytes);
    let w = f(common::word_at(&bytes, at));
    common::set_word(&mut bytes, at, w);
    (pc, common::lift_text(&bytes, "litmus.cubin", "sb_fence_sc"))
}

#[test]
fn every_valid_membar_is_a_seq_cst_fence_of_its_scope() {
    for (scope, name) in [
        (0, "workgroup"),
        (1, "cluster"),
        (2, "device"),
        (3, "system"),
    ] {
        for sem in 0..3 {
            let (pc, r) = lift_with(sem, scope);
            let ir = r.unwrap_or_else(|e| panic!("sem {sem} scope {scope}: {e}"));
            let want = format!("fence.{name}.seq_cst !pc {pc:#x}");
            assert!(ir.contains(&want), "sem {sem} scope {scope}: no `{want}`");
        }
    }
}

/// Invalid field values decode to a trap at the MEMBAR (as every invalid
/// encoding does: the GPU raises an illegal-instruction error there); `.VC`
/// (undocumented) is the widest fence, which orders at least as much as
/// whatever it means; `.MMIO` has no meaning xisa can give it, so lifting
/// refuses it.
#[test]
fn invalid_membar_fields_trap_vc_is_the_widest_fence_and_mmio_is_refused() {
    for (sem, scope) in [(3, 2), (0, 4), (1, 7)] {
        let (pc, r) = lift_with(sem, scope);
        let ir = r.unwrap_or_else(|e| panic!("sem {sem} scope {scope}: {e}"));
        assert!(
            ir.contains(&format!("invalid_{pc:#x}")) && ir.contains(&format!("trap !pc {pc:#x}")),
            "sem {sem} scope {scope}: no trap at {pc:#x}"
        );
    }
    for sem in 0..2 {
        let (pc, r) = lift_with(sem, 5);
        let ir = r.unwrap_or_else(|e| panic!("sem {sem} .VC: {e}"));
        let want = format!("fence.system.seq_cst !pc {pc:#x}");
        assert!(ir.contains(&want), "sem {sem} .VC: no `{want}`");
    }
    let (pc, r) = lift_patched(|w| w | 1 << 72);
    let e = r.expect_err("MEMBAR.MMIO lifted");
    assert!(
        e.contains("modifier .MMIO is not lifted") && e.contains(&format!("{pc:#x}")),
        "{e}"
    );
}

/// A kernel that cannot be lifted fails alone: the module loads, its other
/// kernels run, and asking for it gives its error (naming pc and form).
#[test]
fn an_unliftable_kernel_fails_alone() {
    let mut bytes = cubin();
    let (at, _) = first_membar(&bytes);
    // MMIO (bit 72): refused.
    let w = common::word_at(&bytes, at) | 1 << 72;
    common::set_word(&mut bytes, at, w);
    let m = Module::from_bytes(&bytes, "litmus.cubin", None).expect("the module still loads");
    let e = m.kernel("sb_fence_sc").unwrap_err().to_string();
    assert!(
        e.contains("sb_fence_sc") && e.contains(".MMIO") && e.contains("is not lifted"),
        "{e}"
    );
    let (_, failed) = m.lift_all();
    assert!(
        failed.len() == 1 && failed[0].contains("sb_fence_sc"),
        "{failed:?}"
    );
    // Another kernel of the same cubin runs.
    let dev = xisa::Device::new().unwrap();
    let n = 64u32;
    let mem = dev.alloc(16 * u64::from(n)).unwrap();
    let obs = dev.alloc(16 * u64::from(n)).unwrap();
    let sync = dev.alloc(4 * u64::from(n)).unwrap();
    let opts = xisa::LaunchOptions {
        grid: [2, 1, 1],
        block: [1, 1, 1],
        threads: 2,
        ..Default::default()
    };
    use xisa::ArgSpec::{Ptr, U32};
    dev.launch(
        &m,
        "mp_rel_acq",
        &opts,
        &[Ptr(mem), Ptr(obs), Ptr(sync), U32(n)],
    )
    .expect("another kernel runs");
    assert_eq!(dev.read(sync, 4).unwrap(), 2u32.to_le_bytes());
}
