"""The table on the seat pages (issue 37) in headless Chromium: two windows, then four, each
play a whole Commander game with every control of the table, every click checked against the
server's view and the other windows: a land played and tapped with its Tap button (then by
the keyboard, Enter on the button), the turn passed round the table (the new active player's
permanents untap, 502.3), each commander cast from the command zone with its tax shown (903.8)
and cast again for {2} more, tokens made (111) and gone when they leave the battlefield
(111.7), counters put on a card, the "Cards" box back to 1 after a Draw of 3, a card shown
large on hover, commander damage taken (903.10a) until the 21-damage notice (704.6c), life
and poison to their notices (704.5a, 704.5c), and a concession (104.3a: the game ends with
two players; with four the others play on and the host ends it). The log verifies. The four
windows' game is photographed at 1280 px and 420 px wide (test-artifacts/, or
MULLIGAN_SCREENSHOTS)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import mulligan as m

from .browser_util import SHOTS, SeatPage, browser, needs_chromium, play_start, wait_for
from .serve_util import Server, auth

pytestmark = needs_chromium

Json = dict[str, Any]
COMMANDER = "Omnath, Locus of Mana"
DECK = f"Commander\n1 {COMMANDER}\n\nDeck\n40 Forest\n59 Llanowar Elves\n"
NAMES = ["Ann", "Ben", "Cat", "Dan"]
# The command zone's bar: a commander onto the battlefield is a cast (903.8).
CAST = '#command-moves button[data-action="battlefield"]'
# A control offering the log.
DOWNLOAD = " | ".join(f"//{tag}[normalize-space()='Download the log']" for tag in ("a", "button"))
# Where the screenshots go: MULLIGAN_SCREENSHOTS, else test-artifacts/ at the repository's root.
ARTIFACTS = SHOTS or Path(__file__).resolve().parent.parent / "test-artifacts"


def seat_of(v: Json, seat: int) -> Json:
    return next(s for s in v["seats"] if s["seat"] == seat)


def card_on(v: Json, seat: int, card: int) -> Json | None:
    return next((c for c in seat_of(v, seat)["battlefield"] if c["id"] == card), None)


def on_field(v: Json, seat: int, card: int) -> Json:
    """The battlefield entry of `card` (it must be there)."""
    found = card_on(v, seat, card)
    assert found is not None, (card, seat_of(v, seat)["battlefield"])
    return found


def box(seat: int) -> str:
    return f'#seats [data-seat="{seat}"]'


def shown(page: SeatPage, selector: str) -> bool:
    return bool(page.d.find_elements(By.CSS_SELECTOR, selector))


def everywhere(pages: list[SeatPage], selector: str, what: str) -> None:
    """Waits for `selector` on every page (each window draws what the server sent it)."""
    for p in pages:
        wait_for(lambda p=p: shown(p, selector), f"{what} on {p.seat}'s page")


def notice(pages: list[SeatPage], seat: int, rule: str) -> None:
    everywhere(pages, f'{box(seat)} .notice[data-rule="{rule}"]', f"the {rule} notice")


def screenshot(d: webdriver.Chrome, width: int, name: str) -> Path:
    """Saves the whole page laid out `width` px wide as test-artifacts/`name` (printed: the
    window is made as tall as the page) and checks nothing sticks out at the side."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / name
    metrics = {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 800}
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    tall = d.execute_script("return document.documentElement.scrollHeight")
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {**metrics, "height": min(tall, 6000)})
    d.execute_script("window.scrollTo(0, 0); document.activeElement.blur()")
    # The cards' images, now all in view, tried (offline here: each card shows its name).
    try:
        wait_for(
            lambda: d.execute_script("return [...document.images].every(i => i.complete)"),
            "the images",
            timeout=15,
        )
    except AssertionError:
        pass
    # The large image follows the pointer (left on a card by the last click): not in the way.
    d.execute_script("document.getElementById('preview').hidden = true")
    assert d.save_screenshot(str(path))
    print(f"screenshot: {path}")
    width = d.execute_script("return document.documentElement.clientWidth")
    assert d.execute_script("return document.documentElement.scrollWidth") <= width
    # Every visible control within the window's width (read in one go: the page redraws).
    outside = d.execute_script(
        "return [...document.querySelectorAll('button, input, select')].filter(e => {"
        " const r = e.getBoundingClientRect();"
        " return r.width > 0 && (r.left < 0 || r.right > arguments[0] + 1); })"
        ".map(e => e.outerHTML.slice(0, 120));",
        width,
    )
    assert outside == []
    d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    return path


