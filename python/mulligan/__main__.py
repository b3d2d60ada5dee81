"""`python -m mulligan`: play out one complete, seeded game start and print every step.

The players follow a simple, documented policy (keep 2-5 lands in seven, 2-4 in six, anything
smaller; bottom the cards that bring the land count closest to half; use every opening-hand
action). Pass --seed to replay a game exactly; --help lists the options.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from importlib import resources
from typing import Any

from mulligan import Card, Deck, Game, MulliganRule, Player, Seed, Variant

DEFAULT_SEED = "6d756c6c6967616e2064656d6f2073656564202d206f6e652067616d65210a00"
KEEP_LANDS = {7: (2, 5), 6: (2, 4)}


def bundled_deck(name: str) -> Deck:
    text = resources.files("mulligan").joinpath("decks", name).read_text(encoding="utf-8")
    return Deck.parse(text)


def wants_keep(hand: list[Card]) -> bool:
    low, high = KEEP_LANDS.get(len(hand), (0, len(hand)))
    return low <= sum(c.land for c in hand) <= high


def choose_bottom(hand: list[Card], count: int) -> list[Card]:
    """Bottom `count` cards, keeping the land share of the rest as close to half as possible."""
    lands = [c for c in hand if c.land]
    spells = [c for c in hand if not c.land]
    keep = len(hand) - count
    lands_to_keep = min(len(lands), max(keep - len(spells), min(keep, (keep + 1) // 2)))
    return lands[lands_to_keep:] + spells[keep - lands_to_keep :]


def describe(event: Mapping[str, Any]) -> str:
    kind = event["type"]
    fields = {k: v for k, v in event.items() if k not in ("type", "rule")}
    for key in ("cards", "exiled"):
        if isinstance(fields.get(key), list) and fields[key] and isinstance(fields[key][0], dict):
            fields[key] = [c["name"] for c in fields[key]]
    for key in ("card", "exiled"):
        if isinstance(fields.get(key), dict):
            fields[key] = fields[key]["name"]
    details = ", ".join(f"{k}={json.dumps(v)}" for k, v in fields.items())
    return f"[{event['rule']:>7}] {kind:<20} {details}"


def play(game: Game, out: Any) -> None:
    shown = 0

    def flush() -> None:
        nonlocal shown
        for event in game.events[shown:]:
            print(describe(event), file=out)
        shown = len(game.events)

    flush()
    while not game.done:
        decision = game.pending()[0]
        seat, hand = decision.seat, decision.hand
        if decision.kind == "choose_starting_player":
            game.choose_starting_player(seat, seat)  # the chooser chooses to play first
        elif decision.kind == "keep_or_mulligan":
            if decision.actions and not wants_keep(hand):
                game.mulligan_action(seat, decision.actions[0])
            elif wants_keep(hand) or not decision.can_mulligan:
                game.keep(seat)
            else:
                game.mulligan(seat)
        elif decision.kind == "bottom":
            assert decision.count is not None
            game.bottom(seat, choose_bottom(hand, decision.count))
        elif decision.kind == "vancouver":
            assert decision.card is not None
            game.vancouver(seat, decision.card.land and sum(c.land for c in hand) >= 3)
        elif decision.kind == "opening_hand_action":
            card = decision.actions[0]
            others = [c for c in hand if c is not card]
            exile = others[0] if "gemstone_caverns" in card.tags and others else None
            game.opening_hand_action(seat, card, exile=exile)
        flush()


def summary(game: Game) -> list[str]:
    """Each player's outcome: the hand they kept (103.5), then what 103.6 actions moved out of
    it, and the hand they start with."""
    kept = {e["seat"]: e["hand_size"] for e in game.events if e["type"] == "keep"}
    lines = []
    for r in game.result():
        moved = ""
        if r.battlefield:
            moved += f"; onto the battlefield: {', '.join(c.name for c in r.battlefield)}"
        if r.exile:
            moved += f"; exiled: {', '.join(c.name for c in r.exile)}"
        lines.append(
            f"{r.name}: keeps {kept[r.seat]} after {r.mulligans} mulligan(s){moved}; starts "
            f"with {len(r.hand)} in hand, life {r.life}, library {r.library_size}, skips "
            f"first draw: {r.skips_first_draw}"
        )
        lines.append(f"  hand: {', '.join(c.name for c in r.hand)}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m mulligan", description=__doc__)
    parser.add_argument(
        "--seed", default=DEFAULT_SEED, help="64 hex digits (default: a fixed demo seed)"
    )
    parser.add_argument("--random-seed", action="store_true", help="draw a fresh seed from the OS")
    parser.add_argument(
        "--mulligan",
        default="LONDON",
        choices=[r for r in ("LONDON", "VANCOUVER", "PARIS", "PARIS_SEQUENTIAL")],
    )
    parser.add_argument(
        "--deck", action="append", help="a deck list file per player (default: two bundled decks)"
    )
    args = parser.parse_args(argv)

    seed = Seed.generate() if args.random_seed else Seed.from_hex(args.seed)
    if args.deck:
        decks = [Deck.parse(open(path, encoding="utf-8").read()) for path in args.deck]
    else:
        decks = [bundled_deck("mono_green_stompy.txt"), bundled_deck("izzet_tempo.txt")]
    if len(decks) == 1:
        decks.append(decks[0])
    names = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank"]
    players = [Player(names[i % len(names)], deck) for i, deck in enumerate(decks)]
    variant = Variant.TWO_PLAYER if len(players) == 2 else Variant.FREE_FOR_ALL
    game = Game(players, variant=variant, mulligan=getattr(MulliganRule, args.mulligan), seed=seed)

    print(f"mulligan demo: {len(players)} players, {args.mulligan} mulligan")
    print(f"seed commitment (published before the game): {game.commitment}")
    play(game, sys.stdout)
    print()
    for line in summary(game):
        print(line)
    print(f"\nseed (revealed after the game): {seed.hex()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
