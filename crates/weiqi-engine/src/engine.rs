//! The engine: one game under one variant. Legality is decided from the neighbouring strings
//! and the hash indexes (`board`, `history`); this module holds the game flow (passes, stop,
//! agreement, resumption, handicap placement, the end) as the interpreter's `end`, `handicap`
//! and `pass_stones` clauses state it.

use std::fmt;
use std::sync::Arc;

use weiqi_core::{
    Action, ActionReport, Board, BoardSize, ByColor, Color, Ending, GameResult, Illegal, Move,
    Phase, PhaseKind, PlayError, Point, Points, Referee, Score, Setup, SetupNote, WinBy,
};
use weiqi_spec::{Ko, Placement, Ruleset};

use crate::board::{self, Look, NONE, Position, code};
use crate::history::{
    Entry, Flow, History, HotFrame, Kind, NOT_INDEXED, decode_prev, encode_prev, side, situation,
};
use crate::rules::{Rules, SelfCapture};
use crate::scoring::{self, ScoreInput, ScoreRules};

/// Why a game could not be set up (the same cases, in the same order, as the interpreter's).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// The variant's text does not prescribe the board size (only [`Engine::new_strict`]).
    SizeNotAllowed {
        /// The requested size.
        size: BoardSize,
        /// The sizes the variant prescribes.
        allowed: Vec<BoardSize>,
    },
    /// A game start whose setup names a first mover other than the variant's (docs/decisions.md
    /// 22).
    FirstMover {
        /// The variant's first mover.
        expected: Color,
        /// The first mover the setup asked for.
        given: Color,
    },
    /// The variant has no fixed pattern for this number of stones on this board size.
    NoHandicapPattern {
        /// The board size.
        size: BoardSize,
        /// The requested number of handicap stones.
        stones: u32,
    },
    /// More free handicap stones than the board has points.
    TooManyHandicapStones {
        /// The board size.
        size: BoardSize,
        /// The requested number of handicap stones.
        stones: u32,
    },
    /// A setup stone lies off the board.
    StoneOffBoard {
        /// The point.
        point: Point,
    },
    /// Two setup stones on the same point.
    DuplicateStone {
        /// The point.
        point: Point,
    },
    /// A setup string has no liberty.
    NoLiberties {
        /// A stone of the string (its first in row order).
        point: Point,
    },
    /// A free handicap placement starts with Black placing stones, but the setup asks for White
    /// to move.
    PlacementNeedsBlack,
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::SizeNotAllowed { size, allowed } => {
                write!(f, "the variant does not allow the {size} board (allowed:")?;
                for s in allowed {
                    write!(f, " {s}")?;
                }
                f.write_str(")")
            }
            EngineError::FirstMover { expected, given } => write!(
                f,
                "{given} is set to move first, but at the start of a game the variant says \
                 {expected} moves first (docs/decisions.md 22)"
            ),
            EngineError::NoHandicapPattern { size, stones } => write!(
                f,
                "the variant has no pattern for {stones} handicap stones on the {size} board"
            ),
            EngineError::TooManyHandicapStones { size, stones } => {
                write!(f, "{stones} handicap stones do not fit on the {size} board")
            }
            EngineError::StoneOffBoard { point } => write!(
                f,
                "setup stone at ({}, {}) is off the board",
                point.row, point.col
            ),
            EngineError::DuplicateStone { point } => {
                write!(f, "two setup stones on {}", point.to_sgf())
            }
            EngineError::NoLiberties { point } => {
                write!(f, "the setup string at {} has no liberty", point.to_sgf())
            }
            EngineError::PlacementNeedsBlack => {
                f.write_str("a free handicap placement starts with black, but white is set to move")
            }
        }
    }
}

impl std::error::Error for EngineError {}

/// What an entry records of the flow before its move ([`Engine::save_flow`]).
#[derive(Debug, Clone, Copy)]
struct Before {
    /// The simple-ko cells of the flow before the move.
    ko_point: u16,
    /// See `ko_point`.
    ko_stone: u16,
    /// Whether the whole flow was pushed on `History::flows`.
    saved_flow: bool,
}

/// What a move does, once judged legal.
#[derive(Debug, Clone, Copy)]
enum Judged {
    /// A pass; or, with a cell, a one-stone self-capture that counts as a pass.
    Pass(u16),
    /// A board play on the cell, with its neighbours as judged (reused by the play).
    Play(u16, Look),
}

/// A game of one variant, from its setup to its result, built for speed.
///
/// The position ([`Position`]: stones, strings, empty list, hash) is kept apart from the
/// history; [`Engine::position`] gives it for a cheap copy. Cloning the engine copies the
/// history too.
#[derive(Debug, Clone)]
pub struct Engine {
    ruleset: Arc<Ruleset>,
    rules: Rules,
    score_rules: ScoreRules,
    pos: Position,
    flow: Flow,
    hist: History,
    handicap: u32,
    komi: Points,
    penalties: ByColor<Points>,
    proposals: ByColor<Option<Vec<Point>>>,
    agreed: Vec<Point>,
    dead: Vec<Point>,
    actions: u32,
    notes: Vec<SetupNote>,
}

impl Engine {
    /// Starts a game of `ruleset` from `setup`, under the contract documented on [`Setup`]:
    /// handicap 0 is an even game, 1 a handicap game without stones (Black first, handicap komi;
    /// docs/decisions.md 21), N >= 2 places N stones unless `setup.stones` already holds them
    /// (fixed pattern as setup, or free placement played as Black's moves); the variant chooses the
    /// first player unless `setup.to_move` says otherwise (docs/decisions.md 22). Any board size is
    /// ruled (docs/decisions.md 25: a size the variant's text does not prescribe is the caller's
    /// note, not a refusal; see [`Engine::notes`]).
    pub fn new(ruleset: &Ruleset, setup: Setup) -> Result<Engine, EngineError> {
        let mut notes = Vec::new();
        if !ruleset.allows_size(setup.size) {
            notes.push(SetupNote::SizeNotPrescribed {
                size: setup.size,
                prescribed: ruleset.board.sizes.clone(),
            });
        }
        let mut engine = Engine::build(ruleset, setup)?;
        engine.notes = notes;
        Ok(engine)
    }

    /// As [`Engine::new`], but a board size the variant does not prescribe is refused
    /// (`--strict`, docs/decisions.md 25).
    pub fn new_strict(ruleset: &Ruleset, setup: Setup) -> Result<Engine, EngineError> {
        if !ruleset.allows_size(setup.size) {
            return Err(EngineError::SizeNotAllowed {
                size: setup.size,
                allowed: ruleset.board.sizes.clone(),
            });
        }
        Engine::build(ruleset, setup)
    }

    /// Remarks on the setup (docs/decisions.md 25: a board size the variant does not prescribe).
    #[must_use]
    pub fn notes(&self) -> &[SetupNote] {
        &self.notes
    }

