"""Deterministic natural language -> `Target` parser: the offline model's intent extractor.

No LLM: regexes and alias tables (`vocab.py`) run in a fixed order over one scan of the message,
most specific first, each masking the words it used (`parse_scan`): time window, size, storey,
lease, budget (`parse_terms`, `parse_measures`), flat model and type (`parse_flat`), then towns
and street hints on what is left (`parse_places`, `parse_streets`). `merge_turns` folds a
conversation into one Target so "Bedok" can answer "Which town?".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date
from functools import lru_cache

from quarry.apps.comps.models import Target
from quarry.apps.comps.parse_flat import extract_flat_model, extract_flat_type
from quarry.apps.comps.parse_measures import extract_area, extract_storey
from quarry.apps.comps.parse_places import PlaceParser
from quarry.apps.comps.parse_scan import Fields, Scan
from quarry.apps.comps.parse_streets import match_streets
from quarry.apps.comps.parse_terms import LANGS, extract_budget, extract_lease, extract_months
from quarry.apps.comps.unread import account
from quarry.apps.comps.vocab import TOWNS
from quarry.nlu.lexicon import load_lexicon
from quarry.nlu.numbers import words_to_digits
from quarry.nlu.removals import find_removals
from quarry.nlu.translate import translate

_REMOVABLE: dict[str, tuple[str, ...]] = {
    "price": ("price_budget_max", "price_budget_min"),
    "street": ("street_hint", "street_names", "near"),
    "storey": ("storey_preference", "storey_min", "storey_max"),
    "lease": ("min_remaining_lease_years",),
    "area": ("floor_area_target", "floor_area_max", "floor_area_min"),
    "model": ("flat_model", "flat_model_soft"),
}
_CLEARED: dict[str, object] = {"street_names": [], "near": False, "flat_model_soft": False}
_CLEARED = {name: _CLEARED.get(name) for names in _REMOVABLE.values() for name in names}


@lru_cache(maxsize=1)
def _translations() -> dict[str, str]:
    """Malay and Chinese words read as English (`translate.*` in the lexicon)."""
    table = load_lexicon("quarry.apps.comps", "lexicon")["translate"]
    return {k: v for lang in table.values() for k, v in lang.items()}


def removed_groups(scan: Scan) -> set[str]:
    """The constraint groups this message takes back ("remove the budget", "any floor also can")."""
    return find_removals(scan, load_lexicon("quarry.apps.comps", "lexicon")["removable"], LANGS)


DEFAULT_ANCHOR = date(2023, 12, 1)
"""The newest month of the bundled data, for callers that parse without a database."""

__all__ = ["match_streets", "merge_turns", "parse_target"]

_BLOCK_RE = re.compile(r"\b(?:blk|block)\s*\d+[a-z]?\b")
_EXTRACTORS = (
    extract_area,
    extract_storey,
    extract_lease,
    extract_budget,
    extract_flat_model,
    extract_flat_type,
)


def parse_target(
    text: str, *, streets: Sequence[str] = (), towns: Sequence[str] = TOWNS, anchor: date | None = None
) -> Target:
    """Parse one message into a Target whose `model_fields_set` is exactly what it mentioned.

    `streets` and `towns` are the distinct names in the database (typos are matched against
    them); without streets, street words are still recognised but `street_names` stays empty.
    `anchor` is the newest month of the data, which relative periods count back from. Missing
    town or flat type stay None so the caller can ask. Block numbers ('blk 123') are read past:
    Target has no block field. What no extractor used is accounted for (`account`): ignorable,
    an unresolved place or out-of-scope request (asked back), or not understood (said back).
    """
    scan = Scan(words_to_digits(translate(text, _translations()), LANGS))
    for m in scan.matches(_BLOCK_RE):
        scan.blank(m.start(), m.end())
    fields: Fields = {name: _CLEARED[name] for group in removed_groups(scan) for name in _REMOVABLE[group]}
    fields.update(extract_months(scan, anchor or DEFAULT_ANCHOR))
    model: Fields = {}
    for extract in _EXTRACTORS:
        found = extract(scan)
        if extract is extract_flat_model:
            model = found
        else:
            fields.update(found)
    fields.update(model)  # an explicit model beats the one implied by 'EA'/'EM'
    parser = PlaceParser(scan, streets, towns)
    parser.find_towns()
    if parser.town is None and parser.street_town is None:
        parser.fuzzy_town()
    if parser.ambiguous:
        fields["unresolved"] = parser.ambiguous
    parser.find_streets()
    town = parser.town or parser.street_town
    if town is not None:
        fields["town"] = town
    fields.update(parser.street_fields())
    fields.update(account(scan, has_town=town is not None or bool(fields.get("street_names"))))
    return Target(**fields)


# Fields that change together: a new size replaces the old band, a new street the old streets.
_GROUPS: tuple[tuple[str, ...], ...] = (
    ("town",),
    ("flat_type",),
    ("street_hint", "street_names", "near"),
    ("floor_area_target", "floor_area_tolerance", "floor_area_max", "floor_area_min"),
    ("storey_preference", "storey_min", "storey_max"),
    ("min_remaining_lease_years",),
    ("months_back",),
    ("price_budget_max",),
    ("price_budget_min",),
    ("flat_model", "flat_model_soft"),
)
_STREET_GROUP = _GROUPS[2]
_THIS_TURN = ("unresolved", "out_of_scope", "not_understood")
_ADJUST_RE = re.compile(
    r"\b(?:lower|raise|reduce|increase|change|make|set|bump|drop|up|down|adjust)\s+(?:it|that|this|the\s+\w+)?\s*"
    r"(?:down\s+|up\s+)?to\s+(?P<n>\d[\d,.]*\s*(?:k|m|mil)?)\b",
    re.IGNORECASE,
)
_NUMERIC: dict[str, str] = {
    "min_remaining_lease_years": "lease at least {}",
    "price_budget_max": "under {}",
    "price_budget_min": "above {}",
    "floor_area_target": "{} sqm",
    "months_back": "last {} months",
}
"""Numeric fields a bare "lower it to N" can adjust, and how to read N for each."""
"""What the latest message alone left open: asked or said back about that message only."""


def merge_turns(
    texts: Sequence[str], *, streets: Sequence[str] = (), towns: Sequence[str] = TOWNS, anchor: date | None = None
) -> Target:
    """Fold a conversation's user messages, oldest first, into one Target.

    A later message overrides only what it mentions, group by group (a new size replaces the
    whole size band, a new floor wish the whole storey constraint). A message naming both a town
    and a flat type is a new search and starts fresh. Changing the town drops streets from the
    old town unless the message names new ones: streets belong to a town.
    """
    state: Fields = {}
    open_place: list[str] = []
    numeric_said: list[str] = []
    for text in texts:
        turn = parse_target(text, streets=streets, towns=towns, anchor=anchor)
        new_value = _ADJUST_RE.search(text)
        said_anything = turn.model_fields_set - set(_THIS_TURN)
        if new_value and len(numeric_said) == 1 and not said_anything:
            # "lower it to 65": the one number the previous message set gets the new value.
            field = numeric_said[0]
            value = parse_target(_NUMERIC[field].format(new_value["n"]), streets=streets, towns=towns, anchor=anchor)
            if field in value.model_fields_set:
                turn = turn.model_copy(update={field: getattr(value, field), "not_understood": []})
                turn.model_fields_set.add(field)
        numeric_said = [f for f in _NUMERIC if f in turn.model_fields_set and getattr(turn, f) is not None]
        if open_place and turn.town is None:
            # The last message named a place we could not resolve ("jurong", "tengah"); this one
            # may complete it ("west") or replace it ("try bukit batok"): read them together.
            joined = parse_target(" ".join([*open_place, text]), streets=streets, towns=towns, anchor=anchor)
            if joined.town is not None:
                turn = turn.model_copy(update={"town": joined.town, "unresolved": []})
                turn.model_fields_set.add("town")
        open_place = list(turn.unresolved) if turn.town is None else []
        said = turn.model_fields_set
        if turn.town and turn.flat_type:
            state = {}
        elif "town" in said and state.get("town") not in (None, turn.town) and not said.intersection(_STREET_GROUP):
            for name in _STREET_GROUP:
                state.pop(name, None)
        for group in _GROUPS:
            if said.intersection(group):
                for name in group:
                    if name in said:
                        state[name] = getattr(turn, name)
                    else:
                        state.pop(name, None)  # back to the default, e.g. the old sqm cap
        lo, hi = state.get("price_budget_min"), state.get("price_budget_max")
        if lo is not None and hi is not None and lo > hi:  # "above 1m" then "under 500k": the new bound wins
            state.pop("price_budget_min" if "price_budget_max" in said else "price_budget_max")
        for name in _THIS_TURN:
            state.pop(name, None)
            if name in said:
                state[name] = getattr(turn, name)
    return Target(**state)
