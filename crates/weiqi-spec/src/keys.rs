//! Every key of the spec language as data: dotted name, value kind (with the allowed values
//! taken from the enum tables), meaning, default and source.
//!
//! The schema check, the error messages, `spec/README.md` (`cargo xtask codegen`) and
//! `weiqi rules keys` all read this one table. Defaults are not written here: they are the
//! values of [`crate::defaults()`] (the Tromp-Taylor baseline), rendered by
//! [`crate::Ruleset::entries`], so the documentation cannot drift from the code.

use crate::model::{
    AfterStop, ByoYomi, Counting, FinalEnd, FreePlacementMoves, FriendlyPass, GroupTax,
    HandicapBonus, InitialPosition, Ko, LastPass, LongCycle, LongCyclePasses, NeutralFill,
    PassDead, PassStones, PenaltySystem, Placement, RepeatedPass, ResumeFirst, Scoring, SekiEyes,
    SharedPoints, SingleStoneSuicide, Suicide, Tie,
};

/// The kind of value a key takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyKind {
    /// One word of a closed set (a spec enum).
    Enum(&'static [&'static str]),
    /// An array of distinct words of a closed set.
    EnumList(&'static [&'static str]),
    /// Free text.
    Text,
    /// An array of free text.
    TextList,
    /// A variant id: lowercase letters and digits in hyphen-separated words.
    Id,
    /// A whole number, at least `min`.
    Count {
        /// The smallest allowed value.
        min: u32,
    },
    /// A number of points: an integer or a multiple of 0.5, may be negative.
    Komi,
    /// An array of distinct board sizes (`"19x19"`, `"19:13"`, `"9"`), each side in 1..=52.
    Sizes,
    /// A fraction `"n/d"`, 0 <= n, 0 < d.
    Fraction,
    /// A colour: `black` or `white`.
    Color,
    /// A table: board size -> stone count -> array of points (SGF `pd` or GTP `Q16`).
    Patterns,
}

pub use crate::model::COLOR_NAMES;

impl KeyKind {
    /// The allowed values, for a closed set.
    #[must_use]
    pub fn allowed(self) -> &'static [&'static str] {
        match self {
            KeyKind::Enum(names) | KeyKind::EnumList(names) => names,
            KeyKind::Color => COLOR_NAMES,
            _ => &[],
        }
    }

    /// A short description of the values, for documentation.
    #[must_use]
    pub fn describe(self) -> String {
        match self {
            KeyKind::Enum(names) => names.join(" | "),
            KeyKind::EnumList(names) => format!("array of: {}", names.join(", ")),
            KeyKind::Color => COLOR_NAMES.join(" | "),
            KeyKind::Text => "string".into(),
            KeyKind::TextList => "array of strings".into(),
            KeyKind::Id => "variant id (lowercase words joined by `-`)".into(),
            KeyKind::Count { min } => format!("integer >= {min}"),
            KeyKind::Komi => "number, a multiple of 0.5 (may be negative)".into(),
            KeyKind::Sizes => {
                "array of sizes `\"WxH\"`, `\"W:H\"` or `\"N\"`, sides 1..=52; `[]` = any".into()
            }
            KeyKind::Fraction => "fraction `\"n/d\"`".into(),
            KeyKind::Patterns => {
                "table: size -> stone count -> array of points (`\"pd\"` or `\"Q16\"`)".into()
            }
        }
    }
}

/// The documentation of one key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyDoc {
    /// The dotted key, e.g. `play.ko`.
    pub key: &'static str,
    /// The kind of value.
    pub kind: KeyKind,
    /// What the key means.
    pub meaning: &'static str,
    /// How the default is chosen, when it is not a plain value of the baseline.
    pub default_note: Option<&'static str>,
    /// Where the key comes from (docs/variants.md / docs/decisions.md sections, seeds, rules
    /// texts).
    pub source: &'static str,
    /// Whether a child file inherits the key through `extends` (`meta.*` keys describe one file
    /// and are not inherited).
    pub inherited: bool,
}

