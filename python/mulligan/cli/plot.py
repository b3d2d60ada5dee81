"""`mulligan simulate --plot`: keep rate by hand size and lands in the final hand, one bar per
deck (matplotlib)."""

from __future__ import annotations

import os
from typing import Any

import click
import numpy as np

#: Cards `analyze --plot`'s cards figure shows by default (`--plot-cards`): a 99-card deck's
#: figure stays readable; all of them with `--plot-cards 0`.
PLOT_CARDS = 25


def plot_format(path: str) -> str:
    """The file format `--plot PATH`'s extension names (`pdf`, `svg`, `jpg`, `png`, ...), one
    matplotlib writes; any other extension is refused before the run."""
    from matplotlib.backend_bases import FigureCanvasBase

    formats = FigureCanvasBase.get_supported_filetypes()
    extension = os.path.splitext(path)[1].lower().lstrip(".")
    if extension not in formats:
        shown = ", ".join(f".{f}" for f in sorted(formats))
        what = f"the extension .{extension}" if extension else "no extension"
        raise click.BadParameter(
            f"{path}: {what} names no figure format; use one of {shown}", param_hint="--plot"
        )
    return extension


def plot(rows: list[dict[str, Any]], path: str) -> None:
    """Two panels: keep rate by hand size, and lands in the final hand; one bar per deck."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4), dpi=100)
    width = 0.8 / len(rows)
    sizes = sorted({s for row in rows for s in row["kept_by_size"]}, reverse=True)
    for i, row in enumerate(rows):
        xs = np.arange(len(sizes)) + i * width
        left.bar(
            xs, [100 * row["keep_rate_by_size"].get(s, 0) for s in sizes], width, label=row["deck"]
        )
        final = np.asarray(row["final_hand_lands"], dtype=np.float64)
        share = 100 * final / max(final.sum(), 1)
        right.bar(np.arange(final.size) + i * width, share, width, label=row["deck"])
    left.set_xticks(np.arange(len(sizes)) + width * (len(rows) - 1) / 2, [str(s) for s in sizes])
    left.set_xlabel("hand size kept")
    left.set_ylabel("% of games")
    left.set_title("Keep rate by hand size")
    right.set_xlabel("lands in the final hand")
    right.set_ylabel("% of games")
    right.set_title("Lands in the final hand")
    for ax in (left, right):
        ax.legend(fontsize="small")
    fig.tight_layout()
    try:
        fig.savefig(path, format=plot_format(path))
    finally:
        plt.close(fig)
