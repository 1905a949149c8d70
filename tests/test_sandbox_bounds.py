"""The sandbox is bounded in time and memory, even for statements the guard lets through.

Each statement below builds a huge value or aggregates generated rows. A monitor samples
every sandbox backend while it runs (pg_stat_activity and /proc): its private memory must
stay under the cap, and it must not stay busy more than 1 s past the statement timeout.
"""

from __future__ import annotations

import dataclasses
import threading
import time
from pathlib import Path

import psycopg
import pytest
from sqlglot import exp, parse_one

from quarry.apps.labs.policy import labs_policy
from quarry.db import get_database
from quarry.db.backend_limits import backend_data_limit
from quarry.settings import Settings
from quarry.sqlguard import validate_sql
from quarry.sqlguard.bounds import MAX_BUILT_CHARS, MAX_TRIGRAM_CHARS
from quarry.sqlguard.readonly import ReadOnlyQueryError, run_readonly
from tests.labs_support import load_test_data

ROLE = "quarry_reader"
TIMEOUT_MS = 1500
CAP_MB = 256
# A policy as wide as any app's: the string builders and text search labs does not allow.
WIDE = dataclasses.replace(labs_policy(), allowed_functions=labs_policy().allowed_functions | {"repeat", "to_tsvector"})
HUGE = "(SELECT string_agg(lpad(i::text, 32, 'abcdefgh'), '') AS s FROM generate_series(1, 3000000) AS i) AS q"

# (title, SQL, passes through the guard first)
STATEMENTS = [
    (
        "similarity over lpad",
        "SELECT similarity(lpad('x',250000000,'abcdefghij'), lpad('y',250000000,'bcadefghij'))",
        True,
    ),
    ("string_agg over lpad", "SELECT length(string_agg(lpad('x',1000000),'')) FROM generate_series(1,2000)", True),
    ("repeat", "SELECT length(repeat('ab', 200000000))", True),
    (
        "string_agg over repeat",
        "SELECT length(string_agg(repeat(lpad(i::text, 32, 'abcdefgh'), 300), ''))"
        " FROM generate_series(1, 100000) AS i",
        True,
    ),
    ("array_agg", "SELECT cardinality(array_agg(i)) FROM generate_series(1, 100000000) AS i", True),
    ("regexp_replace on a huge string", f"SELECT length(regexp_replace(s, '(a|b|c|d)*e', 'x', 'g')) FROM {HUGE}", True),
    ("to_tsvector on a huge string", f"SELECT length(to_tsvector('simple', s)::text) FROM {HUGE}", True),
    ("word_similarity on a huge string", f"SELECT word_similarity(s, reverse(s)) FROM {HUGE}", True),
    ("trigram operator", f"SELECT s % reverse(s) FROM {HUGE}", True),
    (
        "json_agg over a cross join",
        "SELECT length(json_agg(r)::text) FROM lab_results AS r, generate_series(1, 200)",
        True,
    ),
    (
        "doubling recursive CTE",
        "WITH RECURSIVE r(n, s) AS (SELECT 1, 'xy' UNION ALL SELECT n + 1, s || s FROM r WHERE n < 40)"
        " SELECT max(length(s)) FROM r",
        True,
    ),
    # Past the guard (defence in depth): the memory cap alone.
    (
        "unbounded similarity, guard bypassed",
        "SELECT similarity(lpad('x',250000000,'ab'), lpad('y',250000000,'ba'))",
        False,
    ),
    ("unbounded repeat, guard bypassed", "SELECT length(repeat('ab', 400000000))", False),
]


@pytest.fixture(scope="module")
def labs_settings() -> Settings:
    return load_test_data()[0]


