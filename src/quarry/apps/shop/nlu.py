"""Deterministic understanding of one shopping question (the offline models read this).

`parse_question` says what a single-turn question asks — a product lookup, one feature of a
product, or a seller statistic (with its city and warranty filters) — and which words name
the product. Persian and English; spelling is evened out with the core `fold_joined`. Feature
names come from the loaded catalogue (`vocab.catalogue_words`), never from the generator.

No silent drops of places: "in X" / «در X» / "dar X" where X is no city and no word of the
catalogue is kept as the question's city (and in `unresolved`), so the statistic is asked back
by name instead of being computed over every city (`place_named`, `ask_for_city`).

>>> parse_question("کمترین قیمت گوشی سامسونگ گلکسی A54 در تهران چقدر است؟").metric
'min_price'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import pairwise
from typing import Literal

from rapidfuzz import fuzz

from quarry.nlu.coverage import stopwords
from quarry.nlu.degree import Degree, find_degrees
from quarry.nlu.fuzzy import best_name
from quarry.nlu.lexicon import load_lexicon
from quarry.nlu.numbers import find_number_words
from quarry.nlu.polarity import negation_cues
from quarry.search.text import fold_joined

from .once import once
from .question_words import entry, listed, named_patterns, writes_persian
from .question_words import pattern as pattern_of
from .question_words import words as phrases
from .scope import NO_SCOPE, Scope, read_scope
from .tools import Metric
from .transliterate import finglish_to_persian, looks_finglish
from .vocab import BRANDS, CITIES, CatalogueWords, loaded_words

Intent = Literal["lookup", "feature", "seller", "compare"]

_COUNTED: dict[str, Metric] = {
    "shops": "shops", "offers": "offers", "cities": "cities", "products": "models", "models": "models",
}  # fmt: skip
"""What a count («چند تا فروشنده», "how many different cities") counts → the metric."""


def _metric_in(t: str) -> tuple[str, Metric] | None:
    """(the phrase, the metric) a seller question asks for, anywhere in folded `t`: the longest phrase
    of `data/questions.toml` wins («بیشترین امتیاز» is the score, not «بیشترین» the price); a count
    word with a noun within two words counts shops, offers or cities."""
    found: list[tuple[int, int, str, Metric]] = []
    for name, pattern in named_patterns("metrics"):
        for m in pattern.finditer(t):
            found.append((-len(m.group()), m.start(), m.group(), name))  # type: ignore[arg-type]
    count = entry("counts")
    between = "|".join(re.escape(w) for w in count["between"])
    counted = pattern_of(listed(count["words"]))
    for noun, metric in _COUNTED.items():
        nouns = pattern_of(listed(count["nouns"][noun])).pattern
        # "how many Bosch dishwasher models": the models' description may stand between (they are
        # counted from the whole message, `product_count`).
        gap = rf"(?:\s+(?:{between})){{0,2}}" if noun != "models" else r"(?:\s+\w+){0,3}?"
        grammar = re.compile(rf"(?:{counted.pattern}){gap}\s+(?:{nouns})")
        if noun == "models" and found:
            continue  # «چند تا فروشنده گوشی … مدل A54»: the sellers are counted; «مدل» names the model
        for m in grammar.finditer(t):
            found.append((-len(m.group()), m.start(), m.group(), metric))
    persons = pattern_of(listed(count["persons"])).pattern
    if not found and pattern_of(listed(count["selling"])).search(t):
        grammar = re.compile(rf"(?:{counted.pattern})(?:\s+(?:{between})){{0,2}}\s+(?:{persons})(?!\w)")
        found.extend((-len(m.group()), m.start(), m.group(), "shops") for m in grammar.finditer(t))
    ends = {metric for *_, metric in found} | {
        "max_price" if d.concept == "expensive" else "min_price"
        for d in find_degrees(t)
        if d.degree == "superlative" and d.concept in ("cheap", "expensive")
    }
    if {"max_price", "min_price"} <= ends and (spread := phrases("spread").search(t)) is not None:
        # "the gap between the priciest and the cheapest": the range, not whichever end was said first.
        return spread.group(), "price_range"
    if not found:
        return None
    _, _, phrase, metric = min(found)
    return phrase, metric


# "What is the warranty of X?" / «X گارانتی دارد؟»: answered as how many shops give one.
_ASKS_WARRANTY = re.compile(r"(?<!\w)(what|does|do|is|are|any|has|have|which|دارد|دارند|چیست|چیه|هست|است)(?!\w)")
_CITY_NAMES: tuple[tuple[str, str], ...] = tuple(
    sorted(((fold_joined(c.fa), c.fa) for c in CITIES), key=lambda t: -len(t[0]))
) + tuple(sorted(((c.en.lower(), c.fa) for c in CITIES), key=lambda t: -len(t[0])))


@lru_cache(maxsize=1)
def _framing() -> re.Pattern[str]:
    """Words that frame a question but do not name the product (`questions.toml` [framing])."""
    listed = entry("framing")["words"]
    return re.compile(rf"(?<!\w)({'|'.join(re.escape(w) for w in sorted(listed, key=len, reverse=True))})(?!\w)")


_PUNCT = re.compile(r"[؟?!,،:;؛«»\"'()\[\]]|(?<!\d)\.|\.(?!\d)")
"""Punctuation, but not the point of a decimal number ("4.5", «۲۱.۵»)."""


@dataclass(frozen=True)
class Question:
    """What one single-turn question asks."""

    intent: Intent
    product: str
    """The words that name the product (what to search)."""
    feature: str | None = None
    """Persian feature key asked about ("عرض")."""
    metric: Metric | None = None
    city: str | None = None
    """The city the question names: its Persian name, or a place the catalogue has no city of as
    written (then also in `unresolved`; the statistics tool reports it instead of counting)."""
    has_warranty: bool | None = None
    products: tuple[str, ...] = ()
    """Compare: the products' words, in the order named."""
    cheaper: bool = True
    """Compare: the cheaper (True) or the more expensive one is wanted; comparing a feature (`feature`
    set, no `metric`), the one with the lower value (True) or the higher."""
    unresolved: tuple[str, ...] = ()
    """Places named that are no city of the catalogue, as written: asked back, never dropped."""
    scope: Scope = NO_SCOPE
    """What the question limits the offers to besides the city (seller score, price bounds, unit...)."""
    stated: tuple[str, ...] = ()
    """Every constraint the question states ("city", "warranty", "seller_score", "price", "unit", or one
    no column holds): a figure is given only when the tool applied each of them."""
    not_understood: tuple[str, ...] = ()
    """Words of the product text that nothing in the catalogue writes, in either script (the search
    passes over them; they never widen it)."""
    yes_no: bool = False
    """Asked yes or no: a feature («X بی‌سیمه؟»), or whether any shop sells it (seller, metric shops)."""
    unit: str | None = None
    """Feature asked by its unit («چند کیلوئه؟», "how many inches"): the stored unit; the product's
    feature measured in it is the answer."""


