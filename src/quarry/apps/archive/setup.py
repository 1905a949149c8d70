"""`quarry demo` hook: load the bundled archive items when the table is empty, embed what is missing."""

from __future__ import annotations

from quarry.db import Database
from quarry.embed import get_embedder
from quarry.progress import Reporter
from quarry.settings import Settings

from .ingest import embed_items, ingest, item_count


def prepare(db: Database, settings: Settings, reporter: Reporter) -> bool:
    """Ingest the bundled items unless archive_items has rows; embed items that lack a vector."""
    embedder = get_embedder(settings)
    if not item_count(db):
        ingest(db, embedder, batch_size=settings.embedding_batch_size, reporter=reporter, settings=settings)
        return True
    embed_items(db, embedder, batch_size=settings.embedding_batch_size, reporter=reporter)
    return False


def warm(db: Database, settings: Settings) -> None:
    """Server start: import the turn's modules and run one BM25 search (no writes)."""
    from . import orchestrator  # noqa: F401  (agents, vocabularies)
    from .tools import bm25_search

    bm25_search(db, "batik")
