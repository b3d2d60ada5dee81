"""Deck analysis past the opening hand (docs/ANALYSIS.md): `analyze` answers, turn by turn
after the keep, the chance of each number of lands, sources of each colour and tagged cards
seen, and for each card the chance of having the mana to cast it on its turn; exact where the
maths allows, simulated with 95% Wilson intervals otherwise. `land_luck` answers "was I
unlucky?" over verified game logs. Every figure is computed by the core
(`mulligan_core::analysis`); this module only types the records."""

from __future__ import annotations

from mulligan._core import analyze, dealt_hands, exact_keep_odds, land_luck
from mulligan.analysis_records import (
    AnalysisDict,
    CardOddsDict,
    DealtHandDict,
    ExactTurnDict,
    IntervalDict,
    KeepOddsDict,
    KeepRuleDict,
    LuckDict,
    OptimizeDict,
    ShapeRowDict,
    StageDict,
    TurnDict,
)

__all__ = [
    "AnalysisDict",
    "CardOddsDict",
    "DealtHandDict",
    "ExactTurnDict",
    "IntervalDict",
    "KeepOddsDict",
    "KeepRuleDict",
    "LuckDict",
    "OptimizeDict",
    "ShapeRowDict",
    "StageDict",
    "TurnDict",
    "analyze",
    "dealt_hands",
    "exact_keep_odds",
    "land_luck",
]
