"""CI gates on the blind figures (sets written by people who never saw the code), not on 1.0 for
sets the rules were tuned on: every app's blind sets are answered through the real pipeline
and each stays at or above its floor in evals/blind/floors.json."""

from __future__ import annotations

import asyncio

import pytest

from quarry.apps import APPS
from quarry.evaluate.blind import below_floor, blind_figures, blind_sets, floors
from quarry.settings import get_settings

pytestmark = pytest.mark.slow


def test_every_app_has_a_blind_set_of_at_least_100_messages_and_a_floor() -> None:
    wanted = floors()
    for spec in APPS:
        sets = blind_sets(spec.name)
        assert sets, spec.name
        assert sum(1 for p in sets for line in p.open() if line.strip()) >= 100, spec.name
        assert set(wanted.get(spec.name, {})) >= {sets[0].stem}, spec.name


# Every blind round answered through the real pipeline: the time grows with each round written (shop's
# eight rounds are ~1,400 conversations), so the hang guard is wider than the suite's 600 s.
@pytest.mark.timeout(1800)
@pytest.mark.parametrize("spec", APPS, ids=[s.name for s in APPS])
def test_blind_figures_hold_their_floors(spec, db: None) -> None:  # type: ignore[no-untyped-def]
    settings = get_settings()
    figures = asyncio.run(blind_figures(spec.name, spec.load("blind")(settings), progress=False))
    wanted = floors()[spec.name]
    short = [s for f in figures if f.set in wanted for s in below_floor(f, wanted[f.set])]
    assert short == [], "\n".join(short + [m for f in figures for m in f.misses[:20]])
