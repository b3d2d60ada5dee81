"""`mulligan start` without `--auto`: the players take turns at one terminal (hot seat), each
seeing only their own hand (rule 103.5: a player's hand is hidden from the others).

What the terminal shows is of two kinds: public lines (the set-up, the commitment, events as
every other player sees them) and a seated player's private lines (their hand, the prompts
naming its cards). Before the terminal is passed on, and before the final summary, the screen
and its scrollback are cleared (`ESC[H ESC[2J ESC[3J`) and the public lines printed again, so
no earlier hand is reachable by scrolling up; a hand is only printed after its player pressed
Enter alone at the keyboard.
"""

from __future__ import annotations

import os
from typing import Any

import click

from mulligan import Card, Decision, Game, MulliganRule
from mulligan.cli.group import CliError

#: Clears the screen (`ESC[H ESC[2J`) and then the scrollback (`ESC[3J`, xterm's "erase saved
#: lines", which tmux, VTE, iTerm2, Windows Terminal and the Linux console also honour).
CLEAR_ALL = "\x1b[H\x1b[2J\x1b[3J"

#: Words a prompt accepts beside the letters it lists.
WORDS = {
    "keep": "k",
    "mulligan": "m",
    "redraw": "r",
    "partial": "p",
    "top": "t",
    "bottom": "b",
    "yes": "y",
    "no": "n",
}


def card_list(cards: list[Card]) -> str:
    return ", ".join(f"{i + 1}) {c.name}{' (land)' if c.land else ''}" for i, c in enumerate(cards))


def prompt(text: str, **kwargs: Any) -> str:
    """`click.prompt`, with the end of the input (stdin at end of file) as a one-line error
    rather than an interruption."""
    try:
        return str(click.prompt(text, **kwargs))
    except click.Abort as e:
        if isinstance(e.__context__, EOFError):
            raise CliError(
                "the input ended before the game start was done (every player answers at the "
                "keyboard; --auto lets the default keep rule answer)"
            ) from None
        raise


class HotSeat:
    """Each player in turn, alone at the terminal, sees their own hand and answers."""

    def __init__(self, names: list[str]) -> None:
        self.names = names
        self.seated: int | None = None
        self.public: list[str] = []
        self.private = False  # whether a seated player's lines may be on the terminal
        self.terminal = os.isatty(1)

    def echo(self, line: str) -> None:
        """A line anyone at the table may see (kept, to be shown again after a clear)."""
        self.public.append(line)
        click.echo(line)

    def hide(self) -> None:
        """Removes what the seated player saw from the screen and the scrollback, then shows
        the public lines again."""
        if self.private and self.terminal:
            click.echo(CLEAR_ALL, nl=False)
            for line in self.public:
                click.echo(line)
        self.private = False
        self.seated = None

    def sit(self, seat: int) -> None:
        if self.seated == seat:
            return
        self.hide()
        name = self.names[seat]
        prompt(
            f"\n--- Pass the terminal to {name}. {name}, press Enter when only you are looking",
            default="",
            show_default=False,
            prompt_suffix=" ",
        )
        self.seated = seat
        self.private = True

    def ask(self, text: str, choices: list[str]) -> str:
        """One of `choices` (any case; or a word of `WORDS` standing for one)."""
        while True:
            raw = prompt(text).strip().lower()
            pick = WORDS.get(raw, raw)
            if pick in choices:
                return pick
            click.echo(f"  answer one of {', '.join(choices)}")

    def numbers(self, text: str, hand: list[Card], count: int) -> list[Card]:
        while True:
            raw = prompt(text)
            try:
                picks = [int(x) for x in str(raw).replace(",", " ").split()]
            except ValueError:
                click.echo("  numbers of cards in your hand, separated by spaces")
                continue
            if len(picks) != count or len(set(picks)) != count:
                click.echo(f"  choose exactly {count} different card(s)")
                continue
            if not all(1 <= p <= len(hand) for p in picks):
                click.echo(f"  card numbers go from 1 to {len(hand)}")
                continue
            return [hand[p - 1] for p in picks]

    def answer(self, game: Game, d: Decision) -> None:
        seat, hand = d.seat, d.hand
        self.sit(seat)
        name = self.names[seat]
        if d.kind == "choose_starting_player":
            options = d.options or list(range(len(self.names)))
            listing = ", ".join(f"{i + 1}) {self.names[s]}" for i, s in enumerate(options))
            pick = self.ask(
                f"{name}, you choose who plays first (103.1): {listing}",
                [str(i + 1) for i in range(len(options))],
            )
            game.choose_starting_player(seat, options[int(pick) - 1])
            return
        click.echo(f"{name}, your hand ({len(hand)} cards): {card_list(hand)}")
        if d.kind == "keep_or_mulligan":
            self.keep_or_mulligan(game, d)
        elif d.kind == "bottom":
            count = d.count or 0
            cards = self.numbers(
                f"Put {count} card(s) on the bottom of your library (their numbers)", hand, count
            )
            game.bottom(seat, cards)
        elif d.kind == "vancouver":
            assert d.card is not None
            pick = self.ask(f"Scry 1 (103.5c): {d.card.name}: t = top, b = bottom", ["t", "b"])
            game.vancouver(seat, pick == "b")
        elif d.kind == "opening_hand_action":
            for card in d.actions:
                if self.ask(f"Use {card.name} (103.6)? y/n", ["y", "n"]) == "y":
                    exile = None
                    if "gemstone_caverns" in card.tags:
                        others = [c for c in hand if c is not card]
                        click.echo(f"  exile a card from your hand: {card_list(others)}")
                        exile = self.numbers("  which card", others, 1)[0]
                    game.opening_hand_action(seat, card, exile=exile)
                    return
            game.pass_actions(seat)
        else:
            raise CliError(f"no prompt for a {d.kind!r} decision")

    def keep_or_mulligan(self, game: Game, d: Decision) -> None:
        seat, hand = d.seat, d.hand
        choices = ["k"] + (["m"] if d.can_mulligan else [])
        text = "k = keep" + (", m = mulligan" if d.can_mulligan else "")
        if d.can_land_mulligan:
            choices.append("r")
            text += ", r = reveal and redraw this no-land/all-land hand (house rule)"
        partial = d.can_mulligan and game.mulligan_rule == MulliganRule.PARTIAL_PARIS
        if partial:
            choices.append("p")
            text += ", p = exile some cards face down, draw one fewer (partial Paris)"
        for i, card in enumerate(d.actions):
            choices.append(f"a{i + 1}")
            text += f", a{i + 1} = {card.name} (103.5b)"
        pick = self.ask(text, choices)
        if pick == "k":
            game.keep(seat)
        elif pick == "m":
            game.mulligan(seat)
        elif pick == "r":
            game.land_mulligan(seat)
        elif pick == "p":
            count = int(prompt("How many cards", type=click.IntRange(1, len(hand))))
            game.partial_mulligan(seat, self.numbers("Which (their numbers)", hand, count))
        else:
            game.mulligan_action(seat, d.actions[int(pick[1:]) - 1])
