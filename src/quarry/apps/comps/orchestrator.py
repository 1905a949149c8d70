"""The comps loop (seed §3.3): target → count → planner → one adjustment → recount → fetch → rerank.

`run` is the one entry point used by the CLI, the HTTP route and the UI.
"""

from __future__ import annotations

import json
from functools import lru_cache

from pydantic_ai.messages import ModelMessage

from quarry.agent import TraceStep, load_session, new_session_id, record_run, save_session, timed
from quarry.embed import EmbeddingError, embed_query, get_embedder
from quarry.errors import BadInput, DataMissing
from quarry.llm import build_model, is_offline, start_fallback_log, user_texts
from quarry.settings import Settings, get_settings

from . import adjustments, tools
from .models import Adjustment, CompFilters, CompRow, CompsResponse, PlannerDecision, ResponseAction, Stats, Target
from .planner import PlannerPayload, decide, get_planner_agent, offline_planner
from .scoring import ScoreWeights, months_between, rerank
from .state import LoopState, describe_filters, initial_state, month_shift, to_filters
from .target import get_target_agent, offline_target_model, resolve_streets
from .vectors import vectors_ready

APP = "comps"
MAX_QUERY_CHARS = 2000
INVERSE: dict[str, str] = {
    "widen_months": "narrow_months", "narrow_months": "widen_months",
    "widen_sqm": "narrow_sqm", "narrow_sqm": "widen_sqm",
    "lower_lease": "raise_lease", "raise_lease": "lower_lease",
    "soften_street": "require_street", "require_street": "soften_street",
    "raise_budget": "cap_budget", "cap_budget": "raise_budget",
}  # fmt: skip


@lru_cache(maxsize=4)
def _streets(newest: str, rows: int) -> tuple[str, ...]:
    del newest, rows  # cache key only: a re-ingest changes them and refreshes the list
    return tuple(tools.street_names())


def _smaller_window(months: int) -> int:
    smaller = [m for m in adjustments.MONTH_STEPS if m < months]
    return max(smaller) if smaller else months


def _model_reason(model_name: str | None, errors: list[str], settings: Settings) -> str | None:
    if is_offline(model_name) and errors:
        return "provider failed, offline model answered: " + errors[-1]
    if is_offline(model_name):
        return "offline model (no API key configured)"
    return None


def _extract_target(
    query: str, history: list[ModelMessage], streets: tuple[str, ...], s: Settings, trace: list[TraceStep]
) -> tuple[Target, list[ModelMessage]]:
    log = start_fallback_log()
    with timed() as t:
        result = get_target_agent().run_sync(
            query,
            model=build_model(s, offline_target_model(streets), name="comps-target"),
            message_history=history or None,
        )
    target = resolve_streets(result.output, streets)
    model = result.response.model_name
    reasons = [r for r in (_model_reason(model, log.errors, s),) if r]
    if target.street_hint and not target.street_names and not target.near:
        # The parser found no street; pg_trgm over the data catches heavier typos.
        names = tools.similar_streets(target.street_hint, town=target.town)
        if names:
            target = target.model_copy(update={"street_names": names})
            reasons.append(f"trigram matched '{target.street_hint}' → {', '.join(names)}")
    if target.town is None and target.street_names:
        towns = tools.towns_of_streets(target.street_names)
        if len(towns) == 1:
            target = target.model_copy(update={"town": towns[0]})
            reasons.append(f"town {towns[0]} inferred from street hint '{target.street_hint}'")
    trace.append(
        TraceStep(
            step="target",
            action="plan",
            model=model,
            ms=t.ms,
            reason="; ".join(reasons) or None,
            filters=target.model_dump(exclude_defaults=True),
        )
    )
    return target, result.all_messages()


def _plan(payload: PlannerPayload, s: Settings) -> tuple[PlannerDecision, str | None, str | None]:
    """Ask the planner; an unusable answer is replaced by the policy (and the trace says so)."""
    log = start_fallback_log()
    result = get_planner_agent().run_sync(
        payload.model_dump_json(), model=build_model(s, offline_planner, name="comps-planner")
    )
    decision, model = result.output, result.response.model_name
    note = _model_reason(model, log.errors, s) if log.errors else None
    allowed = payload.available_relax if decision.action == "relax" else payload.available_tighten
    if decision.action in ("relax", "tighten") and decision.adjustment not in allowed:
        fixed = decide(payload)
        note = f"planner chose unavailable {decision.adjustment}; policy used instead"
        decision = fixed
    return decision, model, note


