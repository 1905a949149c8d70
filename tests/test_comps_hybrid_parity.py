"""The faster hybrid SQL ranks as the reference: BM25 via `lexical.bm25_sql`, then RRF.

The reference is the block as it was before the 1M-row work (unnest + group BM25); the test
runs both on the bundled data for a table of filters and queries and compares ranked ids
and scores. The reference sums a document's term scores in whatever order its hash join
yields them, so equal documents can differ in the last bit (12.409118327896149 vs …147)
and such ties fall arbitrarily; the new SQL sums in query-term order, so equal documents
score bit for bit the same and ties go by id, as `ORDER BY bm25 DESC, id` intends. The
reference is therefore ordered by its scores rounded to 1e-9, then id.
"""

from __future__ import annotations

import pytest

from quarry.apps.comps import tools
from quarry.apps.comps.models import CompFilters
from quarry.apps.comps.street_words import BM25_ALIASES
from quarry.db import get_database
from quarry.embed import LocalE5, embed_query, vector_literal
from quarry.search import hybrid_rank, tokenize
from quarry.search.lexical import bm25_sql
from quarry.search.rrf import rrf_fuse

CASES: list[tuple[str, CompFilters, str, str]] = [
    (
        "sengkang-compassvale",
        CompFilters(town="SENGKANG", flat_type="4 ROOM", month_from="2023-01", month_to="2023-12"),
        "4 room near Compassvale",
        "Compassvale",
    ),
    (
        "tampines-budget",
        CompFilters(town="TAMPINES", flat_type="5 ROOM", month_from="2023-07", price_max=700000),
        "5 room tampines street 81 improved high floor",
        "Tampines Street 81",
    ),
    (
        "bedok-high",
        CompFilters(town="BEDOK", flat_type="3 ROOM", storey_min=13),
        "3-room bedok north ave 4 new generation",
        "Bedok North Avenue",
    ),
    (
        "amk-two-years",
        CompFilters(town="ANG MO KIO", flat_type="3 ROOM", month_from="2022-01"),
        "ang mo kio ave 10 room room 3",
        "Ang Mo Kio Avenue 10",
    ),
    ("no-town", CompFilters(flat_type="EXECUTIVE"), "executive maisonette apartment 99 years", "Maisonette"),
    ("unknown-terms", CompFilters(town="YISHUN"), "zzzz qqqq", "Yishun Ring Road"),
    # Unknown words between known ones: their tf is never computed, the ranking must not move.
    ("mixed-terms", CompFilters(town="YISHUN", flat_type="4 ROOM"), "4 zzzz room near yishun ring qqqq", "Yishun Ring"),
]


def _reference(f: CompFilters, lexical: str, vec_text: str, limit: int) -> tuple[list[object], list[float], list]:
    db = get_database()
    where, params = tools.where_clause(f)
    params = {**params, "town": f.town}
    q = vector_literal(embed_query(db, LocalE5(), vec_text))
    vector = [r["id"] for r in db.fetch_all(tools.LISTINGS.vector_sql(where), {**params, "q": q, "k": limit})]
    sql = bm25_sql(
        table="hdb_resale",
        where=where,
        terms_column="listing_terms",
        stats_table="hdb_term_stats",
        corpus_table="hdb_corpus_stats",
    )
    every = db.fetch_all(sql, {**params, "terms": tokenize(lexical, BM25_ALIASES), "k": 1_000_000})
    bm25 = sorted(every, key=lambda r: (-round(r["bm25"], 9), r["id"]))[:limit]
    named = {k: v for k, v in (("vector", vector), ("bm25", [r["id"] for r in bm25])) if v}
    fused = rrf_fuse(named, {"vector": 0.3, "bm25": 0.7}, k=60)[:limit]
    return [i for i, _ in fused], [s for _, s in fused], [(r["id"], r["bm25"]) for r in bm25]


@pytest.mark.parametrize(("f", "lexical", "vec_text"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
@pytest.mark.parametrize("limit", [50, 500])
def test_ranked_ids_equal_the_reference(db: None, f: CompFilters, lexical: str, vec_text: str, limit: int) -> None:
    ids, scores, bm25 = _reference(f, lexical, vec_text, limit)
    database = get_database()
    where, params = tools.where_clause(f)
    terms = tokenize(lexical, BM25_ALIASES)
    hits = hybrid_rank(
        database,
        tools.LISTINGS,
        where=where,
        params={**params, "town": f.town},
        query_vec=embed_query(database, LocalE5(), vec_text),
        terms=terms,
        limit=limit,
        weights={"vector": 0.3, "bm25": 0.7},
    )
    assert hits.ids == ids
    assert hits.scores == pytest.approx(scores, rel=1e-12)
    fast = database.fetch_all(
        tools.LISTINGS.bm25_sql(where, len(terms)), {**params, "town": f.town, "terms": terms, "k": limit}
    )
    assert [r["id"] for r in fast] == [i for i, _ in bm25]
    assert [r["bm25"] for r in fast] == pytest.approx([b for _, b in bm25], rel=1e-12)
