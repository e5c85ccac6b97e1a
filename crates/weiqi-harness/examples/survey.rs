//! A longer seeded run that does not stop at the first divergence: it tallies divergences by
//! observation (point names and seeds dropped) and prints the first case of each kind (when it
//! occurs and again at the end; a checkpoint's `cases` falls short of the cases tried by the
//! divergent ones, which the statistics leave out), then the
//! statistics (also every `EVERY` cases, default 5,000), the speed, and the statistics as the
//! Markdown table of the README.
//!
//! `cargo run --release -p weiqi-harness --example survey -- [FIRST_SEED] [CASES] [EVERY]`

use std::collections::BTreeMap;
use std::time::Instant;

use weiqi_harness::generate::{Case, seeded_bytes};
use weiqi_harness::{SEEDED_CASE_BYTES, oracle, stats::Stats};

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let first = args.first().copied().unwrap_or(0);
    let n = args.get(1).copied().unwrap_or(1000);
    let every = args.get(2).copied().unwrap_or(5000).max(1);
    let mut stats = Stats::default();
    let mut kinds: BTreeMap<String, (u64, u64, String)> = BTreeMap::new();
    // Cases and seconds per generator and board size (where the time goes).
    let mut time: BTreeMap<String, (u64, f64)> = BTreeMap::new();
    let start = Instant::now();
    for seed in first..first + n {
        let Ok(case) = Case::from_bytes(&seeded_bytes(seed, SEEDED_CASE_BYTES)) else {
            continue;
        };
        if (seed - first) % every == every - 1 {
            println!(
                "after {} cases ({:.0} s): {stats}",
                seed - first + 1,
                start.elapsed().as_secs_f64()
            );
        }
        let bucket = format!(
            "{} on {} points",
            if case.kind == weiqi_harness::generate::Kind::Generic {
                "generic"
            } else {
                "biased"
            },
            match case.setup.size.points_count() {
                0..=25 => "1-25",
                26..=49 => "26-49",
                50..=81 => "50-81",
                82..=169 => "82-169",
                _ => "170-361",
            }
        );
        let t = Instant::now();
        let result = oracle::run(&case, &mut stats);
        let e = time.entry(bucket).or_insert((0, 0.0));
        e.0 += 1;
        e.1 += t.elapsed().as_secs_f64();
        if let Err(d) = result {
            let kind = d.observation.split('[').next().unwrap_or("").to_owned();
            let kind = if kind.starts_with("check(") || kind.starts_with("apply(") {
                kind.chars().take(6).collect()
            } else {
                kind
            };
            let e = kinds.entry(kind).or_insert_with(|| {
                // The first case of each kind at once, so a run cut short still shows it.
                println!("=== first divergence of its kind, seed {seed}\n{d}\n");
                (0, seed, d.to_string())
            });
            e.0 += 1;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    for (kind, (count, seed, text)) in &kinds {
        println!("=== {kind}: {count} cases, first seed {seed}\n{text}\n");
    }
    println!("{stats}");
    println!(
        "{n} cases in {secs:.1} s: {:.0} cases/s, {:.0} actions/s; {} divergent",
        n as f64 / secs,
        stats.steps as f64 / secs,
        kinds.values().map(|k| k.0).sum::<u64>()
    );
    for (bucket, (n, secs)) in &time {
        println!("time: {bucket}: {n} cases, {secs:.1} s");
    }
    println!("\n{}", stats.table());
}
