"""Writes tests/scenarios/*.json: rule 103 scenarios shared by the Rust, Python and C tests.

Each scenario is a set-up (the C ABI's setup JSON: decks as text lists), a seed, the answers
the players give (answer records, cards by id) and what must follow: every event and every
seat's result. The Rust core (rust/core/tests/scenarios.rs), Python (tests/test_scenarios.py)
and the C ABI (the same file) replay each one and compare. The answers come from the policies
below, played once here; rerun this script only on purpose (a rule change), and review the
diff of the fixtures: it is the behaviour change.

    python scripts/make_scenarios.py
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import mulligan as m

OUT = Path(__file__).resolve().parent.parent / "tests" / "scenarios"

BASIC = "24 Forest\n36 Grizzly Bears"
ACTIONS = (
    "Deck\n12 Forest\n10 Gemstone Caverns\n10 Serum Powder\n10 Leyline of Sanctity\n"
    "10 Chancellor of the Annex\n8 Grizzly Bears"
)
SET_ASIDE = "Deck\n59 Forest\nSideboard\n2 Naturalize\nCommander\n1 Omnath\nCompanion\n1 Lurrus"


def seat_game(setup: dict[str, Any], seed: str) -> m.Game:
    players = [
        m.Player(
            p["name"],
            m.Deck.parse(p["deck"]),
            team=p.get("team"),
            hand_modifier=p.get("hand_modifier", 0),
            life_modifier=p.get("life_modifier", 0),
            archenemy=p.get("archenemy", False),
        )
        for p in setup["players"]
    ]
    return m.Game(
        players,
        variant=getattr(m.Variant, setup.get("variant", "TWO_PLAYER")),
        mulligan=getattr(m.MulliganRule, setup.get("mulligan", "LONDON")),
        seed=m.Seed.from_hex(seed),
        starting_player=setup.get("starting_player"),
        chooser=setup.get("chooser"),
        game_index=setup.get("game_index", 0),
        **{k: setup[k] for k in HOUSE if k in setup},
    )


# The table options of docs/VARIANTS.md, as the setup JSON names them.
HOUSE = ("free_mulligans", "land_mulligan", "smoothing", "smoothing_candidates")

Policy = Callable[[m.Game, m.Decision], None]


def patient(
    mulligans: dict[int, int],
    *,
    start: int | None = None,
    bottom_to: bool = False,
    actions: bool = False,
    powder: int = 0,
    partial: int = 0,
) -> Policy:
    """Seat s mulligans `mulligans[s]` times (while allowed), then keeps; bottoms the first
    cards; names `start` (or itself) to start; uses every opening-hand action when `actions`;
    uses Serum Powder `powder` times in all; Vancouver: bottoms the card when `bottom_to`;
    takes the no-land/all-land redraw whenever offered; PARTIAL_PARIS: each mulligan exiles
    the first `partial` cards (0: the whole hand)."""
    taken: dict[int, int] = {}
    used = [0]

    def answer(game: m.Game, d: m.Decision) -> None:
        s = d.seat
        if d.kind == "choose_starting_player":
            game.choose_starting_player(s, s if start is None else start)
        elif d.kind == "keep_or_mulligan":
            if d.actions and used[0] < powder:
                used[0] += 1
                game.mulligan_action(s, d.actions[0])
            elif d.can_land_mulligan:
                game.land_mulligan(s)
            elif d.can_mulligan and taken.get(s, 0) < mulligans.get(s, 0):
                taken[s] = taken.get(s, 0) + 1
                if partial:
                    game.partial_mulligan(s, d.hand[:partial])
                else:
                    game.mulligan(s)
            else:
                game.keep(s)
        elif d.kind == "bottom":
            game.bottom(s, d.hand[: d.count])
        elif d.kind == "vancouver":
            game.vancouver(s, bottom_to)
        elif actions and d.actions:
            # Gemstone Caverns first, for the player who may use it (103.6a).
            card = sorted(d.actions, key=lambda c: "gemstone_caverns" not in c.tags)[0]
            caverns = "gemstone_caverns" in card.tags and game.starting_player != s
            others = [c for c in d.hand if c is not card]
            game.opening_hand_action(s, card, exile=others[0] if caverns and others else None)
        else:
            game.pass_actions(s)

    return answer


def players(n: int, deck: str = BASIC, **extra: Any) -> list[dict[str, Any]]:
    return [{"name": "ABCDEFGH"[i], "deck": deck, **extra} for i in range(n)]


SCENARIOS: list[tuple[str, list[str], str, dict[str, Any], str, Policy]] = [
    (
        "two_player_london_mulligan",
        ["103.1", "103.3", "103.4", "103.5", "103.8a"],
        "A random chooser names itself; seat 0 mulligans twice and bottoms two; the starting "
        "player skips its first draw.",
        {"players": players(2)},
        "01" * 32,
        patient({0: 2, 1: 0}),
    ),
    (
        "free_for_all_free_mulligan",
        ["103.5c", "103.8c"],
        "Four players: every first mulligan is free (103.5c); nobody skips a draw (103.8c).",
        {"players": players(4), "variant": "FREE_FOR_ALL", "starting_player": 2},
        "02" * 32,
        patient({0: 1, 1: 2, 2: 0, 3: 3}),
    ),
    (
        "two_player_commander_no_free_mulligan",
        ["103.4", "103.5c"],
        "Two-player Commander: 40 life, no free mulligan.",
        {"players": players(2), "variant": "COMMANDER", "starting_player": 1},
        "03" * 32,
        patient({0: 1, 1: 1}),
    ),
    (
        "brawl_two_player_free_mulligan",
        ["103.4", "103.5c"],
        "Two-player Brawl: 25 life, and the first mulligan is free.",
        {"players": players(2), "variant": "BRAWL", "starting_player": 0},
        "04" * 32,
        patient({0: 2, 1: 1}),
    ),
    (
        "two_headed_giant_team",
        ["103.1a", "103.4", "103.5d", "103.8b"],
        "Two-Headed Giant: the chooser names a seat and that team starts; 30 shared life; "
        "teammates declare together; the starting team skips its first draw.",
        {
            "players": [
                {"name": n, "deck": BASIC, "team": t} for n, t in zip("ABCD", ["X", "X", "Y", "Y"])
            ],
            "variant": "TWO_HEADED_GIANT",
        },
        "05" * 32,
        patient({1: 1, 2: 1}, start=3),
    ),
    (
        "archenemy_starts",
        ["103.1b", "103.4", "103.5d"],
        "Archenemy: the archenemy starts without a choice and has 40 life.",
        {
            "players": [
                {"name": "A", "deck": BASIC},
                {"name": "B", "deck": BASIC, "archenemy": True},
                {"name": "C", "deck": BASIC},
            ],
            "variant": "ARCHENEMY",
        },
        "06" * 32,
        patient({0: 1}),
    ),
    (
        "vanguard_modifiers",
        ["103.4", "103.5a"],
        "Vanguard: hand and life modifiers change the starting hand size and life.",
        {
            "players": [
                {"name": "A", "deck": BASIC, "hand_modifier": -2, "life_modifier": 4},
                {"name": "B", "deck": BASIC, "hand_modifier": 1, "life_modifier": -3},
            ],
            "variant": "VANGUARD",
            "starting_player": 0,
        },
        "07" * 32,
        patient({0: 1}),
    ),
    (
        "set_aside_before_the_shuffle",
        ["103.2a", "103.2b", "103.2c"],
        "Sideboard, companion and commander are set aside after the starting player, each "
        "step for every player in turn order.",
        {"players": players(3, SET_ASIDE), "variant": "COMMANDER", "starting_player": 1},
        "08" * 32,
        patient({}),
    ),
    (
        "opening_hand_actions",
        ["103.5b", "103.6a", "103.6b"],
        "Serum Powder during a keep decision, then Leylines onto the battlefield, Gemstone "
        "Caverns for the player who does not start (exiling a card), Chancellors revealed.",
        {"players": players(2, ACTIONS), "starting_player": 0},
        "0a" * 32,
        patient({}, actions=True, powder=1),
    ),
    (
        "paris_one_fewer",
        ["103.5"],
        "Paris: each mulligan draws one fewer card; no bottom decision.",
        {"players": players(2), "mulligan": "PARIS", "starting_player": 0},
        "09" * 32,
        patient({0: 2, 1: 1}),
    ),
    (
        "vancouver_look",
        ["103.5"],
        "Vancouver: after a mulligan the player looks at the top card and may bottom it.",
        {"players": players(2), "mulligan": "VANCOUVER", "starting_player": 1},
        "0b" * 32,
        patient({0: 1, 1: 2}, bottom_to=True),
    ),
    (
        "paris_sequential_two_headed_giant",
        ["101.2", "101.4", "101.4a", "101.5b"],
        "The sequential procedure of seeds 002/003: the starting team mulligans as a team "
        "until both kept, then the other team.",
        {
            "players": [
                {"name": n, "deck": BASIC, "team": t} for n, t in zip("ABCD", [1, 1, 2, 2])
            ],
            "variant": "TWO_HEADED_GIANT",
            "mulligan": "PARIS_SEQUENTIAL",
            "starting_player": 2,
        },
        "0c" * 32,
        patient({0: 1, 2: 2, 3: 1}),
    ),
    (
        "match_chooser",
        ["103.1"],
        "A match's previous loser chooses (chooser given), and names the other player.",
        {"players": players(2), "chooser": 1, "game_index": 3},
        "0d" * 32,
        patient({}, start=0),
    ),
    (
        "partial_paris",
        ["Commander partial Paris (2011-02 to 2016-01)"],
        "Commander's partial Paris (docs/VARIANTS.md): seat 0 exiles two cards face down twice, "
        "drawing one fewer each time; the exiled cards are shuffled back once it keeps.",
        {"players": players(3), "variant": "COMMANDER", "mulligan": "PARTIAL_PARIS"},
        "0e" * 32,
        patient({0: 2, 2: 1}, partial=2),
    ),
    (
        "canadian_highlander",
        ["Canadian Highlander mulligan"],
        "Canadian Highlander: hands of 7, 6, 6, 5, then Vancouver's look.",
        {"players": players(2), "mulligan": "CANADIAN_HIGHLANDER", "starting_player": 0},
        "0f" * 32,
        patient({0: 3, 1: 1}, bottom_to=True),
    ),
    (
        "houston_with_free_mulligans",
        ["Houston mulligan", "house rule"],
        "Houston: draw ten, bottom three, keep; the table's free mulligan redraws ten.",
        {"players": players(2), "mulligan": "HOUSTON", "free_mulligans": 1, "starting_player": 1},
        "10" * 32,
        patient({0: 1}),
    ),
    (
        "land_mulligan_and_smoothing",
        ["house rule", "smoothing (not the rules)"],
        "The no-land/all-land redraw (seat 0 holds only lands), and arena2 smoothing of three "
        "candidates: table options, not the rules.",
        {
            "players": [{"name": "A", "deck": "60 Forest"}, {"name": "B", "deck": BASIC}],
            "land_mulligan": True,
            "smoothing": "arena2",
            "smoothing_candidates": 3,
            "starting_player": 0,
        },
        "11" * 32,
        patient({1: 1}),
    ),
]


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("*.json"):
        old.unlink()
    for i, (name, rules, description, setup, seed, policy) in enumerate(SCENARIOS):
        game = seat_game(setup, seed)
        while not game.done:
            policy(game, game.pending()[0])
        scenario = {
            "name": name,
            "rules": rules,
            "description": description,
            "setup": setup,
            "seed": seed,
            "answers": game.answers,
            "events": game.events,
            "result": [r.to_dict() for r in game.result()],
        }
        path = OUT / f"{i:02d}_{name}.json"
        path.write_text(json.dumps(scenario, indent=1, ensure_ascii=False) + "\n")
        print(path.name, len(game.answers), "answers", len(game.events), "events")


if __name__ == "__main__":
    main()
