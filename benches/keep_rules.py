"""Multi-condition keep rules against the simple land rule, in one process (issue 20's target:
any rule of up to four conditions within 2x the time of the simple land rule).

`python benches/keep_rules.py [games] [repeats] [--cpu]` prints, for the land rule alone and
with one to four card conditions added (each "at least one card of a set": tags, and with this
package's `min_sources`/`requires_cards` the same sets named as colours and cards), the median
time per game over `repeats` runs taken in turn (one thread), the hands dealt per game (a rule
that keeps fewer hands deals more), and the ratios to the land rule per game and per hand
dealt. The deck is a 60-card blue-red list whose card tags name the same sets as its colours
and names, so the tag rules and the named rules must give the same counts (checked); the tag
rules make six classes of card. Three more rows take decks of the same
24 lands in 60 (the land rule's work is the same on them): one whose four tags overlap into
nine classes, one whose four tags make sixteen (the most one word of class
counters holds), and one of eighteen (two words). Then a land rule that refuses about as many
hands as the four conditions (7:3-3, 6:3-3, 5:1-4): what dealing that many hands costs without
conditions. Last, a 99-card Commander deck (the class kernel reads its cards' table from
four vectors) with the land rule and with four conditions, the latter measured against the former
(a row named in `BASES` starts a new base). With `--cpu` each run is timed by the process's
CPU time (`time.process_time`) in place of the wall clock: on a machine shared with other
jobs, the time they take does not count. The last column divides the fastest run of each rule
by the fastest of its land rule's: other jobs only ever add time (to the CPU time too, through
the caches and the clock they share), so on a shared machine it moves least from run to run.
"""

from __future__ import annotations

import os
import statistics
import sys
import time

# numpy's BLAS worker threads spin after a call: with --cpu their time would count as this
# process's, the same for every rule, and pull the ratios toward 1.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import mulligan as m  # noqa: E402

SEED = m.Seed.from_hex("b3" * 32)
NAMED = "4 conditions: tag, U and R sources, named cards"
COMMANDER = "99-card Commander deck: land rule 7:3-5, 6:2-5, 5:2-4"
# The rows the rows after them are measured against.
BASES = {"land rule only", COMMANDER}
RANGES = {7: (2, 5), 6: (2, 4), 5: (1, 4)}


def deck() -> m.Deck:
    """24 lands (16 add blue, 14 red) and 36 spells: 8 burn (Lightning Bolt, Chain Lightning),
    16 creatures, 12 others; lands tagged by colour so the tag rules match the colour rules."""
    cards = []
    for name, n, tags in [
        ("Island", 8, ["u_land"]),
        ("Mountain", 6, ["r_land"]),
        ("Steam Vents", 4, ["u_land", "r_land"]),
        ("Scalding Tarn", 4, ["u_land", "r_land"]),
    ]:
        cards += [m.Card(name, land=True, tags=tags)] * n
    cards += [m.Card("Lightning Bolt", tags=["burn"])] * 4
    cards += [m.Card("Chain Lightning", tags=["burn"])] * 4
    cards += [m.Card("Delver of Secrets", tags=["creature"])] * 16
    cards += [m.Card("Ponder")] * 12
    return m.Deck(cards)


def overlapping_deck() -> m.Deck:
    """The same 24 lands, and 36 spells whose tags (creature, cheap, blue, red) overlap: nine
    classes of card for a rule of the four tags."""
    cards = []
    for name, n, tags in [
        ("Island", 8, ["blue"]),
        ("Mountain", 8, ["red"]),
        ("Steam Vents", 8, ["blue", "red"]),
        ("Delver of Secrets", 8, ["creature", "cheap", "blue"]),
        ("Brazen Borrower", 4, ["creature", "blue"]),
        ("Goblin Guide", 6, ["creature", "cheap", "red"]),
        ("Glorybringer", 2, ["creature", "red"]),
        ("Lightning Bolt", 8, ["cheap", "red"]),
        ("Ponder", 8, ["cheap", "blue"]),
    ]:
        cards += [m.Card(name, land=name in ("Island", "Mountain", "Steam Vents"), tags=tags)] * n
    return m.Deck(cards)


def sixteen_class_deck() -> m.Deck:
    """24 lands and 36 spells tagged a, b, c by the bits of their number mod 8 and d when it is
    7: a rule of the four tags splits them into sixteen classes, the most the compact kernels
    take (170,544 hands of seven cards)."""
    cards = []
    for i in range(60):
        tags = [t for b, t in enumerate("abc") if (i % 8) >> b & 1] + (["d"] if i % 8 == 7 else [])
        land = i < 24
        cards.append(m.Card(f"{'Land' if land else 'Spell'} {i % 8}", land=land, tags=tags))
    return m.Deck(cards)


def eighteen_class_deck() -> m.Deck:
    """24 lands tagged a or b, and 36 spells tagged by the bits of their number mod 16 (every
    mix of a, b, c, d): a rule of the four tags splits them into eighteen classes, past the
    one word of class counters (a second holds its two land classes)."""
    cards = []
    for i in range(60):
        land = i < 24
        mask = 1 + i % 2 if land else i % 16
        tags = [t for b, t in enumerate("abcd") if mask >> b & 1]
        cards.append(m.Card(f"{'Land' if land else 'Spell'} {mask}", land=land, tags=tags))
    return m.Deck(cards)


