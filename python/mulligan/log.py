"""Verifiable game logs: commit before the first shuffle, reveal after the game, replay to check.

A log is JSON Lines (schema ``mulligan-log/1``, docs/EVENT_LOG.md): a ``header`` record with the
seed's commitment, the players' contribution commitments and the whole set-up (decks card by
card), then every event of the game in order, then a ``reveal`` record with the seed and the
contributions. ``verify_log`` checks the commitments, rebuilds the game from the header,
replays every decision the events record, and requires the replayed events to equal the
logged ones exactly: a changed card, seed byte or event is detected.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable
from typing import Any, Union

from mulligan._core import (
    FORMAT_VERSION,
    Card,
    Deck,
    Game,
    IllegalActionError,
    MulliganError,
    MulliganRule,
    Player,
    Seed,
    SeedError,
    Variant,
    contribution_commitment,
    verify_commitment,
)
from mulligan._core import (
    LogError as LogError,
)

SCHEMA = "mulligan-log/2"

Record = dict[str, Any]
LogSource = Union[str, "os.PathLike[str]", Iterable[Record]]


def header(game: Game) -> Record:
    """The record published before the first shuffle: commitments and the whole set-up
    (`game.setup()`). Publish at least its `commitment` and `setup_digest` before the game:
    `header(game)` works from the moment the game exists."""
    record: Record = {
        "type": "header",
        "schema": SCHEMA,
        "format_version": FORMAT_VERSION,
        "commitment": game.commitment,
        "contribution_commitments": game.contribution_commitments,
        **game.setup(),
    }
    record["setup_digest"] = setup_digest(record)
    return record


def setup_digest(head: Record) -> str:
    """SHA-256 of the header's canonical JSON (sorted keys, no spaces), without this field:
    publish it with the commitment before the game, and every card of every deck is bound."""
    body = {k: v for k, v in head.items() if k != "setup_digest"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(b"mulligan/setup/v1\x00" + text.encode()).hexdigest()


def game_log(game: Game, *, reveal: bool | None = None) -> list[Record]:
    """The log records of `game`: header, events, and (by default once the game start is done)
    the reveal of the seed and the contributions."""
    records: list[Record] = [header(game), *(dict(e) for e in game.events)]
    if reveal if reveal is not None else game.done:
        records.append(
            {
                "type": "reveal",
                "seed": game.seed.hex(),
                "contributions": [c.hex() for c in game.contributions],
            }
        )
    return records


def write_log(game: Game, path: str | os.PathLike[str]) -> None:
    """Writes `game_log(game)` as JSON Lines. The game start must be done (a log ends with the
    reveal of the seed); before that, publish `header(game)` instead."""
    if not game.done:
        raise LogError(
            "the game start is not done: a log ends with the reveal of the seed, after the "
            "game; publish mulligan.log.header(game) before it"
        )
    with open(path, "w", encoding="utf-8") as f:
        for record in game_log(game):
            f.write(json.dumps(record, sort_keys=True, separators=(",", ":")) + "\n")


def _load(source: LogSource) -> list[Record]:
    if isinstance(source, (str, os.PathLike)):
        try:
            with open(source, encoding="utf-8") as f:
                return [json.loads(line) for line in f if line.strip()]
        except (OSError, json.JSONDecodeError) as e:
            raise LogError(f"cannot read the log: {e}") from e
    return [dict(r) for r in source]


def _deck(entry: Record) -> Deck:
    def cards(key: str) -> list[Card]:
        return [Card(c["name"], land=c["land"], tags=tuple(c["tags"])) for c in entry[key]]

    return Deck(
        cards("deck"),
        sideboard=cards("sideboard"),
        commanders=cards("commanders"),
        companions=cards("companions"),
    )


def _replay(game: Game, events: list[Record]) -> None:
    """Applies every decision the logged events record, in order."""
    for e in events:
        kind, raw_seat = e.get("type"), e.get("seat")
        seat: int = raw_seat if isinstance(raw_seat, int) else -1
        cards = game.cards(seat) if seat >= 0 else []
        if kind == "starting_player" and e.get("chosen_by") is not None:
            game.choose_starting_player(e["chosen_by"], seat)
        elif kind == "keep":
            game.keep(seat)
        elif kind == "declare_mulligan":
            game.mulligan(seat)
        elif kind == "bottom":
            game.bottom(seat, [cards[c["id"]] for c in e["cards"]])
        elif kind == "mulligan_action":
            game.mulligan_action(seat, cards[e["card"]["id"]])
        elif kind == "vancouver":
            game.vancouver(seat, e["to"] == "bottom")
        elif kind == "opening_hand_action":
            exiled = e.get("exiled")
            game.opening_hand_action(
                seat, cards[e["card"]["id"]], exile=cards[exiled["id"]] if exiled else None
            )
        elif kind == "pass_actions":
            game.pass_actions(seat)


def verify_log(
    source: LogSource, *, commitment: str | None = None, setup: str | None = None
) -> bool:
    """Checks a log (a path to a JSON Lines file, or its records): the header's set-up digest
    matches its content, the revealed seed and contributions match their commitments, and
    replaying the game from the header with the decisions the log records gives exactly the
    logged events. `commitment` and `setup`: the seed commitment and set-up digest published
    before the game, if you kept them (then a log rewritten from scratch is caught too).
    Returns True; raises `LogError` naming the first problem."""
    records = _load(source)
    if len(records) < 2 or (records[0].get("type"), records[-1].get("type")) != (
        "header",
        "reveal",
    ):
        raise LogError("a log starts with a header record and ends with a reveal record")
    head, reveal, events = records[0], records[-1], records[1:-1]
    if head.get("schema") != SCHEMA:
        raise LogError(f"unknown schema {head.get('schema')!r}; this version reads {SCHEMA}")
    if head.get("format_version") != FORMAT_VERSION:
        raise LogError(f"format version {head.get('format_version')} is not {FORMAT_VERSION}")
    if head.get("setup_digest") != setup_digest(head):
        raise LogError("the header's set-up (decks, players, rules) does not match its digest")
    if setup is not None and head.get("setup_digest") != setup:
        raise LogError("the header's set-up digest is not the one published before the game")
    if commitment is not None and head.get("commitment") != commitment.lower():
        raise LogError("the log's seed commitment is not the one published before the game")
    try:
        seed = Seed.from_hex(reveal["seed"])
        contributions = [bytes.fromhex(c) for c in reveal["contributions"]]
    except (KeyError, TypeError, ValueError, SeedError) as e:
        raise LogError(f"malformed reveal record: {e}") from e
    if not verify_commitment(seed, head["commitment"]):
        raise LogError("the revealed seed does not match the commitment published before the game")
    committed = head.get("contribution_commitments", [])
    if [contribution_commitment(c) for c in contributions] != committed:
        raise LogError("the revealed contributions do not match their commitments")
    try:
        players = [
            Player(
                p["name"],
                _deck(p),
                team=p["team"],
                hand_modifier=p["hand_modifier"],
                life_modifier=p["life_modifier"],
                archenemy=p["archenemy"],
            )
            for p in head["players"]
        ]
        game = Game(
            players,
            variant=getattr(Variant, head["variant"]),
            mulligan=getattr(MulliganRule, head["mulligan"]),
            seed=seed,
            starting_player=head["starting_player"],
            chooser=head["chooser"],
            game_index=head["game_index"],
            contributions=contributions,
        )
    except (KeyError, TypeError, AttributeError, MulliganError) as e:
        raise LogError(f"the header does not describe a game: {e}") from e
    try:
        _replay(game, events)
    except (KeyError, TypeError, IndexError, IllegalActionError) as e:
        raise LogError(f"a logged decision cannot be replayed: {e}") from e
    replayed = game.events
    for i, (want, got) in enumerate(zip(events, replayed)):
        if want != got:
            raise LogError(f"event {i} differs from the replay: logged {want}, replayed {got}")
    if len(events) != len(replayed):
        raise LogError(f"the log has {len(events)} events, the replay {len(replayed)}")
    if not game.done:
        raise LogError("the logged game start is not complete")
    return True
