"""The features an utterance of the narrowing dialogue asks for, matched against the stored
`extra_features` of its category (not only product names): «۵۵ اینچ», "8 kilo capacity", «رم ۱۶ گیگ»,
«۱۲ هزار» (12000 BTU), «بی‌سیم», "velvet fabric", «قابل شستشو باشه», «مردونه».

Numbers pick the value with that leading number; when several keys of the category hold it, the
words around the number (the key's name or its unit, as typed or in English, fuzzily) decide, and an
undecided number is left alone. Words pick a value written the same way (whole words; a close
spelling for words of four letters or more: «مردونه» ~ «مردانه»), unless it is negated («بخارگر نه»).
A yes/no feature (values «دارد»/«ندارد») is asked for by naming it. English and Finglish go through
`data/lexicon.toml` (values, units) and the `finglish` transliteration. Keys with many values
(weights, exact dimensions beyond `MAX_VALUES`) are not matched.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz import fuzz

from quarry.db import Database
from quarry.nlu.lexicon import load_lexicon
from quarry.nlu.numbers import words_to_digits
from quarry.search.text import fold_joined

from .once import once
from .scope import read_scope
from .transliterate import finglish_readings, finglish_to_persian, looks_finglish
from .vocab import COLOUR_KEY

MAX_VALUES = 40
"""A key with more distinct values per category than this is a measurement, not a choice."""
CLOSE = 80
"""rapidfuzz ratio from which a word is read as a value's spelling («مردونه» ~ «مردانه»)."""
MIN_WORD = 3
"""Shorter word values (energy class «A») are not read from words: "a fridge" asks for none."""
_YES, _NO = "دارد", "ندارد"
_NEGATION = frozenset({"نه", "غیر", "بدون", "no", "not", "non", "without", "بی"})
_THOUSAND = frozenset({"هزار", "k", "hezar", "thousand"})
_NUMBER = re.compile(r"^(\d+(?:\.\d+)?)([a-z]*)$")
_SQL = """
SELECT DISTINCT b.category_id, e.key, e.value
FROM shop.base_products b, jsonb_each_text(b.extra_features) e
"""


@dataclass(frozen=True)
class Value:
    """One stored value of one feature key in one category."""

    key: str
    value: str
    """As stored (sent to SQL, which folds both sides)."""
    folded: str
    number: float | None
    """The value's leading number («۵۵ اینچ» → 55), None for a word value."""
    unit: str
    """The folded words after the number («اینچ»)."""


def _value(key: str, stored: str) -> Value:
    folded = fold_joined(stored.lower()).strip()
    m = re.match(r"^(\d+(?:\.\d+)?)\s*(.*)$", folded)
    return Value(key, stored, folded, float(m.group(1)) if m else None, m.group(2) if m else "")


@lru_cache(maxsize=4)
def _read(db: Database, stamp: str) -> dict[int, tuple[Value, ...]]:
    del stamp  # the cache key: another catalogue is read again
    by_key: dict[tuple[int, str], dict[str, Value]] = defaultdict(dict)
    for row in db.fetch_all(_SQL):
        v = _value(str(row["key"]), str(row["value"]))
        by_key[(int(row["category_id"]), v.key)].setdefault(v.folded, v)
    out: dict[int, list[Value]] = defaultdict(list)
    for (category, key), values in by_key.items():
        if key != COLOUR_KEY and len(values) <= MAX_VALUES:
            out[category].extend(values.values())
    return {c: tuple(sorted(vs, key=lambda v: -len(v.folded))) for c, vs in out.items()}


def category_values(db: Database) -> dict[int, tuple[Value, ...]]:
    """Every category's matchable feature values (read once per catalogue and process)."""

    def load() -> dict[int, tuple[Value, ...]]:
        stamp = db.scalar("SELECT value::text FROM shop.catalogue_meta WHERE key = 'size'")
        return _read(db, str(stamp))

    return once(("category_values", id(db)), load)


def _lexicon(part: str) -> dict[str, str]:
    table = load_lexicon("quarry.apps.shop", "lexicon")[part]
    return {fold_joined(k.lower()): fold_joined(v) for k, v in table.items()}


