//! The literal interpreter (issue 3): placeholder.
#![deny(missing_docs)]

pub mod scoring;
