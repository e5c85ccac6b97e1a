//! Generators: bytes in, a valid test case out.
//!
//! One code base serves every driver (docs/style.md 15, 16): each generator reads an
//! [`arbitrary::Unstructured`], so cargo-fuzz feeds it libFuzzer's bytes, the proptest strategy
//! [`case_strategy`] feeds it a byte vector, and the seeded plain test feeds it bytes from a
//! fixed pseudo-random stream ([`seeded_bytes`]). Every generator is total: exhausted bytes read
//! as zeros, which choose the first and simplest option (a built-in variant, a small empty
//! board), so any byte string is a valid case.
//!
//! The game script itself is not generated here: the oracle reads its bytes one action at a
//! time and uses them to pick an index into the actions legal at that moment
//! ([`crate::oracle`]), so every game is valid by construction.

use std::fmt::Write as _;

use arbitrary::Unstructured;
use proptest::prelude::*;
use weiqi_core::{Board, BoardSize, Color, Point, Points, Setup};
use weiqi_spec::{Placement, Ruleset, keys::KEYS, keys::KeyKind};

/// The id a generated (non-built-in) ruleset gets; its spec file is `harness-custom.toml`.
pub const CUSTOM_ID: &str = "harness-custom";

/// The spec sections whose keys the ruleset generator changes (`meta`, `board` and `time` do not
/// change a ruling of the referees: a size outside `board.sizes` is ruled with a note).
const RULE_SECTIONS: &[&str] = &["play", "end", "scoring", "handicap"];

/// A ruleset of a case: a built-in variant, or a built-in with some rule keys changed.
#[derive(Debug, Clone)]
pub struct RulesChoice {
    /// The built-in variant the case starts from.
    pub base: String,
    /// The changed keys (`section.key`, TOML value), empty for the built-in itself.
    pub changes: Vec<(String, String)>,
    /// The validated ruleset.
    pub ruleset: Ruleset,
}

impl RulesChoice {
    /// The variant id a ruling file names: the built-in id, or [`CUSTOM_ID`].
    #[must_use]
    pub fn id(&self) -> &str {
        &self.ruleset.id
    }

    /// The spec file of a changed ruleset (`extends` the base, lists the changes); `None` for a
    /// built-in.
    #[must_use]
    pub fn spec_toml(&self) -> Option<String> {
        (!self.changes.is_empty()).then(|| spec_text(&self.base, &self.changes))
    }
}

/// The spec file text of `base` with `changes` (grouped by section, in the order given).
fn spec_text(base: &str, changes: &[(String, String)]) -> String {
    let mut out = format!("extends = \"{base}\"\n");
    for section in RULE_SECTIONS {
        let mine: Vec<_> = changes
            .iter()
            .filter(|(k, _)| k.split_once('.').map(|(s, _)| s) == Some(*section))
            .collect();
        if mine.is_empty() {
            continue;
        }
        let _ = writeln!(out, "\n[{section}]");
        for (k, v) in mine {
            let name = k.split_once('.').map_or(k.as_str(), |(_, n)| n);
            let _ = writeln!(out, "{name} = {v}");
        }
    }
    out
}

/// The built-in variants, read from `weiqi_spec` (never a hard-coded list).
fn builtin_ids() -> Vec<&'static str> {
    weiqi_spec::builtin_ids()
}

/// The twelve variants of docs/decisions.md "The built-in variants", sorted: the list `u.choose`
/// picked from when the fuzz regressions were recorded.
const DECISIONS_IDS: [&str; 12] = [
    "aga",
    "chinese-1988",
    "chinese-kgs",
    "egf-sir",
    "ing-1996",
    "ing-aga",
    "japanese-1989",
    "korean",
    "new-zealand",
    "rfg-2010-area",
    "rfg-2010-territory",
    "tromp-taylor",
];

