"""Sources tables (docs/ANALYSIS.md, "Sources tables"): `sources` gives, for a deck size and
land count (or a deck), the chance of casting each cost on curve for every number of sources of
its colour, and the sources a target chance needs; Frank Karsten's tables exactly with
`karsten=True`, computed exactly with `exact=True`, simulated with 95% Wilson intervals
otherwise. Every figure is computed by the core (`mulligan_core::source_tables`); this module
only types the records."""

from __future__ import annotations

from typing import Literal, TypedDict

from mulligan._core import sources
from mulligan.analysis_records import CardNeedDict, IntervalDict, SourceNeedsDict


class _CellBase(TypedDict):
    turn: int
    cost: str
    coloured: int
    probability: list[float | None]
    target: float
    needed: int | None


class SourcesCellDict(_CellBase, total=False):
    """One cost: `probability[k]` is the chance of casting it on turn `turn` with `k` sources
    of its colour among the lands, given `turn` lands by then (None when no game gets there);
    `target` its target; `needed` the fewest sources reaching it; `interval` and
    `needed_range` (the fewest counts whose 95% interval's upper and lower ends reach the
    target) only when simulated."""

    interval: list[IntervalDict | None]
    needed_range: list[int | None]


class _TableBase(TypedDict):
    cards: int
    lands: int
    method: Literal["exact", "simulated"]
    procedure: Literal["karsten", "keep_rule"]
    mulligan: str
    draws_first_turn: bool
    target: float | None
    target_source: Literal["given", "default", "karsten"]
    variant: str | None
    players: int | None
    turns: int
    games: int | None
    seed: str | None
    land_drops: list[float]
    cells: list[SourcesCellDict]


class SourcesTableDict(_TableBase, total=False):
    """A whole table: `cells` by turn, then by coloured symbols (C; 1C, CC; 2C, 1CC, CCC; ...);
    `land_drops[t - 1]` the chance of `t` lands by turn `t`; `deck_sources` (asked with a
    deck) its lands of each colour, within a commander's colour identity; `commanders`,
    `identity`, `variant_source` for a deck; `notes` and `warnings` one sentence each."""

    deck_sources: dict[str, int]
    variant_source: Literal["request", "deck", "default"]
    commanders: list[str]
    identity: str
    notes: list[str]
    warnings: list[str]


__all__ = [
    "CardNeedDict",
    "SourceNeedsDict",
    "SourcesCellDict",
    "SourcesTableDict",
    "sources",
]
