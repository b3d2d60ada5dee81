"""The options `mulligan simulate` and `mulligan analyze` share, defined once: the keep rule's
land ranges (--keep, --keep-at), the variant, the seed and --json; and what both do with them:
the seed read, the bundled deck a variant runs without DECK, a plot path checked before the
run."""

from __future__ import annotations

from collections.abc import Callable

import click

from mulligan import Seed, Variant
from mulligan.cli.decks import DEFAULT_COMMANDER, DEFAULT_SIMULATE
from mulligan.cli.group import VARIANT_CHOICE, VARIANT_METAVAR, VARIANT_NAMES, writable_dir
from mulligan.cli.plot import plot_format

__all__ = ["bundled_deck", "checked_plot", "read_seed", "run_options"]


def run_options(
    *,
    keep_at_max: int | None,
    variant_help: str,
    seed_help: str,
    variant_default: str | None = "TWO_PLAYER",
) -> Callable[[click.decorators.FC], click.decorators.FC]:
    """--keep, --keep-at (0 to `keep_at_max` cards), --variant (`variant_default`; None: the
    command decides), --seed and --json."""

    def add(f: click.decorators.FC) -> click.decorators.FC:
        for option in reversed(
            [
                click.option(
                    "--keep",
                    default=None,
                    metavar="SPEC",
                    help='Lands to keep by hand size, e.g. "7:2-5,6:2-4,5:1-4".',
                ),
                click.option(
                    "--keep-at",
                    type=click.IntRange(0, keep_at_max),
                    default=None,
                    help="Keep any hand of this size or smaller.",
                ),
                click.option(
                    "--variant",
                    type=VARIANT_CHOICE,
                    metavar=VARIANT_METAVAR,
                    default=variant_default,
                    show_default=variant_default is not None,
                    help=f"{variant_help} ({VARIANT_NAMES})",
                ),
                click.option("--seed", metavar="HEX", default=None, help=seed_help),
                click.option("--json", "as_json", is_flag=True, help="Print the results as JSON."),
            ]
        ):
            f = option(f)
        return f

    return add


def read_seed(seed: str | None) -> Seed:
    """`--seed`: 64 hex digits, or a fresh seed from the operating system."""
    try:
        return Seed.from_hex(seed) if seed is not None else Seed.generate()
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="--seed") from None


def bundled_deck(variant: Variant) -> str:
    """The bundled deck run without DECK: the Commander deck for Commander and Brawl."""
    return DEFAULT_COMMANDER if variant in (Variant.COMMANDER, Variant.BRAWL) else DEFAULT_SIMULATE


def checked_plot(path: str | None) -> None:
    """`--plot`: its folder writable and its format one matplotlib writes, before the run."""
    if path is not None:
        writable_dir(path, "--plot")
        plot_format(path)
