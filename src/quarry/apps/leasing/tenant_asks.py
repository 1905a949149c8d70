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
- a clause that reports something wrong now ("the drain keeps backing up") is a report;
- a known tenant's question in none of those frames ("is there a limit?") is still about the lease,
  unless it asks us to act or offer, reports something wrong, asks for the renewal, or is a search or a
  viewing of its own: the lease is what a tenant has with us;
- a renewal is asked for by a renewal word, a further term ("another five years") or a wish followed by
  a renewal verb ("we want to extend"); inside a condition ("if we use our option to stay on") it is a
  question about the option.

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
_NEGATED = {"are": "(?:are|aren'?t)", "is": "(?:is|isn'?t)", "does": "(?:does|doesn'?t)",
            # "do" stands for the other auxiliaries too: "what would we owe", "what will we pay".
            "do": "(?:do|don'?t|did|didn'?t|would|wouldn'?t|will|won'?t|should|might)",
            "can": "(?:can|can'?t)", "should": "(?:should|shouldn'?t)"}  # fmt: skip
"""A frame asked in the negative means the same ("aren't they supposed to do the dishes?")."""
_SPLIT = re.compile(r"(?<=[.?!;])\s+|\s+[-–—]+\s+|(?<=[?!])(?=\w)|\n+")
_WORD = re.compile(r"[a-z0-9']+")
_SERVICE = re.compile(
    r"\bdoes (?:the|our) (?:[\w-]+ ){0,3}(?:do|clean|pick|provide|give|cover|include|handle|supply|pay|fix|maintain"
    r"|run|service|empty|collect)\b",
    re.IGNORECASE,
)
"""A service the building or landlord may owe: "does the night cleaning crew do our dishes"."""
_ADDRESSED = re.compile(
    r"\b(?:can|could|would|will|do|did|what|how)\s+(?:you|u|ya)\b(?!\s+(?:tell|remind|confirm|check|know|explain|clarify"
    r"|look|let))|\b(?:you|u)\s+(?:propose|offer|quote|suggest|recommend|give us|send|(?:can|could) do)\b",
    re.IGNORECASE,
)
"""The agent asked to act or to offer ("what can you offer", "what rent would you propose"): a request to
us, not a question about the lease; asked to tell or look something up, it is still a question."""
_CONDITIONAL_ASK = re.compile(
    r"\W*(?:if|once|say|suppose|assuming|in case)\b.*?\b(?:(?:what|whats|what's|who|how|when|where|which|do|does|can"
    r"|could|would|will|is|are)\s+(?:we|i|the|our|they|it|that|there|you)\b|how\s+(?:long|much|many|soon|often)\b)",
    re.IGNORECASE,
)
"""A condition and then the question, with no comma between ("if we stay a few extra weeks what do we pay", "once
we're out how long until ...")."""
_LEAD_IN_ASK = re.compile(
    r"\W*(?:per|under|according to|in|by|regarding|re|as per)\s+(?:[\w'’]+\s+){1,3}?"
    r"(?:what|what's|whats|who|who's|whose|when|where|which|how)\b",
    re.IGNORECASE,
)
"""A question word after a lead-in phrase, question mark or not ("per the lease what was the window …",
"under our lease who pays for …")."""
_AUXILIARY = frozenset({"will", "would", "can", "could", "do", "does", "did", "is", "are", "should", "must", "may"})
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


def _pattern(phrases: list[str], *, negated: bool = False) -> re.Pattern[str]:
    alts = phrase_alternation(phrases, word={**_PRONOUNS, **(_NEGATED if negated else {})})
    return re.compile(rf"(?<![\w'])(?:{alts})(?![\w'])", re.IGNORECASE)


@lru_cache(maxsize=1)
def _lexicon() -> dict[str, list[str]]:
    return {k: [str(x) for x in v] for k, v in load_lexicon("quarry.apps.leasing", "tenant_asks").items()}


@lru_cache(maxsize=1)
def _patterns() -> dict[str, re.Pattern[str]]:
    grammar = ("openers", "fillers", "renewal_wish", "complaint", "parts", "jobs", "negations")
    skip = (*grammar, "landlord_side", "landlord_acts", "providers", "plans", "tenancy")
    return {k: _pattern(v, negated=k in FRAMES) for k, v in _lexicon().items() if k not in skip}


