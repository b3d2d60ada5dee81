"""`mulligan simulate`: the bulk engine on a deck: its options and the command (the keep rule
is read in `keep_rule`, run in `progress`, printed by `report` and drawn by `plot`)."""

from __future__ import annotations

import json
import os
from typing import Any

import click

from mulligan import KeepRule, MulliganRule, Variant
from mulligan.cli.decks import deck_options, read_decks
from mulligan.cli.fit_text import echo_lines, warn
from mulligan.cli.group import (
    CliError,
    NameChoice,
    cli,
    enum_value,
    house_kwargs,
    house_options,
    mulligan_option,
)
from mulligan.cli.keep_rule import BOTTOM_ALIASES, BOTTOMS, EXILES, make_rule, where_set
from mulligan.cli.plot import plot
from mulligan.cli.progress import Runner, run_deck
from mulligan.cli.report import header, print_table, summary, what_ran
from mulligan.cli.run_options import bundled_deck, checked_plot, read_seed, run_options


@cli.command(name="simulate")
@click.argument("deck", required=False)
@click.option(
    "--games",
    "-n",
    type=int,
    callback=lambda ctx, param, value: games_in_range(value),
    default=1_000_000,
    show_default=True,
    help="Number of game starts.",
)
@click.option(
    "--bottom",
    type=NameChoice(BOTTOMS, BOTTOM_ALIASES),
    metavar="[balance|lands-first|spells-first]",
    default=None,
    help="Which cards go to the bottom (default: balance).",
)
@click.option(
    "--exile",
    type=NameChoice(EXILES),
    default=None,
    help="PARTIAL_PARIS: which cards a mulligan exiles: the whole hand (default) or every "
    "card of the over-represented kind (excess).",
)
@click.option(
    "--requires",
    multiple=True,
    metavar="TAG[=K]",
    help="Keep only hands with at least K cards (default 1) carrying TAG (repeatable).",
)
@click.option(
    "--min-sources",
    multiple=True,
    metavar="C=K",
    help="Keep only hands with at least K lands adding colour C (W, U, B, R, G, C; a fetch "
    'land counts as what it can fetch), e.g. "U=2" or "U=1,R=1" (repeatable).',
)
@click.option(
    "--require-cards",
    multiple=True,
    metavar="NAMES[=K]",
    help='Keep only hands with at least K (default 1) of these cards, e.g. "Lightning Bolt,'
    'Chain Lightning=1" (repeatable). Up to four card conditions in all run at full speed.',
)
@click.option(
    "--rule",
    "rule_file",
    type=click.Path(),
    default=None,
    help="A TOML file with keep, keep_at, bottom, requires, min_sources, requires_cards, exile "
    "(options override it).",
)
@mulligan_option
@house_options
@run_options(
    keep_at_max=None,
    variant_help="Game variant (free mulligans, hand size).",
    seed_help="64 hex digits (default: a fresh seed, printed).",
)
@click.option(
    "--compare",
    "compare",
    default=None,
    metavar="DECK2",
    help="A second deck, run on the same seed and shown side by side.",
)
@click.option(
    "--exact",
    is_flag=True,
    help="Beside each simulated keep rate, the exact one (land-count keep rules under London, "
    "Vancouver, Paris; docs/ANALYSIS.md).",
)
@click.option(
    "--plot",
    "plot_path",
    type=click.Path(dir_okay=False),
    default=None,
    metavar="FILE",
    help="Save a figure (keep rate by hand size, lands in hand) in the format its extension "
    "names: .png, .pdf, .svg, .jpg and the others matplotlib writes.",
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
    min_sources: tuple[str, ...],
    require_cards: tuple[str, ...],
    rule_file: str | None,
    era: str,
    variant: str,
    seed: str | None,
    compare: str | None,
    as_json: bool,
    exact: bool,
    plot_path: str | None,
    scheduler: str | None,
    deck_format: str | None,
    strict: bool,
    mdfc: str,
) -> None:
    """Simulate many game starts of DECK (default: a bundled Modern deck) with the bulk engine.

    The keep rule comes from --keep/--keep-at/--bottom/--exile/--requires/--min-sources/
    --require-cards or a --rule TOML file:

    \b
      keep = "7:2-5,6:2-4,5:1-4"     # or [keep] "7" = [2, 5] ...
      keep_at = 4
      bottom = "balance"
      requires = ["ramp"]            # or { ramp = 2 }
      min_sources = { U = 1, R = 1 }
      requires_cards = [{ cards = ["Lightning Bolt", "Shock"], min = 1 }]
      exile = "hand"                 # PARTIAL_PARIS: or "excess"

    Prints a table of keep rates by hand size, mean hand size and lands (or --json); --plot
    saves a figure; --compare DECK2 runs a second deck on the same seed, side by side. Without
    DECK, --variant commander and brawl run the bundled Commander deck.
    """
    v = enum_value(Variant, variant)
    bundled = bundled_deck(v)
    opts = {"deck_format": deck_format, "strict": strict, "mdfc": mdfc}
    paths = [deck] if compare is None else [deck, compare]
    decks = read_decks(paths, bundled=bundled, **opts)  # type: ignore[arg-type]
    rule = make_rule(keep, keep_at, bottom, requires, rule_file, exile, min_sources, require_cards)
    exiles = where_set(exile, rule_file, "exile")
    if exiles is not None and era.upper().replace("-", "_") != "PARTIAL_PARIS":
        message = "only the partial Paris mulligan (--mulligan partial-paris) exiles cards"
        if exile is not None:
            raise click.BadParameter(message, param_hint="--exile")
        warn(f"warning: {exiles}: {message}; ignored")
    checked_plot(plot_path)
    the_seed = read_seed(seed)
    options: dict[str, Any] = {
        "keep": rule,
        "seed": the_seed,
        "mulligan": enum_value(MulliganRule, era),
        "variant": v,
        **house_kwargs(),
    }
    ranges = where_set(keep, rule_file, "keep")  # the core's warnings name its keywords
    sources = {"ranges": ranges} if ranges else {}
    rows = []
    client = connect(scheduler) if scheduler is not None else None
    runner = Runner(games * len(decks), quiet=False)
    try:
        for name, d in decks:
            label = os.path.basename(name.replace(" (bundled)", ""))
            result = run_deck(runner, label, d, games, options, client, sources)
            rows.append(summary(name, d, result))
            if exact:
                rows[-1]["exact_keep_rate_by_size"] = exact_rates(d, options, result.hand_size)
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
            echo_lines(
                f"{unclassified} card(s) were not classified and count as nonlands (any lands "
                "among them are missed): run `mulligan cards download` once to fix it"
            )
        click.echo(f"seed: {the_seed.hex()}")
    if plot_path:
        plot(rows, plot_path)
        if not as_json:
            click.echo(f"figure written to {plot_path}")


