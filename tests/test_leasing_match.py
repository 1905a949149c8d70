"""MatchRank against the real database: hard filters in SQL, the §C score (SQL = Python = the
formula by hand), weights from settings, reason codes, closest units and relaxation counts."""

from __future__ import annotations

import random

import pytest

from quarry.apps.leasing.match import Weights, count_exact, match_rank, score_unit
from quarry.apps.leasing.models import Budget, MatchItem, SearchSpec
from quarry.apps.leasing.needs import parse_needs, unit_type_of
from quarry.db import Database
from quarry.settings import Settings, get_settings

HEADLINE = "Looking for ~1,800 sqft office in Midtown under $5k/month, pet-friendly, near transit"
MISSED = {"below_min_sf", "above_max_sf", "over_budget", "outside_location", "missing_must_have"}
"""Reason codes of a constraint a unit does not meet."""


def test_every_exact_match_passes_every_constraint_and_comes_from_sql(leasing_db: Database) -> None:
    spec = parse_needs(HEADLINE)
    m = match_rank(leasing_db, spec, Weights(), top_n=50)
    assert m.perfect and m.exact == len(m.items) >= 4
    for item in m.items:
        p = item.row_preview
        assert "midtown" in p.neighborhood.lower() and p.rent <= 5000 and p.pet_friendly and p.near_transit
        assert spec.min_sqft <= p.sqft <= spec.max_sqft and p.unit_type == "office"  # type: ignore[operator]
        assert {c.code for c in item.reason_codes} >= {"size_fits", "within_budget", "in_location", "near_transit"}
        assert not {c.code for c in item.reason_codes} & MISSED
        row = leasing_db.fetch_one(
            "SELECT sqft, rent::float AS rent FROM leasing_units WHERE unit_id = :u", {"u": item.id}
        )
        assert row == {"sqft": p.sqft, "rent": p.rent}
    # The planted 36 W 36th St suites under $5k are among them; the 1,800 SF one at $5,400 is not.
    ids = {i.id for i in m.items}
    assert {"U-1001", "U-1002", "U-1003", "U-1004"} <= ids and "U-1005" not in ids


def test_score_is_the_seeds_formula(leasing_db: Database) -> None:
    spec = SearchSpec(
        location=["soho"],
        min_sqft=1000,
        max_sqft=2000,
        budget_monthly_usd=Budget(max=9000),
        must_haves=["pet-friendly", "elevator"],
    )
    w = Weights()
    row = {
        "sqft": 1500,
        "rent": 8000.0,
        "neighborhood": "SoHo",
        "address": "1 Greene St",
        "borough": "Manhattan",
        "amenities": ["elevator"],
        "near_transit": True,
        "pet_friendly": False,
    }
    score, reasons, codes = score_unit(row, spec, w)
    assert score == 18 + 12 + 22 + 16 + 10 * 1 / 2 + 8 + 0
    assert [(c.code, c.value) for c in codes] == [
        ("size_fits", None),
        ("within_budget", 9000),
        ("in_location", "soho"),
        ("has_must_have", "elevator"),
        ("missing_must_have", "pet-friendly"),
        ("near_transit", None),
    ]
    assert len(reasons) == 5  # a sentence per §C term, the must-haves in one
    over = {**row, "sqft": 2500, "rent": 9500.0, "neighborhood": "Chelsea", "pet_friendly": True}
    score2, _, codes2 = score_unit(over, spec, w)
    assert score2 == 18 + 0 + 0 + 0 + 10 * 2 / 2 + 8 + 8
    assert [(c.code, c.value) for c in codes2] == [
        ("above_max_sf", 2000),
        ("over_budget", pytest.approx(9500 / 9000 - 1, abs=1e-4)),
        ("outside_location", None),
        ("has_must_have", "pet-friendly"),
        ("has_must_have", "elevator"),
        ("near_transit", None),
        ("pet_friendly", None),
    ]


