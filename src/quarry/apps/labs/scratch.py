"""Sibling databases on the server in use, for tests and the benchmark.

Tests and `bench/bench_labs.py` load their own data; doing that in a database of its own
(`quarry_labs_test`, `quarry_labs_bench`) leaves the demo data of the main database alone.
"""

from __future__ import annotations

from quarry.db import get_database
from quarry.settings import Settings, get_settings


def sibling_settings(name: str, *, settings: Settings | None = None) -> Settings:
    """Settings that point every labs call at database `name` (created when missing)."""
    base = settings or get_settings()
    return base.model_copy(update={"database_url": get_database(base).sibling_url(name)})
