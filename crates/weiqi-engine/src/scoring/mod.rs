//! Scoring a finished game: area, territory, seki, the dame filling, adjustments and the result.
//!
//! The engine's own count, written from the rules (docs/variants.md 3.c, 3.f; docs/decisions.md 10,
//! 17, 21), with the same rulings as the interpreter's `scoring::score` in every field of
//! [`Score`]: the breakdown per side, the margin, the result, one mark per point and the notes.
//!
//! How it is fast: the board is copied once into a padded one-dimensional array (`grid`);
//! every string and empty region is labelled by one branch-free flood fill on fixed arrays,
//! then the liberty count of each string and the colours each region touches are read from
//! the empty cells; the area and territory
//! marks, the string-level and region-level seki and the totals are then single passes over
//! the cells. Nothing is allocated per point. Under `seki-eyes = "count"` without dead stones
//! the count runs on bitboards first (`bits`: a `u64` per row, floods by shifts and masks),
//! and hands the position to the procedure above only when it cannot prove that the dame
//! filling leaves no seki there.
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

mod bits;
mod fill;
mod grid;
mod pass_alive;
mod result;
mod seki;

#[cfg(test)]
mod tests;

use std::fmt;

use weiqi_core::{Board, BoardSize, ByColor, Color, Point, PointMark, Points, Score, SideScore};
use weiqi_spec::{
    GroupTax, HandicapBonus, NeutralFill, PassDead, Ruleset, Scoring, SekiEyes, SharedPoints,
    Suicide, Tie,
};

use bits::Bits;
use fill::Filling;
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
    /// `scoring.seki-eyes` read with `scoring.neutral-fill` and the scoring method.
    pub seki: SekiRule,
    /// `scoring.tie`: who wins equal totals in an even game.
    pub tie: Tie,
    /// `scoring.tie-handicap`: who wins equal totals in a handicap game.
    pub tie_handicap: Tie,
    /// `handicap.bonus`: White's compensation per handicap stone (area counts only).
    pub bonus: HandicapBonus,
    /// `scoring.pass-dead`: whether stones in the other colour's pass-alive area are dead.
    pub pass_dead: PassDead,
    /// `play.suicide` other than `forbidden`: the suicide variant of the pass-alive test.
    pub suicide_legal: bool,
    /// `scoring.group-tax`: two points per independent-life region.
    pub group_tax: GroupTax,
}

