//! Reading a record, choosing its rules and replaying its main line with the chosen referee
//! (the engine, or the interpreter: [`crate::referee`]), and `--both`'s comparison of the two.
//! The commands that take many files read them through the command line's batch module; a
//! program reads one with [`read_record`] or [`read_bytes`].

use weiqi_core::{
    Action, ByColor, Color, Ending, GameResult, Illegal, Move, Phase, Point, Points, Setup,
};
use weiqi_sgf::Record;
use weiqi_spec::Ruleset;

use crate::limits::Limits;
use crate::referee::{self, Game, Which};
use crate::{DEFAULT_RULES, Error, rules};

/// A record that cannot be read, as the command line says it: the error, and the flag that
/// raises the limit it exceeded.
pub fn read_error(e: weiqi_sgf::SgfError) -> Error {
    let flag = match e.kind {
        weiqi_sgf::SgfErrorKind::TooLarge { .. } => " (raise it with --max-bytes)",
        weiqi_sgf::SgfErrorKind::TooManyMoves { .. } | weiqi_sgf::SgfErrorKind::TooDeep { .. } => {
            " (raise it with --max-moves)"
        }
        weiqi_sgf::SgfErrorKind::TooManyNodes { .. } => " (raise it with --max-nodes)",
        _ => "",
    };
    Error(format!("{e}{flag}"))
}

/// The first game of the record at `path`, read within the limits (GTP's `loadsgf`, the rulings
/// corpus); `strict` refuses the habits of real records.
pub fn read_record(path: &str, strict: bool, limits: &Limits) -> Result<Record, Error> {
    let bytes = weiqi_sgf::read_bounded(std::path::Path::new(path), limits.sgf.bytes).map_err(
        |mut e| {
            path.clone_into(&mut e.file);
            read_error(e)
        },
    )?;
    let options = weiqi_sgf::ReadOptions {
        strict,
        limits: limits.sgf,
    };
    weiqi_sgf::parse_with(path, &bytes, options).map_err(read_error)
}

/// The first game of a record given as bytes (`name` names it in messages), read within the
/// limits; `strict` refuses the habits of real records (docs/decisions.md 22-25).
pub fn read_bytes(
    name: &str,
    bytes: &[u8],
    strict: bool,
    limits: &Limits,
) -> Result<Record, Error> {
    let options = weiqi_sgf::ReadOptions {
        strict,
        limits: limits.sgf,
    };
    weiqi_sgf::parse_with(name, bytes, options).map_err(read_error)
}

/// The variant a game is ruled under, and why.
pub struct Rules {
    /// The variant.
    pub ruleset: Ruleset,
    /// How it was chosen, for the reader (`from --rules`, `from RU[Japanese]`, `default: ...`).
    pub how: String,
    /// `rules_source` in the JSON: `option` (`--rules`), `record` (`RU`) or `default`.
    pub source: &'static str,
}

/// `--rules` if given, else the record's `RU`, else [`DEFAULT_RULES`].
pub fn choose_rules(flag: Option<&str>, record: &Record, limits: &Limits) -> Result<Rules, Error> {
    if let Some(r) = flag {
        let ruleset = rules::load(r, limits)?;
        let how = if ruleset.id == r || std::path::Path::new(r).exists() {
            "from --rules".to_owned()
        } else {
            format!("from --rules {r}")
        };
        return Ok(Rules {
            ruleset,
            how,
            source: "option",
        });
    }
    // KataGo writes its rule string into the RU of the records it produces.
    if let (Some(ru), None) = (&record.rules, record.rules_id)
        && let Some(katago) = weiqi_spec::katago::ruleset_for_ru(ru)
    {
        return Ok(match katago {
            Ok(ruleset) => Rules {
                ruleset,
                how: format!("from RU[{ru}], a KataGo rule string"),
                source: "record",
            },
            // As an unknown name: the default, and why, never silently.
            Err(e) => Rules {
                ruleset: rules::load(DEFAULT_RULES, limits)?,
                how: format!(
                    "default: RU[{ru}] is a KataGo rule string weiqi cannot rule by yet ({e}); \
                     use --rules to choose"
                ),
                source: "default",
            },
        });
    }
    let (id, how, source) = match (&record.rules, record.rules_id) {
        (Some(ru), Some(id)) => (id, format!("from RU[{ru}]"), "record"),
        (Some(ru), None) => (
            DEFAULT_RULES,
            format!("default: RU[{ru}] is not a known rules name; use --rules to choose"),
            "default",
        ),
        (None, _) => (
            DEFAULT_RULES,
            "default: the record has no RU".to_owned(),
            "default",
        ),
    };
    Ok(Rules {
        ruleset: rules::load(id, limits)?,
        how,
        source,
    })
}

