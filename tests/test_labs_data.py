"""Generator, naming conventions, ingest and the SQL/Python folding they rely on."""

from __future__ import annotations

from collections import Counter
from datetime import date

import pytest

from quarry.apps.labs.authoring.generate import generate
from quarry.apps.labs.naming import LABS, name_catalogue
from quarry.apps.labs.reference import load_analytes
from quarry.db import get_database
from quarry.search import skeleton_fold as fold
from quarry.search import trigram_similarity as similarity
from quarry.settings import Settings
from tests.labs_support import TEST_RESULTS, load_test_data


@pytest.fixture
def labs_settings() -> Settings:
    return load_test_data()[0]


def test_generator_is_deterministic() -> None:
    a = generate(500, seed=3, anchor=date(2025, 6, 30))
    b = generate(500, seed=3, anchor=date(2025, 6, 30))
    assert [p.full_name for p in a.patients] == [p.full_name for p in b.patients]
    assert list(a.results()) == list(b.results())
    assert a.n_results == 500 and sum(1 for _ in a.results()) == 500


def test_five_years_of_dates_before_the_anchor() -> None:
    data = generate(3000, seed=1, anchor=date(2025, 6, 30))
    dates = [r.collected_at.date() for r in data.reports]
    assert min(dates) >= date(2020, 6, 30) and max(dates) < date(2025, 6, 30)
    assert max(dates).year - min(dates).year >= 4


def test_at_least_six_labs_with_their_own_names() -> None:
    assert len(LABS) >= 6
    vitd = next(a for a in load_analytes() if a.code == "VITD25")
    printed = {lab.parameter_name(vitd) for lab in LABS}
    assert len(printed) >= 6
    assert "витамин д (25-он)" in printed  # all Cyrillic, lower case
    assert any("D" in n and any("а" <= c <= "я" for c in n.lower()) for n in printed)  # mixed scripts


def test_no_two_analytes_share_a_folded_name() -> None:
    owners: dict[str, set[str]] = {}
    for name, code in name_catalogue().items():
        owners.setdefault(fold(name), set()).add(code)
    assert all(len(codes) == 1 for codes in owners.values())


def test_abnormal_shares_are_realistic() -> None:
    data = generate(20_000, seed=5, anchor=date(2025, 6, 30))
    truth = name_catalogue()
    high: Counter[str] = Counter()
    low: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for row in data.results():
        code = truth[str(row[3])]
        value, ref_low, ref_high = float(row[4]), row[7], float(row[8])  # type: ignore[arg-type]
        total[code] += 1
        high[code] += value > ref_high
        low[code] += ref_low is not None and value < float(ref_low)  # type: ignore[arg-type]
    assert 0.3 < low["VITD25"] / total["VITD25"] < 0.7  # deficiency is common
    assert 0.2 < high["CHOL"] / total["CHOL"] < 0.6
    assert (high["K"] + low["K"]) / total["K"] < 0.15  # potassium is rarely off
    overall = (sum(high.values()) + sum(low.values())) / sum(total.values())
    assert 0.08 < overall < 0.35


def test_ingest_loads_every_table(labs_settings: Settings) -> None:
    _, report = load_test_data()
    db = get_database(labs_settings)
    assert report.results == TEST_RESULTS
    assert db.scalar("SELECT count(*) FROM lab_results") == TEST_RESULTS
    assert db.scalar("SELECT count(*) FROM analytes") == len(load_analytes())
    assert db.scalar("SELECT count(*) FROM analyte_aliases") > 100
    # the trigger keeps the distinct-name table in step with lab_results
    assert db.scalar("SELECT count(*) FROM lab_parameter_names") == db.scalar(
        "SELECT count(DISTINCT parameter_name) FROM lab_results"
    )
    langs = {r["language"] for r in db.fetch_all("SELECT DISTINCT language FROM lab_reports")}
    assert langs == {"ru", "uk", "en", "es"}


def test_sql_fold_matches_python_fold(labs_settings: Settings) -> None:
    names = [*name_catalogue(), "Ёжик Йод Її Ґанок ÑANDÚ", "  double   spaces  "]
    rows = get_database(labs_settings).fetch_all(
        "SELECT n, labs_fold(n) AS f FROM unnest(CAST(:names AS text[])) AS n", {"names": names}
    )
    assert {r["n"]: r["f"] for r in rows} == {n: fold(n) for n in names}


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Витамин D (25-OH)", "витамин Д (25-ОН)"),
        ("Холестерин общий", "Xoлестерин oбщий"),
        ("Вітамін D", "Вiтамiн D"),
        ("Triglicéridos", "TRIGLICERIDOS"),
        ("Ivanova", "Иванова"),
    ],
    ids=["d-vs-д", "latin-lookalikes", "ukrainian-i", "accents-case", "transliteration"],
)
def test_folding_makes_variants_identical(a: str, b: str) -> None:
    assert fold(a) == fold(b)
    assert similarity(fold(a), fold(b)) == 1.0


def test_demo_setup_skips_when_data_exists(labs_settings: Settings) -> None:
    from quarry.apps.labs.setup import prepare
    from quarry.progress import SilentReporter

    assert prepare(get_database(labs_settings), labs_settings, SilentReporter()) is False