    fn build(ruleset: &Ruleset, setup: Setup) -> Result<Engine, EngineError> {
        let size = setup.size;
        let mut board = Board::new(size);
        for &(p, c) in &setup.stones {
            if !size.contains(p) {
                return Err(EngineError::StoneOffBoard { point: p });
            }
            if board.get(p).is_some() {
                return Err(EngineError::DuplicateStone { point: p });
            }
            board.set(p, Some(c));
        }
        let handicap = setup.handicap;
        let mut placement_left = 0;
        let mut to_move = Color::Black;
        if handicap >= 2 {
            to_move = ruleset.handicap.first_after_placement;
            if setup.stones.is_empty() {
                match ruleset.handicap.placement {
                    Placement::Fixed => {
                        let pattern = ruleset.handicap_points(size, handicap).ok_or(
                            EngineError::NoHandicapPattern {
                                size,
                                stones: handicap,
                            },
                        )?;
                        for p in pattern {
                            if !size.contains(p) {
                                return Err(EngineError::StoneOffBoard { point: p });
                            }
                            if board.set(p, Some(Color::Black)).is_some() {
                                return Err(EngineError::DuplicateStone { point: p });
                            }
                        }
                    }
                    Placement::Free => {
                        let fits =
                            usize::try_from(handicap).is_ok_and(|n| n <= size.points_count());
                        if !fits {
                            return Err(EngineError::TooManyHandicapStones {
                                size,
                                stones: handicap,
                            });
                        }
                        placement_left = handicap;
                        to_move = Color::Black;
                    }
                }
            }
        }
        let pos = Position::from_board(&board);
        if let Some(p) = size
            .points()
            .find(|&p| pos.stone(p).is_some() && pos.libs_of_head(pos.head(pos.index(p))) == 0)
        {
            return Err(EngineError::NoLiberties { point: p });
        }
        if let Some(c) = setup.to_move {
            if placement_left > 0 && c != Color::Black {
                return Err(EngineError::PlacementNeedsBlack);
            }
            // docs/decisions.md 22: at a game start (an empty board, or the handicap stones alone)
            // the variant names the first mover.
            let black_only = setup.stones.iter().all(|&(_, c)| c == Color::Black);
            let game_start = setup.stones.is_empty() || (handicap >= 2 && black_only);
            if game_start && c != to_move {
                return Err(EngineError::FirstMover {
                    expected: to_move,
                    given: c,
                });
            }
            if placement_left == 0 {
                to_move = c;
            }
        }
        let komi = setup
            .komi
            .unwrap_or_else(|| ruleset.komi_for(setup.handicap));
        let rules = Rules::compile(ruleset);
        let moves = 3 * size.points_count() + 16;
        let mut engine = Engine {
            ruleset: Arc::new(ruleset.clone()),
            rules,
            score_rules: ScoreRules::new(ruleset),
            pos,
            flow: Flow {
                phase: Phase::Playing,
                to_move,
                since_resume: 0,
                since_play: 0,
                stops: 0,
                agreed: false,
                placement_left,
                prisoners: [0; 2],
                pass_stones: [0; 2],
                cycle_from: 0,
                cycle_start: None,
                last_pass: 0,
                resumed_at: 0,
                ko_point: NONE,
                ko_stone: NONE,
            },
            hist: History::with_capacity(moves, &rules),
            handicap,
            komi,
            penalties: ByColor::default(),
            proposals: ByColor::default(),
            agreed: Vec::new(),
            dead: Vec::new(),
            actions: 0,
            notes: Vec::new(),
        };
        let before = engine.save_flow(false);
        engine.push_entry(Kind::Setup, None, NONE, false, before, 0, (0, 0));
        Ok(engine)
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

    /// The komi of this game (the setup's, else the variant's for the handicap).
    #[must_use]
    pub fn komi(&self) -> Points {
        self.komi
    }

    /// Changes the komi of the game in place: it counts only in the score, which is computed
    /// when asked, so nothing played is ruled again (GTP's `komi` in the middle of a game).
    pub fn set_komi(&mut self, komi: Points) {
        self.komi = komi;
    }

    /// The handicap of the setup (0 even, 1 handicap without stones, N stones).
    #[must_use]
    pub fn handicap(&self) -> u32 {
        self.handicap
    }

    /// The position: stones, strings, empty list and hash, without the history. Cloning it is
    /// cheap (a few fixed-size arrays).
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Who would move first if `by` resumed play now (`end.resume-first`); `None` unless play
    /// is stopped.
    #[must_use]
    pub fn first_after_resume(&self, by: Color) -> Option<Color> {
        (self.flow.phase == Phase::Stopped).then(|| {
            if self.rules.resume_opponent_of_last_mover {
                self.hist
                    .last()
                    .mover
                    .map_or(self.flow.to_move, Color::opponent)
            } else {
                by.opponent()
            }
        })
    }

    /// The count of the board as it stands, with the stones of `dead` (whole strings) dead,
    /// this game's prisoners, pass stones, handicap, komi and penalties (whatever the phase);
    /// `None` only when a total overflows.
    #[must_use]
    pub fn count(&self, dead: &[Point]) -> Option<Score> {
        let board = self.pos.board();
        let input = ScoreInput {
            board: &board,
            dead,
            prisoners: Referee::prisoners(self),
            pass_stones: Referee::pass_stones(self),
            handicap: self.handicap,
            komi: self.komi,
            penalties: self.penalties,
        };
        scoring::score(&self.score_rules, &input).ok()
    }

    /// The agreed dead stones (whole strings), once the game ended by agreement.
    #[must_use]
    pub fn dead_stones(&self) -> &[Point] {
        if self.flow.phase == Phase::Ended(Ending::Agreement) {
            &self.dead
        } else {
            // An undone end (the pass that ended the game by a standing agreement) leaves no
            // dead stones behind.
            &[]
        }
    }

    /// The dead stones the players agreed on at the last stop, while the passes that end the
    /// game by that agreement are still to come (`after-stop = "agreement-then-passes"`, Ing;
    /// the interpreter's `pending_agreement`). A board play sets the agreement aside; undoing
    /// that play brings it back.
    #[must_use]
    pub fn pending_agreement(&self) -> Option<&[Point]> {
        self.flow.agreed.then_some(self.agreed.as_slice())
    }

    /// The Zobrist hash of the board (XOR of one random key per stone; 0 for the empty board).
    #[must_use]
    #[inline]
    pub fn hash(&self) -> u64 {
        self.pos.hash()
    }

    /// The bytes the history holds for the moves so far (issue 11's memory target: a hash and
    /// a 48-byte record per move, the removed stones, and the index entries of the rules that
    /// read them; spare capacity not counted). A copy of [`Engine::position`] leaves it behind.
    #[must_use]
    pub fn history_bytes(&self) -> usize {
        self.hist.bytes()
    }

    /// The player to move.
    #[must_use]
    #[inline]
    pub fn to_move(&self) -> Color {
        self.flow.to_move
    }

    /// The stone on `p` (`None` for an empty point or off the board).
    #[must_use]
    #[inline]
    pub fn stone(&self, p: Point) -> Option<Color> {
        self.pos.stone(p)
    }

    /// Whether every on-board orthogonal neighbour of `p` is a stone of the player to move.
    #[must_use]
    #[inline]
    pub fn is_own_eye(&self, p: Point) -> bool {
        self.pos.is_eye_of(p, self.flow.to_move)
    }

    /// The empty points, in the order the position keeps them (a played point is swapped out
    /// with the last; captured points are appended).
    #[must_use]
    #[inline]
    pub fn empty_points(&self) -> &[Point] {
        self.pos.empty_points()
    }

    /// The stones removed by the last move: the opponent's captured stones, then the player's
    /// own stones removed by a self-capture (empty after a pass).
    #[must_use]
    #[inline]
    pub fn captured(&self) -> &[Point] {
        self.pos.removed()
    }

    /// Whether the player to move may play on `p` now, under every rule of the variant (a
    /// one-stone self-capture that the variant counts as a pass is accepted, as a pass).
    #[must_use]
    #[inline]
    pub fn is_legal(&self, p: Point) -> bool {
        self.judge(self.flow.to_move, Move::Play(p)).is_ok()
    }

    /// Plays `mv` for the player to move, or refuses it with the reason (the game is then
    /// unchanged). Does not allocate on a warm position.
    #[inline]
    pub fn play(&mut self, mv: Move) -> Result<(), Illegal> {
        let color = self.flow.to_move;
        let judged = self.judge(color, mv)?;
        self.commit(color, judged);
        Ok(())
    }

    /// The move choice of a random playout in one step: if `p` is an own eye of the player to
    /// move ([`Engine::is_own_eye`]), returns `Ok(false)` and changes nothing; otherwise plays
    /// `p` as [`Engine::play`] does (`Ok(true)`, or the refusal with the game unchanged). The
    /// same rulings as the two calls, with the neighbours of `p` read once.
    #[inline]
    pub fn play_unless_own_eye(&mut self, p: Point) -> Result<bool, Illegal> {
        let color = self.flow.to_move;
        let simple = self.flow.phase == Phase::Playing && self.flow.placement_left == 0;
        if simple
            && let Some(i) = self.pos.cell_of(p)
            && self.pos.color_at(i) == board::EMPTY
        {
            // The eye test reads only the colours; the heads and liberty classes are read for
            // the candidates that pass it.
            if self.pos.is_eye_cell(i, code(color)) {
                return Ok(false);
            }
            let judged = self.judge_board_play(color, i, self.pos.look(i))?;
            self.commit_inline(color, judged);
            return Ok(true);
        }
        if self.is_own_eye(p) {
            return Ok(false);
        }
        self.play(Move::Play(p)).map(|()| true)
    }

    /// Takes back the last move (and White's automatic last pass with it). Refused (`false`)
    /// at the initial position and after a non-move action (a proposal, a resumption, a
    /// resignation) that followed the last move.
    pub fn undo(&mut self) -> bool {
        // The entries to take back: White's automatic passes on top and the move beneath them.
        // Each must follow the last non-move action, checked before anything is popped: an
        // agreement under White's last pass appends an automatic pass after the proposals, and
        // popping it before finding the proposal beneath changed a game whose undo was refused
        // (found by the harness's undo checks, issue 29 item 13).
        let entries = &self.hist.entries;
        let mut top = entries.len();
        loop {
            let Some(below) = top.checked_sub(1) else {
                return false;
            };
            let e = &entries[below];
            if e.kind == Kind::Setup || e.actions != self.actions {
                return false;
            }
            top = below;
            if !e.automatic {
                break;
            }
        }
        for _ in top..self.hist.entries.len() {
            self.pop_entry();
        }
        true
    }

    /// Every move the player to move may make now, in the order of [`Engine::empty_points`],
    /// then the pass; nothing unless playing.
    pub fn legal_moves_iter(&self) -> impl Iterator<Item = Move> + '_ {
        let color = self.flow.to_move;
        let playing = self.flow.phase == Phase::Playing;
        let points = if playing {
            self.pos.empty_points()
        } else {
            &[]
        };
        points
            .iter()
            .map(|&p| Move::Play(p))
            .chain(playing.then_some(Move::Pass))
            .filter(move |&mv| self.judge(color, mv).is_ok())
    }

