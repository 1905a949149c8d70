"""Blind evaluation: every app judged on messages written by someone who never saw its code.

A blind set is a JSON-lines file under `evals/blind/<app>/` in the repository, written from
the seed, the README and the database alone and labelled with SQL (see `evals/README.md`).
Each app gives a grader: one labelled record in, one `BlindVerdict` out (answered through the
real pipeline, judged against the label's SQL or structured fields). The core loads the sets,
runs the grader with a progress bar and sums the verdicts into `BlindFigures`, which
`EvalReport` prints beside the in-sample figures; CI gates on floors of these (`floors.json`).

Sets are evidence, not training data: a set's file is never edited to match the product, and
understanding code never reads it (an import-linter contract keeps `quarry.evaluate` out of
the apps' parsers).
"""

from __future__ import annotations

import json
import os
from collections import defaultdict
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from quarry.errors import BadInput
from quarry.progress import RichReporter, SilentReporter


class BlindVerdict(BaseModel):
    """How one blind record was answered."""

    id: str
    right: bool
    group: str = Field("all", description="Breakdown key, e.g. the language or the kind of question.")
    why: str = Field("", description="For a miss: what differed, in a few words.")
    error: str | None = Field(None, description="The error a record raised instead of an answer.")


class BlindFigures(BaseModel):
    """One blind set's result."""

    set: str = Field(description="File stem, e.g. 'round1' or 'hazards_round1'.")
    cases: int
    right: int
    by_group: dict[str, tuple[int, int]] = Field(default_factory=dict, description="group → (right, cases).")
    misses: list[str] = Field(default_factory=list)

    @property
    def accuracy(self) -> float:
        return self.right / self.cases if self.cases else 0.0


def evals_dir() -> Path:
    """The repository's `evals/` folder (`EVALS_DIR` overrides, e.g. for an installed package)."""
    override = os.environ.get("EVALS_DIR")
    return Path(override) if override else Path(__file__).resolve().parents[3] / "evals"


def blind_sets(app: str, *, prefix: str = "round") -> list[Path]:
    """The app's blind sets whose file names start with `prefix`, oldest first."""
    folder = evals_dir() / "blind" / app
    return sorted(folder.glob(f"{prefix}*.jsonl")) if folder.is_dir() else []


def read_records(path: Path) -> list[dict[str, Any]]:
    """A blind set's records; a bad line is a BadInput naming the file and line."""
    records: list[dict[str, Any]] = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError as exc:
            raise BadInput(f"{path}:{n}: not JSON: {exc}") from exc
        if not isinstance(record, dict) or "id" not in record:
            raise BadInput(f"{path}:{n}: a record needs an 'id'")
        records.append(record)
    return records


Grader = Callable[[dict[str, Any]], Awaitable[BlindVerdict]]


async def grade_set(path: Path, grade: Grader, *, progress: bool) -> BlindFigures:
    """Every record of one set through `grade`. A record that raises counts as a miss with its error,
    so one broken answer cannot hide the figure."""
    records = read_records(path)
    rep = RichReporter() if progress else SilentReporter()
    verdicts: list[BlindVerdict] = []
    with rep.running():
        rep.phase(f"blind {path.parent.name}/{path.stem}", total=len(records))
        for record in records:
            try:
                verdicts.append(await grade(record))
            except Exception as exc:
                verdicts.append(BlindVerdict(id=str(record["id"]), right=False, why="raised", error=type(exc).__name__))
            rep.advance()
    return summarise(path.stem, verdicts)


def summarise(name: str, verdicts: Sequence[BlindVerdict]) -> BlindFigures:
    groups: dict[str, list[bool]] = defaultdict(list)
    for v in verdicts:
        groups[v.group].append(v.right)
    return BlindFigures(
        set=name,
        cases=len(verdicts),
        right=sum(v.right for v in verdicts),
        by_group={g: (sum(r), len(r)) for g, r in sorted(groups.items())},
        misses=[f"{v.id}: {v.error or v.why}" for v in verdicts if not v.right],
    )


GraderSets = list[tuple[str, Grader]]
"""(file-name prefix, grader) pairs: every blind set of the app whose name starts with the prefix,
graded by the first pair that has it."""


async def blind_figures(app: str, graders: GraderSets, *, progress: bool) -> list[BlindFigures]:
    """Every blind set of `app`, each through the grader of its prefix."""
    out: list[BlindFigures] = []
    graded: set[Path] = set()
    for prefix, grade in graders:
        for path in blind_sets(app, prefix=prefix):
            if path in graded:
                continue  # an earlier, narrower prefix had it ("round2" before "round")
            graded.add(path)
            out.append(await grade_set(path, grade, progress=progress))
    return out


Floor = float | dict[str, float]


def floors() -> dict[str, dict[str, Floor]]:
    """CI's floors (`evals/blind/floors.json`): app → set → the lowest accepted accuracy, or
    group → lowest share ("all" for the whole set), e.g. every hazard P0."""
    path = evals_dir() / "blind" / "floors.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def below_floor(figures: BlindFigures, floor: Floor) -> list[str]:
    """What falls short of `floor`, in words (empty when nothing does)."""
    wanted = {"all": floor} if isinstance(floor, float | int) else dict(floor)
    short: list[str] = []
    for group, least in wanted.items():
        right, n = (figures.right, figures.cases) if group == "all" else figures.by_group.get(group, (0, 0))
        share = right / n if n else 0.0
        if share < least:
            short.append(f"{figures.set} {group}: {share:.1%} ({right}/{n}) < {least:.1%}")
    return short