def feature_in(text: str, words: CatalogueWords) -> tuple[str, str] | None:
    """(Persian key, the phrase found) of the feature named first in folded `text` (the longest
    at that place): questions name the feature before the product («رم گوشی … رم 6 گیگابایت»)."""
    found: list[tuple[int, int, str, str]] = []
    # A feature word followed by its value («رم ۸ گیگ», "8GB RAM" aside) describes the product; it is
    # not the feature asked about.
    spec = r"(?!\w)(?!\s*\d)"
    for fa in words.features:
        f = fold_joined(fa)
        # «نرخ تازه‌سازی» is «نرخ تازه سازی»: a compound is written joined or apart.
        joined = r"\s?".join(re.escape(w) for w in f.split())
        if m := re.search(rf"(?<!\w){joined}{spec}", text):
            found.append((m.start(), -len(f), fa, m.group()))
    for en, fa in words.feature_names.items():
        for m in re.finditer(rf"(?<!\w){re.escape(en.lower())}{spec}", text):
            if not _GLUED.search(text[: m.start()].rstrip().split(" ")[-1]):  # "32GB RAM": a spec of the product
                found.append((m.start(), -len(en), fa, en.lower()))
                break
    for fa in words.features:
        # «تعداد پورت خروجی» asked as «چند تا پورت خروجی»: the count word is the question's own.
        head, _, rest = fold_joined(fa).partition(" ")
        if (
            rest
            and phrases("counts.words").fullmatch(head)
            and (m := re.search(rf"(?<!\w){re.escape(rest)}{spec}", text))
        ):
            found.append((m.start(), -len(rest), fa, rest))
    if not found:
        return _feature_by_its_words(text, words) or _finglish_feature(text, words) or _feature_by_stem(text, words)
    _, _, fa, phrase = min(found)
    return _wider_feature(text, fa, words) or (fa, phrase)


def feature_lifted(text: str, words: CatalogueWords) -> str | None:
    """The feature key `text` says no longer matters («مکانیزمش زیاد مهم نیست», "the colour doesn't
    matter"); None when it lifts none."""
    t = _without_enclitics(_PUNCT.sub(" ", fold_joined(text.lower())), words)
    if not phrases("scope.indifferent").search(t):
        return None
    found = feature_in(t, words)
    return found[0] if found is not None else None


def _wider_feature(text: str, fa: str, words: CatalogueWords) -> tuple[str, str] | None:
    """The one feature whose name holds every word of feature `fa` and more of the question's words
    («تا چند کیلو وزن رو تحمل میکنه» names «حداکثر وزن قابل تحمل», not «وزن»); None when there is none."""
    said = set(text.split())
    said |= {_COPULA.sub("", w) for w in said if len(w) > 3}
    named = set(fold_joined(fa).split())
    wider = [
        (f, " ".join(w for w in key if w in said))
        for f in words.features
        if named < set(key := fold_joined(f).split()) and len(set(key) & said) > len(named)
    ]
    return wider[0] if len(wider) == 1 else None


_COPULA = re.compile(r"(?:ه|یه|ش|شه|ست|است)$")


def _feature_by_its_words(text: str, words: CatalogueWords) -> tuple[str, str] | None:
    """A feature of two or more words named by all of them but one, in any order and with a spoken
    copula («رده انرژی» is «رده مصرف انرژی», «نخ … از چه جنسیه» is «جنس نخ»): only when exactly one
    feature key is named so, and never by one word alone."""
    said = set(text.split())
    bare = said | {_COPULA.sub("", w) for w in said if len(w) > 3}
    hits: list[tuple[str, str]] = []
    for fa in words.features:
        key = fold_joined(fa).split()
        present = [w for w in key if w in bare]
        if len(key) >= 2 and len(present) >= 2 and len(present) >= len(key) - 1:
            hits.append((fa, " ".join(present)))
    return hits[0] if len(hits) == 1 else None


@lru_cache(maxsize=1)
def _derivation_tails() -> dict[str, tuple[str, ...]]:
    table = load_lexicon("quarry.apps.shop", "lexicon")["derivation"]["tails"]
    return {fold_joined(t): tuple(fold_joined(v) for v in verbs) for t, verbs in table.items()}


_VERB_PREFIXES = ("", "می", "نمی", "ب", "ن")
"""What a Persian verb form opens with before its stem («میده», «نمیده», «بده», «نده»)."""


def _verb_said(stems: tuple[str, ...], said: list[str]) -> bool:
    return not stems or any(w.startswith(p + s) for w in said for s in stems for p in _VERB_PREFIXES)


MIN_STEM = 3
"""Letters a said word needs before a feature key word derived from it is named by it."""


def _feature_by_stem(text: str, words: CatalogueWords) -> tuple[str, str] | None:
    """The one feature key holding a word derived from a Persian word said («چقدر شارژ میده» names «مدت
    شارژدهی», «میشه شست» names «قابلیت شستشو»): the key word is the said word plus a derivation ending
    (`lexicon.toml` [derivation]); None unless exactly one key is named so."""
    tokens = text.split()
    said = [w for w in tokens if len(w) >= MIN_STEM and not w.isascii() and not w[0].isdigit()]
    tails = _derivation_tails()
    hits = {
        (fa, w)
        for fa in words.features
        for k in fold_joined(fa).split()
        for w in said
        if k != w and k.startswith(w) and k[len(w) :] in tails and _verb_said(tails[k[len(w) :]], tokens)
    }
    return hits.pop() if len({fa for fa, _ in hits}) == 1 else None


_LATIN_WORD = re.compile(r"[a-z]+")
FINGLISH_FEATURE_CUTOFF = 80.0
"""How close Finglish words written in Persian must be to a feature key ("dor motor" → «دور متر» ≈
«دور موتور»)."""


def _finglish_feature(text: str, words: CatalogueWords) -> tuple[str, str] | None:
    """A feature named in Finglish ("vazn", "dor motor"): runs of one to three Latin words, written in
    Persian, matched against the catalogue's feature keys with rapidfuzz (the closest run)."""
    tokens = text.split()
    keys = {fold_joined(f): f for f in words.features}
    # «تعداد پورت خروجی» is named "port khoroji": a key is also its words after a count word.
    counted = phrases("counts.words")
    for key, f in list(keys.items()):
        head, _, rest = key.partition(" ")
        if rest and counted.fullmatch(head):
            keys.setdefault(rest, f)
    hits: list[tuple[float, int, str, str]] = []
    for size in (3, 2, 1):
        for i in range(len(tokens) - size + 1):
            run = tokens[i : i + size]
            if not all(_LATIN_WORD.fullmatch(w) and looks_finglish(w) for w in run):
                continue
            if (i + size < len(tokens) and tokens[i + size][:1].isdigit()) or (i and _GLUED.fullmatch(tokens[i - 1])):
                continue  # "ram 12", "8gb ram": a spec of the product, not the feature asked about
            # "vaznesh", "mokhazanash": the spoken possessive ending is no part of the name.
            run = [*run[:-1], _FINGLISH_ENCLITIC.sub("", run[-1]) or run[-1]]
            written = " ".join(finglish_to_persian(w) for w in run)
            scored = [(fuzz.ratio(written, k), k) for k in keys]
            best = max(scored, default=(0.0, ""))
            # A short word is read exactly: "saz" (of "chai saz") is no «سایز».
            cutoff = 100.0 if size == 1 and len(run[0]) < 5 else FINGLISH_FEATURE_CUTOFF
            if best[0] >= cutoff:
                hits.append((best[0], size, keys[best[1]], " ".join(tokens[i : i + size])))
    # The longest run that is the key but for a slip ("jense roye" is «جنس رویه», not «جنس»); else the
    # closest run ("kerem jense parchash" holds a colour before «جنس پارچه»).
    close = [h for h in hits if h[0] >= SAME_RUN]
    top = max(close, key=lambda h: (h[1], h[0])) if close else max(hits, default=None)
    if top is None:
        return None
    return _finglish_wider(tokens, top[2], words) or (top[2], top[3])


