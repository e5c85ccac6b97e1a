//! Resolving `extends` and building the [`Ruleset`]: a parent is looked up by id, chains are
//! followed with cycle detection, each key takes the value of the nearest file in the chain that
//! sets it (or its default), and the cross-key checks run on the resolved values.
//!
//! Where a parent comes from (issue 13, item 6), for a child file given by the caller: another
//! given file of that id, else the file `<id>.toml` beside the child on disk (when the loader
//! reads from disk), else the built-in of that id; the child itself is never its own parent, so
//! a private `korean.toml` with `extends = "korean"` extends the built-in `korean`. A built-in's
//! parents are built-ins.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::builtin::BUILTIN_FILES;
use crate::defaults::defaults;
use crate::error::{SpecError, SpecErrorKind};
use crate::file::{ParsedFile, parse_spec_file_partial};
use crate::model::{
    AfterStop, Counting, FinalEnd, GroupTax, Ko, LastPass, LongCycle, PassStones, PenaltySystem,
    RepeatedPass, Ruleset, Scoring, SekiEyes, SingleStoneSuicide, Suicide,
};
use crate::validate::{Loc, Partial, Set, is_valid_id, validate_file};

/// One spec file to load.
#[derive(Debug, Clone)]
struct Source {
    /// The variant id (the file stem).
    id: String,
    /// The file name in messages (`builtin:<id>` for a built-in).
    file: String,
    text: Cow<'static, str>,
    /// Where a file read from disk lives: its parents are looked for beside it.
    path: Option<PathBuf>,
    /// A built-in (its parents are built-ins).
    builtin: bool,
}

/// The key of a built-in file among the loader's sources.
fn builtin_key(id: &str) -> String {
    format!("builtin:{id}")
}

/// Loads spec files, resolves them and collects every problem. Files are held by key: a
/// built-in as `builtin:<id>`, a caller's file as `given:<file>`, a parent found on disk as
/// `disk:<canonical path>`, so a file and the built-in of the same id can both take part.
pub(crate) struct Loader {
    sources: BTreeMap<String, Source>,
    /// Id -> key of the files given by the caller (they shadow built-ins of the same id).
    given: BTreeMap<String, String>,
    /// Per key: the valid values of the file (`None` after a syntax error) and whether the file
    /// has problems.
    parsed: BTreeMap<String, (Option<Partial>, bool)>,
    /// `Some(limit)`: parents may be read from disk beside their child, up to `limit` bytes.
    disk: Option<usize>,
    pub(crate) errors: Vec<SpecError>,
}

