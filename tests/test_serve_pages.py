"""The service's HTML pages (issue 29): ``GET /`` the landing page, ``/host/{id}`` the host's
page, ``/play/{id}/{seat}`` a seat's page, each from the package with one Content-Security-
Policy; and, in headless Chromium against a live ``mulligan serve``, a game created from the
landing page's form (hostile player names shown as text, no script of theirs run), each seat's
link and the host's, and the host's page showing the public table and ending the game."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from mulligan.serve import create_app
from mulligan.serve.routes.page import HOST_PAGE, LANDING_PAGE, PAGE_POLICY, STATIC

from .browser_util import browser, needs_chromium, wait_for
from .serve_util import DECK_A, DECK_B, Server, auth, play

HOSTILE = ['<img src=x onerror="window.pwned=1">', "javascript:window.pwned=2"]


@pytest.fixture
def c(tmp_path: Path) -> Any:
    with TestClient(create_app(tmp_path / "db.sqlite3")) as client:
        yield client


def test_the_pages_are_html_from_the_package_with_one_content_security_policy(c):
    replies = {
        LANDING_PAGE: c.get("/"),
        HOST_PAGE: c.get(f"/host/{'0' * 32}"),
        STATIC / "landing.js": c.get("/static/landing.js"),
        STATIC / "host.js": c.get("/static/host.js"),
        STATIC / "landing.css": c.get("/static/landing.css"),
        STATIC / "host.css": c.get("/static/host.css"),
    }
    for path, r in replies.items():
        assert r.status_code == 200, path
        assert r.text == path.read_text(encoding="utf-8")
        assert r.headers["content-security-policy"] == PAGE_POLICY
        assert r.headers["x-content-type-options"] == "nosniff"
    assert replies[LANDING_PAGE].headers["content-type"].startswith("text/html")
    assert replies[STATIC / "host.js"].headers["content-type"].startswith("text/javascript")
    rules = dict(p.strip().split(" ", 1) for p in PAGE_POLICY.split(";"))
    assert rules["default-src"] == "'none'" and rules["connect-src"] == "'self'"
    # Scripts and styles of this server only: no inline script, so an injected <script> or
    # onerror= attribute cannot run; images from Scryfall as well.
    assert rules["script-src"] == "'self'" and rules["style-src"] == "'self'"
    assert set(rules["img-src"].split()) == {
        "'self'",
        "https://cards.scryfall.io",
        "https://api.scryfall.com",
    }
    for page in (LANDING_PAGE, HOST_PAGE):
        text = page.read_text()
        assert "<script>" not in text and "<style>" not in text
        assert not re.search(r"<[^>]*\son\w+=", text), "an inline event handler"
    # Nothing but a plain name of the static folder is served.
    for name in ("..%2Fplay.html", ".hidden.js", "nothing.js", "landing.html", "%2Fetc%2Fpasswd"):
        r = c.get(f"/static/{name}")
        assert r.status_code == 404, name


def test_the_landing_page_says_what_the_server_is_and_creates_with_invites(c):
    text = c.get("/").text
    assert "<form" in text and "Magic: The Gathering" in text
    script = c.get("/static/landing.js").text
    assert "invites: true" in script and "textContent" in script
    for name in ("landing.js", "host.js"):
        assert "innerHTML" not in (STATIC / name).read_text()


@needs_chromium
def test_a_game_from_the_landing_page_to_the_hosts_end_in_chromium(tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

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
        # Ben's "Secret Sphinx" is no card the server knows: the page asks first (issue 37).
        check = wait_for(lambda: d.find_element(By.ID, "check").is_displayed(), "the name check")
        assert check and "Secret Sphinx" in d.find_element(By.ID, "unknown").text
        d.find_element(By.ID, "check-create").click()
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
        # The end panel fills in once the log is read: the seed, then the verdict.
        wait_for(lambda: "Seed" in d.find_element(By.ID, "ended").text, "the seed")
        assert d.execute_script("return window.pwned === undefined")
        # The policy refused nothing of the pages' own (a refusal is a console error).
        logged = [e["message"] for e in d.get_log("browser")]
        assert not [m for m in logged if "Content Security Policy" in m], logged
        with httpx.Client(base_url=server.url) as client:
            ended = client.get(f"/games/{game_id}", headers=auth(host_token)).json()
            assert ended["ended"]
    finally:
        d.quit()
        server.stop()
