"""`mulligan start`: one seeded game start, hot-seat in a terminal or decided automatically."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

import click

from mulligan import (
    Decision,
    Deck,
    Game,
    IllegalActionError,
    KeepRule,
    MulliganRule,
    Player,
    Seed,
    Variant,
    write_log,
)
from mulligan.cli.decks import (
    DEFAULT_COMMANDER,
    DEFAULT_PAIR,
    deck_options,
    read_deck,
    read_decks,
)
from mulligan.cli.fit_text import echo_lines, text_width, wrap
from mulligan.cli.group import (
    VARIANT_CHOICE,
    VARIANT_METAVAR,
    VARIANT_NAMES,
    CliError,
    cli,
    enum_value,
    house_kwargs,
    house_options,
    mulligan_option,
    options_named,
    writable_dir,
)
from mulligan.cli.hot_seat import HotSeat
from mulligan.cli.whole_game import WholeGame, final_lines

NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi"]


def _card_name(value: Any) -> str | None:
    if isinstance(value, dict) and isinstance(value.get("name"), str):
        return str(value["name"])
    return value if isinstance(value, str) else None


def public_events(game: Game, start: int = 0) -> list[dict[str, Any]]:
    """The game's events from `start` on as everyone at the table may see them: the core's
    public form of each (`Game.public_events`: a hidden draw, bottom or scry becomes a count,
    what a player alone saw stays with that player; a revealed hand stays revealed), the count
    written where the cards would be."""
    public = game.public_events(events_after=start)
    return [counted(seen, event) for seen, event in zip(public, game.events[start:])]


def counted(seen: Mapping[str, Any], event: Mapping[str, Any]) -> dict[str, Any]:
    """`event` as another player sees it (`seen`), the count of its hidden cards written where
    the cards would be (`cards="2 cards"`)."""
    out = dict(seen)
    if "cards" in event and "cards" not in out and "count" in out:
        count = out.pop("count")
        out["cards"] = f"{count} card{'' if count == 1 else 's'}"
    return out


#: The rule column of the transcript: a rule number (`103.5`, `103.2a`, `701.24a`).
RULE_WIDTH = 7


#: Where a wrapped transcript line goes on: under the details, past `[  rule] event  `.
TRANSCRIPT_INDENT = " " * (RULE_WIDTH + 24)


def _lead(line: str) -> int:
    """The spaces a line starts with."""
    return len(line) - len(line.lstrip(" "))


def describe(event: Mapping[str, Any]) -> str:
    """One transcript line: the rule, the event and its fields (cards by name; an event as
    another player sees it has a `count` of cards instead). A label that is not a rule number
    (a variant's, a table option's) is marked `*` in the rule column and written at the end."""
    kind = event["type"]
    fields = {k: v for k, v in event.items() if k not in ("type", "rule")}
    for key, value in list(fields.items()):
        if isinstance(value, list) and value and all(_card_name(v) for v in value):
            fields[key] = [_card_name(v) for v in value]
        elif _card_name(value) and isinstance(value, dict):
            fields[key] = _card_name(value)
    details = ", ".join(f"{k}={json.dumps(v)}" for k, v in fields.items())
    rule = str(event.get("rule", ""))
    if len(rule) <= RULE_WIDTH:
        return f"[{rule:>{RULE_WIDTH}}] {kind:<20} {details}"
    # A variant's or table option's label ("Houston mulligan", "smoothing (not the rules)"):
    # a mark in the rule column, the label after the fields, so the columns stay aligned.
    return f"[{'*':>{RULE_WIDTH}}] {kind:<20} {details}  * {rule}"


def summary(game: Game, *, reveal: bool) -> list[str]:
    """Each player's outcome: the hand they kept (103.5), what 103.6 actions moved out of it,
    and the hand they start with (its cards only when `reveal`)."""
    kept = {e["seat"]: e["hand_size"] for e in game.events if e["type"] == "keep"}
    lines = []
    for r in game.result():
        moved = ""
        if r.battlefield:
            moved += f"; onto the battlefield: {', '.join(c.name for c in r.battlefield)}"
        if r.exile:
            moved += f"; exiled: {', '.join(c.name for c in r.exile)}"
        lines.append(
            f"{r.name}: keeps {kept.get(r.seat, len(r.hand))} after {r.mulligans} mulligan(s)"
            f"{moved}; starts with {len(r.hand)} in hand, life {r.life}, library "
            f"{r.library_size}, skips the first draw: {r.skips_first_draw}"
        )
        if reveal:
            lines.append(f"  hand: {', '.join(c.name for c in r.hand)}")
    return lines


class Auto:
    """`simulate`'s default keep rule answering for every player; every opening-hand action is
    used, Serum Powder instead of a mulligan."""

    def __init__(self) -> None:
        self.rule = KeepRule.default()

    def answer(self, game: Game, d: Decision) -> None:
        seat, hand = d.seat, d.hand
        if d.kind == "choose_starting_player":
            game.choose_starting_player(seat, seat)
        elif d.kind == "keep_or_mulligan":
            keeps = self.rule.keeps(hand, can_mulligan=d.can_mulligan)
            if d.can_land_mulligan:
                game.land_mulligan(seat)
            elif d.actions and not keeps:
                game.mulligan_action(seat, d.actions[0])
            elif keeps or not d.can_mulligan:
                game.keep(seat)
            else:
                game.mulligan(seat)
        elif d.kind == "bottom":
            game.bottom(seat, self.rule.choose_bottom(hand, d.count or 0))
        elif d.kind == "vancouver":
            assert d.card is not None
            game.vancouver(seat, self.rule.vancouver_bottom(hand, d.card))
        elif d.kind == "opening_hand_action":
            card = d.actions[0]
            others = [c for c in hand if c is not card]
            exile = others[0] if "gemstone_caverns" in card.tags and others else None
            game.opening_hand_action(seat, card, exile=exile)
        else:
            raise CliError(f"no automatic answer to a {d.kind!r} decision")


def suggest_players(message: str, count: int) -> str:
    """A variant that needs more players than the command gives (Two-Headed Giant needs 4):
    the message says which `--players` gives them (the decks are reused)."""
    needed = re.search(r"needs (\d+) or more", message)
    if needed is None or int(needed.group(1)) <= count:
        return message
    return f"{message}: add --players {needed.group(1)} (the decks are reused)"


@cli.command()
@click.argument("decks", nargs=-1, metavar="[DECK ...]")
@click.option("--auto", is_flag=True, help="The default keep rule decides for every player.")
@click.option(
    "--variant",
    type=VARIANT_CHOICE,
    metavar=VARIANT_METAVAR,
    default=None,
    help="Game variant (default: TWO_PLAYER, FREE_FOR_ALL for more than two players; "
    f"{VARIANT_NAMES}).",
)
@mulligan_option
@house_options
@click.option(
    "--seed",
    metavar="HEX",
    default=None,
    help="64 hex digits to replay a game (default: a fresh seed).",
)
@click.option(
    "--players",
    type=click.IntRange(2, 8),
    default=None,
    help="Number of players (default: one per deck, at least two; decks are reused).",
)
@click.option(
    "--log",
    "log_path",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    help="Write the verifiable event log (JSON Lines) to this file.",
)
@click.option(
    "--whole-game",
    "whole_game",
    is_flag=True,
    help="Go on after 103.8 at the keyboard (draw, shuffle, search, scry, mill, ...) until the "
    "players end the game; the seed is revealed then.",
)
@deck_options
def start(
    decks: tuple[str, ...],
    auto: bool,
    variant: str | None,
    era: str,
    seed: str | None,
    players: int | None,
    log_path: str | None,
    deck_format: str | None,
    strict: bool,
    mdfc: str,
    whole_game: bool,
) -> None:
    """One seeded game start (rule 103) between two or more decks, step by step.

    Each DECK is a deck file in any supported format (default: two bundled decks). In a
    terminal the players take turns at the keyboard (hot-seat): each sees only their own hand
    and answers keep or mulligan, which cards to put on the bottom and the opening-hand
    actions. --auto lets the default keep rule answer for everyone. The seed's commitment is
    printed before the first shuffle and the seed revealed at the end, so anyone can check the
    game with `mulligan verify` on the --log file. With --whole-game the game goes on after
    the game start: each player in turn draws, shuffles, searches, scries, surveils, mills,
    plays and discards at the keyboard until the players end the game.
    """
    if whole_game and auto:
        raise click.UsageError("--whole-game is played at the keyboard: leave out --auto")
    v = enum_value(Variant, variant) if variant else None
    commander = v in (Variant.COMMANDER, Variant.BRAWL)
    opts = {"deck_format": deck_format, "strict": strict, "mdfc": mdfc}
    if decks:
        loaded = read_decks(list(decks), bundled="", **opts)  # type: ignore[arg-type]
    elif commander:
        loaded = [read_deck(None, bundled=DEFAULT_COMMANDER, **opts)]  # type: ignore[arg-type]
    else:
        loaded = [read_deck(None, bundled=b, **opts) for b in DEFAULT_PAIR]  # type: ignore[arg-type]
    count = players or max(2, len(loaded))
    if count < len(loaded):
        raise click.BadParameter(f"{len(loaded)} decks for {count} players", param_hint="--players")
    if v is None:
        v = Variant.TWO_PLAYER if count == 2 else Variant.FREE_FOR_ALL
    try:
        the_seed = Seed.from_hex(seed) if seed is not None else Seed.generate()
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="--seed") from None
    names = [NAMES[i % len(NAMES)] for i in range(count)]
    seats = []
    for i in range(count):
        deck: Deck = loaded[i % len(loaded)][1]
        extra: dict[str, Any] = {}
        if v == Variant.TWO_HEADED_GIANT:
            extra["team"] = i // 2
        if v == Variant.ARCHENEMY and i == 0:
            extra["archenemy"] = True
        seats.append(Player(names[i], deck, **extra))
    rule = enum_value(MulliganRule, era)
    if log_path is not None:
        writable_dir(log_path, "--log")
    try:
        with options_named():
            game = Game(
                seats,
                variant=v,
                mulligan=rule,
                seed=the_seed,
                whole_game=whole_game,
                **house_kwargs(),
            )
    except CliError as e:
        raise CliError(suggest_players(e.message, count)) from None

    seated = None if auto else HotSeat(names)
    echo = click.echo if seated is None else seated.echo  # public lines, shown again after a clear
    width = text_width()

    def say(line: str) -> None:
        # Wrapped to the terminal (80 columns when piped): a transcript line goes on under its
        # details column, a summary line four spaces in; a seed or a path is never split.
        indent = TRANSCRIPT_INDENT if line.startswith("[") else " " * (_lead(line) + 4)
        for part in wrap(line, width, indent):
            echo(part)

    say(f"mulligan start: {count} players, {v.name}, {rule.name} mulligan")
    for i, name in enumerate(names):
        say(f"  seat {i}: {name} with {loaded[i % len(loaded)][0]}")
    say(f"seed commitment (published before the first shuffle): {game.commitment}")
    players_answer = Auto() if seated is None else seated
    shown = 0
    while True:
        # --auto shows every card; hot-seat play shows what everyone at the table may see.
        events = game.events[shown:] if auto else public_events(game, shown)
        for event in events:
            say(describe(event))
        shown = len(game.events)
        if game.done:
            break
        decision = game.pending()[0]
        try:
            players_answer.answer(game, decision)
        except IllegalActionError as e:
            click.echo(f"  not allowed: {e}")
    if whole_game and seated is not None:
        WholeGame(game, seated, say, lambda seen, e: describe(counted(seen, e))).run()
    if seated is not None:
        seated.hide()  # the last player's hand goes before everyone reads the summary
    click.echo("")
    for line in final_lines(game, names) if whole_game else summary(game, reveal=auto):
        echo_lines(line, " " * (_lead(line) + 4), width)
    if log_path:
        write_log(game, log_path)
        echo_lines(
            f"event log written to {log_path} (check it: mulligan verify {log_path})", "    ", width
        )
    echo_lines(f"seed (revealed after the game): {the_seed.hex()}", "  ", width)