@lru_cache(maxsize=1)
def _fillers() -> frozenset[str]:
    return frozenset(_lexicon()["fillers"])


def _unfilled(text: str) -> list[str]:
    """The words of `text`, lower-cased, without the fillers said before an opener ("so", "btw", "quick q")."""
    return [w for w in _WORD.findall(text.lower()) if w not in _fillers()]


def clauses(text: str) -> list[Clause]:
    """The message's clauses in order, each with whether it asks."""
    out: list[Clause] = []
    start = 0
    openers = set(_lexicon()["openers"])
    asking = _patterns()["asking"]
    for m in [*_SPLIT.finditer(text), None]:
        end = m.start() if m is not None else len(text)
        piece = text[start:end].strip()
        if piece:
            at = text.index(piece, start)
            words = _unfilled(piece)
            # A question mark ends the clause that asks; the split keeps it on that clause.
            tail = text[end : m.end()] if m is not None else ""
            # "if the subtenant pays more, who keeps the difference": a wh-word opening a part after a comma.
            # "rent went out on the 4th, will there be a penalty": an auxiliary opening a part of three
            # words or more after a comma asks too, question mark or not.
            parts = [_WORD.findall(p.lower()) for p in piece.split(",")[1:]]
            asks = piece.endswith("?") or "?" in tail or bool(words and words[0] in openers)
            asks = asks or any(ws and (ws[0] in _WH or (ws[0] in _AUXILIARY and len(ws) >= 3)) for ws in parts)
            asks = asks or bool(_CONDITIONAL_ASK.match(piece)) or bool(_LEAD_IN_ASK.match(piece))
            clause = Clause(piece, at, at + len(piece), asks or bool(asking.search(piece)))
            if out and clause.asks and len(words) < 3 and not out[-1].asks:
                # A tag question ("that ok?", "cool?") asks about the statement before it.
                clause = Clause(text[out[-1].start : clause.end], out[-1].start, clause.end, True)
                out.pop()
            out.append(clause)
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
        if renews := _renews(clause.text):
            # Asked about, not asked for: the renewal option's terms are the lease's.
            hits["facts"] = hits["facts"] or renews
        found = [(frame, m) for frame, m in hits.items() if m is not None]
        asked = _requested(clause.text)
        # "who's on the hook if the AC unit needs to be replaced": the request's words are supposed, after
        # the frame that asks.
        supposed = _HYPOTHESIS.search(clause.text)
        if asked is not None and supposed is not None and supposed.start() < asked.start():
            # ...and so are they when the question follows the condition ("if it has to be replaced is that our
            # cost?"); a request after a bare condition stands ("if possible can someone come look?").
            framed = any(m.end() <= supposed.start() or m.start() >= asked.end() for _, m in found)
            asked = None if framed else asked
        if asked is not None and not any(m.start() < asked.end() < m.end() for _, m in found):
            continue  # someone is asked to act, and no lease phrase runs through the request
        if found:
            frame, m = found[0]
            return LeaseAsk(clause, frame, m.group(0))
    return next((LeaseAsk(c, "open", c.text) for c in clauses(text) if _open_question(c)), None)


_OTHER_ROUTES: tuple[Route, ...] = ("VIA/needs", "VIA/tour", "DOMA/triage", "DOMA/renewal")


def _open_question(clause: Clause) -> bool:
    """A known tenant's question in no frame above ("is there a limit?", "any issue if we pour wine after
    5pm?"): the lease is what a tenant has with us, so a question that asks nobody to act, reports nothing
    wrong, asks for no renewal and is no search or viewing of its own is a question about the lease."""
    if not clause.asks or len(_WORD.findall(clause.text)) < 3:
        return False  # "ok?", "thanks!": nothing to look up
    if _renewal_asked(clause) or _reported(clause) or _requested(clause.text):
        return False
    if _ADDRESSED.search(clause.text) or _complaint().match(clause.text):
        return False
    asked = Clause(_unsupposed(clause.text), clause.start, clause.end, clause.asks)
    return not any(_strongly(asked, route) for route in _OTHER_ROUTES)


