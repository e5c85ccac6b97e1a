//! `cargo xtask`: the one entry point for the project's multi-step maintenance tasks.
//!
//! ```text
//! cargo xtask ci [--skip STEP]...   everything .ci/run checks (fmt, clippy, test, codegen, spec-check, tidy, fuzz)
//! cargo xtask spec-check            validate every file of spec/
//! cargo xtask codegen [--check]     write spec/README.md from the spec types (--check: fail if stale)
//! cargo xtask tidy                  check the crate dependency edges of docs/style.md, and that
//!                                   no file cites a document outside the repository
//! cargo xtask agreement [--check] [--gnugo]
//!                                   weiqi over ../shared/corpus/: the README's agreement table
//! cargo xtask status [--write] [--no-gnugo]
//!                                   the status judge over the labelled sets of ../shared/corpus/
//! cargo xtask rulings [--keep | --check | --table]
//!                                   review the rulings corpus (rulings/): insta snapshots, TABLE.md
//! cargo xtask extra-variant [--lint]
//!                                   the suite with the README walk-through's variant added (--lint: no test numbers the variants)
//! cargo xtask fuzz [TARGET] [--time S]
//!                                   run one cargo-fuzz target or all, S seconds each (nightly, cargo-fuzz)
//! cargo xtask mutants [--budget S] [--shard K/N]
//!                                   cargo-mutants on weiqi-engine, a random sample within S seconds
//! ```

mod agreement;
mod ci;
mod citations;
mod codegen;
mod extra_variant;
mod fuzz;
mod mutants;
mod rulings;
mod spec_check;
mod status;
mod tidy;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = "usage: cargo xtask <ci [--skip STEP]... | spec-check | codegen [--check] | tidy | agreement [--check] [--gnugo] | status [--write] [--no-gnugo] | rulings [--keep | --check | --table] | extra-variant [--lint] | fuzz [TARGET] [--time S] | mutants [--budget S] [--shard K/N]>";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let root = project_root();
    let result = match args.first().map(String::as_str) {
        Some("ci") => ci::run(&root, &args[1..]),
        Some("spec-check") => spec_check::run(&root),
        Some("codegen") => match args.get(1).map(String::as_str) {
            None => codegen::run(&root, false),
            Some("--check") => codegen::run(&root, true),
            Some(other) => Err(format!("unknown codegen option {other:?}\n{USAGE}")),
        },
        Some("tidy") => tidy::run(&root),
        Some("agreement") => agreement::run(&root, &args[1..]),
        Some("status") => status::run(&root, &args[1..]),
        Some("rulings") => rulings::run(&root, &args[1..]),
        Some("extra-variant") => extra_variant::run(&root, &args[1..]),
        Some("fuzz") => fuzz::run(&root, &args[1..]),
        Some("mutants") => mutants::run(&root, &args[1..]),
        Some(other) => Err(format!("unknown task {other:?}\n{USAGE}")),
        None => Err(USAGE.to_owned()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The workspace root: the parent of this crate's manifest directory.
fn project_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}
