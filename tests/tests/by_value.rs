//! Arguments passed by value that are not scalars (`ArgSpec::Struct`, `xisa
//! run --arg struct:...`): a 12-byte struct of three floats and a 48-byte
//! parameter struct with padding, on a gfx942 code object
//! (`tests/hip/kernels/byvalue.hip`: the struct goes into the kernarg
//! segment whole) and an sm_75 cubin (`tests/cuda_corpus/byvalue.cu`: the IR
//! splits it into words), on both engines. Before, gfx942 kernels with such
//! a parameter could not be launched at all.

use std::path::PathBuf;
use xisa::{ArgSpec, Device, Engine, LaunchOptions, Module};
use xisa_testkit::{le_bytes, le_values};

fn module(rel: &str) -> Module {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel);
    let bytes = std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    Module::from_bytes(&bytes, rel, None).expect("load")
}

const MODULES: [&str; 2] = ["hip/out/byvalue.co", "cuda_corpus/out/byvalue.cubin"];
const N: usize = 128;

fn parse(spec: &str) -> ArgSpec {
    spec.parse().unwrap_or_else(|e| panic!("{spec}: {e}"))
}

/// Launches `kernel` with `args` then a zeroed output buffer of `out`
/// bytes; the output.
fn run(
    m: &Module,
    kernel: &str,
    e: Engine,
    args: Vec<ArgSpec>,
    out: usize,
) -> Result<Vec<u8>, String> {
    let dev = Device::new().expect("device");
    let o = dev.alloc(out as u64).expect("alloc");
    let mut args = args;
    args.push(ArgSpec::Ptr(o));
    let opts = LaunchOptions {
        grid: [2, 1, 1],
        block: [N as u32 / 2, 1, 1],
        engine: e,
        ..LaunchOptions::default()
    };
    dev.launch(m, kernel, &opts, &args)
        .map_err(|e| e.to_string())?;
    Ok(dev.read(o, out).expect("read"))
}

#[test]
fn a_three_float_struct() {
    let x: Vec<f32> = (0..N).map(|i| i as f32 * 0.25).collect();
    let xb = le_bytes(&x);
    let want: Vec<f32> = (0..N).map(|t| 2.0 * x[t] + 0.5 * t as f32 + 1.0).collect();
    for path in MODULES {
        let m = module(path);
        for e in [Engine::Jit, Engine::Interp] {
            let args = vec![
                parse("struct:f32:2,f32:0.5,f32:1"),
                ArgSpec::Bytes(xb.clone()),
            ];
            let y =
                run(&m, "axpy3", e, args, 4 * N).unwrap_or_else(|err| panic!("{path} {e}: {err}"));
            assert_eq!(le_values::<f32>(&y), want, "{path} {e}");
        }
    }
    // sm_75 also takes the struct as the words its IR parameters split it
    // into; a scalar where a struct belongs is refused naming the parameter.
    let m = module(MODULES[1]);
    let words = ["f32:2", "f32:0.5", "f32:1"].map(parse).to_vec();
    let mut args = words;
    args.push(ArgSpec::Bytes(xb.clone()));
    let y = run(&m, "axpy3", Engine::Jit, args, 4 * N).expect("words");
    assert_eq!(le_values::<f32>(&y), want);
    let err = run(
        &m,
        "axpy3",
        Engine::Jit,
        vec![parse("f32:2"), ArgSpec::Bytes(xb.clone())],
        4 * N,
    )
    .unwrap_err();
    assert!(err.contains("parameter 0 is a 12-byte struct"), "{err}");
    // A struct of the wrong size, on both ISAs.
    for path in MODULES {
        let args = vec![parse("struct:f32:2,f32:0.5"), ArgSpec::Bytes(xb.clone())];
        let err = run(&module(path), "axpy3", Engine::Jit, args, 4 * N).unwrap_err();
        assert!(
            err.contains("12") && err.contains("struct of 8 bytes"),
            "{path}: {err}"
        );
    }
}

#[test]
fn a_padded_parameter_struct() {
    let input: Vec<i32> = (0..N as i32).map(|i| i * 3 - 100).collect();
    let ib = le_bytes(&input);
    let coef = [1, -2, 3, 4, -5, 6];
    let (scale, offset, tag, bias) = (0.5f32, 100.25f64, 7i8, -3i16);
    let want: Vec<f64> = (0..N)
        .map(|i| {
            let v = coef[i % 6] * input[i] + i32::from(bias) + i32::from(tag);
            f64::from(v) * f64::from(scale) + offset
        })
        .collect();
    let spec = "struct:i32:1,i32:-2,i32:3,i32:4,i32:-5,i32:6,f32:0.5,f64:100.25,i8:7,i16:-3";
    let ArgSpec::Struct(bytes) = parse(spec) else {
        panic!("a struct")
    };
    // C's layout: the double at 32, the char at 40, the short at 42, 48 in all.
    assert_eq!(bytes.len(), 48);
    assert_eq!(&bytes[32..40], &100.25f64.to_le_bytes());
    assert_eq!((bytes[40], &bytes[42..44]), (7, &(-3i16).to_le_bytes()[..]));
    for path in MODULES {
        let m = module(path);
        for e in [Engine::Jit, Engine::Interp] {
            let args = vec![parse(spec), ArgSpec::Bytes(ib.clone())];
            let out = run(&m, "by_value", e, args, 8 * N)
                .unwrap_or_else(|err| panic!("{path} {e}: {err}"));
            assert_eq!(le_values::<f64>(&out), want, "{path} {e}");
        }
    }
}