/// The ruling on one move of the main line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// Number from 1 along the main line.
    pub number: usize,
    /// The player.
    pub color: Color,
    /// The move.
    pub mv: Move,
    /// Why it was refused, if it was.
    pub refused: Option<Illegal>,
    /// Opponent stones it captured.
    pub captures: usize,
    /// A handicap stone written as a move, placed as setup (docs/decisions.md 23).
    pub handicap_stone: bool,
}

/// A pass the record omits, inserted before a move of the same colour as the one before
/// (docs/decisions.md 24).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct InsertedPass {
    /// The number of the record's move it was inserted before.
    pub before: usize,
    /// The player who passed.
    #[serde(serialize_with = "color_letter")]
    pub color: Color,
}

fn color_letter<S: serde::Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&c.letter().to_string())
}

/// Where the variant ended the game before the record did (a long cycle), the record going on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EarlyEnd {
    /// The number of the move after which the variant ended the game.
    pub after: usize,
    /// How it ended.
    pub ending: Ending,
    /// The variant's result there.
    pub result: GameResult,
}

/// A replayed main line.
pub struct Replay {
    /// The game after the last legal move.
    pub game: Box<dyn Game>,
    /// The referee that ruled (a restart starts the same one).
    pub which: Which,
    /// One verdict per move, up to and including the first illegal one.
    pub verdicts: Vec<Verdict>,
    /// Remarks (how the record was read, play resumed after a stop, passes inserted).
    pub notes: Vec<String>,
    /// Why there is no ruling, when the budget ran out (the verdicts stop before that move).
    pub inconclusive: Option<String>,
    /// The passes inserted where the record omits them.
    pub inserted: Vec<InsertedPass>,
    /// Prisoners and pass stones of the games before a restart (setup after the first move, a
    /// long cycle the record plays through): the restarted referee counts from zero.
    pub carried: ByColor<(u32, u32)>,
    /// Where the variant ended the game while the record went on.
    pub early_end: Option<EarlyEnd>,
    /// The game as it was at the last stop the record went on from, and the index of the move
    /// that followed it (Ing's normal end: the passes after an agreement, docs/decisions.md 3).
    pub last_stop: Option<(Box<dyn Game>, usize)>,
}

impl Replay {
    /// The number of the first illegal move.
    pub fn first_illegal(&self) -> Option<usize> {
        self.verdicts
            .iter()
            .find(|v| v.refused.is_some())
            .map(|v| v.number)
    }

    /// The JSON status: the variant's end if it ended the game early, else the game's phase.
    /// `inconclusive` when the budget ran out first.
    pub fn status(&self) -> &'static str {
        if self.inconclusive.is_some() {
            return "inconclusive";
        }
        match self.early_end {
            Some(e) => Phase::Ended(e.ending).status(),
            None => self.game.phase().status(),
        }
    }
}

