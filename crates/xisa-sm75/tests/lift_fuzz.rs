//! Random words for every opcode the float/conversion/surface lifter handles
//! (each operand form, every other bit random): lifting never panics, and
//! whatever lifts passes the IR verifier.

use std::path::PathBuf;

use xisa_sm75::lift::lift_kernel;
use xisa_sm75::loader::load;

/// splitmix64.
fn next(s: &mut u64) -> u64 {
    *s = s.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *s;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[test]
fn random_float_and_surface_words_lift_cleanly() {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/ptx/surf.cubin");
    let c = load(&std::fs::read(&p).expect("surf.cubin")).expect("load");
    let base = c.kernels[0].clone();
    // 9-bit ALU opcodes (forms 1..7 in bits [9, 12)) and full 12-bit ones.
    let alu9: [u16; 20] = [
        0x020, 0x021, 0x023, 0x00b, 0x008, 0x009, 0x108, 0x028, 0x029, 0x02a, 0x02b, 0x030, 0x031,
        0x032, 0x034, 0x102, 0x01a, 0x00c, 0x027, 0x025,
    ];
    let full: [u16; 16] = [
        0x304, 0x310, 0x305, 0x311, 0x306, 0x312, 0x307, 0x313, 0x59f, 0xb99, 0xb9d, 0x593, 0x595,
        0x394, 0x38d, 0x385,
    ];
    let mut ops: Vec<u16> = alu9
        .iter()
        .flat_map(|&o| (1u16..8).map(move |f| o | f << 9))
        .collect();
    ops.extend(full);
    ops.extend([0x306, 0x305, 0x310].map(|o| o | 0x600)); // other conversion forms
    let exit: u128 = 0x000f_ea00_0380_0000_0000_0000_0000_794d;
    let mut seed = 0x5eed_u64;
    let (mut lifted, mut rejected, mut undecoded) = (0u32, 0u32, 0u32);
    for &op in &ops {
        for _ in 0..300 {
            let r = u128::from(next(&mut seed)) | u128::from(next(&mut seed)) << 64;
            // Keep the opcode; clear bit 91 (uniform-register forms) half the time.
            let mut w = (r & !0xfff) | u128::from(op);
            if next(&mut seed) & 1 == 0 {
                w &= !(1u128 << 91);
            }
            // Scheduling bits [105, 128) from a valid instruction: the
            // decoder rejects what nvdisasm rejects there (tested against
            // nvdisasm elsewhere), and the lifter reads decoded words.
            let sched = !0u128 << 105;
            w = (w & !sched) | (exit & sched);
            // The lifter reads decoded words: a word the decoder (and
            // nvdisasm) rejects may be refused (still lifted below, to check
            // that the refusal is typed).
            let decodes = xisa_sm75::decode_word(w, 0).is_ok();
            let mut k = base.clone();
            k.code = [w, exit].iter().flat_map(|x| x.to_le_bytes()).collect();
            match lift_kernel(&k, &[]) {
                Ok(l) => {
                    lifted += 1;
                    if let Err(e) = xisa_ir::verify::verify_kernel(&l.kernel) {
                        panic!("{w:#034x}: lifted IR does not verify: {e}");
                    }
                }
                Err(e) => {
                    rejected += 1;
                    undecoded += u32::from(!decodes);
                    // Typed errors name the pc.
                    assert!(e.to_string().contains("pc 0x0"), "{w:#034x}: {e}");
                }
            }
        }
    }
    // Most random words of these opcodes that decode are liftable.
    assert!(
        lifted > rejected - undecoded,
        "lifted {lifted}, rejected {rejected} ({undecoded} do not decode)"
    );
}