def _finglish_wider(tokens: list[str], fa: str, words: CatalogueWords) -> tuple[str, str] | None:
    """`_wider_feature` for a feature found in Finglish ("chand kilo vazn ro tahamol mikone" names «حداکثر
    وزن قابل تحمل»): the Latin words read in Persian; the phrase runs from the first of the wider key's
    words said to the last."""
    read = [fold_joined(finglish_to_persian(w)) if _LATIN_WORD.fullmatch(w) else w for w in tokens]
    wider = _wider_feature(" ".join(read), fa, words)
    if wider is None:
        return None
    key_words = set(fold_joined(wider[0]).split())
    at = [i for i, w in enumerate(read) if w in key_words]
    return (wider[0], " ".join(tokens[at[0] : at[-1] + 1])) if at else None


SAME_RUN = 90.0
"""rapidfuzz ratio from which a Finglish run written in Persian is a feature key but for a slip."""


_FINGLISH_ENCLITIC = re.compile(r"(?<=\w{3})(?:esh|ash|eshoon)$")


def _cut(text: str, m: re.Match[str]) -> str:
    return text[: m.start()] + " " + text[m.end() :]


def _strip(text: str, phrase: str) -> str:
    return re.sub(rf"(?<!\w){re.escape(phrase)}(?!\w)", " ", text, count=1)


_OR = phrases("compare.or")
_COMPARE_FRAME = re.compile(r"(?<!\w)((?:کدام|کدوم|کدامیک)(?:ه|ش|شون|و)?|which|one|between|بین)(?!\w)")
"""The comparison's own words, with a spoken ending («کدومه», «کدومش», «کدومو»)."""


def _price_degree(degrees: list[Degree], kind: str) -> Degree | None:
    """The first cheap/expensive comparative or superlative among `degrees` (the language layer's
    grammar: «ارزونتره», «گرون‌ترین», "pricier", "less expensive", «самый дешёвый»…)."""
    return next((d for d in degrees if d.degree == kind and d.concept in ("cheap", "expensive")), None)


_COUNT_REACH = 3
"""Words between 'more' and the noun it counts ('more sellers', «فروشنده‌ی با گارانتی بیشتری»)."""


def _count_compared(t: str) -> tuple[Metric, bool, str] | None:
    """(the count, whether fewer wins, `t` without the words that said it) when `t` compares a count of
    shops or cities ("which one has more sellers", «تو شهرهای بیشتری», "sold in more cities"); None
    otherwise. «با گارانتی» beside shops counts those that give a warranty."""
    more, fewer, warranty = phrases("compare.more"), phrases("compare.fewer"), phrases("scope.warranty")
    for noun, metric in (("shops", "shops"), ("cities", "cities")):
        # A Persian noun may carry the ezafe or indefinite «ی» («فروشنده‌ی با گارانتی بیشتری»).
        named = sorted(listed(entry("counts")["nouns"][noun]), key=len, reverse=True)
        said_nouns = "|".join(re.escape(w) for w in named)
        for n in re.finditer(rf"(?<!\w)(?:{said_nouns})(?:ی|ای|ye|y|i)?(?!\w)", t):
            near = re.findall(r"\w+", t[: n.start()])[-_COUNT_REACH:] + re.findall(r"\w+", t[n.end() :])[:_COUNT_REACH]
            said = " ".join(near)
            if not (more.search(said) or fewer.search(said)):
                continue
            counts: Metric = metric  # type: ignore[assignment]
            if metric == "shops" and warranty.search(t):
                counts = "warranty_shops"
            rest = _cut(t, n)
            rest = (more if more.search(rest) else fewer).sub(" ", rest, count=1)
            rest = warranty.sub(" ", rest) if counts == "warranty_shops" else rest
            return counts, bool(fewer.search(said)) and not more.search(said), rest
    return None


_WITH = re.compile(r"(?<!\w)با\s+")


@lru_cache(maxsize=1)
def _product_openers() -> tuple[str, ...]:
    """Folded brand names (both scripts) and category names: what a product's name starts with."""
    brands = {fold_joined(b.fa) for b in BRANDS} | {b.en.lower() for b in BRANDS}
    return tuple(sorted(brands, key=len, reverse=True))


def _with_as_or(t: str, words: CatalogueWords) -> str:
    """«A با B، کدوم ارزون‌تره؟»: «با» ("with") between two products is their "or" when a brand or a
    category starts the words after it («میز نگار … با میز ماهان …»); «با رم ۸» stays "with"."""
    starts = (*_product_openers(), *(phrase for phrase, _ in words.categories))
    for m in _WITH.finditer(t):
        rest = t[m.end() :]
        if any(rest.startswith(s) and (len(rest) == len(s) or not rest[len(s)].isalnum()) for s in starts if s):
            return t[: m.start()] + " یا " + rest
    return t


def _names_something(alternative: str, words: CatalogueWords) -> bool:
    """Whether an alternative holds a word of the catalogue, a model code or a number (not only function
    words, nor a letter a contraction left: "what's" → "s")."""
    said = [w for w in alternative.split() if w not in function_words() and len(w) > 1]
    variants = _variant_words()  # an elliptic alternative («… پرفیومش یا ادوپرفیومش؟») is a variant word
    return any(words.knows(w) or w in variants or _CODE_LIKE.search(w) or any(c.isdigit() for c in w) for w in said)


@lru_cache(maxsize=1)
def _variant_words() -> frozenset[str]:
    return frozenset(w for ws in entry("variants").values() for f in ws for w in fold_joined(str(f).lower()).split())


def _bound_or(t: str) -> str:
    """`t` without the "or" of a bound ("rated 4.8 or higher", «۸ نفره یا بزرگتر»): it joins no products."""
    more = f"{phrases('compare.larger').pattern}|{phrases('compare.smaller').pattern}"
    return re.sub(rf"(?:{_OR.pattern})\s+(?=(?:{more}))", " ", t)


def _measure_compared(t: str, words: CatalogueWords) -> tuple[str, bool, str] | None:
    """(the feature key, whether the lower value wins, `t` without the words that said it) when `t`
    compares a measured feature: by one adjective ("lighter", «سبک‌تره», `compare.measures`), or by a
    feature's name beside a word of size («باتری کدوم بیشتره», "which has the bigger screen"); None
    otherwise."""
    for node in entry("compare.measures").values():
        if said := pattern_of(listed(node)).search(t):
            return str(node["feature"]), bool(node["less"]), _cut(t, said)
    feature = feature_in(t, words)
    if feature is None:
        return None
    rest = _strip(t, feature[1])
    smaller, larger = phrases("compare.smaller").search(rest), phrases("compare.larger").search(rest)
    said = smaller or larger
    if said is None:
        return None
    return feature[0], said is smaller, _cut(rest, said)


