"""Similarity thresholds per embedding model, calibrated on the labelled sets.

The seed's 0.3 / 0.4 were set for Google's text-embedding-004; multilingual-e5 puts even unrelated
text at 0.75–0.85, so every threshold belongs to one embedding model:

- `match_threshold`: the SQL floor of `match_archives` (drops only the clearly unrelated):
  the lowest similarity of any hand-labelled relevant item to its query (`eval/search.jsonl`).
- `relevant_similarity`: the best similarity an attempt needs before the grader may call it
  relevant: the lowest top-1 similarity among the labelled search queries.
- `no_concept_similarity`: when the question names no heritage concept, similarity alone must
  reach this: above 95 % of the off-topic messages of `eval/intents.jsonl` forced through search.

`CALIBRATED` holds the values for the models measured here; `thresholds_for` calibrates any
other model on first use (the query embeddings go through the core cache) and keeps the result
for the process. `quarry archive calibrate` prints the calibration next to the values in use.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from quarry.db import Database
from quarry.embed import Embedder

from .concepts import parse_message
from .corpus import load_intent_eval, load_search_eval
from .tools import MATCH_THRESHOLD, search_archives_db

OFF_TOPIC_PERCENTILE = 95
"""`no_concept_similarity` sits above this percentile of the off-topic messages' best similarity."""


@dataclass(frozen=True)
class Thresholds:
    """The similarity thresholds of one embedding model."""

    model: str
    match_threshold: float
    relevant_similarity: float
    no_concept_similarity: float
    source: str = "calibrated"
    """'table' (measured here and kept in `CALIBRATED`) or 'calibrated' (computed in this process)."""
    item_cover: float = 0.5
    """Weighted share of the question's concepts an item must meet to be returned (`relevance.grade_items`)."""
    concept_z: float = 2.0
    """z-score of an item's cosine to a concept (against the whole archive) that counts as meeting it by meaning."""
    similarity_margin: float = 0.1
    """How far below the attempt's best similarity a returned item may be."""


E5_SMALL = Thresholds(
    "multilingual-e5-small",
    MATCH_THRESHOLD,
    0.82,
    0.86,
    "table",
    item_cover=0.6,
    concept_z=99.0,
    similarity_margin=0.04,
)
"""multilingual-e5-small, calibrated on the labelled sets (lowest labelled relevant 0.778, lowest
labelled top-1 0.822, off-topic top-1 p95 0.847 / max 0.870). The grader's item thresholds come from
`quarry archive calibrate-grader` on the odd-numbered records of blind round 1 (docs/evaluation.md,
archive): `concept_z` 99 means the embedding view of concepts met nothing that helped there (z ≥ 2.5
or 3.0 scored one record fewer, z ≥ 2.0 let unrelated items through), so it is off for this model."""
CALIBRATED: dict[str, Thresholds] = {E5_SMALL.model: E5_SMALL}
EMBEDDING_VIEW_OFF = 99.0
"""A `concept_z` no item reaches: the embedding view of concepts is off and its queries are not run."""
DEFAULT = E5_SMALL
"""The thresholds of the default embedding model (what code without a database uses)."""


def _down(x: float) -> float:
    return math.floor(x * 100) / 100


def _up(x: float) -> float:
    return math.ceil(x * 100) / 100


def calibrate(db: Database, embedder: Embedder) -> Thresholds:
    """Thresholds for `embedder`'s model from the labelled search and intent sets (needs the ingested archive)."""
    rel_min: list[float] = []
    top1: list[float] = []
    for case in load_search_eval():
        parsed = parse_message(case.query)
        res = search_archives_db(
            db,
            embedder,
            parsed.query or case.query,
            match_threshold=-1.0,
            match_count=100,
            constraints=parsed.constraints,
            lexical_boost=False,
        )
        sims = {h.identifier: h.similarity for h in res.hits}
        if res.hits:
            top1.append(max(sims.values()))
        rel_min.extend(sims[i] for i in case.relevant if i in sims)
    off: list[float] = []
    for msg in load_intent_eval():
        if msg.label == "HERITAGE_SEARCH":
            continue
        parsed = parse_message(msg.text)
        res = search_archives_db(
            db, embedder, parsed.query or msg.text, match_threshold=-1.0, constraints=parsed.constraints
        )
        if res.best_similarity is not None:
            off.append(res.best_similarity)
    if not (rel_min and top1 and off):
        raise ValueError("calibration needs the ingested archive and the labelled sets")
    return Thresholds(
        model=embedder.model,
        match_threshold=_down(min(rel_min)),
        relevant_similarity=_down(min(top1)),
        no_concept_similarity=_up(float(np.percentile(off, OFF_TOPIC_PERCENTILE))),
    )


_cache: dict[tuple[int, str, int], Thresholds] = {}


def thresholds_for(db: Database, embedder: Embedder) -> Thresholds:
    """The thresholds of `embedder`'s model: from `CALIBRATED`, else calibrated now (once per process)."""
    known = CALIBRATED.get(embedder.model)
    if known is not None:
        return known
    key = (id(db), embedder.model, embedder.dim)
    if key not in _cache:
        _cache[key] = calibrate(db, embedder)
    return _cache[key]
