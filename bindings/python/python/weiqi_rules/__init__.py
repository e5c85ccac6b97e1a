"""The rules of Go for Python, from the weiqi Rust engine.

Every major ruleset (Chinese, Japanese, Korean, AGA, Ing, New Zealand, Tromp-Taylor, ...) as a
validated spec, exact superko, and the rulings of ``weiqi check`` and ``weiqi score`` on game
records, as dicts with the fields of the command line's JSON contract.

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
    Rules,
    RulesError,
    builtin_ids,
)

# The status judge, ``judge(game)``, joins these names when it lands in the Rust libraries.

__all__ = [
    "Game",
    "IllegalMove",
    "Rules",
    "RulesError",
    "builtin_ids",
]
