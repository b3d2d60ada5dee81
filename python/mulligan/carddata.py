"""Card data: the local card table that tells which cards are lands (`mulligan cards import`).

A Scryfall bulk file (`oracle-cards`: a JSON array, or JSON Lines, either one gzipped) is read
once into a compact table (name -> per face: type line, mana cost, colours; produced mana) by
the Rust core (`CardTable.from_scryfall`) and saved as text. `Deck.parse` and `Deck.load` use
the default table when there is one:

- the path in the environment variable `MULLIGAN_CARD_DATA` (a saved table, or a Scryfall bulk
  file read each time the process starts; empty: no table);
- else `cards.tsv` in the user's cache directory: `$XDG_CACHE_HOME/mulligan` (default
  `~/.cache/mulligan`), `~/Library/Caches/mulligan` on macOS, `%LOCALAPPDATA%\\mulligan` on
  Windows.

Without a table, cards the engine does not know by name (basic lands, the cards with start-of-
game actions) and that the list does not mark (`[land]`, a category) count as nonlands, and
`Deck.parse` warns naming them.
"""

from __future__ import annotations

import gzip
import os
import sys
import tempfile
from pathlib import Path

from mulligan._core import CardTable, DeckError

__all__ = ["ENV", "CardTable", "cache_dir", "default_path", "default_table", "import_bulk", "load"]

ENV = "MULLIGAN_CARD_DATA"
TABLE_NAME = "cards.tsv"

_cache: dict[tuple[str, int, int], CardTable] = {}


def cache_dir() -> Path:
    """The user's cache directory for mulligan (not created here)."""
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
        return Path(base) / "mulligan"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "mulligan"
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "mulligan"


def default_path() -> Path | None:
    """Where the default table is looked for: `MULLIGAN_CARD_DATA`, else the cache directory;
    None when the variable is set but empty."""
    env = os.environ.get(ENV)
    if env is not None:
        return Path(env) if env.strip() else None
    return cache_dir() / TABLE_NAME


def _read_text(path: Path) -> str:
    data = path.read_bytes()
    if data[:2] == b"\x1f\x8b":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError) as e:
            raise DeckError(f"{path}: a damaged gzip file ({e})") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise DeckError(f"{path}: not UTF-8 text ({e})") from None


def _with_path(path: Path, e: DeckError) -> DeckError:
    return DeckError(f"{path}: {e}")


def load(path: str | os.PathLike[str]) -> CardTable:
    """A card table from a file: a saved table, or a Scryfall bulk file (JSON, gzipped or not)."""
    p = Path(path)
    text = _read_text(p)
    try:
        if text.lstrip("\ufeff \t\r\n")[:1] in ("[", "{"):
            return CardTable.from_scryfall(text)
        return CardTable.from_text(text)
    except DeckError as e:
        raise _with_path(p, e) from None


def default_table() -> CardTable | None:
    """The default card table (module docs), or None when there is none; read once per file
    version."""
    path = default_path()
    if path is None:
        return None
    try:
        st = path.stat()
    except OSError:
        if os.environ.get(ENV):
            raise DeckError(f"{path}: no such card data file (named by {ENV})") from None
        return None
    key = (str(path), st.st_mtime_ns, st.st_size)
    if key not in _cache:
        _cache.clear()
        _cache[key] = load(path)
    return _cache[key]


def import_bulk(
    source: str | os.PathLike[str], dest: str | os.PathLike[str] | None = None
) -> tuple[CardTable, Path]:
    """Builds the table from a Scryfall bulk file and saves it (by default where
    `default_path()` says, else the cache directory); returns the table and where it went."""
    src = Path(source)
    try:
        table = CardTable.from_scryfall(_read_text(src))
    except DeckError as e:
        raise _with_path(src, e) from None
    if dest is not None:
        target = Path(dest)
    else:
        named = default_path()
        bulk_name = named is not None and named.suffix.lower() in (".json", ".jsonl", ".gz")
        target = cache_dir() / TABLE_NAME if named is None or bulk_name else named
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".cards-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(table.to_text())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _cache.clear()
    return table, target
