//! Times random 9x9 games to two passes (the move choice of `docs/workloads.md`: a
//! uniform random legal move that does not fill an own eye, xorshift64* seeded 1, 2, 3, ...;
//! move cap 3*N*N):
//!
//! ```text
//! cargo bench -p weiqi-interpreter --bench random_game [-- GAMES]
//! ```
//!
//! Figures are reported as absolute times and as ratios against the first variant,
//! Tromp-Taylor (positional superko), measured in the same run.

use std::time::Instant;

use weiqi_core::{Action, Board, BoardSize, Color, Move, Phase, Point, Referee, Setup};
use weiqi_interpreter::Interpreter;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, k: usize) -> usize {
        (((self.next() >> 32) * k as u64) >> 32) as usize
    }
}

fn own_eye(board: &Board, p: Point, color: Color) -> bool {
    board.neighbours(p).all(|n| board.get(n) == Some(color))
}

/// Plays one game; returns the number of moves.
fn play_game(rules: &weiqi_spec::Ruleset, size: BoardSize, seed: u64) -> usize {
    let mut rng = Rng(seed);
    let mut game = Interpreter::new(rules, Setup::even(size)).expect("valid setup");
    let cap = 3 * size.points_count();
    let mut moves = 0;
    while game.phase() == Phase::Playing && moves < cap {
        let color = game.to_move();
        let board = game.board();
        let mut empty: Vec<Point> = board.empty_points().collect();
        let mut k = empty.len();
        let mut chosen = Move::Pass;
        while k > 0 {
            let i = rng.below(k);
            let p = empty[i];
            if !own_eye(&board, p, color) && game.check(&Action::play(color, p)).is_ok() {
                chosen = Move::Play(p);
                break;
            }
            empty.swap(i, k - 1);
            k -= 1;
        }
        game.apply(Action::Move { color, mv: chosen })
            .expect("checked");
        moves += 1;
    }
    moves
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // `cargo bench` passes `--bench`; the only argument of ours is a number of games.
    let games: u64 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(200);
    let size = BoardSize::square(9)?;
    println!("{games} random 9x9 games to two passes per variant");
    let mut baseline: Option<f64> = None;
    for id in [
        "tromp-taylor",
        "japanese-1989",
        "aga",
        "new-zealand",
        "ing-1996",
    ] {
        let rules = weiqi_spec::builtin(id)?;
        let start = Instant::now();
        let mut moves = 0;
        for seed in 1..=games {
            moves += play_game(&rules, size, seed);
        }
        let elapsed = start.elapsed();
        let per_game = elapsed.as_secs_f64() * 1000.0 / games as f64;
        let per_move = elapsed.as_secs_f64() * 1e6 / moves as f64;
        let base = *baseline.get_or_insert(per_game);
        println!(
            "{id:>15}: {per_game:.3} ms per game ({:.2}x tromp-taylor), {:.1} moves per game, {per_move:.2} us per move",
            per_game / base,
            moves as f64 / games as f64
        );
    }
    Ok(())
}
