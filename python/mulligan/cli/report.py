"""What `mulligan simulate` prints: each deck's figures (`--json`), what ran (the rule, the
variant, the table options that are not the rules, the keep rule) and the table."""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from mulligan import Deck, KeepRule, SimulationResult


def summary(name: str, deck: Deck, r: SimulationResult) -> dict[str, Any]:
    games = r.games
    unknown = set(deck.unknown)
    kept = {int(k): int(v) for k, v in sorted(r.kept_by_size.items(), reverse=True)}
    lands = np.asarray(r.hand_lands, dtype=np.float64)
    final = lands.sum(axis=0)
    mean_lands = float((final * np.arange(final.size)).sum() / max(final.sum(), 1))
    mulls = {int(k): int(v) for k, v in sorted(r.mulligans.items())}
    return {
        "deck": os.path.basename(name.replace(" (bundled)", "")),
        "path": name,
        "cards": len(deck),
        "lands": sum(c.land for c in deck.cards),
        # Main-deck cards nothing could classify (no card table, no marker): counted as
        # nonlands, so the figures below undercount lands.
        "unclassified": sum(c.name in unknown for c in deck.cards),
        "unclassified_names": sorted(unknown),
        "games": games,
        "mean_hand_size": r.mean_hand_size,
        "mean_mulligans": sum(k * v for k, v in mulls.items()) / max(games, 1),
        "keep_rate_by_size": {k: v / max(games, 1) for k, v in kept.items()},
        # The 95% Wilson interval of each rate (the core computes it), as [low, high].
        "keep_rate_interval_by_size": {
            int(k): [float(lo), float(hi)] for k, (lo, hi) in r.keep_rate_intervals.items()
        },
        "kept_by_size": kept,
        "mulligans": mulls,
        "final_hand_lands": [int(x) for x in final],
        "mean_final_lands": mean_lands,
        "result": r.to_dict(),
    }


def what_ran(r: SimulationResult, rule: KeepRule, games: int) -> dict[str, Any]:
    """What a run did, beside its results in `--json` (docs/API.md): the rule and variant,
    the table's options (not the rules) and the keep rule, as the engine reports them."""
    return {
        "mulligan": r.mulligan_rule.name,
        "variant": r.variant.name,
        "hand_size": r.hand_size,
        "free_mulligan": r.free_mulligan,
        "free_mulligans": r.free_mulligans,
        "land_mulligan": r.land_mulligan,
        "smoothing": r.smoothing,
        "smoothing_candidates": r.smoothing_candidates,
        "keep": {
            "ranges": {str(k): list(v) for k, v in sorted(rule.ranges.items(), reverse=True)},
            "keep_at": rule.keep_at,
            "bottom": rule.bottom,
            "requires": {tag: count for tag, count in rule.requires},
            "min_sources": dict(rule.min_sources),
            "requires_cards": [{"cards": c, "min": n} for c, n in rule.requires_cards],
            "exile": rule.exile,
        },
        "games": games,
    }


def header(ran: dict[str, Any]) -> list[str]:
    """The table's first lines: the rules run, then the table's options (named as not the
    rules), then the keep rule."""
    rules = f"{ran['mulligan']} mulligan, {ran['variant']}, hands of {ran['hand_size']}"
    if ran["free_mulligan"]:
        rules += ", the first mulligan free (103.5c)"
    house = []
    if ran["smoothing"]:
        house.append(
            f"smoothing {ran['smoothing']} ({ran['smoothing_candidates']} candidate hands)"
        )
    if ran["free_mulligans"]:
        n = ran["free_mulligans"]
        house.append(f"{n} free mulligan{'' if n == 1 else 's'}")
    if ran["land_mulligan"]:
        house.append("the no-land/all-land redraw")
    keep = ran["keep"]
    ranges = ",".join(f"{k}:{lo}-{hi}" for k, (lo, hi) in keep["ranges"].items())
    rule = f"keep rule: {ranges or 'any hand'}"
    if keep["keep_at"] is not None:
        rule += f", keep at {keep['keep_at']}"
    rule += f", bottom {keep['bottom']}"
    if keep["requires"]:
        rule += ", requires " + ", ".join(f"{n} {t}" for t, n in keep["requires"].items())
    if keep.get("min_sources"):
        rule += ", sources " + ", ".join(f"{n} {c}" for c, n in keep["min_sources"].items())
    for entry in keep.get("requires_cards", []):
        rule += f", {entry['min']} of {' / '.join(entry['cards'])}"
    if ran["mulligan"] == "PARTIAL_PARIS":
        rule += f", exile {keep['exile']}"
    lines = [rules]
    if house:
        lines.append(f"table options (not the rules): {', '.join(house)}")
    return [*lines, rule]


def _rate(row: dict[str, Any], size: int) -> str:
    """A simulated keep rate with its 95% Wilson interval in brackets (percent)."""
    rate = f"{100 * row['keep_rate_by_size'].get(size, 0):.2f}%"
    interval = row.get("keep_rate_interval_by_size", {}).get(size)
    if interval is None:
        return rate
    return f"{rate} [{100 * interval[0]:.2f}, {100 * interval[1]:.2f}]"


def _exact(row: dict[str, Any], size: int) -> str:
    exact = row.get("exact_keep_rate_by_size")
    return "-" if exact is None else f"{100 * exact.get(size, 0):.2f}%"


def print_table(rows: list[dict[str, Any]]) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(
        title="mulligan simulate",
        caption="kept at N cards: the share of games, its 95% Wilson interval in brackets",
    )
    table.add_column("")
    for row in rows:
        table.add_column(row["deck"], justify="right")
    sizes = sorted({s for row in rows for s in row["kept_by_size"]}, reverse=True)

    def line(label: str, f: Any) -> None:
        table.add_row(label, *[f(row) for row in rows])

    line("cards (lands)", lambda r: f"{r['cards']} ({r['lands']})")
    if any(row["unclassified"] for row in rows):
        line("unclassified, counted as nonlands", lambda r: f"{r['unclassified']}")
    line("games", lambda r: f"{r['games']:,}")
    for s in sizes:
        line(f"kept at {s} cards", lambda r, s=s: _rate(r, s))
        if any("exact_keep_rate_by_size" in row for row in rows):
            line(f"  exact, {s} cards", lambda r, s=s: _exact(r, s))
    line("mean hand size", lambda r: f"{r['mean_hand_size']:.3f}")
    line("mean mulligans", lambda r: f"{r['mean_mulligans']:.3f}")
    line("mean lands in the final hand", lambda r: f"{r['mean_final_lands']:.2f}")
    Console().print(table)
