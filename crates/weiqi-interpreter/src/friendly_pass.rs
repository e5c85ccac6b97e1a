//! `end.friendly-pass`: whether the rules say it is fine to pass with dead stones still on the
//! board (KataGo's `friendlyPassOk`, `cpp/game/rules.h`: "mostly an informational value -
//! doesn't affect the actual implemented rules").
//!
//! The clause changes no ruling: no function of the interpreter reads it. Legality, the end of
//! the game and the count are the same under `not-ok` and `ok`; KataGo reads the value only in
//! its search and its GTP `final_status_list`. The key is kept so that a KataGo rule string
//! reads into a weiqi spec and prints back unchanged. The harness generates both values, and
//! the test below plays one game under each.

#[cfg(test)]
mod tests {
    use weiqi_core::{Action, BoardSize, Color, Point, Referee, Setup};

    use crate::Interpreter;

    /// KataGo rules.h (`friendlyPassOk` is informational): the same game under both values
    /// gives the same phase, board and score.
    #[test]
    fn friendly_pass_changes_no_ruling() {
        let mut outcomes = Vec::new();
        for value in ["not-ok", "ok"] {
            let text = format!("extends = \"tromp-taylor\"\n[end]\nfriendly-pass = \"{value}\"\n");
            let rules = weiqi_spec::parse_str("friendly.toml", &text).expect("valid");
            let size = BoardSize::square(5).expect("size");
            let mut game = Interpreter::new(&rules, Setup::even(size)).expect("setup");
            let moves = [
                Action::play(Color::Black, Point::rc(2, 2)),
                Action::play(Color::White, Point::rc(0, 0)),
                Action::pass(Color::Black),
                Action::pass(Color::White),
            ];
            for m in moves {
                game.apply(m).expect("legal");
            }
            outcomes.push((game.phase(), game.board(), game.score()));
        }
        assert_eq!(outcomes[0], outcomes[1]);
    }
}
