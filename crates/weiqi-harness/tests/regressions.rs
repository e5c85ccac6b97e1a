//! Divergences the harness found, each replayed on both referees as a regression
//! (CONVENTIONS.md 19), with a line on the bug it caught.

use weiqi_core::{Action, BoardSize, Color, Setup};
use weiqi_harness::generate::{CUSTOM_ID, Case, RulesChoice};
use weiqi_harness::oracle::{self, Outcome};
use weiqi_harness::stats::Stats;

/// A case of `base` changed by `changes` (spec keys and TOML values) on `setup`.
fn case(base: &str, changes: &[(&str, &str)], setup: Setup) -> Case {
    let changes: Vec<(String, String)> = changes
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
    let mut toml = format!("extends = \"{base}\"\n");
    for (k, v) in &changes {
        let (section, name) = k.split_once('.').expect("section.key");
        toml.push_str(&format!("[{section}]\n{name} = {v}\n"));
    }
    let ruleset = if changes.is_empty() {
        weiqi_spec::builtin(base).expect("built-in")
    } else {
        weiqi_spec::parse_str(&format!("{CUSTOM_ID}.toml"), &toml).expect(&toml)
    };
    Case::new(
        RulesChoice {
            base: base.to_owned(),
            changes,
            ruleset,
        },
        setup,
        Vec::new(),
    )
}

/// Replays `actions` and expects agreement on every step.
fn check(case: &Case, actions: &[Action]) -> Stats {
    let mut stats = Stats::default();
    match oracle::replay(case, actions, &mut stats) {
        Ok(outcome) => assert_eq!(outcome, Outcome::Agree),
        Err(d) => panic!("{d}"),
    }
    stats
}

/// Found by the seeded run (seed 3905, `japanese-1989` with `long-cycle-repetitions = 2`): after
/// a resumption that changes the player to move (`resume-first = "opponent-of-resumer"`), the
/// engine counted the stopping pass's situation with the player to move *before* the
/// resumption as the first occurrence of the resumed play, so a pass that recreated that
/// situation ended the game without result. DECISIONS.md 12 and `play.long-cycle-repetitions`:
/// a situation is the board and the player to move, and the count restarts when play resumes,
/// from the situation after the resumption (the interpreter's `long_cycle.rs`); the engine was
/// wrong.
#[test]
fn long_cycle_count_restarts_from_the_situation_after_resumption_decisions_12() {
    let c = case(
        "japanese-1989",
        &[("play.long-cycle-repetitions", "2")],
        Setup::even(BoardSize::square(1).expect("size")),
    );
    let stats = check(
        &c,
        &[
            Action::pass(Color::Black),
            Action::pass(Color::White),
            Action::ProposeDead {
                by: Color::Black,
                dead: Vec::new(),
            },
            Action::Resume { by: Color::Black },
            // White moves first after Black's resumption; this pass recreates the board with
            // Black to move, which is not the situation the resumed play started from.
            Action::pass(Color::White),
        ],
    );
    assert_eq!(stats.no_result, 0);
}

/// Found by the seeded run (3,000 cases) on the speed branch's compact history, which pushes a
/// move's entry after reading the indexes: under the Ing rule, a move whose situation equals
/// the previous entry's (here a pass after a resumption that gave the move to the other
/// player) looked up "the move that followed the earlier occurrence", which is the move being
/// recorded, one entry past the end (index out of bounds). VARIANTS.md 3.a rule D (the
/// cycle-restart ban is keyed by the board play that followed the earlier occurrence; a pass
/// makes no ban): both referees must accept the pass and agree after it.
#[test]
fn ing_ban_lookup_when_the_previous_entry_has_the_same_situation() {
    let c = case(
        "ing-1996",
        &[("end.resume-first", "\"opponent-of-resumer\"")],
        Setup::even(BoardSize::square(3).expect("size")),
    );
    check(
        &c,
        &[
            Action::play(Color::Black, weiqi_core::Point::rc(1, 1)),
            Action::pass(Color::White),
            Action::pass(Color::Black),
            // Play stops with White to move; White resumes, so Black moves first.
            Action::Resume { by: Color::White },
            // The board of the stopping pass with White to move again: its situation.
            Action::pass(Color::Black),
            Action::play(Color::White, weiqi_core::Point::rc(0, 0)),
        ],
    );
}

