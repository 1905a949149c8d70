"""Lexical ranking in plain SQL: BM25 over pre-tokenised terms, so it works on any Postgres.

Documents keep a `text[]` of lower-case alphanumeric terms; document frequencies and the
average length are computed at ingest. The query is tokenised the same way here.
"""

from __future__ import annotations

import re

BM25_K1 = 1.2
BM25_B = 0.75

# Long words users type → the abbreviations the data set uses, so BM25 terms line up.
TERM_ALIASES: dict[str, str] = {
    "road": "rd", "avenue": "ave", "street": "st", "drive": "dr", "crescent": "cres",
    "close": "cl", "lorong": "lor", "jalan": "jln", "bukit": "bt", "upper": "upp",
    "north": "nth", "south": "sth", "central": "ctrl", "place": "pl", "centre": "ctr",
    "terrace": "ter", "kampong": "kg", "tanjong": "tg", "commonwealth": "wealth",
}  # fmt: skip


def tokenize(text: str) -> list[str]:
    """Split like the SQL side (`[^a-z0-9]+`), map long words to data abbreviations, dedupe."""
    seen: dict[str, None] = {}
    for raw in re.split(r"[^a-z0-9]+", text.lower()):
        if raw:
            seen.setdefault(TERM_ALIASES.get(raw, raw), None)
    return list(seen)


def bm25_sql(*, pool_sql: str, doc_table: str, terms_column: str, stats_table: str, corpus_table: str) -> str:
    """SQL ranking the rows of `pool_sql` (a SELECT of ids) by BM25 for bound `:terms`.

    Returns rows (id, bm25) best first, limited by bound `:k`. Terms absent from the
    corpus contribute nothing; rows matching no term are not returned.
    """
    return f"""
    WITH pool AS ({pool_sql}),
    corpus AS (
        SELECT max(value) FILTER (WHERE key = 'docs') AS n,
               greatest(max(value) FILTER (WHERE key = 'avgdl'), 1) AS avgdl
        FROM {corpus_table}
    ),
    q AS (
        SELECT s.term, ln(1 + (c.n - s.df + 0.5) / (s.df + 0.5)) AS idf
        FROM {stats_table} s, corpus c WHERE s.term = ANY(CAST(:terms AS text[]))
    )
    SELECT d.id,
           sum(q.idf * (tf.n * {BM25_K1 + 1}) /
               (tf.n + {BM25_K1} * (1 - {BM25_B} + {BM25_B} * cardinality(d.{terms_column}) / c.avgdl))) AS bm25
    FROM pool p
    JOIN {doc_table} d ON d.id = p.id
    CROSS JOIN corpus c
    CROSS JOIN LATERAL (
        SELECT t AS term, count(*) AS n FROM unnest(d.{terms_column}) AS t GROUP BY t
    ) tf
    JOIN q ON q.term = tf.term
    GROUP BY d.id
    ORDER BY bm25 DESC, d.id
    LIMIT :k
    """
