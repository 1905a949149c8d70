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

from quarry.apps.comps.models import Target
from quarry.apps.comps.parse_flat import extract_flat_model, extract_flat_type
from quarry.apps.comps.parse_measures import extract_area, extract_storey
from quarry.apps.comps.parse_places import PlaceParser
from quarry.apps.comps.parse_scan import Fields, Scan
from quarry.apps.comps.parse_streets import match_streets
from quarry.apps.comps.parse_terms import extract_budget, extract_lease, extract_months

__all__ = ["match_streets", "merge_turns", "parse_target"]

_BLOCK_RE = re.compile(r"\b(?:blk|block)\s*\d+[a-z]?\b")
_EXTRACTORS = (
    extract_months,
    extract_area,
    extract_storey,
    extract_lease,
    extract_budget,
    extract_flat_model,
    extract_flat_type,
)


def parse_target(text: str, *, streets: Sequence[str] = ()) -> Target:
    """Parse one message into a Target whose `model_fields_set` is exactly what it mentioned.

    `streets` are the distinct street names in the database; without them street words are
    still recognised but `street_names` stays empty. Missing town or flat type stay None so the
    caller can ask. Block numbers ('blk 123') are read past: Target has no block field.
    """
    scan = Scan(text)
    for m in scan.matches(_BLOCK_RE):
        scan.blank(m.start(), m.end())
    fields: Fields = {}
    model: Fields = {}
    for extract in _EXTRACTORS:
        found = extract(scan)
        if extract is extract_flat_model:
            model = found
        else:
            fields.update(found)
    fields.update(model)  # an explicit model beats the one implied by 'EA'/'EM'
    parser = PlaceParser(scan, streets)
    parser.find_towns()
    if parser.town is None and parser.street_town is None:
        parser.fuzzy_town()
    parser.find_streets()
    town = parser.town or parser.street_town
    if town is not None:
        fields["town"] = town
    fields.update(parser.street_fields())
    return Target(**fields)


# Fields that change together: a new size replaces the old band, a new street the old streets.
_GROUPS: tuple[tuple[str, ...], ...] = (
    ("town",),
    ("flat_type",),
    ("street_hint", "street_names", "near"),
    ("floor_area_target", "floor_area_tolerance", "floor_area_max"),
    ("storey_preference", "storey_min", "storey_max"),
    ("min_remaining_lease_years",),
    ("months_back",),
    ("price_budget_max",),
    ("flat_model", "flat_model_soft"),
)
_STREET_GROUP = _GROUPS[2]


def merge_turns(texts: Sequence[str], *, streets: Sequence[str] = ()) -> Target:
    """Fold a conversation's user messages, oldest first, into one Target.

    A later message overrides only what it mentions, group by group (a new size replaces the
    whole size band, a new floor wish the whole storey constraint). A message naming both a town
    and a flat type is a new search and starts fresh. Changing the town drops streets from the
    old town unless the message names new ones: streets belong to a town.
    """
    state: Fields = {}
    for text in texts:
        turn = parse_target(text, streets=streets)
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
    return Target(**state)
