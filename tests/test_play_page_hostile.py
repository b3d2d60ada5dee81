"""Hostile text on the seat page: players named with HTML that would run script
(`<img src=x onerror=...>`, `<script>`), cards named `javascript:...` and with quotes,
ampersands and question marks. A whole game's start and table are played in two Chromium
windows; the names show as the text they are, the image URLs are encoded, no script runs,
and the browser reports no Content-Security-Policy violation (nothing even tried). A control
at the end writes an inline handler into the page on purpose: the policy blocks it, and the
browser's report of it is seen (the check above can fail)."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

import httpx
import pytest
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By

from .browser_util import SeatPage, browser, console, needs_chromium, play_start, wait_for
from .serve_util import Server

pytestmark = needs_chromium

ANN = "<img src=x onerror=\"window.__pwned='ann'\">"
BEN = "javascript:alert(1)\"'><script>window.__pwned='ben'</script>"
LINK = "javascript:alert(document.domain)"
QUOTED = 'Ann\'s "Best" & Co?'
DECK = f"24 Forest\n18 {LINK}\n18 {QUOTED}\n"

NO_RUN = (
    "return [window.__pwned === undefined,"
    " document.querySelectorAll('img[src=\"x\"], script:not([src]), [onerror]').length]"
)


def csp_reports(lines: list[str]) -> list[str]:
    return [line for line in lines if "Content Security Policy" in line]


def test_hostile_names_stay_text_and_run_nothing(tmp_path: Path) -> None:
    server = Server(str(tmp_path / "db.sqlite3")).start()
    drivers: list[webdriver.Chrome] = []
    try:
        # The page and its scripts are served with the policy.
        for path in ("/play/x/0", "/static/play.js", "/static/table.js", "/static/page.css"):
            r = httpx.get(server.url + path)
            assert r.status_code == 200, path
            policy = r.headers["content-security-policy"]
            assert "script-src 'self'" in policy and "default-src 'none'" in policy
            assert "img-src 'self' https://api.scryfall.com https://cards.scryfall.io" in policy
        for path in ("/static/..%2Fplay.html", "/static/nope.js", "/static/page.py"):
            assert httpx.get(server.url + path).status_code == 404, path

        players = [{"name": ANN, "deck": DECK}, {"name": BEN, "deck": "60 Island\n"}]
        game = httpx.post(
            server.url + "/games", json={"players": players, "whole_game": True}
        ).json()
        gid = game["game_id"]
        tokens = [s["token"] for s in game["seats"]]
        for seat in (0, 1):
            d = browser()
            drivers.append(d)
            d.get(f"{server.url}/play/{gid}/{seat}#token={tokens[seat]}")
        wait_for(lambda: drivers[0].find_element(By.ID, "who").text == ANN, "Ann's name")
        play_start(drivers)
        ann = SeatPage(drivers[0], server, gid, 0, tokens[0])

        # Ann draws until she holds both hostile cards, and plays them.
        wanted: dict[str, int] = {}
        while len(wanted) < 2:
            v = ann.act("#controls button[data-action=draw]")
            wanted = {c["name"]: c["id"] for c in v["hand"] if c["name"] in (LINK, QUOTED)}
        v = ann.move("hand", list(wanted.values()), "battlefield")
        wait_for(
            lambda: (
                QUOTED in drivers[1].find_element(By.CSS_SELECTOR, '#seats [data-seat="0"]').text
            ),
            "Ann's cards on Ben's page",
        )

        for d, me in zip(drivers, (ANN, BEN)):
            assert d.execute_script(NO_RUN) == [True, 0]
            # The names are shown as the text they are.
            assert d.find_element(By.ID, "who").text == me
            table = d.find_element(By.ID, "seats").text
            assert LINK in table and QUOTED in table
            assert ANN in table and BEN in table
            events = d.find_element(By.ID, "events").text
            assert QUOTED in events
            # Each card's image URL carries its name encoded (encodeURIComponent's set).
            for name, card in wanted.items():
                img = d.find_element(
                    By.CSS_SELECTOR, f'#seats [data-seat="0"] .card[data-card="{card}"] img'
                )
                encoded = quote(name, safe="-_.!~*'()")
                assert img.get_dom_attribute("src") == (
                    f"https://api.scryfall.com/cards/named?exact={encoded}&format=image"
                )
            assert d.find_element(By.ID, "error").text == ""
            assert csp_reports(console(d)) == []

        # The control: an inline handler written into the page is refused by the policy and
        # reported; it does not run.
        d = drivers[1]
        d.execute_script(
            "document.body.insertAdjacentHTML('beforeend',"
            ' \'<img src="x" onerror="window.__pwned=1">\')'
        )
        reports = wait_for(lambda: csp_reports(console(d)), "the policy's report of the control")
        assert "inline event handler" in reports[0]
        assert d.execute_script("return window.__pwned === undefined")
    except WebDriverException as e:  # pragma: no cover - a broken browser install
        pytest.fail(f"headless Chromium failed: {e.msg}")
    finally:
        for d in drivers:
            d.quit()
        server.stop()
