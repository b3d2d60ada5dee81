"""`mulligan cards download` and `mulligan.carddata.download`, against a real HTTP server on
127.0.0.1 started by the test: a Scryfall-like bulk-data index and the small oracle-cards
fixture (plain, gzip-encoded in transit, or a gzipped JSON Lines file). Every failure is one
line naming the URL, exit status 1, and leaves the table already on disk byte for byte."""

from __future__ import annotations

import gzip
import json
import os
import socket
import stat
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

import mulligan as m

from .cli_util import run
from .process_util import spawned

TESTS = Path(__file__).parent
BULK = TESTS / "data" / "scryfall_oracle_cards_sample.json"
ARENA = TESTS / "decks" / "arena_export.txt"
SEED = "00" * 32
LANDS = "4 Sacred Foundry\n4 Arid Mesa\n2 Hengegate Pathway\n1 Dryad Arbor\n4 Lightning Bolt\n"


class Route:
    """What the server answers for one path: a status, headers and a body; `length` overrides
    the Content-Length header (a larger one, then a closed connection: a truncated
    download); `hang` answers nothing until the test ends."""

    def __init__(
        self,
        body: bytes,
        status: int = 200,
        headers: dict[str, str] | None = None,
        length: int | None = None,
        hang: bool = False,
    ) -> None:
        self.body, self.status, self.headers = body, status, headers or {}
        self.length, self.hang = length, hang


class Server:
    def __init__(self) -> None:
        self.routes: dict[str, Route] = {}
        self.requests: list[tuple[str, dict[str, str]]] = []
        self.release = threading.Event()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server's name)
                server.requests.append((self.path, dict(self.headers.items())))
                route = server.routes.get(self.path)
                if route is None:
                    route = Route(b'{"object":"error","status":404}', status=404)
                if route.hang:
                    server.release.wait(30)
                    return
                self.send_response(route.status)
                for k, v in route.headers.items():
                    self.send_header(k, v)
                length = len(route.body) if route.length is None else route.length
                self.send_header("Content-Length", str(length))
                self.end_headers()
                self.wfile.write(route.body)
                self.close_connection = True

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.index_url = f"{self.base}/bulk-data"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def serve_index(self, file_path: str = "/oracle-cards.json", kind: str = "oracle_cards"):
        index = {
            "object": "list",
            "has_more": False,
            "data": [
                {"object": "bulk_data", "type": "default_cards", "download_uri": "nope"},
                {
                    "object": "bulk_data",
                    "type": kind,
                    "download_uri": f"{self.base}{file_path}",
                    "content_type": "application/json",
                    "content_encoding": "gzip",
                },
            ],
        }
        self.routes["/bulk-data"] = Route(json.dumps(index).encode())

    def close(self) -> None:
        self.release.set()
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def server() -> Iterator[Server]:
    s = Server()
    yield s
    s.close()


@pytest.fixture
def table(tmp_path, monkeypatch):
    """The default card table's path (not yet there), and no index URL from the outside."""
    path = tmp_path / "cache" / "cards.tsv"
    monkeypatch.setenv("MULLIGAN_CARD_DATA", str(path))
    monkeypatch.delenv("MULLIGAN_SCRYFALL_API", raising=False)
    return path


def fixture_bytes() -> bytes:
    return BULK.read_bytes()


def jsonl_gz() -> bytes:
    records = json.loads(BULK.read_text(encoding="utf-8"))
    return gzip.compress("\n".join(json.dumps(r) for r in records).encode())


@pytest.mark.parametrize(
    "body,headers",
    [
        (fixture_bytes(), {"Content-Type": "application/json"}),
        (gzip.compress(fixture_bytes()), {"Content-Encoding": "gzip"}),
        (jsonl_gz(), {"Content-Type": "application/gzip"}),
    ],
    ids=["plain", "content-encoding-gzip", "gzipped-json-lines-file"],
)
def test_download_builds_the_table_and_decks_count_their_lands(
    capsys, server, table, body, headers
):
    server.serve_index()
    server.routes["/oracle-cards.json"] = Route(body, headers=headers)
    code, out, err = run(capsys, "cards", "download", "--api", server.index_url)
    assert (code, err) == (0, ""), err
    assert out.startswith("41 cards from Scryfall saved to ") and str(table) in out
    assert table.read_text(encoding="utf-8").startswith("mulligan-card-table 3\n")
    deck = m.Deck.parse(LANDS)
    assert [c.land for c in deck.cards] == [True] * 11 + [False] * 4
    assert deck.unknown == ()
    # The Arena export of the issue: its fetchlands and shocklands are lands now, silently.
    code, out, err = run(capsys, "simulate", str(ARENA), "-n", "2000", "--seed", SEED, "--json")
    assert (code, err) == (0, "")
    row = json.loads(out)["decks"][0]
    assert (row["lands"], row["unclassified"]) == (18, 0)
    # Scryfall asks for a User-Agent that names the application, and an Accept header.
    assert [p for p, _ in server.requests] == ["/bulk-data", "/oracle-cards.json"]
    for _, sent in server.requests:
        assert sent["User-Agent"].startswith(f"mulligan/{m.__version__} ")
        assert sent["Accept"]
    assert server.requests[1][1].get("Accept-Encoding") == "gzip"
    assert not list(table.parent.glob(".*")), "no temporary file is left behind"


