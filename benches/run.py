"""Run the benchmarks side by side and print (and save) a table of medians and ratios.

    MATURIN_PEP517_ARGS="--features bench-peers" pip install -e '.[test]'
    python benches/run.py            # writes benches/RESULTS.md

Every figure is a median over rounds measured by pytest-benchmark in one process; the
machines are shared and noisy, so compare ratios (ours against a peer measured in the same
run), not absolute times across runs.
"""

from __future__ import annotations

import datetime
import json
import os
import platform
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def run_benchmarks() -> dict[str, dict[str, Any]]:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "bench.json"
        cmd = [
            sys.executable,
            "-m",
            "pytest",
            str(HERE),
            "-q",
            "-p",
            "no:cacheprovider",
            "--benchmark-only",
            "--benchmark-min-rounds=5",
            "--benchmark-max-time=1.0",
            # Untimed rounds first: without them the first benchmark of a process measures
            # the warm-up of caches and allocators (Library.shuffle: 1.7 us median cold,
            # 0.74 us warm, on this machine).
            "--benchmark-warmup=on",
            f"--benchmark-json={out}",
        ]
        # numpy's OpenBLAS starts a thread per core that polls for work; no benchmark here
        # uses BLAS, and on two cores the pollers would take time from the 2-thread runs.
        env = {**os.environ, "OPENBLAS_NUM_THREADS": "1"}
        subprocess.run(cmd, check=True, cwd=HERE.parent, env=env)
        data = json.loads(out.read_text())
    return {b["name"]: b for b in data["benchmarks"]}


def median(b: dict[str, Any]) -> float:
    return float(b["stats"]["median"])


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def table(benches: dict[str, dict[str, Any]]) -> str:
    import numpy

    lines: list[str] = []
    add = lines.append
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    add("# Benchmark results\n")
    add(f"Run {now} on {cpu_model()}, {os.cpu_count()} cores, Linux {platform.release()}, ")
    add(f"Python {platform.python_version()}, numpy {numpy.__version__}. Medians; ")
    add("warm-up rounds on; ratios > 1 mean mulligan is faster. ")
    add("Command: `python benches/run.py`.\n")

    def ratio_rows(group: list[tuple[str, str]], ours: str, unit: float, label: str) -> None:
        base = median(benches[ours]) * unit
        add(f"| {label} | median | mulligan is … ×  faster |")
        add("| --- | ---: | ---: |")
        for name, key in group:
            if key not in benches:
                add(f"| {name} | (not run: built without bench-peers) | |")
                continue
            t = median(benches[key]) * unit
            add(f"| {name} | {fmt_time(t)} | {'—' if key == ours else f'{t / base:.2f}'} |")
        add("")

    add("## One 60-card shuffle from Python\n")
    ratio_rows(
        [
            ("mulligan `Library.shuffle()` (event included)", "test_single_mulligan"),
            ("Rust `rand` 0.9 `shuffle` via the same bindings", "test_single_rust_rand"),
            ("numpy `Generator.shuffle`", "test_single_numpy"),
            ("Python `random.shuffle`", "test_single_python_random"),
            ("`secrets.SystemRandom().shuffle`", "test_single_secrets_system_random"),
        ],
        "test_single_mulligan",
        1.0,
        "per shuffle",
    )
    add("## Bulk 60-card shuffles (100,000 per call, one thread), time per shuffle\n")
    ratio_rows(
        [
            ("mulligan `bulk.shuffles` (new array each call)", "test_bulk_mulligan"),
            ("mulligan `bulk.shuffles(..., out=)` (array reused)", "test_bulk_mulligan_out"),
            ("Rust `rand` 0.9 `shuffle` loop (new array each call)", "test_bulk_rust_rand"),
            ("numpy `Generator.permuted` (vectorised)", "test_bulk_numpy"),
        ],
        "test_bulk_mulligan",
        1 / 100_000,
        "per shuffle",
    )
    add("## London mulligan simulation, one thread\n")
    add("| peer | games/s | mulligan is … × faster |")
    add("| --- | ---: | ---: |")
    ours = games_per_second(benches["test_london_mulligan"])
    for name, key in [
        ("mulligan `simulate` (compiled KeepRule)", "test_london_mulligan"),
        ("best numpy version (hypergeometric rounds)", "test_london_numpy"),
        ("pure Python `random`", "test_london_python_random"),
    ]:
        gps = games_per_second(benches[key])
        faster = "—" if key == "test_london_mulligan" else f"{ours / gps:.1f}"
        add(f"| {name} | {gps / 1e6:.2f} M | {faster} |")
    add("")
    add("## Scaling\n")
    add("| threads | games/s |")
    add("| ---: | ---: |")
    for t in (1, 2):
        add(f"| {t} | {games_per_second(benches[f'test_london_threads[{t}]']) / 1e6:.2f} M |")
    add("")
    add("| deck size | London games/s (1 thread) | bulk shuffle time per shuffle |")
    add("| ---: | ---: | ---: |")
    for size in (40, 60, 100, 250):
        gps = games_per_second(benches[f"test_london_deck_size[{size}]"])
        per = median(benches[f"test_bulk_deck_size[{size}]"]) / 25_000
        add(f"| {size} | {gps / 1e6:.2f} M | {fmt_time(per)} |")
    add("")
    variants_section(benches, add)
    add("## The issue's targets (per core)\n")
    add("| target | measured (median) | met |")
    add("| --- | ---: | :---: |")
    london = games_per_second(benches["test_london_mulligan"])
    bulk = median(benches["test_bulk_mulligan_out"]) / 100_000
    single = median(benches["test_single_mulligan"])
    for what, value, ok in [
        ("≥ 50 M London starts/s via `simulate`", f"{london / 1e6:.1f} M/s", london >= 50e6),
        ("60-card bulk shuffle < 100 ns (`out=`)", fmt_time(bulk), bulk < 100e-9),
        ("`Library.shuffle()` of 60 cards < 1 µs", fmt_time(single), single < 1e-6),
    ]:
        add(f"| {what} | {value} | {'yes' if ok else 'no'} |")
    add("")
    return "\n".join(lines)


