"""Core evaluation metrics: small worked examples."""

from __future__ import annotations

import pytest

from quarry.evaluate import accuracy, mrr_at_k, ndcg_at_k, percentile, precision_recall_f1


def test_percentile_interpolates_like_numpy() -> None:
    assert percentile([5, 1, 3, 2, 4], 50) == 3
    assert percentile([1, 2, 3, 4, 100], 95) == pytest.approx(80.8)
    assert percentile([], 95) == 0.0


def test_set_and_rank_metrics() -> None:
    assert accuracy([True, False, True, True]) == 0.75 and accuracy([]) == 0.0
    p, r, f1 = precision_recall_f1(["a", "b", "c"], ["b", "c", "d", "e"])
    assert (p, r) == (pytest.approx(2 / 3), 0.5) and f1 == pytest.approx(4 / 7)
    assert mrr_at_k(["x", "y", "b"], ["b"], 3) == pytest.approx(1 / 3)
    assert mrr_at_k(["x", "y", "b"], ["b"], 2) == 0.0
    assert ndcg_at_k(["b", "x"], ["b"], 2) == 1.0
    assert ndcg_at_k(["x", "b"], ["b"], 2) == pytest.approx(1 / 1.5849625)
