//! The game `weiqi gtp` keeps: the variant, the setup, the accepted moves, and the engine that
//! rules them. A move is one step of the engine, `undo` is the engine's own undo, `komi` changes
//! the engine's komi (it counts only in the score): none of them replays the game, so a session
//! costs time linear in its length. Only a change of setup or of variant rebuilds the engine
//! from the setup by replaying the moves (a different variant rules every move again), so the
//! game is always exactly what the variant makes of them.

use std::collections::BTreeSet;
use std::time::Duration;

use weiqi_core::{
    Action, Board, BoardSize, Color, GameResult, Illegal, Move, Phase, Point, PointMark, Points,
    Referee, Score, Setup,
};
use weiqi_engine::Engine;
use weiqi_spec::Ruleset;

/// Starts the engine for `ruleset` and `setup`: the one place where `weiqi gtp` chooses the
/// implementation that rules (the engine: it undoes moves and changes komi in place).
fn new_referee(ruleset: &Ruleset, setup: Setup, strict: bool) -> Result<Engine, String> {
    if strict {
        Engine::new_strict(ruleset, setup)
    } else {
        Engine::new(ruleset, setup)
    }
    .map_err(|e| e.to_string())
}

/// The most passes [`Game::ruling`] adds to end play: the variant's stop passes and final-end
/// passes, twice over (Ing's stop, agreement and passes again need twice the stop passes), and a
/// few to spare; a spec file may set any number.
fn max_ending_passes(ruleset: &Ruleset) -> usize {
    let end = &ruleset.end;
    let passes = u64::from(end.stop_passes) + u64::from(end.final_end_passes);
    usize::try_from(passes.saturating_mul(2).saturating_add(4)).unwrap_or(usize::MAX)
}

/// Why a move was not made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// The referee refused it.
    Illegal {
        /// Why.
        reason: Illegal,
        /// Play was stopped and the move was tried after a resumption by its player.
        after_resume: bool,
    },
    /// The game could not be rebuilt to try it (the referee refused a move it had accepted).
    Replay(String),
}

/// How the game ends if both players pass now: the ruling `final_score` and
/// `final_status_list` report.
#[derive(Debug, Clone)]
pub struct Ruling {
    /// The result.
    pub result: GameResult,
    /// The score, when the game is scored.
    pub score: Option<Score>,
    /// The board the ruling judged (dead stones still on it).
    pub board: Board,
    /// The stones the status judge puts in seki there.
    pub seki: BTreeSet<Point>,
}

impl Ruling {
    /// The status of the stone on `p`: `alive`, `dead` or `seki` (`None` on an empty point).
    pub fn status(&self, p: Point) -> Option<&'static str> {
        let color = self.board.get(p)?;
        let mark = self
            .score
            .as_ref()
            .and_then(|s| self.board.size().index(p).and_then(|i| s.marks.get(i)))
            .copied()
            .unwrap_or(PointMark::Stone(color));
        Some(match mark {
            PointMark::Dead(_) => "dead",
            PointMark::SekiStone(_) => "seki",
            _ if self.seki.contains(&p) => "seki",
            _ => "alive",
        })
    }
}

/// The game under the variant.
pub struct Game {
    ruleset: Ruleset,
    setup: Setup,
    strict: bool,
    /// One entry per accepted move: the actions it took (the pass inserted before a move by
    /// the player who moved last, a resumption of play, then the move).
    log: Vec<Vec<Action>>,
    referee: Engine,
    /// The dead stones a loaded record marks (`TB`/`TW`, stones removed at the end), kept
    /// while the game is the record's: any move or `undo` drops them.
    marked_dead: Option<Vec<Point>>,
    /// The moves replayed since the start, all rebuilds together (what the tests of a
    /// session's cost count).
    pub replayed: usize,
}

