"""Issue 22 item 8, as a table (`fixtures/leasing_wishes.jsonl`): wishes inside adjectives kept,
nice-to-haves kept apart, budget and size ranges with both ends, walking minutes to the subway,
unknown places asked back; and, on the real database, the turn that asks instead of searching."""

from __future__ import annotations

import asyncio
import json
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from quarry.apps.leasing.needs import parse_needs
from quarry.apps.leasing.orchestrator import run
from quarry.apps.leasing.when import NY
from quarry.db import Database

CASES = [
    json.loads(line) for line in (Path(__file__).parent / "fixtures" / "leasing_wishes.jsonl").read_text().splitlines()
]
NOW = datetime(2026, 11, 24, 10, 0, tzinfo=NY)


@pytest.mark.parametrize("case", CASES, ids=[c["title"] for c in CASES])
def test_wishes_ranges_and_places(case: dict[str, Any]) -> None:
    s = parse_needs(case["text"])
    if "must_haves" in case:
        assert s.must_haves == case["must_haves"]
    if "nice_to_haves" in case:
        assert s.nice_to_haves == case["nice_to_haves"]
    if "budget" in case:
        lo, hi = case["budget"]
        assert s.budget_monthly_usd is not None
        assert s.budget_monthly_usd.min == (pytest.approx(lo) if lo is not None else None)
        assert s.budget_monthly_usd.max == (pytest.approx(hi, abs=0.01) if hi is not None else None)
    if "size" in case:
        assert [s.min_sqft, s.max_sqft] == case["size"]
    if "location" in case:
        assert s.location == case["location"]
    if "unresolved" in case:
        assert s.unresolved_places == case["unresolved"]
        assert (s.spec_status == "underconstrained") == bool(case["unresolved"])


def test_a_nice_to_have_never_empties_the_result(leasing_db: Database) -> None:
    must = asyncio.run(run("Williamsburg, 1,000 sf, under $6k, roof deck, gym, exposed brick", clock=lambda: NOW))
    nice = asyncio.run(
        run(
            "Williamsburg, 1,000 sf, under $6k, a roof deck would be nice, ideally a gym and exposed brick",
            clock=lambda: NOW,
        )
    )
    assert nice.spec is not None and nice.spec.must_haves == [] and nice.matches is not None
    assert nice.matches.perfect and nice.matches.exact >= (must.matches.exact if must.matches else 0)


@pytest.mark.parametrize("place", ["Upper East Side", "Brooklyn Heights"])
def test_an_unknown_neighbourhood_is_asked_back_with_its_name(place: str, leasing_db: Database) -> None:
    resp = asyncio.run(run(f"2,000 sf office on the {place}, under $12k a month", clock=lambda: NOW))
    assert resp.route == "VIA/needs" and resp.spec is not None
    assert resp.spec.unresolved_places == [place] and resp.matches is None and resp.question is not None
