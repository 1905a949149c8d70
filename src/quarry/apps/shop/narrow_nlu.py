"""Multi-turn NLU: one utterance → `MemberDelta`.

`extract_delta` is the deterministic regex/keyword reader (Persian and English): category,
brand, city; price bounds in Toman («زیر ۲۰ میلیون», "under 20 million", "ta 20 milion"), warranty
and minimum shop score, read by `scope.read_scope` on the core bound and money readers; cheap,
colour, stop words, and leftover words as keywords. Category names and
colours are the loaded catalogue's (`vocab.catalogue_words`). The model-backed extractor
(`nlu_agent`) returns the same `MemberDelta`; offline it runs this reader.

>>> d = extract_delta("I want a cheap fridge")
>>> (d.category_id, d.cheap)
(17, True)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from itertools import pairwise

from pydantic_ai import Agent
from pydantic_ai.messages import ModelMessage, ModelResponse
from pydantic_ai.models.function import AgentInfo

from quarry.llm import last_user_text, output_call
from quarry.nlu.degree import find_degrees
from quarry.nlu.lexicon import load_lexicon
from quarry.nlu.money import scales
from quarry.search.text import fold_joined

from .nlu import city_by_ending, city_named, function_words, place_named, unit_of
from .picks import ignorable
from .question_words import entry, listed
from .question_words import words as phrases
from .scope import read_scope
from .transliterate import finglish_to_persian, looks_finglish, sound_skeleton
from .turnstate import MemberDelta
from .vocab import BRANDS, CITIES, COLOUR_KEY, CatalogueWords, loaded_words

_BRANDS = sorted(
    [(fold_joined(b.fa), b.id) for b in BRANDS] + [(b.en.lower(), b.id) for b in BRANDS], key=lambda t: -len(t[0])
)
_CITIES = sorted([(fold_joined(c.fa), c.id) for c in CITIES] + [(c.en.lower(), c.id) for c in CITIES],
                 key=lambda t: -len(t[0]))  # fmt: skip
_LATIN_KEEP = frozenset(b.en.lower() for b in BRANDS)
"""Latin brand names stay as written when a Finglish category is read out of the text."""
_CITY_IDS = {c.fa: c.id for c in CITIES}


@cache
def _dialogue_words(name: str) -> re.Pattern[str]:
    """The whole-word pattern of list `name` of dialogue.toml's [words] (cheap, stop, filler)."""
    listed = load_lexicon("quarry.apps.shop", "dialogue")["words"][name]
    alternation = "|".join(re.escape(w) for w in sorted(listed, key=len, reverse=True))
    return re.compile(rf"(?<!\w)({alternation})(?!\w)")


def _first(pairs: Sequence[tuple[str, int]], text: str) -> tuple[int, str] | None:
    for phrase, ident in pairs:
        if re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", text):
            return ident, phrase
    return None


_STRETCH = re.compile(r"[,،.;؛!?؟:\n]")


@cache
def _taken_back() -> tuple[frozenset[str], tuple[str, ...], re.Pattern[str]]:
    """(words before a value, phrases after it, a pattern of all of them) that take a value back."""
    table = load_lexicon("quarry.apps.shop", "dialogue")["taken_back"]
    before = frozenset(fold_joined(w) for w in table["before"])
    after = tuple(fold_joined(w) for w in table["after"])
    cues = "|".join(re.escape(w) for w in sorted({*before, *after}, key=len, reverse=True))
    return before, after, re.compile(rf"(?<!\w)({cues})(?!\w)")


@cache
def _slot_lifting() -> tuple[frozenset[str], tuple[str, ...], dict[str, str]]:
    """(words before a slot's name, phrases after it, folded name → slot) that lift a whole slot."""
    table = load_lexicon("quarry.apps.shop", "dialogue")["slot_lifted"]
    before = frozenset(fold_joined(w) for w in table["before"])
    after = tuple(fold_joined(w) for w in [*table["after"], *listed(entry("scope.indifferent"))])
    names = {fold_joined(n.lower()): slot for slot, ns in table["names"].items() for n in ns}
    return before, after, names


_SLOT_FIELDS = {"price": ("min_price", "max_price")}
"""A lifted slot that is two fields of the state."""


