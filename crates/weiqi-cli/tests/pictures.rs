//! The pictures of `weiqi score --svg` and `weiqi check --svg` (issue 15 item 3), rendered in
//! headless Chromium (Debian package `chromium`): each screenshot has the SVG's size, and at
//! every point of every board the colour the ruling says (a stone, a territory square, a dead
//! stone, a seki stone, a shared point, an empty point), the last play ringed in red, a refused
//! play crossed in red, and the earlier position a superko or Ing refusal names beside it.
//!
//! The expected marks come from `weiqi score`'s text diagram; the expected positions of `check`
//! from the interpreter itself, replaying the record. CI installs chromium (.ci/run) and fails
//! here without it; elsewhere the tests say they are skipped.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use weiqi_core::{Action, Board, Color, Point, Referee};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn data(name: &str) -> String {
    format!("crates/weiqi-cli/tests/data/{name}")
}

/// A fresh folder for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("weiqi-pictures-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// Chromium on the PATH, where the Debian package `chromium` installs it. `None` (after
/// saying so) when it is missing outside CI; a failure under CI=true.
fn chromium(test: &str) -> Option<PathBuf> {
    let found = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .flat_map(|d| [d.join("chromium"), d.join("chromium-browser")])
            .find(|p| p.is_file())
    });
    if found.is_none() {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "CI=true but chromium is missing: .ci/run must install it"
        );
        // Written to stderr directly, past the test harness's capture, so that the output of a
        // passing run shows the skip.
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED {test}: chromium is not installed (apt-get install chromium)"
        );
    }
    found
}

/// Runs `weiqi` in the workspace root and checks the exit code; returns stdout.
fn weiqi(args: &[&str], code: i32) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_weiqi"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("the binary runs");
    let stdout = String::from_utf8(output.stdout).expect("utf-8");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        output.status.code(),
        Some(code),
        "{args:?}\n{stdout}\n{stderr}"
    );
    stdout
}

/// The number in `name="N"` of the first tag of `text` holding it.
fn attribute(text: &str, name: &str) -> u32 {
    let key = format!(" {name}=\"");
    let start = text.find(&key).unwrap_or_else(|| panic!("no {name}")) + key.len();
    let end = start + text[start..].find('"').expect("a closing quote");
    text[start..end]
        .parse()
        .unwrap_or_else(|_| panic!("{name}: not a number"))
}

/// Where a board's points are, from its `<g class="board">` tag.
#[derive(Debug, Clone, Copy)]
struct Geometry {
    x: u32,
    y: u32,
    cell: u32,
    cols: u8,
    rows: u8,
}

fn boards(svg: &str) -> Vec<Geometry> {
    svg.match_indices("<g class=\"board\"")
        .map(|(i, _)| {
            let tag = &svg[i..i + svg[i..].find('>').expect("a tag")];
            Geometry {
                x: attribute(tag, "data-x"),
                y: attribute(tag, "data-y"),
                cell: attribute(tag, "data-cell"),
                cols: u8::try_from(attribute(tag, "data-cols")).expect("small"),
                rows: u8::try_from(attribute(tag, "data-rows")).expect("small"),
            }
        })
        .collect()
}

/// A decoded screenshot.
struct Shot {
    width: u32,
    height: u32,
    rgb: Vec<u8>,
}

impl Shot {
    /// The colour at the point `p` of `board`, `(dx, dy)` grid steps from its centre.
    fn at(&self, g: Geometry, p: Point, dx: f64, dy: f64) -> [u8; 3] {
        let c = f64::from(g.cell);
        let x = (f64::from(g.x) + f64::from(p.col) * c + dx * c).round() as u32;
        let y = (f64::from(g.y) + f64::from(p.row) * c + dy * c).round() as u32;
        assert!(x < self.width && y < self.height, "({x}, {y}) is outside");
        let i = ((y * self.width + x) * 3) as usize;
        [self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]]
    }
}

