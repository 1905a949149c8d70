"""TourClose, LeaseQA, ServiceTriage and RenewalDeal as PydanticAI agents, with offline models.

Each runs through the core `run_agent`: a remote model when a key is set, else (or when it fails)
the offline `FunctionModel` here, which answers with the app's deterministic policy. What a model
decides is bounded by what the app checks afterwards, so the guarantees hold whichever answered:

- TourClose decides the intent of a tour message (propose / book N / release N, and the time
  words); slots, holds and conflicts stay in SQL.
- LeaseQA chooses sections and quotes among the passages the core hybrid search retrieved; every
  quote is checked to be an exact substring of that section of the stored lease before answering
  (a failing one is dropped; none left → "Not found in provided lease"), and the answer's words are
  the verified quotes only.
- ServiceTriage decides category, priority (P1/P2) and trade; it is not consulted when a life-safety
  rule fires — P0 stays deterministic, whatever the model.
- RenewalDeal writes the offers and the justification; every offer is re-checked against
  `renewal_policy.json`, so the manager-approval flag is the policy's, not the model's.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, Field
from pydantic_ai import Agent
from pydantic_ai.messages import ModelMessage, ModelResponse
from pydantic_ai.models.function import AgentInfo

from quarry.db import Database
from quarry.llm import last_user_text, output_call
from quarry.nlu.lexicon import load_lexicon
from quarry.nlu.text import fold

from .leaseqa import abstain, compose
from .models import Citation, LeaseAnswer, Offer, RenewalPackage
from .replies import is_confirmation
from .triage import TicketDecision, decide_ticket

OfflineFn = Callable[[list[ModelMessage], AgentInfo], ModelResponse]

# --- TourClose -------------------------------------------------------------------------------------

_BOOK = re.compile(r"\bbook\s+(?:tour\s+|option\s+|slot\s+|#)?(\d+)\b|\bbook (it|that|the first)\b", re.IGNORECASE)
_RELEASE = re.compile(r"\b(release|cancel|drop)\b.*?\b(?:hold|tour|booking)s?\s*#?(\d+)?", re.IGNORECASE)

TOUR_PROMPT = (
    "You handle tour messages of a commercial real-estate assistant. Decide the action: 'book' (hold proposed "
    "tour number N; 'the second one' is N=2; if a new time is said, put its words in `when`), 'release' (free "
    "hold number N; 'cancel that' frees the last hold), 'confirm' (make the held tour a booking: 'yes', "
    "'confirm'), or 'propose' (plan tours; put the time words the person used, e.g. 'thursday around 2pm', "
    "in `when`). Never invent a number the person did not say."
)


class TourIntent(BaseModel):
    action: Literal["propose", "book", "release", "confirm"]
    number: int | None = Field(None, ge=1, description="The tour (book) or hold (release) number said, if any.")
    when: str | None = Field(None, description="The time words: for 'propose', or a new time for the tour booked.")


@lru_cache(maxsize=1)
def _tour_replies() -> tuple[dict[str, int], re.Pattern[str], re.Pattern[str]]:
    """(ordinal → number, "the second one" / "option 2" pattern, "cancel that" pattern)."""
    raw = load_lexicon("quarry.apps.leasing", "tour_replies")
    ordinals = {fold(w): int(n) for table in raw["ordinals"].values() for w, n in table.items()}
    picks = "|".join(re.escape(fold(w)) for w in raw["picks"]["words"])
    words = "|".join(re.escape(w) for w in sorted(ordinals, key=len, reverse=True))
    # An ordinal with what it picks ("the second one", "3rd option"), "the <ordinal>" closing a
    # phrase ("the second on Saturday"), or a pick word with a number ("option 2", "tour #3").
    pick = re.compile(
        rf"(?:\b(?P<ord>{words})\s+(?:{picks})\b)|(?:\bthe\s+(?P<ord2>{words})(?=\s*(?:$|[,.!?]|\s(?:on|at|for|please|pls|then|one)\b)))"
        rf"|(?:\b(?:{picks})\s*#?\s*(?P<num>\d{{1,2}})\b)|(?:#(?P<num2>\d{{1,2}})\b)"
    )
    cancel = re.compile(
        "|".join(rf"(?<!\w){re.escape(fold(p))}(?!\w)" for entries in raw["cancel"].values() for p in entries)
    )
    return ordinals, pick, cancel


def picked_number(text: str) -> int | None:
    """The proposed tour a message picks: "the second one", "book the third option", "option 2"."""
    ordinals, pick, _ = _tour_replies()
    m = pick.search(fold(text))
    if m is None:
        return None
    if m.group("ord") or m.group("ord2"):
        return ordinals[m.group("ord") or m.group("ord2")]
    return int(m.group("num") or m.group("num2"))


def tour_intent(text: str) -> TourIntent:
    """The offline decision: release ('release hold N', 'cancel that'), confirm ('yes', 'confirm'),
    book ('book tour N', 'the second one on Saturday at 11': the time words go along), else a
    proposal at the words said."""
    released = _RELEASE.search(text)
    if released:
        return TourIntent(action="release", number=int(released.group(2)) if released.group(2) else None)
    if _tour_replies()[2].search(fold(text)):
        return TourIntent(action="release")
    if is_confirmation(text):
        return TourIntent(action="confirm")
    booked = _BOOK.search(text)
    number = int(booked.group(1)) if booked and booked.group(1) else picked_number(text)
    if booked or number is not None:
        return TourIntent(action="book", number=number, when=text)
    return TourIntent(action="propose", when=text)


@lru_cache(maxsize=1)
def tour_agent() -> Agent[None, TourIntent]:
    return Agent(output_type=TourIntent, instructions=TOUR_PROMPT, name="leasing-tour")


def offline_tour(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
    return output_call(info, tour_intent(last_user_text(messages)))


# --- LeaseQA ---------------------------------------------------------------------------------------

LEASE_PROMPT = (
    "You answer a tenant's question from their lease. You get the question and numbered passages (section, "
    "page, text). Cite only passages that answer it: for each, the section and a quote copied EXACTLY from that "
    "passage's text. Put the amendment first when an amendment changes the answer. If no passage answers, "
    "set found=false and cite nothing. Never answer beyond the passages."
)


class LeaseCite(BaseModel):
    section: str
    quote: str = Field(description="Copied exactly from the passage's text.")


class LeaseDraft(BaseModel):
    found: bool
    citations: list[LeaseCite] = Field(default_factory=list)


@lru_cache(maxsize=1)
def lease_agent() -> Agent[None, LeaseDraft]:
    return Agent(output_type=LeaseDraft, instructions=LEASE_PROMPT, name="leasing-lease-qa")


def lease_prompt(question: str, passages: list[dict[str, Any]]) -> str:
    shown = "\n\n".join(
        f"[{i}] section {p['section']}, page {p['page']} — {p['heading']}\n{p['body']}"
        for i, p in enumerate(passages, 1)
    )
    return f"Question: {question}\n\nPassages from the tenant's lease:\n\n{shown or '(none)'}"


def offline_lease(answer: LeaseAnswer) -> OfflineFn:
    """The offline model: the deterministic LeaseQA selection (retrieval order, topic words, amendments)."""
    draft = LeaseDraft(
        found=answer.found,
        citations=[LeaseCite(section=c.section or "", quote=c.quote) for c in answer.citations],
    )

    def lease(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        return output_call(info, draft)

    return lease


def verified_answer(
    db: Database, lease_id: str | None, draft: LeaseDraft, passages: list[dict[str, Any]], mode: str
) -> tuple[LeaseAnswer, list[str]]:
    """(answer, dropped): the draft's citations that are exact substrings of the cited section of the
    stored lease, with that section's page; none left (or found=false) → NOT_FOUND + escalation."""
    if lease_id is None or not draft.found:
        return abstain(), []
    body = db.scalar("SELECT body FROM leasing_leases WHERE lease_id = :l", {"l": lease_id}) or ""
    chunks = db.fetch_all(
        "SELECT section, page, body FROM leasing_lease_chunks WHERE lease_id = :l AND section IS NOT NULL"
        " ORDER BY chunk_no",
        {"l": lease_id},
    )
    shown = {p["section"] for p in passages}
    cites: list[Citation] = []
    dropped: list[str] = []
    for c in draft.citations:
        quote = c.quote.strip()
        home = next((ch for ch in chunks if ch["section"] == c.section and quote and quote in ch["body"]), None)
        if home is None or c.section not in shown or quote not in body:
            dropped.append(f"§{c.section}: quote not found in that section of the lease")
            continue
        first_page = min(ch["page"] for ch in chunks if ch["section"] == c.section)
        if all(x.section != c.section for x in cites):
            cites.append(Citation(lease_id=lease_id, page=first_page, section=c.section, quote=quote))
    if not cites:
        return abstain(), dropped
    return compose(cites, mode), dropped


