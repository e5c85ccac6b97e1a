//! `--svg OUT.svg`: pictures of a ruling (issue 15 item 3).
//!
//! - `weiqi score --svg`: the final board with the count's marks (stones, each side's territory,
//!   dead stones, seki stones, shared points), the last play, the breakdown and the result as
//!   text, and for a variant counted by Ing's fill-in the filled board beside it.
//! - `weiqi check --svg [--move N]`: the position before move N (default: the first illegal
//!   move, else the position after the last move) with the move's point, refused or not, and
//!   for a superko or Ing refusal the earlier position it repeats beside it.
//!
//! The SVG is plain text written by hand (no dependency): one `<g class="board">` per board,
//! whose `data-x`, `data-y` (the pixel of the top-left point), `data-cell` (the grid step),
//! `data-cols` and `data-rows` attributes let a test find every point in a screenshot.

use std::fmt::Write as _;
use std::path::Path;

use weiqi_core::{Board, BoardSize, Color, Illegal, Move, Point, PointMark};

use weiqi_record::check::show_move;
use weiqi_record::replay::{self, Verdict};
use weiqi_record::{Limits, Which};

use crate::error::CliError;

/// What a board point shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Cell {
    /// An empty point of no one's (a neutral point, or any empty point of a plain position).
    Empty,
    /// A (live) stone.
    Stone(Color),
    /// A live stone in seki.
    Seki(Color),
    /// A dead stone: its point is the opponent's.
    Dead(Color),
    /// An empty point counted for one side.
    Territory(Color),
    /// An empty point shared by both sides.
    Shared,
}

/// A mark drawn over a point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Marker {
    /// The last play of the game (a red ring).
    Last,
    /// A play the referee refused, by the given player (a red cross, over a faded stone of
    /// the player when the point is empty).
    Refused(Color),
    /// The move played from this position (a blue ring).
    Played,
    /// A stone of a string the status judge left unsettled (an orange outline: counted alive,
    /// nobody settled it).
    Unsettled,
}

/// One board of a picture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Diagram {
    /// The line above the board.
    pub(crate) caption: String,
    /// The board size.
    pub(crate) size: BoardSize,
    /// One cell per point, row by row from the top-left corner.
    pub(crate) cells: Vec<Cell>,
    /// Marks over points.
    pub(crate) markers: Vec<(Point, Marker)>,
}

impl Diagram {
    /// The stones of `board`, every empty point plain.
    pub(crate) fn from_board(caption: String, board: &Board) -> Diagram {
        Diagram {
            caption,
            size: board.size(),
            cells: board
                .iter()
                .map(|(_, c)| c.map_or(Cell::Empty, Cell::Stone))
                .collect(),
            markers: Vec::new(),
        }
    }

    /// The marks of a count (`Score::marks`, row by row).
    pub(crate) fn from_marks(caption: String, size: BoardSize, marks: &[PointMark]) -> Diagram {
        Diagram {
            caption,
            size,
            cells: marks
                .iter()
                .map(|m| match *m {
                    PointMark::Stone(c) => Cell::Stone(c),
                    PointMark::SekiStone(c) => Cell::Seki(c),
                    PointMark::Dead(c) => Cell::Dead(c),
                    PointMark::Territory(c) => Cell::Territory(c),
                    PointMark::Shared => Cell::Shared,
                    PointMark::Neutral => Cell::Empty,
                })
                .collect(),
            markers: Vec::new(),
        }
    }

    fn cell(&self, p: Point) -> Cell {
        self.size
            .index(p)
            .and_then(|i| self.cells.get(i).copied())
            .unwrap_or(Cell::Empty)
    }
}

/// The legend printed under every picture.
pub(crate) const LEGEND: [&str; 3] = [
    "small squares: territory; faded stones: dead; diamond: a stone in seki; grey dot: a shared point",
    "red ring: the last play; red cross: a refused play; blue ring: the move played from there",
    "dashed orange outline: a stone the status judge left unsettled (counted alive)",
];