impl ScoreRules {
    /// Compiles the scoring rules of `ruleset`.
    #[must_use]
    pub fn new(ruleset: &Ruleset) -> ScoreRules {
        let s = &ruleset.scoring;
        ScoreRules {
            scoring: s.scoring,
            shared_points: s.shared_points,
            seki: SekiRule::new(s.scoring, s.seki_eyes, s.neutral_fill),
            tie: s.tie,
            tie_handicap: s.tie_handicap,
            bonus: ruleset.handicap.bonus,
            pass_dead: s.pass_dead,
            suicide_legal: ruleset.play.suicide != Suicide::Forbidden,
            group_tax: s.group_tax,
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
    /// (docs/decisions.md 21), N >= 2 a game of N handicap stones.
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
/// size allocates only the [`Score`] it returns (and the notes).
#[derive(Debug, Clone)]
pub struct Scorer {
    /// The live board (dead stones removed), labelled.
    live: Grid,
    /// The board after the dame filling (P*), labelled.
    filled: Grid,
    /// The dame filling's work arrays.
    filling: Filling,
    /// Seki flags per cell.
    flags: Vec<u8>,
    /// Dead flags per cell.
    dead: Vec<bool>,
    /// The cells of the removed dead stones, with their colours.
    dead_cells: Vec<(u32, Color)>,
    /// Scratch for string collection.
    scratch: Vec<u32>,
    /// Scratch flags per region (the void regions of spec/FILLING.md 5.3).
    region_flags: Vec<bool>,
    /// Scratch flags per string (the strings in seki of the literal count).
    string_flags: Vec<bool>,
    /// The bitboard count of the `count` seki rule (boxed: 6 KB of planes).
    bits: Box<Bits>,
    /// The independent-life regions of each colour (Black, White) found by the last
    /// region-level count.
    independent: [u32; 2],
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
    /// Seki stones (counted in `stones` too).
    seki_stones: u32,
}

/// Which seki rule a count applies: `scoring.seki-eyes`, `scoring.neutral-fill` and the scoring
/// method read together as spec/FILLING.md 9 says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SekiRule {
    /// `count`: eyes count; the strings in seki of FILLING.md 5.2 on the filled position, and
    /// the strings next to an open dame point of it, are marked in the diagram only (9.4).
    Count,
    /// `void-string` without the fill (or under area): Art. 8 read literally on the board
    /// (9.1).
    Literal,
    /// `void-string` with `neutral-fill = "fill-first"` in a territory count: the filling of
    /// FILLING.md 4, then a string next to any open dame point is in seki (9.1).
    FilledString,
    /// `void-filled`: the filling, teire and seki of FILLING.md 4 and 5 (9.3).
    Filled,
    /// `void-region`: KataGo's region rule on the board, nothing filled (9.2).
    Region,
}

impl SekiRule {
    /// The rule of a variant's `scoring`, `seki-eyes` and `neutral-fill` (FILLING.md 9).
    #[must_use]
    pub fn new(scoring: Scoring, seki_eyes: SekiEyes, neutral_fill: NeutralFill) -> SekiRule {
        match seki_eyes {
            SekiEyes::Count => SekiRule::Count,
            SekiEyes::VoidRegion => SekiRule::Region,
            SekiEyes::VoidFilled => SekiRule::Filled,
            SekiEyes::VoidString => {
                if scoring == Scoring::Territory && neutral_fill == NeutralFill::FillFirst {
                    SekiRule::FilledString
                } else {
                    SekiRule::Literal
                }
            }
        }
    }

    /// The spec value of `scoring.seki-eyes` this rule comes from.
    #[must_use]
    pub fn spec_value(self) -> &'static str {
        match self {
            SekiRule::Count => "count",
            SekiRule::Literal | SekiRule::FilledString => "void-string",
            SekiRule::Filled => "void-filled",
            SekiRule::Region => "void-region",
        }
    }
}

impl Scorer {
    /// A scorer with work arrays for a 19x19 board (resized by the first count of another
    /// size).
    #[must_use]
    pub fn new() -> Scorer {
        let g = Grid::new(BoardSize::STANDARD);
        Scorer {
            live: g.clone(),
            filled: g,
            filling: Filling::default(),
            flags: Vec::new(),
            dead: Vec::new(),
            dead_cells: Vec::new(),
            scratch: Vec::new(),
            region_flags: Vec::new(),
            string_flags: Vec::new(),
            bits: Box::default(),
            independent: [0, 0],
        }
    }

    /// Counts a finished game under `rules`.
    ///
    /// The steps: the agreed dead stones are expanded to strings and removed (docs/variants.md 3.c
    /// step 1; a named empty or off-board point is noted and ignored); the live board is
    /// counted by area (Tromp-Taylor reachability, docs/variants.md 3.f, shared points for nobody
    /// or half each) or by territory (J89 Art. 8, AGA: eye points plus prisoners, dead stones and
    /// pass stones), with the seki rule of `seki-eyes` as spec/FILLING.md 9 reads it together
    /// with `neutral-fill` (the dame filling, teire and seki of FILLING.md 4-5 for a Japanese
    /// count); komi, White's handicap bonus (area counts only) and the penalties are added;
    /// the margin is Black's total minus White's, and the result follows `tie`, or
    /// `tie-handicap` in a handicap game (docs/decisions.md 17, 21).
    pub fn score(
        &mut self,
        rules: &ScoreRules,
        input: &ScoreInput<'_>,
    ) -> Result<Score, ScoreError> {
        self.score_with(rules, input, true)
    }

