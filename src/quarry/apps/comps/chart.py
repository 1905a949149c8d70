"""Price histogram (seed §5): the comp set's prices with median and p25/p75 lines."""

from __future__ import annotations

from collections.abc import Sequence

import matplotlib

matplotlib.use("Agg")  # headless: servers and CI have no display

from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter

from .models import Stats

TINY = 3


def chart_title(town: str | None, flat_type: str | None, months_back: int, count: int) -> str:
    """Seed §5.3: '{town} {flat_type} last {months_back} months, n={count}'."""
    return f"{town or 'Any town'} {flat_type or 'any type'} last {months_back} months, n={count}"


def plot_price_hist(prices: Sequence[float], stats: Stats, title: str) -> Figure:
    """Histogram with median and IQR lines; a friendly message instead when the set is empty or tiny."""
    fig = Figure(figsize=(7.5, 3.6), dpi=100)
    ax = fig.add_subplot()
    ax.set_title(title, fontsize=11)
    if len(prices) < TINY:
        msg = (
            "No comparable sales to chart yet" if not prices else f"Only {len(prices)} sale(s): too few for a histogram"
        )
        if prices:
            msg += "\n" + ", ".join(f"${p:,.0f}" for p in prices)
        ax.text(0.5, 0.5, msg, ha="center", va="center", fontsize=11, transform=ax.transAxes, color="#555")
        ax.set_xticks([])
        ax.set_yticks([])
        fig.tight_layout()
        return fig
    ax.hist(prices, bins=min(30, max(5, len(prices) // 4)), color="#6c9bd2", edgecolor="white")
    lines = (
        (stats.median, "median", "#d62728", "-"),
        (stats.p25, "p25", "#555", "--"),
        (stats.p75, "p75", "#555", "--"),
    )
    for value, label, color, style in lines:
        if value is not None:
            ax.axvline(value, color=color, linestyle=style, linewidth=1.6, label=f"{label} ${value:,.0f}")
    ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _: f"${x / 1000:,.0f}k"))
    ax.set_xlabel("resale price (SGD)")
    ax.set_ylabel("transactions")
    ax.legend(fontsize=8, loc="upper right")
    fig.tight_layout()
    return fig


def figure_png(fig: Figure) -> bytes:
    import io

    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    return buf.getvalue()
