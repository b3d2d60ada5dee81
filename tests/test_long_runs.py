"""Long and hostile bulk runs: Ctrl-C stops `simulate`, `progress` reports it, degenerate inputs
warn, and outputs that cannot fit are refused (a `MulliganError` naming the argument and the
limit) before anything is allocated, never a crash. Memory refusals run in a child process under
an address-space limit (`resource.setrlimit(RLIMIT_AS)`), so a regression kills only the child.
"""

from __future__ import annotations

import pickle
import signal
import subprocess
import sys
import textwrap
import warnings

import pytest

import mulligan as m

from .process_util import child_process, skip_if_sigint_ignored

SEED = m.Seed.from_hex("5e" * 32)


def deck(lands: int = 24, size: int = 60) -> m.Deck:
    cards = [m.Card(f"Land {i}", land=True, tags=("ramp",) if i < 3 else ()) for i in range(lands)]
    cards += [m.Card(f"Spell {i}") for i in range(size - lands)]
    return m.Deck(cards)


def run_child(code: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


LIMITED = """
import resource
import numpy as np
import mulligan as m
from mulligan._core import GameConfigError
def vm_size():
    for line in open("/proc/self/status"):
        if line.startswith("VmSize:"):
            return int(line.split()[1]) * 1024
# 1 GiB of address space beyond what the interpreter, numpy and mulligan already map.
limit = vm_size() + (1 << 30)
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
seed = bytes(32)
deck = m.Deck([m.Card("Forest", land=True)] * 24 + [m.Card("Bear")] * 36)
"""


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc and sets RLIMIT_AS")
@pytest.mark.parametrize(
    ("call", "argument"),
    [
        # 8 bytes a game: 1.6 GB for 200 million games.
        ("m.simulate(deck, games=200_000_000, seed=seed, per_game=True)", "games"),
        # 240 bytes a row: 2.4 GB.
        ("m.bulk.shuffles(60, 10_000_000, seed)", "count"),
        ("m.bulk.hands(deck, 100_000_000, seed)", "count"),
        # A deck size whose working copies alone need 16 GB.
        ("m.bulk.hands(1 << 31, 1, seed)", "deck"),
        ("m.bulk.shuffles(1 << 31, 1, seed)", "count"),
        # The output given (512 MB), but not the working memory of 2^27-card shuffles.
        ("m.bulk.shuffles(1 << 27, 1, seed, out=np.zeros((1, 1 << 27), np.uint32))", "n_cards"),
        ("m.tournament.play_draw(seed, 1 << 32)", "tables"),
    ],
)
def test_outputs_that_cannot_fit_are_refused_before_allocating(call: str, argument: str) -> None:
    child = run_child(
        LIMITED
        + f"""
try:
    {call}
except GameConfigError as e:
    print("refused:", e)
else:
    print("ran")
"""
    )
    assert child.returncode == 0, child.stderr[-2000:]
    out = child.stdout.strip()
    assert out.startswith(f"refused: {argument}"), out
    assert "more than this process can have" in out


def test_absurd_sizes_are_refused_in_this_process_too() -> None:
    d = deck()
    with pytest.raises(m.GameConfigError, match=r"^games .*= 4611686018427387904 needs"):
        m.simulate(d, games=1 << 62, seed=SEED, per_game=True)
    with pytest.raises(m.GameConfigError, match="2\\^48"):
        m.simulate(d, games=1 << 62, seed=SEED)
    with pytest.raises(m.GameConfigError, match="^count"):
        m.bulk.shuffles(60, 1 << 50, SEED)
    with pytest.raises(m.GameConfigError, match="^tables"):
        m.tournament.play_draw(SEED, 1 << 62)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
@pytest.mark.parametrize("threads", [1, 2])
def test_ctrl_c_stops_a_long_simulate(threads: int) -> None:
    # 2^47 games would run for days: only Ctrl-C can end the child before the timeout.
    code = f"""
    import sys
    import mulligan as m
    deck = m.Deck([m.Card("Forest", land=True)] * 24 + [m.Card("Bear")] * 36)
    print("started", flush=True)
    m.simulate(deck, games=1 << 47, seed=bytes(32), threads={threads})
    print("finished", flush=True)
    """
    skip_if_sigint_ignored()
    with child_process(
        [sys.executable, "-c", textwrap.dedent(code)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as child:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "started"
        # Let the engine start (the import is done), then interrupt it.
        subprocess.run([sys.executable, "-c", "import time; time.sleep(1)"], check=True)
        child.send_signal(signal.SIGINT)
        stdout, stderr = child.communicate(timeout=60)
    assert "finished" not in stdout
    assert "KeyboardInterrupt" in stderr, stderr[-2000:]
    assert child.returncode != 0


def test_progress_reports_between_chunks_from_zero_to_total() -> None:
    seen: list[tuple[int, int]] = []
    games = 3_000_000
    result = m.simulate(
        deck(), games=games, seed=SEED, threads=2, progress=lambda d, t: seen.append((d, t))
    )
    assert seen[0] == (0, games) and seen[-1] == (games, games)
    assert all(t == games for _, t in seen)
    done = [d for d, _ in seen]
    assert done == sorted(done)
    assert result.to_dict() == m.simulate(deck(), games=games, seed=SEED).to_dict()
    # The slow path (a Python callable) reports too.
    seen.clear()
    m.simulate(
        deck(),
        games=20_000,
        seed=SEED,
        keep=lambda hand, mulligans: True,
        progress=lambda d, t: seen.append((d, t)),
    )
    assert seen[0] == (0, 20_000) and seen[-1] == (20_000, 20_000)


def test_an_error_in_progress_stops_the_run_and_is_raised() -> None:
    calls = []

    def stop(done: int, total: int) -> None:
        calls.append(done)
        if done > 0:
            raise RuntimeError("enough")

    with pytest.raises(RuntimeError, match="enough"):
        m.simulate(deck(), games=1 << 40, seed=SEED, threads=2, progress=stop)
    # Called until the first report of games done, then never again.
    assert calls[-1] > 0 and all(c == 0 for c in calls[:-1])
    with pytest.raises(m.MulliganTypeError, match="progress"):
        m.simulate(deck(), games=10, seed=SEED, progress=5)


def test_degenerate_inputs_warn() -> None:
    assert issubclass(m.MulliganWarning, UserWarning)
    cases = [
        (m.Deck([]), None, "empty"),
        (m.Deck([m.Card("Bear")] * 60), None, "no lands"),
        (deck(), m.KeepRule({7: (2, 5)}, requires="draw"), '"draw"'),
    ]
    for d, keep, what in cases:
        with pytest.warns(m.MulliganWarning, match=what):
            m.simulate(d, games=100, seed=SEED, keep=keep)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        m.simulate(deck(), games=100, seed=SEED, keep=m.KeepRule({7: (2, 5)}, requires="ramp"))
    # Under an "error" filter the warning is the error, raised before any game is run.
    with warnings.catch_warnings():
        warnings.simplefilter("error", m.MulliganWarning)
        with pytest.raises(m.MulliganWarning):
            m.simulate(m.Deck([]), games=100, seed=SEED)


def test_results_pickle_and_adjacent_records_merge_in_game_order() -> None:
    d = deck()
    whole = m.simulate(d, games=3000, seed=SEED, start=7, per_game=True)
    first = m.simulate(d, games=1000, seed=SEED, start=7, per_game=True)
    rest = m.simulate(d, games=2000, seed=SEED, start=1007, per_game=True)
    for merged in (first.merge(rest), rest.merge(first)):
        again = pickle.loads(pickle.dumps(merged))
        assert again.to_dict() == whole.to_dict()
        assert again.per_game is not None and whole.per_game is not None
        for key, column in whole.per_game.items():
            assert (again.per_game[key] == column).all(), key
    apart = m.simulate(d, games=10, seed=SEED, start=5000, per_game=True)
    assert first.merge(apart).per_game is None
    with pytest.raises(m.MulliganTypeError):
        first.merge(5)
