"""`mulligan analyze --plot`: one figure per question (lands by turn, colour sources by turn,
cards on curve, the kept hand's size), each with its title, axes and legend, simulated
figures with their 95% intervals as error bars (matplotlib). Legends sit outside the axes,
so they hide no bar or line; each colour of mana has its own marker and a slight offset, so
no line hides another; a figure drawn from exact figures (`--exact`) says "exact"."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

import numpy as np

from mulligan.analysis_records import AnalysisDict, IntervalDict
from mulligan.cli.plot import PLOT_CARDS, plot_format

#: Line colours for the colours of mana.
COLOURS = {
    "W": "goldenrod",
    "U": "tab:blue",
    "B": "black",
    "R": "tab:red",
    "G": "tab:green",
    "C": "tab:grey",
}

#: A marker for each colour of mana, so that lines that coincide stay told apart.
MARKERS = {"W": "o", "U": "s", "B": "D", "R": "^", "G": "v", "C": "X"}


def _legend_outside(ax: Any, **kw: Any) -> None:
    """The legend to the right of the axes, where it hides nothing."""
    ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0), **kw)


def _legend_below(fig: Any, columns: int) -> None:
    """The legend under the axes and their label (a figure drawn with the constrained layout),
    in `columns` columns: it hides nothing."""
    fig.legend(fontsize="small", loc="outside lower center", ncol=columns)


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


def _needs_colourless(r: AnalysisDict) -> bool:
    """Whether a card asked about costs `{C}` (mana only a colourless source pays, 106.1b)."""
    return any("{C}" in (c.get("mana_cost") or "") for c in r["cards"])


def _card_label(c: Any) -> str:
    """A card's row: name, cost, turn; `X=0` for a cost with `{X}` (counted as zero)."""
    x = ", X=0" if "{X}" in (c.get("mana_cost") or "") else ""
    where = ", commander" if c.get("command_zone") else ""
    return f"{c['name']} {c['mana_cost']} (turn {c['turn']}{x}{where})"


