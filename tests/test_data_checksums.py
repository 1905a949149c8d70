"""Moving code changes no data: every app's bundled and generated rows (keys, names, values) hash
to the figures recorded in fixtures/data_checksums.json, so the docs' examples and saved
conversations keep working. Computed columns that depend on the embedding model or on today's
date are left out; labs is hashed at the generator with a fixed anchor (its demo anchors on today).

To record new figures after an intended data change: `uv run python tests/test_data_checksums.py`.
"""

from __future__ import annotations

import hashlib
import json
import sys
from datetime import date
from pathlib import Path

FIXTURE = Path(__file__).parent / "fixtures" / "data_checksums.json"

TABLES: dict[str, str] = {
    # table: the columns hashed (rows in the order of their text)
    "hdb_resale": "month, town, flat_type, block, street_name, storey_range, floor_area_sqm, flat_model, "
                   "lease_commence_date, remaining_lease, resale_price",
    "archive_items": "identifier, title, title_ms, description, tags, media_type, place, period, year_from, "
                      "year_to, collection, rights, topic",
    "leasing_buildings": "building_id, address, neighborhood, borough, zip, lat, lon, building_class, year_built, "
                          "floors, pet_policy, pets_allowed, nearest_station, amenities, landlord",
    "leasing_units": "unit_id, building_id, suite, floor, unit_type, sqft, rent, ppsf_year, available, "
                      "term_min_months, term_max_months, amenities, pet_friendly, near_transit, notes",
    "leasing_tenants": "tenant_id, company, contact_name, email, phone, industry",
    "leasing_tenancies": "tenancy_id, tenant_id, unit_id, lease_id, start_date, end_date, monthly_rent_usd, "
                          "escalation_pct, security_deposit_usd, renewal_option, status",
    "leasing_leases": "lease_id, premises, pages, body",
    "leasing_lease_chunks": "lease_id, chunk_no, page, section, heading, body",
    "leasing_vendors": "vendor_id, name, category, boroughs, sla_p0_hours, sla_p1_hours, sla_p2_hours",
    "shop.base_products": "random_key, persian_name, english_name, category_id, brand_id, extra_features",
    "shop.members": "random_key, base_random_key, shop_id, price",
    "shop.shops": "id, city_id, score, has_warranty",
}  # fmt: skip


def table_checksums() -> dict[str, str]:
    from quarry.db import get_database
    from quarry.settings import get_settings

    db = get_database(get_settings())
    out = {}
    for table, cols in TABLES.items():
        out[table] = str(
            db.scalar(f"SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) FROM (SELECT {cols} FROM {table}) t")
        )
    return out


def labs_checksum() -> str:
    from quarry.apps.labs.authoring.generate import generate

    data = generate(500, seed=42, anchor=date(2026, 1, 1))
    digest = hashlib.md5()
    reports = [(r.id, r.patient_id, r.lab.name, r.collected_at, r.analytes) for r in data.reports]
    for row in [*data.patients, *reports, *data.results()]:
        digest.update(repr(row).encode())
    return digest.hexdigest()


def current() -> dict[str, str]:
    return {**table_checksums(), "labs_generated": labs_checksum()}


def test_every_app_keeps_its_data(db: None) -> None:
    recorded = json.loads(FIXTURE.read_text())
    assert current() == recorded


if __name__ == "__main__":  # record the figures (after an intended data change only)
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    import os

    os.environ.setdefault("STATE_DIR", str(Path(__file__).resolve().parents[1] / ".quarry" / "test"))
    from quarry.setup import prepare

    prepare()
    FIXTURE.write_text(json.dumps(current(), indent=2, sort_keys=True) + "\n")
    print(FIXTURE.read_text())
