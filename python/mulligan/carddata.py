"""Card data: the card table that tells which cards are lands (`mulligan cards info`).

A card table maps each card name (and each face's) to its faces (type line, mana cost,
colours), layout, mana value, produced mana, whether it enters tapped and its colour identity.
`Deck.parse` and `Deck.load` use the default table, the first of:

1. the path in the environment variable `MULLIGAN_CARD_DATA` (a saved table, or a Scryfall bulk
   file read each time the process starts; set but empty: no table at all);
2. `cards.tsv` in the user's cache directory, written by `mulligan cards download` or
   `mulligan cards import`: `$XDG_CACHE_HOME/mulligan` (default `~/.cache/mulligan`),
   `~/Library/Caches/mulligan` on macOS, `%LOCALAPPDATA%\\mulligan` on Windows;
3. the table built into mulligan (`CardTable.embedded()`: NOTICE names its origin; `info()`
   says its date and what it lacks), so that a fresh install counts every land it knows.

A Scryfall bulk file (`oracle-cards`: a JSON array, or JSON Lines, either one gzipped) is read
by the Rust core from its bytes (`CardTable.from_scryfall`) and saved as text. `download()`
fetches the current file from Scryfall's bulk-data API and imports it; `import_bulk()` imports
a file already on disk (for a machine without network). A card newer than the table in use
counts as a nonland, and `Deck.parse` warns naming it (and `mulligan cards download`).
"""

from __future__ import annotations

import gzip
import http.client
import json
import os
import socket
import sys
import tempfile
import urllib.error
import urllib.parse
import urllib.request
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, BinaryIO, Optional

from mulligan._core import CardTable, DeckError, MulliganError, __version__

__all__ = [
    "API_ENV",
    "DEFAULT_API",
    "ENV",
    "CardTable",
    "DownloadError",
    "cache_dir",
    "default_path",
    "default_table",
    "download",
    "import_bulk",
    "info",
    "load",
    "table_in_use",
]

ENV = "MULLIGAN_CARD_DATA"
TABLE_NAME = "cards.tsv"

#: Scryfall's bulk-data index: a list of the daily files, each with its `download_uri`.
DEFAULT_API = "https://api.scryfall.com/bulk-data"
#: An environment variable naming another index URL (a mirror, or a test server).
API_ENV = "MULLIGAN_SCRYFALL_API"
#: The entry of the index `download()` fetches: one card object per Oracle ID.
BULK_TYPE = "oracle_cards"
#: Scryfall asks every client for an accurate User-Agent and an Accept header
#: (https://scryfall.com/docs/api, "Required Headers").
USER_AGENT = f"mulligan/{__version__} (card table for deck files; Python urllib)"
ACCEPT = "application/json;q=0.9,*/*;q=0.8"
#: Seconds to wait for a connection or for the next bytes of an answer.
DEFAULT_TIMEOUT = 30.0
_CHUNK = 1 << 16


class DownloadError(MulliganError, OSError):
    """`download()` could not fetch the card data: no network, a host that does not resolve,
    an HTTP error, an index without `oracle_cards`, a truncated or invalid file. The message
    names the URL; the table already on disk is left as it was."""


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


def _read_bytes(path: Path) -> bytes:
    """The file's bytes, gunzipped when it is gzip (the only copy of the data: the core reads
    a Scryfall file from these bytes in place)."""
    data = path.read_bytes()
    if data[:2] == b"\x1f\x8b":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError) as e:
            raise DeckError(f"{path}: a damaged gzip file ({e})") from None
    return data


