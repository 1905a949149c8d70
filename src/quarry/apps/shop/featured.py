"""Hand-written products the issue's scenarios ask about; they take the first base indices.

Their names are stored exactly as written here (no random shop spelling), so evaluation
cases can quote them: the Samsung Galaxy A54 128GB black phone with offers in Tehran (plus
near-miss siblings that a lookup must not confuse with it), desks with a width, and fridges
across the price range for the "cheap fridge" narrowing dialogue.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Featured:
    """A fixed base product and how many offers it gets."""

    slug: str
    """Stable handle for tests and eval cases ("samsung_a54_128_black")."""
    category: str
    brand: str | None
    persian_name: str
    english_name: str
    features: dict[str, str]
    price: int
    """Typical price in Toman; offers scatter a few percent around it."""
    offers: int
    tehran_offers: int = 0
    """How many of the offers come from shops in Tehran (at least)."""


def _phone(storage: int, ram: int, color: str, screen: str, weight: int) -> dict[str, str]:
    return {"رنگ": color, "حافظه داخلی": f"{storage} گیگابایت", "رم": f"{ram} گیگابایت",
            "اندازه صفحه نمایش": f"{screen} اینچ", "وزن": f"{weight} گرم",
            "ظرفیت باتری": "5000 میلی‌آمپر ساعت", "تعداد سیم کارت": "دو سیم کارت"}  # fmt: skip


def _desk(width: int, depth: int, material: str, color: str, weight: int) -> dict[str, str]:
    return {"عرض": f"{width} سانتی‌متر", "ارتفاع": "75 سانتی‌متر", "عمق": f"{depth} سانتی‌متر",
            "جنس": material, "رنگ": color, "وزن": f"{weight} کیلوگرم"}  # fmt: skip


def _fridge(feet: int, kind: str, color: str, width: int, height: int, weight: int, energy: str) -> dict[str, str]:
    return {"ظرفیت": f"{feet} فوت", "نوع": kind, "رنگ": color, "عرض": f"{width} سانتی‌متر",
            "ارتفاع": f"{height} سانتی‌متر", "عمق": "68 سانتی‌متر", "وزن": f"{weight} کیلوگرم",
            "رده مصرف انرژی": energy}  # fmt: skip


FEATURED: tuple[Featured, ...] = (
    Featured("samsung_a54_128_black", "mobile", "samsung", "گوشی سامسونگ گلکسی A54 ۱۲۸ گیگ مشکی",
             "Samsung Galaxy A54 128GB Black", _phone(128, 8, "مشکی", "6.4", 202), 19_500_000, 24, 10),
    Featured("samsung_a54_256_black", "mobile", "samsung",
             "گوشی موبایل سامسونگ مدل Galaxy A54 5G ظرفیت 256 گیگابایت رم 8 گیگابایت مشکی",
             "Samsung Galaxy A54 5G 256GB RAM 8GB Black Mobile Phone", _phone(256, 8, "مشکی", "6.4", 202),
             23_900_000, 18, 6),
    Featured("samsung_a54_128_white", "mobile", "samsung",
             "گوشی موبایل سامسونگ مدل Galaxy A54 5G ظرفیت 128 گیگابایت رم 8 گیگابایت سفید",
             "Samsung Galaxy A54 5G 128GB RAM 8GB White Mobile Phone", _phone(128, 8, "سفید", "6.4", 202),
             19_200_000, 15, 5),
    Featured("samsung_a34_128_black", "mobile", "samsung",
             "گوشی موبایل سامسونگ مدل Galaxy A34 5G ظرفیت 128 گیگابایت رم 6 گیگابایت مشکی",
             "Samsung Galaxy A34 5G 128GB RAM 6GB Black Mobile Phone", _phone(128, 6, "مشکی", "6.6", 199),
             15_500_000, 16, 5),
    Featured("desk_artan", "desk", None, "میز تحریر مدل آرتان کد 1204 سفید", "Artan 1204 White Desk",
             _desk(120, 60, "ام دی اف", "سفید", 28), 6_800_000, 9, 3),
    Featured("desk_mahan", "desk", None, "میز تحریر و کامپیوتر مدل ماهان کد 2150 قهوه‌ای",
             "Mahan 2150 Brown Computer Desk", _desk(150, 70, "چوب", "قهوه‌ای", 36), 11_400_000, 7, 2),
    Featured("desk_nilper_d410", "desk", "nilper", "میز تحریر نیلپر مدل D-410 مشکی", "Nilper D-410 Black Desk",
             _desk(100, 55, "فلز و ام دی اف", "مشکی", 21), 9_300_000, 6, 2),
    Featured("fridge_snowa_single", "fridge", "snowa", "یخچال تک درب اسنوا مدل SN3-0212 سفید",
             "Snowa SN3-0212 Single Door Refrigerator White", _fridge(12, "تک یخچال", "سفید", 55, 140, 45, "A"),
             18_900_000, 12, 4),
    Featured("fridge_emersun_14", "fridge", "emersun", "یخچال فریزر امرسان مدل TFH14T 14 فوت سفید",
             "Emersun TFH14T 14 ft Refrigerator White", _fridge(14, "فریزر بالا", "سفید", 60, 150, 52, "A+"),
             21_500_000, 14, 5),
    Featured("fridge_daewoo_18", "fridge", "daewoo", "یخچال فریزر دوو مدل D4R-1580 18 فوت نقره‌ای",
             "Daewoo D4R-1580 18 ft Refrigerator Silver", _fridge(18, "فریزر بالا", "نقره‌ای", 70, 170, 63, "A+"),
             28_400_000, 11, 4),
    Featured("fridge_entekhab_20", "fridge", "entekhab", "یخچال فریزر انتخاب مدل DUO-220 20 فوت سفید",
             "Entekhab DUO-220 20 ft Refrigerator White", _fridge(20, "فریزر پایین", "سفید", 70, 180, 70, "A+"),
             33_700_000, 10, 3),
    Featured("fridge_gplus_22", "fridge", "gplus", "یخچال فریزر جی پلاس مدل GRF-J305 22 فوت استیل",
             "Gplus GRF-J305 22 ft Refrigerator Stainless Steel",
             _fridge(22, "فریزر پایین", "استیل", 75, 182, 78, "A+"), 39_800_000, 12, 4),
    Featured("fridge_snowa_24", "fridge", "snowa", "یخچال فریزر اسنوا مدل SN8-2320 24 فوت نقره‌ای",
             "Snowa SN8-2320 24 ft Refrigerator Silver", _fridge(24, "فریزر پایین", "نقره‌ای", 80, 185, 88, "A++"),
             52_600_000, 13, 4),
    Featured("fridge_lg_side_30", "fridge", "lg", "یخچال فریزر ال جی مدل GC-B257 ساید بای ساید 30 فوت مشکی",
             "LG GC-B257 30 ft Side by Side Refrigerator Black",
             _fridge(30, "ساید بای ساید", "مشکی", 91, 179, 110, "A++"), 145_000_000, 8, 3),
    Featured("fridge_samsung_side_34", "fridge", "samsung", "یخچال فریزر سامسونگ مدل RS70T ساید بای ساید 34 فوت مشکی",
             "Samsung RS70T 34 ft Side by Side Refrigerator Black",
             _fridge(34, "ساید بای ساید", "مشکی", 91, 178, 125, "A++"), 210_000_000, 9, 3),
)  # fmt: skip
"""Fixed products, in base-index order (index = position)."""
FEATURED_OFFERS = sum(f.offers for f in FEATURED)
