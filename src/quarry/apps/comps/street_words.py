"""Singapore street words: the one table of HDB abbreviations, and the views each user needs.

The HDB data writes street words abbreviated ("BT BATOK WEST AVE 6", "C'WEALTH CL");
users write them in full or in other short forms. `STREET_WORDS` and `STREET_SPELLINGS`
are the only place these pairs are written; the rest is derived:

- `CANONICAL`: a word as typed (upper case) → the data's form, for street matching
  (`parse_streets.canon_tokens`, which drops apostrophes: C'WEALTH is matched as CWEALTH).
- `EXPANDED`: the data's abbreviation → the word in full, title case, for embedding texts
  ("COMPASSVALE RD" is embedded as "Compassvale Road": models read words).
- `BM25_ALIASES`: a folded word → the BM25 term the data's form yields, for
  `quarry.search.tokenize` ("road" → "rd"; C'WEALTH is stored as the terms c + wealth, so
  "commonwealth" → "wealth").
- `DOTTED`: abbreviations users end with a full stop ("Ave.") that does not end a phrase.

>>> CANONICAL["BUKIT"], EXPANDED["BT"], BM25_ALIASES["bukit"], BM25_ALIASES["commonwealth"]
('BT', 'Bukit', 'bt', 'wealth')
"""

from __future__ import annotations

from quarry.search import fold, words

STREET_WORDS: dict[str, str] = {
    "RD": "ROAD", "AVE": "AVENUE", "ST": "STREET", "DR": "DRIVE", "CRES": "CRESCENT",
    "CL": "CLOSE", "LOR": "LORONG", "JLN": "JALAN", "BT": "BUKIT", "UPP": "UPPER",
    "NTH": "NORTH", "STH": "SOUTH", "CTRL": "CENTRAL", "PL": "PLACE", "CTR": "CENTRE",
    "TER": "TERRACE", "KG": "KAMPONG", "TG": "TANJONG", "PK": "PARK", "GDNS": "GARDENS",
    "HTS": "HEIGHTS", "C'WEALTH": "COMMONWEALTH", "MKT": "MARKET", "SQ": "SQUARE",
    "BLVD": "BOULEVARD",
}  # fmt: skip
"""The data's abbreviation → the same street word written in full (one row per word)."""

STREET_SPELLINGS: dict[str, str] = {
    "AV": "AVE", "SAINT": "ST", "BKT": "BT", "CENTER": "CTR", "GARDEN": "GDNS", "LN": "LANE",
}  # fmt: skip
"""Other ways users write a street word → the form the data uses."""

DOTTED: frozenset[str] = frozenset({"st", "rd", "ave", "dr", "bt", "jln", "lor", "upp", "nth", "sth"})
"""Abbreviations (lower case) commonly written with a full stop inside a street name."""

CANONICAL: dict[str, str] = {
    **{full: abbr.replace("'", "") for abbr, full in STREET_WORDS.items()},
    **STREET_SPELLINGS,
}
EXPANDED: dict[str, str] = {abbr: full.title() for abbr, full in STREET_WORDS.items()}


def _bm25_term(data_form: str) -> str:
    """The term a data-form word is stored as: its longest word after folding (C'WEALTH → wealth)."""
    return max(words(fold(data_form)), key=len)


BM25_ALIASES: dict[str, str] = {
    **{fold(full): _bm25_term(abbr) for abbr, full in STREET_WORDS.items()},
    **{fold(typed): _bm25_term(data) for typed, data in STREET_SPELLINGS.items()},
}

assert {a.lower() for a in STREET_WORDS} >= DOTTED, "DOTTED lists abbreviations of STREET_WORDS"
