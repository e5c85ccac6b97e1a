//! The dead-stone analysis of `weiqi score --dead auto` is sound (issue 10 item 4: "it must
//! never call a stone dead that is alive"), checked three ways: against GNU Go's Benson-style
//! `unconditional_status` expectations, against GNU Go's own dead lists of its scoring
//! regression games, and on random positions by playing the proof out.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use weiqi_core::{Action, Board, BoardSize, Color, Point, Referee};
use weiqi_record::dead::auto;

/// `../shared/corpus/gnugo-regression`, beside the clone as in CI.
fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/gnugo-regression")
}

/// The board at the end of a record's main line (replayed under Japanese 1989).
fn final_board(path: &Path) -> Board {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{name}: {e}"));
    let record = weiqi_sgf::parse(&name, &bytes).unwrap_or_else(|e| panic!("{e}"));
    let ruleset = weiqi_spec::builtin("japanese-1989").expect("built-in");
    let mut game =
        weiqi_interpreter::Interpreter::new(&ruleset, record.setup()).expect("game starts");
    for m in &record.moves {
        game.apply(Action::Move {
            color: m.color,
            mv: m.mv,
        })
        .unwrap_or_else(|e| panic!("{name}: move {}: {e}", m.number));
    }
    game.board()
}

/// The rows of a tab-separated file with a header, as maps from column name to value.
fn tsv(path: &Path) -> Vec<std::collections::BTreeMap<String, String>> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("header").split('\t').collect();
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            header
                .iter()
                .zip(l.split('\t').chain(std::iter::repeat("")))
                .map(|(k, v)| ((*k).to_owned(), v.to_owned()))
                .collect()
        })
        .collect()
}

#[test]
fn unconditional_status_agrees_with_gnu_go_expectations() {
    // GNU Go's regression/unconditional.tst (corpus README: "exact, rule-independent facts"):
    // no stone it calls alive or undecided is marked dead, and every stone we mark dead it
    // calls dead. (GNU Go's "alive" goes beyond Benson: it captures the unconditionally dead
    // stones first, so some of its alive strings are not Benson-alive on the board itself.)
    let dir = corpus();
    let rows = tsv(&dir.join("expected_unconditional_status.tsv"));
    assert!(rows.len() > 600, "{} rows", rows.len());
    let mut boards = std::collections::BTreeMap::new();
    let (mut alive_rows, mut benson_alive, mut dead_rows, mut dead_found) = (0, 0, 0, 0);
    for row in &rows {
        let sgf = &row["sgf"];
        let (board, estimate) = boards.entry(sgf.clone()).or_insert_with(|| {
            let board = final_board(&dir.join(sgf));
            let estimate = auto::estimate(&board, false);
            (board, estimate)
        });
        let p = Point::from_gtp(&row["vertex"], board.size()).expect("vertex");
        match row["expected_unconditional_status"].as_str() {
            "alive" => {
                alive_rows += 1;
                let color = board.get(p).expect("a stone");
                if auto::benson(board, color, false).alive.contains(&p) {
                    benson_alive += 1;
                }
                assert!(!estimate.dead.contains(&p), "{sgf} {}", row["vertex"]);
            }
            "dead" => {
                dead_rows += 1;
                if estimate.dead.contains(&p) {
                    dead_found += 1;
                }
            }
            _ => {
                // Undecided stones and territory points: never marked dead.
                let undecided = row["expected_unconditional_status"] == "undecided";
                if undecided && board.get(p).is_some() {
                    assert!(
                        !estimate.dead.contains(&p),
                        "{sgf} {}: undecided",
                        row["vertex"]
                    );
                }
            }
        }
    }
    // Every stone we mark dead on these boards is one GNU Go expects dead.
    for (sgf, (board, estimate)) in &boards {
        let expected_dead: BTreeSet<Point> = rows
            .iter()
            .filter(|r| &r["sgf"] == sgf && r["expected_unconditional_status"] == "dead")
            .filter_map(|r| Point::from_gtp(&r["vertex"], board.size()).ok())
            .collect();
        let tested: BTreeSet<Point> = rows
            .iter()
            .filter(|r| &r["sgf"] == sgf)
            .filter_map(|r| Point::from_gtp(&r["vertex"], board.size()).ok())
            .collect();
        for &p in &estimate.dead {
            if tested.contains(&p) {
                assert!(expected_dead.contains(&p), "{sgf} {p:?} marked dead");
            }
        }
    }
    eprintln!(
        "unconditional: {benson_alive} of {alive_rows} alive rows Benson-alive; {dead_found} of \
         {dead_rows} dead rows marked"
    );
    assert!(alive_rows > 90 && dead_rows > 90);
    assert!(
        benson_alive * 2 > alive_rows,
        "{benson_alive} of {alive_rows}"
    );
    // GNU Go's "dead" is wider than a proof (it lets the enclosing side capture strings in
    // mutual atari first); the estimate marks only the proven part, but some of it.
    assert!(dead_found > 0, "{dead_found} of {dead_rows}");
}

/// A small deterministic generator (xorshift64*), so the random positions are the same on
/// every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The string through `p` and its liberties.
fn string_at(board: &Board, p: Point) -> (Vec<Point>, usize) {
    let Some(color) = board.get(p) else {
        return (Vec::new(), 0);
    };
    let mut stones = vec![p];
    let mut libs = BTreeSet::new();
    let mut i = 0;
    while i < stones.len() {
        let q = stones[i];
        i += 1;
        for n in board.neighbours(q) {
            match board.get(n) {
                None => {
                    libs.insert(n);
                }
                Some(c) if c == color && !stones.contains(&n) => stones.push(n),
                Some(_) => {}
            }
        }
    }
    (stones, libs.len())
}

