"""`quarry labs eval`: execution accuracy, fuzzy top-1, iterations and latency.

Execution accuracy runs each question end to end (agent → validated SQL → read-only
execution) and compares the rows with those of the hand-written gold SQL as multisets:
row order and column order are ignored, numbers are rounded to 2 decimals, timestamps
compared as ISO text. Gold SQL names analytes with `{{names:CODE}}`, expanded from the
generator's ground truth (`naming.names_for`), never from fuzzy search or the offline
model. Fuzzy top-1 asks the fuzzy tool for script variations of every reference name
(lower case, all-Cyrillic, Latin look-alikes, no accents, no brackets) and checks that the
best hit is a name of the right analyte.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections import Counter
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from quarry.db import get_database
from quarry.endpoints import converse
from quarry.errors import BadInput, DataMissing
from quarry.evaluate import EvalReport, Metric, accuracy, latency_metrics, load_cases, run_cases
from quarry.evaluate.blind import blind_figures
from quarry.settings import Settings, get_settings

from .blind import graders
from .evaluate_rows import EVAL_MAX_ROWS, same_results
from .ingest import has_data
from .naming import cyrillic_only, latin_lookalikes, name_catalogue, names_for, strip_accents
from .offline_sql import quote
from .reference import load_analytes
from .tools import search_parameter_names

EVAL_FILE = Path(__file__).parent / "data" / "eval.jsonl"
_NAMES = re.compile(r"\{\{names:([A-Z0-9]+)\}\}")


class EvalCase(BaseModel):
    """One line of data/eval.jsonl."""

    id: str = Field(description="Stable id, e.g. 'simple-01'.")
    category: str = Field(description="simple | aggregation | join | edge.")
    lang: str = Field(description="Language of the question.")
    question: str = Field(description="The question as a user asks it.")
    gold_sql: str | None = Field(
        None, description="Reference SQL; {{names:CODE}} expands to the analyte's stored names (answers only)."
    )
    expect: Literal["answer", "clarify"] = Field(
        "answer", description="clarify: the question names a patient or test the data does not hold, or several."
    )
    note: str = ""


class CaseResult(BaseModel):
    """Outcome of one evaluation question."""

    id: str
    category: str
    question: str
    correct: bool = Field(description="Result multisets equal.")
    status: str = Field(description="ok or error.")
    iterations: int
    forced_completion: bool
    latency_ms: float
    gold_rows: int
    predicted_rows: int | None
    sql: str | None = None
    error: str | None = None


def load(path: Path = EVAL_FILE) -> list[EvalCase]:
    return load_cases(path, EvalCase)


def in_sample() -> dict[str, list[EvalCase]]:
    """The in-sample sets by name (`AppSpec.conversation.cases`)."""
    return {"questions": load()}


def expand_gold(sql: str) -> str:
    """Replace {{names:CODE}} with the analyte's stored names as a SQL list."""

    def names(match: re.Match[str]) -> str:
        found = names_for(match.group(1))
        if not found:
            raise BadInput(f"Unknown analyte code in gold SQL: {match.group(1)}")
        return "(" + ", ".join(quote(n) for n in found) + ")"

    return _NAMES.sub(names, sql)


async def _run_case(case: EvalCase, settings: Settings) -> CaseResult:
    from .spec import SPEC

    gold = (
        [list(r.values()) for r in get_database(settings).fetch_all(expand_gold(case.gold_sql))]
        if case.gold_sql
        else []
    )
    [(resp, latency)] = await converse(
        SPEC, [{"question": case.question, "max_rows": EVAL_MAX_ROWS}], settings=settings
    )
    predicted = [[row.get(c) for c in resp.columns] for row in resp.rows] if resp.rows is not None else None
    if case.expect == "clarify":
        correct = resp.status == "clarify" and predicted is None
    else:
        correct = predicted is not None and same_results(gold, predicted)
    return CaseResult(
        id=case.id,
        category=case.category,
        question=case.question,
        correct=correct,
        status=resp.status,
        iterations=resp.iterations,
        forced_completion=resp.forced_completion,
        latency_ms=latency,
        gold_rows=len(gold),
        predicted_rows=None if predicted is None else len(predicted),
        sql=resp.sql,
        error=resp.error,
    )