@pytest.mark.parametrize(
    "text",
    [
        HEADLINE,
        "3,000 sf in SoHo under $6k a month with a terrace",
        "$40/sf/yr, about 800 sqft",
        "Flatiron or NoMad, 2,000 sf, under $9,500 a month",
        "Brooklyn office with a gym",
    ],
)
def test_sql_score_equals_python_score_and_order_is_by_score(leasing_db: Database, text: str) -> None:
    spec = parse_needs(text)
    m = match_rank(leasing_db, spec, Weights(), top_n=20)
    assert m.items
    for item in m.items:
        row = leasing_db.fetch_one(
            "SELECT u.sqft, u.rent::float AS rent, u.amenities, u.near_transit, u.pet_friendly, b.neighborhood,"
            " b.address, b.borough FROM leasing_units u JOIN leasing_buildings b USING (building_id)"
            " WHERE unit_id = :u",
            {"u": item.id},
        )
        assert row is not None and score_unit(row, spec, Weights())[0] == pytest.approx(item.score, abs=0.01)
    if m.perfect:
        assert [i.score for i in m.items] == sorted((i.score for i in m.items), reverse=True)


def test_weights_come_from_settings_and_change_the_order(leasing_db: Database) -> None:
    spec = parse_needs("Brooklyn or Midtown, 2,000 sf, under $9,000 a month, near transit")
    spec.must_haves = []
    w = Weights.from_settings(Settings(leasing_w_transit=0.0))
    assert w.transit == 0 and Weights.from_settings(get_settings()).transit == 8
    with_transit = match_rank(leasing_db, spec, Weights(), top_n=50)
    without = match_rank(leasing_db, spec, w, top_n=50)
    assert all(
        i.score == j.score - (8 if j.row_preview.near_transit else 0)
        for i in without.items
        for j in with_transit.items
        if i.id == j.id
    )


def test_no_perfect_match_gives_closest_and_two_relaxations_with_true_counts(leasing_db: Database) -> None:
    spec = parse_needs("1,800 sf in Tribeca under $4,000 a month")
    m = match_rank(leasing_db, spec, Weights(), top_n=5)
    assert not m.perfect and m.exact == 0 and len(m.items) == 5
    assert all("tribeca" in i.row_preview.neighborhood.lower() for i in m.items)
    assert len(m.relaxations) == 2 and len({r.field for r in m.relaxations}) == 2
    for r in m.relaxations:
        assert r.count > 0
    # The counts are what the relaxed search really finds.
    budget = next((r for r in m.relaxations if r.field == "budget"), None)
    if budget is not None and budget.budget_max == 4400:  # the seed's +10 %
        relaxed = spec.model_copy(update={"budget_monthly_usd": Budget(max=4400)})
        assert count_exact(leasing_db, relaxed) == budget.count


def test_ndcg_against_the_labelled_top3_and_the_metric_can_fail(leasing_db: Database) -> None:
    import json

    from quarry.apps.leasing.authoring.label_top3 import ideal_top3
    from quarry.apps.leasing.evaluate import EVAL_DIR, ablation, ranking

    labels = [json.loads(x) for x in (EVAL_DIR / "needs_top3.jsonl").read_text().splitlines() if x.strip()]
    labels = [c for c in labels if c["ideal_top3"]]
    assert len(labels) >= 20
    ndcg, mrr = ranking(leasing_db, labels, Weights())
    assert ndcg >= 0.9 and mrr >= 0.9
    # Reversed labels (the worst candidates instead of the best) score much lower: the metric can fail.
    needs = {json.loads(x)["id"]: json.loads(x) for x in (EVAL_DIR / "needs.jsonl").read_text().splitlines() if x}
    units = leasing_db.fetch_all(
        "SELECT u.unit_id, u.sqft, u.rent::float AS rent, u.unit_type, u.amenities, u.near_transit, u.pet_friendly,"
        " lower(b.neighborhood || ' | ' || b.address || ' | ' || b.borough) AS hay"
        " FROM leasing_units u JOIN leasing_buildings b USING (building_id) WHERE u.source = 'bundled'"
    )
    assert ideal_top3(needs["N01"], units)[0] == next(c["ideal_top3"] for c in labels if c["id"] == "N01")
    worst = [{**c, "ideal_top3": list(reversed(ideal_top3(needs[c["id"]], units)[0]))[:1]} for c in labels]
    assert ranking(leasing_db, [c for c in worst if c["ideal_top3"]], Weights())[0] < ndcg
    deltas = ablation(leasing_db, labels, Weights())
    assert set(deltas) == {"size", "price", "loc", "must", "transit", "pets"}


