"""Writes `data/eval/needs_top3.jsonl`: the ideal top-3 units of each labelled needs message.

The rubric (a broker's reading, not the parser and not the §C weights): from the fields a person
reads in the message (`needs.jsonl`: location, size said, monthly budget, must-haves) and the unit
type its words name (office / retail, store / loft, flex, studio, gallery), the candidates are the
units that meet every stated constraint, with the size within ±20 % of the size said; they are
ordered by closeness to the size said, then by lower rent. Messages with no such unit get an
empty list (MatchRank answers them with the closest units and relaxations).

    python -m quarry.apps.leasing.authoring.label_top3      # against the database the settings point at
"""

from __future__ import annotations

import json
import re
from typing import Any

from quarry.db import get_database
from quarry.settings import get_settings

from ..places import DATA_DIR

EVAL_DIR = DATA_DIR / "eval"
SIZE_BAND = 0.2


def unit_type(text: str) -> str | None:
    t = text.lower()
    if re.search(r"\b(retail|store|storefront)\b", t):
        return "retail"
    if re.search(r"\b(loft|flex|studio|gallery)\b", t):
        return "flex"
    return "office" if re.search(r"\boffice\b", t) else None


def ideal_top3(case: dict[str, Any], units: list[dict[str, Any]]) -> tuple[list[str], int]:
    ty = unit_type(case["text"])

    def meets(r: dict[str, Any]) -> bool:
        have = set(r["amenities"]) | ({"near transit"} if r["near_transit"] else set())
        have |= {"pet-friendly"} if r["pet_friendly"] else set()
        return (
            (not case["location"] or any(loc in r["hay"] for loc in case["location"]))
            and (1 - SIZE_BAND) * case["size"] <= r["sqft"] <= (1 + SIZE_BAND) * case["size"]
            and r["rent"] <= case["budget_max"] + 0.01
            and set(case["must_haves"]) <= have
            and (ty is None or r["unit_type"] == ty)
        )

    cands = sorted(
        (r for r in units if meets(r)),
        key=lambda r: (abs(r["sqft"] - case["size"]) / case["size"], r["rent"], r["unit_id"]),
    )
    return [r["unit_id"] for r in cands[:3]], len(cands)


def main() -> None:
    db = get_database(get_settings())
    units = db.fetch_all(
        "SELECT u.unit_id, u.sqft, u.rent::float AS rent, u.unit_type, u.amenities, u.near_transit, u.pet_friendly,"
        " lower(b.neighborhood || ' | ' || b.address || ' | ' || b.borough) AS hay"
        " FROM leasing_units u JOIN leasing_buildings b USING (building_id) WHERE u.source = 'bundled'"
    )
    lines = (EVAL_DIR / "needs.jsonl").read_text(encoding="utf-8").splitlines()
    out = []
    for line in lines:
        if not line.strip():
            continue
        case = json.loads(line)
        top, n = ideal_top3(case, units)
        out.append({"id": case["id"], "text": case["text"], "unit_type": unit_type(case["text"]),
                    "ideal_top3": top, "candidates": n})  # fmt: skip
    (EVAL_DIR / "needs_top3.jsonl").write_text("".join(json.dumps(o) + "\n" for o in out), encoding="utf-8")
    print(f"{sum(1 for o in out if o['ideal_top3'])} of {len(out)} messages have an ideal top-3")


if __name__ == "__main__":
    main()
