"""`quarry leasing ...`: ingest and ask (eval comes from the app registry)."""

from __future__ import annotations

from pathlib import Path

import typer

cli = typer.Typer(no_args_is_help=True, help="Commercial leasing assistant.")


@cli.command("ingest")
def ingest_cmd(
    units: Path = typer.Argument(
        None, help="Units CSV (default: the bundled messy feed).", exists=True, dir_okay=False
    ),
    buildings: Path = typer.Argument(
        None, help="Buildings CSV (default: the bundled one).", exists=True, dir_okay=False
    ),
    scale: int = typer.Option(
        0, "--scale", min=0, help="Generate N units into the benchmark database quarry_leasing_bench_N instead."
    ),
    replace: bool = typer.Option(
        False,
        "--replace",
        help="Take over unit ids another import holds, and delete units of this file's earlier import that "
        "are no longer in it (their tour holds go too). Without it an import only adds and updates its own.",
    ),
) -> None:
    """Import units and buildings (messy headers, $/SF/yr, bad rows counted and skipped), plus the bundled
    tenants, leases, vendors and comps. Idempotent: a re-run changes nothing."""
    from quarry.db import get_database
    from quarry.progress import RichReporter
    from quarry.settings import get_settings

    from .ingest import BUILDINGS_FILE, UNITS_FILE, ingest, load_inventory, migrate_app

    rep = RichReporter()
    if scale:
        from .scale import scale_ingest

        with rep.running():
            sr = scale_ingest(scale, reporter=rep)
        typer.echo(f"{sr.database}: generated in {sr.generate_s}s; {sr.ingest.summary()}")
        return
    db = get_database(get_settings())
    with rep.running():
        if units is None and buildings is None:
            report = ingest(db, reporter=rep)
        else:
            migrate_app(db)
            source = "bundled" if units is None else f"file:{units.name}"
            report = load_inventory(
                db, units or UNITS_FILE, buildings or BUILDINGS_FILE, source=source, reporter=rep, replace=replace
            )
    typer.echo(report.summary())
