//! `--dead gnugo`: ask GNU Go which stones are dead, over GTP (`final_status_list dead`, the
//! command many servers used to score finished games).
//!
//! GNU Go is found on `PATH`, else in `/usr/games` and `/usr/local/games` (where Debian's
//! package `gnugo` installs it). It plays square boards up to 19x19 only.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use weiqi_core::{Board, Color, Point, Points};

use crate::client::{Engine, GtpError};

/// The directories searched after `PATH`.
pub const FALLBACK_DIRS: &[&str] = &["/usr/games", "/usr/local/games"];

/// The time limit of each setup command (`boardsize`, `play`, ...).
const SETUP_LIMIT: Duration = Duration::from_secs(20);

/// The time limit of `final_status_list dead` (GNU Go reads the whole board: a few seconds on a
/// 19x19 board, more on a loaded machine).
const STATUS_LIMIT: Duration = Duration::from_secs(180);

/// Why GNU Go could not give the dead stones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GnuGoError {
    /// GNU Go is not installed (not on `PATH`, not in the fallback directories).
    NotInstalled,
    /// The board is not one GNU Go plays (square, at most 19x19).
    Board {
        /// Width.
        width: u8,
        /// Height.
        height: u8,
    },
    /// The GTP exchange failed.
    Gtp(GtpError),
    /// GNU Go named a point that holds no stone, or is not a point.
    Answer(String),
}

impl std::fmt::Display for GnuGoError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GnuGoError::NotInstalled => write!(
                f,
                "gnu go is not installed (no `gnugo` on PATH nor in {}); install it (Debian: \
                 apt-get install gnugo) or choose --dead auto, none or a list of points",
                FALLBACK_DIRS.join(", ")
            ),
            GnuGoError::Board { width, height } => write!(
                f,
                "gnu go plays square boards up to 19x19 only, not {width}x{height}; choose --dead \
                 auto, none or a list of points"
            ),
            GnuGoError::Gtp(e) => write!(f, "gnu go: {e}"),
            GnuGoError::Answer(a) => write!(f, "gnu go: unexpected answer {a:?}"),
        }
    }
}

impl std::error::Error for GnuGoError {}

impl From<GtpError> for GnuGoError {
    fn from(e: GtpError) -> GnuGoError {
        GnuGoError::Gtp(e)
    }
}

/// The first `gnugo` in the directories of `path` (a `PATH` value), then in `fallback`.
#[must_use]
pub fn locate(path: Option<&OsStr>, fallback: &[&str]) -> Option<PathBuf> {
    let dirs = path
        .map(|p| std::env::split_paths(p).collect::<Vec<_>>())
        .unwrap_or_default();
    dirs.into_iter()
        .chain(fallback.iter().map(PathBuf::from))
        .map(|d| d.join("gnugo"))
        .find(|p| p.is_file())
}

/// GNU Go on this machine, if installed.
#[must_use]
pub fn find() -> Option<PathBuf> {
    locate(std::env::var_os("PATH").as_deref(), FALLBACK_DIRS)
}

/// The dead stones of `board` as GNU Go judges them, `to_move` to play next, asking the GNU Go
/// at `program`.
///
/// The position is given stone by stone with `play`: adding the stones of a position one at a
/// time never captures (a partial string next to a missing stone of its own still has that
/// point as a liberty, and a complete string has at least its final liberties), so GNU Go sees
/// exactly `board`. The stones of the side to move are played first, so that GNU Go also has the
/// other side's move last.
pub fn dead_stones_with(
    program: &Path,
    board: &Board,
    komi: Points,
    to_move: Color,
) -> Result<Vec<Point>, GnuGoError> {
    check_board(board)?;
    let size = board.size();
    let mut engine = Engine::start(program, &["--mode", "gtp"])?;
    engine.command(&format!("boardsize {}", size.width()), SETUP_LIMIT)?;
    engine.command("clear_board", SETUP_LIMIT)?;
    engine.command(&format!("komi {komi}"), SETUP_LIMIT)?;
    for color in [to_move, to_move.opponent()] {
        let name = match color {
            Color::Black => "black",
            Color::White => "white",
        };
        for p in board.stones(color) {
            let vertex = p
                .to_gtp(size)
                .map_err(|e| GnuGoError::Answer(e.to_string()))?;
            engine.command(&format!("play {name} {vertex}"), SETUP_LIMIT)?;
        }
    }
    let answer = engine.command("final_status_list dead", STATUS_LIMIT)?;
    let _ = engine.quit(SETUP_LIMIT);
    let mut dead = Vec::new();
    for vertex in answer.split_whitespace() {
        let p = Point::from_gtp(vertex, size).map_err(|_| GnuGoError::Answer(vertex.to_owned()))?;
        if board.get(p).is_none() {
            return Err(GnuGoError::Answer(vertex.to_owned()));
        }
        dead.push(p);
    }
    dead.sort();
    dead.dedup();
    Ok(dead)
}

