"""The one place the service touches the game engine: set-ups in, JSON records out.

Everything the HTTP layer needs from a game start goes through `LiveGame`: building it from a
stored set-up, seed and contributions (rule 103 and the 701.24 shuffles happen in the core),
applying one answer (stored as the core's answer record, `game.apply`), and the seat views,
public events and log records (the core's records, docs/schema.json). Cards are named by
their id in their owner's deck (docs/API.md), so a card seen in a view is the card an answer
names.
"""

from __future__ import annotations

import hashlib
import threading
import warnings
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any, cast

from mulligan._core import (
    Deck,
    DeckWarning,
    Game,
    IllegalActionError,
    MulliganError,
    MulliganRule,
    Player,
    Seed,
    Variant,
)
from mulligan.log import game_log, header
from mulligan.records import ANSWER_TYPES, AnswerDict
from mulligan.serve.errors import Resync

__all__ = [
    "ACTIONS",
    "DECKS",
    "HOUSE_OPTIONS",
    "MULLIGAN_RULES",
    "VARIANTS",
    "LiveGame",
    "Setup",
    "build_players",
]

Json = dict[str, Any]
Setup = dict[str, Any]

# The events a whole game's view lists (its last ones): a reply's size does not grow with the
# game. The events endpoint gives every one.
VIEW_EVENTS = 100


def _member_names(enum: type) -> tuple[str, ...]:
    """An engine enum's member names in the core's declaration order (`int(member)`), so a
    new variant or era reaches the HTTP API (and its OpenAPI enums) without a list here."""
    names = (n for n in dir(enum) if n.isupper())
    return tuple(sorted(names, key=lambda n: int(getattr(enum, n))))


VARIANTS = _member_names(Variant)
MULLIGAN_RULES = _member_names(MulliganRule)
# The table options of docs/VARIANTS.md (not the rules), as `Game` takes them.
HOUSE_OPTIONS = ("free_mulligans", "land_mulligan", "smoothing", "smoothing_candidates")
# Every answer is the name of the `Game` method that gives it (issue 11's contract).
ACTIONS = ANSWER_TYPES


class DeckCache:
    """Each deck text parsed once: `Deck.parse` keyed by the text's SHA-256, the most recent
    `size` kept (a `Deck` is immutable, so one parsed deck serves every game that lists it).
    A hit warns again as the parse did (`Deck.warnings`), so callers see the same warnings."""

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self.decks: OrderedDict[bytes, Deck] = OrderedDict()
        self.lock = threading.Lock()

    def parse(self, text: str) -> Deck:
        key = hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()
        with self.lock:
            deck = self.decks.get(key)
            if deck is not None:
                self.decks.move_to_end(key)
        if deck is not None:
            for message in deck.warnings:
                warnings.warn(message, DeckWarning, stacklevel=3)
            return deck
        deck = Deck.parse(text)  # a deck the parser refuses raises, and is not kept
        with self.lock:
            self.decks[key] = deck
            while len(self.decks) > self.size:
                self.decks.popitem(last=False)
        return deck


DECKS = DeckCache()


def player_label(index: int, player: Json) -> str:
    """``players[1] ('Ben')``: how a message names a player of a set-up."""
    name = player.get("name")
    return f"players[{index}] ({name!r})" if name else f"players[{index}]"


def build_players(setup: Setup) -> list[Player]:
    """The players of a stored set-up; raises `DeckError`/`GameConfigError`/`MulliganTypeError`
    naming the player (``players[1] ('Ben'): deck: line 2: ...``)."""
    players = []
    for i, p in enumerate(setup["players"]):
        try:
            deck = DECKS.parse(p["deck"])
        except MulliganError as e:
            raise type(e)(f"{player_label(i, p)}: deck: {e}") from None
        players.append(
            Player(
                p["name"],
                deck,
                team=p.get("team"),
                hand_modifier=p.get("hand_modifier", 0),
                life_modifier=p.get("life_modifier", 0),
                archenemy=p.get("archenemy", False),
            )
        )
    return players


