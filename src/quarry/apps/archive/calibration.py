"""Calibrate the grader's item thresholds on a held-out half of a blind set, report on the other half.

`quarry archive calibrate-grader evals/blind/archive/round1.jsonl` splits the set by the parity of
each record's numeric id suffix: records with an odd suffix choose the thresholds (`item_cover`,
`concept_z`, `similarity_margin`; a grid, best share of records answered right, ties to the earlier
grid point), records with an even suffix are only scored, with the chosen values. A set is never
scored with thresholds calibrated on itself, and a fresh round is never calibrated on at all: the
figure reported for it comes from the thresholds in `thresholds.py`.

Evaluation code: the app's parsers and orchestrator never import this module.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from quarry.embed import get_embedder
from quarry.evaluate.blind import read_records
from quarry.settings import Settings

from .blind import archive_grader
from .thresholds import CALIBRATED, Thresholds

GRID: dict[str, tuple[float, ...]] = {
    "item_cover": (0.5, 0.6, 0.67, 0.75),
    "concept_z": (2.0, 2.5, 3.0, 99.0),
    "similarity_margin": (0.04, 0.06, 0.1),
}
"""Values tried; `concept_z` 99 switches the embedding view off (a baseline for the lexical view alone)."""


def suffix(record: dict[str, Any]) -> int:
    """The numeric suffix of a record id ('archive-b1-017' → 17)."""
    return int(str(record["id"]).rsplit("-", 1)[-1])


def split(records: Sequence[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(calibration half: odd suffixes, held-out half: even suffixes)."""
    return [r for r in records if suffix(r) % 2], [r for r in records if not suffix(r) % 2]


@contextmanager
def using(model: str, thresholds: Thresholds) -> Iterator[None]:
    """Searches of this process use `thresholds` for `model` while inside."""
    before = CALIBRATED.get(model)
    CALIBRATED[model] = thresholds
    try:
        yield
    finally:
        if before is None:
            CALIBRATED.pop(model, None)
        else:
            CALIBRATED[model] = before


async def share_right(records: Sequence[dict[str, Any]], settings: Settings) -> float:
    """Share of `records` the blind grader counts right."""
    from quarry.db import get_database

    grade = archive_grader(get_database(settings), settings)
    right = 0
    for record in records:
        right += (await grade(record)).right
    return right / len(records) if records else 0.0


def with_point(base: Thresholds, point: dict[str, float]) -> Thresholds:
    """`base` with one grid point's values."""
    return replace(
        base,
        item_cover=point["item_cover"],
        concept_z=point["concept_z"],
        similarity_margin=point["similarity_margin"],
    )


@dataclass(frozen=True)
class Calibration:
    """The chosen thresholds, their share on the calibration half and on the held-out half."""

    thresholds: Thresholds
    calibration_share: float
    held_out_share: float
    table: list[tuple[dict[str, float], float]]
    """Every grid point and its share on the calibration half."""


async def calibrate_grader(path: Path, settings: Settings) -> Calibration:
    """Grid-search the grader's thresholds on the odd half of `path`, score them on the even half."""
    model = get_embedder(settings).model
    base = CALIBRATED[model]
    odd, even = split(read_records(path))
    table: list[tuple[dict[str, float], float]] = []
    for values in itertools.product(*GRID.values()):
        point = dict(zip(GRID, values, strict=True))
        with using(model, with_point(base, point)):
            table.append((point, await share_right(odd, settings)))
    point, share = max(table, key=lambda t: t[1])  # max keeps the first of equals
    chosen = with_point(base, point)
    with using(model, chosen):
        held = await share_right(even, settings)
    return Calibration(chosen, share, held, table)
