//! Regression: a `.64` STRONG access (`ld.relaxed.gpu.u64` →
//! `LDG.E.64.STRONG.GPU`, and the store) was lifted as two plain 32-bit
//! accesses: a relaxed 64-bit load or store could tear and lost its
//! ordering. It is one ordered 8-byte element now, split into the register
//! pair.

mod common;

use xisa::{ArgSpec, Device, Engine, LaunchOptions, Module};

fn cubin() -> Vec<u8> {
    common::fixture("tests/ptx/relaxed64.cubin")
}

#[test]
fn relaxed_64_bit_accesses_are_one_ordered_element() {
    let bytes = cubin();
    let ir = xisa_sm75::lift::lift_bytes(&bytes)
        .expect("lift")
        .to_string();
    let lines: Vec<&str> = ir
        .lines()
        .filter(|l| l.contains("ld.global") || l.contains("st.global"))
        .collect();
    assert_eq!(lines.len(), 2, "{ir}");
    assert!(
        lines[0].contains("ld.global.relaxed.device.b64"),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].contains("st.global.relaxed.device.b64"),
        "{}",
        lines[1]
    );
    // And the value arrives whole, on both engines.
    let m = Module::from_bytes(&bytes, "relaxed64.cubin", None).expect("load");
    for engine in [Engine::Interp, Engine::Jit] {
        let dev = Device::new().unwrap();
        let out = dev.alloc(8).unwrap();
        let input = 0x1234_5678_ffff_ffffu64;
        let opts = LaunchOptions {
            engine,
            ..LaunchOptions::default()
        };
        dev.launch(
            &m,
            "relaxed64",
            &opts,
            &[
                ArgSpec::Ptr(out),
                ArgSpec::Bytes(input.to_le_bytes().to_vec()),
            ],
        )
        .unwrap_or_else(|e| panic!("{engine}: {e}"));
        let r = u64::from_le_bytes(dev.read(out, 8).unwrap().try_into().unwrap());
        assert_eq!(r, input + 1, "{engine}");
    }
}