def _comparison(t: str, text: str, words: CatalogueWords, degrees: list[Degree]) -> Question | None:
    """ "Which is cheaper, A or B?" → the two products (None when `t` is not such a question)."""
    t = _bound_or(t)
    said_or = _OR.search(t) is not None
    if not said_or and (between := phrases("compare.between").search(t)) is not None:
        # «بین A و B کدوم …», "between A and B": the first "and" after it joins the two alternatives; an
        # "and" inside a number said in words («شصت و چهار گیگ») joins no alternatives.
        inside = [(n.start, n.end) for n in find_number_words(t)]
        joint = next((j for j in phrases("compare.and").finditer(t, between.end())
                      if not any(a <= j.start() < b for a, b in inside)), None)  # fmt: skip
        if joint is not None:
            t = t[: joint.start()] + " یا " + t[joint.end() :]
            degrees = find_degrees(t)  # read again: the text moved
    if not _OR.search(t) and _COMPARE_FRAME.search(t):
        t = _with_as_or(t, words)
    if not _OR.search(t):
        return None
    # "Which is the cheapest, A or B?" asks the same as "which is cheaper"; not so "between the cheapest
    # and the dearest seller" (no "or": the alternatives are no products).
    degree = _price_degree(degrees, "comparative") or (_price_degree(degrees, "superlative") if said_or else None)
    metric: Metric | None = "min_price"
    feature: str | None = None
    said = phrases("compare.cheaper").search(t) or phrases("compare.dearer").search(t)
    if (counted := _count_compared(t)) is not None:
        metric, cheaper, unmarked = counted
    elif degree is None and (measured := _measure_compared(t, words)) is not None:
        # «باتری کدوم بیشتره، A یا B؟», "which is lighter": the products' stored values are compared.
        metric, (feature, cheaper, unmarked) = None, measured
    elif degree is not None:
        cheaper, unmarked = degree.concept == "cheap", t[: degree.start] + " " + t[degree.end :]
        # «کدوم ارزون‌ترین قیمتش پایین‌تره»: the same comparison said twice leaves no word of a product.
        unmarked = phrases("compare.cheaper" if cheaper else "compare.dearer").sub(" ", unmarked)
    elif said is not None:
        # "which one costs less", "kodoom arzoontare": the comparison in words the degree grammar lacks.
        cheaper, unmarked = bool(phrases("compare.cheaper").search(said.group())), _cut(t, said)
    else:
        return None
    city, unresolved, rest = _where(_COMPARE_FRAME.sub(" ", unmarked), text, words)
    # Numbers said in words read as digits in each alternative («بیست و چهار هزار … یا سی هزارش؟»), the
    # enclitic off a number's last word first.
    parts = (_spelled(_NUMBER_ENCLITIC.sub(r"\1", _clean(_LONE_ENDING.sub(" ", part)))) for part in _OR.split(rest))
    products = tuple(p for p in parts if p)
    if len(products) == 2 and (whole := _elliptic(products[0], products[1], words)) is not None:
        products = (products[0], whole)
    # An alternative must name something: what stood before a list's colon is the question ("cheapest of
    # these three"), and "rated 4.8 or higher" is a bound, not two products.
    products = tuple(p for p in products if _names_something(p, words))
    if len(products) < 2:
        return None
    return Question("compare", products[0], feature=feature, metric=metric, city=city, products=products,
                    cheaper=cheaper, unresolved=unresolved)  # fmt: skip


_NUMBER_WORD = re.compile(r"\d+(?:\.\d+)?")
_GLUED = re.compile(r"(\d+(?:\.\d+)?)([^\W\d_]+)")
"""A number with its unit written on it ("850w", "512gb")."""
_NUMBER_ENCLITIC = re.compile(r"(?<!\w)(هزار|میلیون|صد|\d+)ش(?!\w)")
"""«سی هزارش» "its thirty thousand", «۲۷ش»: a possessive ending on a number."""


_LIST_COMMA = re.compile(r"[,،;؛]")
_LONE_ENDING = re.compile(r"(?<!\w)[هش](?!\w)")
"""A spoken ending left alone once the word it closed was read («ارزون‌تر|ه»)."""
_CODE_LIKE = re.compile(r"[^\W\d_]+\d|\d+[^\W\d_]")
"""A model code (letters with digits: "p60i", "s24")."""


def _undegreed(part: str) -> str:
    """`part` without its comparatives and superlatives («پرفیومش ارزون‌تره» → «پرفیومش»)."""
    folded = fold_joined(part.lower())
    for d in reversed(find_degrees(folded)):
        folded = folded[: d.start] + " " + folded[d.end :]
    return folded


def _listed_alternatives(text: str) -> str | None:
    """`text` with the commas that list alternatives before its first "or" turned into "or" ("A, B or
    C", «A، B یا C»); None when it lists none. A comma inside brackets parts specs ("HP 250 (i5, 8GB)"),
    and a part of one word is a spec or a colour of the alternative before it ("A54, 128GB or …")."""
    said_or = _OR.search(text.lower())
    if said_or is None:
        # «بین A، B و C کدوم …», "between A, B and C": the "and" after the list's commas is its "or".
        between = phrases("compare.between").search(text.lower())
        after = fold_joined(text[between.end() :].lower()).strip() if between is not None else ""
        if phrases("counts.nouns.shops").match(after):
            return None  # «بین فروشنده‌هایی که …», "among the sellers who…": a scope, not a list of products
        commas = [m.end() for m in _LIST_COMMA.finditer(text)] if between is not None else []
        later = [c for c in commas if between is not None and c > between.end()]
        joint = phrases("compare.and").search(text.lower(), later[0]) if later else None
        if joint is None or between is None:
            return None
        # The "between" goes too: what stands before the first comma is then an alternative, not a question.
        ored = text[: between.start()] + " " + text[between.end() : joint.start()] + " یا " + text[joint.end() :]
        return _listed_alternatives(ored)
    head, depth, cuts = text[: said_or.start()], 0, []
    for i, ch in enumerate(head):
        depth += (ch in "([") - (ch in ")]")
        if depth == 0 and _LIST_COMMA.fullmatch(ch) and head[i + 1 :].strip():
            cuts.append(i)  # a comma right before the "or" («A، B، یا C») lists nothing more
    frame = head.rfind(":")
    opening = fold_joined(head[: cuts[0]].lower()) if cuts else ""
    if cuts and frame < cuts[0] and (_COMPARE_FRAME.search(opening) or phrases("asks").search(opening)):
        cuts = cuts[1:]  # "Which is sold in more cities, A or B?": the first comma ends the question
    if frame != -1 and cuts and frame < cuts[0]:
        cuts = [frame, *cuts]  # "cheapest of these three: A, B, or C": the question, then the list
    if not cuts:
        return None
    bounds = [-1, *cuts, len(head)]
    parts = [head[a + 1 : b] for a, b in pairwise(bounds)][1:]
    if any(len(_WORDS.findall(_undegreed(p))) < 2 for p in parts):
        return None
    out = list(text)
    for i in cuts:
        out[i] = " یا "
    return "".join(out)


