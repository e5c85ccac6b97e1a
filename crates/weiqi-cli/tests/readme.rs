//! The `console` examples of the READMEs run as tests (issue 29 item 11): every ```` ```console
//! ```` block of `README.md`, `spec/README.md`, `rulings/README.md` and `crates/*/README.md`
//! is a session of `$ weiqi ...` commands, each followed by its output, run here with the built
//! binary from the repository root and compared line by line. A stale example fails.
//!
//! The syntax is trycmd's (a dependency this small runner spares the build): a line `...`
//! (indented or not, to keep a column aligned) stands for any number of lines, `[..]` inside a line for any text on that line (for what
//! depends on the machine: timings, absolute paths). The output compared is standard output
//! followed by standard error; the exit code is not compared (it is documented in prose).
//! Only `weiqi` runs: a block with another program fails, so that an example is never skipped
//! silently (write a block that must not run as ```` ```sh ```` or ```` ```text ````).

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// One command of a console block and the output written under it.
#[derive(Debug)]
struct Example {
    /// Where it is: `FILE:LINE` of the `$` line.
    at: String,
    /// The words after `$`.
    args: Vec<String>,
    /// The expected lines.
    expected: Vec<String>,
}

/// The words of a shell command line: split at spaces, with '...' and "..." quoting.
fn words(line: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quote = None;
    let mut open = false;
    for c in line.chars() {
        match (quote, c) {
            (None, '\'' | '"') => {
                quote = Some(c);
                open = true;
            }
            (Some(q), c) if c == q => quote = None,
            (None, c) if c.is_whitespace() => {
                if open {
                    out.push(std::mem::take(&mut word));
                    open = false;
                }
            }
            (_, c) if "|&;<>$`\\*?".contains(c) && quote.is_none() => {
                return Err(format!("shell syntax {c:?} is not supported in {line:?}"));
            }
            (_, c) => {
                word.push(c);
                open = true;
            }
        }
    }
    if quote.is_some() {
        return Err(format!("unclosed quote in {line:?}"));
    }
    if open {
        out.push(word);
    }
    Ok(out)
}

/// The examples of the ```` ```console ```` blocks of `text` (the file `name`).
fn examples(name: &str, text: &str) -> Result<Vec<Example>, String> {
    let mut out: Vec<Example> = Vec::new();
    let mut in_block = false;
    let mut indent = 0;
    for (i, raw) in text.lines().enumerate() {
        let trimmed = raw.trim_start();
        if !in_block {
            if trimmed == "```console" {
                in_block = true;
                indent = raw.len() - trimmed.len();
            }
            continue;
        }
        if trimmed == "```" {
            in_block = false;
            continue;
        }
        let line = raw.get(indent..).unwrap_or(trimmed);
        if let Some(command) = line.strip_prefix("$ ") {
            let args = words(command).map_err(|e| format!("{name}:{}: {e}", i + 1))?;
            if args.first().map(String::as_str) != Some("weiqi") {
                return Err(format!(
                    "{name}:{}: a console example runs `weiqi` only (write other sessions as \
                     ```sh or ```text): {command}",
                    i + 1
                ));
            }
            out.push(Example {
                at: format!("{name}:{}", i + 1),
                args: args[1..].to_vec(),
                expected: Vec::new(),
            });
        } else if let Some(example) = out.last_mut() {
            example.expected.push(line.to_owned());
        } else {
            return Err(format!("{name}:{}: output before any `$ ` command", i + 1));
        }
    }
    if in_block {
        return Err(format!("{name}: a ```console block is not closed"));
    }
    Ok(out)
}

