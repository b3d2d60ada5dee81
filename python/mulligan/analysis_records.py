"""The records of deck analysis (`mulligan.analysis`), typed: plain dicts, as the core's
`analysis::report` and `analysis::luck` serialise them (docs/ANALYSIS.md)."""

from __future__ import annotations

from typing import Literal, TypedDict


class IntervalDict(TypedDict):
    """A 95% Wilson interval."""

    low: float
    high: float


class _TurnBase(TypedDict):
    turn: int
    cards_seen: int
    lands: list[float]
    lands_at_least: list[float]
    sources: dict[str, list[float]]
    sources_at_least: dict[str, list[float]]
    tags: dict[str, list[float]]


class ExactTurnDict(TypedDict):
    """With mulligans and `exact`: one turn's distributions computed exactly after the keep
    (lands, sources of each colour, tags of spells only), beside the simulated ones."""

    lands: list[float]
    lands_at_least: list[float]
    sources: dict[str, list[float]]
    sources_at_least: dict[str, list[float]]
    tags: dict[str, list[float]]


class TurnDict(_TurnBase, total=False):
    """One turn: index `k` of each list is the chance of exactly `k` seen by then; the
    `*_interval` keys only in a simulation."""

    lands_interval: list[IntervalDict]
    lands_at_least_interval: list[IntervalDict]
    sources_at_least_interval: dict[str, list[IntervalDict]]
    sources_interval: dict[str, list[IntervalDict]]
    tags_interval: dict[str, list[IntervalDict]]
    exact: ExactTurnDict


class _CardBase(TypedDict):
    name: str
    mana_cost: str
    mana_value: int
    turn: int
    copies: int
    castable: float
    enough_lands: float
    castable_given_lands: float | None
    castable_and_drawn: float
    command_zone: bool


class CardOddsDict(_CardBase, total=False):
    """One card: the chance of the mana to cast it on its turn, of enough lands, of the mana
    given enough lands (Karsten's reading), of the mana and the card; intervals when
    simulated."""

    castable_interval: IntervalDict
    enough_lands_interval: IntervalDict
    castable_given_lands_interval: IntervalDict
    castable_and_drawn_interval: IntervalDict


class KeepOddsDict(TypedDict):
    """Index: hand size; the chance of keeping a hand of that size."""

    exact: list[float] | None
    simulated: list[float] | None
    simulated_interval: list[IntervalDict] | None


class CardsRequirementDict(TypedDict):
    """At least `min` of these cards (docs/schema.json `CardsRequirement`)."""

    cards: list[str]
    min: int


class KeepRuleDict(TypedDict):
    """A keep rule as JSON (docs/schema.json `KeepRule`): hand size -> [min, max] lands."""

    ranges: dict[str, list[int]]
    keep_at: int | None
    bottom: str
    requires: dict[str, int]
    min_sources: dict[str, int]
    requires_cards: list[CardsRequirementDict]
    exile: str


class StageDict(TypedDict):
    """One hand size's step of the best-keep-rule search."""

    size: int
    tried: int
    range: list[int]
    value: float
    baseline_range: list[int] | None
    baseline_value: float


class OptimizeDict(TypedDict):
    """The best keep rule's search (`analyze(..., optimize=...)`, docs/ANALYSIS.md)."""

    objective: str
    objective_name: str
    warnings: list[str]
    family: str
    family_size: int
    rules_tried: int
    search_games: int
    compare_games: int
    best: KeepRuleDict
    baseline: KeepRuleDict
    best_value: float
    best_interval: IntervalDict
    baseline_value: float
    baseline_interval: IntervalDict
    difference: float
    difference_interval: IntervalDict
    unpaired_interval: IntervalDict
    stages: list[StageDict]


class CardNeedDict(TypedDict):
    """One colour of one card against the table (`analyze`'s `source_needs`)."""

    name: str
    mana_cost: str
    turn: int
    colour: str
    coloured: int
    sources: int
    nonland_sources: int
    probability: float | None
    needed: int | None
    short: bool


class SourceNeedsDict(TypedDict):
    """`analyze`'s `source_needs`: the target, the keep rule the table used, whether non-land
    mana sources counted, and each coloured card's sources against the table's need."""

    target: float
    procedure: Literal["karsten", "keep_rule"]
    nonland_sources: bool
    cards: list[CardNeedDict]


class _AnalysisBase(TypedDict):
    deck_size: int
    lands: int
    turns: int
    on_the_draw: bool
    skips_first_draw: bool
    variant: str
    variant_source: Literal["request", "deck", "default"]
    commanders: list[str]
    identity: str | None
    players: int
    mulligan: str
    method: Literal["exact", "simulation"]
    games: int | None
    seed: str | None
    colours: str
    keep: KeepOddsDict | None
    by_turn: list[TurnDict]
    cards: list[CardOddsDict]
    warnings: list[str]
    notes: list[str]
    source_needs: SourceNeedsDict | None


class AnalysisDict(_AnalysisBase, total=False):
    """What `analyze` returns (`optimize` only when a search was asked for)."""

    optimize: OptimizeDict


class DealtHandDict(TypedDict):
    """A hand dealt from a freshly shuffled library, as a log records it."""

    seat: int
    player: str
    deck_size: int
    deck_lands: int
    drawn: int
    lands: int


class ShapeRowDict(TypedDict):
    """Hands of one shape: observed and expected counts by lands."""

    deck_size: int
    deck_lands: int
    drawn: int
    hands: int
    observed: list[int]
    expected: list[float]


class LuckDict(TypedDict):
    """What `land_luck` returns: the total's test and the surprise's (docs/ANALYSIS.md)."""

    hands: int
    lands: int
    expected_lands: float
    p_at_most: float
    p_at_least: float
    p_total: float
    surprise: float
    p_surprise: float
    samples: int
    seed: str
    shapes: list[ShapeRowDict]