def _elliptic(a: str, b: str, words: CatalogueWords) -> str | None:
    """The second alternative said as a difference from the first ("X green or gold?", «X سایز ۲۷ یا
    سایز ۲۱.۵ش؟», «... یا همون مدل سفیدش؟», "Ryzen 5 … or Ryzen 7 with the same RAM"), written out whole:
    the first with the second's colour, numbers and variant words in place. None when the second names
    anything else (then it is a product of its own)."""
    variants = {w for name, ws in entry("variants").items() for w in map(fold_joined, ws)}
    same = set(listed(entry("compare.same")))
    first = a.split()

    def bare(w: str) -> str:  # «سفیدش», «۲۱.۵ش»: the enclitic is not part of the value
        stem = w[:-1] if w.endswith("ش") else w
        return stem if stem in words.colours or _NUMBER_WORD.fullmatch(stem) else w

    second = [bare(w) for w in b.split()]

    def glued_twin(w: str) -> int | None:  # "900w" for the first's "850w": a number with the same unit
        m = _GLUED.fullmatch(w)
        twins = [j for j, o in enumerate(first) if m and (n := _GLUED.fullmatch(o)) and n.group(2) == m.group(2)]
        return twins[0] if len(twins) == 1 else None

    fits = lambda w: (  # noqa: E731
        w in words.colours
        or _NUMBER_WORD.fullmatch(w)
        or w in variants
        or w in same
        or w in first
        or glued_twin(w) is not None
    )
    if not second or not all(fits(w) for w in second) or all(w in first or w in same for w in second):
        return None
    out = list(first)
    if colours := [w for w in second if w in words.colours]:
        out = [w for w in out if w not in words.colours] + colours
    for i, w in enumerate(second):
        # A number after a word the first also has («رایزن ۷», «سایز ۲۱.۵») replaces the number there.
        if _NUMBER_WORD.fullmatch(w) and i > 0 and second[i - 1] in out:
            j = out.index(second[i - 1])
            if j + 1 < len(out) and _NUMBER_WORD.fullmatch(out[j + 1]):
                out[j + 1] = w
        elif _NUMBER_WORD.fullmatch(w) and w not in out:
            # A number alone («… ۲۴ هزار یا سی هزارش؟»): it replaces the first's only number of as many digits.
            alike = [j for j, o in enumerate(out) if _NUMBER_WORD.fullmatch(o) and len(o) == len(w)]
            if len(alike) == 1:
                out[alike[0]] = w
        elif (twin := glued_twin(w)) is not None and w not in out:
            out[out.index(first[twin])] = w
    if named := [w for w in second if w in variants and w not in first]:
        out = [w for w in out if w not in variants] + named
    return " ".join(out)


def parse_question(text: str, words: CatalogueWords | None = None) -> Question:
    """The intent, product words and filters of a single-turn question (`words`: the loaded
    catalogue's, read from the configured database when not given)."""
    if words is None:
        # The offline model reads its question at each step: within a turn, once is enough.
        return once(("parse_question", text), lambda: _question(text, loaded_words()))
    return _question(text, words)


def _question(text: str, words: CatalogueWords) -> Question:
    q = _parse(text, words)
    q = replace(q, product=_name_words(q.product, words), products=tuple(_name_words(p, words) for p in q.products))
    return replace(q, not_understood=_unread(" ".join(q.products or (q.product,)), words))


def unread_name_words(span: str, words: CatalogueWords) -> list[str]:
    """The words of `span` that may name a product but that no product, category, feature or colour
    writes (function words, question words and verbs dropped)."""
    drop = _not_name_words()

    def names(w: str) -> bool:
        adjective = w.endswith("ی") and words.knows(w[:-1])  # «سامسونگی» "Samsung's", read as the brand
        fragment = w.isascii() and len(w) <= 2  # what a contraction leaves ("you've" → "ve")
        return not (words.knows(w) or w in drop or _VERB_FORM.match(w) or adjective or fragment)

    return [w for w in span.split() if names(w) and not any(ch.isdigit() for ch in w)]


def _name_words(span: str, words: CatalogueWords) -> str:
    """The product span without the function and question words left in it («… تو» once «تهران» is
    read as the city, «چقد میشه» closing the question): a word no product, category, feature or colour
    writes that is a stop word of English or Persian, or a word of the question grammar, names no
    product. Every other word stays, known or not (an unknown one is said back as not understood)."""
    drop = _not_name_words()
    kept = [
        w
        for w in span.split()
        if any(ch.isdigit() for ch in w) or words.knows(w) or (w not in drop and not _VERB_FORM.match(w))
    ]
    return " ".join(kept) if kept else span


_VERB_FORM = re.compile(
    r"^(?:(?:می|مي)\u200c?\w{2,}?(?:م|ی|یم|ید|ین|ن|ند|ه|د)|mi[a-z]{2,}?(?:am|i|im|id|in|an|and|e|ad))$"
)
"""A Persian verb in the continuous (mi-) form with a personal ending («میخوام», «میخواستم», «میفروشن»,
«میشه», Finglish "mikone", "mifrooshan"): when no product, category, feature or colour writes it, it asks,
it names nothing. A negated verb («نمیخوام») is not one: the negation is read apart."""


def _unread(product: str, words: CatalogueWords) -> tuple[str, ...]:
    """The words of `product` no product, category, feature or colour writes, even read as Finglish."""
    out: list[str] = []
    for word in _LETTERS.findall(product):
        if len(word) < 2 or words.knows(word) or word in out:
            continue
        if looks_finglish(word) and all(words.knows(w) for w in finglish_to_persian(word).split()):
            continue
        out.append(word)
    return tuple(out)


_ENCLITIC = re.compile(r"(?<!\w)(\w{3,}?)(شون|شان|اش|ش|یه|ه)(?!\w)")
"""A possessive enclitic or the spoken copula on a word («قیمتش», «متوسطش» "its average», «فروشنده‌هاشون»,
«از چه نوعیه» "what type is it")."""


@lru_cache(maxsize=1)
def _question_lexicon_words() -> frozenset[str]:
    """Every word of `data/questions.toml`'s phrases, folded (what the question grammar reads)."""

    table = {k: v for k, v in load_lexicon("quarry.apps.shop", "questions").items() if k != "framing"}
    return frozenset(w for p in _strings(table) for w in fold_joined(p).split())


_GRAMMAR_TABLES = ("metrics", "counts", "price_asks", "price_asks_final", "asks", "availability", "yes_no", "compare")
"""The tables of `data/questions.toml` whose words ask the question (variant words and Latin letters
spelled in Persian name products)."""


def function_words() -> frozenset[str]:
    """Words that name no product: stop words and the question grammar's words (not negations)."""
    return _not_name_words()


@lru_cache(maxsize=1)
def _not_name_words() -> frozenset[str]:
    """Stop words and the question grammar's words, but not the words that negate ("not the pro")."""
    return (stopwords(("en", "fa", "finglish")) | _grammar_words()) - negation_cues()


@lru_cache(maxsize=1)
def _grammar_words() -> frozenset[str]:
    table = load_lexicon("quarry.apps.shop", "questions")
    return frozenset(w for name in _GRAMMAR_TABLES for p in _strings(table[name]) for w in fold_joined(p).split())


def _strings(node: object) -> list[str]:
    if isinstance(node, str):
        return [node]
    if isinstance(node, list):
        return [x for n in node for x in _strings(n)]
    if isinstance(node, dict):
        return [x for n in node.values() for x in _strings(n)]
    return []


