"""The refinement policy (seed Phase 4, offline): what the next attempt searches after a weak one.

In order, skipping what was already tried: broaden by dropping ONE constraint (place, then
years, then media type; the dropped place also leaves the query text), then the synonym
wording (shadow puppets → wayang kulit), then a broader wording (kelantan batik → malaysian
batik). A question that is nothing but one constraint keeps it (there would be nothing left to
search); a dropped constraint is said and offered back by the response (`ArchiveResponse.relaxed`).
At most `MAX_ATTEMPTS` attempts per user turn. `ArchivePolicy` plugs this policy and the grader
into the core's `SearchRefinement` toolset wrapper.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from quarry.agent import Judgement, Refinement, RefinementState

from .concepts import Parsed, broader_query, narrow_query, synonym_query
from .models import Constraints, SearchResult, Strategy, Verdict
from .relevance import concepts_of, grade
from .thresholds import DEFAULT, Thresholds

MAX_ATTEMPTS = 3
NARROW_AT = 20
"""Candidates of a weak attempt from which the next one narrows: many near items, none about the subject."""

Rewrite = Callable[[Sequence[tuple[str, int]], str, str], Awaitable[tuple[str, str] | None]]
"""(queries tried with their relevant counts, strategy, the policy's wording) → (the model's query, model)."""


@dataclass(frozen=True)
class Step:
    """One attempt to make."""

    query: str
    constraints: Constraints
    strategy: Strategy
    note: str | None = None
    """What changed, in words."""
    dropped: str | None = None
    """The constraint dropped by a broaden step ('place', 'years', 'media_type')."""


def _without(query: str, words: list[str]) -> str:
    out = f" {query} "
    for w in words:
        out = out.replace(f" {w} ", " ")
    return " ".join(out.split())


def next_attempt(parsed: Parsed, tried: list[Step]) -> Step | None:
    """The next attempt after `tried` (the last was weak or empty); None when nothing is left."""
    last = tried[-1]
    c = last.constraints
    if not concepts_of(parsed) and c.filter_count() <= 1:
        # The question is nothing but this one constraint ("anything from Brunei?"): without it nothing
        # of the question is left, so it is never dropped (the answer is then "couldn't find").
        return None
    if c.place:
        query = _without(last.query, [p for p in parsed.place_words]) or last.query
        return Step(query, c.model_copy(update={"place": None}), "broaden", f"dropped place {c.place}", "place")
    if c.has_years:
        return Step(
            last.query,
            c.model_copy(update={"year_from": None, "year_to": None}),
            "broaden",
            f"dropped years {c.year_from or '…'}–{c.year_to or '…'}",
            "years",
        )
    done = {t.query for t in tried}
    synonyms = synonym_query(parsed)
    if synonyms and synonyms not in done and not any(t.strategy == "synonyms" for t in tried):
        return Step(synonyms, c, "synonyms", "tried the synonyms of the main concept")
    broader = broader_query(parsed)
    if broader:
        broader = " ".join(dict.fromkeys(broader.split()))
    if broader and broader not in done:
        return Step(broader, c, "broaden", f"broader wording '{broader}'", None)
    if c.media_type:
        return Step(
            last.query,
            c.model_copy(update={"media_type": None}),
            "broaden",
            f"dropped media type {c.media_type}",
            "media_type",
        )
    return None


def constraints_of(args: Mapping[str, Any]) -> Constraints:
    """The SQL filters among a search call's arguments."""
    return Constraints(**{k: v for k in Constraints.model_fields if (v := args.get(k)) is not None})


def search_args(query: str, constraints: Constraints) -> dict[str, Any]:
    """Arguments of a `search_archives_db` tool call."""
    return {"query": query, **constraints.model_dump()}


def dropped(before: Constraints, after: Constraints) -> str | None:
    """The constraint a broaden step removed ('place', 'years', 'media_type'), if any."""
    if before.place and not after.place:
        return "place"
    if (before.year_from, before.year_to) != (None, None) and (after.year_from, after.year_to) == (None, None):
        return "years"
    if before.media_type and not after.media_type:
        return "media_type"
    return None


@dataclass
class ArchivePolicy:
    """The archive's `RefinementPolicy` for `quarry.agent.SearchRefinement`: the deterministic grader
    (`relevance.grade`) judges, `next_attempt` picks the strategy."""

    parsed: Parsed
    """The question as the offline extraction reads it (concepts, place words)."""
    thresholds: Thresholds = DEFAULT
    """Similarity thresholds of the embedding model in use."""
    rewrite: Rewrite | None = None
    """A language model's rewrite of each refined query (`rewrite.rewrite_query`); None offline."""

    def judge(self, args: Mapping[str, Any], result: Any) -> Judgement:
        assert isinstance(result, SearchResult)
        if result.judged_by is not None and result.hits:
            # A language model read the items (summaries included); the similarity floor still applies.
            best = result.best_similarity or 0.0
            ok = bool(result.judged_relevant) and best >= self.thresholds.relevant_similarity
            said = "relevant" if result.judged_relevant else "not relevant"
            why = f"{result.judged_by} judged {said} ({result.judge_reason}); best similarity {best:.3f}"
            return Judgement("relevant" if ok else "weak", result.best_similarity, len(result.hits), why)
        if result.grade_reason:
            # The tool graded every item with the database's views (`orchestrator._graded`).
            verdict: Verdict = "empty" if not result.hits else ("relevant" if result.passed else "weak")
            return Judgement(verdict, result.best_similarity, len(result.hits), result.grade_reason)
        verdict, why = grade(result.hits, self.parsed, self.thresholds, result.constraints)
        return Judgement(verdict, result.best_similarity, len(result.hits), why)

    async def refine(self, state: RefinementState) -> Refinement | None:
        tried = [
            Step(a.query, constraints_of(a.args), "initial" if a.strategy == "model" else a.strategy, a.note)
            for a in state.attempts
        ]
        last = state.attempts[-1]
        step = narrow_step(self.parsed, tried, last.verdict, last.judgement.count) or next_attempt(self.parsed, tried)
        if step is None:
            return None
        if self.rewrite is not None:
            counts = [(a.query, len(getattr(a.result, "passed", []) or [])) for a in state.attempts]
            said = await self.rewrite(counts, step.strategy, step.query)
            if said is not None:
                query, model = said
                step = replace(step, query=query, note=f"{step.note or step.strategy}; query rewritten by {model}")
        return Refinement(search_args(step.query, step.constraints), step.strategy, step.note)


def narrow_step(parsed: Parsed, tried: list[Step], verdict: str, candidates: int) -> Step | None:
    """After a weak attempt with many candidates (`NARROW_AT`) and no filter, once: the subject's own
    terms only (the seed's "too broad: add specificity"). None otherwise: under a place, period or
    media filter the many near items are the filter's, and dropping it comes first."""
    if verdict != "weak" or candidates < NARROW_AT or any(t.strategy == "narrow" for t in tried):
        return None
    if tried[-1].constraints.filter_count():
        return None
    query = narrow_query(parsed)
    if not query or query in {t.query for t in tried}:
        return None
    return Step(query, tried[-1].constraints, "narrow", f"{candidates} near items, none about the subject: '{query}'")
