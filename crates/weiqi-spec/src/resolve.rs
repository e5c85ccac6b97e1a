//! Resolving `extends` and building the [`Ruleset`]: files are looked up by id (given files
//! first, then the built-ins), chains are followed with cycle detection, each key takes the
//! value of the nearest file in the chain that sets it (or its default), and the cross-key
//! checks run on the resolved values.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::builtin::BUILTIN_FILES;
use crate::defaults::defaults;
use crate::error::{SpecError, SpecErrorKind};
use crate::file::{ParsedFile, parse_spec_file_partial};
use crate::model::{
    AfterStop, Counting, FinalEnd, Ko, LastPass, LongCycle, PassStones, PenaltySystem, Ruleset,
    Scoring, SingleStoneSuicide, Suicide,
};
use crate::validate::{Loc, Partial, Set, is_valid_id, validate_file};

/// One spec file to load.
#[derive(Debug, Clone)]
struct Source {
    file: String,
    text: Cow<'static, str>,
}

/// Loads spec files by id, resolves them and collects every problem.
pub(crate) struct Loader {
    sources: BTreeMap<String, Source>,
    /// Ids of files given by the caller (they shadow built-ins of the same id).
    given: BTreeSet<String>,
    /// Per id: the valid values of the file (`None` after a syntax error) and whether the file
    /// has problems.
    parsed: BTreeMap<String, (Option<Partial>, bool)>,
    pub(crate) errors: Vec<SpecError>,
}