    /// Tromp-Taylor area score of the board as it stands (every stone alive): Black's stones
    /// and the empty points reaching only Black, minus White's, minus `komi`.
    #[must_use]
    pub fn area_score_tromp_taylor(&self, komi: Points) -> Points {
        self.pos.area_score_tromp_taylor(komi)
    }

    /// The number of entries since the long-cycle count restarted whose situation equals the
    /// current one (the count `play.long-cycle-repetitions` is compared with).
    #[must_use]
    pub fn cycle_count(&self) -> u32 {
        self.hist.last().cycle_count
    }

    /// Judges a move without changing the game (the interpreter's order of refusals: phase,
    /// turn, handicap placement, board, suicide, ko).
    fn judge(&self, color: Color, mv: Move) -> Result<Judged, Illegal> {
        match self.flow.phase {
            Phase::Playing => {}
            Phase::Ended(_) => return Err(Illegal::GameOver),
            Phase::Stopped => {
                return Err(Illegal::WrongPhase {
                    needs: PhaseKind::Playing,
                });
            }
        }
        if color != self.flow.to_move {
            return Err(Illegal::WrongTurn {
                expected: self.flow.to_move,
            });
        }
        if self.flow.placement_left > 0 {
            let placing = matches!(
                (color, mv),
                (Color::Black, Move::Play(_)) | (Color::White, Move::Pass)
            );
            if !placing {
                return Err(Illegal::HandicapPlacement { player: color });
            }
        }
        let Move::Play(p) = mv else {
            return Ok(Judged::Pass(NONE));
        };
        let Some(i) = self.pos.cell_of(p) else {
            return Err(Illegal::OffBoard);
        };
        if self.pos.color_at(i) != board::EMPTY {
            return Err(Illegal::Occupied);
        }
        self.judge_board_play(color, i, self.pos.look(i))
    }

    /// The board part of [`Engine::judge`]: a play of `color` (the player to move, while
    /// playing, outside a handicap placement or placing a handicap stone) on the empty cell
    /// `i`, whose neighbours `look` describes (suicide, then ko).
    #[inline(always)]
    fn judge_board_play(&self, color: Color, i: u16, look: Look) -> Result<Judged, Illegal> {
        let c = code(color);
        // Fast path: the common play, from the neighbours' strings.
        if look.quiet_and_alive(c) {
            return self.judge_quiet(color, i, look);
        }
        let self_capture = look.self_capture(c);
        if self_capture {
            let rule = if self.rules.single_suicide == self.rules.multi_suicide
                || self.pos.string_size(c, &look) == 1
            {
                self.rules.single_suicide
            } else {
                self.rules.multi_suicide
            };
            match rule {
                SelfCapture::Forbidden => return Err(Illegal::Suicide),
                SelfCapture::Pass => return Ok(Judged::Pass(i)),
                SelfCapture::Remove => {}
            }
        }
        match self.rules.ko {
            Ko::Simple => {
                // J89 Art. 6 as the interpreter reads it: the opponent's last move captured
                // exactly the one stone on `p`, and this play captures exactly the stone it
                // played.
                let ko = self.flow.ko_point == i && {
                    let last = self.hist.last();
                    let ko_head = self.pos.head(self.flow.ko_stone);
                    last.kind == Kind::Play
                        && last.mover == Some(color.opponent())
                        && look.captures_only(c, ko_head)
                        && self.pos.stones_of_head(ko_head) == 1
                };
                if ko { Err(Illegal::Ko) } else { Ok(()) }
            }
            Ko::Ing => {
                let mut hit: Vec<Point> = Vec::new();
                for &(h, _) in &self.hist.hot {
                    let cell = self.pos.index(h);
                    let k = self.pos.color_at(cell);
                    if !matches!(k, board::BLACK | board::WHITE) {
                        continue;
                    }
                    if look.removes(c, self.pos.head(cell), self_capture) {
                        hit.push(h);
                    }
                }
                if !hit.is_empty() {
                    hit.sort();
                    return Err(Illegal::HotStone { stones: hit });
                }
                self.check_ban(color, i)
            }
            _ => {
                let after = self.pos.hash_after(i, c, &look, self_capture);
                self.check_superko(color, after)
            }
        }
        .map(|()| Judged::Play(i, look))
    }

    /// The verdict on a board play of `color` on the empty cell `i` that captures nothing and
    /// keeps a liberty. Invariant: such a play cannot be a ko recapture nor remove a hot stone;
    /// its board hash is the current one with the stone's key.
    #[inline]
    fn judge_quiet(&self, color: Color, i: u16, look: Look) -> Result<Judged, Illegal> {
        match self.rules.ko {
            Ko::Simple => Ok(Judged::Play(i, look)),
            Ko::Ing => self.check_ban(color, i).map(|()| Judged::Play(i, look)),
            _ => {
                let after = self.pos.hash() ^ board::key(i, code(color));
                self.check_superko(color, after)
                    .map(|()| Judged::Play(i, look))
            }
        }
    }

