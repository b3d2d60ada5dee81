"""`verify_log` (the core's verification, through Python and through the C ABI) returns True or
raises `LogError` for anything at all, and compares values by type (issue 10)."""

from __future__ import annotations

import copy
import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

import mulligan as m
from tests.capi_util import LOG_STATUS, OK, Capi


def deck() -> m.Deck:
    return m.Deck.parse("24 Forest\n2 Serum Powder\n34 Grizzly Bears\nSideboard\n1 Naturalize")


def finished_log() -> list[dict[str, Any]]:
    g = m.Game(
        [m.Player("Zoë 😀", deck()), m.Player('B\n"q"', deck())],
        seed=m.Seed.from_hex("3c" * 32),
        contributions=[b"a", b"b"],
    )
    rng = random.Random(5)
    while not g.done:
        d = g.pending()[0]
        if d.kind == "choose_starting_player":
            g.choose_starting_player(d.seat, 1)
        elif d.kind == "keep_or_mulligan" and d.can_mulligan and rng.random() < 0.4:
            g.mulligan(d.seat)
        elif d.kind == "keep_or_mulligan":
            g.keep(d.seat)
        elif d.kind == "bottom":
            g.bottom(d.seat, d.hand[: d.count])
        else:
            g.pass_actions(d.seat)
    return m.game_log(g)


def test_the_set_up_digest_is_pythons_canonical_json_non_ascii_included() -> None:
    head = finished_log()[0]
    body = {k: v for k, v in head.items() if k != "setup_digest"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    expect = hashlib.sha256(b"mulligan/setup/v1\x00" + text.encode()).hexdigest()
    assert head["setup_digest"] == m.log.setup_digest(head) == expect


def test_values_compare_by_type() -> None:
    records = finished_log()
    assert m.verify_log(records)
    life = next(i for i, r in enumerate(records) if r["type"] == "life")
    draw = next(i for i, r in enumerate(records) if r["type"] == "draw")
    for i, key, retype in [
        (life, "life", float),
        (life, "seat", bool),
        (draw, "seat", float),
        (draw, "seat", bool),
        (0, "game_index", float),
        (0, "hand_modifier", float),
    ]:
        bad = copy.deepcopy(records)
        target = bad[i] if key in bad[i] else bad[i]["players"][0]
        value = retype(target[key])
        assert target[key] == value  # equal in Python, not in JSON
        target[key] = value
        with pytest.raises(m.LogError):
            m.verify_log(bad)


HOSTILE: list[Any] = [
    None,
    5,
    3.5,
    {"type": "header"},
    [],
    [None, None],
    [[1, 2], [3]],
    [1, "x"],
    b"\xff\xfe\x00",
    b"",
    b"[" * 100_000,
    [{"type": "header"}, {"type": "reveal"}],
    [{"a": float("nan")}],
    [{"a": {1, 2}}],
    [{"type": "header", "x": "\ud800"}],
]


@pytest.mark.parametrize("source", HOSTILE, ids=range(len(HOSTILE)))
def test_anything_that_is_not_a_log_raises_log_error(source: Any) -> None:
    with pytest.raises(m.LogError):
        m.verify_log(source)


def test_deep_nesting_wrong_types_and_missing_fields_raise_log_error(tmp_path: Path) -> None:
    records = finished_log()
    nested: Any = []
    for _ in range(5000):
        nested = [nested]
    for mutate in [
        lambda r: r[1].update(cards=nested),
        lambda r: r[0].pop("players"),
        lambda r: r[0].pop("commitment"),
        lambda r: r[0].update(commitment="not hex"),
        lambda r: r[0].update(contribution_commitments=None),
        lambda r: r[-1].update(seed=None),
        lambda r: r[-1].update(contributions=["zz"]),
        lambda r: r.insert(2, None),
        lambda r: r.insert(2, [1]),
    ]:
        bad = copy.deepcopy(records)
        mutate(bad)
        with pytest.raises(m.LogError):
            m.verify_log(bad)
    for kwargs in [{"commitment": 5}, {"setup": b"x"}, {"commitment": "\udc00"}]:
        with pytest.raises(m.LogError):
            m.verify_log(records, **kwargs)
    with pytest.raises(m.LogError):
        m.verify_log(tmp_path / "missing.jsonl")
    with pytest.raises(m.LogError):
        m.verify_log(str(tmp_path))  # a directory
    path = tmp_path / "log.jsonl"
    path.write_bytes(b"\x80not utf-8\n")
    with pytest.raises(m.LogError, match="UTF-8"):
        m.verify_log(path)


def test_a_log_as_bytes_and_as_a_file_verifies(tmp_path: Path) -> None:
    records = finished_log()
    data = "".join(json.dumps(r) + "\n" for r in records).encode()
    assert m.verify_log(data)
    path = tmp_path / "log.jsonl"
    path.write_bytes(data)
    assert m.verify_log(path) and m.verify_log(str(path))


def verify_c(lib: Capi, data: bytes, commitment: bytes | None = None) -> tuple[int, str]:
    ffi = lib.ffi
    status = lib.lib.mulligan_verify_log(
        data, len(data), commitment if commitment is not None else ffi.NULL, ffi.NULL
    )
    return status, lib.last_error() if status != OK else ""


def test_a_c_host_verifies_a_python_log(capi: Capi) -> None:
    records = finished_log()
    data = "".join(json.dumps(r) + "\n" for r in records).encode()
    assert verify_c(capi, data) == (OK, "")
    assert verify_c(capi, data, records[0]["commitment"].encode())[0] == OK
    status, message = verify_c(capi, data, b"0" * 64)
    assert status == LOG_STATUS and "published" in message
    # The first mismatch is the last error.
    bad = copy.deepcopy(records)
    draw = next(i for i, r in enumerate(bad) if r["type"] == "draw")
    bad[draw]["cards"][0]["name"] = "Black Lotus"
    status, message = verify_c(capi, "".join(json.dumps(r) + "\n" for r in bad).encode())
    assert status == LOG_STATUS and f"event {draw - 1} differs from the replay" in message
    for garbage in [b"", b"\xff", b"null\n", b"[" * 100_000]:
        assert verify_c(capi, garbage)[0] == LOG_STATUS