def labelled(page: SeatPage) -> None:
    """Every counter button says what it changes: its text the change, its label and title
    the counter (an empty label is what the issue found on the three "-1" buttons)."""
    # Read in one go: the page redraws as events come.
    buttons = page.d.execute_script(
        "return [...document.querySelectorAll('button[data-delta]')].map(b =>"
        " [b.textContent, b.getAttribute('aria-label') || '', b.title]);"
    )
    assert len(buttons) >= 8
    for text, label, title in buttons:
        assert text in ("-5", "-1", "+1", "+5") and label.endswith(text), label
        assert len(label) > len(text) + 3 and title == label


def keyboard(page: SeatPage) -> None:
    """Every control is reached by Tab alone: the table's buttons, the fields, the cards (a
    card with the focus is shown large, as under the pointer)."""
    d = page.d
    d.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
    wanted = {"pass_turn", "concede", "tap", "counter", "commander_damage", "create_token", "draw"}
    reached: set[str] = set()
    previewed = False
    for _ in range(400):
        ActionChains(d).send_keys(Keys.TAB).perform()
        action, card = d.execute_script(
            "const a = document.activeElement;"
            " return [a.dataset.action || a.id || a.tagName, a.classList.contains('card')];"
        )
        reached.add(str(action))
        if card and not previewed:
            previewed = d.find_element(By.ID, "preview").is_displayed()
        if wanted <= reached and previewed:
            break
    assert wanted <= reached, wanted - reached
    assert previewed, "a card with the focus shown large"
    assert not d.find_elements(By.CSS_SELECTOR, "[tabindex='-1'], [disabled]")


def first_turns(pages: list[SeatPage], order: list[int]) -> dict[int, Json]:
    """Round 1: each player in turn plays a Forest, taps it, casts the commander for {0} and
    passes. Returns each seat's ids: forest, commander."""
    n = len(pages)
    kept: dict[int, Json] = {}
    for i, seat in enumerate(order):
        p = pages[seat]
        v = p.view()
        assert v["turn"] == {"number": i + 1, "seat": seat}
        wait_for(lambda p=p: shown(p, "#turn button[data-action=pass_turn]"), "Pass turn")
        others = [q for q in pages if q is not p]
        assert not any(shown(q, "#turn button[data-action=pass_turn]") for q in others)
        while not any(c["name"] == "Forest" for c in v["hand"]):
            v = p.act("#controls button[data-action=draw]")
        forest = next(c["id"] for c in v["hand"] if c["name"] == "Forest")
        v = p.move("hand", [forest], "battlefield")
        played = card_on(v, seat, forest)
        assert played is not None and not played.get("tapped")
        v = p.act(f'{box(seat)} [data-permanent="{forest}"] button[data-action=tap]')
        assert on_field(v, seat, forest)["tapped"] is True
        everywhere(pages, f'{box(seat)} .permanent.tapped[data-permanent="{forest}"]', "tapped")
        command = seat_of(v, seat)["commanders"]
        assert [(c["name"], c["casts"], c["tax"]) for c in command] == [(COMMANDER, 0, 0)]
        cmd = command[0]["id"]
        p.choose("command", cmd)
        wait_for(lambda p=p: p.text(CAST) == "Cast (tax {0})", "the cast's tax")
        v = p.act(CAST)
        assert card_on(v, seat, cmd) is not None
        assert seat_of(v, seat)["commanders"][0]["casts"] == 1
        assert seat_of(v, seat)["commanders"][0]["tax"] == 2
        everywhere(pages, f'{box(seat)} [data-commander="{cmd}"] .commander-tax', "the tax")
        for q in pages:
            sel = f'{box(seat)} [data-commander="{cmd}"] .commander-tax'
            wait_for(lambda q=q, s=sel: q.text(s) == "tax {2}", "tax {2}")
        v = p.act("#turn button[data-action=pass_turn]")
        assert v["turn"]["number"] == i + 2 and v["turn"]["seat"] == order[(i + 1) % n]
        kept[seat] = {"forest": forest, "commander": cmd}
    return kept


