//! Shared test helpers: a small deterministic RNG, llvm-mc discovery.

#![allow(dead_code)]

use std::process::Command;

/// xorshift64* (deterministic, no dependency).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) < num
    }
}

/// The `llvm-mc-19` command, installed with apt-get when missing. `None` only when
/// `XISA_SKIP_ORACLE=1`; otherwise a missing tool fails the test.
pub fn llvm_mc() -> Option<String> {
    let have = || {
        Command::new("llvm-mc-19")
            .arg("--version")
            .output()
            .map(|o| o.status.success())
            .unwrap_or(false)
    };
    if !have() {
        let _ = Command::new("sh")
            .arg("-c")
            .arg("(apt-get update && apt-get install -y llvm-19) >/dev/null 2>&1")
            .status();
    }
    if have() {
        return Some("llvm-mc-19".into());
    }
    if std::env::var("XISA_SKIP_ORACLE").as_deref() == Ok("1") {
        eprintln!("llvm-mc-19 unavailable; oracle skipped (XISA_SKIP_ORACLE=1)");
        return None;
    }
    panic!("llvm-mc-19 is missing and could not be installed (set XISA_SKIP_ORACLE=1 to skip)");
}

/// Runs llvm-mc with `args` on `input`; returns (stdout, stderr).
pub fn run_llvm_mc(tool: &str, args: &[&str], input: &str) -> (String, String) {
    use std::io::Write;
    let mut child = Command::new(tool)
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("spawn llvm-mc");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("llvm-mc");
    writer.join().unwrap().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
