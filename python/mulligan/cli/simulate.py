"""`mulligan simulate`: the bulk engine on a deck, with progress, a table, JSON and plots."""

from __future__ import annotations

import json
import os
import sys
import time
import warnings
from typing import Any

import click
import numpy as np

from mulligan import (
    Deck,
    KeepRule,
    MulliganRule,
    MulliganWarning,
    Seed,
    SimulationResult,
    Variant,
    simulate,
)
from mulligan.cli.decks import DEFAULT_SIMULATE, deck_options, read_deck
from mulligan.cli.group import (
    VARIANT_CHOICE,
    VARIANT_METAVAR,
    CliError,
    NameChoice,
    cli,
    enum_value,
    house_kwargs,
    house_options,
    mulligan_option,
    option_words,
    options_named,
    writable_dir,
)

#: Runs shorter than this show no progress bar.
PROGRESS_AFTER = 1.0


def parse_keep(spec: str) -> dict[int, tuple[int, int]]:
    """`"7:2-5,6:2-4,5:1-4"` -> `{7: (2, 5), 6: (2, 4), 5: (1, 4)}`."""
    ranges: dict[int, tuple[int, int]] = {}
    for part in spec.split(","):
        part = part.strip()
        if not part:
            continue
        try:
            size, lands = part.split(":")
            low, high = lands.split("-")
            ranges[int(size)] = (int(low), int(high))
        except ValueError:
            raise click.BadParameter(
                f'{part!r} is not SIZE:LOW-HIGH (e.g. "7:2-5,6:2-4,5:1-4")', param_hint="--keep"
            ) from None
    return ranges


def load_rule_file(path: str) -> dict[str, Any]:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.9 and 3.10
        import tomli as tomllib
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except tomllib.TOMLDecodeError as e:
        raise CliError(f"{path}: not TOML: {e}") from None
    known = {"keep", "keep_at", "bottom", "requires", "exile"}
    unknown = set(data) - known
    if unknown:
        raise CliError(
            f"{path}: unknown key(s) {', '.join(sorted(unknown))} "
            f"(known: {', '.join(sorted(known))})"
        )
    keep = data.get("keep")
    if isinstance(keep, str):
        data["keep"] = parse_keep(keep)
    elif isinstance(keep, dict):
        try:
            data["keep"] = {int(k): (int(v[0]), int(v[1])) for k, v in keep.items()}
        except (ValueError, TypeError, IndexError):
            raise CliError(f"{path}: keep is a table of SIZE = [LOW, HIGH]") from None
    return data


def make_rule(
    keep: str | None,
    keep_at: int | None,
    bottom: str | None,
    requires: tuple[str, ...],
    rule_file: str | None,
    exile: str | None = None,
) -> KeepRule | None:
    """The keep rule the options and file ask for; None (simulate's default rule: 2-5 lands in
    7, 2-4 in 6, 1-4 in 5, keep at 4) when they ask for nothing."""
    settings: dict[str, Any] = load_rule_file(rule_file) if rule_file else {}
    if keep is not None:
        settings["keep"] = parse_keep(keep)
    if keep_at is not None:
        settings["keep_at"] = keep_at
    if bottom is not None:
        settings["bottom"] = bottom
    if requires:
        settings["requires"] = list(requires)
    if exile is not None:
        settings["exile"] = exile
    for key in ("bottom", "exile"):  # names, in any case and with `-` for `_`, as options
        if isinstance(settings.get(key), str):
            settings[key] = settings[key].lower().replace("-", "_")
    if not settings:
        return None
    default = KeepRule.default()
    try:
        return KeepRule(
            settings.get("keep", default.ranges),
            keep_at=settings.get("keep_at", default.keep_at if "keep" not in settings else None),
            bottom=settings.get("bottom", "balance"),
            requires=settings.get("requires"),
            exile=settings.get("exile", "hand"),
        )
    except (ValueError, TypeError) as e:
        raise CliError(f"keep rule: {option_words(str(e))}") from None


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
) -> SimulationResult:
    base = runner.done

    def progress(done: int, total: int) -> None:
        runner.show(base + done, label)

    with warnings.catch_warnings(record=True) as caught, options_named():
        warnings.simplefilter("always", MulliganWarning)
        result = simulate(deck, games=games, progress=progress, executor=executor, **options)
    for w in caught:
        click.echo(f"warning: {label}: {option_words(str(w.message))}", err=True)
    runner.done = base + games
    return result


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
    if ran["mulligan"] == "PARTIAL_PARIS":
        rule += f", exile {keep['exile']}"
    lines = [rules]
    if house:
        lines.append(f"table options (not the rules): {', '.join(house)}")
    return [*lines, rule]


def print_table(rows: list[dict[str, Any]]) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title="mulligan simulate")
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
        line(f"kept at {s} cards", lambda r, s=s: f"{100 * r['keep_rate_by_size'].get(s, 0):.2f}%")
    line("mean hand size", lambda r: f"{r['mean_hand_size']:.3f}")
    line("mean mulligans", lambda r: f"{r['mean_mulligans']:.3f}")
    line("mean lands in the final hand", lambda r: f"{r['mean_final_lands']:.2f}")
    Console().print(table)


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
        fig.savefig(path, format="png")
    finally:
        plt.close(fig)