def _unsupposed(text: str) -> str:
    """`text` without the condition it puts ("hypothetically, if the main burst …, is rent still due?"
    → "is rent still due?"): from a hypothesis word to the last comma after it."""
    supposed = _HYPOTHESIS.search(text)
    if supposed is None:
        return text
    comma = text.rfind(",", supposed.end())
    return text[: supposed.start()] + (text[comma + 1 :] if comma >= 0 else "")


@lru_cache(maxsize=1)
def _complaint() -> re.Pattern[str]:
    """ "why is the heat off again??": a complaint about something wrong now, not a question about the
    lease (a `complaint` word opening the clause, after any fillers)."""
    lex = _lexicon()
    fillers, words = phrase_alternation(lex["fillers"]), phrase_alternation(lex["complaint"])
    return re.compile(rf"^\W*(?:(?:{fillers})\W+)*(?:{words})\b", re.IGNORECASE)


@lru_cache(maxsize=1)
def _third_party() -> re.Pattern[str]:
    """Permission asked for the tenant's people: a modal, a determiner, one of `people` ("can the crew
    bring their dogs", "may our guests park")."""
    people = "|".join(re.escape(w) for w in _lexicon()["people"])
    return re.compile(rf"\b(?:can|could|may)\s+(?:(?:the|our|my|their)\s+)?(?:{people})\b", re.IGNORECASE)


_HYPOTHESIS = re.compile(
    r"\b(?:if|hypothetically|hypothetical|worst[- ]case|suppose|supposing|assuming|say|in case|were to)\b",
    re.IGNORECASE,
)
"""A condition put to the lease: what follows it in the clause is supposed, not reported."""


def _reported(clause: Clause) -> bool:
    """Something wrong reported (not supposed: "if the power died for a week, would we owe rent?")."""
    text = clause.text.replace("\u2019", "'")
    found = _patterns()["report"].search(text) or _not_doing().search(text)
    return found is not None and not _HYPOTHESIS.search(text[: found.start()])


@lru_cache(maxsize=1)
def _not_doing() -> re.Pattern[str]:
    """A part, a negation, then the part's job in any form ("AC isn't cooling at all", "the toilet won't
    flush", "badge reader at the landing not reading cards"): a report of it not doing its job."""
    lex = _lexicon()
    parts = phrase_alternation(lex["parts"], plurals=True)
    negations = phrase_alternation(lex["negations"])
    jobs = phrase_alternation([f"{j}*" for j in lex["jobs"]])
    return re.compile(
        rf"(?<![\w'])(?:{parts})(?![\w'])(?:\W+[\w']+){{0,4}}?\W+(?:{negations})\s+(?:[\w']+\s+)?(?:{jobs})(?![\w'])",
        re.IGNORECASE,
    )


@lru_cache(maxsize=1)
def _their_plan() -> re.Pattern[str]:
    """Someone on the landlord's side saying it will act ("mgmt wants to", "the super is going to")."""
    lex = _lexicon()
    side, plans = phrase_alternation(lex["landlord_side"], plurals=True), phrase_alternation(lex["plans"])
    return re.compile(rf"(?<![\w'])(?:{side})(?:'s)?(?:\s+[\w']+){{0,2}}?\s+(?:{plans})(?![\w'])", re.IGNORECASE)


@lru_cache(maxsize=1)
def _landlord_asked() -> re.Pattern[str]:
    """The landlord's side asked to act ("can the building get it cleaned off?", "could mgmt send someone"): a
    request, where "can the landlord come in whenever?" asks what the lease lets them do."""
    lex = _lexicon()
    side, acts = phrase_alternation(lex["landlord_side"], plurals=True), phrase_alternation(lex["landlord_acts"])
    # Those who work for the building are asked to act whatever the verb ("could maintenance patch it?").
    providers = phrase_alternation(lex["providers"], plurals=True)
    return re.compile(
        rf"\b(?:can|could|will|would)\s+(?:the\s+|our\s+)?(?:(?:{side})\s+(?:please\s+)?(?:{acts})(?![\w'])"
        rf"|(?:{providers})\s+(?:please\s+)?[a-z-]+)",
        re.IGNORECASE,
    )


