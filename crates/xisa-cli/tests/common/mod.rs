//! Helpers the CLI test binaries share: the real `xisa` binary, scratch
//! directories, and the shape of a clean failure.

#![allow(dead_code)] // each test binary uses its own subset

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The binary under test.
pub const XISA: &str = env!("CARGO_BIN_EXE_xisa");

/// Runs `xisa` with `args`.
pub fn xisa<S: AsRef<OsStr>>(args: &[S]) -> Output {
    Command::new(XISA).args(args).output().expect("run xisa")
}

/// Bytes as (lossy) text.
pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A path in the repository (relative to the crate).
pub fn repo(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
}

/// Asserts success, showing both streams otherwise.
pub fn success(out: &Output, what: &str) {
    assert!(
        out.status.success(),
        "{what}: failed\nstdout: {}\nstderr: {}",
        text(&out.stdout),
        text(&out.stderr)
    );
}

/// Asserts a clean failure (exit 1, no panic, one `error: ` line on stderr)
/// and returns that line.
pub fn failure(out: &Output, what: &str) -> String {
    failure_with(out, what, 1)
}

/// [`failure`] of a command-line usage error (a malformed or out-of-range
/// option value): exit status 2.
pub fn usage_failure(out: &Output, what: &str) -> String {
    failure_with(out, what, 2)
}

/// A clean failure with exit status `code`; returns the `error: ` line.
pub fn failure_with(out: &Output, what: &str, code: i32) -> String {
    let err = text(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(code),
        "{what}: exit status\nstdout: {}\nstderr: {err}",
        text(&out.stdout)
    );
    assert!(!err.contains("panicked"), "{what}: panic:\n{err}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1, "{what}: stderr is not one line:\n{err}");
    assert!(
        lines[0].starts_with("error: "),
        "{what}: stderr does not start with `error: `:\n{err}"
    );
    lines[0].to_string()
}

/// A scratch directory, removed when dropped.
pub struct Scratch(PathBuf);

impl Scratch {
    /// A fresh directory named after the test binary's `tag` and `name`.
    pub fn new(tag: &str, name: &str) -> Scratch {
        let d = std::env::temp_dir().join(format!("xisa-{tag}-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        Scratch(d)
    }

    /// The directory itself.
    pub fn dir(&self) -> &Path {
        &self.0
    }

    /// `f` inside the directory.
    pub fn path(&self, f: &str) -> PathBuf {
        self.0.join(f)
    }

    /// Writes `f` and returns its path.
    pub fn write(&self, f: &str, data: impl AsRef<[u8]>) -> PathBuf {
        let p = self.path(f);
        std::fs::write(&p, data).unwrap();
        p
    }

    /// Names in the directory (to spot partial or temporary outputs).
    pub fn files(&self) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(&self.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
