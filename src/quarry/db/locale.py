"""UTF-8 or nothing: the database must classify non-ASCII letters, whatever `LANG` says.

pg_trgm (fuzzy search) and text folding ask the database's LC_CTYPE which characters are
letters. Under a C ctype, Cyrillic and Persian are not letters: `similarity('سامسونگ',
'سامسونك')` is 0.0 instead of 0.6 and multilingual search silently finds nothing. So the
embedded cluster is created with `initdb_locale_args()` (UTF8 encoding, C.UTF-8 ctype), and
the first connection to any database refuses one whose encoding or ctype would break it.

    check_database_locale("postgresql://localhost/quarry")   # raises UnsupportedDatabase
"""

from __future__ import annotations

import locale
import threading
from dataclasses import dataclass

from quarry.errors import DatabaseUnavailable

UTF8_LOCALES = ("C.UTF-8", "C.utf8", "en_US.UTF-8", "en_US.utf8")
"""Candidates for the embedded cluster's ctype, best first (C.UTF-8: code-point order, every
letter classified; Debian and glibc >= 2.35 ship it)."""

_ASCII_CTYPES = frozenset({"c", "posix"})
_checked: set[str] = set()
_lock = threading.Lock()


class UnsupportedDatabase(DatabaseUnavailable):
    """The database works but cannot be used: not UTF8, or a ctype that sees no non-ASCII letters."""


@dataclass(frozen=True)
class DatabaseLocale:
    """What `pg_database` says about one database."""

    name: str
    """Database name."""
    encoding: str
    """Server encoding, e.g. UTF8 or SQL_ASCII."""
    ctype: str
    """LC_CTYPE the server classifies characters with (pg_trgm uses it whatever the provider)."""
    provider: str
    """Locale provider: c (libc), b (builtin) or i (icu)."""


def locale_problem(db: DatabaseLocale) -> str | None:
    """Why `db` cannot serve multilingual search, or None when it can.

    With UTF8 encoding PostgreSQL only accepts a ctype whose codeset is UTF-8, or C/POSIX;
    so UTF8 + a non-C ctype means letters are classified. The builtin and ICU providers do
    not help pg_trgm, which still reads LC_CTYPE, so the ctype is checked for them too.

    >>> locale_problem(DatabaseLocale("quarry", "UTF8", "C.UTF-8", "c")) is None
    True
    """
    if db.encoding.upper() != "UTF8":
        return f"its encoding is {db.encoding}, not UTF8"
    if db.ctype.lower() in _ASCII_CTYPES:
        return f"its LC_CTYPE is {db.ctype!r}, which classifies no non-ASCII letters (Cyrillic, Persian, accents)"
    return None


def read_database_locale(url: str) -> DatabaseLocale | None:
    """The locale of the database `url` names; None when it cannot be reached right now."""
    import psycopg

    try:
        with psycopg.connect(url, connect_timeout=5) as conn:
            row = conn.execute(
                "SELECT datname, pg_encoding_to_char(encoding), datctype, datlocprovider::text"
                " FROM pg_database WHERE datname = current_database()"
            ).fetchone()
    except psycopg.OperationalError:
        return None  # unreachable: the SQL path reports (and heals) that on first use
    assert row is not None
    return DatabaseLocale(name=row[0], encoding=row[1], ctype=row[2], provider=row[3])


def check_database_locale(url: str, *, embedded: bool = False) -> None:
    """Refuse (`UnsupportedDatabase`) a database that is not UTF8 with a UTF-8 ctype.

    Checked once per URL and process; an unreachable database is checked on a later call.
    `embedded` picks the advice: recreate the embedded cluster, or create a UTF-8 database.
    """
    if url in _checked:
        return
    found = read_database_locale(url)
    if found is None:
        return
    problem = locale_problem(found)
    if problem is not None:
        raise UnsupportedDatabase(_advice(found.name, problem, embedded=embedded))
    with _lock:
        _checked.add(url)


def _advice(name: str, problem: str, *, embedded: bool) -> str:
    head = f"Database {name!r} cannot be used: {problem}. Quarry needs UTF8 encoding and a UTF-8 LC_CTYPE."
    if embedded:
        return (
            f"{head} The embedded cluster was created under a C locale: stop Quarry (`quarry db stop`), "
            "delete the `pgdata` folder under STATE_DIR (default .quarry/pgdata; its data goes with it) and "
            "run `quarry demo` again, which recreates it with C.UTF-8 and reloads the bundled data."
        )
    return (
        f"{head} Create the database as UTF-8 and point DATABASE_URL at it, e.g. "
        f"CREATE DATABASE {name} ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8' TEMPLATE template0."
    )


def initdb_locale() -> str:
    """The UTF-8 locale this machine offers for a new cluster (C.UTF-8 on Debian)."""
    current = locale.setlocale(locale.LC_CTYPE)
    try:
        for name in UTF8_LOCALES:
            try:
                locale.setlocale(locale.LC_CTYPE, name)
            except locale.Error:
                continue
            return name
    finally:
        locale.setlocale(locale.LC_CTYPE, current)
    raise UnsupportedDatabase(
        f"No UTF-8 locale found for the embedded PostgreSQL (tried {', '.join(UTF8_LOCALES)}); "
        "install one (Debian: it ships C.UTF-8; else `locale-gen en_US.UTF-8`) or set DATABASE_URL."
    )


def initdb_locale_args() -> list[str]:
    """initdb options that make a cluster UTF-8 whatever LANG/LC_ALL say."""
    return ["--encoding=UTF8", f"--locale={initdb_locale()}"]
