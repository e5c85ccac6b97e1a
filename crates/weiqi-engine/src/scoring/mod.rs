//! Scoring a finished game: area, territory, seki, the dame filling, adjustments and the result.
//!
//! The engine's own count, written from the rules (VARIANTS.md 3.c, 3.f; DECISIONS.md 10, 17,
//! 21), with the same rulings as the interpreter's `scoring::score` in every field of
//! [`Score`]: the breakdown per side, the margin, the result, one mark per point and the notes.
//!
//! How it is fast: the board is copied once into a padded one-dimensional array (`grid`);
//! every string and empty region is labelled by one flood fill on fixed arrays, with the
//! liberty count of each string and the colours each region touches; the area and territory
//! marks, the string-level and region-level seki and the totals are then single passes over
//! the cells. Nothing is allocated per point.
//!
//! ```
//! use weiqi_core::{Board, BoardSize, ByColor, Points};
//! use weiqi_engine::scoring::{ScoreInput, ScoreRules, score};
//!
//! let ruleset = weiqi_spec::builtin("tromp-taylor").expect("built-in");
//! let rules = ScoreRules::new(&ruleset);
//! let board = Board::from_diagram(". X O .\nX X O O\n. X O .").expect("diagram");
//! let input = ScoreInput {
//!     komi: Points::from_halves(15),
//!     ..ScoreInput::new(&board)
//! };
//! let s = score(&rules, &input).expect("scored");
//! assert_eq!(s.result.to_sgf(), "W+7.5");
//! ```

mod fill;
mod grid;
mod result;
mod seki;

#[cfg(test)]
mod tests;

use std::fmt;

use weiqi_core::{Board, BoardSize, ByColor, Color, Point, PointMark, Points, Score, SideScore};
use weiqi_spec::{HandicapBonus, NeutralFill, Ruleset, Scoring, SekiEyes, SharedPoints, Tie};

use grid::{BLACK, EMPTY, Grid, WHITE, color_of};
use seki::{SEKI, VOID};

/// The scoring rules of a variant, compiled once from a [`Ruleset`]: plain enums, nothing
/// looked up while counting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScoreRules {
    /// `scoring.scoring`: area or territory.
    pub scoring: Scoring,
    /// `scoring.shared-points`: what a region bordered by both colours gives under area.
    pub shared_points: SharedPoints,
    /// `scoring.seki-eyes`: whether eyes of strings in seki count.
    pub seki_eyes: SekiEyes,
    /// `scoring.neutral-fill`: whether dame are filled before a territory count.
    pub neutral_fill: NeutralFill,
    /// `scoring.tie`: who wins equal totals in an even game.
    pub tie: Tie,
    /// `scoring.tie-handicap`: who wins equal totals in a handicap game.
    pub tie_handicap: Tie,
    /// `handicap.bonus`: White's compensation per handicap stone (area counts only).
    pub bonus: HandicapBonus,
}

impl ScoreRules {
    /// Compiles the scoring rules of `ruleset`.
    #[must_use]
    pub fn new(ruleset: &Ruleset) -> ScoreRules {
        let s = &ruleset.scoring;
        ScoreRules {
            scoring: s.scoring,
            shared_points: s.shared_points,
            seki_eyes: s.seki_eyes,
            neutral_fill: s.neutral_fill,
            tie: s.tie,
            tie_handicap: s.tie_handicap,
            bonus: ruleset.handicap.bonus,
        }
    }
}

impl From<&Ruleset> for ScoreRules {
    fn from(ruleset: &Ruleset) -> ScoreRules {
        ScoreRules::new(ruleset)
    }
}

/// Everything the count of a finished game needs, as plain data.
#[derive(Debug, Clone, Copy)]
pub struct ScoreInput<'a> {
    /// The final board, dead stones still on it.
    pub board: &'a Board,
    /// Points of stones agreed dead: a whole string is dead if any of its stones is named; a
    /// named point that is empty or off the board names nothing and is reported in a note.
    pub dead: &'a [Point],
    /// Stones each colour captured during play (self-captured stones credited to the opponent).
    pub prisoners: ByColor<u32>,
    /// Pass stones each colour received from the opponent's passes (AGA).
    pub pass_stones: ByColor<u32>,
    /// The game's `Setup::handicap`: 0 an even game, 1 a handicap game without stones
    /// (DECISIONS.md 21), N >= 2 a game of N handicap stones.
    pub handicap: u32,
    /// Komi, already resolved (the record's or caller's, else the variant's default for even
    /// or handicap games); negative is reverse komi.
    pub komi: Points,
    /// Penalty points charged to each side.
    pub penalties: ByColor<Points>,
}

