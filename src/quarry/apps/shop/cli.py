"""`quarry shop ...`: ingest and ask (eval comes from the app registry)."""

from __future__ import annotations

import asyncio
import base64
import uuid
from pathlib import Path

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


@cli.command("ask")
def ask_cmd(
    text: str = typer.Argument("", help="The user's message (Persian or English)."),
    session: str = typer.Option(None, "--session", help="Continue a conversation: its chat id (default: a new chat)."),
    image: Path = typer.Option(
        None, "--image", help="An image file sent as a part of this turn.", exists=True, dir_okay=False, readable=True
    ),
    as_json: bool = typer.Option(False, "--json", help="Print exactly the /chat response plus `trace`, as JSON."),
) -> None:
    """Answer one turn, as POST /chat would (the first use on a database loads the catalogue)."""
    from quarry.errors import BadInput

    from .models import ImagePart, MessagePart, TextPart
    from .orchestrator import run
    from .render import render_text, response_json

    parts: list[MessagePart] = [TextPart(type="text", content=text)] if text.strip() else []
    if image is not None:
        parts.append(ImagePart(type="image", content=base64.b64encode(image.read_bytes()).decode()))
    if not parts:
        raise BadInput("Nothing to ask: give a message or --image.")
    turn = asyncio.run(run(session or uuid.uuid4().hex, parts))
    typer.echo(response_json(turn) if as_json else render_text(turn))
