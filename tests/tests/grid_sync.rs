//! Grid barriers (`tests/cuda_coop/coop.cu`: NVRTC, relocatable device
//! code linked with CUDA's device runtime, the way Numba's
//! `cg.this_grid().sync()` and `nvcc -rdc -lcudadevrt` build them). The
//! device runtime's `cudaCGSynchronize` calls the driver's
//! `__cuda_syscall_CGS_sync`, which xisa lifts to `bar.grid`; a launch of a
//! kernel with one runs every workgroup at once, each on a host thread,
//! and the barrier holds every workgroup until the others have arrived or
//! exited. Before, the module did not load (the device runtime's function
//! table in `.nv.global.init`, relocation type 35) and the syscalls were
//! refused. On both engines.

use xisa::{ArgSpec, Device, Engine, Module};
use xisa_testkit::le_values;
use xisa_tests::grid_opts as opts;

fn module() -> Module {
    xisa_tests::fixture_module("cuda_coop/coop.cubin")
}

/// Row r is row r-1 reversed plus one, every element written by another
/// block than the one that reads it: each row needs the grid barrier
/// between it and the next (a workgroup barrier alone gives wrong rows).
#[test]
fn rows_written_between_grid_barriers() {
    check_rows(&module(), "sequential_rows", (12, 64, 40), 1, opts);
}

/// Launches `kernel(m, rows, status)` over a `grid` x `block` grid
/// (`launches` times on one device, each engine) and checks every row of
/// the (grid * block)-column matrix and the kernel's status word.
fn check_rows(
    m: &Module,
    kernel: &str,
    (grid, block, rows): (u32, u32, usize),
    launches: usize,
    opts: fn(Engine, u32, u32) -> xisa::LaunchOptions,
) {
    let cols = (grid * block) as usize;
    for e in [Engine::Jit, Engine::Interp] {
        let dev = Device::new().expect("device");
        let mat = dev.alloc((4 * rows * cols) as u64).expect("alloc");
        let status = dev.alloc(4).expect("alloc");
        let args = [
            ArgSpec::Ptr(mat),
            ArgSpec::I32(rows as i32),
            ArgSpec::Ptr(status),
        ];
        for run in 0..launches {
            dev.launch(m, kernel, &opts(e, grid, block), &args)
                .unwrap_or_else(|err| panic!("{kernel} ({e}, launch {run}): {err}"));
        }
        let got: Vec<i32> = le_values(&dev.read(mat, 4 * rows * cols).expect("read"));
        for (i, v) in got.iter().enumerate() {
            assert_eq!(
                *v,
                (i / cols) as i32,
                "{kernel}: row {} col {} ({e})",
                i / cols,
                i % cols
            );
        }
        let st: Vec<i32> = le_values(&dev.read(status, 4).expect("read"));
        assert_eq!(
            st,
            [0],
            "{kernel}: status (a failed sync, a wrong grid size) ({e})"
        );
    }
}

/// Per-block partial sums, a grid barrier, then block 0 adds them.
#[test]
fn two_phase_grid_sum() {
    let input: Vec<i32> = (0..3000).map(|i| i * 7 - 9000).collect();
    let sum = input.iter().sum::<i32>();
    check_sum(
        &module(),
        "two_phase_sum",
        &input,
        |_| 1,
        opts,
        |_| vec![sum],
    );
}

/// Launches `kernel(input, partial, out, n)` in blocks of 256 on each
/// engine and compares `out` (`out_words` words) with `want(grid)`.
fn check_sum(
    m: &Module,
    kernel: &str,
    input: &[i32],
    out_words: impl Fn(u32) -> usize,
    opts: fn(Engine, u32, u32) -> xisa::LaunchOptions,
    want: impl Fn(u32) -> Vec<i32>,
) {
    let bytes: Vec<u8> = input.iter().flat_map(|v| v.to_le_bytes()).collect();
    let grid = input.len().div_ceil(256) as u32;
    let words = out_words(grid);
    for e in [Engine::Jit, Engine::Interp] {
        let dev = Device::new().expect("device");
        let inp = dev.alloc(bytes.len() as u64).expect("alloc");
        dev.write(inp, &bytes).expect("write");
        let partial = dev.alloc(4 * u64::from(grid)).expect("alloc");
        let out = dev.alloc(4 * words as u64).expect("alloc");
        let args = [
            ArgSpec::Ptr(inp),
            ArgSpec::Ptr(partial),
            ArgSpec::Ptr(out),
            ArgSpec::I32(input.len() as i32),
        ];
        dev.launch(m, kernel, &opts(e, grid, 256), &args)
            .unwrap_or_else(|err| panic!("{kernel} ({e}): {err}"));
        let got: Vec<i32> = le_values(&dev.read(out, 4 * words).expect("read"));
        assert_eq!(got, want(grid), "{kernel} ({e})");
    }
}

