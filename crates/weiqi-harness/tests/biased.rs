//! The biased generators reach the hard case each of them is for (issue 12: "biased generators
//! that reach the hard cases often"): a few seeded cases of every shape, of the dense positions
//! and of the final positions, on both referees, with the statistics of each.

use arbitrary::Unstructured;
use weiqi_harness::generate::{Case, seeded_bytes};
use weiqi_harness::oracle;
use weiqi_harness::shapes::{Family, SHAPES};
use weiqi_harness::stats::{KO_REFUSALS, Stats};

/// Cases per generator.
const CASES: u64 = 16;

/// Runs `n` seeded cases made by `make` and returns their statistics (a divergence fails).
fn run(n: u64, make: impl Fn(&mut Unstructured<'_>) -> arbitrary::Result<Case>) -> Stats {
    let mut stats = Stats::default();
    for seed in 0..n {
        let bytes = seeded_bytes(seed, weiqi_harness::SEEDED_CASE_BYTES);
        let mut u = Unstructured::new(&bytes);
        let mut case = make(&mut u).expect("total generator");
        case.script = u.bytes(u.len()).expect("rest").to_vec();
        if let Err(d) = oracle::run(&case, &mut stats) {
            panic!("{d}");
        }
    }
    stats
}

fn ko_refusals(s: &Stats) -> u64 {
    KO_REFUSALS.iter().map(|c| s.games_refusing(c)).sum()
}

/// Every ko shape reaches a ko refusal of some kind or a long-cycle end (no result or a draw),
/// the snapback its capture of several stones; every suicide shape a suicide refused, a
/// self-capture played or a capture into one's own last liberty; every seki shape a count with
/// seki stones.
#[test]
fn every_shape_reaches_its_hard_case() {
    for (i, shape) in SHAPES.iter().enumerate() {
        let s = run(CASES, |u| Case::of_shape(u, i));
        println!("{}: {s}", shape.name);
        let reached = match (shape.family, shape.name) {
            (Family::Ko, "snapback") => s.multi_capture,
            (Family::Ko, _) => ko_refusals(&s) + s.no_result + s.tie,
            (Family::Suicide, _) => {
                s.games_refusing("suicide")
                    + s.self_capture_one
                    + s.self_capture_multi
                    + s.suicide_as_pass
                    + s.last_liberty_capture
            }
            (Family::Seki, _) => s.seki,
        };
        assert!(
            reached > 0,
            "{} never reached its hard case: {s}",
            shape.name
        );
    }
}

/// Dense positions reach self-ataris: suicide refusals and captures into one's own last
/// liberty; final positions reach a count, a dispute and a tie.
#[test]
fn dense_and_scoring_cases_reach_theirs() {
    let dense = run(CASES, Case::dense);
    println!("dense: {dense}");
    assert!(dense.games_refusing("suicide") > 0, "{dense}");
    assert!(dense.last_liberty_capture > 0, "{dense}");
    // Final positions are quick (the script passes at once); a tie needs a few more of them.
    let scoring = run(4 * CASES, Case::scoring);
    println!("scoring: {scoring}");
    assert!(scoring.stopped > 2 * CASES, "{scoring}");
    assert!(scoring.disputed > 0 && scoring.tie > 0, "{scoring}");
}

/// Issue 12 item 1 ("seki ... hane seki") and docs/variants.md 4.12: the hane-seki shape is placed,
/// in every symmetry and with the colours swapped or not, with exactly its two three-stone
/// strings in atari (one of each colour, their liberties two different points), and its seeded
/// cases reach a count with seki stones on which both referees agree (`oracle::run` fails on
/// any divergence).
#[test]
fn the_hane_seki_is_placed_with_two_strings_in_atari_and_counted_with_seki() {
    use weiqi_core::Board;
    use weiqi_harness::shapes::{Placement, place, string_and_liberties};
    let index = SHAPES
        .iter()
        .position(|s| s.name == "hane-seki")
        .expect("the hane-seki shape");
    for symmetry in 0..8 {
        for swap in [false, true] {
            let placed = place(
                index,
                Placement {
                    symmetry,
                    swap,
                    grow: [2; 4],
                },
            )
            .expect("the diagram reads");
            let mut board = Board::new(placed.size);
            for &(p, c) in &placed.stones {
                board.set(p, Some(c));
            }
            let mut in_atari = Vec::new();
            for (p, c) in board.iter() {
                let Some(c) = c else { continue };
                let (string, liberties) = string_and_liberties(&board, p);
                // Each string once: at its first stone in row order.
                let first = string.iter().all(|q| (q.row, q.col) >= (p.row, p.col));
                if liberties.len() == 1 && first {
                    in_atari.push((c, string.len(), liberties[0]));
                }
            }
            assert_eq!(
                in_atari.len(),
                2,
                "symmetry {symmetry}, swap {swap}: {in_atari:?}"
            );
            assert!(in_atari.iter().all(|&(_, n, _)| n == 3), "{in_atari:?}");
            assert_ne!(in_atari[0].0, in_atari[1].0, "{in_atari:?}");
            assert_ne!(in_atari[0].2, in_atari[1].2, "{in_atari:?}");
        }
    }
    let s = run(CASES, |u| Case::of_shape(u, index));
    println!("hane-seki: {s}");
    assert!(
        s.seki > 0,
        "the hane seki was never counted with seki stones: {s}"
    );
}