/// A built-in variant chosen by one byte, stable when a maintainer adds a file to `spec/`
/// (issue 13, item 6): a byte below 240 picks among the twelve of docs/decisions.md exactly as
/// `u.choose` over them did (the byte modulo 12), so the committed fuzz regressions decode to the
/// same case whatever is added; a byte of 240 or more picks one of the other built-ins (the byte
/// modulo their count), or, when there are none, again the byte modulo 12. Every built-in is
/// reached.
fn choose_builtin(u: &mut Unstructured<'_>) -> arbitrary::Result<String> {
    let byte = u.arbitrary::<u8>()?;
    let ids = builtin_ids();
    let stable: Vec<&str> = DECISIONS_IDS
        .iter()
        .copied()
        .filter(|id| ids.contains(id))
        .collect();
    let others: Vec<&str> = ids
        .iter()
        .copied()
        .filter(|id| !DECISIONS_IDS.contains(id))
        .collect();
    let from = if (byte >= 240 && !others.is_empty()) || stable.is_empty() {
        &others
    } else {
        &stable
    };
    from.get(usize::from(byte) % from.len().max(1))
        .map(|id| (*id).to_owned())
        .ok_or(arbitrary::Error::EmptyChoose)
}

/// A random value for a rule key, as TOML; `None` for keys the generator leaves alone.
fn key_value(u: &mut Unstructured<'_>, kind: KeyKind) -> arbitrary::Result<Option<String>> {
    Ok(match kind {
        KeyKind::Enum(names) => Some(format!("\"{}\"", u.choose(names)?)),
        KeyKind::Color => Some(format!("\"{}\"", u.choose(weiqi_spec::keys::COLOR_NAMES)?)),
        KeyKind::Count { min } => Some((min + u.int_in_range(0..=3)?).to_string()),
        KeyKind::Komi => Some(Points::from_halves(u.int_in_range(-6..=20)?).to_string()),
        _ => None,
    })
}

/// A ruleset: three times in four a built-in variant (every one of them, chosen by a byte),
/// otherwise a built-in with one to four rule keys (`play`, `end`, `scoring`, `handicap`) set to
/// random values. A combination the spec's cross-key checks refuse drops its changes one by one
/// until it validates, so the result is always a valid `Ruleset`.
pub fn ruleset(u: &mut Unstructured<'_>) -> arbitrary::Result<RulesChoice> {
    let base = choose_builtin(u)?;
    let mut changes: Vec<(String, String)> = Vec::new();
    if u.arbitrary::<u8>()? >= 192 {
        let keys = rule_keys(RULE_SECTIONS);
        for _ in 0..u.int_in_range(1..=4)? {
            let k = u.choose(&keys)?;
            change(u, &mut changes, k.key, k.kind)?;
        }
    }
    validated(base, changes)
}

/// The keys of the spec table in `sections` the generators may change.
fn rule_keys(sections: &[&str]) -> Vec<&'static weiqi_spec::keys::KeyDoc> {
    KEYS.iter()
        .filter(|k| sections.contains(&k.section()) && k.key != "handicap.patterns")
        .collect()
}

/// Sets `key` to a random value of its kind in `changes` (replacing an earlier change of it).
fn change(
    u: &mut Unstructured<'_>,
    changes: &mut Vec<(String, String)>,
    key: &str,
    kind: KeyKind,
) -> arbitrary::Result<()> {
    if let Some(v) = key_value(u, kind)? {
        changes.retain(|(k, _)| k != key);
        changes.push((key.to_owned(), v));
    }
    Ok(())
}

/// The ruleset of `base` with `changes`, dropping the last change until the spec validates it.
fn validated(base: String, mut changes: Vec<(String, String)>) -> arbitrary::Result<RulesChoice> {
    loop {
        let parsed = if changes.is_empty() {
            weiqi_spec::builtin(&base)
        } else {
            weiqi_spec::parse_str(&format!("{CUSTOM_ID}.toml"), &spec_text(&base, &changes))
        };
        match parsed {
            Ok(ruleset) => {
                return Ok(RulesChoice {
                    base,
                    changes,
                    ruleset,
                });
            }
            // A built-in always parses (weiqi-spec's own tests); an empty change list ends
            // the loop.
            Err(_) if !changes.is_empty() => {
                changes.pop();
            }
            Err(_) => return Err(arbitrary::Error::IncorrectFormat),
        }
    }
}

/// The rule keys a biased case varies, per kind of hard case.
const KO_AXES: &[&str] = &[
    "play.ko",
    "play.initial-position",
    "play.long-cycle",
    "play.long-cycle-repetitions",
    "play.long-cycle-passes",
    "end.repeated-pass",
];
/// The suicide axes.
const SUICIDE_AXES: &[&str] = &["play.suicide", "play.single-stone-suicide", "play.ko"];
/// The scoring and seki axes.
const SCORING_AXES: &[&str] = &[
    "scoring.scoring",
    "scoring.seki-eyes",
    "scoring.neutral-fill",
    "scoring.pass-dead",
    "scoring.group-tax",
    "scoring.shared-points",
    "scoring.komi",
    "scoring.tie",
    "scoring.tie-handicap",
    "scoring.counting",
    "end.pass-stones",
    "end.last-pass",
    "end.after-stop",
    "handicap.komi",
    "handicap.bonus",
    "play.suicide",
];

