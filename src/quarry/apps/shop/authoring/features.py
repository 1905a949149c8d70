"""Typed feature schemas and category specs for the shop catalogue.

A `Feature` is one key of `extra_features` («رنگ», «عرض», «حافظه داخلی» ...): either a closed
set of choices (Persian value + English value) or a number with a unit drawn from a ladder
or a stepped range. A feature can also be a *variant axis*: then it appears in the product
names ("ظرفیت 128 گیگابایت" / "128GB") and, with `price_weight`, raises the price the higher
its value sits in its range. A `Category` bundles its names, brands, models, price range in
Toman and features; the tables themselves are in `categories.py`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Value:
    """One drawn feature value."""

    fa: str
    """As stored in `extra_features` ("120 سانتی‌متر", "مشکی")."""
    en: str
    """English rendering ("120 cm", "Black")."""
    number: float | None
    """The numeric value for numeric features, else None."""
    position: float
    """Where the value sits in its range, 0 (lowest/first choice) .. 1."""


@dataclass(frozen=True, slots=True)
class Feature:
    """One feature key of a category and the values it may take."""

    key: str
    """Persian key in `extra_features` ("عرض")."""
    en: str
    """English key ("width")."""
    choices: tuple[tuple[str, str], ...] = ()
    """(Persian, English) values of a categorical feature; empty for numeric features."""
    ladder: tuple[float, ...] = ()
    """Allowed numeric values (64, 128, 256 ...); if empty, `low`..`high` by `step`."""
    low: float = 0.0
    high: float = 0.0
    step: float = 1.0
    unit: str = ""
    """Persian unit appended to numbers ("سانتی‌متر")."""
    unit_en: str = ""
    name_fa: str = ""
    """Template of the value inside the Persian name ("ظرفیت {n} گیگابایت"); "" = not in the name."""
    name_en: str = ""
    """Template inside the English name ("{n}GB"); `{n}` is the number, `{v}` the whole value."""
    price_weight: float = 0.0
    """Price multiplier at the top of the range is `1 + price_weight` (bottom: 1)."""

    @property
    def numeric(self) -> bool:
        """True for features with numbers and units."""
        return not self.choices

    @property
    def axis(self) -> bool:
        """True when the value is written in the product names."""
        return bool(self.name_fa)

    def values(self) -> tuple[float, ...]:
        """Every allowed number of a numeric feature, ascending."""
        if self.ladder:
            return self.ladder
        count = round((self.high - self.low) / self.step)
        return tuple(round(self.low + k * self.step, 3) for k in range(count + 1))

    def sample(self, rng: random.Random) -> Value:
        """Draw one value (uniform over choices / allowed numbers)."""
        if self.choices:
            k = rng.randrange(len(self.choices))
            fa, en = self.choices[k]
            return Value(fa, en, None, k / max(1, len(self.choices) - 1))
        if self.ladder:
            k, top = rng.randrange(len(self.ladder)), len(self.ladder) - 1
            return self.make(self.ladder[k], k / max(1, top))
        top = round((self.high - self.low) / self.step)
        k = rng.randrange(top + 1)
        return self.make(round(self.low + k * self.step, 3), k / max(1, top))

    def make(self, number: float, position: float = 0.5) -> Value:
        """The `Value` for a given number (used by the hand-written featured products)."""
        text = fmt_number(number)
        fa = f"{text} {self.unit}".strip()
        en = f"{text} {self.unit_en}".strip()
        return Value(fa, en, number, position)

    def choice(self, fa: str) -> Value:
        """The `Value` of the choice whose Persian form is `fa` (raises KeyError if absent)."""
        for k, (cfa, cen) in enumerate(self.choices):
            if cfa == fa:
                return Value(cfa, cen, None, k / max(1, len(self.choices) - 1))
        raise KeyError(f"{self.key}: no choice {fa!r}")

    def in_name(self, value: Value, *, english: bool) -> str:
        """The value as written inside a product name ("" when not a variant axis)."""
        template = self.name_en if english else self.name_fa
        number = fmt_number(value.number) if value.number is not None else ""
        return template.format(n=number, v=value.en if english else value.fa)


def fmt_number(number: float) -> str:
    """`128.0` → "128", `6.4` → "6.4" (Latin digits; spelling variants convert later)."""
    return str(int(number)) if float(number).is_integer() else f"{number:g}"


@dataclass(frozen=True, slots=True)
class Category:
    """A leaf category: names, brands and models, price range and feature schema."""

    id: int
    slug: str
    group: str
    """Slug of the parent `vocab.Group`."""
    fa: str
    """Category title in Persian («یخچال و فریزر»)."""
    en: str
    """Category title in English ("Refrigerators")."""
    noun_fa: str
    """How product names start («یخچال فریزر»)."""
    noun_en: str
    """How English product names end ("Refrigerator")."""
    price: tuple[int, int]
    """Lowest and highest offer price in Toman."""
    features: tuple[Feature, ...]
    models: Mapping[str, tuple[str, ...]]
    """Brand slug → model names; key "" holds models of unbranded products. A model is
    Latin ("Galaxy A15"), or "Persian/English" ("آرتان/Artan"); `#` becomes a digit and
    `@` a capital letter, the same in both languages."""
    weight: float = 1.0
    """Relative share of the catalogue's base products."""
    unbranded: float = 0.0
    """Share of products without a brand (`brand_id` NULL)."""
    brands: tuple[str, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "brands", tuple(slug for slug in self.models if slug))
        keys = [f.key for f in self.features]
        assert len(keys) == len(set(keys)), f"{self.slug}: duplicate feature keys"
        assert self.price[0] < self.price[1]

    def feature(self, key: str) -> Feature:
        """The feature with Persian key `key`."""
        for f in self.features:
            if f.key == key:
                return f
        raise KeyError(f"{self.slug}: no feature {key!r}")


