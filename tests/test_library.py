"""Library zone and the shuffle rule 701.24 (and 401 / 121.4 for drawing and placing).

Rule texts: docs/API.md ("Library"), shared/rules/RULES.md ("701.24 Shuffle") and the Spanish
text of 701.24 in shared/rules/seeds/004_*.txt.
"""

import json
from collections import Counter

import pytest

import mulligan
from mulligan import (
    Card,
    IllegalActionError,
    Library,
    MulliganError,
    MulliganTypeError,
    Seed,
)

SEED_HEX = "5eed" * 16
SEED = Seed.from_hex(SEED_HEX)
OTHER_SEED = Seed.from_hex("0123456789abcdef" * 4)


def make_cards(n, prefix="Card"):
    """n cards with distinct names, so orders can be compared by name as well as identity."""
    return [Card(f"{prefix} {i}") for i in range(n)]


def names(cards):
    return [c.name for c in cards]


def shuffle_events(events):
    return [e for e in events if e.get("type") == "shuffle"]


def snapshot(lib):
    return (list(lib.cards), len(lib), lib.shuffle_count)


def shuffle_simultaneously(libraries):
    """701.24f entry point: API.md lists it next to the Library methods; accept a module-level
    function or a static method on Library."""
    fn = getattr(mulligan, "shuffle_simultaneously", None)
    if fn is None:
        fn = Library.shuffle_simultaneously
    return fn(libraries)


# ---------------------------------------------------------------------------------------------
# Construction and basic state
# ---------------------------------------------------------------------------------------------


def test_401_library_keeps_given_order_top_first_without_shuffling():
    """A library is created in the given order, top first; no shuffle happens at creation."""
    cards = make_cards(10)
    lib = Library(cards, seed=SEED)
    assert lib.cards == cards
    assert len(lib) == 10
    assert lib.shuffle_count == 0


def test_401_cards_property_is_a_copy():
    """Mutating the list returned by .cards does not change the library."""
    cards = make_cards(5)
    lib = Library(cards, seed=SEED)
    view = lib.cards
    view.append(Card("Intruder"))
    view.reverse()
    assert lib.cards == cards
    assert len(lib) == 5


def test_701_24a_seed_accepted_as_seed_bytes_or_hex():
    """A seed= argument may be a Seed, its 32 bytes or its 64-digit hex; all give one order."""
    cards = make_cards(60)
    orders = []
    for s in (SEED, bytes(SEED), SEED_HEX, SEED_HEX.upper()):
        lib = Library(cards, seed=s)
        lib.shuffle()
        orders.append(names(lib.cards))
    assert all(o == orders[0] for o in orders)


# ---------------------------------------------------------------------------------------------
# 701.24a shuffle
# ---------------------------------------------------------------------------------------------


def test_701_24a_shuffle_keeps_the_same_cards():
    """Shuffling randomises the order of the cards in a library: the same objects remain."""
    cards = make_cards(60)
    lib = Library(cards, seed=SEED)
    lib.shuffle()
    after = lib.cards
    assert len(after) == 60
    assert len(lib) == 60
    assert Counter(after) == Counter(cards)
    assert all(isinstance(c, Card) for c in after)


def test_701_24a_shuffle_randomises_order():
    """A shuffle of 60 cards puts them in a new order (1/60! chance of keeping it)."""
    cards = make_cards(60)
    lib = Library(cards, seed=SEED)
    lib.shuffle()
    assert names(lib.cards) != names(cards)


def test_701_24a_shuffle_reports_exactly_one_shuffle_event():
    """One shuffle is one event of type "shuffle" citing its rule."""
    lib = Library(make_cards(60), seed=SEED, stream=3)
    events = lib.shuffle()
    assert isinstance(events, list)
    assert len(events) == 1
    (event,) = events
    assert isinstance(event, dict)
    assert event["type"] == "shuffle"
    assert isinstance(event["rule"], str)
    assert event["rule"].startswith("701.24")


