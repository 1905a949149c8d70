"""`search_archives_db`: one embedding, `match_archives` in SQL, optional BM25 boost fused by RRF.

result = search_archives_db(db, embedder, "wayang kulit performances videos",
                            constraints=Constraints(media_type="video"))
result.hits        # structured, deduplicated, best first
result.formatted   # the same as numbered text for a model
"""

from __future__ import annotations

import time
from typing import Any

from quarry.db import Database
from quarry.embed import Embedder, embed_query, vector_literal
from quarry.search import bm25_sql, rrf_fuse, tokenize

from .models import ArchiveHit, Constraints, SearchResult
from .vocab import STOPWORDS

MATCH_THRESHOLD = 0.78
"""SQL floor on cosine similarity for multilingual-e5-small (the seed's 0.3 was for text-embedding-004;
e5 puts even unrelated text at 0.75–0.85, so the floor only removes the clearly unrelated)."""
MATCH_COUNT = 10
POOL_FACTOR = 4
"""`match_archives` returns this many times `match_count` before the lexical boost reorders them."""
RRF_WEIGHTS = {"vector": 0.6, "bm25": 0.4}
HNSW_EF_SEARCH = 200
"""`hnsw.ef_search` for `match_archives`. At 100k synthetic items (bench/bench_archive.py) pgvector's
default 40 gives recall@10 ≈ 0.65, 200 ≈ 0.87 at p95 ≈ 6 ms; with a place filter and the 40-row pool
a larger first batch also means fewer iterative rounds (p95 ≈ 16 ms against ≈ 24 ms at 40 or 100)."""
HNSW_ITERATIVE_SCAN = "relaxed_order"
"""Keep scanning the HNSW graph until enough rows pass the SQL filters: without it a place filter
returns ~3 of 10 rows at 100k items. Relaxed order may swap near-ties, so rows are re-sorted here."""

_MATCH = (
    "SELECT * FROM match_archives(CAST(:q AS vector), :threshold, :count,"
    " CAST(:media AS text), CAST(:place AS text), CAST(:year_from AS integer), CAST(:year_to AS integer),"
    " CAST(:place_not AS text), CAST(:media_not AS text[]))"
)


_FILTER_SQL = (
    "(CAST(:media AS text) IS NULL OR d.media_type = CAST(:media AS text))"
    " AND (CAST(:media_not AS text[]) IS NULL OR d.media_type <> ALL(CAST(:media_not AS text[])))"
    " AND (CAST(:place AS text) IS NULL OR d.place_fold LIKE '%' || quarry_fold(CAST(:place AS text)) || '%')"
    " AND (CAST(:place_not AS text) IS NULL"
    " OR d.place_fold NOT LIKE '%' || quarry_fold(CAST(:place_not AS text)) || '%')"
    " AND (CAST(:year_from AS integer) IS NULL OR coalesce(d.year_to, d.year_from) >= CAST(:year_from AS integer))"
    " AND (CAST(:year_to AS integer) IS NULL OR coalesce(d.year_from, d.year_to) <= CAST(:year_to AS integer))"
)
"""The filters of `match_archives`, for the BM25 candidates (alias `d`)."""
_BY_ID = (
    "SELECT identifier, title, title_ms, summary, tags, media_type, place, period, year_from, year_to,"
    " collection, rights, 1 - (embedding <=> CAST(:q AS vector)) AS similarity FROM archive_items"
    " WHERE identifier = ANY(CAST(:ids AS text[])) AND 1 - (embedding <=> CAST(:q AS vector)) >= :threshold"
)


def _filters(c: Constraints) -> dict[str, object]:
    return {
        "media": c.media_type,
        "media_not": list(c.media_not) or None,
        "place": c.place,
        "place_not": c.place_not,
        "year_from": c.year_from,
        "year_to": c.year_to,
    }


def query_terms(query: str) -> list[str]:
    """BM25 terms of a query: folded words without stopwords."""
    return [t for t in tokenize(query) if t not in STOPWORDS]


MATCH_FIELDS = ("title", "title_ms", "tags", "summary")
"""Fields checked for query terms, in the order they are reported."""


def _matched(hit: dict[str, object], qterms: list[str]) -> dict[str, list[str]]:
    """Query terms found in the item (`matched_terms`) and the fields holding them (`matched_fields`)."""
    per_field = {
        f: set(tokenize(" ".join(hit[f]) if f == "tags" else str(hit[f])))  # type: ignore[arg-type]
        for f in MATCH_FIELDS
    }
    return {
        "matched_terms": [t for t in qterms if any(t in have for have in per_field.values())],
        "matched_fields": [f for f in MATCH_FIELDS if any(t in per_field[f] for t in qterms)],
    }


