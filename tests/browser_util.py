"""Helpers for the pages' tests in headless Chromium: a browser that keeps its console log, a
page of one seat whose clicks are counted by the server, and the game start clicked through."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from selenium import webdriver
from selenium.common.exceptions import (
    ElementClickInterceptedException,
    ElementNotInteractableException,
    NoAlertPresentException,
    NoSuchElementException,
    StaleElementReferenceException,
)
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from .serve_util import Server, auth

CHROMEDRIVER = shutil.which("chromedriver")
CHROMIUM = shutil.which("chromium")
# Set to a directory to keep the screenshots (to look at them).
SHOTS = Path(os.environ["MULLIGAN_SCREENSHOTS"]) if os.environ.get("MULLIGAN_SCREENSHOTS") else None

needs_chromium = pytest.mark.skipif(
    CHROMEDRIVER is None, reason="chromium-driver is not installed (scripts/system_deps.sh)"
)

# A click that lands while the page redraws: found again and retried.
RETRY = (
    StaleElementReferenceException,
    NoSuchElementException,
    ElementClickInterceptedException,
    ElementNotInteractableException,
)


def browser(width: int = 1280, height: int = 800) -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        f"--window-size={width},{height}",
    ):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    if CHROMIUM:
        options.binary_location = CHROMIUM
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)


def wait_for(check: Any, what: str, timeout: float = 60) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            found = check()
        except RETRY:
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
    except RETRY:
        return True


def status(d: webdriver.Chrome) -> str:
    return str(d.find_element(By.ID, "status").text)


def play_start(drivers: list[webdriver.Chrome], until: str = "the game is on") -> None:
    """Clicks every page's game-start decisions until each page says `until`."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            if [status(d) for d in drivers] == [until] * len(drivers):
                return
        except RETRY:
            pass
        if not any(start_clicks(d) for d in drivers):
            time.sleep(0.2)
        else:
            time.sleep(0.3)
    assert [status(d) for d in drivers] == [until] * len(drivers)


class SeatPage:
    """One seat's page; `act` clicks a button that sends one action and waits for the server
    to count it and the page to show the reply."""

    def __init__(self, d: webdriver.Chrome, server: Server, game_id: str, seat: int, token: str):
        self.d, self.server, self.game_id, self.seat, self.token = d, server, game_id, seat, token

    def view(self) -> dict[str, Any]:
        url = f"{self.server.url}/games/{self.game_id}/seats/{self.seat}"
        v: dict[str, Any] = httpx.get(url, headers=auth(self.token)).json()
        return v

    def click(self, selector: str, key: str | None = None) -> None:
        """Clicks `selector`, or presses `key` on it (the keyboard's way to a control)."""

        def press() -> bool:
            # Found and clicked in one go: the page may redraw between a find and a click.
            element = self.d.find_element(By.CSS_SELECTOR, selector)
            # In the middle of the window, as a player scrolls to it: not under the docked hand.
            self.d.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
            if key is None:
                element.click()
            else:
                element.send_keys(key)
            return True

        wait_for(press, selector)

    def act(self, selector: str, key: str | None = None, confirm: bool = False) -> dict[str, Any]:
        """Clicks `selector` (or presses `key` on it; `confirm`: then accepts the page's
        question) for one action; the seat's view once the server and page have it."""
        before = self.view()["next_action"]
        # Clicked only once the page shows the server's number: a click while it still shows
        # an older view sends that number, which the server refuses (409), and nothing is done.
        wait_for(
            lambda: self.d.execute_script(
                "return document.body.dataset.nextAction === arguments[0]", str(before)
            ),
            f"{selector}: the page in step with the server",
        )
        self.click(selector, key)
        if confirm:
            wait_for(self.question, f"{selector}: the question").accept()
        wait_for(lambda: self.view()["next_action"] == before + 1, f"{selector} on the server")
        wait_for(
            lambda: self.d.execute_script(
                "return document.body.dataset.nextAction === arguments[0]", str(before + 1)
            ),
            f"{selector} on the page",
        )
        return self.view()

    def question(self) -> Any:
        """The page's open question (a confirm()), or None."""
        try:
            return self.d.switch_to.alert
        except NoAlertPresentException:
            return None

    def choose(self, zone: str, card: int) -> None:
        """Clicks a card of this seat's `zone` (hand, battlefield, graveyard, exile)."""
        where = f'#seats [data-seat="{self.seat}"] [data-zone="{zone}"]'
        if zone == "hand":
            where = "#hand"
        self.click(f'{where} button.card[data-card="{card}"]')

    def move(self, zone: str, cards: list[int], to: str) -> dict[str, Any]:
        """Chooses `cards` of `zone` in order and clicks where they go."""
        for c in cards:
            self.choose(zone, c)
        return self.act(f'#{zone}-moves button[data-action="{to}"]')

    def set(self, selector: str, value: str) -> None:
        def fill() -> bool:
            box = self.d.find_element(By.CSS_SELECTOR, selector)
            if box.tag_name == "select":
                Select(box).select_by_value(value)
            else:
                box.clear()
                box.send_keys(value)
            return True

        wait_for(fill, selector)

    def text(self, selector: str = "body") -> str:
        """The text of `selector`, read again when the page redraws it under the read."""
        for _ in range(50):
            try:
                return str(self.d.find_element(By.CSS_SELECTOR, selector).text)
            except StaleElementReferenceException:
                time.sleep(0.05)
        return str(self.d.find_element(By.CSS_SELECTOR, selector).text)


def console(d: webdriver.Chrome) -> list[str]:
    """The browser console since the last call (CSP violations are reported there)."""
    return [str(e.get("message", "")) for e in d.get_log("browser")]
