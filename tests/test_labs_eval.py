"""The evaluation harness: gold expansion, result comparison, and a small end-to-end run."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import pytest

from quarry.apps.labs.evaluate import EVAL_FILE, expand_gold, load, run_eval, same_results
from quarry.apps.labs.naming import names_for
from tests.labs_support import load_test_data


def test_eval_set_has_the_required_mix() -> None:
    cases = load(EVAL_FILE)
    counts: dict[str, int] = {}
    for case in cases:
        counts[case.category] = counts.get(case.category, 0) + 1
    assert len(cases) >= 50
    assert counts["simple"] >= 20 and counts["aggregation"] >= 15 and counts["join"] >= 10 and counts["edge"] >= 5
    assert {c.lang for c in cases if c.category == "simple"} == {"ru", "uk", "en", "es"}
    assert len({c.id for c in cases}) == len(cases)


def test_gold_names_expand_from_ground_truth() -> None:
    sql = expand_gold("SELECT 1 FROM lab_results WHERE parameter_name IN {{names:CHOL}}")
    assert "{{" not in sql and all(name.replace("'", "''") in sql for name in names_for("CHOL"))


@pytest.mark.parametrize(
    ("gold", "predicted", "same"),
    [
        ([[1, "a"]], [["a", 1]], True),  # column order is free
        ([[1], [2]], [[2], [1]], True),  # row order is free
        ([[1], [1]], [[1]], False),  # multisets, not sets
        ([[Decimal("142.645")]], [[142.65]], True),  # rounded half-up to 2 decimals like PostgreSQL
        ([[datetime(2024, 1, 2, 3, 4, tzinfo=UTC)]], [["2024-01-02T03:04:00+00:00"]], True),
        ([[1, 2]], [[1, 3]], False),
    ],
    ids=["columns", "rows", "multiset", "rounding", "timestamps", "different"],
)
def test_result_comparison(gold: list[list[object]], predicted: list[list[object]], same: bool) -> None:
    assert same_results(gold, predicted) is same


def test_small_end_to_end_run(tmp_path: Path) -> None:
    settings, _ = load_test_data()
    subset = [c for c in load(EVAL_FILE) if c.id in {"simple-01", "aggregation-02", "join-04", "edge-06"}]
    path = tmp_path / "eval.jsonl"
    path.write_text("\n".join(json.dumps(c.model_dump(), ensure_ascii=False) for c in subset), encoding="utf-8")
    report = run_eval(settings=settings, path=path)
    assert report.cases == 4
    assert report.metric("execution_accuracy") == 1.0, report.render()
    assert report.metric("fuzzy_top1_accuracy") >= 0.95
    assert report.metric("simple_within_2_share") == 1.0 and report.metric("within_budget_share") == 1.0
    text = report.render()
    for label in ("execution accuracy", "fuzzy top-1", "iterations per question", "within budget", "p95"):
        assert label in text
