//! The library's error type.

use crate::module::Isa;

/// Everything that can go wrong in the xisa API.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{path}: {source}")]
    Io {
        path: String,
        #[source]
        source: std::io::Error,
    },
    #[error("unknown ISA {0:?}; known: ir, sm75, gfx942, cdna5, lsu")]
    UnknownIsa(String),
    #[error("the {0} frontend is not part of this build yet; only `ir` modules can be loaded")]
    IsaNotSupported(Isa),
    #[error("cannot detect the module kind: {0}")]
    Detect(String),
    #[error("{origin}: {msg}")]
    Parse { origin: String, msg: String },
    #[error("{origin}: invalid IR: {msg}")]
    Verify { origin: String, msg: String },
    #[error("no kernel named {name:?}; available: {available}")]
    UnknownKernel { name: String, available: String },
    #[error("{0}")]
    Args(String),
    #[error("guest memory: {0}")]
    Mem(#[from] xisa_runtime::MemError),
    #[error("{0}")]
    Launch(#[from] xisa_runtime::LaunchError),
    #[error("JIT compilation of kernel {kernel} failed: {msg}")]
    Jit { kernel: String, msg: String },
    #[error("state file: {0}")]
    State(String),
}

/// Result with [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;
