"""Retrieval tools against the real bundled data: filters, stats, facets, hybrid and its fallbacks."""

from __future__ import annotations

import numpy as np
import pytest

from quarry.apps.comps import tools
from quarry.apps.comps.chart import plot_price_hist
from quarry.apps.comps.models import CompFilters, Stats, Target
from quarry.apps.comps.scoring import ScoreWeights, rerank, score_row, storey_distance
from quarry.db import get_database
from quarry.embed import LocalE5, embed_query

SENGKANG_4RM = CompFilters(town="SENGKANG", flat_type="4 ROOM", month_from="2023-01", month_to="2023-12")


def test_count_matches_independent_sql(db: None) -> None:
    f = SENGKANG_4RM.model_copy(update={"floor_area_min": 90, "floor_area_max": 100, "storey_min": 7, "storey_max": 12})
    expected = get_database().scalar(
        "SELECT count(*) FROM hdb_resale WHERE town='SENGKANG' AND flat_type='4 ROOM'"
        " AND floor_area_sqm BETWEEN 90 AND 100"
        " AND (split_part(storey_range,' TO ',1)::int + split_part(storey_range,' TO ',2)::int) / 2.0 BETWEEN 7 AND 12"
    )
    assert tools.count_candidates(get_database(), f) == expected > 0


def test_price_stats_are_exact(db: None) -> None:
    stats = tools.price_stats(get_database(), SENGKANG_4RM)
    row = get_database().fetch_one(
        "SELECT count(*) n, percentile_cont(0.5) WITHIN GROUP (ORDER BY resale_price) med, min(resale_price) lo,"
        " max(resale_price) hi FROM hdb_resale WHERE town='SENGKANG' AND flat_type='4 ROOM'"
    )
    assert row is not None
    assert (stats.count, stats.median, stats.min, stats.max) == (row["n"], row["med"], row["lo"], row["hi"])
    assert stats.p25 is not None and stats.p75 is not None and stats.p25 <= stats.median <= stats.p75


def test_filter_values_are_bound_not_spliced(db: None) -> None:
    evil = CompFilters(town="X'; DROP TABLE hdb_resale; --", street_names=["A' OR '1'='1"])
    where, _params = tools.where_clause(evil)
    assert "DROP" not in where and "OR '1'" not in where
    assert tools.count_candidates(get_database(), evil) == 0
    assert get_database().scalar("SELECT count(*) FROM hdb_resale") > 0


def test_facets_cover_the_filtered_set(db: None) -> None:
    facets = tools.explain_facets(get_database(), SENGKANG_4RM)
    total = tools.count_candidates(get_database(), SENGKANG_4RM)
    assert sum(facets["storey_range"].values()) == total
    assert sum(facets["flat_model"].values()) == total


def test_street_typo_found_by_trigram(db: None) -> None:
    assert any(
        s.startswith("COMPASSVALE") for s in tools.similar_streets(get_database(), "compasvale", town="SENGKANG")
    )


def test_hybrid_ranks_hinted_street_first(db: None) -> None:
    vec = embed_query(get_database(), LocalE5(), "Compassvale")
    res = tools.hybrid_fetch_candidates(
        get_database(), SENGKANG_4RM, query_vec=vec, lexical_query="4 room near Compassvale", limit=50
    )
    assert res.used_vector and res.used_bm25
    top = [r["street_name"] for r in res.rows[:10]]
    assert sum(s.startswith("COMPASSVALE") for s in top) >= 8
    allowed = {r["id"] for r in tools.fetch_candidates(get_database(), SENGKANG_4RM, limit=5000)}
    assert {r["id"] for r in res.rows} <= allowed  # hybrid never leaves the filtered set


def test_hybrid_without_vectors_or_terms_falls_back(db: None) -> None:
    res = tools.hybrid_fetch_candidates(get_database(), SENGKANG_4RM, query_vec=None, lexical_query=None, limit=20)
    assert not res.used_vector and not res.used_bm25 and len(res.rows) == 20
    assert "fell back" in " ".join(res.notes)
    empty = CompFilters(town="NOWHERE")
    res = tools.hybrid_fetch_candidates(
        get_database(), empty, query_vec=np.zeros(384, dtype=np.float32), lexical_query="x", limit=5
    )
    assert res.rows == []


def test_hnsw_nearest_listing_texts(db: None) -> None:
    rows = tools.nearest_listing_texts(
        get_database(), embed_query(get_database(), LocalE5(), "Compassvale Road"), limit=3
    )
    assert rows and "Compassvale" in rows[0]["embed_text"]


def test_scoring_prefers_the_closer_flat() -> None:
    target = Target(
        town="SENGKANG", flat_type="4 ROOM", floor_area_target=95, storey_preference="mid", min_remaining_lease_years=80
    )
    w = ScoreWeights()
    near = {"id": 1, "floor_area_sqm": 95, "remaining_lease_months": 960, "storey_mid": 8, "month": "2023-12"}
    far = {"id": 2, "floor_area_sqm": 105, "remaining_lease_months": 900, "storey_mid": 20, "month": "2023-01"}
    assert score_row(near, target, newest_month="2023-12", tolerance=5, w=w) == 0.0
    # area 10/5*0.45=0.9, lease 5y*0.25=1.25, storey (20-12)/3*0.15=0.4, recency 11/12*0.15=0.1375
    assert score_row(far, target, newest_month="2023-12", tolerance=5, w=w) == pytest.approx(2.6875, abs=1e-3)
    assert [r["id"] for r in rerank([far, near], target, newest_month="2023-12", tolerance=5, weights=w, top_k=1)] == [
        1
    ]
    assert storey_distance(2, Target(storey_preference="high")) == pytest.approx(11 / 3)


@pytest.mark.parametrize("prices", [[], [500000], [400000, 410000], list(range(400000, 700000, 5000))])
def test_histogram_handles_empty_tiny_and_normal_sets(prices: list[int]) -> None:
    stats = Stats(count=len(prices), median=prices[len(prices) // 2] if prices else None)
    fig = plot_price_hist(prices, stats, f"SENGKANG 4 ROOM last 12 months, n={len(prices)}")
    ax = fig.axes[0]
    assert ax.get_title().endswith(f"n={len(prices)}")
    if len(prices) < 3:
        assert ax.texts, "a friendly message replaces the bars"
    else:
        assert ax.patches and ax.get_legend() is not None
