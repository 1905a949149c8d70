"""Leaf categories of the shop catalogue (ids after `vocab.GROUPS`), with real brands and models.

Each entry: Persian and English titles, the noun product names start with, the price
range in Toman (2024-25 Iranian market, roughly), brands with their real model lines and
the feature schema. Features named with `name_fa` are variant axes written into names.
Samsung Galaxy A54/A34 are left out on purpose: `featured.py` writes those by hand.
"""

from __future__ import annotations

from .categories_home import HOME
from .features import COLOR, COLOR_HOME, Category, Feature, choice, number

_COLOR_AXIS = {"name_fa": "{v}", "name_en": "{v}"}
_M = 1_000_000


def _color(pairs: str = COLOR) -> Feature:
    return choice("رنگ", "color", pairs, **_COLOR_AXIS)


def _weight(low: float, high: float, step: float, unit: str = "کیلوگرم", unit_en: str = "kg") -> Feature:
    return number("وزن", "weight", (low, high, step), unit, unit_en)


_ENERGY = choice("رده مصرف انرژی", "energy class", "A++:A++|A+:A+|A:A|B:B")
_STORAGE = number("حافظه داخلی", "storage", (64, 128, 256, 512), "گیگابایت", "GB", ladder=True,
                  name_fa="ظرفیت {n} گیگابایت", name_en="{n}GB", price_weight=0.6)  # fmt: skip
_RAM = number("رم", "RAM", (4, 6, 8, 12), "گیگابایت", "GB", ladder=True,
              name_fa="رم {n} گیگابایت", name_en="RAM {n}GB", price_weight=0.3)  # fmt: skip
_SCREEN_PHONE = number("اندازه صفحه نمایش", "screen size", (6.1, 6.9, 0.1), "اینچ", "inch")
_SIM = choice("تعداد سیم کارت", "SIM slots", "دو سیم کارت:Dual SIM|تک سیم کارت:Single SIM")

