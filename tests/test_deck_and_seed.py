"""Seeds and commitments (701.24a randomness), cards and decks (103.2).

Specification: docs/API.md, sections "Errors", "Seeds and commitments", "Cards and decks".
"""

import hashlib
import itertools
import re

import pytest

import mulligan
from mulligan import (
    Card,
    Deck,
    DeckError,
    MulliganError,
    MulliganTypeError,
    Seed,
    SeedError,
    verify_commitment,
)

HEX = "00112233445566778899aabbccddeeff0123456789abcdef0f1e2d3c4b5a6978"
COMMIT_PREFIX = b"mulligan/seed-commitment/v1\x00"


# =============================================================================================
# Seeds (701.24a: randomness reproducible only for whoever holds the seed)
# =============================================================================================


def test_seed_error_is_mulligan_error_and_value_error():
    """SeedError derives from MulliganError and ValueError (contract)."""
    assert issubclass(SeedError, MulliganError)
    assert issubclass(SeedError, ValueError)
    assert issubclass(DeckError, MulliganError)
    assert issubclass(DeckError, ValueError)


def test_format_version_is_1():
    """FORMAT_VERSION names the seed-to-output derivation, now 2."""
    assert mulligan.FORMAT_VERSION == 2
    assert isinstance(mulligan.FORMAT_VERSION, int)


def test_701_24a_seed_generate_gives_different_seeds():
    """Seed.generate() draws 32 bytes from the OS CSPRNG: two draws differ."""
    seeds = [Seed.generate() for _ in range(8)]
    hexes = {s.hex() for s in seeds}
    assert len(hexes) == 8
    for s in seeds:
        assert len(bytes(s)) == 32
        assert re.fullmatch(r"[0-9a-f]{64}", s.hex())
    assert seeds[0] != seeds[1]


def test_seed_from_hex_round_trips():
    """Seed.from_hex(h).hex() == h, in lower case."""
    s = Seed.from_hex(HEX)
    assert s.hex() == HEX
    assert Seed.from_hex(s.hex()) == s
    assert bytes(s) == bytes.fromhex(HEX)


def test_seed_from_hex_accepts_either_case():
    """Hex digits in either case; hex() answers in lower case."""
    s = Seed.from_hex(HEX.upper())
    assert s.hex() == HEX
    assert s == Seed.from_hex(HEX)
    mixed = "".join(ch.upper() if i % 2 else ch for i, ch in enumerate(HEX))
    assert Seed.from_hex(mixed) == s


@pytest.mark.parametrize(
    "bad",
    [
        HEX[:63],  # 63 digits
        HEX + "0",  # 65 digits
        "",
        "g" * 64,  # not hex
        HEX[:62] + "zz",
        HEX[:63] + " ",
        " " + HEX,
        HEX + "\n",
        "0x" + HEX[:62],
        "0x" + HEX,
        "\uff10" * 64,  # FULLWIDTH DIGIT ZERO: a digit, but not a hex digit
        "-" + HEX[:63],
    ],
)
def test_seed_from_hex_rejects_malformed(bad):
    """Anything but exactly 64 hex digits raises SeedError."""
    with pytest.raises(SeedError) as info:
        Seed.from_hex(bad)
    assert isinstance(info.value, MulliganError)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("bad", [None, 12345, HEX.encode(), bytes(32), 1.5])
def test_seed_from_hex_rejects_non_str(bad):
    """from_hex takes a str; anything else raises SeedError ("anything else raises SeedError")."""
    with pytest.raises(SeedError):
        Seed.from_hex(bad)


def test_seed_from_bytes():
    """Seed.from_bytes takes exactly 32 bytes; bytes(seed) gives them back."""
    raw = bytes(range(32))
    s = Seed.from_bytes(raw)
    assert bytes(s) == raw
    assert s.hex() == raw.hex()
    assert s == Seed.from_hex(raw.hex())


@pytest.mark.parametrize("n", [0, 1, 31, 33, 64])
def test_seed_from_bytes_wrong_length_raises(n):
    """Anything but exactly 32 bytes raises SeedError."""
    with pytest.raises(SeedError):
        Seed.from_bytes(b"\x01" * n)


