"""The shop's vocabulary: the reference tables of brands, cities and category groups, and the
words of the loaded catalogue that understanding reads.

The tables: names are written the way Iranian shops and price-comparison sites write them:
Persian letters (ی, ک), half-spaces (ZWNJ) where the standard spelling has them, and the usual
Persian transliteration of foreign brands (سامسونگ، اپل، شیائومی، ال جی ...). Ids are stable:
they are positions in these tables, so reordering an entry changes the generated data. Leaf
categories with their feature schemas are the generator's (`authoring/categories.py`).

`catalogue_words(db)`: category names, feature keys and colour values as the loaded catalogue
holds them (read from the database once per catalogue), with the shop lexicon's words the data
does not write (`data/lexicon.toml`: English names, short words for a category).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from quarry.db import Database, Tx, get_database
from quarry.nlu.lexicon import load_lexicon
from quarry.search.text import fold_joined
from quarry.settings import get_settings

from .once import once


@dataclass(frozen=True, slots=True)
class Brand:
    """A manufacturer or label; `id` is the row id in `brands`."""

    id: int
    slug: str
    """Stable ASCII handle used by the category tables ("samsung")."""
    en: str
    """English name as printed on the product ("Samsung")."""
    fa: str
    """Persian spelling shops use ("سامسونگ")."""
    tier: float
    """0 (budget) .. 1 (premium): shifts the brand's prices inside a category's range."""


@dataclass(frozen=True, slots=True)
class City:
    """An Iranian city where shops are registered; `id` is the row id in `cities`."""

    id: int
    fa: str
    en: str
    weight: float
    """Relative number of online shops (roughly population, Tehran over-weighted)."""


# slug, English, Persian, tier
_BRANDS: tuple[tuple[str, str, str, float], ...] = (
    ("samsung", "Samsung", "سامسونگ", 0.7), ("apple", "Apple", "اپل", 1.0),
    ("xiaomi", "Xiaomi", "شیائومی", 0.4), ("huawei", "Huawei", "هوآوی", 0.6),
    ("honor", "Honor", "آنر", 0.45), ("nokia", "Nokia", "نوکیا", 0.3),
    ("motorola", "Motorola", "موتورولا", 0.4), ("realme", "Realme", "ریلمی", 0.3),
    ("lg", "LG", "ال جی", 0.7), ("sony", "Sony", "سونی", 0.8),
    ("bosch", "Bosch", "بوش", 0.85), ("snowa", "Snowa", "اسنوا", 0.4),
    ("pars_khazar", "Pars Khazar", "پارس خزر", 0.3), ("daewoo", "Daewoo", "دوو", 0.4),
    ("gplus", "Gplus", "جی پلاس", 0.35), ("entekhab", "Entekhab", "انتخاب", 0.35),
    ("emersun", "Emersun", "امرسان", 0.3), ("tefal", "Tefal", "تفال", 0.6),
    ("philips", "Philips", "فیلیپس", 0.65), ("asus", "Asus", "ایسوس", 0.6),
    ("lenovo", "Lenovo", "لنوو", 0.5), ("hp", "HP", "اچ پی", 0.55),
    ("dell", "Dell", "دل", 0.6), ("acer", "Acer", "ایسر", 0.45),
    ("msi", "MSI", "ام اس آی", 0.75), ("jbl", "JBL", "جی بی ال", 0.6),
    ("anker", "Anker", "انکر", 0.55), ("baseus", "Baseus", "باسئوس", 0.35),
    ("xvision", "X.Vision", "ایکس ویژن", 0.3), ("tcl", "TCL", "تی سی ال", 0.4),
    ("hisense", "Hisense", "هایسنس", 0.4), ("pakshoma", "Pakshoma", "پاکشوما", 0.35),
    ("haier", "Haier", "هایر", 0.45), ("gree", "Gree", "گری", 0.55),
    ("midea", "Midea", "مایدیا", 0.45), ("panasonic", "Panasonic", "پاناسونیک", 0.7),
    ("moulinex", "Moulinex", "مولینکس", 0.55), ("kenwood", "Kenwood", "کنوود", 0.6),
    ("braun", "Braun", "براون", 0.7), ("remington", "Remington", "رمینگتون", 0.45),
    ("korkmaz", "Korkmaz", "کرکماز", 0.55), ("karaca", "Karaca", "کاراجا", 0.5),
    ("zarin_iran", "Zarin Iran", "زرین ایران", 0.5), ("arcopal", "Arcopal", "آرکوپال", 0.3),
    ("nilper", "Nilper", "نیلپر", 0.7), ("rad_system", "Rad System", "رادسیستم", 0.55),
    ("ikea", "IKEA", "ایکیا", 0.6), ("patris", "Patris", "پاتریس", 0.5),
    ("farsh_mashhad", "Farsh Mashhad", "فرش مشهد", 0.45), ("sahand", "Sahand", "سهند", 0.4),
    ("nike", "Nike", "نایکی", 0.8), ("adidas", "Adidas", "آدیداس", 0.75),
    ("puma", "Puma", "پوما", 0.6), ("skechers", "Skechers", "اسکچرز", 0.6),
    ("new_balance", "New Balance", "نیو بالانس", 0.65), ("melli", "Melli", "کفش ملی", 0.3),
    ("lc_waikiki", "LC Waikiki", "ال سی وایکیکی", 0.3), ("koton", "Koton", "کوتون", 0.35),
    ("defacto", "DeFacto", "دفکتو", 0.3), ("samsonite", "Samsonite", "سامسونایت", 0.85),
    ("canon", "Canon", "کانن", 0.6), ("epson", "Epson", "اپسون", 0.55),
    ("brother", "Brother", "برادر", 0.45), ("akhavan", "Akhavan", "اخوان", 0.45),
    ("taknoo", "Taknoo", "تاکنو", 0.35), ("giant", "Giant", "جاینت", 0.75),
    ("trinx", "Trinx", "ترینکس", 0.35), ("amazfit", "Amazfit", "امیزفیت", 0.4),
    ("lattafa", "Lattafa", "لطافه", 0.3), ("dior", "Dior", "دیور", 1.0),
    ("versace", "Versace", "ورساچه", 0.85), ("johnwin", "Johnwin", "جانوین", 0.2),
    ("verity", "Verity", "وریتی", 0.25), ("energizer", "Energizer", "انرجایزر", 0.4),
    ("dorsa", "Dorsa", "درسا", 0.3), ("sinbo", "Sinbo", "سینبو", 0.2),
    ("aroos", "Aroos", "عروس", 0.3),
)  # fmt: skip

BRANDS: tuple[Brand, ...] = tuple(Brand(i, s, en, fa, t) for i, (s, en, fa, t) in enumerate(_BRANDS, start=1))
"""Every brand; `brands` rows are (id, fa)."""
BRAND_BY_SLUG: dict[str, Brand] = {b.slug: b for b in BRANDS}

# Persian name, English name, relative number of shops.
_CITIES: tuple[tuple[str, str, float], ...] = (
    ("تهران", "Tehran", 40.0), ("مشهد", "Mashhad", 6.0), ("اصفهان", "Isfahan", 5.5),
    ("کرج", "Karaj", 4.0), ("شیراز", "Shiraz", 4.5), ("تبریز", "Tabriz", 4.0),
    ("قم", "Qom", 2.5), ("اهواز", "Ahvaz", 2.5), ("کرمانشاه", "Kermanshah", 1.8),
    ("ارومیه", "Urmia", 1.6), ("رشت", "Rasht", 2.0), ("زاهدان", "Zahedan", 1.0),
    ("همدان", "Hamadan", 1.3), ("کرمان", "Kerman", 1.4), ("یزد", "Yazd", 1.4),
    ("اردبیل", "Ardabil", 0.9), ("بندرعباس", "Bandar Abbas", 1.0), ("اراک", "Arak", 1.0),
    ("اسلامشهر", "Eslamshahr", 0.6), ("زنجان", "Zanjan", 0.8), ("سنندج", "Sanandaj", 0.7),
    ("قزوین", "Qazvin", 0.9), ("خرم‌آباد", "Khorramabad", 0.6), ("گرگان", "Gorgan", 0.8),
    ("ساری", "Sari", 0.8), ("بجنورد", "Bojnurd", 0.4), ("بوشهر", "Bushehr", 0.5),
    ("بیرجند", "Birjand", 0.4), ("ایلام", "Ilam", 0.3), ("شهرکرد", "Shahrekord", 0.4),
    ("یاسوج", "Yasuj", 0.3), ("سمنان", "Semnan", 0.4), ("کاشان", "Kashan", 0.6),
    ("دزفول", "Dezful", 0.4), ("آمل", "Amol", 0.5), ("بابل", "Babol", 0.6),
    ("نیشابور", "Neyshabur", 0.4), ("سبزوار", "Sabzevar", 0.3),
)  # fmt: skip

CITIES: tuple[City, ...] = tuple(City(i, fa, en, w) for i, (fa, en, w) in enumerate(_CITIES, start=1))
"""Every city; `cities` rows are (id, fa). Tehran is id 1."""
CITY_BY_EN: dict[str, City] = {c.en: c for c in CITIES}


@dataclass(frozen=True, slots=True)
class Group:
    """A top-level category (row of `categories` with no parent)."""

    id: int
    slug: str
    fa: str
    en: str


GROUPS: tuple[Group, ...] = (
    Group(1, "digital", "کالای دیجیتال", "Digital goods"),
    Group(2, "appliances", "لوازم خانگی برقی", "Home appliances"),
    Group(3, "kitchen", "خانه و آشپزخانه", "Home and kitchen"),
    Group(4, "furniture", "مبلمان و دکوراسیون", "Furniture and decor"),
    Group(5, "fashion", "مد و پوشاک", "Fashion"),
    Group(6, "beauty", "آرایشی بهداشتی", "Beauty and personal care"),
    Group(7, "sport", "ورزش و سفر", "Sport and travel"),
)
"""Top-level groups; leaf categories (`categories.py`) take ids after these."""
GROUP_BY_SLUG: dict[str, Group] = {g.slug: g for g in GROUPS}

NO_WARRANTY = re.compile(r"(بدون|فاقد) (گارانتی|ضمانت)|without (a )?warranty|no warranty")
"""Asking for offers without a warranty (tried before `WARRANTY`, which it contains)."""
WARRANTY = re.compile(r"گارانتی|ضمانت|warranty|guarantee")
"""Asking for offers with a warranty."""


COLOUR_KEY = "رنگ"
"""The feature key whose values are colours (the narrowing dialogue filters on it)."""
_TITLE_PARTS = re.compile(r"\s*[،,]\s*|\s+و\s+")


@dataclass(frozen=True)
class CatalogueWords:
    """The words of the loaded catalogue that understanding reads (`catalogue_words`)."""

    categories: tuple[tuple[str, int], ...]
    """(folded phrase, leaf category id), the longest phrase first: each title and its parts
    («یخچال و فریزر» → «یخچال», «فریزر»), then the lexicon's other names for it ("fridge")."""
    features: tuple[str, ...]
    """Every Persian key of `extra_features` («عرض», «حافظه داخلی»)."""
    feature_names: Mapping[str, str]
    """English feature name (lower case) → the Persian key it names ("width" → «عرض»)."""
    colours: Mapping[str, str]
    """Folded colour word → the colour as stored («نقرهای» → «نقره‌ای», "black" → «مشکی»)."""
    known: frozenset[str]
    """Every folded word some product name, category name, feature key or colour holds."""

    name_pairs: frozenset[str] = frozenset()
    """Two Latin words side by side in some product's English name whose second is a word bounds are
    said with ("air max", "pro max"): the bound word there is part of a name."""
    latin_pairs: frozenset[str] = frozenset()
    """Every two Latin words side by side in some product's English name ("air force", "watch fit"): a
    name people write as one word in Persian letters («ایرفورس»)."""

    def knows(self, word: str) -> bool:
        """True when the catalogue writes `word` somewhere (a product, category, feature or colour)."""
        return fold_joined(word) in self.known


