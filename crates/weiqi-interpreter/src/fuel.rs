//! The fuel budget: a caller-chosen bound on the work of one decision, or of a whole game.
//!
//! Every decision (one `check`, one `apply`) starts with the budget given to
//! [`crate::Interpreter::with_fuel`]. Each simulated play costs one step and each history entry a
//! ko rule compares costs one step. When the budget runs out the decision is refused with
//! [`Illegal::OutOfFuel`], which the differential harness and the command line read as
//! "inconclusive", never as a ruling. Without a budget nothing is counted. The cost of a decision
//! depends only on the game, never on earlier queries, so the interpreter stays deterministic.
//!
//! [`crate::Interpreter::with_game_fuel`] sets a budget for the whole game instead: every move
//! applied spends from it, so a caller (a server, `weiqi check --budget`) can promise a bound on
//! a whole replay. The count of a finished game is charged [`scoring_steps`] up front.

use std::cell::Cell;

use weiqi_core::{BoardSize, Illegal};

/// The steps the count of a finished game on a board of `size` is charged: the square of the
/// number of points. The count's flood fills are linear in the points each; the neutral fill
/// and the seki analysis repeat them at most once a point, so a count within this bound is at
/// most quadratic in the points (issue 9, item 1).
#[must_use]
pub fn scoring_steps(size: BoardSize) -> u64 {
    let points = u64::try_from(size.points_count()).unwrap_or(u64::MAX);
    points.saturating_mul(points)
}

/// The fuel left for the decision in progress.
#[derive(Debug)]
pub struct Fuel {
    budget: Option<u64>,
    left: Cell<Option<u64>>,
}

impl Fuel {
    /// A budget of `steps`, or an unlimited one.
    pub fn new(steps: Option<u64>) -> Fuel {
        Fuel {
            budget: steps,
            left: Cell::new(steps),
        }
    }

    /// The steps spent so far (0 for an unlimited budget, which counts nothing); all of the
    /// budget once it ran out.
    pub fn spent(&self) -> u64 {
        match (self.budget, self.left.get()) {
            (Some(budget), Some(left)) => budget - left,
            _ => 0,
        }
    }

    /// Spends `steps`; refuses with [`Illegal::OutOfFuel`] when the budget cannot pay them.
    pub fn spend(&self, steps: u64) -> Result<(), Illegal> {
        match self.left.get() {
            None => Ok(()),
            Some(left) if left >= steps => {
                self.left.set(Some(left - steps));
                Ok(())
            }
            Some(_) => {
                self.left.set(Some(0));
                Err(Illegal::OutOfFuel)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fuel_runs_out_and_unlimited_never_does() {
        let f = Fuel::new(Some(3));
        assert_eq!(f.spend(2), Ok(()));
        assert_eq!(f.spend(2), Err(Illegal::OutOfFuel));
        assert_eq!(f.spend(1), Err(Illegal::OutOfFuel));
        assert_eq!(f.spent(), 3);
        let g = Fuel::new(Some(10));
        assert_eq!(g.spend(4), Ok(()));
        assert_eq!(g.spent(), 4);
        let u = Fuel::new(None);
        assert_eq!(u.spend(u64::MAX), Ok(()));
        assert_eq!(u.spent(), 0);
    }
}
