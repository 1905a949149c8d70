"""Evaluation metrics shared by every app's eval runner."""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence


def accuracy(hits: Sequence[bool]) -> float:
    """Share of True; 0.0 for an empty sequence."""
    return sum(hits) / len(hits) if hits else 0.0


def percentile(values: Sequence[float], q: float) -> float:
    """Linear-interpolated percentile (q in 0..100), as numpy's default; 0.0 when empty."""
    if not values:
        return 0.0
    xs = sorted(values)
    pos = (len(xs) - 1) * q / 100
    lo, hi = math.floor(pos), math.ceil(pos)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def precision_recall_f1(predicted: Sequence[Hashable], relevant: Sequence[Hashable]) -> tuple[float, float, float]:
    """Set-based precision, recall and F1."""
    p_set, r_set = set(predicted), set(relevant)
    tp = len(p_set & r_set)
    precision = tp / len(p_set) if p_set else 0.0
    recall = tp / len(r_set) if r_set else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return precision, recall, f1


def mrr_at_k(ranked: Sequence[Hashable], relevant: Sequence[Hashable], k: int) -> float:
    """Reciprocal rank of the first relevant item within the top k (0 when none)."""
    rel = set(relevant)
    for i, item in enumerate(ranked[:k], start=1):
        if item in rel:
            return 1.0 / i
    return 0.0


def ndcg_at_k(ranked: Sequence[Hashable], relevant: Sequence[Hashable], k: int) -> float:
    """Binary-relevance NDCG@k."""
    rel = set(relevant)
    dcg = sum(1.0 / math.log2(i + 1) for i, item in enumerate(ranked[:k], start=1) if item in rel)
    ideal = sum(1.0 / math.log2(i + 1) for i in range(1, min(len(rel), k) + 1))
    return dcg / ideal if ideal else 0.0
