//! Reading a game record: the main line of the first game tree, interpreted.

use sgf_parse::GameTree;
use sgf_parse::go::{Point as SgfPoint, Prop};
use weiqi_core::{BoardSize, ByColor, Color, GameResult, Move, Point, Points};

use crate::tree::{Collection, Edits};

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
    /// Komi (`KM`), if given and readable (Fox's komi times 100 already divided).
    pub komi: Option<Points>,
    /// The komi as written, if given.
    pub komi_text: Option<String>,
    /// Where [`Record::komi`] came from: written in the record, or the server's default that
    /// the record leaves out (Fox's `KM[0]` of an even game, docs/decisions.md 27).
    pub komi_source: KomiSource,
    /// Why the komi could not be read (`KM[3.75]`, `KM[6,5]`, `KM[1e308]`), if it could not.
    pub komi_problem: Option<String>,
    /// Handicap stones (`HA`; 0 when absent or unreadable). `HA` adds no stones (docs/decisions.md
    /// 23): [`Record::game_start`] finds them.
    pub handicap: u32,
    /// Whether the record has a readable `HA`.
    pub handicap_given: bool,
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
    /// Setup after the first move (`AB`/`AW`/`AE` in later nodes), in order: the replay edits
    /// the position there (issue 10). `AE` after the last move is not here: it is
    /// [`Record::removed_at_end`].
    pub edits: Vec<SetupEdit>,
    /// Stones removed by `AE` after the last move: the dead stones of an old scored record.
    pub removed_at_end: Vec<Point>,
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
    /// Whether the record was read strictly ([`crate::ReadOptions::strict`]).
    pub(crate) strict: bool,
    /// Whether the text was decoded from another charset than UTF-8: written back as UTF-8,
    /// with `CA[UTF-8]` in the root.
    pub(crate) recoded: bool,
    pub(crate) collection: Collection,
}

/// Where a record's komi came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum KomiSource {
    /// As the record writes it (`KM`), or no komi at all.
    #[default]
    Written,
    /// The komi the server played with, which its records do not write: Fox (`AP[foxwq]`)
    /// writes `KM[0]` in even games played with komi 6.5 (docs/decisions.md 27).
    ServerDefault,
}

/// Setup after the first move: an edit of the position between two moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupEdit {
    /// The node holding it, numbered along the main line from 0 (the root).
    pub node: usize,
    /// How many moves of [`Record::moves`] come before it.
    pub before: usize,
    /// The points changed, in the order written: a stone, or empty (`AE`).
    pub changes: Vec<(Point, Option<Color>)>,
    /// The player to move after it (`PL` in the same node), if given.
    pub to_move: Option<Color>,
    /// The setup identifiers of the node, in order (`AB`, `AW`, `AE`, `PL`).
    pub ids: Vec<&'static str>,
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
            .field("edits", &self.edits)
            .field("removed_at_end", &self.removed_at_end)
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

impl Record {
    /// A record with nothing read yet.
    pub(crate) fn empty(name: &str, size: BoardSize, main_line_len: usize) -> Record {
        Record {
            name: name.to_owned(),
            size,
            komi: None,
            komi_text: None,
            komi_source: KomiSource::Written,
            komi_problem: None,
            handicap: 0,
            handicap_given: false,
            rules: None,
            rules_id: None,
            setup_stones: Vec::new(),
            player_to_move: None,
            moves: Vec::new(),
            edits: Vec::new(),
            removed_at_end: Vec::new(),
            territory: ByColor::default(),
            territory_node: None,
            result: None,
            result_text: None,
            main_line_len,
            warnings: Vec::new(),
            strict: false,
            recoded: false,
            collection: Collection { trees: Vec::new() },
        }
    }

    /// Points of the stones the record declares dead, given the final board's stones: a Black
    /// stone on a point marked `TW`, a White stone on a point marked `TB`, and a stone removed by
    /// `AE` after the last move.
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
            .chain(
                self.removed_at_end
                    .iter()
                    .copied()
                    .filter(|&p| board.get(p).is_some()),
            )
            .collect();
        dead.sort_by_key(|p| (p.row, p.col));
        dead.dedup();
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
        let (drop, add) = self.charset_edit();
        let edits = if drop.is_empty() {
            Edits::default()
        } else {
            Edits {
                nodes: vec![(0, drop, add)],
            }
        };
        crate::tree::write_collection(&self.collection, &edits)
    }

    /// The root edit that says the written text is UTF-8, when it was decoded from another
    /// charset.
    fn charset_edit(&self) -> (Vec<&'static str>, Vec<Prop>) {
        if self.recoded {
            (
                vec!["CA"],
                vec![Prop::CA(sgf_parse::SimpleText {
                    text: "UTF-8".to_owned(),
                })],
            )
        } else {
            (Vec::new(), Vec::new())
        }
    }

    /// The file written back with a ruling: `RE` in the root, `TB`/`TW` and a comment on the
    /// last node of the main line; everything else as [`Record::to_sgf`] writes it.
    #[must_use]
    pub fn to_sgf_with(&self, ruling: &Ruling) -> String {
        let last = self.main_line_len.saturating_sub(1);
        let (mut root_drop, mut root_add) = self.charset_edit();
        root_drop.push("RE");
        root_add.push(Prop::RE(sgf_parse::SimpleText {
            text: ruling.result.to_sgf(),
        }));
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
