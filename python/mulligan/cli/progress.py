"""Running `mulligan simulate` on one deck: the engine's warnings as text on stderr (wrapped
to the width as every output is) and a progress bar with games/s once a run takes over a second."""

from __future__ import annotations

import time
import warnings
from typing import Any

from mulligan import Deck, MulliganWarning, SimulationResult, simulate
from mulligan.cli.fit_text import warn
from mulligan.cli.group import option_words, options_named

#: Runs shorter than this show no progress bar.
PROGRESS_AFTER = 1.0


class Runner:
    """Shows a progress bar with games/s once a run has taken over a second (`simulate`'s
    `progress=` callback; Ctrl-C stops the run, in the engine, within a fraction of a second)."""

    def __init__(self, total: int, quiet: bool) -> None:
        self.total = total
        self.done = 0
        self.quiet = quiet
        self.started = time.perf_counter()
        self.progress: Any = None
        self.task: Any = None

    def show(self, done: int, label: str) -> None:
        elapsed = time.perf_counter() - self.started
        if self.progress is None and not self.quiet and elapsed > PROGRESS_AFTER:
            from rich.console import Console
            from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

            self.progress = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                TextColumn("{task.completed:,}/{task.total:,} games"),
                TextColumn("{task.fields[rate]:,.0f} games/s"),
                TimeRemainingColumn(),
                console=Console(stderr=True),
                transient=True,
            )
            self.progress.start()
            self.task = self.progress.add_task(label, total=self.total, rate=0.0)
        if self.progress is not None:
            self.progress.update(
                self.task, completed=done, description=label, rate=done / max(elapsed, 1e-9)
            )

    def close(self) -> None:
        if self.progress is not None:
            self.progress.stop()


def run_deck(
    runner: Runner,
    label: str,
    deck: Deck,
    games: int,
    options: dict[str, Any],
    executor: Any = None,
    sources: dict[str, str] | None = None,
) -> SimulationResult:
    """Runs `simulate` on one deck; each engine warning prints as `warning: LABEL: ...`
    (wrapped to the width, `fit_text.warn`), or `warning: SOURCE: ...` for a warning about a
    keyword (`ranges: ...`) that `sources` says where the user set (`{"ranges": "--keep"}`)."""
    base = runner.done

    def progress(done: int, total: int) -> None:
        runner.show(base + done, label)

    with warnings.catch_warnings(record=True) as caught, options_named():
        warnings.simplefilter("always", MulliganWarning)
        result = simulate(deck, games=games, progress=progress, executor=executor, **options)
    for w in caught:
        keyword, _, rest = str(w.message).partition(": ")
        if sources and keyword in sources and rest:
            warn(f"warning: {sources[keyword]}: {rest}")
        else:
            warn(f"warning: {label}: {option_words(str(w.message))}")
    runner.done = base + games
    return result