def script_variations(name: str) -> list[str]:
    """How a user might type a stored name: other case, other script, no accents, no brackets."""
    bare = re.sub(r"\s*\([^)]*\)", "", name).strip()
    out = [
        name.lower(),
        cyrillic_only(name).lower(),
        latin_lookalikes(latin_lookalikes(name)),
        strip_accents(name).upper(),
        bare,
    ]
    return [v for v in dict.fromkeys(out) if v]


def fuzzy_eval(settings: Settings) -> tuple[int, float, list[float], list[dict[str, str]]]:
    """(cases, top-1 accuracy, latencies ms, misses) over script variations of reference names."""
    truth = name_catalogue()
    cases = [(variant, a.code) for a in load_analytes() for n in a.all_names() for variant in script_variations(n)]
    hits = 0
    latencies: list[float] = []
    misses: list[dict[str, str]] = []
    for query, code in cases:
        started = time.perf_counter()
        found = search_parameter_names(query, 1, settings)
        latencies.append((time.perf_counter() - started) * 1000)
        top = found[0]["parameter_name"] if found else ""
        if truth.get(top) == code:
            hits += 1
        else:
            misses.append({"query": query, "expected": code, "top1": top})
    return len(cases), hits / len(cases) if cases else 0.0, latencies, misses


def run_eval(*, settings: Settings | None = None, path: Path = EVAL_FILE, progress: bool = False) -> EvalReport:
    """Run every question and the fuzzy set; returns the metrics."""
    s = settings or get_settings()
    if not has_data(s):
        raise DataMissing("No lab data yet: run `quarry labs ingest` first.")
    timed = asyncio.run(run_cases(load(path), lambda c: _run_case(c, s), label="labs questions", progress=progress))
    results = [t.value for t in timed]
    n_fuzzy, top1, fuzzy_ms, misses = fuzzy_eval(s)
    by_cat: dict[str, list[bool]] = {}
    for r in results:
        by_cat.setdefault(r.category, []).append(r.correct)
    iterations = [r.iterations for r in results]
    simple = [r for r in results if r.category == "simple"]
    max_it = max(1, s.agentic_max_iterations)
    histogram = ", ".join(f"{k}: {v}" for k, v in sorted(Counter(iterations).items()))
    return EvalReport(
        app="labs",
        cases=len(results),
        metrics=[
            Metric(
                name="execution_accuracy",
                label="execution accuracy",
                value=accuracy([r.correct for r in results]),
                target="≥ 85 %",
            ),
            Metric(
                name="fuzzy_top1_accuracy",
                label=f"fuzzy top-1 ({n_fuzzy} script variations)",
                value=top1,
                target="≥ 95 %",
            ),
            *latency_metrics(fuzzy_ms, what="fuzzy search", target="≤ 30 ms"),
            Metric(
                name="iterations_mean",
                label=f"iterations per question (histogram {histogram})",
                value=round(sum(iterations) / len(iterations), 2) if iterations else 0.0,
                unit="number",
                target="≤ 2",
            ),
            Metric(name="iterations_max", label="most iterations", value=max(iterations, default=0), unit="number"),
            Metric(
                name="within_budget_share",
                label=f"within budget (≤ {max_it}, not forced)",
                value=accuracy([r.iterations <= max_it and not r.forced_completion for r in results]),
            ),
            Metric(
                name="simple_within_2_share",
                label="simple term searches in ≤ 2 iterations",
                value=accuracy([r.iterations <= 2 for r in simple]),
            ),
            *latency_metrics([r.latency_ms for r in results], what="end-to-end", target="≤ 1 s"),
        ],
        breakdown={"accuracy by category": {k: accuracy(v) for k, v in by_cat.items()}},
        misses=[
            f"{f.id}: {f.question!r} gold {f.gold_rows} rows, got {f.predicted_rows}"
            + (f" — {f.error}" if f.error else "")
            for f in results
            if not f.correct
        ]
        + [f"fuzzy miss: {m['query']!r} ({m['expected']}) → {m['top1']!r}" for m in misses[:10]],
        results=[r.model_dump(mode="json") for r in results],
        headline="execution_accuracy",
        blind=asyncio.run(blind_figures("labs", graders(s), progress=progress)),
    )