def _slots_lifted(t: str) -> tuple[list[str], str]:
    """(the fields of the slots `t` lifts by name, `t` without those names), e.g. "forget the brand, any
    brand is fine" → (["brand_id"], …)."""
    before, after, names = _slot_lifting()
    fields: list[str] = []
    for name, slot in names.items():
        ending = "" if name.isascii() else "(?:ی|ش|ها)?"  # «هر برندی», «برندش مهم نیست»
        for m in re.finditer(rf"(?<!\w){re.escape(name)}{ending}(?!\w)", t):
            lead = re.findall(r"[\w']+", _STRETCH.split(t[: m.start()])[-1])[-2:]
            tail = " ".join(re.findall(r"[\w']+", _STRETCH.split(t[m.end() :])[0]))
            if set(lead) & before or any(tail == w or tail.startswith(w + " ") or f" {w}" in f" {tail}"
                                         for w in after):  # fmt: skip
                fields.extend(_SLOT_FIELDS.get(slot, (slot,)))
                t = t[: m.start()] + " " * (m.end() - m.start()) + t[m.end() :]
    if fields:
        # The words that lifted it are grammar ("forget", "is fine", «مهم نیست»), no product's.
        cues = "|".join(re.escape(w) for w in sorted({*before, *after}, key=len, reverse=True))
        t = re.sub(rf"(?<!\w)(?:{cues})(?!\w)", " ", t)
    return list(dict.fromkeys(fields)), t


def _slot_values(pairs: Sequence[tuple[str, int]], t: str) -> tuple[list[tuple[int, str]], list[str]]:
    """((each value meant, its phrase), the phrases of values taken back) among the mentions of one slot's
    values in `t` («نه بیخیال سامسونگ، لنوو باشه»: Lenovo is meant, Samsung taken back; "LG or Samsung":
    both meant, in the order said)."""
    before, after, _ = _taken_back()
    taken: set[tuple[int, int]] = set()
    meant: list[tuple[int, int, str]] = []
    back: list[str] = []
    for phrase, ident in pairs:
        # A Persian name may carry the adjectival «ی» («گوشی سامسونگی» "a Samsung phone").
        ending = "" if phrase.isascii() else "(?:ی|ای)?"
        for m in re.finditer(rf"(?<!\w){re.escape(phrase)}{ending}(?!\w)", t):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue  # inside a longer name already read
            taken.add(m.span())
            # Within its own stretch of the message: «نه، تهران» answers no to a question and means Tehran.
            lead = re.findall(r"\w+", _STRETCH.split(t[: m.start()])[-1])[-2:]
            tail = " ".join(re.findall(r"\w+", _STRETCH.split(t[m.end() :])[0])[:2])
            if set(lead) & before or any(tail == w or tail.startswith(w + " ") for w in after):
                back.append(phrase)
            elif ident not in {i for _, i, _ in meant}:
                meant.append((m.start(), ident, phrase))
    return [(ident, phrase) for _, ident, phrase in sorted(meant)], back


def _alternatives(meant: list[tuple[int, str]], t: str) -> list[tuple[int, str]]:
    """The values meant that are alternatives of the first: each joined to the one before by "or"
    ("LG or Samsung", «بوش یا سامسونگ», "lg/samsung"). Another value said otherwise is no alternative
    («کرج هستم نه تهران» means Karaj), so only the first is kept then."""
    kept = meant[:1]
    for (_, before), value in pairwise(meant):
        start = t.find(before)
        gap = t[start + len(before) : t.find(value[1], start + len(before))] if start != -1 else ""
        if not (phrases("compare.or").search(gap) or "/" in gap):
            return _the_one_meant(meant, t)
        kept.append(value)
    return kept


_NO = frozenset({"نه", "not", "no", "na"})


def _the_one_meant(meant: list[tuple[int, str]], t: str) -> list[tuple[int, str]]:
    """Of two values said without "or", the one not said with a «نه» / "no": «نه بوش گرونه، سامسونگ بیار»
    (no, Bosch is dear, Samsung) means Samsung; «کرج هستم نه تهران» (Karaj, not Tehran) means Karaj."""

    def refused(phrase: str) -> bool:  # the word before it, in its own stretch, says no
        at = t.find(phrase)
        before = re.findall(r"\w+", _STRETCH.split(t[:at])[-1]) if at != -1 else []
        return bool(before) and before[-1] in _NO

    plain = [m for m in meant if not refused(m[1])]
    return (plain or meant)[:1]


