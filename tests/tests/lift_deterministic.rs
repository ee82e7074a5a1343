//! Regression: lifting a gfx942 code object whose kernels call functions
//! gave a different kernel each time (blocks and register declarations in
//! another order): the callees' regions were numbered in a hash map's
//! iteration order. Each lift of the same bytes must print the same IR, in
//! one process (each hash map has its own random order) as across runs.

use std::path::PathBuf;
use xisa::ir::simplify::AtExit;
use xisa::Module;

/// Code objects with calls: device functions, `printf`'s hostcall, a
/// function pointer (every function a possible callee), atomics helpers.
const WITH_CALLS: [&str; 4] = [
    "hip/out/block_vote.co",
    "hip/out/hostcall.co",
    "hip/out/fptr.co",
    "hip/out/device_calls.co",
];

fn lifted(rel: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel);
    let bytes = std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    let m = Module::from_bytes(&bytes, rel, None).expect("load");
    let (module, failed) = m.lift_all_for(AtExit::Nothing);
    assert!(failed.is_empty(), "{rel}: {failed:?}");
    xisa::ir::text::print_module(&module)
}

#[test]
fn a_code_object_with_calls_lifts_to_the_same_ir_every_time() {
    for rel in WITH_CALLS {
        let first = lifted(rel);
        assert!(first.contains("call"), "{rel}: no call in the lift");
        for _ in 0..4 {
            assert!(lifted(rel) == first, "{rel}: a second lift differs");
        }
    }
}
