"""The analyte reference file (`data/labs/analytes.json`): codes, units, ranges, names per language."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Literal

Lang = Literal["ru", "uk", "en", "es"]
"""Languages of questions, lab reports and analyte names."""

LANGS: tuple[Lang, ...] = ("ru", "uk", "en", "es")
REFERENCE_FILE = Path(__file__).resolve().parents[4] / "data" / "labs" / "analytes.json"


@dataclass(frozen=True)
class Analyte:
    """One analyte of the reference file."""

    code: str
    """Short stable code, e.g. 'VITD25'."""
    name: str
    """Canonical English name."""
    unit: str
    """Unit every lab reports it in."""
    ref_low: float
    """Lower reference limit (0 means 'no lower limit')."""
    ref_high: float
    """Upper reference limit."""
    names: dict[Lang, tuple[str, ...]]
    """Names labs print, per language, most common first."""

    def all_names(self) -> list[str]:
        """Every name in every language, without duplicates, in file order."""
        return list(dict.fromkeys(n for lang in LANGS for n in self.names.get(lang, ())))


@lru_cache(maxsize=2)
def load_analytes(path: Path = REFERENCE_FILE) -> tuple[Analyte, ...]:
    """Parse the reference file (cached)."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    return tuple(
        Analyte(
            code=item["code"],
            name=item["name"],
            unit=item["unit"],
            ref_low=float(item["ref_low"]),
            ref_high=float(item["ref_high"]),
            names={lang: tuple(item["names"].get(lang, ())) for lang in LANGS},
        )
        for item in raw
    )


def analyte_by_code() -> dict[str, Analyte]:
    return {a.code: a for a in load_analytes()}