def table_controls(pages: list[SeatPage], seat: int, ids: Json) -> None:
    """The first player's second turn: the untap step, the keyboard, tokens, counters on a
    card, the commander's second cast, the Cards box and the large image."""
    p = pages[seat]
    v = p.view()
    # 502.3: the Forest tapped last turn untapped when this turn began.
    assert not on_field(v, seat, ids["forest"]).get("tapped")
    everywhere(pages, f'{box(seat)} .permanent[data-permanent="{ids["forest"]}"]', "Forest")
    # The keyboard: Enter on the Tap button taps, Enter on Untap untaps.
    tap = f'{box(seat)} [data-permanent="{ids["forest"]}"] button[data-action=tap]'
    v = p.act(tap, key=Keys.ENTER)
    assert on_field(v, seat, ids["forest"])["tapped"] is True
    # The redrawn page keeps the focus there: on the card's Untap button.
    focused = "const a = document.activeElement; return [a.dataset.action, a.ariaLabel];"
    wait_for(lambda: p.d.execute_script(focused) == ["untap", "Untap Forest"], "the focus kept")
    untap = f'{box(seat)} [data-permanent="{ids["forest"]}"] button[data-action=untap]'
    v = p.act(untap, key=Keys.ENTER)
    assert not on_field(v, seat, ids["forest"]).get("tapped")
    # Tokens: two Goblins, ids after every deck's, marked as tokens on every page.
    p.set("#token-name", "Goblin")
    p.set("#token-count", "2")
    v = p.act("#controls button[data-action=create_token]")
    goblins = [c for c in seat_of(v, seat)["battlefield"] if c["name"] == "Goblin"]
    assert len(goblins) == 2 and all(c.get("token") for c in goblins)
    assert min(c["id"] for c in goblins) >= 100
    for g in goblins:
        everywhere(pages, f'{box(seat)} .permanent.token[data-permanent="{g["id"]}"]', "a token")
    # Two tokens tapped at once from the battlefield's bar, then one leaves: it is gone (111.7).
    for g in goblins:
        p.choose("battlefield", g["id"])
    v = p.act("#battlefield-moves button[data-action=tap-chosen]")
    assert all(on_field(v, seat, g["id"])["tapped"] for g in goblins)
    v = p.move("battlefield", [goblins[0]["id"]], "graveyard")
    assert goblins[0]["id"] not in [c["id"] for c in seat_of(v, seat)["graveyard"]]
    assert card_on(v, seat, goblins[0]["id"]) is None
    # Counters on the commander: +1/+1 from the bar, then its own +1 button.
    p.choose("battlefield", ids["commander"])
    p.set("#card-counter-name", "+1/+1")
    v = p.act("#battlefield-moves button[data-action=card-counter-add]")
    assert on_field(v, seat, ids["commander"])["counters"] == {"p1p1": 1}
    on_card = f'{box(seat)} [data-permanent="{ids["commander"]}"] [data-counter="p1p1"]'
    plus = f'{on_card} button[data-delta="1"]'
    label = str(p.d.find_element(By.CSS_SELECTOR, plus).get_attribute("aria-label"))
    assert label == f"+1/+1 counters on {COMMANDER} +1"
    v = p.act(plus)
    assert on_field(v, seat, ids["commander"])["counters"] == {"p1p1": 2}
    chip = f"{on_card} .counter-value"
    for q in pages:
        wait_for(lambda q=q: q.text(chip) == "+1/+1: 2", "the counters on every page")
    # The large image on hover: the card's name (no network here: the image does not load).
    hover = pages[(seat + 1) % len(pages)]
    on_hover = f'{box(seat)} [data-permanent="{ids["commander"]}"] .card'

    def hovered() -> bool:
        card = hover.d.find_element(By.CSS_SELECTOR, on_hover)
        hover.d.execute_script("arguments[0].scrollIntoView({block: 'center'})", card)
        ActionChains(hover.d).move_to_element(card).perform()
        return hover.text("#preview .preview-name") == COMMANDER

    wait_for(hovered, "the large image")
    # The commander goes home (its counters lost, 400.7) and is cast again for {2} (903.8).
    v = p.move("battlefield", [ids["commander"]], "command")
    assert [c["id"] for c in seat_of(v, seat)["command"]] == [ids["commander"]]
    p.choose("command", ids["commander"])
    wait_for(lambda: p.text(CAST) == "Cast (tax {2})", "the second cast's tax")
    v = p.act(CAST)
    assert not on_field(v, seat, ids["commander"]).get("counters")
    assert seat_of(v, seat)["commanders"][0]["casts"] == 2
    assert seat_of(v, seat)["commanders"][0]["tax"] == 4
    # The Cards box goes back to 1 after each action: Draw 3, then Draw draws 1.
    hand = len(v["hand"])
    p.set("#count", "3")
    v = p.act("#controls button[data-action=draw]")
    assert len(v["hand"]) == hand + 3
    assert p.d.find_element(By.ID, "count").get_attribute("value") == "1"
    v = p.act("#controls button[data-action=draw]")
    assert len(v["hand"]) == hand + 4