/// The id of a file: its stem.
pub(crate) fn stem(file: &str) -> String {
    Path::new(file)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

impl Loader {
    /// A loader that knows the built-in files.
    pub(crate) fn new() -> Loader {
        let mut sources = BTreeMap::new();
        for (id, text) in BUILTIN_FILES {
            sources.insert(
                (*id).to_owned(),
                Source {
                    file: format!("builtin:{id}"),
                    text: Cow::Borrowed(text),
                },
            );
        }
        Loader {
            sources,
            given: BTreeSet::new(),
            parsed: BTreeMap::new(),
            errors: Vec::new(),
        }
    }

    /// The ids known to this loader, sorted.
    fn known_ids(&self) -> Vec<String> {
        self.sources.keys().cloned().collect()
    }

    /// Adds a caller's file; returns its id, or `None` (with an error) if its stem is not a
    /// valid id or another given file has the same id.
    pub(crate) fn add(&mut self, file: &str, text: String) -> Option<String> {
        let id = stem(file);
        if !is_valid_id(&id) {
            self.errors.push(SpecError::new(
                file,
                SpecErrorKind::BadId,
                format!(
                    "file stem {id:?} is not a variant id (lowercase letters and digits in \
                     words joined by `-`, e.g. `japanese-1989`)"
                ),
            ));
            return None;
        }
        if self.given.contains(&id) {
            let other = self
                .sources
                .get(&id)
                .map(|s| s.file.clone())
                .unwrap_or_default();
            self.errors.push(SpecError::new(
                file,
                SpecErrorKind::BadId,
                format!("variant id {id:?} is also the id of {other}"),
            ));
            return None;
        }
        self.given.insert(id.clone());
        self.parsed.remove(&id);
        self.sources.insert(
            id.clone(),
            Source {
                file: file.to_owned(),
                text: Cow::Owned(text),
            },
        );
        Some(id)
    }

    /// The file name of `id`, if known.
    pub(crate) fn file_of(&self, id: &str) -> Option<&str> {
        self.sources.get(id).map(|s| s.file.as_str())
    }

    /// Parses and checks the file of `id` once (problems recorded); `None` if unknown.
    fn partial(&mut self, id: &str) -> Option<&(Option<Partial>, bool)> {
        if !self.parsed.contains_key(id) {
            let source = self.sources.get(id)?;
            let (file, text) = (source.file.as_str(), source.text.as_ref());
            let (partial, errors) = match parse_spec_file_partial(file, text) {
                Ok(ParsedFile::Clean(spec)) => {
                    let (p, errors) = validate_file(file, text, &spec);
                    (Some(p), errors)
                }
                Ok(ParsedFile::Partial(spec, mut errors)) => {
                    let (p, more) = validate_file(file, text, &spec);
                    errors.extend(more);
                    (Some(p), errors)
                }
                Err(errors) => (None, errors),
            };
            let broken = !errors.is_empty();
            self.errors.extend(errors);
            self.parsed.insert(id.to_owned(), (partial, broken));
        }
        self.parsed.get(id)
    }

    /// The chain `id`, parent, grandparent, ... of checked files, or `None` (problems
    /// recorded). The chain is followed through files with problems too, so that unknown
    /// parents and cycles are reported with them.
    fn chain(&mut self, id: &str) -> Option<Vec<Partial>> {
        let mut ids: Vec<String> = vec![id.to_owned()];
        let mut chain: Vec<Partial> = Vec::new();
        let mut ok = true;
        loop {
            let current = ids.last()?.clone();
            let (partial, broken) = match self.partial(&current) {
                Some((Some(p), broken)) => (p.clone(), *broken),
                Some((None, _)) => return None,
                None => return None,
            };
            ok &= !broken;
            let extends = partial.extends.clone();
            chain.push(partial);
            let Some(parent) = extends else { break };
            if let Some(pos) = ids.iter().position(|i| *i == parent.value) {
                self.report_cycle(&ids[pos..]);
                return None;
            }
            if !self.sources.contains_key(&parent.value) {
                let mut e = parent.loc.error(
                    SpecErrorKind::UnknownParent,
                    format!("unknown parent variant {:?}", parent.value),
                );
                e.key = Some("extends".into());
                e.allowed = self.known_ids().into_iter().filter(|i| *i != id).collect();
                self.errors.push(e);
                return None;
            }
            ids.push(parent.value);
        }
        ok.then_some(chain)
    }

    /// Reports a cycle at the `extends` of each of its members.
    fn report_cycle(&mut self, members: &[String]) {
        for (i, id) in members.iter().enumerate() {
            let loop_text: Vec<&str> = members[i..]
                .iter()
                .chain(members[..i].iter())
                .chain(std::iter::once(id))
                .map(String::as_str)
                .collect();
            let loc = self
                .parsed
                .get(id)
                .and_then(|(p, _)| p.as_ref())
                .and_then(|p| p.extends.as_ref())
                .map(|e| e.loc.clone());
            if let Some(loc) = loc {
                let mut e = loc.error(
                    SpecErrorKind::ExtendsCycle,
                    format!("extends cycle: {}", loop_text.join(" -> ")),
                );
                e.key = Some("extends".into());
                self.errors.push(e);
            }
        }
    }

    /// Resolves `id` into a ruleset, or `None` (problems recorded). `None` also when `id` is
    /// unknown: callers check that first.
    pub(crate) fn resolve(&mut self, id: &str) -> Option<Ruleset> {
        let chain = self.chain(id)?;
        let file = self.file_of(id).unwrap_or(id).to_owned();
        let (ruleset, errors) = build(id, &file, &chain);
        if errors.is_empty() {
            Some(ruleset)
        } else {
            self.errors.extend(errors);
            None
        }
    }

    /// Checks that no SGF name selects two of the given variants.
    pub(crate) fn check_sgf_names(&mut self, ids: &[String]) {
        let mut owner: BTreeMap<String, String> = BTreeMap::new();
        for id in ids {
            let Some((Some(p), _)) = self.parsed.get(id) else {
                continue;
            };
            let Some(names) = &p.sgf_names else { continue };
            for name in &names.value {
                let folded = name.trim().to_lowercase();
                match owner.get(&folded) {
                    Some(other) if other != id => {
                        let mut e = names.loc.error(
                            SpecErrorKind::InvalidValue,
                            format!("sgf name {name:?} also selects variant {other:?}"),
                        );
                        e.key = Some("meta.sgf-names".into());
                        self.errors.push(e);
                    }
                    _ => {
                        owner.insert(folded, id.clone());
                    }
                }
            }
        }
    }
}

/// The value of a key: the nearest file in the chain that sets it, else the default.
fn pick<T: Clone>(
    chain: &[Partial],
    get: impl Fn(&Partial) -> &Option<Set<T>>,
    default: T,
) -> Set<T> {
    chain.iter().find_map(|p| get(p).clone()).unwrap_or(Set {
        value: default,
        loc: Loc::none(),
    })
}

impl Loc {
    /// The position of a default value: nowhere.
    pub(crate) fn none() -> Loc {
        Loc {
            file: String::new(),
            line: None,
            column: None,
        }
    }

    fn describe(&self) -> String {
        match (self.file.is_empty(), self.line, self.column) {
            (true, _, _) => "default".into(),
            (false, Some(l), Some(c)) => format!("{}:{l}:{c}", self.file),
            (false, _, _) => self.file.clone(),
        }
    }
}

/// One side of a contradiction: key, value as TOML, where it was set.
struct Side<'a> {
    key: &'static str,
    value: String,
    loc: &'a Loc,
}

