"""Weighted Reciprocal Rank Fusion: combine ranked id lists without comparing raw scores."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence


def rrf_fuse(
    rankings: Mapping[str, Sequence[Hashable]],
    weights: Mapping[str, float],
    *,
    k: int = 60,
) -> list[tuple[Hashable, float]]:
    """Fuse rankings (best first) into one list of (id, score), best first.

    >>> rrf_fuse({"a": [1, 2], "b": [2, 3]}, {"a": 0.3, "b": 0.7})[0][0]
    2
    """
    scores: dict[Hashable, float] = {}
    for name, ids in rankings.items():
        w = weights.get(name, 1.0)
        for rank, item in enumerate(ids, start=1):
            scores[item] = scores.get(item, 0.0) + w / (k + rank)
    return sorted(scores.items(), key=lambda kv: (-kv[1], str(kv[0])))