def damage(pages: list[SeatPage], victim: int, source: int, cmd: int) -> None:
    """`victim` takes 21 combat damage from `source`'s commander on its own page: its life
    drops with it (903.10a), and every page shows the 704.6c notice."""
    p = pages[victim]
    life = seat_of(p.view(), victim)["counters"]["life"]
    row = f'{box(victim)} .commander-damage [data-from="{source}"][data-commander="{cmd}"]'
    for delta, times in ((5, 4), (1, 1)):
        for _ in range(times):
            v = p.act(f'{row} button[data-delta="{delta}"]')
    mine = seat_of(v, victim)
    taken = [(d["seat"], d["id"], d["damage"]) for d in mine["commander_damage"]]
    assert taken == [(source, cmd, 21)]
    assert mine["counters"]["life"] == life - 21
    assert "704.6c" in [n["rule"] for n in mine["notices"]]
    notice(pages, victim, "704.6c")
    for q in pages:
        wait_for(lambda q=q: q.text(f"{row} .counter-value") == "21", "21 on every page")


def life_and_poison(pages: list[SeatPage], seat: int) -> None:
    """Life to 0 or less (704.5a) and 10 poison counters (704.5c), by the counter buttons."""
    p = pages[seat]
    life = f'{box(seat)} [data-counter="life"] button[data-delta="-5"]'
    while seat_of(p.view(), seat)["counters"]["life"] > 0:
        v = p.act(life)
    assert "704.5a" in [n["rule"] for n in seat_of(v, seat)["notices"]]
    notice(pages, seat, "704.5a")
    poison = f'{box(seat)} [data-counter="poison"] button[data-delta="1"]'
    for _ in range(10):
        v = p.act(poison)
    assert seat_of(v, seat)["counters"]["poison"] == 10
    assert "704.5c" in [n["rule"] for n in seat_of(v, seat)["notices"]]
    notice(pages, seat, "704.5c")


def verified(pages: list[SeatPage], server: Server, gid: str, commitment: str) -> None:
    """Every page shows the end, the seed and its verdict; the log verifies here too."""
    text = httpx.get(f"{server.url}/games/{gid}/log", headers=auth(pages[0].token)).text
    records = [json.loads(line) for line in text.splitlines()]
    assert m.verify_log(records, commitment=commitment)
    for p in pages:
        wait_for(lambda p=p: "Verified" in p.text("#verdict"), f"{p.seat}'s verdict")
        body = p.text()
        for word in ("null", "undefined", "NaN", "[object Object]", "players["):
            assert word not in body, (word, body)


def game(server: Server, n: int) -> tuple[Json, list[SeatPage]]:
    players = [{"name": name, "deck": DECK} for name in NAMES[:n]]
    g = httpx.post(
        server.url + "/games",
        json={"players": players, "variant": "COMMANDER", "whole_game": True},
    ).json()
    pages = []
    for s in g["seats"]:
        d = browser(1280, 900)
        pages.append(SeatPage(d, server, g["game_id"], s["seat"], s["token"]))
        d.get(f"{server.url}/play/{g['game_id']}/{s['seat']}#token={s['token']}")
    play_start([p.d for p in pages])
    return g, pages


