//! The gfx942 instruction writer against its own lifter: every IR memory
//! operation is asked for, and the written instructions cover every GLOBAL
//! and DS atomic, load and store row of the memory-semantics table (but the
//! d16 halves), the scalar loads of one, two and four dwords, and both
//! scoped cache operations (not the unscoped `buffer_wbinvl1*`, which
//! lift as device-wide fences).

use std::collections::BTreeSet;

use xisa_cdna::gfx942::memsem::{mem_row, Access};
use xisa_cdna::gfx942::tables::tables;
use xisa_testkit::write::check_writer;

#[test]
fn every_global_and_lds_access_row_and_cache_operation_is_written_and_lifts_back() {
    let report = check_writer(&xisa_cdna::gfx942::frontend::Gfx942Frontend);
    let t = tables();
    let rows: BTreeSet<&str> = t
        .opcodes
        .iter()
        .filter(|o| {
            let f = t.formats[o.format].name.as_str();
            (f == "DS" || (f == "FLAT" && o.variant == "global"))
                && matches!(mem_row(&o.mnemonic), Some(Ok(m))
                    if m.access == Access::Atomic
                        || (matches!(m.access, Access::Load | Access::Store)
                            && !m.flags.d16 && !m.flags.hi))
                || (f == "SMEM"
                    && matches!(mem_row(&o.mnemonic), Some(Ok(m))
                        if m.access == Access::SLoad && !m.flags.buffer
                            && matches!(m.data, xisa_cdna::gfx942::memsem::Data::Mem(_, 1 | 2 | 4))))
                || (f == "MUBUF"
                    && matches!(mem_row(&o.mnemonic), Some(Ok(m))
                        if matches!(m.access, Access::Wbl2 | Access::Inv) && !m.flags.device))
        })
        .map(|o| o.mnemonic.as_str())
        .collect();
    // On any register set (`s_load_dwordx4` needs a destination aligned
    // to four SGPRs, which the fragment convention's is not).
    let any = report.any();
    assert_eq!(any, rows);
    assert!(report.not_yet.is_empty());
    // Refused on the test's other register sets only: an odd pair (VGPRs or
    // SGPRs), a negative LDS offset, LDS or a scalar load with a uniform
    // base.
    let on = report.refused_on_reasons();
    assert_eq!(
        on,
        BTreeSet::from([
            "`v[41:42]`: vector register tuples must be 64-bit aligned",
            "offset -64 is not an unsigned 16-bit LDS offset",
            "LDS accesses take no uniform base",
            "s[41:42] is not an even SGPR pair",
            "uniform loads read global memory at a uniform pair",
        ])
    );
}

/// `buffer_wbinvl1` and `buffer_wbinvl1_vol` (earlier CDNA's L1
/// invalidate, an agent-scope acquire there; no cache bits) lift as one
/// acquire-release fence at device scope, never weaker than the hardware.
#[test]
fn the_l1_write_back_invalidate_lifts_as_a_device_wide_fence() {
    use xisa_frontend::Frontend;
    use xisa_ir::{Op, Order, Scope};
    let f = xisa_cdna::gfx942::frontend::Gfx942Frontend;
    for text in ["buffer_wbinvl1", "buffer_wbinvl1_vol"] {
        let m = f.load(&f.assemble(text).unwrap()).unwrap();
        let name = m.kernels()[0].name.clone();
        let k = m.lift(&name).unwrap();
        let fences: Vec<(Scope, Order)> = k
            .blocks
            .iter()
            .flat_map(|b| &b.insts)
            .filter_map(|i| match i.op {
                Op::Fence { scope, order } => Some((scope, order)),
                _ => None,
            })
            .collect();
        assert_eq!(fences, [(Scope::Device, Order::AcqRel)], "{text}");
    }
}
