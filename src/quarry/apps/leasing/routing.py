"""ManagerAgent routing: the K.1 keyword table (data) + contextual cues, then a classifier.

1. **Keywords** (`data/routing_keywords.json`, the seed's K.1 table as is): one point per hit,
   half a point for the words K.1 lists that also mean something else ("term", "offer",
   "increase", "see", "water", "issue", "ac", ...).
2. **Cues**: phrases that say what a keyword cannot — a size or price quoted (needs), a day or
   time (tour), "under my lease" (lease), "leaking" / "not working" (triage), "renew" / "my lease
   ends" (renewal) — each with a weight.
3. **Classifier**: when no rule scores, or the top two routes are within `SPLIT_MARGIN`, the k
   nearest labelled examples (`data/routing_examples.jsonl`, embedded with the core embedder)
   vote among the routes still in play.
A session waiting for the answer to a clarifying question sends a cue-less answer back to needs.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import cast

import numpy as np

from .models import ROUTES, Route, RouteDecision
from .places import DATA_DIR, NEIGHBOURHOODS

KEYWORDS_FILE = DATA_DIR / "routing_keywords.json"
EXAMPLES_FILE = DATA_DIR / "routing_examples.jsonl"
AMBIGUOUS = frozenset({"term", "offer", "increase", "see", "water", "issue", "ac", "book", "move", "schedule", "fee",
                       "counter", "need", "location", "office", "extend"})  # fmt: skip
"""K.1 words that also belong to another route's vocabulary: half weight, the cues decide."""
DAY_OR_TIME = "day or time"
"""The label of the cue that a day or a time was said (a tour's when, not a tour by itself)."""
PLACE_NAMED = "neighbourhood named"
"""The label of the cue that a neighbourhood was named (a search's where, not a search by itself)."""
_ASKS_OTHER = re.compile(
    r"\W*(?:what|what's|whats|how|how's|who|who's|when|where|where's|why|which|is|are|will|does|do|"
    r"(?:can|could) you (?:recommend|suggest)|recommend|suggest)\b(?!\s+about\b)"
    r"(?!.*\b(?:space|spaces|office|offices|unit|units|listing|listings|available|rent|lease|sf|sq)\b)",
    re.IGNORECASE,
)
"""A question opening that asks about something, with no word of space in it ("how about soho?" asks for one)."""
SPLIT_MARGIN = 1.0
"""Top two route scores closer than this → the classifier decides between them."""
KNN_K = 5


@dataclass(frozen=True)
class Cue:
    """A phrase pattern that points at a route."""

    route: Route
    pattern: re.Pattern[str]
    weight: float
    label: str


def _hoods() -> str:
    names = {n.name.lower() for n in NEIGHBOURHOODS} | {a.lower() for n in NEIGHBOURHOODS for a in n.aliases}
    names |= {"manhattan", "brooklyn", "downtown", "fidi", "garment district", "union square"}
    return "|".join(sorted((re.escape(n) for n in names), key=len, reverse=True))