/// Builds the referee for `setup` and replays `log` on it.
fn rebuild(
    ruleset: &Ruleset,
    setup: &Setup,
    strict: bool,
    log: &[Vec<Action>],
) -> Result<Engine, String> {
    let mut referee = new_referee(ruleset, setup.clone(), strict)?;
    for (i, actions) in log.iter().enumerate() {
        for action in actions {
            referee.apply(action.clone()).map_err(|e| {
                format!(
                    "move {} ({}) is refused: {}",
                    i + 1,
                    action_text(action, setup.size),
                    e.reason
                )
            })?;
        }
    }
    Ok(referee)
}

/// A GTP vertex, or the SGF point where GTP has no letter for the column.
pub fn vertex(p: Point, size: BoardSize) -> String {
    p.to_gtp(size).unwrap_or_else(|_| p.to_sgf())
}

/// A move in GTP terms: a vertex or `pass`.
pub fn move_text(mv: Move, size: BoardSize) -> String {
    match mv {
        Move::Play(p) => vertex(p, size),
        Move::Pass => "pass".to_owned(),
    }
}

/// An action of the log in GTP terms: `black D4`, `white pass`, `black resumes`.
fn action_text(action: &Action, size: BoardSize) -> String {
    match action {
        Action::Move { color, mv } => format!("{color} {}", move_text(*mv, size)),
        other => other.to_string(),
    }
}

impl Game {
    /// An even game on an empty board of `size`.
    pub fn new(ruleset: Ruleset, size: BoardSize, strict: bool) -> Result<Game, String> {
        let setup = Setup::even(size);
        let referee = new_referee(&ruleset, setup.clone(), strict)?;
        Ok(Game {
            ruleset,
            setup,
            strict,
            log: Vec::new(),
            referee,
            marked_dead: None,
            replayed: 0,
        })
    }

    /// The referee of the game as it stands.
    pub fn referee(&self) -> &dyn Referee {
        &self.referee
    }

    /// The variant.
    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// The board size.
    pub fn size(&self) -> BoardSize {
        self.setup.size
    }

    /// The handicap of the setup.
    pub fn handicap(&self) -> u32 {
        self.setup.handicap
    }

    /// The komi: the one set with `komi`, else the variant's for the handicap.
    pub fn komi(&self) -> Points {
        self.setup
            .komi
            .unwrap_or_else(|| self.ruleset.komi_for(self.setup.handicap))
    }

    /// Whether the komi is the variant's own (no `komi` command since the start).
    pub fn komi_is_variants(&self) -> bool {
        self.setup.komi.is_none()
    }

    /// Replaces the setup, the variant and the moves together, or changes nothing when the
    /// variant refuses them.
    fn replace(
        &mut self,
        ruleset: Option<Ruleset>,
        setup: Setup,
        log: Vec<Vec<Action>>,
    ) -> Result<(), String> {
        let ruleset = ruleset.unwrap_or_else(|| self.ruleset.clone());
        self.replayed += log.len();
        let referee = rebuild(&ruleset, &setup, self.strict, &log)?;
        self.ruleset = ruleset;
        self.setup = setup;
        self.log = log;
        self.referee = referee;
        self.marked_dead = None;
        Ok(())
    }

    /// A new empty board of `size` (the komi set with `komi` is kept).
    pub fn set_size(&mut self, size: BoardSize) -> Result<(), String> {
        let setup = Setup {
            komi: self.setup.komi,
            ..Setup::even(size)
        };
        self.replace(None, setup, Vec::new())
    }

    /// Clears the board: no stones, no handicap, no moves (the komi is kept).
    pub fn clear(&mut self) -> Result<(), String> {
        self.set_size(self.setup.size)
    }

    /// Sets the komi; the moves are kept and not replayed (the komi counts only in the score).
    pub fn set_komi(&mut self, komi: Points) {
        self.setup.komi = Some(komi);
        self.referee.set_komi(komi);
    }

    /// Switches the variant, replaying the moves under it; refused (nothing changes) when the
    /// new variant refuses the setup or one of the moves. The same variant again changes
    /// nothing and replays nothing.
    pub fn set_rules(&mut self, ruleset: Ruleset) -> Result<(), String> {
        if ruleset == self.ruleset {
            return Ok(());
        }
        let setup = self.setup.clone();
        let log = self.log.clone();
        self.replace(Some(ruleset), setup, log)
    }

