"""Every error path of the C ABI: NULL pointers, bad handles, lengths and buffers, malformed
input, refused answers that change nothing, caught panics, threads."""

from __future__ import annotations

import json
import threading
from typing import Any

from tests.capi_util import (
    CONFIG,
    DECK_ERROR,
    GOLDEN_DECK,
    GOLDEN_SEED_HEX,
    ILLEGAL,
    INTERNAL,
    INVALID_ARGUMENT,
    INVALID_HANDLE,
    NULL_POINTER,
    SEED_ERROR,
    TOO_SMALL,
    Capi,
    golden_setup,
)

# ------------------------------------------------------------------------------------------
# error paths


def test_last_error_is_per_call_and_survives_a_small_buffer(capi: Capi) -> None:
    message = capi.fails(SEED_ERROR, "mulligan_seed_from_hex", b"abc", capi.ffi.new("uint64_t *"))
    assert "64 hex digits" in message
    needed = capi.ffi.new("size_t *")
    small = capi.ffi.new("char[4]")
    assert capi.lib.mulligan_last_error(small, 4, needed) == TOO_SMALL
    assert needed[0] == len(message.encode()) + 1
    assert capi.lib.mulligan_last_error(capi.ffi.NULL, 0, needed) == TOO_SMALL
    assert capi.last_error() == message  # unchanged by the failed reads
    assert capi.lib.mulligan_last_error(capi.ffi.NULL, 5, needed) == NULL_POINTER
    assert capi.last_error() == message
    out = capi.ffi.new("uint32_t *")
    capi.call("mulligan_format_version", out)
    assert capi.last_error() == ""  # a successful call clears it
    assert capi.lib.mulligan_last_error(capi.ffi.NULL, 0, needed) == TOO_SMALL
    assert needed[0] == 1


def test_null_pointers(capi: Capi) -> None:
    ffi, null = capi.ffi, capi.ffi.NULL
    out = ffi.new("uint64_t *")
    assert "out is NULL" in capi.fails(NULL_POINTER, "mulligan_seed_from_hex", b"00" * 32, null)
    assert "hex is NULL" in capi.fails(NULL_POINTER, "mulligan_seed_from_hex", null, out)
    assert out[0] == 0
    capi.fails(NULL_POINTER, "mulligan_seed_from_bytes", null, 32, out)
    capi.fails(NULL_POINTER, "mulligan_seed_generate", null)
    capi.fails(NULL_POINTER, "mulligan_game_new", null, out)
    capi.fails(NULL_POINTER, "mulligan_format_version", null)
    capi.fails(NULL_POINTER, "mulligan_live_handles", null)

    seed = capi.seed()
    lib = capi.library(5)
    game = capi.game(golden_setup(starting_player=0))
    capi.fails(NULL_POINTER, "mulligan_seed_commitment", seed, null, 65, null)
    capi.fails(NULL_POINTER, "mulligan_seed_verify_commitment", seed, null, ffi.new("bool *"))
    capi.fails(NULL_POINTER, "mulligan_seed_verify_commitment", seed, b"0" * 64, null)
    capi.fails(NULL_POINTER, "mulligan_library_new", seed, 0, 5, null)
    capi.fails(NULL_POINTER, "mulligan_library_cards", lib, null, 5, null)
    capi.fails(NULL_POINTER, "mulligan_library_len", lib, null)
    capi.fails(NULL_POINTER, "mulligan_library_shuffle_count", lib, null)
    capi.fails(NULL_POINTER, "mulligan_library_put_on_top", lib, null, 1)
    capi.fails(NULL_POINTER, "mulligan_library_put_on_bottom", lib, null, 2)
    capi.fails(NULL_POINTER, "mulligan_library_search_and_shuffle", lib, null, 1, 0)
    capi.fails(NULL_POINTER, "mulligan_library_shuffle_in", lib, null, 1, 0, 0, 0)
    capi.fails(NULL_POINTER, "mulligan_library_shuffle_simultaneously", null, 1)
    capi.fails(NULL_POINTER, "mulligan_library_draw", lib, 1, ffi.new("uint32_t[1]"), 1, null)
    capi.fails(NULL_POINTER, "mulligan_library_draw", lib, 1, null, 1, ffi.new("size_t *"))
    capi.fails(NULL_POINTER, "mulligan_game_done", game, null)
    capi.fails(NULL_POINTER, "mulligan_game_event_count", game, null)
    capi.fails(NULL_POINTER, "mulligan_game_seed", game, null)
    capi.fails(NULL_POINTER, "mulligan_game_pending_json", game, null, 10, null)
    capi.fails(NULL_POINTER, "mulligan_game_hand", game, 0, null, 7, null)
    capi.fails(NULL_POINTER, "mulligan_game_bottom", game, 0, null, 1)
    # Nothing changed; an empty array may be NULL.
    assert capi.ids("mulligan_library_cards", lib) == list(range(5))
    capi.call("mulligan_library_put_on_top", lib, null, 0)
    capi.call("mulligan_library_shuffle_simultaneously", null, 0)
    for free, h in (
        ("mulligan_seed_free", seed),
        ("mulligan_library_free", lib),
        ("mulligan_game_free", game),
    ):
        capi.call(free, h)


