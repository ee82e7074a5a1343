//! The random OpenCL C corpus (`tests/clfuzz/`): kernels written by
//! `gen.py` from the seeds in `corpus/seeds.txt`, compiled by the documented
//! pipelines to an sm_75 cubin and a gfx942 code object, and run here on
//! every engine; each output must equal POCL's on the same inputs
//! (`NAME.out`, `NAME.acc`, written by `run.py --oracle`). The inputs
//! follow from the seed as `run.py`'s `inputs` makes them (`inputs` below,
//! over the same splitmix64 stream). `build.sh` rebuilds everything (the
//! drift check reruns it).

use std::path::{Path, PathBuf};

use xisa::{ArgSpec, Device, Engine, LaunchOptions};
use xisa_testkit::{le_values, SplitMix64};
use xisa_tests::fixture_module;

const ENGINES: [Engine; 3] = [Engine::JitLane, Engine::JitWave, Engine::Interp];

/// Edge values the input words are weighted to (run.py's `EDGES`).
const EDGES: [u32; 23] = [
    0,
    1,
    2,
    3,
    0xFFFF_FFFF,
    0xFFFF_FFFE,
    0x8000_0000,
    0x7FFF_FFFF,
    0x8000_0001,
    0xFFFF,
    0x1_0000,
    0xFF,
    0x100,
    0x7F,
    0x80,
    0x8000,
    0x7FFF,
    0xFFFF_8000,
    0xFFFF_FF80,
    31,
    32,
    63,
    64,
];

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("clfuzz/corpus")
}

/// The launch the generator records in a kernel's first line (`grid=X` or
/// `grid=X,Y`, the same for `block`).
struct Launch {
    seed: u64,
    grid: [u32; 3],
    block: [u32; 3],
    words_in: usize,
    words_out: usize,
}

impl Launch {
    /// Work-items in the launch (the kernel's `n`).
    fn items(&self) -> u32 {
        self.grid.iter().chain(&self.block).product()
    }
}

fn launch_of(src: &str) -> Launch {
    let head = src.lines().next().unwrap_or_default();
    let text = |k: &str| -> &str {
        head.split_whitespace()
            .find_map(|w| w.strip_prefix(k)?.strip_prefix('='))
            .unwrap_or_else(|| panic!("no {k}= in {head:?}"))
    };
    let num = |k: &str| -> u64 {
        text(k)
            .parse()
            .unwrap_or_else(|_| panic!("{k}= in {head:?}"))
    };
    let dims = |k: &str| -> [u32; 3] {
        let mut d = [1u32; 3];
        for (i, v) in text(k).split(',').enumerate() {
            assert!(i < 3, "{k}= in {head:?}");
            d[i] = v.parse().unwrap_or_else(|_| panic!("{k}= in {head:?}"));
        }
        d
    };
    Launch {
        seed: num("seed"),
        grid: dims("grid"),
        block: dims("block"),
        words_in: num("in") as usize,
        words_out: num("out") as usize,
    }
}

/// `in` and the accumulators' start, as run.py's `inputs` makes them.
fn inputs(seed: u64, words: usize) -> (Vec<u8>, Vec<u8>) {
    let mut r = SplitMix64(seed);
    let mut inp = Vec::with_capacity(words * 4);
    for _ in 0..words {
        let z = r.next_u64();
        let w = match (z >> 32) % 100 {
            0..=29 => EDGES[(z % EDGES.len() as u64) as usize],
            30..=44 => (z % 64) as u32,
            _ => z as u32,
        };
        inp.extend_from_slice(&w.to_le_bytes());
    }
    let mut acc = Vec::with_capacity(256);
    for _ in 0..56 {
        acc.extend_from_slice(&(r.next_u64() as u32).to_le_bytes());
    }
    for _ in 0..8 {
        let v = (r.next_u64() % 200) as i64 - 100;
        acc.extend_from_slice(&(v as f32).to_bits().to_le_bytes());
    }
    (inp, acc)
}