    /// Whether the board is empty and no move was played (handicap stones may be placed).
    pub fn is_empty(&self) -> bool {
        self.log.is_empty() && self.setup.stones.is_empty() && self.setup.handicap == 0
    }

    /// Places handicap stones for Black on an empty board: a handicap game of `points.len()`
    /// stones whose stones are given (the variant places nothing more; it decides who moves
    /// next, its handicap komi and bonus apply).
    pub fn set_handicap(&mut self, points: &[Point]) -> Result<(), String> {
        let handicap = u32::try_from(points.len()).map_err(|_| "too many stones".to_owned())?;
        let setup = Setup {
            handicap,
            stones: points.iter().map(|&p| (p, Color::Black)).collect(),
            ..self.setup.clone()
        };
        self.replace(None, setup, Vec::new())
    }

    /// The variant's own fixed pattern for `stones` handicap stones on this board, if it has
    /// one.
    pub fn variant_pattern(&self, stones: u32) -> Option<Vec<Point>> {
        self.ruleset
            .handicap
            .patterns
            .get(&self.setup.size)
            .and_then(|by_count| by_count.get(&stones))
            .cloned()
    }

    /// Whether `color` may make `mv` now, and why not (what [`Game::play`] would do, the pass
    /// it inserts included; the game is unchanged).
    pub fn check(&mut self, color: Color, mv: Move) -> Result<(), Refused> {
        let inserted = self.insert_pass(color)?;
        let verdict = if self.referee.phase() == Phase::Stopped {
            self.resumed(color, mv).map(|_| ())
        } else {
            self.referee
                .check(&Action::Move { color, mv })
                .map_err(|reason| Refused::Illegal {
                    reason,
                    after_resume: false,
                })
        };
        if inserted.is_some() {
            self.take_back_pass()?;
        }
        verdict
    }

    /// GTP 2 section 6.3 (`play`): moves of the same colour in a row are not illegal for the
    /// protocol, and clients set up positions with them. A move in play by the player who is
    /// not to move follows a pass of the player to move, as a record that does not alternate
    /// is ruled (docs/decisions.md 24: the pass is ruled as any pass, it may give a pass stone or
    /// stop play); `--strict` refuses the move `wrong-turn` instead. Returns the pass played,
    /// if any.
    fn insert_pass(&mut self, color: Color) -> Result<Option<Action>, Refused> {
        if self.strict || self.referee.phase() != Phase::Playing || self.referee.to_move() == color
        {
            return Ok(None);
        }
        let pass = Action::pass(self.referee.to_move());
        self.referee
            .apply(pass.clone())
            .map_err(|e| Refused::Illegal {
                reason: e.reason,
                after_resume: false,
            })?;
        Ok(Some(pass))
    }

    /// Takes back a pass [`Game::insert_pass`] played (with the engine's undo; by replaying
    /// the log should the engine refuse).
    fn take_back_pass(&mut self) -> Result<(), Refused> {
        if !self.referee.undo() {
            self.referee = rebuild(&self.ruleset, &self.setup, self.strict, &self.log)
                .map_err(Refused::Replay)?;
            self.replayed += self.log.len();
        }
        Ok(())
    }

    /// Makes it `color`'s turn for `genmove` as `play` would (inserting the pass of the player
    /// to move); `take_back` undoes it when no move follows. The pass, if one was played.
    pub fn turn_to(&mut self, color: Color) -> Result<Option<Action>, Refused> {
        self.insert_pass(color)
    }

    /// Takes back the pass [`Game::turn_to`] played.
    pub fn take_back(&mut self, inserted: Option<Action>) -> Result<(), Refused> {
        if inserted.is_some() {
            self.take_back_pass()?;
        }
        Ok(())
    }

