"""HTTP load: req/s, p50/p95/p99 and CPU per request of every app's turn at concurrency 1, 8 and 32.

Bounded and loopback only: starts `quarry serve --no-ui --host 127.0.0.1` on its own state
folder (bundled data prepared first with `quarry demo --setup-only`), with offline models and
the rate limits raised so it measures throughput, not the limiter. It sends a fixed number of
requests per app and level, cycling through the app's ten messages in `bench/prompts_load.toml`
(written for the bench, none of them an eval or blind prompt: checked at start), prints a table
and stops the server. labs and a tenant's leasing questions need a key: the bench makes a
clinician and a tenant key in its state folder and revokes them at the end. Every request is a
new conversation (shop gets a fresh `chat_id` each time). CPU per request (the server's workers,
and the embedded Postgres) is read from /proc: on a machine other work shares, it is the figure
that compares runs.
    uv run python bench/bench_load.py [--requests 200] [--workers N] [--levels 1,8,32] [--apps comps,labs]
    uv run python bench/bench_load.py --workers 2 --levels 8 --requests 400   # the README's table
"""

from __future__ import annotations

import argparse
import asyncio
import glob
import json
import os
import signal
import socket
import subprocess
import sys
import time
import tomllib
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
QUARRY = [sys.executable, "-m", "quarry.cli"]
MESSAGES = Path(__file__).with_name("prompts_load.toml")
EVAL_SETS = ("src/quarry/apps/*/data/**/*.jsonl", "evals/**/*.jsonl")
TARGET = "every app ≥ 60 req/s at concurrency 8 with p95 ≤ 250 ms and zero errors, on 2 workers (issue 18)"
Body = dict[str, Any]


@dataclass(frozen=True)
class AppLoad:
    """How the bench speaks to one app's turn."""

    path: str
    """The turn's HTTP route."""
    body: Callable[[str], Body]
    """The request body of one message (a new conversation each time)."""
    key_role: str | None = None
    """The role of the key sent as `Authorization: Bearer` (None: anonymous)."""
    failed: Callable[[Body], bool] = lambda _answer: False
    """True when a 200 answer is the app's own failure (counted apart from HTTP errors)."""


APPS: dict[str, AppLoad] = {
    "comps": AppLoad("/api/comps/search", lambda m: {"query": m}),
    "labs": AppLoad(
        "/api/sql/generate",
        lambda m: {"question": m, "execute": True},
        key_role="clinician",
        failed=lambda answer: answer.get("status") == "error",
    ),
    "archive": AppLoad("/api/archive/search", lambda m: {"message": m}),
    "shop": AppLoad("/chat", lambda m: {"chat_id": uuid.uuid4().hex, "messages": [{"type": "text", "content": m}]}),
    # A tenant key: prospect searches need none, lease questions, renewals and tickets do.
    "leasing": AppLoad("/api/leasing/message", lambda m: {"text": m}, key_role="tenant"),
}
KEY_OPTIONS = {"clinician": ["--role", "clinician"], "tenant": ["--role", "tenant", "--tenant-id", "T-004"]}


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def load_messages(apps: list[str]) -> dict[str, list[str]]:
    """Each app's bench messages; SystemExit if one of them is a prompt of an eval or blind set."""
    table = tomllib.loads(MESSAGES.read_text(encoding="utf-8"))
    messages = {app: [str(m) for m in table[app]["messages"]] for app in apps}
    ours = {m.casefold().strip() for ms in messages.values() for m in ms}
    for pattern in EVAL_SETS:
        for name in glob.glob(str(ROOT / pattern), recursive=True):
            for line in Path(name).read_text(encoding="utf-8").splitlines():
                if not line.strip():
                    continue
                taken = [s for s in _strings(json.loads(line)) if s.casefold().strip() in ours]
                if taken:
                    raise SystemExit(f"{MESSAGES.name}: {taken[0]!r} is an eval prompt ({name})")
    return messages


