"""`quarry leasing ingest`: messy units/buildings CSVs (+ the bundled tenants, leases, vendors,
comps) → Postgres, idempotently.

Rows are parsed by `normalize` (§F), joined unit → building by id with the address as fallback
(`places.address_key`), and every unusable row is counted by reason and skipped, never fatal.
A re-run upserts the same keys and deletes rows of the same source that left the file, so it
changes nothing. `near_transit` is recomputed from the building's coordinates and the bundled
subway stations (≤ `NEAR_TRANSIT_M`); a building without coordinates falls back to §F's rule
(a non-empty transit field).
"""

from __future__ import annotations

import csv
import io
import json
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from quarry.db import Database, migrate
from quarry.embed import Embedder, get_embedder
from quarry.errors import BadInput
from quarry.progress import Reporter, SilentReporter
from quarry.search import terms
from quarry.settings import get_settings

from .authoring.generate import ANCHOR
from .chunks import chunk_lease
from .lease_questions import load_index
from .lease_vectors import embed_chunks
from .normalize import (
    BUILDING_HEADERS,
    UNIT_HEADERS,
    header_map,
    parse_amenities,
    parse_date,
    parse_floor,
    parse_neighbourhood,
    parse_number,
    parse_sqft,
    parse_suite,
    parse_term,
    parse_unit_type,
    pets_allowed,
)
from .places import DATA_DIR, NEAR_TRANSIT_M, StationIndex, address_key, load_stations

UNITS_FILE = DATA_DIR / "units.csv"
BUILDINGS_FILE = DATA_DIR / "buildings.csv"
LEASES_DIR = DATA_DIR / "leases"
_BATCH = 500
MIGRATIONS = ("leasing", "quarry.apps.leasing")
"""(namespace, package) of the app's migrations (the same pair `AppSpec.migrations` gives)."""


@dataclass
class IngestReport:
    """What one ingest did."""

    buildings: int = 0
    """Buildings loaded."""
    units: int = 0
    """Units loaded."""
    bad_buildings: dict[str, int] = field(default_factory=dict)
    """Skipped building rows by reason."""
    bad_units: dict[str, int] = field(default_factory=dict)
    """Skipped unit rows by reason."""
    joined_by_address: int = 0
    """Units whose building id was blank or unknown but whose address matched a building."""
    rent_derived: int = 0
    """Units whose monthly rent was derived from $/SF/yr × SF / 12."""
    deleted_units: int = 0
    """Units of this source no longer in the file (removed; only with `replace`)."""
    kept_other_source: int = 0
    """Units of the file whose id another import holds: left unchanged (without `replace`)."""
    leases: int = 0
    lease_chunks: int = 0
    chunks_embedded: int = 0
    """Lease chunk passages embedded now (0 on a re-run: the cache has them)."""
    questions_indexed: int = 0
    """Questions of the lease question index stored for the leases loaded."""
    questions_left_out: int = 0
    """Indexed questions left out: their lease is not loaded, or it has no section they are filed under."""
    tenants: int = 0
    tenancies: int = 0
    vendors: int = 0
    comps: int = 0
    seconds: float = 0.0

    @property
    def bad_rows(self) -> int:
        return sum(self.bad_units.values()) + sum(self.bad_buildings.values())

    def summary(self) -> str:
        """One paragraph for the CLI."""
        bad = ", ".join(
            f"{n} {r.replace('_', ' ')}" for r, n in sorted({**self.bad_buildings, **self.bad_units}.items())
        )
        text = (
            f"loaded {self.buildings} buildings and {self.units:,} units "
            f"({self.joined_by_address} joined by address, {self.rent_derived} rents derived from $/SF/yr); "
            f"skipped {self.bad_rows} bad rows" + (f" ({bad})" if bad else "")
        )
        if self.kept_other_source:
            text += f"; {self.kept_other_source} unit ids of another import left unchanged (--replace takes them)"
        if self.deleted_units:
            text += f"; {self.deleted_units} units of this file's earlier import deleted (--replace)"
        if self.leases:
            text += (
                f"; {self.leases} leases in {self.lease_chunks} chunks ({self.chunks_embedded} passages embedded now), "
                f"{self.questions_indexed:,} indexed lease questions"
                + (f" ({self.questions_left_out} left out: no such section)" if self.questions_left_out else "")
                + f", {self.tenants} tenants, "
                f"{self.tenancies} tenancies, {self.vendors} vendors, {self.comps} rent comps"
            )
        return text + f"; {self.seconds}s"