    /// While play is stopped: the game after a resumption that lets `color` move first and
    /// `mv`, with the actions taken, on a copy rebuilt from the setup. GTP has no dispute, so a
    /// move sent while play is stopped resumes play: the resumption is asked by `color`, or by
    /// the opponent where the variant gives the first move to the opponent of the player who
    /// resumes (Japanese 1989 Art. 9).
    fn resumed(&self, color: Color, mv: Move) -> Result<(Engine, Vec<Action>), Refused> {
        let refused = |reason| Refused::Illegal {
            reason,
            after_resume: true,
        };
        if self.passes_agree(mv) {
            let mut copy = self.referee.clone();
            let mut actions = self.agreement(&copy);
            actions.push(Action::Move { color, mv });
            for action in &actions {
                copy.apply(action.clone()).map_err(|e| refused(e.reason))?;
            }
            return Ok((copy, actions));
        }
        let mut first_mover = None;
        for by in [color, color.opponent()] {
            let mut copy = self.referee.clone();
            let resume = Action::Resume { by };
            copy.apply(resume.clone()).map_err(|e| refused(e.reason))?;
            if copy.to_move() != color {
                first_mover.get_or_insert(copy.to_move());
                continue;
            }
            let action = Action::Move { color, mv };
            copy.apply(action.clone()).map_err(|e| refused(e.reason))?;
            return Ok((copy, vec![resume, action]));
        }
        Err(refused(Illegal::WrongTurn {
            expected: first_mover.unwrap_or(color.opponent()),
        }))
    }

    /// Whether `mv` sent while play is stopped is the pass that follows an agreement: under
    /// `after-stop = "agreement-then-passes"` (Ing, seed 000) the players agree and pass
    /// again, and GTP has no command for the agreement, so a pass while play is stopped is
    /// taken as that agreement (on the stones [`Game::believed`] dead), then the pass. Any
    /// other move resumes play.
    pub fn passes_agree(&self, mv: Move) -> bool {
        mv == Move::Pass
            && self.referee.phase() == Phase::Stopped
            && self.ruleset.end.after_stop == weiqi_spec::AfterStop::AgreementThenPasses
    }

    /// The stones the engine believes dead and in seki on `referee`'s board: the loaded
    /// record's dead-stone marks while the game is the record's (no seki), else the status
    /// judge's, its work bounded by `budget`.
    pub fn believed(
        &self,
        referee: &Engine,
        budget: Option<Duration>,
    ) -> (Vec<Point>, BTreeSet<Point>) {
        if let Some(marked) = &self.marked_dead {
            let board = referee.board();
            let dead = marked
                .iter()
                .copied()
                .filter(|&p| board.get(p).is_some())
                .collect();
            return (dead, BTreeSet::new());
        }
        let j = judge(referee, budget);
        (j.dead_stones(), j.seki_stones().into_iter().collect())
    }

    /// Both players' proposals of the stones [`Game::believed`] dead on `referee`'s board.
    fn agreement(&self, referee: &Engine) -> Vec<Action> {
        self.agreement_on(self.believed(referee, None).0)
    }

    /// Both players' proposals of `dead`.
    fn agreement_on(&self, dead: Vec<Point>) -> Vec<Action> {
        Color::ALL
            .into_iter()
            .map(|by| Action::ProposeDead {
                by,
                dead: dead.clone(),
            })
            .collect()
    }

    /// Plays `mv` for `color` (after the pass [`Game::insert_pass`] inserts when `color` is
    /// not to move), or refuses it (the game is then unchanged).
    pub fn play(&mut self, color: Color, mv: Move) -> Result<(), Refused> {
        let inserted = self.insert_pass(color)?;
        self.play_after(inserted, color, mv)
    }

    /// Plays `mv` for `color` after the pass `inserted` (from [`Game::turn_to`]), one entry of
    /// the log; on a refusal the pass is taken back and the game is unchanged.
    pub fn play_after(
        &mut self,
        inserted: Option<Action>,
        color: Color,
        mv: Move,
    ) -> Result<(), Refused> {
        let played = if self.referee.phase() == Phase::Stopped {
            self.resumed(color, mv).map(|(referee, actions)| {
                self.referee = referee;
                actions
            })
        } else {
            let action = Action::Move { color, mv };
            self.referee
                .apply(action.clone())
                .map(|_| vec![action])
                .map_err(|e| Refused::Illegal {
                    reason: e.reason,
                    after_resume: false,
                })
        };
        match played {
            Ok(actions) => {
                self.log
                    .push(inserted.into_iter().chain(actions).collect::<Vec<_>>());
                self.marked_dead = None;
                Ok(())
            }
            Err(refused) => {
                self.take_back(inserted)?;
                Err(refused)
            }
        }
    }

