//! `cargo xtask fuzz [TARGET] [--time S]`: run one cargo-fuzz target, or every target, for S
//! seconds each (issue 12, item 4), from `fuzz/seeds/<target>/` and `fuzz/regressions/<target>/`
//! with the local corpus `fuzz/corpus/<target>/` (not committed). Each target ends with one
//! line: runs, executions per second, new corpus entries, and the log file.
//!
//! It needs the nightly toolchain and cargo-fuzz; when either is missing it says which and how
//! to install it, and fails. `cargo xtask ci` runs the same with [`run_in_ci`], which skips
//! (with a message) instead of failing when the tools are missing or the CI time budget
//! (`WEIQI_CI_DEADLINE`, set by `.ci/run`) would not hold the build and the runs.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// Seconds each target runs when `--time` is not given.
const DEFAULT_SECONDS: u64 = 30;

/// A cold build of the fuzz targets (nightly, sanitizers, the dependencies), measured at about
/// 7 minutes on the shared two-core machine (`cargo +nightly fuzz build`, 1 December 2026).
pub const COLD_BUILD_SECONDS: u64 = 420;

/// Which tools are present.
pub struct Tools {
    /// `rustup run nightly rustc --version` works.
    pub nightly: bool,
    /// `cargo +nightly fuzz --version` works.
    pub cargo_fuzz: bool,
}

impl Tools {
    /// Looks for the nightly toolchain and cargo-fuzz.
    pub fn probe() -> Tools {
        let ok = |cmd: &str, args: &[&str]| {
            Command::new(cmd)
                .args(args)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
        };
        let nightly = ok("rustup", &["run", "nightly", "rustc", "--version"]);
        let cargo_fuzz = nightly && ok("cargo", &["+nightly", "fuzz", "--version"]);
        Tools {
            nightly,
            cargo_fuzz,
        }
    }

    /// What is missing and how to install it, or `None` when both are here.
    pub fn missing(&self) -> Option<String> {
        if !self.nightly {
            Some(
                "the nightly toolchain is not installed (cargo-fuzz needs it): \
                 `rustup toolchain install nightly`, then `cargo install cargo-fuzz`"
                    .to_owned(),
            )
        } else if !self.cargo_fuzz {
            Some("cargo-fuzz is not installed: `cargo install cargo-fuzz --locked`".to_owned())
        } else {
            None
        }
    }
}

/// The targets `fuzz/Cargo.toml` declares, in its order (`[[bin]]` names).
pub fn targets(root: &Path) -> Result<Vec<String>, String> {
    let manifest = root.join("fuzz/Cargo.toml");
    let text =
        std::fs::read_to_string(&manifest).map_err(|e| format!("{}: {e}", manifest.display()))?;
    let mut out = Vec::new();
    let mut in_bin = false;
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            in_bin = line == "[[bin]]";
        } else if in_bin && let Some(rest) = line.strip_prefix("name") {
            let name = rest
                .trim_start()
                .trim_start_matches('=')
                .trim()
                .trim_matches('"');
            out.push(name.to_owned());
        }
    }
    if out.is_empty() {
        return Err(format!("{}: no [[bin]] targets", manifest.display()));
    }
    Ok(out)
}

/// `cargo xtask fuzz [TARGET] [--time S]`.
pub fn run(root: &Path, args: &[String]) -> Result<(), String> {
    let usage = "usage: cargo xtask fuzz [TARGET] [--time SECONDS]";
    let mut target = None;
    let mut seconds = DEFAULT_SECONDS;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--time" => {
                seconds = it
                    .next()
                    .and_then(|s| s.parse().ok())
                    .ok_or_else(|| format!("--time needs a number of seconds\n{usage}"))?;
            }
            // The old form, `cargo xtask fuzz 60`.
            s if s.parse::<u64>().is_ok() && target.is_none() => {
                seconds = s.parse().unwrap_or(DEFAULT_SECONDS);
            }
            s if !s.starts_with('-') && target.is_none() => target = Some(s.to_owned()),
            other => return Err(format!("unknown argument {other:?}\n{usage}")),
        }
    }
    let all = targets(root)?;
    let chosen = match target {
        Some(t) if all.contains(&t) => vec![t],
        Some(t) => {
            return Err(format!(
                "no fuzz target {t:?} (targets: {})",
                all.join(", ")
            ));
        }
        None => all,
    };
    if let Some(missing) = Tools::probe().missing() {
        return Err(format!("fuzz: cannot run: {missing}"));
    }
    run_targets(root, &chosen, seconds)
}

/// The fuzz step of `cargo xtask ci`: every target for `seconds`, or a clear skip when the
/// tools are missing or the budget left (`WEIQI_CI_DEADLINE`, seconds since the epoch) would
/// not hold a cold build and the runs.
pub fn run_in_ci(root: &Path, seconds: u64) -> Result<(), String> {
    if let Some(missing) = Tools::probe().missing() {
        println!("fuzz: skipped: {missing}; the seeds and regressions still run under cargo test");
        return Ok(());
    }
    let all = targets(root)?;
    let needed = COLD_BUILD_SECONDS + seconds * all.len() as u64;
    if let Some(left) = seconds_left()
        && left < needed
    {
        println!(
            "fuzz: skipped: {left} s left of the CI budget, a cold build and {} targets x \
             {seconds} s need about {needed} s; the seeds and regressions still run under \
             cargo test",
            all.len()
        );
        return Ok(());
    }
    run_targets(root, &all, seconds)
}