def deck_warnings(setup: Setup, players: Sequence[Player]) -> list[Json]:
    """What the deck reader noticed in each player's deck (`Deck.warnings`: unknown card names,
    the deck-size and copy-count rules), as ``{"code": "deck", "message"}`` naming the player;
    the unknown-names warning also carries ``suggestions`` (`deck_warning_records`)."""
    return [
        record
        for i, (p, built) in enumerate(zip(setup["players"], players))
        for record in deck_warning_records(built.deck, f"{player_label(i, p)}: ")
    ]


def deck_warning_records(deck: Deck, prefix: str) -> list[Json]:
    """A deck's warnings as ``{"code": "deck", "message"}`` records, each message after
    `prefix`. When names were unknown, the first (the warning that names them) also has
    ``suggestions``: each unknown name's nearest known names (`Deck.suggestions`; ``[]`` when
    none is close), the "did you mean" of its message."""
    out: list[Json] = [{"code": "deck", "message": f"{prefix}{w}"} for w in deck.warnings]
    if deck.unknown and out:
        out[0]["suggestions"] = {name: list(near) for name, near in deck.suggestions.items()}
    return out


class LiveGame:
    """A game start rebuilt from its set-up, seed and contributions, with the answers so far.

    ``answers`` counts the answers applied (the next one stored is number ``answers + 1``);
    each stored answer is the core's answer record (`game.answers`, docs/API.md "Answers as
    records"), and decisions carry the core's ids (unchanged while pending, never reused).
    """

    def __init__(
        self, setup: Setup, seed: str, contributions: Sequence[bytes], players: list[Player]
    ) -> None:
        self.setup = setup
        # A whole game (issue 21) goes on after 103.8 until its host ends it.
        self.whole_game = bool(setup.get("whole_game", False))
        self.game = Game(
            players,
            variant=getattr(Variant, setup.get("variant", "TWO_PLAYER")),
            mulligan=getattr(MulliganRule, setup.get("mulligan", "LONDON")),
            seed=Seed.from_hex(seed),
            starting_player=setup.get("starting_player"),
            chooser=setup.get("chooser"),
            game_index=setup.get("game_index", 0),
            contributions=list(contributions),
            **{k: setup[k] for k in HOUSE_OPTIONS if setup.get(k) is not None},
            whole_game=self.whole_game,
        )
        self.seats = len(players)
        self.answers = 0
        self.warnings = deck_warnings(setup, players)
        self.names = [str(p["name"]) for p in setup["players"]]
        # seat -> (its last action's number, the digest of that request, the answer number
        # it was stored as): what the numbered actions of serve/table.py check against.
        self.last_action: dict[int, tuple[int, str, int]] = {}
        # seat -> every event as that seat sees it, converted once (`_view`).
        self.seen: dict[int, list[Json]] = {}
        # every event as nobody at the table sees it, converted once (`events(None)`).
        self.public_seen: list[Json] = []
        # decision id -> (the number of the answer that retired it, that answer's record):
        # a resent answer to a decided decision gets its first reply again (games.py).
        self.decided: dict[int, tuple[int, Json]] = {}

    @classmethod
    def build(cls, setup: Setup, seed: str, contributions: Sequence[bytes]) -> LiveGame:
        return cls(setup, seed, contributions, build_players(setup))

    # -- decisions --------------------------------------------------------------------------

    def pending(self, seat: int | None = None) -> list[Json]:
        return [dict(d.to_dict()) for d in self.game.pending() if seat is None or d.seat == seat]

    @property
    def done(self) -> bool:
        """The game start is done (103.8)."""
        return self.game.done

    @property
    def finished(self) -> bool:
        """Nothing more will happen and the seed may be revealed: a whole game once its host
        ended it, any other game once its start is done."""
        return bool(self.game.ended) if self.whole_game else self.game.done

    # -- answers ----------------------------------------------------------------------------

    @staticmethod
    def answer_record(seat: int, answer: Json) -> Json:
        """The core's answer record of one answer of `seat` given as the service takes it
        (``{"action": the Game method's name, ...its arguments}``); raises
        `IllegalActionError` for an action that is no answer."""
        action = answer.get("action")
        if action not in ACTIONS:
            raise IllegalActionError(f"unknown action {action!r}; one of {', '.join(ACTIONS)}")
        record: Json = {"type": action}
        if action == "choose_starting_player":
            record.update(chooser=seat, starting_seat=answer.get("starting_seat"))
        else:
            record["seat"] = seat
        if action in ("bottom", "partial_mulligan"):
            record["cards"] = answer.get("cards")
        elif action == "vancouver":
            record["bottom"] = answer.get("bottom")
        elif action == "mulligan_action":
            record["card"] = answer.get("card")
        elif action == "opening_hand_action":
            record.update(card=answer.get("card"), exile=answer.get("exile"))
        return record

    def apply(self, seat: int, answer: Json) -> Json:
        """Applies one answer of `seat` (`answer_record`) and returns the core's answer record
        to store. Raises `IllegalActionError` or `MulliganTypeError` (the game unchanged) when
        the rules do not allow it now or its arguments are wrong."""
        record = self.answer_record(seat, answer)
        self._apply(record)
        return record

    def _apply(self, record: Json) -> None:
        """Applies one answer record, noting which decisions it retired (`decided`)."""
        before = {d["id"] for d in self.pending()} if not self.game.done else set()
        self.game.apply(cast(AnswerDict, record))
        self.answers += 1
        if before:
            retired = before - {d["id"] for d in self.pending()}
            for decision in retired:
                self.decided[decision] = (self.answers, record)

    def act(self, seat: int, action: Json, *, host: bool, looker: int | None = None) -> Json:
        """One action record (``{"action": "draw", "count": 1}``, docs/schema.json) on `seat`'s
        zones, by that seat or (`host`) by the host, `looker` the seat that looks; returns the
        core's answer record to store. The core checks it in full: an illegal one raises
        `IllegalActionError` or `MulliganTypeError` and changes nothing."""
        record: Json = {"type": "act", "seat": seat, "host": host, "action": action}
        if looker is not None:
            record["looker"] = looker
        self._apply(record)
        return record

    def end(self) -> Json:
        """The host ends the whole game; the answer record to store."""
        record: Json = {"type": "end"}
        self._apply(record)
        return record

    def note_actions(self, rows: Sequence[tuple[int, int, str, int]]) -> None:
        """Records stored actions ``(seat, n, digest, answer number)`` as each seat's last."""
        for seat, n, digest, answer in rows:
            last = self.last_action.get(seat)
            if last is None or n > last[0]:
                self.last_action[seat] = (n, digest, answer)

    def replay(self, answers: Sequence[Json]) -> None:
        """Applies stored answer records in order."""
        for a in answers:
            self._apply(a)

    # -- what players may see ---------------------------------------------------------------

    def _view(self, seat: int) -> tuple[Any, list[Json]]:
        """The core's view of `seat` and every event as it sees them. The events a seat has
        seen never change, so each is converted once: the core is asked only for the ones
        after those kept (a view of a long game costs what its new events cost)."""
        seen = self.seen.setdefault(seat, [])
        v = self.game.view(seat, events_after=len(seen))
        seen.extend(dict(e) for e in v["events"])
        return v, seen

    def view(self, seat: int) -> Json:
        """`game.view(seat)` (already JSON, cards as ``{"id", "name"}``): that seat's hand,
        every seat's public zones and counts, the events as that seat may see them and its
        pending decisions (each with this service's id). A whole game's view lists its last
        `VIEW_EVENTS` events (``events_from``: how many came before them); the events
        endpoint gives them all."""
        v, seen = self._view(seat)
        out = {
            "seat": seat,
            "names": self.names,
            "done": self.game.done,
            "hand": v["hand"],
            "seats": v["seats"],
            "starting_player": v["starting_player"],
            "events": seen,
            "pending": v["pending"],
            "waiting_for": v["waiting_for"],
        }
        if self.whole_game:
            last = self.last_action.get(seat)
            start = max(0, len(seen) - VIEW_EVENTS)
            out.update(
                events=seen[start:],
                events_from=start,
                whole_game=True,
                ended=self.finished,
                looking=v.get("looking", []),
                next_action=1 if last is None else last[0] + 1,
            )
            if "turn" in v:
                out["turn"] = v["turn"]
        return out

    def next_action(self, seat: int) -> int:
        """The number `seat`'s next table action takes (1, 2, ...; shared with the host)."""
        last = self.last_action.get(seat)
        return 1 if last is None else last[0] + 1

    def resync(self, seat: int | None) -> Resync:
        """What a 409 carries for `seat` (None: the host): its next action number (a whole
        game's seat only) and the ids of the decisions pending for it (every seat's for the
        host)."""
        ids = tuple(int(d["id"]) for d in self.pending(seat))
        nxt = self.next_action(seat) if self.whole_game and seat is not None else None
        return Resync(next_action=nxt, pending=ids)

    def host_view(self) -> Json:
        """The public table, the host's own view (`game.public_view()`): every seat's public
        piles, counts and counters with its ``next_action`` and pending decisions (id and
        kind), the events as nobody at the table sees them (a whole game's last `VIEW_EVENTS`,
        ``events_from`` before them) and the open reveals. No card of a hand, a library or an
        open search or look: every reply to the host's token is this."""
        public = self.public_seen
        v = self.game.public_view(events_after=len(public))
        public.extend(dict(e) for e in v["events"])
        pending: list[Json] = [dict(w) for w in v["waiting_for"]]
        seats = []
        for p in v["seats"]:
            seat: Json = dict(p)
            s = int(p["seat"])
            seat["name"] = self.names[s]
            mine = [w for w in pending if w["seat"] == s]
            seat["pending"] = [{"id": w["id"], "kind": w["kind"]} for w in mine]
            if self.whole_game:
                seat["next_action"] = self.next_action(s)
            seats.append(seat)
        start = max(0, len(public) - VIEW_EVENTS) if self.whole_game else 0
        out: Json = {
            "names": self.names,
            "done": self.game.done,
            "seats": seats,
            "starting_player": v["starting_player"],
            "events": public[start:],
            "events_from": start,
            "pending": [w["id"] for w in pending],
            "waiting_for": pending,
            "whole_game": self.whole_game,
            "ended": self.finished,
            "looking": v.get("looking", []),
        }
        if "turn" in v:
            out["turn"] = v["turn"]
        return out

    def events(self, seat: int | None) -> list[Json]:
        """The events as `seat` sees them; `None` (the host, a spectator): as nobody at the
        table sees them, the core's public events: hidden cards are counts for every seat,
        and what a seat saw of another's library through the host stays in that seat's view."""
        if seat is not None:
            return self._view(seat)[1]
        public = self.public_seen
        public.extend(dict(e) for e in self.game.public_events(events_after=len(public)))
        return public

    def log(self) -> list[Json]:
        """The JSON Lines records (docs/EVENT_LOG.md) of the finished game; for a whole game
        the host has not ended, its header and the events as nobody at the table sees them
        (`events(None)`: hidden cards are counts), so that the host's token reads no card of a
        hidden zone before the end either. At the end every event and the seed are published,
        and the log verifies."""
        if self.whole_game and not self.finished:
            return [header(self.game), *self.events(None)]
        return game_log(self.game)

    def result(self) -> list[Json]:
        return [dict(r.to_dict()) for r in self.game.result()]