    /// The setup of the game (size, handicap, setup stones, komi override).
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The moves accepted, in order (resumptions left out: a record does not write them).
    pub fn record_moves(&self) -> Vec<(Color, Move)> {
        self.log
            .iter()
            .flatten()
            .filter_map(|a| match a {
                Action::Move { color, mv } => Some((*color, *mv)),
                _ => None,
            })
            .collect()
    }

    /// Replaces the game by `setup` and `moves` (a loaded record), played as `play` plays
    /// them: a move sent while play is stopped resumes play, a move by the player who moved
    /// last follows a pass the record omits (docs/decisions.md 24). Nothing changes when a move is
    /// refused: the error names it.
    pub fn load(&mut self, setup: Setup, moves: &[(usize, Color, Move)]) -> Result<(), String> {
        let referee = new_referee(&self.ruleset, setup.clone(), self.strict)?;
        let mut game = Game {
            ruleset: self.ruleset.clone(),
            setup,
            strict: self.strict,
            log: Vec::new(),
            referee,
            marked_dead: None,
            replayed: self.replayed,
        };
        let size = game.size();
        for &(number, color, mv) in moves {
            if game.referee.phase() == Phase::Playing && game.referee.to_move() != color {
                let by = game.referee.to_move();
                game.play(by, Move::Pass).map_err(|r| {
                    format!(
                        "move {number} ({color} {}): the pass the record omits before it is \
                         refused: {}",
                        move_text(mv, size),
                        refusal_text(&r)
                    )
                })?;
            }
            game.play(color, mv).map_err(|r| {
                format!(
                    "move {number} ({color} {}) is refused: {}",
                    move_text(mv, size),
                    refusal_text(&r)
                )
            })?;
        }
        *self = game;
        Ok(())
    }

    /// Keeps `dead` as the record's dead-stone marks for `final_score` and
    /// `final_status_list`, until the next move or `undo`.
    pub fn set_marked_dead(&mut self, dead: Vec<Point>) {
        self.marked_dead = Some(dead);
    }

    /// Takes back the last move (with the pass inserted before it); false when there is none.
    /// The engine undoes its moves in place; only an entry the engine cannot undo (one with a
    /// resumption or an agreement) makes the game be replayed without it.
    pub fn undo(&mut self) -> Result<bool, String> {
        let Some(last) = self.log.pop() else {
            return Ok(false);
        };
        self.marked_dead = None;
        let moves_only = last.iter().all(|a| matches!(a, Action::Move { .. }));
        if moves_only && last.iter().all(|_| self.referee.undo()) {
            return Ok(true);
        }
        self.replayed += self.log.len();
        match rebuild(&self.ruleset, &self.setup, self.strict, &self.log) {
            Ok(referee) => {
                self.referee = referee;
                Ok(true)
            }
            Err(e) => {
                self.log.push(last);
                self.referee = rebuild(&self.ruleset, &self.setup, self.strict, &self.log)?;
                Err(e)
            }
        }
    }

    /// The number of moves accepted.
    pub fn moves(&self) -> usize {
        self.log.len()
    }

    /// The `n`-th move of the game (from 1; setup stones are not moves, passes are).
    pub fn nth_move(&self, n: usize) -> Option<(Color, Move)> {
        self.log
            .iter()
            .flatten()
            .filter_map(|a| match a {
                Action::Move { color, mv } => Some((*color, *mv)),
                _ => None,
            })
            .nth(n.checked_sub(1)?)
    }

