//! The pass `tt` over every board size (issue 29 item 13 (d)): the SGF reader is shared by both
//! referees, so the differential harness cannot see it. SGF FF[4] (the "go" section, "Pass"):
//! a pass is an empty value, and for compatibility with FF[3] `tt` is a pass too on boards of
//! at most 19x19, where it is off the board. On a rectangle, `tt` is a pass only where it is
//! off the board in both directions the size allows (both sides at most 19); where both sides
//! pass 19 it is the point T20 of the board; where one side passes 19 and the other does not,
//! it is off the board in one direction only: an off-board point, neither a pass nor a play.
//! Every size from 1x1 to 52x52 is read, with the four corners of the board as plays (the
//! letters past `z`, `A` to `Z`, included).

use weiqi_core::{BoardSize, Color, Move, Point};
use weiqi_sgf::{SgfErrorKind, parse};

/// `SZ` as a record writes it: `N` for a square, `W:H` for a rectangle.
fn sz(w: u32, h: u32) -> String {
    if w == h {
        w.to_string()
    } else {
        format!("{w}:{h}")
    }
}

#[test]
fn tt_is_a_pass_only_off_the_board_both_ways_on_every_size() {
    let (mut passes, mut plays, mut off) = (0, 0, 0);
    for w in 1..=52u32 {
        for h in 1..=52u32 {
            let text = format!("(;GM[1]FF[4]SZ[{}];B[tt];W[])", sz(w, h));
            let read = parse("tt.sgf", text.as_bytes());
            if w <= 19 && h <= 19 {
                let r = read.unwrap_or_else(|e| panic!("{w}x{h}: {e}"));
                assert_eq!(r.moves[0].mv, Move::Pass, "{w}x{h}");
                passes += 1;
            } else if w > 19 && h > 19 {
                let r = read.unwrap_or_else(|e| panic!("{w}x{h}: {e}"));
                assert_eq!(r.moves[0].mv, Move::Play(Point::rc(19, 19)), "{w}x{h}");
                plays += 1;
            } else {
                match read {
                    Err(e) => assert!(
                        matches!(&e.kind, SgfErrorKind::OffBoard { point, .. } if point == "tt"),
                        "{w}x{h}: {e}"
                    ),
                    Ok(r) => panic!("{w}x{h}: tt read as {:?}", r.moves[0].mv),
                }
                off += 1;
            }
        }
    }
    assert_eq!((passes, plays, off), (19 * 19, 33 * 33, 2 * 19 * 33));
}

#[test]
fn the_corners_of_every_size_are_plays_where_they_are() {
    for w in 1..=52u32 {
        for h in 1..=52u32 {
            let size = BoardSize::new(w, h).expect("a size");
            let far = |n: u32| u8::try_from(n - 1).expect("a side");
            let corners = [
                Point { col: 0, row: 0 },
                Point {
                    col: far(w),
                    row: 0,
                },
                Point {
                    col: 0,
                    row: far(h),
                },
                Point {
                    col: far(w),
                    row: far(h),
                },
            ];
            let moves: String = corners
                .iter()
                .enumerate()
                .map(|(i, p)| format!(";{}[{}]", if i % 2 == 0 { 'B' } else { 'W' }, p.to_sgf()))
                .collect();
            let text = format!("(;GM[1]FF[4]SZ[{}]{moves})", sz(w, h));
            let r = parse("corners.sgf", text.as_bytes()).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(r.size, size);
            for (i, p) in corners.iter().enumerate() {
                assert_eq!(r.moves[i].mv, Move::Play(*p), "{text}");
                let c = if i % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                assert_eq!(r.moves[i].color, c);
            }
        }
    }
}
