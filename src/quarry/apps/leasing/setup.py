"""`quarry demo` / first-ask hook: load the bundled leasing data unless units are there already."""

from __future__ import annotations

from quarry.db import Database
from quarry.progress import Reporter
from quarry.settings import Settings

from .ingest import ingest, unit_count


def prepare(db: Database, settings: Settings, reporter: Reporter) -> bool:
    """Ingest the bundled inventory, leases, tenants, vendors and comps unless leasing_units has rows."""
    if unit_count(db):
        return False
    ingest(db, reporter=reporter)
    return True
