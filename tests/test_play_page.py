"""The reference page (`/play/{game_id}/{seat}`) in headless Chromium through a whole game:
the game start clicked in two browsers, then 20 library actions clicked on Ann's page (draw,
shuffle, mill, scry, search, play, discard), the host's end, and a screenshot in which the
hand and the table are visible. Players are named, events are sentences, and no `null` (nor
`undefined`, nor raw JSON) reaches the screen."""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

import mulligan as m

from .serve_util import DECK_A, DECK_B, Server, auth

CHROMEDRIVER = shutil.which("chromedriver")
CHROMIUM = shutil.which("chromium")
# Set to a directory to keep the screenshot (to look at it).
SHOTS = Path(os.environ["MULLIGAN_SCREENSHOTS"]) if os.environ.get("MULLIGAN_SCREENSHOTS") else None

pytestmark = pytest.mark.skipif(
    CHROMEDRIVER is None, reason="chromium-driver is not installed (scripts/system_deps.sh)"
)


def browser() -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--window-size=1280,1400",
    ):
        options.add_argument(flag)
    if CHROMIUM:
        options.binary_location = CHROMIUM
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)


def wait_for(check: Any, what: str, timeout: float = 60) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            found = check()
        except StaleElementReferenceException:
            found = None
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def start_clicks(d: webdriver.Chrome) -> bool:
    """Answers the page's pending decision of the game start; False if none."""
    try:
        buttons = d.find_elements(By.CSS_SELECTOR, "#pending button[data-action]")
        if not buttons:
            return False
        actions = {b.get_attribute("data-action"): b for b in buttons}
        if d.find_element(By.ID, "kind").text == "bottom":
            count = int(d.find_element(By.CSS_SELECTOR, "#pending p + p").text.split()[1])
            for box in d.find_elements(By.CSS_SELECTOR, "input[data-bottom]")[:count]:
                box.click()
            actions["bottom"].click()
            return True
        for preferred in ("keep", "choose_starting_player", "vancouver", "pass_actions"):
            if preferred in actions:
                actions[preferred].click()
                return True
        buttons[0].click()
        return True
    except StaleElementReferenceException:
        return True


def status(d: webdriver.Chrome) -> str:
    return str(d.find_element(By.ID, "status").text)


class Page:
    """Ann's page, each click one library action; waits for the server to count it."""

    def __init__(self, d: webdriver.Chrome, server: Server, game: dict[str, Any]) -> None:
        self.d, self.server, self.game = d, server, game
        self.actions = 0

    def view(self) -> dict[str, Any]:
        url = f"{self.server.url}/games/{self.game['game_id']}/seats/0"
        v: dict[str, Any] = httpx.get(url, headers=auth(self.game["seats"][0]["token"])).json()
        return v

    def click(self, selector: str, counts: bool = True) -> None:
        before = self.actions

        def press() -> bool:
            # Found and clicked in one go: the page may rebuild its buttons (a reply it polled)
            # between a find and a click, and a click on the old button is refused as stale
            # before it is sent, so it is found again (`wait_for` retries).
            self.d.find_element(By.CSS_SELECTOR, selector).click()
            return True

        wait_for(press, selector)
        if counts:
            self.actions += 1
            wait_for(lambda: self.view()["next_action"] == before + 2, f"action {before + 1}")
            # The page shows the reply (its buttons rebuilt from the new view).
            wait_for(
                lambda: self.d.execute_script("return view && view.next_action") == before + 2,
                "the page's view",
            )


