//! `cargo xtask rulings [--check | --table]`: the review loop of the rulings corpus (`rulings/`,
//! issue 13).
//!
//! - `cargo xtask rulings`: runs the corpus (`cargo test -p weiqi-rulings --test rulings`), which
//!   writes a `.snap.new` beside every snapshot whose ruling changed, opens `cargo insta review`
//!   on them (installing `cargo-insta` with `cargo install cargo-insta --locked` if it is
//!   missing), then rewrites `rulings/TABLE.md`.
//! - `cargo xtask rulings --check` (CI): fails on a pending `.snap.new`, on a stale or missing
//!   snapshot and on a snapshot no case names (the test runs with `INSTA_UPDATE=no`, no
//!   cargo-insta needed), and on a stale `rulings/TABLE.md`.
//! - `cargo xtask rulings --table`: writes `rulings/TABLE.md` only.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::Command;

use weiqi_record::rulings;

fn cargo() -> Command {
    Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
}

/// Runs the task; `args` are the options after `rulings`.
pub fn run(root: &Path, args: &[String]) -> Result<(), String> {
    match args.first().map(String::as_str) {
        None => review(root),
        Some("--check") => check(root),
        Some("--table") => {
            let path = table_path(root);
            std::fs::write(&path, table(root)?)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            println!("wrote {}", path.display());
            Ok(())
        }
        Some(other) => Err(format!(
            "unknown rulings option {other:?} (usage: cargo xtask rulings [--check | --table])"
        )),
    }
}

fn table_path(root: &Path) -> PathBuf {
    root.join("rulings").join("TABLE.md")
}

/// The text of `rulings/TABLE.md`: every case under every built-in variant.
fn table(root: &Path) -> Result<String, String> {
    let cases = rulings::load_corpus(&root.join("rulings")).map_err(String::from)?;
    let mut rows = Vec::new();
    for case in cases {
        let cells = weiqi_spec::builtin_ids()
            .into_iter()
            .map(|id| rulings::rule(&case, id))
            .collect::<Result<Vec<_>, _>>()
            .map_err(String::from)?;
        rows.push((case, cells));
    }
    Ok(rulings::table(&rows))
}

/// The snapshot test of the corpus, with `update` as insta's `INSTA_UPDATE`.
fn corpus_test(root: &Path, update: &str) -> Result<bool, String> {
    let mut cmd = cargo();
    cmd.args(["test", "-p", "weiqi-rulings", "--test", "rulings"])
        .env("INSTA_UPDATE", update)
        .current_dir(root);
    if update == "no" {
        cmd.env("CI", "true");
    }
    let status = cmd
        .status()
        .map_err(|e| format!("cannot run cargo test: {e}"))?;
    Ok(status.success())
}

/// The `.snap.new` files left under `rulings/` (changed rulings not yet reviewed).
fn pending(root: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for axis in rulings::AXES {
        let dir = root.join("rulings").join(axis).join("snapshots");
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
            if name.is_some_and(|n| n.ends_with(".snap.new") || n.ends_with(".pending-snap")) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

fn check(root: &Path) -> Result<(), String> {
    let left = pending(root);
    if !left.is_empty() {
        let names: Vec<String> = left.iter().map(|p| p.display().to_string()).collect();
        return Err(format!(
            "changed rulings not reviewed (run `cargo xtask rulings`, or delete them):\n{}",
            names.join("\n")
        ));
    }
    if !corpus_test(root, "no")? {
        return Err(
            "the rulings corpus does not match its snapshots: review the changes with \
             `cargo xtask rulings`"
                .to_owned(),
        );
    }
    let path = table_path(root);
    let current = std::fs::read_to_string(&path).unwrap_or_default();
    if current != table(root)? {
        return Err(format!(
            "{} is stale: run `cargo xtask rulings --table`",
            path.display()
        ));
    }
    println!("rulings: every snapshot and rulings/TABLE.md are current");
    Ok(())
}

fn review(root: &Path) -> Result<(), String> {
    let passed = corpus_test(root, "new")?;
    if passed && pending(root).is_empty() {
        println!("rulings: no ruling changed");
    } else {
        ensure_cargo_insta(root)?;
        // `cargo insta review` is interactive: without a terminal, list the changes instead.
        let args: &[&str] = if std::io::stdin().is_terminal() {
            &["insta", "review"]
        } else {
            println!(
                "rulings: no terminal for the review; accept with `cargo insta accept`, reject \
                 with `cargo insta reject`, one at a time with `--snapshot <path>`"
            );
            &["insta", "pending-snapshots"]
        };
        let status = cargo()
            .args(args)
            .current_dir(root)
            .status()
            .map_err(|e| format!("cannot run cargo insta review: {e}"))?;
        if !status.success() {
            return Err(format!("cargo {} failed", args.join(" ")));
        }
        if !pending(root).is_empty() {
            println!("rulings: some changes are still pending (skipped in the review)");
        }
    }
    let path = table_path(root);
    std::fs::write(&path, table(root)?)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    println!("wrote {}", path.display());
    Ok(())
}

fn ensure_cargo_insta(root: &Path) -> Result<(), String> {
    let present = cargo()
        .args(["insta", "--version"])
        .current_dir(root)
        .output()
        .is_ok_and(|o| o.status.success());
    if present {
        return Ok(());
    }
    println!("rulings: installing cargo-insta (cargo install cargo-insta --locked)");
    let status = cargo()
        .args(["install", "cargo-insta", "--locked"])
        .status()
        .map_err(|e| format!("cannot run cargo install: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err("cargo install cargo-insta --locked failed".to_owned())
    }
}
