//! `cargo xtask tidy`: the crate dependency edges of docs/style.md, read from `cargo metadata`,
//! the module graph inside each crate, and the citations of the repository's files (every one
//! resolves inside the repository: see [`crate::citations`]).
//!
//! Dependencies point down only: core <- spec <- {interpreter, engine} <- sgf <- record <- gtp
//! <- weiqi (the facade) and cli; harness <- fuzz. The interpreter and the engine never depend
//! on each other (not even as dev-dependencies): they share vocabulary types and the spec,
//! never logic. No crate depends on the command line (`weiqi-cli`, a binary crate): what a
//! program needs is in the libraries. Inside a crate, the top-level modules (a file, or a
//! folder with its `mod.rs`) import each other without a circle (`crate::a` in `b` and
//! `crate::b` in `a`, directly or through others); the crate root (`lib.rs`, `main.rs`), which
//! declares them, is not part of that graph.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The binary crates: no crate may depend on them.
const BINARIES: &[&str] = &["weiqi-cli"];

/// The crates whose modules still import each other in a circle, older than the rule (issue
/// 27 enforced it where the command line was cut): printed, not failed. A crate that has lost
/// its circle must leave the list.
const CIRCLES_LEFT: &[&str] = &[];

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
        "weiqi-record",
        &[
            "weiqi-core",
            "weiqi-spec",
            "weiqi-interpreter",
            "weiqi-engine",
            "weiqi-sgf",
            "weiqi-status",
        ],
    ),
    (
        "weiqi-gtp",
        &[
            "weiqi-core",
            "weiqi-spec",
            "weiqi-engine",
            "weiqi-sgf",
            "weiqi-record",
            "weiqi-status",
        ],
    ),
    // The facade: re-exports the stable API of the libraries.
    (
        "weiqi",
        &[
            "weiqi-core",
            "weiqi-spec",
            "weiqi-interpreter",
            "weiqi-engine",
            "weiqi-sgf",
            "weiqi-record",
            "weiqi-status",
            "weiqi-gtp",
        ],
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
            "weiqi-record",
            "weiqi-status",
            "weiqi-gtp",
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
    // The Python package (bindings/python): the engine, the spec and the record flow behind
    // PyO3.
    (
        "weiqi-python",
        &[
            "weiqi-core",
            "weiqi-spec",
            "weiqi-engine",
            "weiqi-sgf",
            "weiqi-record",
            "weiqi-status",
        ],
    ),
    // The rulings corpus as snapshots: the rulings come from weiqi-record.
    ("weiqi-rulings", &["weiqi-record"]),
    // `agreement` rules the corpus with weiqi-record (and GNU Go through weiqi-gtp),
    // in-process; `status` runs the status judge over the labelled sets.
    (
        "xtask",
        &[
            "weiqi-spec",
            "weiqi-core",
            "weiqi-sgf",
            "weiqi-record",
            "weiqi-status",
            "weiqi-gtp",
            "weiqi-engine",
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
    let mut problems = check(&members, &edges);
    let mut modules = 0;
    for (name, src) in source_dirs(&metadata) {
        let graph = module_graph(&src)?;
        modules += graph.len();
        let left = CIRCLES_LEFT.contains(&name.as_str());
        match module_cycle(&graph) {
            Some(cycle) if left => println!(
                "tidy: {name}: an import circle left to cut: {}",
                cycle.join(" -> ")
            ),
            Some(cycle) => problems.push(format!(
                "{name}: the modules import each other in a circle: {}",
                cycle.join(" -> ")
            )),
            None if left => problems.push(format!(
                "{name} has no import circle any more: remove it from CIRCLES_LEFT in \
                 xtask/src/tidy.rs"
            )),
            None => {}
        }
    }
    let files = match crate::citations::run(root) {
        Ok(files) => files,
        Err(dangling) => {
            problems.extend(dangling);
            0
        }
    };
    if problems.is_empty() {
        println!(
            "tidy: {} crates, {} workspace edges, all allowed; {modules} modules, no import circle \
             but those left; {files} files, no citation outside the repository",
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

/// The `src` folder of every workspace member, by crate name.
fn source_dirs(metadata: &serde_json::Value) -> Vec<(String, PathBuf)> {
    metadata["packages"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|p| {
            let name = p["name"].as_str()?.to_owned();
            let manifest = Path::new(p["manifest_path"].as_str()?);
            Some((name, manifest.parent()?.join("src")))
        })
        .filter(|(_, src)| src.is_dir())
        .collect()
}

/// The `.rs` files under `dir`, recursively.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for entry in entries {
        let path = entry.map_err(|e| format!("{}: {e}", dir.display()))?.path();
        if path.is_dir() {
            rust_files(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    Ok(())
}

/// The top-level module of a file under `src` (`dead/auto.rs` and `dead/mod.rs` are `dead`),
/// `None` for the crate root and the files of other targets (`bin/`).
fn top_module(src: &Path, file: &Path) -> Option<String> {
    let rel = file.strip_prefix(src).ok()?;
    let first = rel.components().next()?.as_os_str().to_string_lossy();
    let name = first.strip_suffix(".rs").unwrap_or(&first);
    (!["lib", "main", "bin"].contains(&name)).then(|| name.to_owned())
}

/// The modules of `modules` that `text` (one file) names as `crate::<module>`, outside
/// comments, in paths and in `use crate::{a, b::c}` groups.
fn references(text: &str, modules: &BTreeSet<String>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
        let mut rest = line;
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + "crate::".len()..];
            let names: Vec<&str> = if let Some(group) = rest.strip_prefix('{') {
                // The group's top-level names (a group is on one line after `cargo fmt` unless
                // long; the names of a wrapped group start the following lines).
                let end = group.find('}').unwrap_or(group.len());
                group[..end].split(',').collect()
            } else {
                vec![rest]
            };
            for name in names {
                let ident: String = name
                    .trim()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if modules.contains(&ident) {
                    out.insert(ident);
                }
            }
        }
    }
    // The names of a `use crate::{` group wrapped over several lines.
    let mut in_group = false;
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with("use crate::{") && !t.contains('}') {
            in_group = true;
            continue;
        }
        if in_group {
            if t.starts_with('}') {
                in_group = false;
                continue;
            }
            for name in t.split(',') {
                let ident: String = name
                    .trim()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if modules.contains(&ident) {
                    out.insert(ident);
                }
            }
        }
    }
    out
}

/// The import graph of the top-level modules of the crate whose sources are in `src`: each
/// module and the other modules its files name.
fn module_graph(src: &Path) -> Result<BTreeMap<String, BTreeSet<String>>, String> {
    let mut files = Vec::new();
    rust_files(src, &mut files)?;
    let modules: BTreeSet<String> = files.iter().filter_map(|f| top_module(src, f)).collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = modules
        .iter()
        .map(|m| (m.clone(), BTreeSet::new()))
        .collect();
    for file in &files {
        let Some(from) = top_module(src, file) else {
            continue;
        };
        let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
        let to: Vec<String> = references(&text, &modules)
            .into_iter()
            .filter(|m| *m != from)
            .collect();
        graph.entry(from).or_default().extend(to);
    }
    Ok(graph)
}

/// A circle of the graph (`a -> b -> a`), if it has one. Depth-first, linear in the edges.
fn module_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        Open,
        Done,
    }
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        marks: &mut BTreeMap<String, Mark>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        marks.insert(node.to_owned(), Mark::Open);
        path.push(node.to_owned());
        for next in graph.get(node).into_iter().flatten() {
            match marks.get(next).copied().unwrap_or(Mark::New) {
                Mark::Open => {
                    let start = path.iter().position(|n| n == next).unwrap_or(0);
                    let mut cycle = path[start..].to_vec();
                    cycle.push(next.clone());
                    return Some(cycle);
                }
                Mark::New => {
                    if let Some(c) = visit(next, graph, marks, path) {
                        return Some(c);
                    }
                }
                Mark::Done => {}
            }
        }
        path.pop();
        marks.insert(node.to_owned(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    for node in graph.keys() {
        if marks.get(node).copied().unwrap_or(Mark::New) == Mark::New
            && let Some(c) = visit(node, graph, &mut marks, &mut Vec::new())
        {
            return Some(c);
        }
    }
    None
}

/// Every violation of [`ALLOWED`] and [`BINARIES`], one line each.
fn check(members: &[String], edges: &[Edge]) -> Vec<String> {
    let mut problems = Vec::new();
    for member in members {
        if !ALLOWED.iter().any(|(name, _)| name == member) {
            problems.push(format!(
                "crate {member} has no place in the dependency table of xtask/src/tidy.rs"
            ));
        }
    }
    for edge in edges.iter().filter(|e| BINARIES.contains(&e.to.as_str())) {
        problems.push(format!(
            "{} may not depend on {} ({} dependency): it is the command line, a binary; \
             depend on the libraries it uses",
            edge.from, edge.to, edge.kind
        ));
    }
    for edge in edges {
        let allowed = ALLOWED
            .iter()
            .find(|(name, _)| *name == edge.from)
            .is_some_and(|(_, deps)| deps.contains(&edge.to.as_str()));
        if !allowed {
            problems.push(format!(
                "{} may not depend on {} ({} dependency): see docs/style.md, crate edges",
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
    fn no_crate_depends_on_the_command_line_issue_27() {
        let members = vec!["weiqi-rulings".to_owned(), "weiqi-cli".to_owned()];
        let problems = check(&members, &[edge("weiqi-rulings", "weiqi-cli")]);
        assert!(
            problems
                .iter()
                .any(|p| p.contains("weiqi-rulings may not depend on weiqi-cli")
                    && p.contains("binary")),
            "{problems:?}"
        );
    }

    fn graph(edges: &[(&str, &str)]) -> BTreeMap<String, BTreeSet<String>> {
        let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (a, b) in edges {
            g.entry((*a).to_owned())
                .or_default()
                .insert((*b).to_owned());
            g.entry((*b).to_owned()).or_default();
        }
        g
    }

    #[test]
    fn an_import_circle_between_modules_is_found_issue_27() {
        // The circle issue 27 names: check -> replay -> rules_cmd -> rulings_diff -> rulings
        // -> check.
        let g = graph(&[
            ("check", "replay"),
            ("replay", "rules_cmd"),
            ("rules_cmd", "rulings_diff"),
            ("rulings_diff", "rulings"),
            ("rulings", "check"),
            ("batch", "check"),
        ]);
        let cycle = module_cycle(&g).expect("a circle");
        assert_eq!(cycle.first(), cycle.last());
        assert_eq!(cycle.len(), 6, "{cycle:?}");
        let dag = graph(&[("score", "check"), ("check", "replay"), ("score", "replay")]);
        assert_eq!(module_cycle(&dag), None);
    }

    #[test]
    fn references_are_read_from_paths_and_use_groups_not_comments() {
        let modules: BTreeSet<String> = ["check", "replay", "score", "svg", "limits"]
            .iter()
            .map(|m| (*m).to_owned())
            .collect();
        let text = "//! see [`crate::svg`]\nuse crate::{Error, check, replay::Verdict};\n\
                    fn f() { crate::score::run(); }\nuse crate::{\n    limits::Limits,\n};\n";
        let found: Vec<String> = references(text, &modules).into_iter().collect();
        assert_eq!(found, ["check", "limits", "replay", "score"]);
    }

    #[test]
    fn the_graph_is_read_from_the_files_of_a_crate() {
        let src = std::env::temp_dir().join(format!("weiqi-tidy-{}", std::process::id()));
        let files = [
            (
                "lib.rs",
                "mod check;\nmod dead;\nmod replay;\npub fn run() { check::f(); }\n",
            ),
            ("check.rs", "use crate::replay::Replay;\n"),
            (
                "replay.rs",
                "//! not [`crate::check`]\nuse crate::{Error, dead};\n",
            ),
            ("dead/mod.rs", "pub mod auto;\n"),
            (
                "dead/auto.rs",
                "use super::Source;\nfn f() { crate::check::g(); }\n",
            ),
        ];
        for (name, text) in files {
            let path = src.join(name);
            std::fs::create_dir_all(path.parent().expect("parent")).expect("dir");
            std::fs::write(&path, text).expect("write");
        }
        let graph = module_graph(&src).expect("graph");
        let _ = std::fs::remove_dir_all(&src);
        let edges: Vec<(String, String)> = graph
            .iter()
            .flat_map(|(a, bs)| bs.iter().map(move |b| (a.clone(), b.clone())))
            .collect();
        let want = [("check", "replay"), ("dead", "check"), ("replay", "dead")];
        let want: Vec<(String, String)> = want
            .iter()
            .map(|(a, b)| ((*a).into(), (*b).into()))
            .collect();
        assert_eq!(edges, want);
        let cycle = module_cycle(&graph).expect("check -> replay -> dead -> check");
        assert_eq!(cycle.len(), 4, "{cycle:?}");
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
