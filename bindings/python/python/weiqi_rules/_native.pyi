"""Type stubs of the extension module ``weiqi_rules._native`` (re-exported by ``weiqi_rules``)."""

import os
from typing import Any, Dict, Iterable, List, Optional, Tuple, Union, final

import numpy as np
import numpy.typing as npt

_Point = Tuple[int, int]
"""A point as ``(row, col)``, row 0 at the top (the board array's indexing)."""

_MoveLike = Union[_Point, str, int, None]
"""A move: a ``(row, col)`` point, GTP (``"D4"``) or SGF (``"dd"``) text, ``"pass"``, an action
index (``row * width + col``; ``width * height`` is the pass) or ``None`` for a pass."""

_SizeLike = Union[int, Tuple[int, int], str]
"""A board size: a side, ``(width, height)`` or ``"19x13"``."""

class IllegalMove(ValueError):
    """A move the rules refuse; ``code`` is the stable reason of the JSON contract."""

    code: str

class RulesError(ValueError):
    """A ruleset that cannot be loaded (every problem in the message, one a line)."""

class RecordError(ValueError):
    """A record that cannot be read or ruled; ``kind`` is the JSON Lines' ``error.kind``."""

    kind: str

_RecordLike = Union[str, "os.PathLike[str]", bytes]
"""A record: a path, SGF bytes, or SGF text (a ``str`` starting with ``(``)."""

_RulesLike = Union["Rules", str, "os.PathLike[str]"]

def check_sgf(
    record: _RecordLike,
    *,
    rules: Optional[_RulesLike] = None,
    strict: bool = False,
    game: int = 1,
    name: Optional[str] = None,
) -> Dict[str, Any]:
    """``weiqi check --json`` on one record (its ``game``-th game)."""

def score_sgf(
    record: _RecordLike,
    *,
    rules: Optional[_RulesLike] = None,
    komi: Optional[float] = None,
    dead: Union[str, List[str], None] = None,
    strict: bool = False,
    game: int = 1,
    name: Optional[str] = None,
) -> Dict[str, Any]:
    """``weiqi score --json`` on one record (``dead``: ``"sgf"``, ``"none"``, ``"auto"`` or SGF points)."""

def check_files(
    paths: Iterable[Union[str, "os.PathLike[str]"]],
    *,
    rules: Optional[_RulesLike] = None,
    strict: bool = False,
    jobs: Optional[int] = None,
    json: bool = False,
) -> List[Any]:
    """One dict (or JSON line, ``json=True``) per game of every file, in order, on ``jobs`` threads."""

def score_files(
    paths: Iterable[Union[str, "os.PathLike[str]"]],
    *,
    rules: Optional[_RulesLike] = None,
    komi: Optional[float] = None,
    dead: Union[str, List[str], None] = None,
    strict: bool = False,
    jobs: Optional[int] = None,
    json: bool = False,
) -> List[Any]:
    """``score_sgf`` over many files, as ``check_files``."""

def builtin_ids() -> List[str]:
    """The ids of the built-in variants, sorted."""

@final
class Rules:
    """A rules variant, validated: a built-in id or a spec file path (``RulesError`` if not)."""

    def __new__(cls, spec: Union[str, "os.PathLike[str]"]) -> "Rules": ...
    @staticmethod
    def from_toml(text: str, name: str = "custom.toml") -> "Rules":
        """A variant from spec text; its id is the stem of ``name``."""
    @property
    def id(self) -> str: ...
    @property
    def extends(self) -> Optional[str]: ...
    @property
    def komi(self) -> float: ...
    def entries(self) -> Dict[str, str]:
        """Every key of the spec language with its value as TOML."""
    def __getitem__(self, key: str, /) -> str: ...
    def diff(self, other: "Rules") -> List[Tuple[str, str, str]]:
        """``(key, this value, other value)`` for every key whose value differs."""
    def to_toml(self) -> str:
        """The resolved variant as a complete spec file."""
    def __eq__(self, other: object, /) -> bool: ...

@final
class Game:
    """A game under one ruleset, on the weiqi engine (exact superko, every rule of the variant)."""

    def __new__(
        cls,
        rules: Union[Rules, str, "os.PathLike[str]"],
        size: Optional[_SizeLike] = None,
        *,
        komi: Optional[float] = None,
        handicap: int = 0,
        black: Optional[List[_MoveLike]] = None,
        white: Optional[List[_MoveLike]] = None,
        to_move: Optional[str] = None,
    ) -> "Game": ...
    @property
    def rules(self) -> Rules: ...
    @property
    def size(self) -> Tuple[int, int]:
        """``(width, height)``."""
    @property
    def komi(self) -> float: ...
    @property
    def to_move(self) -> str:
        """``"B"`` or ``"W"``."""
    @property
    def status(self) -> str:
        """``"playing"``, ``"stopped"``, ``"ended"`` or ``"no-result"``."""
    @property
    def moves_played(self) -> int: ...
    @property
    def prisoners(self) -> Dict[str, int]: ...
    @property
    def result(self) -> Optional[str]:
        """The result once the game ended (``"B+3.5"``, ``"0"``, ``"Void"``), else ``None``."""
    @property
    def captured(self) -> List[_Point]:
        """The stones the last move removed."""
    @property
    def board(self) -> npt.NDArray[np.int8]:
        """``(height, width)`` int8: 1 black, -1 white, 0 empty."""
    def hash(self) -> int:
        """The Zobrist hash of the board (0 when empty)."""
    def play(self, move: _MoveLike) -> None:
        """Plays ``move`` for the player to move; ``IllegalMove`` if the rules refuse it."""
    def pass_(self) -> None:
        """Passes for the player to move."""
    def is_legal(self, move: _MoveLike) -> bool: ...
    def legal_moves(self) -> List[Optional[_Point]]:
        """Board plays in row order as ``(row, col)``, then ``None`` for the pass."""
    def legal_actions(self) -> List[int]:
        """The legal action indices, ascending."""
    def legal_mask(self) -> npt.NDArray[np.bool_]:
        """``(height, width)`` bool: where the player to move may play a stone now."""
    def action_mask(self) -> npt.NDArray[np.bool_]:
        """``(width * height + 1,)`` bool over the action indices, the pass last."""
    def action_of(self, move: _MoveLike) -> int:
        """The action index of ``move``."""
    def undo(self) -> bool:
        """Takes back the last move; ``False`` when there is none."""
    def copy(self) -> "Game": ...
    def __copy__(self) -> "Game": ...
    def __deepcopy__(self, memo: Any) -> "Game": ...
    def score(self, dead: Optional[List[_MoveLike]] = None) -> Dict[str, Any]:
        """The count with the strings of ``dead`` removed: the fields of ``weiqi score --json``."""

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

def judge(
    game: Game, *, playouts: Optional[int] = None, seed: Optional[int] = None
) -> Dict[str, Any]:
    """The status judge on ``game``'s position: every string's status and how it is known,
    every point's owner, ``finished``, ``safe_to_score`` and the seed (``dead.judgement`` of
    ``score_sgf``)."""
