//! `cargo xtask mutants [--budget S] [--shard K/N]`: mutation testing of weiqi-engine with
//! cargo-mutants (issue 12, item 6), under `.cargo/mutants.toml` (what is mutated, the test
//! command, and the excluded mutants, each with its reason).
//!
//! cargo-mutants tests the mutants of the shard (all of them without `--shard`; shards are
//! round-robin, so each is a spread sample of every file) in random order (`--shuffle`) until
//! the budget is spent (default 1200 s; the baseline, a build of the workspace in cargo-mutants' scratch copy, about 8
//! minutes on the shared two-core machine, counts against it), then is
//! interrupted. One line per mutant tested, then a summary of caught, missed, unviable and
//! timed out, and how many of the shard and of the whole were tested. The exit code is
//! non-zero when a mutant was missed: every mutant the configuration does not exclude is in
//! the engine's rule code. The results are kept in `target/xtask-mutants/<shard>/mutants.out/`.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Seconds of testing when `--budget` is not given.
const DEFAULT_BUDGET: u64 = 1200;

/// Outcome counts of a run.
#[derive(Default)]
struct Tally {
    caught: u64,
    missed: Vec<String>,
    unviable: u64,
    timeout: u64,
}

/// `cargo xtask mutants [--budget S] [--shard K/N]`.
pub fn run(root: &Path, args: &[String]) -> Result<(), String> {
    let usage = "usage: cargo xtask mutants [--budget SECONDS] [--shard K/N]";
    let mut budget = DEFAULT_BUDGET;
    let mut shard: Option<String> = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match (arg.as_str(), it.next()) {
            ("--budget", Some(s)) => {
                budget = s
                    .parse()
                    .map_err(|_| format!("--budget needs seconds\n{usage}"))?;
            }
            ("--shard", Some(s)) if valid_shard(s) => shard = Some(s.clone()),
            ("--shard", Some(s)) => {
                return Err(format!("--shard {s:?}: expected K/N with K < N\n{usage}"));
            }
            _ => return Err(usage.to_owned()),
        }
    }
    let version = Command::new("cargo")
        .args(["mutants", "--version"])
        .current_dir(root)
        .output();
    if !version.is_ok_and(|o| o.status.success()) {
        return Err(
            "cargo-mutants is not installed: `cargo install cargo-mutants --locked`".into(),
        );
    }
    let mut common = vec!["mutants".to_owned(), "-p".into(), "weiqi-engine".into()];
    if let Some(s) = &shard {
        common.extend([
            "--shard".into(),
            s.clone(),
            "--sharding".into(),
            "round-robin".into(),
        ]);
    }
    let total = count_listed(root, &["mutants", "-p", "weiqi-engine"])?;
    let in_shard = if shard.is_some() {
        count_listed(root, &common.iter().map(String::as_str).collect::<Vec<_>>())?
    } else {
        total
    };
    let name = shard.as_deref().unwrap_or("all").replace('/', "-of-");
    let out = root.join("target/xtask-mutants").join(&name);
    std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    let mut cmd_args = common.clone();
    cmd_args.extend([
        "--shuffle".into(),
        "--caught".into(),
        "--unviable".into(),
        "--colors".into(),
        "never".into(),
        "-o".into(),
        out.display().to_string(),
    ]);
    println!(
        "mutants: {in_shard} mutants in shard {} ({total} in all), budget {budget} s",
        shard.as_deref().unwrap_or("(all)")
    );
    let mut child = Command::new("cargo")
        .args(&cmd_args)
        .current_dir(root)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cargo mutants: {e}"))?;
    let stdout = child.stdout.take().ok_or("cargo mutants: no stdout")?;
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let start = Instant::now();
    let mut tally = Tally::default();
    let mut interrupted = false;
    let mut baseline_failed = false;
    loop {
        match rx.recv_timeout(Duration::from_secs(1)) {
            Ok(line) => {
                if line.starts_with("FAILED") && line.contains("baseline") {
                    baseline_failed = true;
                }
                tally.note(&line);
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
        if !interrupted && start.elapsed().as_secs() >= budget {
            interrupted = true;
            println!("mutants: budget of {budget} s spent, stopping cargo-mutants");
            let _ = Command::new("kill")
                .args(["-INT", &child.id().to_string()])
                .status();
        }
        if interrupted && start.elapsed().as_secs() >= budget + 120 {
            let _ = child.kill();
        }
    }
    let _ = child.wait();
    let tested = tally.caught + tally.missed.len() as u64 + tally.unviable + tally.timeout;
    let viable = tally.caught + tally.missed.len() as u64 + tally.timeout;
    let score = if viable == 0 {
        0.0
    } else {
        100.0 * (tally.caught + tally.timeout) as f64 / viable as f64
    };
    println!(
        "mutants: tested {tested} of {in_shard} in the shard ({total} in all) in {:.0} s: caught \
         {}, missed {}, unviable {}, timed out {}; score {score:.1}% (caught and timed out of the \
         viable); results in {}",
        start.elapsed().as_secs_f64(),
        tally.caught,
        tally.missed.len(),
        tally.unviable,
        tally.timeout,
        out.join("mutants.out").display()
    );
    if baseline_failed {
        return Err("the unmutated tree fails its tests; fix them first".into());
    }
    if tally.missed.is_empty() {
        Ok(())
    } else {
        for m in &tally.missed {
            println!("missed: {m}");
        }
        Err(format!(
            "{} mutant(s) of the engine's rule code missed: extend the harness or tests until \
             they are caught, or exclude them in .cargo/mutants.toml with the reason they \
             cannot change a ruling",
            tally.missed.len()
        ))
    }
}

impl Tally {
    /// Reads one line of cargo-mutants' output; prints it when it is a mutant's outcome.
    fn note(&mut self, line: &str) {
        let mut words = line.split_whitespace();
        let Some(first) = words.next() else {
            return;
        };
        let rest = line[first.len()..].trim();
        let label = match first {
            "caught" | "CAUGHT" => {
                self.caught += 1;
                "caught"
            }
            "MISSED" | "missed" => {
                self.missed.push(rest.to_owned());
                "MISSED"
            }
            "unviable" | "UNVIABLE" => {
                self.unviable += 1;
                "unviable"
            }
            "TIMEOUT" | "timeout" => {
                self.timeout += 1;
                "timeout"
            }
            _ => {
                if line.contains("baseline") || line.starts_with("Found") {
                    println!("mutants: {line}");
                }
                return;
            }
        };
        println!("{label:<9}{rest}");
    }
}

/// Whether `s` is `K/N` with `K < N`.
fn valid_shard(s: &str) -> bool {
    s.split_once('/')
        .and_then(|(k, n)| Some((k.parse::<u64>().ok()?, n.parse::<u64>().ok()?)))
        .is_some_and(|(k, n)| k < n)
}

/// The number of mutants `cargo <args> --list` names.
fn count_listed(root: &Path, args: &[&str]) -> Result<u64, String> {
    let out = Command::new("cargo")
        .args(args)
        .arg("--list")
        .current_dir(root)
        .output()
        .map_err(|e| format!("cargo mutants --list: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "cargo mutants --list failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).lines().count() as u64)
}
