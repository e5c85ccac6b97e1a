//! The dead stones of a finished game: from the record's marks, from `--dead`, from a
//! deterministic estimate ([`auto`]) or from a program ([`Judge`]: GNU Go, in `weiqi-gtp`).
//! Position analysis, not a rule clause: the referees take the dead stones as given.

pub mod auto;

use serde::Serialize;
use weiqi_core::{Board, Color, Point, Points};

use crate::Error;

/// Where the dead stones came from (`dead.source` in `score --json`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Source {
    /// The record's territory marks (TB/TW).
    Sgf,
    /// A list of points given with `--dead`.
    Given,
    /// The deterministic estimate (`--dead auto`).
    Auto,
    /// GNU Go's `final_status_list dead` (`--dead gnugo`).
    Gnugo,
    /// No stone is dead (`--dead none`, or no marks and no `--dead`).
    None,
}

/// The dead stones a game is scored with, and what a reader must know about them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeadStones {
    /// The dead stones, row by row.
    pub points: Vec<Point>,
    /// How they were decided.
    pub source: Source,
    /// Stones counted alive that stand in an area the opponent encloses without territory of
    /// their own: dead stones or seki, which nobody settled (empty when `source` settles them).
    pub unsettled: Vec<Point>,
}

/// The `dead` object of `score --json` (see JSON.md).
#[derive(Debug, Clone, Serialize)]
pub struct DeadJson {
    /// The dead stones, in SGF coordinates.
    pub points: Vec<String>,
    /// How they were decided.
    pub source: Source,
    /// The stones counted alive that nobody settled, in SGF coordinates.
    pub unsettled: Vec<String>,
}

/// A program that judges which stones are dead (`--dead gnugo`: GNU Go over GTP, the
/// `weiqi-gtp` crate's `gnugo::GnuGo`).
pub trait Judge: Sync {
    /// The dead stones of `board` under `komi`, `to_move` to play, or why there are none.
    fn dead_stones(
        &self,
        board: &Board,
        komi: Points,
        to_move: Color,
    ) -> Result<Vec<Point>, String>;
}

impl DeadStones {
    /// The JSON form (points in SGF coordinates).
    pub fn to_json(&self) -> DeadJson {
        DeadJson {
            points: self.points.iter().map(|p| p.to_sgf()).collect(),
            source: self.source,
            unsettled: self.unsettled.iter().map(|p| p.to_sgf()).collect(),
        }
    }
}

/// SGF points separated by commas and spaces, or `none`.
pub fn list(points: &[Point]) -> String {
    if points.is_empty() {
        return "none".to_owned();
    }
    points
        .iter()
        .map(|p| p.to_sgf())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The stones of `points` of each colour, for a note: `black aa, bb; white cc`.
fn by_colour(board: &Board, points: &[Point]) -> String {
    let mut parts = Vec::new();
    for c in Color::ALL {
        let of: Vec<Point> = points
            .iter()
            .copied()
            .filter(|&p| board.get(p) == Some(c))
            .collect();
        if !of.is_empty() {
            parts.push(format!("{c} {}", list(&of)));
        }
    }
    parts.join("; ")
}

/// The note for stones a count assumes alive (issue 10 item 4: never scored silently).
pub fn assumed_alive_note(board: &Board, unsettled: &[Point]) -> String {
    format!(
        "the count assumes alive {} stone(s) standing in an area the opponent encloses with \
         less than two eyes' room of their own (dead, in seki, or alive: nobody judged them): \
         {}; if some are dead, give --dead auto, gnugo or their points",
        unsettled.len(),
        by_colour(board, unsettled)
    )
}

/// What the game gives the dead-stone decision: the final board, the record, and who moves.
pub struct Position<'a> {
    /// The record (its territory marks).
    pub record: &'a weiqi_sgf::Record,
    /// The final board.
    pub board: &'a Board,
    /// The komi of the game.
    pub komi: Points,
    /// The player to move.
    pub to_move: Color,
    /// Whether the rules let a player capture its own stones (see [`auto::benson`]).
    pub self_capture: bool,
}

/// The dead stones `--dead` asks for (`option`), with notes for the reader.
pub fn decide(
    option: Option<&str>,
    position: &Position<'_>,
    judge: Option<&dyn Judge>,
    notes: &mut Vec<String>,
) -> Result<DeadStones, Error> {
    let Position {
        record,
        board,
        komi,
        to_move,
        self_capture,
    } = *position;
    let has_marks = record.territory_node.is_some();
    let unsettled = |dead: &[Point]| -> Vec<Point> {
        auto::enclosed_without_territory(board)
            .into_iter()
            .filter(|p| !dead.contains(p))
            .collect()
    };
    let option = match option {
        Some(o) => o,
        None if has_marks => "sgf",
        None => {
            notes.push("no stone is dead (the record has no territory marks TB/TW)".into());
            return Ok(DeadStones {
                points: Vec::new(),
                source: Source::None,
                unsettled: unsettled(&[]),
            });
        }
    };
    let (points, source) = match option {
        "sgf" => {
            if !has_marks {
                notes.push("the record has no territory marks (TB/TW): no stone is dead".into());
            }
            let dead = record.marked_dead(board);
            notes.push(format!(
                "dead stones from the record's TB/TW marks: {}",
                list(&dead)
            ));
            (dead, Source::Sgf)
        }
        "none" => {
            notes.push("no stone is dead (--dead none)".into());
            (Vec::new(), Source::None)
        }
        "auto" => {
            let estimate = auto::estimate(board, self_capture);
            notes.push(format!(
                "dead stones by the estimate (--dead auto: unconditional life and the stones \
                 inside it only): {}",
                list(&estimate.dead)
            ));
            (estimate.dead, Source::Auto)
        }
        "gnugo" => {
            let judge = judge.ok_or_else(|| {
                Error("--dead gnugo: no program to ask here (weiqi-gtp's gnugo::GnuGo)".into())
            })?;
            let dead = judge
                .dead_stones(board, komi, to_move)
                .map_err(|e| Error(format!("--dead gnugo: {e}")))?;
            notes.push(format!(
                "dead stones by gnu go (final_status_list dead): {}",
                list(&dead)
            ));
            (dead, Source::Gnugo)
        }
        points => {
            let mut dead = Vec::new();
            for text in points.split(',').map(str::trim).filter(|t| !t.is_empty()) {
                let p =
                    Point::parse(text, board.size()).map_err(|e| Error(format!("--dead: {e}")))?;
                if board.get(p).is_none() {
                    return Err(Error(format!(
                        "--dead: no stone on {text} at the end of the game"
                    )));
                }
                dead.push(p);
            }
            notes.push(format!("dead stones given: {}", list(&dead)));
            (dead, Source::Given)
        }
    };
    // Marks and lists settle what they name; what they leave standing in enclosed areas is
    // named only when nobody judged the board (none) or the estimate could not settle it. The
    // caller adds [`assumed_alive_note`] when the game is counted.
    let unsettled = match source {
        Source::None | Source::Auto => unsettled(&points),
        Source::Sgf | Source::Given | Source::Gnugo => Vec::new(),
    };
    Ok(DeadStones {
        points,
        source,
        unsettled,
    })
}
