//! Divergences the harness found, each replayed on both referees as a regression
//! (docs/style.md 19), with a line on the bug it caught.

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
/// situation ended the game without result. docs/decisions.md 12 and `play.long-cycle-repetitions`:
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
/// recorded, one entry past the end (index out of bounds). docs/variants.md 3.a rule D (the
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
/// player to move, White, to be the banned player, Black). docs/variants.md 3.a Rule D: "let m0 be
/// the move made at ply t0+1 and D the player who made it ... record BAN(sigma_t0, D, m0)" — D
/// made m0 from the board of t0 with D to move, so the ban is D's, from that board with D to
/// move. Both referees were wrong; both now key the ban by (board of t0, D, m0).
#[test]
fn ing_ban_is_the_movers_after_a_resumption_variants_3_a() {
    let size = BoardSize::new(9, 7).expect("size");
    let point = |sgf: &str| weiqi_core::Point::parse(sgf, size).expect("an SGF point");
    let stones = |list: &str, color: Color| -> Vec<_> {
        list.split(',').map(|p| (point(p), color)).collect()
    };
    let mut setup_stones = stones(
        "ic,hc,gc,fc,ec,dc,cc,bc,ac,id,gd,ed,cd,ad,fe,be",
        Color::Black,
    );
    setup_stones.extend(stones(
        "hd,dd,ie,ge,ee,ce,ae,if,hf,gf,ff,ef,df,cf,bf,af",
        Color::White,
    ));
    let setup = Setup {
        stones: setup_stones,
        to_move: Some(Color::Black),
        ..Setup::even(size)
    };
    let c = case(
        "ing-1996",
        &[("end.resume-first", "\"opponent-of-resumer\"")],
        setup,
    );
    // One word an action: a colour, then an SGF point (a play), `-` (a pass), `^` (a
    // resumption) or `!` and the points proposed dead.
    let script = concat!(
        "Bde Wfd B- W- W!fc,ic,cd,gd,id,be,bf B!fc,ic,cd,gd,id,be,bf Bfe Wbd Bcb W- Bbe ",
        "Wbb B- Wdd Bhe Wfd Bhd Wbd B- W- B^ Wca Bfe Wab Bde Wfd Bbe Wfe Bbd Wdd Bgg Wfb ",
        "Bbg Wia Bde Wdg Bdd Wib B- Wag Bcg Waa Bba W- Bgb Waa Bda Wca Bab Wbb Baa Wbb ",
        "Beb Wdb Bfa Wca B- B!ba,ia,cb,dc,ic,cd,dd,gd,id,fe,gg ",
        "B!fa,ab,bc,hc,ad,ed,hd,be,de,ee,ie,df,ff W^ Bbg Wca Bcg ",
    );
    let actions: Vec<Action> = script
        .split_whitespace()
        .map(|word| {
            let color = if word.starts_with('B') {
                Color::Black
            } else {
                Color::White
            };
            match &word[1..] {
                "-" => Action::pass(color),
                "^" => Action::Resume { by: color },
                rest => match rest.strip_prefix('!') {
                    Some(dead) => Action::ProposeDead {
                        by: color,
                        dead: dead.split(',').map(point).collect(),
                    },
                    None => Action::play(color, point(rest)),
                },
            }
        })
        .collect();
    assert_eq!(actions.len(), 63, "the case's 63 actions");
    check(&c, &actions);
}

/// Found by the undo checks of the generated games (issue 29 item 13; seed 1 of the dense
/// cases, `aga` with `suicide = "any"` on 5x1): under White's last pass (AGA rules, section 13:
/// White makes the last pass), an agreement reached after Black's stopping pass appends
/// White's pass for him. `Engine::undo` took that automatic pass off before it found the
/// proposals beneath it, then refused: a refused undo had reopened the ended game (Black's
/// agreement no longer ended it). Its doc: an undo after a non-move action is refused and
/// changes nothing. The engine was wrong; the undo now checks every entry before popping one.
#[test]
fn undo_after_an_agreement_with_white_s_automatic_last_pass_changes_nothing() {
    let size = BoardSize::new(3, 1).expect("size");
    let c = case("aga", &[], Setup::even(size));
    let actions = [
        Action::play(Color::Black, weiqi_core::Point::rc(0, 0)),
        Action::pass(Color::White),
        Action::pass(Color::Black),
        Action::ProposeDead {
            by: Color::White,
            dead: Vec::new(),
        },
        Action::ProposeDead {
            by: Color::Black,
            dead: Vec::new(),
        },
    ];
    // The oracle tries an undo after every proposal and compares the engine afterwards.
    check(&c, &actions);
    let mut engine = weiqi_engine::Engine::new(&c.rules.ruleset, c.setup.clone()).expect("setup");
    for a in actions {
        weiqi_core::Referee::apply(&mut engine, a).expect("legal");
    }
    let ended = weiqi_core::Referee::phase(&engine);
    assert!(matches!(ended, weiqi_core::Phase::Ended(_)), "{ended:?}");
    assert!(!engine.undo(), "an undo after the agreement");
    assert_eq!(weiqi_core::Referee::phase(&engine), ended);
    assert_eq!(weiqi_core::Referee::moves_played(&engine), 3 + 1);
}