_DAYS = r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thurs|fri|sat|sun"
CUES: tuple[Cue, ...] = tuple(
    Cue(cast(Route, route), re.compile(p, re.IGNORECASE), w, label)
    for route, p, w, label in (
        ("VIA/needs", r"\b\d[\d,.]*\s*k?\s*(sq\.?\s*ft|sqft|sf|rsf|usf|square\s+feet|sq\s*feet|feet)\b", 2.0, "size quoted"),  # noqa: E501
        ("VIA/needs", r"(\$\s*\d|\b\d[\d,.]*\s*k\b|/\s*sf|\bpsf\b|per\s+month|a\s+month|/\s*mo(nth)?\b|budget)", 2.0,
         "price quoted"),
        ("VIA/needs", rf"\b({_hoods()})\b", 1.5, PLACE_NAMED),
        ("VIA/needs", r"\b(looking for|in the market|we need (a|an|more|about|some|space)|need (a|an) (office|space|loft|"  # noqa: E501
         r"store|unit)|any (office|retail|flex|space|loft|store)|what do you have|anything (available|with|in)|"
         r"options? (in|near|for)|show me|relocat\w*|(office|retail|flex|loft) space|spaces? (in|near|under|with|for))\b",  # noqa: E501
         2.0, "search request"),
        ("VIA/needs", r"\b(pet[- ]friendly|near (the )?(transit|subway|train)|doorman|terrace|storefront|loft|"
         r"conference room|high ceilings|loading dock|\d+ (people|desks|employees|staff))\b", 1.0, "amenity wanted"),
        ("VIA/tour", r"\b(tours?|viewing|showing|walk-?through|come by|stop by|in person|holds?(?! ?over)|slots?)\b", 2.0,  # noqa: E501
         "tour word"),
        ("VIA/tour", r"\bbook (a |the )?(tour|slot|viewing|option|it|#?\d+|first|second|third)\b", 3.0, "booking"),
        ("VIA/tour", r"\bschedule (me|us|a|an|it)\b|\bswing by\b|\bdrop by\b", 2.5, "scheduling a visit"),
        ("VIA/tour", rf"\b({_DAYS}|tomorrow|tonight|next week|this week|\d{{1,2}}(:\d\d)?\s*(am|pm)|morning|afternoon|"
         r"evening)\b", 1.0, DAY_OR_TIME),
        ("VIA/tour", r"\b(see|visit|view|look at) (it|them|this|that|the (space|unit|suite|office|first|second|third|"
         r"option|\w+ one)|u-\d+)\b", 2.0, "see a unit"),
        ("VIA/tour", r"\b(release|cancel)\b.*\b(hold|tour|booking|slot)s?\b", 3.0, "release a hold"),
        ("DOMA/lease", r"\b(my|our|the) lease\b", 1.5, "their lease"),
        ("DOMA/lease", r"\b((under|in|according to|does|per|by) (my|our|the) lease|lease (say|says|allow|permit)\w*)\b",
         2.5, "asks what the lease says"),
        ("DOMA/lease", r"\b((am i|are we|is it) (allowed|permitted)|can (i|we) (sublet|sublease|assign|put up|have|bring|"  # noqa: E501
         r"keep|make|install|paint)|who (pays|is responsible)|clauses?|hold ?over|security deposit|permitted use|"
         r"insurance|late (fee|charge)|expire\w*|expiration|sublet\w*|sublease\w*|assign\w*|early termination|"
         r"escalation)\b", 2.0, "lease topic"),
        ("DOMA/lease", r"\b(bill|billing|utilit\w+|electricity charges?|operating expenses|real estate taxes)\b", 1.5,
         "charges"),
        ("DOMA/triage", r"\b(leak\w*|clogged|burst|flood\w*|sparking|sparks?|smell\w* (of )?gas|gas (smell|leak)|smoke|"
         r"fire|carbon monoxide|co alarm|no heat|no power|no hot water|not working|stopped working|broken|stuck|"
         r"flicker\w*|out of order|won'?t (open|close|turn on|work)|doesn'?t work|pressure|stain\w*|mold|pests?|"
         r"roach\w*|mice|rats?|dripping|overflow\w*|tripped|outage)\b", 2.5, "problem reported"),
        ("DOMA/triage", r"\b(the|our|my) (ac|a/c|air conditioning|air conditioner|heat|heater|heating|toilet|sink|"
         r"elevator|lights?|outlets?|door|lock|window|boiler|radiator|hvac|ceiling|pipe)\b", 1.0, "building part"),
        ("DOMA/renewal", r"\b(renew\w*|extend\w* (my|our|the) lease|extension|stay (another|longer|on)|"
         r"lease (ends|expires|is up|runs out)|term is up|counter[- ]?offers?|counter[- ]?propos\w*|"
         r"renewal (offer|proposal))\b", 2.5,
         "renewal request"),
        ("DOMA/renewal", r"\b((rent|proposed|the) increase|increase (at|on|for) renewal|same rent|free rent)\b", 1.5,
         "renewal terms"),
    )
)  # fmt: skip


@cache
def keyword_table() -> dict[Route, tuple[str, ...]]:
    """K.1 as loaded from data: route → keywords."""
    raw = json.loads(KEYWORDS_FILE.read_text(encoding="utf-8"))
    return {f"{group}/{name}": tuple(words) for group, routes in raw.items() for name, words in routes.items()}  # type: ignore[misc]


def _hits(word: str, keyword: str) -> bool:
    # "renew" meets "renewal", "leak" meets "leaking"; short words ("ac", "see", "fee") only themselves.
    return word in (keyword, keyword + "s") or (len(keyword) >= 4 and word.startswith(keyword))


