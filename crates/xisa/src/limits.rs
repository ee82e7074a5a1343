//! Limits on what xisa accepts: input files (regular files of bounded size)
//! and launch geometry (each ISA's hardware limits and the block sizes the
//! kernels themselves declare).

use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;

use xisa_runtime::launch::{check_geometry, GeometryLimits, RUNTIME_LIMITS};
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

/// The hardware launch limits of `isa`: sm_75 (CUDA compute capability 7.5)
/// allows 1024 threads per block, block x, y at most 1024 and z at most 64,
/// grid x below 2^31 and y, z below 2^16; gfx942 (HSA) allows 1024 work-items
/// per workgroup and 2^32 - 1 work-items per grid dimension (the dispatch
/// packet's 32-bit `grid_size` fields). The other ISAs have only the
/// runtime's limits.
pub fn hardware_limits(isa: Isa) -> GeometryLimits {
    match isa {
        Isa::Sm75 => GeometryLimits {
            origin: "sm_75 hardware",
            max_block_threads: 1024,
            max_block: [1024, 1024, 64],
            max_grid: [(1 << 31) - 1, 65535, 65535],
            max_grid_blocks: u64::MAX,
            max_grid_lanes: [u64::MAX; 3],
        },
        Isa::Gfx942 => GeometryLimits {
            origin: "gfx942 hardware",
            max_block_threads: 1024,
            max_block: [1024; 3],
            max_grid: [u32::MAX as u64; 3],
            max_grid_blocks: u64::MAX,
            max_grid_lanes: [u32::MAX as u64; 3],
        },
        _ => RUNTIME_LIMITS,
    }
}

/// A block size a kernel declares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockRule {
    /// The block must be exactly this (PTX `.reqntid`).
    Exactly([u32; 3]),
    /// At most this many threads per block (PTX `.maxntid`: the product of
    /// its extents; gfx942 `.max_flat_workgroup_size`).
    AtMost(u64),
}

/// One declared launch limit and where it comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeclaredLimit {
    /// The rule.
    pub rule: BlockRule,
    /// Where it is declared, for messages.
    pub source: String,
}

/// Declared limits of each kernel of a module, by kernel name.
pub type DeclaredLimits = BTreeMap<String, Vec<DeclaredLimit>>;

/// The launch limits the kernels of a cubin declare: `EIATTR_REQNTID` and
/// `EIATTR_MAX_THREADS` of `.nv.info.<kernel>` (PTX `.reqntid`, `.maxntid`).
pub fn sm75_declared(cubin: &xisa_sm75::loader::Cubin) -> DeclaredLimits {
    let mut out = DeclaredLimits::new();
    for k in &cubin.kernels {
        let mut v = Vec::new();
        if let Some(b) = k.required_block() {
            v.push(DeclaredLimit {
                rule: BlockRule::Exactly(b),
                source: format!("PTX .reqntid: EIATTR_REQNTID in .nv.info.{}", k.name),
            });
        }
        if let Some(b) = k.max_block() {
            let n = b.iter().map(|&x| u64::from(x)).product();
            v.push(DeclaredLimit {
                rule: BlockRule::AtMost(n),
                source: format!(
                    "PTX .maxntid {},{},{}: EIATTR_MAX_THREADS in .nv.info.{}",
                    b[0], b[1], b[2], k.name
                ),
            });
        }
        out.insert(k.name.clone(), v);
    }
    out
}

/// The launch limits the kernels of a code object declare: each kernel's
/// `.max_flat_workgroup_size` metadata.
pub fn gfx942_declared(m: &crate::module::gfx942::Gfx942Module) -> DeclaredLimits {
    m.kernels
        .iter()
        .map(|k| {
            let rule = BlockRule::AtMost(u64::from(k.max_flat_workgroup_size));
            let source = ".max_flat_workgroup_size in the code object metadata".into();
            (k.name.clone(), vec![DeclaredLimit { rule, source }])
        })
        .collect()
}

/// Checks a launch of `kernel` of `module` against the ISA's hardware limits
/// and the limits the kernel declares ([`Module::declared`]).
pub fn check_launch(module: &Module, kernel: &str, grid: [u32; 3], block: [u32; 3]) -> Result<()> {
    check_geometry(kernel, &hardware_limits(module.isa), grid, block)?;
    let declared = module.declared.get(kernel).map_or(&[][..], Vec::as_slice);
    check_declared(kernel, declared, block)
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
        let sm = hardware_limits(Isa::Sm75);
        assert!(check_geometry("k", &sm, [1, 1, 1], [1024, 1, 1]).is_ok());
        assert!(check_geometry("k", &sm, [1, 1, 1], [1, 1, 65]).is_err());
        assert!(check_geometry("k", &sm, [1, 65536, 1], [1, 1, 1]).is_err());
        assert!(check_geometry("k", &sm, [1 << 31, 1, 1], [1, 1, 1]).is_err());
        assert!(check_geometry("k", &sm, [(1 << 31) - 1, 1, 1], [1, 1, 1]).is_ok());
        let g = hardware_limits(Isa::Gfx942);
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
