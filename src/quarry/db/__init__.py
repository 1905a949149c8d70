"""Database access: the `Database` handle (the one SQL path), embedded server, migrations."""

from quarry.db.database import Database, ReaderMode, Tx, database_url, get_database, restricted_to, sqlalchemy_url
from quarry.db.migrate import migrate

__all__ = [
    "Database",
    "ReaderMode",
    "Tx",
    "database_url",
    "get_database",
    "migrate",
    "restricted_to",
    "sqlalchemy_url",
]
