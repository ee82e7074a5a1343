//! Verifier (being written).
