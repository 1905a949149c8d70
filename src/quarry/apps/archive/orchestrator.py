"""One archive turn: plan (intent + ONE focused query) → up to 3 search attempts → response.

`run` is the one entry point of the CLI, the HTTP route and the UI. The plan comes from an
agent (`run_agent`: a remote model when configured, else the offline `FunctionModel`); the
attempts follow a deterministic refinement policy (`refine.next_attempt`): broaden by dropping
one constraint (and saying which), then synonyms, then a broader wording. Each attempt is judged
by the configured language model from the items' titles, tags and short summaries (`judge.py`),
or offline by the deterministic grader (`relevance.grade`); the first relevant one is answered,
else the seed's "couldn't find" message with the nearest items labelled as not matching.
"""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pydantic_ai import Agent, FunctionToolset, RunContext, Tool
from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart, ToolReturnPart
from pydantic_ai.models import Model
from pydantic_ai.models.function import AgentInfo, FunctionModel

from quarry.agent import (
    DecisionStep,
    PlanStep,
    RetrievalStep,
    SearchAttempt,
    SearchRefinement,
    TraceStep,
    run_agent,
    timed,
)
from quarry.agent.turn import TurnContext, TurnOutcome, run_turn
from quarry.db import Database, get_database
from quarry.embed import Embedder, get_embedder
from quarry.errors import DataMissing, NotFound
from quarry.inputs import clean_question, clean_session_id
from quarry.llm import model_in_use, user_texts
from quarry.search import tokenize
from quarry.settings import Settings, get_settings

from .concepts import ArchiveWords, Parsed, bundled_words, parse_message
from .corpus import MediaType
from .evidence import concept_evidence
from .ingest import item_count
from .intent import NOT_FOUND, REPLIES
from .judge import judge_with_model, model_passed
from .models import ArchiveHit, ArchivePlan, ArchiveResponse, Attempt, Constraints, Relaxed, SearchResult
from .planner import (
    Heard,
    LastSearch,
    ask_for_place,
    data_words,
    get_plan_agent,
    offline_plan_model,
    read_back,
    with_relative_years,
    without_unread,
)
from .refine import MAX_ATTEMPTS, ArchivePolicy, Rewrite, constraints_of, dropped, search_args
from .relevance import Concept, answered_by_filters, concepts_of, grade_items, verdict_of
from .rewrite import rewrite_query
from .thresholds import EMBEDDING_VIEW_OFF, Thresholds, thresholds_for
from .tools import MATCH_COUNT, item_seed, search_archives_db
from .vocab import MEDIA_WORDS, PLACES

APP = "archive"
MAX_MESSAGE_CHARS = 1000
EMPTY_HINT = "say what heritage material you are looking for, e.g. 'wayang kulit videos'."
NEAREST_SHOWN = 5
GRADED_ITEMS = 30
"""Candidates of one attempt that the grader judges, item by item; at most `MATCH_COUNT` that pass are returned."""
SEARCH_TOOL = "search_archives_db"
LAST_SEARCH = "last_search"
"""Session-state key of the thread's previous search (what "only videos" or "older ones?" refine)."""

EventSink = Callable[[str, dict[str, Any]], Awaitable[None]]
"""Receives progress events of a turn (name, JSON-able data); the streaming route sends them as SSE."""
AttemptHook = Callable[[SearchAttempt], Awaitable[None]]


