"""The `mulligan` command: every subcommand, its errors (one line, non-zero exit, no
traceback), the interactive hot-seat prompt (stdin and a pseudo-terminal), plots and Ctrl-C."""

from __future__ import annotations

import json
import os
import signal
import struct
import subprocess
import sys
import time
from pathlib import Path

import pytest

import mulligan as m

from .cli_util import one_line_error, run
from .process_util import child_process, skip_if_sigint_ignored, spawned

TESTS = Path(__file__).parent
BULK = TESTS / "data" / "scryfall_oracle_cards_sample.json"
SEED = "00" * 32
BOROS = str(m.carddata.Path(m.__file__).parent / "decks" / "boros_energy.txt")


@pytest.fixture(autouse=True)
def no_card_table(monkeypatch):
    monkeypatch.setenv("MULLIGAN_CARD_DATA", "")


def test_help_for_every_command(capsys):
    for args in ([], ["start"], ["simulate"], ["verify"], ["cards"], ["cards", "import"]):
        code, out, _ = run(capsys, *args, "--help")
        assert code == 0 and "Usage: mulligan" in out, args


def test_start_auto_transcript_commitment_and_seed(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "1000")  # whole lines: the transcript's grep-able form
    code, out, _ = run(capsys, "start", "--auto", "--seed", SEED)
    assert code == 0
    for rule in ("[ 103.2a]", "[  103.1]", "[  103.3]", "[  103.5]", "[ 103.8a]"):
        assert rule in out
    commitment = m.Seed.from_hex(SEED).commitment()
    lines = out.splitlines()
    at_commit = next(i for i, line in enumerate(lines) if commitment in line)
    first_shuffle = next(i for i, line in enumerate(lines) if "shuffle" in line and "103.3" in line)
    assert at_commit < first_shuffle, "the commitment comes before the first shuffle"
    assert lines[-1] == f"seed (revealed after the game): {SEED}"
    assert run(capsys, "start", "--auto", "--seed", SEED)[1] == out, "a seed replays the game"


@pytest.mark.parametrize(
    "era",
    [
        "vancouver",
        "Paris",
        "PARIS_SEQUENTIAL",
        "paris-sequential",
        "partial-paris",
        "Canadian_Highlander",
        "HOUSTON",
    ],
)
def test_start_every_era_case_insensitive(capsys, era):
    code, out, _ = run(capsys, "start", "--auto", "--seed", SEED, "--mulligan", era)
    assert code == 0 and "first_draw" in out


def test_start_players_variant_and_commander_default(capsys):
    code, out, _ = run(capsys, "start", "--auto", "--seed", SEED, "--players", "4")
    assert code == 0 and "Dave" in out and "FREE_FOR_ALL" in out
    code, out, _ = run(capsys, "start", "--auto", "--seed", SEED, "--variant", "commander")
    assert code == 0 and "commander_atraxa.txt" in out and "life=40" in out


def test_start_log_then_verify_and_a_tampered_log(capsys, tmp_path):
    log = tmp_path / "game.jsonl"
    assert run(capsys, "start", "--auto", "--seed", SEED, "--log", str(log))[0] == 0
    code, out, _ = run(capsys, "verify", str(log))
    assert code == 0 and "verified" in out
    records = [json.loads(line) for line in log.read_text().splitlines()]
    shuffle = next(i for i, r in enumerate(records) if r.get("type") == "shuffle")
    records[shuffle]["shuffle"] = 7
    log.write_text("".join(json.dumps(r) + "\n" for r in records))
    code, _, err = run(capsys, "verify", str(log))
    assert code == 1
    assert "event" in one_line_error(err) and str(log) in err


def test_start_hot_seat_through_stdin(tmp_path):
    """Each player answers in turn; the transcript shows other hands only as counts. Extra
    empty lines are harmless: an empty answer asks again."""
    answers = "\n1\n" + "\nk\n" * 4
    p = subprocess.run(
        [sys.executable, "-m", "mulligan", "start", "--seed", SEED],
        input=answers,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "MULLIGAN_CARD_DATA": ""},
    )
    assert p.returncode == 0, p.stderr
    assert "Pass the terminal to Alice" in p.stdout and "Pass the terminal to Bob" in p.stdout
    assert "Alice, your hand (7 cards)" in p.stdout
    assert 'cards="7 cards"' in p.stdout, "draws are shown as counts in hot-seat play"
    assert "seed (revealed after the game)" in p.stdout


