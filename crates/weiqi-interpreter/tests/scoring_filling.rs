//! The dame filling, teire and seki of `spec/FILLING.md` (docs/decisions.md 10, revised 2026-12) on
//! the rulings of issue 8 item 1 and on a double-ko seki (docs/variants.md 4.12). Each position is
//! the issue's SGF setup; the comments give the ruling the old fill got wrong.

use weiqi_core::{
    Action, Board, BoardSize, ByColor, Color, Ending, Move, Phase, Point, PointMark, Points,
    Referee, Score, Setup,
};
use weiqi_interpreter::Interpreter;
use weiqi_interpreter::scoring::{self, ScoringInput, fill};
use weiqi_spec::Ruleset;

use Color::{Black, White};

fn ruleset(id: &str) -> Ruleset {
    weiqi_spec::builtin(id).unwrap_or_else(|e| panic!("built-in {id}: {e:?}"))
}

/// A board of `width` x `height` with the SGF points `ab` (Black) and `aw` (White).
fn setup_board(width: u32, height: u32, ab: &str, aw: &str) -> Board {
    let size = BoardSize::new(width, height).expect("valid size");
    let mut b = Board::new(size);
    for (list, c) in [(ab, Black), (aw, White)] {
        for p in list.split_whitespace() {
            b.set(Point::from_sgf(p, size).expect("valid point"), Some(c));
        }
    }
    b
}

fn sgf(points: &str, size: BoardSize) -> Vec<Point> {
    points
        .split_whitespace()
        .map(|p| Point::from_sgf(p, size).expect("valid point"))
        .collect()
}

/// The count of `board` (every stone alive, no prisoners) under `id` with `komi`.
fn count(id: &str, board: &Board, komi: Points) -> Score {
    scoring::score(&ScoringInput {
        ruleset: &ruleset(id),
        board,
        dead: &[],
        prisoners: ByColor::default(),
        pass_stones: ByColor::default(),
        handicap: 0,
        komi,
        penalties: ByColor::default(),
    })
}

fn territory(s: &Score) -> (Points, Points) {
    (s.sides.black.territory, s.sides.white.territory)
}

const KOMI: Points = Points::from_halves(13);

/// Issue 8 item 1, "order and colour" (6x6). The old fill tried Black first in reading order,
/// filled `de` with Black, could not close `cf` and voided everything: W+6.5 (0 : 0).
const ORDER: (&str, &str) = ("ba ca ab ac bc bd cd be ce bf", "da cb cc dd ee df");

#[test]
fn order_and_colour_example_is_w_14_5_with_whites_teire_issue_8() {
    // spec/FILLING.md 7.1: `bb` only Black may fill (White there would leave Black's group with
    // one three-point eye once Black connects), `cf` only Black (White there ataris itself), `de`
    // both (a neutral stone); then White's teire at `ef`. Black 4, White 12: W+14.5.
    for id in ["japanese-1989", "korean"] {
        let b = setup_board(6, 6, ORDER.0, ORDER.1);
        let size = b.size();
        let f = fill(&b);
        let at = |s: &str| sgf(s, size)[0];
        assert_eq!(
            f.fills,
            vec![
                (at("bb"), Some(Black)),
                (at("de"), None),
                (at("cf"), Some(Black))
            ]
        );
        assert_eq!(f.teire, vec![(at("ef"), White)]);
        assert!(f.seki_points.is_empty() && f.exempt_points.is_empty());
        let s = count(id, &b, KOMI);
        assert_eq!(territory(&s), (Points::whole(4), Points::whole(12)), "{id}");
        assert_eq!(s.margin, Points::from_halves(-29), "{id}: W+14.5");
        assert!(s.notes.iter().any(|n| n.contains("ef (white)")), "{id}");
    }
}