@dataclass
class Level:
    """Figures of one app at one concurrency."""

    app: str
    concurrency: int
    seconds: float = 0.0
    ms: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    failed: int = 0
    """200 answers the app marks as its own failure (labs: status "error")."""
    server_cpu_s: float | None = None
    """CPU seconds the server's processes (all workers) used during the timed requests."""
    db_cpu_s: float | None = None
    """CPU seconds the embedded Postgres (postmaster and backends) used meanwhile."""
    client_cpu_s: float = 0.0
    """CPU seconds this load generator used meanwhile: it shares the machine's cores with the server."""

    def per_request_ms(self, seconds: float | None) -> float:
        return float("nan") if seconds is None or not self.ms else seconds * 1000 / len(self.ms)

    def pct(self, q: float) -> float:
        if not self.ms:
            return float("nan")
        s = sorted(self.ms)
        return s[min(len(s) - 1, max(0, round(q / 100 * len(s) + 0.5) - 1))]


CpuProbe = Callable[[], tuple[float | None, float | None]]
"""(server CPU seconds, database CPU seconds) so far."""


async def _level(
    base: str,
    app: str,
    messages: list[str],
    concurrency: int,
    requests: int,
    headers: dict[str, str],
    cpu: CpuProbe,
) -> Level:
    load = APPS[app]
    out = Level(app, concurrency)
    queue: asyncio.Queue[int] = asyncio.Queue()
    for i in range(requests):
        queue.put_nowait(i)
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits, headers=headers) as client:

        async def worker() -> None:
            while not queue.empty():
                i = queue.get_nowait()
                body = load.body(messages[i % len(messages)])
                started = time.perf_counter()
                try:
                    r = await client.post(load.path, json=body)
                    ok, key = r.status_code == 200, str(r.status_code)
                except httpx.HTTPError as exc:
                    r, ok, key = None, False, type(exc).__name__
                took = (time.perf_counter() - started) * 1000
                if ok and r is not None:
                    out.ms.append(took)
                    out.failed += load.failed(r.json())
                else:
                    out.errors[key] = out.errors.get(key, 0) + 1

        # Warm-up, not timed: every message twice, `concurrency` at a time, so that each worker (the
        # kernel spreads the connections over them) has answered some before timing starts.
        for _ in range(2):
            for r in await asyncio.gather(*(client.post(load.path, json=load.body(m)) for m in messages)):
                if r.status_code != 200:
                    raise SystemExit(f"{app} warm-up: {r.status_code} {r.text[:300]}")
        before, own = cpu(), time.process_time()
        started = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        out.seconds = time.perf_counter() - started
        after, out.client_cpu_s = cpu(), time.process_time() - own
    out.server_cpu_s, out.db_cpu_s = (
        None if a is None or b is None else b - a for a, b in zip(before, after, strict=True)
    )
    return out


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _cpu_s(server: int, postmaster: int | None) -> tuple[float | None, float | None]:
    """CPU seconds (user + system) so far of the server's process group and of the embedded
    Postgres (the postmaster, its live backends, and through the postmaster's reaped-children
    time the backends that ended), from /proc; None where there is no /proc. CPU per request is
    what stays comparable on a machine shared with other work, where req/s does not."""
    proc = Path("/proc")
    if not proc.is_dir():
        return None, None
    stats: dict[int, list[str]] = {}
    for entry in proc.iterdir():
        if entry.name.isdigit():
            try:
                stats[int(entry.name)] = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue  # ended meanwhile
    ticks = os.sysconf("SC_CLK_TCK")

    def used(fields: list[str], *, reaped: bool = False) -> int:
        return sum(int(f) for f in fields[11 : 15 if reaped else 13])

    db_pids = {pid for pid, f in stats.items() if postmaster is not None and postmaster in (pid, int(f[1]))}
    db = sum(used(stats[pid], reaped=pid == postmaster) for pid in db_pids)
    own = sum(used(f) for pid, f in stats.items() if int(f[2]) == server and pid not in db_pids)
    return own / ticks, (db / ticks if db_pids else None)