async def run(
    message: str,
    *,
    thread_id: str | None = None,
    settings: Settings | None = None,
    models: Mapping[str, Model] | None = None,
    emit: EventSink | None = None,
) -> ArchiveResponse:
    """Answer one turn. `models` replaces the configured chain of an agent by name: "plan" (intent
    and query), "judge" (relevance; without one, a configured remote model judges, else the grader)
    and "rewrite" (a refined attempt's query; without one, a configured remote model writes it, else
    the policy's wording stands); tests inject them. `emit(event, data)` is awaited as the turn
    progresses: intent, query, attempt… (streaming)."""
    s = settings or get_settings()
    db = get_database(s)
    message = clean_question(message, max_chars=MAX_MESSAGE_CHARS, empty_hint=EMPTY_HINT, what="message")
    thread_id = clean_session_id(thread_id)
    if not await db.run(item_count, db):
        raise DataMissing("No archive items yet: run `quarry archive ingest` first.")
    embedder = get_embedder(s)

    async def body(turn: TurnContext) -> TurnOutcome[ArchiveResponse]:
        trace, sid = turn.trace, turn.session_id
        last = LastSearch.from_state(turn.state.get(LAST_SEARCH))
        data = await db.run(data_words, db)
        with timed() as t:
            result = await run_agent(
                get_plan_agent(),
                message,
                settings=s,
                offline=offline_plan_model(db, embedder, last, data),
                name="archive-plan",
                model=turn.model("plan"),
                message_history=turn.history,
            )
        plan = with_relative_years(result.output, message, last)
        heard = read_back(message, plan, data)
        if emit is not None:
            await emit("intent", {"intent": plan.intent, "reason": plan.reason, "model": result.model})
        trace.append(
            PlanStep(
                step="plan",
                action=plan.intent,
                model=result.model,
                ms=t.ms,
                reason="; ".join(r for r in (plan.reason, result.model_note) if r) or None,
                codes=list(result.fallback_codes),
                filters=plan.model_dump(mode="json", exclude_defaults=True),
            )
        )
        searched = plan.intent == "HERITAGE_SEARCH" and not heard.unresolved
        if searched:
            plan = without_unread(plan, heard)
            searched = bool(plan.query.strip()) or not heard.not_understood
        step = _read_back_step(plan, heard, searched)
        if step is not None:
            trace.append(step)
        if plan.intent != "HERITAGE_SEARCH":
            said = list(heard.not_understood) if plan.intent == "UNCLEAR" else []
            response = ArchiveResponse(
                response_type="message",
                query=message,
                message=REPLIES[plan.intent],
                intent=plan.intent,
                not_understood=said,
                thread_id=sid,
            )
        elif not searched:
            response = ArchiveResponse(
                response_type="message",
                query=message,
                message=ask_for_place(heard.unresolved) if heard.unresolved else NOT_FOUND,
                intent=plan.intent,
                unresolved=list(heard.unresolved),
                not_understood=list(heard.not_understood),
                thread_id=sid,
            )
        else:
            if emit is not None:
                await emit("query", {"query": plan.query, "constraints": plan.constraints.describe()})
            response = await _search(
                db, embedder, plan, message, sid, trace, s, emit, turn.model("judge"), data, turn.model("rewrite")
            )
            response.not_understood = list(heard.not_understood)
            last = LastSearch(plan, result_years(response))
        response.trace = trace
        saved = {"last_plan": plan.model_dump(mode="json"), **({LAST_SEARCH: last.to_state()} if last else {})}
        action = plan.intent.lower()
        if plan.intent == "HERITAGE_SEARCH":
            action = "clarify" if heard.unresolved else response.response_type
        return TurnOutcome(response, result.messages, saved, action, message, (result.model or "",))

    done = await run_turn(APP, body, db=db, settings=s, session_id=thread_id, models=models)
    done.response.thread_id = done.session_id
    done.response.run_id = done.run_id
    return done.response


def _read_back_step(plan: ArchivePlan, heard: Heard, searched: bool) -> DecisionStep | None:
    """The trace step of what the message named that the archive cannot search for (None: nothing)."""
    if plan.intent == "HERITAGE_SEARCH" and heard.unresolved:
        return DecisionStep(
            step="read back",
            action="clarify",
            model="policy",
            reason=f"asked back before any search: no item's place holds {', '.join(heard.unresolved)}",
            codes=["unresolved_place"],
        )
    if not heard.not_understood or plan.intent not in ("HERITAGE_SEARCH", "UNCLEAR"):
        return None
    left = "left out of the search" if searched else "nothing else to search for"
    return DecisionStep(
        step="read back",
        action="said back",
        model="policy",
        reason=f"no item holds {', '.join(heard.not_understood)}: {left}",
        codes=["not_understood"],
    )


def result_years(resp: ArchiveResponse) -> tuple[int, ...]:
    """First years of the items a search showed (results, else the nearest ones): the pivot of
    a later "older ones?" / "newer ones?"."""
    hits = resp.archives or resp.nearest
    return tuple(y for h in hits if (y := h.year_from if h.year_from is not None else h.year_to) is not None)


