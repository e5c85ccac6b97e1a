//! KataGo's rule strings: its rules record ([`KataGoRules`]), read from a preset name, the JSON
//! form or the compact form exactly as KataGo's `parseRulesHelper` reads them, written as its
//! `toString` writes them, and mapped to and from weiqi's [`Ruleset`].
//!
//! The grammar (KataGo `cpp/game/rules.cpp`, learned from the code, not copied):
//!
//! - a **preset name**, matched after trimming and ASCII lower-casing the whole input:
//!   `japanese`, `korean`, `chinese`, `chinese-ogs`/`chinese-kgs` (with `-`, `_` or nothing),
//!   `stone-scoring`/`ancient-area` and `ancient-territory` (`-`, `_`, space or nothing),
//!   `aga`, `bga`, `french`, `aga-button`, `nz`/`new-zealand`, `tromp-taylor`, `goe`, `ing`;
//! - the **JSON form**, when the untrimmed input starts with `{`: an object with the keys `ko`,
//!   `scoring` (or `score`), `tax`, `suicide`, `hasButton`, `whiteHandicapBonus`,
//!   `friendlyPassOk`, `komi`; any other key is an error; the komi must be a multiple of 0.5
//!   within ±400;
//! - the **compact form** otherwise: tokens in any order, spaces allowed between them,
//!   `komi<number>`, `ko<SIMPLE|POSITIONAL|SITUATIONAL|SPIGHT>`, `scoring<AREA|TERRITORY>` (or
//!   `score`), `tax<NONE|SEKI|ALL>`, `sui<0|1>`, `button<0|1>`, `whb<0|N-1|N>`, `fpok<0|1>`.
//!
//! The JSON and compact forms start from KataGo's defaults (positional superko, area, no tax,
//! multi-stone suicide legal, no button, no handicap bonus, `friendlyPassOk` false); a missing
//! `tax` is `SEKI` under territory scoring and `NONE` under area scoring, and a missing komi is
//! 6.5 under territory scoring, 7 with the button, 7.5 otherwise. Enum words are upper case
//! in both forms; only preset names are matched case-insensitively.
//!
//! The map to weiqi ([`KataGoRules::to_ruleset`], [`import_katago`], [`to_katago_string`])
//! is written once, as the weiqi value of every key a KataGo record determines
//! ([`KATAGO_KEYS`]); a KataGo rule weiqi cannot express yet is an [`Unexpressible`] naming
//! it, and a weiqi ruleset whose keys KataGo cannot express is an [`Unexpressible`] naming
//! those keys. Keys outside a KataGo record (board sizes, how handicap stones are placed,
//! time, the counting presentation, `meta.*`) are taken from the nearest built-in variant.

use std::fmt;

use weiqi_core::Points;

use crate::model::{Ko, Ruleset, Scoring, Suicide};

/// KataGo's ko rule (`koRule`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KataKo {
    /// `SIMPLE`: simple ko, with the Spight-style ending and the no-result of a triple
    /// repetition.
    Simple,
    /// `POSITIONAL`: positional superko.
    Positional,
    /// `SITUATIONAL`: situational superko.
    Situational,
    /// `SPIGHT`: positional bans cleared by every pass, the phase ending on a repeated pass.
    Spight,
}

/// KataGo's scoring rule (`scoringRule`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KataScoring {
    /// `AREA`.
    Area,
    /// `TERRITORY` (with the encore).
    Territory,
}

/// KataGo's tax rule (`taxRule`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KataTax {
    /// `NONE`: every surrounded point counts.
    None,
    /// `SEKI`: the empty points of seki regions count for nobody.
    Seki,
    /// `ALL`: as `SEKI`, and every independent-life region costs its owner two points.
    All,
}

/// KataGo's white handicap bonus (`whiteHandicapBonusRule`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KataWhb {
    /// `0`: none.
    Zero,
    /// `N`: one point per handicap stone.
    N,
    /// `N-1`: one point per handicap stone after the first.
    NMinusOne,
}

impl KataKo {
    const WORDS: [(&'static str, KataKo); 4] = [
        ("SIMPLE", KataKo::Simple),
        ("POSITIONAL", KataKo::Positional),
        ("SITUATIONAL", KataKo::Situational),
        ("SPIGHT", KataKo::Spight),
    ];
    /// KataGo's spelling.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        word_of(&Self::WORDS, self)
    }
}

impl KataScoring {
    const WORDS: [(&'static str, KataScoring); 2] = [
        ("AREA", KataScoring::Area),
        ("TERRITORY", KataScoring::Territory),
    ];
    /// KataGo's spelling.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        word_of(&Self::WORDS, self)
    }
}

impl KataTax {
    const WORDS: [(&'static str, KataTax); 3] = [
        ("NONE", KataTax::None),
        ("SEKI", KataTax::Seki),
        ("ALL", KataTax::All),
    ];
    /// KataGo's spelling.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        word_of(&Self::WORDS, self)
    }
}

impl KataWhb {
    // `N-1` before `N`: the compact form takes the first word that is a prefix.
    const WORDS: [(&'static str, KataWhb); 3] = [
        ("0", KataWhb::Zero),
        ("N-1", KataWhb::NMinusOne),
        ("N", KataWhb::N),
    ];
    /// KataGo's spelling.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        word_of(&Self::WORDS, self)
    }
}