impl<'a> ScoreInput<'a> {
    /// The input for `board` with no dead stones, prisoners, pass stones, handicap, komi or
    /// penalties; set the other fields with struct update syntax.
    #[must_use]
    pub fn new(board: &'a Board) -> ScoreInput<'a> {
        ScoreInput {
            board,
            dead: &[],
            prisoners: ByColor::default(),
            pass_stones: ByColor::default(),
            handicap: 0,
            komi: Points::ZERO,
            penalties: ByColor::default(),
        }
    }
}

/// Why a position could not be scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ScoreError {
    /// A total (komi, penalties, bonus and counted points) is outside the range of [`Points`].
    Overflow,
}

impl fmt::Display for ScoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScoreError::Overflow => {
                f.write_str("a total is out of range (komi, penalties or bonus too large)")
            }
        }
    }
}

impl std::error::Error for ScoreError {}

/// Counts a finished game (see [`Scorer::score`]).
pub fn score(rules: &ScoreRules, input: &ScoreInput<'_>) -> Result<Score, ScoreError> {
    Scorer::default().score(rules, input)
}

/// A reusable scorer: keeps its work arrays between counts, so scoring many positions of one
/// size allocates only the [`Score`] it returns.
#[derive(Debug, Clone)]
pub struct Scorer {
    /// The live board (dead stones removed), labelled.
    live: Grid,
    /// The board after the dame filling, labelled.
    filled: Grid,
    /// A spare board for the seki marks of `count` variants.
    spare: Grid,
    /// Seki flags per cell of the board the count is made on.
    flags: Vec<u8>,
    /// Seki flags of the literal (unfilled) count, for the fill's note.
    literal_flags: Vec<u8>,
    /// Dead flags per cell.
    dead: Vec<bool>,
    /// Scratch for string collection.
    scratch: Vec<u32>,
}

impl Default for Scorer {
    fn default() -> Scorer {
        Scorer::new()
    }
}

/// The counts of one set of marks.
#[derive(Debug, Clone, Copy, Default)]
struct Tally {
    stones: ByColor<u32>,
    territory: ByColor<u32>,
    shared: u32,
}

fn tally(marks: &[PointMark]) -> Tally {
    let mut t = Tally::default();
    for m in marks {
        match *m {
            PointMark::Stone(c) | PointMark::SekiStone(c) => t.stones[c] += 1,
            PointMark::Territory(c) => t.territory[c] += 1,
            PointMark::Shared => t.shared += 1,
            PointMark::Dead(_) | PointMark::Neutral => {}
        }
    }
    t
}

impl Scorer {
    /// A scorer with work arrays for a 19x19 board (resized by the first count of another
    /// size).
    #[must_use]
    pub fn new() -> Scorer {
        let g = Grid::new(BoardSize::STANDARD);
        Scorer {
            live: g.clone(),
            filled: g.clone(),
            spare: g,
            flags: Vec::new(),
            literal_flags: Vec::new(),
            dead: Vec::new(),
            scratch: Vec::new(),
        }
    }

