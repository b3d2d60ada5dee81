"""`POST /simulate`: the bulk engine for one deck and keep rule, within the service's limits
(at most `Limits.simulate_games` games and about `Limits.simulate_seconds` of work).

The games run in chunks on a worker thread (the engine releases the GIL); between chunks the
deadline is checked, and a request that would go over it is refused with 413 rather than left
running. Game ``i`` depends only on the seed and ``i``, so the chunks give exactly the counts of
one call (docs/DETERMINISM.md).
"""

from __future__ import annotations

import time
from typing import Any

from mulligan._core import (
    Deck,
    KeepRule,
    MulliganError,
    MulliganRule,
    Seed,
    SimulationResult,
    Variant,
    simulate,
)
from mulligan.serve.engine import DECKS, HOUSE_OPTIONS, deck_warning_records
from mulligan.serve.errors import ApiError

__all__ = ["run_simulation"]

CHUNK = 100_000
# Smoothing is dealt game by game from its candidate shuffles (docs/VARIANTS.md, "In
# simulate"), some 10-50 times slower than the count kernels: smaller chunks keep the time
# limit's checks about as often. Chunks do not change the results.
SMOOTHING_CHUNK = 10_000


def _keep_rule(spec: dict[str, Any] | None) -> KeepRule | None:
    if spec is None:
        return None
    ranges: dict[int, tuple[int, int]] = {}
    for size, bounds in spec.get("ranges", {}).items():
        if not size.isdigit() or len(bounds) != 2:
            raise ApiError(422, "invalid", f"keep.ranges: {size!r}: [min lands, max lands]")
        ranges[int(size)] = (int(bounds[0]), int(bounds[1]))
    return KeepRule(
        ranges,
        keep_at=spec.get("keep_at"),
        bottom=spec.get("bottom", "balance"),
        exile=spec.get("exile", "hand"),
        requires=spec.get("requires") or None,
        min_sources=spec.get("min_sources") or None,
        requires_cards=[(c["cards"], c["min"]) for c in spec.get("requires_cards", [])] or None,
    )


def keep_rule_warnings(deck: Deck, keep: KeepRule | None, hand_size: int = 7) -> list[str]:
    """What `simulate` warns of a deck and keep rule: the library's own (`KeepRule.warnings`:
    an empty deck, a deck without lands, a tag no card carries, a colour no land adds, cards
    the deck does not hold), and a range for hands larger than any dealt (only for a rule the
    request gives; `KeepRule::unused_ranges` in the core, whose words these are;
    tests/test_serve_contract.py checks they are the library's)."""
    out = (keep or KeepRule.default()).warnings(deck)
    unused = [str(size) for size in (keep.ranges if keep is not None else {}) if size > hand_size]
    if unused:
        out.append(
            f"ranges: no hand here has {' or '.join(unused)} cards (hands of {hand_size} at "
            "most), so the range for them is never used"
        )
    return out


def run_simulation(body: dict[str, Any], seconds: float) -> dict[str, Any]:
    """Runs the simulation `body` describes (a `SimulateIn`); blocking, call it off the loop.
    The reply carries ``warnings``: the deck reader's and the keep rule's."""
    try:
        try:
            deck = DECKS.parse(body["deck"])
        except MulliganError as e:
            raise type(e)(f"deck: {e}") from None
        keep = _keep_rule(body.get("keep"))
        warnings = deck_warning_records(deck, "deck: ")
        found = keep_rule_warnings(deck, keep, body.get("hand_size", 7))
        warnings += [{"code": "keep_rule", "message": w} for w in found]
        seed = Seed.from_hex(body["seed"]) if body.get("seed") else Seed.generate()
        games = int(body["games"])
        options: dict[str, Any] = {
            "mulligan": getattr(MulliganRule, body.get("mulligan", "LONDON")),
            "variant": getattr(Variant, body.get("variant", "TWO_PLAYER")),
            "keep": keep,
            "seed": seed,
            "threads": 1,
            "on_the_play": body.get("on_the_play", True),
            "hand_size": body.get("hand_size", 7),
            "players": body.get("players"),
            **{k: body[k] for k in HOUSE_OPTIONS if body.get(k) is not None},
        }
        deadline = time.monotonic() + seconds
        total: SimulationResult | None = None
        chunk = SMOOTHING_CHUNK if body.get("smoothing") else CHUNK
        for start in range(0, games, chunk):
            if time.monotonic() > deadline:
                raise ApiError(
                    413,
                    "too_large",
                    f"over the {seconds:g} s limit after {start} of {games} games; ask for fewer",
                )
            part = simulate(deck, games=min(chunk, games - start), start=start, **options)
            total = part if total is None else total.merge(part)
    except (MulliganError, ValueError, TypeError) as e:
        raise ApiError(422, "invalid", str(e)) from e
    assert total is not None
    return {"seed": seed.hex(), **total.to_dict(), "warnings": warnings}
