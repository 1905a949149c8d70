"""Helpers for tests of the archive app: the bundled items ingested, and a thread of turns."""

from __future__ import annotations

import asyncio

from quarry.apps.archive.models import ArchiveResponse
from quarry.apps.archive.orchestrator import run


def ingest_bundled() -> None:
    """Ingest the bundled items (embedded once; idempotent)."""
    from quarry.apps.archive.ingest import ingest
    from quarry.db import get_database
    from quarry.embed import get_embedder
    from quarry.settings import get_settings

    s = get_settings()
    ingest(get_database(s), get_embedder(s))


def thread(*turns: str) -> ArchiveResponse:
    """The answer to the last of `turns`, each said in one thread."""

    async def go() -> ArchiveResponse:
        tid = None
        resp = None
        for t in turns:
            resp = await run(t, thread_id=tid)
            tid = resp.thread_id
        assert resp is not None
        return resp

    return asyncio.run(go())
