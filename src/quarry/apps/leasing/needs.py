"""NeedsAgent's offline parser: a message → SearchSpec (B.1) with per-field confidence.

Sizes are rentable square feet: "usable" quotes are grossed up by the loss factor. Budgets are
monthly USD: "$5k/month" as is, "$60k/yr" / 12, and $/SF/yr quotes ("$40/sf/yr", "under $60/sf",
"$62 psf") times the size asked for / 12 — "$40/sf/yr, about 800 sqft" ≈ $2,667/month.
A spec is `ok` when it has a location and a size or budget, or a size and a budget; otherwise
`underconstrained` and `clarifying_question` asks for what is missing, once.

    >>> s = parse_needs("under $60/sf, 2,000 sf"); s.budget_monthly_usd.max, s.min_sqft, s.max_sqft
    (10000.0, 1600, 2400)
"""

from __future__ import annotations

import re

from quarry.nlu.money import scales
from quarry.nlu.numbers import count_words, words_to_digits

from .hoods import hood_tokens, slipped_hoods, unresolved_places
from .models import Budget, SearchSpec, SpecStatus
from .places import NEIGHBOURHOODS, WALK_M, ambiguous_landmarks, landmarks
from .wishes import read_wishes

RANGE_CONF = 0.95
"""Confidence of a size said as a range ("1,500-2,000 sf"): both ends are the prospect's own."""
APPROX_BAND = 0.2
"""'about 1,800 sf' (or a bare size) → 1,440–2,160 rentable SF."""
LOSS_FACTOR = 0.2
"""Share of rentable area that is not usable (common areas); usable SF = rentable × (1 − loss)."""
PSF_MAX = 250.0
"""A dollar amount up to this, quoted without a period, is read as $/SF/yr (Manhattan asks $35–$120)."""

_NUM = r"(\d[\d,]*(?:\.\d+)?)\s*(k|K)?"
_APPROX = r"(?:~|about|around|approx\.?|approximately|roughly|circa|ca\.?|some)\s*"
_SF_UNIT = r"(?:sq\.?\s*ft\.?|sqft|square\s+feet|square\s+foot|sq\s*feet|rsf|usf|sf|feet|ft)"
_SIZE = re.compile(
    rf"(?P<pre>at least|min(?:imum)?|over|more than|up to|max(?:imum)?|no more than|under|less than|between|from)?\s*"
    rf"(?P<approx>{_APPROX})?{_NUM}\s*(?:(?:-|–|to|and)\s*{_NUM}\s*)?(?P<plus>\+\s*)?(?:(?P<usable>usable)\s+|rentable\s+)?(?P<unit>{_SF_UNIT})\b"
    r"(?!\s*/\s*(?:yr|year|mo))(?P<usable2>\s+usable)?",
    re.IGNORECASE,
)
_MONEY = re.compile(
    rf"(?P<pre>under|below|less than|no more than|max(?:imum)?|up to|at most|budget(?: is| of)?|at least|over|above|"
    rf"from|between|around|about|~)?\s*"
    rf"(?P<dollar>\$\s*)?{_NUM}\s*(?:(?:-|–|to|and)\s*\$?\s*{_NUM}\s*)?"
    r"(?P<per>/\s*(?:sf|rsf|sq\.?\s*ft)(?:\s*/\s*(?:yr|year))?|\s*psf|\s*per\s+(?:sf|square\s+foot)(?:\s+per\s+year)?|"
    r"\s*(?:/|per|a)\s*(?:mo|month)\b|\s*monthly|\s*(?:/|per|a)\s*(?:yr|year)\b|\s*annually|\s*per\s+annum)?",
    re.IGNORECASE,
)
_PERIOD_BEFORE = re.compile(
    r"\b(?:annual(?:ly)?|yearly|per annum|per year|a year)(?:\s+(?:rent|rental|budget|spend|cost|total|all[- ]in|"
    r"of|is|around|about|max|maximum|up to|under|cap|ceiling))*\s*:?\s*$"
    # The period's noun, then what the budget does, in a few words of one clause: "our annual budget tops out at",
    # "yearly rent can't go past".
    r"|\b(?:annual|yearly)\s+(?:rent|rental|budget|spend|spending|cost|costs|occupancy cost)\b[a-z' ]{0,40}$",
    re.IGNORECASE,
)
"""The period said before the amount ("annual budget of", "yearly rent around"), read back from the amount."""
_WORD_NUM = count_words(("en",), upto=99)
"""Count words, from the language layer's number tables ("three-year", "fifteen year")."""
_TERM = re.compile(
    r"\b(\d+|" + "|".join(sorted(map(re.escape, _WORD_NUM), key=len, reverse=True)) + r")[\s-]*(year|yr|month|mo)s?\b"
    r"(?:\s*(?:term|lease|deal|commitment))?",
    re.IGNORECASE,
)
_TIMELINE = re.compile(
    r"\b((?:this|next|coming)\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|week|month)"
    r"(?:\s+(?:at\s+)?\d{1,2}(?::\d\d)?\s*(?:am|pm))?|"
    r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)(?:\s+(?:at\s+)?\d{1,2}(?::\d\d)?\s*(?:am|pm))?|"
    r"tomorrow(?:\s+(?:at\s+)?\d{1,2}(?::\d\d)?\s*(?:am|pm))?|next\s+\d+\s+(?:days|weeks)|asap|immediately|"
    r"by\s+(?:january|february|march|april|may|june|july|august|september|october|november|december)|"
    r"in\s+\d+\s+(?:days|weeks|months))\b",
    re.IGNORECASE,
)
_HOOD_TOKENS = hood_tokens()
# "near Grand Central", "by Union Square": a named subway stop read as the neighbourhoods in walking
# distance of it (the spec's location stays neighbourhood tokens, so filters and scores are unchanged).
_NEAR_RE = re.compile(
    r"\b(?:near|by|close to|around|next to|off|walking distance (?:to|from|of)|(?:steps|minutes|blocks) from)"
    r"\s+(?:the\s+)?("
    + "|".join(sorted((re.escape(w) for w in (*landmarks(), *ambiguous_landmarks())), key=len, reverse=True))
    + r")\b",
    re.IGNORECASE,
)


