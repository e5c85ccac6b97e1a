//! Properties of every game, on random action sequences under every built-in variant: no
//! panic, refusals leave the game unchanged, `check` agrees with `apply` and with
//! `legal_moves`, and the stone bookkeeping of docs/variants.md 3.d holds.

mod common;

use proptest::prelude::*;
use weiqi_core::{Action, BoardSize, Color, Move, Phase, Point, Referee, Setup};
use weiqi_interpreter::Interpreter;

fn action_for(game: &Interpreter, kind: u8, row: u8, col: u8, other: bool) -> Action {
    let me = if other {
        game.to_move().opponent()
    } else {
        game.to_move()
    };
    let p = Point::rc(row, col);
    match kind {
        0..=44 => Action::play(me, p),
        45..=51 => Action::pass(me),
        52..=54 => Action::ProposeDead {
            by: me,
            dead: vec![p],
        },
        55 | 56 => Action::ProposeDead {
            by: me,
            dead: vec![],
        },
        57 | 58 => Action::Resume { by: me },
        _ => Action::Resign { by: me },
    }
}

/// The one boundary of this test: one random action applied to `game`, with every property.
fn check(game: &mut Interpreter, action: Action, plays: &mut ByColorCount) {
    let before = game.position();
    let checked = game.check(&action);
    let applied = game.apply(action.clone());
    assert_eq!(
        checked.is_ok(),
        applied.is_ok(),
        "check and apply disagree on {action}"
    );
    match applied {
        Err(e) => {
            assert_eq!(checked, Err(e.reason));
            assert_eq!(
                game.position(),
                before,
                "a refused {action} changed the game"
            );
        }
        Ok(report) => {
            if let Action::Move {
                color,
                mv: Move::Play(_),
            } = action
                && !report.counted_as_pass
            {
                plays.add(color);
            }
        }
    }
    // docs/variants.md 3.d: A_c = s_c - L_c (no setup stones here; placement plays are plays).
    let prisoners = game.prisoners();
    let board = game.board();
    assert_eq!(
        board.count(Color::Black) as u32 + prisoners.white,
        plays.black
    );
    assert_eq!(
        board.count(Color::White) as u32 + prisoners.black,
        plays.white
    );
    if game.phase() == Phase::Playing {
        let legal = game.legal_moves();
        for p in board.empty_points() {
            let ok = game.check(&Action::play(game.to_move(), p)).is_ok();
            assert_eq!(
                legal.contains(&Move::Play(p)),
                ok,
                "legal_moves and check disagree at {p:?}"
            );
        }
    } else {
        assert!(game.legal_moves().is_empty());
    }
}

#[derive(Default)]
struct ByColorCount {
    black: u32,
    white: u32,
}

impl ByColorCount {
    fn add(&mut self, c: Color) {
        match c {
            Color::Black => self.black += 1,
            Color::White => self.white += 1,
        }
    }
}

/// The number of random cases of each property: `WEIQI_TEST_CASES` (CI raises it: `.ci/run`),
/// else a small default that keeps the plain `cargo test` quick (issue 9).
fn cases() -> u32 {
    std::env::var("WEIQI_TEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(32)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]
    #[test]
    fn random_actions_keep_every_property(
        // Drawn from the built-in list itself, so a new built-in is drawn too (issue 9).
        variant in any::<proptest::sample::Index>(),
        handicap in prop_oneof![Just(0u32), Just(2u32)],
        steps in proptest::collection::vec((0u8..60, 0u8..5, 0u8..5, proptest::bool::weighted(0.05)), 0..80),
    ) {
        let id = *variant.get(&weiqi_spec::builtin_ids());
        let rules = common::variant(id);
        let size = BoardSize::square(4).expect("valid");
        // A fixed handicap needs a pattern for 4x4, which the variants do not define.
        let setup = Setup::with_handicap(size, handicap);
        let Ok(mut game) = Interpreter::new(&rules, setup) else {
            prop_assert!(handicap == 2);
            return Ok(());
        };
        let mut plays = ByColorCount::default();
        for (kind, row, col, other) in steps {
            let action = action_for(&game, kind, row, col, other);
            check(&mut game, action, &mut plays);
        }
    }
}
