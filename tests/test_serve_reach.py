"""Issue 35: a server players reach from elsewhere. Links absolute under ``--public-url``;
forwarding headers believed from trusted proxies only (the per-client limits count the real
client behind one, never a header from anyone else), a malformed one a 400 naming it; what
start-up prints (an address per interface on 0.0.0.0, the loopback warning) and its one-line
errors; direct TLS with a certificate made here. (Behind Caddy: tests/test_serve_caddy.py.)"""

from __future__ import annotations

import json
import shutil
import sqlite3
import ssl
import subprocess
import sys
import time

import httpx
import pytest

pytest.importorskip("fastapi")
from fastapi import Request
from fastapi.testclient import TestClient

from mulligan.serve import create_app
from mulligan.serve.addresses import machine_addresses, print_reach, reach_lines
from mulligan.serve.limits import Limits
from mulligan.serve.links import Links

from .browser_util import browser, needs_chromium, wait_for
from .process_util import popen
from .serve_util import Server, auth, free_port, two_players

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def client_at(app, peer: str) -> TestClient:
    """A test client whose requests come from the address `peer` (no traffic: in process)."""
    return TestClient(app, client=(peer, 50000))


def test_links_are_absolute_under_the_public_url_and_relative_without(tmp_path):
    table = two_players()["players"]
    with TestClient(create_app(tmp_path / "a.sqlite3", public_url="https://Mtg.example/x/")) as c:
        game = c.post("/games", json=two_players(invites=True)).json()
        base = f"https://mtg.example/x/play/{game['game_id']}"
        assert game["host_url"].startswith(f"https://mtg.example/x/host/{game['game_id']}#token=")
        assert [s["play_url"] for s in game["seats"]] == [
            f"{base}/{i}#invite={s['invite']}" for i, s in enumerate(game["seats"])
        ]
        claimed = c.post(
            f"/games/{game['game_id']}/seats/1/claim", json={"invite": game["seats"][1]["invite"]}
        ).json()
        assert claimed["play_url"] == f"{base}/1#token={claimed['token']}"
        rounds = c.post("/rounds", json={"tables": [table]}).json()
        seat = rounds["tables"][0]["seats"][0]
        assert seat["play_url"].startswith("https://mtg.example/x/play/")
    with TestClient(create_app(tmp_path / "b.sqlite3")) as c:
        game = c.post("/games", json=two_players()).json()
        assert game["host_url"].startswith("/host/")
        assert game["seats"][0]["play_url"].startswith("/play/")


@pytest.mark.parametrize(
    ("url", "why"),
    [
        ("ftp://mtg.example", "https:// or http://"),
        ("mtg.example", "https:// or http://"),
        ("https://", "names no host"),
        ("https://mtg.example/a b", "cannot serve under the path"),
        ("https://mtg.example/../x", "cannot serve under the path"),
        ("https://mtg.example/x?y=1", "query or fragment"),
        ("https://user@mtg.example", "user name"),
        ("https://mtg.example:99999", "not a URL"),
    ],
)
def test_a_bad_public_url_is_refused_saying_why(url, why):
    with pytest.raises(ValueError, match="--public-url") as e:
        Links(url)
    assert why in str(e.value) and "\n" not in str(e.value)


def test_the_real_client_behind_a_trusted_proxy_is_counted_never_a_header_of_another(tmp_path):
    app = create_app(tmp_path / "db.sqlite3", limits=Limits(games_per_minute=2))
    body = two_players()

    def post(c, **headers):
        return c.post("/games", json=body, headers=headers).status_code

    with client_at(app, "127.0.0.1") as proxy:
        # Two games a minute per client: Ann's two through the proxy, then hers are refused;
        # Ben behind the same proxy has his own budget. The chain's left part is what the
        # client claims; only the right-most untrusted hop is believed.
        ann = {"X-Forwarded-For": "198.51.100.7"}
        assert [post(proxy, **ann) for _ in range(3)] == [201, 201, 429]
        spoofed = {"X-Forwarded-For": "203.0.113.99, 198.51.100.7"}
        assert post(proxy, **spoofed) == 429
        assert post(proxy, Forwarded='for="[2001:db8::5]:443";proto=https') == 201
        assert post(proxy, Forwarded="for=198.51.100.7;proto=https") == 429
        assert post(proxy, **{"X-Forwarded-For": "198.51.100.8"}) == 201
        # A proxy that sends X-Forwarded-For is read for it, whatever Forwarded the client
        # slipped through: 198.51.100.8 has one game left, then none.
        both = {"X-Forwarded-For": "198.51.100.8", "Forwarded": "for=192.0.2.77"}
        assert [post(proxy, **both) for _ in range(2)] == [201, 429]
    with client_at(app, "192.0.2.50") as stranger:
        # Not a trusted proxy: its headers are ignored, whatever they claim, so each new
        # X-Forwarded-For draws on the stranger's own budget.
        assert post(stranger, **{"X-Forwarded-For": "198.51.100.20"}) == 201
        assert post(stranger, **{"X-Forwarded-For": "198.51.100.21"}) == 201
        assert post(stranger, **{"X-Forwarded-For": "198.51.100.22"}) == 429
        # Nor is a malformed header of an untrusted peer read: the budget refuses it, not 400.
        assert post(stranger, **{"X-Forwarded-For": "not an address"}) == 429