def rule_scores(text: str, *, touring: bool = False) -> tuple[dict[Route, float], dict[Route, list[str]]]:
    """Score per route and the evidence (keywords and cues) behind it. `touring`: tours are proposed or held
    in this conversation, so a day or a time alone moves one ("actually make it 4pm")."""
    words = re.findall(r"[a-z0-9/]+", text.lower())
    scores: dict[Route, float] = dict.fromkeys(ROUTES, 0.0)
    why: dict[Route, list[str]] = {r: [] for r in ROUTES}
    for route, keywords in keyword_table().items():
        for kw in keywords:
            if any(_hits(w, kw) for w in words):
                scores[route] += 0.5 if kw in AMBIGUOUS else 1.0
                why[route].append(f"'{kw}'")
    for cue in CUES:
        m = cue.pattern.search(text)
        if m:
            scores[cue.route] += cue.weight
            why[cue.route].append(f"{cue.label} ({m.group(0).strip()!r})")
    if why["VIA/needs"] and all(w.startswith((PLACE_NAMED, "'")) for w in why["VIA/needs"]) and _ASKS_OTHER.match(text):
        # A place only says where, and a K.1 word alone ("looking") is no search: a question about something else
        # ("what's the weather looking like in NYC?", "can you recommend a pizza place near union square") is none.
        scores["VIA/needs"], why["VIA/needs"] = 0.0, []
    if not touring and len(why["VIA/tour"]) == 1 and why["VIA/tour"][0].startswith(DAY_OR_TIME):
        # A day or a time only says when: with nothing to visit it is no tour ("the lock sticks in the
        # morning", "the weather tomorrow", "request Saturday AC by what time").
        scores["VIA/tour"], why["VIA/tour"] = 0.0, []
    return scores, why


@dataclass(frozen=True)
class Example:
    text: str
    route: Route


@cache
def load_examples() -> tuple[Example, ...]:
    """The labelled routing examples the classifier votes with."""
    rows = [json.loads(line) for line in EXAMPLES_FILE.read_text(encoding="utf-8").splitlines() if line.strip()]
    return tuple(Example(r["text"], r["route"]) for r in rows)


class RouteExamples:
    """Labelled examples with normalised embeddings: the nearest-neighbour vote."""

    def __init__(self, examples: Sequence[Example], vectors: np.ndarray) -> None:
        self.examples = list(examples)
        self.vectors = vectors / np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-9)

    def vote(self, vec: np.ndarray, among: Sequence[Route] = ROUTES, k: int = KNN_K) -> tuple[Route, str]:
        sims = self.vectors @ (vec / max(float(np.linalg.norm(vec)), 1e-9))
        order = [int(i) for i in np.argsort(-sims) if self.examples[int(i)].route in among][:k]
        tally: dict[Route, float] = {}
        for i in order:
            tally[self.examples[i].route] = tally.get(self.examples[i].route, 0.0) + float(sims[i])
        best = max(tally, key=lambda r: tally[r])
        top = self.examples[order[0]]
        return (
            best,
            f"{k} nearest examples vote {best} (closest {top.text!r} → {top.route}, {float(sims[order[0]]):.2f})",
        )


Vote = Callable[[str, Sequence[Route]], tuple[Route, str]]
"""The classifier: (text, routes still in play) → (route, why). Called only on a split."""


def route_message(
    text: str, *, vote: Vote | None = None, awaiting: Route | None = None, touring: bool = False
) -> RouteDecision:
    """The route of one message. `awaiting`: the session asked a question whose answer belongs there;
    `touring`: tours are proposed or held in this conversation."""
    scores, why = rule_scores(text, touring=touring)
    ranked = sorted(ROUTES, key=lambda r: scores[r], reverse=True)
    top, second = ranked[0], ranked[1]
    rounded = {r: round(s, 2) for r, s in scores.items() if s}
    evidence = "; ".join(f"{r}: {', '.join(why[r])}" for r in ranked if why[r])
    if awaiting is not None and scores[top] < 2.0 + scores[awaiting]:
        return RouteDecision(
            route=awaiting,
            why=f"answers the clarifying question of the previous turn ({evidence or 'no other cue'})",
            scores=rounded,
            decided_by="session",
        )
    split = scores[top] == 0 or scores[top] - scores[second] < SPLIT_MARGIN
    if split and vote is not None:
        among = [r for r in ranked if scores[r] > 0 and scores[ranked[0]] - scores[r] < SPLIT_MARGIN] or list(ROUTES)
        chosen, said = vote(text, among)
        head = f"rules split between {', '.join(among)}" if scores[top] else "no keyword or cue"
        return RouteDecision(
            route=chosen, why=f"{head}; {said}. {evidence}".strip(), scores=rounded, decided_by="classifier"
        )
    if scores[top] == 0:
        return RouteDecision(
            route="VIA/needs", why="no keyword or cue; default to a search", scores=rounded, decided_by="default"
        )
    return RouteDecision(route=top, why=f"highest rule score {scores[top]:.1f}: {evidence}", scores=rounded)
