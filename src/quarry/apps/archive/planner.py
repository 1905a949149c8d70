"""The plan agent: user turn (+ earlier turns) → `ArchivePlan` (intent, ONE focused query, constraints).

With no API key the agent runs the offline `FunctionModel` below: the rules + nearest-neighbour
intent classifier and the offline concept extraction, over the same user turns an LLM reads.
Whoever planned, `read_back` then reads the message against what the archive holds: a place it does
not hold is asked back (`ask_for_place`), words no item holds are said back and left out of the query.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

import numpy as np
from pydantic_ai import Agent
from pydantic_ai.messages import ModelMessage, ModelResponse
from pydantic_ai.models.function import AgentInfo

from quarry.db import Database
from quarry.embed import Embedder, embed_query
from quarry.llm import output_call, user_texts
from quarry.search import fold, tokenize

from .concepts import ArchiveWords, archive_words, is_form, is_general, parse_message
from .corpus import load_intent_examples
from .intent import Classified, IntentExamples, classify, off_topic_cue, task_verb
from .models import ArchivePlan, Constraints
from .prompts import PLAN_PROMPT
from .vocab import ABOUT_WORDS, NARROWING_WORDS, NEWER_WORDS, OLDER_WORDS, REFERRING_WORDS, RELATIVE_STARTS

OfflineFn = Callable[[list[ModelMessage], AgentInfo], ModelResponse]


@lru_cache(maxsize=1)
def get_plan_agent() -> Agent[None, ArchivePlan]:
    return Agent(output_type=ArchivePlan, instructions=PLAN_PROMPT, name="archive-plan")


_examples: dict[tuple[int, str], IntentExamples] = {}


def intent_examples(db: Database, embedder: Embedder) -> IntentExamples:
    """The labelled examples with their query embeddings (cached in Postgres and in this process)."""
    key = (id(db), embedder.model)
    if key not in _examples:
        cases = load_intent_examples()
        vecs = np.stack([embed_query(db, embedder, c.text) for c in cases])
        _examples[key] = IntentExamples(cases, vecs)
    return _examples[key]


_words: dict[int, tuple[tuple[tuple[str, float], ...], ArchiveWords]] = {}


def data_words(db: Database) -> ArchiveWords:
    """The places and words of the items in `archive_items` (cached until the corpus statistics change,
    i.e. until the next ingest)."""
    rows = db.fetch_all("SELECT key, value FROM archive_corpus_stats ORDER BY key")
    stamp = tuple((str(r["key"]), float(r["value"])) for r in rows)
    cached = _words.get(id(db))
    if cached is not None and cached[0] == stamp:
        return cached[1]
    places = [str(r["place"]) for r in db.fetch_all("SELECT DISTINCT place FROM archive_items")]
    terms = [str(r["term"]) for r in db.fetch_all("SELECT term FROM archive_term_stats")]
    heads = db.fetch_all("SELECT title, title_ms, array_to_string(tags, ' ') AS tags FROM archive_items")
    subjects = {w for r in heads for w in tokenize(f"{r['title']} {r['title_ms']} {r['tags']}")}
    words = archive_words(places, terms, subjects)
    _words[id(db)] = (stamp, words)
    return words


@dataclass(frozen=True)
class Heard:
    """What a message named that the archive cannot search for."""

    unresolved: tuple[str, ...] = ()
    """Places the items do not hold, as typed: asked back before any search."""
    not_understood: tuple[str, ...] = ()
    """Words no item holds and nothing reads, as typed: said back, left out of the query."""
    unread: frozenset[str] = frozenset()
    """`not_understood`, folded (what is taken out of a model's query)."""


def read_back(message: str, plan: ArchivePlan, data: ArchiveWords) -> Heard:
    """The message read against the archive, whoever planned: place phrases that name no place the items
    hold, the planned place filter when no item's place contains it (a model may pass one through), and the
    words nobody understood."""
    parsed = parse_message(message, data)
    unresolved = list(parsed.unresolved)
    place = plan.constraints.place
    if place and not data.holds_place(place) and place not in unresolved:
        unresolved.append(place)
    said = tuple(parsed.as_typed(parsed.not_understood))
    return Heard(tuple(unresolved), said, frozenset(parsed.not_understood))


def without_unread(plan: ArchivePlan, heard: Heard) -> ArchivePlan:
    """The plan's query without the words nobody understood (a model may have copied them in)."""
    if not heard.unread:
        return plan
    kept = " ".join(w for w in plan.query.split() if not set(tokenize(w)) & heard.unread)
    return plan if kept == plan.query else plan.model_copy(update={"query": kept})


PLACE_EXAMPLES = "Kelantan, Melaka, Penang"


def ask_for_place(unresolved: Sequence[str]) -> str:
    """The question asked back when the message names a place the archive does not hold."""
    named = ", ".join(f"'{p}'" for p in unresolved)
    return f"I have no archive items from {named}. Which place do you mean? (e.g. {PLACE_EXAMPLES})"


@dataclass(frozen=True)
class LastSearch:
    """The thread's previous search, kept in the session state: what a follow-up refines.

    `plan` is the search as asked (merged constraints, before any broadening); `years` are the
    first years of the items it returned, the pivot of "older ones?" / "newer ones?"."""

    plan: ArchivePlan
    years: tuple[int, ...] = ()

    def to_state(self) -> dict[str, Any]:
        return {"plan": self.plan.model_dump(mode="json"), "years": list(self.years)}

    @classmethod
    def from_state(cls, state: dict[str, Any] | None) -> LastSearch | None:
        if not state or "plan" not in state:
            return None
        try:
            plan = ArchivePlan.model_validate(state["plan"])
        except ValueError:
            return None
        years = tuple(int(y) for y in state.get("years", []) if isinstance(y, int))
        return cls(plan, years) if plan.intent == "HERITAGE_SEARCH" and plan.query else None


Relative = Literal["older", "newer"]


def _any_of(phrases: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(r"\b(?:" + "|".join(map(re.escape, sorted(phrases, key=len, reverse=True))) + r")\b")


_OLDER = _any_of(OLDER_WORDS)
_NEWER = _any_of(NEWER_WORDS)


def relative_period(text: str) -> Relative | None:
    """'older ones?' → 'older', 'lebih baru' → 'newer' (a follow-up about time, no years named)."""
    low = fold(text)
    if _OLDER.search(low):
        return "older"
    if _NEWER.search(low):
        return "newer"
    return None


def _pivot_years(direction: Relative, base: Constraints, years: Sequence[int]) -> tuple[Constraints, str] | None:
    """Years for "older/newer than before": past the previous year filter, else the median year of
    the previous results. None when there is nothing to be older or newer than."""
    if direction == "older":
        if base.year_from is not None:
            pivot, why = base.year_from, f"before {base.year_from}, the previous start year"
        elif years:
            pivot = int(statistics.median_low(years))
            why = f"before {pivot}, the median year of the previous results"
        else:
            return None
        return base.model_copy(update={"year_from": None, "year_to": pivot - 1}), why
    if base.year_to is not None:
        pivot, why = base.year_to, f"after {base.year_to}, the previous end year"
    elif years:
        pivot = int(statistics.median_high(years))
        why = f"after {pivot}, the median year of the previous results"
    else:
        return None
    return base.model_copy(update={"year_from": pivot + 1, "year_to": None}), why


def with_relative_years(plan: ArchivePlan, text: str, last: LastSearch | None) -> ArchivePlan:
    """A model's search plan for 'older ones?' / 'newer ones?' that set no years gets them here: the model
    never saw the previous results, the session state has their years (the offline planner does this itself)."""
    direction = relative_period(text)
    c = plan.constraints
    if (
        plan.intent != "HERITAGE_SEARCH"
        or direction is None
        or last is None
        or (c.year_from, c.year_to) != (None, None)
    ):
        return plan
    moved = _pivot_years(direction, c, last.years)
    if moved is None:
        return plan
    reason = f"{plan.reason}; {direction}: {moved[1]}".lstrip("; ")
    return plan.model_copy(update={"constraints": moved[0], "reason": reason})


def _merge(prev: ArchivePlan, now: Classified, constraints: Constraints, why: str) -> ArchivePlan:
    return ArchivePlan(
        intent="HERITAGE_SEARCH",
        query=prev.query,
        concepts=prev.concepts,
        constraints=constraints,
        reason=f"follow-up refines the previous search ({now.reason}); {why}constraints {constraints.describe()}",
    )


def _earlier_plan(texts: list[str], classify_fn: Callable[[str], Classified]) -> ArchivePlan | None:
    """The last earlier user turn that was a search with a concept or a filter (when no session state is kept)."""
    for earlier in reversed(texts[:-1]):
        prev = classify_fn(earlier)
        if prev.intent == "HERITAGE_SEARCH" and (prev.parsed.concepts or not prev.parsed.constraints.is_empty()):
            p = prev.parsed
            return ArchivePlan(intent="HERITAGE_SEARCH", query=p.query, concepts=p.concepts, constraints=p.constraints)
    return None


def _may_follow_up(now: Classified, text: str) -> bool:
    """No concept of its own, not a greeting, no off-topic cue: 'only videos', 'lebih baru', 'from the 1980s'
    (the rules alone call the last two UNRELATED: they name no heritage subject)."""
    if now.parsed.concepts or now.intent == "GREETING":
        return False
    if now.intent in ("UNCLEAR", "HERITAGE_SEARCH"):
        return True
    return off_topic_cue(now.parsed, text) is None and task_verb(now.parsed) is None


def _merged(before: Constraints, after: Constraints) -> Constraints:
    """A follow-up's filters over the previous search's: each one the follow-up states replaces the old."""
    # A place ruled out replaces the place asked for before, and the other way round.
    # A kind of media ruled out replaces the kind asked for before when it is that kind ('videos', then
    # 'no videos'); a kind asked for lifts an earlier ruling-out.
    kept = before.media_type if before.media_type not in after.media_not else None
    return Constraints(
        media_type=after.media_type or kept,
        media_not=after.media_not or (() if after.media_type else before.media_not),
        place=after.place or (None if after.place_not else before.place),
        place_not=after.place_not or (None if after.place else before.place_not),
        year_from=after.year_from if after.year_from is not None else before.year_from,
        year_to=after.year_to if after.year_to is not None else before.year_to,
    )


ASPECT_WORDS = 2
"""At most this many content words in a follow-up that is an aspect of the topic ('food stuff', «makanan»)."""


def _narrowed(
    now: Classified, texts: list[str], classify_fn: Callable[[str], Classified], last: LastSearch | None
) -> ArchivePlan | None:
    """A follow-up that narrows the previous search to a part of it ('only food', 'specifically clothing'):
    the previous topic and filters with the new words added. None when the message is not one."""
    p = now.parsed
    # "how they're made", «makanan dia», «yang pakai songket»: the message points at the items just shown.
    # «yang lebih lama?» points back too, but moves in time: the constraint follow-up below does that.
    refers_back = (
        bool(set(p.words) & REFERRING_WORDS) or (bool(p.words) and p.words[0] in RELATIVE_STARTS)
    ) and relative_period(texts[-1]) is None
    # The example vote calls a subjectless question ('how do they fire them') unrelated; a pronoun
    # pointing at the items shown, with no off-topic cue or task, makes it about them.
    pointing = refers_back and off_topic_cue(p, texts[-1]) is None and task_verb(p) is None
    if now.intent not in ("HERITAGE_SEARCH", "UNCLEAR") and not (now.intent == "UNRELATED" and pointing):
        return None
    prev = last.plan if last is not None else _earlier_plan(texts, classify_fn)
    if prev is None:
        return None
    # "only food" narrows by its word; "any oral histories?" asks for a form of the topic; "pasal
    # nelayan" after a search for oral histories names what they should be about.
    form_of_topic = (
        bool(p.concepts) and all(is_form(c) for c in p.concepts) and not all(is_form(c) for c in prev.concepts)
    )
    subject_of_form = (
        bool(prev.concepts) and all(is_form(c) for c in prev.concepts) and bool(set(p.words) & ABOUT_WORDS)
    )
    # 'melanau', then 'food stuff': a general subject with nothing else is that aspect of the topic.
    aspect = (
        bool(p.concepts)
        and all(is_general(c) and c not in prev.concepts for c in p.concepts)
        and len(p.content) <= ASPECT_WORDS
        and not any(is_general(c) for c in prev.concepts)
    )
    if not (set(p.words) & NARROWING_WORDS or form_of_topic or subject_of_form or refers_back or aspect):
        return None
    added = [w for w in p.content if w not in p.not_understood]
    # "the ones from Sabah": a pointer with only a filter is the constraint follow-up's, below.
    if not added and not p.concepts and (not refers_back or not p.constraints.is_empty()):
        return None
    before, after = prev.constraints, p.constraints
    merged = _merged(before, after)
    query = " ".join(dict.fromkeys([*prev.query.split(), *p.concepts, *added]))
    return ArchivePlan(
        intent="HERITAGE_SEARCH",
        query=query,
        concepts=list(dict.fromkeys([*prev.concepts, *p.concepts])),
        constraints=merged,
        reason=f"follow-up narrows the previous search to {' '.join(p.concepts or added)!r}; "
        f"constraints {merged.describe()}",
    )


def plan_offline(
    texts: list[str], classify_fn: Callable[[str], Classified], last: LastSearch | None = None
) -> ArchivePlan:
    """The offline planner's decision for the last of `texts` (earlier ones are the thread).

    A follow-up without a concept refines the thread's previous search (`last`, else the last
    earlier search turn): new constraints replace or add to the old ones ('only videos',
    'from Kelantan'), and 'older ones?' / 'newer ones?' move the years past the previous ones."""
    now = classify_fn(texts[-1])
    if len(texts) > 1 and (narrowed := _narrowed(now, texts, classify_fn, last)) is not None:
        return narrowed
    if _may_follow_up(now, texts[-1]) and len(texts) > 1:
        direction = relative_period(texts[-1])
        if direction is not None or not now.parsed.constraints.is_empty():
            prev = last.plan if last is not None else _earlier_plan(texts, classify_fn)
            if prev is not None:
                before, after = prev.constraints, now.parsed.constraints
                merged = _merged(before, after)
                why = ""
                if direction is not None and (after.year_from, after.year_to) == (None, None):
                    moved = _pivot_years(direction, merged, last.years if last is not None else ())
                    if moved is not None:
                        merged, why = moved[0], f"{direction}: {moved[1]}; "
                if why or merged != before or direction is None:
                    return _merge(prev, now, merged, why)
    if now.intent != "HERITAGE_SEARCH":
        return ArchivePlan(intent=now.intent, reason=now.reason)
    # A message whose every content word is unknown to the archive leaves nothing to search for.
    fallback = "" if now.parsed.not_understood else texts[-1]
    return ArchivePlan(
        intent="HERITAGE_SEARCH",
        query=now.parsed.query or fallback,
        concepts=now.parsed.concepts,
        constraints=now.parsed.constraints,
        reason=now.reason,
    )


def offline_plan_model(
    db: Database, embedder: Embedder, last: LastSearch | None = None, data: ArchiveWords | None = None
) -> OfflineFn:
    """A FunctionModel body bound to the database (for the nearest-neighbour vote), to the thread's
    previous search (`last`, from the session state) and to what the archive holds (`data`)."""

    def classify_fn(text: str) -> Classified:
        examples = intent_examples(db, embedder)
        return classify(text, examples=examples, embed=lambda t: embed_query(db, embedder, t), data=data)

    def offline_plan(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        texts = user_texts(messages) or [""]
        return output_call(info, plan_offline(texts, classify_fn, last))

    return offline_plan


def plan_without_model(text: str) -> ArchivePlan:
    """Rules only (no database): used by tests and the intent evaluation's rules column."""
    return plan_offline([text], classify)
