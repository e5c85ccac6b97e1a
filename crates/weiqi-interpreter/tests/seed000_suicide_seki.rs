//! Seed 000 (Ing rules, "Порядок игры"): "Ing's rules allow Black to play at A. After this move 4
//! black stones are removed from the board and further play leads to seki: the big black group
//! lives. If suicide is forbidden, all the black stones die." The seed's diagram is not in the
//! text; this is a rebuilt position with that ruling (docs/variants.md 4.9, docs/decisions.md 20).
//!
//! ```text
//!     0 1 2 3 4 5 6
//! 0   X X O . X . .
//! 1   X A O O X X X
//! 2   O O O X X X X
//! 3   . X X X X X X
//! ```
//!
//! The three black stones in the corner have one liberty, A = (1,1); Black's play there takes the
//! last liberty of the four stones and captures nothing. The big black group (the 14 stones on
//! the right and the bottom) has a two-point eye (0,5)-(0,6) and shares (0,3) and (3,0) with the
//! white group, whose other liberty is A. With the corner stones on the board White wins the
//! race: White fills the shared liberties and the eye, capturing the corner stones at A when
//! needed. After Black's self-capture at A the empty corner lets Black answer inside, and the
//! race ends in seki.
//!
//! Verified by `examples/seed000_solver.rs` (exact retrograde analysis of the whole 7x4 game,
//! simple ko, two passes end play; "Black lives" means Black can force the end of the game with
//! the big group on the board; about a minute in release mode, so the test replays the verified
//! lines instead of solving):
//! - `cargo run --release -p weiqi-interpreter --example seed000_solver`: with every suicide
//!   forbidden each Black first move (and a pass) loses the big group, and the line of the second
//!   test is the solver's; with multi-stone self-capture legal, A is Black's only saving move.
//! - `... --example seed000_solver -- crates/weiqi-interpreter/tests/seed000_support/after_ing_line.txt W`:
//!   after A, White (0,0), Black A again, the big group lives with White to move, so the two
//!   passes of the first test end a game the big group has survived.

mod common;

use common::{Step, action, b, pass, propose, variant, w};
use weiqi_core::{Board, Color, Ending, Illegal, Phase, Point, PointMark, Referee, Setup};
use weiqi_interpreter::Interpreter;
use weiqi_spec::Ruleset;

use Color::{Black, White};

/// The rebuilt seed-000 position, Black to move; A = (1,1) is empty.
const SUICIDE_SAVES_GROUP: &str = "
    X X O . X . .
    X . O O X X X
    O O O X X X X
    . X X X X X X";

/// A: the last liberty of the three corner stones.
const A: (u8, u8) = (1, 1);

/// One stone of the big black group.
const BIG_GROUP: Point = Point::rc(3, 6);

fn start(rules: &Ruleset) -> Interpreter {
    let board = Board::from_diagram(SUICIDE_SAVES_GROUP).expect("valid diagram");
    Interpreter::new(rules, Setup::from_board(&board, Black)).expect("valid setup")
}

fn play_line(g: &mut Interpreter, steps: &[Step]) {
    for (i, &step) in steps.iter().enumerate() {
        g.apply(action(step))
            .unwrap_or_else(|e| panic!("move {} ({step:?}) refused: {e:?}", i + 1));
    }
}

/// The stones of the big black group on `board` (empty if it was captured).
fn big_group(board: &Board) -> Vec<Point> {
    let mut group = Vec::new();
    if board.get(BIG_GROUP) != Some(Black) {
        return group;
    }
    let mut todo = vec![BIG_GROUP];
    while let Some(p) = todo.pop() {
        if group.contains(&p) {
            continue;
        }
        group.push(p);
        let (r, c) = (i32::from(p.row), i32::from(p.col));
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            let (nr, nc) = (r + dr, c + dc);
            let (Ok(nr), Ok(nc)) = (u8::try_from(nr), u8::try_from(nc)) else {
                continue;
            };
            let q = Point::rc(nr, nc);
            if board.size().index(q).is_some() && board.get(q) == Some(Black) {
                todo.push(q);
            }
        }
    }
    group
}

