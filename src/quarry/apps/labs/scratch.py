"""Sibling databases on the server in use, for tests and the benchmark.

Tests and `bench/bench_labs.py` load their own data; doing that in a database of its own
(`quarry_labs_test`, `quarry_labs_bench`) leaves the demo data of the main database alone.
"""

from __future__ import annotations

import psycopg
from sqlalchemy.engine import make_url

from quarry.db import database_url, sqlalchemy_url
from quarry.errors import DatabaseUnavailable
from quarry.settings import Settings, get_settings


def _libpq(url: str) -> str:
    return url.replace("postgresql+psycopg://", "postgresql://", 1)


def sibling_database_url(name: str, *, settings: Settings | None = None) -> str:
    """libpq URL of database `name` beside the one in use; created when missing."""
    base = make_url(sqlalchemy_url(database_url(settings or get_settings())))
    target = _libpq(base.set(database=name).render_as_string(hide_password=False))
    maintenance = _libpq(base.set(database="postgres").render_as_string(hide_password=False))
    try:
        with psycopg.connect(maintenance, autocommit=True) as conn:
            if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone() is None:
                conn.execute(psycopg.sql.SQL("CREATE DATABASE {}").format(psycopg.sql.Identifier(name)))
    except psycopg.Error as exc:
        raise DatabaseUnavailable(f"Could not create database {name}: {exc}") from exc
    return target


def sibling_settings(name: str, *, settings: Settings | None = None) -> Settings:
    """Settings that point every labs call at database `name` (see `sibling_database_url`)."""
    base = settings or get_settings()
    return base.model_copy(update={"database_url": sibling_database_url(name, settings=base)})