NO_MATCH_BEFORE = [
    (
        "we need 4,000 sf in Hudson Yards, budget $25k a month",
        ["U-1696", "U-1397", "U-1879", "U-2089", "U-1628"],
        [("expand area to all of Manhattan", "location", 65), ("relax size to 2,560–5,760 SF", "sqft", 3)],
    ),
    (
        "3,000 square feet in Chelsea under $15,000 per month with a terrace",
        ["U-1490", "U-1921", "U-1169", "U-2024", "U-1315"],
        [("expand area to all of Manhattan", "location", 4), ("drop must-have 'private-terrace'", "must", 1)],
    ),
    (
        "2k sf in NoMad, $10k/month, doorman and elevator",
        ["U-1194", "U-1827", "U-1092", "U-1353", "U-1119"],
        [("expand area to all of Manhattan", "location", 9), ("budget +10% (to $11,000/month)", "budget", 2)],
    ),
    (
        "Financial District, 10,000 sf, $55/sf/yr, 10 year lease",
        ["U-1153", "U-1995", "U-2040", "U-1067", "U-1828"],
        [("relax size to 6,400–14,400 SF", "sqft", 7), ("expand area to all of Manhattan", "location", 6)],
    ),
    (
        "Murray Hill office about 1,000 square feet under $4k a month",
        ["U-1012", "U-1221", "U-1371", "U-1294", "U-1445"],
        [("expand area to all of Manhattan", "location", 22), ("relax size to 640–1,440 SF", "sqft", 1)],
    ),
    (
        "about 700 sqft in Chelsea under $3,200/month",
        ["U-1741", "U-1345", "U-2186", "U-1871", "U-1154"],
        [("expand area to all of Manhattan", "location", 13), ("budget +10% (to $3,520/month)", "budget", 2)],
    ),
    (
        "we need a 6,000 sf loft in Williamsburg at $45 psf",
        ["U-1164", "U-1707", "U-1210", "U-1680", "U-1989"],
        [("expand area to all of Brooklyn", "location", 2), ("relax size to 3,840–8,640 SF", "sqft", 1)],
    ),
    (
        "Hudson Yards 8,000 sf under $60k a month with 24/7 access",
        ["U-2148", "U-1963", "U-1867", "U-1076", "U-2065"],
        [("expand area to all of Manhattan", "location", 26), ("relax size to 5,120–11,520 SF", "sqft", 2)],
    ),
    (
        "Tribeca 3,000 sf with exposed brick and high ceilings, under $18k/month",
        ["U-1543", "U-1839", "U-1037", "U-2068", "U-1276"],
        [("expand area to all of Manhattan", "location", 9), ("drop must-have 'exposed-brick'", "must", 3)],
    ),
    (
        "DUMBO creative studio, 1,500 sq ft, $60/sf/yr",
        ["U-1624", "U-2022", "U-1139", "U-1399", "U-1253"],
        [("expand area to all of Brooklyn", "location", 5), ("budget +10% (to $8,250/month)", "budget", 1)],
    ),
    (
        "FiDi office 4,500 sf budget $200,000 per year",
        ["U-1621", "U-1031", "U-2116", "U-1312", "U-2001"],
        [("relax size to 2,880–6,480 SF", "sqft", 9), ("expand area to all of Manhattan", "location", 3)],
    ),
    (
        "NoMad 2,400 rsf under $11,000 per month with a conference room",
        ["U-1827", "U-1353", "U-1194", "U-1858", "U-1092"],
        [("expand area to all of Manhattan", "location", 17), ("budget to $15,969/month (+45%)", "budget", 3)],
    ),
    (
        "Chelsea 1,400 sf, $6,500/month, furnished",
        ["U-1874", "U-1870", "U-1803", "U-1878", "U-1836"],
        [("expand area to all of Manhattan", "location", 8), ("any size up to 1,680 SF", "sqft", 1)],
    ),
    (
        "Murray Hill 750 sf under $3,000/month with a gym",
        ["U-1371", "U-1445", "U-1231", "U-1570", "U-1919"],
        [
            ("expand area to all of Manhattan and budget to $4,367/month", "location", 3),
            ("drop must-have 'gym'", "must", 1),
        ],
    ),
    (
        "1,800 sf in Tribeca under $1,000 a month",
        ["U-2020", "U-1116", "U-1801", "U-1381", "U-1301"],
        [
            ("budget to $8,550/month (+755%)", "budget", 3),
            ("expand area to all of Manhattan and budget to $4,585/month", "location", 3),
        ],
    ),
    (
        "5,000 sf in SoHo under $2,000 a month, pet-friendly",
        ["U-1965", "U-1471", "U-1282", "U-1021", "U-1295"],
        [
            ("expand area to all of Manhattan and budget to $16,500/month", "location", 3),
            ("relax size to 3,200–7,200 SF and budget to $45,050/month", "sqft", 3),
        ],
    ),
    (
        "900 sf in Midtown under $300 a month",
        ["U-1924", "U-1359", "U-1937", "U-1053", "U-1810"],
        [
            ("budget to $2,600/month (+767%)", "budget", 3),
            ("expand area to all of Manhattan and budget to $2,600/month", "location", 3),
        ],
    ),
    (
        "2,000 sf retail in Williamsburg under $3,000 a month with a kitchen",
        ["U-1129", "U-1195", "U-2128", "U-1964", "U-1147"],
        [("drop must-have 'kitchenette' and budget to $8,983/month", "must", 3)],
    ),
    (
        "10,000 sf anywhere under $5,000 a month",
        ["U-1004", "U-1436", "U-1930", "U-1003", "U-2071"],
        [("any size up to 12,000 SF", "sqft", 198), ("budget to $34,125/month (+582%)", "budget", 3)],
    ),
]
"""(message, closest unit ids, relaxations) on the bundled 1,200 units, recorded from MatchRank before
the no-match path was rewritten for speed (one statement for the location's buildings, building-level
location flags in the counting scan, a rent prefilter): the rewrite must not change a result."""