def _near(text: str) -> tuple[list[str], list[str]]:
    """(neighbourhood tokens, notes) for the landmarks `text` says it wants to be near."""
    tokens: list[str] = []
    notes: list[str] = []
    for m in _NEAR_RE.finditer(text):
        said = m.group(1).lower()
        if said in ambiguous_landmarks():
            places = " or ".join(ambiguous_landmarks()[said])
            notes.append(f"{m.group(1)}: stops of that name lie in {places}, so it was not a filter; say which")
            continue
        hoods = landmarks()[said]
        tokens += [h.lower() for h in hoods]
        notes.append(f"near {m.group(1)} read as {', '.join(hoods)} (within ~{WALK_M:.0f} m walk)")
    return tokens, notes


_PLACE_NAMES = {n.name.lower(): n.name for n in NEIGHBOURHOODS} | {"manhattan": "Manhattan", "brooklyn": "Brooklyn"}


def place_name(token: str) -> str:
    """A spec's location token as people write it ('financial district' → 'Financial District')."""
    return _PLACE_NAMES.get(token, token)


# Asks no listing in this inventory records: said back in the spec's notes, never silently dropped.
_UNLISTED = (
    ("parking", re.compile(r"\b(parking|garage|car spaces?)\b", re.IGNORECASE)),
    ("signage", re.compile(r"\b(signage|sign on the building)\b", re.IGNORECASE)),
    ("generator", re.compile(r"\b(backup generator|generator)\b", re.IGNORECASE)),
)
_HOOD_RE = re.compile(
    r"\b(" + "|".join(sorted((re.escape(w) for w in _HOOD_TOKENS), key=len, reverse=True)) + r")\b", re.IGNORECASE
)
_USE_CASES = (
    ("creative studio", "flex"), ("design studio", "office"), ("showroom", "flex"), ("studio", "flex"),
    ("loft", "flex"), ("flex", "flex"), ("restaurant", "retail"), ("cafe", "retail"), ("store", "retail"),
    ("storefront", "retail"), ("retail", "retail"), ("shop", "retail"), ("office", "office"), ("law firm", "office"),
    ("startup", "office"), ("headquarters", "office"),
)  # fmt: skip


def _num(text: str | None, k: str | None) -> float | None:
    if text is None:
        return None
    try:
        v = float(text.replace(",", ""))
    except ValueError:
        return None
    return v * 1000 if k else v


