//! `weiqi-bench W SIZE PLAYOUTS SEED [--impl engine|interpreter|goban]`: one workload of
//! `docs/workloads.md` on one implementation, printed as one `key=value` line.
//!
//! W is one of `w1`, `w2`, `w2-ssk`, `w2-nssk`, `w2-ing`, `w3`, `w4`. For W1 and W2, PLAYOUTS
//! playouts are played with the seeds SEED, SEED+1, ...; for W3 and W4, PLAYOUTS is the number
//! of passes over the corpus and SEED the seed it is generated from (11).

use std::process::ExitCode;

use weiqi_bench::Workload;
use weiqi_bench::run::{Impl, run};

const USAGE: &str = "usage: weiqi-bench W SIZE PLAYOUTS SEED [--impl engine|interpreter|goban]\n\
                     W: w1, w2, w2-ssk, w2-nssk, w2-ing, w3, w4";

fn parse(args: &[String]) -> Result<(Workload, Impl, u8, u64, u64), String> {
    let mut implementation = Impl::Engine;
    let mut positional = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--impl" {
            let name = it.next().ok_or("--impl needs a value")?;
            implementation = Impl::parse(name).ok_or_else(|| {
                format!(
                    "unknown implementation {name:?} (allowed: {})",
                    Impl::NAMES.join(", ")
                )
            })?;
        } else if let Some(name) = a.strip_prefix("--impl=") {
            implementation = Impl::parse(name).ok_or_else(|| {
                format!(
                    "unknown implementation {name:?} (allowed: {})",
                    Impl::NAMES.join(", ")
                )
            })?;
        } else if a == "--bench" {
            // Passed by `cargo bench`; not ours.
        } else {
            positional.push(a.as_str());
        }
    }
    let [w, size, playouts, seed] = positional[..] else {
        return Err(USAGE.to_owned());
    };
    let workload = Workload::parse(w).map_err(|e| e.to_string())?;
    let size: u8 = size
        .parse()
        .map_err(|_| format!("SIZE {size:?} is not a board side"))?;
    let playouts: u64 = playouts
        .parse()
        .map_err(|_| format!("PLAYOUTS {playouts:?} is not a count"))?;
    let seed: u64 = seed
        .parse()
        .map_err(|_| format!("SEED {seed:?} is not a seed"))?;
    Ok((workload, implementation, size, playouts, seed))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (workload, implementation, size, playouts, seed) = match parse(&args) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("weiqi-bench: {e}");
            return ExitCode::from(2);
        }
    };
    match run(workload, implementation, size, playouts, seed) {
        Ok(report) => {
            println!("{report}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("weiqi-bench: {e}");
            ExitCode::FAILURE
        }
    }
}
