//! `cargo xtask ci`: every check `.ci/run` makes, in order, stopping at the first failure
//! (`rulings` is `cargo xtask rulings --check`, `variants` is `cargo xtask extra-variant
//! --lint`).

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
    "variants",
    "agreement",
    "rulings",
    "fuzz",
    "clusterfuzzlite",
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
            "variants" => crate::extra_variant::run(root, &["--lint".to_owned()])?,
            "agreement" => crate::agreement::run(root, &["--check".to_owned()])?,
            "rulings" => crate::rulings::run(root, &["--check".to_owned()])?,
            "fuzz" => crate::fuzz::run_in_ci(root, CI_FUZZ_SECONDS)?,
            "clusterfuzzlite" => crate::fuzz::clusterfuzzlite_in_ci(root)?,
            _ => unreachable!("every step of STEPS is handled"),
        }
    }
    println!("xtask ci: all steps passed");
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
