"""Deterministic understanding of one shopping question (the offline models read this).

`parse_question` says what a single-turn question asks — a product lookup, one feature of a
product, or a seller statistic (with its city and warranty filters) — and which words name
the product. Persian and English; spelling is evened out with the core `fold_joined`.

>>> parse_question("کمترین قیمت گوشی سامسونگ گلکسی A54 در تهران چقدر است؟").metric
'min_price'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from quarry.search.text import fold_joined

from .categories import CATEGORIES
from .tools import Metric
from .vocab import CITIES, NO_WARRANTY, WARRANTY

Intent = Literal["lookup", "feature", "seller", "compare"]

FEATURES: dict[str, str] = {f.key: f.en for c in CATEGORIES for f in c.features}
"""Persian feature key → English name, every feature the catalogue has."""
_EN_FEATURES: dict[str, str] = {}
for _fa, _en in FEATURES.items():
    _EN_FEATURES.setdefault(_en.lower(), _fa)
_EN_FEATURES.update({"colour": "رنگ", "weight": "وزن", "size": "اندازه", "material": "جنس", "memory": "حافظه داخلی"})

# Metric phrases, longest first within each language; folded (Arabic letters, half-spaces evened out).
_METRICS: tuple[tuple[str, Metric], ...] = (
    ("ارزانترین قیمت", "min_price"), ("کمترین قیمت", "min_price"), ("پایینترین قیمت", "min_price"),
    ("کمترین", "min_price"), ("ارزانترین", "min_price"),
    ("بیشترین قیمت", "max_price"), ("گرانترین قیمت", "max_price"), ("بالاترین قیمت", "max_price"),
    ("بیشترین", "max_price"), ("گرانترین", "max_price"),
    ("میانگین قیمت", "avg_price"), ("متوسط قیمت", "avg_price"), ("میانه قیمت", "median_price"),
    ("میانگین امتیاز", "avg_score"), ("متوسط امتیاز", "avg_score"), ("بیشترین امتیاز", "max_score"),
    ("تعداد فروشگاههای دارای گارانتی", "warranty_shops"), ("تعداد فروشگاه", "shops"), ("چند فروشگاه", "shops"),
    ("تعداد پیشنهاد", "offers"), ("تعداد فروشنده", "shops"), ("چند فروشنده", "shops"),
    ("lowest price", "min_price"), ("minimum price", "min_price"), ("cheapest price", "min_price"),
    ("highest price", "max_price"), ("maximum price", "max_price"), ("average price", "avg_price"),
    ("mean price", "avg_price"), ("median price", "median_price"), ("average score", "avg_score"),
    ("how many shops", "shops"), ("number of shops", "shops"), ("how many offers", "offers"),
    ("number of offers", "offers"), ("how many sellers", "shops"), ("cheapest", "min_price"),
    ("most expensive", "max_price"), ("highest score", "max_score"), ("best score", "max_score"),
    ("how many shops with a warranty", "warranty_shops"), ("how many shops with warranty", "warranty_shops"),
)  # fmt: skip
# Longest first across both languages: «بیشترین امتیاز» (max_score) must win over «بیشترین» (max_price).
_METRICS = tuple(sorted(((fold_joined(p), m) for p, m in _METRICS), key=lambda pm: -len(pm[0])))
# "What is the warranty of X?" / «X گارانتی دارد؟»: answered as how many shops give one.
_ASKS_WARRANTY = re.compile(r"(?<!\w)(what|does|do|is|are|any|has|have|which|دارد|دارند|چیست|چیه|هست|است)(?!\w)")
_CITY_NAMES: tuple[tuple[str, str], ...] = tuple(
    sorted(((fold_joined(c.fa), c.fa) for c in CITIES), key=lambda t: -len(t[0]))
) + tuple(sorted(((c.en.lower(), c.fa) for c in CITIES), key=lambda t: -len(t[0])))
# Words that frame a question but do not name the product (removed before the search).
_FRAMING = re.compile(
    r"(?<!\w)(چقدر|چند|چیست|چیه|است|هست|میباشد|را|رو|بگو|بده|لطفا|لطفاً|قیمت|تومان|کالای|محصول|"
    r"فروشگاههای|فروشگاههایی|فروشگاه|فروشگاهها|که|دارند|دارد|ارائه|میدهند|با|در|شهر|این|برای|من|"
    r"what|is|the|of|a|an|in|for|with|price|shops|shop|that|offer|give|please|how|much|does|do|which|"
    r"find|me|i|want|need|looking|product|city|sellers|seller|have|has)(?!\w)"
)
_PUNCT = re.compile(r"[؟?!.,،:;«»\"'()\[\]]")


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
    """Persian city name when the question names one."""
    has_warranty: bool | None = None
    products: tuple[str, ...] = ()
    """Compare: the products' words, in the order named."""
    cheaper: bool = True
    """Compare: the cheaper (True) or the more expensive one is wanted."""