/// Odd blocks return before the barrier; the even ones pass it and each
/// sees every even block's write.
#[test]
fn exited_blocks_do_not_hold_the_grid() {
    let m = module();
    let grid = 10u32;
    for e in [Engine::Jit, Engine::Interp] {
        let dev = Device::new().expect("device");
        let out = dev.alloc(8 * u64::from(grid)).expect("alloc");
        dev.launch(&m, "early_exit", &opts(e, grid, 32), &[ArgSpec::Ptr(out)])
            .unwrap_or_else(|err| panic!("early_exit ({e}): {err}"));
        let got: Vec<i32> = le_values(&dev.read(out, 8 * grid as usize).expect("read"));
        let evens = (grid as i32 + 1) / 2;
        let want: Vec<i32> = (0..2 * grid as i32)
            .map(|i| match (i < grid as i32, i % 2 == 0) {
                (true, true) => 1,
                (false, true) => evens,
                _ => 0,
            })
            .collect();
        assert_eq!(got, want, "{e}");
    }
}

/// A grid too large to run at once (workgroups, or lanes whose registers
/// would all exist at once) is refused before it starts, naming the limits.
#[test]
fn a_grid_larger_than_the_resident_limit_is_refused() {
    let m = module();
    let dev = Device::new().expect("device");
    let out = dev.alloc(8).expect("alloc");
    use xisa::runtime::launch::{MAX_GRID_SYNC_LANES, MAX_GRID_SYNC_WORKGROUPS};
    let too_many_blocks = (MAX_GRID_SYNC_WORKGROUPS as u32 + 1, 32);
    let too_many_lanes = ((MAX_GRID_SYNC_LANES / 512) as u32 + 1, 512);
    for (grid, block) in [too_many_blocks, too_many_lanes] {
        let err = dev
            .launch(
                &m,
                "early_exit",
                &opts(Engine::Jit, grid, block),
                &[ArgSpec::Ptr(out)],
            )
            .expect_err("refused");
        assert!(
            err.to_string().contains("a grid barrier needs all"),
            "{err}"
        );
    }
}

/// CUDA C++'s header-only `grid_group::sync()` (`tests/cuda_coop/
/// header_sync.cu`, no device runtime): the kernel reads the grid
/// workspace's address from driver constants (`c[0x0][0x90]`,
/// `c[0x0][0x8c]`), adds to its counter once per block and spins until
/// every block has arrived. xisa gives the module a workspace and runs the
/// kernel's workgroups all at once (`coresident`). Before, the kernel was
/// refused ("read of c[0x0][0x90] (driver constant)"). A launch that did
/// not run every block at once would spin forever: the timeout turns that
/// into a failure.
fn header_module() -> Module {
    xisa_tests::fixture_module("cuda_coop/header_sync.cubin")
}

fn header_opts(e: Engine, grid: u32, block: u32) -> xisa::LaunchOptions {
    xisa::LaunchOptions {
        timeout: Some(std::time::Duration::from_secs(120)),
        ..opts(e, grid, block)
    }
}

#[test]
fn header_only_grid_sync_orders_rows() {
    let m = header_module();
    assert!(
        m.kernel("header_rows").expect("lifts").co_resident,
        "the kernel is marked co-resident"
    );
    // Twice on one device: the workspace's count needs no reset.
    check_rows(&m, "header_rows", (10, 96, 24), 2, header_opts);
}

#[test]
fn header_only_grid_sync_two_phase_sum() {
    let input: Vec<i32> = (0..5000).map(|i| i * 3 - 7000).collect();
    let sum = input.iter().sum::<i32>();
    // out[0] is the total, then each block's copy read after the second sync.
    let words = |grid: u32| 1 + grid as usize;
    check_sum(
        &header_module(),
        "header_two_phase",
        &input,
        words,
        header_opts,
        |g| vec![sum; words(g)],
    );
}
