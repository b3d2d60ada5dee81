"""The service's JSON replies are the bytes the standard library writes (no spaces, UTF-8, no
ASCII escaping), whichever encoder runs (orjson when installed)."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("fastapi")
from mulligan.serve import json_response
from mulligan.serve.json_response import JSONResponse, dumps


def standard(content: Any) -> bytes:
    return json.dumps(content, ensure_ascii=False, separators=(",", ":")).encode()


CASES: list[Any] = [
    {"seat": 0, "hand": [{"id": 3, "name": "Jötunn Grunt"}], "ended": False, "looking": None},
    {"names": ["Ann", "Bèn", "李"], "events": [{"type": "shuffled", "cards": 53, "count": 1}]},
    {"text": 'quote " backslash \\ newline \n tab \t bell \x07 nul \x00 del \x7f'},
    {"rate": 0.1 + 0.2, "small": 1e-300, "neg": -2.5, "int": -(2**63), "big": 2**64 - 1},
    {"beyond 64 bits": 2**70},
    [[], {}, "", 0, True],
]


@pytest.mark.parametrize("content", CASES)
def test_the_bytes_are_the_standard_librarys(content: Any) -> None:
    assert dumps(content) == standard(content)
    assert JSONResponse(content).body == standard(content)


def test_integer_keys_are_written_as_strings() -> None:
    assert json.loads(dumps({0: "Ann", 1: "Ben"})) == {"0": "Ann", "1": "Ben"}


def test_orjson_is_the_encoder_the_serve_extra_installs() -> None:
    pytest.importorskip("orjson")
    assert json_response.orjson is not None
