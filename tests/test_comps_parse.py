"""The offline comps parser: a table of messages (fixtures/comps_parse.jsonl), multi-turn merging,
street matching against the real 2023 street list (latency: bench/bench_comps_parse.py)."""

from __future__ import annotations

import csv
import gzip
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from quarry.apps.comps.parse import match_streets, merge_turns, parse_target

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "data" / "hdb" / "resale-flat-prices-2023.csv.gz"
CASES_FILE = Path(__file__).parent / "fixtures" / "comps_parse.jsonl"

COMPASSVALE = [
    "COMPASSVALE BOW",
    "COMPASSVALE CRES",
    "COMPASSVALE DR",
    "COMPASSVALE LANE",
    "COMPASSVALE LINK",
    "COMPASSVALE RD",
    "COMPASSVALE ST",
    "COMPASSVALE WALK",
]


@lru_cache(maxsize=1)
def load_streets() -> tuple[str, ...]:
    """Distinct street_name values of the real data, as the caller passes them."""
    with gzip.open(DATA, "rt", newline="") as fh:
        return tuple(sorted({row["street_name"] for row in csv.DictReader(fh)}))


def load_cases() -> list[dict[str, Any]]:
    with CASES_FILE.open() as fh:
        return [json.loads(line) for line in fh if line.strip()]


CASES = load_cases()


def test_fixture_is_large_and_unique() -> None:
    ids = [c["id"] for c in CASES]
    assert len(ids) >= 80
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_parse_case(case: dict[str, Any]) -> None:
    target = parse_target(case["text"], streets=load_streets())
    got = {field: getattr(target, field) for field in case["expect"]}
    assert got == case["expect"], case["text"]


def test_parse_marks_only_mentioned_fields() -> None:
    target = parse_target("4-room in Bedok", streets=load_streets())
    assert target.model_fields_set == {"town", "flat_type"}


def test_parse_without_street_list_still_finds_hints() -> None:
    target = parse_target("4-room near Compassvale, Sengkang")
    assert target.street_hint == "Compassvale"
    assert target.near is True
    assert target.street_names == []
    assert target.town == "SENGKANG"


# ---- merge_turns ---------------------------------------------------------------------------


def test_merge_clarified_town_keeps_earlier_constraints() -> None:
    t = merge_turns(["3-room, max 80 sqm, high floor, last 6 months", "Bedok"], streets=load_streets())
    assert t.town == "BEDOK"
    assert t.flat_type == "3 ROOM"
    assert t.floor_area_max == 80
    assert t.storey_preference == "high"
    assert t.months_back == 6


def test_merge_refinement_adds_to_search() -> None:
    t = merge_turns(["4-room in Bedok", "make it high floor"])
    assert (t.town, t.flat_type, t.storey_preference) == ("BEDOK", "4 ROOM", "high")


def test_merge_default_months_does_not_override_explicit() -> None:
    t = merge_turns(["4-room Bedok last 6 months", "under 500k"])
    assert t.months_back == 6
    assert t.price_budget_max == 500_000


def test_merge_town_and_type_start_a_fresh_search() -> None:
    t = merge_turns(
        ["4-room in Bedok, last 6 months, high floor, under 600k", "5-room in Tampines"],
        streets=load_streets(),
    )
    assert (t.town, t.flat_type) == ("TAMPINES", "5 ROOM")
    assert t.months_back == 12
    assert t.storey_preference is None
    assert t.price_budget_max is None


def test_merge_later_value_overrides_whole_group() -> None:
    t = merge_turns(["4-room in Bedok, 90-110 sqm, floors 7-9", "~95 sqm", "high floor"])
    assert (t.floor_area_target, t.floor_area_tolerance) == (95.0, 5.0)
    assert (t.storey_preference, t.storey_min, t.storey_max) == ("high", None, None)


def test_merge_any_floor_and_no_budget_clear() -> None:
    t = merge_turns(["4-room in Bedok under 600k, floors 7-9", "any floor, no budget"])
    assert (t.storey_min, t.storey_max, t.storey_preference) == (None, None, None)
    assert t.price_budget_max is None


