"""The scan buffer of the offline comps parser (the language layer's `Scan`) and number helpers.

Every extractor reads one `Scan` and masks the characters it used, so a number is read once:
the 12 of "last 12 months" can no longer be a storey, the 95 of "95 sqm" never a price.
"""

from __future__ import annotations

from typing import Any

from quarry.nlu.scan import MASK, Scan

__all__ = ["MASK", "NUM", "Fields", "Scan", "to_number"]

Fields = dict[str, Any]


# ---- shared regex pieces -------------------------------------------------------------------

NUM = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"


def to_number(raw: str) -> float:
    """'1,000' -> 1000.0 (number words were turned into digits before the scan)."""
    return float(raw.strip().replace(",", "").replace(" ", ""))
