"""The seat page (`/play/{game_id}/{seat}`) in headless Chromium: a whole game between two
browser windows. The game start is clicked on both pages; then every library action the page
offers is clicked on Ann's (draw, shuffle, mill, scry, surveil, reveal, search to the
battlefield and into the library at a position, moves between the hand and every public
zone and back, put on top and at the bottom, shuffle in from the hand and the graveyard), Ben
plays a card, the host ends the game and both pages show the seed, the log and its
verification. Each step is checked against the server's view; events are numbered without
gaps; screenshots at 1280x800 and on a narrow window show the hand and the table."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By

import mulligan as m

from .browser_util import SHOTS, SeatPage, browser, needs_chromium, play_start, wait_for
from .serve_util import DECK_A, DECK_B, Server, auth, play

pytestmark = needs_chromium

Json = dict[str, Any]


def ids(cards: list[Json]) -> list[int]:
    return [c["id"] for c in cards]


def mine(v: Json, zone: str) -> list[int]:
    return ids(v["seats"][v["seat"]][zone])


def shown_events(events: list[Json]) -> list[Json]:
    """The events the page lists: an action's own `act` record is left out when the events it
    caused follow it (tests the page's rule from the server's stream)."""
    out = []
    for i, e in enumerate(events):
        following = events[i + 1] if i + 1 < len(events) else None
        if e["type"] == "act" and following and following["type"] not in ("act", "end"):
            continue
        out.append(e)
    return out


def check_screen(d: webdriver.Chrome, path: Path, name: str) -> None:
    """A screenshot in which the hand and both seats are drawn on screen, not empty (scrolled
    to the hand: on a narrow window it is under the table)."""
    d.execute_script("document.getElementById('hand').scrollIntoView({block: 'end'})")
    assert d.save_screenshot(str(path))
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, SHOTS / name)
    width = d.execute_script("return document.documentElement.clientWidth")
    # Nothing wider than the window: no sideways scrolling.
    assert d.execute_script("return document.documentElement.scrollWidth") <= width
    # Each element found and measured in one script: the page redraws as events arrive, and an
    # element found by one WebDriver call can be gone (stale) by the next.
    selectors = ["#hand .card", '#seats [data-seat="0"]', "#controls button"]
    boxes = d.execute_script(
        "return arguments[0].map(s => { const e = document.querySelector(s);"
        " if (!e) return null; const r = e.getBoundingClientRect(), st = getComputedStyle(e);"
        " return {x: r.left + window.scrollX, width: r.width, height: r.height,"
        " shown: e.getClientRects().length > 0 && st.visibility !== 'hidden'}; });",
        selectors,
    )
    for selector, box in zip(selectors, boxes, strict=True):
        assert box is not None and box["shown"], (selector, box)
        assert box["width"] > 0 and box["height"] > 0 and box["x"] + box["width"] <= width, (
            selector,
            box,
        )
    from PIL import Image

    with Image.open(path) as image:
        # Where the hand is in the window (an element's rect is in the page's coordinates).
        hand = d.execute_script(
            "const r = document.getElementById('hand').getBoundingClientRect();"
            " return {x: r.left, y: r.top, width: r.width, height: r.height};"
        )
        ratio = image.width / d.execute_script("return window.innerWidth")
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


def test_a_whole_game_between_two_browsers(tmp_path: Path) -> None:
    server = Server(str(tmp_path / "db.sqlite3")).start()
    drivers: list[webdriver.Chrome] = []
    try:
        players = [{"name": "Ann", "deck": DECK_A}, {"name": "Ben", "deck": DECK_B}]
        game = httpx.post(
            server.url + "/games", json={"players": players, "whole_game": True}
        ).json()
        gid = game["game_id"]
        tokens = [s["token"] for s in game["seats"]]
        for seat in (0, 1):
            d = browser()
            drivers.append(d)
            d.get(f"{server.url}/play/{gid}/{seat}#token={tokens[seat]}")
        wait_for(lambda: drivers[0].find_element(By.ID, "who").text == "Ann", "Ann's name")
        play_start(drivers)
        ann = SeatPage(drivers[0], server, gid, 0, tokens[0])
        ben = SeatPage(drivers[1], server, gid, 1, tokens[1])

        # The library: draw 2, shuffle, mill 1.
        v0 = ann.view()
        ann.set("#count", "2")
        v = ann.act("#controls button[data-action=draw]")
        assert len(v["hand"]) == len(v0["hand"]) + 2
        v = ann.act("#controls button[data-action=shuffle]")
        assert v["events"][-1]["type"] == "shuffle"
        ann.set("#count", "1")
        v = ann.act("#controls button[data-action=mill]")
        assert len(mine(v, "graveyard")) == 1

        # Scry 2: the first to the bottom, the second stays on top, then drawn.
        ann.set("#count", "2")
        v = ann.act("#controls button[data-action=scry]")
        looked = ids(v["looking"][0]["cards"])
        assert "The top of your library" in ann.text("#looking-kind")
        ann.set(f'select[data-arrange="{looked[0]}"]', "bottom")
        v = ann.act("#looking button[data-action=arrange]")
        assert v["looking"] == []
        ann.set("#count", "1")
        v = ann.act("#controls button[data-action=draw]")
        assert looked[1] in ids(v["hand"])

        # Surveil 1 into the graveyard.
        v = ann.act("#controls button[data-action=scry]")
        surveilled = ids(v["looking"][0]["cards"])
        ann.set(f'select[data-arrange="{surveilled[0]}"]', "graveyard")
        v = ann.act("#looking button[data-action=arrange]")
        assert surveilled[0] in mine(v, "graveyard")

        # Reveal 1: Ben's page shows the card; it goes into Ann's hand.
        v = ann.act("#controls button[data-action=reveal]")
        revealed = v["looking"][0]["cards"][0]
        wait_for(lambda: revealed["name"] in ben.text("#looking"), "the reveal on Ben's page")
        assert "Ann reveals" in ben.text("#looking")
        ann.set(f'select[data-arrange="{revealed["id"]}"]', "hand")
        v = ann.act("#looking button[data-action=arrange]")
        assert revealed["id"] in ids(v["hand"])

        # Search: a Forest onto the battlefield (the rest shuffled).
        v = ann.act("#controls button[data-action=search]")
        assert "Searching your library" in ann.text("#looking-kind")
        forest = next(c["id"] for c in v["looking"][0]["cards"] if c["name"] == "Forest")
        ann.click(f'#search-cards button.card[data-card="{forest}"]')
        ann.set("#found-to", "battlefield")
        v = ann.act("#looking button[data-action=found]")
        assert forest in mine(v, "battlefield")

        # Search: a card into the library at position 0 (the top), then drawn.
        v = ann.act("#controls button[data-action=search]")
        card = v["looking"][0]["cards"][-1]
        wanted = card["id"]
        # The name filter shows only the cards of that name.
        ann.set("#search-filter", card["name"][:6])
        wait_for(
            lambda: (
                {
                    c.text
                    for c in drivers[0].find_elements(By.CSS_SELECTOR, "#search-cards .card")
                    if c.is_displayed()
                }
                == {
                    c["name"]
                    for c in v["looking"][0]["cards"]
                    if c["name"].startswith(card["name"][:6])
                }
            ),
            "the filtered search",
        )
        ann.click(f'#search-cards button.card[data-card="{wanted}"]')
        ann.set("#found-to", "library")
        ann.set("#found-position", "0")
        ann.act("#looking button[data-action=found]")
        v = ann.act("#controls button[data-action=draw]")
        assert wanted in ids(v["hand"])

        # Moves: hand to each public zone, and back to the hand.
        hand = ids(v["hand"])
        v = ann.move("hand", [hand[0]], "battlefield")
        assert hand[0] in mine(v, "battlefield")
        v = ann.move("hand", [hand[1]], "graveyard")
        assert hand[1] in mine(v, "graveyard")
        v = ann.move("hand", [hand[2]], "exile")
        assert hand[2] in mine(v, "exile")
        v = ann.move("battlefield", [hand[0]], "hand")
        assert hand[0] in ids(v["hand"])
        v = ann.move("graveyard", [hand[1]], "exile")
        assert hand[1] in mine(v, "exile")
        v = ann.move("exile", [hand[2], hand[1]], "battlefield")
        assert {hand[1], hand[2]} <= set(mine(v, "battlefield"))

        # Put two cards on top in the order chosen (the first on top), draw them back.
        two = ids(v["hand"])[:2]
        v = ann.move("hand", two, "top")
        assert not set(two) & set(ids(v["hand"]))
        ann.set("#count", "1")
        v = ann.act("#controls button[data-action=draw]")
        assert two[0] in ids(v["hand"]) and two[1] not in ids(v["hand"])
        v = ann.move("hand", [two[0]], "bottom")
        assert two[0] not in ids(v["hand"])

        # Shuffle in: a card from the hand, one from the graveyard, then the whole graveyard.
        size = v["seats"][0]["library_size"]
        v = ann.move("hand", [ids(v["hand"])[0]], "shuffle_in")
        assert v["seats"][0]["library_size"] == size + 1
        v = ann.act("#controls button[data-action=mill]")
        grave = mine(v, "graveyard")
        v = ann.move("graveyard", [grave[-1]], "shuffle_in")
        assert grave[-1] not in mine(v, "graveyard")
        v = ann.act("#controls button[data-action=mill]")
        assert mine(v, "graveyard")
        v = ann.act("#controls button[data-action=shuffle-graveyard]")
        assert mine(v, "graveyard") == []

        # Ben plays a card; Ann's page shows it on his battlefield.
        v = ben.act("#controls button[data-action=draw]")
        card = v["hand"][0]
        v = ben.move("hand", [card["id"]], "battlefield")
        assert card["id"] in mine(v, "battlefield")
        wait_for(
            lambda: card["name"] in ann.text('#seats [data-seat="1"] [data-zone="battlefield"]'),
            "Ben's card on Ann's page",
        )

        # Counters both players see: Ann loses 5 life and gets a poison counter, Ben loses 1.
        v = ann.act('#seats [data-seat="0"] [data-counter="life"] button[data-delta="-5"]')
        assert v["seats"][0]["counters"]["life"] == 15
        ann.set("#counter-name", "Poison")
        v = ann.act("#seats button[data-action=add-counter]")
        assert v["seats"][0]["counters"]["poison"] == 1
        v = ben.act('#seats [data-seat="1"] [data-counter="life"] button[data-delta="-1"]')
        assert v["seats"][1]["counters"]["life"] == 19
        box = '#seats [data-seat="{}"] [data-counter="{}"] .counter-value'
        for page in (ann, ben):
            wait_for(lambda p=page: p.text(box.format(0, "life")) == "15", "Ann's life")
            wait_for(lambda p=page: p.text(box.format(0, "poison")) == "1", "Ann's poison")
            wait_for(lambda p=page: p.text(box.format(1, "life")) == "19", "Ben's life")
        # Only one's own counters have buttons (a seat acts on its own seat only).
        assert not drivers[0].find_elements(By.CSS_SELECTOR, '#seats [data-seat="1"] button')
        wait_for(lambda: "Ann: life -5 (now 15)" in ben.text("#events"), "the change as an event")

        # What the page shows is the server's view: Ann's hand, her zones, named players; Ben's
        # page never a card only in Ann's hand (ids are per seat: Ann's zones on his page), nor
        # Ann's page one of Ben's (his deck's names are his alone).
        v = ann.view()
        shown = [c.text for c in drivers[0].find_elements(By.CSS_SELECTOR, "#hand .card")]
        assert sorted(shown) == sorted(c["name"] for c in v["hand"])
        on_bens = {
            int(str(c.get_attribute("data-card")))
            for c in drivers[1].find_elements(By.CSS_SELECTOR, '#seats [data-seat="0"] [data-card]')
        }
        assert on_bens & set(ids(v["hand"])) == set()
        assert "Secret Sphinx" not in ann.text("#hand")

        # Every card is drawn with Scryfall's image of its name (no network here: the name
        # shows as text instead, and is what the tests read).
        first = drivers[0].find_element(By.CSS_SELECTOR, "#hand .card")
        src = str(first.find_element(By.TAG_NAME, "img").get_dom_attribute("src"))
        name = quote(first.text, safe="-_.!~*'()")  # what encodeURIComponent leaves
        assert src == f"https://api.scryfall.com/cards/named?exact={name}&format=image"
        wait_for(
            lambda: (
                "noimg"
                in str(
                    drivers[0].find_element(By.CSS_SELECTOR, "#hand .card").get_attribute("class")
                )
            ),
            "the name shown when the image does not load",
        )

        check_screen(drivers[0], tmp_path / "wide.png", "play_page.png")
        drivers[0].set_window_size(500, 900)
        check_screen(drivers[0], tmp_path / "narrow.png", "play_page_narrow.png")

        # End is the host's alone: no player's page has it. The host's page shows the public
        # table (Ann's battlefield, the counters), never a card of a hand.
        for d in drivers:
            labels = [b.text for b in d.find_elements(By.TAG_NAME, "button")]
            assert not [t for t in labels if "End" in t], labels
        host = browser()
        drivers.append(host)
        host.get(f"{server.url}{game['host_url']}")
        v = ann.view()
        on_battlefield = {c["name"] for c in v["seats"][0]["battlefield"]}
        wait_for(
            lambda: (
                on_battlefield
                <= {
                    c.text
                    for c in host.find_elements(
                        By.CSS_SELECTOR, '#seats [data-seat="0"] [data-zone="battlefield"] .card'
                    )
                }
            ),
            "Ann's battlefield on the host's page",
        )
        life = '#seats [data-seat="0"] [data-counter="life"] .counter-value'
        assert host.find_element(By.CSS_SELECTOR, life).text == "15"
        on_hosts = {
            int(str(c.get_attribute("data-card")))
            for c in host.find_elements(By.CSS_SELECTOR, '#seats [data-seat="0"] [data-card]')
        }
        assert on_hosts & set(ids(v["hand"])) == set()
        # The host ends the game from its page; every page shows the seed and the verdict.
        wait_for(lambda: host.find_element(By.ID, "end").is_displayed(), "End on the host's page")
        host.find_element(By.ID, "end").click()
        host.switch_to.alert.accept()
        wait_for(lambda: "Seed" in host.find_element(By.ID, "ended").text, "the host's end")
        records = [
            json.loads(line)
            for line in httpx.get(
                f"{server.url}/games/{gid}/log", headers=auth(game["host_token"])
            ).text.splitlines()
        ]
        seed = next(r["seed"] for r in records if r.get("seed"))
        host_page = SeatPage(host, server, gid, 0, game["host_token"])
        for page in (ann, ben, host_page):
            over = "the game has ended" if page is host_page else "the game is over"
            wait_for(lambda p=page, o=over: p.text("#status") == o, "the end")
            wait_for(lambda p=page: p.text("#seed") == seed, "the seed " + page.text("#end"))
            wait_for(lambda p=page: "Verified" in p.text("#verdict"), "the verdict")
            assert page.text("#commitment") == game["commitment"]
            link = page.d.find_element(By.ID, "log-link")
            assert str(link.get_attribute("href")).startswith("blob:")
            assert link.get_attribute("download") == f"mulligan-{gid}.jsonl"
            # What the page offers: the log as the seat's token reads it once the game is over.
            text = httpx.get(f"{server.url}/games/{gid}/log", headers=auth(page.token)).text
            records = [json.loads(line) for line in text.splitlines()]
            assert m.verify_log(records, commitment=game["commitment"])

        # Events are numbered 1, 2, 3... on both pages alike: the same count, none hidden,
        # none numbered by hand; the count is the stream's without the actions' own records.
        stream = httpx.get(f"{server.url}/games/{gid}/events", headers=auth(tokens[0])).json()
        expected = len(shown_events(stream["events"]))
        for page in (ann, ben):
            items = page.d.find_elements(By.CSS_SELECTOR, "#events li")
            assert len(items) == expected
            assert not any(i.get_attribute("value") or i.get_attribute("hidden") for i in items)
            assert all(i.text for i in items)
        texts = [i.text for i in ann.d.find_elements(By.CSS_SELECTOR, "#events li")]
        assert any(t.startswith("You draw") for t in texts)
        assert any(t.startswith("You shuffle your library") and "701.24a" in t for t in texts)
        assert any("Ben" in t for t in texts)

        for d in drivers:
            body = d.find_element(By.TAG_NAME, "body").text
            for word in ("null", "undefined", "NaN", "[object Object]", '{"'):
                assert word not in body, (word, body)
            assert d.find_element(By.ID, "error").text == ""
    except WebDriverException as e:  # pragma: no cover - a broken browser install
        pytest.fail(f"headless Chromium failed: {e.msg}")
    finally:
        for d in drivers:
            d.quit()
        server.stop()


def test_joining_by_invite_and_a_second_open_refused_and_shown_to_both(tmp_path: Path) -> None:
    server = Server(str(tmp_path / "db.sqlite3")).start()
    drivers: list[webdriver.Chrome] = []
    try:
        players = [{"name": "Ann", "deck": DECK_A}, {"name": "Ben", "deck": DECK_B}]
        game = httpx.post(
            server.url + "/games", json={"players": players, "whole_game": True, "invites": True}
        ).json()
        gid = game["game_id"]
        links = [s["play_url"] for s in game["seats"]]
        assert all("#invite=" in link for link in links)
        assert all("token" not in s for s in game["seats"])
        for link in links:
            d = browser()
            drivers.append(d)
            d.get(server.url + link)

        # Each page claimed its seat: the token is kept in the browser, never in the URL (the
        # link still says #invite=, so sharing it later shares no seat), and the game plays.
        def kept(d: webdriver.Chrome, seat: int) -> str:
            key = f"mulligan:{gid}:{seat}"
            return str(d.execute_script("return localStorage.getItem(arguments[0]);", key) or "")

        for seat, d in enumerate(drivers):
            token = wait_for(lambda d=d, seat=seat: kept(d, seat), "the claimed token kept")
            assert "#invite=" in d.current_url and token not in d.current_url
            r = httpx.get(f"{server.url}/games/{gid}/seats/{seat}", headers=auth(token))
            assert r.status_code == 200
        play_start(drivers)
        # A reload keeps the seat, and so does opening the invite link again, in this tab or a
        # new one: the kept token is used, the invite not sent again.
        on = "the game is on"
        drivers[0].refresh()
        wait_for(lambda: drivers[0].find_element(By.ID, "status").text == on, "reload")
        drivers[0].switch_to.new_window("tab")
        drivers[0].get(server.url + links[0])
        wait_for(lambda: drivers[0].find_element(By.ID, "status").text == on, "again")
        assert "#invite=" in drivers[0].current_url and "token" not in drivers[0].current_url
        seat0 = httpx.get(
            f"{server.url}/games/{gid}/seats/0", headers=auth(kept(drivers[0], 0))
        ).json()
        assert not seat0.get("invite_reused")

        # Someone else opens Ann's invite: refused, and told so; Ann's page says so too.
        other = browser()
        drivers.append(other)
        other.get(server.url + links[0])
        banner = wait_for(
            lambda: other.find_element(By.ID, "banner").text, "the refusal on the second page"
        )
        assert "already been used" in banner
        assert other.find_element(By.ID, "status").text == "not joined"
        assert not other.find_elements(By.CSS_SELECTOR, "#hand .card")
        wait_for(
            lambda: "opened this seat's invite" in drivers[0].find_element(By.ID, "banner").text,
            "the warning on Ann's page",
        )
        assert drivers[1].find_element(By.ID, "banner").text == ""
    except WebDriverException as e:  # pragma: no cover - a broken browser install
        pytest.fail(f"headless Chromium failed: {e.msg}")
    finally:
        for d in drivers:
            d.quit()
        server.stop()


def test_a_commander_goes_from_the_command_zone_to_the_battlefield_and_back(
    tmp_path: Path,
) -> None:
    server = Server(str(tmp_path / "db.sqlite3")).start()
    d = browser()
    try:
        deck = "Commander\n1 Omnath, Locus of Mana\n\nDeck\n40 Forest\n59 Llanowar Elves\n"
        players = [{"name": "Ann", "deck": deck}, {"name": "Ben", "deck": deck}]
        with httpx.Client(base_url=server.url) as client:
            game = client.post(
                "/games", json={"players": players, "variant": "COMMANDER", "whole_game": True}
            ).json()
            play(client.request, game)
        gid, token = game["game_id"], game["seats"][0]["token"]
        d.get(f"{server.url}/play/{gid}/0#token={token}")
        ann = SeatPage(d, server, gid, 0, token)
        wait_for(lambda: ann.text("#status") == "the game is on", "the game")
        commander = ann.view()["seats"][0]["command"][0]
        assert commander["name"] in ann.text('#seats [data-seat="0"] [data-zone="command"]')
        v = ann.move("command", [commander["id"]], "battlefield")
        assert ids(v["seats"][0]["battlefield"]) == [commander["id"]]
        v = ann.move("battlefield", [commander["id"]], "command")
        assert ids(v["seats"][0]["command"]) == [commander["id"]]
    except WebDriverException as e:  # pragma: no cover - a broken browser install
        pytest.fail(f"headless Chromium failed: {e.msg}")
    finally:
        d.quit()
        server.stop()


def test_a_refused_stale_click_shows_the_conflict_and_the_page_resyncs(tmp_path: Path) -> None:
    server = Server(str(tmp_path / "db.sqlite3")).start()
    d = browser()
    try:
        with httpx.Client(base_url=server.url) as client:
            game = client.post(
                "/games",
                json={
                    "players": [{"name": "Ann", "deck": DECK_A}, {"name": "Ben", "deck": DECK_B}],
                    "whole_game": True,
                },
            ).json()
            play(client.request, game)
            gid, token = game["game_id"], game["seats"][0]["token"]
            d.get(f"{server.url}/play/{gid}/0#token={token}")
            ann = SeatPage(d, server, gid, 0, token)
            wait_for(lambda: ann.text("#status") == "the game is on", "the game")
            # The page stops hearing events (its stream is cut: it reconnects a second later)
            # while Ann's other window draws: the page still numbers its next action 1.
            d.execute_script("window.stop()")
            r = client.post(
                f"/games/{gid}/seats/0/actions",
                json={"n": 1, "action": "draw", "count": 1},
                headers=auth(token),
            )
            assert r.status_code == 200
            assert d.execute_script("return document.body.dataset.nextAction") == "1"
            ann.click("#controls button[data-action=shuffle]")
            # The server refuses the stale number (nothing applied); the page says why and
            # reads its view again, so the next click is numbered right and goes through.
            wait_for(
                lambda: (
                    "action 1 of seat 0" in ann.text("#error")
                    and "the next is 2" in ann.text("#error")
                ),
                "the conflict shown",
            )
            wait_for(
                lambda: d.execute_script("return document.body.dataset.nextAction") == "2",
                "the page resynced",
            )
            assert ann.view()["next_action"] == 2
            v = ann.act("#controls button[data-action=shuffle]")
            assert v["next_action"] == 3 and ann.text("#error") == ""
            # The cut stream was said apart from the errors, and is back.
            wait_for(lambda: ann.text("#connection") == "", "the stream back")
            # The host lets Ann search Ben's library: her page shows it as Ben's, without
            # buttons (the host puts the cards away), and no more once the host ends it.
            host = auth(game["host_token"])
            search = {"n": 1, "seat": 1, "looker": 0, "action": "search"}
            assert client.post(f"/games/{gid}/actions", json=search, headers=host).is_success
            wait_for(lambda: "of Ben's library" in ann.text("#looking"), "Ben's library shown")
            assert not d.find_elements(By.CSS_SELECTOR, "#looking button")
            found = {"n": 2, "seat": 1, "looker": 0, "action": "found", "cards": [], "to": "hand"}
            assert client.post(f"/games/{gid}/actions", json=found, headers=host).is_success
            wait_for(lambda: ann.text("#looking") == "", "the search over")
    except WebDriverException as e:  # pragma: no cover - a broken browser install
        pytest.fail(f"headless Chromium failed: {e.msg}")
    finally:
        d.quit()
        server.stop()


@needs_chromium
def test_the_end_verifies_the_log_against_the_commitment_kept_since_the_start(
    tmp_path: Path,
) -> None:
    """The page keeps the commitment of the first view it reads, before any shuffle, and
    verifies the log against that one: a log whose commitment differs from it (here the kept
    one is changed, as a server that swapped the seed and its commitment would look) fails."""
    server = Server(str(tmp_path / "db.sqlite3")).start()
    drivers: list[webdriver.Chrome] = []
    try:
        players = [{"name": "Ann", "deck": DECK_A}, {"name": "Ben", "deck": DECK_B}]
        game = httpx.post(server.url + "/games", json={"players": players}).json()
        gid, tokens = game["game_id"], [s["token"] for s in game["seats"]]
        view = httpx.get(f"{server.url}/games/{gid}/seats/0", headers=auth(tokens[0])).json()
        host = httpx.get(f"{server.url}/games/{gid}", headers=auth(game["host_token"])).json()
        assert view["commitment"] == host["commitment"] == game["commitment"]
        key = f"mulligan:{gid}:commitment"
        for seat in (0, 1):
            d = browser()
            drivers.append(d)
            d.get(f"{server.url}/play/{gid}/{seat}#token={tokens[seat]}")
            wait_for(
                lambda d=d: d.execute_script("return localStorage.getItem(arguments[0]);", key),
                "the kept commitment",
            )
        assert (
            drivers[0].execute_script("return localStorage.getItem(arguments[0]);", key)
            == (game["commitment"])
        )
        forged = "0" * 64
        drivers[1].execute_script("localStorage.setItem(arguments[0], arguments[1]);", key, forged)
        play(lambda method, path, **kw: httpx.request(method, server.url + path, **kw), game)
        pages = [SeatPage(d, server, gid, s, tokens[s]) for s, d in enumerate(drivers)]
        wait_for(lambda: "Verified" in pages[0].text("#verdict"), "Ann's verdict")
        assert pages[0].text("#commitment") == game["commitment"]
        wait_for(lambda: "NOT verified" in pages[1].text("#verdict"), "Ben's verdict")
        assert pages[1].text("#commitment") == forged
        assert "kept since the start" in pages[1].text("#end")
    except WebDriverException as e:  # pragma: no cover - a broken browser install
        pytest.fail(f"headless Chromium failed: {e.msg}")
    finally:
        for d in drivers:
            d.quit()
        server.stop()
