//! Inputs a new user tries by mistake (issue #10, "hard inputs"): absurd
//! timeouts, launches a kernel or the hardware refuses, endless input files,
//! concurrent runs dumping to one path, and error messages that repeated
//! themselves. Each must be one clear `error:` line, never a panic or a hang.

use std::path::PathBuf;
use std::process::{Command, Output};

mod common;

use common::{
    argv, failure, repo, success, text, usage_failure, xisa, xisa_with, Scratch, OOB, SPIN, XISA,
};

/// Kernels of the fixture cubin (fixtures/launch_limits.ptx): `plain`,
/// `req32` (`.reqntid 32,1,1`) and `max128` (`.maxntid 64,2,1`).
fn limits_cubin() -> PathBuf {
    repo("tests/fixtures/launch_limits.cubin")
}

/// A gfx942 code object whose metadata says `.max_flat_workgroup_size` 256.
fn hist_global_co() -> PathBuf {
    repo("../../tests/gfx942/out/hist_global.co")
}

const NOP: &str = "kernel @nop(%p: i64) {
entry:
  exit
}
";

/// Item 1: `--timeout` outside [10 ms, 10^6 s] (or not a number) is an error
/// naming the option and the range; 1e30 used to panic in Duration.
#[test]
fn absurd_timeouts_are_refused() {
    let s = Scratch::new("hard", "timeout");
    let m = s.write("nop.xir", NOP);
    let state = s.write(
        "state.json",
        r#"{"isa": "ir", "lanes": 1, "regs": {"p": "0"}}"#,
    );
    for t in [
        "1e30", "-1", "NaN", "inf", "-inf", "0", "1e-300", "1e-9", "0.001", "1e7",
    ] {
        let e = usage_failure(
            &xisa_with("run {} --arg zeros:4 --timeout={}", &[&m, &t]),
            &format!("run --timeout {t}"),
        );
        assert!(
            e.contains("--timeout") && e.contains("between 0.01 and 1000000 seconds"),
            "{t}: {e}"
        );
        let e = usage_failure(
            &xisa_with("exec {} --state {} --timeout={}", &[&m, &state, &t]),
            &format!("exec --timeout {t}"),
        );
        assert!(e.contains("--timeout"), "{t}: {e}");
    }
    // The bounds are accepted (a 10 ms watchdog may still stop the run).
    let out = xisa_with("run {} --arg zeros:4 --timeout=0.01", &[&m]);
    assert!(!text(&out.stderr).contains("--timeout"), "{out:?}");
    for t in ["1e6", "30"] {
        success(
            &xisa_with("run {} --arg zeros:4 --timeout={}", &[&m, &t]),
            &format!("--timeout {t}"),
        );
    }
}

fn run_cubin(kernel: &str, block: &str) -> Output {
    xisa_with(
        "run {} --kernel {} --block {} --arg zeros:8192",
        &[&limits_cubin(), &kernel, &block],
    )
}

