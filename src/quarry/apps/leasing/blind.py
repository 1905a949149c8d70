"""Blind graders of `quarry leasing eval`: sets written by someone who never saw this code.

- hazard sets (`evals/blind/leasing/hazards_round*.jsonl`): each ticket goes through the whole
  turn (routing included) as a tenant's message; a hazard is right only when the answer is a
  P0 triage, an ordinary ticket only when it is not P0 (groups: hazard, ordinary);
- message sets (`round*.jsonl`): the last turn's route, and per route what the label fixes: the
  lease section(s) cited (or an abstention when no clause covers it), the spec's locations,
  sizes and budget ceiling, or a clarification for a place the data does not hold.
"""

from __future__ import annotations

import re
from typing import Any

from quarry.errors import QuarryError
from quarry.evaluate.blind import BlindVerdict, Grader, GraderSets
from quarry.settings import Settings

from .models import LeasingResponse

HAZARD_TENANT = "T-001"


def graders(settings: Settings) -> GraderSets:
    return [("round", message_grader(settings)), ("hazards", hazard_grader(settings))]


def hazard_grader(settings: Settings) -> Grader:
    from .orchestrator import run

    async def grade(record: dict[str, Any]) -> BlindVerdict:
        resp = await run(str(record["text"]), tenant_id=HAZARD_TENANT, settings=settings)
        p0 = resp.triage is not None and resp.triage.priority == "P0"
        hazard = bool(record["hazard"])
        got = f"{resp.route}/{resp.triage.priority if resp.triage else '-'}"
        return BlindVerdict(
            id=str(record["id"]),
            right=p0 == hazard,
            group="hazard" if hazard else "ordinary",
            why="" if p0 == hazard else f"{got} (want {'P0' if hazard else 'not P0'})",
        )

    return grade


_SECTION_WORD = re.compile(r",\s*(?:section|sec\.?|§)\s*", re.IGNORECASE)


def section_label(section: str) -> str:
    """One spelling of a section's name: "Exhibit D, Section 2" and "Exhibit D, 2" (as a label writer
    shortens it) are the same section."""
    return _SECTION_WORD.sub(", ", section.strip()).lower()


def _sections(resp: LeasingResponse) -> set[str]:
    answer = resp.lease_answer
    return {section_label(c.section) for c in answer.citations if c.section} if answer and answer.found else set()


_WHOLE = re.compile(r"^(?:exhibit|schedule|appendix|annex|rider) [a-z0-9]{1,3}$")


def _meets(cited: set[str], wanted: set[str]) -> bool:
    """Whether a cited section is one the label names; a label naming a whole exhibit ("Exhibit B", written before
    its rules were cited one by one) is met by any of its sections ("Exhibit B, Section 8")."""
    whole = {w for w in wanted if _WHOLE.match(w)}
    return bool(cited & wanted) or any(c.startswith(f"{w}, ") for c in cited for w in whole)


def _spec_differences(want: dict[str, Any], resp: LeasingResponse) -> list[str]:
    if "clarify" in want:
        return [] if resp.question else [f"no clarification for {want['clarify']!r}"]
    spec = resp.spec
    if spec is None:
        return ["no spec"]
    wrong = []
    if "location" in want and sorted(x.lower() for x in want["location"]) != sorted(x.lower() for x in spec.location):
        wrong.append(f"location {spec.location} (want {want['location']})")
    for key in ("min_sqft", "max_sqft"):
        if want.get(key) is not None and (
            getattr(spec, key) is None or abs(getattr(spec, key) - want[key]) > 0.1 * want[key]
        ):
            wrong.append(f"{key} {getattr(spec, key)} (want {want[key]})")
    budget = want.get("budget_monthly_usd") or {}
    have = spec.budget_monthly_usd
    for end in ("min", "max"):
        if budget.get(end) is not None:
            got = getattr(have, end, None) if have else None
            if got is None or abs(got - budget[end]) > 0.02 * budget[end]:
                wrong.append(f"budget {end} {got} (want {budget[end]})")
    return wrong


_LEASE_KEYS = frozenset({"sections", "not_covered", "clarify", "answer", "quote"})
_NEEDS_KEYS = frozenset({"location", "min_sqft", "max_sqft", "budget_monthly_usd", "clarify"})


def _expect_for(expect: dict[str, Any], route: str) -> dict[str, Any]:
    """A two-intent label's fields for the route answered: keyed by route (round 3), or the fields of
    the one lease or needs route in the pair written flat (round 4)."""
    if route in expect:
        return dict(expect[route])
    keys = _LEASE_KEYS if route == "DOMA/lease" else _NEEDS_KEYS if route == "VIA/needs" else frozenset()
    return dict(expect) if expect and set(expect) <= keys else {}


def message_grader(settings: Settings) -> Grader:
    from .orchestrator import run

    async def grade(record: dict[str, Any]) -> BlindVerdict:
        rid, routes = str(record["id"]), record.get("route")
        want_routes = routes if isinstance(routes, list) else [routes]
        session = None
        resp: LeasingResponse | None = None
        group = str(want_routes[0] or "refuse")
        for turn in record["turns"]:
            try:
                resp = await run(turn, session_id=session, tenant_id=record.get("tenant_id"), settings=settings)
            except QuarryError as exc:  # a 4xx the user would see: wrong, with the reason
                return BlindVerdict(id=rid, right=False, group=group, why=f"error on {turn!r}: {exc}")
            session = resp.session_id
        assert resp is not None
        if routes is None:  # off-topic: no pipeline should act
            ok = resp.spec is None and resp.triage is None and resp.renewal is None and resp.holds is None
            return BlindVerdict(id=rid, right=ok, group=group, why="" if ok else f"acted as {resp.route}")
        if resp.route not in want_routes:
            return BlindVerdict(id=rid, right=False, group=group, why=f"route {resp.route} (want {routes})")
        expect = record.get("expect") or {}
        if isinstance(routes, list):
            expect = _expect_for(expect, resp.route)
        wrong: list[str] = []
        if resp.route == "DOMA/lease" and expect:  # round 3's two-intent pairs are labelled by route only
            if expect.get("not_covered"):
                if resp.lease_answer is not None and resp.lease_answer.found:
                    wrong.append(f"answered from {sorted(_sections(resp))} (want not covered)")
            elif "clarify" in expect:
                if resp.question is None and resp.lease_answer is not None and resp.lease_answer.found:
                    wrong.append("answered without knowing the tenant")
            elif not _meets(_sections(resp), {section_label(x) for x in expect.get("sections", [])}):
                wrong.append(f"sections {sorted(_sections(resp))} (want one of {expect.get('sections')})")
        elif resp.route == "VIA/needs":
            wrong = _spec_differences(expect, resp)
        return BlindVerdict(id=rid, right=not wrong, group=group, why="; ".join(wrong))

    return grade
