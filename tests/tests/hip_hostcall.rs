//! HIP device `printf`, `assert` and `malloc` on gfx942
//! (`tests/hip/kernels/hostcall.hip`, built by `tests/hip/build.sh`): all
//! reach the host through the ROCm device library's hostcall buffer, which
//! xisa places and answers (`xisa_runtime::ockl`). Before, every kernel
//! using them was refused at its `s_sendmsg` (and `malloc` at `s_memrealtime`,
//! missing from the opcode table). The expected text comes from Rust's own formatting, not
//! from the C library the runtime formats with.

use std::path::PathBuf;
use xisa::{ArgSpec, Device, Engine, LaunchOptions, Module};
use xisa_testkit::{le_bytes, le_values};

fn module() -> Module {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("hip/out/hostcall.co");
    let bytes = std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    Module::from_bytes(&bytes, "hostcall.co", None).expect("load")
}

const N: usize = 200;
const BLOCK: u32 = 100;

fn input() -> Vec<i32> {
    (0..N as i32).map(|i| (i * 37) % 1000 - 300).collect()
}

/// Launches `kernel(in, out, N)`; the launch's result, what it printed and
/// the `out` buffer.
fn launch(kernel: &str, e: Engine, input: &[i32]) -> (Result<(), String>, String, Vec<i32>) {
    let dev = Device::new().expect("device");
    let src = dev.upload(&le_bytes(input)).expect("upload");
    let out = dev.upload(&vec![0u8; 4 * N]).expect("upload");
    let opts = LaunchOptions {
        grid: [N as u32 / BLOCK, 1, 1],
        block: [BLOCK, 1, 1],
        engine: e,
        // More than one: the launch must still run on one thread.
        threads: 2,
        timeout: Some(std::time::Duration::from_secs(60)),
        ..LaunchOptions::default()
    };
    let args = [ArgSpec::Ptr(src), ArgSpec::Ptr(out), ArgSpec::I32(N as i32)];
    // A launch that fails leaves its text on the device.
    let (r, text) = match dev.launch(&module(), kernel, &opts, &args) {
        Ok(rep) => (Ok(()), rep.stats.output),
        Err(e) => (Err(e.to_string()), dev.take_output().0),
    };
    let text = String::from_utf8(text).expect("utf-8");
    let got = le_values(&dev.read(out, 4 * N).expect("read"));
    (r, text, got)
}

const NAMES: [&str; 3] = [
    "zero",
    "one",
    "a name longer than one fifty-six byte piece of a message",
];

/// The line work-item `i` prints.
fn line(i: usize, v: i32) -> String {
    let h = (i as u32).wrapping_mul(2_654_435_761);
    let hex = if h == 0 {
        "0".to_string()
    } else {
        format!("{h:#x}")
    };
    format!(
        "item {i} (block {} lane {}): v={v} u={} big={} c={} f={:.3} s={} w=[{:>w$}] hex={hex} %\n",
        i / BLOCK as usize,
        i % BLOCK as usize,
        v as u32,
        i64::from(v) * 1_000_000_007,
        (b'A' + (i % 26) as u8) as char,
        f64::from(v as f32 / 8.0),
        NAMES[(i / 3) % 3],
        v,
        w = i % 7
    )
}

fn sorted_lines(s: &str) -> Vec<String> {
    let mut l: Vec<String> = s.split_inclusive('\n').map(str::to_string).collect();
    l.sort();
    l
}

/// Every third work-item prints one line (ints, unsigned, 64-bit, char,
/// float, strings shorter and longer than a message piece, `*` width,
/// `%#x`, `%%`); `printf` returns the bytes it printed. Lines of different
/// waves may come in any order (as on a GPU), so they are compared sorted.
#[test]
fn printf_prints_what_c_would() {
    let v = input();
    let want: Vec<String> = (0..N).step_by(3).map(|i| line(i, v[i])).collect();
    for e in [Engine::Jit, Engine::Interp] {
        let (r, text, ret) = launch("say", e, &v);
        r.unwrap_or_else(|err| panic!("{e}: {err}"));
        let mut sorted = want.clone();
        sorted.sort();
        assert_eq!(sorted_lines(&text), sorted, "{e}");
        for (i, &n) in ret.iter().enumerate() {
            let expect = if i % 3 == 0 { line(i, v[i]).len() } else { 0 };
            assert_eq!(n as usize, expect, "{e}: printf's result for item {i}");
        }
    }
}

