"""Side actions of the UI and HTTP: thumbs feedback and a units/buildings CSV upload."""

from __future__ import annotations

import re
from pathlib import Path

from quarry.db import Database, get_database
from quarry.embed import get_embedder
from quarry.errors import BadInput, NotFound
from quarry.inputs import clean_session_id, storable
from quarry.settings import Settings, get_settings

from .ingest import IngestReport, load_inventory, load_lease, migrate_app, refresh_chunk_stats
from .lease_vectors import embed_chunks

MAX_UPLOAD_BYTES = 20_000_000
TENANT_ID = re.compile(r"^T-\d{1,6}$")


async def record_feedback(
    thumbs: int,
    *,
    run_id: int | None,
    session_id: str | None,
    unit_id: str | None = None,
    settings: Settings | None = None,
) -> int:
    """Store a thumbs up (1) or down (-1) on a turn (and optionally one unit); the feedback id."""
    if thumbs not in (-1, 1):
        raise BadInput("thumbs must be 1 or -1.")
    db = get_database(settings or get_settings())
    sid = clean_session_id(session_id)
    fid = await db.run(
        db.scalar,
        "INSERT INTO leasing_feedback (run_id, session_id, unit_id, thumbs) VALUES (:r, :s, :u, :t)"
        " RETURNING feedback_id",
        {"r": run_id, "s": sid, "u": unit_id, "t": thumbs},
        write=True,
    )
    return int(fid)


async def upload_inventory(
    units_path: str, buildings_path: str | None, *, settings: Settings | None = None, replace: bool = False
) -> IngestReport:
    """Import an uploaded units CSV (and optionally its buildings CSV) as its own source; deletes
    nothing unless `replace` (see `load_inventory`)."""
    db = get_database(settings or get_settings())
    units = Path(units_path)
    if units.stat().st_size > MAX_UPLOAD_BYTES:
        raise BadInput(f"The file is over {MAX_UPLOAD_BYTES // 1_000_000} MB.")
    buildings = Path(buildings_path) if buildings_path else None
    header_only = "Building ID,Address\n"
    await db.run(migrate_app, db)
    return await db.run(
        load_inventory,
        db,
        units,
        buildings if buildings is not None else header_only,
        source=f"upload:{units.name}",
        replace=replace,
    )


MAX_LEASE_CHARS = 2_000_000


def store_lease(db: Database, tenant_id: str, body: str) -> tuple[str, int]:
    """Store `body` as the tenant's lease (replacing the one they had) and link it; (lease id, chunks)."""
    lease_id = f"UPLOAD-{tenant_id}"
    with db.transaction(timeout_ms=0) as tx:
        if not tx.scalar("SELECT EXISTS (SELECT 1 FROM leasing_tenancies WHERE tenant_id = :t)", {"t": tenant_id}):
            raise NotFound(f"No tenancy on file for {tenant_id}.")
        chunks = load_lease(tx, lease_id, body, premises="", source="upload")
        tx.execute("UPDATE leasing_tenancies SET lease_id = :l WHERE tenant_id = :t", {"l": lease_id, "t": tenant_id})
    refresh_chunk_stats(db)
    return lease_id, chunks


async def upload_lease(path: str, tenant_id: str, *, settings: Settings | None = None) -> tuple[str, int]:
    """A tenant's lease as plain text (pages split by form feeds, numbered sections) → LeaseQA's source."""
    if not TENANT_ID.match(tenant_id or ""):
        raise BadInput("Give the tenant id (e.g. T-001) the lease belongs to.")
    try:
        body = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise BadInput(f"The lease must be a UTF-8 text file ({type(exc).__name__}).") from exc
    body = storable(body)
    if not body.strip() or len(body) > MAX_LEASE_CHARS:
        raise BadInput(f"The lease text is empty or over {MAX_LEASE_CHARS:,} characters.")
    s = settings or get_settings()
    db = get_database(s)
    await db.run(migrate_app, db)
    stored = await db.run(store_lease, db, tenant_id, body)
    await db.run(embed_chunks, db, get_embedder(s))  # the new chunks join the hybrid search
    return stored
