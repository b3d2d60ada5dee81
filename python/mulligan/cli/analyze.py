"""`mulligan analyze`: turn by turn after the keep, the lands, colour sources and tagged cards
seen, and each card's chance of having the mana to cast it on its turn (docs/ANALYSIS.md).
Every figure comes from the core (`mulligan.analyze`); this module reads options and prints."""

from __future__ import annotations

import json
from typing import Any

import click

from mulligan import Variant
from mulligan.analysis import analyze
from mulligan.analysis_records import AnalysisDict, IntervalDict
from mulligan.cli.decks import deck_options, read_deck
from mulligan.cli.fit_text import block, fit, text_width, wrap
from mulligan.cli.group import (
    cli,
    enum_value,
    mulligan_option,
    options_named,
)
from mulligan.cli.keep_rule import make_rule
from mulligan.cli.optimize_text import optimize_text, progress_printer
from mulligan.cli.plot import PLOT_CARDS
from mulligan.cli.run_options import bundled_deck, checked_plot, read_seed, run_options
from mulligan.cli.source_needs_text import source_need_lines


@cli.command(name="analyze")
@click.argument("deck", required=False)
@click.option(
    "--turns",
    type=click.IntRange(1, 30),
    default=6,
    show_default=True,
    help="Turns after the keep to analyse.",
)
@click.option(
    "--on-the-draw",
    is_flag=True,
    help="The player does not start (103.8: they draw on their first turn).",
)
@mulligan_option
@click.option(
    "--card",
    "cards",
    multiple=True,
    metavar="NAME",
    help="A card to ask about (repeatable; default: every nonland with a known cost).",
)
@click.option(
    "--exact",
    is_flag=True,
    help="Exact answers where the maths allows (all of them with --mulligan none; the kept "
    "hand's size for a count keep rule under London, Vancouver and Paris).",
)
@click.option(
    "--plot",
    "plot_path",
    metavar="PATH",
    default=None,
    help="Save one figure per question: PATH's name with -lands, -colours, -cards (and -keep).",
)
@click.option(
    "--plot-cards",
    type=click.IntRange(0, None),
    default=PLOT_CARDS,
    show_default=True,
    help="The cards figure shows this many cards: the commander and the cards least often "
    "castable on curve (0: all).",
)
@click.option(
    "--games",
    type=click.IntRange(1, 100_000_000),
    default=100_000,
    show_default=True,
    help="Games simulated for what is not exact.",
)
@run_options(
    keep_at_max=32,
    variant_default=None,
    variant_help="The variant (103.8: who skips the first draw; 103.5c: a free first mulligan); "
    "default: COMMANDER for a deck with a commander section, else TWO_PLAYER.",
    seed_help="64 hex digits (default: random).",
)
@click.option("--players", type=click.IntRange(2, 64), default=None, help="Players at the table.")
@click.option(
    "--optimize",
    "objective",
    metavar="OBJECTIVE",
    default=None,
    help="Search the land range at each hand size that maximises OBJECTIVE: on-curve:CARD (the "
    "mana to cast CARD on its turn and CARD itself: castable_and_drawn), castable:CARD (the "
    "mana alone, which favours hands full of lands), lands:N (N lands by turn N) or "
    "lands:N@TURN; every rule on the same games, the winner printed beside --keep's rule (or "
    "the default) with the paired 95% interval of the difference, and a warning when it keeps "
    "7-card hands of fewer than 2 or more than 5 lands.",
)
@click.option(
    "--optimize-colours",
    "optimize_colours",
    is_flag=True,
    help="With --optimize: search a minimum number of sources of each colour the deck's lands "
    "add too (0 to 2 each; 0 to 1 with four colours or more), the ranges searched for each.",
)
@click.option(
    "--nonland-sources",
    is_flag=True,
    help="Count non-land mana sources (Llanowar Elves, Arcane Signet, ... and cards tagged "
    "[mana]) as coloured sources from the turn after they can be cast, in the source needs.",
)
@deck_options
def analyze_cmd(
    deck: str | None,
    turns: int,
    on_the_draw: bool,
    era: str,
    cards: tuple[str, ...],
    exact: bool,
    as_json: bool,
    plot_path: str | None,
    plot_cards: int,
    games: int,
    seed: str | None,
    keep: str | None,
    keep_at: int | None,
    variant: str | None,
    players: int | None,
    objective: str | None,
    optimize_colours: bool,
    nonland_sources: bool,
    deck_format: str | None,
    strict: bool,
    mdfc: str,
) -> None:
    """Analyse DECK (default: a bundled Modern deck) turn by turn after the keep: the chance of
    each number of lands, of sources of each colour and of tagged cards seen, and for each card
    the chance of having the mana to cast it on its turn (as mtgoncurve counts it), of that
    given enough lands (Karsten's reading), and of the mana and the card. Simulated figures
    carry their 95% Wilson interval in brackets."""
    v = enum_value(Variant, variant) if variant is not None else None
    bundled = bundled_deck(v if v is not None else Variant.TWO_PLAYER)
    name, d = read_deck(deck, bundled=bundled, deck_format=deck_format, strict=strict, mdfc=mdfc)
    checked_plot(plot_path)
    the_seed = read_seed(seed)
    if optimize_colours and objective is None:
        raise click.UsageError("--optimize-colours goes with --optimize OBJECTIVE")
    rule = make_rule(keep, keep_at, None, (), None)
    with options_named():
        report = analyze(
            d,
            turns=turns,
            on_the_draw=on_the_draw,
            mulligan=era,
            variant=v,
            players=players,
            cards=list(cards) or None,
            exact=exact,
            games=games,
            keep=rule,
            seed=the_seed,
            optimize=objective,
            optimize_colours=optimize_colours,
            progress=progress_printer() if objective is not None else None,
            nonland_sources=nonland_sources,
        )
    width = text_width()
    for w in report["warnings"]:
        for line in wrap(f"warning: {name}: {w}", width):
            click.echo(line, err=True)
    if as_json:
        click.echo(json.dumps({"deck": name, **report}, indent=2))
    else:
        for line in text(name, report, width):
            click.echo(line)
        for line in source_need_lines(report, width):
            click.echo(line)
        if "optimize" in report:
            given = keep is not None or keep_at is not None
            for line in optimize_text(report["optimize"], given, width):
                click.echo(line)
    if "optimize" in report:
        for w in report["optimize"]["warnings"]:
            for line in wrap(f"warning: {name}: {w}", width):
                click.echo(line, err=True)
    if plot_path is not None:
        from mulligan.cli.analyze_plot import plot_analysis

        for path in plot_analysis(report, name, plot_path, plot_cards):
            if not as_json:
                click.echo(f"figure written to {path}")


