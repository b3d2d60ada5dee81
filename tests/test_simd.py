"""`MULLIGAN_SIMD` caps the vector extensions a process uses (rust/core/src/cpu.rs): every
backend must give the same results bit for bit, so a run capped at AVX2 (the traced class
kernel, the AVX2 counter verdicts) or at the portable code (the portable class kernel, the
verdicts one hand at a time) equals an uncapped one, for keep rules of one to four card
conditions on narrow and wide decks."""

from __future__ import annotations

import json
import os
import subprocess
import sys

SCRIPT = r"""
import json, mulligan as m
seed = m.Seed.from_hex("5a" * 32)
def deck(n_lands, n_spells, tags):
    cards = [m.Card(f"L{i}", land=True, tags=tags[i % len(tags)]) for i in range(n_lands)]
    cards += [m.Card(f"S{i}", tags=tags[(i + 1) % len(tags)]) for i in range(n_spells)]
    return m.Deck(cards)
tags = [["a"], ["b"], ["a", "c"], ["d"], ["b", "c", "d"], []]
out = []
for lands, spells in [(24, 36), (17, 23), (38, 61)]:
    d = deck(lands, spells, tags)
    for k in range(1, 5):
        rule = m.KeepRule({7: (2, 5), 6: (2, 4), 5: (1, 4)}, keep_at=4,
                          requires={t: 1 for t in "abcd"[:k]})
        for mull in ["london", "vancouver", "paris"]:
            r = m.simulate(d, games=20000, seed=seed, keep=rule, threads=1, mulligan=mull)
            out.append([lands, k, mull, sorted(r.kept_by_size.items()), r.hand_lands.tolist()])
print(json.dumps(out))
"""


def run(cap: str | None) -> list[object]:
    env = dict(os.environ)
    env.pop("MULLIGAN_SIMD", None)
    if cap is not None:
        env["MULLIGAN_SIMD"] = cap
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True
    )
    results: list[object] = json.loads(done.stdout)
    return results


def test_every_cap_gives_the_same_results() -> None:
    base = run(None)
    assert len(base) == 36
    for cap in ["avx2", "portable"]:
        assert run(cap) == base, cap
