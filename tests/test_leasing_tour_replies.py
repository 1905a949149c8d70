"""Replies to proposed tours, end to end on the real database: "the second one" at a new time,
"book the third option", "cancel that", "confirm" (a hold becomes a booking), and when a hold lapses."""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta

import pytest

from quarry.apps.leasing.doma_agents import tour_intent
from quarry.apps.leasing.models import LeasingResponse
from quarry.apps.leasing.orchestrator import run
from quarry.apps.leasing.tour import hold_expiry
from quarry.apps.leasing.when import NY
from quarry.db import Database

NOW = datetime(2026, 11, 23, 9, 0, tzinfo=NY)  # a Monday
SEARCH = "Looking for ~1,800 sqft office in Midtown under $5k/month, pet-friendly, tour this Monday 6pm"


def ask(text: str, session: str | None = None, now: datetime = NOW) -> LeasingResponse:
    return asyncio.run(run(text, session_id=session, clock=lambda: now))


def _active(r: LeasingResponse) -> list[tuple[str, datetime, str]]:
    live = [h for h in r.holds or [] if h.status in {"active", "booked"}]
    return [(h.unit_id, datetime.fromisoformat(h.start), h.status) for h in live]


@pytest.mark.parametrize(
    ("text", "action", "number"),
    [
        ("the second one on Tuesday at 11", "book", 2),
        ("book the third option", "book", 3),
        ("option 2 please", "book", 2),
        ("the 2nd one", "book", 2),
        ("la segunda opción", "book", 2),
        ("cancel that", "release", None),
        ("never mind, scratch that", "release", None),
        ("confirm", "confirm", None),
        ("show me the first available slot on tuesday", "propose", None),
        ("can we see them friday morning", "propose", None),
    ],
)
def test_tour_replies_are_read(text: str, action: str, number: int | None) -> None:
    intent = tour_intent(text)
    assert (intent.action, intent.number) == (action, number)


def test_the_second_one_at_a_new_time_holds_that_unit_then(leasing_db: Database) -> None:
    leasing_db.execute("DELETE FROM leasing_holds")
    first = ask(SEARCH)
    assert first.action_plan is not None and len(first.action_plan.actions) >= 2
    second = first.action_plan.actions[1]
    held = ask("the second one on Tuesday at 11", first.session_id)
    assert held.route == "VIA/tour" and any("tour_reply" in s.codes for s in held.trace)
    assert _active(held) == [(second.unit_id, datetime(2026, 11, 24, 11, 0, tzinfo=NY), "active")]


def test_book_the_third_option_then_cancel_that(leasing_db: Database) -> None:
    leasing_db.execute("DELETE FROM leasing_holds")
    first = ask(SEARCH)
    assert first.action_plan is not None and len(first.action_plan.actions) == 3
    third = first.action_plan.actions[2]
    held = ask("book the third option", first.session_id)
    assert [(u, s) for u, s, _ in _active(held)] == [(third.unit_id, datetime.fromisoformat(third.start))]
    cancelled = ask("cancel that", first.session_id)
    assert cancelled.route == "VIA/tour" and _active(cancelled) == []
    assert {h.status for h in cancelled.holds or []} == {"released"}


def test_confirm_turns_the_hold_into_a_booking_that_does_not_lapse(leasing_db: Database) -> None:
    leasing_db.execute("DELETE FROM leasing_holds")
    first = ask(SEARCH)
    held = ask("book tour 1", first.session_id)
    ((unit, start, status),) = _active(held)
    assert status == "active"
    booked = ask("confirm", first.session_id)
    assert _active(booked) == [(unit, start, "booked")]
    # At 17:00 the hold alone would have lapsed (two hours before the 18:00 tour); the booking still
    # stands and blocks the slot for someone asking for the same time.
    later = NOW + timedelta(hours=8)
    other = ask(SEARCH, now=later)
    assert other.action_plan is not None
    offered = {(a.unit_id, datetime.fromisoformat(a.start)) for a in other.action_plan.actions}
    assert (unit, start) not in offered, "a booked slot was offered again"
    # And the booking can be called off like a hold.
    called_off = ask("cancel that", first.session_id)
    assert _active(called_off) == [] and {h.status for h in called_off.holds or []} == {"released"}


def test_confirm_after_the_hold_lapsed_says_so(leasing_db: Database) -> None:
    leasing_db.execute("DELETE FROM leasing_holds")
    first = ask(SEARCH)
    ask("book tour 1", first.session_id)
    from quarry.errors import NotFound

    with pytest.raises(NotFound):
        ask("yes confirm", first.session_id, now=NOW + timedelta(hours=25))


@pytest.mark.parametrize(
    ("tour_in", "expires_in"),
    [
        (timedelta(days=4), timedelta(hours=24)),  # far away: 24 h to confirm
        (timedelta(hours=10), timedelta(hours=8)),  # soon: two hours before the tour
        (timedelta(hours=1), timedelta(hours=1)),  # too soon to wait: at the start
    ],
)
def test_a_hold_lapses_at_the_earlier_of_a_day_and_two_hours_before(tour_in: timedelta, expires_in: timedelta) -> None:
    assert hold_expiry(NOW + tour_in, now=NOW, ttl_hours=24) == NOW + expires_in


def test_a_tour_not_proposed_or_a_release_with_nothing_held_is_answered_not_an_error(leasing_db: Database) -> None:
    leasing_db.execute("DELETE FROM leasing_holds")
    first = ask(SEARCH)
    assert first.action_plan is not None
    proposed = len(first.action_plan.actions)
    beyond = ask(f"book tour {proposed + 1}", first.session_id)
    assert beyond.question and beyond.asks_for == ["tour"] and beyond.holds is None
    assert beyond.action_plan is not None and len(beyond.action_plan.actions) == proposed  # the plan stays
    assert any("no_such_tour" in s.codes for s in beyond.trace)
    nothing = ask("cancel the hold", first.session_id)
    assert nothing.question and nothing.asks_for == ["tour"]
    assert [h for h in nothing.holds or [] if h.status == "active"] == []
    # The plan is still there: booking one that exists works after both.
    held = ask("book tour 1", first.session_id)
    assert held.action_plan is not None and held.action_plan.actions[0].hold_id is not None
