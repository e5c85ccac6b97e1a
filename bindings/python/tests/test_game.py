"""`Game`: play, refusals with the JSON contract's codes, undo, copy, masks, board, score."""

import random

import numpy as np
import pytest

import weiqi_rules as wr

# A basic ko on the top edge (rows from the top): after these moves Black's retake at (1, 2)
# would recapture White's stone at (1, 1) at once.
KO = [(0, 1), (0, 2), (2, 1), (2, 2), (1, 0), (1, 3), (1, 2), (1, 1)]

# Two black stones in the corner with no liberty left once Black plays (0, 1): a two-stone
# suicide that captures nothing.
SUICIDE = [(0, 0), (1, 0), (5, 5), (1, 1), (5, 6), (0, 2)]


def play_all(game, moves):
    for mv in moves:
        game.play(mv)


def test_play_fills_the_board_array_and_switches_players():
    game = wr.Game("chinese-1988", 9)
    assert game.to_move == "B"
    game.play("C7")  # GTP: column C, row 7 from the bottom = (2, 2)
    game.play("gc")  # SGF: column g, row c = (2, 6)
    game.play((4, 4))
    game.play(8 * 9 + 8)  # an action index
    board = game.board
    assert board.dtype == np.int8 and board.shape == (9, 9)
    assert board[2, 2] == 1 and board[2, 6] == -1 and board[4, 4] == 1 and board[8, 8] == -1
    assert int(np.abs(board).sum()) == 4
    assert game.moves_played == 4
    assert game.to_move == "B"


def test_an_occupied_point_raises_illegal_move_with_the_json_code_and_changes_nothing():
    game = wr.Game("japanese-1989", 9)
    game.play((4, 4))
    before = (game.hash(), game.moves_played, game.to_move)
    with pytest.raises(wr.IllegalMove) as err:
        game.play((4, 4))
    assert err.value.code == "occupied"
    assert isinstance(err.value, ValueError)
    assert (game.hash(), game.moves_played, game.to_move) == before


def test_ko_japanese_1989_art_6_refuses_the_immediate_recapture():
    # [J89] Art. 6: a player may not recapture at once in a ko (spec/japanese-1989.toml).
    game = wr.Game("japanese-1989", 9)
    play_all(game, KO)
    assert game.captured == [(1, 2)]
    assert not game.is_legal((1, 2))
    with pytest.raises(wr.IllegalMove) as err:
        game.play((1, 2))
    assert err.value.code == "ko"
    game.play((7, 7))  # a ko threat elsewhere
    game.play((7, 6))
    game.play((1, 2))  # the retake is legal once the board has changed
    assert game.captured == [(1, 1)]


def test_tromp_taylor_positional_superko_refuses_the_recapture():
    # [TT] rule 8: a play may not recreate a position that occurred before.
    game = wr.Game("tromp-taylor", 9)
    play_all(game, KO)
    with pytest.raises(wr.IllegalMove) as err:
        game.play((1, 2))
    assert err.value.code == "positional-superko"


def test_multi_stone_suicide_forbidden_in_japanese_1989_legal_in_tromp_taylor():
    # spec/japanese-1989.toml: play.suicide = "forbidden"; spec/tromp-taylor.toml: "any"
    # ([TT]: a play removes the opponent's strings without liberties, then its own).
    japanese = wr.Game("japanese-1989", 9)
    play_all(japanese, SUICIDE)
    with pytest.raises(wr.IllegalMove) as err:
        japanese.play((0, 1))
    assert err.value.code == "suicide"

    tromp = wr.Game("tromp-taylor", 9)
    play_all(tromp, SUICIDE)
    tromp.play((0, 1))
    assert sorted(tromp.captured) == [(0, 0), (0, 1)]
    assert tromp.board[0, 0] == 0 and tromp.board[0, 1] == 0
    # The removed stones are White's prisoners (they count under territory scoring only).
    assert tromp.prisoners == {"black": 0, "white": 2}


