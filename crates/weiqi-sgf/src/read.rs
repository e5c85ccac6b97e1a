//! Interpreting the main line of the first game tree: game information, setup, moves, marks, and
//! the habits of real servers and programs, each read with a note (or refused when reading
//! strictly, [`crate::ReadOptions::strict`]).
//!
//! The habits (issue 10; docs/decisions.md 23, 24): `PL[1]`/`PL[2]` (FF\[3\] numbers), `HA` that is
//! not a whole number (`HA[7.5]`), both passes in one node (`B[tt]W[tt]`), `PL` after the first
//! move (KGS writes it in move nodes), setup (`AB`/`AW`/`AE`) after the first move (kept as
//! [`SetupEdit`]s the replay applies), `AE` after the last move (old scored records remove the
//! dead stones that way: read as dead-stone marks), a komi that cannot be read (a note: komi does
//! not decide every question), Fox's komi times 100 (`KM[650]`, `KM[375]`) and quarter-point
//! results (`B+2.75`, a margin in stones).

use sgf_parse::go::{Move as SgfMove, Point as SgfPoint, Prop};
use sgf_parse::{GameTree, SgfNode};
use weiqi_core::{BoardSize, ByColor, Color, GameResult, Move, Point, Points, WinBy};

use crate::record::{KomiSource, Record, RecordMove, SetupEdit};
use crate::tree::{Collection, go_prop_text};
use crate::{SgfError, SgfErrorKind};

/// Identifiers this crate interprets; an invalid value of one of them on the main line is an
/// error or a note (others are kept as they are).
const INTERPRETED: &[&str] = &[
    "SZ", "KM", "HA", "RU", "RE", "AB", "AW", "AE", "PL", "B", "W", "TB", "TW", "GM", "AP",
];

/// The largest komi magnitude read: [`Points`] holds it exactly (half points below 1e15).
const KOMI_LIMIT: f64 = 4.0e14;

/// Collects the notes of a reading; under strict reading a leniency is an error instead.
pub(crate) struct Notes<'a> {
    file: &'a str,
    strict: bool,
    pub(crate) list: Vec<String>,
}

impl<'a> Notes<'a> {
    pub(crate) fn new(file: &'a str, strict: bool, list: Vec<String>) -> Notes<'a> {
        Notes { file, strict, list }
    }

    /// A remark that is not a leniency (kept under strict reading too).
    pub(crate) fn info(&mut self, text: String) {
        self.list.push(text);
    }

    /// A habit read leniently: a note, or under strict reading an error naming the node and
    /// the property.
    pub(crate) fn lenient(
        &mut self,
        node: Option<usize>,
        property: &str,
        text: String,
    ) -> Result<(), SgfError> {
        if self.strict {
            let mut e = SgfError::new(self.file, SgfErrorKind::Lenient { note: text });
            e.node = node;
            e.property = Some(property.to_owned());
            return Err(e);
        }
        self.list.push(match node {
            Some(n) => format!("node {n}: {text}"),
            None => text,
        });
        Ok(())
    }
}

fn bad(file: &str, node: usize, id: &str, value: String, expected: &'static str) -> SgfError {
    SgfError::new(file, SgfErrorKind::BadValue { value, expected }).at(node, id)
}

fn point_on(
    file: &str,
    node: usize,
    id: &str,
    p: &SgfPoint,
    size: BoardSize,
) -> Result<Point, SgfError> {
    let point = Point { col: p.x, row: p.y };
    if size.contains(point) {
        Ok(point)
    } else {
        let text = go_prop_text(&Prop::B(SgfMove::Move(*p)));
        let text = text
            .trim_start_matches("B[")
            .trim_end_matches(']')
            .to_owned();
        Err(SgfError::new(file, SgfErrorKind::OffBoard { point: text, size }).at(node, id))
    }
}

fn points_on<'a>(
    file: &str,
    node: usize,
    id: &str,
    set: impl IntoIterator<Item = &'a SgfPoint>,
    size: BoardSize,
) -> Result<Vec<Point>, SgfError> {
    let mut v = set
        .into_iter()
        .map(|p| point_on(file, node, id, p, size))
        .collect::<Result<Vec<_>, _>>()?;
    v.sort_by_key(|p| (p.row, p.col));
    Ok(v)
}

/// What a `KM` value means.
enum Komi {
    /// A komi in points.
    Points(Points),
    /// Fox's komi times 100, in points or in stones (Chinese counting), with the note.
    Fox(Points, String),
    /// Not a komi: why.
    Unreadable(String),
}

