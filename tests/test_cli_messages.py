"""The command line says what was wrong (issue 19): inputs that mean nothing are errors or
warnings naming the option or file, errors name the option, file or key and the real limit,
`--plot` writes the format its extension names, bare `mulligan` is help, a deck given twice
warns once, and the transcript's columns hold for every rule label."""

from __future__ import annotations

import json
import re

import pytest

import mulligan as m

from .cli_util import one_line_error, run

SEED = "00" * 32


@pytest.fixture(autouse=True)
def no_card_table(monkeypatch):
    monkeypatch.setenv("MULLIGAN_CARD_DATA", "")


def test_an_empty_deck_file_is_an_error_naming_it(capsys, tmp_path):
    deck = tmp_path / "empty.txt"
    deck.write_text("")
    for args in (["simulate", "-n", "100"], ["start", "--auto"]):
        code, out, err = run(capsys, *args, str(deck), "--seed", SEED)
        assert code == 1 and "kept at" not in out, (args, out)
        line = one_line_error(err)
        assert str(deck) in line and "holds no cards" in line, line


def test_a_keep_range_for_hands_larger_than_any_is_a_warning_naming_keep(
    capsys, tmp_path, monkeypatch
):
    monkeypatch.setenv("COLUMNS", "1000")  # each warning on one line, read whole
    code, out, err = run(capsys, "simulate", "-n", "1000", "--seed", SEED, "--keep", "8:2-5")
    assert code == 0
    assert "warning: --keep: no hand here has 8 cards (hands of 7 at most)" in err, err
    rule = tmp_path / "rule.toml"
    rule.write_text('keep = "7:2-5,9:1-4"\n')
    code, out, err = run(capsys, "simulate", "-n", "1000", "--seed", SEED, "--rule", str(rule))
    assert code == 0 and f"warning: {rule}: keep: no hand here has 9 cards" in err, err
    code, out, err = run(capsys, "simulate", "-n", "1000", "--seed", SEED, "--keep", "7:2-5")
    assert code == 0 and "warning" not in err, err


def test_a_hand_size_listed_twice_is_an_error_naming_keep(capsys, tmp_path):
    code, _, err = run(capsys, "simulate", "-n", "100", "--keep", "7:2-5,7:3-4")
    assert code == 2
    line = one_line_error(err)
    assert "--keep" in line and "hand size 7 is listed twice" in line, line
    rule = tmp_path / "rule.toml"
    rule.write_text('keep = "6:2-4,6:1-4"\n')
    code, _, err = run(capsys, "simulate", "-n", "100", "--rule", str(rule))
    assert code == 1
    assert f"{rule}: keep: hand size 6 is listed twice" in one_line_error(err)


def test_exile_without_partial_paris_is_refused_and_a_rule_files_exile_warned(
    capsys, tmp_path, monkeypatch
):
    monkeypatch.setenv("COLUMNS", "1000")  # each warning on one line, read whole
    code, out, err = run(capsys, "simulate", "-n", "100", "--exile", "excess")
    assert code == 2 and out == ""
    line = one_line_error(err)
    assert "--exile" in line and "partial Paris" in line, line
    args = ["simulate", "-n", "100", "--seed", SEED, "--mulligan", "partial-paris"]
    code, out, err = run(capsys, *args, "--exile", "excess", "--variant", "commander")
    assert code == 0 and "exile excess" in out, (out, err)
    rule = tmp_path / "rule.toml"
    rule.write_text('exile = "excess"\n')
    code, out, err = run(capsys, "simulate", "-n", "100", "--seed", SEED, "--rule", str(rule))
    assert code == 0
    assert f"warning: {rule}: exile: only the partial Paris mulligan" in err, err


@pytest.mark.parametrize("variant", ["commander", "BRAWL"])
def test_simulate_a_commander_variant_runs_the_bundled_commander_deck(capsys, variant):
    code, out, err = run(
        capsys, "simulate", "-n", "1000", "--seed", SEED, "--variant", variant, "--json"
    )
    assert code == 0, err
    deck = json.loads(out)["decks"][0]
    assert deck["deck"] == "commander_atraxa.txt" and deck["cards"] == 99, deck
    _, out, _ = run(capsys, "simulate", "-n", "1000", "--seed", SEED, "--json")
    assert json.loads(out)["decks"][0]["deck"] == "boros_energy.txt"


@pytest.mark.parametrize("games", [str(10**21), str(3 * 10**14), "0", "-5"])
def test_games_out_of_range_names_the_option_and_the_real_limit(capsys, games):
    code, out, err = run(capsys, "simulate", "--games", games)
    assert code == 2 and out == ""
    line = one_line_error(err)
    assert "--games" in line and "2^48 = 281,474,976,710,656" in line, line
    assert "64 bits" not in line