def _read_csv(source: Path | str) -> tuple[list[str], list[list[str]]]:
    """(header, rows) of a CSV file path or CSV text; BadInput when it is not a CSV with a header."""
    try:
        text = source.read_text(encoding="utf-8-sig") if isinstance(source, Path) else source
    except (OSError, UnicodeDecodeError) as exc:
        raise BadInput(f"Cannot read {source}: {type(exc).__name__}.") from exc
    rows = list(csv.reader(io.StringIO(text)))
    if not rows:
        raise BadInput("The CSV file is empty.")
    return [h.strip() for h in rows[0]], rows[1:]


def _cell(row: Sequence[str], cols: dict[str, int], name: str) -> str:
    i = cols.get(name)
    return row[i].strip() if i is not None and i < len(row) else ""


def _coordinate(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


def parse_buildings(header: Sequence[str], rows: Iterable[Sequence[str]]) -> tuple[list[dict[str, Any]], Counter[str]]:
    """Canonical building rows (first id wins) and the bad rows by reason."""
    cols = header_map(header, BUILDING_HEADERS)
    if "address" not in cols and "building_id" not in cols:
        raise BadInput("buildings CSV: no building id or address column (expected e.g. 'Building ID', 'Address').")
    stations = StationIndex(load_stations())
    out: dict[str, dict[str, Any]] = {}
    bad: Counter[str] = Counter()
    for row in rows:
        if not any(c.strip() for c in row):
            continue
        bid, address = _cell(row, cols, "building_id"), _cell(row, cols, "address")
        if not address:
            bad["building_no_address"] += 1
            continue
        bid = bid or f"B-{address_key(address).upper().replace(' ', '-')}"
        if bid in out:
            bad["building_duplicate_id"] += 1
            continue
        lat, lon = _coordinate(_cell(row, cols, "lat")), _coordinate(_cell(row, cols, "lon"))
        lon = -abs(lon) if lon is not None else None  # NYC is west of Greenwich, whatever sign the feed uses
        transit = _cell(row, cols, "transit")
        if lat is not None and lon is not None:
            station, metres = stations.nearest(lat, lon)
            near, station_name, station_m = metres <= NEAR_TRANSIT_M, station.name, round(metres, 1)
        else:
            near, station_name, station_m = bool(transit), transit, None
        year, floors = parse_number(_cell(row, cols, "year_built")), parse_number(_cell(row, cols, "floors"))
        policy = _cell(row, cols, "pet_policy")
        out[bid] = {
            "building_id": bid,
            "address": address,
            "address_key": address_key(address),
            "neighborhood": parse_neighbourhood(_cell(row, cols, "neighborhood")),
            "borough": _cell(row, cols, "borough").title(),
            "zip": _cell(row, cols, "zip"),
            "lat": lat,
            "lon": lon,
            "building_class": _cell(row, cols, "building_class").upper().replace("CLASS", "").strip(),
            "year_built": int(year) if year else None,
            "floors": int(floors) if floors else None,
            "pet_policy": policy,
            "pets_allowed": pets_allowed(policy),
            "nearest_station": station_name,
            "station_m": station_m,
            "near_transit": near,
            "amenities": parse_amenities(_cell(row, cols, "amenities")),
            "landlord": _cell(row, cols, "landlord"),
        }
    return list(out.values()), bad


def parse_units(
    header: Sequence[str],
    rows: Iterable[Sequence[str]],
    buildings: Sequence[dict[str, Any]],
    *,
    as_of: date = ANCHOR,
) -> tuple[list[dict[str, Any]], Counter[str], int, int]:
    """(canonical unit rows, bad rows by reason, units joined by address, rents derived)."""
    cols = header_map(header, UNIT_HEADERS)
    missing = [f for f in ("unit_id", "sqft") if f not in cols]
    if missing or ("rent" not in cols and "ppsf_year" not in cols):
        raise BadInput(
            "units CSV: missing columns "
            + ", ".join(missing or ["rent or $/SF/YR"])
            + " (e.g. 'Unit ID', 'SQFT', 'Rent')."
        )
    by_id = {b["building_id"]: b for b in buildings}
    by_key = {b["address_key"]: b for b in buildings}
    out: dict[str, dict[str, Any]] = {}
    bad: Counter[str] = Counter()
    by_address = derived = 0
    for row in rows:
        if not any(c.strip() for c in row):
            continue
        uid = _cell(row, cols, "unit_id")
        if not uid:
            bad["unit_no_id"] += 1
            continue
        if uid in out:
            bad["unit_duplicate_id"] += 1  # a stale re-listing: the first row wins
            continue
        sqft = parse_sqft(_cell(row, cols, "sqft"))
        if sqft is None:
            bad["unit_no_size"] += 1
            continue
        b = by_id.get(_cell(row, cols, "building_id"))
        if b is None:
            address = _cell(row, cols, "address")
            b = by_key.get(address_key(address)) if address else None
            if b is None:
                bad["unit_unknown_building"] += 1
                continue
            by_address += 1
        rent, ppsf = parse_number(_cell(row, cols, "rent")), parse_number(_cell(row, cols, "ppsf_year"))
        rent = rent or None
        ppsf = ppsf or None
        if rent is None and ppsf is None:
            bad["unit_no_price"] += 1
            continue
        if rent is None:
            assert ppsf is not None
            rent = round(ppsf * sqft / 12)  # §F: rent derived from $/SF/yr
            derived += 1
        if ppsf is None:
            ppsf = round(rent * 12 / sqft, 2)
        tmin, tmax = parse_term(_cell(row, cols, "term"))
        amenities = [*b["amenities"], *parse_amenities(_cell(row, cols, "amenities"))]
        pet = bool(b["pets_allowed"])
        amenities = [a for a in amenities if a != "pet-friendly"] + (["pet-friendly"] if pet else [])
        out[uid] = {
            "unit_id": uid,
            "building_id": b["building_id"],
            "suite": parse_suite(_cell(row, cols, "suite")),
            "floor": parse_floor(_cell(row, cols, "floor"), b["floors"]),
            "unit_type": parse_unit_type(_cell(row, cols, "unit_type")),
            "sqft": sqft,
            "rent": rent,
            "ppsf_year": ppsf,
            "available": parse_date(_cell(row, cols, "available"), as_of=as_of),
            "term_min_months": tmin,
            "term_max_months": tmax,
            "amenities": list(dict.fromkeys(amenities)),
            "pet_friendly": pet,
            "near_transit": bool(b["near_transit"]),
            "notes": _cell(row, cols, "notes"),
        }
    return list(out.values()), bad, by_address, derived


_BUILDING_COLS = (
    "building_id",
    "address",
    "address_key",
    "neighborhood",
    "borough",
    "zip",
    "lat",
    "lon",
    "building_class",
    "year_built",
    "floors",
    "pet_policy",
    "pets_allowed",
    "nearest_station",
    "station_m",
    "near_transit",
    "amenities",
    "landlord",
)
_UNIT_COLS = (
    "unit_id",
    "building_id",
    "suite",
    "floor",
    "unit_type",
    "sqft",
    "rent",
    "ppsf_year",
    "available",
    "term_min_months",
    "term_max_months",
    "amenities",
    "pet_friendly",
    "near_transit",
    "notes",
    "source",
)


def _upsert(table: str, cols: Sequence[str], key: str) -> str:
    names = ", ".join(cols)
    values = ", ".join(f":{c}" for c in cols)
    rest = [c for c in cols if c != key]
    sets = ", ".join(f"{c} = EXCLUDED.{c}" for c in rest)
    # Unchanged rows are not rewritten: a re-run leaves no dead tuples behind (idempotent on disk too).
    old = ", ".join(f"{table}.{c}" for c in rest)
    new = ", ".join(f"EXCLUDED.{c}" for c in rest)
    return (
        f"INSERT INTO {table} ({names}) VALUES ({values}) ON CONFLICT ({key}) DO UPDATE SET {sets}"
        f" WHERE ({old}) IS DISTINCT FROM ({new})"
    )


def load_inventory(
    db: Database,
    units_csv: Path | str = UNITS_FILE,
    buildings_csv: Path | str = BUILDINGS_FILE,
    *,
    source: str = "bundled",
    as_of: date = ANCHOR,
    reporter: Reporter | None = None,
    replace: bool = False,
) -> IngestReport:
    """Parse both files and upsert them. An import changes only units it created (its `source`):
    a unit id another source holds is left as it is and counted. Only with `replace` does it take
    such units over and delete units of `source` that left the file (their holds go with them)."""
    rep = reporter or SilentReporter()
    started = time.perf_counter()
    b_header, b_rows = _read_csv(buildings_csv)
    buildings, bad_b = parse_buildings(b_header, b_rows)
    u_header, u_rows = _read_csv(units_csv)
    # Units may belong to buildings loaded before (an upload of units only); those join too.
    known = db.fetch_all(
        "SELECT building_id, address_key, amenities, pets_allowed, near_transit, floors FROM leasing_buildings"
    )
    pool = {r["building_id"]: dict(r) for r in known} | {b["building_id"]: b for b in buildings}
    units, bad_u, by_address, derived = parse_units(u_header, u_rows, list(pool.values()), as_of=as_of)
    report = IngestReport(
        buildings=len(buildings),
        units=len(units),
        bad_buildings=dict(bad_b),
        bad_units=dict(bad_u),
        joined_by_address=by_address,
        rent_derived=derived,
    )
    rep.phase("leasing buildings", total=len(buildings))
    with db.transaction(timeout_ms=0) as tx:
        upsert_b = _upsert("leasing_buildings", _BUILDING_COLS, "building_id")
        for i in range(0, len(buildings), _BATCH):
            tx.execute(upsert_b, buildings[i : i + _BATCH])
            rep.advance(len(buildings[i : i + _BATCH]))
        rep.phase("leasing units", total=len(units))
        if not replace:
            theirs = {
                r["unit_id"]
                for r in tx.fetch_all(
                    "SELECT unit_id FROM leasing_units WHERE unit_id = ANY(:ids) AND source <> :src",
                    {"ids": [u["unit_id"] for u in units], "src": source},
                )
            }
            report.kept_other_source = len(theirs)
            units = [u for u in units if u["unit_id"] not in theirs]
        upsert_u = _upsert("leasing_units", _UNIT_COLS, "unit_id")
        for i in range(0, len(units), _BATCH):
            tx.execute(upsert_u, [{**u, "source": source} for u in units[i : i + _BATCH]])
            rep.advance(len(units[i : i + _BATCH]))
        if replace:
            report.deleted_units = tx.execute(
                "DELETE FROM leasing_units WHERE source = :src AND NOT (unit_id = ANY(:ids))",
                {"src": source, "ids": [u["unit_id"] for u in units]},
            )
    # Fresh planner statistics: the match query's plan depends on them. VACUUM too on the units: it
    # sets the visibility map, without which MatchRank's rent-ordered walks fetch every unit row.
    db.execute("ANALYZE leasing_buildings")
    with db.connect(autocommit=True) as conn:
        conn.execute("VACUUM (ANALYZE) leasing_units")
    report.seconds = round(time.perf_counter() - started, 2)
    return report


def _dict_rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as fh:
        return [dict(r) for r in csv.DictReader(fh)]


def load_documents(db: Database, data_dir: Path = DATA_DIR, *, reporter: Reporter | None = None) -> dict[str, int]:
    """Tenants, tenancies, leases (+ chunks), vendors and comps from the bundled files (upserts)."""
    rep = reporter or SilentReporter()
    tenants = _dict_rows(data_dir / "tenants.csv")
    tenancies = _dict_rows(data_dir / "tenancies.csv")
    vendors = _dict_rows(data_dir / "vendors.csv")
    comps = _dict_rows(data_dir / "rent_comps.csv")
    meta = [
        *json.loads((data_dir / "leases" / "leases.json").read_text(encoding="utf-8")),
        # Leases of another drafting family, written by hand (not generated): `leases_other/SOURCE.md`.
        *(
            json.loads(other.read_text(encoding="utf-8"))
            if (other := data_dir / "leases_other" / "leases.json").is_file()
            else []
        ),
    ]
    rep.phase("leasing documents", total=len(meta))
    n_chunks = 0
    with db.transaction(timeout_ms=0) as tx:
        tx.execute(
            _upsert(
                "leasing_tenants", ("tenant_id", "company", "contact_name", "email", "phone", "industry"), "tenant_id"
            ),
            tenants,
        )
        for lease in meta:
            body = (data_dir / lease["file"]).read_text(encoding="utf-8")
            n_chunks += load_lease(tx, lease["lease_id"], body, premises=lease["premises"], source="bundled")
            rep.advance(1)
        tx.execute(
            _upsert(
                "leasing_tenancies",
                (
                    "tenancy_id",
                    "tenant_id",
                    "unit_id",
                    "lease_id",
                    "start_date",
                    "end_date",
                    "monthly_rent_usd",
                    "escalation_pct",
                    "security_deposit_usd",
                    "renewal_option",
                    "status",
                    "arrears_usd",
                ),
                "tenancy_id",
            ),
            [
                {
                    **{k: t[k] for k in ("tenancy_id", "tenant_id", "unit_id", "renewal_option", "status")},
                    "lease_id": t["lease_id"] or None,
                    "start_date": date.fromisoformat(t["start_date"]),
                    "end_date": date.fromisoformat(t["end_date"]),
                    "monthly_rent_usd": float(t["monthly_rent_usd"]),
                    "escalation_pct": float(t["escalation_pct"] or 0),
                    "security_deposit_usd": float(t["security_deposit_usd"] or 0),
                    "arrears_usd": float(t.get("arrears_usd") or 0),
                }
                for t in tenancies
            ],
        )
        tx.execute(
            _upsert(
                "leasing_vendors",
                (
                    "vendor_id",
                    "name",
                    "category",
                    "boroughs",
                    "sla_p0_hours",
                    "sla_p1_hours",
                    "sla_p2_hours",
                    "available_24_7",
                    "hourly_rate_usd",
                ),
                "vendor_id",
            ),
            [
                {
                    "vendor_id": v["vendor_id"],
                    "name": v["name"],
                    "category": v["category"],
                    "boroughs": [b.strip() for b in v["boroughs"].split(";") if b.strip()],
                    "sla_p0_hours": float(v["sla_p0_hours"]),
                    "sla_p1_hours": float(v["sla_p1_hours"]),
                    "sla_p2_hours": float(v["sla_p2_hours"]),
                    "available_24_7": v["available_24_7"].lower() == "yes",
                    "hourly_rate_usd": float(v["hourly_rate_usd"]),
                }
                for v in vendors
            ],
        )
        comp_cols = (
            "comp_id",
            "address",
            "neighborhood",
            "borough",
            "building_class",
            "unit_type",
            "sqft",
            "signed_date",
            "term_months",
            "starting_rent_psf",
            "free_rent_months",
            "ti_allowance_psf",
            "escalation_pct",
            "net_effective_rent_psf",
        )
        tx.execute(
            _upsert("leasing_rent_comps", comp_cols, "comp_id"),
            [
                {
                    **{
                        k: c[k]
                        for k in ("comp_id", "address", "neighborhood", "borough", "building_class", "unit_type")
                    },
                    "sqft": int(c["sqft"]),
                    "signed_date": date.fromisoformat(c["signed_date"]),
                    "term_months": int(c["term_months"]),
                    "starting_rent_psf": float(c["starting_rent_psf"]),
                    "free_rent_months": int(c["free_rent_months"]),
                    "ti_allowance_psf": float(c["ti_allowance_psf"]),
                    "escalation_pct": float(c["escalation_pct"]),
                    "net_effective_rent_psf": float(c["net_effective_rent_psf"]),
                }
                for c in comps
            ],
        )
    refresh_chunk_stats(db)
    return {
        "tenants": len(tenants),
        "tenancies": len(tenancies),
        "leases": len(meta),
        "lease_chunks": n_chunks,
        "vendors": len(vendors),
        "comps": len(comps),
    }


def refresh_chunk_stats(db: Database) -> None:
    """Recompute the BM25 statistics of every lease, each over its own chunks (a question searches one
    lease: another tenant's lease must not change its ranking)."""
    with db.transaction(timeout_ms=0) as tx:
        tx.execute("TRUNCATE leasing_chunk_term_stats, leasing_chunk_corpus_stats")
        tx.execute(
            "INSERT INTO leasing_chunk_term_stats (lease_id, term, df) SELECT lease_id, t, count(DISTINCT chunk_no)"
            " FROM leasing_lease_chunks, unnest(terms) AS t GROUP BY lease_id, t"
        )
        tx.execute(
            "INSERT INTO leasing_chunk_corpus_stats (lease_id, key, value)"
            " SELECT lease_id, 'docs', count(*) FROM leasing_lease_chunks GROUP BY lease_id"
            " UNION ALL SELECT lease_id, 'avgdl', coalesce(avg(cardinality(terms)), 0) FROM leasing_lease_chunks"
            " GROUP BY lease_id"
        )


def load_lease(tx: Any, lease_id: str, body: str, *, premises: str = "", source: str = "upload") -> int:
    """Store one lease and replace its chunks (inside the caller's transaction); its chunk count.

    A lease whose text and chunks are unchanged is left alone, so its chunks keep their embeddings
    (re-runs embed nothing); one chunked differently by this release (a new drafting family read,
    a label changed) is chunked again, so an upgraded database cites as a new one does."""
    chunks = chunk_lease(body)
    stored = tx.fetch_all(
        "SELECT c.page, c.section, c.heading, c.body FROM leasing_lease_chunks c JOIN leasing_leases l USING (lease_id)"
        " WHERE l.lease_id = :id AND l.body = :b AND l.premises = :p AND l.source = :s ORDER BY c.chunk_no",
        {"id": lease_id, "b": body, "p": premises, "s": source},
    )
    if stored and [(r["page"], r["section"], r["heading"], r["body"]) for r in stored] == [
        (c.page, c.section, c.heading, c.body) for c in chunks
    ]:
        return len(stored)
    tx.execute(
        "INSERT INTO leasing_leases (lease_id, premises, pages, body, source) VALUES (:id, :p, :n, :b, :s)"
        " ON CONFLICT (lease_id) DO UPDATE SET premises = EXCLUDED.premises, pages = EXCLUDED.pages,"
        " body = EXCLUDED.body, source = EXCLUDED.source",
        {"id": lease_id, "p": premises, "n": body.count("\f") + 1, "b": body, "s": source},
    )
    tx.execute("DELETE FROM leasing_lease_chunks WHERE lease_id = :id", {"id": lease_id})
    if chunks:
        tx.execute(
            "INSERT INTO leasing_lease_chunks (lease_id, chunk_no, page, section, heading, body, terms)"
            " VALUES (:id, :no, :page, :section, :heading, :body, :terms)",
            [
                {
                    "id": lease_id,
                    "no": i,
                    "page": c.page,
                    "section": c.section,
                    "heading": c.heading,
                    "body": c.body,
                    "terms": terms(f"{c.heading} {c.body}"),
                }
                for i, c in enumerate(chunks)
            ],
        )
    return len(chunks)


def migrate_app(db: Database) -> None:
    """Apply the core and leasing migrations."""
    migrate(db, [MIGRATIONS])


def ingest(
    db: Database,
    units_csv: Path | str = UNITS_FILE,
    buildings_csv: Path | str = BUILDINGS_FILE,
    *,
    reporter: Reporter | None = None,
    documents: bool = True,
    embedder: Embedder | None = None,
) -> IngestReport:
    """Migrate, load the inventory and (with `documents`) the bundled tenants, leases, vendors, comps,
    embedding the lease chunks through the core cache (`embedder`, else the configured one)."""
    started = time.perf_counter()
    migrate(db, [MIGRATIONS])
    report = load_inventory(db, units_csv, buildings_csv, reporter=reporter)
    if documents:
        for k, v in load_documents(db, reporter=reporter).items():
            setattr(report, k, v)
        embedder = embedder or get_embedder(get_settings())
        report.chunks_embedded = embed_chunks(db, embedder, reporter=reporter)
        report.questions_indexed, report.questions_left_out = load_index(db, embedder, reporter=reporter)
    report.seconds = round(time.perf_counter() - started, 2)
    return report


def unit_count(db: Database) -> int:
    """Rows in `leasing_units` (0 before the first ingest)."""
    if not db.scalar("SELECT to_regclass('leasing_units') IS NOT NULL"):
        return 0
    return int(db.scalar("SELECT count(*) FROM leasing_units"))
