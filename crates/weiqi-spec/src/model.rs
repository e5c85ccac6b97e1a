//! The validated ruleset: what the interpreter and the engine read.
//!
//! Every axis is its own field and every value its own enum variant, so that the language can
//! grow one key at a time. The TOML keys and their documentation live in [`crate::file`] and
//! [`crate::keys`]; `spec/README.md` is generated from both.
//!
//! Serialized (for `weiqi rules show --json`), every field uses its spec key (kebab-case),
//! enum values their spec spelling, board sizes `"19x19"`, points SGF (`"pd"`), the penalty
//! step `"1/6"` and colours `"black"`/`"white"`.

use std::collections::BTreeMap;

use weiqi_core::{BoardSize, Color, Point, Points};

/// Declares a spec enum with one table used for both parsing and printing.
macro_rules! spec_enum {
    (
        $(#[$meta:meta])*
        $name:ident { $( $(#[$vmeta:meta])* $variant:ident = $text:literal ),+ $(,)? }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $( $(#[$vmeta])* $variant, )+
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The spelling of the value in spec files.
            #[must_use]
            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }

            /// The value spelled `text` in spec files.
            #[must_use]
            pub fn from_name(text: &str) -> Option<$name> {
                match text { $($text => Some($name::$variant),)+ _ => None }
            }

            /// The allowed spellings, in declaration order (the same table as [`Self::ALL`]).
            pub const NAMES: &'static [&'static str] = &[$($text),+];

            /// The allowed spellings, for error messages and documentation.
            #[must_use]
            pub fn names() -> Vec<&'static str> {
                Self::NAMES.to_vec()
            }
        }

        impl SpecEnum for $name {
            const NAMES: &'static [&'static str] = $name::NAMES;
            fn from_name(text: &str) -> Option<$name> {
                $name::from_name(text)
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$name, D::Error> {
                let text = String::deserialize(d)?;
                $name::from_name(&text).ok_or_else(|| {
                    serde::de::Error::custom(format!(
                        "unknown value {:?} (allowed: {})",
                        text,
                        $name::names().join(", ")
                    ))
                })
            }
        }
    };
}

/// What every spec enum offers the validator: its one table of spellings.
pub trait SpecEnum: Sized + Copy {
    /// The allowed spellings, in declaration order.
    const NAMES: &'static [&'static str];
    /// The value spelled `text`.
    fn from_name(text: &str) -> Option<Self>;
}

/// Colours are spelled `black` and `white` in spec files (`handicap.first-after-placement`).
impl SpecEnum for Color {
    const NAMES: &'static [&'static str] = COLOR_NAMES;
    fn from_name(text: &str) -> Option<Color> {
        match text {
            "black" => Some(Color::Black),
            "white" => Some(Color::White),
            _ => None,
        }
    }
}

spec_enum! {
    /// Whether a play may leave its own string without liberties.
    Suicide {
        /// No self-capture (Japanese, Chinese, AGA, Korean, Russian).
        Forbidden = "forbidden",
        /// A self-capture of two or more stones is legal; a one-stone self-capture is not
        /// (or counts as a pass, see [`SingleStoneSuicide`]) (Ing, SIR).
        MultiStone = "multi-stone",
        /// Any self-capture is a legal play, subject to the ko rule (New Zealand, Tromp-Taylor).
        Any = "any",
    }
}

spec_enum! {
    /// What a one-stone self-capture is, where [`Suicide`] does not forbid it outright.
    SingleStoneSuicide {
        /// Whatever the suicide rule says.
        BySuicideRule = "by-suicide-rule",
        /// It is a pass: the board is unchanged and the move counts as a pass (Ing, seed 000).
        Pass = "pass",
    }
}

