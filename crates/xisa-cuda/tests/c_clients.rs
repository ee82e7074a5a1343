//! C programs written against `cuda.h` (the header of the
//! `nvidia-cuda-runtime-cu12` wheel, installed when missing), built with the
//! system C compiler, linked with `-lcuda` and run on this crate's
//! `libcuda.so.1`: every entry point's results and error paths, device
//! printf in order with the program's output, and the fault report.

use std::path::{Path, PathBuf};
use std::process::Command;

mod common;

/// The directory of the test's kernels (`kernels.cu` and what build.sh
/// makes of it).
fn clients() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/clients")
}

/// The built driver: `libcuda.so` in the test's `deps` directory (where
/// cargo builds it for the tests), else next to it (`cargo build`).
fn driver() -> PathBuf {
    let exe = std::env::current_exe().expect("test path");
    let deps = exe.parent().expect("deps dir");
    [deps, deps.parent().expect("target dir")]
        .iter()
        .map(|d| d.join("libcuda.so"))
        .find(|l| l.is_file())
        .unwrap_or_else(|| panic!("libcuda.so was not built next to {}", exe.display()))
}

/// The directory holding `cuda.h`, installing the wheel when missing.
fn cuda_include() -> PathBuf {
    common::wheel_file("cuda_runtime/include", common::RUNTIME_WHEEL)
}

