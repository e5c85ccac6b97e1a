//! The shared case corpus (`weiqi-cases`: clause cases, docs/variants.md section 4, the perft
//! files) run on the interpreter: the same cases the engine's suite runs (issue 11, "Tests").

use weiqi_core::{Referee, Setup};
use weiqi_interpreter::Interpreter;
use weiqi_spec::Ruleset;

fn interpreter(rules: &Ruleset, setup: Setup) -> Result<Box<dyn Referee>, String> {
    Interpreter::new(rules, setup)
        .map(|e| Box::new(e) as Box<dyn Referee>)
        .map_err(|e| e.to_string())
}

#[test]
fn the_shared_cases_pass_on_the_interpreter() {
    weiqi_cases::run(weiqi_cases::all(), interpreter, &[]);
}
