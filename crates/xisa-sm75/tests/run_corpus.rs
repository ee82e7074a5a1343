//! Runs kernels of the shared sm_75 corpus (`tests/sm75/out`, built by
//! `tests/sm75/build.sh`) under both engines against Rust references.
//! Skipped (with a note) where the corpus is not checked out.

use std::path::PathBuf;

use xisa::{ArgSpec, Device, Engine, LaunchOptions, Module};

fn corpus(name: &str) -> Option<Module> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/sm75/out")
        .join(format!("{name}.cubin"));
    let Ok(b) = std::fs::read(&p) else {
        eprintln!("skipping: {} not found", p.display());
        return None;
    };
    Some(Module::from_bytes(&b, name, None).unwrap_or_else(|e| panic!("{name}: {e}")))
}

fn words(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// Reference of `warp_shfl.ptx` for one warp.
fn warp_shfl_ref(input: &[u32]) -> Vec<u32> {
    let add = |v: &[u32], src: &dyn Fn(usize) -> Option<usize>| -> Vec<u32> {
        (0..32)
            .map(|l| v[l].wrapping_add(v[src(l).unwrap_or(l)]))
            .collect()
    };
    let v = add(input, &|l| Some(l ^ 16));
    let v = add(&v, &|l| Some(l ^ 8));
    let v = add(&v, &|l| (l + 4 <= 31).then_some(l + 4));
    // down 2 with the predicate: only lanes whose source is in range add.
    let v: Vec<u32> = (0..32)
        .map(|l| {
            if l + 2 <= 31 {
                v[l].wrapping_add(v[l + 2])
            } else {
                v[l]
            }
        })
        .collect();
    // up 1 with c = 0: lane 0 reads its own value.
    let v = add(&v, &|l| l.checked_sub(1));
    (0..32).map(|l| v[l & 7].wrapping_add(v[0])).collect()
}

#[test]
fn warp_shfl() {
    let Some(m) = corpus("warp_shfl") else { return };
    let n = 64usize;
    let input: Vec<u32> = (0..n as u32)
        .map(|t| t.wrapping_mul(2_654_435_761) >> 7)
        .collect();
    let mut want = Vec::new();
    for w in input.chunks(32) {
        want.extend(warp_shfl_ref(w));
    }
    let bytes: Vec<u8> = input.iter().flat_map(|v| v.to_le_bytes()).collect();
    for engine in [Engine::Interp, Engine::Jit] {
        let dev = Device::new().expect("device");
        let opts = LaunchOptions {
            block: [n as u32, 1, 1],
            engine,
            ..LaunchOptions::default()
        };
        let rep = dev
            .launch(
                &m,
                "warp_shfl",
                &opts,
                &[ArgSpec::Bytes(bytes.clone()), ArgSpec::Zeros(4 * n as u64)],
            )
            .unwrap_or_else(|e| panic!("{engine}: {e}"));
        let out = rep.buffers[1].expect("out buffer");
        let got = words(&dev.read(out.addr, out.len as usize).expect("read"));
        assert_eq!(got, want, "{engine}");
    }
}
