//! Integration tests of the Cranelift backend: each op against
//! `xisa_ir::semantics`, control flow, memory, atomics by scope, and the CLIF
//! the scope table promises.

mod atomics;
mod clif;
mod control;
mod corpus;
mod harness;
mod mem;
mod ops;
mod program;
mod surface;