def format_hits(hits: list[ArchiveHit]) -> str:
    """Numbered text for a model: id, title, media, place, period, similarity, tags, summary."""
    if not hits:
        return "No archive items matched."
    lines = []
    for n, h in enumerate(hits, 1):
        lines.append(
            f"{n}. [{h.identifier}] {h.title} ({h.media_type}; {h.place}; {h.period}; similarity {h.similarity:.3f})\n"
            f"   tags: {', '.join(h.tags)}\n   summary: {h.summary}"
        )
    return "\n".join(lines)


def match_archives(
    db: Database, query_vector: str, match_threshold: float, match_count: int, constraints: Constraints
) -> list[dict[str, Any]]:
    """Rows of the SQL function `match_archives`, best similarity first, with this module's HNSW settings."""
    with db.transaction(read_only=True) as tx:
        tx.execute(
            "SELECT set_config('hnsw.ef_search', :ef, true), set_config('hnsw.iterative_scan', :it, true)",
            {"ef": str(HNSW_EF_SEARCH), "it": HNSW_ITERATIVE_SCAN},
        )
        rows = tx.fetch_all(
            _MATCH, {"q": query_vector, "threshold": match_threshold, "count": match_count, **_filters(constraints)}
        )
    return sorted(rows, key=lambda r: -float(r["similarity"]))


def search_archives_db(
    db: Database,
    embedder: Embedder,
    query: str,
    *,
    match_threshold: float = MATCH_THRESHOLD,
    match_count: int = MATCH_COUNT,
    constraints: Constraints | None = None,
    lexical_boost: bool = True,
) -> SearchResult:
    """Search the archive for ONE query; constraints are SQL filters of `match_archives`."""
    started = time.perf_counter()
    c = constraints or Constraints()
    vec = vector_literal(embed_query(db, embedder, query))
    pool = match_count * POOL_FACTOR if lexical_boost else match_count
    rows = match_archives(db, vec, match_threshold, pool, c)
    by_id = {r["identifier"]: r for r in rows}  # dedup: one row per identifier, best first kept
    order = list(by_id)
    qterms = query_terms(query)
    boosted = False
    if lexical_boost and qterms:
        # Lexical candidates come from the whole (filtered) archive, not only the vector pool,
        # so an item BM25 ranks high but the embedding misses can still enter the fusion.
        sql = bm25_sql(
            table="archive_items",
            where=_FILTER_SQL,
            terms_column="terms",
            stats_table="archive_term_stats",
            corpus_table="archive_corpus_stats",
            id_column="identifier",
        )
        lexical = [str(r["id"]) for r in db.fetch_all(sql, {"terms": qterms, "k": pool, **_filters(c)})]
        extra = [i for i in lexical if i not in by_id]
        if extra:
            params = {"q": vec, "threshold": match_threshold, "ids": extra}
            for r in db.fetch_all(_BY_ID, params):
                by_id[r["identifier"]] = r
        lexical = [i for i in lexical if i in by_id]  # under the similarity floor: not returned
        if lexical:
            order = [str(i) for i, _ in rrf_fuse({"vector": order, "bm25": lexical}, RRF_WEIGHTS)]
            boosted = True
    hits = [
        ArchiveHit(**{k: v for k, v in by_id[i].items()}, **_matched(by_id[i], qterms)) for i in order[:match_count]
    ]
    return SearchResult(
        query=query,
        constraints=c,
        hits=hits,
        formatted=format_hits(hits),
        lexical_boost=boosted,
        ms=round((time.perf_counter() - started) * 1000, 2),
    )


def bm25_search(db: Database, query: str, *, match_count: int = MATCH_COUNT) -> list[str]:
    """Identifiers ranked by BM25 alone over the whole archive (the eval's lexical-only column)."""
    qterms = query_terms(query)
    if not qterms:
        return []
    sql = bm25_sql(
        table="archive_items",
        where="TRUE",
        terms_column="terms",
        stats_table="archive_term_stats",
        corpus_table="archive_corpus_stats",
        id_column="identifier",
    )
    return [str(r["id"]) for r in db.fetch_all(sql, {"terms": qterms, "k": match_count})]


def item_seed(db: Database, identifier: str) -> dict[str, object] | None:
    """Title, Malay title, tags, media type and place of one item (None when the id is unknown)."""
    return db.fetch_one(
        "SELECT identifier, title, title_ms, tags, media_type, place FROM archive_items WHERE identifier = :i",
        {"i": identifier},
    )
