"""`quarry shop ...`: ingest and ask (eval comes from the app registry)."""

from __future__ import annotations

import typer

cli = typer.Typer(no_args_is_help=True, help="Persian/English catalogue shopping assistant (POST /chat).")


@cli.command("ingest")
def ingest_cmd(
    scale: float = typer.Option(
        1.0,
        "--scale",
        min=0.0001,
        help="× the default 20k base products / 200k offers (5 → 1M offers, for benchmarks).",
    ),
    seed: int = typer.Option(7, "--seed", help="Generator seed (same seed and scale → the same catalogue)."),
) -> None:
    """Generate the catalogue and load it with COPY (replaces what is loaded; idempotent)."""
    from quarry.db import get_database
    from quarry.progress import RichReporter
    from quarry.settings import get_settings

    from .ingest import Size, ingest
    from .setup import migrate_shop

    db = get_database(get_settings())
    migrate_shop(db)
    rep = RichReporter()
    with rep.running():
        report = ingest(db, Size.scaled(scale, seed=seed), reporter=rep)
    counts = ", ".join(f"{t} {n:,}" for t, n in report.rows.items())
    typer.echo(f"loaded the shop catalogue (seed {seed}): {counts}; {report.seconds}s")