def test_start_hot_seat_in_a_pseudo_terminal():
    pexpect = pytest.importorskip("pexpect")
    with spawned(
        pexpect,
        sys.executable,
        ["-m", "mulligan", "start", "--seed", SEED, "--mulligan", "vancouver"],
        env={**os.environ, "MULLIGAN_CARD_DATA": "", "TERM": "dumb"},
        encoding="utf-8",
        timeout=60,
    ) as child:
        seen = _answer_the_hot_seat_prompts(pexpect, child)
    assert {0, 1, 2, 4} <= set(seen), seen


def _answer_the_hot_seat_prompts(pexpect, child) -> list[int]:
    prompts = [
        r"press Enter when only you are looking",
        r"who plays first",
        r"k = keep",
        r"Put \d+ card",
        r"Scry 1",
        r"Use .* \(103\.6\)\?",
        # At 80 columns the seed goes on its own line, whole.
        r"seed \(revealed after the game\):\s+([0-9a-f]{64})",
    ]
    seen: list[int] = []
    while len(seen) < 50:
        i = child.expect(prompts)
        seen.append(i)
        if i == 6:
            assert child.match.group(1) == SEED
            break
        if i == 3:
            count = int(child.after.split()[1])
            child.sendline(" ".join(str(n + 1) for n in range(count)))
        else:
            # Each player takes one mulligan, then keeps (and scries under Vancouver).
            keep = "m" if seen.count(2) <= 2 else "k"
            child.sendline(["", "1", keep, "", "b", "n"][i])
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    return seen


def test_simulate_table_json_and_determinism(capsys):
    code, out, _ = run(capsys, "simulate", "-n", "20000", "--seed", SEED)
    assert code == 0 and "kept at 7 cards" in out and "boros_energy.txt" in out
    code, out, _ = run(capsys, "simulate", "-n", "20000", "--seed", SEED, "--json")
    data = json.loads(out)
    row = data["decks"][0]
    assert row["games"] == 20000 and row["cards"] == 60 and row["lands"] == 20
    direct = m.simulate(m.Deck.load(BOROS), games=20000, seed=SEED)
    assert {int(k): v for k, v in row["kept_by_size"].items()} == dict(direct.kept_by_size)


def test_simulate_keep_options_and_toml_rule_file(capsys, tmp_path):
    rule = tmp_path / "rule.toml"
    rule.write_text('keep = "7:3-4,6:2-4"\nkeep_at = 5\nbottom = "lands_first"\n')
    by_file = json.loads(
        run(capsys, "simulate", "-n", "5000", "--seed", SEED, "--json", "--rule", str(rule))[1]
    )
    by_options = json.loads(
        run(
            capsys,
            "simulate",
            "-n",
            "5000",
            "--seed",
            SEED,
            "--json",
            "--keep",
            "7:3-4,6:2-4",
            "--keep-at",
            "5",
            "--bottom",
            "LANDS_FIRST",
        )[1]
    )
    assert by_file["decks"][0]["kept_by_size"] == by_options["decks"][0]["kept_by_size"]
    keep = m.KeepRule({7: (3, 4), 6: (2, 4)}, keep_at=5, bottom="lands_first")
    direct = m.simulate(m.Deck.load(BOROS), games=5000, seed=SEED, keep=keep)
    assert {int(k): v for k, v in by_file["decks"][0]["kept_by_size"].items()} == dict(
        direct.kept_by_size
    )


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_simulate_plot_and_compare(capsys, tmp_path):
    izzet = str(Path(m.__file__).parent / "decks" / "izzet_tempo.txt")
    png = tmp_path / "p.png"
    code, out, _ = run(
        capsys, "simulate", "-n", "20000", "--seed", SEED, "--compare", izzet, "--plot", str(png)
    )
    assert code == 0 and "boros_energy.txt" in out and "izzet_tempo.txt" in out
    assert png_size(png) == (1000, 400)
    code, out, _ = run(
        capsys, "simulate", "-n", "2000", "--seed", SEED, "--compare", izzet, "--json"
    )
    assert [d["lands"] for d in json.loads(out)["decks"]] == [20, 18]


