"""Random playouts driven from Python, the loop of reinforcement-learning code: at every step
the legal-move mask, a uniformly random legal action (the pass included), the move played; a
new game when one ends. weiqi-rules against OpenSpiel's Go and PettingZoo's Go, in one run.

    python bench/playout.py [--seconds S] [--rounds R] [--sizes 9 19]

Each case runs R rounds of S/R seconds, the rounds interleaved across the cases so that a
change in the machine's load falls on every library alike; a case's rate is its steps over
its time, game creation included. The mask loop asks every library for a boolean mask over its
actions (weiqi `Game.action_mask()`, OpenSpiel `legal_actions_mask()`, PettingZoo's observation
`action_mask`); the list loop, where a library has one, asks for the list of legal actions
(weiqi `Game.legal_actions()`, OpenSpiel `legal_actions()`). The same chooser (`random.Random`
on `numpy.flatnonzero` of the mask, or on the list) serves every library.

The rules each one enforces (read from their sources, see the README's "Python" section):
weiqi plays chinese-1988 (suicide forbidden, exact positional superko); OpenSpiel forbids
suicide and the simple-ko recapture and ends the game as a draw when a position repeats;
PettingZoo (MiniGo's board) forbids suicide and the simple-ko recapture and does not look for
longer repetitions. A peer that cannot be imported is reported with its error.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any, Callable, Dict, List, Optional

import numpy as np

KOMI = 7.5


class Case:
    """One library's loop on one board size: make a game, read its mask (None once over), play."""

    def __init__(
        self,
        library: str,
        loop: str,
        size: int,
        new: Callable[[], Any],
        legal: Callable[[Any], Optional[Any]],
        apply: Callable[[Any, int], None],
    ) -> None:
        self.library, self.loop, self.size = library, loop, size
        self.new, self.legal, self.apply = new, legal, apply
        self.steps = 0
        self.games = 0
        self.seconds = 0.0

    def run(self, seconds: float, rng: random.Random) -> None:
        """Plays for about `seconds`, adding to the totals."""
        pick_from_mask = self.loop == "mask"
        state = self.new()
        steps = 0
        start = time.perf_counter()
        deadline = start + seconds
        while True:
            legal = self.legal(state)
            if legal is None:
                self.games += 1
                if time.perf_counter() > deadline:
                    break
                state = self.new()
                continue
            if pick_from_mask:
                legal = np.flatnonzero(legal)
            self.apply(state, int(legal[rng.randrange(len(legal))]))
            steps += 1
            if steps % 512 == 0 and time.perf_counter() > deadline:
                break
        self.seconds += time.perf_counter() - start
        self.steps += steps

    @property
    def rate(self) -> float:
        """Steps per second."""
        return self.steps / self.seconds if self.seconds else 0.0


def weiqi_cases(size: int) -> List[Case]:
    import weiqi_rules as wr

    rules = wr.Rules("chinese-1988")

    def new() -> Any:
        return wr.Game(rules, size, komi=KOMI)

    def mask(g: Any) -> Optional[Any]:
        return g.action_mask() if g.status == "playing" else None

    def actions(g: Any) -> Optional[Any]:
        return g.legal_actions() if g.status == "playing" else None

    def play(g: Any, a: int) -> None:
        g.play(a)

    return [
        Case("weiqi-rules", "mask", size, new, mask, play),
        Case("weiqi-rules", "list", size, new, actions, play),
    ]


def openspiel_cases(size: int) -> List[Case]:
    import pyspiel

    game = pyspiel.load_game("go", {"board_size": size, "komi": KOMI})

    def mask(st: Any) -> Optional[Any]:
        return None if st.is_terminal() else np.asarray(st.legal_actions_mask(), dtype=bool)

    def actions(st: Any) -> Optional[Any]:
        return None if st.is_terminal() else st.legal_actions()

    def play(st: Any, a: int) -> None:
        st.apply_action(a)

    return [
        Case("open_spiel", "mask", size, game.new_initial_state, mask, play),
        Case("open_spiel", "list", size, game.new_initial_state, actions, play),
    ]


def pettingzoo_cases(size: int) -> List[Case]:
    from pettingzoo.classic import go_v5

    def new() -> Any:
        env = go_v5.env(board_size=size, komi=KOMI)
        env.reset(seed=0)
        return env

    def mask(env: Any) -> Optional[Any]:
        obs, _, terminated, truncated, _ = env.last()
        return None if terminated or truncated else obs["action_mask"]

    def play(env: Any, a: int) -> None:
        env.step(a)

    return [Case("pettingzoo", "mask", size, new, mask, play)]


PEERS = {
    "weiqi-rules": weiqi_cases,
    "open_spiel": openspiel_cases,
    "pettingzoo": pettingzoo_cases,
}


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per case (default 3)")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (default 3)")
    parser.add_argument("--sizes", type=int, nargs="+", default=[9, 19])
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)

    cases: List[Case] = []
    missing: Dict[str, str] = {}
    for size in args.sizes:
        for name, make in PEERS.items():
            try:
                cases.extend(make(size))
            except Exception as e:  # an uninstallable peer is reported, not fatal
                missing[name] = f"{type(e).__name__}: {e}"
    rng = random.Random(27)
    for _ in range(args.rounds):
        for case in cases:
            case.run(args.seconds / args.rounds, rng)

    rows = []
    for case in cases:
        ours = next(
            c for c in cases if c.library == "weiqi-rules" and c.size == case.size and c.loop == case.loop
        )
        rows.append(
            {
                "size": case.size,
                "library": case.library,
                "loop": case.loop,
                "steps_per_s": round(case.rate),
                "games": case.games,
                "weiqi_ratio": round(ours.rate / case.rate, 2) if case.rate else None,
            }
        )
    if args.json:
        print(json.dumps({"rows": rows, "missing": missing}, indent=1))
    else:
        print(f"{'size':>5} {'library':12} {'loop':5} {'steps/s':>10} {'games':>6} {'weiqi / it':>10}")
        for r in rows:
            print(
                f"{r['size']:>5} {r['library']:12} {r['loop']:5} {r['steps_per_s']:>10,} "
                f"{r['games']:>6} {r['weiqi_ratio']:>9}x"
            )
        for name, error in missing.items():
            print(f"{name}: not measured ({error})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
