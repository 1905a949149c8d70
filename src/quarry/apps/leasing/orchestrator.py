"""One leasing turn: ManagerAgent route → the pipeline of that route → `LeasingResponse`.

`run` is the one entry point of the CLI, the HTTP route and the UI. VIA: NeedsAgent (SearchSpec,
one clarifying question when underconstrained, answered next turn from session state in
Postgres) → MatchRank (SQL) → TourClose (ActionPlan; 'book tour N' holds a slot, 'release hold N'
frees it). DOMA routes go to their agents. The message is redacted (emails, phones, tenant names)
before any agent, trace or audit row sees it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from pydantic_ai.models import Model

from quarry.agent import DecisionStep, PlanStep, RetrievalStep, TraceStep, run_agent, timed
from quarry.agent.turn import TurnContext, TurnOutcome, run_turn
from quarry.auth.scope import signed_scope
from quarry.caller import current_principal
from quarry.db import Database, get_database, restricted_to
from quarry.embed import get_embedder
from quarry.errors import BadInput, NotFound, QuarryError
from quarry.inputs import clean_question, clean_session_id
from quarry.progress import SilentReporter
from quarry.settings import Settings, get_settings

from .agents import coerce_spec, manager_agent, needs_agent, offline_manager, offline_needs
from .doma_agents import (
    RenewalDraft,
    lease_agent,
    lease_prompt,
    offline_lease,
    offline_renewal,
    offline_tour,
    offline_triage,
    renewal_agent,
    renewal_prompt,
    tour_agent,
    tour_intent,
    triage_agent,
    verified_answer,
)
from .hazards import find_hazards
from .leaseqa import answer_question
from .match import Weights, match_rank
from .models import (
    ActionPlan,
    LeasingResponse,
    Matches,
    MatchItem,
    Route,
    RouteDecision,
    SearchSpec,
    TourAction,
    TriageResult,
)
from .narrative import narrate
from .needs import clarifying_question, merge, parse_needs, status_of
from .redact import redact
from .renewal import policy, rechecked, renewal_package
from .renewal_terms import asked_term
from .replies import is_confirmation
from .setup import prepare
from .tenant_asks import Settled, asks_anything, settle, unknown_tenant
from .tickets import PENDING_TICKET, dispatch_ticket
from .tour import book, confirm, plan_tours, release, session_holds
from .triage import TicketDecision, hazard_of, sent_message, triage
from .when import Clock, names_a_time, now_ny

HELD = "held"
"""State key: the hold this conversation made last, which 'confirm' books."""
APP = "leasing"
MAX_MESSAGE_CHARS = 2000
EMPTY_HINT = "say what space you need, or ask about your lease, a repair or a renewal."
SCOPE = (
    "I can search office and retail space (size, area, budget), hold and book tours, and answer tenants about "
    "their lease, repairs and renewals. What are you looking for?"
)
TENANT_ID = re.compile(r"^T-\d{1,6}$")


def _names(db: Database) -> tuple[str, ...]:
    rows = db.fetch_all("SELECT contact_name, company FROM leasing_tenants")
    return tuple(n for r in rows for n in (r["contact_name"], r["company"]) if n)


async def run(
    text: str,
    *,
    session_id: str | None = None,
    tenant_id: str | None = None,
    settings: Settings | None = None,
    models: Mapping[str, Model] | None = None,
    clock: Clock = now_ny,
    tenant_refusal: QuarryError | None = None,
) -> LeasingResponse:
    """Answer one turn. `models` replaces the configured chain of an agent by name ("manager",
    "needs", "tour", "lease", "triage", "renewal"); tests inject FunctionModels. `clock` gives "now"
    for tour times and hold expiry. `tenant_refusal` is raised when the turn routes to a tenant's
    lease, ticket or renewal and the caller may not act for a tenant (the HTTP door sets it)."""
    s = settings or get_settings()
    db = get_database(s)
    text = clean_question(text, max_chars=MAX_MESSAGE_CHARS, empty_hint=EMPTY_HINT, what="message")
    session_id = clean_session_id(session_id)
    if tenant_id is not None and not TENANT_ID.match(tenant_id):
        raise BadInput("tenant_id must look like T-001.")
    await db.run(prepare, db, s, SilentReporter())  # the first ask loads the bundled data
    if tenant_id is not None and not await db.run(
        db.scalar, "SELECT EXISTS (SELECT 1 FROM leasing_tenants WHERE tenant_id = :t)", {"t": tenant_id}
    ):
        raise NotFound(f"No tenant {tenant_id}.")
    safe = redact(text, names=await db.run(_names, db))
    now = clock()
    hazards = find_hazards(text)

    async def body(turn: TurnContext) -> TurnOutcome[LeasingResponse]:
        state = dict(turn.state)
        ctx = _Turn(db=db, settings=s, sid=turn.session_id, state=state, trace=turn.trace, now=now, tenant_id=tenant_id)
        ctx.tenant_refusal = tenant_refusal
        ctx.models = dict(turn.models)
        pending = state.get(PENDING_TICKET)
        if pending is not None and not hazards and is_confirmation(safe):
            response = await ctx.dispatch(pending, safe)
            messages = turn.history
            model = "policy"
        elif not hazards and ("plan" in state or HELD in state) and tour_intent(safe).action != "propose":
            # "the second one", "cancel that", "yes": a reply to the tours just proposed or held,
            # whatever else those words could mean elsewhere ("cancel" is also a renewal word).
            state.pop(PENDING_TICKET, None)
            why = "a reply to the tours proposed or held in this conversation"
            replied = RouteDecision(route="VIA/tour", why=why, decided_by="session")
            reply = PlanStep(step="route", action="VIA/tour", model="policy", reason=why, codes=["tour_reply"])
            turn.trace.append(reply)
            response = await ctx.tour(safe, replied, turn.model("needs"))
            messages, model = turn.history, "policy"
        else:
            state.pop(PENDING_TICKET, None)  # a ticket is confirmed by the next message or not at all
            with timed() as t:
                routed = await run_agent(
                    manager_agent(),
                    safe,
                    settings=s,
                    offline=offline_manager(
                        db, get_embedder(s), state.get("awaiting"), touring="plan" in state or HELD in state
                    ),
                    name="leasing-manager",
                    model=turn.model("manager"),
                )
            decision: RouteDecision = routed.output
            turn.trace.append(
                PlanStep(
                    step="route",
                    action=decision.route,
                    model=routed.model,
                    ms=t.ms,
                    reason="; ".join(x for x in (decision.why, routed.model_note) if x),
                    codes=list(routed.fallback_codes),
                    filters={"scores": decision.scores, "decided_by": decision.decided_by},
                )
            )
            # A known tenant's question about their lease is answered from it, wherever the router
            # sent it; a second intent in a clause of its own is answered beside it.
            settled = settle(safe, decision.route) if tenant_id is not None else unknown_tenant(safe, decision.route)
            if hazards and decision.route != "DOMA/triage":
                # Life safety runs on every message, whatever the router or a model said.
                why = f"life safety: {', '.join(h.name for h in hazards)} reported; triage first"
                turn.trace.append(DecisionStep(step="route", action="DOMA/triage", model="policy", reason=why))
                decision = decision.model_copy(update={"route": "DOMA/triage", "why": why})
            if hazards:
                asked = settled.asked if settled is not None else None
                settled = Settled("DOMA/triage", "life safety first", "DOMA/lease", asked) if asked else None
            elif settled is not None:
                codes = ["lease_question"] if settled.route == "DOMA/lease" else []
                turn.trace.append(
                    DecisionStep(step="route", action=settled.route, model="policy", reason=settled.why,
                                 codes=[*codes, *(["two_intents"] if settled.also else [])])
                )  # fmt: skip
                decision = decision.model_copy(
                    update={"route": settled.route, "why": settled.why, "decided_by": "policy"}
                )
            unheard = (
                not hazards
                # A question about their own lease, a report, a renewal: heard, whatever the router saw.
                and settled is None
                and not decision.scores
                and decision.decided_by in ("classifier", "default")
                and not turn.history  # a conversation's opener: a follow-up ("push it to the next day") is not
                # A tenant's message that asks or reports anything, or the classifier reads as a report (the safe
                # side), is answered (read last: the clause grammar is the dearest test).
                and (tenant_id is None or (decision.route != "DOMA/triage" and not asks_anything(safe)))
            )
            if unheard:
                # Nothing in the message points at anything this assistant does ("who won the game last
                # night?"): said back, never guessed into a search, a ticket or an offer.
                why = "no keyword or cue of any route: asked what is wanted instead of guessing"
                turn.trace.append(DecisionStep(step="route", action="ask", model="policy", reason=why,
                                               codes=["out_of_scope"]))  # fmt: skip
                response = LeasingResponse(
                    route="VIA/needs", why=why, session_id=turn.session_id, question=SCOPE, asks_for=["search"]
                )
            elif decision.route == "VIA/needs":
                response = await ctx.needs(safe, decision, turn.model("needs"))
            elif decision.route == "VIA/tour":
                response = await ctx.tour(safe, decision, turn.model("needs"))
            else:
                response = await ctx.doma(safe, decision)
            if settled is not None and settled.also is not None and settled.also_text:
                response = await ctx.beside(response, settled.also, settled.also_text)
            messages, model = routed.messages, routed.model or ""
        response.trace = turn.trace
        response.narrative = narrate(response)
        return TurnOutcome(response, messages, ctx.state, response.route, safe, (model,))

    done = await run_turn(APP, body, db=db, settings=s, session_id=session_id, models=models)
    done.response.session_id = done.session_id
    done.response.extra["total_ms"] = done.ms
    done.response.run_id = done.run_id
    return done.response


TENANT_READER = "quarry_tenant_reader"
"""The role tenant turns read as (migration 007): no BYPASSRLS, so row-level security applies."""


def _said(when: str | datetime) -> str:
    return when if isinstance(when, str) else f"from {when.isoformat()}"


class _Turn:
    """The per-turn context the pipelines share."""

    def __init__(
        self,
        *,
        db: Database,
        settings: Settings,
        sid: str,
        state: dict[str, Any],
        trace: list[TraceStep],
        now: datetime,
        tenant_id: str | None,
    ) -> None:
        self.db, self.s, self.sid, self.state, self.trace, self.now = db, settings, sid, state, trace, now
        self.tenant_id = tenant_id
        self.tenant_refusal: QuarryError | None = None
        self.models: dict[str, Model] = {}

    def _response(self, decision: RouteDecision, **parts: Any) -> LeasingResponse:
        return LeasingResponse(route=decision.route, why=decision.why, session_id=self.sid, **parts)

    async def needs(self, text: str, decision: RouteDecision, needs_model: Model | None) -> LeasingResponse:
        with timed() as t:
            result = await run_agent(
                needs_agent(), text, settings=self.s, offline=offline_needs, name="leasing-needs", model=needs_model
            )
        spec, note = coerce_spec(result.output)
        answered = self.state.get("awaiting") == "VIA/needs" and "spec" in self.state
        if answered:
            prev = SearchSpec.model_validate(self.state["spec"])
            spec = merge(prev, spec)
            if spec.budget_monthly_usd is None:
                # A $/SF quote made before the size was known: read both turns together.
                spec.budget_monthly_usd = parse_needs(f"{self.state.get('spec_text', '')}; {text}").budget_monthly_usd
                spec.spec_status = status_of(spec)
        self.trace.append(
            PlanStep(
                step="needs",
                action=spec.spec_status,
                model=result.model,
                ms=t.ms,
                reason="; ".join(
                    x
                    for x in (note, "merged with the previous turn's spec" if answered else None, result.model_note)
                    if x
                )
                or None,
                codes=(["merged_previous_spec"] if answered else []) + list(result.fallback_codes),
                filters=spec.model_dump(mode="json", exclude_defaults=True),
            )
        )
        self.state.pop("awaiting", None)
        if spec.spec_status == "underconstrained" and (not answered or spec.unresolved_places):
            question = clarifying_question(spec)
            self.state.update(awaiting="VIA/needs", spec=spec.model_dump(mode="json"), spec_text=text)
            self.trace.append(DecisionStep(step="clarify", action="ask", model="policy", reason=question))
            return self._response(decision, spec=spec, question=question)
        matches = await self._match(spec)
        plan = await self._plan(matches.items, spec.timeline or "next 2 weeks")
        self.state.update(
            spec=spec.model_dump(mode="json"),
            plan=plan.model_dump(mode="json"),
            matches=[i.model_dump(mode="json") for i in matches.items],
        )
        return self._response(decision, spec=spec, matches=matches, action_plan=plan)

    async def _match(self, spec: SearchSpec) -> Matches:
        with timed() as t:
            matches = await self.db.run(
                match_rank, self.db, spec, Weights.from_settings(self.s), top_n=self.s.leasing_top_n
            )
        self.trace.append(
            RetrievalStep(
                step="match",
                action="rank" if matches.perfect else "closest",
                count=matches.exact,
                retrieval_mode="structured",
                model="sql",
                ms=t.ms,
                filters_text=matches.filters_text,
                reason=f"{matches.exact} units pass every hard filter; §C score ranks them"
                if matches.perfect
                else "no unit passes every hard filter: closest by price/size",
                topk=len(matches.items),
            )
        )
        if matches.relaxations:
            self.trace.append(
                DecisionStep(
                    step="relax",
                    action="suggest",
                    model="policy",
                    reason="; ".join(f"{r.change} → {r.count} units" for r in matches.relaxations),
                )
            )
        return matches

    async def _plan(self, items: list[MatchItem], when_text: str | datetime) -> ActionPlan:
        if not items:
            return ActionPlan(confirmation_prompt="No units to tour yet: tell me what to change in the search?")
        with timed() as t:
            plan, notes = await self.db.run(
                plan_tours, self.db, items, when_text, now=self.now, minutes=self.s.leasing_tour_minutes
            )
        self.trace.append(
            DecisionStep(
                step="tour-plan",
                action="propose",
                count=len(plan.actions),
                model="policy",
                ms=t.ms,
                reason=f"time {_said(when_text)!r} in America/New_York" + (f"; {'; '.join(notes)}" if notes else ""),
            )
        )
        return plan

    async def tour(self, text: str, decision: RouteDecision, needs_model: Model | None) -> LeasingResponse:
        plan = ActionPlan.model_validate(self.state["plan"]) if "plan" in self.state else None
        with timed() as t:
            ran = await run_agent(
                tour_agent(),
                text,
                settings=self.s,
                offline=offline_tour,
                name="leasing-tour",
                model=self.models.get("tour"),
            )
        intent = ran.output
        self.trace.append(
            DecisionStep(
                step="tour-intent",
                action=intent.action,
                model=ran.model,
                ms=t.ms,
                reason="; ".join(x for x in (f"number {intent.number}" if intent.number else None, ran.model_note) if x)
                or None,
                codes=list(ran.fallback_codes),
            )
        )
        if intent.action == "release":
            return await self._release(decision, str(intent.number) if intent.number else None)
        if intent.action == "confirm" and HELD in self.state:
            return await self._confirm(decision, int(self.state[HELD]))
        booked = intent.action in {"book", "confirm"}
        if booked and plan is not None and plan.actions:
            n = intent.number or 1
            if intent.when and 1 <= n <= len(plan.actions) and names_a_time(intent.when):
                plan = await self._retime(plan, n, intent.when)  # "the second one on Saturday at 11"
            return await self._book(decision, plan, n)
        if booked and not parse_needs(text).constrained_fields():
            # "book tour 1" with nothing proposed in this session: say so instead of searching for it.
            self.trace.append(DecisionStep(step="hold", action="nothing-proposed", model="policy"))
            return self._response(
                decision,
                question="No tours are proposed in this session yet: what space do you need?",
                asks_for=["search"],
            )
        if "spec" not in self.state:
            # A tour asked for before any search: the message itself is the search.
            return await self.needs(text, decision, needs_model)
        spec = SearchSpec.model_validate(self.state["spec"])
        items = [MatchItem.model_validate(i) for i in self.state.get("matches", [])]
        if not items:
            items = (await self._match(spec)).items
        plan = await self._plan(items, intent.when or text)
        self.state.update(plan=plan.model_dump(mode="json"), matches=[i.model_dump(mode="json") for i in items])
        return self._response(decision, spec=spec, action_plan=plan)

    async def _book(self, decision: RouteDecision, plan: ActionPlan, n: int) -> LeasingResponse:
        if not 1 <= n <= len(plan.actions):
            # Said back in the conversation (the plan stays): a reply, not an error page.
            only = "tour 1" if len(plan.actions) == 1 else f"a tour from 1 to {len(plan.actions)}"
            ask = f"There is no tour {n} in the times I proposed: book {only}, or ask for other times."
            self.trace.append(
                DecisionStep(step="hold", action="ask", model="policy", reason=ask, codes=["no_such_tour"])
            )
            return self._response(decision, question=ask, asks_for=["tour"], action_plan=plan)
        action: TourAction = plan.actions[n - 1]
        with timed() as t:
            hold_id = await self.db.run(
                book, self.db, action, session_id=self.sid, now=self.now, ttl_hours=self.s.leasing_hold_ttl_hours
            )
        if hold_id is None:
            self.trace.append(
                DecisionStep(
                    step="hold", action="conflict", model="sql", ms=t.ms, reason="slot overlaps an active hold"
                )
            )
            items = [MatchItem.model_validate(i) for i in self.state.get("matches", [])]
            target = [i for i in items if i.id == action.unit_id]
            # The next free half hour after the slot just lost, on the same unit.
            new_plan = await self._plan(target, datetime.fromisoformat(action.start)) if target else plan
            new_plan.confirmation_prompt = "That slot was just taken. " + new_plan.confirmation_prompt
            self.state["plan"] = new_plan.model_dump(mode="json")
            return self._response(decision, action_plan=new_plan, holds=await self._holds())
        action.hold_id = hold_id
        self.state[HELD] = hold_id
        self.trace.append(
            DecisionStep(
                step="hold", action="book", count=1, model="sql", ms=t.ms, reason=f"hold {hold_id} on {action.unit_id}"
            )
        )
        done = ActionPlan(
            actions=[action],
            confirmation_prompt=f"Held. Reply 'confirm' to book it, or 'release hold {hold_id}' to free the slot.",
        )
        return self._response(decision, action_plan=done, holds=await self._holds())

    async def _retime(self, plan: ActionPlan, n: int, when: str) -> ActionPlan:
        """The plan with tour `n` moved to the time asked (the next free slot from it on that unit)."""
        items = [MatchItem.model_validate(i) for i in self.state.get("matches", [])]
        target = [i for i in items if i.id == plan.actions[n - 1].unit_id]
        moved = await self._plan(target, when) if target else None
        if moved is None or not moved.actions:
            return plan
        actions = list(plan.actions)
        actions[n - 1] = moved.actions[0]
        return plan.model_copy(update={"actions": actions})

    async def _confirm(self, decision: RouteDecision, hold_id: int) -> LeasingResponse:
        """The held tour becomes a booking; a hold that lapsed or was released is said to be gone."""
        with timed() as t:
            ok = await self.db.run(confirm, self.db, hold_id, session_id=self.sid, now=self.now)
        self.state.pop(HELD, None)
        self.trace.append(
            DecisionStep(
                step="hold",
                action="confirm" if ok else "confirm-failed",
                count=1 if ok else 0,
                model="sql",
                ms=t.ms,
                reason=f"hold {hold_id}",
                codes=[] if ok else ["hold_not_active"],
            )
        )
        if not ok:
            raise NotFound(f"Hold {hold_id} is no longer active (it expired or was released): ask for new times.")
        done = ActionPlan(confirmation_prompt=f"Booked: hold {hold_id} is now a confirmed tour.")
        return self._response(decision, action_plan=done, holds=await self._holds())

    async def _release(self, decision: RouteDecision, which: str | None) -> LeasingResponse:
        holds = await self._holds()
        active = [h for h in holds if h.status in {"active", "booked"}]  # a booking can be called off too
        targets = [int(which)] if which else [h.hold_id for h in active[:1]]
        if not targets:
            ask = "There is no tour held in this conversation, so nothing was released."
            self.trace.append(DecisionStep(step="hold", action="release", count=0, model="policy", reason=ask,
                                           codes=["nothing_held"]))  # fmt: skip
            return self._response(decision, question=ask, asks_for=["tour"], holds=holds)
        ok = await self.db.run(release, self.db, targets[0], session_id=self.sid)
        if ok and self.state.get(HELD) == targets[0]:
            self.state.pop(HELD, None)
        if not ok:
            raise NotFound(f"No active hold {targets[0]} in this session.")
        self.trace.append(
            DecisionStep(step="hold", action="release", count=1, model="sql", reason=f"hold {targets[0]}")
        )
        return self._response(decision, holds=await self._holds())

    async def _holds(self) -> list[Any]:
        return await self.db.run(session_holds, self.db, self.sid, now=self.now)

    async def doma(self, text: str, decision: RouteDecision) -> LeasingResponse:
        if self.tenant_refusal is not None:
            # A tenant's lease, tickets and renewal are theirs: nothing of them is read or written.
            raise self.tenant_refusal
        if decision.route == "DOMA/triage":
            return await self._triage(text, decision)
        # What a lease question or a renewal reads of tenancies and leases, the database scopes to
        # the caller (row-level security, migration 007): a tenant key reads its own rows only.
        with restricted_to(TENANT_READER, await self.db.run(signed_scope, self.db, current_principal())):
            if decision.route == "DOMA/lease":
                return await self._lease(text, decision)
            return await self._renewal(text, decision)

    async def beside(self, response: LeasingResponse, route: Route, text: str) -> LeasingResponse:
        """The second intent of a message, answered beside the first: the lease answer to the clause
        that asks it, or the ticket proposed for the clause that reports something wrong."""
        if self.tenant_refusal is not None:
            why = "the second intent needs a tenant's own records; this caller may not read them"
            step = DecisionStep(step="route", action=route, model="policy", reason=why, codes=["not_allowed"])
            self.trace.append(step)
            return response
        second = RouteDecision(route=route, why=f"second intent: {text!r}", decided_by="policy")
        extra = await self.doma(text, second)
        if route == "DOMA/lease":
            return response.model_copy(update={"lease_answer": extra.lease_answer})
        return response.model_copy(update={"triage": extra.triage})

    async def _triage(self, text: str, decision: RouteDecision) -> LeasingResponse:
        with timed() as t:
            hazard = hazard_of(text)
            ticket: TicketDecision | None = None
            model, note = "policy", "life-safety rule: P0 is deterministic, the model is not consulted"
            if hazard is None:
                ran = await run_agent(
                    triage_agent(),
                    text,
                    settings=self.s,
                    offline=offline_triage,
                    name="leasing-triage",
                    model=self.models.get("triage"),
                )
                ticket, model, note = ran.output, ran.model or "", ran.model_note or ""
            result = await self.db.run(triage, self.db, text, tenant_id=self.tenant_id, decision=ticket)
            self.state["ticket_text"] = text
        self.trace.append(
            DecisionStep(
                step="triage",
                action=result.priority,
                model=model,
                ms=t.ms,
                reason="; ".join(
                    x for x in (*result.reasons, f"vendor {result.vendor}, ETA {result.eta_hours:g} h", note) if x
                ),
                codes=[hazard.code] if hazard is not None else [],
            )
        )
        self.state[PENDING_TICKET] = {"triage": result.model_dump(mode="json"), "tenant_id": self.tenant_id}
        return self._response(decision, triage=result)

    async def dispatch(self, pending: dict[str, Any], text: str) -> LeasingResponse:
        """The tenant's "confirm": the proposed ticket is stored and the vendor is sent."""
        proposed = TriageResult.model_validate(pending["triage"])
        with timed() as t:
            ticket_id = await self.db.run(
                dispatch_ticket, self.db, proposed, session_id=self.sid, tenant_id=pending.get("tenant_id"),
                report=self.state.get("ticket_text", text),
            )  # fmt: skip
        sent = proposed.model_copy(
            update={
                "ticket_id": ticket_id,
                "status": "dispatched",
                "confirm_message": sent_message(proposed.confirm_message, ticket_id),
            }
        )
        self.state.pop(PENDING_TICKET, None)
        self.trace.append(
            DecisionStep(step="dispatch", action=sent.priority, model="policy", ms=t.ms,
                         reason=f"ticket {ticket_id}: {sent.vendor} sent, ETA {sent.eta_hours:g} h")
        )  # fmt: skip
        why = "a reply to the ticket proposed in the previous turn"
        return LeasingResponse(route="DOMA/triage", why=why, session_id=self.sid, triage=sent)

    async def _lease(self, text: str, decision: RouteDecision) -> LeasingResponse:
        with timed() as t:
            passages: list[dict[str, Any]] = []
            det = await self.db.run(
                answer_question,
                self.db,
                text,
                tenant_id=self.tenant_id,
                embedder=get_embedder(self.s),
                weights={"vector": self.s.rrf_weight_vector, "bm25": self.s.rrf_weight_bm25},
                passages=passages,
            )
            model, note = "policy", None
            dropped: list[str] = []
            answer = det
            if passages:  # a lease with sections on file: the agent chooses among them
                ran = await run_agent(
                    lease_agent(),
                    lease_prompt(text, passages),
                    settings=self.s,
                    offline=offline_lease(det),
                    name="leasing-lease-qa",
                    model=self.models.get("lease"),
                )
                answer, dropped = await self.db.run(
                    verified_answer, self.db, passages[0]["lease_id"], ran.output, passages, passages[0]["retrieval"]
                )
                if det.indexed_question and [c.section for c in answer.citations] == [c.section for c in det.citations]:
                    answer = answer.model_copy(update={"indexed_question": det.indexed_question})
                model, note = ran.model or "", ran.model_note
        self.trace.append(
            RetrievalStep(
                step="lease-qa",
                action="answer" if answer.found else "abstain",
                count=len(answer.citations),
                retrieval_mode=answer.retrieval if answer.found else det.retrieval,
                model=model,
                ms=t.ms,
                reason="; ".join(
                    x
                    for x in (
                        "; ".join(f"{c.lease_id} §{c.section} p.{c.page}" for c in answer.citations)
                        or "no section of the lease on this topic",
                        f"as the indexed question {answer.indexed_question!r}" if answer.indexed_question else None,
                        f"dropped {'; '.join(dropped)}" if dropped else None,
                        note,
                    )
                    if x
                ),
                codes=["citation_dropped"] if dropped else [],
            )
        )
        return self._response(decision, lease_answer=answer)

    async def _renewal(self, text: str, decision: RouteDecision) -> LeasingResponse:
        if self.tenant_id is None:
            self.trace.append(DecisionStep(step="renewal", action="ask-tenant", model="policy"))
            return self._response(
                decision, question="Which tenancy? Give your tenant id (e.g. T-001).", asks_for=["tenant_id"]
            )
        with timed() as t:
            term = asked_term(text)
            made = await self.db.run(renewal_package, self.db, self.tenant_id, today=self.now.date(), asked_term=term)
            if made is None:
                raise NotFound(f"No tenancy on file for {self.tenant_id}.")
            base, facts = made
        if base.withheld is not None:  # the policy allows no offer: no model is asked to write one
            self.trace.append(
                DecisionStep(
                    step="renewal", action="withheld", model="policy", ms=t.ms, reason=base.withheld.reason,
                    codes=[base.withheld.code],
                )
            )  # fmt: skip
            return self._response(decision, renewal=base)
        with timed() as t:
            ran = await run_agent(
                renewal_agent(),
                renewal_prompt(text, base, facts, policy()),
                settings=self.s,
                offline=offline_renewal(base),
                name="leasing-renewal",
                model=self.models.get("renewal"),
            )
            draft: RenewalDraft = ran.output
            pkg = rechecked(
                base.model_copy(
                    update={
                        "primary": draft.primary,
                        "alternatives": draft.alternatives,
                        "justification": draft.justification,
                        "option_applied": base.option_applied and draft.primary == base.primary,
                    }
                ),
                facts,
            )
        self.trace.append(
            DecisionStep(
                step="renewal",
                action="needs-approval" if pkg.needs_manager_approval else "within-policy",
                count=facts["comps"],
                model=ran.model,
                ms=t.ms,
                reason="; ".join(
                    x
                    for x in (
                        "; ".join(pkg.approval_reasons) or "every offer inside the renewal policy",
                        "approval re-checked against the policy",
                        ran.model_note,
                    )
                    if x
                ),
            )
        )
        return self._response(decision, renewal=pkg)


def response_json(resp: LeasingResponse) -> str:
    return resp.model_dump_json(indent=2)