impl KeyDoc {
    /// The table part of the key (`play` for `play.ko`), or `""` for a top-level key.
    #[must_use]
    pub fn section(&self) -> &'static str {
        self.key.split_once('.').map_or("", |(s, _)| s)
    }

    /// The key inside its table (`ko` for `play.ko`).
    #[must_use]
    pub fn name(&self) -> &'static str {
        self.key.split_once('.').map_or(self.key, |(_, n)| n)
    }
}

/// The tables of a spec file, in file order.
pub const SECTIONS: &[&str] = &[
    "meta", "board", "play", "end", "scoring", "handicap", "time",
];

const fn key(
    key: &'static str,
    kind: KeyKind,
    meaning: &'static str,
    source: &'static str,
) -> KeyDoc {
    KeyDoc {
        key,
        kind,
        meaning,
        default_note: None,
        source,
        inherited: true,
    }
}

const fn meta(
    key: &'static str,
    kind: KeyKind,
    meaning: &'static str,
    default_note: &'static str,
) -> KeyDoc {
    KeyDoc {
        key,
        kind,
        meaning,
        default_note: Some(default_note),
        source: "docs/style.md 5",
        inherited: false,
    }
}

/// Every key, in file order.
pub const KEYS: &[KeyDoc] = &[
    KeyDoc {
        key: "extends",
        kind: KeyKind::Id,
        meaning: "The variant this one is written as a difference from: every rule key not set \
                  here is inherited (resolved by name after loading every file; cycles and \
                  unknown parents are errors). `meta.*` keys are not inherited.",
        default_note: Some("none (a root file: unset keys take the Tromp-Taylor defaults)"),
        source: "docs/style.md 5",
        inherited: false,
    },
    meta(
        "meta.name",
        KeyKind::Text,
        "Human-readable name.",
        "the variant id",
    ),
    meta(
        "meta.summary",
        KeyKind::Text,
        "One-paragraph summary.",
        "empty",
    ),
    meta(
        "meta.sources",
        KeyKind::TextList,
        "Sources: tags of docs/variants.md section 6, seed numbers, docs/decisions.md items.",
        "`[]`",
    ),
    meta(
        "meta.sgf-names",
        KeyKind::TextList,
        "SGF `RU` values that select this variant (compared case-insensitively; each name may \
         belong to one variant only).",
        "`[]`",
    ),
    key(
        "board.sizes",
        KeyKind::Sizes,
        "The board sizes the variant allows; rectangular sizes are allowed; `[]` means any size \
         from 1x1 to 52x52.",
        "docs/variants.md 2.2-2.11 (board rows)",
    ),
    key(
        "play.suicide",
        KeyKind::Enum(Suicide::NAMES),
        "Whether a play may leave its own string without liberties: `forbidden`; \
         `multi-stone` (a self-capture of two or more stones is legal, of one stone illegal); \
         `any` (any self-capture is a play, subject to the ko rule).",
        "docs/variants.md 2.0, 4.9; seed 000",
    ),
    key(
        "play.single-stone-suicide",
        KeyKind::Enum(SingleStoneSuicide::NAMES),
        "What a one-stone self-capture is: whatever `play.suicide` says (`by-suicide-rule`), \
         or a pass (`pass`, Ing). `pass` with `suicide = \"forbidden\"` is a contradiction.",
        "seed 000; docs/variants.md 2.2",
    ),
    key(
        "play.ko",
        KeyKind::Enum(Ko::NAMES),
        "The rule against repetition: simple ko, positional / situational / natural situational \
         superko, the Ing ko rule (ing-ko-v1), or KataGo's Spight ko (`spight`: no board may \
         repeat a board recorded since the last pass, so every pass lifts the bans; passes do \
         not count toward `end.stop-passes`, and play stops by `end.repeated-pass = \
         \"stops\"`, which it requires). Under `spight` entry 0 takes part until the first \
         pass exactly when `play.initial-position = \"counts\"`.",
        "docs/variants.md 3.a, 3.b; docs/decisions.md 1, 6, 8",
    ),
    key(
        "play.initial-position",
        KeyKind::Enum(InitialPosition::NAMES),
        "Whether the initial position (empty board, setup stones or placed handicap stones), \
         entry 0 of the history, is a recorded state for the rules that read it: \
         `ko = \"positional-superko\"` and `\"situational-superko\"` (a play may not recreate \
         it), `ko = \"ing\"` (Rule D: its recurrence records a ban) and the long-cycle count \
         of `play.long-cycle` (it is the first occurrence). `counts` or `ignored`. Simple ko and \
         natural situational superko never read it (no play created entry 0).",
        "docs/decisions.md 7, 12, 13; docs/variants.md 3.a, 3.b",
    ),
    key(
        "play.long-cycle",
        KeyKind::Enum(LongCycle::NAMES),
        "What a long cycle under simple ko leads to: `nothing`, the game ends with `no-result`, \
         or it ends in a `draw`. Anything but `nothing` requires `ko = \"simple\"`.",
        "J89 Art. 12; docs/decisions.md 12",
    ),
    key(
        "play.long-cycle-repetitions",
        KeyKind::Count { min: 2 },
        "How many times the same situation (board and player to move) must occur to trigger \
         `play.long-cycle` (3 = the third occurrence). Single passes do not restart the count; \
         a stop (`end.stop-passes` passes) or a resumption does. Entry 0 takes part exactly \
         when `play.initial-position = \"counts\"`.",
        "docs/decisions.md 12; KATA",
    ),
    key(
        "play.long-cycle-passes",
        KeyKind::Enum(LongCyclePasses::NAMES),
        "Whether a pass restarts the long-cycle count of `play.long-cycle`: `continue` (single \
         passes inside a cycle do not restart it; only a stop or a resumption does) or \
         `restart` (the count starts again at the situation after every pass, which is its \
         first occurrence, so a cycle that contains a pass never ends the game: KataGo's \
         simple ko, \"long cycles with passes do not no-result\").",
        "docs/decisions.md 12; KataGo boardhistory.cpp (makeBoardMoveAssumeLegal)",
    ),
    key(
        "end.stop-passes",
        KeyKind::Count { min: 1 },
        "Consecutive passes that stop play.",
        "docs/variants.md 3.e",
    ),
    key(
        "end.repeated-pass",
        KeyKind::Enum(RepeatedPass::NAMES),
        "What a pass does when the same player already passed from the same situation (board \
         and player to move) since the start of play or the last resumption: `continues` (it \
         counts toward `end.stop-passes` like any pass) or `stops` (it stops play at once, \
         whatever the pass count: KataGo's Spight-style ending, which ends \
         sending-two-returning-one and every other cycle with passes). Every earlier pass \
         counts, handicap placement passes included.",
        "KataGo boardhistory.cpp (wouldBeSpightlikeEndingPass); docs/katago.md 2c",
    ),
    key(
        "end.after-stop",
        KeyKind::Enum(AfterStop::NAMES),
        "What the stop opens: an `agreement` phase on dead stones (disagreement resumes play); \
         `agreement-then-passes`, the same, but after the agreement the players pass \
         `end.stop-passes` more times in a row and only then does the game end with the agreed \
         dead stones (a board play instead sets the agreement aside; Ing); or immediate scoring \
         with every stone on the board alive (`score-all-alive`, Tromp-Taylor; under \
         `scoring.pass-dead = \"dead\"` the pass-dead stones are dead, KataGo's area rules). \
         `score-all-alive` requires `final-end = \"never\"`.",
        "docs/variants.md 3.e; seed 000; docs/decisions.md 3",
    ),
    key(
        "end.resume-first",
        KeyKind::Enum(ResumeFirst::NAMES),
        "Who moves first when play resumes after a dispute.",
        "docs/variants.md 3.e; J89 Art. 9; seed 003; docs/decisions.md 16",
    ),
    key(
        "end.final-end",
        KeyKind::Enum(FinalEnd::NAMES),
        "How the game ends without agreement: `never`; after `end.final-end-passes` consecutive \
         passes with every stone alive (`consecutive-passes`); or at the second stop with every \
         stone alive (`second-stop`).",
        "docs/variants.md 3.e; seed 004; SIR",
    ),
    key(
        "end.final-end-passes",
        KeyKind::Count { min: 0 },
        "Consecutive passes (counted across a stop and resumption) that end the game under \
         `final-end = \"consecutive-passes\"`: must then exceed `end.stop-passes`; must be 0 \
         otherwise.",
        "docs/variants.md 3.e; seed 004; docs/decisions.md 3",
    ),
    key(
        "end.pass-stones",
        KeyKind::Enum(PassStones::NAMES),
        "Whether each pass hands the opponent one prisoner (allowed with area scoring too, where \
         it changes nothing).",
        "docs/variants.md 3.d; seed 004",
    ),
    key(
        "end.last-pass",
        KeyKind::Enum(LastPass::NAMES),
        "Who must make the last pass: `white` (if Black passed last, White adds a pass). \
         `white` only has a purpose with pass stones, so it requires \
         `pass-stones = \"to-opponent\"`.",
        "docs/variants.md 3.d; seed 004",
    ),
    key(
        "end.friendly-pass",
        KeyKind::Enum(FriendlyPass::NAMES),
        "Whether the rules say it is fine to pass with dead stones still on the board \
         (KataGo's `friendlyPassOk`): `not-ok` or `ok`. A property of the rules kept for \
         programs that read it (KataGo's search and its `final_status_list`); it changes no \
         ruling: legality, the end of the game and the count are the same under both values.",
        "KataGo rules.h (friendlyPassOk); docs/katago.md 2c",
    ),
    key(
        "scoring.scoring",
        KeyKind::Enum(Scoring::NAMES),
        "What is counted: `area` (stones plus surrounded empty points) or `territory` \
         (surrounded empty points plus prisoners).",
        "docs/variants.md 2.0, 3.f",
    ),
    key(
        "scoring.shared-points",
        KeyKind::Enum(SharedPoints::NAMES),
        "What an empty region bordered by both colours gives: nothing (`neutral`) or half a \
         point to each side (`half`; the margin is the same).",
        "docs/variants.md 2.0, 2.4; docs/decisions.md 13",
    ),
    key(
        "scoring.seki-eyes",
        KeyKind::Enum(SekiEyes::NAMES),
        "Whether eyes of groups in seki are territory: `count`; `void-string` (J89 Art. 8 \
         literally, at string level); `void-region` (KataGo's region-level rule); \
         `void-filled` (Art. 8 at string level after the dame filling, teire and seki of \
         spec/FILLING.md, which makes the fill whatever `neutral-fill` says).",
        "docs/variants.md 3.c; docs/decisions.md 10, 15",
    ),
    key(
        "scoring.neutral-fill",
        KeyKind::Enum(NeutralFill::NAMES),
        "What happens to unfilled neutral points before a territory count: nothing \
         (`literal`) or they are filled first by the procedure of spec/FILLING.md \
         (`fill-first`; read with `seki-eyes = \"void-string\"`).",
        "docs/decisions.md 10",
    ),
    key(
        "scoring.pass-dead",
        KeyKind::Enum(PassDead::NAMES),
        "What a pass-dead stone is at the count: a stone inside the other colour's pass-alive \
         area. That area is Benson's unconditional life as KataGo computes it: the strings of \
         a colour that keep two vital regions while strings with fewer are removed in turn \
         (a region, a connected set of empty points and other-colour stones holding at least \
         one empty point, is vital to a string when each of its empty points, or each of its \
         points when `play.suicide` is not `forbidden`, touches the string), and each region \
         bordered only by those strings with at most one point touching none of them. \
         `alive`: such a stone counts like any other unless agreed dead; `dead`: it is dead \
         whatever was agreed, removed before the count and counted for the other colour \
         without capture (KataGo's area count, which needs no agreement).",
        "KataGo board.cpp (calculateArea, calculateAreaForPla), boardhistory.cpp \
         (countAreaScoreWhiteMinusBlack); Benson 1976; docs/katago.md 2c",
    ),
    key(
        "scoring.group-tax",
        KeyKind::Enum(GroupTax::NAMES),
        "The group tax of ancient stone scoring: `none`, or `two-points`: each independent-life \
         region costs its owner two points of territory. A region is a connected set of one \
         colour's area (its stones and the empty points reaching only it, once the dead stones \
         are removed); it has independent life when it is not in seki under the region-level \
         rule (it touches no dame point and holds no stone of its owner in atari). \
         `two-points` requires `seki-eyes = \"void-region\"`.",
        "KataGo rules.h (TAX_ALL), board.cpp (calculateIndependentLifeArea), boardhistory.cpp \
         (countAreaScoreWhiteMinusBlack); docs/katago.md 2c; docs/peers.md 1c",
    ),
    key(
        "scoring.komi",
        KeyKind::Komi,
        "Komi in even games (added to White's score).",
        "docs/decisions.md (komi and tie defaults), 18",
    ),
    key(
        "scoring.tie",
        KeyKind::Enum(Tie::NAMES),
        "Who wins when the totals are equal in an even game.",
        "docs/decisions.md 17",
    ),
    KeyDoc {
        key: "scoring.tie-handicap",
        kind: KeyKind::Enum(Tie::NAMES),
        meaning: "Who wins when the totals are equal in a handicap game.",
        default_note: Some("the resolved `scoring.tie`, when no file in the chain sets it"),
        source: "docs/decisions.md 17; seed 000 (AGA version)",
        inherited: true,
    },
    key(
        "scoring.counting",
        KeyKind::Enum(Counting::NAMES),
        "The counting procedure that presents the result (the result is the same): `plain`, \
         `ing-fill-in` and `chinese-half-board` need area scoring, \
         `japanese-prisoners-filled` needs territory scoring.",
        "docs/variants.md 2.2, 2.4, 2.6",
    ),
    key(
        "handicap.placement",
        KeyKind::Enum(Placement::NAMES),
        "How handicap stones are placed: on the fixed points of `handicap.patterns` as setup \
         (`fixed`), or anywhere as Black plays (`free`).",
        "docs/variants.md 2.2-2.11 (handicap rows); docs/decisions.md 2, 9",
    ),
    key(
        "handicap.free-placement-moves",
        KeyKind::Enum(FreePlacementMoves::NAMES),
        "How free placement plays alternate: Black plays N stones in a row (`consecutive`), or \
         White passes between them (`white-passes`, N-1 passes, no pass stones).",
        "docs/decisions.md 2; docs/variants.md 2.2, 2.9",
    ),
    key(
        "handicap.bonus",
        KeyKind::Enum(HandicapBonus::NAMES),
        "White's compensation for handicap stones: `none`, one point per stone (`n`), or one per \
         stone after the first (`n-minus-one`).",
        "docs/variants.md 2.0, 3.d; seed 003",
    ),
    key(
        "handicap.komi",
        KeyKind::Komi,
        "Komi in handicap games (replaces `scoring.komi` when there is a handicap).",
        "docs/variants.md 2.6, 2.8",
    ),
    key(
        "handicap.first-after-placement",
        KeyKind::Color,
        "Who moves after the handicap stones are placed.",
        "docs/variants.md 2.6, 2.11",
    ),
    KeyDoc {
        key: "handicap.patterns",
        kind: KeyKind::Patterns,
        meaning: "The fixed handicap points per board size and stone count. Each size listed \
                  replaces that size's inherited (or default) patterns; other sizes keep theirs; \
                  an empty table removes a size. Each list must hold exactly as many distinct \
                  on-board points as its stone count.",
        default_note: Some(
            "the standard star-point patterns for 9x9, 13x13 and 19x19, 2 to 9 stones \
             (19x19: 2 = pd dp, 3 = + pp, 4 = + dd, 5 = 4 + jj, 6 = 4 + dj pj, 7 = 6 + jj, \
             8 = 6 + jd jp, 9 = 8 + jj; 13x13 and 9x9 alike on their star points)",
        ),
        source: "seed 004; J89 handicap practice; docs/variants.md 2.6, 2.8",
        inherited: true,
    },
    key(
        "time.penalty-system",
        KeyKind::Enum(PenaltySystem::NAMES),
        "How overtime turns into points: `none`, or Ing penalty points. `ing-points` requires \
         a non-zero step, points per step and steps.",
        "seed 000; docs/variants.md 3.g; docs/decisions.md 4",
    ),
    key(
        "time.penalty-step",
        KeyKind::Fraction,
        "One penalty step as a fraction of the basic time.",
        "seed 000; docs/decisions.md 4",
    ),
    key(
        "time.penalty-points-per-step",
        KeyKind::Count { min: 0 },
        "Penalty points per step of overtime.",
        "seed 000; docs/decisions.md 4",
    ),
    key(
        "time.penalty-steps-to-loss",
        KeyKind::Count { min: 0 },
        "Steps of overtime allowed; overtime beyond them loses.",
        "seed 000; docs/decisions.md 4",
    ),
    key(
        "time.byo-yomi",
        KeyKind::EnumList(ByoYomi::NAMES),
        "The byo-yomi kinds the variant allows (`[]` = not specified by the rules).",
        "seed 000, 002",
    ),
    key(
        "time.late-arrival-factor",
        KeyKind::Count { min: 0 },
        "Late arrival: this many times the delay is deducted from the latecomer's basic time \
         (0 = no deduction).",
        "seed 000; docs/variants.md 3.g",
    ),
];

