//! Ordered 64-bit global/flat loads and stores are one 8-byte element.
//!
//! LLVM compiles a relaxed/acquire/seq_cst `i64` atomic load or store on
//! gfx942 to `global_load_dwordx2 ... sc1` (or `flat_`, other sc bits) and
//! relies on the hardware's 8-byte single-copy atomicity. These were lifted as
//! two weak 32-bit accesses: another thread could see half of a store, and
//! the access lost its order. The forms below are what `llc-19 -mcpu=gfx942`
//! emits for `load atomic i64` / `store atomic i64` at each ordering.

mod common;
mod gfx942_exec_util;

use gfx942_exec_util::*;
use xisa_cdna::gfx942::{asm, lift};

fn lifted(body: &str) -> String {
    let src = format!("{body}\ns_endpgm\n");
    let code = asm::assemble(&src).unwrap_or_else(|e| panic!("{e}\n{src}"));
    lift::lift("k", &code, &test_abi(0, 0))
        .unwrap_or_else(|e| panic!("{e}\n{src}"))
        .to_string()
}

/// The one IR access each form lifts to (none is a pair of 32-bit accesses).
#[test]
fn ordered_dwordx2_is_one_eight_byte_element() {
    let cases = [
        // load atomic i64 monotonic, syncscope("agent")
        (
            "global_load_dwordx2 v[0:1], v2, s[4:5] sc1",
            "ld.global.relaxed.device.b64 ",
        ),
        (
            "global_store_dwordx2 v2, v[0:1], s[4:5] offset:8 sc1",
            "st.global.relaxed.device.b64 ",
        ),
        // acquire, syncscope("workgroup")
        (
            "global_load_dwordx2 v[0:1], v2, s[4:5] offset:16 sc0",
            "ld.global.relaxed.workgroup.b64 ",
        ),
        // seq_cst (system): the fences around it are separate instructions
        (
            "global_store_dwordx2 v2, v[0:1], s[4:5] offset:24 sc0 sc1",
            "st.global.relaxed.system.b64 ",
        ),
        (
            "flat_load_dwordx2 v[2:3], v[0:1] sc0 sc1",
            "ld.global.relaxed.system.b64 ",
        ),
        (
            "flat_store_dwordx2 v[0:1], v[2:3] sc1",
            "st.global.relaxed.device.b64 ",
        ),
        (
            "buffer_load_dwordx2 v[0:1], v2, s[8:11], 0 offen sc1",
            "relaxed.device.b64 ",
        ),
    ];
    for (inst, want) in cases {
        let ir = lifted(inst);
        assert!(ir.contains(want), "{inst}: wants `{want}`:\n{ir}");
        assert!(!ir.contains("v2.b32"), "{inst}: split into dwords:\n{ir}");
    }
    // Plain (no sc bits) stays a weak two-dword access; wider ordered accesses
    // keep their order dword by dword.
    let ir = lifted("global_load_dwordx2 v[0:1], v2, s[4:5]");
    assert!(ir.contains("ld.global.v2.b32 "), "{ir}");
    let ir = lifted("global_load_dwordx4 v[0:3], v2, s[4:5] sc1");
    assert!(ir.contains("ld.global.relaxed.device.v4.b32 "), "{ir}");
}

/// Values through the ordered 8-byte element on both engines: the register
/// pair gets the low dword in the first register, and a 4-byte-aligned
/// address (legal on gfx942, just not single-copy atomic) still works.
#[test]
fn ordered_dwordx2_values() {
    let src = "
        s_load_dwordx4 s[4:7], s[0:1], 0x0
        v_lshlrev_b32 v2, 3, v0
        s_waitcnt lgkmcnt(0)
        global_load_dwordx2 v[4:5], v2, s[4:5] sc1
        s_waitcnt vmcnt(0)
        global_store_dwordx2 v2, v[4:5], s[6:7] sc1
        global_load_dwordx2 v[4:5], v2, s[4:5] offset:1028 sc0 sc1
        s_waitcnt vmcnt(0)
        global_store_dwordx2 v2, v[4:5], s[6:7] offset:1028 sc0
        v_add_co_u32 v6, vcc, s4, v2
        v_mov_b32 v7, s5
        v_addc_co_u32 v7, vcc, 0, v7, vcc
        flat_load_dwordx2 v[8:9], v[6:7] offset:512 sc0 sc1
        v_add_co_u32 v6, vcc, s6, v2
        v_mov_b32 v7, s7
        v_addc_co_u32 v7, vcc, 0, v7, vcc
        s_waitcnt vmcnt(0) lgkmcnt(0)
        flat_store_dwordx2 v[6:7], v[8:9] offset:512 sc1
        s_endpgm
    ";
    let code = asm::assemble(src).unwrap_or_else(|e| panic!("{e}\n{src}"));
    let k = lift::lift("k", &code, &test_abi(0, 0)).unwrap_or_else(|e| panic!("{e}"));
    let input: Vec<u64> = (0..256u64)
        .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0xdead_beef_0000_0000)
        .collect();
    let inb = bytes64(&input);
    let mut want = inb.clone();
    // Bytes no lane copies stay zero.
    want[1540..].fill(0);
    want[1024..1028].fill(0);
    for e in ENGINES {
        let out = run(
            &k,
            e,
            &Setup {
                bufs: vec![inb.clone(), vec![0; inb.len()]],
                extra: vec![],
                grid: [1, 1, 1],
                block: [64, 1, 1],
            },
        );
        assert_eq!(out[1], want, "{e:?}");
    }
}
