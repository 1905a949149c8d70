"""Flat type and flat model extractors of the offline comps parser."""

from __future__ import annotations

import re

from quarry.apps.comps.parse_scan import MASK, Fields, Scan
from quarry.apps.comps.vocab import FLAT_MODEL_ALIASES, GUARDED_FLAT_MODELS
from quarry.nlu.lexicon import load_lexicon

# ---- flat type -----------------------------------------------------------------------------

_DIGIT = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_N15 = r"(?P<n>[1-5]|one|two|three|four|five)"


def _words(key: str) -> str:
    found = load_lexicon("quarry.apps.comps", "lexicon")[key]
    return "|".join(re.escape(w) for w in sorted(found, key=len, reverse=True))


# Room and bedroom words in the languages Singaporeans write ("4rm", "4 bilik", "4房").
_ROOM_RE = re.compile(rf"(?<![^\W_])(?:{_N15}\s*-?\s*(?:{_words('room_words')})|(?P<d>[1-5])-?r)(?![^\W\d_])")
_BEDROOM_RE = re.compile(rf"(?<![^\W_]){_N15}\s*-?\s*(?:{_words('bedroom_words')})(?![^\W\d_])")
_EXEC_CONDO_RE = re.compile(r"\b(?:exec(?:utive)?\s+condo(?:minium)?s?|ec)\b")
_EXEC_RE = re.compile(r"\b(?:exec(?:utive)?|exe)\.?(?:\s+(?P<kind>apartment|apt|maisonette|mais))?\b(?:\s+flats?)?")
_EXEC_UPPER_RE = re.compile(r"\b(?P<kind>EA|EM)\b")
_MULTIGEN_RE = re.compile(r"\bmulti\s*-?\s*gen(?:eration(?:al)?)?\b")


# HDB shorthand for a flat type with its model: "3NG" (3-room New Generation), "5I" (5-room Improved).
_TYPE_MODEL_SHORT = {"ng": "New Generation", "i": "Improved"}
_TYPE_MODEL_SHORT_RE = re.compile(r"(?<![\w-])(?P<n>[1-5])\s?(?P<m>ng|i)(?![\w-])")


def extract_flat_type(scan: Scan) -> Fields:
    """Flat type from '4-room', '4rm', 'four room', 'exec', 'EA'/'EM', 'multi-gen'.

    Bedrooms are mapped the way Singapore listings use them: an HDB n-room flat has n-1
    bedrooms, so '3-bedroom' -> 4 ROOM and '2-bedroom' -> 3 ROOM ('4-bedroom' -> 5 ROOM).
    'Executive apartment/maisonette' (EA/EM) also set flat_model Apartment/Maisonette.
    An executive condominium is not an HDB resale flat: consumed, no type.
    """
    out: Fields = {}
    for m in scan.matches(_EXEC_CONDO_RE):
        out["out_of_scope"] = "executive condominiums (ECs are not HDB resale flats)"
        scan.take(m.start(), m.end())
    for m in scan.matches(_TYPE_MODEL_SHORT_RE):
        out.setdefault("flat_type", f"{m['n']} ROOM")
        out.setdefault("flat_model", _TYPE_MODEL_SHORT[m["m"]])
        out.setdefault("flat_model_soft", False)
        scan.take(m.start(), m.end())
    for m in scan.matches(_ROOM_RE):
        n = int(m["d"]) if m["d"] else _DIGIT.get(m["n"]) or int(m["n"])
        out.setdefault("flat_type", f"{n} ROOM")
        scan.take(m.start(), m.end())
    for m in scan.matches(_BEDROOM_RE):
        n = _DIGIT.get(m["n"]) or int(m["n"])
        out.setdefault("flat_type", f"{min(n + 1, 5)} ROOM")
        scan.take(m.start(), m.end())
    for m in scan.matches(_MULTIGEN_RE):
        out.setdefault("flat_type", "MULTI-GENERATION")
        scan.take(m.start(), m.end())
    upper = [m for m in _EXEC_UPPER_RE.finditer(scan.text) if scan.buf[m.start()] != MASK]
    for m in [*scan.matches(_EXEC_RE), *upper]:
        out.setdefault("flat_type", "EXECUTIVE")
        kind = (m["kind"] or "").lower()
        if kind:
            model = "Maisonette" if kind.startswith("m") or kind == "em" else "Apartment"
            out.setdefault("flat_model", model)
            out.setdefault("flat_model_soft", False)
        scan.take(m.start(), m.end())
    return out


# ---- flat model ----------------------------------------------------------------------------


