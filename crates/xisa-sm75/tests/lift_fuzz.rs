//! Random words for every opcode the float/conversion/surface lifter handles
//! (each operand form, every other bit random): lifting never panics, and
//! whatever lifts passes the IR verifier. Random words of every opcode: no
//! op reads an operand position its decoded form lacks.

use std::collections::BTreeMap;
use std::path::PathBuf;

use xisa_sm75::lift::lift_kernel;
use xisa_sm75::loader::{load, CubinKernel};
use xisa_testkit::Rng;

/// `EXIT`, whose scheduling bits the random words borrow.
const EXIT: u128 = 0x000f_ea00_0380_0000_0000_0000_0000_794d;

/// A kernel to put words in (its parameters and banks are the fixture's).
fn base_kernel() -> CubinKernel {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/ptx/surf.cubin");
    let c = load(&std::fs::read(&p).expect("surf.cubin")).expect("load");
    c.kernels[0].clone()
}

/// A random word of opcode `op` with a valid instruction's scheduling bits
/// [105, 128): the decoder rejects what nvdisasm rejects there (tested
/// against nvdisasm elsewhere), and the lifter reads decoded words. Bit 91
/// (uniform-register forms) is cleared half the time.
fn random_word(rng: &mut Rng, op: u16) -> u128 {
    let mut w = (rng.next_u128() & !0xfff) | u128::from(op);
    if rng.chance(1, 2) {
        w &= !(1u128 << 91);
    }
    let sched = !0u128 << 105;
    (w & !sched) | (EXIT & sched)
}

#[test]
fn random_float_and_surface_words_lift_cleanly() {
    let base = base_kernel();
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
    let mut rng = Rng::new(0x5eed);
    let (mut lifted, mut rejected, mut undecoded) = (0u32, 0u32, 0u32);
    for &op in &ops {
        for _ in 0..300 {
            let w = random_word(&mut rng, op);
            // The lifter reads decoded words: a word the decoder (and
            // nvdisasm) rejects may be refused (still lifted below, to check
            // that the refusal is typed).
            let decodes = xisa_sm75::decode_word(w, 0).is_ok();
            let mut k = base.clone();
            k.code = [w, EXIT].iter().flat_map(|x| x.to_le_bytes()).collect();
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

/// Every op reads only the operand positions its decoded form has: a
/// position past them is refused ("the decoded form has no operand N"), and
/// such a refusal means the op is read with a shape the decoder never
/// gives it. Before, such a position read as an optional operand printing
/// nothing (RZ, PT), so a form whose table lost a carry-in would have lifted
/// with PT; UMOV's lane mask (MOV has one, UMOV none) was read that way.
#[test]
fn no_op_reads_an_operand_its_form_lacks() {
    let base = base_kernel();
    let mut rng = Rng::new(0x0dd_f0a5);
    let mut lifted = 0u32;
    let mut missing: BTreeMap<String, String> = BTreeMap::new();
    for op in 0u16..0x1000 {
        for _ in 0..48 {
            let w = random_word(&mut rng, op);
            if xisa_sm75::decode_word(w, 0).is_err() {
                continue;
            }
            let mut k = base.clone();
            k.code = [w, EXIT].iter().flat_map(|x| x.to_le_bytes()).collect();
            match lift_kernel(&k, &[]) {
                Ok(_) => lifted += 1,
                Err(e) if e.to_string().contains("has no operand") => {
                    let e = e.to_string();
                    let form = e.split("(form ").nth(1).unwrap_or(&e).to_string();
                    missing.entry(form).or_insert(format!("{w:#034x}: {e}"));
                }
                Err(_) => {}
            }
        }
    }
    assert!(
        missing.is_empty(),
        "{:#?}",
        missing.values().collect::<Vec<_>>()
    );
    // The sweep reaches the lifter's ops, not only refusals.
    assert!(lifted > 5000, "only {lifted} random words lift");
}
