//! Penalty points (Ing time penalties, Russian 2010 violations: VARIANTS.md, scoring
//! adjustments) are not a board rule and not a `Referee` observation, so the shared cases do not
//! reach them: the engine's own test, the twin of the interpreter's
//! `penalties_move_the_result_and_handicap_komi_applies_j89_tt`. Found missing by mutation
//! testing (1 December 2026: `Engine::set_penalties` -> `()` and `Engine::penalties` -> default
//! survived).

use weiqi_core::{
    Action, BoardSize, ByColor, Color, Ending, GameResult, Phase, Point, Points, Referee, Setup,
    WinBy,
};
use weiqi_engine::Engine;

/// Tromp-Taylor on 3x3: Black's area 9 against komi 7.5 is B+1.5; a 2-point penalty on Black
/// makes it W+0.5, and the engine reports the penalties it was given.
#[test]
fn penalties_move_the_result_tt() {
    let tt = weiqi_spec::builtin("tromp-taylor").expect("built-in");
    let mut g = Engine::new(&tt, Setup::even(BoardSize::square(3).expect("3x3"))).expect("setup");
    for action in [
        Action::play(Color::Black, Point::rc(1, 1)),
        Action::pass(Color::White),
        Action::pass(Color::Black),
    ] {
        g.apply(action).expect("legal");
    }
    assert_eq!(g.phase(), Phase::Ended(Ending::AllAlive));
    assert_eq!(
        g.result(),
        Some(GameResult::Win {
            winner: Color::Black,
            by: WinBy::Score(Points::from_halves(3))
        })
    );
    let penalties = ByColor {
        black: Points::whole(2),
        white: Points::ZERO,
    };
    g.set_penalties(penalties);
    assert_eq!(g.penalties(), penalties);
    assert_eq!(
        g.result(),
        Some(GameResult::Win {
            winner: Color::White,
            by: WinBy::Score(Points::from_halves(1))
        })
    );
}
