//! Per-file validation: every value of a [`SpecFile`] is checked on its own (enum spellings,
//! komi in half points, board sizes, handicap patterns, fractions), every problem is collected,
//! and the checked values are kept with the position they were written at, for the
//! cross-key checks after `extends` is resolved ([`crate::resolve`]).

use std::collections::{BTreeMap, BTreeSet};

use toml::Spanned;
use weiqi_core::{BoardSize, Color, CoordError, Point, Points};

use crate::error::{LineIndex, SpecError, SpecErrorKind};
use crate::file::{Int, Number, PatternsFile, SpecFile, Str, StrList};
use crate::keys::key_doc;
use crate::model::{
    AfterStop, ByoYomi, Counting, FinalEnd, FreePlacementMoves, FriendlyPass, GroupTax,
    HandicapBonus, InitialPosition, Ko, LastPass, LongCycle, LongCyclePasses, NeutralFill,
    PassDead, PassStones, PenaltySystem, Placement, RepeatedPass, ResumeFirst, Scoring, SekiEyes,
    SharedPoints, SingleStoneSuicide, SpecEnum, Suicide, Tie,
};

/// Where a value was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Loc {
    pub file: String,
    pub line: Option<usize>,
    pub column: Option<usize>,
}

impl Loc {
    /// An error at this position.
    pub(crate) fn error(&self, kind: SpecErrorKind, message: impl Into<String>) -> SpecError {
        let mut e = SpecError::new(&self.file, kind, message);
        e.line = self.line;
        e.column = self.column;
        e
    }
}

/// A checked value and where it was written.
#[derive(Debug, Clone)]
pub(crate) struct Set<T> {
    pub value: T,
    pub loc: Loc,
}

/// One size's patterns as a file writes them (an empty map removes the size).
pub(crate) type SizePatterns = BTreeMap<u32, Vec<Point>>;

/// The checked values of one file; `None` = not set in this file.
#[derive(Debug, Clone, Default)]
pub(crate) struct Partial {
    pub file: String,
    pub extends: Option<Set<String>>,
    pub name: Option<String>,
    pub summary: Option<String>,
    pub sources: Option<Vec<String>>,
    pub sgf_names: Option<Set<Vec<String>>>,
    pub sizes: Option<Set<Vec<BoardSize>>>,
    pub suicide: Option<Set<Suicide>>,
    pub single_stone_suicide: Option<Set<SingleStoneSuicide>>,
    pub ko: Option<Set<Ko>>,
    pub initial_position: Option<Set<InitialPosition>>,
    pub long_cycle: Option<Set<LongCycle>>,
    pub long_cycle_passes: Option<Set<LongCyclePasses>>,
    pub repeated_pass: Option<Set<RepeatedPass>>,
    pub long_cycle_repetitions: Option<Set<u32>>,
    pub stop_passes: Option<Set<u32>>,
    pub after_stop: Option<Set<AfterStop>>,
    pub resume_first: Option<Set<ResumeFirst>>,
    pub final_end: Option<Set<FinalEnd>>,
    pub final_end_passes: Option<Set<u32>>,
    pub pass_stones: Option<Set<PassStones>>,
    pub last_pass: Option<Set<LastPass>>,
    pub scoring: Option<Set<Scoring>>,
    pub shared_points: Option<Set<SharedPoints>>,
    pub seki_eyes: Option<Set<SekiEyes>>,
    pub neutral_fill: Option<Set<NeutralFill>>,
    pub pass_dead: Option<Set<PassDead>>,
    pub group_tax: Option<Set<GroupTax>>,
    pub friendly_pass: Option<Set<FriendlyPass>>,
    pub komi: Option<Set<Points>>,
    pub tie: Option<Set<Tie>>,
    pub tie_handicap: Option<Set<Tie>>,
    pub counting: Option<Set<Counting>>,
    pub placement: Option<Set<Placement>>,
    pub free_placement_moves: Option<Set<FreePlacementMoves>>,
    pub bonus: Option<Set<HandicapBonus>>,
    pub handicap_komi: Option<Set<Points>>,
    pub first_after_placement: Option<Set<Color>>,
    pub patterns: BTreeMap<BoardSize, Set<SizePatterns>>,
    pub penalty_system: Option<Set<PenaltySystem>>,
    pub penalty_step: Option<Set<(u32, u32)>>,
    pub penalty_points_per_step: Option<Set<u32>>,
    pub penalty_steps_to_loss: Option<Set<u32>>,
    pub byo_yomi: Option<Set<Vec<ByoYomi>>>,
    pub late_arrival_factor: Option<Set<u32>>,
}

