//! Reading a game record: the main line of the first game tree, interpreted.

use sgf_parse::go::{Move as SgfMove, Point as SgfPoint, Prop};
use sgf_parse::{GameTree, SgfNode};
use weiqi_core::{BoardSize, ByColor, Color, GameResult, Move, Point, Points, Setup};

use crate::tree::{Collection, Edits, go_prop_text};
use crate::{SgfError, SgfErrorKind};

/// One move of the main line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecordMove {
    /// The move's number, from 1 (setup stones are not moves).
    pub number: usize,
    /// The node holding the move, numbered along the main line from 0 (the root).
    pub node: usize,
    /// The player.
    pub color: Color,
    /// The move (`B[]`, and `B[tt]` on boards up to 19x19, are passes).
    pub mv: Move,
}

/// A game record: the first game tree of an SGF file, its main line interpreted, and the whole
/// file kept for writing back.
pub struct Record {
    /// The file name given to [`crate::parse`].
    pub name: String,
    /// The board size (`SZ`, default 19x19).
    pub size: BoardSize,
    /// Komi (`KM`), if given.
    pub komi: Option<Points>,
    /// Handicap stones (`HA`; 0 when absent).
    pub handicap: u32,
    /// The rules name (`RU`) as written, if given.
    pub rules: Option<String>,
    /// The built-in variant the rules name selects (see `weiqi_spec::id_for_sgf_name`); `None`
    /// when there is no `RU` or the name is unknown (a warning then says so).
    pub rules_id: Option<&'static str>,
    /// The stones on the board before the first move (`AB`/`AW`/`AE` of the nodes before it),
    /// row by row from the top-left corner.
    pub setup_stones: Vec<(Point, Color)>,
    /// The player to move first, if `PL` says so.
    pub player_to_move: Option<Color>,
    /// The moves of the main line.
    pub moves: Vec<RecordMove>,
    /// Territory marks (`TB`, `TW`) of the last main-line node that has any: points counted for
    /// Black and for White; a marked point holding a stone marks that stone dead.
    pub territory: ByColor<Vec<Point>>,
    /// The main-line node the territory marks come from.
    pub territory_node: Option<usize>,
    /// The result (`RE`), if given and readable.
    pub result: Option<GameResult>,
    /// The result as written, if given.
    pub result_text: Option<String>,
    /// Number of nodes of the main line (the root included).
    pub main_line_len: usize,
    /// Things a reader should know that did not stop the reading (lowercase sentences).
    pub warnings: Vec<String>,
    pub(crate) collection: Collection,
}

impl std::fmt::Debug for Record {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Record")
            .field("name", &self.name)
            .field("size", &self.size)
            .field("komi", &self.komi)
            .field("handicap", &self.handicap)
            .field("rules", &self.rules)
            .field("rules_id", &self.rules_id)
            .field("setup_stones", &self.setup_stones)
            .field("player_to_move", &self.player_to_move)
            .field("moves", &self.moves.len())
            .field("territory", &self.territory)
            .field("result", &self.result)
            .field("warnings", &self.warnings)
            .finish_non_exhaustive()
    }
}

/// What to write into a record: the ruling of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ruling {
    /// The result, written as `RE` in the root (replacing any).
    pub result: GameResult,
    /// Territory marks (`TB`, `TW`), written on the last main-line node (replacing its marks).
    pub territory: Option<ByColor<Vec<Point>>>,
    /// A comment, appended to the `C` of the last main-line node (after a blank line).
    pub comment: Option<String>,
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

/// Identifiers this crate interprets; an invalid value of one of them on the main line is an
/// error (others are kept as they are).
const INTERPRETED: &[&str] = &[
    "SZ", "KM", "HA", "RU", "RE", "AB", "AW", "AE", "PL", "B", "W", "TB", "TW", "GM",
];

