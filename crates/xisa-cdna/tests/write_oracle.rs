//! llvm-mc oracle for the instruction writers: every instruction the gfx942
//! and CDNA 5 writers write (every IR memory operation, on the fragment
//! registers and on registers elsewhere with an offset) is assembled by
//! `llvm-mc-19 --show-encoding` (`--mcpu=gfx942`; `--mcpu=gfx1200` for the
//! VGLOBAL encoding of CDNA 5): the bytes must equal xisa's.

mod common;

use common::*;
use xisa_frontend::{Frontend, FrontendError};
use xisa_testkit::write::{mem_specs, REGS};

/// Every text `f` writes, with xisa's bytes for it.
fn written(f: &dyn Frontend) -> Vec<(String, Vec<u8>)> {
    let mut v = Vec::new();
    for spec in mem_specs() {
        for regs in REGS {
            match f.write_mem(&spec, &regs) {
                Ok(w) => {
                    let bytes = f.assemble(&w.text).unwrap();
                    v.push((w.text, bytes));
                }
                Err(FrontendError::NoInstruction { .. } | FrontendError::NoWriter { .. }) => {}
                Err(e) => panic!("{spec}: {e}"),
            }
        }
    }
    v
}

fn agree(f: &dyn Frontend, mcpu: &str, at_least: usize) {
    let Some(tool) = llvm_mc() else {
        return;
    };
    let w = written(f);
    assert!(w.len() >= at_least, "{} written", w.len());
    let texts: Vec<String> = w.iter().map(|(t, _)| t.clone()).collect();
    let theirs = llvm_encodings(&tool, mcpu, &texts);
    for ((text, ours), theirs) in w.iter().zip(theirs) {
        assert_eq!(theirs.as_ref(), Some(ours), "{text}");
    }
}

#[test]
fn gfx942_writes_what_llvm_mc_assembles() {
    agree(&xisa_cdna::gfx942::frontend::Gfx942Frontend, "gfx942", 500);
}

#[test]
fn cdna5_writes_what_llvm_mc_assembles() {
    agree(&xisa_cdna::cdna5::frontend::FRONTEND, "gfx1200", 500);
}