/// Whether `id` is a valid variant id: lowercase ASCII letters and digits in words joined by
/// single hyphens (`rfg-2010-area`).
#[must_use]
pub fn is_valid_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 64
        && id.split('-').all(|w| {
            !w.is_empty()
                && w.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
}

struct Checker<'a> {
    file: &'a str,
    text: LineIndex<'a>,
    errors: Vec<SpecError>,
}

impl Checker<'_> {
    fn loc<T>(&self, v: &Spanned<T>) -> Loc {
        let e = SpecError::new(self.file, SpecErrorKind::InvalidValue, "")
            .at(&self.text, Some(v.span()));
        Loc {
            file: self.file.to_owned(),
            line: e.line,
            column: e.column,
        }
    }

    fn push<T>(&mut self, kind: SpecErrorKind, key: &str, at: &Spanned<T>, message: String) {
        let e = SpecError::new(self.file, kind, message)
            .at(&self.text, Some(at.span()))
            .key(key);
        self.errors.push(e);
    }

    fn set<T, U>(&self, at: &Spanned<T>, value: U) -> Set<U> {
        Set {
            value,
            loc: self.loc(at),
        }
    }

    fn word<T: SpecEnum>(&mut self, key: &str, s: &Str) -> Option<Set<T>> {
        let s = s.as_ref()?;
        match T::from_name(s.get_ref()) {
            Some(v) => Some(self.set(s, v)),
            None => {
                let e = SpecError::new(
                    self.file,
                    SpecErrorKind::UnknownValue,
                    format!("unknown value {:?}", s.get_ref()),
                )
                .at(&self.text, Some(s.span()))
                .key(key)
                .allowed(T::NAMES);
                self.errors.push(e);
                None
            }
        }
    }

    fn count(&mut self, key: &str, i: &Int) -> Option<Set<u32>> {
        let i = i.as_ref()?;
        let min = match key_doc(key).map(|d| d.kind) {
            Some(crate::keys::KeyKind::Count { min }) => i64::from(min),
            _ => 0,
        };
        let v = *i.get_ref();
        match u32::try_from(v) {
            Ok(n) if v >= min => Some(self.set(i, n)),
            _ => {
                let msg = if v < min {
                    format!("{v} is too small (allowed: {min} or more)")
                } else {
                    format!("{v} is too large (allowed: at most {})", u32::MAX)
                };
                self.push(SpecErrorKind::InvalidValue, key, i, msg);
                None
            }
        }
    }

    fn komi(&mut self, key: &str, n: &Option<Spanned<Number>>) -> Option<Set<Points>> {
        let n = n.as_ref()?;
        let points = match *n.get_ref() {
            Number::Int(i) if i.unsigned_abs() < 1 << 52 => Some(Points::whole(i)),
            Number::Int(_) => None,
            Number::Float(f) if f.abs() < 4e15 => Points::from_f64(f),
            Number::Float(_) => None,
        };
        match points {
            Some(p) => Some(self.set(n, p)),
            None => {
                let shown = match *n.get_ref() {
                    Number::Int(i) => i.to_string(),
                    Number::Float(f) => f.to_string(),
                };
                // Issue 9: say what is wrong: not a number, out of range, or not a half point.
                let msg = match *n.get_ref() {
                    Number::Float(f) if f.is_nan() => {
                        format!("komi {shown} is not a number (allowed: a multiple of 0.5)")
                    }
                    Number::Float(f) if f.is_infinite() => {
                        format!("komi {shown} is infinite (allowed: a multiple of 0.5)")
                    }
                    // `Points::from_f64` counts half points below 1e15.
                    Number::Float(f) if (f * 2.0).abs() >= 1e15 => format!(
                        "komi {f:e} is out of range (allowed: less than 500000000000000 in size)"
                    ),
                    Number::Int(_) => format!(
                        "komi {shown} is out of range (allowed: less than 4503599627370496 in size)"
                    ),
                    Number::Float(_) => format!("komi {shown} is not a multiple of 0.5"),
                };
                self.push(SpecErrorKind::InvalidValue, key, n, msg);
                None
            }
        }
    }

    fn text(s: &Str) -> Option<String> {
        s.as_ref().map(|s| s.get_ref().clone())
    }

    fn texts(s: &StrList) -> Option<Vec<String>> {
        s.as_ref()
            .map(|l| l.get_ref().iter().map(|s| s.get_ref().clone()).collect())
    }

    fn size(&mut self, key: &str, s: &Spanned<String>) -> Option<BoardSize> {
        match BoardSize::parse(s.get_ref()) {
            Ok(size) => Some(size),
            Err(CoordError::SideOutOfRange { side }) => {
                let msg = format!(
                    "board size {:?}: side {side} out of range (allowed: 1..=52)",
                    s.get_ref()
                );
                self.push(SpecErrorKind::InvalidValue, key, s, msg);
                None
            }
            Err(_) => {
                let msg = format!(
                    "malformed board size {:?} (expected \"WxH\", \"W:H\" or \"N\")",
                    s.get_ref()
                );
                self.push(SpecErrorKind::InvalidValue, key, s, msg);
                None
            }
        }
    }

    fn sizes(&mut self, key: &str, list: &StrList) -> Option<Set<Vec<BoardSize>>> {
        let list = list.as_ref()?;
        let mut out = Vec::new();
        let mut ok = true;
        for s in list.get_ref() {
            match self.size(key, s) {
                Some(size) if out.contains(&size) => {
                    self.push(
                        SpecErrorKind::InvalidValue,
                        key,
                        s,
                        format!("duplicate size {size}"),
                    );
                    ok = false;
                }
                Some(size) => out.push(size),
                None => ok = false,
            }
        }
        ok.then(|| self.set(list, out))
    }

    fn words<T: SpecEnum + PartialEq>(&mut self, key: &str, list: &StrList) -> Option<Set<Vec<T>>> {
        let list = list.as_ref()?;
        let mut out = Vec::new();
        let mut ok = true;
        for s in list.get_ref() {
            match self.word(key, &Some(s.clone())) {
                Some(v) if out.contains(&v.value) => {
                    let msg = format!("duplicate value {:?}", s.get_ref());
                    self.push(SpecErrorKind::InvalidValue, key, s, msg);
                    ok = false;
                }
                Some(v) => out.push(v.value),
                None => ok = false,
            }
        }
        ok.then(|| self.set(list, out))
    }

    fn sgf_names(&mut self, key: &str, list: &StrList) -> Option<Set<Vec<String>>> {
        let list = list.as_ref()?;
        let mut seen = BTreeSet::new();
        let mut ok = true;
        for s in list.get_ref() {
            let folded = s.get_ref().trim().to_lowercase();
            if folded.is_empty() {
                self.push(SpecErrorKind::InvalidValue, key, s, "empty sgf name".into());
                ok = false;
            } else if !seen.insert(folded) {
                let msg = format!(
                    "duplicate sgf name {:?} (names compare case-insensitively)",
                    s.get_ref()
                );
                self.push(SpecErrorKind::InvalidValue, key, s, msg);
                ok = false;
            }
        }
        ok.then(|| {
            self.set(
                list,
                list.get_ref().iter().map(|s| s.get_ref().clone()).collect(),
            )
        })
    }

    fn fraction(&mut self, key: &str, s: &Str) -> Option<Set<(u32, u32)>> {
        let s = s.as_ref()?;
        let parsed = s.get_ref().split_once('/').and_then(|(n, d)| {
            let n: u32 = n.trim().parse().ok()?;
            let d: u32 = d.trim().parse().ok()?;
            (d > 0).then_some((n, d))
        });
        match parsed {
            Some(f) => Some(self.set(s, f)),
            None => {
                let msg = format!(
                    "malformed fraction {:?} (expected \"n/d\" with whole n >= 0 and d > 0)",
                    s.get_ref()
                );
                self.push(SpecErrorKind::InvalidValue, key, s, msg);
                None
            }
        }
    }

    fn color(&mut self, key: &str, s: &Str) -> Option<Set<Color>> {
        self.word(key, s)
    }

    fn extends(&mut self, s: &Str) -> Option<Set<String>> {
        let s = s.as_ref()?;
        if is_valid_id(s.get_ref()) {
            Some(self.set(s, s.get_ref().clone()))
        } else {
            let msg = format!(
                "{:?} is not a variant id (lowercase letters and digits in words joined by `-`)",
                s.get_ref()
            );
            self.push(SpecErrorKind::InvalidValue, "extends", s, msg);
            None
        }
    }

    fn patterns(&mut self, p: &Spanned<PatternsFile>) -> BTreeMap<BoardSize, Set<SizePatterns>> {
        const KEY: &str = "handicap.patterns";
        let mut out = BTreeMap::new();
        for (size_text, counts) in p.get_ref() {
            let Some(size) = self.size(KEY, size_text) else {
                continue;
            };
            if out.contains_key(&size) {
                let msg = format!("size {size} is given twice (as {:?})", size_text.get_ref());
                self.push(SpecErrorKind::InvalidValue, KEY, size_text, msg);
                continue;
            }
            let mut size_patterns = SizePatterns::new();
            let mut ok = true;
            for (count_text, points) in counts.get_ref() {
                let count = match count_text.get_ref().trim().parse::<u32>() {
                    Ok(n) if n >= 1 && (n as usize) <= size.points_count() => n,
                    _ => {
                        let msg = format!(
                            "stone count {:?} on {size} is not a whole number in 1..={}",
                            count_text.get_ref(),
                            size.points_count()
                        );
                        self.push(SpecErrorKind::InvalidValue, KEY, count_text, msg);
                        ok = false;
                        continue;
                    }
                };
                if size_patterns.contains_key(&count) {
                    let msg = format!("stone count {count} on {size} is given twice");
                    self.push(SpecErrorKind::InvalidValue, KEY, count_text, msg);
                    ok = false;
                    continue;
                }
                let mut list: Vec<Point> = Vec::new();
                for point_text in points.get_ref() {
                    match Point::parse(point_text.get_ref(), size) {
                        Ok(pt) if list.contains(&pt) => {
                            let msg = format!(
                                "point {:?} is listed twice in the {count}-stone pattern on {size}",
                                point_text.get_ref()
                            );
                            self.push(SpecErrorKind::InvalidValue, KEY, point_text, msg);
                            ok = false;
                        }
                        Ok(pt) => list.push(pt),
                        Err(CoordError::OffBoard { .. }) => {
                            let msg = format!(
                                "point {:?} of the {count}-stone pattern is off the {size} board",
                                point_text.get_ref()
                            );
                            self.push(SpecErrorKind::InvalidValue, KEY, point_text, msg);
                            ok = false;
                        }
                        Err(_) => {
                            let msg = format!(
                                "malformed point {:?} in the {count}-stone pattern on {size} \
                                 (expected SGF \"pd\" or GTP \"Q16\")",
                                point_text.get_ref()
                            );
                            self.push(SpecErrorKind::InvalidValue, KEY, point_text, msg);
                            ok = false;
                        }
                    }
                }
                let written = points.get_ref().len();
                if written != count as usize {
                    let msg = format!(
                        "the {count}-stone pattern on {size} lists {written} point{}",
                        if written == 1 { "" } else { "s" }
                    );
                    self.push(SpecErrorKind::InvalidValue, KEY, points, msg);
                    ok = false;
                }
                size_patterns.insert(count, list);
            }
            if ok {
                out.insert(size, self.set(counts, size_patterns));
            }
        }
        out
    }
}