/// Starts a referee; `strict` refuses a board size the variant does not prescribe; `budget`
/// bounds the interpreter's work for the rest of the replay.
fn start(
    which: Which,
    record: &Record,
    ruleset: &Ruleset,
    setup: Setup,
    strict: bool,
    budget: Option<u64>,
) -> Result<Box<dyn Game>, Error> {
    referee::new_game(which, ruleset, setup, strict, budget).map_err(|e| {
        Error(format!(
            "{}: cannot start the game under {}: {e}",
            record.name, ruleset.id
        ))
    })
}

/// Restarts the game from its current board with `changes` applied and `to_move` to play,
/// keeping komi and handicap and carrying prisoners and pass stones.
fn restart(
    replay: &mut Replay,
    record: &Record,
    changes: &[(Point, Option<Color>)],
    to_move: Color,
) -> Result<(), Error> {
    let mut board = replay.game.board();
    for &(p, c) in changes {
        board.set(p, c);
    }
    let mut setup = Setup::from_board(&board, to_move);
    setup.handicap = replay.game.handicap();
    setup.komi = Some(replay.game.komi());
    let (prisoners, passes) = (replay.game.prisoners(), replay.game.pass_stones());
    let left = replay.game.fuel_left();
    let ruleset = replay.game.ruleset().clone();
    let game = start(replay.which, record, &ruleset, setup, false, left)?;
    for c in Color::ALL {
        replay.carried[c].0 += prisoners[c];
        replay.carried[c].1 += passes[c];
    }
    replay.game = game;
    Ok(())
}

/// A record that goes on after the stop: a player disputed and play resumed. The record does
/// not say who asked; take the request that lets `color` play in turn.
fn resume_for(game: &mut dyn Game, color: Color, number: usize, notes: &mut Vec<String>) {
    let resumer = [color.opponent(), color]
        .into_iter()
        .find(|&by| game.first_after_resume(by) == Some(color));
    if let Some(by) = resumer
        && game.apply(Action::Resume { by }).is_ok()
    {
        notes.push(format!(
            "play stopped after the passes and resumed before move {number} ({by} asked)"
        ));
    }
}

/// Replays the main line of `record` under `ruleset`, `komi` overriding the record's. The
/// record's habits are read as docs/decisions.md 22-24 say: its game start from
/// [`Record::game_start`], an omitted pass inserted before a move by the player who moved last
/// (not under `strict`: that move is then `wrong-turn`), setup after the first move applied by
/// restarting from the edited position, and a long cycle that ends the game while the record
/// goes on noted where it ended, the rest ruled from there. `budget` bounds the interpreter's
/// work over the whole replay: running out is inconclusive ([`Replay::inconclusive`]). `which`
/// chooses the referee.
pub fn replay(
    which: Which,
    record: &Record,
    ruleset: &Ruleset,
    komi: Option<Points>,
    strict: bool,
    budget: Option<u64>,
) -> Result<Replay, Error> {
    replay_observed(which, record, ruleset, komi, strict, budget, &mut |_, _| {})
}