@cli.command(name="simulate")
@click.argument("deck", required=False)
@click.option(
    "--games",
    "-n",
    type=click.IntRange(1),
    default=1_000_000,
    show_default=True,
    help="Number of game starts.",
)
@click.option(
    "--keep",
    default=None,
    metavar="SPEC",
    help='Lands to keep by hand size, e.g. "7:2-5,6:2-4,5:1-4".',
)
@click.option(
    "--keep-at", type=click.IntRange(0), default=None, help="Keep any hand of this size or smaller."
)
@click.option(
    "--bottom",
    type=NameChoice(["balance", "lands_first", "spells_first"]),
    metavar="[balance|lands-first|spells-first]",
    default=None,
    help="Which cards go to the bottom (default: balance).",
)
@click.option(
    "--exile",
    type=NameChoice(["hand", "excess"]),
    default=None,
    help="PARTIAL_PARIS: which cards a mulligan exiles: the whole hand (default) or every "
    "card of the over-represented kind (excess).",
)
@click.option(
    "--requires",
    multiple=True,
    metavar="TAG",
    help="Keep only hands with a card carrying TAG (repeatable).",
)
@click.option(
    "--rule",
    "rule_file",
    type=click.Path(exists=True, dir_okay=False),
    default=None,
    help="A TOML file with keep, keep_at, bottom, requires, exile (options override it).",
)
@mulligan_option
@house_options
@click.option(
    "--variant",
    type=VARIANT_CHOICE,
    metavar=VARIANT_METAVAR,
    default="TWO_PLAYER",
    show_default=True,
    help="Game variant (free mulligans, hand size).",
)
@click.option(
    "--seed", metavar="HEX", default=None, help="64 hex digits (default: a fresh seed, printed)."
)
@click.option(
    "--compare",
    "compare",
    default=None,
    metavar="DECK2",
    help="A second deck, run on the same seed and shown side by side.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON.")
@click.option(
    "--plot",
    "plot_path",
    type=click.Path(dir_okay=False),
    default=None,
    metavar="FILE.png",
    help="Save a figure: keep rate by hand size, lands in hand.",
)
@click.option(
    "--scheduler",
    default=None,
    metavar="ADDRESS",
    help="Run on a Dask cluster (needs mulligan[dask]).",
)
@deck_options
def simulate_cmd(
    deck: str | None,
    games: int,
    keep: str | None,
    keep_at: int | None,
    bottom: str | None,
    exile: str | None,
    requires: tuple[str, ...],
    rule_file: str | None,
    era: str,
    variant: str,
    seed: str | None,
    compare: str | None,
    as_json: bool,
    plot_path: str | None,
    scheduler: str | None,
    deck_format: str | None,
    strict: bool,
    mdfc: str,
) -> None:
    """Simulate many game starts of DECK (default: a bundled Modern deck) with the bulk engine.

    The keep rule comes from --keep/--keep-at/--bottom/--exile/--requires or a --rule TOML
    file:

    \b
      keep = "7:2-5,6:2-4,5:1-4"     # or [keep] "7" = [2, 5] ...
      keep_at = 4
      bottom = "balance"
      requires = ["ramp"]
      exile = "hand"                 # PARTIAL_PARIS: or "excess"

    Prints a table of keep rates by hand size, mean hand size and lands (or --json); --plot
    saves a PNG; --compare DECK2 runs a second deck on the same seed, side by side.
    """
    opts = {"deck_format": deck_format, "strict": strict, "mdfc": mdfc}
    decks = [read_deck(deck, bundled=DEFAULT_SIMULATE, **opts)]  # type: ignore[arg-type]
    if compare is not None:
        decks.append(read_deck(compare, bundled=DEFAULT_SIMULATE, **opts))  # type: ignore[arg-type]
    rule = make_rule(keep, keep_at, bottom, requires, rule_file, exile)
    if plot_path is not None:
        writable_dir(plot_path, "--plot")
    try:
        the_seed = Seed.from_hex(seed) if seed is not None else Seed.generate()
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="--seed") from None
    options: dict[str, Any] = {
        "keep": rule,
        "seed": the_seed,
        "mulligan": enum_value(MulliganRule, era),
        "variant": enum_value(Variant, variant),
        **house_kwargs(),
    }
    rows = []
    client = connect(scheduler) if scheduler is not None else None
    runner = Runner(games * len(decks), quiet=False)
    try:
        for name, d in decks:
            label = os.path.basename(name.replace(" (bundled)", ""))
            result = run_deck(runner, label, d, games, options, client)
            rows.append(summary(name, d, result))
    finally:
        runner.close()
        if client is not None:
            client.close()
    ran = what_ran(result, rule or KeepRule.default(), games)
    if as_json:
        click.echo(json.dumps({"seed": the_seed.hex(), **ran, "decks": rows}, indent=2))
    else:
        for line in header(ran):
            click.echo(line)
        print_table(rows)
        unclassified = sum(row["unclassified"] for row in rows)
        if unclassified:
            click.echo(
                f"{unclassified} card(s) were not classified and count as nonlands (any lands "
                "among them are missed): run `mulligan cards download` once to fix it"
            )
        click.echo(f"seed: {the_seed.hex()}")
    if plot_path:
        plot(rows, plot_path)
        if not as_json:
            click.echo(f"figure written to {plot_path}")


#: Seconds `--scheduler` waits for the Dask scheduler before giving up.
CONNECT_TIMEOUT = 10


def connect(address: str) -> Any:
    """A Dask client for `--scheduler` (`simulate(..., executor=client)` splits the games over
    its workers; the result equals a one-machine run)."""
    try:
        from dask.distributed import Client  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        raise CliError("--scheduler needs Dask: pip install 'mulligan[dask]'") from None
    try:
        return Client(address, timeout=CONNECT_TIMEOUT)  # type: ignore[no-untyped-call,unused-ignore]
    except (OSError, ValueError, TypeError) as e:
        raise CliError(f"--scheduler {address}: cannot connect ({e})") from None