const WOOD: &str = "#dcb35c";
const ORANGE: &str = "#e07000";
const BLACK: &str = "#111111";
const WHITE: &str = "#fafafa";
const RED: &str = "#e02020";
const BLUE: &str = "#1e64c8";
const GREY: &str = "#808080";
/// Height of a caption line above a board, and of a line of text.
const LINE: u32 = 17;
/// Font size of the text, in pixels (monospace: a character is about 0.6 of it wide).
const FONT: u32 = 12;
/// Space around and between the parts of a picture.
const GAP: u32 = 16;

fn fill(c: Color) -> &'static str {
    match c {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// A coordinate or length rounded to hundredths of a pixel (no `3.5999999999999996` in the
/// file).
fn n(v: f64) -> f64 {
    (v * 100.0).round() / 100.0
}

/// XML text: `&`, `<`, `>` and `"` escaped, control characters (which XML 1.0 forbids, and a
/// record's `RU` may hold) shown as `?`.
fn escape(text: &str) -> String {
    let mut t = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => t.push_str("&amp;"),
            '<' => t.push_str("&lt;"),
            '>' => t.push_str("&gt;"),
            '"' => t.push_str("&quot;"),
            c if c.is_control() => t.push('?'),
            _ => t.push(ch),
        }
    }
    t
}

/// The grid step in pixels: the larger side of the largest board fits in about 540 pixels,
/// between 12 and 40 pixels a point.
fn cell_size(diagrams: &[Diagram]) -> u32 {
    let side = diagrams
        .iter()
        .map(|d| u32::from(d.size.width().max(d.size.height())))
        .max()
        .unwrap_or(19)
        .max(1);
    (540 / side).clamp(12, 40)
}

/// The star points of the usual board sizes (none on other sizes).
fn star_points(size: BoardSize) -> Vec<Point> {
    let lines = |n: u8| -> Vec<u8> {
        match n {
            9 => vec![2, 4, 6],
            13 => vec![3, 6, 9],
            19 => vec![3, 9, 15],
            _ => Vec::new(),
        }
    };
    if !size.is_square() {
        return Vec::new();
    }
    let l = lines(size.width());
    let mut out = Vec::new();
    for &row in &l {
        for &col in &l {
            // 9x9 shows the centre and the four 3-3 points only.
            if size.width() == 9 && (row == 4) != (col == 4) {
                continue;
            }
            out.push(Point { col, row });
        }
    }
    out
}

/// The margin left of and above the grid (the labels and the edge stones), for grid step `c`.
fn lead(c: u32) -> u32 {
    c * 3 / 2
}

/// The margin right of and below the grid (the edge stones).
fn trail(c: u32) -> u32 {
    c * 4 / 5
}

/// The pixel size of a board drawn with grid step `c`: the grid and its margins.
fn board_extent(d: &Diagram, c: u32) -> (u32, u32) {
    let w = u32::from(d.size.width().saturating_sub(1)) * c + lead(c) + trail(c);
    let h = u32::from(d.size.height().saturating_sub(1)) * c + lead(c) + trail(c);
    (w, h)
}