def commander_deck() -> m.Deck:
    """99 cards: 37 lands (14 Forest, 12 Island, 11 that add both), 10 ramp spells, 25
    creatures, 6 ramp creatures and 21 others; a rule of ramp, blue, green and creature tags
    makes seven classes."""
    cards = []
    for name, n, tags, land in [
        ("Forest", 14, ["g"], True),
        ("Island", 12, ["u"], True),
        ("Breeding Pool", 6, ["u", "g"], True),
        ("Command Tower", 5, ["u", "g"], True),
        ("Cultivate", 10, ["ramp"], False),
        ("Creature", 25, ["creature"], False),
        ("Ramp creature", 6, ["ramp", "creature"], False),
        ("Other", 21, [], False),
    ]:
        cards += [m.Card(name, land=land, tags=tags)] * n
    return m.Deck(cards)


def rules() -> list[tuple[str, m.Deck, m.KeepRule]]:
    """The land rule, then one to four tag conditions; the same sets named as colours and
    cards; four overlapping tags on the deck of nine classes."""
    d = deck()
    tags = ["creature", "burn", "u_land", "r_land"]
    out = [("land rule only", d, m.KeepRule(RANGES, keep_at=4))]
    for k in range(1, 5):
        rule = m.KeepRule(RANGES, keep_at=4, requires={t: 1 for t in tags[:k]})
        out.append((f"{k} tag condition{'s' if k > 1 else ''}", d, rule))
    named = m.KeepRule(
        RANGES,
        keep_at=4,
        requires={"creature": 1},
        min_sources={"U": 1, "R": 1},
        requires_cards=[(["Lightning Bolt", "Chain Lightning"], 1)],
    )
    out.append((NAMED, d, named))
    overlapping = m.KeepRule(
        RANGES, keep_at=4, requires={"creature": 1, "cheap": 2, "blue": 1, "red": 1}
    )
    out.append(("4 tag conditions, nine classes", overlapping_deck(), overlapping))
    sixteen = m.KeepRule(RANGES, keep_at=4, requires={t: 1 for t in "abcd"})
    out.append(("4 tag conditions, sixteen classes", sixteen_class_deck(), sixteen))
    out.append(
        ("4 tag conditions, eighteen classes (two counter words)", eighteen_class_deck(), sixteen)
    )
    # A land rule as choosy as the four conditions: what dealing that many hands costs alone.
    choosy = m.KeepRule({7: (3, 3), 6: (3, 3), 5: (1, 4)}, keep_at=4)
    out.append(("land rule 7:3-3, 6:3-3, 5:1-4 (as many hands)", d, choosy))
    commander, ranges = commander_deck(), {7: (3, 5), 6: (2, 5), 5: (2, 4)}
    out.append((COMMANDER, commander, m.KeepRule(ranges, keep_at=4)))
    requires = {"ramp": 1, "u": 1, "g": 1, "creature": 1}
    four = m.KeepRule(ranges, keep_at=4, requires=requires)
    out.append(("99-card Commander deck: 4 tag conditions (seven classes)", commander, four))
    return out


def main() -> None:
    args = [a for a in sys.argv[1:] if a != "--cpu"]
    clock = time.process_time if "--cpu" in sys.argv[1:] else time.perf_counter
    games = int(args[0]) if args else 2_000_000
    repeats = int(args[1]) if len(args) > 1 else 7
    cases = rules()
    times: dict[str, list[float]] = {name: [] for name, _, _ in cases}
    results: dict[str, m.SimulationResult] = {}
    for _ in range(repeats):
        for name, d, rule in cases:
            t = clock()
            results[name] = m.simulate(d, games=games, seed=SEED, keep=rule, threads=1)
            times[name].append(clock() - t)
    tagged = results["4 tag conditions"]
    assert results[NAMED].kept_by_size == tagged.kept_by_size, "the same sets"
    cpu = next(
        (line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if "model name" in line),
        "?",
    )
    print(f"CPU {cpu}, {os.cpu_count()} cores; load average {os.getloadavg()}")
    timed = "CPU time" if clock is time.process_time else "wall clock"
    print(f"{games} games a run, medians of {repeats} runs taken in turn, one thread, {timed}\n")
    print(
        "| keep rule | ns per game | hands per game | per game vs its land rule | per hand "
        "| per game, fastest runs |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    base_game = base_hand = base_best = 0.0
    for name, _, _ in cases:
        r = results[name]
        hands = sum((k + 1) * n for k, n in r.mulligans.items()) / games
        per_game = statistics.median(times[name]) / games * 1e9
        best = min(times[name]) / games * 1e9
        if name in BASES:
            base_game, base_hand, base_best = per_game, per_game / hands, best
        print(
            f"| {name} | {per_game:.1f} | {hands:.3f} | {per_game / base_game:.2f} | "
            f"{per_game / hands / base_hand:.2f} | {best / base_best:.2f} |"
        )


if __name__ == "__main__":
    main()
