//! `cargo xtask tidy`: the crate dependency edges of CONVENTIONS.md, read from `cargo metadata`.
//!
//! Dependencies point down only: core <- spec <- {interpreter, engine} <- harness <- fuzz.
//! The interpreter and the engine never depend on each other (not even as dev-dependencies):
//! they share vocabulary types and the spec, never logic.

use std::path::Path;
use std::process::Command;

/// The workspace crates each crate may depend on (any kind: normal, dev or build).
/// A crate missing from this table is an error, so a new crate must declare its place.
const ALLOWED: &[(&str, &[&str])] = &[
    ("weiqi-core", &[]),
    ("weiqi-spec", &["weiqi-core"]),
    // The shared rule cases, written against the Referee trait (a dev-dependency of both
    // referees; it depends on neither).
    ("weiqi-cases", &["weiqi-core", "weiqi-spec"]),
    (
        "weiqi-interpreter",
        &["weiqi-core", "weiqi-spec", "weiqi-cases"],
    ),
    ("weiqi-engine", &["weiqi-core", "weiqi-spec", "weiqi-cases"]),
    ("weiqi-sgf", &["weiqi-core", "weiqi-spec"]),
    // The status judge reads games on the engine.
    (
        "weiqi-status",
        &["weiqi-core", "weiqi-spec", "weiqi-engine"],
    ),
    (
        "weiqi-harness",
        &[
            "weiqi-core",
            "weiqi-spec",
            "weiqi-interpreter",
            "weiqi-engine",
            "weiqi-sgf",
        ],
    ),
    (
        "weiqi-cli",
        &[
            "weiqi-core",
            "weiqi-spec",
            "weiqi-interpreter",
            "weiqi-engine",
            "weiqi-sgf",
            "weiqi-harness",
        ],
    ),
    (
        "weiqi-bench",
        &[
            "weiqi-core",
            "weiqi-spec",
            "weiqi-interpreter",
            "weiqi-engine",
            "weiqi-status",
        ],
    ),
    // The rulings corpus as snapshots: the rulings come from the command line's library.
    ("weiqi-rulings", &["weiqi-cli"]),
    // `agreement` runs the command line's library over the corpus, in-process; `status` runs
    // the status judge over the labelled sets.
    (
        "xtask",
        &[
            "weiqi-spec",
            "weiqi-core",
            "weiqi-sgf",
            "weiqi-cli",
            "weiqi-engine",
            "weiqi-status",
        ],
    ),
];

/// One dependency edge between workspace crates.
#[derive(Debug, PartialEq, Eq)]
struct Edge {
    from: String,
    to: String,
    kind: String,
}

/// Runs the check on the workspace at `root`.
pub fn run(root: &Path) -> Result<(), String> {
    let output = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args(["metadata", "--format-version", "1", "--no-deps"])
        .current_dir(root)
        .output()
        .map_err(|e| format!("cannot run cargo metadata: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "cargo metadata failed: {}",
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout)
        .map_err(|e| format!("cargo metadata printed invalid JSON: {e}"))?;
    let (members, edges) = edges(&metadata)?;
    let problems = check(&members, &edges);
    if problems.is_empty() {
        println!(
            "tidy: {} crates, {} workspace edges, all allowed",
            members.len(),
            edges.len()
        );
        Ok(())
    } else {
        Err(format!(
            "tidy found {} problem(s):\n{}",
            problems.len(),
            problems.join("\n")
        ))
    }
}

/// The workspace members and the edges between them.
fn edges(metadata: &serde_json::Value) -> Result<(Vec<String>, Vec<Edge>), String> {
    let packages = metadata["packages"]
        .as_array()
        .ok_or("cargo metadata: no packages")?;
    let members: Vec<String> = packages
        .iter()
        .filter_map(|p| p["name"].as_str().map(str::to_owned))
        .collect();
    let mut edges = Vec::new();
    for package in packages {
        let from = package["name"].as_str().unwrap_or_default().to_owned();
        for dep in package["dependencies"].as_array().into_iter().flatten() {
            let to = dep["name"].as_str().unwrap_or_default();
            if members.iter().any(|m| m == to) {
                let kind = dep["kind"].as_str().unwrap_or("normal").to_owned();
                edges.push(Edge {
                    from: from.clone(),
                    to: to.to_owned(),
                    kind,
                });
            }
        }
    }
    Ok((members, edges))
}

/// Every violation of [`ALLOWED`], one line each.
fn check(members: &[String], edges: &[Edge]) -> Vec<String> {
    let mut problems = Vec::new();
    for member in members {
        if !ALLOWED.iter().any(|(name, _)| name == member) {
            problems.push(format!(
                "crate {member} has no place in the dependency table of xtask/src/tidy.rs"
            ));
        }
    }
    for edge in edges {
        let allowed = ALLOWED
            .iter()
            .find(|(name, _)| *name == edge.from)
            .is_some_and(|(_, deps)| deps.contains(&edge.to.as_str()));
        if !allowed {
            problems.push(format!(
                "{} may not depend on {} ({} dependency): see CONVENTIONS.md, crate edges",
                edge.from, edge.to, edge.kind
            ));
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edge(from: &str, to: &str) -> Edge {
        Edge {
            from: from.into(),
            to: to.into(),
            kind: "dev".into(),
        }
    }

    #[test]
    fn interpreter_and_engine_may_not_see_each_other() {
        let members = vec!["weiqi-interpreter".to_owned(), "weiqi-engine".to_owned()];
        let problems = check(&members, &[edge("weiqi-engine", "weiqi-interpreter")]);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].contains("weiqi-engine may not depend on weiqi-interpreter"));
        assert_eq!(
            check(&members, &[edge("weiqi-interpreter", "weiqi-engine")]).len(),
            1
        );
    }

    #[test]
    fn core_depends_on_nothing_and_unknown_crates_are_flagged() {
        let members = vec!["weiqi-core".to_owned(), "weiqi-new".to_owned()];
        let problems = check(&members, &[edge("weiqi-core", "weiqi-spec")]);
        assert_eq!(problems.len(), 2, "{problems:?}");
    }

    #[test]
    fn the_intended_edges_pass() {
        let members: Vec<String> = ALLOWED.iter().map(|(n, _)| (*n).to_owned()).collect();
        let edges = vec![
            edge("weiqi-spec", "weiqi-core"),
            edge("weiqi-interpreter", "weiqi-spec"),
            edge("weiqi-cli", "weiqi-interpreter"),
        ];
        assert!(check(&members, &edges).is_empty());
    }
}