def _sizes(text: str) -> tuple[int | None, int | None, float, list[str], tuple[int, int] | None]:
    """(min, max, confidence, notes, span) of the size asked for; rentable SF."""
    for m in _SIZE.finditer(text):
        a, b = _num(m.group(3), m.group(4)), _num(m.group(5), m.group(6))
        if a is None or a < 50:
            continue
        unit = m.group("unit").lower()
        usable = bool(m.group("usable") or m.group("usable2")) or unit == "usf"
        notes: list[str] = []
        factor = 1.0
        if usable:
            factor = 1 / (1 - LOSS_FACTOR)
            notes.append(f"usable SF grossed up to rentable at a {LOSS_FACTOR:.0%} loss factor")
        pre = (m.group("pre") or "").lower()
        post = re.match(
            r"\s*(\+|or more|minimum|min\b|max\b|maximum|or less|tops|-?ish\b|or so\b)", text[m.end() :], re.IGNORECASE
        )
        approx = bool(m.group("approx")) or bool(post and post.group(1).lower().lstrip("-") in ("ish", "or so"))
        if m.group("plus"):  # "3000+ sqft"
            pre = "at least"
        elif post and not approx:  # "2k sf max", "1,500 sf or more"
            pre = "up to" if post.group(1).lower() in ("max", "maximum", "or less", "tops") else "at least"
        if b is not None:
            lo, hi, conf = a * factor, b * factor, RANGE_CONF
        elif pre in ("at least", "min", "minimum", "over", "more than", "from"):
            lo, hi, conf = a * factor, None, 0.9
        elif pre in ("up to", "max", "maximum", "no more than", "under", "less than"):
            lo, hi, conf = None, a * factor, 0.9
        else:
            centre = a * factor
            lo, hi = centre * (1 - APPROX_BAND), centre * (1 + APPROX_BAND)
            conf = 0.85 if approx else 0.8
            notes.append(f"{centre:,.0f} SF read as {lo:,.0f}–{hi:,.0f} (±{APPROX_BAND:.0%})")
        return (round(lo) if lo else None), (round(hi) if hi else None), conf, notes, m.span()
    return None, None, 0.0, [], None


def _centre_size(lo: int | None, hi: int | None) -> float | None:
    if lo and hi:
        return (lo + hi) / 2
    one = lo or hi
    return float(one) if one else None


_NEGATED_BEFORE = re.compile(
    r"\b(?:can'?t|cannot|can not|won'?t|wouldn'?t|shouldn'?t|not|don'?t|never)\b[\w\s']{0,20}$", re.I
)
"""'can't go over $6,500', 'don't want to pay over': a lower-bound word taken back is an upper bound."""


def _budget(
    text: str, size_span: tuple[int, int] | None, size: float | None, size_ends: tuple[int, int] | None = None
) -> tuple[Budget | None, float, list[str]]:
    """The monthly budget. A $/SF/yr quote times the size: the centre of an approximate size, or each
    end of a size range the prospect said (`size_ends`): "$100/SF/yr max, 1,500-2,000 sf" allows
    100 × 2,000 / 12 a month, the dearest unit that price admits."""
    notes: list[str] = []
    for m in _MONEY.finditer(text):
        if size_span and m.start(3) >= size_span[0] and m.end(3) <= size_span[1]:
            continue  # the number is the size
        a, b = _num(m.group(3), m.group(4)), _num(m.group(5), m.group(6))
        per = re.sub(r"\s+", " ", (m.group("per") or "").lower()).strip()
        pre = (m.group("pre") or "").lower()
        if pre in ("at least", "over", "above") and _NEGATED_BEFORE.search(text[: m.start()]):
            pre = "no more than"
        if a is None or not (m.group("dollar") or per or pre.startswith("budget") or m.group(4)):
            continue
        if not m.group("dollar") and not per and not m.group(4) and a < 500:
            continue  # "under 3 people"
        psf = any(t in per for t in ("sf", "psf", "square", "sq")) or (not per and a <= PSF_MAX and not m.group(4))
        # The period may come first: "annual budget of $360k", "yearly rent around 240k".
        said_first = not per and bool(_PERIOD_BEFORE.search(text[: m.start()]))
        annual = not psf and (any(t in per for t in ("yr", "year", "annual", "annum")) or said_first)
        conf = 0.9
        lo, hi = a, b
        if psf:
            if size is None:
                notes.append(f"${a:g}/SF/yr quoted but no size to turn it into a monthly rent")
                return None, 0.3, notes
            small, large = size_ends or (size, size)
            lo = a * (small if b is not None else large) / 12
            hi = b * large / 12 if b is not None else None
            notes.append(f"${a:g}/SF/yr × {large if b is None else small:,.0f} SF / 12 = ${lo:,.0f}/month")
            conf = 0.76
        elif annual:
            lo, hi = a / 12, (b / 12 if b is not None else None)
            notes.append(f"${a:,.0f}/year / 12 = ${lo:,.0f}/month")
            conf = 0.85
        if hi is not None:
            return Budget(min=round(lo, 2), max=round(hi, 2)), conf, notes
        if pre in ("at least", "over", "above", "from"):
            return Budget(min=round(lo, 2)), conf, notes
        if pre in ("around", "about", "~"):
            return Budget(max=round(lo * 1.1, 2)), 0.7, [*notes, "'about' a price read as up to 10% over it"]
        return Budget(max=round(lo, 2)), conf if pre else conf - 0.1, notes
    return None, 0.0, notes


