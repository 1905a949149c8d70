"""`quarry demo` / first `quarry shop ask` hook: generate and load the catalogue unless one is loaded."""

from __future__ import annotations

from quarry.db import Database, migrate
from quarry.progress import Reporter
from quarry.settings import Settings

from .ingest import ingest, loaded_size, refresh_term_df


def migrate_shop(db: Database) -> list[str]:
    """Apply the core's and the shop's pending migrations (not other apps': the shop imports no app)."""
    from .spec import SPEC

    return migrate(db, [SPEC.migrations])


def prepare(db: Database, settings: Settings, reporter: Reporter) -> bool:
    """Load the default catalogue (20k base products, 200k offers) when none is loaded; True when it loaded."""
    if loaded_size(db) is not None:
        if db.scalar("SELECT count(*) FROM shop.term_df") == 0:  # loaded before term_df existed
            with db.transaction(timeout_ms=0) as tx:
                refresh_term_df(tx)
        return False
    ingest(db, reporter=reporter)
    return True
