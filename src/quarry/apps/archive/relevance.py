"""Deterministic relevance grader (seed Phase 3, offline): which items match what was asked?

Every candidate is judged on its own, not only the top few, and only items that pass are returned.

- The question's **concepts** (`concepts_of`): each heritage concept once with its synonyms ('shadow
  puppets' is met by 'wayang kulit'), or, when it names none, its content words (a word no item holds
  among them: such a question is about something the archive does not have).
- An item **meets** a concept lexically when one of the concept's phrases occurs as a phrase in its
  title, Malay title, one of its tags, its summary, place or period (`phrase_text` keeps every word, so
  multi-word tags line up), or by meaning when its embedding sits far above the archive's average for
  that concept (`Evidence.closeness`, a z-score; see `evidence.py`).
- Its **score** is the share of the concepts it meets, each weighed by its specificity (rare concepts
  decide, common ones help). It passes when the score reaches `Thresholds.item_cover`, its similarity
  is within `Thresholds.similarity_margin` of the attempt's best, and that best reaches
  `relevant_similarity` (an attempt nowhere near the question passes nothing; a place or period
  filter waives this).
- Constraints (media, place, years) are SQL filters and are not graded again: a question that is
  nothing but filters ("anything from Brunei?", "videos from the 1960s") is met by every item that
  passed them. A question with neither concept nor filter needs `no_concept_similarity`.

The attempt is `relevant` when at least one item passes, `weak` when items came back but none passed,
`empty` when nothing came back. The thresholds are calibrated in `thresholds.py` (see
docs/evaluation.md, archive).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from quarry.nlu.rarity import is_rare
from quarry.search import fold

from .concepts import Parsed, is_form, match_terms
from .models import ArchiveHit, Constraints, Verdict
from .thresholds import DEFAULT, Thresholds

_LANGS = ("en", "ms")


@dataclass(frozen=True)
class Concept:
    """One thing the question asks for."""

    name: str
    """As the question said it (folded), e.g. 'shadow puppets'."""
    phrases: tuple[str, ...]
    """Folded phrases that mention it (the name first, then its synonyms)."""
    required: bool = False
    """A form of material ('oral histories', 'maps'): an item that is not one is not what was asked,
    however much of the rest it covers."""


@dataclass(frozen=True)
class ItemGrade:
    """The grader's judgement of one item."""

    identifier: str
    score: float
    """Weighted share of the concepts met (1.0 when the question has no concept)."""
    met: tuple[str, ...]
    """Concept names met by a phrase of the item."""
    close: tuple[str, ...]
    """Concept names met by meaning only (embedding closeness)."""
    passes: bool


def concepts_of(parsed: Parsed) -> list[Concept]:
    """What an item must mention: one `Concept` per synonym group (a concept named twice, e.g. by the
    question and by the query's synonym bridge, counts once)."""
    out: list[Concept] = []
    seen: set[frozenset[str]] = set()
    for group in match_terms(parsed):
        key = frozenset(group)
        if key in seen or any(key & s for s in seen if len(group) > 1):
            continue
        seen.add(key)
        out.append(Concept(group[0], tuple(group), required=is_form(group[0])))
    # A word no item holds that is rare in English and Malay names a specific thing ("magunatip
    # bamboo dance", "randai"): the question asks for it, so an item must mention it too, and when
    # none does the answer is "couldn't find" rather than the bamboo and dance items beside it.
    # An ordinary word the archive does not use ("installed") is not rare and asks for nothing.
    # A word no item holds written against a concept ('tarian piring', 'dragon boat races') names a
    # kind of it the archive does not hold: asked for in the same way.
    asked = [w for w in parsed.not_understood if is_rare(w, _LANGS) or w in parsed.specifiers]
    out += [Concept(w, (w,)) for w in asked if frozenset({w}) not in seen]
    return out


def _field(text: str) -> str:
    """One field as folded words, every word kept (repeats included: 'batik terengganu batik')."""
    return " ".join(re.findall(r"\w+", fold(text)))


def phrase_text(hit: ArchiveHit) -> str:
    """The item's title, Malay title, tags, summary, place and period as folded phrases, fields kept apart
    by ' | ' so a phrase never runs from one tag into the next."""
    parts = (hit.title, hit.title_ms, *hit.tags, hit.summary, hit.place, hit.period)
    return " | ".join(_field(p) for p in parts)


@cache
def variants(phrase: str) -> tuple[str, ...]:
    """The phrase and its last word in singular or plural ('trishaw riders' → … 'trishaw rider'): the
    English plural is grammar, not a word list."""
    words = _field(phrase).split()
    if not words:
        return ()
    head, last = words[:-1], words[-1]
    forms = {last}
    if last.endswith("ies") and len(last) > 4:
        forms.add(last[:-3] + "y")
    elif last.endswith("es") and len(last) > 4 and last[-3] in "sxz":
        forms.add(last[:-2])
    elif last.endswith("s") and not last.endswith("ss") and len(last) > 3:
        forms.add(last[:-1])
    else:
        forms |= {last + "s", last[:-1] + "ies" if last.endswith("y") else last + "es"}
    return tuple(" ".join([*head, f]) for f in sorted(forms, key=lambda f: f != last))


