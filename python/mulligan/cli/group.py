"""The `mulligan` click group and the error handling all its commands share."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

import click

from mulligan import MulliganError, MulliganRule, Variant, __version__

T = TypeVar("T")

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


#: What every command's help ends with: the exit statuses (README, "Errors and exit status").
EXIT_STATUS = """Exit status: 0 done; 1 an error in what was read or run (a file, a deck, a log
that does not verify, a setting the rules refuse); 2 a usage error (an unknown command or
option, a bad option value); 130 interrupted (Ctrl-C). Every error is one line on stderr,
`mulligan: error: ...`, naming the file, line, key or option."""


@click.group(context_settings=CONTEXT, epilog=EXIT_STATUS)
@click.version_option(__version__, prog_name="mulligan")
def cli() -> None:
    """Hidden-information Magic: The Gathering exactly as the Comprehensive Rules say: seeded,
    verifiable shuffles (701.24), the game start of every era (103), whole games served over
    HTTP to Tabletop Simulator and a browser page, and deck analysis.

    \b
      mulligan start --auto         a seeded game start, two bundled decks
      mulligan start my_deck.txt    hot-seat: each player sees their own hand
      mulligan start --whole-game   play on: draw, search, scry, mill, ...
      mulligan simulate deck.txt    a million game starts: keep rates, lands
      mulligan verify game.jsonl    replay a log, check every shuffle and draw
      mulligan analyze deck.txt     lands, colours, on-curve odds by turn
      mulligan stats game.jsonl     was I unlucky? hands against exact odds
      mulligan sources deck.txt     Karsten's table: sources to cast on curve
      mulligan serve                games over HTTP ('mulligan[serve]')
      mulligan cards info           which card table is in use (one built in)
      mulligan cards download       refresh the card table from Scryfall

    Deck files: plain lists, MTG Arena, MTGO .txt/.dek, Cockatrice .cod, Forge/XMage .dck,
    Magic Workstation, Moxfield/Archidekt/TappedOut exports, CSV exports of deck and
    collection sites with a header line (detected from the text).
    """


def enum_names(enum: type) -> list[str]:
    """An enum's member names (the core's enums are not Python `Enum`s: their upper-case
    attributes)."""
    return sorted(n for n in dir(enum) if n.isupper())


class NameChoice(click.Choice[str]):
    """A choice among names read as the core reads them: any case, `-` or `_` between words
    (`Two_Headed-Giant`); the value is the name as listed. A bad value's error lists each name
    once, as help shows it."""

    def __init__(self, names: Sequence[str], aliases: Mapping[str, str] | None = None) -> None:
        super().__init__(
            [*names, *(n.replace("_", "-") for n in names if "_" in n)], case_sensitive=False
        )
        self.names = list(names)
        self.aliases = {k.upper(): v for k, v in (aliases or {}).items()}
        self.shown = [n.lower().replace("_", "-") for n in names]

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        key = str(value).upper().replace("-", "_")
        key = self.aliases.get(key, key).upper()
        for name in self.names:
            if name.upper() == key:
                return name
        self.fail(f"{value!r} is not one of {', '.join(self.shown)}", param, ctx)


def enum_choice(enum: type) -> click.Choice[str]:
    """Case-insensitive choice among an enum's member names (`-` may stand for `_`)."""
    return NameChoice(enum_names(enum))


def enum_metavar(names: Sequence[str]) -> str:
    """The choices as help shows them: lower case, `-` for `_` (any case is accepted)."""
    return "[" + "|".join(n.lower().replace("_", "-") for n in names) + "]"


def enum_value(enum: type[T], name: str) -> T:
    """The member of `enum` a case-insensitive name (`-` for `_`) names."""
    value: T = getattr(enum, name.upper().replace("-", "_"))
    return value


MULLIGAN_CHOICE = enum_choice(MulliganRule)
VARIANT_CHOICE = enum_choice(Variant)
#: The variant's metavar; its names are listed in the option's help, where they wrap.
VARIANT_METAVAR = "VARIANT"
#: The variants, as an option's help lists them.
VARIANT_NAMES = "one of " + ", ".join(n.lower().replace("_", "-") for n in enum_names(Variant))


class CliError(click.ClickException):
    """A user-facing error: printed as one line, exit status 1."""


def command_path(ctx: click.Context) -> list[str]:
    """The words of the command `ctx` runs: ``["mulligan", "cards", "show"]``."""
    words: list[str] = []
    at: click.Context | None = ctx
    while at is not None:
        words.insert(0, "mulligan" if at.parent is None else str(at.info_name))
        at = at.parent
    return words


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the `mulligan` command; returns its exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        args = ["--help"]  # bare `mulligan`: its help, as asked for (exit 0)
    try:
        result = cli.main(args, prog_name="mulligan", standalone_mode=False)
    except click.exceptions.Exit as e:
        return int(e.exit_code)
    except click.UsageError as e:
        # A usage error names the command whose help says how to use it.
        where = " ".join(command_path(e.ctx)) if e.ctx else "mulligan"
        click.echo(f"mulligan: error: {e.format_message()} (see {where} --help)", err=True)
        return 2
    except click.ClickException as e:
        click.echo(f"mulligan: error: {e.format_message()}", err=True)
        return e.exit_code
    except (click.Abort, KeyboardInterrupt, EOFError):
        click.echo("\nmulligan: interrupted", err=True)
        return 130
    except MulliganError as e:
        click.echo(f"mulligan: error: {e}", err=True)
        return 1
    except OSError as e:
        name = f"{e.filename}: " if getattr(e, "filename", None) else ""
        click.echo(f"mulligan: error: {name}{e.strerror or e}", err=True)
        return 1
    return int(result or 0)


