"""labs total timeout: how long a question takes to give up when the model stalls (budget: 5 s).

`agentic_timeout_ms` is 300 and the model blocks 1 s per turn, so every answer is the timeout
message; the figure is the wall time per question (about 1 s here: the blocked turn ends first).
Uses the labs test database (`quarry_labs_test`, loaded once) on the server in use.
    uv run python bench/bench_labs_timeout.py [--runs 5]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository: tests/ holds the labs test helpers

import argparse
import asyncio
import statistics
import time

from pydantic_ai.messages import ModelMessage, ModelResponse
from pydantic_ai.models.function import AgentInfo, FunctionModel
from tests.labs_support import final_call, load_test_data

from quarry.apps.labs.orchestrator import run

BUDGET_S = 5.0


def stalled(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
    """A model that takes 1 s per turn: the 300 ms budget runs out first."""
    time.sleep(1.0)
    return final_call(info, "SELECT count(*) AS results FROM lab_results")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    settings = load_test_data()[0].model_copy(update={"agentic_timeout_ms": 300})
    model = FunctionModel(stalled, model_name="stalled")
    took = []
    for _ in range(args.runs):
        started = time.perf_counter()
        resp = asyncio.run(run("холестерин", settings=settings, models={"sql": model}))
        took.append(time.perf_counter() - started)
        assert resp.timeout, "expected the timeout answer"
    median, worst = statistics.median(took), max(took)
    print(f"labs timeout (300 ms budget, model stalls 1 s): {args.runs} questions")
    print(f"  seconds to answer: median {median:.2f}  max {worst:.2f}  (budget {BUDGET_S:.0f})")
    print("  within budget" if worst < BUDGET_S else "  OVER BUDGET")


if __name__ == "__main__":
    main()
