//! The interpreter: one game under one variant, every action judged by the clause modules.

use weiqi_core::{
    Action, ActionReport, Board, BoardSize, ByColor, Color, Ending, GameResult, Illegal, Move,
    Phase, PhaseKind, PlayError, Point, Points, Referee, Score, Setup, SetupNote, WinBy,
};
use weiqi_spec::{FreePlacementMoves, Ko, Ruleset};

use crate::end::{self, AfterPass, PassCount};
use crate::fuel::Fuel;
use crate::handicap::{self, SetupError};
use crate::history::{Kind, Record};
use crate::ko::{self, Candidate, ing::IngState};
use crate::long_cycle::{self, CountFrom};
use crate::pass_stones;
use crate::play::{self, PlayOutcome};
use crate::position::Position;
use crate::scoring::{self, ScoringInput};

/// The literal interpreter of a [`Ruleset`]: a game from its setup to its result.
///
/// Every state it keeps is what the rules themselves name: the recorded history (docs/variants.md
/// 3.0), prisoners, pass stones, the Ing hot stones and bans, the pass counters of the end rules,
/// the dead-stone proposals. Nothing is cached: each decision re-reads the board and the history.
#[derive(Debug, Clone)]
pub struct Interpreter {
    ruleset: Ruleset,
    handicap: u32,
    komi: Points,
    penalties: ByColor<Points>,
    history: Vec<Record>,
    to_move: Color,
    phase: Phase,
    prisoners: ByColor<u32>,
    pass_stones: ByColor<u32>,
    placement_left: u32,
    passes: PassCount,
    cycle_from: CountFrom,
    proposals: ByColor<Option<Vec<Point>>>,
    agreed: Option<Vec<Point>>,
    dead: Vec<Point>,
    ing: IngState,
    fuel: Option<u64>,
    game_fuel: Option<u64>,
    notes: Vec<SetupNote>,
}

/// What a move does, once judged legal.
enum Judged {
    /// A pass, or a play that counts as one (with its outcome).
    Pass(Option<PlayOutcome>),
    /// A board play.
    Play(PlayOutcome),
}

impl Interpreter {
    /// Starts a game of `ruleset` from `setup` (see [`crate::handicap`] for the handicap and
    /// setup rules). A board size the variant's text does not prescribe is accepted with a
    /// note ([`Interpreter::notes`], docs/decisions.md 25).
    pub fn new(ruleset: &Ruleset, setup: Setup) -> Result<Interpreter, SetupError> {
        let start = handicap::start(ruleset, &setup)?;
        Ok(Interpreter::from_start(ruleset, &setup, start))
    }

    /// As [`Interpreter::new`], but a board size the variant's text does not prescribe is
    /// refused with [`SetupError::SizeNotAllowed`] (`--strict`, docs/decisions.md 25).
    pub fn new_strict(ruleset: &Ruleset, setup: Setup) -> Result<Interpreter, SetupError> {
        let start = handicap::start_strict(ruleset, &setup)?;
        Ok(Interpreter::from_start(ruleset, &setup, start))
    }

    fn from_start(ruleset: &Ruleset, setup: &Setup, start: handicap::Start) -> Interpreter {
        Interpreter {
            ruleset: ruleset.clone(),
            handicap: setup.handicap,
            komi: start.komi,
            penalties: ByColor::default(),
            history: vec![Record::setup(start.board, start.to_move)],
            to_move: start.to_move,
            phase: Phase::Playing,
            prisoners: ByColor::default(),
            pass_stones: ByColor::default(),
            placement_left: start.placement_left,
            passes: PassCount::default(),
            cycle_from: CountFrom {
                entry: 0,
                to_move: start.to_move,
            },
            proposals: ByColor::default(),
            agreed: None,
            dead: Vec::new(),
            ing: IngState::default(),
            fuel: None,
            game_fuel: None,
            notes: start.notes,
        }
    }

    /// The remarks on the setup (docs/decisions.md 25: a board size the variant's text does not
    /// prescribe), for the caller to show.
    #[must_use]
    pub fn notes(&self) -> &[SetupNote] {
        &self.notes
    }

    /// Limits every decision to `steps` units of work (one per simulated play and one per
    /// history entry compared); a decision that needs more is refused with
    /// [`Illegal::OutOfFuel`].
    #[must_use]
    pub fn with_fuel(mut self, steps: u64) -> Interpreter {
        self.fuel = Some(steps);
        self
    }