#[test]
fn the_colour_swapped_order_example_is_the_same_count_swapped_issue_8() {
    // Issue 8: "the colour-swapped board is scored correctly, so the procedure is not
    // colour-symmetric". spec/FILLING.md 4.4: the same points, colours swapped.
    let b = setup_board(6, 6, ORDER.0, ORDER.1);
    let swapped = setup_board(6, 6, ORDER.1, ORDER.0);
    let (f, g) = (fill(&b), fill(&swapped));
    let swap = |v: &[(Point, Option<Color>)]| -> Vec<(Point, Option<Color>)> {
        v.iter()
            .map(|&(p, c)| (p, c.map(Color::opponent)))
            .collect()
    };
    assert_eq!(swap(&f.fills), g.fills);
    let teire: Vec<(Point, Color)> = f.teire.iter().map(|&(p, c)| (p, c.opponent())).collect();
    assert_eq!(teire, g.teire);
    let s = count("japanese-1989", &swapped, Points::ZERO);
    assert_eq!(territory(&s), (Points::whole(12), Points::whole(4)));
}

#[test]
fn teire_example_is_b_10_5_issue_8() {
    // Issue 8 item 1, "teire" (7x7): the old fill never made teire and left `ce` open: W+6.5.
    // spec/FILLING.md 7.2: Black fills `ce`, White's teire at `cc`: B+10.5.
    let b = setup_board(
        7,
        7,
        "ea eb ec ad bd dd ed be de bf cf df",
        "da db ac bc dc cd",
    );
    let size = b.size();
    let f = fill(&b);
    assert_eq!(f.fills, vec![(sgf("ce", size)[0], Some(Black))]);
    assert_eq!(f.teire, vec![(sgf("cc", size)[0], White)]);
    let s = count("japanese-1989", &b, KOMI);
    assert_eq!(territory(&s), (Points::whole(23), Points::whole(6)));
    assert_eq!(s.margin, Points::from_halves(21), "B+10.5");
    let cc = size.index(sgf("cc", size)[0]).expect("on the board");
    assert_eq!(s.marks[cc], PointMark::Neutral, "a teire is not territory");
}

#[test]
fn seed_000_seki_on_7x4_is_jigo_issue_8() {
    // Issue 8 item 1, "seki dissolved": the old fill took both shared liberties `da` and `ad`
    // (after which White captures 17 stones) and counted Black's eye: B+2. J89: jigo.
    let b = setup_board(
        7,
        4,
        "ea bb eb fb gb dc ec fc gc bd cd dd ed fd gd",
        "aa ca cb db ac bc cc",
    );
    let size = b.size();
    let f = fill(&b);
    assert!(f.fills.is_empty() && f.teire.is_empty(), "{f:?}");
    assert_eq!(f.seki_points, sgf("da ad", size));
    let s = count("japanese-1989", &b, Points::ZERO);
    assert_eq!(territory(&s), (Points::ZERO, Points::ZERO));
    assert_eq!(s.margin, Points::ZERO, "jigo");
    for p in sgf("ea gd ca ac", size) {
        let i = size.index(p).expect("on the board");
        assert!(
            matches!(s.marks[i], PointMark::SekiStone(_)),
            "{p:?} {:?}",
            s.marks[i]
        );
    }
}

#[test]
fn an_unmarked_dead_stone_leaves_white_its_territory_issue_8() {
    // Issue 8 item 1: one unmarked dead black stone `hb` in White's area. The old fill put nine
    // Black stones inside White's area and left White no territory: B+29.5. spec/FILLING.md 7.4:
    // `hb` is enclosed, its region exempt: nothing is filled, White keeps its 12 points.
    let b = setup_board(
        9,
        9,
        "ea eb ec ed ee ef eg eh ei hb",
        "fa fb fc fd fe ff fg fh fi ge he ie",
    );
    let size = b.size();
    let f = fill(&b);
    assert!(f.fills.is_empty() && f.teire.is_empty());
    assert_eq!(f.looks_dead, sgf("hb", size));
    assert_eq!(f.exempt_points.len(), 11);
    assert!(f.seki_points.is_empty() && f.seki_stones.is_empty());
    let s = count("japanese-1989", &b, KOMI);
    assert_eq!(territory(&s), (Points::whole(36), Points::whole(12)));
    assert_eq!(s.margin, Points::from_halves(35), "B+17.5");
    assert!(s.notes.iter().any(|n| n.contains("look dead (hb)")));
}