def test_701_24a_shuffle_event_reports_size_and_stream():
    """The shuffle event carries the library size and the stream (API.md event example)."""
    lib = Library(make_cards(60), seed=SEED, stream=3)
    (event,) = lib.shuffle()
    assert event["size"] == 60
    assert event["stream"] == 3


def test_701_24a_same_seed_and_stream_give_same_order():
    """Reproducible for whoever holds the seed: same seed and stream, same shuffled order."""
    cards = make_cards(60)
    a = Library(cards, seed=SEED, stream=5)
    b = Library(cards, seed=SEED, stream=5)
    a.shuffle()
    b.shuffle()
    assert names(a.cards) == names(b.cards)
    a.shuffle()
    b.shuffle()
    assert names(a.cards) == names(b.cards)


def test_701_24a_different_stream_gives_different_order():
    """Each stream of a seed is an independent randomisation of a 60-card library."""
    cards = make_cards(60)
    a = Library(cards, seed=SEED, stream=0)
    b = Library(cards, seed=SEED, stream=1)
    a.shuffle()
    b.shuffle()
    assert names(a.cards) != names(b.cards)


def test_701_24a_default_stream_is_zero():
    """stream defaults to 0."""
    cards = make_cards(60)
    a = Library(cards, seed=SEED)
    b = Library(cards, seed=SEED, stream=0)
    a.shuffle()
    b.shuffle()
    assert names(a.cards) == names(b.cards)


def test_701_24a_different_seed_gives_different_order():
    """Different seeds randomise a 60-card library differently."""
    cards = make_cards(60)
    a = Library(cards, seed=SEED)
    b = Library(cards, seed=OTHER_SEED)
    a.shuffle()
    b.shuffle()
    assert names(a.cards) != names(b.cards)


def test_701_24a_successive_shuffles_differ_and_count():
    """Each shuffle is a new randomisation: two successive shuffles of one library give
    different orders, and shuffle_count counts them."""
    lib = Library(make_cards(60), seed=SEED)
    assert lib.shuffle_count == 0
    e1 = lib.shuffle()
    first = names(lib.cards)
    assert lib.shuffle_count == 1
    e2 = lib.shuffle()
    second = names(lib.cards)
    assert lib.shuffle_count == 2
    assert first != second
    assert e2[0]["shuffle"] == e1[0]["shuffle"] + 1


# ---------------------------------------------------------------------------------------------
# 701.24b search, shuffle, then put the found cards somewhere
# ---------------------------------------------------------------------------------------------


def _search_library(n=40, targets=(3, 11, 22, 37)):
    """n distinct cards; those at the target positions are named "Target i"."""
    cards = [Card(f"Target {i}") if i in targets else Card(f"Card {i}") for i in range(n)]
    wanted = [cards[i] for i in targets]
    return cards, wanted


def test_701_24b_search_out_returns_and_removes_found_cards():
    """Cards found by a search and put elsewhere leave the library; the rest is shuffled."""
    cards, wanted = _search_library()
    lib = Library(cards, seed=SEED)
    found, events = lib.search_and_shuffle(lambda c: c.name.startswith("Target"), to="out")
    assert found == wanted  # top to bottom order of the library searched
    rest = [c for c in cards if c not in wanted]
    assert len(lib) == len(rest)
    assert Counter(lib.cards) == Counter(rest)
    assert not set(found) & set(lib.cards)
    assert len(shuffle_events(events)) == 1
    assert lib.shuffle_count == 1


def test_701_24b_search_default_destination_is_out():
    """to defaults to "out"."""
    cards, wanted = _search_library()
    lib = Library(cards, seed=SEED)
    found, _ = lib.search_and_shuffle(lambda c: c.name.startswith("Target"))
    assert found == wanted
    assert not set(found) & set(lib.cards)
    assert len(lib) == len(cards) - len(wanted)