fn word_of<T: Copy + PartialEq>(table: &[(&'static str, T)], value: T) -> &'static str {
    table
        .iter()
        .find(|(_, v)| *v == value)
        .map_or("", |(w, _)| *w)
}

fn exact<T: Copy>(table: &[(&'static str, T)], text: &str) -> Option<T> {
    table.iter().find(|(w, _)| *w == text).map(|(_, v)| *v)
}

/// KataGo's rules record (`struct Rules` of `cpp/game/rules.h`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct KataGoRules {
    /// The ko rule.
    pub ko: KataKo,
    /// Area or territory.
    pub scoring: KataScoring,
    /// The tax rule.
    pub tax: KataTax,
    /// Whether a self-capture of two or more stones is legal (one stone never is).
    pub multi_stone_suicide: bool,
    /// Button Go: the first pass takes the button, worth half a point.
    pub button: bool,
    /// White's handicap bonus.
    pub white_handicap_bonus: KataWhb,
    /// Informational: whether passing with dead stones on the board is fine under area scoring.
    /// It changes no ruling.
    pub friendly_pass_ok: bool,
    /// Komi (KataGo keeps a `float`).
    pub komi: f32,
}

impl Default for KataGoRules {
    /// KataGo's defaults, "closest match to Tromp-Taylor".
    fn default() -> KataGoRules {
        KataGoRules {
            ko: KataKo::Positional,
            scoring: KataScoring::Area,
            tax: KataTax::None,
            multi_stone_suicide: true,
            button: false,
            white_handicap_bonus: KataWhb::Zero,
            friendly_pass_ok: false,
            komi: 7.5,
        }
    }
}

/// A KataGo rule string that does not parse, or a rule one side cannot express.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KataGoError {
    /// The string is malformed.
    Parse {
        /// The token (or the rest of the input) where reading failed.
        token: String,
        /// What is wrong.
        message: String,
    },
    /// The rules parse but have no exact weiqi ruleset yet (or the reverse).
    Unexpressible(Unexpressible),
}

impl fmt::Display for KataGoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KataGoError::Parse { token, message } => {
                write!(f, "katago rules: {message} at {token:?}")
            }
            KataGoError::Unexpressible(u) => u.fmt(f),
        }
    }
}

impl std::error::Error for KataGoError {}

/// What one side cannot express: weiqi spec keys KataGo has no value for (when printing a
/// weiqi ruleset as a KataGo string), or KataGo rules weiqi cannot express yet (when
/// importing).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unexpressible {
    /// The weiqi keys (`play.ko`, ...) or the KataGo fields (`ko SPIGHT`, ...), each with why.
    pub keys: Vec<String>,
    /// Which way the translation went.
    pub direction: Direction,
}

/// The way a translation went, for [`Unexpressible`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// From a weiqi ruleset to a KataGo string.
    ToKataGo,
    /// From a KataGo string to a weiqi ruleset.
    FromKataGo,
}

impl fmt::Display for Unexpressible {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.direction {
            Direction::ToKataGo => write!(
                f,
                "katago rules cannot express these keys: {}",
                self.keys.join("; ")
            ),
            Direction::FromKataGo => write!(
                f,
                "weiqi cannot express these katago rules yet: {}",
                self.keys.join("; ")
            ),
        }
    }
}

impl std::error::Error for Unexpressible {}

fn parse_error(token: &str, message: impl Into<String>) -> KataGoError {
    // Quote at most 40 characters of the rest of the input.
    let token: String = token.chars().take(40).collect();
    KataGoError::Parse {
        token,
        message: message.into(),
    }
}

/// C++'s `isspace` in the "C" locale: what KataGo's `Global::trim` removes.
fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0b' | '\x0c')
}

fn trim(s: &str) -> &str {
    s.trim_matches(is_space)
}

