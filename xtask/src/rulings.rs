//! `cargo xtask rulings [--check | --table]`: the review loop of the rulings corpus (`rulings/`,
//! issue 13).
//!
//! - `cargo xtask rulings`: runs the corpus (`cargo test -p weiqi-rulings --test rulings`), which
//!   writes a `.snap.new` beside every snapshot whose ruling changed, lists them, opens `cargo
//!   insta review` on them on a terminal (installing `cargo-insta` with `cargo install
//!   cargo-insta --locked` if it is missing, saying so first: a build of minutes), then rewrites
//!   `rulings/TABLE.md`. A run that leaves a change unreviewed fails (issue 29 item 8): without
//!   a terminal, when cargo-insta cannot be installed, when the review skips a change; it then
//!   removes the `.snap.new` files it wrote, unless `--keep` leaves them for `cargo insta
//!   review | accept | reject`.
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
        None => review(root, false, &mut Cargo { root }),
        Some("--keep") => review(root, true, &mut Cargo { root }),
        Some("--check") => check(root),
        Some("--table") => {
            let path = table_path(root);
            std::fs::write(&path, table(root)?)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            println!("wrote {}", path.display());
            Ok(())
        }
        Some(other) => Err(format!(
            "unknown rulings option {other:?} (usage: cargo xtask rulings [--keep | --check | --table])"
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

/// What the review loop does outside itself: the corpus run, the terminal, cargo-insta, the
/// table. [`review`] is written against it so that its decisions (fail, clean up, say what to
/// do) are tested without a terminal or a build (the tests below).
trait Review {
    /// Runs the corpus with `INSTA_UPDATE=new`; whether it passed.
    fn run_corpus(&mut self) -> Result<bool, String>;
    /// Whether standard input is a terminal (`cargo insta review` asks on it).
    fn terminal(&self) -> bool;
    /// Installs cargo-insta if it is missing.
    fn ensure_cargo_insta(&mut self) -> Result<(), String>;
    /// Runs `cargo insta review`.
    fn insta_review(&mut self) -> Result<(), String>;
    /// Rewrites `rulings/TABLE.md`.
    fn write_table(&mut self) -> Result<(), String>;
}

/// The real loop: cargo, the process's standard input, the files.
struct Cargo<'a> {
    root: &'a Path,
}

impl Review for Cargo<'_> {
    fn run_corpus(&mut self) -> Result<bool, String> {
        corpus_test(self.root, "new")
    }

    fn terminal(&self) -> bool {
        std::io::stdin().is_terminal()
    }

    fn ensure_cargo_insta(&mut self) -> Result<(), String> {
        let present = cargo()
            .args(["insta", "--version"])
            .current_dir(self.root)
            .output()
            .is_ok_and(|o| o.status.success());
        if present {
            return Ok(());
        }
        // Said before the build starts: a first review otherwise looks hung for minutes.
        println!(
            "rulings: cargo-insta is missing; installing it once with `cargo install cargo-insta \
             --locked`: a build from source of about a hundred crates, some minutes on a quiet \
             machine and ten or more on a busy two-core one"
        );
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

    fn insta_review(&mut self) -> Result<(), String> {
        let status = cargo()
            .args(["insta", "review"])
            .current_dir(self.root)
            .status()
            .map_err(|e| format!("cannot run cargo insta review: {e}"))?;
        if status.success() {
            Ok(())
        } else {
            Err("cargo insta review failed".to_owned())
        }
    }

    fn write_table(&mut self) -> Result<(), String> {
        let path = table_path(self.root);
        std::fs::write(&path, table(self.root)?)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        println!("wrote {}", path.display());
        Ok(())
    }
}

/// The paths of `files` relative to `root`, one an indented line.
fn listing(root: &Path, files: &[PathBuf]) -> String {
    files
        .iter()
        .map(|p| format!("  {}", p.strip_prefix(root).unwrap_or(p).display()))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Removes the files `files` (the `.snap.new` files this run wrote); the error names those it
/// could not remove.
fn remove(files: &[PathBuf]) -> Result<(), String> {
    let stuck: Vec<String> = files
        .iter()
        .filter(|p| std::fs::remove_file(p).is_err() && p.exists())
        .map(|p| p.display().to_string())
        .collect();
    if stuck.is_empty() {
        Ok(())
    } else {
        Err(format!("cannot remove {}", stuck.join(", ")))
    }
}

/// `cargo xtask rulings [--keep]`: runs the corpus; when rulings changed, opens `cargo insta
/// review` on a terminal. The run fails whenever it leaves a changed ruling unreviewed (no
/// terminal, a change skipped in the review) or cannot finish (the corpus fails without a
/// changed ruling, cargo-insta cannot be installed), and then removes the `.snap.new` files it
/// wrote (those it did not touch are left alone), unless `keep` asks to leave them for `cargo
/// insta review | accept | reject`; TABLE.md is rewritten only after a finished review.
fn review(root: &Path, keep: bool, loop_: &mut dyn Review) -> Result<(), String> {
    // A file this run wrote (or rewrote: an earlier plain `cargo test` leaves `.snap.new` files
    // too) is modified after the run started; the slack covers file systems whose timestamps
    // lag the clock by a tick.
    let start = std::time::SystemTime::now() - std::time::Duration::from_secs(2);
    let passed = loop_.run_corpus()?;
    let written = |p: &PathBuf| {
        std::fs::metadata(p)
            .and_then(|m| m.modified())
            .is_ok_and(|t| t >= start)
    };
    let (created, before): (Vec<PathBuf>, Vec<PathBuf>) =
        pending(root).into_iter().partition(written);
    // A failed run removes what it wrote (or, under --keep, says how to).
    let fail = |why: String| -> Result<(), String> {
        if created.is_empty() {
            return Err(why);
        }
        if keep {
            return Err(format!(
                "{why}\nthe {} .snap.new file(s) of this run are left for `cargo insta review` \
                 (on a terminal), `cargo insta accept` or `cargo insta reject` (`--snapshot \
                 <path>` for one); `cargo insta reject` removes them, and so does `find rulings \
                 -name '*.snap.new' -delete`",
                created.len()
            ));
        }
        remove(&created)?;
        Err(format!(
            "{why}\nthe {} .snap.new file(s) of this run were removed; `cargo xtask rulings \
             --keep` leaves them for `cargo insta review`, `cargo insta accept` or `cargo insta \
             reject`",
            created.len()
        ))
    };
    if created.is_empty() {
        if !passed {
            return Err(
                "the rulings corpus failed without a changed ruling (a disagreement of the \
                 referees or a build error: see its output above)"
                    .to_owned(),
            );
        }
        if !before.is_empty() {
            return Err(format!(
                "no ruling changed, but .snap.new files of an earlier run are pending (review them \
                 with `cargo insta review` on a terminal, or remove them with `cargo insta \
                 reject`):\n{}",
                listing(root, &before)
            ));
        }
        println!("rulings: no ruling changed");
        return loop_.write_table();
    }
    println!(
        "rulings: {} ruling(s) changed:\n{}",
        created.len(),
        listing(root, &created)
    );
    if !loop_.terminal() {
        return fail(format!(
            "{} changed ruling(s) not reviewed: there is no terminal for `cargo insta review`. \
             Run `cargo xtask rulings` on a terminal to review them",
            created.len()
        ));
    }
    if let Err(e) = loop_.ensure_cargo_insta() {
        return fail(e);
    }
    if let Err(e) = loop_.insta_review() {
        return fail(e);
    }
    let left = pending(root);
    if !left.is_empty() {
        // Skipped in the review: the maintainer chose to leave them, so they stay.
        return Err(format!(
            "{} changed ruling(s) left unreviewed (skipped in the review):\n{}\nreview them \
             with `cargo xtask rulings` or `cargo insta review`; `cargo insta reject` removes \
             them, and so does `find rulings -name '*.snap.new' -delete`",
            left.len(),
            listing(root, &left)
        ));
    }
    loop_.write_table()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fake loop over a temporary corpus folder: the corpus run writes `writes` as
    /// `.snap.new` files under `rulings/ko/snapshots/`; the review accepts or skips them all.
    struct Fake {
        root: PathBuf,
        writes: Vec<&'static str>,
        passes: bool,
        terminal: bool,
        install_fails: bool,
        review_accepts: bool,
        table_written: bool,
    }

    impl Fake {
        fn new(name: &str, writes: Vec<&'static str>) -> Fake {
            let root =
                std::env::temp_dir().join(format!("xtask-rulings-{name}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&root);
            std::fs::create_dir_all(snapshots(&root)).expect("temporary folder");
            Fake {
                root,
                passes: writes.is_empty(),
                writes,
                terminal: false,
                install_fails: false,
                review_accepts: true,
                table_written: false,
            }
        }
    }

    fn snapshots(root: &Path) -> PathBuf {
        root.join("rulings")
            .join(rulings::AXES[0])
            .join("snapshots")
    }

    impl Review for Fake {
        fn run_corpus(&mut self) -> Result<bool, String> {
            for name in &self.writes {
                std::fs::write(
                    snapshots(&self.root).join(format!("{name}.snap.new")),
                    "new",
                )
                .expect("writable");
            }
            Ok(self.passes)
        }
        fn terminal(&self) -> bool {
            self.terminal
        }
        fn ensure_cargo_insta(&mut self) -> Result<(), String> {
            if self.install_fails {
                Err("cargo install cargo-insta --locked failed".to_owned())
            } else {
                Ok(())
            }
        }
        fn insta_review(&mut self) -> Result<(), String> {
            if self.review_accepts {
                for p in pending(&self.root) {
                    std::fs::remove_file(p).expect("accepted");
                }
            }
            Ok(())
        }
        fn write_table(&mut self) -> Result<(), String> {
            self.table_written = true;
            Ok(())
        }
    }

    impl Drop for Fake {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.root);
        }
    }

    /// Issue 29 item 8: without a terminal, changed rulings fail the run with what to do, and
    /// the `.snap.new` files it wrote are removed (one left by an earlier run is not touched);
    /// TABLE.md is not rewritten.
    #[test]
    fn without_a_terminal_changes_fail_the_run_and_are_cleaned_up() {
        let mut fake = Fake::new("no-terminal", vec!["a", "b"]);
        let old = snapshots(&fake.root).join("old.snap.new");
        std::fs::File::create(&old)
            .and_then(|f| f.set_modified(std::time::SystemTime::UNIX_EPOCH))
            .expect("a file of an earlier run");
        let root = fake.root.clone();
        let err = review(&root, false, &mut fake).expect_err("unreviewed changes fail");
        assert!(err.contains("2 changed ruling(s) not reviewed"), "{err}");
        assert!(err.contains("`cargo xtask rulings` on a terminal"), "{err}");
        assert!(err.contains("were removed"), "{err}");
        assert!(err.contains("cargo insta accept"), "{err}");
        assert_eq!(pending(&root), vec![old], "only the earlier file is left");
        assert!(!fake.table_written);
    }

    /// `--keep` leaves this run's files for cargo-insta, fails all the same, and says exactly
    /// how to remove them.
    #[test]
    fn keep_leaves_the_files_and_says_how_to_remove_them() {
        let mut fake = Fake::new("keep", vec!["a"]);
        let root = fake.root.clone();
        let err = review(&root, true, &mut fake).expect_err("unreviewed changes fail");
        assert!(
            err.contains("find rulings -name '*.snap.new' -delete"),
            "{err}"
        );
        assert!(err.contains("cargo insta reject"), "{err}");
        assert_eq!(pending(&root).len(), 1);
    }

    /// A run that cannot install cargo-insta removes what it wrote and fails.
    #[test]
    fn a_failed_install_cleans_up() {
        let mut fake = Fake::new("install", vec!["a", "b", "c"]);
        fake.terminal = true;
        fake.install_fails = true;
        let root = fake.root.clone();
        let err = review(&root, false, &mut fake).expect_err("no cargo-insta");
        assert!(err.contains("cargo install cargo-insta"), "{err}");
        assert!(pending(&root).is_empty());
        assert!(!fake.table_written);
    }

    /// On a terminal, a review that accepts everything rewrites the table and passes; one that
    /// skips a change fails and leaves the skipped file (the maintainer's choice) with how to
    /// remove it.
    #[test]
    fn a_review_passes_only_when_nothing_is_left() {
        let mut fake = Fake::new("review", vec!["a"]);
        fake.terminal = true;
        let root = fake.root.clone();
        review(&root, false, &mut fake).expect("reviewed");
        assert!(fake.table_written);

        let mut fake = Fake::new("skip", vec!["a"]);
        fake.terminal = true;
        fake.review_accepts = false;
        let root = fake.root.clone();
        let err = review(&root, false, &mut fake).expect_err("skipped");
        assert!(err.contains("left unreviewed"), "{err}");
        assert!(err.contains("cargo insta reject"), "{err}");
        assert_eq!(pending(&root).len(), 1);
        assert!(!fake.table_written);
    }

    /// No change: the table is rewritten and the run passes; a corpus that fails without a
    /// changed ruling fails the run.
    #[test]
    fn no_change_passes_and_a_failure_without_changes_fails() {
        let mut fake = Fake::new("none", vec![]);
        let root = fake.root.clone();
        review(&root, false, &mut fake).expect("no change");
        assert!(fake.table_written);

        let mut fake = Fake::new("broken", vec![]);
        fake.passes = false;
        let root = fake.root.clone();
        let err = review(&root, false, &mut fake).expect_err("failed corpus");
        assert!(err.contains("without a changed ruling"), "{err}");
    }
}