def test_seed_repr_does_not_leak_the_secret():
    """repr(seed) shows only the commitment prefix, never the secret: neither the hex nor any
    16-hex-digit piece of it appears."""
    for s in (Seed.from_hex(HEX), Seed.from_bytes(bytes(range(32))), Seed.generate()):
        h = s.hex()
        for text in (repr(s), str(s)):
            low = text.lower()
            assert h not in low
            for i in range(len(h) - 15):
                assert h[i : i + 16] not in low, (text, h[i : i + 16])
            assert repr(bytes(s)) not in text


def test_seed_repr_shows_commitment_prefix():
    """repr(seed) shows a prefix of the commitment, to tell seeds apart."""
    s = Seed.from_hex(HEX)
    assert s.commitment()[:4] in repr(s).lower()


def test_seed_commitment_is_sha256_of_domain_and_seed():
    """commitment() is 64 lower-case hex digits: SHA-256 of the domain tag and the seed."""
    for s in (Seed.from_hex(HEX), Seed.from_bytes(bytes(32)), Seed.generate()):
        c = s.commitment()
        assert re.fullmatch(r"[0-9a-f]{64}", c)
        assert c == hashlib.sha256(COMMIT_PREFIX + bytes(s)).hexdigest()
        assert c != hashlib.sha256(bytes(s)).hexdigest()


def test_verify_commitment_true_for_own_commitment():
    """verify_commitment(seed, seed.commitment()) is True."""
    s = Seed.from_hex(HEX)
    assert verify_commitment(s, s.commitment()) is True


def test_verify_commitment_is_case_insensitive():
    """A commitment in upper case verifies too."""
    s = Seed.from_hex(HEX)
    assert verify_commitment(s, s.commitment().upper()) is True


def test_verify_commitment_false_for_other_commitment():
    """A commitment of another seed, or with one digit changed, does not verify."""
    s = Seed.from_hex(HEX)
    other = Seed.from_bytes(bytes(32))
    assert verify_commitment(s, other.commitment()) is False
    c = s.commitment()
    flipped = c[:-1] + ("0" if c[-1] != "0" else "1")
    assert verify_commitment(s, flipped) is False
    assert verify_commitment(s, "0" * 64) is False


@pytest.mark.parametrize(
    "bad",
    ["", "abc", "0" * 63, "0" * 65, "g" * 64, " " + "0" * 63, "0x" + "0" * 62],
)
def test_verify_commitment_malformed_raises(bad):
    """A commitment that is not 64 hex digits raises SeedError."""
    with pytest.raises(SeedError):
        verify_commitment(Seed.from_hex(HEX), bad)


def test_seed_is_unhashable():
    """Seeds are not hashable (a hash would leak bits)."""
    s = Seed.from_hex(HEX)
    with pytest.raises(TypeError):
        hash(s)
    with pytest.raises(TypeError):
        _ = {s}
    with pytest.raises(TypeError):
        _ = {s: 1}


def test_seed_equality():
    """Seeds are equal iff their bytes are equal."""
    a = Seed.from_hex(HEX)
    b = Seed.from_bytes(bytes.fromhex(HEX))
    c = Seed.from_bytes(bytes(32))
    assert a == b
    assert not (a != b)
    assert a != c
    assert not (a == c)
    assert a != HEX
    assert a != bytes.fromhex(HEX)


# =============================================================================================
# Cards (103.2: identity)
# =============================================================================================


def test_card_attributes():
    """Card(name, *, land=False, tags=()): .name, .land, .tags (a tuple of str)."""
    c = Card("Lightning Bolt")
    assert c.name == "Lightning Bolt"
    assert c.land is False
    assert c.tags == ()
    f = Card("Forest", land=True, tags=["ramp", "basic"])
    assert f.name == "Forest"
    assert f.land is True
    assert isinstance(f.tags, tuple)
    assert set(f.tags) == {"ramp", "basic"}
    assert all(isinstance(t, str) for t in f.tags)


