//! The raw spec file: structs that mirror the TOML one-to-one (every key optional, every value
//! with its byte span), and the first two checks: TOML syntax, then the shape of the document
//! (unknown tables and keys, wrong value types), each reporting every problem at once.
//!
//! Enum values are kept as strings here so that an unknown value is one more reported problem
//! instead of the end of deserialization; the crate's validation step turns a `SpecFile` into
//! checked values. The meaning, allowed values, default and source of every key are in
//! [`crate::keys::KEYS`].

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

use crate::error::{LineIndex, SpecError, SpecErrorKind};
use crate::keys::{KEYS, KeyKind, SECTIONS, keys_in};

/// A spec file as written.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct SpecFile {
    /// `extends`: the parent variant id.
    pub extends: Option<Spanned<String>>,
    /// `[meta]`.
    pub meta: Option<MetaFile>,
    /// `[board]`.
    pub board: Option<BoardFile>,
    /// `[play]`.
    pub play: Option<PlayFile>,
    /// `[end]`.
    pub end: Option<EndFile>,
    /// `[scoring]`.
    pub scoring: Option<ScoringFile>,
    /// `[handicap]`.
    pub handicap: Option<HandicapFile>,
    /// `[time]`.
    pub time: Option<TimeFile>,
}

/// A string value with its span.
pub type Str = Option<Spanned<String>>;
/// An array of strings with the spans of the array and of each element.
pub type StrList = Option<Spanned<Vec<Spanned<String>>>>;
/// An integer with its span.
pub type Int = Option<Spanned<i64>>;

/// A number written as a TOML integer or float (komi).
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(untagged)]
pub enum Number {
    /// `7`.
    Int(i64),
    /// `6.5`.
    Float(f64),
}

/// `[meta]`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct MetaFile {
    /// `meta.name`.
    pub name: Str,
    /// `meta.summary`.
    pub summary: Str,
    /// `meta.sources`.
    pub sources: StrList,
    /// `meta.sgf-names`.
    pub sgf_names: StrList,
}

/// `[board]`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct BoardFile {
    /// `board.sizes`.
    pub sizes: StrList,
}

/// `[play]`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PlayFile {
    /// `play.suicide`.
    pub suicide: Str,
    /// `play.single-stone-suicide`.
    pub single_stone_suicide: Str,
    /// `play.ko`.
    pub ko: Str,
    /// `play.initial-position`.
    pub initial_position: Str,
    /// `play.long-cycle`.
    pub long_cycle: Str,
    /// `play.long-cycle-repetitions`.
    pub long_cycle_repetitions: Int,
    /// `play.long-cycle-passes`.
    pub long_cycle_passes: Str,
}

/// `[end]`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct EndFile {
    /// `end.stop-passes`.
    pub stop_passes: Int,
    /// `end.repeated-pass`.
    pub repeated_pass: Str,
    /// `end.after-stop`.
    pub after_stop: Str,
    /// `end.resume-first`.
    pub resume_first: Str,
    /// `end.final-end`.
    pub final_end: Str,
    /// `end.final-end-passes`.
    pub final_end_passes: Int,
    /// `end.pass-stones`.
    pub pass_stones: Str,
    /// `end.last-pass`.
    pub last_pass: Str,
    /// `end.friendly-pass`.
    pub friendly_pass: Str,
}

/// `[scoring]`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ScoringFile {
    /// `scoring.scoring`.
    pub scoring: Str,
    /// `scoring.shared-points`.
    pub shared_points: Str,
    /// `scoring.seki-eyes`.
    pub seki_eyes: Str,
    /// `scoring.neutral-fill`.
    pub neutral_fill: Str,
    /// `scoring.pass-dead`.
    pub pass_dead: Str,
    /// `scoring.group-tax`.
    pub group_tax: Str,
    /// `scoring.komi`.
    pub komi: Option<Spanned<Number>>,
    /// `scoring.tie`.
    pub tie: Str,
    /// `scoring.tie-handicap`.
    pub tie_handicap: Str,
    /// `scoring.counting`.
    pub counting: Str,
}

/// `handicap.patterns`: size -> stone count -> points, every part spanned.
pub type PatternsFile =
    BTreeMap<Spanned<String>, Spanned<BTreeMap<Spanned<String>, Spanned<Vec<Spanned<String>>>>>>;

/// `[handicap]`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct HandicapFile {
    /// `handicap.placement`.
    pub placement: Str,
    /// `handicap.free-placement-moves`.
    pub free_placement_moves: Str,
    /// `handicap.bonus`.
    pub bonus: Str,
    /// `handicap.komi`.
    pub komi: Option<Spanned<Number>>,
    /// `handicap.first-after-placement`.
    pub first_after_placement: Str,
    /// `handicap.patterns`.
    pub patterns: Option<Spanned<PatternsFile>>,
}

