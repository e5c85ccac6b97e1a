//! `play.ko = "spight"`: KataGo's Spight ko (`cpp/game/boardhistory.cpp`: under `KO_SPIGHT` the
//! ko hash is the position alone, "passes clear ko history in the main phase with spight ko
//! rules", and a pass does not count toward the end, which comes from the Spight-style repeated
//! pass, `end.repeated-pass = "stops"`).
//!
//! The clause: a play may not create a board equal to the board of an entry recorded since the
//! last pass (that pass's own entry included), whoever was to move; before the first pass the
//! record starts at entry 0, which takes part exactly when `play.initial-position = "counts"`.
//! A pass lifts every ban.

use weiqi_core::{Board, Illegal};
use weiqi_spec::InitialPosition;

use crate::fuel::Fuel;
use crate::history::{Kind, Record, board_hash};

/// The first entry the ban reads: the last pass's entry, else entry 0.
#[must_use]
pub fn window_start(history: &[Record]) -> usize {
    history
        .iter()
        .rposition(|r| r.kind == Kind::Pass)
        .unwrap_or(0)
}

/// Refuses a play whose resulting board `after` equals the board of an entry since the last
/// pass (entry 0 only when no pass was made and `initial` counts it). The reason names the most
/// recent such entry (reported as positional superko: the same ban on a shorter record).
pub fn check(
    history: &[Record],
    initial: InitialPosition,
    after: &Board,
    fuel: &Fuel,
) -> Result<(), Illegal> {
    let hash = board_hash(after);
    let start = window_start(history);
    for (i, r) in history.iter().enumerate().skip(start).rev() {
        fuel.spend(1)?;
        if i == 0 && initial == InitialPosition::Ignored {
            continue;
        }
        if r.same_board(after, hash) {
            return Err(Illegal::PositionalSuperko { repeats: i });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use weiqi_core::{Action, BoardSize, Color, Illegal, Phase, Point, Referee, Setup};

    use crate::Interpreter;

    /// The play rules of KataGo koSPIGHTscoreAREAtaxNONEsui0.
    const SPIGHT: &str = "extends = \"tromp-taylor\"\n[play]\nsuicide = \"forbidden\"\n\
                          ko = \"spight\"\n[end]\nrepeated-pass = \"stops\"\n";

    /// The basic ko of docs/variants.md 4.1 on 5x5, Black to move.
    fn basic_ko() -> Interpreter {
        let rules = weiqi_spec::parse_str("spight.toml", SPIGHT).expect("valid");
        let size = BoardSize::square(5).expect("size");
        let mut setup = Setup::even(size);
        let stone = |p: &str, c| (Point::from_sgf(p, size).expect("point"), c);
        setup.stones = ["ba", "ab", "bc", "ad", "bd", "be"]
            .iter()
            .map(|p| stone(p, Color::Black))
            .chain(
                ["ca", "bb", "db", "cc", "cd", "dd", "ed", "ce"]
                    .iter()
                    .map(|p| stone(p, Color::White)),
            )
            .collect();
        setup.to_move = Some(Color::Black);
        Interpreter::new(&rules, setup).expect("setup")
    }

    fn play(game: &mut Interpreter, c: Color, p: &str) -> Result<(), Illegal> {
        let size = BoardSize::square(5).expect("size");
        let point = Point::from_sgf(p, size).expect("point");
        game.check(&Action::play(c, point))?;
        game.apply(Action::play(c, point))
            .map(|_| ())
            .map_err(|_| Illegal::GameOver)
    }

    /// KataGo boardhistory.cpp: "Passes clear ko history in the main phase with spight ko
    /// rules"; the bans are positional since the last pass.
    #[test]
    fn a_pass_lifts_the_bans_and_the_record_restarts_at_it() {
        let mut g = basic_ko();
        play(&mut g, Color::Black, "cb").expect("takes the ko");
        assert!(matches!(
            play(&mut g, Color::White, "bb"),
            Err(Illegal::PositionalSuperko { .. })
        ));
        g.apply(Action::pass(Color::White)).expect("pass");
        g.apply(Action::pass(Color::Black))
            .expect("pass: no stop under spight");
        assert_eq!(g.phase(), Phase::Playing);
        play(&mut g, Color::White, "bb").expect("the retake after the passes");
        assert!(matches!(
            play(&mut g, Color::Black, "cb"),
            Err(Illegal::PositionalSuperko { .. })
        ));
    }

    /// KataGo boardhistory.cpp wouldBeSpightlikeEndingPass: a pass from a situation the same
    /// player already passed from ends the phase; no other pass counts toward it.
    #[test]
    fn only_a_repeated_pass_ends_play() {
        let mut g = basic_ko();
        g.apply(Action::pass(Color::Black)).expect("pass");
        g.apply(Action::pass(Color::White)).expect("pass");
        assert_eq!(g.phase(), Phase::Playing);
        g.apply(Action::pass(Color::Black)).expect("pass");
        assert!(matches!(g.phase(), Phase::Ended(_)), "{:?}", g.phase());
    }
}
