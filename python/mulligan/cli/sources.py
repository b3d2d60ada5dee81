"""`mulligan sources`: Frank Karsten's sources tables and past them (docs/ANALYSIS.md, "Sources
tables"): for a deck size and land count (or a deck file), the chance of casting each cost on
curve for every number of sources of its colour, and the sources a target chance needs. Every
figure comes from the core (`mulligan.sources`); this module reads options and prints."""

from __future__ import annotations

import json

import click

from mulligan import Variant
from mulligan.cli.decks import deck_options, read_deck
from mulligan.cli.fit_text import fit, text_width, wrap
from mulligan.cli.group import NameChoice, cli, enum_value, mulligan_option, options_named
from mulligan.cli.keep_rule import BOTTOM_ALIASES, BOTTOMS, make_rule
from mulligan.cli.run_options import read_seed, run_options
from mulligan.source_tables import SourcesCellDict, SourcesTableDict, sources

__all__ = ["sources_cmd", "table_lines"]


@cli.command(name="sources")
@click.argument("deck", required=False)
@click.option("--cards", type=click.IntRange(1, 1000), default=None, help="Cards in the deck.")
@click.option("--lands", type=click.IntRange(0, 1000), default=None, help="Lands in the deck.")
@click.option(
    "--karsten",
    is_flag=True,
    help="Frank Karsten's method exactly: his keep rule (7 cards: 2-5 lands; 6 and 5: 2-4 "
    "after the bottom; 4: keep), his bottom order, a 99-card deck's free 7 (3-5 lands) and "
    "turn-1 draw.",
)
@click.option("--exact", is_flag=True, help="Hypergeometric sums, no sampling.")
@click.option("--on-the-draw", is_flag=True, help="The player draws on their first turn (103.8).")
@click.option(
    "--target",
    type=click.FloatRange(0, 1, min_open=True),
    default=None,
    help="The chance the sources needed aim for, for every cost (default: 90%; with --karsten "
    "his (89+M)% for mana value M, capped at 99%).",
)
@click.option(
    "--turns",
    type=click.IntRange(1, 15),
    default=7,
    show_default=True,
    help="The table covers costs of mana value 1 to this (turn 1 to this).",
)
@mulligan_option
@click.option(
    "--games",
    type=click.IntRange(1, 100_000_000),
    default=100_000,
    show_default=True,
    help="Games simulated for each number of sources (without --exact).",
)
@run_options(
    keep_at_max=32,
    variant_help="The variant (103.8: who skips the first draw; 103.5c: a free first mulligan); "
    "default: COMMANDER for a DECK with a commander section, else TWO_PLAYER.",
    seed_help="64 hex digits (default: random).",
    variant_default=None,
)
@click.option("--players", type=click.IntRange(2, 64), default=None, help="Players at the table.")
@click.option(
    "--bottom",
    type=NameChoice(BOTTOMS, BOTTOM_ALIASES),
    metavar="[balance|lands-first|spells-first]",
    default=None,
    help="Which cards the keep rule puts on the bottom (default: balance; not with --karsten).",
)
@click.option(
    "--all",
    "show_all",
    is_flag=True,
    help="Print every cell's chance by number of sources, not only the sources needed.",
)
@deck_options
def sources_cmd(
    deck: str | None,
    cards: int | None,
    lands: int | None,
    karsten: bool,
    exact: bool,
    on_the_draw: bool,
    target: float | None,
    turns: int,
    era: str,
    games: int,
    keep: str | None,
    keep_at: int | None,
    variant: str | None,
    seed: str | None,
    as_json: bool,
    players: int | None,
    bottom: str | None,
    show_all: bool,
    deck_format: str | None,
    strict: bool,
    mdfc: str,
) -> None:
    """The sources table for --cards N --lands L, or for DECK: for each cost up to --turns
    (C, 1C, CC, 2C, 1CC, CCC, ...), the chance of casting it on curve given the land drops for
    every number of sources of its colour, and the fewest sources reaching --target (as
    Frank Karsten's tables print them). Simulated figures carry 95% Wilson intervals
    (--all)."""
    if deck is not None and (cards is not None or lands is not None):
        raise click.UsageError("give DECK or --cards and --lands, not both")
    if deck is None and (cards is None or lands is None):
        raise click.UsageError("give --cards N and --lands L (or a DECK file)")
    if karsten and (keep is not None or keep_at is not None or bottom is not None):
        raise click.UsageError(
            "--karsten fixes the keep rule: leave --keep, --keep-at and --bottom out"
        )
    rule = None if karsten else make_rule(keep, keep_at, bottom, (), None)
    extra: dict[str, object] = {} if target is None else {"target": target}
    if not karsten:
        extra["players"] = players
        extra["keep"] = rule
        if variant is not None:
            extra["variant"] = enum_value(Variant, variant)
    elif variant is not None or players is not None:
        raise click.UsageError("--karsten fixes the table: leave --variant and --players out")
    name = None
    with options_named():
        d = None
        if deck is not None:
            name, d = read_deck(
                deck, bundled=deck, deck_format=deck_format, strict=strict, mdfc=mdfc
            )
        table = sources(
            d,
            cards=None if d is not None else cards,
            lands=None if d is not None else lands,
            karsten=karsten,
            exact=exact,
            on_the_draw=on_the_draw,
            turns=turns,
            mulligan=era,
            games=games,
            seed=read_seed(seed),
            **extra,  # type: ignore[arg-type]
        )
    if as_json:
        out = {"deck": name, **table} if name is not None else dict(table)
        click.echo(json.dumps(out, indent=2))
        return
    width = text_width()
    for line in table_lines(table, name, show_all, width):
        click.echo(line)
    for w in table.get("warnings", []):
        for line in wrap(f"warning: {name}: {w}", width):
            click.echo(line, err=True)