def _text(path: Path, data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise DeckError(f"{path}: not UTF-8 text ({e})") from None


def _is_json(data: bytes) -> bool:
    return data.lstrip(b"\xef\xbb\xbf \t\r\n")[:1] in (b"[", b"{")


def _with_path(path: Path, e: DeckError) -> DeckError:
    return DeckError(f"{path}: {e}")


def load(path: str | os.PathLike[str]) -> CardTable:
    """A card table from a file: a saved table, or a Scryfall bulk file (JSON, gzipped or not)."""
    p = Path(path)
    data = _read_bytes(p)
    try:
        if _is_json(data):
            return CardTable.from_scryfall(data)
        return CardTable.from_text(_text(p, data))
    except DeckError as e:
        raise _with_path(p, e) from None


def table_in_use() -> tuple[str, Path | None]:
    """Which table `default_table()` gives (module docs): `("env", path)` for the file
    `MULLIGAN_CARD_DATA` names, `("none", None)` when it is set but empty, `("cache", path)`
    for a downloaded or imported table, `("embedded", None)` for the one built in."""
    env = os.environ.get(ENV)
    if env is not None:
        return ("env", Path(env)) if env.strip() else ("none", None)
    cached = cache_dir() / TABLE_NAME
    return ("cache", cached) if cached.is_file() else ("embedded", None)


def default_table() -> CardTable | None:
    """The default card table (module docs), or None when `MULLIGAN_CARD_DATA` is set but
    empty; a file is read once per version of it."""
    kind, path = table_in_use()
    if path is None:
        return CardTable.embedded() if kind == "embedded" else None
    try:
        st = path.stat()
    except OSError:
        if kind == "env":
            raise DeckError(f"{path}: no such card data file (named by {ENV})") from None
        return CardTable.embedded()
    key = (str(path), st.st_mtime_ns, st.st_size)
    if key not in _cache:
        _cache.clear()
        _cache[key] = load(path)
    return _cache[key]


def info() -> dict[str, Any]:
    """What `mulligan cards info` prints: which table is in use (`in_use`: env, cache,
    embedded or none), its `path`, `cards`, and what it says of itself (`source`, `date`,
    `newest_set`, `lacks`), with the precedence in `order`."""
    kind, path = table_in_use()
    table = default_table()
    meta: dict[str, str] = dict(table.meta()) if table is not None else {}
    return {
        "in_use": kind,
        "path": str(path) if path is not None else None,
        "cards": len(table) if table is not None else 0,
        "source": meta.get("source", "unknown (a table saved before format 3)"),
        "date": meta.get("date", "unknown"),
        "newest_set": meta.get("newest_set", "unknown"),
        "lacks": meta.get("lacks", ""),
        "order": [
            f"${ENV}",
            str(cache_dir() / TABLE_NAME),
            "the table built into mulligan",
        ],
    }


def _target(dest: str | os.PathLike[str] | None) -> Path:
    """Where a new table is saved: `dest`, else `default_path()` unless that names a bulk
    file, else the cache directory."""
    if dest is not None:
        return Path(dest)
    named = default_path()
    bulk_name = named is not None and named.suffix.lower() in (".json", ".jsonl", ".gz")
    return cache_dir() / TABLE_NAME if named is None or bulk_name else named


def _save(table: CardTable, target: Path) -> None:
    """Writes the table next to `target` and renames it into place: a reader sees the old
    table or the new one, never a part."""
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".cards-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(table.to_text())
        _readable(tmp)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _cache.clear()


def _readable(path: str | os.PathLike[str]) -> None:
    """Gives a file made by `mkstemp` (owner-only) the permissions an ordinary new file has
    (0o666 less the umask), so a table in a shared place is readable by its other users."""
    mask = os.umask(0)
    os.umask(mask)
    os.chmod(path, 0o666 & ~mask)


def import_bulk(
    source: str | os.PathLike[str], dest: str | os.PathLike[str] | None = None
) -> tuple[CardTable, Path]:
    """Builds the table from a Scryfall bulk file and saves it (by default where
    `default_path()` says, else the cache directory); returns the table and where it went.
    The previous table is replaced atomically, and only once the new one is built."""
    src = Path(source)
    try:
        table = CardTable.from_scryfall(_read_bytes(src))
    except DeckError as e:
        raise _with_path(src, e) from None
    target = _target(dest)
    _save(table, target)
    return table, target


#: `download()`'s progress callback: bytes received so far, and the total when the server
#: said it (`Content-Length`), else None.
Progress = Callable[[int, Optional[int]], None]


def _request(url: str, accept_gzip: bool) -> urllib.request.Request:
    headers = {"User-Agent": USER_AGENT, "Accept": ACCEPT}
    if accept_gzip:
        headers["Accept-Encoding"] = "gzip"
    return urllib.request.Request(url, headers=headers)


def _check_url(url: str, what: str) -> None:
    scheme = urllib.parse.urlsplit(url).scheme.lower()
    if scheme not in ("http", "https"):
        raise DownloadError(f"{what} {url!r} is not an http(s) URL")


def _open(url: str, timeout: float, accept_gzip: bool) -> http.client.HTTPResponse:
    """The answer to a GET of `url`, or a one-line `DownloadError` naming the URL."""
    try:
        response: http.client.HTTPResponse = urllib.request.urlopen(
            _request(url, accept_gzip), timeout=timeout
        )
        return response
    except urllib.error.HTTPError as e:
        e.close()
        raise DownloadError(f"{url}: HTTP {e.code} {e.reason}") from None
    except urllib.error.URLError as e:
        raise _network_error(url, e.reason, timeout) from None
    except (TimeoutError, socket.timeout) as e:
        raise _network_error(url, e, timeout) from None
    except (OSError, http.client.HTTPException, ValueError) as e:
        raise _network_error(url, e, timeout) from None


def _network_error(url: str, reason: object, timeout: float) -> DownloadError:
    host = urllib.parse.urlsplit(url).hostname or url
    if isinstance(reason, socket.gaierror):
        return DownloadError(f"{url}: cannot resolve the host {host} (no network, or a wrong URL?)")
    if isinstance(reason, (TimeoutError, socket.timeout)):
        return DownloadError(f"{url}: no answer within {timeout:g} s")
    if isinstance(reason, ConnectionRefusedError):
        return DownloadError(f"{url}: connection refused by {host}")
    text = getattr(reason, "strerror", None) or str(reason) or type(reason).__name__
    return DownloadError(f"{url}: cannot connect to {host} ({text})")


def _bulk_uri(index_url: str, timeout: float) -> str:
    """The `download_uri` of the `oracle_cards` entry of a bulk-data index."""
    with _open(index_url, timeout, accept_gzip=False) as response:
        try:
            raw = response.read()
        except http.client.IncompleteRead as e:
            raise DownloadError(_short(index_url, len(e.partial), None)) from None
        except (OSError, http.client.HTTPException) as e:
            raise _network_error(index_url, e, timeout) from None
    try:
        index: Any = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        message = f"{index_url}: not a Scryfall bulk-data index (not JSON: {e})"
        raise DownloadError(message) from None
    entries = index.get("data") if isinstance(index, dict) else None
    if not isinstance(entries, list):
        raise DownloadError(f'{index_url}: not a Scryfall bulk-data index (no "data" list)')
    for entry in entries:
        if isinstance(entry, dict) and entry.get("type") == BULK_TYPE:
            uri = entry.get("download_uri")
            if not isinstance(uri, str) or not uri:
                raise DownloadError(f"{index_url}: the {BULK_TYPE} entry has no download_uri")
            _check_url(uri, f"the {BULK_TYPE} download_uri")
            return uri
    types = [str(e.get("type")) for e in entries if isinstance(e, dict)]
    raise DownloadError(
        f"{index_url}: the bulk-data index lists no {BULK_TYPE} file "
        f"(it lists: {', '.join(types) or 'nothing'})"
    )


def _stream(uri: str, out: BinaryIO, timeout: float, progress: Progress | None) -> None:
    """Writes the file at `uri` to `out`, gunzipping a `Content-Encoding: gzip` answer as it
    arrives; a `DownloadError` when the answer stops short of its `Content-Length` or its
    gzip stream."""
    with _open(uri, timeout, accept_gzip=True) as response:
        length = response.headers.get("Content-Length")
        total = int(length) if length and length.isdigit() else None
        encoding = (response.headers.get("Content-Encoding") or "identity").strip().lower()
        if encoding not in ("identity", "gzip", "x-gzip"):
            raise DownloadError(f"{uri}: an answer in the unknown encoding {encoding!r}")
        gunzip = zlib.decompressobj(16 + zlib.MAX_WBITS) if encoding != "identity" else None
        done = 0
        if progress is not None:
            progress(0, total)
        while True:
            try:
                chunk = response.read(_CHUNK)
            except http.client.IncompleteRead as e:
                got = done + len(e.partial)
                raise DownloadError(_short(uri, got, total)) from None
            except (OSError, http.client.HTTPException) as e:
                raise _network_error(uri, e, timeout) from None
            if not chunk:
                break
            done += len(chunk)
            if gunzip is not None:
                try:
                    chunk = gunzip.decompress(chunk)
                except zlib.error as e:
                    raise DownloadError(f"{uri}: damaged gzip data ({e})") from None
            out.write(chunk)
            if progress is not None:
                progress(done, total)
        if total is not None and done < total:
            raise DownloadError(_short(uri, done, total))
        if gunzip is not None:
            if not gunzip.eof:
                raise DownloadError(f"{uri}: the download stopped before the end of its gzip data")
            out.write(gunzip.flush())


def _short(uri: str, got: int, total: int | None) -> str:
    of = f" of {total:,}" if total is not None else ""
    return f"{uri}: the download stopped after {got:,}{of} bytes (try again)"


def download(
    dest: str | os.PathLike[str] | None = None,
    *,
    api: str | None = None,
    keep_file: str | os.PathLike[str] | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    progress: Progress | None = None,
) -> tuple[CardTable, Path]:
    """Fetches Scryfall's current `oracle_cards` bulk file and imports it as `import_bulk`
    does; returns the table and where it was saved.

    `api`: the bulk-data index URL (default: `$MULLIGAN_SCRYFALL_API`, else `DEFAULT_API`);
    its entry of type `oracle_cards` names the file. `dest`: where the table goes (as for
    `import_bulk`). `keep_file`: also keep the downloaded bulk file there (plain JSON);
    otherwise it is deleted. `timeout`: seconds to wait for a connection or for more bytes.
    `progress(done, total)`: called as bytes arrive (`total` None when unknown).

    Every failure (no network, a host that does not resolve, an HTTP error, an index without
    `oracle_cards`, a truncated download, a file that is not a Scryfall bulk file) raises
    `DownloadError` naming the URL, and leaves the table on disk exactly as it was: the new
    one is built in memory and renamed into place only when complete.
    """
    index_url = api or os.environ.get(API_ENV) or DEFAULT_API
    _check_url(index_url, "the bulk-data index")
    uri = _bulk_uri(index_url, timeout)
    target = _target(dest)
    keep = Path(keep_file) if keep_file is not None else None
    folder = (keep or target).parent
    folder.mkdir(parents=True, exist_ok=True)
    fd, part = tempfile.mkstemp(dir=folder, prefix=".oracle-cards-", suffix=".part")
    bulk = Path(part)
    try:
        with os.fdopen(fd, "wb") as out:
            _stream(uri, out, timeout, progress)
        if keep is not None:
            _readable(part)
            os.replace(part, keep)
            bulk = keep
        try:
            table = CardTable.from_scryfall(_read_bytes(bulk))
        except DeckError as e:
            raise DownloadError(f"{uri}: not a Scryfall bulk file ({e})") from None
        _save(table, target)
        return table, target
    finally:
        if bulk != keep:
            bulk.unlink(missing_ok=True)
