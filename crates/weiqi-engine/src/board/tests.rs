//! Unit tests of the board: the Zobrist keys (issue 11: "Zobrist hashing"), `Position`'s
//! equality and liberties, the eye test and the neighbour summary of the judgement. Every
//! superko, long-cycle and Ing ruling compares hashes, so a ruling is right only while the keys
//! it XORs are distinct and independent; the key tests check the table itself, which random
//! games almost never probe (cargo-mutants found its mutants missed by the game-level tests).

use super::{
    BLACK, EMPTY, Look, MAX_CELLS, Position, SUMMARY, WALL, WHITE, key, move_key, white_to_move_key,
};
use std::collections::HashSet;
use weiqi_core::{Board, BoardSize, Color, Point};

/// Every key of the table: a black and a white stone and an Ing move key for each cell, and
/// the side-to-move key.
fn all_keys() -> Vec<u64> {
    let mut keys = Vec::with_capacity(3 * MAX_CELLS + 1);
    for i in 0..u16::try_from(MAX_CELLS).expect("MAX_CELLS fits a cell index") {
        keys.extend([key(i, BLACK), key(i, WHITE), move_key(i)]);
    }
    keys.push(white_to_move_key());
    keys
}

/// The keys are pairwise distinct and non-zero: a zero key leaves a stone out of the hash, and
/// two equal keys make two different boards (or a ban and another cell's ban) hash alike.
#[test]
fn zobrist_keys_are_distinct_and_non_zero() {
    let keys = all_keys();
    assert!(keys.iter().all(|&k| k != 0), "a zero key");
    let distinct: HashSet<u64> = keys.iter().copied().collect();
    assert_eq!(distinct.len(), keys.len(), "two cells or roles share a key");
}

/// Each of the 64 bits is set in about half of the keys (45 % to 55 %; over 8,749 keys a fair
/// bit strays by more than 10 standard deviations with probability below 1e-20): a key table
/// with a biased bit gives hashes that collide far more often than 2^-64.
#[test]
fn zobrist_key_bits_are_balanced() {
    let keys = all_keys();
    let n = keys.len() as f64;
    for bit in 0..64 {
        let set = keys.iter().filter(|&&k| k >> bit & 1 == 1).count() as f64;
        let share = set / n;
        assert!(
            (0.45..=0.55).contains(&share),
            "bit {bit} is set in {:.1} % of the keys",
            100.0 * share
        );
    }
}

/// `Position`'s equality is what tests/properties.rs uses to check that undo restores the exact
/// position (issue 11, "Tests"): it must tell positions with different stones apart, on the same
/// board size, or that property passes whatever undo does.
#[test]
fn positions_with_different_stones_are_unequal() {
    let size = BoardSize::square(9).expect("9x9 is a board size");
    let empty = Position::new(size);
    let mut one = Position::new(size);
    one.put_setup_stone(one.index(Point::rc(4, 4)), BLACK);
    let mut other = Position::new(size);
    other.put_setup_stone(other.index(Point::rc(4, 4)), WHITE);
    assert_ne!(empty, one, "an empty board equals a board with a stone");
    assert_ne!(one, other, "a black stone equals a white stone");
    assert_eq!(one, one.clone(), "a copy differs from its original");
    // Boards of different sizes are different positions, even empty ones (same hash, and
    // cells that agree as far as the smaller board's go).
    for (w, h) in [(9, 8), (8, 9), (3, 3), (9, 13), (13, 9)] {
        let other_size = BoardSize::new(w, h).expect("a board size");
        assert_ne!(empty, Position::new(other_size), "9x9 and {w}x{h}");
    }
}

/// `Position::liberties` is documented as 0 on an empty point. A cell keeps the head of the
/// string that was captured from it; once a stone stands again on that head's cell, the stale
/// head names a live string, which the answer must not report. The captured pair's head is
/// either of its cells, so White replays on each in turn.
#[test]
fn an_empty_point_has_no_liberties_after_a_capture() {
    let size = BoardSize::new(5, 2).expect("5x2 is a board size");
    for (replayed, other) in [((0, 2), (0, 3)), ((0, 3), (0, 2))] {
        let mut pos = Position::new(size);
        for (row, col, c) in [
            (0, 1, BLACK),
            (1, 2, BLACK),
            (1, 3, BLACK),
            (0, 2, WHITE),
            (0, 3, WHITE),
        ] {
            pos.put_setup_stone(pos.index(Point::rc(row, col)), c);
        }
        let i = pos.index(Point::rc(0, 4));
        let look = pos.look(i);
        pos.play(i, BLACK, &look);
        assert_eq!(pos.captured().len(), 2, "Black's play captures the pair");
        let j = pos.index(Point::rc(replayed.0, replayed.1));
        let look = pos.look(j);
        pos.play(j, WHITE, &look);
        assert_eq!(pos.liberties(Point::rc(replayed.0, replayed.1)), 1);
        assert_eq!(
            pos.liberties(Point::rc(other.0, other.1)),
            0,
            "the empty point {other:?} after White replays {replayed:?}"
        );
    }
}