def _postmaster(state: Path) -> int | None:
    try:
        return int((state / "pgdata" / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


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


def _make_keys(roles: set[str], env: dict[str, str]) -> dict[str, dict[str, str]]:
    """role → {key, id}: one new key per role, in the bench's own state folder."""
    made: dict[str, dict[str, str]] = {}
    for role in sorted(roles):
        cmd = [*QUARRY, "auth", "create-key", *KEY_OPTIONS[role], "--name", "bench_load", "--json"]
        out = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True).stdout
        made[role] = json.loads(out.strip().splitlines()[-1])
    return made


def _revoke_keys(keys: dict[str, dict[str, str]], env: dict[str, str]) -> None:
    for info in keys.values():
        subprocess.run([*QUARRY, "auth", "revoke", info["id"]], env=env, check=False, capture_output=True)


def _print(results: list[Level], requests: int, workers: int | None) -> None:
    load = os.getloadavg()
    print(f"\n{requests} requests per app and level, workers={workers or 'default'}, "
          f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")  # fmt: skip
    print(
        f"{'app':8} {'conc':>4} {'req/s':>7} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'errors':>7} {'failed':>7}"
        f" {'cpu ms/req':>10} {'db ms/req':>9} {'bench ms/req':>12}"
    )
    for r in results:
        n_err = sum(r.errors.values())
        rps = len(r.ms) / r.seconds if r.seconds else 0.0
        detail = f" {r.errors}" if n_err else ""
        print(
            f"{r.app:8} {r.concurrency:>4} {rps:7.1f} {r.pct(50):8.0f} {r.pct(95):8.0f} {r.pct(99):8.0f}"
            f" {n_err:>7} {r.failed:>7} {r.per_request_ms(r.server_cpu_s):10.1f} {r.per_request_ms(r.db_cpu_s):9.1f}"
            f" {r.per_request_ms(r.client_cpu_s):12.1f}{detail}"
        )
    print(
        "cpu ms/req: the server's workers; db ms/req: the embedded Postgres; bench ms/req: this load generator"
        " (CPU per answered request)"
    )
    print(f"target: {TARGET}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--requests", type=int, default=200, help="requests per app and level")
    ap.add_argument("--levels", default="1,8,32")
    ap.add_argument("--apps", default=",".join(APPS), help="comma-separated, of: " + ", ".join(APPS))
    ap.add_argument("--workers", type=int, default=None, help="server workers (default: one per core)")
    ap.add_argument("--state", type=Path, default=Path(os.environ.get("STATE_DIR", ROOT / ".quarry" / "bench-load")))
    a = ap.parse_args()
    levels = [int(x) for x in a.levels.split(",")]
    apps = [x for x in a.apps.split(",") if x]
    unknown = sorted(set(apps) - set(APPS))
    if unknown:
        raise SystemExit(f"unknown app(s): {', '.join(unknown)}")
    messages = load_messages(apps)
    port = _free_port()
    env = {
        **os.environ,
        "STATE_DIR": str(a.state),
        "QUARRY_ENV_FILE": "",  # no .env: these settings decide
        "LLM_PROVIDER": "offline",
        "RATE_LIMIT_PER_MINUTE": "100000000",
        "LABS_RATE_LIMIT_PER_MINUTE": "100000000",
    }
    print(f"preparing bundled data in {a.state} …", flush=True)
    subprocess.run([*QUARRY, "demo", "--setup-only"], env=env, check=True, stdout=subprocess.DEVNULL)
    keys = _make_keys({r for app in apps if (r := APPS[app].key_role)}, env)
    cmd = [*QUARRY, "serve", "--no-ui", "--host", "127.0.0.1", "--port", str(port)]
    if a.workers:
        cmd += ["--workers", str(a.workers)]
    log = (a.state / "bench-load-serve.log").open("wb")  # a file, not a pipe nobody reads: logs never block
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=log, start_new_session=True)
    base = f"http://127.0.0.1:{port}"

    def cpu() -> tuple[float | None, float | None]:
        return _cpu_s(proc.pid, _postmaster(a.state))

    results: list[Level] = []
    try:
        _wait_ready(base, proc)
        for app in apps:
            role = APPS[app].key_role
            headers = {"Authorization": f"Bearer {keys[role]['key']}"} if role else {}
            for c in levels:
                results.append(asyncio.run(_level(base, app, messages[app], c, a.requests, headers, cpu)))
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
        log.close()
        _revoke_keys(keys, env)
    _print(results, a.requests, a.workers)


if __name__ == "__main__":
    main()