def test_forwarded_scheme_and_host_from_a_trusted_proxy_and_malformed_headers(tmp_path):
    app = create_app(tmp_path / "db.sqlite3", trusted_proxies="10.0.0.0/8")
    seen = {}

    @app.get("/echo-for-test", include_in_schema=False)
    async def echo(request: Request) -> dict[str, str]:
        assert request.client is not None
        seen.update(url=str(request.url), client=request.client.host)
        return {}

    with client_at(app, "10.1.2.3") as proxy:
        proxy.get(
            "/echo-for-test",
            headers={
                "X-Forwarded-For": "192.0.2.9",
                "X-Forwarded-Proto": "https",
                "X-Forwarded-Host": "mtg.example",
            },
        )
        assert seen == {"url": "https://mtg.example/echo-for-test", "client": "192.0.2.9"}
        proxy.get(
            "/echo-for-test",
            headers={
                "Forwarded": 'For="[2001:db8:cafe::17]:4711";Proto=https;host="a.example:8443"'
            },
        )
        assert seen == {
            "url": "https://a.example:8443/echo-for-test",
            "client": "2001:db8:cafe::17",
        }
        for name, value in [
            ("X-Forwarded-For", "not-an-address"),
            ("X-Forwarded-For", "192.0.2.1, 300.1.1.1"),
            ("X-Forwarded-Proto", "gopher"),
            ("X-Forwarded-Host", "bad host/path"),
            ("X-Forwarded-Host", "mtg.example:99999"),
            ("Forwarded", "for=192.0.2.1;proto"),
            ("Forwarded", "for=2001:db8::1"),
            ("Forwarded", "for=192.0.2.1;for=192.0.2.2"),
            ("Forwarded", "for=192.0.2.1;proto=ftp"),
        ]:
            r = proxy.post("/games", json=two_players(), headers={name: value})
            assert r.status_code == 400, (name, value, r.text)
            error = r.json()["error"]
            assert error["code"] == "bad_request" and error["message"].startswith(name)
    with client_at(app, "127.0.0.1") as loopback:
        # --trusted-proxies replaces the default: loopback is no longer trusted.
        loopback.get("/echo-for-test", headers={"X-Forwarded-For": "192.0.2.9"})
        assert seen["client"] == "127.0.0.1"
    with pytest.raises(ValueError, match="--trusted-proxies: 'proxy.example'"):
        create_app(":memory:", trusted_proxies="127.0.0.1, proxy.example")


def test_startup_names_the_addresses_players_reach_and_warns_of_loopback_links():
    local = Links()
    landing, lines = reach_lines("127.0.0.1", 8000, "http", local)
    assert landing == "http://127.0.0.1:8000" and "only on this computer" in lines[-1]
    landing, lines = reach_lines("0.0.0.0", 8000, "http", local, ["192.0.2.2", "fd00::2"])
    assert landing == "http://192.0.2.2:8000"
    assert lines == [
        "players on other machines reach it at http://192.0.2.2:8000/",
        "players on other machines reach it at http://[fd00::2]:8000/",
    ]
    landing, lines = reach_lines("0.0.0.0", 8000, "http", local, [])
    assert landing == "http://127.0.0.1:8000" and "only on this computer" in lines[-1]
    landing, lines = reach_lines("127.0.0.1", 8000, "http", Links("https://mtg.example"))
    assert landing == "https://mtg.example" and not any("only on" in x for x in lines)
    landing, lines = reach_lines("0.0.0.0", 8000, "http", Links("http://localhost:8000"), [])
    assert "only on this computer" in lines[-1]