def test_the_api_url_comes_from_the_environment_and_keep_file_keeps_the_json(
    capsys, server, table, tmp_path, monkeypatch
):
    server.serve_index()
    server.routes["/oracle-cards.json"] = Route(
        gzip.compress(fixture_bytes()), headers={"Content-Encoding": "gzip"}
    )
    monkeypatch.setenv("MULLIGAN_SCRYFALL_API", server.index_url)
    kept = tmp_path / "kept" / "oracle-cards.json"
    kept.parent.mkdir()
    code, out, err = run(capsys, "cards", "download", "--keep-file", str(kept))
    assert (code, err) == (0, ""), err
    assert kept.read_bytes() == fixture_bytes(), "kept as plain JSON, as served"
    assert f"kept at {kept}" in out
    # The kept file imports offline to the same table.
    again = tmp_path / "again.tsv"
    code, _, _ = run(capsys, "cards", "import", str(kept), "--to", str(again))
    assert code == 0 and again.read_text("utf-8") == table.read_text("utf-8")


def test_the_python_function_reports_progress_and_takes_a_destination(server, table, tmp_path):
    server.serve_index()
    body = fixture_bytes()
    server.routes["/oracle-cards.json"] = Route(body)
    seen: list[tuple[int, int | None]] = []
    dest = tmp_path / "elsewhere.tsv"
    cards, path = m.carddata.download(
        dest, api=server.index_url, progress=lambda d, t: seen.append((d, t))
    )
    assert (len(cards), path) == (41, dest) and dest.exists()
    assert not table.exists(), "an explicit destination leaves the default table alone"
    assert seen[0] == (0, len(body)) and seen[-1] == (len(body), len(body))
    foundry = cards.lookup("Sacred Foundry")
    assert foundry is not None and foundry["color_identity"] == "WR"


