//! The POCL baseline: where POCL is installed, every kernel's OpenCL C twin
//! runs on it and its outputs equal the translated kernel's (checked inside
//! `run_kernels`, which fails on a difference). Skipped, with the reason
//! printed, where POCL is not installed; under `CI=true` the test first tries
//! `apt-get install -y pocl-opencl-icd ocl-icd-opencl-dev`.

use xisa_bench::kernels::{run_kernels, Build, KernelsConfig, KERNELS};

fn install_in_ci() {
    if std::env::var("CI").as_deref() != Ok("true") {
        return;
    }
    if std::path::Path::new("/etc/OpenCL/vendors/pocl.icd").exists()
        && std::path::Path::new("/usr/include/CL/cl.h").exists()
    {
        return;
    }
    let ok = std::process::Command::new("apt-get")
        .args(["install", "-y", "pocl-opencl-icd", "ocl-icd-opencl-dev"])
        .status()
        .map(|s| s.success())
        .unwrap_or(false);
    println!("CI: apt-get install pocl-opencl-icd ocl-icd-opencl-dev: success={ok}");
}

#[test]
fn pocl_outputs_equal_translated() {
    install_in_ci();
    if let Err(e) = xisa_bench::pocl::probe() {
        println!("skipped: {e}");
        return;
    }
    let cfg = KernelsConfig {
        elements: 8192,
        warmup: 1,
        reps: 2,
        threads: 2,
        only: Vec::new(),
        builds: Vec::new(),
        engine: xisa::Engine::Jit,
    };
    let res = match run_kernels(&cfg, &mut |_, _, _| {}) {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    };
    // Every build of every kernel was compared with POCL's outputs
    // (run_kernels fails on a difference).
    assert_eq!(res.len(), KERNELS.len() * Build::ALL.len());
    for r in &res {
        assert!(
            r.pocl.is_some(),
            "{}: POCL not measured: {:?}",
            r.name,
            r.pocl_note
        );
        assert_eq!(r.pocl_event.is_some(), r.pocl.is_some());
    }
    let t = xisa_bench::kernels::table(&res);
    assert!(!t.contains("not measured"), "{t}");
    assert!(xisa_bench::kernels::pocl_status().starts_with("POCL: "));
}
