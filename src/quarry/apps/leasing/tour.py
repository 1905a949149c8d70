"""TourCloseAgent: top matches + the time asked → ActionPlan (B.3); holds in Postgres.

A proposal takes the slot asked for on each unit, or the next free half hour on that unit when
an active hold covers it. Booking a proposal inserts a hold with ON CONFLICT DO NOTHING against
the exclusion constraint `leasing_holds_no_overlap` (unit_id =, during &&), so two concurrent
bookings of overlapping slots on one unit cannot both win — no check-then-insert. A hold expires
at the earlier of `LEASING_HOLD_TTL_HOURS` and two hours before the tour (an unconfirmed hold never
blocks a slot up to the last minute: someone else can still take it), or when the tour starts if
it is less than two hours away. Confirming a hold
makes it a booking ('booked'): it no longer expires, and it blocks the slot as a hold does. Each
booking first marks expired holds, against the injected clock.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from quarry.db import Database, Tx

from .models import ActionPlan, Hold, MatchItem, TourAction
from .when import describe, in_hours, resolve

REQUIRED_DOCS = ["photo_id", "company_details", "proof_of_funds_or_financials"]
"""What a commercial landlord asks a prospect to bring to a tour."""
TOURS_PROPOSED = 3
STEP = timedelta(minutes=30)
SEARCH_STEPS = 40
CONFIRM_BEFORE = timedelta(hours=2)
"""A hold must be confirmed this long before its tour."""


def _taken(db: Database, unit_id: str, start: datetime, end: datetime, now: datetime) -> bool:
    return bool(
        db.scalar(
            "SELECT EXISTS (SELECT 1 FROM leasing_holds WHERE unit_id = :u"
            " AND (status = 'booked' OR (status = 'active' AND expires_at > :now)) AND during && tstzrange(:s, :e))",
            {"u": unit_id, "s": start, "e": end, "now": now},
        )
    )


def free_slot(db: Database, unit_id: str, start: datetime, minutes: int, now: datetime) -> datetime | None:
    """`start`, or the next half hour in opening hours with no active hold on the unit."""
    slot = start
    for _ in range(SEARCH_STEPS * 4):
        end = slot + timedelta(minutes=minutes)
        if in_hours(slot, minutes) and slot > now and not _taken(db, unit_id, slot, end, now):
            return slot
        slot += STEP
    return None


def plan_tours(
    db: Database, matches: list[MatchItem], when: str | datetime, *, now: datetime, minutes: int
) -> tuple[ActionPlan, list[str]]:
    """(ActionPlan for the top matches, notes on how the time was read). `when` is the person's time
    words, or a moment (the slot someone else just took: the plan starts from there)."""
    notes: list[str] = []
    when_text = when.isoformat() if isinstance(when, datetime) else when
    starts = [when] if isinstance(when, datetime) else resolve(when, now)
    if not starts:
        starts = resolve("next 2 weeks", now)
        notes.append(f"no future time in {when_text!r}; proposing the next open slots")
    actions: list[TourAction] = []
    for i, m in enumerate(matches[:TOURS_PROPOSED]):
        # One visitor, several units: a range gives each its own slot, one named time is staggered.
        wanted = starts[i] if len(starts) > i else starts[0] + i * timedelta(minutes=minutes)
        slot = free_slot(db, m.id, wanted, minutes, now)
        if slot is None:
            continue
        if slot != wanted:
            notes.append(f"{m.id}: {describe(wanted)} is taken or outside hours → {describe(slot)}")
        actions.append(
            TourAction(
                unit_id=m.id,
                address=f"{m.row_preview.address}, Suite {m.row_preview.suite}",
                start=slot.isoformat(),
                end=(slot + timedelta(minutes=minutes)).isoformat(),
                required_docs=list(REQUIRED_DOCS),
            )
        )
    prompt = confirmation_prompt(actions)
    return ActionPlan(actions=actions, confirmation_prompt=prompt), notes


def confirmation_prompt(actions: list[TourAction]) -> str:
    """One clear call to action."""
    if not actions:
        return "No tour slot is free in the next days for these units: propose another time?"
    first = actions[0]
    when = describe(datetime.fromisoformat(first.start))
    more = {1: "", 2: " (or tour 2)"}.get(len(actions), f" (or tour 2–{len(actions)})")
    return f"Reply 'book tour 1' to hold {when} at {first.address}{more}, or propose another time."


def _hold(row: dict[str, Any]) -> Hold:
    return Hold(
        hold_id=row["hold_id"],
        unit_id=row["unit_id"],
        address=row["address"],
        start=row["lo"].isoformat(),
        end=row["hi"].isoformat(),
        status=row["status"],
        expires_at=row["expires_at"].isoformat(),
    )


def expire(tx: Tx, now: datetime) -> int:
    """Mark active holds past their expiry (by the given clock) as expired."""
    return tx.execute(
        "UPDATE leasing_holds SET status = 'expired' WHERE status = 'active' AND expires_at <= :now", {"now": now}
    )


def book(db: Database, action: TourAction, *, session_id: str | None, now: datetime, ttl_hours: float) -> int | None:
    """Hold `action`'s slot; the new hold id, or None when an overlapping active hold exists."""
    start = datetime.fromisoformat(action.start)
    end = datetime.fromisoformat(action.end)
    expires = hold_expiry(start, now=now, ttl_hours=ttl_hours)
    with db.transaction() as tx:
        expire(tx, now)
        hold_id = tx.scalar(
            "INSERT INTO leasing_holds (unit_id, session_id, during, status, created_at, expires_at)"
            " VALUES (:u, :sid, tstzrange(:s, :e), 'active', :now, :exp)"
            " ON CONFLICT DO NOTHING RETURNING hold_id",
            {"u": action.unit_id, "sid": session_id, "s": start, "e": end, "now": now, "exp": expires},
        )
    return int(hold_id) if hold_id is not None else None