def _alias_pattern(phrase: str) -> str:
    """Regex for a phrase whose words may be joined by spaces or hyphens, or run together."""
    words = [re.escape(w) for w in re.split(r"[\s-]+", phrase)]
    return r"[\s-]*".join(words)


_MODEL_ALIAS_RE = re.compile(
    r"(?<![a-z0-9])(?P<p>"
    + "|".join(_alias_pattern(a) for a in sorted(FLAT_MODEL_ALIASES, key=len, reverse=True))
    + r")(?![a-z0-9])"
)
_ALIAS_KEY = {re.sub(r"[\s-]+", "", a): v for a, v in FLAT_MODEL_ALIASES.items()}
_GUARD = "|".join(GUARDED_FLAT_MODELS)
_TYPE_WORDS = r"[1-5]\s*-?\s*(?:rooms?|rms?)"
_GUARDED_RES = (
    re.compile(rf"\b(?:model|type)\s*:?\s*(?P<p>{_GUARD})\b"),
    re.compile(rf"\b(?P<p>{_GUARD})\s+(?:model|type|flats?|units?|design|layout|blocks?|houses?)\b"),
    re.compile(rf"\b(?P<p>improved|simplified)\s+{_TYPE_WORDS}\b"),
    re.compile(rf"\b{_TYPE_WORDS}\s+(?P<p>improved|simplified|standard)\b"),
    re.compile(r"\bexec(?:utive)?\s+(?P<p>apartment)\b"),
)
# "2-room model" and "multi-generation model" name a model while the type words stay for
# the flat-type extractor, so only the word "model" is consumed here.
_TYPE_MODEL_RE = re.compile(r"\b(?P<t>2\s*-?\s*(?:room|rm)|multi\s*-?\s*gen(?:eration)?)\s+(?P<p>model|type)\b")
_SOFT_AFTER_RE = re.compile(
    r"^\s*(?:-?\s*ish\b|-?\s*like\b|-?\s*style\b|or\s+similar\b|or\s+equivalent\b|"
    r"if\s+possible\b|ideally\b|preferably\b|preferred\b|(?:would\s+be\s+)?nice\b)"
)
_SOFT_BEFORE_RE = re.compile(
    r"(?:\b(?:something|anything|stuff|units?|flats?|ones?)\s+like|\bsimilar\s+to|\bkind\s+of|"
    r"\bsort\s+of|\bprefer(?:ably|red|ence\s+for)?|\bideally|\bmaybe|\bpossibly|\bperhaps|"
    r"\bif\s+possible|(?:^|[,;]\s*)like)\s*(?:an?\s+|the\s+)?$"
)
_ANY_MODEL_RE = re.compile(r"\bany\s+(?:flat\s+)?model\b")


def extract_flat_model(scan: Scan) -> Fields:
    """Flat model, longest phrase first, and whether it was hedged.

    'premium apartment loft' beats 'premium apartment'; 'model a2' beats 'model a'. Words that
    are ordinary English ('standard', 'improved', 'apartment', 'terrace', 'simplified') count
    only beside 'model'/'type'/'flat'/'unit' or a flat type ('5-room improved'). A hedge
    ('premium-ish', 'something like a DBSS', 'preferably maisonette') sets flat_model_soft:
    rank by the model, do not filter. The first model mentioned wins.
    """
    hits: list[tuple[int, int, str]] = []
    for m in scan.matches(_TYPE_MODEL_RE):
        model = "2-room" if m["t"].startswith("2") else "Multi Generation"
        hits.append((m.start("p"), m.end("p"), model))
        scan.take(m.start("p"), m.end("p"))
    for m in scan.matches(_MODEL_ALIAS_RE):
        hits.append((m.start("p"), m.end("p"), _ALIAS_KEY[re.sub(r"[\s-]+", "", m["p"])]))
        scan.take(m.start("p"), m.end("p"))
    for rx in _GUARDED_RES:
        for m in scan.matches(rx):
            hits.append((m.start("p"), m.end("p"), GUARDED_FLAT_MODELS[m["p"]]))
            scan.take(m.start("p"), m.end("p"))
    out: Fields = {}
    if hits:
        start, end, model = min(hits)
        after = _SOFT_AFTER_RE.match(scan.buf[end : end + 24])
        before = _SOFT_BEFORE_RE.search(scan.buf[max(0, start - 40) : start])
        if after:
            scan.take(end, end + after.end())
        out = {"flat_model": model, "flat_model_soft": bool(after or before)}
    for m in scan.matches(_ANY_MODEL_RE):
        out = {"flat_model": None, "flat_model_soft": False}
        scan.take(m.start(), m.end())
    return out