def english_forms(values: set[str]) -> set[str]:
    """The words of the English names of stored values (folded): "side by side" for «ساید بای ساید»."""
    folded = {fold_joined(v) for v in values}
    return {w for en, fa in _lexicon("values").items() if fa in folded for w in en.split()}


def _readings(text: str) -> list[str]:
    """The utterance folded, with numbers in digits and without its price, score and warranty phrases;
    English values and units added in Persian, Finglish also read in Persian script."""
    t = read_scope(words_to_digits(fold_joined(text.lower())))[1]
    t = re.sub(r"[^\w\s.]", " ", t)
    extra = [fa for en, fa in _lexicon("values").items() if re.search(rf"(?<!\w){re.escape(en)}(?!\w)", t)]
    readings = [" ".join([t, *extra])]
    if looks_finglish(text):
        readings.append(finglish_to_persian(t))
        # Each word's other likely spellings beside it ("robati": «ربطی» and «رباتی», close to «رباتیک»).
        readings.append(" ".join(r for w in t.split() for r in finglish_readings(w)))
    return readings


def _context(tokens: list[str], i: int, glued: str) -> list[str]:
    units = _lexicon("units")
    near = [glued, *tokens[max(0, i - 2) : i], *tokens[i + 1 : i + 3]]
    return [w for n in near if n for w in (n, units.get(n, n))]


def _fits(context: list[str], v: Value, english_keys: dict[str, str]) -> float:
    names = [*v.unit.split(), *fold_joined(v.key).split(), *(en for en, fa in english_keys.items() if fa == v.key)]
    return max((fuzz.partial_ratio(w, n) for w in context if len(w) > 1 for n in names if len(n) > 1), default=0.0)


def _numbers(tokens: list[str], values: tuple[Value, ...], english_keys: dict[str, str]) -> dict[str, Value]:
    found: dict[str, Value] = {}
    for i, token in enumerate(tokens):
        m = _NUMBER.match(token)
        if m is None:
            continue
        n = float(m.group(1))
        wanted = {n, n * 1000} if (m.group(2) == "k" or tokens[i + 1 : i + 2] in (["هزار"], ["k"])) else {n}
        candidates = [v for v in values if v.number in wanted and v.key not in found]
        if not candidates:
            continue
        context = _context(tokens, i, m.group(2))
        scored = sorted(((_fits(context, v, english_keys), v) for v in candidates), key=lambda sv: -sv[0])
        keys = {v.key for v in candidates}
        best, top = scored[0][1], scored[0][0]
        runner = next((s for s, v in scored if v.key != best.key), None)
        if len(keys) == 1 or (runner is not None and top >= 60 and top > runner):
            found[best.key] = best
    return found


@lru_cache(maxsize=1)
def _feature_heads() -> frozenset[str]:
    return frozenset(fold_joined(w) for w in load_lexicon("quarry.apps.shop", "lexicon")["feature_heads"]["words"])


def _negated(tokens: list[str], start: int, end: int) -> bool:
    return bool(set(tokens[max(0, start - 1) : start]) & _NEGATION or set(tokens[end : end + 1]) & {"نه", "no"})


def _words(tokens: list[str], values: tuple[Value, ...], english_keys: dict[str, str]) -> dict[str, Value]:
    """Word values named; every exact spelling first, then close ones («بی‌سیم» is not «باسیم»)."""
    found: dict[str, Value] = {}
    for close in (False, True):
        _words_pass(tokens, values, english_keys, found, close=close)
    return found


def _words_pass(
    tokens: list[str], values: tuple[Value, ...], english_keys: dict[str, str], found: dict[str, Value], *, close: bool
) -> None:
    for v in values:
        if v.number is not None or v.key in found or len(v.folded) < MIN_WORD:
            continue
        if v.folded in (_YES, _NO):
            key = fold_joined(v.key).split()
            # Named as itself or as a feature of the same thing ("SIM card" names «تعداد سیم کارت» of phones
            # and «قابلیت سیم کارت» of tablets: the words after the first).
            names = [key, *(en.split() for en, fa in english_keys.items() if fa == v.key or _same_thing(fa, v.key))]
            if len(key) > 1 and key[0] in _feature_heads():
                names.append(key[1:])
            for name in names:
                at = _phrase_at(tokens, name, close=close)
                if at is not None and v.folded == (_NO if _negated(tokens, *at) else _YES):
                    found[v.key] = v
            continue
        at = _phrase_at(tokens, v.folded.split(), close=close)
        if at is not None and not _negated(tokens, *at):
            found[v.key] = v