def _without_enclitics(t: str, words: CatalogueWords) -> str:
    """Folded `t` with the possessive enclitic taken off words of the question grammar and of the
    catalogue's feature names («قیمت متوسطش» → «قیمت متوسط», «وزنش» → «وزن»): "its average" asks for
    the average. Other words keep theirs («کفش» is a shoe)."""
    features = {w for f in words.features for w in fold_joined(f).split()}
    known = _question_lexicon_words() | features

    def bare(m: re.Match[str]) -> str:
        # The copula is taken off a feature's name only («نوعیه», «وزنه»): «هسته» (a core) is no «هست».
        stems = features if m.group(2) in ("یه", "ه") else known
        return m.group(1) if m.group(1) in stems and m.group(0) not in known else m.group(0)

    return _ENCLITIC.sub(bare, t)


_UNIT_AFTER = re.compile(r"\s*(?:گیگ|گیگابایت|ترابایت|اینچ|میلی|میل|لیتر|نفره|کیلو|وات|گرم|سانت|متر|gb|tb|inch|giga)")


def _spelled(text: str) -> str:
    """Sizes and capacities written in words as digits («بیست و هفت اینچ» → 27, «صد و بیست و هشت
    گیگ» → 128): a number of several words, or one followed by a unit. One word alone stays a word
    («سی» is also the letter C of «ال سی وایکیکی»; «یه گوشی» names no spec)."""
    out, at = [], 0
    for found in find_number_words(text):
        after = re.match(r"\s*(\w+)", text[found.end :])
        unit = bool(_UNIT_AFTER.match(text, found.end)) or (after is not None and unit_of(after.group(1)) is not None)
        compound = len(found.text.split()) > 1 or unit
        if found.value >= 10 and found.value.is_integer() and compound:
            out += [text[at : found.start], str(int(found.value))]
            at = found.end
    return _THOUSANDS.sub(lambda m: str(round(float(m.group(1)) * 1000)), "".join(out) + text[at:])


_THOUSANDS = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s*هزار(?!\w)(?!\s*(?:تومن|تومان|ریال)(?!\w))")
"""Digits with «هزار» are one number: «کولر ۲۴ هزار» is 24,000 BTU, not the model "24" of an "S4-W24". An
amount of money («۳۰ هزار تومن») is left to the price reader."""


@lru_cache(maxsize=1)
def _latin_letters() -> tuple[re.Pattern[str], dict[str, str], frozenset[str]]:
    """The Persian names of Latin letters right before a number, the letter each names, and every
    letter name an acronym may be spelled with."""
    table = entry("latin_letters")
    names = {fold_joined(str(n)): str(letter) for letter, ns in table.items() for n in ns}
    alternation = "|".join(sorted(map(re.escape, names), key=len, reverse=True))
    spelled = frozenset(names) | {fold_joined(str(w)) for w in entry("latin_letters_other")["names"]}
    return re.compile(rf"(?<!\w)({alternation})\s*(\d{{1,4}})(?![\w.])"), names, spelled


def _latin_models(text: str) -> str:
    """«اس ۲۴» → "s24", «ایکس ۶» → "x6": a model's Latin letter spelled in Persian (digits already
    folded to Latin), so it meets the catalogue's "Galaxy S24". Not after another Persian word that
    may be a letter too («اچ پی 187a» is HP's 187A) nor before letters."""
    rx, names, spelled = _latin_letters()

    def one(m: re.Match[str]) -> str:
        before = text[: m.start()].split()
        return m.group(0) if before and before[-1] in spelled else f"{names[m.group(1)]}{m.group(2)}"

    return rx.sub(one, text)


@lru_cache(maxsize=1)
def _unit_scales() -> tuple[re.Pattern[str], dict[str, tuple[str, float]]]:
    """(a number with a unit the catalogue never writes, that unit → (the unit written, times))."""
    table = load_lexicon("quarry.apps.shop", "lexicon")["unit_scales"]
    scale = {fold_joined(str(w).lower()): (unit, float(v["times"])) for unit, v in table.items() for w in v["said"]}
    said = "|".join(re.escape(w) for w in sorted(scale, key=len, reverse=True))
    ones = load_lexicon("quarry.apps.shop", "lexicon")["one_of_a_unit"]["words"]
    one = "|".join(re.escape(fold_joined(w)) for w in sorted(ones, key=len, reverse=True))
    return re.compile(rf"(?<![\w.])(\d+(?:\.\d+)?|(?<!\w)(?:{one})\s)\s*({said})(?!\w)"), scale


def in_stored_units(t: str) -> str:
    """Folded `t` with amounts in a unit the catalogue never writes turned into the one it does ("1tb"
    → "1024gb")."""
    rx, scale = _unit_scales()

    def one(m: re.Match[str]) -> str:
        unit, times = scale[m.group(2)]
        value = (float(m.group(1)) if m.group(1)[0].isdigit() else 1.0) * times  # «یک ترا»: one
        return f"{int(value) if value.is_integer() else value}{unit}"

    return rx.sub(one, t)


def _compounds_joined(t: str, words: CatalogueWords) -> str:
    """Folded `t` with a feature's one-word name written as two words put back together («چند کاره» is
    the catalogue's «چندکاره», not the question word «چند»)."""
    names = {f for f in map(fold_joined, words.features) if " " not in f}
    tokens = t.split(" ")
    out: list[str] = []
    for token in tokens:
        if out and out[-1] + token in names and token:
            out[-1] += token
        else:
            out.append(token)
    return " ".join(out)


@lru_cache(maxsize=1)
def _spoken_shifts() -> tuple[tuple[str, str], ...]:
    table = load_lexicon("quarry.apps.shop", "lexicon")["spoken_shifts"]
    return tuple((fold_joined(spoken), fold_joined(written)) for spoken, written in table.items())


def written_form(word: str, words: CatalogueWords) -> str:
    """A spoken form the catalogue never writes in its written form when that one is a catalogue word
    («مردونه» → «مردانه»); else `word`."""
    if words.knows(word):
        return word
    for spoken, form in _spoken_shifts():
        if spoken in word and words.knows(candidate := word.replace(spoken, form)):
            return candidate
    return word


def _written_forms(t: str, words: CatalogueWords) -> str:
    """Folded `t` with each spoken form put in its written form (`written_form`)."""
    return " ".join(written_form(w, words) for w in t.split(" "))