/// Found by the long run (seed 242306, `ing-1996` with `resume-first = "opponent-of-resumer"`,
/// a grown triple-ko shape on 9x7): after a resumption that gave the move to the other player,
/// Rule D recorded its ban on the situation as the history stores it (the board and the player
/// to move before the resumption) instead of the situation the banned play was made from. The
/// engine then banned White from Black's play (`CycleRestart { started: 55 }` for White's bg);
/// the interpreter recorded Black's ban but could never match it (it required the stored
/// player to move, White, to be the banned player, Black). VARIANTS.md 3.a Rule D: "let m0 be
/// the move made at ply t0+1 and D the player who made it ... record BAN(sigma_t0, D, m0)" — D
/// made m0 from the board of t0 with D to move, so the ban is D's, from that board with D to
/// move. Both referees were wrong; both now key the ban by (board of t0, D, m0).
#[test]
fn ing_ban_is_the_movers_after_a_resumption_variants_3_a() {
    let setup = Setup {
        stones: vec![
            (weiqi_core::Point::rc(2, 8), Color::Black),
            (weiqi_core::Point::rc(2, 7), Color::Black),
            (weiqi_core::Point::rc(2, 6), Color::Black),
            (weiqi_core::Point::rc(2, 5), Color::Black),
            (weiqi_core::Point::rc(2, 4), Color::Black),
            (weiqi_core::Point::rc(2, 3), Color::Black),
            (weiqi_core::Point::rc(2, 2), Color::Black),
            (weiqi_core::Point::rc(2, 1), Color::Black),
            (weiqi_core::Point::rc(2, 0), Color::Black),
            (weiqi_core::Point::rc(3, 8), Color::Black),
            (weiqi_core::Point::rc(3, 7), Color::White),
            (weiqi_core::Point::rc(3, 6), Color::Black),
            (weiqi_core::Point::rc(3, 4), Color::Black),
            (weiqi_core::Point::rc(3, 3), Color::White),
            (weiqi_core::Point::rc(3, 2), Color::Black),
            (weiqi_core::Point::rc(3, 0), Color::Black),
            (weiqi_core::Point::rc(4, 8), Color::White),
            (weiqi_core::Point::rc(4, 6), Color::White),
            (weiqi_core::Point::rc(4, 5), Color::Black),
            (weiqi_core::Point::rc(4, 4), Color::White),
            (weiqi_core::Point::rc(4, 2), Color::White),
            (weiqi_core::Point::rc(4, 1), Color::Black),
            (weiqi_core::Point::rc(4, 0), Color::White),
            (weiqi_core::Point::rc(5, 8), Color::White),
            (weiqi_core::Point::rc(5, 7), Color::White),
            (weiqi_core::Point::rc(5, 6), Color::White),
            (weiqi_core::Point::rc(5, 5), Color::White),
            (weiqi_core::Point::rc(5, 4), Color::White),
            (weiqi_core::Point::rc(5, 3), Color::White),
            (weiqi_core::Point::rc(5, 2), Color::White),
            (weiqi_core::Point::rc(5, 1), Color::White),
            (weiqi_core::Point::rc(5, 0), Color::White),
        ],
        to_move: Some(Color::Black),
        ..Setup::even(BoardSize::new(9, 7).expect("size"))
    };
    let c = case(
        "ing-1996",
        &[("end.resume-first", "\"opponent-of-resumer\"")],
        setup,
    );
    check(
        &c,
        &[
            Action::play(Color::Black, weiqi_core::Point::rc(4, 3)),
            Action::play(Color::White, weiqi_core::Point::rc(3, 5)),
            Action::pass(Color::Black),
            Action::pass(Color::White),
            Action::ProposeDead {
                by: Color::White,
                dead: vec![
                    weiqi_core::Point::rc(2, 5),
                    weiqi_core::Point::rc(2, 8),
                    weiqi_core::Point::rc(3, 2),
                    weiqi_core::Point::rc(3, 6),
                    weiqi_core::Point::rc(3, 8),
                    weiqi_core::Point::rc(4, 1),
                    weiqi_core::Point::rc(5, 1),
                ],
            },
            Action::ProposeDead {
                by: Color::Black,
                dead: vec![
                    weiqi_core::Point::rc(2, 5),
                    weiqi_core::Point::rc(2, 8),
                    weiqi_core::Point::rc(3, 2),
                    weiqi_core::Point::rc(3, 6),
                    weiqi_core::Point::rc(3, 8),
                    weiqi_core::Point::rc(4, 1),
                    weiqi_core::Point::rc(5, 1),
                ],
            },
            Action::play(Color::Black, weiqi_core::Point::rc(4, 5)),
            Action::play(Color::White, weiqi_core::Point::rc(3, 1)),
            Action::play(Color::Black, weiqi_core::Point::rc(1, 2)),
            Action::pass(Color::White),
            Action::play(Color::Black, weiqi_core::Point::rc(4, 1)),
            Action::play(Color::White, weiqi_core::Point::rc(1, 1)),
            Action::pass(Color::Black),
            Action::play(Color::White, weiqi_core::Point::rc(3, 3)),
            Action::play(Color::Black, weiqi_core::Point::rc(4, 7)),
            Action::play(Color::White, weiqi_core::Point::rc(3, 5)),
            Action::play(Color::Black, weiqi_core::Point::rc(3, 7)),
            Action::play(Color::White, weiqi_core::Point::rc(3, 1)),
            Action::pass(Color::Black),
            Action::pass(Color::White),
            Action::Resume { by: Color::Black },
            Action::play(Color::White, weiqi_core::Point::rc(0, 2)),
            Action::play(Color::Black, weiqi_core::Point::rc(4, 5)),
            Action::play(Color::White, weiqi_core::Point::rc(1, 0)),
            Action::play(Color::Black, weiqi_core::Point::rc(4, 3)),
            Action::play(Color::White, weiqi_core::Point::rc(3, 5)),
            Action::play(Color::Black, weiqi_core::Point::rc(4, 1)),
            Action::play(Color::White, weiqi_core::Point::rc(4, 5)),
            Action::play(Color::Black, weiqi_core::Point::rc(3, 1)),
            Action::play(Color::White, weiqi_core::Point::rc(3, 3)),
            Action::play(Color::Black, weiqi_core::Point::rc(6, 6)),
            Action::play(Color::White, weiqi_core::Point::rc(1, 5)),
            Action::play(Color::Black, weiqi_core::Point::rc(6, 1)),
            Action::play(Color::White, weiqi_core::Point::rc(0, 8)),
            Action::play(Color::Black, weiqi_core::Point::rc(4, 3)),
            Action::play(Color::White, weiqi_core::Point::rc(6, 3)),
            Action::play(Color::Black, weiqi_core::Point::rc(3, 3)),
            Action::play(Color::White, weiqi_core::Point::rc(1, 8)),
            Action::pass(Color::Black),
            Action::play(Color::White, weiqi_core::Point::rc(6, 0)),
            Action::play(Color::Black, weiqi_core::Point::rc(6, 2)),
            Action::play(Color::White, weiqi_core::Point::rc(0, 0)),
            Action::play(Color::Black, weiqi_core::Point::rc(0, 1)),
            Action::pass(Color::White),
            Action::play(Color::Black, weiqi_core::Point::rc(1, 6)),
            Action::play(Color::White, weiqi_core::Point::rc(0, 0)),
            Action::play(Color::Black, weiqi_core::Point::rc(0, 3)),
            Action::play(Color::White, weiqi_core::Point::rc(0, 2)),
            Action::play(Color::Black, weiqi_core::Point::rc(1, 0)),
            Action::play(Color::White, weiqi_core::Point::rc(1, 1)),
            Action::play(Color::Black, weiqi_core::Point::rc(0, 0)),
            Action::play(Color::White, weiqi_core::Point::rc(1, 1)),
            Action::play(Color::Black, weiqi_core::Point::rc(1, 4)),
            Action::play(Color::White, weiqi_core::Point::rc(1, 3)),
            Action::play(Color::Black, weiqi_core::Point::rc(0, 5)),
            Action::play(Color::White, weiqi_core::Point::rc(0, 2)),
            Action::pass(Color::Black),
            Action::ProposeDead {
                by: Color::Black,
                dead: vec![
                    weiqi_core::Point::rc(0, 1),
                    weiqi_core::Point::rc(0, 8),
                    weiqi_core::Point::rc(1, 2),
                    weiqi_core::Point::rc(2, 3),
                    weiqi_core::Point::rc(2, 8),
                    weiqi_core::Point::rc(3, 2),
                    weiqi_core::Point::rc(3, 3),
                    weiqi_core::Point::rc(3, 6),
                    weiqi_core::Point::rc(3, 8),
                    weiqi_core::Point::rc(4, 5),
                    weiqi_core::Point::rc(6, 6),
                ],
            },
            Action::ProposeDead {
                by: Color::Black,
                dead: vec![
                    weiqi_core::Point::rc(0, 5),
                    weiqi_core::Point::rc(1, 0),
                    weiqi_core::Point::rc(2, 1),
                    weiqi_core::Point::rc(2, 7),
                    weiqi_core::Point::rc(3, 0),
                    weiqi_core::Point::rc(3, 4),
                    weiqi_core::Point::rc(3, 7),
                    weiqi_core::Point::rc(4, 1),
                    weiqi_core::Point::rc(4, 3),
                    weiqi_core::Point::rc(4, 4),
                    weiqi_core::Point::rc(4, 8),
                    weiqi_core::Point::rc(5, 3),
                    weiqi_core::Point::rc(5, 5),
                ],
            },
            Action::Resume { by: Color::White },
            Action::play(Color::Black, weiqi_core::Point::rc(6, 1)),
            Action::play(Color::White, weiqi_core::Point::rc(0, 2)),
            Action::play(Color::Black, weiqi_core::Point::rc(6, 2)),
        ],
    );
}