def test_card_land_and_tags_are_keyword_only():
    """land and tags are keyword-only arguments."""
    with pytest.raises(TypeError):
        Card("Forest", True)


def test_card_name_must_be_str():
    """A card name of the wrong type is a TypeError (MulliganTypeError is one)."""
    with pytest.raises(TypeError):
        Card(42)


@pytest.mark.parametrize("attr,value", [("name", "Island"), ("land", False), ("tags", ("x",))])
def test_card_is_immutable(attr, value):
    """Cards are immutable: setting an attribute raises AttributeError."""
    c = Card("Forest", land=True, tags=("basic",))
    with pytest.raises(AttributeError):
        setattr(c, attr, value)
    assert c.name == "Forest"
    assert c.land is True
    assert c.tags == ("basic",)


def test_card_equality_is_identity():
    """Two copies of "Forest" are two different objects: equality and hash are by identity."""
    a = Card("Forest", land=True)
    b = Card("Forest", land=True)
    assert a != b
    assert not (a == b)
    assert a == a
    assert hash(a) == hash(a)
    assert len({a, b}) == 2
    assert len({a, a, b}) == 2
    d = {a: 1, b: 2}
    assert d[a] == 1 and d[b] == 2


# =============================================================================================
# Decks (103.2a-c)
# =============================================================================================


def test_103_2_deck_holds_main_side_commander_companion():
    """A deck's main deck becomes the library; the rest is set aside; len counts the main deck."""
    main = [Card(f"Main {i}") for i in range(10)]
    side = [Card(f"Side {i}") for i in range(3)]
    cmd = [Card("Commander")]
    comp = [Card("Companion")]
    deck = Deck(main, sideboard=side, commanders=cmd, companions=comp)
    assert isinstance(deck.cards, tuple)
    assert [c.name for c in deck.cards] == [c.name for c in main]
    assert [c.name for c in deck.sideboard] == [c.name for c in side]
    assert [c.name for c in deck.commanders] == ["Commander"]
    assert [c.name for c in deck.companions] == ["Companion"]
    assert len(deck) == 10


def test_103_2_deck_defaults_are_empty():
    deck = Deck([Card("A")])
    assert len(deck.sideboard) == 0
    assert len(deck.commanders) == 0
    assert len(deck.companions) == 0


def test_103_2_deck_copies_repeated_card_objects():
    """A Card listed more than once is copied so each copy has its own identity."""
    forest = Card("Forest", land=True, tags=("basic",))
    deck = Deck([forest] * 3)
    assert len(deck) == 3
    assert len(set(deck.cards)) == 3
    for c in deck.cards:
        assert c.name == "Forest"
        assert c.land is True
        assert c.tags == ("basic",)


def test_103_2_deck_copies_repeats_across_many():
    """Deck([forest] * 24 + spells) works: 24 distinct forests."""
    forest = Card("Forest", land=True)
    spells = [Card(f"Spell {i}") for i in range(36)]
    deck = Deck([forest] * 24 + spells)
    assert len(deck) == 60
    assert len(set(deck.cards)) == 60
    assert sum(1 for c in deck.cards if c.name == "Forest") == 24


def test_103_2b_at_most_one_companion():
    """A deck may reveal at most one companion (103.2b)."""
    with pytest.raises(DeckError):
        Deck([Card("A")], companions=[Card("Lurrus"), Card("Yorion")])


MAX_DECK_CARDS = 1_000_000  # docs/API.md: the most cards one deck holds, all parts together


def test_deck_holds_at_most_a_million_cards_even_from_an_endless_iterator():
    """docs/API.md: a deck holds at most 1,000,000 cards (cards, sideboard, commanders and
    companions together): an endless iterator ends in a DeckError, not in exhausted memory."""
    forest = Card("Forest", land=True)
    with pytest.raises(DeckError, match="at most 1000000 cards"):
        Deck(itertools.repeat(forest))
    with pytest.raises(DeckError, match="sideboard goes over"):
        Deck([forest], sideboard=itertools.repeat(forest, MAX_DECK_CARDS))