def test_701_24b_found_cards_not_part_of_the_shuffle():
    """The found cards are not included in the shuffle even while still in the library: only
    the rest is shuffled (the shuffle covers len(library) - len(found) cards)."""
    cards, wanted = _search_library(n=60)
    lib = Library(cards, seed=SEED)
    found, events = lib.search_and_shuffle(lambda c: c.name.startswith("Target"), to="top")
    (event,) = shuffle_events(events)
    assert event["size"] == 60 - len(wanted)
    rest_after = lib.cards[len(found) :]
    rest_before = [c for c in cards if c not in wanted]
    assert Counter(rest_after) == Counter(rest_before)
    assert names(rest_after) != names(rest_before)  # the rest really was shuffled


def test_701_24b_search_to_top_puts_first_found_topmost():
    """Found cards put on top after the shuffle: found[0] is the top card, in found order."""
    cards, wanted = _search_library()
    lib = Library(cards, seed=SEED)
    found, events = lib.search_and_shuffle(lambda c: c.name.startswith("Target"), to="top")
    assert found == wanted
    assert lib.cards[: len(found)] == found
    assert lib.cards[0] == found[0]
    assert len(lib) == len(cards)
    assert Counter(lib.cards) == Counter(cards)
    assert len(shuffle_events(events)) == 1


def test_701_24b_search_to_bottom_puts_last_found_bottommost():
    """Found cards put on the bottom after the shuffle: found[-1] is the bottom card."""
    cards, wanted = _search_library()
    lib = Library(cards, seed=SEED)
    found, events = lib.search_and_shuffle(lambda c: c.name.startswith("Target"), to="bottom")
    assert found == wanted
    assert lib.cards[-len(found) :] == found
    assert lib.cards[-1] == found[-1]
    assert len(lib) == len(cards)
    assert Counter(lib.cards) == Counter(cards)
    assert len(shuffle_events(events)) == 1


def test_701_24b_search_limit_respected():
    """A search for at most N cards finds the first N matches from the top."""
    cards, wanted = _search_library()
    lib = Library(cards, seed=SEED)
    found, _ = lib.search_and_shuffle(lambda c: c.name.startswith("Target"), limit=2, to="out")
    assert found == wanted[:2]
    assert len(lib) == len(cards) - 2
    for c in wanted[2:]:
        assert c in lib.cards


def test_701_24b_search_finding_nothing_still_shuffles():
    """A search that finds nothing still shuffles the library (shuffle triggers fire)."""
    cards = make_cards(30)
    lib = Library(cards, seed=SEED)
    found, events = lib.search_and_shuffle(lambda c: False, to="out")
    assert found == []
    assert len(shuffle_events(events)) == 1
    assert lib.shuffle_count == 1
    assert Counter(lib.cards) == Counter(cards)


def test_701_24b_search_predicate_receives_card_objects():
    """The predicate is asked about the library's own Card objects."""
    cards = make_cards(20)
    seen = []

    def predicate(card):
        seen.append(card)
        return False

    lib = Library(cards, seed=SEED)
    lib.search_and_shuffle(predicate)
    assert seen
    assert all(isinstance(c, Card) for c in seen)
    assert set(seen) <= set(cards)
    assert Counter(seen) == Counter(cards)  # no limit: every card is examined once


class Boom(Exception):
    pass


def test_701_24b_predicate_raising_leaves_library_unchanged():
    """An operation either succeeds completely or raises and changes nothing: an exception from
    the predicate propagates and the library keeps its order and shuffle count."""
    cards = make_cards(30)
    lib = Library(cards, seed=SEED)
    lib.shuffle()
    before = snapshot(lib)
    calls = []

    def predicate(card):
        calls.append(card)
        if len(calls) == 5:
            raise Boom("predicate failed")
        return len(calls) < 3

    for to in ("out", "top", "bottom"):
        calls.clear()
        with pytest.raises(Boom):
            lib.search_and_shuffle(predicate, to=to)
        assert snapshot(lib) == before


def test_701_24b_search_bad_destination_raises_and_changes_nothing():
    """to must be "out", "top" or "bottom"."""
    lib = Library(make_cards(10), seed=SEED)
    before = snapshot(lib)
    with pytest.raises(MulliganError):
        lib.search_and_shuffle(lambda c: True, to="middle")
    assert snapshot(lib) == before