/// Renders `svg` in headless Chromium at the SVG's own size and decodes the screenshot.
fn screenshot(chromium: &Path, svg: &Path) -> Shot {
    let text = std::fs::read_to_string(svg).expect("the svg");
    let (w, h) = (attribute(&text, "width"), attribute(&text, "height"));
    let png = svg.with_extension("png");
    let profile = svg.with_extension("profile");
    let _ = std::fs::remove_dir_all(&profile);
    let _ = std::fs::remove_file(&png);
    let mut child = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--window-size={w},{h}"))
        .arg(format!("--screenshot={}", png.display()))
        .arg(format!("file://{}", svg.display()))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("chromium starts");
    let start = Instant::now();
    loop {
        if child.try_wait().expect("chromium runs").is_some() {
            break;
        }
        if start.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            panic!("chromium took more than two minutes on {}", svg.display());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = std::fs::remove_dir_all(&profile);
    let file = std::fs::File::open(&png).expect("chromium wrote the screenshot");
    let mut decoder = png::Decoder::new(std::io::BufReader::new(file));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().expect("a png");
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).expect("a frame");
    let channels = match info.color_type {
        png::ColorType::Rgb => 3,
        png::ColorType::Rgba => 4,
        other => panic!("unexpected colour type {other:?}"),
    };
    let rgb: Vec<u8> = buf[..info.buffer_size()]
        .chunks(channels)
        .flat_map(|px| [px[0], px[1], px[2]])
        .collect();
    assert_eq!((info.width, info.height), (w, h), "the screenshot's size");
    Shot {
        width: info.width,
        height: info.height,
        rgb,
    }
}

fn dark(c: [u8; 3]) -> bool {
    c.iter().all(|&v| v < 70)
}

fn light(c: [u8; 3]) -> bool {
    c.iter().all(|&v| v > 225)
}

/// The board's colour, `#dcb35c`.
fn wood(c: [u8; 3]) -> bool {
    let [r, g, b] = c.map(i32::from);
    (r - 220).abs() < 25 && (g - 179).abs() < 25 && (b - 92).abs() < 25
}

fn red(c: [u8; 3]) -> bool {
    c[0] > 180 && c[1] < 100 && c[2] < 100
}

fn blue(c: [u8; 3]) -> bool {
    c[2] > 150 && c[0] < 90
}

fn grey(c: [u8; 3]) -> bool {
    let [r, g, b] = c.map(i32::from);
    (r - g).abs() < 20 && (g - b).abs() < 20 && (90..170).contains(&r)
}

/// One point of a board checked against a mark of the text diagram (`diagram.rs`'s legend):
/// off the centre a stone's colour or the wood, at the centre a territory square, a seki
/// diamond, a shared point's dot.
fn check_mark(shot: &Shot, g: Geometry, p: Point, mark: char) {
    let off = shot.at(g, p, 0.3, 0.3);
    let centre = shot.at(g, p, 0.05, 0.05);
    let ok = match mark {
        'X' => dark(off),
        'O' => light(off),
        '#' => dark(off) && light(centre),
        '@' => light(off) && dark(centre),
        // A faded stone under the opponent's territory square.
        'x' => !dark(off) && !light(off) && !wood(off) && light(centre),
        'o' => !dark(off) && !light(off) && !wood(off) && dark(centre),
        'b' => wood(off) && dark(centre),
        'w' => wood(off) && light(centre),
        ',' => wood(off) && grey(centre),
        '.' => wood(off),
        _ => panic!("unknown mark {mark:?}"),
    };
    assert!(
        ok,
        "{} ({mark}): off the centre {off:?}, at the centre {centre:?}",
        p.to_sgf()
    );
}

