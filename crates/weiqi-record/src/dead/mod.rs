//! The dead stones of a finished game: from the record's marks, from `--dead`, from the status
//! judge (`weiqi-status`: proved where possible, estimated where not, the unsettled named) or
//! from a program ([`Judge`]: GNU Go, in `weiqi-gtp`). Position analysis, not a rule clause: the
//! referees take the dead stones as given.
//!
//! Without marks and without `--dead`, a variant that leaves dead stones to the players'
//! agreement (every `end.after-stop` but `score-all-alive`) has them judged by the status judge
//! (docs/decisions.md 28); a variant that counts every stone alive at the end has nothing to
//! judge. [`auto`] keeps the older static reading that `--dead none` uses to name the stones a
//! count assumes alive.

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
    /// The status judge (`--dead auto`, or no marks and no `--dead` under a variant that
    /// leaves dead stones to agreement; docs/decisions.md 28).
    Judge,
    /// GNU Go's `final_status_list dead` (`--dead gnugo`).
    Gnugo,
    /// No stone is dead (`--dead none`, or no marks and no `--dead` under a variant that
    /// counts every stone alive).
    None,
}

/// The dead stones a game is scored with, and what a reader must know about them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeadStones {
    /// The dead stones, row by row.
    pub points: Vec<Point>,
    /// How they were decided.
    pub source: Source,
    /// Stones counted alive that nobody settled: the status judge's unsettled strings, or
    /// (`--dead none`) the stones standing in an area the opponent encloses without territory
    /// of their own (empty when `source` settles them).
    pub unsettled: Vec<Point>,
    /// The status judge's judgement, when it decided.
    pub judgement: Option<weiqi_status::Judgement>,
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
    /// The status judge's judgement, when it decided (JSON.md).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub judgement: Option<JudgementJson>,
}

/// The status judge's judgement in `score --json` (`dead.judgement`, JSON.md).
#[derive(Debug, Clone, Serialize)]
pub struct JudgementJson {
    /// Whether the game is finished (play stopped, or nothing left but dame).
    pub finished: bool,
    /// Whether the count with these dead stones is the game's result: finished, and no string
    /// unsettled.
    pub safe_to_score: bool,
    /// The seed of the playouts (the same seed and position give the same judgement).
    pub seed: u64,
    /// The playouts with each colour to move first.
    pub playouts_per_color: u32,
    /// Every string: its stones, colour, status and how it is known.
    pub strings: Vec<StringJson>,
    /// The owner of every point, a string per row from the top: `b` black, `w` white, `.`
    /// dame, `s` seki.
    pub owner: Vec<String>,
    /// The judge's own notes.
    pub notes: Vec<String>,
}

/// One string of [`JudgementJson`].
#[derive(Debug, Clone, Serialize)]
pub struct StringJson {
    /// Its stones, in SGF coordinates.
    pub stones: Vec<String>,
    /// `B` or `W`.
    pub color: &'static str,
    /// `alive`, `dead`, `seki` or `unsettled`.
    pub status: &'static str,
    /// `proved`, `proved-by-play` or `estimated`.
    pub how: &'static str,
    /// With `estimated`: the share of playouts, in thousandths, in which the string's points
    /// ended as its own colour's, Black moving first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p_black_first: Option<u16>,
    /// The same, White moving first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p_white_first: Option<u16>,
}

/// The JSON form of a judgement.
#[must_use]
pub fn judgement_json(j: &weiqi_status::Judgement) -> JudgementJson {
    use weiqi_status::{How, Owner};
    let strings = j
        .strings
        .iter()
        .map(|s| {
            let (b, w) = match s.how {
                How::Estimated {
                    p_black_first,
                    p_white_first,
                } => (Some(p_black_first), Some(p_white_first)),
                How::Proved | How::ProvedByPlay => (None, None),
            };
            StringJson {
                stones: s.stones.iter().map(|p| p.to_sgf()).collect(),
                color: if s.color == Color::Black { "B" } else { "W" },
                status: s.status.name(),
                how: s.how.name(),
                p_black_first: b,
                p_white_first: w,
            }
        })
        .collect();
    let width = j.size.width() as usize;
    let owner = j
        .owner
        .chunks(width.max(1))
        .map(|row| {
            row.iter()
                .map(|o| match o {
                    Owner::Black => 'b',
                    Owner::White => 'w',
                    Owner::Dame => '.',
                    Owner::Seki => 's',
                })
                .collect()
        })
        .collect();
    JudgementJson {
        finished: j.finished,
        safe_to_score: j.safe_to_score,
        seed: j.seed,
        playouts_per_color: j.playouts_per_color,
        strings,
        owner,
        notes: j.notes.clone(),
    }
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
            judgement: self.judgement.as_ref().map(judgement_json),
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

/// What the game gives the dead-stone decision: the final board, the record, who moves, and
/// the game on the engine for the status judge.
pub struct Position<'a> {
    /// The record (its territory marks).
    pub record: &'a weiqi_sgf::Record,
    /// The final board.
    pub board: &'a Board,
    /// The komi of the game.
    pub komi: Points,
    /// The player to move.
    pub to_move: Color,
    /// Whether the variant leaves dead stones to the players (every `end.after-stop` but
    /// `score-all-alive`): then a record without marks has them judged.
    pub agreement: bool,
    /// Whether the game already ended (a long cycle, the record's own agreement): no count
    /// waits for dead stones, and none is judged.
    pub ended: bool,
    /// The game at its last position on the engine (history and ko state included), for the
    /// status judge; `None` builds one from the final board.
    pub engine: Option<&'a weiqi_engine::Engine>,
    /// The variant, for an engine built from the final board.
    pub ruleset: &'a weiqi_spec::Ruleset,
}

