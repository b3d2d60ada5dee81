"""Verifiable game logs: commit before the first shuffle, reveal after the game, replay to check.

A log is JSON Lines (schema ``mulligan-log/2``, docs/EVENT_LOG.md): a ``header`` record with the
seed's commitment, the players' contribution commitments and the whole set-up (decks card by
card, `game.setup()`), then every event of the game in order, then a ``reveal`` record with the
seed and the contributions. ``verify_log`` checks the commitments, rebuilds the game from the
header, replays every decision the events record, and requires the replayed events to equal the
logged ones exactly: a changed card, seed byte or event is detected. Building the header, its
digest and the whole verification are the core's (`mulligan_core::log`, also
`mulligan_verify_log` in the C API); this module only reads files and converts.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from typing import Any, Union

from mulligan._core import Game, LogError, log_header, verify_log_bytes
from mulligan._core import setup_digest as _setup_digest

__all__ = ["SCHEMA", "LogError", "game_log", "header", "setup_digest", "verify_log", "write_log"]

SCHEMA = "mulligan-log/2"

Record = dict[str, Any]
LogSource = Union[str, "os.PathLike[str]", bytes, Iterable[Record]]


def header(game: Game) -> Record:
    """The record published before the first shuffle: commitments and the whole set-up
    (`game.setup()`) with its digest (`mulligan.records.LogHeaderDict`). It exists as soon as
    the game does: publish at least its `commitment` and `setup_digest` before the game."""
    return dict(log_header(game))


def setup_digest(head: Record) -> str:
    """SHA-256 of the header's canonical JSON (sorted keys, no spaces, ASCII), without this
    field: publish it with the commitment before the game, and every card of every deck is
    bound."""
    return _setup_digest(head)


def game_log(game: Game, *, reveal: bool | None = None) -> list[Record]:
    """The log records of `game`: header, events, and (by default once the game has ended:
    its start is done, or a whole game's host called `end()`) the reveal of the seed and the
    contributions. Before that the log has no seed."""
    records: list[Record] = [header(game), *(dict(e) for e in game.events)]
    if reveal if reveal is not None else game.ended:
        records.append(
            {
                "type": "reveal",
                "seed": game.seed.hex(),
                "contributions": [c.hex() for c in game.contributions],
            }
        )
    return records


#: One encoder for every record (`json.dumps` with these options builds a new one per call).
_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"), allow_nan=False)


def _lines(records: Iterable[Record]) -> bytes:
    return "".join(_ENCODER.encode(r) + "\n" for r in records).encode()


def write_log(game: Game, path: str | os.PathLike[str]) -> None:
    """Writes `game_log(game)` as JSON Lines. The game start must be done (a log ends with the
    reveal of the seed); before that, publish `header(game)` instead."""
    if not game.ended:
        raise LogError(
            "the game has not ended (its start is not done, or a whole game's host has not "
            "called end()): a log ends with the reveal of the seed, after the game; publish "
            "mulligan.log.header(game) before it"
        )
    with open(path, "wb") as f:
        f.write(_lines(game_log(game)))


def _bytes(source: object) -> bytes:
    """The log's bytes: read from a path, as given, or written from records."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        return bytes(source)
    if isinstance(source, (str, os.PathLike)):
        try:
            with open(source, "rb") as f:
                return f.read()
        except OSError as e:
            # The reason alone ("No such file or directory"), not Python's "[Errno 2] ...
            # 'path'": the caller has the path, and the command line names it once.
            raise LogError(f"cannot read the log: {e.strerror or e}") from e
        except (ValueError, TypeError) as e:
            raise LogError(f"cannot read the log: {e}") from e
    if isinstance(source, dict) or not isinstance(source, Iterable):
        raise LogError(
            f"a log is a path, its bytes, or an iterable of records, got {type(source).__name__}"
        )
    try:
        return _lines(source)
    except (TypeError, ValueError, RecursionError, UnicodeEncodeError) as e:
        raise LogError(f"the records are not JSON data: {e}") from e


def _published(value: object, what: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise LogError(f"{what} must be a str, got {type(value).__name__}")
    try:
        value.encode()
    except UnicodeEncodeError as e:
        raise LogError(f"{what} is not valid text: {e}") from e
    return value


def verify_log(
    source: LogSource, *, commitment: str | None = None, setup: str | None = None
) -> bool:
    """Checks a log (a path to a JSON Lines file, its bytes, or its records): the header's
    set-up digest matches its content, the revealed seed and contributions match their
    commitments, and replaying the game from the header with the decisions the log records
    gives exactly the logged events, value by value and type by type. `commitment` and `setup`:
    the seed commitment and set-up digest published before the game, if you kept them (then a
    log rewritten from scratch is caught too). Returns True; raises `LogError` naming the first
    problem, whatever the input."""
    published = (_published(commitment, "commitment"), _published(setup, "setup"))
    return verify_log_bytes(_bytes(source), *published)
