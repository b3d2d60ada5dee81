"""`mulligan analyze --plot`: one figure per question (lands by turn, colour sources by turn,
cards on curve, the kept hand's size), each with its title, axes and legend, simulated
figures with their 95% intervals as error bars (matplotlib)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

import numpy as np

from mulligan.analysis_records import AnalysisDict, IntervalDict
from mulligan.cli.plot import plot_format

#: Line colours for the colours of mana.
COLOURS = {"W": "goldenrod", "U": "tab:blue", "B": "black", "R": "tab:red", "G": "tab:green"}


def _paths(path: str, parts: list[str]) -> dict[str, str]:
    stem, ext = os.path.splitext(path)
    return {p: f"{stem}-{p}{ext}" for p in parts}


def _at_least(dist: list[float]) -> np.ndarray:
    return np.cumsum(np.asarray(dist, dtype=np.float64)[::-1])[::-1]


def _errors(p: list[float], ci: Sequence[IntervalDict | None]) -> Any:
    """Error bars (in percent) from the intervals; None when a figure has none (exact)."""
    if not ci or any(c is None for c in ci):
        return None
    lows = [100 * (v - c["low"]) for v, c in zip(p, ci) if c is not None]
    highs = [100 * (c["high"] - v) for v, c in zip(p, ci) if c is not None]
    return np.maximum(np.asarray([lows, highs]), 0)


def plot_analysis(r: AnalysisDict, name: str, path: str) -> list[str]:
    """Writes the figures beside `path` (`PATH-lands.png`, ...) and returns their paths."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    parts = ["lands", "colours", "cards"] + (["keep"] if r["keep"] else [])
    paths = _paths(path, parts)
    how = "exact" if r["method"] == "exact" else f"simulated, {r['games']:,} games, 95% intervals"
    who = "on the draw" if r["on_the_draw"] else "on the play"
    subtitle = (
        f"{os.path.basename(name)}: {r['deck_size']} cards, {r['lands']} lands; "
        f"{r['mulligan']} mulligan, {who}\n{how}"
    )
    turns = [t["turn"] for t in r["by_turn"]]
    written = []

    def save(fig: Any, part: str) -> None:
        fig.tight_layout()
        try:
            fig.savefig(paths[part], format=plot_format(paths[part]))
        finally:
            plt.close(fig)
        written.append(paths[part])

    fig, ax = plt.subplots(figsize=(8, 5), dpi=100)
    for k in range(1, min(len(turns), 7) + 1):
        tails = [t["lands_at_least"] for t in r["by_turn"]]
        shares = [tail[k] if k < len(tail) else 0.0 for tail in tails]
        bars = [
            t["lands_at_least_interval"][k]
            if "lands_at_least_interval" in t and k < len(t["lands_at_least_interval"])
            else None
            for t in r["by_turn"]
        ]
        ax.errorbar(
            turns,
            [100 * v for v in shares],
            yerr=_errors(shares, bars),
            marker="o",
            capsize=3,
            label=f"at least {k} land{'s' if k > 1 else ''}",
        )
    ax.set_title(f"Lands seen by each turn\n{subtitle}", fontsize=10)
    ax.set_xlabel("turn (after the keep)")
    ax.set_ylabel("% of games")
    ax.set_xticks(turns)
    ax.set_ylim(0, 101)
    ax.grid(alpha=0.3)
    ax.legend(fontsize="small")
    save(fig, "lands")

    fig, ax = plt.subplots(figsize=(8, 5), dpi=100)
    colours = list(r["by_turn"][0]["sources"]) if r["by_turn"] else []
    for colour in colours:
        for k, style in ((1, "-"), (2, "--")):
            ys = []
            for t in r["by_turn"]:
                a = _at_least(t["sources"][colour])
                ys.append(100 * a[k] if k < len(a) else 0.0)
            ax.plot(
                turns,
                ys,
                style,
                marker="o",
                color=COLOURS.get(colour, "grey"),
                label=f"{colour}: at least {k} source{'s' if k > 1 else ''}",
            )
    ax.set_title(f"Sources of each colour seen by each turn\n{subtitle}", fontsize=10)
    ax.set_xlabel("turn (after the keep)")
    ax.set_ylabel("% of games")
    ax.set_xticks(turns)
    ax.set_ylim(0, 101)
    ax.grid(alpha=0.3)
    if colours:
        ax.legend(fontsize="small", ncol=2)
    else:
        ax.text(
            0.5, 0.5, "no land of the deck adds coloured mana", ha="center", transform=ax.transAxes
        )
    save(fig, "colours")

    cards = r["cards"]
    fig, ax = plt.subplots(figsize=(9, max(3.0, 0.45 * len(cards) + 1.5)), dpi=100)
    positions = np.arange(len(cards))
    series = [
        ("castable", "the mana to cast it on its turn"),
        ("castable_given_lands", "the mana, given enough lands (Karsten)"),
        ("castable_and_drawn", "the mana and the card"),
    ]
    height = 0.8 / len(series)
    for i, (key, label) in enumerate(series):
        rows: list[dict[str, Any]] = [dict(c) for c in cards]
        shares = [float(row.get(key) or 0.0) for row in rows]
        bars = [row.get(f"{key}_interval") for row in rows]
        ax.barh(
            positions + i * height,
            [100 * v for v in shares],
            height,
            xerr=_errors(shares, bars),
            label=label,
            capsize=2,
        )
    ax.set_yticks(
        positions + height,
        [f"{c['name']} {c['mana_cost']} (turn {c['turn']})" for c in cards],
        fontsize="small",
    )
    ax.invert_yaxis()
    ax.set_xlim(0, 100)
    ax.set_xlabel("% of games")
    ax.set_title(f"On curve: each card on the turn of its mana value\n{subtitle}", fontsize=10)
    ax.grid(axis="x", alpha=0.3)
    if cards:
        ax.legend(fontsize="small", loc="lower right")
    else:
        ax.set_yticks([])
        ax.text(
            50,
            0.5,
            "no card with a known mana cost (run `mulligan cards download`)",
            ha="center",
            va="center",
        )
        ax.set_ylim(0, 1)
    save(fig, "cards")

    keep = r["keep"]
    if keep:
        fig, ax = plt.subplots(figsize=(8, 5), dpi=100)
        sim = keep["simulated"] or []
        sizes = [
            s
            for s in range(len(sim) - 1, -1, -1)
            if sim[s] > 0 or (keep["exact"] and keep["exact"][s] > 0)
        ]
        xs = np.arange(len(sizes))
        if sim:
            kept = [sim[s] for s in sizes]
            intervals = keep["simulated_interval"] or []
            err = _errors(kept, [intervals[s] for s in sizes] if intervals else [])
            ax.bar(xs - 0.2, [100 * v for v in kept], 0.4, yerr=err, capsize=3, label="simulated")
        if keep["exact"]:
            ax.bar(xs + 0.2, [100 * keep["exact"][s] for s in sizes], 0.4, label="exact")
        ax.set_xticks(xs, [str(s) for s in sizes])
        ax.set_xlabel("cards in the kept hand")
        ax.set_ylabel("% of games")
        ax.set_title(f"Kept hand size\n{subtitle}", fontsize=10)
        ax.legend(fontsize="small")
        ax.grid(axis="y", alpha=0.3)
        save(fig, "keep")
    return written
