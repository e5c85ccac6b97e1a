//! Growth curves of issue 9 ("bounded time and memory on any input"): each item's input at
//! several sizes, timed through the `weiqi` command line in-process, so that a regression to
//! quadratic growth shows as a ratio of 4 (or worse) per doubling instead of 2.
//!
//! ```sh
//! cargo bench -p weiqi-cli --bench growth
//! ```
//!
//! - item 2: `check /dev/zero` (bounded read; where `/dev/zero` exists);
//! - item 3: superko on 52x52 with the top half fixed (tromp-taylor), a triple ko under a
//!   `long-cycle-repetitions = 4000000000` variant, passes only on 52x52;
//! - item 4: `rules lint` on a file of N unknown keys;
//! - item 5: a record of N one-move variations (time here; memory with `/usr/bin/time -v
//!   target/release/weiqi check FILE`, see the README's limits section).

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Instant;

fn letter(i: usize) -> char {
    let i = u8::try_from(i).expect("a coordinate below 52");
    char::from(if i < 26 { b'a' + i } else { b'A' + (i - 26) })
}

fn point(row: usize, col: usize) -> String {
    format!("{}{}", letter(col), letter(row))
}

fn temp(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("weiqi-growth-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path: PathBuf = dir.join(name);
    std::fs::write(&path, text).expect("written");
    path.display().to_string()
}

/// Runs the command line and returns the seconds it took and its exit code.
fn time(args: &[&str]) -> (f64, i32) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut argv = vec!["weiqi"];
    argv.extend_from_slice(args);
    let start = Instant::now();
    let code = weiqi_cli::run(argv, &mut out, &mut err);
    (start.elapsed().as_secs_f64(), code)
}

fn report(item: &str, rows: &[(usize, f64, i32)]) {
    let mut line = format!("{item}:");
    for (i, (n, secs, code)) in rows.iter().enumerate() {
        let _ = write!(line, "  n={n} {secs:.3}s (exit {code})");
        if i > 0 && rows[i - 1].1 > 0.0 {
            let _ = write!(line, " x{:.1}", secs / rows[i - 1].1);
        }
    }
    println!("{line}");
}

/// 52x52, the top half filled with alternating columns of Black and White; Black fills the
/// bottom half row by row while White passes: every board differs from every earlier one in the
/// bottom half only, so a board comparison reads the whole top half first.
fn top_half_fixed(moves: usize) -> String {
    let (mut ab, mut aw) = (String::new(), String::new());
    for row in 0..26 {
        for col in 0..52 {
            let target = if col % 2 == 0 { &mut ab } else { &mut aw };
            let _ = write!(target, "[{}]", point(row, col));
        }
    }
    let mut body = String::new();
    for i in 0..moves / 2 {
        let (row, col) = (27 + i / 52, i % 52);
        let _ = write!(body, ";B[{}];W[]", point(row, col));
    }
    format!("(;GM[1]FF[4]SZ[52]PL[B]AB{ab}AW{aw}{body})")
}

/// Three basic kos on 52x52 taken in turn: the whole-board situation repeats every six moves.
fn triple_ko(moves: usize) -> String {
    let (mut ab, mut aw) = (String::new(), String::new());
    let mut mouths = Vec::new();
    for (k, c0) in [5usize, 15, 25].into_iter().enumerate() {
        let r0 = 5;
        for (r, c) in [(0, 1), (1, 0), (2, 1)] {
            let _ = write!(ab, "[{}]", point(r0 + r, c0 + c));
        }
        for (r, c) in [(0, 2), (2, 2), (1, 3)] {
            let _ = write!(aw, "[{}]", point(r0 + r, c0 + c));
        }
        // Kos 0 and 2 start with a White stone in the mouth, ko 1 with a Black one.
        if k == 1 {
            let _ = write!(ab, "[{}]", point(r0 + 1, c0 + 2));
        } else {
            let _ = write!(aw, "[{}]", point(r0 + 1, c0 + 1));
        }
        // (where Black captures, where White captures)
        mouths.push((point(r0 + 1, c0 + 2), point(r0 + 1, c0 + 1)));
    }
    let cycle = [
        ("B", &mouths[0].0),
        ("W", &mouths[1].1),
        ("B", &mouths[2].0),
        ("W", &mouths[0].1),
        ("B", &mouths[1].0),
        ("W", &mouths[2].1),
    ];
    let mut body = String::new();
    for i in 0..moves {
        let (c, p) = cycle[i % 6];
        let _ = write!(body, ";{c}[{p}]");
    }
    format!("(;GM[1]FF[4]SZ[52]PL[B]AB{ab}AW{aw}{body})")
}

fn passes(moves: usize) -> String {
    let body: String = (0..moves)
        .map(|i| if i % 2 == 0 { ";B[]" } else { ";W[]" })
        .collect();
    format!("(;GM[1]FF[4]SZ[52]RU[Japanese]{body})")
}

fn main() {
    if std::path::Path::new("/dev/zero").exists() {
        let (secs, code) = time(&["check", "/dev/zero"]);
        report("item 2: check /dev/zero", &[(0, secs, code)]);
    }
    let rows: Vec<_> = [650, 1300, 2600]
        .into_iter()
        .map(|n| {
            let f = temp(&format!("top{n}.sgf"), &top_half_fixed(n));
            let (s, c) = time(&["check", &f, "--rules", "tromp-taylor"]);
            (n, s, c)
        })
        .collect();
    report("item 3: superko, 52x52 top half fixed (moves)", &rows);
    let long = temp(
        "long.toml",
        "extends = \"japanese-1989\"\n[meta]\nname = \"long\"\nsummary = \"long cycles\"\n\
         sources = []\nsgf-names = []\n[play]\nlong-cycle-repetitions = 4000000000\n",
    );
    let rows: Vec<_> = [2499, 4998, 9996]
        .into_iter()
        .map(|n| {
            let f = temp(&format!("triple{n}.sgf"), &triple_ko(n));
            let (s, c) = time(&["check", &f, "--rules", &long]);
            (n, s, c)
        })
        .collect();
    report("item 3: triple ko, 52x52, repetitions 4e9 (moves)", &rows);
    let rows: Vec<_> = [2499, 4999, 9999]
        .into_iter()
        .map(|n| {
            let f = temp(&format!("passes{n}.sgf"), &passes(n));
            let (s, c) = time(&["check", &f]);
            (n, s, c)
        })
        .collect();
    report("item 3: passes only, 52x52 (moves)", &rows);
    let rows: Vec<_> = [10_000, 20_000, 40_000]
        .into_iter()
        .map(|n| {
            let text: String = std::iter::once("[play]\n".to_owned())
                .chain((0..n).map(|i| format!("unknown-{i} = 1\n")))
                .collect();
            let f = temp(&format!("lint{n}.toml"), &text);
            let (s, c) = time(&["rules", "lint", &f]);
            (n, s, c)
        })
        .collect();
    report("item 4: rules lint, unknown keys", &rows);
    let rows: Vec<_> = [47_500, 95_000, 190_000]
        .into_iter()
        .map(|n| {
            let f = temp(
                &format!("vars{n}.sgf"),
                &format!("(;GM[1]FF[4]SZ[19]{})", "(;B[aa])".repeat(n)),
            );
            let (s, c) = time(&["check", &f]);
            (n, s, c)
        })
        .collect();
    report("item 5: one-move variations (nodes)", &rows);
    let _ = std::fs::remove_dir_all(
        std::env::temp_dir().join(format!("weiqi-growth-{}", std::process::id())),
    );
}
