"""Reading the decks a command names, with warnings printed and bundled defaults."""

from __future__ import annotations

import warnings
from importlib import resources

import click

from mulligan import Deck, DeckWarning
from mulligan.cli.fit_text import warn
from mulligan.cli.group import CliError

BUNDLED_DIR = "decks"
DEFAULT_PAIR = ("mono_green_stompy.txt", "izzet_tempo.txt")
DEFAULT_SIMULATE = "boros_energy.txt"
DEFAULT_COMMANDER = "commander_atraxa.txt"


def bundled_names() -> list[str]:
    folder = resources.files("mulligan").joinpath(BUNDLED_DIR)
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".txt"))


def deck_options(f: click.decorators.FC) -> click.decorators.FC:
    """The options every command that reads deck files takes."""
    f = click.option(
        "--mdfc",
        type=click.Choice(["land", "spell"], case_sensitive=False),
        default="land",
        show_default=True,
        help="How a modal double-faced card with a land only on its back counts (needs card "
        "data: `mulligan cards download`).",
    )(f)
    f = click.option(
        "--strict",
        is_flag=True,
        help="A deck that breaks its format's rules (100.2a, 100.2b, 903.5) is an error, not a "
        "warning.",
    )(f)
    f = click.option(
        "--format",
        "deck_format",
        type=click.Choice(["constructed", "limited", "commander"], case_sensitive=False),
        default=None,
        help="The format whose deck rules to check (default: guessed from the deck).",
    )(f)
    return f


def read_decks(
    paths: list[str | None],
    *,
    bundled: str,
    deck_format: str | None,
    strict: bool,
    mdfc: str,
) -> list[tuple[str, Deck]]:
    """`read_deck` for each path, each distinct path read (and its warnings printed) once: the
    same deck file given three times is one deck at three seats."""
    read: dict[str | None, tuple[str, Deck]] = {}
    for path in paths:
        if path not in read:
            read[path] = read_deck(
                path, bundled=bundled, deck_format=deck_format, strict=strict, mdfc=mdfc
            )
    return [read[path] for path in paths]


def read_deck(
    path: str | None,
    *,
    bundled: str,
    deck_format: str | None,
    strict: bool,
    mdfc: str,
    quiet: bool = False,
) -> tuple[str, Deck]:
    """A deck file (or the bundled deck `bundled` when `path` is None or names a bundled deck)
    and its display name; the reader's warnings go to stderr."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeckWarning)
        options = {"format": deck_format, "strict": strict, "mdfc": mdfc}
        if path is None or (path in bundled_names() and not _exists(path)):
            name = path or bundled
            text = resources.files("mulligan").joinpath(BUNDLED_DIR, name).read_text("utf-8")
            deck = Deck.parse(text, **options)  # type: ignore[arg-type]
            shown = f"{name} (bundled)"
        else:
            if _binary(path):
                raise CliError(
                    f"{path}: not a text deck file (it holds binary data; a deck file is a "
                    "text list of cards in one of the formats of `mulligan simulate --help`)"
                )
            deck = Deck.load(path, **options)  # type: ignore[arg-type]
            shown = path
    if len(deck) == 0 and not deck.commanders:
        raise CliError(f"{shown}: the deck holds no cards (no line of it names a card)")
    if not quiet:
        for w in deck.warnings:
            warn(f"warning: {shown}: {w}")
    return shown, deck


#: Byte-order marks of UTF-16 and UTF-32 text, whose NUL bytes are text.
_WIDE_BOMS = (b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff")


def _binary(path: str) -> bool:
    """Whether the file holds a NUL byte in its first 64 KiB outside UTF-16/32 text (an
    executable, an image, an archive: never a deck list). Unreadable files are left to the
    reader, whose error names them."""
    try:
        with open(path, "rb") as f:
            head = f.read(1 << 16)
    except OSError:
        return False
    return b"\x00" in head and not head.startswith(_WIDE_BOMS)


def _exists(path: str) -> bool:
    try:
        with open(path, "rb"):
            return True
    except OSError:
        return False