/// Any two of the 64 bits agree in about half of the keys (45 % to 55 %; the table's worst pair
/// is about 2 % from half, 4 standard deviations over the 2,016 pairs): correlated bits make
/// the hashes of different boards collide more often than 2^-64, as a weak mixing step of the
/// table's generator does while every bit alone stays balanced.
#[test]
fn zobrist_key_bits_are_pairwise_independent() {
    let keys = all_keys();
    let n = keys.len() as f64;
    for a in 0..64 {
        for b in a + 1..64 {
            let agree = keys.iter().filter(|&&k| (k >> a ^ k >> b) & 1 == 0).count() as f64;
            let share = agree / n;
            assert!(
                (0.45..=0.55).contains(&share),
                "bits {a} and {b} agree in {:.1} % of the keys",
                100.0 * share
            );
        }
    }
}

/// `Position::is_eye_cell` (the colours' bits ANDed) against its definition (every
/// neighbour a stone of the colour or a wall), for every colouring of the four neighbours
/// of the centre of a 3x3 board and of its corner (walls on two sides).
#[test]
fn the_eye_test_reads_every_neighbour() {
    let size = BoardSize::square(3).expect("size");
    let kinds = [None, Some(Color::Black), Some(Color::White)];
    for (centre, around) in [
        (
            Point::rc(1, 1),
            vec![
                Point::rc(0, 1),
                Point::rc(1, 0),
                Point::rc(1, 2),
                Point::rc(2, 1),
            ],
        ),
        (Point::rc(0, 0), vec![Point::rc(0, 1), Point::rc(1, 0)]),
    ] {
        for code in 0..3_usize.pow(around.len() as u32) {
            let mut board = Board::new(size);
            let mut x = code;
            for &q in &around {
                board.set(q, kinds[x % 3]);
                x /= 3;
            }
            let pos = Position::from_board(&board);
            for color in [Color::Black, Color::White] {
                let expected = around.iter().all(|&q| board.get(q) == Some(color));
                assert_eq!(
                    pos.is_eye_of(centre, color),
                    expected,
                    "{board:?} {color:?}"
                );
            }
        }
    }
}

/// The tests on `Look::sum` (the summary counters of `SUMMARY`) against their
/// per-neighbour definitions, for every combination of four neighbours' colours and
/// liberty classes 0-2 (docs/style.md 27: an optimisation's invariant has a test).
#[test]
fn the_summary_counters_agree_with_the_neighbours() {
    let kinds = [EMPTY, BLACK, WHITE, WALL];
    for code in 0..(4 * 3_u32).pow(4) {
        let mut look = Look::default();
        let mut x = code;
        for j in 0..4 {
            look.color[j] = kinds[(x % 4) as usize];
            look.libs[j] = (x / 4 % 3) as u8;
            x /= 12;
            let v = SUMMARY[((usize::from(look.color[j]) << 2) | usize::from(look.libs[j])) & 15];
            look.sum += v;
        }
        let stone = |k: u8| k == BLACK || k == WHITE;
        for c in [BLACK, WHITE] {
            let opp = 3 - c;
            let alive =
                (0..4).any(|j| look.color[j] == EMPTY || (look.color[j] == c && look.libs[j] > 1));
            let captures = (0..4).any(|j| look.color[j] == opp && look.libs[j] == 1);
            assert_eq!(look.quiet_and_alive(c), alive && !captures, "{look:?}");
            assert_eq!(look.self_capture(c), !alive && !captures, "{look:?}");
        }
        // The bit masks the play walks (`gather`), against the per-neighbour definitions.
        let mask = |f: &dyn Fn(usize) -> bool| (0..4).fold(0, |m, j| m | (u32::from(f(j)) << j));
        assert_eq!(
            look.stone_mask(),
            mask(&|j| stone(look.color[j])),
            "{look:?}"
        );
        for k in [EMPTY, BLACK, WHITE, WALL] {
            assert_eq!(
                look.color_mask(k),
                mask(&|j| look.color[j] == k),
                "{look:?}"
            );
        }
        assert_eq!(look.atari_mask(), mask(&|j| look.libs[j] == 1), "{look:?}");
        let empty = look.color.iter().filter(|&&k| k == EMPTY).count();
        assert_eq!(usize::from(look.empty_count()), empty, "{look:?}");
        assert_eq!(look.no_stone(), !look.color.iter().any(|&k| stone(k)));
    }
}

/// `Position::only_liberty` names the one liberty of a string also when two of its stones
/// touch it (two pseudo-liberties on one point: the sum over the count, not a single term),
/// as in a multi-stone ko capture, which Ing's hot stones read (docs/variants.md 3.a, KO CAPTURE).
#[test]
fn the_only_liberty_of_a_string_is_found_when_two_stones_touch_it() {
    let size = BoardSize::new(4, 4).expect("4x4 is a board size");
    let mut pos = Position::new(size);
    for (row, col, c) in [
        (0, 0, BLACK),
        (0, 1, BLACK),
        (1, 0, BLACK),
        (0, 2, WHITE),
        (2, 0, WHITE),
    ] {
        pos.put_setup_stone(pos.index(Point::rc(row, col)), c);
    }
    let head = pos.head(pos.index(Point::rc(0, 0)));
    assert_eq!(pos.libs_of_head(head), 1);
    assert_eq!(pos.only_liberty(head), Some(pos.index(Point::rc(1, 1))));
    let lone = pos.head(pos.index(Point::rc(0, 2)));
    assert_eq!(
        pos.only_liberty(lone),
        None,
        "two liberties: (0,3) and (1,2)"
    );
}