def test_wrong_unknown_and_freed_handles(capi: Capi) -> None:
    before = capi.live()
    seed = capi.seed()
    lib = capi.library(5)
    game = capi.game(golden_setup(starting_player=0))
    assert capi.live() == before + 3
    assert {seed & 3, lib & 3, game & 3} == {1, 2, 3}
    out = capi.ffi.new("uint64_t *")
    size = capi.ffi.new("size_t *")

    assert "null handle" in capi.fails(INVALID_HANDLE, "mulligan_library_shuffle", 0)
    message = capi.fails(INVALID_HANDLE, "mulligan_library_shuffle", seed)
    assert "is a seed handle, not a library handle" in message
    capi.fails(INVALID_HANDLE, "mulligan_library_new", lib, 0, 5, out)
    assert out[0] == 0
    capi.fails(INVALID_HANDLE, "mulligan_game_keep", lib, 0)
    capi.fails(INVALID_HANDLE, "mulligan_library_len", game, size)
    never = (1 << 60) | 2
    assert "never issued" in capi.fails(INVALID_HANDLE, "mulligan_library_len", never, size)
    assert "never issued" in capi.fails(INVALID_HANDLE, "mulligan_game_keep", 4, 0)
    handles = capi.ffi.new("uint64_t[]", [lib, seed])
    capi.fails(INVALID_HANDLE, "mulligan_library_shuffle_simultaneously", handles, 2)
    count = capi.ffi.new("uint32_t *")
    capi.call("mulligan_library_shuffle_count", lib, count)
    assert count[0] == 0  # all or nothing: the valid library was not shuffled

    # Freeing with the wrong type frees nothing; 0 is a no-op.
    capi.fails(INVALID_HANDLE, "mulligan_seed_free", lib)
    capi.fails(INVALID_HANDLE, "mulligan_library_free", game)
    capi.fails(INVALID_HANDLE, "mulligan_game_free", seed)
    assert capi.live() == before + 3
    for free in ("mulligan_seed_free", "mulligan_library_free", "mulligan_game_free"):
        capi.call(free, 0)

    # Double free and use after free are detected, for every type.
    capi.call("mulligan_seed_free", seed)
    capi.call("mulligan_library_free", lib)
    capi.call("mulligan_game_free", game)
    assert capi.live() == before
    assert "already freed" in capi.fails(INVALID_HANDLE, "mulligan_seed_free", seed)
    assert "already freed" in capi.fails(INVALID_HANDLE, "mulligan_library_free", lib)
    assert "already freed" in capi.fails(INVALID_HANDLE, "mulligan_game_free", game)
    capi.fails(INVALID_HANDLE, "mulligan_seed_hex", seed, capi.ffi.NULL, 0, size)
    capi.fails(INVALID_HANDLE, "mulligan_library_new", seed, 0, 5, out)
    capi.fails(INVALID_HANDLE, "mulligan_library_shuffle", lib)
    capi.fails(INVALID_HANDLE, "mulligan_library_cards", lib, capi.ffi.NULL, 0, size)
    assert "already freed" in capi.fails(INVALID_HANDLE, "mulligan_game_keep", game, 0)
    capi.fails(INVALID_HANDLE, "mulligan_game_pending_json", game, capi.ffi.NULL, 0, size)
    assert capi.live() == before


