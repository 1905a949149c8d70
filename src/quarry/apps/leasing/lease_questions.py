"""The lease question index: questions tenants ask, each filed under the section(s) of one lease that answer it.

A tenant's words and a lease's words rarely meet ("a letter for our lender saying the lease is fine" is an
estoppel certificate), and a small embedding model does not bridge them: question to clause, it puts the right
section first for under half of the blind questions. Question to question it does much better, so each
bundled lease comes with questions a person wrote from its text (`data/lease_questions/<lease_id>.jsonl`,
written by people who never saw the evaluation sets or this code), filed under the sections that answer them,
or under none when the lease is silent. A new question is answered from the sections its nearest indexed
questions agree on; when they do not agree, or none is near, lease QA chooses by its other signals.

A lease with no indexed questions (one you ingest yourself) is answered by those other signals alone.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from quarry.db import Database
from quarry.embed import Embedder, embed_missing_queries, missing_queries, vector_literal
from quarry.progress import Reporter, SilentReporter

from .places import DATA_DIR

INDEX_DIR = DATA_DIR / "lease_questions"
NEAREST = 10
"""Indexed questions read per new question."""
NEAR = 0.90
"""The nearest indexed question voting for the answer must be at least this similar (cosine, e5-small query to
query) for the index to decide; below it the question is unlike anything indexed for that lease. Chosen on blind
rounds 1-10 (781 lease questions): 0.89 decided more and lost more, 0.91 decided less."""
SHARPNESS = 0.03
"""A neighbour's vote is exp((its similarity - the nearest's) / SHARPNESS): a question 0.03 less similar than the
nearest counts a third as much, so two fair matches do not outvote a close one. On rounds 1-10, with the
4,310 questions of the first two passes: 661 right (K = 10) against 655 (K = 7) and 652 (K = 5); 0.05 scored 6-10
fewer. Not re-tuned for the third pass (6,486 questions)."""
OFF_TOPIC_NEAR = 0.93
"""A neighbour filed under a section off the topic the lexicon heard votes when at least this similar: the topic's
cue can mislead ("first dibs on taking the suite next door" is no condemnation). +8 on rounds 1-10."""
SILENT_NEAR = 0.92
"""The same for a neighbour filed under no section (the lease is silent on it): +5 on rounds 1-10."""


@dataclass(frozen=True)
class IndexedQuestion:
    lease_id: str
    question: str
    sections: tuple[str, ...]
    """Most specific first (an amendment before the section it changes); empty: the lease is silent."""


@dataclass(frozen=True)
class Neighbour:
    question: str
    sections: tuple[str, ...]
    similarity: float


@dataclass(frozen=True)
class IndexVerdict:
    """What the nearest indexed questions agree on: the sections to cite (empty: the lease is silent)."""

    sections: tuple[str, ...]
    question: str
    """The nearest indexed question filed under this answer."""
    support: float
    """Share of the neighbours' weight on this answer."""