def rate(p: float | None, interval: IntervalDict | None = None) -> str:
    """A probability as a percentage, its interval in brackets when simulated."""
    if p is None:
        return "-"
    if interval is None:
        return f"{100 * p:.2f}%"
    return f"{100 * p:.2f}% [{100 * interval['low']:.2f}, {100 * interval['high']:.2f}]"


VARIANT_FROM = {
    "deck": "from the deck's commander section; --variant overrides",
    "request": "as asked",
    "default": "the default; a deck with a commander section runs as COMMANDER",
}


def header(name: str, r: AnalysisDict, width: int) -> list[str]:
    """What ran: the deck, its commanders and colour identity, the variant and where it came
    from, the era and the draw, the method; then the assumptions made (notes)."""
    who = "on the draw" if r["on_the_draw"] else "on the play"
    skip = "skips the first draw (103.8)" if r["skips_first_draw"] else "draws on turn 1 (103.8)"
    how = (
        "exact (hypergeometric)"
        if r["method"] == "exact"
        else f"simulated, {r['games']:,} games, seed {r['seed']}"
    )
    deck = f"{name}: {r['deck_size']} cards, {r['lands']} lands"
    commanders = r.get("commanders") or []
    if commanders:
        identity = r.get("identity")
        shown = "unknown" if identity is None else (identity or "colourless")
        deck += f"; commander {' + '.join(commanders)} (colour identity {shown})"
    source = r.get("variant_source", "request")
    lines = wrap(deck, width)
    lines += wrap(
        f"variant: {r['variant']} ({VARIANT_FROM.get(source, source)}), "
        f"{r['players']} players; {r['mulligan']} mulligan; {who}, {skip}",
        width,
    )
    lines += wrap(f"method: {how}", width)
    for note in r.get("notes", []):
        lines += wrap(f"note: {note}", width)
    return lines


