"""`mulligan stats LOG...`: "was I unlucky?" over verified game logs: the land count of every
hand dealt from a fresh shuffle against the deck's exact hypergeometric distribution, with a
p-value for the whole set (docs/ANALYSIS.md). The tests are the core's (`mulligan.land_luck`)."""

from __future__ import annotations

import json

import click

from mulligan import LogError
from mulligan.analysis import dealt_hands, land_luck
from mulligan.cli.fit_text import echo_lines, fit, text_width
from mulligan.cli.group import CliError, cli


@cli.command(name="stats")
@click.argument("logs", nargs=-1, required=True, type=click.Path())
@click.option(
    "--samples",
    type=click.IntRange(1, 10_000_000),
    default=10_000,
    show_default=True,
    help="Monte Carlo sets for the surprise test's p-value (fixed seed: same logs, same p).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON.")
def stats_cmd(logs: tuple[str, ...], samples: int, as_json: bool) -> None:
    """Was I unlucky? Checks each game LOG (as `mulligan verify` does), then tests the land
    count of every hand dealt (kept or not: what was dealt depends only on the shuffle)
    against the deck's exact hypergeometric distribution: the total of lands (too few or too
    many) and how extreme the hands were (screw and flood alike), each with a p-value for the
    whole set. A small p-value (below 0.01, say) says hands this far from the odds are rare."""
    data = []
    counted = 0
    for path in logs:
        try:
            with open(path, "rb") as f:
                raw = f.read()
            counted += len(dealt_hands(raw))
        except LogError as e:
            raise CliError(f"{path}: {e}") from None
        data.append(raw)
    if counted == 0:
        raise CliError("no hand in these logs was dealt from a fresh shuffle: nothing to test")
    report = land_luck(data, samples=samples)
    if as_json:
        click.echo(json.dumps({"logs": list(logs), **report}, indent=2))
        return
    width = text_width()
    echo_lines(f"{len(logs)} log(s) verified; {report['hands']} hands dealt from a fresh shuffle")
    for row in report["shapes"]:
        echo_lines(
            f"{row['hands']} hand(s) of {row['drawn']} from {row['deck_size']} cards "
            f"({row['deck_lands']} lands): lands, observed (expected)"
        )
        cells = [
            f"{k}: {o} ({e:.1f})"
            for k, (o, e) in enumerate(zip(row["observed"], row["expected"]))
            if o or e >= 0.05
        ]
        for line in fit("  ", cells, width):
            click.echo(line)
    echo_lines(
        f"lands dealt: {report['lands']} (expected {report['expected_lands']:.1f}); "
        f"P(this few or fewer) {report['p_at_most']:.4f}, P(this many or more) "
        f"{report['p_at_least']:.4f}; two-sided p = {report['p_total']:.4f}"
    )
    echo_lines(
        f"how extreme the hands were (screw and flood alike): p = {report['p_surprise']:.4f} "
        f"(Monte Carlo, {report['samples']:,} sets, fixed seed)"
    )
    verdict = (
        "unlucky beyond what shuffles usually do"
        if min(report["p_total"], report["p_surprise"]) < 0.01
        else "within what fair shuffles give"
    )
    echo_lines(f"verdict: {verdict}")
