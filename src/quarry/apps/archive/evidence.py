"""What the database says about a question's concepts: how specific each is, and how close each item is.

Two views the grader (`relevance.py`) reads, both computed from the archive itself, never from an
evaluation set:

- **specificity** (lexical): how many items mention a concept (any of its phrases, as words of the
  item's BM25 terms). 'people' is in many items, 'bidayuh' in none: the grader weighs what a question
  asks for by its inverse document frequency, so the rare word decides and the common one only helps.
- **closeness** (embedding): the cosine of the concept's own embedding to each candidate item, as a
  z-score against every item of the archive. Raw e5 cosines sit in 0.75–0.90 for anything, so only the
  position in the archive's distribution says "this item is about that": a mosque is close to
  'worship' although no word of it says so.

>>> # evidence = concept_evidence(db, embedder, concepts, ["ARC-000184"])
>>> # evidence.weights["worship"], evidence.closeness["worship"]["ARC-000184"]
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from quarry.db import Database
from quarry.embed import Embedder, embed_query, vector_literal

from .relevance import Concept, variants

_Z_SQL = (
    "WITH s AS (SELECT identifier, 1 - (embedding <=> CAST(:q AS vector)) AS sim FROM archive_items"
    " WHERE embedding IS NOT NULL),"
    " z AS (SELECT identifier, (sim - avg(sim) OVER ()) / nullif(stddev_pop(sim) OVER (), 0) AS z FROM s)"
    " SELECT identifier, z FROM z WHERE identifier = ANY(CAST(:ids AS text[]))"
)
"""z-scores of the candidates' cosine to one concept, against all items (one pass over the table)."""


@dataclass(frozen=True)
class Evidence:
    """The database's view of one question's concepts for one attempt's candidates."""

    weights: Mapping[str, float] = field(default_factory=dict)
    """Concept name → inverse document frequency (higher: fewer items mention it)."""
    known: Mapping[str, bool] = field(default_factory=dict)
    """Concept name → True when at least one item mentions it."""
    closeness: Mapping[str, Mapping[str, float]] = field(default_factory=dict)
    """Concept name → item identifier → z-score of the item's cosine to the concept."""


def item_count_with(db: Database, phrases: Sequence[str]) -> int:
    """Items whose terms hold every word of at least one phrase (any plural/singular spelling of its last word)."""
    arrays = [v.split() for p in phrases for v in variants(p)]
    if not arrays:
        return 0
    clauses = " OR ".join(f"terms @> CAST(:p{i} AS text[])" for i in range(len(arrays)))
    params = {f"p{i}": a for i, a in enumerate(arrays)}
    return int(db.scalar(f"SELECT count(*) FROM archive_items WHERE {clauses}", params) or 0)


def idf(df: int, n: int) -> float:
    """Smoothed inverse document frequency: log((n + 1) / (df + 1)) + 1 (never 0: a common concept still counts)."""
    return math.log((n + 1) / (df + 1)) + 1.0


def concept_evidence(db: Database, embedder: Embedder, concepts: Sequence[Concept], ids: Sequence[str]) -> Evidence:
    """Specificity of each concept in the archive and the closeness of each candidate in `ids` to it."""
    if not concepts:
        return Evidence()
    n = int(db.scalar("SELECT count(*) FROM archive_items") or 0)
    weights: dict[str, float] = {}
    known: dict[str, bool] = {}
    closeness: dict[str, dict[str, float]] = {}
    for c in concepts:
        df = item_count_with(db, c.phrases)
        weights[c.name] = idf(df, n)
        known[c.name] = df > 0
        if not ids or not known[c.name]:
            # A concept no item mentions is never met by meaning either: an embedding finds a neighbour
            # for any word ('bidayuh' lands near other peoples), which is what "nothing found" must not do.
            closeness[c.name] = {}
            continue
        vec = vector_literal(embed_query(db, embedder, c.name))
        rows = db.fetch_all(_Z_SQL, {"q": vec, "ids": list(ids)})
        closeness[c.name] = {str(r["identifier"]): float(r["z"] or 0.0) for r in rows}
    return Evidence(weights, known, closeness)
