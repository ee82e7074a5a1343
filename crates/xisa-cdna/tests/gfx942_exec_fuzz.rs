//! The gfx942 lifter on mutated machine code: every kernel of the
//! `tests/gfx942/out` corpus, with random dwords replaced, bits flipped, the
//! code truncated, and random entry ABIs. Lifting must return `Ok` (a kernel
//! that passed the IR verifier) or a lifting error naming the problem; it must
//! never panic, and never produce IR the verifier rejects (`LiftError::Verify`
//! is a lifter defect).

mod common;

use common::Rng;
use xisa_cdna::gfx942::codeobj;
use xisa_cdna::gfx942::lift::{self, codeobj as lco, EntryAbi, LiftError};

const ITERATIONS: usize = 20000;

fn corpus_kernels() -> Vec<(String, Vec<u8>, EntryAbi)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/gfx942/out");
    let mut v = Vec::new();
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "co"))
        .collect();
    names.sort();
    for p in names {
        let Ok(co) = codeobj::load(&std::fs::read(&p).unwrap()) else {
            continue;
        };
        for k in &co.kernels {
            v.push((k.name.clone(), k.code.clone(), lco::entry_abi(k)));
        }
    }
    v
}

#[test]
fn mutated_code_never_panics_and_always_verifies() {
    let kernels = corpus_kernels();
    assert!(kernels.len() >= 20, "corpus has {} kernels", kernels.len());
    let mut rng = Rng::new(0xf022_9420);
    let calls = {
        let co = include_bytes!("gfx942_exec_util/kernels.co");
        let obj = codeobj::load(co).unwrap();
        let k = obj.kernel("callk").unwrap();
        let img = lco::image(co).unwrap();
        let mut abi = lco::entry_abi(k);
        abi.code_offset = k.code_address - img.base_vaddr;
        lift::lift_program("callk", &k.code, &abi, &|off| img.function_at(off), &[]).unwrap();
        ("callk", k.code.clone(), abi, img)
    };
    let (mut ok, mut err) = (0, 0);
    for k in &kernels {
        // The unmutated kernels lift.
        lift::lift(&k.0, &k.1, &k.2).unwrap_or_else(|e| panic!("{}: {e}", k.0));
    }
    for it in 0..ITERATIONS {
        let (name, code, abi) = &kernels[it % kernels.len()];
        let mut c = code.clone();
        let words = c.len() / 4;
        for _ in 0..1 + rng.below(4) {
            let w = rng.below(words as u64) as usize;
            match rng.below(3) {
                0 => c[4 * w..4 * w + 4].copy_from_slice(&(rng.next() as u32).to_le_bytes()),
                1 => {
                    let bit = rng.below(32);
                    c[4 * w + (bit / 8) as usize] ^= 1 << (bit % 8);
                }
                _ => {
                    // Keep the format bits, randomize the rest.
                    let old = u32::from_le_bytes(c[4 * w..4 * w + 4].try_into().unwrap());
                    let new = (old & 0xff80_0000) | (rng.next() as u32 & 0x007f_ffff);
                    c[4 * w..4 * w + 4].copy_from_slice(&new.to_le_bytes());
                }
            }
        }
        if rng.below(8) == 0 {
            c.truncate(rng.below(c.len() as u64 + 1) as usize);
        }
        let mut a = *abi;
        if rng.below(4) == 0 {
            let r = rng.next();
            a.dispatch_ptr = r & 1 == 1;
            a.queue_ptr = r & 2 == 2;
            a.kernarg_segment_ptr = r & 4 == 4;
            a.private_segment_buffer = r & 8 == 8;
            a.user_sgpr_count = (r >> 8) as u32 % 40;
            a.workitem_id = (r >> 16) as u32 % 4;
            a.workgroup_id = [r & 16 == 16, r & 32 == 32, r & 64 == 64];
        }
        // Every fourth iteration: the call-lifting path, on the fixture's
        // kernel with calls (mutated) and its unmutated callee.
        let r = if it % 4 == 3 {
            let (_, callk, abi_c, img) = &calls;
            let mut c2 = callk.clone();
            let w = rng.below((c2.len() / 4) as u64) as usize;
            c2[4 * w..4 * w + 4].copy_from_slice(&(rng.next() as u32).to_le_bytes());
            lift::lift_program("callk", &c2, abi_c, &|off| img.function_at(off), &[])
        } else {
            lift::lift(name, &c, &a)
        };
        match r {
            Ok(_) => ok += 1,
            Err(LiftError::Verify(e)) => {
                panic!("{name} (iteration {it}): lifted IR does not verify: {e}")
            }
            Err(_) => err += 1,
        }
    }
    eprintln!("{ITERATIONS} mutated kernels: {ok} lifted, {err} rejected with a lifting error");
    assert!(ok > 0 && err > 0);
}
