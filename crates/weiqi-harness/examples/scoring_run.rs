//! A seeded run of the scoring cases (`weiqi_harness::scoring_case`, the `scoring` fuzz
//! target's generator and oracle): every field of the interpreter's and the engine's scores
//! compared; stops at the first divergence and prints it as a ruling case.
//!
//! `cargo run --release -p weiqi-harness --example scoring_run -- [FIRST_SEED] [CASES]`

use std::time::Instant;

use weiqi_harness::scoring_case;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let first = args.first().copied().unwrap_or(0);
    let n = args.get(1).copied().unwrap_or(5000);
    let start = Instant::now();
    match scoring_case::run_seeded(first..first + n) {
        Ok(stats) => println!(
            "scoring seeds {first}..{}: no divergence ({:.0} s): {stats:?}",
            first + n,
            start.elapsed().as_secs_f64()
        ),
        Err(d) => {
            println!("divergence: {d}");
            std::process::exit(1);
        }
    }
}
