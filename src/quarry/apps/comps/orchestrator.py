"""The comps loop (seed §3.3): target → count → planner → one adjustment → recount → fetch → rerank.

`run` is the one entry point used by the CLI, the HTTP route and the UI. It is async: the
agents run on the caller's event loop and SQL runs in worker threads (`Database.run`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import date
from functools import lru_cache

from pydantic_ai.messages import ModelMessage
from pydantic_ai.models import Model

from quarry.agent import DecisionStep, PlanStep, RetrievalStep, SqlStep, run_agent, timed
from quarry.agent.turn import TurnContext, TurnOutcome, run_turn
from quarry.db import Database, get_database
from quarry.errors import BadInput, DataMissing
from quarry.inputs import clean_question, clean_session_id
from quarry.llm import user_texts
from quarry.settings import Settings, get_settings

from . import adjustments, tools
from .models import Adjustment, CompFilters, CompRow, CompsResponse, PlannerDecision, ResponseAction, Stats, Target
from .planner import PlannerPayload, clarify_question, decide, get_planner_agent, offline_planner
from .scoring import ScoreWeights, months_between, rerank
from .state import LoopState, describe_filters, initial_state, month_shift, to_filters
from .target import get_target_agent, offline_target_model, resolve_streets
from .vectors import vectors_ready

APP = "comps"
MAX_QUERY_CHARS = 2000
EMPTY_HINT = "describe the flat, e.g. '4-room in Sengkang, ~95 sqm'."
INVERSE: dict[str, str] = {
    "widen_months": "narrow_months", "narrow_months": "widen_months",
    "widen_sqm": "narrow_sqm", "narrow_sqm": "widen_sqm",
    "lower_lease": "raise_lease", "raise_lease": "lower_lease",
    "soften_street": "require_street", "require_street": "soften_street",
    "raise_budget": "cap_budget", "cap_budget": "raise_budget",
}  # fmt: skip


@lru_cache(maxsize=4)
def _names(db: Database, newest: str, rows: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(streets, towns) in the data; `newest` and `rows` are the cache key (a re-ingest changes them)."""
    del newest, rows
    return tuple(tools.street_names(db)), tuple(tools.town_names(db))


def _smaller_window(months: int) -> int:
    smaller = [m for m in adjustments.MONTH_STEPS if m < months]
    return max(smaller) if smaller else months


async def _extract_target(
    ctx: TurnContext,
    query: str,
    history: list[ModelMessage],
    names: tuple[tuple[str, ...], tuple[str, ...]],
    newest: str,
) -> tuple[Target, list[ModelMessage]]:
    db, s = ctx.db, ctx.settings
    streets, towns = names
    with timed() as t:
        result = await run_agent(
            get_target_agent(),
            query,
            settings=s,
            offline=offline_target_model(streets, towns, date(int(newest[:4]), int(newest[5:7]), 1)),
            name="comps-target",
            model=ctx.model("target"),
            message_history=history,
        )
    target = resolve_streets(result.output, streets)
    reasons = [r for r in (result.model_note,) if r]
    if target.street_hint and not target.street_names and not target.near:
        # The parser found no street; pg_trgm over the data catches heavier typos.
        similar = await db.run(tools.similar_streets, db, target.street_hint, town=target.town)
        if similar:
            target = target.model_copy(update={"street_names": similar})
            reasons.append(f"trigram matched '{target.street_hint}' → {', '.join(similar)}")
    if target.street_names:
        street_towns = await db.run(tools.towns_of_streets, db, target.street_names)
        if target.town is None and len(street_towns) == 1:
            target = target.model_copy(update={"town": street_towns[0]})
            reasons.append(f"town {street_towns[0]} inferred from street hint '{target.street_hint}'")
        elif target.town is not None and not target.near and street_towns and target.town not in street_towns:
            # "Tampines at Punggol Field": the street is elsewhere; ask rather than pick one.
            clash = f"{target.street_hint} (in {', '.join(street_towns)}, not {target.town})"
            target = target.model_copy(update={"unresolved": [*target.unresolved, clash]})
            reasons.append(f"street {clash}")
    ctx.trace.append(
        PlanStep(
            step="target",
            action="plan",
            model=result.model,
            ms=t.ms,
            reason="; ".join(reasons) or None,
            codes=["model_fallback", *result.fallback_codes] if result.fallback else [],
            filters=target.model_dump(exclude_defaults=True),
        )
    )
    return target, result.messages