    /// The superko rules, from the hash `after` of the board the play would create.
    #[inline]
    fn check_superko(&self, color: Color, after: u64) -> Result<(), Illegal> {
        let repeats = |t: u32| usize::try_from(t).unwrap_or(usize::MAX);
        match self.rules.ko {
            Ko::PositionalSuperko => match self.hist.boards.get(after) {
                Some(t) => Err(Illegal::PositionalSuperko {
                    repeats: repeats(t),
                }),
                None => Ok(()),
            },
            Ko::SituationalSuperko => {
                match self.hist.situations.get(situation(after, color.opponent())) {
                    Some(t) => Err(Illegal::SituationalSuperko {
                        repeats: repeats(t),
                    }),
                    None => Ok(()),
                }
            }
            Ko::NaturalSituationalSuperko => match self.hist.natural[side(color)].get(after) {
                Some(t) => Err(Illegal::NaturalSituationalSuperko {
                    repeats: repeats(t),
                }),
                None => Ok(()),
            },
            // Spight ko: positional superko on the record since the last pass. The index keeps
            // the latest entry of each board, so a board is in that record exactly when its
            // latest entry is.
            Ko::Spight => match self.hist.boards.get(after) {
                Some(t) if t >= self.flow.last_pass => Err(Illegal::PositionalSuperko {
                    repeats: repeats(t),
                }),
                _ => Ok(()),
            },
            Ko::Simple | Ko::Ing => Ok(()),
        }
    }

    /// Ing rule D: the play on cell `i` from the current situation was banned.
    #[inline]
    fn check_ban(&self, color: Color, i: u16) -> Result<(), Illegal> {
        // No ban yet (a game before its first repeated situation): nothing to probe. `len`
        // counts the stored keys exactly (history.rs tests it against a map).
        if self.hist.bans.len == 0 {
            return Ok(());
        }
        let key = situation(self.pos.hash(), color) ^ board::move_key(i);
        match self.hist.bans.get(key) {
            Some(t) => Err(Illegal::CycleRestart {
                started: usize::try_from(t).unwrap_or(usize::MAX),
            }),
            None => Ok(()),
        }
    }

    /// Whether a board play by `color` now would be a plain play (see `Entry::saved_flow`): by
    /// the player to move, while playing, outside a handicap placement, with no pass and no
    /// standing agreement since the last board play.
    #[inline(always)]
    fn plain_now(&self, color: Color) -> bool {
        let f = &self.flow;
        color == f.to_move
            && f.phase == Phase::Playing
            && f.placement_left == 0
            && f.since_resume == 0
            && f.since_play == 0
            && !f.agreed
    }

    /// [`Engine::commit`] with the plain play's path inlined into the caller (the play calls).
    #[inline(always)]
    fn commit_inline(&mut self, color: Color, judged: Judged) {
        match judged {
            Judged::Play(i, look) if self.plain_now(color) => self.commit_plain(color, i, &look),
            _ => self.commit(color, judged),
        }
    }

    /// Performs a judged move.
    fn commit(&mut self, color: Color, judged: Judged) {
        let plain = matches!(judged, Judged::Play(..)) && self.plain_now(color);
        if plain && let Judged::Play(i, look) = judged {
            self.commit_plain(color, i, &look);
            return;
        }
        let before = self.save_flow(plain);
        let placing = self.flow.placement_left > 0;
        let removed_at = self.hist.removed.len();
        let mut removed = (0u16, 0u16);
        let (kind, cell) = match judged {
            Judged::Pass(cell) => {
                self.pos.clear_removed();
                self.flow.to_move = if placing {
                    Color::Black
                } else {
                    color.opponent()
                };
                self.flow.ko_point = NONE;
                (Kind::Pass, cell)
            }
            Judged::Play(i, look) => {
                self.pos.play(i, code(color), &look);
                let opp = self.pos.captured().len();
                let own = self.pos.self_captured().len();
                if opp + own > 0 {
                    self.hist.removed.extend_from_slice(self.pos.removed());
                }
                // At most 52 * 52 stones leave the board in one play.
                removed = (
                    u16::try_from(opp).unwrap_or(u16::MAX),
                    u16::try_from(own).unwrap_or(u16::MAX),
                );
                self.flow.to_move = if placing && self.flow.placement_left == 1 {
                    self.rules.first_after_placement
                } else if placing && !self.rules.white_passes_in_placement {
                    Color::Black
                } else {
                    color.opponent()
                };
                // Simple ko: remember a single-stone capture (the only kind J89 Art. 6 names).
                if opp == 1 && own == 0 {
                    self.flow.ko_point = self.pos.index(self.pos.captured()[0]);
                    self.flow.ko_stone = i;
                } else {
                    self.flow.ko_point = NONE;
                }
                self.flow.prisoners[side(color)] += u32::from(removed.0);
                self.flow.prisoners[side(color.opponent())] += u32::from(removed.1);
                (Kind::Play, i)
            }
        };
        if self.rules.ko == Ko::Ing {
            self.rule_h(color, kind, cell, removed.0 > 0);
        }
        let t = self.push_entry(kind, Some(color), cell, false, before, removed_at, removed);
        let mut repeated = false;
        if kind == Kind::Pass {
            // A pass saved the flow (it is never plain), so undo restores this.
            self.flow.last_pass = u32::try_from(t).unwrap_or(u32::MAX);
            if self.rules.repeated_pass_stops {
                repeated = self.index_pass(t);
            }
        }
        let cycle_end = self
            .rules
            .long_cycle
            .filter(|_| self.hist.entries[t].cycle_count >= self.rules.long_cycle_repetitions);
        if kind == Kind::Pass {
            if self.rules.pass_stones && !placing {
                self.flow.pass_stones[side(color.opponent())] += 1;
            }
            if !placing {
                self.after_pass(repeated);
            }
        } else {
            if placing {
                self.flow.placement_left -= 1;
            }
            self.flow.since_resume = 0;
            self.flow.since_play = 0;
            // A board play instead of the passes after an agreement sets it aside.
            self.flow.agreed = false;
        }
        if self.flow.phase == Phase::Playing
            && let Some(e) = cycle_end
        {
            self.flow.phase = Phase::Ended(e);
        }
    }

    /// [`Engine::commit`] of a plain play (see `Entry::saved_flow`) on the empty cell `i`,
    /// whose neighbours `look` describes: the same changes, without the branches a plain play
    /// cannot take. Invariant (a plain play): the phase is `Playing`, no handicap stone is left
    /// to place, no pass and no agreement since the last board play, so the pass counters, the
    /// agreement and the placement stay as they are, the entry saves no flow, and the player
    /// to move becomes the opponent.
    #[inline(always)]
    fn commit_plain(&mut self, color: Color, i: u16, look: &Look) {
        let (ko_point, ko_stone) = (self.flow.ko_point, self.flow.ko_stone);
        let removed_at = self.hist.removed.len();
        self.pos.play(i, code(color), look);
        let removed = self.pos.removed();
        let opp = self.pos.captured().len();
        let own = removed.len() - opp;
        if !removed.is_empty() {
            self.hist.removed.extend_from_slice(removed);
        }
        self.flow.to_move = color.opponent();
        // Simple ko: remember a single-stone capture (the only kind J89 Art. 6 names).
        if opp == 1 && own == 0 {
            self.flow.ko_point = self.pos.index(self.pos.captured()[0]);
            self.flow.ko_stone = i;
        } else {
            self.flow.ko_point = NONE;
        }
        // At most 52 * 52 stones leave the board in one play.
        let removed = (
            u16::try_from(opp).unwrap_or(u16::MAX),
            u16::try_from(own).unwrap_or(u16::MAX),
        );
        self.flow.prisoners[side(color)] += u32::from(removed.0);
        self.flow.prisoners[side(color.opponent())] += u32::from(removed.1);
        // Ing rule H, decided inline for most plays: they capture nothing while nothing is
        // hot, and change nothing (`rule_h`).
        if self.rules.ko == Ko::Ing {
            self.rule_h(color, Kind::Play, i, opp > 0);
        }
        let t = self.hist.entries.len();
        let mut entry = Entry {
            board: self.pos.hash(),
            cycle_count: 1,
            removed_at: u32::try_from(removed_at).unwrap_or(u32::MAX),
            prev_board: NOT_INDEXED,
            prev_situation: NOT_INDEXED,
            actions: self.actions,
            removed_opponent: removed.0,
            removed_own: removed.1,
            cell: i,
            ko_point,
            ko_stone,
            to_move: self.flow.to_move,
            mover: Some(color),
            kind: Kind::Play,
            automatic: false,
            saved_flow: false,
            ban: false,
        };
        if self.rules.ko == Ko::PositionalSuperko && !self.rules.track_situations {
            // The one index of positional superko without long cycles, inserted inline (what
            // `index_entry` does for these rules).
            let t32 = u32::try_from(t).unwrap_or(u32::MAX);
            entry.prev_board = encode_prev(self.hist.boards.insert(entry.board, t32));
        } else if self.indexes() {
            self.index_entry(&mut entry, t);
        }
        self.hist.entries.push(entry);
        if let Some(e) = self.rules.long_cycle
            && entry.cycle_count >= self.rules.long_cycle_repetitions
        {
            self.flow.phase = Phase::Ended(e);
        }
    }

