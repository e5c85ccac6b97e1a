//! Writes the perft data file `perft/interpreter.txt` (to standard output):
//!
//! ```text
//! cargo run --release -p weiqi-interpreter --example perft > perft/interpreter.txt
//! ```

use weiqi_core::{Board, Color};
use weiqi_interpreter::perft::{PerftLine, perft};

/// (variant, rows, to move, maximum depth)
const CASES: &[(&str, &str, Color, u32)] = &[
    // Empty small boards: suicide, superko and the stop after two passes.
    ("tromp-taylor", "../..", Color::Black, 6),
    ("japanese-1989", "../..", Color::Black, 6),
    ("chinese-1988", "../..", Color::Black, 6),
    ("aga", "../..", Color::Black, 6),
    ("new-zealand", "../..", Color::Black, 6),
    ("egf-sir", "../..", Color::Black, 6),
    ("tromp-taylor", ".../.../...", Color::Black, 4),
    ("japanese-1989", ".../.../...", Color::Black, 4),
    ("new-zealand", ".../.../...", Color::Black, 4),
    ("aga", ".../.../...", Color::Black, 4),
    // A 4x4 ko (docs/variants.md 4.1 shape in a corner).
    ("japanese-1989", ".XO./XO.O/.XO./....", Color::Black, 3),
    ("chinese-1988", ".XO./XO.O/.XO./....", Color::Black, 3),
    ("aga", ".XO./XO.O/.XO./....", Color::Black, 3),
    ("new-zealand", ".XO./XO.O/.XO./....", Color::Black, 3),
    // docs/variants.md 4.9 suicide vectors (5x5).
    (
        "tromp-taylor",
        ".XO../XXO../OOO../...OO/...O.",
        Color::Black,
        2,
    ),
    (
        "new-zealand",
        ".XO../XXO../OOO../...OO/...O.",
        Color::Black,
        2,
    ),
    ("egf-sir", ".XO../XXO../OOO../...OO/...O.", Color::Black, 2),
    ("korean", ".XO../XXO../OOO../...OO/...O.", Color::Black, 2),
    // Variants that allow only standard sizes, on 9x9.
    (
        "ing-1996",
        ".XO....../XO.O...../.XO....../........./........./........./........./.......XO/......XO.",
        Color::Black,
        2,
    ),
    (
        "rfg-2010-territory",
        ".XO....../XO.O...../.XO....../........./........./........./........./........./.........",
        Color::Black,
        2,
    ),
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!(
        "# Perft counts: legal move sequences (board plays and passes; no dead-stone proposals or"
    );
    println!("# resumptions) of exactly <depth> moves, under the built-in variant.");
    println!(
        "# Format: <variant> <W>x<H> <rows from the top, '/'-separated; X black, O white, . empty> <B|W to move> <depth> <count>"
    );
    println!(
        "# Produced by: cargo run --release -p weiqi-interpreter --example perft > perft/interpreter.txt"
    );
    for &(variant, rows, to_move, max_depth) in CASES {
        let rules = weiqi_spec::builtin(variant)?;
        let board = Board::from_diagram(&rows.replace('/', "\n"))?;
        for depth in 1..=max_depth {
            let mut line = PerftLine {
                variant: variant.to_owned(),
                board: board.clone(),
                to_move,
                depth,
                count: 0,
            };
            line.count = perft(&line.game(&rules)?, depth);
            println!("{line}");
        }
    }
    Ok(())
}
