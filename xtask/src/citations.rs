//! `cargo xtask tidy`, its second check: every citation resolves inside the repository.
//!
//! weiqi was started from research notes that live beside the clone, not in it (the rules notes,
//! the house style, the benchmark notes, in the `shared` directory beside it). A newcomer who clones the
//! repository alone cannot follow a citation of them, so their content was rewritten into
//! `docs/` and every citation points there. This check keeps it so: no file the repository holds
//! (tracked, or new and not ignored) may name one of those notes, or any path of that directory
//! but the test corpus (`../shared/corpus/`, which tests and `cargo xtask agreement` read).
//!
//! The notes' names are upper case (`<STEM>.md`); the in-repository documents are lower case
//! under `docs/`, so the check is case-sensitive. The names are built from [`OUTSIDE`] at run
//! time, so that this file does not flag itself.

use std::path::Path;
use std::process::Command;

/// The research notes outside the repository (file stems of `<STEM>.md`), each with the
/// document in the repository that replaces it.
const OUTSIDE: &[(&str, &str)] = &[
    ("DECISIONS", "docs/decisions.md"),
    ("VARIANTS", "docs/variants.md"),
    ("CONVENTIONS", "docs/style.md"),
    ("ANCHORS", "docs/style.md"),
    ("PEERS", "docs/peers.md"),
    ("KATAGO", "docs/katago.md"),
    ("STATUS", "docs/status.md"),
    ("ENGINES", "docs/engines.md"),
    ("WORKLOADS", "docs/workloads.md"),
];

/// The directory beside the clone that holds the notes, as a path prefix (built so that this
/// file does not name it).
const SHARED: &str = concat!("sha", "red/");

/// The one directory of [`SHARED`] the repository may name: the test corpus.
const SHARED_ALLOWED: &str = "corpus";

/// Files whose citations wait for a move by another branch: reported on every run, never a
/// failure. `crates/weiqi-cli/src/` is being moved while its citations are rewritten, and
/// `crates/weiqi-cli/JSON.md` shows its output word for word (a test compares them); once the
/// move lands and the citations of both are rewritten, this list must be emptied (the check
/// then covers the whole repository again).
const PENDING: &[&str] = &[];

/// Runs the check on the repository at `root`: `Ok` with the number of files read, or every
/// dangling citation, one line each (`path:line: ...`).
pub fn run(root: &Path) -> Result<usize, Vec<String>> {
    let files = repository_files(root).map_err(|e| vec![e])?;
    let mut problems = Vec::new();
    let mut pending = Vec::new();
    let mut read = 0;
    for path in &files {
        let Ok(bytes) = std::fs::read(root.join(path)) else {
            continue; // deleted in the work tree, or not a regular file
        };
        let Ok(text) = std::str::from_utf8(&bytes) else {
            continue; // binary: no citations
        };
        read += 1;
        let found = problems_in(path, text);
        if PENDING.iter().any(|p| path.starts_with(p)) {
            pending.extend(found);
        } else {
            problems.extend(found);
        }
    }
    if !pending.is_empty() {
        println!(
            "tidy: {} citation(s) of notes outside the repository wait for the move of {}:",
            pending.len(),
            PENDING.join(", ")
        );
        for line in &pending {
            println!("  {line}");
        }
    }
    if problems.is_empty() {
        Ok(read)
    } else {
        Err(problems)
    }
}