def refused_url() -> str:
    """A loopback URL nothing listens on (a port just bound and released)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"http://127.0.0.1:{port}/bulk-data"


PLAIN = fixture_bytes()
GZ = gzip.compress(PLAIN)
GZIP = {"Content-Encoding": "gzip"}
#: Each failure: the answer to put at a path (None: take the index away), extra arguments
#: ("{index}" is the test server's index URL) and a piece of its one-line message.
FAILURES: dict[str, tuple[dict[str, Route | None], list[str], str]] = {
    "index-404": ({"/bulk-data": None}, [], "/bulk-data: HTTP 404 Not Found"),
    "file-500": (
        {"/oracle-cards.json": Route(b"oops", 500)},
        [],
        "/oracle-cards.json: HTTP 500 Internal Server Error",
    ),
    "no-oracle-cards": ({}, [], "lists no oracle_cards file (it lists: default_cards, rulings)"),
    "index-not-json": ({"/bulk-data": Route(b"<html>")}, [], "not a Scryfall bulk-data index"),
    "truncated": (
        {"/oracle-cards.json": Route(PLAIN[:100], length=len(PLAIN))},
        [],
        f"stopped after 100 of {len(PLAIN):,} bytes",
    ),
    "truncated-gzip": (
        {"/oracle-cards.json": Route(GZ[: len(GZ) // 2], headers=GZIP)},
        [],
        "stopped before the end of its gzip data",
    ),
    "damaged-gzip": (
        {"/oracle-cards.json": Route(GZ[:20] + b"\xff" * 40 + GZ[60:], headers=GZIP)},
        [],
        "damaged gzip data",
    ),
    "not-a-bulk-file": (
        {"/oracle-cards.json": Route(b"<html>maintenance</html>")},
        [],
        "/oracle-cards.json: not a Scryfall bulk file",
    ),
    "refused": ({}, ["--api", "{refused}"], "connection refused"),
    "dns": ({}, ["--api", "http://cards.invalid/bulk-data"], "cannot resolve the host"),
    "timeout": (
        {"/oracle-cards.json": Route(b"", hang=True)},
        ["--timeout", "0.3"],
        "/oracle-cards.json: no answer within 0.3 s",
    ),
    "not-http": ({}, ["--api", "ftp://example.org/bulk"], "is not an http(s) URL"),
}


@pytest.mark.parametrize("case", list(FAILURES))
def test_each_failure_is_one_line_and_leaves_the_table(capsys, server, table, monkeypatch, case):
    m.carddata.import_bulk(BULK, table)
    before = table.read_bytes()
    server.serve_index(kind="rulings" if case == "no-oracle-cards" else "oracle_cards")
    server.routes["/oracle-cards.json"] = Route(PLAIN)
    routes, args, needle = FAILURES[case]
    for path, route in routes.items():
        if route is None:
            server.routes.pop(path)
        else:
            server.routes[path] = route
    args = [a.replace("{refused}", refused_url()) for a in args]
    if "--api" not in args:
        args = ["--api", server.index_url, *args]
    if case == "dns":

        def no_dns(*a: Any, **k: Any) -> Any:
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

        monkeypatch.setattr(socket, "getaddrinfo", no_dns)
    code, out, err = run(capsys, "cards", "download", *args)
    lines = [line for line in err.splitlines() if line.strip()]
    assert code == 1 and out == "", (out, err)
    assert len(lines) == 1 and "Traceback" not in err, err
    assert lines[0].startswith("mulligan: error: ") and needle in lines[0], lines[0]
    assert table.read_bytes() == before, "the table on disk is untouched"
    assert sorted(p.name for p in table.parent.iterdir()) == ["cards.tsv"], "nothing left over"


def test_an_older_table_gives_one_line_asking_to_rebuild_it(capsys, table):
    table.parent.mkdir(parents=True)
    table.write_text("mulligan-card-table 1\nForest\tnormal\tG\tForest\tBasic Land\t\t\n")
    code, _, err = run(capsys, "simulate", "-n", "100", "--seed", SEED)
    assert code == 1 and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert str(table) in err and "mulligan cards download" in err, err
    with pytest.raises(m.DeckError, match="rebuild it"):
        m.Deck.parse("4 Forest")


def test_without_card_data_simulate_says_how_many_cards_it_could_not_classify(capsys, monkeypatch):
    monkeypatch.setenv("MULLIGAN_CARD_DATA", "")
    code, out, err = run(capsys, "simulate", str(ARENA), "-n", "2000", "--seed", SEED)
    assert code == 0
    assert "mulligan cards download" in err and "Arid Mesa" in err
    assert "unclassified, counted as nonlands" in out
    assert "card(s) were not classified" in out and "mulligan cards download" in out
    code, out, _ = run(capsys, "simulate", str(ARENA), "-n", "2000", "--seed", SEED, "--json")
    row = json.loads(out)["decks"][0]
    assert row["lands"] + row["unclassified"] >= 18
    assert "Sacred Foundry" in row["unclassified_names"]


def test_cards_show_takes_an_unquoted_name(capsys, table, monkeypatch):
    # Each line whole (the wrapping to 80 columns is tests/test_output_width.py's).
    monkeypatch.setenv("COLUMNS", "400")
    m.carddata.import_bulk(BULK, table)
    code, out, _ = run(capsys, "cards", "show", "mistgate", "pathway")
    assert code == 0
    assert out.splitlines() == [
        "Hengegate Pathway // Mistgate Pathway (modal_dfc) land, mana value 0, colour identity WU, "
        "produces WU",
        "  Hengegate Pathway: Land, colourless",
        "  Mistgate Pathway: Land, colourless",
    ]
    code, out, _ = run(capsys, "cards", "show", "Command", "Tower")
    assert out.splitlines()[0] == (  # mana in WUBRG order, whatever order the table keeps
        "Command Tower (normal) land, mana value 0, colour identity colourless, produces WUBRG"
    )
    # Scryfall's WUBRG is what it could add: the next lines say what it adds (903.4).
    assert "any colour in its controller's commander's colour identity" in " ".join(out.split())
    code, out, _ = run(capsys, "cards", "show", "Fire")
    assert out.splitlines()[1:] == [
        # The faces list no colours: each face's own, from its mana cost (202.2).
        "  Fire: Instant, {1}{R}, colours R",
        "  Ice: Instant, {1}{U}, colours U",
    ]


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")
def test_the_table_and_kept_file_get_ordinary_permissions(server, table, tmp_path):
    server.serve_index()
    server.routes["/oracle-cards.json"] = Route(PLAIN)
    kept = tmp_path / "oracle-cards.json"
    old = os.umask(0o022)
    try:
        m.carddata.download(api=server.index_url, keep_file=kept)
    finally:
        os.umask(old)
    assert stat.S_IMODE(table.stat().st_mode) == 0o644
    assert stat.S_IMODE(kept.stat().st_mode) == 0o644


def test_on_a_terminal_a_progress_bar_shows_the_bytes(server, tmp_path):
    pexpect = pytest.importorskip("pexpect")
    server.serve_index()
    server.routes["/oracle-cards.json"] = Route(PLAIN)
    dest = tmp_path / "cards.tsv"
    with spawned(
        pexpect,
        sys.executable,
        ["-m", "mulligan", "cards", "download", "--api", server.index_url, "--to", str(dest)],
        env={**os.environ, "MULLIGAN_CARD_DATA": "", "COLUMNS": "120"},
        encoding="utf-8",
        timeout=60,
    ) as child:
        child.expect(r"downloading card data")
        child.expect(rf"{len(PLAIN) / 1000:.1f}/{len(PLAIN) / 1000:.1f} kB")
        child.expect(r"41 cards from Scryfall saved to")
        child.expect(pexpect.EOF)
        child.close()
    assert child.exitstatus == 0 and dest.exists()
