//! `xisa bench`: what translated GPU atomics and kernels cost on the host CPU,
//! measured against native Rust doing the same work in the same run.
//!
//! - [`matrix`]: operation × scope × space × access pattern × host threads;
//! - [`gen`]: one benchmark kernel per cell, in IR text or assembled and lifted
//!   from lsu / CDNA 5 encodings;
//! - [`native`]: the `std::sync::atomic` baselines;
//! - [`measure`]: warm-up, interleaved repetitions, statistics;
//! - [`report`]: terminal table, CSV and SVG chart;
//! - [`kernels`]: whole corpus kernels against rayon equivalents and, where
//!   installed, POCL running their OpenCL C twins ([`pocl`]).
//!
//! The methodology is in `docs/benchmarks.md`.

pub mod gen;
pub mod kernels;
pub mod matrix;
pub mod measure;
pub mod native;
pub mod pocl;
pub mod process;
pub mod report;

pub use gen::{check_available, BenchIsa};
pub use matrix::{Cell, OpSpec, Pattern, Scope, Space, Work};
pub use measure::{AtomicsConfig, CellResult, Stats};

/// Errors of the benchmarks.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A bad option.
    #[error("{0}")]
    Args(String),
    /// The ISA has no frontend able to run benchmark kernels in this build.
    #[error("--isa {isa}: benchmark kernels cannot be built in this build: {missing}")]
    IsaUnavailable { isa: &'static str, missing: String },
    /// The ISA cannot express this cell (the cell is skipped).
    #[error("{isa} cannot express {cell}: {why}")]
    CellUnsupported {
        isa: &'static str,
        cell: String,
        why: String,
    },
    /// Building a kernel failed (a bug in the generator).
    #[error("generating a benchmark kernel: {0}")]
    Generate(String),
    /// The library failed (load, compile, launch).
    #[error(transparent)]
    Xisa(#[from] xisa::Error),
    /// A launch through the runtime failed.
    #[error(transparent)]
    Launch(#[from] xisa_runtime::LaunchError),
    /// A native baseline failed.
    #[error("native baseline: {0}")]
    Native(String),
    /// A translated kernel produced a different result from the native one.
    #[error("{kernel}: translated and native results differ: {detail}")]
    Mismatch { kernel: String, detail: String },
    /// POCL's outputs differ from the translated kernel's.
    #[error("{kernel}: translated and POCL results differ: {detail}")]
    PoclMismatch { kernel: String, detail: String },
    /// Writing a report failed.
    #[error("{path}: {msg}")]
    Output { path: String, msg: String },
}

/// False in builds without optimizations (debug assertions on), where the
/// native baselines are not representative: measure with `--release`.
pub const OPTIMIZED: bool = !cfg!(debug_assertions);