    /// Counts a pass and rules on it: a standing agreement first (Ing: `stop-passes` passes
    /// after it end the game by it), then the final end, then the stop (the interpreter's
    /// `end::after_pass`).
    fn after_pass(&mut self, repeated: bool) {
        let r = self.rules;
        // Spight ko: passes do not count toward the stop.
        if r.ko != Ko::Spight {
            self.flow.since_resume += 1;
        }
        self.flow.since_play += 1;
        if self.flow.agreed && self.flow.since_resume >= r.stop_passes {
            self.flow.agreed = false;
            self.dead.clone_from(&self.agreed);
            self.end_after_passes(Ending::Agreement);
            return;
        }
        if r.final_end_passes > 0 && self.flow.since_play >= r.final_end_passes {
            self.end_after_passes(Ending::AllAlive);
            return;
        }
        if self.flow.since_resume >= r.stop_passes || repeated {
            self.flow.stops += 1;
            if r.stop_scores || (r.final_at_second_stop && self.flow.stops >= 2) {
                self.end_after_passes(Ending::AllAlive);
                return;
            }
            self.flow.phase = Phase::Stopped;
            self.proposals = ByColor::default();
        }
    }

    /// Indexes the pass of entry `t` by the situation it was made from (the entry before it,
    /// whose player to move is the passer) and returns whether it repeats a pass made from
    /// that situation after the last stop or resumption (`end.repeated-pass`): one probe, as
    /// every repetition rule (the index keeps the latest such pass, which is after the stop
    /// exactly when one is).
    fn index_pass(&mut self, t: usize) -> bool {
        let before = self.hist.entries[t - 1];
        let key = situation(before.board, before.to_move);
        let t32 = u32::try_from(t).unwrap_or(u32::MAX);
        let prev = self.hist.passes.insert(key, t32);
        self.hist.passes_prev.push(encode_prev(prev));
        prev.is_some_and(|p| p > self.flow.resumed_at)
    }

    /// Ends the game after the passes or an agreement, adding White's last pass when the
    /// variant asks for it (`end.last-pass`).
    fn end_after_passes(&mut self, ending: Ending) {
        let last = *self.hist.last();
        let black_passed_last = last.kind == Kind::Pass && last.mover == Some(Color::Black);
        if self.rules.white_passes_last && black_passed_last {
            let before = self.save_flow(false);
            self.pos.clear_removed();
            self.flow.to_move = Color::Black;
            self.flow.ko_point = NONE;
            // Invariant: the last entry is Black's pass, which cooled every Ing hot stone
            // (rule H), so this pass changes none and saves no hot frame (`rule_h`).
            debug_assert!(
                self.hist.hot.is_empty(),
                "a stone is hot at white's last pass"
            );
            let removed_at = self.hist.removed.len();
            let t = self.push_entry(
                Kind::Pass,
                Some(Color::White),
                NONE,
                true,
                before,
                removed_at,
                (0, 0),
            );
            self.flow.last_pass = u32::try_from(t).unwrap_or(u32::MAX);
            if self.rules.pass_stones {
                self.flow.pass_stones[side(Color::Black)] += 1;
            }
        }
        self.flow.phase = Phase::Ended(ending);
    }

    /// Ing rule H after the move just made by `color` (of `kind`, on `cell`; `captured`: it
    /// removed opponent stones), before its entry is pushed. Invariant: a move that captured
    /// nothing is no ko capture (docs/variants.md 3.a), so with nothing hot it leaves nothing hot,
    /// and there is nothing to change or save (most moves: decided inline).
    #[inline(always)]
    fn rule_h(&mut self, color: Color, kind: Kind, cell: u16, captured: bool) {
        if captured || !self.hist.hot.is_empty() {
            self.update_hot(color, kind, cell);
        }
    }

    /// Ing rule H after a move that captured or while stones are hot (`rule_h`): a ko capture
    /// adds its string to the hot stones (minus the stones no longer on the board), anything
    /// else cools them all. When stones are hot before or after the move, saves the earlier
    /// list for undo (a [`HotFrame`] of the move's entry, not yet pushed); a capture that is
    /// no ko capture with nothing hot changes and saves nothing.
    #[inline(never)]
    fn update_hot(&mut self, color: Color, kind: Kind, cell: u16) {
        debug_assert!(
            (kind == Kind::Play && !self.pos.captured().is_empty()) || !self.hist.hot.is_empty(),
            "rule_h's filter: a capture, or a stone hot"
        );
        let ko_capture = kind == Kind::Play && self.is_ko_capture(cell);
        if !ko_capture && self.hist.hot.is_empty() {
            return;
        }
        let hist = &mut self.hist;
        hist.hot_frames.push(HotFrame {
            entry: u32::try_from(hist.entries.len()).unwrap_or(u32::MAX),
            at: u32::try_from(hist.hot_saved.len()).unwrap_or(u32::MAX),
            len: u32::try_from(hist.hot.len()).unwrap_or(u32::MAX),
        });
        hist.hot_saved.extend_from_slice(&hist.hot);
        if ko_capture {
            // The stones are walked in place (no list is collected: no allocation).
            let pos = &self.pos;
            for s in pos.string_cells(pos.head(cell)) {
                let entry = (pos.point(s), color);
                if !hist.hot.contains(&entry) {
                    hist.hot.push(entry);
                }
            }
            hist.hot.retain(|&(h, owner)| pos.stone(h) == Some(owner));
            hist.hot.sort();
        } else {
            hist.hot.clear();
        }
    }

    /// docs/variants.md 3.a KO CAPTURE, for the play just made on `cell`: it captured, did not
    /// self-capture, its string has exactly one liberty, that liberty was captured, and the
    /// string is as large as the capture.
    fn is_ko_capture(&self, cell: u16) -> bool {
        let captured = self.pos.captured();
        if captured.is_empty() || !self.pos.self_captured().is_empty() {
            return false;
        }
        let head = self.pos.head(cell);
        if self.pos.libs_of_head(head) != 1
            || usize::from(self.pos.stones_of_head(head)) != captured.len()
        {
            return false;
        }
        self.pos
            .only_liberty(head)
            .is_some_and(|q| captured.contains(&self.pos.point(q)))
    }

    /// Records the flow before a move, for the move's entry (`push_entry`): the whole flow goes
    /// to `flows` unless the move is a `plain` play, whose flow undo rebuilds from the entry
    /// (see `Entry::saved_flow`). Call it before the move changes the flow.
    #[inline]
    fn save_flow(&mut self, plain: bool) -> Before {
        if !plain {
            self.hist.flows.push(self.flow);
        }
        Before {
            ko_point: self.flow.ko_point,
            ko_stone: self.flow.ko_stone,
            saved_flow: !plain,
        }
    }