/// `[time]`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct TimeFile {
    /// `time.penalty-system`.
    pub penalty_system: Str,
    /// `time.penalty-step`.
    pub penalty_step: Str,
    /// `time.penalty-points-per-step`.
    pub penalty_points_per_step: Int,
    /// `time.penalty-steps-to-loss`.
    pub penalty_steps_to_loss: Int,
    /// `time.byo-yomi`.
    pub byo_yomi: StrList,
    /// `time.late-arrival-factor`.
    pub late_arrival_factor: Int,
}

/// Parses `text` (the contents of `file`): syntax errors end the parse; shape problems
/// (unknown tables and keys, wrong types) are returned with the well-shaped rest.
pub fn parse_spec_file_partial(file: &str, text: &str) -> Result<ParsedFile, Vec<SpecError>> {
    let (root, syntax) = DeTable::parse_recoverable(text);
    let text = &LineIndex::new(text);
    if !syntax.is_empty() {
        return Err(syntax
            .into_iter()
            .map(|e| {
                let message = e.message().trim().trim_end_matches('.').to_owned();
                let message = if message.is_empty() {
                    "invalid TOML".to_owned()
                } else {
                    message
                };
                SpecError::new(file, SpecErrorKind::Syntax, message).at(text, e.span())
            })
            .collect());
    }
    let mut root = root;
    let mut errors = Vec::new();
    let drop = check_shape(file, text, root.get_ref(), &mut errors);
    // Drop what is wrong and read the rest, so that the value checks still run on every
    // well-shaped key and all problems come out at once.
    for (section, name) in &drop {
        let table = root.get_mut();
        if section.is_empty() {
            table.remove(name.as_str());
        } else if let Some(v) = table.get_mut(section.as_str())
            && let DeValue::Table(t) = v.get_mut()
        {
            t.remove(name.as_str());
        }
    }
    // The shape check accepts exactly what these structs accept, so this only fails if the two
    // drift apart; the error is still reported, with its position.
    match SpecFile::deserialize(toml::de::Deserializer::from(root)) {
        Ok(spec) if errors.is_empty() => Ok(ParsedFile::Clean(spec)),
        Ok(spec) => Ok(ParsedFile::Partial(spec, errors)),
        Err(e) => {
            errors.push(
                SpecError::new(file, SpecErrorKind::WrongType, e.message().to_owned())
                    .at(text, e.span()),
            );
            Err(errors)
        }
    }
}

/// A file that parsed: clean, or with shape problems and the rest of its keys.
#[derive(Debug, Clone)]
pub enum ParsedFile {
    /// No problem so far.
    Clean(SpecFile),
    /// The keys that were well shaped, and the problems of the others.
    Partial(SpecFile, Vec<SpecError>),
}

/// Parses `text` (the contents of `file`) into a [`SpecFile`], or returns every syntax and
/// shape problem: malformed TOML, unknown tables and keys (with the allowed ones), values of
/// the wrong type.
pub fn parse_spec_file(file: &str, text: &str) -> Result<SpecFile, Vec<SpecError>> {
    match parse_spec_file_partial(file, text)? {
        ParsedFile::Clean(spec) => Ok(spec),
        ParsedFile::Partial(_, errors) => Err(errors),
    }
}