/// Plays `color` on the empty point `p`: opponent strings without liberties are removed, then
/// the player's own string if it has none when `self_capture` (else the move is taken back).
fn play(board: &mut Board, p: Point, color: Color, self_capture: bool) {
    let before = board.clone();
    board.set(p, Some(color));
    let neighbours: Vec<Point> = board.neighbours(p).collect();
    for n in neighbours {
        if board.get(n) == Some(color.opponent()) {
            let (stones, libs) = string_at(board, n);
            if libs == 0 {
                for s in stones {
                    board.set(s, None);
                }
            }
        }
    }
    let (stones, libs) = string_at(board, p);
    if libs == 0 && !self_capture {
        *board = before;
    } else if libs == 0 {
        for s in stones {
            board.set(s, None);
        }
    }
}

/// A random position where every string has a liberty: Black dense, White sparser, so that
/// Black often has unconditionally alive groups with white stones inside.
fn random_position(rng: &mut Rng, size: BoardSize) -> Board {
    let mut board = Board::new(size);
    for p in size.points() {
        board.set(
            p,
            match rng.below(20) {
                0..=9 => Some(Color::Black),
                10..=13 => Some(Color::White),
                _ => None,
            },
        );
    }
    // Remove strings without liberties until none is left.
    loop {
        let dead: Vec<Point> = size
            .points()
            .filter(|&p| board.get(p).is_some() && string_at(&board, p).1 == 0)
            .collect();
        if dead.is_empty() {
            return board;
        }
        for p in dead {
            board.set(p, None);
        }
    }
}

#[test]
fn on_random_positions_the_proofs_play_out() {
    // Issue 10 item 4 (soundness): (a) no stone of a Benson-alive string is marked dead, and
    // such a string survives any sequence of opponent moves while its owner passes; (b) every
    // stone marked dead is captured when the enclosing side fills the region's empty points,
    // whatever the opponent plays meanwhile, and the enclosure survives.
    // Both with self-capture (Tromp-Taylor, Ing) and without (Japanese, Chinese).
    let mut rng = Rng(0x5eed_0010_dead_0004);
    let (mut with_alive, mut with_dead) = (0, 0);
    for round in 0..1000 {
        let size = BoardSize::square(5 + (round % 3) as u32).expect("size");
        let self_capture = round % 2 == 0;
        let board = random_position(&mut rng, size);
        let estimate = auto::estimate(&board, self_capture);
        for c in Color::ALL {
            let alive = auto::benson(&board, c, self_capture).alive;
            assert!(
                alive.iter().all(|p| !estimate.dead.contains(p)),
                "{board:?}"
            );
            if alive.is_empty() {
                continue;
            }
            with_alive += 1;
            let mut b = board.clone();
            let mut moves = Vec::new();
            for _ in 0..200 {
                let empty: Vec<Point> = b.empty_points().collect();
                if empty.is_empty() {
                    break;
                }
                let p = empty[rng.below(empty.len())];
                moves.push(p);
                play(&mut b, p, c.opponent(), self_capture);
                assert!(
                    alive.iter().all(|&p| b.get(p) == Some(c)),
                    "a Benson-alive string of {c} was captured (self-capture {self_capture}) \
                     from {board:?} by {moves:?}"
                );
            }
        }
        if estimate.dead.is_empty() {
            continue;
        }
        with_dead += 1;
        for c in Color::ALL {
            let safe = auto::benson(&board, c, self_capture);
            let dead: Vec<Point> = safe
                .safe_regions
                .iter()
                .flatten()
                .copied()
                .filter(|&p| board.get(p) == Some(c.opponent()))
                .collect();
            if dead.is_empty() {
                continue;
            }
            // The regions holding the dead stones (not the enclosure's own empty eyes).
            let region: BTreeSet<Point> = safe
                .safe_regions
                .iter()
                .filter(|r| r.iter().any(|p| dead.contains(p)))
                .flatten()
                .copied()
                .collect();
            let mut b = board.clone();
            let mut captured: BTreeSet<Point> = BTreeSet::new();
            let mut moves = Vec::new();
            for _ in 0..400 {
                // The opponent: anywhere (or nowhere, a pass, one time in five).
                let empty: Vec<Point> = b.empty_points().collect();
                if !empty.is_empty() && rng.below(5) != 0 {
                    let p = empty[rng.below(empty.len())];
                    moves.push((c.opponent(), p));
                    play(&mut b, p, c.opponent(), self_capture);
                }
                captured.extend(dead.iter().copied().filter(|&p| b.get(p).is_none()));
                // The enclosing side: a liberty, inside the regions, of an opponent string there,
                // next to its own stone.
                let fill: Vec<Point> = region
                    .iter()
                    .copied()
                    .filter(|&p| {
                        b.get(p).is_none()
                            && b.neighbours(p).any(|n| b.get(n) == Some(c))
                            && b.neighbours(p)
                                .any(|n| region.contains(&n) && b.get(n) == Some(c.opponent()))
                    })
                    .collect();
                if let Some(&p) = fill.first() {
                    moves.push((c, p));
                    play(&mut b, p, c, self_capture);
                }
                captured.extend(dead.iter().copied().filter(|&p| b.get(p).is_none()));
                assert!(
                    safe.alive.iter().all(|&p| b.get(p) == Some(c)),
                    "the enclosure of {c} was captured (self-capture {self_capture}) from {board:?} \
                     by {moves:?}"
                );
                if captured.len() == dead.len() {
                    break;
                }
            }
            assert_eq!(
                captured.len(),
                dead.len(),
                "stones marked dead were not captured from {board:?}"
            );
        }
    }
    eprintln!("random positions: {with_alive} with alive strings, {with_dead} with dead marks");
    assert!(
        with_alive > 100 && with_dead > 20,
        "{with_alive} {with_dead}"
    );
}