#: The variant benchmarks (benches/bench_simulate.py `VARIANTS`), in table order.
VARIANT_ROWS = [
    ("CANADIAN_HIGHLANDER", "canadian_highlander"),
    ("HOUSTON", "houston"),
    ("PARTIAL_PARIS (exile the hand)", "partial_paris"),
    ('PARTIAL_PARIS, `exile="excess"`', "partial_paris_excess"),
    ("LONDON, `land_mulligan=True`", "land_mulligan"),
    ("LONDON, `free_mulligans=2`", "free_mulligans_2"),
    ('LONDON, `smoothing="arena2"` (each game a `Game`)', "smoothing_arena2"),
]


def variants_section(benches: dict[str, dict[str, Any]], add: Any) -> None:
    """Games/s of the mulligan variants (one thread), each against LONDON in the same run."""
    add("## Mulligan variants and table options (one thread)\n")
    add("| variant | games/s | against LONDON |")
    add("| --- | ---: | ---: |")
    london = games_per_second(benches["test_london_mulligan"])
    add(f"| LONDON | {london / 1e6:.2f} M | 1.00 |")
    for name, key in VARIANT_ROWS:
        b = benches.get(f"test_variant_mulligan[{key}]")
        if b is None:
            continue
        gps = games_per_second(b)
        rate = f"{gps / 1e6:.2f} M" if gps >= 1e6 else f"{gps / 1e3:.1f} k"
        add(f"| {name} | {rate} | {gps / london:.3f} |")
    add("")


def games_per_second(b: dict[str, Any]) -> float:
    return float(b["extra_info"]["games"]) / median(b)


def fmt_load(load: tuple[float, float, float]) -> str:
    return ", ".join(f"{x:.2f}" for x in load)


def fmt_time(seconds: float) -> str:
    if seconds < 1e-6:
        return f"{seconds * 1e9:.0f} ns"
    if seconds < 1e-3:
        return f"{seconds * 1e6:.2f} µs"
    return f"{seconds * 1e3:.1f} ms"


SERVE_SECTION = "## `mulligan serve` under load"


def main() -> int:
    load_before = os.getloadavg()
    benches = run_benchmarks()
    load_after = os.getloadavg()
    text = table(benches)
    text += (
        f"\nLoad average (1, 5, 15 min) before the run: {fmt_load(load_before)}; after: "
        f"{fmt_load(load_after)}. Each benchmark holds one core while it runs, so a load above 1 "
        "means another job shared the machine and the figures are pessimistic.\n"
    )
    print(text)
    # The service's load test (benches/load_serve.py) is run and recorded by hand: keep it.
    results = HERE / "RESULTS.md"
    old = results.read_text(encoding="utf-8") if results.exists() else ""
    kept = old[old.index(SERVE_SECTION) :] if SERVE_SECTION in old else ""
    results.write_text(text + "\n" + ("\n" + kept if kept else ""), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