/// The komi of Fox's even games, which its records write as `KM[0]` (docs/decisions.md 27).
const FOX_EVEN_KOMI: Points = Points::from_halves(13);

/// Reads a komi as written; `fox` says whether the record comes from Fox (`AP[foxwq]`) and
/// `board_points` bounds a plausible komi.
fn read_komi(text: &str, fox: bool, board_points: usize) -> Komi {
    let t = text.trim();
    let Ok(value) = t.parse::<f64>() else {
        return Komi::Unreadable(format!("KM[{t}] is not a number"));
    };
    if !value.is_finite() || value.abs() > KOMI_LIMIT {
        return Komi::Unreadable(format!("KM[{t}] is out of range"));
    }
    // Fox writes the komi times 100: 650 is 6.5 points, 375 is 3.75 stones (7.5 points,
    // Chinese counting). Recognised when the file says it comes from Fox, or when the value
    // cannot be a komi at all (more points than the board has).
    #[allow(clippy::cast_precision_loss)]
    let too_big = value.abs() > board_points as f64;
    if (fox || too_big) && value.fract() == 0.0 && value != 0.0 {
        let quarters = value / 25.0;
        if quarters.fract() == 0.0 {
            let hundredth = value / 100.0;
            let why = if fox {
                "AP says Fox"
            } else {
                "more than the board's points"
            };
            if let Some(k) = Points::from_f64(hundredth) {
                return Komi::Fox(
                    k,
                    format!("KM[{t}] read as Fox's komi times 100 ({why}): komi {k}"),
                );
            }
            if let Some(k) = Points::from_f64(hundredth * 2.0) {
                return Komi::Fox(
                    k,
                    format!(
                        "KM[{t}] read as Fox's komi times 100 in stones ({why}): {hundredth} \
                         stones, komi {k}"
                    ),
                );
            }
        }
    }
    match Points::from_f64(value) {
        Some(k) => Komi::Points(k),
        None => Komi::Unreadable(format!("KM[{t}] is not a multiple of 0.5")),
    }
}

/// Reads a result; a quarter-point margin (`B+2.75`) is a margin in stones (Chinese counting,
/// Fox), doubled into points with a note.
fn read_result(text: &str) -> Result<(GameResult, Option<String>), String> {
    match GameResult::parse(text) {
        Ok(r) => Ok((r, None)),
        Err(e) => {
            let quarter = text.split_once('+').and_then(|(who, margin)| {
                let winner = Color::from_letter(who.trim())?;
                let stones: f64 = margin.trim().parse().ok()?;
                // A multiple of 0.25 that is not one of 0.5: stones, two points each.
                let quarter = (stones * 4.0).fract() == 0.0 && (stones * 2.0).fract() != 0.0;
                let points = Points::from_f64(stones * 2.0).filter(|_| quarter)?;
                Some(GameResult::Win {
                    winner,
                    by: WinBy::Score(points),
                })
            });
            match quarter {
                Some(r) => Ok((
                    r,
                    Some(format!(
                        "RE[{text}] read as a margin in stones (Chinese counting, two points a \
                         stone): {}",
                        r.to_sgf()
                    )),
                )),
                None => Err(e.to_string()),
            }
        }
    }
}

fn pl_color(c: sgf_parse::Color) -> Color {
    match c {
        sgf_parse::Color::Black => Color::Black,
        sgf_parse::Color::White => Color::White,
    }
}