/// Draws one board with its top-left corner (caption included) at `(ox, oy)`.
fn draw_board(t: &mut String, d: &Diagram, ox: u32, oy: u32, c: u32) {
    let (w, h) = board_extent(d, c);
    let cf = f64::from(c);
    let x0 = ox + lead(c);
    let y0 = oy + LINE + lead(c);
    let (cols, rows) = (d.size.width(), d.size.height());
    let _ = writeln!(
        t,
        r#"<g class="board" data-x="{x0}" data-y="{y0}" data-cell="{c}" data-cols="{cols}" data-rows="{rows}">"#
    );
    let _ = writeln!(
        t,
        r#"<text x="{ox}" y="{}" font-family="monospace" font-size="{FONT}">{}</text>"#,
        oy + LINE - 5,
        escape(&d.caption)
    );
    let _ = writeln!(
        t,
        r#"<rect x="{ox}" y="{}" width="{w}" height="{h}" fill="{WOOD}"/>"#,
        oy + LINE
    );
    let px = |p: Point| {
        (
            f64::from(x0) + f64::from(p.col) * cf,
            f64::from(y0) + f64::from(p.row) * cf,
        )
    };
    let (x1, y1) = (
        x0 + u32::from(cols.saturating_sub(1)) * c,
        y0 + u32::from(rows.saturating_sub(1)) * c,
    );
    for col in 0..cols {
        let x = x0 + u32::from(col) * c;
        let _ = writeln!(
            t,
            r#"<line x1="{x}" y1="{y0}" x2="{x}" y2="{y1}" stroke="{BLACK}" stroke-width="1"/>"#
        );
        let _ = writeln!(
            t,
            r#"<text x="{x}" y="{}" font-family="monospace" font-size="{}" text-anchor="middle">{}</text>"#,
            n(f64::from(y0) - cf * 0.85),
            (c / 2).clamp(7, FONT),
            escape(&d.size.column_label(col).to_string())
        );
    }
    for row in 0..rows {
        let y = y0 + u32::from(row) * c;
        let _ = writeln!(
            t,
            r#"<line x1="{x0}" y1="{y}" x2="{x1}" y2="{y}" stroke="{BLACK}" stroke-width="1"/>"#
        );
        let _ = writeln!(
            t,
            r#"<text x="{}" y="{}" font-family="monospace" font-size="{}" text-anchor="middle">{}</text>"#,
            n(f64::from(x0) - cf * 0.9),
            n(f64::from(y) + cf * 0.15),
            (c / 2).clamp(7, FONT),
            rows - row
        );
    }
    for p in star_points(d.size) {
        let (x, y) = px(p);
        let _ = writeln!(
            t,
            r#"<circle cx="{x}" cy="{y}" r="{}" fill="{BLACK}"/>"#,
            n((cf * 0.1).max(2.0))
        );
    }
    let stone = |t: &mut String, x: f64, y: f64, color: Color, opacity: f64, class: &str| {
        let _ = writeln!(
            t,
            r#"<circle class="{class}" cx="{x}" cy="{y}" r="{}" fill="{}" stroke="{BLACK}" stroke-width="1" opacity="{opacity}"/>"#,
            n(cf * 0.48),
            fill(color)
        );
    };
    let square = |t: &mut String, x: f64, y: f64, color: Color| {
        let s = cf * 0.4;
        let _ = writeln!(
            t,
            r#"<rect class="territory" x="{}" y="{}" width="{s}" height="{s}" fill="{}" stroke="{BLACK}" stroke-width="1"/>"#,
            n(x - s / 2.0),
            n(y - s / 2.0),
            fill(color)
        );
    };
    for p in d.size.points() {
        let (x, y) = px(p);
        match d.cell(p) {
            Cell::Empty => {}
            Cell::Stone(color) => stone(t, x, y, color, 1.0, "stone"),
            Cell::Seki(color) => {
                stone(t, x, y, color, 1.0, "stone seki");
                let r = cf * 0.26;
                let _ = writeln!(
                    t,
                    r#"<polygon class="seki" points="{},{y} {x},{} {},{y} {x},{}" fill="{}"/>"#,
                    n(x - r),
                    n(y - r),
                    n(x + r),
                    n(y + r),
                    fill(color.opponent())
                );
            }
            Cell::Dead(color) => {
                stone(t, x, y, color, 0.45, "stone dead");
                square(t, x, y, color.opponent());
            }
            Cell::Territory(color) => square(t, x, y, color),
            Cell::Shared => {
                let _ = writeln!(
                    t,
                    r#"<circle class="shared" cx="{x}" cy="{y}" r="{}" fill="{GREY}"/>"#,
                    n(cf * 0.15)
                );
            }
        }
    }
    for &(p, marker) in &d.markers {
        let (x, y) = px(p);
        match marker {
            Marker::Unsettled => {
                let _ = writeln!(
                    t,
                    r#"<circle class="unsettled" cx="{x}" cy="{y}" r="{}" fill="none" stroke="{ORANGE}" stroke-width="{}" stroke-dasharray="{}"/>"#,
                    n(cf * 0.47),
                    n((cf * 0.07).max(1.5)),
                    n((cf * 0.12).max(2.0))
                );
            }
            Marker::Last | Marker::Played => {
                let colour = if marker == Marker::Last { RED } else { BLUE };
                let _ = writeln!(
                    t,
                    r#"<circle class="marker" cx="{x}" cy="{y}" r="{}" fill="none" stroke="{colour}" stroke-width="{}"/>"#,
                    n(cf * 0.25),
                    n((cf * 0.09).max(2.0))
                );
            }
            Marker::Refused(color) => {
                if d.cell(p) == Cell::Empty {
                    stone(t, x, y, color, 0.5, "stone refused");
                }
                let r = cf * 0.3;
                for (dx, dy) in [(r, r), (r, -r)] {
                    let _ = writeln!(
                        t,
                        r#"<line class="refused" x1="{}" y1="{}" x2="{}" y2="{}" stroke="{RED}" stroke-width="{}" stroke-linecap="round"/>"#,
                        n(x - dx),
                        n(y - dy),
                        n(x + dx),
                        n(y + dy),
                        n((cf * 0.12).max(2.0))
                    );
                }
            }
        }
    }
    t.push_str("</g>\n");
}