    /// `kgs-genmove_cleanup`: a legal play of `color` next to an opponent's string the engine
    /// believes dead (the one with fewest liberties first, then in row order), never in an own
    /// eye, legal as `play` would make it (while play is stopped: after the resumption);
    /// `None` (a pass) when no such string is left or none can be reached.
    pub fn cleanup_move(&mut self, color: Color, budget: Option<Duration>) -> Option<Point> {
        let dead = self.believed(&self.referee, budget).0;
        let board = self.referee.board();
        let dead: BTreeSet<Point> = dead
            .into_iter()
            .filter(|&p| board.get(p) == Some(color.opponent()))
            .collect();
        if dead.is_empty() {
            return None;
        }
        let mut targets: Vec<(usize, Point)> = Vec::new();
        let mut seen = BTreeSet::new();
        for &p in &dead {
            if seen.contains(&p) {
                continue;
            }
            let (stones, liberties) = string_at(&board, p);
            seen.extend(stones);
            let own_eye = |l: &Point| board.neighbours(*l).all(|n| board.get(n) == Some(color));
            targets.extend(
                liberties
                    .iter()
                    .filter(|l| !own_eye(l))
                    .map(|&l| (liberties.len(), l)),
            );
        }
        targets.sort();
        targets
            .into_iter()
            .map(|(_, l)| l)
            .find(|&l| self.check(color, Move::Play(l)).is_ok())
    }

    /// The last move of the game, if any (a resumption or an agreement is not a move).
    pub fn last_move(&self) -> Option<(Color, Move)> {
        self.log.last()?.iter().rev().find_map(|a| match a {
            Action::Move { color, mv } => Some((*color, *mv)),
            _ => None,
        })
    }

    /// `genmove`'s choice for the player to move, in play: the status judge's playout policy
    /// (`weiqi_status::policy_move`), answering the opponent's last play; after the opponent's
    /// pass, a pass when the judge finds the game finished and safe to score (nothing left to
    /// play), whatever the budget lets it read. The game is unchanged.
    pub fn policy_move(&mut self, seed: u64, budget: Option<Duration>) -> Move {
        let to_move = self.referee.to_move();
        let last = self.last_move().filter(|&(c, _)| c != to_move);
        if let Some((_, Move::Pass)) = last {
            let j = judge(&self.referee, budget);
            if j.finished && j.safe_to_score {
                return Move::Pass;
            }
        }
        let last = last.and_then(|(_, mv)| mv.point());
        weiqi_status::policy_move(&mut self.referee, last, seed).map_or(Move::Pass, Move::Play)
    }

    /// How the game ends if both players pass from now on: on a copy, the player to move
    /// passes until play stops or the game ends (at most [`max_ending_passes`]); when
    /// play is stopped, both players agree on the stones [`Game::believed`] dead (the status
    /// judge's, or a loaded record's marks); everything else stays alive.
    pub fn ruling(&self) -> Result<Ruling, String> {
        let mut copy = self.referee.clone();
        let max = max_ending_passes(&self.ruleset);
        let mut passes = 0;
        while copy.phase() == Phase::Playing {
            if passes == max {
                return Err(format!("play does not stop after {max} passes"));
            }
            let pass = Action::pass(copy.to_move());
            copy.apply(pass)
                .map_err(|e| format!("cannot pass to end the game: {}", e.reason))?;
            passes += 1;
        }
        let board = copy.board();
        let mut seki = BTreeSet::new();
        if copy.phase() == Phase::Stopped {
            let (dead, in_seki) = self.believed(&copy, None);
            seki = in_seki;
            for action in self.agreement_on(dead) {
                copy.apply(action)
                    .map_err(|e| format!("the agreement is refused: {}", e.reason))?;
            }
            // Ing: after the agreement the players pass again (seed 000, docs/decisions.md 3).
            let mut passes = 0;
            while copy.phase() == Phase::Playing && passes < max {
                let pass = Action::pass(copy.to_move());
                copy.apply(pass)
                    .map_err(|e| format!("cannot pass after the agreement: {}", e.reason))?;
                passes += 1;
            }
        }
        if !matches!(copy.phase(), Phase::Ended(_)) {
            return Err("the game does not end after the agreement".to_owned());
        }
        let result = copy
            .result()
            .ok_or_else(|| "the referee gives no result".to_owned())?;
        Ok(Ruling {
            result,
            score: copy.score(),
            board,
            seki,
        })
    }
}