def test_simulate_an_arena_export_with_card_data(capsys, tmp_path, monkeypatch):
    table = tmp_path / "cards.tsv"
    code, out, _ = run(capsys, "cards", "import", str(BULK), "--to", str(table))
    # 41 of the sample's 42 records are cards (one is a token); the count, not a path that
    # may hold "42" (pytest's numbered temporary folders), is what is checked.
    assert code == 0 and out.startswith(f"41 cards from {BULK} saved to {table}\n")
    arena = str(TESTS / "decks" / "arena_export.txt")
    code, out, err = run(capsys, "simulate", arena, "-n", "2000", "--seed", SEED, "--json")
    assert "counted as nonlands" in err and json.loads(out)["decks"][0]["lands"] == 6
    monkeypatch.setenv("MULLIGAN_CARD_DATA", str(table))
    code, out, err = run(capsys, "simulate", arena, "-n", "2000", "--seed", SEED, "--json")
    assert code == 0 and err == "" and json.loads(out)["decks"][0]["lands"] == 18


@pytest.mark.parametrize(
    "args,needle,status",
    [
        (["simulate", "--keep", "7:2-x"], "--keep", 2),
        (["simulate", "missing.txt"], "missing.txt", 1),
        (["simulate", "--mulligan", "sideways"], "--mulligan", 2),
        (["start", "--seed", "zz"], "--seed", 2),
        (["verify", "missing.jsonl"], "missing.jsonl", 1),
        # A file that cannot be read is an error in what was read (1), as a deck's or a
        # log's is, not a usage error (issue 31).
        (["cards", "import", "missing.json"], "missing.json", 1),
        (["simulate", "--smoothing", "sideways"], "--smoothing", 2),
        (["simulate", "-n", "10", "--plot", "no/such/dir/p.png"], "--plot", 2),
        (["start", "--auto", "--log", "no/such/dir/game.jsonl"], "--log", 2),
        (["nonsense"], "nonsense", 2),
    ],
)
def test_errors_are_one_line_naming_the_option_or_file(capsys, args, needle, status):
    code, _, err = run(capsys, *args)
    assert code == status
    assert needle in one_line_error(err)


def test_a_bad_deck_line_names_file_and_line(capsys, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Lightning Bolt\n20 Mountain\nName=oops\n")
    code, _, err = run(capsys, "simulate", str(deck))
    assert code == 1 and f"{deck}: line 3" in one_line_error(err)
    strict = tmp_path / "short.txt"
    strict.write_text("4 Lightning Bolt\n20 Mountain\n")
    code, _, err = run(capsys, "simulate", str(strict), "--strict")
    assert code == 1 and "100.2b" in one_line_error(err)


def test_python_dash_m_and_the_demo_script():
    p = subprocess.run(
        [sys.executable, "-m", "mulligan", "--help"], capture_output=True, text=True, timeout=60
    )
    assert p.returncode == 0 and "simulate" in p.stdout
    demo = Path(sys.executable).parent / "mulligan-demo"
    if demo.exists():
        p = subprocess.run([str(demo)], capture_output=True, text=True, timeout=60)
        assert p.returncode == 0 and "first_draw" in p.stdout


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_ctrl_c_stops_simulate_with_one_line():
    skip_if_sigint_ignored()
    with child_process(
        [sys.executable, "-m", "mulligan", "simulate", "-n", "100000000000", "--seed", SEED],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "MULLIGAN_CARD_DATA": ""},
    ) as p:
        time.sleep(3)
        assert p.poll() is None, "still running after three seconds"
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=60)
    assert p.returncode == 130
    assert "interrupted" in err and "Traceback" not in err


def test_summary_reports_the_kept_hand_not_what_is_left_after_103_6():
    """A player who keeps seven and puts a Leyline and Gemstone Caverns onto the battlefield
    (exiling a card) kept seven, after no mulligan; four cards are left in hand."""
    from mulligan.cli.start import summary

    deck = m.Deck.parse("20 Leyline of Sanctity\n20 Gemstone Caverns\n20 Forest", cards=False)
    for s in range(40):
        g = m.Game(
            [m.Player("A", deck), m.Player("B", deck)],
            seed=m.Seed.from_hex(f"{s:02x}" * 32),
            starting_player=0,
        )
        g.keep(0)
        g.keep(1)
        while not g.done:
            (d,) = g.pending()
            caverns = [c for c in d.actions if "gemstone_caverns" in c.tags]
            if caverns and d.seat == 1:
                others = [c for c in d.hand if c is not caverns[0]]
                g.opening_hand_action(1, caverns[0], exile=others[0])
            elif d.actions:
                g.opening_hand_action(d.seat, d.actions[0])
            else:
                g.pass_actions(d.seat)
        if len(g.result()[1].hand) <= 4 and g.result()[1].exile:
            break
    else:
        raise AssertionError("no seed gives seat 1 a Gemstone Caverns and Leylines")
    line = summary(g, reveal=True)[2]
    assert line.startswith("B: keeps 7 after 0 mulligan(s); onto the battlefield: "), line
    assert "; exiled: " in line and f"starts with {len(g.result()[1].hand)} in hand" in line


