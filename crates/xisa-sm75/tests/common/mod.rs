//! Helpers shared by the sm75 integration tests: comparing xisa with
//! nvdisasm, launching kernels on both engines, patching instruction words.

#![allow(dead_code)]

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use xisa::{ArgSpec, Device, Engine, LaunchOptions, Module};

/// The repository root.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The committed cubins (`git ls-files`), repository-relative, sorted.
pub fn committed_cubins() -> Vec<String> {
    let out = Command::new("git")
        .args(["ls-files", "*.cubin"])
        .current_dir(repo_root())
        .output()
        .expect("cannot run git ls-files");
    assert!(out.status.success(), "git ls-files failed");
    let mut v: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    v.sort();
    v
}

/// The bytes of a fixture of this crate (`tests/...`, relative to the crate).
pub fn fixture(rel: &str) -> Vec<u8> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// nvdisasm, installed by `translation-rules/sm75/find-nvdisasm.sh` when
/// missing; panics (`hint` says how to skip, where a test allows it) when it
/// cannot be had.
pub fn nvdisasm(hint: &str) -> PathBuf {
    let script = repo_root().join("translation-rules/sm75/find-nvdisasm.sh");
    let out = Command::new("sh")
        .arg(&script)
        .output()
        .expect("cannot run find-nvdisasm.sh");
    assert!(
        out.status.success(),
        "nvdisasm unavailable{hint}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    PathBuf::from(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// Text without whitespace, for comparing listings.
pub fn norm(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

/// A listing line's `/*pc*/` prefix (hex): the pc and the text after it.
pub fn pc_prefix(t: &str) -> Option<(u64, &str)> {
    let rest = t.strip_prefix("/*")?;
    let end = rest.find("*/")?;
    let pc = u64::from_str_radix(&rest[..end], 16).ok()?;
    Some((pc, &rest[end + 2..]))
}

/// A listing: (section, [(pc, text)]).
pub type Listing = Vec<(String, Vec<(u64, String)>)>;

/// nvdisasm's `-c` listing of the `.text` sections: each instruction's
/// text (trimmed, comments dropped) by pc, branch labels replaced by their
/// addresses (a label names the next instruction).
pub fn parse_nvdisasm(text: &str) -> Listing {
    let mut labels: HashMap<String, u64> = HashMap::new();
    let mut pending: Vec<String> = Vec::new();
    for l in text.lines() {
        let t = l.trim();
        if t.starts_with("/*") {
            if let Some((pc, _)) = pc_prefix(t) {
                for p in pending.drain(..) {
                    labels.insert(p, pc);
                }
            }
        } else if let Some(name) = t.strip_suffix(':') {
            if !name.contains(' ') {
                pending.push(name.to_string());
            }
        } else if t.starts_with(".section") {
            pending.clear();
        }
    }
    let mut secs: Listing = Vec::new();
    for l in text.lines() {
        let t = l.trim();
        if let Some(rest) = t.strip_prefix(".section") {
            let name = rest.trim().split(',').next().unwrap_or("").to_string();
            if name.starts_with(".text") {
                secs.push((name, Vec::new()));
            }
            continue;
        }
        let Some((pc, rest)) = pc_prefix(t) else {
            continue;
        };
        let mut ins = rest.to_string();
        if let Some(c) = ins.find("/*") {
            ins.truncate(c);
        }
        // A relocation's addend named by a label (`32@lo((k+.L_x_0@srel))`):
        // xisa prints the label's offset in its section.
        while let Some(e) = ins.find("@srel") {
            let a = ins[..e].rfind('+').map_or(0, |p| p + 1);
            let addr = labels.get(ins[a..e].trim()).copied().unwrap_or(u64::MAX);
            ins.replace_range(a..e + 5, &format!("{addr:#x}"));
        }
        let mut from = 0;
        while let Some(a) = ins[from..].find("`(").map(|a| a + from) {
            let Some(b) = ins[a..].find(')') else { break };
            let name = &ins[a + 2..a + b];
            // A symbol outside the cubin (a driver function a debug build
            // calls, `vprintf`) stays named, as xisa names it.
            match labels.get(name).copied() {
                Some(addr) => ins.replace_range(a..a + b + 1, &format!("{addr:#x}")),
                None => from = a + b,
            }
        }
        if let Some(s) = secs.last_mut() {
            s.1.push((pc, ins.trim().to_string()));
        }
    }
    secs
}

/// Both engines: every run test compares each with the reference.
pub const ENGINES: [Engine; 2] = [Engine::Interp, Engine::Jit];

/// A one-dimensional launch of `grid` blocks of `block` threads on `engine`,
/// two host threads.
pub fn opts(engine: Engine, grid: u32, block: u32) -> LaunchOptions {
    LaunchOptions {
        grid: [grid, 1, 1],
        block: [block, 1, 1],
        engine,
        threads: 2,
        ..LaunchOptions::default()
    }
}

/// Launches `kernel` with `opts` on a new device and returns the final
/// contents of every buffer argument, or the launch error's text.
pub fn try_launch(
    m: &Module,
    kernel: &str,
    opts: &LaunchOptions,
    args: &[ArgSpec],
) -> Result<Vec<Vec<u8>>, String> {
    let dev = Device::new().expect("device");
    let rep = dev
        .launch(m, kernel, opts, args)
        .map_err(|e| e.to_string())?;
    Ok(rep
        .buffers
        .iter()
        .flatten()
        .map(|b| dev.read(b.addr, b.len as usize).expect("read"))
        .collect())
}

/// [`try_launch`], panicking with the kernel and engine on an error.
pub fn launch(m: &Module, kernel: &str, opts: &LaunchOptions, args: &[ArgSpec]) -> Vec<Vec<u8>> {
    try_launch(m, kernel, opts, args).unwrap_or_else(|e| panic!("{kernel} ({}): {e}", opts.engine))
}

/// [`launch`] with [`opts`].
pub fn run(
    m: &Module,
    kernel: &str,
    engine: Engine,
    grid: u32,
    block: u32,
    args: &[ArgSpec],
) -> Vec<Vec<u8>> {
    launch(m, kernel, &opts(engine, grid, block), args)
}

/// Little-endian `u32`s of `b`.
pub fn words(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// Little-endian `u64`s of `b`.
pub fn dwords(b: &[u8]) -> Vec<u64> {
    b.chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// The little-endian bytes of `v`.
pub fn bytes32(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// The little-endian bytes of `v`.
pub fn bytes64(v: &[u64]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// The 128-bit instruction word at byte `at` of `bytes`.
pub fn word_at(bytes: &[u8], at: usize) -> u128 {
    u128::from_le_bytes(bytes[at..at + 16].try_into().unwrap())
}

/// Overwrites the instruction word at byte `at` of `bytes` with `w`.
pub fn set_word(bytes: &mut [u8], at: usize, w: u128) {
    bytes[at..at + 16].copy_from_slice(&w.to_le_bytes());
}

/// The instruction words of `kernel` in the cubin `bytes` and the file
/// offset of its code.
pub fn kernel_code(bytes: &[u8], kernel: &str) -> (Vec<u128>, usize) {
    let c = xisa_sm75::loader::load(bytes).expect("load");
    let k = c
        .kernels
        .iter()
        .find(|k| k.name == kernel)
        .unwrap_or_else(|| panic!("kernel {kernel}"));
    let w = k
        .code
        .chunks_exact(16)
        .map(|b| u128::from_le_bytes(b.try_into().unwrap()))
        .collect();
    (w, k.code_offset as usize)
}

/// The first instruction of `kernel` in the cubin `bytes` whose word
/// satisfies `pred`: its file offset and its pc.
pub fn find_word(bytes: &[u8], kernel: &str, pred: impl Fn(u128) -> bool) -> Option<(usize, u64)> {
    let (words, off) = kernel_code(bytes, kernel);
    let i = words.iter().position(|&w| pred(w))?;
    Some((off + 16 * i, 16 * i as u64))
}

/// `kernel`'s IR text from the cubin `bytes` (module `name`), or the
/// lifting error.
pub fn lift_text(bytes: &[u8], name: &str, kernel: &str) -> Result<String, String> {
    let m = Module::from_bytes(bytes, name, None).expect("module");
    m.kernel(kernel)
        .map(xisa_ir::text::print_kernel)
        .map_err(|e| e.to_string())
}

/// `f16` bits to `f64` (exact; every NaN is the canonical one).
pub fn half_to_f64(h: u16) -> f64 {
    let s = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let e = i32::from((h >> 10) & 0x1f);
    let f = f64::from(h & 0x3ff);
    match e {
        0 => s * f * 2f64.powi(-24),
        31 if f == 0.0 => s * f64::INFINITY,
        31 => f64::NAN,
        _ => s * (1.0 + f / 1024.0) * 2f64.powi(e - 15),
    }
}
