//! Random playouts with the move choice of `docs/workloads.md` (W1/W2), for quick
//! measurements and callgrind runs of the hot path (the benchmark proper is `weiqi-bench`):
//! `cargo run --release -p weiqi-engine --example playouts -- VARIANT SIZE PLAYOUTS`.

use std::time::Instant;

use weiqi_core::Referee;
use weiqi_core::{BoardSize, Move, Point, Points, Setup};
use weiqi_engine::Engine;

fn rng(x: &mut u64) -> u64 {
    *x ^= *x >> 12;
    *x ^= *x << 25;
    *x ^= *x >> 27;
    x.wrapping_mul(0x2545_F491_4F6C_DD1D)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let variant = args.get(1).map_or("japanese-1989", String::as_str);
    let side: u32 = args.get(2).map_or(Ok(9), |s| s.parse())?;
    let playouts: u64 = args.get(3).map_or(Ok(1000), |s| s.parse())?;
    let text = format!("extends = \"{variant}\"\n[board]\nsizes = []\n");
    let rules = weiqi_spec::parse_str("bench.toml", &text)?;
    let size = BoardSize::square(side)?;
    let start = Engine::new(&rules, Setup::even(size))?;
    let cap = 3 * size.points_count();
    let mut buf: Vec<Point> = Vec::with_capacity(size.points_count());
    let mut total_moves = 0u64;
    let mut checksum = Points::ZERO;
    let t = Instant::now();
    for seed in 1..=playouts {
        let mut x = seed;
        let mut g = start.clone();
        let (mut passes, mut moves) = (0, 0);
        while passes < 2 && moves < cap && g.phase() == weiqi_core::Phase::Playing {
            buf.clear();
            buf.extend_from_slice(g.empty_points());
            let mut k = buf.len();
            let mut chosen = Move::Pass;
            while k > 0 {
                let i = (((rng(&mut x) >> 32) * k as u64) >> 32) as usize;
                let p = buf[i];
                if !g.is_own_eye(p) && g.is_legal(p) {
                    chosen = Move::Play(p);
                    break;
                }
                buf.swap(i, k - 1);
                k -= 1;
            }
            g.play(chosen).map_err(|e| e.to_string())?;
            moves += 1;
            passes = if chosen == Move::Pass { passes + 1 } else { 0 };
        }
        total_moves += moves as u64;
        checksum += g.area_score_tromp_taylor(Points::from_halves(15));
    }
    let ns = t.elapsed().as_nanos() as f64 / total_moves as f64;
    println!(
        "variant={variant} size={side} playouts={playouts} moves={total_moves} ns_per_move={ns:.1} avg_len={:.1} checksum={}",
        total_moves as f64 / playouts as f64,
        checksum.halves()
    );
    Ok(())
}
