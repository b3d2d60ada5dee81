"""The keep rule `mulligan simulate` runs: `--keep`/`--keep-at`/`--bottom`/`--exile`/
`--requires`/`--min-sources`/`--require-cards` and a `--rule` TOML file, made into the core's
`KeepRule` (a London bottom of 103.5, a partial Paris exile, card conditions)."""

from __future__ import annotations

import sys
from typing import Any

import click

from mulligan import KeepRule
from mulligan.cli.group import CliError, option_words

#: The `--bottom` and `--exile` names (`KeepRule`'s `bottom=` and `exile=`), any case, `-` for `_`.
BOTTOMS = ("balance", "lands_first", "spells_first")
EXILES = ("hand", "excess")
#: The colour letters `--min-sources` takes (the core's `min_sources`).
COLOURS = ("W", "U", "B", "R", "G", "C")
#: The core's other words for a bottom policy (`Bottom::parse`: `lands`, `spells`).
BOTTOM_ALIASES = {"lands": "lands_first", "spells": "spells_first"}


def parse_keep(spec: str, where: str = "--keep") -> dict[int, tuple[int, int]]:
    """`"7:2-5,6:2-4,5:1-4"` -> `{7: (2, 5), 6: (2, 4), 5: (1, 4)}`; a malformed part or a hand
    size listed twice is an error naming `where` (the option, or the rule file and key)."""
    ranges: dict[int, tuple[int, int]] = {}
    for part in spec.split(","):
        part = part.strip()
        if not part:
            continue
        try:
            size, lands = part.split(":")
            low, high = lands.split("-")
            key, value = int(size), (int(low), int(high))
        except ValueError:
            raise _bad(where, f'{part!r} is not SIZE:LOW-HIGH (e.g. "7:2-5,6:2-4,5:1-4")') from None
        if key in ranges:
            raise _bad(where, f"hand size {key} is listed twice; give one range for each size")
        ranges[key] = value
    return ranges


def _count_suffix(spec: str, where: str, example: str) -> tuple[str, int]:
    """`"ramp=2"` -> `("ramp", 2)`; `"ramp"` -> `("ramp", 1)` (at least one)."""
    head, sep, tail = spec.rpartition("=")
    if not sep:
        return spec.strip(), 1
    if not tail.strip().isdigit():
        raise _bad(where, f"{spec!r}: the count after '=' must be a whole number (e.g. {example})")
    return head.strip(), int(tail)


def parse_requires(specs: tuple[str, ...] | list[str], where: str = "--requires") -> dict[str, int]:
    """`("ramp", "removal=2")` -> `{"ramp": 1, "removal": 2}`: a tag, at least K cards with it."""
    out: dict[str, int] = {}
    for spec in specs:
        tag, count = _count_suffix(spec, where, '"removal=2"')
        if not tag:
            raise _bad(where, f"{spec!r} names no tag")
        out[tag] = count
    return out


def parse_min_sources(
    specs: tuple[str, ...] | list[str], where: str = "--min-sources"
) -> dict[str, int]:
    """`("U=2", "R=1,G=1")` -> `{"U": 2, "R": 1, "G": 1}`: at least K lands adding colour C."""
    out: dict[str, int] = {}
    for spec in specs:
        for part in spec.split(","):
            if not part.strip():
                continue
            colour, count = _count_suffix(part, where, '"U=2"')
            if colour.upper() not in COLOURS:
                raise _bad(where, f"{part.strip()!r}: the colour is one of W, U, B, R, G, C")
            out[colour.upper()] = count
    return out


def parse_require_cards(
    specs: tuple[str, ...] | list[str], where: str = "--require-cards"
) -> list[tuple[list[str], int]]:
    """`("Lightning Bolt,Chain Lightning=1",)` -> `[(["Lightning Bolt", "Chain Lightning"], 1)]`:
    at least K of the cards named (comma-separated)."""
    out = []
    for spec in specs:
        names, count = _count_suffix(spec, where, '"Lightning Bolt,Chain Lightning=1"')
        cards = [n.strip() for n in names.split(",") if n.strip()]
        if not cards:
            raise _bad(where, f"{spec!r} names no card")
        out.append((cards, count))
    return out


def _bad(where: str, message: str) -> click.ClickException:
    """An error about an option (`--keep`: a usage error) or a rule file's key (`FILE: key`)."""
    if where.startswith("--"):
        return click.BadParameter(message, param_hint=where)
    return CliError(f"{where}: {message}")


def _name(
    value: object, names: tuple[str, ...], where: str, aliases: dict[str, str] | None = None
) -> str:
    """A `bottom`/`exile` name of a rule file, in any case and with `-` for `_`."""
    shown = ", ".join(n.replace("_", "-") for n in names)
    folded = value.lower().replace("-", "_") if isinstance(value, str) else ""
    folded = (aliases or {}).get(folded, folded)
    if folded not in names:
        raise CliError(f"{where}: expected one of {shown}, got {value!r}")
    return folded