/// Item 2, sm_75: `.reqntid` and `.maxntid` (EIATTR_REQNTID and
/// EIATTR_MAX_THREADS in `.nv.info.<kernel>`) and the hardware limits.
#[test]
fn sm75_launch_limits() {
    for (k, b) in [
        ("plain", "1024"),
        ("plain", "8,8,16"),
        ("req32", "32"),
        ("req32", "32,1,1"),
        ("max128", "128"),
        ("max128", "64,2"),
    ] {
        success(&run_cubin(k, b), &format!("{k} --block {b}"));
    }
    let e = failure(&run_cubin("req32", "64"), "req32 --block 64");
    assert_eq!(
        e,
        "error: invalid launch: kernel req32: block [64, 1, 1] differs from the 32x1x1 block \
         the kernel requires (PTX .reqntid: EIATTR_REQNTID in .nv.info.req32)"
    );
    let e = failure(&run_cubin("req32", "16,2"), "req32 --block 16,2");
    assert!(e.contains("32x1x1"), "{e}");
    let e = failure(&run_cubin("max128", "256"), "max128 --block 256");
    assert_eq!(
        e,
        "error: invalid launch: kernel max128: block [256, 1, 1] has 256 threads; the kernel \
         allows at most 128 (PTX .maxntid 64,2,1: EIATTR_MAX_THREADS in .nv.info.max128)"
    );
    // Hardware: z at most 64, x and y at most 1024, 1024 threads in all,
    // grid y and z below 65536, x below 2^31.
    for (k, b, want) in [
        (
            "plain",
            "1,1,65",
            "z = 65 exceeds 64, the most sm_75 hardware allows",
        ),
        (
            "plain",
            "2048",
            "x = 2048 exceeds 1024, the most sm_75 hardware allows",
        ),
        (
            "plain",
            "64,32",
            "2048 threads; sm_75 hardware allows at most 1024",
        ),
        ("req32", "1,1,65", "sm_75 hardware"),
    ] {
        let e = failure(&run_cubin(k, b), &format!("{k} --block {b}"));
        assert!(
            e.contains(&format!("kernel {k}")) && e.contains(want),
            "{e}"
        );
    }
    for (g, want) in [
        ("1,65536", "y = 65536 exceeds 65535"),
        ("1,1,65536", "z = 65536 exceeds 65535"),
        ("2147483648", "x = 2147483648 exceeds 2147483647"),
    ] {
        let out = xisa_with(
            "run {} --kernel plain --grid {} --arg zeros:8192",
            &[&limits_cubin(), &g],
        );
        let e = failure(&out, &format!("--grid {g}"));
        assert!(e.contains(want) && e.contains("sm_75 hardware"), "{e}");
    }
}

/// Item 2, gfx942: `.max_flat_workgroup_size` from the code object metadata
/// and the hardware's 1024 work-items.
#[test]
fn gfx942_launch_limits() {
    let co = hist_global_co();
    let run = |block: &str| {
        xisa_with(
            "run {} --block {} --arg zeros:1024 --arg zeros:1024 --arg i32:256",
            &[&co, &block],
        )
    };
    success(&run("256"), "--block 256");
    let e = failure(&run("512"), "--block 512");
    assert_eq!(
        e,
        "error: invalid launch: kernel hist_global: block [512, 1, 1] has 512 threads; the \
         kernel allows at most 256 (.max_flat_workgroup_size in the code object metadata)"
    );
    let e = failure(&run("2048"), "--block 2048");
    assert!(e.contains("gfx942 hardware"), "{e}");
}

/// The library checks launches too, for kernels loaded with
/// `Module::from_file` (or `from_bytes`).
#[test]
fn library_checks_declared_limits() {
    use xisa::{ArgSpec, Device, LaunchOptions};
    let m = xisa::Module::from_file(&limits_cubin(), None).unwrap();
    let dev = Device::new().unwrap();
    let opts = |x| LaunchOptions {
        block: [x, 1, 1],
        ..Default::default()
    };
    let args = [ArgSpec::Zeros(4096)];
    dev.launch(&m, "req32", &opts(32), &args).unwrap();
    let e = dev.launch(&m, "req32", &opts(33), &args).unwrap_err();
    assert!(e.to_string().contains(".reqntid"), "{e}");
    // Hardware limits hold for any module, however loaded.
    let m = xisa::Module::from_file(&limits_cubin(), None).unwrap();
    let e = dev
        .launch(&m, "plain", &opts(1025), &args)
        .unwrap_err()
        .to_string();
    assert!(e.contains("sm_75 hardware"), "{e}");
}

