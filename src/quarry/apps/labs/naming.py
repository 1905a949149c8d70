"""Labs and their naming conventions: how each lab prints an analyte's name.

Every lab takes its names from the reference file in its own language and applies its own
quirks, the way real reports differ: one lab writes "Витамин D (25-OH)", another
"витамин д (25-он)" (all Cyrillic, lower case), a third types Latin look-alike letters
inside Cyrillic words ("Xoлестерин oбщий") with double spaces, an American lab prints
"VITAMIN D, 25-HYDROXY, TOTAL", a Spanish one drops accents ("Trigliceridos") and one
lab's reports come through OCR that loses a letter ("Холестеин общий").
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from .reference import Analyte, Lang, load_analytes

Quirk = Callable[[str], str]

# Latin → Cyrillic as a Russian typist would write each letter (each pair folds alike).
_TO_CYRILLIC = str.maketrans(
    "ABCDEFGHIJKLMNOPRSTUVXYZabcdefghijklmnoprstuvxyz",
    "АВСДЕФГНИЙКЛМНОРРСТУВХУЗавсдефгнийклмноррстувхуз",
)
# Cyrillic → Latin twins that look identical (OCR and keyboard-layout slips).
_LOOKALIKES = {"о": "o", "а": "a", "е": "e", "с": "c", "р": "p", "х": "x", "у": "y",
               "В": "B", "Н": "H", "К": "K", "М": "M", "Т": "T", "Х": "X", "С": "C", "О": "O"}  # fmt: skip


def cyrillic_only(name: str) -> str:
    """'Витамин D (25-OH)' → 'Витамин Д (25-ОН)': no Latin letter left."""
    return name.translate(_TO_CYRILLIC)


def latin_lookalikes(name: str) -> str:
    """Swap every other look-alike Cyrillic letter for its Latin twin: 'Xoлестерин oбщий'."""
    out: list[str] = []
    swap = True
    for ch in name:
        if ch in _LOOKALIKES:
            out.append(_LOOKALIKES[ch] if swap else ch)
            swap = not swap
        else:
            out.append(ch)
    return "".join(out)


def latin_i(name: str) -> str:
    """Ukrainian і typed as Latin i (identical glyph)."""
    return name.replace("і", "i").replace("І", "I")


def double_space(name: str) -> str:
    return name.replace(" ", "  ") + " "


def strip_accents(name: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))


def ocr_slip(name: str) -> str:
    """A scanned report read by OCR: one letter lost in the longest word ('Холестеин общий').
    Folding cannot undo this; only similarity search finds it."""
    words = name.split(" ")
    longest = max(range(len(words)), key=lambda i: len(words[i]))
    word = words[longest]
    if len(word) >= 6:
        cut = len(word) - 3
        words[longest] = word[:cut] + word[cut + 1 :]
    return " ".join(words)


def lower(name: str) -> str:
    return name.lower()


def upper(name: str) -> str:
    return name.upper()


_UNITS_RU = {
    "mmol/L": "ммоль/л", "umol/L": "мкмоль/л", "g/L": "г/л", "ng/mL": "нг/мл", "pg/mL": "пг/мл",
    "U/L": "Ед/л", "mg/L": "мг/л", "mm/h": "мм/ч", "10^9/L": "10^9/л", "10^12/L": "10^12/л",
    "mIU/L": "мМЕ/л", "pmol/L": "пмоль/л", "uIU/mL": "мкМЕ/мл",
}  # fmt: skip


@dataclass(frozen=True)
class LabStyle:
    """One laboratory and the way it prints analyte names, units and numbers."""

    name: str
    """Laboratory name as stored in lab_reports.lab_name."""
    language: Lang
    """Language of its reports (lab_reports.language)."""
    variant: int
    """Which of the language's names it prints (0 = first, -1 = last)."""
    quirks: tuple[Quirk, ...] = ()
    """Transformations applied to every name it prints, in order."""
    local_units: bool = False
    """Prints units in Cyrillic ('ммоль/л')."""
    decimal_comma: bool = False
    """Prints value_text with a decimal comma ('5,2')."""

    def parameter_name(self, analyte: Analyte, *, alternate: bool = False) -> str:
        """The name this lab prints for `analyte` (its alternate wording when `alternate`)."""
        names = analyte.names.get(self.language) or analyte.names["en"]
        index = self.variant
        if alternate and len(names) > 1:
            index = -1 if self.variant == 0 else 0
        name = names[index]
        for quirk in self.quirks:
            name = quirk(name)
        return name

    def unit(self, analyte: Analyte) -> str:
        return _UNITS_RU.get(analyte.unit, analyte.unit) if self.local_units else analyte.unit

    def value_text(self, value: float, decimals: int) -> str:
        text = f"{value:.{decimals}f}"
        return text.replace(".", ",") if self.decimal_comma else text


LABS: tuple[LabStyle, ...] = (
    LabStyle("Инвитро", "ru", 0, (), local_units=True, decimal_comma=True),
    LabStyle("Гемотест", "ru", 0, (cyrillic_only, lower), decimal_comma=True),
    LabStyle("Хеликс", "ru", -1, (latin_lookalikes, double_space)),
    LabStyle("Сінево", "uk", 0, (latin_i,), local_units=True, decimal_comma=True),
    LabStyle("Quest Diagnostics", "en", 0),
    LabStyle("LabCorp", "en", -1, (upper,)),
    LabStyle("Synlab España", "es", 0, (strip_accents,), decimal_comma=True),
    LabStyle("МедЛаб Скан", "ru", 0, (ocr_slip,), local_units=True, decimal_comma=True),
)
"""Eight labs, each with its own naming convention."""

ALTERNATE_SHARE = 0.05
"""Share of results for which a lab prints its alternate wording (a second template)."""


@lru_cache(maxsize=1)
def name_catalogue() -> dict[str, str]:
    """Every parameter_name the generator can write → analyte code (ground truth for evals)."""
    out: dict[str, str] = {}
    for lab in LABS:
        for analyte in load_analytes():
            for alternate in (False, True):
                out.setdefault(lab.parameter_name(analyte, alternate=alternate), analyte.code)
    return out


def names_for(code: str) -> list[str]:
    """All parameter names of one analyte across labs, sorted (gold SQL expands these)."""
    return sorted(name for name, c in name_catalogue().items() if c == code)
