"""`quarry demo` hook: generate and load the demo data when the labs tables are empty."""

from __future__ import annotations

from quarry.progress import Reporter, SilentReporter
from quarry.settings import Settings, get_settings

from .generate import DEMO_RESULTS
from .ingest import has_data, ingest


def ensure_data(reporter: Reporter | None = None, *, settings: Settings | None = None) -> bool:
    """Load the demo dataset unless lab_results already has rows; True when it loaded."""
    s = settings or get_settings()
    rep = reporter or SilentReporter()
    if has_data(s):
        return False
    report = ingest(DEMO_RESULTS, settings=s, reporter=rep)
    rep.note(f"labs: {report.results:,} lab results for {report.patients} patients in {report.seconds}s")
    return True