def test_a_whole_game_of_20_actions_on_the_page_with_a_screenshot(tmp_path: Path) -> None:
    server = Server(str(tmp_path / "db.sqlite3")).start()
    drivers: list[webdriver.Chrome] = []
    try:
        players = [{"name": "Ann", "deck": DECK_A}, {"name": "Ben", "deck": DECK_B}]
        game = httpx.post(
            server.url + "/games", json={"players": players, "whole_game": True}
        ).json()
        for seat in (0, 1):
            d = browser()
            drivers.append(d)
            d.get(f"{server.url}/play/{game['game_id']}/{seat}#{game['seats'][seat]['token']}")
        ann = drivers[0]
        assert wait_for(lambda: ann.find_element(By.ID, "who").text == "Ann", "Ann's name")
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if [status(d) for d in drivers] == ["the game is on"] * 2:
                break
            if not any(start_clicks(d) for d in drivers):
                time.sleep(0.2)
            else:
                time.sleep(0.3)
        assert [status(d) for d in drivers] == ["the game is on"] * 2

        page = Page(ann, server, game)
        for _ in range(4):
            page.click("#controls button[data-action=draw]")
        page.click("#controls button[data-action=shuffle]")
        page.click("#controls button[data-action=mill]")
        page.click("#controls button[data-action=scry]")  # look at the top card
        page.click("#looking button[data-action=mark]", counts=False)  # to the bottom
        page.click("#looking button[data-action=arrange]")
        page.click("#controls button[data-action=search]")
        assert "Searching your library" in ann.find_element(By.ID, "looking-kind").text
        page.click("#looking button[data-action=take]")
        for _ in range(3):
            page.click("#hand button[data-action=play]")
        for _ in range(2):
            page.click("#hand button[data-action=discard]")
        while page.actions < 20:
            page.click("#controls button[data-action=shuffle]")
        v = page.view()
        assert v["next_action"] == 21
        me = v["seats"][0]
        assert len(me["battlefield"]) == 3 and len(me["graveyard"]) == 3  # 1 milled, 2 discarded

        # What the page shows is the server's view: the hand, Ann's zones, named players.
        shown = [c.text.split("\n")[0] for c in ann.find_elements(By.CSS_SELECTOR, "#hand .card")]
        shown = [s.replace("PlayDiscard", "").strip() for s in shown]
        assert sorted(shown) == sorted(c["name"] for c in v["hand"])
        table = ann.find_element(By.CSS_SELECTOR, '#seats [data-seat="0"]').text
        assert "Battlefield" in table and "Graveyard" in table and "You" in table
        assert "Ben" in ann.find_element(By.ID, "seats").text
        events = [e.text for e in ann.find_elements(By.CSS_SELECTOR, "#events li")]
        assert any(e.startswith("You draw") for e in events)
        assert any("Ben" in e for e in events)
        assert any(e.startswith("You shuffle your library") and "701.24a" in e for e in events)

        # Ben's page shows Ann's moves as counts and her public cards, never a card that is
        # only in her hand (nor Ann's page one of Ben's: his deck's names are his alone).
        ben_text = drivers[1].find_element(By.TAG_NAME, "body").text
        public = {c["name"] for zone in ("battlefield", "graveyard", "exile") for c in me[zone]}
        for name in {c["name"] for c in v["hand"]} - public:
            assert name not in ben_text, name
        assert "Secret Sphinx" not in ann.find_element(By.TAG_NAME, "body").text

        # The host ends the game; both pages say so, and the log verifies.
        host = auth(game["host_token"])
        ended = httpx.post(f"{server.url}/games/{game['game_id']}/end", headers=host)
        assert ended.status_code == 200
        wait_for(lambda: status(ann) == "the game is over", "the end on Ann's page")
        wait_for(lambda: status(drivers[1]) == "the game is over", "the end on Ben's page")
        log = httpx.get(f"{server.url}/games/{game['game_id']}/log", headers=host)
        records = [json.loads(line) for line in log.text.splitlines()]
        assert m.verify_log(records, commitment=game["commitment"])

        for d in drivers:
            body = d.find_element(By.TAG_NAME, "body").text
            for word in ("null", "undefined", "NaN", "[object Object]", '{"'):
                assert word not in body, (word, body)
            assert d.find_element(By.ID, "error").text == ""

        # The screenshot: the hand and the table are on screen, not empty.
        shot = tmp_path / "page.png"
        ann.execute_script("window.scrollTo(0, 0)")
        assert ann.save_screenshot(str(shot))
        if SHOTS is not None:
            SHOTS.mkdir(parents=True, exist_ok=True)
            shutil.copy(shot, SHOTS / "play_page.png")
        height = ann.execute_script("return window.innerHeight")
        for selector in ("#hand .card", '#seats [data-seat="0"]', '#seats [data-seat="1"]'):
            element = ann.find_element(By.CSS_SELECTOR, selector)
            assert element.is_displayed()
            box = element.rect
            assert box["width"] > 0 and box["height"] > 0 and box["y"] + box["height"] <= height
        from PIL import Image

        with Image.open(shot) as image:
            hand = ann.find_element(By.ID, "hand").rect
            ratio = image.width / ann.execute_script("return window.innerWidth")
            crop = image.convert("RGB").crop(
                (
                    int(hand["x"] * ratio),
                    int(hand["y"] * ratio),
                    int((hand["x"] + hand["width"]) * ratio),
                    int((hand["y"] + hand["height"]) * ratio),
                )
            )
            # The hand's cards are drawn: their background and text, not a blank strip.
            assert len(crop.getcolors(1 << 24) or []) > 20
    except WebDriverException as e:  # pragma: no cover - a broken browser install
        pytest.fail(f"headless Chromium failed: {e.msg}")
    finally:
        for d in drivers:
            d.quit()
        server.stop()