def hold_expiry(start: datetime, *, now: datetime, ttl_hours: float) -> datetime:
    """The earlier of `ttl_hours` from now and two hours before the tour; the tour's start when
    it is less than two hours away (there is no time left to wait for a confirmation)."""
    deadline = start - CONFIRM_BEFORE
    if deadline <= now:
        return start
    return min(now + timedelta(hours=ttl_hours), deadline)


def confirm(db: Database, hold_id: int, *, session_id: str | None, now: datetime) -> bool:
    """Turn this session's active, unexpired hold into a booking (True when it did)."""
    n = db.execute(
        "UPDATE leasing_holds SET status = 'booked', expires_at = upper(during) WHERE hold_id = :h"
        " AND status = 'active' AND expires_at > :now AND session_id IS NOT DISTINCT FROM :sid",
        {"h": hold_id, "sid": session_id, "now": now},
    )
    return n > 0


def release(db: Database, hold_id: int, *, session_id: str | None) -> bool:
    """Release an active hold of this session (True when one was released)."""
    n = db.execute(
        "UPDATE leasing_holds SET status = 'released' WHERE hold_id = :h AND status IN ('active', 'booked')"
        " AND session_id IS NOT DISTINCT FROM :sid",
        {"h": hold_id, "sid": session_id},
    )
    return n > 0


_HOLD_SQL = (
    "SELECT h.hold_id, h.unit_id, lower(h.during) AS lo, upper(h.during) AS hi, h.expires_at,"
    " CASE WHEN h.status = 'active' AND h.expires_at <= :now THEN 'expired' ELSE h.status END AS status,"
    " b.address || ', Suite ' || u.suite AS address"
    " FROM leasing_holds h JOIN leasing_units u USING (unit_id) JOIN leasing_buildings b USING (building_id)"
)


def session_holds(db: Database, session_id: str, *, now: datetime) -> list[Hold]:
    """The holds of a session, newest first (an active hold past its expiry shows as expired)."""
    rows = db.fetch_all(
        _HOLD_SQL + " WHERE h.session_id = :sid ORDER BY h.hold_id DESC", {"sid": session_id, "now": now}
    )
    return [_hold(r) for r in rows]