def test_bad_lengths_and_small_buffers(capi: Capi) -> None:
    ffi = capi.ffi
    out = ffi.new("uint64_t *")
    for n in (0, 31, 33):
        message = capi.fails(SEED_ERROR, "mulligan_seed_from_bytes", bytes(40), n, out)
        assert f"got {n}" in message
    seed = capi.seed()
    capi.fails(INVALID_ARGUMENT, "mulligan_library_new", seed, 0, (1 << 24) + 1, out)
    capi.fails(ILLEGAL, "mulligan_library_new", seed, 1 << 56, 5, out)
    assert out[0] == 0

    needed = ffi.new("size_t *")
    buf = ffi.new("char[64]")
    assert capi.lib.mulligan_seed_hex(seed, buf, 64, needed) == TOO_SMALL
    assert needed[0] == 65
    assert "65" in capi.last_error()
    assert capi.lib.mulligan_seed_commitment(seed, buf, 64, ffi.NULL) == TOO_SMALL
    raw = ffi.new("uint8_t[31]")
    assert capi.lib.mulligan_seed_bytes(seed, raw, 31, needed) == TOO_SMALL and needed[0] == 32

    lib = capi.library(10)
    cards = ffi.new("uint32_t[9]")
    assert capi.lib.mulligan_library_cards(lib, cards, 9, needed) == TOO_SMALL
    assert needed[0] == 10
    count = ffi.new("size_t *")
    assert capi.lib.mulligan_library_draw(lib, 5, cards, 4, count) == TOO_SMALL
    assert count[0] == 5
    assert capi.ids("mulligan_library_cards", lib) == list(range(10))  # nothing drawn
    # A misaligned array is refused, not read.
    raw_bytes = ffi.new("char[64]")
    odd = ffi.cast("uint32_t *", raw_bytes + 1)
    assert "aligned" in capi.fails(INVALID_ARGUMENT, "mulligan_library_cards", lib, odd, 4, needed)
    capi.fails(INVALID_ARGUMENT, "mulligan_library_put_on_top", lib, odd, 1)
    capi.fails(INVALID_ARGUMENT, "mulligan_library_search_and_shuffle", lib, capi.u32s([1]), 1, 3)
    assert capi.ids("mulligan_library_cards", lib) == list(range(10))

    game = capi.game(golden_setup(starting_player=0))
    small = ffi.new("char[8]")
    assert capi.lib.mulligan_game_pending_json(game, small, 8, needed) == TOO_SMALL
    assert needed[0] > 8
    assert ffi.buffer(small)[:] == bytes(8)  # nothing written on failure
    hand = ffi.new("uint32_t[6]")
    assert capi.lib.mulligan_game_hand(game, 0, hand, 6, needed) == TOO_SMALL and needed[0] == 7
    capi.fails(INVALID_ARGUMENT, "mulligan_game_events_json", game, 10_000, ffi.NULL, 0, needed)
    capi.fails(ILLEGAL, "mulligan_game_hand", game, 2, hand, 6, needed)
    capi.fails(ILLEGAL, "mulligan_game_zones_json", game, 9, ffi.NULL, 0, needed)
    capi.fails(ILLEGAL, "mulligan_game_cards_json", game, 9, ffi.NULL, 0, needed)
    capi.call("mulligan_game_free", game)
    capi.call("mulligan_library_free", lib)
    capi.call("mulligan_seed_free", seed)


