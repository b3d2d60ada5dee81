"""Issue 35: `mulligan serve` behind Caddy, live. docs/deploy/Caddyfile itself runs here (Debian's
``caddy``) with its public domain turned into a loopback site of ``tls internal`` (Caddy's own
CA, ``skip_install_trust``: nothing of this machine's trust store is touched), on ports chosen
free, with ``admin off`` as shipped. Checked through it: a whole game over HTTPS; server-sent
events passing one by one (each arrives before the next one happens); the pages in headless
Chromium over HTTPS, with Caddy's root certificate put in Chromium's NSS store (``certutil``,
libnss3-tools) under a temporary HOME."""

from __future__ import annotations

import json
import os
import queue
import re
import shutil
import ssl
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

import mulligan as m

from .browser_util import CHROMEDRIVER, CHROMIUM, needs_chromium, wait_for
from .process_util import popen
from .serve_util import Server, answer_for, auth, free_port, play, two_players

ROOT = Path(__file__).resolve().parents[1]
CADDYFILE = ROOT / "docs" / "deploy" / "Caddyfile"
CADDY = shutil.which("caddy")
CERTUTIL = shutil.which("certutil")

pytestmark = pytest.mark.skipif(
    CADDY is None, reason="caddy is not installed (scripts/system_deps.sh installs it)"
)
DOMAIN = "mulligan.example.org"


def loopback_caddyfile(https_port: int, http_port: int, upstream: int) -> str:
    """The shipped Caddyfile for loopback: the domain becomes 127.0.0.1 on a free port with
    ``tls internal``, the upstream the test's server, and Caddy's HTTP port a free one
    (``skip_install_trust``: Caddy's CA stays in its own data directory). Every other line is
    the shipped file's."""
    text = CADDYFILE.read_text()
    assert text.count(f"{DOMAIN} {{") == 1 and text.count("reverse_proxy 127.0.0.1:8000") == 1
    assert "\tadmin off\n" in text and "flush_interval -1" in text
    text = text.replace(f"{DOMAIN} {{", f"127.0.0.1:{https_port} {{\n\ttls internal")
    text = text.replace("reverse_proxy 127.0.0.1:8000", f"reverse_proxy 127.0.0.1:{upstream}")
    return text.replace(
        "\tadmin off\n",
        f"\tadmin off\n\tskip_install_trust\n\thttp_port {http_port}\n\thttps_port {https_port}\n",
    )


class Caddy:
    """Caddy running the loopback Caddyfile in front of `server`, its state in `home`."""

    def __init__(self, home: Path, server: Server, port: int) -> None:
        self.home = home
        self.port = port
        config = home / "Caddyfile"
        config.write_text(loopback_caddyfile(self.port, free_port(), server.port))
        self.env = {
            **os.environ,
            "HOME": str(home),
            "XDG_DATA_HOME": str(home / "data"),
            "XDG_CONFIG_HOME": str(home / "config"),
        }
        self.log = home / "caddy.log"
        with open(self.log, "wb") as log:
            self.proc = popen(
                [str(CADDY), "run", "--config", str(config), "--adapter", "caddyfile"],
                stdout=log,
                stderr=subprocess.STDOUT,
                env=self.env,
            )
        self.root = home / "data" / "caddy" / "pki" / "authorities" / "local" / "root.crt"
        self.url = f"https://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 60
        while True:
            assert self.proc.poll() is None, self.log.read_text()[-3000:]
            if self.root.exists():
                try:
                    if httpx.get(self.url + "/healthz", verify=self.trust()).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
            assert time.monotonic() < deadline, self.log.read_text()[-3000:]
            time.sleep(0.2)

    def trust(self) -> ssl.SSLContext:
        """A TLS context that trusts Caddy's local CA (and nothing else)."""
        return ssl.create_default_context(cafile=str(self.root))

    def client(self, **kw: Any) -> httpx.Client:
        return httpx.Client(base_url=self.url, verify=self.trust(), timeout=30, **kw)

    def stop(self) -> None:
        from .process_util import kill_group

        kill_group(self.proc.pid)
        self.proc.wait()