def test_bundled_decks_say_how_many_lands_they_hold():
    import re
    from importlib import resources

    for name in ("izzet_tempo.txt", "mono_green_stompy.txt", "boros_energy.txt"):
        text = resources.files("mulligan").joinpath("decks", name).read_text(encoding="utf-8")
        claim = re.search(r"(\d+) cards, (\d+) lands", text)
        assert claim, name
        deck = m.Deck.parse(text, cards=False)
        assert (len(deck), sum(c.land for c in deck.cards)) == tuple(map(int, claim.groups())), name


def test_simulate_on_a_dask_scheduler_equals_a_local_run(capsys):
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(
        n_workers=2, processes=False, threads_per_worker=1, dashboard_address=None
    ) as cluster:
        args = ["simulate", "-n", "60000", "--seed", SEED, "--json"]
        code, out, err = run(capsys, *args, "--scheduler", cluster.scheduler_address)
    assert code == 0, err
    local = json.loads(run(capsys, *args)[1])
    assert json.loads(out)["decks"][0]["kept_by_size"] == local["decks"][0]["kept_by_size"]


def test_simulate_on_an_unreachable_scheduler_is_one_clear_error(capsys, monkeypatch):
    pytest.importorskip("dask.distributed")
    from mulligan.cli import simulate as command

    monkeypatch.setattr(command, "CONNECT_TIMEOUT", 1)
    # Port 1 on loopback: nothing listens there, so the connection is refused or times out.
    args = ["simulate", "-n", "1000", "--seed", SEED, "--scheduler", "tcp://127.0.0.1:1"]
    code, out, err = run(capsys, *args)
    assert code == 1 and out == ""
    line = one_line_error(err)
    assert "--scheduler tcp://127.0.0.1:1: cannot connect" in line


def test_simulate_prints_engine_warnings_as_one_line(capsys, tmp_path):
    deck = tmp_path / "spells.txt"
    deck.write_text("40 Grizzly Bears [creature]\n")
    code, _, err = run(capsys, "simulate", str(deck), "-n", "1000", "--seed", SEED)
    assert code == 0
    lines = [line for line in err.splitlines() if line.strip()]
    assert any(line.startswith("warning: spells.txt: ") and "land" in line for line in lines), err
    assert "Traceback" not in err and "warnings.warn" not in err


@pytest.mark.parametrize("name", ["ARENA2", "Weighted3", "smoothed-london", "SMOOTHED_LONDON"])
def test_smoothing_is_named_in_any_case_with_dashes(capsys, name):
    code, out, err = run(
        capsys, "simulate", "-n", "3000", "--seed", SEED, "--json", "--smoothing", name
    )
    assert code == 0, err
    model = name.lower().replace("-", "_")
    direct = m.simulate(m.Deck.load(BOROS), games=3000, seed=SEED, smoothing=model)
    data = json.loads(out)
    assert data["smoothing"] == model
    assert {int(k): v for k, v in data["decks"][0]["kept_by_size"].items()} == dict(
        direct.kept_by_size
    )


def test_a_rule_file_names_bottom_and_exile_in_any_case(capsys, tmp_path):
    def kept(*args: str) -> object:
        code, out, err = run(capsys, "simulate", "-n", "3000", "--seed", SEED, "--json", *args)
        assert code == 0, err
        return json.loads(out)["decks"][0]["kept_by_size"]

    rule = tmp_path / "rule.toml"
    for bottom, same_as in [("Balance", "balance"), ("Lands-First", "lands_first")]:
        rule.write_text(f'keep = "7:3-4,6:3-3"\nbottom = "{bottom}"\n')
        by_option = kept("--keep", "7:3-4,6:3-3", "--bottom", same_as)
        assert kept("--rule", str(rule)) == by_option, bottom
    # exile means something under partial Paris only (elsewhere --exile is refused)
    partial = ["--mulligan", "partial-paris", "--keep", "7:3-4,6:3-3"]
    rule.write_text('exile = "Excess"\n')
    by_option = kept(*partial, "--exile", "excess")
    assert kept(*partial, "--rule", str(rule)) == by_option != kept(*partial, "--exile", "hand")
    assert kept("--keep", "7:3-4,6:3-3", "--bottom", "SPELLS-first") == kept(
        "--keep", "7:3-4,6:3-3", "--bottom", "spells_first"
    )


