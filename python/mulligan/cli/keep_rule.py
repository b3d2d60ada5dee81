"""The keep rule `mulligan simulate` runs: `--keep`/`--keep-at`/`--bottom`/`--exile`/
`--requires` and a `--rule` TOML file, made into the core's `KeepRule` (a London bottom of
103.5, a partial Paris exile)."""

from __future__ import annotations

import sys
from typing import Any

import click

from mulligan import KeepRule
from mulligan.cli.group import CliError, option_words


def parse_keep(spec: str) -> dict[int, tuple[int, int]]:
    """`"7:2-5,6:2-4,5:1-4"` -> `{7: (2, 5), 6: (2, 4), 5: (1, 4)}`."""
    ranges: dict[int, tuple[int, int]] = {}
    for part in spec.split(","):
        part = part.strip()
        if not part:
            continue
        try:
            size, lands = part.split(":")
            low, high = lands.split("-")
            ranges[int(size)] = (int(low), int(high))
        except ValueError:
            raise click.BadParameter(
                f'{part!r} is not SIZE:LOW-HIGH (e.g. "7:2-5,6:2-4,5:1-4")', param_hint="--keep"
            ) from None
    return ranges


def load_rule_file(path: str) -> dict[str, Any]:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.9 and 3.10
        import tomli as tomllib
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except tomllib.TOMLDecodeError as e:
        raise CliError(f"{path}: not TOML: {e}") from None
    known = {"keep", "keep_at", "bottom", "requires", "exile"}
    unknown = set(data) - known
    if unknown:
        raise CliError(
            f"{path}: unknown key(s) {', '.join(sorted(unknown))} "
            f"(known: {', '.join(sorted(known))})"
        )
    keep = data.get("keep")
    if isinstance(keep, str):
        data["keep"] = parse_keep(keep)
    elif isinstance(keep, dict):
        try:
            data["keep"] = {int(k): (int(v[0]), int(v[1])) for k, v in keep.items()}
        except (ValueError, TypeError, IndexError):
            raise CliError(f"{path}: keep is a table of SIZE = [LOW, HIGH]") from None
    return data


def make_rule(
    keep: str | None,
    keep_at: int | None,
    bottom: str | None,
    requires: tuple[str, ...],
    rule_file: str | None,
    exile: str | None = None,
) -> KeepRule | None:
    """The keep rule the options and file ask for; None (simulate's default rule: 2-5 lands in
    7, 2-4 in 6, 1-4 in 5, keep at 4) when they ask for nothing."""
    settings: dict[str, Any] = load_rule_file(rule_file) if rule_file else {}
    if keep is not None:
        settings["keep"] = parse_keep(keep)
    if keep_at is not None:
        settings["keep_at"] = keep_at
    if bottom is not None:
        settings["bottom"] = bottom
    if requires:
        settings["requires"] = list(requires)
    if exile is not None:
        settings["exile"] = exile
    for key in ("bottom", "exile"):  # names, in any case and with `-` for `_`, as options
        if isinstance(settings.get(key), str):
            settings[key] = settings[key].lower().replace("-", "_")
    if not settings:
        return None
    default = KeepRule.default()
    try:
        return KeepRule(
            settings.get("keep", default.ranges),
            keep_at=settings.get("keep_at", default.keep_at if "keep" not in settings else None),
            bottom=settings.get("bottom", "balance"),
            requires=settings.get("requires"),
            exile=settings.get("exile", "hand"),
        )
    except (ValueError, TypeError) as e:
        raise CliError(f"keep rule: {option_words(str(e))}") from None
