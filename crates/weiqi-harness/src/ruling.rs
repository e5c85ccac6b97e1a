//! A case printed as a ruling file (docs/style.md 18): the SGF record of the game, the
//! variant id (`RU`), and the spec file when the ruleset is not a built-in, so that a
//! divergence can be replayed by `weiqi check --rules <file>` and dropped into the rulings
//! corpus.
//!
//! Accepted moves are SGF move nodes; the other actions (dead-stone proposals, resumptions,
//! resignations, time losses) and the refused attempts are written in order as `C[harness: ...]`
//! comments on the node after which they happened.

use std::fmt::Write as _;

use weiqi_core::{Action, Color, Illegal};

use crate::generate::Case;

/// One action the script tried, and whether both referees accepted it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tried {
    /// The action.
    pub action: Action,
    /// The refusal both referees gave, if they refused it.
    pub refused: Option<Illegal>,
}

/// Escapes an SGF text value.
fn text(s: &str) -> String {
    s.replace('\\', "\\\\").replace(']', "\\]")
}

/// The ruling file of `case` after the actions `tried`.
#[must_use]
pub fn render(case: &Case, tried: &[Tried]) -> String {
    let setup = &case.setup;
    let size = setup.size;
    let mut sgf = String::from("(;GM[1]FF[4]CA[UTF-8]");
    if size.is_square() {
        let _ = write!(sgf, "SZ[{}]", size.width());
    } else {
        let _ = write!(sgf, "SZ[{}:{}]", size.width(), size.height());
    }
    let _ = write!(sgf, "RU[{}]", case.rules.id());
    if setup.handicap > 0 {
        let _ = write!(sgf, "HA[{}]", setup.handicap);
    }
    if let Some(k) = setup.komi {
        let _ = write!(sgf, "KM[{k}]");
    }
    for (tag, color) in [("AB", Color::Black), ("AW", Color::White)] {
        let points: Vec<String> = setup
            .stones
            .iter()
            .filter(|(_, c)| *c == color)
            .map(|(p, _)| format!("[{}]", p.to_sgf()))
            .collect();
        if !points.is_empty() {
            let _ = write!(sgf, "{tag}{}", points.concat());
        }
    }
    if let Some(c) = setup.to_move {
        let _ = write!(sgf, "PL[{}]", c.letter());
    }
    let mut comments: Vec<String> = Vec::new();
    let flush = |sgf: &mut String, comments: &mut Vec<String>| {
        if !comments.is_empty() {
            let _ = write!(sgf, "C[{}]", text(&comments.join("\n")));
            comments.clear();
        }
    };
    for t in tried {
        match (&t.action, &t.refused) {
            (Action::Move { color, mv }, None) => {
                flush(&mut sgf, &mut comments);
                let v = mv.point().map(|p| p.to_sgf()).unwrap_or_default();
                let _ = write!(sgf, "\n;{}[{v}]", color.letter());
            }
            (a, None) => comments.push(format!("harness: {a}")),
            (a, Some(r)) => comments.push(format!("harness: refused {a} ({})", r.code())),
        }
    }
    flush(&mut sgf, &mut comments);
    sgf.push_str(")\n");
    let mut out = format!("# weiqi-harness case: variant `{}`\n", case.rules.id());
    let _ = writeln!(out, "--- case.sgf\n{sgf}");
    if let Some(toml) = case.rules.spec_toml() {
        let _ = writeln!(out, "--- {}.toml\n{toml}", case.rules.id());
    }
    out
}

#[cfg(test)]
mod tests {
    use weiqi_core::{BoardSize, Illegal, Point, Setup};

    use super::*;
    use crate::generate::{Case, RulesChoice};

    /// docs/style.md 18: the ruling names the variant, holds every accepted move as a node and
    /// the other actions as comments, and carries the spec file of a changed ruleset.
    #[test]
    fn ruling_holds_moves_actions_and_the_spec() {
        let changes = vec![("play.ko".to_owned(), "\"simple\"".to_owned())];
        let toml = "extends = \"tromp-taylor\"\n[play]\nko = \"simple\"\n";
        let case = Case::new(
            RulesChoice {
                base: "tromp-taylor".to_owned(),
                changes,
                ruleset: weiqi_spec::parse_str("harness-custom.toml", toml).expect("valid"),
            },
            Setup::even(BoardSize::new(3, 2).expect("size")),
            Vec::new(),
        );
        let p = Point::rc(0, 1);
        let tried = vec![
            Tried {
                action: Action::play(Color::Black, p),
                refused: None,
            },
            Tried {
                action: Action::play(Color::White, p),
                refused: Some(Illegal::Occupied),
            },
            Tried {
                action: Action::pass(Color::White),
                refused: None,
            },
            Tried {
                action: Action::Resign { by: Color::Black },
                refused: None,
            },
        ];
        let out = render(&case, &tried);
        assert!(out.contains("SZ[3:2]RU[harness-custom]"), "{out}");
        assert!(
            out.contains(";B[ba]C[harness: refused W ba (occupied)]\n;W[]C[harness: B resigns]"),
            "{out}"
        );
        assert!(
            out.contains("--- harness-custom.toml\nextends = \"tromp-taylor\""),
            "{out}"
        );
    }
}
