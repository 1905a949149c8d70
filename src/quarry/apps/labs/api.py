"""HTTP route of the labs app: POST /api/sql/generate (seed: wired into the existing endpoint)."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Request

from quarry.errors import RateLimited
from quarry.settings import Settings, get_settings

from .models import GenerateRequest, LabsResponse
from .ratelimit import SlidingWindowLimiter

router = APIRouter(prefix="/api/sql", tags=["labs"])
limiter = SlidingWindowLimiter(window_s=60.0)


def _settings(request: Request) -> Settings:
    """Settings in use; an app may pin its own in `app.state.labs_settings` (tests do)."""
    pinned = getattr(request.app.state, "labs_settings", None)
    return pinned if isinstance(pinned, Settings) else get_settings()


def rate_limit(request: Request) -> None:
    """60 requests per minute per client IP (LABS_RATE_LIMIT_PER_MINUTE); 429 beyond."""
    s = _settings(request)
    client = request.client.host if request.client else "unknown"
    wait = limiter.hit(client, s.labs_rate_limit_per_minute)
    if wait is not None:
        raise RateLimited(
            f"Rate limit exceeded: at most {s.labs_rate_limit_per_minute} requests per minute per client; "
            f"retry in {wait:g} s.",
            retry_after_s=wait,
        )


@router.post("/generate", response_model=LabsResponse, dependencies=[Depends(rate_limit)])
async def generate_sql(req: GenerateRequest, request: Request) -> LabsResponse:
    """One question (any language) → one validated read-only SELECT, its explanation, the rows
    when `execute` is true, and the full tool-call log. Generation failures come back with
    status "error" and the seed's user-facing message; bad input is a 4xx."""
    from .orchestrator import run

    s = _settings(request)
    return await run(req.question, execute=req.execute, settings=s)
