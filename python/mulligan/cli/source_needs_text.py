"""`mulligan analyze`'s source needs as lines (docs/ANALYSIS.md, "Sources tables"): each
coloured card's sources of each colour its cost needs against the sources table's need, the
short-changed ones flagged."""

from __future__ import annotations

from mulligan.analysis_records import AnalysisDict

__all__ = ["source_need_lines"]


def source_need_lines(r: AnalysisDict) -> list[str]:
    """One line per card and colour: "Wrath of God {2}{W}{W}: 13 W sources; 90% by turn 4
    needs 15 (86.1%) SHORT"; nothing when the report has no table."""
    needs = r.get("source_needs")
    if not needs or not needs["cards"]:
        return []
    target = f"{100 * needs['target']:g}%"
    extra = ", non-land mana sources counted" if needs["nonland_sources"] else ""
    lines = [
        f"coloured sources against the sources table ({target} on curve given the land drops, "
        f"exact, this analysis's keep rule and era{extra}):"
    ]
    for c in needs["cards"]:
        counted = f"{c['sources']} {c['colour']} sources"
        if c["nonland_sources"]:
            counted += f" ({c['nonland_sources']} non-land)"
        need = "no count reaches it" if c["needed"] is None else f"needs {c['needed']}"
        chance = "" if c["probability"] is None else f" ({100 * c['probability']:.1f}% with these)"
        flag = "  SHORT" if c["short"] else ""
        lines.append(
            f"  {c['name']} {c['mana_cost']}: {counted}; {target} by turn {c['turn']} "
            f"{need}{chance}{flag}"
        )
    short = sum(1 for c in needs["cards"] if c["short"])
    if short:
        lines.append(f"  {short} short-changed by the mana base")
    return lines
