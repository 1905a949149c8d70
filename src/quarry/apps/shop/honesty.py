"""Honest numbers: a seller statistic is given only when every constraint the question states was
applied; otherwise the answer names the ones that were not (`ShopTurn.unapplied`) and gives no figure.

The question says what was stated (`Question.stated`); the statistics tools say what they applied
(`SellerStatistics.applied`, `LowestOffer.applied`). The unit (Rial) is applied by the answer itself
(`in_rial`).

>>> unapplied(("city", "delivery"), ["city"])
['delivery']
"""

from __future__ import annotations

from collections.abc import Sequence

from .question_words import entry, writes_persian

PRICE_METRICS = frozenset({"min_price", "max_price", "avg_price", "median_price", "price_range"})
RIAL_PER_TOMAN = 10


def unapplied(stated: Sequence[str], applied: Sequence[str]) -> list[str]:
    """The stated constraints a figure computed under `applied` was not (the unit counts as applied for
    a price, which `in_rial` converts; a count has no unit)."""
    done = set(applied) | {"unit"}
    return [c for c in dict.fromkeys(stated) if c not in done]


def in_rial(value: float, metric: str | None) -> float:
    """A price in Rial (the catalogue stores Toman); other figures unchanged."""
    return value * RIAL_PER_TOMAN if metric in PRICE_METRICS else value


def not_applied_message(names: Sequence[str], text: str) -> str:
    """Why no figure is given, in the language of `text`."""
    persian = writes_persian(text)
    labels = entry("labels")
    said = [str(labels.get(n, {}).get("fa" if persian else "en", n)) for n in names]
    if persian:
        return "این عدد را نمی‌توانم با همه شرایط شما بدهم؛ این شرط اعمال نشد: " + "، ".join(said) + "."
    return "I cannot give that figure under all your conditions; not applied: " + ", ".join(said) + "."