def _parse(text: str, words: CatalogueWords) -> Question:
    t = _PUNCT.sub(" ", in_stored_units(_latin_models(fold_joined(text))))
    t = _without_enclitics(_written_forms(_compounds_joined(t, words), words), words)
    degrees = find_degrees(t)  # read once: comparisons and superlatives both need them
    if (listed := _listed_alternatives(text)) is not None:
        # «A، B یا C؛ کدوم …»: three or more alternatives, the first ones parted by commas.
        lt = _without_enclitics(_PUNCT.sub(" ", in_stored_units(_latin_models(fold_joined(listed)))), words)
        if (compared := _comparison(lt, listed, words, find_degrees(lt))) is not None:
            return compared
    if (compared := _comparison(t, text, words, degrees)) is not None:
        # Alternatives keep their number words: an elliptic «ده هزار یا بیست هزار» is completed from
        # the first alternative's words, which digits would not be (a known gap: a spelled capacity
        # inside a named alternative is then not read).
        return compared
    t = _spelled(t)
    # The offers' scope (warranty, seller score, price bounds, unit...) is read whatever the metric
    # phrase: a constraint never depends on which words ask for the figure.
    scope, scoped = read_scope(t)
    metric = _metric_in(scoped)
    if metric is None and (most := _price_degree(degrees, "superlative")) is not None:
        metric = (most.text, "min_price" if most.concept == "cheap" else "max_price")
    city, unresolved, placed = _where(scoped, text, words)
    stated = (("city",) if city is not None else ()) + scope.stated
    if city is not None and _city_in(placed)[0] is not None:
        # "in Isfahan and Shiraz together": a figure is for one city; the second is named as not applied,
        # never dropped (the count of the first alone had been given).
        placed = _city_in(placed)[1]
        stated += ("second_city",)
    if metric is None and scope.has_warranty and _ASKS_WARRANTY.search(scoped):
        # "Does X have a warranty?": how many shops give one (the warranty is the filter, so it is applied).
        return Question("seller", _clean(placed), metric="shops", city=city, has_warranty=True, scope=scope,
                        stated=stated, unresolved=unresolved)  # fmt: skip
    if metric is None and not _asks_price(scoped) and _yes_no(scoped, text):
        sold = phrases("availability").search(scoped)
        said = sold.group() if sold else ""
        plain = phrases("yes_no.have_it").fullmatch(said) or phrases("yes_no.copula").fullmatch(said)
        if city is not None or scope.stated or (sold and not plain):
            # "Is X sold in Tabriz?", «X تو اصفهان فروشنده داره؟»: does any shop match every constraint?
            rest = phrases("availability").sub(" ", placed)
            return Question("seller", _clean(rest), metric="shops", city=city, has_warranty=scope.has_warranty,
                            scope=scope, stated=stated, unresolved=unresolved, yes_no=True)  # fmt: skip
    if metric is not None or ((city is not None or scope.stated) and _asks_price(scoped)):
        m: Metric = metric[1] if metric else "min_price"
        if metric:
            placed = _strip(placed, metric[0])
        return Question("seller", _clean(placed), metric=m, city=city, has_warranty=scope.has_warranty, scope=scope,
                        stated=stated, unresolved=unresolved)  # fmt: skip
    # Not a seller question: a place named does not filter anything, so the words stay as they were.
    t = _where(t, text, words)[2] if not unresolved else t
    # A value is asked for by a question word, or by a question mark after a feature's name
    # ("Epson L3977 print speed?").
    asks = phrases("asks").search(t) or re.search(r"[?؟]\s*$", text)
    feature = feature_in(t, words)
    if feature is not None and not asks and not _opens_with(t, feature[1], words):
        feature = None  # a feature's name is asked by a question word, or by opening the message («رزولوشن X»)
    if _yes_no(t, text) and not phrases("yes_no.have_it").search(t):
        # The feature asked about is read against the product's own (agents: `yes_no`); a key named is
        # kept for a question that turns out to ask its value ("Epson L3977 print speed?").
        product = _strip(t, feature[1]) if feature is not None else t
        return Question("feature", _clean(product), feature=feature[0] if feature else None, yes_no=True)
    if (asked := _unit_asked(t)) is not None:
        # «جاروبرقی … چند کیلوئه؟», "how many inches is …": the feature measured in that unit; a feature
        # named too («رمش چند گیگه؟») is kept, and wins when the product measures it in that unit (the
        # product's own name may hold a feature name: "… 8GB RAM … how many inches?").
        rest = _strip(t, asked[1])
        return Question("feature", _clean(_strip(rest, feature[1]) if feature else rest),
                        feature=feature[0] if feature else None, unit=asked[0])  # fmt: skip
    if feature is not None:
        return Question("feature", _clean(_strip(t, feature[1])), feature=feature[0])
    if asks and scope.unsupported:
        # "How long does delivery take?": the catalogue records nothing of the kind (answered as such).
        return Question("feature", _clean(scoped), feature=None, scope=scope, stated=stated)
    return Question("lookup", _clean(t) or t.strip())


def _opens_with(t: str, phrase: str, words: CatalogueWords) -> bool:
    """The message opens with a feature's name and goes on to the product's category («رزولوشن تلویزیون
    …», «رم گوشی …»), not to a value or a bound («رنگ مشکی …», «رم ۸ گیگ», "RAM at least 8GB",
    «پردازنده Core i5» describe what is wanted)."""
    # «لطفاً وزن یخچال … را اعلام کنید»: a polite word before the feature's name opens nothing.
    opening = t.split()
    while opening and opening[0] in function_words() and not opening[0].startswith(phrase):
        opening.pop(0)
    body = " ".join(opening)
    if not body.startswith(phrase):
        return False
    after = body[len(phrase) :].split()
    return bool(after) and after[0] in _category_words(words)


def _category_words(words: CatalogueWords) -> frozenset[str]:
    return frozenset(w for phrase, _ in words.categories for w in fold_joined(phrase).split() if len(w) > 2)


_HOW_MANY = re.compile(r"(?<!\w)(?:چند|چقدر|how many|how much|chand)\s+(\w+)")


@lru_cache(maxsize=1)
def unit_forms() -> dict[str, str]:
    """Unit words as people write them (and the stored units themselves) → the unit as stored."""
    table = load_lexicon("quarry.apps.shop", "lexicon")["units"]
    forms = {fold_joined(k.lower()): fold_joined(v) for k, v in table.items()}
    # A unit of two words ("place settings") is also read written as one, as `units_joined` writes it.
    forms |= {k.replace(" ", ""): v for k, v in forms.items() if " " in k}
    return forms | {fold_joined(v): fold_joined(v) for v in table.values()}


def units_joined(t: str) -> str:
    """Folded `t` with each unit of several words written as one word ("14 place settings" → "14
    placesettings"), so that a bound after it reads ("14 place settings or more")."""
    for form in sorted((k for k in unit_forms() if " " in k), key=len, reverse=True):
        t = re.sub(rf"(?<!\w){re.escape(form)}(?!\w)", form.replace(" ", ""), t)
    return t


def unit_of(word: str) -> str | None:
    """The stored unit a written word is (`unit_forms`), also in Finglish ("litri", "nafare", "inchi"
    are «لیتری», «نفره», «اینچی»); None when it is no unit."""
    folded = fold_joined(word.lower())
    units = unit_forms()
    if folded in units:
        return units[folded]
    if folded.isascii() and folded.isalpha() and looks_finglish(folded):
        return units.get(fold_joined(finglish_to_persian(folded)))
    return None


def _unit_asked(t: str) -> tuple[str, str] | None:
    """(stored unit, the words that asked) for «چند کیلوئه», «چند اینچه», "how many inches"; the spoken
    copula and an English plural come off the unit word."""
    m = _HOW_MANY.search(t)
    if m is None:
        return None
    word = m.group(1)
    for form in (word, word[:-1], word[:-2], word.removesuffix("es")):
        if len(form) > 1 and (unit := unit_of(form)) is not None:  # Finglish too: "chand vate", "litre"
            return unit, m.group(0)
    return None


def _yes_no(t: str, text: str) -> bool:
    """Asked yes or no: no question word, and an English auxiliary opening it ("is X wireless?"),
    "or not" closing it, or a question mark."""
    if phrases("asks").search(t) or phrases("asks").search(_SPOKEN_COPULA.sub(r"\1", t)):
        return False  # «رایحه‌ش چجوریه؟» "what is its scent like?": a question word with the spoken copula
    opens = phrases("yes_no.aux").match(t.strip())
    return bool(opens or phrases("yes_no.or_not").search(t) or re.search(r"[?؟]\s*$", text))