/// A ruleset for a biased case: a built-in variant (every one, chosen by a byte); three times in
/// four one to three of `axes` set to random values (the keys that rule the hard case: for ko
/// shapes `play.ko` takes each of its five values, natural situational superko and the Ing rule
/// included, which few built-ins use), and one time in four one more rule key of any section.
/// Validated as [`ruleset`] is.
pub fn biased_ruleset(u: &mut Unstructured<'_>, axes: &[&str]) -> arbitrary::Result<RulesChoice> {
    let base = choose_builtin(u)?;
    let mut changes: Vec<(String, String)> = Vec::new();
    let keys = rule_keys(RULE_SECTIONS);
    if u.arbitrary::<u8>()? >= 64 {
        let mine: Vec<_> = keys.iter().filter(|k| axes.contains(&k.key)).collect();
        // The first axis (`play.ko`, `play.suicide`, `scoring.scoring`) more often than the
        // others, and first, so the validation drops the dependent keys before it.
        if !mine.is_empty() && u.arbitrary::<bool>()? {
            let first = mine[0];
            change(u, &mut changes, first.key, first.kind)?;
        }
        for _ in 0..u.int_in_range(0..=2)? {
            let k = u.choose(&mine)?;
            change(u, &mut changes, k.key, k.kind)?;
        }
    }
    if u.arbitrary::<u8>()? >= 192 {
        let k = u.choose(&keys)?;
        change(u, &mut changes, k.key, k.kind)?;
    }
    validated(base, changes)
}

/// Board sides, small ones more often (ko, suicide and seki are common on small boards).
const SIDES: &[u32] = &[
    1, 2, 2, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 7, 7, 8, 9, 9,
];

/// A board size: mostly 1x1 to 9x9, small sides weighted (half of them squares, half
/// rectangles such as 2x7 and 5x3), and now and then 13x13 (1 in 128), 19x19 (1 in 512) or a
/// board past 19 lines ([`large_board_size`], 1 in 512).
pub fn board_size(u: &mut Unstructured<'_>) -> arbitrary::Result<BoardSize> {
    let roll: u8 = u.arbitrary()?;
    let (w, h) = match roll {
        // One more byte only on this rare roll, so that every other case decodes as it did
        // before large boards were generated (issue 29 item 13).
        255 if u.arbitrary::<u8>()? >= 128 => return large_board_size(u),
        255 => (19, 19),
        253 | 254 => (13, 13),
        _ => {
            let w = *u.choose(SIDES)?;
            let h = if u.arbitrary::<bool>()? {
                w
            } else {
                *u.choose(SIDES)?
            };
            (w, h)
        }
    };
    BoardSize::new(w, h).map_err(|_| arbitrary::Error::IncorrectFormat)
}

/// The sides of [`large_board_size`]: every side from 20 to 52 (`BoardSize`'s largest).
const LARGE_SIDES: std::ops::RangeInclusive<u32> = 20..=52;

/// A board past 19 lines in one direction or both, up to 52x52 (issue 29 item 13: weiqi rules
/// every size to 52x52, and a bug of wide boards, of the SGF letters past `s` and past `z`, or
/// of the engine's padded rows, shows only there): a strip of 1 to 4 lines (a quarter), a
/// rectangle with its other side 5 to 19 (a quarter), a square (a quarter), any two large
/// sides (a quarter); either side the long one. The oracle keeps the games on boards over 361
/// points short ([`crate::oracle`]), so a large case costs about what a 19x19 one does.
pub fn large_board_size(u: &mut Unstructured<'_>) -> arbitrary::Result<BoardSize> {
    let long = u.int_in_range(LARGE_SIDES)?;
    let (w, h) = match u.int_in_range(0..=3u8)? {
        0 => (long, u.int_in_range(1..=4)?),
        1 => (long, u.int_in_range(5..=19)?),
        2 => (long, long),
        _ => (long, u.int_in_range(LARGE_SIDES)?),
    };
    let (w, h) = if u.arbitrary()? { (w, h) } else { (h, w) };
    BoardSize::new(w, h).map_err(|_| arbitrary::Error::IncorrectFormat)
}

