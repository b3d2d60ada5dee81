"""`mulligan start --whole-game`: after 103.8 the game goes on at the same terminal (the table
phase, docs/API.md "The whole game"). Each player in turn, alone at the keyboard as during the
game start, draws (121.1), shuffles (701.24a), searches (701.23, 701.24b), scries and surveils
(401.2), mills, plays and discards cards and shuffles the graveyard back (701.24c), until the
players end the game; the table sees what every player may see (counts and public moves, the
core's `Game.public_events`). Every action is one core action record (`Game.act`), so the log
of the ended game verifies with `mulligan verify`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import click

from mulligan import Game, IllegalActionError, MulliganError
from mulligan.cli.hot_seat import HotSeat, prompt

#: What a seated player may type, with what it does.
COMMANDS = """  d [N]        draw N cards (default 1)
  s            shuffle your library (701.24a)
  f            search your library for cards to put into your hand, then shuffle (701.24b)
  fetch        search your library for a card to put onto the battlefield, then shuffle
  scry N       look at the top N cards: each back on top or to the bottom (401.2)
  surveil N    look at the top N cards: each back on top or into your graveyard
  mill N       put the top N cards into your graveyard
  p #          play card # of your hand (onto the battlefield)
  x #          discard card # of your hand
  g            shuffle your graveyard into your library (701.24c)
  done         pass the terminal on"""


def hand_line(cards: Sequence[Mapping[str, Any]]) -> str:
    return ", ".join(f"{i + 1}) {c['name']}" for i, c in enumerate(cards)) or "(empty)"


class WholeGame:
    """The table phase of a hot-seat game: `say` prints a public line (kept, to be shown again
    after the screen is cleared), `line` writes an event as the table sees it (and as it is) as a
    transcript line."""

    def __init__(
        self,
        game: Game,
        seats: HotSeat,
        say: Callable[[str], None],
        line: Callable[[Mapping[str, Any], Mapping[str, Any]], str],
    ) -> None:
        self.game, self.seats, self.say, self.line = game, seats, say, line
        self.shown = len(game.events)

    def publish(self) -> None:
        """The events since the last ones shown, as every player sees them."""
        events = self.game.events[self.shown :]
        for seen, event in zip(self.game.public_events(events_after=self.shown), events):
            self.say(self.line(seen, event))
        self.shown = len(self.game.events)

    def run(self) -> None:
        """Until the players end the game: who acts, then that player's actions."""
        names = self.seats.names
        listing = ", ".join(f"{i + 1}) {n}" for i, n in enumerate(names))
        self.say("The game goes on after 103.8 (--whole-game): each player acts in turn.")
        while True:
            self.seats.hide()
            pick = self.seats.ask(
                f"Who acts now? {listing}; e = end the game",
                [str(i + 1) for i in range(len(names))] + ["e"],
            )
            if pick == "e":
                self.game.end()
                self.publish()
                return
            seat = int(pick) - 1
            self.seats.sit(seat)
            self.turn(seat)

    def turn(self, seat: int) -> None:
        """One player's actions at the keyboard, until `done`."""
        name = self.seats.names[seat]
        click.echo(f"{name}, what do you do? (h for the commands)")
        while True:
            self.status(seat)
            raw = prompt(f"{name}>").strip().lower()
            word, _, rest = raw.partition(" ")
            if word in ("done", "pass"):
                return
            if word in ("h", "help", "?", ""):
                click.echo(COMMANDS)
                continue
            try:
                self.command(seat, word, rest.strip())
            except IllegalActionError as e:
                click.echo(f"  not allowed: {e}")
            except (MulliganError, ValueError) as e:
                click.echo(f"  {e}")
            self.publish()

    def status(self, seat: int) -> None:
        view = self.game.view(seat)
        me = view["seats"][seat]
        click.echo(f"  your hand: {hand_line(view['hand'])}")
        graveyard = ", ".join(c["name"] for c in me["graveyard"]) or "(empty)"
        battlefield = ", ".join(c["name"] for c in me["battlefield"]) or "(empty)"
        click.echo(
            f"  library {me['library_size']} cards; battlefield: {battlefield}; "
            f"graveyard: {graveyard}"
        )

    def act(self, seat: int, action: dict[str, Any]) -> None:
        self.game.act(seat, action)  # type: ignore[arg-type]

    def command(self, seat: int, word: str, rest: str) -> None:
        if rest and not rest.isdigit():
            raise ValueError(f"{rest!r} is not a number (h lists the commands)")
        number = int(rest) if rest else None
        if word in ("d", "draw"):
            self.act(seat, {"action": "draw", "count": 1 if number is None else number})
        elif word in ("s", "shuffle"):
            self.act(seat, {"action": "shuffle"})
        elif word in ("mill", "m"):
            self.act(seat, {"action": "mill", "count": 1 if number is None else number})
        elif word in ("f", "search", "fetch"):
            self.search(seat, "battlefield" if word == "fetch" else "hand")
        elif word in ("scry", "surveil"):
            self.look(seat, 1 if number is None else number, word)
        elif word in ("p", "play", "x", "discard"):
            hand = self.game.view(seat)["hand"]
            if number is None or not 1 <= number <= len(hand):
                raise ValueError(f"the number of a card of your hand, 1 to {len(hand)}")
            to = "battlefield" if word in ("p", "play") else "graveyard"
            card = hand[number - 1]["id"]
            self.act(seat, {"action": "move", "cards": [card], "from": "hand", "to": to})
        elif word in ("g", "graveyard"):
            graveyard = self.game.view(seat)["seats"][seat]["graveyard"]
            cards = [c["id"] for c in graveyard]
            self.act(seat, {"action": "shuffle_in", "cards": cards, "from": "graveyard"})
        else:
            raise ValueError(f"no command {word!r} (h lists them)")

    def looking(self, seat: int) -> list[Mapping[str, Any]]:
        seen = [x for x in self.game.view(seat).get("looking", []) if x["seat"] == seat]
        return list(seen[0]["cards"]) if seen else []

    def numbers(self, text: str, count: int, most: int) -> list[int]:
        """Distinct numbers from 1 to `count`, at most `most` of them (blank: none)."""
        while True:
            raw = prompt(text, default="", show_default=False)
            try:
                picks = [int(x) for x in raw.replace(",", " ").split()]
            except ValueError:
                click.echo("  card numbers, separated by spaces")
                continue
            if len(set(picks)) == len(picks) <= most and all(1 <= p <= count for p in picks):
                return picks
            click.echo(f"  at most {most} different numbers from 1 to {count}")

    def search(self, seat: int, to: str) -> None:
        """701.23: the library shown to this player only; the cards picked go `to`, and the
        rest of the library is shuffled without them (701.24b)."""
        self.act(seat, {"action": "search"})
        cards = self.looking(seat)
        click.echo(f"  your library (in no particular order): {hand_line(cards)}")
        most = 1 if to == "battlefield" else len(cards)
        where = "onto the battlefield" if to == "battlefield" else "into your hand"
        picks = self.numbers(f"  which card(s) {where} (numbers; blank: none)", len(cards), most)
        found = [cards[p - 1]["id"] for p in picks]
        self.act(seat, {"action": "found", "cards": found, "to": to})

    def look(self, seat: int, count: int, kind: str) -> None:
        """Scry or surveil `count` (401.2): each card looked at goes back on top (in the order
        named) or to the bottom (scry) or the graveyard (surveil)."""
        self.act(seat, {"action": "look", "count": count})
        cards = self.looking(seat)
        away = "bottom" if kind == "scry" else "graveyard"
        click.echo(f"  the top of your library: {hand_line(cards)}")
        picks = self.numbers(
            f"  which to the {away} (numbers; blank: none)", len(cards), len(cards)
        )
        rest = [i + 1 for i in range(len(cards)) if i + 1 not in picks]
        top = rest
        if len(rest) > 1:
            order = self.numbers(
                "  the order of the rest on top, top first (numbers; blank: as they are)",
                len(cards),
                len(rest),
            )
            if sorted(order) == sorted(rest):
                top = order
        self.act(
            seat,
            {
                "action": "arrange",
                "top": [cards[p - 1]["id"] for p in top],
                away: [cards[p - 1]["id"] for p in picks],
            },
        )


def final_lines(game: Game, names: list[str]) -> list[str]:
    """Where each player's cards are when the game ends (hands as counts: the table's view)."""
    view = game.view(0)  # every seat's counts and public zones are the same in every view
    lines = []
    for seat, name in enumerate(names):
        s = view["seats"][seat]
        lines.append(
            f"{name}: {s['hand_size']} in hand, library {s['library_size']}, "
            f"battlefield {len(s['battlefield'])}, graveyard {len(s['graveyard'])}"
        )
    return lines