def _only_stop(t: str, words: CatalogueWords) -> bool:
    """A stop phrase with nothing else stated: «۶۴ گیگ کافیه» ("64 GB is enough") is no stop."""
    rest = _dialogue_words("filler").sub(" ", _dialogue_words("stop").sub(" ", t))
    named = _first(_CITIES, rest) or _first(_BRANDS, rest)  # «کرج بهتره، تهران رو بیخیال» changes the city
    known = any(words.knows(w) for w in re.findall(r"\w+", rest))
    return not named and not any(c.isdigit() for c in rest) and not known


def _city_said_alone(t: str, words: CatalogueWords) -> tuple[str, str] | None:
    """(Persian city, the word) for a word of `t` that is a city despite a slip or in Finglish and no
    word the catalogue writes."""
    for word in re.findall(r"\w+", t):  # "esfahan, ta 12 milion": the comma is no part of the word
        if len(word) < 4 or not word.isalpha() or words.knows(word) or words.knows(finglish_to_persian(word)):
            continue
        if (city := city_named(word)) is not None:
            return city, word
    return None


def extract_delta(text: str, words: CatalogueWords | None = None) -> MemberDelta:
    """The constraints an utterance states (deterministic; Persian and English; `words`: the
    loaded catalogue's, read from the configured database when not given)."""
    words = loaded_words() if words is None else words
    t = fold_joined(text.lower())
    delta = MemberDelta()
    if _dialogue_words("stop").search(t) and _only_stop(t, words):
        return MemberDelta(stop=True)
    lifted, t = _slots_lifted(t)
    delta.cleared.extend(lifted)
    # Seller score, price bounds and warranty: the core bound and money readers through the shop's
    # scope grammar, the same reading as a single-turn question ("seller score above 4" is a score).
    scope, t = read_scope(t)
    if scope.min_score is not None:
        delta.min_score = min(5.0, scope.min_score)
    delta.max_price, delta.min_price = scope.price_below, scope.price_above
    if "warranty" in scope.stated:
        delta.has_warranty = scope.has_warranty
    if _dialogue_words("cheap").search(t):
        delta.cheap, t = True, _dialogue_words("cheap").sub(" ", t)
    for d in reversed([d for d in find_degrees(t) if d.concept == "cheap"]):
        # «ارزونترین», "cheaper": the core degree reader knows every spelling of the comparative and
        # superlative; the word then names no product.
        delta.cheap, t = True, t[: d.start] + " " + t[d.end :]
    if found := _first(words.categories, t):
        delta.category_id = found[0]
        t = re.sub(rf"(?<!\w){re.escape(found[1])}(?!\w)", " ", t, count=1)
    for pairs, field in ((_BRANDS, "brand_id"), (_CITIES, "city_id")):
        named, back = _slot_values(pairs, t)
        meant = _alternatives(named, t)
        if meant:
            setattr(delta, field, meant[0][0])
            if len(meant) > 1:
                delta.also[field] = [ident for ident, _ in meant[1:]]
        elif back:
            delta.cleared.append(field)
        for _, phrase in named:  # a value said but not meant («نه تهران») names no product either
            t = re.sub(rf"(?<!\w){re.escape(phrase)}(?!\w)", " ", t, count=1)
        for phrase in back:
            t = re.sub(rf"(?<!\w){re.escape(phrase)}(?!\w)", " ", t)
        if back:
            t = _taken_back()[2].sub(" ", t)  # the words that took it back are grammar ('forget', «بیخیال»)
    if delta.category_id is None and looks_finglish(t) and (found := _first(words.categories, finglish_to_persian(t))):
        # "polopaz mikham", "ye gooshi": a category in Finglish, read in Persian script (its Latin words
        # are then no keywords).
        delta.category_id = found[0]
        t = " ".join(w for w in t.split() if not words.knows(finglish_to_persian(w)) or w in _LATIN_KEEP)
    if delta.category_id is None and looks_finglish(t) and (heard := _category_by_sound(t, words)) is not None:
        # "ye chaisaz mikham", "mokhlotkon": the transliteration drops vowels («چیسز»), the consonants
        # still spell the category («چای ساز», «مخلوط کن»).
        delta.category_id = heard[0]
        t = re.sub(rf"(?<!\w){re.escape(heard[1])}(?!\w)", " ", t, count=1)
    if delta.city_id is None and (place := place_named(t, words)) is not None and place.city is not None:
        # "dar esfahan", «در تهرون»: a city despite a slip or in Finglish (an unknown place is asked back
        # by the coordinator).
        delta.city_id = _CITY_IDS[place.city]
        t = re.sub(rf"(?<!\w){re.escape(place.folded)}(?!\w)", " ", t, count=1)
    if delta.city_id is None and (ended := city_by_ending(t)) is not None:
        delta.city_id = _CITY_IDS[ended[0]]
        t = re.sub(rf"(?<!\w){re.escape(ended[1])}(?!\w)", " ", t, count=1)
    if delta.city_id is None and (lone := _city_said_alone(t, words)) is not None:
        # "esfahan", «شیرار»: a city by a slip or in Finglish, said without "in" (a dialogue's answer to
        # "which city?"); the catalogue writes no such word.
        delta.city_id = _CITY_IDS[lone[0]]
        t = re.sub(rf"(?<!\w){re.escape(lone[1])}(?!\w)", " ", t, count=1)
    for word, value in words.colours.items():
        if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", t):
            delta.attributes[COLOUR_KEY] = value
            t = re.sub(rf"(?<!\w){re.escape(word)}(?!\w)", " ", t)
    rest = re.sub(r"[^\w\s]", " ", _dialogue_words("filler").sub(" ", t))
    tokens = rest.split()
    # A number right after a name word is the model's number («آیفون ۱۳», "note 13"); others are
    # quantities the feature reader takes («۱۲۸ گیگ»). Function words ("they", "must", «فقط») name no
    # product: as search words they would only make the search find nothing.
    # The other words of the category's own names («برقی» of «چای ساز و کتری برقی») name it, no product.
    own = {w for phrase, ident in words.categories if ident == delta.category_id for w in phrase.split()}
    delta.keywords = [
        w for i, w in enumerate(tokens)
        if ((len(w) > 1 and not w.isdigit())
            or (w.isdigit() and i > 0 and not tokens[i - 1].isdigit() and not _unit_after(tokens, i)))
        and not _states_nothing(w, words) and w not in own
    ]  # fmt: skip
    return delta