@pytest.mark.parametrize(("text", "closest", "relaxations"), NO_MATCH_BEFORE)
def test_no_match_output_is_what_it_was_before_the_rewrite(
    leasing_db: Database, text: str, closest: list[str], relaxations: list[tuple[str, str, int]]
) -> None:
    spec = parse_needs(text)
    m = match_rank(leasing_db, spec, Weights(), top_n=5)
    assert not m.perfect and m.exact == 0
    if not (unit_type_of(spec) or spec.must_haves):
        # Since issue 22 the closest list puts the asked unit type and must-haves before price and
        # size (tested below), so only specs asking neither keep their recorded closest units.
        assert [i.id for i in m.items] == closest
    assert [(r.change, r.field, r.count) for r in m.relaxations] == relaxations


def _fits(item: MatchItem, spec: SearchSpec) -> bool:
    p = item.row_preview
    have = {*p.amenities, *(["near transit"] if p.near_transit else []), *(["pet-friendly"] if p.pet_friendly else [])}
    return (unit_type_of(spec) in (None, p.unit_type)) and set(spec.must_haves) <= have


@pytest.mark.parametrize("text", [t for t, _, _ in NO_MATCH_BEFORE])
def test_closest_units_honour_the_unit_type_and_the_must_haves(leasing_db: Database, text: str) -> None:
    spec = parse_needs(text)
    m = match_rank(leasing_db, spec, Weights(), top_n=5)
    fits = [_fits(i, spec) for i in m.items]
    assert fits == sorted(fits, reverse=True)  # every unit meeting them before any that does not
    near = spec.model_copy(update={"min_sqft": None, "max_sqft": None, "budget_monthly_usd": None})
    if spec.location and count_exact(leasing_db, near):
        assert fits[0]  # the location holds such a unit: it leads the list


