"""leasing import layer (§F) against the real database: the messy bundled CSVs come back as the
generator's canonical records, bad rows are counted not fatal, re-runs change nothing."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from quarry.apps.leasing.authoring.generate import BAD_BUILDING_ROWS, BAD_UNIT_ROWS, generate
from quarry.apps.leasing.ingest import IngestReport, ingest, load_inventory
from quarry.apps.leasing.normalize import (
    canonical_header,
    parse_amenities,
    parse_date,
    parse_floor,
    parse_number,
    parse_term,
    pets_allowed,
)
from quarry.apps.leasing.places import NEAR_TRANSIT_M, StationIndex, haversine_m, load_stations
from quarry.db import Database, get_database
from quarry.errors import BadInput
from quarry.settings import get_settings


@pytest.fixture(scope="module")
def loaded() -> Iterator[tuple[Database, IngestReport, IngestReport]]:
    db = get_database(get_settings())
    first = ingest(db)
    yield db, first, ingest(db)


def test_bad_rows_are_counted_by_reason_and_match_what_the_generator_planted(loaded) -> None:  # type: ignore[no-untyped-def]
    _, first, _ = loaded
    assert first.units == 1200 and first.buildings == 171
    assert first.bad_units == {
        "unit_no_size": BAD_UNIT_ROWS["blank_sqft"],
        "unit_no_price": BAD_UNIT_ROWS["call_for_price"],
        "unit_duplicate_id": BAD_UNIT_ROWS["duplicate_id"],
        "unit_unknown_building": BAD_UNIT_ROWS["unknown_building"],
    }
    assert first.bad_buildings == {
        "building_duplicate_id": BAD_BUILDING_ROWS["duplicate_id"],
        "building_no_address": BAD_BUILDING_ROWS["blank_address"],
    }
    assert first.joined_by_address > 50 and first.rent_derived > 200
    assert first.leases == 10 and first.lease_chunks > 400 and first.tenants == 60 and first.vendors == 17


def test_rerun_is_idempotent(loaded) -> None:  # type: ignore[no-untyped-def]
    db, first, second = loaded
    assert second.units == first.units and second.deleted_units == 0
    assert db.scalar("SELECT count(*) FROM leasing_units") == 1200
    assert db.scalar("SELECT count(*) FROM leasing_buildings") == 171
    assert db.scalar("SELECT count(*) FROM leasing_lease_chunks") == first.lease_chunks


def test_a_lease_chunked_by_an_older_release_is_chunked_again(loaded) -> None:  # type: ignore[no-untyped-def]
    db, first, _ = loaded
    # What an older chunker left: a label it gave differently (the title line of a clause cited as "8").
    db.execute("UPDATE leasing_lease_chunks SET section = 'stale' WHERE lease_id = 'LEASE-0010' AND chunk_no = 1")
    again = ingest(db)
    assert db.scalar("SELECT count(*) FROM leasing_lease_chunks WHERE section = 'stale'") == 0
    assert again.lease_chunks == first.lease_chunks
    embedded = "SELECT count(*) FROM leasing_lease_chunks WHERE lease_id = :l AND embedding IS NOT NULL"
    assert db.scalar(embedded, {"l": "LEASE-0001"}) == db.scalar(  # untouched leases keep their vectors
        "SELECT count(*) FROM leasing_lease_chunks WHERE lease_id = 'LEASE-0001'"
    )


def test_every_unit_equals_the_generators_canonical_record(loaded) -> None:  # type: ignore[no-untyped-def]
    db, _, _ = loaded
    rows = {r["unit_id"]: r for r in db.fetch_all("SELECT * FROM leasing_units")}
    truth = generate().units
    assert set(rows) == {u.unit_id for u in truth}
    wrong: list[str] = []
    for u in truth:
        r = rows[u.unit_id]
        got = (
            r["building_id"],
            r["suite"],
            r["floor"],
            r["unit_type"],
            r["sqft"],
            float(r["rent"]),
            round(float(r["ppsf_year"]) * 2) / 2,
            r["available"],
            r["term_min_months"],
            r["term_max_months"],
            set(r["amenities"]),
            r["pet_friendly"],
            r["near_transit"],
        )
        want = (
            u.building_id,
            u.suite,
            u.floor,
            u.unit_type,
            u.sqft,
            float(u.rent),
            u.ppsf_year,
            u.available,
            u.term_min_months,
            u.term_max_months,
            set(u.amenities),
            u.pet_friendly,
            u.near_transit,
        )
        # Rent-only rows give $/SF/yr back from a whole-dollar rent (60.51 for 60.5): compare to $0.50.
        if got != want:
            wrong.append(f"{u.unit_id}: {[(g, w) for g, w in zip(got, want, strict=True) if g != w]}")
    assert not wrong, wrong[:5]


def test_buildings_neighbourhoods_pets_and_transit_are_canonical(loaded) -> None:  # type: ignore[no-untyped-def]
    db, _, _ = loaded
    rows = {r["building_id"]: r for r in db.fetch_all("SELECT * FROM leasing_buildings")}
    for b in generate().buildings:
        r = rows[b.building_id]
        assert (r["neighborhood"], r["pets_allowed"], r["near_transit"]) == (
            b.neighborhood,
            b.pets_allowed,
            b.near_transit,
        ), b.building_id


def test_near_transit_is_the_distance_to_a_real_station(loaded) -> None:  # type: ignore[no-untyped-def]
    db, _, _ = loaded
    stations = load_stations()
    for r in db.fetch_all("SELECT lat, lon, near_transit, station_m FROM leasing_buildings"):
        nearest = min(haversine_m(r["lat"], r["lon"], s.lat, s.lon) for s in stations)
        assert abs(nearest - r["station_m"]) < 1 and r["near_transit"] == (nearest <= NEAR_TRANSIT_M)
    # A point in the middle of the Hudson river is not near any station.
    _, far = StationIndex(stations).nearest(40.75, -74.03)
    assert far > NEAR_TRANSIT_M


@pytest.mark.parametrize(
    ("header", "field"),
    [
        ("Unit ID", "unit_id"),
        ("unique_id", "unit_id"),
        ("ID", "unit_id"),
        ("Square Feet", "sqft"),
        ("Size (SF)", "sqft"),
        ("SQFT", "sqft"),
        ("Rent", "rent"),
        ("Monthly Rent", "rent"),
        ("Price", "rent"),
        ("$/SF/YR", "ppsf_year"),
        ("Listing Notes", "notes"),
        ("Favourite colour", None),
    ],
)
def test_header_mapping(header: str, field: str | None) -> None:
    assert canonical_header(header) == field


def test_value_parsers() -> None:
    assert [parse_number(t) for t in ("$4,500", "$4,500.00", "$ 4,500", "62/SF/YR", "$62 psf", "TBD", "2-3k?")] == [
        4500,
        4500,
        4500,
        62,
        62,
        None,
        None,
    ]
    assert [parse_floor(t, 30) for t in ("12th Fl", "Fl 12", "Grnd", "LL", "B1", "PH", "")] == [
        12,
        12,
        1,
        -1,
        -1,
        30,
        None,
    ]
    assert parse_term("3-5 yrs") == (36, 60) and parse_term("36 mos") == (36, 36) and parse_term("Flexible") == (12, 60)
    assert parse_amenities('["Elev.", "Pets OK"]') == ["elevator", "pet-friendly"]
    assert parse_amenities("Elevator | 24hr access | Rooftop terrace") == ["elevator", "24/7-access", "roof-deck"]
    from datetime import date

    anchor = date(2026, 11, 1)
    assert [parse_date(t, as_of=anchor) for t in ("3/1/2027", "Mar 2027", "1-Mar-2027", "Now")] == [
        date(2027, 3, 1),
        date(2027, 3, 1),
        date(2027, 3, 1),
        anchor,
    ]
    yes = ("Pets allowed", "Dogs OK", "Pet friendly", "Yes", "Pets welcome (dogs under 50 lbs)", "Allowed w/ approval")
    no = ("No pets", "No", "Pets not allowed", "Service animals only", "", "N/A")
    assert all(pets_allowed(t) for t in yes) and not any(pets_allowed(t) for t in no)


def test_other_header_spellings_derive_rent_and_never_fail_on_bad_rows(loaded) -> None:  # type: ignore[no-untyped-def]
    db, _, _ = loaded
    buildings = (
        "ID,Street Address,Neighbourhood,Lat,Lon,Pet Policy,Transit\n"
        "B-T1,1 Test Plaza,FiDi,,,Dogs OK,Wall St (2 min)\n"
        "B-T2,2 Test Plaza,soho,,,No,\n"
    )
    units = (
        "unique_id,Building ID,Address,Size (SF),Monthly Rent,ppsf_year,Amenities\n"
        'T-1,B-T1,,"2,000 sf",,$60/sf/yr,"[""Gym""]"\n'  # rent derived: 60 * 2000 / 12
        "T-2,,2 TEST PLAZA,800 RSF,$3100,,Doorman\n"  # joined by address
        "T-3,B-T9,9 Nowhere St,900,$2000,,\n"  # unknown building
        "T-4,B-T1,,,$1000,,\n"  # no size
        ",B-T1,,500,$1000,,\n"  # no id
    )
    report = load_inventory(db, units, buildings, source="test-upload")
    try:
        assert report.units == 2 and report.joined_by_address == 1 and report.rent_derived == 1
        assert report.bad_units == {"unit_unknown_building": 1, "unit_no_size": 1, "unit_no_id": 1}
        rows = {r["unit_id"]: r for r in db.fetch_all("SELECT * FROM leasing_units WHERE source = 'test-upload'")}
        assert float(rows["T-1"]["rent"]) == 10_000 and rows["T-1"]["amenities"] == ["gym", "pet-friendly"]
        assert rows["T-1"]["near_transit"] and rows["T-1"]["pet_friendly"]
        assert float(rows["T-2"]["ppsf_year"]) == pytest.approx(46.5) and not rows["T-2"]["near_transit"]
        assert (
            db.scalar("SELECT neighborhood FROM leasing_buildings WHERE building_id = 'B-T1'") == "Financial District"
        )
    finally:
        db.execute("DELETE FROM leasing_units WHERE source = 'test-upload'")
        db.execute("DELETE FROM leasing_buildings WHERE building_id LIKE 'B-T_'")


def test_a_file_without_the_needed_columns_is_a_clear_bad_input(loaded) -> None:  # type: ignore[no-untyped-def]
    db, _, _ = loaded
    with pytest.raises(BadInput, match=re.escape("missing columns sqft")):
        load_inventory(db, "Unit ID,Rent\nU-1,$100\n", "Building ID,Address\nB-1,1 Main St\n", source="bad")
    assert db.scalar("SELECT count(*) FROM leasing_units WHERE source = 'bad'") == 0


def test_lease_chunks_carry_every_cited_page_and_section(loaded) -> None:  # type: ignore[no-untyped-def]
    import json

    from quarry.apps.leasing.ingest import LEASES_DIR

    db, _, _ = loaded
    have = {
        (r["lease_id"], r["page"], r["section"])
        for r in db.fetch_all("SELECT lease_id, page, section FROM leasing_lease_chunks")
    }
    cited = [
        (lease["lease_id"], c["page"], c["section"])
        for lease in json.loads((LEASES_DIR / "leases.json").read_text())
        for clause in lease["clauses"].values()
        for c in clause["cited"]
    ]
    assert len(cited) > 150 and [c for c in cited if c not in have] == []
    # Every chunk is an exact slice of its lease (what a citation quote must be).
    assert (
        db.scalar(
            "SELECT count(*) FROM leasing_lease_chunks c JOIN leasing_leases l USING (lease_id)"
            " WHERE strpos(l.body, c.body) = 0"
        )
        == 0
    )
