"""The batch API against the `weiqi` binary, per core: `score_files(DIR, jobs=1)` (dicts, and
JSON Lines strings) and `weiqi score DIR --json --jobs 1`, in one run.

    python bench/batch.py [DIR] [--weiqi PATH] [--rounds R] [--check]

DIR defaults to `../shared/corpus/real-records` from the repository root, the binary to
`target/release/weiqi` (`cargo build --release -p weiqi-cli`). Each round runs the three, one
after the other; the CPU time (user + system) of each is measured (the binary's from the
kernel's account of the child process, the API's from this process's), and the best round of
each is kept: files per CPU-second on one core, and the API's share of the binary's speed.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import resource
import subprocess
import sys
import time
from typing import List, Optional


def children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def self_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def main(argv: Optional[List[str]] = None) -> int:
    root = pathlib.Path(__file__).resolve().parents[3]
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dir", nargs="?", default=str(root / "../shared/corpus/real-records"))
    parser.add_argument("--weiqi", default=str(root / "target/release/weiqi"))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--check", action="store_true", help="check instead of score")
    args = parser.parse_args(argv)

    import weiqi_rules as wr

    command = "check" if args.check else "score"
    rule = wr.check_files if args.check else wr.score_files
    if not os.access(args.weiqi, os.X_OK):
        print(f"{args.weiqi}: not built (cargo build --release -p weiqi-cli)", file=sys.stderr)
        return 2

    def binary() -> int:
        done = subprocess.run(
            [args.weiqi, command, args.dir, "--json", "--jobs", "1"],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            check=False,
        )
        return done.stdout.count(b"\n")

    cases = {
        f"weiqi {command} --jobs 1 (binary)": (binary, children_cpu),
        f"{rule.__name__}(jobs=1) -> dicts": (lambda: len(rule([args.dir], jobs=1)), self_cpu),
        f"{rule.__name__}(jobs=1, json=True)": (
            lambda: len(rule([args.dir], jobs=1, json=True)),
            self_cpu,
        ),
    }
    best = {}
    games = {}
    for _ in range(args.rounds):
        for name, (fn, clock) in cases.items():
            cpu, wall = clock(), time.perf_counter()
            games[name] = fn()
            cpu, wall = clock() - cpu, time.perf_counter() - wall
            old = best.get(name)
            if old is None or cpu < old[0]:
                best[name] = (cpu, wall)
    files = sum(1 for p in pathlib.Path(args.dir).rglob("*") if p.suffix.lower() == ".sgf")
    base = next(iter(best.values()))[0]
    print(f"{files} files; best of {args.rounds} rounds, one core each")
    for name, (cpu, wall) in best.items():
        print(
            f"{name:38} {games[name]:>6} games  CPU {cpu:6.2f} s  wall {wall:6.2f} s  "
            f"{files / cpu:>7,.0f} files/CPU-s  {base / cpu:6.1%} of the binary"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