@pytest.fixture(scope="module")
def behind(tmp_path_factory):
    """`mulligan serve` on loopback and Caddy in front of it; the public URL is Caddy's."""
    home = tmp_path_factory.mktemp("caddy")
    port = free_port()
    # The server's public URL is Caddy's address, known before either starts.
    caddy_port = free_port()
    server = Server(
        str(home / "db.sqlite3"),
        port,
        "--public-url",
        f"https://127.0.0.1:{caddy_port}",
        "--workers",
        "2",
    ).start()
    caddy = None
    try:
        caddy = Caddy(home, server, caddy_port)
        yield server, caddy
    finally:
        if caddy is not None:
            caddy.stop()
        server.stop()


def test_the_shipped_caddyfile_is_what_runs(behind):
    server, caddy = behind
    text = (caddy.home / "Caddyfile").read_text()
    shipped = [line for line in CADDYFILE.read_text().splitlines() if DOMAIN not in line]
    ran = text.splitlines()
    assert all(line in ran for line in shipped if "127.0.0.1:8000" not in line)


def test_a_whole_game_over_https(behind):
    server, caddy = behind
    with caddy.client() as c:
        created = c.post(
            "/games",
            json=two_players(whole_game=True),
            headers={"Idempotency-Key": "caddy-whole-game-000001"},
        )
        assert created.status_code == 201, created.text
        game = created.json()
        # The links are under the public URL, the HTTPS address players reach.
        assert game["host_url"].startswith(f"{caddy.url}/host/{game['game_id']}#token=")
        assert game["seats"][0]["play_url"].startswith(f"{caddy.url}/play/")
        # A lost reply resent through the proxy: the first reply, one game.
        again = c.post(
            "/games",
            json=two_players(whole_game=True),
            headers={"Idempotency-Key": "caddy-whole-game-000001"},
        )
        assert again.content == created.content
        play(c.request, game)
        gid, seat0 = game["game_id"], game["seats"][0]["token"]
        view = c.get(f"/games/{gid}/seats/0", headers=auth(seat0)).json()
        assert view["done"]
        drawn = c.post(
            f"/games/{gid}/seats/0/actions",
            json={"n": view["next_action"], "action": "draw", "count": 1},
            headers=auth(seat0),
        )
        assert drawn.status_code == 200, drawn.text
        host = auth(game["host_token"])
        assert c.post(f"/games/{gid}/end", json={}, headers=host).status_code == 200
        log = c.get(f"/games/{gid}/log", headers=host)
        records = [json.loads(line) for line in log.text.splitlines()]
        assert m.verify_log(records, commitment=game["commitment"])
    assert '"POST /games HTTP/1.1" 201' in server.output()


def test_a_client_cannot_choose_the_address_it_is_counted_as(behind):
    """Through Caddy, the server counts the client Caddy saw (127.0.0.1 here), not an address
    the client wrote in X-Forwarded-For (Caddy replaces it) or Forwarded (the Caddyfile drops
    it). The access log names the client the server counted."""
    server, caddy = behind
    spoof = {"X-Forwarded-For": "203.0.113.9", "Forwarded": "for=203.0.113.9;proto=http"}
    with caddy.client() as c:
        assert c.get("/healthz?spoofed=1", headers=spoof).status_code == 200
        assert c.get("/healthz?plain=1").status_code == 200
    deadline = time.monotonic() + 10
    while "/healthz?plain=1" not in server.output() and time.monotonic() < deadline:
        time.sleep(0.1)
    lines = [line for line in server.output().splitlines() if "/healthz?" in line]
    spoofed = [line for line in lines if "spoofed=1" in line]
    assert spoofed and all(" 127.0.0.1:" in line for line in spoofed), lines
    assert "203.0.113.9" not in server.output()