fn type_name(v: &DeValue<'_>) -> &'static str {
    match v {
        DeValue::String(_) => "a string",
        DeValue::Integer(_) => "an integer",
        DeValue::Float(_) => "a float",
        DeValue::Boolean(_) => "a boolean",
        DeValue::Datetime(_) => "a datetime",
        DeValue::Array(_) => "an array",
        DeValue::Table(_) => "a table",
    }
}

/// Checks the shape of the document; returns the `(table, key)` pairs to drop (`""` = top
/// level).
fn check_shape(
    file: &str,
    text: &LineIndex<'_>,
    root: &DeTable<'_>,
    errors: &mut Vec<SpecError>,
) -> Vec<(String, String)> {
    let top_allowed: Vec<&str> = keys_in("")
        .map(|k| k.key)
        .chain(SECTIONS.iter().copied())
        .collect();
    let mut drop = Vec::new();
    for (k, v) in root {
        let name = k.get_ref().as_ref();
        let before = errors.len();
        if let Some(doc) = keys_in("").find(|d| d.key == name) {
            check_value(file, text, doc.key, doc.kind, v, errors);
        } else if SECTIONS.contains(&name) {
            match v.get_ref() {
                DeValue::Table(t) => {
                    for bad in check_section(file, text, name, t, errors) {
                        drop.push((name.to_owned(), bad));
                    }
                    continue;
                }
                other => errors.push(
                    SpecError::new(
                        file,
                        SpecErrorKind::WrongType,
                        format!("expected a table, found {}", type_name(other)),
                    )
                    .at(text, Some(v.span()))
                    .key(name),
                ),
            }
        } else {
            let what = if v.get_ref().is_table() {
                "table"
            } else {
                "key"
            };
            errors.push(
                SpecError::new(
                    file,
                    SpecErrorKind::UnknownKey,
                    format!("unknown {what} `{name}`{}", did_you_mean(name)),
                )
                .at(text, Some(k.span()))
                .allowed(&top_allowed),
            );
        }
        if errors.len() > before {
            drop.push((String::new(), name.to_owned()));
        }
    }
    drop
}

/// A hint naming the tables that do have a key called `name`.
fn did_you_mean(name: &str) -> String {
    let hits: Vec<String> = KEYS
        .iter()
        .filter(|k| k.name() == name && k.key != name)
        .map(|k| k.key.into())
        .collect();
    if hits.is_empty() {
        String::new()
    } else {
        format!(" (did you mean `{}`?)", hits.join("` or `"))
    }
}

fn check_section(
    file: &str,
    text: &LineIndex<'_>,
    section: &str,
    table: &DeTable<'_>,
    errors: &mut Vec<SpecError>,
) -> Vec<String> {
    let mut drop = Vec::new();
    for (k, v) in table {
        let name = k.get_ref().as_ref();
        let before = errors.len();
        if let Some(doc) = keys_in(section).find(|d| d.name() == name) {
            check_value(file, text, doc.key, doc.kind, v, errors);
        } else {
            let what = if v.get_ref().is_table() {
                "table"
            } else {
                "key"
            };
            errors.push(
                SpecError::new(
                    file,
                    SpecErrorKind::UnknownKey,
                    format!("unknown {what} `{section}.{name}`{}", did_you_mean(name)),
                )
                .at(text, Some(k.span()))
                .allowed(keys_in(section).map(|d| d.name())),
            );
        }
        if errors.len() > before {
            drop.push(name.to_owned());
        }
    }
    drop
}

fn wrong_type(
    file: &str,
    text: &LineIndex<'_>,
    key: &str,
    expected: &str,
    v: &Spanned<DeValue<'_>>,
) -> SpecError {
    SpecError::new(
        file,
        SpecErrorKind::WrongType,
        format!("expected {expected}, found {}", type_name(v.get_ref())),
    )
    .at(text, Some(v.span()))
    .key(key)
}

fn check_string_array(
    file: &str,
    text: &LineIndex<'_>,
    key: &str,
    v: &Spanned<DeValue<'_>>,
    errors: &mut Vec<SpecError>,
) {
    match v.get_ref() {
        DeValue::Array(items) => {
            for item in items.iter() {
                if !item.get_ref().is_str() {
                    errors.push(wrong_type(file, text, key, "a string in the array", item));
                }
            }
        }
        _ => errors.push(wrong_type(file, text, key, "an array of strings", v)),
    }
}

/// An integer too large for TOML's 64 bits is refused here, naming its key, rather than by the
/// deserializer, whose message names no key (issue 9).
fn check_integer_range(
    file: &str,
    text: &LineIndex<'_>,
    key: &str,
    v: &Spanned<DeValue<'_>>,
    errors: &mut Vec<SpecError>,
) {
    if let Some(i) = v.get_ref().as_integer()
        && i64::from_str_radix(i.as_str(), i.radix()).is_err()
    {
        errors.push(
            SpecError::new(
                file,
                SpecErrorKind::InvalidValue,
                format!(
                    "{} is out of range (allowed: a 64-bit integer, at most {})",
                    i.as_str(),
                    i64::MAX
                ),
            )
            .at(text, Some(v.span()))
            .key(key),
        );
    }
}

fn check_value(
    file: &str,
    text: &LineIndex<'_>,
    key: &str,
    kind: KeyKind,
    v: &Spanned<DeValue<'_>>,
    errors: &mut Vec<SpecError>,
) {
    match kind {
        KeyKind::Enum(_) | KeyKind::Text | KeyKind::Id | KeyKind::Fraction | KeyKind::Color => {
            if !v.get_ref().is_str() {
                errors.push(wrong_type(file, text, key, "a string", v));
            }
        }
        KeyKind::EnumList(_) | KeyKind::TextList | KeyKind::Sizes => {
            check_string_array(file, text, key, v, errors);
        }
        KeyKind::Count { .. } => {
            if !v.get_ref().is_integer() {
                errors.push(wrong_type(file, text, key, "an integer", v));
            } else {
                check_integer_range(file, text, key, v, errors);
            }
        }
        KeyKind::Komi => {
            if !v.get_ref().is_integer() && !v.get_ref().is_float() {
                errors.push(wrong_type(file, text, key, "a number", v));
            } else {
                check_integer_range(file, text, key, v, errors);
            }
        }
        KeyKind::Patterns => match v.get_ref() {
            DeValue::Table(sizes) => {
                for (_, counts) in sizes {
                    match counts.get_ref() {
                        DeValue::Table(counts) => {
                            for (_, points) in counts {
                                check_string_array(file, text, key, points, errors);
                            }
                        }
                        _ => errors.push(wrong_type(
                            file,
                            text,
                            key,
                            "a table of stone counts for the size",
                            counts,
                        )),
                    }
                }
            }
            _ => errors.push(wrong_type(file, text, key, "a table of board sizes", v)),
        },
    }
}
