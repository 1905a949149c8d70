"""Lexical ranking in plain SQL: BM25 over pre-tokenised terms, so it works on any Postgres.

Documents keep a `text[]` of terms (repeats kept); document frequencies and the average
length are computed at ingest. Documents are tokenised with `quarry.search.text.terms`
(or SQL `quarry_tokens` for distinct words), queries with `tokenize` and the app's alias
table, which maps the words users type to the terms the documents hold (road → rd).
"""

from __future__ import annotations

BM25_K1 = 1.2
BM25_B = 0.75


def bm25_term_sql(idf: str, tf: str, dl: str, avgdl: str) -> str:
    """One term's BM25 contribution as an SQL expression, in double precision throughout.

    Constants are typed float8: an untyped 2.2 made PostgreSQL compute in `numeric`, which cost
    about a quarter of the hybrid block's BM25 ranking at 1M rows.
    """
    k1, b = f"CAST({BM25_K1!r} AS double precision)", f"CAST({BM25_B!r} AS double precision)"
    return (
        f"{idf} * ({tf} * CAST({BM25_K1 + 1!r} AS double precision))"
        f" / ({tf} + {k1} * (CAST({1 - BM25_B!r} AS double precision) + {b} * {dl} / {avgdl}))"
    )


def bm25_sql(
    *,
    table: str,
    where: str,
    terms_column: str,
    stats_table: str,
    corpus_table: str,
    id_column: str = "id",
    stats_where: str = "TRUE",
) -> str:
    """SQL ranking the rows of `table` matching `where` by BM25 for bound `:terms`.

    Returns rows (id, bm25) best first, limited by bound `:k`. Only query terms are
    unnested and counted, so the work is proportional to matches, not to document length.
    Terms absent from the corpus contribute nothing; rows matching no term are not returned.
    `stats_where` picks the statistics of one corpus among several kept in the same tables
    (e.g. `lease_id = :lease`, one lease's own frequencies), with the same bound parameters.
    """
    return f"""
    WITH corpus AS (
        SELECT max(value) FILTER (WHERE key = 'docs') AS n,
               greatest(max(value) FILTER (WHERE key = 'avgdl'), 1) AS avgdl
        FROM {corpus_table} WHERE ({stats_where})
    ),
    q AS (
        SELECT s.term, ln(1 + (c.n - s.df + 0.5) / (s.df + 0.5)) AS idf
        FROM {stats_table} s, corpus c WHERE s.term = ANY(CAST(:terms AS text[])) AND ({stats_where})
    ),
    tf AS (
        SELECT d.{id_column} AS id, min(cardinality(d.{terms_column})) AS dl, t.term, count(*) AS n
        FROM {table} d CROSS JOIN LATERAL unnest(d.{terms_column}) AS t(term)
        WHERE ({where}) AND t.term = ANY(CAST(:terms AS text[]))
        GROUP BY d.{id_column}, t.term
    )
    SELECT tf.id,
           sum({bm25_term_sql("q.idf", "tf.n", "tf.dl", "c.avgdl")}) AS bm25
    FROM tf JOIN q ON q.term = tf.term CROSS JOIN corpus c
    GROUP BY tf.id
    ORDER BY bm25 DESC, tf.id
    LIMIT :k
    """
