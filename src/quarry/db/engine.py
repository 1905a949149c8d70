"""SQLAlchemy engines: one writer engine and optional read replicas, psycopg 3 underneath."""

from __future__ import annotations

import random
from functools import lru_cache

from sqlalchemy import Engine, create_engine

from quarry.db.server import libpq_url
from quarry.settings import Settings, get_settings


def sqlalchemy_url(url: str) -> str:
    """libpq URL → SQLAlchemy URL with the psycopg 3 driver."""
    for prefix in ("postgresql+psycopg://", "postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


@lru_cache(maxsize=8)
def _engine_for(url: str, timeout_ms: int) -> Engine:
    return create_engine(
        sqlalchemy_url(url),
        pool_pre_ping=True,
        pool_size=5,
        max_overflow=5,
        # Every statement runs under a timeout so a bad query cannot stall the server.
        # work_mem: search sorts (BM25 groups, percentiles) stay in memory instead of spilling.
        connect_args={"options": f"-c statement_timeout={timeout_ms} -c work_mem=32MB"},
    )


def get_engine(settings: Settings | None = None) -> Engine:
    """The read-write engine for the database in use."""
    s = settings or get_settings()
    return _engine_for(libpq_url(s.database_url, s.state_dir), s.db_statement_timeout_ms)


def get_read_engine(settings: Settings | None = None) -> Engine:
    """An engine for searches: a random read replica when configured, else the writer."""
    s = settings or get_settings()
    if s.read_urls:
        return _engine_for(random.choice(s.read_urls), s.db_statement_timeout_ms)
    return get_engine(s)


def database_url(settings: Settings | None = None) -> str:
    """The libpq URL of the database in use (starts the embedded server if needed)."""
    s = settings or get_settings()
    return libpq_url(s.database_url, s.state_dir)
