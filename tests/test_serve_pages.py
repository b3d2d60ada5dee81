"""The service's HTML pages (issue 29): ``GET /`` the landing page, ``/host/{id}`` the host's
page, ``/play/{id}/{seat}`` a seat's page, each from the package with one Content-Security-
Policy; and, in headless Chromium against a live ``mulligan serve``, a game created from the
landing page's form (hostile player names shown as text, no script of theirs run), each seat's
link and the host's, and the host's page showing the public table and ending the game."""

from __future__ import annotations

import base64
import hashlib
import re
import shutil
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from mulligan.serve import create_app
from mulligan.serve.routes.page import PAGES

from .serve_util import DECK_A, DECK_B, Server, auth, play

HOSTILE = ['<img src=x onerror="window.pwned=1">', "javascript:window.pwned=2"]


@pytest.fixture
def c(tmp_path: Path) -> Any:
    with TestClient(create_app(tmp_path / "db.sqlite3")) as client:
        yield client


def test_every_page_is_html_from_the_package_with_one_content_security_policy(c):
    replies = {
        "landing": c.get("/"),
        "play": c.get(f"/play/{'0' * 32}/0"),
        "host": c.get(f"/host/{'0' * 32}"),
    }
    policies = set()
    for name, r in replies.items():
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
        assert r.text == PAGES[name].read_text(encoding="utf-8")
        policies.add(r.headers["content-security-policy"])
    [policy] = policies
    rules = dict(p.strip().split(" ", 1) for p in policy.split(";"))
    assert rules["default-src"] == "'none'" and rules["connect-src"] == "'self'"
    assert "https://cards.scryfall.io" in rules["img-src"].split()
    assert "https://api.scryfall.com" in rules["img-src"].split()
    # Scripts: each page's own inline script by its hash, nothing else (no 'unsafe-inline',
    # no other origin): an injected <script> or onerror= attribute cannot run.
    allowed = set(rules["script-src"].split())
    ours = set()
    for path in PAGES.values():
        for script in re.findall(r"<script>(.*?)</script>", path.read_text(), re.DOTALL):
            digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
            ours.add(f"'sha256-{digest}'")
    assert ours and allowed == ours
    assert "unsafe" not in rules["script-src"] and "http" not in rules["script-src"]


def test_the_landing_page_says_what_the_server_is_and_creates_with_invites(c):
    text = c.get("/").text
    assert "<form" in text and "Magic: The Gathering" in text and "invites: true" in text
    assert "innerHTML" not in text and "textContent" in text
    for name in ("landing", "host"):
        assert "innerHTML" not in PAGES[name].read_text()


CHROMEDRIVER = shutil.which("chromedriver")


@pytest.mark.skipif(CHROMEDRIVER is None, reason="chromium-driver is not installed")
def test_a_game_from_the_landing_page_to_the_hosts_end_in_chromium(tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    from .test_play_page import browser, wait_for

    server = Server(str(tmp_path / "db.sqlite3")).start()
    d = browser()
    try:
        assert f"open {server.url}/ in a browser" in server.output()
        d.get(server.url + "/")
        wait_for(lambda: len(d.find_elements(By.CSS_SELECTOR, "#variant option")) > 1, "variants")
        names = d.find_elements(By.CSS_SELECTOR, "#players .name")
        decks = d.find_elements(By.CSS_SELECTOR, "#players .deck")
        for box, text in zip(names, HOSTILE):
            box.clear()
            box.send_keys(text)
        for box, text in zip(decks, [DECK_A, DECK_B]):
            box.clear()
            box.send_keys(text)
        d.find_element(By.ID, "submit").click()
        links = wait_for(lambda: d.find_elements(By.CSS_SELECTOR, "#links a.link"), "the links")
        hrefs = [a.get_attribute("href") for a in links]
        assert len(hrefs) == 3, hrefs
        texts = [li.text for li in d.find_elements(By.CSS_SELECTOR, "#links li")]
        assert HOSTILE[0] in texts[0] and HOSTILE[1] in texts[1], texts
        assert d.execute_script("return window.pwned === undefined")
        assert not d.find_elements(By.CSS_SELECTOR, "#links img")
        game_id = hrefs[0].split("/play/")[1].split("/")[0]
        for seat, href in enumerate(hrefs[:2]):
            assert href.startswith(f"{server.url}/play/{game_id}/{seat}#invite=")
        assert hrefs[2].startswith(f"{server.url}/host/{game_id}#token=")
        # The players claim their seats (as their pages do) and play the start.
        tokens = []
        for seat, href in enumerate(hrefs[:2]):
            invite = href.split("#invite=")[1]
            r = httpx.post(
                f"{server.url}/games/{game_id}/seats/{seat}/claim", json={"invite": invite}
            )
            assert r.status_code == 200, r.text
            tokens.append(r.json()["token"])
        host_token = hrefs[2].split("#token=")[1]
        game = {"game_id": game_id, "seats": [{"token": t} for t in tokens]}
        with httpx.Client(base_url=server.url) as client:
            play(client.request, game)
            draw = {"n": 1, "action": "draw", "count": 1}
            r = client.post(f"/games/{game_id}/seats/0/actions", json=draw, headers=auth(tokens[0]))
            assert r.status_code == 200
        # The host's page: the public table (counts, counters), End, then the end.
        d.get(hrefs[2])
        wait_for(lambda: "library" in d.find_element(By.ID, "seats").text, "the table")
        table = d.find_element(By.ID, "seats").text
        assert "life 20" in table and HOSTILE[0] in table
        end = wait_for(
            lambda: d.find_element(By.ID, "end").is_displayed() and d.find_element(By.ID, "end"),
            "End",
        )
        end.click()
        d.switch_to.alert.accept()
        wait_for(lambda: "ended" in d.find_element(By.ID, "status").text, "the end")
        assert "Seed" in d.find_element(By.ID, "ended").text
        assert d.execute_script("return window.pwned === undefined")
        with httpx.Client(base_url=server.url) as client:
            ended = client.get(f"/games/{game_id}", headers=auth(host_token)).json()
            assert ended["ended"]
    finally:
        d.quit()
        server.stop()