def _ip_addresses() -> list[str] | None:
    """This machine's global addresses as `ip -j addr` (iproute2) lists them, or None."""
    ip = shutil.which("ip")
    if ip is None:
        return None
    out = subprocess.run([ip, "-j", "addr"], capture_output=True, text=True)
    if out.returncode != 0:
        return None
    return [
        a["local"]
        for link in json.loads(out.stdout)
        for a in link.get("addr_info", [])
        if a.get("scope") == "global"
    ]


def test_bound_to_every_address_it_prints_a_url_for_each_of_the_machines(tmp_path):
    listed = _ip_addresses()
    if listed is None:
        pytest.skip("no `ip` command (iproute2) to list this machine's addresses with")
    assert sorted(machine_addresses()) == sorted(listed)
    # Bound to every address; the test's own traffic goes to loopback only.
    server = Server(str(tmp_path / "db.sqlite3"), None, "--host", "0.0.0.0").start()
    try:
        out = server.output()
        ipv4 = [a for a in listed if ":" not in a]
        for a in ipv4:
            assert f"players on other machines reach it at http://{a}:{server.port}/" in out
        if ipv4:
            assert f"open http://{ipv4[0]}:{server.port}/ in a browser" in out
            assert "only on this computer" not in out
    finally:
        server.stop()


def _serve(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mulligan", "serve", "--port", "0", *args],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_bad_startup_input_is_one_line_and_exit_status_1(tmp_path):
    db = str(tmp_path / "db.sqlite3")
    empty = tmp_path / "empty.pem"
    empty.write_text("")
    cases = [
        (["--public-url", "ftp://mtg.example"], "--public-url 'ftp://mtg.example': must start"),
        (["--public-url", "https://mtg.example/a%20b"], "cannot serve under the path"),
        (["--trusted-proxies", "everyone"], "--trusted-proxies: 'everyone' is not"),
        (["--ssl-certfile", str(tmp_path / "missing.pem")], "cannot read it: No such file"),
        (["--ssl-certfile", str(empty)], "the file is empty"),
        (["--ssl-keyfile", str(empty)], "--ssl-keyfile needs --ssl-certfile"),
    ]
    for args, text in cases:
        done = _serve("--db", db, *args)
        assert done.returncode == 1, (args, done.stderr)
        lines = done.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("mulligan: error: "), done.stderr
        assert text in lines[0]


def test_the_public_url_comes_from_the_environment_too(tmp_path, monkeypatch):
    monkeypatch.setenv("MULLIGAN_PUBLIC_URL", "https://mtg.example/")
    server = Server(str(tmp_path / "db.sqlite3"), None, "--workers", "2").start()
    try:
        game = httpx.post(server.url + "/games", json=two_players(), timeout=30).json()
        assert game["host_url"].startswith("https://mtg.example/host/")
        out = server.output()
        assert "links handed out start with https://mtg.example/" in out
        assert "open https://mtg.example/ in a browser" in out
    finally:
        server.stop()


def _certificate(tmp_path) -> tuple[str, str]:
    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.skip("no openssl command to make a test certificate with")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
         "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
         "-keyout", str(key), "-out", str(cert)],
        check=True,
        capture_output=True,
        timeout=60,
    )  # fmt: skip
    return str(cert), str(key)


def test_direct_tls_serves_a_game_over_https_with_a_certificate_made_here(tmp_path):
    cert, key = _certificate(tmp_path)
    port = free_port()
    https = f"https://127.0.0.1:{port}"
    server = Server(
        str(tmp_path / "db.sqlite3"), port, "--ssl-certfile", cert, "--ssl-keyfile", key
    )
    with open(server.stderr_path, "ab") as err:
        server.proc = popen(
            [sys.executable, "-m", "mulligan", "serve", "--port", str(port), "--db", server.db,
             *server.args],
            stdout=subprocess.DEVNULL,
            stderr=err,
        )  # fmt: skip
    try:
        trust = ssl.create_default_context(cafile=cert)
        with httpx.Client(base_url=https, verify=trust, timeout=30) as c:
            deadline = time.monotonic() + 60
            while True:
                try:
                    assert c.get("/healthz").status_code == 200
                    break
                except httpx.TransportError:
                    assert time.monotonic() < deadline and server.proc.poll() is None
                    time.sleep(0.1)
            game = c.post("/games", json=two_players()).json()
            view = c.get(f"/games/{game['game_id']}", headers=auth(game["host_token"]))
            assert view.status_code == 200 and view.json()["game_id"] == game["game_id"]
        assert f"listening on {https}" in server.output()
        # Plain HTTP to the TLS port gets no game; nor does a client that does not trust the
        # certificate.
        with pytest.raises(httpx.HTTPError):
            httpx.post(f"http://127.0.0.1:{port}/games", json=two_players(), timeout=5)
        with pytest.raises(httpx.ConnectError):
            httpx.get(https + "/healthz", timeout=5)
    finally:
        server.stop()


