"""The labs data's own "today": the day of its newest result.

Relative periods ("the past two quarters", «за последние полгода», "since April") and today's
age are read against the newest date in the data, not the server's clock: a copy of last year's
results asked about "the last month" means the last month of those results, and the answer says
which dates were used. The date is remembered per database for a minute in each worker and
forgotten at once by an ingest.
"""

from __future__ import annotations

import threading
import time
from datetime import UTC, date, datetime

from quarry.db import Database

REMEMBER_S = 60.0
"""How long a worker reuses the newest date (new results arrive with an ingest)."""

_seen: dict[str, tuple[float, date]] = {}
_lock = threading.Lock()


def data_today(db: Database) -> date:
    """The date of the newest lab result (the server's date when there are no results)."""
    key = db.url
    now = time.monotonic()
    with _lock:
        hit = _seen.get(key)
    if hit is not None and now - hit[0] < REMEMBER_S:
        return hit[1]
    newest = db.scalar("SELECT max(collected_at)::date FROM lab_results")
    today = newest if isinstance(newest, date) else datetime.now(UTC).date()
    with _lock:
        _seen[key] = (now, today)
    return today


def forget_data_today() -> None:
    """Drop the remembered date (after an ingest)."""
    with _lock:
        _seen.clear()
