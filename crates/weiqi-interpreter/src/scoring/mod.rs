//! Scoring a finished game: the boundary between the play rules and the count.
//!
//! [`score`] is the literal count of a finished game under a [`Ruleset`]: remove the dead
//! stones ([`dead_stones`], and under `pass-dead = "dead"` the stones of [`pass_dead`]), count by area ([`area`]) or territory ([`territory`]) with the
//! variant's seki rule ([`seki_eyes`]) and, for `seki-eyes = "void-filled"` (or `void-string`
//! with `neutral-fill = "fill-first"`), the dame filling, teire and seki of `spec/FILLING.md`
//! ([`neutral_fill`]), then komi, handicap bonus, penalties and the tie rule
//! ([`adjustments`]). The other modules present or complete a result: Ing fill-in counting
//! ([`mod@ing_fill_in`]), Ing time penalties ([`penalties`]), Ing ranks ([`ranks`]) and the
//! Chinese and Japanese counting displays ([`counting`]).
//!
//! This module stands alone: it uses weiqi-core and weiqi-spec only, never the interpreter's
//! play logic.

pub mod adjustments;
pub mod area;
pub mod counting;
pub mod dead_stones;
pub mod group_tax;
pub mod ing_fill_in;
pub mod neutral_fill;
pub mod pass_dead;
pub mod penalties;
pub mod ranks;
pub mod regions;
pub mod seki_eyes;
pub mod territory;

pub use counting::counting_display;
pub use dead_stones::dead_from_territory_marks;
pub use ing_fill_in::{IngFillIn, IngFillInError, ing_fill_in};
pub use neutral_fill::{Filling, fill};

use weiqi_core::{Board, ByColor, Color, Point, PointMark, Points, Score, SideScore};
use weiqi_spec::{GroupTax, NeutralFill, PassDead, Ruleset, Scoring, SekiEyes, Suicide};

/// Everything the count of a finished game needs.
#[derive(Debug, Clone)]
pub struct ScoringInput<'a> {
    /// The variant.
    pub ruleset: &'a Ruleset,
    /// The final board, dead stones still on it.
    pub board: &'a Board,
    /// Points of stones agreed dead (a whole string is dead if any of its stones is named).
    pub dead: &'a [Point],
    /// Stones each colour captured during play (self-captured stones credited to the opponent).
    pub prisoners: ByColor<u32>,
    /// Pass stones each colour received from the opponent's passes.
    pub pass_stones: ByColor<u32>,
    /// The handicap of the game (weiqi-core `Setup::handicap`: 0 even, 1 a handicap game
    /// without stones, N >= 2 stones).
    pub handicap: u32,
    /// Komi, already resolved (the caller's or record's override, else the variant's default
    /// for even or handicap games).
    pub komi: Points,
    /// Penalty points charged to each side.
    pub penalties: ByColor<Points>,
}

/// The marks of the board the count is made on, before dead stones are overlaid.
fn count_marks(ruleset: &Ruleset, live: &Board, notes: &mut Vec<String>) -> Vec<PointMark> {
    let rules = &ruleset.scoring;
    match rules.scoring {
        Scoring::Area => area::marks(live, &seki_eyes::analyse(live, rules.seki_eyes)),
        Scoring::Territory => {
            let literal_fill = match (rules.seki_eyes, rules.neutral_fill) {
                (SekiEyes::VoidFilled, _) => false,
                (SekiEyes::VoidString, NeutralFill::FillFirst) => true,
                _ => {
                    return territory::marks(
                        live,
                        live,
                        &seki_eyes::analyse(live, rules.seki_eyes),
                    );
                }
            };
            let filling = neutral_fill::fill(live);
            let seki = seki_eyes::after_fill(&filling, literal_fill);
            let marks = territory::marks_after_fill(live, &filling, &seki);
            notes.extend(fill_notes(live, &filling, &marks));
            marks
        }
    }
}