/// The repository's files, relative to `root`: tracked ones and new ones git does not ignore.
fn repository_files(root: &Path) -> Result<Vec<String>, String> {
    let output = Command::new("git")
        .args([
            "ls-files",
            "-z",
            "--cached",
            "--others",
            "--exclude-standard",
        ])
        .current_dir(root)
        .output()
        .map_err(|e| format!("cannot run git ls-files: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "git ls-files failed: {}",
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    let mut files: Vec<String> = output
        .stdout
        .split(|&b| b == 0)
        .filter(|name| !name.is_empty())
        .map(|name| String::from_utf8_lossy(name).into_owned())
        .collect();
    files.sort();
    files.dedup();
    Ok(files)
}

/// Every dangling citation in `text` (the content of `path`), one line each.
fn problems_in(path: &str, text: &str) -> Vec<String> {
    let mut problems = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let at = format!("{path}:{}", index + 1);
        for (stem, inside) in OUTSIDE {
            let name = format!("{stem}.md");
            if names(line, &name) {
                problems.push(format!(
                    "{at}: cites {name}, a note outside the repository: cite {inside} instead"
                ));
            }
        }
        for rest in line
            .match_indices(SHARED)
            .map(|(i, _)| &line[i + SHARED.len()..])
        {
            if !rest.starts_with(SHARED_ALLOWED) {
                let target: String = rest
                    .chars()
                    .take_while(|c| !c.is_whitespace() && !"`'\")],;".contains(*c))
                    .collect();
                problems.push(format!(
                    "{at}: names {SHARED}{target}, outside the repository: only the test corpus \
                     (../{SHARED}{SHARED_ALLOWED}/) may be read from there; cite docs/ instead"
                ));
            }
        }
    }
    problems
}

/// Whether `line` names the file `name` as a word: not as the tail of a longer name
/// (`MY_STATUS.md`).
fn names(line: &str, name: &str) -> bool {
    line.match_indices(name).any(|(i, _)| {
        line[..i]
            .chars()
            .next_back()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == '-'))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A note's name, built so that this file does not cite it.
    fn note(stem: &str) -> String {
        format!("{stem}.md")
    }

    #[test]
    fn every_outside_note_is_flagged_with_its_replacement() {
        for (stem, inside) in OUTSIDE {
            let text = format!("//! first line\n// see {} 24 for why\n", note(stem));
            let problems = problems_in("crates/x/src/lib.rs", &text);
            assert_eq!(problems.len(), 1, "{problems:?}");
            assert!(
                problems[0].starts_with("crates/x/src/lib.rs:2: cites "),
                "{problems:?}"
            );
            assert!(problems[0].ends_with(&format!("cite {inside} instead")));
        }
    }

    #[test]
    fn paths_and_sources_arrays_are_flagged_too() {
        let text = format!(
            "sources = [\"TT\", \"{} 2.10\"]\nSO[../{SHARED}rules/{}]\n",
            note("VARIANTS"),
            note("DECISIONS")
        );
        let problems = problems_in("spec/x.toml", &text);
        // Line 2 names both a note and a path beside the clone that is not the corpus.
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(problems[0].starts_with("spec/x.toml:1:"));
        assert!(
            problems[2].contains(&format!("names {SHARED}rules/")),
            "{problems:?}"
        );
    }

    #[test]
    fn the_corpus_and_the_documents_inside_pass() {
        let text = "let p = root.join(\"../shared/corpus/gnugo-regression\");\n\
                    // docs/decisions.md 24, docs/variants.md 3.b, spec/FILLING.md 2.6\n\
                    // MY_STATUS.md is someone else's file\n";
        assert_eq!(
            problems_in("crates/x/tests/t.rs", text),
            Vec::<String>::new()
        );
    }

    #[test]
    fn the_check_is_case_sensitive_for_the_lower_case_documents() {
        assert!(names(&format!("see {}", note("PEERS")), &note("PEERS")));
        assert!(names(&note("PEERS"), &note("PEERS")));
        assert!(!names("see docs/peers.md", &note("PEERS")));
        assert!(!names(&format!("X{}", note("PEERS")), &note("PEERS")));
    }

    #[test]
    fn the_repository_itself_passes() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        match run(&root) {
            Ok(read) => assert!(read > 100, "only {read} files read"),
            Err(problems) => panic!("dangling citations:\n{}", problems.join("\n")),
        }
    }
}
