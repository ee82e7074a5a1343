//! The nvcc stand-in (`crates/xisa-cuda/bin/nvcc`, NVRTC underneath; the
//! wheels are installed when missing), as PyCUDA's SourceModule runs it:
//! `--cubin -arch sm_75 -I DIR kernel.cu` in a scratch directory writes a
//! cubin xisa runs; `--preprocess` expands the includes PyCUDA hashes;
//! what it cannot do exits with status 2 naming the option.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn nvcc() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("bin/nvcc")
}

fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new("python3")
        .arg(nvcc())
        .args(args)
        .current_dir(dir)
        .output()
        .expect("python3")
}

const SOURCE: &str = r#"#include <stdio.h>
#include "scale.h"
extern "C" __global__ void scale(float* a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) a[i] = a[i] * FACTOR + OFFSET;
    if (i == 0) printf("scaled %d\n", n);
}
"#;

fn scratch() -> tempfile::TempDir {
    let d = tempfile::tempdir().expect("tempdir");
    std::fs::write(d.path().join("kernel.cu"), SOURCE).unwrap();
    std::fs::create_dir(d.path().join("inc")).unwrap();
    std::fs::write(d.path().join("inc/scale.h"), "#define FACTOR 3.0f\n").unwrap();
    d
}

/// `nvcc --cubin -arch sm_75 OPTS STEM.cu` in `dir`, loaded.
fn cubin(dir: &Path, opts: &[&str], stem: &str) -> xisa::Module {
    let src = format!("{stem}.cu");
    let mut args = vec!["--cubin", "-arch", "sm_75"];
    args.extend_from_slice(opts);
    args.push(&src);
    let o = run(dir, &args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let bytes = std::fs::read(dir.join(format!("{stem}.cubin"))).expect("cubin");
    xisa::Module::from_bytes(&bytes, &src, None).expect("load")
}

/// A cubin from `--cubin` (with `-I`, `-D` and `<stdio.h>`) runs on xisa.
#[test]
fn cubin_runs() {
    let d = scratch();
    let m = cubin(d.path(), &["-Iinc", "-DOFFSET=1.0f"], "kernel");
    let dev = xisa::Device::new().expect("device");
    let n = 100usize;
    let input: Vec<u8> = (0..n).flat_map(|i| (i as f32).to_le_bytes()).collect();
    let buf = dev.alloc(input.len() as u64).unwrap();
    dev.write(buf, &input).unwrap();
    let opts = xisa::LaunchOptions {
        grid: [4, 1, 1],
        block: [32, 1, 1],
        ..xisa::LaunchOptions::default()
    };
    let stats = dev
        .launch(
            &m,
            "scale",
            &opts,
            &[xisa::ArgSpec::Ptr(buf), xisa::ArgSpec::I32(n as i32)],
        )
        .expect("launch");
    let got = dev.read(buf, input.len()).unwrap();
    for i in 0..n {
        let v = f32::from_le_bytes(got[4 * i..4 * i + 4].try_into().unwrap());
        assert_eq!(v, i as f32 * 3.0 + 1.0, "element {i}");
    }
    assert_eq!(String::from_utf8_lossy(&stats.stats.output), "scaled 100\n");
}

/// `--preprocess` puts the included header's text in place of its line
/// (PyCUDA's cache key changes when a header does).
#[test]
fn preprocess_expands_includes() {
    let d = scratch();
    let o = run(
        d.path(),
        &[
            "--preprocess",
            "-arch",
            "sm_75",
            "-Iinc",
            "kernel.cu",
            "--compiler-options",
            "-P",
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("#define FACTOR 3.0f"), "{text}");
    assert!(!text.contains("scale.h"), "{text}");
    assert!(text.contains("a[i] * FACTOR"), "{text}");
}

/// Another architecture, host compilation and unknown options are refused
/// with status 2 and the option named.
#[test]
fn what_it_cannot_do_is_refused() {
    let d = scratch();
    for (args, what) in [
        (&["--cubin", "-arch", "sm_80", "kernel.cu"][..], "sm_80"),
        (&["-c", "kernel.cu"][..], "'-c'"),
        (&["kernel.cu"][..], "give --cubin"),
    ] {
        let o = run(d.path(), args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(what), "{args:?}: {err}");
    }
    // A compile error is NVRTC's, with status 1.
    std::fs::write(
        d.path().join("bad.cu"),
        "__global__ void k() { undefined_name(); }\n",
    )
    .unwrap();
    let o = run(d.path(), &["--cubin", "bad.cu"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("undefined_name"));
}

/// Mixed arguments to the binary math functions mean what nvcc's host
/// `<cmath>` makes them mean (the double function): `pow(float, double)`
/// is ambiguous in plain NVRTC (PyCUDA's `test_gpuarray` pow tests).
#[test]
fn mixed_math_arguments_take_the_double_function() {
    let d = scratch();
    let src = r#"extern "C" __global__ void k(float* x, double* y, double* z, int* n) {
    int i = threadIdx.x;
    z[i] = pow(x[i], y[i]) + atan2(n[i], x[i]) * 0.0 + fmod(n[i], y[i]);
}
"#;
    std::fs::write(d.path().join("mixed.cu"), src).unwrap();
    let m = cubin(d.path(), &[], "mixed");
    let dev = xisa::Device::new().expect("device");
    let (x, y, n) = ([2.0f32, 8.0], [10.0f64, 2.0], [7i32, 5]);
    let put = |b: Vec<u8>| {
        let p = dev.alloc(b.len() as u64).unwrap();
        dev.write(p, &b).unwrap();
        p
    };
    let px = put(x.iter().flat_map(|v| v.to_le_bytes()).collect());
    let py = put(y.iter().flat_map(|v| v.to_le_bytes()).collect());
    let pn = put(n.iter().flat_map(|v| v.to_le_bytes()).collect());
    let pz = dev.alloc(16).unwrap();
    let opts = xisa::LaunchOptions {
        block: [2, 1, 1],
        ..xisa::LaunchOptions::default()
    };
    let args = [px, py, pz, pn].map(xisa::ArgSpec::Ptr);
    dev.launch(&m, "k", &opts, &args).expect("launch");
    let z = dev.read(pz, 16).unwrap();
    let z: Vec<f64> = z
        .chunks(8)
        .map(|c| f64::from_le_bytes(c.try_into().unwrap()))
        .collect();
    // 2^10 + 7 mod 10, 8^2 + 5 mod 2: exact in double (powers of two).
    assert_eq!(z, [1024.0 + 7.0, 64.0 + 1.0]);
}