/// The ruling's report of a filling (`spec/FILLING.md` section 6).
fn fill_notes(live: &Board, filling: &Filling, marks: &[PointMark]) -> Vec<String> {
    let list = |points: &mut dyn Iterator<Item = String>| points.collect::<Vec<_>>().join(", ");
    let mut notes = Vec::new();
    if !filling.fills.is_empty() {
        notes.push(format!(
            "dame filled before counting (docs/decisions.md 10, spec/FILLING.md): {}",
            list(&mut filling.fills.iter().map(|&(p, c)| match c {
                Some(c) => format!("{} ({c})", p.to_sgf()),
                None => format!("{} (neutral)", p.to_sgf()),
            }))
        ));
    }
    if !filling.teire.is_empty() {
        notes.push(format!(
            "teire made by their owner, not territory (spec/FILLING.md 4.2): {}",
            list(
                &mut filling
                    .teire
                    .iter()
                    .map(|&(p, c)| format!("{} ({c})", p.to_sgf()))
            )
        ));
    }
    if !filling.seki_points.is_empty() {
        notes.push(format!(
            "dame the filling cannot close, seki points (spec/FILLING.md 5.1): {}",
            list(&mut filling.seki_points.iter().map(|p| p.to_sgf()))
        ));
    }
    if !filling.exempt_points.is_empty() {
        notes.push(format!(
            "dame left open next to stones that look dead ({}), no seki (spec/FILLING.md 2.7): {}",
            list(&mut filling.looks_dead.iter().map(|p| p.to_sgf())),
            list(&mut filling.exempt_points.iter().map(|p| p.to_sgf()))
        ));
    }
    let literal = territory::marks(live, live, &seki_eyes::string_level(live));
    let (before, after) = (area::tally(&literal), area::tally(marks));
    if before.territory != after.territory {
        notes.push(format!(
            "without the filling (Art. 8 read literally), territory would be black {}, white {} \
             (now black {}, white {})",
            before.territory.black,
            before.territory.white,
            after.territory.black,
            after.territory.white
        ));
    }
    notes
}

/// Counts a finished game.
///
/// The steps, each in its own module: the agreed dead stones are expanded to strings and
/// removed ([`dead_stones`], docs/variants.md 3.c step 1); the remaining board is counted by area
/// (Tromp-Taylor reachability, docs/variants.md 3.f) or by territory (J89 Art. 8, AGA \[S4\]) with
/// the seki rule of `scoring.seki-eyes` and, for territory counts, `scoring.neutral-fill`;
/// komi, White's handicap bonus and the penalties are added ([`adjustments`]); the margin is
/// Black's total minus White's, and the result follows the tie rule (`scoring.tie`, or
/// `scoring.tie-handicap` from handicap 1 on, docs/decisions.md 21).
#[must_use]
pub fn score(input: &ScoringInput<'_>) -> Score {
    let ruleset = input.ruleset;
    // `scoring.pass-dead = "dead"`: the pass-dead stones are dead whatever was agreed.
    let pass_dead = match ruleset.scoring.pass_dead {
        PassDead::Alive => Vec::new(),
        PassDead::Dead => {
            pass_dead::pass_dead_stones(input.board, ruleset.play.suicide != Suicide::Forbidden)
        }
    };
    let named: Vec<Point> = input.dead.iter().chain(&pass_dead).copied().collect();
    let dead = dead_stones::from_agreement(input.board, &named);
    let (live, removed) = dead_stones::remove(input.board, &dead.points);
    let mut notes: Vec<String> = pass_dead::note(&pass_dead).into_iter().collect();
    notes.extend(dead.notes);
    let mut marks = count_marks(ruleset, &live, &mut notes);
    let tally = area::tally(&marks);

    let mut sides = ByColor::<SideScore>::default();
    match ruleset.scoring.scoring {
        Scoring::Area => {
            let territory = area::territory_points(&tally, ruleset.scoring.shared_points);
            for c in Color::ALL {
                sides[c].stones = tally.stones[c];
                sides[c].territory = territory[c];
            }
        }
        Scoring::Territory => {
            for c in Color::ALL {
                sides[c].territory = Points::whole(i64::from(tally.territory[c]));
                sides[c].prisoners = input.prisoners[c] + removed[c.opponent()];
                sides[c].pass_stones = input.pass_stones[c];
            }
        }
    }
    // `scoring.group-tax = "two-points"`: two points of territory per independent-life region.
    if ruleset.scoring.group_tax == GroupTax::TwoPoints {
        let regions = group_tax::independent_regions(&live);
        for c in Color::ALL {
            sides[c].territory -= Points::whole(2 * i64::from(regions[c]));
        }
        notes.extend(group_tax::note(regions));
    }
    if ruleset.scoring.seki_eyes != SekiEyes::Count
        && marks.iter().any(|m| matches!(m, PointMark::SekiStone(_)))
    {
        notes.push(format!(
            "strings in seki found ({}): eyes they border are not territory",
            ruleset.scoring.seki_eyes
        ));
    }
    let (bonus, bonus_note) = adjustments::white_bonus(ruleset, input.handicap);
    notes.extend(bonus_note);
    adjustments::apply(&mut sides, input.komi, bonus, input.penalties);

    for &p in &dead.points {
        if let (Some(c), Some(i)) = (input.board.get(p), input.board.size().index(p)) {
            marks[i] = PointMark::Dead(c);
        }
    }
    let margin = sides.black.total - sides.white.total;
    let result = adjustments::result(margin, adjustments::tie_rule(ruleset, input.handicap));
    Score {
        komi: input.komi,
        sides,
        margin,
        result,
        marks,
        notes,
    }
}
