//! `cargo bench -p weiqi-bench [-- FILTER...]`: the workloads of `docs/workloads.md`
//! with the ratios of issue 11, each measured against its baseline in the same run.
//!
//! Every case runs for a number of rounds; in each round the baseline and the engine do the
//! same work (the same seeds, or one pass over the same corpus) one after the other, and the
//! round's ratio is the baseline's time per unit over the engine's. The table shows the median
//! of the per-round ratios, which shrugs off the load of the other builders on a shared
//! machine better than a ratio of totals does. Sizing:
//!
//! - `WEIQI_BENCH_SCALE` (default 1): multiplies the work of every round (playouts, corpus
//!   passes). The default run takes about a minute on a 2-core machine.
//! - `WEIQI_BENCH_ROUNDS` (default 5): rounds per case.
//! - FILTER: only the cases whose name (`w2-9`, `w3-19`, `w2-ssk-19`, ..., `copy-19`)
//!   contains one of the given words.
//!
//! After the table, `copy-19` prints the memory figures: the time to copy a 19x19 position
//! without its history and a whole game with it, and the history's bytes per move.

use weiqi_bench::Workload;
use weiqi_bench::run::{BenchError, Impl, Report, Runner};

/// What a case compares.
#[derive(Clone, Copy)]
enum Compare {
    /// The baseline's time per move (or position) over the engine's: higher is better.
    Speedup(Impl),
    /// The engine's time per move under this rule over its time under positional superko
    /// (W2): lower is better.
    CostOverPositional,
}

struct Case {
    workload: &'static str,
    side: u8,
    /// Playouts (W1, W2) or corpus passes (W3, W4) per round at scale 1.
    work: u64,
    compare: Compare,
    /// The target of issue 11.
    target: &'static str,
}

const CASES: &[Case] = &[
    Case {
        workload: "w1",
        side: 9,
        work: 100,
        compare: Compare::Speedup(Impl::Goban),
        target: ">= 6x",
    },
    Case {
        workload: "w1",
        side: 19,
        work: 3,
        compare: Compare::Speedup(Impl::Goban),
        target: "-",
    },
    Case {
        workload: "w2",
        side: 9,
        work: 100,
        compare: Compare::Speedup(Impl::Goban),
        target: ">= 8x",
    },
    Case {
        workload: "w2",
        side: 19,
        work: 6,
        compare: Compare::Speedup(Impl::Goban),
        target: ">= 13x",
    },
    Case {
        workload: "w3",
        side: 9,
        work: 1,
        compare: Compare::Speedup(Impl::Goban),
        target: ">= 6x",
    },
    Case {
        workload: "w3",
        side: 19,
        work: 1,
        compare: Compare::Speedup(Impl::Goban),
        target: ">= 39x",
    },
    Case {
        workload: "w2-ssk",
        side: 9,
        work: 100,
        compare: Compare::CostOverPositional,
        target: "<= 1.15x",
    },
    Case {
        workload: "w2-nssk",
        side: 9,
        work: 100,
        compare: Compare::CostOverPositional,
        target: "<= 1.15x",
    },
    Case {
        workload: "w2-ing",
        side: 9,
        work: 100,
        compare: Compare::CostOverPositional,
        target: "<= 1.15x",
    },
    Case {
        workload: "w2-ssk",
        side: 19,
        work: 6,
        compare: Compare::CostOverPositional,
        target: "<= 1.15x",
    },
    Case {
        workload: "w2-nssk",
        side: 19,
        work: 6,
        compare: Compare::CostOverPositional,
        target: "<= 1.15x",
    },
    Case {
        workload: "w2-ing",
        side: 19,
        work: 6,
        compare: Compare::CostOverPositional,
        target: "<= 1.15x",
    },
    Case {
        workload: "w4",
        side: 19,
        work: 1,
        compare: Compare::Speedup(Impl::Interpreter),
        target: ">= 50x area, >= 20x territory",
    },
];

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Per-round figures: (engine ns per unit, other ns per unit), for W4 area and territory.
fn units(r: &Report) -> (f64, f64) {
    match r.scored {
        Some(_) => (r.ns_per_area(), r.ns_per_territory()),
        None => (r.ns_per_move(), 0.0),
    }
}