def load_rule_file(path: str) -> dict[str, Any]:
    """A `--rule` TOML file's settings, each checked: an error names the file and the key."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.9 and 3.10
        import tomli as tomllib
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except tomllib.TOMLDecodeError as e:
        raise CliError(f"{path}: not TOML: {e}") from None
    except UnicodeDecodeError as e:
        raise CliError(f"{path}: not TOML (not UTF-8 text: {e.reason})") from None
    known = {"keep", "keep_at", "bottom", "requires", "min_sources", "requires_cards", "exile"}
    unknown = set(data) - known
    if unknown:
        raise CliError(
            f"{path}: unknown key(s) {', '.join(sorted(unknown))} "
            f"(known: {', '.join(sorted(known))})"
        )
    keep = data.get("keep")
    if isinstance(keep, str):
        data["keep"] = parse_keep(keep, f"{path}: keep")
    elif isinstance(keep, dict):
        try:
            data["keep"] = {int(k): (int(v[0]), int(v[1])) for k, v in keep.items()}
        except (ValueError, TypeError, IndexError, KeyError):
            raise CliError(f"{path}: keep is a table of SIZE = [LOW, HIGH]") from None
    elif keep is not None:
        raise CliError(
            f'{path}: keep: expected "SIZE:LOW-HIGH,..." or a table of SIZE = [LOW, HIGH], '
            f"got {keep!r}"
        )
    keep_at = data.get("keep_at")
    if keep_at is not None and (
        not isinstance(keep_at, int) or isinstance(keep_at, bool) or keep_at < 0
    ):
        raise CliError(f"{path}: keep_at: expected a whole number of cards, got {keep_at!r}")
    if "bottom" in data:
        data["bottom"] = _name(data["bottom"], BOTTOMS, f"{path}: bottom", BOTTOM_ALIASES)
    if "exile" in data:
        data["exile"] = _name(data["exile"], EXILES, f"{path}: exile")
    requires = data.get("requires")
    if isinstance(requires, str):
        data["requires"] = {requires: 1}
    elif isinstance(requires, list) and all(isinstance(t, str) for t in requires):
        data["requires"] = parse_requires(requires, f"{path}: requires")
    elif isinstance(requires, dict) and all(_count(v) for v in requires.values()):
        data["requires"] = {str(t): int(v) for t, v in requires.items()}
    elif requires is not None:
        raise CliError(
            f'{path}: requires: expected a list of tags (["ramp"]) or a table of TAG = COUNT, '
            f"got {requires!r}"
        )
    sources = data.get("min_sources")
    if isinstance(sources, dict) and all(_count(v) for v in sources.values()):
        where = f"{path}: min_sources"
        data["min_sources"] = parse_min_sources([f"{c}={v}" for c, v in sources.items()], where)
    elif sources is not None:
        raise CliError(
            f"{path}: min_sources: expected a table of COLOUR = COUNT (U = 2), got {sources!r}"
        )
    cards = data.get("requires_cards")
    if cards is not None:
        data["requires_cards"] = _cards_table(cards, f"{path}: requires_cards")
    return data


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _cards_table(value: object, where: str) -> list[tuple[list[str], int]]:
    """A rule file's `requires_cards = [{cards = ["Lightning Bolt"], min = 1}, ...]`."""
    out = []
    for entry in value if isinstance(value, list) else [None]:
        if not isinstance(entry, dict) or set(entry) != {"cards", "min"}:
            entry = {}
        names, count = entry.get("cards"), entry.get("min")
        if not (
            _count(count)
            and isinstance(names, list)
            and names
            and all(isinstance(n, str) for n in names)
        ):
            raise CliError(
                f'{where}: expected a list of {{cards = ["NAME", ...], min = COUNT}}, got {value!r}'
            )
        out.append((list(names), int(count or 0)))
    return out


def make_rule(
    keep: str | None,
    keep_at: int | None,
    bottom: str | None,
    requires: tuple[str, ...],
    rule_file: str | None,
    exile: str | None = None,
    min_sources: tuple[str, ...] = (),
    require_cards: tuple[str, ...] = (),
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
        settings["requires"] = parse_requires(requires)
    if min_sources:
        settings["min_sources"] = parse_min_sources(min_sources)
    if require_cards:
        settings["requires_cards"] = parse_require_cards(require_cards)
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
            min_sources=settings.get("min_sources"),
            requires_cards=settings.get("requires_cards"),
            exile=settings.get("exile", "hand"),
        )
    except (ValueError, TypeError) as e:
        raise CliError(f"keep rule: {option_words(str(e))}") from None


def where_set(option: object, rule_file: str | None, key: str) -> str | None:
    """Where a setting of the keep rule came from: its option (`--keep`), the rule file's key
    (`rule.toml: keep`), or None (the default rule)."""
    if option is not None and option != ():
        return f"--{key.replace('_', '-')}"
    if rule_file is not None and key in load_rule_file(rule_file):
        return f"{rule_file}: {key}"
    return None
