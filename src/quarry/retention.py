"""Retention: audit and conversation rows older than `retention_days` are deleted.

`agent_runs`, `conversations` (by last update) and any app table passed in (labs:
`sql_generation_logs`) are pruned. `maybe_prune` is cheap enough to call on every request:
it prunes on the first call of a process (server start) and then at most once per
`PRUNE_EVERY_S` per database; `prune` does the work and says how many rows went.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Sequence

from quarry.db import Database
from quarry.settings import Settings

AgedTable = tuple[str, str]
"""(table, timestamp column) pruned by age."""

CORE_TABLES: tuple[AgedTable, ...] = (("agent_runs", "created_at"), ("conversations", "updated_at"))
"""Core tables under retention."""
PRUNE_EVERY_S = 3600.0
"""At most one prune per process and database per hour."""

_IDENT = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")
_last_run: dict[str, float] = {}
_lock = threading.Lock()


def prune(db: Database, *, days: float, tables: Sequence[AgedTable] = ()) -> dict[str, int]:
    """Delete rows older than `days` from the core tables and `tables`; rows deleted per table.

    `days <= 0` keeps everything. Tables that do not exist (an app never set up) are skipped.
    """
    if days <= 0:
        return {}
    deleted: dict[str, int] = {}
    for table, column in (*CORE_TABLES, *tables):
        if not (_IDENT.match(table) and _IDENT.match(column)):
            raise ValueError(f"not a plain table/column name: {table}.{column}")
        if db.scalar("SELECT to_regclass(:t) IS NOT NULL", {"t": table}) is not True:
            continue
        deleted[table] = db.execute(
            f"DELETE FROM {table} WHERE {column} < now() - make_interval(secs => :secs)",
            {"secs": float(days) * 86400},
        )
    return deleted


def maybe_prune(db: Database, settings: Settings, *, tables: Sequence[AgedTable] = ()) -> dict[str, int] | None:
    """`prune` when this process has not pruned `db` in the last hour; None when skipped."""
    now = time.monotonic()
    with _lock:
        last = _last_run.get(db.url)
        if last is not None and now - last < PRUNE_EVERY_S:
            return None
        _last_run[db.url] = now
    return prune(db, days=settings.retention_days, tables=tables)