# The page's fetch, wrapped: the first POST's reply is lost after the server created the game
# (a dropped connection), and every POST's Idempotency-Key is recorded.
LOSE_FIRST_REPLY = """
const real = window.fetch;
window.keys = [];
let lose = true;
window.fetch = async (url, options) => {
  // Only the creation: the page reads the decks first (POST /decks/check), which keeps no key.
  const creation = String(url).replace(/[?#].*$/, "").endsWith("/games");
  if (!options || options.method !== "POST" || !creation) return real(url, options);
  window.keys.push(options.headers["Idempotency-Key"]);
  const reply = await real(url, options);
  if (lose) { lose = false; throw new TypeError("the connection was reset"); }
  return reply;
};
"""


@needs_chromium
def test_the_landing_page_resends_a_lost_create_with_its_key_and_makes_one_game(tmp_path):
    from selenium.webdriver.common.by import By

    db = tmp_path / "db.sqlite3"
    server = Server(str(db)).start()
    d = browser()
    try:
        d.get(server.url + "/")
        wait_for(lambda: len(d.find_elements(By.CSS_SELECTOR, "#variant option")) > 1, "form")
        d.execute_script(LOSE_FIRST_REPLY)
        d.find_element(By.ID, "submit").click()
        wait_for(lambda: "Create again" in d.find_element(By.ID, "error").text, "the lost reply")
        assert not d.find_elements(By.CSS_SELECTOR, "#links a.link")
        d.find_element(By.ID, "submit").click()
        links = wait_for(lambda: d.find_elements(By.CSS_SELECTOR, "#links a.link"), "the links")
        keys = d.execute_script("return window.keys")
        assert len(keys) == 2 and keys[0] == keys[1] and 16 <= len(keys[0]) <= 255
        with sqlite3.connect(db) as c:
            assert c.execute("SELECT id FROM games").fetchall() == [
                (links[0].get_attribute("href").split("/play/")[1].split("/")[0],)
            ]
        # On this computer's loopback address the links say they open nowhere else.
        assert "only on this computer" in d.find_element(By.ID, "reach").text
        # A new submission (after a game was made) is a new key, and a new game.
        d.find_element(By.ID, "submit").click()
        wait_for(lambda: len(d.execute_script("return window.keys")) == 3, "a third POST")
        keys = d.execute_script("return window.keys")
        assert keys[2] != keys[0]
        wait_for(
            lambda: sqlite3.connect(db).execute("SELECT count(*) FROM games").fetchone()[0] == 2,
            "the second game",
        )
    finally:
        d.quit()
        server.stop()


def test_the_startup_lines_fit_80_columns_when_piped(monkeypatch, capsys):
    # stderr is captured here (not a terminal): 80 columns unless COLUMNS says otherwise; the
    # loopback warning wraps, a URL stays whole.
    monkeypatch.delenv("COLUMNS", raising=False)
    print_reach(*reach_lines("127.0.0.1", 8000, "http", Links()))
    err = capsys.readouterr().err
    lines = err.splitlines()
    assert lines and all(len(line) <= 80 for line in lines), lines
    assert "only on this computer" in err and "(docs/DEPLOY.md)" in " ".join(err.split())
    assert "mulligan serve: open http://127.0.0.1:8000/ in a browser to create a game" in lines
    monkeypatch.setenv("COLUMNS", "300")
    print_reach(*reach_lines("127.0.0.1", 8000, "http", Links()))
    assert any(len(line) > 80 for line in capsys.readouterr().err.splitlines())
