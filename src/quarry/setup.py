"""First-run setup shared by `quarry demo`, `quarry serve` and tests: schema and bundled data.

Loops over the app registry. Each step is skipped when its result is already there, so a
second `quarry demo` starts fast.
"""

from __future__ import annotations

import time

from quarry.apps import APPS, get_app
from quarry.db import Database, get_database, migrate
from quarry.progress import RichReporter, SilentReporter
from quarry.settings import Settings, get_settings


def migrate_all(db: Database | None = None) -> list[str]:
    """Apply pending migrations of the core and of every registered app."""
    return migrate(db or get_database(), [spec.migrations for spec in APPS])


def prepare(*, verbose: bool = False, settings: Settings | None = None) -> dict[str, float]:
    """Make every app usable; returns seconds spent per step."""
    s = settings or get_settings()
    db = get_database(s)
    timings: dict[str, float] = {}
    started = time.perf_counter()
    migrate_all(db)
    timings["migrate"] = round(time.perf_counter() - started, 2)
    rep = RichReporter() if verbose else SilentReporter()
    with rep.running():
        for spec in APPS:
            t = time.perf_counter()
            spec.load("prepare")(db, s, rep)
            timings[spec.name] = round(time.perf_counter() - t, 2)
    return timings


def prepare_app(name: str, *, settings: Settings | None = None, verbose: bool = True) -> float:
    """Migrate and load one app's bundled data (progress on stderr); seconds spent."""
    s = settings or get_settings()
    db = get_database(s)
    started = time.perf_counter()
    migrate_all(db)
    rep = RichReporter() if verbose else SilentReporter()
    with rep.running():
        rep.note(f"{name}: first use on this database, preparing the bundled data")
        get_app(name).load("prepare")(db, s, rep)
    return time.perf_counter() - started
