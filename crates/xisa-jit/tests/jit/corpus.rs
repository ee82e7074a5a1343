//! Every kernel of the IR corpus (`tests/kernels/*.xir`) lowers and passes the
//! Cranelift verifier at both optimization levels. (Running them against the
//! interpreter is the cross-crate tests' job.)

use xisa_ir::text::parse_module;
use xisa_jit::{compile, JitOptions, OptLevel};

#[test]
fn corpus_kernels_compile() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/kernels");
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut n = 0;
    for e in entries.flatten() {
        let path = e.path();
        if path.extension().is_none_or(|x| x != "xir") {
            continue;
        }
        let Ok(src) = std::fs::read_to_string(&path) else {
            continue;
        };
        // Corpus files being edited may not parse: that is the parser's test.
        let Ok(module) = parse_module(&src) else {
            continue;
        };
        for k in &module.kernels {
            for opt_level in [OptLevel::None, OptLevel::Speed] {
                for (count_stats, final_registers, wave) in [
                    (false, false, false),
                    (false, false, true),
                    (false, true, false),
                    (true, false, false),
                    (true, true, false),
                ] {
                    let o = JitOptions {
                        count_stats,
                        opt_level,
                        verify: true,
                        final_registers,
                        wave,
                    };
                    if let Err(e) = compile(k, &o) {
                        panic!("{}: {e}", path.display());
                    }
                }
            }
            n += 1;
        }
    }
    eprintln!("compiled {n} corpus kernels");
}
