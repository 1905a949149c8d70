"""Typed boundaries of the archive app: search constraints, hits, attempts, the plan and the response."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from quarry.agent import TraceStep

from .corpus import Intent, MediaType

ResponseType = Literal["results", "message"]
"""`results`: archives are filled; `message`: a text reply (non-search intent or nothing found)."""
Verdict = Literal["relevant", "weak", "empty"]
"""How the grader judged one attempt: good enough to return, present but off-target, nothing at all."""
Strategy = Literal["initial", "broaden", "synonyms", "narrow", "model"]
"""How an attempt's query was made from the previous one ('model': the model's own rewrite)."""


class Constraints(BaseModel):
    """Constraints from the question that become SQL filters (None = not constrained)."""

    model_config = ConfigDict(frozen=True)

    media_type: MediaType | None = Field(None, description="image | video | document | audio.")
    place: str | None = Field(None, description="A place the item's place must contain, e.g. 'Kelantan'.")
    place_not: str | None = Field(
        None, description="A place the item's place must NOT contain ('not the Johor ones' → 'Johor')."
    )
    media_not: tuple[MediaType, ...] = Field(
        (), description="Kinds of media ruled out ('no photos' → ('image',); 'only sound or film' → image, document)."
    )
    year_from: int | None = Field(None, description="Items whose years reach this year or later.")
    year_to: int | None = Field(None, description="Items whose years start at this year or earlier.")

    def describe(self) -> str:
        """The constraints in words, e.g. 'video, place ~ Kelantan'; 'none' when unconstrained."""
        parts: list[str] = [self.media_type or ""]
        if self.media_not:
            parts.append(f"not {'/'.join(self.media_not)}")
        if self.place:
            parts.append(f"place ~ {self.place}")
        if self.place_not:
            parts.append(f"place not ~ {self.place_not}")
        if self.has_years:
            parts.append(f"years {self.year_from or '…'}–{self.year_to or '…'}")
        return ", ".join(p for p in parts if p) or "none"

    @property
    def names_media(self) -> bool:
        """Whether a kind of media is asked for or ruled out."""
        return self.media_type is not None or bool(self.media_not)

    @property
    def has_years(self) -> bool:
        return self.year_from is not None or self.year_to is not None

    def filter_count(self) -> int:
        """How many of media type (asked or ruled out), place (in or not in) and years constrain the search."""
        return sum(map(bool, (self.media_type, self.media_not, self.place, self.place_not, self.has_years)))

    def is_empty(self) -> bool:
        return self == Constraints()


class ArchivePlan(BaseModel):
    """What the planner makes of one user turn (the output of the plan agent)."""

    intent: Intent = Field(description="HERITAGE_SEARCH | UNCLEAR | UNRELATED | GREETING.")
    query: str = Field("", description="ONE focused search query (empty unless HERITAGE_SEARCH).")
    concepts: list[str] = Field(default_factory=list, description="Heritage concepts found, canonical form.")
    constraints: Constraints = Field(default_factory=Constraints, description="Filters from the question.")
    reason: str = Field("", description="Why this intent, in a few words.")


class ArchiveHit(BaseModel):
    """One archive item returned by `match_archives` (optionally re-ranked with BM25)."""

    identifier: str = Field(description="Item id, e.g. ARC-000001.")
    title: str = Field(description="English title.")
    title_ms: str = Field(description="Malay title.")
    summary: str = Field(description="Extractive summary of the description (what the model reads).")
    tags: list[str] = Field(default_factory=list, description="Lower-case subject tags.")
    media_type: MediaType = Field(description="image | video | document | audio.")
    place: str = Field(description="Where the item was made or is about.")
    period: str = Field(description="Period in words, e.g. '1960s'.")
    year_from: int | None = Field(None, description="First year the item covers.")
    year_to: int | None = Field(None, description="Last year the item covers.")
    collection: str = Field(description="Collection that holds the item.")
    rights: str = Field(description="Rights status of the original item.")
    similarity: float = Field(description="Cosine similarity of the item to the query embedding.")
    matched_terms: list[str] = Field(default_factory=list, description="Query terms found in title, tags or summary.")
    matched_fields: list[str] = Field(
        default_factory=list, description="Fields holding a matched term: title, title_ms, tags, summary."
    )
    relevance: float | None = Field(
        None,
        description="The grader's score: weighted share of the question's concepts the item meets "
        "(1.0 when the question is only filters; None: not graded).",
    )
    concepts_met: list[str] = Field(
        default_factory=list,
        description="Concepts of the question the item names (title, tags, summary, place, period).",
    )
    concepts_close: list[str] = Field(
        default_factory=list, description="Concepts the item meets by meaning only (embedding closeness)."
    )


class SearchResult(BaseModel):
    """What `search_archives_db` returns: the structured hits and the text a model reads."""

    query: str = Field(description="The query that was embedded.")
    constraints: Constraints = Field(default_factory=Constraints, description="SQL filters applied.")
    hits: list[ArchiveHit] = Field(default_factory=list, description="Deduplicated, best similarity first.")
    formatted: str = Field("", description="The hits as numbered text for a model.")
    lexical_boost: bool = Field(False, description="True when BM25 was fused into the order (RRF).")
    ms: float = Field(0.0, description="Wall time in milliseconds.")
    judged_by: str | None = Field(
        None, description="The language model that judged relevance (None: the deterministic grader judges)."
    )
    judged_relevant: bool | None = Field(None, description="That model's verdict: do the top items match?")
    judge_reason: str = Field("", description="Why, in the model's words.")
    passed: list[str] = Field(
        default_factory=list, description="Identifiers of the hits judged relevant, in order (what a turn returns)."
    )
    grade_reason: str = Field("", description="The grader's reason for this attempt's verdict.")

    @property
    def best_similarity(self) -> float | None:
        return max((h.similarity for h in self.hits), default=None)


class Attempt(BaseModel):
    """One search attempt of a turn, as shown to users."""

    query: str = Field(description="The query searched.")
    strategy: Strategy = Field("initial", description="initial | broaden | synonyms | narrow | model.")
    constraints: str = Field("none", description="SQL filters of this attempt, in words.")
    count: int = Field(description="Items that passed the grader (what this attempt would return).")
    candidates: int = Field(0, description="Items the search found and the grader judged, one by one.")
    best_similarity: float | None = Field(None, description="Highest similarity among the candidates.")
    verdict: Verdict = Field(description="relevant | weak | empty.")
    judged_by: str | None = Field(None, description="The language model that judged (None: the deterministic grader).")
    note: str | None = Field(
        None, description="What changed from the previous attempt (e.g. 'dropped place Kelantan')."
    )


RelaxedField = Literal["place", "years", "media_type"]
"""A constraint a broadened attempt left out."""


class Relaxed(BaseModel):
    """A constraint of the question that the answer's attempt did not apply, offered back."""

    field: RelaxedField = Field(description="place | years | media_type.")
    value: str = Field(description="What the question asked for, e.g. 'Kelantan' or '1960–1969'.")
    restore: Constraints = Field(description="The filters to search again with it (the question's own).")