impl Record {
    /// Interprets the first game tree of `collection`.
    pub(crate) fn from_collection(
        name: &str,
        collection: Collection,
        mut warnings: Vec<String>,
    ) -> Result<Record, SgfError> {
        let root: &SgfNode<Prop> = match collection.trees.first() {
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
            warnings.push(format!(
                "the file holds {} game trees; only the first is read",
                collection.trees.len()
            ));
        }
        let line: Vec<&SgfNode<Prop>> = root.main_variation().collect();

        // The size first: every point depends on it.
        let mut size = BoardSize::STANDARD;
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
                _ => {}
            }
        }
        let tt_is_pass = size.width() <= 19 && size.height() <= 19;

        let mut record = Record {
            name: name.to_owned(),
            size,
            komi: None,
            handicap: 0,
            rules: None,
            rules_id: None,
            setup_stones: Vec::new(),
            player_to_move: None,
            moves: Vec::new(),
            territory: ByColor::default(),
            territory_node: None,
            result: None,
            result_text: None,
            main_line_len: line.len(),
            warnings: Vec::new(),
            collection: Collection { trees: Vec::new() },
        };
        let mut board: Vec<Option<Color>> = vec![None; size.points_count()];
        let mut seen = [false; 4]; // KM, HA, RU, RE: the first on the main line counts

        for (n, node) in line.iter().enumerate() {
            let mut node_move: Option<(Color, Move)> = None;
            let mut has_setup = false;
            let mut marks: Option<ByColor<Vec<Point>>> = None;
            for prop in node.properties() {
                match prop {
                    Prop::KM(k) if !seen[0] => {
                        seen[0] = true;
                        record.komi = Some(Points::from_f64(*k).ok_or_else(|| {
                            bad(name, n, "KM", k.to_string(), "a multiple of 0.5")
                        })?);
                    }
                    Prop::HA(h) if !seen[1] => {
                        seen[1] = true;
                        record.handicap = u32::try_from(*h)
                            .ok()
                            .filter(|&h| h <= 361)
                            .ok_or_else(|| bad(name, n, "HA", h.to_string(), "0 to 361"))?;
                    }
                    Prop::RU(text) if !seen[2] => {
                        seen[2] = true;
                        record.rules = Some(text.text.trim().to_owned());
                    }
                    Prop::RE(text) if !seen[3] => {
                        seen[3] = true;
                        let t = text.text.trim().to_owned();
                        match GameResult::parse(&t) {
                            Ok(r) => record.result = Some(r),
                            Err(e) => warnings.push(format!("node {n}: RE ignored: {e}")),
                        }
                        record.result_text = Some(t);
                    }
                    Prop::B(m) | Prop::W(m) => {
                        let color = if matches!(prop, Prop::B(_)) {
                            Color::Black
                        } else {
                            Color::White
                        };
                        let id = if color == Color::Black { "B" } else { "W" };
                        if node_move.is_some() {
                            return Err(SgfError::new(name, SgfErrorKind::TwoMoves).at(n, id));
                        }
                        let mv = match m {
                            SgfMove::Pass => Move::Pass,
                            SgfMove::Move(p) if tt_is_pass && p.x == 19 && p.y == 19 => Move::Pass,
                            SgfMove::Move(p) => Move::Play(point_on(name, n, id, p, size)?),
                        };
                        node_move = Some((color, mv));
                    }
                    Prop::AB(s) | Prop::AW(s) | Prop::AE(s) => {
                        has_setup = true;
                        let (id, stone) = match prop {
                            Prop::AB(_) => ("AB", Some(Color::Black)),
                            Prop::AW(_) => ("AW", Some(Color::White)),
                            _ => ("AE", None),
                        };
                        for p in points_on(name, n, id, s, size)? {
                            if let Some(i) = size.index(p) {
                                board[i] = stone;
                            }
                        }
                    }
                    Prop::PL(c) => {
                        has_setup = true;
                        record.player_to_move = Some(match c {
                            sgf_parse::Color::Black => Color::Black,
                            sgf_parse::Color::White => Color::White,
                        });
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
                        match id.as_str() {
                            "HA" if !seen[1] => {
                                seen[1] = true;
                                // sgf-parse refuses HA below 2; FF[3] files often write HA[0].
                                let v = values.first().map(|v| v.trim()).unwrap_or("");
                                record.handicap = v
                                    .parse::<u32>()
                                    .ok()
                                    .filter(|&h| values.len() == 1 && h <= 361)
                                    .ok_or_else(|| {
                                        bad(name, n, "HA", values.join("]["), "0 to 361")
                                    })?;
                            }
                            "KM" if !seen[0] && values.len() == 1 && !empty => {
                                seen[0] = true;
                                // sgf-parse wants an exact number; accept spaces around it.
                                let k = values[0].trim();
                                record.komi = Some(Points::parse(k).ok_or_else(|| {
                                    bad(name, n, "KM", k.to_owned(), "a multiple of 0.5")
                                })?);
                            }
                            "KM" | "AB" | "AW" | "AE" | "TB" | "TW" if empty => {
                                warnings.push(format!("node {n}: empty {id} ignored"));
                            }
                            // SZ was read above from the root; game info after the first
                            // occurrence on the main line is not read.
                            "SZ" | "HA" | "KM" | "RU" | "RE" => {}
                            _ => {
                                let expected = match id.as_str() {
                                    "KM" => "a real number",
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
            if has_setup && !record.moves.is_empty() {
                return Err(SgfError::new(name, SgfErrorKind::SetupAfterMoves).at(
                    n,
                    if node_move.is_some() {
                        "B/W"
                    } else {
                        "AB/AW/AE/PL"
                    },
                ));
            }
            if let Some((color, mv)) = node_move {
                if has_setup {
                    // A node with both setup and a move: the setup comes first (FF[4] forbids
                    // the mix, older files have it).
                    warnings.push(format!("node {n}: setup and move in one node"));
                }
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
        record.setup_stones = size
            .points()
            .zip(board)
            .filter_map(|(p, c)| c.map(|c| (p, c)))
            .collect();
        if let Some(ru) = &record.rules {
            record.rules_id = crate::rules_id(ru);
            if record.rules_id.is_none() {
                warnings.push(format!(
                    "unknown rules name RU[{ru}]: no built-in variant chosen"
                ));
            }
        }
        record.warnings = warnings;
        record.collection = collection;
        Ok(record)
    }

    /// How the game starts, for a referee: the size, handicap, setup stones, komi, and the player
    /// to move first: `PL` if given, else the colour of the first move of the main line, else
    /// the variant's choice.
    #[must_use]
    pub fn setup(&self) -> Setup {
        Setup {
            size: self.size,
            handicap: self.handicap,
            stones: self.setup_stones.clone(),
            to_move: self
                .player_to_move
                .or_else(|| self.moves.first().map(|m| m.color)),
            komi: self.komi,
        }
    }

    /// Points of the stones the territory marks declare dead, given the final board's stones:
    /// a Black stone on a point marked `TW`, a White stone on a point marked `TB`.
    #[must_use]
    pub fn marked_dead(&self, board: &weiqi_core::Board) -> Vec<Point> {
        let mut dead: Vec<Point> = Color::ALL
            .into_iter()
            .flat_map(|owner| {
                self.territory[owner]
                    .iter()
                    .copied()
                    .filter(move |&p| board.get(p) == Some(owner.opponent()))
            })
            .collect();
        dead.sort_by_key(|p| (p.row, p.col));
        dead
    }

    /// The number of game trees in the file.
    #[must_use]
    pub fn game_count(&self) -> usize {
        self.collection.trees.len()
    }

    /// The whole file written back: every game tree, node and property, in order (lists of
    /// points sorted, values escaped canonically).
    #[must_use]
    pub fn to_sgf(&self) -> String {
        crate::tree::write_collection(&self.collection, &Edits::default())
    }

    /// The file written back with a ruling: `RE` in the root, `TB`/`TW` and a comment on the
    /// last node of the main line; everything else as [`Record::to_sgf`] writes it.
    #[must_use]
    pub fn to_sgf_with(&self, ruling: &Ruling) -> String {
        let last = self.main_line_len.saturating_sub(1);
        let mut root_drop: Vec<&'static str> = vec!["RE"];
        let mut root_add: Vec<Prop> = vec![Prop::RE(sgf_parse::SimpleText {
            text: ruling.result.to_sgf(),
        })];
        let mut last_drop: Vec<&'static str> = Vec::new();
        let mut last_add: Vec<Prop> = Vec::new();
        if let Some(territory) = &ruling.territory {
            last_drop.extend(["TB", "TW"]);
            for (color, points) in territory.iter() {
                if points.is_empty() {
                    continue;
                }
                let set = points
                    .iter()
                    .map(|p| SgfPoint { x: p.col, y: p.row })
                    .collect();
                last_add.push(match color {
                    Color::Black => Prop::TB(set),
                    Color::White => Prop::TW(set),
                });
            }
        }
        if let Some(comment) = &ruling.comment {
            last_drop.push("C");
            let old = self.last_comment();
            let text = match old {
                Some(old) if !old.trim().is_empty() => format!("{old}\n\n{comment}"),
                _ => comment.clone(),
            };
            last_add.push(Prop::C(sgf_parse::Text { text }));
        }
        let edits = if last == 0 {
            root_drop.extend(last_drop);
            root_add.extend(last_add);
            Edits {
                nodes: vec![(0, root_drop, root_add)],
            }
        } else {
            Edits {
                nodes: vec![(0, root_drop, root_add), (last, last_drop, last_add)],
            }
        };
        crate::tree::write_collection(&self.collection, &edits)
    }

    fn last_comment(&self) -> Option<String> {
        let Some(GameTree::GoGame(root)) = self.collection.trees.first() else {
            return None;
        };
        root.main_variation()
            .last()?
            .properties()
            .find_map(|p| match p {
                Prop::C(t) => Some(t.text.clone()),
                _ => None,
            })
    }
}
