//! Regression: the sub-register select (`.B0..B3`, `.H0/.H1`, bits [60, 62))
//! of a conversion's source applies to constant-bank and uniform-register
//! sources too (nvdisasm prints `I2F.U16 R2, UR4.H1`,
//! `F2F.F32.F16 R2, c[0x0] [0x10].H1`). The lifter read it only for register
//! sources, so `UR4.H1` converted the low half: a silent wrong answer. The
//! field check (every decoded field must be read) found it.
//!
//! `tests/ptx/select.ptx`: ptxas loads a `u16` parameter with `ULDC.U16`
//! (zero-extending) and converts `UR4`; the test patches `.H1` into that
//! I2F, whose result must then be the (zero) high half. The same kernel
//! reads an `f16` parameter with `LDC.U16 R0, c[0x0][0x16e]`, which the
//! lifter refused (sub-word LDC), and `ULDC.U16` read 32 bits at the
//! 2-byte offset instead of zero-extending the 16.

mod common;

use xisa::{ArgSpec, Device, Engine, LaunchOptions, Module};

fn cubin() -> Vec<u8> {
    common::fixture("tests/ptx/select.cubin")
}

/// Runs `cvt_u16_param` with `b` (and `h` = 0x1234 after it, so a load
/// that does not zero-extend `b` shows) and returns `(float(b), float(g))`
/// per engine (g = f16 1.0, read with `LDC.U16`).
fn run(bytes: &[u8], b: u16) -> Vec<(Engine, f32, f32)> {
    let m = Module::from_bytes(bytes, "select.cubin", None).expect("load");
    [Engine::Interp, Engine::Jit]
        .into_iter()
        .map(|engine| {
            let dev = Device::new().unwrap();
            let out = dev.alloc(8).unwrap();
            let opts = LaunchOptions {
                grid: [1, 1, 1],
                block: [1, 1, 1],
                engine,
                ..LaunchOptions::default()
            };
            let args = [
                ArgSpec::Ptr(out),
                ArgSpec::U32(0),
                ArgSpec::U32(u32::from(b)),
                ArgSpec::U32(0x1234),
                ArgSpec::U32(0x3c00), // f16 1.0
            ];
            dev.launch(&m, "cvt_u16_param", &opts, &args)
                .unwrap_or_else(|e| panic!("{engine}: {e}"));
            let r = dev.read(out, 8).unwrap();
            let f = |i: usize| f32::from_le_bytes(r[i..i + 4].try_into().unwrap());
            (engine, f(0), f(4))
        })
        .collect()
}

#[test]
fn select_on_a_uniform_register_source_is_read() {
    let bytes = cubin();
    for (engine, v, g) in run(&bytes, 7) {
        assert_eq!((v, g), (7.0, 1.0), "{engine}: unpatched");
    }
    // The I2F with a UR source (opcode 0xd06): set `.H1`.
    let (at, _) = common::find_word(&bytes, "cvt_u16_param", |w| w & 0xfff == 0xd06)
        .expect("I2F.U16 R, UR in the cubin");
    let mut patched = bytes.clone();
    let w = common::word_at(&patched, at) | (1 << 60);
    assert!(
        xisa_sm75::disassemble_word(w, 0)
            .unwrap()
            .contains("I2F.U16"),
        "patched word"
    );
    common::set_word(&mut patched, at, w);
    for (engine, v, _) in run(&patched, 7) {
        assert_eq!(
            v, 0.0,
            "{engine}: I2F.U16 R2, UR4.H1 of a zero-extended u16"
        );
    }
}

/// The conversions' hand records check the whole-ISA table's rejects
/// (`check_probe`): nvdisasm rejects the 32-bit I2F/F2F opcodes with a
/// 64-bit type (those are 0x312/0x310), and so does the decoder now (it
/// printed `I2F.F64.S16.RZ R247, R111`). The well-formed neighbour decodes.
#[test]
fn conversion_words_nvdisasm_rejects_are_rejected() {
    // I2F 0x306 with an F64 result ([75, 77) = 3): nvdisasm rejects it.
    let bad = 0x000f_c34c_9596_fc27_3ddf_676f_3ef7_3306u128;
    assert!(xisa_sm75::decode_word(bad, 0).is_err(), "{bad:#x}");
    // The same word with an F32 result ([75, 77) = 2).
    let good = bad & !(3u128 << 75) | (2u128 << 75);
    let d = xisa_sm75::decode_word(good, 0).expect("I2F.F32 decodes");
    assert!(d.text.contains("I2F.S16.RZ"), "{}", d.text);
}