spec_enum! {
    /// The rule against repetition.
    Ko {
        /// No immediate recapture of a basic ko (Japanese 1989 Art. 6).
        Simple = "simple",
        /// No board may repeat any earlier board.
        PositionalSuperko = "positional-superko",
        /// No board with the same player to move may repeat an earlier one.
        SituationalSuperko = "situational-superko",
        /// No board play may recreate a board the same player created with a board play.
        NaturalSituationalSuperko = "natural-situational-superko",
        /// The Ing ko rule as formalized in docs/variants.md 3.a (ing-ko-v1): hot stones and the
        /// once-only restart of a recurring cycle.
        Ing = "ing",
        /// KataGo's Spight ko: no board may repeat a board recorded since the last pass (every
        /// pass lifts the bans), and passes do not count toward `end.stop-passes` (play stops
        /// by `end.repeated-pass = "stops"`).
        Spight = "spight",
    }
}

spec_enum! {
    /// Whether the initial position (entry 0 of the history) is a recorded state for the rules
    /// that read it: positional and situational superko, Ing Rule D and the long-cycle count
    /// (docs/decisions.md 7, 12).
    InitialPosition {
        /// It is entry 0 of the history (docs/decisions.md 7).
        Counts = "counts",
        /// It is not (New Zealand: "the position as it was after any of that player's previous
        /// moves", docs/decisions.md 13).
        Ignored = "ignored",
    }
}

spec_enum! {
    /// What a long cycle under simple ko leads to.
    LongCycle {
        /// Nothing: the cycle may go on (the caller must stop it).
        Nothing = "nothing",
        /// The game ends without result (Japanese 1989 Art. 12).
        NoResult = "no-result",
        /// The game ends in a draw (Korean).
        Draw = "draw",
    }
}

spec_enum! {
    /// Whether a pass restarts the long-cycle count.
    LongCyclePasses {
        /// No: single passes inside a cycle do not restart it (docs/decisions.md 12).
        Continue = "continue",
        /// Yes: the count starts again at the situation after every pass, so a cycle with a
        /// pass in it never ends the game (KataGo's simple ko).
        Restart = "restart",
    }
}

spec_enum! {
    /// What a pass from a situation the same player already passed from does.
    RepeatedPass {
        /// Nothing special: it counts toward `end.stop-passes` like any pass.
        Continues = "continues",
        /// It stops play at once, whatever the pass count (KataGo's Spight-style ending).
        Stops = "stops",
    }
}

spec_enum! {
    /// What the stop after the passes opens.
    AfterStop {
        /// The players agree on dead stones, or dispute and resume.
        Agreement = "agreement",
        /// As `agreement`, but once the players agree they pass again, `end.stop-passes` times
        /// in a row, and only then does the game end with the agreed dead stones (Ing, seed
        /// 000: "the total number of consecutive passes becomes four"; docs/decisions.md 3
        /// revised). A board play instead of those passes sets the agreement aside.
        AgreementThenPasses = "agreement-then-passes",
        /// Immediate scoring with every stone on the board alive (Tromp-Taylor).
        ScoreAllAlive = "score-all-alive",
    }
}

spec_enum! {
    /// Who moves first when play resumes after a dispute.
    ResumeFirst {
        /// The opponent of the player who made the last move (KGS, AGA, Ing).
        OpponentOfLastMover = "opponent-of-last-mover",
        /// The opponent of the player who asked to resume (Japanese 1989 Art. 9).
        OpponentOfResumer = "opponent-of-resumer",
    }
}

spec_enum! {
    /// How the game ends unconditionally without agreement.
    FinalEnd {
        /// It does not.
        Never = "never",
        /// After [`EndRules::final_end_passes`] consecutive passes, with every stone alive (AGA, Ing).
        ConsecutivePasses = "consecutive-passes",
        /// At the second stop, with every stone alive (EGF SIR).
        SecondStop = "second-stop",
    }
}

spec_enum! {
    /// Whether a pass hands a stone to the opponent.
    PassStones {
        /// No.
        None = "none",
        /// Yes: each pass gives the opponent one prisoner (AGA).
        ToOpponent = "to-opponent",
    }
}

spec_enum! {
    /// Who must make the last pass.
    LastPass {
        /// Either player.
        Any = "any",
        /// White: if Black passed last, White adds a pass (AGA).
        White = "white",
    }
}

spec_enum! {
    /// What is counted.
    Scoring {
        /// Stones plus surrounded empty points.
        Area = "area",
        /// Surrounded empty points plus prisoners.
        Territory = "territory",
    }
}

