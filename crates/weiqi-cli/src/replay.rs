//! Reading a record, choosing its rules and replaying its main line with the chosen referee.

use weiqi_core::{Action, Color, Illegal, Move, Points};
use weiqi_sgf::Record;
use weiqi_spec::Ruleset;

use crate::referee::{self, Game, Which};
use crate::{CliError, DEFAULT_RULES, rules_cmd};

/// Reads and parses an SGF file.
pub(crate) fn read_record(path: &str) -> Result<Record, CliError> {
    let bytes = std::fs::read(path).map_err(|e| {
        CliError(format!(
            "{path}: cannot read the file: {}",
            e.to_string().to_lowercase()
        ))
    })?;
    weiqi_sgf::parse(path, &bytes).map_err(|e| CliError(e.to_string()))
}

/// The variant a game is ruled under, and why.
pub(crate) struct Rules {
    pub(crate) ruleset: Ruleset,
    /// How it was chosen, for the reader (`from --rules`, `from RU[Japanese]`, `default: ...`).
    pub(crate) how: String,
}

/// `--rules` if given, else the record's `RU`, else [`DEFAULT_RULES`].
pub(crate) fn choose_rules(flag: Option<&str>, record: &Record) -> Result<Rules, CliError> {
    if let Some(r) = flag {
        return Ok(Rules {
            ruleset: rules_cmd::load(r)?,
            how: "from --rules".to_owned(),
        });
    }
    let (id, how) = match (&record.rules, record.rules_id) {
        (Some(ru), Some(id)) => (id, format!("from RU[{ru}]")),
        (Some(ru), None) => (
            DEFAULT_RULES,
            format!("default: RU[{ru}] is not a known rules name; use --rules to choose"),
        ),
        (None, _) => (DEFAULT_RULES, "default: the record has no RU".to_owned()),
    };
    Ok(Rules {
        ruleset: rules_cmd::load(id)?,
        how,
    })
}

/// The ruling on one move of the main line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Verdict {
    /// Number from 1 along the main line.
    pub(crate) number: usize,
    /// The player.
    pub(crate) color: Color,
    /// The move.
    pub(crate) mv: Move,
    /// Why it was refused, if it was.
    pub(crate) refused: Option<Illegal>,
    /// Opponent stones it captured.
    pub(crate) captures: usize,
}

/// A replayed main line.
pub(crate) struct Replay {
    /// The game after the last legal move.
    pub(crate) game: Box<dyn Game>,
    /// One verdict per move, up to and including the first illegal one.
    pub(crate) verdicts: Vec<Verdict>,
    /// Remarks (play resumed after a stop, warnings of the record).
    pub(crate) notes: Vec<String>,
}

impl Replay {
    /// The number of the first illegal move.
    pub(crate) fn first_illegal(&self) -> Option<usize> {
        self.verdicts
            .iter()
            .find(|v| v.refused.is_some())
            .map(|v| v.number)
    }
}

/// Replays the main line of `record` under `ruleset`, `komi` overriding the record's.
pub(crate) fn replay(
    which: Which,
    record: &Record,
    ruleset: &Ruleset,
    komi: Option<Points>,
) -> Result<Replay, CliError> {
    let mut setup = record.setup();
    if komi.is_some() {
        setup.komi = komi;
    }
    let mut game = referee::new_game(which, ruleset, setup).map_err(|e| {
        CliError(format!(
            "{}: cannot start the game under {}: {e}",
            record.name, ruleset.id
        ))
    })?;
    // The record's warnings, except the unknown rules name: `Rules::how` says it where it matters.
    let mut notes: Vec<String> = record
        .warnings
        .iter()
        .filter(|w| !w.starts_with("unknown rules name"))
        .cloned()
        .collect();
    let mut verdicts = Vec::new();
    for m in &record.moves {
        let action = Action::Move {
            color: m.color,
            mv: m.mv,
        };
        // A record that goes on after the stop: a player disputed and play resumed. The record
        // does not say who asked; take the request that lets this move be played in turn.
        let resumer = [m.color.opponent(), m.color]
            .into_iter()
            .find(|&by| game.first_after_resume(by) == Some(m.color));
        if let Some(by) = resumer
            && game.apply(Action::Resume { by }).is_ok()
        {
            notes.push(format!(
                "play stopped after the passes and resumed before move {} ({} asked)",
                m.number, by
            ));
        }
        match game.apply(action) {
            Ok(report) => verdicts.push(Verdict {
                number: m.number,
                color: m.color,
                mv: m.mv,
                refused: None,
                captures: report.captured.len(),
            }),
            Err(e) => {
                verdicts.push(Verdict {
                    number: m.number,
                    color: m.color,
                    mv: m.mv,
                    refused: Some(e.reason),
                    captures: 0,
                });
                break;
            }
        }
    }
    Ok(Replay {
        game,
        verdicts,
        notes,
    })
}

/// `--both`: replays the main line on the engine and on the interpreter and compares, move by
/// move, every ruling and observation, then the result of a game that ended; the report of the
/// first divergence, or `None` when they agree.
pub(crate) fn divergence(
    record: &Record,
    ruleset: &Ruleset,
    komi: Option<Points>,
) -> Result<Option<String>, CliError> {
    let engine = replay(Which::Engine, record, ruleset, komi)?;
    let oracle = replay(Which::Interpreter, record, ruleset, komi)?;
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
    if matches!(engine.game.phase(), weiqi_core::Phase::Ended(_)) {
        let (er, ir) = (engine.game.result(), oracle.game.result());
        if er != ir {
            let show =
                |r: Option<weiqi_core::GameResult>| r.map_or("none".to_owned(), |r| r.to_sgf());
            return Ok(Some(format!(
                "{header}the results differ:\n  engine:      {}\n  interpreter: {}\n",
                show(er),
                show(ir)
            )));
        }
    }
    Ok(None)
}
