//! A small exhaustive solver used to check the seed-000 suicide position (VARIANTS.md 4.9,
//! DECISIONS.md 20): negamax with alpha-beta over the interpreter's legal moves, scoring the
//! final board by Tromp-Taylor area (every stone alive). The transposition table keys on the
//! board, the player to move and the pass count, so it ignores the superko history: it is an
//! aid for finding the position, not the oracle (the tests replay the lines it prints).
//!
//! ```text
//! cargo run --release -p weiqi-interpreter --example seed000_search -- <variant> "<rows>" [depth]
//! ```

use std::collections::HashMap;

use weiqi_core::{Action, Board, Color, Move, Phase, Referee, Setup};
use weiqi_interpreter::Interpreter;

fn area(board: &Board) -> i64 {
    let mut score = 0i64;
    let mut seen = vec![false; board.size().points_count()];
    for (p, c) in board.iter() {
        match c {
            Some(Color::Black) => score += 1,
            Some(Color::White) => score -= 1,
            None => {
                let Some(i) = board.size().index(p) else { continue };
                if seen[i] {
                    continue;
                }
                let mut stack = vec![p];
                seen[i] = true;
                let mut region = 0i64;
                let (mut black, mut white) = (false, false);
                while let Some(q) = stack.pop() {
                    region += 1;
                    for n in board.neighbours(q) {
                        match board.get(n) {
                            Some(Color::Black) => black = true,
                            Some(Color::White) => white = true,
                            None => {
                                if let Some(j) = board.size().index(n) {
                                    if !seen[j] {
                                        seen[j] = true;
                                        stack.push(n);
                                    }
                                }
                            }
                        }
                    }
                }
                if black && !white {
                    score += region;
                } else if white && !black {
                    score -= region;
                }
            }
        }
    }
    score
}

type Key = (String, Color, usize);

struct Solver {
    table: HashMap<Key, (u32, i64)>,
    nodes: u64,
}

fn passes(g: &Interpreter) -> usize {
    g.history().iter().rev().take_while(|r| r.kind == weiqi_interpreter::history::Kind::Pass).count().min(2)
}

impl Solver {
    /// Black's area margin with best play, from Black's point of view.
    fn value(&mut self, g: &Interpreter, depth: u32) -> i64 {
        self.nodes += 1;
        if g.phase() != Phase::Playing || depth == 0 {
            return area(&g.board());
        }
        let key = (g.board().to_string(), g.to_move(), passes(g));
        if let Some(&(d, v)) = self.table.get(&key) {
            if d >= depth {
                return v;
            }
        }
        let maximize = g.to_move() == Color::Black;
        let mut best = if maximize { i64::MIN } else { i64::MAX };
        for mv in g.legal_moves() {
            let mut child = g.clone();
            if child.apply(Action::Move { color: g.to_move(), mv }).is_err() {
                continue;
            }
            let v = self.value(&child, depth - 1);
            best = if maximize { best.max(v) } else { best.min(v) };
        }
        self.table.insert(key, (depth, best));
        best
    }

    fn line(&mut self, g: &Interpreter, depth: u32) -> Vec<(Move, i64)> {
        let mut out = Vec::new();
        let mut g = g.clone();
        for d in (1..=depth).rev() {
            if g.phase() != Phase::Playing {
                break;
            }
            let maximize = g.to_move() == Color::Black;
            let mut best: Option<(Move, i64, Interpreter)> = None;
            for mv in g.legal_moves() {
                let mut child = g.clone();
                if child.apply(Action::Move { color: g.to_move(), mv }).is_err() {
                    continue;
                }
                let v = self.value(&child, d - 1);
                let better = match &best {
                    None => true,
                    Some((_, b, _)) => if maximize { v > *b } else { v < *b },
                };
                if better {
                    best = Some((mv, v, child));
                }
            }
            let Some((mv, v, child)) = best else { break };
            out.push((mv, v));
            g = child;
        }
        out
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let variant = args.get(1).map_or("tromp-taylor", String::as_str);
    let rows = args.get(2).ok_or("rows needed")?;
    let depth: u32 = args.get(3).and_then(|d| d.parse().ok()).unwrap_or(12);
    let rules = weiqi_spec::builtin(variant)?;
    let board = Board::from_diagram(&rows.replace('/', "\n"))?;
    let g = Interpreter::new(&rules, Setup::from_board(&board, Color::Black))?;
    let mut s = Solver { table: HashMap::new(), nodes: 0 };
    let v = s.value(&g, depth);
    println!("{variant}: value {v} (black area margin) after {} nodes", s.nodes);
    for (mv, v) in s.line(&g, depth) {
        println!("  {mv:?} -> {v}");
    }
    Ok(())
}