    /// Appends an entry and updates the indexes; returns its number. `before` is what
    /// `save_flow` recorded of the flow before the move.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn push_entry(
        &mut self,
        kind: Kind,
        mover: Option<Color>,
        cell: u16,
        automatic: bool,
        before: Before,
        removed_at: usize,
        removed: (u16, u16),
    ) -> usize {
        let t = self.hist.entries.len();
        let board_hash = self.pos.hash();
        let to_move = self.flow.to_move;
        let mut entry = Entry {
            board: board_hash,
            cycle_count: 1,
            removed_at: u32::try_from(removed_at).unwrap_or(u32::MAX),
            prev_board: NOT_INDEXED,
            prev_situation: NOT_INDEXED,
            actions: self.actions,
            removed_opponent: removed.0,
            removed_own: removed.1,
            cell,
            ko_point: before.ko_point,
            ko_stone: before.ko_stone,
            to_move,
            mover,
            kind,
            automatic,
            saved_flow: before.saved_flow,
            ban: false,
        };
        if kind != Kind::Setup || self.rules.initial_counts {
            self.index_entry(&mut entry, t);
        }
        self.hist.entries.push(entry);
        t
    }

    /// Whether any index of `History` is kept (every ko rule but simple ko, and long cycles).
    #[inline]
    fn indexes(&self) -> bool {
        self.rules.ko != Ko::Simple || self.rules.track_situations
    }

    /// Inserts entry `t` (not yet pushed, with its board, side to move, kind, mover and cell
    /// set) into the indexes its rules read, recording in it what each insertion replaced;
    /// counts its situation for long cycles and records a new Ing ban.
    #[inline]
    fn index_entry(&mut self, entry: &mut Entry, t: usize) {
        let t32 = u32::try_from(t).unwrap_or(u32::MAX);
        let (board_hash, to_move, kind, mover) =
            (entry.board, entry.to_move, entry.kind, entry.mover);
        if matches!(self.rules.ko, Ko::PositionalSuperko | Ko::Spight) {
            entry.prev_board = encode_prev(self.hist.boards.insert(board_hash, t32));
        }
        // Where the long-cycle count starts: the resumption, or under
        // `long-cycle-passes = "restart"` the last pass after it (this entry, if a pass).
        let restart = self.rules.long_cycle_restart_at_pass;
        let from_pass =
            restart && (kind == Kind::Pass || self.flow.last_pass >= self.flow.cycle_from);
        let window = if !restart {
            self.flow.cycle_from as usize
        } else if kind == Kind::Pass {
            t
        } else {
            (self.flow.cycle_from.max(self.flow.last_pass)) as usize
        };
        if self.rules.track_situations {
            let sit = situation(board_hash, to_move);
            // One probe: the insertion returns the most recent earlier occurrence, which is
            // all the count and rule D read (nothing below reads `situations`).
            let prev = self.hist.situations.insert(sit, t32);
            if let Some(t0) = prev {
                let t0 = t0 as usize;
                if t0 >= window {
                    entry.cycle_count = self.hist.entries[t0].cycle_count + 1;
                }
                // Ing rule D: the most recent earlier occurrence t0; the board play that
                // followed it may not be made again from it by the same player.
                if self.rules.ko == Ko::Ing {
                    // Entry t is pushed below: t0 = t - 1 is followed by this very move.
                    let next = self.hist.entries.get(t0 + 1).copied().unwrap_or(*entry);
                    if next.kind == Kind::Play {
                        // Keyed by the situation m0 was played from: this board with its mover
                        // to move (not the entry's `to_move`, which a resumption may have
                        // changed since; weiqi-harness regression of seed 242306).
                        let from = situation(board_hash, next.mover.unwrap_or(to_move));
                        let key = from ^ board::move_key(next.cell);
                        if self.hist.bans.get(key).is_none() {
                            self.hist
                                .bans
                                .insert(key, u32::try_from(t0 + 1).unwrap_or(u32::MAX));
                            self.hist.bans_made.push(key);
                            entry.ban = true;
                        }
                    }
                }
            }
            // No occurrence since the restart but the one the resumption started from
            // (`cycle_start`, recorded by no entry): this is the second.
            if entry.cycle_count == 1 && !from_pass && self.flow.cycle_start == Some(sit) {
                entry.cycle_count = 2;
            }
            entry.prev_situation = encode_prev(prev);
        }
        if kind == Kind::Play
            && self.rules.ko == Ko::NaturalSituationalSuperko
            && let Some(m) = mover
        {
            entry.prev_board = encode_prev(self.hist.natural[side(m)].insert(board_hash, t32));
        }
    }

    /// Removes the last entry and restores everything it changed.
    fn pop_entry(&mut self) {
        let Some(e) = self.hist.entries.pop() else {
            return;
        };
        if let Some(prev) = decode_prev(e.prev_board) {
            match (self.rules.ko, e.mover) {
                (Ko::NaturalSituationalSuperko, Some(m)) => {
                    self.hist.natural[side(m)].restore(e.board, prev);
                }
                _ => self.hist.boards.restore(e.board, prev),
            }
        }
        if let Some(prev) = decode_prev(e.prev_situation) {
            self.hist
                .situations
                .restore(situation(e.board, e.to_move), prev);
        }
        if e.ban
            && let Some(key) = self.hist.bans_made.pop()
        {
            self.hist.bans.restore(key, None);
        }
        // A pass of `commit` was indexed by `index_pass` (White's automatic last pass is not).
        if e.kind == Kind::Pass
            && !e.automatic
            && self.rules.repeated_pass_stops
            && let (Some(code), Some(before)) = (
                self.hist.passes_prev.pop(),
                self.hist.entries.last().copied(),
            )
            && let Some(prev) = decode_prev(code)
        {
            let key = situation(before.board, before.to_move);
            self.hist.passes.restore(key, prev);
        }
        if e.kind == Kind::Play
            && let Some(m) = e.mover
        {
            let at = e.removed_at as usize;
            let mid = at + usize::from(e.removed_opponent);
            let end = mid + usize::from(e.removed_own);
            let removed = std::mem::take(&mut self.hist.removed);
            self.pos
                .unplay(e.cell, code(m), &removed[at..mid], &removed[mid..end]);
            self.hist.removed = removed;
            self.hist.removed.truncate(at);
        }
        // The entry just popped is entry `entries.len()`; its frame, if it saved one, is the
        // last.
        if let Some(&frame) = self.hist.hot_frames.last()
            && frame.entry as usize == self.hist.entries.len()
        {
            self.hist.hot_frames.pop();
            let (at, len) = (frame.at as usize, frame.len as usize);
            self.hist.hot.clear();
            self.hist
                .hot
                .extend_from_slice(&self.hist.hot_saved[at..at + len]);
            self.hist.hot_saved.truncate(at);
        }
        if e.saved_flow {
            if let Some(f) = self.hist.flows.pop() {
                self.flow = f;
            }
        } else if let Some(m) = e.mover {
            // A plain play (see `Entry::saved_flow`): it changed only these fields.
            self.flow.phase = Phase::Playing;
            self.flow.to_move = m;
            self.flow.ko_point = e.ko_point;
            self.flow.ko_stone = e.ko_stone;
            self.flow.prisoners[side(m)] -= u32::from(e.removed_opponent);
            self.flow.prisoners[side(m.opponent())] -= u32::from(e.removed_own);
        }
    }

    /// docs/decisions.md 12: the long-cycle count restarts when play resumes (after a dispute, or
    /// after an agreement under `agreement-then-passes`); the situation the resumed play starts
    /// from (the stopping pass's board, the player to move now) is its first occurrence. When
    /// the player to move is the one the stopping pass's entry recorded, that entry is it (a
    /// resumption or an agreement is never undone, so the entry's count may be rewritten);
    /// otherwise no entry recorded it, and the count starts after the entry, with the
    /// situation kept in `cycle_start` (found by the differential harness:
    /// weiqi-harness/tests/regressions.rs).
    fn restart_cycle_count(&mut self) {
        let last = self.hist.entries.len() - 1;
        self.flow.resumed_at = u32::try_from(last).unwrap_or(u32::MAX);
        let entry = self.hist.entries[last];
        if entry.to_move == self.flow.to_move {
            self.flow.cycle_from = u32::try_from(last).unwrap_or(u32::MAX);
            self.flow.cycle_start = None;
            self.hist.entries[last].cycle_count = 1;
        } else {
            self.flow.cycle_from = u32::try_from(last + 1).unwrap_or(u32::MAX);
            self.flow.cycle_start = Some(situation(entry.board, self.flow.to_move));
        }
    }

    fn check_proposal(&self, dead: &[Point]) -> Result<(), Illegal> {
        match self.flow.phase {
            Phase::Ended(_) => return Err(Illegal::GameOver),
            Phase::Playing => {
                return Err(Illegal::WrongPhase {
                    needs: PhaseKind::Stopped,
                });
            }
            Phase::Stopped => {}
        }
        for &p in dead {
            if !self.pos.size().contains(p) {
                return Err(Illegal::OffBoard);
            }
            if self.pos.stone(p).is_none() {
                return Err(Illegal::NotAStone { point: p });
            }
        }
        Ok(())
    }

    /// A dead-stone proposal expanded to whole strings, sorted, without duplicates.
    fn expand_dead(&self, named: &[Point]) -> Vec<Point> {
        let mut out: Vec<Point> = Vec::new();
        for &p in named {
            if let Some(i) = self.pos.cell_of(p)
                && self.pos.stone(p).is_some()
            {
                let head = self.pos.head(i);
                out.extend(self.pos.string_cells(head).map(|s| self.pos.point(s)));
            }
        }
        out.sort();
        out.dedup();
        out
    }

    fn check_action(&self, action: &Action) -> Result<(), Illegal> {
        match action {
            Action::Move { color, mv } => self.judge(*color, *mv).map(|_| ()),
            Action::ProposeDead { dead, .. } => self.check_proposal(dead),
            Action::Resume { .. } => match self.flow.phase {
                Phase::Ended(_) => Err(Illegal::GameOver),
                Phase::Playing => Err(Illegal::WrongPhase {
                    needs: PhaseKind::Stopped,
                }),
                Phase::Stopped => Ok(()),
            },
            Action::Resign { .. } | Action::LoseOnTime { .. } => match self.flow.phase {
                Phase::Ended(_) => Err(Illegal::GameOver),
                _ => Ok(()),
            },
        }
    }

    fn apply_action(&mut self, action: &Action) -> Result<ActionReport, Illegal> {
        match action {
            Action::Move { color, mv } => {
                let judged = self.judge(*color, *mv)?;
                self.commit(*color, judged);
                let mut report = ActionReport::default();
                match judged {
                    Judged::Pass(cell) => report.counted_as_pass = cell != NONE,
                    Judged::Play(..) => {
                        report.captured = self.pos.captured().to_vec();
                        report.captured.sort();
                        report.self_captured = self.pos.self_captured().to_vec();
                        report.self_captured.sort();
                    }
                }
                Ok(report)
            }
            Action::ProposeDead { by, dead } => {
                self.check_proposal(dead)?;
                self.actions += 1;
                let expanded = self.expand_dead(dead);
                *self.proposals.get_mut(*by) = Some(expanded);
                if let ByColor {
                    black: Some(b),
                    white: Some(w),
                } = &self.proposals
                    && b == w
                {
                    if self.rules.agreement_then_passes {
                        // Ing (docs/decisions.md 3 revised): play returns with the agreement
                        // standing; the next `stop-passes` passes end the game by it.
                        self.agreed = b.clone();
                        self.flow.agreed = true;
                        self.flow.since_resume = 0;
                        self.proposals = ByColor::default();
                        self.flow.phase = Phase::Playing;
                        self.restart_cycle_count();
                    } else {
                        self.dead = b.clone();
                        self.end_after_passes(Ending::Agreement);
                    }
                }
                Ok(ActionReport::default())
            }
            Action::Resume { by } => {
                self.check_action(action)?;
                self.actions += 1;
                let last_mover = self.hist.last().mover;
                self.flow.to_move = if self.rules.resume_opponent_of_last_mover {
                    last_mover.map_or(self.flow.to_move, Color::opponent)
                } else {
                    by.opponent()
                };
                self.flow.since_resume = 0;
                self.restart_cycle_count();
                self.proposals = ByColor::default();
                self.flow.phase = Phase::Playing;
                Ok(ActionReport::default())
            }
            Action::Resign { by } => {
                self.check_action(action)?;
                self.actions += 1;
                self.flow.phase = Phase::Ended(Ending::Resignation(*by));
                Ok(ActionReport::default())
            }
            Action::LoseOnTime { by } => {
                self.check_action(action)?;
                self.actions += 1;
                self.flow.phase = Phase::Ended(Ending::Time(*by));
                Ok(ActionReport::default())
            }
        }
    }

    /// Every consistency invariant of the position and the history (for tests): the board's
    /// (see [`Position::check_invariants`]) and the last entry's hash.
    pub fn check_invariants(&self) -> Result<(), String> {
        self.pos.check_invariants()?;
        if self.hist.last().board != self.pos.hash() {
            return Err("the last entry's hash is not the board's".into());
        }
        Ok(())
    }

    /// Whether the game ended in a way that is scored.
    fn scoring_ready(&self) -> bool {
        matches!(
            self.flow.phase,
            Phase::Ended(Ending::Agreement | Ending::AllAlive)
        )
    }
}

