"""Side actions of the UI and HTTP: thumbs feedback and a units/buildings CSV upload."""

from __future__ import annotations

from pathlib import Path

from quarry.db import get_database
from quarry.errors import BadInput
from quarry.inputs import clean_session_id
from quarry.settings import Settings, get_settings

from .ingest import IngestReport, load_inventory, migrate_app

MAX_UPLOAD_BYTES = 20_000_000


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
    units_path: str, buildings_path: str | None, *, settings: Settings | None = None
) -> IngestReport:
    """Import an uploaded units CSV (and optionally its buildings CSV) as its own source."""
    db = get_database(settings or get_settings())
    units = Path(units_path)
    if units.stat().st_size > MAX_UPLOAD_BYTES:
        raise BadInput(f"The file is over {MAX_UPLOAD_BYTES // 1_000_000} MB.")
    buildings = Path(buildings_path) if buildings_path else None
    header_only = "Building ID,Address\n"
    await db.run(migrate_app, db)
    return await db.run(
        load_inventory, db, units, buildings if buildings is not None else header_only, source=f"upload:{units.name}"
    )
