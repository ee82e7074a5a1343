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
    let rows = |ubase: bool| -> BTreeSet<&str> {
        tables()
            .rules
            .iter()
            .filter(|r| match r.action {
                Action::Atom { .. } | Action::Load { .. } | Action::Store { .. } => {
                    if ubase {
                        r.addressing == Addressing::Ubase
                    } else {
                        matches!(r.addressing, Addressing::Global | Addressing::Shared)
                    }
                }
                Action::Fence { .. } => !ubase,
                // Uniform loads of up to four words (the IR's widest load).
                Action::Uld { dwords } => !ubase && r.addressing == Addressing::U64 && dwords <= 4,
            })
            .map(|r| r.mnemonic.as_str())
            .collect()
    };
    let (vector, ubase) = (rows(false), rows(true));
    assert_eq!(report.mnemonics(), vector);
    // With a uniform base: the `ubase` rows.
    let any = report.any();
    assert_eq!(any, vector.union(&ubase).copied().collect());
    assert!(report.not_yet.is_empty());
    // Every register set and offset of the test is written, but shared
    // accesses with a uniform base.
    let on = report.refused_on_reasons();
    assert_eq!(
        on,
        BTreeSet::from([
            "a uniform base addresses global memory only",
            "uniform loads read global memory at a uniform pair",
        ])
    );
    // Each global row once per scope its cache policy names (wg, dev, sys),
    // loads and stores for each weak shape; each shared row at its one scope.
    // Uniform loads (`uld`) once per scope too.
    let global = vector
        .iter()
        .filter(|m| m.contains(".global.") || m.starts_with("uld."))
        .count();
    let shared = vector.iter().filter(|m| m.contains(".shared.")).count();
    let fences = vector.len() - global - shared;
    assert_eq!(report.written.len(), 3 * global + shared + fences);
}
