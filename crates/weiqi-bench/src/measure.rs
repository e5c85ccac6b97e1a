//! What the runs and the W4 counts share: the error of a run, the figures of W4, and the
//! measured regions callgrind reports apart (a module of its own, so that `run` and `score`
//! do not import each other).

use std::fmt;
use std::time::Duration;

/// Why a run failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BenchError(pub String);

impl fmt::Display for BenchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BenchError {}

impl BenchError {
    pub(crate) fn from(e: impl fmt::Display) -> BenchError {
        BenchError(e.to_string())
    }
}

/// The figures of W4.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Scored {
    /// Positions scored per kind of count.
    pub positions: u64,
    /// CPU time of the area counts.
    pub area_cpu: Duration,
    /// CPU time of the territory counts with the dead-stone set.
    pub territory_cpu: Duration,
    /// The sum of the area and territory margins (half points), to compare implementations.
    pub checksum: i64,
}

/// [`crate::run::measured`] for the area counts of W4, so that callgrind reports them apart
/// (`callgrind.sh` reads its inclusive count).
#[inline(never)]
pub fn measured_area<T>(f: impl FnOnce() -> T) -> T {
    f()
}

/// [`crate::run::measured`] for the territory counts of W4 (see [`measured_area`]).
#[inline(never)]
pub fn measured_territory<T>(f: impl FnOnce() -> T) -> T {
    f()
}
