//! Plays that a referee's shortcuts may get wrong, found by mutation testing (issue 12, item 6)
//! and by the harness's survey.
//!
//! The engine answers most plays from the neighbours alone (today `Look::quiet_and_alive`,
//! read from a summary of counters over the four neighbours; `Position::quiet_and_alive`, which
//! combined per-neighbour flags, when the first cases were written): a play with a liberty that
//! captures nothing needs no ko check. A string in atari on two sides of the point is two
//! capture flags at once, and a filter that combined the flags with `^` instead of `|` took
//! that capture for a quiet play and checked the repetition rule on the board without the
//! captures. Written as cargo-mutants writes it, `c0 | c1 ^ c2 | c3` binds as
//! `c0 | (c1 ^ c2) | c3`, so each such mutant erred on one pair of sides only (above and left,
//! left and right, right and below). The capture cases below are captures on two sides that
//! recreate the setup position, played in the eight orientations of the board; they test any
//! filter, the summary's counters included. The other cases are a 1x1 board (the survey) and
//! Ing's hot stones (written while triaging `Look::removes`).

use crate::common::{DECISIONS_IDS, Ruling, Step, b, game, new_game, replay, variant, w};
use weiqi_core::{Board, Color, Illegal, Phase, Point, Setup};

use Color::{Black, White};

/// One of the eight symmetries of the 3x3 board: `(row, col)` transposed first when `swap`,
/// then mirrored.
#[derive(Clone, Copy)]
struct Orientation {
    swap: bool,
    flip_rows: bool,
    flip_cols: bool,
}

impl Orientation {
    fn all() -> impl Iterator<Item = Orientation> {
        (0..8u8).map(|k| Orientation {
            swap: k & 1 != 0,
            flip_rows: k & 2 != 0,
            flip_cols: k & 4 != 0,
        })
    }

    fn point(self, row: u8, col: u8) -> Point {
        let (r, c) = if self.swap { (col, row) } else { (row, col) };
        let r = if self.flip_rows { 2 - r } else { r };
        let c = if self.flip_cols { 2 - c } else { c };
        Point::rc(r, c)
    }

    fn step(self, (color, at): Step) -> Step {
        let at = at.map(|(r, c)| {
            let p = self.point(r, c);
            (p.row, p.col)
        });
        (color, at)
    }

    fn name(self) -> String {
        format!(
            "swap {}, flip rows {}, flip columns {}",
            self.swap, self.flip_rows, self.flip_cols
        )
    }
}

/// A 3x3 position (a diagram in the first orientation) and a sequence from it that ends in a
/// capture recreating it, with the player to move of the setup again.
struct Cycle {
    diagram: &'static str,
    to_move: Color,
    steps: &'static [Step],
}

impl Cycle {
    fn board(&self, o: Orientation) -> Board {
        let first = Board::from_diagram(self.diagram).expect("valid diagram");
        let mut board = Board::new(first.size());
        for (p, stone) in first.iter() {
            board.set(o.point(p.row, p.col), stone);
        }
        board
    }

    /// Plays the cycle in every orientation under the twelve variants of docs/decisions.md:
    /// refused at the last play by positional superko (`chinese-1988`, `chinese-kgs`,
    /// `egf-sir`, `tromp-taylor`) and by AGA's situational superko, because the setup is entry 0
    /// of the repetition history (docs/decisions.md 7); legal under New Zealand's, which ignores
    /// the initial position (docs/decisions.md 13), under simple ko, and under Ing's rules
    /// (docs/variants.md 3.a: the recurrence only records a Rule D ban), where it recreates the
    /// setup board.
    fn check(&self, source: &str) {
        let last = self.steps.len();
        let psk = Ruling::Refused {
            ply: last,
            reason: Illegal::PositionalSuperko { repeats: 0 },
        };
        let ssk = Ruling::Refused {
            ply: last,
            reason: Illegal::SituationalSuperko { repeats: 0 },
        };
        let legal = Ruling::AllLegal(Phase::Playing);
        let table: [(&str, &Ruling); 12] = [
            ("aga", &ssk),
            ("chinese-1988", &psk),
            ("chinese-kgs", &psk),
            ("egf-sir", &psk),
            ("ing-1996", &legal),
            ("ing-aga", &legal),
            ("japanese-1989", &legal),
            ("korean", &legal),
            ("new-zealand", &legal),
            ("rfg-2010-area", &legal),
            ("rfg-2010-territory", &legal),
            ("tromp-taylor", &psk),
        ];
        let mut ids: Vec<&str> = table.iter().map(|(id, _)| *id).collect();
        ids.sort_unstable();
        assert_eq!(
            ids, DECISIONS_IDS,
            "{source}: the table covers the twelve variants"
        );
        for o in Orientation::all() {
            let steps: Vec<Step> = self.steps.iter().map(|&s| o.step(s)).collect();
            for (id, expected) in table {
                let setup = Setup::from_board(&self.board(o), self.to_move);
                let mut g = new_game(&variant(id), setup).expect("valid setup");
                let got = replay(&mut g, &steps);
                assert_eq!(&got, expected, "{source} under {id}, {}", o.name());
                if *expected == legal {
                    assert_eq!(
                        g.board(),
                        self.board(o),
                        "{source} under {id}: the setup again"
                    );
                    assert_eq!(g.to_move(), self.to_move, "{source} under {id}");
                }
            }
        }
    }
}

