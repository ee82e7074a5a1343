//! Limits on what xisa accepts: input files (regular files of bounded size)
//! and launch geometry (each ISA's hardware limits and the block sizes the
//! kernels themselves declare).

use std::io::Read;
use std::path::Path;

use xisa_runtime::launch::{check_geometry, GeometryLimits};
use xisa_runtime::LaunchError;

use crate::error::{Error, Result};
use crate::module::{Isa, Module};

/// Largest module (or other non-buffer input file) xisa reads: 1 GiB, far
/// beyond any real cubin or code object, small enough to refuse a mistaken
/// path before it exhausts host memory.
pub const MAX_INPUT_BYTES: u64 = 1 << 30;

fn io_err(path: &Path, msg: String) -> Error {
    Error::Io {
        path: path.display().to_string(),
        err: std::io::Error::new(std::io::ErrorKind::InvalidInput, msg),
    }
}

/// Reads a whole input file of at most `cap` bytes (`what` says what the cap
/// is, for the message). Refuses anything that is not a regular file
/// (`/dev/zero`, a pipe, a directory): such inputs have no size and may never
/// end.
pub fn read_input(path: &Path, cap: u64, what: &str) -> Result<Vec<u8>> {
    let io = |err| Error::Io {
        path: path.display().to_string(),
        err,
    };
    let file = std::fs::File::open(path).map_err(io)?;
    let meta = file.metadata().map_err(io)?;
    if !meta.is_file() {
        return Err(io_err(
            path,
            "not a regular file (a device, pipe or directory); inputs must be regular files".into(),
        ));
    }
    let too_big = |n: u64| io_err(path, format!("{n} bytes, more than {what} ({cap} bytes)"));
    if meta.len() > cap {
        return Err(too_big(meta.len()));
    }
    // The file may grow while it is read: read at most one byte past the cap.
    let mut data = Vec::with_capacity(meta.len() as usize);
    file.take(cap.saturating_add(1))
        .read_to_end(&mut data)
        .map_err(io)?;
    if data.len() as u64 > cap {
        return Err(too_big(data.len() as u64));
    }
    Ok(data)
}

pub use xisa_frontend::{BlockRule, DeclaredLimit};

/// The hardware launch limits of `isa` (its frontend's [`IsaInfo::limits`]:
/// sm_75 allows 1024 threads per block, block z at most 64, grid y, z below
/// 2^16; gfx942 2^32 - 1 work-items per grid dimension; the others have only
/// the runtime's limits).
///
/// [`IsaInfo::limits`]: xisa_frontend::IsaInfo::limits
pub fn hardware_limits(isa: Isa) -> GeometryLimits {
    isa.info().limits
}

/// Checks a launch of `kernel` of `module` against the ISA's hardware limits
/// and the limits the kernel declares ([`Module::declared`]).
pub fn check_launch(module: &Module, kernel: &str, grid: [u32; 3], block: [u32; 3]) -> Result<()> {
    check_geometry(kernel, &hardware_limits(module.isa), grid, block)?;
    check_declared(kernel, module.declared(kernel), block)
}

/// Checks `block` against limits a kernel declares.
pub fn check_declared(kernel: &str, declared: &[DeclaredLimit], block: [u32; 3]) -> Result<()> {
    let threads: u64 = block.iter().map(|&x| u64::from(x)).product();
    for d in declared {
        let bad = match d.rule {
            BlockRule::Exactly(req) if req != block => Some(format!(
                "block {block:?} differs from the {}x{}x{} block the kernel requires ({})",
                req[0], req[1], req[2], d.source
            )),
            BlockRule::AtMost(n) if threads > n => Some(format!(
                "block {block:?} has {threads} threads; the kernel allows at most {n} ({})",
                d.source
            )),
            _ => None,
        };
        if let Some(m) = bad {
            return Err(LaunchError::Config(format!("kernel {kernel}: {m}")).into());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hardware_limits_per_isa() {
        let sm = hardware_limits("sm75".parse().unwrap());
        assert!(check_geometry("k", &sm, [1, 1, 1], [1024, 1, 1]).is_ok());
        assert!(check_geometry("k", &sm, [1, 1, 1], [1, 1, 65]).is_err());
        assert!(check_geometry("k", &sm, [1, 65536, 1], [1, 1, 1]).is_err());
        assert!(check_geometry("k", &sm, [1 << 31, 1, 1], [1, 1, 1]).is_err());
        assert!(check_geometry("k", &sm, [(1 << 31) - 1, 1, 1], [1, 1, 1]).is_ok());
        let g = hardware_limits("gfx942".parse().unwrap());
        assert!(check_geometry("k", &g, [1, 1, 1], [1025, 1, 1]).is_err());
        let e = check_geometry("k", &g, [1 << 24, 1, 1], [1024, 1, 1]).unwrap_err();
        assert!(e.to_string().contains("gfx942 hardware"), "{e}");
    }

    #[test]
    fn declared_rules() {
        let d = [
            DeclaredLimit {
                rule: BlockRule::Exactly([32, 1, 1]),
                source: "here".into(),
            },
            DeclaredLimit {
                rule: BlockRule::AtMost(32),
                source: "there".into(),
            },
        ];
        assert!(check_declared("k", &d, [32, 1, 1]).is_ok());
        let e = check_declared("k", &d, [16, 2, 1]).unwrap_err().to_string();
        assert!(
            e.contains("kernel k") && e.contains("32x1x1") && e.contains("here"),
            "{e}"
        );
        let e = check_declared("k", &d[1..], [64, 1, 1])
            .unwrap_err()
            .to_string();
        assert!(e.contains("at most 32") && e.contains("there"), "{e}");
    }
}