def _term(text: str) -> int | None:
    for m in _TERM.finditer(text):
        after = text[m.end() : m.end() + 12].lower()
        n = int(m.group(1)) if m.group(1).isdigit() else _WORD_NUM[m.group(1).lower()]
        unit = m.group(2).lower()
        if "old" in after or "ago" in after:
            continue
        months = n if unit.startswith("mo") else n * 12
        if 6 <= months <= 240:
            return months
    return None


SF_PER_PERSON = 175
"""Rentable SF per person a headcount suggests (NYC office planning: ~150–250); said, never a filter."""
_HEADCOUNT = re.compile(r"\b(\d{1,4})[\s-]*(?:person|people|employees?|staff|desks?|seats?|heads?)\b", re.IGNORECASE)
_THOUSANDS = "|".join(sorted((w for w, v in scales().items() if v == 1e3 and w.isascii() and w.isalpha()), key=len))
_COLLOQUIAL = (
    # "2 thousand", "12 grand", "7g" → "2k", "12k", "7k" (scale words from the language layer).
    (re.compile(rf"(\d[\d,.]*)\s*(?:{_THOUSANDS}|g)\b", re.IGNORECASE), r"\1k"),
    # The currency said as a word after the amount: "12k bucks", "7000 dollar per month", "9,500 USD".
    (re.compile(r"(\d[\d,.]*k?)\s*(?:bucks|dollars?|usd)\b", re.IGNORECASE), r"$\1"),
    (re.compile(r"(\$\s*\d[\d,.]*k?)\s*(?:a|per|/)\s*(?:square\s+)?(?:foot|ft)\b", re.IGNORECASE), r"\1 psf"),
)
_SHARED_K = re.compile(
    r"(?<![\w$.,])(\$?\s*)(\d+(?:\.\d+)?)(\s*(?:-|–|to|and)\s*\$?\s*)(\d+(?:\.\d+)?)\s*k\b", re.IGNORECASE
)


def _shared_k(m: re.Match[str]) -> str:
    """A range's first end borrows the scale of the second when it is smaller: "12-14k" is 12k to 14k,
    "1-2k sf" 1k to 2k; "1500-2k" keeps its 1,500."""
    first, second = float(m.group(2)), float(m.group(4))
    scaled = first < second
    return f"{m.group(1)}{m.group(2)}{'k' if scaled else ''}{m.group(3)}{m.group(4)}k"


_MILLIONS = "|".join(
    sorted(
        (re.escape(w) for w, v in scales().items() if v == 1e6 and w.isascii() and len(w) > 1), key=len, reverse=True
    )
)
_MILLION = re.compile(rf"(\$\s*)?(\d[\d,]*(?:\.\d+)?)\s*(?:(mm|{_MILLIONS})|(?<=\d)(m)|\s(m))\b", re.IGNORECASE)


def _in_millions(m: re.Match[str]) -> str:
    """'$1.2M', '1.2 million', '2mm' as plain dollars. A bare 'm' counts only after a dollar sign: '5m
    ceilings' are metres."""
    if m.group(3) is None and not m.group(1):
        return m.group(0)
    return f"{m.group(1) or ''}{float(m.group(2).replace(',', '')) * 1e6:.0f}"


def plain(text: str) -> str:
    """Numbers and colloquial money made plain: 'twelve grand' → '12k', '90 bucks a foot' → '$90 psf',
    '12-14k' → '12k-14k', 'between 12 and 14 thousand' → 'between 12k and 14k', '$1.2M' → '$1200000'."""
    text = words_to_digits(text, ("en",))
    text = _MILLION.sub(_in_millions, text)
    for pattern, repl in _COLLOQUIAL:
        text = pattern.sub(repl, text)
    return _SHARED_K.sub(_shared_k, text)