/// The stones of the string on `p` and its liberties (`p` holds a stone).
fn string_at(board: &Board, p: Point) -> (Vec<Point>, BTreeSet<Point>) {
    let color = board.get(p);
    let mut stones = vec![p];
    let mut seen: BTreeSet<Point> = BTreeSet::from([p]);
    let mut liberties = BTreeSet::new();
    let mut i = 0;
    while i < stones.len() {
        let q = stones[i];
        i += 1;
        for n in board.neighbours(q) {
            match board.get(n) {
                None => {
                    liberties.insert(n);
                }
                c if c == color && seen.insert(n) => stones.push(n),
                _ => {}
            }
        }
    }
    (stones, liberties)
}

/// The status judge's options for a move that may spend `budget`: its defaults without a limit
/// or from a second on; below, its playouts and its cleanup search shrink in proportion (the
/// defaults judge a finished 19x19 game in tens of milliseconds), at least 8 playouts.
pub fn judge_options(budget: Option<Duration>) -> weiqi_status::Options {
    let defaults = weiqi_status::Options::default();
    let Some(budget) = budget else {
        return defaults;
    };
    let millis = u32::try_from(budget.as_millis()).unwrap_or(u32::MAX);
    if millis >= 1000 {
        return defaults;
    }
    let scale =
        |full: u32| u32::try_from(u64::from(full) * u64::from(millis) / 1000).unwrap_or(full);
    weiqi_status::Options {
        playouts: scale(defaults.playouts).max(8),
        cleanup_budget: scale(defaults.cleanup_budget),
        ..defaults
    }
}

/// The status judge's view of `engine`'s game, its work bounded by `budget`.
pub fn judge(engine: &Engine, budget: Option<Duration>) -> weiqi_status::Judgement {
    let options = judge_options(budget);
    // The options are in range by construction; the defaults are the judge's own.
    weiqi_status::judge(engine, &options)
        .or_else(|_| weiqi_status::judge(engine, &weiqi_status::Options::default()))
        .unwrap_or_else(|_| weiqi_status::Judgement {
            size: engine.size(),
            strings: Vec::new(),
            owner: Vec::new(),
            finished: false,
            safe_to_score: false,
            seed: 0,
            playouts_per_color: 0,
            notes: vec!["the judge refused its own defaults".to_owned()],
        })
}

/// A refusal in words, with its code.
fn refusal_text(refused: &Refused) -> String {
    match refused {
        Refused::Illegal { reason, .. } => format!("{reason} ({})", reason.code()),
        Refused::Replay(e) => e.clone(),
    }
}

/// The fixed handicap points of the GTP 2 specification (section 4.1.1) on a square board of
/// `side` 7 to 25: at most 4 stones on 7x7 and on even sizes, else at most 9; on the third line
/// below 13x13, on the fourth from 13x13 on. `None` where the specification defines no pattern.
///
/// 2 = lower left, upper right; 3 = + upper left; 4 = + lower right; 5 = 4 + centre; 6 = 4 +
/// left and right sides; 7 = 6 + centre; 8 = 6 + bottom and top sides; 9 = 8 + centre.
pub fn gtp_fixed_pattern(side: u8, stones: u32) -> Option<Vec<Point>> {
    if !(7..=25).contains(&side) {
        return None;
    }
    let max = if side == 7 || side.is_multiple_of(2) {
        4
    } else {
        9
    };
    if !(2..=max).contains(&stones) {
        return None;
    }
    let line = if side < 13 { 2 } else { 3 };
    let lo = line;
    let hi = side - 1 - line;
    let mid = (side - 1) / 2;
    // Point::rc takes (row from the top, column): the top row is the highest GTP row.
    let at = |x: u8, y_from_bottom: u8| Point::rc(side - 1 - y_from_bottom, x);
    let lower_left = at(lo, lo);
    let upper_right = at(hi, hi);
    let upper_left = at(lo, hi);
    let lower_right = at(hi, lo);
    let centre = at(mid, mid);
    let left = at(lo, mid);
    let right = at(hi, mid);
    let bottom = at(mid, lo);
    let top = at(mid, hi);
    let four = [lower_left, upper_right, upper_left, lower_right];
    let points: Vec<Point> = match stones {
        2..=4 => four[..stones as usize].to_vec(),
        5 => [&four[..], &[centre]].concat(),
        6 => [&four[..], &[left, right]].concat(),
        7 => [&four[..], &[left, right, centre]].concat(),
        8 => [&four[..], &[left, right, bottom, top]].concat(),
        _ => [&four[..], &[left, right, bottom, top, centre]].concat(),
    };
    Some(points)
}