spec_enum! {
    /// What an empty region bordered by both colours gives.
    SharedPoints {
        /// Nothing to anybody.
        Neutral = "neutral",
        /// Half a point to each side (Chinese, Ing); the margin is the same as `neutral`.
        Half = "half",
    }
}

spec_enum! {
    /// Whether eyes of groups in seki are territory.
    SekiEyes {
        /// They count (area rules, AGA, Russian 2010 literal).
        Count = "count",
        /// Void at string level: Japanese 1989 Art. 8 read literally.
        VoidString = "void-string",
        /// Void at region level, as KataGo's independent-life regions.
        VoidRegion = "void-region",
        /// Void at string level after the dame filling and teire of `spec/FILLING.md`
        /// (docs/decisions.md 10, revised): Japanese 1989 Art. 8 on the position real games end
        /// with.
        VoidFilled = "void-filled",
    }
}

spec_enum! {
    /// What happens to unfilled neutral points before a territory count.
    NeutralFill {
        /// Nothing: Art. 8 literally (an unfilled neutral point puts its neighbours in seki).
        Literal = "literal",
        /// Neutral points are filled first, by the procedure of `spec/FILLING.md`, and the
        /// ruling says so (docs/decisions.md 10).
        FillFirst = "fill-first",
    }
}

spec_enum! {
    /// What a pass-dead stone is at the count: a stone inside the other colour's pass-alive
    /// area (Benson's unconditional life, KataGo's `calculateArea`).
    PassDead {
        /// Alive like any stone, unless the players agreed it dead.
        Alive = "alive",
        /// Dead whatever was agreed: it counts for the other colour without capture (KataGo's
        /// area count).
        Dead = "dead",
    }
}

spec_enum! {
    /// The two-point tax of every independent-life region (KataGo's `TAX_ALL`).
    GroupTax {
        /// No tax.
        None = "none",
        /// Each region of a colour's area that is not in seki (the region-level rule of
        /// `seki-eyes = "void-region"`) costs its owner two points ("ancient" stone scoring).
        TwoPoints = "two-points",
    }
}

spec_enum! {
    /// Whether the players may pass with dead stones still on the board (KataGo's
    /// `friendlyPassOk`). A property of the rules that changes no ruling.
    FriendlyPass {
        /// Not said to be fine (KataGo `friendlyPassOk = false`).
        NotOk = "not-ok",
        /// Said to be fine (KataGo `friendlyPassOk = true`).
        Ok = "ok",
    }
}

spec_enum! {
    /// Who wins when the totals are equal.
    Tie {
        /// Black.
        Black = "black",
        /// White.
        White = "white",
        /// Nobody: a draw (jigo).
        Draw = "draw",
    }
}

impl Tie {
    /// The winner a tie gives, if any.
    #[must_use]
    pub fn winner(self) -> Option<Color> {
        match self {
            Tie::Black => Some(Color::Black),
            Tie::White => Some(Color::White),
            Tie::Draw => None,
        }
    }
}

spec_enum! {
    /// How handicap stones are placed.
    Placement {
        /// On the fixed points of the board size's pattern, as setup; then White moves.
        Fixed = "fixed",
        /// Anywhere, as Black plays at the start of the game.
        Free = "free",
    }
}

spec_enum! {
    /// How the Black plays of a free placement alternate with White.
    FreePlacementMoves {
        /// Black plays N stones in a row.
        Consecutive = "consecutive",
        /// White passes between Black's placement plays (N-1 passes, no pass stones) (Ing, NZ).
        WhitePasses = "white-passes",
    }
}

spec_enum! {
    /// White's compensation for handicap stones.
    HandicapBonus {
        /// None (Japanese, Ing).
        None = "none",
        /// One point per stone (Chinese on KGS, AGA version of Ing).
        N = "n",
        /// One point per stone after the first (AGA with area counting).
        NMinusOne = "n-minus-one",
    }
}

