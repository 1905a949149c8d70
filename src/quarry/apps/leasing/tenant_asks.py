"""What a tenant's message asks of its own lease, clause by clause (issue 22, item 5).

Words are data (`data/tenant_asks.toml`); here is the grammar:

- a message is read as clauses (split at . ? ! ; and at a dash between words), each knowing
  whether it asks: a question mark, an asking opener ("can", "who", "what's") after greetings and
  fillers, or an asking phrase ("wondering if", "remind me");
- an asking clause is a **lease question** when it holds a frame: permission ("can we repaint",
  "are they allowed"), responsibility ("us or the landlord", "are we supposed to"), entitlement
  ("do we get heat on saturdays", "does the landlord do any cleaning"), a charge ("after hours
  rate?", "what do we get charged"), a consequence ("what happens if we overstay") or a fact the
  lease fixes ("when does our lease expire"). In a phrase "we" also reads "I", "our" "my", "us"
  "me";
- asking someone to act ("can someone come by", "is anyone coming to fix it") is a request, and a
  clause asking to renew or extend is the renewal itself, not a question about the lease;
- a clause that reports something wrong now ("the drain keeps backing up") is a report.

`settle` turns that into the route of a known tenant's message and, when the message holds a
second intent in a clause of its own, the route and words of that second intent: a question about
the lease is never sent where it would open a ticket, book a tour or price a renewal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from quarry.nlu.lexicon import load_lexicon, phrase_alternation

from .models import Route
from .routing import rule_scores

FRAMES = ("permission", "responsibility", "entitlement", "charges", "consequence", "facts")
"""The kinds of lease question, in the order they are tried (the first that fits names the ask)."""
_PRONOUNS = {"we": "(?:we|i)", "our": "(?:our|my)", "us": "(?:us|me)"}
_SPLIT = re.compile(r"(?<=[.?!;])\s+|\s+[-–—]+\s+|(?<=[?!])(?=\w)|\n+")
_WORD = re.compile(r"[a-z0-9']+")
_SERVICE = re.compile(
    r"\bdoes (?:the|our) (?:[\w-]+ ){0,3}(?:do|clean|pick|provide|give|cover|include|handle|supply|pay|fix|maintain"
    r"|run|service|empty|collect)\b",
    re.IGNORECASE,
)
"""A service the building or landlord may owe: "does the night cleaning crew do our dishes"."""
_WH = frozenset({"what", "what's", "whats", "who", "who's", "whos", "whose", "when", "where", "which", "how"})


@dataclass(frozen=True)
class Clause:
    text: str
    start: int
    end: int
    asks: bool


@dataclass(frozen=True)
class LeaseAsk:
    """A clause that asks what the lease says, and the frame it asks in."""

    clause: Clause
    frame: str
    phrase: str


@dataclass(frozen=True)
class Settled:
    """A known tenant's message: its route, why, and a second intent answered beside it."""

    route: Route
    why: str
    also: Route | None = None
    also_text: str | None = None
    asked: str | None = None
    """The clause that asks what the lease says (answered beside a hazard's ticket too)."""


def _pattern(phrases: list[str]) -> re.Pattern[str]:
    alts = phrase_alternation(phrases, word=_PRONOUNS)
    return re.compile(rf"(?<![\w'])(?:{alts})(?![\w'])", re.IGNORECASE)


@lru_cache(maxsize=1)
def _lexicon() -> dict[str, list[str]]:
    return {k: [str(x) for x in v] for k, v in load_lexicon("quarry.apps.leasing", "tenant_asks").items()}


@lru_cache(maxsize=1)
def _patterns() -> dict[str, re.Pattern[str]]:
    return {k: _pattern(v) for k, v in _lexicon().items() if k not in ("openers", "fillers")}


def clauses(text: str) -> list[Clause]:
    """The message's clauses in order, each with whether it asks."""
    out: list[Clause] = []
    start = 0
    openers, fillers = set(_lexicon()["openers"]), set(_lexicon()["fillers"])
    asking = _patterns()["asking"]
    for m in [*_SPLIT.finditer(text), None]:
        end = m.start() if m is not None else len(text)
        piece = text[start:end].strip()
        if piece:
            at = text.index(piece, start)
            words = [w for w in _WORD.findall(piece.lower()) if w not in fillers]
            # A question mark ends the clause that asks; the split keeps it on that clause.
            tail = text[end : m.end()] if m is not None else ""
            # "if the subtenant pays more, who keeps the difference": a wh-word opening a part after a comma.
            parts = [_WORD.findall(p.lower())[:1] for p in piece.split(",")[1:]]
            asks = piece.endswith("?") or "?" in tail or bool(words and words[0] in openers)
            asks = asks or any(first and first[0] in _WH for first in parts)
            out.append(Clause(piece, at, at + len(piece), asks or bool(asking.search(piece))))
        if m is not None:
            start = m.end()
    return out


