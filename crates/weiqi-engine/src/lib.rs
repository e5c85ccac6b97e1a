//! The optimized weiqi rules engine: every rule of every variant, with the interpreter's
//! rulings, built for speed (issue 11). Work in progress: the play rules (`board`, `strings`,
//! `history`) and the scoring (`scoring`) are being written.
#![deny(missing_docs)]

pub mod scoring;