def _planner_codes(
    payload: PlannerPayload, decision: PlannerDecision, model: str | None, note: str | None
) -> list[str]:
    """Why the planner step decided as it did, as stable keys."""
    codes = []
    if model == "policy" and _no_choice(payload):
        codes.append("planner_skipped")
    elif note and "unavailable" in note:
        codes.append("planner_overruled")
    if decision.action == "clarify":
        t = payload.target
        codes += [f"missing_{k}" for k in ("town", "flat_type") if not t.get(k)]
        codes += ["unresolved_place"] * bool(t.get("unresolved")) + ["out_of_scope"] * bool(t.get("out_of_scope"))
    return codes


def _no_choice(payload: PlannerPayload) -> bool:
    """True when the only sound answer is 'accept': nothing to clarify, and the count is in
    range or no step of the needed kind is left. The planner is then not asked, which saves a
    model call per turn (a remote round trip, or ~4 ms of agent machinery offline)."""
    if clarify_question(payload.target):
        return False
    if payload.count < payload.min_comps:
        return not (payload.relax_steps_left > 0 and payload.available_relax)
    if payload.count > payload.max_comps:
        return not (payload.tighten_steps_left > 0 and payload.available_tighten)
    return True


async def _plan(ctx: TurnContext, payload: PlannerPayload) -> tuple[PlannerDecision, str | None, str | None]:
    """Ask the planner; an unusable answer is replaced by the policy (and the trace says so)."""
    if _no_choice(payload):
        return decide(payload), "policy", "no choice left: accepted without asking the planner"
    result = await run_agent(
        get_planner_agent(),
        payload.model_dump_json(),
        settings=ctx.settings,
        offline=offline_planner,
        name="comps-planner",
        model=ctx.model("planner"),
    )
    decision, model = result.output, result.model
    note = result.model_note if result.fallback else None
    allowed = payload.available_relax if decision.action == "relax" else payload.available_tighten
    if decision.action in ("relax", "tighten") and decision.adjustment not in allowed:
        fixed = decide(payload)
        note = f"planner chose unavailable {decision.adjustment}; policy used instead"
        decision = fixed
    return decision, model, note


async def run(
    query: str,
    *,
    session_id: str | None = None,
    strictness: float | None = None,
    settings: Settings | None = None,
    models: Mapping[str, Model] | None = None,
) -> CompsResponse:
    """Answer one turn of a comps conversation.

    `models` replaces the configured chain of an agent by name ("target", "planner"); tests drive
    the loop with inline `FunctionModel`s this way.
    """
    s = settings or get_settings()
    db = get_database(s)
    query = clean_question(query, max_chars=MAX_QUERY_CHARS, empty_hint=EMPTY_HINT)
    session_id = clean_session_id(session_id)
    strict = s.comps_strictness if strictness is None else strictness
    if not 0 <= strict <= 1:
        raise BadInput(f"strictness must be between 0 and 1, got {strict}")
    oldest, newest, docs = await db.run(tools.data_snapshot, db)
    if newest is None or oldest is None:
        raise DataMissing("No HDB data yet: run `quarry comps ingest` first.")
    names = _names(db, newest, docs)

    async def body(ctx: TurnContext) -> TurnOutcome[CompsResponse]:
        target, messages = await _extract_target(ctx, query, ctx.history, names, newest)
        lexical = " ".join(user_texts(messages)[-3:])  # the conversation so far, for BM25
        response = await _loop(ctx, lexical, target, ctx.session_id, strict, oldest, newest)
        used = tuple(t.model for t in ctx.trace if t.model and t.model not in ("sql", "policy"))
        return TurnOutcome(
            response, messages, {"last_target": target.model_dump(mode="json")}, response.action, query, used
        )

    done = await run_turn(APP, body, db=db, settings=s, session_id=session_id, models=models)
    done.response.run_id = done.run_id
    return done.response