    /// Limits the whole game to `steps` units of work: every move applied spends what its
    /// decision cost from this budget (see [`crate::fuel`]), and a decision that needs more than
    /// is left is refused with [`Illegal::OutOfFuel`] (inconclusive, not a ruling). Checks that
    /// change nothing spend nothing. Combines with [`Interpreter::with_fuel`]: each decision gets
    /// the smaller of the two.
    #[must_use]
    pub fn with_game_fuel(mut self, steps: u64) -> Interpreter {
        self.game_fuel = Some(steps);
        self
    }

    /// What is left of the game's budget ([`Interpreter::with_game_fuel`]), if it has one.
    #[must_use]
    pub fn fuel_left(&self) -> Option<u64> {
        self.game_fuel
    }

    /// Sets the penalty points charged to each side (Ing time penalties, Russian 2010
    /// violations); they are passed to the count.
    pub fn set_penalties(&mut self, penalties: ByColor<Points>) {
        self.penalties = penalties;
    }

    /// The variant.
    #[must_use]
    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// The komi of this game (the setup's, else the variant's).
    #[must_use]
    pub fn komi(&self) -> Points {
        self.komi
    }

    /// The handicap of this game as set up: 0 even, 1 a handicap game without stones
    /// (docs/decisions.md 21), N >= 2 a game of N handicap stones.
    #[must_use]
    pub fn handicap(&self) -> u32 {
        self.handicap
    }

    /// The recorded history: entry 0 is the initial position, entry `i` the state after move `i`.
    #[must_use]
    pub fn history(&self) -> &[Record] {
        &self.history
    }

    /// Who would move first if `by` resumed play now (`end.resume-first`), or `None` while play
    /// is not stopped. A caller choosing who asked to resume asks this instead of trying each
    /// resumption on a copy of the game (issue 9, item 3: no history copies at a stop).
    #[must_use]
    pub fn first_after_resume(&self, by: Color) -> Option<Color> {
        (self.phase == Phase::Stopped).then(|| {
            let last_mover = self.history[self.history.len() - 1].mover;
            end::resume_first(&self.ruleset.end, last_mover, self.to_move, by)
        })
    }

    /// The agreed dead stones (whole strings), once the game ended by agreement.
    #[must_use]
    pub fn dead_stones(&self) -> &[Point] {
        &self.dead
    }

    /// The dead stones the players agreed on at the last stop, while the passes that end the
    /// game by that agreement are still to come (`after-stop = "agreement-then-passes"`, Ing).
    #[must_use]
    pub fn pending_agreement(&self) -> Option<&[Point]> {
        self.agreed.as_deref()
    }

    /// The latest dead-stone proposal of each player while play is stopped (whole strings).
    #[must_use]
    pub fn proposals(&self) -> &ByColor<Option<Vec<Point>>> {
        &self.proposals
    }

    fn current(&self) -> &Board {
        // The history always holds entry 0.
        &self.history[self.history.len() - 1].board
    }

    fn new_fuel(&self) -> Fuel {
        let steps = match (self.fuel, self.game_fuel) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Fuel::new(steps)
    }

    /// Judges a move without changing the game.
    fn judge(&self, color: Color, mv: Move, fuel: &Fuel) -> Result<Judged, Illegal> {
        match self.phase {
            Phase::Ended(_) => return Err(Illegal::GameOver),
            Phase::Stopped => {
                return Err(Illegal::WrongPhase {
                    needs: PhaseKind::Playing,
                });
            }
            Phase::Playing => {}
        }
        if color != self.to_move {
            return Err(Illegal::WrongTurn {
                expected: self.to_move,
            });
        }
        if self.placement_left > 0 {
            let placing = matches!(
                (color, mv),
                (Color::Black, Move::Play(_)) | (Color::White, Move::Pass)
            );
            if !placing {
                return Err(Illegal::HandicapPlacement { player: color });
            }
        }
        let Move::Play(p) = mv else {
            return Ok(Judged::Pass(None));
        };
        let board = self.current();
        let outcome = play::play(&self.ruleset.play, board, color, p, fuel)?;
        if outcome.counted_as_pass {
            return Ok(Judged::Pass(Some(outcome)));
        }
        let candidate = Candidate {
            color,
            point: p,
            outcome: &outcome,
        };
        ko::check(
            &self.ruleset.play,
            &self.history,
            &self.ing,
            board,
            candidate,
            fuel,
        )?;
        Ok(Judged::Play(outcome))
    }

