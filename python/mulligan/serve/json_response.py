"""The service's JSON replies: the bytes Starlette's ``JSONResponse`` writes (UTF-8, no spaces,
no ASCII escaping), encoded by orjson when it is installed (``mulligan[serve]`` installs it).
A whole game's view holds its last 100 events, about 10 kB: the standard library's encoder
took 150-220 µs of a seat action's ~1 ms of CPU, orjson 10-30 µs (benches/RESULTS.md)."""

from __future__ import annotations

import json
from typing import Any

from starlette.responses import JSONResponse as _StarletteJSON

try:
    import orjson
except ImportError:  # pragma: no cover - the serve extra installs it
    orjson = None  # type: ignore[assignment]

__all__ = ["JSONResponse", "dumps"]


def dumps(content: Any) -> bytes:
    """`content` as the service's JSON bytes (``json.dumps(..., ensure_ascii=False,
    separators=(",", ":"))`` encoded as UTF-8, byte for byte)."""
    if orjson is not None:
        try:
            return orjson.dumps(content, option=orjson.OPT_NON_STR_KEYS)
        except TypeError:
            pass  # a type orjson does not take (an integer beyond 64 bits): the standard way
    return json.dumps(
        content, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":")
    ).encode("utf-8")


class JSONResponse(_StarletteJSON):
    """Starlette's ``JSONResponse`` with the encoder above."""

    def render(self, content: Any) -> bytes:
        return dumps(content)
