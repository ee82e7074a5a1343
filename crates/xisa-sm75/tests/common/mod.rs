//! Helpers shared by the tests that compare xisa with nvdisasm.

#![allow(dead_code)]

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

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
        if let Some(rest) = t.strip_prefix("/*") {
            if let Some(end) = rest.find("*/") {
                if let Ok(pc) = u64::from_str_radix(&rest[..end], 16) {
                    for p in pending.drain(..) {
                        labels.insert(p, pc);
                    }
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
        let Some(rest) = t.strip_prefix("/*") else {
            continue;
        };
        let Some(end) = rest.find("*/") else { continue };
        let Ok(pc) = u64::from_str_radix(&rest[..end], 16) else {
            continue;
        };
        let mut ins = rest[end + 2..].to_string();
        if let Some(c) = ins.find("/*") {
            ins.truncate(c);
        }
        while let Some(a) = ins.find("`(") {
            let Some(b) = ins[a..].find(')') else { break };
            let name = &ins[a + 2..a + b];
            let addr = labels.get(name).copied().unwrap_or(u64::MAX);
            ins.replace_range(a..a + b + 1, &format!("{addr:#x}"));
        }
        if let Some(s) = secs.last_mut() {
            s.1.push((pc, ins.trim().to_string()));
        }
    }
    secs
}
