"""What goes in comes out: every column of every bundled CSV row equals what hdb_resale stores."""

from __future__ import annotations

import csv
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest

from quarry.apps.comps.ingest import BUNDLED_CSV, _open, load_csv
from quarry.db import get_database
from quarry.settings import get_settings

RAW = (
    "month", "town", "flat_type", "block", "street_name", "storey_range", "floor_area_sqm", "flat_model",
    "lease_commence_date", "remaining_lease", "resale_price",
)  # fmt: skip


def _key(row: dict[str, object]) -> tuple[object, ...]:
    """One row as comparable values: text stripped, numbers as exact decimals."""
    out: list[object] = []
    for column in RAW:
        value = row[column]
        if column in {"floor_area_sqm", "resale_price", "lease_commence_date"}:
            out.append(Decimal(str(value).strip()).normalize())
        else:
            out.append(str(value).strip())
    return tuple(out)


@pytest.mark.usefixtures("db")
def test_every_bundled_row_round_trips() -> None:
    db = get_database(get_settings())
    with _open(BUNDLED_CSV) as fh:
        file_rows = Counter(_key(r) for r in csv.DictReader(fh))
    stored = Counter(_key(r) for r in db.fetch_all(f"SELECT {', '.join(RAW)} FROM hdb_resale"))
    assert sum(stored.values()) == sum(file_rows.values()) > 20_000
    assert stored == file_rows


def test_prices_keep_their_cents(tmp_path: Path) -> None:
    csv_path = tmp_path / "cents.csv"
    csv_path.write_text(
        ",".join(RAW) + "\n"
        "2023-05,BEDOK,4 ROOM,101,BEDOK NTH AVE 4,07 TO 09,92,New Generation,1978,54 years 03 months,688888.88\n"
        "2023-05,BEDOK,4 ROOM,102,BEDOK NTH AVE 4,10 TO 12,92,New Generation,1978,54 years 03 months,500000\n"
        "2023-05,BEDOK,4 ROOM,103,BEDOK NTH AVE 4,10 TO 12,92,New Generation,1978,54 years 03 months,12abc\n"
    )
    base = get_settings()
    sibling = get_database(base).sibling_url("quarry_fidelity")
    settings = base.model_copy(update={"database_url": sibling})
    report = load_csv(csv_path, settings=settings)
    assert (report.rows_loaded, report.rows_bad_value) == (2, 1)
    prices = [r["resale_price"] for r in get_database(settings).fetch_all(
        "SELECT resale_price FROM hdb_resale ORDER BY block")]  # fmt: skip
    assert prices == [Decimal("688888.88"), Decimal("500000.00")]
