"""`AppSpec`: what an app plugs into the core, as plain data.

Each app describes itself once, in `quarry/apps/<app>/spec.py`, and is listed in the one
tuple `quarry.apps.APPS`. The CLI, the HTTP app, the UI, first-run setup, migrations and
`quarry <app> eval` loop over that tuple. References are "module:attribute" strings,
imported when first used, so `quarry labs validate` does not import the comps UI; a
reference that does not resolve raises (a broken app fails loudly, never vanishes).
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from quarry.db import Database
    from quarry.evaluate import EvalReport
    from quarry.progress import Reporter
    from quarry.settings import Settings


class PrepareData(Protocol):
    """Load or generate the app's bundled data unless it is there already; True when it loaded."""

    def __call__(self, db: Database, settings: Settings, reporter: Reporter) -> bool: ...


class RunEval(Protocol):
    """Run the app's evaluation set and return its report."""

    def __call__(self, *, settings: Settings | None = None, progress: bool = True) -> EvalReport: ...


@dataclass(frozen=True)
class AppSpec:
    """One app as the core sees it."""

    name: str
    """CLI group and URL segment, e.g. 'comps'."""
    title: str
    """UI tab title."""
    summary: str
    """One line for `quarry --help`."""
    package: str
    """The app's package; its `migrations/` folder holds the app's SQL migrations."""
    cli: str
    """'module:attr' of a `typer.Typer` with the app's commands (ask, ingest, ...)."""
    router: str
    """'module:attr' of the app's FastAPI `APIRouter`."""
    ui_tab: str
    """'module:attr' of a function that builds the app's Gradio tab (called inside `gr.Tab`)."""
    prepare: str
    """'module:attr' of a `PrepareData` function (bundled data for `quarry demo` and tests)."""
    evaluate: str
    """'module:attr' of a `RunEval` function (`quarry <app> eval`)."""
    blind: str = ""
    """'module:attr' of a function (settings) → [(set-name prefix, grader)]: how the app's blind sets
    (`evals/blind/<app>/`) are answered and judged (`quarry <app> eval` and CI's floors)."""
    warm: str = ""
    """'module:attr' of a function (db, settings) run once when a server worker starts, in the
    background: it loads what a first turn would (imports, caches, the index pages one search
    reads) without writing, so the first user does not wait for it."""
    css: str = ""
    """Style rules of the app's tab (element ids prefixed with the app name)."""
    retained: tuple[tuple[str, str], ...] = ()
    """(table, timestamp column) of app tables that hold user text, pruned after RETENTION_DAYS
    like the core's `agent_runs` and `conversations`."""

    @property
    def migrations(self) -> tuple[str, str]:
        """(namespace, package) for `quarry.db.migrate`."""
        return self.name, self.package

    def load(self, field: str) -> Any:
        """Import what a reference field points at."""
        ref: str = getattr(self, field)
        module, _, attr = ref.partition(":")
        return getattr(import_module(module), attr)
