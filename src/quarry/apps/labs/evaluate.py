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

import json
import re
import time
from collections import Counter
from datetime import date, datetime
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from quarry.db import fetch_all, get_engine
from quarry.errors import BadInput, DataMissing
from quarry.evaluate import percentile
from quarry.progress import Reporter, RichReporter, SilentReporter
from quarry.settings import Settings, get_settings

from .ingest import has_data
from .naming import cyrillic_only, latin_lookalikes, name_catalogue, names_for, strip_accents
from .offline_sql import quote
from .reference import load_analytes
from .tools import search_parameter_names

EVAL_FILE = Path(__file__).parent / "data" / "eval.jsonl"
EVAL_MAX_ROWS = 100_000
_NAMES = re.compile(r"\{\{names:([A-Z0-9]+)\}\}")


class EvalCase(BaseModel):
    """One line of data/eval.jsonl."""

    id: str = Field(description="Stable id, e.g. 'simple-01'.")
    category: str = Field(description="simple | aggregation | join | edge.")
    lang: str = Field(description="Language of the question.")
    question: str = Field(description="The question as a user asks it.")
    gold_sql: str = Field(description="Reference SQL; {{names:CODE}} expands to the analyte's stored names.")


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


class EvalReport(BaseModel):
    """Every metric `quarry labs eval` prints."""

    cases: int
    execution_accuracy: float
    accuracy_by_category: dict[str, float]
    fuzzy_cases: int
    fuzzy_top1_accuracy: float
    fuzzy_p50_ms: float
    fuzzy_p95_ms: float
    iterations_mean: float
    iterations_max: int
    iterations_histogram: dict[int, int]
    within_budget_share: float = Field(description="Share finishing within AGENTIC_MAX_ITERATIONS, not forced.")
    simple_within_2_share: float = Field(description="Share of simple term searches done in <= 2 iterations.")
    latency_p50_ms: float
    latency_p95_ms: float
    max_iterations: int
    failures: list[CaseResult]
    fuzzy_misses: list[dict[str, str]]

    def render(self) -> str:
        lines = [
            f"execution accuracy      {self.execution_accuracy:.1%}  ({self.cases} questions)",
            "  by category           " + ", ".join(f"{k} {v:.0%}" for k, v in self.accuracy_by_category.items()),
            f"fuzzy top-1 accuracy    {self.fuzzy_top1_accuracy:.1%}  ({self.fuzzy_cases} script variations)",
            f"fuzzy search latency    p50 {self.fuzzy_p50_ms:.1f} ms, p95 {self.fuzzy_p95_ms:.1f} ms",
            f"iterations per question mean {self.iterations_mean:.2f}, max {self.iterations_max}, histogram "
            + ", ".join(f"{k}: {v}" for k, v in sorted(self.iterations_histogram.items())),
            f"within budget (<= {self.max_iterations}, not forced) {self.within_budget_share:.1%}",
            f"simple term searches in <= 2 iterations {self.simple_within_2_share:.1%}",
            f"end-to-end latency      p50 {self.latency_p50_ms:.0f} ms, p95 {self.latency_p95_ms:.0f} ms",
        ]
        for f in self.failures:
            lines.append(
                f"  MISS {f.id}: {f.question!r} gold {f.gold_rows} rows, got {f.predicted_rows}"
                f"{' — ' + f.error if f.error else ''}"
            )
        for miss in self.fuzzy_misses[:10]:
            lines.append(f"  fuzzy miss: {miss['query']!r} ({miss['expected']}) → {miss['top1']!r}")
        return "\n".join(lines)


def load_cases(path: Path = EVAL_FILE) -> list[EvalCase]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise BadInput(f"Cannot read the evaluation set {path}: {exc}") from exc
    return [EvalCase.model_validate(json.loads(line)) for line in lines if line.strip()]


def expand_gold(sql: str) -> str:
    """Replace {{names:CODE}} with the analyte's stored names as a SQL list."""

    def names(match: re.Match[str]) -> str:
        found = names_for(match.group(1))
        if not found:
            raise BadInput(f"Unknown analyte code in gold SQL: {match.group(1)}")
        return "(" + ", ".join(quote(n) for n in found) + ")"

    return _NAMES.sub(names, sql)