    /// Counts a finished game under `rules`.
    ///
    /// The steps: the agreed dead stones are expanded to strings and removed (VARIANTS.md 3.c
    /// step 1; a named empty or off-board point is noted and ignored); the live board is
    /// counted by area (Tromp-Taylor reachability, VARIANTS.md 3.f, shared points for nobody or
    /// half each) or by territory (J89 Art. 8, AGA: eye points plus prisoners, dead stones and
    /// pass stones), with the seki rule of `seki-eyes` (string level, region level, or eyes
    /// counted with the seki strings marked) and, for a territory count with `neutral-fill =
    /// "fill-first"`, on the board after the dame filling (DECISIONS.md 10); komi, White's
    /// handicap bonus (area counts only) and the penalties are added; the margin is Black's
    /// total minus White's, and the result follows `tie`, or `tie-handicap` in a handicap game
    /// (DECISIONS.md 17, 21).
    pub fn score(
        &mut self,
        rules: &ScoreRules,
        input: &ScoreInput<'_>,
    ) -> Result<Score, ScoreError> {
        let board = input.board;
        let mut notes = Vec::new();
        let removed = self.remove_dead(board, input.dead, &mut notes);
        let Scorer {
            live,
            filled,
            spare,
            flags,
            literal_flags,
            dead,
            ..
        } = self;
        live.relabel();

        let mut marks = Vec::with_capacity(live.points_count());
        match rules.scoring {
            Scoring::Area => {
                seki_flags(live, spare, rules.seki_eyes, flags);
                area_marks(live, flags, &mut marks);
            }
            Scoring::Territory => {
                seki_flags(live, spare, rules.seki_eyes, flags);
                let mut done = false;
                if rules.neutral_fill == NeutralFill::FillFirst {
                    let f = filled;
                    f.copy_cells(live);
                    let fills = fill::fill_first(f);
                    if !fills.is_empty() {
                        f.relabel();
                        literal_flags.clone_from(flags);
                        let mut literal = Vec::with_capacity(live.points_count());
                        territory_marks(live, live, literal_flags, &mut literal);
                        seki_flags(f, spare, rules.seki_eyes, flags);
                        territory_marks(live, f, flags, &mut marks);
                        fill_notes(&fills, &literal, &marks, &mut notes);
                        done = true;
                    }
                }
                if !done {
                    territory_marks(live, live, flags, &mut marks);
                }
            }
        }

        let t = tally(&marks);
        let mut sides = ByColor::<SideScore>::default();
        match rules.scoring {
            Scoring::Area => {
                let half_shared = match rules.shared_points {
                    SharedPoints::Half => i64::from(t.shared),
                    SharedPoints::Neutral => 0,
                };
                for c in Color::ALL {
                    sides[c].stones = t.stones[c];
                    sides[c].territory =
                        Points::from_halves(2 * i64::from(t.territory[c]) + half_shared);
                }
            }
            Scoring::Territory => {
                for c in Color::ALL {
                    sides[c].territory = Points::whole(i64::from(t.territory[c]));
                    sides[c].prisoners = input.prisoners[c]
                        .checked_add(removed[c.opponent()])
                        .ok_or(ScoreError::Overflow)?;
                    sides[c].pass_stones = input.pass_stones[c];
                }
            }
        }
        if rules.seki_eyes != SekiEyes::Count
            && marks.iter().any(|m| matches!(m, PointMark::SekiStone(_)))
        {
            notes.push(format!(
                "strings in seki found ({}): eyes they border are not territory",
                rules.seki_eyes
            ));
        }
        let (bonus, bonus_note) = result::white_bonus(rules, input.handicap);
        notes.extend(bonus_note);
        result::apply(&mut sides, input.komi, bonus, input.penalties)?;

        for (k, i) in live.board_cells().enumerate() {
            if dead[i] {
                let p = live.point(i);
                if let Some(c) = board.get(p) {
                    marks[k] = PointMark::Dead(c);
                }
            }
        }
        let margin = Points::from_halves(
            sides
                .black
                .total
                .halves()
                .checked_sub(sides.white.total.halves())
                .ok_or(ScoreError::Overflow)?,
        );
        let result = result::result(margin, result::tie_rule(rules, input.handicap));
        Ok(Score {
            komi: input.komi,
            sides,
            margin,
            result,
            marks,
            notes,
        })
    }

    /// Loads `board` into the live grid, removes the strings of the named dead points, and
    /// returns how many stones of each colour were removed (notes for bad names).
    fn remove_dead(
        &mut self,
        board: &Board,
        named: &[Point],
        notes: &mut Vec<String>,
    ) -> ByColor<u32> {
        let g = &mut self.live;
        g.load(board);
        self.dead.clear();
        self.dead.resize(g.cells.len(), false);
        let mut removed = ByColor { black: 0, white: 0 };
        let mut any = false;
        for &p in named {
            let Some(i) = g.cell_checked(p) else {
                notes.push(format!(
                    "dead-stone point {} is off the board; ignored",
                    p.to_sgf()
                ));
                continue;
            };
            if g.cells[i] == EMPTY && !self.dead[i] {
                notes.push(format!(
                    "dead-stone point {} holds no stone; ignored",
                    p.to_sgf()
                ));
                continue;
            }
            if self.dead[i] {
                continue;
            }
            g.collect_string(i, &mut self.scratch);
            for &j in &self.scratch {
                self.dead[j as usize] = true;
            }
            any = true;
        }
        if any {
            for i in g.board_cells() {
                if self.dead[i]
                    && let Some(c) = color_of(g.cells[i])
                {
                    removed[c] += 1;
                }
            }
            for i in g.board_cells() {
                if self.dead[i] {
                    g.cells[i] = EMPTY;
                }
            }
        }
        removed
    }
}