def test_deck_of_non_cards_raises_type_error():
    """A list of cards holding a str is an argument of the wrong type."""
    with pytest.raises(MulliganTypeError):
        Deck([Card("A"), "Forest"])


# --------------------------------------------------------------------------------------------
# Deck.parse
# --------------------------------------------------------------------------------------------


def _names(cards):
    return [c.name for c in cards]


def test_parse_count_and_name():
    """'4 Lightning Bolt' is four distinct Lightning Bolts."""
    deck = Deck.parse("4 Lightning Bolt")
    assert _names(deck.cards) == ["Lightning Bolt"] * 4
    assert len(set(deck.cards)) == 4
    assert all(c.land is False for c in deck.cards)
    assert len(deck) == 4


def test_parse_count_with_x():
    """'4x Lightning Bolt' means the same."""
    deck = Deck.parse("4x Lightning Bolt")
    assert _names(deck.cards) == ["Lightning Bolt"] * 4


def test_parse_no_count_means_one():
    """A line with no count means 1."""
    deck = Deck.parse("Lightning Bolt\nForest")
    assert _names(deck.cards) == ["Lightning Bolt", "Forest"]


def test_parse_keeps_order_and_names_with_punctuation():
    """Cards keep the list's order; names keep commas and apostrophes."""
    deck = Deck.parse("2 Jace, the Mind Sculptor\n1 Black Sun's Zenith\n12 Island")
    assert (
        _names(deck.cards)
        == ["Jace, the Mind Sculptor"] * 2 + ["Black Sun's Zenith"] + ["Island"] * 12
    )
    assert len(deck) == 15


def test_parse_ignores_comments_and_blank_lines():
    """Blank lines and lines starting with # or // are ignored."""
    text = "\n".join(
        [
            "# my deck",
            "",
            "// Creatures",
            "4 Llanowar Elves",
            "   ",
            "#4 Forest",
            "//4 Island",
            "2 Forest",
            "",
        ]
    )
    deck = Deck.parse(text)
    assert _names(deck.cards) == ["Llanowar Elves"] * 4 + ["Forest"] * 2


@pytest.mark.parametrize(
    "header", ["Deck", "deck", "DECK:", "Main", "main:", "Mainboard", "MAINBOARD:"]
)
def test_parse_main_headers(header):
    """Deck / Main / Mainboard headers (any case, optional colon) start the main deck."""
    deck = Deck.parse(f"{header}\n3 Island\nSideboard\n2 Duress")
    assert _names(deck.cards) == ["Island"] * 3
    assert _names(deck.sideboard) == ["Duress"] * 2


@pytest.mark.parametrize("header", ["Sideboard", "sideboard", "SIDEBOARD:", "Sideboard:"])
def test_103_2a_parse_sideboard_header(header):
    """Cards after a Sideboard header are set aside (103.2a) and not counted by len."""
    deck = Deck.parse(f"4 Forest\n{header}\n3 Naturalize\n1 Duress")
    assert _names(deck.cards) == ["Forest"] * 4
    assert _names(deck.sideboard) == ["Naturalize"] * 3 + ["Duress"]
    assert len(deck) == 4


@pytest.mark.parametrize("header", ["Commander", "commander:", "COMMANDER"])
def test_103_2c_parse_commander_header(header):
    """Cards after a Commander header are the commanders (103.2c)."""
    deck = Deck.parse(f"{header}\n1 Atraxa, Praetors' Voice\nDeck\n10 Forest")
    assert _names(deck.commanders) == ["Atraxa, Praetors' Voice"]
    assert _names(deck.cards) == ["Forest"] * 10
    assert len(deck) == 10


@pytest.mark.parametrize("header", ["Companion", "companion:", "COMPANION:"])
def test_103_2b_parse_companion_header(header):
    """Cards after a Companion header are the companion (103.2b)."""
    deck = Deck.parse(f"4 Forest\n{header}\n1 Lurrus of the Dream-Den")
    assert _names(deck.companions) == ["Lurrus of the Dream-Den"]
    assert _names(deck.cards) == ["Forest"] * 4


