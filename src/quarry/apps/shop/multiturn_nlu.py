"""Is a message an open-ended want (multi-turn narrowing) rather than one answerable question?

A want («میخوام», "mikham", "looking for"), a vague quality ("cheap", «خوب») or a budget ("under 30m",
«زیر ۲۰ میلیون», "ta 20 milion": the core price-bound reader, `scope.read_scope`) opens a dialogue,
unless the message asks a question of its own or names a model code. Words are data
(`data/dialogue.toml`); a number with a unit ("30m", "20000mAh") is a quantity, not a model code.

>>> is_exploration("I want a cheap fridge"), is_exploration("گوشی سامسونگ گلکسی A54 ۱۲۸ گیگ مشکی")
(True, False)
>>> is_exploration("a good washing machine under 30m"), is_exploration("ye gooshi mikham ta 20 milion")
(True, True)
"""

from __future__ import annotations

import re
from functools import cache

from quarry.nlu.lexicon import load_lexicon
from quarry.search.text import fold_joined

from .nlu import function_words, parse_question, unit_forms, unit_of
from .question_words import listed, pattern, words
from .scope import read_scope
from .spelling import latin_terms
from .variants import colour_of
from .vocab import BRANDS, CatalogueWords, loaded_words

_QUESTION = re.compile(r"چقدر|چند|کمترین|بیشترین|میانگین|how much|how many|what is|lowest|average")
_CODE_WORDS = re.compile(r"(?<!\w)(کد|مدل|model)(?!\w)")
_ALNUM = re.compile(r"(?<![\w-])(?=[\w-]*\d)(?=[\w-]*[a-z])[\w-]+")
_NUMBER_UNIT = re.compile(r"^(\d+(?:\.\d+)?)-?([a-z]+)$")


def _table() -> dict[str, object]:
    return load_lexicon("quarry.apps.shop", "dialogue")


@cache
def _opener(part: str) -> re.Pattern[str]:
    table = _table()["opener"]
    assert isinstance(table, dict)
    return pattern(listed(table[part]))


@cache
def _units() -> frozenset[str]:
    units = _table()["units"]
    assert isinstance(units, dict)
    return frozenset(str(u) for u in units["words"])


def names_a_code(t: str) -> bool:
    """A model code («SN5-9136», "A54", "kd-55x") or the word «مدل»/«کد»; "30m", "20000mah" are quantities."""
    if _CODE_WORDS.search(t):
        return True
    for token in _ALNUM.findall(t):
        m = _NUMBER_UNIT.match(token)
        if m is None or m.group(2) not in _units():
            return True
    return False


_MODEL_NUMBER = re.compile(
    r"(?<!\w)([a-z]+|[\u0600-\u06ff]+)\s+(\d{1,3})(?![\d.]|\s*(?:گیگ|gb|tb|اینچ|inch|میلیون|m\b))"
)
_CAPACITY = re.compile(r"(?<![\w.])\d{2,4}\s*(?:گیگ\w*|gb|tb|ترابایت)(?!\w)")


_LATIN_YEAR = re.compile(r"(?<!\w)[a-z]+\s+(?:19|20)\d\d(?!\d)")
"""A Latin series word with a year ("se 2023", "galaxy a 2024")."""
_SPEC_WORDS = frozenset({"ram", "رم", "رام", "size", "سایز", "ta", "تا", "zire", "زیر", "under", "below", "ba", "با"})
"""Words a number follows that name a spec or a bound, not a model ("رم ۸", "size 42", "ta 20")."""


def _names_one_product(t: str) -> bool:
    """A model named with its number ("iphone 15", «نوت ۱۳», «اس ۲۴») and a capacity or a colour: one
    product asked for, whatever the wish words around it ("I want a 256GB phone" names no model)."""
    known = loaded_words()
    # A series the catalogue writes in Latin may be typed in Persian letters («آیفون ۱۳» is the iPhone 13).
    model = any(
        (known.knows(m.group(1)) or m.group(1).isascii() or latin_terms(m.group(1)).isascii())
        and m.group(1) not in _SPEC_WORDS
        and not _unit_next(t, m.end())  # «ظرفشویی ۱۴ نفره»: a capacity, not a model's number
        for m in _MODEL_NUMBER.finditer(t)
    )
    colour = any(colour_of(fold_joined(w), known.colours) is not None for w in re.findall(r"\w+", t))
    # A capacity in any unit the catalogue knows ("128 gig", «۶ گیگ رم»).
    return model and (bool(_CAPACITY.search(t)) or states_a_measure(t) or colour)


