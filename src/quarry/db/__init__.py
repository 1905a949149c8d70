"""Database access: engine, embedded server lifecycle, migrations, the one SQL path."""

from quarry.db.engine import database_url, get_engine, get_read_engine, sqlalchemy_url
from quarry.db.migrate import migrate
from quarry.db.sql import execute, fetch_all, fetch_one, scalar

__all__ = [
    "database_url",
    "execute",
    "fetch_all",
    "fetch_one",
    "get_engine",
    "get_read_engine",
    "migrate",
    "scalar",
    "sqlalchemy_url",
]