EMPTY_WORDS = CatalogueWords((), (), {}, {}, frozenset())
"""What understanding knows with no catalogue loaded."""

_LEAF_CATEGORIES = "SELECT id, title FROM shop.categories WHERE parent_id IS NOT NULL ORDER BY id"
_FEATURE_KEYS = """
SELECT DISTINCT e.key, CASE WHEN e.key = :colour THEN e.value END AS colour
FROM shop.base_products b, jsonb_each_text(b.extra_features) e
ORDER BY 1, 2
"""
_TERMS = "SELECT term FROM shop.term_df"
_LATIN_PAIRS = """
SELECT DISTINCT lower(x.w1) || ' ' || lower(x.w2) AS pair
FROM (SELECT t.w AS w1, lead(t.w) OVER (PARTITION BY b.random_key ORDER BY t.n) AS w2
      FROM shop.base_products b, regexp_split_to_table(b.english_name, ' ') WITH ORDINALITY AS t(w, n)) x
WHERE x.w1 ~ '^[A-Za-z]{2,}$' AND x.w2 ~ '^[A-Za-z]{2,}$'
"""
_NAME_PAIRS = """
SELECT DISTINCT lower(m[1]) || ' ' || lower(m[2]) AS pair
FROM shop.base_products b,
     regexp_matches(b.english_name, '([A-Za-z0-9]+) (max|min|under|over|plus|upto|less)\\M', 'gi') m
"""


