//! xisa frontends for AMD CDNA: [`gfx942`] (CDNA 3 code objects: decoder,
//! printer, assembler, code-object loader, wave64 lifter) and [`cdna5`] (the
//! CDNA 5 VGLOBAL atomics, loads, stores and cache operations), each an
//! `xisa_frontend::Frontend`. See `docs/cdna.md`.

mod access;
pub mod cdna5;
pub mod gfx942;