impl Referee for Engine {
    fn size(&self) -> BoardSize {
        self.pos.size()
    }

    fn board(&self) -> Board {
        self.pos.board()
    }

    fn to_move(&self) -> Color {
        self.flow.to_move
    }

    fn phase(&self) -> Phase {
        self.flow.phase
    }

    fn moves_played(&self) -> usize {
        self.hist.entries.len() - 1
    }

    fn prisoners(&self) -> ByColor<u32> {
        ByColor {
            black: self.flow.prisoners[0],
            white: self.flow.prisoners[1],
        }
    }

    fn pass_stones(&self) -> ByColor<u32> {
        ByColor {
            black: self.flow.pass_stones[0],
            white: self.flow.pass_stones[1],
        }
    }

    fn check(&self, action: &Action) -> Result<(), Illegal> {
        self.check_action(action)
    }

    fn apply(&mut self, action: Action) -> Result<ActionReport, PlayError> {
        self.apply_action(&action)
            .map_err(|reason| PlayError { action, reason })
    }

    fn legal_moves(&self) -> Vec<Move> {
        let mut out: Vec<Move> = self.legal_moves_iter().collect();
        out.sort_by_key(|mv| match mv {
            Move::Play(p) => (0, *p),
            Move::Pass => (1, Point::rc(0, 0)),
        });
        out
    }

    fn hot_stones(&self) -> Option<Vec<Point>> {
        Some(self.hist.hot.iter().map(|&(p, _)| p).collect())
    }

    fn score(&self) -> Option<Score> {
        if !self.scoring_ready() {
            return None;
        }
        self.count(self.dead_stones())
    }

