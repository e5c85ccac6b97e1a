//! The engine's setup contract where it is not a Referee observation (the shared cases cover
//! the rest): board sizes the text does not prescribe (docs/decisions.md 25), the first mover of a
//! game start (docs/decisions.md 22), the handicap-1 komi (docs/decisions.md 21), setup errors.

use weiqi_core::{BoardSize, Color, Point, Setup, SetupNote};
use weiqi_engine::{Engine, EngineError};

fn size(n: u32) -> BoardSize {
    BoardSize::square(n).expect("valid size")
}

#[test]
fn a_size_the_text_does_not_prescribe_is_ruled_with_a_note_decisions_25() {
    let ing = weiqi_spec::builtin("ing-1996").expect("built-in");
    let g = Engine::new(&ing, Setup::even(size(5))).expect("ruled all the same");
    assert_eq!(
        g.notes(),
        &[SetupNote::SizeNotPrescribed {
            size: size(5),
            prescribed: ing.board.sizes.clone()
        }]
    );
    assert!(matches!(
        Engine::new_strict(&ing, Setup::even(size(5))),
        Err(EngineError::SizeNotAllowed { .. })
    ));
    assert!(
        Engine::new_strict(&ing, Setup::even(size(9)))
            .expect("9x9")
            .notes()
            .is_empty()
    );
}

#[test]
fn a_game_start_takes_the_variants_first_mover_decisions_22() {
    let j89 = weiqi_spec::builtin("japanese-1989").expect("built-in");
    let mut s = Setup::even(size(9));
    s.to_move = Some(Color::White);
    assert_eq!(
        Engine::new(&j89, s).err(),
        Some(EngineError::FirstMover {
            expected: Color::Black,
            given: Color::White
        })
    );
    let position = Setup {
        stones: vec![
            (Point::rc(2, 2), Color::Black),
            (Point::rc(6, 6), Color::White),
        ],
        to_move: Some(Color::White),
        ..Setup::even(size(9))
    };
    assert_eq!(
        Engine::new(&j89, position).expect("a position").to_move(),
        Color::White
    );
}

#[test]
fn handicap_1_takes_the_handicap_komi_decisions_21() {
    let aga = weiqi_spec::builtin("aga").expect("built-in");
    let g = Engine::new(&aga, Setup::with_handicap(size(9), 1)).expect("setup");
    assert_eq!(g.komi(), aga.handicap.komi);
    assert_ne!(aga.handicap.komi, aga.scoring.komi);
    assert_eq!(g.to_move(), Color::Black);
    let even = Engine::new(&aga, Setup::even(size(9))).expect("setup");
    assert_eq!(even.komi(), aga.scoring.komi);
}

#[test]
fn setup_errors_name_the_point_handicap() {
    let tt = weiqi_spec::builtin("tromp-taylor").expect("built-in");
    let mut s = Setup::even(size(3));
    s.stones = vec![
        (Point::rc(0, 0), Color::Black),
        (Point::rc(0, 0), Color::White),
    ];
    assert_eq!(
        Engine::new(&tt, s.clone()).err(),
        Some(EngineError::DuplicateStone {
            point: Point::rc(0, 0)
        })
    );
    s.stones = vec![
        (Point::rc(0, 0), Color::Black),
        (Point::rc(0, 1), Color::White),
        (Point::rc(1, 0), Color::White),
    ];
    assert_eq!(
        Engine::new(&tt, s).err(),
        Some(EngineError::NoLiberties {
            point: Point::rc(0, 0)
        })
    );
    assert_eq!(
        Engine::new(&tt, Setup::with_handicap(size(2), 5)).err(),
        Some(EngineError::TooManyHandicapStones {
            size: size(2),
            stones: 5
        })
    );
}

/// Free placement of handicap stones is played by Black (docs/variants.md, handicap; the
/// interpreter's `handicap.rs` and its clause test): a setup that leaves stones to place and
/// names White to move is refused, and one that names Black is not. Found missing by mutation
/// testing (1 December 2026: the test of `Engine::build` was never reached with White).
#[test]
fn free_placement_is_refused_with_white_to_move_handicap() {
    let tt = weiqi_spec::builtin("tromp-taylor").expect("built-in");
    let mut s = Setup::with_handicap(size(5), 2);
    s.to_move = Some(Color::White);
    assert_eq!(
        Engine::new(&tt, s.clone()).err(),
        Some(EngineError::PlacementNeedsBlack)
    );
    s.to_move = Some(Color::Black);
    let g = Engine::new(&tt, s).expect("Black places the stones");
    assert_eq!(g.to_move(), Color::Black);
}