/// A setup: mostly an even game on an empty board; sometimes a handicap (a count the variant
/// has a pattern for when it places fixed stones, else 1 to 5, the variant or free placement
/// placing them); sometimes random setup stones (each string keeps a liberty, as a setup must)
/// with a random player to move. Now and then a komi other than the variant's.
pub fn setup(
    u: &mut Unstructured<'_>,
    rules: &Ruleset,
    size: BoardSize,
) -> arbitrary::Result<Setup> {
    let roll: u8 = u.arbitrary()?;
    let mut setup = Setup::even(size);
    if (160..208).contains(&roll) {
        let fixed: Vec<u32> = rules
            .handicap
            .patterns
            .get(&size)
            .map(|m| m.keys().copied().collect())
            .unwrap_or_default();
        setup.handicap = if rules.handicap.placement == Placement::Fixed && !fixed.is_empty() {
            *u.choose(&fixed)?
        } else {
            let most = u32::try_from(size.points_count())
                .unwrap_or(u32::MAX)
                .min(5);
            u.int_in_range(1..=most.max(1))?
        };
    } else if roll >= 208 {
        let mut stones = Vec::new();
        for p in size.points() {
            match u.int_in_range(0u8..=7)? {
                0 => stones.push((p, Color::Black)),
                1 => stones.push((p, Color::White)),
                _ => {}
            }
        }
        setup.stones = keep_liberties(size, stones);
        setup.to_move = Some(if u.arbitrary()? {
            Color::Black
        } else {
            Color::White
        });
    }
    if u.arbitrary::<u8>()? >= 224 {
        setup.komi = Some(Points::from_halves(u.int_in_range(-4..=16)?));
    }
    Ok(setup)
}

/// Removes, until none is left, every string without a liberty (a setup may not hold one).
fn keep_liberties(size: BoardSize, mut stones: Vec<(Point, Color)>) -> Vec<(Point, Color)> {
    loop {
        let at = |p: Point, stones: &[(Point, Color)]| {
            stones.iter().find(|(q, _)| *q == p).map(|(_, c)| *c)
        };
        let dead = stones.iter().map(|&(p, _)| p).find(|&start| {
            let Some(color) = at(start, &stones) else {
                return false;
            };
            let mut seen = vec![start];
            let mut i = 0;
            while i < seen.len() {
                for n in size.neighbours(seen[i]) {
                    match at(n, &stones) {
                        None => return false,
                        Some(c) if c == color && !seen.contains(&n) => seen.push(n),
                        Some(_) => {}
                    }
                }
                i += 1;
            }
            true
        });
        match dead {
            Some(p) => stones.retain(|(q, _)| *q != p),
            None => return stones,
        }
    }
}

/// Which generator made a case: it decides the script's habits in the oracle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// The generic generator: any ruleset, board and setup; the script picks uniformly among
    /// the legal actions.
    Generic,
    /// A hard shape of [`crate::shapes::SHAPES`] (its index): the script plays the shape's
    /// hint, captures, recaptures and self-captures often.
    Shape(usize),
    /// A dense random position (most points occupied, every string with few liberties): many
    /// self-ataris, self-captures and captures into one's own last liberty; the script as for a
    /// shape.
    Dense,
    /// A random final position: the script passes at once and proposes random dead sets
    /// (scoring, neutral points, pass stones, handicap, ties).
    Scoring,
}

impl Kind {
    /// The name of the kind in the statistics (a shape's own name).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Kind::Generic => "generic",
            Kind::Shape(i) => crate::shapes::SHAPES.get(i).map_or("shape", |s| s.name),
            Kind::Dense => "dense",
            Kind::Scoring => "scoring",
        }
    }

    /// Whether the script of this kind favours hints, captures and self-captures.
    #[must_use]
    pub fn is_focused(self) -> bool {
        matches!(self, Kind::Shape(_) | Kind::Dense)
    }
}

