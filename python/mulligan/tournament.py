"""Tournament helpers: who chooses to play first (103.1) at every table of a round.

One round seed, committed before the pairings are published (``round_seed.commitment()``),
decides every table: table ``t`` reads its own stream of the seed (docs/DETERMINISM.md), so
anyone can recompute any table once the seed is revealed, and no table's result depends on how
many tables there are.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import TypeVar, overload

import numpy as np
import numpy.typing as npt

from mulligan._core import GameConfigError, MulliganTypeError, Seed, tournament_play_draw

__all__ = ["play_draw"]

T = TypeVar("T")

#: The most pairings one call reads (an endless iterable ends there with GameConfigError): a
#: bound far above any round, not a rule.
MAX_PAIRINGS = 1 << 20


@overload
def play_draw(round_seed: Seed | bytes | str, tables: int) -> npt.NDArray[np.uint8]: ...
@overload
def play_draw(round_seed: Seed | bytes | str, tables: Sequence[tuple[T, T]]) -> list[T]: ...
def play_draw(
    round_seed: Seed | bytes | str, tables: int | Sequence[tuple[T, T]]
) -> npt.NDArray[np.uint8] | list[T]:
    """With a number of tables: an array, 0 where the first-listed player of table ``t``
    chooses, 1 where the second does. With a list of pairings ``(a, b)``: the chooser of each."""
    if isinstance(tables, int) or hasattr(type(tables), "__index__"):
        return tournament_play_draw(round_seed, tables)  # type: ignore[arg-type]
    if isinstance(tables, (str, bytes)) or not isinstance(tables, Iterable):
        raise MulliganTypeError(
            f"tables must be a number of tables or a sequence of pairings, "
            f"got {type(tables).__name__}"
        )
    pairs = list(itertools.islice(tables, MAX_PAIRINGS + 1))
    if len(pairs) > MAX_PAIRINGS:
        raise GameConfigError(f"tables: at most {MAX_PAIRINGS} pairings")
    for pair in pairs:
        if isinstance(pair, (str, bytes)) or not isinstance(pair, Sequence) or len(pair) != 2:
            raise MulliganTypeError(f"each pairing must be a pair (a, b), got {pair!r}")
    choice = tournament_play_draw(round_seed, len(pairs))
    return [pair[int(c)] for pair, c in zip(pairs, choice)]