/// ROCm's line for the failed assert, at its line of the source.
fn assert_line() -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("hip/kernels/hostcall.hip");
    let src = std::fs::read_to_string(&p).expect("source");
    let n = src
        .lines()
        .position(|l| l.contains("assert(v >= 0"))
        .expect("the assert")
        + 1;
    format!(
        "hostcall.hip:{n}: void check_positive(const int *, int *, int): \
         Device-side assertion `v >= 0 && \"negative input\"' failed.\n"
    )
}

/// An `assert` that holds prints nothing and the kernel's work is done; one
/// that fails prints ROCm's line for each failing lane of the wave and
/// stops the launch at the trap that follows (`s_trap 2`).
#[test]
fn assert_prints_rocm_line_and_stops() {
    let v: Vec<i32> = input().iter().map(|x| x.abs()).collect();
    for e in [Engine::Jit, Engine::Interp] {
        let (r, text, out) = launch("check_positive", e, &v);
        r.unwrap_or_else(|err| panic!("{e}: {err}"));
        assert_eq!(text, "", "{e}");
        let doubled: Vec<i32> = v.iter().map(|x| 2 * x).collect();
        assert_eq!(out, doubled, "{e}");

        let v = input();
        let (r, text, _) = launch("check_positive", e, &v);
        let err = r.expect_err("a failed assert stops the launch");
        assert!(
            err.contains("trap") && err.contains("check_positive"),
            "{e}: {err}"
        );
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        let negatives = v.iter().filter(|&&x| x < 0).count();
        assert!(
            !lines.is_empty() && lines.len() <= negatives,
            "{e}: {} lines for {negatives} negative inputs",
            lines.len()
        );
        let want = assert_line();
        assert!(lines.iter().all(|l| *l == want), "{e}: {text}");
    }
}

/// Device `malloc` / `free`: the device library's allocator gets its slabs
/// (2 MiB, aligned) and its large blocks (4 KiB aligned) from the host
/// through hostcalls. Each work-item fills a block of its own size, sums it
/// and frees it; three launches on one device reuse the freed memory.
#[test]
fn malloc_and_free_through_hostcalls() {
    let v = input();
    let want: Vec<i64> = (0..N)
        .map(|i| {
            let count: i64 = if i % 4 == 0 {
                2048
            } else {
                16 * (1 + i as i64 % 5)
            };
            count * i64::from(v[i]) + count * (count - 1) / 2
        })
        .collect();
    for e in [Engine::Jit, Engine::Interp] {
        let dev = Device::new().expect("device");
        let m = module();
        let src = dev.upload(&le_bytes(&v)).expect("upload");
        for round in 0..3 {
            let out = dev.upload(&vec![0u8; 8 * N]).expect("upload");
            let opts = LaunchOptions {
                grid: [N as u32 / BLOCK, 1, 1],
                block: [BLOCK, 1, 1],
                engine: e,
                timeout: Some(std::time::Duration::from_secs(60)),
                ..LaunchOptions::default()
            };
            let args = [ArgSpec::Ptr(src), ArgSpec::Ptr(out), ArgSpec::I32(N as i32)];
            dev.launch(&m, "heap_scratch", &opts, &args)
                .unwrap_or_else(|err| panic!("{e} round {round}: {err}"));
            let got: Vec<i64> = le_values(&dev.read(out, 8 * N).expect("read"));
            assert_eq!(got, want, "{e} round {round}");
        }
    }
}