def test_103_2b_parse_two_companions_raises():
    """At most one companion (103.2b): two companions is a DeckError."""
    with pytest.raises(DeckError):
        Deck.parse("4 Forest\nCompanion\n1 Lurrus of the Dream-Den\n1 Yorion, Sky Nomad")
    with pytest.raises(DeckError):
        Deck.parse("4 Forest\nCompanion\n2 Lurrus of the Dream-Den")


def test_parse_refuses_more_than_a_million_cards_in_all():
    """docs/API.md: at most 100,000 copies a line and 1,000,000 cards in all (every section
    together): a few kilobytes of `100000 Forest` lines cannot ask for tens of millions of
    cards. The error names the line that goes over."""
    at_cap = "100000 Forest\n" * 10
    with pytest.raises(DeckError, match=r"line 12: .*at most 1000000 cards.*makes 1000001"):
        Deck.parse(at_cap + "Sideboard\n1 Duress\n")
    with pytest.raises(DeckError, match=r"line 11: "):
        Deck.parse("100000 Forest\n" * 1000)
    with pytest.raises(DeckError, match="at most 100000 copies per line"):
        Deck.parse("100001 Forest")


def test_parse_len_counts_only_main_deck():
    """len(deck) is the number of main-deck cards."""
    text = "\n".join(
        [
            "Commander",
            "1 Kenrith, the Returned King",
            "Companion",
            "1 Jegantha, the Wellspring",
            "Deck",
            "20 Forest",
            "4x Llanowar Elves",
            "Sideboard",
            "15 Duress",
        ]
    )
    deck = Deck.parse(text)
    assert len(deck) == 24
    assert len(deck.cards) == 24
    assert len(deck.sideboard) == 15
    assert len(deck.commanders) == 1
    assert len(deck.companions) == 1
    everything = (
        list(deck.cards) + list(deck.sideboard) + list(deck.commanders) + list(deck.companions)
    )
    assert len(set(everything)) == 41


@pytest.mark.parametrize(
    "name",
    [
        "Plains",
        "Island",
        "Swamp",
        "Mountain",
        "Forest",
        "Wastes",
        "Snow-Covered Plains",
        "Snow-Covered Island",
        "Snow-Covered Swamp",
        "Snow-Covered Mountain",
        "Snow-Covered Forest",
        "Snow-Covered Wastes",
        "Gemstone Caverns",
    ],
)
def test_parse_recognises_lands_by_name(name):
    """Basic lands, Wastes, their Snow-Covered versions and Gemstone Caverns are lands."""
    deck = Deck.parse(f"2 {name}")
    assert _names(deck.cards) == [name, name]
    assert all(c.land is True for c in deck.cards)


@pytest.mark.parametrize("name", ["Lightning Bolt", "Llanowar Elves", "Forest Bear", "Islandwalk"])
def test_parse_non_lands_are_not_lands(name):
    """Other names are not lands unless marked."""
    deck = Deck.parse(f"1 {name}")
    assert deck.cards[0].land is False
    assert deck.cards[0].tags == ()


def test_parse_land_marker():
    """[land] marks a card as a land; it is not a tag."""
    deck = Deck.parse("4 Dryad Arbor [land]")
    assert _names(deck.cards) == ["Dryad Arbor"] * 4
    for c in deck.cards:
        assert c.land is True
        assert "land" not in c.tags


def test_parse_tag_markers():
    """[ramp, creature]: comma-separated words other than land are tags."""
    deck = Deck.parse("4 Llanowar Elves [ramp, creature]")
    assert _names(deck.cards) == ["Llanowar Elves"] * 4
    for c in deck.cards:
        assert c.land is False
        assert set(c.tags) == {"ramp", "creature"}


def test_parse_land_and_tags_together():
    """[land, ramp] makes a land with the tag ramp."""
    deck = Deck.parse("1x Dryad Arbor [land, ramp]")
    (c,) = deck.cards
    assert c.name == "Dryad Arbor"
    assert c.land is True
    assert set(c.tags) == {"ramp"}