fn read(p: &Path) -> Vec<u8> {
    std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Where two outputs first differ, named by work-item and word of its row.
fn first_diff(got: &[u8], want: &[u8], row: usize) -> String {
    if got.len() != want.len() {
        return format!("{} bytes, POCL {}", got.len(), want.len());
    }
    let (g, w) = (le_values::<u32>(got), le_values::<u32>(want));
    match (0..g.len()).find(|&i| g[i] != w[i]) {
        Some(i) => format!(
            "word {i} (work-item {}, row word {}): xisa {:#010x}, POCL {:#010x}",
            i / row.max(1),
            i % row.max(1),
            g[i],
            w[i]
        ),
        None => "equal".into(),
    }
}

/// Runs one build of one kernel (`rel`, relative to `tests/`) on `engines`
/// against POCL's outputs; returns the disagreements.
fn check(rel: &str, l: &Launch, want: &(Vec<u8>, Vec<u8>), engines: &[Engine]) -> Vec<String> {
    let m = fixture_module(rel);
    let (inp, acc) = inputs(l.seed, l.words_in);
    let row = l.words_out / l.items() as usize;
    let mut bad = Vec::new();
    for &engine in engines {
        let dev = Device::new().expect("device");
        let i = dev.upload(&inp).expect("upload in");
        let o = dev.alloc(4 * l.words_out as u64).expect("alloc out");
        let a = dev.upload(&acc).expect("upload acc");
        let opts = LaunchOptions {
            grid: l.grid,
            block: l.block,
            engine,
            threads: 2,
            ..LaunchOptions::default()
        };
        let args = [
            ArgSpec::Ptr(i),
            ArgSpec::Ptr(o),
            ArgSpec::Ptr(a),
            ArgSpec::U32(l.items()),
        ];
        if let Err(e) = dev.launch(&m, "fuzz", &opts, &args) {
            bad.push(format!("{rel} ({engine}): {e}"));
            continue;
        }
        let got_out = dev.read(o, 4 * l.words_out).expect("read out");
        let got_acc = dev.read(a, acc.len()).expect("read acc");
        if got_out != want.0 {
            bad.push(format!(
                "{rel} ({engine}): out {}",
                first_diff(&got_out, &want.0, row)
            ));
        }
        if got_acc != want.1 {
            bad.push(format!(
                "{rel} ({engine}): acc {}",
                first_diff(&got_acc, &want.1, 1)
            ));
        }
    }
    bad
}

fn kernels() -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(corpus())
        .expect("tests/clfuzz/corpus")
        .filter_map(|e| {
            let n = e.ok()?.file_name().to_string_lossy().into_owned();
            n.strip_suffix(".cl").map(String::from)
        })
        .collect();
    v.sort();
    v
}

fn run_isa(ext: &str) {
    let names = kernels();
    assert!(names.len() >= 40, "corpus holds {} kernels", names.len());
    let mut bad = Vec::new();
    for name in &names {
        let dir = corpus();
        let l = launch_of(&String::from_utf8_lossy(&read(
            &dir.join(format!("{name}.cl")),
        )));
        let want = (
            read(&dir.join(format!("{name}.out"))),
            read(&dir.join(format!("{name}.acc"))),
        );
        bad.extend(check(
            &format!("clfuzz/corpus/{name}.{ext}"),
            &l,
            &want,
            &ENGINES,
        ));
    }
    assert!(
        bad.is_empty(),
        "{} disagreements:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn sm75_builds_agree_with_pocl() {
    run_isa("cubin");
}

#[test]
fn gfx942_builds_agree_with_pocl() {
    run_isa("co");
}

/// The Rust copy of the input generator makes the words run.py makes
/// (its first words for seed 5, printed by run.py's `inputs`).
#[test]
fn inputs_follow_run_py() {
    let (inp, acc) = inputs(5, 8);
    let w: Vec<u32> = le_values(&inp);
    assert_eq!(
        w,
        [
            0x80,
            0x2,
            0x106b_c147,
            0x0,
            0xaa01_5dc5,
            0xb007_4044,
            0x0,
            0x0699_ef2b
        ]
    );
    let a: Vec<u32> = le_values(&acc);
    assert_eq!(
        a[54..58],
        [0xdf4b_947d, 0xef1e_581b, 0xc0c0_0000, 0xc238_0000]
    );
}

/// Regression (issue #13, the campaign under `gen.py --features all`): wave
/// mode gave wrong answers on sm_75 kernels whose lanes diverge (seeds 2016,
/// 2041, 2042, 2067; `tests/clfuzz/README.md`), and the default engine runs
/// sm_75 kernels with warp operations in loops in wave mode. Seed 2042 (a
/// CAS loop with ptxas's `VOTEU.ANY` convergence loop, then divergent code)
/// faulted on a wild address there: a run's loop over the lanes left the
/// last lane's values in the group's variables, and a second SIMT stack
/// entry read them. Every engine now equals POCL. (`findings/`: the kernel,
/// its cubin and POCL's outputs; inputs from the seed as in `run.py`.)
#[test]
fn divergent_sm75_warp_loops_agree_with_pocl_on_every_engine() {
    let rel = "clfuzz/findings/s2042.cubin";
    assert!(
        fixture_module(rel)
            .kernel("fuzz")
            .expect("fuzz")
            .warp_ops_in_loops(),
        "the default engine runs the kernel in wave mode"
    );
    let bad = finding("s2042");
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// A committed finding's sm_75 build (`findings/NAME.cubin`) on every
/// engine against POCL's outputs; the disagreements.
fn finding(name: &str) -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("clfuzz/findings");
    let l = launch_of(&String::from_utf8_lossy(&read(
        &dir.join(format!("{name}.cl")),
    )));
    let want = (
        read(&dir.join(format!("{name}.out"))),
        read(&dir.join(format!("{name}.acc"))),
    );
    check(
        &format!("clfuzz/findings/{name}.cubin"),
        &l,
        &want,
        &[
            Engine::Jit,
            Engine::JitWave,
            Engine::JitLane,
            Engine::Interp,
        ],
    )
}

/// Regression (`gen.py --features all` seeds 2120 and 2138): ptxas
/// compiles 64-bit `a * b - c` to `IMAD.HI` / `IMAD.WIDE.U32` with a
/// negated C (the 64-bit pair subtracted), which xisa refused.
#[test]
fn negated_c_multiply_adds_agree_with_pocl() {
    let bad: Vec<String> = ["s2120", "s2138"].iter().flat_map(|n| finding(n)).collect();
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