class ArchiveResponse(BaseModel):
    """One turn of the archive search, for every interface (CLI, HTTP, UI)."""

    response_type: ResponseType = Field(description="results: archives filled; message: text reply only.")
    archives: list[ArchiveHit] = Field(default_factory=list, description="Results, best first.")
    total: int = Field(0, description="Number of archives returned.")
    query: str = Field(description="The focused query finally searched (the user's text when no search ran).")
    message: str | None = Field(None, description="Text reply: non-search intents, or why nothing matched.")
    intent: Intent = Field(description="Intent of the user's message.")
    attempts: list[Attempt] = Field(default_factory=list, description="Every search attempt, in order (≤ 3).")
    nearest: list[ArchiveHit] = Field(
        default_factory=list, description="When nothing matched: the closest items, labelled as NOT matching."
    )
    relaxed: list[Relaxed] = Field(
        default_factory=list,
        description="Constraints of the question left out by the attempt answered (broadening), each with the "
        "filters that restore it; empty when every constraint was applied.",
    )
    unresolved: list[str] = Field(
        default_factory=list,
        description="Places the message named that no archive item holds, as typed: asked back (message), "
        "never searched without them.",
    )
    not_understood: list[str] = Field(
        default_factory=list,
        description="Words of the message no archive item holds and nothing else read, as typed: left out of "
        "the search (so they change nothing it returns) and said back.",
    )
    thread_id: str = Field(description="Conversation id; send it back to continue the thread.")
    trace: list[TraceStep] = Field(default_factory=list, description="What the agent did, step by step.")
    run_id: int | None = Field(None, description="Audit id in agent_runs.")