# ---------------------------------------------------------------------------------------------
# 701.24c / 701.24d shuffle_in
# ---------------------------------------------------------------------------------------------


def test_701_24c_cards_from_elsewhere_are_shuffled_in():
    """Shuffling objects from another zone into a library adds them and shuffles once."""
    cards = make_cards(30)
    lib = Library(cards, seed=SEED)
    drawn = lib.draw(5)
    assert len(lib) == 25
    events = lib.shuffle_in(drawn)
    assert len(lib) == 30
    assert Counter(lib.cards) == Counter(cards)
    assert len(shuffle_events(events)) == 1
    assert lib.shuffle_count == 1


def test_701_24c_new_card_is_shuffled_in():
    """A card that was never in this library is added by shuffle_in."""
    cards = make_cards(30)
    guile = Card("Guile")
    lib = Library(cards, seed=SEED)
    events = lib.shuffle_in([guile])
    assert guile in lib.cards
    assert Counter(lib.cards) == Counter(cards + [guile])
    assert len(shuffle_events(events)) == 1


def test_701_24c_guile_exiled_in_response_library_still_shuffles():
    """Guile was exiled in response, so nothing is shuffled in; the library is still shuffled
    (likewise Black Sun's Zenith, exiled instead of going to the library)."""
    cards = make_cards(40)
    lib = Library(cards, seed=SEED)
    events = lib.shuffle_in()
    assert len(shuffle_events(events)) == 1
    assert lib.shuffle_count == 1
    assert Counter(lib.cards) == Counter(cards)
    assert names(lib.cards) != names(cards)


def test_701_24c_card_already_in_library_is_not_duplicated():
    """An object already in the library stays put (it is not added twice); the library is
    still shuffled."""
    cards = make_cards(30)
    lib = Library(cards, seed=SEED)
    events = lib.shuffle_in([cards[0], cards[7]])
    assert len(lib) == 30
    assert Counter(lib.cards) == Counter(cards)
    assert len(shuffle_events(events)) == 1


def test_701_24c_mix_of_new_and_present_cards():
    """Only the cards not already in the library are added."""
    cards = make_cards(20)
    extra = Card("Black Sun's Zenith")
    lib = Library(cards, seed=SEED)
    lib.shuffle_in([cards[3], extra, cards[9]])
    assert len(lib) == 21
    assert Counter(lib.cards) == Counter(cards + [extra])


def test_701_24d_loaming_shaman_empty_set_still_shuffles():
    """Shuffling an empty set of objects into a library still shuffles it (Loaming Shaman
    with no targets)."""
    cards = make_cards(40)
    lib = Library(cards, seed=SEED)
    events = lib.shuffle_in([])
    assert len(shuffle_events(events)) == 1
    assert lib.shuffle_count == 1
    assert Counter(lib.cards) == Counter(cards)
    assert names(lib.cards) != names(cards)


# ---------------------------------------------------------------------------------------------
# 701.24e small libraries
# ---------------------------------------------------------------------------------------------


def test_701_24e_empty_library_still_shuffles():
    """Shuffling a library of zero cards is still a shuffle: one event, shuffle triggers fire."""
    lib = Library([], seed=SEED)
    events = lib.shuffle()
    assert len(events) == 1
    assert events[0]["type"] == "shuffle"
    assert events[0]["size"] == 0
    assert lib.shuffle_count == 1
    assert lib.cards == []


def test_701_24e_one_card_library_still_shuffles():
    """Shuffling a library of one card is still a shuffle."""
    card = Card("Lonely")
    lib = Library([card], seed=SEED)
    events = lib.shuffle()
    assert len(events) == 1
    assert events[0]["type"] == "shuffle"
    assert events[0]["size"] == 1
    assert lib.shuffle_count == 1
    assert lib.cards == [card]


