//! The "fill neutral points first" step (DECISIONS.md 10) on random final positions: it is
//! deterministic, it never creates or removes territory by itself, and it never leaves a string
//! it touched with fewer than two liberties (so a seki's shared liberties stay open).

mod scoring_support;

use scoring_support::{Rng, random_position};
use weiqi_interpreter::scoring::neutral_fill::fill_first;
use weiqi_interpreter::scoring::regions::{self, Reach};

#[test]
fn the_fill_keeps_every_count_and_every_string_safe() {
    let mut rng = Rng(0xD1_0000_0010);
    let mut filled_total = 0usize;
    for round in 0..600u32 {
        let side = [5, 7, 9][(round % 3) as usize];
        let (b, _) = random_position(&mut rng, side);
        let f = fill_first(&b);
        if round < 50 {
            assert_eq!(fill_first(&b), f, "round {round}: deterministic");
        }
        filled_total += f.filled.len();
        for (p, c) in b.iter() {
            match c {
                // Stones are never moved or removed.
                Some(_) => assert_eq!(f.board.get(p), c, "round {round}"),
                // Filled points were dame (reaching both colours) ...
                None if f.board.get(p).is_some() => {
                    assert_eq!(
                        regions::reach(&b, p),
                        Reach::Both,
                        "round {round} {p:?}\n{b}"
                    );
                    // ... and every string next to them keeps two liberties.
                    for q in std::iter::once(p).chain(b.neighbours(p)) {
                        let s = regions::string(&f.board, q);
                        assert!(
                            s.is_empty() || regions::liberties(&f.board, &s).len() >= 2,
                            "round {round} {q:?}\n{b}\n{}",
                            f.board
                        );
                    }
                }
                // Every point left empty reaches what it reached before: no territory appears.
                None => assert_eq!(
                    regions::reach(&f.board, p),
                    regions::reach(&b, p),
                    "round {round} {p:?}\n{b}\n{}",
                    f.board
                ),
            }
        }
    }
    assert!(filled_total > 2_000, "only {filled_total} points filled");
    eprintln!("{filled_total} neutral points filled in 600 positions");
}