def test_invalid_hex(capi: Capi) -> None:
    out = capi.ffi.new("uint64_t *")
    for text in (b"", b"0" * 63, b"0" * 65, b"0" * 63 + b"g", b"\xff" * 64, b" 0" * 32):
        capi.fails(SEED_ERROR, "mulligan_seed_from_hex", text, out)
        assert out[0] == 0
    message = capi.fails(SEED_ERROR, "mulligan_seed_from_hex", b"0" * 63 + b"g", out)
    assert "character 64" in message
    seed = capi.seed()
    matches = capi.ffi.new("bool *")
    capi.fails(SEED_ERROR, "mulligan_seed_verify_commitment", seed, b"xyz", matches)
    capi.fails(SEED_ERROR, "mulligan_seed_verify_commitment", seed, b"\xfe" * 64, matches)
    capi.call("mulligan_seed_free", seed)


def test_setup_json_errors(capi: Capi) -> None:
    out = capi.ffi.new("uint64_t *")
    before = capi.live()

    def refused(status: int, setup: Any) -> str:
        text = setup if isinstance(setup, bytes) else json.dumps(setup).encode()
        message = capi.fails(status, "mulligan_game_new", text, out)
        assert out[0] == 0
        return message

    refused(INVALID_ARGUMENT, b"{not json")
    refused(INVALID_ARGUMENT, b"\xff")
    typo = refused(INVALID_ARGUMENT, {**golden_setup(), "seeed": 1})
    # The unknown key, and the keys the set-up takes (a table option among them).
    assert "unknown field `seeed`, expected one of `players`" in typo
    assert "`seed`" in typo and "`land_mulligan`" in typo
    assert "CHAOS" in refused(INVALID_ARGUMENT, golden_setup(variant="CHAOS"))
    refused(INVALID_ARGUMENT, golden_setup(mulligan="MOSCOW"))
    refused(INVALID_ARGUMENT, golden_setup(starting_player=-1))
    refused(INVALID_ARGUMENT, golden_setup(game_index="one"))
    refused(INVALID_ARGUMENT, {"players": [{"name": "A"}]})
    refused(SEED_ERROR, golden_setup(seed="12"))
    bad_deck = golden_setup()
    bad_deck["players"][1]["deck"] = "Forest\n0 Forest"
    message = refused(DECK_ERROR, bad_deck)
    assert message.startswith("players[1].deck: line 2:")
    one = {"players": [{"name": "A", "deck": GOLDEN_DECK}], "seed": GOLDEN_SEED_HEX}
    assert "exactly 2" in refused(CONFIG, one)
    refused(CONFIG, golden_setup(starting_player=2))
    refused(CONFIG, golden_setup(starting_player=0, chooser=1))
    refused(CONFIG, golden_setup(game_index=1 << 48))
    refused(CONFIG, golden_setup(variant="TWO_HEADED_GIANT"))
    assert capi.live() == before