def exact_rates(deck: Any, options: dict[str, Any], hand_size: int) -> dict[int, float]:
    """`--exact`: the exact chance of keeping at each hand size (the core's keep odds)."""
    from mulligan.analysis import exact_keep_odds

    if options.get("smoothing") or options.get("land_mulligan"):
        raise CliError("--exact: no exact keep odds with --smoothing or --land-mulligan")
    try:
        odds = exact_keep_odds(
            deck,
            mulligan=options["mulligan"],
            variant=options["variant"],
            keep=options["keep"],
            hand_size=hand_size,
            free_mulligans=options.get("free_mulligans", 0),
        )
    except ValueError as e:
        raise CliError(f"--exact: {e}") from None
    return {size: p for size, p in sorted(enumerate(odds), reverse=True) if p > 0}


#: The most game starts one run plays: the core's game indices are 48 bits (0 to 2^48 - 1).
MAX_GAMES = 1 << 48


def games_in_range(games: int) -> int:
    """`--games`, from 1 to `MAX_GAMES`."""
    if not 1 <= games <= MAX_GAMES:
        raise click.BadParameter(
            f"{games} is not a number of game starts from 1 to 2^48 = {MAX_GAMES:,} "
            "(game indices are 48 bits)",
            param_hint="--games",
        )
    return games


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