def target_words(t: SourcesTableDict) -> str:
    """The target as the header says it, telling a given one from a default one."""
    if t.get("target_source") == "karsten":
        return "Karsten's (89+M)% for mana value M (90% for a 1-drop; capped at 99%)"
    target = t.get("target")
    shown = f"{100 * (target if target is not None else 0.9):g}%"
    return f"{shown} (given)" if t.get("target_source") == "given" else f"{shown} (the default)"


def needed_text(c: SourcesCellDict) -> str:
    """A cell's sources needed: one number, or a range (`17-18`) when a simulated count sits
    at the threshold; `-` when no count reaches it."""
    span = c.get("needed_range")
    if span is not None and span[0] is not None and span[0] != span[1]:
        return f"{span[0]}-{span[1] if span[1] is not None else ''}"
    return str(c["needed"]) if c["needed"] is not None else "-"


def pct(p: float | None) -> str:
    """A chance as a percentage with two decimals, as his tables print them."""
    return "-" if p is None else f"{100 * p:.2f}%"


def table_lines(
    t: SourcesTableDict, name: str | None, show_all: bool, width: int = 10_000
) -> list[str]:
    """The table as lines of at most `width` characters: what ran, then one row per turn with
    the sources each cost needs (wrapped between its cells)."""
    who = "draws on turn 1" if t["draws_first_turn"] else "on the play, no draw on turn 1"
    how = (
        "exact (hypergeometric sums)"
        if t["method"] == "exact"
        else f"simulated, {t['games']:,} games per source count, seed {t['seed']}"
    )
    rule = "Karsten's keep rule and bottom order" if t["procedure"] == "karsten" else "keep rule"
    head = f"{name}: " if name else ""
    commanders = t.get("commanders") or []
    if commanders:
        head += f"commander {' + '.join(commanders)}"
        head += f" (colour identity {t.get('identity') or 'unknown'}); "
    variant = ""
    named = t.get("variant_source") in ("deck", "request")
    if t.get("variant") is not None and (named or t["variant"] != "TWO_PLAYER"):
        where = {"deck": " (from the deck's commander section)", "request": " (given)"}
        variant = f"{t['variant']}{where.get(t.get('variant_source') or '', '')}, "
        variant += f"{t['players']} players; "
    lines = wrap(
        f"{head}{t['cards']} cards, {t['lands']} lands; {variant}{t['mulligan']} mulligan, "
        f"{rule}; {who}; {how}",
        width,
    )
    lines += wrap(
        f"sources needed for {target_words(t)} to cast on curve, given the land drops:", width
    )
    if t["method"] == "simulated":
        lines += wrap(
            "  (a range such as 17-18: the count sits at the threshold, the counts whose 95% "
            "interval reaches the target)",
            width,
        )
    for turn in range(1, t["turns"] + 1):
        cells = [c for c in t["cells"] if c["turn"] == turn]
        shown = [f"{c['cost']}: {needed_text(c)}" for c in cells]
        drops = pct(t["land_drops"][turn - 1])
        target = "" if t.get("target") is not None else f", {100 * cells[0]['target']:g}%"
        lines += fit(f"  turn {turn} (land drops hit {drops}{target}): ", shown, width)
    if "deck_sources" in t:
        order = sorted(t["deck_sources"].items(), key=lambda kv: "WUBRGC".find(kv[0]))
        lines += fit("this deck's sources: ", [f"{k} {v}" for k, v in order], width)
    for note in t.get("notes", []):
        lines += wrap(f"note: {note}", width)
    if show_all:
        lines.append("chance by number of sources (0 to the land count):")
        for c in t["cells"]:
            intervals = c.get("interval")
            parts = []
            for k, p in enumerate(c["probability"]):
                ci = intervals[k] if intervals else None
                band = f" [{100 * ci['low']:.2f}, {100 * ci['high']:.2f}]" if ci else ""
                parts.append(f"{k}: {pct(p)}{band}")
            lines += fit(f"  {c['cost']} (turn {c['turn']}): ", parts, width)
    return lines
