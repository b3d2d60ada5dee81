"""The one place the service touches the game engine: set-ups in, JSON records out.

Everything the HTTP layer needs from a game start goes through `LiveGame`: building it from a
stored set-up, seed and contributions (rule 103 and the 701.24 shuffles happen in the core),
applying one answer given as a JSON record, and the seat views, public events and log records
as plain JSON-serialisable dicts. Cards are named by their id, the card's index in its owner's
``deck.cards`` (docs/EVENT_LOG.md), so a card seen in a view is the card an answer names.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mulligan._core import (
    Card,
    Decision,
    Deck,
    Game,
    IllegalActionError,
    MulliganRule,
    Player,
    Seed,
    Variant,
)
from mulligan.log import game_log

__all__ = ["ACTIONS", "MULLIGAN_RULES", "VARIANTS", "LiveGame", "Setup", "build_players"]

Json = dict[str, Any]
Setup = dict[str, Any]

VARIANTS = (
    "TWO_PLAYER",
    "FREE_FOR_ALL",
    "COMMANDER",
    "BRAWL",
    "TWO_HEADED_GIANT",
    "ARCHENEMY",
    "VANGUARD",
)
MULLIGAN_RULES = ("LONDON", "VANCOUVER", "PARIS", "PARIS_SEQUENTIAL")
# Every answer is the name of the `Game` method that gives it (issue 11's contract).
ACTIONS = (
    "choose_starting_player",
    "keep",
    "mulligan",
    "mulligan_action",
    "bottom",
    "vancouver",
    "opening_hand_action",
    "pass_actions",
)


def build_players(setup: Setup) -> list[Player]:
    """The players of a stored set-up; raises `DeckError`/`GameConfigError`/`MulliganTypeError`."""
    players = []
    for p in setup["players"]:
        players.append(
            Player(
                p["name"],
                Deck.parse(p["deck"]),
                team=p.get("team"),
                hand_modifier=p.get("hand_modifier", 0),
                life_modifier=p.get("life_modifier", 0),
                archenemy=p.get("archenemy", False),
            )
        )
    return players


class LiveGame:
    """A game start rebuilt from its set-up, seed and contributions, with the answers so far.

    ``answers`` counts the answers applied (the next one stored is number ``answers + 1``).
    A decision's ``id`` is ``k * seats + seat`` where ``k`` is how many answers that seat has
    given: unchanged while the decision stays pending, retired by any answer of its seat
    (a 103.5b or 103.6 action included), never reused.
    """

    def __init__(
        self, setup: Setup, seed: str, contributions: Sequence[bytes], players: list[Player]
    ) -> None:
        self.setup = setup
        self.game = Game(
            players,
            variant=getattr(Variant, setup.get("variant", "TWO_PLAYER")),
            mulligan=getattr(MulliganRule, setup.get("mulligan", "LONDON")),
            seed=Seed.from_hex(seed),
            starting_player=setup.get("starting_player"),
            chooser=setup.get("chooser"),
            game_index=setup.get("game_index", 0),
            contributions=list(contributions),
        )
        self.seats = len(players)
        self.answers = 0
        self.by_seat = [0] * self.seats
        self._decks: list[tuple[Card, ...]] = [p.deck.cards for p in players]
        self._ids: list[dict[int, int]] = [
            {id(c): i for i, c in enumerate(cards)} for cards in self._decks
        ]

    @classmethod
    def build(cls, setup: Setup, seed: str, contributions: Sequence[bytes]) -> LiveGame:
        return cls(setup, seed, contributions, build_players(setup))

    # -- cards ------------------------------------------------------------------------------

    def _card(self, seat: int, card: Card) -> Json:
        return {"id": self._ids[seat].get(id(card), -1), "name": card.name}

    def _cards(self, seat: int, cards: Sequence[Card]) -> list[Json]:
        return [self._card(seat, c) for c in cards]

    def _card_of(self, seat: int, value: object, what: str) -> Card:
        cards = self._decks[seat]
        if type(value) is not int or not 0 <= value < len(cards):
            raise IllegalActionError(
                f"{what} must be the id of a card of seat {seat} (0 to {len(cards) - 1}), "
                f"got {value!r}"
            )
        return cards[value]

    # -- decisions --------------------------------------------------------------------------

    def decision_id(self, seat: int) -> int:
        return self.by_seat[seat] * self.seats + seat

    def _decision(self, d: Decision) -> Json:
        s = d.seat
        return {
            "id": self.decision_id(s),
            "kind": d.kind,
            "seat": s,
            "hand": self._cards(s, d.hand),
            "count": d.count,
            "card": self._card(s, d.card) if d.card is not None else None,
            "can_mulligan": d.can_mulligan,
            "actions": self._cards(s, d.actions),
            "options": list(d.options),
        }

    def pending(self, seat: int | None = None) -> list[Json]:
        return [self._decision(d) for d in self.game.pending() if seat is None or d.seat == seat]

    @property
    def done(self) -> bool:
        return self.game.done

    # -- answers ----------------------------------------------------------------------------

    def apply(self, seat: int, answer: Json) -> Json:
        """Applies one answer of `seat` (``{"action": name, ...arguments}``) and returns the
        normalised record to store. Raises `IllegalActionError` (the game unchanged) when the
        rules do not allow it now or its arguments are wrong."""
        g, action = self.game, answer.get("action")
        if action == "keep":
            g.keep(seat)
            record: Json = {}
        elif action == "mulligan":
            g.mulligan(seat)
            record = {}
        elif action == "bottom":
            ids = answer.get("cards")
            if not isinstance(ids, list):
                raise IllegalActionError('bottom needs "cards": a list of card ids')
            g.bottom(seat, [self._card_of(seat, c, 'each of "cards"') for c in ids])
            record = {"cards": list(ids)}
        elif action == "vancouver":
            bottom = answer.get("bottom")
            if type(bottom) is not bool:
                raise IllegalActionError('vancouver needs "bottom": true or false')
            g.vancouver(seat, bottom)
            record = {"bottom": bottom}
        elif action == "choose_starting_player":
            start = answer.get("starting_seat")
            if type(start) is not int or not 0 <= start < self.seats:
                raise IllegalActionError(
                    f'choose_starting_player needs "starting_seat": a seat from 0 to '
                    f"{self.seats - 1}, got {start!r}"
                )
            g.choose_starting_player(seat, start)
            record = {"starting_seat": start}
        elif action == "mulligan_action":
            card = answer.get("card")
            g.mulligan_action(seat, self._card_of(seat, card, '"card"'))
            record = {"card": card}
        elif action == "opening_hand_action":
            card, exile = answer.get("card"), answer.get("exile")
            used = self._card_of(seat, card, '"card"')
            exiled = None if exile is None else self._card_of(seat, exile, '"exile"')
            g.opening_hand_action(seat, used, exile=exiled)
            record = {"card": card, "exile": exile}
        elif action == "pass_actions":
            g.pass_actions(seat)
            record = {}
        else:
            raise IllegalActionError(f"unknown action {action!r}; one of {', '.join(ACTIONS)}")
        self.answers += 1
        self.by_seat[seat] += 1
        return {"seat": seat, "action": action, **record}

    def replay(self, answers: Sequence[Json]) -> None:
        """Applies stored answers in order (each as `apply` returned it)."""
        for a in answers:
            self.apply(a["seat"], a)

    # -- what players may see ---------------------------------------------------------------

    def view(self, seat: int) -> Json:
        """`game.view(seat)` (already JSON, cards as ``{"id", "name"}``): that seat's hand,
        every seat's public zones and counts, the events as that seat may see them and its
        pending decisions (each with this service's id)."""
        v = self.game.view(seat)
        return {
            "seat": seat,
            "done": self.game.done,
            "hand": v["hand"],
            "seats": v["seats"],
            "starting_player": v["starting_player"],
            "events": v["events"],
            "pending": self.pending(seat),
            "waiting_for": v["waiting_for"],
        }

    def events(self, seat: int | None) -> list[Json]:
        """The events as `seat` sees them; `None`: as nobody at the table sees them (each
        event as a seat other than its subject sees it: hidden cards are counts)."""
        if seat is not None:
            return [dict(e) for e in self.game.view(seat)["events"]]
        if self.seats == 1:
            return []
        views = [self.game.view(s)["events"] for s in range(min(self.seats, 2))]
        out: list[Json] = []
        for i, e in enumerate(views[0]):
            subject = e.get("seat")
            out.append(dict(views[1][i] if subject == 0 else e))
        return out

    def log(self) -> list[Json]:
        """The JSON Lines records of the finished game (docs/EVENT_LOG.md)."""
        return game_log(self.game)

    def result(self) -> list[Json]:
        return [dict(r.to_dict()) for r in self.game.result()]


def verify(
    log: str | Sequence[Json], commitment: str | None, setup: str | None
) -> tuple[bool, str | None, int | None]:
    """`verify_log` as a verdict: (valid, the first problem, the index of the first event that
    does not match the replay when that is the problem)."""
    import json
    import re

    from mulligan.log import LogError, verify_log

    try:
        records = (
            [json.loads(line) for line in log.splitlines() if line.strip()]
            if isinstance(log, str)
            else list(log)
        )
        if not all(isinstance(r, dict) for r in records):
            raise LogError("every log record is a JSON object")
        verify_log(records, commitment=commitment, setup=setup)
    except (LogError, ValueError, TypeError, KeyError) as e:
        message = str(e) or type(e).__name__
        found = re.match(r"event (\d+) differs", message)
        return False, message, int(found.group(1)) if found else None
    return True, None, None
