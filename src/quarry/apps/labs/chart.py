"""A picture of a labs result when one reads better than the table.

The result's shape decides, not the question: a date column and a value → values over time
(one line per group when a short text column splits them, points outside the reference range
in red when the row carries one); a text column and a value → one bar per group. Anything
else (one row, no value, ids only) gets no chart. Pure rendering: rows in, figure out.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from datetime import date, datetime
from typing import Any

import matplotlib

matplotlib.use("Agg")  # headless: servers and CI have no display

from matplotlib.axes import Axes
from matplotlib.dates import date2num
from matplotlib.figure import Figure

Row = Mapping[str, Any]

MAX_GROUPS = 8
"""More lines than this is a tangle: the groups are then drawn as one series of points."""
MAX_BARS = 30
_REFERENCE = ("reference_low", "reference_high")
# Counts say how many rows stand behind a value; the value itself is the thing to draw.
_COUNT_NAMES = ("results", "count", "n", "patients", "tests", "num_results")
_IN_RANGE, _OUT_OF_RANGE = "#1f77b4", "#d62728"


def _is_number(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)


def _as_time(v: Any) -> datetime | None:
    if isinstance(v, int) and not isinstance(v, bool) and 1900 <= v <= 2100:
        return datetime(v, 1, 1)  # only asked of columns named "year"
    if isinstance(v, datetime):
        return v
    if isinstance(v, date):
        return datetime(v.year, v.month, v.day)
    if isinstance(v, str) and len(v) >= 10 and v[4:5] == "-" and v[7:8] == "-":
        try:
            return datetime.fromisoformat(v)
        except ValueError:
            return None
    return None


def _columns_where(columns: Sequence[str], rows: Sequence[Row], test: Any) -> list[str]:
    """Columns whose every non-null value passes `test` (and that have at least one)."""
    out = []
    for c in columns:
        values = [r.get(c) for r in rows if r.get(c) is not None]
        if values and all(test(v) for v in values):
            out.append(c)
    return out


def _value_column(numeric: list[str]) -> str | None:
    """The measured value: not an id, not a reference bound, a count only when nothing else is."""
    candidates = [c for c in numeric if c not in _REFERENCE and c != "id" and not c.endswith("_id")]
    values = [c for c in candidates if c.lower() not in _COUNT_NAMES]
    return next(iter(values or candidates), None)


def plot_result(columns: Sequence[str], rows: Sequence[Row], title: str = "") -> Figure | None:
    """A figure for the result, or None when a chart would add nothing to the table."""
    if len(rows) < 2:
        return None
    years = [c for c in columns if c.lower() in ("year", "quarter")]  # parts of a date, not values
    numeric = [c for c in _columns_where(columns, rows, _is_number) if c not in years]
    value = _value_column(numeric)
    if value is None:
        return None
    times = [c for c in _columns_where(columns, rows, lambda v: _as_time(v) is not None) if c not in numeric]
    texts = [c for c in _columns_where(columns, rows, lambda v: isinstance(v, str)) if c not in times]
    if times:
        group = _group_column(rows, texts)
        # One row per patient (or per anything numerous): the points are not one series to join.
        joined = group is None and not any(len({r.get(c) for r in rows}) > MAX_GROUPS for c in _entities(texts))
        return _over_time(rows, times[0], value, group, joined, title)
    label = next((c for c in texts if len({r.get(c) for r in rows}) == len(rows)), None)
    if label is not None and len(rows) <= MAX_BARS:
        return _bars(rows, label, value, title)
    return None


def _entities(texts: list[str]) -> list[str]:
    """Text columns naming who or where (a patient, a lab); units and spellings of one analyte are not."""
    return [c for c in texts if c not in ("unit", "parameter_name")]


def _group_column(rows: Sequence[Row], texts: list[str]) -> str | None:
    """A text column that splits the rows into 2..MAX_GROUPS series (a patient, a lab)."""
    return next((c for c in _entities(texts) if 2 <= len({r.get(c) for r in rows}) <= MAX_GROUPS), None)


def _figure(title: str) -> tuple[Figure, Axes]:
    fig = Figure(figsize=(7.5, 3.4), dpi=100)
    ax = fig.add_subplot()
    if title:
        ax.set_title(title, fontsize=11)
    return fig, ax


def _over_time(rows: Sequence[Row], x: str, y: str, group: str | None, joined: bool, title: str) -> Figure:
    fig, ax = _figure(title)
    points = sorted(
        ((float(date2num(t)), r) for r in rows if (t := _as_time(r.get(x))) is not None and _is_number(r.get(y))),
        key=lambda p: p[0],
    )
    ax.xaxis_date()
    has_reference = all(c in rows[0] for c in _REFERENCE)
    if group is not None:
        for name in dict.fromkeys(str(r.get(group)) for _, r in points):
            series = [(t, r[y]) for t, r in points if str(r.get(group)) == name]
            ax.plot([t for t, _ in series], [v for _, v in series], marker="o", markersize=3, linewidth=1.2, label=name)
        ax.legend(fontsize=7, loc="best")
    elif joined:
        ax.plot([t for t, _ in points], [r[y] for _, r in points], marker="o", markersize=3, linewidth=1.4)
    elif has_reference:
        for outside, colour, label in ((False, _IN_RANGE, "within its reference"), (True, _OUT_OF_RANGE, "outside")):
            shown = [(t, r[y]) for t, r in points if _outside(r, y) == outside]
            if shown:
                ax.scatter([t for t, _ in shown], [v for _, v in shown], s=14, c=colour, label=label)
    else:
        ax.scatter([t for t, _ in points], [r[y] for _, r in points], s=14, c=_IN_RANGE)
    if has_reference:
        _reference_band(ax, rows)
    ax.set_ylabel(y.replace("_", " "))
    fig.autofmt_xdate()
    fig.tight_layout()
    return fig


def _outside(row: Row, y: str) -> bool:
    """Outside the row's own reference range (labs differ a little in theirs)."""
    low, high, v = row.get("reference_low"), row.get("reference_high"), row[y]
    return bool((_is_number(low) and v < low) or (_is_number(high) and v > high))


def _reference_band(ax: Axes, rows: Sequence[Row]) -> None:
    """The most common reference range, shaded (each point is judged by its own row's range)."""
    ranges = [
        (float(r["reference_low"]), float(r["reference_high"]))
        for r in rows
        if _is_number(r.get("reference_low")) and _is_number(r.get("reference_high"))
    ]
    if ranges:
        lo, hi = max(set(ranges), key=ranges.count)
        ax.axhspan(lo, hi, color="#2ca02c", alpha=0.12, label=f"reference {lo:g}–{hi:g}")
        ax.legend(fontsize=7, loc="best")


def _bars(rows: Sequence[Row], label: str, y: str, title: str) -> Figure:
    fig, ax = _figure(title)
    shown = [r for r in rows if _is_number(r.get(y))]
    names = [str(r[label])[:40] for r in shown][::-1]
    bars = ax.barh(names, [r[y] for r in shown][::-1], color="#6c9bd2")
    ax.bar_label(bars, fmt="{:,.4g}", fontsize=7, padding=2)  # near-equal bars: the numbers tell them apart
    ax.set_xlabel(y.replace("_", " "))
    ax.tick_params(axis="y", labelsize=8)
    fig.tight_layout()
    return fig
