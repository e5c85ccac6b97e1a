//! `cargo xtask ci`: every check `.ci/run` makes, in order, stopping at the first failure
//! (`rulings` is `cargo xtask rulings --check`).
//! `cargo xtask fuzz`: a short run of every fuzz target (nightly-only, skipped without it).

use std::path::Path;
use std::process::Command;

/// The steps of `ci`, by name, in order.
const STEPS: &[&str] = &[
    "fmt",
    "clippy",
    "test",
    "codegen",
    "spec-check",
    "tidy",
    "agreement",
    "rulings",
    "fuzz",
];

/// Seconds each fuzz target runs during `ci`.
const CI_FUZZ_SECONDS: u64 = 20;

/// Runs every step not named in `--skip STEP` arguments.
pub fn run(root: &Path, args: &[String]) -> Result<(), String> {
    let mut skip = Vec::new();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match (arg.as_str(), it.next()) {
            ("--skip", Some(step)) if STEPS.contains(&step.as_str()) => skip.push(step.clone()),
            ("--skip", Some(step)) => {
                return Err(format!(
                    "unknown step {step:?} (steps: {})",
                    STEPS.join(", ")
                ));
            }
            _ => {
                return Err(format!(
                    "usage: cargo xtask ci [--skip STEP]... (steps: {})",
                    STEPS.join(", ")
                ));
            }
        }
    }
    for step in STEPS.iter().filter(|s| !skip.iter().any(|k| k == *s)) {
        println!("==> xtask ci: {step}");
        match *step {
            "fmt" => cargo(root, &["fmt", "--all", "--", "--check"])?,
            "clippy" => cargo(
                root,
                &[
                    "clippy",
                    "--workspace",
                    "--all-targets",
                    "--",
                    "-D",
                    "warnings",
                ],
            )?,
            "test" => cargo(root, &["test", "--workspace"])?,
            "codegen" => crate::codegen::run(root, true)?,
            "spec-check" => crate::spec_check::run(root)?,
            "tidy" => crate::tidy::run(root)?,
            "agreement" => crate::agreement::run(root, &["--check".to_owned()])?,
            "rulings" => crate::rulings::run(root, &["--check".to_owned()])?,
            "fuzz" => fuzz(root, CI_FUZZ_SECONDS)?,
            _ => unreachable!("every step of STEPS is handled"),
        }
    }
    println!("xtask ci: all steps passed");
    Ok(())
}

/// Runs every fuzz target for `seconds`, if the nightly toolchain and cargo-fuzz are present.
pub fn fuzz(root: &Path, seconds: u64) -> Result<(), String> {
    let nightly = Command::new("rustup")
        .args(["run", "nightly", "rustc", "--version"])
        .output()
        .is_ok_and(|o| o.status.success());
    let cargo_fuzz = Command::new("cargo")
        .args(["+nightly", "fuzz", "--version"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !nightly || !cargo_fuzz {
        println!(
            "fuzz: skipped (nightly toolchain: {nightly}, cargo-fuzz: {cargo_fuzz}); the seeds still run under cargo test"
        );
        return Ok(());
    }
    let fuzz_dir = root.join("fuzz");
    let list = Command::new("cargo")
        .args(["+nightly", "fuzz", "list"])
        .current_dir(&fuzz_dir)
        .output()
        .map_err(|e| format!("cargo fuzz list: {e}"))?;
    let targets = String::from_utf8_lossy(&list.stdout).to_string();
    for target in targets.lines().map(str::trim).filter(|t| !t.is_empty()) {
        println!("fuzz: {target} for {seconds} s");
        let seeds = fuzz_dir.join("seeds").join(target);
        let corpus = std::env::temp_dir().join(format!("weiqi-fuzz-corpus-{target}"));
        std::fs::create_dir_all(&corpus).map_err(|e| format!("{}: {e}", corpus.display()))?;
        let mut args = vec![
            "+nightly".to_owned(),
            "fuzz".to_owned(),
            "run".to_owned(),
            target.to_owned(),
            corpus.display().to_string(),
        ];
        if seeds.is_dir() {
            args.push(seeds.display().to_string());
        }
        args.extend(["--".to_owned(), format!("-max_total_time={seconds}")]);
        let status = Command::new("cargo")
            .args(&args)
            .current_dir(&fuzz_dir)
            .status()
            .map_err(|e| format!("cargo fuzz run {target}: {e}"))?;
        if !status.success() {
            return Err(format!(
                "fuzz target {target} failed; see fuzz/artifacts/{target}/"
            ));
        }
    }
    Ok(())
}

fn cargo(root: &Path, args: &[&str]) -> Result<(), String> {
    let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args(args)
        .current_dir(root)
        .status()
        .map_err(|e| format!("cannot run cargo {}: {e}", args.join(" ")))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("cargo {} failed", args.join(" ")))
    }
}