async def _loop(
    ctx: TurnContext, query: str, target: Target, sid: str, strict: float, oldest: str, newest: str
) -> CompsResponse:
    db, s, trace = ctx.db, ctx.settings, ctx.trace
    if target.unresolved or target.out_of_scope:
        # Something named that the data cannot resolve: ask before any query, so nothing broader
        # than what was asked is ever counted or shown.
        question = clarify_question(target.model_dump())
        trace.append(DecisionStep(step="clarify", action="clarify", model="policy", reason=question))
        return CompsResponse(action="clarify", question=question, session_id=sid, target=target, trace=trace)
    state = initial_state(target, strict)
    held = months_between(newest, oldest) + 1
    if state.target.months_back > held:
        # Windows count back from the newest month; past the oldest month they change nothing.
        trace.append(
            DecisionStep(
                step="window",
                action="plan",
                model="sql",
                reason=f"data holds {held} months ({oldest}..{newest}); window "
                f"{state.target.months_back} → {held} months",
            )
        )
        state = state.with_target(months_back=held)
    relax_left, tighten_left = s.comps_max_relax_steps, s.comps_max_tighten_steps
    applied: list[str] = []
    while True:
        filters = to_filters(state, newest)
        with timed() as t:
            count = await db.run(tools.count_candidates, db, filters)
        fdict = filters.model_dump(exclude_none=True)
        trace.append(
            SqlStep(
                step="count",
                action="execute",
                count=count,
                retrieval_mode="structured",
                model="sql",
                ms=t.ms,
                filters=fdict,
                filters_text=describe_filters(filters),
            )
        )
        blocked = {INVERSE[a] for a in applied if a in INVERSE}
        can_grow = (filters.month_from or "") > oldest
        can_shrink = month_shift(newest, -(_smaller_window(state.target.months_back) - 1)) > oldest
        relax_opts = [
            a
            for a in adjustments.available(state, relax=True, strictness=strict, window_can_grow=can_grow)
            if a not in blocked
        ]
        tighten_opts = [
            a
            for a in adjustments.available(state, relax=False, strictness=strict, window_can_grow=can_grow)
            if a not in blocked and (a != "narrow_months" or can_shrink)
        ]
        needed = relax_opts if count < s.comps_min_comps else tighten_opts if count > s.comps_max_comps else []
        with timed() as t:
            counts = await db.run(
                tools.count_many, db, [to_filters(adjustments.apply(state, a)[0], newest) for a in needed]
            )
        lookahead = dict(zip(needed, counts, strict=True))
        if lookahead:
            trace.append(
                SqlStep(
                    step="observe",
                    action="execute",
                    retrieval_mode="structured",
                    model="sql",
                    ms=t.ms,
                    reason="look-ahead counts: " + ", ".join(f"{k} → {v}" for k, v in lookahead.items()),
                )
            )
        payload = PlannerPayload(
            query=query,
            target=state.target.model_dump(mode="json", exclude_defaults=True),
            filters=fdict,
            count=count,
            min_comps=s.comps_min_comps,
            max_comps=s.comps_max_comps,
            relax_steps_left=relax_left,
            tighten_steps_left=tighten_left,
            available_relax=relax_opts,
            available_tighten=tighten_opts,
            history=applied,
            lookahead=lookahead,
        )
        with timed() as t:
            decision, model, note = await _plan(ctx, payload)
        step = DecisionStep(
            step="planner",
            action=decision.action,
            adjustment=decision.adjustment,
            count=count,
            model=model,
            ms=t.ms,
            reason=decision.reason + (f" ({note})" if note else ""),
            codes=_planner_codes(payload, decision, model, note),
            filters_text=describe_filters(filters),
        )
        trace.append(step)
        if decision.action == "clarify":
            return CompsResponse(
                action="clarify",
                question=decision.question or "Which town and flat type?",
                session_id=sid,
                target=target,
                count=count,
                trace=trace,
                filters=filters,
                months_back=state.target.months_back,
            )
        if decision.action == "accept" or decision.adjustment is None:
            break
        adj: Adjustment = decision.adjustment
        state, said = adjustments.apply(state, adj)
        step.reason = f"{step.reason}; {said}"
        applied.append(adj)
        if decision.action == "relax":
            relax_left -= 1
        else:
            tighten_left -= 1
    return await _finish(ctx, query, target, state, filters, count, sid, newest)


