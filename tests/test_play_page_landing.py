"""The landing page's form in headless Chromium (issue 37): an empty deck is refused before
anything is sent; names the server does not know are shown with its suggestions for a
confirmation before the game is created (through POST /decks/check, which creates nothing);
going back creates nothing, confirming creates the game; and the server's messages number
players from 1 as the form does ("Player 2", never the API's `players[1]`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By

from .browser_util import browser, needs_chromium, wait_for
from .serve_util import Server

pytestmark = needs_chromium


def fill(d: webdriver.Chrome, decks: list[str]) -> None:
    for box, text in zip(d.find_elements(By.CSS_SELECTOR, "#players .deck"), decks):
        box.clear()
        if text:
            box.send_keys(text)


def created(d: webdriver.Chrome) -> bool:
    return bool(d.find_element(By.ID, "result").is_displayed())


def test_the_form_refuses_an_empty_deck_and_confirms_unknown_names(tmp_path: Path) -> None:
    server = Server(str(tmp_path / "db.sqlite3")).start()
    d = browser()
    try:
        d.get(server.url + "/")
        wait_for(lambda: len(d.find_elements(By.CSS_SELECTOR, "#variant option")) > 1, "variants")
        error = lambda: d.find_element(By.ID, "error").text  # noqa: E731
        # An empty deck: refused by the page, nothing created.
        fill(d, ["60 Forest", ""])
        d.find_element(By.ID, "submit").click()
        wait_for(lambda: "Player 2" in error() and "no cards" in error(), "the refusal")
        assert not created(d) and not d.find_element(By.ID, "check").is_displayed()
        # A deck of section headers only has no cards either: the deck check says so.
        fill(d, ["60 Forest", "Sideboard\n15 Forest"])
        d.find_element(By.ID, "submit").click()
        wait_for(lambda: "Player 2" in error() and "no cards" in error(), "the checked refusal")
        assert not created(d)
        # A deck the server refuses: its message numbers the player from 1, as the form does.
        fill(d, ["60 Forest", "0 Forest"])
        d.find_element(By.ID, "submit").click()
        wait_for(lambda: "count must be at least 1" in error(), "the server's refusal")
        assert error().startswith("Player 2") and "players[" not in error()
        # A misspelt name: shown with the server's suggestion before anything is created.
        fill(d, ["60 Forest", "30 Forset\n30 Island"])
        d.find_element(By.ID, "submit").click()
        panel = lambda: d.find_element(By.ID, "check")  # noqa: E731
        check = wait_for(lambda: panel().is_displayed() and panel(), "the confirmation")
        assert "Forset" in check.text and '"Forest"' in check.text and "Player 2" in check.text
        assert not created(d) and error() == ""
        # Back to the form: nothing created, the deck to fix has the focus.
        d.find_element(By.ID, "check-back").click()
        assert not d.find_element(By.ID, "check").is_displayed() and not created(d)
        decks = d.find_elements(By.CSS_SELECTOR, "#players .deck")
        assert d.switch_to.active_element == decks[1]
        # Asked again, and confirmed: the game is created, its links listed.
        d.find_element(By.ID, "submit").click()
        wait_for(lambda: d.find_element(By.ID, "check").is_displayed(), "the confirmation again")
        d.find_element(By.ID, "check-create").click()
        wait_for(lambda: created(d), "the links")
        links = d.find_elements(By.CSS_SELECTOR, "#links a.link")
        assert len(links) == 3
        notes = " ".join(li.text for li in d.find_elements(By.CSS_SELECTOR, "#links li.note"))
        assert "players[" not in notes
    except WebDriverException as e:  # pragma: no cover - a broken browser install
        pytest.fail(f"headless Chromium failed: {e.msg}")
    finally:
        d.quit()
        server.stop()