_SPOKEN_COPULA = re.compile(r"(?<!\w)(\w{3,})ه(?!\w)")


def _asks_price(t: str) -> bool:
    """A price asked for: a price word anywhere, or «چند» ending the question («X چند؟»)."""
    return bool(phrases("price_asks").search(t) or re.search(rf"(?:{phrases('price_asks_final').pattern})\s*$", t))


def _where(t: str, text: str, words: CatalogueWords) -> tuple[str | None, tuple[str, ...], str]:
    """(city, unresolved places, folded `t` without them): a city named outright, else the place
    an "in X" phrase names (a city despite a slip or in Finglish, or a place the catalogue has no
    city of, kept as the user wrote it)."""
    city, rest = _city_in(t)
    if city is not None:
        return city, (), rest
    # «چند در میاد» "what does it come to" holds «در» without naming a place.
    place = place_named(phrases("price_asks").sub(" ", t), words)
    if place is None:
        if (ended := city_by_ending(t)) is not None:
            # «بین فروشنده‌های اصفهانی», "shirazam": a city with a personal or belonging ending.
            return ended[0], (), _strip(t, ended[1])
        return None, (), t
    rest = _strip(t, place.folded)
    if place.city is not None:
        return place.city, (), rest
    written = as_written(place.folded, text)
    return written, (written,), rest


def _city_in(text: str) -> tuple[str | None, str]:
    """(Persian city name, `text` without it) for the first city `text` names, else (None, text). A city
    inside a brand's name («فرش مشهد», the carpet maker) is no place."""
    branded = [m.span() for b in _BRAND_NAMES for m in re.finditer(rf"(?<!\w){re.escape(b)}(?!\w)", text)]
    for folded, fa in _CITY_NAMES:
        for m in re.finditer(rf"(?<!\w){re.escape(folded)}(?!\w)", text):
            if not any(a <= m.start() and m.end() <= b for a, b in branded):
                return fa, text[: m.start()] + " " + text[m.end() :]
    return None, text


_BRAND_NAMES = tuple(
    {
        fold_joined(n.lower())
        for b in BRANDS
        for n in (b.fa, b.en)
        if any(re.search(rf"(?<!\w){re.escape(c)}(?!\w)", fold_joined(n.lower())) for c, _ in _CITY_NAMES)
    }
)
"""Brand names that hold a city's name («فرش مشهد»)."""


def _clean(text: str) -> str:
    return " ".join(_framing().sub(" ", text).split())


# --- places ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Place:
    """What an "in X" phrase names."""

    folded: str
    """X as it stands in the folded text."""
    city: str | None
    """The Persian name of the city X names (despite a slip, or written in Finglish); None: the
    catalogue has no city of that name."""


_WORDS = re.compile(r"\w+")
_LETTERS = re.compile(r"[^\W\d_]+")


@dataclass(frozen=True)
class _PlaceGrammar:
    before: re.Pattern[str]
    framing: frozenset[str]
    not_places: frozenset[str]


@lru_cache(maxsize=1)
def _place_grammar() -> _PlaceGrammar:
    table = load_lexicon("quarry.apps.shop", "lexicon")["places"]
    before = "|".join(re.escape(fold_joined(w)) for w in sorted(table["before"], key=len, reverse=True))
    return _PlaceGrammar(
        re.compile(rf"(?<!\w)(?:{before})\s+"),
        frozenset(fold_joined(w) for w in table["framing"]),
        frozenset(fold_joined(w) for w in table["not_places"]) | stopwords(("en", "fa")),
    )


@lru_cache(maxsize=1)
def _city_keys() -> dict[str, str]:
    """Folded city name, Persian or English → the Persian name."""
    keys = {fold_joined(c.fa): c.fa for c in CITIES}
    keys.update({fold_joined(c.en): c.fa for c in CITIES})
    return keys


def city_named(word: str) -> str | None:
    """The Persian name of the city `word` names despite a typing slip, or written in Finglish
    ("esfahan" → «اصفهان»); None when it names none."""
    keys = _city_keys()
    tried = [word, finglish_to_persian(word)] if looks_finglish(word) else [word]
    for typed in tried:
        if (hit := best_name(typed, tuple(keys))) is not None:
            return keys[hit.name]
    return None


def place_named(text: str, words: CatalogueWords) -> Place | None:
    """The place an "in X" / «در X» / "dar X" / "too X" phrase of folded `text` names, past framing
    words ("the shops of", «فروشگاه‌های»): X is a word of letters that is no stop word, no word the
    catalogue writes ("in black") and none of the lexicon's words that follow «در» without naming
    a place («در حال حاضر», "in total"). None when no such phrase names one."""
    grammar = _place_grammar()
    for m in grammar.before.finditer(text):
        rest = _WORDS.findall(text[m.end() :])
        while rest and rest[0] in grammar.framing:
            rest.pop(0)
        word = rest[0] if rest else ""
        # A question word ends the phrase («در چند شهر», "in how many cities"): it names no place.
        framing = _framing().fullmatch(word) is not None
        if len(word) < 3 or not word.isalpha() or framing or word in grammar.not_places or words.knows(word):
            continue
        city = city_named(word)
        # A word of the question grammar ("too chand ta shahr") or a verb («ارزون‌تر در میاد» "comes out
        # cheaper") after «در» / "too" names no place unless it is a city's name.
        if city is None and (word in _grammar_words() or _VERB_FORM.match(word)):
            continue
        return Place(word, city)
    return None


@lru_cache(maxsize=1)
def _city_endings() -> tuple[tuple[tuple[str, str], ...], frozenset[str]]:
    """((folded city name, its Persian name) in both scripts, longest first; the endings a city takes)."""
    names = sorted({(fold_joined(c.fa), c.fa) for c in CITIES} | {(c.en.lower(), c.fa) for c in CITIES},
                   key=lambda n: -len(n[0]))  # fmt: skip
    return tuple(names), frozenset(load_lexicon("quarry.apps.shop", "lexicon")["places"]["endings"])


def city_by_ending(text: str) -> tuple[str, str] | None:
    """(Persian city, the word) for a word of folded `text` that is a city with a personal or
    belonging ending («تهرانم» "I'm in Tehran", «اصفهانیا», "shirazam"); None when none is."""
    names, endings = _city_endings()
    for word in _WORDS.findall(text):
        for name, fa in names:
            if word.startswith(name) and word[len(name) :] in endings:
                return fa, word
    return None


def as_written(folded: str, text: str) -> str:
    """`folded` as the user typed it (case and letters as in `text`), when it can be found there."""
    for m in _LETTERS.finditer(text):
        if fold_joined(m.group()) == folded:
            return m.group()
    return folded


def ask_for_city(place: str, *, persian: bool | None = None) -> str:
    """The question back when a question names a place the catalogue has no city of (in Persian
    when `persian`; None: in the script the place is written in)."""
    if persian is None:
        persian = writes_persian(place)
    if persian:
        return f"شهری به نام «{place}» در میان شهرهای فروشگاه‌ها پیدا نکردم؛ منظورتان کدام شهر است؟"
    return f"I found no city called '{place}' among the shops' cities; which city do you mean?"
