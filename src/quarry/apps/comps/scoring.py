"""Deterministic rerank (seed §4.3): weighted distances, lower is closer, every term explainable."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .models import Target
from .state import STOREY_BANDS


@dataclass(frozen=True, kw_only=True)
class ScoreWeights:
    """Weights of the score terms (from settings)."""

    area: float = 0.45
    lease: float = 0.25
    storey: float = 0.15
    recency: float = 0.15
    retrieval: float = 0.2


def months_between(newer: str, older: str) -> int:
    return (int(newer[:4]) - int(older[:4])) * 12 + int(newer[5:7]) - int(older[5:7])


def storey_distance(storey_mid: float, target: Target) -> float:
    """Distance in storey ranges (threes) from the wanted band; 0 inside it or with no preference."""
    lo: int | None
    hi: int | None
    if target.storey_min is not None or target.storey_max is not None:
        lo, hi = target.storey_min, target.storey_max
    elif target.storey_preference:
        lo, hi = STOREY_BANDS[target.storey_preference]
    else:
        return 0.0
    if lo is not None and storey_mid < lo:
        return (lo - storey_mid) / 3
    if hi is not None and storey_mid > hi:
        return (storey_mid - hi) / 3
    return 0.0


def score_row(row: dict[str, Any], target: Target, *, newest_month: str, tolerance: float, w: ScoreWeights) -> float:
    area = float(row["floor_area_sqm"])
    area_score = abs(area - target.floor_area_target) / max(tolerance, 1.0) if target.floor_area_target else 0.0
    lease_score = 0.0
    if target.min_remaining_lease_years is not None:
        lease_score = max(0.0, (target.min_remaining_lease_years * 12 - int(row["remaining_lease_months"])) / 12)
    storey_score = storey_distance(float(row["storey_mid"]), target)
    recency_score = months_between(newest_month, str(row["month"])) / max(target.months_back, 1)
    score = w.area * area_score + w.lease * lease_score + w.storey * storey_score + w.recency * recency_score
    if "retrieval_rank" in row and row.get("pool_size"):
        score += w.retrieval * int(row["retrieval_rank"]) / int(row["pool_size"])
    return round(score, 4)


def rerank(
    rows: Sequence[dict[str, Any]],
    target: Target,
    *,
    newest_month: str,
    tolerance: float,
    weights: ScoreWeights,
    top_k: int,
) -> list[dict[str, Any]]:
    """Score every row and keep the `top_k` closest (ties: newer first, then id)."""
    pool = len(rows)
    scored = []
    for r in rows:
        r = {**r, "pool_size": pool} if "retrieval_rank" in r else dict(r)
        r["score"] = score_row(r, target, newest_month=newest_month, tolerance=tolerance, w=weights)
        scored.append(r)
    scored.sort(key=lambda r: (r["score"], -int(str(r["month"]).replace("-", "")), int(r["id"])))
    return scored[:top_k]