def parse_needs(text: str) -> SearchSpec:
    """The SearchSpec of one message (no earlier turns)."""
    text = plain(text)
    conf: dict[str, float] = {}
    near, notes = _near(text)
    said = list(_HOOD_RE.finditer(text))
    named = list(dict.fromkeys(t for m in said for t in _HOOD_TOKENS[m.group(1).lower()]))
    named += [t for t in slipped_hoods(text, [m.span() for m in said]) if t not in named]  # "midtwon"
    # A neighbourhood said outright is the tighter ask: a landmark only stands in when none is.
    locations = named or list(dict.fromkeys(near))
    if locations:
        conf["location"] = 0.9
    lo, hi, size_conf, size_notes, span = _sizes(text)
    notes += size_notes
    heads = _HEADCOUNT.search(text)
    if lo is None and hi is None and heads:
        n = int(heads.group(1))
        notes.append(f"{n} people ≈ {n * SF_PER_PERSON:,} SF at {SF_PER_PERSON} SF/person (an estimate, not a filter)")
    if lo is not None:
        conf["min_sqft"] = size_conf
    if hi is not None:
        conf["max_sqft"] = size_conf
    ends = (lo, hi) if lo and hi and size_conf == RANGE_CONF else None
    budget, b_conf, b_notes = _budget(text, span, _centre_size(lo, hi), ends)
    notes += b_notes
    if budget is not None:
        for k in ("min", "max"):
            if getattr(budget, k) is not None:
                conf[f"budget_monthly_usd.{k}"] = round(b_conf, 2)
    term = _term(text)
    if term:
        conf["term_months"] = 0.85
    must, nice = read_wishes(text)
    if must:
        conf["must_haves"] = 0.8
    if nice:
        conf["nice_to_haves"] = 0.7
    notes += [
        f"{ask}: no listing records it, so it could not be searched for" for ask, pat in _UNLISTED if pat.search(text)
    ]
    tl = _TIMELINE.search(text)
    low = text.lower()
    use = next((u for u, _ in _USE_CASES if re.search(rf"\b{re.escape(u)}s?\b", low)), None)
    if use:
        conf["use_case"] = 0.8
    if tl:
        conf["timeline"] = 0.8
    spec = SearchSpec(
        unresolved_places=unresolved_places(text),
        location=locations,
        min_sqft=lo,
        max_sqft=hi,
        budget_monthly_usd=budget,
        term_months=term,
        must_haves=must,
        nice_to_haves=nice,
        timeline=tl.group(1).lower() if tl else None,
        use_case=use,
        confidence=conf,
        notes=notes,
    )
    spec.spec_status = status_of(spec)
    return spec


def unit_type_of(spec: SearchSpec) -> str | None:
    """The unit type a use case asks for (office / retail / flex), None when not said."""
    return next((t for u, t in _USE_CASES if u == spec.use_case), None)


def status_of(spec: SearchSpec) -> SpecStatus:
    """'ok' with a location and a size or budget, or a size and a budget; else 'underconstrained'."""
    have = set(spec.constrained_fields())
    ok = ("location" in have and have & {"size", "budget"}) or {"size", "budget"} <= have
    return "ok" if ok and not spec.unresolved_places else "underconstrained"


def clarifying_question(spec: SearchSpec) -> str:
    """One question that asks for everything the spec still lacks; a place we do not know first."""
    if spec.unresolved_places:
        named = ", ".join(f"'{p}'" for p in spec.unresolved_places)
        return (
            f"I don't have listings in {named}. Which neighbourhood should I search instead "
            "(e.g. Midtown, Flatiron, Financial District, DUMBO)?"
        )
    have = set(spec.constrained_fields())
    missing = []
    if "location" not in have:
        missing.append("which neighbourhood (e.g. Midtown, Flatiron, DUMBO)")
    if "size" not in have:
        estimate = next((n.split(" at ")[0] for n in spec.notes if "SF/person" in n), None)
        missing.append("roughly how many square feet" + (f" ({estimate})" if estimate else ""))
    if "budget" not in have:
        missing.append("your monthly budget (or $/SF/yr)")
    if "size" not in have and any("no size" in n for n in spec.notes):
        missing = [m for m in missing if not m.startswith("your monthly budget")]  # a $/SF quote waits for the size
    ask = missing[:2] if len(missing) == 3 else missing
    return "To find the right spaces: " + " and ".join(ask) + "?"


def merge(previous: SearchSpec, answer: SearchSpec) -> SearchSpec:
    """The earlier spec with the fields the answer gives (an answer's value wins)."""
    data = previous.model_dump()
    new = answer.model_dump()
    for k, v in new.items():
        if k in ("confidence", "notes", "spec_status"):
            continue
        if v not in (None, [], {}):
            data[k] = v if not isinstance(v, list) else list(dict.fromkeys([*data.get(k, []), *v]))
    if answer.location:
        data["location"] = answer.location
    data["unresolved_places"] = answer.unresolved_places  # what the answer itself left unknown
    data["confidence"] = {**previous.confidence, **answer.confidence}
    data["notes"] = [*previous.notes, *answer.notes]
    spec = SearchSpec.model_validate(data)
    spec.spec_status = status_of(spec)
    return spec