def test_merge_town_change_drops_old_streets() -> None:
    t = merge_turns(["4-room in Sengkang near Compassvale", "Punggol instead"], streets=load_streets())
    assert t.town == "PUNGGOL"
    assert t.street_hint is None
    assert t.street_names == []


def test_merge_street_then_town_keeps_street() -> None:
    t = merge_turns(["4-room near Compassvale", "Sengkang"], streets=load_streets())
    assert t.town == "SENGKANG"
    assert t.street_names == COMPASSVALE


def test_merge_of_nothing_is_empty_target() -> None:
    assert merge_turns([]).model_fields_set == set()


# ---- match_streets -------------------------------------------------------------------------


def test_match_streets_word_prefix() -> None:
    found = match_streets("Compassvale", load_streets())
    assert "COMPASSVALE RD" in found
    assert found == COMPASSVALE


def test_match_streets_typo() -> None:
    assert match_streets("compasvale", load_streets()) == COMPASSVALE


def test_match_streets_exact_street_only() -> None:
    assert match_streets("Tampines St 81", load_streets()) == ["TAMPINES ST 81"]
    assert match_streets("tampines street 81", load_streets()) == ["TAMPINES ST 81"]


def test_match_streets_abbreviations_both_ways() -> None:
    streets = load_streets()
    assert "BT BATOK WEST AVE 6" in streets
    assert match_streets("Bukit Batok West Ave 6", streets) == ["BT BATOK WEST AVE 6"]
    assert match_streets("Bt Batok West Avenue 6", streets) == ["BT BATOK WEST AVE 6"]
    assert match_streets("Serangoon North Avenue 1", streets) == ["SERANGOON NTH AVE 1"]
    assert match_streets("Jalan Bukit Merah", streets) == ["JLN BT MERAH"]
    assert match_streets("Upper Boon Keng Road", streets) == ["UPP BOON KENG RD"]
    assert match_streets("Commonwealth Ave", streets) == ["C'WEALTH AVE"]
    assert match_streets("AMK Avenue 10", streets) == ["ANG MO KIO AVE 10"]


def test_match_streets_contained_words_and_word_order() -> None:
    streets = load_streets()
    assert match_streets("Merah", streets) == [
        "BT MERAH CTRL",
        "BT MERAH LANE 1",
        "BT MERAH VIEW",
        "JLN BT MERAH",
    ]
    assert match_streets("Sengkang East", streets) == [
        "SENGKANG EAST AVE",
        "SENGKANG EAST RD",
        "SENGKANG EAST WAY",
    ]
    assert match_streets("Toa Payoh Lor 1", streets) == ["LOR 1 TOA PAYOH"]
    assert match_streets("Compassvale MRT", streets) == COMPASSVALE


def test_match_streets_nonsense_town_and_empty() -> None:
    streets = load_streets()
    assert match_streets("qwerty zxcvb", streets) == []
    assert match_streets("the mall", streets) == []
    assert match_streets("Toa Payoh", streets) == []  # a town: the town filter carries it
    assert match_streets("Compassvale", []) == []
    assert match_streets("", streets) == []


def test_follow_ups_adjust_complete_or_take_back() -> None:
    lowered = merge_turns(["Woodlands 4rm lease at least 75 years", "lower it to 65 lah"])
    assert lowered.min_remaining_lease_years == 65
    retyped = merge_turns(["tampines 4rm past 6 months", "change to 5 room"])
    assert (retyped.flat_type, retyped.months_back) == ("5 ROOM", 6)
    completed = merge_turns(["jurong 4rm", "west"])
    assert completed.town == "JURONG WEST" and completed.unresolved == []
    dropped = merge_turns(["amk 4rm under 600k", "remove the budget, show all"])
    assert (dropped.price_budget_max, dropped.price_budget_min) == (None, None)
    ranged = merge_turns(["choa chu kang 5rm 500-600k", "can go up to 650k"])
    assert (ranged.price_budget_min, ranged.price_budget_max) == (500_000, 650_000)
