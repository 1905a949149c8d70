"""Retrieval tools over `hdb_resale` (seed §4.1–4.2): SQLAlchemy Core text with bound parameters.

Every tool takes a `CompFilters`; `where_clause` is the one place filters become SQL, so
`count`, `stats` and the rows shown always describe exactly the same comp set.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from quarry.db import Database
from quarry.search import HybridSource, hybrid_rank, tokenize

from .models import CompFilters, Stats
from .street_words import BM25_ALIASES

if TYPE_CHECKING:
    import numpy as np

ROW_COLUMNS = (
    "id, month, town, flat_type, block, street_name, storey_range, floor_area_sqm, flat_model,"
    " remaining_lease, resale_price, month_date, storey_mid, remaining_lease_months"
)

LISTINGS = HybridSource(
    table="hdb_resale",
    terms_column="listing_terms",
    stats_table="hdb_term_stats",
    corpus_table="hdb_corpus_stats",
    embedding_column="embedding",
    vector_table="hdb_listing_vectors",
    vector_join=("town", "street_name", "flat_model"),
    vector_where="CAST(:town AS text) IS NULL OR town = :town",
    tiebreak=(("month_date", "DESC"),),
)
"""Transactions for hybrid ranking: BM25 on their terms, vectors per (street, town, flat model)."""


def where_clause(f: CompFilters, *, alias: str = "", suffix: str = "") -> tuple[str, dict[str, Any]]:
    """Filters → (SQL condition, bound parameters). Null filters add nothing.

    `alias` qualifies the columns when the query joins another table; `suffix` is appended
    to every parameter name, so several filter sets can share one statement.
    """
    conds: list[str] = []
    params: dict[str, Any] = {}
    a = f"{alias}." if alias else ""

    def add(cond: str, **values: Any) -> None:
        if suffix:
            for name in values:
                cond = cond.replace(f":{name}", f":{name}{suffix}")
        conds.append(a + cond)
        params.update({f"{k}{suffix}": v for k, v in values.items()})

    if f.town:
        add("town = :town", town=f.town)
    if f.flat_type:
        add("flat_type = :flat_type", flat_type=f.flat_type)
    if f.month_from:
        add("month_date >= CAST(:month_from AS date)", month_from=f"{f.month_from}-01")
    if f.month_to:
        add("month_date <= CAST(:month_to AS date)", month_to=f"{f.month_to}-01")
    if f.floor_area_min is not None:
        add("floor_area_sqm >= :area_min", area_min=f.floor_area_min)
    if f.floor_area_max is not None:
        add("floor_area_sqm <= :area_max", area_max=f.floor_area_max)
    if f.storey_min is not None:
        add("storey_mid >= :storey_min", storey_min=f.storey_min)
    if f.storey_max is not None:
        add("storey_mid <= :storey_max", storey_max=f.storey_max)
    if f.min_remaining_lease_months is not None:
        add("remaining_lease_months >= :lease_min", lease_min=f.min_remaining_lease_months)
    if f.price_max is not None:
        add("resale_price <= :price_max", price_max=f.price_max)
    if f.price_min is not None:
        add("resale_price >= :price_min", price_min=f.price_min)
    if f.flat_model:
        add("flat_model = :flat_model", flat_model=f.flat_model)
    if f.street_names:
        add("street_name = ANY(CAST(:streets AS text[]))", streets=list(f.street_names))
    return (" AND ".join(conds) or "TRUE"), params


def count_candidates(db: Database, f: CompFilters) -> int:
    """How many transactions the filters select."""
    where, params = where_clause(f)
    return int(db.scalar(f"SELECT count(*) FROM hdb_resale WHERE {where}", params))


def count_many(db: Database, filters: Sequence[CompFilters]) -> list[int]:
    """`count_candidates` of several filter sets in one statement (one round trip per turn step)."""
    if not filters:
        return []
    parts: list[str] = []
    params: dict[str, Any] = {}
    for n, f in enumerate(filters):
        where, p = where_clause(f, suffix=f"_{n}")
        parts.append(f"(SELECT count(*) FROM hdb_resale WHERE {where}) AS c{n}")
        params.update(p)
    row = db.fetch_one(f"SELECT {', '.join(parts)}", params) or {}
    return [int(row[f"c{n}"]) for n in range(len(filters))]


def fetch_candidates(db: Database, f: CompFilters, limit: int = 500) -> list[dict[str, Any]]:
    """The newest `limit` transactions the filters select."""
    where, params = where_clause(f)
    return db.fetch_all(
        f"SELECT {ROW_COLUMNS} FROM hdb_resale WHERE {where} ORDER BY month_date DESC, id LIMIT :limit",
        {**params, "limit": limit},
    )


def price_stats(db: Database, f: CompFilters) -> Stats:
    """Median, quartiles and range of resale_price over exactly the filtered set."""
    where, params = where_clause(f)
    row = db.fetch_one(
        "SELECT count(*) AS count,"
        " percentile_cont(0.5) WITHIN GROUP (ORDER BY resale_price) AS median,"
        " percentile_cont(0.25) WITHIN GROUP (ORDER BY resale_price) AS p25,"
        " percentile_cont(0.75) WITHIN GROUP (ORDER BY resale_price) AS p75,"
        " min(resale_price) AS min, max(resale_price) AS max"
        f" FROM hdb_resale WHERE {where}",
        params,
    )
    return Stats.model_validate(row or {})


def all_prices(db: Database, f: CompFilters) -> list[float]:
    """Every price in the filtered set (for the histogram; the set is at most a few thousand)."""
    where, params = where_clause(f)
    rows = db.fetch_all(f"SELECT resale_price FROM hdb_resale WHERE {where} LIMIT 20000", params)
    return [float(r["resale_price"]) for r in rows]


def stats_and_prices(db: Database, f: CompFilters) -> tuple[Stats, list[float]]:
    """`price_stats` and `all_prices` of the same set in one statement."""
    where, params = where_clause(f)
    row = (
        db.fetch_one(
            "SELECT count(*) AS count,"
            " percentile_cont(0.5) WITHIN GROUP (ORDER BY resale_price) AS median,"
            " percentile_cont(0.25) WITHIN GROUP (ORDER BY resale_price) AS p25,"
            " percentile_cont(0.75) WITHIN GROUP (ORDER BY resale_price) AS p75,"
            " min(resale_price) AS min, max(resale_price) AS max,"
            " (SELECT array_agg(p.resale_price::float8) FROM"
            f"  (SELECT resale_price FROM hdb_resale WHERE {where} LIMIT 20000) p) AS prices"
            f" FROM hdb_resale WHERE {where}",
            params,
        )
        or {}
    )
    prices = row.pop("prices", None) or []
    return Stats.model_validate(row), [float(p) for p in prices]


def explain_facets(db: Database, f: CompFilters) -> dict[str, dict[str, int]]:
    """Counts by storey_range and flat_model inside the filtered set (what a tighten could cut)."""
    where, params = where_clause(f)
    out: dict[str, dict[str, int]] = {}
    for col in ("storey_range", "flat_model"):
        rows = db.fetch_all(
            f"SELECT {col} AS k, count(*) AS n FROM hdb_resale WHERE {where} GROUP BY {col} ORDER BY n DESC",
            params,
        )
        out[col] = {str(r["k"]): int(r["n"]) for r in rows}
    return out


def data_bounds(db: Database) -> tuple[str | None, str | None]:
    """(oldest, newest) month in the data as YYYY-MM; 'last N months' counts back from newest."""
    if not db.scalar("SELECT to_regclass('hdb_resale') IS NOT NULL"):
        return None, None
    row = db.fetch_one(
        "SELECT to_char(min(month_date), 'YYYY-MM') AS lo, to_char(max(month_date), 'YYYY-MM') AS hi FROM hdb_resale"
    )
    return (row or {}).get("lo"), (row or {}).get("hi")


_TABLE_SEEN: set[int] = set()
"""Databases (by id) where hdb_resale exists: the app truncates it, never drops it."""


def data_snapshot(db: Database) -> tuple[str | None, str | None, int]:
    """`data_bounds` and `corpus_size` in one statement: (oldest, newest, rows loaded)."""
    if id(db) not in _TABLE_SEEN:
        if not db.scalar("SELECT to_regclass('hdb_resale') IS NOT NULL"):
            return None, None, 0  # nothing ingested yet
        _TABLE_SEEN.add(id(db))
    row = db.fetch_one(
        "SELECT to_char(min(month_date), 'YYYY-MM') AS lo, to_char(max(month_date), 'YYYY-MM') AS hi,"
        " (SELECT coalesce(max(value), 0) FROM hdb_corpus_stats WHERE key = 'docs') AS docs FROM hdb_resale"
    )
    row = row or {}
    return row.get("lo"), row.get("hi"), int(row.get("docs") or 0)


def street_names(db: Database) -> list[str]:
    """Distinct street names in the data (the offline parser matches hints against them)."""
    return [r["street_name"] for r in db.fetch_all("SELECT DISTINCT street_name FROM hdb_resale ORDER BY 1")]


def town_names(db: Database) -> list[str]:
    """Distinct towns in the data (typed town names are matched against them)."""
    return [r["town"] for r in db.fetch_all("SELECT DISTINCT town FROM hdb_resale ORDER BY 1")]


def similar_streets(
    db: Database, hint: str, *, town: str | None = None, limit: int = 5, threshold: float = 0.3
) -> list[str]:
    """Trigram match for typo'd street names (uses the GIN trigram index)."""
    rows = db.fetch_all(
        "SELECT street_name, max(similarity(street_name, upper(:hint))) AS sim FROM hdb_resale"
        " WHERE street_name % upper(:hint) AND (CAST(:town AS text) IS NULL OR town = :town)"
        " GROUP BY street_name HAVING max(similarity(street_name, upper(:hint))) >= :th"
        " ORDER BY sim DESC LIMIT :limit",
        {"hint": hint, "town": town, "limit": limit, "th": threshold},
    )
    return [r["street_name"] for r in rows]