/// The pixel width of a line of `chars` characters (a monospace character is about 0.6 em
/// wide).
fn text_width(chars: usize) -> u32 {
    u32::try_from(chars)
        .unwrap_or(u32::MAX / 8)
        .saturating_mul(FONT)
        .saturating_mul(6)
        / 10
}

/// The picture: the boards side by side, the text under them.
pub(crate) fn render(diagrams: &[Diagram], text: &[String]) -> String {
    let c = cell_size(diagrams);
    // Each board takes the room of the board or of its caption, whichever is wider.
    let extents: Vec<(u32, u32)> = diagrams
        .iter()
        .map(|d| {
            let (w, h) = board_extent(d, c);
            (w.max(text_width(d.caption.chars().count())), h)
        })
        .collect();
    let boards_width: u32 = extents.iter().map(|e| e.0).sum::<u32>()
        + GAP * u32::try_from(extents.len().saturating_sub(1)).unwrap_or(0);
    let boards_height = extents.iter().map(|e| e.1 + LINE).max().unwrap_or(0);
    let longest = text.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let width = boards_width.max(text_width(longest)) + 2 * GAP;
    let height = GAP + boards_height + GAP + LINE * u32::try_from(text.len()).unwrap_or(0) + GAP;
    let mut t = String::new();
    let _ = writeln!(
        t,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">"#
    );
    let _ = writeln!(
        t,
        r##"<rect width="{width}" height="{height}" fill="#ffffff"/>"##
    );
    let mut x = GAP;
    for (d, e) in diagrams.iter().zip(&extents) {
        draw_board(&mut t, d, x, GAP, c);
        x += e.0 + GAP;
    }
    let mut y = GAP + boards_height + GAP;
    t.push_str(r#"<g class="text">"#);
    t.push('\n');
    for line in text {
        y += LINE;
        let _ = writeln!(
            t,
            r#"<text x="{GAP}" y="{}" font-family="monospace" font-size="{FONT}" xml:space="preserve">{}</text>"#,
            y - 4,
            escape(line)
        );
    }
    t.push_str("</g>\n</svg>\n");
    t
}

/// Writes a picture to `path`.
pub(crate) fn write(path: &Path, svg: &str) -> Result<(), CliError> {
    crate::files::write_atomically(path, svg.as_bytes())
}

/// The last board play of the main line (not a handicap stone), if any.
pub(crate) fn last_play(verdicts: &[Verdict]) -> Option<&Verdict> {
    verdicts
        .iter()
        .rev()
        .filter(|v| v.refused.is_none() && !v.handicap_stone)
        .find(|v| matches!(v.mv, Move::Play(_)))
}

/// A line naming the last move and the last play (the one marked), if they differ.
pub(crate) fn last_move_line(verdicts: &[Verdict], size: BoardSize) -> Option<String> {
    let last = verdicts.iter().rev().find(|v| v.refused.is_none())?;
    let mut t = format!(
        "last move: {} {} {}",
        last.number,
        last.color.letter(),
        show_move(last.mv, size)
    );
    match last_play(verdicts) {
        Some(p) if p.number != last.number => {
            let _ = write!(
                t,
                "; the last play, ringed in red: {} {} {}",
                p.number,
                p.color.letter(),
                show_move(p.mv, size)
            );
        }
        Some(_) => t.push_str(" (ringed in red)"),
        None => {}
    }
    Some(t)
}

/// Marks the last play on `diagram` when its stone still stands there.
pub(crate) fn mark_last_play(diagram: &mut Diagram, verdicts: &[Verdict]) {
    if let Some(v) = last_play(verdicts)
        && let Move::Play(p) = v.mv
        && matches!(
            diagram.cell(p),
            Cell::Stone(c) | Cell::Seki(c) | Cell::Dead(c) if c == v.color
        )
    {
        diagram.markers.push((p, Marker::Last));
    }
}

/// `weiqi score --svg`: the final board with the count's `marks` (the stones of `board` as
/// they stand when the game was not counted), the last play, and the filled board of Ing's
/// fill-in counting beside it; `text` under them, then the last move and the legend.
pub(crate) fn score_picture(
    board: &Board,
    marks: Option<&[PointMark]>,
    filled: Option<&Board>,
    verdicts: &[Verdict],
    unsettled: &[Point],
    mut text: Vec<String>,
) -> String {
    let size = board.size();
    let mut d = match marks {
        Some(marks) => Diagram::from_marks(
            "the final position: territory, dead stones, seki".to_owned(),
            size,
            marks,
        ),
        None => Diagram::from_board("the final position (not counted)".to_owned(), board),
    };
    mark_last_play(&mut d, verdicts);
    d.markers
        .extend(unsettled.iter().map(|&p| (p, Marker::Unsettled)));
    let mut diagrams = vec![d];
    if let Some(f) = filled {
        diagrams.push(Diagram::from_board(
            "ing fill-in counting: the filled board".to_owned(),
            f,
        ));
    }
    text.extend(last_move_line(verdicts, size));
    text.extend(LEGEND.map(str::to_owned));
    render(&diagrams, &text)
}

/// What `weiqi check --svg` was asked.
pub(crate) struct CheckRequest<'a> {
    /// The SGF file's name, as the output shows it.
    pub(crate) game: &'a str,
    /// The record read from it.
    pub(crate) record: &'a weiqi_sgf::Record,
    /// `--rules`.
    pub(crate) rules: Option<&'a str>,
    /// `--strict`.
    pub(crate) strict: bool,
    /// The limits (and the interpreter's budget).
    pub(crate) limits: &'a Limits,
    /// The referee.
    pub(crate) which: Which,
    /// Where to write the picture.
    pub(crate) svg: &'a Path,
    /// `--move N`: the move whose position is drawn.
    pub(crate) number: Option<usize>,
}

