"""`quarry archive ...`: ingest and ask (eval comes from the app registry)."""

from __future__ import annotations

import asyncio

import typer

cli = typer.Typer(no_args_is_help=True, help="Heritage archive search.")


@cli.command("ingest")
def ingest_cmd(
    scale: int = typer.Option(0, "--scale", min=0, help="Synthetic items for benchmarks (not implemented yet)."),
) -> None:
    """Load the bundled archive items (idempotent), summarise long descriptions, embed through the cache."""
    from quarry.db import get_database
    from quarry.embed import get_embedder
    from quarry.progress import RichReporter
    from quarry.settings import get_settings

    from .ingest import ingest

    if scale:
        typer.echo("--scale is not implemented yet (synthetic benchmark corpus).", err=True)
        raise typer.Exit(2)
    s = get_settings()
    rep = RichReporter()
    with rep.running():
        report = ingest(get_database(s), get_embedder(s), batch_size=s.embedding_batch_size, reporter=rep)
    typer.echo(
        f"loaded {report.items} archive items ({report.summarised} summarised, {report.deleted} removed); "
        f"embedded {report.embedded} new texts; {report.seconds}s"
    )


@cli.command("ask")
def ask_cmd(
    text: str = typer.Argument(..., help="What you are looking for, in plain language (English or Malay)."),
    thread: str = typer.Option(None, "--thread", help="Continue a conversation (the thread id printed before)."),
    as_json: bool = typer.Option(False, "--json", help="Print the response model as JSON only."),
) -> None:
    """Answer one turn: intent, attempts and archive items (or the reply message)."""
    from .orchestrator import response_json, run
    from .render import render_text

    resp = asyncio.run(run(text, thread_id=thread))
    typer.echo(response_json(resp) if as_json else render_text(resp))
