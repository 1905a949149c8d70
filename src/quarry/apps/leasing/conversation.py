"""One leasing turn as the outside sees it: the request, and the call into the orchestrator."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from pydantic import BaseModel, Field

from quarry.auth.principal import Principal
from quarry.caller import Caller
from quarry.errors import Forbidden, QuarryError, Unauthorized
from quarry.inputs import VISIBLE_TEXT, session_id_field
from quarry.settings import Settings

if TYPE_CHECKING:
    from pydantic_ai.models import Model

    from .models import LeasingResponse


class LeasingMessage(BaseModel):
    """One leasing turn over HTTP."""

    text: str = Field(min_length=1, max_length=2000, pattern=VISIBLE_TEXT, description="The user's message.")
    session_id: str | None = session_id_field()
    tenant_id: str | None = Field(None, pattern=r"^T-\d{1,6}$", description="The tenant asking, e.g. T-001.")


async def answer(
    req: LeasingMessage, caller: Caller, *, settings: Settings, models: Mapping[str, Model] | None = None
) -> LeasingResponse:
    from .orchestrator import run

    return await run(
        req.text,
        session_id=req.session_id,
        tenant_id=acting_tenant(req, caller.principal),
        tenant_refusal=tenant_refusal(caller.principal),
        settings=settings,
        models=models,
    )


def acting_tenant(req: LeasingMessage, principal: Principal) -> str | None:
    """The tenant a turn speaks for: a tenant key's own; the body's `tenant_id` only for staff and
    admin keys (anyone else's is ignored, so an id in the body opens nobody's lease)."""
    if principal.sees_all_tenants():
        return req.tenant_id
    return principal.tenant_id if principal.role == "tenant" else None


def tenant_refusal(principal: Principal) -> QuarryError | None:
    """What a tenant turn (lease question, ticket, renewal) gets from a caller who may not take one."""
    if principal.anonymous:
        return Unauthorized(
            "Questions about a lease, repair tickets and renewals need your tenant key "
            "(`Authorization: Bearer <key>`). If anyone is in danger, call 911 now."
        )
    if principal.role in ("tenant", "staff", "admin"):
        return None
    return Forbidden(f"A {principal.role} key may not ask about tenancies.")
