"""`quarry archive ...`: ingest and ask (eval comes from the app registry)."""

from __future__ import annotations

import typer

cli = typer.Typer(no_args_is_help=True, help="Heritage archive search.")


@cli.command("ingest")
def ingest_cmd(
    scale: int = typer.Option(
        0, "--scale", min=0, help="Write N synthetic items into the benchmark database quarry_archive_bench instead."
    ),
) -> None:
    """Load the bundled archive items (idempotent), summarise long descriptions, embed through the cache.

    With --scale N: a deterministic synthetic corpus of N items (the real ones, then variants with
    perturbed copies of their vectors) in its own database, for `bench/bench_archive.py` only."""
    from quarry.db import get_database
    from quarry.embed import get_embedder
    from quarry.progress import RichReporter
    from quarry.settings import get_settings

    from .ingest import ingest

    s = get_settings()
    rep = RichReporter()
    if scale:
        from .scale import BENCH_DB, bench_settings, scale_ingest

        with rep.running():
            sr = scale_ingest(get_database(s), get_database(bench_settings(s)), scale, reporter=rep)
        typer.echo(
            f"wrote {sr.items:,} archive items ({sr.real} real, {sr.synthetic:,} synthetic, dim {sr.dim}) "
            f"into database {BENCH_DB}; {sr.seconds}s"
        )
        return
    with rep.running():
        report = ingest(get_database(s), get_embedder(s), batch_size=s.embedding_batch_size, reporter=rep, settings=s)
    by_model = f", {report.model_summarised} by the language model now" if report.model_summarised else ""
    typer.echo(
        f"loaded {report.items} archive items ({report.summarised} summarised{by_model}, {report.deleted} removed); "
        f"embedded {report.embedded} new texts; {report.seconds}s"
    )


@cli.command("calibrate")
def calibrate_cmd() -> None:
    """Calibrate the similarity thresholds for the configured embedding model on the labelled sets,
    and print them next to the ones searches use."""
    from quarry.db import get_database
    from quarry.embed import get_embedder
    from quarry.errors import DataMissing
    from quarry.settings import get_settings

    from .ingest import item_count
    from .thresholds import calibrate, thresholds_for

    s = get_settings()
    db, embedder = get_database(s), get_embedder(s)
    if not item_count(db):
        raise DataMissing("No archive items yet: run `quarry archive ingest` first.")
    got, used = calibrate(db, embedder), thresholds_for(db, embedder)
    typer.echo(f"embedding model {embedder.model} (dim {embedder.dim}); in use: {used.source}")
    for name in ("match_threshold", "relevant_similarity", "no_concept_similarity"):
        typer.echo(f"  {name:<22} calibrated {getattr(got, name):.2f}   in use {getattr(used, name):.2f}")


@cli.command("calibrate-grader")
def calibrate_grader_cmd(
    path: str = typer.Argument(..., help="A blind set already reported (e.g. evals/blind/archive/round1.jsonl)."),
) -> None:
    """Choose the grader's item thresholds on the odd-numbered records of a blind set and score them on
    the even-numbered ones (docs/evaluation.md, archive)."""
    import asyncio
    from pathlib import Path

    from quarry.settings import get_settings

    from .calibration import calibrate_grader

    got = asyncio.run(calibrate_grader(Path(path), get_settings()))
    for point, share in sorted(got.table, key=lambda t: -t[1])[:10]:
        typer.echo(f"  {point}  odd half {share:.3f}")
    t = got.thresholds
    typer.echo(
        f"chosen item_cover {t.item_cover} concept_z {t.concept_z} similarity_margin {t.similarity_margin}: "
        f"odd half {got.calibration_share:.3f}, held-out even half {got.held_out_share:.3f}"
    )
