"""Peak memory of `mulligan cards import` against the bulk file's size (issue 18: under 1.5x).

Writes a synthetic Scryfall `oracle-cards` file of realistic size (by default 36,000 records of
about 4.4 kB each, as Scryfall's own: ids, URIs, image URIs, legalities for every format,
prices, non-ASCII type lines and names), then runs each way of importing it in its own process
under `/usr/bin/time -v` and prints the maximum resident set size, less a process that only
imports mulligan (the baseline), as a multiple of the file's size:

    python benches/card_import_memory.py [--records N] [--keep FILE]

Rows: `import_bulk` (the file's bytes read in place by the core: what `mulligan cards import`
does) and, as the peer, the same file decoded to a `str` first (what the importer did before
it read bytes; the str path still exists for callers holding text).
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path

FORMATS = [
    "standard", "future", "historic", "timeless", "gladiator", "pioneer", "explorer", "modern",
    "legacy", "pauper", "vintage", "penny", "commander", "oathbreaker", "standardbrawl", "brawl",
    "alchemy", "paupercommander", "duel", "oldschool", "premodern", "predh",
]  # fmt: skip


def record(i: int) -> dict[str, object]:
    cid, oid = str(uuid.UUID(int=2 * i + 1)), str(uuid.UUID(int=2 * i + 2))
    name = f"Synthetic Card Ærø {i}"
    img = f"https://cards.scryfall.io/{{}}/front/{cid[0]}/{cid[1]}/{cid}.jpg?1700000000"
    return {
        "object": "card",
        "id": cid,
        "oracle_id": oid,
        "multiverse_ids": [600000 + i],
        "mtgo_id": 100000 + i,
        "tcgplayer_id": 500000 + i,
        "cardmarket_id": 700000 + i,
        "name": name,
        "lang": "en",
        "released_at": "2025-11-14",
        "uri": f"https://api.scryfall.com/cards/{cid}",
        "scryfall_uri": f"https://scryfall.com/card/syn/{i}/synthetic-card?utm_source=api",
        "layout": "normal",
        "highres_image": True,
        "image_status": "highres_scan",
        "image_uris": {
            k: img.format(k) for k in ("small", "normal", "large", "png", "art_crop", "border_crop")
        },
        "mana_cost": "{2}{R}{W}",
        "cmc": 4.0,
        "type_line": "Legendary Creature — Human Soldier",
        "oracle_text": "Flying, vigilance\nWhenever this creature attacks, create a 1/1 white "
        "Soldier creature token that's tapped and attacking. (It isn't a spell.)\n"
        "{T}: Add {R} or {W}.",
        "power": "3",
        "toughness": "3",
        "colors": ["R", "W"],
        "color_identity": ["R", "W"],
        "keywords": ["Flying", "Vigilance"],
        "produced_mana": ["R", "W"],
        "legalities": {f: "legal" if i % 3 else "not_legal" for f in FORMATS},
        "games": ["paper", "arena", "mtgo"],
        "reserved": False,
        "game_changer": False,
        "foil": True,
        "nonfoil": True,
        "finishes": ["nonfoil", "foil"],
        "oversized": False,
        "promo": False,
        "reprint": True,
        "variation": False,
        "set_id": str(uuid.UUID(int=7)),
        "set": "syn",
        "set_name": "Synthetic Set",
        "set_type": "expansion",
        "set_uri": "https://api.scryfall.com/sets/00000000-0000-0000-0000-000000000007",
        "set_search_uri": "https://api.scryfall.com/cards/search?order=set&q=e%3Asyn&unique=prints",
        "scryfall_set_uri": "https://scryfall.com/sets/syn?utm_source=api",
        "rulings_uri": f"https://api.scryfall.com/cards/{cid}/rulings",
        "prints_search_uri": f"https://api.scryfall.com/cards/search?order=released&q=oracleid%3A{oid}&unique=prints",
        "collector_number": str(i),
        "digital": False,
        "rarity": "rare",
        "flavor_text": "“The line holds,” she said, “because we hold it.”",
        "card_back_id": "0aeebaf5-8c7d-4636-9e82-8c27447861f7",
        "artist": "Synthetic Artist",
        "artist_ids": [str(uuid.UUID(int=9))],
        "illustration_id": str(uuid.UUID(int=3 * i + 5)),
        "border_color": "black",
        "frame": "2015",
        "full_art": False,
        "textless": False,
        "booster": True,
        "story_spotlight": False,
        "edhrec_rank": i,
        "penny_rank": i,
        "prices": {
            "usd": "0.25",
            "usd_foil": "0.50",
            "usd_etched": None,
            "eur": "0.20",
            "eur_foil": "0.40",
            "tix": "0.03",
        },  # fmt: skip
        "related_uris": {
            "gatherer": f"https://gatherer.wizards.com/Pages/Card/Details.aspx?multiverseid={i}",
            "tcgplayer_infinite_articles": "https://tcgplayer.pxf.io/c/4931599/1830156/21018?subId1=api&trafcat=infinite&u=https%3A%2F%2Finfinite.tcgplayer.com",
            "tcgplayer_infinite_decks": "https://tcgplayer.pxf.io/c/4931599/1830156/21018?subId1=api&trafcat=infinite&u=https%3A%2F%2Finfinite.tcgplayer.com",
            "edhrec": "https://edhrec.com/route/?cc=Synthetic+Card",
        },
        "purchase_uris": {
            "tcgplayer": f"https://partner.tcgplayer.com/c/4931599/1830156/21018?u={i}",
            "cardmarket": f"https://www.cardmarket.com/en/Magic/Products/Search?searchString={i}",
            "cardhoarder": f"https://www.cardhoarder.com/cards/{i}?affiliate_id=scryfall",
        },
    }


def write_bulk(path: Path, n: int) -> int:
    with path.open("w", encoding="utf-8") as f:
        f.write("[\n")
        for i in range(n):
            f.write(json.dumps(record(i), ensure_ascii=False))
            f.write(",\n" if i + 1 < n else "\n")
        f.write("]\n")
    return path.stat().st_size


def peak_kb(code: str) -> int:
    r = subprocess.run(
        ["/usr/bin/time", "-v", sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
    )
    found = re.search(r"Maximum resident set size \(kbytes\): (\d+)", r.stderr)
    assert found, r.stderr
    return int(found.group(1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--records", type=int, default=36_000)
    ap.add_argument("--keep", type=Path, help="write the synthetic file here and keep it")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        bulk = args.keep or Path(tmp) / "oracle-cards.json"
        size = write_bulk(bulk, args.records)
        dest = Path(tmp) / "cards.tsv"
        base = peak_kb("import mulligan, mulligan.carddata")
        rows = {
            "import_bulk (bytes, in place)": (
                f"import mulligan.carddata as c; c.import_bulk({str(bulk)!r}, {str(dest)!r})"
            ),
            "peer: from_scryfall(str)": (
                "import mulligan as m, pathlib; "
                f"t = m.CardTable.from_scryfall(pathlib.Path({str(bulk)!r}).read_text('utf-8'))"
            ),
        }
        print(f"file: {size / 1e6:.1f} MB, {args.records:,} records; baseline {base / 1e3:.0f} MB")
        for label, code in rows.items():
            peak = peak_kb(code)
            extra = peak * 1024 - base * 1024
            print(f"{label:32} peak {peak / 1e3:7.0f} MB, above baseline {extra / size:.2f}x file")


if __name__ == "__main__":
    main()
