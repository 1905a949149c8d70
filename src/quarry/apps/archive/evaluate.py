"""`quarry archive eval`: intent accuracy, the orchestrator's attempts, retrieval quality, latency.

Relevance is always judged against the hand-labelled item ids (`eval/search.jsonl`), never by
the app's own grader: a turn "found" something when one of its top `TOP_JUDGED` items is
labelled relevant.

- intent accuracy: rules + nearest neighbours on `eval/intents.jsonl` (English and Malay).
- relevant on first attempt: the orchestrator answered with attempt 1 and its top items hold a
  labelled relevant id (share of all search cases).
- refinement success: of the turns that needed a retry, the share whose final results hold a
  labelled relevant id in the top items.
- nDCG@10 and recall@10 for vector-only (`match_archives`), BM25-only and hybrid (RRF).
- p50/p95 latency of a whole turn and of one hybrid search.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from quarry.db import Database, get_database
from quarry.embed import Embedder, embed_query, get_embedder
from quarry.endpoints import converse
from quarry.evaluate import EvalReport, Metric, accuracy, latency_metrics, ndcg_at_k
from quarry.evaluate.blind import blind_figures
from quarry.progress import Reporter, RichReporter, SilentReporter
from quarry.settings import Settings, get_settings

from .concepts import parse_message
from .corpus import SearchCase, load_intent_eval, load_search_eval
from .intent import classify
from .planner import intent_examples
from .spec import SPEC
from .tools import bm25_search, search_archives_db

K = 10
TOP_JUDGED = 3
"""Top items of a turn's results checked against the labels."""
MODES = ("vector", "bm25", "hybrid")


def recall_at_k(ids: Sequence[str], relevant: Sequence[str], k: int = K) -> float:
    """Share of the labelled items found in the top k (out of at most k)."""
    return len(set(ids[:k]) & set(relevant)) / min(k, len(relevant))


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _ranked(db: Database, embedder: Embedder, query: str, mode: str) -> list[str]:
    if mode == "bm25":
        return bm25_search(db, query, match_count=K)
    res = search_archives_db(db, embedder, query, match_threshold=0.0, lexical_boost=mode == "hybrid")
    return [h.identifier for h in res.hits]


def _retrieval(
    db: Database, embedder: Embedder, cases: list[SearchCase], rep: Reporter
) -> tuple[list[Metric], list[float]]:
    ndcg: dict[str, list[float]] = {m: [] for m in MODES}
    recall: dict[str, list[float]] = {m: [] for m in MODES}
    ms: list[float] = []
    rep.phase("archive retrieval", total=len(cases))
    for case in cases:
        query = parse_message(case.query).query or case.query
        for mode in MODES:
            started = time.perf_counter()
            ids = _ranked(db, embedder, query, mode)
            if mode == "hybrid":
                ms.append((time.perf_counter() - started) * 1000)
            ndcg[mode].append(ndcg_at_k(ids, list(case.relevant), K))
            recall[mode].append(recall_at_k(ids, case.relevant))
        rep.advance()
    metrics = [Metric(name=f"ndcg10_{m}", label=f"nDCG@10 {m}", value=_mean(v), unit="number") for m, v in ndcg.items()]
    metrics += [Metric(name=f"recall10_{m}", label=f"recall@10 {m}", value=_mean(v)) for m, v in recall.items()]
    return metrics, ms


@dataclass(frozen=True)
class Turn:
    """One labelled search query run through the orchestrator."""

    id: str
    query: str
    attempts: int
    response_type: str
    found: bool
    """Results whose top `TOP_JUDGED` hold a labelled relevant id."""
    ms: float


def in_sample() -> dict[str, list[Any]]:
    """The in-sample sets by name (`AppSpec.conversation.cases`)."""
    return {"intents": list(load_intent_eval()), "searches": list(load_search_eval())}


async def _turns(cases: list[SearchCase], settings: Settings, advance: Callable[[], None]) -> list[Turn]:
    out: list[Turn] = []
    for case in cases:
        [(resp, ms)] = await converse(SPEC, [{"message": case.query}], settings=settings)
        top = {h.identifier for h in resp.archives[:TOP_JUDGED]}
        found = resp.response_type == "results" and bool(top & set(case.relevant))
        out.append(Turn(case.id, case.query, len(resp.attempts), resp.response_type, found, ms))
        advance()
    return out


def run_eval(*, settings: Settings | None = None, progress: bool = True) -> EvalReport:
    """Every part-9 figure of the archive app on the labelled sets."""
    s = settings or get_settings()
    db = get_database(s)
    embedder = get_embedder(s)
    examples = intent_examples(db, embedder)
    rep = RichReporter() if progress else SilentReporter()
    intents = load_intent_eval()
    searches = load_search_eval()
    hits: list[bool] = []
    misses: list[str] = []
    with rep.running():
        rep.phase("archive intents", total=len(intents))
        for case in intents:
            got = classify(case.text, examples=examples, embed=lambda t: embed_query(db, embedder, t)).intent
            hits.append(got == case.label)
            if got != case.label:
                misses.append(f"intent {case.text!r}: {got}, expected {case.label}")
            rep.advance()
        retrieval, search_ms = _retrieval(db, embedder, searches, rep)
        rep.phase("archive turns", total=len(searches))
        turns = asyncio.run(_turns(searches, s, rep.advance))
    first = [t.found and t.attempts == 1 for t in turns]
    retried = [t.found for t in turns if t.attempts > 1]
    misses += [f"search {t.id} {t.query!r}: no labelled item in the top {TOP_JUDGED}" for t in turns if not t.found]
    metrics = [
        Metric(name="intent_accuracy", label="intent accuracy", value=accuracy(hits), target="≥ 95 %"),
        Metric(
            name="first_attempt_relevant", label="relevant on first attempt", value=accuracy(first), target="≥ 80 %"
        ),
        Metric(
            name="refinement_success",
            label=f"refinement success ({len(retried)} retried turns)",
            value=accuracy(retried) if retried else 0.0,
            target="≥ 60 %",
        ),
        *retrieval,
        *latency_metrics([t.ms for t in turns], what="turn"),
        *latency_metrics(search_ms, what="search"),
    ]
    from .blind import graders

    return EvalReport(
        app="archive",
        cases=len(intents) + len(searches),
        metrics=metrics,
        misses=misses,
        results=[asdict(t) for t in turns],
        headline="intent_accuracy",
        blind=asyncio.run(blind_figures("archive", graders(s), progress=progress)),
    )