def test_two_windows_play_a_commander_game_with_the_table(tmp_path: Path) -> None:
    server = Server(str(tmp_path / "db.sqlite3")).start()
    pages: list[SeatPage] = []
    host = None
    try:
        g, pages = game(server, 2)
        v = pages[0].view()
        first = v["turn"]["seat"]
        order = [first, 1 - first]
        ids = first_turns(pages, order)
        table_controls(pages, first, ids[first])
        labelled(pages[first])
        damage(pages, order[1], first, ids[first]["commander"])
        life_and_poison(pages, order[1])
        # The host's page shows the table: the turn, the tapped and the notices; one log button.
        host = browser(1280, 900)
        host.get(server.url + g["host_url"])
        wait_for(lambda: "Turn 3" in host.find_element(By.ID, "turn").text, "the host's turn bar")
        sel = f'{box(order[1])} .notice[data-rule="704.6c"]'
        wait_for(lambda: host.find_elements(By.CSS_SELECTOR, sel), "the notice on the host's page")
        assert not host.find_elements(By.CSS_SELECTOR, "#turn button, #seats button")
        # 104.2a: with two players a concession ends the game.
        v = pages[order[1]].act("#turn button[data-action=concede]", confirm=True)
        assert seat_of(v, order[1])["conceded"] is True and v["ended"] is True
        verified(pages, server, g["game_id"], g["commitment"])
        wait_for(lambda: host.find_element(By.ID, "log-link").is_displayed(), "the host's end")
        logs = [e for e in host.find_elements(By.XPATH, DOWNLOAD) if e.is_displayed()]
        assert len(logs) == 1, [e.tag_name for e in logs]
    except WebDriverException as e:  # pragma: no cover - a broken browser install
        pytest.fail(f"headless Chromium failed: {e.msg}")
    finally:
        for p in pages:
            p.d.quit()
        if host is not None:
            host.quit()
        server.stop()


def test_four_windows_play_a_commander_game_with_the_table(tmp_path: Path) -> None:
    server = Server(str(tmp_path / "db.sqlite3")).start()
    pages: list[SeatPage] = []
    try:
        g, pages = game(server, 4)
        first = pages[0].view()["turn"]["seat"]
        order = [(first + i) % 4 for i in range(4)]
        ids = first_turns(pages, order)
        table_controls(pages, first, ids[first])
        labelled(pages[first])
        # Commander damage to the next player from the first's commander; poison to a third.
        damage(pages, order[1], first, ids[first]["commander"])
        keyboard(pages[first])
        poison = f'{box(order[2])} [data-counter="poison"] button[data-delta="1"]'
        for _ in range(10):
            v = pages[order[2]].act(poison)
        assert "704.5c" in [n["rule"] for n in seat_of(v, order[2])["notices"]]
        notice(pages, order[2], "704.5c")
        # The four seats at 1280 px, and at 420 px (a phone): readable, nothing off the side.
        shots = [screenshot(pages[first].d, w, f"four_seats_{w}.png") for w in (1280, 420)]
        assert all(s.stat().st_size > 10_000 for s in shots)
        # 800.4a: the next player concedes; the others play on, its cards gone, its turn skipped.
        gone = order[1]
        v = pages[gone].act("#turn button[data-action=concede]", confirm=True)
        assert seat_of(v, gone)["conceded"] is True and not v["ended"]
        assert seat_of(v, gone)["battlefield"] == []
        everywhere(pages, f"{box(gone)}.conceded", "the concession")
        assert pages[gone].text("#status") == "you conceded"
        assert not shown(pages[gone], "#controls button")
        v = pages[first].act("#turn button[data-action=pass_turn]")
        assert v["turn"]["seat"] == order[2]
        wait_for(lambda: "your turn" in pages[order[2]].text("#turn"), "the turn after the skip")
        # The host ends the game; every page verifies the log.
        r = httpx.post(f"{server.url}/games/{g['game_id']}/end", headers=auth(g["host_token"]))
        assert r.status_code == 200, r.text
        verified(pages, server, g["game_id"], g["commitment"])
    except WebDriverException as e:  # pragma: no cover - a broken browser install
        pytest.fail(f"headless Chromium failed: {e.msg}")
    finally:
        for p in pages:
            p.d.quit()
        server.stop()