#[test]
fn an_unmarked_stone_in_atari_looks_dead_and_voids_nothing_issue_10() {
    // Issue 10 (the agreement table, `cgf2002/kat-gnu.sgf`): an unmarked black stone `ge` in
    // atari inside White's area, its one liberty `gf` a one-point region next to White's
    // stones. spec/FILLING.md 2.6 (revised): `ge` is enclosed (White at `gf` has liberties), so
    // `gf` is exempt, not a seki point, and White's strings are not in seki (5.2 S1; S2 leaves
    // out a string whose liberty is exempt). Before, `gf` was a seki point: the whole white wall
    // was in seki and White's 21 points were void.
    let b = setup_board(
        9,
        9,
        "ea eb ec ed ee ef eg eh ei ge",
        "fa fb fc fd fe ff fg fh fi gd he hf gg",
    );
    let size = b.size();
    let f = fill(&b);
    assert!(f.fills.is_empty() && f.teire.is_empty());
    assert_eq!(f.looks_dead, sgf("ge", size));
    assert_eq!(f.exempt_points, sgf("gf", size));
    assert!(
        f.seki_points.is_empty() && f.seki_stones.is_empty(),
        "{f:?}"
    );
    let s = count("japanese-1989", &b, KOMI);
    assert_eq!(territory(&s), (Points::whole(36), Points::whole(21)));
    assert_eq!(s.margin, Points::from_halves(17), "B+8.5");
}

/// docs/variants.md 4.12, a double-ko seki built for spec/FILLING.md 7.6: no dame at all.
const DOUBLE_KO_SEKI: &str = "
    . X . X O .
    X X X O O O
    X X O . O O";

#[test]
fn a_double_ko_seki_is_seki_variants_4_12() {
    // J89/WAGC: double-ko seki is seki (docs/variants.md 2.6 precedents, 4.12). Art. 8 read
    // literally finds no dame, hence no seki, and counts 2 : 2.
    let b = Board::from_diagram(DOUBLE_KO_SEKI).expect("valid diagram");
    let literal = count("japanese-1989", &b, Points::ZERO);
    let f = fill(&b);
    assert!(f.fills.is_empty() && f.teire.is_empty() && f.seki_points.is_empty());
    assert_eq!(f.seki_stones.len(), 14, "every stone is in seki: {f:?}");
    assert_eq!(territory(&literal), (Points::ZERO, Points::ZERO));
    for (p, c) in b.iter() {
        let i = b.size().index(p).expect("on the board");
        match c {
            Some(c) => assert_eq!(literal.marks[i], PointMark::SekiStone(c), "{p:?}"),
            None => assert_eq!(literal.marks[i], PointMark::Neutral, "{p:?}"),
        }
    }
    // The string-level literal rule does not see it (the old behaviour).
    let mut rules = ruleset("japanese-1989");
    rules.scoring.seki_eyes = weiqi_spec::SekiEyes::VoidString;
    rules.scoring.neutral_fill = weiqi_spec::NeutralFill::Literal;
    let old = scoring::score(&ScoringInput {
        ruleset: &rules,
        board: &b,
        dead: &[],
        prisoners: ByColor::default(),
        pass_stones: ByColor::default(),
        handicap: 0,
        komi: Points::ZERO,
        penalties: ByColor::default(),
    });
    assert_eq!(territory(&old), (Points::whole(2), Points::whole(2)));
}

/// The moves of an SGF record's main line (no variations in the file), `tt` or `[]` a pass.
fn record_moves(text: &str, size: BoardSize) -> Vec<(Color, Option<Point>)> {
    let mut moves = Vec::new();
    let bytes = text.as_bytes();
    for i in 0..bytes.len().saturating_sub(3) {
        let colour = match (bytes[i], bytes[i + 1], bytes[i + 2]) {
            (b';', b'B', b'[') => Black,
            (b';', b'W', b'[') => White,
            _ => continue,
        };
        let rest = &text[i + 3..];
        let end = rest.find(']').expect("closed move");
        let at = &rest[..end];
        let point =
            (!at.is_empty() && at != "tt").then(|| Point::from_sgf(at, size).expect("valid move"));
        moves.push((colour, point));
    }
    moves
}