    fn result(&self) -> Option<GameResult> {
        let Phase::Ended(e) = self.flow.phase else {
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

impl Engine {
    /// Prisoners and pass stones, penalties: the bookkeeping the count reads.
    #[must_use]
    pub fn penalties(&self) -> ByColor<Points> {
        self.penalties
    }
}

#[cfg(test)]
mod tests {
    use weiqi_core::{Action, BoardSize, Color, Move, Phase, Point, Referee, Setup};

    use super::Engine;

    /// The internal state undo must restore exactly: the whole flow (which a plain play's
    /// undo rebuilds instead of saving: `history::Entry::saved_flow`), the entry count and the
    /// side stacks.
    fn state(g: &Engine) -> String {
        format!(
            "{:?}|{}|{}|{}|{}|{:?}|{}",
            g.flow,
            g.hist.entries.len(),
            g.hist.flows.len(),
            g.hist.removed.len(),
            g.hist.bans_made.len(),
            g.hist.hot,
            g.hist.hot_frames.len()
        )
    }

    /// Plays a random game on `g` for at most `limit` moves: White resumes a stopped game, and
    /// `step` gets the legal moves and a fresh xorshift word (from `seed`) and makes the move.
    fn play_random(
        g: &mut Engine,
        seed: u64,
        limit: usize,
        mut step: impl FnMut(&mut Engine, Vec<Move>, u64),
    ) {
        let mut x = seed;
        for _ in 0..limit {
            match g.phase() {
                Phase::Ended(_) => break,
                Phase::Stopped => {
                    g.apply(Action::Resume { by: Color::White })
                        .expect("resume");
                    continue;
                }
                Phase::Playing => {}
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            step(g, g.legal_moves_iter().collect(), x);
        }
    }

    /// Plays `mv` and checks the `HotFrame`s it saves: one, of the move's entry, exactly when
    /// some stone is hot before or after it (`rule_h`), none for White's automatic last pass;
    /// and undo restores the state (popping the frame of the entry it pops). Returns whether
    /// the move saved a frame.
    fn play_checking_hot_frame(g: &mut Engine, mv: Move) -> bool {
        let hot_before = !g.hist.hot.is_empty();
        let n = g.hist.entries.len();
        let frames = g.hist.hot_frames.len();
        let before = state(g);
        g.play(mv).expect("a legal move");
        let saved = !g.hist.hot.is_empty() || hot_before;
        for auto in &g.hist.entries[n + 1..] {
            assert!(auto.automatic, "{mv}");
        }
        assert_eq!(g.hist.hot_frames.len(), frames + usize::from(saved), "{mv}");
        if saved {
            assert_eq!(g.hist.hot_frames.last().map(|f| f.entry as usize), Some(n));
        }
        let mut undone = g.clone();
        assert!(undone.undo());
        assert_eq!(state(&undone), before, "undo {mv}");
        saved
    }

    /// Tromp-Taylor with the Ing rule and White's last pass (the automatic pass's path).
    fn ing_tromp_taylor() -> weiqi_spec::Ruleset {
        let mut rules = weiqi_spec::builtin("tromp-taylor").expect("built-in");
        rules.play.ko = weiqi_spec::Ko::Ing;
        rules.end.last_pass = weiqi_spec::LastPass::White;
        rules
    }

    #[test]
    fn a_ko_capture_and_the_move_after_it_save_hot_frames_and_quiet_moves_do_not() {
        // The hot frames of a scripted ko: White's ko capture at b2 (a frame, b2 hot),
        // Black's retake refused, Black's play elsewhere (a frame: it cools b2), a quiet play
        // and a capture that is no ko capture (none), Black's retake now a ko capture (a
        // frame), White's pass (a frame: it cools), Black's pass (none; it ends the game with
        // White's automatic last pass, none).
        let size = BoardSize::square(5).expect("size");
        let mut setup = Setup::even(size);
        let p = Point::rc;
        setup.stones = vec![
            (p(0, 1), Color::Black),
            (p(1, 0), Color::Black),
            (p(2, 1), Color::Black),
            (p(1, 2), Color::Black),
            (p(0, 2), Color::White),
            (p(1, 3), Color::White),
            (p(2, 2), Color::White),
            (p(3, 2), Color::Black),
            (p(4, 1), Color::Black),
            (p(4, 2), Color::White),
        ];
        setup.to_move = Some(Color::White);
        let mut g = Engine::new(&ing_tromp_taylor(), setup).expect("game");
        let play = |r, c| Move::Play(p(r, c));
        assert!(play_checking_hot_frame(&mut g, play(1, 1)));
        assert_eq!(g.hot_stones(), Some(vec![p(1, 1)]));
        assert!(
            g.play(play(1, 2)).is_err(),
            "the retake removes a hot stone"
        );
        assert!(play_checking_hot_frame(&mut g, play(4, 4)));
        assert_eq!(g.hot_stones(), Some(vec![]));
        assert!(!play_checking_hot_frame(&mut g, play(4, 0)));
        assert!(!play_checking_hot_frame(&mut g, play(4, 3)));
        assert_eq!(g.captured(), [p(4, 2)], "a capture, no ko capture");
        assert!(!play_checking_hot_frame(&mut g, play(3, 4)));
        assert!(play_checking_hot_frame(&mut g, play(1, 2)));
        assert_eq!(g.hot_stones(), Some(vec![p(1, 2)]));
        assert!(play_checking_hot_frame(&mut g, Move::Pass));
        assert_eq!(g.hot_stones(), Some(vec![]));
        assert!(!play_checking_hot_frame(&mut g, Move::Pass));
        assert!(matches!(g.phase(), Phase::Ended(_)));
        assert!(g.hist.last().automatic, "white's last pass");
    }

    #[test]
    fn a_move_saves_a_hot_frame_exactly_when_it_may_change_the_hot_stones() {
        // The same checks after every move of random games on 5x5 under the Ing variant and
        // under Tromp-Taylor with the Ing rule and White's last pass: plain plays, the first
        // play after a pass (the general commit), passes, stops, captures. A pass is drawn one
        // time in 16 (the games run long enough to reach ko captures).
        let ing = weiqi_spec::builtin("ing-1996").expect("built-in");
        let (mut frames_seen, mut quiet_captures) = (0, 0);
        for rules in [ing, ing_tromp_taylor()] {
            for seed in 1..=12u64 {
                let size = BoardSize::square(5).expect("size");
                let mut g = Engine::new(&rules, Setup::even(size)).expect("game");
                play_random(&mut g, seed, 300, |g, mut moves, x| {
                    if moves.len() > 1 && x % 16 != 0 {
                        moves.retain(|&mv| mv != Move::Pass);
                    }
                    let mv = moves[((x >> 4) % moves.len() as u64) as usize];
                    let frame = play_checking_hot_frame(g, mv);
                    frames_seen += usize::from(frame);
                    quiet_captures += usize::from(!frame && !g.captured().is_empty());
                });
            }
        }
        assert!(
            frames_seen > 30 && quiet_captures > 500,
            "{frames_seen} {quiet_captures}"
        );
    }

    #[test]
    fn undo_restores_the_whole_flow_of_every_kind_of_move() {
        // Issue 11 (undo restores the exact position and history), for the compact history
        // of `history.rs`: plain plays, passes, stops and resumptions, handicap placement.
        for id in [
            "tromp-taylor",
            "japanese-1989",
            "chinese-1988",
            "aga",
            "ing-1996",
            "new-zealand",
            "rfg-2010-territory",
        ] {
            let rules = weiqi_spec::builtin(id).expect("built-in");
            for (seed, handicap) in [(1u64, 0u32), (2, 3), (3, 0), (4, 2)] {
                let size = BoardSize::square(5).expect("size");
                let mut setup = Setup::even(size);
                setup.handicap = handicap;
                let Ok(mut g) = Engine::new(&rules, setup) else {
                    continue;
                };
                play_random(&mut g, seed, 200, |g, moves, x| {
                    let mv = moves[(x % moves.len() as u64) as usize];
                    let before = state(g);
                    let copy = g.clone();
                    g.play(mv).expect("a legal move");
                    let mut undone = g.clone();
                    assert!(undone.undo(), "{id} seed {seed}: undo {mv}");
                    assert_eq!(state(&undone), before, "{id} seed {seed}: undo {mv}");
                    assert_eq!(undone.hash(), copy.hash());
                });
            }
        }
    }
}
