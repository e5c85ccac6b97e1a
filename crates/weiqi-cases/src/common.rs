//! Helpers of the cases: the built-in variants, positions from diagrams, one `replay` function
//! that plays a move sequence and reports the ruling, and the referee under test (the factory
//! the runner installed for this thread).

use std::cell::Cell;

use crate::Factory;

/// The referee under test.
pub type Game = Box<dyn Referee>;

thread_local! {
    static FACTORY: Cell<Option<Factory>> = const { Cell::new(None) };
}

/// Installs the factory the cases of this thread build their games with.
pub(crate) fn install(factory: Factory) {
    FACTORY.with(|f| f.set(Some(factory)));
}

/// A game of `rules` from `setup`, built by the referee under test.
pub fn new_game(rules: &Ruleset, setup: Setup) -> Result<Game, String> {
    let factory = FACTORY
        .with(Cell::get)
        .expect("the runner installs a factory before running a case");
    factory(rules, setup)
}

/// Every empty point on which the player to move may not play now, with the reason, in row
/// order (the interpreter's `illegal_points`, through the Referee trait).
pub fn illegal_points(g: &Game) -> Vec<(Point, Illegal)> {
    let board = g.board();
    board
        .empty_points()
        .filter_map(|p| g.check(&Action::play(g.to_move(), p)).err().map(|e| (p, e)))
        .collect()
}

/// The illegal points whose reason is a repetition rule (the interpreter's `ko_bans`).
pub fn ko_bans(g: &Game) -> Vec<(Point, Illegal)> {
    illegal_points(g)
        .into_iter()
        .filter(|(_, e)| {
            matches!(
                e,
                Illegal::Ko
                    | Illegal::PositionalSuperko { .. }
                    | Illegal::SituationalSuperko { .. }
                    | Illegal::NaturalSituationalSuperko { .. }
                    | Illegal::HotStone { .. }
                    | Illegal::CycleRestart { .. }
            )
        })
        .collect()
}

use weiqi_core::{Action, Board, Color, Illegal, Move, Phase, Point, Referee, Setup};
use weiqi_spec::Ruleset;

/// The twelve variants of docs/decisions.md "The built-in variants", sorted: the per-variant tables
/// of docs/variants.md section 4 give a row for exactly these. A variant a maintainer adds to
/// `spec/` runs in every case that holds under every variant ([`all_ids`]); its per-variant rulings
/// are shown by the rulings corpus (issue 13, item 6).
pub const DECISIONS_IDS: [&str; 12] = [
    "aga",
    "chinese-1988",
    "chinese-kgs",
    "egf-sir",
    "ing-1996",
    "ing-aga",
    "japanese-1989",
    "korean",
    "new-zealand",
    "rfg-2010-area",
    "rfg-2010-territory",
    "tromp-taylor",
];

/// Every built-in variant id, sorted: the files of `spec/` (weiqi-spec's build script lists
/// them), which include the twelve of [`DECISIONS_IDS`] and any variant a maintainer adds
/// (issue 13, item 6: no test counts them).
pub fn all_ids() -> Vec<&'static str> {
    let ids = weiqi_spec::builtin_ids();
    for id in DECISIONS_IDS {
        assert!(
            ids.contains(&id),
            "{id} of docs/decisions.md is a built-in: {ids:?}"
        );
    }
    ids
}

/// A built-in variant. The section-4 diagrams are 5x5 to 7x7 while some variants list only the
/// sizes of their text (Ing: 9x9 and up; Russian 2010: 9, 13, 19), so for those the test uses a
/// one-line custom variation (`extends` the built-in, `[board] sizes = []`): every rule that
/// decides a test stays the built-in's.
pub fn variant(id: &str) -> Ruleset {
    let rules = weiqi_spec::builtin(id).unwrap_or_else(|e| panic!("built-in {id}: {e:?}"));
    if rules.board.sizes.is_empty() {
        return rules;
    }
    let text = format!("extends = \"{id}\"\n[board]\nsizes = []\n");
    weiqi_spec::parse_str(&format!("{id}-any-size.toml"), &text)
        .unwrap_or_else(|e| panic!("{id} on any size: {e:?}"))
}

/// A custom variation of a built-in variant, written as a spec file that extends it.
pub fn custom(id: &str, extends: &str, body: &str) -> Ruleset {
    let text = format!("extends = \"{extends}\"\n{body}");
    weiqi_spec::parse_str(&format!("{id}.toml"), &text).unwrap_or_else(|e| panic!("{id}: {e:?}"))
}

/// A game of `rules` from a diagram with `to_move` to play.
pub fn game(rules: &Ruleset, diagram: &str, to_move: Color) -> Game {
    let board = Board::from_diagram(diagram).expect("valid diagram");
    new_game(rules, Setup::from_board(&board, to_move)).expect("valid setup")
}

/// One move of a sequence: `Some((row, col))` is a play, `None` a pass.
pub type Step = (Color, Option<(u8, u8)>);

/// Black's move.
pub fn b(row: u8, col: u8) -> Step {
    (Color::Black, Some((row, col)))
}

/// White's move.
pub fn w(row: u8, col: u8) -> Step {
    (Color::White, Some((row, col)))
}

/// A pass.
pub fn pass(c: Color) -> Step {
    (c, None)
}

/// The action of a step.
pub fn action((color, at): Step) -> Action {
    match at {
        Some((r, c)) => Action::play(color, Point::rc(r, c)),
        None => Action::Move {
            color,
            mv: Move::Pass,
        },
    }
}

/// How a sequence went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ruling {
    /// Every move was accepted; the phase afterwards.
    AllLegal(Phase),
    /// Move number `ply` (1-based) was refused for `reason`.
    Refused {
        /// The refused move's number in the sequence.
        ply: usize,
        /// Why.
        reason: Illegal,
    },
}

/// Plays `steps` until one is refused.
pub fn replay(game: &mut Game, steps: &[Step]) -> Ruling {
    for (i, &s) in steps.iter().enumerate() {
        if let Err(e) = game.apply(action(s)) {
            return Ruling::Refused {
                ply: i + 1,
                reason: e.reason,
            };
        }
    }
    Ruling::AllLegal(game.phase())
}

/// `by` proposes `dead` as the dead stones (the game must be stopped).
pub fn propose(g: &mut Game, by: Color, dead: &[Point]) {
    g.apply(Action::ProposeDead {
        by,
        dead: dead.to_vec(),
    })
    .unwrap_or_else(|e| panic!("proposal of {by}: {e}"));
}
