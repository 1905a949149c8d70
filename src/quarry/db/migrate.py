"""Ordered SQL migrations, tracked in `schema_migrations`.

Core migrations live in `quarry/db/migrations/`; each app's in the `migrations` folder of
its package, passed in by the caller (the app registry). Files run in name order inside
their folder; core first, then apps in the order given. A file runs once; its checksum is
kept so an edited, already-applied file is reported.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources

from quarry.db.database import Database, get_database

_log = logging.getLogger(__name__)

CORE_SOURCE = ("core", "quarry.db")
"""(namespace, package holding a `migrations` folder) of the core tables."""


@dataclass(frozen=True)
class Migration:
    """One SQL file to apply."""

    name: str
    sql: str

    @property
    def checksum(self) -> str:
        return hashlib.sha256(self.sql.encode()).hexdigest()


def discover(sources: Sequence[tuple[str, str]] = ()) -> list[Migration]:
    """Core migration files, then those of `sources`, in the order they must run.

    A source package that does not exist is an error: a misspelt or broken app must not
    silently lose its tables.
    """
    found: list[Migration] = []
    for namespace, package in (CORE_SOURCE, *sources):
        folder = resources.files(package) / "migrations"
        if not folder.is_dir():
            continue
        for entry in sorted(folder.iterdir(), key=lambda p: p.name):
            if entry.name.endswith(".sql"):
                found.append(Migration(f"{namespace}/{entry.name}", entry.read_text(encoding="utf-8")))
    return found


def migrate(db: Database | None = None, sources: Sequence[tuple[str, str]] = ()) -> list[str]:
    """Apply pending migrations of the core and of `sources`; returns the names applied now."""
    applied_now: list[str] = []
    with (db or get_database()).transaction(timeout_ms=0) as tx:
        # One advisory lock so two processes starting at once do not race on DDL.
        tx.execute("SELECT pg_advisory_xact_lock(7719001)")
        tx.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " name text PRIMARY KEY, checksum text NOT NULL,"
            " applied_at timestamptz NOT NULL DEFAULT now())"
        )
        done = {r["name"]: r["checksum"] for r in tx.fetch_all("SELECT name, checksum FROM schema_migrations")}
        for m in discover(sources):
            if m.name in done:
                if done[m.name] != m.checksum:
                    _log.warning("migration %s changed after it was applied", m.name)
                continue
            # Raw driver call without parameters: '%' in SQL (trigram operators) stays literal.
            tx.driver.execute(m.sql)
            tx.execute(
                "INSERT INTO schema_migrations (name, checksum) VALUES (:n, :c)",
                {"n": m.name, "c": m.checksum},
            )
            applied_now.append(m.name)
    return applied_now