def _stamp(tx: Tx) -> str | None:
    """The loaded catalogue's seed and size (None: none loaded), which the words are cached by."""
    if tx.scalar("SELECT to_regclass('shop.catalogue_meta') IS NOT NULL") is not True:
        return None
    value = tx.scalar("SELECT value::text FROM shop.catalogue_meta WHERE key = 'size'")
    return str(value) if value is not None else None


def catalogue_words(db: Database) -> CatalogueWords:
    """The loaded catalogue's words; read once per catalogue and process (an ingest of another
    seed or size is read again). Which catalogue is loaded is asked once per turn."""
    return once(("catalogue_words", id(db)), lambda: _words_of(db))


def _words_of(db: Database) -> CatalogueWords:
    stamp = db.reading(_stamp)
    return EMPTY_WORDS if stamp is None else _read_words(db, stamp)


def loaded_words() -> CatalogueWords:
    """`catalogue_words` of the configured database: for the offline models, which are handed
    the user's text only."""
    return catalogue_words(get_database(get_settings()))


def _category_phrases(titles: list[dict[str, Any]], lexicon: Mapping[str, Any]) -> tuple[tuple[str, int], ...]:
    phrases: dict[str, int] = {}
    for row in titles:
        title, ident = str(row["title"]), int(row["id"])
        other = lexicon.get(title, {})
        for phrase in (title, *_TITLE_PARTS.split(title), *other.get("fa", ()), *other.get("en", ())):
            if folded := fold_joined(phrase.lower()).strip():
                phrases.setdefault(folded, ident)
                # A compound is typed with or without its space («لپ تاپ», «لپتاپ»; «جارو برقی»).
                phrases.setdefault(folded.replace(" ", ""), ident)
    return tuple(sorted(phrases.items(), key=lambda kv: -len(kv[0])))


