"""Replaying real game records: weiqi-rules against sgfmill's board, in one run.

    python bench/replay.py [DIR] [--rounds R]

DIR (default `../shared/corpus/real-records` from the repository root) is read once, every
`*.sgf` below it, by sgfmill's parser, before any timing. Then both boards replay the same
move lists R times (interleaved, the best round kept):

- sgfmill: `boards.Board(size)`, `apply_setup` for the setup stones, `play(row, col, colour)`
  for every board move (it captures, allows suicide, and checks neither ko nor turn order);
- weiqi-rules: `Game("tromp-taylor", size, black=..., white=..., to_move=...)` and `play` for
  every move, a pass inserted where a record has the same colour move twice (as `weiqi check`
  does), so every move is judged under exact positional superko.

A game stops where its board refuses a move (sgfmill: a stone on an occupied point; weiqi: any
refusal of Tromp-Taylor); the moves played until then are what is timed and counted, so the
two rates are of the same work where both follow a game. The whole-record pipeline (parse and
replay in Rust, `weiqi_rules.check_files`) is timed too, against sgfmill's parser and board,
when the package has it.
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import time
from typing import List, Optional, Tuple

Move = Tuple[str, Optional[Tuple[int, int]]]


class Game:
    """A record as sgfmill reads it: size, setup stones, moves (row 0 at the bottom)."""

    def __init__(self, size: int, black: list, white: list, moves: List[Move]) -> None:
        self.size, self.black, self.white, self.moves = size, black, white, moves


def read(files: List[pathlib.Path]) -> Tuple[List[Game], int]:
    from sgfmill import sgf

    games, unreadable = [], 0
    for path in files:
        try:
            record = sgf.Sgf_game.from_bytes(path.read_bytes())
            black, white, _empty = record.get_root().get_setup_stones()
            moves = [
                node.get_move()
                for node in record.get_main_sequence()[1:]
                if node.get_move()[0] is not None
            ]
            games.append(Game(record.get_size(), sorted(black), sorted(white), moves))
        except (ValueError, KeyError, IndexError):
            unreadable += 1
    return games, unreadable


def replay_sgfmill(games: List[Game]) -> Tuple[int, int]:
    """Moves played and games followed to their end."""
    from sgfmill import boards

    played = ended = 0
    for g in games:
        board = boards.Board(g.size)
        try:
            board.apply_setup(g.black, g.white, [])
        except ValueError:
            continue
        done = True
        for colour, point in g.moves:
            if point is not None:
                try:
                    board.play(point[0], point[1], colour)
                except ValueError:
                    done = False
                    break
            played += 1
        ended += done
    return played, ended


def replay_weiqi(games: List[Game]) -> Tuple[int, int]:
    """Moves played and games followed to their end."""
    import weiqi_rules as wr

    rules = wr.Rules("tromp-taylor")
    played = ended = 0
    for g in games:
        top = g.size - 1
        first = g.moves[0][0].upper() if g.moves else None
        try:
            game = wr.Game(
                rules,
                g.size,
                black=[(top - r, c) for r, c in g.black],
                white=[(top - r, c) for r, c in g.white],
                to_move=first if (g.black or g.white) else None,
            )
        except ValueError:
            continue
        done = True
        last = None
        for colour, point in g.moves:
            try:
                if colour == last:
                    game.play(None)
                game.play(None if point is None else (top - point[0], point[1]))
            except wr.IllegalMove:
                done = False
                break
            last = colour
            played += 1
        ended += done
    return played, ended


def best_rate(fn, games, rounds: int) -> Tuple[float, int, int]:
    best = 0.0
    played = ended = 0
    for _ in range(rounds):
        start = time.perf_counter()
        played, ended = fn(games)
        best = max(best, played / (time.perf_counter() - start))
    return best, played, ended


def main(argv: Optional[List[str]] = None) -> int:
    root = pathlib.Path(__file__).resolve().parents[3]
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dir", nargs="?", default=str(root / "../shared/corpus/real-records"))
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)

    files = sorted(p for p in pathlib.Path(args.dir).rglob("*") if p.suffix.lower() == ".sgf")
    if not files:
        print(f"no *.sgf under {args.dir}", file=sys.stderr)
        return 2
    games, unreadable = read(files)
    print(f"{len(files)} files, {len(games)} games read by sgfmill ({unreadable} unreadable)")
    results = {}
    for _ in range(args.rounds):
        for name, fn in [("sgfmill", replay_sgfmill), ("weiqi-rules", replay_weiqi)]:
            rate, played, ended = best_rate(fn, games, 1)
            old = results.get(name, (0.0, 0, 0))
            results[name] = (max(old[0], rate), played, ended)
    for name, (rate, played, ended) in results.items():
        print(f"{name:12} {rate:>12,.0f} moves/s  ({played:,} moves, {ended} games to their end)")
    ratio = results["weiqi-rules"][0] / results["sgfmill"][0]
    print(f"weiqi-rules / sgfmill: {ratio:.2f}x per move")

    try:
        import weiqi_rules as wr

        check_files = wr.check_files
    except AttributeError:
        return 0
    from sgfmill import sgf

    def sgfmill_whole() -> None:
        for path in files:
            try:
                sgf.Sgf_game.from_bytes(path.read_bytes())
            except ValueError:
                pass
        replay_sgfmill(games)

    best = {}
    for _ in range(args.rounds):
        for name, fn in [
            ("sgfmill parse + board", sgfmill_whole),
            ("weiqi check_files (jobs=1)", lambda: check_files(files, jobs=1)),
        ]:
            start = time.perf_counter()
            fn()
            rate = len(files) / (time.perf_counter() - start)
            best[name] = max(best.get(name, 0.0), rate)
    for name, rate in best.items():
        print(f"{name:28} {rate:>10,.0f} files/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
