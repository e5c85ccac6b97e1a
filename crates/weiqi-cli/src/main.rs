//! The `weiqi` command line: placeholder.

fn main() {}
