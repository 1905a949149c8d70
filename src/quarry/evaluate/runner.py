"""One eval runner and one report model for every app.

An app's eval reads its labelled cases (`load_cases`), answers each through the real
pipeline (`run_cases`: progress bar, per-case latency), scores them with its own rules and
returns an `EvalReport`: named metrics, breakdowns, misses and the per-case results.
`quarry <app> eval` prints `render()`, or the JSON with `--json`.
"""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Generic, Literal, TypeVar

from pydantic import BaseModel, Field, ValidationError

from quarry.errors import BadInput
from quarry.evaluate.blind import BlindFigures
from quarry.evaluate.metrics import percentile
from quarry.progress import RichReporter, SilentReporter

CaseT = TypeVar("CaseT", bound=BaseModel)
R = TypeVar("R")
Unit = Literal["share", "ms", "number"]


class Metric(BaseModel):
    """One figure of an eval report."""

    name: str = Field(description="Stable key, e.g. 'execution_accuracy'.")
    label: str = Field(description="What it measures, in words.")
    value: float
    unit: Unit = Field("share", description="share (0–1, shown as %), ms, or a plain number.")
    target: str | None = Field(None, description="The goal, in words (e.g. '≥ 85 %').")

    def shown(self) -> str:
        if self.unit == "share":
            return f"{self.value:.1%}"
        if self.unit == "ms":
            return f"{self.value:.0f} ms"
        return f"{self.value:.2f}".rstrip("0").rstrip(".")


class EvalReport(BaseModel):
    """Every figure an app's eval prints, the same shape for all apps."""

    app: str
    cases: int = Field(description="Labelled cases run.")
    metrics: list[Metric]
    breakdown: dict[str, dict[str, float]] = Field(
        default_factory=dict, description="Shares by group, e.g. accuracy by category."
    )
    misses: list[str] = Field(default_factory=list, description="One line per failed case.")
    results: list[dict[str, Any]] = Field(default_factory=list, description="Per-case outcome.")
    headline: str | None = Field(
        None, description="The in-sample metric comparable with the blind accuracy (messages answered right)."
    )
    blind: list[BlindFigures] = Field(
        default_factory=list, description="The same app on sets written by someone who never saw the code."
    )

    def metric(self, name: str) -> float:
        """Value of metric `name` (KeyError when the report has none)."""
        for m in self.metrics:
            if m.name == name:
                return m.value
        raise KeyError(name)

    def render(self) -> str:
        width = max((len(m.label) for m in self.metrics), default=0)
        lines = [f"{self.app} eval: {self.cases} cases"]
        for m in self.metrics:
            goal = f"   (target {m.target})" if m.target else ""
            lines.append(f"  {m.label:<{width}}  {m.shown():>9}{goal}")
        for group, shares in self.breakdown.items():
            lines.append(f"  {group}: " + ", ".join(f"{k} {v:.0%}" for k, v in shares.items()))
        if self.misses:
            lines.append("  misses:")
            lines.extend(f"    {m}" for m in self.misses)
        lines.extend(self._blind_lines())
        return "\n".join(lines)

    def _blind_lines(self) -> list[str]:
        if not self.blind:
            return []
        own = f"{self.metric(self.headline):.1%}" if self.headline else "—"
        lines = ["", f"  {'answers right':<24} {'in-sample':>10}" + "".join(f" {b.set:>16}" for b in self.blind)]
        row = f"  {'all messages':<24} {own:>10}"
        lines.append(row + "".join(f" {f'{b.accuracy:.1%} ({b.right}/{b.cases})':>16}" for b in self.blind))
        groups = sorted({g for b in self.blind for g in b.by_group})
        for g in groups:
            cells = []
            for b in self.blind:
                right, n = b.by_group.get(g, (0, 0))
                cells.append(f" {f'{right / n:.0%} ({right}/{n})' if n else '—':>16}")
            lines.append(f"  {g:<24} {'':>10}" + "".join(cells))
        for b in self.blind:
            if b.misses:
                lines.append(f"  blind misses ({b.set}):")
                lines.extend(f"    {m}" for m in b.misses)
        return lines


def load_cases(source: Path | Traversable, model: type[CaseT]) -> list[CaseT]:
    """Cases from a JSON-lines file; a bad line is a BadInput naming the file and line."""
    try:
        text = source.read_text(encoding="utf-8")
    except OSError as exc:
        raise BadInput(f"Cannot read the evaluation set {source}: {exc}") from exc
    cases: list[CaseT] = []
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            cases.append(model.model_validate(json.loads(line)))
        except (ValueError, ValidationError) as exc:
            raise BadInput(f"{source}:{n}: not a valid case: {exc}") from exc
    return cases


@dataclass(frozen=True)
class Timed(Generic[R]):
    """One case's outcome and how long it took."""

    case: Any
    value: R
    ms: float


async def run_cases(
    cases: Sequence[CaseT], answer: Callable[[CaseT], Awaitable[R]], *, label: str, progress: bool
) -> list[Timed[R]]:
    """Answer every case in order, with a progress bar on stderr when `progress`."""
    rep = RichReporter() if progress else SilentReporter()
    out: list[Timed[R]] = []
    with rep.running():
        rep.phase(label, total=len(cases))
        for case in cases:
            started = time.perf_counter()
            value = await answer(case)
            out.append(Timed(case, value, round((time.perf_counter() - started) * 1000, 2)))
            rep.advance()
    return out


def latency_metrics(ms: Sequence[float], *, what: str = "latency", target: str | None = None) -> list[Metric]:
    """p50 and p95 of `ms` as two metrics."""
    return [
        Metric(name=f"{what}_p50_ms", label=f"{what} p50", value=round(percentile(ms, 50), 1), unit="ms"),
        Metric(
            name=f"{what}_p95_ms", label=f"{what} p95", value=round(percentile(ms, 95), 1), unit="ms", target=target
        ),
    ]
