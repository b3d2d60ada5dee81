"""A refused body in words a script's author reads: the field as a JSON path (``players[1].deck``,
0-based indices), the player it belongs to, and what was expected, instead of the validator's
own terms (``body.13: JSON decode error``, ``Input should be a valid integer``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["invalid_message", "json_path", "player_of"]

_JSON_TYPES = {
    "string_type": "a string (text in quotes)",
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "float_type": "a number",
    "float_parsing": "a number",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
    "list_type": "an array ([...])",
    "dict_type": "an object ({...})",
    "model_type": "an object ({...})",
    "model_attributes_type": "an object ({...})",
}


def json_path(loc: Sequence[Any]) -> str:
    """``("body", "players", 1, "deck")`` as ``players[1].deck`` (``$`` for the body itself)."""
    parts = list(loc)
    if parts and parts[0] in ("body", "query", "path", "header"):
        parts = parts[1:]
    out = ""
    for p in parts:
        if isinstance(p, int):
            out += f"[{p}]"
        elif str(p).isidentifier():
            out += f".{p}" if out else str(p)
        else:
            out += f"[{str(p)!r}]"
    return out or "$"


def player_of(loc: Sequence[Any], body: Any) -> str | None:
    """The name of the player a body location is in (``players[i]`` or ``tables[t][i]``)."""
    parts = list(loc)[1:] if loc and loc[0] == "body" else list(loc)
    try:
        if parts[:1] == ["players"] and isinstance(parts[1], int):
            name = body["players"][parts[1]]["name"]
        elif parts[:1] == ["tables"] and isinstance(parts[1], int) and isinstance(parts[2], int):
            name = body["tables"][parts[1]][parts[2]]["name"]
        else:
            return None
    except (LookupError, TypeError):
        return None
    return name if isinstance(name, str) and name else None


def _words(error: dict[str, Any]) -> str:
    kind = error.get("type", "")
    ctx = error.get("ctx") or {}
    got = error.get("input")
    if kind == "missing":
        return "missing (this field is required)"
    if kind == "extra_forbidden":
        return "not a field of this request (check its spelling; docs/SERVE.md lists the fields)"
    if kind in _JSON_TYPES:
        shown = "null" if got is None else type(got).__name__
        return f"expected {_JSON_TYPES[kind]}, got {shown}"
    if kind in ("greater_than_equal", "greater_than"):
        return f"must be at least {ctx.get('ge', ctx.get('gt'))}, got {got!r}"
    if kind in ("less_than_equal", "less_than"):
        return f"must be at most {ctx.get('le', ctx.get('lt'))}, got {got!r}"
    if kind == "too_short":
        return f"needs at least {ctx.get('min_length')} item(s)"
    if kind == "too_long":
        return f"takes at most {ctx.get('max_length')} item(s)"
    if kind == "string_too_short":
        return f"needs at least {ctx.get('min_length')} character(s)"
    if kind == "string_too_long":
        return f"takes at most {ctx.get('max_length')} character(s)"
    if kind == "string_pattern_mismatch":
        return "hex digits expected (0-9, a-f), two a byte where bytes are meant"
    if kind == "value_error":
        return str(ctx.get("error", error.get("msg", "invalid")))
    return str(error.get("msg", "invalid"))


def invalid_message(errors: Sequence[dict[str, Any]], body: Any) -> str:
    """One line for the first error of a refused request (the count of the others after it)."""
    if not errors:
        return "the request does not fit its schema (docs/openapi.json)"
    first = errors[0]
    if first.get("type") == "json_invalid":
        return _json_message(first, body)
    loc = tuple(first.get("loc", ()))
    words = _words(first)
    if first.get("type") == "value_error" and ": " in words and not loc[1:]:
        # A whole-body check names its field itself ("smoothing_candidates: ...").
        message = words
    else:
        where = json_path(loc)
        player = player_of(loc, body)
        message = f"{where} (player {player!r}): {words}" if player else f"{where}: {words}"
    more = len(errors) - 1
    return message + (f" (and {more} more problem{'s' * (more > 1)})" if more else "")


def _json_message(error: dict[str, Any], body: Any) -> str:
    """``json_invalid``: the line and column of the first byte that is not JSON."""
    loc = error.get("loc", ())
    pos = loc[1] if len(loc) > 1 and isinstance(loc[1], int) else None
    reason = (error.get("ctx") or {}).get("error", "not JSON")
    if pos is not None and isinstance(body, (str, bytes)):
        text = body[:pos].decode("utf-8", "replace") if isinstance(body, bytes) else body[:pos]
        line = text.count("\n") + 1
        column = pos - (text.rfind("\n") + 1) + 1
        return f"the body is not JSON: {reason} at line {line}, column {column}"
    return f"the body is not JSON: {reason}"