/// KataGo's presets, by the lower-cased names `parseRulesHelper` accepts.
fn preset(lowercased: &str) -> Option<KataGoRules> {
    let r = |ko, scoring, tax, sui, button, whb, fpok, komi| KataGoRules {
        ko,
        scoring,
        tax,
        multi_stone_suicide: sui,
        button,
        white_handicap_bonus: whb,
        friendly_pass_ok: fpok,
        komi,
    };
    use KataKo::{Positional, Simple, Situational};
    use KataScoring::{Area, Territory};
    use KataWhb::{N, NMinusOne, Zero};
    let with_separators = |stem: [&str; 2]| {
        ["", "-", "_", " "]
            .iter()
            .any(|sep| lowercased == format!("{}{sep}{}", stem[0], stem[1]))
    };
    Some(match lowercased {
        "japanese" | "korean" => r(
            Simple,
            Territory,
            KataTax::Seki,
            false,
            false,
            Zero,
            false,
            6.5,
        ),
        "chinese" => r(Simple, Area, KataTax::None, false, false, N, true, 7.5),
        "chineseogs" | "chinese_ogs" | "chinese-ogs" | "chinesekgs" | "chinese_kgs"
        | "chinese-kgs" => r(Positional, Area, KataTax::None, false, false, N, true, 7.5),
        _ if with_separators(["ancient", "area"]) || with_separators(["stone", "scoring"]) => {
            r(Simple, Area, KataTax::All, false, false, Zero, true, 7.5)
        }
        _ if with_separators(["ancient", "territory"]) => r(
            Simple,
            Territory,
            KataTax::All,
            false,
            false,
            Zero,
            false,
            6.5,
        ),
        _ if with_separators(["aga", "button"]) => r(
            Situational,
            Area,
            KataTax::None,
            false,
            true,
            NMinusOne,
            true,
            7.0,
        ),
        "aga" | "bga" | "french" => r(
            Situational,
            Area,
            KataTax::None,
            false,
            false,
            NMinusOne,
            true,
            7.5,
        ),
        "nz" | "newzealand" | "new zealand" | "new-zealand" | "new_zealand" => r(
            Situational,
            Area,
            KataTax::None,
            true,
            false,
            Zero,
            true,
            7.5,
        ),
        "tromp-taylor" | "tromp_taylor" | "tromp taylor" | "tromptaylor" => r(
            Positional,
            Area,
            KataTax::None,
            true,
            false,
            Zero,
            false,
            7.5,
        ),
        "goe" | "ing" => r(
            Positional,
            Area,
            KataTax::None,
            true,
            false,
            Zero,
            true,
            7.5,
        ),
        _ => return None,
    })
}

/// The preset names [`KataGoRules::nice_name`] prints, in KataGo's order of preference.
const NICE_NAMES: [&str; 7] = [
    "TrompTaylor",
    "Japanese",
    "Chinese",
    "Chinese-OGS",
    "AGA",
    "StoneScoring",
    "NewZealand",
];

/// KataGo's limit on a komi given in the JSON form.
const MAX_USER_KOMI: f32 = 400.0;

impl KataGoRules {
    /// Reads a KataGo rule string: a preset name, the JSON form or the compact form, exactly
    /// as KataGo reads it (see the module documentation). A malformed string is an error
    /// naming the token where reading failed.
    ///
    /// ```
    /// use weiqi_spec::katago::{KataGoRules, KataTax};
    ///
    /// let r = KataGoRules::parse("komi23taxALL")?;
    /// assert_eq!(r.tax, KataTax::All);
    /// assert_eq!(r.to_string(), "koPOSITIONALscoreAREAtaxALLsui1komi23");
    /// assert_eq!(KataGoRules::parse(" Chinese-OGS ")?.nice_name(), "Chinese-OGS");
    /// assert!(KataGoRules::parse("koSUPER").unwrap_err().to_string().contains("SUPER"));
    /// # Ok::<(), weiqi_spec::katago::KataGoError>(())
    /// ```
    pub fn parse(text: &str) -> Result<KataGoRules, KataGoError> {
        let lowercased = trim(text).to_ascii_lowercase();
        if let Some(r) = preset(&lowercased) {
            return Ok(r);
        }
        if text.starts_with('{') {
            return parse_json(text);
        }
        parse_compact(text)
    }

    /// KataGo's `toString`: `ko<K>score<S>tax<T>sui<0|1>`, then `button1`, `whb<N|N-1>` and
    /// `fpok1` when they are not the default, then `komi<k>` (C++'s default float format).
    #[must_use]
    pub fn to_compact_string(&self) -> String {
        format!("{}komi{}", self.to_string_no_komi(), format_komi(self.komi))
    }

    /// KataGo's `toStringNoKomi`.
    #[must_use]
    pub fn to_string_no_komi(&self) -> String {
        let mut out = format!(
            "ko{}score{}tax{}sui{}",
            self.ko.as_str(),
            self.scoring.as_str(),
            self.tax.as_str(),
            u8::from(self.multi_stone_suicide)
        );
        if self.button {
            out.push_str("button1");
        }
        if self.white_handicap_bonus != KataWhb::Zero {
            out.push_str("whb");
            out.push_str(self.white_handicap_bonus.as_str());
        }
        if self.friendly_pass_ok {
            out.push_str("fpok1");
        }
        out
    }

    /// KataGo's `toStringNoKomiMaybeNice`: the preset name when the rules equal that preset
    /// (komi ignored), else [`Self::to_string_no_komi`].
    #[must_use]
    pub fn nice_name(&self) -> String {
        NICE_NAMES
            .iter()
            .find(|name| {
                preset(&name.to_ascii_lowercase()).is_some_and(|p| p.equals_ignoring_komi(self))
            })
            .map_or_else(|| self.to_string_no_komi(), |n| (*n).to_owned())
    }

    /// Whether every field but the komi is equal.
    #[must_use]
    pub fn equals_ignoring_komi(&self, other: &KataGoRules) -> bool {
        KataGoRules {
            komi: self.komi,
            ..*other
        } == *self
    }

