//! Process CPU time, as docs/workloads.md asks ("time with process CPU time"): on a machine shared
//! with other builders, wall-clock time counts their work too.

use std::time::Duration;

/// The CPU time this process has used so far (all threads; the benchmarks use one), or
/// `None` where the clock cannot be read.
#[must_use]
pub fn process_cpu_time() -> Option<Duration> {
    let t = nix::time::clock_gettime(nix::time::ClockId::CLOCK_PROCESS_CPUTIME_ID).ok()?;
    let secs = u64::try_from(t.tv_sec()).ok()?;
    let nanos = u32::try_from(t.tv_nsec()).ok()?;
    Some(Duration::new(secs, nanos))
}

/// Runs `f` and returns its result with the process CPU time it took (zero where the clock
/// cannot be read).
pub fn cpu_timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = process_cpu_time();
    let out = f();
    let took = match (start, process_cpu_time()) {
        (Some(a), Some(b)) => b.saturating_sub(a),
        _ => Duration::ZERO,
    };
    (out, took)
}
