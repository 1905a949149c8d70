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


def bm25_sql(*, table: str, where: str, terms_column: str, stats_table: str, corpus_table: str) -> str:
    """SQL ranking the rows of `table` matching `where` by BM25 for bound `:terms`.

    Returns rows (id, bm25) best first, limited by bound `:k`. Only query terms are
    unnested and counted, so the work is proportional to matches, not to document length.
    Terms absent from the corpus contribute nothing; rows matching no term are not returned.
    """
    return f"""
    WITH corpus AS (
        SELECT max(value) FILTER (WHERE key = 'docs') AS n,
               greatest(max(value) FILTER (WHERE key = 'avgdl'), 1) AS avgdl
        FROM {corpus_table}
    ),
    q AS (
        SELECT s.term, ln(1 + (c.n - s.df + 0.5) / (s.df + 0.5)) AS idf
        FROM {stats_table} s, corpus c WHERE s.term = ANY(CAST(:terms AS text[]))
    ),
    tf AS (
        SELECT d.id, min(cardinality(d.{terms_column})) AS dl, t.term, count(*) AS n
        FROM {table} d CROSS JOIN LATERAL unnest(d.{terms_column}) AS t(term)
        WHERE ({where}) AND t.term = ANY(CAST(:terms AS text[]))
        GROUP BY d.id, t.term
    )
    SELECT tf.id,
           sum(q.idf * (tf.n * {BM25_K1 + 1})
               / (tf.n + {BM25_K1} * (1 - {BM25_B} + {BM25_B} * tf.dl / c.avgdl))) AS bm25
    FROM tf JOIN q ON q.term = tf.term CROSS JOIN corpus c
    GROUP BY tf.id
    ORDER BY bm25 DESC, tf.id
    LIMIT :k
    """
