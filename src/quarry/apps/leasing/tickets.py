"""Dispatched service tickets: what a tenant confirmed, stored with its vendor and ETA."""

from __future__ import annotations

from quarry.db import Database

from .models import TriageResult

PENDING_TICKET = "pending_ticket"
"""Session state key of the ticket proposed by the last triage answer, until confirmed."""


def dispatch_ticket(db: Database, ticket: TriageResult, *, session_id: str, tenant_id: str | None, report: str) -> int:
    """Store the confirmed ticket (status dispatched); its id."""
    ticket_id = db.scalar(
        "INSERT INTO leasing_tickets (session_id, tenant_id, unit_id, category, priority, trade, vendor, eta_hours,"
        " report) VALUES (:s, :t, :u, :c, :p, :tr, :v, :eta, :r) RETURNING ticket_id",
        {
            "s": session_id,
            "t": tenant_id,
            "u": ticket.unit_id,
            "c": ticket.category,
            "p": ticket.priority,
            "tr": ticket.trade,
            "v": ticket.vendor,
            "eta": ticket.eta_hours,
            "r": report,
        },
        write=True,
    )
    return int(ticket_id)