#: The `--smoothing` models (`simulate`'s and `Game`'s `smoothing=` names), any case, `-` for `_`.
SMOOTHING_MODELS = ("arena2", "weighted3", "smoothed_london")
SMOOTHING_CHOICE = NameChoice(SMOOTHING_MODELS)


def smoothing_name(value: str) -> str:
    """The `smoothing=` name a `--smoothing` value (any case, `-` for `_`) stands for."""
    return value.lower().replace("-", "_")


#: Keyword arguments of `Game`/`simulate`/`KeepRule` and the options that set them, so that
#: the core's messages (which name keywords) name what the user typed.
OPTION_OF = {
    "smoothing_candidates": "--smoothing-candidates",
    "free_mulligans": "--free-mulligans",
    "land_mulligan": "--land-mulligan",
    "keep_at": "--keep-at",
}


def option_words(message: str) -> str:
    """`message` with each keyword argument (`smoothing_candidates`, `smoothing="arena2"`)
    replaced by the command-line option that sets it (`--smoothing-candidates`,
    `--smoothing arena2`)."""
    message = re.sub(r'(?<![-\w])smoothing="([\w-]+)"', r"--smoothing \1", message)
    for keyword, option in OPTION_OF.items():
        message = re.sub(rf"(?<![-\w]){keyword}(?!\w)", option, message)
    return message


@contextmanager
def options_named() -> Iterator[None]:
    """Turns a `MulliganError` raised by `Game`/`simulate` on the options' values into a
    one-line error naming the options rather than the keyword arguments."""
    try:
        yield
    except MulliganError as e:
        raise CliError(option_words(str(e))) from None


#: `--mulligan`, shared by the commands that play or simulate game starts.
mulligan_option = click.option(
    "--mulligan",
    "era",
    type=MULLIGAN_CHOICE,
    metavar="ERA",
    default="LONDON",
    show_default=True,
    help="The mulligan rule of the era (103.5), any case: one of "
    + ", ".join(n.lower().replace("_", "-") for n in enum_names(MulliganRule))
    + ".",
)


def house_options(f: Callable[..., Any]) -> Callable[..., Any]:
    """The table options that are not the rules (docs/VARIANTS.md), shared by `start` and
    `simulate`: passed to `Game` and `simulate` as `house` (a dict of their keyword arguments)."""

    def collect(
        ctx: click.Context, param: click.Parameter, value: object
    ) -> object:  # one callback per option: each stores its value under the keyword's name
        ctx.ensure_object(dict)
        ctx.obj.setdefault("house", {})[str(param.name)] = value
        return value

    options = [
        click.option(
            "--free-mulligans",
            type=click.IntRange(0, 5),
            default=0,
            show_default=True,
            expose_value=False,
            callback=collect,
            help="Extra free mulligans the table allows, beside 103.5c's (not the rules).",
        ),
        click.option(
            "--land-mulligan",
            is_flag=True,
            expose_value=False,
            callback=collect,
            help="The old no-land/all-land redraw, once per game (not the rules).",
        ),
        click.option(
            "--smoothing",
            type=SMOOTHING_CHOICE,
            metavar=enum_metavar(SMOOTHING_MODELS),
            default=None,
            expose_value=False,
            callback=lambda ctx, param, value: collect(
                ctx, param, None if value is None else smoothing_name(value)
            ),
            help="Deal the opening hand (smoothed-london: every LONDON hand) from candidate "
            "hands, as some digital clients do (NOT the rules; docs/VARIANTS.md).",
        ),
        click.option(
            "--smoothing-candidates",
            type=click.IntRange(2, 8),
            default=None,
            expose_value=False,
            callback=collect,
            help="Candidate hands for --smoothing (default: the model's; smoothed-london "
            "compares exactly 2).",
        ),
    ]
    for option in reversed(options):
        f = option(f)
    return f


def house_kwargs() -> dict[str, Any]:
    """The `--free-mulligans`, `--land-mulligan`, `--smoothing`, `--smoothing-candidates`
    values of the running command, as `Game`/`simulate` keyword arguments."""
    ctx = click.get_current_context()
    house: dict[str, Any] = dict((ctx.obj or {}).get("house", {}))
    return house


def writable_dir(path: str, option: str) -> None:
    """Refuses, before any work is done, a file `path` whose folder does not exist."""
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise click.BadParameter(f"{path}: no folder {folder}", param_hint=option)
