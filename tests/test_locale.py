"""UTF-8 whatever LANG says: a new embedded cluster sees non-ASCII letters, and a database
that cannot is refused with advice instead of silently breaking multilingual search."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from psycopg import sql
from sqlalchemy.engine import make_url

from quarry.db import database_url, get_database, sqlalchemy_url
from quarry.db.locale import DatabaseLocale, UnsupportedDatabase, check_database_locale, locale_problem
from quarry.settings import Settings

PROBE = """
import json
from quarry.db import get_database
db = get_database()
db.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
print(json.dumps(db.fetch_one(
    "SELECT similarity('سامسونگ', 'سامسونك') AS similarity, lower('ПРИВЕТ') AS lower, datctype AS ctype,"
    " pg_encoding_to_char(encoding) AS encoding FROM pg_database WHERE datname = current_database()"
)))
"""


def test_new_cluster_is_utf8_under_lang_c(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "DATABASE_URL"))}
    env.update(LANG="C", LC_ALL="C", STATE_DIR=str(tmp_path / "state"), QUARRY_ENV_FILE="")
    out = subprocess.run(
        [sys.executable, "-c", PROBE], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=180
    )
    assert out.returncode == 0, out.stderr[-3000:]
    found = json.loads(out.stdout.strip().splitlines()[-1])
    assert found["encoding"] == "UTF8" and found["ctype"] != "C"
    assert found["similarity"] > 0.5, found
    assert found["lower"] == "привет"


@pytest.mark.parametrize(
    ("db", "refused"),
    [
        (DatabaseLocale("a", "UTF8", "C.UTF-8", "c"), False),
        (DatabaseLocale("a", "UTF8", "en_US.utf8", "c"), False),
        (DatabaseLocale("a", "UTF8", "ru_RU.UTF-8", "i"), False),
        (DatabaseLocale("a", "UTF8", "C", "c"), True),
        (DatabaseLocale("a", "UTF8", "POSIX", "c"), True),
        (DatabaseLocale("a", "UTF8", "C", "b"), True),  # builtin C.UTF-8: lower() works, pg_trgm does not
        (DatabaseLocale("a", "SQL_ASCII", "C", "c"), True),
        (DatabaseLocale("a", "LATIN1", "en_US.iso88591", "c"), True),
    ],
    ids=["c.utf8", "en_us.utf8", "icu", "c", "posix", "builtin-c", "sql_ascii", "latin1"],
)
def test_locale_rule(db: DatabaseLocale, refused: bool) -> None:
    assert (locale_problem(db) is not None) is refused


@pytest.fixture
def sql_ascii_url(db: None) -> Iterator[str]:
    """A SQL_ASCII / C-ctype database on the test server, dropped afterwards."""
    base = make_url(sqlalchemy_url(database_url()))
    admin = base.render_as_string(hide_password=False).replace("postgresql+psycopg://", "postgresql://")
    name = "quarry_locale_sql_ascii"
    create = sql.SQL("CREATE DATABASE {} ENCODING 'SQL_ASCII' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
        conn.execute(create.format(sql.Identifier(name)))
    try:
        yield base.set(database=name).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


def test_non_utf8_database_is_refused_with_advice(sql_ascii_url: str) -> None:
    with pytest.raises(UnsupportedDatabase) as caught:
        get_database(Settings(database_url=sql_ascii_url))
    message = caught.value.message
    assert "quarry_locale_sql_ascii" in message and "SQL_ASCII" in message and "UTF8" in message
    assert "CREATE DATABASE" in message and "LC_CTYPE 'C.UTF-8'" in message
    assert "nowhere" not in message and "@" not in message  # no URL or credentials in the message
    with pytest.raises(UnsupportedDatabase, match="pgdata"):  # the embedded advice: recreate the cluster
        check_database_locale(sql_ascii_url.replace("postgresql+psycopg://", "postgresql://"), embedded=True)


def test_test_database_passes_and_unreachable_is_left_to_the_sql_path(db: None) -> None:
    check_database_locale(database_url())
    check_database_locale("postgresql://127.0.0.1:1/nowhere")  # no server: not refused here
