"""Ordered SQL migrations, tracked in `schema_migrations`.

Core migrations live in `quarry/db/migrations/`, each app's in `quarry/apps/<app>/migrations/`.
Files run in name order inside their folder; core first, then apps in `MIGRATION_SOURCES`
order. A file runs once; its checksum is kept so an edited, already-applied file is reported.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from importlib import resources

from sqlalchemy import Engine, text

from quarry.db.engine import get_engine

_log = logging.getLogger(__name__)

# (namespace, package holding a `migrations` folder)
MIGRATION_SOURCES: tuple[tuple[str, str], ...] = (
    ("core", "quarry.db"),
    ("comps", "quarry.apps.comps"),
    ("labs", "quarry.apps.labs"),
)


@dataclass(frozen=True)
class Migration:
    """One SQL file to apply."""

    name: str
    sql: str

    @property
    def checksum(self) -> str:
        return hashlib.sha256(self.sql.encode()).hexdigest()


def discover(sources: tuple[tuple[str, str], ...] = MIGRATION_SOURCES) -> list[Migration]:
    """All migration files, in the order they must run."""
    found: list[Migration] = []
    for namespace, package in sources:
        try:
            folder = resources.files(package) / "migrations"
        except ModuleNotFoundError:
            continue
        if not folder.is_dir():
            continue
        for entry in sorted(folder.iterdir(), key=lambda p: p.name):
            if entry.name.endswith(".sql"):
                found.append(Migration(f"{namespace}/{entry.name}", entry.read_text(encoding="utf-8")))
    return found


def migrate(engine: Engine | None = None) -> list[str]:
    """Apply pending migrations; returns the names applied in this call."""
    eng = engine or get_engine()
    applied_now: list[str] = []
    with eng.begin() as conn:
        # One advisory lock so two processes starting at once do not race on DDL.
        conn.execute(text("SELECT pg_advisory_xact_lock(7719001)"))
        conn.execute(
            text(
                "CREATE TABLE IF NOT EXISTS schema_migrations ("
                " name text PRIMARY KEY, checksum text NOT NULL,"
                " applied_at timestamptz NOT NULL DEFAULT now())"
            )
        )
        done = {r.name: r.checksum for r in conn.execute(text("SELECT name, checksum FROM schema_migrations"))}
        for m in discover():
            if m.name in done:
                if done[m.name] != m.checksum:
                    _log.warning("migration %s changed after it was applied", m.name)
                continue
            # Raw driver call without parameters: '%' in SQL (trigram operators) stays literal.
            raw = conn.connection.driver_connection
            assert raw is not None
            raw.execute(m.sql)
            conn.execute(
                text("INSERT INTO schema_migrations (name, checksum) VALUES (:n, :c)"),
                {"n": m.name, "c": m.checksum},
            )
            applied_now.append(m.name)
    return applied_now
