//! The rule clauses only the interpreter can show. One test per rule clause, named after it and
//! citing its source, is in the shared case corpus (`crates/weiqi-cases/src/clauses.rs`), which
//! `tests/shared_cases.rs` runs on the interpreter and the engine's suite on the engine. The
//! tests here read what is not a Referee observation: the suicide rule function, the typed setup
//! errors, `komi()`, fuel, the history, the dead-stone proposals and penalties.

mod common;

use common::{Ruling, b, custom, game, pass, propose, replay, variant, w};
use weiqi_core::{
    Action, Board, BoardSize, ByColor, Color, Ending, GameResult, Illegal, Phase, Point, Points,
    Referee, Setup, WinBy,
};
use weiqi_interpreter::{Interpreter, SetupError};

use Color::{Black, White};

const PLAYING: Ruling = Ruling::AllLegal(Phase::Playing);

fn size(n: u32) -> BoardSize {
    BoardSize::square(n).expect("valid size")
}

fn even(id: &str, n: u32) -> Interpreter {
    Interpreter::new(&variant(id), Setup::even(size(n))).expect("valid setup")
}

#[test]
fn suicide_rule_table_variants_3_0() {
    use weiqi_interpreter::suicide::{SelfCapture, rule};
    // docs/variants.md 3.0 and 2.0: forbidden; multi (single illegal or = pass); any.
    let cases = [
        ("japanese-1989", 1, SelfCapture::Forbidden),
        ("japanese-1989", 4, SelfCapture::Forbidden),
        ("egf-sir", 1, SelfCapture::Forbidden),
        ("egf-sir", 2, SelfCapture::Remove),
        ("ing-1996", 1, SelfCapture::Pass),
        ("ing-1996", 3, SelfCapture::Remove),
        ("new-zealand", 1, SelfCapture::Remove),
        ("tromp-taylor", 5, SelfCapture::Remove),
    ];
    for (id, len, expected) in cases {
        assert_eq!(rule(&variant(id).play, len), expected, "{id}, {len} stones");
    }
    let nz_pass = custom(
        "nz-pass",
        "new-zealand",
        "[play]\nsingle-stone-suicide = \"pass\"\n",
    );
    assert_eq!(rule(&nz_pass.play, 1), SelfCapture::Pass);
}

#[test]
fn setup_errors_are_clear_handicap() {
    // docs/decisions.md 25: a size the text does not prescribe is refused only by a strict setup.
    let ing = weiqi_spec::builtin("ing-1996").expect("built-in");
    let err = Interpreter::new_strict(&ing, Setup::even(size(5))).expect_err("5x5 not an Ing size");
    assert!(matches!(err, SetupError::SizeNotAllowed { .. }));
    assert!(
        err.to_string()
            .starts_with("the variant does not allow the 5x5 board")
    );
    let tt = variant("tromp-taylor");
    let mut s = Setup::even(size(3));
    s.stones = vec![(Point::rc(0, 0), Black), (Point::rc(0, 0), White)];
    assert_eq!(
        Interpreter::new(&tt, s.clone()).err(),
        Some(SetupError::DuplicateStone {
            point: Point::rc(0, 0)
        })
    );
    s.stones = vec![(Point::rc(3, 0), Black)];
    assert_eq!(
        Interpreter::new(&tt, s.clone()).err(),
        Some(SetupError::StoneOffBoard {
            point: Point::rc(3, 0)
        })
    );
    s.stones = vec![
        (Point::rc(0, 0), Black),
        (Point::rc(0, 1), White),
        (Point::rc(1, 0), White),
    ];
    assert_eq!(
        Interpreter::new(&tt, s.clone()).err(),
        Some(SetupError::NoLiberties {
            point: Point::rc(0, 0)
        })
    );
    assert_eq!(
        Interpreter::new(&tt, Setup::with_handicap(size(2), 5)).err(),
        Some(SetupError::TooManyHandicapStones {
            size: size(2),
            stones: 5
        })
    );
    let mut s = Setup::with_handicap(size(5), 2);
    s.to_move = Some(White);
    assert_eq!(
        Interpreter::new(&tt, s).err(),
        Some(SetupError::PlacementNeedsBlack)
    );
}