def test_the_games_limit_is_the_cores():
    from mulligan.cli.simulate import MAX_GAMES

    deck = m.Deck.parse("24 Forest\n36 Grizzly Bears", cards=False)
    with pytest.raises(m.MulliganError):
        m.simulate(deck, games=1, start=MAX_GAMES)
    assert m.simulate(deck, games=1, start=MAX_GAMES - 1).games == 1


@pytest.mark.parametrize(
    "text, needle",
    [
        ('keep_at = "four"\n', "keep_at: expected a whole number of cards, got 'four'"),
        ("keep_at = true\n", "keep_at: expected a whole number of cards, got True"),
        ('bottom = "sideways"\n', "bottom: expected one of balance, lands-first, spells-first"),
        ('exile = "graveyard"\n', "exile: expected one of hand, excess, got 'graveyard'"),
        ("requires = 3\n", "requires: expected a list of tags"),
        ("keep = 7\n", 'keep: expected "SIZE:LOW-HIGH,..."'),
        ('keep = "7-2-5"\n', "keep: '7-2-5' is not SIZE:LOW-HIGH"),
    ],
)
def test_a_bad_rule_file_value_names_the_file_and_the_key(capsys, tmp_path, text, needle):
    rule = tmp_path / "rule.toml"
    rule.write_text(text)
    code, _, err = run(capsys, "simulate", "-n", "100", "--rule", str(rule))
    assert code == 1
    line = one_line_error(err)
    assert line.startswith(f"mulligan: error: {rule}: ") and needle in line, line


def test_a_rule_file_names_bottom_in_any_spelling(capsys, tmp_path):
    rule = tmp_path / "rule.toml"
    rule.write_text('bottom = "Lands_First"\n')
    code, out, err = run(capsys, "simulate", "-n", "100", "--seed", SEED, "--rule", str(rule))
    assert code == 0 and "bottom lands_first" in out, err


def test_a_binary_file_is_not_a_text_deck_file(capsys, tmp_path):
    binary = tmp_path / "a.out"
    binary.write_bytes(b"\x7fELF\x02\x01\x01\x00\x00\x00" + bytes(range(256)) * 40)
    code, out, err = run(capsys, "simulate", str(binary), "-n", "10")
    assert code == 1 and out == ""
    line = one_line_error(err)
    assert f"{binary}: not a text deck file" in line and len(line) < 300, line
    wide = tmp_path / "utf16.txt"
    wide.write_bytes("40 Forest\n".encode("utf-16"))
    code, out, err = run(capsys, "simulate", str(wide), "-n", "10", "--seed", SEED)
    assert code == 0, err


@pytest.mark.parametrize(
    "extension, magic",
    [("pdf", b"%PDF"), ("svg", b"<?xml"), ("jpg", b"\xff\xd8\xff"), ("png", b"\x89PNG")],
)
def test_plot_writes_the_format_its_extension_names(capsys, tmp_path, extension, magic):
    pytest.importorskip("matplotlib")
    path = tmp_path / f"figure.{extension}"
    code, out, err = run(capsys, "simulate", "-n", "2000", "--seed", SEED, "--plot", str(path))
    assert code == 0, err
    assert path.read_bytes().startswith(magic), path.read_bytes()[:16]


@pytest.mark.parametrize("name", ["figure.xyz", "figure"])
def test_plot_refuses_an_extension_that_names_no_format(capsys, tmp_path, name):
    pytest.importorskip("matplotlib")
    path = tmp_path / name
    code, out, err = run(capsys, "simulate", "-n", "2000", "--plot", str(path))
    assert code == 2 and out == "" and not path.exists()
    line = one_line_error(err)
    assert "--plot" in line and ".pdf" in line and ".svg" in line, line


def test_bare_mulligan_prints_its_help_and_exits_0(capsys):
    code, out, err = run(capsys)
    assert code == 0 and err == ""
    assert out.startswith("Usage: mulligan") and "mulligan simulate" in out


def test_the_same_deck_file_given_three_times_warns_once(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "1000")  # each warning on one line, read whole
    deck = tmp_path / "bears.txt"
    deck.write_text("24 Forest\n36 Grizzly Bears\n")
    code, out, err = run(capsys, "start", str(deck), str(deck), str(deck), "--auto")
    assert code == 0, err
    warnings = [line for line in err.splitlines() if line.startswith("warning:")]
    assert warnings and len(warnings) == len(set(warnings)), warnings
    assert out.count(f"with {deck}") == 3
    code, out, err = run(capsys, "simulate", str(deck), "--compare", str(deck), "-n", "100")
    assert code == 0
    assert len([x for x in err.splitlines() if "unknown" in x]) == 1, err


