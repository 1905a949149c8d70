"""The labs data's own "today" (the day of its newest result), and its lab names.

Relative periods ("the past two quarters", «за последние полгода», "since April") and today's
age are read against the newest date in the data, not the server's clock: a copy of last year's
results asked about "the last month" means the last month of those results, and the answer says
which dates were used. Both facts are remembered for a minute in each worker, per database and
per row-level scope (a patient's key sees its own rows: its newest date and its labs, never the
whole table's), and forgotten at once by an ingest.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from datetime import UTC, date, datetime
from typing import Any, TypeVar

from quarry.caller import current_principal
from quarry.db import Database

T = TypeVar("T")

REMEMBER_S = 60.0
"""How long a worker reuses what it read (new results arrive with an ingest)."""

_seen: dict[tuple[str, str, Any, str], tuple[float, Any]] = {}
_lock = threading.Lock()


def _remembered(db: Database, what: str, read: Callable[[], T]) -> T:
    """`read()`'s value, reused for REMEMBER_S per database, row-level scope and `what`."""
    who = current_principal()
    key = (db.url, str(who.role), who.patient_id, what)
    now = time.monotonic()
    with _lock:
        hit = _seen.get(key)
    if hit is not None and now - hit[0] < REMEMBER_S:
        value: T = hit[1]
        return value
    value = read()
    with _lock:
        _seen[key] = (now, value)
    return value


def data_today(db: Database) -> date:
    """The date of the newest lab result the caller may see (the server's date when none)."""

    def read() -> date:
        newest = db.scalar("SELECT max(collected_at)::date FROM lab_results")
        return newest if isinstance(newest, date) else datetime.now(UTC).date()

    return _remembered(db, "today", read)


def lab_names(db: Database) -> list[str]:
    """Laboratory names stored in the data (lab_reports.lab_name), most reports first."""

    def read() -> list[str]:
        rows = db.fetch_all("SELECT lab_name FROM lab_reports GROUP BY lab_name ORDER BY count(*) DESC, lab_name")
        return [str(row["lab_name"]) for row in rows]

    return list(_remembered(db, "lab_names", read))


def forget_data_today() -> None:
    """Drop what was remembered (after an ingest)."""
    with _lock:
        _seen.clear()
