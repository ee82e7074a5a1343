//! Lockstep waves (issue #13, a wrong answer before): warp-synchronous code
//! compiled by the real compilers, whose lanes exchange values through shared
//! memory with no barrier, relying on a converged wave running in lockstep.
//! Run lane by lane, lane 0 read its neighbour's slot before lane 1 wrote it.
//! Kernels: `tests/lockstep/` (sources, build script, committed binaries);
//! each result is compared with a Rust reference on every engine.

use std::path::PathBuf;

use xisa::{ArgSpec, Device, Engine, LaunchOptions, Module};

const ENGINES: [Engine; 3] = [Engine::JitLane, Engine::JitWave, Engine::Interp];

fn module(file: &str) -> Module {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("lockstep/out")
        .join(file);
    let bytes = std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    Module::from_bytes(&bytes, file, None).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// Deterministic inputs: small signed values, so sums stay exact.
fn input(n: usize, seed: u32) -> Vec<i32> {
    let mut x = seed.wrapping_mul(0x9e37_79b9) | 1;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            (x % 2001) as i32 - 1000
        })
        .collect()
}

fn bytes(v: &[i32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// Launches `kernel` with (in, out) and returns `out` as `i32`s.
fn run(
    m: &Module,
    kernel: &str,
    engine: Engine,
    grid: u32,
    block: u32,
    inp: &[i32],
    out_len: usize,
) -> Vec<i32> {
    let dev = Device::new().expect("device");
    let i = dev.upload(&bytes(inp)).expect("upload");
    let o = dev.alloc(4 * out_len as u64).expect("alloc");
    let opts = LaunchOptions {
        grid: [grid, 1, 1],
        block: [block, 1, 1],
        engine,
        threads: 2,
        ..LaunchOptions::default()
    };
    dev.launch(m, kernel, &opts, &[ArgSpec::Ptr(i), ArgSpec::Ptr(o)])
        .unwrap_or_else(|e| panic!("{kernel} ({engine}): {e}"));
    dev.read(o, 4 * out_len)
        .expect("read")
        .chunks_exact(4)
        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// The partner/mirror exchange both sources implement, for waves of `wave`.
fn swap_reference(inp: &[i32], block: usize, wave: usize) -> Vec<i32> {
    let mut out = Vec::new();
    for (g, _) in inp.iter().enumerate() {
        let (b, t) = (g / block, g % block);
        let (w, l) = (t / wave * wave, t % wave);
        out.push(inp[b * block + w + (l ^ 1)]);
        out.push(inp[b * block + w + wave - 1 - l]);
    }
    out
}

#[test]
fn sm75_swap_through_shared_memory() {
    let m = module("warp_sync.cubin");
    let inp = input(4 * 256, 1);
    let want = swap_reference(&inp, 256, 32);
    for e in ENGINES {
        assert_eq!(
            run(&m, "swap_neighbours", e, 4, 256, &inp, 2 * inp.len()),
            want,
            "{e}"
        );
    }
}

#[test]
fn sm75_cub_warp_exchange() {
    let m = module("warp_sync.cubin");
    let inp = input(3 * 64 * 4, 2);
    // Lane l loads the blocked items l*4..l*4+4 of its warp's 128; striped,
    // its item k is element k*32 + l, which it stores at k*32 + l: the output
    // equals the input exactly when every lane read what the others wrote.
    let want = inp.clone();
    for e in ENGINES {
        assert_eq!(
            run(&m, "exchange_striped", e, 3, 64, &inp, inp.len()),
            want,
            "{e}"
        );
    }
}

#[test]
fn sm75_cub_raking_scan_and_reduce() {
    let m = module("warp_sync.cubin");
    let inp = input(8 * 128, 3);
    let mut scan = Vec::new();
    let mut sums = Vec::new();
    for b in inp.chunks(128) {
        let mut acc = 0i32;
        for &x in b {
            scan.push(acc);
            acc = acc.wrapping_add(x);
        }
        sums.push(acc);
    }
    for e in ENGINES {
        assert_eq!(
            run(&m, "scan_raking", e, 8, 128, &inp, inp.len()),
            scan,
            "{e}: scan"
        );
        assert_eq!(
            run(&m, "reduce_raking", e, 8, 128, &inp, 8),
            sums,
            "{e}: reduce"
        );
    }
}

/// `shift_read`: a warp reads the slot `d` lanes away, then every lane
/// overwrites its own. xisa syncs the wave before the overwrite only when
/// some lane's read may meet another lane's write (a uniform check at run
/// time, `xisa_ir::lockstep`): |d| < 32 must sync (d < 0 would read the new
/// values lane by lane; d > 0 is safe lane by lane but the check is
/// order-independent), |d| >= 32 need not. Every case equals lockstep, on
/// every engine, in one-row blocks and in blocks of two rows of one warp (a
/// geometry the check handles by syncing).
#[test]
fn sm75_shift_read_syncs_exactly_when_lanes_may_meet() {
    let m = module("warp_sync.cubin");
    let inp = input(32, 11);
    let lifted = m.kernel("shift_read").expect("lifts");
    let (checked, plain) = lifted
        .blocks
        .iter()
        .flat_map(|b| &b.insts)
        .filter(|i| matches!(i.op, xisa_ir::Op::WaveSync))
        .fold((0, 0), |(c, p), i| {
            if i.guard.is_some() {
                (c + 1, p)
            } else {
                (c, p + 1)
            }
        });
    assert!(
        checked > 0 && plain == 0,
        "{checked} checked, {plain} plain wave syncs"
    );
    for d in [-32, -31, -5, -1, 0, 1, 5, 31, 32] {
        let mut init = vec![-1; 32];
        init.extend(&inp);
        init.extend([-2; 32]);
        let want: Vec<i32> = (0..32)
            .map(|t| init[(t + 32 + d) as usize] * 3 + t)
            .collect();
        for engine in ENGINES {
            for block in [[32, 1, 1], [16, 2, 1]] {
                let dev = Device::new().expect("device");
                let i = dev.upload(&bytes(&inp)).expect("upload");
                let o = dev.alloc(4 * 32).expect("alloc");
                let opts = LaunchOptions {
                    grid: [1, 1, 1],
                    block,
                    engine,
                    ..LaunchOptions::default()
                };
                dev.launch(
                    &m,
                    "shift_read",
                    &opts,
                    &[ArgSpec::Ptr(i), ArgSpec::Ptr(o), ArgSpec::I32(d)],
                )
                .unwrap_or_else(|e| panic!("shift_read d={d} ({engine}): {e}"));
                let got: Vec<i32> = dev
                    .read(o, 128)
                    .expect("read")
                    .chunks_exact(4)
                    .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
                    .collect();
                if block[1] == 1 {
                    assert_eq!(got, want, "d={d} ({engine})");
                } else {
                    // Two rows of 16 in one warp (tid.x < 16 in both): both
                    // rows read the same old slots before either writes;
                    // row y writes v*3 + t + 100y to the same slot, and which
                    // row's write lands is the hardware's choice. Lane by
                    // lane, row 1 would read row 0's new value. Slots no lane
                    // initialised read 0; out[16..] is never written.
                    let mut s2 = [0i32; 96];
                    for t in 0..16 {
                        (s2[t], s2[t + 32], s2[t + 64]) = (-1, inp[t], -2);
                    }
                    let want2: Vec<i32> =
                        (0..16).map(|t| s2[(t + 32 + d) as usize] * 3 + t).collect();
                    for t in 0..16 {
                        assert!(
                            got[t] == want2[t] || got[t] == want2[t] + 100,
                            "d={d} ({engine}), two rows, t={t}: {} not {} or {}",
                            got[t],
                            want2[t],
                            want2[t] + 100
                        );
                    }
                    assert!(got[16..].iter().all(|&x| x == 0), "d={d} ({engine})");
                }
            }
        }
    }
}

#[test]
fn gfx942_swap_through_lds() {
    let m = module("wave_sync.co");
    let inp = input(3 * 256, 4);
    let want = swap_reference(&inp, 256, 64);
    for e in ENGINES {
        assert_eq!(
            run(&m, "swap_neighbours", e, 3, 256, &inp, 2 * inp.len()),
            want,
            "{e}"
        );
    }
}

#[test]
fn gfx942_wave_reduction_through_lds() {
    let m = module("wave_sync.co");
    let inp = input(2 * 256, 5);
    let want: Vec<i32> = inp.chunks(64).map(|w| w.iter().sum()).collect();
    for e in ENGINES {
        assert_eq!(run(&m, "wave_reduce", e, 2, 256, &inp, 8), want, "{e}");
    }
}

/// A tree reduction's step, `if (t < b) s[t] = f(s[t + b + e])` for `b`
/// halving from `first` (`warp_sync.cu`'s `bounded_step`, with a second
/// array so that ptxas branches around the step). The lanes that take the
/// branch are fewer than `min(b, 32)` apart, so xisa's checks span that
/// many lanes (`xisa_ir::lockstep`: a copy of `b` taken at the compare):
/// the step never waits for e >= 0 and waits whenever a lane may read a
/// lower lane's slot (e < -b). Every case equals lockstep on every engine.
#[test]
fn sm75_bounded_step_checks_span_the_lanes_below_the_bound() {
    let m = module("warp_sync.cubin");
    let lifted = m.kernel("bounded_step").expect("lifts");
    let bounds: Vec<xisa_ir::Reg> = lifted
        .regs
        .iter()
        .enumerate()
        .filter(|(_, d)| d.name.starts_with("ls.bound"))
        .map(|(i, _)| xisa_ir::Reg(i as u32))
        .collect();
    let spans = lifted
        .blocks
        .iter()
        .flat_map(|b| &b.insts)
        .filter(|i| match &i.op {
            xisa_ir::Op::Bin(b) => {
                b.op == xisa_ir::BinOp::MinU
                    && matches!(b.a, xisa_ir::Operand::Reg(r) if bounds.contains(&r))
            }
            _ => false,
        })
        .count();
    assert!(spans > 0, "no check spans the bound:\n{lifted}");
    let inp = input(64, 23);
    let mut cases: Vec<(i32, u32)> = [-33, -32, -17, -16, -9, -8, -5, -2, -1, 0, 1, 3, 31]
        .iter()
        .flat_map(|&e| [(e, 32), (e, 16), (e, 5)])
        .collect();
    // Both waves take the branch: only reads no lane writes are deterministic.
    cases.push((0, 64));
    for (e, first) in cases {
        let (mut s, mut mx) = (vec![0i32; 160], vec![0i32; 160]);
        for t in 0..64 {
            (s[t], s[t + 32], s[t + 96]) = (-1, inp[t], -2);
            (mx[t], mx[t + 32], mx[t + 96]) = (1, -inp[t], 2);
        }
        let mut b = first as usize;
        while b != 0 {
            let (olds, oldm) = (s.clone(), mx.clone());
            for t in 0..b {
                let src = (t as i32 + 32 + b as i32 + e) as usize;
                s[t + 32] = olds[src].wrapping_mul(3).wrapping_add(t as i32);
                mx[t + 32] = oldm[t + 32].max(oldm[src].wrapping_add(t as i32));
            }
            b >>= 1;
        }
        let want: Vec<i32> = s[32..96].iter().chain(&mx[32..96]).copied().collect();
        for engine in ENGINES {
            let dev = Device::new().expect("device");
            let i = dev.upload(&bytes(&inp)).expect("upload");
            let o = dev.alloc(4 * 128).expect("alloc");
            let opts = LaunchOptions {
                grid: [1, 1, 1],
                block: [64, 1, 1],
                engine,
                ..LaunchOptions::default()
            };
            let args = [
                ArgSpec::Ptr(i),
                ArgSpec::Ptr(o),
                ArgSpec::I32(e),
                ArgSpec::U32(first),
            ];
            dev.launch(&m, "bounded_step", &opts, &args)
                .unwrap_or_else(|err| panic!("e={e} first={first} ({engine}): {err}"));
            let got: Vec<i32> = dev
                .read(o, 4 * 128)
                .expect("read")
                .chunks_exact(4)
                .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
                .collect();
            assert_eq!(got, want, "e={e} first={first} ({engine})");
        }
    }
}

/// A tree step whose read is exactly its bound away, `if (t < b) s[t] =
/// f(s[t + b])` (`warp_sync.cu`'s `step_by_bound`, reads through 32-bit
/// shared addresses): xisa proves (`xisa_ir::lockstep`, distances in terms
/// of the bound) that no two lanes below `b` meet while `4·b` does not
/// wrap, so each check is only `b <= limit`, with no distance computed per
/// lane. Bounds near 2^30, 2^31 and 2^32 wrap the reads `k` slots down,
/// onto slots lower lanes write: past the limit the wave syncs, and every
/// case equals lockstep on every engine (without the limit, lane by lane,
/// a lane would read its lower neighbours' new values).
#[test]
fn sm75_a_step_by_its_own_bound_checks_only_the_bound() {
    let m = module("warp_sync.cubin");
    let lifted = m.kernel("step_by_bound").expect("lifts").to_string();
    assert!(
        lifted.contains("wavesync") && lifted.contains("icmp.ule.i32 %ls.bound"),
        "{lifted}"
    );
    assert!(
        !lifted.contains("icmp.sge.i32 %ls."),
        "a distance is checked per lane:\n{lifted}"
    );
    let inp = input(32, 41);
    let wraps = [
        (1u32 << 30) - 1,
        (1 << 30) - 5,
        (1 << 30) - 31,
        (1 << 30) - 32,
        (1 << 31) - 3,
        u32::MAX,
        u32::MAX - 6,
    ];
    for b in [1u32, 2, 5, 16, 31, 32].into_iter().chain(wraps) {
        let (mut s, mut mx) = (vec![0i32; 96], vec![0i32; 96]);
        for t in 0..32 {
            (s[t], s[t + 32], s[t + 64]) = (-1, inp[t], -2);
            (mx[t], mx[t + 32], mx[t + 64]) = (1, -inp[t], 2);
        }
        let (olds, oldm) = (s.clone(), mx.clone());
        for t in 0..32u32.min(b) {
            // The 32-bit byte address, back to a slot.
            let src = (4u32.wrapping_mul((t + 32).wrapping_add(b)) / 4) as usize;
            let t = t as usize;
            s[t + 32] = olds[src].wrapping_mul(3).wrapping_add(t as i32);
            mx[t + 32] = oldm[t + 32].max(oldm[src].wrapping_add(t as i32));
        }
        let want: Vec<i32> = s[32..64].iter().chain(&mx[32..64]).copied().collect();
        for engine in ENGINES {
            let dev = Device::new().expect("device");
            let i = dev.upload(&bytes(&inp)).expect("upload");
            let o = dev.alloc(4 * 64).expect("alloc");
            let opts = LaunchOptions {
                grid: [1, 1, 1],
                block: [32, 1, 1],
                engine,
                ..LaunchOptions::default()
            };
            let args = [ArgSpec::Ptr(i), ArgSpec::Ptr(o), ArgSpec::U32(b)];
            dev.launch(&m, "step_by_bound", &opts, &args)
                .unwrap_or_else(|err| panic!("b={b:#x} ({engine}): {err}"));
            let got: Vec<i32> = dev
                .read(o, 4 * 64)
                .expect("read")
                .chunks_exact(4)
                .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
                .collect();
            assert_eq!(got, want, "b={b:#x} ({engine})");
        }
    }
}