_DIGITAL = (
    Category(8, "mobile", "digital", "گوشی موبایل", "Mobile phones", "گوشی موبایل", "Mobile Phone",
             (8 * _M, 90 * _M), (_color(), _STORAGE, _RAM, _SCREEN_PHONE, _weight(160, 240, 1, "گرم", "g"),
             number("ظرفیت باتری", "battery", (3000, 6000, 100), "میلی‌آمپر ساعت", "mAh"), _SIM),
             {"samsung": ("Galaxy A05", "Galaxy A15", "Galaxy A25", "Galaxy A35", "Galaxy A55", "Galaxy S23 FE",
                          "Galaxy S24", "Galaxy S24 Ultra", "Galaxy Z Flip5", "Galaxy M14"),
              "apple": ("iPhone 13", "iPhone 14", "iPhone 15", "iPhone 15 Pro", "iPhone 15 Pro Max", "iPhone 16"),
              "xiaomi": ("Redmi Note 13", "Redmi Note 13 Pro", "Redmi 13C", "Poco X6 Pro", "Poco M6 Pro", "14T"),
              "huawei": ("Nova 11i", "Nova 12", "P60 Pro"), "honor": ("X8b", "X9b", "90"),
              "nokia": ("G21", "C32", "G42"), "motorola": ("Moto G54", "Edge 40"),
              "realme": ("C55", "C67", "11 Pro")}, weight=3.0),
    Category(9, "laptop", "digital", "لپ تاپ", "Laptops", "لپ تاپ", "Laptop", (25 * _M, 250 * _M),
             (choice("پردازنده", "CPU", "Core i3:Core i3|Core i5:Core i5|Core i7:Core i7|Ryzen 5:Ryzen 5|"
                     "Ryzen 7:Ryzen 7", name_fa="{v}", name_en="{v}"),
              number("رم", "RAM", (8, 16, 32), "گیگابایت", "GB", ladder=True, name_fa="رم {n} گیگابایت",
                     name_en="{n}GB RAM", price_weight=0.4),
              number("حافظه داخلی", "storage", (256, 512, 1024), "گیگابایت", "GB", ladder=True,
                     name_fa="ظرفیت {n} گیگابایت", name_en="{n}GB SSD", price_weight=0.3),
              number("اندازه صفحه نمایش", "screen size", (13.3, 14, 15.6, 16), "اینچ", "inch", ladder=True),
              _weight(1.2, 2.8, 0.05), choice("رنگ", "color", "مشکی:Black|نقره‌ای:Silver|خاکستری:Gray|آبی:Blue"),
              choice("کارت گرافیک", "GPU", "Intel Iris Xe:Intel Iris Xe|RTX 3050:RTX 3050|RTX 4060:RTX 4060|"
                     "Radeon:Radeon")),
             {"asus": ("VivoBook 15 X1504VA", "ZenBook 14", "TUF Gaming F15", "ROG Strix G16"),
              "lenovo": ("IdeaPad Slim 3", "ThinkPad E14", "Legion 5", "LOQ 15"),
              "hp": ("Victus 15", "Pavilion 15", "250 G9", "EliteBook 840"),
              "dell": ("Inspiron 3520", "Vostro 3520", "Latitude 5440"), "acer": ("Aspire 3", "Nitro 5", "Swift Go 14"),
              "msi": ("Modern 15", "Katana 15", "Thin GF63")}, weight=1.6),
    Category(10, "tablet", "digital", "تبلت", "Tablets", "تبلت", "Tablet", (6 * _M, 85 * _M),
             (_color(), _STORAGE, _RAM, number("اندازه صفحه نمایش", "screen size", (8.0, 13.0, 0.1), "اینچ", "inch"),
              _weight(300, 700, 5, "گرم", "g"), choice("قابلیت سیم کارت", "cellular", "دارد:Yes|ندارد:No")),
             {"samsung": ("Galaxy Tab A9", "Galaxy Tab S9 FE", "Galaxy Tab S9"), "apple": ("iPad 10", "iPad Air M2"),
              "lenovo": ("Tab M10", "Tab P11"), "xiaomi": ("Redmi Pad SE", "Pad 6"), "huawei": ("MatePad 11",)}),
    Category(11, "smartwatch", "digital", "ساعت هوشمند", "Smart watches", "ساعت هوشمند", "Smart Watch",
             (1_500_000, 45 * _M),
             (_color(), number("اندازه صفحه نمایش", "screen size", (1.2, 2.0, 0.05), "اینچ", "inch"),
              choice("جنس بند", "strap", "سیلیکون:Silicone|فلز:Metal|چرم:Leather", name_fa="بند {v}",
                     name_en="{v} Strap"),
              choice("ضد آب", "waterproof", "دارد:Yes|ندارد:No"),
              number("عمر باتری", "battery life", (1, 14, 1), "روز", "days"), _weight(25, 70, 1, "گرم", "g")),
             {"samsung": ("Galaxy Watch6", "Galaxy Watch6 Classic", "Galaxy Watch FE", "Galaxy Fit3"),
              "apple": ("Watch SE 2023", "Watch Series 9", "Watch Ultra 2"),
              "xiaomi": ("Redmi Watch 3", "Redmi Watch 4", "Smart Band 8", "Watch S3"),
              "huawei": ("Watch GT 4", "Watch Fit 3", "Watch 4 Pro", "Band 9"),
              "amazfit": ("GTR 4", "Bip 5", "GTS 4", "T-Rex 2", "Active")}),
    Category(12, "headphones", "digital", "هدفون، هدست و هندزفری", "Headphones", "هدفون", "Headphones",
             (300_000, 25 * _M),
             (_color(), choice("نوع اتصال", "connection", "بی‌سیم:Wireless|باسیم:Wired"),
              choice("نوع", "type", "دور گوشی:Over-ear|روگوشی:On-ear|توگوشی:In-ear"),
              number("عمر باتری", "battery life", (5, 60, 1), "ساعت", "hours"),
              choice("حذف نویز", "noise cancelling", "دارد:Yes|ندارد:No"), _weight(4, 300, 1, "گرم", "g")),
             {"sony": ("WH-1000XM5", "WF-1000XM4", "WH-CH520", "WF-C700N", "MDR-ZX110"),
              "jbl": ("Tune #20BT", "Tune 760NC", "Live 660NC", "Wave Buds", "Endurance Peak 3", "Vibe Beam"),
              "samsung": ("Galaxy Buds2 Pro", "Galaxy Buds2", "Galaxy Buds3 Pro", "Galaxy Buds FE"),
              "xiaomi": ("Redmi Buds 5", "Redmi Buds 4 Active", "Buds 4 Pro", "Redmi Buds 5 Pro"),
              "apple": ("AirPods Pro 2", "AirPods 3", "AirPods 4", "AirPods Max"),
              "anker": ("Soundcore Life Q#0", "Soundcore R#0i", "Soundcore P#0i", "Soundcore Q20i"),
              "baseus": ("Bowie E#", "Bowie M#", "Bowie MA1#", "Encok W0#")}, weight=1.5),
    Category(13, "powerbank", "digital", "پاوربانک", "Power banks", "پاوربانک", "Power Bank", (400_000, 6 * _M),
             (number("ظرفیت", "capacity", (5000, 10000, 20000, 30000), "میلی‌آمپر ساعت", "mAh", ladder=True,
                     name_fa="ظرفیت {n} میلی‌آمپر ساعت", name_en="{n}mAh", price_weight=1.0),
              number("تعداد پورت خروجی", "outputs", (1, 4, 1), "عدد", "ports"),
              number("توان خروجی", "output power", (10, 65, 5), "وات", "W"), _color(COLOR_HOME),
              _weight(150, 600, 10, "گرم", "g")),
             {"xiaomi": ("Redmi PB##", "Mi PB##"), "anker": ("PowerCore A1##",), "baseus": ("Bipow PPB##",),
              "verity": ("V-PU1##",), "energizer": ("UE###",)}),
    Category(14, "monitor", "digital", "مانیتور", "Monitors", "مانیتور", "Monitor", (4_500_000, 60 * _M),
             (number("اندازه صفحه نمایش", "screen size", (21.5, 24, 27, 32, 34), "اینچ", "inch", ladder=True,
                     name_fa="سایز {n} اینچ", name_en="{n} Inch", price_weight=0.8),
              choice("رزولوشن", "resolution", "Full HD:Full HD|2K QHD:2K QHD|4K UHD:4K UHD"),
              number("نرخ تازه سازی", "refresh rate", (60, 75, 144, 165, 240), "هرتز", "Hz", ladder=True),
              choice("نوع پنل", "panel", "IPS:IPS|VA:VA|TN:TN"), _weight(2.5, 9, 0.1)),
             {"samsung": ("S24C310", "Odyssey G5"), "lg": ("24MP400", "27GP850"), "asus": ("VA24EHF", "TUF VG27AQ"),
              "dell": ("SE2422H", "P2723D"), "xvision": ("XL22##H",), "gplus": ("GDM-2##LN",)}),
    Category(15, "printer", "digital", "پرینتر", "Printers", "پرینتر", "Printer", (6 * _M, 60 * _M),
             (choice("نوع", "type", "لیزری:Laser|جوهرافشان:Inkjet|مخزن جوهر:Ink Tank"),
              choice("چندکاره", "multifunction", "دارد:Yes|ندارد:No"),
              choice("نوع چاپ", "print color", "رنگی:Color|سیاه و سفید:Monochrome"),
              number("سرعت چاپ", "print speed", (15, 40, 1), "صفحه در دقیقه", "ppm"), _weight(4, 15, 0.5)),
             {"hp": ("LaserJet Pro M4##dn", "LaserJet MFP 1##a", "Smart Tank 5##", "DeskJet 2###"),
              "canon": ("PIXMA G3###", "i-SENSYS MF3###", "PIXMA MG2###"), "epson": ("L3###", "L8###", "EcoTank L1##"),
              "brother": ("HL-L2###DW", "DCP-T4##W", "MFC-L2###DW")}, weight=0.6),
)  # fmt: skip

CATEGORIES: tuple[Category, ...] = _DIGITAL + HOME
"""Every leaf category, ids ascending."""
CATEGORY_BY_SLUG: dict[str, Category] = {c.slug: c for c in CATEGORIES}
CATEGORY_BY_ID: dict[int, Category] = {c.id: c for c in CATEGORIES}
assert [c.id for c in CATEGORIES] == list(range(8, 8 + len(CATEGORIES)))
