"""The rules of Go for Python, from the weiqi Rust engine.

Every major ruleset (Chinese, Japanese, Korean, AGA, Ing, New Zealand, Tromp-Taylor, ...) as a
validated spec, exact superko, and the rulings of ``weiqi check`` and ``weiqi score`` on game
records, as dicts with the fields of the command line's JSON contract.

- ``Rules``: a variant by built-in id, spec file or TOML text; ``builtin_ids()``.
- ``Game``: play, undo, copy, legality, NumPy masks and board, the count with dead stones.
- ``check_sgf`` / ``score_sgf``: one record (a path, bytes or SGF text) ruled as
  ``weiqi check --json`` / ``weiqi score --json`` rule it; ``check_files`` / ``score_files``:
  many files on every core, the GIL released, one dict per game as the JSON Lines of
  ``weiqi check/score --json`` with many files.
- ``IllegalMove`` (``.code``), ``RulesError``, ``RecordError`` (``.kind``): all ``ValueError``.

>>> import weiqi_rules as wr
>>> game = wr.Game("chinese-1988", 9)
>>> game.play("E5")
>>> game.legal_mask().shape
(9, 9)
>>> try:
...     game.play("E5")
... except wr.IllegalMove as e:
...     print(e.code)
occupied
"""

from ._native import (
    Game,
    IllegalMove,
    RecordError,
    Rules,
    RulesError,
    builtin_ids,
    check_files,
    check_sgf,
    judge,
    score_files,
    score_sgf,
)

__all__ = [
    "Game",
    "IllegalMove",
    "RecordError",
    "Rules",
    "RulesError",
    "builtin_ids",
    "check_files",
    "check_sgf",
    "judge",
    "score_files",
    "score_sgf",
]