/// The ClusterFuzzLite step of `cargo xtask ci` (issue 12, item 5: "CI runs it where
/// cargo-fuzz exists, so it is tested"): runs `.clusterfuzzlite/build.sh` as a plain script
/// with `OUT=target/clusterfuzzlite-out`, then checks that every target's binary and seed
/// corpus is there and runs each binary once over its seeds and regressions (`-runs=0`).
/// Skipped, with a message, without the tools or the time.
pub fn clusterfuzzlite_in_ci(root: &Path) -> Result<(), String> {
    if let Some(missing) = Tools::probe().missing() {
        println!("clusterfuzzlite: skipped: {missing}");
        return Ok(());
    }
    if let Some(left) = seconds_left()
        && left < COLD_BUILD_SECONDS
    {
        println!(
            "clusterfuzzlite: skipped: {left} s left of the CI budget, a build needs about \
             {COLD_BUILD_SECONDS} s"
        );
        return Ok(());
    }
    let out = root.join("target/clusterfuzzlite-out");
    let status = Command::new("bash")
        .arg(root.join(".clusterfuzzlite/build.sh"))
        .env("OUT", &out)
        .current_dir(root)
        .status()
        .map_err(|e| format!("bash .clusterfuzzlite/build.sh: {e}"))?;
    if !status.success() {
        return Err(".clusterfuzzlite/build.sh failed".to_owned());
    }
    for target in targets(root)? {
        let binary = out.join(&target);
        if !binary.is_file() {
            return Err(format!("build.sh made no {}", binary.display()));
        }
        let mut args = vec!["-runs=0".to_owned()];
        for extra in ["seeds", "regressions"] {
            let dir = root.join("fuzz").join(extra).join(&target);
            if dir.is_dir() {
                args.push(dir.display().to_string());
            }
        }
        let run = Command::new(&binary)
            .args(&args)
            .output()
            .map_err(|e| format!("{}: {e}", binary.display()))?;
        if !run.status.success() {
            return Err(format!(
                "{} failed on its seeds:\n{}",
                binary.display(),
                String::from_utf8_lossy(&run.stderr)
            ));
        }
        let zip = out.join(format!("{target}_seed_corpus.zip"));
        println!(
            "clusterfuzzlite: {target}: built, ran its seeds{}",
            if zip.is_file() {
                ", seed corpus zipped"
            } else {
                ""
            }
        );
    }
    Ok(())
}

/// Seconds until `WEIQI_CI_DEADLINE` (seconds since the epoch), if it is set.
pub fn seconds_left() -> Option<u64> {
    let deadline: u64 = std::env::var("WEIQI_CI_DEADLINE").ok()?.parse().ok()?;
    let now = SystemTime::now().duration_since(UNIX_EPOCH).ok()?.as_secs();
    Some(deadline.saturating_sub(now))
}

/// Runs each target for `seconds`, with the seeds and regressions as inputs.
fn run_targets(root: &Path, targets: &[String], seconds: u64) -> Result<(), String> {
    let fuzz_dir = root.join("fuzz");
    let logs = root.join("target/xtask-fuzz");
    std::fs::create_dir_all(&logs).map_err(|e| format!("{}: {e}", logs.display()))?;
    for target in targets {
        println!("fuzz: {target} for {seconds} s (building first if needed)");
        let corpus = fuzz_dir.join("corpus").join(target);
        std::fs::create_dir_all(&corpus).map_err(|e| format!("{}: {e}", corpus.display()))?;
        let mut args = vec![
            "+nightly".to_owned(),
            "fuzz".to_owned(),
            "run".to_owned(),
            target.clone(),
            corpus.display().to_string(),
        ];
        for extra in ["seeds", "regressions"] {
            let dir = fuzz_dir.join(extra).join(target);
            if dir.is_dir() {
                args.push(dir.display().to_string());
            }
        }
        args.extend([
            "--".to_owned(),
            format!("-max_total_time={seconds}"),
            "-print_final_stats=1".to_owned(),
        ]);
        let log_path = logs.join(format!("{target}.log"));
        let log =
            std::fs::File::create(&log_path).map_err(|e| format!("{}: {e}", log_path.display()))?;
        let err = log
            .try_clone()
            .map_err(|e| format!("{}: {e}", log_path.display()))?;
        let before = count_files(&corpus);
        let start = Instant::now();
        let status = Command::new("cargo")
            .args(&args)
            .current_dir(&fuzz_dir)
            .stdout(log)
            .stderr(err)
            .status()
            .map_err(|e| format!("cargo fuzz run {target}: {e}"))?;
        let text = std::fs::read_to_string(&log_path).unwrap_or_default();
        let stat = |name: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(&format!("stat::{name}:")))
                .map(|v| v.trim().to_owned())
        };
        let runs = stat("number_of_executed_units").unwrap_or_else(|| "?".into());
        let per_sec = stat("average_exec_per_sec").unwrap_or_else(|| "?".into());
        let added = count_files(&corpus).saturating_sub(before);
        println!(
            "fuzz: {target}: {} after {:.0} s: {runs} runs, {per_sec} exec/s, {added} new corpus \
             entries (log: {})",
            if status.success() { "ok" } else { "FAILED" },
            start.elapsed().as_secs_f64(),
            log_path.display()
        );
        if !status.success() {
            let tail: Vec<&str> = text.lines().rev().take(40).collect();
            for line in tail.into_iter().rev() {
                println!("  {line}");
            }
            return Err(format!(
                "fuzz target {target} failed; the input is in fuzz/artifacts/{target}/ (add it \
                 to fuzz/regressions/{target}/ with a row in fuzz/regressions/README.md)"
            ));
        }
    }
    Ok(())
}

fn count_files(dir: &Path) -> usize {
    std::fs::read_dir(dir).map_or(0, |d| d.filter_map(Result::ok).count())
}
