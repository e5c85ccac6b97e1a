//! The AGA identity (docs/variants.md 3.d, after the AGA appendix): on complete games, territory
//! counting with pass stones and White's last pass gives the same margin as area counting with
//! White's N-1 bonus. The games are random complete games played by the interpreter under the
//! built-in `aga` variant (situational superko, pass stones, White passes last), ending by
//! agreement on dead stones or by the four-pass end with every stone alive.

mod scoring_support;

use scoring_support::{Rng, lonely_stones, ruleset};
use weiqi_core::{Action, BoardSize, ByColor, Color, Move, Phase, Point, Referee, Setup};
use weiqi_interpreter::Interpreter;
use weiqi_interpreter::scoring::{self, ScoringInput};
use weiqi_spec::{HandicapBonus, Ruleset, Scoring};

/// Whether playing `p` would fill one of the mover's own one-point eyes (every neighbour is an
/// own stone): random players avoid it so that games end with territory on the board.
fn fills_own_eye(g: &Interpreter, color: Color, p: Point) -> bool {
    let b = g.board();
    b.neighbours(p).all(|n| b.get(n) == Some(color))
}

/// Plays one random complete game of `rules` from `setup`.
fn random_game(rules: &Ruleset, setup: Setup, rng: &mut Rng) -> Interpreter {
    let mut g = Interpreter::new(rules, setup).expect("valid setup");
    let mut moves = 0u32;
    loop {
        match g.phase() {
            Phase::Ended(_) => return g,
            Phase::Playing => {
                let color = g.to_move();
                let plays: Vec<Move> = g
                    .legal_moves()
                    .into_iter()
                    .filter(|m| m.point().is_some_and(|p| !fills_own_eye(&g, color, p)))
                    .collect();
                let pass_chance = match moves {
                    0..20 => 3,
                    20..60 => 15,
                    60..120 => 50,
                    _ => 100,
                };
                let mv = if plays.is_empty() || rng.below(100) < pass_chance {
                    Move::Pass
                } else {
                    plays[rng.below(plays.len() as u64) as usize]
                };
                g.apply(Action::Move { color, mv })
                    .expect("a legal move is accepted");
                moves += 1;
            }
            Phase::Stopped => {
                if rng.below(5) == 0 && moves < 200 {
                    let by = if rng.below(2) == 0 {
                        Color::Black
                    } else {
                        Color::White
                    };
                    g.apply(Action::Resume { by })
                        .expect("resume while stopped");
                    moves += 1;
                } else {
                    let dead = if rng.below(2) == 0 {
                        lonely_stones(&g.board())
                    } else {
                        Vec::new()
                    };
                    for by in Color::ALL {
                        g.apply(Action::ProposeDead {
                            by,
                            dead: dead.clone(),
                        })
                        .expect("proposal");
                    }
                }
            }
        }
    }
}

#[test]
fn territory_with_pass_stones_equals_area_with_n_minus_one() {
    // docs/variants.md 3.d: "area - territory = M_B - M_W + H"; even games: M_B = M_W; handicap
    // games: White moves first and last, area exceeds territory by H - 1, "hence the rule
    // 'with area counting White gets N-1 extra points'" [AGA91].
    let aga = ruleset("aga");
    let mut area = aga.clone();
    area.scoring.scoring = Scoring::Area;
    area.handicap.bonus = HandicapBonus::NMinusOne;
    let mut rng = Rng(0x000A_6A00_003D);
    let mut endings = std::collections::BTreeMap::new();
    let mut pass_stones_seen = 0;
    let (mut prisoners_seen, mut dead_seen, mut moves_seen) = (0, 0, 0);
    for round in 0..1_000u32 {
        let side = [4, 5, 6][(round % 3) as usize];
        let size = BoardSize::square(side).expect("valid size");
        let handicap = [0, 0, 2, 3, 4][rng.below(5) as usize];
        // Handicap stones on distinct random points, as setup (SGF AB), then White moves.
        let mut stones = Vec::new();
        while stones.len() < handicap as usize {
            let p = size
                .point_at(rng.below(size.points_count() as u64) as usize)
                .expect("on board");
            if !stones.iter().any(|&(q, _)| q == p) {
                stones.push((p, Color::Black));
            }
        }
        let setup = Setup {
            handicap,
            stones,
            ..Setup::even(size)
        };
        let g = random_game(&aga, setup, &mut rng);
        let Some(territory) = g.score() else {
            // A game the variant does not score (no such ending under aga's rules).
            panic!("round {round}: {:?} is not scored", g.phase());
        };
        *endings.entry(format!("{:?}", g.phase())).or_insert(0u32) += 1;
        pass_stones_seen += g.pass_stones().black + g.pass_stones().white;
        prisoners_seen += g.prisoners().black + g.prisoners().white;
        dead_seen += g.dead_stones().len();
        moves_seen += g.moves_played();
        let board = g.board();
        let by_area = scoring::score(&ScoringInput {
            ruleset: &area,
            board: &board,
            dead: g.dead_stones(),
            prisoners: g.prisoners(),
            pass_stones: g.pass_stones(),
            handicap: g.handicap(),
            komi: g.komi(),
            penalties: ByColor::default(),
        });
        assert_eq!(
            territory.margin, by_area.margin,
            "round {round}, handicap {handicap}\n{board}territory {territory:#?}\narea {by_area:#?}"
        );
        assert_eq!(territory.result, by_area.result, "round {round}");
    }
    // Both endings occurred; passes handed over stones, plays captured stones, agreements
    // removed dead stones, and games were not trivially short.
    assert_eq!(endings.len(), 2, "{endings:?}");
    assert!(pass_stones_seen > 0 && prisoners_seen > 0 && dead_seen > 0);
    assert!(moves_seen > 20 * 1_000, "{moves_seen} moves in 1000 games");
    eprintln!(
        "{endings:?}; {moves_seen} moves, {prisoners_seen} prisoners, {dead_seen} dead stones, \
         {pass_stones_seen} pass stones"
    );
}