def _hybrid_codes(now: Target, target: Target, count: int, min_comps: int) -> list[str]:
    """The hybrid triggers of `_hybrid_reasons`, as stable keys."""
    codes = ["street_hint"] if now.street_hint else ["near"] if now.near else []
    if now.flat_model_soft and now.flat_model:
        codes.append("soft_flat_model")
    if count < min_comps:
        codes.append("too_few_comps")
    return codes


def _hybrid_reasons(target: Target, now: Target, count: int, min_comps: int) -> list[str]:
    """Why hybrid retrieval is used (seed §3.4 triggers); empty = structured fetch."""
    reasons: list[str] = []
    if now.street_hint:
        reasons.append(f"street hint present ('{now.street_hint}')")
    elif now.near:
        reasons.append("near/around without an exact street")
    if now.flat_model_soft and now.flat_model:
        how = "hedged by the user" if target.flat_model_soft else "relaxed by the planner"
        reasons.append(f"flat model '{now.flat_model}' ranks instead of filtering ({how})")
    if count < min_comps:
        reasons.append(f"too few comps ({count}) → ranking what exists by relevance")
    return reasons


_STOREY = ("storey_preference", "storey_min", "storey_max")


def _wishes_kept_for_ranking(asked: Target, now: Target) -> tuple[Target, list[str]]:
    """The target comps are ranked by: `now`, with the storey and lease minimum the user asked for
    where relaxing loosened them as filters (too few high-floor sales is no reason to list low
    floors first); and which wishes that restored. A minimum the planner raised to narrow stays."""
    update: dict[str, object] = {}
    kept = []
    if all(getattr(now, f) is None for f in _STOREY) and any(getattr(asked, f) is not None for f in _STOREY):
        update |= {f: getattr(asked, f) for f in _STOREY}
        kept.append("storey")
    wanted, left = asked.min_remaining_lease_years, now.min_remaining_lease_years
    if wanted is not None and (left is None or left < wanted):
        update["min_remaining_lease_years"] = wanted
        kept.append("lease")
    return (now.model_copy(update=update) if update else now), kept