_HOW_OFTEN = re.compile(r"\bhow (?:often|frequently|regularly|many times)\b", re.IGNORECASE)
"""A question of how often: what it asks to happen is a habit the lease sets, not a request now."""


def _requested(text: str) -> re.Match[str] | None:
    """Someone asked to act ("can someone come look"), unless it is the landlord's own plan said by the
    tenant ("mgmt wants to come look at the ceiling tomorrow"): nobody is asked to come then."""
    asked = _patterns()["request"].search(text) or _landlord_asked().search(text)
    if asked is None:
        return None
    if _HOW_OFTEN.search(text[: asked.start()]):
        return None  # "how often do we need someone to come look at the AC?": a schedule asked, nobody sent now
    # The plan may hold the request's own words ("the super is going to come by").
    plan = next((m for m in _their_plan().finditer(text[: asked.end()]) if m.start() < asked.start()), None)
    if plan is not None and len(_WORD.findall(text[plan.end() : max(plan.end(), asked.start())])) <= 2:
        return None
    return asked


_TERM = re.compile(
    r"\b(?:another(?: (?:\d+|one|two|three|four|five|six|seven|eight|nine|ten))?|(?:\d+|one|two|three|four|five|six|"
    r"seven|eight|nine|ten) more|an? (?:extra|additional|further|new|second)) (?:years?|yrs?|terms?)\b|\bnext term\b"
    r"|\b(?:extend|stay|renew)\w*\s+(?:(?:(?:our|the|my)\s+)?(?:lease|term)\s+)?(?:(?:for|by)\s+)?"
    r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)[\s-]+(?:years?|yrs?)\b"
    # In months, only beside an extension said: "another 12 months", "a short extension, like 12 months",
    # "extend by 18 months", "a 24-month renewal" ("an extra month to move out" is a holdover).
    r"|\b(?:another|extension|extend\w*|renew\w*|stay\w*)\W+(?:[\w']+\W+){0,3}?\d+[\s-]*(?:months?|mos?)\b"
    r"|\b\d+[\s-]*(?:more\s+)?(?:months?|mos?)\W+(?:[\w']+\W+){0,2}?(?:extension|renewal|term)\b",
    re.IGNORECASE,
)
"""A further term asked in years ("another five years", "3 more yrs", "the next term", "extend 3 yrs", "extend lease 5
yrs"), or in months beside an extension ("a short extension, like 12 months")."""
_TERM_NOUN = re.compile(
    r"\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)[\s-]*(?:years?|yrs?)\W+(?:[\w']+\W+)?"
    r"(?:extension|renewal)\b",
    re.IGNORECASE,
)
"""The term said before the renewal's noun ("would the landlord do a 2-year extension?"): asked for, unless a question
word asks about it ("how is the 5 year renewal rent set?")."""


@lru_cache(maxsize=1)
def _wish() -> re.Pattern[str]:
    """A wish followed by a renewal verb within two words ("we want to extend", "interested in extending
    our term"): the renewal itself, whatever else the clause asks."""
    wishes = phrase_alternation(_lexicon()["renewal_wish"], word=_PRONOUNS)
    # "extend" and "stay" renew only when nothing else is extended ("extend our hours" is no renewal).
    renew = (r"(?:renew\w*|re-?up|(?:extend|stay)\w*(?=\s*(?:$|[^\w\s]|(?:for|by|on|another|again|it|longer|"
             r"(?:our|the) (?:lease|term|tenancy)|\d+)\b)))")  # fmt: skip
    return re.compile(rf"(?<![\w'])(?:{wishes})\s+(?:\w+\s+){{0,2}}?{renew}", re.IGNORECASE)


_BESIDE = 32
"""Characters either side of a renewal word read for what is renewed."""


def _renews(text: str) -> re.Match[str] | None:
    """A renewal word, a further term or a wish to renew; not a renewal of something other than the lease
    said beside it ("won't auto-renew the LC")."""
    other = _patterns()["renewed_other"]
    for pattern in (_patterns()["renewal"], _TERM, _wish()):
        for m in pattern.finditer(text):
            if not other.search(text[max(0, m.start() - _BESIDE) : m.end() + _BESIDE]):
                return m
    return None