@lru_cache(maxsize=4)
def _read_words(db: Database, stamp: str) -> CatalogueWords:
    del stamp  # the cache key: another catalogue is read again
    lexicon = load_lexicon("quarry.apps.shop", "lexicon")
    titles, pairs, terms, name_pairs, latin_pairs = db.reading(
        lambda tx: (tx.fetch_all(_LEAF_CATEGORIES), tx.fetch_all(_FEATURE_KEYS, {"colour": COLOUR_KEY}),
                    [str(r["term"]) for r in tx.fetch_all(_TERMS)],
                    frozenset(str(r["pair"]) for r in tx.fetch_all(_NAME_PAIRS)),
                    frozenset(str(r["pair"]) for r in tx.fetch_all(_LATIN_PAIRS)))
    )  # fmt: skip
    categories = _category_phrases(titles, lexicon["categories"])
    features = tuple(dict.fromkeys(str(r["key"]) for r in pairs))
    stored = sorted({str(r["colour"]) for r in pairs if r["colour"]})
    colours = {fold_joined(c): c for c in stored}
    colours.update({en: fa for en, fa in lexicon["colours"].items() if fa in stored})
    names = {en: fa for en, fa in lexicon["features"].items() if fa in features}
    known = {*terms, *colours}
    for phrase in (*(p for p, _ in categories), *(fold_joined(f) for f in features), *names):
        known.update(phrase.split())
    return CatalogueWords(categories, features, names, colours, frozenset(known), name_pairs, latin_pairs)
