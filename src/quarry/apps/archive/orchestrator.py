"""One archive turn: plan (intent + ONE focused query) → up to 3 search attempts → response.

`run` is the one entry point of the CLI, the HTTP route and the UI. The plan comes from an
agent (`run_agent`: a remote model when configured, else the offline `FunctionModel`); the
attempts follow a deterministic refinement policy (`refine.next_attempt`): broaden by dropping
one constraint (and saying which), then synonyms, then a broader wording. The grader
(`relevance.grade`) judges each attempt; the first relevant one is answered, else the seed's
"couldn't find" message with the nearest items labelled as not matching.
"""

from __future__ import annotations

from pydantic_ai.models import Model

from quarry.agent import (
    DecisionStep,
    PlanStep,
    RetrievalStep,
    TraceStep,
    open_session,
    record_run,
    run_agent,
    save_session,
    timed,
)
from quarry.db import Database, get_database
from quarry.embed import Embedder, get_embedder
from quarry.errors import DataMissing
from quarry.inputs import clean_question, clean_session_id
from quarry.settings import Settings, get_settings

from .concepts import parse_message
from .ingest import item_count
from .intent import NOT_FOUND, REPLIES
from .models import ArchivePlan, ArchiveResponse, Attempt, SearchResult
from .planner import get_plan_agent, offline_plan_model
from .refine import MAX_ATTEMPTS, Step, next_attempt
from .relevance import grade
from .tools import search_archives_db

APP = "archive"
MAX_MESSAGE_CHARS = 1000
EMPTY_HINT = "say what heritage material you are looking for, e.g. 'wayang kulit videos'."
NEAREST_SHOWN = 5


async def run(
    message: str,
    *,
    thread_id: str | None = None,
    settings: Settings | None = None,
    model: Model | None = None,
) -> ArchiveResponse:
    """Answer one turn. `model` replaces the configured chain for the planner (tests inject one)."""
    s = settings or get_settings()
    db = get_database(s)
    message = clean_question(message, max_chars=MAX_MESSAGE_CHARS, empty_hint=EMPTY_HINT, what="message")
    thread_id = clean_session_id(thread_id)
    if not await db.run(item_count, db):
        raise DataMissing("No archive items yet: run `quarry archive ingest` first.")
    embedder = get_embedder(s)
    trace: list[TraceStep] = []
    with timed() as total:
        sid, history, _ = await db.run(open_session, db, APP, thread_id, ttl_hours=s.session_ttl_hours)
        with timed() as t:
            result = await run_agent(
                get_plan_agent(),
                message,
                settings=s,
                offline=offline_plan_model(db, embedder),
                name="archive-plan",
                model=model,
                message_history=history,
            )
        plan = result.output
        trace.append(
            PlanStep(
                step="plan",
                action=plan.intent,
                model=result.model,
                ms=t.ms,
                reason="; ".join(r for r in (plan.reason, result.model_note) if r) or None,
                filters=plan.model_dump(mode="json", exclude_defaults=True),
            )
        )
        if plan.intent != "HERITAGE_SEARCH":
            response = ArchiveResponse(
                response_type="message", query=message, message=REPLIES[plan.intent], intent=plan.intent, thread_id=sid
            )
        else:
            response = await _search(db, embedder, plan, message, sid, trace)
        response.trace = trace
        await db.run(save_session, db, APP, sid, result.messages, {"last_plan": plan.model_dump(mode="json")})
    response.run_id = await db.run(
        record_run,
        db,
        app=APP,
        request=message,
        session_id=sid,
        action=response.response_type if plan.intent == "HERITAGE_SEARCH" else plan.intent.lower(),
        model=result.model,
        ms=total.ms,
        trace=trace,
        response=response,
    )
    return response


async def _search(
    db: Database, embedder: Embedder, plan: ArchivePlan, message: str, sid: str, trace: list[TraceStep]
) -> ArchiveResponse:
    parsed = parse_message(f"{message} {plan.query}")
    parsed.constraints = plan.constraints
    step: Step | None = Step(query=plan.query or message, constraints=plan.constraints, strategy="initial")
    attempts: list[Attempt] = []
    results: list[SearchResult] = []
    tried: list[Step] = []
    while step is not None and len(attempts) < MAX_ATTEMPTS:
        tried.append(step)
        res = await db.run(search_archives_db, db, embedder, step.query, constraints=step.constraints)
        verdict, why = grade(res.hits, parsed)
        best = res.best_similarity
        attempts.append(
            Attempt(
                query=step.query,
                strategy=step.strategy,
                constraints=step.constraints.describe(),
                count=len(res.hits),
                best_similarity=round(best, 4) if best is not None else None,
                verdict=verdict,
                note=step.note,
            )
        )
        results.append(res)
        trace.append(
            RetrievalStep(
                step=f"attempt {len(attempts)}",
                action=step.strategy,
                count=len(res.hits),
                retrieval_mode="hybrid" if res.lexical_boost else "vector",
                reason=f"{verdict}: {why}" + (f"; {step.note}" if step.note else ""),
                model="sql",
                ms=res.ms,
                filters_text=step.constraints.describe(),
                embedding_query=step.query,
                lexical_query=step.query if res.lexical_boost else None,
                topk=len(res.hits),
            )
        )
        if verdict == "relevant":
            return ArchiveResponse(
                response_type="results",
                archives=res.hits,
                total=len(res.hits),
                query=step.query,
                intent="HERITAGE_SEARCH",
                attempts=attempts,
                thread_id=sid,
            )
        step = next_attempt(parsed, tried)
        if step is not None and len(attempts) < MAX_ATTEMPTS:
            trace.append(
                DecisionStep(
                    step="refine",
                    action=step.strategy,
                    adjustment=step.dropped,
                    model="policy",
                    reason=step.note,
                    filters_text=step.constraints.describe(),
                )
            )
    nearest = max(results, key=lambda r: r.best_similarity or 0.0)
    return ArchiveResponse(
        response_type="message",
        query=tried[-1].query,
        message=NOT_FOUND,
        intent="HERITAGE_SEARCH",
        attempts=attempts,
        nearest=nearest.hits[:NEAREST_SHOWN],
        thread_id=sid,
    )


def response_json(resp: ArchiveResponse) -> str:
    return resp.model_dump_json(indent=2)