def test_simulate_json_says_what_ran_beside_the_keys_programs_read(capsys, tmp_path):
    args = ["simulate", "-n", "4000", "--seed", SEED, "--mulligan", "vancouver"]
    house = ["--smoothing", "weighted3", "--free-mulligans", "1", "--land-mulligan"]
    keep = ["--keep", "7:2-5,6:2-4", "--keep-at", "5", "--bottom", "lands_first"]
    code, out, err = run(capsys, *args, *house, *keep, "--requires", "ramp", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["seed"] == SEED and data["decks"][0]["games"] == 4000  # the keys of before
    assert {k: data[k] for k in data if k not in ("seed", "decks", "keep")} == {
        "mulligan": "VANCOUVER",
        "variant": "TWO_PLAYER",
        "hand_size": 7,
        "free_mulligan": False,
        "free_mulligans": 1,
        "land_mulligan": True,
        "smoothing": "weighted3",
        "smoothing_candidates": 3,  # the model's own count, as the engine ran it
        "games": 4000,
    }
    assert data["keep"] == {
        "ranges": {"7": [2, 5], "6": [2, 4]},
        "keep_at": 5,
        "bottom": "lands_first",
        "requires": {"ramp": 1},
        "min_sources": {},
        "requires_cards": [],
        "exile": "hand",
    }
    code, out, _ = run(capsys, *args, *house, *keep)
    lines = out.splitlines()
    assert lines[0] == "VANCOUVER mulligan, TWO_PLAYER, hands of 7"
    assert lines[1] == (
        "table options (not the rules): smoothing weighted3 (3 candidate hands), "
        "1 free mulligan, the no-land/all-land redraw"
    )
    assert lines[2] == "keep rule: 7:2-5,6:2-4, keep at 5, bottom lands_first"
    code, out, _ = run(capsys, "simulate", "-n", "1000", "--seed", SEED, "--variant", "brawl")
    lines = out.splitlines()
    assert lines[0] == "LONDON mulligan, BRAWL, hands of 7, the first mulligan free (103.5c)"
    assert lines[1].startswith("keep rule: 7:2-5,6:2-4,5:1-4, keep at 4"), "no table options"
    data = json.loads(run(capsys, "simulate", "-n", "1000", "--seed", SEED, "--json")[1])
    assert data["smoothing"] is None and data["smoothing_candidates"] is None
    assert data["keep"]["ranges"] == {"7": [2, 5], "6": [2, 4], "5": [1, 4]}


@pytest.mark.parametrize(
    "args,options,keywords",
    [
        (
            ["simulate", "--smoothing", "smoothed_london", "--smoothing-candidates", "3"],
            ["--smoothing smoothed_london", "--smoothing-candidates"],
            ["smoothing_candidates", "smoothing="],
        ),
        (["simulate", "--smoothing-candidates", "3"], ["--smoothing-candidates"], ["smoothing_"]),
        (
            ["start", "--auto", "--mulligan", "houston", "--land-mulligan"],
            ["--land-mulligan"],
            ["land_mulligan"],
        ),
    ],
)
def test_errors_name_the_options_not_the_keywords(capsys, args, options, keywords):
    code, _, err = run(capsys, *args, "--seed", SEED)
    line = one_line_error(err)
    assert code == 1
    for option in options:
        assert option in line, line
    for keyword in keywords:
        assert keyword not in line, line


def test_simulate_canadian_highlander_hand_sizes_7_6_6_5_5(capsys):
    """Canadian Highlander's hands after 0, 1, 2, 3, 4 mulligans are 7, 6, 6, 5, 5."""
    args = ["simulate", "-n", "20000", "--seed", SEED, "--json", "--keep", "7:3-3,6:3-3,5:3-3"]
    code, out, err = run(capsys, *args, "--mulligan", "canadian-highlander")
    assert code == 0, err
    data = json.loads(out)
    assert data["mulligan"] == "CANADIAN_HIGHLANDER"
    kept = {int(k): v for k, v in data["decks"][0]["kept_by_size"].items()}
    mulligans = {int(k): v for k, v in data["decks"][0]["mulligans"].items()}
    assert kept[7] == mulligans[0]
    assert kept[6] == mulligans[1] + mulligans[2] and mulligans[2] > 0
    assert kept[5] == mulligans[3] + mulligans[4] and mulligans[4] > 0
    rule = m.KeepRule({7: (3, 3), 6: (3, 3), 5: (3, 3)}, keep_at=4)
    direct = m.simulate(
        m.Deck.load(BOROS),
        games=20000,
        seed=SEED,
        keep=rule,
        mulligan=m.MulliganRule.CANADIAN_HIGHLANDER,
    )
    assert kept == dict(direct.kept_by_size)
    code, out, _ = run(
        capsys, "start", "--auto", "--seed", SEED, "--mulligan", "canadian_highlander"
    )
    assert code == 0 and "CANADIAN_HIGHLANDER mulligan" in out and "first_draw" in out


def test_hot_seat_shows_the_hand_a_land_mulligan_reveals(tmp_path):
    """The no-land/all-land redraw reveals the hand to everyone (the core's public event);
    the draws stay counts. Bob chooses Alice to play first; Alice redraws, then keeps."""
    deck = tmp_path / "forests.txt"
    deck.write_text("60 Forest\n")
    p = subprocess.run(
        [
            sys.executable,
            "-m",
            "mulligan",
            "start",
            str(deck),
            "--seed",
            "01" * 32,
            "--land-mulligan",
        ],
        input="\n1\n\nr\nk\n\nk\n",
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "MULLIGAN_CARD_DATA": "", "COLUMNS": "1000"},
    )
    assert p.returncode == 0, p.stderr
    line = next(x for x in p.stdout.splitlines() if "land_mulligan" in x)
    assert (
        'seat=0, cards=["Forest", "Forest", "Forest", "Forest", "Forest", "Forest", "Forest"]'
        in line
    )
    assert 'cards="7 cards"' in p.stdout and '"Forest"]' not in p.stdout.replace(line, "")