def test_server_sent_events_pass_through_one_by_one(behind):
    """Each answer's event arrives through Caddy before the next answer is sent: the
    stream is not held back until it ends (it would end after 10 minutes)."""
    server, caddy = behind
    with caddy.client() as c:
        game = c.post("/games", json=two_players(starting_player=0)).json()
        gid = game["game_id"]
        tokens = [s["token"] for s in game["seats"]]
        before = c.get(f"/games/{gid}/events", headers=auth(game["host_token"])).json()["next"]
        lines: queue.Queue[str] = queue.Queue()

        def read() -> None:
            headers = {**auth(game["host_token"]), "Accept": "text/event-stream"}
            url = f"/games/{gid}/events?after={before}"
            try:
                with caddy.client() as sc, sc.stream("GET", url, headers=headers) as r:
                    lines.put("content-type: " + r.headers["content-type"])
                    for line in r.iter_lines():
                        lines.put(line)
            except httpx.HTTPError as e:  # the stream cut when Caddy stops after the tests
                lines.put(f"closed: {e}")

        threading.Thread(target=read, daemon=True).start()
        assert lines.get(timeout=15).startswith("content-type: text/event-stream")
        seen = before
        for _ in range(2):
            # One answer, then its event(s) must come through before anything else is sent.
            sent = False
            for seat in (0, 1):
                v = c.get(f"/games/{gid}/seats/{seat}", headers=auth(tokens[seat])).json()
                if v["pending"]:
                    body = answer_for(v["pending"][0])
                    r = c.post(
                        f"/games/{gid}/seats/{seat}/answer", json=body, headers=auth(tokens[seat])
                    )
                    assert r.status_code == 200
                    sent = True
                    break
            assert sent
            now = c.get(f"/games/{gid}/events", headers=auth(game["host_token"])).json()["next"]
            assert now > seen
            deadline = time.monotonic() + 15
            while seen < now:
                line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
                match = re.fullmatch(r"id: (\d+)", line)
                if match:
                    seen = int(match.group(1))
            assert seen == now


def _trusting_home(caddy: Caddy, home: Path) -> Path:
    """A HOME whose NSS store (what Chromium trusts on Linux) holds Caddy's root CA."""
    nssdb = home / ".pki" / "nssdb"
    nssdb.mkdir(parents=True)
    subprocess.run(
        [str(CERTUTIL), "-N", "-d", f"sql:{nssdb}", "--empty-password"], check=True, timeout=60
    )
    subprocess.run(
        [str(CERTUTIL), "-A", "-d", f"sql:{nssdb}", "-n", "caddy-local-test", "-t", "C,,",
         "-i", str(caddy.root)],
        check=True,
        timeout=60,
    )  # fmt: skip
    return home


@needs_chromium
@pytest.mark.skipif(
    CERTUTIL is None, reason="certutil is not installed (libnss3-tools; scripts/system_deps.sh)"
)
def test_the_pages_in_chromium_over_https(behind, tmp_path):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By

    server, caddy = behind
    home = _trusting_home(caddy, tmp_path / "home")
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        options.add_argument(flag)
    if CHROMIUM:
        options.binary_location = CHROMIUM
    service = Service(CHROMEDRIVER, env={**os.environ, "HOME": str(home)})
    d = webdriver.Chrome(service=service, options=options)
    try:
        d.get(caddy.url + "/")
        # A certificate Chromium did not trust would show its interstitial, not the form.
        wait_for(lambda: len(d.find_elements(By.CSS_SELECTOR, "#variant option")) > 1, "form")
        assert d.execute_script("return window.isSecureContext") is True
        d.find_element(By.ID, "submit").click()
        links = wait_for(lambda: d.find_elements(By.CSS_SELECTOR, "#links a.link"), "the links")
        hrefs = [a.get_attribute("href") for a in links]
        assert all(h.startswith(caddy.url + "/") for h in hrefs), hrefs
        # 127.0.0.1 is this computer only: the page says so next to the links.
        note = d.find_element(By.ID, "reach")
        assert note.is_displayed() and "only on this computer" in note.text
        # A player's link opens their seat over HTTPS: its page claims the seat and shows
        # the game start.
        d.get(hrefs[0])
        wait_for(
            lambda: (
                d.find_element(By.ID, "status").text in ("your decision", "waiting for the others")
            ),
            "the seat's page",
        )
        d.get(hrefs[-1])
        wait_for(lambda: d.find_element(By.ID, "status").text != "loading", "the host's page")
        assert not d.find_element(By.ID, "error").text
    finally:
        d.quit()