#[test]
fn komi_comes_from_the_setup_or_the_variant_decisions_komi_table() {
    let rules = variant("japanese-1989");
    assert_eq!(even("japanese-1989", 9).komi(), rules.scoring.komi);
    let mut s = Setup::even(size(9));
    s.komi = Some(Points::from_halves(1));
    assert_eq!(
        Interpreter::new(&rules, s).expect("setup").komi(),
        Points::from_halves(1)
    );
    // docs/decisions.md 21: handicap 1 is a handicap game without stones: the handicap komi.
    let mut s = Setup::with_handicap(size(9), 1);
    s.komi = None;
    assert_eq!(
        Interpreter::new(&rules, s).expect("setup").komi(),
        rules.handicap.komi,
        "handicap 1 is a handicap game (docs/decisions.md 21)"
    );
    assert_ne!(rules.handicap.komi, rules.scoring.komi);
}

#[test]
fn fuel_budget_refuses_with_out_of_fuel() {
    // A play costs one step; positional superko then compares one step per history entry.
    let rules = variant("tromp-taylor");
    let mut g = Interpreter::new(&rules, Setup::even(size(5)))
        .expect("setup")
        .with_fuel(3);
    assert_eq!(replay(&mut g, &[b(0, 0), w(4, 4)]), PLAYING);
    // Third move: 1 (play) + 3 entries = 4 steps > 3.
    assert_eq!(
        g.check(&Action::play(Black, Point::rc(2, 2))),
        Err(Illegal::OutOfFuel)
    );
    assert_eq!(
        g.check(&Action::pass(Black)),
        Ok(()),
        "a pass needs no fuel"
    );
    let err = g
        .apply(Action::play(Black, Point::rc(2, 2)))
        .expect_err("out of fuel");
    assert_eq!(err.reason, Illegal::OutOfFuel);
    assert_eq!(g.moves_played(), 2);
    let roomy = Interpreter::new(&rules, Setup::even(size(5)))
        .expect("setup")
        .with_fuel(1000);
    assert_eq!(roomy.check(&Action::play(Black, Point::rc(2, 2))), Ok(()));
}

#[test]
fn setup_board_is_entry_zero_decisions_7() {
    let board = Board::from_diagram(". X\n. .").expect("diagram");
    let g = Interpreter::new(&variant("aga"), Setup::from_board(&board, White)).expect("setup");
    assert_eq!(g.history().len(), 1);
    assert_eq!(g.history()[0].board, board);
    assert_eq!(g.to_move(), White);
}

#[test]
fn proposals_expand_to_strings_and_resumption_clears_them_variants_3_e() {
    // docs/variants.md 3.e: a proposal names strings (any stone of one names it all); equal
    // proposals are the agreed dead stones; a resumption clears the proposals (J89 Art. 9).
    let diagram = "
        . X O .
        . X O .
        . X O O
        X X O .";
    let mut g = game(&variant("japanese-1989"), diagram, Black);
    assert_eq!(
        replay(&mut g, &[pass(Black), pass(White)]),
        Ruling::AllLegal(Phase::Stopped)
    );
    propose(&mut g, Black, &[Point::rc(0, 2)]);
    propose(&mut g, White, &[]);
    assert_eq!(
        g.proposals().black.as_ref().map(Vec::len),
        Some(5),
        "expanded to the string"
    );
    assert_eq!(g.proposals().white.as_ref().map(Vec::len), Some(0));
    let mut resumed = g.clone();
    resumed.apply(Action::Resume { by: White }).expect("resume");
    assert_eq!(resumed.proposals(), &ByColor::default(), "cleared");
    propose(&mut g, White, &[Point::rc(3, 2)]);
    assert_eq!(g.phase(), Phase::Ended(Ending::Agreement));
    assert_eq!(g.dead_stones().len(), 5);
}

#[test]
fn penalties_move_the_result_and_handicap_komi_applies_j89_tt() {
    // Tromp-Taylor on 3x3: Black's area 9, komi 7.5: B+1.5; a 2-point penalty on Black: W+0.5.
    let mut g = even("tromp-taylor", 3);
    assert_eq!(
        replay(&mut g, &[b(1, 1), pass(White), pass(Black)]),
        Ruling::AllLegal(Phase::Ended(Ending::AllAlive))
    );
    g.set_penalties(ByColor {
        black: Points::whole(2),
        white: Points::ZERO,
    });
    assert_eq!(
        g.result(),
        Some(GameResult::Win {
            winner: White,
            by: WinBy::Score(Points::from_halves(1))
        })
    );
    // J89 fixed handicap: the handicap komi, and a typed error where no pattern exists.
    let rules = variant("japanese-1989");
    let g = Interpreter::new(&rules, Setup::with_handicap(size(9), 2)).expect("pattern exists");
    assert_eq!(g.komi(), rules.handicap.komi);
    assert_eq!(
        Interpreter::new(&rules, Setup::with_handicap(size(5), 2)).err(),
        Some(SetupError::NoHandicapPattern {
            size: size(5),
            stones: 2
        })
    );
}