def _renewal_asked(clause: Clause) -> bool:
    """Whether the clause asks for a renewal (not about the option): a request, or a renewal word said
    without asking ("renew for 5 more yrs")."""
    p = _patterns()
    wished = p["renewal_request"].search(clause.text) or _wish().search(clause.text)
    said = _renews(clause.text)
    if not said or (p["request"].search(clause.text) and not _TERM.search(clause.text)):
        return False  # someone asked to come ("can you send someone before we renew"), unless a term is asked
    # The renewal inside a condition is hypothetical ("what would the rent be if we use our option to stay on").
    before = clause.text[: said.start()]
    conditional = re.search(r"\b(?:if|once|assuming|suppose|in case)\b|^\W*when\b", before, re.IGNORECASE)
    # A wish inside what the landlord is told, asked with a question word, is about the notice ("what's the
    # window for letting the landlord know we want to extend?").
    told = clause.asks and bool(p["told"].search(before)) and _asked_with_wh(clause.text)
    if clause.asks and not told and (_ADDRESSED.search(clause.text) or p["offer_expected"].search(clause.text)):
        # We are asked to offer, or the offer's terms are expected, whatever the condition ("what's the best rate you
        # can do if we sign on for another 5 yrs?", "what increase should we expect if we renew?"): the offer itself.
        return True
    bare = len(_WORD.findall(clause.text.lower())) <= 2  # "Renewal??", "renew pls"
    # A further term asked for is the renewal itself ("can we do a short extension, like 12 months?"), unless the
    # question is about the option that grants it ("do we have an option for another five years?").
    termed = (
        _TERM.search(clause.text) is not None
        or (_TERM_NOUN.search(clause.text) is not None and not _asked_with_wh(clause.text))
    ) and not p["about_option"].search(clause.text)
    return (bool(wished or termed) and not conditional and not told) or not clause.asks or bare


_WH_PREPOSITIONS = frozenset({"by", "until", "till", "til", "from", "since", "before"})
"""A preposition a question word may follow ("by when do we have to tell you ...")."""


def _asked_with_wh(text: str) -> bool:
    """Whether the clause opens with a question word, after any fillers ("so what's the window ...") and a
    preposition ("by when ...")."""
    words = _unfilled(text)
    if len(words) > 1 and words[0] in _WH_PREPOSITIONS:
        words = words[1:]
    return bool(words) and words[0] in _WH


_OWN = re.compile(
    r"\b(?:we have|we've got|we got|we already have|we're not using|we aren't using|we don't use)\b", re.IGNORECASE
)
"""A tenant speaking of the space it has."""
_IMPOSED_MOVE = re.compile(
    r"\b(?:make|force|require|tell|ask|get)\s+(?:us|me)\s+(?:to\s+)?(?:relocate|move)\b|\brelocate\s+(?:us|me)\b",
    re.IGNORECASE,
)
"""A move the landlord imposes on a tenant."""


