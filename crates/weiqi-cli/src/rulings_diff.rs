//! `weiqi rules diff A B --rulings [--corpus DIR]`: the cases of the rulings corpus on which two
//! variants rule differently (issue 13 item 5), so that a maintainer sees what a spec change does
//! without running the tests. The corpus is read from `--corpus` (default `./rulings`, the
//! repository's corpus when run from the repository root).

use std::fmt::Write as _;
use std::io::Write;
use std::path::Path;

use weiqi_record::Limits;
use weiqi_record::rules::load;
use weiqi_record::rulings;

use crate::error::{CliError, emit};

pub(crate) fn run(
    a: &str,
    b: &str,
    corpus: &Path,
    limits: &Limits,
    out: &mut dyn Write,
) -> Result<i32, CliError> {
    let (ra, rb) = (load(a, limits)?, load(b, limits)?);
    let cases = rulings::load_corpus(corpus).map_err(|e| {
        CliError(format!(
            "{e} (--corpus names the folder of the rulings corpus; the default is ./rulings)"
        ))
    })?;
    let lines = rulings::diff(&cases, a, b)?;
    let mut text = String::new();
    let _ = writeln!(
        text,
        "{} | {}: the cases of {} they rule differently",
        ra.id,
        rb.id,
        corpus.display()
    );
    for l in &lines {
        let _ = writeln!(text, "{l}");
    }
    let _ = writeln!(text, "{} of {} cases differ", lines.len(), cases.len());
    emit(out, &text)?;
    // As `rules diff` and `weiqi diff`: 1 when the variants rule a case differently.
    Ok(i32::from(!lines.is_empty()))
}
