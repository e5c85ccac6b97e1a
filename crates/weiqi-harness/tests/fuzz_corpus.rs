//! The seeds and regressions of the harness's fuzz targets (`fuzz/seeds/<target>/`,
//! `fuzz/regressions/<target>/` for `differential`, `raw_moves` and `scoring`) replayed under
//! plain `cargo test`, so a stable toolchain checks them too (issue 12, item 3; docs/style.md
//! 15 and 19; after regex's `tests/fuzz/mod.rs`). Each regression file must have its row in
//! `fuzz/regressions/README.md` and must still reach the clause of the bug it caught.

use std::path::{Path, PathBuf};

use weiqi_core::{Action, Move, Point, Referee};
use weiqi_harness::generate::Case;
use weiqi_harness::raw::{self, RawCase, RawStats};
use weiqi_harness::scoring_case::{self, ScoreCase, ScoreStats};
use weiqi_harness::stats::Stats;
use weiqi_interpreter::Interpreter;

/// The harness's fuzz targets.
const TARGETS: &[&str] = &["differential", "raw_moves", "scoring"];

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

/// The files of `fuzz/<kind>/<target>/`, sorted (none when the folder does not exist: git
/// keeps no empty folder; the seeds' test asserts they are there).
fn files(kind: &str, target: &str) -> Vec<PathBuf> {
    let dir = fuzz_dir().join(kind).join(target);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut out: Vec<PathBuf> = entries
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.is_file())
        .collect();
    out.sort();
    out
}

/// Runs one input through the target's oracle, as the fuzz target does; the message of a
/// divergence names the file.
fn check(target: &str, path: &Path) {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let name = path.display();
    match target {
        "differential" => {
            let case = Case::from_bytes(&bytes).expect("the generator is total");
            if let Err(d) = weiqi_harness::oracle::run(&case, &mut Stats::default()) {
                panic!("{name}: {d}");
            }
        }
        "raw_moves" => {
            let case = RawCase::from_bytes(&bytes).expect("the generator is total");
            if let Err(d) = raw::run(&case, &mut RawStats::default()) {
                panic!("{name}: {d}");
            }
        }
        "scoring" => {
            let case = ScoreCase::from_bytes(&bytes).expect("the generator is total");
            if let Err(d) = scoring_case::run(&case, &mut ScoreStats::default()) {
                panic!("{name}: {d}");
            }
        }
        other => panic!("unknown target {other}"),
    }
}

/// Issue 12, item 3 ("seed corpora"): every seed of the three targets runs without a
/// divergence or a panic, and each target has seeds.
#[test]
fn seeds_agree_on_both_referees() {
    for target in TARGETS {
        let seeds = files("seeds", target);
        assert!(!seeds.is_empty(), "fuzz/seeds/{target}/ is empty");
        for path in seeds {
            check(target, &path);
        }
    }
}

/// docs/style.md 19: every regression replays without a divergence and has its row (target,
/// file, cause) in `fuzz/regressions/README.md`.
#[test]
fn regressions_replay_and_are_documented() {
    let readme = std::fs::read_to_string(fuzz_dir().join("regressions/README.md"))
        .expect("fuzz/regressions/README.md");
    let mut replayed = 0;
    for target in TARGETS {
        for path in files("regressions", target) {
            let file = path
                .file_name()
                .and_then(|n| n.to_str())
                .expect("file name");
            let row = format!("| `{target}` | `{file}` |");
            assert!(
                readme.contains(&row),
                "fuzz/regressions/README.md has no row {row}"
            );
            check(target, &path);
            replayed += 1;
        }
    }
    assert!(replayed >= 2, "only {replayed} regressions");
}

/// A coordinate on which the old `Point::to_sgf` overflowed (`b'A' + (c - 26)` > 255).
fn far(p: &Point) -> bool {
    p.col >= 217 || p.row >= 217
}

fn read(target: &str, file: &str) -> Vec<u8> {
    std::fs::read(fuzz_dir().join("regressions").join(target).join(file)).expect(file)
}

/// The regressions still reach what they caught (a change of the generators that read the
/// bytes differently would silently turn them into ordinary seeds): the raw-moves and scoring
/// files name a point whose SGF letter overflowed in `Point::to_sgf` (issue 12).
#[test]
fn regressions_still_reach_their_bug() {
    let raw = RawCase::from_bytes(&read("raw_moves", "far-off-point-name")).expect("total");
    assert!(
        raw.actions
            .iter()
            .any(|a| matches!(a, Action::ProposeDead { dead, .. } if dead.iter().any(far))),
        "{:?}",
        raw.actions
    );
    let score = ScoreCase::from_bytes(&read("scoring", "far-off-dead-point-name")).expect("total");
    assert!(score.dead.iter().any(far), "{score}");
    assert!(
        fills_its_own_eye_and_self_captures(&read("raw_moves", "self-capture-empties-the-eye")),
        "self-capture-empties-the-eye no longer self-captures the stones around an own eye"
    );
}

/// Whether the raw case plays a point whose every neighbour is the mover's and whose play
/// removes those neighbours by self-capture (the board `is_own_eye` must be read from is the
/// one before the move; the harness once read the one after, issue 12).
fn fills_its_own_eye_and_self_captures(bytes: &[u8]) -> bool {
    let raw = RawCase::from_bytes(bytes).expect("total");
    let Ok(mut interp) = Interpreter::new(&raw.case.rules.ruleset, raw.case.setup.clone()) else {
        return false;
    };
    let size = raw.case.setup.size;
    raw.actions.iter().any(|action| {
        let eye = match action {
            Action::Move {
                color,
                mv: Move::Play(p),
            } => size
                .neighbours(*p)
                .all(|n| interp.board().get(n) == Some(*color)),
            _ => false,
        };
        let report = interp.apply(action.clone());
        eye && report.is_ok_and(|r| !r.self_captured.is_empty())
    })
}