def states_a_measure(t: str) -> bool:
    """Folded `t` holds a number with a unit the catalogue measures in ("20000 mAh", «۱۴ نفره»)."""
    return any(_unit_next(t, m.end()) for m in re.finditer(r"(?<![\w.])\d+(?:\.\d+)?(?!\w)", t))


def _unit_next(t: str, at: int) -> bool:
    """The word after position `at` of `t` is a unit the catalogue measures in."""
    after = t[at:].split(maxsplit=1)
    return bool(after) and unit_of(after[0]) is not None


def is_exploration(text: str) -> bool:
    """True for "I want a cheap fridge"-style needs and open requests with a budget; False when a
    model or code is named or a question of its own is asked."""
    t = fold_joined(text.lower())
    scope, rest = read_scope(t)
    if _QUESTION.search(rest) or words("metrics.min_price").search(rest) or names_a_code(rest):
        return False
    if _names_one_product(rest):
        return False  # "looking for the iphone 15 pro 64gb in gold": a product, not a need
    budget = scope.price_below is not None or scope.price_above is not None
    return bool(budget or _opener("want").search(rest) or _opener("vague").search(rest))


def is_side_question(text: str) -> bool:
    """A question of its own asked inside a dialogue (a price, a feature value, a comparison of named
    products): answered single-turn while the dialogue waits. A refinement ("۵۵ اینچ", "in Tehran",
    "under 20 million") is none."""
    q = parse_question(text)
    if q.intent == "compare":
        return len(q.products) >= 2
    if q.intent == "lookup":
        # «قیمت گوشی سامسونگ A54 چنده؟»: a price asked of a product named by its model.
        t = fold_joined(text.lower())
        return bool(words("price_asks").search(t)) and names_a_code(t)
    # It must name a product: "too mashhad kesi dare?" (anyone in Mashhad?) asks the dialogue's options, and
    # so does "capacity at least 8 kg, Tehran, the cheapest": a feature's name, a number or a unit names none.
    product = fold_joined(q.product.lower())
    words_ = loaded_words()
    described = {w for f in words_.features for w in fold_joined(f).split()} | set(unit_forms())
    # "oh and I'm in Tehran, cheapest one?": "and" is in some product's name, but names none.
    named = [w for w in re.findall(r"\w+", product)
             if len(w) > 1 and not w.isdigit() and w not in described and w not in function_words()]  # fmt: skip
    # A brand, a category or a colour alone names no one product: «نه اصلا سامسونگ نمیخوام، شیائومی ببین»
    # changes the dialogue's brand. Nor does one word of some name: "I live in Mashhad, which one is the
    # cheapest?" is no question about JBL's Live (it had been answered with a Live headphone's price).
    broad = _broad_words(words_)
    # «آیفون ۱۵ پرو», "SE 2023": a series word with its number names a model.
    model = any(_a_model(m, product, described) for m in _MODEL_NUMBER.finditer(product)) or bool(
        _LATIN_YEAR.search(product)
    )
    return names_a_code(product) or model or sum(1 for w in set(named) if words_.knows(w) and w not in broad) >= 2


def _a_model(m: re.Match[str], text: str, described: set[str]) -> bool:
    """A word and a number that name a model («آیفون ۱۵»): not a spec or a feature's word with its
    value («ظرفیت ۸ کیلو», «رم ۸»), nor a number with its unit."""
    after = re.match(r"\s*(\w+)", text[m.end() :])
    unit = after is not None and unit_of(after.group(1)) is not None
    return m.group(1) not in _SPEC_WORDS and m.group(1) not in described and not unit


def _broad_words(words_: CatalogueWords) -> frozenset[str]:
    """Words of brand names, category names and colours: each names many products."""
    brands = {w for b in BRANDS for name in (b.fa, b.en.lower()) for w in fold_joined(name).split()}
    categories = {w for phrase, _ in words_.categories for w in phrase.split()}
    return frozenset(brands | categories | set(words_.colours))