_PLURAL = re.compile(r"(?<=\w{3})(?:هایی|های|ها)$")


def _states_nothing(word: str, words: CatalogueWords) -> bool:
    """A function word of the language («فروشنده‌های» as «فروشنده»), or one of the dialogue or a unit
    unless the catalogue writes it in a name."""
    if word in function_words():
        return True  # "how", "is": some name may hold one, but as a search word it would find only those
    if words.knows(word):
        return False
    if unit_of(word) is not None:
        return True  # "9 kg" was read as a bound: its unit left alone names nothing
    skip = function_words() | ignorable()
    return word in skip or _PLURAL.sub("", word) in skip


MIN_SOUNDS = 3
"""Consonants a Finglish word needs before its sound is compared with a category's name."""


def _category_by_sound(t: str, words: CatalogueWords) -> tuple[int, str] | None:
    """(category id, the words) for Finglish words that sound like a category's name, the name's words
    written together or apart ("chai saz", "chaisaz"); None when none does."""
    # Persian names only: an English word is read as English ("actually" is no "kettle").
    persian = [(phrase, ident) for phrase, ident in words.categories if not phrase.isascii()]
    sounds = {sound_skeleton(phrase.replace(" ", "")): ident for phrase, ident in persian}
    tokens = t.split()
    for n in (2, 1):
        for i in range(len(tokens) - n + 1):
            said = " ".join(tokens[i : i + n])
            heard = sound_skeleton(said.replace(" ", ""))
            if len(heard) >= MIN_SOUNDS and heard in sounds:
                return sounds[heard], said
    return None


def _unit_after(tokens: list[str], i: int) -> bool:
    """The number at `i` is followed by a unit or a scale word («۱۲۸ گیگ», "20 million")."""
    nxt = tokens[i + 1] if i + 1 < len(tokens) else ""
    return bool(nxt) and (unit_of(nxt) is not None or nxt.isdigit() or nxt in scales())


@cache  # no per-turn state; built once per process like the other agents
def nlu_agent() -> Agent[None, MemberDelta]:
    """The model-backed extractor (`multiturn-nlu-extractor`): utterance → MemberDelta."""
    return Agent(
        output_type=MemberDelta,
        name="multiturn-nlu-extractor",
        instructions="Extract the shopping constraints the user's message states as a MemberDelta. Prices are in "
        "Toman. Leave anything not stated unset. Set stop when the user wants to end the conversation.",
    )


def offline_nlu(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
    """Offline extractor: the regex/keyword reader."""
    return output_call(info, extract_delta(last_user_text(messages)))
