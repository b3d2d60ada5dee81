"""`mulligan analyze --optimize`: the best keep rule's search as lines, and its progress on
standard error (docs/ANALYSIS.md, "The best keep rule"). The core searches; this module
prints."""

from __future__ import annotations

import sys
import time
from typing import Callable

import click

from mulligan.analysis_records import IntervalDict, KeepRuleDict, OptimizeDict
from mulligan.cli.fit_text import fit, text_width, wrap

__all__ = ["keep_spec", "optimize_text", "progress_printer"]


def keep_spec(rule: KeepRuleDict) -> str:
    """A keep rule as `--keep` and `--keep-at` take it: `--keep "7:1-5,6:2-4" --keep-at 4`,
    and its colour-source minimums as `simulate --min-sources` takes them."""
    ranges = sorted(((int(size), lo_hi) for size, lo_hi in rule["ranges"].items()), reverse=True)
    spec = ",".join(f"{size}:{lo}-{hi}" for size, (lo, hi) in ranges)
    out = f'--keep "{spec}"'
    if rule["keep_at"] is not None:
        out += f" --keep-at {rule['keep_at']}"
    for colour, k in sorted(rule.get("min_sources", {}).items()):
        out += f" --min-sources {colour}={k}"
    return out


def _points(x: float) -> str:
    return f"{100 * x:+.2f}"


def _ci(interval: IntervalDict, signed: bool = False) -> str:
    low, high = interval["low"], interval["high"]
    if signed:
        return f"[{_points(low)}, {_points(high)}]"
    return f"[{100 * low:.2f}, {100 * high:.2f}]"


OBJECTIVE_NAMES = {
    "castable_and_drawn": "castable_and_drawn, the mana and the card",
    "castable": "castable, the mana alone",
    "lands": "lands",
    "score": "your scoring function",
}


def optimize_text(o: OptimizeDict, baseline_given: bool, width: int | None = None) -> list[str]:
    """The search as lines of at most `width` characters (default: the terminal's): the
    objective that ran, what was searched, the winner beside the baseline, the paired
    difference with its interval, each hand size's step (its warnings are the caller's)."""
    w = text_width() if width is None else width
    base = "your rule" if baseline_given else "default"
    pad = max(len("best"), len(base))
    name = o.get("objective_name", "")
    lines = wrap(f"best keep rule for {o['objective']}:", w)
    lines += wrap(f"  objective: {OBJECTIVE_NAMES.get(name, name)}", w)
    lines += wrap(
        f"  searched {o['rules_tried']:,} of {o['family_size']:,} rules ({o['family']}) "
        f"on {o['search_games']:,} games, hand size by hand size; compared on "
        f"{o['compare_games']:,} further games",
        w,
    )
    for label, value, interval, rule in (
        ("best", o["best_value"], o["best_interval"], o["best"]),
        (base, o["baseline_value"], o["baseline_interval"], o["baseline"]),
    ):
        cells = [f"{100 * value:.2f}% {_ci(interval)}", keep_spec(rule)]
        lines += fit(f"  {label:<{pad}}  ", cells, w)
    lines += fit(
        "  difference: ",
        [
            f"{_points(o['difference'])} points {_ci(o['difference_interval'], signed=True)}",
            "(95%, paired game by game;",
            f"{_ci(o['unpaired_interval'], signed=True)} unpaired)",
        ],
        w,
        sep=" ",
    )
    for s in o["stages"]:
        lo, hi = s["range"]
        was = s["baseline_range"]
        was_text = f"{was[0]}-{was[1]}" if was is not None else "any"
        lines += fit(
            f"  {s['size']} cards: ",
            [
                f"{lo}-{hi} lands, {100 * s['value']:.2f}% from here on",
                f"({base} {was_text}: {100 * s['baseline_value']:.2f}%;",
                f"{s['tried']} ranges tried)",
            ],
            w,
            sep=" ",
        )
    return lines


def progress_printer() -> Callable[[int, int], None] | None:
    """A progress callback printing the share of games played on standard error, at most
    twice a second, when standard error is a terminal; None otherwise."""
    if not sys.stderr.isatty():
        return None
    last = [0.0]

    def show(done: int, total: int) -> None:
        now = time.monotonic()
        if done < total and now - last[0] < 0.5:
            return
        last[0] = now
        end = "\n" if done >= total else ""
        share = 100 * done / max(total, 1)
        click.echo(f"\rsearching keep rules: {share:5.1f}% of {total:,} games", err=True, nl=False)
        if end:
            click.echo("", err=True)

    return show
