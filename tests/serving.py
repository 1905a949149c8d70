"""A real `quarry serve` in a subprocess for tests that need the whole server (workers, UI, crashes)."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def get_json(url: str, timeout: float = 20) -> tuple[int, dict[str, object], dict[str, str]]:
    """(status, JSON body, lower-cased headers) of a GET, error statuses included."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:
            return resp.status, json.loads(resp.read()), {k.lower(): v for k, v in resp.headers.items()}
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read() or b"{}"), {k.lower(): v for k, v in err.headers.items()}


@contextmanager
def served(env: dict[str, str], log: Path, *args: str, start_timeout_s: float = 180) -> Iterator[str]:
    """`quarry serve --host 127.0.0.1 --port <free> *args` until /healthz answers; yields its base URL.

    The server's output goes to `log` (shown when it fails to start); it is stopped with SIGTERM.
    """
    port = free_port()
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "quarry.cli", "serve", "--host", "127.0.0.1", "--port", str(port), *args],
            env={**env, "PORT": str(port)},
            stdout=out,
            stderr=subprocess.STDOUT,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + start_timeout_s
            while time.monotonic() < deadline:
                assert proc.poll() is None, log.read_text(errors="replace")[-3000:]
                try:
                    if get_json(base + "/healthz", timeout=5)[0] == 200:
                        break
                except OSError:
                    pass
                time.sleep(0.5)
            else:
                pytest.fail("server did not start:\n" + log.read_text(errors="replace")[-3000:])
            yield base
        finally:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