/// White captures Black's three stones, builds a six-stone string around (1,2) with (1,2) as
/// its last liberty, Black replays (2,1), and Black's (1,2) captures the whole string, which
/// touches (1,2) from above and from the left (two capture flags) while (2,2) is empty.
const ONE_STRING_TWICE: Cycle = Cycle {
    diagram: "
        . . .
        . . X
        . X .",
    to_move: White,
    steps: &[
        (White, Some((0, 2))),
        (Black, Some((2, 2))),
        (White, Some((1, 1))),
        (Black, None),
        (White, Some((2, 0))), // captures (1,2), (2,1), (2,2)
        (Black, None),
        (White, Some((0, 0))),
        (Black, None),
        (White, Some((0, 1))),
        (Black, None),
        (White, Some((1, 0))), // one string of six, liberties (1,2) and (2,1)
        (Black, Some((2, 1))),
        (White, None),
        (Black, Some((1, 2))), // captures the six: the setup board, White to move
    ],
};

fn a_capture_of_one_string_on_two_sides_of_the_point_recreating_the_setup_variants_3() {
    // In the eight orientations the two sides are each pair of adjacent sides: above and left
    // is the flag pair of `c0 ^ c1 | c2 | c3`, right and below that of `c0 | c1 | c2 ^ c3`.
    ONE_STRING_TWICE.check("one string on two sides");
}

/// Black takes back the corner, White's (0,1) captures Black's (0,0) on its left and Black's
/// (0,2)-(1,2) on its right at once, next to its own two-liberty string below.
const TWO_STRINGS_OPPOSITE: Cycle = Cycle {
    diagram: "
        . O .
        O O .
        X . O",
    to_move: Black,
    steps: &[
        (Black, Some((1, 2))),
        (White, None),
        (Black, Some((2, 1))), // captures (2,2)
        (White, Some((0, 0))),
        (Black, Some((0, 2))), // captures the four
        (White, Some((1, 0))),
        (Black, Some((0, 0))),
        (White, Some((1, 1))),
        (Black, None),
        (White, Some((2, 2))), // captures (2,0), (2,1)
        (Black, Some((2, 0))),
        (White, Some((0, 1))), // captures (0,0) and (0,2), (1,2): the setup, Black to move
    ],
};

fn a_capture_of_two_strings_on_opposite_sides_of_the_point_recreating_the_setup_variants_3() {
    // Left and right (in four of the orientations) is the flag pair of `c0 | c1 ^ c2 | c3`.
    TWO_STRINGS_OPPOSITE.check("two strings on opposite sides");
}

