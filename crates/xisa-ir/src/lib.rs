//! The common memory/atomic IR of xisa.
//!
//! All ISA frontends lift into this IR; the reference interpreter and the
//! Cranelift backend execute it. See `docs/ir.md` for the reference.
//!
//! - [`types`]: value types, spaces, scopes, orderings, rounding modes;
//! - [`inst`]: instructions and terminators;
//! - [`kernel`]: kernels and modules;
//! - [`lockstep`]: the wave syncs that give machine code lockstep waves;
//! - [`text`]: the text form (printer and parser that round-trip);
//! - [`verify`]: the verifier;
//! - [`semantics`]: exact scalar semantics shared by every engine;
//! - [`simplify`]: leaner lifted code (folding, copies, dead values);
//! - [`uniform`]: wave-uniform values hoisted into a per-workgroup prologue.

pub mod build;
pub mod divergence;
pub mod guards;
pub mod inst;
pub mod kernel;
pub mod lockstep;
pub mod op;
pub mod reach;
pub mod semantics;
pub mod simplify;
pub mod text;
pub mod types;
pub mod uniform;
pub mod verify;

pub use inst::*;
pub use kernel::*;
pub use types::*;