def _same_thing(a: str, b: str) -> bool:
    """Two feature keys of the same thing: the same words after their first («تعداد سیم کارت», «قابلیت سیم
    کارت»)."""
    rest_a, rest_b = fold_joined(a).split()[1:], fold_joined(b).split()[1:]
    return bool(rest_a) and rest_a == rest_b


def _phrase_at(tokens: list[str], phrase: list[str], *, close: bool) -> tuple[int, int] | None:
    """Where `phrase` stands in `tokens` (each word the same or, when `close`, from four letters a close
    spelling), or None."""
    k = len(phrase)
    if k > 1 and "".join(phrase) in tokens:
        # A two-word name written as one («سیم‌کارت», folded «سیمکارت», for «سیم کارت»).
        at = tokens.index("".join(phrase))
        return at, at + 1
    if k == 1:
        # A one-word name written as two («بی سیم» for «بی‌سیم», folded «بیسیم»).
        apart = next((i for i in range(len(tokens) - 1) if tokens[i] + tokens[i + 1] == phrase[0]), None)
        if apart is not None:
            return apart, apart + 2
    for i in range(len(tokens) - k + 1):
        if all(t == p or (close and len(p) >= 4 and len(t) >= 4 and t[0] == p[0] and fuzz.ratio(t, p) >= CLOSE)
               for t, p in zip(tokens[i : i + k], phrase, strict=True)):  # fmt: skip
            return i, i + k
    return None


def features_named(
    db: Database,
    text: str,
    category: int,
    english_keys: dict[str, str],
    bounded: frozenset[str] = frozenset(),
    spent: frozenset[str] = frozenset(),
) -> dict[str, str]:
    """Feature key → stored value for every feature of `category` the utterance asks for (`bounded`: keys
    the utterance bounds instead, «حداقل ۸ کیلو», whose number names no value; `spent`: the words a bound
    was read from, which name no other value: "at least 16GB of RAM" is no 16-inch screen)."""
    values = tuple(v for v in category_values(db).get(category, ()) if v.key not in bounded)
    # Negations are read on the words as typed: the number reader takes «نه» ("no") for nine.
    raw = re.sub(r"[^\w\s]", " ", fold_joined(text.lower())).split()
    refused = {v for v in values if (at := _phrase_at(raw, v.folded.split(), close=False)) and _negated(raw, *at)}
    values = tuple(v for v in values if v not in refused)
    found: dict[str, Value] = {}
    for reading in _readings(text):
        tokens = [w for w in reading.split() if w not in spent]
        for key, v in {**_words(tokens, values, english_keys), **_numbers(tokens, values, english_keys)}.items():
            found.setdefault(key, v)
    return {k: v.value for k, v in _one_key_per_word(found, raw).items()}


def _one_key_per_word(found: dict[str, Value], said: list[str]) -> dict[str, Value]:
    """One feature for a word that is a value of several («بدنش استیل»: the body's material, not the colour
    «استیل» as well, which together would match nothing): the feature whose name is said beside it, else
    the colour (as product names write it), else the first."""
    by_value: dict[str, list[str]] = {}
    for key, v in found.items():
        by_value.setdefault(v.folded, []).append(key)
    out = dict(found)
    for keys in by_value.values():
        if len(keys) < 2:
            continue
        named = [k for k in keys if name_said(k, said)]
        # The colour, unless another feature is named: names write «استیل» as a colour.
        keep = named[0] if len(named) == 1 else (COLOUR_KEY if COLOUR_KEY in keys else keys[0])
        for k in keys:
            if k != keep:
                out.pop(k, None)
    return out


def name_said(key: str, said: list[str]) -> bool:
    """A word of feature `key`'s name is said, maybe with a spoken ending («بدنش» for «جنس بدنه»)."""
    bare = [re.sub(r"(?<=\w{2})(?:ش|شون|ه)$", "", w) for w in said]
    return any(fuzz.ratio(w, k) >= CLOSE for k in fold_joined(key).split() for w in (*said, *bare) if len(w) >= 3)