/// The one point of a 1x1 board has no neighbour at all, so a stone there has no liberty: the
/// play is a self-capture (docs/variants.md 4.9), not the lone stone without stone neighbours that
/// a shortcut may place without string work. Found by the harness's survey (seed 6001377,
/// 1 December 2026): the engine's `Position::play` returned early for a stone with no stone
/// neighbour and left it on the board with no liberty, where the interpreter removed it.
fn a_play_on_a_1x1_board_is_a_self_capture_variants_4_9() {
    let size = weiqi_core::BoardSize::square(1).expect("1x1");
    let a1 = Point::rc(0, 0);
    let suicide = Ruling::Refused {
        ply: 1,
        reason: Illegal::Suicide,
    };
    // The board after the self-capture is the empty start again: entry 0 for positional
    // superko (docs/decisions.md 7), not for New Zealand's (docs/decisions.md 13).
    let psk = Ruling::Refused {
        ply: 1,
        reason: Illegal::PositionalSuperko { repeats: 0 },
    };
    let legal = Ruling::AllLegal(Phase::Playing);
    // Where it is legal: Ing counts a one-stone suicide as a pass, New Zealand removes it.
    let table: [(&str, &Ruling, bool); 12] = [
        ("aga", &suicide, false),
        ("chinese-1988", &suicide, false),
        ("chinese-kgs", &suicide, false),
        ("egf-sir", &suicide, false),
        ("ing-1996", &legal, false),
        ("ing-aga", &legal, false),
        ("japanese-1989", &suicide, false),
        ("korean", &suicide, false),
        ("new-zealand", &legal, true),
        ("rfg-2010-area", &suicide, false),
        ("rfg-2010-territory", &suicide, false),
        ("tromp-taylor", &psk, false),
    ];
    let mut ids: Vec<&str> = table.iter().map(|(id, _, _)| *id).collect();
    ids.sort_unstable();
    assert_eq!(ids, DECISIONS_IDS, "the table covers the twelve variants");
    for (id, expected, removed) in table {
        let mut g = new_game(&variant(id), Setup::even(size)).expect("valid setup");
        let report = g.apply(crate::common::action((Black, Some((0, 0)))));
        let got = match &report {
            Ok(_) => legal.clone(),
            Err(e) => Ruling::Refused {
                ply: 1,
                reason: e.reason.clone(),
            },
        };
        assert_eq!(&got, expected, "under {id}");
        assert_eq!(
            g.board().get(a1),
            None,
            "under {id}: A1 is empty afterwards"
        );
        if let Ok(r) = report {
            assert_eq!(
                r.self_captured,
                if removed { vec![a1] } else { Vec::new() },
                "under {id}: the stone removed by the self-capture"
            );
            assert_eq!(r.counted_as_pass, !removed, "under {id}: counted as a pass");
            assert_eq!(g.to_move(), White, "under {id}");
        }
    }
}

/// Ing rule H (seed 000: "No hot stone may be captured before some other board play or a pass
/// has been made"; docs/variants.md 3.a) forbids removing a hot stone, by capture or by
/// self-capture, and nothing else: a play that joins the player's own hot stone and captures
/// nothing is legal. In a triple ko Black's ko capture stays hot while White ko-captures in
/// the second ko (its stones are still on the board), so Black is to move with a hot stone of
/// its own; connecting it is a quiet play, and it cools every hot stone. Written while
/// triaging the mutants of `Look::removes` (1 December 2026): the engine judges this play on
/// its quiet path, which a hot stone must not divert.
fn ing_joining_ones_own_hot_stone_is_legal_variants_3_a() {
    let diagram = "
        . . . . . . .
        X X X X X X X
        X O X . X O X
        O . O X O . O
        O O O O O O O
        . . . . . . .
        . . . . . . .";
    for id in ["ing-1996", "ing-aga"] {
        let mut g = game(&variant(id), diagram, Black);
        assert_eq!(
            replay(&mut g, &[b(3, 1), w(2, 3)]),
            Ruling::AllLegal(Phase::Playing),
            "under {id}"
        );
        let mut hot = g.hot_stones().expect("Ing tracks hot stones");
        hot.sort();
        assert_eq!(
            hot,
            vec![Point::rc(2, 3), Point::rc(3, 1)],
            "under {id}: both ko captures are hot"
        );
        assert_eq!(
            replay(&mut g, &[b(2, 1)]),
            Ruling::AllLegal(Phase::Playing),
            "under {id}: connecting one's own hot stone"
        );
        assert_eq!(g.board().get(Point::rc(3, 1)), Some(Black), "under {id}");
        assert_eq!(
            g.hot_stones(),
            Some(Vec::new()),
            "under {id}: a play that is not a ko capture cools every hot stone"
        );
    }
}

/// The cases of this module.
pub const CASES: &[(&str, fn())] = &[
    (
        "fast_path::ing_joining_ones_own_hot_stone_is_legal_variants_3_a",
        ing_joining_ones_own_hot_stone_is_legal_variants_3_a,
    ),
    (
        "fast_path::a_play_on_a_1x1_board_is_a_self_capture_variants_4_9",
        a_play_on_a_1x1_board_is_a_self_capture_variants_4_9,
    ),
    (
        "fast_path::a_capture_of_one_string_on_two_sides_of_the_point_recreating_the_setup_variants_3",
        a_capture_of_one_string_on_two_sides_of_the_point_recreating_the_setup_variants_3,
    ),
    (
        "fast_path::a_capture_of_two_strings_on_opposite_sides_of_the_point_recreating_the_setup_variants_3",
        a_capture_of_two_strings_on_opposite_sides_of_the_point_recreating_the_setup_variants_3,
    ),
];
