//! `cargo bench -p weiqi-bench --bench status [-- DIR]`: the `status` workload of issue 25:
//! positions judged per second by the status judge at its default options on the finished 9x9
//! and 19x19 OGS games of `ogs-score-estimator` (DIR, default
//! `../shared/corpus/ogs-score-estimator/test_games` beside the workspace), and GNU Go's
//! `final_status_list dead` on the same positions in the same run, as a ratio of CPU time, when
//! GNU Go is installed. `WEIQI_BENCH_ROUNDS` (default 5) passes of the judge over the positions.

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let dir = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with("--"))
        .map_or_else(
            || {
                PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                    .join("../../../shared/corpus/ogs-score-estimator/test_games")
            },
            PathBuf::from,
        );
    let rounds = std::env::var("WEIQI_BENCH_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5);
    for side in [9, 19] {
        match weiqi_bench::status::run(&dir, side, rounds) {
            Ok(report) => println!("{report}"),
            Err(e) => {
                eprintln!("status: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