@pytest.mark.parametrize(
    "options",
    [
        ["--mulligan", "houston"],
        ["--land-mulligan", "--smoothing", "arena2"],
        ["--mulligan", "partial-paris", "--variant", "commander"],
        ["--mulligan", "canadian-highlander"],
    ],
)
def test_variant_rule_labels_keep_the_transcripts_columns(capsys, monkeypatch, options):
    monkeypatch.setenv("COLUMNS", "1000")  # whole transcript lines
    code, out, _ = run(capsys, "start", "--auto", "--seed", SEED, *options)
    assert code == 0
    events = [line for line in out.splitlines() if line.startswith("[")]
    assert events
    for line in events:
        assert re.match(r"\[[ \w.*]{7}\] [a-z_]+ +", line), line
        assert line[8:10] == "] " and line[10] != " ", line
    labels = [line for line in events if line.startswith("[      *]")]
    assert labels and all(re.search(r"  \* \S", line) for line in labels), labels


@pytest.fixture
def game_log(capsys, tmp_path):
    """A finished game's log (`start --auto --log`), as records."""
    log = tmp_path / "game.jsonl"
    code, _, err = run(capsys, "start", "--auto", "--seed", SEED, "--log", str(log))
    assert code == 0, err
    return log, [json.loads(line) for line in log.read_text().splitlines()]


@pytest.mark.parametrize("option", ["--commitment", "--setup"])
@pytest.mark.parametrize("value", ["00", "x" * 64, "0" * 63])
def test_verify_a_published_value_that_is_not_64_hex_digits(capsys, game_log, option, value):
    log, _ = game_log
    code, out, err = run(capsys, "verify", str(log), option, value)
    assert code == 2 and out == ""
    line = one_line_error(err)
    assert option in line and "not 64 hex digits" in line and "match" not in line, line
    assert "not 64 hex digits" in str(
        pytest.raises(m.LogError, m.verify_log, log, **{option[2:]: value}).value
    )


def test_verify_says_the_commitment_in_the_header_was_changed(capsys, game_log, tmp_path):
    log, records = game_log
    records[0]["commitment"] = "ab" * 32
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join(json.dumps(r, sort_keys=True) + "\n" for r in records))
    code, _, err = run(capsys, "verify", str(bad))
    assert code == 1
    line = one_line_error(err)
    assert f"{bad}: line 1: the commitment in the header was changed" in line, line
    code, _, err = run(capsys, "verify", str(log), "--commitment", "AB" * 32)
    line = one_line_error(err)
    assert "line 1: the commitment in the header was changed" in line
    assert "published before the game" in line, line


def test_verify_names_the_line_and_marks_the_fields_that_differ(capsys, game_log, tmp_path):
    log, records = game_log
    shuffle = next(i for i, r in enumerate(records) if r["type"] == "shuffle")
    records[shuffle]["shuffle"] = 7
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join(json.dumps(r, sort_keys=True) + "\n" for r in records))
    code, _, err = run(capsys, "verify", str(bad))
    line = one_line_error(err)
    head = f"line {shuffle + 1}: event {shuffle - 1} differs from the replay in shuffle: logged "
    assert head in line, line
    logged, replayed = line.split(head)[1].split(", replayed ")
    assert '>>"shuffle":7<<' in logged and '>>"shuffle":0<<' in replayed, line
    assert re.findall(r'"(\w+)":', logged) == re.findall(r'"(\w+)":', replayed), line
    assert json.loads(logged.replace(">>", "").replace("<<", ""))["shuffle"] == 7


@pytest.mark.parametrize(
    "options, shown",
    [
        (["--bottom", "lands_first"], "bottom lands_first"),
        (["--bottom", "LANDS-FIRST"], "bottom lands_first"),
        (["--bottom", "Spells_First"], "bottom spells_first"),
        (["--bottom", "LANDS"], "bottom lands_first"),
        (["--mulligan", "LONDON"], "LONDON mulligan"),
        (["--mulligan", "Partial_Paris", "--exile", "EXCESS"], "exile excess"),
        (["--mulligan", "canadian-HIGHLANDER"], "CANADIAN_HIGHLANDER mulligan"),
        (["--variant", "Two_Headed-Giant"], "TWO_HEADED_GIANT"),
        (["--smoothing", "SMOOTHED_london"], "smoothing smoothed_london"),
    ],
)
def test_every_enum_option_takes_any_case_with_dash_or_underscore(capsys, options, shown):
    code, out, err = run(capsys, "simulate", "-n", "500", "--seed", SEED, *options)
    assert code == 0, err
    assert shown in out, out


def test_the_core_warns_of_a_range_for_hands_larger_than_any():
    """The warning is the core's (`KeepRule::warnings`): Python's `simulate` gives it too."""
    deck = m.Deck.parse("24 Forest\n36 Grizzly Bears [creature]", cards=False)
    rule = m.KeepRule({7: (2, 5), 8: (2, 5)})
    with pytest.warns(m.MulliganWarning, match=r"^ranges: no hand here has 8 cards"):
        m.simulate(deck, games=100, keep=rule, seed=SEED)