#[test]
fn ing_self_capture_at_a_removes_four_stones_and_the_big_group_lives_in_seki_seed_000() {
    let rules = variant("ing-1996");
    let mut g = start(&rules);
    let before = big_group(&g.board());
    assert_eq!(before.len(), 14, "the big black group");

    // Black A: legal under Ing, removes exactly the four black stones (seed 000).
    let report = g
        .apply(action(b(A.0, A.1)))
        .expect("Ing allows the self-capture at A");
    let mut removed = report.self_captured.clone();
    removed.sort_unstable();
    let mut corner = vec![
        Point::rc(0, 0),
        Point::rc(0, 1),
        Point::rc(1, 0),
        Point::rc(1, 1),
    ];
    corner.sort_unstable();
    assert_eq!(removed, corner, "the four black stones are removed");
    assert!(report.captured.is_empty(), "the play captures nothing");
    assert!(!report.counted_as_pass);

    // The verified continuation: White takes the corner point, Black answers at A again; both
    // pass (every White move here still leaves the big group alive, per the solver).
    play_line(&mut g, &[w(0, 0), b(A.0, A.1), pass(White), pass(Black)]);
    assert_eq!(g.phase(), Phase::Stopped);
    let end = g.board();
    assert_eq!(
        big_group(&end),
        before,
        "the big black group is still on the board"
    );

    // No dead stones: every stone stays, the big group and the white group live in seki.
    propose(&mut g, Black, &[]);
    propose(&mut g, White, &[]);
    // Seed 000: after the agreement the players pass twice more (docs/decisions.md 3).
    play_line(&mut g, &[pass(White), pass(Black)]);
    assert_eq!(g.phase(), Phase::Ended(Ending::Agreement));
    let score = g.score().expect("a finished game is scored");
    let size = end.size();
    let mark = |p: Point| score.marks[size.index(p).expect("on the board")];
    // Both groups stay on the board and count as live stones; the liberties they share are
    // shared points: a seki. (Under `seki-eyes = "count"` the interpreter marks seki strings
    // only as a diagram aid, after filling the neutral points it finds safe; it marks the
    // white group and Black's stone at A as seki stones, the big group as plain stones.)
    for p in &before {
        assert!(
            matches!(
                mark(*p),
                PointMark::Stone(Black) | PointMark::SekiStone(Black)
            ),
            "big-group stone {p:?} is alive: {:?}",
            mark(*p)
        );
    }
    for p in [Point::rc(0, 2), Point::rc(1, 3), Point::rc(2, 0)] {
        assert_eq!(mark(p), PointMark::SekiStone(White), "white stone {p:?}");
    }
    // `aa` and the lone black `bb` border only `ba` and `ab`, whose region is exempt (bb looks
    // dead: spec/FILLING.md 2.6, 2.7, 7.3): a `count` variant draws them as plain stones (9.4),
    // as it draws lone stones on an open board (issue 10, "Cosmetic").
    assert_eq!(mark(Point::rc(0, 0)), PointMark::Stone(White));
    assert_eq!(mark(Point::rc(1, 1)), PointMark::Stone(Black));
    for shared in [Point::rc(0, 3), Point::rc(3, 0)] {
        assert_eq!(
            mark(shared),
            PointMark::Shared,
            "{shared:?} is a shared (seki) point"
        );
    }
    // The big group's eye is its own area.
    assert_eq!(mark(Point::rc(0, 5)), PointMark::Territory(Black));
    assert_eq!(mark(Point::rc(0, 6)), PointMark::Territory(Black));
}

#[test]
fn without_suicide_a_is_refused_and_every_black_stone_dies_seed_000() {
    for id in ["japanese-1989", "chinese-1988"] {
        let rules = variant(id);
        let mut g = start(&rules);
        // Black A: a suicide that captures nothing (docs/variants.md 4.9).
        assert_eq!(
            g.check(&action(b(A.0, A.1))),
            Err(Illegal::Suicide),
            "{id}: A is a suicide"
        );
        // The solver's line: every Black move loses, so Black's passes stand for any resistance;
        // White fills the shared liberty and the eye, captures the corner stones at A, takes
        // Black's stone thrown back in, and finally captures the big group.
        let line = [
            pass(Black),
            w(0, 3),
            pass(Black),
            w(0, 5),
            pass(Black),
            w(1, 1),
            b(0, 1),
            w(0, 0),
            pass(Black),
            w(3, 0),
            pass(Black),
            w(0, 6),
        ];
        play_line(&mut g, &line);
        let end = g.board();
        assert_eq!(end.count(Black), 0, "{id}: all the black stones die");
        assert!(end.count(White) > 0);
    }
}