    /// KataGo's JSON form (`toJsonHelper`): every field, or (`omit_defaults`) without
    /// `hasButton`, `whiteHandicapBonus` and `friendlyPassOk` when they are the defaults;
    /// `komi` unless `omit_komi`. `kata-get-rules` prints it with both set.
    #[must_use]
    pub fn to_json(&self, omit_komi: bool, omit_defaults: bool) -> String {
        // The keys in the order nlohmann::json (a sorted map) prints them.
        let mut fields: Vec<(&str, String)> = vec![
            ("ko", format!("\"{}\"", self.ko.as_str())),
            ("scoring", format!("\"{}\"", self.scoring.as_str())),
            ("suicide", self.multi_stone_suicide.to_string()),
            ("tax", format!("\"{}\"", self.tax.as_str())),
        ];
        if !omit_defaults || self.button {
            fields.push(("hasButton", self.button.to_string()));
        }
        if !omit_defaults || self.white_handicap_bonus != KataWhb::Zero {
            fields.push((
                "whiteHandicapBonus",
                format!("\"{}\"", self.white_handicap_bonus.as_str()),
            ));
        }
        if !omit_defaults || self.friendly_pass_ok {
            fields.push(("friendlyPassOk", self.friendly_pass_ok.to_string()));
        }
        if !omit_komi {
            fields.push(("komi", format_json_komi(self.komi)));
        }
        fields.sort_by(|a, b| a.0.cmp(b.0));
        let body: Vec<String> = fields.iter().map(|(k, v)| format!("\"{k}\":{v}")).collect();
        format!("{{{}}}", body.join(","))
    }

    /// KataGo's `updateRules` (GTP `kata-set-rule KEY VALUE`): sets one field; the value is
    /// trimmed and upper-cased first, the key is exact (`ko`, `score`, `scoring`, `tax`,
    /// `suicide`, `hasButton`, `whiteHandicapBonus`, `friendlyPassOk`).
    pub fn update(&self, key: &str, value: &str) -> Result<KataGoRules, KataGoError> {
        let mut r = *self;
        let value = trim(value).to_ascii_uppercase();
        let bad = |what: &str| parse_error(&value, format!("invalid {what}"));
        match trim(key) {
            "ko" => r.ko = exact(&KataKo::WORDS, &value).ok_or_else(|| bad("ko rule"))?,
            "score" | "scoring" => {
                r.scoring =
                    exact(&KataScoring::WORDS, &value).ok_or_else(|| bad("scoring rule"))?;
            }
            "tax" => r.tax = exact(&KataTax::WORDS, &value).ok_or_else(|| bad("tax rule"))?,
            "suicide" => r.multi_stone_suicide = gtp_bool(&value).ok_or_else(|| bad("bool"))?,
            "hasButton" => r.button = gtp_bool(&value).ok_or_else(|| bad("bool"))?,
            "whiteHandicapBonus" => {
                r.white_handicap_bonus =
                    exact(&KataWhb::WORDS, &value).ok_or_else(|| bad("whiteHandicapBonus rule"))?;
            }
            "friendlyPassOk" => r.friendly_pass_ok = gtp_bool(&value).ok_or_else(|| bad("bool"))?,
            other => return Err(parse_error(other, "unknown rules option")),
        }
        Ok(r)
    }
}

impl fmt::Display for KataGoRules {
    /// [`KataGoRules::to_compact_string`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_compact_string())
    }
}

/// KataGo's `Global::stringToBool` on an upper-cased value.
fn gtp_bool(value: &str) -> Option<bool> {
    match value {
        "TRUE" | "1" | "T" | "YES" | "Y" => Some(true),
        "FALSE" | "0" | "F" | "NO" | "N" => Some(false),
        _ => None,
    }
}

/// The GTP command `kgs-rules NAME` as KataGo reads it: `chinese` is `chinese-kgs`
/// (positional superko, as servers play it); `aga`, `japanese` and `new_zealand` are the
/// presets; anything else is an error.
pub fn kgs_rules(name: &str) -> Result<KataGoRules, KataGoError> {
    match trim(name).to_ascii_lowercase().as_str() {
        "chinese" => KataGoRules::parse("chinese-kgs"),
        n @ ("aga" | "japanese" | "new_zealand") => KataGoRules::parse(n),
        _ => Err(parse_error(
            name,
            "unknown kgs rules (expected chinese, aga, japanese or new_zealand)",
        )),
    }
}

fn parse_json(text: &str) -> Result<KataGoRules, KataGoError> {
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| parse_error(text, format!("not valid json ({e})")))?;
    let serde_json::Value::Object(map) = value else {
        return Err(parse_error(text, "the json form must be an object"));
    };
    let mut r = KataGoRules::default();
    let (mut tax_given, mut komi_given) = (false, false);
    for (key, v) in &map {
        let word = || {
            v.as_str()
                .ok_or_else(|| parse_error(key, format!("the value of {key:?} must be a string")))
        };
        let flag = || {
            v.as_bool()
                .ok_or_else(|| parse_error(key, format!("the value of {key:?} must be a bool")))
        };
        let unknown = |w: &str, what: &str| parse_error(w, format!("unknown {what}"));
        match key.as_str() {
            "ko" => {
                let w = word()?;
                r.ko = exact(&KataKo::WORDS, w).ok_or_else(|| unknown(w, "ko rule"))?;
            }
            "score" | "scoring" => {
                let w = word()?;
                r.scoring =
                    exact(&KataScoring::WORDS, w).ok_or_else(|| unknown(w, "scoring rule"))?;
            }
            "tax" => {
                let w = word()?;
                r.tax = exact(&KataTax::WORDS, w).ok_or_else(|| unknown(w, "tax rule"))?;
                tax_given = true;
            }
            "suicide" => r.multi_stone_suicide = flag()?,
            "hasButton" => r.button = flag()?,
            "whiteHandicapBonus" => {
                let w = word()?;
                r.white_handicap_bonus = exact(&KataWhb::WORDS, w)
                    .ok_or_else(|| unknown(w, "whiteHandicapBonus rule"))?;
            }
            "friendlyPassOk" => r.friendly_pass_ok = flag()?,
            "komi" => {
                #[allow(clippy::cast_possible_truncation)] // KataGo reads a float
                let komi = v
                    .as_f64()
                    .ok_or_else(|| parse_error(key, "the komi must be a number"))?
                    as f32;
                if !(-MAX_USER_KOMI..=MAX_USER_KOMI).contains(&komi) || (komi * 2.0).fract() != 0.0
                {
                    return Err(parse_error(
                        &v.to_string(),
                        "komi is not a half-integer or is too extreme",
                    ));
                }
                r.komi = komi;
                komi_given = true;
            }
            other => return Err(parse_error(other, "unknown rules option")),
        }
    }
    Ok(default_tax_and_komi(r, tax_given, komi_given))
}

