"""No silent drops, metamorphic: adding an unknown name or a nonsense word to a question never
widens what it returns. The word is used, asked back by name, or said back as not understood."""

from __future__ import annotations

import asyncio
from datetime import datetime

import pytest

from quarry.apps.comps.orchestrator import run as comps_run
from quarry.apps.labs.orchestrator import run as labs_run
from quarry.apps.leasing.orchestrator import run as leasing_run
from quarry.apps.leasing.when import NY
from quarry.db import Database

NONSENSE = "blorptastic"

COMPS = [
    "4-room in Sengkang, ~95 sqm, last 12 months",
    "5rm tampines under 700k last 2 years",
    "3 room bishan high floor",
]


@pytest.mark.parametrize("base", COMPS)
def test_comps_a_nonsense_word_changes_no_filter_and_is_said_back(base: str, db: None) -> None:
    plain = asyncio.run(comps_run(base))
    noisy = asyncio.run(comps_run(f"{base} {NONSENSE}"))
    assert noisy.filters == plain.filters and noisy.count == plain.count
    assert NONSENSE in noisy.target.not_understood


@pytest.mark.parametrize("base", COMPS)
def test_comps_an_unknown_place_is_asked_back_never_searched_everywhere(base: str, db: None) -> None:
    resp = asyncio.run(comps_run(base.replace("Sengkang", "Zorbatown").replace("tampines", "in zorbatown")
                                 .replace("bishan", "in Zorbatown")))  # fmt: skip
    assert resp.action == "clarify" and resp.count == 0 and resp.results == []
    assert any("zorbatown" in w.lower() for w in resp.target.unresolved)


LABS = [
    ("ferritin for patient {name}", "ferritin for patient Zorblax Quintero"),
    ("average cholesterol by year for patient {name}", "average cholesterol by year for Zorblax Quintero"),
    ("glucose results of {name} in the last year", "Mr Nobodyson glucose results in the last year"),
]


def _a_patient() -> str:
    """A real patient's full name in the labs test data (Latin script, unique)."""
    from quarry.db import get_database
    from quarry.settings import get_settings

    row = get_database(get_settings()).fetch_one(
        "SELECT full_name FROM patients WHERE full_name ~ '^[A-Za-z]+ [A-Za-z]+$'"
        " GROUP BY full_name HAVING count(*) = 1 ORDER BY full_name LIMIT 1"
    )
    assert row is not None
    return str(row["full_name"])


@pytest.mark.parametrize(("known", "unknown"), LABS)
def test_labs_an_unknown_patient_is_asked_back_never_everyone(known: str, unknown: str, labs_env: None) -> None:
    resp = asyncio.run(labs_run(unknown))
    assert resp.status == "clarify" and resp.rows is None and resp.sql is None
    assert resp.unresolved and resp.unresolved[0].split()[-1] in unknown
    base = asyncio.run(labs_run(known.format(name=_a_patient())))
    assert base.status == "ok" and base.rows is not None and base.unresolved == []


def test_labs_a_nonsense_word_never_widens(labs_env: None) -> None:
    name = _a_patient()
    base = asyncio.run(labs_run(f"ferritin for patient {name}"))
    noisy = asyncio.run(labs_run(f"ferritin for patient {name} {NONSENSE}"))
    assert base.rows is not None
    assert noisy.rows is None or len(noisy.rows) <= len(base.rows)


NOW = datetime(2026, 11, 24, 10, 0, tzinfo=NY)


@pytest.mark.parametrize("place", ["Zorbaville", "Upper Zorb Side"])
def test_leasing_an_unknown_neighbourhood_is_asked_back_never_dropped(place: str, leasing_db: Database) -> None:
    resp = asyncio.run(leasing_run(f"2,000 sf office in {place} under $12k a month", clock=lambda: NOW))
    assert resp.route == "VIA/needs" and resp.spec is not None
    assert resp.spec.unresolved_places == [place] and resp.matches is None and resp.question
    known = asyncio.run(leasing_run("2,000 sf office in Midtown under $12k a month", clock=lambda: NOW))
    assert known.spec is not None and known.spec.unresolved_places == [] and known.matches is not None