/// The setup of one node: changes in property order, and `PL`.
#[derive(Default)]
struct NodeSetup {
    changes: Vec<(Point, Option<Color>, &'static str)>,
    ids: Vec<&'static str>,
    to_move: Option<Color>,
}

impl Record {
    /// Interprets the first game tree of `collection`.
    pub(crate) fn from_collection(
        name: &str,
        collection: Collection,
        warnings: Vec<String>,
        strict: bool,
    ) -> Result<Record, SgfError> {
        let mut notes = Notes::new(name, strict, warnings);
        let root = match collection.trees.first() {
            None => return Err(SgfError::new(name, SgfErrorKind::NoGame)),
            Some(GameTree::GoGame(node)) => node,
            Some(GameTree::Unknown(node)) => {
                let game = node
                    .properties()
                    .find_map(|p| match p {
                        sgf_parse::unknown_game::Prop::GM(g) => Some(g.to_string()),
                        _ => None,
                    })
                    .unwrap_or_default();
                return Err(SgfError::new(name, SgfErrorKind::NotGo { game }));
            }
        };
        if collection.trees.len() > 1 {
            notes.info(format!(
                "the file holds {} game trees; only the first is read",
                collection.trees.len()
            ));
        }
        let line: Vec<&SgfNode<Prop>> = root.main_variation().collect();

        // The size first: every point depends on it.
        let mut size = BoardSize::STANDARD;
        let mut fox = false;
        for prop in root.properties() {
            match prop {
                Prop::SZ((w, h)) => {
                    size = BoardSize::new(u32::from(*w), u32::from(*h)).map_err(|_| {
                        bad(name, 0, "SZ", format!("{w}:{h}"), "a size from 1 to 52")
                    })?;
                }
                Prop::Invalid(id, values) if id == "SZ" => {
                    // sgf-parse wants exact numbers; accept spaces around them too.
                    size = match values.as_slice() {
                        [v] => BoardSize::parse(v).ok(),
                        _ => None,
                    }
                    .ok_or_else(|| bad(name, 0, "SZ", values.join("]["), "a size from 1 to 52"))?;
                }
                Prop::AP((app, _)) => fox |= app.text.to_lowercase().contains("fox"),
                Prop::Invalid(id, values) if id == "AP" => {
                    fox |= values.iter().any(|v| v.to_lowercase().contains("fox"));
                }
                _ => {}
            }
        }
        let tt_is_pass = size.width() <= 19 && size.height() <= 19;

        let mut record = Record::empty(name, size, line.len());
        let mut board: Vec<Option<Color>> = vec![None; size.points_count()];
        let mut seen = [false; 4]; // KM, HA, RU, RE: the first on the main line counts
        let mut late_pl = 0usize;
        let mut komi_text: Option<(usize, String)> = None;

        for (n, node) in line.iter().enumerate() {
            let mut node_moves: Vec<(Color, Move, &'static str)> = Vec::new();
            let mut setup = NodeSetup::default();
            let mut marks: Option<ByColor<Vec<Point>>> = None;
            for prop in node.properties() {
                match prop {
                    Prop::KM(k) if !seen[0] => {
                        seen[0] = true;
                        let text = if k.abs() >= 1e15 {
                            format!("{k:e}")
                        } else {
                            k.to_string()
                        };
                        komi_text = Some((n, text));
                    }
                    Prop::HA(h) if !seen[1] => {
                        seen[1] = true;
                        record.handicap = u32::try_from(*h)
                            .ok()
                            .filter(|&h| h <= 361)
                            .ok_or_else(|| bad(name, n, "HA", h.to_string(), "0 to 361"))?;
                        record.handicap_given = true;
                    }
                    Prop::RU(text) if !seen[2] => {
                        seen[2] = true;
                        record.rules = Some(text.text.trim().to_owned());
                    }
                    Prop::RE(text) if !seen[3] => {
                        seen[3] = true;
                        let t = text.text.trim().to_owned();
                        match read_result(&t) {
                            Ok((r, note)) => {
                                record.result = Some(r);
                                if let Some(note) = note {
                                    notes.lenient(Some(n), "RE", note)?;
                                }
                            }
                            Err(e) => notes.info(format!("node {n}: RE ignored: {e}")),
                        }
                        record.result_text = Some(t);
                    }
                    Prop::B(m) | Prop::W(m) => {
                        let (color, id) = if matches!(prop, Prop::B(_)) {
                            (Color::Black, "B")
                        } else {
                            (Color::White, "W")
                        };
                        let mv = match m {
                            SgfMove::Pass => Move::Pass,
                            SgfMove::Move(p) if tt_is_pass && p.x == 19 && p.y == 19 => Move::Pass,
                            SgfMove::Move(p) => Move::Play(point_on(name, n, id, p, size)?),
                        };
                        node_moves.push((color, mv, id));
                    }
                    Prop::AB(s) | Prop::AW(s) | Prop::AE(s) => {
                        let (id, stone) = match prop {
                            Prop::AB(_) => ("AB", Some(Color::Black)),
                            Prop::AW(_) => ("AW", Some(Color::White)),
                            _ => ("AE", None),
                        };
                        setup.ids.push(id);
                        for p in points_on(name, n, id, s, size)? {
                            setup.changes.push((p, stone, id));
                        }
                    }
                    Prop::PL(c) => {
                        setup.ids.push("PL");
                        setup.to_move = Some(pl_color(*c));
                    }
                    Prop::TB(s) | Prop::TW(s) => {
                        let (id, color) = match prop {
                            Prop::TB(_) => ("TB", Color::Black),
                            _ => ("TW", Color::White),
                        };
                        let points = points_on(name, n, id, s, size)?;
                        marks.get_or_insert_with(ByColor::default)[color] = points;
                    }
                    Prop::GM(g) if n == 0 && *g != 1 => {
                        return Err(SgfError::new(
                            name,
                            SgfErrorKind::NotGo {
                                game: g.to_string(),
                            },
                        ));
                    }
                    Prop::Invalid(id, values) if INTERPRETED.contains(&id.as_str()) => {
                        let empty = values.iter().all(|v| v.trim().is_empty());
                        let one = values.first().map(|v| v.trim()).unwrap_or("");
                        match id.as_str() {
                            "HA" if !seen[1] => {
                                seen[1] = true;
                                // sgf-parse refuses HA below 2; FF[3] files often write HA[0].
                                match one.parse::<u32>() {
                                    Ok(h) if values.len() == 1 && h <= 361 => {
                                        record.handicap = h;
                                        record.handicap_given = true;
                                    }
                                    _ if values.len() == 1
                                        && one.parse::<f64>().is_ok_and(|h| h >= 0.0) =>
                                    {
                                        // HA[7.5]: not a number of stones (a komi in the
                                        // wrong property?): the stones decide.
                                        notes.lenient(
                                            Some(n),
                                            "HA",
                                            format!(
                                                "HA[{one}] is not a number of stones; ignored \
                                                 (the handicap is taken from the setup stones)"
                                            ),
                                        )?;
                                    }
                                    _ => {
                                        return Err(bad(
                                            name,
                                            n,
                                            "HA",
                                            values.join("]["),
                                            "0 to 361",
                                        ));
                                    }
                                }
                            }
                            "PL" if values.len() == 1 && (one == "1" || one == "2") => {
                                // FF[3] wrote the player as a number: 1 Black, 2 White.
                                let c = if one == "1" {
                                    Color::Black
                                } else {
                                    Color::White
                                };
                                notes.lenient(
                                    Some(n),
                                    "PL",
                                    format!("PL[{one}] read as PL[{}] (FF[3] numbers)", c.letter()),
                                )?;
                                setup.ids.push("PL");
                                setup.to_move = Some(c);
                            }
                            "KM" if !seen[0] && values.len() == 1 && !empty => {
                                seen[0] = true;
                                komi_text = Some((n, one.to_owned()));
                            }
                            "KM" | "AB" | "AW" | "AE" | "TB" | "TW" | "AP" if empty => {
                                notes.info(format!("node {n}: empty {id} ignored"));
                            }
                            // SZ was read above from the root; game info after the first
                            // occurrence on the main line is not read.
                            "SZ" | "HA" | "KM" | "RU" | "RE" | "AP" => {}
                            _ => {
                                let expected = match id.as_str() {
                                    "B" | "W" => "one point or an empty value",
                                    "PL" => "B or W",
                                    "GM" => "a number",
                                    _ => "a list of points",
                                };
                                return Err(bad(name, n, id, values.join("]["), expected));
                            }
                        }
                    }
                    _ => {}
                }
            }

            // Both colours' stones on one point of one node (FF[4] forbids it).
            for (i, &(p, c, id)) in setup.changes.iter().enumerate() {
                if let Some(&(_, other, _)) = setup.changes[..i]
                    .iter()
                    .find(|&&(q, d, _)| q == p && d != c)
                {
                    return Err(SgfError::new(
                        name,
                        SgfErrorKind::SetupConflict {
                            point: p,
                            first: other,
                            second: c,
                        },
                    )
                    .at(n, id));
                }
            }

            // Two moves in one node: both passes (`B[tt]W[tt]`) are read in order, with a note.
            if node_moves.len() > 1 {
                let passes = node_moves.len() == 2
                    && node_moves[0].0 != node_moves[1].0
                    && node_moves.iter().all(|m| m.1 == Move::Pass);
                let id = node_moves[1].2;
                if !passes {
                    return Err(SgfError::new(name, SgfErrorKind::TwoMoves).at(n, id));
                }
                notes.lenient(
                    Some(n),
                    id,
                    "both players' passes in one node, read as two passes in order".to_owned(),
                )?;
            }

            let started = !record.moves.is_empty();
            if !started {
                for &(p, c, _) in &setup.changes {
                    if let Some(i) = size.index(p) {
                        board[i] = c;
                    }
                }
                if setup.to_move.is_some() {
                    record.player_to_move = setup.to_move;
                }
                if !setup.ids.is_empty() && !node_moves.is_empty() {
                    // A node with both setup and a move: the setup comes first (FF[4] forbids
                    // the mix, older files have it).
                    notes.info(format!("node {n}: setup and move in one node"));
                }
            } else if !setup.ids.is_empty() {
                let stones = !setup.changes.is_empty();
                let id = setup
                    .ids
                    .iter()
                    .copied()
                    .find(|&i| i != "PL")
                    .unwrap_or("PL");
                if stones {
                    record.edits.push(SetupEdit {
                        node: n,
                        before: record.moves.len(),
                        changes: setup.changes.iter().map(|&(p, c, _)| (p, c)).collect(),
                        to_move: setup.to_move,
                        ids: setup.ids.clone(),
                    });
                } else if strict {
                    return Err(SgfError::new(name, SgfErrorKind::SetupAfterMoves).at(n, id));
                } else {
                    // KGS writes PL in move nodes; the moves say who plays.
                    late_pl += 1;
                }
            }

            for (color, mv, _) in node_moves {
                record.moves.push(RecordMove {
                    number: record.moves.len() + 1,
                    node: n,
                    color,
                    mv,
                });
            }
            if let Some(marks) = marks {
                record.territory = marks;
                record.territory_node = Some(n);
            }
        }
        if late_pl > 0 {
            notes.info(format!(
                "PL after the first move ignored ({late_pl} nodes): the moves say who plays"
            ));
        }

        // Setup after the last move that only removes stones: the dead stones of a scored
        // record (old programs wrote AE with TB/TW). Other edits are applied by the replay.
        let total = record.moves.len();
        let trailing: Vec<usize> = record
            .edits
            .iter()
            .enumerate()
            .filter(|(_, e)| e.before == total && e.changes.iter().all(|c| c.1.is_none()))
            .map(|(i, _)| i)
            .collect();
        for i in trailing.into_iter().rev() {
            let e = record.edits.remove(i);
            let points: Vec<String> = e.changes.iter().map(|c| c.0.to_sgf()).collect();
            notes.lenient(
                Some(e.node),
                "AE",
                format!(
                    "AE after the last move read as the record's dead stones: {}",
                    points.join(", ")
                ),
            )?;
            record.removed_at_end.extend(e.changes.iter().map(|c| c.0));
        }
        record.removed_at_end.sort_by_key(|p| (p.row, p.col));
        for e in &record.edits {
            let ids: Vec<&str> = e.ids.iter().copied().filter(|&i| i != "PL").collect();
            let id = ids.first().copied().unwrap_or("AE");
            if strict {
                return Err(SgfError::new(name, SgfErrorKind::SetupAfterMoves).at(e.node, id));
            }
            notes.lenient(
                Some(e.node),
                id,
                format!(
                    "setup after move {} ({}): the game goes on from the edited position, \
                     without the history before it",
                    e.before,
                    ids.join(", ")
                ),
            )?;
        }

        if let Some((n, text)) = komi_text {
            record.komi_text = Some(text.clone());
            match read_komi(&text, fox, size.points_count()) {
                Komi::Points(k) => record.komi = Some(k),
                Komi::Fox(k, note) => {
                    record.komi = Some(k);
                    notes.lenient(Some(n), "KM", note)?;
                }
                Komi::Unreadable(why) => {
                    if strict {
                        return Err(bad(name, n, "KM", text, "a komi: a multiple of 0.5"));
                    }
                    notes.info(format!(
                        "node {n}: {why}; the komi is not read (it matters only to a count)"
                    ));
                    record.komi_problem = Some(why);
                }
            }
        }

        record.setup_stones = size
            .points()
            .zip(board)
            .filter_map(|(p, c)| c.map(|c| (p, c)))
            .collect();
        // Fox writes KM[0] in even games played with komi 6.5 (docs/decisions.md 27: 327 of 332
        // such results end in a half point, which komi 0 cannot give).
        if fox
            && record.komi == Some(Points::ZERO)
            && record.handicap < 2
            && record.setup_stones.is_empty()
        {
            record.komi = Some(FOX_EVEN_KOMI);
            record.komi_source = KomiSource::ServerDefault;
            notes.info(format!(
                "KM[{}] in an even game from Fox (AP): Fox writes 0 for the komi {FOX_EVEN_KOMI} \
                 its even games are played with (docs/decisions.md 27)",
                record.komi_text.as_deref().unwrap_or("0").trim()
            ));
        }
        if let Some(ru) = &record.rules {
            record.rules_id = crate::rules_id(ru);
            if record.rules_id.is_none() && weiqi_spec::katago::KataGoRules::parse(ru).is_err() {
                notes.info(format!(
                    "unknown rules name RU[{ru}]: no built-in variant chosen"
                ));
            }
        }
        record.strict = strict;
        record.warnings = notes.list;
        record.collection = collection;
        Ok(record)
    }
}
