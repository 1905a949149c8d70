"""`quarry serve` as a user starts it: every UI call through Gradio's queue answers.

With one uvicorn worker per core, Gradio's `queue/join` and `queue/data` landed in different
processes about half the time ("404 queue/data"); the UI now always runs in one process.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

CALLS = 6


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def served(db: None, tmp_path: Path) -> Iterator[str]:
    port = _free_port()
    env = {**os.environ, "LLM_PROVIDER": "offline", "LABS_RATE_LIMIT_PER_MINUTE": "1000"}
    log = (tmp_path / "serve.log").open("wb")
    proc = subprocess.Popen(
        [sys.executable, "-m", "quarry.cli", "serve", "--host", "127.0.0.1", "--port", str(port)],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            assert proc.poll() is None, (tmp_path / "serve.log").read_text()[-3000:]
            try:
                with urllib.request.urlopen(base + "/healthz", timeout=5) as r:
                    if r.status == 200:
                        break
            except OSError:
                time.sleep(0.5)
        else:
            pytest.fail("server did not start:\n" + (tmp_path / "serve.log").read_text()[-3000:])
        yield base
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def test_every_ui_call_of_the_default_server_answers(served: str) -> None:
    from gradio_client import Client

    client = Client(served, verbose=False)
    answers = [client.predict("average cholesterol by year", False, api_name="/labs_generate") for _ in range(CALLS)]
    assert len(answers) == CALLS
    assert all("SELECT" in str(a[0]).upper() for a in answers)  # the validated SQL box, every time