/// Checks every value of `spec` (read from `file`, whose text is `text`); returns the values
/// that are valid and every problem found.
pub(crate) fn validate_file(file: &str, text: &str, spec: &SpecFile) -> (Partial, Vec<SpecError>) {
    let mut c = Checker {
        file,
        text: LineIndex::new(text),
        errors: Vec::new(),
    };
    let mut p = Partial {
        file: file.to_owned(),
        extends: c.extends(&spec.extends),
        ..Partial::default()
    };
    if let Some(m) = &spec.meta {
        p.name = Checker::text(&m.name);
        p.summary = Checker::text(&m.summary);
        p.sources = Checker::texts(&m.sources);
        p.sgf_names = c.sgf_names("meta.sgf-names", &m.sgf_names);
    }
    if let Some(b) = &spec.board {
        p.sizes = c.sizes("board.sizes", &b.sizes);
    }
    if let Some(s) = &spec.play {
        p.suicide = c.word("play.suicide", &s.suicide);
        p.single_stone_suicide = c.word("play.single-stone-suicide", &s.single_stone_suicide);
        p.ko = c.word("play.ko", &s.ko);
        p.initial_position = c.word("play.initial-position", &s.initial_position);
        p.long_cycle = c.word("play.long-cycle", &s.long_cycle);
        p.long_cycle_passes = c.word("play.long-cycle-passes", &s.long_cycle_passes);
        p.long_cycle_repetitions =
            c.count("play.long-cycle-repetitions", &s.long_cycle_repetitions);
    }
    if let Some(s) = &spec.end {
        p.stop_passes = c.count("end.stop-passes", &s.stop_passes);
        p.after_stop = c.word("end.after-stop", &s.after_stop);
        p.resume_first = c.word("end.resume-first", &s.resume_first);
        p.final_end = c.word("end.final-end", &s.final_end);
        p.final_end_passes = c.count("end.final-end-passes", &s.final_end_passes);
        p.pass_stones = c.word("end.pass-stones", &s.pass_stones);
        p.last_pass = c.word("end.last-pass", &s.last_pass);
        p.repeated_pass = c.word("end.repeated-pass", &s.repeated_pass);
        p.friendly_pass = c.word("end.friendly-pass", &s.friendly_pass);
    }
    if let Some(s) = &spec.scoring {
        p.scoring = c.word("scoring.scoring", &s.scoring);
        p.shared_points = c.word("scoring.shared-points", &s.shared_points);
        p.seki_eyes = c.word("scoring.seki-eyes", &s.seki_eyes);
        p.neutral_fill = c.word("scoring.neutral-fill", &s.neutral_fill);
        p.pass_dead = c.word("scoring.pass-dead", &s.pass_dead);
        p.group_tax = c.word("scoring.group-tax", &s.group_tax);
        p.komi = c.komi("scoring.komi", &s.komi);
        p.tie = c.word("scoring.tie", &s.tie);
        p.tie_handicap = c.word("scoring.tie-handicap", &s.tie_handicap);
        p.counting = c.word("scoring.counting", &s.counting);
    }
    if let Some(s) = &spec.handicap {
        p.placement = c.word("handicap.placement", &s.placement);
        p.free_placement_moves = c.word("handicap.free-placement-moves", &s.free_placement_moves);
        p.bonus = c.word("handicap.bonus", &s.bonus);
        p.handicap_komi = c.komi("handicap.komi", &s.komi);
        p.first_after_placement =
            c.color("handicap.first-after-placement", &s.first_after_placement);
        if let Some(pat) = &s.patterns {
            p.patterns = c.patterns(pat);
        }
    }
    if let Some(s) = &spec.time {
        p.penalty_system = c.word("time.penalty-system", &s.penalty_system);
        p.penalty_step = c.fraction("time.penalty-step", &s.penalty_step);
        p.penalty_points_per_step =
            c.count("time.penalty-points-per-step", &s.penalty_points_per_step);
        p.penalty_steps_to_loss = c.count("time.penalty-steps-to-loss", &s.penalty_steps_to_loss);
        p.byo_yomi = c.words("time.byo-yomi", &s.byo_yomi);
        p.late_arrival_factor = c.count("time.late-arrival-factor", &s.late_arrival_factor);
    }
    (p, c.errors)
}