/// The cross-key checks run on the resolved values (after `extends`), as documentation; the
/// code is in `resolve.rs`. They run once every value of every file in the chain is valid
/// (a value error would otherwise show up again as a contradiction with a default). An unused key keeps any value (`0` and `"0/1"` are the usual way
/// to mark one), except where a check below says otherwise.
pub const CROSS_CHECKS: &[&str] = &[
    "`play.single-stone-suicide = \"pass\"` contradicts `play.suicide = \"forbidden\"`.",
    "`play.long-cycle` other than `\"nothing\"` requires `play.ko = \"simple\"` (superko and \
     the Ing rule forbid the cycle itself).",
    "`scoring.group-tax = \"two-points\"` requires `scoring.seki-eyes = \"void-region\"`.",
    "`play.ko = \"spight\"` requires `end.repeated-pass = \"stops\"` (its passes do not count \
     toward the stop).",
    "`end.final-end = \"consecutive-passes\"` requires `end.final-end-passes` > \
     `end.stop-passes`; any other `final-end` requires `final-end-passes = 0`.",
    "`end.after-stop = \"score-all-alive\"` requires `end.final-end = \"never\"` (the stop \
     already ends the game).",
    "`end.last-pass = \"white\"` requires `end.pass-stones = \"to-opponent\"` (White's extra \
     pass only matters through its pass stone). Pass stones with area scoring are allowed (they \
     change nothing).",
    "`scoring.counting = \"ing-fill-in\"` or `\"chinese-half-board\"` requires \
     `scoring.scoring = \"area\"`; `\"japanese-prisoners-filled\"` requires `\"territory\"`.",
    "`time.penalty-system = \"ing-points\"` requires a non-zero `time.penalty-step`, \
     `time.penalty-points-per-step` and `time.penalty-steps-to-loss`.",
    "Across files: an SGF name (case-insensitive) may select one variant only; ids are file \
     stems, lowercase words joined by `-`, unique among the files loaded together.",
];

/// The documentation of a dotted key.
#[must_use]
pub fn key_doc(key: &str) -> Option<&'static KeyDoc> {
    KEYS.iter().find(|k| k.key == key)
}

/// The keys of one table (`""` = top level), in file order.
pub fn keys_in(section: &str) -> impl Iterator<Item = &'static KeyDoc> + '_ {
    KEYS.iter().filter(move |k| k.section() == section)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_unique_and_in_known_sections() {
        for (i, k) in KEYS.iter().enumerate() {
            assert!(
                KEYS[..i].iter().all(|o| o.key != k.key),
                "duplicate key {}",
                k.key
            );
            assert!(
                k.section().is_empty() || SECTIONS.contains(&k.section()),
                "unknown section of {}",
                k.key
            );
            assert!(
                !k.meaning.is_empty() && !k.source.is_empty(),
                "undocumented {}",
                k.key
            );
        }
    }
}
