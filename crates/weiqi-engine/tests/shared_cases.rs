//! The shared case corpus (`weiqi-cases`: the interpreter's clause cases,
//! docs/variants.md section 4, the perft files) run on the engine (issue 11, "Tests").

use weiqi_core::{Referee, Setup};
use weiqi_engine::Engine;
use weiqi_spec::Ruleset;

fn engine(rules: &Ruleset, setup: Setup) -> Result<Box<dyn Referee>, String> {
    Engine::new(rules, setup)
        .map(|e| Box::new(e) as Box<dyn Referee>)
        .map_err(|e| e.to_string())
}

#[test]
fn the_shared_cases_pass_on_the_engine() {
    weiqi_cases::run(weiqi_cases::all(), engine, &[]);
}
