"""Is the database answering? One probe for `/healthz` and for doors that must answer 503
before they commit to a response (a stream's 200 cannot be taken back)."""

from __future__ import annotations

import logging

from quarry.db.database import RETRY_AFTER_S, get_database
from quarry.errors import DatabaseUnavailable
from quarry.settings import Settings

_log = logging.getLogger(__name__)


async def ensure_database(settings: Settings | None = None) -> None:
    """Raise `DatabaseUnavailable` (503, Retry-After) unless `SELECT 1` answers.

    Any failure of the probe is an unhealthy database, never an error of ours: mid-crash a
    server can fail in ways the connection layer does not classify as lost.
    """
    db = get_database(settings)
    try:
        await db.run(db.scalar, "SELECT 1")
    except DatabaseUnavailable:
        raise
    except Exception as exc:
        _log.warning("database probe failed: %s", type(exc).__name__)
        raise DatabaseUnavailable(
            "The database is not answering right now; try again in a few seconds.", retry_after_s=RETRY_AFTER_S
        ) from exc