def test_setup_json_bounds_modifiers_and_deck_size(capi: Capi) -> None:
    """docs/C_ABI.md: Vanguard modifiers between -1,000,000 and 1,000,000 (2^31 - 1 used to
    overflow the hand size and life total: a panic, MULLIGAN_ERR_INTERNAL, in a debug build);
    a deck of at most 1,000,000 cards in all."""
    out = capi.ffi.new("uint64_t *")
    before = capi.live()
    for field in ("hand_modifier", "life_modifier"):
        for value in (2**31 - 1, 1_000_001, -1_000_001, -(2**31)):
            setup = golden_setup(variant="VANGUARD", starting_player=0)
            setup["players"][1][field] = value
            text = json.dumps(setup).encode()
            message = capi.fails(CONFIG, "mulligan_game_new", text, out)
            assert out[0] == 0
            assert f'seat 1 ("B"): {field} {value} is out of range' in message
        setup = golden_setup(variant="VANGUARD", starting_player=0)
        setup["players"][1][field] = 2**31  # not an int32: a wrong type
        capi.fails(INVALID_ARGUMENT, "mulligan_game_new", json.dumps(setup).encode(), out)
    setup = golden_setup(variant="VANGUARD", starting_player=0)
    setup["players"][0].update(hand_modifier=1_000_000, life_modifier=-1_000_000)
    game = capi.game(setup)
    assert len(capi.ids("mulligan_game_hand", game, 0)) == 60
    events = capi.json("mulligan_game_events_json", game, 0)
    assert [e["life"] for e in events if e["type"] == "life"] == [-999_980, 20]
    capi.call("mulligan_game_free", game)

    big = golden_setup()
    big["players"][0]["deck"] = "100000 Forest\n" * 10 + "Sideboard\n1 Duress"
    message = capi.fails(DECK_ERROR, "mulligan_game_new", json.dumps(big).encode(), out)
    assert message.startswith("players[0].deck: line 12: ") and "1000000 cards" in message
    assert capi.live() == before


def test_two_headed_giant_teams_share_life_with_modifiers(capi: Capi) -> None:
    """docs/API.md, 103.4: a Two-Headed Giant team has one life total, 30 plus the sum of its
    players' life modifiers, reported for every teammate."""
    players = [
        {"name": n, "deck": GOLDEN_DECK, "team": t, "life_modifier": lm}
        for n, t, lm in [("A", "x", 3), ("B", "x", -1), ("C", "y", 0), ("D", "y", 5)]
    ]
    setup = {
        "players": players,
        "seed": GOLDEN_SEED_HEX,
        "variant": "TWO_HEADED_GIANT",
        "starting_player": 0,
    }
    game = capi.game(setup)
    events = capi.json("mulligan_game_events_json", game, 0)
    assert [(e["seat"], e["life"]) for e in events if e["type"] == "life"] == [
        (0, 32),
        (1, 32),
        (2, 35),
        (3, 35),
    ]
    capi.call("mulligan_game_free", game)


def test_103_6a_starting_player_reveals_a_caverns_card_that_can_be_revealed(capi: Capi) -> None:
    """103.6a: the starting player's card tagged both gemstone_caverns and reveal is revealed,
    never put onto the battlefield exiling a card; an exile is refused and changes nothing."""
    deck = "60 Odd Cave [land, gemstone_caverns, reveal]"
    setup = {
        "players": [{"name": "A", "deck": deck}, {"name": "B", "deck": deck}],
        "seed": GOLDEN_SEED_HEX,
        "starting_player": 0,
    }
    game = capi.game(setup)
    capi.call("mulligan_game_keep", game, 0)
    capi.call("mulligan_game_keep", game, 1)
    (d,) = capi.json("mulligan_game_pending_json", game)
    assert (d["kind"], d["seat"]) == ("opening_hand_action", 0)
    hand = capi.ids("mulligan_game_hand", game, 0)
    card, other = hand[0], hand[1]
    before = capi.snapshot(game)
    message = capi.fails(ILLEGAL, "mulligan_game_opening_hand_action", game, 0, card, 1, other)
    assert "103.6a" in message
    assert capi.snapshot(game) == before
    capi.call("mulligan_game_opening_hand_action", game, 0, card, 0, 0)
    zones = capi.json("mulligan_game_zones_json", game, 0)
    assert [c["id"] for c in zones["revealed"]] == [card]
    assert zones["battlefield"] == [] and zones["exile"] == []
    last = capi.json("mulligan_game_events_json", game, 0)[-1]
    assert (last["type"], last["action"], last["exiled"]) == ("opening_hand_action", "reveal", None)
    capi.call("mulligan_game_pass_actions", game, 0)
    hand = capi.ids("mulligan_game_hand", game, 1)
    capi.call("mulligan_game_opening_hand_action", game, 1, hand[0], 1, hand[1])
    last = capi.json("mulligan_game_events_json", game, 0)[-1]
    assert (last["seat"], last["action"]) == (1, "gemstone_caverns")
    capi.call("mulligan_game_free", game)