def test_701_24e_empty_library_shuffle_in_nothing_still_shuffles():
    """An empty library with an empty set shuffled in is still shuffled."""
    lib = Library([], seed=SEED)
    events = lib.shuffle_in([])
    assert len(shuffle_events(events)) == 1
    assert lib.shuffle_count == 1


# ---------------------------------------------------------------------------------------------
# 701.24f simultaneous shuffles
# ---------------------------------------------------------------------------------------------


def test_701_24f_simultaneous_shuffles_report_one_event_each():
    """If several effects shuffle one library at the same time, shuffle triggers fire that many
    times: naming lib twice and other once gives three shuffle events."""
    lib_cards = make_cards(10, "Mine")
    other_cards = make_cards(5, "Theirs")
    lib = Library(lib_cards, seed=SEED, stream=0)
    other = Library(other_cards, seed=SEED, stream=1)
    events = shuffle_simultaneously([lib, lib, other])
    assert len(events) == 3
    assert all(e["type"] == "shuffle" for e in events)
    assert Counter(e["size"] for e in events) == Counter({10: 2, 5: 1})
    assert Counter(lib.cards) == Counter(lib_cards)
    assert Counter(other.cards) == Counter(other_cards)
    assert lib.shuffle_count >= 1
    assert other.shuffle_count == 1


def test_701_24f_simultaneous_shuffle_of_no_libraries():
    """Naming no library shuffles nothing and reports nothing."""
    assert shuffle_simultaneously([]) == []


# ---------------------------------------------------------------------------------------------
# 701.24g shuffle while putting an object at a set position
# ---------------------------------------------------------------------------------------------


def test_701_24g_darksteel_colossus_shuffled_in_gravebane_zombie_on_top():
    """Darksteel Colossus is shuffled in while Gravebane Zombie goes on top: the library is
    random except that the Zombie is on top; the Colossus is somewhere in it."""
    cards = make_cards(20)
    colossus = Card("Darksteel Colossus")
    zombie = Card("Gravebane Zombie")
    lib = Library(cards, seed=SEED)
    events = lib.shuffle_in([colossus], place=(zombie, 0))
    assert lib.cards[0] == zombie
    assert colossus in lib.cards
    assert len(lib) == 22
    assert Counter(lib.cards) == Counter(cards + [colossus, zombie])
    assert len(shuffle_events(events)) == 1
    assert lib.shuffle_count == 1


def test_701_24g_place_minus_one_is_bottom():
    """Position -1 is the bottom of the library."""
    cards = make_cards(20)
    colossus = Card("Darksteel Colossus")
    zombie = Card("Gravebane Zombie")
    lib = Library(cards, seed=SEED)
    lib.shuffle_in([colossus], place=(zombie, -1))
    assert lib.cards[-1] == zombie
    assert colossus in lib.cards
    assert len(lib) == 22


def test_701_24g_negative_position_counts_from_bottom():
    """Position -2 is second from the bottom; position k >= 0 is k from the top."""
    cards = make_cards(20)
    zombie = Card("Gravebane Zombie")
    lib = Library(cards, seed=SEED)
    lib.shuffle_in([], place=(zombie, -2))
    assert lib.cards[-2] == zombie
    zombie2 = Card("Gravebane Zombie")
    lib.shuffle_in([], place=(zombie2, 5))
    assert lib.cards[5] == zombie2
    assert len(lib) == 22


def test_701_24g_position_bounds_are_those_of_the_final_library():
    """position len-1 is the bottom and -len the top of the library after the operation."""
    cards = make_cards(20)
    colossus = Card("Darksteel Colossus")
    zombie = Card("Gravebane Zombie")
    lib = Library(cards, seed=SEED)
    lib.shuffle_in([colossus], place=(zombie, 21))
    assert lib.cards[21] == zombie and len(lib) == 22

    lib2 = Library(cards, seed=SEED)
    lib2.shuffle_in([colossus], place=(zombie, -22))
    assert lib2.cards[0] == zombie and len(lib2) == 22


