"""Ingest: the data set's quirks, bad rows counted not fatal, idempotent re-runs, derived columns."""

from __future__ import annotations

import gzip
from collections.abc import Iterator
from pathlib import Path

import pytest

from quarry.apps.comps.ingest import BUNDLED_CSV, load_csv
from quarry.db import get_database
from quarry.errors import BadInput

HEADER = (
    "month,town,flat_type,block,street_name,storey_range,floor_area_sqm,flat_model,"
    "lease_commence_date,remaining_lease,resale_price\n"
)
ROWS = [
    "2023-06,SENGKANG,4 ROOM,123A,COMPASSVALE RD,07 TO 09,93,Premium Apartment,2005,80 years 05 months,560000",
    "2023-05,SENGKANG,4 ROOM,124,COMPASSVALE RD,01 TO 03,92.5,Model A,2004,79 years 01 month,540000.0",
    '2023-04,KALLANG/WHAMPOA,3 ROOM,"9",JLN BT MERAH,10 TO 12,67,Improved,1980,55 years,400000',
    "2023-03,BEDOK,3 ROOM,1,BEDOK NTH RD,04 TO 06,not-a-number,Improved,1980,55 years 02 months,350000",
    "2023-02,BEDOK,3 ROOM,1,BEDOK NTH RD,04 TO 06,67,Improved,1980",
    "2017-01,BEDOK,3 ROOM,2,BEDOK NTH RD,04 TO 06,67,Improved,1980,62 years 02 months,300000",
]


@pytest.fixture
def restore_bundled(db: None) -> Iterator[None]:
    yield
    load_csv(BUNDLED_CSV)


def test_quirky_csv_loads_good_rows_and_counts_bad_ones(tmp_path: Path, restore_bundled: None) -> None:
    path = tmp_path / "quirky.csv.gz"
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        fh.write(HEADER + "\n".join(ROWS) + "\n")
    report = load_csv(path)
    assert report.rows_read == 6
    assert report.rows_bad_shape == 1
    assert report.rows_bad_value == 1
    assert report.rows_outside_window == 1  # 2017-01 is more than 5 years before 2023-06
    assert report.rows_loaded == 3
    assert report.newest_month == "2023-06"
    rows = {r["block"]: r for r in get_database().fetch_all("SELECT * FROM hdb_resale")}
    assert rows["123A"]["remaining_lease_months"] == 80 * 12 + 5
    assert rows["124"]["remaining_lease_months"] == 79 * 12 + 1  # "01 month", singular
    assert rows["9"]["remaining_lease_months"] == 55 * 12  # years only
    assert (rows["123A"]["storey_min"], rows["123A"]["storey_max"], float(rows["123A"]["storey_mid"])) == (7, 9, 8.0)
    assert rows["124"]["resale_price"] == 540000
    assert str(rows["123A"]["month_date"]) == "2023-06-01"
    assert "compassvale" in rows["123A"]["listing_terms"]


@pytest.mark.slow
def test_reingest_is_idempotent(db: None) -> None:
    first = load_csv(BUNDLED_CSV)
    second = load_csv(BUNDLED_CSV)
    assert first.rows_loaded == second.rows_loaded == 25777
    assert get_database().scalar("SELECT count(*) FROM hdb_resale") == 25777
    assert get_database().scalar("SELECT count(DISTINCT id) FROM hdb_resale") == 25777


def test_plain_csv_without_remaining_lease_derives_it(tmp_path: Path, restore_bundled: None) -> None:
    path = tmp_path / "old.csv"
    path.write_text(
        "month,town,flat_type,block,street_name,storey_range,floor_area_sqm,flat_model,lease_commence_date,resale_price\n"
        "2016-03,BEDOK,3 ROOM,1,BEDOK NTH RD,04 TO 06,67,Improved,1980,300000\n",
        encoding="utf-8",
    )
    report = load_csv(path)
    assert report.rows_loaded == 1
    # 99-year lease from 1980: ends 2079-01; from 2016-03 that is 62 years 10 months.
    assert get_database().scalar("SELECT remaining_lease_months FROM hdb_resale") == 62 * 12 + 10


