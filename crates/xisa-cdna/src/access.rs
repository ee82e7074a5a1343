//! The IR shape of an AMD vector load or store, shared by the gfx942 and
//! CDNA 5 lifters (reading cache or scope bits) and writers (finding the row
//! for an IR access).
//!
//! An ordered two-dword access is one 8-byte element: LLVM compiles a relaxed
//! or acquire 64-bit atomic load/store to `global_load_dwordx2 ... sc1` (CDNA
//! 5: `global_load_b64 ... scope:SCOPE_DEV`) and relies on it being
//! single-copy atomic; two 4-byte accesses could tear. An ordered three- or
//! four-dword access keeps its order dword by dword (the hardware promises no
//! wider atomicity).

use xisa_ir::{MemKind, MemType, Order, Scope};

/// The element shape, order and scope of a vector load/store of `kind x
/// count` whose cache or scope bits name `scope` (`None`: a plain access,
/// device scope as the AMD lifters give plain accesses).
pub(crate) fn lifted(kind: MemKind, count: u8, scope: Option<Scope>) -> (MemType, Order, Scope) {
    match scope {
        None => (MemType { kind, count }, Order::Weak, Scope::Device),
        Some(s) if count == 2 && kind == MemKind::B32 => {
            (MemType::scalar(MemKind::B64), Order::Relaxed, s)
        }
        Some(s) => (MemType { kind, count }, Order::Relaxed, s),
    }
}

/// The element kind and count of the row an ordered (relaxed) access of
/// `kind x count` is written with: the inverse of [`lifted`].
pub(crate) fn ordered_row(kind: MemKind, count: u8) -> Result<(MemKind, u8), String> {
    match (kind, count) {
        (MemKind::B64, 1) => Ok((MemKind::B32, 2)),
        (MemKind::B32, 2) => Err("an ordered two-dword access is one 8-byte element".into()),
        s => Ok(s),
    }
}