    /// [`Scorer::score`]; with `shortcut` false the dame filling runs even where
    /// `needs_filling` says it changes nothing (for the test of that invariant).
    fn score_with(
        &mut self,
        rules: &ScoreRules,
        input: &ScoreInput<'_>,
        shortcut: bool,
    ) -> Result<Score, ScoreError> {
        // `pass-dead = "dead"`: the pass-dead stones join the agreed ones.
        let with_pass_dead;
        let mut notes = Vec::new();
        let input = if rules.pass_dead == PassDead::Dead {
            let found = pass_alive::pass_dead(input.board, rules.suicide_legal);
            if !found.is_empty() {
                let mut text = String::from(PASS_DEAD_NOTE);
                for (k, &p) in found.iter().enumerate() {
                    if k > 0 {
                        text.push_str(", ");
                    }
                    push_sgf(&mut text, p);
                }
                notes.push(text);
            }
            with_pass_dead = input.dead.iter().chain(&found).copied().collect::<Vec<_>>();
            &ScoreInput {
                dead: &with_pass_dead,
                ..*input
            }
        } else {
            input
        };
        let board = input.board;
        let mut marks = Vec::new();
        // The `count` rule without dead stones: the bitboard count when it proves that the
        // filling leaves no seki (see `bits`), else the full procedure below.
        let fast = if shortcut && rules.seki == SekiRule::Count && input.dead.is_empty() {
            self.bits.count(board, &mut marks)
        } else {
            None
        };
        let (removed, t) = match fast {
            Some(t) => {
                // No dead stone: clear the previous count's dead flags and cells, as
                // `remove_dead` would.
                for &(i, _) in &self.dead_cells {
                    if let Some(d) = self.dead.get_mut(i as usize) {
                        *d = false;
                    }
                }
                self.dead_cells.clear();
                (ByColor { black: 0, white: 0 }, t)
            }
            None => self.full_marks(rules, input, shortcut, &mut marks, &mut notes),
        };

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
        // `group-tax = "two-points"` (it requires `void-region`, whose count set
        // `independent`): two points of territory per independent-life region.
        if rules.group_tax == GroupTax::TwoPoints {
            let [black, white] = self.independent;
            for (c, n) in [(Color::Black, black), (Color::White, white)] {
                sides[c].territory -= Points::whole(2 * i64::from(n));
            }
            if black + white > 0 {
                notes.push(format!(
                    "group tax (scoring.group-tax): black {black} independent regions, white \
                     {white}, two points each"
                ));
            }
        }
        if rules.seki != SekiRule::Count && t.seki_stones > 0 {
            notes.push(format!(
                "strings in seki found ({}): eyes they border are not territory",
                rules.seki.spec_value()
            ));
        }
        let (bonus, bonus_note) = result::white_bonus(rules, input.handicap);
        notes.extend(bonus_note);
        result::apply(&mut sides, input.komi, bonus, input.penalties)?;

        // The stones of the named dead strings are marked `Dead`.
        for &(i, c) in &self.dead_cells {
            marks[self.live.point_index(i as usize)] = PointMark::Dead(c);
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

    /// The marks and tally of the full procedure (dead stones removed, the live board
    /// labelled, the seki rule's arm), with the stones of each colour removed as dead.
    fn full_marks(
        &mut self,
        rules: &ScoreRules,
        input: &ScoreInput<'_>,
        shortcut: bool,
        marks: &mut Vec<PointMark>,
        notes: &mut Vec<String>,
    ) -> (ByColor<u32>, Tally) {
        let removed = self.remove_dead(input.board, input.dead, notes);
        self.live.relabel();
        marks.reserve(self.live.points_count());
        // Each arm makes the marks and returns their tally.
        let t = match rules.seki {
            SekiRule::Literal => {
                seki::string_level(&self.live, &mut self.flags);
                let f = &self.flags;
                literal_marks(
                    &self.live,
                    rules.scoring,
                    marks,
                    |i| f[i] == SEKI,
                    |i| f[i] == VOID,
                )
            }
            SekiRule::Region => {
                self.independent = seki::region_level(&self.live, &mut self.flags);
                let f = &self.flags;
                literal_marks(
                    &self.live,
                    rules.scoring,
                    marks,
                    |i| f[i] == SEKI,
                    |i| f[i] == VOID,
                )
            }
            SekiRule::Count => {
                // Without dame and strings in atari the filling adds nothing and finds no
                // seki (see `needs_filling`): no seki mark, so it is not run. A stone of P0 is
                // a stone of P* (the filling only adds stones): it is a seki stone when its
                // string of P* is in seki (5.2).
                if !shortcut || needs_filling(&self.live) {
                    let out = self.run_filling();
                    let (f, seki) = (&self.filled, &out.seki_5_2);
                    let t = literal_marks(
                        &self.live,
                        rules.scoring,
                        marks,
                        |i| seki[f.label[i] as usize],
                        |_| false,
                    );
                    self.filling.recycle(out);
                    t
                } else {
                    literal_marks(&self.live, rules.scoring, marks, |_| false, |_| false)
                }
            }
            SekiRule::Filled | SekiRule::FilledString if shortcut && !needs_filling(&self.live) => {
                // P* = P0, no seki point, no string in seki, no note of the filling: the marks
                // of the filling (eye points of P0, not voided) are the literal territory
                // marks without seki (see `needs_filling`).
                literal_marks(&self.live, rules.scoring, marks, |_| false, |_| false)
            }
            SekiRule::Filled if rules.scoring == Scoring::Area => {
                // An area count reads the filling for its seki only: the seki stones, and the
                // eye points of P* their strings void; every other point counts by reach.
                let out = self.run_filling();
                void_regions(
                    &self.filled,
                    self.filling.empties(),
                    &out.seki_5_2,
                    &mut self.region_flags,
                );
                let void = &self.region_flags;
                self.flags.clear();
                self.flags.resize(self.live.cells.len(), 0);
                let f = &self.filled;
                for i in self.live.board_cells() {
                    if self.live.cells[i] != EMPTY {
                        if out.seki_5_2[f.label[i] as usize] {
                            self.flags[i] = SEKI;
                        }
                    } else if f.cells[i] == EMPTY
                        && !self.filling.is_dame_point(i)
                        && void[f.label[i] as usize]
                    {
                        self.flags[i] = VOID;
                    }
                }
                self.filling.recycle(out);
                let f = &self.flags;
                literal_marks(
                    &self.live,
                    Scoring::Area,
                    marks,
                    |i| f[i] == SEKI,
                    |i| f[i] == VOID,
                )
            }
            SekiRule::FilledString | SekiRule::Filled => {
                let out = self.run_filling();
                let seki = if rules.seki == SekiRule::Filled {
                    &out.seki_5_2
                } else {
                    &out.borders_open_dame
                };
                let t = self.filled_marks(seki, marks);
                let literal = seki::string_level_territory(
                    &self.live,
                    &mut self.string_flags,
                    &mut self.region_flags,
                );
                self.filling_notes(&out, literal, t.territory, notes);
                self.filling.recycle(out);
                t
            }
        };
        (removed, t)
    }

    /// Runs the dame filling (spec/FILLING.md 4) on a copy of the live board; P* is left in
    /// `filled`, labelled.
    fn run_filling(&mut self) -> fill::Outcome {
        self.filled.copy_from(&self.live);
        self.filling.run(&mut self.filled)
    }

    /// Territory marks after the filling (spec/FILLING.md 5.3, 5.4): a live stone is a seki
    /// stone when its string of P* is in `seki`; an empty point of P0 is territory of c when it
    /// is an eye point of c still empty in P* whose eye region is bordered by no string in
    /// seki; every other point (dame, filled, teire) counts for nobody. Returns the tally of
    /// the marks.
    fn filled_marks(&mut self, seki: &[bool], marks: &mut Vec<PointMark>) -> Tally {
        let g = &self.filled;
        void_regions(g, self.filling.empties(), seki, &mut self.region_flags);
        let void = &self.region_flags;
        let mut n = [0u32; 8];
        // Row by row, in place, as in `literal_marks`.
        marks.clear();
        marks.resize(g.points_count(), PointMark::Neutral);
        let live = &self.live;
        for (r, row) in marks.chunks_exact_mut(g.width).enumerate() {
            let start = (r + 1) * g.stride + 1;
            for ((m, &c), i) in row
                .iter_mut()
                .zip(&live.cells[start..start + g.width])
                .zip(start..)
            {
                // Mark codes of [`MARKS`]: an eye point of P0 still empty and not void is
                // territory of its colour (code 1 or 2), a dame point neutral (0).
                let code = if c == EMPTY {
                    if g.cells[i] == EMPTY && !void[g.label[i] as usize] {
                        self.filling.eye_code(i)
                    } else {
                        0
                    }
                } else {
                    3 + c + 2 * u8::from(seki[g.label[i] as usize])
                };
                n[usize::from(code & 7)] += 1;
                *m = MARKS[usize::from(code & 7)];
            }
        }
        tally_of_codes(n)
    }

    /// The notes of the filling (spec/FILLING.md 6): the stones added, the open dame of P*
    /// (seki points and the points next to stones that look dead), and the territory of Art. 8
    /// read literally when it differs.
    fn filling_notes(
        &self,
        out: &fill::Outcome,
        literal: ByColor<u32>,
        filled: ByColor<u32>,
        notes: &mut Vec<String>,
    ) {
        // Each note is written into one string from its prefix on (no `format!`, no string
        // per point), allocated with its first entry and sized for its entries at once ("ab
        // (neutral), " is 14 bytes).
        let mut fills = String::new();
        let mut teire = String::new();
        for &(p, a) in &out.added {
            let (list, prefix, what) = match a {
                fill::Added::Fill(c) => (&mut fills, FILLS_NOTE, color_name(c)),
                fill::Added::Neutral => (&mut fills, FILLS_NOTE, "neutral"),
                fill::Added::Teire(c) => (&mut teire, TEIRE_NOTE, color_name(c)),
            };
            if list.is_empty() {
                list.reserve(prefix.len() + 14 * out.added.len());
                list.push_str(prefix);
            } else {
                list.push_str(", ");
            }
            push_sgf(list, p);
            list.push_str(" (");
            list.push_str(what);
            list.push(')');
        }
        notes.extend([fills, teire].into_iter().filter(|n| !n.is_empty()));
        let g = &self.filled;
        let open = |prefix: &str, exempt: bool| {
            sgf_list(
                prefix,
                g,
                self.filling
                    .open_dames()
                    .iter()
                    .map(|&i| i as usize)
                    .filter(|&i| out.exempt[i] == exempt),
            )
        };
        notes.extend(open(
            "dame the filling cannot close, seki points (spec/FILLING.md 5.1): ",
            false,
        ));
        if let Some(exempt_points) = open("", true) {
            let stones = sgf_list(
                "",
                g,
                g.board_cells().filter(|&i| {
                    matches!(g.cells[i], BLACK | WHITE) && out.looks_dead[g.label[i] as usize]
                }),
            )
            .unwrap_or_default();
            notes.push(format!(
                "dame left open next to stones that look dead ({stones}), no seki (spec/FILLING.md \
                 2.7): {exempt_points}"
            ));
        }
        let (before, after) = (literal, filled);
        if before != after {
            notes.push(format!(
                "without the filling (Art. 8 read literally), territory would be black {}, \
                 white {} (now black {}, white {})",
                before.black, before.white, after.black, after.white
            ));
        }
    }

    /// Loads `board` into the live grid, removes the strings of the named dead points, and
    /// returns how many stones of each colour were removed (notes for bad names). The removed
    /// cells, with their stones, are listed in `dead_cells`.
    fn remove_dead(
        &mut self,
        board: &Board,
        named: &[Point],
        notes: &mut Vec<String>,
    ) -> ByColor<u32> {
        let g = &mut self.live;
        g.load(board);
        // Only the cells the previous count flagged are set: clear those (all of them when
        // the size changed).
        if self.dead.len() == g.cells.len() {
            for &(i, _) in &self.dead_cells {
                self.dead[i as usize] = false;
            }
        } else {
            self.dead.clear();
            self.dead.resize(g.cells.len(), false);
        }
        self.dead_cells.clear();
        let mut removed = ByColor { black: 0, white: 0 };
        for &p in named {
            let Some(i) = g.cell_checked(p) else {
                notes.push(format!(
                    "dead-stone point {} is off the board; ignored",
                    p.to_sgf()
                ));
                continue;
            };
            if self.dead[i] {
                continue;
            }
            let Some(c) = color_of(g.cells[i]) else {
                notes.push(format!(
                    "dead-stone point {} holds no stone; ignored",
                    p.to_sgf()
                ));
                continue;
            };
            // The string is removed at once: the strings of later names are other strings
            // (a string's cells are found through its own colour only), and a later name in
            // this string finds its cell flagged and is skipped, as before the removal.
            g.collect_string(i, &mut self.scratch);
            removed[c] += self.scratch.len() as u32;
            for &j in &self.scratch {
                self.dead[j as usize] = true;
                self.dead_cells.push((j, c));
                g.cells[j as usize] = EMPTY;
            }
        }
        removed
    }
}

/// The prefix of the note listing the pass-dead stones.
const PASS_DEAD_NOTE: &str =
    "stones inside the other colour's pass-alive area are dead (scoring.pass-dead): ";
/// The prefix of the note listing the dame filled (spec/FILLING.md 6.1).
const FILLS_NOTE: &str = "dame filled before counting (docs/decisions.md 10, spec/FILLING.md): ";
/// The prefix of the note listing the teire (spec/FILLING.md 6.1).
const TEIRE_NOTE: &str = "teire made by their owner, not territory (spec/FILLING.md 4.2): ";

/// The marks a count makes, indexed by a mark code (see [`literal_marks`]): 0 neutral, 1-2
/// territory, 3 shared, 4-5 stones, 6-7 seki stones (Black, then White).
const MARKS: [PointMark; 8] = [
    PointMark::Neutral,
    PointMark::Territory(Color::Black),
    PointMark::Territory(Color::White),
    PointMark::Shared,
    PointMark::Stone(Color::Black),
    PointMark::Stone(Color::White),
    PointMark::SekiStone(Color::Black),
    PointMark::SekiStone(Color::White),
];

/// The tally of marks counted per code of [`MARKS`].
fn tally_of_codes(n: [u32; 8]) -> Tally {
    Tally {
        stones: ByColor {
            black: n[4] + n[6],
            white: n[5] + n[7],
        },
        territory: ByColor {
            black: n[1],
            white: n[2],
        },
        shared: n[3],
        seki_stones: n[6] + n[7],
    }
}

/// The marks of the live board `g` by area or territory (docs/variants.md 3.f; J89 Art. 8 on P0):
/// a stone counts for its colour (a seki stone when `seki` says so of its cell); an empty
/// point reaching one colour is its territory unless `void` says so of its cell; one reaching
/// both is shared under area and dame under territory; one reaching nothing is neutral.
/// Returns the tally of the marks.
///
/// Each cell gets a mark code (an index into [`MARKS`]) from its content and its region's
/// `touch` (0 none, 1 Black, 2 White, 3 both: the code of the empty point under area, with 3
/// made neutral under territory), counted per code: the tally is read from the counts.
fn literal_marks(
    g: &Grid,
    scoring: Scoring,
    marks: &mut Vec<PointMark>,
    seki: impl Fn(usize) -> bool,
    void: impl Fn(usize) -> bool,
) -> Tally {
    let empty_code: [u8; 4] = match scoring {
        Scoring::Area => [0, 1, 2, 3],
        Scoring::Territory => [0, 1, 2, 0],
    };
    let mut n = [0u32; 8];
    // Row by row over slices of one row (the marks, the cells), written in place: no
    // capacity test per mark and one bounds test per row rather than per cell.
    marks.clear();
    marks.resize(g.points_count(), PointMark::Neutral);
    for (r, row) in marks.chunks_exact_mut(g.width).enumerate() {
        let start = (r + 1) * g.stride + 1;
        for ((m, &c), i) in row
            .iter_mut()
            .zip(&g.cells[start..start + g.width])
            .zip(start..)
        {
            let code = if c == EMPTY {
                if void(i) {
                    0
                } else {
                    empty_code[usize::from(g.region_of(i).touch & 3)]
                }
            } else {
                // BLACK is 1 and WHITE 2: codes 4 and 5, or 6 and 7 in seki.
                3 + c + 2 * u8::from(seki(i))
            };
            n[usize::from(code & 7)] += 1;
            *m = MARKS[usize::from(code & 7)];
        }
    }
    tally_of_codes(n)
}

/// Whether the dame filling of spec/FILLING.md can change anything on the labelled live
/// board `g` (P0): it can only if P0 has a dame point (2.3: an empty region bordering both
/// colours or none) or a string in atari. Otherwise (the invariant the fast paths of
/// [`Scorer::score`] rely on, checked against the full procedure by `tests.rs`) no round adds a
/// stone (4.2: a teire needs a string with one liberty; 4.3: a fill needs an open dame point),
/// so P* = P0; P* has no seki point (5.1), no string in seki (5.2: S1 needs a seki point, S2 a
/// string in atari, S3 an S2 string), no exempt region (2.7), and every empty point is an eye
/// point of the one colour its region borders.
fn needs_filling(g: &Grid) -> bool {
    g.regions
        .iter()
        .any(|r| r.touch != BLACK && r.touch != WHITE)
        || g.strings.iter().any(|s| s.liberties == 1)
}

/// Per region of the labelled grid `g`: an eye region bordered by a string in `seki` (per
/// string of `g`) is void (spec/FILLING.md 5.3), written into `void`. `empties`: the empty
/// cells of `g`.
fn void_regions(g: &Grid, empties: &[u32], seki: &[bool], void: &mut Vec<bool>) {
    void.clear();
    void.resize(g.regions.len(), false);
    // Only a string in seki voids a region.
    if !seki.iter().any(|&s| s) {
        return;
    }
    for &i in empties {
        let i = i as usize;
        let r = g.label[i] as usize;
        if !void[r]
            && g.neighbours(i)
                .into_iter()
                .any(|n| matches!(g.cells[n], BLACK | WHITE) && seki[g.label[n] as usize])
        {
            void[r] = true;
        }
    }
}

/// `prefix` followed by the SGF names of the points of `cells` (cells of `g`), joined by
/// ", "; `None` when `cells` is empty.
fn sgf_list(prefix: &str, g: &Grid, cells: impl Iterator<Item = usize>) -> Option<String> {
    let mut out: Option<String> = None;
    for i in cells {
        let list = match &mut out {
            Some(list) => {
                list.push_str(", ");
                list
            }
            None => {
                // Room for a dozen names before the first reallocation.
                let list = out.insert(String::with_capacity(prefix.len() + 48));
                list.push_str(prefix);
                list
            }
        };
        push_sgf(list, g.point(i));
    }
    out
}

/// Appends the SGF name of `p` to `out`, as [`Point::to_sgf`] writes it (a letter per
/// coordinate, `a`-`z` then `A`-`Z`, for coordinates below 52), without a string per point.
fn push_sgf(out: &mut String, p: Point) {
    let letter = |i: u8| char::from(if i < 26 { b'a' + i } else { b'A' + (i - 26) });
    if p.col < 52 && p.row < 52 {
        out.push(letter(p.col));
        out.push(letter(p.row));
    } else {
        out.push_str(&p.to_sgf());
    }
}

/// The name of a colour in the notes (`Color`'s `Display`).
fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}
