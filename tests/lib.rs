//! Shared helpers for xisa's cross-crate tests.