def _records(text: str) -> list[Any]:
    """The records of a JSON Lines text; a line that is not JSON is named by its number."""
    import json

    from mulligan.log import LogError

    records = []
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            records.append(json.loads(line))
        except ValueError as e:
            reason = getattr(e, "msg", str(e))
            column = getattr(e, "colno", None)
            at = f" at column {column}" if column is not None else ""
            raise LogError(
                f"log: line {n} is not JSON ({reason}{at}); each line of a log is one JSON record"
            ) from None
    return records


def verify(
    log: str | Sequence[Json], commitment: str | None, setup: str | None
) -> tuple[bool, str | None, int | None]:
    """`verify_log` as a verdict: (valid, the first problem, the index of the first event that
    does not match the replay when that is the problem)."""
    import re

    from mulligan.log import LogError, verify_log

    try:
        records = _records(log) if isinstance(log, str) else list(log)
        for i, r in enumerate(records):
            if not isinstance(r, dict):
                raise LogError(f"log: record {i}: every log record is a JSON object")
        verify_log(records, commitment=commitment, setup=setup)
    except (LogError, ValueError, TypeError, KeyError) as e:
        message = str(e) or type(e).__name__
        # The core names the first event that is malformed, cannot be replayed or differs.
        found = re.search(r"\bevent (\d+)\b", message)
        return False, message, int(found.group(1)) if found else None
    return True, None, None
