"""`quarry comps ...`: ingest and ask (eval comes from the app registry)."""

from __future__ import annotations

from pathlib import Path

import typer

cli = typer.Typer(no_args_is_help=True, help="HDB resale comparables.")


@cli.command("ingest")
def ingest_cmd(
    csv_path: Path = typer.Argument(None, help="HDB resale CSV (plain or .gz); default: bundled 2023 data."),
    embed: bool = typer.Option(True, help="Embed listing texts after loading."),
) -> None:
    """Load the data set's CSV into hdb_resale (idempotent), then embed listing texts."""
    from quarry.db import get_database
    from quarry.embed import get_embedder
    from quarry.progress import RichReporter
    from quarry.settings import get_settings

    from .ingest import load_csv
    from .vectors import embed_listings

    s = get_settings()
    rep = RichReporter()
    with rep.running():
        report = load_csv(csv_path, settings=s, reporter=rep)
        if embed:
            report.embedded_texts, report.embed_seconds = embed_listings(
                get_database(s), get_embedder(s), batch_size=s.embedding_batch_size, reporter=rep
            )
    typer.echo(
        f"loaded {report.rows_loaded:,} rows ({report.oldest_month}..{report.newest_month}) from {report.source}\n"
        f"read {report.rows_read:,}; bad shape {report.rows_bad_shape}; bad values {report.rows_bad_value}; "
        f"outside window {report.rows_outside_window}; {report.rows_per_second:,.0f} rows/s; "
        f"embedded {report.embedded_texts} new texts in {report.embed_seconds}s"
    )
    for example in report.bad_examples:
        typer.echo(f"  skipped {example}")
