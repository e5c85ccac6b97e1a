//! `weiqi rules list | show | lint | diff`.

use std::fmt::Write as _;
use std::io::Write;

use clap::Subcommand;
use weiqi_record::Limits;
use weiqi_record::limits::problems_text;
use weiqi_record::rules::{load, spec_error};

use crate::error::{CliError, emit};
use crate::rulings_diff;

#[derive(Debug, Subcommand)]
pub(crate) enum RulesCommand {
    /// The built-in variants: id, name and summary.
    List,
    /// One variant resolved (every key, `extends` applied), as TOML or JSON.
    Show {
        /// A built-in id, the path of a spec file, or `katago:STRING`.
        variant: String,
        /// Print JSON instead of TOML.
        #[arg(long, conflicts_with = "katago")]
        json: bool,
        /// Print KataGo's compact rule string for the variant instead (exit code 1, naming
        /// the keys, when KataGo cannot express it).
        #[arg(long)]
        katago: bool,
    },
    /// A spec file (TOML, extending the nearest built-in) that rules exactly as a KataGo rule
    /// string: a preset name (`japanese`, `tromp-taylor`...), the JSON form or the compact form
    /// (`koPOSITIONALscoreAREAtaxNONEsui1komi7.5`).
    ImportKatago {
        /// The KataGo rule string.
        string: String,
    },
    /// Check spec files and report every problem of every file (exit code 1 if any).
    Lint {
        /// The spec files (they may extend each other and the built-in variants).
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
    },
    /// The keys on which two variants differ; with `--rulings`, the rulings of the corpus on
    /// which they differ.
    Diff {
        /// A built-in id or the path of a spec file.
        a: String,
        /// A built-in id or the path of a spec file.
        b: String,
        /// Instead of the keys, the cases of the rulings corpus the two variants rule
        /// differently, one line each (`case: A's ruling | B's ruling`).
        #[arg(long)]
        rulings: bool,
        /// The rulings corpus folder (`<axis>/<name>.sgf` files).
        #[arg(
            long,
            value_name = "DIR",
            default_value = "rulings",
            requires = "rulings"
        )]
        corpus: std::path::PathBuf,
    },
}

/// `weiqi rules ...`: writes the command's output to `out`; returns the exit code.
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
        RulesCommand::Show {
            variant,
            katago: true,
            ..
        } => {
            let ruleset = load(variant, limits)?;
            match weiqi_spec::katago::to_katago_string(&ruleset) {
                Ok(text) => {
                    emit(out, &format!("{text}\n"))?;
                    Ok(0)
                }
                Err(e) => {
                    emit(
                        out,
                        &format!("{}: KataGo cannot express these rules: {e}\n", ruleset.id),
                    )?;
                    Ok(1)
                }
            }
        }
        RulesCommand::ImportKatago { string } => {
            let text = weiqi_spec::katago::import_katago(string)
                .map_err(|e| CliError(format!("import-katago: {e}")))?;
            emit(out, &text)?;
            Ok(0)
        }
        RulesCommand::Show { variant, json, .. } => {
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
        } => rulings_diff::run(a, b, corpus, limits, out),
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
