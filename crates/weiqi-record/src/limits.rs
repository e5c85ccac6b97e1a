//! The limits every command runs under, and the exit codes (issue 9: every command bounded on
//! every input, each limit documented, with a clear error and a flag to raise it).
//!
//! | limit | default | flag | when exceeded |
//! | --- | --- | --- | --- |
//! | bytes of a record | 16 MiB ([`weiqi_sgf::MAX_INPUT_BYTES`]) | `--max-bytes` | error, exit 2 |
//! | bytes of a spec file | 1 MiB ([`weiqi_spec::MAX_SPEC_BYTES`]) | `--max-bytes` | error, exit 2 |
//! | moves (nodes of a line) | 10,000 ([`weiqi_sgf::MAX_DEPTH`]) | `--max-moves` | error, exit 2 |
//! | nodes of a record | 200,000 ([`weiqi_sgf::MAX_NODES`]) | `--max-nodes` | error, exit 2 |
//! | problems printed by `rules lint` | 100 ([`MAX_PROBLEMS`]) | `--max-problems` | "and N more" |
//! | interpreter work | none | `--budget` | inconclusive, exit 4 |

use std::fmt::Write as _;

use weiqi_spec::SpecErrors;

/// Exit code: every move legal, the game ruled, no lint problem.
pub const EXIT_OK: i32 = 0;
/// Exit code: an illegal move (`check`, `score`) or lint problems (`rules lint`).
pub const EXIT_ILLEGAL: i32 = 1;
/// Exit code: unreadable input, a limit exceeded, a bad `--rules` or a usage error.
pub const EXIT_ERROR: i32 = 2;
/// Exit code: the interpreter's budget (`--budget`) ran out before a ruling: inconclusive, not
/// a ruling either way.
pub const EXIT_INCONCLUSIVE: i32 = 4;
/// Exit code: `--both`, and the engine and the interpreter disagree.
pub const EXIT_DIVERGED: i32 = 3;

/// The most problems `rules lint` prints by default; the rest are counted ("and N more").
pub const MAX_PROBLEMS: usize = 100;

/// The limits of one command, from its flags (a program starts from [`Limits::default`] and
/// raises what it needs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Records: bytes, moves, nodes.
    pub sgf: weiqi_sgf::Limits,
    /// Bytes of a spec file.
    pub spec_bytes: usize,
    /// Problems `rules lint` prints.
    pub problems: usize,
    /// Steps of interpreter work for the whole command (`None`: unlimited).
    pub budget: Option<u64>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            sgf: weiqi_sgf::Limits::default(),
            spec_bytes: weiqi_spec::MAX_SPEC_BYTES,
            problems: MAX_PROBLEMS,
            budget: None,
        }
    }
}

/// The problems of a spec, one a line, at most `cap` of them, then how many more there are.
/// Linear in the number of problems.
pub fn problems_text(e: &SpecErrors, cap: usize) -> String {
    let mut t = String::new();
    for (i, problem) in e.0.iter().take(cap).enumerate() {
        if i > 0 {
            t.push('\n');
        }
        let _ = write!(t, "{problem}");
    }
    let more = e.0.len().saturating_sub(cap);
    if more > 0 {
        let _ = write!(
            t,
            "\n... and {more} more (--max-problems {} prints them all)",
            e.0.len()
        );
    }
    t
}