def test_103_5b_parse_serum_powder_tagged():
    """Serum Powder is a 103.5b mulligan action."""
    deck = Deck.parse("4 Serum Powder")
    for c in deck.cards:
        assert "mulligan_action" in c.tags
        assert c.land is False


def test_103_6a_parse_gemstone_caverns_tagged_and_land():
    """Gemstone Caverns is a land with the 103.6a gemstone_caverns ability."""
    deck = Deck.parse("1 Gemstone Caverns")
    (c,) = deck.cards
    assert c.land is True
    assert "gemstone_caverns" in c.tags


@pytest.mark.parametrize(
    "name",
    [
        "Leyline of the Void",
        "Leyline of Sanctity",
        "Leyline of Anticipation",
        "Leyline of Punishment",
        "Leyline of Lifeforce",
        "Leyline of the Meek",
        "Leyline Axe",
    ],
)
def test_103_6a_parse_leylines_begin_on_battlefield(name):
    """Every Leyline of ... card and Leyline Axe may begin the game on the battlefield."""
    deck = Deck.parse(f"4 {name}")
    for c in deck.cards:
        assert c.name == name
        assert "begin_on_battlefield" in c.tags
        assert c.land is False


@pytest.mark.parametrize("name", ["Leyline Tyrant", "Leyline Binding"])
def test_103_6a_parse_other_leyline_names_not_tagged(name):
    """Cards merely starting with "Leyline" but not "Leyline of" (or Leyline Axe) are not."""
    deck = Deck.parse(f"1 {name}")
    assert "begin_on_battlefield" not in deck.cards[0].tags


@pytest.mark.parametrize(
    "name",
    [
        "Chancellor of the Annex",
        "Chancellor of the Dross",
        "Chancellor of the Forge",
        "Chancellor of the Spires",
        "Chancellor of the Tangle",
    ],
)
def test_103_6b_parse_chancellors_reveal(name):
    """The five Chancellors of New Phyrexia have a 103.6b reveal ability."""
    deck = Deck.parse(f"1 {name}")
    (c,) = deck.cards
    assert "reveal" in c.tags
    assert c.land is False


def test_parse_markers_add_to_name_tags():
    """Markers add tags to a card tagged by name."""
    deck = Deck.parse("1 Serum Powder [artifact]")
    (c,) = deck.cards
    assert c.name == "Serum Powder"
    assert {"mulligan_action", "artifact"} <= set(c.tags)


def test_parse_serum_powder_in_sideboard_tagged():
    """Name tags apply in every section."""
    deck = Deck.parse("4 Forest\nSideboard\n1 Leyline of the Void")
    assert "begin_on_battlefield" in deck.sideboard[0].tags


@pytest.mark.parametrize(
    "bad",
    [
        "0 Forest",
        "-1 Forest",
        "4",
        "4x",
        "[land]",
        "4 Forest [land",
        "4 Forest [ramp, creature",
        "0x Forest",
    ],
)
def test_parse_malformed_line_names_line_number(bad):
    """A malformed line raises DeckError naming its line number (comments, blank lines and
    headers count as lines)."""
    text = "\n".join(["# a comment", "", "4 Island", "Deck", bad, "2 Mountain"])
    with pytest.raises(DeckError) as info:
        Deck.parse(text)
    assert isinstance(info.value, MulliganError)
    assert isinstance(info.value, ValueError)
    assert re.search(r"(?<!\d)5(?!\d)", str(info.value)), str(info.value)


def test_parse_malformed_first_line_names_line_1():
    """Line numbers start at 1."""
    with pytest.raises(DeckError) as info:
        Deck.parse("0 Forest\n4 Island")
    assert re.search(r"(?<!\d)1(?!\d)", str(info.value)), str(info.value)


def test_parse_empty_text_is_empty_deck():
    """A list with no card lines is an empty deck."""
    deck = Deck.parse("")
    assert len(deck) == 0
    assert len(deck.cards) == 0
    deck = Deck.parse("# nothing\n\n// still nothing\n")
    assert len(deck) == 0


def test_parse_non_str_raises_type_error():
    """Deck.parse takes a str."""
    with pytest.raises(TypeError):
        Deck.parse(b"4 Forest")
