"""Deterministic relevance grader (seed Phase 3, offline): do the top items match what was asked?

An attempt is `relevant` when the best similarity clears the embedding model's
`relevant_similarity` (`thresholds.py`, calibrated on the labelled sets) and one of
the top `GRADE_TOP` items mentions at least half of what the question asks for (each
concept counts once, with its synonyms: 'shadow puppets' is met by 'wayang kulit') in its
title, Malay title, tags or summary. Constraints (media, place, years) are SQL filters and
are not graded again: a question that is nothing but two or more of them ("photos of Kuala
Lumpur before 1950") is met by every item that passed them. No hits → `empty`; otherwise `weak`.
"""

from __future__ import annotations

from collections.abc import Sequence

from quarry.search import tokenize

from .concepts import Parsed, match_terms
from .models import ArchiveHit, Constraints, Verdict
from .thresholds import DEFAULT, Thresholds

GRADE_TOP = 3
"""Items inspected by the grader."""


def _text(hit: ArchiveHit) -> str:
    return " " + " ".join(tokenize(f"{hit.title} {hit.title_ms} {' '.join(hit.tags)} {hit.summary}")) + " "


def coverage(hit: ArchiveHit, wanted: Sequence[tuple[str, ...]]) -> float:
    """Share of the wanted concepts (any synonym) that the item mentions."""
    if not wanted:
        return 1.0
    text = _text(hit)
    met = sum(1 for group in wanted if any(f" {p} " in text for p in group))
    return met / len(wanted)


FILTERS_ALONE = 2
"""A question with no topic and at least this many filters (media, place, years) is answered by them."""


def grade(
    hits: Sequence[ArchiveHit], parsed: Parsed, thresholds: Thresholds = DEFAULT, applied: Constraints | None = None
) -> tuple[Verdict, str]:
    """(verdict, reason) for one attempt's hits against the parsed question, with the similarity
    thresholds of the embedding model that produced them (default: multilingual-e5-small) and the
    SQL filters the attempt `applied` (a broadened attempt has fewer than the question)."""
    if not hits:
        return "empty", "no items above the similarity floor"
    best = max(h.similarity for h in hits)
    wanted = match_terms(parsed)
    if not wanted and applied is not None and applied.filter_count() >= FILTERS_ALONE:
        return "relevant", f"the question is its filters ({applied.describe()}): every item meets them"
    if not wanted:
        ok = best >= thresholds.no_concept_similarity
        return ("relevant" if ok else "weak"), f"no concept to check; best similarity {best:.3f}"
    cover = max(coverage(h, wanted) for h in hits[:GRADE_TOP])
    ok = best >= thresholds.relevant_similarity and cover >= 0.5
    names = ", ".join(g[0] for g in wanted)
    return ("relevant" if ok else "weak"), f"best similarity {best:.3f}; top items cover {cover:.0%} of [{names}]"
