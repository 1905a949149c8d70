"""Test support: the migrated database with the default shop catalogue loaded (idempotent)."""

from __future__ import annotations

from quarry.db import Database, get_database
from quarry.progress import SilentReporter
from quarry.settings import get_settings

from .setup import migrate_shop, prepare


def prepared_database() -> Database:
    """Migrate (core + shop) and load the default catalogue unless it is loaded."""
    settings = get_settings()
    db = get_database(settings)
    migrate_shop(db)
    prepare(db, settings, SilentReporter())
    return db