def _strongly(clause: Clause, route: Route) -> bool:
    """Whether the clause alone is a request for `route` (its own best rule score, and a firm one). A
    tenant's search names a size or asks for space: a price alone ("maybe ~15k total") is a cost; a
    tenant's viewing is booked, scheduled or asked to see."""
    scores, why = rule_scores(clause.text)
    if route == "VIA/needs" and not any(w.startswith(("size quoted", "search request")) for w in why[route]):
        return False
    searched = any(w.startswith("search request") for w in why[route])
    if route == "VIA/needs" and not searched and _OWN.search(clause.text):
        return False  # the size of the space they have ("we have ~2,000 sf we're not using") is no search
    if route == "VIA/needs" and _IMPOSED_MOVE.search(clause.text):
        return False  # "can they make us relocate to a different suite?": the landlord's move, not a search
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
    parts = clauses(text)
    renewing = [c for c in parts if _renewal_asked(c)]
    # A known tenant who asks for the renewal and quotes no size or price is not searching ("we want to stay -
    # could you put together a few options for extending?").
    if renewing and (ask is None or ask.frame == "open") and route in ("DOMA/lease", "DOMA/renewal", "VIA/needs"):
        # "we want to extend - what would the numbers look like?": a question in no lease frame beside
        # the renewal asked for is about the offer.
        if route == "DOMA/renewal":
            return None
        searching = route == "VIA/needs" and any(
            w.startswith(("size quoted", "price quoted")) for c in parts for w in rule_scores(c.text)[1]["VIA/needs"]
        )
        if not searching:
            return Settled("DOMA/renewal", f"renewal asked in {renewing[0].text!r}")
    if ask is None:
        # Someone asked to come is service, not a viewing; a report without a search is a ticket.
        searched = any(_strongly(c, route) for c in parts)
        service = any(_requested(c.text) for c in parts) or not searched
        if route in ("VIA/tour", "VIA/needs") and any(map(_reported, parts)) and service:
            return Settled("DOMA/triage", "a tenant reports something wrong and asks for no space: a ticket")
        come = any(_requested(c.text) for c in parts)
        if route in ("VIA/tour", "VIA/needs") and not searched and come:
            # "the blind snapped and is hanging crooked. could someone fix it?": someone asked to come, no space.
            return Settled("DOMA/triage", "a tenant asks for someone to come and asks for no space: a ticket")
        renewal_said = any(_renews(c.text) for c in parts)  # "can you send over renewal numbers": the renewal
        if route in ("DOMA/renewal", "DOMA/lease") and not renewal_said and (come or any(map(_reported, parts))):
            # The classifier's guess for a report or a request it had no cue for ("hand sink keeps backing up,
            # we've plunged it twice", "can the cleaners come empty our bins?"): no lease question, no renewal.
            return Settled("DOMA/triage", "a tenant reports something wrong or asks someone to come: a ticket")
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
        own = next((c for c in others if _requested(c.text)), None)
    else:
        own = next((c for c in others if _strongly(c, route)), None)
    if own is not None:
        return Settled(route, f"{route} asked in {own.text!r}; also {said}", "DOMA/lease", asked, asked)
    report = next((c for c in others if _reported(c)), None)
    if report is not None:
        return Settled("DOMA/lease", f"{said}; the report beside it gets a ticket", "DOMA/triage", report.text, asked)
    return Settled("DOMA/lease", f"{said}, not a request for {route}", asked=asked)


def asks_anything(text: str) -> bool:
    """Whether a known tenant's message asks the lease, reports something wrong, asks someone to come or asks for
    the renewal: a message that does none of these ("write me a haiku") is asked back, never guessed."""
    if lease_question(text) is not None:
        return True
    return any(_requested(c.text) or _reported(c) or _renewal_asked(c) for c in clauses(text))


@lru_cache(maxsize=1)
def _tenancy() -> re.Pattern[str]:
    """Words of someone who already rents from us ("my landlord", "our space", "we lease")."""
    return re.compile(
        rf"(?<![\w'])(?:{phrase_alternation(_lexicon()['tenancy'], plurals=True, word=_PRONOUNS)})(?![\w'])",
        re.IGNORECASE,
    )


def unknown_tenant(text: str, route: Route) -> Settled | None:
    """A message from someone not known as a tenant that asks what their own lease says ("how much notice
    does my landlord have to give before coming into our space?"): lease QA, which asks who they are. A
    prospect's question ("are pets allowed?") names no tenancy of its own and stays where it was routed,
    as does a message that asks for a search or a viewing anywhere in it."""
    if not _tenancy().search(text):
        return None  # checked first: most messages without a tenant are a prospect's, and name no tenancy
    ask = lease_question(text)
    if ask is None:
        return None
    parts = clauses(text)
    if any(_strongly(c, r) for c in parts for r in ("VIA/needs", "VIA/tour")):
        return None  # a search or a viewing asked for, in the question itself too ("can we see 3,000 sf?")
    if any(_requested(c.text) or _reported(c) or _renewal_asked(c) for c in parts):
        return None  # someone asked to come, something wrong now, the renewal itself: answered where routed
    return Settled("DOMA/lease", f"asks what their own lease says ({ask.frame}: {ask.phrase!r}); tenant not known")
