"""Enum names as people type them: any case, ``-`` or ``_`` between words (``london``,
``LONDON``; ``lands-first``, ``lands_first``; ``ARENA2``), as the command line takes them.

A `Name` field reads every such spelling and keeps the canonical one (upper case for the
rules' enums, ``TWO_PLAYER``, ``LONDON``; lower case for the options, ``arena2``,
``lands_first``), and its JSON Schema says so: the canonical names as an ``enum``, or a string
matching the lenient ``pattern`` (docs/schema.json declares the core's enums the same way), so
a validator and the server agree on what is accepted.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from pydantic import GetCoreSchemaHandler, GetJsonSchemaHandler
from pydantic_core import core_schema

__all__ = ["Name", "canonical", "lenient_pattern"]


def _key(text: str) -> str:
    return text.replace("-", "_").lower()


def lenient_pattern(names: Sequence[str]) -> str:
    """A regular expression matching each of `names` in any case with ``-`` or ``_``."""

    def word(w: str) -> str:
        return "".join(f"[{c.upper()}{c.lower()}]" if c.isalpha() else re.escape(c) for c in w)

    return "^(?:" + "|".join("[-_]".join(word(w) for w in n.split("_")) for n in names) + ")$"


def canonical(names: Sequence[str], value: Any, aliases: dict[str, str] | None = None) -> Any:
    """The canonical name `value` spells (a name or an alias), or `value` unchanged when it
    spells none."""
    if isinstance(value, str):
        for name in names:
            if _key(name) == _key(value):
                return name
        for alias, name in (aliases or {}).items():
            if _key(alias) == _key(value):
                return name
    return value


class Name:
    """The metadata of a string field taking any spelling of `names` and holding the
    canonical one: ``Annotated[str, Name(names, description)]``."""

    def __init__(
        self, names: Sequence[str], description: str, aliases: dict[str, str] | None = None
    ) -> None:
        self.names = tuple(names)
        self.aliases = dict(aliases or {})
        listed = ", ".join(self.names)
        if self.aliases:
            description += (
                " (also " + ", ".join(f"{a} for {n}" for a, n in self.aliases.items()) + ")"
            )
        self.expected = f"expected one of {listed} (any case, - or _ between words)"
        self.schema = {
            "description": f"{description}: one of {listed}; any case, `-` or `_` between words",
            "anyOf": [
                {"type": "string", "enum": list(self.names)},
                {"type": "string", "pattern": lenient_pattern([*self.names, *self.aliases])},
            ],
        }

    def _check(self, value: str) -> str:
        if value not in self.names:
            raise ValueError(self.expected)
        return value

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        return core_schema.no_info_before_validator_function(
            lambda v: canonical(self.names, v, self.aliases),
            core_schema.no_info_after_validator_function(self._check, handler(source)),
        )

    def __get_pydantic_json_schema__(
        self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> dict[str, Any]:
        return dict(self.schema)