/// The position before a move of the record, as the replay saw it.
struct Snapshot {
    /// The record's move number.
    number: usize,
    /// The referee's count of moves then (reset by a restart: setup after the first move, a
    /// long cycle the record plays through).
    moves_played: usize,
    /// How many restarts came before it.
    epoch: usize,
    board: Board,
}

/// The earlier position a refusal names, with a caption, and the point of the move played from
/// it: the position a superko refusal repeats, the one from which an Ing cycle was started,
/// the one before the ko capture that made a stone hot.
fn earlier_position<'s>(
    reason: &Illegal,
    before: &Snapshot,
    snapshots: &'s [Snapshot],
    record: &weiqi_sgf::Record,
) -> Option<(&'s Snapshot, String)> {
    let same = snapshots
        .iter()
        .filter(|s| s.epoch == before.epoch && s.number <= before.number);
    match reason {
        // The board after the refused play is the board after the referee's move `repeats`
        // (0: the start): the first position before a record move from that count on (only a
        // pass, which changes no stone, can fall between two of them).
        Illegal::PositionalSuperko { repeats }
        | Illegal::SituationalSuperko { repeats }
        | Illegal::NaturalSituationalSuperko { repeats } => {
            let s = same.into_iter().find(|s| s.moves_played >= *repeats)?;
            Some((
                s,
                format!("the position it repeats (before move {})", s.number),
            ))
        }
        // Rule D: the same situation as before move `started`, and the same play.
        Illegal::CycleRestart { started } => {
            let s = same.into_iter().find(|s| s.moves_played + 1 >= *started)?;
            Some((
                s,
                format!(
                    "the same position before move {}, which started the cycle",
                    s.number
                ),
            ))
        }
        // Rule H: the latest ko capture that put a stone on a hot point; capturing it back
        // returns to the position before that capture.
        Illegal::HotStone { stones } => {
            let s = same.into_iter().rev().find(|s| {
                s.number < before.number
                    && record.moves.iter().any(|m| {
                        m.number == s.number && matches!(m.mv, Move::Play(p) if stones.contains(&p))
                    })
            })?;
            Some((
                s,
                format!(
                    "before move {}, the ko capture that made the stone hot",
                    s.number
                ),
            ))
        }
        _ => None,
    }
}

