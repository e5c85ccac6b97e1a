"""The status judge from Python (issue 27 item 3, issue 25): ``judge(game)``."""

import pytest

import weiqi_rules as wq

# weiqi-status's crate example: a finished 7x7 game; the black stone at the bottom right
# (row 6, column 5) stands in White's area, everything else is two living groups.
DIAGRAM = [
    ". X . X O . O",
    "X X X X O O .",
    ". X . X O . O",
    "X X X X O O O",
    ". X . X O . O",
    "X X X X O O O",
    ". X . X O X .",
]


def finished_game() -> wq.Game:
    black, white = [], []
    for row, line in enumerate(DIAGRAM):
        for col, cell in enumerate(line.split()):
            if cell == "X":
                black.append((row, col))
            elif cell == "O":
                white.append((row, col))
    return wq.Game("japanese-1989", 7, black=black, white=white, to_move="B")


def test_the_judge_finds_the_dead_stone_and_proves_the_groups() -> None:
    j = wq.judge(finished_game())
    dead = [s for s in j["strings"] if s["status"] == "dead"]
    assert [s["stones"] for s in dead] == [["fg"]]
    black_group = next(s for s in j["strings"] if "bb" in s["stones"])
    assert (black_group["status"], black_group["how"]) == ("alive", "proved")
    assert j["safe_to_score"] is True
    assert len(j["owner"]) == 7 and all(len(row) == 7 for row in j["owner"])
    # The dead stone's point belongs to White.
    assert j["owner"][6][5] == "w"


def test_the_same_seed_gives_the_same_judgement() -> None:
    game = finished_game()
    assert wq.judge(game, seed=7) == wq.judge(game, seed=7)
    assert wq.judge(game, seed=7)["seed"] == 7


def test_bad_options_are_refused_with_a_clear_error() -> None:
    # A bounded call: no playout count that would run for hours.
    with pytest.raises(ValueError, match="at most"):
        wq.judge(finished_game(), playouts=10**6)
    with pytest.raises(OverflowError):
        wq.judge(finished_game(), playouts=-1)
    # Proofs alone (no playouts) still answer.
    assert wq.judge(finished_game(), playouts=0)["strings"]
    with pytest.raises(TypeError):
        wq.judge("not a game")  # type: ignore[arg-type]