fn side<'a, T: std::fmt::Display>(key: &'static str, set: &'a Set<T>) -> Side<'a> {
    Side {
        key,
        value: format!("\"{}\"", set.value),
        loc: &set.loc,
    }
}

fn side_n<'a, T: std::fmt::Display>(key: &'static str, set: &'a Set<T>) -> Side<'a> {
    Side {
        key,
        value: set.value.to_string(),
        loc: &set.loc,
    }
}

/// Reports a contradiction at whichever of the two keys was set nearest the child (a default
/// counts as set in the child file, without a position).
fn contradiction(
    chain_files: &[String],
    file: &str,
    a: Side<'_>,
    b: Side<'_>,
    why: &str,
) -> SpecError {
    let rank = |loc: &Loc| {
        if loc.file.is_empty() {
            usize::MAX
        } else {
            chain_files
                .iter()
                .position(|f| *f == loc.file)
                .unwrap_or(usize::MAX - 1)
        }
    };
    let (here, other) = if rank(b.loc) < rank(a.loc) {
        (b, a)
    } else {
        (a, b)
    };
    let message = format!(
        "{} contradicts {} = {} ({}): {why}",
        here.value,
        other.key,
        other.value,
        other.loc.describe()
    );
    let mut e = if here.loc.file.is_empty() {
        SpecError::new(file, SpecErrorKind::Contradiction, message)
    } else {
        here.loc.error(SpecErrorKind::Contradiction, message)
    };
    e.key = Some(here.key.to_owned());
    e
}