/// The last text diagram of `weiqi score`: rows of marks, the row number first.
fn score_diagram(text: &str, cols: u8) -> Vec<Vec<char>> {
    let mut rows: Vec<Vec<char>> = Vec::new();
    for line in text.lines() {
        let mut words = line.split_whitespace();
        let numbered = words.next().is_some_and(|w| w.parse::<u32>().is_ok());
        let marks: Vec<char> = words.filter_map(|w| w.chars().next()).collect();
        if numbered && marks.len() == usize::from(cols) && line.len() > 4 {
            rows.push(marks);
        } else if !rows.is_empty() && !numbered {
            // A later diagram starts afresh.
            if line.trim_start().starts_with('A') {
                rows.clear();
            }
        }
    }
    rows
}

/// The filled board of an Ing fill-in counting, from the text after `filled board:`.
fn filled_board(text: &str) -> Board {
    let rows: Vec<String> = text
        .lines()
        .skip_while(|l| *l != "filled board:")
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .map(|l| l.trim().replace(' ', ""))
        .collect();
    Board::from_diagram(&rows.join("\n")).expect("a filled board")
}

fn check_stones(shot: &Shot, g: Geometry, board: &Board) {
    assert_eq!(
        (g.cols, g.rows),
        (board.size().width(), board.size().height())
    );
    for (p, stone) in board.iter() {
        let mark = match stone {
            Some(Color::Black) => 'X',
            Some(Color::White) => 'O',
            None => '.',
        };
        check_mark(shot, g, p, mark);
    }
}

/// `weiqi score FILE --svg` (with `rules`): the screenshot matches the text diagram point by
/// point, the last play is ringed in red; returns the screenshot, the boards and the text.
fn score_picture(
    chromium: &Path,
    dir: &Path,
    game: &str,
    rules: &[&str],
) -> (Shot, Vec<Geometry>, String) {
    let svg = dir.join("score.svg");
    let s = svg.display().to_string();
    let mut args = vec!["score", game];
    args.extend(rules);
    let text = weiqi(&args, 0);
    args.extend(["--svg", &s]);
    weiqi(&args, 0);
    let picture = std::fs::read_to_string(&svg).expect("the svg");
    let geometry = boards(&picture);
    let shot = screenshot(chromium, &svg);
    let g = geometry[0];
    let rows = score_diagram(&text, g.cols);
    assert_eq!(rows.len(), usize::from(g.rows), "{text}");
    for (row, marks) in rows.iter().enumerate() {
        for (col, &mark) in marks.iter().enumerate() {
            let p = Point {
                col: u8::try_from(col).expect("small"),
                row: u8::try_from(row).expect("small"),
            };
            check_mark(&shot, g, p, mark);
        }
    }
    assert!(picture.contains("result: "), "the result is written");
    (shot, geometry, text)
}

/// The red ring of the last play around `p`.
fn ringed(shot: &Shot, g: Geometry, p: Point, colour: fn([u8; 3]) -> bool) -> bool {
    [(0.25, 0.0), (-0.25, 0.0), (0.0, 0.25), (0.0, -0.25)]
        .iter()
        .all(|&(dx, dy)| colour(shot.at(g, p, dx, dy)))
}

fn point(sgf: &str, size: weiqi_core::BoardSize) -> Point {
    Point::from_sgf(sgf, size).expect("a point")
}

