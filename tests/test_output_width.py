"""Every text output fits 80 columns at COLUMNS=80 (issue 39): `mulligan --help` and every
subcommand's help, `stats`, `cards info`, `cards show`, the no-lands warning, and `analyze` and
`sources` on a five-colour Commander deck (whose exact sources rows put one colour a row)."""

from __future__ import annotations

import os
from pathlib import Path

import click
import pytest

from mulligan.cli import cli
from tests.cli_util import rows_at, run

SHARED = Path(os.environ.get("MULLIGAN_SHARED") or Path(__file__).resolve().parents[2] / "shared")
SLIVERS = SHARED / "decks" / "real" / "forge" / "Slivers-EDH.dck"
WIDTH = 80


def commands(group: click.Group, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every command's words, the group's own first."""
    out = [path]
    for name, command in sorted(group.commands.items()):
        if isinstance(command, click.Group):
            out += commands(command, (*path, name))
        else:
            out.append((*path, name))
    return out


def too_wide(text: str) -> list[str]:
    return [line for line in text.splitlines() if len(line) > WIDTH]


@pytest.fixture(autouse=True)
def columns(monkeypatch):
    monkeypatch.setenv("COLUMNS", str(WIDTH))


def test_every_help_fits(capsys):
    all_commands = commands(cli)
    assert ("sources",) in all_commands and ("cards", "info") in all_commands
    for words in all_commands:
        code, out, err = run(capsys, *words, "--help")
        assert code == 0, words
        assert not too_wide(out + err), (words, too_wide(out + err))


def test_outputs_fit(capsys, tmp_path):
    log = tmp_path / "game.jsonl"
    code, out, err = run(capsys, "start", "--auto", "--seed", "7" * 64, "--log", str(log))
    assert code == 0
    # The transcript, the summary and the seeds wrap; a seed is never split.
    assert not too_wide(out + err), too_wide(out + err)
    assert "\n  " + "7" * 64 + "\n" in out and "cards=[" in out
    assert any(line.startswith(" " * 31 + '"') for line in out.splitlines())
    nolands = tmp_path / "nolands.txt"
    nolands.write_text("4 Grizzly Bears\n4 Shock\n4 Giant Growth\n28 Llanowar Elves\n")
    runs = [
        ("stats", str(log), "--samples", "200"),
        ("cards", "info"),
        ("cards", "show", "Command Tower"),
        ("cards", "show", "Exotic Orchard"),
        ("simulate", str(nolands), "--games", "200", "--seed", "1" * 64),
        ("sources", "--cards", "60", "--lands", "25", "--karsten", "--exact", "--turns", "12"),
        ("sources", "--cards", "99", "--lands", "38", "--games", "300", "--seed", "2" * 64),
    ]
    for words in runs:
        code, out, err = run(capsys, *words)
        assert code == 0, (words, err)
        assert not too_wide(out + err), (words, too_wide(out + err))
    # The no-lands warning is there, wrapped.
    _, _, err = run(capsys, "simulate", str(nolands), "--games", "200", "--seed", "1" * 64)
    assert "no lands" in " ".join(err.split())


def test_a_five_colour_commander_deck_fits_and_keeps_colourless_on_its_own_row(capsys):
    if not SLIVERS.exists():
        pytest.skip(f"{SLIVERS} is absent (the real decks beside the repository)")
    args = ("--exact", "--games", "2000", "--seed", "3" * 64)
    code, out, err = run(capsys, "analyze", str(SLIVERS), "--turns", "2", *args)
    assert code == 0 and not too_wide(out + err), too_wide(out + err)
    lines = out.splitlines()
    exact_rows = [i for i, line in enumerate(lines) if line.strip() == "exact:"]
    assert exact_rows, out
    i = exact_rows[0]
    colours = [lines[i + k].split()[0] for k in range(1, 7)]
    assert colours == ["W", "U", "B", "R", "G", "C"], lines[i : i + 7]
    code, out, err = run(capsys, "sources", str(SLIVERS), "--exact")
    assert code == 0 and not too_wide(out + err), too_wide(out + err)


def test_plots_a_99_card_deck_readably_without_colourless_lines(tmp_path):
    pytest.importorskip("matplotlib")
    from PIL import Image

    import mulligan as m
    from mulligan.cli.analyze_plot import _card_label, _needs_colourless, plot_analysis

    if not SLIVERS.exists():
        pytest.skip(f"{SLIVERS} is absent (the real decks beside the repository)")
    r = m.analyze(m.Deck.load(str(SLIVERS)), turns=2, games=2000, seed="4" * 64)
    assert len(r["cards"]) > 40 and not _needs_colourless(r)
    paths = plot_analysis(r, "Slivers-EDH.dck", str(tmp_path / "s.png"))
    cards = Image.open(next(p for p in paths if p.endswith("-cards.png")))
    assert cards.size[1] < 1500, cards.size
    assert _card_label({"name": "Walking Ballista", "mana_cost": "{X}{X}", "turn": 1}) == (
        "Walking Ballista {X}{X} (turn 1, X=0)"
    )
    assert _needs_colourless({"cards": [{"mana_cost": "{2}{C}"}]})  # type: ignore[typeddict-item]


def test_warnings_wrap_at_80_when_piped_and_stay_whole_at_a_wide_columns(
    capsys, tmp_path, monkeypatch
):
    """A warning is text like any other: piped with COLUMNS unset it wraps at 80 (it used to
    stay one line), and a wide COLUMNS keeps it on one line for a script to grep."""
    monkeypatch.chdir(tmp_path)  # short file names in the warnings
    nolands = Path("nolands.txt")
    nolands.write_text("4 Grizzly Bears\n4 Shock\n4 Giant Growth\n28 Llanowar Elves\n")
    outside = Path("atraxa.txt")  # 903.5c: Lightning Bolt and Mountain are red
    outside.write_text(
        "Commander\n1 Atraxa, Praetors' Voice\nDeck\n1 Lightning Bolt\n1 Mountain\n"
        "38 Forest\n59 Llanowar Elves\n"
    )
    runs = [
        (("simulate", str(nolands), "--games", "200", "--seed", "1" * 64), "no lands"),
        (("sources", str(outside), "--exact", "--turns", "2"), "903.5c"),
    ]
    for columns in (None, "200"):
        if columns is None:
            monkeypatch.delenv("COLUMNS")
        else:
            monkeypatch.setenv("COLUMNS", columns)
        for words, word in runs:
            code, _, err = run(capsys, *words)
            assert code == 0, (words, err)
            lines = err.splitlines()
            starts = [i for i, line in enumerate(lines) if line.startswith("warning:")]
            found = [rows_at(lines, i) for i in starts if word in " ".join(rows_at(lines, i))]
            assert found, (words, err)
            warning = found[0]
            if columns is None:
                assert len(warning) > 1 and max(map(len, warning)) <= WIDTH, err
            else:
                assert len(warning) == 1 and len(warning[0]) > WIDTH, err


def test_the_keep_plots_bars_are_centred_on_their_ticks(tmp_path, monkeypatch):
    """Issue 39: the keep bars sat beside their ticks. Each hand size's bars (simulated alone,
    or simulated and exact side by side) are centred on that size's tick."""
    pytest.importorskip("matplotlib")
    from matplotlib.figure import Figure

    import mulligan as m
    from mulligan.cli.analyze_plot import plot_analysis

    saved: list[Figure] = []
    real = Figure.savefig

    def keep_figure(self: Figure, *args: object, **kwargs: object) -> None:
        saved.append(self)
        real(self, *args, **kwargs)

    monkeypatch.setattr(Figure, "savefig", keep_figure)
    deck = m.Deck.parse("24 Forest\n36 Grizzly Bears\n", cards=False)
    for exact in (False, True):
        saved.clear()
        r = m.analyze(deck, turns=2, games=2000, seed="6" * 64, exact=exact)
        paths = plot_analysis(r, "bears.txt", str(tmp_path / f"b{exact}.png"))
        assert any(p.endswith("-keep.png") for p in paths)
        ax = saved[-1].axes[0]  # the keep figure is the last one written
        ticks = list(ax.get_xticks())
        bars = [p for p in ax.patches if p.get_height() > 0]
        assert len(ticks) >= 2 and bars, (ticks, bars)
        for tick in ticks:
            mine = [b for b in bars if abs(b.get_x() + b.get_width() / 2 - tick) < 0.5]
            assert mine, tick
            lo = min(b.get_x() for b in mine)
            hi = max(b.get_x() + b.get_width() for b in mine)
            assert abs((lo + hi) / 2 - tick) < 1e-9, (exact, tick, lo, hi)