/// A generated case: the ruleset, the setup, the script bytes the oracle reads action by
/// action, and which generator made it (with a shape's hint).
#[derive(Debug, Clone)]
pub struct Case {
    /// The ruleset.
    pub rules: RulesChoice,
    /// The setup.
    pub setup: Setup,
    /// The game script (bytes that pick indexes into the legal actions).
    pub script: Vec<u8>,
    /// The generator that made the case.
    pub kind: Kind,
    /// Moves the script favours, in a cycle (a shape's hint; empty otherwise): a colour and a
    /// point, or `None` for a pass.
    pub hint: Vec<(Color, Option<Point>)>,
}

impl Case {
    /// A case of the generic kind (no hint): what a hand-written regression builds.
    #[must_use]
    pub fn new(rules: RulesChoice, setup: Setup, script: Vec<u8>) -> Case {
        Case {
            rules,
            setup,
            script,
            kind: Kind::Generic,
            hint: Vec::new(),
        }
    }

    /// Reads a case from `u`. A first byte chooses the generator: three in eight the generic one
    /// ([`Case::generic`]: ruleset, board size, setup), three in eight a hard shape
    /// ([`Case::shape`]), one in eight a dense position ([`Case::dense`]), one in eight a final
    /// position to score ([`Case::scoring`]); every remaining byte is the script. Exhausted bytes
    /// read as zeros and choose the generic generator.
    pub fn generate(u: &mut Unstructured<'_>) -> arbitrary::Result<Case> {
        let mut case = match u.arbitrary::<u8>()? {
            0..=95 => Case::generic(u)?,
            96..=191 => Case::shape(u)?,
            192..=223 => Case::dense(u)?,
            _ => Case::scoring(u)?,
        };
        case.script = u.bytes(u.len())?.to_vec();
        Ok(case)
    }

    /// The generic generator: [`ruleset`], [`board_size`], [`setup`]; no script yet.
    pub fn generic(u: &mut Unstructured<'_>) -> arbitrary::Result<Case> {
        let rules = ruleset(u)?;
        let size = board_size(u)?;
        let setup = setup(u, &rules.ruleset, size)?;
        Ok(Case::new(rules, setup, Vec::new()))
    }

    /// [`Case::generic`] on a board past 19 lines ([`large_board_size`]): what the generic
    /// generator makes rarely, made on purpose (the seeded test of large boards).
    pub fn large(u: &mut Unstructured<'_>) -> arbitrary::Result<Case> {
        let rules = ruleset(u)?;
        let size = large_board_size(u)?;
        let setup = setup(u, &rules.ruleset, size)?;
        let mut case = Case::new(rules, setup, Vec::new());
        case.script = u.bytes(u.len())?.to_vec();
        Ok(case)
    }

    /// A hard shape ([`crate::shapes::SHAPES`], chosen by a byte) in one of its eight
    /// symmetries, colours swapped or not, with up to two empty lines added beside its empty
    /// edges; the ruleset from [`biased_ruleset`] on the shape family's axes; the shape's player
    /// to move; now and then a komi of its own (integral komi makes ties).
    pub fn shape(u: &mut Unstructured<'_>) -> arbitrary::Result<Case> {
        let index = u.choose_index(crate::shapes::SHAPES.len())?;
        Case::of_shape(u, index)
    }

    /// [`Case::shape`] with the shape given (its index in [`crate::shapes::SHAPES`]).
    pub fn of_shape(u: &mut Unstructured<'_>, index: usize) -> arbitrary::Result<Case> {
        use crate::shapes::{Family, Placement, SHAPES, place};
        if index >= SHAPES.len() {
            return Err(arbitrary::Error::IncorrectFormat);
        }
        let big =
            Board::from_diagram(SHAPES[index].diagram).map_or(0, |b| b.size().points_count()) > 30;
        let most = if big { 1 } else { 2 };
        let mut grow = [0u8; 4];
        for g in &mut grow {
            *g = u.int_in_range(0..=most)?;
        }
        let placement = Placement {
            symmetry: u.int_in_range(0..=7)?,
            swap: u.arbitrary()?,
            grow,
        };
        let placed = place(index, placement).ok_or(arbitrary::Error::IncorrectFormat)?;
        let axes = match SHAPES[index].family {
            Family::Ko => KO_AXES,
            Family::Suicide => SUICIDE_AXES,
            Family::Seki => SCORING_AXES,
        };
        let rules = biased_ruleset(u, axes)?;
        let mut setup = Setup::even(placed.size);
        setup.stones = placed.stones;
        setup.to_move = Some(placed.to_move);
        if u.arbitrary::<u8>()? >= 192 {
            setup.komi = Some(Points::from_halves(2 * u.int_in_range(-3..=8)?));
        }
        Ok(Case {
            rules,
            setup,
            script: Vec::new(),
            kind: Kind::Shape(index),
            hint: placed.hint,
        })
    }

