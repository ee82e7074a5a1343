//! The CDNA 5 instruction writer against its own lifter: every IR atomic,
//! load, store and fence is asked for, and the written instructions cover
//! every VGLOBAL atomic row whose operation the IR has, the whole-register
//! loads and stores and the three cache operations.

use std::collections::BTreeSet;

use xisa_cdna::cdna5::rules::{tables, Class};
use xisa_frontend::MemSpec;
use xisa_testkit::write::check_writer;

#[test]
fn every_ir_atomic_row_is_written_and_lifts_back() {
    let report = check_writer(&xisa_cdna::cdna5::frontend::FRONTEND);
    let rows: BTreeSet<&str> = tables()
        .rules
        .iter()
        .filter(|r| match r.class {
            Class::Atomic(s, _) => s.ir().is_some(),
            Class::Load { half, tid, .. } => half.is_none() && !tid,
            Class::Store { hi, tid, .. } => !hi && !tid,
            Class::Fence(_) => true,
        })
        .map(|r| r.mnemonic.as_str())
        .collect();
    assert_eq!(report.mnemonics(), rows);
    // Every register set and offset of the test is written.
    assert!(report.refused_on.is_empty(), "{:?}", report.refused_on);
    let atomics = report
        .written
        .iter()
        .filter(|(s, _)| matches!(s, MemSpec::Atomic(_)))
        .count();
    // Each atomic row: four scopes (CU, SE, DEV, SYS), returning or not.
    let atomic_rows = rows
        .iter()
        .filter(|m| m.starts_with("global_atomic_"))
        .count();
    assert_eq!(atomics, atomic_rows * 4 * 2);
    assert!(report.not_yet.is_empty(), "{:?}", report.not_yet);
}