def test_701_24g_place_card_already_in_library():
    """The placed card may already be in the library: it moves to the position, not copied."""
    cards = make_cards(20)
    lib = Library(cards, seed=SEED)
    target = cards[13]
    events = lib.shuffle_in(place=(target, 0))
    assert lib.cards[0] == target
    assert len(lib) == 20
    assert Counter(lib.cards) == Counter(cards)
    assert len(shuffle_events(events)) == 1


def test_701_24g_colossus_position_is_random_across_seeds():
    """Apart from the placed object the library is randomised: over many seeds the Colossus
    lands at many different positions, never on the Zombie's."""
    cards = make_cards(20)
    positions = set()
    rest_orders = set()
    for i in range(40):
        colossus = Card("Darksteel Colossus")
        zombie = Card("Gravebane Zombie")
        lib = Library(cards, seed=bytes([i]) * 32)
        lib.shuffle_in([colossus], place=(zombie, 0))
        assert lib.cards[0] == zombie
        positions.add(lib.cards.index(colossus))
        rest_orders.add(tuple(names(lib.cards[1:])))
    assert 0 not in positions
    assert len(positions) >= 8
    assert len(rest_orders) == 40


@pytest.mark.parametrize("position", [22, 100, -23, -100])
def test_701_24g_position_out_of_range_raises_and_changes_nothing(position):
    """A position outside the final library is not a legal placement: IllegalActionError,
    and neither card is added nor the library shuffled."""
    cards = make_cards(20)
    colossus = Card("Darksteel Colossus")
    zombie = Card("Gravebane Zombie")
    lib = Library(cards, seed=SEED)
    lib.shuffle()
    before = snapshot(lib)
    with pytest.raises(IllegalActionError):
        lib.shuffle_in([colossus], place=(zombie, position))
    assert snapshot(lib) == before
    assert colossus not in lib.cards
    assert zombie not in lib.cards


# ---------------------------------------------------------------------------------------------
# draw (121.4) and placing cards (401.4)
# ---------------------------------------------------------------------------------------------


def test_121_draw_takes_top_cards_in_order():
    """Drawing takes cards from the top of the library, top first."""
    cards = make_cards(10)
    lib = Library(cards, seed=SEED)
    assert lib.draw(3) == cards[:3]
    assert lib.cards == cards[3:]
    assert lib.draw() == [cards[3]]
    assert lib.cards == cards[4:]
    assert lib.draw(0) == []
    assert lib.cards == cards[4:]


def test_121_4_draw_more_than_available_returns_what_is_there():
    """Drawing from a library with too few cards draws what is there (121.4)."""
    cards = make_cards(5)
    lib = Library(cards, seed=SEED)
    assert lib.draw(8) == cards
    assert lib.cards == []
    assert len(lib) == 0
    assert lib.draw(1) == []


def test_121_draw_negative_raises_and_changes_nothing():
    """Drawing a negative number of cards is illegal."""
    cards = make_cards(5)
    lib = Library(cards, seed=SEED)
    before = snapshot(lib)
    with pytest.raises(IllegalActionError):
        lib.draw(-1)
    assert snapshot(lib) == before


def test_401_4_put_on_top_sequence_is_final_top_order():
    """Cards put on top together end in the order given by their owner, first topmost."""
    cards = make_cards(10)
    x, y, z = Card("X"), Card("Y"), Card("Z")
    lib = Library(cards, seed=SEED)
    events = lib.put_on_top([x, y, z])
    assert isinstance(events, list)
    assert lib.cards == [x, y, z] + cards
    assert lib.shuffle_count == 0
    assert shuffle_events(events) == []


def test_401_4_put_on_bottom_sequence_is_final_bottom_order():
    """Cards put on the bottom together end in the order given, last bottom-most."""
    cards = make_cards(10)
    x, y, z = Card("X"), Card("Y"), Card("Z")
    lib = Library(cards, seed=SEED)
    events = lib.put_on_bottom([x, y, z])
    assert isinstance(events, list)
    assert lib.cards == cards + [x, y, z]
    assert lib.shuffle_count == 0
    assert shuffle_events(events) == []


