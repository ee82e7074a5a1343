//! Named barriers from ptxas (issue #11): `BAR.SYNC`/`BAR.ARV`/`BAR.RED` in
//! every operand form (immediate id and count, register id, register count,
//! both packed in one register) and `B2R.RESULT`, run on both engines
//! against the PTX semantics: producer/consumer pairs on barriers 1 and 2 of
//! 64 threads, then block-wide `popc`/`and`/`or` reductions
//! (`tests/ptx/barriers.ptx`).

use std::path::PathBuf;

use xisa::{ArgSpec, Device, Engine, LaunchOptions, Module};

fn cubin() -> Vec<u8> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/ptx/barriers.cubin");
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

#[test]
fn every_bar_form_is_in_the_cubin() {
    let c = xisa_sm75::loader::load(&cubin()).expect("load");
    let code = &c.kernels[0].code;
    let ops: Vec<u16> = code
        .chunks_exact(16)
        .map(|w| u16::from_le_bytes([w[0], w[1]]) & 0xfff)
        .collect();
    for (op, form) in [
        (0x31d, "id and count packed in one register"),
        (0x51d, "register id, immediate count"),
        (0x91d, "immediate id, register count"),
        (0xb1d, "immediate id and count"),
        (0x31c, "B2R.RESULT"),
    ] {
        assert!(ops.contains(&op), "no {op:#05x} ({form}) in barriers.cubin");
    }
}

#[test]
fn named_barriers_and_reductions() {
    let m = Module::from_bytes(&cubin(), "barriers", None).expect("lift");
    for engine in [Engine::Interp, Engine::Jit] {
        let dev = Device::new().expect("device");
        let opts = LaunchOptions {
            grid: [2, 1, 1],
            block: [128, 1, 1],
            engine,
            threads: 2,
            ..LaunchOptions::default()
        };
        let args = [
            ArgSpec::Bytes(vec![0xee; 2 * 128 * 16]),
            ArgSpec::U32(1),
            ArgSpec::U32(64),
            ArgSpec::U32(128),
            ArgSpec::U32(0),
        ];
        let rep = dev
            .launch(&m, "named", &opts, &args)
            .unwrap_or_else(|e| panic!("{engine}: {e}"));
        let b = rep.buffers[0].as_ref().expect("out buffer");
        let out = dev.read(b.addr, b.len as usize).expect("read");
        for c in 0..2u32 {
            for t in 0..128u32 {
                let i = ((c * 128 + t) * 16) as usize;
                let got: Vec<u32> = out[i..i + 16]
                    .chunks_exact(4)
                    .map(|x| u32::from_le_bytes(x.try_into().unwrap()))
                    .collect();
                let consumed = match t / 32 {
                    1 => c * 1000 + t - 32,
                    2 => c * 1000 + t + 32,
                    _ => 0,
                };
                // popc(t % 8 == 0) = 16; and(t < 127) = 0; or(t == 77) = 1.
                assert_eq!(got, [consumed, 16, 0, 1], "{engine}: block {c} thread {t}");
            }
        }
    }
}