def test_illegal_answers_change_nothing(capi: Capi) -> None:
    game = capi.game(golden_setup())  # seat 0 chooses who starts
    ffi = capi.ffi
    attempts: list[tuple[str, tuple[Any, ...]]] = [
        ("mulligan_game_choose_starting_player", (1, 0)),
        ("mulligan_game_choose_starting_player", (0, 2)),
        ("mulligan_game_keep", (0,)),
        ("mulligan_game_keep", (5,)),
        ("mulligan_game_pass_actions", (0,)),
    ]
    for name, args in attempts:
        before = capi.snapshot(game)
        capi.fails(ILLEGAL, name, game, *args)
        assert capi.snapshot(game) == before, name
    result_message = capi.fails(ILLEGAL, "mulligan_game_result_json", game, ffi.NULL, 0, ffi.NULL)
    assert "not done" in result_message

    capi.call("mulligan_game_choose_starting_player", game, 0, 0)
    capi.call("mulligan_game_mulligan", game, 0)
    capi.call("mulligan_game_keep", game, 1)
    hand = capi.ids("mulligan_game_hand", game, 0)
    not_in_hand = next(i for i in range(60) if i not in hand)
    attempts = [
        ("mulligan_game_keep", (0,)),
        ("mulligan_game_mulligan", (1,)),
        ("mulligan_game_bottom", (0, capi.u32s(hand[:2]), 2)),  # one card is asked
        ("mulligan_game_bottom", (0, ffi.NULL, 0)),
        ("mulligan_game_bottom", (0, capi.u32s([not_in_hand]), 1)),
        ("mulligan_game_bottom", (1, capi.u32s(hand[:1]), 1)),
        ("mulligan_game_mulligan_action", (0, hand[0])),
        ("mulligan_game_vancouver", (0, 1)),
        ("mulligan_game_opening_hand_action", (0, hand[0], 0, 0)),
    ]
    for name, args in attempts:
        before = capi.snapshot(game)
        message = capi.fails(ILLEGAL, name, game, *args)
        assert capi.snapshot(game) == before, (name, message)
    capi.call("mulligan_game_bottom", game, 0, capi.u32s(hand[:1]), 1)
    capi.call("mulligan_game_keep", game, 0)
    before = capi.snapshot(game)
    assert "over" in capi.fails(ILLEGAL, "mulligan_game_keep", game, 0)
    assert capi.snapshot(game) == before
    capi.call("mulligan_game_free", game)


def test_a_player_who_must_keep_cannot_mulligan(capi: Capi) -> None:
    players = [{"name": "A", "deck": GOLDEN_DECK, "hand_modifier": -6}]
    players.append({"name": "B", "deck": GOLDEN_DECK})
    setup = {"players": players, "seed": GOLDEN_SEED_HEX, "variant": "VANGUARD"}
    game = capi.game({**setup, "starting_player": 0})
    capi.call("mulligan_game_mulligan", game, 0)
    capi.call("mulligan_game_keep", game, 1)
    capi.call(
        "mulligan_game_bottom", game, 0, capi.u32s(capi.ids("mulligan_game_hand", game, 0)), 1
    )
    pending = capi.json("mulligan_game_pending_json", game)
    assert pending[0]["can_mulligan"] is False
    before = capi.snapshot(game)
    assert "must keep" in capi.fails(ILLEGAL, "mulligan_game_mulligan", game, 0)
    assert capi.snapshot(game) == before
    capi.call("mulligan_game_free", game)


