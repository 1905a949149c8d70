"""The bundled leasing data: reproducible, messy in the documented ways, and internally consistent.

No database: these read the files in `quarry/apps/leasing/data` and the generator's canonical records.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections import Counter
from datetime import date
from functools import cache
from pathlib import Path

import pytest

from quarry.apps.leasing.authoring.generate import (
    ANCHOR,
    BAD_BUILDING_ROWS,
    BAD_UNIT_ROWS,
    BUILDINGS_HEADER,
    BUNDLE_FILES,
    DEMO_UNITS,
    UNITS_HEADER,
    Dataset,
    generate,
    main,
    write_bundle,
)
from quarry.apps.leasing.places import (
    DATA_DIR,
    NEAR_TRANSIT_M,
    NEIGHBOURHOODS,
    address_key,
    haversine_m,
    neighbourhood,
)

REQUIRED_VENDOR_CATEGORIES = {"plumbing", "electrical", "hvac", "elevator", "locksmith", "cleaning", "pest"}


@cache
def dataset() -> Dataset:
    return generate()


def rows(name: str, folder: Path = DATA_DIR) -> list[dict[str, str]]:
    with (folder / name).open(encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))


def lease_files() -> list[Path]:
    return sorted((DATA_DIR / "leases").glob("LEASE-*.txt"))


# --------------------------------------------------------------------------------------------- a tiny reader
# Just enough of the import layer (§F) to check the files; the app's importer is the real one.


def number(text: str) -> float | None:
    cleaned = re.sub(r"(?i)\$|,|/sf/yr|psf|rsf|sq ft|sf|\.00$", "", text).strip()
    try:
        return float(cleaned)
    except ValueError:
        return None


def building_index(folder: Path = DATA_DIR) -> tuple[dict[str, dict[str, str]], dict[str, str], Counter[str]]:
    """Buildings by id, id by address key, and the bad rows skipped (reason → count)."""
    by_id: dict[str, dict[str, str]] = {}
    by_key: dict[str, str] = {}
    bad: Counter[str] = Counter()
    for r in rows("buildings.csv", folder):
        bid = r["Building ID"].strip()
        if not bid or not r["Address"].strip():
            bad["blank_address"] += 1
        elif bid in by_id:
            bad["duplicate_id"] += 1
        else:
            by_id[bid] = r
            by_key[address_key(r["Address"])] = bid
    return by_id, by_key, bad


def read_units(folder: Path = DATA_DIR) -> tuple[list[dict[str, object]], Counter[str]]:
    """Valid unit rows (with the building they resolve to and how), and bad rows by reason."""
    by_id, by_key, _ = building_index(folder)
    seen: set[str] = set()
    good: list[dict[str, object]] = []
    bad: Counter[str] = Counter()
    for r in rows("units.csv", folder):
        sqft = number(r["SQFT"])
        rent, ppsf = number(r["Rent ($/mo)"]), number(r["$/SF/YR"])
        bid = r["Bldg ID"].strip()
        building = (
            bid if bid in by_id else by_key.get(address_key(r["Street Address"])) if r["Street Address"] else None
        )
        if r["Unit ID"] in seen:
            bad["duplicate_id"] += 1
        elif sqft is None:
            bad["blank_sqft"] += 1
        elif rent is None and ppsf is None:
            bad["call_for_price"] += 1
        elif building is None:
            bad["unknown_building"] += 1
        else:
            if rent is None:
                assert ppsf is not None
                rent = ppsf * sqft / 12  # §F: rent derived from ppsf_year
            good.append(
                {
                    "unit_id": r["Unit ID"],
                    "building_id": building,
                    "by_address": building != bid,
                    "sqft": sqft,
                    "rent": rent,
                    "row": r,
                }
            )
        seen.add(r["Unit ID"])
    return good, bad


# --------------------------------------------------------------------------------------------- reproducibility


def test_regenerating_reproduces_the_bundled_files(tmp_path: Path) -> None:
    write_bundle(dataset(), tmp_path)
    names = [*BUNDLE_FILES, *(f"leases/{p.name}" for p in lease_files())]
    assert len(names) >= len(BUNDLE_FILES) + 5
    for name in names:
        assert (tmp_path / name).read_bytes() == (DATA_DIR / name).read_bytes(), f"{name} differs: rerun the generator"
    assert sorted(p.name for p in (tmp_path / "leases").iterdir()) == sorted(
        p.name for p in (DATA_DIR / "leases").iterdir()
    )


def test_other_seeds_give_other_data() -> None:
    assert generate(300, seed=1, tenancies=False).units != generate(300, seed=2, tenancies=False).units


# --------------------------------------------------------------------------------------------- inventory


def test_counts_and_headers() -> None:
    good, bad = read_units()
    by_id, _, bad_buildings = building_index()
    assert len(good) == DEMO_UNITS >= 1_000
    assert len(by_id) >= 150
    assert dict(bad) == BAD_UNIT_ROWS
    assert dict(bad_buildings) == BAD_BUILDING_ROWS
    with (DATA_DIR / "units.csv").open(encoding="utf-8") as fh:
        assert tuple(next(csv.reader(fh))) == UNITS_HEADER
    with (DATA_DIR / "buildings.csv").open(encoding="utf-8") as fh:
        assert tuple(next(csv.reader(fh))) == BUILDINGS_HEADER


def test_values_are_messy_in_the_documented_ways() -> None:
    raw = rows("units.csv")
    rents = [r["Rent ($/mo)"] for r in raw]
    assert any(r.startswith("$") and "," in r for r in rents)  # "$4,500"
    assert any(re.fullmatch(r"\d+", r) for r in rents)  # "4500"
    assert any(r["Rent ($/mo)"] == "" and "/sf/yr" in r["$/SF/YR"] for r in raw)  # rent derived from ppsf
    assert any(r["SQFT"].endswith(" sf") for r in raw) and any("," in r["SQFT"] for r in raw)
    amen = [r["Amenities"] for r in raw]
    assert any("; " in a for a in amen) and any(a.startswith("[") for a in amen) and any(", " in a for a in amen)
    assert any(r["Floor"] in ("Ground", "Grnd", "G") for r in raw) and any(r["Floor"] == "PH" for r in raw)
    assert any(r["Available"] in ("Immediate", "Now") for r in raw)
    assert any("call" in r["Rent ($/mo)"].lower() for r in raw)
    buildings = rows("buildings.csv")
    hoods = {r["Neighborhood"] for r in buildings}
    assert "FiDi" in hoods or "Fin. District" in hoods
    policies = {r["Pet Policy"] for r in buildings}
    assert {"No pets", "Pets allowed"} <= policies  # a naive "contains pet" rule gets the first one wrong


def test_every_unit_resolves_to_its_building_by_id_or_address() -> None:
    good, _ = read_units()
    truth = {u.unit_id: u for u in dataset().units}
    by_address = [g for g in good if g["by_address"]]
    assert len(by_address) >= 50  # the fallback join is exercised, with varied spellings
    assert any("," in str(g["row"]["Street Address"]) for g in by_address)  # type: ignore[index]
    assert any("Street" in str(g["row"]["Street Address"]) for g in by_address)  # type: ignore[index]
    for g in good:
        unit = truth[str(g["unit_id"])]
        assert g["building_id"] == unit.building_id
        assert g["sqft"] == unit.sqft
        assert abs(float(g["rent"]) - unit.rent) <= 1  # type: ignore[arg-type]


def test_canonical_units_are_realistic() -> None:
    data = dataset()
    hoods = {n.name for n in NEIGHBOURHOODS}
    for u in data.units:
        assert 35 <= u.ppsf_year <= 120 and 300 <= u.sqft <= 20_000
        assert u.unit_type in ("office", "retail", "flex") and u.neighborhood in hoods
        assert u.rent == round(u.ppsf_year * u.sqft / 12)
        assert u.available >= ANCHOR
    assert Counter(u.unit_type for u in data.units)["office"] > len(data.units) / 2
    assert {b.borough for b in data.buildings} == {"Manhattan", "Brooklyn"}
    assert len({b.neighborhood for b in data.buildings}) == len(NEIGHBOURHOODS)
    assert len({address_key(b.address) for b in data.buildings}) == len(data.buildings)
    # Midtown is dearer than Downtown Brooklyn.
    by_hood: dict[str, list[float]] = {}
    for u in data.units:
        by_hood.setdefault(u.neighborhood, []).append(u.ppsf_year)
    assert sum(by_hood["Midtown"]) / len(by_hood["Midtown"]) > 15 + sum(by_hood["Downtown Brooklyn"]) / len(
        by_hood["Downtown Brooklyn"]
    )


def test_buildings_sit_inside_their_neighbourhood() -> None:
    for b in dataset().buildings:
        lat0, lon0, lat1, lon1 = neighbourhood(b.neighborhood).bbox()
        assert lat0 <= b.lat <= lat1 and lon0 <= b.lon <= lon1, b


def test_headline_query_has_exact_matches() -> None:
    # "~1,800 sqft office in Midtown under $5k/month, pet-friendly, near transit" (issue 9).
    hits = [
        u
        for u in dataset().units
        if "midtown" in u.neighborhood.lower()
        and 1500 <= u.sqft <= 2200
        and u.rent <= 5000
        and u.pet_friendly
        and u.near_transit
    ]
    assert len(hits) >= 3


# --------------------------------------------------------------------------------------------- transit


def test_stations_are_real_parent_stations() -> None:
    stations = rows("subway_stations.csv")
    assert len(stations) >= 400
    assert all(re.fullmatch(r"[0-9A-Z]+\d", s["stop_id"]) for s in stations)  # no N/S platform ids
    names = {s["name"] for s in stations}
    assert {"34 St-Herald Sq", "Bedford Av", "York St", "Wall St"} <= names
    assert "MIT" in (DATA_DIR / "SOURCE.md").read_text(encoding="utf-8")


def test_near_transit_agrees_with_station_distances() -> None:
    stations = [(float(s["lat"]), float(s["lon"])) for s in rows("subway_stations.csv")]
    by_id, _, _ = building_index()
    near = 0
    for bid, r in by_id.items():
        lat, lon = float(r["Latitude"]), float(r["Longitude"])
        nearest = min(haversine_m(lat, lon, slat, slon) for slat, slon in stations)
        assert (nearest <= NEAR_TRANSIT_M) == bool(r["Nearest Subway"].strip()), (bid, nearest)
        near += nearest <= NEAR_TRANSIT_M
    assert 0.6 < near / len(by_id) < 0.99  # most of Manhattan is near a station; not all of Brooklyn
    truth = {b.building_id: b.near_transit for b in dataset().buildings}
    assert all(u.near_transit == truth[u.building_id] for u in dataset().units)


# --------------------------------------------------------------------------------------------- leases


def test_leases_are_long_with_numbered_sections() -> None:
    files = lease_files()
    assert len(files) >= 5
    for path in files:
        text = path.read_text(encoding="utf-8")
        pages = text.split("\f")[:-1]
        assert len(pages) >= 10, path.name
        assert f"Page {len(pages)} of {len(pages)}" in pages[-1]
        sections = re.findall(r"(?m)^(\d+)\.(\d+) [A-Z][^.]+\.", text)
        assert len(sections) >= 40, path.name
        assert len({a for a, _ in sections}) >= 20  # articles
        for word in (
            "Fixed Rent",
            "Security",
            "Assignment",
            "HVAC" if "HVAC" in text else "heat",
            "Holdover",
            "Insurance",
            "Default",
            "Signage",
            "Repairs",
        ):
            assert word.lower() in text.lower(), (path.name, word)


def test_lease_facts_point_at_the_right_page_and_section() -> None:
    manifest = json.loads((DATA_DIR / "leases" / "leases.json").read_text(encoding="utf-8"))
    assert {m["file"] for m in manifest} == {f"leases/{p.name}" for p in lease_files()}
    for m in manifest:
        pages = (DATA_DIR / m["file"]).read_text(encoding="utf-8").split("\f")
        assert m["pages"] == len(pages) - 1
        for clause in m["clauses"].values():
            for cite in clause["cited"]:
                page = pages[cite["page"] - 1]
                label = cite["section"]
                if label.startswith("First Amendment, Section "):
                    head = label.rsplit(" ", 1)[1] + ". "
                    assert "FIRST AMENDMENT" in "".join(pages[: cite["page"]])
                else:
                    head = label + " "
                assert re.search(rf"(?m)^{re.escape(head)}", page), (m["lease_id"], label, cite["page"])


def test_leases_differ_where_questions_are_asked() -> None:
    manifest = json.loads((DATA_DIR / "leases" / "leases.json").read_text(encoding="utf-8"))
    sublet = {m["lease_id"]: m["clauses"]["subletting"]["policy"] for m in manifest}
    assert "prohibited" in sublet.values() and "consent" in sublet.values()
    assert any(m["clauses"]["subletting"].get("amended") for m in manifest)  # later amendment wins
    pets = {m["lease_id"]: m["clauses"]["pets"]["policy"] for m in manifest}
    assert {"silent", "prohibited", "allowed"} <= set(pets.values())
    for m in manifest:
        text = (DATA_DIR / m["file"]).read_text(encoding="utf-8")
        if pets[m["lease_id"]] == "silent":
            assert not re.search(r"(?i)\b(pets?|animals?|dogs?|cats?)\b", text), m["lease_id"]
    renewals = {m["clauses"]["renewal_option"].get("kind") for m in manifest}
    assert len(renewals) >= 4
    assert len({m["clauses"]["holdover"]["pct_of_last_month"] for m in manifest}) >= 2


def test_tenancies_link_tenants_units_and_leases() -> None:
    tenants = {r["tenant_id"]: r for r in rows("tenants.csv")}
    units = {u.unit_id: u for u in dataset().units}
    manifest = {m["lease_id"]: m for m in json.loads((DATA_DIR / "leases" / "leases.json").read_text("utf-8"))}
    tenancies = rows("tenancies.csv")
    assert len(tenancies) >= 40
    ends = []
    for t in tenancies:
        assert t["tenant_id"] in tenants and t["unit_id"] in units
        end = date.fromisoformat(t["end_date"])
        assert ANCHOR < end <= date(ANCHOR.year + 1, ANCHOR.month + 1, 1) or ANCHOR.month == 12
        ends.append(end)
        if t["lease_file"]:
            assert (DATA_DIR / t["lease_file"]).is_file()
            assert manifest[t["lease_id"]]["clauses"]["expiration"]["date"] == t["end_date"]
            assert manifest[t["lease_id"]]["tenant"] == tenants[t["tenant_id"]]["company"]
    assert sum(e.month == 3 for e in ends) >= 5  # "my lease ends in March"
    assert len({e.month for e in ends}) >= 10
    assert sum(bool(t["lease_file"]) for t in tenancies) == len(manifest) >= 5
    # Contacts are fictional: reserved .example domains and 555-01xx numbers.
    assert all(r["email"].endswith(".example") and "555-01" in r["phone"] for r in tenants.values())


def test_vendors_comps_and_policy() -> None:
    vendors = rows("vendors.csv")
    assert {v["category"] for v in vendors} >= REQUIRED_VENDOR_CATEGORIES
    for v in vendors:
        assert 0 < float(v["sla_p0_hours"]) <= float(v["sla_p1_hours"]) <= float(v["sla_p2_hours"])
        assert set(v["boroughs"].split(";")) <= {"Manhattan", "Brooklyn"}
    comps = rows("rent_comps.csv")
    pairs = {(c["neighborhood"], c["building_class"]) for c in comps if c["unit_type"] == "office"}
    assert pairs == {(n.name, k) for n in NEIGHBOURHOODS for k in ("A", "B", "C")}
    for c in comps:
        signed = date.fromisoformat(c["signed_date"])
        assert (ANCHOR - signed).days <= 366 and signed < ANCHOR
        assert float(c["net_effective_rent_psf"]) <= float(c["starting_rent_psf"])
    policy = json.loads((DATA_DIR / "renewal_policy.json").read_text(encoding="utf-8"))
    assert policy["rent"]["max_increase_pct"] > 0
    assert policy["approval_thresholds"]["increase_pct_above"] == policy["rent"]["max_increase_pct"]
    assert [b["max_free_months"] for b in policy["free_rent_months_max"]] == sorted(
        b["max_free_months"] for b in policy["free_rent_months_max"]
    )


def test_bundled_data_stays_small() -> None:
    total = sum(p.stat().st_size for p in DATA_DIR.rglob("*") if p.is_file())
    assert total < 5_000_000


# --------------------------------------------------------------------------------------------- --scale


def test_scale_writes_ten_thousand_units(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # How fast lives in bench/bench_leasing.py, not here.
    main(["--scale", "10000", "--out", str(tmp_path)])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["buildings.csv", "units.csv"]
    good, bad = read_units(tmp_path)
    assert len(good) == 10_000 and dict(bad) == BAD_UNIT_ROWS
    assert len(building_index(tmp_path)[0]) >= 1_000
    assert "units.csv" in capsys.readouterr().out


def test_scale_needs_an_output_folder() -> None:
    with pytest.raises(SystemExit):
        main(["--scale", "10"])


def test_csv_is_plain_utf8_with_unix_newlines() -> None:
    raw = (DATA_DIR / "units.csv").read_bytes()
    assert b"\r\n" not in raw
    assert next(csv.reader(io.StringIO(raw.decode("utf-8"))))[0] == "Unit ID"