def test_game_over_and_stopped_phases():
    tromp = wr.Game("tromp-taylor", 9)
    tromp.pass_()
    tromp.play(None)
    assert tromp.status == "ended"
    assert tromp.result == "W+7.5"
    with pytest.raises(wr.IllegalMove) as err:
        tromp.play((0, 0))
    assert err.value.code == "game-over"
    assert not tromp.legal_mask().any() and not tromp.action_mask().any()
    assert tromp.legal_moves() == [] and tromp.legal_actions() == []

    japanese = wr.Game("japanese-1989", 9)
    japanese.play("pass")
    japanese.play("PASS")
    assert japanese.status == "stopped"
    assert japanese.result is None


def test_off_board_is_an_illegal_move_and_malformed_moves_are_bad_arguments():
    game = wr.Game("chinese-1988", 9)
    for off in [(9, 0), (0, -1), "T19", "zz"]:
        assert not game.is_legal(off), off
        with pytest.raises(wr.IllegalMove) as err:
            game.play(off)
        assert err.value.code == "off-board"
    for bad in ["", "D", "hello", (1, 2, 3)]:
        with pytest.raises(ValueError):
            game.play(bad)
    for bad in [1.5, [1, 2], True, ("a", 1), object()]:
        with pytest.raises(TypeError):
            game.play(bad)
    for bad in [-1, 82, 10**30]:
        with pytest.raises(ValueError, match="out of range"):
            game.play(bad)
    assert game.moves_played == 0


def test_undo_restores_the_exact_position_and_refuses_at_the_start():
    game = wr.Game("chinese-1988", 9)
    assert not game.undo()
    assert game.hash() == 0
    seen = []
    for mv in KO:
        seen.append((game.hash(), game.board, game.to_move))
        game.play(mv)
    for hash_, board, to_move in reversed(seen):
        assert game.undo()
        assert game.hash() == hash_ and game.to_move == to_move
        assert (game.board == board).all()
    assert not game.undo()
    assert game.moves_played == 0


def test_copy_plays_independently():
    game = wr.Game("korean", 9)
    game.play((3, 3))
    other = game.copy()
    other.play((4, 4))
    assert game.moves_played == 1 and other.moves_played == 2
    assert game.board[4, 4] == 0 and other.board[4, 4] == -1
    import copy

    assert copy.copy(game).hash() == game.hash()
    assert copy.deepcopy(other).hash() == other.hash()


def test_masks_agree_with_the_legal_moves_on_random_games():
    rng = random.Random(27)
    for variant in wr.builtin_ids():
        for size in [(5, 5), (7, 4)]:
            game = wr.Game(variant, size)
            width, height = game.size
            for _ in range(60):
                if game.status != "playing":
                    break
                moves = game.legal_moves()
                mask = game.legal_mask()
                assert mask.dtype == np.bool_ and mask.shape == (height, width)
                points = {mv for mv in moves if mv is not None}
                assert points == {(int(r), int(c)) for r, c in zip(*np.nonzero(mask))}
                actions = game.action_mask()
                assert actions.shape == (width * height + 1,)
                assert list(np.flatnonzero(actions)) == game.legal_actions()
                assert [game.action_of(mv) for mv in moves] == game.legal_actions()
                for r in range(height):
                    for c in range(width):
                        assert game.is_legal((r, c)) == bool(mask[r, c])
                before = game.hash()
                mv = rng.choice(moves)
                game.play(mv)
                assert game.undo()
                assert game.hash() == before
                game.play(mv)


def test_rectangular_boards_and_sizes():
    game = wr.Game("tromp-taylor", (7, 5))
    assert game.size == (7, 5)
    assert game.board.shape == (5, 7)
    assert wr.Game("tromp-taylor", "13x9").size == (13, 9)
    for bad in [0, 53, -3, "big", (0, 5)]:
        with pytest.raises(ValueError):
            wr.Game("tromp-taylor", bad)
    with pytest.raises(TypeError):
        wr.Game("tromp-taylor", 9.5)


