"""Yes/no questions about a product's feature («X حذف نویز داره؟», «X بی‌سیمه؟», "is X waterproof?").

The feature asked about is read with the dialogue's matcher (`narrow_features.features_named`: a
stored value named, in Persian, English or Finglish, or a yes/no key named), against the values the
product's category stores. Words that only describe the product (its strap, colour or size, as its
name writes them) are not what is asked. The product's own value then answers: the same → yes,
another → no, none stored → not recorded. Persian's spoken copula ("-e": «بی‌سیمه», «ضد آبه»,
«اسمارته») is read off the last word before the question ends.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from quarry.db import Database
from quarry.search.text import fold_joined

from .models import Candidate, Feature
from .narrow_features import features_named
from .nlu import feature_in
from .question_words import writes_persian
from .vocab import CatalogueWords

Verdict = Literal["yes", "no", "not_recorded"]
HAS, HAS_NOT = "دارد", "ندارد"
_YES, _NO = HAS, HAS_NOT
_COPULA = re.compile(r"(\w{2,})ه(?=\s*(?:[?؟]|یا نه|$))")
"""A word with the spoken copula before the question ends («بی‌سیمه؟» = «بی‌سیم است؟»)."""


@dataclass(frozen=True)
class YesNo:
    """The answer to a yes/no feature question."""

    verdict: Verdict
    key: str
    """The feature key asked about, as stored («نوع اتصال»)."""
    value: str | None
    """The product's stored value of it (None: not recorded)."""


def without_copula(text: str) -> str:
    """`text` with the spoken copula taken off the word that closes the question («ضد آبه؟» → «ضد آب؟»)."""
    return _COPULA.sub(r"\1", fold_joined(text))


def _category(db: Database, key: str) -> int | None:
    found = db.scalar("SELECT category_id FROM shop.base_products WHERE random_key = :k", {"k": key})
    return int(found) if found is not None else None


def yes_no_answer(
    db: Database, text: str, product: Candidate, features: list[Feature], words: CatalogueWords
) -> YesNo | None:
    """The verdict on the feature `text` asks about, for `product` with `features`; None when the
    question names no feature (then it is not a yes/no about a feature: "X دارین؟" asks for X)."""
    category = _category(db, product.random_key)
    if category is None:
        return None
    named = features_named(db, without_copula(text), category, dict(words.feature_names))
    described = fold_joined(f"{product.persian_name} {product.english_name}".lower())
    asked = {
        key: wanted
        for key, wanted in named.items()
        if wanted in (_YES, _NO) or fold_joined(wanted.lower()) not in described
    }
    if not asked:
        # A yes/no feature the category never records («هدفون … ضد آبه؟»): named by its key alone.
        named_key = feature_in(without_copula(text), words)
        if named_key is None:
            return None
        stored = {f.name: f.value for f in features}.get(named_key[0])
        if stored is None:
            return YesNo("not_recorded", named_key[0], None)
        if stored not in (_YES, _NO):
            return None  # a value, not a yes or no: the question asks for it ("Epson L3977 print speed?")
        return YesNo("yes" if stored == _YES else "no", named_key[0], stored)
    # A yes/no key named outright («حذف نویز داره؟») is the question; otherwise the first value named.
    key, wanted = next(((k, v) for k, v in asked.items() if v in (_YES, _NO)), next(iter(asked.items())))
    have = {f.name: f.value for f in features}
    if key not in have:
        return YesNo("not_recorded", key, None)
    same = fold_joined(have[key]) == fold_joined(wanted)
    return YesNo("yes" if same else "no", key, have[key])


def yes_no_message(answer: YesNo, text: str, not_recorded: str) -> str:
    """The answer in the question's script: «بله، حذف نویز: دارد.» / "No (نوع اتصال: باسیم)."."""
    if answer.verdict == "not_recorded":
        return not_recorded
    persian = writes_persian(text) and not re.match(r"\s*[A-Za-z]", text)
    said = f"{answer.key}: {answer.value}"
    if persian:
        return f"{'بله' if answer.verdict == 'yes' else 'خیر'}، {said}."
    return f"{'Yes' if answer.verdict == 'yes' else 'No'} ({said})."


def availability_message(shops: int, text: str) -> str:
    """Is it sold (there, with a warranty...)? From the count of shops that matched every constraint."""
    persian = writes_persian(text)
    if shops > 0:
        return f"بله، {shops} فروشنده." if persian else f"Yes, {shops} shop(s) sell it."
    return "خیر، فروشنده‌ای با این شرایط پیدا نشد." if persian else "No shop sells it with those conditions."
