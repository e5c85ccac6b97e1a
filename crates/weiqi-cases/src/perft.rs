//! Perft (docs/style.md 21): the counts of the shared data files `perft/*.txt`, recomputed
//! through the Referee trait alone (a node's game is rebuilt by replaying its path, since a
//! `dyn Referee` cannot be cloned).

use std::path::PathBuf;

use weiqi_core::{Action, Board, Color, Move, Setup};

use crate::common::{Game, new_game};

/// One data line: `<variant> <W>x<H> <rows> <B|W> <depth> <count>`.
struct Line {
    variant: String,
    board: Board,
    to_move: Color,
    depth: u32,
    count: u64,
}

fn parse(line: &str) -> Result<Line, String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let [variant, size, rows, to_move, depth, count] = fields[..] else {
        return Err(format!("{line:?}: expected 6 fields"));
    };
    let board = Board::from_diagram(&rows.replace('/', "\n")).map_err(|e| e.to_string())?;
    if board.size().to_string() != size {
        return Err(format!("{line:?}: the size does not match the rows"));
    }
    Ok(Line {
        variant: variant.to_owned(),
        board,
        to_move: Color::from_letter(to_move).ok_or("to-move must be B or W")?,
        depth: depth.parse().map_err(|_| "bad depth")?,
        count: count.parse().map_err(|_| "bad count")?,
    })
}

fn replayed(line: &Line, path: &[(Color, Move)]) -> Game {
    let rules = weiqi_spec::builtin(&line.variant).expect("a built-in variant");
    let mut g = new_game(&rules, Setup::from_board(&line.board, line.to_move)).expect("valid");
    for &(color, mv) in path {
        g.apply(Action::Move { color, mv }).expect("a legal path");
    }
    g
}

/// Legal move sequences of `depth` more moves from the node reached by `path`.
fn perft(line: &Line, path: &mut Vec<(Color, Move)>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let g = replayed(line, path);
    let color = g.to_move();
    let mut total = 0;
    for mv in g.legal_moves() {
        path.push((color, mv));
        total += perft(line, path, depth - 1);
        path.pop();
    }
    total
}

fn perft_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../perft")
}

/// Every count of every data file.
fn perft_counts_match_the_data_files() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(perft_dir())
        .expect("the perft folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no perft data files");
    let mut lines = 0;
    for path in files {
        let text = std::fs::read_to_string(&path).expect("readable");
        for raw in text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        {
            let line = parse(raw).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let got = perft(&line, &mut Vec::new(), line.depth);
            assert_eq!(got, line.count, "{}: {raw}", path.display());
            lines += 1;
        }
    }
    assert!(lines >= 50, "only {lines} perft lines");
}

/// The cases of this module, by name.
pub const CASES: &[(&str, fn())] = &[(
    "perft::perft_counts_match_the_data_files",
    perft_counts_match_the_data_files,
)];