/// Item 3: device files, directories and oversized files are refused by
/// name, as modules, buffers, surfaces, state and assembly inputs.
#[test]
fn endless_and_odd_input_files_are_refused() {
    let s = Scratch::new("hard", "inputs");
    let m = s.write("nop.xir", NOP);
    let m = m.to_str().unwrap();
    let not_regular = "not a regular file";
    for (args, who) in [
        (vec!["run", "/dev/zero"], "/dev/zero"),
        (vec!["run", "/dev/null"], "/dev/null"),
        (
            vec!["run", s.dir().to_str().unwrap()],
            s.dir().to_str().unwrap(),
        ),
        (vec!["run", m, "--arg", "buf:/dev/zero"], "/dev/zero"),
        (vec!["run", m, "--arg", "surf:1d:16:/dev/zero"], "/dev/zero"),
        (vec!["lift", "/dev/zero"], "/dev/zero"),
        (vec!["disasm", "/dev/zero", "--isa", "lsu"], "/dev/zero"),
        (
            vec!["asm", "--isa", "lsu", "/dev/zero", "-o", "/dev/null"],
            "/dev/zero",
        ),
        (vec!["exec", m, "--state", "/dev/zero"], "/dev/zero"),
    ] {
        let e = failure(&xisa(&args), &args.join(" "));
        assert!(
            e.starts_with(&format!("error: {who}: ")) && e.contains(not_regular),
            "{args:?}: {e}"
        );
    }
    // Over the cap: a sparse file of 1 GiB + 1 byte as a module.
    let big = s.path("big.xir");
    std::fs::File::create(&big)
        .unwrap()
        .set_len((1 << 30) + 1)
        .unwrap();
    let e = failure(&xisa(&["run", big.to_str().unwrap()]), "huge module");
    assert_eq!(
        e,
        format!(
            "error: {}: 1073741825 bytes, more than the input size limit (1073741824 bytes)",
            big.display()
        )
    );
}

/// Item 3, buffers: a file larger than the free guest memory is refused
/// before it is read.
#[test]
fn buffer_file_over_guest_memory_is_refused() {
    let s = Scratch::new("hard", "bigbuf");
    let m = s.write("nop.xir", NOP);
    let big = s.path("big.bin");
    // Sparse: takes no disk space. Larger than the whole guest reservation.
    let len = xisa::runtime::DEFAULT_RESERVE + 1;
    std::fs::File::create(&big).unwrap().set_len(len).unwrap();
    let e = failure(
        &xisa_with("run {} --arg buf:{}", &[&m, &big]),
        "huge buffer",
    );
    assert!(
        e.starts_with(&format!(
            "error: {}: {len} bytes, more than the free guest memory (",
            big.display()
        )),
        "{e}"
    );
}

