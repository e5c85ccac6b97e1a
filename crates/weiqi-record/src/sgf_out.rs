//! Writing a game as an SGF record: the root (size, komi, rules, handicap stones, players), the
//! moves, and optionally the ruling (`RE`, `TB`/`TW`, a comment). Shared by `weiqi gtp`'s
//! `printsgf` and `weiqi referee`. The text is built, then read back with `weiqi-sgf` and
//! written by its canonical writer, so every record written is one `weiqi check` and `weiqi
//! score` read.

use std::fmt::Write as _;

use weiqi_core::{BoardSize, ByColor, Color, GameResult, Move, Point, PointMark, Points, Score};
use weiqi_spec::Ruleset;

/// A game to write.
pub struct GameText<'a> {
    /// The variant (`RU`: its first SGF name, else its id).
    pub ruleset: &'a Ruleset,
    /// The board size.
    pub size: BoardSize,
    /// The komi of the game.
    pub komi: Points,
    /// The handicap (`HA`, when not 0).
    pub handicap: u32,
    /// Setup stones (`AB`/`AW`).
    pub stones: &'a [(Point, Color)],
    /// The players' names (`PB`, `PW`).
    pub players: Option<ByColor<String>>,
    /// The moves, in order.
    pub moves: &'a [(Color, Move)],
    /// Other root properties (`GN`, `DT`, ...), already valid SGF values (escaped here).
    pub root: Vec<(&'static str, String)>,
}

/// Escapes an SGF text value (`]`, `\`).
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c == ']' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The `RU` value of a variant: its first SGF name, else its id.
pub fn rules_name(ruleset: &Ruleset) -> String {
    ruleset
        .meta
        .sgf_names
        .first()
        .cloned()
        .unwrap_or_else(|| ruleset.id.clone())
}

/// The territory marks of a count (`TB`/`TW`): each side's territory and the points of the
/// opponent's dead stones, which a reader takes as dead (`weiqi score --dead sgf`).
pub fn marks(score: &Score, size: BoardSize) -> ByColor<Vec<Point>> {
    let mut out = ByColor::<Vec<Point>>::default();
    for (p, mark) in size.points().zip(&score.marks) {
        match *mark {
            PointMark::Territory(c) => out[c].push(p),
            PointMark::Dead(c) => out[c.opponent()].push(p),
            _ => {}
        }
    }
    out
}

/// A ruling to write: the result, the territory marks, the comment.
pub type RulingText = (GameResult, Option<ByColor<Vec<Point>>>, String);

/// The record of `game`, with the ruling when given (result, territory marks, comment on the
/// last node).
pub fn write(game: &GameText<'_>, ruling: Option<RulingText>) -> Result<String, crate::Error> {
    let mut t = String::from("(;GM[1]FF[4]CA[UTF-8]");
    let _ = write!(t, "AP[weiqi:{}]", env!("CARGO_PKG_VERSION"));
    let size = game.size;
    if size.is_square() {
        let _ = write!(t, "SZ[{}]", size.width());
    } else {
        let _ = write!(t, "SZ[{}:{}]", size.width(), size.height());
    }
    let _ = write!(t, "KM[{}]", game.komi);
    let _ = write!(t, "RU[{}]", escape(&rules_name(game.ruleset)));
    if game.handicap > 0 {
        let _ = write!(t, "HA[{}]", game.handicap);
    }
    if let Some(players) = &game.players {
        let _ = write!(
            t,
            "PB[{}]PW[{}]",
            escape(&players.black),
            escape(&players.white)
        );
    }
    for (id, value) in &game.root {
        let _ = write!(t, "{id}[{}]", escape(value));
    }
    for (color, id) in [(Color::Black, "AB"), (Color::White, "AW")] {
        let points: Vec<String> = game
            .stones
            .iter()
            .filter(|s| s.1 == color)
            .map(|s| format!("[{}]", s.0.to_sgf()))
            .collect();
        if !points.is_empty() {
            let _ = write!(t, "{id}{}", points.concat());
        }
    }
    for (color, mv) in game.moves {
        let value = match mv {
            Move::Play(p) => p.to_sgf(),
            Move::Pass => String::new(),
        };
        let _ = write!(t, ";{}[{value}]", color.letter());
    }
    t.push(')');
    let record = weiqi_sgf::parse("game.sgf", t.as_bytes())
        .map_err(|e| crate::Error(format!("the record written does not read back: {e}")))?;
    Ok(match ruling {
        None => record.to_sgf(),
        Some((result, territory, comment)) => record.to_sgf_with(&weiqi_sgf::Ruling {
            result,
            territory,
            comment: Some(comment),
        }),
    })
}
