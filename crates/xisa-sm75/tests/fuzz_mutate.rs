//! Mutation fuzzing of the cubin loader, the disassembler and the lifter on the
//! real corpus cubins (`tests/sm75/out`): flipped bits, overwritten bytes and
//! ELF header/section-table fields, truncations and splices. Whatever the
//! mutation, every stage returns `Ok` or a typed error and never panics.
//!
//! Time-bounded: `XISA_FUZZ_SECS` seconds (default 10) spread over the corpus;
//! the mutation stream is deterministic from `XISA_FUZZ_SEED` (default 1), and a
//! panic reports the seed and iteration that reproduce it.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use xisa_sm75::{cubin, lift, loader, Rules};

use xisa_testkit::Rng;

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

fn corpus() -> Vec<(String, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/sm75/out");
    let mut v: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "cubin"))
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&p).unwrap())
        })
        .collect();
    v.sort();
    assert!(v.len() >= 20, "corpus missing: {} cubins", v.len());
    v
}

/// Offsets of the fields a loader trusts most: ELF header words, section
/// header entries (offset/size/link/info/entsize) and symbol-table entries.
fn interesting_offsets(b: &[u8]) -> Vec<usize> {
    let mut v: Vec<usize> = (0..64.min(b.len())).collect();
    let u64_at = |o: usize| {
        b.get(o..o + 8)
            .map(|s| u64::from_le_bytes(s.try_into().unwrap()))
    };
    let u16_at = |o: usize| b.get(o..o + 2).map(|s| u16::from_le_bytes([s[0], s[1]]));
    if let (Some(shoff), Some(shnum)) = (u64_at(0x28), u16_at(0x3c)) {
        for i in 0..usize::from(shnum) {
            let base = shoff as usize + i * 64;
            v.extend((base..base + 64).filter(|&o| o < b.len()));
        }
    }
    v
}

fn mutate(rng: &mut Rng, orig: &[u8], hot: &[usize]) -> Vec<u8> {
    let mut b = orig.to_vec();
    let rounds = 1 + rng.below(4);
    for _ in 0..rounds {
        if b.is_empty() {
            break;
        }
        match rng.below(7) {
            // One bit anywhere (instruction words included).
            0 => {
                let i = rng.below(b.len());
                b[i] ^= 1 << rng.below(8);
            }
            // A byte of a header or section-table field.
            1 | 2 => {
                let i = hot[rng.below(hot.len())];
                if i < b.len() {
                    b[i] = match rng.below(4) {
                        0 => 0,
                        1 => 0xff,
                        2 => b[i].wrapping_add(1),
                        _ => rng.next() as u8,
                    };
                }
            }
            // A whole 64-bit field set to an extreme value.
            3 => {
                let i = hot[rng.below(hot.len())] & !7;
                let v: u64 = [0, u64::MAX, 1 << 63, rng.next(), 0x7fff_ffff][rng.below(5)];
                if i + 8 <= b.len() {
                    b[i..i + 8].copy_from_slice(&v.to_le_bytes());
                }
            }
            // Truncation.
            4 => {
                let n = rng.below(b.len());
                b.truncate(n);
            }
            // Random run of bytes.
            5 => {
                let i = rng.below(b.len());
                let n = (1 + rng.below(32)).min(b.len() - i);
                for x in &mut b[i..i + n] {
                    *x = rng.next() as u8;
                }
            }
            // Copy a range over another (section contents, symbol entries).
            _ => {
                let n = 1 + rng.below(64);
                if b.len() > n {
                    let from = rng.below(b.len() - n);
                    let to = rng.below(b.len() - n);
                    b.copy_within(from..from + n, to);
                }
            }
        }
    }
    b
}

/// Every stage on one input; a typed error is fine, a panic is not.
fn exercise(rules: &Rules, bytes: &[u8]) {
    let _ = cubin::disassemble_cubin(rules, bytes);
    if let Ok(c) = loader::load(bytes) {
        let _ = lift::lift_cubin(&c);
    }
    let _ = lift::lift_bytes(bytes);
}

#[test]
fn mutated_cubins_never_panic() {
    let secs = env_u64("XISA_FUZZ_SECS", 10);
    let seed = env_u64("XISA_FUZZ_SEED", 1);
    let rules = Rules::embedded().expect("embedded rules");
    let corpus = corpus();
    // Unmutated inputs first: the corpus itself must load and disassemble.
    for (name, b) in &corpus {
        cubin::disassemble_cubin(&rules, b).unwrap_or_else(|e| panic!("{name}: {e}"));
        loader::load(b).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    let hot: Vec<Vec<usize>> = corpus.iter().map(|(_, b)| interesting_offsets(b)).collect();
    let deadline = Instant::now() + Duration::from_secs(secs);
    let mut rng = Rng::new(seed);
    let mut iters = 0u64;
    let mut loaded = 0u64;
    while Instant::now() < deadline {
        let k = rng.below(corpus.len());
        let (name, orig) = &corpus[k];
        let m = mutate(&mut rng, orig, &hot[k]);
        if catch_unwind(AssertUnwindSafe(|| exercise(&rules, &m))).is_err() {
            let path = std::env::temp_dir().join(format!("xisa-fuzz-{name}-{iters}.cubin"));
            let _ = std::fs::write(&path, &m);
            panic!(
                "panic on a mutation of {name} (XISA_FUZZ_SEED={seed}, iteration {iters}); input saved to {}",
                path.display()
            );
        }
        loaded += u64::from(loader::load(&m).is_ok());
        iters += 1;
    }
    eprintln!(
        "fuzz: {iters} mutated cubins in {secs} s (seed {seed}), {loaded} still loaded; no panic"
    );
    assert!(iters > 0);
}
