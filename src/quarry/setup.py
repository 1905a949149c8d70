"""First-run setup shared by `quarry demo` and tests: schema, bundled data, embeddings.

Each step is skipped when its result is already there, so a second `quarry demo` starts fast.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from quarry.db import migrate, scalar
from quarry.progress import Reporter, RichReporter, SilentReporter
from quarry.settings import Settings, get_settings


def prepare(*, verbose: bool = False, settings: Settings | None = None) -> dict[str, float]:
    """Make every app usable; returns seconds spent per step."""
    from quarry.apps.comps.ingest import load_csv
    from quarry.apps.comps.vectors import embed_listings
    from quarry.embed import get_embedder

    s = settings or get_settings()
    timings: dict[str, float] = {}
    rep: RichReporter | SilentReporter = RichReporter() if verbose else SilentReporter()
    started = time.perf_counter()
    migrate()
    timings["migrate"] = round(time.perf_counter() - started, 2)
    ctx = rep.running() if isinstance(rep, RichReporter) else None
    if ctx:
        ctx.__enter__()
    try:
        t = time.perf_counter()
        if not scalar("SELECT EXISTS (SELECT 1 FROM hdb_resale)"):
            load_csv(reporter=rep)
        timings["comps_ingest"] = round(time.perf_counter() - t, 2)
        t = time.perf_counter()
        embed_listings(get_embedder(s), batch_size=s.embedding_batch_size, reporter=rep)
        timings["comps_embed"] = round(time.perf_counter() - t, 2)
        for name, step in _extra_steps():
            t = time.perf_counter()
            step(rep)
            timings[name] = round(time.perf_counter() - t, 2)
    finally:
        if ctx:
            ctx.__exit__(None, None, None)
    return timings


def _extra_steps() -> list[tuple[str, Callable[[Reporter], object]]]:
    """Setup steps of apps beyond comps (each app registers its own 'ensure data' function)."""
    steps: list[tuple[str, Callable[[Reporter], object]]] = []
    try:
        from quarry.apps.labs.setup import ensure_data
    except ImportError:
        return steps
    steps.append(("labs_data", ensure_data))
    return steps