def choice(key: str, en: str, pairs: str, *, name_fa: str = "", name_en: str = "") -> Feature:
    """A categorical feature from "fa:en|fa:en" text."""
    items = tuple(tuple(item.split(":", 1)) for item in pairs.split("|"))
    return Feature(key, en, choices=items, name_fa=name_fa, name_en=name_en)  # type: ignore[arg-type]


def number(
    key: str,
    en: str,
    span: tuple[float, float, float] | tuple[float, ...],
    unit: str,
    unit_en: str,
    *,
    ladder: bool = False,
    name_fa: str = "",
    name_en: str = "",
    price_weight: float = 0.0,
) -> Feature:
    """A numeric feature: `span` is (low, high, step), or the allowed values when `ladder`."""
    if ladder:
        return Feature(key, en, ladder=tuple(span), low=min(span), high=max(span), unit=unit, unit_en=unit_en,
                       name_fa=name_fa, name_en=name_en, price_weight=price_weight)  # fmt: skip
    low, high, step = span
    return Feature(key, en, low=low, high=high, step=step, unit=unit, unit_en=unit_en,
                   name_fa=name_fa, name_en=name_en, price_weight=price_weight)  # fmt: skip


COLOR = "مشکی:Black|سفید:White|نقره‌ای:Silver|طلایی:Gold|آبی:Blue|سبز:Green|بنفش:Purple|خاکستری:Gray"
COLOR_HOME = "سفید:White|نقره‌ای:Silver|استیل:Stainless Steel|مشکی:Black|طوسی:Gray"
COLOR_FURNITURE = "سفید:White|قهوه‌ای:Brown|مشکی:Black|طرح چوب:Wood Pattern|گردویی:Walnut|کرم:Cream"
COLOR_FASHION = "مشکی:Black|سفید:White|سرمه‌ای:Navy|طوسی:Gray|قرمز:Red|آبی:Blue|سبز:Green|کرم:Beige"