def run(
    query: str,
    *,
    session_id: str | None = None,
    strictness: float | None = None,
    settings: Settings | None = None,
) -> CompsResponse:
    """Answer one turn of a comps conversation."""
    s = settings or get_settings()
    query = (query or "").strip()
    if not query:
        raise BadInput("The question is empty: describe the flat, e.g. '4-room in Sengkang, ~95 sqm'.")
    if len(query) > MAX_QUERY_CHARS:
        raise BadInput(f"The question is too long ({len(query)} characters; the limit is {MAX_QUERY_CHARS}).")
    strict = s.comps_strictness if strictness is None else strictness
    if not 0 <= strict <= 1:
        raise BadInput(f"strictness must be between 0 and 1, got {strict}")
    oldest, newest = tools.data_bounds()
    if newest is None or oldest is None:
        raise DataMissing("No HDB data yet: run `quarry comps ingest` first.")
    sid = session_id or new_session_id()
    with timed() as total:
        history, _ = load_session(APP, sid)
        trace: list[TraceStep] = []
        streets = _streets(newest, tools.corpus_size())
        target, messages = _extract_target(query, history, streets, s, trace)
        lexical = " ".join(user_texts(messages)[-3:])  # the conversation so far, for BM25
        response = _loop(lexical, target, sid, strict, oldest, newest, s, trace)
        save_session(APP, sid, messages, {"last_target": target.model_dump(mode="json")})
    models = {t.model for t in trace if t.model and t.model != "sql"}
    response.run_id = record_run(
        app=APP,
        request=query,
        session_id=sid,
        action=response.action,
        model=",".join(sorted(models)),
        ms=total.ms,
        trace=response.trace,
        response=response,
    )
    return response


def _loop(
    query: str, target: Target, sid: str, strict: float, oldest: str, newest: str, s: Settings, trace: list[TraceStep]
) -> CompsResponse:
    state = initial_state(target, strict)
    held = months_between(newest, oldest) + 1
    if state.target.months_back > held:
        # Windows count back from the newest month; past the oldest month they change nothing.
        trace.append(
            TraceStep(
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
            count = tools.count_candidates(filters)
        fdict = filters.model_dump(exclude_none=True)
        trace.append(
            TraceStep(
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
            lookahead = {a: tools.count_candidates(to_filters(adjustments.apply(state, a)[0], newest)) for a in needed}
        if lookahead:
            trace.append(
                TraceStep(
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
            decision, model, note = _plan(payload, s)
        step = TraceStep(
            step="planner",
            action=decision.action,
            adjustment=decision.adjustment,
            count=count,
            model=model,
            ms=t.ms,
            reason=decision.reason + (f" ({note})" if note else ""),
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
    return _finish(query, target, state, filters, count, sid, newest, s, trace)


def _finish(
    query: str,
    target: Target,
    state: LoopState,
    filters: CompFilters,
    count: int,
    sid: str,
    newest: str,
    s: Settings,
    trace: list[TraceStep],
) -> CompsResponse:
    reasons: list[str] = []
    t_now = state.target
    if t_now.street_hint:
        reasons.append(f"street hint present ('{t_now.street_hint}')")
    elif t_now.near:
        reasons.append("near/around without an exact street")
    if t_now.flat_model_soft and t_now.flat_model:
        how = "hedged by the user" if target.flat_model_soft else "relaxed by the planner"
        reasons.append(f"flat model '{t_now.flat_model}' ranks instead of filtering ({how})")
    if count < s.comps_min_comps:
        reasons.append(f"too few comps ({count}) → ranking what exists by relevance")
    emb_query = t_now.street_hint or (t_now.flat_model if t_now.flat_model_soft else None) or query
    with timed() as t:
        if reasons and count > 0:
            rows, step = _hybrid(filters, emb_query, query, reasons, s)
        else:
            rows = tools.fetch_candidates(filters, s.comps_fetch_limit)
            step = TraceStep(
                step="fetch",
                action="execute",
                retrieval_mode="structured",
                reason="no hybrid trigger: structured fetch, newest first",
                topk=s.comps_fetch_limit,
            )
        top = rerank(
            rows,
            t_now,
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
        stats = tools.price_stats(filters) if count else Stats()
        prices = tools.all_prices(filters) if count else []
    step.ms, step.count, step.model = t.ms, len(rows), "sql"
    step.filters_text = describe_filters(filters)
    trace.append(step)
    trace.append(
        TraceStep(
            step="rerank",
            action="rerank",
            count=len(top),
            model="sql",
            reason=f"deterministic score (area/lease/storey/recency) → top {len(top)}",
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
            resale_price=int(r["resale_price"]),
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
    filters: CompFilters, emb_query: str, lexical: str, reasons: list[str], s: Settings
) -> tuple[list[dict[str, object]], TraceStep]:
    notes: list[str] = []
    vec = None
    if vectors_ready():
        try:
            vec = embed_query(get_embedder(s), emb_query)
        except EmbeddingError as exc:
            notes.append(f"embedding failed ({exc.message}); lexical only")
    else:
        notes.append("listing embeddings missing; lexical only")
    res = tools.hybrid_fetch_candidates(
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
    step = TraceStep(
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