# --- ServiceTriage ---------------------------------------------------------------------------------

TRIAGE_PROMPT = (
    "You triage a tenant's maintenance ticket (no life-safety hazard: those are handled before you). Return "
    "category (plumbing, hvac, general), priority (P1: something out of service, no heat or cooling, no access; "
    "P2: a repair that can wait) and the trade to send (plumbing, hvac, electrical, elevator, locksmith, pest, "
    "cleaning, water_damage, general), with a short reason."
)


@lru_cache(maxsize=1)
def triage_agent() -> Agent[None, TicketDecision]:
    return Agent(output_type=TicketDecision, instructions=TRIAGE_PROMPT, name="leasing-triage")


def offline_triage(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
    return output_call(info, decide_ticket(last_user_text(messages)))


# --- RenewalDeal -----------------------------------------------------------------------------------

RENEWAL_PROMPT = (
    "You prepare a lease renewal offer. You get the tenancy, the market from rent comps, the renewal policy and a "
    "policy-computed proposal. Return a primary offer and exactly two alternatives (monthly rent in USD, term in "
    "months, incentives like 'free_rent_months:2' or 'ti_allowance_psf:10') and a justification citing the "
    "numbers you used. Offers outside the policy are flagged for manager approval by the system."
)


class RenewalDraft(BaseModel):
    primary: Offer
    alternatives: list[Offer] = Field(min_length=2, max_length=2)
    justification: str


@lru_cache(maxsize=1)
def renewal_agent() -> Agent[None, RenewalDraft]:
    return Agent(output_type=RenewalDraft, instructions=RENEWAL_PROMPT, name="leasing-renewal")


def renewal_prompt(question: str, pkg: RenewalPackage, facts: dict[str, Any], policy: dict[str, Any]) -> str:
    proposal = pkg.model_dump(mode="json", include={"primary", "alternatives", "justification"})
    return (
        f"Tenant's message: {question}\n\nTenancy and market: {json.dumps(facts, default=str)}\n\n"
        f"Renewal policy: {json.dumps(policy)}\n\nPolicy-computed proposal: {json.dumps(proposal)}"
    )


def offline_renewal(pkg: RenewalPackage) -> OfflineFn:
    """The offline model: the policy-computed package (comps median, increase band, term schedule)."""
    if pkg.primary is None:
        raise ValueError("a withheld renewal has no offer for a model to draft")
    draft = RenewalDraft(primary=pkg.primary, alternatives=pkg.alternatives, justification=pkg.justification)

    def renewal(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        return output_call(info, draft)

    return renewal