/// The free handicap placement `place_free_handicap` chooses, deterministically: the variant's
/// fixed pattern for that many stones on this board if it has one, else the GTP fixed pattern,
/// else (more stones than any pattern holds, or a board without one) the largest GTP or variant
/// pattern that fits and then the remaining points in row order from the top left, skipping
/// points next to a stone already placed where possible.
pub fn free_placement(game: &Game, stones: u32) -> Option<Vec<Point>> {
    let size = game.size();
    let points = size.points_count();
    if stones < 2 || stones as usize >= points {
        return None;
    }
    let fixed = |n: u32| {
        game.variant_pattern(n).or_else(|| {
            if size.is_square() {
                gtp_fixed_pattern(size.width(), n)
            } else {
                None
            }
        })
    };
    if let Some(p) = fixed(stones) {
        return Some(p);
    }
    let mut chosen = (2..stones).rev().find_map(fixed).unwrap_or_default();
    let taken = |chosen: &[Point], p: Point| chosen.contains(&p);
    let near = |chosen: &[Point], p: Point| size.neighbours(p).any(|n| chosen.contains(&n));
    for avoid_neighbours in [true, false] {
        for p in size.points() {
            if chosen.len() == stones as usize {
                break;
            }
            let skip = taken(&chosen, p) || (avoid_neighbours && near(&chosen, p));
            if !skip {
                chosen.push(p);
            }
        }
    }
    Some(chosen)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gtp(points: &[Point], side: u8) -> Vec<String> {
        let size = BoardSize::square(u32::from(side)).expect("valid");
        points
            .iter()
            .map(|p| p.to_gtp(size).expect("on the board"))
            .collect()
    }

    #[test]
    fn the_gtp_fixed_patterns_follow_section_4_1_1() {
        // GTP 2 draft 2, section 4.1.1: 19x19 on the fourth line, 9x9 on the third.
        let p = |side, n| gtp(&gtp_fixed_pattern(side, n).expect("defined"), side);
        assert_eq!(p(19, 2), ["D4", "Q16"]);
        assert_eq!(p(19, 3), ["D4", "Q16", "D16"]);
        assert_eq!(p(19, 4), ["D4", "Q16", "D16", "Q4"]);
        assert_eq!(p(19, 5), ["D4", "Q16", "D16", "Q4", "K10"]);
        assert_eq!(p(19, 6), ["D4", "Q16", "D16", "Q4", "D10", "Q10"]);
        assert_eq!(p(19, 7), ["D4", "Q16", "D16", "Q4", "D10", "Q10", "K10"]);
        assert_eq!(
            p(19, 8),
            ["D4", "Q16", "D16", "Q4", "D10", "Q10", "K4", "K16"]
        );
        assert_eq!(
            p(19, 9),
            ["D4", "Q16", "D16", "Q4", "D10", "Q10", "K4", "K16", "K10"]
        );
        assert_eq!(p(9, 2), ["C3", "G7"]);
        assert_eq!(p(7, 4), ["C3", "E5", "C5", "E3"]);
        assert_eq!(gtp_fixed_pattern(7, 5), None, "7x7 holds at most 4");
        assert_eq!(gtp_fixed_pattern(10, 5), None, "even sizes hold at most 4");
        assert_eq!(gtp_fixed_pattern(6, 2), None, "no pattern below 7x7");
        assert_eq!(gtp_fixed_pattern(19, 10), None);
        assert_eq!(gtp_fixed_pattern(19, 1), None);
    }
}
