"""TourClose: natural times against an injected clock (America/New_York), the ActionPlan, and holds:
stored, releasable, expiring, and never overlapping on one unit even under concurrent bookings."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta

import pytest

from quarry.apps.leasing.match import Weights, match_rank
from quarry.apps.leasing.models import TourAction
from quarry.apps.leasing.needs import parse_needs
from quarry.apps.leasing.tour import book, confirmation_prompt, plan_tours, release, session_holds
from quarry.apps.leasing.when import NY, resolve
from quarry.db import Database

MONDAY_9 = datetime(2026, 11, 23, 9, 0, tzinfo=NY)  # Monday
WEDNESDAY_20 = datetime(2026, 11, 25, 20, 0, tzinfo=NY)


@pytest.mark.parametrize(
    ("text", "now", "first"),
    [
        ("this monday 6pm", MONDAY_9, "2026-11-23T18:00:00-05:00"),
        ("this monday 6pm", WEDNESDAY_20, "2026-11-30T18:00:00-05:00"),
        ("next monday 10am", MONDAY_9, "2026-11-30T10:00:00-05:00"),
        ("tomorrow at 3:30pm", MONDAY_9, "2026-11-24T15:30:00-05:00"),
        ("friday afternoon", MONDAY_9, "2026-11-27T14:00:00-05:00"),
        ("next 2 weeks", WEDNESDAY_20, "2026-11-26T10:00:00-05:00"),
        ("tour on July 4th", MONDAY_9, "2026-11-23T13:00:00-05:00"),
    ],
)
def test_natural_times_resolve_to_new_york_slots(text: str, now: datetime, first: str) -> None:
    assert resolve(text, now)[0].isoformat() == first


def test_daylight_saving_is_respected() -> None:
    summer = datetime(2026, 7, 1, 9, 0, tzinfo=NY)
    assert resolve("this friday 6pm", summer)[0].isoformat() == "2026-07-03T18:00:00-04:00"


def test_a_range_gives_three_business_slots() -> None:
    slots = resolve("next 2 weeks", MONDAY_9)
    assert len(slots) == 3 and all(s.weekday() < 6 for s in slots) and all(s > MONDAY_9 for s in slots)


def _action(unit: str, start: datetime, minutes: int = 30) -> TourAction:
    return TourAction(
        unit_id=unit,
        address="x",
        start=start.isoformat(),
        end=(start + timedelta(minutes=minutes)).isoformat(),
        required_docs=[],
    )


def test_plan_proposes_tours_with_one_clear_prompt(leasing_db: Database) -> None:
    items = match_rank(
        leasing_db, parse_needs("~1,800 sqft office in Midtown under $5k/month, pet-friendly"), Weights()
    ).items
    plan, _ = plan_tours(leasing_db, items, "this monday 6pm", now=MONDAY_9, minutes=30)
    assert len(plan.actions) == 3 and plan.actions[0].start == "2026-11-23T18:00:00-05:00"
    assert plan.actions[1].start == "2026-11-23T18:30:00-05:00"  # one visitor: staggered
    assert plan.actions[0].unit_id == items[0].id and plan.actions[0].required_docs
    assert plan.confirmation_prompt.count("?") <= 1 and "book tour 1" in plan.confirmation_prompt


def test_concurrent_overlapping_bookings_on_one_unit_one_wins(leasing_db: Database) -> None:
    base = datetime(2026, 12, 1, 10, 0, tzinfo=NY)
    # 8 concurrent requests for overlapping slots (10:00, 10:10, ... ) on the same unit.
    actions = [_action("U-1001", base + timedelta(minutes=10 * (i % 3))) for i in range(8)]
    with ThreadPoolExecutor(max_workers=8) as pool:
        ids = list(pool.map(lambda a: book(leasing_db, a, session_id="s-race", now=MONDAY_9, ttl_hours=24), actions))
    won = [i for i in ids if i is not None]
    assert len(won) == 1
    assert leasing_db.scalar("SELECT count(*) FROM leasing_holds WHERE unit_id = 'U-1001' AND status = 'active'") == 1
    # A slot that only touches the held one (10:30 after 10:00–10:30) and another unit are fine.
    held_start = datetime.fromisoformat(actions[ids.index(won[0])].start)
    assert (
        book(
            leasing_db,
            _action("U-1001", held_start + timedelta(minutes=30)),
            session_id="s-race",
            now=MONDAY_9,
            ttl_hours=24,
        )
        is not None
    )
    assert book(leasing_db, _action("U-1002", held_start), session_id="s-race", now=MONDAY_9, ttl_hours=24) is not None


def test_the_database_itself_refuses_overlap(leasing_db: Database) -> None:
    start = datetime(2026, 12, 2, 11, 0, tzinfo=NY)
    assert book(leasing_db, _action("U-1003", start), session_id="a", now=MONDAY_9, ttl_hours=24) is not None
    with pytest.raises(Exception, match="leasing_holds_no_overlap"):
        leasing_db.execute(
            "INSERT INTO leasing_holds (unit_id, during, expires_at) VALUES ('U-1003', tstzrange(:s, :e), :x)",
            {"s": start + timedelta(minutes=15), "e": start + timedelta(minutes=45), "x": start},
        )


def test_holds_release_and_expire(leasing_db: Database) -> None:
    start = datetime(2026, 12, 3, 15, 0, tzinfo=NY)
    first = book(leasing_db, _action("U-1004", start), session_id="s-life", now=MONDAY_9, ttl_hours=1)
    assert first is not None
    assert book(leasing_db, _action("U-1004", start), session_id="other", now=MONDAY_9, ttl_hours=1) is None
    assert not release(leasing_db, first, session_id="other")  # not yours
    assert release(leasing_db, first, session_id="s-life")
    assert [h.status for h in session_holds(leasing_db, "s-life", now=MONDAY_9)] == ["released"]
    second = book(leasing_db, _action("U-1004", start), session_id="s-life", now=MONDAY_9, ttl_hours=1)
    assert second is not None
    # Two hours later (by the injected clock) the unconfirmed hold has expired and the slot is free.
    later = MONDAY_9 + timedelta(hours=2)
    assert session_holds(leasing_db, "s-life", now=later)[0].status == "expired"
    assert book(leasing_db, _action("U-1004", start), session_id="other", now=later, ttl_hours=1) is not None


@pytest.mark.parametrize(("n", "more"), [(1, ", or propose"), (2, " (or tour 2), or"), (3, " (or tour 2–3), or")])
def test_the_call_to_action_names_the_other_tours_as_they_are(n: int, more: str) -> None:
    start = datetime(2026, 11, 24, 10, tzinfo=NY)
    actions = [
        TourAction(
            unit_id=f"U-{i}", address="45 Pine St", start=start.isoformat(), end=start.isoformat(), required_docs=[]
        )
        for i in range(n)
    ]
    assert f"45 Pine St{more}" in confirmation_prompt(actions)
