//! The library's error type.

/// Everything that can go wrong in the xisa API. Each message is complete:
/// an error that includes its cause in its text does not also return it as
/// `source()`, so a chain printer shows every cause once.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{path}: {err}")]
    Io { path: String, err: std::io::Error },
    #[error("unknown ISA {name:?}; known: {known}")]
    UnknownIsa { name: String, known: String },
    /// A frontend operation (disassembly, assembly, binding) failed.
    #[error("{0}")]
    Frontend(String),
    #[error("cannot detect the module kind: {0}")]
    Detect(String),
    #[error("{origin}: {msg}")]
    Parse { origin: String, msg: String },
    #[error("no kernel named {name:?}; available: {available}")]
    UnknownKernel { name: String, available: String },
    #[error("{0}")]
    Args(String),
    #[error(transparent)]
    Mem(#[from] xisa_runtime::MemError),
    #[error(transparent)]
    Launch(#[from] xisa_runtime::LaunchError),
    #[error("JIT compilation of kernel {kernel} failed: {msg}")]
    Jit { kernel: String, msg: String },
    #[error("state file: {0}")]
    State(String),
}

/// Result with [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;
