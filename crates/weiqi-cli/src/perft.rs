//! `weiqi perft`: the number of legal move sequences of each length up to a depth
//! (docs/style.md 21), one line per depth in the format of the data files `perft/*.txt`
//! (`<variant> <W>x<H> <rows> <B|W> <depth> <count>`), by the engine or (`--interpreter`) the
//! interpreter (issue 15 item 5).
//!
//! A sequence is made of moves only (board plays and passes, as the referee lists them), so it
//! stops where play stops or the game ends: the definition of
//! [`weiqi_interpreter::perft`], which made the data files.

use std::io::Write;

use weiqi_core::{Board, BoardSize, Color, Move, Setup};
use weiqi_engine::Engine;
use weiqi_interpreter::Interpreter;
use weiqi_interpreter::perft::PerftLine;

use crate::error::{CliError, emit};
use weiqi_record::rules::load;
use weiqi_record::{DEFAULT_RULES, EXIT_OK, Limits, Which};

/// What `weiqi perft` was asked.
pub(crate) struct Request<'a> {
    /// `--rules` (default: [`DEFAULT_RULES`]).
    pub(crate) rules: Option<&'a str>,
    /// `--size WxH` (the empty board), unless `position` is given.
    pub(crate) size: Option<&'a str>,
    /// `--position ROWS`: the diagram rows from the top separated by `/` (`X`, `O`, `.`).
    pub(crate) position: Option<&'a str>,
    /// `--to-move`: the player to move.
    pub(crate) to_move: Color,
    /// `--depth D`: the counts of depths 1 to D are printed.
    pub(crate) depth: u32,
    /// The referee.
    pub(crate) which: Which,
}

/// The board a request starts from: `--position`, else the empty board of `--size`; a size
/// given with a position must match it.
fn start_board(request: &Request<'_>) -> Result<Board, CliError> {
    let size = request
        .size
        .map(|s| BoardSize::parse(s).map_err(|e| CliError(format!("--size {s:?}: {e} (give WxH)"))))
        .transpose()?;
    match (request.position, size) {
        (Some(rows), size) => {
            let board = Board::from_diagram(&rows.replace('/', "\n"))
                .map_err(|e| CliError(format!("--position {rows:?}: {e}")))?;
            match size {
                Some(s) if s != board.size() => Err(CliError(format!(
                    "--position is {}, --size says {s}",
                    board.size()
                ))),
                _ => Ok(board),
            }
        }
        (None, Some(size)) => Ok(Board::new(size)),
        (None, None) => Err(CliError("perft needs --size WxH or --position ROWS".into())),
    }
}

/// The engine's count: play and undo on one game (no copy per node); at the last depth the
/// legal moves are counted without playing them.
fn engine_perft(game: &mut Engine, depth: u32) -> Result<u64, CliError> {
    if depth == 0 {
        return Ok(1);
    }
    let moves: Vec<Move> = game.legal_moves_iter().collect();
    if depth == 1 {
        return Ok(moves.len() as u64);
    }
    let mut total = 0;
    for mv in moves {
        game.play(mv)
            .map_err(|e| CliError(format!("the engine refuses the legal move {mv}: {e}")))?;
        total += engine_perft(game, depth - 1)?;
        if !game.undo() {
            return Err(CliError(format!("the engine cannot take back {mv}")));
        }
    }
    Ok(total)
}

/// `weiqi perft`: prints one data line per depth from 1 to `--depth`.
pub(crate) fn run(
    request: &Request<'_>,
    limits: &Limits,
    out: &mut dyn Write,
) -> Result<i32, CliError> {
    let ruleset = load(request.rules.unwrap_or(DEFAULT_RULES), limits)?;
    let board = start_board(request)?;
    let setup = Setup::from_board(&board, request.to_move);
    let cannot = |e: String| CliError(format!("cannot start the game under {}: {e}", ruleset.id));
    let mut engine = match request.which {
        Which::Engine => {
            Some(Engine::new(&ruleset, setup.clone()).map_err(|e| cannot(e.to_string()))?)
        }
        Which::Interpreter => None,
    };
    let interpreter = match request.which {
        Which::Interpreter => {
            Some(Interpreter::new(&ruleset, setup).map_err(|e| cannot(e.to_string()))?)
        }
        Which::Engine => None,
    };
    for depth in 1..=request.depth {
        let count = match (&mut engine, &interpreter) {
            (Some(e), _) => engine_perft(e, depth)?,
            (None, Some(i)) => weiqi_interpreter::perft::perft(i, depth),
            (None, None) => 0,
        };
        let line = PerftLine {
            variant: ruleset.id.clone(),
            board: board.clone(),
            to_move: request.to_move,
            depth,
            count,
        };
        emit(out, &format!("{line}\n"))?;
    }
    Ok(EXIT_OK)
}
