//! Helpers shared by the scoring tests: the built-in variants, a seeded generator and random
//! final positions.
#![allow(dead_code)]

use weiqi_core::{Board, BoardSize, Color, Point};
use weiqi_spec::Ruleset;

/// A built-in variant.
pub fn ruleset(id: &str) -> Ruleset {
    weiqi_spec::builtin(id).unwrap_or_else(|e| panic!("built-in {id}: {e:?}"))
}

/// A small deterministic generator (xorshift64*), so the tests need no dependency and every
/// run sees the same positions.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random final position: a random frontier (one point per row, moving at most one column
/// from row to row) splits the board into a Black part (left), a band of frontier points and a
/// White part (right). Every point of a part next to the band is a wall stone of the part's
/// colour; band points are empty (shared points) or hold a stone of either colour; inside each
/// part a random share of points holds own stones and, on one board in three, a few hold the
/// opponent's (invaders, alive unless a test declares them dead).
pub fn random_board(rng: &mut Rng, side: u32) -> Board {
    random_position(rng, side).0
}

/// A [`random_board`] and its invaders (to be declared dead).
pub fn random_position(rng: &mut Rng, side: u32) -> (Board, Vec<Point>) {
    let mut invaders_at = Vec::new();
    let size = BoardSize::square(side).expect("valid size");
    let mut b = Board::new(size);
    let s = u64::from(side);
    let mut band = s / 2;
    let mut frontier = Vec::new();
    for _ in 0..side {
        band = (band + rng.below(3)).saturating_sub(1).min(s - 1);
        frontier.push(band);
    }
    // -1 = Black part, 0 = band, 1 = White part.
    let part = |p: Point| (u64::from(p.col)).cmp(&frontier[usize::from(p.row)]) as i8;
    let inside = rng.below(25);
    let invaders = if rng.below(3) == 0 { 3 } else { 0 };
    let empty_band = 20 + rng.below(60);
    for p in size.points() {
        let r = rng.below(100);
        let c = match part(p) {
            0 if r < empty_band => None,
            0 => Some(if r.is_multiple_of(2) {
                Color::Black
            } else {
                Color::White
            }),
            k => {
                let mine = if k < 0 { Color::Black } else { Color::White };
                let wall = size.neighbours(p).any(|n| part(n) != k);
                if wall || r < inside {
                    Some(mine)
                } else if r < inside + invaders {
                    invaders_at.push(p);
                    Some(mine.opponent())
                } else {
                    None
                }
            }
        };
        b.set(p, c);
    }
    (b, invaders_at)
}

/// Stones to declare dead in a random position: every stone with no neighbour of its own
/// colour (the invaders of a [`random_board`], and lone stones of the band).
pub fn lonely_stones(board: &Board) -> Vec<Point> {
    board
        .iter()
        .filter_map(|(p, c)| {
            let c = c?;
            let own = board.neighbours(p).any(|n| board.get(n) == Some(c));
            (!own).then_some(p)
        })
        .collect()
}