/// The id of a file: its stem.
pub(crate) fn stem(file: &str) -> String {
    Path::new(file)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The same file on disk (canonical paths when both exist, else the paths as written).
fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

impl Loader {
    /// A loader that knows the built-in files and reads nothing from disk.
    pub(crate) fn new() -> Loader {
        let mut sources = BTreeMap::new();
        for (id, text) in BUILTIN_FILES {
            sources.insert(
                builtin_key(id),
                Source {
                    id: (*id).to_owned(),
                    file: builtin_key(id),
                    text: Cow::Borrowed(text),
                    path: None,
                    builtin: true,
                },
            );
        }
        Loader {
            sources,
            given: BTreeMap::new(),
            parsed: BTreeMap::new(),
            disk: None,
            errors: Vec::new(),
        }
    }

    /// A loader that also reads a parent from the file `<id>.toml` beside its child, up to
    /// `limit` bytes.
    pub(crate) fn with_disk(limit: usize) -> Loader {
        let mut loader = Loader::new();
        loader.disk = Some(limit);
        loader
    }

    /// The key of the built-in `id`, if there is one.
    pub(crate) fn builtin(&self, id: &str) -> Option<String> {
        let key = builtin_key(id);
        self.sources.contains_key(&key).then_some(key)
    }

    /// The ids known to this loader (given files and built-ins), sorted.
    fn known_ids(&self) -> Vec<String> {
        let ids: BTreeSet<String> = self.sources.values().map(|s| s.id.clone()).collect();
        ids.into_iter().collect()
    }

    /// Adds a caller's file; returns its key, or `None` (with an error) if its stem is not a
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
        if let Some(other) = self.given.get(&id) {
            let other = self
                .sources
                .get(other)
                .map(|s| s.file.clone())
                .unwrap_or_default();
            self.errors.push(SpecError::new(
                file,
                SpecErrorKind::BadId,
                format!("variant id {id:?} is also the id of {other}"),
            ));
            return None;
        }
        let key = format!("given:{file}");
        self.given.insert(id.clone(), key.clone());
        self.parsed.remove(&key);
        self.sources.insert(
            key.clone(),
            Source {
                id,
                file: file.to_owned(),
                text: Cow::Owned(text),
                path: self.disk.map(|_| PathBuf::from(file)),
                builtin: false,
            },
        );
        Some(key)
    }

    /// The file name of the file at `key`, if known.
    pub(crate) fn file_of(&self, key: &str) -> Option<&str> {
        self.sources.get(key).map(|s| s.file.as_str())
    }

    /// The key of the parent `parent` of the file at `child` (see the module doc), reading it
    /// from disk if need be; `None` if there is none.
    fn parent_key(&mut self, child: &str, parent: &str) -> Option<String> {
        let source = self.sources.get(child)?;
        if source.builtin {
            return self.builtin(parent);
        }
        if let Some(key) = self.given.get(parent)
            && key != child
        {
            return Some(key.clone());
        }
        if let (Some(limit), Some(path)) = (self.disk, source.path.clone()) {
            let dir = match path.parent() {
                Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
                _ => PathBuf::from("."),
            };
            let beside = dir.join(format!("{parent}.toml"));
            if beside.is_file() && !same_file(&beside, &path) {
                let canonical = beside.canonicalize().unwrap_or_else(|_| beside.clone());
                let key = format!("disk:{}", canonical.display());
                if !self.sources.contains_key(&key) {
                    let file = beside.display().to_string();
                    match crate::read_spec(&beside, limit) {
                        Ok(text) => {
                            self.sources.insert(
                                key.clone(),
                                Source {
                                    id: parent.to_owned(),
                                    file,
                                    text: Cow::Owned(text),
                                    path: Some(beside),
                                    builtin: false,
                                },
                            );
                        }
                        Err(e) => {
                            self.errors.push(*e);
                            return None;
                        }
                    }
                }
                return Some(key);
            }
        }
        self.builtin(parent)
    }

    /// Parses and checks the file at `key` once (problems recorded); `None` if unknown.
    fn partial(&mut self, key: &str) -> Option<&(Option<Partial>, bool)> {
        if !self.parsed.contains_key(key) {
            let source = self.sources.get(key)?;
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
            self.parsed.insert(key.to_owned(), (partial, broken));
        }
        self.parsed.get(key)
    }

    /// The chain of checked files from `key` through its parent, grandparent, ..., or `None`
    /// (problems recorded). The chain is followed through files with problems too, so that
    /// unknown parents and cycles are reported with them.
    fn chain(&mut self, key: &str) -> Option<Vec<Partial>> {
        let mut keys: Vec<String> = vec![key.to_owned()];
        let mut chain: Vec<Partial> = Vec::new();
        let mut ok = true;
        loop {
            let current = keys.last()?.clone();
            let (partial, broken) = match self.partial(&current) {
                Some((Some(p), broken)) => (p.clone(), *broken),
                Some((None, _)) => return None,
                None => return None,
            };
            ok &= !broken;
            let extends = partial.extends.clone();
            chain.push(partial);
            let Some(parent) = extends else { break };
            let Some(parent_key) = self.parent_key(&current, &parent.value) else {
                let current_id = self.sources.get(&current).map(|s| s.id.clone());
                if current_id.as_deref() == Some(parent.value.as_str()) {
                    let mut e = parent.loc.error(
                        SpecErrorKind::ExtendsCycle,
                        format!(
                            "extends cycle: {0} -> {0} (a file may extend the built-in of its \
                             own id, and there is no built-in {0:?})",
                            parent.value
                        ),
                    );
                    e.key = Some("extends".into());
                    self.errors.push(e);
                    return None;
                }
                let own = self.sources.get(key).map(|s| s.id.clone());
                let mut e = parent.loc.error(
                    SpecErrorKind::UnknownParent,
                    format!("unknown parent variant {:?}", parent.value),
                );
                e.key = Some("extends".into());
                e.allowed = self
                    .known_ids()
                    .into_iter()
                    .filter(|i| Some(i) != own.as_ref())
                    .collect();
                self.errors.push(e);
                return None;
            };
            if let Some(pos) = keys.iter().position(|k| *k == parent_key) {
                self.report_cycle(&keys[pos..]);
                return None;
            }
            keys.push(parent_key);
        }
        ok.then_some(chain)
    }

    /// Reports a cycle at the `extends` of each of its members (given by key).
    fn report_cycle(&mut self, members: &[String]) {
        let ids: Vec<String> = members
            .iter()
            .map(|k| {
                self.sources
                    .get(k)
                    .map(|s| s.id.clone())
                    .unwrap_or_default()
            })
            .collect();
        for (i, key) in members.iter().enumerate() {
            let loop_text: Vec<&str> = ids[i..]
                .iter()
                .chain(ids[..i].iter())
                .chain(std::iter::once(&ids[i]))
                .map(String::as_str)
                .collect();
            let loc = self
                .parsed
                .get(key)
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

    /// Resolves the file at `key` into a ruleset, or `None` (problems recorded). `None` also
    /// when `key` is unknown: callers check that first.
    pub(crate) fn resolve(&mut self, key: &str) -> Option<Ruleset> {
        let chain = self.chain(key)?;
        let id = self.sources.get(key)?.id.clone();
        let file = self.file_of(key).unwrap_or(key).to_owned();
        let (ruleset, errors) = build(&id, &file, &chain);
        if errors.is_empty() {
            Some(ruleset)
        } else {
            self.errors.extend(errors);
            None
        }
    }

    /// Checks that no SGF name selects two of the files at `keys`.
    pub(crate) fn check_sgf_names(&mut self, keys: &[String]) {
        let mut owner: BTreeMap<String, String> = BTreeMap::new();
        for key in keys {
            let Some((Some(p), _)) = self.parsed.get(key) else {
                continue;
            };
            let Some(id) = self.sources.get(key).map(|s| s.id.clone()) else {
                continue;
            };
            let Some(names) = &p.sgf_names else { continue };
            for name in &names.value {
                let folded = name.trim().to_lowercase();
                match owner.get(&folded) {
                    Some(other) if *other != id => {
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
    let long_cycle_passes = pick(chain, |p| &p.long_cycle_passes, d.play.long_cycle_passes);
    let repeated_pass = pick(chain, |p| &p.repeated_pass, d.end.repeated_pass);
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
    let pass_dead = pick(chain, |p| &p.pass_dead, d.scoring.pass_dead);
    let group_tax = pick(chain, |p| &p.group_tax, d.scoring.group_tax);
    let friendly_pass = pick(chain, |p| &p.friendly_pass, d.end.friendly_pass);
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
    if group_tax.value == GroupTax::TwoPoints && seki.value != SekiEyes::VoidRegion {
        clash(
            side("scoring.group-tax", &group_tax),
            side("scoring.seki-eyes", &seki),
            "the group tax counts the regions of the region-level seki rule; use seki-eyes = \
             \"void-region\"",
        );
    }
    if ko.value == Ko::Spight && repeated_pass.value != RepeatedPass::Stops {
        clash(
            side("play.ko", &ko),
            side("end.repeated-pass", &repeated_pass),
            "under spight ko passes do not count toward the stop, so play stops only by a \
             repeated pass; use repeated-pass = \"stops\"",
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
    r.play.long_cycle_passes = long_cycle_passes.value;
    r.end.repeated_pass = repeated_pass.value;
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
    r.scoring.pass_dead = pass_dead.value;
    r.scoring.group_tax = group_tax.value;
    r.end.friendly_pass = friendly_pass.value;
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
