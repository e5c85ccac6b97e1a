//! `cargo xtask extra-variant [--lint]`: the guard of issue 29 item 7, "adding a built-in
//! variant changes no test outcome but the rulings corpus".
//!
//! - `cargo xtask extra-variant`: the real experiment. It writes the spec file of the README's
//!   walk-through ("A maintainer's walk-through": the first ```` ```toml ```` block after the
//!   sentence naming `spec/<id>.toml`) into `spec/`, so that weiqi-spec's build script makes it
//!   a built-in, runs `cargo test --workspace --exclude weiqi-rulings --no-fail-fast` (the
//!   rulings corpus is the one test that must change: every matrix gains a row), and removes the
//!   file again, whatever happens (a guard removes it on an error or a panic too). It rebuilds
//!   every crate below weiqi-spec twice (with the file, then without it): minutes, so it is not a
//!   step of `cargo xtask ci`; run it after changing a test that iterates the variants.
//! - `cargo xtask extra-variant --lint` (a step of `cargo xtask ci`, instant): no Rust file of
//!   the workspace numbers the built-in variants (`builtin_ids()` followed by `.enumerate()` in
//!   the same statement), the pattern of the seeds that broke when a variant was added.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs the task; `args` are the options after `extra-variant`.
pub fn run(root: &Path, args: &[String]) -> Result<(), String> {
    match args.first().map(String::as_str) {
        None => experiment(root),
        Some("--lint") => lint(root),
        Some(other) => Err(format!(
            "unknown extra-variant option {other:?} (usage: cargo xtask extra-variant [--lint])"
        )),
    }
}

/// The README walk-through's spec file: its path under `spec/` and its text.
fn walk_through_spec(readme: &str) -> Result<(String, String), String> {
    let section = readme
        .find("## A maintainer's walk-through")
        .map(|i| &readme[i..])
        .ok_or("README.md has no section \"A maintainer's walk-through\"")?;
    let name_at = section
        .find("`spec/")
        .ok_or("the walk-through names no `spec/<id>.toml` file")?;
    let name = section[name_at + 1..]
        .split('`')
        .next()
        .filter(|n| n.ends_with(".toml") && !n.contains(".."))
        .ok_or("the walk-through's spec file name is not `spec/<id>.toml`")?
        .to_owned();
    let after = &section[name_at..];
    let open = after
        .find("```toml\n")
        .ok_or("the walk-through has no ```toml block")?;
    let body = &after[open + "```toml\n".len()..];
    let close = body
        .find("```")
        .ok_or("the walk-through's ```toml block is not closed")?;
    // The block is indented under a list item: take the indentation of its first line off
    // every line.
    let block = &body[..close];
    let indent = block.len() - block.trim_start_matches(' ').len();
    let text: String = block
        .lines()
        .map(|l| l.get(indent..).unwrap_or(l.trim_start()))
        .map(|l| format!("{l}\n"))
        .collect();
    Ok((name, text.trim_end().to_owned() + "\n"))
}

/// Removes the added spec file when dropped (also on an error or a panic).
struct Added(PathBuf);

impl Drop for Added {
    fn drop(&mut self) {
        if std::fs::remove_file(&self.0).is_ok() {
            println!("extra-variant: removed {}", self.0.display());
        } else if self.0.exists() {
            eprintln!(
                "extra-variant: could not remove {}: remove it by hand",
                self.0.display()
            );
        }
    }
}

fn experiment(root: &Path) -> Result<(), String> {
    let readme = std::fs::read_to_string(root.join("README.md"))
        .map_err(|e| format!("cannot read README.md: {e}"))?;
    let (name, text) = walk_through_spec(&readme)?;
    let path = root.join(&name);
    if path.exists() {
        return Err(format!(
            "{name} already exists: this experiment adds it, so remove it first"
        ));
    }
    std::fs::write(&path, &text).map_err(|e| format!("cannot write {name}: {e}"))?;
    let added = Added(path);
    println!(
        "extra-variant: wrote {name} (the README's walk-through); running the suite without \
         the rulings corpus (a rebuild of every crate below weiqi-spec: minutes)"
    );
    let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args([
            "test",
            "--workspace",
            "--exclude",
            "weiqi-rulings",
            "--no-fail-fast",
        ])
        .current_dir(root)
        .status()
        .map_err(|e| format!("cannot run cargo test: {e}"));
    drop(added);
    if status?.success() {
        println!("extra-variant: with {name} added, every test but the rulings corpus passes");
        Ok(())
    } else {
        Err(format!(
            "with {name} added, tests failed (above): a test depends on the list of built-in \
             variants (seed by a hash of the id, assert what holds for any list; issue 29 item 7)"
        ))
    }
}

/// The lines of `text` where `builtin_ids()` is followed by `.enumerate()` in one statement.
fn numbered(text: &str) -> Vec<usize> {
    let mut out = Vec::new();
    for (at, _) in text.match_indices("builtin_ids()") {
        let rest = &text[at..];
        let end = rest.find([';', '{']).unwrap_or(rest.len());
        if rest[..end].contains(".enumerate()") {
            out.push(text[..at].lines().count().max(1));
        }
    }
    out
}

/// Every `.rs` file under `dir`, skipping `target` folders.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            if p.file_name().is_some_and(|n| n != "target") {
                rust_files(&p, out);
            }
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

fn lint(root: &Path) -> Result<(), String> {
    let mut files = Vec::new();
    for dir in ["crates", "xtask", "rulings", "fuzz"] {
        rust_files(&root.join(dir), &mut files);
    }
    files.sort();
    let mut problems = Vec::new();
    for f in &files {
        // This file names the pattern it looks for.
        if f.ends_with("xtask/src/extra_variant.rs") {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(f) else {
            continue;
        };
        for line in numbered(&text) {
            let shown = f.strip_prefix(root).unwrap_or(f).display();
            problems.push(format!("{shown}:{line}: numbers the built-in variants"));
        }
    }
    if problems.is_empty() {
        println!(
            "extra-variant: {} Rust files, none numbers the built-in variants",
            files.len()
        );
        Ok(())
    } else {
        Err(format!(
            "{}\na test seeded or counted by a variant's place in the list changes when a \
             variant is added: seed by a hash of the id (issue 29 item 7)",
            problems.join("\n")
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The walk-through's spec file is found in the real README, unindented, and is a valid
    /// spec that extends a built-in.
    #[test]
    fn the_readme_walk_through_spec_is_found_and_valid() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
        let (name, text) = walk_through_spec(&readme).expect("the walk-through's spec");
        assert!(
            name.starts_with("spec/") && name.ends_with(".toml"),
            "{name}"
        );
        assert!(
            text.starts_with('#') || text.starts_with("extends"),
            "{text}"
        );
        // Parsed as a file of its own, whether or not it is a built-in already (the
        // experiment adds it; this test must not depend on the list of variants either).
        let file = name.trim_start_matches("spec/");
        let ruleset = weiqi_spec::parse_str(file, &text).expect("a valid spec");
        assert_eq!(format!("{}.toml", ruleset.id), file);
    }

    /// The lint finds a numbered list of variants and passes over the iteration by id.
    #[test]
    fn numbering_the_variants_is_found() {
        let bad = "fn f() {\n    for (i, id) in weiqi_spec::builtin_ids()\n        .into_iter()\n        .enumerate() {\n    }\n}\n";
        assert_eq!(numbered(bad), vec![2]);
        let good = "for id in weiqi_spec::builtin_ids() {\n    let v: Vec<_> = x.iter().enumerate().collect();\n}\n";
        assert!(numbered(good).is_empty());
    }
}
