"""`quarry demo` hook: load the bundled HDB CSV when the table is empty, then embed listings."""

from __future__ import annotations

from quarry.db import Database
from quarry.embed import get_embedder
from quarry.progress import Reporter
from quarry.settings import Settings

from .ingest import load_csv
from .vectors import embed_listings


def prepare(db: Database, settings: Settings, reporter: Reporter) -> bool:
    """Ingest the bundled data unless hdb_resale has rows; embed listing texts the cache lacks."""
    loaded = False
    if not db.scalar("SELECT EXISTS (SELECT 1 FROM hdb_resale)"):
        load_csv(settings=settings, reporter=reporter)
        loaded = True
    embed_listings(db, get_embedder(settings), batch_size=settings.embedding_batch_size, reporter=reporter)
    return loaded


def warm(db: Database, settings: Settings) -> None:
    """Server start: import the turn's modules and read what a first search reads (no writes)."""
    from . import orchestrator  # noqa: F401  (agents, parsers, vocabularies)
    from .models import CompFilters
    from .tools import count_candidates

    count_candidates(db, CompFilters(town="TAMPINES", flat_type="4 ROOM"))
