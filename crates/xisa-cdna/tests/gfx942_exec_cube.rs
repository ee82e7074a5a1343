//! `v_cubeid_f32` / `v_cubesc_f32` / `v_cubetc_f32` / `v_cubema_f32` (the
//! cube-map coordinates of `__builtin_amdgcn_cube*`) on both engines,
//! against LLVM's constant folding of the same builtins
//! (`gfx942_llvm_fold/cube.tsv`, written by `fold.py cube` with clang-19:
//! axis ties, zeros of both signs, infinities, NaN, denormals) and a Rust
//! model of the ISA's pseudocode on random directions with abs / neg.

mod common;
mod gfx942_exec_util;

use common::Rng;
use gfx942_exec_util::*;

const LANES: usize = 64;

/// (id, sc, tc, ma) of direction (x, y, z): the ISA's pseudocode.
fn model(x: f32, y: f32, z: f32) -> [u32; 4] {
    let (ax, ay, az) = (x.abs(), y.abs(), z.abs());
    let n = |v: f32| v < 0.0;
    let neg = |v: f32| (-v).to_bits();
    let (id, sc, tc, ma) = if az >= ax && az >= ay {
        (
            if n(z) { 5.0 } else { 4.0 },
            if n(z) { neg(x) } else { x.to_bits() },
            neg(y),
            z,
        )
    } else if ay >= ax {
        (
            if n(y) { 3.0 } else { 2.0 },
            x.to_bits(),
            if n(y) { neg(z) } else { z.to_bits() },
            y,
        )
    } else {
        (
            if n(x) { 1.0f32 } else { 0.0 },
            if n(x) { z.to_bits() } else { neg(z) },
            neg(y),
            x,
        )
    };
    [id.to_bits(), sc, tc, (ma + ma).to_bits()]
}

/// The kernel after `lane_io_prologue(4, 5)`: x, y, z in v2..v4 (16 bytes per lane in), the four ops, then
/// the four again with `-|x|, y, -z` (32 bytes out).
const BODY: &str = "v_cubeid_f32 v20, v2, v3, v4\n\
    v_cubesc_f32 v21, v2, v3, v4\n\
    v_cubetc_f32 v22, v2, v3, v4\n\
    v_cubema_f32 v23, v2, v3, v4\n\
    v_cubeid_f32 v24, -|v2|, v3, -v4\n\
    v_cubesc_f32 v25, -|v2|, v3, -v4\n\
    v_cubetc_f32 v26, -|v2|, v3, -v4\n\
    v_cubema_f32 v27, -|v2|, v3, -v4\n\
    global_store_dwordx4 v11, v[20:23], s[6:7]\n\
    global_store_dwordx4 v11, v[24:27], s[6:7] offset:16\n\
    s_waitcnt vmcnt(0)\n\
    s_endpgm\n";

/// Runs `dirs` through the kernel; per direction its eight results.
fn run_dirs(k: &xisa_ir::Kernel, e: Engine, dirs: &[[u32; 3]]) -> Vec<[u32; 8]> {
    let mut out = Vec::new();
    for chunk in dirs.chunks(LANES) {
        let mut inp = vec![0u32; 4 * LANES];
        for (l, d) in chunk.iter().enumerate() {
            inp[4 * l..4 * l + 3].copy_from_slice(d);
        }
        let setup = setup_one_group(vec![bytes32(&inp), vec![0u8; LANES * 32]], 0, LANES);
        let res = u32s(&run(k, e, &setup)[1]);
        for l in 0..chunk.len() {
            out.push(res[8 * l..8 * l + 8].try_into().unwrap());
        }
    }
    out
}

fn folded() -> Vec<([u32; 3], [u32; 4])> {
    fold_table("cube")
        .iter()
        .map(|f| {
            let w: Vec<u32> = f.iter().map(|&v| v as u32).collect();
            ([w[0], w[1], w[2]], [w[3], w[4], w[5], w[6]])
        })
        .collect()
}

fn same(a: u32, b: u32) -> bool {
    a == b || (f32::from_bits(a).is_nan() && f32::from_bits(b).is_nan())
}

/// Asserts that the four op results `got` are `want` (any NaN for a NaN);
/// failures name `what` and the op.
fn assert_ops(got: &[u32], want: &[u32], what: &str) {
    for i in 0..4 {
        assert!(
            same(got[i], want[i]),
            "{what} op {i}: got {:#x} want {:#x}",
            got[i],
            want[i]
        );
    }
}

#[test]
fn cube_ops_match_llvm_folding_and_the_model() {
    let k = lift_src(&(lane_io_prologue(4, 5) + BODY), &test_abi(0, 0));
    let table = folded();
    // The model reproduces LLVM's folding (NaN payloads aside).
    for (d, want) in &table {
        let [x, y, z] = d.map(f32::from_bits);
        assert_ops(&model(x, y, z), want, &format!("model vs LLVM {d:x?}"));
    }
    let mut dirs: Vec<[u32; 3]> = table.iter().map(|t| t.0).collect();
    let mut rng = Rng::new(0xc0be_0942);
    for _ in 0..4 * LANES {
        let mut d = [0u32; 3];
        for w in d.iter_mut() {
            *w = (rng.range_f64(-8.0, 8.0) as f32).to_bits();
        }
        if rng.below(3u32) == 0 {
            let (i, j) = (rng.below(3usize), rng.below(3usize));
            d[j] = d[i] ^ (rng.below(2u32) << 31);
        }
        dirs.push(d);
    }
    for e in ENGINES {
        let got = run_dirs(&k, e, &dirs);
        for (d, g) in dirs.iter().zip(&got) {
            let [x, y, z] = d.map(f32::from_bits);
            assert_ops(&g[..4], &model(x, y, z), &format!("{e:?} {d:x?}"));
            let mods = model(-x.abs(), y, -z);
            assert_ops(&g[4..], &mods, &format!("{e:?} -|x|, y, -z {d:x?}"));
        }
    }
}
