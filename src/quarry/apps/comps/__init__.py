"""`comps`: HDB resale comparables — ranked comps, price stats, histogram and agent trace."""

from quarry.apps.comps.models import CompFilters, CompRow, CompsResponse, PlannerDecision, Stats, Target

__all__ = ["CompFilters", "CompRow", "CompsResponse", "PlannerDecision", "Stats", "Target", "run"]


async def run(query: str, *, session_id: str | None = None, strictness: float | None = None) -> CompsResponse:
    """Answer one comps turn (see `orchestrator.run`)."""
    from quarry.apps.comps.orchestrator import run as _run

    return await _run(query, session_id=session_id, strictness=strictness)