def test_a_caught_panic_and_a_poisoned_handle(capi: Capi) -> None:
    message = capi.fails(INTERNAL, "mulligan_debug_panic", 0)
    assert "mulligan_debug_panic" in message and "internal error" in message
    out = capi.ffi.new("uint32_t *")
    capi.call("mulligan_format_version", out)  # the library still works

    lib = capi.library(5)
    other = capi.library(5)
    capi.fails(INTERNAL, "mulligan_debug_panic", lib)
    assert "poisoned" in capi.fails(INTERNAL, "mulligan_library_shuffle", lib)
    capi.fails(INTERNAL, "mulligan_library_len", lib, capi.ffi.new("size_t *"))
    capi.call("mulligan_library_shuffle", other)  # other handles are untouched
    capi.call("mulligan_library_free", lib)
    assert "already freed" in capi.fails(INVALID_HANDLE, "mulligan_library_shuffle", lib)
    capi.call("mulligan_library_free", other)
    assert "never issued" in capi.fails(INVALID_HANDLE, "mulligan_debug_panic", 1 << 40)


def test_threads_share_handles_safely_and_keep_their_own_last_error(capi: Capi) -> None:
    shared = capi.library(60)
    errors: list[str] = []
    barrier = threading.Barrier(4)

    def work(k: int) -> None:
        try:
            own = capi.library(40, stream=k + 1)
            barrier.wait()
            for _ in range(50):
                capi.call("mulligan_library_shuffle", shared)
                capi.call("mulligan_library_shuffle", own)
            if k % 2:
                capi.fails(ILLEGAL, "mulligan_library_put_on_top", own, capi.u32s([0]), 1)
            barrier.wait()  # every thread has made its last call
            if k % 2:
                assert "already in this library" in capi.last_error()
            else:
                assert capi.last_error() == ""
            count = capi.ffi.new("uint32_t *")
            capi.call("mulligan_library_shuffle_count", own, count)
            assert count[0] == 50
            assert sorted(capi.ids("mulligan_library_cards", own)) == list(range(40))
            capi.call("mulligan_library_free", own)
        except BaseException as e:  # reported by the main thread below
            errors.append(repr(e))

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    count = capi.ffi.new("uint32_t *")
    capi.call("mulligan_library_shuffle_count", shared, count)
    assert count[0] == 200
    assert sorted(capi.ids("mulligan_library_cards", shared)) == list(range(60))
    capi.call("mulligan_library_free", shared)


def test_table_options_out_of_range_are_config_errors(capi: Capi) -> None:
    """docs/C_ABI.md: `free_mulligans` 0 to 5, 2 to 8 candidates (docs/VARIANTS.md); a wrong
    type or an unknown name (a `smoothing` model too, as variants and eras) is an invalid
    argument."""
    out = capi.ffi.new("uint64_t *")
    for extra, status, words in [
        ({"free_mulligans": 6}, CONFIG, "0 to 5"),
        ({"smoothing": "arena3"}, INVALID_ARGUMENT, "unknown smoothing model"),
        ({"smoothing": "arena2", "smoothing_candidates": 9}, CONFIG, "2 to 8"),
        ({"smoothing_candidates": 3}, CONFIG, "needs a smoothing model"),
        ({"mulligan": "HOUSTON", "land_mulligan": True}, CONFIG, "HOUSTON"),
        ({"land_mulligan": 1}, INVALID_ARGUMENT, "expected a boolean"),
    ]:
        setup = {**golden_setup(starting_player=0), **extra}
        message = capi.fails(status, "mulligan_game_new", json.dumps(setup).encode(), out)
        assert words in message, message
        assert out[0] == 0
    game = capi.game(
        {**golden_setup(starting_player=0), "free_mulligans": 5, "smoothing": "weighted3"}
    )
    head = capi.json("mulligan_game_info_json", game)
    assert head is not None
    capi.call("mulligan_game_free", game)