def test_bad_files_are_clear_errors_and_keep_data(tmp_path: Path, db: None) -> None:
    before = get_database().scalar("SELECT count(*) FROM hdb_resale")
    with pytest.raises(BadInput, match="not found"):
        load_csv(tmp_path / "missing.csv")
    empty = tmp_path / "empty.csv"
    empty.write_text("", encoding="utf-8")
    with pytest.raises(BadInput, match="empty"):
        load_csv(empty)
    wrong = tmp_path / "wrong.csv"
    wrong.write_text("a,b,c\n1,2,3\n", encoding="utf-8")
    with pytest.raises(BadInput, match="lacks column"):
        load_csv(wrong)
    assert get_database().scalar("SELECT count(*) FROM hdb_resale") == before


def test_copy_line_escapes_control_characters() -> None:
    from quarry.apps.comps.derive import RowDeriver

    line = RowDeriver().line(
        [
            "2023-01",
            "BEDOK",
            "3 ROOM",
            "1\\A",
            "BEDOK\tNTH RD",
            "04 TO 06",
            "67",
            "Improved",
            "1980",
            "55 years 02 months",
            "350000",
        ]
    )
    assert line.endswith("}\n") and line.count("\n") == 1
    assert "1\\\\A" in line and "BEDOK\\tNTH RD" in line


def test_bad_rows_in_later_chunks_are_counted(tmp_path: Path, restore_bundled: None) -> None:
    """Bad rows past the first COPY batch are counted and explained too."""
    with gzip.open(BUNDLED_CSV, "rt", encoding="utf-8") as fh:
        lines = fh.read().splitlines()
    lines.insert(22000, "2023-06,BEDOK,3 ROOM,1,BEDOK NTH RD,04 TO 06,67")  # wrong shape
    lines.insert(23000, "2023-06,BEDOK,3 ROOM,1,BEDOK NTH RD,4 to six,67,Improved,1980,55 years,1")  # bad value
    path = tmp_path / "big.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    report = load_csv(path)
    assert (report.rows_read, report.rows_bad_shape, report.rows_bad_value) == (25779, 1, 1)
    assert report.rows_loaded == 25777 == get_database().scalar("SELECT count(*) FROM hdb_resale")
    assert any("storey_range" in b for b in report.bad_examples)
    assert get_database().scalar("SELECT value FROM hdb_corpus_stats WHERE key = 'docs'") == 25777


def test_term_statistics_equal_sql_over_the_stored_terms(restore_bundled: None) -> None:
    """Document frequencies counted while loading equal SQL's count over the stored terms."""
    load_csv(BUNDLED_CSV)
    db = get_database()
    stored = {r["term"]: r["df"] for r in db.fetch_all("SELECT term, df FROM hdb_term_stats")}
    counted = {
        r["t"]: r["n"]
        for r in db.fetch_all("SELECT t, count(DISTINCT id) AS n FROM hdb_resale, unnest(listing_terms) t GROUP BY t")
    }
    assert stored == counted and len(stored) > 1000
    docs, avgdl = (db.scalar(f"SELECT value FROM hdb_corpus_stats WHERE key = '{k}'") for k in ("docs", "avgdl"))
    assert docs == 25777
    assert avgdl == pytest.approx(float(db.scalar("SELECT avg(cardinality(listing_terms)) FROM hdb_resale")))


def test_window_cut_leaves_exact_term_statistics(tmp_path: Path, restore_bundled: None) -> None:
    path = tmp_path / "window.csv"
    path.write_text(HEADER + "\n".join(ROWS) + "\n", encoding="utf-8")
    report = load_csv(path)
    assert report.rows_outside_window == 1
    db = get_database()
    stored = {r["term"]: r["df"] for r in db.fetch_all("SELECT term, df FROM hdb_term_stats")}
    counted = {
        r["t"]: r["n"]
        for r in db.fetch_all("SELECT t, count(DISTINCT id) AS n FROM hdb_resale, unnest(listing_terms) t GROUP BY t")
    }
    assert stored == counted  # the 2017 row's words ("62") are not counted
