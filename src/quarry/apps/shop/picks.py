"""Which shown option a reply picks: «۲», "2", "option 2", "ok number 2", «دومی», «دومیو انتخاب میکنم»,
"the first one", "dovomi". The words are data (`data/dialogue.toml`); the grammar is here: one option
number or ordinal, with nothing but filler words around it, so "the first one is too dear" picks nothing.

>>> picked_number("دومیو انتخاب میکنم"), picked_number("ok number 2"), picked_number("۵۵ اینچ")
(2, 2, None)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from quarry.nlu.degree import Degree, find_degrees
from quarry.nlu.lexicon import load_lexicon
from quarry.search.text import fold_joined

from .question_words import words as phrases

_MAX_OPTION = 99
_OBJECT_MARKER = "و"
"""Colloquial «را» glued to the word («دومیو» = «دومی را»)."""


@cache
def _ordinals() -> dict[str, int]:
    table = load_lexicon("quarry.apps.shop", "dialogue")["pick"]["ordinals"]
    return {fold_joined(w.lower()): int(n) for n, ws in table.items() for w in ws}


@cache
def _filler() -> frozenset[str]:
    table = load_lexicon("quarry.apps.shop", "dialogue")["pick"]["filler"]
    return frozenset(w for ws in table.values() for p in ws for w in fold_joined(p.lower()).split())


@cache
def ignorable() -> frozenset[str]:
    """Words of the dialogue that state nothing (pick filler, wants such as «میخوام», "mikham")."""
    table = load_lexicon("quarry.apps.shop", "dialogue")
    phrases = [*(p for ws in table["pick"]["filler"].values() for p in ws),
               *(p for ws in table["opener"]["want"].values() for p in ws), *table["ignorable"]["words"]]  # fmt: skip
    return frozenset(w for p in phrases for w in fold_joined(p.lower()).split())


def _number(token: str) -> int | None:
    if token.isdigit():
        n = int(token)
        return n if 1 <= n <= _MAX_OPTION else None
    if token in _ordinals():
        return _ordinals()[token]
    if token.endswith(_OBJECT_MARKER):
        return _ordinals().get(token[: -len(_OBJECT_MARKER)])
    return None


def picked_number(text: str) -> int | None:
    """The option number a reply picks (None if it is not a pick)."""
    tokens = re.sub(r"[^\w#']+", " ", fold_joined(text.lower())).replace("#", " ").split()
    found: list[int] = []
    for token in tokens:
        if (n := _number(token)) is not None:
            found.append(n)
        elif token not in _filler():
            return None
    return found[0] if len(found) == 1 else None


@cache
def _which() -> frozenset[str]:
    table = load_lexicon("quarry.apps.shop", "dialogue")["pick"]["which"]
    return frozenset(w for ws in table.values() for p in ws for w in fold_joined(p.lower()).split())


def _price_superlatives(text: str) -> list[Degree]:
    """The price superlatives of `text`; a comparative asked with "which" («کدوم ارزون‌تره؟», "which one is
    cheaper?") picks among the options the same way."""
    found = [d for d in find_degrees(text) if d.concept in ("cheap", "expensive")]
    for concept, metric in (("cheap", "metrics.min_price"), ("expensive", "metrics.max_price")):
        # "what's the lowest price you have?", «کمترین قیمت»: the question grammar's words for the extreme.
        for m in phrases(metric).finditer(text.lower()):
            if not any(d.start < m.end() and m.start() < d.end for d in found):
                found.append(Degree(concept, "superlative", m.start(), m.end(), m.group()))
    most = [d for d in found if d.degree == "superlative"]
    if most or not any(w in _which() for w in re.findall(r"\w+", fold_joined(text.lower()))):
        return most
    return [d for d in found if d.degree == "comparative"]


def said_extreme(text: str) -> str | None:
    """'cheap' or 'expensive' when `text` asks for the one extreme by price («ارزونترین», "cheapest"),
    whatever else it says; None otherwise."""
    said = {d.concept for d in _price_superlatives(text)}
    return said.pop() if len(said) == 1 else None


def picked_extreme(text: str, knows: Callable[[str], bool] | None = None) -> str | None:
    """ "the cheapest one", «ارزون‌ترینش کدومه؟», "which is the most expensive": 'cheap' or
    'expensive' when a reply picks the extreme of the options by price and states nothing else
    (None otherwise). Around the superlative may stand pick filler and question words, and, given
    `knows` (the catalogue's words), any word the catalogue does not write: it cannot narrow the
    offers («از بین اینا … همونو میخوام», "send me the cheapest"). A catalogue word or a number
    ("the cheapest samsung", "cheapest under 10m") is a constraint, so no pick."""
    degrees = _price_superlatives(text)
    if len(degrees) != 1:
        return None
    d = degrees[0]
    rest = re.sub(r"[^\w#']+", " ", fold_joined((text[: d.start] + " " + text[d.end :]).lower())).split()

    def states_nothing(w: str) -> bool:
        if w in _filler() or w in _which() or w in ignorable():
            return True
        return knows is not None and not any(c.isdigit() for c in w) and not knows(w)

    return d.concept if all(states_nothing(w) for w in rest) else None