def mentions(text: str, concept: Concept) -> bool:
    """True when `text` (a `phrase_text`) holds one of the concept's phrases as whole words."""
    padded = f" {text} "
    return any(f" {v} " in padded for p in concept.phrases for v in variants(p))


def answered_by_filters(applied: Constraints | None) -> bool:
    """True when a question with no concept is answered by every item its filters let through: a place
    or a period names what is wanted ("anything from Brunei?", "videos from the 1960s"); a media type
    alone ("pictures") does not."""
    return applied is not None and bool(applied.place or applied.has_years)


def grade_items(
    hits: Sequence[ArchiveHit],
    concepts: Sequence[Concept],
    *,
    weights: Mapping[str, float] | None = None,
    known: Mapping[str, bool] | None = None,
    closeness: Mapping[str, Mapping[str, float]] | None = None,
    thresholds: Thresholds = DEFAULT,
    applied: Constraints | None = None,
) -> list[ItemGrade]:
    """Every hit judged against the concepts (see the module docstring), in the order given."""
    if not hits:
        return []
    best = max(h.similarity for h in hits)
    if not concepts:
        by_filters = answered_by_filters(applied)
        # With the period as the question ('photos from the 1920s'), an item dated inside it answers; one
        # whose dating only overlaps it ('early 20th century') answers only when none is dated inside.
        inside = {h.identifier for h in hits if applied is not None and dated_within(h, applied)}
        return [
            ItemGrade(
                h.identifier,
                1.0,
                (),
                (),
                (by_filters or h.similarity >= thresholds.no_concept_similarity)
                and (not inside or h.identifier in inside),
            )
            for h in hits
        ]
    # An attempt whose best item is not close to the question at all passes nothing (the e5 floor for a
    # topical match), however its words line up: off-topic text shares words with anything. A place or
    # period filter already narrowed the pool to what was asked, and its few items sit lower.
    narrowed = applied is not None and bool(applied.place or applied.has_years)
    floor_met = narrowed or best >= thresholds.relevant_similarity
    w = {c.name: (weights or {}).get(c.name, 1.0) for c in concepts}
    total = sum(w.values())
    out: list[ItemGrade] = []
    for h in hits:
        text = phrase_text(h)
        met = tuple(c.name for c in concepts if mentions(text, c))
        close = tuple(
            c.name
            for c in concepts
            if c.name not in met
            and (known or {}).get(c.name, True)
            and (closeness or {}).get(c.name, {}).get(h.identifier, float("-inf")) >= thresholds.concept_z
        )
        score = sum(w[n] for n in (*met, *close)) / total
        near = h.similarity >= best - thresholds.similarity_margin
        forms_met = all(c.name in met or c.name in close for c in concepts if c.required)
        ok = floor_met and near and score >= thresholds.item_cover and forms_met
        out.append(ItemGrade(h.identifier, round(score, 4), met, close, ok))
    return out


def dated_within(hit: ArchiveHit, c: Constraints) -> bool:
    """Whether `hit` is dated inside the years of `c` (False when `c` asks for no years)."""
    if not c.has_years:
        return False
    after = c.year_from is None or (hit.year_from is not None and hit.year_from >= c.year_from)
    before = c.year_to is None or (hit.year_to is not None and hit.year_to <= c.year_to)
    return after and before


def verdict_of(
    hits: Sequence[ArchiveHit], grades: Sequence[ItemGrade], concepts: Sequence[Concept]
) -> tuple[Verdict, str]:
    """(verdict, reason) of one attempt from its items' grades."""
    if not hits:
        return "empty", "no items above the similarity floor"
    passed = [g for g in grades if g.passes]
    best = max(h.similarity for h in hits)
    names = ", ".join(c.name for c in concepts) or "no concept: the filters decide"
    why = f"{len(passed)} of {len(hits)} items pass [{names}]; best similarity {best:.3f}"
    return ("relevant" if passed else "weak"), why


def grade(
    hits: Sequence[ArchiveHit], parsed: Parsed, thresholds: Thresholds = DEFAULT, applied: Constraints | None = None
) -> tuple[Verdict, str]:
    """(verdict, reason) for one attempt's hits from the lexical view alone (no database at hand)."""
    concepts = concepts_of(parsed)
    grades = grade_items(hits, concepts, thresholds=thresholds, applied=applied)
    return verdict_of(hits, grades, concepts)
