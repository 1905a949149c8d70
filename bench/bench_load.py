"""HTTP load: req/s and p50/p95/p99 of comps and labs at concurrency 1, 8 and 32.

Bounded and loopback only: starts `quarry serve --host 127.0.0.1` on its own state folder
(bundled data prepared first with `quarry demo --setup-only`), sends a fixed number of
requests per level cycling through 10 realistic prompts per app, prints a table and stops
the server. Labs's rate limit is raised for the run so it measures throughput, not the limiter.
    uv run python bench/bench_load.py [--requests 200] [--workers N] [--levels 1,8,32]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
QUARRY = [sys.executable, "-m", "quarry.cli"]
TARGET = "comps ≥ 40 req/s at concurrency 8, p95 ≤ 400 ms, zero errors (issue 10)"


def _prompts(path: Path, key: str, n: int = 10) -> list[str]:
    """The first `n` distinct opening prompts of an app's eval set (realistic, varied)."""
    out: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        case = json.loads(line)
        text = case["turns"][0] if key == "turns" else case[key]
        if text not in out:
            out.append(text)
        if len(out) == n:
            break
    return out


APPS: dict[str, tuple[str, list[dict[str, object]]]] = {
    "comps": (
        "/api/comps/search",
        [{"query": q} for q in _prompts(ROOT / "src/quarry/apps/comps/data/eval.jsonl", "turns")],
    ),
    "labs": (
        "/api/sql/generate",
        [{"question": q, "execute": True} for q in _prompts(ROOT / "src/quarry/apps/labs/data/eval.jsonl", "question")],
    ),
}


@dataclass
class Level:
    """Figures of one app at one concurrency."""

    app: str
    concurrency: int
    seconds: float = 0.0
    ms: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)

    def pct(self, q: float) -> float:
        if not self.ms:
            return float("nan")
        s = sorted(self.ms)
        return s[min(len(s) - 1, max(0, round(q / 100 * len(s) + 0.5) - 1))]


async def _level(base: str, app: str, concurrency: int, requests: int) -> Level:
    path, bodies = APPS[app]
    out = Level(app, concurrency)
    queue: asyncio.Queue[int] = asyncio.Queue()
    for i in range(requests):
        queue.put_nowait(i)
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as client:

        async def worker() -> None:
            while not queue.empty():
                i = queue.get_nowait()
                started = time.perf_counter()
                try:
                    r = await client.post(path, json=bodies[i % len(bodies)])
                    ok = r.status_code == 200
                    key = str(r.status_code)
                except httpx.HTTPError as exc:
                    ok, key = False, type(exc).__name__
                took = (time.perf_counter() - started) * 1000
                if ok:
                    out.ms.append(took)
                else:
                    out.errors[key] = out.errors.get(key, 0) + 1

        for body in bodies:  # warm-up, not timed: plans, caches, first embedding
            await client.post(path, json=body)
        started = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        out.seconds = time.perf_counter() - started
    return out


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_ready(base: str, proc: subprocess.Popen[bytes], limit: float = 180) -> None:
    started = time.perf_counter()
    while time.perf_counter() - started < limit:
        if proc.poll() is not None:
            raise SystemExit(f"quarry serve exited with {proc.returncode}")
        try:
            if httpx.get(f"{base}/healthz", timeout=2).status_code < 500:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.5)
    raise SystemExit(f"server not ready after {limit:.0f} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--requests", type=int, default=200, help="requests per app and level")
    ap.add_argument("--levels", default="1,8,32")
    ap.add_argument("--apps", default="comps,labs")
    ap.add_argument("--workers", type=int, default=None, help="server workers (default: one per core)")
    ap.add_argument("--state", type=Path, default=Path(os.environ.get("STATE_DIR", ROOT / ".quarry" / "bench-load")))
    a = ap.parse_args()
    levels = [int(x) for x in a.levels.split(",")]
    apps = [x for x in a.apps.split(",") if x]
    port = _free_port()
    env = {**os.environ, "STATE_DIR": str(a.state), "LABS_RATE_LIMIT_PER_MINUTE": "100000000"}
    print(f"preparing bundled data in {a.state} …", flush=True)
    subprocess.run([*QUARRY, "demo", "--setup-only"], env=env, check=True, stdout=subprocess.DEVNULL)
    cmd = [*QUARRY, "serve", "--no-ui", "--host", "127.0.0.1", "--port", str(port)]
    if a.workers:
        cmd += ["--workers", str(a.workers)]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_ready(base, proc)
        results = [asyncio.run(_level(base, app, c, a.requests)) for app in apps for c in levels]
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
    load = os.getloadavg()
    print(f"\n{a.requests} requests per app and level, workers={a.workers or 'default'}, "
          f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")  # fmt: skip
    print(f"{'app':6} {'conc':>4} {'req/s':>7} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'errors':>7}")
    for r in results:
        n_err = sum(r.errors.values())
        rps = len(r.ms) / r.seconds if r.seconds else 0.0
        detail = f" {r.errors}" if n_err else ""
        print(
            f"{r.app:6} {r.concurrency:>4} {rps:7.1f} {r.pct(50):8.0f} {r.pct(95):8.0f} {r.pct(99):8.0f}"
            f" {n_err:>7}{detail}"
        )
    print(f"target: {TARGET}")


if __name__ == "__main__":
    main()