/// [`replay`], calling `observe(number, game)` just before each move of the record is played
/// (after setup edits, a resumption and an inserted pass): the position before move `number`
/// (the pictures of `--svg` take their boards from it).
pub fn replay_observed(
    which: Which,
    record: &Record,
    ruleset: &Ruleset,
    komi: Option<Points>,
    strict: bool,
    budget: Option<u64>,
    observe: &mut dyn FnMut(usize, &dyn Game),
) -> Result<Replay, Error> {
    let begin = record
        .game_start(ruleset)
        .map_err(|e| Error(e.to_string()))?;
    let mut setup = begin.setup.clone();
    if komi.is_some() {
        setup.komi = komi;
    }
    let game_start = setup.to_move.is_none();
    let game = start(which, record, ruleset, setup, strict, budget)?;
    // Every note of the record, the unknown rules name included (issue 10).
    let mut notes: Vec<String> = record.warnings.clone();
    notes.extend(begin.notes.iter().cloned());
    notes.extend(game.notes().iter().map(ToString::to_string));
    let mut replay = Replay {
        game,
        which,
        verdicts: Vec::new(),
        notes: Vec::new(),
        inserted: Vec::new(),
        carried: ByColor::default(),
        early_end: None,
        inconclusive: None,
        last_stop: None,
    };
    for m in &record.moves[..begin.skip] {
        replay.verdicts.push(Verdict {
            number: m.number,
            color: m.color,
            mv: m.mv,
            refused: None,
            captures: 0,
            handicap_stone: true,
        });
    }
    let mut edits = record.edits.iter().peekable();
    // Later ends of a long cycle the record keeps playing (each counted afresh).
    let mut repeats: Vec<usize> = Vec::new();
    for (i, m) in record.moves.iter().enumerate().skip(begin.skip) {
        let mut edited = false;
        while let Some(e) = edits.next_if(|e| e.before <= i) {
            restart(
                &mut replay,
                record,
                &e.changes,
                e.to_move.unwrap_or(m.color),
            )?;
            edited = true;
        }
        let action = Action::Move {
            color: m.color,
            mv: m.mv,
        };
        if replay.game.phase() == Phase::Stopped {
            replay.last_stop = Some((replay.game.clone_box(), i));
        }
        resume_for(replay.game.as_mut(), m.color, m.number, &mut notes);
        // A move by the player who moved last: the record omits the opponent's pass
        // (docs/decisions.md 24). Not before the first move of a game start (docs/decisions.md 22).
        let first = i == begin.skip && game_start && !edited;
        if !strict
            && !first
            && replay.game.phase() == Phase::Playing
            && replay.game.to_move() != m.color
        {
            let by = replay.game.to_move();
            let pass = Action::Move {
                color: by,
                mv: Move::Pass,
            };
            // `check` agrees with `apply` and changes nothing: no copy of the game is needed.
            let checked = replay.game.check(&pass);
            if checked == Err(Illegal::OutOfFuel) {
                replay.inconclusive = Some(format!(
                    "the budget of {} steps ran out at move {}: inconclusive",
                    budget.unwrap_or(0),
                    m.number
                ));
                break;
            }
            if checked.is_ok() && replay.game.apply(pass).is_ok() {
                replay.inserted.push(InsertedPass {
                    before: m.number,
                    color: by,
                });
                resume_for(replay.game.as_mut(), m.color, m.number, &mut notes);
            }
        }
        observe(m.number, replay.game.as_ref());
        let mut outcome = replay.game.apply(action.clone());
        // A long cycle ended the game and the record goes on: say where, rule the rest.
        if let (Err(e), Phase::Ended(ending @ (Ending::NoResult | Ending::Draw))) =
            (&outcome, replay.game.phase())
            && e.reason == Illegal::GameOver
        {
            let after = replay.verdicts.last().map_or(0, |v: &Verdict| v.number);
            let result = replay.game.result().unwrap_or(GameResult::NoResult);
            let how = if ending == Ending::Draw {
                "a draw"
            } else {
                "no result"
            };
            if replay.early_end.is_none() {
                replay.early_end = Some(EarlyEnd {
                    after,
                    ending,
                    result,
                });
                notes.push(format!(
                    "the variant ends the game after move {after} (a long cycle: {how}); the \
                     record goes on, and its remaining moves are ruled from that position"
                ));
            } else {
                repeats.push(after);
            }
            restart(&mut replay, record, &[], m.color)?;
            outcome = replay.game.apply(action);
        }
        match outcome {
            Ok(report) => replay.verdicts.push(Verdict {
                number: m.number,
                color: m.color,
                mv: m.mv,
                refused: None,
                captures: report.captured.len(),
                handicap_stone: false,
            }),
            Err(e) if e.reason == Illegal::OutOfFuel => {
                // Not a ruling: the move is neither legal nor illegal as far as we know.
                replay.inconclusive = Some(format!(
                    "the budget of {} steps ran out at move {}: inconclusive",
                    budget.unwrap_or(0),
                    m.number
                ));
                break;
            }
            Err(e) => {
                replay.verdicts.push(Verdict {
                    number: m.number,
                    color: m.color,
                    mv: m.mv,
                    refused: Some(e.reason),
                    captures: 0,
                    handicap_stone: false,
                });
                break;
            }
        }
    }
    if replay.first_illegal().is_none() {
        // Setup after the last move (stones added at the end).
        for e in edits {
            let to_move = e.to_move.unwrap_or(replay.game.to_move());
            restart(&mut replay, record, &e.changes, to_move)?;
        }
    }
    if let Some(last) = repeats.last() {
        let shown: Vec<String> = repeats.iter().take(5).map(ToString::to_string).collect();
        notes.push(format!(
            "the record keeps repeating the cycle: counted afresh after each end, the variant \
             would end it again {} more times, after moves {}{}",
            repeats.len(),
            shown.join(", "),
            if repeats.len() > 5 {
                format!(", ..., {last}")
            } else {
                String::new()
            }
        ));
    }
    if !replay.inserted.is_empty() {
        let list: Vec<String> = replay
            .inserted
            .iter()
            .map(|p| format!("{} before move {}", p.color.letter(), p.before))
            .collect();
        notes.push(format!(
            "the record omits passes: inserted {} (docs/decisions.md 24; --strict rules such a move \
             wrong-turn)",
            list.join(", ")
        ));
    }
    replay.notes = notes;
    Ok(replay)
}

