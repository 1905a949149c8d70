"""`quarry demo` / first-ask hook: load the bundled leasing data unless units are there already."""

from __future__ import annotations

from quarry.db import Database
from quarry.embed import get_embedder
from quarry.progress import Reporter
from quarry.settings import Settings

from .ingest import ingest, migrate_app, refresh_chunk_stats, unit_count
from .lease_questions import load_index
from .lease_vectors import embed_chunks

_ready: set[int] = set()
"""Databases (by handle) this process has already prepared: later turns skip the checks."""


def prepare(db: Database, settings: Settings, reporter: Reporter) -> bool:
    """Migrate, then ingest the bundled inventory, leases, tenants, vendors and comps unless
    leasing_units has rows (refreshing lease-chunk statistics a database from before them lacks)."""
    if id(db) in _ready:
        return False
    migrate_app(db)
    loaded = False
    embedder = get_embedder(settings)
    if not unit_count(db):
        ingest(db, reporter=reporter, embedder=embedder)
        loaded = True
    else:
        if not db.scalar("SELECT count(*) FROM leasing_chunk_corpus_stats"):
            refresh_chunk_stats(db)
        embed_chunks(db, embedder, reporter=reporter)  # nothing to do unless chunks lack this model's vectors
        load_index(db, embedder, reporter=reporter)  # the same for the lease question index
    _ready.add(id(db))
    return loaded


def warm(db: Database, settings: Settings) -> None:
    """Server start: import the turn's modules and count one spec's matches (no writes)."""
    from . import orchestrator  # noqa: F401  (agents, routing rules, lease index)
    from .match import count_exact
    from .needs import parse_needs

    count_exact(db, parse_needs("2,000 sf in SoHo under $10k a month"))
