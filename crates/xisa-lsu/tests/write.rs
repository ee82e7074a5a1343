//! The lsu instruction writer against its own lifter: every IR atomic is
//! asked for, and the written instructions cover every global and shared
//! atomic row of the rules.

use std::collections::BTreeSet;

use xisa_ir::Space;

use xisa_lsu::rules::{tables, Action, Addressing};
use xisa_testkit::write::check_writer;

#[test]
fn every_global_and_shared_atomic_row_is_written_and_lifts_back() {
    let report = check_writer(&xisa_lsu::frontend::FRONTEND);
    let rows: BTreeSet<&str> = tables()
        .rules
        .iter()
        .filter(|r| matches!(r.action, Action::Atom { .. }))
        .filter(|r| matches!(r.addressing, Addressing::Global | Addressing::Shared))
        .map(|r| r.mnemonic.as_str())
        .collect();
    assert_eq!(report.mnemonics(), rows);
    // Every register set and offset of the test is written.
    assert!(report.refused_on.is_empty(), "{:?}", report.refused_on);
    // Each row once per scope it can name: three (cpol) for global, one for shared.
    let global = report
        .written
        .iter()
        .filter(|(s, _)| s.space == Space::Global);
    assert_eq!(
        global.count(),
        3 * rows.iter().filter(|m| m.contains(".global.")).count()
    );
}
