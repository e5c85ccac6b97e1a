//! How a record's game starts: the [`Setup`] a referee begins from (the shared Setup contract of
//! issue 8 and docs/decisions.md 21-23).
//!
//! - `HA` adds no stones (SGF FF\[4\]). The handicap stones are the root's `AB` (any setup before
//!   the first move), or Black's consecutive leading moves: a free placement written as moves
//!   stays moves (the variant plays it); under a variant that places fixed stones those moves
//!   are the handicap stones, taken as setup with a note (docs/decisions.md 23).
//!   Where the variant's free placement has White pass between Black's plays
//!   (`free-placement-moves = "white-passes"`), Black's plays with White's passes between them
//!   are the placement too: the variant's own way of writing it.
//! - `HA` >= 2 with neither and White's move first (how Fox writes its handicap games): the
//!   stones stand where the server placed them, on the variant's fixed pattern, else the
//!   standard star points, with a note (docs/decisions.md 23 revised).
//! - `HA` >= 2 with neither otherwise: ruled as recorded, with a note: no stone is invented.
//! - `HA` missing and only black setup stones (two or more) with White to move: a handicap game
//!   of that many stones, with a note (seed 003: the handicap is "the number of black stones on
//!   the board before White's first move").
//! - The first mover of a game start (an empty board, handicap stones) is the variant's: the
//!   reader never takes it from the first move, so a wrong first move is ruled `wrong-turn`
//!   (docs/decisions.md 22). A position (other setup stones) takes it from `PL`, else the first
//!   move.

use weiqi_core::{Color, Move, Point, Setup};
use weiqi_spec::{FreePlacementMoves, HandicapRules, Placement, Ruleset};

use crate::read::Notes;
use crate::{Record, SgfError};

/// How a record's game starts under a variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameStart {
    /// What the referee starts from.
    pub setup: Setup,
    /// How many of the record's first moves are handicap stones in `setup` (not to be played).
    pub skip: usize,
    /// How the start was read (lowercase sentences).
    pub notes: Vec<String>,
}

impl Record {
    /// How the game starts under `ruleset` (see the module doc). Under strict reading
    /// ([`crate::ReadOptions::strict`]) a leniency (handicap stones taken from moves or
    /// inferred, `HA` without stones) is an error.
    pub fn game_start(&self, ruleset: &Ruleset) -> Result<GameStart, SgfError> {
        self.start_with(Some(&ruleset.handicap))
    }

    /// How the game starts when the variant is not known: as [`Record::game_start`] under a
    /// variant that plays a free placement as moves (Black's leading moves stay moves).
    #[must_use]
    pub fn setup(&self) -> Setup {
        match self.start_with(None) {
            Ok(start) => start.setup,
            Err(_) => Setup {
                size: self.size,
                handicap: self.handicap,
                stones: self.setup_stones.clone(),
                to_move: self.player_to_move,
                komi: self.komi,
            },
        }
    }