/// `ptxas`, installed with its wheel when missing (the driver compiles PTX
/// with it).
fn ptxas() -> String {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/cuda/find-ptxas.sh");
    let out = Command::new("sh")
        .arg(script)
        .output()
        .expect("find-ptxas.sh");
    assert!(
        out.status.success(),
        "ptxas: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

/// Builds `src` against `cuda.h` and this driver (or, with `runtime`,
/// against NVIDIA's CUDA runtime library, which loads `libcuda.so.1`), in
/// `dir` (which gets the `libcuda.so.1` and `libcuda.so` names of the
/// driver).
fn build_with(src: &str, dir: &Path, runtime: bool) -> PathBuf {
    build_flags(src, dir, runtime, &[])
}

/// [`build_with`], with more compiler flags.
fn build_flags(src: &str, dir: &Path, runtime: bool, flags: &[&str]) -> PathBuf {
    let lib = driver();
    for name in ["libcuda.so.1", "libcuda.so"] {
        std::os::unix::fs::symlink(&lib, dir.join(name)).expect("symlink");
    }
    let exe = dir.join(src.trim_end_matches(".c"));
    let mut cc = Command::new("cc");
    // Deprecated calls are part of the API programs still use.
    cc.args([
        "-std=c11",
        "-Wall",
        "-Werror",
        "-Wno-deprecated-declarations",
        "-O1",
        "-I",
    ])
    .arg(cuda_include())
    .args(flags)
    .arg(clients().join(src))
    .arg("-o")
    .arg(&exe);
    if runtime {
        // cuda_runtime_api.h includes crt/ headers, shipped with nvcc.
        let crt = common::wheel_file("cuda_nvcc/include", "nvidia-cuda-nvcc-cu12==12.9.86");
        let rt = common::wheel_file("cuda_runtime/lib", common::RUNTIME_WHEEL);
        cc.arg("-I")
            .arg(crt)
            .arg(format!("-L{}", rt.display()))
            .arg("-l:libcudart.so.12")
            .arg(format!("-Wl,-rpath,{}", rt.display()));
    } else {
        cc.arg(format!("-L{}", dir.display())).arg("-lcuda");
    }
    let out = cc.arg("-lm").output().expect("cc");
    assert!(
        out.status.success(),
        "cc {src}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    exe
}

/// Builds `src` against `cuda.h` and this driver.
fn build(src: &str, dir: &Path) -> PathBuf {
    build_with(src, dir, false)
}

/// Runs a built client on the driver: its stdout, after checking that it
/// passed.
fn run(exe: &Path, dir: &Path) -> String {
    let out = Command::new(exe)
        .arg(clients())
        .env("LD_LIBRARY_PATH", dir)
        .env("XISA_CUDA_LOG", dir.join("log"))
        .output()
        .expect("run");
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success() && stdout.contains("checks passed"),
        "stdout:\n{stdout}\nstderr:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

#[test]
fn driver_api_program_runs_every_call() {
    let dir = tempfile::tempdir().unwrap();
    let exe = build("driver_api.c", dir.path());
    let log = dir.path().join("xisa-cuda.log");
    let out = Command::new(&exe)
        .arg(clients())
        .env("LD_LIBRARY_PATH", dir.path())
        .env("XISA_PTXAS", ptxas())
        .env(
            "XISA_NVJITLINK",
            common::wheel_file(
                "nvjitlink/lib/libnvJitLink.so.12",
                "nvidia-nvjitlink-cu12==12.9.86",
            ),
        )
        .env("XISA_CUDA_LOG", &log)
        .output()
        .expect("run");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "stdout:\n{stdout}\nstderr:\n{stderr}");
    // Device printf lands between the program's lines, in order, although
    // stdout is a pipe (fully buffered).
    assert!(
        stdout.contains(
            "before hello\nhello 17 from thread 0\nhello 17 from thread 1\nafter hello\n"
        ),
        "{stdout}"
    );
    let checks: u32 = stdout
        .lines()
        .find_map(|l| {
            l.strip_prefix("driver_api: ")?
                .strip_suffix(" checks passed")?
                .parse()
                .ok()
        })
        .unwrap_or_else(|| panic!("no summary in\n{stdout}"));
    assert!(checks > 4000, "{checks} checks");
    // The fault is reported with kernel, pc, lane and address.
    let log = std::fs::read_to_string(&log).expect("the fault log");
    assert!(
        log.contains("CUDA_ERROR_ILLEGAL_ADDRESS: kernel store_at faulted: out-of-bounds global access of 4 bytes at 0x10")
            && log.contains("(pc 0x50)")
            && log.contains("lane 0"),
        "{log}"
    );
}

#[test]
fn layouts_host_memory_and_libraries_program_runs() {
    let dir = tempfile::tempdir().unwrap();
    let exe = build("driver_more.c", dir.path());
    run(&exe, dir.path());
}

/// Built for per-thread default streams (`nvcc --default-stream per-thread`
/// defines `CUDA_API_PER_THREAD_DEFAULT_STREAM`), the same program calls
/// the `_ptds`/`_ptsz` entry points: they link and behave as the plain ones.
#[test]
fn per_thread_default_stream_program_runs() {
    let dir = tempfile::tempdir().unwrap();
    let exe = build_flags(
        "driver_more.c",
        dir.path(),
        false,
        &["-DCUDA_API_PER_THREAD_DEFAULT_STREAM"],
    );
    // It really calls them.
    let nm = Command::new("nm").arg("-D").arg(&exe).output().expect("nm");
    let undefined = String::from_utf8_lossy(&nm.stdout).to_string();
    assert!(undefined.contains("cuMemcpyHtoD_v2_ptds"), "{undefined}");
    run(&exe, dir.path());
}

/// Every per-thread name cuda.h maps a call to is exported when the plain
/// entry point is.
#[test]
fn the_driver_exports_the_per_thread_default_stream_names() {
    let header = std::fs::read_to_string(cuda_include().join("cuda.h")).unwrap();
    let nm = Command::new("nm")
        .args(["-D", "--defined-only"])
        .arg(driver())
        .output()
        .expect("nm");
    let symbols: std::collections::HashSet<String> = String::from_utf8_lossy(&nm.stdout)
        .lines()
        .filter_map(|l| l.split_whitespace().nth(2).map(str::to_string))
        .collect();
    let mut checked = 0;
    for (macro_, suffix) in [("__CUDA_API_PTDS(", "_ptds"), ("__CUDA_API_PTSZ(", "_ptsz")] {
        for part in header.split(macro_).skip(1) {
            let Some(name) = part.split(')').next() else {
                continue;
            };
            if name == "api" || !cuda::exported().contains(&name) {
                continue;
            }
            let alias = format!("{name}{suffix}");
            assert!(
                symbols.contains(&alias),
                "{alias} (for {name}) is not exported"
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 49, "per-thread names of exported entry points");
}

/// CUDA IPC: a child process opens the parent's device memory through a
/// handle, sees its bytes and writes them (by copy and by kernel); the
/// parent sees those writes once the child has closed the handle and left.
#[test]
fn ipc_memory_is_shared_between_processes() {
    let dir = tempfile::tempdir().unwrap();
    let exe = build("ipc.c", dir.path());
    let out = run(&exe, dir.path());
    assert!(out.contains("ipc child: "), "{out}");
}

/// NVIDIA's CUDA runtime library (from the wheel) runs on the driver: it
/// asks for private export tables (`cuGetExportTable`) and checks the
/// driver's integrity answer before any runtime call works; then kernels
/// registered as nvcc's host code registers them launch by stub address.
#[test]
fn cuda_runtime_program_runs_on_the_driver() {
    let dir = tempfile::tempdir().unwrap();
    let exe = build_with("runtime_api.c", dir.path(), true);
    run(&exe, dir.path());
    let log = std::fs::read_to_string(dir.path().join("log")).unwrap_or_default();
    assert!(
        log.contains("CUDA_ERROR_ILLEGAL_ADDRESS: kernel store_at faulted"),
        "{log}"
    );
}

#[test]
fn the_driver_exports_what_cuda_h_declares_under_the_versioned_names() {
    // Every entry point is exported under the name cuda.h maps the call to
    // (cuMemAlloc is cuMemAlloc_v2 in cuda.h since CUDA 3.2), so a program
    // linked against the real library finds them all here.
    // The driver API's headers: the calls, and the profiler's typedefs
    // (the wheel ships no cudaProfiler.h).
    let header = ["cuda.h", "cudaProfilerTypedefs.h"]
        .map(|h| std::fs::read_to_string(cuda_include().join(h)).unwrap())
        .join("\n");
    // `#define cuMemAlloc cuMemAlloc_v2`: what each base name becomes.
    let mapped: std::collections::HashMap<&str, &str> = header
        .lines()
        .filter_map(|l| {
            let mut t = l.strip_prefix("#define ")?.split_whitespace();
            let (a, b) = (t.next()?, t.next()?);
            // `__CUDA_API_PTDS(cuMemcpyHtoD_v2)`: the name itself unless
            // the program asks for per-thread default streams.
            let b = ["__CUDA_API_PTDS(", "__CUDA_API_PTSZ("]
                .iter()
                .find_map(|p| b.strip_prefix(p)?.strip_suffix(')'))
                .unwrap_or(b);
            (t.next().is_none() && b.starts_with(a) && b[a.len()..].starts_with("_v"))
                .then_some((a, b))
        })
        .collect();
    // Declarations span lines (`CUresult CUDAAPI\ncuLinkComplete(`).
    let flat = header.split_whitespace().collect::<Vec<_>>().join(" ");
    for name in cuda::exported() {
        let base = match name.rfind("_v") {
            Some(i) if name[i + 2..].bytes().all(|c| c.is_ascii_digit()) => &name[..i],
            _ => name,
        };
        let declared = [base, name].iter().any(|n| {
            flat.contains(&format!(" CUDAAPI {n}(")) || flat.contains(&format!("*PFN_{n}_v"))
        });
        assert!(declared, "{name} is not declared in cuda.h");
        // The name a program built with cuda.h calls is exported too.
        let called = mapped.get(base).copied().unwrap_or(base);
        assert!(
            cuda::exported().contains(&called),
            "cuda.h calls {base} as {called}, which this driver does not export (it has {name})"
        );
    }
    assert!(cuda::exported().len() >= 80);
}