def plot_analysis(r: AnalysisDict, name: str, path: str, max_cards: int = PLOT_CARDS) -> list[str]:
    """Writes the figures beside `path` (`PATH-lands.png`, ...) and returns their paths; the
    cards figure shows the commander and the cards least often castable on curve, `max_cards`
    in all (0: every card)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    parts = ["lands", "colours", "cards"] + (["keep"] if r["keep"] else [])
    paths = _paths(path, parts)
    simulated = f"simulated, {r['games']:,} games, 95% intervals"
    how = "exact" if r["method"] == "exact" else simulated
    # With --exact after mulligans the turn-by-turn figures are exact beside the simulated ones.
    exact_turns = bool(r["by_turn"]) and all("exact" in t for t in r["by_turn"])
    turns_how = "exact (after the keep)" if exact_turns else how
    who = "on the draw" if r["on_the_draw"] else "on the play"
    deck = (
        f"{os.path.basename(name)}: {r['deck_size']} cards, {r['lands']} lands; "
        f"{r['variant']}, {r['mulligan']} mulligan, {who}"
    )
    turns = [t["turn"] for t in r["by_turn"]]
    written = []

    def save(fig: Any, part: str) -> None:
        if fig.get_layout_engine() is None:
            fig.tight_layout()
        try:
            fig.savefig(paths[part], format=plot_format(paths[part]), bbox_inches="tight")
        finally:
            plt.close(fig)
        written.append(paths[part])

    fig, ax = plt.subplots(figsize=(9, 5), dpi=100)
    for k in range(1, min(len(turns), 7) + 1):
        if exact_turns:
            tails = [t["exact"]["lands_at_least"] for t in r["by_turn"]]
        else:
            tails = [t["lands_at_least"] for t in r["by_turn"]]
        shares = [tail[k] if k < len(tail) else 0.0 for tail in tails]
        bars = [
            t["lands_at_least_interval"][k]
            if not exact_turns
            and "lands_at_least_interval" in t
            and k < len(t["lands_at_least_interval"])
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
    ax.set_title(f"Lands seen by each turn\n{deck}\n{turns_how}", fontsize=10)
    ax.set_xlabel("turn (after the keep)")
    ax.set_ylabel("% of games")
    ax.set_xticks(turns)
    ax.set_ylim(0, 101)
    ax.grid(alpha=0.3)
    _legend_outside(ax)
    save(fig, "lands")

    fig, ax = plt.subplots(figsize=(9, 5), dpi=100)
    colours = sorted(r["by_turn"][0]["sources"], key="WUBRGC".find) if r["by_turn"] else []
    # Colourless lines only for a deck that needs colourless mana (a `{C}` cost).
    if not _needs_colourless(r):
        colours = [c for c in colours if c != "C"]
    # Each colour a little to the side of the turn, with its own marker, and the first drawn
    # widest, so that equal figures stay visible (a halo around the lines drawn over it).
    offsets = {c: 0.1 * (i - (len(colours) - 1) / 2) for i, c in enumerate(colours)}
    ends: list[tuple[float, str, str]] = []
    for i, colour in enumerate(colours):
        for k, style in ((1, "-"), (2, "--")):
            ys = []
            for t in r["by_turn"]:
                dist = t["exact"]["sources"][colour] if exact_turns else t["sources"][colour]
                a = _at_least(dist)
                ys.append(100 * a[k] if k < len(a) else 0.0)
            shifted = [x + offsets[colour] for x in turns]
            ax.plot(
                shifted,
                ys,
                style,
                linewidth=1.2 + 1.5 * (len(colours) - 1 - i) / max(len(colours) - 1, 1),
                marker=MARKERS.get(colour, "o"),
                markersize=7 if k == 1 else 6,
                fillstyle="full" if k == 1 else "none",
                color=COLOURS.get(colour, "grey"),
                label=f"{colour}: at least {k} source{'s' if k > 1 else ''}",
            )
            ends.append((ys[-1], f"{colour} {k}+", COLOURS.get(colour, "grey")))
    # The labels at the lines' ends, spread apart where the lines end close together.
    placed: list[float] = []
    for y, label, colour in sorted(ends, key=lambda e: -e[0]):
        y_label = min(y, placed[-1] - 3.5) if placed else y
        placed.append(y_label)
        ax.annotate(
            label,
            (max(turns) + 0.25, y_label),
            xytext=(0, 0),
            textcoords="offset points",
            va="center",
            fontsize="small",
            color=colour,
            annotation_clip=False,
        )
    if turns:
        ax.set_xlim(min(turns) - 0.4, max(turns) + 0.6)
    identity = r.get("identity")
    only = f"; sources count for the commander's colours only ({identity})" if identity else ""
    ax.set_title(
        f"Sources of each colour seen by each turn\n{deck}\n{turns_how}{only}", fontsize=10
    )
    ax.set_xlabel("turn (after the keep)")
    ax.set_ylabel("% of games")
    ax.set_xticks(turns)
    ax.set_ylim(0, 101)
    ax.grid(alpha=0.3)
    if colours:
        _legend_outside(ax)
    else:
        ax.text(
            0.5, 0.5, "no land of the deck adds coloured mana", ha="center", transform=ax.transAxes
        )
    save(fig, "colours")

    every = r["cards"]
    cards = every
    if 0 < max_cards < len(every):
        # The commander, then the cards least often castable on curve: the ones a deck builder
        # looks at; in the report's order.
        ranked = sorted(
            range(len(every)),
            key=lambda i: (not every[i].get("command_zone"), every[i]["castable"]),
        )
        cards = [every[i] for i in sorted(ranked[:max_cards])]
    left_out = len(every) - len(cards)
    fig, ax = plt.subplots(
        figsize=(10, max(3.0, 0.45 * len(cards) + 2.0)), dpi=100, layout="constrained"
    )
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
    ax.set_yticks(positions + height, [_card_label(c) for c in cards], fontsize="small")
    ax.invert_yaxis()
    ax.set_xlim(0, 100)
    ax.set_xlabel("% of games")
    shown = ""
    if left_out:
        shown = (
            f"; the {len(cards)} of {len(every)} cards least often castable on curve "
            "(--plot-cards 0: all)"
        )
    ax.set_title(
        f"On curve: each card on the turn of its mana value\n{deck}\n{how}{shown}", fontsize=10
    )
    ax.grid(axis="x", alpha=0.3)
    if cards:
        _legend_below(fig, len(series))
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
        # The bars of a hand size centred on its tick: one bar on it, two either side.
        both = bool(sim) and bool(keep["exact"])
        width = 0.4 if both else 0.6
        shift = width / 2 if both else 0.0
        if sim:
            kept = [sim[s] for s in sizes]
            intervals = keep["simulated_interval"] or []
            err = _errors(kept, [intervals[s] for s in sizes] if intervals else [])
            ax.bar(
                xs - shift, [100 * v for v in kept], width, yerr=err, capsize=3, label="simulated"
            )
        if keep["exact"]:
            ax.bar(xs + shift, [100 * keep["exact"][s] for s in sizes], width, label="exact")
        ax.set_xticks(xs, [str(s) for s in sizes])
        ax.set_xlabel("cards in the kept hand")
        ax.set_ylabel("% of games")
        keep_how = "exact and " + simulated if keep["exact"] else simulated
        ax.set_title(f"Kept hand size\n{deck}\n{keep_how}", fontsize=10)
        _legend_outside(ax)
        ax.grid(axis="y", alpha=0.3)
        save(fig, "keep")
    return written