/// KataGo's defaults for a missing tax or komi.
fn default_tax_and_komi(mut r: KataGoRules, tax_given: bool, komi_given: bool) -> KataGoRules {
    if !tax_given {
        r.tax = match r.scoring {
            KataScoring::Territory => KataTax::Seki,
            KataScoring::Area => KataTax::None,
        };
    }
    if !komi_given {
        if r.scoring == KataScoring::Territory {
            r.komi = 6.5;
        } else if r.button {
            r.komi = 7.0;
        }
    }
    r
}

/// Strips `prefix` if `s` starts with it; trims `s` either way (as KataGo's lambda does).
fn strip(s: &mut &str, prefix: &str) -> bool {
    let matched = s.starts_with(prefix);
    if matched {
        *s = &s[prefix.len()..];
    }
    *s = trim(s);
    matched
}

/// Strips the first word of `table` that `s` starts with.
fn strip_word<T: Copy>(s: &mut &str, table: &[(&'static str, T)]) -> Option<T> {
    table.iter().find_map(|(w, v)| strip(s, w).then_some(*v))
}

fn parse_compact(text: &str) -> Result<KataGoRules, KataGoError> {
    let mut r = KataGoRules::default();
    let mut s = trim(text);
    if s.is_empty() {
        return Err(parse_error(text, "empty rules string"));
    }
    let (mut tax_given, mut komi_given) = (false, false);
    let word_error = |rest: &str, what: &str, words: &[&str]| {
        parse_error(rest, format!("expected {what} ({})", words.join(", ")))
    };
    while !s.is_empty() {
        let here = s;
        if strip(&mut s, "komi") {
            let end = s
                .find(|c: char| c.is_ascii_alphabetic() || is_space(c))
                .unwrap_or(s.len());
            let number = &s[..end];
            let komi: f32 = number
                .parse()
                .ok()
                .filter(|k: &f32| k.is_finite() && k.abs() <= 1e5)
                .ok_or_else(|| parse_error(here, "expected a komi (a finite number)"))?;
            r.komi = komi;
            komi_given = true;
            s = trim(&s[end..]);
        } else if strip(&mut s, "ko") {
            r.ko = strip_word(&mut s, &KataKo::WORDS)
                .ok_or_else(|| word_error(here, "a ko rule", &KataKo::WORDS.map(|(w, _)| w)))?;
        } else if strip(&mut s, "scoring") || strip(&mut s, "score") {
            r.scoring = strip_word(&mut s, &KataScoring::WORDS).ok_or_else(|| {
                word_error(here, "a scoring rule", &KataScoring::WORDS.map(|(w, _)| w))
            })?;
        } else if strip(&mut s, "tax") {
            r.tax = strip_word(&mut s, &KataTax::WORDS)
                .ok_or_else(|| word_error(here, "a tax rule", &KataTax::WORDS.map(|(w, _)| w)))?;
            tax_given = true;
        } else if strip(&mut s, "sui") {
            r.multi_stone_suicide = strip_bit(&mut s).ok_or_else(|| bit_error(here))?;
        } else if strip(&mut s, "button") {
            r.button = strip_bit(&mut s).ok_or_else(|| bit_error(here))?;
        } else if strip(&mut s, "whb") {
            r.white_handicap_bonus = strip_word(&mut s, &KataWhb::WORDS)
                .ok_or_else(|| word_error(here, "a white handicap bonus", &["0", "N", "N-1"]))?;
        } else if strip(&mut s, "fpok") {
            r.friendly_pass_ok = strip_bit(&mut s).ok_or_else(|| bit_error(here))?;
        } else {
            return Err(parse_error(
                here,
                "unknown token (expected komi, ko, score, scoring, tax, sui, button, whb or fpok)",
            ));
        }
    }
    Ok(default_tax_and_komi(r, tax_given, komi_given))
}

fn strip_bit(s: &mut &str) -> Option<bool> {
    strip_word(s, &[("1", true), ("0", false)])
}

fn bit_error(here: &str) -> KataGoError {
    parse_error(here, "expected 0 or 1")
}

/// C++'s `ostream << float` (precision 6, `%g`): `7.5`, `7`, `-3`, `100000`, `1e-07`.
fn format_komi(komi: f32) -> String {
    let v = f64::from(komi);
    if v == 0.0 {
        return "0".into();
    }
    // Round to 6 significant digits in scientific form, then choose fixed or scientific as
    // %g does.
    let sci = format!("{v:.5e}");
    let (mantissa, exponent) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    if !(-5..6).contains(&exponent) {
        let mantissa = trim_zeros(mantissa);
        let sign = if exponent < 0 { '-' } else { '+' };
        return format!("{mantissa}e{sign}{:02}", exponent.abs());
    }
    let decimals = usize::try_from(5 - exponent).unwrap_or(0);
    trim_zeros(&format!("{v:.decimals$}")).to_owned()
}

fn trim_zeros(s: &str) -> &str {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.')
    } else {
        s
    }
}

/// nlohmann::json's number output for the komi: an integral float prints with `.0`.
fn format_json_komi(komi: f32) -> String {
    let v = f64::from(komi);
    if v.fract() == 0.0 {
        format!("{v:.1}")
    } else {
        v.to_string()
    }
}

/// The weiqi keys a KataGo record determines, in the order of [`crate::keys::KEYS`]. The
/// others (board sizes, handicap placement and patterns, the counting presentation, time,
/// `meta.*`, and the keys these make unused: `end.resume-first` with an immediate count,
/// `play.long-cycle-repetitions` and `play.long-cycle-passes` with `long-cycle = "nothing"`)
/// come from the nearest built-in variant.
pub const KATAGO_KEYS: &[&str] = &[
    "play.suicide",
    "play.single-stone-suicide",
    "play.ko",
    "play.initial-position",
    "play.long-cycle",
    "play.long-cycle-repetitions",
    "play.long-cycle-passes",
    "end.stop-passes",
    "end.repeated-pass",
    "end.after-stop",
    "end.final-end",
    "end.final-end-passes",
    "end.pass-stones",
    "end.last-pass",
    "end.friendly-pass",
    "scoring.scoring",
    "scoring.shared-points",
    "scoring.seki-eyes",
    "scoring.neutral-fill",
    "scoring.pass-dead",
    "scoring.group-tax",
    "scoring.komi",
    "scoring.tie",
    "scoring.tie-handicap",
    "handicap.bonus",
    "handicap.komi",
];

/// A weiqi value as TOML: a quoted word.
fn q(word: &str) -> String {
    format!("\"{word}\"")
}

impl KataGoRules {
    /// The weiqi value (as TOML) of every key of [`KATAGO_KEYS`] for these rules, or the
    /// KataGo rules weiqi cannot express yet.
    pub fn weiqi_values(&self) -> Result<Vec<(&'static str, String)>, Unexpressible> {
        let (values, missing) = self.values_and_missing();
        if missing.is_empty() {
            Ok(values)
        } else {
            Err(Unexpressible {
                keys: missing,
                direction: Direction::FromKataGo,
            })
        }
    }

    /// The weiqi values of the fields weiqi can express, and the fields it cannot.
    fn values_and_missing(&self) -> (Vec<(&'static str, String)>, Vec<String>) {
        let mut missing = Vec::new();
        let mut v: Vec<(&'static str, String)> = Vec::new();
        // Suicide: one stone never, two or more by `sui` (KataGo `isLegal`).
        let suicide = if self.multi_stone_suicide {
            Suicide::MultiStone
        } else {
            Suicide::Forbidden
        };
        v.push(("play.suicide", q(suicide.as_str())));
        v.push(("play.single-stone-suicide", q("by-suicide-rule")));
        // boardhistory.cpp: superko bans from the whole history; under SIMPLE only the board's
        // ko point, a third occurrence of a situation since the last pass is a no result, and
        // a pass from a situation the same player passed from ends the phase
        // (phaseHasSpightlikeEndingAndPassHistoryClearing); SPIGHT: positional bans since the
        // last pass, the same ending, and passes that do not count toward it.
        let (ko, long_cycle, repeated) = match self.ko {
            KataKo::Positional => (Ko::PositionalSuperko, "nothing", "continues"),
            KataKo::Situational => (Ko::SituationalSuperko, "nothing", "continues"),
            KataKo::Simple => (Ko::Simple, "no-result", "stops"),
            KataKo::Spight => (Ko::Spight, "nothing", "stops"),
        };
        v.push(("play.ko", q(ko.as_str())));
        // KataGo's history starts with the initial position.
        v.push(("play.initial-position", q("counts")));
        v.push(("play.long-cycle", q(long_cycle)));
        if self.ko == KataKo::Simple {
            v.push(("play.long-cycle-repetitions", "3".into()));
            v.push(("play.long-cycle-passes", q("restart")));
        }
        v.push(("end.repeated-pass", q(repeated)));
        match self.scoring {
            KataScoring::Area => {
                // Two consecutive passes end the game and it is counted at once; stones
                // inside the other colour's pass-alive area count for that colour
                // (countAreaScoreWhiteMinusBlack with calculateArea).
                v.push(("end.stop-passes", "2".into()));
                v.push(("end.after-stop", q("score-all-alive")));
                v.push(("scoring.pass-dead", q("dead")));
                v.push(("end.final-end", q("never")));
                v.push(("end.final-end-passes", "0".into()));
                v.push(("end.pass-stones", q("none")));
                v.push(("end.last-pass", q("any")));
                v.push(("scoring.scoring", q(Scoring::Area.as_str())));
            }
            KataScoring::Territory => missing
                .push("score TERRITORY (KataGo's territory rules end with the encore)".to_owned()),
        }
        v.push(("scoring.shared-points", q("neutral")));
        // board.cpp calculateIndependentLifeArea: a region of one colour's area touching dame
        // or holding an owner stone in atari is seki (its empty points count for nobody);
        // TAX_ALL also takes two points per other region.
        let (seki_eyes, tax) = match self.tax {
            KataTax::None => ("count", "none"),
            KataTax::Seki => ("void-region", "none"),
            KataTax::All => ("void-region", "two-points"),
        };
        v.push(("scoring.seki-eyes", q(seki_eyes)));
        v.push(("scoring.group-tax", q(tax)));
        v.push(("scoring.neutral-fill", q("literal")));
        match Points::from_f64(f64::from(self.komi)) {
            Some(k) => v.push(("scoring.komi", k.to_string())),
            None => missing.push(format!(
                "komi {} (not a multiple of 0.5)",
                format_komi(self.komi)
            )),
        }
        // KataGo: the sign of the final score decides; 0 is a draw, with or without handicap.
        v.push(("scoring.tie", q("draw")));
        v.push(("scoring.tie-handicap", q("draw")));
        match self.white_handicap_bonus {
            KataWhb::Zero => v.push(("handicap.bonus", q("none"))),
            KataWhb::N | KataWhb::NMinusOne => missing.push(format!(
                "whb {} (the bonus over KataGo's count of handicap stones: Black's stones \
                 before White's first move that is not a pass)",
                self.white_handicap_bonus.as_str()
            )),
        }
        if self.button {
            missing.push("button 1 (the first pass takes half a point)".to_owned());
        }
        let friendly = if self.friendly_pass_ok {
            "ok"
        } else {
            "not-ok"
        };
        v.push(("end.friendly-pass", q(friendly)));
        // KataGo never changes the komi for a handicap game.
        if let Some((_, komi)) = v.iter().find(|(k, _)| *k == "scoring.komi") {
            let komi = komi.clone();
            v.push(("handicap.komi", komi));
        }
        v.sort_by_key(|(k, _)| key_order(k));
        (v, missing)
    }

    /// The nearest built-in variant (most keys of [`KATAGO_KEYS`] equal, the first id on a
    /// tie) and a spec file extending it that rules exactly as these rules: the keys that
    /// differ from it, and a `[meta]` table naming the KataGo string.
    pub fn to_spec_toml(&self) -> Result<String, Unexpressible> {
        let values = self.weiqi_values()?;
        let differing = |r: &Ruleset| {
            values
                .iter()
                .filter(|(k, v)| r.value_of(k).as_deref() != Some(v.as_str()))
                .count()
        };
        let parent = crate::builtins()
            .unwrap_or_default()
            .into_iter()
            .min_by_key(|r| differing(r));
        let mut out = format!(
            "# A weiqi spec for the KataGo rules {} (generated by weiqi-spec from the KataGo \
             rule string).\n",
            self.to_compact_string()
        );
        if let Some(p) = &parent {
            out.push_str(&format!("extends = \"{}\"\n", p.id));
        }
        out.push_str(&format!(
            "\n[meta]\nname = \"KataGo {}\"\nsummary = \"KataGo's rules {}, as a weiqi \
             spec.\"\nsources = [\"KataGo rules.cpp (parseRulesHelper)\", \"KataGo \
             docs/rules.html\"]\nsgf-names = []\n",
            self.nice_name(),
            self.to_compact_string()
        ));
        for section in crate::keys::SECTIONS {
            let lines: Vec<String> = values
                .iter()
                .filter(|(k, _)| k.split_once('.').is_some_and(|(s, _)| s == *section))
                .filter(|(k, v)| {
                    parent
                        .as_ref()
                        .is_none_or(|p| p.value_of(k).as_deref() != Some(v.as_str()))
                })
                .map(|(k, v)| format!("{} = {v}", k.split_once('.').map_or(*k, |(_, n)| n)))
                .collect();
            if !lines.is_empty() {
                out.push_str(&format!("\n[{section}]\n{}\n", lines.join("\n")));
            }
        }
        Ok(out)
    }

    /// The built-in variant that rules exactly as these rules (every key of
    /// [`Self::weiqi_values`] equal), if there is one: a KataGo preset a built-in already
    /// expresses maps to it.
    #[must_use]
    pub fn exact_builtin(&self) -> Option<String> {
        let values = self.weiqi_values().ok()?;
        crate::builtins().ok()?.into_iter().find_map(|r| {
            values
                .iter()
                .all(|(k, v)| r.value_of(k).as_deref() == Some(v.as_str()))
                .then_some(r.id)
        })
    }

    /// The weiqi ruleset that rules exactly as these rules, with the id `katago` (the spec
    /// of [`Self::to_spec_toml`], resolved).
    pub fn to_ruleset(&self) -> Result<Ruleset, KataGoError> {
        let text = self.to_spec_toml().map_err(KataGoError::Unexpressible)?;
        crate::parse_str("katago.toml", &text).map_err(|e| {
            // The generated file is valid by construction; report the loader's words if not.
            parse_error(&self.to_compact_string(), e.to_string())
        })
    }

    /// The KataGo rules of a weiqi ruleset, or the keys KataGo cannot express (their value,
    /// and what KataGo would need).
    pub fn from_ruleset(r: &Ruleset) -> Result<KataGoRules, Unexpressible> {
        let mut keys = Vec::new();
        let ko = match r.play.ko {
            Ko::PositionalSuperko => KataKo::Positional,
            Ko::SituationalSuperko => KataKo::Situational,
            Ko::Simple => KataKo::Simple,
            Ko::Spight => KataKo::Spight,
            // Reported through the key check below.
            Ko::NaturalSituationalSuperko | Ko::Ing => KataKo::Positional,
        };
        let scoring = match r.scoring.scoring {
            Scoring::Area => KataScoring::Area,
            Scoring::Territory => KataScoring::Territory,
        };
        let tax = match (r.scoring.seki_eyes, r.scoring.group_tax) {
            (crate::model::SekiEyes::VoidRegion, crate::model::GroupTax::TwoPoints) => KataTax::All,
            (crate::model::SekiEyes::VoidRegion, crate::model::GroupTax::None) => KataTax::Seki,
            _ => KataTax::None,
        };
        let whb = match r.handicap.bonus {
            crate::model::HandicapBonus::None => KataWhb::Zero,
            crate::model::HandicapBonus::N => KataWhb::N,
            crate::model::HandicapBonus::NMinusOne => KataWhb::NMinusOne,
        };
        #[allow(clippy::cast_possible_truncation)] // a multiple of 0.5 well within f32
        let komi = r.scoring.komi.as_f64() as f32;
        let k = KataGoRules {
            ko,
            scoring,
            tax,
            multi_stone_suicide: r.play.suicide != Suicide::Forbidden,
            button: false,
            white_handicap_bonus: whb,
            friendly_pass_ok: r.end.friendly_pass == crate::model::FriendlyPass::Ok,
            komi,
        };
        let (values, missing) = k.values_and_missing();
        let mapped = !matches!(r.play.ko, Ko::NaturalSituationalSuperko | Ko::Ing);
        for (key, v) in values {
            if key == "play.ko" && !mapped {
                continue;
            }
            let actual = r.value_of(key).unwrap_or_default();
            if actual != v {
                keys.push(format!("{key} = {actual} (katago: {v})"));
            }
        }
        keys.extend(
            missing
                .into_iter()
                .map(|m| format!("{m}: not yet in weiqi")),
        );
        if matches!(r.play.ko, Ko::NaturalSituationalSuperko | Ko::Ing) {
            keys.insert(
                0,
                format!(
                    "play.ko = \"{}\" (katago: POSITIONAL, SITUATIONAL, SIMPLE or SPIGHT)",
                    r.play.ko
                ),
            );
        }
        if keys.is_empty() {
            Ok(k)
        } else {
            Err(Unexpressible {
                keys,
                direction: Direction::ToKataGo,
            })
        }
    }
}

fn key_order(key: &str) -> usize {
    crate::keys::KEYS
        .iter()
        .position(|k| k.key == key)
        .unwrap_or(usize::MAX)
}

/// KataGo's compact string for a weiqi ruleset, or the keys KataGo cannot express.
pub fn to_katago_string(r: &Ruleset) -> Result<String, Unexpressible> {
    KataGoRules::from_ruleset(r).map(|k| k.to_compact_string())
}

/// A spec file (TOML, extending the nearest built-in) that rules exactly as the KataGo rule
/// string `text` (any of its three forms).
pub fn import_katago(text: &str) -> Result<String, KataGoError> {
    KataGoRules::parse(text)?
        .to_spec_toml()
        .map_err(KataGoError::Unexpressible)
}

/// The ruleset an SGF `RU` value selects: the built-in its SGF names or id select
/// ([`crate::id_for_sgf_name`]), else the rules of a KataGo rule string (KataGo writes its
/// compact string into the `RU` of the records it produces, e.g.
/// `koSIMPLEscoreTERRITORYtaxSEKIsui1`); an error when the string reads as KataGo's but names
/// rules weiqi cannot express yet; `None` when it is neither.
#[must_use]
pub fn ruleset_for_ru(ru: &str) -> Option<Result<Ruleset, KataGoError>> {
    if let Some(id) = crate::id_for_sgf_name(ru) {
        return crate::builtin(id).ok().map(Ok::<Ruleset, KataGoError>);
    }
    let rules = KataGoRules::parse(ru).ok()?;
    Some(rules.to_ruleset())
}

/// The prefix of a KataGo rule string given where a variant id or a spec path is expected
/// ([`crate::load`]: `katago:japanese`, `katago:koPOSITIONALscoreAREAtaxNONEsui1komi7.5`).
pub const KATAGO_PREFIX: &str = "katago:";

#[cfg(test)]
mod tests;
