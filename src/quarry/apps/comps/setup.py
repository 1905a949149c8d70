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