/// The seki flags of the labelled grid `g` under `rule`: string level, region level, or for
/// `count` the seki strings of the board after the dame filling, restricted to the stones of
/// `g`, with no eye voided (the marks of a count variant show seki; the count is unchanged).
fn seki_flags(g: &Grid, spare: &mut Grid, rule: SekiEyes, flags: &mut Vec<u8>) {
    match rule {
        SekiEyes::VoidString => seki::string_level(g, flags),
        SekiEyes::VoidRegion => seki::region_level(g, flags),
        SekiEyes::Count => {
            let f = spare;
            f.copy_cells(g);
            if fill::fill_first(f).is_empty() {
                seki::string_level(g, flags);
            } else {
                f.relabel();
                seki::string_level(f, flags);
            }
            for i in g.board_cells() {
                if g.cells[i] == EMPTY || flags[i] != SEKI {
                    flags[i] = 0;
                }
            }
        }
    }
}

/// Area marks of the live grid (VARIANTS.md 3.f): a stone counts for its colour (marked in
/// seki by `flags`); an empty point reaching one colour is its territory unless voided; one
/// reaching both is shared; one reaching nothing is neutral.
fn area_marks(g: &Grid, flags: &[u8], marks: &mut Vec<PointMark>) {
    marks.clear();
    for i in g.board_cells() {
        let m = match g.cells[i] {
            EMPTY => {
                if flags[i] == VOID {
                    PointMark::Neutral
                } else {
                    match g.region_of(i).touch {
                        BLACK => PointMark::Territory(Color::Black),
                        WHITE => PointMark::Territory(Color::White),
                        0 => PointMark::Neutral,
                        _ => PointMark::Shared,
                    }
                }
            }
            c => stone_mark(c, flags[i]),
        };
        marks.push(m);
    }
}

fn stone_mark(cell: u8, flag: u8) -> PointMark {
    let c = if cell == BLACK {
        Color::Black
    } else {
        Color::White
    };
    if flag == SEKI {
        PointMark::SekiStone(c)
    } else {
        PointMark::Stone(c)
    }
}

/// Territory marks (J89 Art. 8, AGA): on `counted` (the live grid, or the live grid after the
/// dame filling, with `flags` found on it), an empty point of `live` is territory of the one
/// colour its region reaches, unless the filling put a stone on it or seki voids it; every
/// other empty point is dame.
fn territory_marks(live: &Grid, counted: &Grid, flags: &[u8], marks: &mut Vec<PointMark>) {
    marks.clear();
    for i in live.board_cells() {
        let m = match live.cells[i] {
            EMPTY => {
                if counted.cells[i] != EMPTY || flags[i] == VOID {
                    PointMark::Neutral
                } else {
                    match counted.region_of(i).touch {
                        BLACK => PointMark::Territory(Color::Black),
                        WHITE => PointMark::Territory(Color::White),
                        _ => PointMark::Neutral,
                    }
                }
            }
            c => stone_mark(c, flags[i]),
        };
        marks.push(m);
    }
}

/// The notes of a dame filling: the points filled, and the territory without the fill when
/// it differs (DECISIONS.md 10: the ruling says when the fill changed anything).
fn fill_notes(
    fills: &[(Point, Color)],
    literal: &[PointMark],
    filled: &[PointMark],
    notes: &mut Vec<String>,
) {
    let points: Vec<String> = fills
        .iter()
        .map(|(p, c)| format!("{} ({})", p.to_sgf(), c))
        .collect();
    notes.push(format!(
        "neutral points filled before counting (DECISIONS.md 10): {}",
        points.join(", ")
    ));
    let (before, after) = (tally(literal), tally(filled));
    if before.territory != after.territory {
        notes.push(format!(
            "without the fill, territory would be black {}, white {} (now black {}, white {})",
            before.territory.black,
            before.territory.white,
            after.territory.black,
            after.territory.white
        ));
    }
}