/// Builds the ruleset of `id` (written in `file`) from its chain; returns it with every
/// cross-key problem.
fn build(id: &str, file: &str, chain: &[Partial]) -> (Ruleset, Vec<SpecError>) {
    let d = defaults(id);
    let me = &chain[0];
    let chain_files: Vec<String> = chain.iter().map(|p| p.file.clone()).collect();
    let mut errors = Vec::new();

    let mut r = d.clone();
    r.extends = me.extends.as_ref().map(|e| e.value.clone());
    r.meta.name = me.name.clone().unwrap_or(d.meta.name.clone());
    r.meta.summary = me.summary.clone().unwrap_or_default();
    r.meta.sources = me.sources.clone().unwrap_or_default();
    r.meta.sgf_names = me
        .sgf_names
        .as_ref()
        .map(|s| s.value.clone())
        .unwrap_or_default();

    let sizes = pick(chain, |p| &p.sizes, d.board.sizes.clone());
    r.board.sizes = sizes.value;

    let suicide = pick(chain, |p| &p.suicide, d.play.suicide);
    let sss = pick(
        chain,
        |p| &p.single_stone_suicide,
        d.play.single_stone_suicide,
    );
    let ko = pick(chain, |p| &p.ko, d.play.ko);
    let initial = pick(chain, |p| &p.initial_position, d.play.initial_position);
    let long_cycle = pick(chain, |p| &p.long_cycle, d.play.long_cycle);
    let reps = pick(
        chain,
        |p| &p.long_cycle_repetitions,
        d.play.long_cycle_repetitions,
    );

    let stop = pick(chain, |p| &p.stop_passes, d.end.stop_passes);
    let after_stop = pick(chain, |p| &p.after_stop, d.end.after_stop);
    let resume = pick(chain, |p| &p.resume_first, d.end.resume_first);
    let final_end = pick(chain, |p| &p.final_end, d.end.final_end);
    let final_passes = pick(chain, |p| &p.final_end_passes, d.end.final_end_passes);
    let pass_stones = pick(chain, |p| &p.pass_stones, d.end.pass_stones);
    let last_pass = pick(chain, |p| &p.last_pass, d.end.last_pass);

    let scoring = pick(chain, |p| &p.scoring, d.scoring.scoring);
    let shared = pick(chain, |p| &p.shared_points, d.scoring.shared_points);
    let seki = pick(chain, |p| &p.seki_eyes, d.scoring.seki_eyes);
    let fill = pick(chain, |p| &p.neutral_fill, d.scoring.neutral_fill);
    let komi = pick(chain, |p| &p.komi, d.scoring.komi);
    let tie = pick(chain, |p| &p.tie, d.scoring.tie);
    let tie_handicap = pick(chain, |p| &p.tie_handicap, tie.value);
    let counting = pick(chain, |p| &p.counting, d.scoring.counting);

    let placement = pick(chain, |p| &p.placement, d.handicap.placement);
    let moves = pick(
        chain,
        |p| &p.free_placement_moves,
        d.handicap.free_placement_moves,
    );
    let bonus = pick(chain, |p| &p.bonus, d.handicap.bonus);
    let hkomi = pick(chain, |p| &p.handicap_komi, d.handicap.komi);
    let first = pick(
        chain,
        |p| &p.first_after_placement,
        d.handicap.first_after_placement,
    );
    let mut patterns = d.handicap.patterns.clone();
    for p in chain.iter().rev() {
        for (size, set) in &p.patterns {
            if set.value.is_empty() {
                patterns.remove(size);
            } else {
                patterns.insert(*size, set.value.clone());
            }
        }
    }

    let penalty = pick(chain, |p| &p.penalty_system, d.time.penalty_system);
    let step = pick(chain, |p| &p.penalty_step, d.time.penalty_step);
    let points = pick(
        chain,
        |p| &p.penalty_points_per_step,
        d.time.penalty_points_per_step,
    );
    let steps = pick(
        chain,
        |p| &p.penalty_steps_to_loss,
        d.time.penalty_steps_to_loss,
    );
    let byo = pick(chain, |p| &p.byo_yomi, d.time.byo_yomi.clone());
    let late = pick(
        chain,
        |p| &p.late_arrival_factor,
        d.time.late_arrival_factor,
    );

    // Cross-key checks (documented in keys.rs and spec/README.md).
    let mut clash = |a: Side<'_>, b: Side<'_>, why: &str| {
        errors.push(contradiction(&chain_files, file, a, b, why));
    };
    if sss.value == SingleStoneSuicide::Pass && suicide.value == Suicide::Forbidden {
        clash(
            side("play.single-stone-suicide", &sss),
            side("play.suicide", &suicide),
            "a one-stone self-capture cannot count as a pass where self-capture is forbidden",
        );
    }
    if long_cycle.value != LongCycle::Nothing && ko.value != Ko::Simple {
        clash(
            side("play.long-cycle", &long_cycle),
            side("play.ko", &ko),
            "a long-cycle result only applies under simple ko (superko and the Ing rule \
             forbid the cycle); use long-cycle = \"nothing\"",
        );
    }
    if final_end.value == FinalEnd::ConsecutivePasses && final_passes.value <= stop.value {
        clash(
            side_n("end.final-end-passes", &final_passes),
            side_n("end.stop-passes", &stop),
            "final-end = \"consecutive-passes\" needs more final-end passes than stop passes",
        );
    }
    if final_end.value != FinalEnd::ConsecutivePasses && final_passes.value != 0 {
        clash(
            side_n("end.final-end-passes", &final_passes),
            side("end.final-end", &final_end),
            "final-end-passes is only used with final-end = \"consecutive-passes\" and must be 0 \
             otherwise",
        );
    }
    if after_stop.value == AfterStop::ScoreAllAlive && final_end.value != FinalEnd::Never {
        clash(
            side("end.final-end", &final_end),
            side("end.after-stop", &after_stop),
            "the stop already ends the game when after-stop = \"score-all-alive\"; use \
             final-end = \"never\"",
        );
    }
    if last_pass.value == LastPass::White && pass_stones.value == PassStones::None {
        clash(
            side("end.last-pass", &last_pass),
            side("end.pass-stones", &pass_stones),
            "White's extra last pass only matters with pass-stones = \"to-opponent\"",
        );
    }
    let area_only = matches!(
        counting.value,
        Counting::IngFillIn | Counting::ChineseHalfBoard
    );
    let territory_only = counting.value == Counting::JapanesePrisonersFilled;
    if (area_only && scoring.value != Scoring::Area)
        || (territory_only && scoring.value != Scoring::Territory)
    {
        clash(
            side("scoring.counting", &counting),
            side("scoring.scoring", &scoring),
            "this counting procedure presents the other kind of scoring",
        );
    }
    if penalty.value == PenaltySystem::IngPoints {
        if step.value.0 == 0 {
            let s = Side {
                key: "time.penalty-step",
                value: format!("\"{}/{}\"", step.value.0, step.value.1),
                loc: &step.loc,
            };
            clash(
                s,
                side("time.penalty-system", &penalty),
                "penalty points need a non-zero step",
            );
        }
        if points.value == 0 {
            clash(
                side_n("time.penalty-points-per-step", &points),
                side("time.penalty-system", &penalty),
                "penalty points need at least 1 point per step",
            );
        }
        if steps.value == 0 {
            clash(
                side_n("time.penalty-steps-to-loss", &steps),
                side("time.penalty-system", &penalty),
                "penalty points need at least 1 step before the loss",
            );
        }
    }

    r.play.suicide = suicide.value;
    r.play.single_stone_suicide = sss.value;
    r.play.ko = ko.value;
    r.play.initial_position = initial.value;
    r.play.long_cycle = long_cycle.value;
    r.play.long_cycle_repetitions = reps.value;
    r.end.stop_passes = stop.value;
    r.end.after_stop = after_stop.value;
    r.end.resume_first = resume.value;
    r.end.final_end = final_end.value;
    r.end.final_end_passes = final_passes.value;
    r.end.pass_stones = pass_stones.value;
    r.end.last_pass = last_pass.value;
    r.scoring.scoring = scoring.value;
    r.scoring.shared_points = shared.value;
    r.scoring.seki_eyes = seki.value;
    r.scoring.neutral_fill = fill.value;
    r.scoring.komi = komi.value;
    r.scoring.tie = tie.value;
    r.scoring.tie_handicap = tie_handicap.value;
    r.scoring.counting = counting.value;
    r.handicap.placement = placement.value;
    r.handicap.free_placement_moves = moves.value;
    r.handicap.bonus = bonus.value;
    r.handicap.komi = hkomi.value;
    r.handicap.first_after_placement = first.value;
    r.handicap.patterns = patterns;
    r.time.penalty_system = penalty.value;
    r.time.penalty_step = step.value;
    r.time.penalty_points_per_step = points.value;
    r.time.penalty_steps_to_loss = steps.value;
    r.time.byo_yomi = byo.value;
    r.time.late_arrival_factor = late.value;
    (r, errors)
}