def _norm(value: Any) -> Any:
    """Comparable form: numbers rounded half-up to 2 decimals (as PostgreSQL's round does),
    dates and timestamps as ISO text whichever side produced them."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int | float | Decimal):
        return str(Decimal(str(value)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, str) and len(value) > 10 and re.match(r"^\d{4}-\d{2}-\d{2}T", value):
        try:
            return datetime.fromisoformat(value).isoformat()
        except ValueError:
            return value
    return value if isinstance(value, str) else str(value)


def _row_key(values: list[Any]) -> tuple[str, ...]:
    # Column order is free: a row is the sorted multiset of its normalised values.
    return tuple(sorted(repr(_norm(v)) for v in values))


def same_results(gold: list[list[Any]], predicted: list[list[Any]]) -> bool:
    """Multiset equality of rows (order of rows and of columns ignored)."""
    return Counter(_row_key(r) for r in gold) == Counter(_row_key(r) for r in predicted)


def _run_case(case: EvalCase, settings: Settings) -> CaseResult:
    from .orchestrator import run

    gold = [list(r.values()) for r in fetch_all(expand_gold(case.gold_sql), engine=get_engine(settings))]
    started = time.perf_counter()
    resp = run(case.question, settings=settings, max_rows=EVAL_MAX_ROWS)
    latency = round((time.perf_counter() - started) * 1000, 2)
    predicted = [[row.get(c) for c in resp.columns] for row in resp.rows] if resp.rows is not None else None
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


def run_eval(
    *,
    settings: Settings | None = None,
    path: Path = EVAL_FILE,
    progress: bool = False,
    reporter: Reporter | None = None,
) -> EvalReport:
    """Run every question and the fuzzy set; returns the metrics."""
    s = settings or get_settings()
    if not has_data(s):
        raise DataMissing("No lab data yet: run `quarry labs ingest` first.")
    cases = load_cases(path)
    rich = RichReporter() if progress and reporter is None else None
    rep: Reporter = reporter or rich or SilentReporter()
    ctx = rich.running() if rich else None
    if ctx:
        ctx.__enter__()
    try:
        rep.phase("questions", total=len(cases))
        results: list[CaseResult] = []
        for case in cases:
            results.append(_run_case(case, s))
            rep.advance()
        rep.phase("fuzzy variations", total=None)
        n_fuzzy, top1, fuzzy_ms, misses = fuzzy_eval(s)
    finally:
        if ctx:
            ctx.__exit__(None, None, None)
    by_cat: dict[str, list[bool]] = {}
    for r in results:
        by_cat.setdefault(r.category, []).append(r.correct)
    iterations = [r.iterations for r in results]
    simple = [r for r in results if r.category == "simple"]
    max_it = max(1, s.agentic_max_iterations)
    return EvalReport(
        cases=len(results),
        execution_accuracy=sum(r.correct for r in results) / len(results) if results else 0.0,
        accuracy_by_category={k: sum(v) / len(v) for k, v in by_cat.items()},
        fuzzy_cases=n_fuzzy,
        fuzzy_top1_accuracy=top1,
        fuzzy_p50_ms=round(percentile(fuzzy_ms, 50), 2),
        fuzzy_p95_ms=round(percentile(fuzzy_ms, 95), 2),
        iterations_mean=round(sum(iterations) / len(iterations), 2) if iterations else 0.0,
        iterations_max=max(iterations, default=0),
        iterations_histogram=dict(Counter(iterations)),
        within_budget_share=(
            sum(1 for r in results if r.iterations <= max_it and not r.forced_completion) / len(results)
        )
        if results
        else 0.0,
        simple_within_2_share=(sum(1 for r in simple if r.iterations <= 2) / len(simple)) if simple else 0.0,
        latency_p50_ms=round(percentile([r.latency_ms for r in results], 50), 2),
        latency_p95_ms=round(percentile([r.latency_ms for r in results], 95), 2),
        max_iterations=max_it,
        failures=[r for r in results if not r.correct],
        fuzzy_misses=misses,
    )
