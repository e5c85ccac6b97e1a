//! `weiqi rules list | show | lint | diff`.

use std::fmt::Write as _;
use std::io::Write;

use weiqi_spec::{Ruleset, SpecErrors};

use crate::limits::{Limits, problems_text};
use crate::{CliError, RulesCommand, emit};

/// Loads a built-in id or a spec file, as `--rules` and the `rules` commands take it.
/// A name that is neither a built-in id nor an existing file may be an SGF rules name
/// (`--rules AGA`, `--rules Japanese`: the names of `meta.sgf-names`, case-insensitive).
pub(crate) fn load(id_or_path: &str, limits: &Limits) -> Result<Ruleset, CliError> {
    let is_file = std::path::Path::new(id_or_path).exists();
    if !is_file
        && weiqi_spec::builtin(id_or_path).is_err()
        && let Some(id) = weiqi_spec::id_for_sgf_name(id_or_path)
    {
        return weiqi_spec::builtin(id).map_err(|e| spec_error(id, &e, limits));
    }
    weiqi_spec::load_with(id_or_path, limits.spec_bytes)
        .map_err(|e| spec_error(id_or_path, &e, limits))
}

fn spec_error(what: &str, e: &SpecErrors, limits: &Limits) -> CliError {
    CliError(format!(
        "cannot load the rules {what:?}:\n{}",
        problems_text(e, limits.problems)
    ))
}

pub(crate) fn run(
    command: &RulesCommand,
    rules_flag: Option<&str>,
    limits: &Limits,
    out: &mut dyn Write,
) -> Result<i32, CliError> {
    // `--rules` is global; it is checked here too, so that a bad value is never ignored.
    if let Some(r) = rules_flag {
        load(r, limits)?;
    }
    match command {
        RulesCommand::List => {
            let all =
                weiqi_spec::builtins().map_err(|e| spec_error("built-in variants", &e, limits))?;
            let width = all.iter().map(|r| r.id.len()).max().unwrap_or(0);
            let mut text = String::new();
            for r in &all {
                let _ = writeln!(text, "{:width$}  {}", r.id, r.meta.name);
                let _ = writeln!(text, "{:width$}  {}", "", r.meta.summary.trim());
            }
            emit(out, &text)?;
            Ok(0)
        }
        RulesCommand::Show { variant, json } => {
            let ruleset = load(variant, limits)?;
            let text = if *json {
                let mut t = serde_json::to_string_pretty(&ruleset)
                    .map_err(|e| CliError(format!("cannot write json: {e}")))?;
                t.push('\n');
                t
            } else {
                ruleset.to_toml()
            };
            emit(out, &text)?;
            Ok(0)
        }
        RulesCommand::Lint { files } => match weiqi_spec::lint_files(files, limits.spec_bytes) {
            Ok(rulesets) => {
                let mut text = String::new();
                for r in &rulesets {
                    let _ = writeln!(text, "ok: {} ({})", r.id, r.meta.name);
                }
                emit(out, &text)?;
                Ok(0)
            }
            Err(e) => {
                // The problems are the command's output (stdout), one per line, at most
                // `--max-problems` of them.
                let n = e.0.len();
                emit(
                    out,
                    &format!(
                        "{}\n{n} problem{}\n",
                        problems_text(&e, limits.problems),
                        if n == 1 { "" } else { "s" }
                    ),
                )?;
                Ok(1)
            }
        },
        RulesCommand::Diff {
            a,
            b,
            rulings: true,
            corpus,
        } => crate::rulings_diff::run(a, b, corpus, limits, out),
        RulesCommand::Diff { a, b, .. } => {
            let (ra, rb) = (load(a, limits)?, load(b, limits)?);
            // The rule keys first, then the descriptions (`meta.*`), which rule nothing: the
            // exit code says whether the rules differ, as `weiqi diff`'s does.
            let (meta, rules): (Vec<_>, Vec<_>) = ra
                .diff(&rb)
                .into_iter()
                .partition(|d| d.key.starts_with("meta."));
            let mut text = String::new();
            let width = ra.id.len().max(rb.id.len()) + 1;
            let show = |text: &mut String, d: &weiqi_spec::KeyDiff| {
                let _ = writeln!(text, "{}", d.key);
                let _ = writeln!(text, "  {:<width$} {}", format!("{}:", ra.id), d.left);
                let _ = writeln!(text, "  {:<width$} {}", format!("{}:", rb.id), d.right);
            };
            for d in &rules {
                show(&mut text, d);
            }
            if !meta.is_empty() {
                if !rules.is_empty() {
                    text.push('\n');
                }
                let _ = writeln!(text, "descriptions (meta.*: no ruling depends on them):");
                for d in &meta {
                    show(&mut text, d);
                }
            }
            let plural = |n: usize| if n == 1 { "key differs" } else { "keys differ" };
            let summary = match (rules.len(), meta.len()) {
                (0, 0) => format!("{} and {} agree on every key", ra.id, rb.id),
                (0, m) => format!(
                    "the same rules: no rule key differs ({m} description {})",
                    plural(m)
                ),
                (n, 0) => format!("{n} rule {}", plural(n)),
                (n, m) => format!("{n} rule {} ({m} description {})", plural(n), plural(m)),
            };
            let _ = writeln!(text, "{summary}");
            let code = i32::from(!rules.is_empty());
            emit(out, &text)?;
            Ok(code)
        }
    }
}