/// The points of every `key[..][..]` list in `text`.
fn record_points(text: &str, key: &str, size: BoardSize) -> Vec<Point> {
    let Some(start) = text.find(&format!("{key}[")) else {
        return Vec::new();
    };
    let mut rest = &text[start + key.len()..];
    let mut out = Vec::new();
    while let Some(r) = rest.strip_prefix('[') {
        let end = r.find(']').expect("closed value");
        out.push(Point::from_sgf(&r[..end], size).expect("valid point"));
        rest = r[end + 1..].trim_start();
    }
    out
}

#[test]
fn gnu_go_regression_game_scores_its_result_w_26_5_issue_8() {
    // Issue 8 item 1 and docs/decisions.md 10: GNU Go's regression game cgf2003/GnuGo-GoeMate.sgf
    // (../shared/corpus/real-records/gnugo/): its TB/TW marks are complete and agree with
    // RE[W+26.5]; the old fill voided White's centre and gave B+25.5.
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/corpus/real-records/gnugo/regression/games/cgf2003/GnuGo-GoeMate.sgf"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert!(text.contains("RE[W+26.5]") && text.contains("RU[Japanese]"));
    let size = BoardSize::square(19).expect("valid size");
    let rules = ruleset("japanese-1989");
    let mut g = Interpreter::new(&rules, Setup::even(size)).expect("valid setup");
    let moves = record_moves(&text, size);
    assert!(moves.len() > 200, "{} moves", moves.len());
    for (i, &(color, at)) in moves.iter().enumerate() {
        let mv = at.map_or(Move::Pass, Move::Play);
        g.apply(Action::Move { color, mv })
            .unwrap_or_else(|e| panic!("move {} refused: {e}", i + 1));
    }
    assert_eq!(g.phase(), Phase::Stopped);
    let board = g.board();
    let dead = scoring::dead_from_territory_marks(
        &board,
        &record_points(&text, "TB", size),
        &record_points(&text, "TW", size),
    );
    assert_eq!(dead.len(), 15);
    for by in Color::ALL {
        g.apply(Action::ProposeDead {
            by,
            dead: dead.clone(),
        })
        .unwrap_or_else(|e| panic!("proposal of {by}: {e}"));
    }
    assert_eq!(g.phase(), Phase::Ended(Ending::Agreement));
    let s = g.score().expect("a finished game is scored");
    // The record's own count: "White = 72 territory + 16 captures + 6.5 komi = 94.5, Black = 63
    // territory + 5 captures = 68".
    assert_eq!(territory(&s), (Points::whole(63), Points::whole(72)));
    assert_eq!((s.sides.black.prisoners, s.sides.white.prisoners), (5, 16));
    assert_eq!(s.margin, Points::from_halves(-53), "W+26.5");
    // Every point the record marks as territory is counted for that side.
    for (key, c) in [("TB", Black), ("TW", White)] {
        for p in record_points(&text, key, size) {
            let i = size.index(p).expect("on the board");
            assert!(
                s.marks[i] == PointMark::Territory(c)
                    || s.marks[i] == PointMark::Dead(c.opponent()),
                "{key} {} is {:?}",
                p.to_sgf(),
                s.marks[i]
            );
        }
    }
}

#[test]
fn the_dame_trap_and_the_seki_of_variants_4_6() {
    // docs/variants.md 4.6: the dame trap's open point is filled (by either player: neutral), 3 :
    // 5; the seki's shared liberty is never filled, 2 : 4.
    let trap = Board::from_diagram(". X O . .\nX X O . .\n. X O O O\nX X . O .\n. X O O O")
        .expect("valid");
    let f = fill(&trap);
    assert_eq!(f.fills, vec![(Point::rc(3, 2), None)]);
    let s = count("japanese-1989", &trap, Points::ZERO);
    assert_eq!(territory(&s), (Points::whole(3), Points::whole(5)));
    let seki = Board::from_diagram(
        ". O . X . X O\nO O X X X X O\nX X O O O O O\n. X O . O . O\nX X O O O O O\n. X O . O . O\nX X O O O O O",
    )
    .expect("valid");
    let f = fill(&seki);
    assert!(f.fills.is_empty());
    assert_eq!(f.seki_points, vec![Point::rc(0, 2)]);
    let s = count("japanese-1989", &seki, Points::ZERO);
    assert_eq!(territory(&s), (Points::whole(2), Points::whole(4)));
}