/// Item 4: concurrent runs dumping to one path all succeed, the file holds
/// one run's complete output, and no temporary file is left.
#[test]
fn concurrent_dumps_to_one_path() {
    let s = Scratch::new("hard", "concurrent");
    let m = s.write("nop.xir", NOP);
    const N: usize = 6;
    const LEN: usize = 4 << 20;
    let inputs: Vec<PathBuf> = (0..N)
        .map(|i| s.write(&format!("in{i}.bin"), vec![i as u8 + 1; LEN]))
        .collect();
    let out = s.path("out.bin");
    let children: Vec<_> = inputs
        .iter()
        .map(|p| {
            Command::new(XISA)
                .args(argv("run {} --arg buf:{} --dump 0={}", &[&m, p, &out]))
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for (i, c) in children.into_iter().enumerate() {
        success(&c.wait_with_output().unwrap(), &format!("run {i}"));
    }
    let got = std::fs::read(&out).unwrap();
    assert_eq!(got.len(), LEN);
    assert!(
        got.iter().all(|&b| b == got[0]) && (1..=N as u8).contains(&got[0]),
        "the dump mixes runs or holds none"
    );
    let mut want: Vec<String> = (0..N).map(|i| format!("in{i}.bin")).collect();
    want.extend(["nop.xir".to_string(), "out.bin".to_string()]);
    want.sort();
    assert_eq!(s.files(), want, "temporary files left behind");
}

/// Item 4: a dump onto a directory is an error that leaves nothing behind;
/// a failed run leaves an existing dump file as it was.
#[test]
fn failed_dumps_leave_nothing() {
    let s = Scratch::new("hard", "dumpdir");
    let m = s.write("nop.xir", NOP);
    let dir = s.path("d");
    std::fs::create_dir(&dir).unwrap();
    let e = failure(
        &xisa_with("run {} --arg zeros:16 --dump 0={}", &[&m, &dir]),
        "dump onto a directory",
    );
    assert_eq!(e, format!("error: {}: is a directory", dir.display()));
    assert_eq!(s.files(), vec!["d", "nop.xir"]);
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);

    let oob = s.write("oob.xir", OOB);
    let keep = s.write("keep.bin", b"previous output");
    failure(
        &xisa_with(
            "run {} --block 32 --arg zeros:128 --dump 0={}",
            &[&oob, &keep],
        ),
        "faulting run",
    );
    assert_eq!(std::fs::read(&keep).unwrap(), b"previous output");
    assert_eq!(s.files(), vec!["d", "keep.bin", "nop.xir", "oob.xir"]);
}

/// Item 5: every cause is printed once (these messages used to read "X: X").
#[test]
fn errors_are_not_repeated() {
    let s = Scratch::new("hard", "repeat");
    let oob = s.write("oob.xir", OOB);
    let spin = s.write("spin.xir", SPIN);
    for engine in ["jit", "interp"] {
        let e = failure(
            &xisa_with(
                "run {} --block 32 --arg zeros:128 --threads 1 --engine {}",
                &[&oob, &engine],
            ),
            "fault",
        );
        assert_eq!(
            e,
            "error: kernel oob faulted: out-of-bounds global access of 4 bytes at 0x200000034 \
             in oob:bad:1 (pc 0x48) (workgroup [0, 0, 0], thread [13, 0, 0], wave 0, lane 13)",
            "{engine}"
        );
    }
    let e = failure(
        &xisa_with("run {} --arg zeros:4 --timeout 0.2", &[&spin]),
        "timeout",
    );
    assert!(
        e.starts_with("error: kernel spin timed out after ")
            && e.ends_with(" s (watchdog); it may never finish"),
        "{e}"
    );
    let missing = s.path("missing.xir");
    let e = failure(&xisa(&["run", missing.to_str().unwrap()]), "missing");
    assert_eq!(
        e,
        format!(
            "error: {}: No such file or directory (os error 2)",
            missing.display()
        )
    );
    let e = failure(
        &xisa_with("run {} --arg zeros:99999999999999", &[&oob]),
        "out of guest memory",
    );
    assert_eq!(e.matches("out of guest memory").count(), 1, "{e}");
}

/// Device `printf` reaches stdout before xisa's summary line, and what a
/// failing kernel printed before its fault comes before the one-line error.
#[test]
fn guest_printf_is_printed_and_kept_on_a_fault() {
    let cubin = repo("../../tests/cuda_corpus/out/printf.cubin");
    let out = xisa_with(
        "run {} --kernel printf_local_and_ret --block 2 --arg zeros:16",
        &[&cubin],
    );
    success(&out, "printf_local_and_ret");
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with(
            "no args\nno args\nvwxyz 0   0.0\nwxyzv 1   0.2\nkernel printf_local_and_ret ran"
        ),
        "{stdout}"
    );
    let out = xisa_with(
        "run {} --kernel printf_bad_string --block 2 --arg u64:0x1234",
        &[&cubin],
    );
    let err = failure(&out, "printf_bad_string");
    assert!(
        err.contains("out-of-bounds global access of 1 bytes at 0x1234"),
        "{err}"
    );
    assert_eq!(text(&out.stdout), "before 7\n");
}

/// `--heap-size` sets the device heap device `malloc` draws on: with 3 MiB,
/// 3 of 16 one-MiB requests succeed; a size of zero is refused before the
/// launch.
#[test]
fn heap_size_sets_the_device_heap() {
    let cubin = repo("../../tests/cuda_corpus/out/malloc.cubin");
    let dir = tempfile::tempdir().expect("tempdir");
    let dump = dir.path().join("got.bin");
    let out = xisa_with(
        "run {} --kernel exhaust --block 16 --heap-size 3145728 \
         --arg zeros:64 --arg u64:1048576 --dump 0={}",
        &[&cubin, &dump],
    );
    success(&out, "exhaust");
    let got = std::fs::read(&dump).expect("dump");
    let ok = got
        .chunks_exact(4)
        .filter(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]) == 1)
        .count();
    assert_eq!(ok, 3, "{got:?}");
    let out = xisa_with("run {} --kernel exhaust --heap-size 0", &[&cubin]);
    let err = failure(&out, "heap size 0");
    assert!(
        err.contains("--heap-size") && err.contains("heap size 0"),
        "{err}"
    );
}