    fn apply_move(&mut self, color: Color, mv: Move) -> Result<ActionReport, Illegal> {
        let fuel = self.new_fuel();
        let report = self.apply_move_with(color, mv, &fuel);
        if let Some(left) = &mut self.game_fuel {
            *left = left.saturating_sub(fuel.spent());
        }
        report
    }

    fn apply_move_with(
        &mut self,
        color: Color,
        mv: Move,
        fuel: &Fuel,
    ) -> Result<ActionReport, Illegal> {
        let judged = self.judge(color, mv, fuel)?;
        let placing = self.placement_left > 0;
        let mut report = ActionReport::default();
        let (record, outcome, is_pass) = match judged {
            Judged::Pass(counted) => {
                report.counted_as_pass = counted.is_some();
                let next = if placing {
                    Color::Black
                } else {
                    color.opponent()
                };
                let record = Record::new(
                    self.current().clone(),
                    next,
                    Some(color),
                    Kind::Pass,
                    Some(mv),
                    Vec::new(),
                );
                (record, None, true)
            }
            Judged::Play(outcome) => {
                let next = if placing && self.placement_left == 1 {
                    self.ruleset.handicap.first_after_placement
                } else if placing {
                    match self.ruleset.handicap.free_placement_moves {
                        FreePlacementMoves::Consecutive => Color::Black,
                        FreePlacementMoves::WhitePasses => Color::White,
                    }
                } else {
                    color.opponent()
                };
                let record = Record::new(
                    outcome.board.clone(),
                    next,
                    Some(color),
                    Kind::Play,
                    Some(mv),
                    outcome.captured.clone(),
                );
                (record, Some(outcome), false)
            }
        };
        // Everything that can run out of fuel is computed before the game changes.
        let is_ing = self.ruleset.play.ko == Ko::Ing;
        let mut ing = self.ing.clone();
        if is_ing {
            let played = mv.point().zip(outcome.as_ref());
            ko::ing::update_hot(&mut ing, color, played, &record.board);
        }
        let next = record.to_move;
        self.history.push(record);
        let initial = self.ruleset.play.initial_position;
        let bans = if is_ing {
            ko::ing::record_bans(&mut ing, &self.history, initial, fuel)
        } else {
            Ok(())
        };
        let tail = bans.and_then(|()| {
            long_cycle::ending(&self.ruleset.play, &self.history, self.cycle_from, fuel)
        });
        let cycle_end = match tail {
            Ok(e) => e,
            Err(e) => {
                self.history.pop();
                return Err(e);
            }
        };
        self.ing = ing;
        self.to_move = next;
        if let Some(o) = &outcome {
            report.captured = o.captured.clone();
            report.self_captured = o.self_captured.clone();
            *self.prisoners.get_mut(color) += count(&o.captured);
            *self.prisoners.get_mut(color.opponent()) += count(&o.self_captured);
        }
        if is_pass {
            if pass_stones::gives_stone(&self.ruleset.end, placing) {
                *self.pass_stones.get_mut(color.opponent()) += 1;
            }
            if !placing {
                let agreed = self.agreed.is_some();
                let repeated = end::repeats_a_pass(&self.history, self.cycle_from.entry);
                let spight = self.ruleset.play.ko == Ko::Spight;
                match end::after_pass(
                    &self.ruleset.end,
                    &mut self.passes,
                    agreed,
                    repeated,
                    spight,
                ) {
                    AfterPass::Continue => {}
                    AfterPass::EndAgreement => {
                        self.dead = self.agreed.take().unwrap_or_default();
                        self.end_after_passes(Ending::Agreement);
                    }
                    AfterPass::Stop => {
                        self.phase = Phase::Stopped;
                        self.proposals = ByColor::default();
                        self.restart_cycle_count();
                    }
                    AfterPass::EndAllAlive => self.end_after_passes(Ending::AllAlive),
                }
            }
        } else {
            if placing {
                self.placement_left -= 1;
            }
            end::after_play(&mut self.passes);
            // A board play instead of the passes after an agreement sets it aside.
            self.agreed = None;
        }
        if self.phase == Phase::Playing
            && let Some(e) = cycle_end
        {
            self.phase = Phase::Ended(e);
        }
        Ok(report)
    }