def _search_executor(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
    """The search agent's model: call `search_archives_db` once with the plan's arguments, then stop.

    The query was chosen by the plan agent (LLM or offline); retries are the wrapper's job."""
    if any(isinstance(p, ToolReturnPart) for m in messages for p in m.parts):
        return ModelResponse(parts=[TextPart("done")])
    return ModelResponse(parts=[ToolCallPart(SEARCH_TOOL, json.loads(user_texts(messages)[-1]))])


@dataclass(frozen=True)
class _SearchDeps:
    """What one turn's search tool needs (its run's deps: the tool itself is built once)."""

    db: Database
    embedder: Embedder
    parsed: Parsed
    concepts: tuple[Concept, ...]
    thresholds: Thresholds
    request: str
    settings: Settings
    judge: Model | None
    judging: bool


async def _search_archives_db_tool(
    ctx: RunContext[_SearchDeps],
    query: str,
    media_type: MediaType | None = None,
    place: str | None = None,
    year_from: int | None = None,
    year_to: int | None = None,
    place_not: str | None = None,
    media_not: list[MediaType] | None = None,
) -> SearchResult:
    """Search the heritage archive for ONE focused query; the other arguments are SQL filters
    (`place_not`: a place the user ruled out; `media_not`: kinds of media ruled out)."""
    d = ctx.deps
    c = Constraints(
        media_type=media_type,
        media_not=tuple(media_not or ()),
        place=place,
        place_not=place_not,
        year_from=year_from,
        year_to=year_to,
    )
    res = await d.db.run(
        search_archives_db,
        d.db,
        d.embedder,
        query,
        constraints=c,
        # A question with no subject but a place or a period ('anything from the 1300s?') is answered by
        # what the filter lets through: its words are no topic for the similarity floor to measure.
        match_threshold=0.0 if not d.concepts and answered_by_filters(c) else d.thresholds.match_threshold,
        match_count=GRADED_ITEMS,
    )
    res = await d.db.run(_graded, d, res)
    if d.judging:
        said = await judge_with_model(d.request, res, d.parsed, d.thresholds, settings=d.settings, judge=d.judge)
        if said is not None:
            verdict, by = said
            res = res.model_copy(
                update={
                    "judged_by": by,
                    "judged_relevant": verdict.relevant,
                    "judge_reason": verdict.reason,
                    "passed": model_passed(verdict, res),
                }
            )
    return res


def _graded(d: _SearchDeps, res: SearchResult) -> SearchResult:
    """`res` with every hit judged by the grader (lexical and embedding views): the scores on the hits,
    the identifiers that pass in `passed`."""
    # With the embedding view off (calibrated so for e5), no item's closeness is asked for: each
    # concept's z-scores were a scan of the whole archive per attempt.
    view_on = d.thresholds.concept_z < EMBEDDING_VIEW_OFF
    ids = [h.identifier for h in res.hits] if view_on else []
    ev = concept_evidence(d.db, d.embedder, d.concepts, ids)
    grades = grade_items(
        res.hits,
        d.concepts,
        weights=ev.weights,
        known=ev.known,
        closeness=ev.closeness,
        thresholds=d.thresholds,
        applied=res.constraints,
    )
    hits = [
        h.model_copy(update={"relevance": g.score, "concepts_met": list(g.met), "concepts_close": list(g.close)})
        for h, g in zip(res.hits, grades, strict=True)
    ]
    _, why = verdict_of(res.hits, grades, d.concepts)
    passed = [g.identifier for g in grades if g.passes]
    return res.model_copy(update={"hits": hits, "passed": passed, "grade_reason": why})


def returned(res: SearchResult) -> list[ArchiveHit]:
    """The items a turn answers with: only those that passed, most concepts met first (the search's order
    among equals), at most `MATCH_COUNT`. Never padded with items that did not pass."""
    ok = set(res.passed)
    hits = [h for h in res.hits if h.identifier in ok]
    return sorted(hits, key=lambda h: -(h.relevance or 0.0))[:MATCH_COUNT]


def relaxed(plan: Constraints, applied: Constraints) -> list[Relaxed]:
    """The question's constraints that `applied` (a broadened attempt's filters) left out, each offered back."""
    out: list[Relaxed] = []
    if plan.place and not applied.place:
        out.append(Relaxed(field="place", value=plan.place, restore=plan))
    if plan.has_years and not applied.has_years:
        out.append(Relaxed(field="years", value=f"{plan.year_from or '…'}–{plan.year_to or '…'}", restore=plan))
    if plan.media_type and not applied.media_type:
        out.append(Relaxed(field="media_type", value=plan.media_type, restore=plan))
    return out


def relaxed_message(items: Sequence[Relaxed]) -> str:
    """The sentence that says which constraints an answer left out and how to get them back."""
    named = ", ".join(f"{r.field.replace('_', ' ')} {r.value}" for r in items)
    return (
        f"Nothing matched with {named}, so these results are without it. "
        "Ask again with it (or narrow the topic) to search only there."
    )


@lru_cache(maxsize=1)
def _search_tools() -> FunctionToolset[_SearchDeps]:
    # Built once: a tool's JSON schema takes a few milliseconds to generate, a fifth of a turn.
    return FunctionToolset([Tool(_search_archives_db_tool, name=SEARCH_TOOL)])


def _search_toolset(
    parsed: Parsed, thresholds: Thresholds, on_attempt: AttemptHook, rewrite: Rewrite | None = None
) -> SearchRefinement:
    return SearchRefinement(
        _search_tools(),
        policy=ArchivePolicy(parsed, thresholds, rewrite),
        tool_name=SEARCH_TOOL,
        max_attempts=MAX_ATTEMPTS,
        on_attempt=on_attempt,
    )


async def _search(
    db: Database,
    embedder: Embedder,
    plan: ArchivePlan,
    message: str,
    sid: str,
    trace: list[TraceStep],
    settings: Settings,
    emit: EventSink | None,
    judge: Model | None = None,
    data: ArchiveWords | None = None,
    rewriter: Model | None = None,
) -> ArchiveResponse:
    parsed = parse_message(f"{message} {plan.query}", data)
    parsed.constraints = plan.constraints
    attempts: list[Attempt] = []

    async def on_attempt(a: SearchAttempt) -> None:
        res = a.result
        assert isinstance(res, SearchResult)
        c = constraints_of(a.args)
        if a.number > 1:
            before = constraints_of(toolset.turns[-1].attempts[a.number - 2].args)
            trace.append(
                DecisionStep(
                    step="refine",
                    action=a.strategy,
                    adjustment=dropped(before, c),
                    model="policy",
                    reason=a.note,
                    filters_text=c.describe(),
                )
            )
        best = res.best_similarity
        attempt = Attempt(
            query=a.query,
            strategy=a.strategy,
            constraints=c.describe(),
            count=len(returned(res)),
            candidates=len(res.hits),
            best_similarity=round(best, 4) if best is not None else None,
            verdict=a.verdict,
            judged_by=res.judged_by,
            note=a.note,
        )
        attempts.append(attempt)
        trace.append(
            RetrievalStep(
                step=f"attempt {a.number}",
                action=a.strategy,
                count=len(res.hits),
                retrieval_mode="hybrid" if res.lexical_boost else "vector",
                reason=f"{a.verdict}: {a.judgement.reason}" + (f"; {a.note}" if a.note else ""),
                codes=[a.verdict, "judged_by_model" if res.judged_by else "judged_by_grader"],
                model="sql",
                ms=res.ms,
                filters_text=c.describe(),
                embedding_query=a.query,
                lexical_query=a.query if res.lexical_boost else None,
                topk=len(res.hits),
            )
        )
        if emit is not None:
            await emit("attempt", attempt.model_dump(mode="json"))

    thresholds = await db.run(thresholds_for, db, embedder)

    async def rewrite(tried: Sequence[tuple[str, int]], strategy: str, suggested: str) -> tuple[str, str] | None:
        return await rewrite_query(message, tried, strategy, suggested, settings=settings, model=rewriter)

    toolset = _search_toolset(parsed, thresholds, on_attempt, rewrite if model_in_use(settings, rewriter) else None)
    concepts = tuple(concepts_of(parsed))
    deps = _SearchDeps(
        db, embedder, parsed, concepts, thresholds, message, settings, judge, model_in_use(settings, judge)
    )
    agent: Agent[_SearchDeps, str] = Agent(toolsets=[toolset], name="archive-search", deps_type=_SearchDeps)
    args = search_args(plan.query or message, plan.constraints)
    await run_agent(
        agent,
        json.dumps(args),
        settings=settings,
        offline=_search_executor,
        name="archive-search",
        model=FunctionModel(_search_executor, model_name="offline:archive-search"),
        deps=deps,
    )
    state = toolset.turns[-1]
    best = state.best
    if state.found and best is not None:
        res = best.result
        shown = returned(res)
        left_out = relaxed(plan.constraints, res.constraints)
        return ArchiveResponse(
            response_type="results",
            archives=shown,
            total=len(shown),
            query=best.query,
            message=relaxed_message(left_out) if left_out else None,
            intent="HERITAGE_SEARCH",
            attempts=attempts,
            relaxed=left_out,
            thread_id=sid,
        )
    nearest = best.result.hits[:NEAREST_SHOWN] if best is not None else []
    return ArchiveResponse(
        response_type="message",
        query=state.queries_tried[-1] if state.attempts else args["query"],
        message=NOT_FOUND,
        intent="HERITAGE_SEARCH",
        attempts=attempts,
        nearest=nearest,
        thread_id=sid,
    )


SIMILAR_TAGS = 4
"""Tags of the seed item that go into a "more like this" message."""


_PERIOD_WORDS = re.compile(r"^(?:\d{3,4}s?|\d{1,2}(?:st|nd|rd|th)|century|abad|an)$")
"""Words of a period in a folded title: years, decades, '19th century' ('1980-an' folds to '1980', 'an')."""


def _topic_words(text: str, places: Sequence[str]) -> str:
    """Folded words of `text` without place names (aliases and the items' `places`), media words and period
    words: a "more like this" search must not inherit the item's place, media type or decade as SQL filters
    (filters only when a user asks)."""
    folded = f" {' '.join(tokenize(text))} "
    names = {*PLACES, *MEDIA_WORDS, *(" ".join(tokenize(p)) for p in places)}
    for phrase in sorted(names, key=len, reverse=True):
        folded = folded.replace(f" {phrase} ", " ")
    return " ".join(w for w in folded.split() if not _PERIOD_WORDS.match(w))


def similar_message(seed: dict[str, Any], places: Sequence[str] | None = None) -> str:
    """The turn a "more like this" click sends: the item's title and first topic tags as one request,
    without the item's place and period (e.g. 'Mak yong performance in a Kelantan village, 1980s' →
    'show me more items like mak yong performance in a village (mak yong, ...)'). `places`: the archive's
    place names (the bundled items' when None)."""
    names = bundled_words().places if places is None else places
    tags = [t for t in (_topic_words(t, names) for t in seed["tags"]) if t][:SIMILAR_TAGS]
    tag_text = ", ".join(dict.fromkeys(tags))
    return f"show me more items like {_topic_words(seed['title'], names)}" + (f" ({tag_text})" if tag_text else "")


async def more_like_this(
    identifier: str,
    *,
    thread_id: str | None = None,
    settings: Settings | None = None,
    models: Mapping[str, Model] | None = None,
    emit: EventSink | None = None,
) -> ArchiveResponse:
    """A new search seeded with item `identifier`'s title and tags, through the same `run`."""
    s = settings or get_settings()
    db = get_database(s)
    seed = await db.run(item_seed, db, identifier.strip()[:40])
    if seed is None:
        raise NotFound(f"No archive item {identifier.strip()[:40]!r}.")
    data = await db.run(data_words, db)
    resp = await run(similar_message(seed, data.places), thread_id=thread_id, settings=s, models=models, emit=emit)
    # The item itself is the closest match to its own words: "more like this" shows the others.
    resp.archives = [h for h in resp.archives if h.identifier != seed["identifier"]]
    resp.nearest = [h for h in resp.nearest if h.identifier != seed["identifier"]]
    resp.total = len(resp.archives)
    if resp.response_type == "results" and not resp.archives:
        # Only the item itself passed: nothing else matches its title and tags (said, never padded).
        resp.response_type, resp.message = "message", NOT_FOUND
    return resp


def response_json(resp: ArchiveResponse) -> str:
    return resp.model_dump_json(indent=2)
