"""Check or score a directory of game records with Dask, writing JSON Lines.

    python examples/dask_score.py DIR OUT.jsonl [--workers N] [--scheduler ADDRESS]
                                  [--check] [--rules ID] [--partition-size K]

Every ``*.sgf`` below DIR (any case, walked in name order) is ruled by ``weiqi_rules``: its
``score_files`` (or ``check_files`` with ``--check``) on partitions of K files, one Dask task a
partition, each task on one core (``jobs=1``: Dask spreads the work, not rayon). OUT.jsonl gets
one line per game, in the order of the files, each the object ``weiqi score --json`` (or
``weiqi check --json``) prints for it with many files: ``file`` and ``game`` first, ``error``
for a file or game that cannot be read. The file is the same whatever the number of workers.

Without ``--scheduler`` the work runs on a ``LocalCluster`` of N single-threaded worker
processes on this machine; with ``--scheduler tcp://host:8786`` it runs on that cluster, whose
workers need ``weiqi-rules`` installed and DIR at the same path (a shared filesystem). The
summary (files, games, errors, seconds, games per second) goes to standard error.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Dict, Iterable, List, Optional


def sgf_files(directory: str) -> List[str]:
    """The ``*.sgf`` files below ``directory`` (any case), in name order, links to directories
    not followed (the order ``weiqi check DIR`` walks)."""
    out: List[str] = []
    for entry in sorted(os.scandir(directory), key=lambda e: e.name):
        if entry.is_dir(follow_symlinks=False):
            out.extend(sgf_files(entry.path))
        elif entry.name.lower().endswith(".sgf"):
            out.append(entry.path)
    return out


def rule_partition(files: Iterable[str], check: bool, rules: Optional[str]) -> List[str]:
    """One Dask task: the JSON Lines of a partition of files, ruled on one core."""
    import weiqi_rules

    rule = weiqi_rules.check_files if check else weiqi_rules.score_files
    return rule(list(files), rules=rules, jobs=1, json=True)


def run(
    directory: str,
    out: str,
    *,
    workers: int = 2,
    scheduler: Optional[str] = None,
    check: bool = False,
    rules: Optional[str] = None,
    partition_size: int = 64,
) -> Dict[str, float]:
    """Rules on every record below ``directory`` and writes ``out``; returns the summary."""
    import dask.bag as db
    from dask.distributed import Client, LocalCluster

    files = sgf_files(directory)
    if scheduler is None:
        cluster = LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        )
        client = Client(cluster)
    else:
        cluster = None
        client = Client(scheduler)
    try:
        # Warm every worker (the import of weiqi_rules) before the clock starts.
        client.run(lambda: __import__("weiqi_rules") and None)
        start = time.perf_counter()
        bag = db.from_sequence(files, partition_size=max(1, partition_size))
        lines = bag.map_partitions(rule_partition, check, rules).compute()
        seconds = time.perf_counter() - start
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    errors = 0
    with open(out, "w", encoding="utf-8") as f:
        for line in lines:
            f.write(line)
            f.write("\n")
            errors += '"error":{"kind"' in line
    return {
        "files": len(files),
        "games": len(lines),
        "errors": errors,
        "seconds": seconds,
        "games_per_second": len(lines) / seconds if seconds else 0.0,
    }


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dir")
    parser.add_argument("out")
    parser.add_argument("--workers", type=int, default=2, help="LocalCluster workers (default 2)")
    parser.add_argument("--scheduler", help="the address of a running Dask scheduler")
    parser.add_argument("--check", action="store_true", help="check instead of score")
    parser.add_argument("--rules", help="a built-in id or spec file overriding each record's RU")
    parser.add_argument("--partition-size", type=int, default=64, help="files per task")
    args = parser.parse_args(argv)
    summary = run(
        args.dir,
        args.out,
        workers=args.workers,
        scheduler=args.scheduler,
        check=args.check,
        rules=args.rules,
        partition_size=args.partition_size,
    )
    print(
        "{files} files, {games} games ({errors} unreadable), {seconds:.2f} s, "
        "{games_per_second:,.0f} games/s".format(**summary),
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