def test_every_candidate_relaxation_counts_what_its_own_search_finds(leasing_db: Database) -> None:
    from quarry.apps.leasing.match import _options, count_many

    for text, _, _ in NO_MATCH_BEFORE:
        specs = [o.spec for o in _options(leasing_db, parse_needs(text))]
        assert count_many(leasing_db, specs) == [count_exact(leasing_db, s) for s in specs]


def _reference_relaxations(leasing_db: Database, spec: SearchSpec) -> list[tuple[str, str, int]]:
    """The relaxation rule as first written: a count query per option, then option by option the
    budget each remaining one would need."""
    from quarry.apps.leasing.match import _kth_rents, _options

    best: dict[str, tuple[str, str, int]] = {}
    options = _options(leasing_db, spec)
    for o in options:
        n = count_exact(leasing_db, o.spec)
        if o.field not in best and n > 0:
            best[o.field] = (o.text, o.field.split(":")[0], n)
    b = spec.budget_monthly_usd
    if len(best) < 2 and b and b.max:
        for o in options:
            if o.field in best or o.field == "budget" or len(best) >= 2:
                continue
            found = _kth_rents(leasing_db, [o.spec])[0]
            if found is not None:
                both = o.spec.model_copy(update={"budget_monthly_usd": b.model_copy(update={"max": found[0]})})
                change = f"{o.text} and budget to ${found[0]:,.0f}/month"
                best[o.field] = (change, o.field.split(":")[0], count_exact(leasing_db, both))
    return sorted(best.values(), key=lambda r: -r[2])[:2]


def test_relaxations_equal_the_rule_computed_option_by_option(leasing_db: Database) -> None:
    # Batched statements must pick what the sequential rule picks, also when one field's first option
    # finds too few units and a later field could otherwise take its place.
    rng = random.Random(7)
    musts = ["pet-friendly", "near transit", "private-terrace", "gym", "doorman", "kitchen", "elevator"]
    locations = [[], ["tribeca"], ["soho"], ["midtown"], ["brooklyn"], ["park slope"], ["chelsea", "flatiron"]]
    # Three specs where taking a later field's option before an earlier field's second one changes
    # the answer (found by diffing such a batching against the rule).
    specs = [
        SearchSpec(location=["chelsea", "flatiron"], min_sqft=4000, max_sqft=6000,
                   budget_monthly_usd=Budget(max=1500), must_haves=["elevator", "private-terrace"]),
        SearchSpec(location=["park slope"], min_sqft=16000, max_sqft=24000,
                   budget_monthly_usd=Budget(max=300), must_haves=["near transit", "elevator", "gym"]),
        SearchSpec(min_sqft=16000, max_sqft=24000, budget_monthly_usd=Budget(max=2666.67), must_haves=["gym"]),
    ]  # fmt: skip
    for _ in range(80):
        size = rng.choice([400, 900, 1800, 5000, 10000, 20000])
        specs.append(
            SearchSpec(
                location=rng.choice(locations),
                min_sqft=int(size * 0.8),
                max_sqft=int(size * 1.2),
                budget_monthly_usd=Budget(max=rng.choice([300, 1000, 1500, 2666.67, 8000, 15000])),
                must_haves=rng.sample(musts, rng.choice([0, 1, 2, 3, 4])),
            )
        )
    checked = 0
    for spec in specs:
        m = match_rank(leasing_db, spec, Weights())
        if m.perfect:
            continue
        checked += 1
        if spec.location and not count_exact(leasing_db, SearchSpec(location=spec.location)):
            spec = spec.model_copy(update={"location": []})  # no unit there: MatchRank searched everywhere
        assert [(r.change, r.field, r.count) for r in m.relaxations] == _reference_relaxations(leasing_db, spec), spec
    assert checked >= 30


def test_no_match_without_budget_or_size_ranks_by_score(leasing_db: Database) -> None:
    # The distance is a constant then; ORDER BY once read it as a column position and failed.
    spec = SearchSpec(location=["tribeca"], must_haves=["private-terrace", "gym", "doorman", "kitchen"])
    m = match_rank(leasing_db, spec, Weights())
    assert not m.perfect and m.items
    scores = [i.score for i in m.items]
    assert scores == sorted(scores, reverse=True)