    /// A dense random position: a board of 2 to 6 points a side, each point Black, White or
    /// empty (about two in five, two in five, one in five), strings without a liberty removed;
    /// a random player to move; the ruleset from [`biased_ruleset`] on the suicide and ko axes.
    pub fn dense(u: &mut Unstructured<'_>) -> arbitrary::Result<Case> {
        let w = u.int_in_range(2..=6)?;
        let h = if u.arbitrary()? {
            w
        } else {
            u.int_in_range(1..=6)?
        };
        let size = BoardSize::new(w, h).map_err(|_| arbitrary::Error::IncorrectFormat)?;
        let axes = if u.arbitrary()? {
            SUICIDE_AXES
        } else {
            KO_AXES
        };
        let rules = biased_ruleset(u, axes)?;
        let stones = random_stones(u, size, 2, 2, 1)?;
        let mut setup = Setup::even(size);
        setup.stones = stones;
        setup.to_move = Some(if u.arbitrary()? {
            Color::Black
        } else {
            Color::White
        });
        Ok(Case {
            rules,
            setup,
            script: Vec::new(),
            kind: Kind::Dense,
            hint: Vec::new(),
        })
    }

    /// A random final position to score: a board from [`board_size`] (at most 49 points, so the
    /// count is quick), stones at a random density (strings without a liberty removed), a
    /// handicap of 0 or 1 now and then (the handicap komi and tie rule: docs/decisions.md 21), an
    /// integral komi half the time (so ties occur), and the ruleset from [`biased_ruleset`] on the
    /// scoring axes (area or territory, seki eyes, neutral fill, shared points, pass stones,
    /// tie rules, the end procedure). The script passes at once and proposes random dead sets.
    pub fn scoring(u: &mut Unstructured<'_>) -> arbitrary::Result<Case> {
        let rules = biased_ruleset(u, SCORING_AXES)?;
        let mut size = board_size(u)?;
        if size.points_count() > 49 {
            size = BoardSize::new(
                u32::from(size.width()).min(7),
                u32::from(size.height()).min(7),
            )
            .map_err(|_| arbitrary::Error::IncorrectFormat)?;
        }
        let empty = u.int_in_range(1..=4)?;
        let stones = random_stones(u, size, 2, 2, empty)?;
        let mut setup = Setup::even(size);
        setup.stones = stones;
        setup.to_move = Some(if u.arbitrary()? {
            Color::Black
        } else {
            Color::White
        });
        if u.arbitrary::<u8>()? >= 224 {
            setup.handicap = 1;
        }
        if u.arbitrary()? {
            setup.komi = Some(Points::from_halves(2 * u.int_in_range(-3..=8)?));
        }
        Ok(Case {
            rules,
            setup,
            script: Vec::new(),
            kind: Kind::Scoring,
            hint: Vec::new(),
        })
    }

    /// [`Case::generate`] over a byte slice.
    pub fn from_bytes(bytes: &[u8]) -> arbitrary::Result<Case> {
        Case::generate(&mut Unstructured::new(bytes))
    }
}

/// Random stones on `size`: each point Black, White or empty with weights `black`, `white`,
/// `empty`; strings without a liberty removed.
fn random_stones(
    u: &mut Unstructured<'_>,
    size: BoardSize,
    black: u32,
    white: u32,
    empty: u32,
) -> arbitrary::Result<Vec<(Point, Color)>> {
    let total = black + white + empty;
    let mut stones = Vec::new();
    for p in size.points() {
        let r = u.int_in_range(0..=total - 1)?;
        if r < black {
            stones.push((p, Color::Black));
        } else if r < black + white {
            stones.push((p, Color::White));
        }
    }
    Ok(keep_liberties(size, stones))
}

impl<'a> arbitrary::Arbitrary<'a> for Case {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Case> {
        Case::generate(u)
    }
}

