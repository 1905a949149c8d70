"""leasing latency: MatchRank per 1k units and the whole turn, at the demo size and at N units.

    uv run python bench/bench_leasing.py                    # 1,200 (demo) and 10,000 units
    uv run python bench/bench_leasing.py --sizes 10000 100000

The demo size reads the main database (the bundled data). Other sizes use the benchmark database
of `quarry leasing ingest --scale N` (`quarry_leasing_bench_N`), written here when its unit count
differs. Specs are the 40 labelled needs messages (`data/eval/needs.jsonl`); each runs through
`match_rank` (SQL filters + §C score + closest/relaxations when nothing matches) and as a whole
turn through `orchestrator.run` (offline models, routing, NeedsAgent, MatchRank, TourClose,
session save, audit). Issue targets: MatchRank <= 1 ms per 1k units, whole turn p95 <= 300 ms
at 10k units. Prints p50/p95 client-side wall time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
from datetime import datetime

from quarry.apps.leasing.evaluate import EVAL_DIR
from quarry.apps.leasing.match import Weights, match_rank
from quarry.apps.leasing.needs import parse_needs
from quarry.apps.leasing.orchestrator import run
from quarry.apps.leasing.scale import bench_settings, scale_ingest
from quarry.apps.leasing.setup import prepare
from quarry.apps.leasing.when import NY
from quarry.db import get_database
from quarry.evaluate import percentile
from quarry.progress import SilentReporter
from quarry.settings import Settings, get_settings

NOW = datetime(2026, 11, 23, 9, 0, tzinfo=NY)
DEMO = 1200
NO_MATCH = (
    "1,800 sf in Tribeca under $1,000 a month",
    "5,000 sf in SoHo under $2,000 a month, pet-friendly",
    "900 sf in Midtown under $300 a month",
)
"""Specs nothing matches at any size: the closest + relaxations path is timed even when every
labelled message has exact matches (at 100,000 units they all do)."""


def _settings_for(n: int) -> Settings:
    base = get_settings()
    if n == DEMO:
        prepare(get_database(base), base, SilentReporter())
        return base
    s = bench_settings(n, base)
    db = get_database(s)
    # Two statements: Postgres resolves the table of a subquery even in a CASE branch never taken.
    exists = db.scalar("SELECT to_regclass('leasing_units') IS NOT NULL")
    have = db.scalar("SELECT count(*) FROM leasing_units") if exists else 0
    if have != n:
        print(f"  writing {n:,} units into the benchmark database ...")
        scale_ingest(n, settings=base)
    return s


def bench(n: int, texts: list[str], rounds: int) -> None:
    s = _settings_for(n)
    db = get_database(s)
    units = int(db.scalar("SELECT count(*) FROM leasing_units"))
    specs = [parse_needs(t) for t in texts]
    w = Weights.from_settings(s)
    for spec in specs:  # warm the plan cache and buffers
        match_rank(db, spec, w)
    perfect: list[float] = []
    closest: list[float] = []
    for _ in range(rounds):
        for spec in specs:
            t0 = time.perf_counter()
            m = match_rank(db, spec, w, top_n=s.leasing_top_n)
            (perfect if m.perfect else closest).append((time.perf_counter() - t0) * 1000)
    every = perfect + closest
    no_match: list[float] = []
    per_spec: dict[str, list[float]] = {}
    for _ in range(rounds):
        for text in NO_MATCH:
            t0 = time.perf_counter()
            m = match_rank(db, parse_needs(text), w, top_n=s.leasing_top_n)
            assert not m.perfect, text
            no_match.append((time.perf_counter() - t0) * 1000)
            per_spec.setdefault(text, []).append(no_match[-1])

    stages: dict[str, list[float]] = {}

    async def turns() -> list[float]:
        out = []
        for t in texts:
            t0 = time.perf_counter()
            resp = await run(t, settings=s, clock=lambda: NOW)
            out.append((time.perf_counter() - t0) * 1000)
            for step in resp.trace:
                stages.setdefault(step.step, []).append(step.ms)
        return out

    asyncio.run(turns())  # warm-up (routing examples, sessions table)
    stages.clear()
    turn_ms = [x for _ in range(rounds) for x in asyncio.run(turns())]
    per_1k = percentile(perfect, 50) / (units / 1000) if perfect else float("nan")
    print(f"{units:>8,} units | MatchRank p50 {percentile(every, 50):6.2f} ms  p95 {percentile(every, 95):6.2f} ms"
          f" | exact-match path p50 {percentile(perfect, 50):6.2f} ms ({per_1k:.2f} ms per 1k units)"
          f" | closest+relaxations p50 {percentile(closest, 50) if closest else float('nan'):6.2f} ms"
          f" | whole turn p50 {percentile(turn_ms, 50):6.1f} ms  p95 {percentile(turn_ms, 95):6.1f} ms")  # fmt: skip
    nm50, nm95 = percentile(no_match, 50), percentile(no_match, 95)
    print(f"           no-match specs ({len(NO_MATCH)}): closest+relaxations p50 {nm50:.1f} ms p95 {nm95:.1f} ms"
          f" ({nm50 / (units / 1000):.2f} ms per 1k units); per spec, ms per 1k: "
          + ", ".join(f"{percentile(ms, 50) / (units / 1000):.2f}" for ms in per_spec.values()))  # fmt: skip
    print("           per stage (trace ms, p50/p95): " + ", ".join(
        f"{name} {percentile(ms, 50):.1f}/{percentile(ms, 95):.1f}" for name, ms in stages.items()))  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[DEMO, 10_000])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    lines = (EVAL_DIR / "needs.jsonl").read_text(encoding="utf-8").splitlines()
    texts = [json.loads(line)["text"] for line in lines if line.strip()]
    print(f"{len(texts)} labelled needs messages, {args.rounds} rounds each")
    for n in args.sizes:
        bench(n, texts, args.rounds)


if __name__ == "__main__":
    main()