async def _finish(
    ctx: TurnContext,
    query: str,
    target: Target,
    state: LoopState,
    filters: CompFilters,
    count: int,
    sid: str,
    newest: str,
) -> CompsResponse:
    db, s, trace = ctx.db, ctx.settings, ctx.trace
    t_now = state.target
    ranked_by, kept = _wishes_kept_for_ranking(target, t_now)
    reasons = _hybrid_reasons(target, t_now, count, s.comps_min_comps)
    emb_query = t_now.street_hint or (t_now.flat_model if t_now.flat_model_soft else None) or query
    with timed() as t:
        if reasons and count > 0:
            rows, step = await db.run(_hybrid, db, filters, emb_query, query, reasons, s)
            step.codes = _hybrid_codes(t_now, target, count, s.comps_min_comps)
        else:
            rows = await db.run(tools.fetch_candidates, db, filters, s.comps_fetch_limit)
            step = RetrievalStep(
                step="fetch",
                action="execute",
                retrieval_mode="structured",
                reason="no hybrid trigger: structured fetch, newest first",
                topk=s.comps_fetch_limit,
            )
        top = rerank(
            rows,
            ranked_by,
            newest_month=newest,
            tolerance=state.area_tolerance,
            weights=ScoreWeights(
                area=s.score_weight_area,
                lease=s.score_weight_lease,
                storey=s.score_weight_storey,
                recency=s.score_weight_recency,
            ),
            top_k=s.comps_top_k,
        )
        if count:
            stats, prices = await db.run(tools.stats_and_prices, db, filters)
        else:
            stats, prices = Stats(), []
    step.ms, step.count, step.model = t.ms, len(rows), "sql"
    step.filters_text = describe_filters(filters)
    trace.append(step)
    trace.append(
        RetrievalStep(
            step="rerank",
            action="rerank",
            count=len(top),
            model="sql",
            reason=f"deterministic score (area/lease/storey/recency) → top {len(top)}"
            + (f"; the {' and '.join(kept)} wish relaxed as a filter still ranks" if kept else ""),
            codes=[f"relaxed_{k}_ranks" for k in kept],
        )
    )
    action: ResponseAction = "accept"
    note = question = None
    if count < s.comps_min_comps:
        action = "sparse"
        note = (
            f"Only {count} comps match even after relaxing. Broaden the search: a nearby town, "
            "a wider size band, any floor or a lower lease minimum."
        )
    elif count > s.comps_max_comps:
        action = "too_broad"
        question = (
            f"{count} comps still match. Add a constraint to narrow it: a street, a size (sqm), "
            "a floor level, a lease minimum or a budget."
        )
    results = [
        CompRow(
            month=r["month"],
            town=r["town"],
            flat_type=r["flat_type"],
            block=r["block"],
            street_name=r["street_name"],
            storey_range=r["storey_range"],
            floor_area_sqm=float(r["floor_area_sqm"]),
            flat_model=r["flat_model"],
            remaining_lease=r["remaining_lease"],
            resale_price=float(r["resale_price"]),
            score=float(r["score"]),
        )
        for r in top
    ]
    return CompsResponse(
        action=action,
        question=question,
        note=note,
        session_id=sid,
        target=target,
        count=count,
        stats=stats,
        results=results,
        trace=trace,
        filters=filters,
        months_back=state.target.months_back,
        prices=prices,
    )


def _hybrid(
    db: Database, filters: CompFilters, emb_query: str, lexical: str, reasons: list[str], s: Settings
) -> tuple[list[dict[str, object]], RetrievalStep]:
    # Imported here: only the hybrid path embeds, and numpy + the embedder cost ~90 ms of every CLI call.
    from quarry.embed import EmbeddingError, embed_query, get_embedder

    notes: list[str] = []
    vec = None
    if vectors_ready(db):
        try:
            vec = embed_query(db, get_embedder(s), emb_query)
        except EmbeddingError as exc:
            notes.append(f"embedding failed ({exc.message}); lexical only")
    else:
        notes.append("listing embeddings missing; lexical only")
    res = tools.hybrid_fetch_candidates(
        db,
        filters,
        query_vec=vec,
        lexical_query=lexical,
        limit=s.comps_fetch_limit,
        weights={"vector": s.rrf_weight_vector, "bm25": s.rrf_weight_bm25},
        rrf_k=s.rrf_k,
    )
    parts = [p for p, used in (("vector", res.used_vector), ("BM25", res.used_bm25)) if used]
    mode = "hybrid" if parts else "structured"
    fusion = f", RRF vector {s.rrf_weight_vector} / BM25 {s.rrf_weight_bm25}" if len(parts) == 2 else ""
    summary = (
        f"Hybrid retrieval: {' + '.join(parts)} rank within filtered pool (k={s.comps_fetch_limit}{fusion})"
        if parts
        else "structured fetch (hybrid unavailable)"
    )
    reason = f"{summary}; why: {'; '.join(reasons)}" + (
        f"; {'; '.join(notes + res.notes)}" if notes or res.notes else ""
    )
    step = RetrievalStep(
        step="fetch",
        action="execute",
        retrieval_mode=mode,
        reason=reason,
        embedding_query=emb_query if res.used_vector else None,
        lexical_query=lexical if res.used_bm25 else None,
        topk=s.comps_fetch_limit,
    )
    return list(res.rows), step


def response_json(resp: CompsResponse) -> str:
    """The CLI contract: the response model as one JSON object (prices left out)."""
    return json.dumps(resp.model_dump(mode="json", exclude={"prices"}), ensure_ascii=False)