/// A proptest strategy for cases: a byte vector of up to `max_len` bytes read by
/// [`Case::from_bytes`] (the same generator the fuzz target uses).
pub fn case_strategy(max_len: usize) -> impl Strategy<Value = Case> {
    proptest::collection::vec(any::<u8>(), 0..max_len)
        .prop_filter_map("the generator refused the bytes", |b| {
            Case::from_bytes(&b).ok()
        })
}

/// `len` pseudo-random bytes from `seed` (xorshift64*): the byte stream of the seeded runs.
#[must_use]
pub fn seeded_bytes(seed: u64, len: usize) -> Vec<u8> {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..len)
        .map(|_| {
            x ^= x >> 12;
            x ^= x << 25;
            x ^= x >> 27;
            (x.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 56) as u8
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 12: "every built-in variant": the generator reaches each id weiqi-spec lists.
    #[test]
    fn every_builtin_variant_is_generated() {
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..2000 {
            let bytes = seeded_bytes(seed, 64);
            let r = ruleset(&mut Unstructured::new(&bytes)).expect("total generator");
            seen.insert(r.base.clone());
        }
        let all: std::collections::BTreeSet<String> =
            builtin_ids().into_iter().map(str::to_owned).collect();
        assert_eq!(seen, all);
    }

    /// Issue 12: "random valid combinations of every spec axis": changed rulesets occur, they
    /// validate, their spec file reparses to the same ruleset, and keys of every rule section
    /// are changed.
    #[test]
    fn changed_rulesets_are_valid_and_reparse() {
        let mut sections = std::collections::BTreeSet::new();
        let mut custom = 0;
        for seed in 0..2000 {
            let bytes = seeded_bytes(seed, 64);
            let r = ruleset(&mut Unstructured::new(&bytes)).expect("total generator");
            if let Some(toml) = r.spec_toml() {
                custom += 1;
                let again = weiqi_spec::parse_str("harness-custom.toml", &toml).expect(&toml);
                assert_eq!(again, r.ruleset, "{toml}");
                for (k, _) in &r.changes {
                    sections.insert(k.split_once('.').map(|(s, _)| s.to_owned()));
                }
            }
        }
        assert!(custom > 200, "only {custom} changed rulesets in 2000");
        assert_eq!(sections.len(), RULE_SECTIONS.len(), "{sections:?}");
    }

    /// Issue 12, "every spec axis": every key of the rule sections (but `handicap.patterns`, a
    /// per-size table of points) is set to a value the spec validates in some generated
    /// ruleset, by the generic generator or the biased one.
    #[test]
    fn every_rule_key_is_changed_in_a_valid_ruleset() {
        let mut changed = std::collections::BTreeSet::new();
        for seed in 0..1500 {
            let bytes = seeded_bytes(seed, 64);
            let r = ruleset(&mut Unstructured::new(&bytes)).expect("total generator");
            let b = biased_ruleset(&mut Unstructured::new(&bytes), KO_AXES).expect("total");
            for (k, _) in r.changes.iter().chain(&b.changes) {
                changed.insert(k.clone());
            }
        }
        for k in rule_keys(RULE_SECTIONS) {
            assert!(changed.contains(k.key), "{} never changed", k.key);
        }
    }

    /// Issue 12: sizes 1x1 to 9x9 with rectangles, and 13x13, 19x19 and larger boards now and
    /// then; small boards are the majority.
    #[test]
    fn board_sizes_cover_small_rectangles_and_large_boards() {
        let mut sizes = std::collections::BTreeMap::new();
        for seed in 0..5000 {
            let bytes = seeded_bytes(seed, 8);
            let s = board_size(&mut Unstructured::new(&bytes)).expect("total generator");
            *sizes.entry((s.width(), s.height())).or_insert(0) += 1;
        }
        for wh in [(1, 1), (2, 7), (5, 3), (9, 9), (13, 13), (19, 19)] {
            assert!(sizes.contains_key(&wh), "{wh:?} never generated");
        }
        // Boards past 19 lines, rarely (issue 29 item 13).
        let large: u32 = sizes
            .iter()
            .filter(|((w, h), _)| *w > 19 || *h > 19)
            .map(|(_, n)| n)
            .sum();
        assert!(
            (1..50).contains(&large),
            "{large} of 5000 boards past 19 lines"
        );
        let small: u32 = sizes
            .iter()
            .filter(|((w, h), _)| u32::from(*w) * u32::from(*h) <= 25)
            .map(|(_, n)| n)
            .sum();
        assert!(
            small > 2500,
            "{small} of 5000 boards have 25 points or fewer"
        );
    }

    /// Issue 29 item 13 (a): the large boards reach both 20 and 52 lines in each direction,
    /// strips of one line, rectangles and squares; every one is past 19 lines somewhere.
    #[test]
    fn large_board_sizes_reach_52_lines_both_ways() {
        let (mut widths, mut heights) = (
            std::collections::BTreeSet::new(),
            std::collections::BTreeSet::new(),
        );
        let (mut strip, mut square, mut both) = (false, false, false);
        for seed in 0..3000 {
            let bytes = seeded_bytes(seed, 8);
            let s = large_board_size(&mut Unstructured::new(&bytes)).expect("total generator");
            let (w, h) = (u32::from(s.width()), u32::from(s.height()));
            assert!(w > 19 || h > 19, "{s}");
            widths.insert(w);
            heights.insert(h);
            strip |= w == 1 || h == 1;
            square |= w == h;
            both |= w > 19 && h > 19 && w != h;
        }
        for side in [1, 20, 52] {
            assert!(widths.contains(&side), "width {side} never generated");
            assert!(heights.contains(&side), "height {side} never generated");
        }
        assert!(strip && square && both, "{strip} {square} {both}");
    }

    /// A setup never holds a string without liberties, and all three kinds occur.
    #[test]
    fn setups_are_valid_and_varied() {
        let rules = weiqi_spec::builtin("japanese-1989").expect("built-in");
        let size = BoardSize::square(5).expect("size");
        let (mut handicap, mut stones) = (0, 0);
        for seed in 0..500 {
            let bytes = seeded_bytes(seed, 64);
            let s = setup(&mut Unstructured::new(&bytes), &rules, size).expect("total");
            handicap += u32::from(s.handicap > 0);
            stones += u32::from(!s.stones.is_empty());
            let kept = keep_liberties(size, s.stones.clone());
            assert_eq!(kept, s.stones, "a string without liberties survived");
        }
        assert!(handicap > 20 && stones > 20, "{handicap} {stones}");
    }

    /// Exhausted bytes still make a case (the generator is total), of the generic kind.
    #[test]
    fn empty_bytes_make_a_case() {
        let case = Case::from_bytes(&[]).expect("total generator");
        assert!(case.script.is_empty());
        assert!(case.rules.changes.is_empty());
        assert_eq!(case.kind, Kind::Generic);
    }

    /// Issue 12, biased generators: every shape, the dense and the scoring kinds are generated
    /// from seeded bytes; every biased setup is valid (no string without a liberty); a ko shape's
    /// ruleset takes every value of `play.ko` (natural situational superko and Ing included),
    /// and a suicide case every value of `play.suicide`.
    #[test]
    fn biased_kinds_cover_every_shape_and_every_ko_and_suicide_rule() {
        let mut kinds = std::collections::BTreeSet::new();
        let mut ko_rules = std::collections::BTreeSet::new();
        let mut suicide_rules = std::collections::BTreeSet::new();
        for seed in 0..3000 {
            let case = Case::from_bytes(&seeded_bytes(seed, 96)).expect("total generator");
            kinds.insert(case.kind);
            let kept = keep_liberties(case.setup.size, case.setup.stones.clone());
            assert_eq!(kept, case.setup.stones, "{:?}", case.kind);
            match case.kind {
                Kind::Shape(i) if crate::shapes::SHAPES[i].family == crate::shapes::Family::Ko => {
                    ko_rules.insert(format!("{:?}", case.rules.ruleset.play.ko));
                }
                Kind::Shape(_) | Kind::Dense => {
                    suicide_rules.insert(format!("{:?}", case.rules.ruleset.play.suicide));
                }
                _ => {}
            }
        }
        for i in 0..crate::shapes::SHAPES.len() {
            assert!(kinds.contains(&Kind::Shape(i)), "shape {i} never generated");
        }
        for k in [Kind::Generic, Kind::Dense, Kind::Scoring] {
            assert!(kinds.contains(&k), "{k:?} never generated");
        }
        assert_eq!(ko_rules.len(), weiqi_spec::Ko::ALL.len(), "{ko_rules:?}");
        assert_eq!(
            suicide_rules.len(),
            weiqi_spec::Suicide::ALL.len(),
            "{suicide_rules:?}"
        );
    }
}
