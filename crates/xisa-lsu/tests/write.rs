//! The lsu instruction writer against its own lifter: every IR memory
//! operation is asked for, and the written instructions cover every global
//! and shared atomic, load and store row and every cache operation of the
//! rules.

use std::collections::BTreeSet;

use xisa_lsu::rules::{tables, Action, Addressing};
use xisa_testkit::write::check_writer;

#[test]
fn every_vector_addressed_row_and_cache_operation_is_written_and_lifts_back() {
    let report = check_writer(&xisa_lsu::frontend::FRONTEND);
    let rows: BTreeSet<&str> = tables()
        .rules
        .iter()
        .filter(|r| match r.action {
            Action::Atom { .. } | Action::Load { .. } | Action::Store { .. } => {
                matches!(r.addressing, Addressing::Global | Addressing::Shared)
            }
            Action::Fence { .. } => true,
            Action::Uld { .. } => false,
        })
        .map(|r| r.mnemonic.as_str())
        .collect();
    assert_eq!(report.mnemonics(), rows);
    assert!(report.not_yet.is_empty());
    // Every register set and offset of the test is written.
    assert!(report.refused_on.is_empty(), "{:?}", report.refused_on);
    // Each global row once per scope its cache policy names (wg, dev, sys),
    // loads and stores for each weak shape; each shared row at its one scope.
    let global = rows.iter().filter(|m| m.contains(".global.")).count();
    let shared = rows.iter().filter(|m| m.contains(".shared.")).count();
    let fences = rows.len() - global - shared;
    assert_eq!(report.written.len(), 3 * global + shared + fences);
}
