"""`quarry labs ...`: ingest, ask, fuzzy, validate (eval comes from the app registry).

With --json only JSON goes to stdout (progress bars go to stderr). Bad input raises a
QuarryError, which the top-level CLI prints as `error: <message>` (exit 2); `ask` exits 1
when it answered with status "error" (the JSON still says why).
"""

from __future__ import annotations

import json

import typer

from quarry.errors import BadInput
from quarry.inputs import clean_question

cli = typer.Typer(no_args_is_help=True, help="Lab results: questions in any language → one safe SQL query.")


def _dump(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, default=str)


@cli.command("ingest")
def ingest_cmd(
    scale: int = typer.Option(None, "--scale", help="Number of lab_results to generate (default: demo size 20,000)."),
    seed: int = typer.Option(42, "--seed", help="Generator seed (same seed → same data)."),
    as_json: bool = typer.Option(False, "--json", help="Print the ingest report as JSON only."),
) -> None:
    """Fill the analyte tables from data/labs/analytes.json and load generated patients and results."""
    from quarry.progress import RichReporter

    from .authoring.generate import DEMO_RESULTS
    from .ingest import ingest

    rep = RichReporter()
    with rep.running():
        report = ingest(scale if scale is not None else DEMO_RESULTS, seed=seed, reporter=rep)
    if as_json:
        typer.echo(report.model_dump_json())
        return
    typer.echo(
        f"loaded {report.results:,} lab results ({report.parameter_names} distinct parameter names) for "
        f"{report.patients:,} patients in {report.reports:,} reports; {report.analytes} analytes, "
        f"{report.aliases} aliases; data up to {report.anchor}; {report.seconds}s "
        f"({report.rows_per_second:,.0f} results/s)"
    )


@cli.command("fuzzy")
def fuzzy_cmd(
    term: str = typer.Argument(..., help="A test name as a user would type it."),
    limit: int = typer.Option(20, "--limit", help="Maximum number of names (1-100)."),
    as_json: bool = typer.Option(False, "--json", help="Print [{parameter_name, similarity_score}] only."),
) -> None:
    """Fuzzy-search stored parameter names (pg_trgm on folded text), best first."""
    from quarry.settings import get_settings

    from .fuzzy import search_parameter_names
    from .ingest import has_data
    from .models import FuzzyHit

    term = clean_question(term, max_chars=200, empty_hint="type a test name.", what="search term")
    if not 1 <= limit <= 100:
        raise BadInput(f"--limit must be between 1 and 100, got {limit}.")
    s = get_settings()
    if not has_data(s):
        from quarry.errors import DataMissing

        raise DataMissing("No lab data yet: run `quarry labs ingest` first.")
    hits = [FuzzyHit(**m) for m in search_parameter_names(term, limit, s)]
    if as_json:
        typer.echo(_dump([h.model_dump() for h in hits]))
        return
    if not hits:
        typer.echo(f"no parameter name is similar to {term!r} (threshold {s.agentic_similarity_threshold})")
    for h in hits:
        typer.echo(f"{h.similarity_score:.3f}  {h.parameter_name}")


@cli.command("validate")
def validate_cmd(
    sql: str = typer.Argument(..., help="A SQL statement to check against the labs policy."),
    as_json: bool = typer.Option(False, "--json", help="Print {ok, reasons} only."),
) -> None:
    """Check SQL with the parser-based validator (the labs tables and limits)."""
    from quarry.sqlguard.validator import validate_sql

    from .models import ValidateResult
    from .policy import labs_policy

    checked = validate_sql(sql, labs_policy())
    result = ValidateResult(ok=checked.ok, reasons=checked.reasons, sql=checked.sql)
    if as_json:
        typer.echo(_dump({"ok": result.ok, "reasons": result.reasons}))
    else:
        reasons = "\n".join(f"  - {r}" for r in result.reasons)
        typer.echo(f"ok: {result.sql}" if result.ok else f"rejected:\n{reasons}")
    if not result.ok:
        raise typer.Exit(1)