/// Runs the status judge on the position (the game's own engine where there is one, else an
/// engine set up on the final board).
fn run_judge(position: &Position<'_>) -> Result<weiqi_status::Judgement, Error> {
    let options = weiqi_status::Options::default();
    let judged = match position.engine {
        Some(engine) => weiqi_status::judge(engine, &options),
        None => {
            let mut setup = weiqi_core::Setup::from_board(position.board, position.to_move);
            setup.komi = Some(position.komi);
            let engine = weiqi_engine::Engine::new(position.ruleset, setup)
                .map_err(|e| Error(format!("the status judge cannot set up the position: {e}")))?;
            weiqi_status::judge(&engine, &options)
        }
    };
    judged.map_err(|e| Error(format!("the status judge: {e}")))
}

/// The notes of a judgement: who judged, what is dead and how, what is unsettled or in seki,
/// and whether the result is settled.
fn judge_notes(j: &weiqi_status::Judgement, board: &Board, why: &str, notes: &mut Vec<String>) {
    use weiqi_status::{How, Status};
    let dead = j.dead_stones();
    let count = |how: fn(&How) -> bool| {
        j.strings
            .iter()
            .filter(|s| s.status == Status::Dead && how(&s.how))
            .count()
    };
    notes.push(format!(
        "dead stones by the status judge ({why}; {} string(s) proved, {} proved by play, {} \
         estimated; seed {}): {}",
        count(|h| *h == How::Proved),
        count(|h| *h == How::ProvedByPlay),
        count(|h| matches!(h, How::Estimated { .. })),
        j.seed,
        list(&dead)
    ));
    let seki = j.seki_stones();
    if !seki.is_empty() {
        notes.push(format!(
            "in seki by the status judge: {}",
            by_colour(board, &seki)
        ));
    }
    let unsettled = j.unsettled();
    if !unsettled.is_empty() {
        notes.push(format!(
            "unsettled by the status judge (counted alive; mark them or give --dead): {}",
            by_colour(board, &unsettled)
        ));
    }
    let said = j.notes.join("; ");
    if j.safe_to_score {
        if !said.is_empty() {
            notes.push(format!("the status judge: {said}"));
        }
    } else {
        notes.push(format!(
            "safe_to_score: false: the status judge does not call this count settled ({})",
            if said.is_empty() {
                "strings are unsettled"
            } else {
                said.as_str()
            }
        ));
    }
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
        agreement,
        ended,
        ..
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
        None if agreement && !ended => {
            // docs/decisions.md 28: a count needs its dead stones, never silently alive.
            let j = run_judge(position)?;
            judge_notes(&j, board, "the record has no TB/TW marks", notes);
            return Ok(DeadStones {
                points: j.dead_stones(),
                source: Source::Judge,
                unsettled: j.unsettled(),
                judgement: Some(j),
            });
        }
        None => {
            notes.push(if agreement {
                "no stone is dead: the game ended before any count (the record has no TB/TW \
                 marks)"
                    .into()
            } else {
                "no stone is dead: the variant counts every stone on the board at the end".into()
            });
            return Ok(DeadStones {
                points: Vec::new(),
                source: Source::None,
                unsettled: Vec::new(),
                judgement: None,
            });
        }
    };
    let (points, source) = match option {
        "sgf" if !has_marks => {
            // Marks asked for and none there: every stone alive, and the ones that look dead
            // named (the rulings corpus rules so: on the rules, not on a judgement).
            notes.push("no stone is dead (the record has no territory marks TB/TW)".into());
            return Ok(DeadStones {
                points: Vec::new(),
                source: Source::None,
                unsettled: unsettled(&[]),
                judgement: None,
            });
        }
        "sgf" => {
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
        "auto" | "judge" => {
            let j = run_judge(position)?;
            judge_notes(&j, board, "--dead auto", notes);
            return Ok(DeadStones {
                points: j.dead_stones(),
                source: Source::Judge,
                unsettled: j.unsettled(),
                judgement: Some(j),
            });
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
    // named only when nobody judged the board (none). The caller adds [`assumed_alive_note`]
    // when the game is counted.
    let unsettled = match source {
        Source::None => unsettled(&points),
        Source::Sgf | Source::Given | Source::Gnugo | Source::Judge => Vec::new(),
    };
    Ok(DeadStones {
        points,
        source,
        unsettled,
        judgement: None,
    })
}