#[test]
fn score_svg_of_a_19x19_game_with_dead_stones_and_seki() {
    let Some(chromium) = chromium("score_svg_of_a_19x19_game") else {
        return;
    };
    let dir = scratch("19x19");
    // A KGS game with the players' TB/TW marks: dead stones of both sides and a seki.
    let game = "../shared/corpus/real-records/gnugo/regression/games/kgs/GNU-ituyosi2.sgf";
    let (shot, g, text) = score_picture(&chromium, &dir, game, &[]);
    assert_eq!(g.len(), 1);
    assert!(text.contains('#') && text.contains('x') && text.contains('o'));
    // The last play, B P9 (move 330), ringed in red.
    let size = weiqi_core::BoardSize::square(19).expect("valid");
    assert!(ringed(&shot, g[0], point("ok", size), red));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn score_svg_of_9x9_games_with_dead_stones_and_shared_points() {
    let Some(chromium) = chromium("score_svg_of_9x9_games") else {
        return;
    };
    let dir = scratch("9x9");
    // games/sample.sgf: two dead White stones, one dead Black stone (Japanese rules).
    let (shot, g, _) = score_picture(&chromium, &dir, "games/sample.sgf", &[]);
    let size = weiqi_core::BoardSize::square(9).expect("valid");
    // Move 30, W C2, is the last play (32 is White's pass).
    assert!(ringed(&shot, g[0], point("ch", size), red));
    // GNU Go's 9x9-1 under Chinese rules: territory, stones in seki and shared points.
    let game = "../shared/corpus/real-records/gnugo/regression/games/9x9-1.sgf";
    let (_, _, text) = score_picture(&chromium, &dir, game, &["--rules", "chinese-1988"]);
    assert!(text.contains(" , ") && text.contains('@') && text.contains('#'));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn score_svg_of_an_ing_game_draws_the_filled_board() {
    let Some(chromium) = chromium("score_svg_of_an_ing_game") else {
        return;
    };
    let dir = scratch("ing");
    // Seed 000's normal end under Ing 1996: the fill-in counting's board beside the final one.
    let (shot, g, text) = score_picture(&chromium, &dir, &data("ing-normal-end.sgf"), &[]);
    assert_eq!(g.len(), 2, "the final board and the filled board");
    check_stones(&shot, g[1], &filled_board(&text));
    let picture = std::fs::read_to_string(dir.join("score.svg")).expect("the svg");
    assert!(picture.contains("ing fill-in counting: 40 stones each"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The board of `game` under `rules` after its first `moves` moves, by the interpreter.
fn position(game: &str, rules: &str, moves: usize) -> Board {
    let bytes = std::fs::read(root().join(game)).expect("the record");
    let record = weiqi_sgf::parse(game, &bytes).expect("readable");
    let ruleset = weiqi_spec::builtin(rules).expect("a built-in variant");
    let start = record.game_start(&ruleset).expect("a start");
    let mut referee =
        weiqi_interpreter::Interpreter::new(&ruleset, start.setup).expect("a valid setup");
    for m in &record.moves[start.skip..moves] {
        referee
            .apply(Action::Move {
                color: m.color,
                mv: m.mv,
            })
            .expect("a legal move");
    }
    referee.board()
}

/// `weiqi check GAME --rules R --svg --move N` with the refusal `code`: the position before
/// move N, the refused point crossed in red, and beside it the position before move `earlier`.
fn check_picture(
    chromium: &Path,
    dir: &Path,
    (game, rules, number): (&str, &str, usize),
    (code, refused): (&str, &str),
    earlier: usize,
) -> (Shot, Vec<Geometry>) {
    let svg = dir.join("check.svg");
    let s = svg.display().to_string();
    let n = number.to_string();
    let text = weiqi(&["check", game, "--rules", rules], 1);
    assert!(text.contains(&format!("ILLEGAL ({code})")), "{text}");
    weiqi(
        &["check", game, "--rules", rules, "--svg", &s, "--move", &n],
        1,
    );
    let picture = std::fs::read_to_string(&svg).expect("the svg");
    assert!(picture.contains(&format!("ILLEGAL ({code})")));
    let g = boards(&picture);
    assert_eq!(g.len(), 2, "the position and the earlier one");
    let shot = screenshot(chromium, &svg);
    let before = position(game, rules, number - 1);
    let p = point(refused, before.size());
    // The refused point: an empty point under a red cross; every other point as it stands.
    assert!(before.get(p).is_none());
    assert!(red(shot.at(g[0], p, 0.0, 0.0)));
    assert!(red(shot.at(g[0], p, 0.25, 0.25)));
    for (q, stone) in before.iter().filter(|&(q, _)| q != p) {
        let mark = stone.map_or('.', |c| if c == Color::Black { 'X' } else { 'O' });
        check_mark(&shot, g[0], q, mark);
    }
    check_stones(&shot, g[1], &position(game, rules, earlier - 1));
    (shot, g)
}

#[test]
fn check_svg_of_a_superko_refusal_shows_the_position_it_repeats() {
    let Some(chromium) = chromium("check_svg_of_a_superko_refusal") else {
        return;
    };
    let dir = scratch("superko");
    // Fuego's positional-superko test: W B9 (move 3) recreates the position before move 1.
    let game = "../shared/corpus/fuego-regression/repetition/positional-superko.sgf";
    check_picture(
        &chromium,
        &dir,
        (game, "tromp-taylor", 3),
        ("positional-superko", "ba"),
        1,
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn check_svg_of_an_ing_hot_stone_refusal_shows_the_ko_capture() {
    let Some(chromium) = chromium("check_svg_of_an_ing_hot_stone_refusal") else {
        return;
    };
    let dir = scratch("hot");
    // Ing 1996's ko rule: Black's ko capture at C8 (move 9) made the stone hot; White's
    // recapture at B8 (move 10) is refused. Beside it: the position before move 9, whose move
    // is ringed in blue.
    let game = &data("illegal-ko.sgf");
    let (shot, g) = check_picture(
        &chromium,
        &dir,
        (game, "ing-1996", 10),
        ("hot-stone", "bb"),
        9,
    );
    let size = weiqi_core::BoardSize::square(9).expect("valid");
    assert!(ringed(&shot, g[1], point("cb", size), blue));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The pictures of the README (section "Pictures") and the commands that made them.
const README_PICTURES: &[(&str, &[&str], i32)] = &[
    (
        "docs/pictures/sample-score.svg",
        &["score", "games/sample.sgf"],
        0,
    ),
    (
        "docs/pictures/ing-score.svg",
        &["score", "crates/weiqi-cli/tests/data/ing-normal-end.sgf"],
        0,
    ),
    (
        "docs/pictures/hot-stone-check.svg",
        &[
            "check",
            "crates/weiqi-cli/tests/data/illegal-ko.sgf",
            "--rules",
            "ing-1996",
            "--move",
            "10",
        ],
        1,
    ),
    (
        "docs/pictures/superko-check.svg",
        &[
            "check",
            "../shared/corpus/fuego-regression/repetition/positional-superko.sgf",
            "--rules",
            "tromp-taylor",
            "--move",
            "3",
        ],
        1,
    ),
];

#[test]
fn the_readme_pictures_are_what_their_commands_make() {
    // Issue 15 "Done when": the README shows each picture with the command that made it.
    let readme = std::fs::read_to_string(root().join("README.md")).expect("the README");
    let dir = scratch("readme");
    for (file, args, code) in README_PICTURES {
        let out = dir.join("picture.svg");
        let o = out.display().to_string();
        let mut all = args.to_vec();
        all.extend(["--svg", &o]);
        weiqi(&all, *code);
        let made = std::fs::read_to_string(&out).expect("made");
        let committed = std::fs::read_to_string(root().join(file)).expect("committed");
        assert!(
            made == committed,
            "{file} is stale: regenerate it with `weiqi {} --svg {file}`",
            args.join(" ")
        );
        let command = format!("weiqi {} --svg {file}", args.join(" "));
        assert!(
            readme.contains(&command) && readme.contains(&format!("]({file})")),
            "the README does not show {file} with `{command}`"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn check_svg_of_a_legal_move_rings_it_in_blue() {
    let Some(chromium) = chromium("check_svg_of_a_legal_move") else {
        return;
    };
    let dir = scratch("legal");
    // Move 9 of tests/data/illegal-ko.sgf, Black's ko capture at C8, is legal under Ing 1996:
    // the position before it, the point ringed in blue, nothing beside it.
    let game = data("illegal-ko.sgf");
    let svg = dir.join("legal.svg");
    let s = svg.display().to_string();
    weiqi(
        &[
            "check", &game, "--rules", "ing-1996", "--svg", &s, "--move", "9",
        ],
        1,
    );
    let picture = std::fs::read_to_string(&svg).expect("the svg");
    assert!(picture.contains("move 9: B cb (C8) legal, captures 1"));
    let g = boards(&picture);
    assert_eq!(g.len(), 1);
    let shot = screenshot(&chromium, &svg);
    let before = position(&game, "ing-1996", 8);
    check_stones(&shot, g[0], &before);
    assert!(ringed(&shot, g[0], point("cb", before.size()), blue));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn check_svg_refuses_a_move_the_replay_did_not_rule() {
    // The replay stops at the first illegal move (10): move 11 has no position to draw.
    let dir = scratch("unruled");
    let s = dir.join("x.svg").display().to_string();
    let output = Command::new(env!("CARGO_BIN_EXE_weiqi"))
        .args([
            "check",
            &data("illegal-ko.sgf"),
            "--svg",
            &s,
            "--move",
            "11",
        ])
        .current_dir(root())
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("--move 11: no such move was ruled: the replay stops at move 10"),
        "{stderr}"
    );
    assert!(!dir.join("x.svg").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn check_svg_of_an_ing_cycle_restart_shows_where_the_cycle_started() {
    let Some(chromium) = chromium("check_svg_of_an_ing_cycle_restart") else {
        return;
    };
    let dir = scratch("cycle");
    // docs/variants.md 4.3 (sending two, returning one) under Ing 1996: Black's A5 at move 5 would
    // restart the cycle that Black's A5 at move 1 started from the same position (Rule D).
    let game = &data("ing-cycle-restart.sgf");
    let (shot, g) = check_picture(
        &chromium,
        &dir,
        (game, "ing-1996", 5),
        ("cycle-restart", "aa"),
        1,
    );
    let size = weiqi_core::BoardSize::square(5).expect("valid");
    assert!(ringed(&shot, g[1], point("aa", size), blue));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn score_svg_of_a_game_with_an_illegal_move_draws_that_move() {
    // No ruling on a game with an illegal move: `score --svg` draws the position before it, as
    // `check --svg` does (tests/data/illegal-ko.sgf: White's move 10 retakes the ko at once).
    let dir = scratch("score-illegal");
    let svg = dir.join("x.svg");
    let s = svg.display().to_string();
    for json in [false, true] {
        let _ = std::fs::remove_file(&svg);
        let mut args = vec![
            "score",
            "crates/weiqi-cli/tests/data/illegal-ko.sgf",
            "--svg",
            &s,
        ];
        if json {
            args.push("--json");
        }
        weiqi(&args, 1);
        let picture = std::fs::read_to_string(&svg).expect("drawn");
        assert!(
            picture.contains("move 10: W bb (B8) ILLEGAL (ko)"),
            "{picture}"
        );
        assert_eq!(boards(&picture).len(), 1);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn svg_takes_one_game_and_reads_standard_input() {
    // A picture is of one game: many files are refused before any is ruled (issue 15 item 2's
    // batch), standard input is one game like a file.
    let dir = scratch("one-game");
    let svg = dir.join("x.svg");
    let s = svg.display().to_string();
    for command in ["check", "score"] {
        let output = Command::new(env!("CARGO_BIN_EXE_weiqi"))
            .args([
                command,
                "games/sample.sgf",
                &data("illegal-ko.sgf"),
                "--svg",
                &s,
            ])
            .current_dir(root())
            .output()
            .expect("the binary runs");
        assert_eq!(output.status.code(), Some(2), "{command}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("takes one file of one game"), "{stderr}");
        assert!(!svg.exists());
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_weiqi"))
        .args(["score", "-", "--svg", &s])
        .current_dir(root())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("the binary runs");
    let sample = std::fs::read(root().join("games/sample.sgf")).expect("the sample");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(&sample)
        .expect("written");
    assert_eq!(child.wait().expect("it ends").code(), Some(0));
    let picture = std::fs::read_to_string(&svg).expect("drawn");
    assert!(picture.contains("file: -") && picture.contains("result: W+1.5"));
    let _ = std::fs::remove_dir_all(&dir);
}