    /// Ends the game after the passes or an agreement, adding White's last pass when the
    /// variant asks for it (`end.last-pass`).
    fn end_after_passes(&mut self, ending: Ending) {
        let last = &self.history[self.history.len() - 1];
        let black_passed_last = last.kind == Kind::Pass && last.mover == Some(Color::Black);
        if end::white_owes_last_pass(&self.ruleset.end, black_passed_last) {
            let record = Record::new(
                last.board.clone(),
                Color::Black,
                Some(Color::White),
                Kind::Pass,
                Some(Move::Pass),
                Vec::new(),
            );
            self.history.push(record);
            if pass_stones::gives_stone(&self.ruleset.end, false) {
                *self.pass_stones.get_mut(Color::Black) += 1;
            }
            self.to_move = Color::Black;
        }
        self.phase = Phase::Ended(ending);
    }

    /// Restarts the long-cycle count at the current situation (docs/decisions.md 12: "the count
    /// restarts when play stops or resumes").
    fn restart_cycle_count(&mut self) {
        self.cycle_from = CountFrom {
            entry: self.history.len() - 1,
            to_move: self.to_move,
        };
    }

    fn check_proposal(&self, dead: &[Point]) -> Result<(), Illegal> {
        match self.phase {
            Phase::Ended(_) => return Err(Illegal::GameOver),
            Phase::Playing => {
                return Err(Illegal::WrongPhase {
                    needs: PhaseKind::Stopped,
                });
            }
            Phase::Stopped => {}
        }
        let board = self.current();
        for &p in dead {
            if !board.size().contains(p) {
                return Err(Illegal::OffBoard);
            }
            if board.get(p).is_none() {
                return Err(Illegal::NotAStone { point: p });
            }
        }
        Ok(())
    }

    fn check_action(&self, action: &Action, fuel: &Fuel) -> Result<(), Illegal> {
        match action {
            Action::Move { color, mv } => self.judge(*color, *mv, fuel).map(|_| ()),
            Action::ProposeDead { dead, .. } => self.check_proposal(dead),
            Action::Resume { .. } => match self.phase {
                Phase::Ended(_) => Err(Illegal::GameOver),
                Phase::Playing => Err(Illegal::WrongPhase {
                    needs: PhaseKind::Stopped,
                }),
                Phase::Stopped => Ok(()),
            },
            Action::Resign { .. } | Action::LoseOnTime { .. } => match self.phase {
                Phase::Ended(_) => Err(Illegal::GameOver),
                _ => Ok(()),
            },
        }
    }

    fn apply_action(&mut self, action: &Action) -> Result<ActionReport, Illegal> {
        match action {
            Action::Move { color, mv } => self.apply_move(*color, *mv),
            Action::ProposeDead { by, dead } => {
                self.check_proposal(dead)?;
                let expanded = end::expand_dead(self.current(), dead);
                *self.proposals.get_mut(*by) = Some(expanded);
                if let ByColor {
                    black: Some(b),
                    white: Some(w),
                } = &self.proposals
                    && b == w
                {
                    if end::agreement_ends_at_once(&self.ruleset.end) {
                        self.dead = b.clone();
                        self.end_after_passes(Ending::Agreement);
                    } else {
                        // Ing: the players pass again; the game ends after those passes.
                        self.agreed = Some(b.clone());
                        self.passes.since_resume = 0;
                        self.proposals = ByColor::default();
                        self.phase = Phase::Playing;
                        self.restart_cycle_count();
                    }
                }
                Ok(ActionReport::default())
            }
            Action::Resume { by } => {
                self.check_action(action, &self.new_fuel())?;
                let last_mover = self.history[self.history.len() - 1].mover;
                self.to_move = end::resume_first(&self.ruleset.end, last_mover, self.to_move, *by);
                self.passes.since_resume = 0;
                self.proposals = ByColor::default();
                self.phase = Phase::Playing;
                self.restart_cycle_count();
                Ok(ActionReport::default())
            }
            Action::Resign { by } => {
                self.check_action(action, &self.new_fuel())?;
                self.phase = Phase::Ended(Ending::Resignation(*by));
                Ok(ActionReport::default())
            }
            Action::LoseOnTime { by } => {
                self.check_action(action, &self.new_fuel())?;
                self.phase = Phase::Ended(Ending::Time(*by));
                Ok(ActionReport::default())
            }
        }
    }