class _Monitor:
    """Samples the reader's busy backends: peak private memory, limit seen, last busy moment."""

    def __init__(self, settings: Settings) -> None:
        url = get_database(settings).url.replace("postgresql+psycopg://", "postgresql://")
        self._conn = psycopg.connect(url, autocommit=True)
        self.peak_anon_kb = 0
        self.limits: set[int | None] = set()
        self.last_busy = 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> _Monitor:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        self._conn.close()

    def wait_idle(self, until: float) -> None:
        while time.monotonic() < until and self._busy_pids():
            time.sleep(0.02)

    def _busy_pids(self) -> list[int]:
        rows = self._conn.execute(
            "SELECT pid FROM pg_stat_activity WHERE usename = %s AND state = 'active'", (ROLE,)
        ).fetchall()
        return [int(r[0]) for r in rows]

    def _run(self) -> None:
        while not self._stop.is_set():
            pids = self._busy_pids()
            if pids:
                self.last_busy = time.monotonic()
            for pid in pids:
                self.limits.add(backend_data_limit(pid))
                self.peak_anon_kb = max(self.peak_anon_kb, _rss_anon_kb(pid))
            time.sleep(0.01)


def _rss_anon_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("RssAnon:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


@pytest.mark.parametrize(("title", "sql", "guarded"), STATEMENTS, ids=[s[0] for s in STATEMENTS])
def test_statement_is_bounded_in_time_and_memory(labs_settings: Settings, title: str, sql: str, guarded: bool) -> None:
    if guarded:
        checked = validate_sql(sql, WIDE)
        assert checked.ok, checked.rejections
        assert checked.sql is not None
        sql = checked.sql
    with _Monitor(labs_settings) as monitor:
        started = time.monotonic()
        try:
            run_readonly(sql, role=ROLE, timeout_ms=TIMEOUT_MS, max_rows=10, settings=labs_settings)
        except ReadOnlyQueryError as exc:
            assert exc.kind in {"timeout", "too_large", "syntax"}, (title, exc.kind, str(exc))
        monitor.wait_idle(started + TIMEOUT_MS / 1000 + 5)
    assert monitor.last_busy - started <= TIMEOUT_MS / 1000 + 1.0, title
    assert monitor.peak_anon_kb <= CAP_MB * 1024, (title, monitor.peak_anon_kb)
    assert monitor.limits <= {CAP_MB * 1024 * 1024}, monitor.limits


def test_sandbox_backend_carries_the_memory_cap(labs_settings: Settings) -> None:
    result = run_readonly(
        "SELECT pg_backend_pid()", role=ROLE, timeout_ms=TIMEOUT_MS, max_rows=1, settings=labs_settings
    )
    assert backend_data_limit(int(result.rows[0][0])) == labs_settings.reader_max_backend_mb * 1024 * 1024
    # The app's own connections stay uncapped: only the reader's backend is limited.
    app_pid = int(get_database(labs_settings).scalar("SELECT pg_backend_pid()"))
    assert backend_data_limit(app_pid) is None


def test_guard_bounds_sizes_and_trigram_inputs() -> None:
    sql = (
        "SELECT lpad(p.full_name, 250000000, '*'), repeat('x', n.k), similarity(p.full_name, 'anna'),"
        " lpad(extract(month FROM now())::text, 2, '0'), 7 % 3 FROM patients AS p, (SELECT 5 AS k) AS n"
    )
    checked = validate_sql(sql, WIDE)
    assert checked.ok and checked.sql is not None
    tree = parse_one(checked.sql, read="postgres")
    pads = list(tree.find_all(exp.Pad))
    assert [int(p.expression.name) for p in pads if isinstance(p.expression, exp.Literal)] == [MAX_BUILT_CHARS, 2]
    repeat = tree.find(exp.Repeat)
    assert isinstance(repeat, exp.Repeat) and isinstance(repeat.args["times"], exp.Least)
    similarity = next(f for f in tree.find_all(exp.Anonymous) if f.name.lower() == "similarity")
    assert all(isinstance(a, exp.Left) and int(a.expression.name) == MAX_TRIGRAM_CHARS for a in similarity.expressions)
    # pg_trgm's text operator `%` is gone; sqlglot reads MOD(a, b) back as a modulo node.
    assert "%" not in checked.sql and tree.find(exp.Mod) is not None
