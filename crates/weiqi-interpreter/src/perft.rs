//! Perft: the number of legal move sequences of a given length (docs/style.md 21), and the
//! line format of the shared data files in `perft/*.txt`, which the engine checks too.
//!
//! A sequence is made of moves only (board plays and passes, as [`Referee::legal_moves`] lists
//! them): dead-stone proposals and resumptions are not counted, so a sequence stops where play
//! stops or the game ends.
//!
//! A data line reads `<variant> <W>x<H> <rows> <to-move> <depth> <count>`, where `<rows>` are
//! the diagram rows from the top separated by `/` (`X` Black, `O` White, `.` empty) and
//! `<to-move>` is `B` or `W`; `#` starts a comment line.

use std::fmt;

use weiqi_core::{Action, Board, Color, Referee, Setup};
use weiqi_spec::Ruleset;

use crate::{Interpreter, SetupError};

/// The number of legal move sequences of exactly `depth` moves from the game's position.
#[must_use]
pub fn perft(game: &Interpreter, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for mv in game.legal_moves() {
        let mut child = game.clone();
        if child
            .apply(Action::Move {
                color: game.to_move(),
                mv,
            })
            .is_ok()
        {
            total += perft(&child, depth - 1);
        }
    }
    total
}

/// One line of a perft data file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PerftLine {
    /// The variant id.
    pub variant: String,
    /// The position.
    pub board: Board,
    /// The player to move.
    pub to_move: Color,
    /// The number of moves.
    pub depth: u32,
    /// The number of legal move sequences.
    pub count: u64,
}

/// Why a perft line could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PerftLineError {
    /// The line.
    pub line: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for PerftLineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad perft line {:?}: {}", self.line, self.message)
    }
}

impl std::error::Error for PerftLineError {}

impl PerftLine {
    /// Reads a data line (not a comment).
    pub fn parse(line: &str) -> Result<PerftLine, PerftLineError> {
        let err = |message: &str| PerftLineError {
            line: line.to_owned(),
            message: message.to_owned(),
        };
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [variant, size, rows, to_move, depth, count] = fields[..] else {
            return Err(err(
                "expected 6 fields: variant size rows to-move depth count",
            ));
        };
        let board =
            Board::from_diagram(&rows.replace('/', "\n")).map_err(|e| err(&e.to_string()))?;
        if board.size().to_string() != size {
            return Err(err("the size does not match the rows"));
        }
        let to_move = Color::from_letter(to_move).ok_or_else(|| err("to-move must be B or W"))?;
        let depth = depth.parse().map_err(|_| err("bad depth"))?;
        let count = count.parse().map_err(|_| err("bad count"))?;
        Ok(PerftLine {
            variant: variant.to_owned(),
            board,
            to_move,
            depth,
            count,
        })
    }

    /// The game this line starts from, under `ruleset`.
    pub fn game(&self, ruleset: &Ruleset) -> Result<Interpreter, SetupError> {
        Interpreter::new(ruleset, Setup::from_board(&self.board, self.to_move))
    }
}

impl fmt::Display for PerftLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rows: Vec<String> = self
            .board
            .to_string()
            .lines()
            .map(|l| l.replace(' ', ""))
            .collect();
        write!(
            f,
            "{} {} {} {} {} {}",
            self.variant,
            self.board.size(),
            rows.join("/"),
            self.to_move.letter(),
            self.depth,
            self.count
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft_lines_round_trip() {
        let line = "tromp-taylor 3x2 X.O/... B 2 42";
        let parsed = PerftLine::parse(line).expect("valid line");
        assert_eq!(parsed.to_move, Color::Black);
        assert_eq!(parsed.to_string(), line);
        assert!(PerftLine::parse("tromp-taylor 3x3 X.O/... B 2 42").is_err());
        assert!(PerftLine::parse("tromp-taylor 3x2 X.O/... B 2").is_err());
    }
}
