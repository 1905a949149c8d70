"""The privileged fuzzy searches: trigram similarity over folded names, our own SQL.

Its own module (no agent imports) so `quarry labs fuzzy` answers in well under a second;
the agent's tools call the same functions.
"""

from __future__ import annotations

import threading
import time
from typing import Any

from typing_extensions import TypedDict

from quarry.db import database_url, get_database
from quarry.settings import Settings

# The term is folded in a scalar subquery. Folded as a constant, it made the planner estimate `%`
# against the expression index's statistics (~1 ms of planning) and then scan every name, folding
# each (~2.5 ms); as a subquery value it plans in ~0.1 ms and takes the trigram index (~0.4 ms).
# Same rows: the index hands its candidates to the same `%` recheck. These statements are planned
# on every call (each rollback drops a pooled connection's prepared statements), five per question.
FUZZY_PARAMETER_SQL = """
SELECT parameter_name,
       round(similarity(labs_fold(parameter_name), (SELECT labs_fold(:term)))::numeric, 3)::float AS similarity_score
FROM lab_parameter_names
WHERE labs_fold(parameter_name) % (SELECT labs_fold(:term))
ORDER BY similarity_score DESC, parameter_name
LIMIT :limit
"""
FUZZY_ANALYTE_SQL = """
SELECT code, name, unit, alias, lang, similarity_score FROM (
    SELECT DISTINCT ON (a.id) a.code, a.name, a.unit, al.alias, al.lang,
           round(similarity(labs_fold(al.alias), (SELECT labs_fold(:term)))::numeric, 3)::float AS similarity_score
    FROM analyte_aliases al JOIN analytes a ON a.id = al.analyte_id
    WHERE labs_fold(al.alias) % (SELECT labs_fold(:term))
    ORDER BY a.id, similarity_score DESC
) best
ORDER BY similarity_score DESC, code
LIMIT :limit
"""


SEARCHES_AT_ONCE = 3
"""Fuzzy searches this process runs at the same time. A question's searches come as parallel
tool calls (one per spelling of each test: five on average); a few questions at once asked for
more connections than the database pool keeps, and each one over was opened and closed again (a
new backend each time: ~1.4 per question at four questions at once, ~0.2 with this limit). Each
search takes about a millisecond, so they lose little by queueing."""
_SEARCHING = threading.BoundedSemaphore(SEARCHES_AT_ONCE)


class FuzzyMatch(TypedDict):
    """One fuzzy search hit."""

    parameter_name: str
    similarity_score: float


class AnalyteMatch(TypedDict):
    """One analyte whose name or alias is close to the term."""

    code: str
    name: str
    unit: str | None
    alias: str
    lang: str
    similarity_score: float


REMEMBER_S = 60.0
"""How long a search's hits are reused. The names searched are a vocabulary that changes only
when reports are ingested (an ingest here forgets at once; one in another process is seen within
this time), and the same few terms come back question after question: each spelling of each
common test is searched again by every question that names it."""
_REMEMBERED_MAX = 2048
_remembered: dict[tuple[str, str, str, int, float], tuple[float, list[dict[str, Any]]]] = {}
_remembered_lock = threading.Lock()


def forget_searches() -> None:
    """Drop every remembered search (after an ingest changed the names)."""
    with _remembered_lock:
        _remembered.clear()


def _fuzzy_rows(sql: str, term: str, limit: int, settings: Settings) -> list[dict[str, Any]]:
    """Run a parameterized trigram query with the configured similarity threshold (this transaction
    only), or reuse its rows from the last `REMEMBER_S` seconds."""
    threshold = settings.agentic_similarity_threshold
    key = (database_url(settings), sql, term, limit, threshold)
    now = time.monotonic()
    with _remembered_lock:
        hit = _remembered.get(key)
    if hit is not None and now - hit[0] < REMEMBER_S:
        return [dict(row) for row in hit[1]]
    with _SEARCHING, get_database(settings).transaction(read_only=True) as tx:
        tx.execute("SELECT set_config('pg_trgm.similarity_threshold', :t, true)", {"t": str(threshold)})
        rows = tx.fetch_all(sql, {"term": term, "limit": limit})
    with _remembered_lock:
        if len(_remembered) >= _REMEMBERED_MAX:
            _remembered.clear()
        _remembered[key] = (now, [dict(row) for row in rows])
    return rows


def search_parameter_names(term: str, limit: int, settings: Settings) -> list[FuzzyMatch]:
    """The privileged fuzzy search itself (also used by the CLI and the benchmark)."""
    rows = _fuzzy_rows(FUZZY_PARAMETER_SQL, term, limit, settings)
    return [FuzzyMatch(parameter_name=r["parameter_name"], similarity_score=float(r["similarity_score"])) for r in rows]


def search_analyte_names(term: str, limit: int, settings: Settings) -> list[AnalyteMatch]:
    rows = _fuzzy_rows(FUZZY_ANALYTE_SQL, term, limit, settings)
    return [
        AnalyteMatch(
            code=r["code"],
            name=r["name"],
            unit=r["unit"],
            alias=r["alias"],
            lang=r["lang"],
            similarity_score=float(r["similarity_score"]),
        )
        for r in rows
    ]