spec_enum! {
    /// The counting procedure used to present a result (the result itself is the same).
    Counting {
        /// The breakdown as computed.
        Plain = "plain",
        /// Ing fill-in counting with (P-1)/2 stones per side.
        IngFillIn = "ing-fill-in",
        /// One side's count against half the board (Chinese).
        ChineseHalfBoard = "chinese-half-board",
        /// Prisoners filled into the opponent's territory (Japanese).
        JapanesePrisonersFilled = "japanese-prisoners-filled",
    }
}

spec_enum! {
    /// How overtime turns into points.
    PenaltySystem {
        /// No penalty points.
        None = "none",
        /// Ing penalty points: a number of points per step of overtime, loss past the last step.
        IngPoints = "ing-points",
    }
}

spec_enum! {
    /// A kind of byo-yomi a variant allows.
    ByoYomi {
        /// Japanese byo-yomi: periods of fixed length.
        Japanese = "japanese",
        /// Canadian byo-yomi: a number of moves per period.
        Canadian = "canadian",
        /// Ing's "second reading": a number of moves per period, failing a period loses.
        Ing = "ing",
        /// Absolute time: the flag fall loses.
        Absolute = "absolute",
    }
}

/// Descriptive data about a variant.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct Meta {
    /// Human-readable name.
    pub name: String,
    /// One-paragraph summary.
    pub summary: String,
    /// Sources (tags of docs/variants.md section 6 or seed numbers).
    pub sources: Vec<String>,
    /// SGF `RU` values that select this variant (compared case-insensitively).
    pub sgf_names: Vec<String>,
}

/// Which board sizes the variant allows.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct BoardRules {
    /// The allowed sizes; empty means any size from 1x1 to 52x52.
    #[serde(serialize_with = "ser::sizes")]
    pub sizes: Vec<BoardSize>,
}

/// How moves are played.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct PlayRules {
    /// Self-capture.
    pub suicide: Suicide,
    /// A one-stone self-capture.
    pub single_stone_suicide: SingleStoneSuicide,
    /// The rule against repetition.
    pub ko: Ko,
    /// Whether the initial position is a recorded state for superko, Ing Rule D and the
    /// long-cycle count.
    pub initial_position: InitialPosition,
    /// What a long cycle under simple ko leads to.
    pub long_cycle: LongCycle,
    /// How many times the same situation must occur in one stretch of play (single passes do
    /// not restart the count; a stop or a resumption does) to trigger [`PlayRules::long_cycle`]
    /// (e.g. 3 = the third occurrence; docs/decisions.md 12).
    pub long_cycle_repetitions: u32,
    /// Whether a pass restarts the long-cycle count.
    pub long_cycle_passes: LongCyclePasses,
}

/// How play stops and the game ends.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct EndRules {
    /// Consecutive passes that stop play.
    pub stop_passes: u32,
    /// What a pass from a situation the same player already passed from does.
    pub repeated_pass: RepeatedPass,
    /// What the stop opens.
    pub after_stop: AfterStop,
    /// Who moves first when play resumes.
    pub resume_first: ResumeFirst,
    /// How the game ends unconditionally.
    pub final_end: FinalEnd,
    /// Consecutive passes (counted across a stop and resumption) for
    /// [`FinalEnd::ConsecutivePasses`]; 0 otherwise.
    pub final_end_passes: u32,
    /// Pass stones.
    pub pass_stones: PassStones,
    /// Who passes last.
    pub last_pass: LastPass,
    /// Whether passing with dead stones on the board is fine (changes no ruling).
    pub friendly_pass: FriendlyPass,
}

/// How the result is counted.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct ScoringRules {
    /// Area or territory.
    pub scoring: Scoring,
    /// Empty regions bordered by both colours.
    pub shared_points: SharedPoints,
    /// Eyes of groups in seki.
    pub seki_eyes: SekiEyes,
    /// Unfilled neutral points before a territory count.
    pub neutral_fill: NeutralFill,
    /// What a stone inside the other colour's pass-alive area is at the count.
    pub pass_dead: PassDead,
    /// The two-point tax of every independent-life region.
    pub group_tax: GroupTax,
    /// Default komi in even games.
    pub komi: Points,
    /// Who wins a tie in an even game.
    pub tie: Tie,
    /// Who wins a tie in a handicap game.
    pub tie_handicap: Tie,
    /// The counting procedure that presents the result.
    pub counting: Counting,
}