def test_401_4_drawn_cards_put_back_on_top():
    """Drawn cards can be put back on top in a chosen order."""
    cards = make_cards(10)
    lib = Library(cards, seed=SEED)
    a, b = lib.draw(2)
    lib.put_on_top([b, a])
    assert lib.cards == [b, a] + cards[2:]


@pytest.mark.parametrize("method", ["put_on_top", "put_on_bottom"])
def test_401_4_put_card_already_in_library_raises_and_changes_nothing(method):
    """A card already in the library cannot be put there again: IllegalActionError, and the
    other cards named are not added either."""
    cards = make_cards(10)
    x = Card("X")
    lib = Library(cards, seed=SEED)
    before = snapshot(lib)
    with pytest.raises(IllegalActionError):
        getattr(lib, method)([x, cards[4]])
    assert snapshot(lib) == before
    assert x not in lib.cards


@pytest.mark.parametrize("method", ["put_on_top", "put_on_bottom"])
def test_401_4_put_card_listed_twice_raises_and_changes_nothing(method):
    """One object cannot be put into the library twice."""
    cards = make_cards(10)
    x, y = Card("X"), Card("Y")
    lib = Library(cards, seed=SEED)
    before = snapshot(lib)
    with pytest.raises(IllegalActionError):
        getattr(lib, method)([x, y, x])
    assert snapshot(lib) == before
    assert x not in lib.cards and y not in lib.cards


# ---------------------------------------------------------------------------------------------
# Events and types
# ---------------------------------------------------------------------------------------------


def test_events_are_json_serialisable_dicts_with_type_and_rule():
    """Every event is a plain dict with "type" and "rule" that json.dumps accepts."""
    cards = make_cards(30)
    lib = Library(cards, seed=SEED, stream=2)
    other = Library(make_cards(3, "Other"), seed=SEED, stream=9)
    events = []
    events += lib.shuffle()
    drawn = lib.draw(6)
    events += lib.put_on_top(drawn[:2])
    events += lib.put_on_bottom(drawn[2:4])
    events += lib.shuffle_in(drawn[4:5])
    events += lib.shuffle_in([], place=(drawn[5], -1))
    for to in ("out", "top", "bottom"):
        _, ev = lib.search_and_shuffle(lambda c: c.name.endswith("1"), limit=2, to=to)
        events += ev
    events += shuffle_simultaneously([lib, other, lib])
    events += Library([], seed=SEED).shuffle()
    assert events
    for e in events:
        assert isinstance(e, dict)
        assert isinstance(e["type"], str)
        assert isinstance(e["rule"], str)
        json.loads(json.dumps(e))


def test_error_hierarchy():
    """MulliganTypeError is a MulliganError and a TypeError; IllegalActionError a
    MulliganError and a ValueError."""
    assert issubclass(MulliganTypeError, MulliganError)
    assert issubclass(MulliganTypeError, TypeError)
    assert issubclass(IllegalActionError, MulliganError)
    assert issubclass(IllegalActionError, ValueError)
    assert issubclass(MulliganError, Exception)


@pytest.mark.parametrize("bad", [["not a card"], [Card("Forest"), "not a card"], [None], [3]])
def test_library_of_non_cards_raises_type_error(bad):
    """A list of cards holding something else is an argument of the wrong type."""
    with pytest.raises(MulliganTypeError) as info:
        Library(bad, seed=SEED)
    assert isinstance(info.value, TypeError)
    assert isinstance(info.value, MulliganError)


@pytest.mark.parametrize("method", ["put_on_top", "put_on_bottom", "shuffle_in"])
def test_library_operations_reject_non_cards(method):
    """Library operations given a str among the cards raise MulliganTypeError, unchanged."""
    lib = Library(make_cards(5), seed=SEED)
    before = snapshot(lib)
    with pytest.raises(MulliganTypeError):
        getattr(lib, method)([Card("X"), "not a card"])
    assert snapshot(lib) == before
