"""The Dask example with two workers against one: throughput of `examples/dask_score.py`.

    python bench/dask_speedup.py [DIR] [--pairs N]

Runs the example's `run` on DIR (default `../shared/corpus/real-records` from the repository
root) with one worker, then two, N times (the pairs interleaved, so that a change in the
machine's load falls on both alike), each on a fresh `LocalCluster` whose start is not timed;
prints each pair's ratio of throughputs and the median ratio, with the load average.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import pathlib
import statistics
import sys
import tempfile
from typing import List, Optional

HERE = pathlib.Path(__file__).resolve().parent


def main(argv: Optional[List[str]] = None) -> int:
    root = HERE.parents[2]
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dir", nargs="?", default=str(root / "../shared/corpus/real-records"))
    parser.add_argument("--pairs", type=int, default=5)
    args = parser.parse_args(argv)

    spec = importlib.util.spec_from_file_location("dask_score", HERE.parent / "examples" / "dask_score.py")
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)

    ratios = []
    rates = {1: [], 2: []}
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.jsonl")
        for i in range(args.pairs):
            pair = {}
            for workers in (1, 2):
                summary = example.run(args.dir, out, workers=workers)
                pair[workers] = summary["games_per_second"]
                rates[workers].append(pair[workers])
            ratios.append(pair[2] / pair[1])
            print(
                f"pair {i + 1}: 1 worker {pair[1]:,.0f} games/s, 2 workers {pair[2]:,.0f} "
                f"games/s: {ratios[-1]:.2f}x (load average {os.getloadavg()[0]:.1f})"
            )
    print(
        f"median: 1 worker {statistics.median(rates[1]):,.0f} games/s, 2 workers "
        f"{statistics.median(rates[2]):,.0f} games/s; median ratio {statistics.median(ratios):.2f}x"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
