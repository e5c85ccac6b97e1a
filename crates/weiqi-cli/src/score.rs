//! `weiqi score GAME.sgf`: the ruling of `weiqi_record::score` printed, and with `--write` and
//! `--svg` the record and the picture written.

use std::io::Write;
use std::path::Path;

use weiqi_record::Which;
use weiqi_record::score::{Marks, ScoreOptions, ScoreReport, Scored, score_record};

use crate::error::{CliError, emit};
use crate::{files, svg};

/// What `weiqi score` was asked.
#[derive(Clone, Copy)]
pub(crate) struct Options<'a> {
    /// The ruling: rules, komi, dead stones, referees, limits.
    pub(crate) score: ScoreOptions<'a>,
    /// `--write`: where to write the record with the ruling.
    pub(crate) write: Option<&'a Path>,
    /// `--force`: `--write` may overwrite the input file.
    pub(crate) force: bool,
    /// `--marks`: which TB/TW marks `--write` writes.
    pub(crate) marks: MarksArg,
    /// `--svg`: where to draw the final board.
    pub(crate) svg: Option<&'a Path>,
    /// `--json`.
    pub(crate) json: bool,
}

/// The TB/TW marks `score --write` writes (`--marks`; issue 15 item 4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum MarksArg {
    /// The record's own marks are kept; the ruling's are written only into a record that has
    /// none.
    Keep,
    /// The ruling's marks replace the record's.
    Ruling,
}

impl From<MarksArg> for Marks {
    fn from(m: MarksArg) -> Marks {
        match m {
            MarksArg::Keep => Marks::Keep,
            MarksArg::Ruling => Marks::Ruling,
        }
    }
}

/// The dead stones of `--dead gnugo`: GNU Go over GTP.
pub(crate) const GNUGO: &weiqi_gtp::gnugo::GnuGo = &weiqi_gtp::gnugo::GnuGo;

/// Writes the record back with the ruling (`--write`); refuses to write over the input file
/// `game` unless `--force`.
fn write_record(
    record: &weiqi_sgf::Record,
    report: &ScoreReport,
    (game, path): (&str, &Path),
    options: &Options<'_>,
) -> Result<(), CliError> {
    if !options.force && files::same_file(Path::new(game), path) {
        return Err(CliError(format!(
            "{}: --write would overwrite the input file; write elsewhere, or add --force",
            path.display()
        )));
    }
    let text = report.to_sgf(record, options.marks.into());
    files::write_atomically(path, text.as_bytes())
}

/// `score` on a record already read (`game` names it); returns the exit code.
pub(crate) fn run_record(
    game: &str,
    options: &Options<'_>,
    record: &weiqi_sgf::Record,
    out: &mut dyn Write,
) -> Result<i32, CliError> {
    let mut scored = score_record(game, record, &options.score)?;
    match &mut scored {
        Scored::Diverged(_) => {}
        Scored::Unruled(_) => {
            if let Some(path) = options.svg {
                // The picture of `check --svg`: the position before the illegal move.
                let o = &options.score;
                svg::check_picture(&svg::CheckRequest {
                    game,
                    record,
                    rules: o.rules,
                    strict: o.strict,
                    limits: &o.limits,
                    which: if o.both { Which::Engine } else { o.which },
                    svg: path,
                    number: None,
                })?;
            }
        }
        Scored::Ruled(report) => {
            if let Some(path) = options.write {
                write_record(record, report, (game, path), options)?;
                report
                    .notes
                    .push(format!("the ruling was written to {}", path.display()));
                if options.marks == MarksArg::Keep
                    && (!record.territory.black.is_empty() || !record.territory.white.is_empty())
                {
                    report.notes.push(
                        "the record's own TB/TW marks were kept (--marks ruling replaces them)"
                            .into(),
                    );
                }
            }
            if let Some(path) = options.svg {
                let ruling = &report.ruling;
                let picture = svg::score_picture(
                    &report.board,
                    ruling.score.as_ref().map(|s| s.marks.as_slice()),
                    ruling.filled.as_ref().filter(|_| report.is_count()),
                    &report.replay.verdicts,
                    &report.dead.unsettled,
                    report.picture_lines(),
                );
                svg::write(path, &picture)?;
                report
                    .notes
                    .push(format!("the picture was drawn in {}", path.display()));
            }
        }
    }
    emit(out, &scored.output(options.json)?)?;
    Ok(scored.exit_code())
}
