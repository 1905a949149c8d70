"""One turn, the same for every app: session load → the app's work → session save → audit.

An app hands `run_turn` its body: an async function of a `TurnContext` (database, settings,
the loaded session, injected models, the growing trace) that returns a `TurnOutcome` (the
response model, the history and state to keep, and what to audit). The skeleton owns the rest:

- **No lost update.** The session is saved over the version it was loaded at. When another turn
  on the same session saved first, this turn's body runs again on the new history and state
  (at most `MAX_ATTEMPTS` times), so both turns land, in some order.
- **Timing and audit.** The whole turn is timed; one `agent_runs` row records the request,
  the action, the models used, the trace and the response.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from pydantic import BaseModel
from pydantic_ai.messages import ModelMessage
from pydantic_ai.models import Model

from quarry.agent.audit import record_run
from quarry.agent.memory import Session, StaleSession, resume_session, store_session
from quarry.agent.trace import DecisionStep, TraceStep, timed
from quarry.caller import conversation_owner
from quarry.db import Database
from quarry.errors import ConversationBusy
from quarry.settings import Settings

R = TypeVar("R", bound=BaseModel)

MAX_ATTEMPTS = 10
"""Saves tried per turn; each retry runs the body again on the session as the winner left it.
Every round of a burst lands at least one turn, so a burst of N concurrent turns on one session
needs at most N attempts."""


@dataclass
class TurnContext:
    """What an app's turn body works with."""

    db: Database
    settings: Settings
    app: str
    session: Session
    models: Mapping[str, Model] = field(default_factory=dict)
    """Models injected by name (tests, evals): replace the configured chain of that agent."""
    trace: list[TraceStep] = field(default_factory=list)
    attempt: int = 1

    @property
    def session_id(self) -> str:
        return self.session.id

    @property
    def history(self) -> list[ModelMessage]:
        return self.session.history

    @property
    def state(self) -> dict[str, Any]:
        return self.session.state

    def model(self, name: str) -> Model | None:
        """The injected model of agent `name`, else None (the configured chain)."""
        return self.models.get(name)


@dataclass
class TurnOutcome(Generic[R]):
    """What a body returns: the answer and what the turn leaves behind."""

    response: R
    messages: list[ModelMessage]
    """The whole history to keep (the loaded history plus this turn's messages)."""
    state: dict[str, Any]
    action: str | None
    request: str
    """The user's text as it may be stored (redacted where the app redacts)."""
    models_used: tuple[str, ...] = ()
    save: bool = True
    """False for a turn that must leave the conversation untouched."""
    audited: BaseModel | None = None
    """What `agent_runs` keeps of the answer, when not all of `response` (default: `response`)."""


@dataclass(frozen=True)
class TurnResult(Generic[R]):
    """A finished turn."""

    response: R
    session_id: str
    run_id: int
    ms: float
    attempts: int


async def run_turn(
    app: str,
    body: Callable[[TurnContext], Awaitable[TurnOutcome[R]]],
    *,
    db: Database,
    settings: Settings,
    session_id: str | None,
    models: Mapping[str, Model] | None = None,
    named: bool = False,
) -> TurnResult[R]:
    """Run `body` as one turn of `app`'s conversation `session_id` (None: a new one; `named`: the
    client names conversations, see `resume_session`). ConversationBusy when it kept losing."""
    owner = conversation_owner(named=named)
    attempt = 0
    with timed() as total:
        while True:
            attempt += 1
            session = await db.run(
                resume_session, db, app, session_id, ttl_hours=settings.session_ttl_hours, named=named, owner=owner
            )  # the owner as the turn began: a retry resumes the same principal's conversation
            ctx = TurnContext(db, settings, app, session, dict(models or {}), attempt=attempt)
            outcome = await body(ctx)
            if not outcome.save:
                break
            try:
                await db.run(store_session, db, app, session, outcome.messages, outcome.state)
                break
            except StaleSession:
                if attempt >= MAX_ATTEMPTS:
                    raise ConversationBusy(
                        "This conversation is busy with other requests; send the message again."
                    ) from None
                session_id = session.id  # the winner may have created it: resume that one
                await asyncio.sleep(random.uniform(0, 0.01 * attempt))  # de-synchronise the losers
        if attempt > 1:
            ctx.trace.append(
                DecisionStep(
                    step="session",
                    action="retry",
                    model="policy",
                    reason=f"another turn saved this conversation first; answered again on its state "
                    f"({attempt} attempts)",
                )
            )
    run_id = await db.run(
        record_run,
        db,
        app=app,
        request=outcome.request,
        session_id=session.id,
        action=outcome.action,
        model=",".join(sorted(set(outcome.models_used))),
        ms=total.ms,
        trace=ctx.trace,
        response=outcome.audited if outcome.audited is not None else outcome.response,
    )
    return TurnResult(outcome.response, session.id, run_id, total.ms, attempt)