def test_komi_and_handicap():
    assert wr.Game("japanese-1989", 9).komi == 6.5
    assert wr.Game("japanese-1989", 9, komi=0.5).komi == 0.5
    with pytest.raises(ValueError, match="multiple of 0.5"):
        wr.Game("japanese-1989", 9, komi=6.3)
    game = wr.Game("japanese-1989", 19, handicap=4)
    assert int((game.board == 1).sum()) == 4
    assert game.to_move == "W"
    with pytest.raises(ValueError):
        wr.Game("japanese-1989", 19, handicap=400)


def test_score_counts_dead_strings_and_checks_its_argument():
    # Area scoring (spec/chinese-1988.toml): stones plus territory.
    game = wr.Game("chinese-1988", 5, komi=0)
    for mv in [(0, 2), (4, 4), (1, 2), (3, 4), (2, 2), (4, 3), (3, 2), (3, 3), (4, 2)]:
        game.play(mv)
    alive = game.score()
    assert alive["komi"] == 0
    # As `weiqi score --dead none` says: White's stones in Black's area are unsettled.
    assert alive["dead"] == {
        "points": [],
        "source": "none",
        "unsettled": ["dd", "ed", "de", "ee"],
    }
    assert set(alive) >= {"komi", "black", "white", "margin", "winner", "result", "territory"}
    dead = game.score(dead=[(3, 3)])  # one stone names its whole string
    assert dead["dead"] == {"points": ["dd"], "source": "given", "unsettled": []}
    # The points of the dead string count for Black.
    assert {"dd", "de", "ed", "ee"} <= set(dead["territory"]["black"])
    assert len(dead["territory"]["black"]) == 20
    assert dead["white"]["stones"] == 0
    assert dead["black"]["total"] == 25 and dead["winner"] == "B" and dead["result"] == "B+25"
    with pytest.raises(ValueError, match="holds no stone"):
        game.score(dead=[(0, 0)])
    with pytest.raises(ValueError):
        game.score(dead=[None])
    with pytest.raises(TypeError):
        game.score(dead="dd")
    with pytest.raises(TypeError):
        game.score(dead=5)


def test_text_forms():
    game = wr.Game("tromp-taylor", 3)
    game.play((0, 0))
    assert str(game) == "X . .\n. . .\n. . .\n"
    assert "tromp-taylor" in repr(game) and "moves_played=1" in repr(game)


def test_setup_stones_and_the_first_player():
    game = wr.Game("tromp-taylor", 9, black=[(0, 0), "C3"], white=["dd"], to_move="W")
    assert game.board[0, 0] == 1 and game.board[6, 2] == 1 and game.board[3, 3] == -1
    assert game.to_move == "W"
    with pytest.raises(wr.IllegalMove):
        game.play((3, 3))
    # Handicap stones given as setup: the variant places nothing more (weiqi_core::Setup).
    handicap = wr.Game("japanese-1989", 9, handicap=2, black=[(2, 2), (6, 6)])
    assert int((handicap.board == 1).sum()) == 2 and handicap.to_move == "W"
    for bad in [dict(black=[(0, 0)], white=[(0, 0)]), dict(black=[(9, 9)]), dict(black=[None])]:
        with pytest.raises(ValueError):
            wr.Game("tromp-taylor", 9, **bad)
    with pytest.raises(ValueError):
        # A string without a liberty cannot be set up.
        wr.Game("tromp-taylor", 3, black=[(0, 0)], white=[(0, 1), (1, 0)])
    with pytest.raises(ValueError, match="to_move"):
        wr.Game("tromp-taylor", 9, black=[(0, 0)], to_move="red")
    with pytest.raises(TypeError):
        wr.Game("tromp-taylor", 9, black="dd")
