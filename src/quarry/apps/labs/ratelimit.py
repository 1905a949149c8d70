"""The seed's rate limit: 60 requests per minute per client, for HTTP and the UI alike."""

from __future__ import annotations

from quarry.db import Database
from quarry.errors import RateLimited
from quarry.ratelimit import RateLimiter
from quarry.settings import Settings

LIMITER = RateLimiter("labs", window_s=60.0)


def check_rate_limit(db: Database, client: str, settings: Settings) -> None:
    """Count one request of `client`; RateLimited (429 with Retry-After) beyond the limit."""
    wait = LIMITER.hit(db, client, settings.labs_rate_limit_per_minute)
    if wait is not None:
        raise RateLimited(
            f"Rate limit exceeded: at most {settings.labs_rate_limit_per_minute} requests per minute per client; "
            f"retry in {wait:g} s.",
            retry_after_s=wait,
        )