/// `--both`: replays `record` on the engine and on the interpreter and describes the first
/// divergence (a verdict, then the state after the last move, then the result), or `None`
/// when they agree. A replay the budget cut short on either side is not compared.
pub fn divergence(
    record: &Record,
    ruleset: &Ruleset,
    komi: Option<Points>,
    strict: bool,
    budget: Option<u64>,
) -> Result<Option<String>, Error> {
    let engine = replay(Which::Engine, record, ruleset, komi, strict, None)?;
    let oracle = replay(Which::Interpreter, record, ruleset, komi, strict, budget)?;
    if oracle.inconclusive.is_some() {
        return Ok(None);
    }
    let header = format!(
        "{}: the engine and the interpreter disagree under {}\n",
        record.name, ruleset.id
    );
    for (e, i) in engine.verdicts.iter().zip(&oracle.verdicts) {
        if e != i {
            let says = |v: &Verdict| match &v.refused {
                Some(r) => format!("illegal ({})", r.code()),
                None => format!("legal, {} captured", v.captures),
            };
            return Ok(Some(format!(
                "{header}first divergence at move {} ({} {}):\n  engine:      {}\n  interpreter: {}\n",
                e.number,
                e.color.letter(),
                e.mv,
                says(e),
                says(i)
            )));
        }
    }
    let (eo, io) = (
        referee::observations(engine.game.as_ref()),
        referee::observations(oracle.game.as_ref()),
    );
    let (eb, ib) = (engine.game.board(), oracle.game.board());
    if engine.verdicts.len() != oracle.verdicts.len() || eo != io || eb != ib {
        return Ok(Some(format!(
            "{header}first divergence after move {}:\n  engine:      {eo}\n{eb}  interpreter: {io}\n{ib}",
            engine.verdicts.len().min(oracle.verdicts.len())
        )));
    }
    if matches!(engine.game.phase(), Phase::Ended(_)) {
        let (er, ir) = (engine.game.result(), oracle.game.result());
        if er != ir {
            let show = |r: Option<GameResult>| r.map_or("none".to_owned(), |r| r.to_sgf());
            return Ok(Some(format!(
                "{header}the results differ:\n  engine:      {}\n  interpreter: {}\n",
                show(er),
                show(ir)
            )));
        }
    }
    Ok(None)
}
