"""`quarry archive eval` (first slice): intent accuracy and retrieval quality on the labelled sets.

Relevance is judged against the hand-labelled item ids (`eval/search.jsonl`), never by the
app's own grader. Still to come (issue 8): first-attempt relevance and refinement success through
the full orchestrator, BM25-only retrieval, `match_archives` latency at 100k items.
"""

from __future__ import annotations

import time

from quarry.db import get_database
from quarry.embed import get_embedder
from quarry.evaluate import EvalReport, Metric, accuracy, latency_metrics, ndcg_at_k
from quarry.progress import RichReporter, SilentReporter
from quarry.settings import Settings, get_settings

from .concepts import parse_message
from .corpus import load_intent_eval, load_search_eval
from .intent import classify
from .planner import intent_examples
from .tools import search_archives_db


def _recall(ids: list[str], relevant: tuple[str, ...], k: int = 10) -> float:
    return len(set(ids[:k]) & set(relevant)) / min(k, len(relevant))


def run_eval(*, settings: Settings | None = None, progress: bool = True) -> EvalReport:
    """Intent accuracy (rules + nearest neighbours) and nDCG@10 / recall@10, vector vs hybrid."""
    from quarry.embed import embed_query

    s = settings or get_settings()
    db = get_database(s)
    embedder = get_embedder(s)
    examples = intent_examples(db, embedder)
    rep = RichReporter() if progress else SilentReporter()
    intents = load_intent_eval()
    searches = load_search_eval()
    hits: list[bool] = []
    misses: list[str] = []
    scores: dict[str, list[float]] = {"vector": [], "hybrid": []}
    recalls: dict[str, list[float]] = {"vector": [], "hybrid": []}
    ms: list[float] = []
    with rep.running():
        rep.phase("archive intents", total=len(intents))
        for case in intents:
            got = classify(case.text, examples=examples, embed=lambda t: embed_query(db, embedder, t)).intent
            hits.append(got == case.label)
            if got != case.label:
                misses.append(f"intent {case.text!r}: {got}, expected {case.label}")
            rep.advance()
        rep.phase("archive searches", total=len(searches))
        for search in searches:
            query = parse_message(search.query).query or search.query
            for mode in ("vector", "hybrid"):
                started = time.perf_counter()
                res = search_archives_db(db, embedder, query, match_threshold=0.0, lexical_boost=mode == "hybrid")
                if mode == "hybrid":
                    ms.append((time.perf_counter() - started) * 1000)
                ids = [h.identifier for h in res.hits]
                scores[mode].append(ndcg_at_k(ids, list(search.relevant), 10))
                recalls[mode].append(_recall(ids, search.relevant))
            rep.advance()
    metrics = [
        Metric(name="intent_accuracy", label="intent accuracy", value=accuracy(hits), target="≥ 95 %"),
        *(
            Metric(name=f"ndcg10_{m}", label=f"nDCG@10 {m}", value=sum(v) / len(v), unit="number")
            for m, v in scores.items()
        ),
        *(Metric(name=f"recall10_{m}", label=f"recall@10 {m}", value=sum(v) / len(v)) for m, v in recalls.items()),
        *latency_metrics(ms, what="search"),
    ]
    return EvalReport(app="archive", cases=len(intents) + len(searches), metrics=metrics, misses=misses)
