"""The CLI on a fresh state folder: the first `ask` of an app prepares its bundled data itself."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow


def test_first_labs_ask_prepares_the_bundled_data(tmp_path: Path) -> None:
    env = {**os.environ, "STATE_DIR": str(tmp_path / "state"), "LLM_PROVIDER": "offline"}
    env.pop("DATABASE_URL", None)
    proc = subprocess.run(
        [sys.executable, "-m", "quarry.cli", "labs", "ask", "ferritin results of all patients", "--json"],
        capture_output=True, env=env, timeout=600, check=False,
    )  # fmt: skip
    err = proc.stderr.decode()
    assert proc.returncode == 0, err[-2000:]
    assert "first use on this database" in err  # progress went to stderr, JSON alone to stdout
    resp = json.loads(proc.stdout)
    assert resp["status"] == "ok" and resp["row_count"] > 0
