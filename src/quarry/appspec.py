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


@dataclass(frozen=True)
class Conversation:
    """One turn of an app as the outside sees it. From this the core builds `quarry <app> ask`, the
    app's HTTP route and the eval's conversation loop (`quarry.endpoints`), so no app writes them."""

    run: str
    """'module:attr' of `async (request, caller, *, settings, models) -> response`: the whole turn."""
    request: str
    """'module:attr' of the request model: the HTTP body, and the CLI's argument and options."""
    response: str
    """'module:attr' of the response model `run` returns (what the CLI renders)."""
    path: str
    """The HTTP route, `POST <path>`."""
    message: str
    """The request field holding the user's text: the CLI's argument."""
    render: str
    """'module:attr' of `(response) -> str`, the CLI's text."""
    cases: str
    """'module:attr' of `() -> list[case]`: the app's in-sample eval cases (`quarry <app> eval`)."""
    session: str = ""
    """The request field that continues a conversation (the CLI's `--session`); "" for none."""
    session_out: str = ""
    """The response field carrying the conversation id to send back ("" when the client chooses it)."""
    public: str = ""
    """'module:attr' of `(response) -> model` when the HTTP body is narrower than `response`."""
    json: str = ""
    """'module:attr' of `(response) -> str` for `--json` (default: the response model as JSON)."""
    failed: str = ""
    """'module:attr' of `(response) -> bool`: the CLI exits 1 on such an answer."""
    parts: str = ""
    """'module:attr' of `(text, images: list[bytes]) -> value of the message field`, for an app whose
    message is a list of parts (the CLI then also takes `--image FILE`)."""
    spellings: tuple[tuple[str, str], ...] = ()
    """(request field, CLI option) where the option is not `--field-name`, e.g. ('tenant_id', '--tenant')."""
    summary: str = ""
    """What one turn returns, in one line (the CLI command's and the route's help)."""
    anonymous: bool = True
    """Whether callers without a key may take this turn (labs: no; HTTP 401)."""
    roles: tuple[str, ...] = ()
    """The roles whose keys may take it ("" = every role); others get HTTP 403."""
    rate_limit: str = "rate_limit_per_minute"
    """The setting that caps this app's turns per minute, per client address and per key."""
    errors: tuple[tuple[int, str], ...] = ()
    """(status, when) the route answers beyond the errors every route can give (documentation)."""

    def load(self, field: str) -> Any:
        return _resolve(getattr(self, field))


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
    ui_tab: str
    """'module:attr' of a function that builds the app's Gradio tab (called inside `gr.Tab`)."""
    prepare: str
    """'module:attr' of a `PrepareData` function (bundled data for `quarry demo` and tests)."""
    evaluate: str
    """'module:attr' of a `RunEval` function (`quarry <app> eval`)."""
    admin_tab: str = ""
    """'module:attr' of a function that builds the app's tab of the staff console (/admin): its data
    changes (imports, uploads), behind a staff or admin key. "" when the app changes no data there."""
    router: str = ""
    """'module:attr' of a FastAPI `APIRouter` with the app's routes beyond its turn ("" for none)."""
    conversation: Conversation | None = None
    """The app's turn; the core generates `ask`, the HTTP route and the eval loop from it."""
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
        return _resolve(getattr(self, field))


def _resolve(ref: str) -> Any:
    module, _, attr = ref.partition(":")
    return getattr(import_module(module), attr)