def _feature_in(text: str) -> tuple[str, str] | None:
    """(Persian key, the phrase found) of the feature named first in folded `text` (the longest
    at that place): questions name the feature before the product («رم گوشی … رم 6 گیگابایت»)."""
    found: list[tuple[int, int, str, str]] = []
    for fa in FEATURES:
        f = fold_joined(fa)
        if m := re.search(rf"(?<!\w){re.escape(f)}(?!\w)", text):
            found.append((m.start(), -len(f), fa, f))
    for en, fa in _EN_FEATURES.items():
        if m := re.search(rf"(?<!\w){re.escape(en.lower())}(?!\w)", text):
            found.append((m.start(), -len(en), fa, en.lower()))
    if not found:
        return None
    _, _, fa, phrase = min(found)
    return fa, phrase


def _strip(text: str, phrase: str) -> str:
    return re.sub(rf"(?<!\w){re.escape(phrase)}(?!\w)", " ", text, count=1)


_COMPARE = re.compile(r"(?<!\w)(ارزانتر|گرانتر|cheaper|more expensive|less expensive|pricier)(?!\w)")
_OR = re.compile(r"(?<!\w)(?:یا|or)(?!\w)")
_COMPARE_FRAME = re.compile(r"(?<!\w)(کدام|کدوم|کدامیک|which|one|between|بین)(?!\w)")


def _comparison(t: str) -> Question | None:
    """ "Which is cheaper, A or B?" → the two products (None when `t` is not such a question)."""
    m = _COMPARE.search(t)
    if m is None or not _OR.search(t):
        return None
    cheaper = m.group(1) in ("ارزانتر", "cheaper", "less expensive")
    city, rest = _city_in(_COMPARE_FRAME.sub(" ", _COMPARE.sub(" ", t)))
    products = tuple(p for p in (_clean(part) for part in _OR.split(rest, maxsplit=1)) if p)
    if len(products) != 2:
        return None
    return Question("compare", products[0], metric="min_price", city=city, products=products, cheaper=cheaper)


def parse_question(text: str) -> Question:
    """The intent, product words and filters of a single-turn question."""
    t = _PUNCT.sub(" ", fold_joined(text))
    if (compared := _comparison(t)) is not None:
        return compared
    metric = next(((p, m) for p, m in _METRICS if re.search(rf"(?<!\w){re.escape(p)}(?!\w)", t)), None)
    warranty: bool | None = None
    if NO_WARRANTY.search(t):
        warranty = False
        t = NO_WARRANTY.sub(" ", t)
    elif metric and WARRANTY.search(t):
        warranty = True
        t = WARRANTY.sub(" ", t)
    city, t = _city_in(t)
    if metric is None and WARRANTY.search(t) and _ASKS_WARRANTY.search(t):
        return Question("seller", _clean(WARRANTY.sub(" ", t)), metric="warranty_shops", city=city)
    if metric is not None or (city is not None and re.search(r"قیمت|price", t)):
        m: Metric = metric[1] if metric else "min_price"
        if metric:
            t = _strip(t, metric[0])
        return Question("seller", _clean(t), metric=m, city=city, has_warranty=warranty)
    asks = re.search(r"چقدر|چیست|چیه|چند|what|how|which", t)
    feature = _feature_in(t) if asks else None
    if feature is not None:
        return Question("feature", _clean(_strip(t, feature[1])), feature=feature[0])
    return Question("lookup", _clean(t) or t.strip())


def _city_in(text: str) -> tuple[str | None, str]:
    """(Persian city name, `text` without it) for the first city `text` names, else (None, text)."""
    for folded, fa in _CITY_NAMES:
        if re.search(rf"(?<!\w){re.escape(folded)}(?!\w)", text):
            return fa, _strip(text, folded)
    return None, text


def _clean(text: str) -> str:
    return " ".join(_FRAMING.sub(" ", text).split())
