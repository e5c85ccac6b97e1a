//! The fuel budget: a caller-chosen bound on the work of one decision.
//!
//! Every decision (one `check`, one `apply`) starts with the budget given to
//! [`crate::Interpreter::with_fuel`]. Each simulated play costs one step and each history entry a
//! ko rule compares costs one step. When the budget runs out the decision is refused with
//! [`Illegal::OutOfFuel`], which the differential harness reads as "inconclusive". Without a
//! budget nothing is counted. The cost of a decision depends only on the game, never on earlier
//! queries, so the interpreter stays deterministic.

use std::cell::Cell;

use weiqi_core::Illegal;

/// The fuel left for the decision in progress.
#[derive(Debug)]
pub struct Fuel {
    left: Cell<Option<u64>>,
}

impl Fuel {
    /// A budget of `steps`, or an unlimited one.
    pub fn new(steps: Option<u64>) -> Fuel {
        Fuel {
            left: Cell::new(steps),
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
        let u = Fuel::new(None);
        assert_eq!(u.spend(u64::MAX), Ok(()));
    }
}