def test_the_hot_seat_transcript_is_what_every_other_player_sees_in_the_core():
    """Each event as `Game.view` shows it to any player it is not about (hidden cards as a
    count, written where the cards were); the land mulligan's revealed hand in full."""
    from mulligan.cli.start import public_events

    deck = m.Deck.parse("60 Forest", cards=False)
    game = m.Game(
        [m.Player(name, deck) for name in "ABC"],
        variant=m.Variant.FREE_FOR_ALL,
        seed=SEED,
        mulligan=m.MulliganRule.VANCOUVER,
        starting_player=0,
        land_mulligan=True,
    )
    game.land_mulligan(0)
    game.keep(0)
    game.mulligan(1)
    events = public_events(game)
    views = [game.view(s)["events"] for s in range(3)]
    assert len(events) == len(game.events)
    for i, (event, full) in enumerate(zip(events, game.events)):
        for viewer in set(range(3)) - {full.get("seat")}:
            seen = dict(views[viewer][i])
            if "count" in seen and "cards" in full:
                seen["cards"] = f"{seen.pop('count')} cards"
            assert event == seen, (event, seen)
    kinds = [(e["type"], e["cards"]) for e in events if e["type"] in ("draw", "land_mulligan")]
    assert ("draw", "7 cards") in kinds
    revealed = next(e for e in game.events if e["type"] == "land_mulligan")["cards"]
    assert ("land_mulligan", revealed) in kinds and len(revealed) == 7


def test_simulate_progress_bar_on_a_terminal():
    """A run over a second shows a progress bar with games/s (stopped here by Ctrl-C)."""
    pexpect = pytest.importorskip("pexpect")
    skip_if_sigint_ignored()
    with spawned(
        pexpect,
        sys.executable,
        ["-m", "mulligan", "simulate", "-n", "100000000000", "--seed", SEED],
        env={**os.environ, "MULLIGAN_CARD_DATA": "", "TERM": "xterm", "COLUMNS": "120"},
        encoding="utf-8",
        timeout=60,
    ) as child:
        child.expect(r"[\d,]+/100,000,000,000 games")
        child.expect(r"[\d,]+ games/s")
        child.sendintr()
        child.expect("interrupted")
        child.expect(pexpect.EOF)
        child.close()
    assert child.exitstatus == 130