def bundled_questions(folder: Path = INDEX_DIR) -> list[IndexedQuestion]:
    """Every line of the index files, in file order; a line without a question is skipped."""
    found: list[IndexedQuestion] = []
    for path in sorted(folder.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            row = json.loads(line)
            question = str(row.get("question") or "").strip()
            if question:
                found.append(IndexedQuestion(str(row["lease_id"]), question, tuple(row.get("sections") or ())))
    return found


def load_index(
    db: Database,
    embedder: Embedder,
    questions: list[IndexedQuestion] | None = None,
    *,
    reporter: Reporter | None = None,
) -> tuple[int, int]:
    """Store the index for the leases in the database and give each question this model's vector (through the
    core cache: nothing is embedded twice). A question filed under a section its lease does not have is left
    out. Returns (questions stored, questions left out)."""
    rep = reporter or SilentReporter()
    rows = bundled_questions() if questions is None else questions
    have: dict[str, set[str]] = defaultdict(set)
    for r in db.fetch_all("SELECT DISTINCT lease_id, section FROM leasing_lease_chunks WHERE section IS NOT NULL"):
        have[r["lease_id"]].add(r["section"])
    kept = {
        (q.lease_id, q.question): q
        for q in rows
        if q.lease_id in have and all(s in have[q.lease_id] for s in q.sections)
    }
    left_out = len(rows) - len(kept)
    todo_leases = sorted({lease for lease, _ in kept})
    with db.transaction() as tx:
        tx.execute("DELETE FROM leasing_lease_questions WHERE NOT (lease_id = ANY(:l))", {"l": todo_leases})
        stored = {
            (r["lease_id"], r["question"]): tuple(r["sections"])
            for r in tx.fetch_all("SELECT lease_id, question, sections FROM leasing_lease_questions")
        }
        gone = [{"l": lease, "q": q} for lease, q in stored if (lease, q) not in kept]
        if gone:
            tx.execute("DELETE FROM leasing_lease_questions WHERE lease_id = :l AND question = :q", gone)
        fresh = [
            {"l": q.lease_id, "q": q.question, "s": list(q.sections)}
            for key, q in kept.items()
            if stored.get(key) != q.sections
        ]
        if fresh:
            tx.execute(
                "INSERT INTO leasing_lease_questions (lease_id, question, sections) VALUES (:l, :q, :s)"
                " ON CONFLICT (lease_id, question) DO UPDATE SET sections = EXCLUDED.sections",
                fresh,
            )
    texts = sorted({q for _, q in kept})
    todo = missing_queries(db, embedder, texts)
    rep.phase(f"embed the lease question index ({embedder.model})", total=len(todo))
    embed_missing_queries(db, embedder, todo, progress=rep.advance)
    db.execute(
        "UPDATE leasing_lease_questions q SET embedding = e.embedding::vector, embed_model = :m FROM embedding_cache e"
        " WHERE (q.embedding IS NULL OR q.embed_model IS DISTINCT FROM :m)"
        " AND e.model = :m AND e.dim = :d AND e.text_md5 = md5('query: ' || q.question)",
        {"m": embedder.model, "d": embedder.dim},
    )
    return len(kept), left_out


def nearest(db: Database, lease_id: str, vec: np.ndarray, model: str, k: int = NEAREST) -> list[Neighbour]:
    """The `k` indexed questions of this lease most similar to `vec` (embedded by `model`)."""
    rows = db.fetch_all(
        "SELECT question, sections, 1 - (embedding <=> CAST(:v AS vector)) AS sim FROM leasing_lease_questions"
        " WHERE lease_id = :l AND embed_model = :m ORDER BY embedding <=> CAST(:v AS vector) LIMIT :k",
        {"v": vector_literal(vec), "l": lease_id, "m": model, "k": k},
    )
    return [Neighbour(r["question"], tuple(r["sections"]), float(r["sim"])) for r in rows]


def verdict(neighbours: list[Neighbour], *, allowed: set[str] | None = None, near: float = NEAR) -> IndexVerdict | None:
    """The answer the nearest questions vote for, or None (no vote, or its best voter is not near enough).

    Each neighbour votes for its first section (or for silence), the nearer the more (`SHARPNESS`). With
    `allowed` (the sections on the topic the question names), other sections and silence take votes only from
    very near neighbours (`OFF_TOPIC_NEAR`, `SILENT_NEAR`). The sections cited are those of the nearest
    neighbour that voted for the winner, so an amendment is cited with the section it changes."""
    weight: dict[str, float] = defaultdict(float)
    voters: dict[str, Neighbour] = {}
    top = max((n.similarity for n in neighbours), default=0.0)
    for n in neighbours:
        answer = n.sections[0] if n.sections else ""
        if allowed is not None and answer not in allowed and n.similarity < (OFF_TOPIC_NEAR if answer else SILENT_NEAR):
            continue
        weight[answer] += math.exp((n.similarity - top) / SHARPNESS)
        voters.setdefault(answer, n)
    if not weight:
        return None
    answer, won = max(weight.items(), key=lambda kv: kv[1])
    first = voters[answer]
    if first.similarity < near:
        return None
    return IndexVerdict(first.sections, first.question, round(won / sum(weight.values()), 3))
