//! Every case of `rulings/` under every variant, by both referees, against its snapshot (issue
//! 13; docs/style.md 22: one snapshot per case, the input echoed in the header; stale and
//! unreferenced snapshots fail).
//!
//! One test runs the whole corpus on a few threads, collects every failing case (a divergence
//! between the referees, a changed ruling) and fails with the list, so one run shows every
//! ruling a change alters; `cargo xtask rulings` then opens the review.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use weiqi_record::rulings::{self, Case};

fn snapshot_dir(case: &Case) -> PathBuf {
    case.path
        .parent()
        .map_or_else(|| PathBuf::from("snapshots"), |p| p.join("snapshots"))
}

/// Rules `case` and compares its matrix with the snapshot; the failure message, if any.
fn check(case: &Case) -> Result<(), String> {
    let cells = rulings::cells(case).map_err(String::from)?;
    let matrix = rulings::matrix(case, &cells);
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(snapshot_dir(case));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_description(case.description.clone());
    settings.set_omit_expression(true);
    settings.set_input_file(&case.path);
    let stem = case
        .name
        .rsplit('/')
        .next()
        .unwrap_or(&case.name)
        .to_owned();
    catch_unwind(AssertUnwindSafe(|| {
        settings.bind(|| insta::assert_snapshot!(stem, matrix));
    }))
    .map_err(|e| {
        e.downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| (*s).to_owned()))
            .unwrap_or_else(|| "snapshot assertion failed".to_owned())
    })
}

/// The snapshot files of `dir/<axis>/snapshots/` that no case names.
fn unreferenced(dir: &Path, cases: &[Case]) -> Vec<String> {
    let mut out = Vec::new();
    for axis in rulings::AXES {
        let Ok(entries) = std::fs::read_dir(dir.join(axis).join("snapshots")) else {
            continue;
        };
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            let Some(stem) = name.strip_suffix(".snap") else {
                continue;
            };
            if !cases.iter().any(|c| c.name == format!("{axis}/{stem}")) {
                out.push(format!("{axis}/snapshots/{name}"));
            }
        }
    }
    out
}

#[test]
fn every_case_rules_as_its_snapshot_says_under_every_variant_issue_13() {
    let dir = weiqi_rulings::corpus_dir();
    let cases = rulings::load_corpus(&dir).expect("the corpus reads");
    assert!(
        cases.len() >= 100,
        "issue 13: at least 100 cases, found {}",
        cases.len()
    );
    let orphans = unreferenced(&dir, &cases);
    assert!(
        orphans.is_empty(),
        "snapshots without a case (delete them): {orphans:?}"
    );
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
    let next = Mutex::new(0usize);
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let i = {
                        let mut n = next.lock().expect("lock");
                        *n += 1;
                        *n - 1
                    };
                    let Some(case) = cases.get(i) else { break };
                    if let Err(e) = check(case) {
                        failures
                            .lock()
                            .expect("lock")
                            .push(format!("{}: {e}", case.name));
                    }
                }
            });
        }
    });
    let mut failures = failures.into_inner().expect("lock");
    failures.sort();
    assert!(
        failures.is_empty(),
        "{} of {} cases failed (review the changed rulings with `cargo xtask rulings`):\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
