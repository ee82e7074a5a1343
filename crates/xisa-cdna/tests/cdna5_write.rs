//! The CDNA 5 instruction writer against its own lifter: every IR atomic is
//! asked for, and the written instructions cover every VGLOBAL row whose
//! operation the IR has. Loads, stores and fences are not written (xisa's
//! CDNA 5 frontend holds the VGLOBAL atomics).

use std::collections::BTreeSet;

use xisa_cdna::cdna5::rules::tables;
use xisa_testkit::write::check_writer;

#[test]
fn every_ir_atomic_row_is_written_and_lifts_back() {
    let report = check_writer(&xisa_cdna::cdna5::frontend::FRONTEND);
    let rows: BTreeSet<&str> = tables()
        .rules
        .iter()
        .filter(|r| r.sem.ir().is_some())
        .map(|r| r.mnemonic.as_str())
        .collect();
    assert_eq!(report.mnemonics(), rows);
    // Every register set and offset of the test is written.
    assert!(report.refused_on.is_empty(), "{:?}", report.refused_on);
    // Each row: four scopes (CU, SE, DEV, SYS), returning or not.
    assert_eq!(report.written.len(), rows.len() * 4 * 2);
    assert_eq!(
        report.not_yet,
        BTreeSet::from(["fences", "loads", "stores"])
    );
}
