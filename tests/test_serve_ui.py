"""`quarry serve` as a user starts it: every UI call through Gradio's queue answers.

With one uvicorn worker per core, Gradio's `queue/join` and `queue/data` landed in different
processes about half the time ("404 queue/data"); the UI now always runs in one process.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from .serving import served

pytestmark = pytest.mark.slow

CALLS = 6


@pytest.fixture
def server(db: None, tmp_path: Path) -> Iterator[str]:
    env = {**os.environ, "LLM_PROVIDER": "offline", "LABS_RATE_LIMIT_PER_MINUTE": "1000"}
    with served(env, tmp_path / "serve.log") as base:  # no --workers: what `quarry serve` does by default
        yield base


def test_every_ui_call_of_the_default_server_answers(server: str) -> None:
    from gradio_client import Client

    from quarry.auth.keys import create_key
    from quarry.db import get_database

    key = create_key(get_database(), "clinician", name="serve ui test")[1]
    client = Client(server, verbose=False)
    answers = [
        client.predict("average cholesterol by year", False, key, api_name="/labs_generate") for _ in range(CALLS)
    ]
    assert len(answers) == CALLS
    assert all("SELECT" in str(a[0]).upper() for a in answers)  # the validated SQL box, every time