/// Whether `line` matches the pattern line `pattern` (`[..]` matches any text).
fn line_matches(pattern: &str, line: &str) -> bool {
    let mut parts = pattern.split("[..]");
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = line.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    for (k, part) in parts.iter().enumerate() {
        if k + 1 == parts.len() {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// Whether `lines` match `pattern` (a `...` line, indented or not, matches any number of
/// lines).
fn matches(pattern: &[String], lines: &[&str]) -> bool {
    match pattern.split_first() {
        None => lines.is_empty(),
        Some((p, rest)) if p.trim() == "..." => {
            (0..=lines.len()).any(|k| matches(rest, &lines[k..]))
        }
        Some((p, rest)) => lines
            .split_first()
            .is_some_and(|(l, more)| line_matches(p, l) && matches(rest, more)),
    }
}

/// Every README that may hold console examples.
fn readmes() -> Vec<PathBuf> {
    let root = root();
    let mut out = vec![
        root.join("README.md"),
        root.join("spec/README.md"),
        root.join("rulings/README.md"),
    ];
    let mut crates: Vec<PathBuf> = std::fs::read_dir(root.join("crates"))
        .expect("crates/")
        .flatten()
        .map(|e| e.path().join("README.md"))
        .filter(|p| p.is_file())
        .collect();
    crates.sort();
    out.extend(crates);
    out
}

/// Runs one example; the error shows the expected and the real output.
fn run(example: &Example) -> Result<(), String> {
    let output = Command::new(env!("CARGO_BIN_EXE_weiqi"))
        .args(&example.args)
        .current_dir(root())
        .env("NO_COLOR", "1")
        .output()
        .map_err(|e| format!("{}: cannot run weiqi: {e}", example.at))?;
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    let mut expected = example.expected.clone();
    while expected.last().is_some_and(|l| l.is_empty()) {
        expected.pop();
    }
    let lines: Vec<&str> = text.trim_end_matches('\n').lines().collect();
    if matches(&expected, &lines) {
        Ok(())
    } else {
        Err(format!(
            "{}: `weiqi {}` no longer prints what the README says.\n--- README\n{}\n--- real \
             output\n{}",
            example.at,
            example.args.join(" "),
            expected.join("\n"),
            text.trim_end()
        ))
    }
}

/// Issue 29 item 11: every console example of the READMEs prints what it says (the stale
/// summary of `weiqi check crates/weiqi-cli/tests/data/` cannot recur).
#[test]
fn the_console_examples_of_the_readmes_are_the_real_output() {
    let mut all = Vec::new();
    for path in readmes() {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let name = path
            .strip_prefix(root())
            .unwrap_or(&path)
            .display()
            .to_string();
        all.extend(examples(&name, &text).unwrap_or_else(|e| panic!("{e}")));
    }
    // README.md has three (check, diff, a directory); a parser that found none would pass
    // vacuously.
    assert!(all.len() >= 3, "only {} console examples found", all.len());
    let failures: Vec<String> = all.iter().filter_map(|e| run(e).err()).collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The matcher: `...` and `[..]` as trycmd reads them, and a change of one line fails.
#[test]
fn elisions_match_what_they_stand_for_and_nothing_else() {
    let p = |lines: &[&str]| -> Vec<String> { lines.iter().map(|l| (*l).to_owned()).collect() };
    assert!(matches(&p(&["a", "...", "d"]), &["a", "b", "c", "d"]));
    assert!(matches(&p(&["a", "...", "b"]), &["a", "b"]));
    assert!(matches(&p(&["a", "   ...", "b"]), &["a", "x", "b"]));
    assert!(!matches(&p(&["a", "...", "d"]), &["a", "b", "c"]));
    assert!(matches(&p(&["took [..] s"]), &["took 1.5 s"]));
    assert!(matches(&p(&["[..]/x [..] y"]), &["/tmp/a/x 3 y"]));
    assert!(!matches(&p(&["took [..] s"]), &["took 1.5 ms!"]));
    assert!(!matches(&p(&["summary: 19 files"]), &["summary: 20 files"]));
    assert!(!matches(&p(&["a"]), &["a", "b"]));
    let text = "```console\n$ weiqi check x.sgf --rules 'a b'\nout\n...\n```\n";
    let found = examples("t.md", text).expect("parsed");
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].args, ["check", "x.sgf", "--rules", "a b"]);
    assert_eq!(found[0].expected, ["out", "..."]);
    assert!(examples("t.md", "```console\n$ ls\n```\n").is_err());
    assert!(examples("t.md", "```console\n$ weiqi a | head\n```\n").is_err());
}
