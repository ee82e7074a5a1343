//! Which gfx942 `s_waitcnt` instructions drain the host store buffer (lift to
//! `fence.device.seq_cst`): exactly those that wait for a device- or
//! system-scope store other host threads can see (docs/scopes.md, "The
//! drain"). The litmus suite
//! (`tests/tests/litmus.rs`) checks the effect; this checks the placement.

use xisa_cdna::gfx942::{asm::assemble, lift};

const DRAIN: &str = "fence.device.seq_cst";

/// Lifts `body` (a kernel with the kernarg pointer in s[0:1]) and returns how
/// many drains it got.
fn drains(body: &str) -> usize {
    let src = format!("{body}\ns_endpgm\n");
    let code = assemble(&src).unwrap_or_else(|e| panic!("{e}\n{src}"));
    let abi = lift::EntryAbi {
        kernarg_segment_ptr: true,
        user_sgpr_count: 2,
        workitem_id: 0,
        private_segment_fixed_size: 256,
        ..Default::default()
    };
    let k = lift::lift("k", &code, &abi).unwrap_or_else(|e| panic!("{e}\n{src}"));
    k.to_string().matches(DRAIN).count()
}

#[test]
fn a_wait_after_a_global_store_drains() {
    let store = "global_store_dword v0, v1, s[0:1] sc1";
    assert_eq!(drains(&format!("{store}\ns_waitcnt vmcnt(0)")), 1);
    // The seq_cst fence LLVM emits between a store and a load.
    assert_eq!(
        drains(&format!(
            "{store}\nbuffer_wbl2 sc1\ns_waitcnt vmcnt(0) lgkmcnt(0)\nbuffer_inv sc1\n\
             global_load_dword v2, v0, s[0:1] sc1\ns_waitcnt vmcnt(0)"
        )),
        1,
        "only the first wait follows an outstanding store"
    );
    // flat and buffer stores count too.
    assert_eq!(
        drains("flat_store_dword v[0:1], v2 sc0 sc1\ns_waitcnt vmcnt(0)"),
        1
    );
    assert_eq!(
        drains("buffer_store_dword v1, off, s[4:7], 0 sc1\ns_waitcnt vmcnt(0)"),
        1
    );
}

#[test]
fn waits_without_an_outstanding_store_do_not_drain() {
    // Only loads.
    assert_eq!(
        drains("global_load_dword v1, v0, s[0:1]\ns_waitcnt vmcnt(0)"),
        0
    );
    // A lane-private scratch store, LDS, and an LGKM-only wait.
    assert_eq!(
        drains("scratch_store_dword v0, v1, off\ns_waitcnt vmcnt(0)"),
        0
    );
    assert_eq!(drains("ds_write_b32 v0, v1\ns_waitcnt lgkmcnt(0)"), 0);
    assert_eq!(
        drains("global_store_dword v0, v1, s[0:1]\ns_waitcnt lgkmcnt(0)"),
        0,
        "a wait that does not wait on vmcnt"
    );
    // A store already drained by an earlier wait.
    assert_eq!(
        drains(
            "global_store_dword v0, v1, s[0:1] sc1\ns_waitcnt vmcnt(0)\n\
             global_load_dword v1, v0, s[0:1]\ns_waitcnt vmcnt(0)"
        ),
        1
    );
}

#[test]
fn vmcnt_n_drains_once_n_later_operations_were_issued() {
    let st = "global_store_dword v0, v1, s[0:1] sc1\n";
    let ld = "global_load_dword v2, v0, s[0:1]\n";
    // store, load: vmcnt(1) leaves only the load outstanding (in-order completion).
    assert_eq!(drains(&format!("{st}{ld}s_waitcnt vmcnt(1)")), 1);
    // store, load: vmcnt(2) may leave the store outstanding.
    assert_eq!(drains(&format!("{st}{ld}s_waitcnt vmcnt(2)")), 0);
    assert_eq!(drains(&format!("{st}{ld}{ld}s_waitcnt vmcnt(2)")), 1);
}

#[test]
fn the_state_flows_along_branches_and_loops() {
    // A store at the bottom of a loop is outstanding at the wait at its top.
    assert_eq!(
        drains(
            "s_mov_b32 s4, 4\n\
             top:\n\
             global_load_dword v1, v0, s[0:1]\n\
             s_waitcnt vmcnt(0)\n\
             global_store_dword v0, v1, s[0:1] offset:4 sc1\n\
             s_sub_u32 s4, s4, 1\n\
             s_cmp_lg_u32 s4, 0\n\
             s_cbranch_scc1 top"
        ),
        1
    );
    // A store on one arm of a branch reaches the wait after the join.
    assert_eq!(
        drains(
            "s_cmp_eq_u32 s0, 0\n\
             s_cbranch_scc1 skip\n\
             global_store_dword v0, v1, s[0:1] sc0 sc1\n\
             skip:\n\
             global_load_dword v1, v0, s[0:1]\n\
             s_waitcnt vmcnt(0)"
        ),
        1
    );
    // A store an unconditional branch skips never happens.
    assert_eq!(
        drains(
            "s_branch over\n\
             global_store_dword v0, v1, s[0:1] sc1\n\
             over:\n\
             s_waitcnt vmcnt(0)"
        ),
        0
    );
}

#[test]
fn plain_and_workgroup_scope_stores_do_not_drain() {
    // No program can rely on a plain store's order against a later load (a
    // thread reading it without happens-before races), and a workgroup-scope
    // atomic store (sc0) is seen only by its workgroup's one host thread.
    for store in [
        "global_store_dword v0, v1, s[0:1]",
        "global_store_dword v0, v1, s[0:1] sc0",
        "global_store_dword v0, v1, s[0:1] nt",
        "flat_store_dword v[0:1], v2 sc0",
        "buffer_store_dword v1, off, s[4:7], 0",
    ] {
        assert_eq!(
            drains(&format!("{store}\ns_waitcnt vmcnt(0)")),
            0,
            "{store}"
        );
        assert_eq!(
            drains(&format!(
                "{store}\nglobal_store_dword v0, v1, s[0:1] sc1\ns_waitcnt vmcnt(0)"
            )),
            1,
            "{store} then a device-scope store"
        );
    }
    // The grid-stride loop LLVM emits for saxpy: the wait for this
    // iteration's loads follows the previous iteration's plain stores.
    assert_eq!(
        drains(
            "s_mov_b32 s4, 4\n\
             top:\n\
             global_load_dword v1, v0, s[0:1]\n\
             global_load_dword v2, v0, s[0:1] offset:4\n\
             s_waitcnt vmcnt(1)\n\
             global_store_dword v0, v1, s[0:1] offset:8\n\
             s_waitcnt vmcnt(1)\n\
             global_store_dword v0, v2, s[0:1] offset:12\n\
             s_sub_u32 s4, s4, 1\n\
             s_cmp_lg_u32 s4, 0\n\
             s_cbranch_scc1 top"
        ),
        0
    );
}
