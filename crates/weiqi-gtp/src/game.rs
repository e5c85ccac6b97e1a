//! The game `weiqi gtp` keeps: the variant, the setup, the accepted moves, and a referee built
//! from them. Every change of setup or variant, and every `undo`, rebuilds the referee from the
//! setup by replaying the moves, so the game is always exactly what the variant makes of them.

use weiqi_core::{
    Action, Board, BoardSize, Color, GameResult, Illegal, Move, Phase, Point, PointMark, Points,
    Referee, Score, Setup,
};
use weiqi_spec::Ruleset;

use weiqi_record::dead::auto;
use weiqi_record::referee::{self, Which};

/// Starts a referee for `ruleset` and `setup`: the one place where `weiqi gtp` chooses the
/// implementation that rules: the engine, through the command line's referee factory.
fn new_referee(ruleset: &Ruleset, setup: Setup, strict: bool) -> Result<Box<dyn Referee>, String> {
    referee::new_game(Which::Engine, ruleset, setup, strict, None)
        .map(|g| g as Box<dyn Referee>)
        .map_err(String::from)
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
            _ => "alive",
        })
    }
}

/// The game under the variant.
pub struct Game {
    ruleset: Ruleset,
    setup: Setup,
    strict: bool,
    /// One entry per accepted move: the actions it took (a resumption of play, then the move).
    log: Vec<Vec<Action>>,
    referee: Box<dyn Referee>,
}

/// Builds the referee for `setup` and replays `log` on it.
fn rebuild(
    ruleset: &Ruleset,
    setup: &Setup,
    strict: bool,
    log: &[Vec<Action>],
) -> Result<Box<dyn Referee>, String> {
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
        })
    }

    /// The referee of the game as it stands.
    pub fn referee(&self) -> &dyn Referee {
        self.referee.as_ref()
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
        let referee = rebuild(&ruleset, &setup, self.strict, &log)?;
        self.ruleset = ruleset;
        self.setup = setup;
        self.log = log;
        self.referee = referee;
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

    /// Sets the komi; the moves are kept.
    pub fn set_komi(&mut self, komi: Points) -> Result<(), String> {
        let setup = Setup {
            komi: Some(komi),
            ..self.setup.clone()
        };
        let log = self.log.clone();
        self.replace(None, setup, log)
    }

    /// Switches the variant, replaying the moves under it; refused (nothing changes) when the
    /// new variant refuses the setup or one of the moves.
    pub fn set_rules(&mut self, ruleset: Ruleset) -> Result<(), String> {
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

    /// Whether `color` may make `mv` now, and why not.
    pub fn check(&self, color: Color, mv: Move) -> Result<(), Refused> {
        if self.referee.phase() == Phase::Stopped {
            return self.resumed(color, mv).map(|_| ());
        }
        self.referee
            .check(&Action::Move { color, mv })
            .map_err(|reason| Refused::Illegal {
                reason,
                after_resume: false,
            })
    }

    /// While play is stopped: the game after a resumption that lets `color` move first and
    /// `mv`, with the actions taken, on a copy rebuilt from the setup. GTP has no dispute, so a
    /// move sent while play is stopped resumes play: the resumption is asked by `color`, or by
    /// the opponent where the variant gives the first move to the opponent of the player who
    /// resumes (Japanese 1989 Art. 9).
    fn resumed(&self, color: Color, mv: Move) -> Result<(Box<dyn Referee>, Vec<Action>), Refused> {
        let refused = |reason| Refused::Illegal {
            reason,
            after_resume: true,
        };
        if self.passes_agree(mv) {
            let mut copy = rebuild(&self.ruleset, &self.setup, self.strict, &self.log)
                .map_err(Refused::Replay)?;
            let mut actions = self.agreement(copy.as_ref());
            actions.push(Action::Move { color, mv });
            for action in &actions {
                copy.apply(action.clone()).map_err(|e| refused(e.reason))?;
            }
            return Ok((copy, actions));
        }
        let mut first_mover = None;
        for by in [color, color.opponent()] {
            let mut copy = rebuild(&self.ruleset, &self.setup, self.strict, &self.log)
                .map_err(Refused::Replay)?;
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
    /// taken as that agreement (on the stones `--dead auto` proves dead), then the pass. Any
    /// other move resumes play.
    pub fn passes_agree(&self, mv: Move) -> bool {
        mv == Move::Pass
            && self.referee.phase() == Phase::Stopped
            && self.ruleset.end.after_stop == weiqi_spec::AfterStop::AgreementThenPasses
    }

    /// Both players' proposals of the stones `--dead auto` proves dead on `referee`'s board.
    fn agreement(&self, referee: &dyn Referee) -> Vec<Action> {
        let self_capture = self.ruleset.play.suicide != weiqi_spec::Suicide::Forbidden;
        let dead = auto::estimate(&referee.board(), self_capture).dead;
        Color::ALL
            .into_iter()
            .map(|by| Action::ProposeDead {
                by,
                dead: dead.clone(),
            })
            .collect()
    }

    /// Plays `mv` for `color`, or refuses it (the game is then unchanged).
    pub fn play(&mut self, color: Color, mv: Move) -> Result<(), Refused> {
        if self.referee.phase() == Phase::Stopped {
            let (referee, actions) = self.resumed(color, mv)?;
            self.referee = referee;
            self.log.push(actions);
            return Ok(());
        }
        let action = Action::Move { color, mv };
        self.referee
            .apply(action.clone())
            .map_err(|e| Refused::Illegal {
                reason: e.reason,
                after_resume: false,
            })?;
        self.log.push(vec![action]);
        Ok(())
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

    /// Takes back the last move; false when there is none.
    pub fn undo(&mut self) -> Result<bool, String> {
        if self.log.is_empty() {
            return Ok(false);
        }
        let mut log = self.log.clone();
        log.pop();
        let setup = self.setup.clone();
        self.replace(None, setup, log)?;
        Ok(true)
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

    /// The board plays the random player may choose for `color`: every legal play that does
    /// not fill an own eye (an empty point whose every on-board orthogonal neighbour is a stone
    /// of `color`), in row order. Empty unless `color` is to move in play.
    pub fn random_candidates(&self, color: Color) -> Vec<Point> {
        if self.referee.phase() != Phase::Playing || self.referee.to_move() != color {
            return Vec::new();
        }
        let board = self.referee.board();
        self.referee
            .legal_moves()
            .into_iter()
            .filter_map(Move::point)
            .filter(|&p| !board.neighbours(p).all(|n| board.get(n) == Some(color)))
            .collect()
    }

    /// How the game ends if both players pass from now on: on a copy, the player to move
    /// passes until play stops or the game ends (at most [`max_ending_passes`]); when
    /// play is stopped, both players agree that the stones `--dead auto` proves dead are dead
    /// (its estimate marks only stones dead in every rule set; everything else stays alive).
    pub fn ruling(&self) -> Result<Ruling, String> {
        let mut copy = rebuild(&self.ruleset, &self.setup, self.strict, &self.log)?;
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
        if copy.phase() == Phase::Stopped {
            for action in self.agreement(copy.as_ref()) {
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
        })
    }
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