/// [`dead_stones_with`] the GNU Go [`find`] finds.
pub fn dead_stones(board: &Board, komi: Points, to_move: Color) -> Result<Vec<Point>, GnuGoError> {
    // A board GNU Go cannot play is refused whether or not it is installed.
    check_board(board)?;
    let program = find().ok_or(GnuGoError::NotInstalled)?;
    dead_stones_with(&program, board, komi, to_move)
}

/// Refuses a board GNU Go does not play (it plays square boards up to 19x19).
fn check_board(board: &Board) -> Result<(), GnuGoError> {
    let size = board.size();
    if !size.is_square() || size.width() > 19 {
        return Err(GnuGoError::Board {
            width: size.width(),
            height: size.height(),
        });
    }
    Ok(())
}

/// GNU Go as the judge of `--dead gnugo` ([`dead_stones`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct GnuGo;

impl weiqi_record::dead::Judge for GnuGo {
    fn dead_stones(
        &self,
        board: &Board,
        komi: Points,
        to_move: Color,
    ) -> Result<Vec<Point>, String> {
        dead_stones(board, komi, to_move).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gnugo_is_looked_for_on_path_then_in_the_fallback_directories() {
        // Issue 10 item 4: Debian puts GNU Go in /usr/games, not always on PATH.
        let dir = std::env::temp_dir().join(format!("weiqi-gnugo-locate-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let fake = dir.join("gnugo");
        std::fs::write(&fake, "").expect("file");
        let dir_text = dir.display().to_string();
        assert_eq!(locate(None, &[&dir_text]), Some(fake.clone()));
        assert_eq!(locate(Some(dir.as_os_str()), &[]), Some(fake));
        assert_eq!(locate(Some(OsStr::new("/nonexistent-weiqi")), &[]), None);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn boards_gnu_go_cannot_play_are_refused_before_starting_it() {
        // GNU Go plays square boards up to 19x19 only.
        let board = Board::new(weiqi_core::BoardSize::new(13, 9).expect("size"));
        let err = dead_stones_with(
            Path::new("/nonexistent"),
            &board,
            Points::ZERO,
            Color::Black,
        )
        .expect_err("not square");
        assert_eq!(
            err.to_string().split(';').next(),
            Some("gnu go plays square boards up to 19x19 only, not 13x9")
        );
        let big = Board::new(weiqi_core::BoardSize::square(21).expect("size"));
        assert!(matches!(
            dead_stones_with(Path::new("/nonexistent"), &big, Points::ZERO, Color::Black),
            Err(GnuGoError::Board { width: 21, .. })
        ));
    }

    #[test]
    fn gnu_go_judges_a_dead_stone_or_its_absence_is_a_clear_error() {
        // Issue 10 item 4: `final_status_list dead` over GTP when GNU Go is installed, a clear
        // error when it is not. A lone white stone inside a black 9x9 board's wall is dead.
        let board = Board::from_diagram(
            ". . . . X . . . .
             . . . . X . . . .
             . . O . X . . . .
             . . . . X . . . .
             X X X X X . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        )
        .expect("diagram");
        match find() {
            Some(program) => assert_eq!(
                dead_stones_with(&program, &board, Points::from_halves(13), Color::White),
                Ok(vec![Point::rc(2, 2)])
            ),
            None => assert!(
                dead_stones(&board, Points::ZERO, Color::White)
                    .expect_err("not installed")
                    .to_string()
                    .starts_with("gnu go is not installed")
            ),
        }
    }
}