def text(name: str, r: AnalysisDict, width: int | None = None) -> list[str]:
    """The report as lines of at most `width` characters (default: the terminal's): what ran,
    then the questions one by one, each row wrapped between its cells."""
    w = text_width() if width is None else width
    lines = header(name, r, w)
    keep = r["keep"]
    if keep is not None and keep["simulated"] is not None:
        lines.append("kept hand size:")
        intervals = keep["simulated_interval"] or []
        for size in range(len(keep["simulated"]) - 1, -1, -1):
            exact = keep["exact"][size] if keep["exact"] else None
            sim = keep["simulated"][size]
            if sim == 0 and not exact:
                continue
            cells = [rate(sim, intervals[size] if intervals else None)]
            if exact is not None:
                cells.append(f"exact {rate(exact)}")
            lines += fit(f"  {size} cards: ", cells, w)
    lines.append("lands seen by turn (chance of at least k):")
    for turn in r["by_turn"]:
        cells = land_cells(turn["lands_at_least"], turn.get("lands_at_least_interval"))
        lines += fit(f"  turn {turn['turn']} ({turn['cards_seen']} cards): ", cells, w)
        if "exact" in turn:
            lines += fit("    exact: ", land_cells(turn["exact"]["lands_at_least"], None), w)
    if r["colours"]:
        lines.append("sources of each colour by turn (chance of at least 1 / 2 / 3):")
        for turn in r["by_turn"]:
            cells = source_cells(turn["sources_at_least"], turn.get("sources_at_least_interval"))
            lines += block(f"  turn {turn['turn']}: ", cells, w, sep="   ")
            if "exact" in turn:
                exact_cells = source_cells(turn["exact"]["sources_at_least"], None)
                one = fit("    exact: ", exact_cells, w, sep="   ")
                # One colour a row when they do not fit one line, as the simulated rows above
                # (packed two a row, a five-colour deck's C sat on G's row).
                lines += (
                    one if len(one) == 1 else ["    exact:"] + [f"      {c}" for c in exact_cells]
                )
    lines.extend(tag_lines(r, w))
    if r["cards"]:
        lines.append(
            "on curve (the mana to cast it on its turn | given enough lands | and the card):"
        )
        for c in r["cards"]:
            where = ", commander: always at hand" if c.get("command_zone") else ""
            cells = [
                rate(c["castable"], c.get("castable_interval")) + " |",
                rate(c["castable_given_lands"], c.get("castable_given_lands_interval")) + " |",
                rate(c["castable_and_drawn"], c.get("castable_and_drawn_interval")),
            ]
            prefix = f"  {c['name']} {c['mana_cost']} (turn {c['turn']}{where}): "
            # The card on its line and its three figures on the next when both do not fit.
            lines += block(prefix, cells, w, sep=" ")
    return lines


def land_cells(tail: list[float], ci: list[IntervalDict] | None) -> list[str]:
    """At least k lands, k = 1..7, each with its interval when simulated."""
    return [f">={k}: {rate(p, ci[k] if ci else None)}" for k, p in enumerate(tail) if 1 <= k <= 7]


def source_cells(
    tails: dict[str, list[float]], ci: dict[str, list[IntervalDict]] | None
) -> list[str]:
    """At least 1, 2, 3 sources of each colour, with intervals when simulated: one cell per
    colour, in WUBRG order then C."""
    parts = []
    for colour, tail in sorted(tails.items(), key=lambda item: "WUBRGC".find(item[0])):
        colour_ci = (ci or {}).get(colour)
        cells = [
            rate(tail[k], colour_ci[k] if colour_ci else None) if k < len(tail) else "0%"
            for k in (1, 2, 3)
        ]
        parts.append(f"{colour} " + " / ".join(cells))
    return parts


def dist_cells(dist: list[float], ci: list[IntervalDict] | None) -> list[str]:
    """Exactly k, from 0 to the last k with a chance of at least 0.005%."""
    shown = [k for k, p in enumerate(dist) if p >= 5e-5]
    if not shown:
        return ["-"]
    return [f"{k}: {rate(dist[k], ci[k] if ci else None)}" for k in range(max(shown) + 1)]


def tag_lines(r: AnalysisDict, width: int = 10_000) -> list[str]:
    """Each tag's distribution by turn: the chance of exactly k tagged cards seen, from k = 0
    to the last k with a chance of at least 0.005% (the rest are shown as nothing)."""
    lines: list[str] = []
    names = sorted({tag for turn in r["by_turn"] for tag in turn["tags"]})
    if not names:
        return lines
    lines.append("tagged cards seen by turn (chance of exactly k):")
    for tag in names:
        lines.append(f"  [{tag}]")
        for turn in r["by_turn"]:
            ci = (turn.get("tags_interval") or {}).get(tag)
            cells = dist_cells(turn["tags"].get(tag, []), ci)
            lines += fit(f"    turn {turn['turn']} ({turn['cards_seen']} cards): ", cells, width)
            exact = turn["exact"]["tags"].get(tag) if "exact" in turn else None
            if exact is not None:
                lines += fit("      exact: ", dist_cells(exact, None), width)
    return lines


__all__: list[Any] = [
    "analyze_cmd",
    "dist_cells",
    "header",
    "land_cells",
    "source_cells",
    "tag_lines",
    "text",
]