    /// Every empty point on which the player to move may not play now, with the reason (in
    /// row order). While play is stopped or over, every empty point is listed with that reason.
    #[must_use]
    pub fn illegal_points(&self) -> Vec<(Point, Illegal)> {
        let board = self.current();
        board
            .empty_points()
            .filter_map(|p| {
                let fuel = self.new_fuel();
                self.judge(self.to_move, Move::Play(p), &fuel)
                    .err()
                    .map(|e| (p, e))
            })
            .collect()
    }

    /// A snapshot of the game now.
    #[must_use]
    pub fn position(&self) -> Position {
        let ko_bans = self
            .illegal_points()
            .into_iter()
            .filter(|(_, e)| {
                matches!(
                    e,
                    Illegal::Ko
                        | Illegal::PositionalSuperko { .. }
                        | Illegal::SituationalSuperko { .. }
                        | Illegal::NaturalSituationalSuperko { .. }
                        | Illegal::HotStone { .. }
                        | Illegal::CycleRestart { .. }
                )
            })
            .collect();
        Position {
            board: self.current().clone(),
            to_move: self.to_move,
            prisoners: self.prisoners,
            pass_stones: self.pass_stones,
            hot_stones: self.ing.hot.clone(),
            ko_bans,
            placement_left: self.placement_left,
            moves_played: self.history.len() - 1,
            phase: self.phase,
        }
    }

    /// The input of the count, if the game ended in a scored way.
    fn scoring_input(&self) -> Option<ScoringInput<'_>> {
        let Phase::Ended(e) = self.phase else {
            return None;
        };
        if !end::is_scored(e) {
            return None;
        }
        Some(ScoringInput {
            ruleset: &self.ruleset,
            board: self.current(),
            dead: &self.dead,
            prisoners: self.prisoners,
            pass_stones: self.pass_stones,
            handicap: self.handicap,
            komi: self.komi,
            penalties: self.penalties,
        })
    }
}

fn count(points: &[Point]) -> u32 {
    u32::try_from(points.len()).unwrap_or(u32::MAX)
}

impl Referee for Interpreter {
    fn size(&self) -> BoardSize {
        self.current().size()
    }

    fn board(&self) -> Board {
        self.current().clone()
    }

    fn to_move(&self) -> Color {
        self.to_move
    }

    fn phase(&self) -> Phase {
        self.phase
    }

    fn moves_played(&self) -> usize {
        self.history.len() - 1
    }

    fn prisoners(&self) -> ByColor<u32> {
        self.prisoners
    }

    fn pass_stones(&self) -> ByColor<u32> {
        self.pass_stones
    }

    fn check(&self, action: &Action) -> Result<(), Illegal> {
        self.check_action(action, &self.new_fuel())
    }

    fn apply(&mut self, action: Action) -> Result<ActionReport, PlayError> {
        self.apply_action(&action)
            .map_err(|reason| PlayError { action, reason })
    }

    fn legal_moves(&self) -> Vec<Move> {
        if self.phase != Phase::Playing {
            return Vec::new();
        }
        let mut out: Vec<Move> = self
            .current()
            .empty_points()
            .map(Move::Play)
            .chain(std::iter::once(Move::Pass))
            .filter(|&mv| self.judge(self.to_move, mv, &self.new_fuel()).is_ok())
            .collect();
        out.sort_by_key(|mv| matches!(mv, Move::Pass));
        out
    }

    fn hot_stones(&self) -> Option<Vec<Point>> {
        Some(self.ing.hot.iter().map(|&(p, _)| p).collect())
    }

    fn score(&self) -> Option<Score> {
        self.scoring_input().map(|input| scoring::score(&input))
    }

    fn result(&self) -> Option<GameResult> {
        let Phase::Ended(e) = self.phase else {
            return None;
        };
        match e {
            Ending::Agreement | Ending::AllAlive => self.score().map(|s| s.result),
            Ending::NoResult => Some(GameResult::NoResult),
            Ending::Draw => Some(GameResult::Draw),
            Ending::Resignation(c) => Some(GameResult::Win {
                winner: c.opponent(),
                by: WinBy::Resignation,
            }),
            Ending::Time(c) => Some(GameResult::Win {
                winner: c.opponent(),
                by: WinBy::Time,
            }),
        }
    }
}