    fn start_with(&self, rules: Option<&HandicapRules>) -> Result<GameStart, SgfError> {
        let placement = rules.map(|r| r.placement);
        let first_after = rules.map(|r| r.first_after_placement);
        // White passes between the placement plays: the variant's own way of writing a free
        // placement (docs/decisions.md 23).
        let white_passes = rules.is_some_and(|r| {
            r.placement == Placement::Free
                && r.free_placement_moves == FreePlacementMoves::WhitePasses
        });
        let mut notes = Notes::new(&self.name, self.strict, Vec::new());
        let blacks = self
            .setup_stones
            .iter()
            .filter(|s| s.1 == Color::Black)
            .count();
        let whites = self.setup_stones.len() - blacks;
        let first = self.moves.first().map(|m| m.color);
        let stones = self.setup_stones.clone();
        let mut skip = 0;
        let n = self.handicap;
        // A position, not a game start: the first mover is PL, else the first move.
        let position = |stones: Vec<_>, handicap| (handicap, stones, self.player_to_move.or(first));
        let (handicap, stones, to_move) = if n >= 2 && !stones.is_empty() {
            if whites > 0 {
                position(stones, n)
            } else {
                let handicap = if blacks != n as usize && blacks >= 2 {
                    notes.info(format!(
                        "HA[{n}] but {blacks} black setup stones: the handicap is {blacks} stones"
                    ));
                    u32::try_from(blacks).unwrap_or(n)
                } else {
                    n
                };
                self.pl_at_game_start(&mut notes, first_after);
                (handicap, stones, None)
            }
        } else if n >= 2 {
            let taken = self.leading_black_plays(n as usize, white_passes);
            let server_placed = if first == Some(Color::White) {
                self.server_placement(rules, n)
            } else {
                None
            };
            if let Some(placed) = server_placed {
                let list: Vec<String> = placed.iter().map(|s| s.0.to_sgf()).collect();
                notes.lenient(
                    None,
                    "HA",
                    format!(
                        "HA[{n}] without AB and White moves first: the {n} handicap stones \
                         stand where the server placed them, the {} ({}) (docs/decisions.md 23)",
                        if rules.is_some_and(|r| r.placement == Placement::Fixed
                            && r.patterns
                                .get(&self.size)
                                .is_some_and(|p| p.contains_key(&n)))
                        {
                            "variant's fixed points"
                        } else {
                            "standard star points"
                        },
                        list.join(", ")
                    ),
                )?;
                self.pl_at_game_start(&mut notes, first_after);
                (n, placed, None)
            } else if taken < 2 {
                notes.lenient(
                    None,
                    "HA",
                    format!(
                        "HA[{n}] but the record has no handicap stones (no AB, and it does not \
                         start with Black's moves): ruled as recorded, without handicap stones \
                         (a first move by White is then out of turn)"
                    ),
                )?;
                (0, stones, None)
            } else {
                if taken < n as usize {
                    notes.info(format!(
                        "HA[{n}] but only {taken} leading black moves: the handicap is {taken} \
                         stones"
                    ));
                }
                let handicap = u32::try_from(taken).unwrap_or(n);
                match placement {
                    Some(Placement::Fixed) => {
                        let placed: Vec<_> = self.moves[..taken]
                            .iter()
                            .filter_map(|m| match m.mv {
                                Move::Play(p) => Some((p, Color::Black)),
                                Move::Pass => None,
                            })
                            .collect();
                        let list: Vec<String> = placed.iter().map(|s| s.0.to_sgf()).collect();
                        notes.lenient(
                            None,
                            "HA",
                            format!(
                                "HA[{n}] without AB: Black's first {taken} moves ({}) are the \
                                 handicap stones, placed as setup (docs/decisions.md 23); the moves \
                                 keep the record's numbers",
                                list.join(", ")
                            ),
                        )?;
                        skip = taken;
                        (handicap, placed, None)
                    }
                    _ => {
                        notes.info(format!(
                            "HA[{n}]: Black's first {taken} moves are the free handicap placement"
                        ));
                        (handicap, stones, None)
                    }
                }
            }
        } else if n == 1 && stones.is_empty() {
            self.pl_at_game_start(&mut notes, Some(Color::Black));
            (1, stones, None)
        } else if stones.is_empty() {
            self.pl_at_game_start(&mut notes, Some(Color::Black));
            (n, stones, None)
        } else if whites == 0
            && blacks >= 2
            && !self.handicap_given
            && self.player_to_move.or(first) == Some(Color::White)
        {
            notes.lenient(
                None,
                "AB",
                format!(
                    "no HA: the {blacks} black setup stones with White to move are a handicap \
                     of {blacks} stones (docs/decisions.md 23, seed 003)"
                ),
            )?;
            (u32::try_from(blacks).unwrap_or(0), stones, None)
        } else {
            position(stones, n)
        };
        Ok(GameStart {
            setup: Setup {
                size: self.size,
                handicap,
                stones,
                to_move,
                komi: self.komi,
            },
            skip,
            notes: notes.list,
        })
    }

    /// How many of the record's first moves are Black's placement plays, at most `n`: Black's
    /// plays in a row, and where `white_passes`, with White's passes between them.
    fn leading_black_plays(&self, n: usize, white_passes: bool) -> usize {
        let mut taken = 0;
        for m in &self.moves {
            if taken == n {
                break;
            }
            match (m.color, m.mv) {
                (Color::Black, Move::Play(_)) => taken += 1,
                (Color::White, Move::Pass) if white_passes && taken > 0 => {}
                _ => break,
            }
        }
        taken
    }

    /// The `n` handicap stones a server placed without writing them (`HA` >= 2, no `AB`,
    /// White's move first; docs/decisions.md 23 revised): the variant's fixed pattern for the board
    /// size, else the standard star-point pattern; `None` where neither has `n` stones.
    fn server_placement(
        &self,
        rules: Option<&HandicapRules>,
        n: u32,
    ) -> Option<Vec<(Point, Color)>> {
        let fixed = rules
            .filter(|r| r.placement == Placement::Fixed)
            .and_then(|r| r.patterns.get(&self.size))
            .and_then(|p| p.get(&n))
            .cloned();
        let points = fixed.or_else(|| {
            weiqi_spec::standard_patterns()
                .get(&self.size)
                .and_then(|p| p.get(&n))
                .cloned()
        })?;
        Some(points.into_iter().map(|p| (p, Color::Black)).collect())
    }

    /// `PL` at a game start does not choose the first mover (docs/decisions.md 22): a note when it
    /// disagrees with the variant.
    fn pl_at_game_start(&self, notes: &mut Notes<'_>, variant: Option<Color>) {
        if let (Some(pl), Some(v)) = (self.player_to_move, variant)
            && pl != v
        {
            notes.info(format!(
                "PL[{}] ignored: at the start of a game the variant says who moves first \
                 ({v}; docs/decisions.md 22)",
                pl.letter()
            ));
        }
    }
}
