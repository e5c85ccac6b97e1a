//! W4: scoring the final positions of the corpus, by area and by territory with a dead-stone
//! set.
//!
//! - **Area**: the W2 variant (`tromp-taylor`, suicide forbidden): stones plus empty regions
//!   reaching one colour only, komi 7.5, no dead stones.
//! - **Territory**: the built-in `japanese-1989` (territory, seki eyes void at string level,
//!   neutral points filled first, komi 6.5) with the game's prisoners and the dead-stone set of
//!   [`dead_set`].

use weiqi_core::{Board, ByColor, Point, Points};
use weiqi_engine::scoring::{ScoreInput, ScoreRules, Scorer};
use weiqi_interpreter::scoring::{self, ScoringInput};
use weiqi_spec::Ruleset;

use crate::corpus::Corpus;
use crate::measure::{BenchError, Scored, measured_area, measured_territory};
use crate::timing::cpu_timed;

/// The dead-stone set of a final position: one stone (the first in row-major order) of every
/// string with exactly two liberties.
///
/// Random playouts end with every string alive (a string in atari would have been captured),
/// so no set read from the position is "right"; this one is deterministic, names a fair share
/// of the strings of a random final position, and makes the count remove whole strings and
/// recount the regions they open, which is the work a dead-stone set adds.
#[must_use]
pub fn dead_set(board: &Board) -> Vec<Point> {
    let size = board.size();
    let mut seen = vec![false; size.points_count()];
    let mut dead = Vec::new();
    for p in size.points() {
        let Some(colour) = board.get(p) else { continue };
        let Some(i) = size.index(p) else { continue };
        if seen[i] {
            continue;
        }
        let mut stack = vec![p];
        let mut liberties = Vec::new();
        if let Some(j) = size.index(p) {
            seen[j] = true;
        }
        while let Some(q) = stack.pop() {
            for n in size.neighbours(q) {
                match board.get(n) {
                    None => {
                        if !liberties.contains(&n) {
                            liberties.push(n);
                        }
                    }
                    Some(c) if c == colour => {
                        if let Some(j) = size.index(n)
                            && !seen[j]
                        {
                            seen[j] = true;
                            stack.push(n);
                        }
                    }
                    Some(_) => {}
                }
            }
        }
        if liberties.len() == 2 {
            dead.push(p);
        }
    }
    dead
}

/// W4 on the engine (`weiqi_engine::scoring`, one reused [`Scorer`]): `passes` passes over
/// the final positions of `corpus`.
pub fn engine(corpus: &Corpus, passes: u64) -> Result<Scored, BenchError> {
    let (area_rules, territory_rules) = rulesets()?;
    let dead: Vec<Vec<Point>> = corpus
        .games
        .iter()
        .map(|g| dead_set(&g.final_board))
        .collect();
    let area = ScoreRules::new(&area_rules);
    let territory = ScoreRules::new(&territory_rules);
    let area_komi = crate::interpreter_driver::KOMI;
    let territory_komi = territory_rules.scoring.komi;
    let mut scorer = Scorer::default();
    let err = |e: weiqi_engine::scoring::ScoreError| BenchError(e.to_string());
    let (area_sum, area_cpu) = cpu_timed(|| {
        measured_area(|| {
            let mut sum = 0;
            for _ in 0..passes {
                for g in &corpus.games {
                    let i = ScoreInput {
                        prisoners: g.prisoners,
                        komi: area_komi,
                        ..ScoreInput::new(&g.final_board)
                    };
                    sum += scorer.score(&area, &i).map_err(err)?.margin.halves();
                }
            }
            Ok::<i64, BenchError>(sum)
        })
    });
    let (territory_sum, territory_cpu) = cpu_timed(|| {
        measured_territory(|| {
            let mut sum = 0;
            for _ in 0..passes {
                for (g, d) in corpus.games.iter().zip(&dead) {
                    let i = ScoreInput {
                        dead: d,
                        prisoners: g.prisoners,
                        komi: territory_komi,
                        ..ScoreInput::new(&g.final_board)
                    };
                    sum += scorer.score(&territory, &i).map_err(err)?.margin.halves();
                }
            }
            Ok::<i64, BenchError>(sum)
        })
    });
    Ok(Scored {
        positions: passes * corpus.games.len() as u64,
        area_cpu,
        territory_cpu,
        checksum: area_sum? + territory_sum?,
    })
}

/// The rule sets of W4: area, then territory.
pub fn rulesets() -> Result<(Ruleset, Ruleset), BenchError> {
    let area = crate::Workload::W4
        .ruleset()
        .map_err(|e| BenchError(e.to_string()))?;
    let territory = weiqi_spec::builtin("japanese-1989").map_err(|e| BenchError(e.to_string()))?;
    Ok((area, territory))
}

fn input<'a>(
    ruleset: &'a Ruleset,
    board: &'a Board,
    dead: &'a [Point],
    prisoners: ByColor<u32>,
    komi: Points,
) -> ScoringInput<'a> {
    ScoringInput {
        ruleset,
        board,
        dead,
        prisoners,
        pass_stones: ByColor::default(),
        handicap: 0,
        komi,
        penalties: ByColor::default(),
    }
}

/// W4 on the interpreter: `passes` passes over the final positions of `corpus`.
pub fn interpreter(corpus: &Corpus, passes: u64) -> Result<Scored, BenchError> {
    let (area_rules, territory_rules) = rulesets()?;
    let dead: Vec<Vec<Point>> = corpus
        .games
        .iter()
        .map(|g| dead_set(&g.final_board))
        .collect();
    let area_komi = crate::interpreter_driver::KOMI;
    let territory_komi = territory_rules.scoring.komi;
    let (area_sum, area_cpu) = cpu_timed(|| {
        measured_area(|| {
            let mut sum = 0;
            for _ in 0..passes {
                for g in &corpus.games {
                    let i = input(&area_rules, &g.final_board, &[], g.prisoners, area_komi);
                    sum += scoring::score(&i).margin.halves();
                }
            }
            sum
        })
    });
    let (territory_sum, territory_cpu) = cpu_timed(|| {
        measured_territory(|| {
            let mut sum = 0;
            for _ in 0..passes {
                for (g, d) in corpus.games.iter().zip(&dead) {
                    let i = input(
                        &territory_rules,
                        &g.final_board,
                        d,
                        g.prisoners,
                        territory_komi,
                    );
                    sum += scoring::score(&i).margin.halves();
                }
            }
            sum
        })
    });
    Ok(Scored {
        positions: passes * corpus.games.len() as u64,
        area_cpu,
        territory_cpu,
        checksum: area_sum + territory_sum,
    })
}
