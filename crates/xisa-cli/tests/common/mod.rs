//! Helpers the CLI test binaries share: the real `xisa` binary, scratch
//! directories, and the shape of a clean failure.

#![allow(dead_code)] // each test binary uses its own subset

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The binary under test.
pub const XISA: &str = env!("CARGO_BIN_EXE_xisa");

/// A kernel whose thread 13 stores out of bounds, at `oob:bad:1` (pc 0x48).
pub const OOB: &str = "kernel @oob(%p: i64) {
  reg %tid: i32, %a: i64, %q: i1
entry:
  %tid = special.tid.x
  %a = mulwide.u32 %tid, 4
  %a = add.i64 %a, %p
  st.global.b32 [%a], %tid
  %q = icmp.eq.i32 %tid, 13
  brc %q, bad, done
bad:
  %a = add.i64 %a, 0x100000000 !pc 0x40
  st.global.b32 [%a], %tid !pc 0x48
  br done
done:
  exit
}
";

/// A kernel that never ends.
pub const SPIN: &str = "kernel @spin(%p: i64) {
  reg %v: i32, %q: i1
entry:
  br loop
loop:
  %v = add.i32 %v, 1
  %q = icmp.ne.i32 %v, 0
  brc %q, loop, loop
}
";

/// Runs `xisa` with `args`.
pub fn xisa<S: AsRef<OsStr>>(args: &[S]) -> Output {
    Command::new(XISA).args(args).output().expect("run xisa")
}

/// Runs `xisa` with the command line `template`: its words (split at white
/// space), each `{}` in a word replaced by the next of `values`, verbatim, so
/// that a path holding a space stays one argument.
pub fn xisa_with(template: &str, values: &[&dyn AsRef<OsStr>]) -> Output {
    xisa(&argv(template, values))
}

/// The arguments [`xisa_with`] passes.
pub fn argv(template: &str, values: &[&dyn AsRef<OsStr>]) -> Vec<OsString> {
    let mut values = values.iter();
    let args = template
        .split_whitespace()
        .map(|word| {
            let mut parts = word.split("{}");
            let mut arg = OsString::from(parts.next().unwrap_or_default());
            for part in parts {
                let v = values
                    .next()
                    .unwrap_or_else(|| panic!("{template}: too few values"));
                arg.push(v.as_ref());
                arg.push(part);
            }
            arg
        })
        .collect();
    assert!(values.next().is_none(), "{template}: too many values");
    args
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
    assert_eq!(
        out.status.code(),
        Some(code),
        "{what}: exit status\nstdout: {}\nstderr: {}",
        text(&out.stdout),
        text(&out.stderr)
    );
    failed(out, what)
}

/// A clean failure of any non-zero exit status: no panic and one `error: `
/// line on stderr, which it returns.
pub fn failed(out: &Output, what: &str) -> String {
    let err = text(&out.stderr);
    assert!(!out.status.success(), "{what}: expected failure");
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
