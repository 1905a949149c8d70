"""The labs chart picks its picture from the result's shape (rows as the labs queries return them)."""

from __future__ import annotations

from typing import Any

import pytest
from matplotlib.collections import PathCollection
from matplotlib.figure import Figure

from quarry.apps.labs.chart import MAX_GROUPS, plot_result

TREND = [{"period": f"2024-{m:02d}-01", "avg_value": 5 + m / 10, "results": m} for m in range(1, 7)]
RAW = [
    {
        "collected_at": f"2026-{m:02d}-10T08:30:00+00:00",
        "patient": f"Patient {m}",
        "parameter_name": "Vitamin D (25-OH)",
        "value_numeric": v,
        "unit": "ng/mL",
        "reference_low": 30.0,
        "reference_high": 100.0,
    }
    for m, v in zip(range(1, 13), [22, 45, 31, 120, 60, 28, 55, 41, 33, 70, 18, 90], strict=True)
]


def _axes(fig: Figure | None) -> Any:
    assert fig is not None
    return fig.axes[0]


def test_an_aggregate_over_time_is_one_line_of_the_value_not_the_count() -> None:
    ax = _axes(plot_result(["period", "avg_value", "results"], TREND))
    (line,) = ax.get_lines()
    assert list(line.get_ydata()) == [r["avg_value"] for r in TREND]
    assert ax.get_ylabel() == "avg value"


def test_raw_results_are_points_red_outside_the_reference_range_over_a_shaded_band() -> None:
    ax = _axes(plot_result(list(RAW[0]), RAW))
    assert not ax.get_lines()  # one row per patient: nothing to join
    outside = {c.get_label(): len(c.get_offsets()) for c in ax.collections if isinstance(c, PathCollection)}
    assert outside == {"within its reference": 8, "outside": 4}
    assert sum(1 for r in RAW if not 30 <= r["value_numeric"] <= 100) == 4
    assert any("reference 30–100" in t.get_text() for t in ax.get_legend().get_texts())


def test_a_few_groups_get_one_line_each() -> None:
    rows = [
        {"period": f"{y}-01-01", "lab_name": lab, "avg_value": float(y - 2000 + i)}
        for i, lab in enumerate(["LabCorp", "Quest"])
        for y in (2022, 2023, 2024)
    ]
    ax = _axes(plot_result(["period", "lab_name", "avg_value"], rows))
    assert sorted(line.get_label() for line in ax.get_lines()) == ["LabCorp", "Quest"]


def test_a_year_column_is_time() -> None:
    rows = [{"year": y, "avg_value": 4.0 + y % 3} for y in (2022, 2023, 2024)]
    (line,) = _axes(plot_result(["year", "avg_value"], rows)).get_lines()
    assert list(line.get_ydata()) == [4.0 + y % 3 for y in (2022, 2023, 2024)]


def test_one_value_per_named_group_is_a_bar_each() -> None:
    rows = [{"lab_name": n, "avg_value": v, "results": 90} for n, v in [("LabCorp", 141.7), ("Quest", 141.1)]]
    ax = _axes(plot_result(["lab_name", "avg_value", "results"], rows))
    assert [round(b.get_width(), 1) for b in ax.patches] == [141.1, 141.7]  # drawn bottom-up


@pytest.mark.parametrize(
    ("columns", "rows"),
    [
        (["patients"], [{"patients": 118}]),  # one number: the table says it
        (["period", "avg_value"], [{"period": "2024-01-01", "avg_value": 5.0}]),  # one row
        (["patient", "unit"], [{"patient": "A", "unit": "%"}, {"patient": "B", "unit": "%"}]),  # no value
        (["patient_id", "value_numeric"], [{"patient_id": 1, "value_numeric": None}] * 2),  # nothing to draw
        (["patient", "v"], [{"patient": f"P{i}", "v": float(i)} for i in range(40)]),  # too many bars
    ],
)
def test_no_chart_when_it_would_add_nothing(columns: list[str], rows: list[dict[str, Any]]) -> None:
    assert plot_result(columns, rows) is None


def test_many_groups_are_points_not_a_tangle_of_lines() -> None:
    rows = [
        {"collected_at": f"2025-{m:02d}-01", "patient": f"P{p}", "value_numeric": float(m + p)}
        for p in range(MAX_GROUPS + 1)
        for m in range(1, 4)
    ]
    ax = _axes(plot_result(["collected_at", "patient", "value_numeric"], rows))
    assert not ax.get_lines() and ax.collections