def lease_question(text: str) -> LeaseAsk | None:
    """The first clause that asks what the lease says (not a request, not the renewal itself)."""
    p = _patterns()
    for clause in clauses(text):
        if not clause.asks or _renewal_asked(clause):
            continue
        hits = {frame: p[frame].search(clause.text) for frame in FRAMES}
        hits["permission"] = hits["permission"] or _third_party().search(clause.text)
        hits["entitlement"] = hits["entitlement"] or _SERVICE.search(clause.text)
        if p["renewal"].search(clause.text):
            # Asked about, not asked for: the renewal option's terms are the lease's.
            hits["facts"] = hits["facts"] or p["renewal"].search(clause.text)
        found = [(frame, m) for frame, m in hits.items() if m is not None]
        asked = p["request"].search(clause.text)
        if asked is not None and not any(m.start() < asked.end() < m.end() for _, m in found):
            continue  # someone is asked to act, and no lease phrase runs through the request
        if found:
            frame, m = found[0]
            return LeaseAsk(clause, frame, m.group(0))
    return None


@lru_cache(maxsize=1)
def _third_party() -> re.Pattern[str]:
    """Permission asked for the tenant's people: a modal, a determiner, one of `people` ("can the crew
    bring their dogs", "may our guests park")."""
    people = "|".join(re.escape(w) for w in _lexicon()["people"])
    return re.compile(rf"\b(?:can|could|may)\s+(?:(?:the|our|my|their)\s+)?(?:{people})\b", re.IGNORECASE)


def _reported(clause: Clause) -> bool:
    return bool(_patterns()["report"].search(clause.text))


def _renewal_asked(clause: Clause) -> bool:
    """Whether the clause asks for a renewal (not about the option): a request, or a renewal word said
    without asking ("renew for 5 more yrs")."""
    p = _patterns()
    if not p["renewal"].search(clause.text) or p["request"].search(clause.text):
        return False
    conditional = re.match(r"\W*(if|when|once)\b", clause.text, re.IGNORECASE)
    bare = len(_WORD.findall(clause.text.lower())) <= 2  # "Renewal??", "renew pls"
    return (bool(p["renewal_request"].search(clause.text)) and not conditional) or not clause.asks or bare


def _strongly(clause: Clause, route: Route) -> bool:
    """Whether the clause alone is a request for `route` (its own best rule score, and a firm one). A
    tenant's search names a size or asks for space: a price alone ("maybe ~15k total") is a cost; a
    tenant's viewing is booked, scheduled or asked to see."""
    scores, why = rule_scores(clause.text)
    if route == "VIA/needs" and not any(w.startswith(("size quoted", "search request")) for w in why[route]):
        return False
    if route == "VIA/tour" and not any(
        w.startswith(("booking", "scheduling", "see a unit", "release")) for w in why[route]
    ):
        return False  # "landlord is showing it on Monday" is no viewing the tenant asks for
    return scores[route] >= 2.0 and scores[route] == max(scores.values())


def settle(text: str, route: Route) -> Settled | None:
    """A known tenant's message routed to `route`: None when the route stands as it is, else the
    route it takes and the second intent answered beside it. A lease question sent to triage, a
    tour, a search or a renewal goes to lease QA unless another clause asks for that route itself,
    in which case both are answered; a lease question beside a report of something wrong now
    also proposes a ticket for the report."""
    ask = lease_question(text)
    request = _patterns()["request"]
    if ask is None:
        parts = clauses(text)
        # Someone asked to come is service, not a viewing; a report without a search is a ticket.
        service = any(request.search(c.text) for c in parts) or not any(_strongly(c, route) for c in parts)
        if route in ("VIA/tour", "VIA/needs") and any(map(_reported, parts)) and service:
            return Settled("DOMA/triage", "a tenant reports something wrong and asks for no space: a ticket")
        return None
    others = [c for c in clauses(text) if c != ask.clause]
    said = f"asks what the lease says ({ask.frame}: {ask.phrase!r})"
    asked = ask.clause.text
    if route == "DOMA/lease":
        report = next((c for c in others if _reported(c)), None)
        if report is None:
            return None
        return Settled("DOMA/lease", said, "DOMA/triage", report.text, asked)
    if route == "DOMA/renewal":
        if any(_renewal_asked(c) for c in others):
            return Settled(route, f"renewal asked; also {said}", "DOMA/lease", asked, asked)
        return Settled("DOMA/lease", f"{said}; no renewal is asked for", asked=asked)
    if route == "DOMA/triage":
        # A report is the context of the question ("the drain keeps backing up - is the sewer line on
        # us?") unless someone is asked to come: then the ticket leads and the lease answer follows.
        own = next((c for c in others if request.search(c.text)), None)
    else:
        own = next((c for c in others if _strongly(c, route)), None)
    if own is not None:
        return Settled(route, f"{route} asked in {own.text!r}; also {said}", "DOMA/lease", asked, asked)
    report = next((c for c in others if _reported(c)), None)
    if report is not None:
        return Settled("DOMA/lease", f"{said}; the report beside it gets a ticket", "DOMA/triage", report.text, asked)
    return Settled("DOMA/lease", f"{said}, not a request for {route}", asked=asked)