fn run_case(
    runner: &mut Runner,
    case: &Case,
    scale: u64,
    rounds: u64,
) -> Result<String, BenchError> {
    let workload = Workload::parse(case.workload).map_err(|e| BenchError(e.to_string()))?;
    let n = case.work * scale;
    let corpus_seed = 11;
    let mut ratios = Vec::new();
    let mut territory_ratios = Vec::new();
    let mut engine_ns = Vec::new();
    let mut other_ns = Vec::new();
    for round in 0..rounds {
        let seed = match workload {
            Workload::W3 | Workload::W4 => corpus_seed,
            _ => 1 + round * n,
        };
        let (other_workload, other_impl) = match case.compare {
            Compare::Speedup(baseline) => (workload, baseline),
            Compare::CostOverPositional => (
                Workload::parse("w2").map_err(|e| BenchError(e.to_string()))?,
                Impl::Engine,
            ),
        };
        let other = runner.run(other_workload, other_impl, case.side, n, seed)?;
        let engine = runner.run(workload, Impl::Engine, case.side, n, seed)?;
        let (e, et) = units(&engine);
        let (o, ot) = units(&other);
        engine_ns.push(e);
        other_ns.push(o);
        match case.compare {
            Compare::Speedup(_) => {
                ratios.push(o / e.max(1e-9));
                if engine.scored.is_some() {
                    territory_ratios.push(ot / et.max(1e-9));
                }
            }
            Compare::CostOverPositional => ratios.push(e / o.max(1e-9)),
        }
    }
    let med = weiqi_bench::median;
    let against = match case.compare {
        Compare::Speedup(i) => i.name(),
        Compare::CostOverPositional => "engine w2",
    };
    let mut ratio = format!("{:.2}x", med(&ratios));
    if !territory_ratios.is_empty() {
        ratio = format!("{ratio} area, {:.2}x territory", med(&territory_ratios));
    }
    Ok(format!(
        "| {} {}x{} | {:.0} | {} {:.0} | {} | {} |",
        case.workload,
        case.side,
        case.side,
        med(&engine_ns),
        against,
        med(&other_ns),
        ratio,
        case.target
    ))
}

fn main() {
    let scale = env_u64("WEIQI_BENCH_SCALE", 1).max(1);
    let rounds = env_u64("WEIQI_BENCH_ROUNDS", 5).max(1);
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    println!(
        "weiqi-bench: medians of {rounds} per-round ratios, scale {scale} \
         (ns per move; W4: ns per position, area)"
    );
    println!("| workload | engine ns | baseline ns | median ratio | target |");
    println!("| --- | ---: | ---: | ---: | --- |");
    let mut runner = Runner::default();
    let mut failed = false;
    for case in CASES {
        let name = format!("{}-{}", case.workload, case.side);
        if !filters.is_empty() && !filters.iter().any(|f| name.contains(f.as_str())) {
            continue;
        }
        match run_case(&mut runner, case, scale, rounds) {
            Ok(line) => println!("{line}"),
            Err(e) => {
                failed = true;
                println!("| {name} | failed: {e} | | | {} |", case.target);
            }
        }
    }
    if filters.is_empty() || filters.iter().any(|f| "copy-19".contains(f.as_str())) {
        // Issue 11's memory targets: a 19x19 position copied without its history in well
        // under a microsecond; the history grows by a hash and a small record per move.
        let copies = runner
            .corpus(19, 11)
            .and_then(|c| weiqi_bench::copy::measure(c, 100_000 * scale));
        match copies {
            Ok(c) => println!(
                "\ncopy 19x19 after {} moves: position {:.0} ns, game with history {:.0} ns; \
                 history {:.1} bytes per move (target: well under 1,000 ns; a hash and a small \
                 record per move)",
                c.moves, c.position_ns, c.engine_ns, c.history_bytes_per_move
            ),
            Err(e) => {
                failed = true;
                println!("copy-19 failed: {e}");
            }
        }
    }
    if failed {
        std::process::exit(1);
    }
}