def nearest_listing_texts(db: Database, query_vec: np.ndarray, *, limit: int = 5) -> list[dict[str, Any]]:
    """HNSW nearest neighbours among listing vectors (street + town + model), globally."""
    return db.fetch_all(
        "SELECT town, street_name, flat_model, embed_text,"
        " 1 - (embedding <=> CAST(:q AS vector)) AS similarity"
        " FROM hdb_listing_vectors ORDER BY embedding <=> CAST(:q AS vector) LIMIT :limit",
        {"q": _vector_literal(query_vec), "limit": limit},
    )


@dataclass
class HybridResult:
    """Rows rough-ranked by retrieval, and what the retrieval actually used."""

    rows: list[dict[str, Any]]
    used_vector: bool
    used_bm25: bool
    notes: list[str] = field(default_factory=list)


def hybrid_fetch_candidates(
    db: Database,
    f: CompFilters,
    *,
    query_vec: np.ndarray | None,
    lexical_query: str | None,
    limit: int = 200,
    weights: dict[str, float] | None = None,
    rrf_k: int = 60,
) -> HybridResult:
    """Hard filters, then vector (+ BM25) ranking inside the pool, fused by weighted RRF.

    Falls back to structured fetch when there are no vectors and no lexical terms.
    """
    where, params = where_clause(f)
    hits = hybrid_rank(
        db,
        LISTINGS,
        where=where,
        # :town narrows the listing vectors to the town's before distances are computed.
        params={**params, "town": f.town},
        query_vec=query_vec,
        terms=tokenize(lexical_query, BM25_ALIASES) if lexical_query else (),
        limit=limit,
        weights=weights or {"vector": 0.3, "bm25": 0.7},
        rrf_k=rrf_k,
    )
    notes = [] if hits.used_vector or query_vec is None else ["no listing vectors for this pool"]
    if not hits.ids:
        notes.append("fell back to structured fetch")
        return HybridResult(fetch_candidates(db, f, limit), used_vector=False, used_bm25=False, notes=notes)
    ids = [int(i) for i in hits.ids]
    rows = db.fetch_all(f"SELECT {ROW_COLUMNS} FROM hdb_resale WHERE id = ANY(CAST(:ids AS bigint[]))", {"ids": ids})
    order = {i: n for n, i in enumerate(ids)}
    rows.sort(key=lambda r: order[int(r["id"])])
    for n, r in enumerate(rows):
        r["retrieval_rank"] = n
    return HybridResult(rows, used_vector=hits.used_vector, used_bm25=hits.used_bm25, notes=notes)


def towns_of_streets(db: Database, streets: list[str]) -> list[str]:
    """Towns the given streets lie in (a street hint often implies the town)."""
    if not streets:
        return []
    rows = db.fetch_all(
        "SELECT DISTINCT town FROM hdb_resale WHERE street_name = ANY(CAST(:s AS text[])) ORDER BY town",
        {"s": streets},
    )
    return [r["town"] for r in rows]


def corpus_size(db: Database) -> int:
    """Rows loaded by the last ingest (kept with the BM25 statistics; cheaper than count(*))."""
    return int(db.scalar("SELECT coalesce(max(value), 0) FROM hdb_corpus_stats WHERE key = 'docs'"))


def _vector_literal(vec: np.ndarray) -> str:
    from quarry.embed import vector_literal  # numpy only when a vector is really searched

    return vector_literal(vec)
