//! Game records (issue 4): placeholder.
#![deny(missing_docs)]