/// `weiqi check --svg OUT.svg [--move N]`: replays the record and draws the position before
/// move N (default: the first illegal move, else the position after the last move).
pub(crate) fn check_picture(request: &CheckRequest<'_>) -> Result<(), CliError> {
    let record = request.record;
    let chosen = replay::choose_rules(request.rules, record, request.limits)?;
    let mut snapshots: Vec<Snapshot> = Vec::new();
    let mut epoch = 0;
    let replay = replay::replay_observed(
        request.which,
        record,
        &chosen.ruleset,
        None,
        request.strict,
        request.limits.budget,
        &mut |number, game| {
            let moves_played = game.moves_played();
            if snapshots
                .last()
                .is_some_and(|s: &Snapshot| moves_played < s.moves_played)
            {
                epoch += 1;
            }
            // A long cycle the record plays through is observed twice at the same move: keep
            // the position the move is played from.
            if snapshots.last().is_some_and(|s| s.number == number) {
                snapshots.pop();
            }
            snapshots.push(Snapshot {
                number,
                moves_played,
                epoch,
                board: game.board(),
            });
        },
    )?;
    let size = replay.game.size();
    let mut text = vec![
        format!("file: {}", request.game),
        format!("rules: {} ({})", chosen.ruleset.id, chosen.how),
    ];
    let number = request.number.or(replay.first_illegal());
    let mut diagrams = Vec::new();
    match number {
        None => {
            let mut d = Diagram::from_board(
                format!("after the last move ({})", replay.verdicts.len()),
                &replay.game.board(),
            );
            mark_last_play(&mut d, &replay.verdicts);
            diagrams.push(d);
            text.push(match &replay.inconclusive {
                Some(why) => format!("verdict: none: {why}"),
                None => format!("verdict: all {} moves are legal", replay.verdicts.len()),
            });
            text.extend(last_move_line(&replay.verdicts, size));
        }
        Some(n) => {
            let verdict = replay.verdicts.iter().find(|v| v.number == n);
            let Some(v) = verdict else {
                let why = match (replay.first_illegal(), &replay.inconclusive) {
                    (Some(first), _) => {
                        format!("the replay stops at move {first}, the first illegal move")
                    }
                    (None, Some(why)) => why.clone(),
                    (None, None) => {
                        format!("the main line has {} moves", replay.verdicts.len())
                    }
                };
                return Err(CliError(format!(
                    "{}: --move {n}: no such move was ruled: {why}",
                    request.game
                )));
            };
            let Some(before) = snapshots.iter().find(|s| s.number == n) else {
                return Err(CliError(format!(
                    "{}: --move {n}: the move is a handicap stone, placed as setup",
                    request.game
                )));
            };
            let mut d = Diagram::from_board(format!("before move {n}"), &before.board);
            let ruling = match &v.refused {
                Some(r) => format!("ILLEGAL ({}): {r}", r.code()),
                None if v.captures > 0 => format!("legal, captures {}", v.captures),
                None => "legal".to_owned(),
            };
            if let Move::Play(p) = v.mv {
                d.markers.push((
                    p,
                    if v.refused.is_some() {
                        Marker::Refused(v.color)
                    } else {
                        Marker::Played
                    },
                ));
            }
            text.push(format!(
                "move {n}: {} {} {ruling}",
                v.color.letter(),
                show_move(v.mv, size)
            ));
            diagrams.push(d);
            if let Some(reason) = &v.refused
                && let Some((earlier, caption)) =
                    earlier_position(reason, before, &snapshots, record)
            {
                let mut e = Diagram::from_board(caption.clone(), &earlier.board);
                if !matches!(
                    reason,
                    Illegal::PositionalSuperko { .. }
                        | Illegal::SituationalSuperko { .. }
                        | Illegal::NaturalSituationalSuperko { .. }
                ) && let Some(Move::Play(p)) = record
                    .moves
                    .iter()
                    .find(|m| m.number == earlier.number)
                    .map(|m| m.mv)
                {
                    e.markers.push((p, Marker::Played));
                }
                text.push(format!("right: {caption}"));
                diagrams.push(e);
            }
        }
    }
    text.extend(LEGEND.map(str::to_owned));
    write(request.svg, &render(&diagrams, &text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_judges_unsettled_stones_are_outlined_issue_25_item_5() {
        let board = Board::from_diagram("X . O\n. X .").expect("valid");
        let unsettled = [Point::rc(0, 2), Point::rc(1, 1)];
        let svg = score_picture(&board, None, None, &[], &unsettled, Vec::new());
        assert_eq!(svg.matches(r#"class="unsettled""#).count(), 2, "{svg}");
        let svg = score_picture(&board, None, None, &[], &[], Vec::new());
        assert_eq!(svg.matches(r#"class="unsettled""#).count(), 0);
        assert!(
            svg.contains("left unsettled"),
            "the legend names the outline"
        );
    }

    #[test]
    fn a_board_group_says_where_its_points_are_issue_15_item_3() {
        // The test of the screenshots finds the points from these attributes.
        let board = Board::from_diagram("X . O\n. . .").expect("valid");
        let svg = render(
            &[Diagram::from_board("caption <1>".into(), &board)],
            &["a & b".to_owned()],
        );
        let c = cell_size(&[Diagram::from_board(String::new(), &board)]);
        assert!(svg.contains(&format!(
            r#"data-x="{}" data-y="{}" data-cell="{c}" data-cols="3" data-rows="2""#,
            GAP + lead(c),
            GAP + LINE + lead(c)
        )));
        assert_eq!(svg.matches(r#"class="stone""#).count(), 2);
        assert!(svg.contains("caption &lt;1&gt;") && svg.contains("a &amp; b"));
        assert_eq!(escape("RU[\u{1}x\"]"), "RU[?x&quot;]");
    }

    #[test]
    fn star_points_of_the_usual_sizes() {
        let n = |s| star_points(BoardSize::square(s).expect("valid")).len();
        assert_eq!((n(9), n(13), n(19), n(7)), (5, 9, 9, 0));
    }
}