/// How handicap is given.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct HandicapRules {
    /// Fixed or free placement.
    pub placement: Placement,
    /// How free placement plays alternate with White.
    pub free_placement_moves: FreePlacementMoves,
    /// The fixed patterns: board size -> number of stones -> points.
    #[serde(serialize_with = "ser::patterns")]
    pub patterns: BTreeMap<BoardSize, BTreeMap<u32, Vec<Point>>>,
    /// White's compensation for handicap stones.
    pub bonus: HandicapBonus,
    /// Komi in handicap games.
    pub komi: Points,
    /// Who moves after placement.
    #[serde(serialize_with = "ser::color")]
    pub first_after_placement: Color,
}

/// Time control and penalties.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct TimeRules {
    /// The penalty system.
    pub penalty_system: PenaltySystem,
    /// One penalty step, as a fraction (numerator, denominator) of the basic time (Ing: 1/6).
    #[serde(serialize_with = "ser::fraction")]
    pub penalty_step: (u32, u32),
    /// Points per step (Ing: 2).
    pub penalty_points_per_step: u32,
    /// Steps allowed; overtime beyond them loses (Ing: 3).
    pub penalty_steps_to_loss: u32,
    /// Byo-yomi kinds the variant allows.
    pub byo_yomi: Vec<ByoYomi>,
    /// Late arrival: this many times the delay is deducted from the latecomer's basic time
    /// (Ing: 2; 0 = no deduction).
    pub late_arrival_factor: u32,
}

/// A validated ruleset with `extends` resolved. Only [`crate::Ruleset`]s reach the
/// interpreter and the engine; they are built only by the validating loaders of this crate.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct Ruleset {
    /// The variant id (the spec file's stem).
    pub id: String,
    /// The parent this variant extends, if any.
    pub extends: Option<String>,
    /// Descriptive data.
    pub meta: Meta,
    /// Board sizes.
    pub board: BoardRules,
    /// How moves are played.
    pub play: PlayRules,
    /// How play stops and the game ends.
    pub end: EndRules,
    /// Counting.
    pub scoring: ScoringRules,
    /// Handicap.
    pub handicap: HandicapRules,
    /// Time and penalties.
    pub time: TimeRules,
    /// Keeps construction inside this crate (only the validating loaders build a `Ruleset`).
    #[serde(skip)]
    pub(crate) sealed: Sealed,
}

/// A private marker: a [`Ruleset`] cannot be written as a struct literal outside this crate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Sealed;

/// Serializers that spell values as the spec files do.
mod ser {
    use std::collections::BTreeMap;

    use serde::Serializer;
    use serde::ser::SerializeMap;
    use weiqi_core::{BoardSize, Color, Point};

    pub(super) fn sizes<S: Serializer>(sizes: &[BoardSize], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(sizes.iter().map(ToString::to_string))
    }

    pub(super) fn color<S: Serializer>(color: &Color, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&color.to_string())
    }

    pub(super) fn fraction<S: Serializer>(f: &(u32, u32), s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&format!("{}/{}", f.0, f.1))
    }

    pub(super) type Patterns = BTreeMap<BoardSize, BTreeMap<u32, Vec<Point>>>;

    pub(super) fn patterns<S: Serializer>(p: &Patterns, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(p.len()))?;
        for (size, counts) in p {
            map.serialize_entry(&size.to_string(), &Counts(counts))?;
        }
        map.end()
    }

    /// One size's patterns, keyed by the stone count as a string, in numeric order.
    struct Counts<'a>(&'a BTreeMap<u32, Vec<Point>>);

    impl serde::Serialize for Counts<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut map = s.serialize_map(Some(self.0.len()))?;
            for (n, points) in self.0 {
                let points: Vec<String> = points.iter().map(|p| p.to_sgf()).collect();
                map.serialize_entry(&n.to_string(), &points)?;
            }
            map.end()
        }
    }
}

/// The colour words.
pub const COLOR_NAMES: &[&str] = &["black", "white"];
